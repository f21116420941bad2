//! The driving role of a game's actor on a database shared by several
//! servers (`cluster`): the actor holds the game's lease, renews it every
//! third of its time, writes moves under it (a write after another
//! process took the game is fenced: nothing is stored), tells the
//! mirroring processes of each change it publishes (`tk_game`, and what
//! it shows beyond the stored game in `game_shown`), runs the commands
//! they relay (the inbox) and counts their connections (presence). A
//! renewal refused, a fenced write, or renewals failing for the lease's
//! whole time: the actor stops driving and mirrors the game
//! (`mirror.rs`). On SQLite the same code runs with the store's leases
//! in memory, which this one process always holds: nothing is notified,
//! and nothing renewed (no other process could take a game).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tash_kalar_rules::Seat;

use super::GameActor;
use crate::cluster::presence::Counts;
use crate::cluster::relay::{account_from, Answer, Refused, RelayedAction};
use crate::cluster::{Cluster, Heard, Relayed, Shown};
use crate::error::Error;
use crate::store::{Lease, StoreError};

/// Whether the actor drives its game or mirrors another process's.
pub(crate) enum Role {
    Driving { lease: Lease, renewed: Instant },
    Mirroring,
}

/// The actor's ties to the other processes.
pub(super) struct Ties {
    pub cluster: Arc<Cluster>,
    /// Driving: the published state last told to the mirrors (its `rev`),
    /// and what was last shown to them.
    told: u64,
    told_shown: Option<Shown>,
    /// Driving: the other processes' connections, as last read (already
    /// counted in the actor's `online` and `spectators`).
    pub remote: Counts,
    /// Mirroring: this process's connections, and what the driver shows.
    pub local: Counts,
    pub shown: Shown,
    /// Mirroring: the connections last written to `presence`.
    pub sent: Option<Counts>,
}

impl Ties {
    pub fn new(cluster: Arc<Cluster>, seats: usize) -> Ties {
        let none = Counts { seats: vec![0; seats], spectators: 0 };
        Ties {
            cluster,
            told: 0,
            told_shown: None,
            remote: none.clone(),
            local: none,
            shown: Shown::default(),
            sent: None,
        }
    }

    /// Driving anew: everything is told again.
    pub fn retell(&mut self) {
        self.told = 0;
        self.told_shown = None;
    }
}

impl GameActor {
    pub(super) fn driving(&self) -> bool {
        matches!(self.role, Role::Driving { .. })
    }

    /// The lease moves are written under (`None` on a mirror, which writes none).
    pub(super) fn lease(&self) -> Option<&Lease> {
        match &self.role {
            Role::Driving { lease, .. } => Some(lease),
            Role::Mirroring => None,
        }
    }

    /// How often the lease is renewed (driving) or the driver's lease is
    /// checked and this process's connections refreshed (mirroring).
    pub(super) fn tie_every(&self) -> Duration {
        (self.ties.cluster.ttl / 3).max(Duration::from_millis(50))
    }

    /// Driving: tells the mirrors of a state published since they were
    /// last told (what it shows, then `tk_game '<id> <version>'`).
    pub(super) async fn tell_mirrors(&mut self) {
        if !self.driving() || !self.ties.cluster.shared() {
            return;
        }
        let rev = self.snap.borrow().rev;
        if rev == self.ties.told {
            return;
        }
        self.ties.told = rev;
        let shown = Shown {
            online: self.online.clone(),
            manners: self.manners.shown(),
            claimable: self.claim_open.then(|| self.claimable_now()).flatten(),
        };
        if self.ties.told_shown.as_ref() != Some(&shown) {
            let Some(lease) = self.lease().cloned() else { return };
            if let Err(e) = self.ties.cluster.write_shown(&lease, &shown).await {
                tracing::warn!(game = %self.g.id, error = %e, "cannot write what the game shows");
                return self.refused_write(&e).await;
            }
            self.ties.told_shown = Some(shown);
        }
        let payload = format!("{} {}", self.g.id, self.g.version());
        self.ties.cluster.notify("tk_game", &payload).await;
    }

