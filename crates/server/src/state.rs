//! The server's state shared by every request ([`AppState`]): the
//! registry of live games, loading a game on demand (replayed from its
//! log), the cap on live games, and the way a handler reaches a game's
//! actor ([`AppState::call`]). Above the game actor, below the handlers.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::actor::{self, Command, Games, Loaded, Registry};
use crate::config::Config;
use crate::error::Error;
use crate::live::{self, LiveGame};
use crate::store::{self, Store, StoreError};
use crate::{analysis, db, limit, pool, replay_cache};

/// How many games the cap may unload for one new or reloaded game before
/// it gives up (each refusal means a connection arrived meanwhile).
const UNLOAD_ATTEMPTS: usize = 8;

/// Who needs a game in memory, which says what the cap may unload for it.
/// Spectators are counted apart: a game that only spectators watch gives
/// its place to a player's game (its spectators' connections end, with
/// `server-full` if they cannot come back), but never to a spectator's,
/// so that watching cannot hold the places players need.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    /// A player (a seat's hello or act, a join, a creation, a rematch, a
    /// clock run out): may unload a game nobody or only spectators watch.
    Play,
    /// A spectator: may unload only a game nobody watches.
    Watch,
}

/// The server's state, shared by every request.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: Registry,
    /// Places freed for players by unloading a watched game, not yet taken:
    /// a spectator may not take them (its game's spectators come back for
    /// it at once). Taken and read with the registry locked.
    reserved: std::sync::atomic::AtomicUsize,
    config: Config,
    limiter: limit::Limiter,
    joins: limit::Limiter,
    lessons: limit::Limiter,
    conns: Arc<limit::InFlight>,
    replays: replay_cache::Replays,
    pool: pool::BotPool,
    analyses: analysis::Analyses,
    accounts: crate::account::Accounts,
    /// This process among the servers sharing the database: leases,
    /// notifications, the inbox (`cluster`).
    cluster: Arc<crate::cluster::Cluster>,
    /// The state of a feature above this layer, made on first use: finding
    /// a game's seeks, challenges and lobby sockets (`pairing`, which alone
    /// uses it, so that this layer does not name it).
    above: std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>,
}

