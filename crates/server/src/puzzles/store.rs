//! The puzzles' queries on either store: puzzles' and solvers' ratings,
//! who tried which, and an attempt settled. Each is a method of [`Store`]
//! with a SQLite form and a PostgreSQL form reading and writing the same
//! rows; the tests below run the same cases on both.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use skillratings::glicko2::Glicko2Rating;

use crate::account::AccountId;
use crate::store::{now_ms, Store, StoreError};

/// What an attempt did: the solver's rating after it, the puzzle's, and a
/// signed-in solver's streak of solved puzzles.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Settled {
    pub solver: Glicko2Rating,
    pub puzzle: Glicko2Rating,
    pub streak: Option<i64>,
}

/// An attempt to settle: the ratings move by `rate(solver, puzzle)`.
pub(crate) struct Attempt {
    pub puzzle: String,
    /// The puzzle's rating when it has none stored (from its difficulty).
    pub start: Glicko2Rating,
    /// A signed-in solver; else `guest`'s rating (the browser's) is moved
    /// and nothing of the solver stored.
    pub account: Option<AccountId>,
    pub guest: Option<Glicko2Rating>,
    pub solved: bool,
}

/// The ratings after a game between solver and puzzle: (solver, puzzle).
pub(crate) type Rate = fn(&Glicko2Rating, &Glicko2Rating, bool) -> (Glicko2Rating, Glicko2Rating);

fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
    Glicko2Rating { rating, deviation, volatility }
}

impl Store {
    /// A puzzle's stored rating (none before its first attempt).
    pub(crate) async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko2Rating>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let puzzle = puzzle.to_string();
                self.read(move |c| read_puzzle(c, &puzzle)).await
            }
            Store::Postgres(p) => {
                let c = p.client().await?;
                let row = c
                    .query_opt("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1", &[&puzzle])
                    .await?;
                Ok(row.map(|r| glicko(r.get(0), r.get(1), r.get(2))))
            }
        }
    }

    /// Every stored puzzle rating, by puzzle.
    pub(crate) async fn puzzle_ratings(&self) -> Result<HashMap<String, Glicko2Rating>, StoreError> {
        match self {
            Store::Sqlite(_) => self.read(all_ratings).await,
            Store::Postgres(p) => {
                let c = p.client().await?;
                let rows = c.query("SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings", &[]).await?;
                Ok(rows.iter().map(|r| (r.get(0), glicko(r.get(1), r.get(2), r.get(3)))).collect())
            }
        }
    }

    /// A signed-in solver's stored rating (none before their first
    /// attempt) and the puzzles they have tried.
    pub(crate) async fn puzzle_solver(
        &self,
        account: AccountId,
    ) -> Result<(Option<Glicko2Rating>, Vec<String>), StoreError> {
        let a = account.0;
        match self {
            Store::Sqlite(_) => self.read(move |c| Ok((read_solver(c, a)?, tried(c, a)?))).await,
            Store::Postgres(p) => {
                let c = p.client().await?;
                let rating = c
                    .query_opt("SELECT rating, deviation, volatility FROM puzzle_solvers WHERE account = $1", &[&a])
                    .await?
                    .map(|r| glicko(r.get(0), r.get(1), r.get(2)));
                let rows = c.query("SELECT DISTINCT puzzle FROM puzzle_attempts WHERE account = $1", &[&a]).await?;
                Ok((rating, rows.iter().map(|r| r.get(0)).collect()))
            }
        }
    }

    /// Rates one attempt as a game between solver and puzzle, in one
    /// transaction: the puzzle's rating, a signed-in solver's (and their
    /// attempt and streak) move together or not at all.
    pub(crate) async fn settle_puzzle_attempt(&self, attempt: Attempt, rate: Rate) -> Result<Settled, StoreError> {
        match self {
            Store::Sqlite(_) => self.write(move |c| settle(c, &attempt, rate)).await,
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                let tx = client.transaction().await?;
                let Attempt { puzzle, start, account, guest, solved } = attempt;
                // the rows made first, then locked: two attempts at once
                // on one puzzle (or by one solver) are rated one after the
                // other, neither's change lost (SQLite's one writer does the
                // same); always the puzzle's row before the solver's
                tx.execute(
                    "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (puzzle) DO NOTHING",
                    &[&puzzle, &start.rating, &start.deviation, &start.volatility],
                )
                .await?;
                let r = tx
                    .query_one(
                        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1 FOR UPDATE",
                        &[&puzzle],
                    )
                    .await?;
                let p = glicko(r.get(0), r.get(1), r.get(2));
                let s = match account {
                    Some(AccountId(a)) => {
                        let new = Glicko2Rating::default();
                        tx.execute(
                            "INSERT INTO puzzle_solvers (account, rating, deviation, volatility) VALUES ($1, $2, $3, $4)
                             ON CONFLICT (account) DO NOTHING",
                            &[&a, &new.rating, &new.deviation, &new.volatility],
                        )
                        .await?;
                        let r = tx
                            .query_one(
                                "SELECT rating, deviation, volatility FROM puzzle_solvers WHERE account = $1 FOR UPDATE",
                                &[&a],
                            )
                            .await?;
                        glicko(r.get(0), r.get(1), r.get(2))
                    }
                    None => guest.unwrap_or_default(),
                };
                let (s2, p2) = rate(&s, &p, solved);
                let won = i64::from(solved);
                tx.execute(
                    "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4,
                     attempts = attempts + 1, solved = solved + $5 WHERE puzzle = $1",
                    &[&puzzle, &p2.rating, &p2.deviation, &p2.volatility, &won],
                )
                .await?;
                let mut streak = None;
                if let Some(AccountId(a)) = account {
                    let row = tx
                        .query_one(
                            "UPDATE puzzle_solvers SET rating = $2, deviation = $3, volatility = $4,
                             attempts = attempts + 1, solved = solved + $5,
                             streak = CASE WHEN $5 = 1 THEN streak + 1 ELSE 0 END
                             WHERE account = $1 RETURNING streak",
                            &[&a, &s2.rating, &s2.deviation, &s2.volatility, &won],
                        )
                        .await?;
                    streak = Some(row.get(0));
                    tx.execute(
                        "INSERT INTO puzzle_attempts (account, puzzle, at, solved) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (account, puzzle, at) DO NOTHING",
                        &[&a, &puzzle, &now_ms(), &won],
                    )
                    .await?;
                }
                tx.commit().await?;
                Ok(Settled { solver: s2, puzzle: p2, streak })
            }
        }
    }
}

