//! Seats and joining: a connection's hello (with a seat token, as the
//! signed-in holder of a seat, or as a spectator), a seat taken from the
//! lobby (`join`), a connection gone; seat tokens and their hashes.
//!
//! A seat taken while signed in (joined, or first opened with its token)
//! belongs to the account (`SeatInfo::account`): that account's hello
//! needs no token, and another account's hello with the seat's token is
//! refused like a wrong token. A guest with the token still plays it: the
//! link is the seat, as before accounts.

use rand::Rng;
use sha2::{Digest, Sha256};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::Seat;

use super::clocks::to_move;
use super::{GameActor, Hello};
use crate::account::Account;
use crate::db::Summary;
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
    pub(super) async fn hello(
        &mut self,
        token: Option<String>,
        account: Option<Account>,
        lang: Lang,
    ) -> Result<Hello, Error> {
        let seat = match (token, &account) {
            (Some(token), _) => {
                let hash = token_hash(&token);
                let seat = self.g.seats.iter().position(|s| s.token_hash == Some(hash)).ok_or(Error::BadToken)?;
                let holder = self.g.seats[seat].account;
                if holder.is_some_and(|h| account.as_ref().is_some_and(|a| a.id != h)) {
                    return Err(Error::BadToken);
                }
                // (published below with the seat's first connection, or with the rematch)
                self.seat_tokens[seat] = Some(token);
                Some(seat)
            }
            // the signed-in holder of a seat (the first, if it holds several)
            (None, Some(a)) => self.g.seats.iter().position(|s| s.account == Some(a.id)),
            (None, None) => None,
        };
        let Some(seat) = seat else {
            self.spectators += 1;
            self.langs[self.g.seats.len()][crate::words::index(lang)] += 1;
            self.watch_class(self.g.seats.len(), lang);
            return Ok(Hello { seat: None, rx: self.snap.subscribe(), thinking: self.thinking.subscribe() });
        };
        let mut named = false;
        if let (None, Some(a)) = (self.g.seats[seat].account, account) {
            named = self.give_seat(seat, a).await;
        }
        if !self.g.seats[seat].taken {
            self.g.seats[seat].taken = true;
            // the last seat taken starts the clocks
            let mut summary = Summary::of(&self.g);
            if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
                summary.clocks = self.clock.stored();
            }
            if let Err(e) = self.store.take_seat(&self.g.id, seat as Seat, None, summary, None, self.lease()).await {
                // the seat is still the token holder's; only the lobby's flag is stale
                tracing::warn!(game = %self.g.id, error = %e, "cannot mark a seat taken");
                self.refused_write(&e).await;
            }
        }
        self.online[seat] += 1;
        self.langs[seat][crate::words::index(lang)] += 1;
        if self.online[seat] == 1 || named {
            // (the seat's view is built with the players' list that shows it online)
            self.publish();
        }
        self.watch_class(seat, lang);
        Ok(Hello { seat: Some(seat as Seat), rx: self.snap.subscribe(), thinking: self.thinking.subscribe() })
    }

    /// Gives a seat to a signed-in player's account, and its name to the
    /// seat if it had none; whether the seat is named anew. (A seat the
    /// database cannot record stays the token's alone.)
    async fn give_seat(&mut self, seat: usize, a: Account) -> bool {
        if let Err(e) = self.store.seat_account(&self.g.id, seat as Seat, a.id, &a.name, self.lease()).await {
            tracing::warn!(game = %self.g.id, error = %e, "cannot give a seat to an account");
            self.refused_write(&e).await;
            return false;
        }
        let info = &mut self.g.seats[seat];
        info.account = Some(a.id);
        let named = info.name.is_none();
        info.name.get_or_insert(a.name);
        named
    }

    pub(super) async fn join(&mut self, seat: Seat, account: Option<Account>) -> Result<String, Error> {
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
        if let Some(a) = &account {
            next[seat as usize].account = Some(a.id);
            next[seat as usize].name.get_or_insert_with(|| a.name.clone());
        }
        let old = std::mem::replace(&mut self.g.seats, next);
        let clock_backup = self.clock.clone();
        let mut summary = Summary::of(&self.g);
        if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
            summary.clocks = self.clock.stored();
        }
        let holder = account.map(|a| (a.id, a.name));
        match self.store.take_seat(&self.g.id, seat, Some(hash), summary, holder, self.lease()).await {
            Ok(()) => {
                self.publish();
                Ok(token)
            }
            Err(e) => {
                self.g.seats = old;
                self.clock = clock_backup;
                tracing::error!(game = %self.g.id, error = %e, "cannot give a seat");
                self.refused_write(&e).await;
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
