//! Presence and what the driver shows: the connections each mirroring
//! process holds to a game (table `presence`), which the driver adds to
//! its own; and what the driver holds in memory only yet shows to players
//! (table `game_shown`: who is online, an open take-back request, the
//! seat that may be claimed against), which mirrors show the same. A
//! presence row not refreshed within the lease's time is a stopped
//! process's and counts for nothing.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tash_kalar_rules::Seat;

use super::Cluster;
use crate::store::{StoreError, NOW_MS};

/// What a game's driver shows beyond the stored game. No secrets: it is
/// shown to every player anyway.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Shown {
    /// Connections per seat, on every process.
    pub online: Vec<u32>,
    /// The take-back request open and the last declined (`actor/manners.rs`).
    pub manners: Value,
    /// The seat away on its turn that may be claimed against now.
    pub claimable: Option<Seat>,
}

/// Connections per seat and spectators.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub seats: Vec<u32>,
    pub spectators: u32,
}

impl Cluster {
    /// Writes this process's connections to `game` (none: the row goes),
    /// valid for the lease's time.
    pub async fn write_presence(&self, game: &str, counts: &Counts) -> Result<(), StoreError> {
        let client = self.pg()?.client().await?;
        if counts.seats.iter().all(|&n| n == 0) && counts.spectators == 0 {
            client.execute("DELETE FROM presence WHERE game_id = $1 AND node = $2", &[&game, &self.node]).await?;
            return Ok(());
        }
        let seats: Vec<i32> = counts.seats.iter().map(|&n| n.min(i32::MAX as u32) as i32).collect();
        let spectators = counts.spectators.min(i32::MAX as u32) as i32;
        let ttl = self.ttl.as_millis().min(i64::MAX as u128 / 2) as i64;
        client
            .execute(
                &format!(
                    "INSERT INTO presence (game_id, node, seats, spectators, expires) VALUES ($1, $2, $3, $4, {NOW_MS} + $5)
                     ON CONFLICT (game_id, node) DO UPDATE SET
                         seats = EXCLUDED.seats, spectators = EXCLUDED.spectators, expires = EXCLUDED.expires"
                ),
                &[&game, &self.node, &seats, &spectators, &ttl],
            )
            .await?;
        Ok(())
    }

    /// The other processes' connections to `game` (`seats` seats), those
    /// refreshed in time.
    pub async fn others_presence(&self, game: &str, seats: usize) -> Result<Counts, StoreError> {
        let client = self.pg()?.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT seats, spectators FROM presence WHERE game_id = $1 AND node <> $2 AND expires > {NOW_MS}"
                ),
                &[&game, &self.node],
            )
            .await?;
        let mut counts = Counts { seats: vec![0; seats], spectators: 0 };
        for r in rows {
            let s: Vec<i32> = r.get(0);
            for (total, n) in counts.seats.iter_mut().zip(s) {
                *total += n.max(0) as u32;
            }
            counts.spectators += r.get::<_, i32>(1).max(0) as u32;
        }
        Ok(counts)
    }

    /// Writes what `game`'s driver shows.
    pub async fn write_shown(&self, game: &str, shown: &Shown) -> Result<(), StoreError> {
        let json = serde_json::to_string(shown).map_err(|e| StoreError::Task(e.to_string()))?;
        let client = self.pg()?.client().await?;
        client
            .execute(
                "INSERT INTO game_shown (game_id, node, shown) VALUES ($1, $2, $3::text::jsonb)
                 ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, shown = EXCLUDED.shown",
                &[&game, &self.node, &json],
            )
            .await?;
        Ok(())
    }

    /// What `game`'s driver shows, if it has said.
    pub async fn read_shown(&self, game: &str) -> Result<Option<Shown>, StoreError> {
        let client = self.pg()?.client().await?;
        let row = client.query_opt("SELECT shown::text FROM game_shown WHERE game_id = $1", &[&game]).await?;
        row.map(|r| {
            serde_json::from_str(&r.get::<_, String>(0)).map_err(|e| StoreError::BadRow(format!("game_shown: {e}")))
        })
        .transpose()
    }
}
