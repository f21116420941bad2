//! The one gate of the match API (`Match::act`, `undo_by`, `resign`): who
//! may act, what is being decided, what is legal, each refusal saying why
//! and leaving the match untouched; the one validation of positions and
//! views (every piece accounted for); records that keep their take-backs.

mod common;
use common::*;
use tash_kalar_rules::{
    replay, replay_text, replay_through, Choice, Form, Game, Line, Match, Mover, Phase, Position, PositionError,
    Record, RecordReason, Refusal, ReplayReason, School, View,
};

/// Blue (seat 0) to act with 2 actions holding a Swordmaster, a red piece
/// on f6; one card in each deck, so the end of the turn draws.
fn swordmaster() -> Match {
    let mut p = duel_position("9/9/9/4br3/9/4b4/9/9/9", &["imperial.swordmaster"]);
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([card("imperial.knight")]);
    p.seats[1].deck = tash_kalar_rules::pile::Pile::ordered([card("imperial.cannon")]);
    Match::from_position(p).unwrap()
}

fn card(id: &str) -> tash_kalar_rules::CardId {
    tash_kalar_rules::CardId::parse(id).unwrap()
}

fn choice(text: &str) -> Choice {
    text.parse().unwrap()
}

/// Refuses `act` and checks that nothing changed, game or record.
fn refused(m: &mut Match, by: Mover, text: &str) -> Refusal {
    let (game, record) = (m.game().clone(), m.record().clone());
    let e = m.act(by, choice(text)).expect_err(text);
    assert_eq!(m.game(), &game, "{text}: the game changed");
    assert_eq!(m.record(), &record, "{text}: the record changed");
    e
}

#[test]
fn a_choice_from_the_wrong_seat_says_whose_turn_it_is() {
    let mut m = swordmaster();
    let e = refused(&mut m, Mover::Seat(1), "place a5");
    assert_eq!(e, Refusal::WrongSeat { by: Mover::Seat(1), actor: Mover::Seat(0) });
    assert_eq!(e.to_string(), "it is not your turn to choose: seat 1 is to choose");
    let e = refused(&mut m, Mover::Chance, "draw imperial.knight");
    assert_eq!(e.to_string(), "it is not chance's turn: seat 1 is to choose");
    let e = refused(&mut m, Mover::Seat(2), "place a5");
    assert_eq!(e.to_string(), "there is no seat 3 at this table of 2");
    // and a seat in chance's place
    m.act_text(Mover::Seat(0), "place a5").unwrap();
    m.act_text(Mover::Seat(0), "place b5").unwrap();
    m.act_text(Mover::Seat(0), "end").unwrap();
    assert_eq!(m.game().phase(), Phase::Refill { seat: 0, beings: 3, legends: 2, flares: 1, setup: false });
    let e = refused(&mut m, Mover::Seat(0), "draw imperial.knight");
    assert_eq!(e.to_string(), "it is not your turn to choose: chance is to draw");
}

