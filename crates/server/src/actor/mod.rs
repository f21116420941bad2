//! One task per live game (the game's actor): it owns the game, takes
//! commands one at a time from its queue, writes every new log entry to
//! the database before it answers, and publishes each new state on a
//! watch channel that the game's connections read. The game's [`Driver`]
//! draws for chance and says when a bot is to choose.
//!
//! This file holds the task itself: its commands, its loop, saving and
//! publishing. What it does is split by concern, as lichess's round actor
//! is: `seats` (hello, joining, leaving), `play` (choices, take-backs,
//! resignations), `clocks` (flagging), `endings` (aborts, claims against
//! an absent seat, leaving), `bots`, `rematch`, `chat` and `manners`
//! (take-back requests, the spectators' chat).

use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::value::RawValue;
use tash_kalar_bots::{Bot, Driver, Next};
use tash_kalar_present::Lang;
use tash_kalar_present::{model_with, views_of, EventWords, Model, Shared, Table};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Actor, Seat};
use tokio::sync::{mpsc, oneshot, watch, Mutex, MutexGuard};
use tokio::task::JoinHandle;

use crate::clock::Clocks;
use crate::config::Config;
use crate::db::Summary;
use crate::delta::{extend_log, new_logs, Logs};
use crate::error::Error;
use crate::live::{LiveGame, Player, StoredEntry};
use crate::pool::BotPool;
use crate::site::{ChatBucket, ChatLine};
use crate::store::Store;
use crate::words::{index, LANGS};

mod bots;
pub use bots::Thinking;
mod chat;
mod clocks;
mod endings;
mod lease;
mod manners;
mod mirror;
mod play;
#[cfg(test)]
mod publish_tests;
mod rematch;
mod seats;

use bots::BotResult;
use clocks::to_move;
use lease::{Role, Ties};
pub use manners::Author;
use manners::Manners;
pub(crate) use mirror::replay;
pub use play::{driver, run_chance};
pub use rematch::RematchPlan;
pub use seats::{new_secret, token_hash};

/// A live game: its task's queue, and since when nobody has been
/// connected to it (`None` while someone is).
pub(crate) struct Loaded {
    pub tx: mpsc::Sender<Command>,
    pub idle: Arc<Idle>,
}

/// Since when a game has had no connection, and since when no seat's
/// (spectators only, or nobody); the game's task writes them, the cap on
/// live games reads them to choose which game to unload. Spectators are
/// counted apart so that watching never holds a place players need: a
/// game only watched gives its place to a player's game (`state.rs`).
#[derive(Default)]
pub(crate) struct Idle(std::sync::Mutex<IdleSince>);

#[derive(Copy, Clone, Default)]
struct IdleSince {
    unwatched: Option<Instant>,
    unseated: Option<Instant>,
}

impl Idle {
    fn lock(&self) -> std::sync::MutexGuard<'_, IdleSince> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set(&self, unwatched: Option<Instant>, unseated: Option<Instant>) {
        *self.lock() = IdleSince { unwatched, unseated };
    }

    /// Since when nobody has been connected.
    pub fn get(&self) -> Option<Instant> {
        self.lock().unwatched
    }

    /// Since when no seat has been connected (spectators may be).
    pub fn unseated(&self) -> Option<Instant> {
        self.lock().unseated
    }
}

/// The live games, by game id.
pub(crate) type Registry = Arc<Mutex<HashMap<String, Loaded>>>;
pub(crate) type Games<'a> = MutexGuard<'a, HashMap<String, Loaded>>;

