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
    /// The SQLite database file, created on first start.
    #[arg(long, default_value = "tash-kalar.sqlite")]
    db: PathBuf,
    /// Milliseconds a bot waits before each choice, so that its moves can be followed.
    #[arg(long, default_value_t = 300)]
    bot_pause_ms: u64,
    /// Seconds an unfinished game stays in memory once nobody is connected
    /// to it (its bots stop; they go on when someone opens it again).
    #[arg(long, default_value_t = 600)]
    abandoned_after_secs: u64,
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
}

pub fn run(args: &Args) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let mut config = tash_kalar_server::Config::new(&args.db);
    config.bot_pause = Duration::from_millis(args.bot_pause_ms);
    config.abandon_after = Duration::from_secs(args.abandoned_after_secs);
    config.max_live_games = args.max_live_games;
    config.create_limit = (args.games_per_minute > 0).then(|| tash_kalar_server::RateLimit {
        burst: args.games_burst,
        every: Duration::from_secs(60) / args.games_per_minute,
    });
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime
        .block_on(tash_kalar_server::serve_with(args.addr, config))
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("serving on {} with {}", args.addr, args.db.display()))
}
