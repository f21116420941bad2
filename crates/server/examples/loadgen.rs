//! A load generator for the game server, as an outside client process:
//! the server runs in a process of its own (this program started again as
//! `loadgen --serve`, or a `tash-kalar serve` already running, given by
//! `--addr` and `--pid`), on loopback with a temporary SQLite file, and
//! this process plays many games at once over real WebSockets: every seat
//! of every game is a connection that submits random legal choices,
//! seeded. When a game ends another of the same form takes its place, so
//! the number of games being played stays the same.
//!
//! It reports the bytes of each message the server sent (mean, p99, max),
//! the latency from a choice sent to its acknowledgement (the first
//! message on that connection with a higher version: the move is in the
//! database by then), the server's resident memory per game it holds, and
//! the server's CPU time per acknowledged move, in user space and in the
//! kernel apart (utime and stime of `/proc/PID/stat`: the kernel's part is
//! the loopback sockets' writes and SQLite's fsyncs, which an instruction
//! count of user space does not see). Linux only (it reads `/proc`).
//! With `perf` on the path it also counts the server's instructions in
//! user space per move (`perf stat -e instructions:u -p PID`), a figure the machine's load
//! does not change, as the CPU time does. `--moves N` makes a fixed run:
//! it stops after N moves acknowledged, so two builds compare on about
//! the same work (the server deals at random, and which game gets how far
//! depends on timing: the per-move figures, not the totals, compare). It
//! also says what
//! the bytes are made of: the largest parts of the messages (their keys,
//! and the keys of `view`), as mean bytes per message; `LOADGEN_DUMP=FILE`
//! writes every message to FILE, one a line.
//!
//! ```text
//! cargo run --release -p tash-kalar-server --example loadgen -- --games 100 --secs 20
//! ... --games 300 --forms duel,melee4   # some forms only
//! ... --addr 127.0.0.1:8080 --pid 1234  # a server already running
//! ... --langs en,es,cs                  # the seats' languages, in turn (en by default)
//! ... --games 100 --moves 20000 --secs 600  # a fixed run: 20,000 moves
//! ... --addr A:P,B:Q --pid 1234,5678    # several servers on one database
//! ... --bots greedy                     # each game's last seat a bot
//! ... --kill 0:15                       # SIGKILL the first server 15 s in
//! ... --games 1000 --think 3000         # players think 0-6 s (3 s on average) a choice
//! ```
//! Without `--think` every seat answers at once, so the server is always
//! saturated and the latency is the queue's (about the games in play over
//! the moves a second); `--think MS` makes each choice wait a time drawn
//! uniformly from 0 to twice MS first, as people think, so the latency is
//! the server's answer at that pace.
//! With several servers (`docs/deploying.md`, "The benchmark") game `g` is
//! created on server `g mod n` and its seat `s` connects to server
//! `(g + s) mod n`, as a load balancer would spread them; memory and CPU
//! are summed over the servers. `--bots SPEC` makes every game's last
//! seat a bot and reports the bots' turns (from the acknowledgement of the
//! choice that hands the turn to a bot until a person is to choose
//! again). `--kill I:SECS` kills server `I` that far into the run: its
//! seats reconnect to the next server, and the run reports the time from
//! the kill to each game's first choice acknowledged after it (the
//! failover time), apart for the games created on the killed server
//! (which drove them). Each game counted stuck is named on stderr (its
//! id, version, the server its seat was on, and what it waited for).
//! (`docs/server-protocol.md`, "Load").

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long one message may take before the run counts the game as stuck.
const WAIT: Duration = Duration::from_secs(30);

struct Args {
    games: usize,
    secs: u64,
    seed: u64,
    forms: Vec<String>,
    /// The languages the seats' connections read, given to seat after seat.
    langs: Vec<String>,
    /// A server already running, and its process (for memory and CPU).
    addr: Option<SocketAddr>,
    pid: Option<u32>,
    /// A fixed run: stop after this many moves acknowledged.
    moves: Option<usize>,
    /// `--bots SPEC`: every game's last seat is this bot.
    forms_bot: Option<String>,
    /// `--kill I:SECS`: server `I` is killed (SIGKILL) `SECS` into the run.
    kill: Option<(usize, u64)>,
}

