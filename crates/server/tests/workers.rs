//! Bot workers with a real server (issue 27): a `--bot-workers` server on
//! a temporary PostgreSQL runs no bot itself, and a game between two bots
//! is played to its end by a worker in the same process; on SQLite the
//! setting is refused. (The queue's SQL and the worker's cases are the
//! server crate's unit tests, `workers/tests.rs`; workers killed as
//! processes, the cli's `tests/cluster.rs`.)

mod common;

use std::path::PathBuf;
use std::time::Duration;

use common::*;
use serde_json::json;
use tash_kalar_server::workers::{self, JobState, Queue, WorkerOptions};
use tash_kalar_server::{AppState, Config, Store, StoreError};
use tash_kalar_testkit::pg::TempPostgres;

/// A `postgresql://` URL for a new database on the temporary cluster.
fn database(pg: &TempPostgres, name: &str) -> PathBuf {
    pg.database(name).unwrap();
    let user = pg.url(name).split_whitespace().find_map(|kv| kv.strip_prefix("user=").map(String::from)).unwrap();
    PathBuf::from(format!("postgresql:///{name}?host={}&user={user}", pg.socket_dir().display()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_two_bots_is_played_to_the_end_by_a_worker() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "bots");
    let mut config = Config::new(&db);
    config.bot_workers = true;
    config.bot_pause = Duration::ZERO;
    let server = TestServer::start_with(config);
    let seats = json!([
        {"school": "northern", "player": "bot", "bot": "random"},
        {"school": "southern", "player": "bot", "bot": "mcts:iterations=20"},
    ]);
    let (id, _) = create(server.addr, seats).await;
    let mut watcher = Client::join(server.addr, &id, None).await;
    watcher.keep = false;
    let dealt = watcher.version();

    // no worker yet: the first bot's decision waits in the queue
    let store = Store::open_postgres(db.to_str().unwrap()).await.unwrap();
    let queue = Queue::of(&store).unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let waiting = queue.jobs_of(&id).await.unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!((waiting[0].state, waiting[0].job.version as u64), (JobState::Queued, dealt));
    while watcher.try_recv(Duration::from_millis(200)).await.is_some() {}
    assert_eq!(watcher.version(), dealt, "no bot chose");

    // a worker plays every bot choice to the end
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let options = WorkerOptions { name: "w1".into(), threads: 1, nice: 0, job_timeout: Duration::from_secs(10) };
    let worker = tokio::spawn(async move {
        workers::run(&store, options, async {
            let _ = stopped.await;
        })
        .await
    });
    let began = std::time::Instant::now();
    while !watcher.over() {
        assert!(began.elapsed() < Duration::from_secs(300), "the game ends");
        watcher.recv().await;
    }
    let jobs = queue.jobs_of(&id).await.unwrap();
    assert!(jobs.len() > 10, "every bot choice was a job: {}", jobs.len());
    for j in &jobs {
        assert_eq!(j.state, JobState::Answered, "{j:?}");
        assert_eq!(j.worker.as_deref(), Some("w1"));
        assert!(matches!(j.answer, Some(Some(_))), "a choice: {j:?}");
    }
    // the versions grow: one job per position the bots chose at
    assert!(jobs.windows(2).all(|w| w[0].job.version < w[1].job.version));
    let _ = stop.send(());
    worker.await.unwrap().unwrap();
}

/// A decision no longer wanted (its game moved on while it waited: a
/// resignation) is answered "none" by the worker and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_for_a_game_that_moved_on_is_answered_none_and_ignored() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let db = database(&pg, "moved");
    let mut config = Config::new(&db);
    config.bot_workers = true;
    let server = TestServer::start_with(config);
    let seats = json!([
        {"school": "northern", "player": "human"},
        {"school": "southern", "player": "bot", "bot": "random"},
    ]);
    let (id, tokens) = create(server.addr, seats).await;
    let mut person = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    person.keep = false;
    // the person chooses until the bot is to choose
    let store = Store::open_postgres(db.to_str().unwrap()).await.unwrap();
    let queue = Queue::of(&store).unwrap();
    while queue.jobs_of(&id).await.unwrap().is_empty() {
        let v = person.version();
        if let Some(choices) = person.choices() {
            person.choose(v, &choices[0]).await;
        }
        let _ = person.try_recv(Duration::from_millis(300)).await;
    }
    let job = queue.jobs_of(&id).await.unwrap().remove(0);
    let v = person.version();
    assert_eq!(job.job.version as u64, v, "the job is for the game as it is");
    person.send(json!({"type": "resign"})).await;
    let over = person.state_at_least(v + 1).await;
    assert_eq!(over["over"], true);

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let options = WorkerOptions { name: "w".into(), threads: 1, nice: 0, job_timeout: Duration::from_secs(10) };
    tokio::spawn(async move {
        workers::run(&store, options, async {
            let _ = stopped.await;
        })
        .await
    });
    for _ in 0..300 {
        if queue.job(job.job.id).await.unwrap().unwrap().state == JobState::Answered {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(queue.job(job.job.id).await.unwrap().unwrap().answer, Some(None), "answered none");
    // nothing more is played
    while person.try_recv(Duration::from_millis(500)).await.is_some() {}
    assert_eq!(person.version(), v + 1);
    let _ = stop.send(());
}

#[tokio::test]
async fn bot_workers_on_sqlite_are_refused_before_anything_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.sqlite");
    let mut config = Config::new(&db);
    config.bot_workers = true;
    let refused = AppState::open(config).await.err().expect("refused");
    assert!(matches!(refused, StoreError::NeedsPostgres { .. }), "{refused:?}");
    assert!(refused.to_string().contains("PostgreSQL"), "{refused}");
    assert!(!db.exists(), "no SQLite file made");
}
