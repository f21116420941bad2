//! Table manners over real WebSocket clients: take-back requests (offer,
//! decline, accept, in a rated game, where the rules' policy forbids),
//! the spectators' chat kept from the players, and the chat lines of a
//! blocked account left out by the server.

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use tash_kalar_testkit::accounts;

/// Reads messages until none comes for a moment.
async fn quiet(c: &mut Client) {
    while c.try_recv(Duration::from_millis(300)).await.is_some() {}
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

/// Reads messages until one of the spectators' chat with lines comes;
/// `None` if none comes within `wait`.
async fn spectator_lines(c: &mut Client, wait: Duration) -> Option<Vec<Value>> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let m = c.try_recv(left).await?;
        if m["type"] == "spectator-chat" && m["lines"].as_array().is_some_and(|l| !l.is_empty()) {
            return Some(m["lines"].as_array().unwrap().clone());
        }
    }
}

/// The next error message, skipping the states and lines before it.
async fn next_error(c: &mut Client) -> Arc<Value> {
    loop {
        let m = c.recv().await;
        if m["type"] == "error" {
            return m;
        }
    }
}

/// Two players of a new duel, the one to choose first, at the start of a
/// turn where it may place a piece (the game's opening choices made).
async fn players(addr: std::net::SocketAddr, id: &str, tokens: &[Option<String>]) -> (Client, Client, u64) {
    let mut a = Client::join(addr, id, tokens[0].as_deref()).await;
    let mut b = Client::join(addr, id, tokens[1].as_deref()).await;
    loop {
        quiet(&mut a).await;
        quiet(&mut b).await;
        let (mut p, mut q, seat) = if a.choices().is_some() { (a, b, 0) } else { (b, a, 1) };
        let choices = p.choices().expect("one of the seats chooses");
        if choices.iter().any(|c| c.starts_with("place ")) && p.view()["can"]["undo"] == false {
            return (p, q, seat);
        }
        let v = p.version();
        p.choose(v, &choices[0]).await;
        p.state_at_least(v + 1).await;
        q.state_at_least(v + 1).await;
        (a, b) = if seat == 0 { (p, q) } else { (q, p) };
    }
}

/// `p` places a piece; returns the version after it.
async fn place(p: &mut Client, q: &mut Client) -> u64 {
    let v = p.version();
    let choice = p.choices().unwrap().into_iter().find(|c| c.starts_with("place ")).expect("a placement");
    p.choose(v, &choice).await;
    p.state_at_least(v + 1).await;
    q.state_at_least(v + 1).await;
    v + 1
}

fn can(c: &Client) -> &Value {
    &c.view()["can"]
}

#[tokio::test]
async fn a_declined_takeback_changes_nothing_and_is_final_for_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let (mut p, mut q, seat) = players(server.addr, &id, &tokens).await;
    // nothing to take back at the turn's start
    assert_eq!(can(&p)["takeback_request"], false);
    let v = place(&mut p, &mut q).await;
    let before = p.view().clone();
    assert_eq!(can(&p)["takeback_request"], true);
    assert_eq!(can(&q)["takeback_request"], false, "the other seat has nothing of its own to take back");

    p.send(json!({"type": "takeback-offer", "version": v})).await;
    let asked = until(&mut q, |s| s["view"]["can"]["takeback_answer"] == true).await;
    assert_eq!(asked["view"]["can"]["takeback"], json!({"seat": seat, "choices": 1}));
    let open = until(&mut p, |s| s["view"]["can"].get("takeback").is_some()).await;
    assert_eq!(open["view"]["can"]["takeback_request"], false, "one request at a time");
    assert_eq!(open["view"]["can"]["takeback_answer"], false, "the asker does not answer");
    // the asker cannot answer its own request, nor ask twice
    p.send(json!({"type": "takeback-accept", "version": v})).await;
    assert!(p.error().await.contains("no take-back request"));
    p.send(json!({"type": "takeback-offer", "version": v})).await;
    assert!(p.error().await.contains("already open"));

    q.send(json!({"type": "takeback-decline"})).await;
    let after = until(&mut p, |s| s["view"]["can"].get("takeback").is_none()).await;
    assert_eq!(after["version"], v, "a decline changes nothing");
    assert_eq!(after["view"]["board"], before["board"]);
    assert_eq!(after["view"]["can"]["takeback_request"], false, "declined at this position");
    assert_eq!(after["view"]["can"]["undo"], true, "a casual game keeps the plain take-back");
    p.send(json!({"type": "takeback-offer", "version": v})).await;
    assert!(p.error().await.contains("declined"));
    quiet(&mut q).await;
    assert_eq!(can(&q)["takeback_answer"], false);
    q.send(json!({"type": "takeback-accept", "version": v})).await;
    assert!(q.error().await.contains("no take-back request"));
    // the game moving on (a plain take-back, the piece placed again) lets the seat ask again
    p.send(json!({"type": "undo", "version": v})).await;
    p.state_at_least(v + 1).await;
    q.state_at_least(v + 1).await;
    let v = place(&mut p, &mut q).await;
    assert_eq!(can(&p)["takeback_request"], true, "at version {v}");
}

