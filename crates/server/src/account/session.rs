//! The session cookie and the [`Visitor`] it names.

use axum::http::{header, HeaderMap};
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

use crate::store::now_ms;

/// The session cookie's name.
pub(crate) const COOKIE: &str = "tk_session";

/// An account's row id.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub(crate) struct AccountId(pub i64);

/// A signed-in account: its id and its name as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Account {
    pub id: AccountId,
    pub name: String,
}

/// Who a request comes from: an account, or a guest (no cookie, or one
/// that names no live session: signed out, or the account deleted). An
/// axum extractor (its `FromRequestParts` is in `routes.rs`, above the
/// app's state).
#[derive(Clone, Debug, Default)]
pub(crate) struct Visitor(pub Option<Account>);

impl Visitor {
    pub fn account(&self) -> Option<&Account> {
        self.0.as_ref()
    }
}

/// The SHA-256 of a session token: what `sessions.token_hash` stores.
pub(crate) fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The session token of a request's `Cookie` headers, if it has one of a
/// plausible shape (64 hex digits); anything else is no session.
pub(crate) fn token_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// How long a session lives: since it was last seen, and in all. A
/// session past either is over: it names nobody, and its row is deleted
/// when the next session is opened ([`open`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lifetimes {
    pub idle: std::time::Duration,
    pub max: std::time::Duration,
}

impl Lifetimes {
    /// The oldest `seen` and `created` (Unix ms) a live session may have at `now`.
    fn oldest(self, now: i64) -> (i64, i64) {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        (now.saturating_sub(ms(self.idle)), now.saturating_sub(ms(self.max)))
    }
}

/// The live account of a session token: the session is within its
/// lifetimes and the account not deleted.
pub(crate) fn account_of_session(c: &Connection, hash: &[u8], life: Lifetimes) -> rusqlite::Result<Option<Account>> {
    let (seen, created) = life.oldest(now_ms());
    let found = c
        .query_row(
            "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = ?1 AND a.deleted IS NULL AND a.name IS NOT NULL
               AND s.seen >= ?2 AND s.created >= ?3",
            params![hash, seen, created],
            |r| Ok(Account { id: AccountId(r.get(0)?), name: r.get(1)? }),
        )
        .optional()?;
    Ok(found)
}

