//! Fuzz targets for every notation parser, as property tests: random bytes
//! and mutated valid texts fed to the board text, choice text, position
//! text and record parsers and to `Game::from_view` (view JSON). Each must
//! not panic, must explain a refusal, and what it accepts must round-trip
//! or be valid: a position that becomes a game keeps every invariant
//! (`Game::validate`, every piece accounted for, the position read back),
//! a record replays or names its line, every legal choice's text parses
//! back to the same choice.
//!
//! Environment: `TK_FUZZ_CASES` (default 64) cases per target, e.g.
//! `TK_FUZZ_CASES=20000 cargo test --release -p tash-kalar-rules --test fuzz`;
//! a failure prints the input proptest shrank it to.

mod common;
use common::{env_u64, Gate};

use std::sync::OnceLock;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{replay, Actor, Board, Choice, Form, Game, Match, Phase, Position, Rank, Record, School, View};

fn config() -> ProptestConfig {
    let cases = env_u64("TK_FUZZ_CASES").unwrap_or(64) as u32;
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Valid texts to mutate, gathered once from random games of every form.
struct Corpus {
    boards: Vec<String>,
    choices: Vec<String>,
    positions: Vec<String>,
    records: Vec<String>,
    views: Vec<String>,
}

fn schools_for(form: Form) -> Vec<School> {
    match form.seats().start() {
        2 => vec![School::Highland, School::Sylvan],
        3 => vec![School::Southern, School::Northern, School::Highland],
        _ => vec![School::Northern, School::Southern, School::Highland, School::Sylvan],
    }
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut c = Corpus { boards: vec![], choices: vec![], positions: vec![], records: vec![], views: vec![] };
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for form in Form::ALL {
            let mut m = Match::new(form, &schools_for(form), Some(1)).unwrap();
            m.keep_take_backs();
            let mut step = 0;
            while !m.game().is_over() && step < 400 {
                let g = m.game();
                let legal = g.legal_choices();
                if step % 23 == 0 {
                    c.boards.push(g.board().to_text());
                    c.views.push(serde_json::to_string(&g.view(0)).unwrap());
                    if let Some(p) = Position::of(g) {
                        c.positions.push(p.to_text());
                    }
                }
                c.choices.extend(legal.iter().take(3).map(|x| x.to_string()));
                if m.can_undo() && rng.gen_bool(0.1) {
                    m.undo();
                } else {
                    let x = legal[rng.gen_range(0..legal.len())];
                    common::act(&mut m, x).unwrap();
                }
                step += 1;
            }
            c.records.push(m.record().to_text());
        }
        c
    })
}

/// Pieces of text a mutation may insert: the notations' own words.
const WORDS: &[&str] = &[
    "9",
    "0",
    "1",
    "4",
    "/",
    "b",
    "r",
    "n",
    "g",
    "+",
    "*",
    "x",
    " ",
    "\n",
    ":",
    ",",
    "|",
    "-",
    "#",
    "e5",
    "a1",
    "i9",
    "place",
    "summon",
    "draw",
    "undo",
    "resign",
    "end",
    "skip",
    "r90",
    "m0",
    "from",
    "imperial.knight",
    "legends.titan",
    "flares.01",
    "tasks.center_cross",
    "supply",
    "out",
    "16/3",
    "99/99",
    "255",
    "seat:",
    "form:",
    "duel",
    "melee",
    "team-duel",
    "1 ",
    "* ",
    "Position:",
    "  ",
    "\"",
    "{",
    "}",
    "[",
    "]",
    "null",
    "-1",
    "18446744073709551616",
    "é",
    "\u{0}",
];

/// One edit of a text, driven by the numbers proptest chose.
fn mutate(text: &str, edits: &[(usize, usize, usize, u8)]) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for &(a, b, w, kind) in edits {
        let len = s.len().max(1);
        let (i, j) = (a % len, b % len);
        let (i, j) = (i.min(j), i.max(j));
        match kind % 6 {
            0 => {
                s.drain(i..j.min(s.len()));
            }
            1 => {
                let word: Vec<char> = WORDS[w % WORDS.len()].chars().collect();
                let at = i.min(s.len());
                s.splice(at..at, word);
            }
            2 => {
                let word: Vec<char> = WORDS[w % WORDS.len()].chars().collect();
                let end = (i + 2).min(s.len());
                s.splice(i.min(s.len())..end, word);
            }
            3 => {
                // duplicate a stretch
                let part: Vec<char> = s[i..j.min(s.len())].to_vec();
                let at = j.min(s.len());
                s.splice(at..at, part);
            }
            4 => {
                // swap two lines
                let text: String = s.iter().collect();
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let (x, y) = (a % lines.len(), b % lines.len());
                    lines.swap(x, y);
                }
                s = lines.join("\n").chars().collect();
            }
            _ => {
                // a digit changed
                if let Some(k) = (i..s.len()).find(|&k| s[k].is_ascii_digit()) {
                    s[k] = char::from(b'0' + (w % 10) as u8);
                }
            }
        }
    }
    s.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(usize, usize, usize, u8)>> {
    prop::collection::vec((any::<usize>(), any::<usize>(), any::<usize>(), any::<u8>()), 1..5)
}

/// Either random bytes or a mutated text from `pool`.
fn input(pool: fn(&Corpus) -> &Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        (any::<usize>(), edits()).prop_map(move |(k, e)| {
            let texts = pool(corpus());
            mutate(&texts[k % texts.len()], &e)
        }),
    ]
}

