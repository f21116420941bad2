//! `tash-kalar bot-worker`: decides bots' choices for the servers started
//! with `--bot-workers` on the same PostgreSQL database, until Ctrl-C or
//! SIGTERM.

use std::time::Duration;

use anyhow::{bail, Context, Result};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The servers' PostgreSQL database, as a `postgres://` URL
    /// (`postgresql:///tash?host=/run/postgresql` for a local socket).
    #[arg(long)]
    db: String,
    /// Decisions at once, each on a thread (default: one per core).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    threads: Option<usize>,
    /// This worker's name in the jobs it takes, unique among the workers
    /// (default: HOST-PID-XXXX).
    #[arg(long)]
    name: Option<String>,
    /// Seconds without a sign of life after which another worker takes
    /// this one's job (it signs every third of them while it thinks).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    job_timeout_secs: u64,
    /// The searches' thread priority on Unix (nice, 0 to 19).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(i32).range(0..=19))]
    nice: i32,
}

pub fn run(args: &Args) -> Result<()> {
    crate::serve::log_to_stderr();
    if !(args.db.starts_with("postgres://") || args.db.starts_with("postgresql://")) {
        bail!("--db must be a PostgreSQL database (postgres://... or postgresql://...): bot workers share the servers' database");
    }
    let mut options = tash_kalar_server::workers::WorkerOptions::new(
        args.name.clone().unwrap_or_else(tash_kalar_server::default_node),
    );
    if let Some(n) = args.threads {
        options.threads = n;
    }
    options.nice = args.nice;
    options.job_timeout = Duration::from_secs(args.job_timeout_secs);
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime
        .block_on(async {
            let store = tash_kalar_server::Store::open_postgres(&args.db).await?;
            tash_kalar_server::workers::run(&store, options, stop_signal()).await
        })
        .context("running the bot worker")
}

/// Ctrl-C, or (Unix) SIGTERM as service managers send: the worker gives
/// its jobs back and stops.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
