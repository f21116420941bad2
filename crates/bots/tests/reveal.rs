//! What the opponent's play reveals ([`tash_kalar_bots::reveal`]): a seat
//! that could have summoned a being for a clear gain and placed instead is
//! dealt that being less often; the beliefs and the dealing see nothing the
//! bot may not (two games that differ only in the opponent's hand give the
//! same); uniform beliefs deal as `determinize` does; odd inputs do not
//! panic.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::reveal::{arrange_weighted, Beliefs, Reveal, FLOOR, MISSED};
use tash_kalar_bots::{Bot, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{Actor, CardId, Choice, Form, Game, Observation, Position, School, Seat, UnseenHand};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn imperial(names: &[&str]) -> Vec<CardId> {
    names.iter().map(|n| card(&format!("imperial.{n}"))).collect()
}

/// Blue (to act, one action) has a legendary piece on f5, and red's
/// Champion pattern (d5 d4 e4 e3) would summon it on e5 to destroy it (2
/// points for red; `tests/replies.rs`'s position). Red's real hand is
/// `red_hand`, the rest of its beings in its deck.
fn threatened(red_hand: &str) -> Game {
    let mut p = Position::duel("9/9/9/9/3r1b*3/1b1rr4/1bb1rb3/2b2bbr+1/6b2").unwrap();
    p.seats[0].beings = imperial(&["knight"]);
    p.seats[0].deck = Pile::shuffled(imperial(&["bomb", "herald", "messenger", "summoner"]));
    let red = ["champion", "knight", "bomb", "herald", "messenger"];
    p.seats[1].beings = imperial(&[red_hand]);
    p.seats[1].deck = Pile::shuffled(imperial(&red.iter().copied().filter(|&c| c != red_hand).collect::<Vec<_>>()));
    p.actions = 1;
    p.to_game().unwrap()
}

/// A place on the board's top row (far from every pattern there).
fn quiet_place(g: &Game) -> Choice {
    *g.legal_choices()
        .iter()
        .rfind(|c| matches!(c, Choice::Place(s) if s.to_string().ends_with('9')))
        .expect("a place on the top row")
}

/// Plays chance steps by their first choice until a seat acts.
fn through_chance(g: &mut Game) {
    while g.actor() == Actor::Chance {
        let c = g.legal_choices()[0];
        g.apply_unchecked(c);
    }
}

/// Blue places quietly and ends its turn, telling its reveal each choice.
fn blue_places(g: &mut Game, reveal: &mut Reveal) {
    for c in [quiet_place(g), Choice::EndTurn] {
        reveal.after_choice(&g.observe(0), c);
        g.apply_unchecked(c);
    }
    through_chance(g);
    assert_eq!(g.actor(), Actor::Seat(1));
}

/// Blue places quietly; red, to act, places twice (quietly) instead of
/// summoning; blue's reveal reads red's turn. Returns blue's reveal and
/// the game at blue's next decision.
fn red_places_instead(red_hand: &str) -> (Reveal, Game) {
    let mut g = threatened(red_hand);
    let mut reveal = Reveal::default();
    blue_places(&mut g, &mut reveal);
    for _ in 0..2 {
        let c = quiet_place(&g);
        g.apply_unchecked(c);
    }
    g.apply_unchecked(Choice::EndTurn);
    through_chance(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0), "blue's turn again");
    reveal.before_decision(&g.observe(0), &Default::default(), &Default::default());
    (reveal, g)
}

fn red_holds(g: &Game, c: CardId) -> bool {
    g.seat(1).beings.contains(&c)
}

