//! The inbox: commands a mirroring process passes to a game's driver
//! (table `relay`, migration `0015_relay.sql`). The mirror writes the
//! command as JSON of the closed enum [`Relayed`] and notifies
//! `tk_inbox '<game id>'`; the driver runs its game's rows in id order as
//! if they were its own connections', writes each answer and notifies
//! `tk_reply '<row id>'`; the mirror reads the answer and deletes the row.
//! Seat tokens and accounts are in the rows only, never in a notification.
//!
//! An answer's refusal is stored as its code, args and English text, and
//! made again into the same [`Error`] ([`Refused::error`]); a refusal of
//! the rules that cannot be made again from its args (a choice's) is the
//! mirror's own to give first (`actor/mirror.rs` checks a choice on its
//! copy of the game before relaying it).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tash_kalar_rules::record::Mover;
use tash_kalar_rules::{Refusal, Seat};
use tokio::sync::Notify;

use super::Cluster;
use crate::account::{Account, AccountId};
use crate::actor::{Action, Author};
use crate::error::Error;
use crate::store::NOW_MS;
use crate::store::{Store, StoreError};
use crate::wire::ClaimKind;

/// Answered rows older than this (their asker gone) are deleted by the
/// driver; unanswered ones older than [`STALE_WAITING_MS`] too.
const STALE_ANSWERED_MS: i64 = 60_000;
const STALE_WAITING_MS: i64 = 600_000;

/// A command of a connection to a mirroring process, for the driver.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Relayed {
    /// A seat's first hello that marks it taken or gives it to an account
    /// (the driver writes that; the connection itself stays the mirror's).
    Hello {
        token: Option<String>,
        account: Option<(i64, String)>,
    },
    Act {
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: RelayedAction,
    },
    Join {
        seat: Seat,
        account: Option<(i64, String)>,
    },
    Chat {
        seat: Option<Seat>,
        claimed: Option<Seat>,
        text: String,
        account: Option<(i64, String)>,
        addr: IpAddr,
    },
    RematchMade {
        made: Option<String>,
    },
}

/// [`Action`], as stored.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum RelayedAction {
    Choose { choice: String },
    Undo,
    Resign,
    Abort,
    Claim { win: bool },
    Leave,
    TakebackOffer,
    TakebackAnswer { accept: bool },
}

impl From<&Action> for RelayedAction {
    fn from(a: &Action) -> RelayedAction {
        match a {
            Action::Choose(c) => RelayedAction::Choose { choice: c.clone() },
            Action::Undo => RelayedAction::Undo,
            Action::Resign => RelayedAction::Resign,
            Action::Abort => RelayedAction::Abort,
            Action::Claim(k) => RelayedAction::Claim { win: *k == ClaimKind::Win },
            Action::Leave => RelayedAction::Leave,
            Action::TakebackOffer => RelayedAction::TakebackOffer,
            Action::TakebackAnswer { accept } => RelayedAction::TakebackAnswer { accept: *accept },
        }
    }
}

impl From<RelayedAction> for Action {
    fn from(a: RelayedAction) -> Action {
        match a {
            RelayedAction::Choose { choice } => Action::Choose(choice),
            RelayedAction::Undo => Action::Undo,
            RelayedAction::Resign => Action::Resign,
            RelayedAction::Abort => Action::Abort,
            RelayedAction::Claim { win } => Action::Claim(if win { ClaimKind::Win } else { ClaimKind::Draw }),
            RelayedAction::Leave => Action::Leave,
            RelayedAction::TakebackOffer => Action::TakebackOffer,
            RelayedAction::TakebackAnswer { accept } => Action::TakebackAnswer { accept },
        }
    }
}

pub(crate) fn account_of(a: &Option<Account>) -> Option<(i64, String)> {
    a.as_ref().map(|a| (a.id.0, a.name.clone()))
}

pub(crate) fn account_from(a: Option<(i64, String)>) -> Option<Account> {
    a.map(|(id, name)| Account { id: AccountId(id), name })
}

pub(crate) fn author_from(account: Option<(i64, String)>, addr: IpAddr) -> Author {
    Author { account, addr }
}

/// A refusal as stored: its code, args and English text.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub(crate) struct Refused {
    pub code: String,
    pub args: Value,
    pub text: String,
}

/// A relayed command's answer: what the driver's command gave.
pub(crate) type Answer = Result<Value, Refused>;

impl Refused {
    pub fn of(e: &Error) -> Refused {
        Refused { code: e.code().name().to_string(), args: e.args(), text: e.to_string() }
    }

