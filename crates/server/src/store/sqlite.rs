//! The SQLite store: migrations, one writer thread with group commit,
//! and a reading connection.
//!
//! Every write goes through one thread that owns the writing connection. It
//! takes the writes waiting in its queue, runs each in a savepoint of one
//! transaction, commits, and only then answers each caller: a move is
//! acknowledged after its log entries are committed, while many games'
//! moves share one disk sync.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};

use rusqlite::{Connection, OptionalExtension};
use tokio::sync::oneshot;

use super::{now_ms, Lease, StoreError};

/// The migrations, in order; `PRAGMA user_version` counts those applied.
pub(crate) const MIGRATIONS: &[(&str, &str)] = &[
    ("0001_games.sql", include_str!("../../migrations/0001_games.sql")),
    ("0002_open_seats.sql", include_str!("../../migrations/0002_open_seats.sql")),
    ("0003_clocks_chat_private.sql", include_str!("../../migrations/0003_clocks_chat_private.sql")),
    ("0004_rematch_links.sql", include_str!("../../migrations/0004_rematch_links.sql")),
    ("0005_accounts.sql", include_str!("../../migrations/0005_accounts.sql")),
    ("0006_ratings.sql", include_str!("../../migrations/0006_ratings.sql")),
    ("0007_endings.sql", include_str!("../../migrations/0007_endings.sql")),
    ("0008_pairing.sql", include_str!("../../migrations/0008_pairing.sql")),
    ("0009_manners.sql", include_str!("../../migrations/0009_manners.sql")),
    ("0011_puzzles.sql", include_str!("../../migrations/0011_puzzles.sql")),
    ("0012_lessons.sql", include_str!("../../migrations/0012_lessons.sql")),
    ("0014_branches.sql", include_str!("../../migrations/0014_branches.sql")),
    ("0017_log_kind_check.sql", include_str!("../../migrations/0017_log_kind_check.sql")),
];

/// At most this many writes share one transaction.
const BATCH: usize = 256;

/// A write: runs inside a batch's transaction (in a savepoint, rolled
/// back if it fails), then learns whether the transaction was committed.
trait Op: Send {
    fn run(&mut self, conn: &Connection) -> bool;
    fn finish(self: Box<Self>, committed: Result<(), String>);
}

struct WriteOp<T, F> {
    f: Option<F>,
    result: Option<rusqlite::Result<T>>,
    reply: oneshot::Sender<Result<T, StoreError>>,
}

impl<T: Send, F: FnOnce(&Connection) -> rusqlite::Result<T> + Send> Op for WriteOp<T, F> {
    fn run(&mut self, conn: &Connection) -> bool {
        let f = self.f.take().expect("a write runs once");
        let result = f(conn);
        let ok = result.is_ok();
        self.result = Some(result);
        ok
    }

    fn finish(self: Box<Self>, committed: Result<(), String>) {
        let _ = self.reply.send(match (self.result, committed) {
            (Some(Err(e)), _) => Err(e.into()),
            (_, Err(e)) => Err(StoreError::Task(format!("not saved: {e}"))),
            (Some(Ok(v)), Ok(())) => Ok(v),
            (None, Ok(())) => Err(StoreError::Task("not run".into())),
        });
    }
}

#[derive(Clone)]
pub struct Sqlite {
    writer: mpsc::Sender<Box<dyn Op>>,
    reader: Arc<Mutex<Connection>>,
    leases: Leases,
}

/// The leases of a SQLite store's games, in memory: one process holds a
/// SQLite file, so no other could take a game over; they are kept so that
/// the same lease code runs on either store. Taken, renewed and checked
/// on the writer thread only, so that they are ordered with the writes.
#[derive(Clone, Default)]
pub(crate) struct Leases(Arc<Mutex<HashMap<String, Held>>>);

struct Held {
    holder: String,
    token: i64,
    expires: i64,
}

