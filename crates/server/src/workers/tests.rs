//! The queue's SQL and the worker on a temporary PostgreSQL (skipped where
//! PostgreSQL is not installed, unless under CI).

use std::collections::HashMap;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tash_kalar_bots::Decision;
use tash_kalar_rules::{Actor, Form, School};
use tash_kalar_testkit::pg::TempPostgres;
use tokio::sync::oneshot;

use super::*;
use crate::live::{Kind, LiveGame, Player, SeatInfo, StoredEntry};
use crate::store::listen::Heard;

/// A duel between two bots, dealt to its first seat's choice and stored.
async fn stored_game(store: &Store, id: &str) -> LiveGame {
    let seat = |school, spec: &str| SeatInfo {
        school,
        player: Player::Bot(spec.into()),
        name: None,
        token_hash: None,
        taken: true,
        open: false,
        account: None,
    };
    let seats = vec![seat(School::Northern, "random"), seat(School::Southern, "random")];
    let mut g = LiveGame::new(id.to_string(), Form::Duel, seats, 1_000).unwrap();
    let mut driver = crate::actor::driver(&g, StdRng::seed_from_u64(7));
    crate::actor::run_chance(&mut g, &mut driver);
    assert!(matches!(g.game().actor(), Actor::Seat(_)), "a seat is to choose");
    let entries = g.entries.iter().map(StoredEntry::from).collect();
    store.insert_game(&g, entries).await.unwrap();
    g
}

fn new_job(g: &LiveGame, spec: &str, seed: u64, owner: &str) -> NewJob {
    let Actor::Seat(seat) = g.game().actor() else { panic!("a seat is to choose") };
    NewJob { game: g.id.clone(), version: g.version(), seat, spec: spec.into(), seed, owner: owner.into() }
}