    /// The driver's error again: the same code and args (so the same words
    /// in every language). A refusal of the rules is made again from its
    /// args where they say it all; one that names a choice's details (a
    /// wrong phase, an illegal choice) is `conflict`: the mirror checked
    /// the choice on the same position first, so only a change meanwhile
    /// gives one.
    pub fn error(&self) -> Error {
        let n = |k: &str| self.args.get(k).and_then(Value::as_u64).unwrap_or(0);
        let s = |k: &str| self.args.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        let who = |k: &str| match self.args.get(k) {
            Some(Value::Number(n)) => Some(Mover::Seat(n.as_u64()?.checked_sub(1)? as Seat)),
            Some(Value::String(c)) if c == "chance" => Some(Mover::Chance),
            _ => None,
        };
        match self.code.as_str() {
            "game-over" => Error::GameOver { rules: Some(Box::new(Refusal::GameOver)) },
            "no-such-seat" => Error::NoSuchSeat {
                seat: n("seat") as usize,
                seats: self.args.get("seats").and_then(Value::as_u64).map(|n| n as usize),
                rules: None,
            },
            "not-your-turn" => match (who("by"), who("actor")) {
                (Some(by), Some(actor)) => Refusal::WrongSeat { by, actor }.into(),
                _ => Error::Conflict,
            },
            "unknown-choice" => Error::UnknownChoice { text: s("text"), why: s("why"), rules: None },
            "nothing-to-take-back" if n("seat") > 0 => {
                Refusal::NothingToTakeBack { seat: (n("seat") - 1) as Seat }.into()
            }
            "too-late-to-abort" => Refusal::TooLateToAbort.into(),
            "not-your-seat" => Error::NotYourSeat { seat: n("seat") as usize },
            "spectator-cannot-play" => Error::SpectatorCannotPlay,
            "spectator-cannot-chat" => Error::SpectatorCannotChat,
            "time-ran-out" => Error::TimeRanOut,
            "stale-version" => Error::StaleVersion { version: n("version") as u32, current: n("current") as u32 },
            "version-required" => Error::VersionRequired,
            "resign-message" => Error::ResignMessage,
            "seat-required" => Error::SeatRequired,
            "bad-entry" => Error::BadEntry,
            "chat-too-fast" => Error::ChatTooFast { secs: n("secs") },
            "chat-full" => Error::ChatFull { lines: n("lines") as usize },
            "save-failed" => Error::SaveFailed,
            "bad-token" => Error::BadToken,
            "seat-is-bot" => Error::SeatIsBot,
            "seat-taken" => Error::SeatTaken,
            "seat-reserved" => Error::SeatReserved,
            "game-not-over" => Error::GameNotOver,
            "rematch-in-progress" => Error::RematchInProgress,
            "nothing-to-claim" => Error::NothingToClaim,
            "claim-too-early" => Error::ClaimTooEarly { secs: n("secs") },
            "cannot-leave" => Error::CannotLeave,
            "undo-rated" => Error::UndoRated,
            "takeback-open" => Error::TakebackOpen,
            "takeback-declined" => Error::TakebackDeclined,
            "takeback-nobody" => Error::TakebackNobody,
            "no-takeback" => Error::NoTakeback,
            "no-such-game" => Error::NoSuchGame,
            "server-full" => Error::ServerFull { games: n("games") as usize },
            "server-error" => Error::ServerError { why: self.text.clone() },
            _ => Error::Conflict,
        }
    }
}

/// Why a relayed command got no answer: nothing changed (the row is gone
/// unanswered), and the caller may try again.
pub(crate) fn unanswered() -> Error {
    Error::SaveFailed
}

impl Cluster {
    pub(super) fn pg(&self) -> Result<&crate::store::Postgres, StoreError> {
        match self.store() {
            Store::Postgres(p) => Ok(p),
            Store::Sqlite(_) => Err(StoreError::NotPorted { what: "the inbox" }),
        }
    }

    /// Passes `cmd` to `game`'s driver and waits up to `wait` for its
    /// answer. Unanswered by then, the row is deleted (if the driver took
    /// it meanwhile, its answer is read after all) and the caller gets
    /// [`unanswered`]: `Err(None)` tells it to check the lease.
    pub async fn relay(&self, game: &str, cmd: &Relayed, wait: Duration) -> Result<Answer, Option<Error>> {
        let fail = |e: StoreError| {
            tracing::warn!(game, error = %e, "cannot relay a command");
            Some(unanswered())
        };
        let p = self.pg().map_err(fail)?;
        let json = serde_json::to_string(cmd).map_err(|e| Some(Error::internal(e)))?;
        let id: i64 = {
            let client = p.client().await.map_err(fail)?;
            client
                .query_one(
                    &format!(
                        "INSERT INTO relay (game_id, command, created) VALUES ($1, $2::text::jsonb, {NOW_MS}) RETURNING id"
                    ),
                    &[&game, &json],
                )
                .await
                .map_err(|e| fail(e.into()))?
                .get(0)
        };
        let woken = Arc::new(Notify::new());
        self.waiting.lock().unwrap_or_else(|e| e.into_inner()).insert(id, woken.clone());
        self.notify("tk_inbox", game).await;
        let answer = self.wait_for(id, &woken, wait).await;
        self.waiting.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
        answer
    }

