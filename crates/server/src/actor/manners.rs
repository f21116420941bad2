//! Table manners: take-back requests, and the spectators' chat.
//!
//! A take-back request (`takeback-offer`) asks the other human players to
//! let a seat take back what the rules' policy could let it take back
//! alone ([`tash_kalar_rules::Match::undo_by`], the guidebook's "Take
//! Backs": its own choices within the current stretch of its turn, never
//! past the end of a turn, a draw, a claimed task or passed control), all
//! of them at once. Every other seated human must accept
//! (`takeback-accept`); one decline (`takeback-decline`) ends it, and is
//! final for that position: the same seat cannot ask again until the
//! game has moved on. One request is open at a time; any change to the
//! game (a choice, a plain take-back) lets it lapse. On acceptance the
//! server appends the undo entries (the log is append-only) as the plain
//! take-back does. In a rated game the plain take-back is off: a take-back
//! is only ever agreed (the request is the agreement).
//!
//! The spectators' chat is kept apart from the players': spectators write
//! to it (bounded per game, paced per address, checked as the players'
//! chat is), and only spectators read it while the game goes on; once the
//! game is over, everyone does.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use tash_kalar_present::{Model, TakebackAsk};
use tash_kalar_rules::{Refusal, Seat};

use super::GameActor;
use crate::error::Error;
use crate::live::{Kind, LiveGame, Player};
use crate::site::{check_chat, ChatBucket, SpectatorLine};

/// Past this many addresses the spectators' pace is forgotten (each line
/// still counts against the game's bound).
const MAX_PACED: usize = 4096;

/// A game's table manners, in its actor's memory (requests are not kept
/// across a restart: a request open then lapses).
#[derive(Default)]
pub(super) struct Manners {
    takeback: Option<Pending>,
    /// The last request declined: its seat and the position (version).
    declined: Option<(Seat, u32)>,
    pub spectator_chat: Arc<Vec<SpectatorLine>>,
    paces: HashMap<IpAddr, ChatBucket>,
}

/// An open take-back request.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Pending {
    seat: Seat,
    /// The position it was made at; it lapses when the game moves on.
    version: u32,
    choices: u32,
    accepted: Vec<Seat>,
}

/// Who writes in the spectators' chat: their account (id and name), if
/// signed in, and their address.
#[derive(Clone, Debug)]
pub struct Author {
    pub account: Option<(i64, String)>,
    pub addr: IpAddr,
}

/// The seats that answer `seat`'s request: the other seated humans.
fn answerers(g: &LiveGame, seat: Seat) -> Vec<Seat> {
    (0..g.seats.len() as Seat)
        .filter(|&s| s != seat && g.seats[s as usize].player == Player::Human && g.seats[s as usize].taken)
        .collect()
}

impl Manners {
    /// A game's manners as loaded: no request open, its spectators' chat.
    pub fn new(spectator_chat: Vec<SpectatorLine>) -> Manners {
        Manners { spectator_chat: Arc::new(spectator_chat), ..Manners::default() }
    }

    /// The open request, if it was made at the game's current position.
    fn open(&self, g: &LiveGame) -> Option<&Pending> {
        self.takeback.as_ref().filter(|p| p.version == g.version() && !g.is_over())
    }

    /// Whether `seat` may ask for a take-back now.
    fn may_ask(&self, g: &LiveGame, seat: Seat) -> bool {
        !g.is_over()
            && g.seats.get(seat as usize).is_some_and(|s| s.player == Player::Human)
            && g.can_undo(seat)
            && self.open(g).is_none()
            && self.declined != Some((seat, g.version()))
            && !answerers(g, seat).is_empty()
    }

    /// The request open and the last declined, as a game's mirrors on
    /// other servers show them (`mirror.rs`).
    pub fn shown(&self) -> serde_json::Value {
        serde_json::json!({ "takeback": self.takeback, "declined": self.declined })
    }

    /// Shows the driver's request and last declined ([`Manners::shown`]);
    /// anything else (`null`): none.
    pub fn show(&mut self, shown: &serde_json::Value) {
        let read = |k: &str| shown.get(k).cloned().unwrap_or_default();
        self.takeback = serde_json::from_value(read("takeback")).unwrap_or_default();
        self.declined = serde_json::from_value(read("declined")).unwrap_or_default();
    }

