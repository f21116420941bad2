//! The lobby's JSON API (see `docs/server-protocol.md`): creating games
//! (and rematches), listing them, joining a seat, a game's chat page by
//! page, whether a game can be reached, the cards and what the lobby's
//! form offers. Creations and joins are limited per address (`limit`). Bodies and
//! queries are decoded by `wire`; the games are reached through
//! [`AppState`].

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};
use tash_kalar_bots::{BotSpec, Level};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{CardId, Form, School};

use crate::account::{Account, Visitor};
use crate::actor::{self, Command, RematchPlan};
use crate::error::Error;
use crate::live::{LiveGame, Player, SeatInfo, StoredEntry};
use crate::site::Extras;
use crate::state::AppState;
use crate::store::now_ms;
use crate::wire::{self, CreateRequest, NewPlayer, Status, WireError};

/// The lobby's router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/:id", get(summary))
        .route("/api/games/:id/join", post(join))
        .route("/api/games/:id/rematch", post(rematch))
        .route("/api/games/:id/reachable", get(reachable))
        .route("/api/games/:id/chat", get(chat))
        .route("/api/cards", get(cards))
        .route("/api/meta", get(meta))
}

/// A request's body, whose rejections (a body over axum's limit of 2 MB, a
/// broken stream) are answered like every other error, as JSON with a code
/// (`too-large`, `bad-request`), not axum's plain text.
pub(crate) struct Body(pub Bytes);

#[axum::async_trait]
impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = Error;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Body, Error> {
        Bytes::from_request(req, state).await.map(Body).map_err(|r| match r.status() {
            StatusCode::PAYLOAD_TOO_LARGE => Error::TooLarge,
            _ => Error::BadRequest { why: WireError::Unreadable(r.body_text()) },
        })
    }
}

fn bad(why: WireError) -> Error {
    Error::BadRequest { why }
}

/// A game to create: the form, the seats, a token for each human seat.
pub(crate) struct NewGame {
    pub form: Form,
    pub seats: Vec<SeatInfo>,
    pub tokens: Vec<Option<String>>,
    pub extras: Extras,
}

impl NewGame {
    /// A checked request, with a new token for each human seat.
    pub(crate) fn new(req: CreateRequest) -> NewGame {
        let mut seats = Vec::new();
        let mut tokens = Vec::new();
        for s in req.seats {
            let (player, token) = match s.player {
                NewPlayer::Human => (Player::Human, Some(actor::new_secret(16))),
                // stored as its canonical text
                NewPlayer::Bot(spec) => (Player::Bot(spec.to_string()), None),
            };
            seats.push(SeatInfo {
                school: s.school,
                player,
                name: s.name,
                token_hash: token.as_deref().map(actor::token_hash),
                taken: false,
                open: s.open,
                account: None,
            });
            tokens.push(token);
        }
        let extras =
            Extras { time_control: req.time_control, private: req.private, rated: req.rated, ..Default::default() };
        NewGame { form: req.form, seats, tokens, extras }
    }

    /// A game created while signed in: its one human seat is the
    /// creator's account's (named after it unless named). With several
    /// human seats, which is the creator's is not known: each is the
    /// account's that first opens it signed in (`actor/seats.rs`).
    pub(crate) fn created_by(mut self, account: Option<&Account>) -> NewGame {
        let Some(a) = account else { return self };
        let mut humans = self.seats.iter_mut().filter(|s| s.player == Player::Human);
        if let (Some(seat), None) = (humans.next(), humans.next()) {
            seat.account = Some(a.id);
            seat.name.get_or_insert_with(|| a.name.clone());
        }
        self
    }
}

async fn create(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Body(body): Body,
) -> Result<Response, Error> {
    let req = wire::create_request(&body).map_err(bad)?;
    crate::rating::check_request(&req, visitor.account().is_some())?;
    let new = NewGame::new(req).created_by(visitor.account());
    // only a request that would create a game costs a token
    take_creation(&state, peer.as_ref())?;
    let (id, tokens) = create_game(&state, new, owner_of(peer.as_ref())).await?;
    let seats: Vec<Value> = tokens.iter().enumerate().map(|(i, t)| json!({"seat": i, "token": t})).collect();
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "seats": seats }))).into_response())
}

/// Takes a creation from the address's allowance (`limit.rs`): every
/// route that creates a game (a new one, a rematch) calls this first.
pub(crate) fn take_creation(state: &AppState, peer: Option<&ConnectInfo<SocketAddr>>) -> Result<(), Error> {
    let Some(ConnectInfo(peer)) = peer else { return Ok(()) };
    state.limiter().take(peer.ip(), Instant::now()).map_err(|wait| {
        let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
        tracing::info!(peer = %peer.ip(), secs, "game creation rate-limited");
        Error::TooManyGames { secs }
    })
}