fn settle(c: &Connection, attempt: &Attempt, rate: Rate) -> rusqlite::Result<Settled> {
    let puzzle = attempt.puzzle.as_str();
    let p = read_puzzle(c, puzzle)?.unwrap_or(attempt.start);
    let s = match attempt.account {
        Some(AccountId(a)) => read_solver(c, a)?.unwrap_or_default(),
        None => attempt.guest.unwrap_or_default(),
    };
    let (s2, p2) = rate(&s, &p, attempt.solved);
    let won = i64::from(attempt.solved);
    c.execute(
        "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts, solved)
         VALUES (?1, ?2, ?3, ?4, 1, ?5)
         ON CONFLICT (puzzle) DO UPDATE SET rating = ?2, deviation = ?3, volatility = ?4,
         attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + ?5",
        params![puzzle, p2.rating, p2.deviation, p2.volatility, won],
    )?;
    let mut streak = None;
    if let Some(AccountId(a)) = attempt.account {
        c.execute(
            "INSERT INTO puzzle_solvers (account, rating, deviation, volatility, attempts, solved, streak)
             VALUES (?1, ?2, ?3, ?4, 1, ?5, ?5)
             ON CONFLICT (account) DO UPDATE SET rating = ?2, deviation = ?3, volatility = ?4,
             attempts = puzzle_solvers.attempts + 1, solved = puzzle_solvers.solved + ?5,
             streak = CASE WHEN ?5 = 1 THEN puzzle_solvers.streak + 1 ELSE 0 END",
            params![a, s2.rating, s2.deviation, s2.volatility, won],
        )?;
        c.execute(
            "INSERT OR IGNORE INTO puzzle_attempts (account, puzzle, at, solved) VALUES (?1, ?2, ?3, ?4)",
            params![a, puzzle, now_ms(), won],
        )?;
        streak = c.query_row("SELECT streak FROM puzzle_solvers WHERE account = ?1", [a], |r| r.get(0)).optional()?;
    }
    Ok(Settled { solver: s2, puzzle: p2, streak })
}

