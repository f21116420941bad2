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

    /// Whether either of two accounts blocks the other.
    pub(crate) async fn blocks_between(&self, a: i64, b: i64) -> Result<bool, StoreError> {
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
