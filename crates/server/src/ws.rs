//! One WebSocket connection to one game.
//!
//! The connection is a spectator until its `hello` names a seat token. It
//! sends the game's state on hello and after every change, each time as
//! this connection may see it, and forwards the client's commands to the
//! game's task.
//!
//! A connection must say hello within the hello timeout, and is pinged
//! every ping interval: one that answers nothing until the next ping is
//! dropped. A message over [`MAX_MESSAGE`] bytes closes the connection
//! with a close frame of code 1009 (message too big) and a reason.

use std::sync::Arc;

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde::Serialize;
use serde_json::value::RawValue;
use tash_kalar_present::Lang;
use tash_kalar_rules::Seat;
use tokio::sync::watch;

use crate::account::{Account, Visitor};
use crate::actor::{Action, Command, Hello, Snapshot};
use crate::conn::ConnSlot;
use crate::error::Error;
use crate::site::ChatLine;
use crate::state::{AppState, Need};
use crate::wire::{client_message, ClientMessage, WireError, MAX_MESSAGE};

/// Messages over [`MAX_MESSAGE`] up to this size are read whole and answered
/// with a close frame (1009); the WebSocket library refuses longer ones
/// before reading them (a close frame 1009 is still sent, best effort).
/// It bounds what one connection may make the server hold: 64 KiB.
const HARD_LIMIT: usize = 64 * 1024;

/// The WebSocket's router: `GET /api/games/{id}/ws`.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/:id/ws", get(upgrade))
}

async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    slot: Option<Extension<ConnSlot>>,
    visitor: Visitor,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, Error> {
    // refuse an unknown game, or one there is no room for, before
    // upgrading; it is loaded by the hello (for a seat or a spectator)
    state.reachable(&id).await?;
    // the language until the hello names the page's
    let lang = crate::words::of_request(&headers);
    Ok(ws.max_message_size(HARD_LIMIT).max_frame_size(HARD_LIMIT).on_upgrade(move |socket| async move {
        // the WebSocket holds its connection's place while it lives
        let _slot = slot;
        connection(socket, state, id, lang, visitor.0).await
    }))
}

/// Close codes (RFC 6455).
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;

/// Sends a close frame, then waits a moment for the client's, so that the
/// connection ends cleanly rather than with a reset.
async fn close(mut socket: WebSocket, code: u16, reason: String) {
    let frame = CloseFrame { code, reason: reason.into() };
    if socket.send(Message::Close(Some(frame))).await.is_ok() {
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            while let Some(Ok(m)) = socket.recv().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}

#[derive(Serialize)]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    /// The state's number, which the next delta starts from.
    rev: u64,
    version: u32,
    seat: Option<Seat>,
    over: bool,
    view: &'a RawValue,
    log_from: usize,
    log: Vec<Box<RawValue>>,
    players: &'a RawValue,
    /// The clocks, and the server's time when this was sent (Unix ms).
    clock: &'a RawValue,
    now: i64,
    /// Chat lines numbered `chat_from + 1` on (as for the log).
    chat_from: usize,
    chat: &'a [ChatLine],
    /// The rematch made of this game: its id, and this seat's token in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    rematch: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rematch_of: Option<&'a str>,
}

/// A connection that has said hello.
struct Watching {
    seat: Option<Seat>,
    token: Option<String>,
    /// The signed-in account of the upgrade request.
    account: Option<Account>,
    /// The language its texts come in.
    lang: Lang,
    rx: watch::Receiver<Arc<Snapshot>>,
    /// The state this connection holds (`Snapshot::rev`): the next
    /// change is sent as a delta from it (`delta.rs`).
    rev: Option<u64>,
}

/// A refused message: its code, arguments and words in `lang`, and for
/// the match's refusal the refusal as data (`Error::ws_message`).
fn error(e: &Error, lang: Lang) -> Message {
    Message::Text(e.ws_message(lang).to_string())
}

/// The message that brings a connection up to the latest state: the
/// delta from the state it holds, if there is one, else the whole state
/// (always when `whole`: the client asked for it).
fn state_message(w: &mut Watching, whole: bool) -> Message {
    let snap = w.rx.borrow_and_update().clone();
    let class = snap.class(w.seat);
    let held = w.rev.replace(snap.rev);
    if !whole {
        if let Some(delta) = snap.delta(class, w.lang, held) {
            return Message::Text(delta.to_string());
        }
    }
    let msg = StateMessage {
        kind: "state",
        rev: snap.rev,
        version: snap.version,
        seat: w.seat,
        over: snap.over,
        view: snap.whole_model(class, w.lang),
        log_from: 0,
        log: snap.log(class, w.lang, 0),
        players: &snap.players,
        clock: &snap.clock,
        now: crate::store::now_ms(),
        // the recent lines only; older ones are paged over HTTP
        chat_from: crate::site::chat_on_hello(snap.chat.len()),
        chat: &snap.chat[crate::site::chat_on_hello(snap.chat.len())..],
        rematch: snap.rematch_for(w.seat.map(|s| s as usize)),
        rematch_of: snap.rematch_of.as_deref(),
    };
    Message::Text(serde_json::to_string(&msg).unwrap_or_default())
}

async fn hello(
    state: &AppState,
    id: &str,
    token: Option<String>,
    account: Option<Account>,
    lang: Lang,
) -> Result<Hello, Error> {
    // a spectator may not unload a watched game to be let in (`state.rs`);
    // a signed-in visitor may be a seat's holder
    let need = if token.is_some() || account.is_some() { Need::Play } else { Need::Watch };
    state
        .call_for(need, id, move |reply| Command::Hello { token: token.clone(), account: account.clone(), lang, reply })
        .await
}

