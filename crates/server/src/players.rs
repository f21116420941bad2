//! Players' profiles and the leaderboards (`docs/server-protocol.md`,
//! "Ratings and profiles"): `GET /api/players/{name}` (the ratings of
//! every pool with their history, results against frequent opponents,
//! the games being played, the finished games page by page with
//! filters) and `GET /api/leaderboard/{pool}`. Read-only: every answer
//! is read from the database, nothing is loaded or created. Private
//! games are never listed (their link is their only key).

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{Form, School};

use crate::error::Error;
use crate::rating::{self, Pool};
use crate::state::AppState;
use crate::wire::WireError;

/// A leaderboard lists players with at least this many rated games in
/// the pool...
pub(crate) const MIN_GAMES: u32 = 5;
/// ... and a deviation below this (a rating known to within about ±300
/// at 95%): a new player (350) or one with few games is not listed.
pub(crate) const MAX_DEVIATION: f64 = 150.0;
/// At most this many finished games a profile page (20 when not asked).
pub(crate) const GAMES_PAGE_MAX: u32 = 50;
/// At most this many points of a pool's rating graph (the newest).
const HISTORY_MAX: u32 = 500;
/// The games in play a profile lists (the newest).
const PLAYING_MAX: u32 = 50;
/// The frequent opponents a profile lists.
const OPPONENTS_MAX: u32 = 10;
/// At most this many players a leaderboard page (50 when not asked).
const BOARD_PAGE_MAX: u32 = 100;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players/:name", get(profile))
        .route("/api/leaderboard", get(leaderboards))
        .route("/api/leaderboard/:pool", get(leaderboard))
}

/// A pool's name in the reader's language (the page keys nothing by a
/// form's name: it shows this).
fn pool_label(pool: Pool, lang: Lang) -> String {
    let id = match pool {
        Pool::Duel => "players-pool-duel",
        Pool::HighForm => "players-pool-high-form",
        Pool::Melee => "players-pool-melee",
        Pool::Team => "players-pool-team",
    };
    crate::words::messages(lang).text(id, &[])
}

/// A player's result in a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    fn name(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }

    fn parse(text: &str) -> Option<GameResult> {
        [GameResult::Win, GameResult::Draw, GameResult::Loss].into_iter().find(|r| r.name() == text)
    }

    fn of_score(score: f64) -> GameResult {
        if score >= 1.0 {
            GameResult::Win
        } else if score > 0.0 {
            GameResult::Draw
        } else {
            GameResult::Loss
        }
    }
}

/// The query of `GET /api/players/{name}`, decoded.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GamesQuery {
    /// Games that ended before this time (unix ms): the next page.
    pub before: Option<i64>,
    pub limit: u32,
    pub form: Option<Form>,
    /// The player's own school.
    pub school: Option<School>,
    pub result: Option<GameResult>,
    /// An account that sat at the same table, by its name.
    pub opponent: Option<String>,
}

fn bad(field: &'static str, value: &str) -> Error {
    Error::BadRequest { why: WireError::BadQuery { field, value: tash_kalar_rules::Token::new(value) } }
}

/// Decodes the query: every field optional and checked, `limit` 1 to
/// [`GAMES_PAGE_MAX`].
pub(crate) fn games_query(q: &HashMap<String, String>) -> Result<GamesQuery, Error> {
    let get = |k: &str| q.get(k).map(String::as_str).filter(|v| !v.is_empty());
    let before = get("before").map(|b| b.parse::<i64>().map_err(|_| bad("before", b))).transpose()?;
    let limit = match get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| bad("limit", l))?.clamp(1, GAMES_PAGE_MAX),
        None => 20,
    };
    let form = get("form").map(|f| Form::parse(f).ok_or_else(|| bad("form", f))).transpose()?;
    let school = get("school").map(|s| School::parse(s).ok_or_else(|| bad("school", s))).transpose()?;
    let result = get("result").map(|r| GameResult::parse(r).ok_or_else(|| bad("result", r))).transpose()?;
    let opponent = get("opponent")
        .map(|o| if o.chars().count() <= 64 { Ok(o.to_string()) } else { Err(bad("opponent", o)) })
        .transpose()?;
    Ok(GamesQuery { before, limit, form, school, result, opponent })
}

