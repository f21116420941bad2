//! The game core's queries on PostgreSQL: the same rows as `sqlite`'s,
//! each operation one pooled connection and one transaction.
//!
//! Integers are BIGINT in the PostgreSQL tables (SQLite's INTEGER is 64
//! bits), so every number is bound and read as `i64`; flags are 0 or 1.

use deadpool_postgres::GenericClient;
use serde_json::Value;
use tash_kalar_rules::Seat;
use tokio_postgres::types::ToSql;

use super::{listed, parse_header, player_columns, SeatRow, Stored, Summary};
use crate::account::AccountId;
use crate::live::{Kind, LiveGame, StoredEntry};
use crate::site::{ChatLine, Extras, SpectatorLine};
use crate::store::{fenced, now_ms, Lease, Postgres, StoreError};

fn flag(b: bool) -> i64 {
    i64::from(b)
}

/// Writes a game's summary; the summary of a game over also settles its
/// ratings (`rating::settle_pg`, once per game), in the same transaction.
async fn update_summary(c: &impl GenericClient, id: &str, s: &Summary) -> Result<u64, StoreError> {
    let n = c
        .execute(
            "UPDATE games SET status = $2, version = $3, turn = $4, scores = $5, outcome = $6, updated = $7,
             clocks = COALESCE($8, clocks) WHERE id = $1",
            &[&id, &s.status, &i64::from(s.version), &i64::from(s.turn), &s.scores, &s.outcome, &now_ms(), &s.clocks],
        )
        .await?;
    if s.status == "over" {
        crate::rating::settle_pg(c, id).await?;
    }
    Ok(n)
}

async fn insert_entries(c: &impl GenericClient, id: &str, entries: &[StoredEntry]) -> Result<(), StoreError> {
    let stmt =
        c.prepare("INSERT INTO log (game_id, n, seat, kind, choice, at) VALUES ($1, $2, $3, $4, $5, $6)").await?;
    let at = now_ms();
    for e in entries {
        let seat = e.seat.map(i64::from);
        c.execute(&stmt, &[&id, &i64::from(e.n), &seat, &e.kind.name(), &e.choice, &at]).await?;
    }
    Ok(())
}

pub(super) async fn insert_game(p: &Postgres, g: &LiveGame, entries: &[StoredEntry]) -> Result<(), StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    tx.execute(
        "INSERT INTO games (id, form, created, updated, status, time_control, clocks, private, rematch_of, rated)
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9)",
        &[
            &g.id,
            &g.form.name(),
            &g.created,
            &g.status(),
            &g.extras.time_control.text(),
            &g.extras.clocks,
            &flag(g.extras.private),
            &g.extras.rematch_of,
            &flag(g.extras.rated),
        ],
    )
    .await?;
    for (i, s) in g.seats.iter().enumerate() {
        let (player, bot) = player_columns(&s.player);
        tx.execute(
            "INSERT INTO seats (game_id, seat, school, player, bot, name, token_hash, taken, open, account_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &g.id,
                &(i as i64),
                &s.school.name(),
                &player,
                &bot,
                &s.name,
                &s.token_hash.map(|h| h.to_vec()),
                &flag(s.taken),
                &flag(s.open),
                &s.account.map(|a| a.0),
            ],
        )
        .await?;
    }
    insert_entries(&tx, &g.id, entries).await?;
    update_summary(&tx, &g.id, &Summary::of(g)).await?;
    tx.commit().await?;
    Ok(())
}

/// A game's lease token, locked against a takeover (an UPDATE of the
/// row) until the transaction ends: the token checked is the token at
/// commit.
pub(super) const FENCE: &str = "SELECT token FROM leases WHERE game_id = $1 FOR SHARE";

/// Refuses the transaction's write unless `lease` (if any) is still its
/// game's: the lease row is locked until the transaction ends.
async fn fence(tx: &impl GenericClient, id: &str, lease: Option<&Lease>) -> Result<(), StoreError> {
    let Some(lease) = lease else { return Ok(()) };
    let row = tx.query_opt(FENCE, &[&id]).await?;
    if row.map(|r| r.get::<_, i64>(0)) != Some(lease.token) {
        return Err(fenced(lease));
    }
    Ok(())
}

pub(super) async fn append(
    p: &Postgres,
    id: &str,
    entries: &[StoredEntry],
    summary: &Summary,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    fence(&tx, id, lease).await?;
    insert_entries(&tx, id, entries).await?;
    update_summary(&tx, id, summary).await?;
    tx.commit().await?;
    Ok(())
}

