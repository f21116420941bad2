//! The JSON API (see `docs/server-protocol.md`).

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{json, Value};
use tash_kalar_bots::{BotSpec, Level, Limits, SpecError};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{CardId, Form, School, Seat};

use crate::actor::{self, Command};
use crate::clock::TimeControl;
use crate::db;
use crate::live::{EntryJson, LiveGame, Player, Reader, Refused, SeatInfo, StoredEntry};
use crate::site::Extras;
use crate::store::now_ms;
use crate::{AppState, Unreachable};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/:id", get(summary))
        .route("/api/games/:id/join", post(join))
        .route("/api/games/:id/rematch", post(rematch))
        .route("/api/games/:id/record", get(record))
        .route("/api/games/:id/replay", get(replay))
        .route("/api/games/:id/ws", get(crate::ws::upgrade))
        .route("/api/games/:id/reachable", get(reachable))
        .route("/api/cards", get(cards))
        .route("/api/meta", get(meta))
}

/// An error answer: `{"error": "...", "code": "...", "args": {...}}`; the
/// English `error` text is kept for older clients, `code` (kebab-case, see
/// `docs/server-protocol.md`) and `args` let a page word it in its language.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub code: &'static str,
    pub args: Value,
}

impl ApiError {
    /// An error whose code is the status's own (`bad-request`, `not-found`, ...).
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad-request",
            StatusCode::NOT_FOUND => "not-found",
            StatusCode::FORBIDDEN => "forbidden",
            StatusCode::CONFLICT => "conflict",
            StatusCode::TOO_MANY_REQUESTS => "too-many-requests",
            StatusCode::REQUEST_TIMEOUT => "request-timeout",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "not-json",
            StatusCode::PAYLOAD_TOO_LARGE => "too-large",
            StatusCode::SERVICE_UNAVAILABLE => "server-busy",
            _ => "server-error",
        };
        ApiError { status, message: message.into(), code, args: json!({}) }
    }

    /// The same error with a code of its own and the code's arguments.
    pub fn coded(mut self, code: &'static str, args: Value) -> ApiError {
        self.code = code;
        self.args = args;
        self
    }

    /// A game's refusal, with its code and arguments.
    pub fn refused(status: StatusCode, r: Refused) -> ApiError {
        ApiError::new(status, r.message).coded(r.code, r.args)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message, "code": self.code, "args": self.args }))).into_response()
    }
}

/// A request's body, whose rejections (a body over axum's limit of 2 MB, a
/// broken stream) are answered like every other error, as JSON with a code
/// (`too-large`, `bad-request`), not axum's plain text.
pub(crate) struct Body(pub Bytes);

#[axum::async_trait]
impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Body, ApiError> {
        Bytes::from_request(req, state).await.map(Body).map_err(|r| {
            let text = match r.status() {
                StatusCode::PAYLOAD_TOO_LARGE => "request body too large".to_string(),
                _ => format!("unreadable request body: {}", r.body_text()),
            };
            ApiError::new(r.status(), text)
        })
    }
}

fn bad(text: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, text)
}

pub(crate) fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!(error = %e, "internal error");
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("server error: {e}"))
}

