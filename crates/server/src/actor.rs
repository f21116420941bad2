//! One task per live game: it owns the game, takes commands one at a time
//! from its queue, writes every new log entry to the database before it
//! answers, and publishes each new state on a watch channel that the
//! game's connections read. The game's [`Driver`] draws for chance and
//! says when a bot is to choose; bots think on the bot pool (`pool.rs`),
//! in turn with other games' bots, on their seat's [`Decision`].

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};
use tash_kalar_bots::{Bot, Decision, Driver, Next, Seating};
use tash_kalar_rules::{Actor, Choice, Seat, View};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

use crate::clock::{Clocks, TIMEOUT_BOT};
use crate::db::{self, Summary};
use crate::live::{Entry, Kind, LiveGame, Player, Refused, StoredEntry};
use crate::pool::BotPool;
use crate::site::{check_chat, ChatBucket, ChatLine};
use crate::store::Store;
use crate::{Config, Idle, Loaded, Registry};

/// What a connection asks of a game.
pub enum Command {
    /// Watch the game, as the seat whose token is given or as a spectator.
    Hello { token: Option<String>, reply: oneshot::Sender<Result<Hello, Refused>> },
    /// A connection that said hello has gone.
    Leave { seat: Option<Seat> },
    /// A seat acts. `claimed` is the seat the message says it acts for.
    Act {
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: Action,
        reply: oneshot::Sender<Result<(), Refused>>,
    },
    /// Take an open human seat nobody has taken yet (from the lobby): a new token.
    Join { seat: Seat, reply: oneshot::Sender<Result<String, JoinRefused>> },
    /// A seated player says something in the game's chat.
    Chat { seat: Option<Seat>, claimed: Option<Seat>, text: String, reply: oneshot::Sender<Result<(), Refused>> },
    /// A player of a finished game asks for a rematch (`token`: their
    /// seat's): the setup of the new game, or the rematch already made.
    Rematch { token: String, reply: oneshot::Sender<Result<RematchPlan, Refused>> },
    /// The rematch asked for was created (`Some`: its id and a token for
    /// each seat of this game, by this game's seats) or could not be.
    RematchMade { made: Option<(String, Vec<Option<String>>)> },
    /// Leave memory to make room for another game, if nobody is connected;
    /// the answer says whether the game left.
    Unload { reply: oneshot::Sender<bool> },
}

/// Why a seat was not given to `join`.
#[derive(Debug)]
pub enum JoinRefused {
    /// The seat is kept for the link made for it (HTTP 403).
    Reserved(String),
    /// Taken, a bot's, no such seat, the game over, not saved (HTTP 409).
    Other(Refused),
}

impl From<Refused> for JoinRefused {
    fn from(r: Refused) -> JoinRefused {
        JoinRefused::Other(r)
    }
}

/// What a rematch request gets from the finished game.
pub enum RematchPlan {
    /// The rematch exists: its id, and the asking seat's token in it when
    /// this server still holds it.
    Made { id: String, seat: Option<Seat>, token: Option<String> },
    /// Make it: the asking seat, and this game's seats in the new order
    /// (`order[j]` is the old seat that sits at new seat `j`).
    New {
        seat: Seat,
        form: tash_kalar_rules::Form,
        seats: Vec<crate::live::SeatInfo>,
        order: Vec<usize>,
        extras: crate::site::Extras,
    },
}

#[derive(Clone)]
pub enum Action {
    Choose(String),
    Undo,
    Resign,
}

pub struct Hello {
    pub seat: Option<Seat>,
    pub rx: watch::Receiver<Arc<Snapshot>>,
}

/// The game as published after every change: one view per seat and one
/// for spectators (every view shows all hands once the game is over), and
/// the log, which a whole state renders for its reader.
///
/// Each change is numbered (`rev`) and carries its deltas from the one
/// before (`delta.rs`), made once for every connection of a class.
pub struct Snapshot {
    pub rev: u64,
    pub version: u32,
    pub over: bool,
    pub views: Vec<Arc<View>>,
    pub spectator: Arc<View>,
    /// Each class's view serialised, when a connection first needs it
    /// whole (seats, then the spectators).
    pub whole: Vec<OnceLock<Box<RawValue>>>,
    pub deltas: crate::delta::Deltas,
    pub entries: Arc<Vec<Entry>>,
    pub players: Box<RawValue>,
    pub can_undo: Vec<bool>,
    /// The clocks (`Clocks::wire`), `null` without a time control.
    pub clock: Box<RawValue>,
    pub chat: Arc<Vec<ChatLine>>,
    /// The rematch made of this game, and each seat's token in it.
    pub rematch: Option<String>,
    pub rematch_tokens: Vec<Option<String>>,
    pub rematch_of: Option<String>,
}

pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A new random secret: 128 bits from the operating system's generator.
pub fn new_secret(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rngs::OsRng.fill(buf.as_mut_slice());
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// The driver of a game: chance drawn from `rng`, the seats as the game
/// has them (a bot's or a person's).
pub fn driver(g: &LiveGame, rng: StdRng) -> Driver<StdRng> {
    let seats = g
        .seats
        .iter()
        .map(|s| match s.player {
            Player::Bot(_) => Seating::Bot,
            Player::Human => Seating::Person,
        })
        .collect();
    Driver::with_rng(rng, seats)
}

/// Lets chance choose until a seat (or nobody) is to choose.
pub fn run_chance(g: &mut LiveGame, driver: &mut Driver<StdRng>) {
    while let Some(draw) = driver.draw(g.game()) {
        if g.apply(None, Kind::Choice, Some(draw)).is_err() {
            break;
        }
    }
}

type BotResult = (Seat, u32, Option<Box<dyn Bot>>, Option<Choice>);

struct GameActor {
    g: LiveGame,
    store: Store,
    registry: Registry,
    rx: mpsc::Receiver<Command>,
    snap: watch::Sender<Arc<Snapshot>>,
    /// Connections per seat, and spectators.
    online: Vec<u32>,
    spectators: u32,
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
    idle: Arc<Idle>,
    /// The clocks (`clock.rs`), the chat and its allowance per seat, and
    /// the rematch under way or made.
    clock: Clocks,
    chat: Arc<Vec<ChatLine>>,
    chat_buckets: Vec<ChatBucket>,
    rematch_pending: bool,
    rematch_tokens: Vec<Option<String>>,
}

fn raw(v: &impl serde::Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(v).unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
}

/// The seat whose clock runs: the seat to choose, if any, once every
/// human seat has been taken (nobody loses on time while waiting for an
/// invited friend to open their link).
fn to_move(g: &LiveGame) -> Option<Seat> {
    if g.seats.iter().any(|s| s.player == Player::Human && !s.taken) {
        return None;
    }
    match g.game().actor() {
        Actor::Seat(s) if !g.is_over() => Some(s),
        _ => None,
    }
}

fn snapshot(g: &LiveGame, online: &[u32], site: &SiteState) -> Snapshot {
    let game = g.game();
    let over = g.is_over();
    // once the game is over everyone sees everything: one view for all
    let referee = over.then(|| Arc::new(game.referee_view()));
    let views: Vec<_> =
        (0..g.seats.len() as Seat).map(|s| referee.clone().unwrap_or_else(|| Arc::new(game.view(s)))).collect();
    let spectator = referee.unwrap_or_else(|| Arc::new(game.spectator_view()));
    let players: Vec<_> = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut v = s.summary(i);
            v["online"] = json!(matches!(s.player, Player::Bot(_)) || online.get(i).copied().unwrap_or(0) > 0);
            v
        })
        .collect();
    Snapshot {
        rev: 1,
        version: g.version(),
        over,
        whole: (0..=views.len()).map(|_| OnceLock::new()).collect(),
        views,
        spectator,
        deltas: Default::default(),
        entries: g.entries.clone(),
        players: raw(&players),
        can_undo: (0..g.seats.len() as Seat).map(|s| g.can_undo(s)).collect(),
        clock: raw(&site.clock.wire()),
        chat: site.chat.clone(),
        rematch: g.extras.rematch.clone(),
        rematch_tokens: site.rematch_tokens.to_vec(),
        rematch_of: g.extras.rematch_of.clone(),
    }
}

/// The actor's own state that a snapshot shows.
struct SiteState<'a> {
    clock: &'a Clocks,
    chat: &'a Arc<Vec<ChatLine>>,
    rematch_tokens: &'a [Option<String>],
}

