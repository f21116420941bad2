//! The mirroring role of a game's actor: another live process holds the
//! game's lease and drives it (`lease.rs`); this one has connections to
//! it. On each change the driver announces (`tk_game`), and on a resync,
//! the mirror reads the game from the database (its clocks, chats,
//! rematch link, and only the log entries after the version it holds,
//! which it applies to its copy: `follow`; the whole game replayed on a
//! resync, a gap, or a changed seat's name or player) and what the driver shows
//! beyond it (who is online, an open take-back request, the seat that may
//! be claimed against), and publishes it to its own connections through
//! the same snapshot and delta code: versions stay the game's. A bot's
//! thinking progress stays the driver's.
//!
//! Its connections' commands that change the game go to the driver
//! through the inbox (`cluster::relay`), each answered with the driver's
//! own result; a choice is first checked on the mirror's copy of the game
//! at the same position, so a refusal of the rules is the mirror's to
//! give (the same one). Its connections are counted in `presence`,
//! refreshed every third of the lease's time. When the driver's lease
//! runs out (checked as often, and whenever a relayed command is not
//! answered in time), the mirror takes it and drives the game from the
//! database, its clocks charged by the restart rule as on a reload.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;
use tash_kalar_rules::{Actor, Choice, ChoiceTextError, Seat};
use tokio::sync::oneshot;

use super::clocks::to_move;
use super::lease::Role;
use super::{driver, Action, Command, GameActor, Registry};
use crate::account::Account;
use crate::clock::Clocks;
use crate::cluster::presence::Counts;
use crate::cluster::relay::{account_of, Answer};
use crate::cluster::{Heard, Relayed};
use crate::error::Error;
use crate::live::{Kind, LiveGame, Player};
use crate::store::Lease;

impl GameActor {
    /// A mirror's answer to a command of its own connections.
    pub(super) async fn mirror_handle(&mut self, cmd: Command) {
        match cmd {
            Command::Hello { token, account, lang, reply } => {
                let r = self.mirror_hello(token, account, lang).await;
                if let Ok(h) = &r {
                    match h.seat {
                        Some(s) => self.ties.local.seats[s as usize] += 1,
                        None => self.ties.local.spectators += 1,
                    }
                }
                self.counted().await;
                let _ = reply.send(r);
            }
            Command::Leave { seat, lang } => {
                self.leave(seat, lang);
                let local = &mut self.ties.local;
                match seat {
                    Some(s) => local.seats[s as usize] = local.seats[s as usize].saturating_sub(1),
                    None => local.spectators = local.spectators.saturating_sub(1),
                }
                self.counted().await;
            }
            Command::Act { seat, claimed, version, action, reply } => {
                if let Some(e) = self.precheck(seat, claimed, version, &action) {
                    let _ = reply.send(Err(e));
                    return;
                }
                let cmd = Relayed::Act { seat, claimed, version, action: (&action).into() };
                self.relay(cmd, reply, |_| ());
            }
            Command::Join { seat, account, reply } => {
                let cmd = Relayed::Join { seat, account: account_of(&account) };
                self.relay(cmd, reply, |v| v.as_str().unwrap_or_default().to_string());
            }
            Command::Chat { seat, claimed, text, author, reply } => {
                if let Some(s) = seat {
                    if let Some(c) = claimed.filter(|&c| c != s) {
                        let _ = reply.send(Err(Error::NotYourSeat { seat: c as usize + 1 }));
                        return;
                    }
                }
                if let Err(why) = crate::site::check_chat(&text) {
                    let _ = reply.send(Err(Error::BadChat { why }));
                    return;
                }
                let cmd = Relayed::Chat { seat, claimed, text, account: author.account, addr: author.addr };
                self.relay(cmd, reply, |_| ());
            }
            // (the plan reads the stored game only; the link made is the driver's to write)
            Command::Rematch { token, account, reply } => {
                let _ = reply.send(self.rematch(token.as_deref(), account));
            }
            Command::RematchMade { made } => {
                self.rematch_pending = false;
                let (reply, _) = oneshot::channel();
                self.relay(Relayed::RematchMade { made }, reply, |_| ());
            }
            Command::Cluster(heard) => self.heard(heard).await,
            Command::Unload { reply, .. } => {
                let _ = reply.send(false);
            }
        }
    }