#[test]
fn a_seat_that_placed_instead_of_a_winning_summon_is_dealt_that_being_less_often() {
    let champion = card("imperial.champion");
    let (reveal, g) = red_places_instead("knight");
    let beliefs = reveal.beliefs();
    assert!((beliefs.weight(1, champion) - MISSED).abs() < 1e-9, "the Champion's weight: {:?}", beliefs.weights());
    // no card of blue's own, and only red's unseen beings
    assert!(beliefs.weights().iter().all(|w| w.0 == 1 && w.2 >= FLOOR && w.2 < 1.0));
    // dealings: the Champion in red's hand less often than by a uniform deal
    let obs = g.observe(0);
    let n = 3000;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let weighted = (0..n).filter(|_| red_holds(&beliefs.deal(&obs, &mut rng), champion)).count();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let uniform = (0..n)
        .filter(|_| {
            use rand::seq::SliceRandom;
            red_holds(&obs.determinize(&mut |s| s.shuffle(&mut rng)), champion)
        })
        .count();
    // red holds 3 of 5 unseen beings after its refill: 60% uniform; with
    // the weight 0.5, 3 of the 4.5 weight in turn: about 46%
    assert!(uniform > n * 55 / 100 && uniform < n * 65 / 100, "{uniform} of {n}");
    assert!(weighted * 100 < uniform * 85, "weighted {weighted}, uniform {uniform} of {n}");
    assert!(weighted > 0, "never zero: a belief, not a proof");
}

