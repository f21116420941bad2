//! Bot workers: bot decisions computed by other processes, anywhere, on
//! one PostgreSQL database (issue 27). A server started with
//! `--bot-workers` runs no bot on its own threads: each decision is a row
//! of the queue (`store`, table `bot_jobs`: game, version, seat, spec,
//! seed, owner), which a worker (`tash-kalar bot-worker`, [`run`]) takes
//! with `FOR UPDATE SKIP LOCKED`, decides on the game rebuilt from the
//! database (or the game it replayed for the last job, caught up with the
//! entries since: `cache`), and answers with the choice in the project's
//! notation.
//!
//! Notifications say that something changed, never what: `tk_bot_jobs`
//! (payload: the job's id) wakes the workers, `tk_bot_done` the server
//! waiting for that job (`Jobs`); both also read the queue on a slow
//! timer and after a `Heard::Resync`, so a lost notification costs time,
//! never a decision. A worker that stops renewing its job's heartbeat
//! loses it to the next worker after its timeout.

mod cache;
mod store;
#[cfg(test)]
mod tests;
mod worker;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

pub use store::{Job, JobRow, JobState, NewJob, Progress, Queue};
pub use worker::{run, WorkerOptions};

use crate::store::listen::Heard;
use crate::store::{Store, StoreError};

/// The answer of a worker that could not decide (the game moved on, the
/// spec is beyond the server's limits, the game cannot be rebuilt).
pub(crate) const NONE: &str = "none";

/// How often a server waiting for an answer reads it without being told,
/// in case a notification was lost; a worker looks for jobs as often.
const SLOW_POLL: Duration = Duration::from_secs(2);

impl Queue {
    /// The queue of the store's database; [`StoreError::NeedsPostgres`]
    /// on SQLite.
    pub fn of(store: &Store) -> Result<Queue, StoreError> {
        match store {
            Store::Postgres(pg) => Ok(Queue { pg: pg.clone() }),
            Store::Sqlite(_) => Err(StoreError::NeedsPostgres { what: "bot workers" }),
        }
    }
}

/// The server's side of the queue: queues its games' bot decisions and
/// wakes the one waiting for a job when `tk_bot_done` names it (all of
/// them after a [`Heard::Resync`]). Cheap to clone.
#[derive(Clone)]
pub(crate) struct Jobs {
    queue: Queue,
    waiters: Arc<Waiters>,
}

/// The waits under way, by job id (a job may be awaited twice: a game
/// unloaded and loaded again while its bot thinks).
type Waiters = Mutex<HashMap<i64, Vec<Arc<Notify>>>>;

/// One wait for a job's answer; unregistered when dropped.
struct Waiter {
    id: i64,
    notify: Arc<Notify>,
    waiters: Arc<Waiters>,
}

impl Drop for Waiter {
    fn drop(&mut self) {
        let mut map = self.waiters.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(list) = map.get_mut(&self.id) {
            list.retain(|n| !Arc::ptr_eq(n, &self.notify));
            if list.is_empty() {
                map.remove(&self.id);
            }
        }
    }
}

impl Jobs {
    /// The queue of `store`'s database, and the task that hands its
    /// `tk_bot_done` notifications to the waits (it ends with the store).
    pub(crate) fn start(store: &Store) -> Result<Jobs, StoreError> {
        let queue = Queue::of(store)?;
        let waiters: Arc<Waiters> = Default::default();
        let mut sub = queue.pg.listener().subscribe();
        let weak = Arc::downgrade(&waiters);
        tokio::spawn(async move {
            while let Some(heard) = sub.next().await {
                let Some(waiters) = weak.upgrade() else { return };
                let map = waiters.lock().unwrap_or_else(|e| e.into_inner());
                match heard {
                    Heard::Note { channel, payload } if channel == "tk_bot_done" => {
                        let id = payload.parse::<i64>().ok();
                        for n in id.and_then(|id| map.get(&id)).into_iter().flatten() {
                            n.notify_one();
                        }
                    }
                    Heard::Note { .. } => {}
                    Heard::Resync => map.values().flatten().for_each(|n| n.notify_one()),
                }
            }
        });
        Ok(Jobs { queue, waiters })
    }

    fn waiter(&self, id: i64) -> Waiter {
        let notify = Arc::new(Notify::new());
        let mut map = self.waiters.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(id).or_default().push(notify.clone());
        Waiter { id, notify, waiters: self.waiters.clone() }
    }

    /// Queues `job` and waits for its answer: the choice in the project's
    /// notation, or `None` (the worker could not decide). `progress` is
    /// called every `every` (if given) with the search's iterations so
    /// far and the time since the job was queued. A database that fails
    /// is tried again, with a growing pause: the game's bot waits.
    pub(crate) async fn decide(
        &self,
        job: &NewJob,
        every: Option<Duration>,
        mut progress: impl FnMut(u32, Duration),
    ) -> Option<String> {
        let began = Instant::now();
        let mut backoff = Duration::from_millis(200);
        let mut pause = |what: &str, e: &StoreError| {
            tracing::warn!(game = %job.game, error = %e, "cannot {what} a bot job; trying again");
            let p = backoff;
            backoff = (backoff * 2).min(Duration::from_secs(5));
            tokio::time::sleep(p)
        };
        loop {
            let id = match self.queue.enqueue(job).await {
                Ok(id) => id,
                Err(e) => {
                    pause("queue", &e).await;
                    continue;
                }
            };
            // registered before the first read: an answer stored between
            // the two is read, one stored after is heard
            let waiter = self.waiter(id);
            let mut iterations = 0;
            let mut ticks = every.map(tokio::time::interval);
            loop {
                match self.queue.progress(id).await {
                    Ok(Progress::Answered(answer)) => return answer,
                    Ok(Progress::Waiting { iterations: i }) => iterations = i,
                    // (cleaned before it was read: queued again)
                    Ok(Progress::Gone) => break,
                    Err(e) => pause("read", &e).await,
                }
                let poll = tokio::time::sleep(SLOW_POLL);
                tokio::pin!(poll);
                loop {
                    tokio::select! {
                        _ = waiter.notify.notified() => break,
                        _ = &mut poll => break,
                        _ = async { ticks.as_mut().expect("guarded").tick().await }, if ticks.is_some() => {
                            progress(iterations, began.elapsed());
                        }
                    }
                }
            }
        }
    }
}
