//! `tash-kalar train`: the value network from self-play, in rounds. Each
//! round plays games between two copies of the search judged by the model
//! kept so far (before the first, the linear evaluation or the model of
//! `--start`), fits a network to
//! the positions of every round so far, and keeps it only if the search
//! with it beats the search with the kept one in a gate match. The kept
//! model is written to `--out` (by default the file the bots compile in).
//! Everything is seeded: the same arguments write the same file.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use tash_kalar_bots::mcts::Judge;
use tash_kalar_bots::value::fit::{fit, BoardFit, FitConfig};
use tash_kalar_bots::value::gate::gate;
use tash_kalar_bots::value::samples::{collect, read_positions, write_positions, Position, MAX_GAME};
use tash_kalar_bots::value::{parse_value_net, value_net_json, ValueNet};
use tash_kalar_bots::{BotSpec, MctsConfig};
use tash_kalar_rules::Form;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Self-play games a round in each form.
    #[arg(long, default_value_t = 300)]
    games: u32,
    /// Seeds the games (chance and bots), the deals and the fit.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rounds of self-play, fit and gate.
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// Games of each round's gate (0: no gate, every new model kept).
    #[arg(long, default_value_t = 400)]
    gate_games: u32,
    /// The forms of the self-play games, comma-separated (duel, high-form).
    #[arg(long, value_delimiter = ',', default_value = "duel,high-form")]
    forms: Vec<String>,
    /// The form of the gate's games.
    #[arg(long, default_value = "duel")]
    gate_form: String,
    /// The search's iterations a decision, in self-play and in the gate.
    #[arg(long, default_value_t = 300)]
    iterations: u32,
    /// Threads (games played at once).
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Where to write the model kept.
    #[arg(long, default_value = "crates/bots/weights/value.json")]
    out: PathBuf,
    /// Also write each round's model, kept or not, beside `--out`
    /// (`value.json` giving `value.round1.json`, ...).
    #[arg(long)]
    round_files: bool,
    /// A model file to start from: the first round's self-play is judged
    /// by it and its gate is against it (without it, the linear
    /// evaluation). It is written to `--out` if no new model passes.
    #[arg(long)]
    start: Option<PathBuf>,
    /// A file of self-play positions kept between runs: those it holds are
    /// fitted on with each round's new ones, which are added to it (made
    /// if missing), so that the data grows over runs.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Whether the network reads the board (where each kind of piece
    /// stands): off, the counts alone; plain; augmented, each board fitted
    /// on also turned or reflected at random.
    #[arg(long, value_enum, default_value_t = Board::Off)]
    board: Board,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Board {
    Off,
    Plain,
    Augmented,
}

impl Board {
    fn fit(self) -> BoardFit {
        match self {
            Board::Off => BoardFit::Off,
            Board::Plain => BoardFit::Plain,
            Board::Augmented => BoardFit::Augmented,
        }
    }
}

/// The most threads a run may ask for.
const MAX_JOBS: usize = 64;

fn form(name: &str) -> Result<Form> {
    match Form::parse(name) {
        Some(f) if tash_kalar_bots::value::features::judged_form(f) => Ok(f),
        _ => bail!("{name:?}: the value network judges duel and high-form"),
    }
}

fn searcher(iterations: u32, value: Judge) -> BotSpec {
    BotSpec::Mcts(MctsConfig { iterations: Some(iterations), value, ..MctsConfig::default() })
}

/// Where round `round`'s model is written: beside `out`, `value.json`
/// giving `value.round1.json`.
fn round_path(out: &std::path::Path, round: u32) -> PathBuf {
    let stem = out.file_stem().map_or_else(|| "value".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}.round{round}.json"))
}

