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