    /// Sets what a class of viewer (a seat, or the spectators after the
    /// seats) may do about take-backs in its model, and the open request.
    pub fn patch(&self, g: &LiveGame, class: usize, model: &mut Model) {
        let open = self.open(g);
        model.can.takeback = open.map(|p| TakebackAsk { seat: p.seat, choices: p.choices });
        if class >= g.seats.len() || g.is_over() {
            return;
        }
        let seat = class as Seat;
        model.can.takeback_request = self.may_ask(g, seat);
        model.can.takeback_answer =
            open.is_some_and(|p| !p.accepted.contains(&seat) && answerers(g, p.seat).contains(&seat));
    }
}

impl GameActor {
    /// A seat asks the others to let it take back.
    pub(super) fn takeback_offer(&mut self, seat: Seat) -> Result<(), Error> {
        let g = &self.g;
        if g.is_over() {
            return Err(Error::GameOver { rules: None });
        }
        if self.manners.open(g).is_some() {
            return Err(Error::TakebackOpen);
        }
        if self.manners.declined == Some((seat, g.version())) {
            return Err(Error::TakebackDeclined);
        }
        if !g.can_undo(seat) {
            // the rules' policy: nothing of this seat's can be taken back now
            return Err(Refusal::NothingToTakeBack { seat }.into());
        }
        if answerers(g, seat).is_empty() {
            return Err(Error::TakebackNobody);
        }
        let choices = g.m.undoable().count() as u32;
        self.manners.takeback = Some(Pending { seat, version: g.version(), choices, accepted: Vec::new() });
        self.publish();
        Ok(())
    }

    /// A seat answers the open request; the last acceptance takes back.
    pub(super) async fn takeback_answer(&mut self, seat: Seat, accept: bool) -> Result<(), Error> {
        let Some(p) = self.manners.open(&self.g).cloned() else {
            return Err(Error::NoTakeback);
        };
        if p.accepted.contains(&seat) || !answerers(&self.g, p.seat).contains(&seat) {
            return Err(Error::NoTakeback);
        }
        if !accept {
            self.manners.takeback = None;
            self.manners.declined = Some((p.seat, p.version));
            self.publish();
            return Ok(());
        }
        let mut accepted = p.accepted.clone();
        accepted.push(seat);
        if answerers(&self.g, p.seat).iter().any(|s| !accepted.contains(s)) {
            self.manners.takeback = Some(Pending { accepted, ..p });
            self.publish();
            return Ok(());
        }
        self.manners.takeback = None;
        let by = p.seat;
        let n = p.choices;
        // the undo entries pass the rules' gate one by one, as plain take-backs
        let r = self
            .commit(move |g| {
                // on a copy, so that a refusal half-way changes nothing
                let mut next = g.clone();
                for _ in 0..n {
                    next.apply(Some(by), Kind::Undo, None)?;
                }
                *g = next;
                Ok(())
            })
            .await;
        if r.is_err() {
            // nothing changed: the request is open again
            self.manners.takeback = Some(Pending { accepted: p.accepted, ..p });
        }
        r
    }

    /// A spectator writes in the spectators' chat.
    pub(super) async fn spectator_chat(&mut self, author: Author, text: String) -> Result<(), Error> {
        let text = check_chat(&text).map_err(|why| Error::BadChat { why })?;
        if self.manners.spectator_chat.len() >= self.chat_max_lines {
            return Err(Error::ChatFull { lines: self.chat_max_lines });
        }
        let paces = &mut self.manners.paces;
        if paces.len() >= MAX_PACED && !paces.contains_key(&author.addr) {
            paces.clear();
        }
        if let Err(wait) = paces.entry(author.addr).or_default().take(Instant::now()) {
            return Err(Error::ChatTooFast { secs: wait.ceil() as u64 });
        }
        let (account, name) = author.account.map_or((None, None), |(id, name)| (Some(id), Some(name)));
        let line = SpectatorLine {
            n: self.manners.spectator_chat.len() as u32 + 1,
            account,
            name,
            text,
            at: crate::store::now_ms(),
        };
        if let Err(e) = self.store.insert_spectator_chat(&self.g.id, line.clone(), self.lease()).await {
            tracing::error!(game = %self.g.id, error = %e, "cannot save a spectator's chat message");
            self.refused_write(&e).await;
            return Err(Error::SaveFailed);
        }
        Arc::make_mut(&mut self.manners.spectator_chat).push(line);
        self.publish();
        Ok(())
    }
}