/// What a connection asks of a game.
pub enum Command {
    /// Watch the game, as the seat whose token is given or as a spectator,
    /// in a language.
    /// `account`: the signed-in visitor's, whose seat needs no token.
    Hello {
        token: Option<String>,
        account: Option<crate::account::Account>,
        lang: Lang,
        reply: oneshot::Sender<Result<Hello, Error>>,
    },
    /// A connection that said hello has gone.
    Leave { seat: Option<Seat>, lang: Lang },
    /// A seat acts. `claimed` is the seat the message says it acts for.
    Act {
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: Action,
        reply: oneshot::Sender<Result<(), Error>>,
    },
    /// Take an open human seat nobody has taken yet (from the lobby): a new
    /// token; the seat is the signed-in visitor's account's, if any.
    Join { seat: Seat, account: Option<crate::account::Account>, reply: oneshot::Sender<Result<String, Error>> },
    /// A seated player says something in the game's chat; a spectator,
    /// in the spectators' (`author`: who writes it).
    Chat {
        seat: Option<Seat>,
        claimed: Option<Seat>,
        text: String,
        author: Author,
        reply: oneshot::Sender<Result<(), Error>>,
    },
    /// A player of a finished game asks for a rematch (`token`: their
    /// seat's): the setup of the new game, or the rematch already made.
    /// Without a token, the seat is the one the signed-in `account` holds.
    Rematch {
        token: Option<String>,
        account: Option<crate::account::AccountId>,
        reply: oneshot::Sender<Result<RematchPlan, Error>>,
    },
    /// The rematch asked for was created (`Some`: its id) or could not be.
    RematchMade { made: Option<String> },
    /// A notification from the other servers on the database (`cluster`).
    Cluster(crate::cluster::Heard),
    /// Leave memory to make room for another game, if nobody is connected
    /// (`watched`: or only spectators, whose connections then end); the
    /// answer says whether the game left.
    Unload { watched: bool, reply: oneshot::Sender<bool> },
}

#[derive(Clone)]
pub enum Action {
    Choose(String),
    Undo,
    Resign,
    /// Games that end (`endings.rs`).
    Abort,
    Claim(crate::wire::ClaimKind),
    Leave,
    /// Table manners (`manners.rs`): ask the others for a take-back, or
    /// answer the open request.
    TakebackOffer,
    TakebackAnswer {
        accept: bool,
    },
}

pub struct Hello {
    pub seat: Option<Seat>,
    pub rx: watch::Receiver<Arc<Snapshot>>,
    /// A bot's thinking while it decides (`bots.rs`), `None` between.
    pub thinking: watch::Receiver<Option<Thinking>>,
}

pub use crate::delta::Snapshot;

struct GameActor {
    g: LiveGame,
    store: Store,
    registry: Registry,
    rx: mpsc::Receiver<Command>,
    snap: watch::Sender<Arc<Snapshot>>,
    /// The progress of the bot deciding now, if one is (`bots.rs`).
    thinking: watch::Sender<Option<Thinking>>,
    /// Connections per seat, and spectators.
    online: Vec<u32>,
    spectators: u32,
    /// Connections per class (seats, then the spectators) and language
    /// (`words::index`): a class's model is built in the languages watched.
    langs: Vec<[u32; LANGS]>,
    /// The events' sentences of the last change, per language.
    words: [EventWords; LANGS],
    /// Chance's draws (its generator seeds the bots too), and which seats
    /// are bots'.
    driver: Driver<StdRng>,
    bots: Vec<Option<Box<dyn Bot>>>,
    pool: BotPool,
    /// Whose turn on the bot pool this game's searches take.
    owner: String,
    bot_pause: Duration,
    unload_after: Duration,
    abandon_after: Duration,
    /// Since when nobody has been connected (`None` while someone is);
    /// shared with the registry.
    idle_since: Option<Instant>,
    /// Since when no seat has been connected (`None` while one is).
    unseated_since: Option<Instant>,
    idle: Arc<Idle>,
    /// The clocks (`clock.rs`), the chat and its allowance per seat, and
    /// the rematch under way or made.
    clock: Clocks,
    chat: Arc<Vec<ChatLine>>,
    chat_buckets: Vec<ChatBucket>,
    chat_max_lines: usize,
    rematch_pending: bool,
    /// The token each seat has shown (in a hello or a rematch request):
    /// a rematch's seat is held by the same token, which the seat's
    /// connections are sent with the rematch (`rematch.rs`). Kept in
    /// memory only, as the connections hold them.
    seat_tokens: Vec<Option<String>>,
    /// Since when (Unix ms) each seat has had no connection, and how long
    /// a seat away on its turn is waited for (`endings.rs`); whether the
    /// state published says it may be claimed against.
    offline_since: Vec<i64>,
    claim_after: Duration,
    claim_open: bool,
    /// Take-back requests and the spectators' chat (`manners.rs`).
    manners: Manners,
    /// Driving the game (holding its lease) or mirroring another
    /// server's (`lease.rs`, `mirror.rs`), and the ties to the others.
    role: Role,
    ties: Ties,
}

