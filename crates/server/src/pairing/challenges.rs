//! Challenges: a signed-in player asks another, by name, for a game of
//! a form, a clock and rated or casual. The challenged player sees it on
//! the lobby (its socket's `challenge` message, or `GET
//! /api/challenges`) and accepts (the game is made, with both accounts'
//! seats) or declines; the challenger may cancel. Refused between two
//! players one of whom blocks the other (checked again on accepting). A
//! challenge not answered is forgotten after [`CHALLENGE_TTL`].

use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::{decode, make_game, Book, Side, Terms};
use super::{CHALLENGES_PER_ACCOUNT, CHALLENGES_TOTAL, CHALLENGE_TTL, OUTCOME_TTL};
use crate::account::{Account, AccountId, Visitor};
use crate::error::Error;
use crate::lobby::{owner_of, take_creation, Body};
use crate::state::AppState;

/// Where a challenge stands.
#[derive(Clone, Debug)]
pub(crate) enum ChallengeState {
    Pending,
    /// Accepted; its game is being made.
    Accepting,
    /// The game made, with each side's seat and token: the challenger's
    /// first, then the challenged player's.
    Accepted {
        game: String,
        seats: [(usize, String); 2],
    },
    Declined,
    Cancelled,
    /// Accepted, but the game could not be made.
    Failed(Error),
}

impl ChallengeState {
    fn name(&self) -> &'static str {
        match self {
            ChallengeState::Pending | ChallengeState::Accepting => "pending",
            ChallengeState::Accepted { .. } => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Cancelled => "cancelled",
            ChallengeState::Failed(_) => "failed",
        }
    }
}

/// A challenge in the book.
pub(crate) struct Challenge {
    pub from: Account,
    pub to: Account,
    pub terms: Terms,
    /// The challenger's address as the bot pool knows it (`lobby::owner_of`).
    pub owner: Option<String>,
    pub since: Instant,
    pub state: ChallengeState,
    pub settled: Option<Instant>,
}

impl Challenge {
    pub fn expired(&self, now: Instant) -> bool {
        match self.settled {
            Some(at) => now.duration_since(at) > OUTCOME_TTL,
            None => matches!(self.state, ChallengeState::Pending) && now.duration_since(self.since) > CHALLENGE_TTL,
        }
    }

    fn involves(&self, account: AccountId) -> bool {
        self.from.id == account || self.to.id == account
    }

    /// The challenge as `viewer` (one of its two players) is shown it:
    /// once accepted, with the viewer's own seat and token only.
    pub fn json(&self, id: &str, viewer: AccountId) -> Value {
        let mut v = self.terms.json();
        v["id"] = json!(id);
        v["from"] = json!(self.from.name);
        v["to"] = json!(self.to.name);
        v["status"] = json!(self.state.name());
        match &self.state {
            ChallengeState::Accepted { game, seats } => {
                let (seat, token) = if viewer == self.from.id { &seats[0] } else { &seats[1] };
                v["game"] = json!(game);
                v["seat"] = json!(seat);
                v["token"] = json!(token);
            }
            ChallengeState::Failed(e) => v["error"] = super::error_json(e, tash_kalar_i18n::Lang::En),
            _ => {}
        }
        v
    }

    /// Tells both players' lobby sockets where the challenge stands.
    fn tell(&self, id: &str, book: &Book) {
        for viewer in [self.from.id, self.to.id] {
            book.tell_account(viewer, &json!({"type": "challenge", "challenge": self.json(id, viewer)}));
        }
    }
}

fn signed_in(visitor: Visitor) -> Result<Account, Error> {
    visitor.account().cloned().ok_or(Error::SignInRequired)
}

