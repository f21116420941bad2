//! The lessons over HTTP (`docs/lessons.md`, "In the browser"):
//!
//! - `GET /api/lessons`: every lesson's id and title in the reader's
//!   language, and whether the signed-in reader has done it;
//! - `GET /api/lessons/{id}`: its title, text and steps' goals;
//! - `POST /api/lessons/{id}/steps/{n}` `{"choices": [...]}`: the engine
//!   replays the choices from the step's start (`tash_kalar_learn::replay`)
//!   and answers the learner's model, whether the goal is met and what
//!   comes next; a lesson's last step met is stored for a signed-in reader;
//! - `GET /api/lessons/{id}/steps/{n}/hints/{k}`: a hint, on request;
//! - `PUT /api/lessons/progress` `{"done": [...]}`: a guest's progress (kept
//!   in the browser) merged into the account on signing in.
//!
//! The browser judges no rule: it sends choice texts the model offered,
//! and an illegal one is refused with nothing played.
//!
//! A step, a hint and a progress write each take a token from the
//! address's allowance (`Config::lessons_limit`); over it, 429 `too-fast`.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

mod store;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tash_kalar_learn::{Lesson, PlayError};
use tash_kalar_present::{Lang, Messages, Table};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Choice, Game, Square};

use crate::account::{AccountId, Visitor};
use crate::error::Error;
use crate::state::AppState;
use crate::wire::WireError;

/// At most this many choices a request (a lesson's turn is short).
pub(crate) const MAX_CHOICES: usize = 200;
/// At most this many bytes a choice text.
pub(crate) const MAX_CHOICE_BYTES: usize = 200;
/// At most this many bytes a request body.
pub(crate) const MAX_BODY: usize = 64 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/lessons", get(list))
        .route("/api/lessons/progress", put(merge))
        .route("/api/lessons/:id", get(one))
        .route("/api/lessons/:id/steps/:n", post(play))
        .route("/api/lessons/:id/steps/:n/hints/:k", get(hint))
}

/// Takes a token from the address's lessons' allowance (`serve`'s
/// `lessons_limit`), before anything is read, played or stored: a refusal
/// (429 with `Retry-After`) changes nothing.
fn count(state: &AppState, peer: &Option<ConnectInfo<SocketAddr>>) -> Result<(), Error> {
    let ip = peer.as_ref().map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(p)| p.ip());
    state
        .lessons_limiter()
        .take(ip, Instant::now())
        .map_err(|wait| Error::TooFast { secs: wait.as_secs_f64().ceil().max(1.0) as u64 })
}

fn find(id: &str) -> Result<Lesson, Error> {
    tash_kalar_learn::lesson(id).ok_or(Error::NoSuchLesson)
}

/// A step number from the path (from 1, as the page and the words count).
fn step_index(lesson: &Lesson, n: usize) -> Result<usize, Error> {
    (1..=lesson.steps.len()).contains(&n).then(|| n - 1).ok_or(Error::NoSuchLesson)
}

fn msgs(headers: &HeaderMap) -> (Lang, &'static Messages) {
    let lang = crate::words::of_request(headers);
    (lang, crate::words::messages(lang))
}

async fn done_of(state: &AppState, account: Option<AccountId>) -> Result<Vec<String>, Error> {
    let Some(AccountId(id)) = account else { return Ok(Vec::new()) };
    state.store().lessons_done(AccountId(id)).await.map_err(Error::internal)
}

async fn list(State(state): State<AppState>, visitor: Visitor, headers: HeaderMap) -> Result<Json<Value>, Error> {
    let (_, msgs) = msgs(&headers);
    let signed_in = visitor.0.is_some();
    let done = done_of(&state, visitor.0.map(|a| a.id)).await?;
    let lessons: Vec<Value> = tash_kalar_learn::lessons()
        .iter()
        .map(|l| {
            json!({
                "id": l.id,
                "title": msgs.text(&l.title_id(), &[]),
                "steps": l.steps.len(),
                "done": done.contains(&l.id),
            })
        })
        .collect();
    Ok(Json(json!({ "lessons": lessons, "signed_in": signed_in })))
}

async fn one(Path(id): Path<String>, headers: HeaderMap) -> Result<Json<Value>, Error> {
    let lesson = find(&id)?;
    let (_, msgs) = msgs(&headers);
    let steps: Vec<Value> = lesson
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| json!({ "goal": msgs.text(&lesson.goal_id(i), &[]), "hints": s.hints }))
        .collect();
    Ok(Json(json!({
        "id": lesson.id,
        "title": msgs.text(&lesson.title_id(), &[]),
        "text": msgs.text(&lesson.text_id(), &[]),
        "steps": steps,
    })))
}