fn raw(v: &impl serde::Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(v).unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
}

/// The viewer and take-back right of a class of viewer (a seat, or the
/// spectators after the seats); once the game is over everyone sees
/// everything. In a rated game nobody takes back alone (`manners.rs`).
fn viewer_of(g: &LiveGame, class: usize) -> (Viewer, bool) {
    let game = g.game();
    match class {
        _ if game.is_over() => (Viewer::Referee, false),
        c if c < game.seat_count() => (Viewer::Seat { seat: c as Seat }, !g.extras.rated && g.can_undo(c as Seat)),
        _ => (Viewer::Spectator, false),
    }
}

/// The model of a class of viewer in a language. `table` names the
/// players; whether the viewer may take back (alone, or by asking) is
/// set here, and whether it may claim against `claimable` (the seat away
/// on its turn, `endings.rs`).
fn model_of(
    g: &LiveGame,
    manners: &Manners,
    table: &Table,
    class: usize,
    lang: Lang,
    claimable: Option<Seat>,
) -> Arc<Model> {
    let (viewer, can_undo) = viewer_of(g, class);
    let table = Table { players: table.players.clone(), can_undo, can_claim: can_claim(g, class, claimable) };
    let mut model = tash_kalar_present::model(g.game(), viewer, &table, crate::words::messages(lang));
    manners.patch(g, class, &mut model);
    Arc::new(model)
}

/// Whether a class of viewer may claim against the absent seat `claimable`:
/// another seat, a person's.
fn can_claim(g: &LiveGame, class: usize, claimable: Option<Seat>) -> bool {
    claimable.is_some_and(|a| class != a as usize && g.seats.get(class).is_some_and(|s| s.player == Player::Human))
}

/// The game as published, with the models of the classes and languages
/// that have a connection (`langs`): nobody reads the others (bots read
/// the game).
fn snapshot(
    g: &LiveGame,
    langs: &[[u32; LANGS]],
    online: &[u32],
    site: &SiteState,
    logs: &Logs,
    words: &mut [EventWords; LANGS],
) -> Snapshot {
    let over = g.is_over();
    let classes = g.seats.len() + 1;
    let table = g.table();
    let models = crate::delta::per_class(classes);
    // what all classes are shown alike is worded once per language, and
    // each class's view is built once, then worded per language
    // (with the events' sentences of the last change: each worded once)
    let shared: [OnceCell<Shared>; LANGS] = Default::default();
    // (the views of the classes watched, made together: the board's text once)
    let watched: Vec<(usize, &[u32; LANGS], (Viewer, bool))> = langs
        .iter()
        .enumerate()
        .take(classes)
        .filter(|(_, w)| w.iter().any(|&n| n > 0))
        .map(|(c, w)| (c, w, viewer_of(g, c)))
        .collect();
    let viewers: Vec<Viewer> = watched.iter().map(|(_, _, (viewer, _))| *viewer).collect();
    for ((c, watched, (_, can_undo)), view) in watched.into_iter().zip(views_of(g.game(), &viewers)) {
        let built = &models[c];
        let mut view = Some(view);
        let class_table =
            Table { players: table.players.clone(), can_undo, can_claim: can_claim(g, c, site.claimable) };
        // (the last language watched takes the view, the others a copy)
        let last = watched.iter().rposition(|&n| n > 0);
        for (l, &lang) in Lang::ALL.iter().enumerate() {
            if watched[l] > 0 {
                let said = shared[l].get_or_init(|| {
                    Shared::with_words(g.game(), &table, crate::words::messages(lang), std::mem::take(&mut words[l]))
                });
                let view = if Some(l) == last { view.take() } else { view.clone() };
                let Some(view) = view else { continue };
                let mut model = model_with(g.game(), view, &class_table, said);
                site.manners.patch(g, c, &mut model);
                let _ = built[l].set(Arc::new(model));
                extend_log(logs, c, lang, &g.entries, g.game(), &table);
            }
        }
    }
    for (l, said) in shared.into_iter().enumerate() {
        if let Some(said) = said.into_inner() {
            words[l] = said.into_words();
        }
    }
    let players: Vec<_> = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| s.summary(i, matches!(s.player, Player::Bot(_)) || online.get(i).copied().unwrap_or(0) > 0))
        .collect();
    Snapshot {
        rev: 1,
        version: g.version(),
        over,
        models,
        whole: crate::delta::per_class(classes),
        deltas: Default::default(),
        fields: crate::delta::per_class(classes),
        entries: g.entries.clone(),
        logs: logs.clone(),
        players: raw(&players),
        clock: raw(&site.clock.wire()),
        chat: site.chat.clone(),
        spectator_chat: site.manners.spectator_chat.clone(),
        rematch: g.extras.rematch.clone(),
        // a seat's token goes out only with a rematch, to that seat's connections
        rematch_tokens: if g.extras.rematch.is_some() { site.rematch_tokens.to_vec() } else { Vec::new() },
        rematch_of: g.extras.rematch_of.clone(),
    }
}

