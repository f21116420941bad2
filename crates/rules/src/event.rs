//! What just happened: the events of the last turns, recorded by the
//! engine where they happen.
//!
//! The board operations (`Game::fx_*`, placing, summoning, removing a
//! piece), the scoring, the draws, the flares, the task claims and the turn
//! flow each push an [`Event`] into the game's [`EventLog`]. Clients show
//! them as the log in words and as the last turn on the board (every square
//! touched, destroyed pieces as ghosts), so no client has to work out what a
//! choice did by comparing boards or reading choice texts.
//!
//! Hidden information stays hidden by construction: an event never names a
//! card drawn (only how many of each kind) nor a card returned face down
//! (only how many), so the same events may go to every viewer.
//!
//! The log is not part of the game's state: two games in the same state
//! compare equal (and hash alike) whatever their events, a game read from a
//! position or a view starts with an empty log, and the log is bounded (the
//! turns of the last round and the current one, see `EventLog::push`).

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{Color, Piece, Rank};
use crate::cards::CardId;
use crate::game::Seat;
use crate::geometry::{Orientation, Square};
use crate::tasks::TaskId;

/// How a piece went from one square to another.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveHow {
    /// To an adjacent square (a move, a push).
    Move,
    /// Further than an adjacent square (a leap).
    Leap,
}

/// Why points were scored.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreWhy {
    /// Enemy pieces destroyed this turn (at the end of the turn).
    Destruction,
    /// A legend summoned this turn.
    Legend,
    /// A flare invoked against this seat (the opponent compared against scores).
    Flare,
    /// Deathmatch Melee: unpaired common pieces of different colors.
    Unpaired,
    /// Etherweave: a pending being still waiting at the end (negative).
    Causality,
}

/// One thing that happened. Seats are the engine's (0-based); colors name
/// the pieces.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Event {
    /// A turn began.
    TurnStarted { seat: Seat, number: u16 },
    /// A piece was put on an empty square (the place action, a start piece,
    /// an effect placing a piece).
    Placed { at: Square, piece: Piece },
    /// Piece shortage: a player took one of their pieces up to place it again.
    PickedUp { at: Square, piece: Piece },
    /// A being or legend was summoned.
    Summoned { seat: Seat, card: CardId, at: Square, orientation: Orientation },
    /// A piece moved (or leapt, or was pushed) from one square to another.
    Moved { from: Square, to: Square, piece: Piece, how: MoveHow },
    /// A piece was upgraded (`to` is its new rank).
    Upgraded { at: Square, color: Color, from: Rank, to: Rank },
    /// A piece was downgraded.
    Downgraded { at: Square, color: Color, from: Rank, to: Rank },
    /// An enemy piece was converted into the active player's piece.
    Converted { at: Square, from: Piece, to: Piece },
    /// A piece was destroyed; `credited` when it counts for the active player.
    Destroyed { at: Square, piece: Piece, credited: bool },
    /// Points scored by a seat (in team play, by its team); in a melee, in
    /// the color `color`.
    Scored {
        seat: Seat,
        points: i16,
        why: ScoreWhy,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    /// The discard action: a being from hand onto the seat's discard pile.
    Discarded { seat: Seat, card: CardId },
    /// Cards returned face down to the bottom of their decks (how many only).
    Returned { seat: Seat, count: u8 },
    /// A flare was invoked against the player of a color.
    FlareInvoked { seat: Seat, card: CardId, against: Color, upper: bool, lower: bool },
    /// Cards drawn, by kind (which ones is never told).
    Drew { seat: Seat, beings: u8, legends: u8, flares: u8 },
    /// A task was turned up (task forms).
    TaskRevealed { task: TaskId },
    /// A task was claimed (in team play, for the team).
    TaskClaimed { seat: Seat, task: TaskId, points: u8 },
    /// Team play: control passed to the teammate.
    PassedControl { seat: Seat, to: Seat },
    /// Deathmatch Melee: an improvised summoning used up an enemy color.
    Improvised { seat: Seat, color: Color },
    /// Everfrost: a card was frozen in front of its owner (face up, public).
    Frozen { seat: Seat, card: CardId },
    /// Everfrost: a second card would be frozen; the owner kept `kept` and
    /// discarded `discarded` (either may be the new one).
    KeptFrozen { seat: Seat, kept: CardId, discarded: CardId },
    /// Everfrost: a frozen card was thawed (its frozen effect follows).
    Thawed { seat: Seat, card: CardId },
    /// Nethervoid: the piece on `at` became the seat's Gateway.
    GatewayGained { seat: Seat, at: Square },
    /// Nethervoid: the seat's Gateway on `at` stopped being the Gateway (its
    /// piece left the board or became legendary, or another piece became
    /// the Gateway).
    GatewayLost { seat: Seat, at: Square },
    /// Etherweave: a being's warp effect was played from the hand; the card
    /// is now the seat's pending being (face up, public).
    Warped { seat: Seat, card: CardId },
    /// Etherweave: the pending being went back into the hand (the Warpmaster).
    PendingReturned { seat: Seat, card: CardId },
    /// Etherweave: the pending being was discarded.
    PendingDiscarded { seat: Seat, card: CardId },
    /// Etherweave: the Merchant of Time lifted a piece off the board and
    /// keeps it on the card.
    Stored { seat: Seat, at: Square, piece: Piece },
    /// Etherweave: the Merchant of Time's stored piece leapt onto `at`
    /// (`None`: no square it could land on; it went back to its owner's supply).
    Landed { seat: Seat, at: Option<Square>, piece: Piece },
    /// A seat resigned.
    Resigned { seat: Seat },
    /// The turn is over (its scoring done).
    TurnEnded { seat: Seat },
    /// The game is over (the view's `result` says how).
    GameOver,
}

