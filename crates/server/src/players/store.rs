//! The profiles' and leaderboards' queries on either store. Both forms
//! run the same SQL (PostgreSQL's `$1`, made SQLite's by `lite`) in the
//! same order, each in one read (SQLite's reading connection; one
//! PostgreSQL transaction), and build their answers with the same
//! functions from the rows read.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{Form, School};

use super::{pool_label, GameResult, GamesQuery, HISTORY_MAX, MAX_DEVIATION, MIN_GAMES, OPPONENTS_MAX, PLAYING_MAX};
use crate::account::lite;
use crate::rating::{self, Pool};
use crate::store::{Store, StoreError};

const ACCOUNT: &str = "SELECT id, name FROM accounts WHERE deleted IS NULL AND name IS NOT NULL
     AND (name = $1 OR key = $2) ORDER BY name = $1 DESC LIMIT 1";
const ENTRY: &str = "SELECT g.form, g.status, g.rated, g.created, g.updated, g.outcome, g.settled, s.seat, s.school
     FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = $2 WHERE g.id = $1 LIMIT 1";
const PLAYERS: &str = "SELECT s.seat, s.school, s.player, s.bot, s.name, a.name FROM seats s
     LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = $1 ORDER BY s.seat";
const CHANGE: &str = "SELECT rating_before, rating FROM rating_history WHERE game_id = $1 AND account_id = $2";
const RATINGS: &str =
    "SELECT pool, rating, deviation, games, wins, draws, losses FROM ratings WHERE account_id = $1 ORDER BY pool";
const HISTORY: &str = "SELECT at, rating, deviation, game_id FROM rating_history WHERE account_id = $1 AND pool = $2
     ORDER BY at DESC LIMIT $3";
const OPPONENTS: &str = "SELECT oa.name, g.form, g.outcome, s.seat FROM games g
     JOIN seats s ON s.game_id = g.id AND s.account_id = $1
     JOIN seats o ON o.game_id = g.id AND o.seat != s.seat
     JOIN accounts oa ON oa.id = o.account_id AND oa.id != $1 AND oa.name IS NOT NULL
     WHERE g.status = 'over' AND g.private = 0";
const PLAYING: &str = "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = $1
     WHERE g.status != 'over' AND g.private = 0 ORDER BY g.updated DESC LIMIT $2";
// the finished games, newest first; the result filter is applied to each
// game read, so the reading stops once the page is full
const FINISHED: &str = "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = $1
     WHERE g.status = 'over' AND g.private = 0
       AND ($2::BIGINT IS NULL OR g.updated < $2) AND ($3::TEXT IS NULL OR g.form = $3)
       AND ($4::TEXT IS NULL OR s.school = $4)
       AND ($5::TEXT IS NULL OR EXISTS (SELECT 1 FROM seats o JOIN accounts oa ON oa.id = o.account_id
                                        WHERE o.game_id = g.id AND o.seat != s.seat
                                          AND (oa.name = $5 OR oa.key = $6)))
     ORDER BY g.updated DESC, g.id";
const BOARD: &str = "SELECT a.name, r.rating, r.deviation, r.games, r.wins, r.draws, r.losses
     FROM ratings r JOIN accounts a ON a.id = r.account_id
     WHERE r.pool = $1 AND r.games >= $2 AND r.deviation < $3 AND a.deleted IS NULL AND a.name IS NOT NULL
     ORDER BY r.rating DESC, a.name LIMIT $4 OFFSET $5";

/// Finished games' ids read at a time from PostgreSQL, until a page is full.
const FINISHED_CHUNK: i32 = 64;

/// SQLite's form of SQL written for both: `lite`, without the casts
/// PostgreSQL needs to type a parameter first seen in `$2 IS NULL`.
fn sqlite(sql: &str) -> String {
    lite(sql).replace("::BIGINT", "").replace("::TEXT", "")
}

/// A game's row as a profile reads it, for the player of one seat.
struct EntryRow {
    form: String,
    status: String,
    rated: bool,
    created: i64,
    updated: i64,
    outcome: Option<String>,
    settled: bool,
    seat: i64,
    school: String,
}

/// A game's row judged: the outcome read and the player's result.
struct Judged {
    row: EntryRow,
    outcome: Option<Value>,
    result: Option<GameResult>,
}