/// The invariants of a game made from an accepted text.
fn check_game(g: &Game) -> Result<(), TestCaseError> {
    g.validate().map_err(|e| TestCaseError::fail(format!("an accepted game is invalid: {e}")))?;
    for s in g.seats() {
        let c = s.color;
        let (two, leg) = g.pieces_in_play(c);
        let on_two = g.board().count(c, Rank::Common) + g.board().count(c, Rank::Heroic);
        let on_leg = g.board().count(c, Rank::Legendary);
        prop_assert_eq!(on_two + g.supply(c, Rank::Common) as u32, two as u32);
        prop_assert_eq!(on_leg + g.supply(c, Rank::Legendary) as u32, leg as u32);
        let out = g.out_of_play(c);
        prop_assert_eq!((two + out.0, leg + out.1), g.form().pieces_for(g.seat_count()));
    }
    // every legal choice's text reads back to it, and it applies
    for c in g.legal_choices() {
        let text = c.to_string();
        prop_assert_eq!(text.parse::<Choice>().map(|p| g.normalize(p)), Ok(c), "{}", text);
        let mut h = g.clone();
        h.act(c).map_err(|e| TestCaseError::fail(format!("listed {c} refused: {e}")))?;
        h.validate().map_err(|e| TestCaseError::fail(format!("after {c}: {e}")))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn board_text(text in input(|c| &c.boards)) {
        match Board::from_text(&text) {
            Ok(b) => {
                let printed = b.to_text();
                prop_assert_eq!(Board::from_text(&printed), Ok(b.clone()));
                prop_assert_eq!(Board::from_text(&printed).unwrap().to_text(), printed);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn choice_text(text in input(|c| &c.choices)) {
        match text.parse::<Choice>() {
            Ok(c) => prop_assert_eq!(c.to_string().parse::<Choice>(), Ok(c)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn position_text(text in input(|c| &c.positions)) {
        match Position::from_text(&text) {
            Ok(p) => {
                let printed = p.to_text();
                let again = Position::from_text(&printed)
                    .map_err(|e| TestCaseError::fail(format!("printed position refused: {e}\n{printed}")))?;
                prop_assert_eq!(&again, &p);
                match p.to_game() {
                    Ok(g) => {
                        check_game(&g)?;
                        prop_assert_eq!(Position::of(&g).map(|q| q.to_game().ok()), Some(Some(g.clone())));
                    }
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn record_text(text in input(|c| &c.records)) {
        match Record::parse(&text) {
            Ok(r) => {
                let printed = r.to_text();
                let again = Record::parse(&printed)
                    .map_err(|e| TestCaseError::fail(format!("printed record refused: {e}\n{printed}")))?;
                prop_assert_eq!(&again, &r);
                prop_assert_eq!(again.to_text(), printed.clone());
                match replay(&r) {
                    Ok(g) => {
                        prop_assert_eq!(replay(&again), Ok(g.clone()));
                        let m = Match::from_record(&r)
                            .map_err(|e| TestCaseError::fail(format!("replayed, but not as a match: {e}")))?;
                        prop_assert_eq!(m.game(), &g);
                    }
                    Err(e) => {
                        prop_assert!(e.line <= printed.lines().count().max(text.lines().count()) + 1, "{}", e);
                        prop_assert!(!e.to_string().is_empty());
                    }
                }
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1), "{}", e);
            }
        }
    }

    #[test]
    fn view_json(text in input(|c| &c.views)) {
        // (text that is not a view's JSON is serde's to refuse)
        if let Ok(view) = serde_json::from_str::<View>(&text) {
            match Game::from_view(&view) {
                Ok(g) => {
                    g.validate().map_err(|e| TestCaseError::fail(format!("a view's game is invalid: {e}")))?;
                    if g.actor() != Actor::Nobody && g.phase() != Phase::Over {
                        let _ = g.legal_choices();
                    }
                }
                Err(e) => prop_assert!(e.to_string().starts_with("bad view")),
            }
        }
    }
}

/// Found by the position target: a melee seat line with no opponents
/// printed `points ` with nothing after it, which did not read back.
#[test]
fn a_melee_seat_with_no_opponents_round_trips() {
    let text = "form: melee\nboard: 9/9/9/9/9/9/9/9/9\nseat: southern supply 15/3\n";
    let p = Position::from_text(text).unwrap();
    let printed = p.to_text();
    assert!(printed.contains(" points - improvised -"), "{printed}");
    assert_eq!(Position::from_text(&printed).unwrap(), p);
    assert_eq!(p.to_game().unwrap_err().to_string(), "melee is played by 3 to 4 seats, not 1");
}

/// Every legal choice of random games in every form reads back from its
/// text to the same choice (the choice parser's other direction).
#[test]
fn every_legal_choice_reads_back_from_its_text() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let games = env_u64("TK_FUZZ_CASES").unwrap_or(64).div_ceil(16).max(2);
    for form in Form::ALL {
        for _ in 0..games {
            let mut g = Game::new(form, &schools_for(form)).unwrap();
            let mut steps = 0;
            while !g.is_over() && steps < 600 {
                let legal = g.legal_choices();
                for &c in &legal {
                    let text = c.to_string();
                    assert_eq!(text.parse::<Choice>().map(|p| g.normalize(p)), Ok(c), "{text}");
                }
                g.act(legal[rng.gen_range(0..legal.len())]).unwrap();
                steps += 1;
            }
        }
    }
}
