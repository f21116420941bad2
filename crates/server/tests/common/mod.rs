//! A real server on a loopback port over a real SQLite file, a plain
//! HTTP/1.1 client, and a real WebSocket client.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tash_kalar_server::{serve_on, AppState, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for one message before it fails.
pub const WAIT: Duration = Duration::from_secs(30);

/// A server in its own thread and runtime. Stopping it drops the runtime
/// with every task in it at once (no graceful shutdown), as a crash would.
pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    pub db: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    pub fn start(db: &Path) -> TestServer {
        TestServer::start_with(Config::new(db))
    }

    pub fn start_with(config: Config) -> TestServer {
        let db = config.db.clone();
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("server")
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let state = AppState::open(config).await.expect("the server opens its database");
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send((listener.local_addr().unwrap(), state.clone())).unwrap();
                tokio::select! {
                    r = serve_on(listener, state, std::future::pending()) => r.unwrap(),
                    _ = stop_rx => {}
                }
            });
            rt.shutdown_background();
        });
        let (addr, state) = addr_rx.recv_timeout(WAIT).expect("the server starts");
        TestServer { addr, state, db, stop: Some(stop_tx), thread: Some(thread) }
    }

    /// Stops the server abruptly.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.halt();
    }
}

/// One HTTP/1.1 request; returns the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let (status, _, body) = http_from(None, addr, method, path, body).await;
    (status, body)
}

/// One HTTP/1.1 request from a chosen loopback address (127.0.0.2 ...);
/// returns the status, the headers (names in lower case) and the body.
pub async fn http_from(
    from: Option<std::net::Ipv4Addr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, Vec<(String, String)>, String) {
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    http_raw(from, addr, &req).await
}

/// A TCP connection to the server from a chosen loopback address.
pub async fn connect_from(from: Option<std::net::Ipv4Addr>, addr: SocketAddr) -> TcpStream {
    match from {
        None => TcpStream::connect(addr).await.unwrap(),
        Some(ip) => {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::new(ip.into(), 0)).unwrap();
            socket.connect(addr).await.unwrap()
        }
    }
}