impl EntryRow {
    /// The row with its result; `None` when the query asks for another result.
    fn judged(self, query: Option<&GamesQuery>) -> Option<Judged> {
        let outcome: Option<Value> = self.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok());
        let seat = usize::try_from(self.seat).unwrap_or(usize::MAX);
        let places: Option<Vec<u8>> = outcome.as_ref().and_then(|o| {
            let p: Option<Vec<u8>> = o["places"].as_array()?.iter().map(|p| p.as_u64().map(|p| p as u8)).collect();
            p.filter(|p| !p.is_empty() && o["why"] != "aborted" && seat < p.len())
        });
        let teams = Form::parse(&self.form).and_then(Pool::of_form) == Some(Pool::Team);
        let result = places.as_ref().map(|p| GameResult::of_score(rating::score(p, seat, teams)));
        match query.and_then(|q| q.result) {
            Some(want) if result != Some(want) => None,
            _ => Some(Judged { row: self, outcome, result }),
        }
    }
}

impl Judged {
    fn json(self, id: &str, players: Vec<Value>, change: Option<Value>) -> Value {
        let r = self.row;
        json!({
            "id": id,
            "form": r.form,
            "status": r.status,
            "rated": r.rated,
            "created": r.created,
            "updated": r.updated,
            "seat": r.seat,
            "school": r.school,
            "result": self.result.map(GameResult::name),
            "outcome": self.outcome,
            "players": players,
            "rating": change,
        })
    }
}

fn player(
    seat: i64,
    school: String,
    player: String,
    bot: Option<String>,
    name: Option<String>,
    account: Option<String>,
) -> Value {
    // the account's name: a deleted account's is null
    json!({"seat": seat, "school": school, "player": player, "bot": bot, "name": name, "account": account})
}

fn change(before: f64, after: f64) -> Value {
    json!({"before": before, "after": after})
}

/// A pool's rating as a profile shows it (its graph is added apart).
fn rating_json(pool: &str, rating: f64, deviation: f64, counts: [i64; 4], lang: Lang) -> Value {
    let [games, wins, draws, losses] = counts;
    let listed = games >= i64::from(MIN_GAMES) && deviation < MAX_DEVIATION;
    let label = Pool::parse(pool).map(|p| pool_label(p, lang));
    json!({"label": label, "rating": rating, "deviation": deviation, "games": games, "wins": wins,
           "draws": draws, "losses": losses, "provisional": !listed})
}

fn point(at: i64, rating: f64, deviation: f64, game: String) -> Value {
    json!({"at": at, "rating": rating, "deviation": deviation, "game": game})
}

/// The accounts this one has finished most games against (public games
/// with a result), with this account's results against each, from the
/// rows (opponent's name, form, outcome, this account's seat).
fn opponents(rows: impl IntoIterator<Item = (String, String, Option<String>, i64)>) -> Vec<Value> {
    // name -> (games, wins, draws, losses)
    let mut tally: HashMap<String, [u32; 4]> = HashMap::new();
    for (name, form, outcome, seat) in rows {
        let seat = usize::try_from(seat).unwrap_or(usize::MAX);
        let places: Option<Vec<u8>> = outcome.and_then(|o| serde_json::from_str::<Value>(&o).ok()).and_then(|o| {
            if o["why"] == "aborted" {
                return None;
            }
            o["places"].as_array()?.iter().map(|p| p.as_u64().map(|p| p as u8)).collect()
        });
        let Some(places) = places.filter(|p| seat < p.len()) else { continue };
        let teams = Form::parse(&form).and_then(Pool::of_form) == Some(Pool::Team);
        let t = tally.entry(name).or_default();
        t[0] += 1;
        match GameResult::of_score(rating::score(&places, seat, teams)) {
            GameResult::Win => t[1] += 1,
            GameResult::Draw => t[2] += 1,
            GameResult::Loss => t[3] += 1,
        }
    }
    let mut list: Vec<(String, [u32; 4])> = tally.into_iter().collect();
    list.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
    list.into_iter()
        .take(OPPONENTS_MAX as usize)
        .map(|(name, [games, wins, draws, losses])| {
            json!({"name": name, "games": games, "wins": wins, "draws": draws, "losses": losses})
        })
        .collect()
}

/// A leaderboard's line.
fn board_line(rank: usize, name: String, rating: f64, deviation: f64, counts: [i64; 4]) -> Value {
    let [games, wins, draws, losses] = counts;
    json!({"rank": rank, "name": name, "rating": rating, "deviation": deviation,
           "games": games, "wins": wins, "draws": draws, "losses": losses})
}

