//! Iterations a second of the searches, side by side on the same positions:
//! `cargo bench -p tash-kalar-bots --bench iterations -- [OPTIONS]`
//!
//! - `--bots A,B,...`: bot specs of the searches to compare (`mcts`,
//!   `mcts-v2`, `mcts-v1`, with options: `mcts:judged_steps=24`; default
//!   `mcts,mcts-v2`); their budgets are replaced by `--iterations`;
//! - `--iterations N`: iterations a search (default 10000);
//! - `--positions N`: positions a form (default 12), from games between
//!   greedy players at fixed seeds, the same for every bot;
//! - `--forms F,...`: `duel`, `high-form`, `first-game`, `melee-3`,
//!   `melee-4`, `team-high-form`, `team-duel` (default `duel,high-form,melee-3`);
//! - `--rounds N`: how often the whole set is searched again (default 3),
//!   each round giving its own ratio, so that the spread shows how much a
//!   loaded machine moves the figures.
//!
//! On each position every bot searches in turn, the order rotating, with one
//! thread; a rate is iterations per second of this process's CPU time (read
//! from /proc: Linux), which stays honest on a machine shared with other
//! work, the root's judging included (that is a search's cost too). Prints
//! each bot's rate per form and round, then each bot's rate over the first
//! bot's (>1: the first is faster), per round and over all rounds.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::mcts_v1::MctsV1Bot;
use tash_kalar_bots::mcts_v2::MctsV2Bot;
use tash_kalar_bots::{play_until_turn, BotSpec, GreedyBot, MctsBot};
use tash_kalar_rules::{Actor, Form, Game, Observation, School};

#[path = "../examples/cpu_time/mod.rs"]
mod cpu_time;

/// This process's CPU time in seconds (Linux's /proc).
fn cpu_seconds() -> f64 {
    cpu_time::cpu_seconds().expect("/proc/self/stat (Linux)")
}

/// One search under test, made afresh for every position (no kept tree).
enum Search {
    New(tash_kalar_bots::MctsConfig),
    V2(tash_kalar_bots::mcts_v2::MctsV2Config),
    V1(tash_kalar_bots::mcts_v1::MctsV1Config),
}

impl Search {
    fn parse(spec: &str, iterations: u32) -> Search {
        let parsed: BotSpec = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        // one thread, a fixed budget, no early stop: every search does the same work
        match parsed.resolved() {
            BotSpec::Mcts(c) => Search::New(tash_kalar_bots::MctsConfig {
                iterations: Some(iterations),
                time: None,
                turn: None,
                threads: 1,
                early_stop: false,
                ..c
            }),
            BotSpec::MctsV2(c) => Search::V2(tash_kalar_bots::mcts_v2::MctsV2Config {
                iterations: Some(iterations),
                time: None,
                threads: 1,
                early_stop: false,
                ..c
            }),
            BotSpec::MctsV1(c) => Search::V1(tash_kalar_bots::mcts_v1::MctsV1Config {
                iterations: Some(iterations),
                time: None,
                threads: 1,
                ..c
            }),
            other => panic!("{other} is not a search"),
        }
    }

    /// Searches `obs` once; returns the iterations done and the CPU seconds.
    fn run(&self, obs: &Observation, seed: u64) -> (u64, f64) {
        let started = cpu_seconds();
        let done = match self {
            Search::New(c) => MctsBot::new(c.clone(), seed).search_stats(obs).1.iterations,
            Search::V2(c) => MctsV2Bot::new(c.clone(), seed).search_stats(obs).1.iterations,
            Search::V1(c) => MctsV1Bot::new(c.clone(), seed).search(obs).iter().map(|v| v.1 as u64).sum(),
        };
        (done, cpu_seconds() - started)
    }
}

