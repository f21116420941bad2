//! The Tash-Kalar game server: the browser UI, a JSON API and a WebSocket
//! per game (see `docs/server-protocol.md`), over an embedded SQLite
//! database.
//!
//! The server is the authority: clients show the legal choices it sends
//! and submit one. A game is its setup plus an append-only log of choices
//! (chance draws, take-backs and resignations included), written to the
//! database before a move is acknowledged; on start every unfinished game
//! is replayed from its log. Each live game is one task that serialises
//! its commands. A game with no connection leaves memory after a while
//! (sooner once it is over) and is replayed again when someone opens it;
//! the number of live games is capped.
//!
//! Nothing a client does may freeze or exhaust the server: connections
//! are counted per address and time out when silent (`conn`), requests
//! are checked at the door (`door`), replays are built a few at a time and
//! cached (`replay`), and bots think on a small pool of low-priority
//! threads in turn (`pool`). Every limit is a field of [`Config`].

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use tokio::sync::{mpsc, oneshot, Mutex, MutexGuard};

mod actor;
mod api;
mod assets;
mod clock;
mod conn;
mod db;
pub mod delta;
mod door;
mod limit;
mod live;
mod pool;
mod replay;
mod site;
mod store;
mod ws;

pub mod wire;

pub use limit::RateLimit;
pub use store::StoreError;

use actor::Command;
use live::LiveGame;
use store::Store;

/// A live game: its task's queue, and since when nobody has been
/// connected to it (`None` while someone is).
pub(crate) struct Loaded {
    pub tx: mpsc::Sender<Command>,
    pub idle: Arc<Idle>,
}

/// Since when a game has had no connection; the game's task writes it, the
/// cap on live games reads it to choose which game to unload.
#[derive(Default)]
pub(crate) struct Idle(std::sync::Mutex<Option<Instant>>);

impl Idle {
    pub fn set(&self, since: Option<Instant>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = since;
    }

    pub fn get(&self) -> Option<Instant> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The live games, by game id.
pub(crate) type Registry = Arc<Mutex<HashMap<String, Loaded>>>;
type Games<'a> = MutexGuard<'a, HashMap<String, Loaded>>;

/// How many games the cap may unload for one new or reloaded game before
/// it gives up (each refusal means a connection arrived meanwhile).
const UNLOAD_ATTEMPTS: usize = 8;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file, created on first start.
    pub db: PathBuf,
    /// A pause before each bot choice, so that people can follow the bot's
    /// moves one by one.
    pub bot_pause: Duration,
    /// How long a finished game with no connection stays in memory.
    pub unload_after: Duration,
    /// How long an unfinished game with no connection (seats and
    /// spectators all gone; bots do not count) stays in memory. Its log is
    /// in the database: opening it again replays it, and its bots go on.
    pub abandon_after: Duration,
    /// How often the database is searched for games not in memory whose
    /// running clock has run out (they are loaded, and so flagged).
    pub clock_sweep: Duration,
    /// At most this many games in memory. When a game is to be created or
    /// loaded and the cap is reached, the game idle the longest (no
    /// connection) is unloaded; if every live game has a connection, the
    /// request is refused (HTTP 503).
    pub max_live_games: usize,
    /// Game creations allowed per client address; `None`: no limit.
    pub create_limit: Option<RateLimit>,
    /// Connections (HTTP and WebSocket) one client address may hold open
    /// at once (an IPv6 address counts by its /64); over it a connection
    /// is answered `429` and closed.
    pub max_connections_per_address: usize,
    /// Connections held open at once in all; over it `503`. By default
    /// 10,000, or the process's limit on open files less 64 if lower.
    pub max_connections: usize,
    /// A connection must send a whole request head within this: silent
    /// connections, half-sent requests and idle kept-alive connections are
    /// closed after it.
    pub header_timeout: Duration,
    /// A request (other than a WebSocket) must be answered within this,
    /// its body read included (`408`).
    pub request_timeout: Duration,
    /// A WebSocket must say hello within this (it is closed with code 1008).
    pub hello_timeout: Duration,
    /// WebSockets are pinged this often, and closed when a ping has had no
    /// answer (nor any other message) by the next.
    pub ping_interval: Duration,
    /// Origins (`scheme://host[:port]`) whose pages may create and join
    /// games and open WebSockets, besides the server's own.
    pub allow_origins: Vec<String>,
    /// The cache of finished games' replays and records, in bytes.
    pub replay_cache_bytes: usize,
    /// Replays and records built at once.
    pub replay_builds: usize,
    /// Replays and records one address may have waiting or being built
    /// (`429` over it); answers from the cache are not counted.
    pub replays_per_address: usize,
    /// Bot searches run at once, each on a thread of the bot pool.
    pub bot_threads: usize,
    /// The bot pool's priority on Unix (`nice`, 0 to 19; 0 keeps the
    /// server's), so that people's moves are answered first.
    pub bot_nice: i32,
}

