//! Finished games' replays and records (`GET /api/games/{id}/replay` and
//! `/record`): built from the stored log off the async threads, a few at a
//! time and cached (`replay_cache.rs`).

mod store;

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use tash_kalar_present::{log_line, Lang, LogLine, Model, Reader};
use tash_kalar_rules::view::Viewer;

use crate::db;
use crate::error::Error;
use crate::live::LiveGame;
use crate::state::AppState;

/// The replays' router.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/:id/record", get(record)).route("/api/games/:id/replay", get(replay))
}

/// `404` for no such game, `409` while it is not over: the lobby's summary
/// says, without replaying anything.
async fn check_over(state: &AppState, id: &str) -> Result<(), Error> {
    let mut games = state.store().list(None, Some(id), 1).await.map_err(Error::internal)?;
    match games.pop() {
        None => Err(Error::NoSuchGame),
        Some(g) if g["status"] != "over" => Err(not_over()),
        Some(_) => Ok(()),
    }
}

/// A finished game from the database, replayed to its end by `build`
/// (off the async threads); `409` while it is not over.
async fn finished(
    state: AppState,
    id: String,
    build: impl FnOnce(db::Stored) -> Result<Vec<u8>, Error> + Send + 'static,
) -> Result<Bytes, Error> {
    let stored = state.store().load(&id).await.map_err(Error::internal)?;
    let stored = stored.ok_or(Error::NoSuchGame)?;
    tokio::task::spawn_blocking(move || build(stored)).await.map_err(Error::internal)?.map(Bytes::from)
}

fn not_over() -> Error {
    Error::GameNotOver
}

/// The record's text of a stored game that is over.
fn build_record(stored: db::Stored) -> Result<Vec<u8>, Error> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(Error::internal)?;
    }
    if !g.is_over() {
        return Err(not_over());
    }
    Ok(g.record_text().into_bytes())
}

/// One step of a replay.
#[derive(serde::Serialize)]
struct Step<'a> {
    entry: Option<LogLine>,
    view: &'a Model,
}

/// The replay's JSON of a stored game that is over, in `lang`, written
/// step by step into one buffer: each step's model as a referee sees it
/// (every hand), and the entry that led to it.
fn build_replay(stored: db::Stored, lang: Lang) -> Result<Vec<u8>, Error> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    let table = g.table();
    let msgs = crate::words::messages(lang);
    let mut out = Vec::with_capacity(64 * 1024);
    out.extend_from_slice(b"{\"steps\":[");
    let step = |g: &LiveGame, out: &mut Vec<u8>, entry: Option<LogLine>| {
        let view = tash_kalar_present::model(g.game(), Viewer::Referee, &table, msgs);
        serde_json::to_writer(&mut *out, &Step { entry, view: &view }).map_err(Error::internal)
    };
    step(&g, &mut out, None)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(Error::internal)?;
        out.push(b',');
        let entry = g.entries.last().map(|e| log_line(e, Reader::All, g.game(), &table, msgs));
        step(&g, &mut out, entry)?;
    }
    out.extend_from_slice(b"]}");
    if !g.is_over() {
        return Err(not_over());
    }
    Ok(out)
}

fn peer_ip(peer: &Option<ConnectInfo<SocketAddr>>) -> Option<std::net::IpAddr> {
    peer.as_ref().map(|ConnectInfo(p)| p.ip())
}

async fn record(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    let name = format!("tash-kalar-{id}.txt");
    check_over(&state, &id).await?;
    let build = finished(state.clone(), id.clone(), build_record);
    let text = state.replays().get(peer_ip(&peer), format!("record:{id}"), build).await?;
    // a branch's record says first where it came from (a comment: the
    // record replays from its own first line, as the game did)
    let branch = state.store().branched_from(&id).await;
    let text = match branch.map_err(Error::internal)? {
        Some((source, at)) => {
            let head = format!("# branched from game {source} at step {at} of its replay\n");
            Bytes::from([head.as_bytes(), &text].concat())
        }
        None => text,
    };
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{name}\"")),
        ],
        text,
    )
        .into_response())
}

/// The replay in the request's language (`tk-lang`, `Accept-Language`),
/// built and cached once per language.
async fn replay(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Error> {
    let lang = crate::words::of_request(&headers);
    check_over(&state, &id).await?;
    let build = finished(state.clone(), id.clone(), move |stored| build_replay(stored, lang));
    let json = state.replays().get(peer_ip(&peer), format!("replay:{id}:{lang}"), build).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CONTENT_LANGUAGE, lang.code()),
            (header::VARY, "Cookie, Accept-Language"),
        ],
        json,
    )
        .into_response())
}
