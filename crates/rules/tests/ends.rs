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

/// A duel from its shuffle, played by the first legal choices until seat
/// `seat` is to choose in turn `turn`.
fn duel_until(seat: u8, turn: u16) -> Match {
    let mut m = Match::new(Form::Duel, &[School::Northern, School::Southern], Some(3)).unwrap();
    while !(m.game().actor() == Actor::Seat(seat) && m.game().turn().number == turn) {
        let by = Mover::of(m.game().actor()).unwrap();
        let first = m.game().legal_choices()[0];
        m.act(by, first).unwrap();
    }
    m
}

#[test]
fn a_claimed_win_against_an_absent_seat_is_its_loss_and_a_record_line() {
    let mut m = duel_until(1, 4);
    m.claim_win(1).unwrap();
    let o = m.game().outcome().unwrap().clone();
    assert_eq!((o.why, o.winner(), o.why.forfeited_by()), (EndReason::Abandoned { seat: 1 }, Some(0), Some(1)));
    let text = m.record().to_text();
    assert!(text.ends_with("\n2 abandoned\n"), "{text}");
    replays(&m);
    let json = serde_json::to_value(&o).unwrap();
    assert_eq!((json["why"].as_str(), json["abandoned"].as_u64()), (Some("abandoned"), Some(1)), "{json}");
    assert_eq!(m.claim_win(0), Err(Refusal::GameOver));
}

#[test]
fn a_claimed_draw_places_every_seat_first() {
    let mut m = duel_until(1, 4);
    m.claim_draw(0).unwrap();
    let o = m.game().outcome().unwrap().clone();
    assert_eq!((o.why, o.places.as_slice(), o.winner()), (EndReason::Drawn, [0, 0].as_slice(), None));
    assert!(m.game().result().unwrap().draw);
    let text = m.record().to_text();
    assert!(text.ends_with("\n1 claim-draw\n"), "{text}");
    replays(&m);
    assert_eq!(serde_json::to_value(&o).unwrap()["why"], "drawn");
}

#[test]
fn a_game_is_aborted_only_before_every_seat_has_made_its_first_turn() {
    // the second seat, in its first turn, may still abort
    let mut m = duel_until(1, 2);
    assert!(m.game().can_abort());
    m.abort(1).unwrap();
    let o = m.game().outcome().unwrap().clone();
    assert_eq!((o.why, o.places.len(), o.winner()), (EndReason::Aborted, 0, None));
    let text = m.record().to_text();
    assert!(text.ends_with("\n2 abort\n"), "{text}");
    replays(&m);
    // the stored shape ratings read: no places, and why says aborted
    let json = serde_json::to_value(&o).unwrap();
    assert_eq!((json["why"].as_str(), json["places"].as_array().map(Vec::len)), (Some("aborted"), Some(0)), "{json}");

    // once both have played a turn, it is too late, and nothing changed
    let mut late = duel_until(0, 3);
    assert!(!late.game().can_abort());
    let before = late.game().clone();
    assert_eq!(late.abort(0), Err(Refusal::TooLateToAbort));
    assert_eq!(late.game(), &before);
    // a record that aborts too late does not replay
    let text = format!("{}1 abort\n", late.record().to_text());
    let e = replay_text(&text).unwrap_err();
    assert_eq!(e.reason, ReplayReason::Refused(Refusal::TooLateToAbort));
}

#[test]
fn a_melee_may_be_aborted_but_not_claimed_against() {
    let mut m = Match::new(Form::Melee, &[School::Southern, School::Northern, School::Highland], None).unwrap();
    assert_eq!(m.claim_win(1), Err(Refusal::CannotResign { form: "melee" }));
    assert_eq!(m.claim_draw(0), Err(Refusal::CannotResign { form: "melee" }));
    assert!(!m.game().is_over());
    m.abort(2).unwrap();
    assert_eq!(m.game().outcome().unwrap().why, EndReason::Aborted);
    assert_eq!(m.abort(0), Err(Refusal::GameOver));
}

#[test]
fn the_new_record_lines_name_a_seat() {
    use tash_kalar_rules::record::{RecordSyntax, SeatWord};
    let head = "Form: duel\nSeats: northern, southern\n\n";
    for (line, word) in
        [("* abandoned", SeatWord::Abandoned), ("* claim-draw", SeatWord::ClaimDraw), ("* abort", SeatWord::Abort)]
    {
        let e = Record::parse(&format!("{head}{line}\n")).unwrap_err();
        assert_eq!(e.reason, RecordReason::Syntax(RecordSyntax::NotChance(word)), "{line}");
    }
}

/// A game played to its end by choices picked with a small fixed
/// generator (the same every run): the choices made, in order.
fn played_to_the_end(form: Form, schools: &[School]) -> Vec<(Mover, Choice)> {
    let mut m = Match::new(form, schools, None).unwrap();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..20_000 {
        let Some(by) = Mover::of(m.game().actor()) else { break };
        let legal = m.game().legal_choices();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        m.act(by, legal[(x % legal.len() as u64) as usize]).unwrap();
    }
    assert!(m.game().is_over(), "the game ended");
    m.record().moves.iter().map(|mv| (mv.by, mv.choice)).collect()
}