/// The default cap on connections in all: 10,000, or fewer when the
/// process may open fewer files (each connection is one; the database,
/// the listener and the threads need some too).
pub fn default_max_connections() -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct it is given and nothing else
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            let files = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
            return files.saturating_sub(64).clamp(16, 10_000);
        }
    }
    10_000
}

/// One fewer than the machine's cores, at least one: the default number
/// of bot searches at once.
pub fn default_bot_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).max(1)
}

impl Config {
    pub fn new(db: impl Into<PathBuf>) -> Config {
        Config {
            db: db.into(),
            bot_pause: Duration::ZERO,
            unload_after: Duration::from_secs(30),
            abandon_after: Duration::from_secs(600),
            clock_sweep: Duration::from_secs(30),
            max_live_games: 1000,
            create_limit: Some(RateLimit { burst: 20, every: Duration::from_secs(6) }),
            max_connections_per_address: 64,
            max_connections: default_max_connections(),
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            hello_timeout: Duration::from_secs(5),
            ping_interval: Duration::from_secs(20),
            allow_origins: Vec::new(),
            replay_cache_bytes: 64 << 20,
            replay_builds: 2,
            replays_per_address: 4,
            bot_threads: default_bot_threads(),
            bot_nice: 10,
        }
    }
}

/// The server's state, shared by every request.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: Registry,
    config: Config,
    limiter: limit::Limiter,
    conns: Arc<limit::InFlight>,
    replays: replay::Replays,
    pool: pool::BotPool,
}

/// Why a game could not be reached.
#[derive(Debug)]
pub(crate) enum Unreachable {
    NotFound,
    /// The cap on live games is reached and every live game has a connection.
    Full(usize),
    Broken(String),
}

impl Unreachable {
    /// The machine code of this error (see `docs/server-protocol.md`).
    pub(crate) fn code(&self) -> &'static str {
        match self {
            Unreachable::NotFound => "no-such-game",
            Unreachable::Full(_) => "server-full",
            Unreachable::Broken(_) => "server-error",
        }
    }

    /// The code's arguments.
    pub(crate) fn args(&self) -> serde_json::Value {
        match self {
            Unreachable::Full(n) => serde_json::json!({ "games": n }),
            _ => serde_json::json!({}),
        }
    }
}

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreachable::NotFound => write!(f, "no game with this id"),
            Unreachable::Full(n) => {
                write!(f, "the server is full: it holds its maximum of {n} games in play; try again later")
            }
            Unreachable::Broken(e) => write!(f, "server error: {e}"),
        }
    }
}

