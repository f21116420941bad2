//! Games that always end (`actor/endings.rs`): claims against a seat away
//! on its turn, aborts, leaving a melee, the move deadline of a game
//! without a clock, and the lobby's games in play; against a real server
//! with a real SQLite file and real WebSocket clients.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};
use tash_kalar_server::Config;

fn config(dir: &tempfile::TempDir, f: impl FnOnce(&mut Config)) -> Config {
    let mut c = Config::new(dir.path().join("t.sqlite"));
    f(&mut c);
    c
}

/// The next message that is an error: its code.
async fn error_code(c: &mut Client) -> String {
    loop {
        let m = c.recv().await;
        if m["type"] == "error" {
            assert!(m["message"].as_str().is_some_and(|t| !t.is_empty()), "{m}");
            return m["code"].as_str().unwrap().to_string();
        }
    }
}

/// A duel of two people, both connected: (game id, the clients by seat,
/// the seat to choose first).
async fn duel(addr: std::net::SocketAddr) -> (String, Vec<Client>, usize) {
    let (id, tokens) = create(addr, two_humans()).await;
    let a = Client::join(addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(addr, &id, tokens[1].as_deref()).await;
    let s = until_state(&mut b, "a seat to choose", |s| s["view"]["actor"]["kind"] == "seat").await;
    let mover = s["view"]["actor"]["seat"].as_u64().unwrap() as usize;
    (id, vec![a, b], mover)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_win_is_claimed_against_a_seat_away_on_its_turn_only_after_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    // (3 s: long enough that a loaded machine's early claim still comes early)
    let server = TestServer::start_with(config(&dir, |c| c.claim_after = Duration::from_secs(3)));
    let (id, mut clients, mover) = duel(server.addr).await;
    let other = 1 - mover;
    assert_eq!(clients[other].view()["can"]["claim"], false);
    // the seat to choose is connected: nothing to claim
    clients[other].send(json!({"type": "claim", "kind": "win"})).await;
    assert_eq!(error_code(&mut clients[other]).await, "nothing-to-claim");
    // it goes away: too early, and the game is unchanged
    let gone = Instant::now();
    let away = clients.remove(mover);
    away.close().await;
    let c = &mut clients[0];
    until_state(c, "the mover shown offline", |s| s["players"][mover]["online"] == false).await;
    c.send(json!({"type": "claim", "kind": "win"})).await;
    assert_eq!(error_code(c).await, "claim-too-early");
    assert!(!c.over());
    // the state says when a claim is allowed: the page shows a button then
    let s = until_state(c, "may claim", |s| s["view"]["can"]["claim"] == true).await;
    assert!(gone.elapsed() >= Duration::from_millis(2900), "told too soon: {:?}", gone.elapsed());
    assert_eq!(s["view"]["can"]["abort"], true, "both have still to play a turn");
    c.send(json!({"type": "claim", "kind": "win"})).await;
    let s = until_state(c, "the game over", |s| s["over"] == true).await;
    let outcome = &s["view"]["outcome"];
    assert_eq!((&outcome["why"], &outcome["abandoned"]), (&json!("abandoned"), &json!(mover)), "{outcome}");
    let places = if mover == 0 { json!([1, 0]) } else { json!([0, 1]) };
    assert_eq!(outcome["places"], places);
    assert!(s["view"]["result"]["text"].as_str().unwrap().contains("left the game"), "{}", s["view"]["result"]);
    assert_eq!(c.log.last().unwrap()["kind"], "abandoned");
    let (_, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.ends_with(&format!("\n{} abandoned\n", mover + 1)), "{record}");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!((&summary["status"], &summary["outcome"]["why"]), (&json!("over"), &json!("abandoned")));
    // the game stored replays to the same end after a restart
    server.stop();
    let server = TestServer::start_with(config(&dir, |_| {}));
    let w = Client::join(server.addr, &id, None).await;
    assert_eq!(w.view()["outcome"]["why"], "abandoned");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_claimed_in_spanish_too() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |c| c.claim_after = Duration::from_millis(200)));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let a = Client::join_in(server.addr, &id, tokens[0].as_deref(), "es").await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let s = until_state(&mut b, "a seat to choose", |s| s["view"]["actor"]["kind"] == "seat").await;
    let mover = s["view"]["actor"]["seat"].as_u64().unwrap() as usize;
    let (mut stays, away) = if mover == 0 { (b, a) } else { (a, b) };
    away.close().await;
    stays.send(json!({"type": "claim", "kind": "draw", "seat": mover})).await;
    assert_eq!(error_code(&mut stays).await, "not-your-seat", "a claim for another seat");
    until_state(&mut stays, "may claim", |s| s["view"]["can"]["claim"] == true).await;
    stays.send(json!({"type": "claim", "kind": "draw"})).await;
    let s = until_state(&mut stays, "drawn", |s| s["over"] == true).await;
    assert_eq!(s["view"]["outcome"]["why"], "drawn");
    assert_eq!(s["view"]["outcome"]["places"], json!([0, 0]));
    if mover == 1 {
        // seat 0 reads Spanish
        assert!(s["view"]["result"]["text"].as_str().unwrap().contains("empate reclamado"), "{}", s["view"]["result"]);
    }
    let (_, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.ends_with(&format!("\n{} claim-draw\n", 2 - mover)), "{record}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abort_ends_with_no_result_and_only_before_every_first_turn() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |_| {}));
    // aborted at once: no places, "why": "aborted" (what ratings read)
    let (id, mut clients, mover) = duel(server.addr).await;
    assert_eq!(clients[mover].view()["can"]["abort"], true);
    clients[1 - mover].send(json!({"type": "abort"})).await;
    let s = until_state(&mut clients[mover], "aborted", |s| s["over"] == true).await;
    assert_eq!(s["view"]["outcome"], json!({"places": [], "why": "aborted"}));
    assert_eq!(s["view"]["result"]["text"], "The game was aborted: no result");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["status"], "over");
    assert_eq!(summary["outcome"], json!({"places": [], "why": "aborted"}), "the stored outcome has no places");
    let (_, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.ends_with(&format!("\n{} abort\n", 2 - mover)), "{record}");

    // once both seats have played a turn: refused, typed, nothing changed
    let (_, mut clients, _) = duel(server.addr).await;
    loop {
        let s = clients[1].state.clone().unwrap();
        if s["view"]["turn"]["number"].as_u64().unwrap() >= 3 {
            break;
        }
        let seat = s["view"]["actor"]["seat"].as_u64().unwrap() as usize;
        let c = &mut clients[seat];
        let v = s["version"].as_u64().unwrap();
        c.state_at_least(v).await;
        let choice = c.choices().unwrap()[0].clone();
        c.choose(v, &choice).await;
        clients[1].state_at_least(v + 1).await;
        clients[0].state_at_least(v + 1).await;
    }
    let c = &mut clients[0];
    assert_eq!(c.view()["can"]["abort"], false);
    let v = c.version();
    c.send(json!({"type": "abort"})).await;
    assert_eq!(error_code(c).await, "too-late-to-abort");
    assert!(!c.over());
    assert_eq!(c.version(), v);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_melee_player_leaves_to_a_bot_and_a_duel_player_may_not() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |c| c.bot_pause = Duration::from_millis(10)));
    let seats = json!([
        {"school": "northern", "player": "human", "name": "Ana"},
        {"school": "southern", "player": "bot", "bot": "random"},
        {"school": "highland", "player": "bot", "bot": "random"},
    ]);
    let (status, v) =
        http_json(server.addr, "POST", "/api/games", Some(json!({"form": "melee", "seats": seats}))).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["seats"][0]["token"].as_str().unwrap().to_string();
    let mut a = Client::join(server.addr, &id, Some(&token)).await;
    assert_eq!(a.view()["can"]["leave"], true);
    a.send(json!({"type": "leave"})).await;
    let s = until_state(&mut a, "the seat a bot's", |s| s["players"][0]["player"] == "bot").await;
    assert_eq!(s["players"][0]["bot"], "medium");
    assert_eq!(s["view"]["can"]["leave"], false);
    // the model says who left and who plays the seat now
    assert_eq!(a.view()["left"], json!([{"seat": 0, "text": "Ana left; medium plays the seat"}]));
    assert!(a.log.iter().any(|e| e["kind"] == "leave" && e["seat"] == 0), "a leave entry");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["seats"][0]["player"], "bot");
    // the bots play on
    let v = a.version();
    a.state_at_least(v + 2).await;

    let (_, mut clients, _) = duel(server.addr).await;
    assert_eq!(clients[0].view()["can"]["leave"], false);
    clients[0].send(json!({"type": "leave"})).await;
    assert_eq!(error_code(&mut clients[0]).await, "cannot-leave");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_melee_seat_that_left_ranks_last_and_a_restart_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |c| c.bot_pause = Duration::from_millis(0)));
    let seats = json!([
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "bot", "bot": "random"},
        {"school": "highland", "player": "bot", "bot": "random"},
    ]);
    let (id, tokens) = create_form(server.addr, "melee", seats).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    a.send(json!({"type": "leave"})).await;
    until_state(&mut a, "the seat a bot's", |s| s["players"][0]["player"] == "bot").await;
    // the bots play it out (random bots: a few hundred choices)
    let deadline = Instant::now() + Duration::from_secs(300);
    while !a.over() {
        assert!(Instant::now() < deadline, "the melee ends");
        a.try_recv(Duration::from_millis(200)).await;
    }
    let places = a.view()["outcome"]["places"].clone();
    assert_eq!(places[0], 2, "the seat that left is last: {places}");
    assert!(places[1].as_u64().unwrap() < 2 && places[2].as_u64().unwrap() < 2, "{places}");
    let (_, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(record.contains("\n1 leave\n"), "{record}");
    tash_kalar_rules::replay_text(&record).unwrap();
    // the game stored replays to the same ranking after a restart
    server.stop();
    let server = TestServer::start_with(config(&dir, |_| {}));
    let w = Client::join(server.addr, &id, None).await;
    assert_eq!(w.view()["outcome"]["places"], places);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_melee_seat_away_on_its_turn_is_claimed_to_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |c| c.claim_after = Duration::from_millis(200)));
    let seats = json!([
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "human"},
        {"school": "highland", "player": "human"},
    ]);
    let (id, tokens) = create_form(server.addr, "melee", seats).await;
    let mut clients = Vec::new();
    for t in &tokens {
        clients.push(Client::join(server.addr, &id, t.as_deref()).await);
    }
    let s = until_state(&mut clients[2], "a seat to choose", |s| s["view"]["actor"]["kind"] == "seat").await;
    let mover = s["view"]["actor"]["seat"].as_u64().unwrap() as usize;
    let away = clients.remove(mover);
    away.close().await;
    let c = &mut clients[0];
    until_state(c, "may claim", |s| s["view"]["can"]["claim"] == true).await;
    c.send(json!({"type": "claim", "kind": "win"})).await;
    let s = until_state(c, "the seat a bot's", |s| s["players"][mover]["player"] == "bot").await;
    assert_eq!(s["over"], false, "the melee goes on");
    assert!(c.log.iter().any(|e| e["kind"] == "abandoned" && e["seat"] == mover), "an abandoned entry");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_move_deadline_settles_a_game_without_a_clock_even_unloaded() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, |c| {
        c.move_deadline = Duration::from_millis(1500);
        c.abandon_after = Duration::from_millis(100);
        c.clock_sweep = Duration::from_millis(200);
    }));
    let (id, mut clients, mover) = duel(server.addr).await;
    // the deadline is shown like a clock for each move
    let s = until_state(&mut clients[0], "the clock running", |s| !s["clock"]["running"].is_null()).await;
    let clock = s["clock"].clone();
    assert_eq!(
        (&clock["control"]["kind"], &clock["deadline"], &clock["running"]),
        (&json!("none"), &json!(1), &json!(mover)),
        "{clock}"
    );
    // nobody stays: the game leaves memory, and the sweep settles it
    for c in clients.drain(..) {
        c.close().await;
    }
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, g) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        if g["status"] == "over" {
            assert_eq!((&g["outcome"]["why"], &g["outcome"]["timeout"]), (&json!("time"), &json!(mover)), "{g}");
            break;
        }
        assert!(Instant::now() < deadline, "the game was not settled: {g}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_in_play_only_games_touched_within_the_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let quiet = |c: &mut Config| {
        c.move_deadline = Duration::from_millis(600);
        c.abandon_after = Duration::from_millis(100);
        // (the sweep's first look is at the start, the next after an hour)
        c.clock_sweep = Duration::from_secs(3600);
    };
    let server = TestServer::start_with(config(&dir, quiet));
    // a game waiting for the seat reserved for an invited friend
    let (id, tokens) = create(server.addr, two_humans()).await;
    let a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let in_play = |list: &Value| list.as_array().unwrap().iter().any(|g| g["id"] == id);
    let (_, list) = http_json(server.addr, "GET", "/api/games?status=playing", None).await;
    assert!(in_play(&list), "in play while someone is there: {list}");
    a.close().await;
    while server.state.is_live(&id).await {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // nobody touches it for its deadline: no longer listed as in play
    tokio::time::sleep(Duration::from_millis(700)).await;
    let (_, list) = http_json(server.addr, "GET", "/api/games?status=playing", None).await;
    assert!(!in_play(&list), "a stale game listed: {list}");
    let (_, all) = http_json(server.addr, "GET", "/api/games", None).await;
    assert!(!in_play(&all), "a stale game listed: {all}");
    server.stop();
    // the sweep (here, the start's) settles it: nobody had played, so aborted
    let server = TestServer::start_with(config(&dir, quiet));
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, g) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        if g["status"] == "over" {
            assert_eq!(g["outcome"], json!({"places": [], "why": "aborted"}), "{g}");
            break;
        }
        assert!(Instant::now() < deadline, "the stale game was not settled: {g}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
