//! What keeps the server's memory and database in bounds: games nobody is
//! connected to leave memory and come back as they were, the cap on live
//! games, and the limit on creating games per address.

mod common;

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tash_kalar_server::{Config, RateLimit};

/// Waits until `f` holds, failing after `WAIT`.
async fn until<F: std::future::Future<Output = bool>>(what: &str, mut f: impl FnMut() -> F) {
    let deadline = Instant::now() + WAIT;
    while !f().await {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn summary(server: &TestServer, id: &str) -> Value {
    let (status, v) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200, "{v}");
    v
}

/// Plays `moves` random legal choices (some of them take-backs) between
/// two seats.
async fn play_some(players: &mut [Client], watchers: &mut [Client], rng: &mut ChaCha8Rng, moves: usize) {
    for _ in 0..moves {
        let latest = players.iter().map(|c| c.version()).max().unwrap();
        for c in players.iter_mut().chain(watchers.iter_mut()) {
            c.state_at_least(latest).await;
        }
        if players[0].over() {
            return;
        }
        let p = players.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
        let p = &mut players[p];
        let v = p.version();
        if p.state.as_ref().unwrap()["view"]["can"]["undo"] == true && rng.gen_bool(0.2) {
            p.send(json!({"type": "undo", "version": v})).await;
        } else {
            let choices = p.choices().unwrap();
            let c = choices[rng.gen_range(0..choices.len())].clone();
            p.choose(v, &c).await;
        }
        p.state_at_least(v + 1).await;
    }
    let latest = players.iter().map(|c| c.version()).max().unwrap();
    for c in players.iter_mut().chain(watchers.iter_mut()) {
        c.state_at_least(latest).await;
    }
}

#[tokio::test]
async fn an_abandoned_game_leaves_memory_and_comes_back_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("abandoned.sqlite"));
    config.abandon_after = Duration::from_millis(150);
    let server = TestServer::start_with(config);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut players = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut watchers = vec![Client::join(server.addr, &id, None).await];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    play_some(&mut players, &mut watchers, &mut rng, 40).await;
    assert!(!players[0].over());
    // stop in the middle of a turn, with a choice to take back
    let (p, place) = loop {
        let p = players.iter().position(|c| c.choices().is_some()).unwrap();
        if let Some(place) = players[p].choices().unwrap().into_iter().find(|c| c.starts_with("place ")) {
            break (p, place);
        }
        play_some(&mut players, &mut watchers, &mut rng, 1).await;
    };
    let v = players[p].version();
    let turn_so_far = players[p].state.clone().unwrap();
    players[p].choose(v, &place).await;
    assert_eq!(players[p].state_at_least(v + 1).await["view"]["can"]["undo"], true);
    play_some(&mut players, &mut watchers, &mut rng, 0).await;
    // while someone is connected the game stays, however long
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(server.state.is_live(&id).await, "a watched game stays in memory");

    let before: Vec<Arc<Value>> = players.iter().chain(&watchers).map(|c| c.state.clone().unwrap()).collect();
    let logs: Vec<Vec<Value>> = players.iter().chain(&watchers).map(|c| c.log.clone()).collect();
    for c in players.drain(..).chain(watchers.drain(..)) {
        c.close().await;
    }
    until("the abandoned game is unloaded", || async { !server.state.is_live(&id).await }).await;
    assert_eq!(server.state.live_games().await, 0);
    let s = summary(&server, &id).await;
    assert_eq!(s["status"], "playing");
    assert_eq!(s["version"], before[0]["version"]);

    // opening it again replays its log: the same state, log and take-back
    let mut players = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut watchers = vec![Client::join(server.addr, &id, None).await];
    assert!(server.state.is_live(&id).await);
    for (i, c) in players.iter().chain(&watchers).enumerate() {
        let now = c.state.as_ref().unwrap();
        assert_eq!(now["version"], before[i]["version"], "no entry lost or added");
        assert_eq!(now["seat"], before[i]["seat"]);
        assert_eq!(now["view"], before[i]["view"], "the same view after the reload");
        assert_eq!(now["view"]["can"]["undo"], before[i]["view"]["can"]["undo"], "the same take-back");
        assert_eq!(c.log, logs[i], "the same log after the reload");
    }
    // the take-back still works, and the game plays on
    let v = players[p].version();
    players[p].send(json!({"type": "undo", "version": v})).await;
    let undone = players[p].state_at_least(v + 1).await;
    assert_eq!(players[p].log.last().unwrap()["undoes"], v);
    assert_eq!(undone["view"], turn_so_far["view"], "the take-back restores the turn as it was before the place");
    assert_eq!(undone["view"]["can"]["undo"], turn_so_far["view"]["can"]["undo"]);
    play_some(&mut players, &mut watchers, &mut rng, 10).await;
    assert!(players[0].version() > v + 1);
}

