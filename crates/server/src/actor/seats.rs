//! Seats and joining: a connection's hello (with a seat token, or as a
//! spectator), a seat taken from the lobby (`join`), a connection gone;
//! seat tokens and their hashes.

use rand::Rng;
use serde_json::json;
use sha2::{Digest, Sha256};
use tash_kalar_rules::Seat;

use super::clocks::to_move;
use super::{GameActor, Hello};
use crate::db::{self, Summary};
use crate::live::{Player, Refused};

/// Why a seat was not given to `join`.
#[derive(Debug)]
pub enum JoinRefused {
    /// The seat is kept for the link made for it (HTTP 403).
    Reserved(String),
    /// Taken, a bot's, no such seat, the game over, not saved (HTTP 409).
    Other(Refused),
}

impl From<Refused> for JoinRefused {
    fn from(r: Refused) -> JoinRefused {
        JoinRefused::Other(r)
    }
}

pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A new random secret: 128 bits from the operating system's generator.
pub fn new_secret(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rngs::OsRng.fill(buf.as_mut_slice());
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

impl GameActor {
    pub(super) async fn hello(&mut self, token: Option<String>) -> Result<Hello, Refused> {
        let Some(token) = token else {
            self.spectators += 1;
            return Ok(Hello { seat: None, rx: self.snap.subscribe() });
        };
        let hash = token_hash(&token);
        let seat = self
            .g
            .seats
            .iter()
            .position(|s| s.token_hash == Some(hash))
            .ok_or_else(|| Refused::plain("bad-token", "this seat token is not one of this game's"))?;
        if !self.g.seats[seat].taken {
            self.g.seats[seat].taken = true;
            // the last seat taken starts the clocks
            let mut summary = Summary::of(&self.g);
            if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
                summary.clocks = self.clock.stored();
            }
            let id = self.g.id.clone();
            let s = seat as Seat;
            if let Err(e) = self.store.write(move |c| db::take_seat(c, &id, s, None, &summary)).await {
                // the seat is still the token holder's; only the lobby's flag is stale
                tracing::warn!(game = %self.g.id, error = %e, "cannot mark a seat taken");
            }
        }
        self.online[seat] += 1;
        if self.online[seat] == 1 {
            self.publish();
        }
        Ok(Hello { seat: Some(seat as Seat), rx: self.snap.subscribe() })
    }

    pub(super) async fn join(&mut self, seat: Seat) -> Result<String, JoinRefused> {
        let Some(info) = self.g.seats.get(seat as usize) else {
            return Err(Refused::new(
                "no-such-seat",
                json!({"seat": seat as usize + 1}),
                format!("this game has no seat {}", seat as usize + 1),
            )
            .into());
        };
        if info.player != Player::Human {
            return Err(Refused::plain("seat-is-bot", "a bot plays this seat").into());
        }
        if info.taken {
            return Err(Refused::plain("seat-taken", "this seat is taken").into());
        }
        if self.g.is_over() {
            return Err(Refused::plain("game-over", "the game is over").into());
        }
        if !info.open {
            return Err(JoinRefused::Reserved(
                "this seat is reserved for the player the game's creator sent its link to".into(),
            ));
        }
        let token = new_secret(16);
        let hash = token_hash(&token);
        let mut next = self.g.seats.clone();
        next[seat as usize].token_hash = Some(hash);
        next[seat as usize].taken = true;
        let old = std::mem::replace(&mut self.g.seats, next);
        let clock_backup = self.clock.clone();
        let mut summary = Summary::of(&self.g);
        if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
            summary.clocks = self.clock.stored();
        }
        let id = self.g.id.clone();
        match self.store.write(move |c| db::take_seat(c, &id, seat, Some(hash), &summary)).await {
            Ok(()) => {
                self.publish();
                Ok(token)
            }
            Err(e) => {
                self.g.seats = old;
                self.clock = clock_backup;
                tracing::error!(game = %self.g.id, error = %e, "cannot give a seat");
                Err(Refused::plain("save-failed", "the server could not save this; try again").into())
            }
        }
    }

    /// A connection that said hello has gone.
    pub(super) fn leave(&mut self, seat: Option<Seat>) {
        match seat {
            Some(s) => {
                if let Some(n) = self.online.get_mut(s as usize) {
                    *n = n.saturating_sub(1);
                    // the players' list changes when the last connection goes
                    if *n == 0 {
                        self.publish();
                    }
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
        self.touch();
    }
}
