//! The game core's queries on SQLite, run by the store's writer thread or
//! on its reading connection (`Store::write`, `Store::read`).

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use tash_kalar_rules::Seat;

use super::{listed, parse_header, SeatRow, Stored, Summary};
use crate::account::AccountId;
use crate::live::{Kind, LiveGame, Player, StoredEntry};
use crate::site::{ChatLine, Extras, SpectatorLine};
use crate::store::now_ms;

/// Writes a game's summary; the summary of a game over also settles its
/// ratings (`rating::settle`, once per game), in the same transaction.
fn update_summary(c: &Connection, id: &str, s: &Summary) -> rusqlite::Result<usize> {
    // (prepared once per connection: this runs at every move)
    let values = params![id, s.status, s.version, s.turn, s.scores, s.outcome, now_ms(), s.clocks];
    // The status mostly stays: the row is then written without it, as
    // SQLite checks `status IN (...)` only when the status is written, by
    // building a temporary b-tree of the three values (half of the
    // statement's cost). A status that changes is written with the rest.
    let same_status = c
        .prepare_cached(
            "UPDATE games SET version = ?3, turn = ?4, scores = ?5, outcome = ?6, updated = ?7,
             clocks = COALESCE(?8, clocks) WHERE id = ?1 AND status = ?2",
        )?
        .execute(values)?;
    let n = match same_status {
        0 => c
            .prepare_cached(
                "UPDATE games SET status = ?2, version = ?3, turn = ?4, scores = ?5, outcome = ?6, updated = ?7,
                 clocks = COALESCE(?8, clocks) WHERE id = ?1",
            )?
            .execute(values)?,
        n => n,
    };
    if s.status == "over" {
        crate::rating::settle(c, id)?;
    }
    Ok(n)
}

fn insert_entries(c: &Connection, id: &str, entries: &[StoredEntry]) -> rusqlite::Result<()> {
    let mut stmt =
        c.prepare_cached("INSERT INTO log (game_id, n, seat, kind, choice, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
    let at = now_ms();
    for e in entries {
        stmt.execute(params![id, e.n, e.seat, e.kind.name(), e.choice, at])?;
    }
    Ok(())
}

/// Inserts a new game: its row, its seats and its first entries.
pub fn insert_game(c: &Connection, g: &LiveGame, entries: &[StoredEntry]) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO games (id, form, created, updated, status, time_control, clocks, private, rematch_of, rated)
         VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            g.id,
            g.form.name(),
            g.created,
            g.status(),
            g.extras.time_control.text(),
            g.extras.clocks,
            g.extras.private,
            g.extras.rematch_of,
            g.extras.rated
        ],
    )?;
    for (i, s) in g.seats.iter().enumerate() {
        let (player, bot) = match &s.player {
            Player::Human => ("human", None),
            Player::Bot(spec) => ("bot", Some(spec.as_str())),
        };
        c.execute(
            "INSERT INTO seats (game_id, seat, school, player, bot, name, token_hash, taken, open, account_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                g.id,
                i,
                s.school.name(),
                player,
                bot,
                s.name,
                s.token_hash.map(|h| h.to_vec()),
                s.taken,
                s.open,
                s.account.map(|a| a.0)
            ],
        )?;
    }
    insert_entries(c, &g.id, entries)?;
    update_summary(c, &g.id, &Summary::of(g))?;
    Ok(())
}

/// Appends entries to a game's log; the summary is updated in the same
/// transaction.
pub fn append(c: &Connection, id: &str, entries: &[StoredEntry], summary: &Summary) -> rusqlite::Result<()> {
    insert_entries(c, id, entries)?;
    update_summary(c, id, summary)?;
    Ok(())
}

/// Records that a seat is taken (and, when joining, its new token).
pub fn take_seat(
    c: &Connection,
    id: &str,
    seat: Seat,
    token_hash: Option<[u8; 32]>,
    summary: &Summary,
) -> rusqlite::Result<()> {
    match token_hash {
        Some(h) => c.execute(
            "UPDATE seats SET taken = 1, token_hash = ?3 WHERE game_id = ?1 AND seat = ?2",
            params![id, seat, h.to_vec()],
        )?,
        None => c.execute("UPDATE seats SET taken = 1 WHERE game_id = ?1 AND seat = ?2", params![id, seat])?,
    };
    update_summary(c, id, summary)?;
    Ok(())
}

