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
use serde::Deserialize;
use serde_json::{json, Value};

use super::session::{self, token_hash, token_of};
use super::{names, password, Accounts, Visitor};
use crate::error::Error;
use crate::state::AppState;
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
        match state.store().session_account(hash, life).await {
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
    let taken = state.store().account_by_key(&name.key).await.map_err(Error::internal)?.is_some();
    if taken {
        return Err(Error::NameTaken);
    }
    let secret = req.password;
    let hash = hashing(state.accounts(), move || password::hash(&secret)).await?.map_err(Error::internal)?;
    let shown = name.shown.clone();
    let life = state.accounts().sessions;
    let made = state.store().create_account(name, hash, life).await.map_err(Error::internal)?;
    let Some((id, token)) = made else { return Err(Error::NameTaken) };
    tracing::info!(account = id.0, "account created");
    Ok(signed_in(StatusCode::CREATED, &shown, &token, &headers, life))
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
    let found = state.store().account_by_key(&key).await.map_err(Error::internal)?;
    // an unknown name is verified too, against a hash of nothing: the same work
    let (account, hash) = match found {
        Some((id, shown, hash)) => (Some((id, shown)), hash),
        None => (None, password::dummy_hash().to_string()),
    };
    check_password(&state, key, hash, req.password).await?;
    let Some((id, shown)) = account else { return Err(Error::BadCredentials) };
    let life = state.accounts().sessions;
    let token = state.store().open_session(id, life).await.map_err(Error::internal)?;
    tracing::info!(account = id.0, "signed in");
    Ok(signed_in(StatusCode::OK, &shown, &token, &headers, life))
}

/// `DELETE /api/session`: signs out (the session's row goes; the cookie is
/// cleared). Signed out already, it does the same.
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, Error> {
    if let Some(token) = token_of(&headers) {
        let hash = token_hash(token);
        state.store().revoke_session(hash).await.map_err(Error::internal)?;
    }
    Ok(signed_out(&headers))
}

/// `GET /api/session`: who is signed in, with the games where the account
/// holds a seat and that are not over, the latest first; `401` for a guest.
async fn who(State(state): State<AppState>, visitor: Visitor, headers: HeaderMap) -> Result<Json<Value>, Error> {
    let account = visitor.0.ok_or(Error::SignInRequired)?;
    let id = account.id;
    let games = state.store().running_games(id, MY_GAMES).await.map_err(Error::internal)?;
    // the pages ask on every load: the session is marked seen (at most once a minute)
    if let Some(hash) = token_of(&headers).map(token_hash) {
        if let Err(e) = state.store().touch_session(hash).await {
            tracing::warn!(error = %e, "cannot mark a session seen");
        }
    }
    Ok(Json(json!({ "name": account.name, "games": games })))
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
    let hash = state.store().password_hash(id).await.map_err(Error::internal)?;
    let hash = hash.ok_or(Error::SignInRequired)?;
    check_password(&state, names::key(&account.name), hash, req.old).await?;
    let secret = req.new;
    let new_hash = hashing(state.accounts(), move || password::hash(&secret)).await?.map_err(Error::internal)?;
    let keep = token_of(&headers).map(token_hash);
    state.store().change_password(id, new_hash, keep).await.map_err(Error::internal)?;
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
    let hash = state.store().password_hash(id).await.map_err(Error::internal)?;
    let hash = hash.ok_or(Error::SignInRequired)?;
    check_password(&state, names::key(&account.name), hash, req.password).await?;
    let name = account.name;
    state.store().delete_account(id, name).await.map_err(Error::internal)?;
    tracing::info!(account = id.0, "account deleted");
    Ok(signed_out(&headers))
}
