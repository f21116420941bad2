//! A short match between two bots, seats and schools rotated, using only the
//! bots and rules crates:
//! `cargo run --release -p tash-kalar-bots --example head_to_head A B [games] [form] [seed] [jobs] [schools]`
//! where a bot is a bot spec (`easy`, `medium`, `random`, `greedy:noise=1`,
//! `mcts:iterations=500,playout_noise=0.5`, `mcts-v1:iterations=1000`, see
//! the `spec` module), or in the short form of earlier measurements
//! `mcts:ITERATIONS` (the new search, with settings after another colon,
//! see `make`) or `mcts_v1:ITERATIONS` (the old one); a form is `duel` (the default),
//! `high-form`, `first-game` or `melee` (of three). Seats and schools rotate
//! (see `table`): in two-seat forms 24 games cover every pairing of schools,
//! seat and school once each way; in the melee 24 games cover both tables,
//! every seat and every set of three schools. Prints A's wins, partial
//! results and losses (in a melee a game's result is A's pairwise score
//! against B's seats), its score with a 95% (Wilson) interval over games,
//! and the discard actions a game of a seat of each bot. With `schools`
//! `all` the two-seat forms deal all seven schools (84 games cover every
//! pairing, seat and school once each way) instead of the four base ones.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::mcts_v1::{MctsV1Bot, MctsV1Config};
use tash_kalar_bots::{Bot, BotSpec, GreedyBot, MctsBot, MctsConfig, RandomBot};
use tash_kalar_rules::{Actor, Choice, Form, Game, School};

/// A bot from `NAME[:ITERATIONS[:KEY=VALUE,...]]`; the new search takes the
/// keys `playout` (turns past one round), `widen_inner`, `noise` (playout),
/// `lead` and `c` (exploration), for quick comparisons of its settings.
fn make(spec: &str, seed: u64) -> Box<dyn Bot> {
    if let Ok(spec) = spec.parse::<BotSpec>() {
        return spec.build(seed);
    }
    let mut parts = spec.splitn(3, ':');
    let name = parts.next().expect("a name");
    let iterations: u32 = parts.next().unwrap_or("1000").parse().expect("iterations");
    let options = parts.next().unwrap_or("");
    match name {
        "random" => Box::new(RandomBot::new(seed)),
        "greedy" => Box::new(GreedyBot::new(seed)),
        "mcts" => {
            let mut c = MctsConfig { iterations: Some(iterations), ..MctsConfig::default() };
            for o in options.split(',').filter(|o| !o.is_empty()) {
                let (k, v) = o.split_once('=').expect("key=value");
                let x: f64 = v.parse().expect("a number");
                match k {
                    "playout" => c.playout_turns = x as u16,
                    "widen_inner" => c.widen_inner = x,
                    "noise" => c.playout_noise = x,
                    "lead" => c.end.lead = x,
                    "c" => c.exploration = x,
                    _ => panic!("unknown option {k}"),
                }
            }
            Box::new(MctsBot::new(c, seed))
        }
        "mcts_v1" => {
            Box::new(MctsV1Bot::new(MctsV1Config { iterations: Some(iterations), ..MctsV1Config::default() }, seed))
        }
        other => panic!("unknown bot {other}"),
    }
}

/// Who sits where in game `i` and with which schools: in two-seat forms the
/// `i / 2 % 6`-th pairing of schools, A first when `i` is even, the schools
/// swapped every 12 games; in a melee of three the table `A B B` (even `i`)
/// or `A A B` (odd), turned by `i / 2 % 3` seats, over the four sets of
/// three schools (`i / 6 % 4`).
fn table(form: Form, i: usize, all: bool) -> (Vec<bool>, Vec<School>) {
    if form.is_melee() {
        let mut a_seats = if i.is_multiple_of(2) { vec![true, false, false] } else { vec![true, true, false] };
        a_seats.rotate_right(i / 2 % 3);
        let skip = i / 6 % 4;
        let schools = School::BASE.iter().enumerate().filter(|&(k, _)| k != skip).map(|(_, &s)| s).collect();
        return (a_seats, schools);
    }
    let count = if all { School::ALL.len() } else { School::BASE.len() };
    let pairs: Vec<(usize, usize)> = (0..count).flat_map(|x| (x + 1..count).map(move |y| (x, y))).collect();
    let (x, y) = pairs[i / 2 % pairs.len()];
    let mut schools = vec![School::ALL[x], School::ALL[y]];
    if i / (2 * pairs.len()) % 2 == 1 {
        schools.swap(0, 1);
    }
    (if i.is_multiple_of(2) { vec![true, false] } else { vec![false, true] }, schools)
}

