//! The account routes (`docs/server-protocol.md`, "Accounts"): sign up,
//! sign in and out, who am I (with my running games), change the
//! password, delete the account.
//!
//! What a visitor sends is decoded here into bounded strings; a body that
//! does not decode is answered without serde's text, which could quote
//! what was sent. No password, token or hash is logged or put in an error.

use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use axum::{Json, Router};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Deserialize;
use serde_json::{json, Value};

use super::session::{self, account_of_session, token_hash, token_of};
use super::{names, password, AccountId, Accounts, Visitor};
use crate::error::Error;
use crate::state::AppState;
use crate::store::now_ms;
use crate::wire::WireError;

#[axum::async_trait]
impl FromRequestParts<AppState> for Visitor {
    type Rejection = std::convert::Infallible;

    /// Never fails: a session that cannot be read (a database error) is
    /// treated as none, and logged.
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Visitor, Self::Rejection> {
        let Some(token) = token_of(&parts.headers) else { return Ok(Visitor(None)) };
        let hash = token_hash(token);
        let life = state.accounts().sessions;
        match state.store().read(move |c| account_of_session(c, &hash, life)).await {
            Ok(account) => Ok(Visitor(account)),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a session");
                Ok(Visitor(None))
            }
        }
    }
}

/// A request's body; its rejections (over axum's 2 MB, a broken stream)
/// answered as JSON with a code, as the lobby's `Body` does (a handler
/// may not import another's, `tests/layers.rs`).
struct Body(axum::body::Bytes);

#[axum::async_trait]
impl<S: Send + Sync> axum::extract::FromRequest<S> for Body {
    type Rejection = Error;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Body, Error> {
        axum::body::Bytes::from_request(req, state).await.map(Body).map_err(|r| match r.status() {
            StatusCode::PAYLOAD_TOO_LARGE => Error::TooLarge,
            _ => Error::BadRequest { why: WireError::Unreadable(r.body_text()) },
        })
    }
}

/// The account router.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account", post(sign_up).delete(delete_account))
        .route("/api/account/password", put(change_password))
        .route("/api/session", post(sign_in).get(who).delete(sign_out))
}

/// The most bytes of a name as sent (before it is checked): a bound on
/// the work of normalising it.
const NAME_BYTES: usize = 256;

/// The running games a signed-in visitor is told of.
const MY_GAMES: u32 = 50;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    old: String,
    new: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirm {
    password: String,
}

/// Decodes a body; its shape, not serde's words, is the reason given.
fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8], shape: &str) -> Result<T, Error> {
    serde_json::from_slice(bytes)
        .map_err(|_| Error::BadRequest { why: WireError::MalformedBody(format!("expected {shape}, strings only")) })
}

fn bad_name(why: names::NameError) -> Error {
    Error::BadName { why, min: names::MIN_CHARS, max: names::MAX_CHARS }
}

fn bad_password(why: password::PasswordError) -> Error {
    Error::BadPassword { why, min: password::MIN_CHARS, max: password::MAX_BYTES }
}

fn wait_secs(wait: std::time::Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// Runs password work (hashing, verifying) off the async threads, a few
/// at a time.
async fn hashing<T: Send + 'static>(a: &Accounts, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Error> {
    let _turn = a.hashing.acquire().await.map_err(Error::internal)?;
    tokio::task::spawn_blocking(work).await.map_err(Error::internal)
}

/// A signed-in answer: its status, `{"name"}` and the session's cookie.
fn signed_in(status: StatusCode, name: &str, token: &str, headers: &HeaderMap, life: session::Lifetimes) -> Response {
    let cookie = session::set_cookie(token, session::over_https(headers), life);
    (status, [(header::SET_COOKIE, cookie)], Json(json!({ "name": name }))).into_response()
}

