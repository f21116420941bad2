//! A rated game's result written into its players' ratings, once, in the
//! transaction that stores the game's end (`db::update_summary` calls
//! [`settle`], or on PostgreSQL `settle_pg`, whenever it writes the
//! status `over`). What changes is decided here ([`Plan`]) from the rows
//! read; the two databases' forms read and write the same rows.

use deadpool_postgres::GenericClient;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;
use skillratings::glicko2::Glicko2Rating;
use tash_kalar_rules::Form;

use super::{new_rating, rate_game, score, Pool};
use crate::account::{lite, AccountId};
use crate::store::{now_ms, StoreError};

/// What [`settle`] did with a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Settled {
    /// The players' ratings changed.
    Rated,
    /// Settled before: nothing changed.
    Already,
    /// Not a rated result: nothing changed (not rated, not over, the
    /// first game, aborted or without places, a seat without an account,
    /// one account in two seats).
    NotRated,
}

const RATING: &str = "SELECT rating, deviation, volatility FROM ratings WHERE account_id = $1 AND pool = $2";
const GAME: &str = "SELECT form, status, rated, settled, outcome FROM games WHERE id = $1";
const ACCOUNTS: &str = "SELECT account_id FROM seats WHERE game_id = $1 ORDER BY seat";
const UPSERT: &str = "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, wins, draws,
                                           losses, updated)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9)
     ON CONFLICT (account_id, pool) DO UPDATE SET
        rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
        games = ratings.games + 1, wins = ratings.wins + EXCLUDED.wins, draws = ratings.draws + EXCLUDED.draws,
        losses = ratings.losses + EXCLUDED.losses, updated = EXCLUDED.updated";
const HISTORY: &str = "INSERT INTO rating_history (game_id, account_id, pool, at, rating_before, deviation_before,
                                                   rating, deviation, volatility, score)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
const SETTLED: &str = "UPDATE games SET settled = 1 WHERE id = $1";

/// An account's rating in a pool; a new player's (1500 / 350 / 0.06) when
/// it has none.
pub(crate) fn rating_of(c: &Connection, account: AccountId, pool: Pool) -> rusqlite::Result<Glicko2Rating> {
    let found = c
        .query_row(&lite(RATING), params![account.0, pool.name()], |r| {
            Ok(Glicko2Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? })
        })
        .optional()?;
    Ok(found.unwrap_or_else(new_rating))
}

/// A game's row as settling reads it: form, status, rated, settled, outcome.
type GameRow = (String, String, bool, bool, Option<String>);

/// A game to be rated: its pool, places and the seats' accounts in order.
struct Plan {
    pool: Pool,
    places: Vec<u8>,
    accounts: Vec<i64>,
}

impl Plan {
    /// Whether a game is rated now (see [`settle`]); `Err` says why not.
    fn of(row: Option<GameRow>, accounts: Vec<Option<i64>>) -> Result<Plan, Settled> {
        let Some((form, status, rated, settled, outcome)) = row else { return Err(Settled::NotRated) };
        if settled {
            return Err(Settled::Already);
        }
        let pool = Form::parse(&form).and_then(Pool::of_form).ok_or(Settled::NotRated)?;
        if !rated || status != "over" {
            return Err(Settled::NotRated);
        }
        let places = outcome.as_deref().and_then(places_of).ok_or(Settled::NotRated)?;
        let accounts: Vec<i64> = accounts.into_iter().collect::<Option<_>>().ok_or(Settled::NotRated)?;
        let mut distinct = accounts.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if accounts.len() != places.len() || distinct.len() != accounts.len() || accounts.len() < 2 {
            return Err(Settled::NotRated);
        }
        Ok(Plan { pool, places, accounts })
    }

    /// Each seat's account, rating before and after, and score.
    fn changes(&self, before: &[Glicko2Rating]) -> Vec<(i64, Glicko2Rating, Glicko2Rating, f64)> {
        let teams = matches!(self.pool, Pool::Team);
        let after = rate_game(&self.places, before, teams);
        (0..self.accounts.len())
            .map(|seat| (self.accounts[seat], before[seat], after[seat], score(&self.places, seat, teams)))
            .collect()
    }
}

