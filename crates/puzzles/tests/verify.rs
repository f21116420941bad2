//! The verifier on handmade positions.

use tash_kalar_puzzles::{solves, verify, Puzzle, Theme, VerifyError, BUDGET};
use tash_kalar_rules::{Board, CardId, Color, Form, Piece, Position, Rank, School, SeatSetup, Square};

/// An Etherweave (purple, seat 0, to play) against Northern duel position
/// from `square=piece` words, purple holding `cards`.
fn position(pieces: &str, cards: &[&str]) -> String {
    let mut b = Board::empty();
    for word in pieces.split_whitespace() {
        let (s, p) = word.split_once('=').unwrap();
        let mut chars = p.chars();
        let color = Color::from_letter(chars.next().unwrap()).unwrap();
        let rank = if chars.next() == Some('+') { Rank::Heroic } else { Rank::Common };
        b.set(Square::parse(s).unwrap(), Some(Piece::new(color, rank)));
    }
    let mut p = Position::duel(&b.to_text()).unwrap();
    p.seats = vec![SeatSetup::new(School::Etherweave), SeatSetup::new(School::Northern)];
    p.number = 3;
    for s in &mut p.seats {
        let c = s.school.color();
        let two = p.board.count(c, Rank::Common) + p.board.count(c, Rank::Heroic);
        s.supply = (16 - two as u8, 3 - p.board.count(c, Rank::Legendary) as u8);
    }
    p.seats[0].beings = cards.iter().map(|id| CardId::parse(id).unwrap()).collect();
    p.actions = 1;
    p.to_text()
}

fn puzzle(position: String, solution: &[&str]) -> Puzzle {
    Puzzle {
        id: "t".into(),
        position,
        theme: Theme::BestScore,
        solution: solution.iter().map(|s| s.to_string()).collect(),
        difficulty: 1,
        form: Form::Duel,
        schools: vec![School::Etherweave, School::Northern],
    }
}

#[test]
fn warping_before_the_summon_that_destroys_is_accepted_and_checked() {
    // the Gate of Oblivion's warp doubles what is destroyed later this
    // turn: warping first, then summoning it onto the heroic piece, beats
    // the summon alone
    let p = puzzle(
        position("d5=p f5=p d6=p f6=p e6=b+", &["etherweave.gate_of_oblivion"]),
        &["warp etherweave.gate_of_oblivion", "summon etherweave.gate_of_oblivion e5 r180"],
    );
    let verdict = verify(&p, BUDGET).expect("a true puzzle");
    assert!(verdict.best > 0, "{verdict:?}");
    assert!(verdict.runner_up.unwrap() < verdict.best);
    assert!(solves(&p, &p.solution, BUDGET).unwrap());
    assert!(!solves(&p, &["end".to_string()], BUDGET).unwrap());
    // the summon alone scores, but less: not the solution
    let alone = ["summon etherweave.gate_of_oblivion e5 r180".to_string()];
    assert!(!solves(&p, &alone, BUDGET).unwrap());
    assert!(matches!(verify(&puzzle(p.position.clone(), &[&alone[0]]), BUDGET), Err(VerifyError::NotBest { .. })));
    assert!(!solves(&p, &["nonsense".to_string()], BUDGET).unwrap());
}

#[test]
fn a_position_where_every_first_choice_ties_is_refused() {
    let p = puzzle(position("d5=p e6=b", &[]), &["place c9"]);
    assert!(matches!(verify(&p, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&p, BUDGET));
}

#[test]
fn a_wrong_solution_is_refused() {
    let p = puzzle(position("d5=p f5=p d6=p f6=p e6=b+", &["etherweave.gate_of_oblivion"]), &["end"]);
    assert!(verify(&p, BUDGET).is_err());
}

#[test]
fn the_format_round_trips_through_json() {
    let p = puzzle(position("d5=p", &[]), &["end"]);
    let line = serde_json::to_string(&p).unwrap();
    assert!(line.contains("\"theme\":\"best-score\""), "{line}");
    assert_eq!(serde_json::from_str::<Puzzle>(&line).unwrap(), p);
}
