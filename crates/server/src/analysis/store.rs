//! Branches' links (table `branches`) on either store: where a branched
//! game came from, written when it is made ([`Store::insert_branch`],
//! with a SQLite form and a PostgreSQL form; the tests below run both).
//! The games' summaries and records read the link (`super::branch_of`,
//! and its PostgreSQL form beside the replays).

use rusqlite::params;

use crate::store::{now_ms, Store, StoreError};

impl Store {
    /// Records that game `id` was branched from `source` after its `at`th
    /// log entry.
    pub(crate) async fn insert_branch(&self, id: &str, source: &str, at: u32) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => {
                let (id, source) = (id.to_string(), source.to_string());
                self.write(move |c| {
                    c.execute(
                        "INSERT INTO branches (game_id, source, at, created) VALUES (?1, ?2, ?3, ?4)",
                        params![id, source, at, now_ms()],
                    )
                    .map(drop)
                })
                .await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                c.execute(
                    "INSERT INTO branches (game_id, source, at, created) VALUES ($1, $2, $3, $4)",
                    &[&id, &source, &i64::from(at), &now_ms()],
                )
                .await?;
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use tash_kalar_testkit::pg::TempPostgres;

    use super::*;

    /// The stored link of game `id`, read by plain SQL on either store.
    async fn link(store: &Store, id: &'static str) -> Option<(String, i64)> {
        match store {
            Store::Sqlite(_) => store
                .read(move |c| {
                    use rusqlite::OptionalExtension;
                    c.query_row("SELECT source, at FROM branches WHERE game_id = ?1", [id], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                    .optional()
                })
                .await
                .unwrap(),
            Store::Postgres(p) => {
                let c = p.client().await.unwrap();
                let row = c.query_opt("SELECT source, at FROM branches WHERE game_id = $1", &[&id]).await.unwrap();
                row.map(|r| (r.get(0), r.get(1)))
            }
        }
    }

    async fn links_are_kept(store: Store) {
        assert_eq!(link(&store, "b1").await, None);
        store.insert_branch("b1", "src", 7).await.unwrap();
        store.insert_branch("b2", "src", 0).await.unwrap();
        store.insert_branch("b3", "b1", u32::MAX).await.unwrap();
        assert_eq!(link(&store, "b1").await, Some(("src".into(), 7)));
        assert_eq!(link(&store, "b2").await, Some(("src".into(), 0)));
        assert_eq!(link(&store, "b3").await, Some(("b1".into(), i64::from(u32::MAX))));
        assert_eq!(link(&store, "src").await, None);
        // a game is branched once
        assert!(store.insert_branch("b1", "other", 1).await.is_err());
        assert_eq!(link(&store, "b1").await, Some(("src".into(), 7)));
    }

    #[tokio::test]
    async fn branches_on_sqlite() {
        let dir = tempfile::tempdir().unwrap();
        links_are_kept(Store::open(&dir.path().join("t.sqlite")).await.unwrap()).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn branches_on_postgres() {
        let Some(pg) = TempPostgres::for_tests() else { return };
        let url = pg.database("branches").unwrap();
        links_are_kept(Store::open_postgres(&url).await.unwrap()).await;
    }
}
