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
use axum::extract::{ConnectInfo, Extension, Path, State};
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
use crate::actor::{Action, Author, Command, Hello, Snapshot};
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
    peer: Option<ConnectInfo<std::net::SocketAddr>>,
    visitor: Visitor,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, Error> {
    // refuse an unknown game, or one there is no room for, before
    // upgrading; it is loaded by the hello (for a seat or a spectator)
    state.reachable(&id).await?;
    // the language until the hello names the page's
    let lang = crate::words::of_request(&headers);
    let author = Author {
        account: visitor.account().map(|a| (a.id.0, a.name.clone())),
        addr: peer.map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |ConnectInfo(p)| p.ip()),
    };
    Ok(ws.max_message_size(HARD_LIMIT).max_frame_size(HARD_LIMIT).on_upgrade(move |socket| async move {
        // the WebSocket holds its connection's place while it lives
        let _slot = slot;
        connection(socket, state, id, lang, visitor.0, author).await
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
    /// Whose chat lines this connection's account blocks, and how much of
    /// the spectators' chat it has been sent (`manners.rs`).
    muted: Muted,
}

/// `{"type":"thinking","seat":1,"iterations":120,"of":500,"ms":250,"time_ms":null}`
/// while a bot decides; `{"type":"thinking","seat":null}` once it has.
fn thinking_message(now: Option<&crate::actor::Thinking>) -> Message {
    let mut m = serde_json::to_value(now).unwrap_or_default();
    match m.as_object_mut() {
        Some(o) => {
            o.insert("type".into(), "thinking".into());
        }
        None => m = serde_json::json!({"type": "thinking", "seat": null}),
    }
    Message::Text(m.to_string())
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
/// holds one); `author`: who writes in the spectators' chat.
async fn connection(
    mut socket: WebSocket,
    state: AppState,
    id: String,
    mut lang: Lang,
    account: Option<Account>,
    author: Author,
) {
    let mut watching: Option<Watching> = None;
    // a bot's thinking, sent as `thinking` messages as it changes
    let mut thinking: Option<watch::Receiver<Option<crate::actor::Thinking>>> = None;
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
                                    let muted = Muted::of(&state, &id, &author).await;
                                    thinking = Some(h.thinking);
                                    let mut w = Watching {
                                        seat: h.seat,
                                        token,
                                        account: account.clone(),
                                        lang,
                                        rx: h.rx,
                                        rev: None,
                                        muted,
                                    };
                                    let m = state_message(&mut w, true);
                                    let m = w.muted.filter(m);
                                    if socket.send(m).await.is_err() { break }
                                    let snap = w.rx.borrow().clone();
                                    let lines = w.muted.spectator_lines(&state, &snap, w.seat, true).await;
                                    watching = Some(w);
                                    lines
                                }
                                Err(e) => Some(error(&e, lang)),
                            }
                        }
                    },
                    Ok(other) => match &watching {
                        None => Some(error(&Error::HelloFirst, lang)),
                        Some(_) if matches!(other, ClientMessage::Sync { .. }) => {
                            let w = watching.as_mut().expect("matched");
                            let m = state_message(w, true);
                            Some(w.muted.filter(m))
                        }
                        Some(w) if matches!(other, ClientMessage::Chat { .. }) => {
                            let ClientMessage::Chat { text, seat: claimed } = other else { unreachable!("matched") };
                            let seat = w.seat;
                            let author = author.clone();
                            let r = state
                                .call(&id, move |reply| Command::Chat {
                                    seat,
                                    claimed,
                                    text: text.clone(),
                                    author: author.clone(),
                                    reply,
                                })
                                .await;
                            r.err().map(|e| error(&e, lang))
                        }
                        Some(w) => {
                            let (claimed, version, action) = match other {
                                ClientMessage::Choose { version, choice, seat } => (seat, Some(version), Action::Choose(choice)),
                                ClientMessage::Undo { version, seat } => (seat, Some(version), Action::Undo),
                                ClientMessage::Resign { version, seat } => (seat, version, Action::Resign),
                                ClientMessage::Abort { seat } => (seat, None, Action::Abort),
                                ClientMessage::Claim { kind, seat } => (seat, None, Action::Claim(kind)),
                                ClientMessage::Leave { seat } => (seat, None, Action::Leave),
                                ClientMessage::TakebackOffer { version, seat } => (seat, Some(version), Action::TakebackOffer),
                                ClientMessage::TakebackAccept { version, seat } => {
                                    (seat, Some(version), Action::TakebackAnswer { accept: true })
                                }
                                ClientMessage::TakebackDecline { version, seat } => {
                                    (seat, version, Action::TakebackAnswer { accept: false })
                                }
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
            // a bot's progress (at most every 250 ms: `actor/bots.rs`); a
            // game unloaded ends it, and the state's branch below says hello again
            Ok(()) = async { thinking.as_mut().expect("guarded").changed().await }, if thinking.is_some() => {
                let now = thinking.as_mut().expect("guarded").borrow_and_update().clone();
                if socket.send(thinking_message(now.as_ref())).await.is_err() { break }
            }
            changed = async { watching.as_mut().expect("guarded").rx.changed().await }, if watching.is_some() => {
                let w = watching.as_mut().expect("guarded");
                if changed.is_err() {
                    // the game's task was unloaded: watch it again
                    match hello(&state, &id, w.token.clone(), w.account.clone(), w.lang).await {
                        Ok(h) => {
                            // the game's new task numbers its states anew
                            w.rx = h.rx;
                            thinking = Some(h.thinking);
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
                let m = w.muted.filter(m);
                if socket.send(m).await.is_err() { break }
                let snap = w.rx.borrow().clone();
                if let Some(lines) = w.muted.spectator_lines(&state, &snap, w.seat, false).await {
                    if socket.send(lines).await.is_err() { break }
                }
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

/// What a connection leaves out of the chats for its reader: the lines of
/// the accounts a block stands between its account and (either way,
/// `pairing`'s blocks: the server filters them, the page never gets their
/// text), and how far it has been sent the spectators' chat, which players
/// read only once the game is over.
#[derive(Default)]
struct Muted {
    account: Option<i64>,
    /// The seats whose account a block stands between this reader and.
    seats: Vec<Seat>,
    /// Accounts of the spectators' chat known to be blocked or not.
    authors: std::collections::HashMap<i64, bool>,
    /// The spectators' lines sent (or skipped) so far.
    sent: usize,
}

impl Muted {
    async fn of(state: &AppState, id: &str, author: &Author) -> Muted {
        let Some(me) = author.account.as_ref().map(|(a, _)| *a) else { return Muted::default() };
        let seats = state.store().blocked_seats(id, me).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "cannot read the blocked seats");
            Vec::new()
        });
        Muted { account: Some(me), seats, ..Muted::default() }
    }

    /// The players' chat of a state or delta message, with the lines of
    /// blocked seats left without their text (`"blocked": true`: a line's
    /// place is kept, so that the numbering the deltas follow holds).
    fn filter(&self, m: Message) -> Message {
        if self.seats.is_empty() {
            return m;
        }
        let Message::Text(text) = &m else { return m };
        let Ok(mut v) = serde_json::from_str::<serde_json::Value>(text) else { return m };
        let Some(lines) = v.get_mut("chat").and_then(|c| c.as_array_mut()) else { return m };
        for line in lines {
            let seat = line["seat"].as_u64();
            if seat.is_some_and(|s| self.seats.iter().any(|&b| b as u64 == s)) {
                let n = line["n"].clone();
                *line = serde_json::json!({"n": n, "seat": seat, "blocked": true});
            }
        }
        Message::Text(v.to_string())
    }

    /// The spectators' lines this reader has not been sent, if it reads
    /// them (a spectator; a player once the game is over), blocked
    /// authors left out: `{"type":"spectator-chat","lines":[...]}`;
    /// nothing when there are none. A hello (`hello`) sends the recent
    /// ones only, as for the players' chat.
    async fn spectator_lines(
        &mut self,
        state: &AppState,
        snap: &Snapshot,
        seat: Option<Seat>,
        hello: bool,
    ) -> Option<Message> {
        let all = &snap.spectator_chat;
        if hello {
            self.sent = crate::site::chat_on_hello(all.len());
        }
        if seat.is_some() && !snap.over {
            // (a player is sent the lines from here once the game is over)
            return None;
        }
        if self.sent >= all.len() {
            return None;
        }
        let from = self.sent.min(all.len());
        self.sent = all.len();
        let mut lines = Vec::new();
        for line in &all[from..] {
            if let (Some(me), Some(a)) = (self.account, line.account) {
                let blocked = match self.authors.get(&a) {
                    Some(&b) => b,
                    None => {
                        let b = state.store().chat_blocks(me, a).await.unwrap_or(false);
                        self.authors.insert(a, b);
                        b
                    }
                };
                if blocked {
                    continue;
                }
            }
            lines.push(line);
        }
        if lines.is_empty() {
            return None;
        }
        let m = serde_json::json!({"type": "spectator-chat", "lines": lines});
        Some(Message::Text(m.to_string()))
    }
}
