//! What `mcts:reveal=1` costs, on duel positions from greedy games at fixed
//! seeds: `cargo run --release -p tash-kalar-bots --example reveal_cost [positions]`
//! (default 12).
//!
//! Prints, in microseconds of this process's CPU time (read from /proc:
//! Linux, honest on a shared machine): a uniform dealing of the hidden
//! cards (`determinize`, what every iteration does without evidence), a
//! weighted one (three of the opponent's unseen beings at weight 0.5, what
//! an iteration does once evidence is read), an iteration of the default
//! search (10000 iterations, one thread, no early stop), and the reading of
//! one opponent turn ([`missed_summons`], once per turn of the opponent).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::reveal::{missed_summons, Beliefs, MISSED};
use tash_kalar_bots::{play_until_turn, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Form, Game, School};

mod cpu_time;

/// This process's CPU time in seconds (Linux's /proc).
fn cpu_seconds() -> f64 {
    cpu_time::cpu_seconds().expect("/proc/self/stat (Linux)")
}

/// CPU microseconds per call of `f`, over `n` calls.
fn per_call(n: usize, mut f: impl FnMut()) -> f64 {
    let t = cpu_seconds();
    for _ in 0..n {
        f();
    }
    (cpu_seconds() - t) * 1e6 / n as f64
}

fn main() {
    let positions: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(12);
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let (mut uniform, mut weighted, mut iteration, mut reading) = (0.0, 0.0, 0.0, 0.0);
    for seed in 1..=positions {
        let k = seed as usize;
        let mut g = Game::new(Form::Duel, &[schools[k % 4], schools[(k + 1) % 4]]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_until_turn(&mut g, &mut GreedyBot::new(seed), 4 + (seed % 8) as u16, &mut rng);
        while g.actor() == Actor::Chance {
            let c = g.legal_choices()[0];
            g.apply_unchecked(c);
        }
        let Actor::Seat(seat) = g.actor() else { continue };
        let other = 1 - seat;
        let obs = g.observe(seat);
        let mut beliefs = Beliefs::default();
        let s = obs.game().seat(other);
        for &c in s.beings.iter().chain(&s.deck.shuffled).take(3) {
            beliefs.lower(other, c, MISSED);
        }
        let u = per_call(200_000, || {
            std::hint::black_box(obs.determinize(&mut |cards| cards.shuffle(&mut rng)));
        });
        let w = per_call(200_000, || {
            std::hint::black_box(beliefs.deal(&obs, &mut rng));
        });
        let config = MctsConfig { iterations: Some(10_000), early_stop: false, ..MctsConfig::default() };
        let i = per_call(1, || {
            std::hint::black_box(MctsBot::new(config.clone(), seed).search(&obs));
        }) / 10_000.0;
        // the seat to act read as the opponent of the other
        let r = per_call(50, || {
            std::hint::black_box(missed_summons(
                &g.observe(other).game().clone(),
                other,
                seat,
                &[],
                &config.weights,
                &config.end,
            ));
        });
        println!("position {seed}: deal {u:.1} us, weighted {w:.1} us, iteration {i:.0} us, reading a turn {r:.0} us");
        (uniform, weighted, iteration, reading) = (uniform + u, weighted + w, iteration + i, reading + r);
    }
    let n = positions as f64;
    let (u, w, i, r) = (uniform / n, weighted / n, iteration / n, reading / n);
    println!(
        "mean: deal {u:.1} us, weighted {w:.1} us ({:+.2}% of an iteration of {i:.0} us); reading a turn {r:.0} us ({:.1} iterations)",
        (w - u) / i * 100.0,
        r / i
    );
}