/// What a profile is made of, before it is put together.
struct Profile {
    shown: String,
    ratings: serde_json::Map<String, Value>,
    history: serde_json::Map<String, Value>,
    opponents: Vec<Value>,
    playing: Vec<Value>,
    games: Vec<Value>,
    more: bool,
}

impl Profile {
    fn json(self) -> Value {
        json!({
            "name": self.shown,
            "ratings": self.ratings,
            "history": self.history,
            "opponents": self.opponents,
            "playing": self.playing,
            "games": self.games,
            "more": self.more,
        })
    }
}

impl Store {
    /// The profile of an account (see the module's doc); `None` for an
    /// unknown or deleted name.
    pub(crate) async fn profile(&self, name: String, q: GamesQuery, lang: Lang) -> Result<Option<Value>, StoreError> {
        let profile = match self {
            Store::Sqlite(_) => self.read(move |c| profile_sqlite(c, &name, &q, lang)).await?,
            Store::Postgres(p) => {
                let mut client = p.client().await?;
                // one transaction: one snapshot, and the finished games read by a portal
                let tx = client.build_transaction().read_only(true).start().await?;
                let profile = profile_pg(&tx, &name, &q, lang).await?;
                tx.commit().await?;
                profile
            }
        };
        Ok(profile.map(Profile::json))
    }

    /// A pool's leaderboard: the players with at least [`MIN_GAMES`] rated
    /// games and a deviation under [`MAX_DEVIATION`], best first.
    pub(crate) async fn leaderboard(&self, pool: Pool, offset: u32, limit: u32) -> Result<Vec<Value>, StoreError> {
        Ok(self.leaderboards(&[pool], offset, limit).await?.pop().unwrap_or_default())
    }

    /// Several pools' leaderboards, read together.
    pub(crate) async fn leaderboards(
        &self,
        pools: &[Pool],
        offset: u32,
        limit: u32,
    ) -> Result<Vec<Vec<Value>>, StoreError> {
        let pools = pools.to_vec();
        let line = move |i: usize, name, rating, deviation, counts| {
            board_line(offset as usize + i + 1, name, rating, deviation, counts)
        };
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    let mut stmt = c.prepare_cached(&lite(BOARD))?;
                    let mut boards = Vec::new();
                    for pool in pools {
                        let rows = stmt
                            .query_map(params![pool.name(), MIN_GAMES, MAX_DEVIATION, limit, offset], |r| {
                                Ok((r.get(0)?, r.get(1)?, r.get(2)?, [r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?]))
                            })?;
                        let mut board = Vec::new();
                        for (i, row) in rows.enumerate() {
                            let (name, rating, deviation, counts) = row?;
                            board.push(line(i, name, rating, deviation, counts));
                        }
                        boards.push(board);
                    }
                    Ok(boards)
                })
                .await
            }
            Store::Postgres(p) => {
                let client = p.client().await?;
                let stmt = client.prepare(BOARD).await?;
                let mut boards = Vec::new();
                for pool in pools {
                    let args: [&(dyn tokio_postgres::types::ToSql + Sync); 5] =
                        [&pool.name(), &i64::from(MIN_GAMES), &MAX_DEVIATION, &i64::from(limit), &i64::from(offset)];
                    let rows = client.query(&stmt, &args).await?;
                    let board = rows
                        .iter()
                        .enumerate()
                        .map(|(i, r)| line(i, r.get(0), r.get(1), r.get(2), [r.get(3), r.get(4), r.get(5), r.get(6)]))
                        .collect();
                    boards.push(board);
                }
                Ok(boards)
            }
        }
    }
}

