//! The session cookie and the [`Visitor`] it names.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

use crate::state::AppState;
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
/// that names no live session: signed out, or the account deleted).
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

/// The live account of a session token, marking the session seen.
pub(crate) fn account_of_session(c: &Connection, hash: &[u8]) -> rusqlite::Result<Option<Account>> {
    let found = c
        .query_row(
            "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = ?1 AND a.deleted IS NULL AND a.name IS NOT NULL",
            params![hash],
            |r| Ok(Account { id: AccountId(r.get(0)?), name: r.get(1)? }),
        )
        .optional()?;
    Ok(found)
}

#[axum::async_trait]
impl FromRequestParts<AppState> for Visitor {
    type Rejection = std::convert::Infallible;

    /// Never fails: a session that cannot be read (a database error) is
    /// treated as none, and logged.
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Visitor, Self::Rejection> {
        let Some(token) = token_of(&parts.headers) else { return Ok(Visitor(None)) };
        let hash = token_hash(token);
        match state.store().read(move |c| account_of_session(c, &hash)).await {
            Ok(account) => Ok(Visitor(account)),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a session");
                Ok(Visitor(None))
            }
        }
    }
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