impl AppState {
    /// Opens the database (creating it and applying migrations) and reloads
    /// the unfinished games by replaying their logs, the most recently
    /// changed first, as many as the cap on live games allows (the others
    /// are loaded when someone opens them).
    pub async fn open(config: Config) -> Result<AppState, StoreError> {
        let store = Store::open(&config.db).await?;
        let limiter = limit::Limiter::new(config.create_limit);
        let joins = limit::Limiter::new(config.join_limit);
        let lessons = limit::Limiter::new(config.lessons_limit);
        let conns = limit::InFlight::new(config.max_connections_per_address, config.max_connections);
        let replays =
            replay_cache::Replays::new(config.replay_cache_bytes, config.replay_builds, config.replays_per_address);
        let pool = match config.bot_workers {
            true => pool::BotPool::queued(config.bot_threads, config.bot_nice, crate::workers::Jobs::start(&store)?),
            false => pool::BotPool::new(config.bot_threads, config.bot_nice),
        };
        let accounts = crate::account::Accounts::new(
            config.sign_up_limit,
            config.sign_in_limit,
            config.sign_in_failures_limit,
            crate::account::Lifetimes { idle: config.session_idle, max: config.session_max },
        );
        let cluster = crate::cluster::Cluster::new(config.node.clone(), config.lease_ttl, store.clone());
        let games = Registry::default();
        cluster.start_router(&games);
        let inner = Inner {
            store,
            games,
            cluster,
            reserved: Default::default(),
            config,
            limiter,
            joins,
            lessons,
            conns,
            replays,
            pool,
            analyses: Default::default(),
            accounts,
            above: Default::default(),
        };
        let state = AppState { inner: Arc::new(inner) };
        let mut ids = state.inner.store.unfinished().await?;
        let unfinished = ids.len();
        ids.truncate(state.inner.config.max_live_games);
        let mut loaded = 0;
        for id in &ids {
            // (a game another server drives is its)
            match state.load(id, Need::Play, false).await {
                Ok(None) => {}
                Ok(Some(_)) => loaded += 1,
                Err(e) => tracing::error!(game = %id, error = ?e, "cannot reload a game"),
            }
        }
        tracing::info!(loaded, unfinished, db = %state.inner.config.db.display(), "games reloaded");
        // a game that left memory still has a clock running: load it when it runs out
        let sweeper = Arc::downgrade(&state.inner);
        let every = state.inner.config.clock_sweep;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(inner) = sweeper.upgrade() else { break };
                AppState { inner }.sweep_clocks().await;
            }
        });
        Ok(state)
    }

    /// Loads the games not in memory whose running clock has run out: their
    /// task flags them at once (`clock.rs`); and those in play untouched for
    /// the move deadline whose clock does not run (`Store::due`): their task
    /// settles them (`actor/endings.rs`).
    async fn sweep_clocks(&self) {
        let now = store::now_ms();
        let deadline = self.inner.config.move_deadline.as_millis().min(i64::MAX as u128) as i64;
        let stale_before = (deadline > 0).then(|| now.saturating_sub(deadline));
        let due = match self.inner.store.due(now, stale_before).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot look for clocks that ran out");
                return;
            }
        };
        for id in due {
            if self.is_live(&id).await {
                continue;
            }
            match self.load(&id, Need::Play, false).await {
                Ok(None) => {}
                Ok(Some(_)) => tracing::info!(game = %id, "loaded: its clock ran out"),
                Err(e) => tracing::warn!(game = %id, error = ?e, "cannot load a game whose clock ran out"),
            }
        }
    }

    pub(crate) fn pool(&self) -> &pool::BotPool {
        &self.inner.pool
    }

    pub(crate) fn analyses(&self) -> &analysis::Analyses {
        &self.inner.analyses
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn limiter(&self) -> &limit::Limiter {
        &self.inner.limiter
    }

    /// The allowance of seats joined from the lobby, per address.
    pub(crate) fn join_limiter(&self) -> &limit::Limiter {
        &self.inner.joins
    }

    /// The allowance of lesson steps, hints and progress writes, per
    /// address (`learn.rs`).
    pub(crate) fn lessons_limiter(&self) -> &limit::Limiter {
        &self.inner.lessons
    }

    /// The slot of a feature above this layer's state (see `Inner::above`).
    pub(crate) fn above(&self) -> &std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>> {
        &self.inner.above
    }

    pub(crate) fn replays(&self) -> &replay_cache::Replays {
        &self.inner.replays
    }

    /// The account routes' throttles and hashing turns.
    pub(crate) fn accounts(&self) -> &crate::account::Accounts {
        &self.inner.accounts
    }

    pub(crate) fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The count of connections held open, per address and in all.
    pub(crate) fn conns(&self) -> Arc<limit::InFlight> {
        self.inner.conns.clone()
    }

    /// Connections held open now by this address (IPv6: its /64).
    pub fn connections_from(&self, ip: std::net::IpAddr) -> usize {
        self.inner.conns.held_by(ip)
    }

    /// Connections held open now in all.
    pub fn connections(&self) -> usize {
        self.inner.conns.held()
    }

    /// The bytes held by the cache of replays and records.
    pub fn replay_cache_bytes(&self) -> usize {
        self.inner.replays.cached_bytes()
    }

    /// How many games are live (held in memory).
    pub async fn live_games(&self) -> usize {
        self.inner.games.lock().await.values().filter(|l| !l.tx.is_closed()).count()
    }

    /// Whether this game is live (held in memory).
    pub async fn is_live(&self, id: &str) -> bool {
        self.inner.games.lock().await.get(id).is_some_and(|l| !l.tx.is_closed())
    }

    /// The registry, locked, with `id` live in it or room for one more
    /// game: when the cap is reached a game is asked to unload itself
    /// (outside the lock, which its task takes to leave): the one idle the
    /// longest, else, for a player, the one without a seat connected the
    /// longest ([`Need`]).
    async fn room(&self, id: Option<&str>, need: Need) -> Result<Games<'_>, Error> {
        use std::sync::atomic::Ordering::Relaxed;
        let cap = self.inner.config.max_live_games;
        let reserved = &self.inner.reserved;
        // a place freed for this caller (given back when dropped, also if
        // the request is dropped half-way)
        let mut holding: Option<Reserved<'_>> = None;
        for _ in 0..UNLOAD_ATTEMPTS {
            let mut games = self.inner.games.lock().await;
            holding = None;
            // a task that ended on its own leaves its entry behind
            games.retain(|_, l| !l.tx.is_closed());
            let taken = games.len() + if need == Need::Watch { reserved.load(Relaxed) } else { 0 };
            if id.is_some_and(|id| games.contains_key(id)) || taken < cap {
                return Ok(games);
            }
            let Some((watched, key, tx)) = unload_candidate(&games, need) else {
                return Err(Error::ServerFull { games: cap });
            };
            if watched {
                // the place is this player's: its spectators will ask for it back
                reserved.fetch_add(1, Relaxed);
                holding = Some(Reserved(reserved));
            }
            drop(games);
            let (reply, rx) = oneshot::channel();
            let unloaded = tx.send(Command::Unload { watched, reply }).await.is_err() || rx.await.unwrap_or(true);
            if unloaded {
                tracing::info!(game = %key, cap, watched, "unloaded to make room");
            }
        }
        drop(holding);
        Err(Error::ServerFull { games: cap })
    }

    /// Whether the game's WebSocket would be accepted now, without loading
    /// anything: it is live, or it is stored and there is room to load it
    /// for a player (below the cap, or a game to unload). Browsers hide
    /// why a WebSocket was refused; pages ask this instead. (A spectator's
    /// hello may still find no room: it may not unload a watched game.)
    pub(crate) async fn reachable(&self, id: &str) -> Result<bool, Error> {
        if self.is_live(id).await {
            return Ok(true);
        }
        let stored = self.inner.store.list(None, Some(id), 1).await.map_err(Error::internal)?;
        if stored.is_empty() {
            return Err(Error::NoSuchGame);
        }
        let cap = self.inner.config.max_live_games;
        let games = self.inner.games.lock().await;
        let live = games.values().filter(|l| !l.tx.is_closed()).count();
        if live < cap || unload_candidate(&games, Need::Play).is_some() {
            Ok(false)
        } else {
            Err(Error::ServerFull { games: cap })
        }
    }

    /// The live game's queue, loading the game from the database if need
    /// be, for a player or a spectator ([`Need`]).
    pub(crate) async fn game_for(&self, id: &str, need: Need) -> Result<mpsc::Sender<Command>, Error> {
        self.load(id, need, true).await?.ok_or(Error::NoSuchGame)
    }

    /// The live game's queue, loading the game from the database if need
    /// be: this process takes the game's lease and drives it; if another
    /// live server holds the lease, the game is mirrored (`mirror`), or
    /// not loaded at all (`None`) without `mirror`.
    async fn load(&self, id: &str, need: Need, mirror: bool) -> Result<Option<mpsc::Sender<Command>>, Error> {
        let mut games = self.room(Some(id), need).await?;
        if let Some(l) = games.get(id) {
            return Ok(Some(l.tx.clone()));
        }
        let lease = match self.inner.cluster.take(id).await {
            Ok(lease) => lease,
            Err(StoreError::NoSuchGame(_)) => return Err(Error::NoSuchGame),
            Err(e) => return Err(Error::internal(e)),
        };
        if lease.is_none() && !mirror {
            return Ok(None);
        }
        let stored = self.inner.store.load(id).await.map_err(Error::internal)?;
        let Some(stored) = stored else { return Err(Error::NoSuchGame) };
        let g = tokio::task::spawn_blocking(move || replay(stored)).await.map_err(Error::internal)??;
        // a game loaded from the database takes its own turn on the bot pool
        let loaded = self.spawn(g, id.to_string(), lease);
        let tx = loaded.tx.clone();
        games.insert(id.to_string(), loaded);
        Ok(Some(tx))
    }

    /// The live game's queue, if it is loaded.
    pub(crate) async fn live(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        self.inner.games.lock().await.get(id).filter(|l| !l.tx.is_closed()).map(|l| l.tx.clone())
    }

    fn spawn(&self, g: LiveGame, owner: String, lease: Option<store::Lease>) -> Loaded {
        let i = &self.inner;
        let cluster = i.cluster.clone();
        actor::spawn(g, i.store.clone(), i.games.clone(), &i.config, i.pool.clone(), owner, cluster, lease)
    }

    /// The version of the game as stored (its log replayed), for tests of
    /// what reached the database.
    #[doc(hidden)]
    pub async fn stored_version(&self, id: &str) -> Option<u32> {
        let stored = self.inner.store.load(id).await.ok()??;
        replay(stored).ok().map(|g| g.version())
    }

    /// Stops (or starts again) renewing and taking leases, as a process
    /// that hangs would: for the tests of several servers.
    #[doc(hidden)]
    pub fn pause_leases(&self, paused: bool) {
        self.inner.cluster.pause_leases(paused);
    }

    /// Stores a new game and starts its task, if there is room for it:
    /// nothing is stored when the server is full. `owner` (the creator's
    /// address) says whose turn on the bot pool its bots take; `also`
    /// writes what the game has beyond its row (the seats' accounts, the
    /// rated flag) in the same transaction.
    pub(crate) async fn create(
        &self,
        g: LiveGame,
        entries: Vec<live::StoredEntry>,
        owner: String,
    ) -> Result<(), Error> {
        let mut games = self.room(None, Need::Play).await?;
        self.inner.store.insert_game(&g, entries).await.map_err(Error::internal)?;
        let id = g.id.clone();
        // (a new game's lease is free: only a paused process mirrors it)
        let lease = self.inner.cluster.take(&id).await.map_err(Error::internal)?;
        let loaded = self.spawn(g, owner, lease);
        games.insert(id, loaded);
        Ok(())
    }

    /// Sends a command to a game and waits for its answer (the game's
    /// refusal, or the game not reached); a game that was unloaded
    /// meanwhile is loaded again.
    pub(crate) async fn call<T>(
        &self,
        id: &str,
        make: impl FnMut(oneshot::Sender<Result<T, Error>>) -> Command,
    ) -> Result<T, Error> {
        self.call_for(Need::Play, id, make).await
    }

    /// The same, for a player or a spectator ([`Need`]).
    pub(crate) async fn call_for<T>(
        &self,
        need: Need,
        id: &str,
        mut make: impl FnMut(oneshot::Sender<Result<T, Error>>) -> Command,
    ) -> Result<T, Error> {
        for _ in 0..3 {
            let tx = self.game_for(id, need).await?;
            let (reply, rx) = oneshot::channel();
            if tx.send(make(reply)).await.is_err() {
                continue;
            }
            if let Ok(r) = rx.await {
                return r;
            }
        }
        Err(Error::internal("the game is being unloaded; try again"))
    }
}