    /// A hello: one that would write (a seat's first, marking it taken, or
    /// giving it to the signed-in account) is made by the driver first.
    async fn mirror_hello(
        &mut self,
        token: Option<String>,
        account: Option<Account>,
        lang: tash_kalar_present::Lang,
    ) -> Result<super::Hello, Error> {
        let writes = {
            let seat = match (&token, &account) {
                (Some(t), _) => {
                    let hash = super::token_hash(t);
                    self.g.seats.iter().find(|s| s.token_hash == Some(hash))
                }
                (None, Some(a)) => self.g.seats.iter().find(|s| s.account == Some(a.id)),
                (None, None) => None,
            };
            seat.is_some_and(|s| !s.taken || (s.account.is_none() && account.is_some()))
        };
        if writes {
            let cmd = Relayed::Hello { token: token.clone(), account: account_of(&account) };
            match self.ties.cluster.relay(&self.g.id, &cmd, self.relay_wait()).await {
                Ok(Ok(_)) => self.refresh().await,
                Ok(Err(refused)) => return Err(refused.error()),
                Err(e) => return Err(e.unwrap_or_else(crate::cluster::relay::unanswered)),
            }
        }
        self.hello(token, account, lang).await
    }

    /// How long a relayed command waits for its answer: long enough for
    /// a dead driver's lease to run out and this process to take over.
    fn relay_wait(&self) -> Duration {
        self.ties.cluster.ttl * 2 + Duration::from_secs(1)
    }

