//! The clocks at work: which seat's clock runs, when a person's clock runs
//! out, and the timeout it then records (the time controls themselves and
//! their arithmetic are `clock.rs`'s).

use std::time::{Duration, Instant};

use tash_kalar_rules::{Actor, Seat};

use super::GameActor;
use crate::live::{Kind, LiveGame, Player};

/// The seat whose clock runs: the seat to choose, if any, once every
/// human seat has been taken (nobody loses on time while waiting for an
/// invited friend to open their link).
pub(super) fn to_move(g: &LiveGame) -> Option<Seat> {
    if g.seats.iter().any(|s| s.player == Player::Human && !s.taken) {
        return None;
    }
    match g.game().actor() {
        Actor::Seat(s) if !g.is_over() => Some(s),
        _ => None,
    }
}

impl GameActor {
    /// The running clock's seat and the moment it runs out, for a clock a
    /// person holds (bots are not flagged: see `clock.rs`).
    pub(super) fn flag_at(&self) -> Option<(Seat, Instant)> {
        let (seat, at) = self.clock.deadline()?;
        if self.g.is_over() || !matches!(self.g.seats.get(seat as usize)?.player, Player::Human) {
            return None;
        }
        let wait = (at - crate::store::now_ms()).max(0) as u64;
        Some((seat, Instant::now() + Duration::from_millis(wait)))
    }

    /// A clock ran out: a timeout entry, written like a move (a loss in a
    /// game of two sides, a bot taking over in a melee or team game).
    pub(super) async fn time_out(&mut self, seat: Seat) {
        let now = crate::store::now_ms();
        if self.clock.running != Some(seat) || self.clock.left(seat, now) > 0 {
            return;
        }
        let melee = self.g.seats.len() > 2;
        let done = if melee {
            self.hand_to_bot(seat, Kind::Timeout).await
        } else {
            self.commit(|g| g.apply(Some(seat), Kind::Timeout, None).map(|_| ())).await
        };
        match done {
            Ok(()) => tracing::info!(game = %self.g.id, seat, melee, "time ran out"),
            Err(e) => {
                tracing::error!(game = %self.g.id, error = %e, "cannot record a timeout");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}