#[test]
fn a_choice_of_the_wrong_kind_says_what_is_being_decided() {
    let mut m = swordmaster();
    let e = refused(&mut m, Mover::Seat(0), "f6");
    assert!(matches!(e, Refusal::WrongPhase { phase: Phase::Main, .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "f6 is not a legal choice now: it does not answer what is being decided \
         (seat 1's action, a flare or the end of the turn)"
    );
    m.act_text(Mover::Seat(0), "summon imperial.swordmaster e5 r0").unwrap();
    assert_eq!(m.game().phase(), Phase::Effect);
    let e = refused(&mut m, Mover::Seat(0), "place a5");
    let text = e.to_string();
    assert!(text.starts_with("place a5 is not a legal choice now: it does not answer"), "{text}");
    assert!(text.contains("the Swordmaster's effect"), "{text}");
}

#[test]
fn an_illegal_choice_of_the_right_kind_names_the_nearest_legal_ones() {
    let mut m = swordmaster();
    // e6 holds a piece: the nearest empty squares are offered
    let e = refused(&mut m, Mover::Seat(0), "place e6");
    let Refusal::Illegal { nearest, .. } = &e else { panic!("{e:?}") };
    assert_eq!(nearest.len(), tash_kalar_rules::history::NEAREST);
    assert!(
        nearest
            .iter()
            .all(|c| matches!(c, Choice::Place(s) if s.distance(tash_kalar_rules::Square::parse("e6").unwrap()) == 1)),
        "{nearest:?}"
    );
    assert!(e.to_string().starts_with("place e6 is not a legal choice now (nearest legal: place "), "{e}");
    // a summon on the wrong square: the same card's summons come first
    let e = refused(&mut m, Mover::Seat(0), "summon imperial.swordmaster a5 r0");
    let Refusal::Illegal { nearest, .. } = &e else { panic!("{e:?}") };
    assert_eq!(nearest, &[choice("summon imperial.swordmaster e5 r0")]);
    // a mirror name of a listed orientation is the same choice, normalised
    assert_eq!(
        m.act_text(Mover::Seat(0), "summon imperial.swordmaster e5 r180"),
        Ok(choice("summon imperial.swordmaster e5 r0"))
    );
}

#[test]
fn text_that_is_no_choice_is_refused_as_such() {
    let mut m = swordmaster();
    let e = m.act_text(Mover::Seat(0), "plaice e5").unwrap_err();
    assert!(matches!(e, Refusal::Syntax { .. }));
    assert_eq!(e.to_string(), "\"plaice e5\" is not a choice: unknown choice \"plaice e5\"");
}

#[test]
fn take_backs_and_resignations_pass_the_same_gate() {
    let mut m = swordmaster();
    let e = m.undo_by(0).unwrap_err();
    assert_eq!(e, Refusal::NothingToTakeBack { seat: 0 });
    m.act_text(Mover::Seat(0), "place a5").unwrap();
    let before = m.game().clone();
    assert_eq!(m.undo_by(1), Err(Refusal::NothingToTakeBack { seat: 1 }), "not another seat's choice");
    assert_eq!(m.game(), &before);
    assert_eq!(m.undo_by(0), Ok(choice("place a5")));
    assert_eq!(m.resign(5), Err(Refusal::NoSuchSeat { seat: 5, seats: 2 }));
    m.resign(1).unwrap();
    assert_eq!(m.resign(0), Err(Refusal::GameOver));
    assert_eq!(m.undo_by(1), Err(Refusal::GameOver));
    let e = refused(&mut m, Mover::Seat(0), "place a5");
    assert_eq!(e.to_string(), "the game is over");
    // a melee cannot be resigned
    let mut melee = Match::new(Form::Melee, &[School::Southern, School::Northern, School::Highland], None).unwrap();
    assert_eq!(melee.resign(0), Err(Refusal::CannotResign { form: "melee" }));
    assert_eq!(Refusal::CannotResign { form: "melee" }.to_string(), "nobody may resign in a melee");
}

// ----- one validation -----

fn duel_text(blue_supply: &str) -> String {
    format!(
        "form: duel
board: 9/9/9/4br3/9/4b4/9/9/9
turn: 0
actions: 2
seat: northern score 0 supply {blue_supply} beings - legends - flares - deck - discard -
seat: southern score 0 supply 15/3 beings - legends - flares - deck - discard -
legends: deck - discard -
flares: deck - discard -
"
    )
}

fn position_error(text: &str) -> String {
    match Position::from_text(text).unwrap().to_game() {
        Err(PositionError::Invalid(e)) => e.to_string(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_duel_position_must_account_for_every_piece() {
    // blue has 2 pieces on the board: 14 in supply make the duel's 16
    assert!(Position::from_text(&duel_text("14/3")).unwrap().to_game().is_ok());
    assert_eq!(
        position_error(&duel_text("15/3")),
        "blue has 17 two-sided pieces on the board and in supply; a duel has 16"
    );
    assert_eq!(
        position_error(&duel_text("13/3")),
        "blue has 15 two-sided pieces on the board and in supply; a duel has 16"
    );
    assert_eq!(
        position_error(&duel_text("14/2")),
        "blue has 2 legendary pieces on the board and in supply; a duel has 3"
    );
    // pieces put out of play on purpose are accounted for, and printed
    let staged = duel_text("13/3").replace("discard -\nseat: southern", "discard - out 1/0\nseat: southern");
    let p = Position::from_text(&staged).unwrap();
    assert_eq!(p.to_text().lines().nth(5).unwrap().split(" out ").nth(1), Some("1/0"));
    let g = p.to_game().unwrap();
    assert_eq!(g.out_of_play(tash_kalar_rules::Color::Blue), (1, 0));
    assert_eq!(Position::of(&g).unwrap(), p);
    let too_many = duel_text("13/3").replace("discard -\nseat: southern", "discard - out 2/0\nseat: southern");
    assert_eq!(
        position_error(&too_many),
        "blue has 17 two-sided pieces on the board, in supply and out of play; a duel has 16"
    );
}

#[test]
fn every_form_has_its_own_set_of_pieces() {
    let set = |form: Form, schools: &[School]| {
        let p = Position::with_schools(form, "9/9/9/9/9/9/9/9/9", schools).unwrap();
        let g = p.to_game().unwrap_or_else(|e| panic!("{form:?}: {e}"));
        let c = g.seat(0).color;
        (g.pieces_in_play(c), p)
    };
    let two = [School::Northern, School::Southern];
    let three = [School::Northern, School::Southern, School::Highland];
    let four = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    assert_eq!(set(Form::Duel, &two).0, (16, 3));
    assert_eq!(set(Form::HighForm, &two).0, (17, 3));
    assert_eq!(set(Form::FirstGame, &two).0, (17, 0));
    assert_eq!(set(Form::Melee, &three).0, (15, 3));
    assert_eq!(set(Form::Melee, &four).0, (14, 3));
    assert_eq!(set(Form::TeamDuel, &four).0, (16, 3));
    assert_eq!(set(Form::TeamHighForm, &four).0, (17, 3));
    // one more, or one fewer, is refused in every form
    for (form, schools) in [
        (Form::HighForm, &two[..]),
        (Form::FirstGame, &two[..]),
        (Form::Melee, &three[..]),
        (Form::Melee, &four[..]),
        (Form::TeamDuel, &four[..]),
    ] {
        let (_, p) = set(form, schools);
        for delta in [1i16, -1] {
            let mut q = p.clone();
            for s in q.seats.iter_mut().step_by(if form.teams() { 2 } else { 1 }) {
                s.supply.0 = (s.supply.0 as i16 + delta) as u8;
            }
            if form.teams() {
                let first = q.seats[0].supply;
                q.seats[2].supply = first;
                let second = q.seats[1].supply;
                q.seats[3].supply = second;
            }
            let e = q.to_game().expect_err(&format!("{form:?} {delta}")).to_string();
            assert!(e.contains("two-sided pieces on the board and in supply"), "{form:?}: {e}");
        }
    }
    let (_, p) = set(Form::FirstGame, &two);
    let mut q = p.clone();
    q.seats[0].supply.1 = 1;
    assert_eq!(
        q.to_game().unwrap_err().to_string(),
        "blue has 1 legendary pieces on the board and in supply; a first game has 0"
    );
}

/// A seat's view of a game started from `p`, and the same view as a
/// position would give it.
fn view_of(p: &Position) -> View {
    p.to_game().unwrap().view(0)
}

#[test]
fn views_and_positions_are_refused_alike() {
    // a melee of three with one piece too many for red: 16 where the set is 15
    let three = [School::Southern, School::Northern, School::Highland];
    let good = Position::with_schools(Form::Melee, "9/9/9/9/4r4/9/9/9/9", &three).unwrap();
    let mut view = view_of(&good);
    let mut bad = good.clone();
    bad.seats[0].supply.0 += 1;
    view.seats[0].supply.0 += 1;
    let from_position = bad.to_game().unwrap_err().to_string();
    let from_view = Game::from_view(&view).unwrap_err().to_string();
    assert_eq!(from_position, "red has 16 two-sided pieces on the board and in supply; a melee of 3 has 15");
    assert_eq!(from_view, format!("bad view: {from_position}"));
    // and one too few
    let mut view = view_of(&good);
    let mut bad = good.clone();
    bad.seats[1].supply.0 -= 1;
    view.seats[1].supply.0 -= 1;
    let from_position = bad.to_game().unwrap_err().to_string();
    assert_eq!(from_position, "blue has 14 two-sided pieces on the board and in supply; a melee of 3 has 15");
    assert_eq!(Game::from_view(&view).unwrap_err().to_string(), format!("bad view: {from_position}"));
    // points in a color nobody plays
    let mut view = view_of(&good);
    let mut bad = good.clone();
    bad.seats[0].points[tash_kalar_rules::Color::Green.index()] = 2;
    view.seats[0].points.as_mut().unwrap().insert(tash_kalar_rules::Color::Green, 2);
    let from_position = bad.to_game().unwrap_err().to_string();
    assert_eq!(Game::from_view(&view).unwrap_err().to_string(), format!("bad view: {from_position}"));
    // a staged shortage goes through a view and back
    let mut staged = good.clone();
    staged.set_supply(1, (3, 3));
    let g = staged.to_game().unwrap();
    assert_eq!(Game::from_view(&g.view(1)).unwrap(), *g.observe(1).game());
}

// ----- records with take-backs -----

#[test]
fn a_match_keeps_its_take_backs_when_asked_and_they_replay() {
    let mut m = swordmaster();
    m.keep_take_backs();
    m.act_text(Mover::Seat(0), "summon imperial.swordmaster e5 r0").unwrap();
    m.act_text(Mover::Seat(0), "skip").unwrap();
    m.undo_by(0).unwrap();
    m.act_text(Mover::Seat(0), "f6").unwrap();
    m.act_text(Mover::Seat(0), "place a5").unwrap();
    m.undo_by(0).unwrap();
    m.undo_by(0).unwrap();
    m.act_text(Mover::Seat(0), "f6").unwrap();
    m.act_text(Mover::Seat(0), "place b5").unwrap();
    m.act_text(Mover::Seat(0), "end").unwrap();
    while m.game().actor() == tash_kalar_rules::Actor::Chance {
        let draw = m.game().legal_choices()[0];
        m.act(Mover::Chance, draw).unwrap();
    }
    let text = m.record().to_text();
    let lines: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(
        lines,
        [
            "1 summon imperial.swordmaster e5 r0",
            "1 skip",
            "1 undo",
            "1 f6",
            "1 place a5",
            "1 undo",
            "1 undo",
            "1 f6",
            "1 place b5",
            "1 end",
            "* draw imperial.knight",
        ]
    );
    assert_eq!(m.record().moves.len(), 5, "the choices that stand");
    let parsed = Record::parse(&text).unwrap();
    assert_eq!(&parsed, m.record());
    assert_eq!(parsed.to_text(), text);
    assert_eq!(parsed.lines.iter().filter(|l| matches!(l, Line::TakeBack(0))).count(), 3);
    assert_eq!(&replay(&parsed).unwrap(), m.game());
    let again = Match::from_record(&parsed).unwrap();
    assert_eq!(again.game(), m.game());
    assert_eq!(again.record(), m.record());
    // without take-backs the same game's record holds the standing choices only
    let mut plain = swordmaster();
    for mv in &m.record().moves {
        plain.act(mv.by, mv.choice).unwrap();
    }
    assert_eq!(plain.game(), m.game());
    assert!(!plain.record().to_text().contains("undo"));
    assert_eq!(plain.record().moves, m.record().moves);
    // the state after a line: the skip was taken back on the third
    let first = text.lines().position(|l| l == "1 undo").unwrap() + 1;
    let g = replay_through(&parsed, first).unwrap();
    assert_eq!(g.phase(), Phase::Effect, "back before the skip");
    // cut before the first take-back, an error still names its line
    let mut bad = text.replacen("1 skip", "1 place e6", 1);
    bad.push('\n');
    let skip = text.lines().position(|l| l == "1 skip").unwrap() + 1;
    let e = replay_through(&Record::parse(&bad).unwrap(), skip).unwrap_err();
    assert_eq!(e.line, skip, "{e}");
    let e = replay_through(&parsed, 999).unwrap_err();
    assert_eq!(e.reason, ReplayReason::Record(RecordReason::OutOfRange { line: 999, lines: text.lines().count() }));
}

#[test]
fn a_take_back_the_policy_forbids_is_refused_on_its_line() {
    let mut m = swordmaster();
    m.keep_take_backs();
    for c in ["place a5", "place b5", "end"] {
        m.act_text(Mover::Seat(0), c).unwrap();
    }
    let text = m.record().to_text() + "1 undo\n";
    let e = replay_text(&text).unwrap_err();
    assert_eq!(e.line, text.lines().count());
    assert!(e.to_string().contains("nothing to take back"), "{e}");
    // a take-back of another seat's choice is seen when the record is read
    let e = Record::parse(&(m.record().to_text() + "2 undo\n")).unwrap_err();
    assert!(e.to_string().contains("seat 2 takes back a choice that is not its own"), "{e}");
}