/// `--think MS`: a seat's mean time before each choice (0: none).
static THINK_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Several servers on one database (`--addr A,B --pid P,Q`): every
/// address and process given, in order. The first is `Args::addr`/`pid`.
static FLEET_ADDRS: std::sync::OnceLock<Vec<SocketAddr>> = std::sync::OnceLock::new();
static FLEET_PIDS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
/// The server killed by `--kill`, plus one (0: none yet), and when.
static DEAD: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static KILLED_AT: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
/// `--bots`: the spec of every game's last seat.
static BOT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Reads a comma-separated list into `all`; its first item.
fn fleet_arg<T: std::str::FromStr + Copy>(text: &str, all: &std::sync::OnceLock<Vec<T>>) -> T {
    let list: Vec<T> = text.split(',').map(|t| t.parse().unwrap_or_else(|_| usage())).collect();
    let first = *list.first().unwrap_or_else(|| usage());
    let _ = all.set(list);
    first
}

/// The servers' addresses (one, when not several).
fn servers(first: SocketAddr) -> Vec<SocketAddr> {
    FLEET_ADDRS.get().cloned().unwrap_or_else(|| vec![first])
}

/// The `k`-th live server after `addr` in the list (a killed one skipped).
fn server_after(addr: SocketAddr, k: usize) -> SocketAddr {
    let all = servers(addr);
    let at = all.iter().position(|a| *a == addr).unwrap_or(0);
    let dead = DEAD.load(std::sync::atomic::Ordering::SeqCst);
    let live: Vec<usize> = (0..all.len()).map(|i| (at + i) % all.len()).filter(|i| i + 1 != dead).collect();
    all[live[k % live.len()]]
}

/// The servers' processes, for their memory and CPU (summed).
fn pids(first: u32) -> Vec<u32> {
    FLEET_PIDS.get().cloned().unwrap_or_else(|| vec![first])
}

fn usage() -> ! {
    eprintln!(
        "usage: loadgen [--games N] [--secs S] [--seed K] [--forms duel,high-form,first-game,melee3,melee4,team] \
         [--langs en,es,cs] [--moves N] [--think MS] [--addr HOST:PORT --pid PID]\n       loadgen --serve DB   (the server side: prints its address)"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        games: 100,
        secs: 20,
        seed: 1,
        forms: FORMS.iter().map(|f| f.to_string()).collect(),
        langs: vec!["en".to_string()],
        addr: None,
        pid: None,
        moves: None,
        forms_bot: None,
        kill: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--games" => a.games = value().parse().unwrap_or_else(|_| usage()),
            "--secs" => a.secs = value().parse().unwrap_or_else(|_| usage()),
            "--seed" => a.seed = value().parse().unwrap_or_else(|_| usage()),
            "--forms" => a.forms = value().split(',').map(String::from).collect(),
            "--langs" => a.langs = value().split(',').map(String::from).collect(),
            "--moves" => a.moves = Some(value().parse().unwrap_or_else(|_| usage())),
            "--addr" => a.addr = Some(fleet_arg(&value(), &FLEET_ADDRS)),
            "--pid" => a.pid = Some(fleet_arg(&value(), &FLEET_PIDS)),
            "--bots" => a.forms_bot = Some(value()),
            "--think" => {
                THINK_MS.store(value().parse().unwrap_or_else(|_| usage()), std::sync::atomic::Ordering::SeqCst)
            }
            "--kill" => {
                a.kill = Some(
                    value()
                        .split_once(':')
                        .and_then(|(i, t)| Some((i.parse().ok()?, t.parse().ok()?)))
                        .unwrap_or_else(|| usage()),
                )
            }
            _ => usage(),
        }
    }
    if a.forms.iter().any(|f| !FORMS.contains(&f.as_str())) || a.forms.is_empty() || a.games == 0 {
        usage()
    }
    a
}

/// The moves a fixed run (`--moves`) has left to play, shared by the slots.
static MOVES_LEFT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(i64::MAX);

/// The seats' languages (`--langs`), given in turn to a game's seats.
static LANGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

const FORMS: [&str; 6] = ["duel", "high-form", "first-game", "melee3", "melee4", "team"];