/// The actor's own state that a snapshot shows.
struct SiteState<'a> {
    clock: &'a Clocks,
    chat: &'a Arc<Vec<ChatLine>>,
    rematch_tokens: &'a [Option<String>],
    /// The seat away on its turn that may be claimed against now.
    claimable: Option<Seat>,
    manners: &'a Manners,
}

/// Starts a game's task; returns its queue and idle time for the registry.
/// `owner` says whose turn on the bot pool the game's bots take. With the
/// game's `lease` the task drives the game; without, another server holds
/// it and the task mirrors the game (`mirror.rs`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn spawn(
    mut g: LiveGame,
    store: Store,
    registry: Registry,
    config: &Config,
    pool: BotPool,
    owner: String,
    cluster: Arc<crate::cluster::Cluster>,
    lease: Option<crate::store::Lease>,
) -> Loaded {
    let (tx, rx) = mpsc::channel(256);
    let online = vec![0; g.seats.len()];
    let now = crate::store::now_ms();
    let deadline_ms = config.move_deadline.as_millis().min(i64::MAX as u128) as i64;
    let mut clock = Clocks::restore(g.extras.time_control, deadline_ms, g.seats.len(), g.extras.clocks.as_deref(), now);
    // a game just created (or stored before its first clock) starts its clock now
    clock.follow(to_move(&g), now);
    let chat = Arc::new(std::mem::take(&mut g.extras.chat));
    let manners = Manners::new(std::mem::take(&mut g.extras.spectator_chat));
    let site = SiteState { clock: &clock, chat: &chat, rematch_tokens: &[], claimable: None, manners: &manners };
    let langs = vec![[0; LANGS]; g.seats.len() + 1];
    let logs = new_logs(g.seats.len());
    let mut words = Default::default();
    let (snap, _) = watch::channel(Arc::new(snapshot(&g, &langs, &online, &site, &logs, &mut words)));
    let seats = g.seats.len();
    let bots = g.seats.iter().map(|_| None).collect();
    let driver = driver(&g, StdRng::from_entropy());
    let now = Instant::now();
    let idle = Arc::new(Idle::default());
    idle.set(Some(now), Some(now));
    let actor = GameActor {
        g,
        store,
        registry,
        rx,
        snap,
        thinking: watch::channel(None).0,
        online,
        spectators: 0,
        langs,
        words,
        driver,
        bots,
        pool,
        owner,
        bot_pause: config.bot_pause,
        unload_after: config.unload_after,
        abandon_after: config.abandon_after,
        idle_since: Some(now),
        unseated_since: Some(now),
        idle: idle.clone(),
        clock,
        chat,
        chat_buckets: vec![ChatBucket::default(); seats],
        chat_max_lines: config.chat_max_lines,
        rematch_pending: false,
        seat_tokens: vec![None; seats],
        // a game just loaded has had nobody connected since now
        offline_since: vec![crate::store::now_ms(); seats],
        claim_after: config.claim_after,
        claim_open: false,
        manners,
        role: match lease {
            Some(lease) => Role::Driving { lease, renewed: Instant::now() },
            None => Role::Mirroring,
        },
        ties: Ties::new(cluster, seats),
    };
    tokio::spawn(actor.run());
    Loaded { tx, idle }
}

