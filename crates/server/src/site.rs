//! What makes a game a game on a site, beside its rules: the time control
//! and its clocks (`clock.rs`), privacy, the rematch made of it, the
//! seated players' chat and the spectators' own.

use std::time::Instant;

use serde::Serialize;
use tash_kalar_rules::Seat;

use crate::clock::TimeControl;

/// The longest chat message, in characters.
pub const CHAT_MAX_CHARS: usize = 500;
/// A game's chat holds at most this many lines by default
/// (`Config::chat_max_lines`); further ones are refused (`chat-full`). Refused rather than the oldest dropped: the chat stays
/// append-only like the log, and what one game can add to the database
/// and to memory is bounded (at most about 200 × 2 KB).
pub const CHAT_MAX_LINES: usize = 200;
/// A hello's state carries the last this many lines; the older ones are
/// read page by page (`GET /api/games/{id}/chat?before=N`).
pub const CHAT_ON_HELLO: usize = 50;
/// The most lines one page of `GET /api/games/{id}/chat` gives.
pub const CHAT_PAGE_MAX: u32 = 100;
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
    /// When the stored game last changed (Unix ms; 0 before it is stored):
    /// a game waiting that long for a seat is aborted (`actor/endings.rs`).
    pub updated: i64,
    /// The result changes the players' ratings (`games.rated`, chosen at
    /// creation; `rating`): the plain take-back is off, only an agreed one
    /// is possible (`actor/manners.rs`).
    pub rated: bool,
    /// The spectators' chat (migration 0009), apart from the players'.
    pub spectator_chat: Vec<SpectatorLine>,
}

/// One line of the spectators' chat: its author is an account's name, or
/// a guest's (`name` none).
#[derive(Clone, Debug, Serialize)]
pub struct SpectatorLine {
    pub n: u32,
    /// The author's account (not sent: a blocker's connection leaves the
    /// line out by it).
    #[serde(skip)]
    pub account: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub text: String,
    /// Unix milliseconds.
    pub at: i64,
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
    /// Only control, blank or invisible characters: nothing to read.
    #[error("a chat message must have something to read, not only invisible characters")]
    Invisible,
    /// A bidirectional override or isolate (U+202A to U+202E, U+2066 to
    /// U+2069), which would turn the text after it around on the page.
    #[error("a chat message cannot hold text direction controls (U+202A to U+202E, U+2066 to U+2069)")]
    Direction,
}

/// The explicit direction embeddings, overrides and isolates.
fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing: Unicode's Default_Ignorable_Code_Point
/// (DerivedCoreProperties.txt: soft hyphen, zero widths, joiners, fillers,
/// variation selectors, tags ...) and the Braille blank, besides white
/// space and controls, which the caller tests.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// A chat message as it will be kept: trimmed, 1 to 500 characters, no
/// control characters but line breaks, something visible, no direction
/// overrides (refused rather than removed: the sender sees why). Kept as
/// typed otherwise: clients show it as text, never as markup.
pub fn check_chat(text: &str) -> Result<String, ChatError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ChatError::Empty);
    }
    if text.chars().count() > CHAT_MAX_CHARS {
        return Err(ChatError::TooLong);
    }
    if text.chars().any(is_direction_control) {
        return Err(ChatError::Direction);
    }
    let kept: String = text.chars().filter(|&c| c == '\n' || !c.is_control()).collect();
    if kept.chars().all(|c| c.is_whitespace() || c.is_control() || is_invisible(c)) {
        return Err(ChatError::Invisible);
    }
    Ok(kept)
}

/// Where the chat lines a hello carries start: the first of the last
/// [`CHAT_ON_HELLO`] (their `chat_from`).
pub fn chat_on_hello(lines: usize) -> usize {
    lines.saturating_sub(CHAT_ON_HELLO)
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
    fn chat_with_nothing_to_read_or_turned_around_is_refused() {
        for blank in [
            "\u{7}\u{1b}\u{0}",
            "\u{200B}\u{200D}\u{FEFF}",
            "\u{2800}\u{3164}",
            "\u{AD}\u{E0041}\u{FE0F}",
            "\u{7}\n\u{7}",
        ] {
            assert_eq!(check_chat(blank), Err(ChatError::Invisible), "{blank:?}");
        }
        for turned in ["abc\u{202E}fed", "\u{2066}x", "x\u{2069}", "\u{202A}", "a\u{202D}b"] {
            assert_eq!(check_chat(turned), Err(ChatError::Direction), "{turned:?}");
        }
        // right-to-left text itself, emoji with their joiners and selectors, and marks are fine
        for fine in ["שלום", "مرحبا", "👩\u{200D}💻", "❤\u{FE0F}", "a\u{200F}b", "x\u{200B}y"] {
            assert_eq!(check_chat(fine).as_deref(), Ok(fine));
        }
        assert_eq!(chat_on_hello(10), 0);
        assert_eq!(chat_on_hello(CHAT_ON_HELLO + 7), 7);
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