#[tokio::test]
async fn an_accepted_takeback_appends_the_undo_entries() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let (mut p, mut q, seat) = players(server.addr, &id, &tokens).await;
    let start = p.view().clone();
    let v0 = p.version();
    let v = place(&mut p, &mut q).await;
    p.send(json!({"type": "takeback-offer", "version": v})).await;
    until(&mut q, |s| s["view"]["can"]["takeback_answer"] == true).await;
    // an answer for another position is stale
    q.send(json!({"type": "takeback-accept", "version": v - 1})).await;
    assert!(q.error().await.starts_with("stale"));
    q.send(json!({"type": "takeback-accept", "version": v})).await;
    let undone = p.state_at_least(v + 1).await;
    assert_eq!(undone["version"], v + 1, "one undo entry for the one choice");
    assert_eq!(undone["view"]["board"], start["board"], "the position goes back");
    assert_eq!(undone["view"]["legal"], start["legal"]);
    assert!(undone["view"]["can"].get("takeback").is_none());
    let last = p.log.last().unwrap();
    assert_eq!(last["kind"], "undo");
    assert_eq!(last["seat"], seat);
    assert_eq!(last["undoes"], v0 + 1);
    // the log is append-only: the choice and its take-back are both stored
    let n: i64 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT count(*) FROM log WHERE game_id = ?1 AND kind = 'undo'", [&id], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
}

/// Marks a stored game rated (as the ratings' creation will), the server
/// being stopped.
fn make_rated(db: &Path, id: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    c.execute("UPDATE games SET rated = 1 WHERE id = ?1", [id]).unwrap();
}

#[tokio::test]
async fn in_a_rated_game_a_takeback_is_only_by_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    server.stop();
    make_rated(&db, &id);
    let server = TestServer::start(&db);
    let (mut p, mut q, _) = players(server.addr, &id, &tokens).await;
    let start = p.view().clone();
    let v = place(&mut p, &mut q).await;
    assert_eq!(can(&p)["undo"], false, "no plain take-back in a rated game");
    assert_eq!(can(&p)["takeback_request"], true);
    p.send(json!({"type": "undo", "version": v})).await;
    assert!(p.error().await.contains("agreement"));
    p.send(json!({"type": "takeback-offer", "version": v})).await;
    until(&mut q, |s| s["view"]["can"]["takeback_answer"] == true).await;
    q.send(json!({"type": "takeback-accept", "version": v})).await;
    let undone = p.state_at_least(v + 1).await;
    assert_eq!(undone["view"]["board"], start["board"]);
    assert_eq!(p.log.last().unwrap()["kind"], "undo");
}

