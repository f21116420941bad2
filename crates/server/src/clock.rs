//! Time controls and the clocks of a live game.
//!
//! A game is created with a time control: none, a time for each move
//! (play at leisure: the seat's clock is set again whenever its turn
//! comes) or a time for the whole game with an increment added whenever
//! the seat's clock stops (Fischer). The clock that runs is the clock of
//! the seat that is to choose (chance's draws take no time); it follows
//! the match's actor after every change.
//!
//! Times are wall-clock Unix milliseconds, so that they can be stored and
//! sent to clients: `remaining[s]` is seat `s`'s time left as of `since`,
//! and the running seat's clock has been running since then. A game
//! loaded from the database after a restart goes on from the stored
//! clocks, and the running clock is charged for the time the server was
//! down (as chess servers do): the clock measures the time the player had,
//! and a pause would hand a free turn's time to whoever was to move when
//! the server stopped; a clock that ran out meanwhile flags at once.
//!
//! A game without a time control still gets a move deadline
//! (correspondence play; `serve --move-deadline`, 3 days by default):
//! its clocks run as a time for each move of that length, are stored and
//! shown like the others, and a seat that misses its deadline is settled
//! like a loss on time (in a melee or team game a bot takes the seat over).
//! A deadline of 0 turns this off: such a game then has no clock at all.
//!
//! Bots' clocks run and get their increments (their time is shown), but a
//! bot is never flagged: its search has its own budget, and the pool may
//! keep it waiting behind other games' bots through no fault of its own.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tash_kalar_rules::Seat;

/// The longest time a control may give, in seconds: 30 days.
pub const MAX_SECS: u64 = 30 * 24 * 3600;
/// The largest increment, in seconds: an hour.
pub const MAX_INCREMENT: u64 = 3600;

/// The bot that takes over a melee or team seat whose time ran out.
/// The `medium` level: a quick search, well within the bot pool.
pub const TIMEOUT_BOT: &str = "medium";

/// A time control, as chosen at creation (`"clock"` in `POST /api/games`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum TimeControl {
    #[default]
    None,
    /// `secs` for each move.
    Move { secs: u64 },
    /// `secs` for the game, `increment` seconds added after each move.
    Game {
        secs: u64,
        #[serde(default)]
        increment: u64,
    },
}

/// A time control out of its bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("clock: an increment is at most {MAX_INCREMENT} s")]
    Increment,
    #[error("clock: a time is from 1 to {MAX_SECS} s")]
    Time,
}

impl TimeControl {
    /// Checks the bounds (a request's control).
    pub fn check(self) -> Result<TimeControl, ClockError> {
        let secs = match self {
            TimeControl::None => return Ok(self),
            TimeControl::Move { secs } => secs,
            TimeControl::Game { secs, increment } => {
                if increment > MAX_INCREMENT {
                    return Err(ClockError::Increment);
                }
                secs
            }
        };
        if secs == 0 || secs > MAX_SECS {
            return Err(ClockError::Time);
        }
        Ok(self)
    }

    /// The stored text: `none`, `move:S`, `game:S+I`.
    pub fn text(self) -> String {
        match self {
            TimeControl::None => "none".into(),
            TimeControl::Move { secs } => format!("move:{secs}"),
            TimeControl::Game { secs, increment } => format!("game:{secs}+{increment}"),
        }
    }

    pub fn parse(text: &str) -> Option<TimeControl> {
        if text == "none" {
            return Some(TimeControl::None);
        }
        if let Some(s) = text.strip_prefix("move:") {
            return Some(TimeControl::Move { secs: s.parse().ok()? });
        }
        let (secs, inc) = text.strip_prefix("game:")?.split_once('+')?;
        Some(TimeControl::Game { secs: secs.parse().ok()?, increment: inc.parse().ok()? })
    }
}

/// The clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    /// A game without a time control: the move deadline in milliseconds,
    /// set again whenever the seat's turn comes (0: no deadline, no clock).
    pub deadline_ms: i64,
    /// Each seat's time left as of `since`, in milliseconds.
    pub remaining: Vec<i64>,
    /// The seat whose clock runs.
    pub running: Option<Seat>,
    /// Unix milliseconds.
    pub since: i64,
}

#[derive(Serialize, Deserialize)]
struct StoredClocks {
    remaining: Vec<i64>,
    running: Option<Seat>,
    since: i64,
}

impl Clocks {
    /// New clocks; `deadline_ms` is the move deadline of a game without a
    /// time control (0: none).
    pub fn new(control: TimeControl, deadline_ms: i64, seats: usize, now: i64) -> Clocks {
        let mut c = Clocks { control, deadline_ms, remaining: Vec::new(), running: None, since: now };
        c.remaining = vec![c.start_ms(); seats];
        c
    }

    /// The clocks as stored (`games.clocks`), or restored from it; `None`
    /// (no clocks stored yet) starts them anew.
    pub fn restore(control: TimeControl, deadline_ms: i64, seats: usize, stored: Option<&str>, now: i64) -> Clocks {
        match stored.and_then(|s| serde_json::from_str::<StoredClocks>(s).ok()) {
            Some(s) if s.remaining.len() == seats => {
                Clocks { control, deadline_ms, remaining: s.remaining, running: s.running, since: s.since }
            }
            _ => Clocks::new(control, deadline_ms, seats, now),
        }
    }