    async fn wait_for(&self, id: i64, woken: &Notify, wait: Duration) -> Result<Answer, Option<Error>> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            // (a notification missed is made up for by reading every half second)
            let _ = tokio::time::timeout(Duration::from_millis(500), woken.notified()).await;
            let gave_up = tokio::time::Instant::now() >= deadline;
            match self.take_answer(id, gave_up).await {
                Ok(Some(answer)) => return Ok(answer),
                Ok(None) if gave_up => return Err(None),
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read a relayed command's answer");
                    if gave_up {
                        return Err(Some(unanswered()));
                    }
                }
            }
        }
    }

    /// The answer of row `id`, deleting the row once answered (or, with
    /// `give_up`, unanswered: the driver will not find it then).
    async fn take_answer(&self, id: i64, give_up: bool) -> Result<Option<Answer>, StoreError> {
        let client = self.pg()?.client().await?;
        let sql = if give_up {
            "DELETE FROM relay WHERE id = $1 RETURNING answer::text"
        } else {
            "DELETE FROM relay WHERE id = $1 AND answer IS NOT NULL RETURNING answer::text"
        };
        let Some(row) = client.query_opt(sql, &[&id]).await? else { return Ok(None) };
        let Some(text) = row.get::<_, Option<String>>(0) else { return Ok(None) };
        let answer = serde_json::from_str(&text).map_err(|e| StoreError::BadRow(format!("relay answer: {e}")))?;
        Ok(Some(answer))
    }

    /// The commands waiting for `game`'s driver, in the order written; a
    /// row this program cannot read is answered `server-error` at once.
    /// Rows long answered or long waiting are deleted.
    pub async fn inbox(&self, game: &str) -> Result<Vec<(i64, Relayed)>, StoreError> {
        let client = self.pg()?.client().await?;
        client
            .execute(
                &format!(
                    "DELETE FROM relay WHERE game_id = $1 AND \
                     ((answer IS NOT NULL AND answered < {NOW_MS} - $2) OR created < {NOW_MS} - $3)"
                ),
                &[&game, &STALE_ANSWERED_MS, &STALE_WAITING_MS],
            )
            .await?;
        let rows = client
            .query("SELECT id, command::text FROM relay WHERE game_id = $1 AND answer IS NULL ORDER BY id", &[&game])
            .await?;
        drop(client);
        let mut out = Vec::new();
        for r in rows {
            let id: i64 = r.get(0);
            let text: String = r.get(1);
            match serde_json::from_str(&text) {
                Ok(cmd) => out.push((id, cmd)),
                Err(e) => {
                    let e = Error::ServerError { why: format!("a relayed command this server cannot read: {e}") };
                    self.answer(id, &Err(Refused::of(&e))).await?;
                }
            }
        }
        Ok(out)
    }

    /// Stores row `id`'s answer and tells its asker.
    pub async fn answer(&self, id: i64, answer: &Answer) -> Result<(), StoreError> {
        let json = serde_json::to_string(answer).map_err(|e| StoreError::Task(e.to_string()))?;
        {
            let client = self.pg()?.client().await?;
            client
                .execute(
                    &format!("UPDATE relay SET answer = $2::text::jsonb, answered = {NOW_MS} WHERE id = $1"),
                    &[&id, &json],
                )
                .await?;
        }
        self.notify("tk_reply", &id.to_string()).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_keeps_its_meaning_through_json() {
        let cmds = [
            Relayed::Act {
                seat: Some(1),
                claimed: None,
                version: Some(7),
                action: RelayedAction::from(&Action::Claim(ClaimKind::Draw)),
            },
            Relayed::Chat {
                seat: None,
                claimed: None,
                text: "hi".into(),
                account: Some((3, "ann".into())),
                addr: "10.0.0.1".parse().unwrap(),
            },
            Relayed::Join { seat: 0, account: None },
        ];
        for c in cmds {
            let back: Relayed = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
            assert_eq!(back, c);
        }
        let a = Action::from(RelayedAction::from(&Action::TakebackAnswer { accept: true }));
        assert!(matches!(a, Action::TakebackAnswer { accept: true }));
    }

    #[test]
    fn a_refusal_comes_back_as_the_same_error() {
        let errors = [
            Error::StaleVersion { version: 3, current: 5 },
            Error::NotYourSeat { seat: 2 },
            Error::ChatTooFast { secs: 4 },
            Error::TakebackDeclined,
            Error::SeatTaken,
            Refusal::NothingToTakeBack { seat: 1 }.into(),
            Refusal::WrongSeat { by: Mover::Seat(0), actor: Mover::Seat(1) }.into(),
            Refusal::TooLateToAbort.into(),
        ];
        for e in errors {
            let stored: Refused = serde_json::from_str(&serde_json::to_string(&Refused::of(&e)).unwrap()).unwrap();
            let back = stored.error();
            assert_eq!(back.code(), e.code());
            assert_eq!(back.args(), e.args());
            assert_eq!(back.to_string(), e.to_string());
        }
    }
}
