//! A game being played: its setup, its match, and its log of entries.
//!
//! The log is the game: every entry is a choice (a seat's, a bot's or
//! chance's), a take-back or a resignation, numbered from 1. The game's
//! version is the number of entries. [`LiveGame::apply`] is used both live
//! and when a game is replayed from the database, so both build the same
//! state.

use std::sync::Arc;

use serde::Serialize;
use serde_json::{json, Value};
use tash_kalar_rules::{Choice, ChoiceTextError, Deck, Form, Game, Match, Mover, Phase, School, Seat, SetupError};

use crate::error::Error;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    /// A bot, by its spec (`random`, `greedy`, `mcts`, `mcts:time=1s` ...).
    Bot(String),
}

#[derive(Clone, Debug)]
pub struct SeatInfo {
    pub school: School,
    pub player: Player,
    pub name: Option<String>,
    /// SHA-256 of the seat token (human seats).
    pub token_hash: Option<[u8; 32]>,
    pub taken: bool,
    /// A human seat anyone may take from the lobby (`join`); otherwise only
    /// the token made for it at creation opens it.
    pub open: bool,
}

impl SeatInfo {
    pub fn summary(&self, seat: usize) -> Value {
        let (player, bot) = match &self.player {
            Player::Human => ("human", None),
            Player::Bot(spec) => ("bot", Some(spec.as_str())),
        };
        json!({"seat": seat, "school": self.school.name(), "player": player, "bot": bot,
               "name": self.name, "taken": self.taken, "open": self.open})
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Choice,
    Undo,
    Resign,
    /// The seat's time ran out (`clock.rs`): it loses a game of two sides;
    /// in a melee or a team game a bot takes the seat over.
    Timeout,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Choice => "choice",
            Kind::Undo => "undo",
            Kind::Resign => "resign",
            Kind::Timeout => "timeout",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        [Kind::Choice, Kind::Undo, Kind::Resign, Kind::Timeout].into_iter().find(|k| k.name() == text)
    }
}

/// One entry of a game's log.
#[derive(Clone, Debug)]
pub struct Entry {
    pub n: u32,
    /// The seat that chose; `None` for chance.
    pub seat: Option<Seat>,
    pub kind: Kind,
    /// For choices.
    pub choice: Option<Choice>,
    /// A card drawn into a hand or returned face down: only this seat sees
    /// which card (until the game is over).
    pub private_to: Option<Seat>,
    /// A chance draw into this seat's hand.
    pub to: Option<Seat>,
    /// For take-backs: the entry taken back.
    pub undoes: Option<u32>,
}

/// A reader of the log: a seat, a spectator, or (once the game is over) everyone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    Seat(Seat),
    Spectator,
    All,
}

/// An entry as one reader reads it (the `Entry` of the protocol).
#[derive(Serialize)]
pub struct EntryJson {
    n: u32,
    seat: Option<Seat>,
    kind: &'static str,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    undoes: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    hidden: bool,
}

impl Entry {
    /// The entry as `reader` may read it: another seat's drawn and returned
    /// cards are not named.
    pub fn render(&self, reader: Reader) -> EntryJson {
        let sees = match (reader, self.private_to) {
            (_, None) | (Reader::All, _) => true,
            (Reader::Seat(s), Some(p)) => s == p,
            (Reader::Spectator, Some(_)) => false,
        };
        let text = match (self.kind, self.choice) {
            (Kind::Undo, _) => "undo".to_string(),
            (Kind::Timeout, _) => "timeout".to_string(),
            (Kind::Resign, _) => "resign".to_string(),
            (Kind::Choice, Some(c)) if sees => c.to_string(),
            (Kind::Choice, Some(Choice::Draw(card))) => match card.deck() {
                Deck::Legends => "draw a legend".to_string(),
                Deck::Flares => "draw a flare".to_string(),
                _ => "draw a being".to_string(),
            },
            (Kind::Choice, Some(Choice::Return(_))) => "return a card".to_string(),
            (Kind::Choice, Some(_)) => "a hidden choice".to_string(),
            (Kind::Choice, None) => String::new(),
        };
        EntryJson {
            n: self.n,
            seat: self.seat,
            kind: self.kind.name(),
            text,
            to: self.to,
            undoes: self.undoes,
            hidden: !sees,
        }
    }
}

/// A log entry as stored: who, what, and the choice's text.
#[derive(Clone, Debug)]
pub struct StoredEntry {
    pub n: u32,
    pub seat: Option<Seat>,
    pub kind: Kind,
    pub choice: Option<String>,
}

impl From<&Entry> for StoredEntry {
    fn from(e: &Entry) -> StoredEntry {
        StoredEntry { n: e.n, seat: e.seat, kind: e.kind, choice: e.choice.map(|c| c.to_string()) }
    }
}

/// Why a stored log entry could not be replayed (a database written by
/// hand, or by an older server with other rules).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StoredError {
    #[error("entry {n} follows entry {version}")]
    OutOfOrder { n: u32, version: u32 },
    #[error("entry {n}: a choice without its text")]
    NoChoice { n: u32 },
    #[error("entry {n}: {text:?}: {why}")]
    Choice { n: u32, text: String, why: ChoiceTextError },
    #[error("entry {n}: {why}")]
    Refused { n: u32, why: Box<Error> },
}

