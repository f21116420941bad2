//! No request can freeze or exhaust the server: requests checked at the
//! door (JSON content type, origins), seats reserved for their links,
//! connections bounded per address and closed when idle, WebSocket
//! messages bounded, a damaged database refused at start.

mod common;

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;
use tash_kalar_server::{AppState, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

const FLOOD: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

async fn until<F: std::future::Future<Output = bool>>(what: &str, mut f: impl FnMut() -> F) {
    let deadline = Instant::now() + WAIT;
    while !f().await {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn game_count(server: &TestServer) -> usize {
    let (_, games) = http_json(server.addr, "GET", "/api/games", None).await;
    games.as_array().unwrap().len()
}

#[tokio::test]
async fn a_post_that_does_not_say_json_is_refused_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("json.sqlite"));
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    for headers in [
        vec!["Content-Type: text/plain"],
        vec!["Content-Type: text/plain;charset=UTF-8"],
        vec!["Content-Type: application/x-www-form-urlencoded"],
        vec!["Content-Type: multipart/form-data; boundary=x"],
        vec![],
    ] {
        let (status, v) = post_with(server.addr, "/api/games", &headers, &body).await;
        assert_eq!(status, 415, "{headers:?}: {v}");
        assert!(v["error"].as_str().unwrap().contains("application/json"), "{v}");
    }
    assert_eq!(game_count(&server).await, 0, "nothing was created");
    let (id, _) = create(
        server.addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]),
    )
    .await;
    let (status, _) =
        post_with(server.addr, &format!("/api/games/{id}/join"), &["Content-Type: text/plain"], r#"{"seat":1}"#).await;
    assert_eq!(status, 415);
    let (status, v) = post_with(
        server.addr,
        &format!("/api/games/{id}/join"),
        &["Content-Type: application/json; charset=utf-8"],
        r#"{"seat":1}"#,
    )
    .await;
    assert_eq!(status, 200, "{v}");
}

#[tokio::test]
async fn a_cross_origin_post_or_websocket_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("origin.sqlite"));
    config.allow_origins = vec!["https://tk.example.org".into()];
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    let json_type = "Content-Type: application/json";
    for origin in ["Origin: http://evil.example", "Origin: null", "Origin: http://127.0.0.1:1"] {
        let (status, v) = post_with(addr, "/api/games", &[json_type, origin], &body).await;
        assert_eq!(status, 403, "{origin}: {v}");
        assert!(v["error"].as_str().unwrap().contains("other sites"), "{v}");
    }
    assert_eq!(game_count(&server).await, 0, "nothing was created");
    // the server's own origin, an allowed one, and no origin at all (not a browser)
    let own = format!("Origin: http://{addr}");
    for headers in [vec![json_type, own.as_str()], vec![json_type, "Origin: https://tk.example.org"], vec![json_type]] {
        let (status, v) = post_with(addr, "/api/games", &headers, &body).await;
        assert_eq!(status, 201, "{headers:?}: {v}");
    }
    let (_, games) = http_json(addr, "GET", "/api/games", None).await;
    let id = games[0]["id"].as_str().unwrap().to_string();
    // a WebSocket opened by another site's page
    let ws_request = |origin: &str| {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/games/{id}/ws").into_client_request().unwrap();
        req.headers_mut().insert("Origin", origin.parse().unwrap());
        req
    };
    match tokio_tungstenite::connect_async(ws_request("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 403),
        other => panic!("a cross-origin WebSocket is refused: {:?}", other.map(|_| ())),
    }
    assert!(tokio_tungstenite::connect_async(ws_request(&format!("http://{addr}"))).await.is_ok());
    // reading is not refused: the lobby's list and the pages stay public
    let (status, _, _) = http_raw(
        None,
        addr,
        &format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 200);
}