/// Starts a game's task; returns its queue and idle time for the registry.
/// `owner` says whose turn on the bot pool the game's bots take.
pub fn spawn(
    mut g: LiveGame,
    store: Store,
    registry: Registry,
    config: &Config,
    pool: BotPool,
    owner: String,
) -> Loaded {
    let (tx, rx) = mpsc::channel(256);
    let online = vec![0; g.seats.len()];
    let now = crate::store::now_ms();
    let mut clock = Clocks::restore(g.extras.time_control, g.seats.len(), g.extras.clocks.as_deref(), now);
    // a game just created (or stored before its first clock) starts its clock now
    clock.follow(to_move(&g), now);
    let chat = Arc::new(std::mem::take(&mut g.extras.chat));
    let site = SiteState { clock: &clock, chat: &chat, rematch_tokens: &[] };
    let (snap, _) = watch::channel(Arc::new(snapshot(&g, &online, &site)));
    let seats = g.seats.len();
    let bots = g.seats.iter().map(|_| None).collect();
    let driver = driver(&g, StdRng::from_entropy());
    let now = Instant::now();
    let idle = Arc::new(Idle::default());
    idle.set(Some(now));
    let actor = GameActor {
        g,
        store,
        registry,
        rx,
        snap,
        online,
        spectators: 0,
        driver,
        bots,
        pool,
        owner,
        bot_pause: config.bot_pause,
        unload_after: config.unload_after,
        abandon_after: config.abandon_after,
        idle_since: Some(now),
        idle: idle.clone(),
        clock,
        chat,
        chat_buckets: vec![ChatBucket::default(); seats],
        rematch_pending: false,
        rematch_tokens: Vec::new(),
    };
    tokio::spawn(actor.run());
    Loaded { tx, idle }
}

