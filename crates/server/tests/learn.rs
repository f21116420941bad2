//! The lessons' routes on a real server: the list and a lesson in the
//! reader's language, a step replayed by the engine (the goal met, the next
//! lesson named), an illegal choice refused with nothing stored, hints, and
//! progress kept for an account and merged from the browser.

mod common;

use std::net::SocketAddr;
use std::path::Path;

use common::*;
use serde_json::{json, Value};
use tash_kalar_testkit::accounts::signed_in;

/// A request as [`req`] sends it, from `from`; the status, the headers
/// (names in lower case) and the body.
async fn req_from(
    from: Option<std::net::Ipv4Addr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: Option<Value>,
) -> (u16, Vec<(String, String)>, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut r = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for h in headers {
        r.push_str(h);
        r.push_str("\r\n");
    }
    r.push_str("\r\n");
    r.push_str(&body);
    let (status, head, text) = http_raw(from, addr, &r).await;
    (status, head, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON from {path}: {text}")))
}

async fn req(addr: SocketAddr, method: &str, path: &str, headers: &[&str], body: Option<Value>) -> (u16, Value) {
    let (status, _, v) = req_from(None, addr, method, path, headers, body).await;
    (status, v)
}

fn done_rows(db: &Path) -> Vec<(i64, String)> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut q = c.prepare("SELECT account_id, lesson FROM lesson_progress ORDER BY account_id, lesson").unwrap();
    let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
    rows
}

#[tokio::test]
async fn a_lesson_is_listed_played_by_the_engine_and_remembered_for_an_account() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("learn.sqlite");
    let server = TestServer::start(&db);
    let addr = server.addr;
    let ana = signed_in(&db, 100, "Ana").header();

    // the list, in the reader's language
    let (status, v) = req(addr, "GET", "/api/lessons", &["Accept-Language: es"], None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["lessons"][0]["id"], "placing");
    assert_eq!(v["lessons"][0]["title"], "Colocar fichas");
    assert_eq!(v["lessons"][0]["done"], false);
    assert_eq!(v["signed_in"], false);

    let (status, v) = req(addr, "GET", "/api/lessons/placing", &[], None).await;
    assert_eq!(status, 200, "{v}");
    assert!(v["text"].as_str().unwrap().contains("69 squares"), "{v}");
    assert_eq!(v["steps"][0]["hints"], 2);
    let (status, v) = req(addr, "GET", "/api/lessons/placing/steps/1/hints/2", &[], None).await;
    assert_eq!(status, 200, "{v}");
    assert!(v["text"].as_str().unwrap().contains("e5"));
    let (status, v) = req(addr, "GET", "/api/lessons/placing/steps/1/hints/3", &[], None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no-such-lesson")), "{v}");
    let (status, v) = req(addr, "GET", "/api/lessons/nope", &[], None).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("no-such-lesson")), "{v}");

    // the step's start: the learner's model and the choices offered
    let step = "/api/lessons/placing/steps/1";
    let (status, v) = req(addr, "POST", step, &[], Some(json!({"choices": []}))).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["done"], false);
    assert!(v["model"]["board"].is_string());
    let e5 = v["choices"].as_array().unwrap().iter().find(|c| c["square"] == "e5").expect("e5 offered");
    assert_eq!(e5["text"], "place e5");

    // an illegal choice: refused, nothing stored
    let (status, v) = req(addr, "POST", step, &[&ana], Some(json!({"choices": ["place c5"]}))).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("lesson-choice")), "{v}");
    assert!(v.to_string().contains("place c5"), "{v}");
    let (status, v) = req(addr, "POST", step, &[], Some(json!({"choices": ["x".repeat(201)]}))).await;
    assert_eq!((status, v["code"].as_str()), (413, Some("too-large")), "{v}");
    let (status, v) = req(addr, "POST", step, &[], Some(json!({"moves": []}))).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-request")), "{v}");
    assert!(done_rows(&db).is_empty());

    // a guest meets the goal: nothing stored
    let (status, v) = req(addr, "POST", step, &[], Some(json!({"choices": ["place e5"]}))).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["done"], true);
    assert_eq!(v["next"]["lesson"], "summoning");
    assert!(done_rows(&db).is_empty());

    // Ana meets it: stored, listed as done
    let (status, v) = req(addr, "POST", step, &[&ana], Some(json!({"choices": ["place e5"]}))).await;
    assert_eq!((status, v["done"].as_bool()), (200, Some(true)), "{v}");
    assert_eq!(done_rows(&db), vec![(100, "placing".to_string())]);
    let (_, v) = req(addr, "GET", "/api/lessons", &[&ana], None).await;
    assert_eq!(v["signed_in"], true);
    assert_eq!(v["lessons"][0]["done"], true);
    assert_eq!(v["lessons"][1]["done"], false);

    // ending the turn without the goal: failed, the step starts again
    let (_, v) = req(addr, "POST", "/api/lessons/summoning/steps/1", &[], Some(json!({"choices": []}))).await;
    assert_eq!(v["done"], false);
    let summoning = "/api/lessons/summoning/steps/1";
    let mut choices = vec!["place c1", "place d1"];
    let (_, v) = req(addr, "POST", summoning, &[], Some(json!({ "choices": choices }))).await;
    if v["failed"] == false {
        choices.push("end");
    }
    let (_, v) = req(addr, "POST", summoning, &[], Some(json!({ "choices": choices }))).await;
    assert_eq!((v["done"].as_bool(), v["failed"].as_bool()), (Some(false), Some(true)), "{v}");
    assert_eq!(v["choices"], json!([]));
    server.stop();
}