impl From<Unreachable> for ApiError {
    fn from(u: Unreachable) -> ApiError {
        match u {
            Unreachable::NotFound => ApiError::new(StatusCode::NOT_FOUND, u.to_string()).coded(u.code(), u.args()),
            Unreachable::Full(_) => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, u.to_string()).coded(u.code(), u.args())
            }
            Unreachable::Broken(e) => internal(e),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    form: String,
    seats: Vec<CreateSeat>,
    /// The time control (`clock.rs`); none by default.
    #[serde(default)]
    clock: TimeControl,
    /// Not listed in the lobby; reachable by its link.
    #[serde(default)]
    private: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateSeat {
    school: String,
    player: String,
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    name: Option<String>,
    /// A human seat anyone may join from the lobby; otherwise it is kept
    /// for the link its token makes.
    #[serde(default)]
    open: bool,
}

/// The most a bot of a visitor's game may spend on one decision, so that
/// one game cannot take the machine.
pub const BOT_LIMITS: Limits = Limits { threads: 2, iterations: 200_000, time: Duration::from_secs(10) };

/// The bot a visitor asks for: one of our bots ([`BotSpec`]: every option
/// typed, finite and bounded), within [`BOT_LIMITS`]. A visitor names data,
/// never a program: this crate cannot even link the code that starts one.
pub fn check_bot_spec(text: &str) -> Result<BotSpec, String> {
    if text.trim_start().starts_with("cmd:") {
        return Err("outside engines cannot be run by the server (bots: random, greedy or mcts)".into());
    }
    let spec: BotSpec = text.parse().map_err(|e: SpecError| e.to_string())?;
    spec.check_within(&BOT_LIMITS).map_err(|e| e.to_string())?;
    Ok(spec)
}

fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 32 {
        return Err("a name has 1 to 32 characters".into());
    }
    // names go into the record's comma-separated Players header
    if name.chars().any(|c| c.is_control() || c == ',' || c == '#') {
        return Err("a name has no commas, '#' or control characters".into());
    }
    Ok(name.to_string())
}

/// A request to create a game, checked: the form, the seats, and a token
/// for each human seat.
pub(crate) struct NewGame {
    form: Form,
    seats: Vec<SeatInfo>,
    tokens: Vec<Option<String>>,
    extras: Extras,
}

/// Checks the body of `POST /api/games`.
pub(crate) fn parse_create(body: &[u8]) -> Result<NewGame, ApiError> {
    let req: CreateGame = serde_json::from_slice(body).map_err(|e| bad(format!("malformed request: {e}")))?;
    let form = Form::parse(&req.form)
        .ok_or_else(|| bad(format!("unknown form {:?} (duel, high-form or first-game)", req.form)))?;
    if !form.seats().contains(&req.seats.len()) {
        return Err(bad(format!(
            "a {} is played by {} to {} seats, not {}",
            form.name(),
            form.seats().start(),
            form.seats().end(),
            req.seats.len()
        )));
    }
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for (i, s) in req.seats.iter().enumerate() {
        // seats are counted from 1 in texts, as everywhere a player reads them
        let n = i + 1;
        let school = School::parse(&s.school)
            .ok_or_else(|| bad(format!("seat {n}: unknown school {:?} ({})", s.school, School::names())))?;
        let name = s.name.as_deref().map(check_name).transpose().map_err(|e| bad(format!("seat {n}: {e}")))?;
        let (player, token) = match (s.player.as_str(), &s.bot) {
            ("human", None) => {
                let token = actor::new_secret(16);
                (Player::Human, Some(token))
            }
            ("human", Some(_)) => return Err(bad(format!("seat {n}: a human seat has no bot"))),
            ("bot", spec) => {
                let spec =
                    check_bot_spec(spec.as_deref().unwrap_or("greedy")).map_err(|e| bad(format!("seat {n}: {e}")))?;
                // stored as its canonical text
                (Player::Bot(spec.to_string()), None)
            }
            (other, _) => return Err(bad(format!("seat {n}: player {other:?} is neither human nor bot"))),
        };
        if s.open && player != Player::Human {
            return Err(bad(format!("seat {n}: only a human seat can be open")));
        }
        seats.push(SeatInfo {
            school,
            player,
            name,
            token_hash: token.as_deref().map(actor::token_hash),
            taken: false,
            open: s.open,
        });
        tokens.push(token);
    }
    // the rules' own checks (two seats of one color ...), before any token is spent
    LiveGame::new(String::new(), form, seats.clone(), 0).map_err(bad)?;
    let time_control = req.clock.check().map_err(bad)?;
    let extras = Extras { time_control, private: req.private, ..Default::default() };
    Ok(NewGame { form, seats, tokens, extras })
}