pub(super) async fn take_seat(
    p: &Postgres,
    id: &str,
    seat: Seat,
    token_hash: Option<[u8; 32]>,
    summary: &Summary,
    holder: Option<(AccountId, String)>,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    fence(&tx, id, lease).await?;
    let seat = i64::from(seat);
    match token_hash {
        Some(h) => {
            tx.execute(
                "UPDATE seats SET taken = 1, token_hash = $3 WHERE game_id = $1 AND seat = $2",
                &[&id, &seat, &h.to_vec()],
            )
            .await?
        }
        None => tx.execute("UPDATE seats SET taken = 1 WHERE game_id = $1 AND seat = $2", &[&id, &seat]).await?,
    };
    if let Some((account, name)) = holder {
        set_seat_account(&tx, id, seat, account, &name).await?;
    }
    update_summary(&tx, id, summary).await?;
    tx.commit().await?;
    Ok(())
}

async fn set_seat_account(
    c: &impl GenericClient,
    id: &str,
    seat: i64,
    account: AccountId,
    name: &str,
) -> Result<(), StoreError> {
    c.execute(
        "UPDATE seats SET account_id = $3, name = COALESCE(name, $4) WHERE game_id = $1 AND seat = $2",
        &[&id, &seat, &account.0, &name],
    )
    .await?;
    Ok(())
}

pub(super) async fn seat_account(
    p: &Postgres,
    id: &str,
    seat: Seat,
    account: AccountId,
    name: &str,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    fence(&tx, id, lease).await?;
    set_seat_account(&tx, id, i64::from(seat), account, name).await?;
    tx.commit().await?;
    Ok(())
}

/// One statement of game `id`'s, in its own transaction fenced by `lease`.
async fn execute(
    p: &Postgres,
    id: &str,
    lease: Option<&Lease>,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<(), StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    fence(&tx, id, lease).await?;
    tx.execute(sql, params).await?;
    tx.commit().await?;
    Ok(())
}

pub(super) async fn insert_chat(
    p: &Postgres,
    id: &str,
    line: &ChatLine,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    execute(
        p,
        id,
        lease,
        "INSERT INTO chat (game_id, n, seat, text, at) VALUES ($1, $2, $3, $4, $5)",
        &[&id, &i64::from(line.n), &i64::from(line.seat), &line.text, &line.at],
    )
    .await
}

pub(super) async fn insert_spectator_chat(
    p: &Postgres,
    id: &str,
    line: &SpectatorLine,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    execute(
        p,
        id,
        lease,
        "INSERT INTO spectator_chat (game_id, n, account_id, text, at) VALUES ($1, $2, $3, $4, $5)",
        &[&id, &i64::from(line.n), &line.account, &line.text, &line.at],
    )
    .await
}

/// Links `rematch` unless the game has a link already; the link that
/// stands (the game's row is locked by the update, so two askers chain).
pub(super) async fn set_rematch(
    p: &Postgres,
    id: &str,
    rematch: &str,
    lease: Option<&Lease>,
) -> Result<String, StoreError> {
    let mut client = p.client().await?;
    let tx = client.transaction().await?;
    fence(&tx, id, lease).await?;
    tx.execute("UPDATE games SET rematch = $2 WHERE id = $1 AND rematch IS NULL", &[&id, &rematch]).await?;
    let stands: Option<String> =
        tx.query_opt("SELECT rematch FROM games WHERE id = $1", &[&id]).await?.and_then(|r| r.get(0));
    tx.commit().await?;
    Ok(stands.unwrap_or_else(|| rematch.to_string()))
}

pub(super) async fn seat_to_bot(
    p: &Postgres,
    id: &str,
    seat: Seat,
    bot: &str,
    lease: Option<&Lease>,
) -> Result<(), StoreError> {
    execute(
        p,
        id,
        lease,
        "UPDATE seats SET player = 'bot', bot = $3 WHERE game_id = $1 AND seat = $2",
        &[&id, &i64::from(seat), &bot],
    )
    .await
}

/// A number read back into a narrower type.
fn narrow<T: TryFrom<i64>>(id: &str, what: &str, v: i64) -> Result<T, StoreError> {
    T::try_from(v).map_err(|_| StoreError::BadRow(format!("game {id}: {what} {v} out of range")))
}

