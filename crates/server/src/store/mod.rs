//! The database, SQLite or PostgreSQL: opening it, its migrations, and
//! the leases that fence a game's writer.
//!
//! [`Store`] is one of two implementations with the same migrations'
//! meaning (`migrations/` and `migrations/pg/`):
//! - **SQLite** (`sqlite`), the default: one file, one writer thread with
//!   group commit (a move is acknowledged once its entries are committed,
//!   many games' moves sharing one disk sync), a reading connection.
//! - **PostgreSQL** (`pg`): a pool of connections (`deadpool-postgres`
//!   over `tokio-postgres`), for several servers on one database.
//!
//! Every query has both forms: the game core's in `db`, each feature's in
//! a `store.rs` beside its module (`account`, `rating`, `players`,
//! `pairing`, `learn`, `puzzles`, `analysis`, `replays`). [`Store::write`]
//! and [`Store::read`] run SQLite's own SQL, for what is SQLite's alone
//! (its tests); a PostgreSQL store refuses them
//! ([`StoreError::NotPorted`]).
//!
//! Processes sharing a PostgreSQL database hear of each other's writes
//! through `LISTEN`/`NOTIFY` (`listen`).
//!
//! A **lease** ([`Lease`]) names the one process that drives a live game;
//! its token fences every write the driver makes for the game (moves, a
//! seat taken or given, chat, the rematch link, a seat handed to a bot,
//! what it shows): one made under a lease whose token is no longer the
//! game's is refused ([`StoreError::Fenced`]), in the transaction that
//! would have written it.

#[cfg(test)]
pub(crate) mod cases;
pub mod listen;
mod pg;
mod sqlite;

use std::path::Path;
use std::time::Duration;

use rusqlite::Connection;

pub(crate) use pg::{Postgres, NOW_MS};
pub(crate) use sqlite::Sqlite;
// (the ratings' tests build a bare SQLite database with them)
#[cfg(test)]
pub(crate) use sqlite::MIGRATIONS;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("database: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    #[error("database: {0}")]
    Pool(#[from] deadpool_postgres::PoolError),
    #[error("the database is at schema version {found}, newer than this program's {known}")]
    TooNew { found: i64, known: usize },
    #[error(
        "the database file {path} is damaged: {details}. The server will not start on it. \
         Stop anything else using the file and keep a copy of it; then restore it from a backup, \
         or save what SQLite can still read: `sqlite3 {path} .recover | sqlite3 recovered.sqlite`, \
         and start the server with `--db recovered.sqlite`"
    )]
    Damaged { path: String, details: String },
    /// A stored row this program cannot read (an unknown form, a seat
    /// out of order ...).
    #[error("the database holds what this program cannot read: {0}")]
    BadRow(String),
    /// The write was made under a lease the game no longer has: another
    /// process took the game over. Nothing was written.
    #[error("game {game}: the lease with token {token} is no longer the game's; nothing was written")]
    Fenced { game: String, token: i64 },
    /// A lease asked for a game the database does not hold.
    #[error("no game {0} to take a lease on")]
    NoSuchGame(String),
    /// What only several processes on one PostgreSQL database do (bot
    /// workers), asked of a SQLite store.
    #[error("{what} need a PostgreSQL database (--db postgres://...): a SQLite file serves one process")]
    NeedsPostgres { what: &'static str },
    /// SQL written for SQLite only, asked of a PostgreSQL store.
    #[error("{what} is SQLite's own SQL, which a PostgreSQL store does not run")]
    NotPorted { what: &'static str },
    #[error("the database writer has stopped")]
    Closed,
    #[error("{0}")]
    Task(String),
}

/// The database: a SQLite file or a PostgreSQL pool.
#[derive(Clone)]
pub enum Store {
    Sqlite(sqlite::Sqlite),
    Postgres(Postgres),
}

/// The right to drive a live game, held by one process at a time until it
/// expires; `token` grows each time the game changes hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub game: String,
    pub holder: String,
    pub token: i64,
}

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &Path) -> bool {
    db.to_str().is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

impl Store {
    /// Opens the server's database: a `postgres://` or `postgresql://`
    /// URL is a PostgreSQL database ([`Store::open_postgres`]); anything
    /// else is a SQLite file, created if need be, checked (`PRAGMA
    /// quick_check`: a damaged file is refused) and migrated.
    pub async fn open(db: &Path) -> Result<Store, StoreError> {
        match db.to_str().filter(|_| is_postgres_url(db)) {
            Some(url) => Store::open_postgres(url).await,
            None => Ok(Store::Sqlite(sqlite::Sqlite::open(db)?)),
        }
    }

    /// Connects to a PostgreSQL database (a URL or `key=value` string) and
    /// brings its schema up to date.
    pub async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        Ok(Store::Postgres(Postgres::open(url).await?))
    }

    /// Runs `f` in a SQLite write transaction (shared with other writes);
    /// returns once the transaction is committed.
    pub async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        match self {
            Store::Sqlite(s) => s.write(f).await,
            Store::Postgres(_) => Err(StoreError::NotPorted { what: "this write" }),
        }
    }

    /// Runs `f` on SQLite's reading connection, off the async threads.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        match self {
            Store::Sqlite(s) => s.read(f).await,
            Store::Postgres(_) => Err(StoreError::NotPorted { what: "this read" }),
        }
    }

    /// Takes the lease on `game` for `holder` for `ttl`: `None` while
    /// another holder's lease runs; [`StoreError::NoSuchGame`] for a game
    /// not stored. The holder's own running lease is
    /// extended with its token kept; otherwise the token grows by one.
    pub async fn take_lease(&self, game: &str, holder: &str, ttl: Duration) -> Result<Option<Lease>, StoreError> {
        let ttl = ttl_ms(ttl);
        let token = match self {
            Store::Sqlite(s) => s.take_lease(game.to_string(), holder.to_string(), ttl).await?,
            Store::Postgres(p) => p.take_lease(game, holder, ttl).await?,
        };
        Ok(token.map(|token| Lease { game: game.to_string(), holder: holder.to_string(), token }))
    }

    /// Extends a lease still the game's by `ttl` (from now);
    /// [`StoreError::Fenced`] once another process has taken the game.
    pub async fn renew_lease(&self, lease: &Lease, ttl: Duration) -> Result<(), StoreError> {
        let ttl = ttl_ms(ttl);
        let renewed = match self {
            Store::Sqlite(s) => s.renew_lease(lease.clone(), ttl).await?,
            Store::Postgres(p) => p.renew_lease(lease, ttl).await?,
        };
        renewed.then_some(()).ok_or_else(|| fenced(lease))
    }

    /// Gives a lease up (it expires now; its token stays the game's until
    /// another process takes it, so the token never goes back). Releasing
    /// a lease already lost does nothing.
    pub async fn release_lease(&self, lease: &Lease) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.renew_lease(lease.clone(), i64::MIN).await.map(drop),
            Store::Postgres(p) => p.release_lease(lease).await,
        }
    }
}

fn ttl_ms(ttl: Duration) -> i64 {
    ttl.as_millis().min(i64::MAX as u128 / 2) as i64
}

pub(crate) fn fenced(lease: &Lease) -> StoreError {
    StoreError::Fenced { game: lease.game.clone(), token: lease.token }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}
