//! Several servers on one PostgreSQL database (issue 27): two servers
//! (`AppState`s named `a` and `b`, each on its own port, in this process)
//! share a temporary database. A game created on `a` is played by a
//! player on each server and watched from `b`; `b`'s commands reach `a`
//! through the inbox, `a`'s changes reach `b`'s connections; a lease
//! holder that stopped renewing is fenced, and its game taken over.
//! (Real processes and `kill -9` are `crates/cli/tests/cluster.rs`'s.)

mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tash_kalar_server::Config;
use tash_kalar_testkit::pg::TempPostgres;

/// A `postgresql://` URL for a new database on the temporary cluster.
fn database(pg: &TempPostgres, name: &str) -> PathBuf {
    pg.database(name).unwrap();
    let user = pg.url(name).split_whitespace().find_map(|kv| kv.strip_prefix("user=").map(String::from)).unwrap();
    PathBuf::from(format!("postgresql:///{name}?host={}&user={user}", pg.socket_dir().display()))
}

/// Servers `a` and `b` on one database, leases of `ttl`.
fn two_servers(db: &std::path::Path, ttl: Duration) -> (TestServer, TestServer) {
    let config = |node: &str| {
        let mut c = Config::new(db);
        c.node = node.into();
        c.lease_ttl = ttl;
        c
    };
    (TestServer::start_with(config("a")), TestServer::start_with(config("b")))
}

/// Reads messages until the state held satisfies `pred`.
async fn until(c: &mut Client, pred: impl Fn(&Value) -> bool) -> Arc<Value> {
    loop {
        if let Some(s) = &c.state {
            if pred(s) {
                return s.clone();
            }
        }
        let m = c.recv().await;
        assert_ne!(m["type"], "error", "{m}");
    }
}

/// The next error message, skipping the states before it.
async fn next_error(c: &mut Client) -> Arc<Value> {
    loop {
        let m = c.recv().await;
        if m["type"] == "error" {
            return m;
        }
    }
}

/// Waits for `c`'s choice at version `v` to be acknowledged (a state
/// past it) or refused (the error's code).
async fn ack(c: &mut Client, v: u64) -> Result<(), String> {
    loop {
        let m = c.recv().await;
        if m["type"] == "error" {
            return Err(m["code"].as_str().unwrap_or_default().to_string());
        }
        if m["version"].as_u64().is_some_and(|n| n > v) {
            return Ok(());
        }
    }
}

/// The versions of the states and deltas a client received, in order.
fn versions(c: &Client) -> Vec<u64> {
    c.received.iter().filter_map(|m| m["version"].as_u64()).collect()
}

/// Everyone waits for the latest version any of them has seen.
async fn settle(clients: &mut [&mut Client]) -> u64 {
    let latest = clients.iter().map(|c| c.version()).max().unwrap();
    for c in clients.iter_mut() {
        c.state_at_least(latest).await;
    }
    latest
}

/// The player to choose (index into `players`) chooses at random; all
/// see the new version.
async fn play_one(players: &mut [Client; 2], watcher: &mut Client, rng: &mut ChaCha8Rng) -> usize {
    let [p0, p1] = players;
    settle(&mut [&mut *p0, &mut *p1, &mut *watcher]).await;
    let p = players.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
    let choices = players[p].choices().unwrap();
    let v = players[p].version();
    players[p].choose(v, &choices[rng.gen_range(0..choices.len())]).await;
    for c in players.iter_mut().chain([watcher]) {
        c.state_at_least(v + 1).await;
    }
    p
}

