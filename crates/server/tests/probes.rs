//! What outside probes found in rematches, chat and the lobby (issue 24,
//! item 7), each shut: a rematch's seats kept for the finished game's
//! players and counted as a creation, its seats reachable after a
//! restart; watching not holding a slot players need; the chat bounded
//! and checked; joins limited per address. (The `Host` check is in
//! `hardening.rs`, with the door's other checks.)

mod common;

use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use tash_kalar_server::{Config, RateLimit};

/// The seat's player resigns over a fresh WebSocket and sees the game end.
async fn resign(addr: std::net::SocketAddr, id: &str, token: &str) {
    let mut c = Client::join(addr, id, Some(token)).await;
    c.send(json!({"type": "resign"})).await;
    until_state(&mut c, "the game over", |s| s["over"] == true).await;
    c.close().await;
}

/// The next error message, past any states.
async fn next_error(c: &mut Client) -> Value {
    loop {
        let m = c.recv().await;
        if m["type"] == "error" {
            return (*m).clone();
        }
    }
}

async fn rematch(addr: std::net::SocketAddr, id: &str, token: &str) -> (u16, Value) {
    http_json(addr, "POST", &format!("/api/games/{id}/rematch"), Some(json!({"token": token}))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_seat_is_kept_for_its_player_not_offered_to_strangers() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("t.sqlite"));
    let addr = server.addr;
    // Ann keeps seat 0; Bob joins the open seat 1 from the lobby
    let (id, tokens) = create(
        addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]),
    )
    .await;
    let ann = tokens[0].clone().unwrap();
    let (status, v) = http_json(addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 1}))).await;
    assert_eq!(status, 200, "{v}");
    let bob = v["token"].as_str().unwrap().to_string();
    resign(addr, &id, &ann).await;
    let (status, v) = rematch(addr, &id, &ann).await;
    assert_eq!(status, 201, "{v}");
    let new_id = v["id"].as_str().unwrap().to_string();
    // not listed as open, every seat reserved
    let (_, open) = http_json(addr, "GET", "/api/games?status=open", None).await;
    assert!(open.as_array().unwrap().iter().all(|g| g["id"] != new_id.as_str()), "{open}");
    let (_, g) = http_json(addr, "GET", &format!("/api/games/{new_id}"), None).await;
    assert_eq!(g["status"], "playing", "{g}");
    assert!(g["seats"].as_array().unwrap().iter().all(|s| s["open"] == false), "{g}");
    // a stranger's join is refused for both seats, and changes nothing
    for seat in [0, 1] {
        let (status, v) =
            http_json(addr, "POST", &format!("/api/games/{new_id}/join"), Some(json!({"seat": seat}))).await;
        assert_eq!(status, 403, "seat {seat}: {v}");
        assert_eq!(v["code"], "seat-reserved", "{v}");
    }
    // Bob's own token holds his seat (seat 0 now: the seats turned)
    let (status, v) = rematch(addr, &id, &bob).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!((v["id"].as_str(), v["seat"].as_u64()), (Some(new_id.as_str()), Some(0)), "{v}");
    let b = Client::join(addr, &new_id, v["token"].as_str()).await;
    assert_eq!(b.state.as_ref().unwrap()["seat"], 0);
    let a = Client::join(addr, &new_id, Some(&ann)).await;
    assert_eq!(a.state.as_ref().unwrap()["seat"], 1);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_a_creation_counted_against_the_address() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("t.sqlite"));
    config.create_limit = Some(RateLimit { burst: 3, every: Duration::from_secs(3600) });
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let (mut id, tokens) = create(addr, two_humans()).await;
    let ann = tokens[0].clone().unwrap();
    // two rematches in a row take the allowance's two other games
    for _ in 0..2 {
        resign(addr, &id, &ann).await;
        let (status, v) = rematch(addr, &id, &ann).await;
        assert_eq!(status, 201, "{v}");
        id = v["id"].as_str().unwrap().to_string();
    }
    resign(addr, &id, &ann).await;
    for _ in 0..2 {
        // refused again (not left "in progress"), and nothing made
        let (status, v) = rematch(addr, &id, &ann).await;
        assert_eq!(status, 429, "{v}");
        assert_eq!(v["code"], "too-many-games", "{v}");
    }
    let (_, games) = http_json(addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 3, "{games}");
    let (status, v) = http_json(addr, "POST", "/api/games", Some(json!({"form": "duel", "seats": two_humans()}))).await;
    assert_eq!(status, 429, "the same allowance: {v}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_seat_is_reached_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let (ann, bob) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    resign(server.addr, &id, &ann).await;
    let (status, v) = rematch(server.addr, &id, &ann).await;
    assert_eq!(status, 201, "{v}");
    let new_id = v["id"].as_str().unwrap().to_string();
    server.stop();

    // Bob was not there; after a restart he still gets his seat, by
    // asking or by opening the finished game
    let server = TestServer::start(&db);
    let (status, v) = rematch(server.addr, &id, &bob).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], new_id.as_str());
    let token = v["token"].as_str().expect("a token, not null").to_string();
    let b = Client::join(server.addr, &new_id, Some(&token)).await;
    assert_eq!(b.state.as_ref().unwrap()["seat"], 0);
    let old = Client::join(server.addr, &id, Some(&bob)).await;
    let s = old.state.as_ref().unwrap();
    assert_eq!(s["rematch"]["id"], new_id.as_str(), "{s}");
    assert_eq!(s["rematch"]["token"], token.as_str(), "{s}");
    // a spectator of the finished game is told of the rematch, with no token
    let watcher = Client::join(server.addr, &id, None).await;
    let s = watcher.state.as_ref().unwrap();
    assert_eq!(s["rematch"]["id"], new_id.as_str(), "{s}");
    assert!(s["rematch"]["token"].is_null(), "{s}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joining_seats_is_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("t.sqlite"));
    config.join_limit = Some(RateLimit { burst: 3, every: Duration::from_secs(3600) });
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let mut ids = Vec::new();
    for _ in 0..5 {
        let seats =
            json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]);
        ids.push(create(addr, seats).await.0);
    }
    let join = |id: &str| format!("/api/games/{id}/join");
    for id in &ids[..3] {
        let (status, v) = http_json(addr, "POST", &join(id), Some(json!({"seat": 1}))).await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, headers, body) = http_from(None, addr, "POST", &join(&ids[3]), Some(r#"{"seat":1}"#)).await;
    assert_eq!(status, 429, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["code"], "too-many-joins", "{v}");
    assert!(v["args"]["secs"].as_u64().unwrap() > 3000, "{v}");
    assert!(headers.iter().any(|(k, _)| k == "retry-after"), "{headers:?}");
    // the seat is still open, and another address takes it
    let (_, open) = http_json(addr, "GET", "/api/games?status=open", None).await;
    assert_eq!(open.as_array().unwrap().len(), 2, "{open}");
    let other = Some(std::net::Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, body) = http_from(other, addr, "POST", &join(&ids[3]), Some(r#"{"seat":1}"#)).await;
    assert_eq!(status, 200, "{body}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_refuses_invisible_and_turned_lines_and_is_bounded_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("t.sqlite"));
    config.chat_max_lines = 7;
    let server = TestServer::start_with(config);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    for (text, why) in [
        ("\u{7}\u{1b}\u{7f}", "invisible"),
        ("\u{200b}\u{200d}\u{feff}\u{2060}", "invisible"),
        ("\u{3164}\u{2800}", "invisible"),
        ("pay \u{202e}0001$", "direction"),
        ("\u{2067}abc\u{2069}", "direction"),
    ] {
        a.send(json!({"type": "chat", "text": text})).await;
        let m = next_error(&mut a).await;
        assert_eq!((m["type"].as_str(), m["code"].as_str()), (Some("error"), Some("bad-chat")), "{text:?}: {m}");
        assert!(m["error"].as_str().unwrap().contains(why), "{text:?}: {m}");
    }
    // right to left text itself is fine; seven lines fill the chat
    for i in 0..7 {
        let c = if i % 2 == 0 { &mut a } else { &mut b };
        c.send(json!({"type": "chat", "text": format!("שלום {i}")})).await;
        until_state(c, "the line", |s| s["chat"].as_array().unwrap().iter().any(|l| l["n"] == i + 1)).await;
    }
    b.send(json!({"type": "chat", "text": "one more"})).await;
    let m = next_error(&mut b).await;
    assert_eq!((m["code"].as_str(), &m["args"]), (Some("chat-full"), &json!({"lines": 7})), "{m}");
    let (_, page) = http_json(server.addr, "GET", &format!("/api/games/{id}/chat"), None).await;
    let texts: Vec<&str> = page["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 7, "only the lines taken were stored: {page}");
    assert_eq!(texts[0], "שלום 0");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_carries_the_recent_chat_and_the_rest_is_paged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    server.stop();
    // a long chat, written straight into the file
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        for n in 1..=120u32 {
            c.execute(
                "INSERT INTO chat (game_id, n, seat, text, at) VALUES (?1, ?2, ?3, ?4, 0)",
                rusqlite::params![id, n, n % 2, format!("line {n}")],
            )
            .unwrap();
        }
    }
    let server = TestServer::start(&db);
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let s = a.state.clone().unwrap();
    assert_eq!(s["chat_from"], 70, "the last 50 lines");
    let chat = s["chat"].as_array().unwrap();
    assert_eq!((chat.len(), &chat[0]["n"], &chat[49]["n"]), (50, &json!(71), &json!(120)));
    // a new line comes as a delta after them, and the client holds the recent lines and it
    a.send(json!({"type": "chat", "text": "new"})).await;
    let s =
        until_state(&mut a, "the new line", |s| s["chat"].as_array().unwrap().iter().any(|l| l["text"] == "new")).await;
    assert_eq!(s["chat_from"], 120, "{s}");
    let held = a.whole["chat"].as_array().unwrap();
    assert_eq!((held.len(), &held[0]["n"], &held[50]["n"]), (51, &json!(71), &json!(121)));
    // the older lines, page by page, from the database
    let page = |q: &str| {
        let (addr, path) = (server.addr, format!("/api/games/{id}/chat{q}"));
        async move { http_json(addr, "GET", &path, None).await }
    };
    let (status, p) = page("?before=71&limit=60").await;
    assert_eq!(status, 200, "{p}");
    let lines = p["chat"].as_array().unwrap();
    assert_eq!((lines.len(), &lines[0]["n"], &lines[59]["n"], &p["more"]), (60, &json!(11), &json!(70), &json!(true)));
    let (_, p) = page("?before=11").await;
    assert_eq!((p["chat"].as_array().unwrap().len(), &p["more"]), (10, &json!(false)));
    let (_, p) = page("?limit=1000").await;
    assert_eq!(p["chat"].as_array().unwrap().len(), 100, "a page holds at most 100 lines");
    let (status, p) = page("?before=x").await;
    assert_eq!((status, p["code"].as_str()), (400, Some("bad-request")), "{p}");
    let (status, _) = http_json(server.addr, "GET", "/api/games/nope/chat", None).await;
    assert_eq!(status, 404);
    server.stop();
}

/// Spectator sockets once pinned every live game, and every creation got
/// `503`: now a game only watched gives its place to players, but never
/// to another spectator.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_does_not_hold_a_live_game_players_need() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("t.sqlite"));
    config.max_live_games = 3;
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let (g1, _) = create(addr, two_humans()).await;
    let (g2, _) = create(addr, two_humans()).await;
    let (g3, t3) = create(addr, two_humans()).await;
    let _player3 = Client::join(addr, &g3, t3[0].as_deref()).await;
    // four addresses watch the other two
    let mut watchers = Vec::new();
    for i in 2..6 {
        for id in [&g1, &g2] {
            let mut w = Client::connect_from(std::net::Ipv4Addr::new(127, 0, 0, i), addr, id).await;
            w.hello(None).await;
            assert_eq!(w.recv().await["type"], "state");
            watchers.push(w);
        }
    }
    assert_eq!(server.state.live_games().await, 3);
    // every live game has a connection, yet a player creates a game and plays it
    let (status, v) = http_json(addr, "POST", "/api/games", Some(json!({"form": "duel", "seats": two_humans()}))).await;
    assert_eq!(status, 201, "{v}");
    let g4 = v["id"].as_str().unwrap().to_string();
    let player4 = Client::join(addr, &g4, v["seats"][0]["token"].as_str()).await;
    assert_eq!(player4.state.as_ref().unwrap()["seat"], 0);
    assert!(server.state.is_live(&g3).await, "a game a seat plays is never unloaded for another");
    assert!(server.state.is_live(&g4).await);
    assert!(server.state.live_games().await <= 3);
    // a spectator may not unload a watched game to come in
    let mut unloaded = Vec::new();
    for id in [&g1, &g2] {
        if !server.state.is_live(id).await {
            unloaded.push(id.clone());
        }
    }
    assert!(!unloaded.is_empty(), "a watched game made room");
    let mut late = Client::connect(addr, &unloaded[0]).await;
    late.hello(None).await;
    let m = next_error(&mut late).await;
    assert_eq!(m["code"], "server-full", "{m}");
    assert!(server.state.is_live(&g3).await && server.state.is_live(&g4).await);
    server.stop();
}