impl GameActor {
    async fn run(mut self) {
        // a game stored before chance had dealt (a crash in between) deals now
        if self.g.game().actor() == Actor::Chance {
            let _ = self.commit(|_| Ok(())).await;
        }
        let mut job: Option<JoinHandle<BotResult>> = None;
        loop {
            if job.is_none() {
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
            let flag = self.flag_at();
            tokio::select! {
                // commands first: a hello that came in keeps the game
                biased;
                cmd = self.rx.recv() => {
                    match cmd {
                        None => break,
                        Some(Command::Unload { reply }) => {
                            let gone = self.idle_since.is_some() && self.unload().await;
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
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now).into()), if deadline.is_some() => {
                    if self.unload().await {
                        tracing::debug!(game = %self.g.id, over = self.g.is_over(), "idle: unloaded");
                        break;
                    }
                }
            }
        }
        if let Some(j) = job {
            j.abort();
        }
    }

    /// Leaves the registry (a game nobody is connected to); false if a
    /// command came in meanwhile. Everything the game is was written to
    /// the database before it was published, so nothing is lost; a bot
    /// still thinking is dropped and thinks again when the game is loaded.
    async fn unload(&mut self) -> bool {
        let mut games = self.registry.lock().await;
        if !self.rx.is_empty() {
            return false;
        }
        self.rx.close();
        games.remove(&self.g.id);
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
        self.idle.set(self.idle_since);
    }

    fn publish(&mut self) {
        let site = SiteState { clock: &self.clock, chat: &self.chat, rematch_tokens: &self.rematch_tokens };
        let mut s = snapshot(&self.g, &self.online, &site);
        let prev = self.snap.borrow().clone();
        s.rev = prev.rev + 1;
        s.deltas = crate::delta::deltas(&prev, &s, crate::store::now_ms());
        self.snap.send_replace(Arc::new(s));
    }

    /// Applies `f`, lets chance choose, writes the new entries, and only
    /// then publishes; if the write fails the game goes back to where it was.
    async fn commit(&mut self, f: impl FnOnce(&mut LiveGame) -> Result<(), Refused>) -> Result<(), Refused> {
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
        let id = self.g.id.clone();
        match self.store.write(move |c| db::append(c, &id, &new, &summary)).await {
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
                Err(Refused::plain("save-failed", "the server could not save this; nothing changed, try again"))
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Hello { token, reply } => {
                let r = self.hello(token).await;
                self.touch();
                let _ = reply.send(r);
            }
            Command::Leave { seat } => {
                match seat {
                    Some(s) => {
                        if let Some(n) = self.online.get_mut(s as usize) {
                            *n = n.saturating_sub(1);
                            // the players' list changes when the last connection goes
                            if *n == 0 {
                                self.publish();
                            }
                        }
                    }
                    None => self.spectators = self.spectators.saturating_sub(1),
                }
                self.touch();
            }
            Command::Act { seat, claimed, version, action, reply } => {
                let r = self.act(seat, claimed, version, action).await;
                let _ = reply.send(r);
            }
            Command::Join { seat, reply } => {
                let r = self.join(seat).await;
                // the seat's new holder is on the way
                self.touch();
                let _ = reply.send(r);
            }
            Command::Chat { seat, claimed, text, reply } => {
                let r = self.chat(seat, claimed, text).await;
                let _ = reply.send(r);
            }
            Command::Rematch { token, reply } => {
                let r = self.rematch(&token);
                let _ = reply.send(r);
            }
            Command::RematchMade { made } => self.rematch_made(made).await,
            // answered in `run`
            Command::Unload { reply } => {
                let _ = reply.send(false);
            }
        }
    }

    async fn hello(&mut self, token: Option<String>) -> Result<Hello, Refused> {
        let Some(token) = token else {
            self.spectators += 1;
            return Ok(Hello { seat: None, rx: self.snap.subscribe() });
        };
        let hash = token_hash(&token);
        let seat = self
            .g
            .seats
            .iter()
            .position(|s| s.token_hash == Some(hash))
            .ok_or_else(|| Refused::plain("bad-token", "this seat token is not one of this game's"))?;
        if !self.g.seats[seat].taken {
            self.g.seats[seat].taken = true;
            // the last seat taken starts the clocks
            let mut summary = Summary::of(&self.g);
            if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
                summary.clocks = self.clock.stored();
            }
            let id = self.g.id.clone();
            let s = seat as Seat;
            if let Err(e) = self.store.write(move |c| db::take_seat(c, &id, s, None, &summary)).await {
                // the seat is still the token holder's; only the lobby's flag is stale
                tracing::warn!(game = %self.g.id, error = %e, "cannot mark a seat taken");
            }
        }
        self.online[seat] += 1;
        if self.online[seat] == 1 {
            self.publish();
        }
        Ok(Hello { seat: Some(seat as Seat), rx: self.snap.subscribe() })
    }

    async fn join(&mut self, seat: Seat) -> Result<String, JoinRefused> {
        let Some(info) = self.g.seats.get(seat as usize) else {
            return Err(Refused::new(
                "no-such-seat",
                json!({"seat": seat as usize + 1}),
                format!("this game has no seat {}", seat as usize + 1),
            )
            .into());
        };
        if info.player != Player::Human {
            return Err(Refused::plain("seat-is-bot", "a bot plays this seat").into());
        }
        if info.taken {
            return Err(Refused::plain("seat-taken", "this seat is taken").into());
        }
        if self.g.is_over() {
            return Err(Refused::plain("game-over", "the game is over").into());
        }
        if !info.open {
            return Err(JoinRefused::Reserved(
                "this seat is reserved for the player the game's creator sent its link to".into(),
            ));
        }
        let token = new_secret(16);
        let hash = token_hash(&token);
        let mut next = self.g.seats.clone();
        next[seat as usize].token_hash = Some(hash);
        next[seat as usize].taken = true;
        let old = std::mem::replace(&mut self.g.seats, next);
        let clock_backup = self.clock.clone();
        let mut summary = Summary::of(&self.g);
        if self.clock.follow(to_move(&self.g), crate::store::now_ms()) {
            summary.clocks = self.clock.stored();
        }
        let id = self.g.id.clone();
        match self.store.write(move |c| db::take_seat(c, &id, seat, Some(hash), &summary)).await {
            Ok(()) => {
                self.publish();
                Ok(token)
            }
            Err(e) => {
                self.g.seats = old;
                self.clock = clock_backup;
                tracing::error!(game = %self.g.id, error = %e, "cannot give a seat");
                Err(Refused::plain("save-failed", "the server could not save this; try again").into())
            }
        }
    }

    async fn act(
        &mut self,
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: Action,
    ) -> Result<(), Refused> {
        let Some(seat) = seat else {
            return Err(Refused::plain(
                "spectator-cannot-play",
                "spectators cannot play: open the game with a seat link to play",
            ));
        };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Err(Refused::new(
                "not-your-seat",
                json!({"seat": c as usize + 1}),
                format!("you do not hold seat {}", c as usize + 1),
            ));
        }
        if matches!(self.g.seats[seat as usize].player, Player::Bot(_)) {
            return Err(Refused::plain("time-ran-out", "your time ran out: a bot plays this seat now"));
        }
        // (whether the game is over, whose turn it is and what is legal are
        // the match's to say: `LiveGame::apply` passes its refusal on)
        let current = self.g.version();
        match (version, &action) {
            (Some(v), _) if v != current => {
                return Err(Refused::new(
                    "stale-version",
                    json!({"version": v, "current": current}),
                    format!("stale: the game is at version {current}, not {v}"),
                ));
            }
            (None, Action::Choose(_) | Action::Undo) => {
                return Err(Refused::plain("version-required", "a version is required"));
            }
            _ => {}
        }
        match action {
            Action::Choose(text) => {
                let choice: Choice = text.parse().map_err(|e: tash_kalar_rules::ChoiceTextError| {
                    Refused::new(
                        "unknown-choice",
                        json!({"text": text, "why": e.to_string()}),
                        format!("{text:?}: {e}"),
                    )
                })?;
                if choice == Choice::Resign {
                    return Err(Refused::plain("resign-message", "send {\"type\":\"resign\"} to resign"));
                }
                self.commit(|g| g.apply(Some(seat), Kind::Choice, Some(choice)).map(|_| ())).await
            }
            Action::Undo => self.commit(|g| g.apply(Some(seat), Kind::Undo, None).map(|_| ())).await,
            Action::Resign => self.commit(|g| g.apply(Some(seat), Kind::Resign, None).map(|_| ())).await,
        }
    }

