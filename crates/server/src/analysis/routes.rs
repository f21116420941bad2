//! The analyses' routes: `POST /api/games/{id}/analysis` starts one,
//! `GET` reads it (see the module above for what and how).

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tash_kalar_bots::analysis::{analyse_choice, mistakes, turn_ends, AnalysisConfig, ChoiceAnalysis, MISTAKE};
use tash_kalar_bots::mcts::Progress;
use tash_kalar_present::{Lang, Table};
use tash_kalar_rules::{Choice, Game};

use super::{Analyses, Entry};
use crate::error::{Error, Held};
use crate::live::{Kind, LiveGame};
use crate::state::AppState;
use crate::{db, words};

/// The analyses' router.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/:id/analysis", get(read).post(start))
}

fn peer_ip(peer: &Option<ConnectInfo<SocketAddr>>) -> IpAddr {
    peer.as_ref().map_or(IpAddr::from([127, 0, 0, 1]), |ConnectInfo(p)| p.ip())
}

/// `GET`: the analysis in the reader's language (200), its progress while
/// it runs (202), or `not-analysed` (404) when nobody asked for one.
async fn read(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap) -> Result<Response, Error> {
    let lang = words::of_request(&headers);
    let entries = state.analyses().lock();
    match entries.get(&id) {
        Some(Entry::Done { worded, .. }) => Ok(done(worded, lang)),
        Some(Entry::Running { done, total, iterations, .. }) => Ok(running(*done, *total, iterations, &state)),
        Some(Entry::Failed) | None => Err(Error::NotAnalysed),
    }
}

fn done(worded: &[Bytes], lang: Lang) -> Response {
    let body = worded.get(words::index(lang)).cloned().unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CONTENT_LANGUAGE, lang.code()),
            (header::VARY, "Cookie, Accept-Language"),
        ],
        body,
    )
        .into_response()
}

/// A running analysis's progress: the positions done of all, and the
/// iterations of the position under way's search of its budget (a
/// position whose choice played was searched too little is searched again
/// after it: the count starts again).
fn running(done: usize, total: usize, iterations: &Progress, state: &AppState) -> Response {
    let of = state.config().analysis_iterations;
    let iterations = iterations.0.load(Ordering::Relaxed).min(of);
    let body = json!({"status": "running", "done": done, "total": total, "iterations": iterations, "of": of});
    (StatusCode::ACCEPTED, Json(body)).into_response()
}

/// `POST`: starts the analysis of a finished game (or answers the one
/// running or done, as `GET` does).
async fn start(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Error> {
    let lang = words::of_request(&headers);
    let ip = peer_ip(&peer);
    {
        let entries = state.analyses().lock();
        match entries.get(&id) {
            Some(Entry::Done { worded, .. }) => return Ok(done(worded, lang)),
            Some(Entry::Running { done, total, iterations, .. }) => {
                return Ok(running(*done, *total, iterations, &state))
            }
            Some(Entry::Failed) | None => {}
        }
        let ip_key = crate::limit::key(ip);
        if entries.values().any(|e| matches!(e, Entry::Running { by, .. } if crate::limit::key(*by) == ip_key)) {
            return Err(Error::TooManyRequests { held: Held::Analyses(1) });
        }
        let running = entries.values().filter(|e| matches!(e, Entry::Running { .. })).count();
        if running >= state.config().analyses {
            return Err(Error::AnalysesBusy { running });
        }
    }
    let stored = state.store().load(&id).await.map_err(Error::internal)?;
    let stored = stored.ok_or(Error::NoSuchGame)?;
    // the positions, off the async threads: the stored log replayed
    let positions = tokio::task::spawn_blocking(move || positions(stored)).await.map_err(Error::internal)??;
    let total = positions.choices.len();
    let iterations = Progress::default();
    {
        let mut entries = state.analyses().lock();
        if entries.contains_key(&id) && !matches!(entries.get(&id), Some(Entry::Failed)) {
            // another request started it meanwhile
            return Ok(running(0, total, &iterations, &state));
        }
        entries.insert(id.clone(), Entry::Running { done: 0, total, by: ip, iterations: iterations.clone() });
    }
    tracing::info!(game = %id, positions = total, peer = %ip, "analysis started");
    tokio::spawn(run(state.clone(), id, positions, ip, iterations.clone()));
    Ok(running(0, total, &iterations, &state))
}

/// A finished game's choices to analyse: the game before each, its log
/// entry (its step in the replay) and the choice made.
struct Positions {
    table: Table,
    choices: Vec<(u32, Game, Choice)>,
}

fn positions(stored: db::Stored) -> Result<Positions, Error> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    let mut choices = Vec::new();
    for e in &stored.log {
        if matches!(e.kind, Kind::Choice) {
            if let Some(c) = e.choice.as_deref().and_then(|t| t.parse::<Choice>().ok()) {
                choices.push((e.n, g.game().clone(), c));
            }
        }
        g.apply_stored(e).map_err(Error::internal)?;
    }
    if !g.is_over() {
        return Err(Error::GameNotOver);
    }
    Ok(Positions { table: g.table(), choices })
}

