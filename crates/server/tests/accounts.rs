//! Accounts over real HTTP against a real SQLite file: every route's
//! refusals (bad names for each reason, short and long passwords, a name
//! taken after normalisation, wrong passwords, throttling, another origin,
//! a deleted account's session, signing out), worded in English, Spanish
//! and Czech; seats that follow the account to a second "browser" (its
//! cookie only) and refuse another account's; and no password or session
//! token in the logs, the database file or an answer.

mod common;

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use tash_kalar_server::{Config, RateLimit};

/// An answer: status, headers (names in lower case), body as JSON (`null` if none).
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The session cookie set by this answer: `tk_session=<token>`.
    fn cookie(&self) -> String {
        let set = self.header("set-cookie").unwrap_or_else(|| panic!("a cookie: {:?}", self.headers));
        set.split(';').next().unwrap().to_string()
    }
}

/// One request with a JSON body (if any) and extra headers, from a chosen address.
async fn request(
    from: Option<Ipv4Addr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Answer {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    let (status, headers, text) = http_raw(from, addr, &req).await;
    let body = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
    Answer { status, headers, body }
}

async fn call(addr: SocketAddr, method: &str, path: &str, cookie: Option<&str>, body: Option<Value>) -> Answer {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("Cookie", c)).into_iter().collect();
    request(None, addr, method, path, &headers, body).await
}

async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> Answer {
    call(addr, "POST", "/api/account", None, Some(json!({"name": name, "password": password}))).await
}

async fn sign_in(addr: SocketAddr, name: &str, password: &str) -> Answer {
    call(addr, "POST", "/api/session", None, Some(json!({"name": name, "password": password}))).await
}

/// A signed-up account's cookie.
async fn account(addr: SocketAddr, name: &str) -> String {
    let a = sign_up(addr, name, "a long password").await;
    assert_eq!(a.status, 201, "{}", a.body);
    a.cookie()
}

