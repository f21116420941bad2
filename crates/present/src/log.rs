//! The log of a match, one line a record entry, as one reader may read it:
//! the choice's notation (redacted where the rules keep it from the reader)
//! and a sentence in the reader's language.
//!
//! A reader that also gets the events (the server's stream: the model's
//! `events` with their sentences) gets each action's words once: the
//! events say what a choice or a resignation did, so its line carries the
//! notation only ([`stream_line`]); a take-back, a clock running out, an
//! ending and a card only this reader may see drawn or returned keep
//! their sentence, as no event says them.

use serde::Serialize;
use tash_kalar_i18n::{args, Messages};
use tash_kalar_rules::cards::Deck;
use tash_kalar_rules::{CardId, Choice, Game, Phase, Seat};

use crate::words::{Facts, Say};
use crate::{seat_name, Table};

/// What a log line records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LogKind {
    Choice,
    Undo,
    Resign,
    Timeout,
    /// The seat aborted the game (no result).
    Abort,
    /// The seat was away on its turn and was claimed against: it lost a
    /// game of two sides; a bot took it over in a melee or team game.
    Abandoned,
    /// The seat claimed a draw against an absent opponent.
    ClaimDraw,
    /// The seat left a melee or team game: a bot took it over.
    Leave,
}

impl LogKind {
    fn is_choice(&self) -> bool {
        *self == LogKind::Choice
    }
}

/// A reader of the log: a seat, a spectator, or (once the game is over)
/// everyone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    Seat(Seat),
    Spectator,
    All,
}

/// One entry of a match's log, as kept (everything, for every reader).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogItem {
    /// The entry's number.
    pub n: u32,
    /// The seat that chose, took back, resigned or ran out of time; `None`
    /// for chance.
    pub seat: Option<Seat>,
    pub kind: LogKind,
    /// The choice made (choices only).
    pub choice: Option<Choice>,
    /// The only seat that may see which choice it was (until the game is
    /// over): a card drawn into its hand, a card it returned face down.
    pub secret: Option<Seat>,
    /// A chance draw into this seat's hand.
    pub to: Option<Seat>,
    /// A take-back: the entry taken back.
    pub undoes: Option<u32>,
    /// An invoked flare: the card, which is public (put on the table,
    /// resolved and discarded face up).
    pub flare: Option<CardId>,
}

impl LogItem {
    /// A choice, as `before` (the game just before it) records it.
    pub fn choice(before: &Game, n: u32, seat: Option<Seat>, choice: Choice) -> LogItem {
        let mut item = LogItem::new(n, seat, LogKind::Choice);
        item.choice = Some(choice);
        // who may read it is the rules' to say (hidden.rs)
        item.secret = before.secret_of(choice);
        match (before.phase(), choice) {
            (Phase::Refill { seat, .. }, Choice::Draw(_)) => item.to = Some(seat),
            // the flare is put on the table face up: the log names it
            (_, Choice::Flare(_)) => {
                item.flare = seat.and_then(|s| before.seats().get(s as usize)).and_then(|s| s.flares.first().copied())
            }
            _ => {}
        }
        item
    }

    /// A take-back of entry `undoes` by `seat`.
    pub fn undo(n: u32, seat: Seat, undoes: Option<u32>) -> LogItem {
        LogItem { undoes, ..LogItem::new(n, Some(seat), LogKind::Undo) }
    }

    /// `seat` resigned.
    pub fn resign(n: u32, seat: Seat) -> LogItem {
        LogItem::new(n, Some(seat), LogKind::Resign)
    }

    /// `seat` ran out of time.
    pub fn timeout(n: u32, seat: Seat) -> LogItem {
        LogItem::new(n, Some(seat), LogKind::Timeout)
    }

    /// How `seat` ended the game or its part in it: an abort, a claim,
    /// leaving (`kind` one of those; the server's "games that end").
    pub fn ending(n: u32, seat: Seat, kind: LogKind) -> LogItem {
        LogItem::new(n, Some(seat), kind)
    }

    fn new(n: u32, seat: Option<Seat>, kind: LogKind) -> LogItem {
        LogItem { n, seat, kind, choice: None, secret: None, to: None, undoes: None, flare: None }
    }

    /// Whether the events tell `reader` what this entry did, so a log
    /// read beside them needs no sentence of its own: a choice (its
    /// events: what was placed, summoned, moved, destroyed, scored,
    /// drawn...) or a resignation (`resigned`). Not a card drawn into
    /// or returned from the reader's own hand (the events count cards,
    /// never name them), nor a take-back, a clock or an ending (no event
    /// says those).
    pub fn told_by_events(&self, reader: Reader) -> bool {
        match self.kind {
            LogKind::Choice => self.secret.is_none() || !self.seen_by(reader),
            LogKind::Resign => true,
            _ => false,
        }
    }

    /// Whether `reader` may see which choice this was.
    pub fn seen_by(&self, reader: Reader) -> bool {
        match (reader, self.secret) {
            (_, None) | (Reader::All, _) => true,
            (Reader::Seat(s), Some(p)) => s == p,
            (Reader::Spectator, Some(_)) => false,
        }
    }
}