/// A new session token: 256 bits from the operating system's generator,
/// in 64 hex digits.
pub(crate) fn new_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Opens a session for an account: a new random token (256 bits from the
/// operating system), of which only the hash is stored. The sessions past
/// their lifetimes (anyone's) are deleted on the way: opening is throttled
/// per address, so this runs at a bounded pace.
pub(crate) fn open(c: &Connection, account: AccountId, life: Lifetimes) -> rusqlite::Result<String> {
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

/// Ends one session (signing out); ending one already gone is no error.
pub(crate) fn revoke(c: &Connection, hash: &[u8]) -> rusqlite::Result<usize> {
    c.execute("DELETE FROM sessions WHERE token_hash = ?1", params![hash])
}

/// Ends every session of an account but `keep` (a password changed: the
/// browser that changed it stays signed in).
pub(crate) fn revoke_others(c: &Connection, account: AccountId, keep: Option<&[u8]>) -> rusqlite::Result<usize> {
    match keep {
        Some(hash) => {
            c.execute("DELETE FROM sessions WHERE account_id = ?1 AND token_hash != ?2", params![account.0, hash])
        }
        None => c.execute("DELETE FROM sessions WHERE account_id = ?1", params![account.0]),
    }
}

/// Whether a request came over https, so its cookie may say `Secure`: the
/// proxy in front says so (`X-Forwarded-Proto: https`), or the page's
/// `Origin` is https. (A client that claims it falsely only makes its own
/// cookie stricter.)
pub(crate) fn over_https(headers: &HeaderMap) -> bool {
    let proto = headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    proto.is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
        || origin.is_some_and(|o| o.get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://")))
}

/// The `Set-Cookie` value that holds a session's token; the browser keeps
/// it as long as the session may live at most.
pub(crate) fn set_cookie(token: &str, secure: bool, life: Lifetimes) -> String {
    let secure = if secure { "; Secure" } else { "" };
    let max_age = life.max.as_secs();
    format!("{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}")
}

/// The `Set-Cookie` value that makes the browser forget its session.
pub(crate) fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}")
}

/// When a session was last seen is written at most this often (ms).
pub(crate) const SEEN_EVERY_MS: i64 = 60_000;

/// Marks a session seen now (for "who is online" and for expiry), if its
/// last mark is older than [`SEEN_EVERY_MS`].
pub(crate) fn touch(c: &Connection, hash: &[u8]) -> rusqlite::Result<usize> {
    let now = now_ms();
    c.execute(
        "UPDATE sessions SET seen = ?2 WHERE token_hash = ?1 AND seen < ?3",
        params![hash, now, now - SEEN_EVERY_MS],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use std::time::Duration;

    #[test]
    fn a_session_ends_when_idle_or_old_and_its_row_goes_with_the_next_sign_in() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch(
            "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT, deleted INTEGER);
             CREATE TABLE sessions (token_hash BLOB PRIMARY KEY, account_id INTEGER, created INTEGER, seen INTEGER);
             INSERT INTO accounts (id, name) VALUES (1, 'Ana');",
        )
        .unwrap();
        let life = Lifetimes { idle: Duration::from_secs(3600), max: Duration::from_secs(10 * 3600) };
        let token = open(&c, AccountId(1), life).unwrap();
        let hash = token_hash(&token);
        let ana = Some(Account { id: AccountId(1), name: "Ana".into() });
        assert_eq!(account_of_session(&c, &hash, life).unwrap(), ana);
        let set = |created: i64, seen: i64| {
            let now = now_ms();
            c.execute(
                "UPDATE sessions SET created = ?2, seen = ?3 WHERE token_hash = ?1",
                params![hash, now - created * 1000, now - seen * 1000],
            )
            .unwrap();
        };
        // idle for 59 minutes: alive; for 61: over
        set(3540, 3540);
        assert_eq!(account_of_session(&c, &hash, life).unwrap(), ana);
        set(3660, 3660);
        assert_eq!(account_of_session(&c, &hash, life).unwrap(), None);
        // seen a minute ago but opened 11 hours ago: over
        set(11 * 3600, 60);
        assert_eq!(account_of_session(&c, &hash, life).unwrap(), None);
        // the next session opened deletes the row over
        let other = open(&c, AccountId(1), life).unwrap();
        let rows: i64 = c.query_row("SELECT count(*) FROM sessions", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 1);
        assert!(account_of_session(&c, &token_hash(&other), life).unwrap().is_some());
    }

    #[test]
    fn cookies_are_http_only_lax_and_secure_over_https() {
        let token = "ab".repeat(32);
        let life = Lifetimes { idle: std::time::Duration::from_secs(60), max: std::time::Duration::from_secs(3600) };
        assert_eq!(
            set_cookie(&token, false, life),
            format!("tk_session={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=3600")
        );
        assert!(set_cookie(&token, true, life).ends_with("; Secure"));
        assert!(clear_cookie(false).contains("Max-Age=0"));
        let mut h = HeaderMap::new();
        assert!(!over_https(&h));
        h.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(over_https(&h));
        let mut h = HeaderMap::new();
        h.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:1"));
        assert!(!over_https(&h));
        h.insert(header::ORIGIN, HeaderValue::from_static("HTTPS://play.example.org"));
        assert!(over_https(&h));
    }

    #[test]
    fn the_token_is_read_from_any_cookie_header_and_only_in_its_shape() {
        let token = "ab".repeat(32);
        let mut h = HeaderMap::new();
        h.append(header::COOKIE, HeaderValue::from_static("lang=es"));
        h.append(header::COOKIE, HeaderValue::from_str(&format!("x=1; {COOKIE}={token}")).unwrap());
        assert_eq!(token_of(&h), Some(token.as_str()));

        let mut bad = HeaderMap::new();
        bad.append(header::COOKIE, HeaderValue::from_str(&format!("{COOKIE}=zz{}", &token[2..])).unwrap());
        assert_eq!(token_of(&bad), None);
        bad.insert(header::COOKIE, HeaderValue::from_str(&format!("{COOKIE}={token}00")).unwrap());
        assert_eq!(token_of(&bad), None);
        assert_eq!(token_of(&HeaderMap::new()), None);
    }
}