/// DNS rebinding: a page on another name, rebound to this machine, is
/// its own origin, so only the `Host` it names tells it apart.
#[tokio::test]
async fn a_request_for_another_host_name_is_refused_before_any_handler() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("host.sqlite"));
    config.allow_origins = vec!["https://tk.example.org".into()];
    config.host_names = vec!["tk.lan".into()];
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let port = addr.port();
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    let request = |host: &str, method: &str, path: &str| {
        let (len, body) = if method == "POST" { (body.len(), body.as_str()) } else { (0, "") };
        format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\n\
             Connection: close\r\nContent-Length: {len}\r\n\r\n{body}"
        )
    };
    for host in
        [format!("evil.example:{port}"), format!("127.0.0.1.evil.example:{port}"), "localhost.evil.example".into()]
    {
        for (method, path) in [("POST", "/api/games"), ("GET", "/api/games"), ("GET", "/")] {
            let (status, _, text) = http_raw(None, addr, &request(&host, method, path)).await;
            assert_eq!(status, 403, "{host} {method} {path}: {text}");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["code"], "unknown-host", "{v}");
        }
    }
    assert_eq!(game_count(&server).await, 0, "nothing was created");
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        "tk.example.org".into(),
        format!("TK.LAN:{port}"),
    ] {
        let (status, _, text) = http_raw(None, addr, &request(&host, "POST", "/api/games")).await;
        assert_eq!(status, 201, "{host}: {text}");
    }
    // a WebSocket upgrade naming another host is refused too
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/api/games/x/ws").into_client_request().unwrap();
    req.headers_mut().insert("Host", format!("evil.example:{port}").parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 403),
        other => panic!("a WebSocket for another host is refused: {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn seats_are_reserved_for_their_links_unless_open() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("seats.sqlite"));
    let (id, tokens) = create_form(
        server.addr,
        "melee",
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true},
               {"school": "highland", "player": "human"}]),
    )
    .await;
    let (_, open) = http_json(server.addr, "GET", "/api/games?status=open", None).await;
    assert_eq!(open.as_array().unwrap().len(), 1, "{open}");
    let seats: Vec<(bool, bool)> = open[0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["open"].as_bool().unwrap(), s["taken"].as_bool().unwrap()))
        .collect();
    assert_eq!(seats, [(false, false), (true, false), (false, false)]);
    let join = |seat: u64| {
        let path = format!("/api/games/{id}/join");
        let addr = server.addr;
        async move { http_json(addr, "POST", &path, Some(json!({"seat": seat}))).await }
    };
    // the creator's own seat and a friend's: reserved
    for seat in [0, 2] {
        let (status, v) = join(seat).await;
        assert_eq!(status, 403, "{v}");
        assert!(v["error"].as_str().unwrap().contains("reserved"), "{v}");
    }
    // the open seat: the first stranger takes it, the second is too late
    let (status, v) = join(1).await;
    assert_eq!(status, 200, "{v}");
    let (status, _) = join(1).await;
    assert_eq!(status, 409);
    // no open seat is left: the game is no longer listed as open
    let (_, open) = http_json(server.addr, "GET", "/api/games?status=open", None).await;
    assert_eq!(open, json!([]));
    // the reserved seats' links still work
    for seat in [0, 2] {
        let c = Client::join(server.addr, &id, tokens[seat].as_deref()).await;
        assert_eq!(c.state.as_ref().unwrap()["seat"], seat);
        assert_eq!(c.state.as_ref().unwrap()["players"][seat]["open"], false);
    }
}

#[tokio::test]
async fn a_flood_of_idle_connections_from_one_address_does_not_stop_another_and_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("flood.sqlite"));
    config.max_connections_per_address = 8;
    config.header_timeout = Duration::from_millis(1500);
    config.hello_timeout = Duration::from_millis(1500);
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let (id, _) = create(addr, two_humans()).await;
    let flood_ip = IpAddr::V4(FLOOD);

    // the flood: WebSockets that never say hello, silent connections, half-sent requests
    let started = Instant::now();
    let mut sockets = Vec::new();
    for _ in 0..2 {
        sockets.push(Client::connect_from(FLOOD, addr, &id).await);
    }
    let mut raw = Vec::new();
    for i in 0..6 {
        let mut s = connect_from(Some(FLOOD), addr).await;
        if i % 2 == 1 {
            s.write_all(format!("POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Ty").as_bytes()).await.unwrap();
        }
        raw.push(s);
    }
    until("the flood's connections are counted", || async { server.state.connections_from(flood_ip) == 8 }).await;
    // the flood's address is at its limit: one more is refused at once
    let (status, _, body) = http_from(Some(FLOOD), addr, "GET", "/api/games", None).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("connections"), "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).expect("a JSON answer");
    assert_eq!(answer["code"], "too-many-requests", "a code the page words in its language: {body}");

    // meanwhile another address creates and plays a game
    let (mine, my_tokens) = create(addr, two_humans()).await;
    let mut a = Client::join(addr, &mine, my_tokens[0].as_deref()).await;
    let mut b = Client::join(addr, &mine, my_tokens[1].as_deref()).await;
    for _ in 0..6 {
        let (p, q) = if a.choices().is_some() { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let v = p.version();
        let choice = p.choices().expect("a seat is to choose")[0].clone();
        p.choose(v, &choice).await;
        p.state_at_least(v + 1).await;
        q.state_at_least(v + 1).await;
    }

    // the flood's WebSockets are closed for want of a hello, with a reason
    for mut s in sockets {
        let mut code = None;
        while let Some(m) = s.next_frame(WAIT).await {
            if let Message::Close(Some(frame)) = m {
                assert!(frame.reason.contains("hello"), "{frame:?}");
                code = Some(frame.code);
                break;
            }
        }
        assert_eq!(code, Some(CloseCode::Policy), "closed with 1008");
    }
    // the silent and half-sent connections are closed after the header timeout
    for mut s in raw {
        let mut buf = Vec::new();
        let read = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
        assert!(read.is_ok(), "the server closed the connection");
    }
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(1400) && took < Duration::from_secs(10), "closed after {took:?}");
    until("the flood's places are given back", || async { server.state.connections_from(flood_ip) == 0 }).await;
    let (status, _, _) = http_from(Some(FLOOD), addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200, "the address may connect again");
    drop((a, b));
}