async fn create(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let new = parse_create(&body)?;
    // only a request that would create a game costs a token
    if let Some(ConnectInfo(peer)) = peer {
        if let Err(wait) = state.limiter().take(peer.ip(), Instant::now()) {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            tracing::info!(peer = %peer.ip(), secs, "game creation rate-limited");
            let text = format!("too many games created from your address; try again in {secs} s");
            let mut r = ApiError::new(StatusCode::TOO_MANY_REQUESTS, text)
                .coded("too-many-games", json!({ "secs": secs }))
                .into_response();
            r.headers_mut().insert(header::RETRY_AFTER, secs.into());
            return Ok(r);
        }
    }
    let owner = peer.as_ref().map(|ConnectInfo(p)| crate::limit::key(p.ip()).to_string());
    let (id, tokens) = create_game(&state, new, owner).await?;
    let seats: Vec<Value> = tokens.iter().enumerate().map(|(i, t)| json!({"seat": i, "token": t})).collect();
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "seats": seats }))).into_response())
}

/// Stores a checked new game and starts it; its id and seat tokens.
async fn create_game(
    state: &AppState,
    new: NewGame,
    owner: Option<String>,
) -> Result<(String, Vec<Option<String>>), ApiError> {
    let NewGame { form, seats, tokens, extras } = new;
    let id = actor::new_secret(8);
    let mut g = LiveGame::new(id.clone(), form, seats, now_ms()).map_err(bad)?;
    g.extras = extras;
    let mut driver = actor::driver(&g, StdRng::from_entropy());
    actor::run_chance(&mut g, &mut driver);
    let entries: Vec<StoredEntry> = g.entries.iter().map(StoredEntry::from).collect();
    // the creator's address takes its bots' turns on the bot pool
    let owner = owner.unwrap_or_else(|| id.clone());
    state.create(g, entries, owner).await?;
    tracing::info!(game = %id, form = form.name(), "created");
    Ok((id, tokens))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    token: String,
}

/// `POST /api/games/{id}/rematch {"token"}`: a player of a finished game
/// asks for a new game with the seats turned (in a duel, swapped), the
/// same form, schools, bots, time control and privacy. The first request
/// makes it (and the other seats are offered theirs over the WebSocket);
/// later ones get the same game.
async fn rematch(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let req: RematchRequest = serde_json::from_slice(&body).map_err(|e| bad(format!("malformed request: {e}")))?;
    let token = req.token;
    let plan = state
        .call(&id, |reply| Command::Rematch { token: token.clone(), reply })
        .await?
        .map_err(|r| ApiError::refused(StatusCode::CONFLICT, r))?;
    let (seat, form, seats, order, extras) = match plan {
        actor::RematchPlan::Made { id, seat, token } => {
            return Ok(Json(json!({ "id": id, "seat": seat, "token": token })).into_response());
        }
        actor::RematchPlan::New { seat, form, seats, order, extras } => (seat, form, seats, order, extras),
    };
    let mut seats = seats;
    let mut tokens = Vec::new();
    for s in &mut seats {
        let token = (s.player == Player::Human).then(|| actor::new_secret(16));
        s.token_hash = token.as_deref().map(actor::token_hash);
        tokens.push(token);
    }
    let new = NewGame { form, seats, tokens, extras };
    let owner = peer.as_ref().map(|ConnectInfo(p)| crate::limit::key(p.ip()).to_string());
    let made = create_game(&state, new, owner).await;
    // tell the finished game, made or not (it lets another request try)
    let link = made.as_ref().ok().map(|(new_id, tokens)| {
        let mut by_old = vec![None; order.len()];
        for (j, &old) in order.iter().enumerate() {
            by_old[old] = tokens[j].clone();
        }
        (new_id.clone(), by_old)
    });
    if let Some(tx) = state.live(&id).await {
        let _ = tx.send(Command::RematchMade { made: link }).await;
    }
    let (new_id, tokens) = made?;
    let token = tokens[seat as usize].clone();
    Ok((StatusCode::CREATED, Json(json!({ "id": new_id, "seat": seat, "token": token }))).into_response())
}

async fn list(
    State(state): State<AppState>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let status = q.get("status").cloned();
    if let Some(s) = &status {
        if !["open", "playing", "over"].contains(&s.as_str()) {
            return Err(bad(format!("unknown status {s:?} (open, playing or over)")));
        }
    }
    let limit = match q.get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| bad(format!("limit {l:?} is not a number")))?.min(500),
        None => 100,
    };
    let games = state.store().read(move |c| db::list(c, status.as_deref(), None, limit)).await.map_err(internal)?;
    Ok(Json(Value::Array(games)))
}

