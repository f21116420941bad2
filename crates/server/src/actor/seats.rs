//! Seats and joining: a connection's hello (with a seat token, or as a
//! spectator), a seat taken from the lobby (`join`), a connection gone;
//! seat tokens and their hashes.

use rand::Rng;
use sha2::{Digest, Sha256};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::Seat;

use super::clocks::to_move;
use super::{GameActor, Hello};
use crate::db::{self, Summary};
use crate::error::Error;
use crate::live::Player;

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
    pub(super) async fn hello(&mut self, token: Option<String>, lang: Lang) -> Result<Hello, Error> {
        let Some(token) = token else {
            self.spectators += 1;
            self.langs[self.g.seats.len()][crate::words::index(lang)] += 1;
            self.watch_class(self.g.seats.len(), lang);
            return Ok(Hello { seat: None, rx: self.snap.subscribe() });
        };
        let hash = token_hash(&token);
        let seat = self.g.seats.iter().position(|s| s.token_hash == Some(hash)).ok_or(Error::BadToken)?;
        // (published below with the seat's first connection, or with the rematch)
        self.seat_tokens[seat] = Some(token);
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
        self.langs[seat][crate::words::index(lang)] += 1;
        if self.online[seat] == 1 {
            // (the seat's view is built with the players' list that shows it online)
            self.publish();
        }
        self.watch_class(seat, lang);
        Ok(Hello { seat: Some(seat as Seat), rx: self.snap.subscribe() })
    }

    pub(super) async fn join(&mut self, seat: Seat) -> Result<String, Error> {
        let Some(info) = self.g.seats.get(seat as usize) else {
            return Err(Error::NoSuchSeat { seat: seat as usize + 1, seats: None, rules: None });
        };
        if info.player != Player::Human {
            return Err(Error::SeatIsBot);
        }
        if info.taken {
            return Err(Error::SeatTaken);
        }
        if self.g.is_over() {
            return Err(Error::GameOver { rules: None });
        }
        if !info.open {
            return Err(Error::SeatReserved);
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
                Err(Error::SaveFailed)
            }
        }
    }

    /// A connection that said hello has gone.
    pub(super) fn leave(&mut self, seat: Option<Seat>, lang: Lang) {
        let class = seat.map_or(self.g.seats.len(), |s| s as usize);
        if let Some(n) = self.langs.get_mut(class).map(|l| &mut l[crate::words::index(lang)]) {
            *n = n.saturating_sub(1);
        }
        match seat {
            Some(s) => {
                if let Some(n) = self.online.get_mut(s as usize) {
                    *n = n.saturating_sub(1);
                    // the players' list changes when the last connection goes
                    if *n == 0 {
                        // (a seat away on its turn may be claimed against from then)
                        self.offline_since[s as usize] = crate::store::now_ms();
                        self.publish();
                    }
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
        self.touch();
    }
}