/// An account's id by its name as shown, or as typed in any case or
/// compatible form (its NFKC, case-folded key: `STRASSE` finds `Straße`);
/// `None` for an unknown or deleted name.
fn account_by_name(c: &Connection, name: &str) -> rusqlite::Result<Option<(i64, String)>> {
    c.query_row(
        "SELECT id, name FROM accounts WHERE deleted IS NULL AND name IS NOT NULL AND (name = ?1 OR key = ?2)
         ORDER BY name = ?1 DESC LIMIT 1",
        [name, &crate::account::name_key(name)],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// A game as a profile lists it, for the player of `seat`.
fn game_entry(c: &Connection, id: &str, account: i64, query: Option<&GamesQuery>) -> rusqlite::Result<Option<Value>> {
    type Row = (String, String, bool, i64, i64, Option<String>, bool, u8, String);
    let row: Option<Row> = c
        .query_row(
            "SELECT g.form, g.status, g.rated, g.created, g.updated, g.outcome, g.settled, s.seat, s.school
             FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = ?2 WHERE g.id = ?1 LIMIT 1",
            params![id, account],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?)),
        )
        .optional()?;
    let Some((form, status, rated, created, updated, outcome, settled, seat, school)) = row else { return Ok(None) };
    let outcome: Option<Value> = outcome.and_then(|o| serde_json::from_str(&o).ok());
    let places: Option<Vec<u8>> = outcome.as_ref().and_then(|o| {
        let p: Option<Vec<u8>> = o["places"].as_array()?.iter().map(|p| p.as_u64().map(|p| p as u8)).collect();
        p.filter(|p| !p.is_empty() && o["why"] != "aborted" && (seat as usize) < p.len())
    });
    let teams = Form::parse(&form).and_then(Pool::of_form) == Some(Pool::Team);
    let result = places.as_ref().map(|p| GameResult::of_score(rating::score(p, seat as usize, teams)));
    if let Some(want) = query.and_then(|q| q.result) {
        if result != Some(want) {
            return Ok(None);
        }
    }
    let mut stmt = c.prepare_cached(
        "SELECT s.seat, s.school, s.player, s.bot, s.name, a.name FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
         WHERE s.game_id = ?1 ORDER BY s.seat",
    )?;
    let players: Vec<Value> = stmt
        .query_map([id], |r| {
            Ok(json!({
                "seat": r.get::<_, u8>(0)?,
                "school": r.get::<_, String>(1)?,
                "player": r.get::<_, String>(2)?,
                "bot": r.get::<_, Option<String>>(3)?,
                "name": r.get::<_, Option<String>>(4)?,
                // the account's name: a deleted account's is null
                "account": r.get::<_, Option<String>>(5)?,
            }))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let change = if settled {
        c.query_row(
            "SELECT rating_before, rating FROM rating_history WHERE game_id = ?1 AND account_id = ?2",
            params![id, account],
            |r| Ok(json!({"before": r.get::<_, f64>(0)?, "after": r.get::<_, f64>(1)?})),
        )
        .optional()?
    } else {
        None
    };
    Ok(Some(json!({
        "id": id,
        "form": form,
        "status": status,
        "rated": rated,
        "created": created,
        "updated": updated,
        "seat": seat,
        "school": school,
        "result": result.map(GameResult::name),
        "outcome": outcome,
        "players": players,
        "rating": change,
    })))
}

/// The profile of an account (see the module's doc); `None` for an
/// unknown or deleted name.
pub(crate) fn profile_of(c: &Connection, name: &str, q: &GamesQuery, lang: Lang) -> rusqlite::Result<Option<Value>> {
    let Some((account, shown)) = account_by_name(c, name)? else { return Ok(None) };
    let mut ratings = serde_json::Map::new();
    let mut history = serde_json::Map::new();
    let mut stmt = c.prepare_cached(
        "SELECT pool, rating, deviation, games, wins, draws, losses FROM ratings WHERE account_id = ?1",
    )?;
    let rows: Vec<(String, f64, f64, u32, u32, u32, u32)> = stmt
        .query_map([account], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (pool, rating, deviation, games, wins, draws, losses) in rows {
        let listed = games >= MIN_GAMES && deviation < MAX_DEVIATION;
        let label = Pool::parse(&pool).map(|p| pool_label(p, lang));
        ratings.insert(
            pool.clone(),
            json!({"label": label, "rating": rating, "deviation": deviation, "games": games, "wins": wins,
                   "draws": draws, "losses": losses, "provisional": !listed}),
        );
        let mut points = c.prepare_cached(
            "SELECT at, rating, deviation, game_id FROM rating_history WHERE account_id = ?1 AND pool = ?2
             ORDER BY at DESC LIMIT ?3",
        )?;
        let mut list: Vec<Value> = points
            .query_map(params![account, pool, HISTORY_MAX], |r| {
                Ok(json!({"at": r.get::<_, i64>(0)?, "rating": r.get::<_, f64>(1)?,
                          "deviation": r.get::<_, f64>(2)?, "game": r.get::<_, String>(3)?}))
            })?
            .collect::<rusqlite::Result<_>>()?;
        list.reverse();
        history.insert(pool, Value::Array(list));
    }
    let opponents = opponents(c, account)?;
    let mut stmt = c.prepare_cached(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = ?1
         WHERE g.status != 'over' AND g.private = 0 ORDER BY g.updated DESC LIMIT ?2",
    )?;
    let ids: Vec<String> =
        stmt.query_map(params![account, PLAYING_MAX], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let mut playing = Vec::new();
    for id in ids {
        playing.extend(game_entry(c, &id, account, None)?);
    }
    // the finished games, newest first; the result filter is applied to
    // each game read, so the reading stops once the page is full
    let mut stmt = c.prepare_cached(
        "SELECT g.id, g.updated FROM games g JOIN seats s ON s.game_id = g.id AND s.account_id = ?1
         WHERE g.status = 'over' AND g.private = 0
           AND (?2 IS NULL OR g.updated < ?2) AND (?3 IS NULL OR g.form = ?3) AND (?4 IS NULL OR s.school = ?4)
           AND (?5 IS NULL OR EXISTS (SELECT 1 FROM seats o JOIN accounts oa ON oa.id = o.account_id
                                      WHERE o.game_id = g.id AND o.seat != s.seat
                                        AND (oa.name = ?5 OR oa.key = ?6)))
         ORDER BY g.updated DESC, g.id",
    )?;
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
        let Some(entry) = game_entry(c, &id, account, Some(q))? else { continue };
        if games.len() == q.limit as usize {
            more = true;
            break;
        }
        games.push(entry);
    }
    Ok(Some(json!({
        "name": shown,
        "ratings": ratings,
        "history": history,
        "opponents": opponents,
        "playing": playing,
        "games": games,
        "more": more,
    })))
}

/// The accounts this one has finished most games against (public games
/// with a result), with this account's results against each.
fn opponents(c: &Connection, account: i64) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = c.prepare_cached(
        "SELECT oa.name, g.id, g.form, g.outcome, s.seat FROM games g
         JOIN seats s ON s.game_id = g.id AND s.account_id = ?1
         JOIN seats o ON o.game_id = g.id AND o.seat != s.seat
         JOIN accounts oa ON oa.id = o.account_id AND oa.id != ?1 AND oa.name IS NOT NULL
         WHERE g.status = 'over' AND g.private = 0",
    )?;
    // name -> (games, wins, draws, losses)
    let mut tally: HashMap<String, [u32; 4]> = HashMap::new();
    let rows = stmt.query_map([account], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(2)?, r.get::<_, Option<String>>(3)?, r.get::<_, u8>(4)?))
    })?;
    for row in rows {
        let (name, form, outcome, seat) = row?;
        let places: Option<Vec<u8>> = outcome.and_then(|o| serde_json::from_str::<Value>(&o).ok()).and_then(|o| {
            if o["why"] == "aborted" {
                return None;
            }
            o["places"].as_array()?.iter().map(|p| p.as_u64().map(|p| p as u8)).collect()
        });
        let Some(places) = places.filter(|p| (seat as usize) < p.len()) else { continue };
        let teams = Form::parse(&form).and_then(Pool::of_form) == Some(Pool::Team);
        let t = tally.entry(name).or_default();
        t[0] += 1;
        match GameResult::of_score(rating::score(&places, seat as usize, teams)) {
            GameResult::Win => t[1] += 1,
            GameResult::Draw => t[2] += 1,
            GameResult::Loss => t[3] += 1,
        }
    }
    let mut list: Vec<(String, [u32; 4])> = tally.into_iter().collect();
    list.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
    Ok(list
        .into_iter()
        .take(OPPONENTS_MAX as usize)
        .map(|(name, [games, wins, draws, losses])| {
            json!({"name": name, "games": games, "wins": wins, "draws": draws, "losses": losses})
        })
        .collect())
}

