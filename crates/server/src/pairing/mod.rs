//! Finding a game (issue 24, "Finding a game"): seeks ("play now"),
//! challenges to a named player, who is online, and blocks.
//!
//! - A **seek** (`seeks.rs`) asks for a game of a form, a clock and
//!   rated or casual; it is paired with the waiting seek of the same terms
//!   whose rating is the closest, within a range that widens with the
//!   time waited ([`seeks::range`]).
//! - A **challenge** (`challenges.rs`) asks one named player for a game;
//!   they accept (the game is made) or decline; the challenger may cancel.
//! - **Blocks** (`blocks.rs`, table `blocks` of migration 0008): two
//!   players one of whom blocks the other are never paired, cannot
//!   challenge each other and cannot chat ([`blocks`]).
//! - The **lobby's WebSocket** (`socket.rs`, `/ws/lobby`) tells who is
//!   online (the accounts with a lobby connection), and each visitor of
//!   its challenges and pairings.
//! - Their queries (blocks, accounts by name, a seeker's rating) are
//!   `Store` methods in `store.rs`, on SQLite or PostgreSQL.
//!
//! Seeks and challenges are short-lived: they live in memory only (the
//! [`Book`]), a seek at most [`SEEK_TTL`] and a challenge at most
//! [`CHALLENGE_TTL`], and what became of them (the game, or why not) for
//! [`OUTCOME_TTL`] more; a restart forgets them and their seekers ask
//! again. A game they make is made by the lobby's one creation path
//! (`lobby::create_game`), with both seats' accounts and the rated flag,
//! and is counted against the creation allowance of the address that
//! made the seek or the challenge (when it was made: a seek that waits
//! costs what a game costs).

mod blocks;
mod challenges;
mod decode;
mod seeks;
mod socket;
mod store;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::routing::{delete, get, post};
use axum::Router;
use rand::seq::SliceRandom;
use serde_json::{json, Value};
use tash_kalar_rules::{Form, School};
use tokio::sync::{mpsc, watch};

use crate::account::{Account, AccountId};
use crate::actor;
use crate::clock::TimeControl;
use crate::error::Error;
use crate::live::{Player, SeatInfo};
use crate::lobby::NewGame;
use crate::site::Extras;
use crate::state::AppState;

pub(crate) use blocks::blocks;

/// A waiting seek is forgotten after this.
pub(crate) const SEEK_TTL: Duration = Duration::from_secs(10 * 60);
/// A challenge not answered is forgotten after this.
pub(crate) const CHALLENGE_TTL: Duration = Duration::from_secs(10 * 60);
/// What became of a seek or a challenge is kept this long for its owner
/// to read (`GET /api/seeks/{id}`, `GET /api/challenges`).
pub(crate) const OUTCOME_TTL: Duration = Duration::from_secs(2 * 60);
/// Seeks waiting at once from one address.
pub(crate) const SEEKS_PER_ADDRESS: usize = 4;
/// Seeks waiting at once in all.
pub(crate) const SEEKS_TOTAL: usize = 5_000;
/// Challenges one account may have waiting for an answer at once.
pub(crate) const CHALLENGES_PER_ACCOUNT: usize = 8;
/// Challenges waiting (or kept as outcomes) at once in all.
pub(crate) const CHALLENGES_TOTAL: usize = 20_000;
/// Players one account may block.
pub(crate) const BLOCKS_PER_ACCOUNT: usize = 500;
/// The online list names at most this many players (`count` says how
/// many there are).
pub(crate) const ONLINE_SHOWN: usize = 200;

/// The routes of finding a game: seeks, challenges, blocks, who is
/// online, and the lobby's WebSocket.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/seeks", post(seeks::create))
        .route("/api/seeks/:id", get(seeks::show).delete(seeks::cancel))
        .route("/api/challenges", post(challenges::create).get(challenges::list))
        .route("/api/challenges/:id", delete(challenges::cancel))
        .route("/api/challenges/:id/accept", post(challenges::accept))
        .route("/api/challenges/:id/decline", post(challenges::decline))
        .route("/api/blocks", get(blocks::list))
        .route("/api/blocks/:name", post(blocks::block).delete(blocks::unblock))
        .route("/api/online", get(socket::online))
        .route("/ws/lobby", get(socket::upgrade))
}

/// What a seek or a challenge asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Terms {
    /// A form of two seats (duel, high-form, first-game).
    pub form: Form,
    pub clock: TimeControl,
    pub rated: bool,
}

impl Terms {
    fn json(&self) -> Value {
        json!({"form": self.form.name(), "clock": self.clock, "rated": self.rated})
    }
}

impl AppState {
    /// Finding a game's state: seeks, challenges, the lobby's sockets
    /// (kept in the state's slot for a layer above it).
    pub(crate) fn pairing(&self) -> &Pairing {
        self.above()
            .get_or_init(|| Box::new(Pairing::default()))
            .downcast_ref::<Pairing>()
            .expect("the slot above the state holds pairing's state alone")
    }
}

/// Finding a game's state, shared by every request ([`AppState::pairing`]).
pub(crate) struct Pairing {
    book: Mutex<Book>,
    /// Who is online, as the lobby's sockets send it: `{"type": "online", ...}`.
    online: watch::Sender<Arc<str>>,
    /// Whether a task is pairing the waiting seeks as their ranges widen.
    ticking: AtomicBool,
}

