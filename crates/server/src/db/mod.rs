//! The games in the database: setup, log, seats, chat, lobby summaries,
//! on either store.
//!
//! The game core's operations are methods of [`Store`] here, each with a
//! SQLite form (`sqlite`, run by the store's writer thread or on its
//! reading connection) and a PostgreSQL form (`pg`, one pooled
//! connection and transaction each). Both read and write the same tables
//! with the same meaning; `suite` runs the same cases on both.
//!
//! Every write of a game's driver (moves, seats, chat, the rematch link, a
//! seat handed to a bot) carries the game's [`Lease`]: it is refused with
//! [`StoreError::Fenced`] (nothing written) once the lease's token is no
//! longer the game's. The rematch link is written only where there is
//! none: the first one made stands, and a second asker is given it.

mod pg;
mod sqlite;
#[cfg(test)]
mod suite;

use serde_json::{json, Value};
use tash_kalar_rules::{Form, School, Seat};

// (the ratings' tests append on a bare connection)
#[cfg(test)]
pub(crate) use sqlite::append;

use crate::account::AccountId;
use crate::clock::TimeControl;
use crate::live::{LiveGame, Player, SeatInfo, StoredEntry};
use crate::site::{ChatLine, Extras, SpectatorLine};
use crate::store::{fenced, Lease, Store, StoreError};

/// The lobby's cached summary of a game, rewritten with every append.
#[derive(Clone, Debug)]
pub struct Summary {
    pub status: &'static str,
    pub version: u32,
    pub turn: u16,
    pub scores: String,
    pub outcome: Option<String>,
    /// The clocks (`clock.rs`), when they changed; `None` keeps the stored ones.
    pub clocks: Option<String>,
}

impl Summary {
    pub fn of(g: &LiveGame) -> Summary {
        let game = g.game();
        let scores: Vec<i16> = game.seats().iter().map(|s| s.score).collect();
        Summary {
            status: g.status(),
            version: g.version(),
            turn: game.turn().number,
            scores: serde_json::to_string(&scores).unwrap_or_else(|_| "[]".into()),
            // the outcome says why the game ended: `"why": "time"` with
            // `"timeout": seat` for a loss on time (as older rows had it)
            outcome: game.outcome().and_then(|o| serde_json::to_string(o).ok()),
            clocks: None,
        }
    }
}

/// A stored game: setup and log.
pub struct Stored {
    pub id: String,
    pub form: Form,
    pub created: i64,
    pub seats: Vec<SeatInfo>,
    pub log: Vec<StoredEntry>,
    pub extras: Extras,
}

/// A seat's row as stored, before it is checked.
struct SeatRow {
    seat: i64,
    school: String,
    player: String,
    bot: Option<String>,
    name: Option<String>,
    token_hash: Option<Vec<u8>>,
    taken: bool,
    open: bool,
    account: Option<i64>,
}

impl SeatRow {
    /// The seat, if its row is the `expected`th of game `id` and readable.
    fn seat_info(self, id: &str, expected: usize) -> Result<SeatInfo, String> {
        let seat = self.seat;
        if usize::try_from(seat) != Ok(expected) {
            return Err(format!("game {id}: seats out of order"));
        }
        let school =
            School::parse(&self.school).ok_or_else(|| format!("game {id}: unknown school {:?}", self.school))?;
        let player = match (self.player.as_str(), self.bot) {
            ("human", _) => Player::Human,
            ("bot", Some(spec)) => Player::Bot(spec),
            _ => return Err(format!("game {id}: seat {seat} has no player")),
        };
        let token_hash = self.token_hash.and_then(|h| <[u8; 32]>::try_from(h.as_slice()).ok());
        Ok(SeatInfo {
            school,
            player,
            name: self.name,
            token_hash,
            taken: self.taken,
            open: self.open,
            account: self.account.map(AccountId),
        })
    }
}

/// A seat's columns as written: (player, bot).
fn player_columns(p: &Player) -> (&'static str, Option<&str>) {
    match p {
        Player::Human => ("human", None),
        Player::Bot(spec) => ("bot", Some(spec.as_str())),
    }
}

