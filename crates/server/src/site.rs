//! What makes a game a game on a site, beside its rules: the time control
//! and its clocks (`clock.rs`), privacy, the rematch made of it, and the
//! seated players' chat.

use std::time::Instant;

use serde::Serialize;
use tash_kalar_rules::Seat;

use crate::clock::TimeControl;

/// The longest chat message, in characters.
pub const CHAT_MAX_CHARS: usize = 500;
/// A seat may send this many chat messages at once ...
pub const CHAT_BURST: f64 = 5.0;
/// ... and then one every this many seconds.
pub const CHAT_EVERY_SECS: f64 = 2.0;

/// A game's settings and links beyond its setup, stored in `games` and
/// `chat` (migration 0003).
#[derive(Clone, Debug, Default)]
pub struct Extras {
    pub time_control: TimeControl,
    /// The clocks as stored (`games.clocks`); the live clocks are the actor's.
    pub clocks: Option<String>,
    /// Not listed in the lobby.
    pub private: bool,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch made of this game.
    pub rematch: Option<String>,
    pub chat: Vec<ChatLine>,
}

/// One chat message.
#[derive(Clone, Debug, Serialize)]
pub struct ChatLine {
    pub n: u32,
    pub seat: Seat,
    pub text: String,
    /// Unix milliseconds.
    pub at: i64,
}

/// Why a chat message cannot be sent (`bad-chat`'s `why`, in English).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    #[error("a chat message cannot be empty")]
    Empty,
    #[error("a chat message is at most {CHAT_MAX_CHARS} characters")]
    TooLong,
}

/// A chat message as it will be kept: trimmed, 1 to 500 characters, no
/// control characters but line breaks (kept as typed: clients show it as
/// text, never as markup).
pub fn check_chat(text: &str) -> Result<String, ChatError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ChatError::Empty);
    }
    if text.chars().count() > CHAT_MAX_CHARS {
        return Err(ChatError::TooLong);
    }
    Ok(text.chars().filter(|&c| c == '\n' || !c.is_control()).collect())
}

/// A token bucket per seat for chat.
#[derive(Clone, Debug)]
pub struct ChatBucket {
    tokens: f64,
    at: Instant,
}

impl Default for ChatBucket {
    fn default() -> ChatBucket {
        ChatBucket { tokens: CHAT_BURST, at: Instant::now() }
    }
}

impl ChatBucket {
    /// Takes one message's allowance, or says how long to wait.
    pub fn take(&mut self, now: Instant) -> Result<(), f64> {
        let gained = now.saturating_duration_since(self.at).as_secs_f64() / CHAT_EVERY_SECS;
        self.tokens = (self.tokens + gained).min(CHAT_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err((1.0 - self.tokens) * CHAT_EVERY_SECS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_is_trimmed_and_bounded() {
        assert_eq!(check_chat("  hi <b>x</b>\u{7} ").unwrap(), "hi <b>x</b>");
        assert_eq!(check_chat("   "), Err(ChatError::Empty));
        assert_eq!(check_chat(&"x".repeat(501)), Err(ChatError::TooLong));
        assert!(check_chat(&"é".repeat(500)).is_ok());
    }

    #[test]
    fn chat_allows_a_burst_then_a_pace() {
        let mut b = ChatBucket::default();
        let t = Instant::now();
        for _ in 0..5 {
            b.take(t).unwrap();
        }
        assert!(b.take(t).is_err());
        assert!(b.take(t + std::time::Duration::from_secs(2)).is_ok());
    }
}
