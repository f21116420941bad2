//! Finding a game against the real server: seeks paired (and not across
//! terms), a guest's rated seek refused, seeks counted against the
//! creation limit, challenges accepted (both accounts' seats) and
//! declined, blocks, and the online list over the lobby's WebSocket.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Signs a player up and in by writing the rows the account routes would:
/// the session cookie's value.
fn sign_up(db: &Path, id: i64, name: &str) -> String {
    tash_kalar_testkit::accounts::signed_in(db, id, name).token
}

/// A request with an optional session; the status and the JSON body (`null` when empty).
async fn call(addr: SocketAddr, method: &str, path: &str, session: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = session.map(|s| format!("Cookie: tk_session={s}\r\n")).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, _, text) = http_raw(None, addr, &req).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn lobby(addr: SocketAddr, session: Option<&str>) -> Ws {
    let mut req = format!("ws://{addr}/ws/lobby").into_client_request().unwrap();
    if let Some(s) = session {
        req.headers_mut().insert("cookie", format!("tk_session={s}").parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// The next message of this type on a lobby socket.
async fn next(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let m = tokio::time::timeout(WAIT, ws.next()).await.expect("a lobby message").unwrap().unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == kind {
                return v;
            }
        }
    }
}

fn seek(form: &str, clock: Value, rated: bool) -> Option<Value> {
    Some(json!({"form": form, "clock": clock, "rated": rated}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seeks_pair_into_one_game_and_the_follower_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("p.sqlite"));
    let none = json!({"kind": "none"});
    let (s, a) = call(server.addr, "POST", "/api/seeks", None, seek("duel", none.clone(), false)).await;
    assert_eq!((s, a["status"].as_str()), (201, Some("waiting")), "{a}");
    let mut follower = lobby(server.addr, None).await;
    follower.send(Message::Text(json!({"type": "follow", "seek": a["id"]}).to_string())).await.unwrap();
    // other terms wait apart
    for other in [seek("high-form", none.clone(), false), seek("duel", json!({"kind": "move", "secs": 60}), false)] {
        let (s, o) = call(server.addr, "POST", "/api/seeks", None, other).await;
        assert_eq!((s, o["status"].as_str()), (201, Some("waiting")), "{o}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (s, b) = call(server.addr, "POST", "/api/seeks", None, seek("duel", none, false)).await;
    assert_eq!((s, b["status"].as_str()), (201, Some("paired")), "{b}");
    let paired = next(&mut follower, "paired").await;
    assert_eq!(paired["seek"], a["id"]);
    assert_eq!(paired["game"], b["game"]);
    assert_ne!(paired["seat"], b["seat"]);
    let (_, a_now) = call(server.addr, "GET", &format!("/api/seeks/{}", a["id"].as_str().unwrap()), None, None).await;
    assert_eq!(a_now["status"], "paired");
    // each token holds its seat
    let game = b["game"].as_str().unwrap();
    for (seat, token) in [(&paired["seat"], &paired["token"]), (&b["seat"], &b["token"])] {
        let c = Client::join(server.addr, game, token.as_str()).await;
        assert_eq!(c.state.as_ref().unwrap()["seat"], *seat);
    }
    // a paired seek cannot be cancelled; a waiting one can
    let (s, _) = call(server.addr, "DELETE", &format!("/api/seeks/{}", b["id"].as_str().unwrap()), None, None).await;
    assert_eq!(s, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_seeks_need_accounts_and_make_a_rated_game_of_both_accounts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.sqlite");
    let server = TestServer::start(&db);
    let (ana, bo) = (sign_up(&db, 1, "Ana"), sign_up(&db, 2, "Bo"));
    let none = json!({"kind": "none"});
    let (s, e) = call(server.addr, "POST", "/api/seeks", None, seek("duel", none.clone(), true)).await;
    assert_eq!((s, e["code"].as_str()), (403, Some("rated-needs-account")), "{e}");
    let (s, a) = call(server.addr, "POST", "/api/seeks", Some(&ana), seek("duel", none.clone(), true)).await;
    assert_eq!((s, a["status"].as_str()), (201, Some("waiting")), "{a}");
    // a casual seek does not pair with a rated one, nor an account with itself
    let (_, g) = call(server.addr, "POST", "/api/seeks", None, seek("duel", none.clone(), false)).await;
    assert_eq!(g["status"], "waiting");
    let (_, own) = call(server.addr, "POST", "/api/seeks", Some(&ana), seek("duel", none.clone(), true)).await;
    assert_eq!(own["status"], "waiting");
    let (_, b) = call(server.addr, "POST", "/api/seeks", Some(&bo), seek("duel", none, true)).await;
    assert_eq!(b["status"], "paired", "{b}");
    let game = b["game"].as_str().unwrap().to_string();
    let c = rusqlite::Connection::open(&db).unwrap();
    let rated: i64 = c.query_row("SELECT rated FROM games WHERE id = ?1", [&game], |r| r.get(0)).unwrap();
    assert_eq!(rated, 1);
    let mut accounts: Vec<i64> = c
        .prepare("SELECT account_id FROM seats WHERE game_id = ?1")
        .unwrap()
        .query_map([&game], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    accounts.sort();
    assert_eq!(accounts, [1, 2]);
}

/// Gives an account a rating row in a pool, as settling rated games would.
fn rate(db: &Path, id: i64, pool: &str, rating: f64) {
    let c = rusqlite::Connection::open(db).unwrap();
    c.execute(
        "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, wins, draws, losses, updated)
         VALUES (?1, ?2, ?3, 60.0, 0.06, 20, 10, 0, 10, 0)",
        rusqlite::params![id, pool, rating],
    )
    .unwrap();
}

/// The accounts seated in a game, by seat.
fn seated(db: &Path, game: &str) -> Vec<i64> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut accounts: Vec<i64> = c
        .prepare("SELECT account_id FROM seats WHERE game_id = ?1")
        .unwrap()
        .query_map([game], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    accounts.sort();
    accounts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_paired_with_the_closest_rating_in_reach_from_the_rating_rows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.sqlite");
    let server = TestServer::start(&db);
    let players: Vec<String> =
        [(1, "Ana", 1500.0), (2, "Bo", 1900.0), (3, "Cy", 1560.0), (4, "Di", 1870.0), (5, "Ed", 1640.0)]
            .into_iter()
            .map(|(id, name, rating)| {
                let session = sign_up(&db, id, name);
                rate(&db, id, "duel", rating);
                // another pool's rating is not the one compared
                rate(&db, id, "high-form", 3000.0 - rating);
                session
            })
            .collect();
    let none = json!({"kind": "none"});
    let ask =
        |who: usize| call(server.addr, "POST", "/api/seeks", Some(&players[who]), seek("duel", none.clone(), true));
    // Bo (1900), Ed (1640) and Ana (1500) are too far apart to pair at
    // first (±100)
    let (_, bo) = ask(1).await;
    assert_eq!(bo["status"], "waiting", "{bo}");
    let (_, ed) = ask(4).await;
    assert_eq!(ed["status"], "waiting", "{ed}");
    let (_, ana) = ask(0).await;
    assert_eq!(ana["status"], "waiting", "{ana}");
    // Cy (1560) reaches Ed (80 away, waiting longer) and Ana (60 away): it
    // pairs with the closer, Ana; Ed waits on
    let (_, cy) = ask(2).await;
    assert_eq!(cy["status"], "paired", "{cy}");
    assert_eq!(seated(&db, cy["game"].as_str().unwrap()), [1, 3], "Cy with Ana, the closest in reach");
    // Di (1870) pairs with Bo (30 away); Ed (230 away) is out of reach
    let (_, di) = ask(3).await;
    assert_eq!(di["status"], "paired", "{di}");
    assert_eq!(seated(&db, di["game"].as_str().unwrap()), [2, 4]);
    let (_, ed_now) = call(server.addr, "GET", &format!("/api/seeks/{}", ed["id"].as_str().unwrap()), None, None).await;
    assert_eq!(ed_now["status"], "waiting");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_count_against_the_creation_limit() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = tash_kalar_server::Config::new(dir.path().join("p.sqlite"));
    config.create_limit = Some(tash_kalar_server::RateLimit { burst: 2, every: Duration::from_secs(600) });
    let server = TestServer::start_with(config);
    let none = json!({"kind": "none"});
    for form in ["duel", "high-form"] {
        let (s, v) = call(server.addr, "POST", "/api/seeks", None, seek(form, none.clone(), false)).await;
        assert_eq!(s, 201, "{v}");
    }
    let (s, v) = call(server.addr, "POST", "/api/seeks", None, seek("first-game", none, false)).await;
    assert_eq!((s, v["code"].as_str()), (429, Some("too-many-games")), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_accepted_declined_and_blocked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.sqlite");
    let server = TestServer::start(&db);
    let (ana, bo) = (sign_up(&db, 1, "Ana"), sign_up(&db, 2, "Bo"));
    let mut ana_ws = lobby(server.addr, Some(&ana)).await;
    let mut bo_ws = lobby(server.addr, Some(&bo)).await;
    let online = next(&mut bo_ws, "online").await;
    assert_eq!(online["count"], 2, "{online}");
    let (_, o) = call(server.addr, "GET", "/api/online", None, None).await;
    assert_eq!(o["players"], json!(["Ana", "Bo"]));

    let body = json!({"to": "bo", "form": "duel", "rated": true});
    let (s, e) = call(server.addr, "POST", "/api/challenges", None, Some(body.clone())).await;
    assert_eq!((s, e["code"].as_str()), (401, Some("sign-in-required")));
    let (s, e) =
        call(server.addr, "POST", "/api/challenges", Some(&ana), Some(json!({"to": "Nobody", "form": "duel"}))).await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no-such-player")));

    // accepted: a game with both accounts' seats
    let (s, ch) = call(server.addr, "POST", "/api/challenges", Some(&ana), Some(body.clone())).await;
    assert_eq!((s, ch["status"].as_str()), (201, Some("pending")), "{ch}");
    let seen = next(&mut bo_ws, "challenge").await;
    assert_eq!(seen["challenge"]["from"], "Ana");
    let (_, list) = call(server.addr, "GET", "/api/challenges", Some(&bo), None).await;
    assert_eq!(list["incoming"][0]["id"], ch["id"], "{list}");
    let id = ch["id"].as_str().unwrap();
    let (s, _) = call(server.addr, "POST", &format!("/api/challenges/{id}/accept"), Some(&ana), Some(json!({}))).await;
    assert_eq!(s, 404, "only the challenged player accepts");
    let (s, acc) = call(server.addr, "POST", &format!("/api/challenges/{id}/accept"), Some(&bo), Some(json!({}))).await;
    assert_eq!((s, acc["status"].as_str()), (201, Some("accepted")), "{acc}");
    let told = loop {
        let m = next(&mut ana_ws, "challenge").await;
        if m["challenge"]["status"] == "accepted" {
            break m;
        }
    };
    assert_eq!(told["challenge"]["game"], acc["game"]);
    assert_ne!(told["challenge"]["seat"], acc["seat"]);
    let game = acc["game"].as_str().unwrap().to_string();
    let c = rusqlite::Connection::open(&db).unwrap();
    let seat_of = |account: i64| -> i64 {
        c.query_row(
            "SELECT seat FROM seats WHERE game_id = ?1 AND account_id = ?2",
            rusqlite::params![game, account],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert_eq!(seat_of(2), acc["seat"].as_i64().unwrap());
    assert_eq!(seat_of(1), told["challenge"]["seat"].as_i64().unwrap());

    // declined
    let (_, ch) = call(server.addr, "POST", "/api/challenges", Some(&ana), Some(body.clone())).await;
    let id = ch["id"].as_str().unwrap();
    let (s, _) = call(server.addr, "POST", &format!("/api/challenges/{id}/decline"), Some(&bo), Some(json!({}))).await;
    assert_eq!(s, 204);
    let (s, _) = call(server.addr, "POST", &format!("/api/challenges/{id}/accept"), Some(&bo), Some(json!({}))).await;
    assert_eq!(s, 404);

    // blocked, both ways, until lifted
    let (s, _) = call(server.addr, "POST", "/api/blocks/Ana", None, Some(json!({}))).await;
    assert_eq!(s, 401);
    let (s, _) = call(server.addr, "POST", "/api/blocks/Bo", Some(&bo), Some(json!({}))).await;
    assert_eq!(s, 409, "one's own name");
    let (s, _) = call(server.addr, "POST", "/api/blocks/Ana", Some(&bo), Some(json!({}))).await;
    assert_eq!(s, 200);
    let (_, b) = call(server.addr, "GET", "/api/blocks", Some(&bo), None).await;
    assert_eq!(b["blocked"], json!(["Ana"]));
    let (s, e) = call(server.addr, "POST", "/api/challenges", Some(&ana), Some(body.clone())).await;
    assert_eq!((s, e["code"].as_str()), (403, Some("blocked")), "{e}");
    let (s, _) =
        call(server.addr, "POST", "/api/challenges", Some(&bo), Some(json!({"to": "Ana", "form": "duel"}))).await;
    assert_eq!(s, 403);
    let (s, _) = call(server.addr, "DELETE", "/api/blocks/Ana", Some(&bo), None).await;
    assert_eq!(s, 204);
    let (s, _) = call(server.addr, "POST", "/api/challenges", Some(&ana), Some(body)).await;
    assert_eq!(s, 201);

    // the online list loses a player who leaves the lobby
    drop(ana_ws);
    let gone = loop {
        let m = next(&mut bo_ws, "online").await;
        if m["count"] == 1 {
            break m;
        }
    };
    assert_eq!(gone["players"], json!(["Bo"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_leaves_with_the_lobby_socket_that_follows_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("p.sqlite"));
    let (_, a) = call(server.addr, "POST", "/api/seeks", None, seek("duel", json!({"kind": "none"}), false)).await;
    let id = a["id"].as_str().unwrap().to_string();
    let mut ws = lobby(server.addr, None).await;
    ws.send(Message::Text(json!({"type": "follow", "seek": id}).to_string())).await.unwrap();
    next(&mut ws, "online").await;
    ws.close(None).await.unwrap();
    let mut status = 200;
    for _ in 0..50 {
        status = call(server.addr, "GET", &format!("/api/seeks/{id}"), None, None).await.0;
        if status == 404 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, 404);
}