fn read_puzzle(c: &Connection, puzzle: &str) -> rusqlite::Result<Option<Glicko2Rating>> {
    c.query_row("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?1", [puzzle], |r| {
        Ok(glicko(r.get(0)?, r.get(1)?, r.get(2)?))
    })
    .optional()
}

fn read_solver(c: &Connection, account: i64) -> rusqlite::Result<Option<Glicko2Rating>> {
    c.query_row("SELECT rating, deviation, volatility FROM puzzle_solvers WHERE account = ?1", [account], |r| {
        Ok(glicko(r.get(0)?, r.get(1)?, r.get(2)?))
    })
    .optional()
}

fn tried(c: &Connection, account: i64) -> rusqlite::Result<Vec<String>> {
    let mut st = c.prepare("SELECT DISTINCT puzzle FROM puzzle_attempts WHERE account = ?1")?;
    let rows = st.query_map([account], |r| r.get(0))?;
    rows.collect()
}

fn all_ratings(c: &Connection) -> rusqlite::Result<HashMap<String, Glicko2Rating>> {
    let mut st = c.prepare("SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings")?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, glicko(r.get(1)?, r.get(2)?, r.get(3)?))))?;
    rows.collect()
}

#[cfg(test)]
mod tests {

    use super::*;

    async fn sql(store: &Store, text: &'static str) {
        match store {
            Store::Sqlite(_) => store.write(move |c| c.execute_batch(text)).await.unwrap(),
            Store::Postgres(p) => p.client().await.unwrap().batch_execute(text).await.unwrap(),
        }
    }

