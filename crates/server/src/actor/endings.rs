//! Games that always end: an abort before every seat's first turn, a
//! claim against a seat away on its turn, leaving a melee or team game,
//! and handing a seat to a bot (which a timeout does too). The move
//! deadline of a game without a clock is `clock.rs`'s (a missed one is a
//! timeout, `clocks.rs`).
//!
//! A seat is absent when it is to choose, a person's, and has had no
//! connection; it may be claimed against `claim_after` (`serve
//! --claim-after`) after the later of its turn's start and its last
//! connection's end. The other seats' models say so (`can.claim`): the
//! actor publishes again when that time comes, so the page only shows a
//! button when told.

use std::time::{Duration, Instant};

use tash_kalar_bots::Seating;
use tash_kalar_rules::Seat;

use super::clocks::to_move;
use super::GameActor;
use crate::clock::TIMEOUT_BOT;
use crate::error::Error;
use crate::live::{Kind, Player};
use crate::wire::ClaimKind;

impl GameActor {
    /// The seat away on its turn, and when (Unix ms) it may be claimed against.
    pub(super) fn absent(&self) -> Option<(Seat, i64)> {
        let seat = to_move(&self.g)?;
        if self.g.seats.get(seat as usize)?.player != Player::Human || self.online[seat as usize] > 0 {
            return None;
        }
        // (a game without a clock and deadline keeps no turn start: its
        // absence counts from the connection's end alone)
        let turn = if self.clock.running == Some(seat) { self.clock.since } else { 0 };
        let gone = self.offline_since[seat as usize];
        let claim_after = self.claim_after.as_millis() as i64;
        Some((seat, turn.max(gone).saturating_add(claim_after)))
    }

    /// The seat that may be claimed against now, if any.
    pub(super) fn claimable_now(&self) -> Option<Seat> {
        // (a mirror shows the driver's: `mirror.rs`)
        if !self.driving() {
            return self.ties.shown.claimable;
        }
        self.absent().filter(|&(_, at)| at <= crate::store::now_ms()).map(|(s, _)| s)
    }

    /// When the other seats are next to be told they may claim (the
    /// state published does not say so yet).
    pub(super) fn claim_opens_at(&self) -> Option<Instant> {
        if self.claim_open {
            return None;
        }
        let (_, at) = self.absent()?;
        let wait = (at - crate::store::now_ms()).max(0) as u64;
        Some(Instant::now() + Duration::from_millis(wait))
    }

    /// A game just loaded from the database: one waiting the whole move
    /// deadline for a seat nobody took is settled (aborted, or, if turns
    /// were played meanwhile, a timeout of that seat); one stored before
    /// games without a clock had a deadline stores its clocks now, so the
    /// clock sweep finds it when they run out.
    pub(super) async fn settle_on_load(&mut self) {
        let now = crate::store::now_ms();
        if self.g.is_over() || self.clock.deadline_ms == 0 {
            return;
        }
        let waited = self.g.extras.updated > 0 && self.g.extras.updated.saturating_add(self.clock.deadline_ms) <= now;
        let untaken = self.g.seats.iter().position(|s| s.player == Player::Human && !s.taken);
        if let (true, None, Some(seat)) = (waited, to_move(&self.g), untaken) {
            let seat = seat as Seat;
            tracing::info!(game = %self.g.id, seat, "a seat nobody took for the move deadline: the game is settled");
            if self.abort(seat).await.is_err() {
                let done = if self.g.seats.len() > 2 {
                    self.hand_to_bot(seat, Kind::Timeout).await
                } else {
                    self.commit(|g| g.apply(Some(seat), Kind::Timeout, None).map(|_| ())).await
                };
                if let Err(e) = done {
                    tracing::warn!(game = %self.g.id, error = %e, "cannot settle a game waiting for a seat");
                }
            }
            return;
        }
        // (a game just created stores its clocks with its first entries)
        if self.g.extras.clocks.is_none() && self.g.extras.updated > 0 {
            if let Some(clocks) = self.clock.stored() {
                let mut summary = crate::db::Summary::of(&self.g);
                summary.clocks = Some(clocks);
                if let Err(e) = self.store.append(&self.g.id, Vec::new(), summary, self.lease()).await {
                    tracing::warn!(game = %self.g.id, error = %e, "cannot store a game's clocks");
                }
            }
        }
    }

    /// `seat` aborts the game (the match says whether it is too late).
    pub(super) async fn abort(&mut self, seat: Seat) -> Result<(), Error> {
        self.commit(|g| g.apply(Some(seat), Kind::Abort, None).map(|_| ())).await
    }

    /// `seat` claims against the seat away on its turn: in a game of two
    /// sides the win (the absent seat loses) or a draw; in a melee or team
    /// game the absent seat goes to a bot.
    pub(super) async fn claim(&mut self, seat: Seat, kind: ClaimKind) -> Result<(), Error> {
        let Some((absent, at)) = self.absent().filter(|&(a, _)| a != seat) else {
            return Err(Error::NothingToClaim);
        };
        let now = crate::store::now_ms();
        if now < at {
            return Err(Error::ClaimTooEarly { secs: ((at - now) as u64).div_ceil(1000) });
        }
        if self.g.seats.len() > 2 {
            return self.hand_to_bot(absent, Kind::Abandoned).await;
        }
        match kind {
            ClaimKind::Win => self.commit(|g| g.apply(Some(absent), Kind::Abandoned, None).map(|_| ())).await,
            ClaimKind::Draw => self.commit(|g| g.apply(Some(seat), Kind::ClaimDraw, None).map(|_| ())).await,
        }
    }

    /// `seat` leaves a melee or team game: a bot plays it on.
    pub(super) async fn leave_game(&mut self, seat: Seat) -> Result<(), Error> {
        if self.g.seats.len() <= 2 {
            return Err(Error::CannotLeave);
        }
        self.hand_to_bot(seat, Kind::Leave).await
    }

    /// A melee or team seat handed to the bot: the entry (`kind`: a
    /// timeout, a claim, leaving) is written like a move, then the lobby's
    /// seat says the bot plays it.
    pub(super) async fn hand_to_bot(&mut self, seat: Seat, kind: Kind) -> Result<(), Error> {
        self.commit(|g| g.apply(Some(seat), kind, None).map(|_| ())).await?;
        tracing::info!(game = %self.g.id, seat, kind = kind.name(), "a bot takes the seat over");
        self.driver.set_seating(seat, Seating::Bot);
        if let Err(e) = self.store.seat_to_bot(&self.g.id, seat, TIMEOUT_BOT, self.lease()).await {
            tracing::warn!(game = %self.g.id, error = %e, "cannot mark a seat as the bot's");
            self.refused_write(&e).await;
        }
        // the bot's clock goes on from where the person's stopped
        self.publish();
        Ok(())
    }
}
