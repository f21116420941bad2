//! The stored set (`data/puzzles/puzzles.jsonl`): every line reads, ids
//! are unique, the counts are those `data/puzzles/README.md` gives, and a
//! random sample re-verifies (any seed: `PUZZLES_SEED=N`; all of them under
//! `--ignored`).

use std::collections::{BTreeMap, HashSet};

use tash_kalar_puzzles::{verify, Puzzle, BUDGET};

const SET: &str = include_str!("../../../data/puzzles/puzzles.jsonl");
const README: &str = include_str!("../../../data/puzzles/README.md");

fn set() -> Vec<Puzzle> {
    SET.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v).unwrap().as_str().unwrap().to_string()
}

#[test]
fn ids_are_unique_and_the_counts_are_the_readmes() {
    let all = set();
    let ids: HashSet<&str> = all.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), all.len(), "ids unique");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in &all {
        *counts.entry(format!("theme | {}", name(&p.theme))).or_default() += 1;
        *counts.entry(format!("form | {}", name(&p.form))).or_default() += 1;
        for s in &p.schools {
            *counts.entry(format!("school | {}", name(s))).or_default() += 1;
        }
        assert!((1..=5).contains(&p.difficulty), "{}", p.id);
    }
    assert!(README.contains(&format!("Total: {} puzzles", all.len())), "the README's total");
    for (key, n) in counts {
        let row = format!("| {key} | {n} |");
        assert!(README.contains(&row), "the README lacks {row:?}");
    }
}

fn check(all: &[Puzzle]) {
    for p in all {
        let v = verify(p, BUDGET).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(v.runner_up.is_some_and(|r| r < v.best), "{}: {v:?}", p.id);
    }
}

#[test]
fn a_random_sample_verifies() {
    let all = set();
    let seed: u64 = std::env::var("PUZZLES_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos().into()
    });
    eprintln!("PUZZLES_SEED={seed}");
    // a small generator of our own: the sample, not its quality, matters
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let sample: Vec<Puzzle> = (0..3)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            all[(x >> 33) as usize % all.len()].clone()
        })
        .collect();
    check(&sample);
}

#[test]
#[ignore = "minutes in a debug build: cargo test --release -p tash-kalar-puzzles -- --ignored"]
fn every_stored_puzzle_verifies() {
    check(&set());
}
