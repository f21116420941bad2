//! `tash-kalar serve`: the game server for browsers.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on; 0.0.0.0:8080 lets others on your network in.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: a SQLite file, created on first start, or a
    /// PostgreSQL database as a `postgres://` URL
    /// (`postgresql:///tash?host=/run/postgresql` for a local socket).
    #[arg(long, default_value = "tash-kalar.sqlite")]
    db: PathBuf,
    /// Milliseconds a bot waits before each choice, so that its moves can be followed.
    #[arg(long, default_value_t = 300)]
    bot_pause_ms: u64,
    /// Seconds an unfinished game stays in memory once nobody is connected
    /// to it (its bots stop; they go on when someone opens it again).
    #[arg(long, default_value_t = 600)]
    abandoned_after_secs: u64,
    /// Seconds after which a player disconnected on their turn may be claimed
    /// against (a duel's win or draw; in a melee or team game a bot takes the seat).
    #[arg(long, value_name = "SECS", default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..))]
    claim_after: u64,
    /// Seconds each move may take in a game without a clock (correspondence
    /// play; missed: as a loss on time); 0: no deadline.
    #[arg(long, value_name = "SECS", default_value_t = 3 * 24 * 3600,
          value_parser = clap::value_parser!(u64).range(0..=tash_kalar_server::MAX_CLOCK_SECS))]
    move_deadline: u64,
    /// At most this many games in memory: the game idle the longest makes
    /// room; when every one has a connection, new games are refused.
    #[arg(long, default_value_t = 1000, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_live_games: usize,
    /// Games one address may create per minute, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 10)]
    games_per_minute: u32,
    /// Games one address may create at once.
    #[arg(long, default_value_t = 20)]
    games_burst: u32,
    /// Accounts one address may create per hour, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 30)]
    sign_ups_per_hour: u32,
    /// Accounts one address may create at once.
    #[arg(long, default_value_t = 10)]
    sign_ups_burst: u32,
    /// Sign-in tries (right or wrong) one address may make per minute, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 10)]
    sign_ins_per_minute: u32,
    /// Sign-in tries one address may make at once.
    #[arg(long, default_value_t = 20)]
    sign_ins_burst: u32,
    /// Failed sign-ins allowed per account name (from any address) per hour, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 60)]
    sign_in_failures_per_hour: u32,
    /// Failed sign-ins allowed per account name at once.
    #[arg(long, default_value_t = 5)]
    sign_in_failures_burst: u32,
    /// Lesson steps, hints and progress writes one address may make per
    /// minute, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 240)]
    lessons_per_minute: u32,
    /// Lesson steps, hints and progress writes one address may make at once.
    #[arg(long, default_value_t = 120)]
    lessons_burst: u32,
    /// Days a session lives without being seen (a page of the site opened while signed in).
    #[arg(long, value_name = "DAYS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3650))]
    session_idle_days: u64,
    /// Days a session lives at most, however much it is used (then sign in again).
    #[arg(long, value_name = "DAYS", default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..=3650))]
    session_max_days: u64,
    /// Seats one address may join from the lobby per minute, after a first burst; 0: no limit.
    #[arg(long, default_value_t = 10)]
    joins_per_minute: u32,
    /// Seats one address may join from the lobby at once.
    #[arg(long, default_value_t = 10)]
    joins_burst: u32,
    /// Connections (HTTP and WebSocket) one address may hold open at once
    /// (an IPv6 address counts by its /64).
    #[arg(long, default_value_t = 64, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_connections_per_address: usize,
    /// Connections held open at once in all (default: 10000, or the limit on open files less 64 if lower).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_connections: Option<usize>,
    /// Seconds a connection has to send a request's headers (silent, half-sent and idle connections are closed).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout_secs: u64,
    /// Seconds a request (other than a WebSocket) has to be answered, its body read included.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    request_timeout_secs: u64,
    /// Seconds a WebSocket has to say hello.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    hello_timeout_secs: u64,
    /// Seconds between pings on a WebSocket; one that answers nothing until the next is closed.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    ping_secs: u64,
    /// An origin (scheme://host\[:port\]) whose pages may create and join games and open
    /// WebSockets, besides the server's own; may be given several times.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,
    /// A host name (as in the Host header, port aside) this server answers for,
    /// besides IP addresses, localhost and the --allow-origin hosts; others are
    /// refused (a guard against DNS rebinding); may be given several times.
    #[arg(long = "host-name", value_name = "NAME")]
    host_names: Vec<String>,
    /// A reverse proxy (an address, or a range ADDRESS/PREFIX) whose X-Forwarded-For,
    /// Forwarded and X-Forwarded-Proto headers are believed: the per-address limits then
    /// count the client it forwards for; may be given several times. Without it those
    /// headers are ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR_OR_CIDR")]
    trusted_proxies: Vec<String>,
    /// Megabytes of finished games' replays and records kept in memory.
    #[arg(long, default_value_t = 64)]
    replay_cache_mb: usize,
    /// Replays and records built at once.
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    replay_builds: usize,
    /// Replays and records one address may have being built at once.
    #[arg(long, default_value_t = 4, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    replays_per_address: usize,
    /// Bot searches at once (default: one fewer than the cores, at least one).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    bot_threads: Option<usize>,
    /// The bots' thread priority on Unix (nice, 0 to 19): people's moves are answered first.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(i32).range(0..=19))]
    bot_nice: i32,
    /// Queue the bots' decisions in the database for `tash-kalar bot-worker`
    /// processes instead of running them here (PostgreSQL only; without a
    /// worker running, bots wait).
    #[arg(long)]
    bot_workers: bool,
    /// Analyses of finished games running at once (one per address); each
    /// position is a job of the bot pool.
    #[arg(long, default_value_t = 2, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    analyses: usize,
    /// Search iterations an analysis spends on each position.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    analysis_iterations: u32,
    /// This server's name among the servers sharing a PostgreSQL database
    /// (default: `<hostname>-<pid>-<random hex>`); it holds the leases of
    /// the games it drives.
    #[arg(long, value_name = "NAME", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    node: Option<String>,
    /// Seconds a game's lease lasts unrenewed: after a server stops,
    /// another takes its games over within this long.
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    lease_secs: u64,
}