/// Gives a seat to an account (taken while signed in), and the account's
/// name to the seat if it had none.
pub fn seat_account(c: &Connection, id: &str, seat: Seat, account: AccountId, name: &str) -> rusqlite::Result<()> {
    c.execute(
        "UPDATE seats SET account_id = ?3, name = COALESCE(name, ?4) WHERE game_id = ?1 AND seat = ?2",
        params![id, seat, account.0, name],
    )?;
    Ok(())
}

/// Appends a chat message.
pub fn insert_chat(c: &Connection, id: &str, line: &ChatLine) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO chat (game_id, n, seat, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![id, line.n, line.seat, line.text, line.at],
    )?;
    Ok(())
}

/// Saves a line of the spectators' chat (migration 0009).
pub fn insert_spectator_chat(c: &Connection, id: &str, line: &SpectatorLine) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO spectator_chat (game_id, n, account_id, text, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![id, line.n, line.account, line.text, line.at],
    )?;
    Ok(())
}

/// A page of a game's chat: the last `limit` lines numbered below
/// `before` (all lines when `None`), in order; `None` for no such game.
pub fn chat_page(c: &Connection, id: &str, before: Option<u32>, limit: u32) -> rusqlite::Result<Option<Vec<ChatLine>>> {
    let found = c.query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(())).optional()?;
    if found.is_none() {
        return Ok(None);
    }
    let mut stmt = c.prepare_cached(
        "SELECT n, seat, text, at FROM chat WHERE game_id = ?1 AND (?2 IS NULL OR n < ?2) ORDER BY n DESC LIMIT ?3",
    )?;
    let mut lines: Vec<ChatLine> = stmt
        .query_map(params![id, before, limit], |r| {
            Ok(ChatLine { n: r.get(0)?, seat: r.get(1)?, text: r.get(2)?, at: r.get(3)? })
        })?
        .collect::<rusqlite::Result<_>>()?;
    lines.reverse();
    Ok(Some(lines))
}

/// Links a finished game to its rematch. (Until this is written, the
/// rematch's own `rematch_of` links them: `load` and `list` read both.)
/// Links `rematch` unless the game has a link already; the link that stands.
pub fn set_rematch(c: &Connection, id: &str, rematch: &str) -> rusqlite::Result<String> {
    c.execute("UPDATE games SET rematch = ?2 WHERE id = ?1 AND rematch IS NULL", params![id, rematch])?;
    c.query_row("SELECT rematch FROM games WHERE id = ?1", [id], |r| r.get::<_, Option<String>>(0))
        .map(|r| r.unwrap_or_else(|| rematch.to_string()))
}

/// A seat whose time ran out in a melee or team game: the lobby shows the
/// bot that plays it now (the log's timeout entry does the same when the
/// game is replayed).
pub fn seat_to_bot(c: &Connection, id: &str, seat: Seat, bot: &str) -> rusqlite::Result<()> {
    c.execute("UPDATE seats SET player = 'bot', bot = ?3 WHERE game_id = ?1 AND seat = ?2", params![id, seat, bot])?;
    Ok(())
}

fn bad(text: String) -> rusqlite::Error {
    rusqlite::Error::InvalidParameterName(text)
}

pub fn load(c: &Connection, id: &str) -> rusqlite::Result<Option<Stored>> {
    load_after(c, id, 0)
}