    /// Relays `cmd` from a task of its own (the mirror goes on following
    /// the game meanwhile); `ok` reads the driver's answer.
    fn relay<T: Send + 'static>(
        &self,
        cmd: Relayed,
        reply: oneshot::Sender<Result<T, Error>>,
        ok: impl FnOnce(serde_json::Value) -> T + Send + 'static,
    ) {
        let cluster = self.ties.cluster.clone();
        let registry = self.registry.clone();
        let id = self.g.id.clone();
        let wait = self.relay_wait();
        tokio::spawn(async move {
            let answer: Result<Answer, Option<Error>> = cluster.relay(&id, &cmd, wait).await;
            let r = match answer {
                Ok(Ok(v)) => Ok(ok(v)),
                Ok(Err(refused)) => Err(refused.error()),
                Err(e) => {
                    if e.is_none() {
                        tracing::warn!(game = %id, "a relayed command got no answer: checking the driver's lease");
                        unanswered(&registry, &id).await;
                    }
                    Err(e.unwrap_or_else(crate::cluster::relay::unanswered))
                }
            };
            let _ = reply.send(r);
        });
    }

    /// What the driver would refuse at once, checked here: the seat, the
    /// version, and a choice on this copy of the game when the message is
    /// at its version (the same position: the same refusal).
    fn precheck(
        &self,
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: &Action,
    ) -> Option<Error> {
        let Some(seat) = seat else { return Some(Error::SpectatorCannotPlay) };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Some(Error::NotYourSeat { seat: c as usize + 1 });
        }
        if matches!(self.g.seats[seat as usize].player, Player::Bot(_)) {
            return Some(Error::TimeRanOut);
        }
        let current = self.g.version();
        match (version, action) {
            // (the driver is at this version or past it)
            (Some(v), _) if v < current => Some(Error::StaleVersion { version: v, current }),
            (
                None,
                Action::Choose(_) | Action::Undo | Action::TakebackOffer | Action::TakebackAnswer { accept: true },
            ) => Some(Error::VersionRequired),
            (Some(v), Action::Choose(text)) if v == current => {
                let choice: Choice = match text.parse() {
                    Ok(c) => c,
                    Err(ChoiceTextError::Resign) => return Some(Error::ResignMessage),
                    Err(e) => {
                        return Some(Error::UnknownChoice { why: e.to_string(), text: text.clone(), rules: None })
                    }
                };
                self.g.clone().apply(Some(seat), Kind::Choice, Some(choice)).err()
            }
            _ => None,
        }
    }

    /// Reads the game from the database (the log entries after the version
    /// held, applied to it) and what its driver shows, and publishes it.
    pub(super) async fn refresh(&mut self) {
        self.refresh_from(true).await
    }

    /// The same with the whole game replayed (after a resync: anything
    /// may have been missed).
    pub(super) async fn rebuild(&mut self) {
        self.refresh_from(false).await
    }

    async fn refresh_from(&mut self, follow: bool) {
        let Some(g) = self.reload(follow).await else { return };
        self.install(g);
        if self.ties.cluster.shared() {
            match self.ties.cluster.read_shown(&self.g.id).await {
                Ok(Some(shown)) => self.ties.shown = shown,
                Ok(None) => {}
                Err(e) => tracing::warn!(game = %self.g.id, error = %e, "cannot read what the driver shows"),
            }
        }
        self.show();
        self.publish();
    }

    /// The game as stored now: with `follow`, the game held with the
    /// entries after it applied (if they follow it), else replayed whole.
    async fn reload(&mut self, follow: bool) -> Option<LiveGame> {
        if follow {
            let stored = match self.store.load_after(&self.g.id, self.g.version()).await {
                Ok(Some(s)) => s,
                Ok(None) => return None,
                Err(e) => {
                    tracing::warn!(game = %self.g.id, error = %e, "cannot read the game again");
                    return None;
                }
            };
            let held = self.g.clone();
            match tokio::task::spawn_blocking(move || follow_on(held, stored)).await {
                Ok(Ok(g)) => return Some(g),
                // a gap, a seat changed, an entry refused: replayed whole
                Ok(Err(_)) => {}
                Err(e) => tracing::warn!(game = %self.g.id, error = %e, "cannot apply the game's new entries"),
            }
        }
        let stored = match self.store.load(&self.g.id).await {
            Ok(Some(s)) => s,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(game = %self.g.id, error = %e, "cannot read the game again");
                return None;
            }
        };
        match tokio::task::spawn_blocking(move || replay(stored)).await {
            Ok(Ok(g)) => Some(g),
            Ok(Err(e)) => {
                tracing::warn!(game = %self.g.id, error = ?e, "cannot replay the game");
                None
            }
            Err(e) => {
                tracing::warn!(game = %self.g.id, error = %e, "cannot replay the game");
                None
            }
        }
    }

    /// The game read again: its clocks, chats and log, as a reload reads them.
    fn install(&mut self, mut g: LiveGame) {
        let now = crate::store::now_ms();
        let (control, deadline) = (g.extras.time_control, self.clock.deadline_ms);
        self.clock = Clocks::restore(control, deadline, g.seats.len(), g.extras.clocks.as_deref(), now);
        self.clock.follow(to_move(&g), now);
        self.chat = Arc::new(std::mem::take(&mut g.extras.chat));
        self.manners.spectator_chat = Arc::new(std::mem::take(&mut g.extras.spectator_chat));
        self.g = g;
    }

    /// Shows what the driver shows, with this process's connections.
    fn show(&mut self) {
        for (s, n) in self.online.iter_mut().enumerate() {
            let driver = self.ties.shown.online.get(s).copied().unwrap_or(0);
            *n = driver.max(self.ties.local.seats[s]);
        }
        self.spectators = self.ties.local.spectators;
        self.manners.show(&self.ties.shown.manners);
    }

    /// This process's connections changed: shown, idle times set from
    /// them alone, and told to the driver.
    async fn counted(&mut self) {
        let was: Vec<bool> = self.online.iter().map(|&n| n > 0).collect();
        self.show();
        if self.online.iter().map(|&n| n > 0).ne(was) {
            self.publish();
        }
        let local = &self.ties.local;
        let seated = local.seats.iter().sum::<u32>() > 0;
        let now = Instant::now();
        self.idle_since = if seated || local.spectators > 0 { None } else { self.idle_since.or(Some(now)) };
        self.unseated_since = if seated { None } else { self.unseated_since.or(Some(now)) };
        self.idle.set(self.idle_since, self.unseated_since);
        self.send_presence().await;
    }

    /// Writes this process's connections if they changed (then tells the
    /// driver).
    pub(super) async fn send_presence(&mut self) {
        if !self.ties.cluster.shared() || self.ties.sent.as_ref() == Some(&self.ties.local) {
            return;
        }
        self.write_presence().await;
    }

    async fn write_presence(&mut self) {
        let counts: Counts = self.ties.local.clone();
        match self.ties.cluster.write_presence(&self.g.id, &counts).await {
            Ok(()) => {
                let changed = self.ties.sent.as_ref() != Some(&counts);
                self.ties.sent = Some(counts);
                if changed {
                    self.ties.cluster.notify("tk_inbox", &self.g.id).await;
                }
            }
            Err(e) => tracing::warn!(game = %self.g.id, error = %e, "cannot write this server's connections"),
        }
    }

    /// Every third of the lease's time: the driver's lease is taken if it
    /// ran out, else this process's connections are counted again.
    pub(super) async fn mirror_tick(&mut self) {
        match self.ties.cluster.take(&self.g.id).await {
            Ok(Some(lease)) => return self.take_over(lease).await,
            Ok(None) => {}
            Err(e) => tracing::warn!(game = %self.g.id, error = %e, "cannot check the game's lease"),
        }
        if self.ties.cluster.shared()
            && self.ties.sent.as_ref().is_some_and(|c| c.spectators > 0 || c.seats.iter().any(|&n| n > 0))
        {
            self.write_presence().await;
        }
    }

    /// Drives the game from the database: its clocks as a reload restores
    /// them, a take-back request open at the old driver lapsed, every
    /// seat away from now until its connections are counted, its bots on.
    async fn take_over(&mut self, lease: Lease) {
        tracing::info!(game = %self.g.id, node = %self.ties.cluster.node, token = lease.token, "took the game over");
        let Some(g) = self.reload(false).await else {
            // (it is read again at the next check)
            self.ties.cluster.release(&lease).await;
            return;
        };
        self.install(g);
        self.role = Role::Driving { lease, renewed: Instant::now() };
        self.ties.retell();
        self.driver = driver(&self.g, StdRng::from_entropy());
        self.manners.show(&serde_json::Value::Null);
        let seats = self.g.seats.len();
        self.ties.sent = None;
        self.ties.remote = Counts { seats: vec![0; seats], spectators: 0 };
        self.online = self.ties.local.seats.clone();
        self.spectators = self.ties.local.spectators;
        self.offline_since = vec![crate::store::now_ms(); seats];
        if self.ties.cluster.shared() {
            let _ =
                self.ties.cluster.write_presence(&self.g.id, &Counts { seats: vec![0; seats], spectators: 0 }).await;
        }
        if self.g.game().actor() == Actor::Chance {
            let _ = self.commit(|_| Ok(())).await;
        }
        self.settle_on_load().await;
        self.publish();
        self.touch();
        self.read_presence().await;
        self.run_inbox().await;
    }
}

