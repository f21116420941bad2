//! Requests checked at the door, before any handler runs.
//!
//! - The `Host` header: a request naming a host this server does not answer
//!   for is refused with `403` (`unknown-host`). An IP address, `localhost`
//!   (and `*.localhost`), the hosts of the allowed origins and the
//!   configured host names pass. This stops DNS rebinding: a page on a name
//!   its owner then points at this machine's address is same-origin with
//!   itself, so the origin check below lets it act, but its requests
//!   still name the page's host. (A name is what rebinding needs; a
//!   request to an IP address cannot be rebound.) A request without a
//!   `Host` (HTTP/1.0, not a browser) passes.
//! - Cross-origin requests: a `POST`, `PUT`, `DELETE` or `PATCH`, or a
//!   WebSocket upgrade, whose `Origin` header is present and is neither
//!   this server's own origin (the scheme `http` or `https` and the
//!   request's `Host`) nor one of the configured allowed origins is refused
//!   with `403`: `cross-origin` when it carries a session cookie
//!   (`tk_session`: a page elsewhere acting as a signed-in player), else
//!   `forbidden`. Browsers send
//!   `Origin` on every cross-site `POST` and WebSocket, so a page elsewhere
//!   cannot create or join games, or open a seat's socket, on a server on
//!   the visitor's own machine. Clients that are not browsers send no
//!   `Origin` and pass.
//! - Every `POST` says its body is JSON (`Content-Type: application/json`)
//!   or is refused with `415`: a form or `text/plain` body, which a page
//!   could send cross-site without asking first, never reaches a handler.
//! - A request (other than a WebSocket upgrade) must be answered within the
//!   request timeout, body read included: a body sent slowly on purpose
//!   is cut off with `408`.
//! - The client's address: behind a trusted reverse proxy
//!   (`--trusted-proxy`) it is the forwarded one (`proxy.rs`), and the
//!   request's `ConnectInfo` is rewritten to it, so that every handler's
//!   per-address limit counts the client, not the proxy; such a request
//!   holds a connection place for its client while it runs (a WebSocket:
//!   while it lives), `429` over the per-address cap. `X-Forwarded-Proto`
//!   is kept only as a trusted proxy's word (`https` or nothing): a client
//!   cannot claim it past the door.
//! - An error answer is worded in the request's language (`tk-lang`
//!   cookie, else `Accept-Language`): the handlers answer an [`Error`],
//!   the door gives it its `message`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{Error, Held};
use crate::limit::{ConnSlot, InFlight, Over};
use crate::proxy::{self, TrustedProxies};

/// What the door lets in.
#[derive(Clone, Debug)]
pub struct Door {
    /// Origins allowed besides the server's own, as `scheme://host[:port]`.
    pub allow_origins: Arc<Vec<String>>,
    /// Host names answered for besides IP addresses and `localhost`: in
    /// lower case, without a port ([`host_names`]).
    pub host_names: Arc<Vec<String>>,
    pub request_timeout: Duration,
    /// The reverse proxies whose forwarding headers are believed.
    pub trusted: Arc<TrustedProxies>,
    /// The connections' places, where a forwarded client's is taken.
    pub conns: Arc<InFlight>,
}

/// The host part of a `Host` header or an origin's authority, in lower
/// case, without the port or a final dot (IPv6 kept in brackets).
fn host_of(authority: &str) -> Option<String> {
    let a: axum::http::uri::Authority = authority.trim().parse().ok()?;
    let host = a.host().trim_end_matches('.').to_ascii_lowercase();
    (!host.is_empty()).then_some(host)
}

/// The host names a server answers for besides IP addresses and
/// `localhost`: the hosts of the allowed origins and the configured names.
pub fn host_names(allow_origins: &[String], names: &[String]) -> Vec<String> {
    let from_origins = allow_origins.iter().filter_map(|o| o.split_once("://").and_then(|(_, rest)| host_of(rest)));
    let mut all: Vec<String> = from_origins.chain(names.iter().filter_map(|n| host_of(n))).collect();
    all.sort();
    all.dedup();
    all
}

/// Whether a request's `Host` names this server: an IP address (IPv6 in
/// brackets), `localhost` or a name under it, or one of `names`.
pub fn host_allowed(host: &str, names: &[String]) -> bool {
    let Some(host) = host_of(host) else { return false };
    let ip = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => host.parse::<std::net::Ipv4Addr>().is_ok(),
    };
    ip || host == "localhost" || host.ends_with(".localhost") || names.contains(&host)
}