#[tokio::test]
async fn a_body_sent_too_slowly_is_cut_off_with_408() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("slow.sqlite"));
    config.request_timeout = Duration::from_secs(1);
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let mut s = connect_from(None, addr).await;
    let started = Instant::now();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"form\""
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut answer)).await.expect("an answer").unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(game_count(&server).await, 0);
}

#[tokio::test]
async fn spectators_from_one_address_cannot_hold_every_live_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("spectators.sqlite"));
    config.max_live_games = 6;
    config.max_connections_per_address = 4;
    let server = TestServer::start_with(config);
    let addr = server.addr;
    let body = json!({"form": "duel", "seats": two_humans()}).to_string();
    let mut ids = Vec::new();
    for _ in 0..6 {
        let (status, _, text) = http_from(Some(FLOOD), addr, "POST", "/api/games", Some(&body)).await;
        assert_eq!(status, 201, "{text}");
        ids.push(serde_json::from_str::<serde_json::Value>(&text).unwrap()["id"].as_str().unwrap().to_string());
    }
    // the flood watches as many games as its address may hold sockets
    let mut watching = Vec::new();
    for id in &ids[..4] {
        let mut c = Client::connect_from(FLOOD, addr, id).await;
        c.hello(None).await;
        assert_eq!(c.recv().await["type"], "state");
        watching.push(c);
    }
    let stream = connect_from(Some(FLOOD), addr).await;
    let refused = tokio_tungstenite::client_async(
        format!("ws://{addr}/api/games/{}/ws", ids[4]),
        tokio_tungstenite::MaybeTlsStream::Plain(stream),
    )
    .await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 429),
        other => panic!("a fifth socket from the address is refused: {:?}", other.map(|_| ())),
    }
    // another address still creates and opens games: the unwatched ones make room
    for _ in 0..2 {
        let (id, tokens) = create(addr, two_humans()).await;
        let c = Client::join(addr, &id, tokens[0].as_deref()).await;
        assert_eq!(c.state.as_ref().unwrap()["seat"], 0);
        watching.push(c);
    }
    assert_eq!(server.state.live_games().await, 6);
}

#[tokio::test]
async fn a_websocket_that_answers_no_ping_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("ping.sqlite"));
    config.ping_interval = Duration::from_millis(300);
    let server = TestServer::start_with(config);
    let (id, _) = create(server.addr, two_humans()).await;
    let local = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let mut c = Client::join(server.addr, &id, None).await;
    // a live client answers the pings (the library does, when read) and stays
    let live_until = Instant::now() + Duration::from_millis(1500);
    let mut pings = 0;
    while let Some(left) = live_until.checked_duration_since(Instant::now()) {
        match c.next_frame(left).await {
            Some(Message::Ping(_)) => pings += 1,
            Some(other) => panic!("only pings come: {other:?}"),
            None => break,
        }
    }
    assert!(pings >= 3, "{pings} pings");
    assert_eq!(server.state.connections_from(local), 1);
    let dropped = Instant::now();
    // a client that reads nothing answers no ping: it is dropped
    until("the silent client is dropped", || async { server.state.connections_from(local) == 0 }).await;
    assert!(dropped.elapsed() < Duration::from_secs(5), "dropped after {:?}", dropped.elapsed());
    drop(c);
}

