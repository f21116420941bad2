//! The bot a visitor asks for is data: one of our bots with typed, bounded
//! options within the server's limits, never a program to run.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{json, Value};

fn with_bot(bot: &str) -> Value {
    json!({"form": "duel", "seats": [
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "bot", "bot": bot},
    ]})
}

/// A `cmd:` spec is refused with 400 before anything could start it: the
/// command would write a marker file, which never appears.
#[tokio::test]
async fn an_outside_engine_is_refused_and_never_started() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("cmd.sqlite"));
    let marker = dir.path().join("MARKER");
    let marker = marker.to_str().unwrap();
    for spec in [
        format!("cmd:sh -c 'touch {marker}'"),
        format!("cmd:touch {marker}"),
        format!(" cmd:/bin/sh -c \"touch {marker}\""),
    ] {
        let body = with_bot(&spec).to_string();
        let (status, text) = http(server.addr, "POST", "/api/games", Some(&body)).await;
        assert_eq!(status, 400, "{spec}: {text}");
        let error: Value = serde_json::from_str(&text).unwrap();
        let error = error["error"].as_str().unwrap();
        assert!(error.contains("seat 2") && error.contains("outside engines cannot be run by the server"), "{error}");
        // the cross-site form of the same request: a text/plain body, as a
        // page on another site may send without a preflight
        for content_type in ["Content-Type: text/plain", "Content-Type: text/plain;charset=UTF-8"] {
            let (status, error) = post_with(server.addr, "/api/games", &[content_type], &body).await;
            assert_eq!(status, 415, "{spec} as {content_type}: {error}");
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!std::path::Path::new(marker).exists(), "the command ran");
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 0, "no game was created");
}

/// Options that are not finite, out of range or unknown are refused at
/// the door, as are budgets over the server's limits.
#[tokio::test]
async fn bad_and_greedy_bot_options_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("options.sqlite"));
    for (spec, words) in [
        ("mcts:c=nan", "c=\"nan\": expected a number from 0 to 100"),
        ("mcts:c=inf", "c=\"inf\""),
        ("mcts:c=-1e308", "from 0 to 100"),
        ("mcts:prior=nan", "prior="),
        ("mcts:scale=0", "scale="),
        ("greedy:common=NaN", "common="),
        ("mcts:threads=0", "from 1 to 64"),
        ("mcts:threads=100000", "from 1 to 64"),
        ("mcts:iterations=0", "iterations="),
        ("mcts:time=0s", "time="),
        ("mcts:centre=maybe", "centre="),
        ("mcts:depth=3", "mcts has no option \"depth\""),
        ("alphago", "unknown bot"),
        ("mcts:threads=3", "this host allows at most threads=2"),
        ("mcts:iterations=200001", "at most iterations=200000"),
        ("mcts:time=11s", "at most time=10000ms"),
        ("mcts:time=60s", "at most"),
    ] {
        let (status, v) = http_json(server.addr, "POST", "/api/games", Some(with_bot(spec))).await;
        assert_eq!(status, 400, "{spec}: {v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.starts_with("seat 2: ") && error.contains(words), "{spec}: {error}");
    }
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(games.as_array().unwrap().len(), 0);
}

/// An accepted spec is stored in its canonical text.
#[tokio::test]
async fn an_accepted_spec_is_stored_canonical() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("canonical.sqlite"));
    for (spec, canonical) in [
        ("mcts:threads=1,iterations=2000,time=1000ms", "mcts:iterations=2000,time=1s"),
        ("mcts:time=10s,threads=2", "mcts:time=10s,threads=2"),
        ("greedy:leader=0.50", "greedy"),
        ("hard", "hard"),
    ] {
        let (status, v) = http_json(server.addr, "POST", "/api/games", Some(with_bot(spec))).await;
        assert_eq!(status, 201, "{spec}: {v}");
        let id = v["id"].as_str().unwrap();
        let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(summary["seats"][1]["bot"], canonical, "{summary}");
    }
}
