//! The bots in the forms of more than two seats: melee positions where one
//! choice is clearly best, the evaluation of a melee player's lowest color,
//! of its best opponent, and of a team's shared score, and whole games.
//!
//! Seat 0 is Blue (Northern), seat 1 Red (Southern), seat 2 Green (Sylvan)
//! and in a melee of four seat 3 Brown (Highland).

mod common;
use common::Gate;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::eval::{evaluate, evaluate_with, melee_points, Weights, WIN};
use tash_kalar_bots::play_game;
use tash_kalar_bots::{from_spec, Bot, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::board::Color;
use tash_kalar_rules::{Actor, CardId, Form, Game, Position, School};

const THREE: [School; 3] = [School::Northern, School::Southern, School::Sylvan];
const FOUR: [School; 4] = [School::Northern, School::Southern, School::Sylvan, School::Highland];

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn bots() -> Vec<Box<dyn Bot>> {
    vec![
        Box::new(GreedyBot::new(1)),
        Box::new(GreedyBot::new(2)),
        Box::new(MctsBot::new(MctsConfig { iterations: Some(300), ..MctsConfig::default() }, 1)),
        from_spec("mcts:iterations=300,threads=2", 3).unwrap(),
    ]
}

/// Blue to act with one action and a Champion pattern at e5, next to a red
/// heroic piece (f5) and a green one (f6); `points` are each seat's points
/// in the others' colors (by `Color::index`).
fn champion(points: [[i16; tash_kalar_rules::COLORS]; 3]) -> Game {
    let mut p = Position::with_schools(Form::Melee, "9/9/9/5g+3/3bbr+3/3bb4/4b4/9/9", &THREE).unwrap();
    p.seats[0].beings = vec![card("imperial.champion")];
    for (s, pts) in points.into_iter().enumerate() {
        p.seats[s].points = pts;
    }
    p.actions = 1;
    p.to_game().unwrap()
}

/// Points by color: blue, red, green, brown (the order of `Color::index`).
fn pts(pairs: &[(Color, i16)]) -> [i16; tash_kalar_rules::COLORS] {
    let mut out = [0; tash_kalar_rules::COLORS];
    for &(c, p) in pairs {
        out[c.index()] = p;
    }
    out
}

/// The game after Blue summons the Champion: it may now destroy f5 (red)
/// or f6 (green).
fn targets(g: &Game) -> Game {
    let mut h = g.clone();
    h.act_text("summon imperial.champion e5 r0").unwrap();
    let legal: Vec<String> = h.legal_choices().iter().map(|c| c.to_string()).collect();
    assert!(legal.contains(&"f5".to_string()) && legal.contains(&"f6".to_string()), "{legal:?}");
    h
}

#[test]
fn a_melee_player_raises_its_lowest_color() {
    use Color::*;
    // Blue has 5 in red and 2 in green (its score is 2); the others are alike
    let g = champion([pts(&[(Red, 5), (Green, 2)]), pts(&[(Blue, 3), (Green, 3)]), pts(&[(Blue, 3), (Red, 3)])]);
    assert_eq!(g.seat(0).score, 2);
    let h = targets(&g);
    // destroying the green heroic piece scores in green, the lowest color
    let after = |target: &str| {
        let mut a = h.clone();
        a.act_text(target).unwrap();
        a
    };
    let (green, red) = (after("f6"), after("f5"));
    assert_eq!(melee_points(&green, 0).iter().find(|p| p.0 == Green).unwrap().1, 3.0);
    assert!(evaluate(&green, 0) > evaluate(&red, 0) + 0.5, "{} vs {}", evaluate(&green, 0), evaluate(&red, 0));
    for mut bot in bots() {
        let c = bot.choose(&h.observe(0));
        assert_eq!(c.to_string(), "f6", "{}", bot.name());
    }
    // from the start of the turn, and on to its end: the point is scored in green
    for mut bot in bots() {
        let mut t = g.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        while t.turn().seat == 0 && !t.is_over() {
            match t.actor() {
                Actor::Seat(0) => {
                    let c = bot.choose(&t.observe(0));
                    t.act(c).unwrap();
                }
                _ => {
                    let v = t.legal_choices();
                    t.act(v[rng.gen_range(0..v.len())]).unwrap();
                }
            }
        }
        assert_eq!((t.points(0, Green), t.points(0, Red), t.seat(0).score), (3, 5, 3), "{}", bot.name());
    }
}

#[test]
fn a_melee_player_destroys_the_leaders_piece() {
    use Color::*;
    // Blue is even in red and green; Red leads with 8 in each color, Green trails
    let g = champion([pts(&[(Red, 3), (Green, 3)]), pts(&[(Blue, 8), (Green, 8)]), pts(&[(Blue, 1), (Red, 1)])]);
    let h = targets(&g);
    let mut red = h.clone();
    red.act_text("f5").unwrap();
    let mut green = h.clone();
    green.act_text("f6").unwrap();
    // the points are alike either way; the leader's loss is worth more
    assert_eq!(melee_points(&red, 0).iter().map(|p| p.1).sum::<f64>(), 7.0);
    assert_eq!(melee_points(&green, 0).iter().map(|p| p.1).sum::<f64>(), 7.0);
    assert!(evaluate(&red, 0) > evaluate(&green, 0) + 0.3, "{} vs {}", evaluate(&red, 0), evaluate(&green, 0));
    // against the mean of the opponents alone it would be all the same
    let mean_only = Weights { leader: 0.0, ..Weights::default() };
    assert!((evaluate_with(&red, 0, &mean_only) - evaluate_with(&green, 0, &mean_only)).abs() < 1e-9);
    for mut bot in bots() {
        let c = bot.choose(&h.observe(0));
        assert_eq!(c.to_string(), "f5", "{}", bot.name());
    }
}

#[test]
fn the_turns_destruction_counts_in_its_colors_before_the_turn_ends() {
    use Color::*;
    let mut p = Position::with_schools(Form::Melee, "9/9/9/9/4b4/9/9/9/9", &FOUR).unwrap();
    p.seats[0].points = pts(&[(Red, 2), (Green, 4), (Brown, 6)]);
    // this turn: 2 red commons, a green common and a brown common (unpaired in
    // two or more colors: one more point, to the lowest of them), a brown heroic
    p.this_turn.destroyed[Red.index()] = [2, 0, 0];
    p.this_turn.destroyed[Green.index()] = [1, 0, 0];
    p.this_turn.destroyed[Brown.index()] = [1, 1, 0];
    let g = p.to_game().unwrap();
    let points = melee_points(&g, 0);
    let of = |c: Color| points.iter().find(|p| p.0 == c).unwrap().1;
    assert_eq!((of(Red), of(Green), of(Brown)), (3.0, 5.0, 7.0));
    // only the active seat has points to come
    assert!(melee_points(&g, 1).iter().all(|p| p.1 == 0.0));
    // Blue's worth: its lowest color up by 1 (2 to 3), the mean of its colors
    // by 1 (4 to 5), so its value by 1
    let mut before = p.clone();
    before.this_turn.destroyed = [[0; 3]; tash_kalar_rules::COLORS];
    let before = before.to_game().unwrap();
    let gain = evaluate(&g, 0) - evaluate(&before, 0);
    assert!((gain - 1.0).abs() < 1e-9, "{gain}");
    // raising the highest color alone is worth only its share of the mean
    let mut high = before.clone();
    let mut q = tash_kalar_rules::Position::of(&high).unwrap();
    q.this_turn.destroyed[Brown.index()] = [0, 1, 0];
    high = q.to_game().unwrap();
    let w = Weights::default();
    assert!((evaluate(&high, 0) - evaluate(&before, 0) - w.melee_mean / 3.0).abs() < 1e-9);
}

#[test]
fn teammates_share_their_score_and_the_turns_points() {
    // team duel: Blue (seats 0 and 2) against Red (1 and 3); seat 0 has
    // destroyed a red heroic piece this turn
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let mut p = Position::with_schools(Form::TeamDuel, "9/9/9/9/4b4/3r5/9/9/9", &schools).unwrap();
    for s in 0..4 {
        p.seats[s].score = if s % 2 == 0 { 10 } else { 12 };
    }
    p.this_turn.destroyed[Color::Red.index()] = [0, 1, 0];
    let g = p.to_game().unwrap();
    // both teammates see the same game, and the point to come
    let v = [0, 1, 2, 3].map(|s| evaluate(&g, s));
    assert!((v[0] - v[2]).abs() < 1e-9 && (v[1] - v[3]).abs() < 1e-9, "{v:?}");
    assert!((v[0] + v[1]).abs() < 1e-9, "{v:?}");
    let mut without = p.clone();
    without.this_turn.destroyed = [[0; 3]; tash_kalar_rules::COLORS];
    let w = without.to_game().unwrap();
    assert!((evaluate(&g, 2) - evaluate(&w, 2) - 1.0).abs() < 1e-9);
}

/// Plays a game between random players to the end.
fn random_game(form: Form, schools: &[School], seed: u64) -> Game {
    let mut players: Vec<Box<dyn Bot>> =
        (0..schools.len()).map(|s| from_spec("random", seed + s as u64).unwrap()).collect();
    play_game(form, schools, &mut players, seed).unwrap().0
}

#[test]
fn a_finished_game_is_valued_by_places_against_each_opposing_side() {
    // team play: both winners +WIN, both losers -WIN (a teammate is no opponent)
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let g = random_game(Form::TeamDuel, &schools, 3);
    let places = &g.outcome().unwrap().places;
    for s in 0..4u8 {
        let expected = match places[s as usize].cmp(&places[((s + 1) % 4) as usize]) {
            std::cmp::Ordering::Less => WIN,
            std::cmp::Ordering::Equal => 0.0,
            std::cmp::Ordering::Greater => -WIN,
        };
        assert_eq!(evaluate(&g, s), expected, "seat {s}, places {places:?}");
    }
    // a melee: first alone +WIN, last alone -WIN, in between less than even
    // (the best opponent counts for half)
    for seed in 0..3 {
        let g = random_game(Form::Melee, &THREE, seed);
        let places = g.outcome().unwrap().places.clone();
        for s in 0..3u8 {
            let mine = places[s as usize];
            let ahead = places.iter().filter(|&&p| p < mine).count();
            let behind = places.iter().filter(|&&p| p > mine).count();
            let v = evaluate(&g, s);
            match (ahead, behind) {
                (0, 2) => assert_eq!(v, WIN),
                (2, 0) => assert_eq!(v, -WIN),
                (1, 1) => assert_eq!(v, -WIN / 2.0),
                _ => assert!(v.abs() < WIN, "{places:?}"),
            }
        }
    }
}

#[test]
fn every_bot_finishes_melee_and_team_games() {
    for (form, schools) in [
        (Form::Melee, &THREE[..]),
        (Form::Melee, &FOUR[..]),
        (Form::TeamDuel, &[School::Sylvan, School::Highland, School::Southern, School::Northern][..]),
        (Form::TeamHighForm, &[School::Highland, School::Northern, School::Sylvan, School::Southern][..]),
    ] {
        let mut players: Vec<Box<dyn Bot>> = (0..schools.len())
            .map(|s| from_spec(if s % 2 == 0 { "greedy" } else { "mcts:iterations=20" }, s as u64).unwrap())
            .collect();
        let (g, choices) = play_game(form, schools, &mut players, 11).unwrap();
        let outcome = g.outcome().expect("a finished game");
        assert_eq!(outcome.places.len(), schools.len());
        assert!(choices > 10);
        assert!(g.seats().iter().all(|s| s.score >= 0));
    }
}