/// The body of `POST /api/games` for a form: every seat a person's.
fn create_body(form: &str) -> Value {
    let schools: &[&str] = match form {
        "melee3" => &["northern", "southern", "highland"],
        "melee4" | "team" => &["northern", "southern", "highland", "sylvan"],
        _ => &["northern", "southern"],
    };
    let api_form = match form {
        "melee3" | "melee4" => "melee",
        "team" => "team-duel",
        f => f,
    };
    let mut seats: Vec<Value> = schools.iter().map(|s| json!({"school": s, "player": "human"})).collect();
    if let (Some(spec), Some(last)) = (BOT.get(), seats.last_mut()) {
        *last = json!({"school": last["school"], "player": "bot", "bot": spec});
    }
    json!({"form": api_form, "seats": seats})
}

/// The server inside (`--serve`) allocates as `tash-kalar serve` does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut argv = std::env::args().skip(1);
    if argv.next().as_deref() == Some("--serve") {
        serve(PathBuf::from(argv.next().unwrap_or_else(|| usage())));
        return;
    }
    let args = parse_args();
    let _ = LANGS.set(args.langs.clone());
    if let Some(spec) = &args.forms_bot {
        let _ = BOT.set(spec.clone());
    }
    let mut child = None;
    let _dir;
    let (addr, pid) = match (args.addr, args.pid) {
        (Some(addr), Some(pid)) => (addr, pid),
        (None, None) => {
            let dir = tempfile::tempdir().expect("a temporary directory");
            let db = dir.path().join("loadgen.sqlite");
            let mut c = std::process::Command::new(std::env::current_exe().expect("this program's path"))
                .arg("--serve")
                .arg(&db)
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("the server starts");
            let mut line = String::new();
            std::io::BufRead::read_line(&mut std::io::BufReader::new(c.stdout.take().unwrap()), &mut line)
                .expect("the server's address");
            let addr = line.trim().parse().expect("the server prints its address");
            let pid = c.id();
            child = Some(c);
            _dir = dir;
            (addr, pid)
        }
        _ => usage(),
    };
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let report = rt.block_on(run(&args, addr, pid));
    if let Some(mut c) = child {
        let _ = c.kill();
        let _ = c.wait();
    }
    println!("{report}");
}

/// The server side: a server on a free loopback port over the database
/// file given, with no limit on games created or connections from one
/// address (everything comes from 127.0.0.1 here).
fn serve(db: PathBuf) {
    let mut config = tash_kalar_server::Config::new(db);
    config.create_limit = None;
    config.max_connections_per_address = usize::MAX;
    config.max_live_games = 1_000_000;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(async move {
        let state = tash_kalar_server::AppState::open(config).await.expect("the server opens its database");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        println!("{}", listener.local_addr().unwrap());
        tash_kalar_server::serve_on(listener, state, std::future::pending()).await.unwrap();
    });
}

#[derive(Default)]
struct Stats {
    /// The size of every message received, in bytes, by type.
    sizes: Vec<usize>,
    kinds: HashMap<String, usize>,
    latencies: Vec<Duration>,
    /// `--bots`: each bot's turn, until a person is to choose again.
    bot_turns: Vec<Duration>,
    /// `--kill`: each game's first acknowledgement after the kill, and
    /// whether the killed server created (drove) the game.
    failovers: Vec<(bool, Duration)>,
    moves: usize,
    games_created: usize,
    finished: usize,
    errors: usize,
    stuck: usize,
}

/// The bytes of each part of the messages received, in all: a message's
/// keys, and the keys of its `view` as `view.KEY` (serialised compactly,
/// as the server sends them; the key's own name and punctuation aside).
static PARTS: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);

fn count_parts(message: &Value) {
    let Some(obj) = message.as_object() else { return };
    let size = |v: &Value| serde_json::to_string(v).map_or(0, |t| t.len());
    let mut parts = PARTS.lock().unwrap();
    let parts = parts.get_or_insert_with(HashMap::new);
    for (k, v) in obj {
        match v.as_object() {
            Some(view) if k == "view" => {
                for (k2, v2) in view {
                    *parts.entry(format!("view.{k2}")).or_default() += size(v2);
                }
            }
            _ => *parts.entry(k.clone()).or_default() += size(v),
        }
    }
}

/// The largest parts, as mean bytes per message.
fn largest_parts(messages: usize) -> String {
    let parts = PARTS.lock().unwrap().take().unwrap_or_default();
    let mut parts: Vec<_> = parts.into_iter().collect();
    parts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mean = |n: usize| n as f64 / messages.max(1) as f64;
    parts.iter().take(12).map(|(k, n)| format!("{k} {:.0}", mean(*n))).collect::<Vec<_>>().join(", ")
}

