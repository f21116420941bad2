//! What each puzzle costs to verify: `cargo run --release -p
//! tash-kalar-puzzles --example verify_cost < puzzles.jsonl` prints, per
//! puzzle, its id, theme, the positions searched and the seconds taken
//! (the set's test re-verifies puzzles in a debug build, several times
//! slower: a puzzle is worth keeping only if this stays small).

use std::io::BufRead;

use tash_kalar_puzzles::{verify, Puzzle, BUDGET};

fn main() {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let p: Puzzle = match serde_json::from_str(&line) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("unreadable line: {e}");
                continue;
            }
        };
        let start = std::time::Instant::now();
        match verify(&p, BUDGET) {
            Ok(v) => println!("{} {} nodes {} {:.2} s", p.id, p.theme.name(), v.nodes, start.elapsed().as_secs_f64()),
            Err(e) => println!("{} {} refused: {e}", p.id, p.theme.name()),
        }
    }
}