/// `GET /api/players/{name}?before=&limit=&form=&school=&result=&opponent=`.
async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let q = games_query(&q)?;
    if name.chars().count() > 64 {
        return Err(Error::NoSuchPlayer);
    }
    let lang = crate::words::of_request(&headers);
    let found = state.store().read(move |c| profile_of(c, &name, &q, lang)).await.map_err(Error::internal)?;
    found.map(Json).ok_or(Error::NoSuchPlayer)
}

/// A pool's leaderboard: the players with at least [`MIN_GAMES`] rated
/// games and a deviation under [`MAX_DEVIATION`], best first.
pub(crate) fn board(c: &Connection, pool: Pool, offset: u32, limit: u32) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = c.prepare_cached(
        "SELECT a.name, r.rating, r.deviation, r.games, r.wins, r.draws, r.losses
         FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.pool = ?1 AND r.games >= ?2 AND r.deviation < ?3 AND a.deleted IS NULL AND a.name IS NOT NULL
         ORDER BY r.rating DESC, a.name LIMIT ?4 OFFSET ?5",
    )?;
    let rows = stmt.query_map(params![pool.name(), MIN_GAMES, MAX_DEVIATION, limit, offset], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, f64>(1)?,
            r.get::<_, f64>(2)?,
            r.get::<_, u32>(3)?,
            r.get::<_, u32>(4)?,
            r.get::<_, u32>(5)?,
            r.get::<_, u32>(6)?,
        ))
    })?;
    let mut out = Vec::new();
    for (i, row) in rows.enumerate() {
        let (name, rating, deviation, games, wins, draws, losses) = row?;
        out.push(json!({"rank": offset as usize + i + 1, "name": name, "rating": rating, "deviation": deviation,
                        "games": games, "wins": wins, "draws": draws, "losses": losses}));
    }
    Ok(out)
}