async fn summary(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let mut games = state.store().read(move |c| db::list(c, None, Some(&id), 1)).await.map_err(internal)?;
    games
        .pop()
        .map(Json)
        .ok_or(ApiError::new(StatusCode::NOT_FOUND, "no game with this id").coded("no-such-game", json!({})))
}

/// Whether the game's WebSocket would be accepted now: `404` and `503`
/// as the upgrade would answer, with the reason a browser cannot read
/// from a refused WebSocket.
async fn reachable(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let live = state.reachable(&id).await?;
    Ok(Json(json!({ "reachable": true, "live": live })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    seat: Seat,
}

/// Checks the body of `POST /api/games/{id}/join`.
pub(crate) fn parse_join(body: &[u8]) -> Result<Seat, ApiError> {
    let req: JoinRequest = serde_json::from_slice(body).map_err(|e| bad(format!("malformed request: {e}")))?;
    Ok(req.seat)
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let seat = parse_join(&body)?;
    let token = state.call(&id, |reply| Command::Join { seat, reply }).await?.map_err(|r| match r {
        actor::JoinRefused::Reserved(text) => {
            ApiError::new(StatusCode::FORBIDDEN, text).coded("seat-reserved", json!({}))
        }
        actor::JoinRefused::Other(r) => ApiError::refused(StatusCode::CONFLICT, r),
    })?;
    Ok(Json(json!({ "seat": seat, "token": token })))
}

/// `404` for no such game, `409` while it is not over: the lobby's summary
/// says, without replaying anything.
async fn check_over(state: &AppState, id: &str) -> Result<(), ApiError> {
    let key = id.to_string();
    let mut games = state.store().read(move |c| db::list(c, None, Some(&key), 1)).await.map_err(internal)?;
    match games.pop() {
        None => Err(ApiError::new(StatusCode::NOT_FOUND, "no game with this id").coded("no-such-game", json!({}))),
        Some(g) if g["status"] != "over" => Err(not_over()),
        Some(_) => Ok(()),
    }
}

/// A finished game from the database, replayed to its end by `build`
/// (off the async threads); `409` while it is not over.
async fn finished(
    state: AppState,
    id: String,
    build: impl FnOnce(db::Stored) -> Result<Vec<u8>, ApiError> + Send + 'static,
) -> Result<Bytes, ApiError> {
    let stored = state.store().read(move |c| db::load(c, &id)).await.map_err(internal)?;
    let stored =
        stored.ok_or(ApiError::new(StatusCode::NOT_FOUND, "no game with this id").coded("no-such-game", json!({})))?;
    tokio::task::spawn_blocking(move || build(stored)).await.map_err(internal)?.map(Bytes::from)
}

fn not_over() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "the game is not over").coded("game-not-over", json!({}))
}

/// The record's text of a stored game that is over.
fn build_record(stored: db::Stored) -> Result<Vec<u8>, ApiError> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(internal)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(internal)?;
    }
    if !g.is_over() {
        return Err(not_over());
    }
    Ok(g.record_text().into_bytes())
}

/// One step of a replay.
#[derive(serde::Serialize)]
struct Step<'a> {
    entry: Option<EntryJson>,
    view: &'a tash_kalar_rules::View,
}

/// The replay's JSON of a stored game that is over, written step by step
/// into one buffer.
fn build_replay(stored: db::Stored) -> Result<Vec<u8>, ApiError> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(internal)?;
    let mut out = Vec::with_capacity(64 * 1024);
    out.extend_from_slice(b"{\"steps\":[");
    let step = |g: &LiveGame, out: &mut Vec<u8>, entry: Option<EntryJson>| {
        let view = g.game().referee_view();
        serde_json::to_writer(&mut *out, &Step { entry, view: &view }).map_err(internal)
    };
    step(&g, &mut out, None)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(internal)?;
        out.push(b',');
        let entry = g.entries.last().map(|e| e.render(Reader::All));
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
) -> Result<Response, ApiError> {
    let name = format!("tash-kalar-{id}.txt");
    check_over(&state, &id).await?;
    let build = finished(state.clone(), id.clone(), build_record);
    let text = state.replays().get(peer_ip(&peer), format!("record:{id}"), build).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{name}\"")),
        ],
        text,
    )
        .into_response())
}

