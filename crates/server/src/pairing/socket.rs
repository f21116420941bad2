//! The lobby's WebSocket, `/ws/lobby`: who is online, and what becomes
//! of a visitor's seeks and challenges.
//!
//! The server sends `hello` (`{"name"}`: the signed-in visitor's name, or
//! `null`) on connecting, `online` (on connecting and whenever the list
//! changes), `challenge` (each challenge of the signed-in visitor on
//! connecting, then whenever one is made or answered), and `paired` or
//! `seek-failed` for a seek the socket follows (`{"type": "follow",
//! "seek": ID}`) or the signed-in visitor made. Who the visitor is comes
//! from the session cookie of the upgrade request (`Visitor`); a guest's
//! socket follows its seeks by id.
//!
//! An account is online while it holds a lobby socket. A socket holds
//! its connection's place (counted per address, `conn.rs`), is pinged as
//! a game's is, reads messages of at most [`decode::MAX_LOBBY_MESSAGE`]
//! bytes, follows at most [`FOLLOWS`] seeks, and cancels the seeks it
//! follows that still wait when it closes (nobody is left to play them).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde_json::{json, Value};
use tash_kalar_i18n::Lang;
use tokio::sync::mpsc;

use super::decode::{self, LobbyMessage};
use super::seeks::{cancel_seek, seek_message, SeekState};
use crate::account::{Account, Visitor};
use crate::conn::ConnSlot;
use crate::error::Error;
use crate::state::AppState;

/// Seeks one socket may follow.
pub(crate) const FOLLOWS: usize = 8;
/// Frames longer than this are refused by the WebSocket library before
/// they are read.
const HARD_LIMIT: usize = 4 * 1024;

/// A lobby socket, as the book knows it.
pub(crate) struct Socket {
    pub account: Option<Account>,
    /// The seeks it follows, by id.
    pub follows: Vec<String>,
    pub tx: mpsc::Sender<Arc<str>>,
}

/// `GET /api/online`: who is online, as the socket's `online` message
/// says it (`{"players": [names], "count"}`).
pub(super) async fn online(State(state): State<AppState>) -> Json<Value> {
    let (players, count) = state.pairing().book().online();
    Json(json!({"players": players, "count": count}))
}

/// `GET /ws/lobby`: the lobby's WebSocket.
pub(super) async fn upgrade(
    State(state): State<AppState>,
    visitor: Visitor,
    slot: Option<Extension<ConnSlot>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let lang = crate::words::of_request(&headers);
    ws.max_message_size(HARD_LIMIT).max_frame_size(HARD_LIMIT).on_upgrade(move |socket| async move {
        // the socket holds its connection's place while it lives
        let _slot = slot;
        connection(socket, state, visitor.account().cloned(), lang).await
    })
}

fn error(e: &Error, lang: Lang) -> Message {
    Message::Text(e.ws_message(lang).to_string())
}

async fn connection(mut socket: WebSocket, state: AppState, account: Option<Account>, lang: Lang) {
    let pairing = state.pairing();
    let (tx, mut rx) = super::socket_channel();
    let (key, first) = {
        let mut book = pairing.book();
        let key = book.next_socket;
        book.next_socket += 1;
        book.sockets.insert(key, Socket { account: account.clone(), follows: Vec::new(), tx });
        // who this socket's visitor is (`null`: a guest), then its challenges
        let mut first = vec![json!({"type": "hello", "name": account.as_ref().map(|a| a.name.clone())})];
        first.extend(account.as_ref().map(|a| super::challenges::messages_for(&book, a.id)).unwrap_or_default());
        if account.is_some() {
            pairing.publish_online(&book);
        }
        (key, first)
    };
    let mut online = pairing.online.subscribe();
    online.mark_changed();
    let mut pings = tokio::time::interval(state.config().ping_interval);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    pings.reset();
    let mut heard = true;
    let mut ok = true;
    for m in first {
        if socket.send(Message::Text(m.to_string())).await.is_err() {
            ok = false;
            break;
        }
    }
    loop {
        if !ok {
            break;
        }
        tokio::select! {
            msg = socket.recv() => {
                heard = true;
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        let e = Error::BadMessage { why: crate::wire::WireError::Binary };
                        if socket.send(error(&e, lang)).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                };
                let reply = match decode::lobby_message(&text) {
                    Err(why) => Some(error(&Error::BadMessage { why }, lang)),
                    Ok(LobbyMessage::Follow { seek }) => match follow(&state, key, &seek) {
                        Ok(settled) => settled.map(|m| Message::Text(m.to_string())),
                        Err(e) => Some(error(&e, lang)),
                    },
                };
                if let Some(m) = reply {
                    if socket.send(m).await.is_err() { break }
                }
            }
            Some(m) = rx.recv() => {
                if socket.send(Message::Text(m.to_string())).await.is_err() { break }
            }
            changed = online.changed() => {
                if changed.is_err() { break }
                let m = online.borrow_and_update().to_string();
                if socket.send(Message::Text(m)).await.is_err() { break }
            }
            _ = pings.tick() => {
                if !heard { break }
                heard = false;
                if socket.send(Message::Ping(Vec::new())).await.is_err() { break }
            }
        }
    }
    {
        let mut book = pairing.book();
        if let Some(gone) = book.sockets.remove(&key) {
            for seek in &gone.follows {
                let followed = book.sockets.values().any(|s| s.follows.contains(seek));
                if !followed && cancel_seek(&mut book, seek) {
                    tracing::debug!("a seek left with its lobby socket");
                }
            }
            if gone.account.is_some() {
                pairing.publish_online(&book);
            }
        }
    }
    let frame = CloseFrame { code: 1000, reason: "".into() };
    let _ = tokio::time::timeout(Duration::from_secs(1), socket.send(Message::Close(Some(frame)))).await;
}

/// The socket `key` follows the seek `id`: what became of it if it is
/// settled, else nothing until it is.
fn follow(state: &AppState, key: u64, id: &str) -> Result<Option<Value>, Error> {
    let mut book = state.pairing().book();
    let settled = match book.seeks.get(id) {
        None => return Err(Error::NoSuchSeek),
        Some(s) => {
            matches!(s.state, SeekState::Paired { .. } | SeekState::Failed(_)).then(|| seek_message(id, &s.state))
        }
    };
    let socket = book.sockets.get_mut(&key).ok_or(Error::NoSuchSeek)?;
    if !socket.follows.iter().any(|f| f == id) {
        if socket.follows.len() >= FOLLOWS {
            socket.follows.remove(0);
        }
        socket.follows.push(id.to_string());
    }
    Ok(settled)
}