fn server(name: &str) -> (tempfile::TempDir, TestServer) {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join(name));
    (dir, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_sign_out_and_sign_in_with_a_revocable_cookie() {
    let (_dir, server) = server("accounts.sqlite");
    let addr = server.addr;
    let a = sign_up(addr, "Ana", "correct horse").await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.body, json!({"name": "Ana"}));
    let set = a.header("set-cookie").unwrap().to_string();
    let token = a.cookie().strip_prefix("tk_session=").unwrap().to_string();
    assert_eq!(token.len(), 64);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert!(set.contains("; HttpOnly") && set.contains("; SameSite=Lax") && set.contains("; Path=/"), "{set}");
    assert!(!set.contains("Secure"), "served over http: {set}");

    let cookie = a.cookie();
    let me = call(addr, "GET", "/api/session", Some(&cookie), None).await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["name"], "Ana");
    assert_eq!(me.body["games"], json!([]));
    let guest = call(addr, "GET", "/api/session", None, None).await;
    assert_eq!((guest.status, guest.body["code"].as_str()), (401, Some("sign-in-required")));

    // signing out revokes the row: the same cookie, sent again, is a guest's
    let out = call(addr, "DELETE", "/api/session", Some(&cookie), None).await;
    assert_eq!(out.status, 204);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    let again = call(addr, "GET", "/api/session", Some(&cookie), None).await;
    assert_eq!(again.status, 401);

    // signing in: a wrong password and an unknown name get the same answer
    let wrong = sign_in(addr, "Ana", "correct horsE").await;
    assert_eq!((wrong.status, wrong.body["code"].as_str()), (401, Some("bad-credentials")));
    let unknown = sign_in(addr, "Nobody_Here", "correct horse").await;
    assert_eq!(unknown.status, 401);
    assert_eq!(unknown.body, wrong.body);
    let ok = sign_in(addr, "ＡＮＡ", "correct horse").await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(ok.body["name"], "Ana", "the name as it was created");
    assert_ne!(ok.cookie(), cookie, "a new session");
    assert_eq!(call(addr, "GET", "/api/session", Some(&ok.cookie()), None).await.status, 200);

    // a client's own word that it came over https is not believed (no
    // proxy is trusted here; `tests/proxy.rs` has one that is)
    let claimed = request(
        None,
        addr,
        "POST",
        "/api/session",
        &[("X-Forwarded-Proto", "https")],
        Some(json!({"name": "ana", "password": "correct horse"})),
    )
    .await;
    assert_eq!(claimed.status, 200);
    assert!(!claimed.header("set-cookie").unwrap().contains("Secure"));
    // over https (as the page's origin says), the cookie is Secure
    let origin = format!("https://{addr}");
    let https = request(
        None,
        addr,
        "POST",
        "/api/session",
        &[("Origin", &origin)],
        Some(json!({"name": "ana", "password": "correct horse"})),
    )
    .await;
    assert_eq!(https.status, 200);
    assert!(https.header("set-cookie").unwrap().ends_with("; Secure"));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_names_and_passwords_are_refused_with_their_reason_in_three_languages() {
    let (_dir, server) = server("names.sqlite");
    let addr = server.addr;
    let cases = [
        ("ab", "long enough", "bad-name", "too-short"),
        ("abcdefghijklmnopqrstu", "long enough", "bad-name", "too-long"),
        ("ana bel", "long enough", "bad-name", "characters"),
        ("an\u{202e}a", "long enough", "bad-name", "characters"),
        ("_ana", "long enough", "bad-name", "characters"),
        ("Hard", "long enough", "bad-name", "reserved"),
        ("admin", "long enough", "bad-name", "reserved"),
        ("guest_7", "long enough", "bad-name", "reserved"),
        ("mcts", "long enough", "bad-name", "reserved"),
        // a Cyrillic А before Latin letters
        ("\u{0410}na", "long enough", "bad-name", "mixed-scripts"),
        ("Bea", "1234567", "bad-password", "too-short"),
        ("Bea", &"x".repeat(257), "bad-password", "too-long"),
    ];
    for (name, password, code, reason) in cases {
        let mut messages = Vec::new();
        for lang in ["en", "es", "cs"] {
            let a = request(
                None,
                addr,
                "POST",
                "/api/account",
                &[("Accept-Language", lang)],
                Some(json!({"name": name, "password": password})),
            )
            .await;
            assert_eq!(a.status, 400, "{name:?}: {}", a.body);
            assert_eq!(a.body["code"], code, "{name:?}: {}", a.body);
            assert_eq!(a.body["args"]["reason"], reason, "{name:?}: {}", a.body);
            let m = a.body["message"].as_str().unwrap().to_string();
            assert!(!m.contains('{') && !m.is_empty(), "{lang}: {m}");
            messages.push(m);
        }
        assert!(messages[0] != messages[1] && messages[1] != messages[2], "{messages:?}");
        if reason == "too-short" && code == "bad-name" {
            assert!(messages.iter().all(|m| m.contains('3')), "the bound is said: {messages:?}");
        }
    }
    // nothing was created
    assert_eq!(sign_in(addr, "Bea", "1234567").await.status, 401);

    // a body that is not the request's shape, and a password never echoed back
    let a = call(addr, "POST", "/api/account", None, Some(json!({"name": "Bea", "password": 12345678901_u64}))).await;
    assert_eq!((a.status, a.body["code"].as_str()), (400, Some("bad-request")));
    assert!(!a.body.to_string().contains("12345678901"), "{}", a.body);

    // one name after normalisation and case folding
    assert_eq!(sign_up(addr, "Ana", "a long password").await.status, 201);
    for same in ["ANA", "ＡＮＡ", "ana", " Ana "] {
        let a = sign_up(addr, same, "another password").await;
        assert_eq!((a.status, a.body["code"].as_str()), (409, Some("name-taken")), "{same:?}");
    }
    let es = request(
        None,
        addr,
        "POST",
        "/api/account",
        &[("Accept-Language", "es")],
        Some(json!({"name": "ＡＮＡ", "password": "a long password"})),
    )
    .await;
    assert_eq!(es.body["message"], "este nombre ya está en uso");

    // one name with the letters of another script that look like its own:
    // "Сосо" and "СОСО" in Cyrillic are "Coco", and signing in with them
    // finds the Latin account
    assert_eq!(sign_up(addr, "Coco", "a long password").await.status, 201);
    for look_alike in ["\u{0421}\u{043e}\u{0441}\u{043e}", "\u{0421}\u{041e}\u{0421}\u{041e}"] {
        let a = sign_up(addr, look_alike, "another password").await;
        assert_eq!((a.status, a.body["code"].as_str()), (409, Some("name-taken")), "{look_alike:?}");
    }
    let a = sign_in(addr, "\u{0421}\u{043e}\u{0441}\u{043e}", "a long password").await;
    assert_eq!((a.status, a.body["name"].as_str()), (200, Some("Coco")));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_are_throttled_per_address_and_per_account() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("throttle.sqlite"));
    config.sign_in_limit = Some(RateLimit { burst: 4, every: Duration::from_secs(60) });
    config.sign_in_failures_limit = Some(RateLimit { burst: 2, every: Duration::from_secs(120) });
    let server = TestServer::start_with(config);
    let addr = server.addr;
    assert_eq!(sign_up(addr, "Ana", "a long password").await.status, 201);
    let from = |n: u8| Some(Ipv4Addr::new(127, 0, 0, n));
    let try_from = |n: u8, name: &'static str, password: &'static str| async move {
        request(from(n), addr, "POST", "/api/session", &[], Some(json!({"name": name, "password": password}))).await
    };

    // per account: two failures from two addresses, then the third address waits too
    assert_eq!(try_from(2, "Ana", "wrong one").await.status, 401);
    assert_eq!(try_from(3, "ana", "wrong two").await.status, 401);
    let held = try_from(4, "ANA", "a long password").await;
    assert_eq!((held.status, held.body["code"].as_str()), (429, Some("too-many-sign-ins")), "{}", held.body);
    let secs: u64 = held.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=120).contains(&secs), "{secs}");
    assert_eq!(held.body["args"]["secs"], secs);
    // an unknown name is throttled the same way (its answers say nothing of it)
    assert_eq!(try_from(5, "Nobody", "wrong").await.status, 401);
    assert_eq!(try_from(5, "Nobody", "wrong").await.status, 401);
    assert_eq!(try_from(6, "Nobody", "wrong").await.status, 429);
    // another account is not held
    assert_eq!(sign_up(addr, "Bea", "a long password").await.status, 201);
    assert_eq!(try_from(7, "Bea", "a long password").await.status, 200);

    // per address: every try costs, right or wrong (a burst of 4)
    for _ in 0..4 {
        assert_eq!(try_from(8, "Bea", "a long password").await.status, 200);
    }
    let held = try_from(8, "Bea", "a long password").await;
    assert_eq!(held.status, 429);
    assert!(held.header("retry-after").is_some());
    for lang in ["es", "cs"] {
        let a = request(
            from(8),
            addr,
            "POST",
            "/api/session",
            &[("Accept-Language", lang)],
            Some(json!({"name": "Bea", "password": "a long password"})),
        )
        .await;
        assert_eq!(a.status, 429);
        assert_ne!(a.body["message"], held.body["message"], "{lang}");
        assert!(a.body["message"].as_str().unwrap().contains(&a.body["args"]["secs"].to_string()));
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_in_requests_from_another_origin_are_refused() {
    let (_dir, server) = server("origin.sqlite");
    let addr = server.addr;
    let cookie = account(addr, "Ana").await;
    let evil = ("Origin", "http://evil.example");
    let body = duel_against_a_bot_body();
    for (method, path, body) in [
        ("POST", "/api/games", Some(body.clone())),
        ("DELETE", "/api/session", None),
        ("PUT", "/api/account/password", Some(json!({"old": "a long password", "new": "another password"}))),
        ("DELETE", "/api/account", Some(json!({"password": "a long password"}))),
        ("POST", "/api/account", Some(json!({"name": "Bea", "password": "a long password"}))),
    ] {
        let a = request(None, addr, method, path, &[evil, ("Cookie", &cookie)], body.clone()).await;
        assert_eq!((a.status, a.body["code"].as_str()), (403, Some("cross-origin")), "{method} {path}: {}", a.body);
        for lang in ["es", "cs"] {
            let a = request(
                None,
                addr,
                method,
                path,
                &[evil, ("Cookie", &cookie), ("Accept-Language", lang)],
                body.clone(),
            )
            .await;
            assert_ne!(a.body["message"].as_str(), Some("a signed-in request from another site is refused"));
        }
    }
    // nothing happened: still signed in, same password
    assert_eq!(call(addr, "GET", "/api/session", Some(&cookie), None).await.status, 200);
    assert_eq!(sign_in(addr, "Ana", "a long password").await.status, 200);
    // the server's own origin passes
    let own = format!("http://{addr}");
    let a = request(None, addr, "POST", "/api/games", &[("Origin", &own), ("Cookie", &cookie)], Some(body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changing_the_password_ends_the_other_sessions() {
    let (_dir, server) = server("password.sqlite");
    let addr = server.addr;
    let here = account(addr, "Ana").await;
    let there = sign_in(addr, "Ana", "a long password").await.cookie();
    let change = |cookie: Option<String>, old: &'static str, new: &'static str| async move {
        call(addr, "PUT", "/api/account/password", cookie.as_deref(), Some(json!({"old": old, "new": new}))).await
    };
    let a = change(None, "a long password", "a new password").await;
    assert_eq!((a.status, a.body["code"].as_str()), (401, Some("sign-in-required")));
    let a = change(Some(here.clone()), "not the password", "a new password").await;
    assert_eq!((a.status, a.body["code"].as_str()), (401, Some("bad-credentials")));
    let a = change(Some(here.clone()), "a long password", "short").await;
    assert_eq!((a.status, a.body["code"].as_str()), (400, Some("bad-password")));
    assert_eq!(call(addr, "GET", "/api/session", Some(&there), None).await.status, 200, "nothing changed yet");

    let a = change(Some(here.clone()), "a long password", "a new password").await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(call(addr, "GET", "/api/session", Some(&here), None).await.status, 200, "this browser stays");
    assert_eq!(call(addr, "GET", "/api/session", Some(&there), None).await.status, 401, "the other is signed out");
    assert_eq!(sign_in(addr, "Ana", "a long password").await.status, 401);
    assert_eq!(sign_in(addr, "Ana", "a new password").await.status, 200);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_when_idle_or_too_old_and_the_cookie_says_how_long() {
    use sha2::Digest as _;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("expiry.sqlite");
    let mut config = Config::new(&db);
    config.session_idle = Duration::from_secs(3600);
    config.session_max = Duration::from_secs(24 * 3600);
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let a = sign_up(addr, "Ana", "a long password").await;
    assert!(a.header("set-cookie").unwrap().contains("Max-Age=86400"), "{:?}", a.headers);
    let idle = a.cookie();
    let old = sign_in(addr, "Ana", "a long password").await.cookie();
    let fresh = sign_in(addr, "Ana", "a long password").await.cookie();
    let c = rusqlite::Connection::open(&db).unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let age = |cookie: &str, created_secs: i64, seen_secs: i64| {
        let token = cookie.trim_start_matches("tk_session=");
        let hash = sha2::Sha256::digest(token.as_bytes()).to_vec();
        let n = c
            .execute(
                "UPDATE sessions SET created = ?2, seen = ?3 WHERE token_hash = ?1",
                rusqlite::params![hash, now - created_secs * 1000, now - seen_secs * 1000],
            )
            .unwrap();
        assert_eq!(n, 1);
    };
    // not seen for an hour and a minute; used a minute ago but opened 25 hours ago
    age(&idle, 2 * 3600, 3660);
    age(&old, 25 * 3600, 60);
    age(&fresh, 23 * 3600, 3540);
    let who = |cookie: String| async move { call(addr, "GET", "/api/session", Some(&cookie), None).await };
    assert_eq!(who(idle.clone()).await.status, 401, "idle too long");
    assert_eq!(who(old.clone()).await.status, 401, "too old");
    let a = who(fresh.clone()).await;
    assert_eq!((a.status, a.body["name"].as_str()), (200, Some("Ana")), "within both lifetimes");
    // an expired session is a guest: a signed-in action is refused
    let a = call(addr, "POST", "/api/blocks/Nobody", Some(&idle), None).await;
    assert_eq!((a.status, a.body["code"].as_str()), (401, Some("sign-in-required")), "{}", a.body);
    // the next sign-in deletes the rows of the sessions that are over
    sign_in(addr, "Ana", "a long password").await;
    let rows: i64 = c.query_row("SELECT count(*) FROM sessions", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 2, "the fresh session and the new one");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_account_keeps_its_games_under_no_name_and_its_sessions_end() {
    let (_dir, server) = server("delete.sqlite");
    let addr = server.addr;
    let cookie = account(addr, "Ana").await;
    let other = sign_in(addr, "Ana", "a long password").await.cookie();
    let (id, _) = duel_against_a_bot(addr, &cookie).await;
    let summary = call(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(summary.body["seats"][0]["name"], "Ana", "the seat is named after the account");

    let a = call(addr, "DELETE", "/api/account", None, Some(json!({"password": "a long password"}))).await;
    assert_eq!(a.status, 401);
    let a = call(addr, "DELETE", "/api/account", Some(&cookie), Some(json!({"password": "wrong password"}))).await;
    assert_eq!((a.status, a.body["code"].as_str()), (401, Some("bad-credentials")));
    assert_eq!(call(addr, "GET", "/api/session", Some(&cookie), None).await.status, 200, "nothing changed");

    let a = call(addr, "DELETE", "/api/account", Some(&cookie), Some(json!({"password": "a long password"}))).await;
    assert_eq!(a.status, 204, "{}", a.body);
    for c in [&cookie, &other] {
        let me = call(addr, "GET", "/api/session", Some(c), None).await;
        assert_eq!((me.status, me.body["code"].as_str()), (401, Some("sign-in-required")));
        // and its session cannot act for it
        let a = call(
            addr,
            "PUT",
            "/api/account/password",
            Some(c),
            Some(json!({"old": "a long password", "new": "x long password"})),
        )
        .await;
        assert_eq!(a.status, 401);
    }
    assert_eq!(sign_in(addr, "Ana", "a long password").await.status, 401);
    // the game stays, its seat no longer named
    let summary = call(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(summary.status, 200);
    assert_eq!(summary.body["seats"][0]["name"], Value::Null, "{}", summary.body);
    // the name is free again, for a new account that holds none of the old games
    let fresh = account(addr, "ana").await;
    let me = call(addr, "GET", "/api/session", Some(&fresh), None).await;
    assert_eq!(me.body["games"], json!([]));
    let mut c = Client::connect_with(addr, &id, &[("cookie", &fresh)]).await;
    c.hello(None).await;
    assert_eq!(c.recv().await["seat"], Value::Null);
    server.stop();
}

/// A duel of a human seat against `random`.
fn duel_against_a_bot_body() -> Value {
    json!({"form": "duel", "seats": [{"school": "northern", "player": "human"}, {"school": "southern", "player": "bot", "bot": "random"}]})
}

/// A duel against `random` created with `cookie`: its id and the human
/// seat's token.
async fn duel_against_a_bot(addr: SocketAddr, cookie: &str) -> (String, String) {
    let game = call(addr, "POST", "/api/games", Some(cookie), Some(duel_against_a_bot_body())).await;
    assert_eq!(game.status, 201, "{}", game.body);
    let token = game.body["seats"][0]["token"].as_str().unwrap().to_string();
    (game.body["id"].as_str().unwrap().to_string(), token)
}

/// A game's state as a connection with these cookies (a "browser") gets it after hello.
async fn hello_as(addr: SocketAddr, id: &str, cookie: Option<&str>, token: Option<&str>) -> Arc<Value> {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("cookie", c)).into_iter().collect();
    let mut c = Client::connect_with(addr, id, &headers).await;
    c.hello(token).await;
    c.recv().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_taken_signed_in_follows_the_account_and_refuses_another() {
    let (_dir, server) = server("seats.sqlite");
    let addr = server.addr;
    let ana = account(addr, "Ana").await;
    let bea = account(addr, "Bea").await;

    // created signed in: the one human seat is the account's
    let (id, token) = duel_against_a_bot(addr, &ana).await;
    // a second browser: a new session of the same account, no token
    let second = sign_in(addr, "Ana", "a long password").await.cookie();
    let m = hello_as(addr, &id, Some(&second), None).await;
    assert_eq!((m["type"].as_str(), m["seat"].as_u64()), (Some("state"), Some(0)), "{m}");
    let me = call(addr, "GET", "/api/session", Some(&second), None).await;
    assert_eq!(me.body["games"][0]["id"], id.as_str());
    assert_eq!(me.body["games"][0]["seat"], 0);
    // another account's browser, even with the seat's token: refused like a wrong token
    let m = hello_as(addr, &id, Some(&bea), Some(&token)).await;
    assert_eq!((m["type"].as_str(), m["code"].as_str()), (Some("error"), Some("bad-token")), "{m}");
    let m = hello_as(addr, &id, Some(&bea), None).await;
    assert_eq!(m["seat"], Value::Null, "a spectator");
    // a guest: a spectator without the token; the link still opens the seat
    assert_eq!(hello_as(addr, &id, None, None).await["seat"], Value::Null);
    assert_eq!(hello_as(addr, &id, None, Some(&token)).await["seat"], 0);
    // a signed-out cookie holds nothing
    call(addr, "DELETE", "/api/session", Some(&second), None).await;
    assert_eq!(hello_as(addr, &id, Some(&second), None).await["seat"], Value::Null);

    // joined signed in: the joined seat is the joiner's
    let body = json!({"form": "duel", "seats": [{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]});
    let (status, v) = http_json(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201);
    let open = v["id"].as_str().unwrap().to_string();
    let seat0 = v["seats"][0]["token"].as_str().unwrap().to_string();
    let joined = call(addr, "POST", &format!("/api/games/{open}/join"), Some(&bea), Some(json!({"seat": 1}))).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(hello_as(addr, &open, Some(&bea), None).await["seat"], 1);
    let summary = call(addr, "GET", &format!("/api/games/{open}"), None, None).await;
    assert_eq!(summary.body["seats"][1]["name"], "Bea");

    // opened with its token while signed in: the seat becomes the account's
    assert_eq!(hello_as(addr, &open, None, None).await["seat"], Value::Null);
    assert_eq!(hello_as(addr, &open, Some(&ana), Some(&seat0)).await["seat"], 0);
    assert_eq!(hello_as(addr, &open, Some(&ana), None).await["seat"], 0);
    let me = call(addr, "GET", "/api/session", Some(&ana), None).await;
    let ids: Vec<&str> = me.body["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&open.as_str()) && ids.contains(&id.as_str()), "{ids:?}");

    // and it holds after a restart, from the database
    let db = server.db.clone();
    server.stop();
    let server = TestServer::start(&db);
    assert_eq!(hello_as(server.addr, &open, Some(&ana), None).await["seat"], 0);
    assert_eq!(hello_as(server.addr, &open, Some(&bea), None).await["seat"], 1);
    assert_eq!(hello_as(server.addr, &open, Some(&bea), Some(&seat0)).await["code"], "bad-token");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_account_asks_for_a_rematch_without_the_token() {
    let (_dir, server) = server("rematch.sqlite");
    let addr = server.addr;
    let ana = account(addr, "Ana").await;
    let bea = account(addr, "Bea").await;
    let (id, token) = duel_against_a_bot(addr, &ana).await;
    let mut c = Client::connect_with(addr, &id, &[("cookie", &ana)]).await;
    c.hello(None).await;
    assert_eq!(c.recv().await["seat"], 0);
    c.send(json!({"type": "resign"})).await;
    while !c.over() {
        c.recv().await;
    }
    let path = format!("/api/games/{id}/rematch");
    let guest = call(addr, "POST", &path, None, Some(json!({}))).await;
    assert_eq!((guest.status, guest.body["code"].as_str()), (401, Some("sign-in-required")));
    let other = call(addr, "POST", &path, Some(&bea), Some(json!({}))).await;
    assert_eq!(other.body["code"], "bad-token", "Bea holds no seat: {}", other.body);
    let other = call(addr, "POST", &path, Some(&bea), Some(json!({"token": token}))).await;
    assert_eq!(other.body["code"], "bad-token", "nor may she use Ana's token: {}", other.body);
    let made = call(addr, "POST", &path, Some(&ana), Some(json!({}))).await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!((made.body["seat"].as_u64(), &made.body["token"]), (Some(1), &Value::Null));
    let rematch = made.body["id"].as_str().unwrap().to_string();
    assert_eq!(hello_as(addr, &rematch, Some(&ana), None).await["seat"], 1, "the rematch's seat is the account's");
    // the token still opens it too, and asking again gets the same game
    assert_eq!(hello_as(addr, &rematch, None, Some(&token)).await["seat"], 1);
    let again = call(addr, "POST", &path, Some(&ana), Some(json!({"token": token}))).await;
    assert_eq!(again.body["id"], rematch.as_str());
    server.stop();
}

/// Every log line of the process, at every level.
fn logs() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let make = move || Sink(sink.clone());
        let subscriber = tracing_subscriber::fmt().with_max_level(tracing::Level::TRACE).with_writer(make).finish();
        let _ = tracing::subscriber::set_global_default(subscriber);
        buf
    })
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_password_or_token_in_the_logs_the_database_or_an_answer() {
    let logs = logs();
    let (dir, server) = server("secrets.sqlite");
    let addr = server.addr;
    let password = "Secret-Passphrase-91";
    let new_password = "Other-Passphrase-37";
    let a = sign_up(addr, "Ana", password).await;
    assert_eq!(a.status, 201);
    let first = a.cookie();
    let b = sign_in(addr, "Ana", password).await;
    let second = b.cookie();
    let mut answers = vec![a.body.to_string(), b.body.to_string()];
    answers.push(sign_in(addr, "Ana", "Wrong-Passphrase-55").await.body.to_string());
    answers.push(sign_in(addr, "Unknown", password).await.body.to_string());
    answers.push(sign_up(addr, "Ana", password).await.body.to_string());
    answers.push(sign_up(addr, "x", password).await.body.to_string());
    let body = Some(json!({"old": password, "new": new_password}));
    answers.push(call(addr, "PUT", "/api/account/password", Some(&first), body).await.body.to_string());
    let body = Some(json!({"password": password}));
    answers.push(call(addr, "DELETE", "/api/account", Some(&first), body).await.body.to_string());
    answers.push(call(addr, "GET", "/api/session", Some(&second), None).await.body.to_string());
    let db = server.db.clone();
    server.stop();
    let tokens: Vec<String> =
        [&first, &second].iter().map(|c| c.strip_prefix("tk_session=").unwrap().to_string()).collect();
    let file = std::fs::read(&db).unwrap();
    let wal = std::fs::read(dir.path().join("secrets.sqlite-wal")).unwrap_or_default();
    let logged = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(logged.contains("account created"), "the logs were read: {logged}");
    let secrets = [password, new_password, "Wrong-Passphrase-55", &tokens[0], &tokens[1]];
    for secret in secrets {
        assert!(!logged.contains(secret), "a secret in the logs");
        for bytes in [&file, &wal] {
            assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()), "a secret in the database");
        }
        for a in &answers {
            assert!(!a.contains(secret), "a secret in an answer: {a}");
        }
    }
}
