//! The verifier on handmade positions.

use tash_kalar_puzzles::{solves, verify, Puzzle, Theme, VerifyError, BUDGET};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{Board, CardId, Color, Form, Piece, Position, Rank, School, SeatSetup, Square};

/// An Etherweave (purple, seat 0, to play) against Northern duel position
/// from `square=piece` words, purple holding `cards`.
fn position(pieces: &str, cards: &[&str]) -> String {
    setup(pieces, cards).to_text()
}

/// [`position`] before it is written out.
fn setup(pieces: &str, cards: &[&str]) -> Position {
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
    p
}

fn puzzle(position: String, solution: &[&str]) -> Puzzle {
    themed(Theme::BestScore, position, solution)
}

fn themed(theme: Theme, position: String, solution: &[&str]) -> Puzzle {
    Puzzle {
        id: "t".into(),
        position,
        theme,
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

/// The Gate of Oblivion position of the first test in a duel's final round,
/// Northern holding two more heroic pieces far away (so that it wins a tie
/// on upgraded pieces) and nothing to summon with; `end` the end state
/// (the seat that plays last, turns left after this one) and the scores.
fn final_round(end: (u8, u8), scores: (i16, i16)) -> String {
    let mut p = setup("d5=p f5=p d6=p f6=p e6=b+ b2=b+ b8=b+", &["etherweave.gate_of_oblivion"]);
    p.end = Some(end);
    p.seats[0].score = scores.0;
    p.seats[1].score = scores.1;
    p.to_text()
}

const WARP: &str = "warp etherweave.gate_of_oblivion";
const SUMMON: &str = "summon etherweave.gate_of_oblivion e5 r180";

#[test]
fn win_now_only_the_warp_first_wins_the_last_turn() {
    // purple's last turn, a point behind: the summon onto the heroic piece
    // alone ties at 19 and loses on upgraded pieces; warped first it
    // scores 2
    let p = themed(Theme::WinNow, final_round((0, 0), (18, 19)), &[WARP, SUMMON]);
    let verdict = verify(&p, BUDGET).expect("a true puzzle");
    assert_eq!((verdict.best, verdict.runner_up), (1, Some(0)), "{verdict:?}");
    assert!(solves(&p, &p.solution, BUDGET).unwrap());
    assert!(!solves(&p, &[SUMMON.to_string()], BUDGET).unwrap());
}

#[test]
fn win_now_is_seen_past_the_last_turns_draws() {
    // with cards left in purple's deck the summon's card is drawn again
    // before the game is over: the draw is dealt, the win still seen
    let mut p = Position::from_text(&final_round((0, 0), (18, 19))).unwrap();
    p.seats[0].deck = Pile::ordered([CardId::parse("etherweave.void_summoner").unwrap()]);
    let p = themed(Theme::WinNow, p.to_text(), &[WARP, SUMMON]);
    let verdict = verify(&p, BUDGET).expect("a true puzzle");
    assert_eq!((verdict.best, verdict.runner_up), (1, Some(0)), "{verdict:?}");
}

#[test]
fn win_now_is_refused_where_any_turn_wins_or_none_does() {
    // a point ahead: placing a piece wins as well
    let ahead = themed(Theme::WinNow, final_round((0, 0), (18, 17)), &[WARP, SUMMON]);
    assert!(matches!(verify(&ahead, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&ahead, BUDGET));
    // three behind: nothing wins
    let behind = themed(Theme::WinNow, final_round((0, 0), (18, 21)), &[WARP, SUMMON]);
    assert!(matches!(verify(&behind, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&behind, BUDGET));
}

#[test]
fn stop_the_win_only_the_warp_first_keeps_the_last_turn_from_winning() {
    // Northern plays the last turn and wins a tie on upgraded pieces;
    // with nothing to summon it cannot score: purple's two points now (the
    // warp, then either summon onto the heroic piece) stop it, one does not
    let p = themed(Theme::StopTheWin, final_round((1, 1), (17, 18)), &[WARP, SUMMON]);
    let verdict = verify(&p, BUDGET).expect("a true puzzle");
    assert_eq!((verdict.best, verdict.runner_up), (1, Some(0)), "{verdict:?}");
    assert!(solves(&p, &p.solution, BUDGET).unwrap());
    assert!(solves(&p, &[WARP.to_string(), "summon etherweave.gate_of_oblivion e6 r0".to_string()], BUDGET).unwrap());
    assert!(!solves(&p, &[SUMMON.to_string()], BUDGET).unwrap());
    assert!(!solves(&p, &["place c2".to_string()], BUDGET).unwrap());
}

#[test]
fn stop_the_win_is_refused_where_any_turn_stops_it_or_none_does() {
    // level: either summon alone (e5 turned, or onto e6) stops it
    let ahead = themed(Theme::StopTheWin, final_round((1, 1), (18, 18)), &[SUMMON]);
    assert!(matches!(verify(&ahead, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&ahead, BUDGET));
    // two behind: the warp and the summon only tie, and the tie is lost
    let behind = themed(Theme::StopTheWin, final_round((1, 1), (16, 18)), &[WARP, SUMMON]);
    assert!(matches!(verify(&behind, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&behind, BUDGET));
}

/// The High Form lesson's position (Northern's pieces make the Center
/// Cross but for its center) with another `board`, Northern's `actions`
/// left.
fn high_form(board: &str, actions: u8) -> String {
    // the form's 17 two-sided pieces: on the board or in supply
    let supply = 17 - board.matches('b').count();
    [
        "form: high-form",
        &format!("board: {board}"),
        "turn: 0",
        &format!("actions: {actions}"),
        "number: 7",
        &format!("seat: northern score 0 supply {supply}/3 beings - legends - flares - deck imperial.knight discard -"),
        "seat: southern score 2 supply 17/3 beings - legends - flares - deck imperial.cannon discard -",
        "legends: deck - discard -",
        "flares: deck - discard -",
        "tasks: current tasks.center_cross,tasks.destruction,tasks.red_conquest next tasks.side_chain deck - | tasks.diagonals,tasks.imprisonment | -",
        "tasks: claimed 1 tasks.green_conquest",
    ]
    .join("\n")
}

fn claim(position: String, solution: &[&str]) -> Puzzle {
    Puzzle {
        form: Form::HighForm,
        schools: vec![School::Northern, School::Southern],
        ..themed(Theme::ClaimTask, position, solution)
    }
}

#[test]
fn claim_task_only_the_center_completes_the_cross() {
    let p = claim(high_form("9/9/9/4b4/3b1b3/4b4/9/9/9", 2), &["place e5"]);
    let verdict = verify(&p, BUDGET).expect("a true puzzle");
    assert_eq!((verdict.best, verdict.runner_up), (1, Some(0)), "{verdict:?}");
    assert!(solves(&p, &["place c3".to_string(), "place e5".to_string()], BUDGET).unwrap(), "the key played second");
    assert!(!solves(&p, &["place c3".to_string(), "place c4".to_string()], BUDGET).unwrap());
}

#[test]
fn claim_task_is_refused_where_any_turn_claims_or_none_does() {
    // the cross stands already: every turn claims it
    let made = claim(high_form("9/9/9/4b4/3bbb3/4b4/9/9/9", 2), &["place c3"]);
    assert!(matches!(verify(&made, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&made, BUDGET));
    // two squares missing and one action left: no turn claims it
    let none = claim(high_form("9/9/9/4b4/3b1b3/9/9/9/9", 1), &["place e5"]);
    assert!(matches!(verify(&none, BUDGET), Err(VerifyError::NotUnique { .. })), "{:?}", verify(&none, BUDGET));
}
