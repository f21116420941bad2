//! The store suite: the same cases on a SQLite file and on a temporary
//! PostgreSQL cluster (`tash_kalar_testkit::pg`), each case on a fresh
//! database. A case is written once against [`Store`]; a difference
//! between the two implementations fails it on one of them.
//!
//! (The suite sits inside the crate, not in `tests/`, because its cases
//! build games with the crate's own types: `LiveGame`, `Summary`.)

use std::time::Duration;

use tash_kalar_rules::{Form, Mover, School};
use tash_kalar_testkit::pg::TempPostgres;

use super::{Store, Summary};
use crate::account::AccountId;
use crate::clock::TimeControl;
use crate::live::{Kind, LiveGame, Player, SeatInfo, StoredEntry};
use crate::site::{ChatLine, SpectatorLine};
use crate::store::{now_ms, StoreError};

use crate::store::cases::Case;

const CASES: &[(&str, Case)] = &[
    ("a_game_is_stored_and_loaded_whole", |s| Box::pin(a_game_is_stored_and_loaded_whole(s))),
    ("appends_keep_the_log_and_the_summary", |s| Box::pin(appends_keep_the_log_and_the_summary(s))),
    ("seats_are_taken_and_given", |s| Box::pin(seats_are_taken_and_given(s))),
    ("chats_are_kept_and_paged", |s| Box::pin(chats_are_kept_and_paged(s))),
    ("rematches_are_linked", |s| Box::pin(rematches_are_linked(s))),
    ("the_first_rematch_link_stands", |s| Box::pin(the_first_rematch_link_stands(s))),
    ("a_stale_lease_holder_writes_nothing_for_its_game", |s| {
        Box::pin(a_stale_lease_holder_writes_nothing_for_its_game(s))
    }),
    ("lists_hide_private_games_and_filter", |s| Box::pin(lists_hide_private_games_and_filter(s))),
    ("clocks_out_and_stale_games_are_due", |s| Box::pin(clocks_out_and_stale_games_are_due(s))),
    ("the_log_is_append_only", |s| Box::pin(the_log_is_append_only(s))),
    ("a_stale_lease_holder_is_refused", |s| Box::pin(a_stale_lease_holder_is_refused(s))),
    ("an_expired_lease_is_taken_over", |s| Box::pin(an_expired_lease_is_taken_over(s))),
];