/// A duel of two people made on `a`: its id, the seats' tokens, and the
/// players, the first on `a` (the driver), the second on `b` (a mirror).
async fn duel_across(a: &TestServer, b: &TestServer) -> (String, Vec<Option<String>>, [Client; 2]) {
    let (id, tokens) = create(a.addr, two_humans()).await;
    let players =
        [Client::join(a.addr, &id, tokens[0].as_deref()).await, Client::join(b.addr, &id, tokens[1].as_deref()).await];
    (id, tokens, players)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duel_is_played_by_players_on_two_servers() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "cluster_duel");
    let (a, b) = two_servers(&db, Duration::from_secs(10));
    // seat 1 on a (the game's driver), seat 2 and a spectator on b (a mirror)
    let (id, _, mut players) = duel_across(&a, &b).await;
    let mut watcher = Client::join(b.addr, &id, None).await;
    assert!(a.state.is_live(&id).await && b.state.is_live(&id).await);
    // both seats are online, each seen from the other server
    for c in players.iter_mut() {
        until(c, |s| s["players"].as_array().is_some_and(|p| p.iter().all(|p| p["online"] == true))).await;
    }

    // the opening, until the seat on b is to place a piece
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    loop {
        let [p0, p1] = &mut players;
        settle(&mut [p0, p1, &mut watcher]).await;
        let on_b = &players[1];
        if on_b.choices().is_some_and(|c| c.iter().any(|c| c.starts_with("place ")))
            && on_b.view()["can"]["undo"] == false
        {
            break;
        }
        play_one(&mut players, &mut watcher, &mut rng).await;
    }
    // b's player places (relayed to a), then asks for a take-back: a's player is asked
    let v = players[1].version();
    let place = players[1].choices().unwrap().into_iter().find(|c| c.starts_with("place ")).unwrap();
    players[1].choose(v, &place).await;
    players[1].state_at_least(v + 1).await;
    players[0].state_at_least(v + 1).await;
    players[1].send(json!({"type": "takeback-offer", "version": v + 1})).await;
    let asked = until(&mut players[0], |s| s["view"]["can"]["takeback_answer"] == true).await;
    assert_eq!(asked["view"]["can"]["takeback"]["seat"], 1, "{}", asked["view"]["can"]);
    until(&mut players[1], |s| s["view"]["can"].get("takeback").is_some()).await;
    players[0].send(json!({"type": "takeback-accept", "version": v + 1})).await;
    let back = until(&mut players[1], |s| s["version"].as_u64() > Some(v + 1)).await;
    assert!(back["view"]["can"].get("takeback").is_none(), "the request is over");
    // a refusal on b is the driver's, worded the same
    players[1].send(json!({"type": "takeback-accept", "version": players[1].version()})).await;
    let refused = next_error(&mut players[1]).await;
    assert_eq!(refused["code"], "no-takeback", "{refused}");

    // a chat line written on b reaches a's player
    players[1].send(json!({"type": "chat", "text": "hello from b"})).await;
    let said = |c: &Client| c.whole["chat"].as_array().is_some_and(|l| l.iter().any(|l| l["text"] == "hello from b"));
    while !said(&players[0]) {
        players[0].recv().await;
    }

    // play on, then b's player resigns: the game is over everywhere
    for _ in 0..20 {
        play_one(&mut players, &mut watcher, &mut rng).await;
    }
    players[1].send(json!({"type": "resign"})).await;
    for c in players.iter_mut().chain([&mut watcher]) {
        until(c, |s| s["over"] == true).await;
    }
    let [p0, p1] = &mut players;
    let last = settle(&mut [p0, p1, &mut watcher]).await;
    // every client saw the versions in order, and the same log without a gap
    for c in players.iter().chain([&watcher]) {
        let seen = versions(c);
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&last));
        assert_eq!(c.whole["log"].as_array().map(Vec::len), Some(last as usize));
    }
    assert_eq!(players[0].whole["log"], players[1].whole["log"], "once over, everyone sees everything");

    // b's player leaves: a, which counts b's connections, shows the seat away
    let [p0, p1] = players;
    p1.close().await;
    let mut p0 = p0;
    until(&mut p0, |s| s["players"][1]["online"] == false).await;

    // what a mirror does on each change: read the game and replay it
    let began = Instant::now();
    for _ in 0..10 {
        assert_eq!(b.state.stored_version(&id).await, Some(last as u32));
    }
    eprintln!("rebuild: {:?} per read and replay of {last} entries (debug build)", began.elapsed() / 10);
}

