//! The accounts' and sessions' queries on either store: each operation a
//! method of [`Store`] with a SQLite form (run by the store's writer
//! thread or on its reading connection) and a PostgreSQL form (one pooled
//! connection; several statements in one transaction, as SQLite's run in
//! one write). The blocks between accounts that the spectators' chat
//! filter reads are here too (`ws.rs`): they name seats and accounts only.

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use tash_kalar_rules::Seat;

use super::names::Name;
use super::session::{new_token, token_hash, Account, AccountId, Lifetimes};
use crate::store::{now_ms, Store, StoreError};

/// SQL written once for both databases, in PostgreSQL's `$1` style, made
/// SQLite's `?1` (SQLite reads `$1` as a name, numbered in the order the
/// names first appear, which need not be theirs).
pub(crate) fn lite(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(ch) = chars.next() {
        let numbered = ch == '$' && chars.peek().is_some_and(char::is_ascii_digit);
        out.push(if numbered { '?' } else { ch });
    }
    out
}

/// An account found by its name's key: its id, name as shown and hash.
pub(crate) type Found = (AccountId, String, String);

impl Store {
    /// The live account of a session token's hash: the session is within
    /// its lifetimes and the account not deleted.
    pub(crate) async fn session_account(&self, hash: Vec<u8>, life: Lifetimes) -> Result<Option<Account>, StoreError> {
        let (seen, created) = life.oldest(now_ms());
        const SQL: &str = "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND a.deleted IS NULL AND a.name IS NOT NULL
               AND s.seen >= $2 AND s.created >= $3";
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    c.query_row(&lite(SQL), params![hash, seen, created], |r| {
                        Ok(Account { id: AccountId(r.get(0)?), name: r.get(1)? })
                    })
                    .optional()
                })
                .await
            }
            Store::Postgres(p) => {
                let row = p.client().await?.query_opt(SQL, &[&hash, &seen, &created]).await?;
                Ok(row.map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }))
            }
        }
    }

    /// A live account by its name's key.
    pub(crate) async fn account_by_key(&self, key: &str) -> Result<Option<Found>, StoreError> {
        const SQL: &str = "SELECT id, name, hash FROM accounts WHERE key = $1 AND deleted IS NULL";
        let key = key.to_string();
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    c.query_row(&lite(SQL), params![key], |r| Ok((AccountId(r.get(0)?), r.get(1)?, r.get(2)?)))
                        .optional()
                })
                .await
            }
            Store::Postgres(p) => {
                let row = p.client().await?.query_opt(SQL, &[&key]).await?;
                Ok(row.map(|r| (AccountId(r.get(0)), r.get(1), r.get(2))))
            }
        }
    }

    /// The password hash of a live account.
    pub(crate) async fn password_hash(&self, id: AccountId) -> Result<Option<String>, StoreError> {
        const SQL: &str = "SELECT hash FROM accounts WHERE id = $1 AND deleted IS NULL";
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| c.query_row(&lite(SQL), params![id.0], |r| r.get(0)).optional().map(Option::flatten))
                    .await
            }
            Store::Postgres(p) => {
                let row = p.client().await?.query_opt(SQL, &[&id.0]).await?;
                Ok(row.and_then(|r| r.get(0)))
            }
        }
    }

    /// Inserts an account and its first session, in one transaction;
    /// `None` if the name's key is taken (by a request that came in
    /// meanwhile).
    pub(crate) async fn create_account(
        &self,
        name: Name,
        hash: String,
        life: Lifetimes,
    ) -> Result<Option<(AccountId, String)>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    let inserted = c.execute(
                        "INSERT INTO accounts (name, key, hash, created) VALUES (?1, ?2, ?3, ?4)
                         ON CONFLICT (key) DO NOTHING",
                        params![name.shown, name.key, hash, now_ms()],
                    )?;
                    if inserted == 0 {
                        return Ok(None);
                    }
                    let id = AccountId(c.last_insert_rowid());
                    Ok(Some((id, open_sqlite(c, id, life)?)))
                })
                .await
            }
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                let row = tx
                    .query_opt(
                        "INSERT INTO accounts (name, key, hash, created) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (key) DO NOTHING RETURNING id",
                        &[&name.shown, &name.key, &hash, &now_ms()],
                    )
                    .await?;
                let Some(row) = row else { return Ok(None) };
                let id = AccountId(row.get(0));
                let token = open_pg(&tx, id, life).await?;
                tx.commit().await?;
                Ok(Some((id, token)))
            }
        }
    }

    /// Opens a session for an account: a new random token (256 bits from
    /// the operating system), of which only the hash is stored. The
    /// sessions past their lifetimes (anyone's) are deleted on the way:
    /// opening is throttled per address, so this runs at a bounded pace.
    pub(crate) async fn open_session(&self, id: AccountId, life: Lifetimes) -> Result<String, StoreError> {
        match self {
            Store::Sqlite(_) => self.write(move |c| open_sqlite(c, id, life)).await,
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                let token = open_pg(&tx, id, life).await?;
                tx.commit().await?;
                Ok(token)
            }
        }
    }

    /// Ends one session (signing out); ending one already gone is no error.
    pub(crate) async fn revoke_session(&self, hash: Vec<u8>) -> Result<(), StoreError> {
        const SQL: &str = "DELETE FROM sessions WHERE token_hash = $1";
        match self {
            Store::Sqlite(_) => self.write(move |c| c.execute(&lite(SQL), params![hash]).map(drop)).await,
            Store::Postgres(p) => Ok(p.client().await?.execute(SQL, &[&hash]).await.map(drop)?),
        }
    }

    /// Marks a session seen now (for "who is online" and for expiry), if
    /// its last mark is older than [`SEEN_EVERY_MS`](super::session::SEEN_EVERY_MS).
    pub(crate) async fn touch_session(&self, hash: Vec<u8>) -> Result<(), StoreError> {
        const SQL: &str = "UPDATE sessions SET seen = $2 WHERE token_hash = $1 AND seen < $3";
        let now = now_ms();
        let before = now - super::session::SEEN_EVERY_MS;
        match self {
            Store::Sqlite(_) => self.write(move |c| c.execute(&lite(SQL), params![hash, now, before]).map(drop)).await,
            Store::Postgres(p) => Ok(p.client().await?.execute(SQL, &[&hash, &now, &before]).await.map(drop)?),
        }
    }

    /// Changes an account's password and ends every other session of it
    /// but `keep` (the browser that changed it stays signed in), in one
    /// transaction.
    pub(crate) async fn change_password(
        &self,
        id: AccountId,
        hash: String,
        keep: Option<Vec<u8>>,
    ) -> Result<(), StoreError> {
        const SQL: &str = "UPDATE accounts SET hash = $2 WHERE id = $1 AND deleted IS NULL";
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    c.execute(&lite(SQL), params![id.0, hash])?;
                    revoke_others_sqlite(c, id, keep.as_deref())
                })
                .await
            }
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                tx.execute(SQL, &[&id.0, &hash]).await?;
                revoke_others_pg(&tx, id, keep.as_deref()).await?;
                Ok(tx.commit().await?)
            }
        }
    }

    /// Deletes an account, in one transaction: its row keeps its id (its
    /// seats point at it) but loses its name, key and hash; a seat named
    /// after it loses the name; its sessions end.
    pub(crate) async fn delete_account(&self, id: AccountId, name: String) -> Result<(), StoreError> {
        const ROW: &str = "UPDATE accounts SET name = NULL, key = NULL, hash = NULL, deleted = $2 WHERE id = $1";
        const SEATS: &str = "UPDATE seats SET name = NULL WHERE account_id = $1 AND name = $2";
        let now = now_ms();
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    c.execute(&lite(ROW), params![id.0, now])?;
                    c.execute(&lite(SEATS), params![id.0, name])?;
                    revoke_others_sqlite(c, id, None)
                })
                .await
            }
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                tx.execute(ROW, &[&id.0, &now]).await?;
                tx.execute(SEATS, &[&id.0, &name]).await?;
                revoke_others_pg(&tx, id, None).await?;
                Ok(tx.commit().await?)
            }
        }
    }

    /// The games where an account holds a seat and that are not over, the
    /// latest first, at most `limit`: `{id, form, status, seat, updated}`
    /// (its first seat).
    pub(crate) async fn running_games(&self, id: AccountId, limit: u32) -> Result<Vec<Value>, StoreError> {
        // (PostgreSQL groups by the games' key: their other columns follow it)
        const SQL: &str = "SELECT g.id, g.form, g.status, MIN(s.seat), g.updated FROM seats s
             JOIN games g ON g.id = s.game_id
             WHERE s.account_id = $1 AND g.status != 'over'
             GROUP BY g.id ORDER BY g.updated DESC, g.id LIMIT $2";
        let game = |id: String, form: String, status: String, seat: i64, updated: i64| json!({ "id": id, "form": form, "status": status, "seat": seat, "updated": updated });
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    let mut stmt = c.prepare_cached(&lite(SQL))?;
                    let rows = stmt.query_map(params![id.0, limit], |r| {
                        Ok(game(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
                    })?;
                    rows.collect()
                })
                .await
            }
            Store::Postgres(p) => {
                let rows = p.client().await?.query(SQL, &[&id.0, &i64::from(limit)]).await?;
                Ok(rows.iter().map(|r| game(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect())
            }
        }
    }

    /// The seats of a game whose account a block stands between `me` and
    /// (either way): the spectators' chat filter leaves their lines out.
    pub(crate) async fn blocked_seats(&self, game: &str, me: i64) -> Result<Vec<Seat>, StoreError> {
        const SQL: &str = "SELECT s.seat FROM seats s WHERE s.game_id = $1 AND s.account_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM blocks b WHERE (b.account_id = $2 AND b.blocked_id = s.account_id)
                                                   OR (b.account_id = s.account_id AND b.blocked_id = $2))
             ORDER BY s.seat";
        let game = game.to_string();
        let seats = match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    let mut stmt = c.prepare_cached(&lite(SQL))?;
                    let rows = stmt.query_map(params![game, me], |r| r.get::<_, i64>(0))?;
                    rows.collect::<rusqlite::Result<Vec<i64>>>()
                })
                .await?
            }
            Store::Postgres(p) => p.client().await?.query(SQL, &[&game, &me]).await?.iter().map(|r| r.get(0)).collect(),
        };
        Ok(seats.into_iter().filter_map(|s| Seat::try_from(s).ok()).collect())
    }

    /// Whether either of two accounts blocks the other (the spectators'
    /// chat filter's question; `pairing` asks it too, by its own query).
    pub(crate) async fn chat_blocks(&self, a: i64, b: i64) -> Result<bool, StoreError> {
        const SQL: &str = "SELECT EXISTS (SELECT 1 FROM blocks WHERE (account_id = $1 AND blocked_id = $2)
                                                   OR (account_id = $2 AND blocked_id = $1))";
        match self {
            Store::Sqlite(_) => self.read(move |c| c.query_row(&lite(SQL), params![a, b], |r| r.get(0))).await,
            Store::Postgres(p) => Ok(p.client().await?.query_one(SQL, &[&a, &b]).await?.get(0)),
        }
    }
}

