//! Random self-play duels per second on one thread: the loop every front
//! end had before the driver (an observation built at every bot step)
//! against the [`Driver`] (a [`Decision`]; random bots never build one),
//! (and its variant that applied choices unchecked, as self-play did),
//! alternately on the same seeds in one process, so that both see the
//! same load on a shared machine:
//! `cargo run --release -p tash-kalar-bots --example driver_speed [games] [rounds]`
//! (5000 games a round, 5 rounds by default). Both loops must play the very
//! same games; the rate is per second of this process's CPU time (Linux:
//! from /proc), and of wall-clock time where /proc is missing.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{Bot, Caps, Driver, RandomBot, Stop};
use tash_kalar_rules::{Actor, Form, Game, School};

mod cpu_time;
use cpu_time::cpu_seconds;

fn seconds(since: (Instant, Option<f64>)) -> f64 {
    match (since.1, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => since.0.elapsed().as_secs_f64(),
    }
}

const SCHOOLS: [School; 2] = [School::Northern, School::Southern];

fn bots(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..2u64).map(|s| Box::new(RandomBot::new(seed ^ (s + 1))) as Box<dyn Bot>).collect()
}

/// The loop as it was: an observation for every bot step, and a bot's
/// choice checked by `Game::is_legal` (as `Game::apply`, since gone, did for
/// `play_game` and tournaments;
/// self-play applied it unchecked: `checked` false).
fn old_loop(seed: u64, checked: bool) -> Game {
    let mut game = Game::new(Form::Duel, &SCHOOLS).expect("a duel");
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    let mut players = bots(seed);
    let mut legal = Vec::new();
    let mut steps = 0u32;
    loop {
        match game.actor() {
            Actor::Nobody => return game,
            Actor::Chance => {
                game.legal_choices_into(&mut legal);
                let c = legal[chance.gen_range(0..legal.len())];
                game.apply_unchecked(c);
            }
            Actor::Seat(s) => {
                let obs = game.observe(s);
                let c = players[s as usize].choose(&obs);
                assert!(!checked || game.is_legal(c), "{c} is not a legal choice");
                game.apply_unchecked(c);
            }
        }
        steps += 1;
        assert!(steps < 200_000, "endless");
    }
}

fn driver_loop(seed: u64) -> Game {
    let mut game = Game::new(Form::Duel, &SCHOOLS).expect("a duel");
    let ran = Driver::bots(seed, 2).run(&mut game, &mut bots(seed), Caps::default()).expect("a game");
    assert_eq!(ran.stop, Stop::Over);
    game
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let rounds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    // both loops play the same games
    for seed in 0..5 {
        assert_eq!(old_loop(seed, true), driver_loop(seed), "seed {seed}: the loops disagree");
        assert_eq!(old_loop(seed, false), driver_loop(seed), "seed {seed}: the loops disagree");
    }
    println!("random duels per second on one thread ({games} games a round):");
    // old loop with checked choices (play_game), unchecked (selfplay), driver
    let mut rates: [Vec<f64>; 3] = Default::default();
    for round in 0..rounds {
        let seeds = round * games..(round + 1) * games;
        let rate = |f: &dyn Fn(u64) -> Game| {
            let start = (Instant::now(), cpu_seconds());
            for seed in seeds.clone() {
                std::hint::black_box(f(seed));
            }
            games as f64 / seconds(start)
        };
        let r = [rate(&|s| old_loop(s, true)), rate(&|s| old_loop(s, false)), rate(&driver_loop)];
        println!(
            "round {}: old loop (play_game) {:7.1}/s  old loop (selfplay) {:7.1}/s  driver {:7.1}/s  x{:.2} / x{:.2}",
            round + 1,
            r[0],
            r[1],
            r[2],
            r[2] / r[0],
            r[2] / r[1]
        );
        for k in 0..3 {
            rates[k].push(r[k]);
        }
    }
    let range = |v: &[f64], digits: usize| {
        let lo = v.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = v.iter().cloned().fold(0.0, f64::max);
        format!("{lo:.digits$}..{hi:.digits$}")
    };
    let ratio = |k: usize| -> Vec<f64> { rates[2].iter().zip(&rates[k]).map(|(n, o)| n / o).collect() };
    println!(
        "games/s: old loop (play_game) {}  old loop (selfplay) {}  driver {}; driver speed-up {} over play_game's, {} over selfplay's",
        range(&rates[0], 0),
        range(&rates[1], 0),
        range(&rates[2], 0),
        range(&ratio(0), 2),
        range(&ratio(1), 2)
    );
}