impl AppState {
    /// Opens the database (creating it and applying migrations) and reloads
    /// the unfinished games by replaying their logs, the most recently
    /// changed first, as many as the cap on live games allows (the others
    /// are loaded when someone opens them).
    pub async fn open(config: Config) -> Result<AppState, StoreError> {
        let store = Store::open(&config.db)?;
        let limiter = limit::Limiter::new(config.create_limit);
        let conns = limit::InFlight::new(config.max_connections_per_address, config.max_connections);
        let replays = replay::Replays::new(config.replay_cache_bytes, config.replay_builds, config.replays_per_address);
        let pool = pool::BotPool::new(config.bot_threads, config.bot_nice);
        let inner = Inner { store, games: Registry::default(), config, limiter, conns, replays, pool };
        let state = AppState { inner: Arc::new(inner) };
        let mut ids = state.inner.store.read(db::unfinished).await?;
        let unfinished = ids.len();
        ids.truncate(state.inner.config.max_live_games);
        let mut loaded = 0;
        for id in &ids {
            match state.game(id).await {
                Ok(_) => loaded += 1,
                Err(e) => tracing::error!(game = %id, error = ?e, "cannot reload a game"),
            }
        }
        tracing::info!(loaded, unfinished, db = %state.inner.config.db.display(), "games reloaded");
        // a game that left memory still has a clock running: load it when it runs out
        let sweeper = Arc::downgrade(&state.inner);
        let every = state.inner.config.clock_sweep;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(inner) = sweeper.upgrade() else { break };
                AppState { inner }.sweep_clocks().await;
            }
        });
        Ok(state)
    }

    /// Loads the games not in memory whose running clock has run out: their
    /// task flags them at once (`clock.rs`).
    async fn sweep_clocks(&self) {
        let now = store::now_ms();
        let due = match self.inner.store.read(move |c| db::clocks_out(c, now)).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look for clocks that ran out");
                return;
            }
        };
        for id in due {
            if self.is_live(&id).await {
                continue;
            }
            match self.game(&id).await {
                Ok(_) => tracing::info!(game = %id, "loaded: its clock ran out"),
                Err(e) => tracing::warn!(game = %id, error = ?e, "cannot load a game whose clock ran out"),
            }
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn limiter(&self) -> &limit::Limiter {
        &self.inner.limiter
    }

    pub(crate) fn replays(&self) -> &replay::Replays {
        &self.inner.replays
    }

    pub(crate) fn config(&self) -> &Config {
        &self.inner.config
    }

    /// Connections held open now by this address (IPv6: its /64).
    pub fn connections_from(&self, ip: std::net::IpAddr) -> usize {
        self.inner.conns.held_by(ip)
    }

    /// Connections held open now in all.
    pub fn connections(&self) -> usize {
        self.inner.conns.held()
    }

    /// The bytes held by the cache of replays and records.
    pub fn replay_cache_bytes(&self) -> usize {
        self.inner.replays.cached_bytes()
    }

    /// How many games are live (held in memory).
    pub async fn live_games(&self) -> usize {
        self.inner.games.lock().await.values().filter(|l| !l.tx.is_closed()).count()
    }

    /// Whether this game is live (held in memory).
    pub async fn is_live(&self, id: &str) -> bool {
        self.inner.games.lock().await.get(id).is_some_and(|l| !l.tx.is_closed())
    }

    /// The registry, locked, with `id` live in it or room for one more
    /// game: when the cap is reached the game idle the longest is asked to
    /// unload itself (outside the lock, which its task takes to leave).
    async fn room(&self, id: Option<&str>) -> Result<Games<'_>, Unreachable> {
        let cap = self.inner.config.max_live_games;
        for _ in 0..UNLOAD_ATTEMPTS {
            let mut games = self.inner.games.lock().await;
            // a task that ended on its own leaves its entry behind
            games.retain(|_, l| !l.tx.is_closed());
            if id.is_some_and(|id| games.contains_key(id)) || games.len() < cap {
                return Ok(games);
            }
            let oldest = games
                .iter()
                .filter_map(|(key, l)| l.idle.get().map(|since| (since, key, l.tx.clone())))
                .min_by_key(|(since, _, _)| *since);
            let Some((_, key, tx)) = oldest else { return Err(Unreachable::Full(cap)) };
            let key = key.clone();
            drop(games);
            let (reply, rx) = oneshot::channel();
            let unloaded = tx.send(Command::Unload { reply }).await.is_err() || rx.await.unwrap_or(true);
            if unloaded {
                tracing::info!(game = %key, cap, "unloaded to make room");
            }
        }
        Err(Unreachable::Full(cap))
    }

    /// Whether the game's WebSocket would be accepted now, without loading
    /// anything: it is live, or it is stored and there is room to load it
    /// (below the cap, or a game without a connection to unload). Browsers
    /// hide why a WebSocket was refused; pages ask this instead.
    pub(crate) async fn reachable(&self, id: &str) -> Result<bool, Unreachable> {
        if self.is_live(id).await {
            return Ok(true);
        }
        let key = id.to_string();
        let stored = self
            .inner
            .store
            .read(move |c| db::list(c, None, Some(&key), 1))
            .await
            .map_err(|e| Unreachable::Broken(e.to_string()))?;
        if stored.is_empty() {
            return Err(Unreachable::NotFound);
        }
        let cap = self.inner.config.max_live_games;
        let games = self.inner.games.lock().await;
        let live: Vec<&Loaded> = games.values().filter(|l| !l.tx.is_closed()).collect();
        if live.len() < cap || live.iter().any(|l| l.idle.get().is_some()) {
            Ok(false)
        } else {
            Err(Unreachable::Full(cap))
        }
    }

    /// The live game's queue, loading the game from the database if need be.
    pub(crate) async fn game(&self, id: &str) -> Result<mpsc::Sender<Command>, Unreachable> {
        let mut games = self.room(Some(id)).await?;
        if let Some(l) = games.get(id) {
            return Ok(l.tx.clone());
        }
        let key = id.to_string();
        let stored =
            self.inner.store.read(move |c| db::load(c, &key)).await.map_err(|e| Unreachable::Broken(e.to_string()))?;
        let Some(stored) = stored else { return Err(Unreachable::NotFound) };
        let g = tokio::task::spawn_blocking(move || replay(stored))
            .await
            .map_err(|e| Unreachable::Broken(e.to_string()))?
            .map_err(Unreachable::Broken)?;
        // a game loaded from the database takes its own turn on the bot pool
        let loaded = self.spawn(g, id.to_string());
        let tx = loaded.tx.clone();
        games.insert(id.to_string(), loaded);
        Ok(tx)
    }

    /// The live game's queue, if it is loaded.
    pub(crate) async fn live(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        self.inner.games.lock().await.get(id).filter(|l| !l.tx.is_closed()).map(|l| l.tx.clone())
    }

    fn spawn(&self, g: LiveGame, owner: String) -> Loaded {
        let i = &self.inner;
        actor::spawn(g, i.store.clone(), i.games.clone(), &i.config, i.pool.clone(), owner)
    }

    /// Stores a new game and starts its task, if there is room for it:
    /// nothing is stored when the server is full. `owner` (the creator's
    /// address) says whose turn on the bot pool its bots take.
    pub(crate) async fn create(
        &self,
        g: LiveGame,
        entries: Vec<live::StoredEntry>,
        owner: String,
    ) -> Result<(), api::ApiError> {
        let mut games = self.room(None).await?;
        let stored = g.clone();
        self.inner.store.write(move |c| db::insert_game(c, &stored, &entries)).await.map_err(api::internal)?;
        let id = g.id.clone();
        let loaded = self.spawn(g, owner);
        games.insert(id, loaded);
        Ok(())
    }

    /// Sends a command to a game and waits for its answer; a game that was
    /// unloaded meanwhile is loaded again.
    pub(crate) async fn call<T, E>(
        &self,
        id: &str,
        mut make: impl FnMut(oneshot::Sender<Result<T, E>>) -> Command,
    ) -> Result<Result<T, E>, Unreachable> {
        for _ in 0..3 {
            let tx = self.game(id).await?;
            let (reply, rx) = oneshot::channel();
            if tx.send(make(reply)).await.is_err() {
                continue;
            }
            if let Ok(r) = rx.await {
                return Ok(r);
            }
        }
        Err(Unreachable::Broken("the game is being unloaded; try again".into()))
    }
}