/// [`Store::open_session`] on SQLite, inside the caller's write.
pub(crate) fn open_sqlite(c: &Connection, account: AccountId, life: Lifetimes) -> rusqlite::Result<String> {
    let token = new_token();
    let now = now_ms();
    let (seen, created) = life.oldest(now);
    c.execute("DELETE FROM sessions WHERE seen < ?1 OR created < ?2", params![seen, created])?;
    c.execute(
        "INSERT INTO sessions (token_hash, account_id, created, seen) VALUES (?1, ?2, ?3, ?3)",
        params![token_hash(&token), account.0, now],
    )?;
    Ok(token)
}

async fn open_pg(
    c: &impl deadpool_postgres::GenericClient,
    account: AccountId,
    life: Lifetimes,
) -> Result<String, StoreError> {
    let token = new_token();
    let now = now_ms();
    let (seen, created) = life.oldest(now);
    c.execute("DELETE FROM sessions WHERE seen < $1 OR created < $2", &[&seen, &created]).await?;
    c.execute(
        "INSERT INTO sessions (token_hash, account_id, created, seen) VALUES ($1, $2, $3, $3)",
        &[&token_hash(&token), &account.0, &now],
    )
    .await?;
    Ok(token)
}

fn revoke_others_sqlite(c: &Connection, account: AccountId, keep: Option<&[u8]>) -> rusqlite::Result<()> {
    match keep {
        Some(hash) => {
            c.execute("DELETE FROM sessions WHERE account_id = ?1 AND token_hash != ?2", params![account.0, hash])
        }
        None => c.execute("DELETE FROM sessions WHERE account_id = ?1", params![account.0]),
    }
    .map(drop)
}