/// `lang`: the language the upgrade request's headers ask for, until the
/// hello names the page's; `account`: the upgrade request's signed-in
/// visitor (a hello without a token is then the account's seat, if it
/// holds one).
async fn connection(mut socket: WebSocket, state: AppState, id: String, mut lang: Lang, account: Option<Account>) {
    let mut watching: Option<Watching> = None;
    let hello_timeout = state.config().hello_timeout;
    let hello_by = tokio::time::Instant::now() + hello_timeout;
    let mut pings = tokio::time::interval(state.config().ping_interval);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    pings.reset();
    // whether the client has sent anything since the last ping
    let mut heard = true;
    // a close frame to end with
    let mut ending: Option<(u16, String)> = None;
    loop {
        tokio::select! {
            msg = socket.recv() => {
                heard = true;
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        if socket.send(error(&Error::BadMessage { why: WireError::Binary }, lang)).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Err(e)) => {
                        // the library refused a message longer than its limit
                        let inner = e.into_inner();
                        if matches!(inner.downcast_ref::<tungstenite::Error>(), Some(tungstenite::Error::Capacity(_))) {
                            ending = Some((TOO_BIG, format!("a message may be at most {MAX_MESSAGE} bytes")));
                        }
                        break;
                    }
                };
                if text.len() > MAX_MESSAGE {
                    ending = Some((TOO_BIG, format!("a message may be at most {MAX_MESSAGE} bytes")));
                    break;
                }
                let reply = match client_message(&text) {
                    Err(why) => Some(error(&Error::BadMessage { why }, lang)),
                    Ok(ClientMessage::Hello { token, lang: asked }) => match &watching {
                        Some(_) => Some(error(&Error::HelloTwice, lang)),
                        None => {
                            lang = asked.unwrap_or(lang);
                            match hello(&state, &id, token.clone(), account.clone(), lang).await {
                                Ok(h) => {
                                    let mut w = Watching { seat: h.seat, token, account: account.clone(), lang, rx: h.rx, rev: None };
                                    let m = state_message(&mut w, true);
                                    watching = Some(w);
                                    Some(m)
                                }
                                Err(e) => Some(error(&e, lang)),
                            }
                        }
                    },
                    Ok(other) => match &watching {
                        None => Some(error(&Error::HelloFirst, lang)),
                        Some(_) if matches!(other, ClientMessage::Sync { .. }) => {
                            let w = watching.as_mut().expect("matched");
                            Some(state_message(w, true))
                        }
                        Some(w) if matches!(other, ClientMessage::Chat { .. }) => {
                            let ClientMessage::Chat { text, seat: claimed } = other else { unreachable!("matched") };
                            let seat = w.seat;
                            let r = state
                                .call(&id, move |reply| Command::Chat { seat, claimed, text: text.clone(), reply })
                                .await;
                            r.err().map(|e| error(&e, lang))
                        }
                        Some(w) => {
                            let (claimed, version, action) = match other {
                                ClientMessage::Choose { version, choice, seat } => (seat, Some(version), Action::Choose(choice)),
                                ClientMessage::Undo { version, seat } => (seat, Some(version), Action::Undo),
                                ClientMessage::Resign { version, seat } => (seat, version, Action::Resign),
                                ClientMessage::Hello { .. } | ClientMessage::Chat { .. } | ClientMessage::Sync { .. } => {
                                    unreachable!("handled above")
                                }
                            };
                            let seat = w.seat;
                            let r = state
                                .call(&id, move |reply| Command::Act { seat, claimed, version, action: action.clone(), reply })
                                .await;
                            r.err().map(|e| error(&e, lang))
                        }
                    },
                };
                if let Some(m) = reply {
                    if socket.send(m).await.is_err() { break }
                }
            }
            _ = tokio::time::sleep_until(hello_by), if watching.is_none() => {
                ending = Some((POLICY, format!("say hello within {} s of connecting", hello_timeout.as_secs_f64())));
                break;
            }
            _ = pings.tick() => {
                if !heard {
                    // no answer to the last ping: the client is gone
                    break;
                }
                heard = false;
                if socket.send(Message::Ping(Vec::new())).await.is_err() { break }
            }
            changed = async { watching.as_mut().expect("guarded").rx.changed().await }, if watching.is_some() => {
                let w = watching.as_mut().expect("guarded");
                if changed.is_err() {
                    // the game's task was unloaded: watch it again
                    match hello(&state, &id, w.token.clone(), w.account.clone(), w.lang).await {
                        Ok(h) => {
                            // the game's new task numbers its states anew
                            w.rx = h.rx;
                            w.rev = None;
                            w.rx.mark_changed();
                        }
                        Err(e) => {
                            let _ = socket.send(error(&e, w.lang)).await;
                            watching = None;
                            break;
                        }
                    }
                    continue;
                }
                let m = state_message(w, false);
                if socket.send(m).await.is_err() { break }
            }
        }
    }
    if let Some(w) = watching {
        if let Some(tx) = state.live(&id).await {
            let _ = tx.send(Command::Leave { seat: w.seat, lang: w.lang }).await;
        }
    }
    if let Some((code, reason)) = ending {
        close(socket, code, reason).await;
    }
}