#[tokio::test]
async fn a_message_over_16_kib_is_refused_with_a_close_frame_1009() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("big.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    // 17 KiB is read whole, then refused; 200 KiB is refused by the
    // WebSocket layer before it is read
    for (hello_first, size) in [(true, 17), (false, 17), (true, 200)] {
        let mut c = Client::connect(server.addr, &id).await;
        if hello_first {
            c.hello(tokens[0].as_deref()).await;
            assert_eq!(c.recv().await["type"], "state");
        }
        let big = json!({"type": "choose", "version": 1, "choice": "x".repeat(size * 1024)}).to_string();
        c.send_text(&big).await;
        let mut close = None;
        while let Some(m) = c.next_frame(WAIT).await {
            if let Message::Close(frame) = m {
                close = frame;
                break;
            }
        }
        let frame = close.expect("a close frame, not a reset");
        assert_eq!(frame.code, CloseCode::Size, "{frame:?}");
        assert!(frame.reason.contains("16384"), "{frame:?}");
    }
    // a message of 16 KiB exactly is read (and refused as a choice)
    let mut c = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let pad = 16 * 1024 - json!({"type": "choose", "version": 1, "choice": ""}).to_string().len();
    c.send_text(&json!({"type": "choose", "version": 1, "choice": "x".repeat(pad)}).to_string()).await;
    assert_eq!(c.recv().await["type"], "error");
}

#[tokio::test]
async fn a_damaged_database_file_is_refused_at_start_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("damaged.sqlite");
    let server = TestServer::start(&db);
    for _ in 0..20 {
        create(
            server.addr,
            json!([{"school": "northern", "player": "human", "name": "A long enough name to fill pages"},
                                   {"school": "southern", "player": "human"}]),
        )
        .await;
    }
    server.stop();
    // fold the write-ahead log into the file, so the pages are all in it
    // (once the stopped server's connections are closed)
    let deadline = Instant::now() + WAIT;
    loop {
        let c = rusqlite::Connection::open(&db).unwrap();
        match c.pragma_update(None, "journal_mode", "DELETE") {
            Ok(()) => break,
            Err(e) => assert!(Instant::now() < deadline, "{e}"),
        }
        drop(c);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let len = std::fs::metadata(&db).unwrap().len();
    let pages = len / 4096;
    assert!(pages >= 4, "{pages} pages");
    // garbage over a page in the middle of the file
    let mut bytes = std::fs::read(&db).unwrap();
    let at = (pages / 2) as usize * 4096;
    for (i, b) in bytes[at..at + 4096].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37).wrapping_add(11);
    }
    std::fs::write(&db, &bytes).unwrap();
    let err = match AppState::open(Config::new(&db)).await {
        Ok(_) => panic!("the server starts on a damaged file"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("is damaged") && err.contains("will not start") && err.contains(".recover"), "{err}");
    assert!(err.contains(&db.display().to_string()), "{err}");
    // a file that is not a database at all
    std::fs::write(&db, vec![0x5a; 8192]).unwrap();
    let err = AppState::open(Config::new(&db)).await.err().expect("refused").to_string();
    assert!(err.contains("is damaged"), "{err}");
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_as_json_with_its_code_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("large.sqlite"));
    // valid JSON, padded past axum's 2 MB limit on a body
    let padding = "x".repeat(3 << 20);
    let body = json!({"form": "duel", "seats": two_humans(), "padding": padding}).to_string();
    let (status, v) = post_with(server.addr, "/api/games", &["Content-Type: application/json"], &body).await;
    assert_eq!(status, 413, "{v}");
    assert_eq!(v["code"], "too-large", "{v}");
    assert!(v["error"].as_str().unwrap().contains("too large"), "{v}");
    assert_eq!(game_count(&server).await, 0, "nothing was created");
    // the same for joining a seat
    let (id, _) = create(
        server.addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]),
    )
    .await;
    let join = format!(r#"{{"seat":1,"padding":"{padding}"}}"#);
    let path = format!("/api/games/{id}/join");
    let (status, v) = post_with(server.addr, &path, &["Content-Type: application/json"], &join).await;
    assert_eq!((status, v["code"].as_str()), (413, Some("too-large")), "{v}");
    // the seat is still open
    let (status, v) = post_with(server.addr, &path, &["Content-Type: application/json"], r#"{"seat":1}"#).await;
    assert_eq!(status, 200, "{v}");
}