/// A log line as one reader reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogLine {
    pub n: u32,
    pub seat: Option<Seat>,
    /// Left out for a choice, nearly every line.
    #[serde(skip_serializing_if = "LogKind::is_choice")]
    pub kind: LogKind,
    /// The notation (`summon imperial.knight e5 r90`, `undo`), redacted for
    /// the reader (`draw a being`).
    pub text: String,
    /// The line as a sentence in the language; none where the reader's
    /// events say it ([`stream_line`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u32>,
    /// The reader may not see which choice it was.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A log line (one record entry) as `reader` may read it: notation
/// (redacted where the rules say so) and a sentence in the language (a
/// reader of the entry alone: a replay's step).
pub fn log_line(line: &LogItem, reader: Reader, game: &Game, table: &Table, msgs: &Messages) -> LogLine {
    line_with(line, reader, game, table, msgs, true)
}

/// A log line as a reader of the events beside it reads it ([`log_line`]
/// without the sentence of an entry its events tell:
/// [`LogItem::told_by_events`]): each action's words are sent once.
pub fn stream_line(line: &LogItem, reader: Reader, game: &Game, table: &Table, msgs: &Messages) -> LogLine {
    line_with(line, reader, game, table, msgs, !line.told_by_events(reader))
}

fn line_with(line: &LogItem, reader: Reader, game: &Game, table: &Table, msgs: &Messages, worded: bool) -> LogLine {
    let sees = line.seen_by(reader);
    LogLine {
        n: line.n,
        seat: line.seat,
        kind: line.kind,
        text: notation(line, sees),
        words: worded.then(|| line_words(line, sees, game, table, msgs)),
        to: line.to,
        undoes: line.undoes,
        hidden: !sees,
    }
}

/// An entry's notation, redacted when the reader may not `see` the choice.
fn notation(line: &LogItem, sees: bool) -> String {
    let word = match line.kind {
        LogKind::Choice => {
            return match line.choice {
                None => String::new(),
                Some(c) if sees => c.to_string(),
                Some(Choice::Draw(card)) => format!("draw a {}", deck_word(card)),
                Some(Choice::Return(_)) => "return a card".to_string(),
                Some(_) => "a hidden choice".to_string(),
            }
        }
        LogKind::Undo => "undo",
        LogKind::Resign => "resign",
        LogKind::Timeout => "timeout",
        LogKind::Abort => "abort",
        LogKind::Abandoned => "abandoned",
        LogKind::ClaimDraw => "claim-draw",
        LogKind::Leave => "leave",
    };
    word.to_string()
}

/// An entry as a sentence in the language (empty for a choice hidden from
/// the reader that has no words).
fn line_words(line: &LogItem, sees: bool, game: &Game, table: &Table, msgs: &Messages) -> String {
    let who = |s: Option<Seat>| s.map(|s| seat_name(game, s, table, msgs)).unwrap_or_default();
    let id = match (line.kind, line.choice) {
        (LogKind::Undo, _) => "log-undo",
        (LogKind::Resign, _) => "log-resign",
        (LogKind::Timeout, _) => "log-timeout",
        (LogKind::Abort, _) => "endings-log-abort",
        (LogKind::Abandoned, _) => "endings-log-abandoned",
        (LogKind::ClaimDraw, _) => "endings-log-claim-draw",
        (LogKind::Leave, _) => "endings-log-leave",
        (LogKind::Choice, None) => return String::new(),
        (LogKind::Choice, Some(Choice::Draw(card))) if !sees => {
            return msgs.text("log-draw-hidden", args![("who", who(line.to)), ("deck", deck_word(card))])
        }
        (LogKind::Choice, Some(Choice::Return(_))) if !sees => "log-return-hidden",
        (LogKind::Choice, Some(_)) if !sees => return String::new(),
        (LogKind::Choice, Some(c)) => return choice_words(line, c, game, table, msgs),
    };
    msgs.text(id, args![("who", who(line.seat))])
}

/// A hidden card's deck, as the redacted notation names it (`draw a legend`).
fn deck_word(c: CardId) -> &'static str {
    match c.deck() {
        Deck::Legends => "legend",
        Deck::Flares => "flare",
        _ => "being",
    }
}

fn choice_words(line: &LogItem, c: Choice, game: &Game, table: &Table, msgs: &Messages) -> String {
    let who = line.seat.map(|s| seat_name(game, s, table, msgs));
    if let (Choice::Flare(against), Some(card), Some(who)) = (c, line.flare, who.as_ref()) {
        let against = game
            .seats()
            .iter()
            .position(|s| s.color == against)
            .map_or_else(|| msgs.color(against), |s| seat_name(game, s as Seat, table, msgs));
        return msgs.text("log-flare", args![("who", who), ("card", msgs.card_name(card)), ("against", against)]);
    }
    // the choice's words without the board of its time (the game may have
    // moved on): pieces and option meanings are left out
    let said = msgs.choice(c, &Facts::default());
    match who {
        Some(who) => msgs.text("log-choice", args![("who", who), ("choice", said)]),
        None => msgs.text("log-chance", args![("choice", said)]),
    }
}
