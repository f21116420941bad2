//! Puzzles (docs/puzzles.md): the set embedded in the binary, the puzzle
//! of the day, the next puzzle near a solver's rating, and attempts judged
//! by the verifier (`tash_kalar_puzzles::solves`) with Glicko-2 ratings for
//! the solver (signed in: stored; a guest: kept by the browser, which
//! sends it) and for the puzzle.
//!
//! `GET /api/puzzles/next?rating=R&skip=ID,ID`, `GET /api/puzzles/daily`,
//! `GET /api/puzzles/{id}`: the puzzle without its solution, with the
//! model of its position for the seat to play. `POST
//! /api/puzzles/{id}/play {choices}`: the model after the choices (the
//! page plays a turn through it). `POST /api/puzzles/{id}/attempt
//! {choices, rating?}`: solved or not, the solution, the new ratings.
//!
//! The ratings and attempts are stored through `Store` methods in
//! `store.rs`, on SQLite or PostgreSQL.

mod store;

use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use tash_kalar_present::Table;
use tash_kalar_puzzles::{play, solves, Puzzle, Theme};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Actor, Game, Position, Seat};

use crate::account::Visitor;
use crate::error::Error;
use crate::limit::{Limiter, RateLimit};
use crate::state::AppState;
use crate::store::now_ms;
use crate::words;

/// The stored set, one JSON object a line (`data/puzzles/`).
const SET: &str = include_str!("../../../../data/puzzles/puzzles.jsonl");

/// At most this many choices an attempt, each at most this many bytes.
pub const MAX_CHOICES: usize = 200;
pub const MAX_CHOICE_BYTES: usize = 200;

/// Positions the verifier may search to judge an attempt (the set is
/// verified within 300,000).
const BUDGET: u64 = 1_000_000;

/// The puzzles, in the file's order.
pub fn set() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        SET.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("the embedded puzzle set reads (a test checks it)"))
            .collect()
    })
}

fn find(id: &str) -> Result<&'static Puzzle, Error> {
    set().iter().find(|p| p.id == id).ok_or(Error::NotFound)
}

/// The puzzle of UTC day `day` (days since 1970): the same for everyone,
/// and a different one each day until the set comes round.
pub fn daily(day: u64) -> &'static Puzzle {
    let all = set();
    // a step coprime with the set's size walks every puzzle once
    let n = all.len() as u64;
    let mut step = 7919 % n.max(1);
    while n > 1 && gcd(step, n) != 1 {
        step += 1;
    }
    &all[((day * step.max(1)) % n.max(1)) as usize]
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A puzzle's starting rating, from its difficulty (1 to 5).
fn initial(p: &Puzzle) -> Glicko2Rating {
    Glicko2Rating { rating: 1100.0 + 150.0 * f64::from(p.difficulty), ..Glicko2Rating::new() }
}

fn config() -> Glicko2Config {
    Glicko2Config { tau: 0.5, ..Glicko2Config::new() }
}

fn limiter() -> &'static Limiter {
    static L: OnceLock<Limiter> = OnceLock::new();
    // a turn's choices one at a time, and some attempts: plenty for a person
    L.get_or_init(|| Limiter::new(Some(RateLimit { burst: 120, every: Duration::from_millis(250) })))
}

fn count(peer: &Option<ConnectInfo<SocketAddr>>) -> Result<(), Error> {
    let ip = peer.as_ref().map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(p)| p.ip());
    limiter().take(ip, Instant::now()).map_err(|wait| Error::TooFast { secs: wait.as_secs().max(1) })
}

/// The puzzles' router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/daily", get(today))
        .route("/api/puzzles/:id", get(one))
        .route("/api/puzzles/:id/play", post(play_choices))
        .route("/api/puzzles/:id/attempt", post(attempt))
}

fn start(p: &Puzzle) -> Result<(Game, Seat), Error> {
    let game = Position::from_text(&p.position).and_then(|pos| pos.to_game()).map_err(Error::internal)?;
    let Actor::Seat(seat) = game.actor() else { return Err(Error::internal("a puzzle with no seat to play")) };
    Ok((game, seat))
}

fn model(game: &Game, seat: Seat, headers: &HeaderMap) -> Value {
    let lang = words::of_request(headers);
    let m = tash_kalar_present::model(game, Viewer::Seat { seat }, &Table::default(), words::messages(lang));
    serde_json::to_value(m).unwrap_or(Value::Null)
}

fn rating_json(r: &Glicko2Rating) -> Value {
    json!({"rating": r.rating.round(), "deviation": r.deviation.round(), "volatility": r.volatility})
}

async fn puzzle_rating(state: &AppState, p: &'static Puzzle) -> Result<Glicko2Rating, Error> {
    let stored = state.store().puzzle_rating(&p.id).await.map_err(Error::internal)?;
    Ok(stored.unwrap_or_else(|| initial(p)))
}

/// The opponent's hand of a `stop-the-win` puzzle, which its statement
/// shows (the threat must be seen to be stopped): each card's id, name and
/// effect in the reader's language. None for every other theme, whose
/// hidden cards stay hidden; never a deck's order.
fn opponent_hand(p: &Puzzle, seat: Seat, headers: &HeaderMap) -> Result<Option<Value>, Error> {
    if p.theme != Theme::StopTheWin {
        return Ok(None);
    }
    let position = Position::from_text(&p.position).map_err(Error::internal)?;
    // a defence is a duel's: the one other seat plays the last turn
    let Some((o, them)) = position.seats.iter().enumerate().find(|&(i, _)| i != usize::from(seat)) else {
        return Ok(None);
    };
    let msgs = words::messages(words::of_request(headers));
    let cards: Vec<Value> = them
        .beings
        .iter()
        .chain(&them.legends)
        .chain(&them.flares)
        .map(|&c| json!({"id": c, "name": msgs.card_name(c), "text": msgs.card_text(c)}))
        .collect();
    Ok(Some(json!({"seat": o, "cards": cards})))
}

