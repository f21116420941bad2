//! Analyses of finished games: `POST /api/games/{id}/analysis` starts
//! one, `GET` reads it (its progress while it runs: the positions done
//! and the search's iterations in the one under way, then every choice's
//! chance to win, the chances turn by turn and the mistakes, worded in the
//! reader's language). The search is `tash_kalar_bots::analysis`; each
//! position is one job on the bot pool, in turn with the live games' bots
//! (which therefore keep their pace), at the server's budget of
//! iterations a position.
//!
//! An analysis is costly, so it is bounded three ways: one running at a
//! time per address, `Config::analyses` running at once on the server,
//! and the finished ones kept in memory up to [`KEPT`] (the oldest
//! dropped), worded once per language when they finish.
//!
//! This module is the registry the app's state holds (low in the layers),
//! and where a branched game's link is read (`branch_of`); `routes` has
//! the analyses' handlers, `branch` the branches' (`POST /api/games/{id}/branch`),
//! `store` the link's write on either store.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use axum::body::Bytes;
use rusqlite::{Connection, OptionalExtension};
use serde_json::{json, Value};
use tash_kalar_bots::mcts::Progress;

pub(crate) mod branch;
pub(crate) mod routes;
mod store;

/// Finished analyses kept in memory.
pub const KEPT: usize = 32;

/// Where one game's analysis stands.
pub(crate) enum Entry {
    Running {
        done: usize,
        total: usize,
        by: IpAddr,
        /// The iterations of the search of the position under way.
        iterations: Progress,
    },
    /// The answer's JSON in each language ([`Lang::ALL`]'s order).
    Done {
        worded: Vec<Bytes>,
        finished: u64,
    },
    Failed,
}

/// Every analysis running or kept.
#[derive(Default)]
pub struct Analyses {
    entries: Mutex<HashMap<String, Entry>>,
}

impl Analyses {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes room for one more finished analysis: the oldest go.
    pub(crate) fn trim(entries: &mut HashMap<String, Entry>) {
        loop {
            let done: Vec<(&String, u64)> = entries
                .iter()
                .filter_map(|(k, e)| match e {
                    Entry::Done { finished, .. } => Some((k, *finished)),
                    _ => None,
                })
                .collect();
            if done.len() < KEPT {
                return;
            }
            let Some(oldest) = done.iter().min_by_key(|(_, t)| *t).map(|(k, _)| (*k).clone()) else { return };
            entries.remove(&oldest);
        }
    }
}

/// The game this one was branched from, and at which step.
pub(crate) fn branch_of(c: &Connection, id: &str) -> rusqlite::Result<Option<(String, u32)>> {
    c.query_row("SELECT source, at FROM branches WHERE game_id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).optional()
}

/// `branch_of` as the summary and the answer carry it.
pub(crate) fn branch_json(b: Option<(String, u32)>) -> Value {
    b.map_or(Value::Null, |(game, at)| json!({"game": game, "at": at}))
}