/// The capacity of the log: far more than a round of turns holds.
pub const EVENT_CAPACITY: usize = 120;

/// The events of the last turns, oldest first: the current turn and those
/// of the last round (one turn per seat), at most [`EVENT_CAPACITY`].
#[derive(Debug, Default)]
pub struct EventLog {
    events: ArrayVec<Event, EVENT_CAPACITY>,
    /// The number of the first event held: every event recorded in a game
    /// has a number, counted from 0, so a client can keep a longer log by
    /// joining what it receives (and drop what a take-back removed).
    first: u32,
    /// Turns to keep besides the current one (the seats at the table, less one).
    keep: u8,
}

// written out: the events in one block copy (see `pile::copy_list`)
impl Clone for EventLog {
    #[inline]
    fn clone(&self) -> EventLog {
        EventLog { events: crate::pile::copy_list(&self.events), ..*self }
    }
}

/// The log is a record of what happened, not part of the state.
impl PartialEq for EventLog {
    fn eq(&self, _: &EventLog) -> bool {
        true
    }
}
impl Eq for EventLog {}
impl std::hash::Hash for EventLog {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl EventLog {
    pub(crate) fn new(seats: usize) -> EventLog {
        EventLog { events: ArrayVec::new(), first: 0, keep: seats.saturating_sub(1) as u8 }
    }

    /// A log that goes on from this one without its events (numbered on
    /// as if they had been dropped).
    pub(crate) fn emptied(&self) -> EventLog {
        EventLog { events: ArrayVec::new(), first: self.first.wrapping_add(self.events.len() as u32), keep: self.keep }
    }

    /// A log holding these events (a game read back from a view).
    pub(crate) fn from_events(seats: usize, first: u32, events: impl IntoIterator<Item = Event>) -> EventLog {
        let mut log = EventLog::new(seats);
        log.first = first;
        log.events.extend(events.into_iter().take(EVENT_CAPACITY));
        log
    }

    /// The events, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The number of the first event held (see `first`).
    pub fn first_number(&self) -> u32 {
        self.first
    }

