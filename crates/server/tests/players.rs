//! Rated games, profiles and leaderboards on a real server over a real
//! SQLite file: a rated duel is refused unless every seat will be an
//! account's, changes both players' ratings once when it ends (a
//! resignation), and shows on both profiles; the leaderboard lists the
//! players with enough games.

mod common;

use std::path::Path;

use common::*;
use serde_json::{json, Value};
use tash_kalar_testkit::accounts::signed_in;

/// Accounts with a session each, ids from 100: each name's cookie header.
fn accounts(db: &Path, names: &[&str]) -> Vec<String> {
    names.iter().zip(100..).map(|(name, id)| signed_in(db, id, name).header()).collect()
}

async fn post_as(addr: std::net::SocketAddr, cookie: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    let mut headers = vec!["Content-Type: application/json"];
    headers.extend(cookie);
    post_with(addr, path, &headers, &body.to_string()).await
}

fn rated_duel() -> Value {
    json!({"form": "duel", "rated": true, "seats": [
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "human", "open": true}]})
}

#[tokio::test]
async fn a_rated_duel_changes_both_ratings_once_and_shows_on_the_profiles() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("players.sqlite");
    let server = TestServer::start(&db);
    let addr = server.addr;
    let cookies = accounts(&db, &["Ana", "Bo"]);
    let (ana, bo) = (Some(cookies[0].as_str()), Some(cookies[1].as_str()));

    // refused: a guest, a bot, a seat kept for a link, the first game
    let (status, v) = post_as(addr, None, "/api/games", rated_duel()).await;
    assert_eq!((status, v["code"].as_str()), (403, Some("rated-needs-account")), "{v}");
    let with_bot = json!({"form": "duel", "rated": true, "seats": [
        {"school": "northern", "player": "human"}, {"school": "southern", "player": "bot", "bot": "easy"}]});
    let (status, v) = post_as(addr, ana, "/api/games", with_bot).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("rated-with-bots")), "{v}");
    let (status, v) =
        post_as(addr, ana, "/api/games", json!({"form": "duel", "rated": true, "seats": two_humans()})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("rated-seats")), "{v}");
    let mut first = rated_duel();
    first["form"] = json!("first-game");
    let (status, v) = post_as(addr, ana, "/api/games", first).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("rated-form")), "{v}");
    let count: i64 =
        rusqlite::Connection::open(&db).unwrap().query_row("SELECT count(*) FROM games", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 0, "a refused request creates nothing");

    let (status, v) = post_as(addr, ana, "/api/games", rated_duel()).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let ana_token = v["seats"][0]["token"].as_str().unwrap().to_string();
    let (_, summary) = http_json(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["rated"], true);

    // the open seat of a rated game: signed-in players only
    let join = format!("/api/games/{id}/join");
    let (status, v) = post_as(addr, None, &join, json!({"seat": 1})).await;
    assert_eq!((status, v["code"].as_str()), (403, Some("rated-needs-account")), "{v}");
    let (status, v) = post_as(addr, bo, &join, json!({"seat": 1})).await;
    assert_eq!(status, 200, "{v}");
    // the creator opens her seat signed in: it is her account's (as the
    // joiner's is his), which the accounts' code records
    let mut a = Client::connect_with(addr, &id, &[("Cookie", cookies[0].trim_start_matches("Cookie: "))]).await;
    a.hello(Some(&ana_token)).await;
    assert_eq!(a.recv().await["type"], "state");
    let c = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = c.prepare("SELECT account_id FROM seats WHERE game_id = ?1 ORDER BY seat").unwrap();
    let held: Vec<Option<i64>> = stmt.query_map([&id], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(held, [Some(100), Some(101)]);
    a.send(json!({"type": "resign"})).await;
    let end = loop {
        let m = a.recv().await;
        if m["over"] == true {
            break m;
        }
    };
    assert_eq!(end["view"]["outcome"]["resigned"], 0, "{end}");

    let (status, p) = http_json(addr, "GET", "/api/players/Ana", None).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["name"], "Ana");
    let duel = &p["ratings"]["duel"];
    assert!(duel["rating"].as_f64().unwrap() < 1500.0, "{p}");
    assert!(duel["deviation"].as_f64().unwrap() < 350.0, "{p}");
    assert_eq!((duel["games"].as_u64(), duel["losses"].as_u64()), (Some(1), Some(1)), "{p}");
    assert_eq!(duel["provisional"], true);
    assert_eq!(duel["label"], "Deathmatch Duel");
    assert_eq!(p["history"]["duel"].as_array().unwrap().len(), 1);
    assert_eq!(p["history"]["duel"][0]["game"], id.as_str());
    let game = &p["games"][0];
    assert_eq!((game["id"].as_str(), game["result"].as_str()), (Some(id.as_str()), Some("loss")), "{p}");
    assert!(game["rating"]["after"].as_f64().unwrap() < game["rating"]["before"].as_f64().unwrap());
    assert_eq!(game["players"][1]["account"], "Bo");
    assert_eq!(p["opponents"], json!([{"name": "Bo", "games": 1, "wins": 0, "draws": 0, "losses": 1}]));

    let (_, b) = http_json(addr, "GET", "/api/players/bo", None).await;
    assert_eq!(b["name"], "Bo", "found by its normalised key too");
    let bo_rating = b["ratings"]["duel"]["rating"].as_f64().unwrap();
    assert!(bo_rating > 1500.0);
    assert_eq!(b["games"][0]["result"], "win");

    // filters
    let count = |v: &Value| v["games"].as_array().unwrap().len();
    for (query, n) in [
        ("result=win", 1),
        ("result=loss", 0),
        ("form=melee", 0),
        ("form=duel", 1),
        ("school=southern", 1),
        ("school=northern", 0),
        ("opponent=Ana", 1),
        ("opponent=Cy", 0),
        ("before=1", 0),
    ] {
        let (status, v) = http_json(addr, "GET", &format!("/api/players/Bo?{query}"), None).await;
        assert_eq!((status, count(&v)), (200, n), "{query}: {v}");
    }
    for bad in ["limit=x", "result=maybe", "form=chess", "before=yesterday"] {
        let (status, v) = http_json(addr, "GET", &format!("/api/players/Bo?{bad}"), None).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad-request")), "{bad}: {v}");
    }
    let (status, v) = http_json(addr, "GET", "/api/players/Nobody", None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no-such-player")), "{v}");

    // settled once: a restart reloads the game and changes nothing
    server.stop();
    let server = TestServer::start(&db);
    let (_, b) = http_json(server.addr, "GET", "/api/players/Bo", None).await;
    assert_eq!(b["ratings"]["duel"]["rating"].as_f64(), Some(bo_rating));
    assert_eq!(b["ratings"]["duel"]["games"], 1);
    let c = rusqlite::Connection::open(&db).unwrap();
    let (settled, rows): (bool, i64) = c
        .query_row(
            "SELECT settled, (SELECT count(*) FROM rating_history WHERE game_id = ?1) FROM games WHERE id = ?1",
            [&id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((settled, rows), (true, 2));
    // a deleted account has no profile
    c.execute("UPDATE accounts SET name = NULL, key = NULL, deleted = 1 WHERE id = 100", []).unwrap();
    let (status, _) = http_json(server.addr, "GET", "/api/players/Ana", None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_profile_is_found_by_the_names_normalised_key() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("key.sqlite"));
    let body = json!({"name": "Straße", "password": "a long passphrase"});
    let (status, v) = http_json(server.addr, "POST", "/api/account", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    // the name as shown, in capitals (ß folds to ss), in lower case, and in full-width letters (NFKC)
    for typed in
        ["Stra%C3%9Fe", "STRASSE", "strasse", "%EF%BD%93%EF%BD%94%EF%BD%92%EF%BD%81%EF%BD%93%EF%BD%93%EF%BD%85"]
    {
        let (status, p) = http_json(server.addr, "GET", &format!("/api/players/{typed}"), None).await;
        assert_eq!((status, p["name"].as_str()), (200, Some("Straße")), "{typed}: {p}");
    }
    let (status, _) = http_json(server.addr, "GET", "/api/players/Strase", None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_leaderboard_lists_players_with_enough_games_best_first() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("board.sqlite");
    let server = TestServer::start(&db);
    accounts(&db, &["Ana", "Bo", "Cy", "Di"]);
    let c = rusqlite::Connection::open(&db).unwrap();
    // Ana and Cy qualify, Bo has too few games, Di too wide a deviation
    for (id, rating, deviation, games) in
        [(100, 1600.0, 80.0, 12), (101, 1900.0, 80.0, 3), (102, 1700.0, 120.0, 9), (103, 2000.0, 200.0, 30)]
    {
        c.execute(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, wins, draws, losses, updated)
             VALUES (?1, 'duel', ?2, ?3, 0.06, ?4, 0, 0, ?4, 0)",
            rusqlite::params![id, rating, deviation, games],
        )
        .unwrap();
    }
    let (status, v) = http_json(server.addr, "GET", "/api/leaderboard/duel", None).await;
    assert_eq!(status, 200, "{v}");
    let names: Vec<&str> = v["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cy", "Ana"]);
    assert_eq!(v["players"][0]["rank"], 1);
    assert_eq!(v["min_games"], 5);
    let (_, v) = http_json(server.addr, "GET", "/api/leaderboard/duel?offset=1&limit=1", None).await;
    assert_eq!(v["players"][0]["name"], "Ana");
    assert_eq!(v["players"][0]["rank"], 2);
    let (_, v) = http_json(server.addr, "GET", "/api/leaderboard/melee", None).await;
    assert_eq!(v["players"], json!([]));
    // every pool at once, each named in the reader's language
    let (status, _, text) = http_raw(
        None,
        server.addr,
        &format!(
            "GET /api/leaderboard HTTP/1.1\r\nHost: {}\r\nAccept-Language: es\r\nConnection: close\r\n\r\n",
            server.addr
        ),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let all: Value = serde_json::from_str(&text).unwrap();
    let pools: Vec<&str> = all["boards"].as_array().unwrap().iter().map(|b| b["pool"].as_str().unwrap()).collect();
    assert_eq!(pools, ["duel", "high-form", "melee", "team"]);
    assert_eq!(all["boards"][0]["label"], "Duelo a muerte");
    assert_eq!(all["boards"][0]["players"][0]["name"], "Cy");
    let (status, v) = http_json(server.addr, "GET", "/api/leaderboard/blitz", None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no-such-pool")), "{v}");

    // the pages, served in the reader's language
    let (status, html) = http(server.addr, "GET", "/leaderboard", None).await;
    assert_eq!(status, 200);
    assert!(html.contains("leaderboard.js"), "{html}");
    let (status, html) = http(server.addr, "GET", "/players/Ana", None).await;
    assert_eq!(status, 200);
    assert!(html.contains("player.js"), "{html}");
}
