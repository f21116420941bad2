//! Rematches: a player of a finished game asks for one; the first request
//! gets the new game's plan (the API creates it), later ones the game made.
//!
//! A rematch's seats are reserved for the players of the finished game:
//! never open to the lobby, and each held by the same token as the seat it
//! comes from (the new game stores the same hash). So nothing but the link
//! and the hashes is stored, and a player gets their rematch seat from
//! their own token, whether or not this server has been restarted or has
//! unloaded the game since.

use tash_kalar_rules::Seat;

use super::seats::token_hash;
use super::GameActor;
use crate::account::AccountId;
use crate::error::Error;
use crate::live::{Kind, Player, SeatInfo};
use crate::site::Extras;

/// What a rematch request gets from the finished game.
pub enum RematchPlan {
    /// The rematch exists: its id, and the asking seat's place in it (the
    /// asker's token holds it).
    Made { id: String, seat: Seat },
    /// Make it: the asking seat in it, and this game's seats in the new
    /// order (new seat `j` is old seat `(j + 1) mod n`), tokens' hashes kept.
    New { seat: Seat, form: tash_kalar_rules::Form, seats: Vec<SeatInfo>, extras: Extras },
}

impl GameActor {
    /// The asking seat is the token's, or without one the signed-in
    /// `account`'s; another account may not use a seat's token (as in
    /// `hello`).
    pub(super) fn rematch(&mut self, token: Option<&str>, account: Option<AccountId>) -> Result<RematchPlan, Error> {
        let seat = match token {
            Some(token) => {
                let hash = token_hash(token);
                let seat = self.g.seats.iter().position(|s| s.token_hash == Some(hash)).ok_or(Error::BadToken)?;
                let holder = self.g.seats[seat].account;
                if holder.is_some_and(|h| account.is_some_and(|a| a != h)) {
                    return Err(Error::BadToken);
                }
                self.seat_tokens[seat] = Some(token.to_string());
                seat
            }
            None => {
                account.and_then(|a| self.g.seats.iter().position(|s| s.account == Some(a))).ok_or(Error::BadToken)?
            }
        };
        if !self.g.is_over() {
            return Err(Error::GameNotOver);
        }
        let n = self.g.seats.len();
        // seats turn by one: in a duel the second player starts the rematch
        let order: Vec<usize> = (0..n).map(|j| (j + 1) % n).collect();
        let new_seat = order.iter().position(|&old| old == seat).unwrap_or(0) as Seat;
        if let Some(id) = &self.g.extras.rematch {
            return Ok(RematchPlan::Made { id: id.clone(), seat: new_seat });
        }
        if self.rematch_pending {
            return Err(Error::RematchInProgress);
        }
        self.rematch_pending = true;
        // a seat a bot took over (its time ran out, it was claimed against
        // or its player left) is a person's again
        let timed_out: Vec<usize> = self
            .g
            .entries
            .iter()
            .filter(|e| matches!(Kind::from(e.kind), Kind::Timeout | Kind::Abandoned | Kind::Leave))
            .filter_map(|e| e.seat.map(usize::from))
            .collect();
        let seats = order
            .iter()
            .map(|&old| {
                let mut s = self.g.seats[old].clone();
                if n > 2 && timed_out.contains(&old) {
                    s.player = Player::Human;
                }
                // the same player's seat: their token holds it, nobody else may join it
                s.taken = false;
                s.open = false;
                s
            })
            .collect();
        let extras = Extras {
            time_control: self.g.extras.time_control,
            private: self.g.extras.private,
            rematch_of: Some(self.g.id.clone()),
            ..Default::default()
        };
        Ok(RematchPlan::New { seat: new_seat, form: self.g.form, seats, extras })
    }

    pub(super) async fn rematch_made(&mut self, made: Option<String>) {
        self.rematch_pending = false;
        let Some(id) = made else { return };
        // the link that stands: another asker's, if theirs was stored first
        let id = match self.store.set_rematch(&self.g.id, &id, self.lease()).await {
            Ok(stands) => stands,
            Err(e) => {
                tracing::warn!(game = %self.g.id, error = %e, "cannot link a rematch");
                self.refused_write(&e).await;
                id
            }
        };
        self.g.extras.rematch = Some(id);
        self.publish();
    }
}