/// Runs an analysis position by position on the bot pool, then words it.
async fn run(state: AppState, id: String, positions: Positions, ip: IpAddr, progress: Progress) {
    let config = AnalysisConfig {
        iterations: state.config().analysis_iterations,
        progress: Some(progress.clone()),
        ..AnalysisConfig::default()
    };
    let owner = format!("analysis {}", crate::limit::key(ip));
    let Positions { table, choices } = positions;
    let mut analysed = Vec::new();
    let mut befores = Vec::new();
    for (i, (step, game, choice)) in choices.into_iter().enumerate() {
        let config = config.clone();
        let job = move || {
            let a = analyse_choice(&game, i, choice, &config);
            (a, game)
        };
        match state.pool().run(&owner, job).await {
            Some((Some(a), game)) => {
                analysed.push((step, a));
                befores.push(game);
            }
            Some((None, _)) => {}
            None => {
                tracing::warn!(game = %id, "analysis stopped: the bot pool did not run a position");
                state.analyses().lock().insert(id, Entry::Failed);
                return;
            }
        }
        if let Some(Entry::Running { done, .. }) = state.analyses().lock().get_mut(&id) {
            *done = i + 1;
            // the next position's search has not started
            progress.0.store(0, Ordering::Relaxed);
        }
    }
    let worded =
        Lang::ALL.iter().map(|&lang| Bytes::from(word(&analysed, &befores, &table, lang, &config).to_string()));
    let worded = worded.collect();
    let mut entries = state.analyses().lock();
    Analyses::trim(&mut entries);
    entries.insert(id.clone(), Entry::Done { worded, finished: crate::store::now_ms() as u64 });
    tracing::info!(game = %id, "analysis done");
}

/// The answer in one language: each choice with its step in the replay,
/// who made it, what it was and what was best, the chances at each turn's
/// end (the first seat's in a game of two sides), and the mistakes.
fn word(
    analysed: &[(u32, ChoiceAnalysis)],
    befores: &[Game],
    table: &Table,
    lang: Lang,
    config: &AnalysisConfig,
) -> Value {
    let msgs = words::messages(lang);
    let label = |k: usize, c: Choice| tash_kalar_present::choice_label(&befores[k], c, msgs);
    let who = |k: usize, s| tash_kalar_present::seat_name(&befores[k], s, table, msgs);
    let choices: Vec<Value> = analysed
        .iter()
        .enumerate()
        .map(|(k, (step, a))| {
            json!({
                "step": step,
                "turn": a.turn,
                "seat": a.seat,
                "who": who(k, a.seat),
                "played": label(k, a.played),
                "chance": a.position.chance,
                "played_chance": a.played_chance,
                "loss": a.loss(),
                "best": a.position.best.iter().map(|b| json!({"text": label(k, b.choice), "chance": b.chance})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let only: Vec<ChoiceAnalysis> = analysed.iter().map(|(_, a)| a.clone()).collect();
    let Some(first) = befores.first() else {
        return json!({"status": "done", "iterations": config.iterations, "choices": [], "turns": [], "mistakes": []});
    };
    let (two_sides, ends) = turn_ends(first, &only);
    let turns: Vec<Value> = ends
        .iter()
        .map(|e| json!({"turn": e.turn, "step": analysed[e.at].0, "chance": e.chance, "who": if two_sides { Value::Null } else { who(e.at, only[e.at].seat).into() }}))
        .collect();
    let worst: Vec<usize> = mistakes(&only, 5)
        .into_iter()
        .filter(|a| a.loss() >= MISTAKE)
        .filter_map(|a| only.iter().position(|b| std::ptr::eq(a, b)))
        .collect();
    json!({
        "status": "done",
        "iterations": config.iterations,
        "first": who(0, 0),
        "two_sides": two_sides,
        "choices": choices,
        "turns": turns,
        "mistakes": worst,
    })
}