/// `POST /api/challenges {"to", "form", "clock", "rated"}`: a challenge
/// from the signed-in player (`201`, the challenge). Counted against the
/// address's creation allowance; at most [`CHALLENGES_PER_ACCOUNT`]
/// waiting from one account.
pub(super) async fn create(
    State(state): State<AppState>,
    visitor: Visitor,
    peer: Option<ConnectInfo<SocketAddr>>,
    Body(body): Body,
) -> Result<Response, Error> {
    let me = signed_in(visitor)?;
    let (to, terms) = decode::challenge_request(&body).map_err(|why| Error::BadRequest { why })?;
    let my_id = me.id;
    let them = state.store().account_named(&to).await.map_err(Error::internal)?.ok_or(Error::NoSuchPlayer)?;
    let blocked = state.store().blocks_between(my_id, them.id).await.map_err(Error::internal)?;
    if them.id == me.id {
        return Err(Error::OwnName);
    }
    if blocked {
        return Err(Error::Blocked);
    }
    check_room(&state.pairing().book(), me.id)?;
    take_creation(&state, peer.as_ref())?;
    let id = crate::actor::new_secret(12);
    let challenge = Challenge {
        from: me.clone(),
        to: them,
        terms,
        owner: owner_of(peer.as_ref()),
        since: Instant::now(),
        state: ChallengeState::Pending,
        settled: None,
    };
    let mut book = state.pairing().book();
    check_room(&book, me.id)?;
    challenge.tell(&id, &book);
    let answer = challenge.json(&id, me.id);
    book.challenges.insert(id.clone(), challenge);
    tracing::info!(form = terms.form.name(), rated = terms.rated, "challenge made");
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

fn check_room(book: &Book, from: AccountId) -> Result<(), Error> {
    if book.challenges.len() >= CHALLENGES_TOTAL {
        return Err(Error::TooManyChallenges { challenges: CHALLENGES_TOTAL });
    }
    let waiting =
        book.challenges.values().filter(|c| c.from.id == from && matches!(c.state, ChallengeState::Pending)).count();
    if waiting >= CHALLENGES_PER_ACCOUNT {
        return Err(Error::TooManyChallenges { challenges: CHALLENGES_PER_ACCOUNT });
    }
    Ok(())
}

/// `GET /api/challenges`: the signed-in player's challenges, `incoming`
/// and `outgoing`, with those answered in the last minutes (an accepted
/// one with the player's seat and token in its game).
pub(super) async fn list(State(state): State<AppState>, visitor: Visitor) -> Result<Json<Value>, Error> {
    let me = signed_in(visitor)?.id;
    let book = state.pairing().book();
    let mut mine: Vec<(&String, &Challenge)> = book.challenges.iter().filter(|(_, c)| c.involves(me)).collect();
    mine.sort_by_key(|(_, c)| c.since);
    let side = |incoming: bool| -> Vec<Value> {
        mine.iter().filter(|(_, c)| (c.to.id == me) == incoming).map(|(id, c)| c.json(id, me)).collect()
    };
    Ok(Json(json!({"incoming": side(true), "outgoing": side(false)})))
}

/// `POST /api/challenges/{id}/accept`: the challenged player accepts;
/// the game is made (`201`, the challenge with its `game` and this
/// player's `seat` and `token`).
pub(super) async fn accept(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    let me = signed_in(visitor)?;
    let (from, terms, owner) = {
        let book = state.pairing().book();
        let c = book.challenges.get(&id).filter(|c| c.to.id == me.id).ok_or(Error::NoSuchChallenge)?;
        if !matches!(c.state, ChallengeState::Pending) {
            return Err(Error::NoSuchChallenge);
        }
        (c.from.clone(), c.terms, c.owner.clone())
    };
    let (a, b) = (from.id, me.id);
    let blocked = state.store().blocks_between(a, b).await.map_err(Error::internal)?;
    if blocked {
        withdraw_between(&state, a, b);
        return Err(Error::Blocked);
    }
    // taken out of the pending ones (two accepts, or a cancel meanwhile)
    {
        let mut book = state.pairing().book();
        let c = book.challenges.get_mut(&id).ok_or(Error::NoSuchChallenge)?;
        if !matches!(c.state, ChallengeState::Pending) {
            return Err(Error::NoSuchChallenge);
        }
        c.state = ChallengeState::Accepting;
    }
    let sides = [Side { account: Some(from) }, Side { account: Some(me.clone()) }];
    let made = make_game(&state, terms, [&sides[0], &sides[1]], owner).await;
    let mut book = state.pairing().book();
    let c = book.challenges.get_mut(&id).ok_or(Error::NoSuchChallenge)?;
    c.settled = Some(Instant::now());
    c.state = match &made {
        Ok((game, seats)) => ChallengeState::Accepted { game: game.clone(), seats: seats.clone() },
        Err(e) => ChallengeState::Failed(e.clone()),
    };
    let answer = c.json(&id, me.id);
    let c = book.challenges.get(&id).expect("just settled");
    c.tell(&id, &book);
    let (game, _) = made?;
    tracing::info!(%game, "challenge accepted");
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// Settles a pending challenge that `who` may settle (`204`).
fn settle(
    state: &AppState,
    id: &str,
    who: impl Fn(&Challenge) -> bool,
    to: ChallengeState,
) -> Result<StatusCode, Error> {
    let mut book = state.pairing().book();
    let c = book.challenges.get_mut(id).filter(|c| who(c)).ok_or(Error::NoSuchChallenge)?;
    if !matches!(c.state, ChallengeState::Pending) {
        return Err(Error::NoSuchChallenge);
    }
    c.state = to;
    c.settled = Some(Instant::now());
    let c = book.challenges.get(id).expect("just settled");
    c.tell(id, &book);
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/challenges/{id}/decline`: the challenged player declines.
pub(super) async fn decline(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<String>,
) -> Result<StatusCode, Error> {
    let me = signed_in(visitor)?.id;
    settle(&state, &id, |c| c.to.id == me, ChallengeState::Declined)
}

/// `DELETE /api/challenges/{id}`: the challenger cancels.
pub(super) async fn cancel(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<String>,
) -> Result<StatusCode, Error> {
    let me = signed_in(visitor)?.id;
    settle(&state, &id, |c| c.from.id == me, ChallengeState::Cancelled)
}

/// Cancels the pending challenges between two players (one now blocks
/// the other).
pub(super) fn withdraw_between(state: &AppState, a: AccountId, b: AccountId) {
    let mut book = state.pairing().book();
    let now = Instant::now();
    let ids: Vec<String> = book
        .challenges
        .iter()
        .filter(|(_, c)| c.involves(a) && c.involves(b) && matches!(c.state, ChallengeState::Pending))
        .map(|(id, _)| id.clone())
        .collect();
    for id in ids {
        if let Some(c) = book.challenges.get_mut(&id) {
            c.state = ChallengeState::Cancelled;
            c.settled = Some(now);
        }
        if let Some(c) = book.challenges.get(&id) {
            c.tell(&id, &book);
        }
    }
}

/// The challenges of an account, as its new lobby socket is first told.
pub(super) fn messages_for(book: &Book, account: AccountId) -> Vec<Value> {
    let mut mine: Vec<(&String, &Challenge)> = book.challenges.iter().filter(|(_, c)| c.involves(account)).collect();
    mine.sort_by_key(|(_, c)| c.since);
    mine.into_iter().map(|(id, c)| json!({"type": "challenge", "challenge": c.json(id, account)})).collect()
}
