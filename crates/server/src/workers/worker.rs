//! The bot worker (`tash-kalar bot-worker`): takes the queue's jobs as
//! long as it has a free thread, rebuilds each job's game from the
//! database at the job's version (from the game it replayed for the
//! game's last job, if it still holds it: `cache.rs`), decides on its own
//! bot pool within the server's bot limits, heartbeats the job while it
//! thinks, and answers.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tash_kalar_bots::Decision;
use tash_kalar_rules::Actor;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::cache::{follows, Replayed};
use super::{Job, Queue, SLOW_POLL};
use crate::db::Stored;
use crate::live::{LiveGame, StoredEntry};
use crate::pool::BotPool;
use crate::store::listen::Heard;
use crate::store::{Store, StoreError};

/// A job taken this many times (its workers stopped each time) is answered
/// "none" rather than tried again: it may be what stops them.
const MAX_ATTEMPTS: u32 = 3;

/// How often a worker deletes the answers older than [`KEEP_ANSWERS`].
const CLEAN_EVERY: Duration = Duration::from_secs(60);

/// How long an answer is kept: its server read it long before.
const KEEP_ANSWERS: Duration = Duration::from_secs(600);

/// The games a worker keeps replayed for their next jobs (a game in
/// memory is tens of kB).
const CACHED_GAMES: usize = 64;

/// How a worker runs.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// The worker's name in the jobs it takes (unique among the workers).
    pub name: String,
    /// Decisions at once, each on a thread of the worker's bot pool.
    pub threads: usize,
    /// The pool's priority on Unix (`nice`, 0 to 19).
    pub nice: i32,
    /// The worker heartbeats a job every third of this; a job whose
    /// heartbeat is older is taken by another worker.
    pub job_timeout: Duration,
}

impl WorkerOptions {
    /// A worker named `name` with the defaults: a thread per core, nice
    /// 10, a 10 s timeout.
    pub fn new(name: impl Into<String>) -> WorkerOptions {
        WorkerOptions {
            name: name.into(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            nice: 10,
            job_timeout: Duration::from_secs(10),
        }
    }
}

/// The jobs a worker holds, to give back when it stops.
type Held = Arc<Mutex<HashMap<i64, Job>>>;

/// Takes and answers jobs from `store`'s queue until `shutdown` completes;
/// then gives back the jobs it holds (another worker takes them at once)
/// and returns, dropping its searches under way.
pub async fn run(store: &Store, options: WorkerOptions, shutdown: impl Future<Output = ()>) -> Result<(), StoreError> {
    let queue = Queue::of(store)?;
    let mut sub = queue.pg.listener().subscribe();
    let threads = options.threads.max(1);
    let pool = BotPool::new(threads, options.nice);
    let slots = Arc::new(Semaphore::new(threads));
    let held: Held = Default::default();
    let cache = Arc::new(Replayed::new(CACHED_GAMES));
    let mut tasks = JoinSet::new();
    let mut clean = tokio::time::interval(CLEAN_EVERY);
    tracing::info!(name = %options.name, threads, "bot worker started");
    let mut poll = tokio::time::interval(SLOW_POLL);
    tokio::pin!(shutdown);
    // whether to look for jobs: not on the notifications meant for servers
    let mut look = true;
    loop {
        // as many jobs as there are free threads
        if look {
            loop {
                let Ok(slot) = slots.clone().try_acquire_owned() else { break };
                match queue.take(&options.name, options.job_timeout).await {
                    Ok(Some(job)) => {
                        lock(&held).insert(job.id, job.clone());
                        let (store, queue, pool, held, options, cache) =
                            (store.clone(), queue.clone(), pool.clone(), held.clone(), options.clone(), cache.clone());
                        tasks.spawn(async move {
                            work(&store, &queue, &pool, &cache, &job, &options).await;
                            lock(&held).remove(&job.id);
                            drop(slot);
                        });
                    }
                    Ok(None) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot take a bot job");
                        break;
                    }
                }
            }
        }
        look = tokio::select! {
            _ = &mut shutdown => break,
            heard = sub.next() => match heard {
                // a job queued or given back (or some missed): look again
                Some(Heard::Note { channel, .. }) => channel == "tk_bot_jobs",
                Some(Heard::Resync) => true,
                None => return Err(StoreError::Closed),
            },
            // a thread is free again
            Some(_) = tasks.join_next() => true,
            _ = poll.tick() => true,
            _ = clean.tick() => {
                match queue.clean(KEEP_ANSWERS).await {
                    Ok(0) => {}
                    Ok(n) => tracing::debug!(n, "old bot answers deleted"),
                    Err(e) => tracing::warn!(error = %e, "cannot delete old bot answers"),
                }
                false
            }
        };
    }
    tasks.abort_all();
    let jobs: Vec<Job> = lock(&held).drain().map(|(_, j)| j).collect();
    for job in jobs {
        if let Err(e) = queue.release(&job, &options.name).await {
            tracing::warn!(job = job.id, error = %e, "cannot give a bot job back; it is free after its timeout");
        }
    }
    tracing::info!(name = %options.name, "bot worker stopped");
    Ok(())
}

fn lock(held: &Held) -> std::sync::MutexGuard<'_, HashMap<i64, Job>> {
    held.lock().unwrap_or_else(|e| e.into_inner())
}