    /// (attempts, solved) of a puzzle's row.
    async fn counts(store: &Store, puzzle: &'static str) -> (i64, i64) {
        match store {
            Store::Sqlite(_) => store
                .read(move |c| {
                    c.query_row("SELECT attempts, solved FROM puzzle_ratings WHERE puzzle = ?1", [puzzle], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                })
                .await
                .unwrap(),
            Store::Postgres(p) => {
                let c = p.client().await.unwrap();
                let r = c
                    .query_one("SELECT attempts, solved FROM puzzle_ratings WHERE puzzle = $1", &[&puzzle])
                    .await
                    .unwrap();
                (r.get(0), r.get(1))
            }
        }
    }

    fn start() -> Glicko2Rating {
        glicko(1400.0, 350.0, 0.06)
    }

    fn attempt(account: Option<i64>, solved: bool) -> Attempt {
        Attempt { puzzle: "p1".into(), start: start(), account: account.map(AccountId), guest: None, solved }
    }

    async fn attempts_move_both_ratings(store: Store) {
        sql(&store, "INSERT INTO accounts (id, name, key, hash, created) VALUES (1, 'Ana', 'ana', 'x', 0)").await;
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), None);
        assert_eq!(store.puzzle_solver(AccountId(1)).await.unwrap(), (None, vec![]));
        // a guest's: the puzzle's rating moves from its start, nothing of the guest kept
        let guest = glicko(1600.0, 200.0, 0.06);
        let a = Attempt { guest: Some(guest), ..attempt(None, false) };
        let done = store.settle_puzzle_attempt(a, super::super::rate).await.unwrap();
        let (s2, p2) = super::super::rate(&guest, &start(), false);
        assert_eq!(done, Settled { solver: s2, puzzle: p2, streak: None });
        assert!(p2.rating > start().rating);
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), Some(p2));
        assert_eq!(counts(&store, "p1").await.0, 1);
        // signed in: stored from a new solver's rating, the streak counted
        let done = store.settle_puzzle_attempt(attempt(Some(1), true), super::super::rate).await.unwrap();
        let (s3, p3) = super::super::rate(&Glicko2Rating::default(), &p2, true);
        assert_eq!(done, Settled { solver: s3, puzzle: p3, streak: Some(1) });
        let done = store.settle_puzzle_attempt(attempt(Some(1), true), super::super::rate).await.unwrap();
        let (s4, p4) = super::super::rate(&s3, &p3, true);
        assert_eq!(done, Settled { solver: s4, puzzle: p4, streak: Some(2) });
        let done = store.settle_puzzle_attempt(attempt(Some(1), false), super::super::rate).await.unwrap();
        assert_eq!(done.streak, Some(0));
        let b = Attempt { puzzle: "p2".into(), ..attempt(Some(1), true) };
        let done = store.settle_puzzle_attempt(b, super::super::rate).await.unwrap();
        assert_eq!(done.streak, Some(1));
        let (mine, mut tried) = store.puzzle_solver(AccountId(1)).await.unwrap();
        tried.sort();
        assert_eq!((mine, tried), (Some(done.solver), vec!["p1".to_string(), "p2".to_string()]));
        let all = store.puzzle_ratings().await.unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all["p2"], done.puzzle);
        // p1: a guest's failure, two solved, one failed
        assert_eq!(counts(&store, "p1").await, (4, 2));
        // one transaction: a solver the database does not hold moves
        // nothing, not even the puzzle's rating
        let before = store.puzzle_rating("p1").await.unwrap();
        assert!(store.settle_puzzle_attempt(attempt(Some(99), true), super::super::rate).await.is_err());
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), before);
        assert_eq!(counts(&store, "p1").await, (4, 2));
    }

    async fn attempts_at_once_are_all_counted(store: Store) {
        sql(&store, "INSERT INTO accounts (id, name, key, hash, created) VALUES (1, 'Ana', 'ana', 'x', 0)").await;
        let guest = glicko(1500.0, 300.0, 0.06);
        let mut all = tokio::task::JoinSet::new();
        for _ in 0..12 {
            // twelve guests alike on p1; one account six times on p2
            let store = store.clone();
            let a = Attempt { guest: Some(guest), ..attempt(None, true) };
            all.spawn(async move { store.settle_puzzle_attempt(a, super::super::rate).await });
        }
        for _ in 0..6 {
            let store = store.clone();
            let a = Attempt { puzzle: "p2".into(), ..attempt(Some(1), true) };
            all.spawn(async move { store.settle_puzzle_attempt(a, super::super::rate).await });
        }
        while let Some(done) = all.join_next().await {
            done.unwrap().unwrap();
        }
        // no attempt's change lost to another's: the same as one by one
        let mut p = start();
        for _ in 0..12 {
            p = super::super::rate(&guest, &p, true).1;
        }
        assert_eq!(store.puzzle_rating("p1").await.unwrap(), Some(p));
        assert_eq!(counts(&store, "p1").await, (12, 12));
        assert_eq!(counts(&store, "p2").await.0, 6);
        let (_, tried) = store.puzzle_solver(AccountId(1)).await.unwrap();
        assert_eq!(tried, ["p2"]);
        let a = Attempt { puzzle: "p2".into(), ..attempt(Some(1), true) };
        let streak = store.settle_puzzle_attempt(a, super::super::rate).await.unwrap().streak;
        assert_eq!(streak, Some(7));
    }

    const CASES: &[(&str, crate::store::cases::Case)] = &[
        ("attempts_move_both_ratings", |s| Box::pin(attempts_move_both_ratings(s))),
        ("attempts_at_once_are_all_counted", |s| Box::pin(attempts_at_once_are_all_counted(s))),
    ];

    #[tokio::test]
    async fn puzzle_queries_on_sqlite() {
        crate::store::cases::on_sqlite(CASES).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn puzzle_queries_on_postgres() {
        crate::store::cases::on_postgres("puzzles", CASES).await;
    }
}