#[tokio::test]
async fn a_bot_resumes_its_turn_when_its_abandoned_game_is_opened_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("bot-resumes.sqlite"));
    config.abandon_after = Duration::from_millis(100);
    // the bot waits long enough for the game to be unloaded in its pause
    config.bot_pause = Duration::from_millis(2500);
    let server = TestServer::start_with(config);
    let (id, tokens) = create(
        server.addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "bot", "bot": "greedy"}]),
    )
    .await;
    let mut me = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    // the bot puts the start pieces down; then my first turn: place, end
    while me.choices().is_none() {
        me.recv().await;
    }
    while let Some(choices) = me.choices() {
        let v = me.version();
        let c = choices.iter().find(|c| c.starts_with("place ")).or(choices.iter().find(|c| *c == "end")).unwrap();
        me.choose(v, &c.clone()).await;
        me.state_at_least(v + 1).await;
    }
    let before = me.state.clone().unwrap();
    let log = me.log.clone();
    assert_eq!(before["view"]["actor"], json!({"kind": "seat", "seat": 1}), "the bot is to play");
    me.close().await;
    until("the abandoned game is unloaded", || async { !server.state.is_live(&id).await }).await;
    // unloaded in the bot's pause: the bot does not play while unloaded
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert!(!server.state.is_live(&id).await);
    assert_eq!(summary(&server, &id).await["version"], before["version"], "nothing was played while unloaded");

    // opened again, it is as it was, and the bot plays its turn
    let mut me = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    assert_eq!(me.state.as_ref().unwrap()["version"], before["version"]);
    assert_eq!(me.view(), &before["view"]);
    assert_eq!(me.log, log);
    while me.choices().is_none() {
        let m = me.recv().await;
        assert_eq!(m["type"], "state", "{m}");
    }
    let v0 = before["version"].as_u64().unwrap() as usize;
    assert!(me.log[v0..].iter().any(|e| e["seat"] == 1), "the bot played its turn: {:?}", &me.log[v0..]);
}

#[tokio::test]
async fn the_cap_unloads_the_longest_idle_game_and_refuses_when_every_game_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("cap.sqlite"));
    config.max_live_games = 2;
    let server = TestServer::start_with(config);
    let (a, a_tokens) = create(server.addr, two_humans()).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (b, b_tokens) = create(server.addr, two_humans()).await;
    assert_eq!(server.state.live_games().await, 2);
    // a third game: the one idle the longest (the first) makes room
    let (c, c_tokens) = create(server.addr, two_humans()).await;
    assert_eq!(server.state.live_games().await, 2);
    assert!(!server.state.is_live(&a).await, "the longest idle game was unloaded");
    assert!(server.state.is_live(&b).await && server.state.is_live(&c).await);

    // opening the first again makes room in turn (the second is the longest idle now)
    let watch_a = Client::join(server.addr, &a, None).await;
    assert!(server.state.is_live(&a).await && !server.state.is_live(&b).await);
    let watch_a = {
        // (a spectator holds no place a player needs: a seat does)
        let seat = Client::join(server.addr, &a, a_tokens[0].as_deref()).await;
        watch_a.close().await;
        seat
    };
    let watch_c = Client::join(server.addr, &c, c_tokens[0].as_deref()).await;

    // every live game has a seat connected: nothing more is created or loaded
    let (status, text) =
        http(server.addr, "POST", "/api/games", Some(&json!({"form": "duel", "seats": two_humans()}).to_string()))
            .await;
    assert_eq!(status, 503, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["error"].as_str().unwrap().contains("full"), "{v}");
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 3, "nothing was created");
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{b}/ws", server.addr)).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 503),
        other => panic!("a WebSocket to an unloaded game is refused when full: {:?}", other.map(|_| ())),
    }
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{b}/join"), Some(json!({"seat": 1}))).await;
    assert_eq!(status, 503, "{v}");
    assert_eq!(server.state.live_games().await, 2);

    // the first game's player leaves: the second comes back in its place
    watch_a.close().await;
    until("the first game is idle", || async {
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{b}/ws", server.addr)).await.is_ok()
    })
    .await;
    let me = Client::join(server.addr, &b, b_tokens[0].as_deref()).await;
    assert_eq!(me.state.as_ref().unwrap()["seat"], 0);
    assert!(server.state.is_live(&b).await && server.state.is_live(&c).await && !server.state.is_live(&a).await);
    assert_eq!(server.state.live_games().await, 2);
    drop(watch_c);
}