/// Whose turn on the bot pool a new game's bots take: its creator's address.
pub(crate) fn owner_of(peer: Option<&ConnectInfo<SocketAddr>>) -> Option<String> {
    peer.map(|ConnectInfo(p)| crate::limit::key(p.ip()).to_string())
}

/// Stores a checked new game and starts it; its id and seat tokens. The
/// one path of every creation: `POST /api/games`, rematches, and the
/// games that seeks and challenges make (`pairing`).
pub(crate) async fn create_game(
    state: &AppState,
    new: NewGame,
    owner: Option<String>,
) -> Result<(String, Vec<Option<String>>), Error> {
    let NewGame { form, seats, tokens, extras } = new;
    let id = actor::new_secret(8);
    let mut g = LiveGame::new(id.clone(), form, seats, now_ms()).map_err(|e| bad(e.into()))?;
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

/// `POST /api/games/{id}/rematch {"token"}` (or `{}` from a signed-in
/// player whose account holds the seat): a player of a finished game
/// asks for a new game with the seats turned (in a duel, swapped), the
/// same form, schools, bots, time control and privacy, its seats reserved
/// for the same players (each held by the same token as before). The
/// first request makes it, a creation counted against the asker's
/// address like `POST /api/games` (and the other seats are offered theirs
/// over the WebSocket); later ones get the same game.
async fn rematch(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Response, Error> {
    let token = wire::rematch_request(&body).map_err(bad)?;
    let account = visitor.account().map(|a| a.id);
    if token.is_none() && account.is_none() {
        return Err(Error::SignInRequired);
    }
    let plan = state.call(&id, |reply| Command::Rematch { token: token.clone(), account, reply }).await?;
    let (seat, form, seats, extras) = match plan {
        RematchPlan::Made { id, seat } => {
            return Ok(Json(json!({ "id": id, "seat": seat, "token": token })).into_response());
        }
        RematchPlan::New { seat, form, seats, extras } => (seat, form, seats, extras),
    };
    let tokens = vec![None; seats.len()];
    let new = NewGame { form, seats, tokens, extras };
    let made = match take_creation(&state, peer.as_ref()) {
        Ok(()) => create_game(&state, new, owner_of(peer.as_ref())).await,
        Err(e) => Err(e),
    };
    // the link that stands: where two servers made a rematch at once, the
    // first one linked (the database decides), and every asker is sent there
    let link = match &made {
        // (a failed write leaves the link to the game's driver, which tries again)
        Ok((new_id, _)) => Some(state.store().set_rematch(&id, new_id, None).await.unwrap_or_else(|_| new_id.clone())),
        Err(_) => None,
    };
    // tell the finished game, made or not (it lets another request try)
    if let Some(tx) = state.live(&id).await {
        let _ = tx.send(Command::RematchMade { made: link.clone() }).await;
    }
    let (new_id, _) = made?;
    let stands = link.unwrap_or(new_id);
    Ok((StatusCode::CREATED, Json(json!({ "id": stands, "seat": seat, "token": token }))).into_response())
}

async fn list(
    State(state): State<AppState>,
    Query(q): Query<std::collections::HashMap<String, String>>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, Error> {
    let (status, limit) = wire::list_query(&q).map_err(bad)?;
    let mut games = state.store().list(status.map(Status::name), None, limit).await.map_err(Error::internal)?;
    // "in progress" lists the games really in play: changed within the
    // move deadline, or in memory (someone connected lately); the others
    // are settled by the deadline when the clock sweep finds them
    let deadline = state.config().move_deadline.as_millis().min(i64::MAX as u128) as i64;
    if deadline > 0 {
        let before = crate::store::now_ms().saturating_sub(deadline);
        let mut kept = Vec::with_capacity(games.len());
        for g in games {
            let stale = g["status"] == "playing" && g["updated"].as_i64().is_some_and(|u| u < before);
            if !stale || state.is_live(g["id"].as_str().unwrap_or_default()).await {
                kept.push(g);
            }
        }
        games = kept;
    }
    let lang = crate::words::of_request(&headers);
    games.iter_mut().for_each(|g| name_seats(g, lang));
    Ok(Json(Value::Array(games)))
}

/// `GET /api/games/{id}/chat?before=N&limit=M`: a page of the game's chat
/// (a hello carries the recent lines only), read from the database: a
/// game need not be in memory to be read, and reading loads nothing.
async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Json<Value>, Error> {
    let (before, limit) = wire::chat_query(&q, crate::site::CHAT_PAGE_MAX).map_err(bad)?;
    let lines = state.store().chat_page(&id, before, limit).await.map_err(Error::internal)?.ok_or(Error::NoSuchGame)?;
    // the lines before this page, for the next request's `before`
    let more = lines.first().is_some_and(|l| l.n > 1);
    Ok(Json(json!({ "chat": lines, "more": more })))
}

async fn summary(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, Error> {
    let mut games = state.store().list(None, Some(&id), 1).await.map_err(Error::internal)?;
    let branch = state.store().branched_from(&id).await.map_err(Error::internal)?;
    let mut game = games.pop().ok_or(Error::NoSuchGame)?;
    // a game branched from another's position says which (`analysis/branch.rs`)
    game["branch_of"] = crate::analysis::branch_json(branch);
    name_seats(&mut game, crate::words::of_request(&headers));
    Ok(Json(game))
}

/// Adds `names` to a game's summary: each seat named as the game names it
/// (`tash_kalar_present::seat_name`) in `lang`, so the lobby words no
/// player itself. A summary the rules cannot seat (an older database) is
/// left without.
fn name_seats(summary: &mut Value, lang: Lang) {
    let Some(form) = summary["form"].as_str().and_then(Form::parse) else { return };
    let seats = summary["seats"].as_array().map(Vec::as_slice).unwrap_or_default();
    let schools: Option<Vec<School>> = seats.iter().map(|s| s["school"].as_str().and_then(School::parse)).collect();
    let Some(game) = schools.and_then(|s| tash_kalar_rules::Game::new(form, &s).ok()) else { return };
    let players = seats
        .iter()
        .map(|s| tash_kalar_present::Player {
            name: s["name"].as_str().map(String::from),
            bot: s["bot"].as_str().map(String::from),
        })
        .collect();
    let table = tash_kalar_present::Table { players, can_undo: false, can_claim: false };
    let msgs = crate::words::messages(lang);
    let names: Vec<String> = (0..seats.len())
        .map(|i| tash_kalar_present::seat_name(&game, i as tash_kalar_rules::Seat, &table, msgs))
        .collect();
    summary["names"] = json!(names);
}

/// Whether the game's WebSocket would be accepted now: `404` and `503`
/// as the upgrade would answer, with the reason a browser cannot read
/// from a refused WebSocket.
async fn reachable(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Value>, Error> {
    let live = state.reachable(&id).await?;
    Ok(Json(json!({ "reachable": true, "live": live })))
}

/// `POST /api/games/{id}/join {"seat"}`: takes an open seat (the signed-in
/// visitor's account's from then on; of a rated game, a signed-in visitor
/// only). Every join
/// asked for (taken or refused by the game) counts against the address's
/// allowance, so that one client cannot take every open seat at once.
async fn join(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    visitor: Visitor,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, Error> {
    let seat = wire::join_request(&body).map_err(bad)?;
    if visitor.account().is_none() && state.store().is_rated(&id).await.map_err(Error::internal)? {
        return Err(Error::RatedNeedsAccount);
    }
    if let Some(ConnectInfo(peer)) = peer {
        state.join_limiter().take(peer.ip(), Instant::now()).map_err(|wait| {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            tracing::info!(peer = %peer.ip(), secs, "joining rate-limited");
            Error::TooManyJoins { secs }
        })?;
    }
    let account = visitor.0;
    let token = state.call(&id, |reply| Command::Join { seat, account: account.clone(), reply }).await?;
    Ok(Json(json!({ "seat": seat, "token": token })))
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
/// [`wire::BOT_LIMITS`]) first, then raw specs for those who know them.
fn offered_bots() -> Vec<String> {
    let levels = Level::ALL.iter().map(|l| l.name().to_string());
    let raw = ["random", "greedy", "mcts", "mcts:time=1s", "mcts:time=5s"].map(String::from);
    levels.chain(raw).filter(|s| wire::bot_spec(s).is_ok()).collect()
}

/// The levels this server can run, each with the spec it plays as and a line
/// for the lobby.
fn offered_levels() -> Vec<Value> {
    Level::ALL
        .iter()
        .filter(|l| BotSpec::Level(**l).check_within(&wire::BOT_LIMITS).is_ok())
        .map(|l| {
            json!({"name": l.name(), "spec": l.spec().to_string(), "description": l.description(),
                   "rating": crate::rating::level_rating(*l)})
        })
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