/// A game's lobby summary (`list`) from its columns, `seats` added after.
#[allow(clippy::too_many_arguments)]
fn listed(
    id: &str,
    form: String,
    status: String,
    version: i64,
    turn: i64,
    scores: &str,
    outcome: Option<String>,
    created: i64,
    updated: i64,
    time_control: &str,
    private: bool,
    rematch_of: Option<String>,
    rated: bool,
    rematch: Option<String>,
) -> Value {
    json!({
        "id": id,
        "form": form,
        "status": status,
        "version": version,
        "turn": turn,
        "scores": serde_json::from_str::<Value>(scores).unwrap_or(Value::Null),
        "outcome": outcome.and_then(|o| serde_json::from_str::<Value>(&o).ok()),
        "created": created,
        "updated": updated,
        "clock": TimeControl::parse(time_control).unwrap_or_default(),
        "private": private,
        "rematch_of": rematch_of,
        "rated": rated,
        "rematch": rematch,
    })
}

/// Reads a time control and a form as stored.
fn parse_header(id: &str, tc: &str, form: &str) -> Result<(TimeControl, Form), String> {
    let time_control = TimeControl::parse(tc).ok_or_else(|| format!("game {id}: unknown time control {tc:?}"))?;
    let form = Form::parse(form).ok_or_else(|| format!("game {id}: unknown form {form:?}"))?;
    Ok((time_control, form))
}

/// Runs `f` in SQLite's write transaction unless `lease` is no longer its
/// game's ([`StoreError::Fenced`], nothing written). One process holds
/// every lease on SQLite, so the check is the in-memory one.
async fn fenced_write<T: Send + 'static>(
    s: &crate::store::Sqlite,
    lease: Option<&Lease>,
    f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T> + Send + 'static,
) -> Result<T, StoreError> {
    let Some(lease) = lease else { return s.write(f).await };
    let (leases, held) = (s.leases().clone(), lease.clone());
    s.write(move |c| if leases.holds(&held) { f(c).map(Some) } else { Ok(None) }).await?.ok_or_else(|| fenced(lease))
}