    /// Every [`GameActor::tie_every`]: the driver renews its lease and
    /// reads the other processes' connections again (their counts
    /// expire); a
    /// mirror checks whether the driver's lease ran out (`mirror.rs`).
    pub(super) async fn tie_tick(&mut self) {
        let Role::Driving { lease, renewed } = &self.role else {
            return self.mirror_tick().await;
        };
        let (lease, renewed) = (lease.clone(), *renewed);
        match self.ties.cluster.renew(&lease).await {
            Ok(()) => {
                self.role = Role::Driving { lease, renewed: Instant::now() };
            }
            Err(e @ StoreError::Fenced { .. }) => return self.lost_lease(&e).await,
            Err(e) if renewed.elapsed() >= self.ties.cluster.ttl => return self.lost_lease(&e).await,
            Err(e) => tracing::warn!(game = %self.g.id, error = %e, "cannot renew a lease; trying again"),
        }
        // (commands are heard of: `tk_inbox`, or a resync after notifications were lost)
        self.read_presence().await;
    }

    /// A notification for this game.
    pub(super) async fn heard(&mut self, heard: Heard) {
        if !self.ties.cluster.shared() {
            return;
        }
        match (self.driving(), heard) {
            (true, Heard::Inbox | Heard::Resync) => {
                self.read_presence().await;
                self.run_inbox().await;
            }
            // (its own change, or a mirror's relayed command that timed out)
            (true, Heard::Game | Heard::Unanswered) => {}
            (false, Heard::Unanswered) => self.mirror_tick().await,
            (false, Heard::Game) => self.refresh().await,
            (false, Heard::Resync) => self.rebuild().await,
            (false, Heard::Inbox) => {}
        }
    }

    /// Driving: the other processes' connections, added to this one's; a
    /// seat whose last connection anywhere went is away from now.
    pub(super) async fn read_presence(&mut self) {
        if !self.ties.cluster.shared() {
            return;
        }
        let seats = self.g.seats.len();
        let now = match self.ties.cluster.others_presence(&self.g.id, seats).await {
            Ok(c) => c,
            Err(e) => {
                return tracing::warn!(game = %self.g.id, error = %e, "cannot read the other servers' connections")
            }
        };
        if now == self.ties.remote {
            return;
        }
        let mut shown_changed = false;
        for s in 0..seats {
            let was = self.online[s];
            let is = (was + now.seats[s]).saturating_sub(self.ties.remote.seats[s]);
            self.online[s] = is;
            if was > 0 && is == 0 {
                self.offline_since[s] = crate::store::now_ms();
            }
            shown_changed |= (was > 0) != (is > 0);
        }
        self.spectators = (self.spectators + now.spectators).saturating_sub(self.ties.remote.spectators);
        self.ties.remote = now;
        self.touch();
        if shown_changed {
            self.publish();
        }
    }

    /// Driving: runs the commands the mirrors relayed, in order, and
    /// stores each answer.
    pub(super) async fn run_inbox(&mut self) {
        if !self.ties.cluster.shared() {
            return;
        }
        let rows = match self.ties.cluster.inbox(&self.g.id).await {
            Ok(rows) => rows,
            Err(e) => return tracing::warn!(game = %self.g.id, error = %e, "cannot read the relayed commands"),
        };
        for (id, cmd) in rows {
            // demoted meanwhile: the rest wait for the game's new driver
            if !self.driving() {
                break;
            }
            let answer = self.run_relayed(cmd).await;
            // (the change reaches the mirrors before the answer does)
            self.tell_mirrors().await;
            if let Err(e) = self.ties.cluster.answer(id, &answer).await {
                tracing::warn!(game = %self.g.id, error = %e, "cannot answer a relayed command");
            }
        }
    }

    /// A relayed command, run as this process's own connections' are.
    async fn run_relayed(&mut self, cmd: Relayed) -> Answer {
        let answer: Result<Value, Error> = match cmd {
            Relayed::Hello { token, account } => {
                let lang = tash_kalar_present::Lang::En;
                match self.hello(token, account_from(account), lang).await {
                    Ok(h) => {
                        // (the connection is the mirror's, counted by its presence)
                        self.unhello(h.seat, lang);
                        Ok(json!(h.seat))
                    }
                    Err(e) => Err(e),
                }
            }
            Relayed::Act { seat, claimed, version, action } => {
                self.act(seat, claimed, version, action.into()).await.map(|()| Value::Null)
            }
            Relayed::Join { seat, account } => {
                let r = self.join(seat, account_from(account)).await.map(Value::String);
                self.touch();
                r
            }
            Relayed::Chat { seat: None, text, account, addr, .. } => {
                self.spectator_chat(super::Author { account, addr }, text).await.map(|()| Value::Null)
            }
            Relayed::Chat { seat, claimed, text, .. } => self.chat(seat, claimed, text).await.map(|()| Value::Null),
            Relayed::RematchMade { made } => {
                self.rematch_made(made).await;
                Ok(Value::Null)
            }
        };
        answer.map_err(|e| Refused::of(&e))
    }

