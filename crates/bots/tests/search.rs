//! The bots on small positions where one choice is clearly best, and their
//! blindness to what they may not see.

mod common;
use common::Gate;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{from_spec, Bot, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{Actor, CardId, Form, Game, Observation, Phase, Position, School, View};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn bots() -> Vec<Box<dyn Bot>> {
    vec![
        Box::new(GreedyBot::new(1)),
        Box::new(MctsBot::new(MctsConfig { iterations: Some(300), ..MctsConfig::default() }, 1)),
        // no help from the greedy judgement at the root: the search alone
        Box::new(MctsBot::new(
            MctsConfig { iterations: Some(1500), prior: 0.0, widen: 0.0, ..MctsConfig::default() },
            2,
        )),
        from_spec("mcts:iterations=300,threads=2", 3).unwrap(),
        // a budget used up by judging the root still gets a few iterations
        from_spec("mcts:time=1ms", 4).unwrap(),
    ]
}

/// Plays the bot for the seat to act until the game ends or another seat
/// acts; chance from a seeded generator.
fn play_turn(g: &mut Game, bot: &mut dyn Bot) {
    let seat = g.turn().seat;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    loop {
        match g.actor() {
            Actor::Seat(s) if s == seat => {
                let c = bot.choose(&g.observe(s));
                g.act(c).unwrap();
            }
            Actor::Chance => {
                let v = g.legal_choices();
                g.act(v[rng.gen_range(0..v.len())]).unwrap();
            }
            _ => return,
        }
    }
}

/// Blue's last turn at 17 all, one action, a Titan pattern on the board and
/// the Titan in hand; red would win the tie on upgraded pieces. Summoning
/// the legend scores the winning point; anything else loses.
fn legend_wins() -> Game {
    let mut p = Position::duel("9/2r+r+2r+2/9/9/4b+4/4b+4/3bbb3/9/9").unwrap();
    p.seats[0].legends = vec![card("legends.titan")];
    p.seats[0].score = 17;
    p.seats[1].score = 17;
    p.actions = 1;
    p.end = Some((0, 0));
    p.to_game().unwrap()
}

#[test]
fn every_bot_summons_the_legend_that_wins() {
    let titan = "summon legends.titan e6 r0";
    let g = legend_wins();
    let legal: Vec<String> = g.legal_choices().iter().map(|c| c.to_string()).collect();
    assert!(legal.contains(&titan.to_string()), "{legal:?}");
    assert!(legal.len() > 50, "placing is the other way to play");
    // without the legend, red wins the tie
    let mut lost = g.clone();
    lost.act_text("place a5").unwrap();
    play_turn(&mut lost, &mut GreedyBot::new(0));
    assert_eq!(lost.outcome().and_then(|o| o.winner()), Some(1));
    for mut bot in bots() {
        let c = bot.choose(&g.observe(0));
        assert_eq!(c.to_string(), titan, "{}", bot.name());
        let mut after = g.clone();
        play_turn(&mut after, bot.as_mut());
        assert_eq!(after.outcome().and_then(|o| o.winner()), Some(0), "{}", bot.name());
    }
}

/// Blue at 16 with one action and a Champion pattern: the Champion may
/// destroy the red legendary piece next to it (2 points, crossing 18) or a
/// red common piece (nothing until a second one).
fn destroy_crosses_18() -> Game {
    let mut p = Position::duel("9/9/9/5r3/3bbr*3/3bb4/4b4/9/9").unwrap();
    p.seats[0].beings = vec![card("imperial.champion")];
    p.seats[0].score = 16;
    p.seats[1].score = 15;
    p.actions = 1;
    p.to_game().unwrap()
}

#[test]
fn every_bot_destroys_the_legendary_piece_to_cross_18() {
    let g = destroy_crosses_18();
    let summon = "summon imperial.champion e5 r0";
    assert!(g.legal_choices().iter().any(|c| c.to_string() == summon), "{:?}", g.legal_choices());
    for (i, mut bot) in bots().into_iter().enumerate() {
        let mut h = g.clone();
        let c = bot.choose(&h.observe(0));
        assert_eq!(c.to_string(), summon, "{} #{i}", bot.name());
        h.act(c).unwrap();
        let targets: Vec<String> = h.legal_choices().iter().map(|c| c.to_string()).collect();
        assert!(targets.contains(&"f6".to_string()) && targets.contains(&"f5".to_string()), "{targets:?}");
        let c = bot.choose(&h.observe(0));
        assert_eq!(c.to_string(), "f5", "{}", bot.name());
        h.act(c).unwrap();
        // the turn's destruction scores when the turn ends
        while h.actor() == Actor::Seat(0) {
            let c = bot.choose(&h.observe(0));
            h.act(c).unwrap();
        }
        assert_eq!(h.seat(0).score, 18, "{}", bot.name());
        assert_eq!(h.end_state().last, Some(0));
    }
}

/// A game after some random play, at the main phase of a turn.
fn midgame(form: Form, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(form, &[School::Highland, School::Sylvan]).unwrap();
    let stop = rng.gen_range(4..14);
    while !(g.turn().number >= stop && g.phase() == Phase::Main) {
        let v = g.legal_choices();
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
    }
    g
}

/// The same game with the other seat's hand traded for other cards of its
/// deck, and its legend for one still in the legend deck: the viewer cannot
/// tell the two apart.
fn other_hidden_cards(g: &Game, viewer: usize) -> Game {
    let mut p = Position::of(g).unwrap();
    let seat = &mut p.seats[1 - viewer];
    let hand = seat.beings.len();
    let mut pool: Vec<CardId> = seat.beings.drain(..).chain(seat.deck.cards()).collect();
    pool.rotate_left(hand);
    seat.beings = pool[..hand].to_vec();
    seat.deck = Pile::shuffled(pool[hand..].iter().copied());
    let theirs = p.legends.cards().next();
    if let (Some(mine), Some(theirs)) = (p.seats[1 - viewer].legends.first().copied(), theirs) {
        p.seats[1 - viewer].legends[0] = theirs;
        // the same card in the same part of the deck (the parts' sizes are public)
        for part in [&mut p.legends.top, &mut p.legends.shuffled, &mut p.legends.bottom] {
            for c in part.iter_mut() {
                if *c == theirs {
                    *c = mine;
                }
            }
        }
        p.legends.shuffled.sort();
    }
    p.to_game().unwrap()
}

#[test]
fn choices_do_not_depend_on_hidden_cards() {
    let mut differed = 0;
    // the two-player forms this test drives (melee and team play have their own random-game tests)
    for (i, form) in Form::ALL.into_iter().filter(|f| f.seats().contains(&2) && !f.teams()).enumerate() {
        for k in 0..3 {
            let g = midgame(form, 10 * i as u64 + k);
            let s = g.turn().seat;
            let h = other_hidden_cards(&g, s as usize);
            differed += (h != g) as usize;
            // (`h` is set up anew from a position: it has no events, a record of the past)
            let no_events = |v: View| View { events: Vec::new(), ..v };
            assert_eq!(no_events(g.view(s)), no_events(h.view(s)));
            for spec in ["greedy", "mcts:iterations=200", "mcts:iterations=200,threads=2"] {
                let a = from_spec(spec, 5).unwrap().choose(&g.observe(s));
                let b = from_spec(spec, 5).unwrap().choose(&h.observe(s));
                assert_eq!(a, b, "{spec} in {}", form.name());
                // and from the view alone, as an outside engine gets it
                let rebuilt = Observation::from_view(&h.view(s)).unwrap();
                assert_eq!(from_spec(spec, 5).unwrap().choose(&rebuilt), a, "{spec}");
            }
        }
    }
    assert!(differed >= 6, "the hidden cards must really differ ({differed})");
}

#[test]
fn every_bot_finishes_games_in_every_form_and_school() {
    use tash_kalar_bots::play_game;
    // the two-player forms this test drives (melee and team play have their own random-game tests)
    for (i, form) in Form::ALL.into_iter().filter(|f| f.seats().contains(&2) && !f.teams()).enumerate() {
        let schools = [
            [School::Northern, School::Sylvan],
            [School::Highland, School::Southern],
            [School::Sylvan, School::Highland],
        ][i];
        let mut players: [Box<dyn Bot>; 2] =
            [from_spec("greedy", i as u64).unwrap(), from_spec("mcts:iterations=30,threads=2", i as u64).unwrap()];
        let (g, _) = play_game(form, &schools, &mut players, i as u64).unwrap();
        let outcome = g.outcome().expect("a finished game");
        assert_eq!(outcome.places.len(), g.seat_count());
        let mut players: [Box<dyn Bot>; 2] = [from_spec("random", 1).unwrap(), from_spec("greedy", 2).unwrap()];
        let (g, _) = play_game(form, &[schools[1], schools[0]], &mut players, 7).unwrap();
        assert!(g.is_over());
    }
}

/// Team play: whole games of two against two, each seat's bot choosing from
/// the seat's view alone (as an outside engine gets it) and, in step, a twin
/// of the same bot from the game's own observation: the twins always agree.
/// Now and then the hidden cards are dealt anew, and the choice stays.
#[test]
fn bots_play_team_games_from_views_alone() {
    let specs = ["greedy", "mcts:iterations=20,playout=1", "random", "greedy"];
    let mut teammates_chose = 0;
    for (i, form) in [Form::TeamDuel, Form::TeamHighForm].into_iter().enumerate() {
        let schools = [[School::Northern, School::Sylvan, School::Highland, School::Southern], School::BASE][i];
        let mut from_views: Vec<Box<dyn Bot>> = specs.iter().map(|s| from_spec(s, 3).unwrap()).collect();
        let mut twins: Vec<Box<dyn Bot>> = specs.iter().map(|s| from_spec(s, 3).unwrap()).collect();
        let mut g = Game::new(form, &schools).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let (mut choices, mut by_teammate, mut redealt) = (0, 0, 0);
        while !g.is_over() {
            let s = match g.actor() {
                Actor::Seat(s) => s,
                _ => {
                    let v = g.legal_choices();
                    g.act(v[rng.gen_range(0..v.len())]).unwrap();
                    continue;
                }
            };
            let rebuilt = Observation::from_view(&g.view(s)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(rebuilt, g.observe(s));
            let c = from_views[s as usize].choose(&rebuilt);
            assert_eq!(twins[s as usize].choose(&g.observe(s)), c, "{} in {}", specs[s as usize], form.name());
            if choices % 25 == 0 {
                // the same view with the other seats' cards dealt another way
                let mut k = 0usize;
                let h = g.determinize(s, &mut |cards| {
                    k += 1;
                    cards.rotate_left(k % cards.len().max(1));
                });
                redealt += (h != g) as usize;
                assert_eq!(h.view(s), g.view(s));
                let spec = specs[s as usize];
                let a = from_spec(spec, 5).unwrap().choose(&g.observe(s));
                assert_eq!(from_spec(spec, 5).unwrap().choose(&h.observe(s)), a, "{spec}");
                assert_eq!(from_spec(spec, 5).unwrap().choose(&Observation::from_view(&h.view(s)).unwrap()), a);
            }
            by_teammate += (s != g.turn().seat) as usize;
            g.act(c).unwrap();
            choices += 1;
            assert!(choices < 5000, "the game goes on");
        }
        let o = g.outcome().unwrap();
        assert_eq!((o.places[0], o.places[1]), (o.places[2], o.places[3]), "teammates share their place");
        assert!(redealt > 3, "hidden cards dealt anew ({redealt})");
        teammates_chose += by_teammate;
    }
    // random play passes control now and then (whether it does in a given
    // game depends on the other bots' play: counted over both games)
    assert!(teammates_chose > 0, "no teammate ever chose");
}