/// The rematch made of a game: its `rematch`, else the first game made
/// as its rematch (see migration 0004).
const REMATCH: &str =
    "COALESCE(rematch, (SELECT r.id FROM games r WHERE r.rematch_of = games.id ORDER BY r.created, r.id LIMIT 1))";

pub(super) async fn load(p: &Postgres, id: &str) -> Result<Option<Stored>, StoreError> {
    load_after(p, id, 0).await
}

/// [`load`] with only the log entries numbered above `after`.
pub(super) async fn load_after(p: &Postgres, id: &str, after: u32) -> Result<Option<Stored>, StoreError> {
    let mut client = p.client().await?;
    // one snapshot for the game's rows, as SQLite's reading connection has
    let tx = client
        .build_transaction()
        .read_only(true)
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .start()
        .await?;
    let Some(row) = tx
        .query_opt(
            &format!(
                "SELECT form, created, time_control, clocks, private, rematch_of, {REMATCH}, updated, rated
                 FROM games WHERE id = $1"
            ),
            &[&id],
        )
        .await?
    else {
        return Ok(None);
    };
    let (time_control, form) =
        parse_header(id, row.get::<_, &str>(2), row.get::<_, &str>(0)).map_err(StoreError::BadRow)?;
    let mut seats = Vec::new();
    for r in tx
        .query(
            "SELECT seat, school, player, bot, name, token_hash, taken, open, account_id
             FROM seats WHERE game_id = $1 ORDER BY seat",
            &[&id],
        )
        .await?
    {
        let row = SeatRow {
            seat: r.get(0),
            school: r.get(1),
            player: r.get(2),
            bot: r.get(3),
            name: r.get(4),
            token_hash: r.get(5),
            taken: r.get::<_, i64>(6) != 0,
            open: r.get::<_, i64>(7) != 0,
            account: r.get(8),
        };
        seats.push(row.seat_info(id, seats.len()).map_err(StoreError::BadRow)?);
    }
    let log = entries_after(&tx, id, after).await?;
    let mut chat = Vec::new();
    for r in tx.query("SELECT n, seat, text, at FROM chat WHERE game_id = $1 ORDER BY n", &[&id]).await? {
        chat.push(chat_line(id, &r)?);
    }
    let mut spectator_chat = Vec::new();
    for r in tx
        .query(
            "SELECT s.n, s.account_id, a.name, s.text, s.at FROM spectator_chat s
             LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = $1 ORDER BY s.n",
            &[&id],
        )
        .await?
    {
        spectator_chat.push(SpectatorLine {
            n: narrow(id, "line", r.get(0))?,
            account: r.get(1),
            name: r.get(2),
            text: r.get(3),
            at: r.get(4),
        });
    }
    tx.commit().await?;
    let extras = Extras {
        time_control,
        clocks: row.get(3),
        private: row.get::<_, i64>(4) != 0,
        rematch_of: row.get(5),
        rematch: row.get(6),
        chat,
        updated: row.get(7),
        rated: row.get::<_, i64>(8) != 0,
        spectator_chat,
    };
    Ok(Some(Stored { id: id.to_string(), form, created: row.get(1), seats, log, extras }))
}

fn chat_line(id: &str, r: &tokio_postgres::Row) -> Result<ChatLine, StoreError> {
    Ok(ChatLine { n: narrow(id, "line", r.get(0))?, seat: narrow(id, "seat", r.get(1))?, text: r.get(2), at: r.get(3) })
}

pub(super) async fn chat_page(
    p: &Postgres,
    id: &str,
    before: Option<u32>,
    limit: u32,
) -> Result<Option<Vec<ChatLine>>, StoreError> {
    let client = p.client().await?;
    if client.query_opt("SELECT 1 FROM games WHERE id = $1", &[&id]).await?.is_none() {
        return Ok(None);
    }
    let rows = client
        .query(
            "SELECT n, seat, text, at FROM chat WHERE game_id = $1 AND ($2::bigint IS NULL OR n < $2)
             ORDER BY n DESC LIMIT $3",
            &[&id, &before.map(i64::from), &i64::from(limit)],
        )
        .await?;
    let mut lines = rows.iter().map(|r| chat_line(id, r)).collect::<Result<Vec<_>, _>>()?;
    lines.reverse();
    Ok(Some(lines))
}