impl Leases {
    /// Whether `lease`'s token is still its game's (the fence).
    pub(crate) fn holds(&self, lease: &Lease) -> bool {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&lease.game).is_some_and(|h| h.token == lease.token)
    }

    fn take(&self, game: String, holder: String, ttl: i64, now: i64) -> Option<i64> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let expires = now.saturating_add(ttl);
        match map.get_mut(&game) {
            None => {
                map.insert(game, Held { holder, token: 1, expires });
                Some(1)
            }
            Some(h) if h.holder == holder && h.expires > now => {
                h.expires = expires;
                Some(h.token)
            }
            Some(h) if h.expires <= now => {
                *h = Held { holder, token: h.token + 1, expires };
                Some(h.token)
            }
            Some(_) => None,
        }
    }

    fn renew(&self, lease: &Lease, ttl: i64, now: i64) -> bool {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match map.get_mut(&lease.game) {
            Some(h) if h.token == lease.token && h.holder == lease.holder => {
                h.expires = now.saturating_add(ttl);
                true
            }
            _ => false,
        }
    }
}

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    // WAL: readers never block the writer; synchronous=FULL: a commit is on
    // disk before it returns, so an acknowledged move survives a power cut.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    Ok(conn)
}

/// Whether an error says the file is not a sound SQLite database.
fn is_damage(e: &StoreError) -> bool {
    matches!(
        e,
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _))
            if matches!(f.code, rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
}

/// `PRAGMA quick_check`: `None` if the file is sound, else the first
/// problems it found.
fn check(conn: &Connection) -> Result<Option<String>, StoreError> {
    let mut stmt = conn.prepare("PRAGMA quick_check(5)")?;
    let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    Ok((lines != ["ok"]).then(|| lines.join("; ")))
}

/// Applies the migrations not yet applied, each in its own transaction.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let current: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if current > MIGRATIONS.len() as i64 {
        return Err(StoreError::TooNew { found: current, known: MIGRATIONS.len() });
    }
    for (i, (name, sql)) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
        tracing::info!(migration = name, "applied");
    }
    Ok(())
}

impl Sqlite {
    /// Opens (creating if need be) the database, checks that the file is
    /// sound (`PRAGMA quick_check`: every page of every table and index
    /// readable and well formed; a damaged file is refused rather than
    /// failing game by game later), and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let damaged = |details: String| StoreError::Damaged { path: path.display().to_string(), details };
        let mut conn = connect(path).map_err(|e| if is_damage(&e) { damaged(e.to_string()) } else { e })?;
        let problems = match check(&conn) {
            Ok(p) => p,
            Err(e) if is_damage(&e) => Some(e.to_string()),
            Err(e) => return Err(e),
        };
        if let Some(p) = problems {
            return Err(damaged(p));
        }
        migrate(&mut conn)?;
        let reader = connect(path)?;
        let (tx, rx) = mpsc::channel::<Box<dyn Op>>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| StoreError::Task(format!("cannot start the database writer: {e}")))?;
        Ok(Sqlite { writer: tx, reader: Arc::new(Mutex::new(reader)), leases: Leases::default() })
    }

    /// Runs `f` in a write transaction (shared with other writes); returns
    /// once the transaction is committed.
    pub async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel::<Result<T, StoreError>>();
        let op: Box<dyn Op> = Box::new(WriteOp { f: Some(f), result: None, reply: tx });
        self.writer.send(op).map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Runs `f` on the reading connection, off the async threads.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = self.reader.clone();
        tokio::task::spawn_blocking(move || {
            let conn = reader.lock().unwrap_or_else(|e| e.into_inner());
            f(&conn).map_err(StoreError::from)
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
    }
}

impl Sqlite {
    /// The games' leases, for a write's fence check (on the writer thread).
    pub(crate) fn leases(&self) -> &Leases {
        &self.leases
    }

    pub(super) async fn take_lease(&self, game: String, holder: String, ttl: i64) -> Result<Option<i64>, StoreError> {
        let leases = self.leases.clone();
        let found = self
            .write(move |c| {
                if c.query_row("SELECT 1 FROM games WHERE id = ?1", [&game], |_| Ok(())).optional()?.is_none() {
                    return Ok(Err(game));
                }
                Ok(Ok(leases.take(game, holder, ttl, now_ms())))
            })
            .await?;
        found.map_err(StoreError::NoSuchGame)
    }

    pub(super) async fn renew_lease(&self, lease: Lease, ttl: i64) -> Result<bool, StoreError> {
        let leases = self.leases.clone();
        self.write(move |_| Ok(leases.renew(&lease, ttl, now_ms()))).await
    }
}

