//! Signed-in accounts for the server's tests, written into its SQLite file
//! as the account routes would (`crates/server/src/account`): an account
//! row and a session dated now (sessions expire, so a row dated 0 would
//! name nobody). Tests that need an account but do not test signing up
//! use this rather than the routes, which hash a password (tens of
//! milliseconds each) and are throttled per address.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// A signed-in account: its id and its session cookie's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedIn {
    pub id: i64,
    /// 64 hex digits, as the server makes them; the table keeps its SHA-256.
    pub token: String,
}

impl SignedIn {
    /// The `Cookie` header's value: `tk_session=<token>`.
    pub fn cookie(&self) -> String {
        format!("tk_session={}", self.token)
    }

    /// The whole header line: `Cookie: tk_session=<token>`.
    pub fn header(&self) -> String {
        format!("Cookie: {}", self.cookie())
    }
}

/// Writes the account `id` named `name` and a session of it into the
/// server's database `db` (migrated: the server has started on it once).
/// The name must be ASCII: its key is then the name in lower case (the
/// server's `names::key`, which this crate cannot call).
///
/// # Panics
/// On a name outside ASCII, or when the rows cannot be written (an id or
/// a name taken, a database without the accounts' tables).
pub fn signed_in(db: &Path, id: i64, name: &str) -> SignedIn {
    assert!(name.is_ascii(), "{name:?}: only an ASCII name's key is its lower case");
    let c = rusqlite::Connection::open(db).expect("the server's database");
    // the server may be writing to it meanwhile
    c.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    c.execute(
        "INSERT INTO accounts (id, name, key, hash, created) VALUES (?1, ?2, ?3, 'x', 0)",
        rusqlite::params![id, name, name.to_ascii_lowercase()],
    )
    .expect("an account row");
    let token = format!("{id:064x}");
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
    c.execute(
        "INSERT INTO sessions (token_hash, account_id, created, seen) VALUES (?1, ?2, ?3, ?3)",
        rusqlite::params![Sha256::digest(token.as_bytes()).to_vec(), id, now],
    )
    .expect("a session row");
    SignedIn { id, token }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_are_an_account_and_a_live_session_of_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("a.sqlite");
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch(
            "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT, key TEXT UNIQUE, hash TEXT,
                                    created INTEGER NOT NULL, deleted INTEGER);
             CREATE TABLE sessions (token_hash BLOB PRIMARY KEY, account_id INTEGER NOT NULL,
                                    created INTEGER NOT NULL, seen INTEGER NOT NULL);",
        )
        .unwrap();
        let ana = signed_in(&db, 7, "Ana");
        assert_eq!(ana.token.len(), 64);
        assert_eq!(ana.header(), format!("Cookie: tk_session={}", ana.token));
        let (key, seen): (String, i64) = c
            .query_row(
                "SELECT a.key, s.seen FROM accounts a JOIN sessions s ON s.account_id = a.id WHERE s.token_hash = ?1",
                [Sha256::digest(ana.token.as_bytes()).to_vec()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(key, "ana");
        // dated now (a day's slack), not 0: an old session names nobody
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
        assert!((now - seen).abs() < 86_400_000, "{seen}");
        assert_ne!(signed_in(&db, 8, "Bo").token, ana.token);
    }
}
