//! Iterations per second of the MCTS bots, over positions from games between
//! greedy players, per form:
//! `cargo run --release -p tash-kalar-bots --example mcts_speed [iterations] [positions] [form] [bot] [threads]`
//! (form: duel, high-form, first-game, melee-3, melee-4, team-high-form,
//! team-duel, or `all`; bot: `mcts` (the new search, the default),
//! `mcts_v2` or `mcts_v1` (the kept ones), or `mcts,mcts_v2`: both searched
//! on each position in turn, back to back, and the ratio of their rates;
//! threads: 1 by default; then the new search's playout noise, 1 to
//! measure the playout policy without its judging).
//! (Each iteration is one determinization, one walk down the tree and one
//! playout, evaluated: for `mcts_v1` a playout of one turn, for `mcts`
//! through one round of replies.) Prints the rate per second of wall-clock
//! time and per second of this process's CPU time (Linux: read from /proc),
//! which stays honest on a machine shared with other work; with several
//! threads the CPU rate is per core.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::mcts::SearchStats;
use tash_kalar_bots::mcts_v1::{MctsV1Bot, MctsV1Config};
use tash_kalar_bots::mcts_v2::{MctsV2Bot, MctsV2Config};
use tash_kalar_bots::{play_until_turn, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Form, Game, Observation, School};

mod cpu_time;
use cpu_time::cpu_seconds;

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
    let kinds: Vec<&str> = kind.split(',').collect();
    for (label, form, schools) in setups {
        if only.is_some_and(|o| o != label) {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut runs: Vec<Run> = kinds.iter().map(|&k| Run::new(k, iterations, threads, noise)).collect();
        let mut searched = 0usize;
        while searched < positions {
            let mut g = Game::new(form, schools).unwrap();
            let stop = rng.gen_range(6..40);
            play_until_turn(&mut g, &mut greedy, stop, &mut rng);
            let Actor::Seat(s) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let obs = g.observe(s);
            // side by side: each bot in turn on the same position, the order
            // alternating so that neither always runs first
            let n = runs.len();
            for i in 0..n {
                runs[(i + searched) % n].search(&obs);
            }
            searched += 1;
        }
        for r in &runs {
            r.print(label, threads, searched);
        }
        if let [a, b] = &runs[..] {
            println!(
                "{label:<14} {} over {}: {:.2} times the iterations per CPU second without judging the root ({:.2} with it)",
                a.kind,
                b.kind,
                a.rate_searching() / b.rate_searching(),
                a.rate() / b.rate()
            );
        }
    }
}

/// One bot's searches and their figures.
struct Run {
    kind: String,
    bot: Kind,
    done: u64,
    spent: f64,
    cpu: f64,
    judging: f64,
    judging_cpu: f64,
    replies: u64,
    reply_steps: u64,
}

enum Kind {
    New(MctsBot),
    V2(MctsV2Bot),
    V1(MctsV1Bot),
}

impl Run {
    fn new(kind: &str, iterations: u32, threads: usize, noise: f64) -> Run {
        let bot = match kind {
            "mcts_v1" => Kind::V1(MctsV1Bot::new(
                MctsV1Config { iterations: Some(iterations), threads, ..Default::default() },
                3,
            )),
            "mcts_v2" => Kind::V2(MctsV2Bot::new(
                MctsV2Config { iterations: Some(iterations), threads, playout_noise: noise, ..Default::default() },
                3,
            )),
            "mcts" => Kind::New(MctsBot::new(
                MctsConfig { iterations: Some(iterations), threads, playout_noise: noise, ..Default::default() },
                3,
            )),
            other => panic!("unknown bot {other:?}: mcts, mcts_v2 or mcts_v1"),
        };
        Run {
            kind: kind.to_string(),
            bot,
            done: 0,
            spent: 0.0,
            cpu: 0.0,
            judging: 0.0,
            judging_cpu: 0.0,
            replies: 0,
            reply_steps: 0,
        }
    }

    fn search(&mut self, obs: &Observation) {
        let t = Instant::now();
        let c0 = cpu_seconds().unwrap_or(0.0);
        let stats: SearchStats = match &mut self.bot {
            Kind::V1(bot) => {
                // the root's judging, timed apart (the search does it again)
                let j = Instant::now();
                let c1 = cpu_seconds().unwrap_or(0.0);
                tash_kalar_bots::mcts_v1::root_priors(obs, &MctsV1Config::default());
                self.judging += j.elapsed().as_secs_f64();
                self.judging_cpu += cpu_seconds().unwrap_or(0.0) - c1;
                let t = Instant::now();
                let c0 = cpu_seconds().unwrap_or(0.0);
                let visits = bot.search(obs);
                self.spent += t.elapsed().as_secs_f64();
                self.cpu += cpu_seconds().unwrap_or(0.0) - c0;
                self.done += visits.iter().map(|v| v.1 as u64).sum::<u64>();
                return;
            }
            Kind::V2(bot) => bot.search_stats(obs).1,
            Kind::New(bot) => bot.search_stats(obs).1,
        };
        self.spent += t.elapsed().as_secs_f64();
        self.cpu += cpu_seconds().unwrap_or(0.0) - c0;
        self.judging += stats.judging.as_secs_f64();
        // the judging runs on one thread
        self.judging_cpu += stats.judging.as_secs_f64();
        self.done += stats.iterations;
        self.replies += stats.with_replies;
        self.reply_steps += stats.reply_steps;
    }

    /// Iterations a CPU second, the root's judging included.
    fn rate(&self) -> f64 {
        self.done as f64 / self.cpu.max(1e-9)
    }

    /// Iterations a CPU second of searching (the root's judging left out).
    fn rate_searching(&self) -> f64 {
        self.done as f64 / (self.cpu - self.judging_cpu).max(1e-9)
    }

    fn print(&self, label: &str, threads: usize, searched: usize) {
        let (done, spent, cpu, judging) = (self.done, self.spent, self.cpu, self.judging);
        println!(
            "{:<14} {} threads={threads} {} positions, {} iterations: {:.0} per wall-clock second, {:.0} per CPU second ({:.3} s a search); without judging the root: {:.0} per wall-clock second, {:.0} per CPU second per core, {:.1} µs an iteration on one core; with replies {:.1}%, {:.1} reply steps an iteration",
            label,
            self.kind,
            searched,
            done,
            done as f64 / spent,
            self.rate(),
            spent / searched as f64,
            done as f64 / (spent - judging).max(1e-9),
            self.rate_searching(),
            1e6 * (cpu - self.judging_cpu) / done as f64,
            if self.kind == "mcts_v1" { f64::NAN } else { 100.0 * self.replies as f64 / done as f64 },
            self.reply_steps as f64 / done as f64,
        );
    }
}
