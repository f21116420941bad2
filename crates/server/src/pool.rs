//! The bot pool: bots think on a few threads of their own, so that people's
//! games keep their latency however many bot games are running.
//!
//! - At most `threads` searches run at once (by default one fewer than the
//!   machine's cores, at least one); the others wait their turn.
//! - The waiting searches are served round-robin by owner (the address that
//!   created the game while it is in memory since its creation, else the game
//!   itself), one search at a time: twenty bot games from one address take
//!   one turn among the others, not twenty.
//! - On Unix the pool's threads run at a lower priority (`nice`), and so do
//!   the threads a search starts (a new thread takes its creator's
//!   priority), so the async threads that answer people's moves come first.
//! - A search whose game has gone (unloaded, or its answer no longer
//!   awaited) before its turn is dropped unrun.
//! - With bot workers (`Config::bot_workers`, `workers`) the games' bots
//!   do not think here: the pool carries the queue their decisions go to
//!   ([`BotPool::jobs`]), and starts its threads only when something else
//!   runs on it (an analysis).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Queue {
    /// Owners with waiting jobs, in the order they are served.
    turns: VecDeque<String>,
    jobs: HashMap<String, VecDeque<Job>>,
    stopped: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// The threads, started once: at once, or on first use (with bot workers).
    started: std::sync::Once,
    threads: usize,
    nice: i32,
}

/// Stops the threads when the last handle goes.
struct Stop(Arc<Shared>);

impl Drop for Stop {
    fn drop(&mut self) {
        self.0.queue.lock().unwrap_or_else(|e| e.into_inner()).stopped = true;
        self.0.ready.notify_all();
    }
}

/// A handle to the pool; clones share it.
#[derive(Clone)]
pub struct BotPool {
    shared: Arc<Shared>,
    _stop: Arc<Stop>,
    /// The queue the games' bot decisions go to, with bot workers.
    jobs: Option<crate::workers::Jobs>,
}

impl BotPool {
    /// Starts `threads` threads (at least one) at the priority `nice`
    /// (Unix; 0 keeps the server's).
    pub fn new(threads: usize, nice: i32) -> BotPool {
        let pool = BotPool::idle(threads, nice, None);
        pool.start();
        pool
    }

    /// A pool for a server with bot workers: the games' bots decide
    /// through `jobs`; the threads start on the pool's first use.
    pub(crate) fn queued(threads: usize, nice: i32, jobs: crate::workers::Jobs) -> BotPool {
        BotPool::idle(threads, nice, Some(jobs))
    }

    fn idle(threads: usize, nice: i32, jobs: Option<crate::workers::Jobs>) -> BotPool {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            started: std::sync::Once::new(),
            threads: threads.max(1),
            nice,
        });
        BotPool { _stop: Arc::new(Stop(shared.clone())), shared, jobs }
    }

    fn start(&self) {
        let shared = &self.shared;
        shared.started.call_once(|| {
            for i in 0..shared.threads {
                let (s, nice) = (shared.clone(), shared.nice);
                let spawned = std::thread::Builder::new().name(format!("bot-{i}")).spawn(move || worker(s, nice));
                if let Err(e) = spawned {
                    tracing::error!(error = %e, "cannot start a bot thread");
                }
            }
        });
    }

    /// The bot workers' queue, if the games' bots decide there.
    pub(crate) fn jobs(&self) -> Option<&crate::workers::Jobs> {
        self.jobs.as_ref()
    }

    /// Runs `f` on the pool in `owner`'s turn; `None` if it did not run
    /// (it panicked, or the pool stopped).
    pub async fn run<T: Send + 'static>(&self, owner: &str, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        self.submit(
            owner,
            Box::new(move || {
                // nobody waits for it any more: the game has gone
                if tx.is_closed() {
                    return;
                }
                let _ = tx.send(f());
            }),
        );
        rx.await.ok()
    }

    fn submit(&self, owner: &str, job: Job) {
        self.start();
        let mut q = self.shared.queue.lock().unwrap_or_else(|e| e.into_inner());
        let jobs = q.jobs.entry(owner.to_string()).or_default();
        jobs.push_back(job);
        if jobs.len() == 1 {
            q.turns.push_back(owner.to_string());
        }
        drop(q);
        self.shared.ready.notify_one();
    }

    /// How many searches wait.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.shared.queue.lock().unwrap_or_else(|e| e.into_inner()).jobs.values().map(VecDeque::len).sum()
    }
}