    fn start_bot(&mut self, seat: Seat) -> JoinHandle<BotResult> {
        let spec = match &self.g.seats[seat as usize].player {
            Player::Bot(spec) => spec.clone(),
            Player::Human => "random".into(),
        };
        let seed = self.driver.rng().gen();
        // a stored spec is parsed and checked again (the database may hold one
        // from before the checks); one that fails gets no bot, and a random
        // choice is played for the seat (see bot_done)
        let bot = self.bots[seat as usize]
            .take()
            .or_else(|| crate::api::check_bot_spec(&spec).ok().map(|spec| spec.build(seed)));
        // the bot's decision (and its observation, if the bot wants one) is
        // built on the pool's thread, from a copy of the game
        let game = self.g.game().clone();
        let version = self.g.version();
        let pause = self.bot_pause;
        let pool = self.pool.clone();
        let owner = self.owner.clone();
        tokio::spawn(async move {
            if !pause.is_zero() {
                tokio::time::sleep(pause).await;
            }
            let Some(mut bot) = bot else { return (seat, version, None, None) };
            // the bot thinks on the bot pool, in turn with other games' bots
            match pool
                .run(&owner, move || {
                    let c = bot.decide(&Decision::new(&game, seat));
                    (bot, c)
                })
                .await
            {
                Some((bot, c)) => (seat, version, Some(bot), Some(c)),
                None => (seat, version, None, None),
            }
        })
    }