/// [`load`] with only the log entries numbered above `after`.
pub fn load_after(c: &Connection, id: &str, after: u32) -> rusqlite::Result<Option<Stored>> {
    type Row = (String, i64, String, Option<String>, bool, Option<String>, Option<String>, i64, bool);
    let row: Option<Row> = c
        .query_row(
            "SELECT form, created, time_control, clocks, private, rematch_of,
                    COALESCE(rematch, (SELECT r.id FROM games r WHERE r.rematch_of = games.id ORDER BY r.created, r.id LIMIT 1)),
                    updated, rated
             FROM games WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?)),
        )
        .optional()?;
    let Some((form, created, tc, clocks, private, rematch_of, rematch, updated, rated)) = row else { return Ok(None) };
    let (time_control, form) = parse_header(id, &tc, &form).map_err(bad)?;
    let mut stmt = c.prepare(
        "SELECT seat, school, player, bot, name, token_hash, taken, open, account_id
         FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(SeatRow {
            seat: r.get(0)?,
            school: r.get(1)?,
            player: r.get(2)?,
            bot: r.get(3)?,
            name: r.get(4)?,
            token_hash: r.get(5)?,
            taken: r.get(6)?,
            open: r.get(7)?,
            account: r.get(8)?,
        })
    })?;
    let mut seats = Vec::new();
    for row in rows {
        seats.push(row?.seat_info(id, seats.len()).map_err(bad)?);
    }
    let log = log_after(c, id, after)?;
    let mut stmt = c.prepare("SELECT n, seat, text, at FROM chat WHERE game_id = ?1 ORDER BY n")?;
    let chat = stmt
        .query_map([id], |r| Ok(ChatLine { n: r.get(0)?, seat: r.get(1)?, text: r.get(2)?, at: r.get(3)? }))?
        .collect::<rusqlite::Result<_>>()?;
    let mut stmt = c.prepare(
        "SELECT s.n, s.account_id, a.name, s.text, s.at FROM spectator_chat s
         LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ?1 ORDER BY s.n",
    )?;
    let spectator_chat = stmt
        .query_map([id], |r| {
            Ok(SpectatorLine { n: r.get(0)?, account: r.get(1)?, name: r.get(2)?, text: r.get(3)?, at: r.get(4)? })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let extras = Extras { time_control, clocks, private, rematch_of, rematch, chat, updated, rated, spectator_chat };
    Ok(Some(Stored { id: id.to_string(), form, created, seats, log, extras }))
}

/// The games not over whose running clock, a person's, ran out by `now`
/// (Unix ms). Bots are never flagged, so their clocks are left out.
pub fn clocks_out(c: &Connection, now: i64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = c.prepare(
        "SELECT id FROM games WHERE status != 'over' AND clocks IS NOT NULL
           AND json_extract(clocks, '$.running') IS NOT NULL
           AND json_extract(clocks, '$.since')
               + json_extract(clocks, '$.remaining[' || json_extract(clocks, '$.running') || ']') <= ?1
           AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id
                       AND seats.seat = json_extract(clocks, '$.running') AND seats.player = 'human')",
    )?;
    let ids = stmt.query_map([now], |r| r.get(0))?.collect();
    ids
}

/// The games in play untouched since `before` (Unix ms) whose clock does
/// not run: waiting for a seat nobody took, or stored before games without
/// a time control had a move deadline. Loading one settles it
/// (`actor/endings.rs`); a running clock is `clocks_out`'s.
pub fn stale(c: &Connection, before: i64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = c.prepare(
        "SELECT id FROM games WHERE status = 'playing' AND updated <= ?1
           AND (clocks IS NULL OR json_extract(clocks, '$.running') IS NULL)",
    )?;
    let ids = stmt.query_map([before], |r| r.get(0))?.collect();
    ids
}

/// The ids of the games not over, the most recently changed first.
pub fn unfinished(c: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = c.prepare("SELECT id FROM games WHERE status != 'over' ORDER BY updated DESC")?;
    let ids = stmt.query_map([], |r| r.get(0))?.collect();
    ids
}