fn signed_out(headers: &HeaderMap) -> Response {
    let cookie = session::clear_cookie(session::over_https(headers));
    (StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response()
}

/// `POST /api/account {"name","password"}`: a new account, signed in.
async fn sign_up(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, Error> {
    let req: Credentials = decode(&body, r#"{"name", "password"}"#)?;
    if req.name.len() > NAME_BYTES {
        return Err(bad_name(names::NameError::TooLong));
    }
    let name = names::check(&req.name).map_err(bad_name)?;
    password::check(&req.password).map_err(bad_password)?;
    if let Some(ConnectInfo(peer)) = peer {
        state.accounts().sign_ups.take(&crate::limit::key(peer.ip()), Instant::now()).map_err(|wait| {
            tracing::info!(peer = %peer.ip(), "account creation rate-limited");
            Error::TooManyAccounts { secs: wait_secs(wait) }
        })?;
    }
    // a taken name is said before the work of hashing (it is no secret)
    let key = name.key.clone();
    let taken = state.store().read(move |c| account_by_key(c, &key)).await.map_err(Error::internal)?.is_some();
    if taken {
        return Err(Error::NameTaken);
    }
    let secret = req.password;
    let hash = hashing(state.accounts(), move || password::hash(&secret)).await?.map_err(Error::internal)?;
    let shown = name.shown.clone();
    let life = state.accounts().sessions;
    let made = state.store().write(move |c| create(c, &name, &hash, life)).await.map_err(Error::internal)?;
    let Some((id, token)) = made else { return Err(Error::NameTaken) };
    tracing::info!(account = id.0, "account created");
    Ok(signed_in(StatusCode::CREATED, &shown, &token, &headers, life))
}

/// Inserts an account and its first session; `None` if the name's key is
/// taken (by a request that came in meanwhile).
fn create(
    c: &Connection,
    name: &names::Name,
    hash: &str,
    life: session::Lifetimes,
) -> rusqlite::Result<Option<(AccountId, String)>> {
    let inserted = c.execute(
        "INSERT INTO accounts (name, key, hash, created) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (key) DO NOTHING",
        params![name.shown, name.key, hash, now_ms()],
    )?;
    if inserted == 0 {
        return Ok(None);
    }
    let id = AccountId(c.last_insert_rowid());
    Ok(Some((id, session::open(c, id, life)?)))
}

/// A live account by its name's key: its id, name as shown and hash.
fn account_by_key(c: &Connection, key: &str) -> rusqlite::Result<Option<(AccountId, String, String)>> {
    c.query_row("SELECT id, name, hash FROM accounts WHERE key = ?1 AND deleted IS NULL", params![key], |r| {
        Ok((AccountId(r.get(0)?), r.get(1)?, r.get(2)?))
    })
    .optional()
}

fn hash_of(c: &Connection, id: AccountId) -> rusqlite::Result<Option<String>> {
    c.query_row("SELECT hash FROM accounts WHERE id = ?1 AND deleted IS NULL", params![id.0], |r| r.get(0))
        .optional()
        .map(Option::flatten)
}

/// Checks an account's password, throttled by the account's failures;
/// a wrong one costs a try.
async fn check_password(state: &AppState, key: String, hash: String, given: String) -> Result<(), Error> {
    let failures = &state.accounts().failures;
    if let Some(wait) = failures.wait(&key, Instant::now()) {
        return Err(Error::TooManySignIns { secs: wait_secs(wait) });
    }
    if hashing(state.accounts(), move || password::verify(&hash, &given)).await? {
        Ok(())
    } else {
        failures.spend(&key, Instant::now());
        Err(Error::BadCredentials)
    }
}

/// `POST /api/session {"name","password"}`: signs in.
async fn sign_in(
    State(state): State<AppState>,
    peer: Option<ConnectInfo<SocketAddr>>,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, Error> {
    let req: Credentials = decode(&body, r#"{"name", "password"}"#)?;
    if req.name.len() > NAME_BYTES || req.password.len() > password::MAX_BYTES {
        return Err(Error::BadCredentials);
    }
    if let Some(ConnectInfo(peer)) = peer {
        state.accounts().sign_ins.take(&crate::limit::key(peer.ip()), Instant::now()).map_err(|wait| {
            tracing::info!(peer = %peer.ip(), "sign-in rate-limited");
            Error::TooManySignIns { secs: wait_secs(wait) }
        })?;
    }
    let key = names::key(&req.name);
    let lookup = key.clone();
    let found = state.store().read(move |c| account_by_key(c, &lookup)).await.map_err(Error::internal)?;
    // an unknown name is verified too, against a hash of nothing: the same work
    let (account, hash) = match found {
        Some((id, shown, hash)) => (Some((id, shown)), hash),
        None => (None, password::dummy_hash().to_string()),
    };
    check_password(&state, key, hash, req.password).await?;
    let Some((id, shown)) = account else { return Err(Error::BadCredentials) };
    let life = state.accounts().sessions;
    let token = state.store().write(move |c| session::open(c, id, life)).await.map_err(Error::internal)?;
    tracing::info!(account = id.0, "signed in");
    Ok(signed_in(StatusCode::OK, &shown, &token, &headers, life))
}

/// `DELETE /api/session`: signs out (the session's row goes; the cookie is
/// cleared). Signed out already, it does the same.
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, Error> {
    if let Some(token) = token_of(&headers) {
        let hash = token_hash(token);
        state.store().write(move |c| session::revoke(c, &hash)).await.map_err(Error::internal)?;
    }
    Ok(signed_out(&headers))
}

/// `GET /api/session`: who is signed in, with the games where the account
/// holds a seat and that are not over, the latest first; `401` for a guest.
async fn who(State(state): State<AppState>, visitor: Visitor, headers: HeaderMap) -> Result<Json<Value>, Error> {
    let account = visitor.0.ok_or(Error::SignInRequired)?;
    let id = account.id;
    let games = state.store().read(move |c| running_games(c, id)).await.map_err(Error::internal)?;
    // the pages ask on every load: the session is marked seen (at most once a minute)
    if let Some(hash) = token_of(&headers).map(token_hash) {
        if let Err(e) = state.store().write(move |c| session::touch(c, &hash)).await {
            tracing::warn!(error = %e, "cannot mark a session seen");
        }
    }
    Ok(Json(json!({ "name": account.name, "games": games })))
}

fn running_games(c: &Connection, id: AccountId) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = c.prepare_cached(
        "SELECT g.id, g.form, g.status, MIN(s.seat), g.updated FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.account_id = ?1 AND g.status != 'over'
         GROUP BY g.id ORDER BY g.updated DESC, g.id LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![id.0, MY_GAMES], |r| {
        Ok(json!({
            "id": r.get::<_, String>(0)?,
            "form": r.get::<_, String>(1)?,
            "status": r.get::<_, String>(2)?,
            "seat": r.get::<_, i64>(3)?,
            "updated": r.get::<_, i64>(4)?,
        }))
    })?;
    rows.collect()
}

/// `PUT /api/account/password {"old","new"}`: changes the password; every
/// other session of the account ends.
async fn change_password(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Json<Value>, Error> {
    let account = visitor.0.ok_or(Error::SignInRequired)?;
    let req: NewPassword = decode(&body, r#"{"old", "new"}"#)?;
    if req.old.len() > password::MAX_BYTES {
        return Err(Error::BadCredentials);
    }
    password::check(&req.new).map_err(bad_password)?;
    let id = account.id;
    let hash = state.store().read(move |c| hash_of(c, id)).await.map_err(Error::internal)?;
    let hash = hash.ok_or(Error::SignInRequired)?;
    check_password(&state, names::key(&account.name), hash, req.old).await?;
    let secret = req.new;
    let new_hash = hashing(state.accounts(), move || password::hash(&secret)).await?.map_err(Error::internal)?;
    let keep = token_of(&headers).map(token_hash);
    state
        .store()
        .write(move |c| {
            c.execute("UPDATE accounts SET hash = ?2 WHERE id = ?1 AND deleted IS NULL", params![id.0, new_hash])?;
            session::revoke_others(c, id, keep.as_deref())
        })
        .await
        .map_err(Error::internal)?;
    tracing::info!(account = id.0, "password changed");
    Ok(Json(json!({ "name": account.name })))
}

/// `DELETE /api/account {"password"}`: deletes the account. Its games
/// stay: its seats keep pointing at the row, whose name, key and hash are
/// cleared (the name is free again), and a seat named after it loses the
/// name, so the games show an anonymous player. Its sessions end.
async fn delete_account(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, Error> {
    let account = visitor.0.ok_or(Error::SignInRequired)?;
    let req: Confirm = decode(&body, r#"{"password"}"#)?;
    if req.password.len() > password::MAX_BYTES {
        return Err(Error::BadCredentials);
    }
    let id = account.id;
    let hash = state.store().read(move |c| hash_of(c, id)).await.map_err(Error::internal)?;
    let hash = hash.ok_or(Error::SignInRequired)?;
    check_password(&state, names::key(&account.name), hash, req.password).await?;
    let name = account.name;
    state.store().write(move |c| delete(c, id, &name)).await.map_err(Error::internal)?;
    tracing::info!(account = id.0, "account deleted");
    Ok(signed_out(&headers))
}

fn delete(c: &Connection, id: AccountId, name: &str) -> rusqlite::Result<()> {
    c.execute(
        "UPDATE accounts SET name = NULL, key = NULL, hash = NULL, deleted = ?2 WHERE id = ?1",
        params![id.0, now_ms()],
    )?;
    c.execute("UPDATE seats SET name = NULL WHERE account_id = ?1 AND name = ?2", params![id.0, name])?;
    session::revoke_others(c, id, None)?;
    Ok(())
}