async fn revoke_others_pg(
    c: &impl deadpool_postgres::GenericClient,
    account: AccountId,
    keep: Option<&[u8]>,
) -> Result<(), StoreError> {
    match keep {
        Some(hash) => {
            c.execute("DELETE FROM sessions WHERE account_id = $1 AND token_hash != $2", &[&account.0, &hash]).await
        }
        None => c.execute("DELETE FROM sessions WHERE account_id = $1", &[&account.0]).await,
    }?;
    Ok(())
}

/// What the ported modules' tests share: each case runs on a new SQLite
/// file and on a new PostgreSQL database, and what it saw on each must be
/// the same.
#[cfg(test)]
pub(crate) mod both {
    use std::future::Future;

    use std::time::Duration;

    use serde_json::Value;
    use tash_kalar_testkit::pg::TempPostgres;

    use crate::account::{name_key, AccountId, Lifetimes};
    use crate::db::Summary;
    use crate::live::{Kind, StoredEntry};
    use crate::store::Store;

    /// Runs `case` on SQLite, then on a temporary PostgreSQL (skipped
    /// without one, unless `CI` is set); the two answers, times left
    /// out ([`untimed`]), must be equal.
    pub(crate) async fn run<F, Fut>(case: F)
    where
        F: Fn(Store) -> Fut,
        Fut: Future<Output = Value>,
    {
        let dir = tempfile::tempdir().unwrap();
        let on_sqlite = untimed(case(Store::open(&dir.path().join("t.sqlite")).await.unwrap()).await);
        let Some(pg) = TempPostgres::for_tests() else { return };
        let url = pg.database("t").unwrap();
        let on_postgres = untimed(case(Store::open_postgres(&url).await.unwrap()).await);
        assert_eq!(on_postgres, on_sqlite, "PostgreSQL saw otherwise than SQLite");
    }