#[tokio::test]
async fn the_suite_on_sqlite() {
    crate::store::cases::on_sqlite(CASES).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_suite_on_postgres() {
    crate::store::cases::on_postgres("case", CASES).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_migrations_apply_once_and_a_newer_schema_is_refused() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let url = pg.database("m").unwrap();
    let store = Store::open_postgres(&url).await.unwrap();
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    drop(store);
    // opened again: nothing applied twice, the data kept
    let store = Store::open_postgres(&url).await.unwrap();
    assert!(store.load("g").await.unwrap().is_some());
    // SQLite's SQL is refused, typed, not run
    let refused = store.read(|c| c.execute("DELETE FROM games", [])).await;
    assert!(matches!(refused, Err(StoreError::NotPorted { .. })), "{refused:?}");
    assert!(matches!(store.write(|_| Ok(())).await, Err(StoreError::NotPorted { .. })));
    sql(&store, "INSERT INTO schema_migrations (name, applied) VALUES ('9999_future.sql', 0)").await;
    drop(store);
    assert!(matches!(Store::open_postgres(&url).await, Err(StoreError::TooNew { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_taking_one_game_at_once_get_one_lease() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let url = pg.database("race").unwrap();
    // two pools: as two server processes would have
    let (a, b) = (Store::open_postgres(&url).await.unwrap(), Store::open_postgres(&url).await.unwrap());
    let ttl = Duration::from_secs(60);
    for i in 0..20 {
        let id = format!("g{i}");
        let (g, entries) = game(&id, false);
        a.insert_game(&g, entries).await.unwrap();
        let (x, y) = tokio::join!(a.take_lease(&id, "a", ttl), b.take_lease(&id, "b", ttl));
        let won = [x.unwrap(), y.unwrap()];
        assert_eq!(won.iter().flatten().count(), 1, "game {id}: {won:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeover_waits_for_a_write_under_the_old_lease() {
    let Some(pg) = TempPostgres::for_tests() else { return };
    let url = pg.database("fence").unwrap();
    let store = Store::open_postgres(&url).await.unwrap();
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let a = store.take_lease("g", "a", Duration::ZERO).await.unwrap().expect("a free game");
    // a's write has checked its token as `append` does, and not committed
    let Store::Postgres(p) = &store else { unreachable!("a PostgreSQL store") };
    let mut client = p.client().await.unwrap();
    let tx = client.transaction().await.unwrap();
    let row = tx.query_one(super::pg::FENCE, &[&"g"]).await.unwrap();
    assert_eq!(row.get::<_, i64>(0), a.token);
    let other = store.clone();
    let takeover = tokio::spawn(async move { other.take_lease("g", "b", Duration::from_secs(60)).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!takeover.is_finished(), "the takeover waits for the write under the old token");
    tx.commit().await.unwrap();
    let b = takeover.await.unwrap().unwrap().expect("a's lease ran out");
    assert_eq!(b.token, a.token + 1);
}

#[tokio::test]
async fn a_bad_postgres_address_is_an_error() {
    for url in ["postgres://", "host=/nonexistent/dir user=nobody dbname=x", "not a url = ="] {
        assert!(Store::open_postgres(url).await.is_err(), "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_takes_a_postgres_url_to_postgresql_and_a_path_to_sqlite() {
    // a URL is never taken for a file name: an unreachable server is an
    // error of PostgreSQL's, and no file appears
    let dir = tempfile::tempdir().unwrap();
    let gone = format!("postgresql:///x?host={}/nowhere&user=nobody", dir.path().display());
    let refused = Store::open(std::path::Path::new(&gone)).await.err().expect("nothing listens there");
    assert!(matches!(refused, StoreError::Postgres(_) | StoreError::Pool(_)), "{refused:?}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    assert!(matches!(Store::open(&dir.path().join("t.sqlite")).await.unwrap(), Store::Sqlite(_)));

    let Some(pg) = TempPostgres::for_tests() else { return };
    pg.database("byurl").unwrap();
    let user = pg.url("byurl").split_whitespace().find_map(|kv| kv.strip_prefix("user=").map(String::from)).unwrap();
    let url = format!("postgresql:///byurl?host={}&user={user}", pg.socket_dir().display());
    assert!(matches!(Store::open(std::path::Path::new(&url)).await.unwrap(), Store::Postgres(_)));
}

/// Runs SQL that both databases read alike.
async fn sql(store: &Store, text: &'static str) {
    try_sql(store, text).await.unwrap()
}

async fn try_sql(store: &Store, text: &'static str) -> Result<(), StoreError> {
    match store {
        Store::Sqlite(_) => store.write(move |c| c.execute_batch(text)).await,
        Store::Postgres(p) => Ok(p.client().await?.batch_execute(text).await?),
    }
}

/// A duel, seat 0 a person (open to anyone), seat 1 a bot; dealt.
fn game(id: &str, private: bool) -> (LiveGame, Vec<StoredEntry>) {
    let seat = |school, player| SeatInfo {
        school,
        player,
        name: None,
        token_hash: Some([7; 32]),
        taken: false,
        open: true,
        account: None,
    };
    let seats = vec![seat(School::Northern, Player::Human), seat(School::Southern, Player::Bot("greedy".into()))];
    let mut g = LiveGame::new(id.to_string(), Form::Duel, seats, 1_000).unwrap();
    g.extras.time_control = TimeControl::Move { secs: 60 };
    g.extras.private = private;
    play(&mut g, 0);
    let entries = g.entries.iter().map(StoredEntry::from).collect();
    (g, entries)
}

/// Deals (chance's choices), then plays `moves` seats' choices, each the
/// first legal one, dealing after each.
fn play(g: &mut LiveGame, mut moves: usize) {
    while let Some(mover) = Mover::of(g.game().actor()) {
        let seat = match mover {
            Mover::Chance => None,
            Mover::Seat(_) if moves == 0 => break,
            Mover::Seat(s) => {
                moves -= 1;
                Some(s)
            }
        };
        let choice = g.game().legal_choices()[0];
        g.apply(seat, Kind::Choice, Some(choice)).unwrap();
    }
}

fn log_of(entries: &[StoredEntry]) -> Vec<(u32, Option<u8>, &'static str, Option<String>)> {
    entries.iter().map(|e| (e.n, e.seat, e.kind.name(), e.choice.clone())).collect()
}

/// Stores `g`'s entries from `from` on.
async fn append_from(store: &Store, g: &LiveGame, from: usize) {
    let new: Vec<StoredEntry> = g.entries[from..].iter().map(StoredEntry::from).collect();
    store.append(&g.id, new, Summary::of(g), None).await.unwrap();
}

async fn a_game_is_stored_and_loaded_whole(store: Store) {
    assert!(store.load("g").await.unwrap().is_none());
    let (g, entries) = game("g", false);
    assert!(!entries.is_empty(), "chance deals first");
    store.insert_game(&g, entries.clone()).await.unwrap();
    let stored = store.load("g").await.unwrap().unwrap();
    assert_eq!((stored.form, stored.created), (Form::Duel, 1_000));
    assert_eq!(log_of(&stored.log), log_of(&entries));
    assert_eq!(stored.seats.len(), 2);
    assert_eq!(stored.seats[0].school, School::Northern);
    assert_eq!(stored.seats[0].token_hash, Some([7; 32]));
    assert!(stored.seats[0].open && !stored.seats[0].taken);
    assert_eq!(stored.seats[1].player, Player::Bot("greedy".into()));
    assert_eq!(stored.extras.time_control, TimeControl::Move { secs: 60 });
    assert!(!stored.extras.private && !stored.extras.rated);
    assert!(stored.extras.updated > 0);
    // the stored game replays to the same state
    let mut again = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).unwrap();
    for e in &stored.log {
        again.apply_stored(e).unwrap();
    }
    assert_eq!(again.game(), g.game());
    let listed = store.list(None, Some("g"), 1).await.unwrap();
    assert_eq!(listed.len(), 1);
    let v = &listed[0];
    assert_eq!((v["id"].as_str(), v["form"].as_str(), v["status"].as_str()), (Some("g"), Some("duel"), Some("open")));
    assert_eq!(v["version"], g.version());
    assert_eq!(v["seats"][1]["bot"], "greedy");
    assert_eq!(v["seats"][0]["open"], true);
    assert_eq!(v["clock"], serde_json::to_value(TimeControl::Move { secs: 60 }).unwrap());
    assert_eq!(store.unfinished().await.unwrap(), ["g"]);
    // a second game of the same id is refused, the first kept
    let (other, entries) = game("g", true);
    assert!(store.insert_game(&other, entries).await.is_err());
    assert_eq!(store.list(None, None, 10).await.unwrap().len(), 1);
}

async fn appends_keep_the_log_and_the_summary(store: Store) {
    let (mut g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let before = g.entries.len();
    play(&mut g, 3);
    append_from(&store, &g, before).await;
    let stored = store.load("g").await.unwrap().unwrap();
    let all: Vec<StoredEntry> = g.entries.iter().map(StoredEntry::from).collect();
    assert_eq!(log_of(&stored.log), log_of(&all));
    let v = &store.list(None, Some("g"), 1).await.unwrap()[0];
    assert_eq!(v["version"], g.version());
    assert_eq!(v["turn"], g.game().turn().number);
    // an entry stored twice is refused, and nothing of its write is kept
    let again = vec![StoredEntry::from(&g.entries[before])];
    let mut summary = Summary::of(&g);
    summary.turn = 99;
    assert!(store.append("g", again, summary, None).await.is_err());
    assert_eq!(store.load("g").await.unwrap().unwrap().log.len(), g.entries.len());
    assert_eq!(store.list(None, Some("g"), 1).await.unwrap()[0]["turn"], g.game().turn().number);
    // the clocks: kept when a summary has none, replaced when it has
    let mut summary = Summary::of(&g);
    summary.clocks = Some(r#"{"remaining":[5000,6000],"running":0,"since":10}"#.into());
    store.append("g", Vec::new(), summary, None).await.unwrap();
    store.append("g", Vec::new(), Summary::of(&g), None).await.unwrap();
    let clocks = store.load("g").await.unwrap().unwrap().extras.clocks.unwrap();
    assert!(clocks.contains("6000"), "{clocks}");
    // a resignation ends the game
    let before = g.entries.len();
    let seat = match Mover::of(g.game().actor()) {
        Some(Mover::Seat(s)) => s,
        other => panic!("a seat is to choose: {other:?}"),
    };
    g.apply(Some(seat), Kind::Resign, None).unwrap();
    append_from(&store, &g, before).await;
    let v = &store.list(None, Some("g"), 1).await.unwrap()[0];
    assert_eq!(v["status"], "over");
    assert!(v["outcome"].is_object(), "{v}");
    assert!(store.unfinished().await.unwrap().is_empty());
}

async fn seats_are_taken_and_given(store: Store) {
    sql(&store, "INSERT INTO accounts (id, name, key, hash, created) VALUES (7, 'Ana', 'ana', 'x', 0)").await;
    let (mut g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    g.seats[0].taken = true;
    store.take_seat("g", 0, Some([9; 32]), Summary::of(&g), Some((AccountId(7), "Ana".into())), None).await.unwrap();
    let stored = store.load("g").await.unwrap().unwrap();
    let seat = &stored.seats[0];
    assert!(seat.taken);
    assert_eq!(seat.token_hash, Some([9; 32]));
    assert_eq!((seat.account, seat.name.as_deref()), (Some(AccountId(7)), Some("Ana")));
    assert_eq!(store.list(None, Some("g"), 1).await.unwrap()[0]["status"], "playing");
    // a seat already named keeps its name
    store.seat_account("g", 1, AccountId(7), "Ana", None).await.unwrap();
    store.seat_to_bot("g", 0, "mcts", None).await.unwrap();
    let stored = store.load("g").await.unwrap().unwrap();
    assert_eq!(stored.seats[1].account, Some(AccountId(7)));
    assert_eq!(stored.seats[0].player, Player::Bot("mcts".into()));
    assert_eq!(stored.seats[0].name.as_deref(), Some("Ana"));
}

async fn chats_are_kept_and_paged(store: Store) {
    sql(&store, "INSERT INTO accounts (id, name, key, hash, created) VALUES (7, 'Ana', 'ana', 'x', 0)").await;
    assert!(store.chat_page("g", None, 10).await.unwrap().is_none());
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    assert!(store.chat_page("g", None, 10).await.unwrap().unwrap().is_empty());
    for n in 1..=5 {
        let line = ChatLine { n, seat: (n % 2) as u8, text: format!("line {n}"), at: 100 + i64::from(n) };
        store.insert_chat("g", line, None).await.unwrap();
    }
    let again = ChatLine { n: 5, seat: 0, text: "again".into(), at: 0 };
    assert!(store.insert_chat("g", again, None).await.is_err(), "a line's number is its own");
    let page = store.chat_page("g", None, 2).await.unwrap().unwrap();
    assert_eq!(page.iter().map(|l| l.n).collect::<Vec<_>>(), [4, 5]);
    let page = store.chat_page("g", Some(4), 2).await.unwrap().unwrap();
    assert_eq!(page.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(), ["line 2", "line 3"]);
    for (n, account) in [(1, Some(7)), (2, None)] {
        let line = SpectatorLine { n, account, name: None, text: format!("watching {n}"), at: 5 };
        store.insert_spectator_chat("g", line, None).await.unwrap();
    }
    let stored = store.load("g").await.unwrap().unwrap();
    assert_eq!(stored.extras.chat.len(), 5);
    let first = &stored.extras.chat[0];
    assert_eq!((first.n, first.seat, first.text.as_str(), first.at), (1, 1, "line 1", 101));
    let spectators = &stored.extras.spectator_chat;
    assert_eq!(spectators.len(), 2);
    assert_eq!((spectators[0].account, spectators[0].name.as_deref()), (Some(7), Some("Ana")));
    assert_eq!((spectators[1].account, spectators[1].name.as_deref()), (None, None));
}

async fn rematches_are_linked(store: Store) {
    let (g, entries) = game("a", false);
    store.insert_game(&g, entries).await.unwrap();
    let (mut r, entries) = game("b", false);
    r.extras.rematch_of = Some("a".into());
    store.insert_game(&r, entries).await.unwrap();
    // before the link is written, the rematch's own `rematch_of` finds it
    assert_eq!(store.load("a").await.unwrap().unwrap().extras.rematch.as_deref(), Some("b"));
    assert_eq!(store.list(None, Some("a"), 1).await.unwrap()[0]["rematch"], "b");
    assert_eq!(store.set_rematch("a", "b", None).await.unwrap(), "b");
    assert_eq!(store.load("a").await.unwrap().unwrap().extras.rematch.as_deref(), Some("b"));
    assert_eq!(store.load("b").await.unwrap().unwrap().extras.rematch_of.as_deref(), Some("a"));
}

async fn the_first_rematch_link_stands(store: Store) {
    for id in ["a", "b", "c"] {
        let (g, entries) = game(id, false);
        store.insert_game(&g, entries).await.unwrap();
    }
    // two askers (two servers in a race): the second is given the first's game
    assert_eq!(store.set_rematch("a", "b", None).await.unwrap(), "b");
    assert_eq!(store.set_rematch("a", "c", None).await.unwrap(), "b");
    assert_eq!(store.load("a").await.unwrap().unwrap().extras.rematch.as_deref(), Some("b"));
}

async fn a_stale_lease_holder_writes_nothing_for_its_game(store: Store) {
    let minute = Duration::from_secs(60);
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let (r, entries) = game("r", false);
    store.insert_game(&r, entries).await.unwrap();
    let a = store.take_lease("g", "a", Duration::ZERO).await.unwrap().expect("a free game");
    let b = store.take_lease("g", "b", minute).await.unwrap().expect("expired");
    let is_fenced = |r: Result<(), StoreError>| matches!(r, Err(StoreError::Fenced { ref game, .. }) if game == "g");
    let line = ChatLine { n: 1, seat: 0, text: "stale".into(), at: 1 };
    let watcher = SpectatorLine { n: 1, account: None, name: None, text: "stale".into(), at: 1 };
    // every write a's actor could still make is refused
    assert!(is_fenced(store.take_seat("g", 1, Some([3; 32]), Summary::of(&g), None, Some(&a)).await));
    assert!(is_fenced(store.seat_account("g", 1, AccountId(7), "Ana", Some(&a)).await));
    assert!(is_fenced(store.seat_to_bot("g", 0, "mcts", Some(&a)).await));
    assert!(is_fenced(store.insert_chat("g", line.clone(), Some(&a)).await));
    assert!(is_fenced(store.insert_spectator_chat("g", watcher.clone(), Some(&a)).await));
    assert!(is_fenced(store.set_rematch("g", "r", Some(&a)).await.map(drop)));
    // and nothing of them is written
    let stored = store.load("g").await.unwrap().unwrap();
    assert_eq!(stored.seats.iter().map(|s| (s.taken, s.account)).collect::<Vec<_>>(), vec![(false, None); 2]);
    assert!(stored.seats[0].player == g.seats[0].player, "the seat is still its player's");
    assert!(stored.extras.chat.is_empty() && stored.extras.spectator_chat.is_empty());
    assert_eq!(stored.extras.rematch, None);
    // the new holder's writes go through
    store.insert_chat("g", line, Some(&b)).await.unwrap();
    store.insert_spectator_chat("g", watcher, Some(&b)).await.unwrap();
    store.take_seat("g", 1, Some([3; 32]), Summary::of(&g), None, Some(&b)).await.unwrap();
    assert_eq!(store.set_rematch("g", "r", Some(&b)).await.unwrap(), "r");
    let stored = store.load("g").await.unwrap().unwrap();
    assert_eq!((stored.extras.chat.len(), stored.extras.spectator_chat.len()), (1, 1));
    assert!(stored.seats[1].taken);
    assert_eq!(stored.extras.rematch.as_deref(), Some("r"));
}

async fn lists_hide_private_games_and_filter(store: Store) {
    for (id, private) in [("a", false), ("b", true), ("c", false)] {
        let (g, entries) = game(id, private);
        store.insert_game(&g, entries).await.unwrap();
    }
    let ids = |v: Vec<serde_json::Value>| v.iter().map(|g| g["id"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let mut listed = ids(store.list(None, None, 10).await.unwrap());
    listed.sort();
    assert_eq!(listed, ["a", "c"]);
    assert_eq!(ids(store.list(None, Some("b"), 1).await.unwrap()), ["b"]);
    assert_eq!(store.list(None, None, 1).await.unwrap().len(), 1);
    assert_eq!(store.list(Some("open"), None, 10).await.unwrap().len(), 2);
    assert!(store.list(Some("over"), None, 10).await.unwrap().is_empty());
}

async fn clocks_out_and_stale_games_are_due(store: Store) {
    // "a": the person's clock (seat 0) ran out at 10 + 5000; "b": the
    // bot's did (never flagged); "c": no clock runs, untouched since its
    // creation
    for (id, running) in [("a", Some(0)), ("b", Some(1)), ("c", None)] {
        let (mut g, entries) = game(id, false);
        g.seats[0].taken = true;
        store.insert_game(&g, entries).await.unwrap();
        let mut summary = Summary::of(&g);
        summary.clocks = running.map(|s| format!(r#"{{"remaining":[5000,5000],"running":{s},"since":10}}"#));
        store.append(id, Vec::new(), summary, None).await.unwrap();
    }
    sql(&store, "UPDATE games SET status = 'playing'").await;
    assert_eq!(store.due(5_009, None).await.unwrap(), Vec::<String>::new());
    assert_eq!(store.due(5_010, None).await.unwrap(), ["a"]);
    let now = now_ms();
    let mut due = store.due(now, Some(now + 1)).await.unwrap();
    due.sort();
    assert_eq!(due, ["a", "c"]);
    assert_eq!(store.due(5_010, Some(0)).await.unwrap(), ["a"]);
}

async fn the_log_is_append_only(store: Store) {
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let refused = try_sql(&store, "UPDATE log SET choice = 'x'").await.unwrap_err();
    assert!(
        refused.to_string().contains("append-only") || format!("{refused:?}").contains("append-only"),
        "{refused:?}"
    );
    assert!(try_sql(&store, "DELETE FROM log").await.is_err());
    assert!(try_sql(&store, "UPDATE chat SET text = 'x'").await.is_ok(), "no line: nothing to refuse");
    store.insert_chat("g", ChatLine { n: 1, seat: 0, text: "hi".into(), at: 0 }, None).await.unwrap();
    assert!(try_sql(&store, "UPDATE chat SET text = 'x'").await.is_err());
    assert_eq!(store.load("g").await.unwrap().unwrap().log.len(), g.entries.len());
}

async fn a_stale_lease_holder_is_refused(store: Store) {
    let minute = Duration::from_secs(60);
    let refused = store.take_lease("g", "a", minute).await;
    assert!(matches!(refused, Err(StoreError::NoSuchGame(ref g)) if g == "g"), "{refused:?}");
    let (mut g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let a = store.take_lease("g", "a", minute).await.unwrap().expect("a free game");
    assert_eq!(store.take_lease("g", "b", minute).await.unwrap(), None, "a holds it");
    // taking one's own running lease again keeps its token
    assert_eq!(store.take_lease("g", "a", minute).await.unwrap().as_ref(), Some(&a));
    store.renew_lease(&a, minute).await.unwrap();
    let before = g.entries.len();
    play(&mut g, 1);
    let new: Vec<StoredEntry> = g.entries[before..].iter().map(StoredEntry::from).collect();
    store.append("g", new, Summary::of(&g), Some(&a)).await.unwrap();
    store.release_lease(&a).await.unwrap();
    let b = store.take_lease("g", "b", minute).await.unwrap().expect("released");
    assert!(b.token > a.token, "{a:?} then {b:?}");
    // a, which lost the game, can write no move and renew nothing
    let before = g.entries.len();
    play(&mut g, 1);
    let new: Vec<StoredEntry> = g.entries[before..].iter().map(StoredEntry::from).collect();
    let refused = store.append("g", new.clone(), Summary::of(&g), Some(&a)).await;
    assert!(
        matches!(refused, Err(StoreError::Fenced { ref game, token }) if game == "g" && token == a.token),
        "{refused:?}"
    );
    assert_eq!(store.load("g").await.unwrap().unwrap().log.len(), before, "nothing written");
    assert!(matches!(store.renew_lease(&a, minute).await, Err(StoreError::Fenced { .. })));
    store.release_lease(&a).await.unwrap();
    // b's lease is untouched by a's release, and b writes
    assert_eq!(store.take_lease("g", "c", minute).await.unwrap(), None);
    store.append("g", new, Summary::of(&g), Some(&b)).await.unwrap();
    assert_eq!(store.load("g").await.unwrap().unwrap().log.len(), g.entries.len());
}

async fn an_expired_lease_is_taken_over(store: Store) {
    let (g, entries) = game("g", false);
    store.insert_game(&g, entries).await.unwrap();
    let a = store.take_lease("g", "a", Duration::ZERO).await.unwrap().expect("a free game");
    // a is presumed dead: its lease ran out, and b takes the game over
    let b = store.take_lease("g", "b", Duration::from_secs(60)).await.unwrap().expect("expired");
    assert_eq!(b.token, a.token + 1);
    let refused = store.append("g", Vec::new(), Summary::of(&g), Some(&a)).await;
    assert!(matches!(refused, Err(StoreError::Fenced { .. })), "{refused:?}");
    store.append("g", Vec::new(), Summary::of(&g), Some(&b)).await.unwrap();
}