#[test]
fn the_beliefs_and_the_dealing_do_not_depend_on_the_opponents_real_hand() {
    // red really holds the Knight, or the Bomb: blue sees the same
    let (a, ga) = red_places_instead("knight");
    let (b, gb) = red_places_instead("bomb");
    assert_ne!(ga.seat(1).beings, gb.seat(1).beings, "the real hands differ");
    assert_eq!(ga.observe(0), gb.observe(0));
    assert_eq!(a.beliefs(), b.beliefs());
    assert!(!a.beliefs().is_uniform(), "some evidence was read");
    for seed in 0..20 {
        let deal_a = a.beliefs().deal(&ga.observe(0), &mut ChaCha8Rng::seed_from_u64(seed));
        let deal_b = b.beliefs().deal(&gb.observe(0), &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(deal_a, deal_b, "seed {seed}");
    }
}

#[test]
fn a_seat_that_summoned_the_being_is_not_suspected_of_lacking_it() {
    let champion = card("imperial.champion");
    let mut g = threatened("champion");
    let mut reveal = Reveal::default();
    blue_places(&mut g, &mut reveal);
    // red summons its Champion, the effect played out by the greedy bot
    let summon = *g
        .legal_choices()
        .iter()
        .find(|c| matches!(c, Choice::Summon { card, .. } if *card == champion))
        .expect("red can summon the Champion");
    g.apply_unchecked(summon);
    let mut greedy = GreedyBot::new(1);
    let mut guard = 0;
    while g.actor() != Actor::Seat(0) && !g.is_over() && guard < 100 {
        let c = match g.actor() {
            Actor::Chance => g.legal_choices()[0],
            _ => greedy.choose(&g.observe(1)),
        };
        g.apply_unchecked(c);
        guard += 1;
    }
    assert_eq!(g.actor(), Actor::Seat(0));
    reveal.before_decision(&g.observe(0), &Default::default(), &Default::default());
    assert_eq!(reveal.beliefs().weight(1, champion), 1.0, "{:?}", reveal.beliefs().weights());
}

/// Counts, over many dealings, how often each card lands in seat 1's beings.
fn counts(n: usize, mut deal: impl FnMut() -> Game, cards: &[CardId]) -> Vec<usize> {
    let mut k = vec![0; cards.len()];
    for _ in 0..n {
        let g = deal();
        for (i, c) in cards.iter().enumerate() {
            k[i] += g.seat(1).beings.contains(c) as usize + g.seat(1).legends.contains(c) as usize;
        }
    }
    k
}

/// A game played some turns by greedy bots (hands, decks and the shared
/// legend deck all partly hidden from seat 0).
fn midgame(seed: u64) -> Game {
    let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    let mut greedy = GreedyBot::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    tash_kalar_bots::play_until_turn(&mut g, &mut greedy, 6, &mut rng);
    g
}

#[test]
fn uniform_beliefs_deal_each_unseen_card_as_often_as_determinize() {
    use rand::seq::SliceRandom;
    for seed in [1, 2] {
        let g = midgame(seed);
        let obs = g.observe(0);
        let s = obs.game().seat(1);
        let beings: Vec<CardId> =
            s.beings.iter().chain(s.deck.top.iter()).chain(&s.deck.shuffled).chain(&s.deck.bottom).copied().collect();
        let legends: Vec<CardId> = s
            .legends
            .iter()
            .chain(&obs.game().legend_pile().shuffled)
            .chain(&obs.game().legend_pile().top)
            .chain(&obs.game().legend_pile().bottom)
            .copied()
            .collect();
        let n = 4000;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let uniform = Beliefs::default();
        for (pool, hand) in [(&beings, s.beings.len()), (&legends, s.legends.len())] {
            let by_beliefs = counts(n, || uniform.deal(&obs, &mut rng), pool);
            let mut rng2 = ChaCha8Rng::seed_from_u64(seed + 100);
            let by_shuffle = counts(n, || obs.determinize(&mut |c| c.shuffle(&mut rng2)), pool);
            // each card in the hand with chance hand/pool, both ways (within
            // five standard deviations of a binomial count)
            let p = hand as f64 / pool.len() as f64;
            let sd = (n as f64 * p * (1.0 - p)).sqrt();
            for (i, c) in pool.iter().enumerate() {
                for (how, k) in [("beliefs", by_beliefs[i]), ("determinize", by_shuffle[i])] {
                    let off = (k as f64 - n as f64 * p).abs();
                    assert!(
                        off <= 5.0 * sd + 1.0,
                        "seed {seed}, {c} by {how}: {k} of {n}, expected {:.0}",
                        n as f64 * p
                    );
                }
            }
        }
    }
}

#[test]
fn weighted_arrangement_draws_in_proportion_and_keeps_the_pool() {
    let pool: Vec<CardId> = imperial(&["champion", "knight", "bomb", "herald", "messenger"]);
    let champion = pool[0];
    let weight = |_: Seat, c: CardId| if c == champion { 0.25 } else { 1.0 };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let n = 20000;
    let mut first = 0;
    for _ in 0..n {
        let mut p = pool.clone();
        arrange_weighted(&mut p, &[UnseenHand { seat: 1, cards: 1 }], &weight, &mut rng);
        let mut sorted = p.clone();
        sorted.sort();
        let mut orig = pool.clone();
        orig.sort();
        assert_eq!(sorted, orig, "the same cards, in some order");
        first += (p[0] == champion) as usize;
    }
    // 0.25 / 4.25 of the draws
    let expected = n as f64 * 0.25 / 4.25;
    let sd = (expected * (1.0 - 0.25 / 4.25)).sqrt();
    assert!((first as f64 - expected).abs() < 5.0 * sd, "{first} of {n}, expected {expected:.0}");
    // equal weights: each card in a hand of two from five with chance 2/5
    let mut held = vec![0usize; pool.len()];
    for _ in 0..n {
        let mut p = pool.clone();
        arrange_weighted(&mut p, &[UnseenHand { seat: 1, cards: 2 }], &|_, _| 0.7, &mut rng);
        for (k, c) in pool.iter().enumerate() {
            held[k] += p[..2].contains(c) as usize;
        }
    }
    let sd = (n as f64 * 0.4 * 0.6).sqrt();
    for (k, &h) in held.iter().enumerate() {
        assert!((h as f64 - n as f64 * 0.4).abs() < 5.0 * sd, "{}: {h} of {n}", pool[k]);
    }
}

#[test]
fn odd_inputs_do_not_panic_and_weights_never_reach_zero() {
    let pool: Vec<CardId> = imperial(&["champion", "knight", "bomb"]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // weights that are not numbers above zero, hands larger than the pool
    for w in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let mut p = pool.clone();
        arrange_weighted(
            &mut p,
            &[UnseenHand { seat: 1, cards: 2 }, UnseenHand { seat: 2, cards: 5 }],
            &|_, _| w,
            &mut rng,
        );
        assert_eq!(p.len(), 3);
    }
    let mut empty: Vec<CardId> = Vec::new();
    arrange_weighted(&mut empty, &[UnseenHand { seat: 1, cards: 3 }], &|_, _| 1.0, &mut rng);
    // lowering: never below the floor nor above 1, never raised, a bad value ignored
    let mut b = Beliefs::default();
    b.lower(1, pool[0], MISSED);
    b.lower(1, pool[0], MISSED);
    assert_eq!(b.weight(1, pool[0]), MISSED, "a second miss tells no more");
    b.lower(1, pool[0], 0.9);
    assert_eq!(b.weight(1, pool[0]), MISSED, "never raised");
    b.lower(1, pool[0], f64::NAN);
    assert_eq!(b.weight(1, pool[0]), MISSED);
    for bad in [0.0, -3.0, f64::NEG_INFINITY] {
        b.lower(1, pool[1], bad);
        assert_eq!(b.weight(1, pool[1]), FLOOR, "never zero");
    }
    b.lower(1, pool[2], 50.0);
    assert_eq!(b.weight(1, pool[2]), 1.0);
    assert_eq!(b.weights().len(), 2, "only weights below 1 are kept");
    // a reveal fed out of order, an illegal choice, observations of unrelated games
    let mut r = Reveal::default();
    let g = threatened("knight");
    r.before_decision(&g.observe(0), &Default::default(), &Default::default());
    r.after_choice(&g.observe(0), Choice::Done);
    r.after_choice(&g.observe(0), quiet_place(&g));
    let other = midgame(4);
    r.before_decision(&other.observe(0), &Default::default(), &Default::default());
    r.before_decision(&other.observe(1), &Default::default(), &Default::default());
    assert!(r.beliefs().weights().iter().all(|w| w.2 >= FLOOR));
}

#[test]
fn the_search_with_reveal_plays_legal_games_to_the_end() {
    // both seats reading each other, a whole game at a small budget
    let config = MctsConfig { iterations: Some(60), reveal: true, ..MctsConfig::default() };
    let mut bots = [MctsBot::new(config.clone(), 1), MctsBot::new(config, 2)];
    let mut g = Game::new(Form::Duel, &[School::Highland, School::Sylvan]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut steps = 0;
    // decisions taken with some evidence read, by seat
    let mut informed = [0, 0];
    while !g.is_over() && steps < 3000 {
        let c = match g.actor() {
            Actor::Seat(s) => {
                let obs: Observation = g.observe(s);
                let c = bots[s as usize].choose(&obs);
                let beliefs = bots[s as usize].beliefs();
                informed[s as usize] += !beliefs.is_uniform() as usize;
                // only the other seat's cards, never zero
                assert!(beliefs.weights().iter().all(|w| w.0 != s && w.2 >= FLOOR && w.2 < 1.0));
                c
            }
            _ => {
                use rand::Rng;
                let v = g.legal_choices();
                v[rng.gen_range(0..v.len())]
            }
        };
        assert!(g.legal_choices().contains(&c), "{c}");
        g.apply_unchecked(c);
        steps += 1;
    }
    assert!(g.is_over(), "the game ended in {steps} steps");
    assert!(informed.iter().sum::<usize>() > 0, "some evidence read in a whole game");
}

#[test]
fn the_spec_option_reads_and_writes_reveal() {
    use tash_kalar_bots::BotSpec;
    let BotSpec::Mcts(c) = "mcts:reveal=1".parse::<BotSpec>().unwrap() else { panic!("an mcts spec") };
    assert!(c.reveal && !MctsConfig::default().reveal);
    assert_eq!(BotSpec::Mcts(c).to_string(), "mcts:reveal=1");
    assert_eq!("mcts:reveal=0".parse::<BotSpec>().unwrap().to_string(), "mcts");
    assert!("mcts:reveal=2".parse::<BotSpec>().is_err());
    assert!("mcts-v2:reveal=1".parse::<BotSpec>().is_err());
}
