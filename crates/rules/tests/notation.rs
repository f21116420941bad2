//! Every example in `docs/notation.md` parses, prints back unchanged, and
//! (positions, records) makes a legal game.

use tash_kalar_rules::{replay, Actor, Board, Choice, Form, Phase, Position, Record, TaskId};

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
    assert_eq!(bad.len(), 9);
    for text in bad {
        assert!(Board::from_text(&text).is_err(), "{text} should be rejected");
    }
}

#[test]
fn the_gateway_marker_is_read_where_a_gateway_can_be() {
    let (board, marked) = Board::from_text_marked("9/9/9/9/2o+@3o2/9/9/9/9").unwrap();
    assert_eq!(marked.squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["c5"]);
    assert_eq!(board.to_text(), "9/9/9/9/2o+3o2/9/9/9/9");
    assert_eq!(board.to_text_marked(marked), "9/9/9/9/2o+@3o2/9/9/9/9");
    assert!(board.diagram_marked(marked).lines().any(|l| l.starts_with('5') && l.contains("o+@")));
    let e = Board::from_text("9/9/9/9/4o@4/9/9/9/9").unwrap_err().to_string();
    assert!(e.contains("Gateway marker") && e.contains("e5"), "{e}");
    let e = Board::from_text_marked("9/9/9/9/4o*@4/9/9/9/9").unwrap_err().to_string();
    assert!(e.contains("legendary"), "{e}");
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
    assert_eq!(kinds.len(), 23, "every kind but resigning, which is not a choice");
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
    assert_eq!(examples.len(), 5);
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
    // the Swordmaster example with take-backs: the same destruction, b5 for a5
    let undone = Record::parse(&examples[4]).unwrap();
    assert!(undone.has_take_backs());
    assert_eq!(undone.moves.len(), 5, "the choices that stand");
    assert_eq!(replay(&undone).unwrap().board().to_text(), "9/9/9/4b4/1b2b+4/4b4/9/9/9");
}

fn task(id: &str) -> TaskId {
    TaskId::parse(id).unwrap()
}

#[test]
fn the_high_form_record_example_claims_the_center_cross() {
    let examples = blocks("record");
    let g = replay(&Record::parse(&examples[2]).unwrap()).unwrap();
    assert_eq!(g.form(), Form::HighForm);
    let tb = g.tasks().unwrap();
    assert_eq!(tb.claimed[0].as_slice(), [task("tasks.center_cross")]);
    assert_eq!(tb.claimed[1].as_slice(), [task("tasks.green_conquest")]);
    assert_eq!(
        tb.current.as_slice(),
        [task("tasks.side_chain"), task("tasks.destruction"), task("tasks.red_conquest")]
    );
    assert_eq!(tb.next, Some(task("tasks.diagonals")));
    assert_eq!(tb.deck.len(), 1);
    assert_eq!((g.seat(0).score, g.seat(1).score), (2, 2));
    assert_eq!(g.board().to_text(), "9/9/9/4b4/br1bbb3/4b4/9/9/9");
    assert_eq!(g.actor(), Actor::Seat(1));
    // the same position, declining the claim instead
    let declined = examples[2].replace("1 claim tasks.center_cross\n* draw tasks.diagonals\n", "1 skip\n");
    let g = replay(&Record::parse(&declined).unwrap()).unwrap();
    assert!(g.tasks().unwrap().claimed[0].is_empty());
    assert_eq!(g.tasks().unwrap().current[0], task("tasks.center_cross"));
}

#[test]
fn the_first_game_record_example_sets_a_three_point_task_aside() {
    let examples = blocks("record");
    let r = Record::parse(&examples[3]).unwrap();
    // just before the fourth task: Color Conquest is set aside
    let mut upto = r.clone();
    upto.moves.truncate(r.moves.iter().position(|m| m.choice == Choice::DrawTask(task("tasks.red_conquest"))).unwrap());
    let g = replay(&upto).unwrap();
    assert_eq!(g.phase(), Phase::RevealTasks);
    assert_eq!(g.tasks().unwrap().set_aside.as_slice(), [task("tasks.color_conquest")]);
    let g = replay(&r).unwrap();
    assert_eq!(g.form(), Form::FirstGame);
    let tb = g.tasks().unwrap();
    assert_eq!(
        tb.current.as_slice(),
        [task("tasks.center_cross"), task("tasks.destruction"), task("tasks.red_conquest")]
    );
    assert_eq!(tb.next, Some(task("tasks.color_conquest")));
    assert_eq!(tb.deck.len(), 12);
    assert!(g.seat(0).legends.is_empty() && g.seat(1).legends.is_empty());
    assert_eq!(g.board().to_text(), "9/9/9/9/4n4/9/9/9/9");
    assert_eq!(g.actor(), Actor::Seat(1));
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
