//! The ratings' reads on either store (settling a game's end is
//! `settle`'s, inside the store's transaction of the game's end).

use crate::store::{Store, StoreError};

impl Store {
    /// Whether a stored game is rated (false for an unknown game).
    pub(crate) async fn is_rated(&self, game_id: &str) -> Result<bool, StoreError> {
        const SQL: &str = "SELECT rated FROM games WHERE id = $1";
        let id = game_id.to_string();
        let rated: Option<i64> = match self {
            Store::Sqlite(_) => {
                use rusqlite::OptionalExtension;
                self.read(move |c| c.query_row(&crate::account::lite(SQL), [id], |r| r.get(0)).optional()).await?
            }
            Store::Postgres(p) => p.client().await?.query_opt(SQL, &[&id]).await?.map(|r| r.get(0)),
        };
        Ok(rated.is_some_and(|r| r != 0))
    }
}