/// The same choices again from the same start, with `seat` leaving after
/// the `at`-th of them.
fn with_a_leave(form: Form, schools: &[School], moves: &[(Mover, Choice)], seat: u8, at: usize) -> Match {
    let mut m = Match::new(form, schools, None).unwrap();
    for (i, &(by, choice)) in moves.iter().enumerate() {
        if i == at {
            m.leave(seat).unwrap();
        }
        m.act(by, choice).unwrap();
    }
    m
}

#[test]
fn a_melee_seat_that_leaves_ranks_last_and_the_record_says_so() {
    let schools = [School::Southern, School::Northern, School::Highland];
    let moves = played_to_the_end(Form::Melee, &schools);
    let mut plain = Match::new(Form::Melee, &schools, None).unwrap();
    for &(by, choice) in &moves {
        plain.act(by, choice).unwrap();
    }
    let places = plain.game().outcome().unwrap().places.clone();
    // the first-placed seat leaves half-way through the same game
    let best = places.iter().position(|&p| p == 0).unwrap() as u8;
    let m = with_a_leave(Form::Melee, &schools, &moves, best, moves.len() / 2);
    let o = m.game().outcome().unwrap();
    assert_eq!(o.places[best as usize], 2, "the leaver is last: {:?} (was {:?})", o.places, places);
    for s in 0..3 {
        if s != best as usize {
            assert!(o.places[s] < 2, "{:?}", o.places);
        }
    }
    let r = m.game().result().unwrap();
    assert_eq!(r.ranking.last().unwrap().seat, best);
    assert!(m.game().has_left(best));
    assert_eq!(m.game().spectator_view().left, vec![best]);
    // a record line of its own, where it happened; the record replays to the same end
    let text = m.record().to_text();
    assert!(text.contains(&format!("\n{} leave\n", best + 1)), "{text}");
    assert_eq!(m.record().leavers().collect::<Vec<_>>(), vec![best]);
    replays(&m);
    // a replay stopped before the line has nobody gone; after it, the seat
    let line = text.lines().position(|l| l == format!("{} leave", best + 1)).unwrap() + 1;
    let record = Record::parse(&text).unwrap();
    assert!(!tash_kalar_rules::replay_through(&record, line - 1).unwrap().has_left(best));
    assert!(tash_kalar_rules::replay_through(&record, line).unwrap().has_left(best));
}

#[test]
fn a_team_seat_that_leaves_loses_with_its_team() {
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let moves = played_to_the_end(Form::TeamDuel, &schools);
    let mut plain = Match::new(Form::TeamDuel, &schools, None).unwrap();
    for &(by, choice) in &moves {
        plain.act(by, choice).unwrap();
    }
    let places = plain.game().outcome().unwrap().places.clone();
    // a seat of the team that did at least as well leaves
    let seat = places.iter().position(|&p| p == 0).unwrap() as u8;
    let m = with_a_leave(Form::TeamDuel, &schools, &moves, seat, moves.len() / 3);
    let o = m.game().outcome().unwrap();
    let team = seat % 2;
    for s in 0..4u8 {
        assert_eq!(o.places[s as usize], u8::from(s % 2 == team), "{:?}", o.places);
    }
    replays(&m);
}

#[test]
fn leaving_is_refused_in_a_two_sided_game_twice_or_when_over() {
    let mut duel = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
    assert_eq!(duel.leave(0), Err(Refusal::CannotLeave));
    let mut melee = Match::new(Form::Melee, &[School::Southern, School::Northern, School::Highland], None).unwrap();
    assert_eq!(melee.leave(3), Err(Refusal::NoSuchSeat { seat: 3, seats: 3 }));
    melee.leave(1).unwrap();
    assert_eq!(melee.leave(1), Err(Refusal::AlreadyLeft { seat: 1 }));
    melee.abort(0).unwrap();
    assert_eq!(melee.leave(2), Err(Refusal::GameOver));
    assert!(melee.record().to_text().ends_with("2 leave\n1 abort\n"), "{}", melee.record().to_text());
    // a record line naming chance, or a leave in a duel, is refused
    use tash_kalar_rules::record::{RecordSyntax, SeatWord};
    let e = Record::parse("Form: melee\nSeats: southern, northern, highland\n\n* leave\n").unwrap_err();
    assert_eq!(e.reason, RecordReason::Syntax(RecordSyntax::NotChance(SeatWord::Leave)));
    let e = replay_text("Form: duel\nSeats: northern, southern\n\n1 leave\n").unwrap_err();
    assert_eq!((e.line, e.reason), (4, ReplayReason::Refused(Refusal::CannotLeave)));
}
