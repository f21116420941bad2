//! Fits the evaluation's weights from self-play and writes the weights file
//! (see the `train` module for the method):
//!
//! `cargo run --release -p tash-kalar-bots --example train -- [games] [seed] [out] [players] [forms] [jobs]`
//!
//! plays `games` games (default 420) between two bots of the spec `players`
//! in each of `forms` (comma-separated, default `duel,high-form`), seats and
//! schools rotated, samples each turn's start from both sides, fits a
//! logistic regression of the result on the evaluation's terms (every
//! fifth game held out), prints the held-out log-loss of the weights
//! before and after, and writes them to `out` (default
//! `crates/bots/weights/duel.json`, the file the bots compile in as their
//! default weights). The default players are the search at 300 iterations
//! with exploration 0.3 and the weights set by hand before the first fit
//! ([`TRAINING_PLAYERS`]), spelled out so that a run does not depend on the
//! defaults compiled in: with no arguments this writes the committed file
//! again, the same to the byte (some 7 minutes on two cores).

use std::time::Instant;

use tash_kalar_bots::jobs::in_game_order;
use tash_kalar_bots::train::{base_weights, fit, play_for_samples, weights_json, FITTED};
use tash_kalar_bots::BotSpec;
use tash_kalar_rules::Form;

/// The players of the default run: the search at 300 iterations with
/// exploration 0.3 and the evaluation's weights as set by hand before the
/// first fit (`tash_kalar_bots::eval::Weights::hand_set`, with the end
/// term's `lead` 1), the search's defaults when the committed file was fitted.
const TRAINING_PLAYERS: &str = "mcts:iterations=300,c=0.3,common=0.3,heroic=0.85,legendary=1.7,ready1=0.35,ready2=0.6,\
                                ready3=1.4,task_now=0.9,task_later=0.4,near=0.15,threat=0.3,danger=0.3,actions=1,\
                                progress=0.15,frozen=0.4,gateway=0.3,lead=1";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(420);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let out = args.get(3).cloned().unwrap_or("crates/bots/weights/duel.json".into());
    let players_text = args.get(4).cloned().unwrap_or(TRAINING_PLAYERS.into());
    let players: BotSpec = players_text.parse().unwrap_or_else(|e| panic!("players {players_text:?}: {e}"));
    let forms_text = args.get(5).cloned().unwrap_or("duel,high-form".into());
    let forms: Vec<Form> =
        forms_text.split(',').map(|f| Form::parse(f).unwrap_or_else(|| panic!("unknown form {f}"))).collect();
    let jobs: usize = args.get(6).and_then(|s| s.parse().ok()).unwrap_or(2).max(1);
    let started = Instant::now();
    let total = games * forms.len() as u32;
    let play = |i: u32| play_for_samples(forms[(i % forms.len() as u32) as usize], &players, i, seed);
    let progress = |done: usize| {
        if done.is_multiple_of(100) {
            eprintln!("{done} games, {:.0?}", started.elapsed());
        }
    };
    let by_game = in_game_order(total, jobs, play, &progress);
    let finished = by_game.iter().filter(|g| !g.is_empty()).count();
    let samples: Vec<_> = by_game.into_iter().flatten().collect();
    let base = base_weights();
    let f = fit(&samples, &base);
    println!(
        "{finished} of {total} games finished, {} positions ({} to fit, {} held out), {:.0?}",
        samples.len(),
        f.train,
        f.held_out,
        started.elapsed()
    );
    println!("held-out log-loss: hand-written {:.4}, fitted {:.4}", f.loss_before, f.loss_after);
    println!("scale (points per unit of log-odds): hand-written {:.2}, fitted {:.2}", f.scale_before, f.scale);
    for name in FITTED {
        let (before, after) = if name == "lead" {
            (base.1.lead, f.end.lead)
        } else {
            (base.0.get(name).unwrap_or(0.0), f.weights.get(name).unwrap_or(0.0))
        };
        println!("{name:>12}: {before:>7.3} -> {after:>7.3}");
    }
    let about = format!(
        "Fitted by `cargo run --release -p tash-kalar-bots --example train -- {games} {seed} {out} {players_text} {forms_text}`: \
         {} positions of {finished} games, logistic regression of the result on the evaluation's terms \
         (fitted: {}; the others hand-written); held-out log-loss {:.4} (hand-written {:.4})",
        samples.len(),
        f.fitted.join(", "),
        f.loss_after,
        f.loss_before
    );
    std::fs::write(&out, weights_json(&f.weights, &f.end, &about)).expect("write the weights file");
    println!("wrote {out}");
}
