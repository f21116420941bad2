//! Runs a store test's cases on both databases: each case on a new SQLite
//! file, then each on a new database of one temporary PostgreSQL cluster
//! (skipped where PostgreSQL is not installed, unless under CI).

use std::future::Future;
use std::pin::Pin;

use tash_kalar_testkit::pg::TempPostgres;

use super::Store;

/// One case: what it does with a fresh, migrated store.
pub(crate) type Case = fn(Store) -> Pin<Box<dyn Future<Output = ()> + Send>>;

/// Each case on a new SQLite file.
pub(crate) async fn on_sqlite(cases: &[(&str, Case)]) {
    for (name, case) in cases {
        eprintln!("sqlite: {name}");
        let dir = tempfile::tempdir().unwrap();
        case(Store::open(&dir.path().join("t.sqlite")).await.unwrap()).await;
    }
}

/// Each case on a new PostgreSQL database, named `prefix` and its number.
pub(crate) async fn on_postgres(prefix: &str, cases: &[(&str, Case)]) {
    let Some(pg) = TempPostgres::for_tests() else { return };
    for (i, (name, case)) in cases.iter().enumerate() {
        eprintln!("postgres: {name}");
        let url = pg.database(&format!("{prefix}{i}")).unwrap();
        case(Store::open_postgres(&url).await.unwrap()).await;
    }
}
