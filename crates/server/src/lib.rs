//! The Tash-Kalar game server: the browser UI, a JSON API and a WebSocket
//! per game (see `docs/server-protocol.md`), over an embedded SQLite
//! database.
//!
//! The server is the authority: clients show the legal choices it sends
//! and submit one. A game is its setup plus an append-only log of choices
//! (chance draws, take-backs and resignations included), written to the
//! database before a move is acknowledged; on start every unfinished game
//! is replayed from its log. Each live game is one task that serialises
//! its commands.

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::sync::{mpsc, oneshot, Mutex};

mod actor;
mod api;
mod assets;
mod db;
mod live;
mod store;
mod ws;

pub use store::StoreError;

use actor::Command;
use live::{LiveGame, Refused};
use store::Store;

/// The live games' queues, by game id.
pub(crate) type Registry = Arc<Mutex<HashMap<String, mpsc::Sender<Command>>>>;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file, created on first start.
    pub db: PathBuf,
    /// A pause before each bot choice, so that people can follow the bot's
    /// moves one by one.
    pub bot_pause: Duration,
}

impl Config {
    pub fn new(db: impl Into<PathBuf>) -> Config {
        Config { db: db.into(), bot_pause: Duration::ZERO }
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
}

/// Why a game could not be reached.
#[derive(Debug)]
pub(crate) enum Unreachable {
    NotFound,
    Broken(String),
}

impl AppState {
    /// Opens the database (creating it and applying migrations) and reloads
    /// every unfinished game by replaying its log.
    pub async fn open(config: Config) -> Result<AppState, StoreError> {
        let store = Store::open(&config.db)?;
        let state = AppState { inner: Arc::new(Inner { store, games: Registry::default(), config }) };
        let ids = state.inner.store.read(db::unfinished).await?;
        let mut loaded = 0;
        for id in &ids {
            match state.game(id).await {
                Ok(_) => loaded += 1,
                Err(e) => tracing::error!(game = %id, error = ?e, "cannot reload a game"),
            }
        }
        tracing::info!(loaded, unfinished = ids.len(), db = %state.inner.config.db.display(), "games reloaded");
        Ok(state)
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    /// How many games are live (held in memory).
    pub async fn live_games(&self) -> usize {
        self.inner.games.lock().await.len()
    }

    /// The live game's queue, loading the game from the database if need be.
    pub(crate) async fn game(&self, id: &str) -> Result<mpsc::Sender<Command>, Unreachable> {
        let mut games = self.inner.games.lock().await;
        if let Some(tx) = games.get(id).filter(|tx| !tx.is_closed()) {
            return Ok(tx.clone());
        }
        let key = id.to_string();
        let stored =
            self.inner.store.read(move |c| db::load(c, &key)).await.map_err(|e| Unreachable::Broken(e.to_string()))?;
        let Some(stored) = stored else { return Err(Unreachable::NotFound) };
        let g = tokio::task::spawn_blocking(move || replay(stored))
            .await
            .map_err(|e| Unreachable::Broken(e.to_string()))?
            .map_err(Unreachable::Broken)?;
        let tx = self.spawn(g);
        games.insert(id.to_string(), tx.clone());
        Ok(tx)
    }

    /// The live game's queue, if it is loaded.
    pub(crate) async fn live(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        self.inner.games.lock().await.get(id).filter(|tx| !tx.is_closed()).cloned()
    }

    fn spawn(&self, g: LiveGame) -> mpsc::Sender<Command> {
        actor::spawn(g, self.inner.store.clone(), self.inner.games.clone(), self.inner.config.bot_pause)
    }

    /// Registers a new game's task.
    pub(crate) async fn start(&self, g: LiveGame) {
        let id = g.id.clone();
        let tx = self.spawn(g);
        self.inner.games.lock().await.insert(id, tx);
    }

    /// Sends a command to a game and waits for its answer; a game that was
    /// unloaded meanwhile is loaded again.
    pub(crate) async fn call<T>(
        &self,
        id: &str,
        mut make: impl FnMut(oneshot::Sender<Result<T, Refused>>) -> Command,
    ) -> Result<Result<T, Refused>, Unreachable> {
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
    Ok(g)
}

/// The whole application: pages, assets, API and WebSockets.
pub fn app(state: AppState) -> Router {
    api::routes().merge(assets::routes()).with_state(state)
}

/// Serves on `listener` until `shutdown` completes.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
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
