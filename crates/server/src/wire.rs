//! What clients send, decoded: the WebSocket's client messages and the
//! bodies of `POST /api/games` and `POST /api/games/{id}/join`
//! (`docs/server-protocol.md`).
//!
//! Public so that the fuzz test (`tests/decode.rs`) can feed them random
//! bytes: every decoder answers a value or a readable error, never panics.

use serde::Deserialize;
use tash_kalar_rules::Seat;

/// The largest client message accepted on a WebSocket, in bytes; a longer
/// one closes the connection with code 1009.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A message from a WebSocket client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    Hello {
        #[serde(default)]
        token: Option<String>,
    },
    Choose {
        version: u32,
        choice: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
    Undo {
        version: u32,
        #[serde(default)]
        seat: Option<Seat>,
    },
    Resign {
        #[serde(default)]
        version: Option<u32>,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Asks for the whole state again (a client that lost track of the
    /// deltas: `docs/server-protocol.md`, "Deltas").
    Sync {
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// A chat message from a seated player.
    Chat {
        text: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
}

/// Decodes a client's WebSocket text message.
pub fn client_message(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!("a message may be at most {MAX_MESSAGE} bytes"));
    }
    serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))
}

/// Checks the body of `POST /api/games` as the server would before
/// creating the game (without creating anything).
pub fn create_request(body: &[u8]) -> Result<(), String> {
    crate::api::parse_create(body).map(|_| ()).map_err(|e| e.message)
}

/// Decodes the body of `POST /api/games/{id}/join`: the seat asked for.
pub fn join_request(body: &[u8]) -> Result<Seat, String> {
    crate::api::parse_join(body).map_err(|e| e.message)
}