/// The servers' resident memory (kB) and CPU time (s), summed.
fn rss_kb(pid: u32) -> u64 {
    pids(pid).into_iter().map(rss_kb_of).sum()
}

/// The servers' CPU time (s) in user space and in the kernel, summed.
fn cpu_secs(pid: u32) -> (f64, f64) {
    pids(pid).into_iter().map(cpu_secs_of).fold((0.0, 0.0), |(u, s), (pu, ps)| (u + pu, s + ps))
}

fn rss_kb_of(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// One process's CPU time (s): user, system.
fn cpu_secs_of(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // the fields after the command's name (which may hold spaces) in brackets
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0) as f64 / clock_ticks();
    (ticks(11), ticks(12))
}

/// `perf stat` counting the server's instructions in user space (those
/// the machine's load does not change), while the moves are played.
struct Perf {
    child: std::process::Child,
    out: PathBuf,
}

impl Perf {
    fn start(pid: u32) -> Option<Perf> {
        let out = std::env::temp_dir().join(format!("loadgen-perf-{}.csv", std::process::id()));
        let child = std::process::Command::new("perf")
            .args(["stat", "-x", ",", "-e", "instructions:u", "-o"])
            .arg(&out)
            .args(["-p", &pid.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .ok()?;
        Some(Perf { child, out })
    }

    /// Stops counting (perf prints its counts on SIGINT): the instructions.
    fn stop(mut self) -> Option<u64> {
        // SAFETY: a signal to our own child process
        unsafe { libc::kill(self.child.id() as i32, libc::SIGINT) };
        let _ = self.child.wait();
        let text = std::fs::read_to_string(&self.out).ok()?;
        let _ = std::fs::remove_file(&self.out);
        text.lines().find(|l| l.contains("instructions")).and_then(|l| l.split(',').next()?.parse().ok())
    }
}

fn clock_ticks() -> f64 {
    // SAFETY: sysconf reads a constant of the system
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

async fn run(args: &Args, addr: SocketAddr, pid: u32) -> String {
    let stats = Arc::new(Mutex::new(Stats::default()));
    let rss_idle = rss_kb(pid);
    // every game created and its seats joined before the clock starts
    let mut games = Vec::new();
    for g in 0..args.games {
        let form = args.forms[g % args.forms.len()].clone();
        let on = server_after(addr, g);
        games.push(tokio::spawn(Game::start(on, form, args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64))));
    }
    let mut started = Vec::new();
    for g in games {
        started.push(g.await.expect("a game starts"));
    }
    let rss_ready = rss_kb(pid);
    if let Some(n) = args.moves {
        MOVES_LEFT.store(n as i64, std::sync::atomic::Ordering::SeqCst);
    }
    let perf = Perf::start(pid);
    let cpu0 = cpu_secs(pid);
    let t0 = Instant::now();
    let deadline = t0 + Duration::from_secs(args.secs);
    if let Some((i, after)) = args.kill {
        let victim = pids(pid)[i];
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(after)).await;
            // SAFETY: a signal to a server process this run was given
            unsafe { libc::kill(victim as i32, libc::SIGKILL) };
            let _ = KILLED_AT.set(Instant::now());
            DEAD.store(i + 1, std::sync::atomic::Ordering::SeqCst);
        });
    }
    let tasks: Vec<_> = started
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let stats = stats.clone();
            let seed = args.seed.wrapping_mul(1_000_003).wrapping_add((args.games + i * 1000) as u64);
            tokio::spawn(play_slot(g, seed, deadline, stats))
        })
        .collect();
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let (user1, system1) = cpu_secs(pid);
    let (user, system) = (user1 - cpu0.0, system1 - cpu0.1);
    let cpu = user + system;
    let instructions = perf.and_then(Perf::stop);
    let rss_end = rss_kb(pid);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut s = std::mem::take(&mut *stats.lock().unwrap());
    s.sizes.sort_unstable();
    s.latencies.sort_unstable();
    let fleet = fleet_lines(&servers(addr), &mut s);
    let pct = |v: &[usize], p: f64| {
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1))).copied().unwrap_or(0)
    };
    let lat = |p: f64| {
        s.latencies
            .get(((s.latencies.len() as f64 * p) as usize).min(s.latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    let mean = s.sizes.iter().sum::<usize>() as f64 / s.sizes.len().max(1) as f64;
    let held = args.games + s.games_created;
    let mut kinds: Vec<_> = s.kinds.iter().collect();
    kinds.sort();
    format!(
        "loadgen: {} games at once ({}), {elapsed:.1} s, {} more created as games ended ({} finished), seed {}\n\
         moves acknowledged: {} ({:.0}/s); refused: {}; games stuck: {}\n\
         bytes per message: mean {mean:.0}, p99 {}, max {} ({} messages: {kinds:?})\n\
         largest parts, mean bytes per message: {}\n\
         choice -> acknowledgement: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n\
         server CPU per acknowledged move: {:.0} us ({cpu:.2} s user+system): user {:.0} us, system {:.0} us; instructions (user) per move: {}\n\
         server memory: {} MB idle, {} MB with the games joined, {} MB at the end: {:.0} kB per game held ({held} in memory)\n\
         load average at the end: {}{fleet}",
        args.games,
        args.forms.join(","),
        s.games_created,
        s.finished,
        args.seed,
        s.moves,
        s.moves as f64 / elapsed,
        s.errors,
        s.stuck,
        pct(&s.sizes, 0.99),
        s.sizes.last().copied().unwrap_or(0),
        s.sizes.len(),
        largest_parts(s.sizes.len()),
        lat(0.5),
        lat(0.99),
        lat(1.0),
        cpu * 1e6 / s.moves.max(1) as f64,
        user * 1e6 / s.moves.max(1) as f64,
        system * 1e6 / s.moves.max(1) as f64,
        instructions.map_or("not counted (no perf, or no hardware counters)".to_string(), |n| format!("{:.0} k", n as f64 / 1e3 / s.moves.max(1) as f64)),
        rss_idle / 1024,
        rss_ready / 1024,
        rss_end / 1024,
        rss_end.saturating_sub(rss_idle) as f64 / held as f64,
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

/// The report's lines for several servers, bots and a kill.
fn fleet_lines(servers: &[SocketAddr], s: &mut Stats) -> String {
    let ms = |v: &[Duration], p: f64| {
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    let mut out = String::new();
    if servers.len() > 1 {
        out += &format!("\nservers: {}", servers.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", "));
    }
    if let Some(spec) = BOT.get() {
        s.bot_turns.sort_unstable();
        let t = &s.bot_turns;
        out += &format!(
            "\nbots ({spec}, every game's last seat): {} turns, until a person is to choose again: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            t.len(), ms(t, 0.5), ms(t, 0.99), ms(t, 1.0)
        );
    }
    if KILLED_AT.get().is_some() {
        for driven in [true, false] {
            let mut t: Vec<Duration> = s.failovers.iter().filter(|f| f.0 == driven).map(|f| f.1).collect();
            t.sort_unstable();
            let which = if driven { "games the killed server drove" } else { "other games" };
            out += &format!(
                "\nfailover, {which}: {} games went on; first choice acknowledged after the kill: p50 {:.0} ms, max {:.0} ms",
                t.len(), ms(&t, 0.5), ms(&t, 1.0)
            );
        }
    }
    out
}

/// A game being played: a connection per seat.
struct Game {
    form: String,
    seats: Vec<Seat>,
    /// The server it was created on (which drives it).
    created_on: SocketAddr,
}

/// One seat's connection and what it has put together of the game.
struct Seat {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// What it takes to reconnect (to another server after a kill).
    again: (SocketAddr, String, String, String),
    /// The state with every message applied (`tash_kalar_server::delta::apply`).
    state: Value,
    sizes: Vec<usize>,
    kinds: HashMap<&'static str, usize>,
}

impl Seat {
    async fn join(addr: SocketAddr, id: &str, token: &str, lang: &str) -> Seat {
        let (ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await.expect("a WebSocket");
        let again = (addr, id.to_string(), token.to_string(), lang.to_string());
        let mut s = Seat { ws, again, state: Value::Null, sizes: Vec::new(), kinds: HashMap::new() };
        s.send(json!({"type": "hello", "token": token, "lang": lang})).await;
        s.recv().await.expect("the first state").expect("a state, not an error");
        s
    }

    /// After a server was killed: connects to the next live server with
    /// the same token, and starts again from its whole state.
    async fn reconnect(&mut self) -> bool {
        if DEAD.load(std::sync::atomic::Ordering::SeqCst) == 0 {
            return false;
        }
        let (addr, id, token, lang) = self.again.clone();
        let url = format!("ws://{}/api/games/{id}/ws", server_after(addr, 0));
        let Ok(Ok((ws, _))) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url)).await else {
            eprintln!("loadgen: game {id}: no connection to {}", server_after(addr, 0));
            return false;
        };
        self.ws = ws;
        self.state = Value::Null;
        self.send(json!({"type": "hello", "token": token, "lang": lang})).await;
        match self.recv().await {
            Some(Ok(())) => true,
            other => {
                eprintln!("loadgen: game {id}: the hello again through {} got {other:?}", server_after(addr, 0));
                false
            }
        }
    }

    /// Says why a game is counted stuck (on stderr, for the run's log).
    fn stuck(&self, what: &str) {
        let (addr, id, _, _) = &self.again;
        eprintln!(
            "loadgen: game {id} stuck ({what}): seat first on {addr}, at version {}, {:?} after the kill",
            self.version(),
            KILLED_AT.get().map(|t| t.elapsed())
        );
    }

    async fn send(&mut self, v: Value) {
        let _ = self.ws.send(Message::Text(v.to_string())).await;
    }

    fn version(&self) -> u64 {
        self.state["version"].as_u64().unwrap_or(0)
    }

    /// The texts of the legal choices, if this seat is to choose.
    fn choices(&self) -> Option<Vec<String>> {
        tash_kalar_server::delta::legal_texts(&self.state["view"]).filter(|c| !c.is_empty())
    }

    /// The next message, applied to the state; `Err` with an error's text.
    async fn recv(&mut self) -> Option<Result<(), String>> {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next()).await.ok()??.ok()?;
            let Message::Text(text) = m else { continue };
            self.sizes.push(text.len());
            if let Some(path) = std::env::var_os("LOADGEN_DUMP") {
                // every message, one a line, to see what the bytes are made of
                // (one write a line: the seats' tasks append at once)
                use std::io::Write;
                let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path).expect("the dump file");
                let _ = f.write_all(format!("{text}\n").as_bytes());
            }
            let v: Value = serde_json::from_str(&text).ok()?;
            count_parts(&v);
            match v["type"].as_str() {
                Some(kind @ ("state" | "delta")) => {
                    *self.kinds.entry(if kind == "state" { "state" } else { "delta" }).or_default() += 1;
                    if let Err(e) = tash_kalar_server::delta::apply(&mut self.state, &v) {
                        // a gap: ask for the whole state
                        *self.kinds.entry("gap").or_default() += 1;
                        eprintln!("loadgen: {e}");
                        self.send(json!({"type": "sync"})).await;
                        continue;
                    }
                }
                Some("error") => {
                    *self.kinds.entry("error").or_default() += 1;
                    return Some(Err(v["message"].as_str().unwrap_or("").to_string()));
                }
                // a bot's thinking, a chat line...: not what a seat waits for
                _ => continue,
            }
            return Some(Ok(()));
        }
    }
}