/// A game with its setup and log.
#[derive(Clone)]
pub struct LiveGame {
    pub id: String,
    pub form: Form,
    pub seats: Vec<SeatInfo>,
    pub created: i64,
    pub m: Match,
    pub entries: Arc<Vec<Entry>>,
    /// The entry of each of the record's moves (the record drops the moves
    /// taken back, so this says which entry a take-back undoes).
    moves: Vec<u32>,
    /// Time control, privacy, rematch links and chat (`site.rs`).
    pub extras: crate::site::Extras,
}

impl LiveGame {
    /// A new game, before any choice (chance deals first).
    pub fn new(id: String, form: Form, seats: Vec<SeatInfo>, created: i64) -> Result<LiveGame, SetupError> {
        let schools: Vec<School> = seats.iter().map(|s| s.school).collect();
        let mut m = Match::new(form, &schools, None)?;
        let names: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match (&s.name, &s.player) {
                (Some(n), _) => n.clone(),
                (None, Player::Human) => format!("Seat {}", i + 1),
                (None, Player::Bot(spec)) => format!("bot {spec}"),
            })
            .collect();
        m.set_players(names);
        m.set_tag("Game", &id);
        Ok(LiveGame {
            id,
            form,
            seats,
            created,
            m,
            entries: Arc::new(Vec::new()),
            moves: Vec::new(),
            extras: Default::default(),
        })
    }

    pub fn game(&self) -> &Game {
        self.m.game()
    }

    pub fn version(&self) -> u32 {
        self.entries.len() as u32
    }

    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// Open while a seat open to anyone has not been taken (the seats
    /// reserved for their links are not offered to strangers).
    pub fn status(&self) -> &'static str {
        if self.is_over() {
            "over"
        } else if self.seats.iter().any(|s| s.player == Player::Human && s.open && !s.taken) {
            "open"
        } else {
            "playing"
        }
    }

    /// Whether `seat` may take back a choice now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.m.can_undo_by(seat)
    }

    /// Applies one entry (live or replayed); on error nothing changed.
    /// Who may act, the choice's normal form and its legality are the
    /// match's to judge ([`Match::act`], [`Match::undo_by`],
    /// [`Match::resign`]); its refusal is passed on word for word.
    pub fn apply(&mut self, seat: Option<Seat>, kind: Kind, choice: Option<Choice>) -> Result<&Entry, Error> {
        let n = self.version() + 1;
        let mut entry = Entry { n, seat, kind, choice: None, private_to: None, to: None, undoes: None };
        match (kind, seat) {
            (Kind::Choice, by) => {
                let choice = choice.ok_or(Error::BadEntry)?;
                let mover = by.map_or(Mover::Chance, Mover::Seat);
                let phase = self.game().phase();
                let choice = self.m.act(mover, choice)?;
                // a card drawn into a hand, or returned face down, is the seat's to see
                match (phase, choice) {
                    (Phase::Refill { seat, .. }, Choice::Draw(_)) => {
                        entry.private_to = Some(seat);
                        entry.to = Some(seat);
                    }
                    (Phase::Returning, Choice::Return(_)) => entry.private_to = by,
                    _ => {}
                }
                entry.choice = Some(choice);
                self.moves.push(n);
            }
            (Kind::Undo, Some(s)) => {
                self.m.undo_by(s)?;
                entry.undoes = self.moves.pop();
            }
            (Kind::Resign, Some(s)) => {
                self.m.resign(s)?;
                self.moves.push(n);
            }
            (Kind::Timeout, Some(s)) => {
                if self.is_over() {
                    return Err(Error::GameOver { rules: None });
                }
                let seats = self.seats.len();
                let seat = self.seats.get_mut(s as usize).ok_or(Error::NoSuchSeat {
                    seat: s as usize + 1,
                    seats: Some(seats),
                    rules: None,
                })?;
                if self.m.game().seat_count() == 2 {
                    // a loss on time: the outcome and the record (`N
                    // timeout`) say it was time
                    self.m.lose_on_time(s)?;
                    self.moves.push(n);
                } else {
                    // the match goes on; the seat's choices are a bot's
                    seat.player = Player::Bot(crate::clock::TIMEOUT_BOT.to_string());
                }
            }
            (_, None) => return Err(Error::SeatRequired),
        }
        let entries = Arc::make_mut(&mut self.entries);
        entries.push(entry);
        Ok(entries.last().expect("just pushed"))
    }

    /// Applies a stored entry (replaying the log).
    pub fn apply_stored(&mut self, e: &StoredEntry) -> Result<(), StoredError> {
        let n = e.n;
        if n != self.version() + 1 {
            return Err(StoredError::OutOfOrder { n, version: self.version() });
        }
        let choice = match (&e.kind, &e.choice) {
            (Kind::Choice, Some(text)) => {
                Some(text.parse::<Choice>().map_err(|why| StoredError::Choice { n, text: text.clone(), why })?)
            }
            (Kind::Choice, None) => return Err(StoredError::NoChoice { n }),
            _ => None,
        };
        self.apply(e.seat, e.kind, choice).map(|_| ()).map_err(|why| StoredError::Refused { n, why: Box::new(why) })
    }

    /// The record (`notation.md`): setup and every choice not taken back.
    pub fn record_text(&self) -> String {
        self.m.record().to_text()
    }
}