impl GameActor {
    async fn run(mut self) {
        if self.driving() {
            // a game stored before chance had dealt (a crash in between) deals now
            if self.g.game().actor() == Actor::Chance {
                let _ = self.commit(|_| Ok(())).await;
            }
            self.settle_on_load().await;
        }
        // the other servers' connections and commands (a mirror: the driver's state)
        self.heard(crate::cluster::Heard::Resync).await;
        // (on SQLite this one process holds every lease: nothing to renew or check)
        let tied = self.ties.cluster.shared();
        let mut ties = tokio::time::interval(self.tie_every());
        ties.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ties.reset();
        let mut job: Option<JoinHandle<BotResult>> = None;
        loop {
            self.tell_mirrors().await;
            if !self.driving() {
                // (the lease was lost: the new driver's bots decide)
                if let Some(j) = job.take() {
                    j.abort();
                }
            } else if job.is_none() {
                // (chance's draws are played by `commit` after every change:
                // chance is to choose here only after a failed write, and
                // then the next change tries again)
                if let Next::Bot(seat) = self.driver.next(self.g.game()) {
                    job = Some(self.start_bot(seat));
                }
            }
            // a game nobody is connected to leaves memory after a while,
            // sooner once it is over; bots playing on do not keep it
            let after = if self.g.is_over() { self.unload_after } else { self.abandon_after };
            let deadline = self.idle_since.map(|since| since + after);
            let flag = self.flag_at().filter(|_| self.driving());
            let claim = self.claim_opens_at().filter(|_| self.driving());
            tokio::select! {
                // commands first: a hello that came in keeps the game
                biased;
                cmd = self.rx.recv() => {
                    match cmd {
                        None => break,
                        Some(Command::Unload { watched, reply }) => {
                            let free = if watched { self.unseated_since } else { self.idle_since };
                            let gone = free.is_some() && self.unload().await;
                            let _ = reply.send(gone);
                            if gone {
                                break;
                            }
                        }
                        Some(cmd) => self.handle(cmd).await,
                    }
                }
                done = async { job.as_mut().expect("guarded by is_some").await }, if job.is_some() => {
                    job = None;
                    match done {
                        Ok(result) => self.bot_done(result).await,
                        Err(e) => tracing::error!(game = %self.g.id, error = %e, "bot task failed"),
                    }
                }
                _ = tokio::time::sleep_until(flag.map_or_else(Instant::now, |(_, at)| at).into()), if flag.is_some() => {
                    if let Some((seat, _)) = flag {
                        self.time_out(seat).await;
                    }
                }
                // the other seats are told they may claim against an absent one
                _ = tokio::time::sleep_until(claim.unwrap_or_else(Instant::now).into()), if claim.is_some() => {
                    self.publish();
                }
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now).into()), if deadline.is_some() => {
                    if self.unload().await {
                        tracing::debug!(game = %self.g.id, over = self.g.is_over(), "idle: unloaded");
                        break;
                    }
                }
                _ = ties.tick(), if tied => self.tie_tick().await,
            }
        }
        if let Some(j) = job {
            j.abort();
        }
        self.let_go().await;
    }

    /// Leaves the registry (a game nobody is connected to); false if a
    /// command came in meanwhile. Everything the game is was written to
    /// the database before it was published, so nothing is lost; a bot
    /// still thinking is dropped and thinks again when the game is loaded.
    async fn unload(&mut self) -> bool {
        let registry = self.registry.clone();
        let mut games = registry.lock().await;
        if !self.rx.is_empty() {
            return false;
        }
        self.rx.close();
        games.remove(&self.g.id);
        // (before the game can be loaded again here: its new lease is its own)
        self.let_go().await;
        // commands sent before the close get no answer: their senders
        // see the game gone and load it again
        true
    }

    fn connections(&self) -> u32 {
        self.online.iter().sum::<u32>() + self.spectators
    }

    /// Notes a connection come or gone, or other activity (a seat joined
    /// from the lobby): the idle time starts again.
    fn touch(&mut self) {
        self.idle_since = (self.connections() == 0).then(Instant::now);
        // (a spectator coming or going does not start it again)
        let seated = self.online.iter().sum::<u32>() > 0;
        self.unseated_since = if seated { None } else { self.unseated_since.or_else(|| Some(Instant::now())) };
        self.idle.set(self.idle_since, self.unseated_since);
    }

    /// Makes sure the state published has the model of a class in a
    /// language that has just got its first connection between two
    /// changes (the state was published from the game as it is now).
    fn watch_class(&self, class: usize, lang: Lang) {
        let snap = self.snap.borrow();
        let table = self.g.table();
        let claimable = self.claim_open.then(|| self.claimable_now()).flatten();
        snap.models[class][index(lang)]
            .get_or_init(|| model_of(&self.g, &self.manners, &table, class, lang, claimable));
        extend_log(&snap.logs, class, lang, &self.g.entries, self.g.game(), &table);
    }

    fn publish(&mut self) {
        let claimable = self.claimable_now();
        self.claim_open = claimable.is_some();
        let site = SiteState {
            clock: &self.clock,
            chat: &self.chat,
            rematch_tokens: &self.seat_tokens,
            claimable,
            manners: &self.manners,
        };
        let logs = self.snap.borrow().logs.clone();
        let mut s = snapshot(&self.g, &self.langs, &self.online, &site, &logs, &mut self.words);
        let prev = self.snap.borrow().clone();
        s.rev = prev.rev + 1;
        s.deltas = crate::delta::deltas(&prev, &s, crate::store::now_ms());
        self.snap.send_replace(Arc::new(s));
    }

    /// Applies `f`, lets chance choose, writes the new entries, and only
    /// then publishes; if the write fails the game goes back to where it was.
    async fn commit(&mut self, f: impl FnOnce(&mut LiveGame) -> Result<(), Error>) -> Result<(), Error> {
        // (a mirror writes nothing: its commands are the driver's to run)
        if !self.driving() {
            return Err(Error::SaveFailed);
        }
        let backup = self.g.clone();
        let before = self.g.version() as usize;
        f(&mut self.g)?;
        run_chance(&mut self.g, &mut self.driver);
        let new: Vec<StoredEntry> = self.g.entries[before..].iter().map(StoredEntry::from).collect();
        if new.is_empty() {
            return Ok(());
        }
        let clock_backup = self.clock.clone();
        self.clock.follow(to_move(&self.g), crate::store::now_ms());
        let mut summary = Summary::of(&self.g);
        summary.clocks = self.clock.stored();
        match self.store.append(&self.g.id, new, summary, self.lease()).await {
            Ok(()) => {
                if self.g.is_over() {
                    self.bots.iter_mut().for_each(|b| *b = None);
                }
                self.publish();
                Ok(())
            }
            Err(e) => {
                tracing::error!(game = %self.g.id, error = %e, "cannot save a move");
                self.g = backup;
                self.clock = clock_backup;
                if matches!(e, crate::store::StoreError::Fenced { .. }) {
                    self.lost_lease(&e).await;
                }
                Err(Error::SaveFailed)
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        if !self.driving() {
            return self.mirror_handle(cmd).await;
        }
        match cmd {
            Command::Hello { token, account, lang, reply } => {
                let r = self.hello(token, account, lang).await;
                self.touch();
                let _ = reply.send(r);
            }
            Command::Leave { seat, lang } => self.leave(seat, lang),
            Command::Act { seat, claimed, version, action, reply } => {
                let r = self.act(seat, claimed, version, action).await;
                let _ = reply.send(r);
            }
            Command::Join { seat, account, reply } => {
                let r = self.join(seat, account).await;
                // the seat's new holder is on the way
                self.touch();
                let _ = reply.send(r);
            }
            Command::Chat { seat, claimed, text, author, reply } => {
                let r = match seat {
                    // a spectator writes in the spectators' chat
                    None => self.spectator_chat(author, text).await,
                    Some(_) => self.chat(seat, claimed, text).await,
                };
                let _ = reply.send(r);
            }
            Command::Rematch { token, account, reply } => {
                let r = self.rematch(token.as_deref(), account);
                let _ = reply.send(r);
            }
            Command::RematchMade { made } => self.rematch_made(made).await,
            Command::Cluster(heard) => self.heard(heard).await,
            // answered in `run`
            Command::Unload { reply, .. } => {
                let _ = reply.send(false);
            }
        }
    }
}
