//! Behind a reverse proxy (`--trusted-proxy`): a real server, real
//! connections from chosen loopback addresses. The clients a trusted proxy
//! forwards for are limited apart; a forged header from anyone else is
//! ignored; IPv6 clients count by their /64; ranges name proxies;
//! `X-Forwarded-Proto` counts only from a trusted proxy.

mod common;

use std::net::Ipv4Addr;
use std::time::Duration;

use common::*;
use serde_json::json;
use tash_kalar_server::{Config, RateLimit, TrustedProxies};

const PROXY: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
const OTHER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 9);

/// A server that trusts `proxies` and lets each address create two games.
fn server(dir: &tempfile::TempDir, proxies: &[&str]) -> TestServer {
    let mut config = Config::new(dir.path().join("proxy.sqlite"));
    config.create_limit = Some(RateLimit { burst: 2, every: Duration::from_secs(3600) });
    config.trusted_proxies = TrustedProxies::parse(proxies).unwrap();
    TestServer::start_with(config)
}

/// Creates a game from `from` with these extra header lines; the status.
async fn create_via(server: &TestServer, from: Ipv4Addr, headers: &[&str]) -> u16 {
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    let mut req = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        server.addr,
        body.len()
    );
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("\r\n");
    req.push_str(&body);
    http_raw(Some(from), server.addr, &req).await.0
}

#[tokio::test]
async fn a_trusted_proxy_s_clients_are_limited_apart() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, &["127.0.0.1"]);
    let ana = "X-Forwarded-For: 198.51.100.1, 203.0.113.1";
    for _ in 0..2 {
        assert_eq!(create_via(&server, PROXY, &[ana]).await, 201);
    }
    assert_eq!(create_via(&server, PROXY, &[ana]).await, 429, "Ana's own allowance is spent");
    // the same client whatever it writes left of the proxy's entry
    assert_eq!(create_via(&server, PROXY, &["X-Forwarded-For: 192.0.2.77, 203.0.113.1"]).await, 429);
    // another client behind the same proxy has its own
    assert_eq!(create_via(&server, PROXY, &["X-Forwarded-For: 203.0.113.2"]).await, 201);
    assert_eq!(create_via(&server, PROXY, &["Forwarded: for=203.0.113.3;proto=https"]).await, 201);
    // a malformed header is ignored: the proxy's own address counts
    for bad in ["X-Forwarded-For: not-an-address", "Forwarded: for=unknown"] {
        assert_eq!(create_via(&server, PROXY, &[bad]).await, 201, "{bad}");
    }
    for bad in ["X-Forwarded-For: 203.0.113.4,", "X-Forwarded-For: 1.2.3.4:x", "Forwarded: for"] {
        assert_eq!(create_via(&server, PROXY, &[bad]).await, 429, "{bad}: the proxy's own two are spent");
    }
    server.stop();
}

#[tokio::test]
async fn an_untrusted_peer_s_forged_header_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, &["127.0.0.1"]);
    for i in 0..2 {
        let forged = format!("X-Forwarded-For: 203.0.113.{i}");
        assert_eq!(create_via(&server, OTHER, &[&forged]).await, 201);
    }
    assert_eq!(create_via(&server, OTHER, &["X-Forwarded-For: 203.0.113.50"]).await, 429);
    assert_eq!(create_via(&server, OTHER, &["Forwarded: for=203.0.113.51"]).await, 429);
    // and with no proxy trusted at all, the same
    let dir = tempfile::tempdir().unwrap();
    let plain = self::server(&dir, &[]);
    for (i, status) in [201, 201, 429].into_iter().enumerate() {
        let forged = format!("X-Forwarded-For: 203.0.113.{i}");
        assert_eq!(create_via(&plain, PROXY, &[&forged]).await, status);
    }
    plain.stop();
    server.stop();
}