/// One request written as given (head and body); returns the status, the
/// headers (names in lower case) and the body.
pub async fn http_raw(
    from: Option<std::net::Ipv4Addr>,
    addr: SocketAddr,
    request: &str,
) -> (u16, Vec<(String, String)>, String) {
    let mut s = connect_from(from, addr).await;
    s.write_all(request.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await.expect("an HTTP answer").unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("headers end: {text:?}"));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

/// A POST with the headers given (each `Name: value`), from 127.0.0.1.
pub async fn post_with(addr: SocketAddr, path: &str, headers: &[&str], body: &str) -> (u16, Value) {
    let mut req =
        format!("POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("\r\n");
    req.push_str(body);
    let (status, _, text) = http_raw(None, addr, &req).await;
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON from {path}: {text}")))
}

pub async fn http_json(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let (status, text) = http(addr, method, path, body.as_deref()).await;
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON from {path}: {text}")))
}

/// Creates a game; returns its id and each seat's token.
pub async fn create(addr: SocketAddr, seats: Value) -> (String, Vec<Option<String>>) {
    create_form(addr, "duel", seats).await
}

/// Creates a game of a form; returns its id and each seat's token.
pub async fn create_form(addr: SocketAddr, form: &str, seats: Value) -> (String, Vec<Option<String>>) {
    let (status, v) = http_json(addr, "POST", "/api/games", Some(json!({"form": form, "seats": seats}))).await;
    assert_eq!(status, 201, "{v}");
    let tokens = v["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().map(String::from)).collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

pub fn two_humans() -> Value {
    json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human"}])
}

/// A WebSocket client of one game.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last state received.
    pub state: Option<Arc<Value>>,
    /// The readable log as this client has put it together.
    pub log: Vec<Value>,
    /// Every message received, in order (while `keep` is set); a delta
    /// as the state it makes, with only its new log entries and chat lines
    /// (as a state message would have them), and `"delta": true`.
    pub received: Vec<Arc<Value>>,
    pub keep: bool,
    /// The state with every message applied (`delta::apply`): what a
    /// fresh hello would give, log and chat whole.
    pub whole: Value,
    /// Every message as it came, in order (while `keep` is set).
    pub raw: Vec<Arc<Value>>,
}

impl Client {
    /// A client over an open socket, nothing received yet.
    fn on(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            state: None,
            log: Vec::new(),
            received: Vec::new(),
            keep: true,
            whole: Value::Null,
            raw: Vec::new(),
        }
    }

    pub async fn connect(addr: SocketAddr, id: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await.unwrap();
        Client::on(ws)
    }

    /// Connects with these request headers (`("accept-language", "es")`).
    pub async fn connect_with(addr: SocketAddr, id: &str, headers: &[(&str, &str)]) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/games/{id}/ws").into_client_request().unwrap();
        for (k, v) in headers {
            req.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        Client::on(ws)
    }

    /// Connects from a chosen loopback address (127.0.0.2 ...).
    pub async fn connect_from(from: std::net::Ipv4Addr, addr: SocketAddr, id: &str) -> Client {
        let stream = connect_from(Some(from), addr).await;
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/api/games/{id}/ws"), MaybeTlsStream::Plain(stream))
                .await
                .unwrap();
        Client::on(ws)
    }

    /// The next frame as it came, close frames included; `None` once the
    /// connection has ended (or after `wait`).
    pub async fn next_frame(&mut self, wait: Duration) -> Option<Message> {
        match tokio::time::timeout(wait, self.ws.next()).await {
            Ok(Some(Ok(m))) => Some(m),
            _ => None,
        }
    }

    /// Connects and says hello; waits for the first state.
    pub async fn join(addr: SocketAddr, id: &str, token: Option<&str>) -> Client {
        let mut c = Client::connect(addr, id).await;
        c.hello(token).await;
        let m = c.recv().await;
        assert_eq!(m["type"], "state", "{m}");
        c
    }

    /// Connects and says hello in a language (`en`, `es`, `cs`); waits
    /// for the first state.
    pub async fn join_in(addr: SocketAddr, id: &str, token: Option<&str>, lang: &str) -> Client {
        let mut c = Client::connect(addr, id).await;
        c.send(json!({"type": "hello", "token": token, "lang": lang})).await;
        let m = c.recv().await;
        assert_eq!(m["type"], "state", "{m}");
        c
    }

    pub async fn hello(&mut self, token: Option<&str>) {
        let m = match token {
            Some(t) => json!({"type": "hello", "token": t}),
            None => json!({"type": "hello"}),
        };
        self.send(m).await;
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.to_string())).await.unwrap();
    }

    /// The next message, state or error.
    pub async fn recv(&mut self) -> Arc<Value> {
        self.try_recv(WAIT).await.expect("a message from the server")
    }

    pub async fn try_recv(&mut self, wait: Duration) -> Option<Arc<Value>> {
        loop {
            let msg = match tokio::time::timeout(wait, self.ws.next()).await {
                Err(_) => return None,
                Ok(None) => panic!("the server closed the connection"),
                Ok(Some(m)) => m.unwrap(),
            };
            let text = match msg {
                Message::Text(t) => t,
                Message::Close(_) => panic!("the server closed the connection"),
                _ => continue,
            };
            let mut v: Arc<Value> = Arc::new(serde_json::from_str(&text).expect("JSON from the server"));
            if self.keep {
                self.raw.push(v.clone());
            }
            if v["type"] == "state" || v["type"] == "delta" {
                tash_kalar_server::delta::apply(&mut self.whole, &v).expect("a delta follows the state held");
            }
            if v["type"] == "delta" {
                // the state it makes, carrying the new entries and lines only
                let mut m = self.whole.clone();
                let held = |list: &str| self.whole[list].as_array().map_or(0, |l| l.len());
                m["log_from"] = v.get("log_from").cloned().unwrap_or_else(|| held("log").into());
                m["log"] = v.get("log").cloned().unwrap_or_else(|| json!([]));
                m["chat_from"] = v.get("chat_from").cloned().unwrap_or_else(|| held("chat").into());
                m["chat"] = v.get("chat").cloned().unwrap_or_else(|| json!([]));
                m["delta"] = true.into();
                v = Arc::new(m);
            }
            if v["type"] == "state" {
                let from = v["log_from"].as_u64().unwrap() as usize;
                assert!(from <= self.log.len(), "log_from {from} past the {} entries held", self.log.len());
                self.log.truncate(from);
                self.log.extend(v["log"].as_array().unwrap().iter().cloned());
                for (i, e) in self.log.iter().enumerate().skip(from) {
                    assert_eq!(e["n"], i + 1, "log entries are numbered in order");
                }
                self.state = Some(v.clone());
            }
            if self.keep {
                self.received.push(v.clone());
            }
            return Some(v);
        }
    }

    /// Waits for a state of at least this version.
    pub async fn state_at_least(&mut self, version: u64) -> Arc<Value> {
        loop {
            if let Some(s) = &self.state {
                if s["version"].as_u64().unwrap() >= version {
                    return s.clone();
                }
            }
            let m = self.recv().await;
            assert_ne!(m["type"], "error", "{m}");
        }
    }

    /// Waits for an error message (and fails on anything else): its
    /// English text with the details (`error`); its words in the
    /// connection's language are `message`.
    pub async fn error(&mut self) -> String {
        let m = self.recv().await;
        assert_eq!(m["type"], "error", "expected an error, got {m}");
        assert!(m["message"].as_str().is_some_and(|t| !t.is_empty()), "{m}");
        m["error"].as_str().unwrap().to_string()
    }

    pub fn version(&self) -> u64 {
        self.state.as_ref().unwrap()["version"].as_u64().unwrap()
    }

    pub fn view(&self) -> &Value {
        &self.state.as_ref().unwrap()["view"]
    }

    /// The legal choices' texts, if this client's seat is to choose.
    pub fn choices(&self) -> Option<Vec<String>> {
        tash_kalar_server::delta::legal_texts(self.view())
    }

    pub fn over(&self) -> bool {
        self.state.as_ref().unwrap()["over"] == true
    }

    pub async fn choose(&mut self, version: u64, choice: &str) {
        self.send(json!({"type": "choose", "version": version, "choice": choice})).await;
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Which seats' hands a view shows.
pub fn hands_shown(view: &Value) -> Vec<u64> {
    view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s.get("hand").is_some())
        .map(|s| s["seat"].as_u64().unwrap())
        .collect()
}

/// The model of a finished game as everyone sees it then, in English
/// (the players without names: each seat named by its color).
pub fn referee_model(game: &tash_kalar_rules::Game) -> Value {
    use tash_kalar_present::{model, Lang, Messages, Table};
    let m = model(game, tash_kalar_rules::view::Viewer::Referee, &Table::default(), &Messages::new(Lang::En));
    serde_json::to_value(m).unwrap()
}

/// Reads `c`'s states until one satisfies `f` (failing after [`WAIT`]
/// with `what` it waited for).
pub async fn until_state(c: &mut Client, what: &str, f: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        if let Some(s) = &c.state {
            if f(s) {
                return (**s).clone();
            }
        }
        assert!(std::time::Instant::now() < deadline, "timed out waiting: {what}");
        c.try_recv(Duration::from_millis(100)).await;
    }
}