/// Tells the game's actor that a relayed command got no answer.
async fn unanswered(registry: &Registry, id: &str) {
    let tx = registry.lock().await.get(id).map(|l| l.tx.clone());
    if let Some(tx) = tx {
        let _ = tx.send(Command::Cluster(Heard::Unanswered)).await;
    }
}

/// Why a held game cannot follow the stored one.
#[derive(Debug)]
pub(crate) enum NoFollow {
    /// The entries do not start right after the version held.
    Gap,
    /// A seat's player or name changed: the match's names are set up anew.
    Seats,
    /// An entry the held game refuses.
    Refused,
}

/// `held` (this process's copy of the game) with the entries of `after`
/// (read with [`crate::store::Store::load_after`] at `held`'s version)
/// applied, and the rest of `after` (seats, clocks, chats, links) taken:
/// the same game as [`replay`] of the whole stored game.
pub(crate) fn follow_on(mut held: LiveGame, after: crate::db::Stored) -> Result<LiveGame, NoFollow> {
    if after.log.first().is_some_and(|e| e.n != held.version() + 1) {
        return Err(NoFollow::Gap);
    }
    let same = |a: &crate::live::SeatInfo, b: &crate::live::SeatInfo| {
        (a.school, &a.name, &a.player) == (b.school, &b.name, &b.player)
    };
    if held.seats.len() != after.seats.len() || !held.seats.iter().zip(&after.seats).all(|(a, b)| same(a, b)) {
        return Err(NoFollow::Seats);
    }
    for e in &after.log {
        held.apply_stored(e).map_err(|_| NoFollow::Refused)?;
    }
    held.seats = after.seats;
    held.extras = after.extras;
    Ok(held)
}