/// Whether a request with this `Origin` may act: the server's own origin
/// (its `Host` header, over `http` or `https`) or an allowed one.
pub fn origin_allowed(origin: &str, host: Option<&str>, allowed: &[String]) -> bool {
    let origin = origin.trim();
    if allowed.iter().any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin)) {
        return true;
    }
    let Some(host) = host else { return false };
    match origin.split_once("://") {
        Some(("http" | "https", rest)) => rest.eq_ignore_ascii_case(host.trim()),
        _ => false,
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    let Some(Ok(value)) = headers.get(header::CONTENT_TYPE).map(|v| v.to_str()) else { return false };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

fn is_upgrade(req: &Request) -> bool {
    req.headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

pub async fn check(State(door): State<Door>, req: Request, next: Next) -> Response {
    let lang = crate::words::of_request(req.headers());
    let answer = checked(door, req, next).await;
    match answer.extensions().get::<Error>() {
        Some(e) => e.response(lang),
        None => answer,
    }
}

/// Puts the client's address in the request's `ConnectInfo` (the one
/// place every handler reads it from) and keeps `X-Forwarded-Proto` only
/// from a trusted proxy. A forwarded client's place among the connections
/// is taken here; `Err` when it holds its maximum.
fn identify(door: &Door, req: &mut Request) -> Result<(), Error> {
    const PROTO: &str = "x-forwarded-proto";
    let Some(&ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>() else {
        // no connection (a test calling the router itself): no proxy either
        req.headers_mut().remove(PROTO);
        return Ok(());
    };
    if !door.trusted.contains(peer.ip()) {
        req.headers_mut().remove(PROTO);
        return Ok(());
    }
    let client = proxy::client_addr(peer.ip(), req.headers(), &door.trusted);
    let https = proxy::forwarded_https(peer.ip(), req.headers(), &door.trusted);
    req.headers_mut().remove(PROTO);
    if https {
        req.headers_mut().insert(PROTO, HeaderValue::from_static("https"));
    }
    let slot = door.conns.acquire_for_address(client).map_err(|over| {
        tracing::info!(client = %client, ?over, "forwarded request over its address's connections");
        let n = match over {
            Over::Address(n) | Over::Total(n) => n,
        };
        Error::TooManyRequests { held: Held::Connections(n) }
    })?;
    // the proxy's connection place stays held beside the client's
    if let Some(conn) = req.extensions().get::<ConnSlot>().cloned() {
        req.extensions_mut().insert(conn.with_client(slot));
    } else {
        req.extensions_mut().insert(ConnSlot::client_only(slot));
    }
    req.extensions_mut().insert(ConnectInfo(SocketAddr::new(client, peer.port())));
    Ok(())
}

async fn checked(door: Door, mut req: Request, next: Next) -> Response {
    if let Err(e) = identify(&door, &mut req) {
        return e.into_response();
    }
    if let Some(host) = req.headers().get(header::HOST) {
        if !host.to_str().is_ok_and(|h| host_allowed(h, &door.host_names)) {
            tracing::info!(host = ?host, path = %req.uri().path(), "request for another host refused");
            return Error::UnknownHost.into_response();
        }
    }
    let upgrade = is_upgrade(&req);
    let acts = matches!(*req.method(), Method::POST | Method::PUT | Method::DELETE | Method::PATCH) || upgrade;
    if acts {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok());
            let allowed = origin.to_str().is_ok_and(|o| origin_allowed(o, host, &door.allow_origins));
            if !allowed {
                tracing::info!(origin = ?origin, path = %req.uri().path(), "cross-origin request refused");
                let signed_in = crate::account::session::token_of(req.headers()).is_some();
                return if signed_in { Error::CrossOrigin } else { Error::Forbidden }.into_response();
            }
        }
    }
    if req.method() == Method::POST && !is_json(req.headers()) {
        return Error::NotJson.into_response();
    }
    if upgrade {
        return next.run(req).await;
    }
    match tokio::time::timeout(door.request_timeout, next.run(req)).await {
        Ok(r) => r,
        Err(_) => Error::RequestTimeout.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_and_allowed_origins() {
        let allowed = vec!["https://play.example.org".to_string()];
        let host = Some("127.0.0.1:8080");
        assert!(origin_allowed("http://127.0.0.1:8080", host, &allowed));
        assert!(origin_allowed("https://127.0.0.1:8080", host, &allowed));
        assert!(origin_allowed("https://play.example.org", host, &allowed));
        assert!(origin_allowed("HTTPS://PLAY.example.org", None, &allowed));
        assert!(!origin_allowed("http://127.0.0.1:8081", host, &allowed));
        assert!(!origin_allowed("http://evil.example", host, &allowed));
        assert!(!origin_allowed("null", host, &allowed));
        assert!(!origin_allowed("ftp://127.0.0.1:8080", host, &allowed));
        assert!(!origin_allowed("http://127.0.0.1:8080", None, &[]));
    }

    #[test]
    fn host_names_answered_for() {
        let names = host_names(&["https://Play.Example.org:8443".into(), "null".into()], &["tk.lan.".into()]);
        assert_eq!(names, ["play.example.org", "tk.lan"]);
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "192.168.1.5:8080",
            "[::1]:8080",
            "[::1]",
            "localhost:8080",
            "LOCALHOST",
            "tk.localhost:1",
            "play.example.org",
            "play.example.org:8080",
            "tk.lan.:80",
        ] {
            assert!(host_allowed(ok, &names), "{ok}");
        }
        for refused in
            ["evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "example.org", "", "[::1", "a b"]
        {
            assert!(!host_allowed(refused, &names), "{refused}");
        }
    }

    #[test]
    fn json_content_types() {
        let mut h = HeaderMap::new();
        assert!(!is_json(&h));
        for (t, ok) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("text/plain", false),
            ("application/x-www-form-urlencoded", false),
            ("multipart/form-data; boundary=x", false),
            ("application/jsonx", false),
        ] {
            h.insert(header::CONTENT_TYPE, t.parse().unwrap());
            assert_eq!(is_json(&h), ok, "{t}");
        }
    }
}