/// The game core on either store.
impl Store {
    /// Inserts a new game: its row, its seats and its first entries.
    pub(crate) async fn insert_game(&self, g: &LiveGame, entries: Vec<StoredEntry>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => {
                let g = g.clone();
                self.write(move |c| sqlite::insert_game(c, &g, &entries)).await
            }
            Store::Postgres(p) => pg::insert_game(p, g, &entries).await,
        }
    }

    /// Appends entries to a game's log, its summary updated in the same
    /// transaction; under `lease`, only while the lease's token is the
    /// game's ([`StoreError::Fenced`] otherwise, nothing written).
    pub(crate) async fn append(
        &self,
        id: &str,
        entries: Vec<StoredEntry>,
        summary: Summary,
        lease: Option<&Lease>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let id = id.to_string();
                fenced_write(s, lease, move |c| sqlite::append(c, &id, &entries, &summary)).await
            }
            Store::Postgres(p) => pg::append(p, id, &entries, &summary, lease).await,
        }
    }

    /// Records that a seat is taken (and, when joining, its new token; and
    /// the account that took it, with its name if the seat had none);
    /// fenced by `lease` as [`Store::append`] is.
    pub(crate) async fn take_seat(
        &self,
        id: &str,
        seat: Seat,
        token_hash: Option<[u8; 32]>,
        summary: Summary,
        holder: Option<(AccountId, String)>,
        lease: Option<&Lease>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let id = id.to_string();
                fenced_write(s, lease, move |c| {
                    sqlite::take_seat(c, &id, seat, token_hash, &summary)?;
                    match holder {
                        Some((account, name)) => sqlite::seat_account(c, &id, seat, account, &name),
                        None => Ok(()),
                    }
                })
                .await
            }
            Store::Postgres(p) => pg::take_seat(p, id, seat, token_hash, &summary, holder, lease).await,
        }
    }

    /// Gives a seat to an account, and the account's name to the seat if
    /// it had none; fenced by `lease`.
    pub(crate) async fn seat_account(
        &self,
        id: &str,
        seat: Seat,
        account: AccountId,
        name: &str,
        lease: Option<&Lease>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let (id, name) = (id.to_string(), name.to_string());
                fenced_write(s, lease, move |c| sqlite::seat_account(c, &id, seat, account, &name)).await
            }
            Store::Postgres(p) => pg::seat_account(p, id, seat, account, name, lease).await,
        }
    }

    /// Appends a line of the players' chat; fenced by `lease`.
    pub(crate) async fn insert_chat(&self, id: &str, line: ChatLine, lease: Option<&Lease>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let id = id.to_string();
                fenced_write(s, lease, move |c| sqlite::insert_chat(c, &id, &line)).await
            }
            Store::Postgres(p) => pg::insert_chat(p, id, &line, lease).await,
        }
    }

    /// Appends a line of the spectators' chat; fenced by `lease`.
    pub(crate) async fn insert_spectator_chat(
        &self,
        id: &str,
        line: SpectatorLine,
        lease: Option<&Lease>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let id = id.to_string();
                fenced_write(s, lease, move |c| sqlite::insert_spectator_chat(c, &id, &line)).await
            }
            Store::Postgres(p) => pg::insert_spectator_chat(p, id, &line, lease).await,
        }
    }

    /// Links a finished game to its rematch unless it has one already, and
    /// gives the link that stands (the first one made wins a race);
    /// fenced by `lease`.
    pub(crate) async fn set_rematch(
        &self,
        id: &str,
        rematch: &str,
        lease: Option<&Lease>,
    ) -> Result<String, StoreError> {
        match self {
            Store::Sqlite(s) => {
                let (id, rematch) = (id.to_string(), rematch.to_string());
                fenced_write(s, lease, move |c| sqlite::set_rematch(c, &id, &rematch)).await
            }
            Store::Postgres(p) => pg::set_rematch(p, id, rematch, lease).await,
        }
    }

    /// A seat a bot now plays (its player's time ran out, or it left);
    /// fenced by `lease`.
    pub(crate) async fn seat_to_bot(
        &self,
        id: &str,
        seat: Seat,
        bot: &str,
        lease: Option<&Lease>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => {
                let (id, bot) = (id.to_string(), bot.to_string());
                fenced_write(s, lease, move |c| sqlite::seat_to_bot(c, &id, seat, &bot)).await
            }
            Store::Postgres(p) => pg::seat_to_bot(p, id, seat, bot, lease).await,
        }
    }

    /// A stored game, setup and log; `None` for no such game.
    pub(crate) async fn load(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let id = id.to_string();
                self.read(move |c| sqlite::load(c, &id)).await
            }
            Store::Postgres(p) => pg::load(p, id).await,
        }
    }

    /// A page of a game's chat: the last `limit` lines numbered below
    /// `before` (all when `None`), in order; `None` for no such game.
    pub(crate) async fn chat_page(
        &self,
        id: &str,
        before: Option<u32>,
        limit: u32,
    ) -> Result<Option<Vec<ChatLine>>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let id = id.to_string();
                self.read(move |c| sqlite::chat_page(c, &id, before, limit)).await
            }
            Store::Postgres(p) => pg::chat_page(p, id, before, limit).await,
        }
    }

    /// The games due to be loaded: those not over whose running clock, a
    /// person's, ran out by `now` (Unix ms), and, with `stale_before`,
    /// those in play untouched since then whose clock does not run.
    pub(crate) async fn due(&self, now: i64, stale_before: Option<i64>) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                self.read(move |c| {
                    let mut ids = sqlite::clocks_out(c, now)?;
                    if let Some(before) = stale_before {
                        ids.extend(sqlite::stale(c, before)?);
                    }
                    Ok(ids)
                })
                .await
            }
            Store::Postgres(p) => pg::due(p, now, stale_before).await,
        }
    }

    /// The ids of the games not over, the most recently changed first.
    pub(crate) async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => self.read(sqlite::unfinished).await,
            Store::Postgres(p) => pg::unfinished(p).await,
        }
    }

    /// Lobby summaries, most recently changed first. Private games are
    /// left out of lists; asked for by id, they are found.
    pub(crate) async fn list(
        &self,
        status: Option<&'static str>,
        id: Option<&str>,
        limit: u32,
    ) -> Result<Vec<Value>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let id = id.map(str::to_string);
                self.read(move |c| sqlite::list(c, status, id.as_deref(), limit)).await
            }
            Store::Postgres(p) => pg::list(p, status, id, limit).await,
        }
    }

    /// A game's log entries numbered above `after`, in order (none for
    /// no such game): what a process holding the game at version `after`
    /// applies to catch up (a bot worker's cache of replayed games).
    pub(crate) async fn log_after(&self, id: &str, after: u32) -> Result<Vec<StoredEntry>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let id = id.to_string();
                self.read(move |c| sqlite::log_after(c, &id, after)).await
            }
            Store::Postgres(p) => pg::log_after(p, id, after).await,
        }
    }

    /// A stored game as [`Store::load`] reads it, but with only the log
    /// entries numbered above `after`: a mirror holding the game at
    /// version `after` applies them to its copy (`actor/mirror.rs`).
    pub(crate) async fn load_after(&self, id: &str, after: u32) -> Result<Option<Stored>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let id = id.to_string();
                self.read(move |c| sqlite::load_after(c, &id, after)).await
            }
            Store::Postgres(p) => pg::load_after(p, id, after).await,
        }
    }
}