impl Default for Pairing {
    fn default() -> Pairing {
        let (online, _) = watch::channel(online_message(&[], 0));
        Pairing { book: Mutex::default(), online, ticking: AtomicBool::new(false) }
    }
}

impl Pairing {
    /// The book, locked (never across an `await`), its expired entries dropped.
    fn book(&self) -> MutexGuard<'_, Book> {
        let mut book = self.book.lock().unwrap_or_else(|e| e.into_inner());
        book.prune(Instant::now());
        book
    }

    /// Publishes who is online to every lobby socket, if it changed.
    fn publish_online(&self, book: &Book) {
        let (names, count) = book.online();
        let message = online_message(&names, count);
        self.online.send_if_modified(|old| {
            let changed = **old != *message;
            if changed {
                *old = message;
            }
            changed
        });
    }
}

fn online_message(names: &[String], count: usize) -> Arc<str> {
    json!({"type": "online", "players": names, "count": count}).to_string().into()
}

/// The seeks, challenges and lobby sockets of the moment.
#[derive(Default)]
pub(crate) struct Book {
    seeks: HashMap<String, seeks::Seek>,
    challenges: HashMap<String, challenges::Challenge>,
    sockets: HashMap<u64, socket::Socket>,
    next_socket: u64,
}

impl Book {
    /// Forgets the seeks and challenges past their time.
    fn prune(&mut self, now: Instant) {
        self.seeks.retain(|_, s| !s.expired(now));
        self.challenges.retain(|_, c| !c.expired(now));
    }

    /// Sends a message to every lobby socket that `to` picks. A socket
    /// whose queue is full misses it (its owner can still read the seek
    /// or the challenge over HTTP).
    fn tell(&self, to: impl Fn(&socket::Socket) -> bool, message: &Value) {
        let text: Arc<str> = message.to_string().into();
        for s in self.sockets.values().filter(|s| to(s)) {
            let _ = s.tx.try_send(text.clone());
        }
    }

    /// Tells an account's lobby sockets.
    fn tell_account(&self, account: AccountId, message: &Value) {
        self.tell(|s| s.account.as_ref().is_some_and(|a| a.id == account), message);
    }

    /// The names of the accounts with a lobby socket (at most
    /// [`ONLINE_SHOWN`], sorted), and how many there are.
    fn online(&self) -> (Vec<String>, usize) {
        let mut names: Vec<&str> =
            self.sockets.values().filter_map(|s| s.account.as_ref()).map(|a| a.name.as_str()).collect();
        names.sort_unstable_by_key(|n| n.to_lowercase());
        names.dedup();
        let count = names.len();
        (names.into_iter().take(ONLINE_SHOWN).map(String::from).collect(), count)
    }
}

/// A new channel for a lobby socket's messages.
fn socket_channel() -> (mpsc::Sender<Arc<str>>, mpsc::Receiver<Arc<str>>) {
    mpsc::channel(64)
}

/// The rating a guest is compared by (guests play casual games only).
const GUEST_RATING: f64 = 1500.0;

/// One side of a game that pairing makes: its account (a guest has none).
pub(crate) struct Side {
    pub account: Option<Account>,
}

/// A game of two seats for `sides` on `terms`, in a random order (who
/// starts is drawn) with two different schools of the base game drawn at
/// random, made by the lobby's creation path. Answers the game's id and
/// each side's seat and token, in the order of `sides`.
async fn make_game(
    state: &AppState,
    terms: Terms,
    sides: [&Side; 2],
    owner: Option<String>,
) -> Result<(String, [(usize, String); 2]), Error> {
    let (order, schools) = {
        let mut rng = rand::thread_rng();
        let mut order = [0usize, 1];
        order.shuffle(&mut rng);
        let mut base = [School::Northern, School::Southern, School::Highland, School::Sylvan];
        base.shuffle(&mut rng);
        (order, [base[0], base[1]])
    };
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for (seat, &side) in order.iter().enumerate() {
        let account = sides[side].account.as_ref();
        let token = actor::new_secret(16);
        seats.push(SeatInfo {
            school: schools[seat],
            player: Player::Human,
            name: account.map(|a| a.name.clone()),
            token_hash: Some(actor::token_hash(&token)),
            taken: false,
            open: false,
            account: account.map(|a| a.id),
        });
        tokens.push(Some(token));
    }
    let extras = Extras { time_control: terms.clock, rated: terms.rated, ..Default::default() };
    let new = NewGame { form: terms.form, seats, tokens, extras };
    let (id, tokens) = crate::lobby::create_game(state, new, owner).await?;
    let seat_of = |side: usize| {
        let seat = order.iter().position(|&s| s == side).expect("both sides are seated");
        (seat, tokens[seat].clone().unwrap_or_default())
    };
    Ok((id, [seat_of(0), seat_of(1)]))
}

/// An error as a lobby socket or a seek's status carries it.
fn error_json(e: &Error, lang: tash_kalar_i18n::Lang) -> Value {
    json!({"code": e.code(), "args": e.args(), "message": e.message(lang), "error": e.to_string()})
}
