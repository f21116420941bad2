//! One WebSocket connection to one game.
//!
//! The connection is a spectator until its `hello` names a seat token. It
//! sends the game's state on hello and after every change, each time as
//! this connection may see it, and forwards the client's commands to the
//! game's task.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_json::value::RawValue;
use tash_kalar_rules::Seat;
use tokio::sync::watch;

use crate::actor::{Action, Command, Hello, Snapshot};
use crate::api::ApiError;
use crate::live::{EntryJson, Reader};
use crate::AppState;

/// Client messages are small: a choice's text and a version.
const MAX_MESSAGE: usize = 16 * 1024;

pub async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // refuse an unknown game before upgrading
    state.game(&id).await?;
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(socket, state, id)))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
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
}

#[derive(Serialize)]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: u32,
    seat: Option<Seat>,
    over: bool,
    view: &'a RawValue,
    log_from: usize,
    log: Vec<EntryJson>,
    players: &'a RawValue,
    undo: bool,
}

/// A connection that has said hello.
struct Watching {
    seat: Option<Seat>,
    token: Option<String>,
    rx: watch::Receiver<Arc<Snapshot>>,
    /// Log entries already sent, and whether they were sent as of a
    /// finished game (when everything is revealed).
    sent: usize,
    sent_over: bool,
}

fn error(text: impl Into<String>) -> Message {
    Message::Text(json!({"type": "error", "message": text.into()}).to_string())
}

fn state_message(w: &mut Watching) -> Message {
    let snap = w.rx.borrow_and_update().clone();
    let reader = match (snap.over, w.seat) {
        (true, _) => Reader::All,
        (false, Some(s)) => Reader::Seat(s),
        (false, None) => Reader::Spectator,
    };
    // once the game is over every entry is sent again, revealed
    let from = if snap.over && !w.sent_over { 0 } else { w.sent.min(snap.entries.len()) };
    let view = match w.seat {
        Some(s) => snap.views.get(s as usize).map(|v| &**v).unwrap_or(&*snap.spectator),
        None => &*snap.spectator,
    };
    let msg = StateMessage {
        kind: "state",
        version: snap.version,
        seat: w.seat,
        over: snap.over,
        view,
        log_from: from,
        log: snap.entries[from..].iter().map(|e| e.render(reader)).collect(),
        players: &snap.players,
        undo: w.seat.and_then(|s| snap.can_undo.get(s as usize).copied()).unwrap_or(false),
    };
    w.sent = snap.entries.len();
    w.sent_over = snap.over;
    Message::Text(serde_json::to_string(&msg).unwrap_or_default())
}

async fn hello(state: &AppState, id: &str, token: Option<String>) -> Result<Hello, String> {
    let t = token.clone();
    match state.call(id, move |reply| Command::Hello { token: t.clone(), reply }).await {
        Ok(Ok(h)) => Ok(h),
        Ok(Err(refused)) => Err(refused.0),
        Err(e) => Err(e.to_string()),
    }
}

async fn connection(mut socket: WebSocket, state: AppState, id: String) {
    let mut watching: Option<Watching> = None;
    loop {
        tokio::select! {
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        if socket.send(error("send JSON text messages")).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(error(format!("malformed message: {e}"))),
                    Ok(ClientMessage::Hello { token }) => match &watching {
                        Some(_) => Some(error("hello was already said on this connection")),
                        None => match hello(&state, &id, token.clone()).await {
                            Ok(h) => {
                                let mut w = Watching { seat: h.seat, token, rx: h.rx, sent: 0, sent_over: false };
                                let m = state_message(&mut w);
                                watching = Some(w);
                                Some(m)
                            }
                            Err(e) => Some(error(e)),
                        },
                    },
                    Ok(other) => match &watching {
                        None => Some(error("say hello first: {\"type\":\"hello\",\"token\":...}")),
                        Some(w) => {
                            let (claimed, version, action) = match other {
                                ClientMessage::Choose { version, choice, seat } => (seat, Some(version), Action::Choose(choice)),
                                ClientMessage::Undo { version, seat } => (seat, Some(version), Action::Undo),
                                ClientMessage::Resign { version, seat } => (seat, version, Action::Resign),
                                ClientMessage::Hello { .. } => unreachable!("handled above"),
                            };
                            let seat = w.seat;
                            let r = state
                                .call(&id, move |reply| Command::Act { seat, claimed, version, action: action.clone(), reply })
                                .await;
                            match r {
                                Ok(Ok(())) => None,
                                Ok(Err(refused)) => Some(error(refused.0)),
                                Err(e) => Some(error(e.to_string())),
                            }
                        }
                    },
                };
                if let Some(m) = reply {
                    if socket.send(m).await.is_err() { break }
                }
            }
            changed = async { watching.as_mut().expect("guarded").rx.changed().await }, if watching.is_some() => {
                let w = watching.as_mut().expect("guarded");
                if changed.is_err() {
                    // the game's task was unloaded: watch it again
                    match hello(&state, &id, w.token.clone()).await {
                        Ok(h) => {
                            w.rx = h.rx;
                            w.rx.mark_changed();
                        }
                        Err(e) => {
                            let _ = socket.send(error(e)).await;
                            watching = None;
                            break;
                        }
                    }
                    continue;
                }
                let m = state_message(w);
                if socket.send(m).await.is_err() { break }
            }
        }
    }
    if let Some(w) = watching {
        if let Some(tx) = state.live(&id).await {
            let _ = tx.send(Command::Leave { seat: w.seat }).await;
        }
    }
}
