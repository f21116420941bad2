//! Branches: a new game from a finished game's position, against a bot or
//! by oneself; stored (it survives a restart), linked to its source, and
//! refused from a game still running or at a step past the end.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};

/// A finished game, played to its end by two random bots; its id.
async fn finished(addr: std::net::SocketAddr) -> String {
    let seats = json!([{"school": "northern", "player": "bot", "bot": "random"},
                       {"school": "southern", "player": "bot", "bot": "random"}]);
    let id = create(addr, seats).await.0;
    let deadline = Instant::now() + WAIT * 4;
    loop {
        let (_, s) = http_json(addr, "GET", &format!("/api/games/{id}"), None).await;
        if s["status"] == "over" {
            return id;
        }
        assert!(Instant::now() < deadline, "the bots finish their game");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn branch(addr: std::net::SocketAddr, id: &str, body: Value) -> (u16, Value) {
    http_json(addr, "POST", &format!("/api/games/{id}/branch"), Some(body)).await
}

#[tokio::test]
async fn a_branch_plays_on_from_a_finished_games_position_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("branch.sqlite");
    let server = TestServer::start(&db);
    let source = finished(server.addr).await;
    let (_, replay) = http_json(server.addr, "GET", &format!("/api/games/{source}/replay"), None).await;
    let steps = replay["steps"].as_array().unwrap();
    // a step in the middle where a seat (not chance) is to choose
    let at =
        (steps.len() / 2..steps.len()).find(|&i| steps[i]["view"]["actor"]["kind"] == "seat").expect("a seat's step");
    let seats = json!([{"player": "human"}, {"player": "bot", "bot": "random"}]);
    let (status, made) = branch(server.addr, &source, json!({"at": at, "seats": seats})).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    assert_ne!(id, source);
    assert_eq!(made["branch_of"], json!({"game": source, "at": at}));
    assert!(made["seats"][0]["token"].is_string() && made["seats"][1]["token"].is_null(), "{made}");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["branch_of"], json!({"game": source, "at": at}), "{summary}");
    assert_eq!(summary["rated"], false);
    assert_eq!(summary["seats"][1]["bot"], "random", "{summary}");
    // the new game's log starts with the source's first `at` entries (the
    // draws and the other seat's hidden choices hidden from this seat, as
    // in any game)
    let token = made["seats"][0]["token"].as_str().unwrap().to_string();
    let mut c = Client::join(server.addr, &id, Some(&token)).await;
    assert!(c.log.len() >= at, "{} entries", c.log.len());
    for (n, (step, entry)) in steps[1..=at].iter().zip(&c.log).enumerate() {
        let was = &step["entry"];
        assert_eq!(entry["seat"], was["seat"], "entry {}", n + 1);
        if was["seat"] == 0 {
            assert_eq!(entry["text"], was["text"], "entry {}", n + 1);
        }
    }
    // and plays on: the human's turn comes (the bot plays its own), and a move is taken
    let deadline = Instant::now() + WAIT;
    while c.choices().is_none() {
        assert!(Instant::now() < deadline, "the human's turn comes");
        c.recv().await;
    }
    let v = c.version();
    let pick = c.choices().unwrap()[0].clone();
    c.choose(v, &pick).await;
    c.state_at_least(v + 1).await;
    c.close().await;
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    let version = summary["version"].as_u64().unwrap();
    assert!(version > at as u64, "{summary}");

    // a restart: the branch and its link are still there
    server.stop();
    let server = TestServer::start(&db);
    let (status, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(summary["branch_of"], json!({"game": source, "at": at}));
    // (the bot may have moved again between the read and the stop, or
    // after the restart: nothing acknowledged is lost)
    assert!(summary["version"].as_u64().unwrap() >= version, "{summary}");
    let mut c = Client::join(server.addr, &id, Some(&token)).await;
    assert!(c.view()["outcome"].is_null());
    // resigned, its record says where it came from
    let v = c.version();
    c.send(json!({"type": "resign", "version": v})).await;
    let deadline = Instant::now() + WAIT;
    while !c.over() {
        assert!(Instant::now() < deadline, "the resignation ends the game");
        c.recv().await;
    }
    let (status, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.starts_with(&format!("# branched from game {source} at step {at} of its replay\n")), "{record}");
    // a game never branched has no link
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{source}"), None).await;
    assert!(summary["branch_of"].is_null());
}

#[tokio::test]
async fn branches_are_refused_from_running_games_and_bad_steps_and_cost_a_creation() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("refused.sqlite"));
    let source = finished(server.addr).await;
    let (_, replay) = http_json(server.addr, "GET", &format!("/api/games/{source}/replay"), None).await;
    let last = replay["steps"].as_array().unwrap().len() - 1;
    let two = json!([{"player": "human"}, {"player": "human"}]);
    let refusals = [
        (json!({"at": last + 1, "seats": two}), 400, "bad-request"),
        // the last step: the game is over there
        (json!({"at": last, "seats": two}), 400, "bad-request"),
        (json!({"at": 3, "seats": [{"player": "human"}]}), 400, "bad-request"),
        (json!({"at": 3, "seats": [{"player": "human"}, {"player": "bot", "bot": "cmd:true"}]}), 400, "bad-request"),
        (json!({"at": 3, "seats": two, "extra": 1}), 400, "bad-request"),
        (json!({"at": -1, "seats": two}), 400, "bad-request"),
    ];
    for (body, status, code) in refusals {
        let (got, answer) = branch(server.addr, &source, body.clone()).await;
        assert_eq!((got, answer["code"].as_str().unwrap_or_default()), (status, code), "{body}: {answer}");
    }
    let (got, answer) = branch(server.addr, "nosuchgame", json!({"at": 1, "seats": two})).await;
    assert_eq!(got, 404, "{answer}");
    // a running game: not branched (its hands are not for the asker to see)
    let (running, _) = create(server.addr, two_humans()).await;
    let (got, answer) = branch(server.addr, &running, json!({"at": 1, "seats": two})).await;
    assert_eq!((got, answer["code"].as_str().unwrap()), (409, "game-not-over"), "{answer}");
    // by oneself: every seat's token to the asker; the start (step 0) too
    let (got, made) = branch(server.addr, &source, json!({"at": 0, "seats": two})).await;
    assert_eq!(got, 201, "{made}");
    assert!(made["seats"].as_array().unwrap().iter().all(|s| s["token"].is_string()), "{made}");
    // a body over 64 kB
    let big = json!({"at": 1, "seats": two, "pad": "x".repeat(70 * 1024)}).to_string();
    let (got, _) = http(server.addr, "POST", &format!("/api/games/{source}/branch"), Some(&big)).await;
    assert_eq!(got, 413);
}
