//! A load test on loopback, bounded in time and count: many concurrent
//! games, each played by two WebSocket clients that submit random legal
//! choices. Reports the games held at once, accepted moves per second and
//! the latency from a submission to its acknowledgement (the first state
//! with a higher version).
//!
//! ```text
//! cargo test --release -p tash-kalar-server --test load -- --ignored --nocapture
//! LOAD_GAMES=200 LOAD_SECS=60 cargo test --release ...
//! ```

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[derive(Default)]
struct Stats {
    latencies: Vec<Duration>,
    finished: usize,
    errors: usize,
    /// Log entries of every game (its final version), chance's draws included.
    entries: u64,
}

/// Plays one game with two clients until it ends or time is up.
async fn one_game(addr: std::net::SocketAddr, seed: u64, deadline: Instant, stats: Arc<Mutex<Stats>>) {
    let (id, tokens) = create(addr, two_humans()).await;
    let mut players =
        [Client::join(addr, &id, tokens[0].as_deref()).await, Client::join(addr, &id, tokens[1].as_deref()).await];
    for p in players.iter_mut() {
        p.keep = false;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let mut errors = 0;
    while Instant::now() < deadline {
        let latest = players.iter().map(|c| c.version()).max().unwrap();
        for c in players.iter_mut() {
            c.state_at_least(latest).await;
        }
        if players[0].over() {
            break;
        }
        let Some(p) = players.iter().position(|c| c.choices().is_some()) else { break };
        let p = &mut players[p];
        let v = p.version();
        let choices = p.choices().unwrap();
        let choice = &choices[rng.gen_range(0..choices.len())];
        let sent = Instant::now();
        p.choose(v, choice).await;
        loop {
            let m = p.recv().await;
            if m["type"] == "error" {
                errors += 1;
                break;
            }
            if m["version"].as_u64().unwrap() > v {
                latencies.push(sent.elapsed());
                break;
            }
        }
    }
    let over = players[0].over();
    let version = players.iter().map(|c| c.version()).max().unwrap_or(0);
    let mut s = stats.lock().unwrap();
    s.entries += version;
    s.latencies.extend(latencies);
    s.finished += over as usize;
    s.errors += errors;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a load test: run it on its own, in release"]
async fn many_concurrent_games_over_websockets() {
    let games = env("LOAD_GAMES", 100).min(2000);
    let secs = env("LOAD_SECS", 30).min(600);
    let dir = tempfile::tempdir().unwrap();
    // every game comes from one address: no limit on creating them, nor on
    // the connections one address holds, here
    let mut config = tash_kalar_server::Config::new(dir.path().join("load.sqlite"));
    config.create_limit = None;
    config.max_connections_per_address = usize::MAX;
    let server = TestServer::start_with(config);
    let stats = Arc::new(Mutex::new(Stats::default()));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(secs);
    let tasks: Vec<_> = (0..games).map(|g| tokio::spawn(one_game(server.addr, g, deadline, stats.clone()))).collect();
    for t in tasks {
        t.await.unwrap();
    }
    let elapsed = start.elapsed().as_secs_f64();
    let s = std::mem::take(&mut *stats.lock().unwrap());
    let mut lat = s.latencies.clone();
    lat.sort();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1))).copied().unwrap_or_default()
    };
    let entries = s.entries;
    println!(
        "load: {games} games held at once ({} finished) for {elapsed:.1} s: {} moves accepted, {:.0} moves/s \
         ({:.0} log entries/s with chance's draws); latency submission -> acknowledgement: \
         p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} refused; memory (server and clients, one process): \
         {} now, {} at the peak",
        s.finished,
        lat.len(),
        lat.len() as f64 / elapsed,
        entries as f64 / elapsed,
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        s.errors,
        memory("VmRSS"),
        memory("VmHWM"),
    );
    assert_eq!(s.errors, 0, "random legal choices are never refused");
    assert!(!lat.is_empty());
}

/// A line of this process's memory status (`VmRSS`: now, `VmHWM`: the peak).
fn memory(key: &str) -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix(':')))
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// Latency percentiles of a sorted list, in milliseconds.
fn percentiles(lat: &[Duration]) -> (f64, f64, f64) {
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1))).copied().unwrap_or_default()
    };
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(pct(0.5)), ms(pct(0.99)), ms(lat.last().copied().unwrap_or_default()))
}

/// A people's game played while one address's 20 bot games think at the
/// longest a visitor may ask (`mcts:time=10s,threads=2`): the bots think
/// on the bot pool (by default one search at once on a 2-core machine, at
/// a lower priority), so the people's moves keep their latency.
///
/// ```text
/// cargo test --release -p tash-kalar-server --test load human_latency -- --ignored --nocapture
/// BOT_GAMES=0 ...                         # the same game with no bots, for comparison
/// BOT_THREADS=40 BOT_NICE=0 ...           # as before the pool: every search at once, same priority
/// ```
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measuring test: run it on its own, in release"]
async fn human_latency_while_bot_games_think() {
    let bot_games = env("BOT_GAMES", 20).min(20);
    let secs = env("LOAD_SECS", 30).min(600);
    let dir = tempfile::tempdir().unwrap();
    let mut config = tash_kalar_server::Config::new(dir.path().join("bots.sqlite"));
    // the people's games follow one another from one address
    config.create_limit = None;
    if let Ok(n) = std::env::var("BOT_THREADS") {
        config.bot_threads = n.parse().unwrap();
    }
    config.bot_nice = env("BOT_NICE", config.bot_nice as u64) as i32;
    let (threads, nice) = (config.bot_threads, config.bot_nice);
    let server = TestServer::start_with(config);
    let bots = serde_json::json!({"form": "duel", "seats": [
        {"school": "northern", "player": "bot", "bot": "mcts:time=10s,threads=2"},
        {"school": "southern", "player": "bot", "bot": "mcts:time=10s,threads=2"},
    ]})
    .to_string();
    for _ in 0..bot_games {
        let (status, _, text) =
            http_from(Some(std::net::Ipv4Addr::new(127, 0, 0, 2)), server.addr, "POST", "/api/games", Some(&bots))
                .await;
        assert_eq!(status, 201, "{text}");
    }
    // let the bots start thinking
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stats = Arc::new(Mutex::new(Stats::default()));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(secs);
    let mut seed = 0;
    // one people's game after another until time is up
    while Instant::now() < deadline {
        one_game(server.addr, seed, deadline, stats.clone()).await;
        seed += 1;
    }
    let s = std::mem::take(&mut *stats.lock().unwrap());
    let mut lat = s.latencies.clone();
    lat.sort();
    let (p50, p99, max) = percentiles(&lat);
    println!(
        "human latency with {bot_games} bot games thinking (mcts:time=10s,threads=2; bot pool of {threads} \
         thread(s) at nice {nice}): {} moves in {secs} s, p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms",
        lat.len()
    );
    assert_eq!(s.errors, 0);
    assert!(!lat.is_empty());
}