    fn drop_front(&mut self, n: usize) {
        self.events.drain(..n);
        self.first = self.first.wrapping_add(n as u32);
    }

    /// Records an event. A new turn first lets the turns before the last
    /// round go; a full log lets its oldest turn go (its oldest event, if
    /// one turn fills it). Draws of one seat in a row are counted together.
    pub(crate) fn push(&mut self, e: Event) {
        if let Event::Drew { seat, beings, legends, flares } = e {
            if let Some(Event::Drew { seat: s, beings: b, legends: l, flares: f }) = self.events.last_mut() {
                if *s == seat {
                    *b += beings;
                    *l += legends;
                    *f += flares;
                    return;
                }
            }
        }
        if let Event::TurnStarted { .. } = e {
            // the new turn and `keep` turns before it stay
            let keep = self.keep as usize;
            let starts: ArrayVec<usize, 8> = self
                .events
                .iter()
                .enumerate()
                .rev()
                .filter(|(_, e)| matches!(e, Event::TurnStarted { .. }))
                .map(|(i, _)| i)
                .take(keep + 1)
                .collect();
            if starts.len() > keep {
                let from = if keep == 0 { self.events.len() } else { starts[keep - 1] };
                self.drop_front(from);
            }
        }
        if self.events.is_full() {
            let next = self.events.iter().skip(1).position(|e| matches!(e, Event::TurnStarted { .. }));
            let cut = next.map_or(1, |i| i + 1);
            self.drop_front(cut);
        }
        self.events.push(e);
    }

    /// The last event, to be replaced (a destruction that was a conversion).
    pub(crate) fn pop_if(&mut self, f: impl Fn(&Event) -> bool) -> Option<Event> {
        if self.events.last().is_some_and(f) {
            self.events.pop()
        } else {
            None
        }
    }
}

impl Event {
    /// The squares this event touched, for a client's highlight.
    pub fn squares(&self) -> ArrayVec<Square, 2> {
        let mut v = ArrayVec::new();
        match *self {
            Event::Placed { at, .. }
            | Event::PickedUp { at, .. }
            | Event::Summoned { at, .. }
            | Event::Upgraded { at, .. }
            | Event::Downgraded { at, .. }
            | Event::Converted { at, .. }
            | Event::Destroyed { at, .. }
            | Event::GatewayGained { at, .. }
            | Event::GatewayLost { at, .. } => v.push(at),
            Event::Moved { from, to, .. } => {
                v.push(from);
                v.push(to);
            }
            _ => {}
        }
        v
    }
}

/// For debugging and tests: the event as data (its words for players are
/// the `tash-kalar-present` crate's).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events stay small: the log is in every game and every clone of it.
    #[test]
    fn events_are_small() {
        assert!(std::mem::size_of::<Event>() <= 8, "{}", std::mem::size_of::<Event>());
        println!(
            "Event {} bytes, EventLog {} bytes, Game {} bytes",
            std::mem::size_of::<Event>(),
            std::mem::size_of::<EventLog>(),
            std::mem::size_of::<crate::Game>()
        );
    }

    #[test]
    fn the_log_keeps_the_last_round_and_numbers_its_events() {
        let mut log = EventLog::new(2);
        for n in 1..=4 {
            log.push(Event::TurnStarted { seat: (n % 2) as Seat, number: n });
            log.push(Event::Drew { seat: 0, beings: 1, legends: 0, flares: 0 });
            log.push(Event::Drew { seat: 0, beings: 1, legends: 1, flares: 0 });
        }
        // two turns kept (the current and the one before), draws in a row counted together
        assert_eq!(log.events().len(), 4);
        assert_eq!(log.events()[0], Event::TurnStarted { seat: 1, number: 3 });
        assert_eq!(log.events()[1], Event::Drew { seat: 0, beings: 2, legends: 1, flares: 0 });
        assert_eq!(log.first_number(), 4);
    }
}