/// A leaderboard page's bounds: `offset` (at most 100,000) and `limit`
/// (1 to [`BOARD_PAGE_MAX`], `default` when absent).
fn board_query(q: &HashMap<String, String>, default: u32) -> Result<(u32, u32), Error> {
    let get = |k: &str| q.get(k).map(String::as_str).filter(|v| !v.is_empty());
    let offset = match get("offset") {
        Some(o) => o.parse::<u32>().map_err(|_| bad("offset", o))?.min(100_000),
        None => 0,
    };
    let limit = match get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| bad("limit", l))?.clamp(1, BOARD_PAGE_MAX),
        None => default,
    };
    Ok((offset, limit))
}

/// `GET /api/leaderboard/{pool}?offset=&limit=`.
async fn leaderboard(
    State(state): State<AppState>,
    Path(pool): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let pool = Pool::parse(&pool).ok_or_else(|| Error::NoSuchPool { pool: pool.chars().take(32).collect() })?;
    let (offset, limit) = board_query(&q, 50)?;
    let players = state.store().read(move |c| board(c, pool, offset, limit)).await.map_err(Error::internal)?;
    Ok(Json(json!({
        "pool": pool.name(),
        "label": pool_label(pool, crate::words::of_request(&headers)),
        "min_games": MIN_GAMES,
        "max_deviation": MAX_DEVIATION,
        "players": players,
    })))
}

/// `GET /api/leaderboard?limit=`: every pool's board, the first `limit`
/// players of each (20 when absent).
async fn leaderboards(
    State(state): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let (_, limit) = board_query(&q, 20)?;
    let lang = crate::words::of_request(&headers);
    let boards = state
        .store()
        .read(move |c| {
            Pool::ALL
                .into_iter()
                .map(|pool| {
                    let players = board(c, pool, 0, limit)?;
                    Ok(json!({"pool": pool.name(), "label": pool_label(pool, lang), "players": players}))
                })
                .collect::<rusqlite::Result<Vec<Value>>>()
        })
        .await
        .map_err(Error::internal)?;
    Ok(Json(json!({ "min_games": MIN_GAMES, "max_deviation": MAX_DEVIATION, "boards": boards })))
}