async fn hint(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path((id, n, k)): Path<(String, usize, u8)>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    count(&state, &peer)?;
    let lesson = find(&id)?;
    let i = step_index(&lesson, n)?;
    if k == 0 || k > lesson.steps[i].hints {
        return Err(Error::NoSuchLesson);
    }
    let (_, msgs) = msgs(&headers);
    Ok(Json(json!({ "text": msgs.text(&lesson.hint_id(i, k - 1), &[]), "hints": lesson.steps[i].hints })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    choices: Vec<String>,
}

/// A choice the page can offer: its text (sent back as is), its words, and
/// the square a click on the board picks it by (none for the others).
#[derive(Serialize)]
struct Offered {
    text: String,
    label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    square: Option<Square>,
}

/// The square a choice is picked by on the board.
fn square_of(c: Choice) -> Option<Square> {
    match c {
        Choice::StartPieces(at)
        | Choice::StartPiece { at, .. }
        | Choice::Place(at)
        | Choice::PickUp(at)
        | Choice::Summon { at, .. }
        | Choice::Square(at)
        | Choice::Move { to: at, .. } => Some(at),
        _ => None,
    }
}

fn offered(game: &Game, msgs: &Messages) -> Vec<Offered> {
    game.legal_choices()
        .into_iter()
        .map(|c| Offered {
            text: c.to_text(),
            label: tash_kalar_present::choice_label(game, c, msgs),
            square: square_of(c),
        })
        .collect()
}

fn decode<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Error> {
    if body.len() > MAX_BODY {
        return Err(Error::TooLarge);
    }
    // serde's reason could quote what was sent: a fixed one instead
    serde_json::from_slice(body).map_err(|_| Error::BadRequest {
        why: WireError::MalformedBody("expected a JSON object with the listed fields".into()),
    })
}

async fn play(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Path((id, n)): Path<(String, usize)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, Error> {
    count(&state, &peer)?;
    let lesson = find(&id)?;
    let i = step_index(&lesson, n)?;
    let PlayBody { choices } = decode(&body)?;
    if choices.len() > MAX_CHOICES.min(tash_kalar_learn::MAX_CHOICES)
        || choices.iter().any(|c| c.len() > MAX_CHOICE_BYTES)
    {
        return Err(Error::TooLarge);
    }
    let played = tash_kalar_learn::replay(&lesson, i, &choices).map_err(|e| match e {
        PlayError::NoSuchStep => Error::NoSuchLesson,
        PlayError::TooMany => Error::TooLarge,
        PlayError::Illegal { index, text } => Error::LessonChoice { index, choice: text },
    })?;
    let (_, msgs) = msgs(&headers);
    let learner = played.learner;
    // the turn passed without the goal: the step starts again
    let failed = !played.done && (played.game.is_over() || played.game.turn().seat != learner);
    let last = i + 1 == lesson.steps.len();
    let next = if !played.done {
        Value::Null
    } else if !last {
        json!({ "step": n + 1 })
    } else {
        let all = tash_kalar_learn::lessons();
        let at = all.iter().position(|l| l.id == lesson.id);
        match at.and_then(|k| all.get(k + 1)) {
            Some(l) => json!({ "lesson": l.id }),
            None => json!({ "finished": true }),
        }
    };
    if played.done && last {
        if let Some(account) = visitor.0 {
            let ids = vec![lesson.id.clone()];
            state.store().mark_lessons_done(account.id, ids).await.map_err(Error::internal)?;
        }
    }
    let table = Table::default();
    let model = tash_kalar_present::model(&played.game, Viewer::Seat { seat: learner }, &table, msgs);
    let choices = if played.done || failed { Vec::new() } else { offered(&played.game, msgs) };
    Ok(Json(json!({
        "model": model,
        "choices": choices,
        "done": played.done,
        "failed": failed,
        "next": next,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MergeBody {
    done: Vec<String>,
}

async fn merge(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    body: Bytes,
) -> Result<Json<Value>, Error> {
    count(&state, &peer)?;
    let account = visitor.0.ok_or(Error::SignInRequired)?;
    let MergeBody { done } = decode(&body)?;
    // only lessons that exist: the list is the browser's, not to be trusted
    let known: Vec<String> =
        tash_kalar_learn::lessons().into_iter().map(|l| l.id).filter(|id| done.contains(id)).collect();
    let all = state.store().mark_lessons_done(account.id, known).await.map_err(Error::internal)?;
    Ok(Json(json!({ "done": all })))
}
