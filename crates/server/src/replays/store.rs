//! The replays' and the lobby's read of a branched game's source, on
//! either store.

use crate::store::{Store, StoreError};

impl Store {
    /// The game `id` was branched from, and at which step of its replay
    /// (`analysis/branch.rs`); `None` for a game not branched.
    pub(crate) async fn branched_from(&self, id: &str) -> Result<Option<(String, u32)>, StoreError> {
        let id = id.to_string();
        match self {
            // (SQLite's query is the analysis module's, which writes the rows)
            Store::Sqlite(_) => self.read(move |c| crate::analysis::branch_of(c, &id)).await,
            Store::Postgres(p) => {
                let row =
                    p.client().await?.query_opt("SELECT source, at FROM branches WHERE game_id = $1", &[&id]).await?;
                row.map(|r| {
                    let at: i64 = r.get(1);
                    let at = u32::try_from(at).map_err(|_| StoreError::BadRow(format!("branch {id}: step {at}")))?;
                    Ok((r.get(0), at))
                })
                .transpose()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::account::both::{self, exec};
    use crate::store::Store;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_branchs_source_is_read_on_both_databases() {
        both::run(a_branchs_source).await;
    }

    async fn a_branchs_source(store: Store) -> Value {
        exec(&store, "INSERT INTO branches (game_id, source, at, created) VALUES ('b', 'g', 17, 0)").await;
        assert_eq!(store.branched_from("b").await.unwrap(), Some(("g".to_string(), 17)));
        assert_eq!(store.branched_from("g").await.unwrap(), None);
        json!(store.branched_from("b").await.unwrap())
    }
}
