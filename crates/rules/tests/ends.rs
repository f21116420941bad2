//! Why a game ended: the end score, a deck that ran out, a resignation, a
//! loss on time; each said by the outcome, the result's data, and a
//! record that replays to the same end.

use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{
    replay_text, Actor, CardId, Choice, EndReason, Form, Game, Match, Mover, Position, Record, RecordReason, Refusal,
    ReplayReason, School,
};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

/// A duel, blue (seat 0) to act: nothing in the hands, no legends or
/// flares, so turns only end; `score` for blue, `deck` for blue's deck.
fn quiet_duel(score: i16, deck: &[&str]) -> Match {
    let mut p = Position::duel("9/9/9/4br3/9/9/9/9/9").unwrap();
    p.seats[0].score = score;
    p.seats[0].deck = Pile::shuffled(deck.iter().map(|id| card(id)));
    Match::from_position(p).unwrap()
}

/// Everyone takes the first legal choice (places pieces, ends turns; chance
/// draws what it must) until the game is over.
fn play_out(m: &mut Match) {
    for _ in 0..40 {
        let Some(by) = Mover::of(m.game().actor()) else { return };
        let first = m.game().legal_choices()[0];
        m.act(by, first).unwrap();
    }
    panic!("the game did not end: {:?}", m.game().phase());
}

/// The record replays to the same game, and says the same text again.
fn replays(m: &Match) -> Game {
    let text = m.record().to_text();
    let g = replay_text(&text).unwrap();
    assert_eq!(&g, m.game(), "{text}");
    assert_eq!(Match::from_record(&Record::parse(&text).unwrap()).unwrap().record().to_text(), text);
    g
}

#[test]
fn reaching_the_end_score_ends_the_game_after_the_final_round() {
    let mut m = quiet_duel(18, &[]);
    play_out(&mut m);
    let o = m.game().outcome().unwrap();
    assert_eq!(o.why, EndReason::EndScore);
    assert_eq!(o.winner(), Some(0));
    let r = m.game().result().unwrap();
    assert_eq!(r.end_score, 18);
    assert_eq!((r.winners.as_slice(), r.draw, r.why), ([0].as_slice(), false, EndReason::EndScore));
    replays(&m);
}

#[test]
fn a_deck_that_runs_out_ends_the_game_and_says_so() {
    let mut m = quiet_duel(3, &["imperial.knight"]);
    play_out(&mut m);
    assert!(m.game().seat(0).deck.is_empty());
    let o = m.game().outcome().unwrap();
    assert_eq!(o.why, EndReason::DeckOut);
    let r = m.game().result().unwrap();
    assert_eq!((r.winners.as_slice(), r.why, r.end_score), ([0].as_slice(), EndReason::DeckOut, 18));
    replays(&m);
}

#[test]
fn a_resignation_is_a_record_line_and_the_reason() {
    let mut m = quiet_duel(3, &[]);
    m.resign(0).unwrap();
    assert_eq!(m.game().outcome().unwrap().why, EndReason::Resigned { seat: 0 });
    assert_eq!(m.game().result().unwrap().winners, [1]);
    let text = m.record().to_text();
    assert!(text.ends_with("\n1 resign\n"), "{text}");
    replays(&m);
    // resigning is never a choice: not listed, not read, not acted
    assert_eq!("resign".parse::<Choice>(), Err(tash_kalar_rules::ChoiceTextError::Resign));
    assert!(matches!(m.clone().act_text(Mover::Seat(1), "resign"), Err(Refusal::Syntax { .. })));
}

#[test]
fn a_loss_on_time_is_time_not_a_resignation() {
    let mut m = quiet_duel(3, &[]);
    while m.game().actor() == Actor::Seat(0) {
        let first = m.game().legal_choices()[0];
        m.act(Mover::Seat(0), first).unwrap();
    }
    m.lose_on_time(1).unwrap();
    let o = m.game().outcome().unwrap().clone();
    assert_eq!((o.why, o.resigned(), o.winner()), (EndReason::Time { seat: 1 }, None, Some(0)));
    assert_eq!(m.game().result().unwrap().winners, [0]);
    let text = m.record().to_text();
    assert!(text.ends_with("\n1 end\n2 timeout\n"), "{text}");
    replays(&m);
    // nothing after the end, nor a second end
    assert_eq!(m.lose_on_time(0), Err(Refusal::GameOver));
    assert_eq!(m.resign(0), Err(Refusal::GameOver));
    let e = replay_text(&format!("{text}1 end\n")).unwrap_err();
    assert_eq!(e.reason, ReplayReason::Record(RecordReason::AfterForfeit));
    // the outcome's JSON keeps the fields the server's stored summaries had
    let json = serde_json::to_value(&o).unwrap();
    assert_eq!((json["why"].as_str(), json["timeout"].as_u64()), (Some("time"), Some(1)), "{json}");
}

#[test]
fn a_melee_has_no_forfeit() {
    let mut m = Match::new(Form::Melee, &[School::Southern, School::Northern, School::Highland], None).unwrap();
    assert_eq!(m.lose_on_time(0), Err(Refusal::CannotResign { form: "melee" }));
    assert!(!m.game().is_over());
}

#[test]
fn act_refuses_what_the_unchecked_path_would_apply() {
    let mut m = quiet_duel(3, &[]);
    let before = m.game().clone();
    // ending the turn with both actions left: the gate says what is decided
    let e = m.act(Mover::Seat(0), Choice::EndTurn).unwrap_err();
    assert!(matches!(e, Refusal::WrongPhase { deciding: tash_kalar_rules::Deciding::Action { seat: 0 }, .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "end is not a legal choice now: it does not answer what is being decided (seat 1's action, a flare or the end of the turn)"
    );
    // a place on an occupied square, and the other seat's choice
    assert!(matches!(m.act_text(Mover::Seat(0), "place e6"), Err(Refusal::Illegal { .. })));
    assert!(matches!(m.act_text(Mover::Seat(1), "place a5"), Err(Refusal::WrongSeat { .. })));
    assert_eq!(m.game(), &before, "refusals change nothing");
    assert!(m.record().moves.is_empty());
}
