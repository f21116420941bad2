//! How the server runs: [`Config`], every limit in one place, and the
//! defaults that depend on the machine.

use std::path::PathBuf;
use std::time::Duration;

use crate::limit::RateLimit;
use crate::proxy::TrustedProxies;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file, created on first start.
    pub db: PathBuf,
    /// A pause before each bot choice, so that people can follow the bot's
    /// moves one by one.
    pub bot_pause: Duration,
    /// How long a finished game with no connection stays in memory.
    pub unload_after: Duration,
    /// How long an unfinished game with no connection (seats and
    /// spectators all gone; bots do not count) stays in memory. Its log is
    /// in the database: opening it again replays it, and its bots go on.
    pub abandon_after: Duration,
    /// How often the database is searched for games not in memory whose
    /// running clock has run out (they are loaded, and so flagged).
    pub clock_sweep: Duration,
    /// A live game's seat whose player is disconnected while it is their
    /// turn may be claimed against after this long (`actor/endings.rs`).
    pub claim_after: Duration,
    /// The move deadline of a game without a time control (correspondence
    /// play, `clock.rs`): a seat that misses it is settled as on time.
    /// Zero: no deadline.
    pub move_deadline: Duration,
    /// At most this many games in memory. When a game is to be created or
    /// loaded and the cap is reached, the game idle the longest (no
    /// connection) is unloaded; if every live game has a connection, the
    /// request is refused (HTTP 503).
    pub max_live_games: usize,
    /// Game creations allowed per client address (new games and
    /// rematches); `None`: no limit.
    pub create_limit: Option<RateLimit>,
    /// Accounts one client address may create; `None`: no limit.
    pub sign_up_limit: Option<RateLimit>,
    /// Sign-in tries one client address may make (each costs one, right
    /// or wrong); over it `429` with `Retry-After`. `None`: no limit.
    pub sign_in_limit: Option<RateLimit>,
    /// Failed sign-ins allowed per account name (from any address, whether
    /// the account exists or not); over it that name's sign-ins, and its
    /// password changes, are answered `429` until a try is regained.
    pub sign_in_failures_limit: Option<RateLimit>,
    /// A session not seen for this long is over (seen: when a page asks
    /// who is signed in, which every page does on load; marked at most once
    /// a minute). `serve --session-idle-days`.
    pub session_idle: Duration,
    /// A session is over this long after it was opened, however much it
    /// is used (the cookie's `Max-Age` says the same). `serve
    /// --session-max-days`.
    pub session_max: Duration,
    /// The most lines a game's chat holds; further ones are refused.
    pub chat_max_lines: usize,
    /// Seats one client address may join from the lobby; `None`: no limit.
    pub join_limit: Option<RateLimit>,
    /// Lesson steps replayed, hints and progress writes one client address
    /// may ask for (`learn.rs`); `None`: no limit.
    pub lessons_limit: Option<RateLimit>,
    /// Connections (HTTP and WebSocket) one client address may hold open
    /// at once (an IPv6 address counts by its /64); over it a connection
    /// is answered `429` and closed.
    pub max_connections_per_address: usize,
    /// Connections held open at once in all; over it `503`. By default
    /// 10,000, or the process's limit on open files less 64 if lower.
    pub max_connections: usize,
    /// A connection must send a whole request head within this: silent
    /// connections, half-sent requests and idle kept-alive connections are
    /// closed after it.
    pub header_timeout: Duration,
    /// A request (other than a WebSocket) must be answered within this,
    /// its body read included (`408`).
    pub request_timeout: Duration,
    /// A WebSocket must say hello within this (it is closed with code 1008).
    pub hello_timeout: Duration,
    /// WebSockets are pinged this often, and closed when a ping has had no
    /// answer (nor any other message) by the next.
    pub ping_interval: Duration,
    /// Origins (`scheme://host[:port]`) whose pages may create and join
    /// games and open WebSockets, besides the server's own.
    pub allow_origins: Vec<String>,
    /// Host names (the `Host` header's, port aside) this server answers
    /// for besides IP addresses, `localhost` (and `*.localhost`) and the
    /// hosts of `allow_origins`; any other is refused at the door, so a
    /// page whose name was rebound to this machine's address cannot use it.
    pub host_names: Vec<String>,
    /// The reverse proxies (addresses and ranges) whose `X-Forwarded-For`,
    /// `Forwarded` and `X-Forwarded-Proto` are believed: behind them every
    /// per-address limit counts the forwarded client (`proxy.rs`). Empty:
    /// the client is the connection's peer and those headers are ignored.
    pub trusted_proxies: TrustedProxies,
    /// The cache of finished games' replays and records, in bytes.
    pub replay_cache_bytes: usize,
    /// Replays and records built at once.
    pub replay_builds: usize,
    /// Replays and records one address may have waiting or being built
    /// (`429` over it); answers from the cache are not counted.
    pub replays_per_address: usize,
    /// Bot searches run at once, each on a thread of the bot pool.
    pub bot_threads: usize,
    /// The bot pool's priority on Unix (`nice`, 0 to 19; 0 keeps the
    /// server's), so that people's moves are answered first.
    pub bot_nice: i32,
    /// The games' bot decisions are queued in the database for bot
    /// workers (`tash-kalar bot-worker`, `workers`) instead of run on the
    /// bot pool, which then starts its threads only for analyses.
    /// PostgreSQL only: a SQLite server refuses to start with it.
    pub bot_workers: bool,
    /// Analyses of finished games running at once (`analysis.rs`; one per
    /// address), each position a job of the bot pool.
    pub analyses: usize,
    /// Search iterations an analysis spends on each position.
    pub analysis_iterations: u32,
    /// This process's name among the servers sharing a database: the
    /// holder of the leases of the games it drives (`serve --node`).
    pub node: String,
    /// How long a game's lease lasts unrenewed (`serve --lease-secs`): the
    /// driver renews it every third of it; another server takes the game
    /// over once it runs out (`cluster`).
    pub lease_ttl: Duration,
}

