//! Several real processes on one temporary PostgreSQL (issue 27): two
//! `tash-kalar serve` processes and `tash-kalar bot-worker`s, started with
//! the command lines of `docs/deploying.md`, played by real WebSocket
//! clients connected to both servers.
//!
//! - games of every form, people's clients on both servers and bots on
//!   some seats (decided by the worker), played to the end: every client
//!   sees the same final version and result;
//! - `kill -9` of the process driving a game mid-game: its clients
//!   reconnect to the other server, which takes the game over once the
//!   lease runs out; every acknowledged choice is kept;
//! - the same for games of every form at once, each with a choice sent
//!   and not yet acknowledged at the kill (through either server): every
//!   game goes on through the other;
//! - a worker killed mid-decision: another takes the job after the
//!   timeout and the game goes on.
//!
//! Leases and job timeouts are 2 s so that the file runs in well under two
//! minutes. Skipped where PostgreSQL is not installed, unless `CI` is set.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tash_kalar_testkit::pg::{TempPostgres, USER};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

/// The servers' lease and the workers' job timeout, in seconds.
const LEASE_SECS: &str = "2";
const JOB_TIMEOUT_SECS: &str = "2";
/// How long one acknowledgement or one bot's move may take before a test fails.
const WAIT: Duration = Duration::from_secs(40);

/// One database on a temporary PostgreSQL, and a directory for the
/// processes' logs (kept under the target directory to read after a failure).
struct Fleet {
    pg: TempPostgres,
    db: String,
    url: String,
    logs: PathBuf,
}

impl Fleet {
    fn new(name: &str) -> Option<Fleet> {
        let pg = TempPostgres::for_tests()?;
        pg.database(name).expect("a database");
        let url = format!("postgresql:///{name}?host={}&user={USER}", pg.socket_dir().display());
        let logs = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cluster-{name}"));
        let _ = std::fs::remove_dir_all(&logs);
        std::fs::create_dir_all(&logs).expect("a log directory");
        Some(Fleet { pg, db: name.to_string(), url, logs })
    }

    fn sql(&self, sql: &str) -> String {
        self.pg.psql(&self.db, sql).expect("psql")
    }

    fn log_file(&self, name: &str) -> std::fs::File {
        std::fs::File::create(self.logs.join(format!("{name}.log"))).expect("a log file")
    }

    /// `tash-kalar serve --db URL --addr 127.0.0.1:0 --node NAME
    /// --lease-secs 2 --bot-workers`, with no per-address limits (every
    /// client here is 127.0.0.1).
    fn serve(&self, node: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tash-kalar"))
            .args(["serve", "--db", &self.url, "--addr", "127.0.0.1:0", "--node", node])
            .args(["--lease-secs", LEASE_SECS, "--bot-workers", "--bot-pause-ms", "0"])
            .args(["--games-per-minute", "0", "--joins-per-minute", "0", "--max-connections-per-address", "1000"])
            .stdout(Stdio::piped())
            .stderr(self.log_file(node))
            .spawn()
            .expect("the binary runs");
        let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        std::io::BufRead::read_line(&mut out, &mut line).expect("a first line");
        let url = line.split_whitespace().last().unwrap_or_else(|| panic!("{node} prints its address: {line:?}"));
        let addr = url.trim_end_matches('/').trim_start_matches("http://").parse().expect("an address");
        // whatever else it prints is drained, so that it never blocks on a full pipe
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        Server { child: Killed(child), addr, node: node.to_string() }
    }

    /// `tash-kalar bot-worker --db URL --name NAME --threads 1 --job-timeout-secs 2`.
    fn worker(&self, name: &str) -> Killed {
        let child = Command::new(env!("CARGO_BIN_EXE_tash-kalar"))
            .args(["bot-worker", "--db", &self.url, "--name", name, "--threads", "1"])
            .args(["--job-timeout-secs", JOB_TIMEOUT_SECS])
            .stdout(self.log_file(&format!("{name}.out")))
            .stderr(self.log_file(name))
            .spawn()
            .expect("the binary runs");
        Killed(child)
    }

    /// The process holding a game's lease (`None` before anyone took it).
    fn holder(&self, game: &str) -> Option<String> {
        Some(self.sql(&format!("SELECT holder FROM leases WHERE game_id = '{game}'"))).filter(|h| !h.is_empty())
    }
}

/// A child process killed (SIGKILL) when dropped, so a failing test leaves
/// no server running.
struct Killed(Child);

impl Killed {
    /// `kill -9`, and waits for it to be gone.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Killed {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Server {
    child: Killed,
    addr: SocketAddr,
    node: String,
}