#[tokio::test]
async fn a_takeback_the_rules_policy_forbids_cannot_be_asked() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let (mut p, mut q, _) = players(server.addr, &id, &tokens).await;
    let v = p.version();
    // nothing chosen this turn yet, and the other seat's turn ended
    p.send(json!({"type": "takeback-offer", "version": v})).await;
    assert!(p.error().await.starts_with("nothing to take back"));
    q.send(json!({"type": "takeback-offer", "version": v})).await;
    assert!(q.error().await.starts_with("nothing to take back"));
    // a turn ended is past the policy: the other seat played, then asks
    let v = place(&mut p, &mut q).await;
    let end = p.choices().unwrap().into_iter().find(|c| c == "end");
    if let Some(end) = end {
        p.choose(v, &end).await;
        let s = p.state_at_least(v + 1).await;
        assert_eq!(s["view"]["can"]["takeback_request"], false, "not past the end of a turn");
        let v = s["version"].as_u64().unwrap();
        p.send(json!({"type": "takeback-offer", "version": v})).await;
        assert!(p.error().await.starts_with("nothing to take back"));
    }
    // nobody to ask against a bot
    let (id, tokens) = create(
        server.addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "bot", "bot": "random"}]),
    )
    .await;
    let mut h = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let s = until(&mut h, |s| s["view"]["legal"].is_array()).await;
    let v = s["version"].as_u64().unwrap();
    let choice = h.choices().unwrap().into_iter().find(|c| c.starts_with("place ")).unwrap();
    h.choose(v, &choice).await;
    let s = h.state_at_least(v + 1).await;
    assert_eq!(s["view"]["can"]["undo"], true);
    assert_eq!(s["view"]["can"]["takeback_request"], false, "nobody to ask");
    h.send(json!({"type": "takeback-offer", "version": v + 1})).await;
    assert!(h.error().await.contains("nobody to ask"));
}

#[tokio::test]
async fn the_spectators_chat_is_not_sent_to_the_players_during_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let (mut p, mut q, _) = players(server.addr, &id, &tokens).await;
    let mut s1 = Client::join(server.addr, &id, None).await;
    let mut s2 = Client::join(server.addr, &id, None).await;
    quiet(&mut s2).await;
    s1.send(json!({"type": "chat", "text": "nice opening"})).await;
    let lines = spectator_lines(&mut s2, WAIT).await.expect("the other spectator reads it");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["text"], "nice opening");
    assert_eq!(lines[0]["n"], 1);
    assert!(lines[0].get("name").is_none(), "a guest has no name");
    assert!(spectator_lines(&mut s1, WAIT).await.is_some(), "the writer reads it too");
    // the players' chat stays the players': spectators read it, players never the spectators'
    p.send(json!({"type": "chat", "text": "good luck"})).await;
    let s = until(&mut s2, |s| s["chat"].as_array().is_some_and(|c| !c.is_empty())).await;
    assert_eq!(s["chat"][0]["text"], "good luck");
    assert!(spectator_lines(&mut p, Duration::from_millis(800)).await.is_none());
    assert!(spectator_lines(&mut q, Duration::from_millis(200)).await.is_none());
    assert!(p.raw.iter().chain(q.raw.iter()).all(|m| !m.to_string().contains("nice opening")));
    // checked as the players' chat is
    s1.send(json!({"type": "chat", "text": "\u{202E}olleh"})).await;
    assert_eq!(next_error(&mut s1).await["code"], "bad-chat");
    // a new spectator gets the recent lines on hello
    let mut s3 = Client::join(server.addr, &id, None).await;
    assert_eq!(spectator_lines(&mut s3, WAIT).await.unwrap()[0]["text"], "nice opening");
    // once the game is over, the players read it too
    p.send(json!({"type": "resign"})).await;
    let lines = spectator_lines(&mut p, WAIT).await.expect("after the game");
    assert_eq!(lines[0]["text"], "nice opening");
    // stored: a restart keeps it
    server.stop();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let mut s4 = Client::join(server.addr, &id, None).await;
    assert_eq!(spectator_lines(&mut s4, WAIT).await.unwrap()[0]["text"], "nice opening");
}

#[tokio::test]
async fn spectators_chat_is_paced_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("g.sqlite"));
    let (id, _) = create(server.addr, two_humans()).await;
    let mut s1 = Client::join(server.addr, &id, None).await;
    let mut s2 = Client::join(server.addr, &id, None).await;
    // two connections from one address share one allowance (5 at once, then
    // one every 2 s): the second connection's 4 lines after the first's 5
    // would each be within a connection's own allowance
    for i in 0..5 {
        s1.send(json!({"type": "chat", "text": format!("line {i}")})).await;
    }
    for i in 5..9 {
        s2.send(json!({"type": "chat", "text": format!("line {i}")})).await;
    }
    // (a wait bounded here: the server's pings keep a reading client waiting)
    let refused = tokio::time::timeout(Duration::from_secs(60), next_error(&mut s2)).await.expect("a refusal");
    assert_eq!(refused["code"], "chat-too-fast", "{refused}");
    drop(s1);
}

