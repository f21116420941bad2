//! The log as each reader reads it: another seat's draws and returned cards
//! hidden (the rules' `Game::secret_of`), everything else in notation and
//! words, an invoked flare named.

mod common;
use common::Gate;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_present::{log_line, seat_name, stream_line, Lang, LogItem, LogKind, Messages, Player, Reader, Table};
use tash_kalar_rules::{Actor, Choice, Form, Game, School, Seat};

/// Random duels, each choice logged as played.
fn logged_games(n: usize) -> Vec<(Game, Vec<LogItem>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    (0..n)
        .map(|_| {
            let mut g = Game::new(Form::Duel, &[School::Northern, School::Everfrost]).unwrap();
            let mut log = Vec::new();
            while !g.is_over() {
                let v = g.legal_choices();
                let c = v[rng.gen_range(0..v.len())];
                let seat = match g.actor() {
                    Actor::Seat(s) => Some(s),
                    _ => None,
                };
                log.push(LogItem::choice(&g, log.len() as u32 + 1, seat, c));
                g.act(c).unwrap();
            }
            (g, log)
        })
        .collect()
}

#[test]
fn another_seats_draws_and_returns_are_hidden_and_flares_are_named() {
    let en = Messages::new(Lang::En);
    let table = Table {
        players: vec![Player { name: Some("Ana".into()), bot: None }, Player { name: None, bot: Some("easy".into()) }],
        can_undo: false,
        can_claim: false,
    };
    let (mut hidden, mut flares) = (0, 0);
    for (g, log) in logged_games(12) {
        for item in &log {
            let c = item.choice.unwrap();
            for reader in [Reader::Seat(0), Reader::Seat(1), Reader::Spectator, Reader::All] {
                let line = log_line(item, reader, &g, &table, &en);
                let words = line.words.clone().expect("a line read alone is worded");
                assert_eq!((line.n, line.seat, line.kind), (item.n, item.seat, LogKind::Choice));
                let sees = match (item.secret, reader) {
                    (None, _) | (_, Reader::All) => true,
                    (Some(s), Reader::Seat(r)) => s == r,
                    (Some(_), Reader::Spectator) => false,
                };
                assert_eq!(line.hidden, !sees, "{c} for {reader:?}");
                if sees {
                    assert_eq!(line.text, c.to_string());
                } else {
                    hidden += 1;
                    // nothing of the card: not its id, not its name
                    let (Choice::Draw(card) | Choice::Return(card)) = c else { panic!("{c} hidden") };
                    assert!(!line.text.contains(card.def().id) && !words.contains(&en.card_name(card)));
                    assert!(
                        line.text == "draw a being"
                            || line.text == "draw a legend"
                            || line.text == "draw a flare"
                            || line.text == "return a card",
                        "{}",
                        line.text
                    );
                    let who = seat_name(&g, item.to.or(item.seat).unwrap(), &table, &en);
                    assert!(words.starts_with(&who), "{words} / {who}");
                }
                assert!(!words.is_empty() && !words.contains('{'), "{c}: {words:?}");
            }
            if let Choice::Flare(_) = c {
                flares += 1;
                let card = item.flare.expect("the flare invoked is recorded");
                let line = log_line(item, Reader::Spectator, &g, &table, &en);
                let words = line.words.unwrap();
                assert!(!line.hidden);
                assert!(words.contains(&en.card_name(card)), "{words}");
                assert!(words.starts_with(&seat_name(&g, item.seat.unwrap(), &table, &en)), "{words}");
            }
        }
    }
    assert!(hidden > 200 && flares > 0, "{hidden} hidden lines, {flares} flares");
}

#[test]
fn takebacks_resignations_and_timeouts_are_lines_of_their_own() {
    let g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    let table = Table::default();
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        let name = |s: Seat| seat_name(&g, s, &table, &m);
        let undo = log_line(&LogItem::undo(7, 1, Some(6)), Reader::Spectator, &g, &table, &m);
        assert_eq!((undo.kind, undo.text.as_str(), undo.undoes), (LogKind::Undo, "undo", Some(6)));
        assert!(undo.words.as_ref().unwrap().contains(&name(1)), "{lang}: {:?}", undo.words);
        let resign = log_line(&LogItem::resign(8, 0), Reader::Seat(1), &g, &table, &m);
        assert_eq!((resign.kind, resign.text.as_str()), (LogKind::Resign, "resign"));
        assert!(resign.words.unwrap().contains(&name(0)));
        let timeout = log_line(&LogItem::timeout(9, 0), Reader::All, &g, &table, &m);
        assert_eq!(timeout.text, "timeout");
        let json = serde_json::to_value(&undo).unwrap();
        assert_eq!(json["kind"], "undo");
        assert_eq!(json["undoes"], 6);
        assert!(json.get("hidden").is_none() && json.get("to").is_none());
    }
}

/// Beside the events (the server's stream) a line keeps its sentence only
/// where no event says it: a card the reader alone sees drawn or
/// returned, a take-back, a clock; everything else is the same line.
#[test]
fn a_streamed_line_leaves_what_the_events_say_to_them() {
    let en = Messages::new(Lang::En);
    let table = Table::default();
    let (mut told, mut own) = (0, 0);
    for (g, log) in logged_games(4) {
        for item in &log {
            for reader in [Reader::Seat(0), Reader::Seat(1), Reader::Spectator, Reader::All] {
                let (full, lean) =
                    (log_line(item, reader, &g, &table, &en), stream_line(item, reader, &g, &table, &en));
                assert_eq!(unworded(&full), unworded(&lean));
                let mine = item.secret.is_some() && !full.hidden;
                if mine {
                    own += 1;
                    assert_eq!(lean.words, full.words, "a card the reader alone sees: {}", full.text);
                } else {
                    told += 1;
                    assert_eq!(lean.words, None, "{} is its events' to say", full.text);
                    assert!(serde_json::to_value(&lean).unwrap().get("words").is_none());
                }
            }
        }
    }
    assert!(told > 1000 && own > 100, "{told} told by events, {own} own cards");
    let g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    for item in [LogItem::undo(7, 1, Some(6)), LogItem::timeout(8, 0), LogItem::ending(9, 0, LogKind::Leave)] {
        assert!(stream_line(&item, Reader::Spectator, &g, &table, &en).words.is_some_and(|w| !w.is_empty()));
    }
    let resign = stream_line(&LogItem::resign(8, 0), Reader::Seat(1), &g, &table, &en);
    assert_eq!((resign.text.as_str(), resign.words), ("resign", None), "the `resigned` event says it");
}

fn unworded(l: &tash_kalar_present::LogLine) -> tash_kalar_present::LogLine {
    tash_kalar_present::LogLine { words: None, ..l.clone() }
}