async fn replay(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    check_over(&state, &id).await?;
    let build = finished(state.clone(), id.clone(), build_replay);
    let json = state.replays().get(peer_ip(&peer), format!("replay:{id}"), build).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

fn cards_json() -> &'static str {
    static CARDS: OnceLock<String> = OnceLock::new();
    CARDS.get_or_init(|| {
        let cards: Vec<Value> = CardId::all()
            .map(|id| {
                let d = id.def();
                let kind = if id.is_flare() {
                    "flare"
                } else if id.is_legend() {
                    "legend"
                } else {
                    "being"
                };
                let mut v = json!({
                    "id": d.id,
                    "name": d.name,
                    "deck": id.deck(),
                    "kind": kind,
                    "rank": d.rank.name(),
                    "pattern": d.pattern.iter().map(|&(x, y, r)| json!([x, y, r.name()])).collect::<Vec<_>>(),
                    "marked": d.marked.iter().map(|&(x, y)| json!([x, y])).collect::<Vec<_>>(),
                    "arrows": d.arrows.iter().map(|a| a.name()).collect::<Vec<_>>(),
                    "text": d.text,
                });
                if let Some(f) = d.flare {
                    v["flare"] = json!({"upper": f.upper, "lower": f.lower});
                }
                if let Some(f) = tash_kalar_rules::frozen::frozen_effect(id) {
                    v["frozen"] = json!(f.text);
                }
                if let Some(w) = tash_kalar_rules::warp::warp_effect(id) {
                    v["warp"] = json!(w.text);
                }
                if tash_kalar_rules::warp::is_time_traveler(id) {
                    // its pattern anywhere, the being on any empty colorless square
                    v["free_square"] = json!(true);
                }
                v
            })
            .collect();
        serde_json::to_string(&cards).unwrap_or_else(|_| "[]".into())
    })
}

async fn cards() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], cards_json()).into_response()
}

/// The specs the lobby offers: the levels this server can run (within
/// [`BOT_LIMITS`]) first, then raw specs for those who know them.
fn offered_bots() -> Vec<String> {
    let levels = Level::ALL.iter().map(|l| l.name().to_string());
    let raw = ["random", "greedy", "mcts", "mcts:time=1s", "mcts:time=5s"].map(String::from);
    levels.chain(raw).filter(|s| check_bot_spec(s).is_ok()).collect()
}

/// The levels this server can run, each with the spec it plays as and a line
/// for the lobby.
fn offered_levels() -> Vec<Value> {
    Level::ALL
        .iter()
        .filter(|l| BotSpec::Level(**l).check_within(&BOT_LIMITS).is_ok())
        .map(|l| json!({"name": l.name(), "spec": l.spec().to_string(), "description": l.description()}))
        .collect()
}

/// The languages of the game's texts, and the one the browser asks for in
/// its `Accept-Language` header (a stored choice on the page wins over it).
fn languages(headers: &axum::http::HeaderMap) -> (Lang, Vec<Value>) {
    let asked = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let langs = Lang::ALL.iter().map(|l| json!({"code": l.code(), "name": l.native_name()})).collect();
    (Lang::from_accept_language(asked), langs)
}

async fn meta(headers: axum::http::HeaderMap) -> Json<Value> {
    let (lang, langs) = languages(&headers);
    let forms: Vec<Value> = Form::ALL
        .iter()
        .map(|f| json!({"name": f.name(), "seats": [f.seats().start(), f.seats().end()], "target": f.target_score()}))
        .collect();
    let schools: Vec<Value> =
        School::ALL.iter().map(|s| json!({"name": s.name(), "deck": s.deck(), "color": s.color()})).collect();
    Json(json!({
        "forms": forms,
        "schools": schools,
        "bots": offered_bots(),
        "levels": offered_levels(),
        "lang": lang.code(),
        "langs": langs,
    }))
}
