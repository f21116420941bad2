//! Errors carry a stable machine code and its arguments, the English text
//! (`error`) and their words in the reader's language (`message`): the
//! WebSocket's hello names it, else the request's `tk-lang` cookie or
//! `Accept-Language`; every code of the server's one error enum has its
//! words in every language.

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
    assert_eq!(body["message"], Messages::new(Lang::En).text("error-bad-request", &[]), "{body}");
    server.stop();
}

/// An HTTP error is worded in the request's language: the `tk-lang`
/// cookie, else `Accept-Language`, else English; the code, args and the
/// English `error` do not change with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_error_comes_in_the_requests_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("codes-lang.sqlite"));
    let get = |headers: &'static str| async move {
        let req = format!(
            "GET /api/games/nosuchgame HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\r\n",
            server.addr
        );
        let (status, _, body) = http_raw(None, server.addr, &req).await;
        assert_eq!(status, 404, "{body}");
        serde_json::from_str::<serde_json::Value>(&body).unwrap()
    };
    let es = get("Accept-Language: es-ES,es;q=0.9\r\n").await;
    assert_eq!(es["message"], "no hay ninguna partida con este id", "{es}");
    assert_eq!(es["error"], "no game with this id", "{es}");
    assert_eq!(es["code"], "no-such-game", "{es}");
    let cs = get("Accept-Language: es\r\nCookie: tk-lang=cs\r\n").await;
    assert_eq!(cs["message"], "hra s tímto id neexistuje", "the stored choice wins: {cs}");
    let en = get("").await;
    assert_eq!(en["message"], "no game with this id", "{en}");
    // an error of the door itself (not JSON) is worded too
    let req = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAccept-Language: cs\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi",
        server.addr
    );
    let (status, _, body) = http_raw(None, server.addr, &req).await;
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!((status, &v["code"]), (415, &json!("not-json")), "{v}");
    assert_eq!(v["message"], Messages::new(Lang::Cs).text("error-not-json", &[]), "{v}");
    server.stop();
}

/// A WebSocket's errors come in its language: the upgrade's headers'
/// until the hello, then the one the hello names; two connections to one
/// game each get their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_error_comes_in_the_connections_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("codes-ws.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;

    // before the hello: the upgrade request's language
    let mut c = Client::connect_with(server.addr, &id, &[("accept-language", "es")]).await;
    c.send(json!({"type": "sync"})).await;
    let m = c.recv().await;
    assert_eq!(
        (m["code"].as_str(), m["message"].as_str()),
        (Some("hello-first"), Some("la página debe saludar primero"))
    );
    // a language we lack is refused, and the connection may say hello again
    c.send(json!({"type": "hello", "lang": "fr"})).await;
    assert_eq!(c.recv().await["code"], "bad-message");
    // the hello's language wins over the headers'
    c.send(json!({"type": "hello", "token": tokens[0], "lang": "cs"})).await;
    assert_eq!(c.recv().await["type"], "state");
    let mut es = Client::connect(server.addr, &id).await;
    es.send(json!({"type": "hello", "token": tokens[1], "lang": "es"})).await;
    assert_eq!(es.recv().await["type"], "state");
    let v = es.state_at_least(1).await["version"].as_u64().unwrap();
    for cl in [&mut c, &mut es] {
        cl.state_at_least(v).await;
        while cl.try_recv(Duration::from_millis(300)).await.is_some() {}
    }
    let v = es.version();
    for (client, lang) in [(&mut c, Lang::Cs), (&mut es, Lang::Es)] {
        client.choose(v + 7, "end").await;
        let m = client.recv().await;
        assert_eq!(m["code"], "stale-version", "{m}");
        let want =
            Messages::new(lang).text("error-stale-version", tash_kalar_i18n::args![("version", v + 7), ("current", v)]);
        assert_eq!(m["message"], want.as_str(), "{lang}: {m}");
        assert!(m["error"].as_str().unwrap().starts_with("stale"), "the English details stay: {m}");
    }
    server.stop();
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
