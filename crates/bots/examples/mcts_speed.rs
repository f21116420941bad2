//! Playouts per second of the MCTS bot on one thread, over positions from
//! games between greedy players, per form:
//! `cargo run --release -p tash-kalar-bots --example mcts_speed [iterations] [positions] [form]`
//! (form: duel, high-form, first-game, melee-3, melee-4, team-high-form,
//! team-duel; all of them if not given).
//! (Each iteration is one determinization, one walk down the tree and one
//! playout of `playout` turns, evaluated.) Prints the rate per second of
//! wall-clock time and per second of this process's CPU time (Linux: read
//! from /proc), which stays honest on a machine shared with other work.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{Bot, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Form, Game, School};

/// This process's CPU time (user and system) in seconds, if /proc tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // the fields after the command name, which is in parentheses
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let positions: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    let setups: [(&str, Form, &[School]); 7] = [
        ("duel", Form::Duel, &[n, s]),
        ("high-form", Form::HighForm, &[n, s]),
        ("first-game", Form::FirstGame, &[n, s]),
        ("melee-3", Form::Melee, &[n, s, y]),
        ("melee-4", Form::Melee, &[n, s, y, h]),
        ("team-high-form", Form::TeamHighForm, &[n, s, h, y]),
        ("team-duel", Form::TeamDuel, &[n, s, h, y]),
    ];
    let only: Option<&String> = args.get(3);
    for (label, form, schools) in setups {
        if only.is_some_and(|o| o != label) {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut bot = MctsBot::new(MctsConfig { iterations: Some(iterations), ..MctsConfig::default() }, 3);
        let (mut searched, mut done) = (0usize, 0u64);
        let mut spent = 0.0;
        let mut cpu = 0.0;
        while searched < positions {
            let mut g = Game::new(form, schools).unwrap();
            let stop = rng.gen_range(6..40);
            while !g.is_over() && g.turn().number < stop {
                match g.actor() {
                    Actor::Seat(s) => {
                        let c = greedy.choose(&g.observe(s));
                        g.apply(c).unwrap();
                    }
                    _ => {
                        let v = g.legal_choices();
                        g.apply(v[rng.gen_range(0..v.len())]).unwrap();
                    }
                }
            }
            let Actor::Seat(s) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let t = Instant::now();
            let c0 = cpu_seconds().unwrap_or(0.0);
            let visits = bot.search(&g.observe(s));
            spent += t.elapsed().as_secs_f64();
            cpu += cpu_seconds().unwrap_or(0.0) - c0;
            done += visits.iter().map(|v| v.1 as u64).sum::<u64>();
            searched += 1;
        }
        println!(
            "{:<14} {} positions, {} iterations: {:.0} playouts per wall-clock second on one thread, {:.0} per CPU second ({:.3} s a search)",
            label,
            searched,
            done,
            done as f64 / spent,
            done as f64 / cpu.max(1e-9),
            spent / searched as f64
        );
    }
}
