//! A game being played: its setup, its match, and its log of entries.
//!
//! The log is the game: every entry is a choice (a seat's, a bot's or
//! chance's), a take-back or a resignation, numbered from 1. The game's
//! version is the number of entries. [`LiveGame::apply`] is used both live
//! and when a game is replayed from the database, so both build the same
//! state.

use std::sync::Arc;

use tash_kalar_present::{LogItem, LogKind, Player as Named, Table};
use tash_kalar_rules::{Choice, ChoiceTextError, Form, Game, Match, Mover, School, Seat, SetupError};

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
    /// The account that holds the seat (created, joined or taken while
    /// signed in): its hello needs no token, and no other account's may
    /// use the token.
    pub account: Option<crate::account::AccountId>,
}

impl SeatInfo {
    /// A seat taken by a nameless person, for tests that play a game
    /// through the server's parts.
    #[cfg(test)]
    pub(crate) fn taken_by_a_person(school: School) -> SeatInfo {
        SeatInfo {
            school,
            player: Player::Human,
            name: None,
            token_hash: None,
            taken: true,
            open: false,
            account: None,
        }
    }

    /// The seat as the `players` list of a state shows it, `online` or not.
    pub fn summary(&self, seat: usize, online: bool) -> PlayerSummary<'_> {
        let (player, bot) = match &self.player {
            Player::Human => ("human", None),
            Player::Bot(spec) => ("bot", Some(spec.as_str())),
        };
        PlayerSummary {
            bot,
            name: self.name.as_deref(),
            online,
            open: self.open,
            player,
            school: self.school.name(),
            seat,
            taken: self.taken,
        }
    }
}

/// A seat in a state's `players` list. Written at every change, so as a
/// struct rather than a JSON map built key by key; its fields in the order
/// serde_json writes a map's keys (sorted), the bytes the list always had.
#[derive(Debug, serde::Serialize)]
pub struct PlayerSummary<'a> {
    pub bot: Option<&'a str>,
    pub name: Option<&'a str>,
    pub online: bool,
    pub open: bool,
    pub player: &'static str,
    pub school: &'static str,
    pub seat: usize,
    pub taken: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Choice,
    Undo,
    Resign,
    /// The seat's time ran out (`clock.rs`): it loses a game of two sides;
    /// in a melee or a team game a bot takes the seat over.
    Timeout,
    /// The seat aborted the game before every seat's first turn: no result.
    Abort,
    /// The seat was away on its turn and another claimed against it: it
    /// loses a game of two sides; in a melee or team game a bot takes it over.
    Abandoned,
    /// The seat claimed a draw against its absent opponent (two sides).
    ClaimDraw,
    /// The seat left a melee or team game: a bot takes it over.
    Leave,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Choice => "choice",
            Kind::Undo => "undo",
            Kind::Resign => "resign",
            Kind::Timeout => "timeout",
            Kind::Abort => "abort",
            Kind::Abandoned => "abandoned",
            Kind::ClaimDraw => "claim-draw",
            Kind::Leave => "leave",
        }
    }

    /// Every kind, in the order of the declaration.
    pub const ALL: [Kind; 8] = [
        Kind::Choice,
        Kind::Undo,
        Kind::Resign,
        Kind::Timeout,
        Kind::Abort,
        Kind::Abandoned,
        Kind::ClaimDraw,
        Kind::Leave,
    ];

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == text)
    }
}