fn writer(conn: Connection, rx: mpsc::Receiver<Box<dyn Op>>) {
    while let Ok(first) = rx.recv() {
        let mut ops = vec![first];
        while ops.len() < BATCH {
            match rx.try_recv() {
                Ok(op) => ops.push(op),
                Err(_) => break,
            }
        }
        // (each statement of the batch's frame prepared once: they run at every move)
        let run = |sql: &str| conn.prepare_cached(sql).and_then(|mut st| st.execute([])).map(drop);
        if let Err(e) = run("BEGIN IMMEDIATE") {
            tracing::error!(error = %e, "cannot begin a transaction");
            for op in ops {
                op.finish(Err(e.to_string()));
            }
            continue;
        }
        for op in ops.iter_mut() {
            let saved = run("SAVEPOINT op").is_ok();
            let ok = op.run(&conn);
            if saved {
                let end = if ok { run("RELEASE op") } else { run("ROLLBACK TO op").and_then(|()| run("RELEASE op")) };
                if let Err(e) = end {
                    tracing::error!(error = %e, "savepoint");
                }
            }
        }
        let committed = run("COMMIT").map_err(|e| {
            tracing::error!(error = %e, "commit failed");
            let _ = run("ROLLBACK");
            e.to_string()
        });
        for op in ops {
            op.finish(committed.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn migrations_apply_once_and_the_log_is_append_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite");
        let store = Sqlite::open(&path).unwrap();
        let version: i64 = store.read(|c| c.pragma_query_value(None, "user_version", |r| r.get(0))).await.unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        store
            .write(|c| {
                c.execute(
                    "INSERT INTO games (id, form, created, updated, status) VALUES ('g', 'duel', 0, 0, 'open')",
                    [],
                )?;
                c.execute(
                    "INSERT INTO log (game_id, n, seat, kind, choice, at) VALUES ('g', 1, 0, 'choice', 'end', 0)",
                    [],
                )
            })
            .await
            .unwrap();
        let refused = store.write(|c| c.execute("DELETE FROM log", [])).await;
        assert!(refused.unwrap_err().to_string().contains("append-only"));
        let refused = store.write(|c| c.execute("UPDATE log SET choice = 'skip'", [])).await;
        assert!(refused.is_err());
        // a failed write in a batch leaves the others alone
        let n: i64 = store.read(|c| c.query_row("SELECT count(*) FROM log", [], |r| r.get(0))).await.unwrap();
        assert_eq!(n, 1);
        drop(store);
        // reopening applies nothing again and keeps the data
        let store = Sqlite::open(&path).unwrap();
        let n: i64 = store.read(|c| c.query_row("SELECT count(*) FROM log", [], |r| r.get(0))).await.unwrap();
        assert_eq!(n, 1);
    }

    /// The log's kinds, checked by comparisons since 0017: every kind the
    /// server writes is taken, anything else refused, as before.
    #[test]
    fn the_log_takes_every_kind_and_only_those() {
        use crate::live::Kind;
        let dir = tempfile::tempdir().unwrap();
        let mut c = connect(&dir.path().join("t.sqlite")).unwrap();
        migrate(&mut c).unwrap();
        c.execute("INSERT INTO games (id, form, created, updated, status) VALUES ('g', 'duel', 0, 0, 'open')", [])
            .unwrap();
        let kinds = Kind::ALL;
        let insert = "INSERT INTO log (game_id, n, seat, kind, choice, at) VALUES ('g', ?1, 0, ?2, NULL, 0)";
        for (n, kind) in kinds.iter().enumerate() {
            assert_eq!(Kind::parse(kind.name()), Some(*kind));
            c.execute(insert, rusqlite::params![n + 1, kind.name()]).unwrap();
        }
        for bad in ["", "Choice", "draw", "choice "] {
            let refused = c.execute(insert, rusqlite::params![100, bad]).unwrap_err();
            assert!(refused.to_string().contains("CHECK"), "{bad:?}: {refused}");
        }
        let n: i64 = c.query_row("SELECT count(*) FROM log", [], |r| r.get(0)).unwrap();
        assert_eq!(n, kinds.len() as i64);
    }

    #[tokio::test]
    async fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite");
        let c = Connection::open(&path).unwrap();
        c.pragma_update(None, "user_version", 99).unwrap();
        drop(c);
        assert!(matches!(Sqlite::open(&path), Err(StoreError::TooNew { found: 99, .. })));
    }
}