/// The puzzle as the page gets it: no solution.
async fn shown(state: &AppState, p: &'static Puzzle, headers: &HeaderMap) -> Result<Json<Value>, Error> {
    let (game, seat) = start(p)?;
    let rating = puzzle_rating(state, p).await?;
    let mut v = json!({
        "id": p.id, "theme": p.theme, "form": p.form, "schools": p.schools, "difficulty": p.difficulty,
        "seat": seat, "rating": rating_json(&rating), "model": model(&game, seat, headers),
    });
    if let Some(hand) = opponent_hand(p, seat, headers)? {
        v["opponentHand"] = hand;
    }
    Ok(Json(v))
}

async fn one(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Value>, Error> {
    shown(&state, find(&id)?, &headers).await
}

async fn today(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Value>, Error> {
    let day = (now_ms().max(0) as u64) / 86_400_000;
    let mut v = shown(&state, daily(day), &headers).await?;
    v.0["daily"] = json!(day);
    Ok(v)
}

#[derive(Deserialize)]
struct NextQuery {
    rating: Option<f64>,
    skip: Option<String>,
}

async fn next(
    State(state): State<AppState>,
    visitor: Visitor,
    Query(q): Query<NextQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let mut skip: Vec<String> = q.skip.unwrap_or_default().split(',').take(100).map(str::to_owned).collect();
    let mine = match visitor.account() {
        Some(a) => Some(state.store().puzzle_solver(a.id).await.map_err(Error::internal)?),
        None => None,
    };
    let ratings = state.store().puzzle_ratings().await.map_err(Error::internal)?;
    let target = match &mine {
        Some((r, seen)) => {
            skip.extend(seen.iter().cloned());
            r.map_or(1500.0, |r| r.rating)
        }
        None => q.rating.filter(|r| r.is_finite()).unwrap_or(1500.0).clamp(0.0, 4000.0),
    };
    let rating_of = |p: &Puzzle| ratings.get(&p.id).map_or_else(|| initial(p).rating, |r| r.rating);
    let near = |p: &&'static Puzzle| ((rating_of(p) - target).abs() as i64, p.id.clone());
    let fresh = set().iter().filter(|p| !skip.contains(&p.id)).min_by_key(near);
    // every puzzle tried: start again from the nearest
    let p = fresh.or_else(|| set().iter().min_by_key(near)).ok_or(Error::NotFound)?;
    shown(&state, p, &headers).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Choices {
    choices: Vec<String>,
    /// A guest's rating, kept by the browser.
    #[serde(default)]
    rating: Option<GuestRating>,
}

#[derive(Deserialize)]
struct GuestRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

fn read_body(body: &[u8]) -> Result<Choices, Error> {
    let c: Choices = serde_json::from_slice(body)
        .map_err(|e| Error::BadRequest { why: crate::wire::WireError::Unreadable(e.to_string()) })?;
    if c.choices.len() > MAX_CHOICES || c.choices.iter().any(|t| t.len() > MAX_CHOICE_BYTES) {
        return Err(Error::TooLarge);
    }
    Ok(c)
}

/// `POST /play`: the model after the choices, and whether the turn is over.
async fn play_choices(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, Error> {
    let _ = &state;
    count(&peer)?;
    let p = find(&id)?;
    let c = read_body(&body)?;
    let (mut game, seat) = start(p)?;
    if play(&mut game, &c.choices).is_err() {
        return Err(Error::BadRequest { why: crate::wire::WireError::Unreadable("a choice is not legal here".into()) });
    }
    let done = game.actor() != Actor::Seat(seat);
    Ok(Json(json!({"done": done, "model": model(&game, seat, &headers)})))
}

/// `POST /attempt`: judged by the verifier; both ratings move.
async fn attempt(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<Value>, Error> {
    count(&peer)?;
    let p = find(&id)?;
    let c = read_body(&body)?;
    let choices = c.choices.clone();
    let solved = tokio::task::spawn_blocking(move || solves(p, &choices, BUDGET))
        .await
        .map_err(Error::internal)?
        .map_err(Error::internal)?;
    let guest = c.rating.map(|g| Glicko2Rating {
        rating: if g.rating.is_finite() { g.rating.clamp(0.0, 4000.0) } else { 1500.0 },
        deviation: if g.deviation.is_finite() { g.deviation.clamp(30.0, 350.0) } else { 350.0 },
        volatility: if g.volatility.is_finite() { g.volatility.clamp(0.01, 0.2) } else { 0.06 },
    });
    let account = visitor.account().map(|a| a.id);
    let attempt = store::Attempt { puzzle: p.id.clone(), start: initial(p), account, guest, solved };
    let store::Settled { solver, puzzle, streak } =
        state.store().settle_puzzle_attempt(attempt, rate).await.map_err(Error::internal)?;
    Ok(Json(json!({
        "solved": solved,
        "solution": p.solution,
        "rating": rating_json(&solver),
        "puzzle": rating_json(&puzzle),
        "streak": streak,
        "signedIn": account.is_some(),
    })))
}

/// The ratings after an attempt, rated as a game between solver and
/// puzzle: (solver, puzzle).
fn rate(solver: &Glicko2Rating, puzzle: &Glicko2Rating, solved: bool) -> (Glicko2Rating, Glicko2Rating) {
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    glicko2(solver, puzzle, &outcome, &config())
}