/// Rates a game that is over: only when `games.rated` is 1, every seat has
/// an account (a seat a bot took over when its time ran out stays its
/// player's), no account holds two seats, and the outcome has places and
/// is not an abort. A game is settled once (`games.settled`): calling it
/// again changes nothing. Runs inside the caller's transaction, so the
/// ratings change with the entry that ends the game or not at all.
pub(crate) fn settle(c: &Connection, game_id: &str) -> rusqlite::Result<Settled> {
    let row: Option<GameRow> = c
        .query_row(&lite(GAME), [game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .optional()?;
    let mut stmt = c.prepare_cached(&lite(ACCOUNTS))?;
    let accounts: Vec<Option<i64>> = stmt.query_map([game_id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let plan = match Plan::of(row, accounts) {
        Ok(plan) => plan,
        Err(why) => return Ok(why),
    };
    let before: Vec<Glicko2Rating> =
        plan.accounts.iter().map(|&a| rating_of(c, AccountId(a), plan.pool)).collect::<rusqlite::Result<_>>()?;
    let (now, pool) = (now_ms(), plan.pool.name());
    for (account, b, a, s) in plan.changes(&before) {
        let (win, draw, loss) = (s == 1.0, s == 0.5, s == 0.0);
        c.execute(&lite(UPSERT), params![account, pool, a.rating, a.deviation, a.volatility, win, draw, loss, now])?;
        c.execute(
            &lite(HISTORY),
            params![game_id, account, pool, now, b.rating, b.deviation, a.rating, a.deviation, a.volatility, s],
        )?;
    }
    c.execute(&lite(SETTLED), [game_id])?;
    Ok(Settled::Rated)
}

/// [`settle`] on PostgreSQL, inside the caller's transaction `c`.
pub(crate) async fn settle_pg(c: &impl GenericClient, game_id: &str) -> Result<Settled, StoreError> {
    let row = c.query_opt(GAME, &[&game_id]).await?;
    let row: Option<GameRow> =
        row.map(|r| (r.get(0), r.get(1), r.get::<_, i64>(2) != 0, r.get::<_, i64>(3) != 0, r.get(4)));
    let accounts: Vec<Option<i64>> = c.query(ACCOUNTS, &[&game_id]).await?.iter().map(|r| r.get(0)).collect();
    let plan = match Plan::of(row, accounts) {
        Ok(plan) => plan,
        Err(why) => return Ok(why),
    };
    let (pool, now) = (plan.pool.name(), now_ms());
    // Two games of one player may end at once on two servers: each locks
    // its players' rating rows (made first if new; in the accounts'
    // order, so that two settlements cannot deadlock), so the
    // second reads the ratings the first wrote, as SQLite's one writer does.
    let mut locking = plan.accounts.clone();
    locking.sort_unstable();
    let fresh = new_rating();
    for account in &locking {
        c.execute(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, updated)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id, pool) DO NOTHING",
            &[account, &pool, &fresh.rating, &fresh.deviation, &fresh.volatility, &now],
        )
        .await?;
        c.execute(&format!("{RATING} FOR UPDATE"), &[account, &pool]).await?;
    }
    let mut before = Vec::with_capacity(plan.accounts.len());
    for account in &plan.accounts {
        let r = c.query_one(RATING, &[account, &pool]).await?;
        before.push(Glicko2Rating { rating: r.get(0), deviation: r.get(1), volatility: r.get(2) });
    }
    for (account, b, a, s) in plan.changes(&before) {
        let (win, draw, loss) = (i64::from(s == 1.0), i64::from(s == 0.5), i64::from(s == 0.0));
        c.execute(UPSERT, &[&account, &pool, &a.rating, &a.deviation, &a.volatility, &win, &draw, &loss, &now]).await?;
        c.execute(
            HISTORY,
            &[&game_id, &account, &pool, &now, &b.rating, &b.deviation, &a.rating, &a.deviation, &a.volatility, &s],
        )
        .await?;
    }
    c.execute(SETTLED, &[&game_id]).await?;
    Ok(Settled::Rated)
}

/// The places of a stored outcome, if it is a played result: not an
/// abort, places present.
fn places_of(outcome: &str) -> Option<Vec<u8>> {
    let v: Value = serde_json::from_str(outcome).ok()?;
    if v["why"] == "aborted" {
        return None;
    }
    let places: Vec<u8> =
        v["places"].as_array()?.iter().map(|p| p.as_u64().and_then(|p| u8::try_from(p).ok())).collect::<Option<_>>()?;
    (!places.is_empty()).then_some(places)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database with the migrations applied, two accounts and a rated
    /// duel between them, not over yet.
    fn db() -> Connection {
        let c = Connection::open_in_memory().unwrap();
        for (_, sql) in crate::store::MIGRATIONS {
            c.execute_batch(sql).unwrap();
        }
        c.execute_batch(
            "INSERT INTO accounts (id, name, key, hash, created) VALUES (1, 'Ana', 'ana', 'x', 0), (2, 'Bo', 'bo', 'x', 0);
             INSERT INTO games (id, form, created, updated, status, rated) VALUES ('g', 'duel', 0, 0, 'playing', 1);
             INSERT INTO seats (game_id, seat, school, player, account_id) VALUES
                ('g', 0, 'northern', 'human', 1), ('g', 1, 'southern', 'human', 2);",
        )
        .unwrap();
        c
    }

    fn end(c: &Connection, outcome: &str) {
        c.execute("UPDATE games SET status = 'over', outcome = ?1 WHERE id = 'g'", [outcome]).unwrap();
    }

    fn rating(c: &Connection, account: i64) -> (f64, i64, i64) {
        c.query_row("SELECT rating, games, wins FROM ratings WHERE account_id = ?1 AND pool = 'duel'", [account], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap()
    }

    #[test]
    fn a_rated_duel_settles_once() {
        let c = db();
        assert_eq!(settle(&c, "g").unwrap(), Settled::NotRated, "not over yet");
        end(&c, r#"{"places":[1,0],"why":"resigned","resigned":0}"#);
        assert_eq!(settle(&c, "g").unwrap(), Settled::Rated);
        let (ana, games, wins) = rating(&c, 1);
        assert!(ana < 1500.0);
        assert_eq!((games, wins), (1, 0));
        let (bo, _, wins) = rating(&c, 2);
        assert!(bo > 1500.0);
        assert_eq!(wins, 1);
        assert_eq!(settle(&c, "g").unwrap(), Settled::Already);
        assert_eq!(rating(&c, 2), (bo, 1, 1), "settling again changes nothing");
        let history: i64 = c.query_row("SELECT count(*) FROM rating_history", [], |r| r.get(0)).unwrap();
        assert_eq!(history, 2);
        assert_eq!(rating_of(&c, AccountId(2), Pool::Duel).unwrap().rating, bo);
        assert_eq!(rating_of(&c, AccountId(2), Pool::Melee).unwrap(), new_rating());
    }

    /// The store runs each write in a savepoint of its transaction: a
    /// settlement that fails takes the entry that ended the game with it.
    #[test]
    fn the_end_and_the_ratings_are_written_together_or_not_at_all() {
        let c = db();
        let over = |outcome: &str| crate::db::Summary {
            status: "over",
            version: 1,
            turn: 1,
            scores: "[0,0]".into(),
            outcome: Some(outcome.into()),
            clocks: None,
        };
        let entry = crate::live::StoredEntry { n: 1, seat: Some(0), kind: crate::live::Kind::Resign, choice: None };
        c.execute_batch(
            "CREATE TRIGGER broken BEFORE INSERT ON rating_history BEGIN SELECT RAISE(ABORT, 'disk full'); END;
             SAVEPOINT op",
        )
        .unwrap();
        let failed = crate::db::append(
            &c,
            "g",
            std::slice::from_ref(&entry),
            &over(r#"{"places":[1,0],"why":"resigned","resigned":0}"#),
        );
        assert!(failed.is_err());
        c.execute_batch("ROLLBACK TO op; RELEASE op; DROP TRIGGER broken").unwrap();
        let (status, entries, rows): (String, i64, i64) = c
            .query_row(
                "SELECT status, (SELECT count(*) FROM log), (SELECT count(*) FROM ratings) FROM games WHERE id = 'g'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!((status.as_str(), entries, rows), ("playing", 0, 0), "nothing of the end was kept");
        // the same write, sound: the end and the ratings together
        crate::db::append(&c, "g", &[entry], &over(r#"{"places":[1,0],"why":"resigned","resigned":0}"#)).unwrap();
        assert_eq!(rating(&c, 2).1, 1);
        let settled: bool = c.query_row("SELECT settled FROM games WHERE id = 'g'", [], |r| r.get(0)).unwrap();
        assert!(settled);
    }

    /// A rated melee of three accounts whose first seat left (the rules'
    /// `Match::leave`) half-way through a game played to its end: that seat
    /// ranks last, so it loses to both others in the rating.
    #[test]
    fn a_melee_seat_that_left_loses_to_every_other_in_the_rating() {
        use tash_kalar_rules::{Match, Mover, School};
        let schools = [School::Southern, School::Northern, School::Highland];
        let mut m = Match::new(Form::Melee, &schools, None).unwrap();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for n in 0..20_000 {
            let Some(by) = Mover::of(m.game().actor()) else { break };
            if n == 40 {
                m.leave(0).unwrap();
            }
            let legal = m.game().legal_choices();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            m.act(by, legal[(x % legal.len() as u64) as usize]).unwrap();
        }
        let outcome = serde_json::to_string(m.game().outcome().expect("the melee ended")).unwrap();
        let c = db();
        c.execute_batch(
            "INSERT INTO accounts (id, name, key, hash, created) VALUES (3, 'Cy', 'cy', 'x', 0);
             UPDATE games SET form = 'melee';
             INSERT INTO seats (game_id, seat, school, player, account_id) VALUES ('g', 2, 'highland', 'human', 3);",
        )
        .unwrap();
        end(&c, &outcome);
        assert_eq!(settle(&c, "g").unwrap(), Settled::Rated, "{outcome}");
        let melee = |account: i64| -> (f64, i64, i64) {
            c.query_row(
                "SELECT rating, wins, losses FROM ratings WHERE account_id = ?1 AND pool = 'melee'",
                [account],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap()
        };
        let (left, wins, losses) = melee(1);
        assert_eq!((wins, losses), (0, 1), "{outcome}");
        for other in [2, 3] {
            assert!(melee(other).0 > left, "{outcome}: {:?} vs {left}", melee(other));
        }
        assert!(left < 1500.0);
    }

    #[test]
    fn what_is_not_a_rated_result_changes_nothing() {
        let cases: [(&str, &str); 5] = [
            ("UPDATE games SET rated = 0", r#"{"places":[1,0],"why":"end-score"}"#),
            ("UPDATE seats SET account_id = NULL WHERE seat = 1", r#"{"places":[1,0],"why":"end-score"}"#),
            ("UPDATE seats SET account_id = 1", r#"{"places":[1,0],"why":"end-score"}"#),
            ("UPDATE games SET form = 'first-game'", r#"{"places":[1,0],"why":"end-score"}"#),
            ("SELECT 1", r#"{"places":[],"why":"aborted"}"#),
        ];
        for (change, outcome) in cases {
            let c = db();
            c.execute_batch(change).unwrap();
            end(&c, outcome);
            assert_eq!(settle(&c, "g").unwrap(), Settled::NotRated, "{change}");
            let rows: i64 = c.query_row("SELECT count(*) FROM ratings", [], |r| r.get(0)).unwrap();
            assert_eq!(rows, 0, "{change}");
        }
        assert_eq!(places_of(r#"{"places":[0,1],"why":"aborted"}"#), None);
        assert_eq!(places_of(r#"{"places":[0,1],"why":"time","timeout":1}"#), Some(vec![0, 1]));
    }
}