/// One HTTP/1.1 request with a JSON body; the status and the JSON answer.
async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("the server listens");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await.expect("an answer in time").unwrap();
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// Creates a game on a server; its id and each seat's token (`None` for a bot's).
async fn create(addr: SocketAddr, body: Value) -> (String, Vec<Option<String>>) {
    let (status, v) = http(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    let tokens = v["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().map(String::from)).collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

/// What a client has put together from the messages it received.
#[derive(Default)]
struct Seen {
    /// The state with every message applied (`delta::apply`): log whole.
    whole: Value,
    errors: Vec<Value>,
    closed: bool,
}

/// A WebSocket client of one game: a task reads its messages into `seen`.
struct Client {
    out: mpsc::UnboundedSender<Message>,
    seen: Arc<Mutex<Seen>>,
    seat: Option<usize>,
    server: String,
}

impl Client {
    /// Connects to a server and says hello with a seat's token (or as a
    /// spectator); waits for the first state.
    async fn join(server: &Server, id: &str, seat: Option<(usize, &str)>) -> Client {
        let url = format!("ws://{}/api/games/{id}/ws", server.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("a WebSocket");
        let (mut sink, mut stream) = ws.split();
        let (out, mut rx) = mpsc::unbounded_channel::<Message>();
        tokio::spawn(async move {
            while let Some(m) = rx.recv().await {
                if sink.send(m).await.is_err() {
                    break;
                }
            }
        });
        let seen = Arc::new(Mutex::new(Seen::default()));
        let (reader_seen, resync) = (seen.clone(), out.clone());
        tokio::spawn(async move {
            while let Some(Ok(m)) = stream.next().await {
                let Message::Text(text) = m else { continue };
                let v: Value = serde_json::from_str(&text).expect("JSON from the server");
                let mut seen = reader_seen.lock().unwrap();
                match v["type"].as_str() {
                    // a gap: ask for the whole state again
                    Some("state" | "delta") if tash_kalar_server::delta::apply(&mut seen.whole, &v).is_err() => {
                        let _ = resync.send(Message::Text(json!({"type": "sync"}).to_string()));
                    }
                    Some("error") => seen.errors.push(v),
                    _ => {}
                }
            }
            reader_seen.lock().unwrap().closed = true;
        });
        let hello = match seat {
            Some((_, token)) => json!({"type": "hello", "token": token, "lang": "en"}),
            None => json!({"type": "hello", "lang": "en"}),
        };
        let c = Client { out, seen, seat: seat.map(|(s, _)| s), server: server.node.clone() };
        c.send(hello);
        c.wait_for("the first state", |s| s.whole["version"].is_u64()).await;
        c
    }

    fn send(&self, v: Value) {
        let _ = self.out.send(Message::Text(v.to_string()));
    }

    fn read<T>(&self, f: impl FnOnce(&Seen) -> T) -> T {
        f(&self.seen.lock().unwrap())
    }

    fn version(&self) -> u64 {
        self.read(|s| s.whole["version"].as_u64().unwrap_or(0))
    }

    fn over(&self) -> bool {
        self.read(|s| s.whole["over"] == true)
    }

    fn errors(&self) -> usize {
        self.read(|s| s.errors.len())
    }

    /// The legal choices' texts, if this client's seat is to choose.
    fn choices(&self) -> Option<Vec<String>> {
        self.read(|s| tash_kalar_server::delta::legal_texts(&s.whole["view"])).filter(|c| !c.is_empty())
    }

    fn log(&self) -> Vec<Value> {
        self.read(|s| s.whole["log"].as_array().cloned().unwrap_or_default())
    }

    fn view(&self, key: &str) -> Value {
        self.read(|s| s.whole["view"][key].clone())
    }

    /// Waits until `ready` holds of what the client has seen; fails the
    /// test after [`WAIT`], saying what it waited for.
    async fn wait_for(&self, what: &str, ready: impl Fn(&Seen) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            {
                let s = self.seen.lock().unwrap();
                if ready(&s) {
                    return;
                }
                assert!(!s.closed, "{what}: the connection to {} closed", self.server);
                assert!(Instant::now() < deadline, "{what}: nothing after {WAIT:?} on {}: {:?}", self.server, s.errors);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends a choice at the version this client holds and waits for its
    /// acknowledgement (a later version); `false` when it was refused.
    async fn choose(&self, choice: &str) -> bool {
        let (v, errors) = (self.version(), self.errors());
        self.send(json!({"type": "choose", "version": v, "choice": choice}));
        self.wait_for(&format!("the acknowledgement of {choice:?} at {v}"), |s| {
            s.whole["version"].as_u64().unwrap_or(0) > v || s.errors.len() > errors
        })
        .await;
        self.version() > v
    }
}

/// Plays until the game is over: whichever person's client is to choose
/// picks a random legal choice; bots' seats are left to the workers.
/// Returns the number of choices acknowledged.
async fn play_to_end(clients: &[Client], seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut acknowledged = 0;
    let (mut last, mut since) = (0, Instant::now());
    while !clients.iter().any(Client::over) {
        let latest = clients.iter().map(Client::version).max().unwrap();
        if latest > last {
            (last, since) = (latest, Instant::now());
        }
        assert!(since.elapsed() < WAIT, "the game is stuck at version {latest}");
        // a client behind the latest version would choose from a stale view
        let to_choose = clients.iter().find(|c| c.seat.is_some() && c.version() == latest && c.choices().is_some());
        match to_choose {
            Some(c) => {
                let choices = c.choices().unwrap();
                if c.choose(&choices[rng.gen_range(0..choices.len())]).await {
                    acknowledged += 1;
                }
            }
            None => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
    for c in clients {
        c.wait_for("the end", |s| s.whole["over"] == true).await;
    }
    acknowledged
}

/// The seats of a game: `h` a person, `b` a bot (greedy: cheap, so that
/// the games end soon).
fn seats(kinds: &str) -> Value {
    let schools = ["northern", "southern", "highland", "sylvan"];
    kinds
        .chars()
        .zip(schools)
        .map(|(k, school)| match k {
            'h' => json!({"school": school, "player": "human"}),
            _ => json!({"school": school, "player": "bot", "bot": "greedy"}),
        })
        .collect()
}

/// Plays one game of a form created on `servers[first]`: each person's
/// seat is connected to the servers in turn, and a spectator to each
/// server. Checks that every client saw the same end; returns the id.
async fn one_game(servers: &[Server], form: &str, kinds: &str, first: usize) -> String {
    let (id, tokens) = create(servers[first].addr, json!({"form": form, "seats": seats(kinds)})).await;
    let mut clients = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        if let Some(token) = token {
            clients.push(Client::join(&servers[(first + seat) % servers.len()], &id, Some((seat, token))).await);
        }
    }
    for server in servers {
        clients.push(Client::join(server, &id, None).await);
    }
    let moves = play_to_end(&clients, id.bytes().map(u64::from).sum()).await;
    assert!(moves > 0, "{form}: the people chose");
    let version = clients[0].version();
    for c in &clients {
        assert_eq!(c.version(), version, "{form}: every client has the last version");
        for key in ["outcome", "scores", "board"] {
            assert_eq!(
                c.view(key),
                clients[0].view(key),
                "{form}: {key} as seen on {} and {}",
                c.server,
                clients[0].server
            );
        }
    }
    assert!(!clients[0].view("outcome").is_null(), "{form}: the game has a result");
    for server in servers {
        let (status, summary) = http(server.addr, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200, "{summary}");
        assert_eq!(summary["status"], "over", "{form} on {}: {summary}", server.node);
        assert_eq!(summary["version"], version, "{form} on {}: {summary}", server.node);
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_and_a_worker_play_every_form_to_the_end() {
    let Some(fleet) = Fleet::new("forms") else { return };
    let servers = [fleet.serve("a"), fleet.serve("b")];
    let _worker = fleet.worker("w1");
    let games = [("first-game", "hb"), ("high-form", "hh"), ("duel", "bh"), ("melee", "hbh"), ("team-duel", "hhbb")];
    let played = futures_util::future::join_all(
        games.iter().enumerate().map(|(i, (form, kinds))| one_game(&servers, form, kinds, i % servers.len())),
    )
    .await;
    // the bots' seats were decided by the worker, from the queue
    for ((form, kinds), id) in games.iter().zip(&played) {
        let answered = fleet.sql(&format!(
            "SELECT count(*) FROM bot_jobs WHERE game_id = '{id}' AND state = 'answered' AND worker = 'w1'"
        ));
        let answered: u64 = answered.parse().unwrap();
        assert_eq!(answered > 0, kinds.contains('b'), "{form}: {answered} bot jobs answered by w1");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_through_the_other_server_when_its_driver_is_killed() {
    let Some(fleet) = Fleet::new("failover") else { return };
    let mut servers = [fleet.serve("a"), fleet.serve("b")];
    let (id, tokens) = create(servers[0].addr, json!({"form": "duel", "seats": seats("hh")})).await;
    let mut clients = vec![
        Client::join(&servers[0], &id, Some((0, tokens[0].as_deref().unwrap()))).await,
        Client::join(&servers[1], &id, Some((1, tokens[1].as_deref().unwrap()))).await,
        Client::join(&servers[1], &id, None).await,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut acked = 0;
    while acked < 12 {
        let latest = clients.iter().map(Client::version).max().unwrap();
        match clients.iter().find(|c| c.seat.is_some() && c.version() == latest && c.choices().is_some()) {
            Some(c) => {
                let choices = c.choices().unwrap();
                acked += usize::from(c.choose(&choices[rng.gen_range(0..choices.len())]).await);
            }
            None => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
    let version = clients.iter().map(Client::version).max().unwrap();
    for c in &clients {
        c.wait_for("the last acknowledged version", |s| s.whole["version"].as_u64() == Some(version)).await;
    }
    // each reader's log (a seat reads its own draws, not the other's)
    let logs: Vec<Vec<Value>> = clients.iter().map(Client::log).collect();
    assert!(logs.iter().all(|l| l.len() as u64 >= version.min(20)), "{logs:?}");

    let driver = fleet.holder(&id).expect("a server holds the game's lease");
    let (dead, alive) = if driver == "a" { (0, 1) } else { (1, 0) };
    assert_eq!(servers[dead].node, driver);
    servers[dead].child.kill();
    let killed = Instant::now();

    // the dead server's clients find their connection closed, and come
    // back through the other (as the page does by itself)
    for c in clients.iter_mut() {
        if c.server == driver {
            c.wait_for("the connection's end", |s| s.closed).await;
            let token = c.seat.map(|s| (s, tokens[s].as_deref().unwrap()));
            *c = Client::join(&servers[alive], &id, token).await;
        }
    }
    // every acknowledged choice is kept: the same log up to the kill
    for (c, log) in clients.iter().zip(&logs) {
        c.wait_for("the state before the kill", |s| s.whole["version"].as_u64() >= Some(version)).await;
        assert_eq!(c.log()[..log.len()], log[..], "the log as seen through {}", c.server);
    }

    // the next choice is acknowledged once the other server drives
    let c = clients.iter().find(|c| c.seat.is_some() && c.choices().is_some()).expect("a seat is to choose");
    let choice = c.choices().unwrap()[0].clone();
    loop {
        if c.choose(&choice).await {
            break;
        }
        assert!(killed.elapsed() < WAIT, "no choice acknowledged {WAIT:?} after the kill");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!("failover: the next choice acknowledged {:?} after the kill", killed.elapsed());
    assert_eq!(fleet.holder(&id).as_deref(), Some(servers[alive].node.as_str()), "the survivor holds the lease");
    let moves = play_to_end(&clients, 28).await;
    assert!(moves > 0);
    for c in &clients {
        assert_eq!(c.version(), clients[0].version());
    }
    // at the end every hand is shown: each reader's log then holds what it
    // read before the kill, hidden draws now shown
    let end = clients[0].log();
    for (c, log) in clients.iter().zip(&logs) {
        assert_eq!(c.log(), end, "one log for everyone at the end ({})", c.server);
        for (before, after) in log.iter().zip(&end) {
            if before.get("hidden").is_none() {
                assert_eq!(before, after, "an entry read before the kill is kept");
            }
            assert_eq!(before["n"], after["n"]);
        }
    }
}

/// The benchmark's failover in small: games of every form driven by `a`,
/// their seats on both servers, each with a choice sent and not yet
/// acknowledged when `a` is killed (through `b`, relayed to `a`'s inbox,
/// or through `a` itself): every one of them goes on through `b`, its
/// clients on `a` coming back there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_of_a_killed_server_goes_on_with_choices_in_flight() {
    let Some(fleet) = Fleet::new("failover_many") else { return };
    let mut servers = [fleet.serve("a"), fleet.serve("b")];
    let forms = [
        ("duel", "hh"),
        ("high-form", "hh"),
        ("first-game", "hh"),
        ("melee", "hhh"),
        ("team-duel", "hhhh"),
        ("duel", "hh"),
    ];
    let mut games = Vec::new();
    for (form, kinds) in forms {
        let (id, tokens) = create(servers[0].addr, json!({"form": form, "seats": seats(kinds)})).await;
        let mut clients = Vec::new();
        for (seat, token) in tokens.iter().enumerate() {
            let token = token.as_deref().expect("a person's seat");
            clients.push(Client::join(&servers[seat % 2], &id, Some((seat, token))).await);
        }
        games.push((id, tokens, clients));
    }
    for (g, (id, _, clients)) in games.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(g as u64);
        let mut acked = 0;
        while acked < 3 {
            let latest = clients.iter().map(Client::version).max().unwrap();
            match clients.iter().find(|c| c.version() == latest && c.choices().is_some()) {
                Some(c) => {
                    let choices = c.choices().unwrap();
                    acked += usize::from(c.choose(&choices[rng.gen_range(0..choices.len())]).await);
                }
                None => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
        assert_eq!(fleet.holder(id).as_deref(), Some("a"), "a drives the games it created");
    }
    // in each game the seat to choose sends a choice, not waiting for it
    let mut sent = Vec::new();
    for (_, _, clients) in &games {
        let latest = clients.iter().map(Client::version).max().unwrap();
        for c in clients {
            c.wait_for("the latest version", |s| s.whole["version"].as_u64() == Some(latest)).await;
        }
        let c = clients.iter().find(|c| c.choices().is_some()).expect("a seat is to choose");
        c.send(json!({"type": "choose", "version": latest, "choice": c.choices().unwrap()[0]}));
        sent.push((latest, c.server.clone()));
    }
    assert!(sent.iter().any(|(_, on)| on == "a") && sent.iter().any(|(_, on)| on == "b"), "{sent:?}");
    servers[0].child.kill();
    let killed = Instant::now();

    for ((id, tokens, clients), (version, _)) in games.iter_mut().zip(&sent) {
        for c in clients.iter_mut() {
            if c.server == "a" {
                c.wait_for("the connection's end", |s| s.closed).await;
                let seat = c.seat.expect("a seat");
                *c = Client::join(&servers[1], id, Some((seat, tokens[seat].as_deref().unwrap()))).await;
            }
        }
        // the choice in flight went through, or another is acknowledged
        loop {
            let latest = clients.iter().map(Client::version).max().unwrap();
            if latest > *version {
                break;
            }
            if let Some(c) = clients.iter().find(|c| c.version() == latest && c.choices().is_some()) {
                if c.choose(&c.choices().unwrap()[0]).await {
                    break;
                }
            }
            assert!(killed.elapsed() < WAIT, "game {id}: nothing acknowledged {WAIT:?} after the kill");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(fleet.holder(id).as_deref(), Some("b"), "game {id}: b drives it");
    }
    eprintln!("failover: every game went on, the last {:?} after the kill", killed.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_of_a_killed_worker_is_taken_by_another_after_the_timeout() {
    let Some(fleet) = Fleet::new("workers") else { return };
    let servers = [fleet.serve("a"), fleet.serve("b")];
    let mut first = fleet.worker("w1");
    // a bot with a long budget, so that the worker is killed mid-decision
    let body = json!({"form": "duel", "seats": [
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "bot", "bot": "mcts:time=4s"}]});
    let (id, tokens) = create(servers[0].addr, body).await;
    let person = Client::join(&servers[1], &id, Some((0, tokens[0].as_deref().unwrap()))).await;
    // the person plays until a job for the bot is taken by w1
    let deadline = Instant::now() + WAIT;
    let job = loop {
        let taken = fleet.sql(&format!("SELECT id, version FROM bot_jobs WHERE game_id = '{id}' AND worker = 'w1'"));
        if let Some(row) = taken.lines().next() {
            break row.to_string();
        }
        assert!(Instant::now() < deadline, "no bot job taken by w1");
        match person.choices() {
            Some(choices) if !person.over() => {
                person.choose(&choices[0]).await;
            }
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    let (job_id, job_version) = job.split_once('|').unwrap();
    let job_version: u64 = job_version.parse().unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fleet.sql(&format!("SELECT state FROM bot_jobs WHERE id = {job_id}")),
        "taken",
        "w1 is still deciding when it is killed"
    );
    first.kill();
    let killed = Instant::now();
    let _second = fleet.worker("w2");
    person.wait_for("the bot's move after w1 was killed", |s| s.whole["version"].as_u64() > Some(job_version)).await;
    let row = fleet.sql(&format!("SELECT state, worker, attempts FROM bot_jobs WHERE id = {job_id}"));
    assert_eq!(row, "answered|w2|2", "the job was taken again by w2");
    eprintln!("the bot's move came {:?} after w1 was killed", killed.elapsed());
    // and the game goes on: the person is to choose again, and is acknowledged
    person.wait_for("the person's turn", |s| tash_kalar_server::delta::legal_texts(&s.whole["view"]).is_some()).await;
    let choices = person.choices().expect("the person is to choose");
    assert!(person.choose(&choices[0]).await, "the game goes on after the bot's move");
}