impl Game {
    async fn start(addr: SocketAddr, form: String, _seed: u64) -> Game {
        let body = create_body(&form).to_string();
        let (status, answer) = post(addr, "/api/games", &body).await;
        assert_eq!(status, 201, "creating a game: {answer}");
        let v: Value = serde_json::from_str(&answer).expect("JSON");
        let id = v["id"].as_str().expect("an id").to_string();
        let mut seats = Vec::new();
        let langs = LANGS.get().map_or(&[][..], |l| &l[..]);
        for (i, s) in v["seats"].as_array().expect("seats").iter().enumerate() {
            let lang = langs.get(i % langs.len().max(1)).map_or("en", |l| l.as_str());
            // a bot's seat has no token
            let Some(token) = s["token"].as_str() else { continue };
            seats.push(Seat::join(server_after(addr, i), &id, token, lang).await);
        }
        Game { form, seats, created_on: addr }
    }
}

/// Plays the slot's game, and the next ones of its form, until time is up.
async fn play_slot(mut game: Game, seed: u64, deadline: Instant, stats: Arc<Mutex<Stats>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let (mut bot_turns, mut failovers, mut waiting, mut failed_over) = (Vec::new(), Vec::new(), None, false);
    let (mut moves, mut errors, mut stuck, mut created, mut finished) = (0, 0, 0, 0, 0);
    'games: while Instant::now() < deadline {
        loop {
            if Instant::now() >= deadline {
                break 'games;
            }
            // every seat catches up with the latest version
            let latest = game.seats.iter().map(|s| s.version()).max().unwrap_or(0);
            for s in game.seats.iter_mut() {
                while s.version() < latest {
                    if s.recv().await.is_none() && !s.reconnect().await {
                        s.stuck(&format!("catching up with version {latest}"));
                        stuck += 1;
                        break 'games;
                    }
                }
            }
            if game.seats[0].state["over"] == true {
                finished += 1;
                break;
            }
            let Some(p) = game.seats.iter().position(|s| s.choices().is_some()) else {
                // nobody to choose yet (a message still on its way)
                waiting.get_or_insert_with(Instant::now);
                let s = &mut game.seats[0];
                if s.recv().await.is_none() && !s.reconnect().await {
                    s.stuck("waiting for a seat to choose");
                    stuck += 1;
                    break 'games;
                }
                continue;
            };
            if MOVES_LEFT.fetch_sub(1, std::sync::atomic::Ordering::SeqCst) <= 0 {
                // a fixed run's moves are all played
                break 'games;
            }
            if let Some(t) = waiting.take().filter(|_| BOT.get().is_some()) {
                bot_turns.push(t.elapsed());
            }
            let think = THINK_MS.load(std::sync::atomic::Ordering::SeqCst);
            if think > 0 {
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..=2 * think))).await;
            }
            let seat = &mut game.seats[p];
            let v = seat.version();
            let choices = seat.choices().expect("checked");
            let choice = choices[rng.gen_range(0..choices.len())].to_string();
            let sent = Instant::now();
            seat.send(json!({"type": "choose", "version": v, "choice": choice})).await;
            loop {
                match seat.recv().await {
                    None if seat.reconnect().await => break,
                    None => {
                        seat.stuck(&format!("waiting for the acknowledgement of a choice at {v}"));
                        stuck += 1;
                        break 'games;
                    }
                    Some(Err(_)) => {
                        errors += 1;
                        if KILLED_AT.get().is_some() {
                            // the game's new driver may not have taken over yet
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                        break;
                    }
                    Some(Ok(())) if seat.version() > v => {
                        latencies.push(sent.elapsed());
                        moves += 1;
                        if let Some(at) = KILLED_AT.get().filter(|at| !failed_over && sent > **at) {
                            failed_over = true;
                            let dead = servers(game.created_on)[DEAD.load(std::sync::atomic::Ordering::SeqCst) - 1];
                            failovers.push((game.created_on == dead, at.elapsed()));
                        }
                        break;
                    }
                    Some(Ok(())) => {}
                }
            }
        }
        // the next game of the same form in this slot
        let sizes: Vec<_> = game.seats.iter_mut().flat_map(|s| std::mem::take(&mut s.sizes)).collect();
        let kinds: Vec<_> = game.seats.iter_mut().flat_map(|s| std::mem::take(&mut s.kinds)).collect();
        {
            let mut st = stats.lock().unwrap();
            st.sizes.extend(sizes);
            for (k, n) in kinds {
                *st.kinds.entry(k.to_string()).or_default() += n;
            }
        }
        for s in game.seats.iter_mut() {
            let _ = s.ws.close(None).await;
        }
        game = Game::start(server_after(game.created_on, 0), game.form.clone(), rng.gen()).await;
        failed_over = KILLED_AT.get().is_some();
        waiting = None;
        created += 1;
    }
    let mut st = stats.lock().unwrap();
    for s in game.seats.iter_mut() {
        st.sizes.extend(std::mem::take(&mut s.sizes));
        for (k, n) in std::mem::take(&mut s.kinds) {
            *st.kinds.entry(k.to_string()).or_default() += n;
        }
    }
    st.latencies.extend(latencies);
    st.bot_turns.extend(bot_turns);
    st.failovers.extend(failovers);
    st.moves += moves;
    st.errors += errors;
    st.stuck += stuck;
    st.games_created += created;
    st.finished += finished;
}

/// One HTTP/1.1 POST of JSON; the status and the body.
async fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("a connection to the server");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("a request written");
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, body.to_string())
}
