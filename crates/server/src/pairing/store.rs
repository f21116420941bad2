//! Finding a game's queries on either store: blocks (table `blocks`),
//! accounts found by name, and the rating pairing compares. Each is a
//! method of [`Store`] with a SQLite form (the store's writer thread or
//! reading connection) and a PostgreSQL form (one pooled connection),
//! reading and writing the same rows with the same meaning; the tests
//! below run the same cases on both.

use rusqlite::{params, OptionalExtension};
use tash_kalar_rules::Form;

use super::GUEST_RATING;
use crate::account::{Account, AccountId};
use crate::rating::Pool;
use crate::store::{now_ms, Store, StoreError};

/// A new player's rating in a pool they have not played in (Glicko-2's
/// 1500, as `rating::new_rating`).
const NEW_RATING: f64 = 1500.0;

impl Store {
    /// Whether `a` blocks `b` or `b` blocks `a`: then they are never
    /// paired, cannot challenge each other, and cannot chat.
    pub(crate) async fn blocks_between(&self, a: AccountId, b: AccountId) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(_) => self.read(move |c| super::blocks(c, a, b)).await,
            Store::Postgres(p) => {
                let c = p.client().await?;
                let row = c
                    .query_one(
                        "SELECT EXISTS (SELECT 1 FROM blocks WHERE (account_id = $1 AND blocked_id = $2)
                                                                OR (account_id = $2 AND blocked_id = $1))",
                        &[&a.0, &b.0],
                    )
                    .await?;
                Ok(row.get(0))
            }
        }
    }

    /// The accounts that `a` blocks or that block `a`.
    pub(crate) async fn blocked_either_way(&self, a: AccountId) -> Result<Vec<AccountId>, StoreError> {
        match self {
            Store::Sqlite(_) => self.read(move |c| super::blocks::blocked_either_way(c, a)).await,
            Store::Postgres(p) => {
                let c = p.client().await?;
                let rows = c
                    .query(
                        "SELECT blocked_id FROM blocks WHERE account_id = $1
                         UNION SELECT account_id FROM blocks WHERE blocked_id = $1",
                        &[&a.0],
                    )
                    .await?;
                Ok(rows.iter().map(|r| AccountId(r.get(0))).collect())
            }
        }
    }

    /// The live account of this name (as typed, or in any case or
    /// compatible form: its NFKC, case-folded key), if there is one.
    pub(crate) async fn account_named(&self, name: &str) -> Result<Option<Account>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let name = name.to_string();
                self.read(move |c| super::blocks::account_named(c, &name)).await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                // the exact name first; else the one whose key is the name's
                let row = c
                    .query_opt(
                        "SELECT id, name FROM accounts WHERE deleted IS NULL AND name IS NOT NULL
                           AND (name = $1 OR key = $2)
                         ORDER BY (name = $1) DESC LIMIT 1",
                        &[&name, &crate::account::name_key(name)],
                    )
                    .await?;
                Ok(row.map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }))
            }
        }
    }

    /// `a` blocks `b` (kept if it already does): `false`, nothing written,
    /// when `a` already holds `limit` blocks.
    pub(crate) async fn add_block(&self, a: AccountId, b: AccountId, limit: usize) -> Result<bool, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    let held: i64 =
                        c.query_row("SELECT count(*) FROM blocks WHERE account_id = ?1", [a.0], |r| r.get(0))?;
                    if held >= limit {
                        return Ok(false);
                    }
                    c.execute(
                        "INSERT OR IGNORE INTO blocks (account_id, blocked_id, created) VALUES (?1, ?2, ?3)",
                        params![a.0, b.0, now_ms()],
                    )?;
                    Ok(true)
                })
                .await
            }
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                // (two blocks by one account at once may both pass the count:
                // the limit is a bound on abuse, not an exact figure)
                let held: i64 =
                    tx.query_one("SELECT count(*) FROM blocks WHERE account_id = $1", &[&a.0]).await?.get(0);
                if held >= limit {
                    return Ok(false);
                }
                tx.execute(
                    "INSERT INTO blocks (account_id, blocked_id, created) VALUES ($1, $2, $3)
                     ON CONFLICT (account_id, blocked_id) DO NOTHING",
                    &[&a.0, &b.0, &now_ms()],
                )
                .await?;
                tx.commit().await?;
                Ok(true)
            }
        }
    }

    /// Lifts `a`'s block of `b` (nothing when there is none).
    pub(crate) async fn remove_block(&self, a: AccountId, b: AccountId) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => {
                self.write(move |c| {
                    c.execute("DELETE FROM blocks WHERE account_id = ?1 AND blocked_id = ?2", [a.0, b.0]).map(drop)
                })
                .await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                c.execute("DELETE FROM blocks WHERE account_id = $1 AND blocked_id = $2", &[&a.0, &b.0]).await?;
                Ok(())
            }
        }
    }

    /// The names `a` blocks, in the order of their ASCII-lowercased bytes
    /// (SQLite's `lower()` and binary order; sorted here so that both
    /// stores agree whatever PostgreSQL's collation).
    pub(crate) async fn blocked_names(&self, a: AccountId) -> Result<Vec<String>, StoreError> {
        let mut names: Vec<String> = match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    let mut stmt = c.prepare_cached(
                        "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked_id
                         WHERE b.account_id = ?1 AND a.name IS NOT NULL",
                    )?;
                    let names: rusqlite::Result<Vec<String>> = stmt.query_map([a.0], |r| r.get(0))?.collect();
                    names
                })
                .await?
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                let rows = c
                    .query(
                        "SELECT a.name FROM blocks b JOIN accounts a ON a.id = b.blocked_id
                         WHERE b.account_id = $1 AND a.name IS NOT NULL",
                        &[&a.0],
                    )
                    .await?;
                rows.iter().map(|r| r.get(0)).collect()
            }
        };
        names.sort_by_cached_key(|n| n.to_ascii_lowercase());
        Ok(names)
    }

    /// A player's rating in the pool of a form, which pairing compares (a
    /// form with no pool, the first game: the guests' rating; no rating
    /// in the pool yet: a new player's), and the accounts a block stands
    /// between them and: what a seek is made with, read together.
    pub(crate) async fn seeker(&self, account: AccountId, form: Form) -> Result<(f64, Vec<AccountId>), StoreError> {
        let Some(pool) = Pool::of_form(form) else {
            return Ok((GUEST_RATING, self.blocked_either_way(account).await?));
        };
        let found = match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    c.query_row(
                        "SELECT rating FROM ratings WHERE account_id = ?1 AND pool = ?2",
                        params![account.0, pool.name()],
                        |r| r.get(0),
                    )
                    .optional()
                })
                .await?
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                c.query_opt(
                    "SELECT rating FROM ratings WHERE account_id = $1 AND pool = $2",
                    &[&account.0, &pool.name()],
                )
                .await?
                .map(|r| r.get(0))
            }
        };
        Ok((found.unwrap_or(NEW_RATING), self.blocked_either_way(account).await?))
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    /// Runs SQL text that both databases read alike.
    async fn sql(store: &Store, text: String) {
        match store {
            Store::Sqlite(_) => store.write(move |c| c.execute_batch(&text)).await.unwrap(),
            Store::Postgres(p) => p.client().await.unwrap().batch_execute(&text).await.unwrap(),
        }
    }

    async fn accounts(store: &Store) {
        for (id, name) in [(1, "Ana"), (2, "Bo"), (3, "Cy"), (4, "Straße"), (5, "zed"), (6, "Gone")] {
            let key = crate::account::name_key(name);
            sql(
                store,
                format!("INSERT INTO accounts (id, name, key, hash, created) VALUES ({id}, '{name}', '{key}', 'x', 0)"),
            )
            .await;
        }
        sql(store, "UPDATE accounts SET deleted = 1 WHERE id = 6".into()).await;
    }

    async fn blocks_and_names(store: Store) {
        accounts(&store).await;
        let id = AccountId;
        assert!(store.add_block(id(1), id(2), 3).await.unwrap());
        // blocking again keeps the one row
        assert!(store.add_block(id(1), id(2), 3).await.unwrap());
        assert!(store.blocks_between(id(1), id(2)).await.unwrap());
        assert!(store.blocks_between(id(2), id(1)).await.unwrap());
        assert!(!store.blocks_between(id(1), id(3)).await.unwrap());
        assert_eq!(store.blocked_either_way(id(2)).await.unwrap(), [id(1)]);
        assert!(store.add_block(id(3), id(2), 3).await.unwrap());
        let mut either = store.blocked_either_way(id(2)).await.unwrap();
        either.sort_by_key(|a| a.0);
        assert_eq!(either, [id(1), id(3)]);
        // the names in their case-blind order; the limit holds
        assert!(store.add_block(id(1), id(5), 3).await.unwrap());
        assert!(store.add_block(id(1), id(4), 3).await.unwrap());
        assert!(!store.add_block(id(1), id(3), 3).await.unwrap());
        assert_eq!(store.blocked_names(id(1)).await.unwrap(), ["Bo", "Straße", "zed"]);
        store.remove_block(id(1), id(2)).await.unwrap();
        store.remove_block(id(1), id(2)).await.unwrap();
        assert!(!store.blocks_between(id(1), id(2)).await.unwrap());
        assert!(store.blocks_between(id(2), id(3)).await.unwrap());
        assert_eq!(store.blocked_names(id(1)).await.unwrap(), ["Straße", "zed"]);
        // names: exact, any case, compatible forms; not a deleted account
        let name = |n: &'static str| {
            let store = store.clone();
            async move { store.account_named(n).await.unwrap().map(|a| (a.id.0, a.name)) }
        };
        assert_eq!(name("ana").await, Some((1, "Ana".into())));
        assert_eq!(name("Ana").await, Some((1, "Ana".into())));
        assert_eq!(name("STRASSE").await, Some((4, "Straße".into())));
        assert_eq!(name("Nobody").await, None);
        assert_eq!(name("Gone").await, None);
    }

    async fn ratings_for_seeks(store: Store) {
        accounts(&store).await;
        sql(
            &store,
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, updated)
             VALUES (1, 'duel', 1612.5, 80, 0.06, 0), (1, 'melee', 1400, 80, 0.06, 0)"
                .into(),
        )
        .await;
        assert!(store.add_block(AccountId(2), AccountId(1), 10).await.unwrap());
        let (rating, blocked) = store.seeker(AccountId(1), Form::Duel).await.unwrap();
        assert_eq!((rating, blocked), (1612.5, vec![AccountId(2)]));
        assert_eq!(store.seeker(AccountId(1), Form::HighForm).await.unwrap().0, NEW_RATING);
        assert_eq!(store.seeker(AccountId(1), Form::FirstGame).await.unwrap(), (GUEST_RATING, vec![AccountId(2)]));
        assert_eq!(store.seeker(AccountId(3), Form::Duel).await.unwrap(), (NEW_RATING, vec![]));
    }

    const CASES: &[(&str, crate::store::cases::Case)] = &[
        ("blocks_and_names", |s| Box::pin(blocks_and_names(s))),
        ("ratings_for_seeks", |s| Box::pin(ratings_for_seeks(s))),
    ];

    #[tokio::test]
    async fn pairing_queries_on_sqlite() {
        crate::store::cases::on_sqlite(CASES).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn pairing_queries_on_postgres() {
        crate::store::cases::on_postgres("pairing", CASES).await;
    }
}