pub fn run(args: &Args) -> Result<()> {
    let config = config(args)?;
    log_to_stderr();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime
        .block_on(tash_kalar_server::serve_with(args.addr, config))
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("serving on {} with {}", args.addr, args.db.display()))
}

/// Logs (`RUST_LOG`, `info` by default) to standard error, coloured on
/// a terminal: the server's and the bot workers'.
pub(crate) fn log_to_stderr() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// The server's configuration from the command line.
fn config(args: &Args) -> Result<tash_kalar_server::Config> {
    let mut config = tash_kalar_server::Config::new(&args.db);
    config.bot_pause = Duration::from_millis(args.bot_pause_ms);
    config.abandon_after = Duration::from_secs(args.abandoned_after_secs);
    config.claim_after = Duration::from_secs(args.claim_after);
    config.move_deadline = Duration::from_secs(args.move_deadline);
    config.max_live_games = args.max_live_games;
    config.create_limit = (args.games_per_minute > 0).then(|| tash_kalar_server::RateLimit {
        burst: args.games_burst,
        every: Duration::from_secs(60) / args.games_per_minute,
    });
    let per = |n: u32, burst: u32, period: u64| {
        (n > 0).then(|| tash_kalar_server::RateLimit { burst, every: Duration::from_secs(period) / n })
    };
    config.sign_up_limit = per(args.sign_ups_per_hour, args.sign_ups_burst, 3600);
    config.sign_in_limit = per(args.sign_ins_per_minute, args.sign_ins_burst, 60);
    config.sign_in_failures_limit = per(args.sign_in_failures_per_hour, args.sign_in_failures_burst, 3600);
    config.lessons_limit = per(args.lessons_per_minute, args.lessons_burst, 60);
    config.session_idle = Duration::from_secs(args.session_idle_days * 24 * 3600);
    config.session_max = Duration::from_secs(args.session_max_days * 24 * 3600);
    config.join_limit = (args.joins_per_minute > 0).then(|| tash_kalar_server::RateLimit {
        burst: args.joins_burst,
        every: Duration::from_secs(60) / args.joins_per_minute,
    });
    config.max_connections_per_address = args.max_connections_per_address;
    if let Some(n) = args.max_connections {
        config.max_connections = n;
    }
    config.header_timeout = Duration::from_secs(args.header_timeout_secs);
    config.request_timeout = Duration::from_secs(args.request_timeout_secs);
    config.hello_timeout = Duration::from_secs(args.hello_timeout_secs);
    config.ping_interval = Duration::from_secs(args.ping_secs);
    config.allow_origins = args.allow_origins.iter().map(|o| o.trim_end_matches('/').to_string()).collect();
    config.host_names = args.host_names.clone();
    config.trusted_proxies = tash_kalar_server::TrustedProxies::parse(&args.trusted_proxies)?;
    config.replay_cache_bytes = args.replay_cache_mb << 20;
    config.replay_builds = args.replay_builds;
    config.replays_per_address = args.replays_per_address;
    if let Some(n) = args.bot_threads {
        config.bot_threads = n;
    }
    config.bot_nice = args.bot_nice;
    config.bot_workers = args.bot_workers;
    config.analyses = args.analyses;
    config.analysis_iterations = args.analysis_iterations;
    if let Some(node) = &args.node {
        config.node = node.clone();
    }
    config.lease_ttl = Duration::from_secs(args.lease_secs);
    Ok(config)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use clap::Parser;
    use tash_kalar_server::RateLimit;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: super::Args,
    }

    fn config_of(flags: &[&str]) -> tash_kalar_server::Config {
        let cli = Cli::try_parse_from(std::iter::once("serve").chain(flags.iter().copied())).expect("the flags parse");
        super::config(&cli.serve).expect("a configuration")
    }

    #[test]
    fn the_lessons_limit_defaults_to_the_servers() {
        assert_eq!(config_of(&[]).lessons_limit, tash_kalar_server::Config::new("x.sqlite").lessons_limit);
        assert_eq!(config_of(&[]).lessons_limit, Some(RateLimit { burst: 120, every: Duration::from_millis(250) }));
    }

    #[test]
    fn the_lessons_flags_reach_the_config() {
        let c = config_of(&["--lessons-per-minute", "30", "--lessons-burst", "5"]);
        assert_eq!(c.lessons_limit, Some(RateLimit { burst: 5, every: Duration::from_secs(2) }));
        assert_eq!(config_of(&["--lessons-per-minute", "0"]).lessons_limit, None, "0: no limit");
        assert!(Cli::try_parse_from(["serve", "--lessons-burst", "-1"]).is_err(), "not a count");
        assert!(Cli::try_parse_from(["serve", "--lessons-per-minute", "many"]).is_err());
    }
}
