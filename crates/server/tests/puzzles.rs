//! The puzzles' routes on a real server: a puzzle is shown without its
//! solution, a bad id and too many choices are refused, a wrong answer
//! and a right one move the ratings (a guest's as sent, a signed-in
//! solver's as stored), and "next" offers a puzzle not tried yet.

mod common;

use common::*;
use serde_json::{json, Value};
use tash_kalar_puzzles::Puzzle;
use tash_kalar_testkit::accounts::signed_in;

const SET: &str = include_str!("../../../data/puzzles/puzzles.jsonl");

fn set() -> Vec<Puzzle> {
    SET.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

async fn post(addr: std::net::SocketAddr, cookie: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    let mut headers = vec!["Content-Type: application/json"];
    headers.extend(cookie);
    post_with(addr, path, &headers, &body.to_string()).await
}

#[tokio::test]
async fn puzzles_are_shown_judged_and_rated() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("puzzles.sqlite");
    let server = TestServer::start(&db);
    let addr = server.addr;
    let cookie = signed_in(&db, 7, "Puzzler").header();
    let puzzles = set();
    let p = &puzzles[0];

    // shown: the model for the seat to play, never the solution
    let (status, v) = http_json(addr, "GET", &format!("/api/puzzles/{}", p.id), None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], json!(p.id));
    assert!(v["model"].is_object(), "{v}");
    assert!(v.get("solution").is_none() && !v.to_string().contains("\"solution\""), "{v}");
    let (status, daily) = http_json(addr, "GET", "/api/puzzles/daily", None).await;
    assert_eq!(status, 200);
    let (_, again) = http_json(addr, "GET", "/api/puzzles/daily", None).await;
    assert_eq!(daily["id"], again["id"], "one puzzle a day for everyone");

    // refused: an unknown id, too many choices, a too long one, bad JSON
    let (status, v) = http_json(addr, "GET", "/api/puzzles/p-nope", None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("not-found")), "{v}");
    let (status, _) = post(addr, None, "/api/puzzles/p-nope/attempt", json!({"choices": []})).await;
    assert_eq!(status, 404);
    let many = vec!["end"; 201];
    let path = format!("/api/puzzles/{}/attempt", p.id);
    let (status, v) = post(addr, None, &path, json!({"choices": many})).await;
    assert_eq!((status, v["code"].as_str()), (413, Some("too-large")), "{v}");
    let long = "x".repeat(201);
    let (status, _) = post(addr, None, &path, json!({"choices": [long]})).await;
    assert_eq!(status, 413);
    let (status, v) = post(addr, None, &path, json!({"moves": []})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-request")), "{v}");
    let (_, before) = http_json(addr, "GET", &format!("/api/puzzles/{}", p.id), None).await;
    let rated: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT count(*) FROM puzzle_ratings", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rated, 0, "nothing rated by a refusal");

    // playing the solution through the page's route ends the turn
    let (status, v) = post(addr, None, &format!("/api/puzzles/{}/play", p.id), json!({"choices": p.solution})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["done"], json!(true), "{v}");
    assert!(v["model"].is_object());

    // a guest's wrong answer: not solved, the solution shown, its rating down
    let guest = json!({"rating": 1500.0, "deviation": 350.0, "volatility": 0.06});
    let (status, v) = post(addr, None, &path, json!({"choices": ["nonsense"], "rating": guest})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["solved"], json!(false));
    assert_eq!(v["solution"], json!(p.solution));
    assert!(v["rating"]["rating"].as_f64().unwrap() < 1500.0, "{v}");
    let puzzle_after_fail = v["puzzle"]["rating"].as_f64().unwrap();
    assert!(puzzle_after_fail > before["rating"]["rating"].as_f64().unwrap(), "{v}");

    // signed in: solved, the stored rating up, the puzzle's down
    let (status, v) = post(addr, Some(&cookie), &path, json!({"choices": p.solution})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["solved"], json!(true), "{v}");
    assert!(v["rating"]["rating"].as_f64().unwrap() > 1500.0, "{v}");
    assert!(v["puzzle"]["rating"].as_f64().unwrap() < puzzle_after_fail, "{v}");
    assert_eq!(v["streak"], json!(1));
    let stored: f64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT rating FROM puzzle_solvers WHERE account = 7", [], |r| r.get(0))
        .unwrap();
    assert!(stored > 1500.0);

    // next: not the one tried
    let (status, v) = http_raw_json(
        addr,
        &format!("GET /api/puzzles/next HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{cookie}\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_ne!(v["id"], json!(p.id));
    let (status, v) = http_json(addr, "GET", &format!("/api/puzzles/next?rating=1500&skip={}", p.id), None).await;
    assert_eq!(status, 200, "{v}");
    assert_ne!(v["id"], json!(p.id));
    server.stop();
}

async fn http_raw_json(addr: std::net::SocketAddr, request: &str) -> (u16, Value) {
    let (status, _, text) = http_raw(None, addr, request).await;
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}")))
}

/// The cards of `seat`'s hand in a puzzle's position, in the position's order.
fn hand_of(p: &Puzzle, seat: usize) -> Vec<tash_kalar_rules::CardId> {
    let pos = tash_kalar_rules::Position::from_text(&p.position).unwrap();
    let s = &pos.seats[seat];
    s.beings.iter().chain(&s.legends).chain(&s.flares).copied().collect()
}

/// The order of every deck of a puzzle's position that the seat to play
/// does not know itself (its own top and returned cards it may see): each
/// run of two or more cards in a known order (a deck's top or bottom) that
/// is not their sorted order, as it would be written in JSON.
fn known_orders(p: &Puzzle) -> Vec<String> {
    let pos = tash_kalar_rules::Position::from_text(&p.position).unwrap();
    let others = pos.seats.iter().enumerate().filter(|&(i, _)| i != usize::from(pos.turn));
    let piles = others.map(|(_, s)| &s.deck).chain([&pos.legends, &pos.flares]);
    let mut out = Vec::new();
    for pile in piles {
        for part in [&pile.top, &pile.bottom] {
            // a run already in the cards' sorted order reads as a part of
            // a sorted list of unseen cards: only the others tell an order
            if part.len() >= 2 && !part.windows(2).all(|w| w[0] <= w[1]) {
                out.push(part.iter().map(|c| serde_json::to_string(c).unwrap()).collect::<Vec<_>>().join(","));
            }
        }
    }
    out
}

#[tokio::test]
async fn a_defence_shows_the_opponents_hand_and_nothing_else_does() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("puzzles.sqlite"));
    let addr = server.addr;
    let es = tash_kalar_present::Messages::new(tash_kalar_present::Lang::Es);
    let mut defences = 0;
    for p in set() {
        let request = format!(
            "GET /api/puzzles/{} HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: es\r\nConnection: close\r\n\r\n",
            p.id
        );
        let (status, v) = http_raw_json(addr, &request).await;
        assert_eq!(status, 200, "{v}");
        let text = v.to_string();
        for order in known_orders(&p) {
            assert!(!text.contains(&order), "{}: a deck's order {order} in {text}", p.id);
        }
        let seat = v["seat"].as_u64().unwrap() as usize;
        if p.theme != tash_kalar_puzzles::Theme::StopTheWin {
            assert!(v.get("opponentHand").is_none(), "{}: {text}", p.id);
            continue;
        }
        defences += 1;
        // the statement shows the opponent's hand, worded in the reader's
        // language; the seat's own hand is in the model as for every puzzle
        let them = 1 - seat;
        let hand = &v["opponentHand"];
        assert_eq!(hand["seat"], json!(them), "{text}");
        let cards = hand["cards"].as_array().unwrap();
        let held = hand_of(&p, them);
        assert_eq!(cards.len(), held.len(), "{text}");
        for (shown, &c) in cards.iter().zip(&held) {
            assert_eq!(shown["id"], json!(c));
            assert_eq!(shown["name"], json!(es.card_name(c)));
            assert_eq!(shown["text"], json!(es.card_text(c)));
        }
    }
    assert!(defences >= 2, "the set holds defences");
    server.stop();
}
