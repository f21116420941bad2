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
    let config = tash_kalar_server::Config {
        db: args.db.clone(),
        bot_pause: Duration::from_millis(args.bot_pause_ms),
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime
        .block_on(tash_kalar_server::serve_with(args.addr, config))
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("serving on {} with {}", args.addr, args.db.display()))
}
