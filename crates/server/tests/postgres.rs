//! The whole server on a real PostgreSQL (a temporary cluster; skipped
//! where PostgreSQL is not installed, unless under CI): a game played over
//! real WebSockets is stored, survives an abrupt stop and comes back whole;
//! accounts sign up and in through the real routes; a rated duel between
//! them ends and both profiles show it.

mod common;

use std::path::PathBuf;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tash_kalar_testkit::pg::TempPostgres;

/// A `postgresql://` URL for a new database on the temporary cluster (its
/// socket directory as the host, as `serve --db` takes it).
fn database(pg: &TempPostgres, name: &str) -> PathBuf {
    pg.database(name).unwrap();
    let user = pg.url(name).split_whitespace().find_map(|kv| kv.strip_prefix("user=").map(String::from)).unwrap();
    PathBuf::from(format!("postgresql:///{name}?host={}&user={user}", pg.socket_dir().display()))
}

/// A request with a JSON body and the headers given; status, headers, body.
async fn request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (u16, Vec<(String, String)>, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = cookie.map(|c| format!("Cookie: {c}\r\n")).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n{cookie}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, headers, text) = http_raw(None, addr, &req).await;
    let body = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
    (status, headers, body)
}

/// Signs `name` up through `POST /api/account`; its cookie (`tk_session=...`).
async fn sign_up(addr: std::net::SocketAddr, name: &str) -> String {
    let (status, headers, body) =
        request(addr, "POST", "/api/account", None, Some(json!({"name": name, "password": "a long password"}))).await;
    assert_eq!(status, 201, "{body}");
    let set = headers.iter().find(|(k, _)| k == "set-cookie").map(|(_, v)| v.clone()).expect("a session cookie");
    set.split(';').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_stored_and_reloaded_on_postgresql() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "games");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut seats = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for _ in 0..15 {
        let latest = seats.iter().map(Client::version).max().unwrap();
        for s in seats.iter_mut() {
            s.state_at_least(latest).await;
        }
        let p = seats.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
        let choices = seats[p].choices().unwrap();
        let v = seats[p].version();
        seats[p].choose(v, &choices[rng.gen_range(0..choices.len())]).await;
        seats[p].state_at_least(v + 1).await;
    }
    let version = seats.iter().map(Client::version).max().unwrap();
    let before = seats[0].state_at_least(version).await["view"].clone();
    drop(seats);
    server.stop();

    // an abrupt stop loses nothing that was acknowledged
    let server = TestServer::start(&db);
    let again = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    assert_eq!(again.version(), version);
    assert_eq!(again.view()["board"], before["board"]);
    assert_eq!(again.view()["seats"], before["seats"]);
    let (status, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["id"], id.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_and_a_rated_duel_on_postgresql() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "players");
    let server = TestServer::start(&db);
    let addr = server.addr;
    let ana = sign_up(addr, "Ana").await;
    let boris = sign_up(addr, "Boris").await;
    // the name is taken after normalisation, on this database too
    let (status, _, v) =
        request(addr, "POST", "/api/account", None, Some(json!({"name": "ANA", "password": "a long password"}))).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("name-taken")), "{v}");
    // sign in again: a second session
    let (status, _, v) =
        request(addr, "POST", "/api/session", None, Some(json!({"name": "Boris", "password": "a long password"})))
            .await;
    assert_eq!(status, 200, "{v}");
    let (status, _, v) =
        request(addr, "POST", "/api/session", None, Some(json!({"name": "Boris", "password": "wrong password"}))).await;
    assert_eq!((status, v["code"].as_str()), (401, Some("bad-credentials")), "{v}");

    let rated = json!({"form": "duel", "rated": true, "seats": [
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "human", "open": true}]});
    let (status, _, v) = request(addr, "POST", "/api/games", Some(&ana), Some(rated)).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["seats"][0]["token"].as_str().unwrap().to_string();
    let (status, _, v) =
        request(addr, "POST", &format!("/api/games/{id}/join"), Some(&boris), Some(json!({"seat": 1}))).await;
    assert_eq!(status, 200, "{v}");
    let mut a = Client::connect_with(addr, &id, &[("Cookie", ana.as_str())]).await;
    a.hello(Some(&token)).await;
    assert_eq!(a.recv().await["type"], "state");
    a.send(json!({"type": "resign"})).await;
    loop {
        if a.recv().await["over"] == true {
            break;
        }
    }

    let (status, p) = http_json(addr, "GET", "/api/players/Ana", None).await;
    assert_eq!(status, 200, "{p}");
    assert!(p["ratings"]["duel"]["rating"].as_f64().unwrap() < 1500.0, "{p}");
    assert_eq!(p["games"][0]["id"], id.as_str());
    assert_eq!(p["games"][0]["result"], "loss");
    let (_, b) = http_json(addr, "GET", "/api/players/boris", None).await;
    assert!(b["ratings"]["duel"]["rating"].as_f64().unwrap() > 1500.0, "{b}");

    // signed out: the session no longer counts
    let (status, _, _) = request(addr, "DELETE", "/api/session", Some(&ana), None).await;
    assert!(status == 200 || status == 204, "{status}");
    let (_, _, who) = request(addr, "GET", "/api/session", Some(&ana), None).await;
    assert!(who["name"].is_null(), "{who}");
}
