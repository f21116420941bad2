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
use crate::store::{Lease, StoreError, NOW_MS};

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

    /// Writes what `game`'s driver shows, while `lease` is still the
    /// game's ([`StoreError::Fenced`] otherwise, nothing written).
    pub async fn write_shown(&self, lease: &Lease, shown: &Shown) -> Result<(), StoreError> {
        let json = serde_json::to_string(shown).map_err(|e| StoreError::Task(e.to_string()))?;
        let client = self.pg()?.client().await?;
        let written = client
            .execute(
                "INSERT INTO game_shown (game_id, node, shown)
                 SELECT $1, $2, $3::text::jsonb FROM leases WHERE game_id = $1 AND token = $4
                 ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node, shown = EXCLUDED.shown",
                &[&lease.game, &self.node, &json, &lease.token],
            )
            .await?;
        if written == 0 {
            return Err(crate::store::fenced(lease));
        }
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::store::Store;

    #[tokio::test]
    async fn presence_counts_until_its_time_runs_out_or_it_is_taken_back() {
        let Some(pg) = tash_kalar_testkit::pg::TempPostgres::for_tests() else { return };
        let url = pg.database("presence").unwrap();
        let ttl = Duration::from_millis(400);
        let mirror = Cluster::new("m".into(), ttl, Store::open_postgres(&url).await.unwrap());
        let driver = Cluster::new("d".into(), ttl, Store::open_postgres(&url).await.unwrap());
        let counts = Counts { seats: vec![1, 2], spectators: 3 };
        mirror.write_presence("g", &counts).await.unwrap();
        assert_eq!(driver.others_presence("g", 2).await.unwrap(), counts);
        // a process's own row is not "another's", and other games are apart
        assert_eq!(mirror.others_presence("g", 2).await.unwrap(), Counts { seats: vec![0, 0], spectators: 0 });
        assert_eq!(driver.others_presence("h", 2).await.unwrap().spectators, 0);
        // not refreshed within the lease's time: a stopped process's, worth nothing
        tokio::time::sleep(ttl + Duration::from_millis(200)).await;
        assert_eq!(driver.others_presence("g", 2).await.unwrap(), Counts { seats: vec![0, 0], spectators: 0 });
        // refreshed, it counts again; taken back (no connections), it is gone
        mirror.write_presence("g", &counts).await.unwrap();
        assert_eq!(driver.others_presence("g", 2).await.unwrap(), counts);
        mirror.write_presence("g", &Counts { seats: vec![0, 0], spectators: 0 }).await.unwrap();
        assert_eq!(driver.others_presence("g", 2).await.unwrap(), Counts { seats: vec![0, 0], spectators: 0 });
    }

    #[tokio::test]
    async fn what_a_driver_shows_is_fenced_by_its_lease() {
        let Some(pg) = tash_kalar_testkit::pg::TempPostgres::for_tests() else { return };
        let url = pg.database("shown").unwrap();
        let cluster = Cluster::new("d".into(), Duration::from_secs(1), Store::open_postgres(&url).await.unwrap());
        let stale = Lease { game: "g".into(), holder: "d".into(), token: 4 };
        let shown = Shown { online: vec![1, 0], manners: Value::Null, claimable: None };
        let refused = cluster.write_shown(&stale, &shown).await;
        assert!(matches!(refused, Err(StoreError::Fenced { ref game, token: 4 }) if game == "g"), "{refused:?}");
        assert_eq!(cluster.read_shown("g").await.unwrap(), None, "nothing written");
    }
}