/// A game driven by `a`, its players both on `a`, a spectator on `b`; `a`
/// stops renewing (a hung process): `b` takes the game once the lease
/// runs out.
async fn hung_driver(a: &TestServer, b: &TestServer, ttl: Duration) -> (String, [Client; 2], Client) {
    let (id, tokens) = create(a.addr, two_humans()).await;
    let players =
        [Client::join(a.addr, &id, tokens[0].as_deref()).await, Client::join(a.addr, &id, tokens[1].as_deref()).await];
    let watcher = Client::join(b.addr, &id, None).await;
    a.state.pause_leases(true);
    tokio::time::sleep(ttl + ttl / 2).await;
    (id, players, watcher)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_lease_holder_is_fenced_and_follows_as_a_mirror() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "cluster_fence");
    let ttl = Duration::from_secs(1);
    let (a, b) = two_servers(&db, ttl);
    let (id, mut players, mut watcher) = hung_driver(&a, &b, ttl).await;
    // by now b, the mirror, has taken the lease that ran out
    let p = players.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
    let v = players[p].version();
    let choice = players[p].choices().unwrap()[0].clone();
    // a still thinks it drives: its write is fenced, nothing stored
    players[p].choose(v, &choice).await;
    let refused = next_error(&mut players[p]).await;
    assert_eq!(refused["code"], "save-failed", "{refused}");
    let stored = b.state.stored_version(&id).await;
    assert_eq!(stored, Some(v as u32), "nothing of a's write is stored");
    // a now mirrors the game: the same choice, relayed to b, is acknowledged
    players[p].choose(v, &choice).await;
    players[p].state_at_least(v + 1).await;
    players[1 - p].state_at_least(v + 1).await;
    watcher.state_at_least(v + 1).await;
    assert_eq!(b.state.stored_version(&id).await, Some(v as u32 + 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_lease_holder_writes_no_chat_and_relays_it_as_a_mirror() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "cluster_fence_chat");
    let ttl = Duration::from_secs(1);
    let (a, b) = two_servers(&db, ttl);
    let (id, mut players, mut watcher) = hung_driver(&a, &b, ttl).await;
    // a still thinks it drives: its chat line is fenced, nothing stored
    players[0].send(json!({"type": "chat", "text": "from a stale driver"})).await;
    let refused = next_error(&mut players[0]).await;
    assert_eq!(refused["code"], "save-failed", "{refused}");
    // a now mirrors the game: the line sent again goes to b, and every
    // client on either server reads it once
    players[0].send(json!({"type": "chat", "text": "from a stale driver"})).await;
    let said = |c: &Client| {
        c.whole["chat"].as_array().map(|l| l.iter().filter(|l| l["text"] == "from a stale driver").count())
    };
    for c in players.iter_mut().chain([&mut watcher]) {
        while said(c) != Some(1) {
            c.recv().await;
        }
    }
    // the seat's chat is the new driver's: one line stored
    let fresh = Client::join(b.addr, &id, None).await;
    assert_eq!(said(&fresh), Some(1), "{}", fresh.whole);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_on_two_servers_at_once_is_one_game() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "cluster_rematch");
    let (a, b) = two_servers(&db, Duration::from_secs(10));
    let (id, tokens, mut players) = duel_across(&a, &b).await;
    players[1].send(json!({"type": "resign"})).await;
    for c in players.iter_mut() {
        while !c.over() {
            c.recv().await;
        }
    }
    // each player asks on their own server, at once: each server may make
    // a game, but one link stands and both are sent to it
    let path = format!("/api/games/{id}/rematch");
    let ask = |addr, token: &Option<String>| http_json(addr, "POST", &path, Some(json!({"token": token})));
    let (on_a, on_b) = tokio::join!(ask(a.addr, &tokens[0]), ask(b.addr, &tokens[1]));
    assert!(matches!(on_a.0, 200 | 201) && matches!(on_b.0, 200 | 201), "{on_a:?} {on_b:?}");
    assert_eq!(on_a.1["id"], on_b.1["id"], "one rematch: {on_a:?} {on_b:?}");
    let rematch = on_a.1["id"].as_str().unwrap().to_string();
    assert_ne!(rematch, id);
    // asked again, on either server: the same game
    for (addr, token) in [(a.addr, &tokens[0]), (b.addr, &tokens[1])] {
        let again = ask(addr, token).await;
        assert_eq!(again.1["id"], rematch.as_str(), "{again:?}");
    }
    let (_, summary) = http_json(a.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["rematch"], rematch.as_str(), "{summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mirror_takes_over_a_game_whose_driver_stopped() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "cluster_takeover");
    let ttl = Duration::from_secs(1);
    let (a, b) = two_servers(&db, ttl);
    let (id, tokens, mut players) = duel_across(&a, &b).await;
    let mut watcher = Client::join(b.addr, &id, None).await;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..4 {
        play_one(&mut players, &mut watcher, &mut rng).await;
    }
    let [p0, p1] = &mut players;
    let v = settle(&mut [p0, p1, &mut watcher]).await;
    // a stops renewing, then stops altogether (its lease is not given up)
    a.state.pause_leases(true);
    let began = Instant::now();
    a.stop();
    // a's player comes back through b, which mirrors the game until the lease runs out
    players[0] = Client::join(b.addr, &id, tokens[0].as_deref()).await;
    assert_eq!(players[0].version(), v);
    // the next choice waits for b to take over, then b acknowledges it
    let p = players.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
    let choice = players[p].choices().unwrap()[0].clone();
    players[p].choose(v, &choice).await;
    ack(&mut players[p], v).await.expect("the choice is acknowledged once b drives");
    let took = began.elapsed();
    assert!(took >= ttl / 2 && took < ttl * 3 + Duration::from_secs(5), "taken over in {took:?}");
    assert_eq!(b.state.stored_version(&id).await, Some(v as u32 + 1));
    // and the game goes on, b's players both
    play_one(&mut players, &mut watcher, &mut rng).await;
    assert_eq!(b.state.stored_version(&id).await, Some(v as u32 + 2));
    eprintln!("takeover: a choice acknowledged through b {took:?} after a stopped (lease {ttl:?})");
}