fn game_entry_sqlite(
    c: &Connection,
    id: &str,
    account: i64,
    query: Option<&GamesQuery>,
) -> rusqlite::Result<Option<Value>> {
    let row = c
        .query_row(&lite(ENTRY), params![id, account], |r| {
            Ok(EntryRow {
                form: r.get(0)?,
                status: r.get(1)?,
                rated: r.get(2)?,
                created: r.get(3)?,
                updated: r.get(4)?,
                outcome: r.get(5)?,
                settled: r.get(6)?,
                seat: r.get(7)?,
                school: r.get(8)?,
            })
        })
        .optional()?;
    let Some(judged) = row.and_then(|r| r.judged(query)) else { return Ok(None) };
    let mut stmt = c.prepare_cached(&lite(PLAYERS))?;
    let players: Vec<Value> = stmt
        .query_map([id], |r| Ok(player(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let change = if judged.row.settled {
        c.query_row(&lite(CHANGE), params![id, account], |r| Ok(change(r.get(0)?, r.get(1)?))).optional()?
    } else {
        None
    };
    Ok(Some(judged.json(id, players, change)))
}

fn profile_sqlite(c: &Connection, name: &str, q: &GamesQuery, lang: Lang) -> rusqlite::Result<Option<Profile>> {
    let found: Option<(i64, String)> = c
        .query_row(&lite(ACCOUNT), [name, &crate::account::name_key(name)], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let Some((account, shown)) = found else { return Ok(None) };
    let mut ratings = serde_json::Map::new();
    let mut history = serde_json::Map::new();
    let mut stmt = c.prepare_cached(&lite(RATINGS))?;
    let rows: Vec<(String, f64, f64, [i64; 4])> = stmt
        .query_map([account], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, [r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?])))?
        .collect::<rusqlite::Result<_>>()?;
    for (pool, rating, deviation, counts) in rows {
        ratings.insert(pool.clone(), rating_json(&pool, rating, deviation, counts, lang));
        let mut points = c.prepare_cached(&lite(HISTORY))?;
        let mut list: Vec<Value> = points
            .query_map(params![account, pool, HISTORY_MAX], |r| Ok(point(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<rusqlite::Result<_>>()?;
        list.reverse();
        history.insert(pool, Value::Array(list));
    }
    let mut stmt = c.prepare_cached(&lite(OPPONENTS))?;
    let rows: Vec<(String, String, Option<String>, i64)> =
        stmt.query_map([account], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?.collect::<Result<_, _>>()?;
    let opponents = opponents(rows);
    let mut stmt = c.prepare_cached(&lite(PLAYING))?;
    let ids: Vec<String> =
        stmt.query_map(params![account, PLAYING_MAX], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let mut playing = Vec::new();
    for id in ids {
        playing.extend(game_entry_sqlite(c, &id, account, None)?);
    }
    let mut stmt = c.prepare_cached(&sqlite(FINISHED))?;
    let opponent_key = q.opponent.as_deref().map(crate::account::name_key);
    let mut rows = stmt.query(params![
        account,
        q.before,
        q.form.map(Form::name),
        q.school.map(School::name),
        q.opponent,
        opponent_key
    ])?;
    let mut games = Vec::new();
    let mut more = false;
    while let Some(row) = rows.next()? {
        let id: String = row.get(0)?;
        let Some(entry) = game_entry_sqlite(c, &id, account, Some(q))? else { continue };
        if games.len() == q.limit as usize {
            more = true;
            break;
        }
        games.push(entry);
    }
    Ok(Some(Profile { shown, ratings, history, opponents, playing, games, more }))
}

async fn game_entry_pg(
    c: &impl GenericClient,
    id: &str,
    account: i64,
    query: Option<&GamesQuery>,
) -> Result<Option<Value>, StoreError> {
    let row = c.query_opt(ENTRY, &[&id, &account]).await?.map(|r| EntryRow {
        form: r.get(0),
        status: r.get(1),
        rated: r.get::<_, i64>(2) != 0,
        created: r.get(3),
        updated: r.get(4),
        outcome: r.get(5),
        settled: r.get::<_, i64>(6) != 0,
        seat: r.get(7),
        school: r.get(8),
    });
    let Some(judged) = row.and_then(|r| r.judged(query)) else { return Ok(None) };
    let players = c
        .query(PLAYERS, &[&id])
        .await?
        .iter()
        .map(|r| player(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5)))
        .collect();
    let change = if judged.row.settled {
        c.query_opt(CHANGE, &[&id, &account]).await?.map(|r| change(r.get(0), r.get(1)))
    } else {
        None
    };
    Ok(Some(judged.json(id, players, change)))
}

async fn profile_pg(
    tx: &deadpool_postgres::Transaction<'_>,
    name: &str,
    q: &GamesQuery,
    lang: Lang,
) -> Result<Option<Profile>, StoreError> {
    let key = crate::account::name_key(name);
    let Some(found) = tx.query_opt(ACCOUNT, &[&name, &key]).await? else { return Ok(None) };
    let (account, shown): (i64, String) = (found.get(0), found.get(1));
    let mut ratings = serde_json::Map::new();
    let mut history = serde_json::Map::new();
    for r in tx.query(RATINGS, &[&account]).await? {
        let pool: String = r.get(0);
        let counts = [r.get(3), r.get(4), r.get(5), r.get(6)];
        ratings.insert(pool.clone(), rating_json(&pool, r.get(1), r.get(2), counts, lang));
        let rows = tx.query(HISTORY, &[&account, &pool, &i64::from(HISTORY_MAX)]).await?;
        let list: Vec<Value> = rows.iter().rev().map(|r| point(r.get(0), r.get(1), r.get(2), r.get(3))).collect();
        history.insert(pool, Value::Array(list));
    }
    let rows = tx.query(OPPONENTS, &[&account]).await?;
    let opponents = opponents(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))));
    let mut playing = Vec::new();
    for r in tx.query(PLAYING, &[&account, &i64::from(PLAYING_MAX)]).await? {
        let id: String = r.get(0);
        playing.extend(game_entry_pg(tx, &id, account, None).await?);
    }
    let opponent_key = q.opponent.as_deref().map(crate::account::name_key);
    let (form, school) = (q.form.map(Form::name), q.school.map(School::name));
    let portal = tx.bind(FINISHED, &[&account, &q.before, &form, &school, &q.opponent, &opponent_key]).await?;
    let mut games = Vec::new();
    let mut more = false;
    'read: loop {
        let rows = tx.query_portal(&portal, FINISHED_CHUNK).await?;
        if rows.is_empty() {
            break;
        }
        for r in rows {
            let id: String = r.get(0);
            let Some(entry) = game_entry_pg(tx, &id, account, Some(q)).await? else { continue };
            if games.len() == q.limit as usize {
                more = true;
                break 'read;
            }
            games.push(entry);
        }
    }
    Ok(Some(Profile { shown, ratings, history, opponents, playing, games, more }))
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::account::both::{self, accounts, end, exec};
    use crate::players::GameResult;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn profiles_and_leaderboards_on_both_databases() {
        both::run(profiles_and_leaderboards).await;
    }

    fn query(f: impl FnOnce(&mut GamesQuery)) -> GamesQuery {
        let mut q = GamesQuery { limit: 20, ..GamesQuery::default() };
        f(&mut q);
        q
    }

    fn ids(profile: &Value, list: &str) -> Vec<String> {
        profile[list].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
    }

    async fn profiles_and_leaderboards(store: Store) -> Value {
        accounts(&store, &["Ana", "Boris", "Cyril"]).await;
        exec(
            &store,
            "INSERT INTO games (id, form, created, updated, status, rated, private) VALUES
                ('d1', 'duel', 1, 1, 'playing', 1, 0), ('d2', 'duel', 2, 2, 'playing', 0, 0),
                ('m1', 'melee', 3, 3, 'playing', 0, 0), ('p1', 'duel', 4, 4, 'playing', 0, 0),
                ('x1', 'duel', 5, 5, 'playing', 0, 1), ('a1', 'duel', 6, 6, 'playing', 0, 0);
             INSERT INTO seats (game_id, seat, school, player, bot, name, account_id) VALUES
                ('d1', 0, 'northern', 'human', NULL, 'Ana', 1), ('d1', 1, 'southern', 'human', NULL, 'Boris', 2),
                ('d2', 0, 'southern', 'human', NULL, 'Boris', 2), ('d2', 1, 'northern', 'human', NULL, 'Ana', 1),
                ('m1', 0, 'northern', 'human', NULL, 'Ana', 1), ('m1', 1, 'southern', 'human', NULL, 'Boris', 2),
                ('m1', 2, 'highland', 'human', NULL, 'Cyril', 3),
                ('p1', 0, 'northern', 'human', NULL, 'Ana', 1), ('p1', 1, 'southern', 'bot', 'greedy', NULL, NULL),
                ('x1', 0, 'northern', 'human', NULL, 'Ana', 1), ('x1', 1, 'southern', 'human', NULL, 'Boris', 2),
                ('a1', 0, 'northern', 'human', NULL, 'Ana', 1), ('a1', 1, 'southern', 'human', NULL, 'Cyril', 3);",
        )
        .await;
        for (id, outcome) in [
            ("d1", r#"{"places":[0,1],"why":"resigned","resigned":1}"#),
            ("d2", r#"{"places":[0,1],"why":"end-score"}"#),
            ("m1", r#"{"places":[2,0,1],"why":"end-score"}"#),
            ("x1", r#"{"places":[0,1],"why":"end-score"}"#),
            ("a1", r#"{"places":[],"why":"aborted"}"#),
        ] {
            end(&store, id, 1, outcome).await.unwrap();
        }
        // the order of the finished games fixed, whatever the clock read
        exec(
            &store,
            "UPDATE games SET updated = 10 WHERE id = 'd1'; UPDATE games SET updated = 20 WHERE id = 'd2';
             UPDATE games SET updated = 30 WHERE id = 'm1'; UPDATE games SET updated = 40 WHERE id = 'a1';
             INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, wins, draws, losses, updated)
             VALUES (3, 'duel', 1700.5, 100, 0.06, 6, 4, 1, 1, 0), (3, 'melee', 1600, 149, 0.06, 9, 5, 0, 4, 0),
                    (2, 'melee', 1650, 151, 0.06, 9, 5, 0, 4, 0);",
        )
        .await;

        let profile = |name: &str, q: GamesQuery| {
            let (store, name) = (store.clone(), name.to_string());
            async move { store.profile(name, q, Lang::En).await.unwrap() }
        };
        let ana = profile("ana", query(|_| ())).await.unwrap();
        assert_eq!(ana["name"], "Ana");
        assert_eq!(ids(&ana, "games"), ["a1", "m1", "d2", "d1"], "public, newest first");
        assert_eq!(ids(&ana, "playing"), ["p1"]);
        assert_eq!(ana["more"], false);
        let d1 = &ana["games"][3];
        assert_eq!((d1["result"].as_str(), d1["rated"].as_bool()), (Some("win"), Some(true)));
        assert!(d1["rating"]["after"].as_f64().unwrap() > d1["rating"]["before"].as_f64().unwrap());
        assert_eq!(ana["games"][0]["result"], Value::Null, "aborted");
        assert_eq!(ana["ratings"]["duel"]["games"], 1);
        assert_eq!(ana["ratings"]["duel"]["provisional"], true);
        assert_eq!(ana["history"]["duel"].as_array().unwrap().len(), 1);
        assert_eq!(ana["opponents"][0]["name"], "Boris");
        assert_eq!(ana["opponents"][0]["games"], 3, "d1, d2, m1: not the private one");
        assert_eq!(profile("STRASSE", query(|_| ())).await, None);
        assert_eq!(profile("ANA", query(|_| ())).await.unwrap()["name"], "Ana");

        let wins = profile("Ana", query(|q| q.result = Some(GameResult::Win))).await.unwrap();
        assert_eq!(ids(&wins, "games"), ["d1"]);
        let paged = profile("Ana", query(|q| (q.opponent, q.limit) = (Some("BORIS".into()), 2))).await.unwrap();
        assert_eq!((ids(&paged, "games"), &paged["more"]), (vec!["m1".to_string(), "d2".into()], &json!(true)));
        let next = profile("Ana", query(|q| (q.opponent, q.before) = (Some("Boris".into()), Some(20)))).await.unwrap();
        assert_eq!(ids(&next, "games"), ["d1"]);
        let melee = profile("Cyril", query(|q| (q.form, q.school) = (Some(Form::Melee), Some(School::Highland))))
            .await
            .unwrap();
        assert_eq!(ids(&melee, "games"), ["m1"]);
        assert_eq!(melee["games"][0]["result"], "loss", "second of three: a melee is won by the first alone");
        let none = profile("Cyril", query(|q| q.school = Some(School::Northern))).await.unwrap();
        assert!(ids(&none, "games").is_empty());

        let duel = store.leaderboard(Pool::Duel, 0, 50).await.unwrap();
        assert_eq!(duel.len(), 1, "Cyril only: Ana and Boris have one game");
        assert_eq!((duel[0]["name"].as_str(), duel[0]["rank"].as_u64()), (Some("Cyril"), Some(1)));
        let boards = store.leaderboards(&Pool::ALL, 0, 10).await.unwrap();
        let sizes: Vec<usize> = boards.iter().map(Vec::len).collect();
        assert_eq!(sizes, [1, 0, 1, 0], "Boris's melee deviation is too wide");
        assert!(store.leaderboard(Pool::Duel, 1, 50).await.unwrap().is_empty());
        json!({ "ana": ana, "wins": wins, "paged": paged, "next": next, "melee": melee, "boards": boards })
    }
}
