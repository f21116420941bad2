//! The short forms the model writes on the wire where the rules' own
//! serialisation is long: a piece as the board text writes it (`"r+"`, a
//! red heroic piece; `docs/notation.md`), not `{"color","rank"}`, and an
//! event with its pieces so. Pieces are written in most events and legal
//! entries: the long form was about an eighth of a message. The rules'
//! serde stays as it is: it is the engine protocol's, round-tripped.

use serde::{Serialize, Serializer};
use tash_kalar_rules::board::{Color, Piece, Rank};
use tash_kalar_rules::event::{Event, MoveHow, ScoreWhy};
use tash_kalar_rules::{CardId, Orientation, Seat, Square, TaskId};

/// A piece as its board text: its color letter, then `+` if heroic or `*`
/// if legendary (`serialize_with`).
pub fn piece_text<S: Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.text())
}

/// An optional piece as its board text (`serialize_with`; left out when
/// none by the field's `skip_serializing_if`).
pub fn opt_piece_text<S: Serializer>(p: &Option<Piece>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.serialize_str(p.text()),
        None => s.serialize_none(),
    }
}

/// [`Event`] as the model writes it: the rules' serialisation with every
/// piece in short form. (A remote definition: it must list the rules'
/// variants and fields exactly, or it does not compile.)
#[derive(Serialize)]
#[serde(remote = "Event", rename_all = "kebab-case", tag = "kind")]
pub enum EventShort {
    TurnStarted {
        seat: Seat,
        number: u16,
    },
    Placed {
        at: Square,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
    },
    PickedUp {
        at: Square,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
    },
    Summoned {
        seat: Seat,
        card: CardId,
        at: Square,
        orientation: Orientation,
    },
    Moved {
        from: Square,
        to: Square,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
        how: MoveHow,
    },
    Upgraded {
        at: Square,
        color: Color,
        from: Rank,
        to: Rank,
    },
    Downgraded {
        at: Square,
        color: Color,
        from: Rank,
        to: Rank,
    },
    Converted {
        at: Square,
        #[serde(serialize_with = "piece_text")]
        from: Piece,
        #[serde(serialize_with = "piece_text")]
        to: Piece,
    },
    Destroyed {
        at: Square,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
        credited: bool,
    },
    Scored {
        seat: Seat,
        points: i16,
        why: ScoreWhy,
        #[serde(skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    Discarded {
        seat: Seat,
        card: CardId,
    },
    Returned {
        seat: Seat,
        count: u8,
    },
    FlareInvoked {
        seat: Seat,
        card: CardId,
        against: Color,
        upper: bool,
        lower: bool,
    },
    Drew {
        seat: Seat,
        beings: u8,
        legends: u8,
        flares: u8,
    },
    TaskRevealed {
        task: TaskId,
    },
    TaskClaimed {
        seat: Seat,
        task: TaskId,
        points: u8,
    },
    PassedControl {
        seat: Seat,
        to: Seat,
    },
    Improvised {
        seat: Seat,
        color: Color,
    },
    Frozen {
        seat: Seat,
        card: CardId,
    },
    KeptFrozen {
        seat: Seat,
        kept: CardId,
        discarded: CardId,
    },
    Thawed {
        seat: Seat,
        card: CardId,
    },
    GatewayGained {
        seat: Seat,
        at: Square,
    },
    GatewayLost {
        seat: Seat,
        at: Square,
    },
    Warped {
        seat: Seat,
        card: CardId,
    },
    PendingReturned {
        seat: Seat,
        card: CardId,
    },
    PendingDiscarded {
        seat: Seat,
        card: CardId,
    },
    Stored {
        seat: Seat,
        at: Square,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
    },
    Landed {
        seat: Seat,
        at: Option<Square>,
        #[serde(serialize_with = "piece_text")]
        piece: Piece,
    },
    Resigned {
        seat: Seat,
    },
    TurnEnded {
        seat: Seat,
    },
    GameOver,
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use serde_json::{json, Value};
    use tash_kalar_rules::{Form, Match, Mover, School};

    #[derive(Serialize)]
    struct Wrapped(#[serde(with = "EventShort")] Event);

    /// Every piece of an event in its board text, the rest as the rules
    /// write it.
    #[test]
    fn an_events_pieces_are_written_as_the_board_text() {
        let red_heroic = Piece::new(Color::Red, Rank::Heroic);
        let blue = Piece::new(Color::Blue, Rank::Common);
        let at = Square::parse("e5").unwrap();
        let ev = Event::Converted { at, from: blue, to: red_heroic };
        assert_eq!(
            serde_json::to_value(Wrapped(ev)).unwrap(),
            json!({"kind": "converted", "at": "e5", "from": "b", "to": "r+"})
        );
        let legend = Piece::new(Color::Purple, Rank::Legendary);
        let ev = Event::Landed { seat: 1, at: None, piece: legend };
        assert_eq!(
            serde_json::to_value(Wrapped(ev)).unwrap(),
            json!({"kind": "landed", "seat": 1, "at": null, "piece": "p*"})
        );
    }

    /// The rules' `{"color","rank"}` written as the board text.
    fn shortened(v: &mut Value) {
        for (_, x) in v.as_object_mut().unwrap().iter_mut() {
            if let Some(p) = x.as_object().filter(|o| o.contains_key("rank") && o.contains_key("color")) {
                let piece: Piece = serde_json::from_value(Value::Object(p.clone())).unwrap();
                *x = Value::String(piece.to_string());
            }
        }
    }

    /// Over random games of every form at a random seed, each event in
    /// short form is the rules' serialisation with its pieces shortened
    /// and nothing else changed.
    #[test]
    fn every_event_is_the_rules_own_but_for_its_pieces() {
        let seed: u64 = rand::random();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let forms: [(Form, &[School]); 3] = [
            (Form::Duel, &[School::Northern, School::Southern]),
            (Form::Melee, &[School::Highland, School::Sylvan, School::Everfrost]),
            (Form::Duel, &[School::Nethervoid, School::Etherweave]),
        ];
        let mut with_pieces = 0;
        for (form, schools) in forms {
            let mut m = Match::new(form, schools, None).unwrap();
            for _ in 0..400 {
                if m.game().is_over() {
                    break;
                }
                let legal = m.game().legal_choices();
                let c = legal[rng.gen_range(0..legal.len())];
                let mover = Mover::of(m.game().actor()).expect("a game with legal choices has a mover");
                m.act(mover, c).unwrap();
                for &ev in m.game().events() {
                    let short = serde_json::to_value(Wrapped(ev)).unwrap();
                    let mut want = serde_json::to_value(ev).unwrap();
                    shortened(&mut want);
                    with_pieces += usize::from(want != serde_json::to_value(ev).unwrap());
                    assert_eq!(short, want, "seed {seed}: {ev:?}");
                }
            }
        }
        assert!(with_pieces > 0, "seed {seed}: no event with a piece");
    }
}