#[tokio::test]
async fn the_reachable_check_says_why_a_game_cannot_be_opened_and_loads_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("reachable.sqlite"));
    config.max_live_games = 2;
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let reachable = |id: &str| {
        let path = format!("/api/games/{id}/reachable");
        async move { http_json(addr, "GET", &path, None).await }
    };
    let (a, _) = create(server.addr, two_humans()).await;
    let (status, v) = reachable(&a).await;
    assert_eq!((status, &v), (200, &json!({"reachable": true, "live": true})));
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (b, b_tokens) = create(server.addr, two_humans()).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (c, c_tokens) = create(server.addr, two_humans()).await;
    assert!(!server.state.is_live(&a).await, "the cap unloaded the first game");
    // an idle game could make room for it
    let (status, v) = reachable(&a).await;
    assert_eq!((status, &v), (200, &json!({"reachable": true, "live": false})));
    assert!(!server.state.is_live(&a).await, "the check loads nothing");

    // every live game played: the first cannot be opened, and the check says why
    let watch_b = Client::join(server.addr, &b, b_tokens[0].as_deref()).await;
    let _watch_c = Client::join(server.addr, &c, c_tokens[0].as_deref()).await;
    let (status, v) = reachable(&a).await;
    assert_eq!(status, 503, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("the server is full") && error.contains("try again"), "{v}");
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{a}/ws", server.addr)).await;
    assert!(refused.is_err(), "the check agrees with the WebSocket upgrade");
    let (status, v) = reachable(&b).await;
    assert_eq!((status, &v), (200, &json!({"reachable": true, "live": true})), "a live game is always reachable");

    // an unknown game is not found, full or not
    let (status, v) = reachable("nosuchgame").await;
    assert_eq!(status, 404, "{v}");
    assert_eq!(v["error"], "no game with this id");
    assert_eq!(server.state.live_games().await, 2);

    // a player leaves: there is room again
    watch_b.close().await;
    until("the second game is idle", || async { reachable(&a).await.0 == 200 }).await;
    assert!(!server.state.is_live(&a).await);
}

#[tokio::test]
async fn a_restart_reloads_no_more_games_than_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("restart-cap.sqlite");
    let server = TestServer::start(&db);
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(create(server.addr, two_humans()).await.0);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.stop();
    let mut config = Config::new(&db);
    config.max_live_games = 2;
    let server = TestServer::start_with(config);
    assert_eq!(server.state.live_games().await, 2);
    assert!(!server.state.is_live(&ids[0]).await, "the most recently changed games are reloaded");
    // the other is loaded when opened, in the place of an idle one
    let c = Client::join(server.addr, &ids[0], None).await;
    assert_eq!(c.version(), summary(&server, &ids[0]).await["version"].as_u64().unwrap());
    assert_eq!(server.state.live_games().await, 2);
}

#[tokio::test]
async fn creating_games_is_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("rate.sqlite"));
    config.create_limit = Some(RateLimit { burst: 2, every: Duration::from_secs(60) });
    let server = TestServer::start_with(config);
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    let local = Some(Ipv4Addr::LOCALHOST);
    for _ in 0..2 {
        let (status, _, text) = http_from(local, server.addr, "POST", "/api/games", Some(&body)).await;
        assert_eq!(status, 201, "{text}");
    }
    let (status, headers, text) = http_from(local, server.addr, "POST", "/api/games", Some(&body)).await;
    assert_eq!(status, 429, "{text}");
    let retry: u64 = headers.iter().find(|(k, _)| k == "retry-after").expect("Retry-After").1.parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["error"].as_str().unwrap().contains("too many games"), "{v}");
    // a request that would create nothing is answered as before
    let (status, _, _) = http_from(local, server.addr, "POST", "/api/games", Some("{not json")).await;
    assert_eq!(status, 400);
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 2, "nothing was created over the limit");
    // another address has its own allowance; other requests are not limited
    let other = Some(Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, text) = http_from(other, server.addr, "POST", "/api/games", Some(&body)).await;
    assert_eq!(status, 201, "{text}");
    let (status, _, _) = http_from(local, server.addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 3);
}