    /// Whether these clocks run at all (a time control, or a deadline).
    fn runs(&self) -> bool {
        self.control != TimeControl::None || self.deadline_ms > 0
    }

    /// The time a seat starts with (and, per move, gets again each turn).
    fn start_ms(&self) -> i64 {
        match self.control {
            TimeControl::None => self.deadline_ms,
            TimeControl::Move { secs } | TimeControl::Game { secs, .. } => secs as i64 * 1000,
        }
    }

    pub fn stored(&self) -> Option<String> {
        if !self.runs() {
            return None;
        }
        let s = StoredClocks { remaining: self.remaining.clone(), running: self.running, since: self.since };
        serde_json::to_string(&s).ok()
    }

    /// Seat `seat`'s time left at `now`.
    pub fn left(&self, seat: Seat, now: i64) -> i64 {
        let base = self.remaining.get(seat as usize).copied().unwrap_or(0);
        if self.running == Some(seat) {
            base - (now - self.since).max(0)
        } else {
            base
        }
    }

    /// The clock of `to_move` runs from `now` on (none when nobody is to
    /// choose: chance, or the game over). Returns whether anything changed.
    pub fn follow(&mut self, to_move: Option<Seat>, now: i64) -> bool {
        if !self.runs() || to_move == self.running {
            return false;
        }
        if let Some(s) = self.running {
            let left = self.left(s, now);
            let inc = match self.control {
                TimeControl::Game { increment, .. } => increment as i64 * 1000,
                _ => 0,
            };
            self.remaining[s as usize] = left + inc;
        }
        if let (TimeControl::Move { .. } | TimeControl::None, Some(s)) = (self.control, to_move) {
            self.remaining[s as usize] = self.start_ms();
        }
        self.running = to_move;
        self.since = now;
        true
    }

    /// When the running clock runs out, in Unix milliseconds.
    pub fn deadline(&self) -> Option<(Seat, i64)> {
        let s = self.running?;
        Some((s, self.since + self.remaining[s as usize].max(0)))
    }

    /// What clients are sent (`clock` in the state message); `null` for
    /// a game without a time control or deadline. A game without a time
    /// control shows its move deadline (`"deadline"`, in seconds) as the
    /// time left of each seat.
    pub fn wire(&self) -> Value {
        if !self.runs() {
            return Value::Null;
        }
        let mut v =
            json!({"control": self.control, "remaining": self.remaining, "running": self.running, "since": self.since});
        if self.control == TimeControl::None {
            v["deadline"] = json!(self.deadline_ms / 1000);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_clock_adds_its_increment_when_it_stops() {
        let mut c = Clocks::new(TimeControl::Game { secs: 60, increment: 5 }, 0, 2, 1000);
        assert!(c.follow(Some(0), 1000));
        assert_eq!(c.left(0, 11_000), 50_000);
        assert!(!c.follow(Some(0), 12_000));
        assert!(c.follow(Some(1), 21_000));
        assert_eq!(c.remaining[0], 45_000);
        assert_eq!(c.deadline(), Some((1, 81_000)));
        let back = Clocks::restore(c.control, 0, 2, c.stored().as_deref(), 0);
        assert_eq!(back, c);
    }

    #[test]
    fn a_move_clock_is_set_again_each_turn() {
        let mut c = Clocks::new(TimeControl::Move { secs: 10 }, 0, 2, 0);
        c.follow(Some(0), 0);
        c.follow(Some(1), 9_000);
        assert_eq!(c.remaining[0], 1_000);
        c.follow(Some(0), 10_000);
        assert_eq!(c.left(0, 10_000), 10_000);
    }

    #[test]
    fn a_game_without_a_clock_has_a_move_deadline_set_again_each_turn() {
        let mut c = Clocks::new(TimeControl::None, 3_000, 2, 0);
        assert!(c.follow(Some(0), 0));
        assert_eq!(c.deadline(), Some((0, 3_000)));
        c.follow(Some(1), 2_000);
        c.follow(Some(0), 2_500);
        assert_eq!(c.deadline(), Some((0, 5_500)));
        assert_eq!(c.wire()["deadline"], 3);
        let back = Clocks::restore(c.control, 3_000, 2, c.stored().as_deref(), 0);
        assert_eq!(back, c);
        // no deadline: no clock, as before
        let mut none = Clocks::new(TimeControl::None, 0, 2, 0);
        assert!(!none.follow(Some(0), 0));
        assert_eq!((none.stored(), none.wire()), (None, Value::Null));
    }

    #[test]
    fn controls_read_back_and_are_bounded() {
        for tc in
            [TimeControl::None, TimeControl::Move { secs: 172_800 }, TimeControl::Game { secs: 600, increment: 5 }]
        {
            assert_eq!(TimeControl::parse(&tc.text()), Some(tc));
            assert_eq!(tc.check(), Ok(tc));
        }
        assert_eq!(TimeControl::Move { secs: 0 }.check(), Err(ClockError::Time));
        assert_eq!(TimeControl::Game { secs: 60, increment: 7200 }.check(), Err(ClockError::Increment));
    }
}