    /// Takes back the count of a hello made for another process's
    /// connection (without a change published).
    fn unhello(&mut self, seat: Option<Seat>, lang: tash_kalar_present::Lang) {
        let class = seat.map_or(self.g.seats.len(), |s| s as usize);
        if let Some(n) = self.langs.get_mut(class).map(|l| &mut l[crate::words::index(lang)]) {
            *n = n.saturating_sub(1);
        }
        match seat {
            Some(s) => self.online[s as usize] = self.online[s as usize].saturating_sub(1),
            None => self.spectators = self.spectators.saturating_sub(1),
        }
    }

    /// The lease is lost (`e`: fenced, or renewals failed for its whole
    /// time): the game is another process's to drive; this one mirrors it
    /// from the database, keeping its connections.
    pub(super) async fn lost_lease(&mut self, e: &StoreError) {
        tracing::warn!(game = %self.g.id, node = %self.ties.cluster.node, error = %e, "lease lost: mirroring the game");
        let seats = self.g.seats.len();
        let remote = &self.ties.remote;
        self.ties.local = Counts {
            seats: (0..seats).map(|s| self.online[s].saturating_sub(remote.seats[s])).collect(),
            spectators: self.spectators.saturating_sub(remote.spectators),
        };
        self.ties.remote = Counts { seats: vec![0; seats], spectators: 0 };
        self.ties.sent = None;
        self.role = Role::Mirroring;
        self.bots.iter_mut().for_each(|b| *b = None);
        self.thinking.send_replace(None);
        self.rebuild().await;
        self.send_presence().await;
    }

    /// After a write the store refused: a fenced one (another process
    /// drives the game now) turns this driver into a mirror.
    pub(super) async fn refused_write(&mut self, e: &StoreError) {
        if matches!(e, StoreError::Fenced { .. }) {
            self.lost_lease(e).await;
        }
    }

    /// The game leaves memory: its lease is given up (another process may
    /// take it at once), or this process's connections are no longer counted.
    /// (Once: then the actor mirrors nothing and holds nothing.)
    pub(super) async fn let_go(&mut self) {
        if let Role::Driving { lease, .. } = &self.role {
            self.ties.cluster.release(lease).await;
            self.role = Role::Mirroring;
        }
        self.ties.local = Counts { seats: vec![0; self.g.seats.len()], spectators: 0 };
        self.send_presence().await;
    }
}

/// [`super::Action`] as relayed, and back.
impl From<&super::Action> for RelayedAction {
    fn from(a: &super::Action) -> RelayedAction {
        match a {
            super::Action::Choose(c) => RelayedAction::Choose { choice: c.clone() },
            super::Action::Undo => RelayedAction::Undo,
            super::Action::Resign => RelayedAction::Resign,
            super::Action::Abort => RelayedAction::Abort,
            super::Action::Claim(k) => RelayedAction::Claim { win: *k == crate::wire::ClaimKind::Win },
            super::Action::Leave => RelayedAction::Leave,
            super::Action::TakebackOffer => RelayedAction::TakebackOffer,
            super::Action::TakebackAnswer { accept } => RelayedAction::TakebackAnswer { accept: *accept },
        }
    }
}

impl From<RelayedAction> for super::Action {
    fn from(a: RelayedAction) -> super::Action {
        match a {
            RelayedAction::Choose { choice } => super::Action::Choose(choice),
            RelayedAction::Undo => super::Action::Undo,
            RelayedAction::Resign => super::Action::Resign,
            RelayedAction::Abort => super::Action::Abort,
            RelayedAction::Claim { win } => {
                super::Action::Claim(if win { crate::wire::ClaimKind::Win } else { crate::wire::ClaimKind::Draw })
            }
            RelayedAction::Leave => super::Action::Leave,
            RelayedAction::TakebackOffer => super::Action::TakebackOffer,
            RelayedAction::TakebackAnswer { accept } => super::Action::TakebackAnswer { accept },
        }
    }
}
