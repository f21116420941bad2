//! Lesson progress (table `lesson_progress`) on either store: the
//! lessons an account has completed, and marking more done. Each is a
//! method of [`Store`] with a SQLite form and a PostgreSQL form reading
//! and writing the same rows; the tests below run both.

use rusqlite::{params, Connection};

use crate::account::AccountId;
use crate::store::{now_ms, Store, StoreError};

impl Store {
    /// The lessons `account` has completed, by id (in byte order).
    pub(crate) async fn lessons_done(&self, account: AccountId) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => self.read(move |c| done_lessons(c, account.0)).await,
            Store::Postgres(p) => {
                let c = p.client().await?;
                // "C": byte order, as SQLite's
                let rows = c
                    .query(
                        "SELECT lesson FROM lesson_progress WHERE account_id = $1 ORDER BY lesson COLLATE \"C\"",
                        &[&account.0],
                    )
                    .await?;
                Ok(rows.iter().map(|r| r.get(0)).collect())
            }
        }
    }

    /// Marks `lessons` done for `account` (one done before keeps its
    /// time) and answers all the lessons it has done, in one transaction.
    pub(crate) async fn mark_lessons_done(
        &self,
        account: AccountId,
        lessons: Vec<String>,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    mark_done(c, account.0, &lessons)?;
                    done_lessons(c, account.0)
                })
                .await
            }
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                let now = now_ms();
                for l in &lessons {
                    tx.execute(
                        "INSERT INTO lesson_progress (account_id, lesson, done_at) VALUES ($1, $2, $3)
                         ON CONFLICT (account_id, lesson) DO NOTHING",
                        &[&account.0, l, &now],
                    )
                    .await?;
                }
                let rows = tx
                    .query(
                        "SELECT lesson FROM lesson_progress WHERE account_id = $1 ORDER BY lesson COLLATE \"C\"",
                        &[&account.0],
                    )
                    .await?;
                tx.commit().await?;
                Ok(rows.iter().map(|r| r.get(0)).collect())
            }
        }
    }
}

fn done_lessons(c: &Connection, account: i64) -> rusqlite::Result<Vec<String>> {
    let mut q = c.prepare("SELECT lesson FROM lesson_progress WHERE account_id = ?1 ORDER BY lesson")?;
    let rows = q.query_map(params![account], |r| r.get(0))?;
    rows.collect()
}

fn mark_done(c: &Connection, account: i64, lessons: &[String]) -> rusqlite::Result<()> {
    let now = now_ms();
    for l in lessons {
        c.execute(
            "INSERT INTO lesson_progress (account_id, lesson, done_at) VALUES (?1, ?2, ?3) \
             ON CONFLICT (account_id, lesson) DO NOTHING",
            params![account, l, now],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use tash_kalar_testkit::pg::TempPostgres;

    use super::*;

    async fn sql(store: &Store, text: &'static str) {
        match store {
            Store::Sqlite(_) => store.write(move |c| c.execute_batch(text)).await.unwrap(),
            Store::Postgres(p) => p.client().await.unwrap().batch_execute(text).await.unwrap(),
        }
    }

    async fn done_at(store: &Store, lesson: &'static str) -> i64 {
        match store {
            Store::Sqlite(_) => store
                .read(move |c| {
                    c.query_row(
                        "SELECT done_at FROM lesson_progress WHERE account_id = 1 AND lesson = ?1",
                        [lesson],
                        |r| r.get(0),
                    )
                })
                .await
                .unwrap(),
            Store::Postgres(p) => p
                .client()
                .await
                .unwrap()
                .query_one("SELECT done_at FROM lesson_progress WHERE account_id = 1 AND lesson = $1", &[&lesson])
                .await
                .unwrap()
                .get(0),
        }
    }

    async fn progress_is_kept_and_merged(store: Store) {
        sql(
            &store,
            "INSERT INTO accounts (id, name, key, hash, created) VALUES (1, 'Ana', 'ana', 'x', 0), (2, 'Bo', 'bo', 'x', 0);
             INSERT INTO lesson_progress (account_id, lesson, done_at) VALUES (1, 'b-moving', 5)",
        )
        .await;
        let (ana, bo) = (AccountId(1), AccountId(2));
        assert_eq!(store.lessons_done(bo).await.unwrap(), Vec::<String>::new());
        let lessons = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // byte order: capitals before small letters, as SQLite's
        let all = store.mark_lessons_done(ana, lessons(&["a-board", "b-moving", "Z-last"])).await.unwrap();
        assert_eq!(all, ["Z-last", "a-board", "b-moving"]);
        assert_eq!(store.lessons_done(ana).await.unwrap(), all);
        // a lesson done before keeps its time
        assert_eq!(done_at(&store, "b-moving").await, 5);
        assert!(done_at(&store, "a-board").await > 5);
        assert_eq!(store.mark_lessons_done(ana, Vec::new()).await.unwrap(), all);
        assert_eq!(store.lessons_done(bo).await.unwrap(), Vec::<String>::new());
    }

    #[tokio::test]
    async fn lesson_progress_on_sqlite() {
        let dir = tempfile::tempdir().unwrap();
        progress_is_kept_and_merged(Store::open(&dir.path().join("t.sqlite")).await.unwrap()).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn lesson_progress_on_postgres() {
        let Some(pg) = TempPostgres::for_tests() else { return };
        let url = pg.database("learn").unwrap();
        progress_is_kept_and_merged(Store::open_postgres(&url).await.unwrap()).await;
    }
}
