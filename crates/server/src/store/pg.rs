//! The PostgreSQL store: a pool of connections, the migrations of
//! `migrations/pg/`, and the leases' SQL.
//!
//! Times a lease compares are the database's clock, not each server's:
//! several servers on one database agree on when a lease runs out.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};

use super::listen::Listener;
use super::{Lease, StoreError};

/// The migrations, in order, by name; `schema_migrations` lists those
/// applied. Numbers 0001-0009 mean what SQLite's do; 0013 (leases) has no
/// SQLite twin.
pub(crate) const MIGRATIONS: &[(&str, &str)] = &[
    ("0001_games.sql", include_str!("../../migrations/pg/0001_games.sql")),
    ("0002_open_seats.sql", include_str!("../../migrations/pg/0002_open_seats.sql")),
    ("0003_clocks_chat_private.sql", include_str!("../../migrations/pg/0003_clocks_chat_private.sql")),
    ("0004_rematch_links.sql", include_str!("../../migrations/pg/0004_rematch_links.sql")),
    ("0005_accounts.sql", include_str!("../../migrations/pg/0005_accounts.sql")),
    ("0006_ratings.sql", include_str!("../../migrations/pg/0006_ratings.sql")),
    ("0007_endings.sql", include_str!("../../migrations/pg/0007_endings.sql")),
    ("0008_pairing.sql", include_str!("../../migrations/pg/0008_pairing.sql")),
    ("0009_manners.sql", include_str!("../../migrations/pg/0009_manners.sql")),
    ("0011_puzzles.sql", include_str!("../../migrations/pg/0011_puzzles.sql")),
    ("0012_lessons.sql", include_str!("../../migrations/pg/0012_lessons.sql")),
    ("0013_leases.sql", include_str!("../../migrations/pg/0013_leases.sql")),
    ("0014_branches.sql", include_str!("../../migrations/pg/0014_branches.sql")),
    ("0015_relay.sql", include_str!("../../migrations/pg/0015_relay.sql")),
    ("0016_bot_jobs.sql", include_str!("../../migrations/pg/0016_bot_jobs.sql")),
];

/// Connections in the pool: a connection is busy for one transaction.
const POOL_SIZE: usize = 16;

/// Any number; servers migrating one database at once take turns on it.
const MIGRATION_LOCK: i64 = 0x7a5_4b41;

/// The database's time in Unix milliseconds (the transaction's start).
pub(crate) const NOW_MS: &str = "(extract(epoch FROM now()) * 1000)::bigint";

#[derive(Clone)]
pub struct Postgres {
    pool: Pool,
    config: tokio_postgres::Config,
    /// The process's listening connection, started on first use.
    listener: Arc<OnceLock<Listener>>,
}

impl Postgres {
    pub(super) async fn open(url: &str) -> Result<Postgres, StoreError> {
        let config: tokio_postgres::Config = url.parse()?;
        let manager = Manager::from_config(
            config.clone(),
            tokio_postgres::NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .map_err(|e| StoreError::Task(format!("cannot make the connection pool: {e}")))?;
        let store = Postgres { pool, config, listener: Default::default() };
        store.migrate().await?;
        Ok(store)
    }

    /// The process's `LISTEN` connection (`listen.rs`), started on first
    /// use; subscribe before reading what a notification would announce.
    pub fn listener(&self) -> &Listener {
        self.listener.get_or_init(|| Listener::start(self.config.clone()))
    }

    /// A connection of the pool (back in the pool when dropped).
    pub(crate) async fn client(&self) -> Result<deadpool_postgres::Client, StoreError> {
        Ok(self.pool.get().await?)
    }

    /// Applies the migrations not yet applied, all in one transaction.
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied BIGINT NOT NULL)",
        )
        .await?;
        let applied: HashSet<String> =
            tx.query("SELECT name FROM schema_migrations", &[]).await?.iter().map(|r| r.get(0)).collect();
        if applied.iter().any(|name| !MIGRATIONS.iter().any(|(m, _)| m == name)) {
            return Err(StoreError::TooNew { found: applied.len() as i64, known: MIGRATIONS.len() });
        }
        for (name, sql) in MIGRATIONS.iter().filter(|(name, _)| !applied.contains(*name)) {
            tx.batch_execute(sql).await?;
            tx.execute(&format!("INSERT INTO schema_migrations (name, applied) VALUES ($1, {NOW_MS})"), &[name])
                .await?;
            tracing::info!(migration = name, "applied");
        }
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn take_lease(&self, game: &str, holder: &str, ttl: i64) -> Result<Option<i64>, StoreError> {
        let client = self.client().await?;
        let no_game = |e: tokio_postgres::Error| match e.code() {
            Some(&tokio_postgres::error::SqlState::FOREIGN_KEY_VIOLATION) => StoreError::NoSuchGame(game.to_string()),
            _ => StoreError::Postgres(e),
        };
        // one statement: two servers taking one game at once are ordered by
        // the row's lock, the second seeing the first's lease
        let row = client
            .query_opt(
                &format!(
                    "INSERT INTO leases AS l (game_id, holder, token, expires) VALUES ($1, $2, 1, {NOW_MS} + $3)
                     ON CONFLICT (game_id) DO UPDATE SET
                         token = CASE WHEN l.holder = EXCLUDED.holder AND l.expires > {NOW_MS}
                                      THEN l.token ELSE l.token + 1 END,
                         holder = EXCLUDED.holder,
                         expires = EXCLUDED.expires
                     WHERE (l.holder = EXCLUDED.holder AND l.expires > {NOW_MS}) OR l.expires <= {NOW_MS}
                     RETURNING token"
                ),
                &[&game, &holder, &ttl],
            )
            .await
            .map_err(no_game)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub(super) async fn renew_lease(&self, lease: &Lease, ttl: i64) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                &format!("UPDATE leases SET expires = {NOW_MS} + $4 WHERE game_id = $1 AND holder = $2 AND token = $3"),
                &[&lease.game, &lease.holder, &lease.token, &ttl],
            )
            .await?;
        Ok(n == 1)
    }

    pub(super) async fn release_lease(&self, lease: &Lease) -> Result<(), StoreError> {
        let client = self.client().await?;
        // the row stays: its token must never go back to one
        client
            .execute(
                "UPDATE leases SET expires = 0 WHERE game_id = $1 AND holder = $2 AND token = $3",
                &[&lease.game, &lease.holder, &lease.token],
            )
            .await?;
        Ok(())
    }
}