    async fn bot_done(&mut self, (seat, version, bot, choice): BotResult) {
        self.bots[seat as usize] = bot;
        if version != self.g.version() || self.driver.next(self.g.game()) != Next::Bot(seat) {
            // the game moved on while the bot thought (a resignation)
            return;
        }
        let legal = self.g.game().legal_choices();
        let choice = match choice {
            Some(c) if legal.contains(&c) => c,
            other => {
                tracing::error!(game = %self.g.id, seat, choice = ?other, "the bot gave no legal choice; a random one is played");
                legal[self.driver.rng().gen_range(0..legal.len())]
            }
        };
        if let Err(e) = self.commit(|g| g.apply(Some(seat), Kind::Choice, Some(choice)).map(|_| ())).await {
            tracing::error!(game = %self.g.id, error = %e, "the bot's choice was not saved");
            // wait a little before the bot tries again
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

impl GameActor {
    /// The running clock's seat and the moment it runs out, for a clock a
    /// person holds (bots are not flagged: see `clock.rs`).
    fn flag_at(&self) -> Option<(Seat, Instant)> {
        let (seat, at) = self.clock.deadline()?;
        if self.g.is_over() || !matches!(self.g.seats.get(seat as usize)?.player, Player::Human) {
            return None;
        }
        let wait = (at - crate::store::now_ms()).max(0) as u64;
        Some((seat, Instant::now() + Duration::from_millis(wait)))
    }

    /// A clock ran out: a timeout entry, written like a move (a loss in a
    /// game of two sides, a bot taking over in a melee or team game).
    async fn time_out(&mut self, seat: Seat) {
        let now = crate::store::now_ms();
        if self.clock.running != Some(seat) || self.clock.left(seat, now) > 0 {
            return;
        }
        let melee = self.g.seats.len() > 2;
        match self.commit(|g| g.apply(Some(seat), Kind::Timeout, None).map(|_| ())).await {
            Ok(()) => {
                tracing::info!(game = %self.g.id, seat, melee, "time ran out");
                if melee {
                    self.driver.set_seating(seat, Seating::Bot);
                    let id = self.g.id.clone();
                    if let Err(e) = self.store.write(move |c| db::seat_to_bot(c, &id, seat, TIMEOUT_BOT)).await {
                        tracing::warn!(game = %self.g.id, error = %e, "cannot mark a seat as the bot's");
                    }
                    // the bot's clock goes on from where the person's stopped
                    self.publish();
                }
            }
            Err(e) => {
                tracing::error!(game = %self.g.id, error = %e, "cannot record a timeout");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }

    async fn chat(&mut self, seat: Option<Seat>, claimed: Option<Seat>, text: String) -> Result<(), Refused> {
        let Some(seat) = seat else {
            return Err(Refused::plain("spectator-cannot-chat", "spectators can read the chat but not write in it"));
        };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Err(Refused::new(
                "not-your-seat",
                json!({"seat": c as usize + 1}),
                format!("you do not hold seat {}", c as usize + 1),
            ));
        }
        let text = check_chat(&text).map_err(|e| Refused::new("bad-chat", json!({ "why": e.clone() }), e))?;
        if let Err(wait) = self.chat_buckets[seat as usize].take(Instant::now()) {
            return Err(Refused::new(
                "chat-too-fast",
                json!({"secs": wait.ceil() as u64}),
                format!("too many chat messages; wait {:.0} s", wait.ceil()),
            ));
        }
        let line = ChatLine { n: self.chat.len() as u32 + 1, seat, text, at: crate::store::now_ms() };
        let id = self.g.id.clone();
        let stored = line.clone();
        self.store.write(move |c| db::insert_chat(c, &id, &stored)).await.map_err(|e| {
            tracing::error!(game = %self.g.id, error = %e, "cannot save a chat message");
            Refused::plain("save-failed", "the server could not save this message; try again")
        })?;
        Arc::make_mut(&mut self.chat).push(line);
        self.publish();
        Ok(())
    }

    fn rematch(&mut self, token: &str) -> Result<RematchPlan, Refused> {
        let hash = token_hash(token);
        let seat = self
            .g
            .seats
            .iter()
            .position(|s| s.token_hash == Some(hash))
            .ok_or_else(|| Refused::plain("bad-token", "this seat token is not one of this game's"))?;
        if !self.g.is_over() {
            return Err(Refused::plain("game-not-over", "the game is not over"));
        }
        let n = self.g.seats.len();
        // seats turn by one: in a duel the second player starts the rematch
        let order: Vec<usize> = (0..n).map(|j| (j + 1) % n).collect();
        if let Some(id) = &self.g.extras.rematch {
            let new_seat = order.iter().position(|&old| old == seat).map(|j| j as Seat);
            let token = self.rematch_tokens.get(seat).cloned().flatten();
            return Ok(RematchPlan::Made { id: id.clone(), seat: new_seat, token });
        }
        if self.rematch_pending {
            return Err(Refused::plain("rematch-in-progress", "a rematch is being made; try again in a moment"));
        }
        self.rematch_pending = true;
        // a seat a bot took over when its time ran out is a person's again
        let timed_out: Vec<usize> =
            self.g.entries.iter().filter(|e| e.kind == Kind::Timeout).filter_map(|e| e.seat.map(usize::from)).collect();
        let seats = order
            .iter()
            .map(|&old| {
                let mut s = self.g.seats[old].clone();
                if n > 2 && timed_out.contains(&old) {
                    s.player = Player::Human;
                }
                s.token_hash = None;
                s.taken = false;
                s
            })
            .collect();
        let extras = crate::site::Extras {
            time_control: self.g.extras.time_control,
            private: self.g.extras.private,
            rematch_of: Some(self.g.id.clone()),
            ..Default::default()
        };
        let new_seat = order.iter().position(|&old| old == seat).unwrap_or(0) as Seat;
        Ok(RematchPlan::New { seat: new_seat, form: self.g.form, seats, order, extras })
    }

    async fn rematch_made(&mut self, made: Option<(String, Vec<Option<String>>)>) {
        self.rematch_pending = false;
        let Some((id, tokens)) = made else { return };
        let key = self.g.id.clone();
        let rematch = id.clone();
        if let Err(e) = self.store.write(move |c| db::set_rematch(c, &key, &rematch)).await {
            tracing::warn!(game = %self.g.id, error = %e, "cannot link a rematch");
        }
        self.g.extras.rematch = Some(id);
        self.rematch_tokens = tokens;
        self.publish();
    }
}