/// One game: A's pairwise score against B's seats (1 placed ahead, ½ level,
/// 0 behind; its mean), the discards a seat of A and of B made, the turns,
/// and in a melee at a table of one A whether A was placed first alone.
fn play(a: &str, b: &str, form: Form, i: usize, seed: u64, all: bool) -> (f64, f64, f64, u16, Option<bool>) {
    let (a_seats, schools) = table(form, i, all);
    let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
    let mut bots: Vec<Box<dyn Bot>> =
        a_seats.iter().enumerate().map(|(k, &is_a)| make(if is_a { a } else { b }, game_seed + k as u64)).collect();
    let mut g = Game::new(form, &schools).expect("a game");
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    let mut discards = vec![0u32; a_seats.len()];
    let mut steps = 0;
    while !g.is_over() {
        let c = match g.actor() {
            Actor::Seat(s) => {
                let c = bots[s as usize].choose(&g.observe(s));
                if matches!(c, Choice::Discard(_)) {
                    discards[s as usize] += 1;
                }
                c
            }
            _ => {
                let v = g.legal_choices();
                v[rng.gen_range(0..v.len())]
            }
        };
        // self-play: a bot's choice is checked for legality, then applied
        assert!(g.is_legal(c), "{c} is not a legal choice");
        g.apply_unchecked(c);
        steps += 1;
        assert!(steps < 20_000, "the game goes on");
    }
    let places = &g.outcome().expect("over").places;
    let (mut score, mut pairs) = (0.0, 0);
    for (x, &xa) in a_seats.iter().enumerate() {
        for (y, &ya) in a_seats.iter().enumerate() {
            if xa && !ya {
                score += match places[x].cmp(&places[y]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                pairs += 1;
            }
        }
    }
    let mean = |want: bool| {
        let d: Vec<u32> = a_seats.iter().zip(&discards).filter(|s| *s.0 == want).map(|s| *s.1).collect();
        d.iter().sum::<u32>() as f64 / d.len() as f64
    };
    let lone_a = (a_seats.len() > 2 && a_seats.iter().filter(|&&x| x).count() == 1).then(|| {
        let x = a_seats.iter().position(|&x| x).expect("an A seat");
        places.iter().enumerate().all(|(y, &p)| y == x || p > places[x])
    });
    (score / pairs as f64, mean(true), mean(false), g.turn().number, lone_a)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = args.get(1).cloned().unwrap_or("mcts:1000".into());
    let b = args.get(2).cloned().unwrap_or("mcts_v1:1000".into());
    let games: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(24);
    let form = args.get(4).map_or(Form::Duel, |f| Form::parse(f).expect("a form (duel, high-form, first-game, melee)"));
    let seed: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    let jobs: usize = args.get(6).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let all = args.get(7).is_some_and(|s| s == "all");
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games {
                    break;
                }
                let r = play(&a, &b, form, i, seed, all);
                eprintln!("game {i}: {a} scored {} ({} turns, discards {} / {})", r.0, r.3, r.1, r.2);
                results.lock().expect("results").push(r);
            });
        }
    });
    let results = results.into_inner().expect("results");
    let n = results.len() as f64;
    let score: f64 = results.iter().map(|r| r.0).sum();
    let wins = results.iter().filter(|r| r.0 == 1.0).count();
    let draws = results.iter().filter(|r| r.0 > 0.0 && r.0 < 1.0).count();
    let p = score / n;
    // Wilson interval at 95%
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{a} vs {b}, {} {}: {wins} wins, {draws} draws, {} losses: {:.1}% ({:.1}%–{:.1}%); discards a game {:.2} / {:.2}; {:.1} turns a game",
        results.len(),
        form.name(),
        results.len() - wins - draws,
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        results.iter().map(|r| r.1).sum::<f64>() / n,
        results.iter().map(|r| r.2).sum::<f64>() / n,
        results.iter().map(|r| r.3 as f64).sum::<f64>() / n,
    );
    let lone: Vec<bool> = results.iter().filter_map(|r| r.4).collect();
    if !lone.is_empty() {
        let firsts = lone.iter().filter(|&&f| f).count();
        println!("one {a} against two {b}: first alone in {firsts} of {} games", lone.len());
    }
}
