//! The seated players' chat: checked, paced per seat, saved, then published.

use std::sync::Arc;
use std::time::Instant;

use serde_json::json;
use tash_kalar_rules::Seat;

use super::GameActor;
use crate::db;
use crate::live::Refused;
use crate::site::{check_chat, ChatLine};

impl GameActor {
    pub(super) async fn chat(
        &mut self,
        seat: Option<Seat>,
        claimed: Option<Seat>,
        text: String,
    ) -> Result<(), Refused> {
        let Some(seat) = seat else {
            return Err(Refused::plain("spectator-cannot-chat", "spectators can read the chat but not write in it"));
        };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Err(Refused::new(
                "not-your-seat",
                json!({"seat": c as usize + 1}),
                format!("you do not hold seat {}", c as usize + 1),
            ));
        }
        let text = check_chat(&text).map_err(|e| Refused::new("bad-chat", json!({ "why": e.clone() }), e))?;
        if let Err(wait) = self.chat_buckets[seat as usize].take(Instant::now()) {
            return Err(Refused::new(
                "chat-too-fast",
                json!({"secs": wait.ceil() as u64}),
                format!("too many chat messages; wait {:.0} s", wait.ceil()),
            ));
        }
        let line = ChatLine { n: self.chat.len() as u32 + 1, seat, text, at: crate::store::now_ms() };
        let id = self.g.id.clone();
        let stored = line.clone();
        self.store.write(move |c| db::insert_chat(c, &id, &stored)).await.map_err(|e| {
            tracing::error!(game = %self.g.id, error = %e, "cannot save a chat message");
            Refused::plain("save-failed", "the server could not save this message; try again")
        })?;
        Arc::make_mut(&mut self.chat).push(line);
        self.publish();
        Ok(())
    }
}
