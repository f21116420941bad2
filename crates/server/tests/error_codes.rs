//! Errors carry a stable machine code and its arguments beside the English
//! text, so that a page words them in its reader's language; every code of
//! the server's one error enum has its words in every language, and the
//! page's list of codes is the enum's.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;
use tash_kalar_i18n::{Lang, Messages};
use tash_kalar_server::error::Code;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_choice_over_the_websocket_carries_its_code_and_args() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("codes.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let v = b.version();
    for c in [&mut a, &mut b] {
        c.state_at_least(v).await;
        while c.try_recv(Duration::from_millis(300)).await.is_some() {}
    }
    let legal = b.choices().expect("seat 2 places the start pieces");

    // a choice of the wrong kind for what is being decided
    b.choose(v, "summon imperial.knight e5 r0").await;
    let m = b.recv().await;
    assert_eq!(m["type"], "error", "{m}");
    assert_eq!(m["code"], "wrong-phase", "{m}");
    assert_eq!(m["args"]["choice"], "summon imperial.knight e5 r0", "{m}");
    assert_eq!(m["refusal"]["kind"], "wrong-phase", "{m}");
    assert!(m["message"].as_str().unwrap().contains("not a legal choice"), "{m}");

    // a start piece on a square where none may go: the nearest legal ones come as data
    let wrong = ["a5", "e1", "e9", "i5", "b2", "h8", "e5", "d4"]
        .iter()
        .map(|sq| format!("start {sq}"))
        .find(|c| !legal.contains(c))
        .expect("a square where no start piece may go");
    b.choose(v, &wrong).await;
    let m = b.recv().await;
    assert_eq!(m["code"], "illegal-nearest", "{m}");
    assert_eq!(m["args"]["choice"], wrong, "{m}");
    let nearest = m["refusal"]["nearest"].as_array().expect("the nearest choices as a list");
    assert!(!nearest.is_empty(), "{m}");
    for c in nearest {
        assert!(legal.contains(&c.as_str().unwrap().to_string()), "{c} is legal");
    }
    let joined: Vec<&str> = nearest.iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(m["args"]["nearest"], joined.join(", "), "{m}");

    // another seat's turn
    a.choose(v, &legal[0]).await;
    let m = a.recv().await;
    assert_eq!(m["code"], "not-your-turn", "{m}");
    assert_eq!(m["refusal"]["kind"], "wrong-seat", "{m}");
    assert_eq!(m["refusal"]["by"], 1, "{m}");
    assert_eq!(m["refusal"]["actor"], 2, "{m}");

    // text that is no choice, and a stale version
    b.choose(v, "flibbertigibbet").await;
    let m = b.recv().await;
    assert_eq!(m["code"], "unknown-choice", "{m}");
    assert_eq!(m["args"]["text"], "flibbertigibbet", "{m}");
    b.choose(v - 1, &legal[0]).await;
    let m = b.recv().await;
    assert_eq!(m["code"], "stale-version", "{m}");
    assert_eq!(m["args"]["version"], v - 1, "{m}");
    assert_eq!(m["args"]["current"], v, "{m}");

    // nothing changed
    b.choose(v, &legal[0]).await;
    b.state_at_least(v + 1).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_http_requests_carry_their_code_and_args() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("codes-http.sqlite"));
    let (status, body) = http_json(server.addr, "GET", "/api/games/nosuchgame", None).await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "no-such-game", "{body}");
    assert_eq!(body["args"], json!({}), "{body}");
    assert_eq!(body["error"], "no game with this id", "{body}");

    let (id, tokens) = create(server.addr, two_humans()).await;
    assert!(tokens[0].is_some());
    // a seat the game does not have: the refusal comes with its code and the seat
    let (status, body) =
        http_json(server.addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 5}))).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "no-such-seat", "{body}");
    assert_eq!(body["args"]["seat"], 6, "{body}");
    assert!(body["error"].as_str().unwrap().contains("no seat"), "{body}");

    let (status, body) = http_json(server.addr, "POST", "/api/games", Some(json!({"form": "nonsense"}))).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "bad-request", "{body}");
    assert!(body["error"].is_string(), "{body}");
    server.stop();
}

/// The page's list of the codes it words (`SERVER_ERRORS` in
/// `web/i18n.js`): the block between these lines.
const LIST_START: &str = "const SERVER_ERRORS = new Set([\n";
const LIST_END: &str = "]);\n";

/// The list as the server's [`Code`] makes it: every code's message id, in
/// the enum's order, wrapped as the rest of the file.
fn page_list() -> String {
    let mut out = String::new();
    let mut line = String::from(" ");
    for code in Code::all() {
        let item = format!(" 'error-{code}',");
        if line.len() + item.len() > 118 {
            out.push_str(&line);
            out.push('\n');
            line = String::from(" ");
        }
        line.push_str(&item);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Every code the server can send is in the page's list (written from
/// the enum: `TK_WRITE_ERROR_CODES=1 cargo test -p tash-kalar-server --test
/// error_codes`), and the list holds nothing else.
#[test]
fn the_pages_list_of_codes_is_the_servers() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/i18n.js");
    let js = std::fs::read_to_string(&path).unwrap();
    let start = js.find(LIST_START).expect("SERVER_ERRORS in web/i18n.js") + LIST_START.len();
    let end = start + js[start..].find(LIST_END).expect("the end of SERVER_ERRORS");
    let want = page_list();
    if std::env::var_os("TK_WRITE_ERROR_CODES").is_some() {
        std::fs::write(&path, format!("{}{want}{}", &js[..start], &js[end..])).unwrap();
        return;
    }
    assert_eq!(
        js[start..end],
        want,
        "web/i18n.js's SERVER_ERRORS is not the server's codes: TK_WRITE_ERROR_CODES=1 cargo test -p \
         tash-kalar-server --test error_codes"
    );
}

/// Every code has its words, `error-<code>`, in every language.
#[test]
fn every_code_has_a_message_in_every_language() {
    let codes: Vec<Code> = Code::all().collect();
    assert!(codes.len() > 40, "{codes:?}");
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        let missing: Vec<String> = codes.iter().map(|c| format!("error-{c}")).filter(|id| !m.has(id)).collect();
        assert!(missing.is_empty(), "{lang}: no words for {missing:?}");
    }
}