    /// `v` with the clock's readings (`at`, `created`, `updated`) nulled.
    pub(crate) fn untimed(mut v: Value) -> Value {
        match &mut v {
            Value::Object(map) => {
                for (k, x) in map.iter_mut() {
                    *x = if ["at", "created", "updated"].contains(&k.as_str()) {
                        Value::Null
                    } else {
                        untimed(x.take())
                    };
                }
            }
            Value::Array(list) => list.iter_mut().for_each(|x| *x = untimed(x.take())),
            _ => {}
        }
        v
    }

    /// Accounts made as sign-up makes them.
    pub(crate) async fn accounts(store: &Store, names: &[&str]) -> Vec<AccountId> {
        let life = Lifetimes { idle: Duration::from_secs(60), max: Duration::from_secs(60) };
        let mut ids = Vec::new();
        for n in names {
            let name = crate::account::names::check(n).unwrap();
            assert_eq!(name.key, name_key(n));
            ids.push(store.create_account(name, "x".into(), life).await.unwrap().unwrap().0);
        }
        ids
    }

    /// The entry and summary that end game `id` with `outcome`.
    pub(crate) async fn end(store: &Store, id: &str, n: u32, outcome: &str) -> Result<(), crate::store::StoreError> {
        let summary = Summary {
            status: "over",
            version: n,
            turn: 1,
            scores: "[0,0]".into(),
            outcome: Some(outcome.into()),
            clocks: None,
        };
        let entry = StoredEntry { n, seat: Some(0), kind: Kind::Resign, choice: None };
        store.append(id, vec![entry], summary, None).await
    }

