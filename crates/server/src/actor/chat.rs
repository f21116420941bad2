//! The seated players' chat: checked, bounded per game, paced per seat,
//! saved, then published.

use std::sync::Arc;
use std::time::Instant;

use tash_kalar_rules::Seat;

use super::GameActor;
use crate::error::Error;
use crate::site::{check_chat, ChatLine};

impl GameActor {
    pub(super) async fn chat(&mut self, seat: Option<Seat>, claimed: Option<Seat>, text: String) -> Result<(), Error> {
        let Some(seat) = seat else {
            return Err(Error::SpectatorCannotChat);
        };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Err(Error::NotYourSeat { seat: c as usize + 1 });
        }
        let text = check_chat(&text).map_err(|why| Error::BadChat { why })?;
        if self.chat.len() >= self.chat_max_lines {
            return Err(Error::ChatFull { lines: self.chat_max_lines });
        }
        if let Err(wait) = self.chat_buckets[seat as usize].take(Instant::now()) {
            return Err(Error::ChatTooFast { secs: wait.ceil() as u64 });
        }
        let line = ChatLine { n: self.chat.len() as u32 + 1, seat, text, at: crate::store::now_ms() };
        if let Err(e) = self.store.insert_chat(&self.g.id, line.clone(), self.lease()).await {
            tracing::error!(game = %self.g.id, error = %e, "cannot save a chat message");
            self.refused_write(&e).await;
            return Err(Error::SaveFailed);
        }
        Arc::make_mut(&mut self.chat).push(line);
        self.publish();
        Ok(())
    }
}
