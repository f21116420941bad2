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

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::account::both::{self, accounts, end, exec, number};
    use crate::store::Store;

    async fn ratings(store: &Store) -> Value {
        let mut out = Vec::new();
        for (account, pool) in [(1, "duel"), (2, "duel"), (1, "melee")] {
            // (-1 for no row; the rating to a thousandth)
            let column = |c: &str| {
                format!(
                    "SELECT COALESCE((SELECT {c} FROM ratings WHERE account_id = {account} AND pool = '{pool}'), -1)"
                )
            };
            let games = number(store, column("games")).await;
            let wins = number(store, column("wins")).await;
            let milli = number(store, column("CAST(ROUND(rating * 1000) AS BIGINT)")).await;
            out.push(json!([account, pool, games, wins, milli]));
        }
        json!(out)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rated_end_settles_once_in_its_transaction_on_both_databases() {
        both::run(a_rated_end_settles_once).await;
    }

    async fn a_rated_end_settles_once(store: Store) -> Value {
        let [ana, bo] = accounts(&store, &["Ana", "Boris"]).await[..] else { panic!() };
        assert_eq!((ana.0, bo.0), (1, 2));
        exec(
            &store,
            "INSERT INTO games (id, form, created, updated, status, rated) VALUES
                ('r', 'duel', 0, 0, 'playing', 1), ('u', 'duel', 0, 0, 'playing', 0);
             INSERT INTO seats (game_id, seat, school, player, account_id) VALUES
                ('r', 0, 'northern', 'human', 1), ('r', 1, 'southern', 'human', 2),
                ('u', 0, 'northern', 'human', 1), ('u', 1, 'southern', 'human', 2);",
        )
        .await;
        assert!(store.is_rated("r").await.unwrap());
        assert!(!store.is_rated("u").await.unwrap());
        assert!(!store.is_rated("nope").await.unwrap());
        let resigned = r#"{"places":[1,0],"why":"resigned","resigned":0}"#;

        // a settlement that fails takes the entry that ended the game with it
        let broken = match &store {
            Store::Sqlite(_) => {
                "CREATE TRIGGER broken BEFORE INSERT ON rating_history BEGIN SELECT RAISE(ABORT, 'disk full'); END;"
            }
            Store::Postgres(_) => {
                "CREATE FUNCTION broken() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN RAISE EXCEPTION 'disk full'; END; $$;
                 CREATE TRIGGER broken BEFORE INSERT ON rating_history FOR EACH ROW EXECUTE FUNCTION broken();"
            }
        };
        exec(&store, broken).await;
        assert!(end(&store, "r", 1, resigned).await.is_err());
        let fixed = match &store {
            Store::Sqlite(_) => "DROP TRIGGER broken",
            Store::Postgres(_) => "DROP TRIGGER broken ON rating_history",
        };
        exec(&store, fixed).await;
        let kept = "SELECT (SELECT count(*) FROM log) + (SELECT count(*) FROM ratings) + (SELECT count(*) FROM games WHERE status = 'over')";
        assert_eq!(number(&store, kept).await, 0, "nothing of the end was kept");

        // the same end, sound: the ratings change with it, once
        end(&store, "r", 1, resigned).await.unwrap();
        let first = ratings(&store).await;
        assert_eq!(first[0][2], 1, "{first}");
        assert_eq!(first[0][3], 0, "Ana resigned");
        assert_eq!(first[1][3], 1);
        assert!(first[0][4].as_i64().unwrap() < 1_500_000 && first[1][4].as_i64().unwrap() > 1_500_000);
        assert_eq!(first[2][2], -1, "no melee rating");
        end(&store, "r", 2, resigned).await.unwrap();
        assert_eq!(ratings(&store).await, first, "settled once");
        assert_eq!(number(&store, "SELECT count(*) FROM rating_history").await, 2);
        assert_eq!(number(&store, "SELECT settled FROM games WHERE id = 'r'").await, 1);
        // an unrated game's end changes nothing
        end(&store, "u", 1, resigned).await.unwrap();
        assert_eq!(ratings(&store).await, first);
        json!({ "ratings": first })
    }

    /// Ana (account 1) plays Boris in game `a` and Cyril in game `b`,
    /// both rated duels in play; all three have duel ratings already.
    async fn two_rated_games_of_ana(store: &Store) {
        accounts(store, &["Ana", "Boris", "Cyril"]).await;
        exec(
            store,
            "INSERT INTO games (id, form, created, updated, status, rated) VALUES
                ('a', 'duel', 0, 0, 'playing', 1), ('b', 'duel', 0, 0, 'playing', 1);
             INSERT INTO seats (game_id, seat, school, player, account_id) VALUES
                ('a', 0, 'northern', 'human', 1), ('a', 1, 'southern', 'human', 2),
                ('b', 0, 'northern', 'human', 3), ('b', 1, 'southern', 'human', 1);
             INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, updated) VALUES
                (1, 'duel', 1500, 200, 0.06, 3, 0), (2, 'duel', 1500, 200, 0.06, 3, 0),
                (3, 'duel', 1500, 200, 0.06, 3, 0);",
        )
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_games_of_one_player_ending_at_once_both_count_on_both_databases() {
        both::run(two_ends_at_once).await;
    }

    /// Ana's two rated games end at once: the second settled reads the
    /// rating the first wrote (on PostgreSQL the rating rows are locked;
    /// they exist already, so no insert of a new row orders the two).
    async fn two_ends_at_once(store: Store) -> Value {
        two_rated_games_of_ana(&store).await;
        let won = r#"{"places":[1,0],"why":"end-score"}"#;
        let (a, b) = tokio::join!(end(&store, "a", 1, won), end(&store, "b", 1, won));
        a.unwrap();
        b.unwrap();
        assert_eq!(number(&store, "SELECT games FROM ratings WHERE account_id = 1 AND pool = 'duel'").await, 5);
        // one of Ana's two history rows starts where the other ends
        let chained = "SELECT count(*) FROM rating_history h1 JOIN rating_history h2
                       ON h1.account_id = h2.account_id AND h1.game_id != h2.game_id AND h2.rating_before = h1.rating
                       WHERE h1.account_id = 1";
        assert_eq!(number(&store, chained).await, 1);
        json!(number(&store, "SELECT count(*) FROM rating_history").await)
    }

    /// On PostgreSQL, a settlement waits for another of the same player
    /// still in its transaction, and then reads the rating it wrote.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_settlement_waits_for_another_of_the_same_player_on_postgres() {
        let Some(pg) = tash_kalar_testkit::pg::TempPostgres::for_tests() else { return };
        let store = Store::open_postgres(&pg.database("t").unwrap()).await.unwrap();
        two_rated_games_of_ana(&store).await;
        let won = r#"{"places":[1,0],"why":"end-score"}"#;
        let Store::Postgres(p) = &store else { unreachable!() };
        let mut client = p.client().await.unwrap();
        let first = client.transaction().await.unwrap();
        first.execute("UPDATE games SET status = 'over', outcome = $1 WHERE id = 'a'", &[&won]).await.unwrap();
        crate::rating::settle_pg(&first, "a").await.unwrap();
        let second = tokio::spawn({
            let store = store.clone();
            async move { end(&store, "b", 1, won).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert!(!second.is_finished(), "the second waits for the first's rating rows");
        first.commit().await.unwrap();
        second.await.unwrap().unwrap();
        let chained = "SELECT count(*) FROM rating_history h1 JOIN rating_history h2
                       ON h1.account_id = h2.account_id AND h1.game_id = 'a' AND h2.game_id = 'b'
                       AND h2.rating_before = h1.rating WHERE h1.account_id = 1";
        assert_eq!(number(&store, chained).await, 1, "the second read what the first wrote");
    }
}
