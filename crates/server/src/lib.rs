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
//! cached (`replay_cache`), and bots think on a small pool of low-priority
//! threads in turn (`pool`). Every limit is a field of [`Config`].
//!
//! The modules, from the bottom up; nothing imports from a layer above it:
//! - `error` (the one error enum and its codes) and `wire` (every decoding
//!   of what clients send), with the data they name: `clock` (time
//!   controls), `site` (what a game has beside its rules), `limit`,
//!   `words` (each language's messages, loaded once; a request's language),
//!   `account` (names, passwords, sessions: who holds a seat; its
//!   `routes` alone sit with the handlers);
//! - the game's pieces: `config`, `store` and `db` (SQLite; the game core
//!   on PostgreSQL too), `live` (a game and its log), `pool` (the bot
//!   pool), `workers` (the bot decisions' queue on PostgreSQL, which the
//!   pool carries; its worker, `workers::run`, rebuilds games above `db`),
//!   `replay_cache`, `rating` (players' ratings, settled by `db`
//!   with a rated game's end);
//! - `cluster`: the servers sharing a PostgreSQL database (leases,
//!   notifications routed to games, the inbox of relayed commands,
//!   presence); beside it
//! - `delta`: the published state of a game (`Snapshot`) and what changed
//!   between two, made once per viewer class;
//! - `actor`: one task per live game (seats, play, clocks, bots, rematch,
//!   chat), and the registry of live games;
//! - `state`: [`AppState`], loading games and reaching their actors;
//! - the handlers, one router per feature: `lobby` (create, list, join,
//!   rematch, cards, meta), `account::routes` (sign up, in and out; who a
//!   request comes from), `pairing` (seeks, challenges, blocks, who is
//!   online, the lobby's WebSocket), `replays` (finished games' replays and
//!   records), `analysis` (finished games' analyses, and branches from their positions), `ws` (a game's
//!   WebSocket), `assets` (the pages), `players` (profiles and
//!   leaderboards), `learn` (the lessons, replayed by the engine); `door`
//!   (checks before any handler; the client's address, `proxy`, behind a
//!   trusted reverse proxy) and `conn` (the accept loop);
//! - this file: [`app`], the routers assembled behind the door, and
//!   [`serve`].

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use axum::Router;

mod account;
mod actor;
mod analysis;
mod assets;
mod clock;
mod cluster;
mod config;
mod conn;
mod db;
pub mod delta;
mod door;
mod learn;
mod limit;
mod live;
mod lobby;
mod pairing;
mod players;
mod pool;
mod proxy;
mod puzzles;
mod rating;
mod replay_cache;
mod replays;
mod site;
mod state;
mod store;
mod words;
pub mod workers;
mod ws;

pub mod error;
pub mod wire;

pub use clock::MAX_SECS as MAX_CLOCK_SECS;
pub use config::{default_bot_threads, default_max_connections, default_node, Config};
pub use limit::RateLimit;
pub use proxy::{ProxyParseError, TrustedProxies};
pub use state::AppState;
pub use store::{Lease, Store, StoreError};

/// The whole application: one router per feature (the lobby's API,
/// replays, a game's WebSocket, the pages and assets), behind the door's
/// checks (`door.rs`).
pub fn app(state: AppState) -> Router {
    let c = state.config();
    let door = door::Door {
        allow_origins: Arc::new(c.allow_origins.clone()),
        host_names: Arc::new(door::host_names(&c.allow_origins, &c.host_names)),
        request_timeout: c.request_timeout,
        trusted: Arc::new(c.trusted_proxies.clone()),
        conns: state.conns(),
    };
    lobby::routes()
        .merge(account::routes())
        .merge(pairing::routes())
        .merge(replays::routes())
        .merge(analysis::routes::routes())
        .merge(analysis::branch::routes())
        .merge(ws::routes())
        .merge(players::routes())
        .merge(learn::routes())
        .merge(puzzles::routes())
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
    let conns = state.conns();
    let header_timeout = state.config().header_timeout;
    let trusted = Arc::new(state.config().trusted_proxies.clone());
    conn::serve(listener, app(state), conns, trusted, header_timeout, shutdown).await
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