/// The job's row once it is answered (waits up to a minute).
async fn answered(queue: &Queue, id: i64) -> JobRow {
    for _ in 0..600 {
        let row = queue.job(id).await.unwrap().expect("the job is kept");
        if row.state == JobState::Answered {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("job {id} was not answered in time");
}

/// A worker running in this runtime until the sender is used or dropped.
fn worker(store: &Store, name: &str, threads: usize, timeout: Duration) -> oneshot::Sender<()> {
    let (stop, stopped) = oneshot::channel::<()>();
    let store = store.clone();
    let options = WorkerOptions { name: name.into(), threads, nice: 0, job_timeout: timeout };
    tokio::spawn(async move {
        run(&store, options, async {
            let _ = stopped.await;
        })
        .await
        .unwrap()
    });
    stop
}

async fn postgres(pg: &TempPostgres, name: &str) -> (Store, Queue) {
    let store = Store::open_postgres(&pg.database(name).unwrap()).await.unwrap();
    let queue = Queue::of(&store).unwrap();
    (store, queue)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queues_sql() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, queue) = postgres(&pg, "sql").await;
    let g = stored_game(&store, "g1").await;
    let h = stored_game(&store, "g2").await;
    assert_eq!(queue.take("w", Duration::from_secs(10)).await.unwrap(), None, "nothing queued");

    // one job per position: asked again, the same job
    let a = queue.enqueue(&new_job(&g, "random", 1, "alice")).await.unwrap();
    assert_eq!(queue.enqueue(&new_job(&g, "random", 2, "alice")).await.unwrap(), a);
    let row = queue.job(a).await.unwrap().unwrap();
    assert_eq!((row.state, row.job.seed, row.job.attempts, row.answer), (JobState::Queued, 1, 0, None));

    // taken once, with SKIP LOCKED: a second taker finds nothing
    let job = queue.take("w1", Duration::from_secs(10)).await.unwrap().expect("the job");
    assert_eq!((job.id, job.attempts, job.owner.as_str()), (a, 1, "alice"));
    assert_eq!(queue.take("w2", Duration::from_secs(10)).await.unwrap(), None);
    assert_eq!(queue.progress(a).await.unwrap(), Progress::Waiting { iterations: 0 });
    assert!(queue.heartbeat(&job, "w1", 120).await.unwrap());
    assert!(!queue.heartbeat(&job, "w2", 5).await.unwrap(), "not w2's job");
    assert_eq!(queue.progress(a).await.unwrap(), Progress::Waiting { iterations: 120 });

    // given back: queued again, the attempt not counted
    queue.release(&job, "w1").await.unwrap();
    let row = queue.job(a).await.unwrap().unwrap();
    assert_eq!((row.state, row.job.attempts, row.worker), (JobState::Queued, 0, None));

    // owners take turns: alice has a job being decided, so bob's newer job goes first
    let taken = queue.take("w1", Duration::from_secs(10)).await.unwrap().unwrap();
    assert_eq!(taken.id, a);
    let mut moved = new_job(&g, "random", 3, "alice");
    moved.version += 1;
    let alices = queue.enqueue(&moved).await.unwrap();
    let bobs = queue.enqueue(&new_job(&h, "greedy", 4, "bob")).await.unwrap();
    assert!(alices < bobs);
    assert_eq!(queue.take("w2", Duration::from_secs(10)).await.unwrap().unwrap().id, bobs);
    assert_eq!(queue.take("w2", Duration::from_secs(10)).await.unwrap().unwrap().id, alices);

    // a heartbeat older than the taker's timeout frees the job
    let short = queue.take("w3", Duration::from_millis(1)).await;
    assert_eq!(short.unwrap(), None, "every job is held");
    let job = queue.job(alices).await.unwrap().unwrap().job;
    assert!(queue.heartbeat(&job, "w2", 0).await.unwrap());
    store_sql(&queue, "UPDATE bot_jobs SET heartbeat = heartbeat - 60000 WHERE id = $1", alices).await;
    let again = queue.take("w3", Duration::from_secs(10)).await.unwrap().unwrap();
    assert_eq!((again.id, again.attempts), (alices, 2));
    assert!(!queue.heartbeat(&job, "w2", 0).await.unwrap(), "w2 lost it");

    // the first answer stands; the servers are told once
    let mut sub = queue.pg.listener().subscribe();
    assert_eq!(heard(&mut sub).await, Heard::Resync);
    assert!(queue.answer(a, "w1", Some("place e5")).await.unwrap());
    assert!(!queue.answer(a, "w9", None).await.unwrap());
    assert_eq!(queue.progress(a).await.unwrap(), Progress::Answered(Some("place e5".into())));
    assert!(queue.answer(bobs, "w2", None).await.unwrap());
    assert_eq!(queue.progress(bobs).await.unwrap(), Progress::Answered(None));
    let row = queue.job(bobs).await.unwrap().unwrap();
    assert_eq!((row.state, row.answer, row.worker.as_deref()), (JobState::Answered, Some(None), Some("w2")));
    let done = |id: i64| Heard::Note { channel: "tk_bot_done".into(), payload: id.to_string() };
    assert_eq!(heard(&mut sub).await, done(a));
    assert_eq!(heard(&mut sub).await, done(bobs));

    // cleaning takes the old answers only
    assert_eq!(queue.clean(Duration::from_secs(60)).await.unwrap(), 0);
    store_sql(&queue, "UPDATE bot_jobs SET answered = answered - 120000 WHERE id = $1", a).await;
    assert_eq!(queue.clean(Duration::from_secs(60)).await.unwrap(), 1);
    assert_eq!(queue.progress(a).await.unwrap(), Progress::Gone);
    let left: Vec<i64> = queue.jobs_of("g1").await.unwrap().iter().map(|r| r.job.id).collect();
    assert_eq!(left, [alices]);
}

async fn store_sql(queue: &Queue, sql: &str, id: i64) {
    assert_eq!(queue.pg.client().await.unwrap().execute(sql, &[&id]).await.unwrap(), 1);
}

async fn heard(sub: &mut crate::store::listen::Subscription) -> Heard {
    tokio::time::timeout(Duration::from_secs(10), sub.next()).await.expect("heard in time").expect("listening")
}

/// The worker's choice is the one a local bot of the same spec and seed
/// makes (an iteration budget: deterministic); what it cannot decide is
/// answered "none": a spec beyond the limits, a game moved on, a seat not
/// to choose, a game not stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_decides_as_a_local_bot_and_answers_none_to_what_it_cannot() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, queue) = postgres(&pg, "decide").await;
    let g = stored_game(&store, "g").await;
    let spec = "mcts:iterations=300";
    let id = queue.enqueue(&new_job(&g, spec, 42, "o")).await.unwrap();
    let _stop = worker(&store, "w", 1, Duration::from_secs(10));
    let row = answered(&queue, id).await;
    let Actor::Seat(seat) = g.game().actor() else { unreachable!() };
    let local = crate::wire::bot_spec(spec).unwrap().build(42).decide(&Decision::new(g.game(), seat));
    assert_eq!(row.answer, Some(Some(local.to_string())));
    assert_eq!((row.worker.as_deref(), row.job.attempts), (Some("w"), 1));

    // each case on a game of its own: one job per position
    let mut cases = Vec::new();
    for (i, why) in ["beyond the limits", "an outside engine", "moved on", "not yet", "another seat"].iter().enumerate()
    {
        let h = stored_game(&store, &format!("h{i}")).await;
        let mut job = new_job(&h, "random", 1, "o");
        match i {
            0 => job.spec = "mcts:iterations=200001".into(),
            1 => job.spec = "cmd:/bin/true".into(),
            2 => job.version -= 1,
            3 => job.version += 1,
            _ => job.seat = 1 - job.seat,
        }
        cases.push((why, job));
    }
    for (why, job) in cases {
        let id = queue.enqueue(&job).await.unwrap();
        assert_eq!(answered(&queue, id).await.answer, Some(None), "{why}");
    }
}