/// Decides one job and answers it; a database that fails before the
/// answer gives the job back, for this worker or another to try again.
async fn work(store: &Store, queue: &Queue, pool: &BotPool, cache: &Replayed, job: &Job, options: &WorkerOptions) {
    let choice = match decide(store, queue, pool, cache, job, options).await {
        Ok(choice) => choice,
        Err(e) => {
            tracing::warn!(job = job.id, game = %job.game, error = %e, "cannot read a bot job's game");
            tokio::time::sleep(SLOW_POLL).await;
            if let Err(e) = queue.release(job, &options.name).await {
                tracing::warn!(job = job.id, error = %e, "cannot give a bot job back");
            }
            return;
        }
    };
    for attempt in 0..3 {
        match queue.answer(job.id, &options.name, choice.as_deref()).await {
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(job = job.id, error = %e, attempt, "cannot answer a bot job");
                tokio::time::sleep(SLOW_POLL).await;
            }
        }
    }
}

/// The job's choice in the project's notation, or `None` when it cannot
/// be decided: the game moved on or is gone, the spec is beyond the
/// server's limits, the job stopped workers before.
async fn decide(
    store: &Store,
    queue: &Queue,
    pool: &BotPool,
    cache: &Replayed,
    job: &Job,
    options: &WorkerOptions,
) -> Result<Option<String>, StoreError> {
    if job.attempts > MAX_ATTEMPTS {
        tracing::warn!(job = job.id, game = %job.game, attempts = job.attempts, "a bot job taken too often: answered none");
        return Ok(None);
    }
    // the spec checked again: the queue is data, the limits are ours
    let spec = match crate::wire::bot_spec(&job.spec) {
        Ok(spec) => spec,
        Err(e) => {
            tracing::warn!(job = job.id, spec = %job.spec, error = %e, "a bot job's spec is refused");
            return Ok(None);
        }
    };
    let Some(source) = source(store, cache, job).await? else { return Ok(None) };
    let mut bot = spec.build(job.seed);
    let counter = Arc::new(AtomicU32::new(0));
    bot.set_progress(Some(counter.clone()));
    let (seat, version) = (job.seat, job.version);
    // replayed and decided on the pool's thread, off the async threads
    let decision = pool.run(&job.owner, move || {
        let g = match source {
            Source::Held(g, entries) => catch_up(*g, &entries, version)?,
            Source::Stored(stored) => at_version(*stored, version)?,
        };
        let choice =
            (g.game().actor() == Actor::Seat(seat)).then(|| bot.decide(&Decision::new(g.game(), seat)).to_string());
        Some((choice, g))
    });
    tokio::pin!(decision);
    let mut beat = tokio::time::interval((options.job_timeout / 3).max(Duration::from_millis(10)));
    beat.tick().await;
    loop {
        tokio::select! {
            decided = &mut decision => {
                let Some((choice, g)) = decided.flatten() else { return Ok(None) };
                cache.put(g);
                return Ok(choice);
            }
            _ = beat.tick() => {
                let iterations = counter.load(Ordering::Relaxed);
                match queue.heartbeat(job, &options.name, iterations).await {
                    Ok(true) => {}
                    // taken again by another worker: the first answer stands, this may be it
                    Ok(false) => tracing::debug!(job = job.id, "a bot job is no longer this worker's"),
                    Err(e) => tracing::warn!(job = job.id, error = %e, "cannot renew a bot job"),
                }
            }
        }
    }
}

/// Where a job's game comes from: the game held for its last job and the
/// entries since, or the whole stored game.
pub(super) enum Source {
    Held(Box<LiveGame>, Vec<StoredEntry>),
    Stored(Box<Stored>),
}

/// The job's game as the cache holds it and the entries after it, else as
/// stored; `None` when the game is gone or cannot be read, or moved on.
pub(super) async fn source(store: &Store, cache: &Replayed, job: &Job) -> Result<Option<Source>, StoreError> {
    if let Some(g) = cache.take(&job.game, job.version) {
        let entries = store.log_after(&job.game, g.version()).await?;
        if g.version() + entries.len() as u32 > job.version {
            // the game moved on: the decision is no longer wanted
            cache.put(g);
            return Ok(None);
        }
        if follows(g.version(), &entries) {
            return Ok(Some(Source::Held(Box::new(g), entries)));
        }
        // (a gap cannot happen to an append-only log: read it all)
    }
    match store.load(&job.game).await {
        Ok(Some(stored)) => Ok(Some(Source::Stored(Box::new(stored)))),
        Ok(None) => Ok(None),
        Err(StoreError::BadRow(why)) => {
            tracing::warn!(job = job.id, game = %job.game, why, "a bot job's game cannot be read");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A held game with the entries after it applied, at `version`; `None` if
/// it then is not, or an entry cannot be applied.
pub(super) fn catch_up(mut g: LiveGame, entries: &[StoredEntry], version: u32) -> Option<LiveGame> {
    for e in entries {
        if let Err(e) = g.apply_stored(e) {
            tracing::warn!(game = %g.id, error = %e, "a bot job's game cannot be replayed");
            return None;
        }
    }
    (g.version() == version).then_some(g)
}

/// The stored game replayed to `version`; `None` if its log is longer (the
/// game moved on: the decision is no longer wanted) or shorter, or cannot
/// be replayed.
pub(super) fn at_version(stored: Stored, version: u32) -> Option<LiveGame> {
    if stored.log.len() != version as usize {
        return None;
    }
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).ok()?;
    for e in &stored.log {
        if let Err(e) = g.apply_stored(e) {
            tracing::warn!(game = %g.id, error = %e, "a bot job's game cannot be replayed");
            return None;
        }
    }
    Some(g)
}