pub fn run(args: &Args) -> Result<()> {
    let forms: Vec<Form> = args.forms.iter().map(|f| form(f)).collect::<Result<_>>()?;
    let gate_form = form(&args.gate_form)?;
    if args.games == 0 || args.rounds == 0 || !(1..=1_000_000).contains(&args.iterations) {
        bail!("--games, --rounds and --iterations must be at least 1 (iterations at most 1000000)");
    }
    if !(1..=MAX_JOBS).contains(&args.jobs) {
        bail!("--jobs must be from 1 to {MAX_JOBS}");
    }
    let started = Instant::now();
    let command = format!(
        "tash-kalar train --games {} --seed {} --rounds {} --gate-games {} --forms {} --gate-form {} --iterations {}",
        args.games,
        args.seed,
        args.rounds,
        args.gate_games,
        args.forms.join(","),
        args.gate_form,
        args.iterations
    ) + &args.start.as_ref().map(|p| format!(" --start {}", p.display())).unwrap_or_default()
        + &args.data.as_ref().map(|p| format!(" --data {}", p.display())).unwrap_or_default()
        + &match args.board.to_possible_value() {
            Some(v) if args.board != Board::Off => format!(" --board {}", v.get_name()),
            _ => String::new(),
        };
    let mut kept: Option<Arc<ValueNet>> = match &args.start {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            let net = parse_value_net(&text).with_context(|| format!("{}: not a value model", path.display()))?;
            Some(Arc::new(net))
        }
    };
    let started_from = kept.clone();
    let mut last: Option<ValueNet> = None;
    let mut positions: Vec<Position> = match &args.data {
        Some(path) if path.exists() => {
            let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
            read_positions(std::io::BufReader::new(file)).with_context(|| format!("{}", path.display()))?
        }
        _ => Vec::new(),
    };
    // the new games numbered after the file's (the held-out sets go by number)
    let first_game = positions.iter().map(|p| p.game + 1).max().unwrap_or(0);
    if !positions.is_empty() {
        eprintln!("{} positions of earlier runs, games numbered to {}", positions.len(), first_game - 1);
    }
    let mut history = Vec::new();
    let per_round = u64::from(args.games) * forms.len() as u64;
    if u64::from(first_game) + per_round * u64::from(args.rounds) > u64::from(MAX_GAME) {
        bail!("the games would be numbered past {MAX_GAME}: fewer --games, --forms or --rounds, or a new --data file");
    }
    let per_round = per_round as u32; // within MAX_GAME, checked above
    for round in 1..=args.rounds {
        let judge = kept.clone().map_or(Judge::Linear, Judge::Net);
        let players = searcher(args.iterations, judge.clone());
        let seed = args.seed.wrapping_mul(1_000).wrapping_add(u64::from(round));
        let progress = |done: usize| {
            if done.is_multiple_of(50) {
                eprintln!("round {round}: {done} of {per_round} games, {:.0?}", started.elapsed());
            }
        };
        let mut new = collect(&forms, &players, args.games, seed, args.jobs, &progress);
        // every round's games numbered apart (the held-out sets go by number)
        new.iter_mut().for_each(|p| p.game += first_game + (round - 1) * per_round);
        let games = new.iter().map(|p| p.game).collect::<std::collections::BTreeSet<_>>().len();
        if let Some(path) = &args.data {
            let fresh = !path.exists();
            let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
            let mut file = file.with_context(|| format!("writing {}", path.display()))?;
            write_positions(&mut file, &new, fresh).with_context(|| format!("{}", path.display()))?;
        }
        positions.extend(new);
        let f = fit(&positions, &FitConfig { seed, board: args.board.fit(), ..FitConfig::default() });
        let mut line = format!(
            "round {round}: {games} of {per_round} games ended, {} positions in all ({} to fit, {} to stop on, {} held out); \
             held-out log-loss: network {:.4} (epoch {}), linear evaluation {:.4}, a coin {:.4}; scale {:.3}; \
             held-out positions within the inputs' ranges: {:.1}%",
            positions.len(),
            f.train,
            f.validation,
            f.test,
            f.loss_net,
            f.epoch,
            f.loss_linear,
            f.loss_coin,
            f.scale,
            100.0 * f.test_seen
        );
        let candidate = Arc::new(ValueNet {
            mlp: f.mlp,
            scale: f.scale,
            seen: f.seen,
            about: format!("Round {round} of `{command}`, before its gate. {line}"),
        });
        if args.round_files {
            let round_file = round_path(&args.out, round);
            std::fs::write(&round_file, value_net_json(&candidate))
                .with_context(|| format!("writing {}", round_file.display()))?;
        }
        let passed = if args.gate_games == 0 {
            true
        } else {
            let new_spec = searcher(args.iterations, Judge::Net(candidate.clone()));
            let r = gate(gate_form, &new_spec, &players, args.gate_games, seed, args.jobs);
            let (lo, hi) = r.interval();
            line.push_str(&format!(
                "; gate against the {}: {}-{}-{} ({} unfinished), score {:.3} (95% {:.3} to {:.3}), {}",
                if kept.is_some() { "model kept" } else { "linear evaluation" },
                r.wins,
                r.draws,
                r.losses,
                r.unfinished,
                r.score(),
                lo,
                hi,
                if r.passed() { "kept" } else { "not kept" }
            ));
            r.passed()
        };
        println!("{line} ({:.0?})", started.elapsed());
        history.push(line);
        last = Some((*candidate).clone());
        if passed {
            kept = Some(candidate);
        }
    }
    let (mut net, verdict) = match kept {
        Some(k) if started_from.as_ref().is_some_and(|s| Arc::ptr_eq(s, &k)) => {
            ((*k).clone(), "no model passed its gate; the model started from")
        }
        Some(k) => ((*k).clone(), "the model kept"),
        None => (last.context("at least one round")?, "no model passed its gate; the last one fitted"),
    };
    net.about = format!("Written by `{command}`: {verdict}. {}", history.join(". "));
    std::fs::write(&args.out, value_net_json(&net)).with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {} ({verdict})", args.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rounds_model_is_written_beside_the_kept_one() {
        let out = std::path::Path::new("runs/value.json");
        assert_eq!(round_path(out, 2), PathBuf::from("runs/value.round2.json"));
        assert_eq!(round_path(std::path::Path::new("model"), 1), PathBuf::from("model.round1.json"));
    }
}
