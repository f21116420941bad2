//! Bots: a bot seat's search started on the bot pool (`pool.rs`), in turn
//! with other games' bots, on its seat's [`Decision`], and its choice
//! played when it comes back (unless the game moved on meanwhile). While
//! it thinks, its progress (iterations done of its budget) is published
//! every [`PROGRESS_EVERY`] to the game's connections, which send it as a
//! `thinking` message.
//!
//! With bot workers (`Config::bot_workers`) the decision is queued in the
//! database instead (`start_queued`, `workers`): a worker decides from
//! the job's spec and seed on the game rebuilt at this version, and its
//! choice comes back here, to be played exactly as a local one.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::Rng;
use serde::Serialize;
use tash_kalar_bots::{Bot, BotSpec, Decision, Next};
use tash_kalar_rules::{Choice, Seat};
use tokio::task::JoinHandle;

use super::GameActor;
use crate::live::{Kind, Player};
use crate::workers::{Jobs, NewJob};

/// How often a thinking bot's progress is published.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// A bot's decision under way: whose, its search's iterations so far and
/// its budget (of iterations, of time: what its spec sets), and how long
/// it has been thinking (waiting for the bot pool included).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thinking {
    pub seat: Seat,
    pub iterations: u32,
    pub of: Option<u32>,
    pub ms: u64,
    pub time_ms: Option<u64>,
}

/// A spec's budget a decision: its iterations and its time, if limited
/// (none for the bots that do not search).
fn budget(spec: &BotSpec) -> (Option<u32>, Option<u64>) {
    match spec {
        BotSpec::Level(l) => budget(&l.spec()),
        BotSpec::Mcts(c) => (c.iterations, c.time.map(|t| t.as_millis() as u64)),
        _ => (None, None),
    }
}

pub(super) type BotResult = (Seat, u32, Option<Box<dyn Bot>>, Option<Choice>);

impl GameActor {
    pub(super) fn start_bot(&mut self, seat: Seat) -> JoinHandle<BotResult> {
        let spec = match &self.g.seats[seat as usize].player {
            Player::Bot(spec) => spec.clone(),
            Player::Human => "random".into(),
        };
        let seed = self.driver.rng().gen();
        if let Some(jobs) = self.pool.jobs().cloned() {
            return self.start_queued(seat, spec, seed, jobs);
        }
        // a stored spec is parsed and checked again (the database may hold one
        // from before the checks); one that fails gets no bot, and a random
        // choice is played for the seat (see bot_done)
        let parsed = crate::wire::bot_spec(&spec).ok();
        let mut bot = self.bots[seat as usize].take().or_else(|| parsed.as_ref().map(|spec| spec.build(seed)));
        let (of, time_ms) = parsed.as_ref().map_or((None, None), budget);
        let counter = Arc::new(AtomicU32::new(0));
        if let Some(b) = bot.as_mut() {
            b.set_progress(Some(counter.clone()));
        }
        let thinking = self.thinking.clone();
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
            let job = pool.run(&owner, move || {
                let c = bot.decide(&Decision::new(&game, seat));
                (bot, c)
            });
            tokio::pin!(job);
            // (a bot that does not search has no progress to show)
            if of.is_none() && time_ms.is_none() {
                return match job.await {
                    Some((bot, c)) => (seat, version, Some(bot), Some(c)),
                    None => (seat, version, None, None),
                };
            }
            let began = Instant::now();
            let mut ticks = tokio::time::interval(PROGRESS_EVERY);
            let done = loop {
                tokio::select! {
                    done = &mut job => break done,
                    _ = ticks.tick() => {
                        let iterations = counter.load(Ordering::Relaxed);
                        let ms = began.elapsed().as_millis() as u64;
                        thinking.send_replace(Some(Thinking { seat, iterations, of, ms, time_ms }));
                    }
                }
            };
            thinking.send_replace(None);
            match done {
                Some((bot, c)) => (seat, version, Some(bot), Some(c)),
                None => (seat, version, None, None),
            }
        })
    }

    /// The queued path: the decision is a job for the bot workers; its
    /// answer, in the project's notation, is parsed here and played by
    /// [`GameActor::bot_done`] as a local bot's choice (checked legal, the
    /// version still the same). A worker's "none" is a bot without a choice.
    fn start_queued(&mut self, seat: Seat, spec: String, seed: u64, jobs: Jobs) -> JoinHandle<BotResult> {
        // a spec this server refuses (one stored before the checks) is not
        // queued: as on the pool, the seat gets a random choice
        let parsed = crate::wire::bot_spec(&spec).ok();
        let (of, time_ms) = parsed.as_ref().map_or((None, None), budget);
        let version = self.g.version();
        let job = NewJob { game: self.g.id.clone(), version, seat, spec, seed, owner: self.owner.clone() };
        let thinking = self.thinking.clone();
        let pause = self.bot_pause;
        tokio::spawn(async move {
            if !pause.is_zero() {
                tokio::time::sleep(pause).await;
            }
            if parsed.is_none() {
                return (seat, version, None, None);
            }
            // (a bot that does not search has no progress to show)
            let every = (of.is_some() || time_ms.is_some()).then_some(PROGRESS_EVERY);
            let answer = jobs
                .decide(&job, every, |iterations, took| {
                    let ms = took.as_millis() as u64;
                    thinking.send_replace(Some(Thinking { seat, iterations, of, ms, time_ms }));
                })
                .await;
            thinking.send_replace(None);
            let choice = answer.as_deref().and_then(|text| match text.parse::<Choice>() {
                Ok(c) => Some(c),
                Err(e) => {
                    tracing::error!(game = %job.game, text, error = %e, "a bot worker's answer cannot be read");
                    None
                }
            });
            (seat, version, None, choice)
        })
    }

    pub(super) async fn bot_done(&mut self, (seat, version, bot, choice): BotResult) {
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
