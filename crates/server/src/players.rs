//! Players' profiles and the leaderboards (`docs/server-protocol.md`,
//! "Ratings and profiles"): `GET /api/players/{name}` (the ratings of
//! every pool with their history, results against frequent opponents,
//! the games being played, the finished games page by page with
//! filters) and `GET /api/leaderboard/{pool}`. Read-only: every answer
//! is read from the database, nothing is loaded or created. Private
//! games are never listed (their link is their only key). The queries,
//! on SQLite and on PostgreSQL, are `store`'s.

mod store;

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{Form, School};

use crate::error::Error;
use crate::rating::Pool;
use crate::state::AppState;
use crate::wire::WireError;

/// A leaderboard lists players with at least this many rated games in
/// the pool...
pub(crate) const MIN_GAMES: u32 = 5;
/// ... and a deviation below this (a rating known to within about ±300
/// at 95%): a new player (350) or one with few games is not listed.
pub(crate) const MAX_DEVIATION: f64 = 150.0;
/// At most this many finished games a profile page (20 when not asked).
pub(crate) const GAMES_PAGE_MAX: u32 = 50;
/// At most this many points of a pool's rating graph (the newest).
const HISTORY_MAX: u32 = 500;
/// The games in play a profile lists (the newest).
const PLAYING_MAX: u32 = 50;
/// The frequent opponents a profile lists.
const OPPONENTS_MAX: u32 = 10;
/// At most this many players a leaderboard page (50 when not asked).
const BOARD_PAGE_MAX: u32 = 100;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players/:name", get(profile))
        .route("/api/leaderboard", get(leaderboards))
        .route("/api/leaderboard/:pool", get(leaderboard))
}

/// A pool's name in the reader's language (the page keys nothing by a
/// form's name: it shows this).
fn pool_label(pool: Pool, lang: Lang) -> String {
    let id = match pool {
        Pool::Duel => "players-pool-duel",
        Pool::HighForm => "players-pool-high-form",
        Pool::Melee => "players-pool-melee",
        Pool::Team => "players-pool-team",
    };
    crate::words::messages(lang).text(id, &[])
}

/// A player's result in a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    fn name(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }

    fn parse(text: &str) -> Option<GameResult> {
        [GameResult::Win, GameResult::Draw, GameResult::Loss].into_iter().find(|r| r.name() == text)
    }

    fn of_score(score: f64) -> GameResult {
        if score >= 1.0 {
            GameResult::Win
        } else if score > 0.0 {
            GameResult::Draw
        } else {
            GameResult::Loss
        }
    }
}

/// The query of `GET /api/players/{name}`, decoded.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GamesQuery {
    /// Games that ended before this time (unix ms): the next page.
    pub before: Option<i64>,
    pub limit: u32,
    pub form: Option<Form>,
    /// The player's own school.
    pub school: Option<School>,
    pub result: Option<GameResult>,
    /// An account that sat at the same table, by its name.
    pub opponent: Option<String>,
}

fn bad(field: &'static str, value: &str) -> Error {
    Error::BadRequest { why: WireError::BadQuery { field, value: tash_kalar_rules::Token::new(value) } }
}

/// Decodes the query: every field optional and checked, `limit` 1 to
/// [`GAMES_PAGE_MAX`].
pub(crate) fn games_query(q: &HashMap<String, String>) -> Result<GamesQuery, Error> {
    let get = |k: &str| q.get(k).map(String::as_str).filter(|v| !v.is_empty());
    let before = get("before").map(|b| b.parse::<i64>().map_err(|_| bad("before", b))).transpose()?;
    let limit = match get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| bad("limit", l))?.clamp(1, GAMES_PAGE_MAX),
        None => 20,
    };
    let form = get("form").map(|f| Form::parse(f).ok_or_else(|| bad("form", f))).transpose()?;
    let school = get("school").map(|s| School::parse(s).ok_or_else(|| bad("school", s))).transpose()?;
    let result = get("result").map(|r| GameResult::parse(r).ok_or_else(|| bad("result", r))).transpose()?;
    let opponent = get("opponent")
        .map(|o| if o.chars().count() <= 64 { Ok(o.to_string()) } else { Err(bad("opponent", o)) })
        .transpose()?;
    Ok(GamesQuery { before, limit, form, school, result, opponent })
}

/// `GET /api/players/{name}?before=&limit=&form=&school=&result=&opponent=`.
async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let q = games_query(&q)?;
    if name.chars().count() > 64 {
        return Err(Error::NoSuchPlayer);
    }
    let lang = crate::words::of_request(&headers);
    let found = state.store().profile(name, q, lang).await.map_err(Error::internal)?;
    found.map(Json).ok_or(Error::NoSuchPlayer)
}

/// A leaderboard page's bounds: `offset` (at most 100,000) and `limit`
/// (1 to [`BOARD_PAGE_MAX`], `default` when absent).
fn board_query(q: &HashMap<String, String>, default: u32) -> Result<(u32, u32), Error> {
    let get = |k: &str| q.get(k).map(String::as_str).filter(|v| !v.is_empty());
    let offset = match get("offset") {
        Some(o) => o.parse::<u32>().map_err(|_| bad("offset", o))?.min(100_000),
        None => 0,
    };
    let limit = match get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| bad("limit", l))?.clamp(1, BOARD_PAGE_MAX),
        None => default,
    };
    Ok((offset, limit))
}

/// `GET /api/leaderboard/{pool}?offset=&limit=`.
async fn leaderboard(
    State(state): State<AppState>,
    Path(pool): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let pool = Pool::parse(&pool).ok_or_else(|| Error::NoSuchPool { pool: pool.chars().take(32).collect() })?;
    let (offset, limit) = board_query(&q, 50)?;
    let players = state.store().leaderboard(pool, offset, limit).await.map_err(Error::internal)?;
    Ok(Json(json!({
        "pool": pool.name(),
        "label": pool_label(pool, crate::words::of_request(&headers)),
        "min_games": MIN_GAMES,
        "max_deviation": MAX_DEVIATION,
        "players": players,
    })))
}

/// `GET /api/leaderboard?limit=`: every pool's board, the first `limit`
/// players of each (20 when absent).
async fn leaderboards(
    State(state): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let (_, limit) = board_query(&q, 20)?;
    let lang = crate::words::of_request(&headers);
    let boards = state.store().leaderboards(&Pool::ALL, 0, limit).await.map_err(Error::internal)?;
    let boards: Vec<Value> = Pool::ALL
        .into_iter()
        .zip(boards)
        .map(|(pool, players)| json!({"pool": pool.name(), "label": pool_label(pool, lang), "players": players}))
        .collect();
    Ok(Json(json!({ "min_games": MIN_GAMES, "max_deviation": MAX_DEVIATION, "boards": boards })))
}