/// A place in the cap held for a player ([`AppState::room`]).
struct Reserved<'a>(&'a std::sync::atomic::AtomicUsize);

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The game the cap unloads to make room: the one nobody has watched for
/// the longest, else, for a player, the one no seat has watched for the
/// longest (`true`: watched by spectators); with its key and queue.
fn unload_candidate(games: &Games<'_>, need: Need) -> Option<(bool, String, mpsc::Sender<Command>)> {
    let oldest = |since: &dyn Fn(&Loaded) -> Option<std::time::Instant>| {
        games
            .iter()
            .filter(|(_, l)| !l.tx.is_closed())
            .filter_map(|(key, l)| since(l).map(|t| (t, key, l)))
            .min_by_key(|(t, _, _)| *t)
            .map(|(_, key, l)| (key.clone(), l.tx.clone()))
    };
    if let Some((key, tx)) = oldest(&|l| l.idle.get()) {
        return Some((false, key, tx));
    }
    match need {
        Need::Play => oldest(&|l| l.idle.unseated()).map(|(key, tx)| (true, key, tx)),
        Need::Watch => None,
    }
}

/// A stored game, replayed from its log.
pub(crate) fn replay(stored: db::Stored) -> Result<LiveGame, Error> {
    let mut g = LiveGame::new(stored.id, stored.form, stored.seats, stored.created).map_err(Error::internal)?;
    for e in &stored.log {
        g.apply_stored(e).map_err(Error::internal)?;
    }
    g.extras = stored.extras;
    Ok(g)
}
