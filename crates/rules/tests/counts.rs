//! Count tests (like chess perft): the number of legal choices from fixed
//! positions, and the number after every choice, checked against
//! `tests/data/counts.txt`. The file's header says how to read it and how
//! to regenerate the numbers.

mod common;
use common::Gate;
use std::fmt::Write as _;
use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Form, Game, Phase, Position, School};

/// Past this many root choices the second ply is not counted (it would
/// take too long in a debug build).
const LEAVES_UP_TO: usize = 3000;

fn data_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/counts.txt")
}

/// One block of the data file.
struct Block {
    name: String,
    /// The position text, as written.
    position: String,
    choices: Option<usize>,
    leaves: Option<usize>,
}

fn parse_count(line: &str, key: &str, name: &str) -> Option<usize> {
    let v = line.strip_prefix(key)?.trim();
    Some(v.parse().unwrap_or_else(|_| panic!("block {name}: {key} {v:?} is not a number")))
}

/// Splits the file into its header (comments before the first block) and
/// blocks.
fn parse(text: &str) -> (String, Vec<Block>) {
    let mut header = String::new();
    let mut blocks: Vec<Block> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("=== ") {
            blocks.push(Block { name: name.trim().to_string(), position: String::new(), choices: None, leaves: None });
            continue;
        }
        let Some(b) = blocks.last_mut() else {
            header.push_str(line);
            header.push('\n');
            continue;
        };
        if let Some(n) = parse_count(line, "choices:", &b.name) {
            b.choices = Some(n);
        } else if let Some(n) = parse_count(line, "leaves:", &b.name) {
            b.leaves = Some(n);
        } else if !line.trim().is_empty() {
            b.position.push_str(line);
            b.position.push('\n');
        }
    }
    (header, blocks)
}

/// The legal choices at the root, and the sum over them of the legal
/// choices after each (`None` past [`LEAVES_UP_TO`]). Every root choice is
/// applied through the checked path.
fn count(game: &Game) -> (usize, Option<usize>) {
    let root = game.legal_choices();
    if root.len() > LEAVES_UP_TO {
        return (root.len(), None);
    }
    let mut leaves = 0;
    for &c in &root {
        let mut g = game.clone();
        g.act(c).unwrap_or_else(|e| panic!("listed {c} refused: {e}"));
        leaves += g.legal_choices().len();
    }
    (root.len(), Some(leaves))
}

fn game_of(b: &Block) -> Game {
    let p = Position::from_text(&b.position).unwrap_or_else(|e| panic!("block {}: {e}", b.name));
    p.to_game().unwrap_or_else(|e| panic!("block {}: {e}", b.name))
}

#[test]
fn legal_choice_counts_match_the_data_file() {
    let path = data_file();
    let text = std::fs::read_to_string(&path).expect("tests/data/counts.txt");
    let (header, blocks) = parse(&text);
    assert!(blocks.len() >= 5, "the data file holds {} blocks", blocks.len());
    let bless = std::env::var("TK_BLESS").is_ok_and(|v| v == "1");
    let mut out = header.clone();
    let mut wrong = Vec::new();
    for b in &blocks {
        let g = game_of(b);
        // a position's text must read back to the same position
        let p = Position::of(&g).expect("a main phase");
        assert_eq!(Position::from_text(&p.to_text()).unwrap(), p, "block {}", b.name);
        let (choices, leaves) = count(&g);
        if b.choices != Some(choices) || (leaves.is_some() && b.leaves != leaves) {
            wrong.push(format!(
                "{}: choices {} (file {:?}), leaves {:?} (file {:?})",
                b.name, choices, b.choices, leaves, b.leaves
            ));
        }
        let _ = write!(out, "=== {}\n{}choices: {choices}\n", b.name, b.position);
        if let Some(n) = leaves {
            let _ = writeln!(out, "leaves: {n}");
        }
        out.push('\n');
    }
    if bless {
        std::fs::write(&path, out.trim_end().to_string() + "\n").expect("write tests/data/counts.txt");
        eprintln!("blessed {} blocks; changed: {wrong:#?}", blocks.len());
        return;
    }
    assert!(
        wrong.is_empty(),
        "counts changed (if the change is intended, rerun with TK_BLESS=1 and review the diff):\n{}",
        wrong.join("\n")
    );
}

/// The parser of the data file keeps every block and number.
#[test]
fn the_data_file_parses() {
    let (header, blocks) = parse("# h\n=== a\nform: duel\nchoices: 3\nleaves: 9\n\n=== b\nx: y\nchoices: 1\n");
    assert_eq!(header, "# h\n");
    assert_eq!(blocks.len(), 2);
    assert_eq!((blocks[0].name.as_str(), blocks[0].choices, blocks[0].leaves), ("a", Some(3), Some(9)));
    assert_eq!(blocks[0].position, "form: duel\n");
    assert_eq!((blocks[1].choices, blocks[1].leaves), (Some(1), None));
}

/// Prints a position reached by seeded random play, for adding to the data
/// file: the first main phase with an action left from turn T on of a game
/// of form F between schools A and B, chance and players drawn from seed S:
/// `TK_COUNTS_SEED=S TK_COUNTS_TURN=T TK_COUNTS_SCHOOLS=A,B TK_COUNTS_FORM=F
/// cargo test -p tash-kalar-rules --test counts -- --ignored --nocapture`
/// (defaults: seed 1, turn 12, northern,southern, duel).
#[test]
#[ignore]
fn print_a_position_from_a_random_game() {
    let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
    let seed: u64 = var("TK_COUNTS_SEED", "1").parse().expect("a seed");
    let turn: u16 = var("TK_COUNTS_TURN", "12").parse().expect("a turn");
    let schools: Vec<School> =
        var("TK_COUNTS_SCHOOLS", "northern,southern").split(',').map(|s| School::parse(s).expect("a school")).collect();
    let form = Form::parse(&var("TK_COUNTS_FORM", "duel")).expect("a form");
    let mut g = Game::new(form, &schools).expect("a game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.actor() != Actor::Nobody {
        if g.phase() == Phase::Main && g.turn().actions > 0 && g.turn().number >= turn {
            let p = Position::of(&g).unwrap();
            let names: Vec<&str> = schools.iter().map(|s| s.name()).collect();
            println!("=== random {} {} seed {seed} turn {turn}\n{}", form.name(), names.join("-"), p.to_text());
            return;
        }
        let v = g.legal_choices();
        // half the time anything but placing a piece, so that beings come out
        let others: Vec<Choice> =
            v.iter().copied().filter(|c| !matches!(c, Choice::Place(_) | Choice::PickUp(_))).collect();
        let c = if !others.is_empty() && rng.gen_bool(0.5) {
            others[rng.gen_range(0..others.len())]
        } else {
            v[rng.gen_range(0..v.len())]
        };
        g.act(c).unwrap();
    }
    panic!("the game ended before turn {turn}: {:?}", g.outcome());
}
