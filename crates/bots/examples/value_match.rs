//! Two value models' searches against each other, as `tash-kalar train`'s
//! gate plays them (all seven schools, each deal played once in each seat):
//! `cargo run --release -p tash-kalar-bots --example value_match A B [games] [form] [iterations] [seed] [jobs]`
//! where a model is a model file written by `tash-kalar train`, `default`
//! (the one compiled in) or `linear` (the linear evaluation); a form is
//! `duel` (the default) or `high-form`. Prints A's wins, draws and losses
//! and its score with a 95% interval.

use std::sync::Arc;

use tash_kalar_bots::mcts::Judge;
use tash_kalar_bots::value::{default_net, gate::gate, parse_value_net};
use tash_kalar_bots::{BotSpec, MctsConfig};
use tash_kalar_rules::Form;

fn judge(name: &str) -> Judge {
    match name {
        "linear" => Judge::Linear,
        "default" => Judge::Net(default_net()),
        path => {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
            Judge::Net(Arc::new(parse_value_net(&text).unwrap_or_else(|e| panic!("{path}: {e}"))))
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_string());
    let (a, b) = (arg(0, "default"), arg(1, "linear"));
    let games: u32 = arg(2, "400").parse().expect("games");
    let form = match arg(3, "duel").as_str() {
        "duel" => Form::Duel,
        "high-form" => Form::HighForm,
        other => panic!("a form the network judges: duel or high-form, not {other}"),
    };
    let iterations: u32 = arg(4, "300").parse().expect("iterations");
    let seed: u64 = arg(5, "1").parse().expect("seed");
    let jobs: usize = arg(6, "2").parse().expect("jobs");
    let spec = |value| BotSpec::Mcts(MctsConfig { iterations: Some(iterations), value, ..MctsConfig::default() });
    let r = gate(form, &spec(judge(&a)), &spec(judge(&b)), games, seed, jobs);
    let (lo, hi) = r.interval();
    println!(
        "{a} against {b}, {games} games of {form:?} at {iterations} iterations, seed {seed}: {}-{}-{} ({} unfinished), \
         score {:.1}% (95% {:.1}%-{:.1}%)",
        r.wins,
        r.draws,
        r.losses,
        r.unfinished,
        100.0 * r.score(),
        100.0 * lo,
        100.0 * hi
    );
}
