//! Every example in `docs/notation.md` parses, prints back unchanged, and
//! (positions, records) makes a legal game.

use tash_kalar_rules::{replay, Actor, Board, Choice, Position, Record};

const DOC: &str = include_str!("../../../docs/notation.md");

/// The contents of the fenced blocks with a given info string.
fn blocks(kind: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in DOC.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(info)) if info.trim() == kind => current = Some(String::new()),
            (Some(_), Some("")) => out.push(current.take().expect("in a block")),
            (Some(text), _) => {
                text.push_str(line);
                text.push('\n');
            }
            _ => {}
        }
    }
    assert!(current.is_none(), "an unclosed {kind} block");
    out
}

fn lines(kind: &str) -> Vec<String> {
    let all: Vec<String> = blocks(kind).iter().flat_map(|b| b.lines().map(String::from).collect::<Vec<_>>()).collect();
    assert!(!all.is_empty(), "no {kind} examples in docs/notation.md");
    all
}

#[test]
fn board_text_examples_round_trip() {
    for text in lines("board-text") {
        let board = Board::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(board.to_text(), text);
    }
    let b = Board::from_text("9/9/3r+5/9/4b4/9/9/9/9").unwrap();
    assert_eq!(b.pieces().map(|(s, p)| format!("{s}:{p}")).collect::<Vec<_>>(), ["e5:b", "d7:r+"]);
}

#[test]
fn invalid_board_text_examples_are_rejected() {
    let bad = lines("board-text-invalid");
    assert_eq!(bad.len(), 7);
    for text in bad {
        assert!(Board::from_text(&text).is_err(), "{text} should be rejected");
    }
}

#[test]
fn choice_examples_round_trip() {
    let examples = lines("choice");
    for text in &examples {
        let c: Choice = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&c.to_string(), text);
    }
    // every kind of choice has an example
    let kinds: std::collections::HashSet<_> =
        examples.iter().map(|t| std::mem::discriminant(&t.parse::<Choice>().unwrap())).collect();
    assert_eq!(kinds.len(), 16);
}

#[test]
fn position_examples_round_trip_and_make_games() {
    let examples = blocks("position");
    assert!(!examples.is_empty());
    for text in examples {
        let p = Position::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(p.to_text(), text);
        let g = p.to_game().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(Position::of(&g).as_ref(), Some(&p));
        assert_eq!(g.actor(), Actor::Seat(p.turn));
    }
}

#[test]
fn record_examples_round_trip_and_replay() {
    let examples = blocks("record");
    assert_eq!(examples.len(), 2);
    for text in &examples {
        let r = Record::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&r.to_text(), text);
        replay(&r).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }
    let swordmaster = replay(&Record::parse(&examples[0]).unwrap()).unwrap();
    assert_eq!(swordmaster.board().to_text(), "9/9/9/4b4/br2b+4/4b4/9/9/9");
    assert_eq!(swordmaster.seat(0).beings.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["imperial.knight"]);
    let new_game = replay(&Record::parse(&examples[1]).unwrap()).unwrap();
    assert_eq!(new_game.seat(0).beings.len(), 3);
    assert_eq!(new_game.actor(), Actor::Chance, "the dealing goes on");
}

#[test]
fn record_syntax_examples_parse_and_print_stably() {
    let examples = blocks("record-syntax");
    assert!(!examples.is_empty());
    for text in examples {
        let r = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let printed = r.to_text();
        let again = Record::parse(&printed).unwrap();
        assert_eq!(again, r);
        assert_eq!(again.to_text(), printed);
        // the printed form is the text without comments and padding
        let stripped: Vec<&str> =
            text.lines().map(|l| l.split('#').next().unwrap().trim_end()).filter(|l| !l.is_empty()).collect();
        let printed_lines: Vec<&str> = printed.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(printed_lines, stripped);
        assert!(r.players == ["Ann", "Bo"] && r.tag("Event") == Some("club night") && r.seed == Some(7));
    }
}