/// `count` positions of a form, from games between greedy players.
fn positions(form: Form, schools: &[School], count: usize) -> Vec<Observation> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut greedy = GreedyBot::new(1);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Game::new(form, schools).expect("a game");
        let stop = rng.gen_range(6..40);
        play_until_turn(&mut g, &mut greedy, stop, &mut rng);
        let Actor::Seat(s) = g.actor() else { continue };
        if g.legal_choices().len() >= 2 {
            out.push(g.observe(s));
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|k| args.get(k + 1)).cloned();
    let iterations: u32 = option("--iterations").map_or(10_000, |v| v.parse().expect("--iterations N"));
    let count: usize = option("--positions").map_or(12, |v| v.parse().expect("--positions N"));
    let rounds: usize = option("--rounds").map_or(3, |v| v.parse().expect("--rounds N"));
    let bots: Vec<String> =
        option("--bots").unwrap_or("mcts,mcts-v2".into()).split(',').map(str::to_string).collect::<Vec<_>>();
    // a spec's own commas: `mcts:judged_steps=24,all_summons=1` is one bot;
    // a part with `=` and no `:` belongs to the bot before it
    let bots = bots.into_iter().fold(Vec::<String>::new(), |mut acc, part| {
        match acc.last_mut() {
            Some(last) if part.contains('=') && !part.contains(':') => {
                last.push(',');
                last.push_str(&part);
            }
            _ => acc.push(part),
        }
        acc
    });
    let forms = option("--forms").unwrap_or("duel,high-form,melee-3".into());
    let searches: Vec<Search> = bots.iter().map(|b| Search::parse(b, iterations)).collect();
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    println!("{iterations} iterations a search, {count} positions a form, {rounds} rounds, one thread");
    // per bot: iterations and CPU seconds over all forms and rounds
    let mut total = vec![(0u64, 0.0f64); bots.len()];
    for label in forms.split(',') {
        let (form, schools): (Form, &[School]) = match label {
            "duel" => (Form::Duel, &[n, s]),
            "high-form" => (Form::HighForm, &[n, s]),
            "first-game" => (Form::FirstGame, &[n, s]),
            "melee-3" => (Form::Melee, &[n, s, y]),
            "melee-4" => (Form::Melee, &[n, s, y, h]),
            "team-high-form" => (Form::TeamHighForm, &[n, s, h, y]),
            "team-duel" => (Form::TeamDuel, &[n, s, h, y]),
            other => panic!("unknown form {other}"),
        };
        let set = positions(form, schools, count);
        for round in 0..rounds {
            let mut this = vec![(0u64, 0.0f64); bots.len()];
            for (k, obs) in set.iter().enumerate() {
                // side by side, the order rotating so that none always runs first
                for i in 0..bots.len() {
                    let b = (i + k + round) % bots.len();
                    let (done, cpu) = searches[b].run(obs, 3 + k as u64);
                    this[b].0 += done;
                    this[b].1 += cpu;
                }
            }
            let rates: Vec<f64> = this.iter().map(|&(d, c)| d as f64 / c.max(1e-9)).collect();
            let line: Vec<String> =
                bots.iter().zip(&rates).map(|(b, r)| format!("{b} {r:.0}/s ({:.1} µs)", 1e6 / r)).collect();
            let ratios: Vec<String> = rates[1..].iter().map(|r| format!("{:.2}", rates[0] / r)).collect();
            println!(
                "{label:<14} round {}: {}; first over the others {}",
                round + 1,
                line.join(", "),
                ratios.join(", ")
            );
            for (t, x) in total.iter_mut().zip(&this) {
                t.0 += x.0;
                t.1 += x.1;
            }
        }
    }
    let rates: Vec<f64> = total.iter().map(|&(d, c)| d as f64 / c.max(1e-9)).collect();
    for (b, r) in bots.iter().zip(&rates) {
        println!("all forms: {b} {r:.0} iterations a CPU second ({:.1} µs)", 1e6 / r);
    }
    for (b, r) in bots[1..].iter().zip(&rates[1..]) {
        println!("all forms: {} over {b}: {:.2} times the iterations a CPU second", bots[0], rates[0] / r);
    }
}