    /// Runs SQL that both databases read alike.
    pub(crate) async fn exec(store: &Store, sql: impl Into<String>) {
        let sql = sql.into();
        match store {
            Store::Sqlite(_) => store.write(move |c| c.execute_batch(&sql)).await.unwrap(),
            Store::Postgres(p) => p.client().await.unwrap().batch_execute(&sql).await.unwrap(),
        }
    }

    /// The one number a query answers (`count(*)` ...).
    pub(crate) async fn number(store: &Store, sql: impl Into<String>) -> i64 {
        let sql = sql.into();
        match store {
            Store::Sqlite(_) => store.read(move |c| c.query_row(&sql, [], |r| r.get(0))).await.unwrap(),
            Store::Postgres(p) => p.client().await.unwrap().query_one(&sql, &[]).await.unwrap().get(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::both::{exec, number};
    use super::*;
    use crate::account::names;

    #[test]
    fn placeholders_are_made_sqlites() {
        assert_eq!(
            lite("UPDATE t SET a = $2 WHERE b = $1 AND c = '$'"),
            "UPDATE t SET a = ?2 WHERE b = ?1 AND c = '$'"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn accounts_and_sessions_on_both_databases() {
        both::run(accounts_and_sessions).await;
    }

    async fn accounts_and_sessions(store: Store) -> Value {
        let life = Lifetimes { idle: Duration::from_secs(3600), max: Duration::from_secs(10 * 3600) };
        let name = |n: &str| names::check(n).unwrap();
        let (ana, token) = store.create_account(name("Ana"), "h1".into(), life).await.unwrap().unwrap();
        assert!(store.create_account(name("ANA"), "h2".into(), life).await.unwrap().is_none(), "one key, one account");
        let (bo, _) = store.create_account(name("Boris"), "hb".into(), life).await.unwrap().unwrap();
        assert_ne!(ana, bo);
        let hash = token_hash(&token);
        let ana_is = Some(Account { id: ana, name: "Ana".into() });
        assert_eq!(store.session_account(hash.clone(), life).await.unwrap(), ana_is);
        assert_eq!(store.account_by_key("ana").await.unwrap(), Some((ana, "Ana".into(), "h1".into())));
        assert_eq!(store.account_by_key("cy").await.unwrap(), None);
        assert_eq!(store.password_hash(ana).await.unwrap().as_deref(), Some("h1"));

        // a session ends when idle (59 minutes: alive; 61: over) or old
        let aged = |created_secs: i64, seen_secs: i64| {
            let now = now_ms();
            format!(
                "UPDATE sessions SET created = {}, seen = {} WHERE account_id = {}",
                now - created_secs * 1000,
                now - seen_secs * 1000,
                ana.0
            )
        };
        exec(&store, aged(3540, 3540)).await;
        assert_eq!(store.session_account(hash.clone(), life).await.unwrap(), ana_is);
        exec(&store, aged(3660, 3660)).await;
        assert_eq!(store.session_account(hash.clone(), life).await.unwrap(), None);
        exec(&store, aged(11 * 3600, 60)).await;
        assert_eq!(store.session_account(hash.clone(), life).await.unwrap(), None);
        // the next session opened deletes the row over
        let second = token_hash(&store.open_session(ana, life).await.unwrap());
        let ana_sessions = format!("SELECT count(*) FROM sessions WHERE account_id = {}", ana.0);
        assert_eq!(number(&store, ana_sessions.clone()).await, 1);
        assert_eq!(store.session_account(second.clone(), life).await.unwrap(), ana_is);

        // seen is written at most once a minute
        exec(&store, format!("UPDATE sessions SET seen = {} WHERE account_id = {}", now_ms() - 30_000, ana.0)).await;
        store.touch_session(second.clone()).await.unwrap();
        let fresh = format!("SELECT count(*) FROM sessions WHERE seen > {}", now_ms() - 20_000);
        assert_eq!(number(&store, fresh.clone()).await, 1, "Boris's only: Ana's was marked 30 s ago");
        exec(&store, format!("UPDATE sessions SET seen = {} WHERE account_id = {}", now_ms() - 90_000, ana.0)).await;
        store.touch_session(second.clone()).await.unwrap();
        assert_eq!(number(&store, fresh).await, 2);

        // a password changed ends every other session
        let third = token_hash(&store.open_session(ana, life).await.unwrap());
        store.change_password(ana, "h3".into(), Some(second.clone())).await.unwrap();
        assert_eq!(store.password_hash(ana).await.unwrap().as_deref(), Some("h3"));
        assert_eq!(store.session_account(third.clone(), life).await.unwrap(), None);
        assert_eq!(store.session_account(second.clone(), life).await.unwrap(), ana_is);
        store.revoke_session(third).await.unwrap();

        // the running games, and the blocks the chat filter reads
        exec(
            &store,
            format!(
                "INSERT INTO games (id, form, created, updated, status) VALUES
                    ('g1', 'duel', 1, 5, 'playing'), ('g2', 'duel', 1, 9, 'over'), ('g3', 'melee', 1, 7, 'playing');
                 INSERT INTO seats (game_id, seat, school, player, name, account_id) VALUES
                    ('g1', 0, 'northern', 'human', 'Boris', {bo}), ('g1', 1, 'southern', 'human', 'Ana', {ana}),
                    ('g2', 0, 'northern', 'human', 'Ana', {ana}), ('g2', 1, 'southern', 'human', NULL, NULL),
                    ('g3', 0, 'northern', 'human', 'Ana', {ana}), ('g3', 1, 'southern', 'bot', NULL, NULL),
                    ('g3', 2, 'highland', 'human', 'Ana', {ana});
                 INSERT INTO blocks (account_id, blocked_id, created) VALUES ({ana}, {bo}, 0);",
                ana = ana.0,
                bo = bo.0
            ),
        )
        .await;
        let running = store.running_games(ana, 50).await.unwrap();
        let ids: Vec<(&str, i64)> =
            running.iter().map(|g| (g["id"].as_str().unwrap(), g["seat"].as_i64().unwrap())).collect();
        assert_eq!(ids, [("g3", 0), ("g1", 1)], "not over, the latest first, the first seat");
        assert_eq!(store.running_games(ana, 1).await.unwrap().len(), 1);
        assert_eq!(store.blocked_seats("g1", ana.0).await.unwrap(), [0]);
        assert_eq!(store.blocked_seats("g1", bo.0).await.unwrap(), [1], "either way");
        assert!(store.blocked_seats("g3", ana.0).await.unwrap().is_empty());
        assert!(store.chat_blocks(bo.0, ana.0).await.unwrap());
        assert!(!store.chat_blocks(ana.0, ana.0).await.unwrap());

        // deleted: the name free, the seats unnamed, the sessions ended
        store.delete_account(ana, "Ana".into()).await.unwrap();
        assert_eq!(store.session_account(second, life).await.unwrap(), None);
        assert_eq!(store.account_by_key("ana").await.unwrap(), None);
        assert_eq!(store.password_hash(ana).await.unwrap(), None);
        assert_eq!(number(&store, ana_sessions).await, 0);
        let named = format!("SELECT count(*) FROM seats WHERE account_id = {} AND name IS NOT NULL", ana.0);
        assert_eq!(number(&store, named).await, 0);
        assert_eq!(number(&store, "SELECT count(*) FROM seats WHERE name = 'Boris'").await, 1);
        let (again, _) = store.create_account(name("ana"), "h4".into(), life).await.unwrap().unwrap();
        assert_ne!(again, ana);
        serde_json::json!({ "running": running })
    }
}