pub(super) async fn due(p: &Postgres, now: i64, stale_before: Option<i64>) -> Result<Vec<String>, StoreError> {
    let client = p.client().await?;
    // the clocks are JSON text (migration 0003): {"remaining":[ms ...],
    // "running":seat|null,"since":ms}
    let mut ids: Vec<String> = client
        .query(
            "SELECT id FROM games WHERE status <> 'over' AND clocks IS NOT NULL
               AND (clocks::jsonb ->> 'running') IS NOT NULL
               AND (clocks::jsonb ->> 'since')::numeric
                   + (clocks::jsonb -> 'remaining' ->> (clocks::jsonb ->> 'running')::int)::numeric <= $1::bigint
               AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id
                           AND seats.seat = (games.clocks::jsonb ->> 'running')::bigint AND seats.player = 'human')",
            &[&now],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    if let Some(before) = stale_before {
        let stale = client
            .query(
                "SELECT id FROM games WHERE status = 'playing' AND updated <= $1
                   AND (clocks IS NULL OR (clocks::jsonb ->> 'running') IS NULL)",
                &[&before],
            )
            .await?;
        ids.extend(stale.iter().map(|r| r.get::<_, String>(0)));
    }
    Ok(ids)
}

pub(super) async fn unfinished(p: &Postgres) -> Result<Vec<String>, StoreError> {
    let rows =
        p.client().await?.query("SELECT id FROM games WHERE status <> 'over' ORDER BY updated DESC", &[]).await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

pub(super) async fn list(
    p: &Postgres,
    status: Option<&str>,
    id: Option<&str>,
    limit: u32,
) -> Result<Vec<Value>, StoreError> {
    let client = p.client().await?;
    let rows = client
        .query(
            &format!(
                "SELECT id, form, status, version, turn, scores, outcome, created, updated,
                        time_control, private, rematch_of, rated, {REMATCH} FROM games
                 WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR id = $2)
                   AND ($2::text IS NOT NULL OR private = 0)
                 ORDER BY updated DESC LIMIT $3"
            ),
            &[&status, &id, &i64::from(limit)],
        )
        .await?;
    let seats = client
        .prepare("SELECT seat, school, player, bot, name, taken, open FROM seats WHERE game_id = $1 ORDER BY seat")
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let id: &str = r.get(0);
        let mut v = listed(
            id,
            r.get(1),
            r.get(2),
            r.get(3),
            r.get(4),
            r.get(5),
            r.get(6),
            r.get(7),
            r.get(8),
            r.get(9),
            r.get::<_, i64>(10) != 0,
            r.get(11),
            r.get::<_, i64>(12) != 0,
            r.get(13),
        );
        let seats: Vec<Value> = client
            .query(&seats, &[&id])
            .await?
            .iter()
            .map(|s| {
                serde_json::json!({
                    "seat": s.get::<_, i64>(0),
                    "school": s.get::<_, &str>(1),
                    "player": s.get::<_, &str>(2),
                    "bot": s.get::<_, Option<&str>>(3),
                    "name": s.get::<_, Option<&str>>(4),
                    "taken": s.get::<_, i64>(5) != 0,
                    "open": s.get::<_, i64>(6) != 0,
                })
            })
            .collect();
        v["seats"] = Value::Array(seats);
        out.push(v);
    }
    Ok(out)
}

pub(super) async fn log_after(p: &Postgres, id: &str, after: u32) -> Result<Vec<StoredEntry>, StoreError> {
    entries_after(&p.client().await?, id, after).await
}

/// The log entries numbered above `after`, read on `client` (a pooled
/// connection or a transaction's snapshot).
async fn entries_after(client: &impl GenericClient, id: &str, after: u32) -> Result<Vec<StoredEntry>, StoreError> {
    let mut log = Vec::new();
    for r in client
        .query(
            "SELECT n, seat, kind, choice FROM log WHERE game_id = $1 AND n > $2 ORDER BY n",
            &[&id, &i64::from(after)],
        )
        .await?
    {
        let n: u32 = narrow(id, "entry", r.get(0))?;
        let seat = r.get::<_, Option<i64>>(1).map(|s| narrow(id, "seat", s)).transpose()?;
        let kind: &str = r.get(2);
        let kind = Kind::parse(kind)
            .ok_or_else(|| StoreError::BadRow(format!("game {id}: entry {n}: unknown kind {kind:?}")))?;
        log.push(StoredEntry { n, seat, kind, choice: r.get(3) });
    }
    Ok(log)
}