impl From<LogKind> for Kind {
    fn from(k: LogKind) -> Kind {
        match k {
            LogKind::Choice => Kind::Choice,
            LogKind::Undo => Kind::Undo,
            LogKind::Resign => Kind::Resign,
            LogKind::Timeout => Kind::Timeout,
            LogKind::Abort => Kind::Abort,
            LogKind::Abandoned => Kind::Abandoned,
            LogKind::ClaimDraw => Kind::ClaimDraw,
            LogKind::Leave => Kind::Leave,
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

impl From<&LogItem> for StoredEntry {
    fn from(e: &LogItem) -> StoredEntry {
        StoredEntry { n: e.n, seat: e.seat, kind: e.kind.into(), choice: e.choice.map(|c| c.to_string()) }
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
    /// The log, each entry with what the rules say of who may see it
    /// (present's [`LogItem`]: a card drawn into a hand is its seat's).
    pub entries: Arc<Vec<LogItem>>,
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

    /// The seats' players as the presentation names them (`can_undo`
    /// false: whether a viewer may take back is [`LiveGame::can_undo`]).
    pub fn table(&self) -> Table {
        let players = self
            .seats
            .iter()
            .map(|s| Named {
                name: s.name.clone(),
                bot: match &s.player {
                    Player::Human => None,
                    Player::Bot(spec) => Some(spec.clone()),
                },
            })
            .collect();
        Table { players, can_undo: false, can_claim: false }
    }

    /// Whether `seat` may take back a choice now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.m.can_undo_by(seat)
    }

    /// Applies one entry (live or replayed); on error nothing changed.
    /// Who may act, the choice's normal form and its legality are the
    /// match's to judge ([`Match::act`], [`Match::undo_by`],
    /// [`Match::resign`]); its refusal is passed on word for word.
    pub fn apply(&mut self, seat: Option<Seat>, kind: Kind, choice: Option<Choice>) -> Result<&LogItem, Error> {
        let n = self.version() + 1;
        let entry = match (kind, seat) {
            (Kind::Choice, by) => {
                let choice = choice.ok_or(Error::BadEntry)?;
                let mover = by.map_or(Mover::Chance, Mover::Seat);
                // who may see it is judged on the game before the choice
                let mut entry = LogItem::choice(self.game(), n, by, choice);
                entry.choice = Some(self.m.act(mover, choice)?);
                self.moves.push(n);
                entry
            }
            (Kind::Undo, Some(s)) => {
                self.m.undo_by(s)?;
                LogItem::undo(n, s, self.moves.pop())
            }
            (Kind::Resign, Some(s)) => {
                self.m.resign(s)?;
                self.moves.push(n);
                LogItem::resign(n, s)
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
                    // the match goes on (the record says `N leave`: the
                    // seat ranks last); the seat's choices are a bot's
                    self.m.leave(s)?;
                    seat.player = Player::Bot(crate::clock::TIMEOUT_BOT.to_string());
                }
                LogItem::timeout(n, s)
            }
            (Kind::Abort, Some(s)) => {
                self.m.abort(s)?;
                self.moves.push(n);
                LogItem::ending(n, s, LogKind::Abort)
            }
            (Kind::ClaimDraw, Some(s)) => {
                self.m.claim_draw(s)?;
                self.moves.push(n);
                LogItem::ending(n, s, LogKind::ClaimDraw)
            }
            (Kind::Abandoned | Kind::Leave, Some(s)) => {
                if self.is_over() {
                    return Err(Error::GameOver { rules: None });
                }
                let seats = self.seats.len();
                let seat = self.seats.get_mut(s as usize).ok_or(Error::NoSuchSeat {
                    seat: s as usize + 1,
                    seats: Some(seats),
                    rules: None,
                })?;
                let log = if kind == Kind::Leave { LogKind::Leave } else { LogKind::Abandoned };
                if seats > 2 {
                    // as a timeout: the match goes on (`N leave`: the seat
                    // ranks last), the seat's choices are a bot's
                    self.m.leave(s)?;
                    seat.player = Player::Bot(crate::clock::TIMEOUT_BOT.to_string());
                } else if kind == Kind::Leave {
                    return Err(Error::CannotLeave);
                } else {
                    // the absent seat loses; the record says `N abandoned`
                    self.m.claim_win(s)?;
                    self.moves.push(n);
                }
                LogItem::ending(n, s, log)
            }
            (_, None) => return Err(Error::SeatRequired),
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A seat's summary is written as the JSON map it used to be built as,
    /// byte for byte (the keys sorted), for a person's seat and a bot's.
    #[test]
    fn a_seats_summary_is_the_map_it_was() {
        let seat = |player: Player, name: Option<&str>| SeatInfo {
            school: School::Highland,
            player,
            name: name.map(String::from),
            token_hash: None,
            taken: true,
            open: false,
            account: None,
        };
        for (i, s) in
            [seat(Player::Human, Some("Ann \"A\"")), seat(Player::Bot("mcts:time=1s".into()), None)].iter().enumerate()
        {
            let (player, bot) = match &s.player {
                Player::Human => ("human", None),
                Player::Bot(spec) => ("bot", Some(spec.as_str())),
            };
            let map = json!({"seat": i, "school": s.school.name(), "player": player, "bot": bot,
                             "name": s.name, "taken": s.taken, "open": s.open, "online": i == 0});
            let got = serde_json::to_string(&s.summary(i, i == 0)).unwrap();
            assert_eq!(got, serde_json::to_string(&map).unwrap());
        }
    }
}