/// A stored game, replayed from its log.
pub(crate) fn replay(stored: crate::db::Stored) -> Result<LiveGame, Error> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(Error::internal)?;
    }
    g.extras = stored.extras;
    Ok(g)
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use tash_kalar_bots::Decision;
    use tash_kalar_rules::{Actor, Form, School};

    use super::{follow_on, replay, NoFollow};
    use crate::db::Summary;
    use crate::live::{Kind, LiveGame, SeatInfo, StoredEntry};
    use crate::store::Store;

    fn entries(g: &LiveGame, from: u32) -> Vec<StoredEntry> {
        g.entries[from as usize..].iter().map(StoredEntry::from).collect()
    }

    /// A seeded game of every form, stored a few choices at a time (as a
    /// note may come after several): the mirror's copy following the
    /// stored entries after its version is, at each step, the game
    /// replayed whole.
    #[tokio::test]
    async fn a_held_game_following_the_new_entries_equals_the_game_replayed_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.sqlite")).await.unwrap();
        let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
        let forms = [
            (Form::Duel, 2),
            (Form::HighForm, 2),
            (Form::FirstGame, 2),
            (Form::Melee, 3),
            (Form::Melee, 4),
            (Form::TeamHighForm, 4),
            (Form::TeamDuel, 4),
        ];
        for (k, &(form, n)) in forms.iter().enumerate() {
            let seat = |i: usize| SeatInfo::taken_by_a_person(schools[i]);
            let id = format!("f{k}");
            let mut g = LiveGame::new(id.clone(), form, (0..n).map(seat).collect(), 1_000).unwrap();
            let mut driver = crate::actor::driver(&g, StdRng::seed_from_u64(k as u64));
            crate::actor::run_chance(&mut g, &mut driver);
            store.insert_game(&g, entries(&g, 0)).await.unwrap();
            let mut held = replay(store.load(&id).await.unwrap().unwrap()).unwrap();
            let mut rng = StdRng::seed_from_u64(100 + k as u64);
            for step in 0..40 {
                let from = g.version();
                for _ in 0..rng.gen_range(1..4) {
                    let Actor::Seat(s) = g.game().actor() else { break };
                    let mut bot = crate::wire::bot_spec("random").unwrap().build(rng.gen());
                    let choice = bot.decide(&Decision::new(g.game(), s));
                    g.apply(Some(s), Kind::Choice, Some(choice)).unwrap();
                    crate::actor::run_chance(&mut g, &mut driver);
                }
                if step % 7 == 3 {
                    // a note with nothing new in the log (a chat line, a seat taken)
                    let after = store.load_after(&id, held.version()).await.unwrap().unwrap();
                    assert!(after.log.is_empty());
                    held = follow_on(held, after).unwrap();
                }
                store.append(&id, entries(&g, from), Summary::of(&g), None).await.unwrap();
                let after = store.load_after(&id, held.version()).await.unwrap().unwrap();
                assert_eq!(after.log.len() as u32, g.version() - from);
                held = follow_on(held, after).unwrap();
                let whole = replay(store.load(&id).await.unwrap().unwrap()).unwrap();
                assert_eq!(held.version(), whole.version(), "{form:?}, step {step}");
                assert_eq!(held.entries, whole.entries, "{form:?}, step {step}");
                assert_eq!(held.record_text(), whole.record_text(), "{form:?}, step {step}");
                assert!(held.game() == whole.game(), "{form:?}, step {step}: the same game");
                if g.is_over() {
                    break;
                }
            }
            assert!(held.version() > 20, "{form:?}: the game went on");

            // a copy that missed entries (a gap) or whose seats changed is replayed whole
            let mut behind = replay(store.load(&id).await.unwrap().unwrap()).unwrap();
            let stored = store.load_after(&id, behind.version().saturating_sub(2)).await.unwrap().unwrap();
            assert!(matches!(follow_on(behind.clone(), stored), Err(NoFollow::Gap)));
            behind.seats[0].name = Some("renamed".into());
            let stored = store.load_after(&id, behind.version()).await.unwrap().unwrap();
            assert!(matches!(follow_on(behind, stored), Err(NoFollow::Seats)));
        }
    }
}