#[tokio::test]
async fn ipv6_clients_count_by_their_64_and_ranges_name_proxies() {
    let dir = tempfile::tempdir().unwrap();
    // a range of proxies (127.0.0.8 to .15) and one written as IPv6
    let server = server(&dir, &["127.0.0.8/29", "::ffff:127.0.0.1"]);
    let a = "Forwarded: for=\"[2001:db8:1:2::1]:4711\"";
    let same_64 = "X-Forwarded-For: 2001:db8:1:2:ffff::9";
    let other_64 = "X-Forwarded-For: [2001:db8:1:3::1]";
    assert_eq!(create_via(&server, Ipv4Addr::new(127, 0, 0, 9), &[a]).await, 201);
    assert_eq!(create_via(&server, PROXY, &[same_64]).await, 201);
    assert_eq!(create_via(&server, Ipv4Addr::new(127, 0, 0, 15), &[same_64]).await, 429, "the same /64");
    assert_eq!(create_via(&server, Ipv4Addr::new(127, 0, 0, 8), &[other_64]).await, 201);
    // 127.0.0.16 is outside the range: its header is not believed
    let outside = Ipv4Addr::new(127, 0, 0, 16);
    assert_eq!(create_via(&server, outside, &[other_64]).await, 201);
    assert_eq!(create_via(&server, outside, &[other_64]).await, 201);
    assert_eq!(create_via(&server, outside, &[other_64]).await, 429);
    server.stop();
}

#[tokio::test]
async fn connections_count_per_forwarded_client_not_per_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("conns.sqlite"));
    config.max_connections_per_address = 2;
    config.trusted_proxies = TrustedProxies::parse(&["127.0.0.1"]).unwrap();
    let server = TestServer::start_with(config);
    let (id, _) = create(server.addr, two_humans()).await;
    let ws = |who: &'static str| {
        let addr = server.addr;
        let id = id.clone();
        async move {
            use tokio_tungstenite::tungstenite::client::IntoClientRequest;
            let mut req = format!("ws://{addr}/api/games/{id}/ws").into_client_request().unwrap();
            req.headers_mut().insert("x-forwarded-for", who.parse().unwrap());
            tokio_tungstenite::connect_async(req).await
        }
    };
    // five WebSockets through the proxy: more than its own address may hold
    let ana1 = ws("203.0.113.1").await.expect("Ana's first");
    let ana2 = ws("203.0.113.1").await.expect("Ana's second");
    let refused = ws("203.0.113.1").await.expect_err("Ana holds her two");
    assert!(refused.to_string().contains("429"), "{refused}");
    let bea1 = ws("203.0.113.2").await.expect("Bea's first");
    let bea2 = ws("203.0.113.2").await.expect("Bea's second");
    assert_eq!(server.state.connections_from("203.0.113.1".parse().unwrap()), 2);
    // a socket that ends gives its client's place back
    drop(ana1);
    let mut again = None;
    for _ in 0..100 {
        if let Ok(s) = ws("203.0.113.1").await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "Ana's place came back");
    drop((ana2, bea1, bea2, again));
    server.stop();
}

#[tokio::test]
async fn https_is_believed_only_from_a_trusted_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir, &["127.0.0.1"]);
    let sign_up = |from: Ipv4Addr, name: &'static str| {
        let addr = server.addr;
        async move {
            let body = json!({"name": name, "password": "correct horse"}).to_string();
            let req = format!(
                "POST /api/account HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 203.0.113.7\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            let (status, headers, text) = http_raw(Some(from), addr, &req).await;
            assert_eq!(status, 201, "{text}");
            headers.into_iter().find(|(k, _)| k == "set-cookie").expect("a session cookie").1
        }
    };
    assert!(sign_up(PROXY, "Ana").await.ends_with("; Secure"), "the proxy says https");
    assert!(!sign_up(OTHER, "Bea").await.contains("Secure"), "a client's own word is not believed");
    server.stop();
}