/// A stored game, replayed from its log.
fn replay(stored: db::Stored) -> Result<LiveGame, String> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created)?;
    for e in &stored.log {
        g.apply_stored(e)?;
    }
    g.extras = stored.extras;
    Ok(g)
}

/// The whole application: pages, assets, API and WebSockets, behind the
/// door's checks (`door.rs`).
pub fn app(state: AppState) -> Router {
    let c = &state.inner.config;
    let door = door::Door { allow_origins: Arc::new(c.allow_origins.clone()), request_timeout: c.request_timeout };
    api::routes()
        .merge(assets::routes())
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(door, door::check))
}

/// Serves on `listener` until `shutdown` completes (connections under way
/// are dropped then), within the limits on connections of the config.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let conns = state.inner.conns.clone();
    let header_timeout = state.inner.config.header_timeout;
    conn::serve(listener, app(state), conns, header_timeout, shutdown).await
}

/// `tash-kalar serve`: opens the database, reloads the unfinished games and
/// serves on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, db: &Path) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    serve_with(addr, Config::new(db)).await
}

/// Like [`serve`], with every setting.
pub async fn serve_with(addr: SocketAddr, config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let state = AppState::open(config).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    tracing::info!(%local, "listening");
    println!("Tash-Kalar server listening on http://{local}/");
    serve_on(listener, state, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}
