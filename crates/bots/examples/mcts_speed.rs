//! Iterations per second of the MCTS bots, over positions from games between
//! greedy players, per form:
//! `cargo run --release -p tash-kalar-bots --example mcts_speed [iterations] [positions] [form] [bot] [threads]`
//! (form: duel, high-form, first-game, melee-3, melee-4, team-high-form,
//! team-duel, or `all`; bot: `mcts` (the new search, the default) or
//! `mcts_v1` (the old one); threads: 1 by default; then the new search's
//! playout noise, 1 to measure the playout policy without its judging).
//! (Each iteration is one determinization, one walk down the tree and one
//! playout, evaluated: for `mcts_v1` a playout of one turn, for `mcts`
//! through one round of replies.) Prints the rate per second of wall-clock
//! time and per second of this process's CPU time (Linux: read from /proc),
//! which stays honest on a machine shared with other work; with several
//! threads the CPU rate is per core.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::mcts_v1::{MctsV1Bot, MctsV1Config};
use tash_kalar_bots::{play_until_turn, GreedyBot, MctsBot, MctsConfig};
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
    let only: Option<&String> = args.get(3).filter(|a| *a != "all");
    let kind = args.get(4).map_or("mcts", |a| a.as_str());
    let threads: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(1);
    // the new search's playout noise (1: no judging of summons and effect steps)
    let noise: f64 = args.get(6).and_then(|a| a.parse().ok()).unwrap_or(MctsConfig::default().playout_noise);
    for (label, form, schools) in setups {
        if only.is_some_and(|o| o != label) {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut new = MctsBot::new(
            MctsConfig { iterations: Some(iterations), threads, playout_noise: noise, ..MctsConfig::default() },
            3,
        );
        let mut old =
            MctsV1Bot::new(MctsV1Config { iterations: Some(iterations), threads, ..MctsV1Config::default() }, 3);
        let (mut searched, mut done) = (0usize, 0u64);
        let mut spent = 0.0;
        let mut cpu = 0.0;
        let (mut judging, mut judging_cpu, mut replies, mut reply_steps) = (0.0, 0.0, 0u64, 0u64);
        while searched < positions {
            let mut g = Game::new(form, schools).unwrap();
            let stop = rng.gen_range(6..40);
            play_until_turn(&mut g, &mut greedy, stop, &mut rng);
            let Actor::Seat(s) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let t = Instant::now();
            let c0 = cpu_seconds().unwrap_or(0.0);
            let obs = g.observe(s);
            if kind == "mcts_v1" {
                // the root's judging, timed apart (the search does it again)
                let j = Instant::now();
                let c1 = cpu_seconds().unwrap_or(0.0);
                tash_kalar_bots::mcts_v1::root_priors(&obs, &MctsV1Config::default());
                judging += j.elapsed().as_secs_f64();
                judging_cpu += cpu_seconds().unwrap_or(0.0) - c1;
                let t = Instant::now();
                let c0 = cpu_seconds().unwrap_or(0.0);
                let visits = old.search(&obs);
                spent += t.elapsed().as_secs_f64();
                cpu += cpu_seconds().unwrap_or(0.0) - c0;
                done += visits.iter().map(|v| v.1 as u64).sum::<u64>();
            } else {
                let (_, stats) = new.search_stats(&obs);
                spent += t.elapsed().as_secs_f64();
                cpu += cpu_seconds().unwrap_or(0.0) - c0;
                judging += stats.judging.as_secs_f64();
                // the judging runs on one thread
                judging_cpu += stats.judging.as_secs_f64();
                done += stats.iterations;
                replies += stats.with_replies;
                reply_steps += stats.reply_steps;
            }
            searched += 1;
        }
        let search = spent - judging;
        println!(
            "{:<14} {kind} threads={threads} {} positions, {} iterations: {:.0} per wall-clock second, {:.0} per CPU second ({:.3} s a search); without judging the root: {:.0} per wall-clock second, {:.0} per CPU second per core, {:.1} µs an iteration on one core; with replies {:.1}%, {:.1} reply steps an iteration",
            label,
            searched,
            done,
            done as f64 / spent,
            done as f64 / cpu.max(1e-9),
            spent / searched as f64,
            done as f64 / search.max(1e-9),
            done as f64 / (cpu - judging_cpu).max(1e-9),
            1e6 * (cpu - judging_cpu) / done as f64,
            if kind == "mcts_v1" { f64::NAN } else { 100.0 * replies as f64 / done as f64 },
            reply_steps as f64 / done as f64,
        );
    }
}