/// A game's jobs one after another, with the other seat's choices and the
/// draws stored between them: the worker decides each on the game it held
/// for the last job with only the entries since applied, the same as a
/// local bot on the whole game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_follows_a_game_from_its_cache_and_decides_as_a_local_bot() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, queue) = postgres(&pg, "cache").await;
    let mut g = stored_game(&store, "c").await;
    let mut driver = crate::actor::driver(&g, StdRng::seed_from_u64(8));
    let _stop = worker(&store, "w", 1, Duration::from_secs(10));
    let spec = "greedy";
    for seed in 0..16 {
        if g.is_over() {
            break;
        }
        let Actor::Seat(seat) = g.game().actor() else { unreachable!("chance runs below") };
        let id = queue.enqueue(&new_job(&g, spec, seed, "o")).await.unwrap();
        let row = answered(&queue, id).await;
        let local = crate::wire::bot_spec(spec).unwrap().build(seed).decide(&Decision::new(g.game(), seat));
        assert_eq!(row.answer, Some(Some(local.to_string())), "job {seed} at version {}", g.version());
        let from = g.version() as usize;
        g.apply(Some(seat), Kind::Choice, Some(local)).unwrap();
        crate::actor::run_chance(&mut g, &mut driver);
        let entries = g.entries[from..].iter().map(StoredEntry::from).collect();
        store.append(&g.id, entries, crate::db::Summary::of(&g), None).await.unwrap();
    }
}

/// The cache's game caught up with the entries after it equals the stored
/// game replayed whole; a job older than the held game, or a game that
/// moved past the job, reads nothing from the cache.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_game_caught_up_equals_the_game_replayed_whole() {
    use super::cache::Replayed;
    use super::worker::{at_version, catch_up, source, Source};
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, _queue) = postgres(&pg, "caught").await;
    let mut g = stored_game(&store, "k").await;
    let cache = Replayed::new(2);
    let start = g.clone();
    cache.put(g.clone());
    let held_at = g.version();
    // a few choices and draws stored after the held version
    let mut driver = crate::actor::driver(&g, StdRng::seed_from_u64(9));
    let mut rng = StdRng::seed_from_u64(10);
    for _ in 0..4 {
        let Actor::Seat(seat) = g.game().actor() else { unreachable!() };
        let from = g.version() as usize;
        let mut bot = crate::wire::bot_spec("random").unwrap().build(rand::Rng::gen(&mut rng));
        let choice = bot.decide(&Decision::new(g.game(), seat));
        g.apply(Some(seat), Kind::Choice, Some(choice)).unwrap();
        crate::actor::run_chance(&mut g, &mut driver);
        let entries = g.entries[from..].iter().map(StoredEntry::from).collect();
        store.append(&g.id, entries, crate::db::Summary::of(&g), None).await.unwrap();
    }
    let n = new_job(&g, "random", 1, "o");
    let job = |version: u32| Job {
        id: 1,
        game: n.game.clone(),
        version,
        seat: n.seat,
        spec: n.spec.clone(),
        seed: n.seed,
        owner: n.owner.clone(),
        attempts: 1,
    };
    let Some(Source::Held(held, entries)) = source(&store, &cache, &job(g.version())).await.unwrap() else {
        panic!("the held game is used")
    };
    assert_eq!((held.version(), entries.len() as u32), (held_at, g.version() - held_at));
    let caught = catch_up(*held, &entries, g.version()).expect("caught up");
    let whole = at_version(store.load("k").await.unwrap().unwrap(), g.version()).unwrap();
    assert_eq!(caught.record_text(), whole.record_text());
    assert_eq!(caught.record_text(), g.record_text());
    assert_eq!(caught.entries.len(), whole.entries.len());
    assert_eq!(format!("{:?}", caught.game().actor()), format!("{:?}", whole.game().actor()));

    // a job older than the game held reads the stored game (and the held
    // game stays for the next job)
    cache.put(caught);
    assert!(matches!(source(&store, &cache, &job(held_at)).await.unwrap(), Some(Source::Stored(_))));
    assert_eq!(cache.len(), 1);
    // the game moved past the job since the version held: nothing to decide
    cache.put(start);
    assert!(source(&store, &cache, &job(held_at + 1)).await.unwrap().is_none());
    assert_eq!(cache.len(), 1);
}