#[cfg(unix)]
fn lower_priority(nice: i32) {
    if nice != 0 {
        // Linux: the nice value is per thread, and `who == 0` is this thread
        // SAFETY: setpriority reads plain integers and changes no memory
        let r = unsafe { libc::setpriority(libc::PRIO_PROCESS as _, 0, nice) };
        if r != 0 {
            tracing::warn!(nice, "cannot lower the bot threads' priority");
        }
    }
}

#[cfg(not(unix))]
fn lower_priority(_nice: i32) {}

fn worker(shared: Arc<Shared>, nice: i32) {
    lower_priority(nice);
    loop {
        let job = {
            let mut q = shared.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if q.stopped {
                    return;
                }
                if let Some(owner) = q.turns.pop_front() {
                    let jobs = q.jobs.get_mut(&owner).expect("an owner in turn has jobs");
                    let job = jobs.pop_front().expect("an owner in turn has jobs");
                    if jobs.is_empty() {
                        q.jobs.remove(&owner);
                    } else {
                        q.turns.push_back(owner);
                    }
                    break job;
                }
                q = shared.ready.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        // a panicking bot loses its answer, not the thread
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
            tracing::error!("a bot search panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Holds the pool's one thread until the returned sender is used.
    async fn hold(pool: &BotPool) -> (std::sync::mpsc::Sender<()>, tokio::task::JoinHandle<Option<Option<()>>>) {
        let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
        let (started_tx, started_rx) = std::sync::mpsc::channel::<()>();
        let p = pool.clone();
        let blocker = tokio::spawn(async move {
            p.run("x", move || {
                let _ = started_tx.send(());
                go_rx.recv().ok()
            })
            .await
        });
        while started_rx.try_recv().is_err() {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        (go_tx, blocker)
    }

    async fn until_waiting(pool: &BotPool, n: usize) {
        while pool.waiting() < n {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    #[tokio::test]
    async fn owners_take_turns() {
        let pool = BotPool::new(1, 0);
        let order = Arc::new(Mutex::new(Vec::new()));
        let (go, blocker) = hold(&pool).await;
        let mut tasks = Vec::new();
        for (owner, n) in [("a", 0), ("a", 1), ("a", 2), ("b", 0), ("c", 0)] {
            let p = pool.clone();
            let order = order.clone();
            tasks.push(tokio::spawn(async move {
                p.run(owner, move || order.lock().unwrap().push(format!("{owner}{n}"))).await
            }));
            until_waiting(&pool, tasks.len()).await;
        }
        go.send(()).unwrap();
        blocker.await.unwrap();
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["a0", "b0", "c0", "a1", "a2"]);
    }

    #[tokio::test]
    async fn a_panic_loses_one_answer_and_a_job_nobody_awaits_is_dropped() {
        let pool = BotPool::new(1, 0);
        assert_eq!(pool.run("a", || -> u32 { panic!("a bot bug") }).await, None);
        assert_eq!(pool.run("a", || 7).await, Some(7));
        let ran = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (go, blocker) = hold(&pool).await;
        let r = ran.clone();
        let p = pool.clone();
        let abandoned =
            tokio::spawn(async move { p.run("y", move || r.store(true, std::sync::atomic::Ordering::SeqCst)).await });
        until_waiting(&pool, 1).await;
        abandoned.abort();
        let _ = abandoned.await;
        go.send(()).unwrap();
        blocker.await.unwrap();
        assert_eq!(pool.run("z", || 1).await, Some(1));
        assert!(!ran.load(std::sync::atomic::Ordering::SeqCst), "the abandoned search did not run");
    }
}
