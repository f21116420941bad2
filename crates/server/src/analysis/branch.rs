//! Branches: `POST /api/games/{id}/branch {"at": N, "seats": [...]}`
//! makes a new game that plays on from a finished game's position after
//! its `N`th log entry (step `N` of its replay; 0: the start), each seat a human (one
//! browser may hold them all) or a bot.
//!
//! The new game's log starts with the source's first `N` entries, copied
//! (its replay and record show how the position came about), and is
//! stored like any game's, so it survives a restart; the link to the
//! source is kept in `branches` (migration 0014) and shown in the game's
//! summary (`branch_of`) and at the head of its record. Chance's later
//! draws are dealt anew, not read from the source.
//!
//! Only a finished game is branched from: its replay already shows every
//! hand and draw, so a branch reveals nothing hidden. (A running game's
//! position would show its players' hands to whoever asked.) A branch is
//! casual and costs a creation from the asker's address (`limit.rs`).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{json, Value};
use tash_kalar_rules::Token;

use super::branch_json;
use crate::account::Visitor;
use crate::actor;
use crate::db;
use crate::error::Error;
use crate::live::{LiveGame, StoredEntry};
use crate::lobby::{owner_of, take_creation, Body, NewGame};
use crate::state::AppState;
use crate::store::now_ms;
use crate::wire::{self, WireError};

/// A branch request's body may be at most this long.
pub const MAX_BODY: usize = 64 * 1024;

/// The branches' router.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/:id/branch", post(branch))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BranchRequest {
    at: u32,
    seats: Vec<BranchSeat>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BranchSeat {
    player: String,
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

fn bad(why: WireError) -> Error {
    Error::BadRequest { why }
}

fn bad_at(at: u32) -> Error {
    bad(WireError::BadQuery { field: "at", value: Token::new(&at.to_string()) })
}

async fn branch(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Path(source): Path<String>,
    Body(body): Body,
) -> Result<Response, Error> {
    if body.len() > MAX_BODY {
        return Err(Error::TooLarge);
    }
    let req: BranchRequest = serde_json::from_slice(&body).map_err(|e| bad(WireError::MalformedBody(e.to_string())))?;
    let stored = state.store().load(&source).await.map_err(Error::internal)?;
    let stored = stored.ok_or(Error::NoSuchGame)?;
    if req.seats.len() != stored.seats.len() {
        let (form, n) = (stored.form.name(), stored.seats.len());
        return Err(bad(WireError::SeatCount { form, min: n, max: n, asked: req.seats.len() }));
    }
    // the source's setup with the asked players, checked as a new game's
    let seats: Vec<Value> = stored
        .seats
        .iter()
        .zip(&req.seats)
        .map(|(s, asked)| {
            let mut v = json!({"school": s.school.name(), "player": asked.player});
            if let Some(b) = &asked.bot {
                v["bot"] = b.clone().into();
            }
            if let Some(n) = &asked.name {
                v["name"] = n.clone().into();
            }
            v
        })
        .collect();
    let create = json!({"form": stored.form.name(), "seats": seats}).to_string();
    let new = NewGame::new(wire::create_request(create.as_bytes()).map_err(bad)?).created_by(visitor.account());
    let at = req.at;
    // the source replayed off the async threads: over, and the step a position in play
    let (g, new) = tokio::task::spawn_blocking(move || start_from(stored, &new, at).map(|g| (g, new)))
        .await
        .map_err(Error::internal)??;
    take_creation(&state, peer.as_ref())?;
    let tokens = new.tokens;
    let id = g.id.clone();
    let mut driver = actor::driver(&g, StdRng::from_entropy());
    let mut g = g;
    actor::run_chance(&mut g, &mut driver);
    let entries: Vec<StoredEntry> = g.entries.iter().map(StoredEntry::from).collect();
    let owner = owner_of(peer.as_ref()).unwrap_or_else(|| id.clone());
    state.create(g, entries, owner).await?;
    state.store().insert_branch(&id, &source, at).await.map_err(Error::internal)?;
    tracing::info!(game = %id, source = %source, at, "branched");
    let seats: Vec<Value> = tokens.iter().enumerate().map(|(i, t)| json!({"seat": i, "token": t})).collect();
    let from = branch_json(Some((source, at)));
    Ok((StatusCode::CREATED, Json(json!({"id": id, "seats": seats, "branch_of": from}))).into_response())
}

/// The new game: the new seats at the source's table, its first `at`
/// entries applied. The source must be over, and the game after `at`
/// entries not (nothing would be left to play).
fn start_from(stored: db::Stored, new: &NewGame, at: u32) -> Result<LiveGame, Error> {
    let mut source = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    for e in &stored.log {
        source.apply_stored(e).map_err(Error::internal)?;
    }
    if !source.is_over() {
        return Err(Error::GameNotOver);
    }
    if at as usize > stored.log.len() {
        return Err(bad_at(at));
    }
    let mut g = LiveGame::new(actor::new_secret(8), new.form, new.seats.clone(), now_ms()).map_err(Error::internal)?;
    g.extras = new.extras.clone();
    for e in &stored.log[..at as usize] {
        g.apply_stored(e).map_err(Error::internal)?;
    }
    if g.is_over() {
        return Err(bad_at(at));
    }
    Ok(g)
}
