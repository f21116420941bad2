//! `tash-kalar serve` as a process: it starts on an empty database, keeps
//! a game in progress through a SIGKILL and a restart.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Starts the server on a free loopback port; returns it and its address.
fn start(db: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tash-kalar"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-pause-ms", "0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a first line");
    let url = line.split_whitespace().last().expect("an address").trim_end_matches('/');
    let addr = url.strip_prefix("http://").expect("an http address").to_string();
    (child, addr)
}

fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(addr).expect("the server listens");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(serde_json::Value::Null))
}

#[test]
fn a_game_in_progress_survives_a_kill_and_a_restart() {
    let dir = scratch("serve-kill");
    let db = dir.join("games.sqlite");
    let (mut server, addr) = start(&db);
    assert!(db.exists(), "the database is created on first start");
    let (status, created) = request(
        &addr,
        "POST",
        "/api/games",
        r#"{"form":"duel","seats":[{"school":"northern","player":"human","open":true},{"school":"southern","player":"bot","bot":"random"}]}"#,
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    // the bot puts down the start pieces; then the game waits for seat 1
    let deadline = Instant::now() + Duration::from_secs(30);
    let before = loop {
        let (_, summary) = request(&addr, "GET", &format!("/api/games/{id}"), "");
        if summary["version"].as_u64().unwrap() > 12 {
            break summary;
        }
        assert!(Instant::now() < deadline, "the bot moves");
        std::thread::sleep(Duration::from_millis(50));
    };
    server.kill().expect("SIGKILL");
    server.wait().unwrap();

    let (mut server, addr) = start(&db);
    let (status, after) = request(&addr, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["turn"], before["turn"]);
    assert_eq!(after["status"], "open");
    // the game was reloaded: its open seat can still be joined
    let (status, joined) = request(&addr, "POST", &format!("/api/games/{id}/join"), r#"{"seat":0}"#);
    assert_eq!(status, 200, "{joined}");
    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn a_damaged_database_stops_the_start_with_a_clear_message() {
    let dir = scratch("serve-damaged");
    let db = dir.join("games.sqlite");
    std::fs::write(&db, vec![0x5a; 8192]).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tash-kalar"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .output()
        .expect("the binary runs");
    assert!(!out.status.success(), "the server does not start");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is damaged") && err.contains("will not start") && err.contains(".recover"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), vec![0x5a; 8192], "the file is left as it was");
}
