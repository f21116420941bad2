//! Analyses of finished games over HTTP: started by POST, read by GET
//! (progress, within a position too, then the result in the reader's language), bounded per
//! address and per server, refused for a game that is not over.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};
use tash_kalar_server::Config;

/// A bot game played to its end (random bots: quick), its id.
async fn finished_game(server: &TestServer) -> String {
    let (id, _) = create(
        server.addr,
        json!([{"school": "northern", "player": "bot", "bot": "random"}, {"school": "southern", "player": "bot", "bot": "random"}]),
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        if summary["status"] == "over" {
            return id;
        }
        assert!(Instant::now() < deadline, "the bots finish their game");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn get(server: &TestServer, path: &str, lang: &str) -> (u16, Value) {
    let addr = server.addr;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept-Language: {lang}\r\n\r\n");
    let (status, _, body) = http_raw(None, addr, &req).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_finished_game_is_analysed_and_read_in_each_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("analysis.sqlite"));
    config.analysis_iterations = 20;
    let server = TestServer::start_with(config);
    let id = finished_game(&server).await;
    let path = format!("/api/games/{id}/analysis");
    // nothing to read before it is asked for
    let (status, v) = get(&server, &path, "en").await;
    assert_eq!((status, v["code"].as_str()), (404, Some("not-analysed")), "{v}");
    let (status, v) = http_json(server.addr, "POST", &path, None).await;
    assert!(status == 202 || status == 200, "{status} {v}");
    if status == 202 {
        assert_eq!(v["status"], "running");
        assert!(v["total"].as_u64().unwrap() > 0, "{v}");
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut last_done = 0;
    let done = loop {
        let (status, v) = get(&server, &path, "en").await;
        if status == 200 {
            break v;
        }
        assert_eq!(status, 202, "{v}");
        let (d, total) = (v["done"].as_u64().unwrap(), v["total"].as_u64().unwrap());
        assert!(d <= total && d >= last_done, "positions done, bounded and never fewer: {v}");
        last_done = d;
        let (i, of) = (v["iterations"].as_u64().unwrap(), v["of"].as_u64().unwrap());
        assert_eq!(of, 20, "{v}");
        assert!(i <= of, "iterations bounded by the budget: {v}");
        assert!(Instant::now() < deadline, "the analysis finishes");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(done["status"], "done");
    assert_eq!(done["iterations"], 20);
    assert_eq!(done["two_sides"], true);
    assert_eq!(done["first"], "Blue (bot, random)");
    let choices = done["choices"].as_array().unwrap();
    assert!(!choices.is_empty());
    let (_, replay) = http_json(server.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    let steps = replay["steps"].as_array().unwrap().len() as u64;
    for c in choices {
        let chance = c["chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{c}");
        assert!(c["step"].as_u64().unwrap() >= 1 && c["step"].as_u64().unwrap() < steps, "a step of the replay: {c}");
        assert!(!c["played"].as_str().unwrap().is_empty(), "worded: {c}");
        assert!(!c["best"].as_array().unwrap().is_empty());
    }
    let turns = done["turns"].as_array().unwrap();
    assert!(!turns.is_empty());
    assert!(turns.windows(2).all(|w| w[0]["turn"].as_u64() < w[1]["turn"].as_u64()), "one point a turn, in order");
    for k in done["mistakes"].as_array().unwrap() {
        assert!(choices[k.as_u64().unwrap() as usize]["loss"].as_f64().unwrap() >= 0.1);
    }
    // the same analysis, worded in Spanish and Czech; asking again starts nothing
    let (_, es) = get(&server, &path, "es").await;
    assert_eq!(es["first"], "Azul (bot, random)");
    assert_eq!(es["choices"].as_array().unwrap().len(), choices.len());
    assert_eq!(es["choices"][0]["chance"], choices[0]["chance"]);
    let (_, cs) = get(&server, &path, "cs").await;
    assert_eq!(cs["first"], "Modrý (bot, random)");
    let (status, again) = http_json(server.addr, "POST", &path, None).await;
    assert_eq!((status, &again["choices"]), (200, &done["choices"]));
}

/// A duel of two people that ends after a few choices (a resignation):
/// a short analysis.
async fn short_game(server: &TestServer, choices: usize) -> String {
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut seats = [
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    for _ in 0..choices {
        let seat = seats.iter().position(|c| c.choices().is_some_and(|l| !l.is_empty())).expect("a seat to choose");
        let (v, first) = (seats[seat].version(), seats[seat].choices().unwrap()[0].clone());
        seats[seat].choose(v, &first).await;
        for c in &mut seats {
            c.state_at_least(v + 1).await;
        }
    }
    seats[0].send(json!({"type": "resign"})).await;
    let v = seats[0].version();
    assert!(seats[0].state_at_least(v + 1).await["over"] == true);
    id
}

#[tokio::test]
async fn a_positions_search_shows_its_progress_before_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("analysis-progress.sqlite"));
    // a position's search long enough to be seen under way
    config.analysis_iterations = 600;
    let server = TestServer::start_with(config);
    let id = short_game(&server, 3).await;
    let path = format!("/api/games/{id}/analysis");
    let (status, v) = http_json(server.addr, "POST", &path, None).await;
    assert_eq!(status, 202, "{v}");
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut seen = Vec::new();
    let done = loop {
        let (status, v) = get(&server, &path, "en").await;
        if status == 200 {
            break v;
        }
        assert_eq!(status, 202, "{v}");
        let (d, total) = (v["done"].as_u64().unwrap(), v["total"].as_u64().unwrap());
        let (i, of) = (v["iterations"].as_u64().unwrap(), v["of"].as_u64().unwrap());
        assert!(d <= total && of == 600 && i <= of, "bounded: {v}");
        seen.push((d, i));
        assert!(Instant::now() < deadline, "the analysis finishes");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "positions done never fewer: {seen:?}");
    assert!(seen.iter().any(|&(_, i)| i > 0 && i < 600), "a search seen under way: {seen:?}");
    // within one position the count only grows (the played choice's own
    // search, when it follows, starts again from 0)
    let rising = seen.windows(2).filter(|w| w[0].0 == w[1].0 && w[1].1 > w[0].1).count();
    assert!(rising > 0, "{seen:?}");
    assert_eq!(done["status"], "done");
    assert_eq!(done["iterations"], 600);
    assert!(!done["choices"].as_array().unwrap().is_empty(), "{done}");
}

#[tokio::test]
async fn analyses_are_refused_for_games_not_over_and_bounded_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("analysis-limits.sqlite"));
    // slow enough to be still running when the second request comes
    config.analysis_iterations = 3000;
    config.analyses = 1;
    let server = TestServer::start_with(config);
    let (playing, _) = create(server.addr, two_humans()).await;
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{playing}/analysis"), None).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("game-not-over")), "{v}");
    let (status, v) = http_json(server.addr, "POST", "/api/games/nosuchgame/analysis", None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no-such-game")), "{v}");
    let first = finished_game(&server).await;
    let second = finished_game(&server).await;
    let (status, _) = http_json(server.addr, "POST", &format!("/api/games/{first}/analysis"), None).await;
    assert_eq!(status, 202);
    // one running analysis per address
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{second}/analysis"), None).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-requests")), "{v}");
    // and at most `analyses` on the server, whoever asks
    let other = Some(std::net::Ipv4Addr::new(127, 0, 0, 9));
    let (status, _, v) = http_from(other, server.addr, "POST", &format!("/api/games/{second}/analysis"), None).await;
    let v: Value = serde_json::from_str(&v).unwrap();
    assert_eq!((status, v["code"].as_str()), (503, Some("analyses-busy")), "{v}");
}
