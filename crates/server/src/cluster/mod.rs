//! Several servers on one PostgreSQL database (issue 27): each live game
//! is driven by the one process holding its lease (`actor/lease.rs`);
//! any other process with connections to it mirrors it (`actor/mirror.rs`),
//! rebuilding it from the database whenever the driver says it changed,
//! and passing its connections' commands to the driver through the inbox
//! ([`relay`]); the driver counts every process's connections
//! ([`presence`]).
//!
//! One task per process ([`Cluster::start_router`]) hears the database's
//! notifications (`store::listen`) and hands each to the game it names:
//! `tk_game` and `tk_inbox` to the game's actor, `tk_reply` to the caller
//! waiting for that relayed command's answer. A notification is only a
//! hint: whoever hears one reads the rows, and a [`Heard::Resync`] makes
//! every live game read again. On SQLite (one process) nothing is
//! notified and every lease is this process's.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::actor::{Command, Registry};
use crate::store::listen::Heard as Note;
use crate::store::{Lease, Store, StoreError};

pub(crate) mod presence;
pub(crate) mod relay;

pub(crate) use presence::Shown;
pub(crate) use relay::Relayed;

/// What a game's actor is told it should read again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// The driver stored and published a change (mirrors rebuild).
    Game,
    /// A command or a count of connections waits for the driver.
    Inbox,
    /// Notifications may have been missed: read everything again.
    Resync,
    /// A command relayed from this process got no answer in time: is the
    /// driver's lease still running?
    Unanswered,
}

/// This process among those sharing the database.
pub(crate) struct Cluster {
    /// The lease holder's name (`Config::node`).
    pub node: String,
    /// How long a lease lasts unrenewed (`Config::lease_ttl`).
    pub ttl: Duration,
    store: Store,
    /// A test's hook: renewals are skipped, so the leases run out.
    paused: AtomicBool,
    /// The relayed commands this process waits for, by row id.
    waiting: std::sync::Mutex<HashMap<i64, Arc<Notify>>>,
}

impl Cluster {
    pub fn new(node: String, ttl: Duration, store: Store) -> Arc<Cluster> {
        Arc::new(Cluster { node, ttl, store, paused: AtomicBool::new(false), waiting: Default::default() })
    }

    /// Whether other processes may share the database (PostgreSQL).
    pub fn shared(&self) -> bool {
        matches!(self.store, Store::Postgres(_))
    }

    /// Takes `game`'s lease for this process: `None` while another live
    /// process holds it.
    pub async fn take(&self, game: &str) -> Result<Option<Lease>, StoreError> {
        if self.paused.load(Ordering::Relaxed) {
            return Ok(None);
        }
        self.store.take_lease(game, &self.node, self.ttl).await
    }

    /// Renews a lease ([`StoreError::Fenced`] once another process has the
    /// game); paused, it does nothing (the lease runs out).
    pub async fn renew(&self, lease: &Lease) -> Result<(), StoreError> {
        if self.paused.load(Ordering::Relaxed) {
            return Ok(());
        }
        self.store.renew_lease(lease, self.ttl).await
    }

    pub async fn release(&self, lease: &Lease) {
        if self.paused.load(Ordering::Relaxed) {
            return;
        }
        if let Err(e) = self.store.release_lease(lease).await {
            tracing::warn!(game = %lease.game, error = %e, "cannot release a lease");
        }
    }

    /// Stops (or starts again) renewing and taking leases: a test's
    /// stand-in for a process that hangs.
    pub fn pause_leases(&self, paused: bool) {
        self.paused.store(paused, Ordering::Relaxed);
    }

    /// Sends a notification to the other processes (none on SQLite); a
    /// failure is logged: the others read again on their next resync.
    pub async fn notify(&self, channel: &str, payload: &str) {
        if let Store::Postgres(p) = &self.store {
            if let Err(e) = p.notify(channel, payload).await {
                tracing::warn!(channel, error = %e, "cannot notify the other servers");
            }
        }
    }

    /// Starts the task that hands the notifications heard to the games of
    /// `registry` and to the callers waiting for answers (PostgreSQL only).
    pub fn start_router(self: &Arc<Self>, registry: &Registry) {
        let Store::Postgres(p) = &self.store else { return };
        let mut sub = p.listener().subscribe();
        let cluster = Arc::downgrade(self);
        let games = Arc::downgrade(registry);
        tokio::spawn(async move {
            while let Some(note) = sub.next().await {
                let (Some(cluster), Some(games)) = (cluster.upgrade(), games.upgrade()) else { break };
                cluster.route(note, &games).await;
            }
        });
    }

    async fn route(&self, note: Note, games: &Registry) {
        let (id, heard) = match &note {
            Note::Note { channel, payload } if channel == "tk_reply" => {
                if let Ok(id) = payload.parse::<i64>() {
                    self.wake(Some(id));
                }
                return;
            }
            Note::Note { channel, payload } if channel == "tk_game" => {
                (payload.split(' ').next().unwrap_or_default().to_string(), Heard::Game)
            }
            Note::Note { channel, payload } if channel == "tk_inbox" => (payload.clone(), Heard::Inbox),
            Note::Note { .. } => return,
            Note::Resync => {
                self.wake(None);
                let all: Vec<_> = games.lock().await.values().map(|l| l.tx.clone()).collect();
                for tx in all {
                    let _ = tx.send(Command::Cluster(Heard::Resync)).await;
                }
                return;
            }
        };
        let tx = games.lock().await.get(&id).map(|l| l.tx.clone());
        if let Some(tx) = tx {
            // (a full queue is waited for: a change heard must reach the game)
            let _ = tx.send(Command::Cluster(heard)).await;
        }
    }

    /// Wakes the caller waiting for relayed command `id` (all, for `None`).
    fn wake(&self, id: Option<i64>) {
        let waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        match id {
            Some(id) => waiting.get(&id).into_iter().for_each(|n| n.notify_one()),
            None => waiting.values().for_each(|n| n.notify_one()),
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }
}
