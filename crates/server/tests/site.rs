//! A game as a site plays it: clocks (stored, resumed after a restart,
//! running out), chat, rematches and private games, against a real server
//! with a real SQLite file and real WebSocket clients.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

async fn create_with(addr: std::net::SocketAddr, body: Value) -> (String, Vec<Option<String>>) {
    let (status, v) = http_json(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    let tokens = v["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().map(String::from)).collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_are_stored_and_resume_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let server = TestServer::start(&db);
    let body = json!({"form": "duel", "seats": two_humans(), "clock": {"kind": "game", "secs": 600, "increment": 5}});
    let (id, tokens) = create_with(server.addr, body).await;
    let mut watcher = Client::join(server.addr, &id, None).await;
    let clock = watcher.state.as_ref().unwrap()["clock"].clone();
    assert_eq!(clock["control"], json!({"kind": "game", "secs": 600, "increment": 5}));
    assert!(clock["running"].is_null(), "no clock runs before every seat is taken: {clock}");
    let b0 = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    assert!(b0.state.as_ref().unwrap()["clock"]["running"].is_null(), "one seat taken, still no clock");
    let b1 = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let clock = b1.state.as_ref().unwrap()["clock"].clone();
    // the clock of the seat to choose runs (in a duel the second player places first)
    let first = clock["running"].as_u64().expect("a clock runs") as usize;
    let mut a = Client::join(server.addr, &id, tokens[first].as_deref()).await;
    assert!(a.choices().is_some(), "the seat whose clock runs is to choose");
    let _ = watcher.try_recv(Duration::from_millis(10)).await;
    b0.close().await;
    b1.close().await;
    assert_eq!(clock["remaining"], json!([600_000, 600_000]));
    assert!(a.state.as_ref().unwrap()["now"].as_i64().unwrap() >= clock["since"].as_i64().unwrap());
    // the first placement passes the turn: the increment is added
    let v = a.version();
    let c = a.choices().unwrap()[0].clone();
    a.choose(v, &c).await;
    let after = a.state_at_least(v + 1).await["clock"].clone();
    let running = after["running"].as_u64().expect("a clock runs") as usize;
    assert_ne!(running, first, "{after}");
    let kept = after["remaining"][first].as_i64().unwrap();
    assert!(kept > 600_000 && kept <= 605_000, "five seconds added: {after}");
    let first = running;
    a.close().await;
    server.stop();

    tokio::time::sleep(Duration::from_millis(300)).await;
    let server = TestServer::start(&db);
    let a = Client::join(server.addr, &id, tokens[first].as_deref()).await;
    let resumed = a.state.as_ref().unwrap()["clock"].clone();
    // the stored clocks come back as they were: the running clock has been
    // charged since `since`, through the restart
    assert_eq!(resumed, after, "the clocks after the restart");
    let now = a.state.as_ref().unwrap()["now"].as_i64().unwrap();
    let left = resumed["remaining"][first].as_i64().unwrap() - (now - resumed["since"].as_i64().unwrap());
    assert!(left < 600_000 - 300, "the time the server was down was charged: {left}");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["clock"]["kind"], "game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_running_out_ends_a_duel_with_the_other_side_winning() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("t.sqlite"));
    let body = json!({"form": "duel", "seats": two_humans(), "clock": {"kind": "move", "secs": 1}});
    let (id, tokens) = create_with(server.addr, body).await;
    let _a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let late = b.state.as_ref().unwrap()["clock"]["running"].as_u64().unwrap();
    let s = until_state(&mut b, "the game over on time", |s| s["over"] == true).await;
    let outcome = &s["view"]["outcome"];
    // a loss on time, not a resignation: the outcome and the result say time
    assert_eq!((&outcome["why"], &outcome["timeout"]), (&json!("time"), &json!(late)), "{outcome}");
    assert!(outcome["resigned"].is_null(), "{outcome}");
    let result = &s["view"]["result"];
    assert_eq!(result["why"], "time", "{result}");
    assert!(result["text"].as_str().unwrap().contains(" ran out of time: "), "{result}");
    assert!(!result["text"].as_str().unwrap().contains("resigned"), "{result}");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["outcome"]["timeout"], late, "the lobby says the game was lost on time");
    assert_eq!(summary["outcome"]["why"], "time");
    let places = if late == 0 { json!([1, 0]) } else { json!([0, 1]) };
    assert_eq!(outcome["places"], places, "the other seat won: {outcome}");
    assert!(s["clock"]["running"].is_null(), "no clock runs once the game is over");
    let last = b.log.last().unwrap().clone();
    assert_eq!(last["kind"], "timeout");
    assert_eq!(last["seat"], late);
    let (status, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    assert!(record.ends_with(&format!("\n{} timeout\n", late + 1)), "{record}");
    // the replay agrees
    let (status, replay) = http_json(server.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.last().unwrap()["entry"]["kind"], "timeout");
    assert_eq!(steps.last().unwrap()["view"]["outcome"]["places"], places);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_out_in_a_game_nobody_has_open() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with({
        let mut c = tash_kalar_server::Config::new(dir.path().join("t.sqlite"));
        c.abandon_after = Duration::from_millis(100);
        c.clock_sweep = Duration::from_millis(200);
        c
    });
    let body = json!({"form": "duel", "seats": two_humans(), "clock": {"kind": "game", "secs": 2, "increment": 0}});
    let (id, tokens) = create_with(server.addr, body).await;
    let a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let started = Instant::now();
    a.close().await;
    b.close().await;
    while server.state.is_live(&id).await {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(started.elapsed() < Duration::from_millis(1500), "the game left memory before the clock ran out");
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, g) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        if g["status"] == "over" {
            assert!(!g["outcome"]["timeout"].is_null(), "{g}");
            break;
        }
        assert!(Instant::now() < deadline, "the game was not flagged: {g}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_running_out_in_a_melee_hands_the_seat_to_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with({
        let mut c = tash_kalar_server::Config::new(dir.path().join("t.sqlite"));
        c.bot_pause = Duration::from_millis(10);
        c
    });
    let seats = json!([
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "bot", "bot": "random"},
        {"school": "highland", "player": "bot", "bot": "random"},
    ]);
    let body = json!({"form": "melee", "seats": seats, "clock": {"kind": "game", "secs": 1, "increment": 0}});
    let (id, tokens) = create_with(server.addr, body).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let s = until_state(&mut a, "the seat taken over", |s| s["players"][0]["player"] == "bot").await;
    assert_eq!(s["players"][0]["bot"], "medium");
    assert!(a.log.iter().any(|e| e["kind"] == "timeout" && e["seat"] == 0), "a timeout entry");
    // the bot plays on: the game moves past the timeout
    let v = a.version();
    let s = a.state_at_least(v + 3).await;
    assert!(s["over"] == false || s["over"] == true);
    // the person's choices are refused now
    let v = a.version();
    a.choose(v, "end").await;
    loop {
        let m = a.recv().await;
        if m["type"] == "error" {
            assert!(m["message"].as_str().unwrap().contains("time ran out"), "{m}");
            break;
        }
    }
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["seats"][0]["player"], "bot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_for_seats_bounded_stored_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut watcher = Client::join(server.addr, &id, None).await;
    watcher.send(json!({"type": "chat", "text": "hello"})).await;
    // a spectator's line goes to the spectators' chat, not the players' (`actor/manners.rs`)
    let line = loop {
        let m = watcher.recv().await;
        if m["type"] == "spectator-chat" {
            break m;
        }
    };
    assert_eq!(line["lines"][0]["text"], "hello");
    // (the players are sent a state with nothing new for them)
    while a.try_recv(Duration::from_millis(300)).await.is_some() {}
    a.send(json!({"type": "chat", "text": "hi", "seat": 1})).await;
    assert_eq!(a.error().await, "you do not hold seat 2");
    a.send(json!({"type": "chat", "text": "x".repeat(501)})).await;
    assert!(a.error().await.contains("at most 500"));
    a.send(json!({"type": "chat", "text": "   "})).await;
    assert!(a.error().await.contains("empty"));
    let markup = "<b>x</b><img src=x onerror=alert(1)>";
    for i in 0..5 {
        let text = if i == 0 { markup.to_string() } else { format!("line {i}") };
        a.send(json!({"type": "chat", "text": text})).await;
        let m = a.recv().await;
        assert_eq!(m["type"], "state", "{m}");
        assert_eq!(m["chat"].as_array().unwrap().len(), 1, "only the new line is sent: {m}");
        assert_eq!(m["chat_from"], i);
    }
    a.send(json!({"type": "chat", "text": "one too many"})).await;
    assert!(a.error().await.contains("too many chat messages"));
    let s = until_state(&mut watcher, "the spectator reads the chat", |s| s["chat_from"] == 4).await;
    assert_eq!(s["chat"][0]["text"], "line 4");
    server.stop();

    let server = TestServer::start(&db);
    let b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let s = b.state.as_ref().unwrap();
    assert_eq!(s["chat_from"], 0);
    let chat = s["chat"].as_array().unwrap();
    assert_eq!(chat.len(), 5);
    assert_eq!(chat[0]["text"], markup, "stored as typed, to be shown as text");
    assert_eq!(chat[0]["seat"], 0);
    assert_eq!(chat[0]["n"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_the_seats_and_offers_the_other_player_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("t.sqlite"));
    let seats = json!([
        {"school": "northern", "player": "human", "name": "Ann"},
        {"school": "southern", "player": "human", "name": "Bob"},
    ]);
    let body = json!({"form": "high-form", "seats": seats, "clock": {"kind": "move", "secs": 3600}, "private": true});
    let (id, tokens) = create_with(server.addr, body).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let path = format!("/api/games/{id}/rematch");
    let (status, v) = http_json(server.addr, "POST", &path, Some(json!({"token": tokens[0]}))).await;
    assert_eq!(status, 409, "not before the end: {v}");
    a.send(json!({"type": "resign"})).await;
    until_state(&mut b, "the game over", |s| s["over"] == true).await;
    let (status, v) = http_json(server.addr, "POST", &path, Some(json!({"token": "nope"}))).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = http_json(server.addr, "POST", &path, Some(json!({"token": tokens[0]}))).await;
    assert_eq!(status, 201, "{v}");
    let new_id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["seat"], 1, "Ann, who started, is second now");
    let ann = v["token"].as_str().unwrap().to_string();
    // Bob is offered his seat over the WebSocket
    let s = until_state(&mut b, "the rematch offered", |s| !s["rematch"].is_null()).await;
    assert_eq!(s["rematch"]["id"], new_id.as_str());
    let bob = s["rematch"]["token"].as_str().unwrap().to_string();
    // asking again gives the same game
    let (status, v) = http_json(server.addr, "POST", &path, Some(json!({"token": tokens[1]}))).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], new_id.as_str());
    assert_eq!(v["seat"], 0);
    assert_eq!(v["token"], bob.as_str());
    let (_, g) = http_json(server.addr, "GET", &format!("/api/games/{new_id}"), None).await;
    assert_eq!(g["form"], "high-form");
    assert_eq!(g["seats"][0]["name"], "Bob");
    assert_eq!(g["seats"][0]["school"], "southern");
    assert_eq!(g["seats"][1]["name"], "Ann");
    assert_eq!(g["clock"], json!({"kind": "move", "secs": 3600}));
    assert_eq!(g["private"], true);
    assert_eq!(g["rematch_of"], id.as_str());
    let bob_seat = Client::join(server.addr, &new_id, Some(&bob)).await;
    assert_eq!(bob_seat.state.as_ref().unwrap()["seat"], 0);
    let ann_seat = Client::join(server.addr, &new_id, Some(&ann)).await;
    assert_eq!(ann_seat.state.as_ref().unwrap()["seat"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_games_are_not_listed() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("t.sqlite"));
    let (hidden, _) = create_with(server.addr, json!({"form": "duel", "seats": two_humans(), "private": true})).await;
    let (shown, _) = create(server.addr, two_humans()).await;
    for q in ["", "?status=playing"] {
        let (_, list) = http_json(server.addr, "GET", &format!("/api/games{q}"), None).await;
        let ids: Vec<&str> = list.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert!(ids.contains(&shown.as_str()));
        assert!(!ids.contains(&hidden.as_str()), "a private game is not listed");
    }
    let (status, g) = http_json(server.addr, "GET", &format!("/api/games/{hidden}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(g["private"], true);
    let c = Client::join(server.addr, &hidden, None).await;
    assert_eq!(c.state.as_ref().unwrap()["type"], "state");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_controls_are_checked_at_creation() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("t.sqlite"));
    for (clock, says) in [
        (json!({"kind": "move", "secs": 0}), "from 1 to"),
        (json!({"kind": "game", "secs": 60, "increment": 99999}), "increment"),
        (json!({"kind": "sometimes"}), "malformed"),
    ] {
        let body = json!({"form": "duel", "seats": two_humans(), "clock": clock});
        let (status, v) = http_json(server.addr, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, 400, "{v}");
        assert!(v["error"].as_str().unwrap().contains(says), "{v}");
    }
}
