//! The session cookie and the [`Visitor`] it names.

use axum::http::{header, HeaderMap};
use sha2::{Digest, Sha256};

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
/// when the next session is opened (`Store::open_session`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lifetimes {
    pub idle: std::time::Duration,
    pub max: std::time::Duration,
}

impl Lifetimes {
    /// The oldest `seen` and `created` (Unix ms) a live session may have at `now`.
    pub(super) fn oldest(self, now: i64) -> (i64, i64) {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        (now.saturating_sub(ms(self.idle)), now.saturating_sub(ms(self.max)))
    }
}

/// A new session token: 256 bits from the operating system's generator,
/// in 64 hex digits.
pub(crate) fn new_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

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