#[tokio::test]
async fn the_browsers_progress_merges_into_the_account() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("learn.sqlite");
    let server = TestServer::start(&db);
    let addr = server.addr;
    let bo = signed_in(&db, 101, "Bo").header();

    let body = json!({"done": ["summoning", "no-such-lesson", "placing"]});
    let (status, v) = req(addr, "PUT", "/api/lessons/progress", &[], Some(body.clone())).await;
    assert_eq!((status, v["code"].as_str()), (401, Some("sign-in-required")), "{v}");
    let (status, v) = req(addr, "PUT", "/api/lessons/progress", &[&bo], Some(body.clone())).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["done"], json!(["placing", "summoning"]), "unknown ids are dropped");
    // twice: the same
    let (_, v) = req(addr, "PUT", "/api/lessons/progress", &[&bo], Some(body)).await;
    assert_eq!(v["done"], json!(["placing", "summoning"]));
    assert_eq!(done_rows(&db).len(), 2);
    server.stop();
}

#[tokio::test]
async fn steps_hints_and_progress_writes_count_against_the_address_s_limit() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("learn.sqlite");
    let mut config = tash_kalar_server::Config::new(&db);
    config.lessons_limit = Some(tash_kalar_server::RateLimit { burst: 3, every: std::time::Duration::from_secs(3600) });
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let cy = signed_in(&db, 102, "Cy").header();

    // a hint, a step and a progress write: the three tokens
    let (status, v) = req(addr, "GET", "/api/lessons/placing/steps/1/hints/1", &[], None).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = req(addr, "POST", "/api/lessons/placing/steps/1", &[], Some(json!({"choices": []}))).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = req(addr, "PUT", "/api/lessons/progress", &[&cy], Some(json!({"done": ["summoning"]}))).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(done_rows(&db), vec![(102, "summoning".to_string())]);

    // then each is refused with 429 and a Retry-After, and nothing changes
    let refused = [
        ("POST", "/api/lessons/placing/steps/1", Some(json!({"choices": ["place e5"]}))),
        ("PUT", "/api/lessons/progress", Some(json!({"done": ["legends"]}))),
        ("GET", "/api/lessons/placing/steps/1/hints/1", None),
    ];
    for (method, path, body) in refused {
        let (status, head, v) = req_from(None, addr, method, path, &[&cy], body).await;
        assert_eq!((status, v["code"].as_str()), (429, Some("too-fast")), "{method} {path}: {v}");
        let retry: u64 = head.iter().find(|(k, _)| k == "retry-after").expect("Retry-After").1.parse().unwrap();
        assert!((3000..=3600).contains(&retry), "{retry}");
    }
    assert_eq!(done_rows(&db), vec![(102, "summoning".to_string())], "the refused step and write stored nothing");

    // reading the lessons costs nothing, and another address has its own allowance
    let (status, _) = req(addr, "GET", "/api/lessons/placing", &[], None).await;
    assert_eq!(status, 200);
    let other = Some(std::net::Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, v) = req_from(other, addr, "GET", "/api/lessons/placing/steps/1/hints/1", &[], None).await;
    assert_eq!(status, 200, "{v}");
    server.stop();
}