/// Lobby summaries, most recently changed first. Private games are left
/// out of lists; asked for by id, they are found.
pub fn list(c: &Connection, status: Option<&str>, id: Option<&str>, limit: u32) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = c.prepare_cached(
        "SELECT id, form, status, version, turn, scores, outcome, created, updated,
                time_control, private, rematch_of, rated,
                COALESCE(rematch, (SELECT r.id FROM games r WHERE r.rematch_of = games.id ORDER BY r.created, r.id LIMIT 1)) FROM games
         WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR id = ?2) AND (?2 IS NOT NULL OR private = 0)
         ORDER BY updated DESC LIMIT ?3",
    )?;
    let games: Vec<(String, Value)> = stmt
        .query_map(params![status, id, limit], |r| {
            let id: String = r.get(0)?;
            let scores: String = r.get(5)?;
            let time_control: String = r.get(9)?;
            let v = listed(
                &id,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                &scores,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                &time_control,
                r.get(10)?,
                r.get(11)?,
                r.get(12)?,
                r.get(13)?,
            );
            Ok((id, v))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut seats_stmt = c.prepare_cached(
        "SELECT seat, school, player, bot, name, taken, open FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let mut out = Vec::with_capacity(games.len());
    for (id, mut v) in games {
        let seats: Vec<Value> = seats_stmt
            .query_map([&id], |r| {
                Ok(json!({
                    "seat": r.get::<_, u8>(0)?,
                    "school": r.get::<_, String>(1)?,
                    "player": r.get::<_, String>(2)?,
                    "bot": r.get::<_, Option<String>>(3)?,
                    "name": r.get::<_, Option<String>>(4)?,
                    "taken": r.get::<_, bool>(5)?,
                    "open": r.get::<_, bool>(6)?,
                }))
            })?
            .collect::<rusqlite::Result<_>>()?;
        v["seats"] = Value::Array(seats);
        out.push(v);
    }
    Ok(out)
}

pub fn log_after(c: &Connection, id: &str, after: u32) -> rusqlite::Result<Vec<StoredEntry>> {
    let mut stmt = c.prepare("SELECT n, seat, kind, choice FROM log WHERE game_id = ?1 AND n > ?2 ORDER BY n")?;
    let rows = stmt.query_map(params![id, after], |r| {
        Ok((r.get::<_, u32>(0)?, r.get::<_, Option<u8>>(1)?, r.get::<_, String>(2)?, r.get::<_, Option<String>>(3)?))
    })?;
    let mut log = Vec::new();
    for row in rows {
        let (n, seat, kind, choice) = row?;
        let kind = Kind::parse(&kind).ok_or_else(|| bad(format!("game {id}: entry {n}: unknown kind {kind:?}")))?;
        log.push(StoredEntry { n, seat, kind, choice });
    }
    Ok(log)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(status: &'static str, version: u32) -> Summary {
        Summary { status, version, turn: 2, scores: "[1,0]".into(), outcome: None, clocks: None }
    }

    fn row(c: &Connection) -> (String, u32, u16, String) {
        c.query_row("SELECT status, version, turn, scores FROM games WHERE id = 'g'", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap()
    }

    /// A summary is written whole whether its status stays (written
    /// without it) or changes; a status the table does not allow is still
    /// refused, and a game not stored is no row.
    #[test]
    fn a_summary_is_written_whether_its_status_stays_or_changes() {
        let c = Connection::open_in_memory().unwrap();
        for (_, sql) in crate::store::MIGRATIONS {
            c.execute_batch(sql).unwrap();
        }
        c.execute("INSERT INTO games (id, form, created, updated, status) VALUES ('g', 'duel', 0, 0, 'open')", [])
            .unwrap();
        assert_eq!(update_summary(&c, "g", &summary("playing", 3)).unwrap(), 1);
        assert_eq!(row(&c), ("playing".into(), 3, 2, "[1,0]".into()));
        assert_eq!(update_summary(&c, "g", &summary("playing", 4)).unwrap(), 1);
        assert_eq!(row(&c), ("playing".into(), 4, 2, "[1,0]".into()));
        assert!(update_summary(&c, "g", &summary("paused", 5)).is_err());
        assert_eq!(row(&c), ("playing".into(), 4, 2, "[1,0]".into()));
        assert_eq!(update_summary(&c, "g", &summary("over", 6)).unwrap(), 1);
        assert_eq!(row(&c).0, "over");
        assert_eq!(update_summary(&c, "nowhere", &summary("playing", 1)).unwrap(), 0);
    }
}