async fn signed_in(addr: std::net::SocketAddr, id: &str, token: Option<&str>, session: &str) -> Client {
    let cookie = format!("tk_session={session}");
    let mut c = Client::connect_with(addr, id, &[("cookie", &cookie)]).await;
    c.hello(token).await;
    let m = c.recv().await;
    assert_eq!(m["type"], "state", "{m}");
    c
}

#[tokio::test]
async fn chat_lines_of_a_blocked_account_are_not_shown_to_the_blocker() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    server.stop();
    let (ana, bo, cy, dee) = {
        let c = rusqlite::Connection::open(&db).unwrap();
        let ana = accounts::signed_in(&db, 1, "Ana").token;
        let bo = accounts::signed_in(&db, 2, "Bo").token;
        let cy = accounts::signed_in(&db, 3, "Cy").token;
        let dee = accounts::signed_in(&db, 4, "Dee").token;
        c.execute("UPDATE seats SET account_id = seat + 1 WHERE game_id = ?1", [&id]).unwrap();
        // the pairing module's table (its migration makes it once merged)
        c.execute_batch(
            "CREATE TABLE IF NOT EXISTS blocks (account_id INTEGER NOT NULL, blocked_id INTEGER NOT NULL,
                                                created INTEGER NOT NULL);
             INSERT INTO blocks (account_id, blocked_id, created) VALUES (1, 2, 0), (4, 3, 0);",
        )
        .unwrap();
        (ana, bo, cy, dee)
    };
    let server = TestServer::start(&db);
    let mut a = signed_in(server.addr, &id, tokens[0].as_deref(), &ana).await;
    let mut b = signed_in(server.addr, &id, tokens[1].as_deref(), &bo).await;
    let mut c = signed_in(server.addr, &id, None, &cy).await;
    let mut d = signed_in(server.addr, &id, None, &dee).await;
    let mut guest = Client::join(server.addr, &id, None).await;
    quiet(&mut a).await;
    b.send(json!({"type": "chat", "text": "a word from Bo"})).await;
    let line = |s: &Value| s["chat"].as_array().and_then(|c| c.first().cloned());
    let seen = until(&mut guest, |s| line(s).is_some()).await;
    assert_eq!(line(&seen).unwrap()["text"], "a word from Bo");
    let hidden = until(&mut a, |s| line(s).is_some()).await;
    let hidden = line(&hidden).unwrap();
    assert_eq!(hidden["blocked"], true);
    assert!(hidden.get("text").is_none(), "the blocker is never sent the text: {hidden}");
    assert!(a.raw.iter().all(|m| !m.to_string().contains("a word from Bo")));
    // a spectator's line, by account name, left out for the spectator who blocks its author
    c.send(json!({"type": "chat", "text": "Cy here"})).await;
    let lines = spectator_lines(&mut guest, WAIT).await.unwrap();
    assert_eq!(lines[0]["name"], "Cy");
    assert!(spectator_lines(&mut d, Duration::from_millis(800)).await.is_none());
    assert!(d.raw.iter().all(|m| !m.to_string().contains("Cy here")));
    assert!(spectator_lines(&mut c, WAIT).await.is_some());
    // a block stands both ways: Ana's lines do not reach Bo either; a guest reads both
    a.send(json!({"type": "chat", "text": "hello Bo"})).await;
    let two = |s: &Value| s["chat"].as_array().is_some_and(|c| c.iter().any(|l| l["n"] == 2));
    let s = until(&mut guest, two).await;
    assert_eq!(s["chat"][0]["text"], "hello Bo");
    let s = until(&mut b, two).await;
    assert_eq!(s["chat"][0], json!({"n": 2, "seat": 0, "blocked": true}));
    assert!(b.raw.iter().all(|m| !m.to_string().contains("hello Bo")));
    // Cy, blocked by Dee, is not sent Dee's lines either
    d.send(json!({"type": "chat", "text": "Dee here"})).await;
    assert_eq!(spectator_lines(&mut guest, WAIT).await.unwrap()[0]["text"], "Dee here");
    assert!(spectator_lines(&mut c, Duration::from_millis(800)).await.is_none());
}