/// A name unique among the processes of one database (servers and bot
/// workers): the host's name, the process id and 4 random hex digits (a
/// restarted process with the same pid is still another holder).
pub fn default_node() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into());
    format!("{host}-{}-{:04x}", std::process::id(), rand::random::<u16>())
}

/// The default cap on connections in all: 10,000, or fewer when the
/// process may open fewer files (each connection is one; the database,
/// the listener and the threads need some too).
pub fn default_max_connections() -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct it is given and nothing else
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            let files = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
            return files.saturating_sub(64).clamp(16, 10_000);
        }
    }
    10_000
}

/// One fewer than the machine's cores, at least one: the default number
/// of bot searches at once.
pub fn default_bot_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).max(1)
}

impl Config {
    pub fn new(db: impl Into<PathBuf>) -> Config {
        Config {
            db: db.into(),
            bot_pause: Duration::ZERO,
            unload_after: Duration::from_secs(30),
            abandon_after: Duration::from_secs(600),
            clock_sweep: Duration::from_secs(30),
            claim_after: Duration::from_secs(120),
            move_deadline: Duration::from_secs(3 * 24 * 3600),
            max_live_games: 1000,
            create_limit: Some(RateLimit { burst: 20, every: Duration::from_secs(6) }),
            sign_up_limit: Some(RateLimit { burst: 10, every: Duration::from_secs(120) }),
            sign_in_limit: Some(RateLimit { burst: 20, every: Duration::from_secs(6) }),
            sign_in_failures_limit: Some(RateLimit { burst: 5, every: Duration::from_secs(60) }),
            session_idle: Duration::from_secs(30 * 24 * 3600),
            session_max: Duration::from_secs(180 * 24 * 3600),
            chat_max_lines: crate::site::CHAT_MAX_LINES,
            join_limit: Some(RateLimit { burst: 10, every: Duration::from_secs(6) }),
            lessons_limit: Some(crate::limit::LESSONS),
            max_connections_per_address: 64,
            max_connections: default_max_connections(),
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            hello_timeout: Duration::from_secs(5),
            ping_interval: Duration::from_secs(20),
            allow_origins: Vec::new(),
            host_names: Vec::new(),
            trusted_proxies: TrustedProxies::default(),
            replay_cache_bytes: 64 << 20,
            replay_builds: 2,
            replays_per_address: 4,
            bot_threads: default_bot_threads(),
            bot_nice: 10,
            bot_workers: false,
            analyses: 2,
            analysis_iterations: 300,
            node: default_node(),
            lease_ttl: Duration::from_secs(10),
        }
    }
}
