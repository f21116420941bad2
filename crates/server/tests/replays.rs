//! Replays of finished games under a burst of requests: a hundred at once
//! stay within a stated memory bound, because a replay is built once (a
//! few builds at a time) and then served from a cache bounded by bytes.
//!
//! In a test binary of its own: it measures the whole process's memory.

mod common;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;
use tash_kalar_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The bound on the process's memory growth while 100 replay requests are
/// served at once (the server and the test's clients share the process).
const BOUND: u64 = 64 << 20;

/// The process's resident memory now (`VmRSS`) and at its peak (`VmHWM`),
/// in bytes.
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// A GET whose body is read and dropped as it comes: the status, the body's
/// length and a checksum (so that the clients hold no copies).
async fn fetch(from: Ipv4Addr, addr: SocketAddr, path: &str) -> (u16, usize, u64) {
    let mut s = connect_from(Some(from), addr).await;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut buf = vec![0u8; 16 * 1024];
    let (mut len, mut sum) = (0usize, 0xcbf29ce484222325u64);
    let mut in_body = false;
    loop {
        let n = tokio::time::timeout(WAIT, s.read(&mut buf)).await.expect("an answer").unwrap();
        if n == 0 {
            break;
        }
        let mut chunk = &buf[..n];
        if !in_body {
            head.extend_from_slice(chunk);
            let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
            in_body = true;
            let body_start = head.len() - n;
            chunk = &buf[(end + 4).saturating_sub(body_start)..n];
            head.truncate(end);
        }
        for &b in chunk {
            sum = (sum ^ b as u64).wrapping_mul(0x100000001b3);
        }
        len += chunk.len();
    }
    let status = String::from_utf8_lossy(&head).split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, len, sum)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_replay_requests_at_once_stay_within_a_memory_bound() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::new(dir.path().join("replays.sqlite"));
    config.unload_after = Duration::from_millis(50);
    let server = TestServer::start_with(config);
    let addr = server.addr;
    // finished games, played by bots
    let mut ids = Vec::new();
    for schools in [["northern", "southern"], ["highland", "sylvan"]] {
        let seats = json!([{"school": schools[0], "player": "bot", "bot": "random"},
                           {"school": schools[1], "player": "bot", "bot": "random"}]);
        ids.push(create(addr, seats).await.0);
    }
    let deadline = Instant::now() + WAIT * 4;
    for id in &ids {
        loop {
            let (_, s) = http_json(addr, "GET", &format!("/api/games/{id}"), None).await;
            if s["status"] == "over" {
                break;
            }
            assert!(Instant::now() < deadline, "the bots finish their game");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let (before, _) = memory();

    // a hundred at once from four addresses (an address holds at most 64
    // connections), for a replay not built yet: one request builds it, the
    // others wait for that build
    let path = format!("/api/games/{}/replay", ids[0]);
    let requests = (0..100).map(|i| fetch(Ipv4Addr::new(127, 0, 2, (i % 4) as u8 + 1), addr, &path));
    let answers: Vec<_> = futures_util::future::join_all(requests).await;
    let ok: Vec<_> = answers.iter().filter(|a| a.0 == 200).collect();
    assert_eq!(ok.len(), 100, "{answers:?}");
    assert!(ok.iter().all(|a| (a.1, a.2) == (ok[0].1, ok[0].2)), "every answer is the same replay");
    let size = ok[0].1;

    // a hundred at once again, from several addresses, for both games once
    // both are built: all served from the cache
    assert_eq!(fetch(Ipv4Addr::LOCALHOST, addr, &format!("/api/games/{}/replay", ids[1])).await.0, 200);
    let requests = (0..100).map(|i| {
        let from = Ipv4Addr::new(127, 0, 1, (i % 10) as u8 + 1);
        let path = format!("/api/games/{}/replay", ids[i % 2]);
        async move { fetch(from, addr, &path).await }
    });
    let answers: Vec<_> = futures_util::future::join_all(requests).await;
    assert!(answers.iter().all(|a| a.0 == 200), "{:?}", answers.iter().map(|a| a.0).collect::<Vec<_>>());
    let (after, peak) = memory();
    let cached = server.state.replay_cache_bytes();
    println!(
        "replays: one replay is {:.1} MB; {} of 100 served at once from four addresses, \
         then 100 of 100 from ten; cache {:.1} MB; process memory {:.1} MB before, {:.1} MB after, {:.1} MB at its peak",
        size as f64 / 1e6,
        ok.len(),
        cached as f64 / 1e6,
        before as f64 / 1e6,
        after as f64 / 1e6,
        peak as f64 / 1e6,
    );
    assert!(cached <= Config::new("x").replay_cache_bytes, "the cache keeps its budget");
    assert!(after.saturating_sub(before) < BOUND, "memory grew by {} bytes", after - before);
    assert!(peak.saturating_sub(before) < BOUND, "memory peaked {} bytes above its start", peak - before);
}
