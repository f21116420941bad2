//! Blocks between accounts (table `blocks`, migration 0008): a player
//! blocks another by name; from then on neither may challenge the other,
//! their seeks never pair, and they cannot chat ([`blocks`], which the
//! chat reads). Blocking is silent: the blocked player is not told.

use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::Json;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};

use super::{decode, BLOCKS_PER_ACCOUNT};
use crate::account::{Account, AccountId, Visitor};
use crate::error::Error;
use crate::state::AppState;

/// Whether `a` blocks `b` or `b` blocks `a`: then they are never paired,
/// cannot challenge each other, and cannot chat. (SQLite's query; the
/// routes ask [`crate::store::Store::blocks_between`], of either store.)
pub(crate) fn blocks(c: &Connection, a: AccountId, b: AccountId) -> rusqlite::Result<bool> {
    c.query_row(
        "SELECT EXISTS (SELECT 1 FROM blocks WHERE (account_id = ?1 AND blocked_id = ?2)
                                                OR (account_id = ?2 AND blocked_id = ?1))",
        params![a.0, b.0],
        |r| r.get(0),
    )
}

/// The accounts that `a` blocks or that block `a`.
pub(crate) fn blocked_either_way(c: &Connection, a: AccountId) -> rusqlite::Result<Vec<AccountId>> {
    let mut stmt = c.prepare_cached(
        "SELECT blocked_id FROM blocks WHERE account_id = ?1 UNION SELECT account_id FROM blocks WHERE blocked_id = ?1",
    )?;
    let ids = stmt.query_map([a.0], |r| r.get(0).map(AccountId))?.collect();
    ids
}

/// The live account of this name (as typed, or in any case or compatible
/// form: its NFKC, case-folded key), if there is one.
pub(crate) fn account_named(c: &Connection, name: &str) -> rusqlite::Result<Option<Account>> {
    // the exact name first; else the one whose key is the name's
    c.query_row(
        "SELECT id, name FROM accounts WHERE deleted IS NULL AND name IS NOT NULL
           AND (name = ?1 OR key = ?2)
         ORDER BY name = ?1 DESC LIMIT 1",
        [name, &crate::account::name_key(name)],
        |r| Ok(Account { id: AccountId(r.get(0)?), name: r.get(1)? }),
    )
    .optional()
}

fn signed_in(visitor: Visitor) -> Result<Account, Error> {
    visitor.account().cloned().ok_or(Error::SignInRequired)
}

/// What a block request is about: the signed-in blocker and the named
/// account (not the blocker).
async fn parties(state: &AppState, visitor: Visitor, name: &str) -> Result<(Account, Account), Error> {
    let me = signed_in(visitor)?;
    let name = decode::player_name(name).map_err(|why| Error::BadRequest { why })?;
    let them = state.store().account_named(&name).await.map_err(Error::internal)?.ok_or(Error::NoSuchPlayer)?;
    if them.id == me.id {
        return Err(Error::OwnName);
    }
    Ok((me, them))
}

/// `POST /api/blocks/{name}`: the signed-in player blocks `name` (`200`,
/// also when already blocked). Counted against the address's allowance of
/// joins (a small act that writes a row); at most [`BLOCKS_PER_ACCOUNT`].
pub(super) async fn block(
    State(state): State<AppState>,
    visitor: Visitor,
    peer: Option<ConnectInfo<SocketAddr>>,
    Path(name): Path<String>,
) -> Result<Json<Value>, Error> {
    let (me, them) = parties(&state, visitor, &name).await?;
    if let Some(ConnectInfo(peer)) = peer {
        state
            .join_limiter()
            .take(peer.ip(), Instant::now())
            .map_err(|wait| Error::TooFast { secs: wait.as_secs_f64().ceil().max(1.0) as u64 })?;
    }
    let added = state.store().add_block(me.id, them.id, BLOCKS_PER_ACCOUNT).await.map_err(Error::internal)?;
    if !added {
        return Err(Error::TooManyBlocks { blocks: BLOCKS_PER_ACCOUNT });
    }
    // the challenges between them are withdrawn
    super::challenges::withdraw_between(&state, me.id, them.id);
    Ok(Json(json!({"blocked": them.name})))
}

/// `DELETE /api/blocks/{name}`: lifts a block (`204`, also when there was none).
pub(super) async fn unblock(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(name): Path<String>,
) -> Result<StatusCode, Error> {
    let (me, them) = parties(&state, visitor, &name).await?;
    state.store().remove_block(me.id, them.id).await.map_err(Error::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/blocks`: the names the signed-in player blocks.
pub(super) async fn list(State(state): State<AppState>, visitor: Visitor) -> Result<Json<Value>, Error> {
    let me = signed_in(visitor)?.id;
    let names = state.store().blocked_names(me).await.map_err(Error::internal)?;
    Ok(Json(json!({ "blocked": names })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_works_both_ways_and_names_are_found_in_any_case() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch(include_str!("../../migrations/0001_games.sql")).unwrap();
        for m in [
            include_str!("../../migrations/0002_open_seats.sql"),
            include_str!("../../migrations/0003_clocks_chat_private.sql"),
            include_str!("../../migrations/0004_rematch_links.sql"),
            include_str!("../../migrations/0005_accounts.sql"),
            include_str!("../../migrations/0008_pairing.sql"),
        ] {
            c.execute_batch(m).unwrap();
        }
        for (id, name) in [(1, "Ana"), (2, "Bo"), (3, "Cy"), (4, "Straße")] {
            c.execute(
                "INSERT INTO accounts (id, name, key, hash, created) VALUES (?1, ?2, ?3, 'x', 0)",
                params![id, name, crate::account::name_key(name)],
            )
            .unwrap();
        }
        c.execute("INSERT INTO blocks VALUES (1, 2, 0)", []).unwrap();
        assert!(blocks(&c, AccountId(1), AccountId(2)).unwrap());
        assert!(blocks(&c, AccountId(2), AccountId(1)).unwrap());
        assert!(!blocks(&c, AccountId(1), AccountId(3)).unwrap());
        assert_eq!(blocked_either_way(&c, AccountId(2)).unwrap(), [AccountId(1)]);
        assert_eq!(account_named(&c, "ana").unwrap().map(|a| a.name), Some("Ana".into()));
        assert_eq!(account_named(&c, "Nobody").unwrap(), None);
        assert_eq!(account_named(&c, "STRASSE").unwrap().map(|a| a.name), Some("Straße".into()));
    }
}