/// A job whose worker stopped (taken through the store, then dropped) is
/// taken again after its timeout and answered; many jobs shared by two
/// workers are each taken and answered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_workers_job_is_taken_again_and_two_workers_never_share_one() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, queue) = postgres(&pg, "share").await;
    let g = stored_game(&store, "g").await;
    let id = queue.enqueue(&new_job(&g, "greedy", 5, "o")).await.unwrap();
    let dead = queue.take("dead", Duration::from_millis(1500)).await.unwrap().expect("taken");
    assert_eq!(dead.attempts, 1);
    let stop = worker(&store, "alive", 1, Duration::from_secs(10));
    let row = answered(&queue, id).await;
    assert_eq!((row.worker.as_deref(), row.job.attempts), (Some("alive"), 2));
    assert!(row.answer.unwrap().is_some(), "a choice");
    drop(stop);

    let mut sub = queue.pg.listener().subscribe();
    let mut ids = Vec::new();
    for i in 0..16 {
        let g = stored_game(&store, &format!("m{i}")).await;
        ids.push(queue.enqueue(&new_job(&g, "random", i, &format!("owner{}", i % 3))).await.unwrap());
    }
    let _one = worker(&store, "one", 2, Duration::from_secs(10));
    let _two = worker(&store, "two", 2, Duration::from_secs(10));
    for &id in &ids {
        let row = answered(&queue, id).await;
        assert_eq!(row.job.attempts, 1, "job {id} taken once");
        assert!(row.answer.unwrap().is_some(), "job {id} decided");
    }
    // each answer told once
    let mut told: HashMap<String, usize> = HashMap::new();
    while let Ok(Some(h)) = tokio::time::timeout(Duration::from_millis(500), sub.next()).await {
        if let Heard::Note { channel, payload } = h {
            if channel == "tk_bot_done" {
                *told.entry(payload).or_default() += 1;
            }
        }
    }
    for id in ids {
        assert_eq!(told.get(&id.to_string()), Some(&1), "job {id}");
    }
}

/// A worker told to stop gives its job back at once (its attempt not
/// counted), for another to take.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_worker_gives_its_job_back() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let (store, queue) = postgres(&pg, "stop").await;
    let g = stored_game(&store, "g").await;
    // a search long enough to be under way when the worker stops
    let id = queue.enqueue(&new_job(&g, "mcts:time=2s", 5, "o")).await.unwrap();
    let stop = worker(&store, "w", 1, Duration::from_secs(10));
    for _ in 0..200 {
        if queue.job(id).await.unwrap().unwrap().state == JobState::Taken {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.send(()).unwrap();
    for _ in 0..200 {
        let row = queue.job(id).await.unwrap().unwrap();
        if row.state == JobState::Queued {
            assert_eq!((row.job.attempts, row.worker), (0, None));
            return;
        }
        assert_eq!(row.state, JobState::Taken, "not answered: the search was long");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the job was not given back");
}

#[tokio::test]
async fn bot_workers_need_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("w.sqlite")).await.unwrap();
    assert!(matches!(Queue::of(&store), Err(StoreError::NeedsPostgres { .. })));
    let refused = run(&store, WorkerOptions::new("w"), std::future::pending()).await;
    assert!(matches!(refused, Err(StoreError::NeedsPostgres { .. })), "{refused:?}");
}
