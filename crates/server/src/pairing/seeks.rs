//! "Play now": seeks, and pairing them.
//!
//! A seek waits in the [`Book`] until it is paired with another of the same
//! terms (form, clock, rated flag), cancelled, or [`SEEK_TTL`] passes. Two
//! seeks pair when their ratings (in the form's pool) differ by no more
//! than the range of either, which widens with the time it has waited
//! ([`range`]): the two closest ratings in reach are paired first (a
//! new seek goes to the waiting seek nearest its rating). Pairing runs when a seek
//! is made, and every [`TICK`] while seeks wait (their ranges widen).
//! A rated seek needs an account; guests seek casual games. Two seeks
//! of one account, or of two accounts one of which blocks the other,
//! never pair.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tash_kalar_i18n::Lang;

use super::{decode, error_json, make_game, Book, Side, Terms, GUEST_RATING};
use super::{OUTCOME_TTL, SEEKS_PER_ADDRESS, SEEKS_TOTAL, SEEK_TTL};
use crate::account::{AccountId, Visitor};
use crate::error::Error;
use crate::lobby::{owner_of, take_creation, Body};
use crate::state::AppState;

/// The range of ratings a seek reaches at first ...
pub(crate) const RANGE_BASE: f64 = 100.0;
/// ... widened by this much for each second it has waited ...
pub(crate) const RANGE_PER_SEC: f64 = 25.0;
/// ... up to this.
pub(crate) const RANGE_MAX: f64 = 1000.0;
/// How often waiting seeks are paired again, as their ranges widen.
const TICK: Duration = Duration::from_secs(1);

/// How far from its own rating a seek that has waited `waited` reaches.
pub(crate) fn range(waited: Duration) -> f64 {
    (RANGE_BASE + RANGE_PER_SEC * waited.as_secs_f64()).min(RANGE_MAX)
}

/// What became of a seek.
#[derive(Clone, Debug)]
pub(crate) enum SeekState {
    Waiting,
    /// Paired; its game is being made.
    Pairing,
    Paired {
        game: String,
        seat: usize,
        token: String,
    },
    /// Paired, but the game could not be made (the server is full ...).
    Failed(Error),
}

/// A seek in the book.
pub(crate) struct Seek {
    pub terms: Terms,
    pub side: Side,
    /// The rating it is compared by, read when it was made.
    pub rating: f64,
    /// The accounts that block this seek's account or that it blocks,
    /// read when it was made.
    pub blocked: Vec<AccountId>,
    /// The key of the address that made it (`limit::key`), and its
    /// owner on the bot pool as `lobby::owner_of` says.
    pub address: Option<std::net::IpAddr>,
    pub owner: Option<String>,
    pub since: Instant,
    pub state: SeekState,
    /// When its outcome was settled (paired, failed).
    pub settled: Option<Instant>,
}

impl Seek {
    pub fn expired(&self, now: Instant) -> bool {
        match self.settled {
            Some(at) => now.duration_since(at) > OUTCOME_TTL,
            None => matches!(self.state, SeekState::Waiting) && now.duration_since(self.since) > SEEK_TTL,
        }
    }

    /// The seek as `GET /api/seeks/{id}` answers it.
    fn json(&self, id: &str, lang: Lang) -> Value {
        let mut v = self.terms.json();
        v["id"] = json!(id);
        match &self.state {
            SeekState::Waiting | SeekState::Pairing => v["status"] = json!("waiting"),
            SeekState::Paired { game, seat, token } => {
                v["status"] = json!("paired");
                v["game"] = json!(game);
                v["seat"] = json!(seat);
                v["token"] = json!(token);
            }
            SeekState::Failed(e) => {
                v["status"] = json!("failed");
                v["error"] = error_json(e, lang);
            }
        }
        v
    }
}

/// A waiting seek as the pairing sees it.
#[derive(Clone, Debug)]
pub(crate) struct Candidate<'a> {
    pub terms: Terms,
    pub rating: f64,
    pub waited: Duration,
    pub account: Option<AccountId>,
    pub blocked: &'a [AccountId],
}

fn may_pair(a: &Candidate<'_>, b: &Candidate<'_>) -> bool {
    let blocks = |x: &Candidate<'_>, y: &Candidate<'_>| y.account.is_some_and(|id| x.blocked.contains(&id));
    a.terms == b.terms
        && (a.account.is_none() || a.account != b.account)
        && !blocks(a, b)
        && !blocks(b, a)
        && (a.rating - b.rating).abs() <= range(a.waited).min(range(b.waited))
}

/// The pairs to make among waiting seeks, by index (the one that has
/// waited longer first): the closest ratings in reach first, so a new seek
/// goes to the waiting seek nearest its rating, not to whichever waited
/// longest; on a tie, the pair whose newer seek has waited longer.
pub(crate) fn pairs(seeks: &[Candidate<'_>]) -> Vec<(usize, usize)> {
    let mut all: Vec<(usize, usize)> = Vec::new();
    for i in 0..seeks.len() {
        for j in 0..seeks.len() {
            let older = (seeks[i].waited, std::cmp::Reverse(i)) > (seeks[j].waited, std::cmp::Reverse(j));
            if older && may_pair(&seeks[i], &seeks[j]) {
                all.push((i, j));
            }
        }
    }
    let gap = |&(i, j): &(usize, usize)| (seeks[i].rating - seeks[j].rating).abs();
    all.sort_by(|a, b| gap(a).total_cmp(&gap(b)).then(seeks[b.1].waited.cmp(&seeks[a.1].waited)));
    let mut taken = vec![false; seeks.len()];
    let mut out = Vec::new();
    for (i, j) in all {
        if !taken[i] && !taken[j] {
            taken[i] = true;
            taken[j] = true;
            out.push((i, j));
        }
    }
    out
}

/// Takes the pairs to make out of the waiting seeks (marking them
/// `Pairing`): their ids, the terms, and both sides.
fn take_pairs(book: &mut Book, now: Instant) -> Vec<PairToMake> {
    let waiting: Vec<(&String, &Seek)> =
        book.seeks.iter().filter(|(_, s)| matches!(s.state, SeekState::Waiting)).collect();
    let candidates: Vec<Candidate<'_>> = waiting
        .iter()
        .map(|(_, s)| Candidate {
            terms: s.terms,
            rating: s.rating,
            waited: now.duration_since(s.since),
            account: s.side.account.as_ref().map(|a| a.id),
            blocked: &s.blocked,
        })
        .collect();
    let found: Vec<(String, String)> =
        pairs(&candidates).into_iter().map(|(a, b)| (waiting[a].0.clone(), waiting[b].0.clone())).collect();
    let mut out = Vec::new();
    for (a, b) in found {
        let (Some(sa), Some(sb)) = (book.seeks.get(&a), book.seeks.get(&b)) else { continue };
        let pair = PairToMake {
            terms: sa.terms,
            sides: [Side { account: sa.side.account.clone() }, Side { account: sb.side.account.clone() }],
            owner: sa.owner.clone(),
            ids: [a, b],
        };
        for id in &pair.ids {
            if let Some(s) = book.seeks.get_mut(id) {
                s.state = SeekState::Pairing;
            }
        }
        out.push(pair);
    }
    out
}

struct PairToMake {
    ids: [String; 2],
    terms: Terms,
    sides: [Side; 2],
    owner: Option<String>,
}

/// Makes the games of the pairs found now, and tells each seek's
/// followers and account what became of it.
async fn pair_now(state: &AppState) {
    let pairs = take_pairs(&mut state.pairing().book(), Instant::now());
    for p in pairs {
        let made = make_game(state, p.terms, [&p.sides[0], &p.sides[1]], p.owner.clone()).await;
        let book = &mut state.pairing().book();
        let now = Instant::now();
        for (side, id) in p.ids.iter().enumerate() {
            let Some(seek) = book.seeks.get_mut(id) else { continue };
            seek.settled = Some(now);
            seek.state = match &made {
                Ok((game, seats)) => {
                    let (seat, token) = seats[side].clone();
                    SeekState::Paired { game: game.clone(), seat, token }
                }
                Err(e) => SeekState::Failed(e.clone()),
            };
            let message = seek_message(id, &seek.state);
            let account = seek.side.account.as_ref().map(|a| a.id);
            book.tell(
                |s| s.follows.contains(id) || (account.is_some() && s.account.as_ref().map(|a| a.id) == account),
                &message,
            );
        }
        match made {
            Ok((game, _)) => tracing::info!(%game, form = p.terms.form.name(), rated = p.terms.rated, "seeks paired"),
            Err(e) => tracing::warn!(error = %e, "seeks paired, but their game could not be made"),
        }
    }
}

/// What a lobby socket is told of a seek that is settled: `paired` with
/// the game, the seat and its token, or `seek-failed` with the error (in
/// English; the page words it from the code).
pub(super) fn seek_message(id: &str, state: &SeekState) -> Value {
    match state {
        SeekState::Paired { game, seat, token } => {
            json!({"type": "paired", "seek": id, "game": game, "seat": seat, "token": token})
        }
        SeekState::Failed(e) => json!({"type": "seek-failed", "seek": id, "error": error_json(e, Lang::En)}),
        SeekState::Waiting | SeekState::Pairing => json!({"type": "seek", "seek": id, "status": "waiting"}),
    }
}

/// Pairs the waiting seeks every [`TICK`] for as long as some wait; one
/// such task at a time.
fn keep_pairing(state: &AppState) {
    if state.pairing().ticking.swap(true, Ordering::AcqRel) {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            pair_now(&state).await;
            let pairing = state.pairing();
            let book = pairing.book();
            if !book.seeks.values().any(|s| matches!(s.state, SeekState::Waiting)) {
                // cleared under the lock: a seek made now starts a new task
                pairing.ticking.store(false, Ordering::Release);
                break;
            }
        }
    });
}

/// `POST /api/seeks {"form", "clock", "rated"}`: a seek, paired at once
/// if a seek of the same terms is in reach. Counted against the address's
/// creation allowance. Answers `201` and the seek (its `id` names it to
/// follow, read or cancel it): `"status": "waiting"` or already `"paired"`.
pub(super) async fn create(
    State(state): State<AppState>,
    visitor: Visitor,
    peer: Option<ConnectInfo<SocketAddr>>,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, Error> {
    let terms = decode::seek_request(&body).map_err(|why| Error::BadRequest { why })?;
    let account = visitor.account().cloned();
    if terms.rated && account.is_none() {
        return Err(Error::RatedNeedsAccount);
    }
    let address = peer.as_ref().map(|ConnectInfo(p)| crate::limit::key(p.ip()));
    // refused before a creation is taken: the address's seeks are full
    check_room(&state.pairing().book(), address)?;
    take_creation(&state, peer.as_ref())?;
    let (rating, blocked) = match &account {
        Some(a) => state.store().seeker(a.id, terms.form).await.map_err(Error::internal)?,
        None => (GUEST_RATING, Vec::new()),
    };
    let id = crate::actor::new_secret(12);
    let seek = Seek {
        terms,
        side: Side { account },
        rating,
        blocked,
        address,
        owner: owner_of(peer.as_ref()),
        since: Instant::now(),
        state: SeekState::Waiting,
        settled: None,
    };
    {
        let mut book = state.pairing().book();
        check_room(&book, address)?;
        book.seeks.insert(id.clone(), seek);
    }
    pair_now(&state).await;
    keep_pairing(&state);
    let lang = crate::words::of_request(&headers);
    let answer = state.pairing().book().seeks.get(&id).map(|s| s.json(&id, lang)).ok_or(Error::NoSuchSeek)?;
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// Whether one more seek may wait: [`SEEKS_PER_ADDRESS`] from one
/// address, [`SEEKS_TOTAL`] in all.
fn check_room(book: &Book, address: Option<std::net::IpAddr>) -> Result<(), Error> {
    let waiting = || book.seeks.values().filter(|s| matches!(s.state, SeekState::Waiting));
    if waiting().count() >= SEEKS_TOTAL {
        return Err(Error::TooManySeeks { seeks: SEEKS_TOTAL });
    }
    if address.is_some() && waiting().filter(|s| s.address == address).count() >= SEEKS_PER_ADDRESS {
        return Err(Error::TooManySeeks { seeks: SEEKS_PER_ADDRESS });
    }
    Ok(())
}

/// `GET /api/seeks/{id}`: the seek, and what became of it (for clients
/// that do not keep the lobby's socket open).
pub(super) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, Error> {
    let lang = crate::words::of_request(&headers);
    state.pairing().book().seeks.get(&id).map(|s| Json(s.json(&id, lang))).ok_or(Error::NoSuchSeek)
}

/// `DELETE /api/seeks/{id}`: cancels a seek that waits (`204`); one
/// paired already is not cancelled (`404`: its game is there).
pub(super) async fn cancel(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, Error> {
    cancel_seek(&mut state.pairing().book(), &id).then_some(StatusCode::NO_CONTENT).ok_or(Error::NoSuchSeek)
}

/// Removes a seek if it waits; whether it did.
pub(super) fn cancel_seek(book: &mut Book, id: &str) -> bool {
    if book.seeks.get(id).is_some_and(|s| matches!(s.state, SeekState::Waiting)) {
        book.seeks.remove(id);
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use tash_kalar_rules::Form;

    const DUEL: Terms = Terms { form: Form::Duel, clock: TimeControl::None, rated: false };

    fn seek(rating: f64, waited: u64, account: Option<i64>) -> Candidate<'static> {
        Candidate {
            terms: DUEL,
            rating,
            waited: Duration::from_secs(waited),
            account: account.map(AccountId),
            blocked: &[],
        }
    }

    #[test]
    fn the_range_widens_with_waiting_up_to_a_bound() {
        assert_eq!(range(Duration::ZERO), 100.0);
        assert_eq!(range(Duration::from_secs(4)), 200.0);
        assert_eq!(range(Duration::from_secs(3600)), RANGE_MAX);
    }

    #[test]
    fn the_closest_rating_in_reach_is_paired_first() {
        // the oldest (1500, 30 s) reaches 850: both others are in reach, 1580 is closer
        let seeks = [seek(1500.0, 30, Some(1)), seek(1700.0, 20, Some(2)), seek(1580.0, 10, Some(3))];
        assert_eq!(pairs(&seeks), vec![(0, 2)]);
        // on a tie the one that has waited longer
        let seeks = [seek(1500.0, 30, Some(1)), seek(1550.0, 5, Some(2)), seek(1450.0, 20, Some(3))];
        assert_eq!(pairs(&seeks), vec![(0, 2)]);
    }

    #[test]
    fn a_new_seek_goes_to_the_closest_not_the_longest_waiting() {
        // 1600 reaches both 1500 (waiting longer) and 1650: the closer wins
        let seeks = [seek(1500.0, 30, Some(1)), seek(1650.0, 20, Some(2)), seek(1600.0, 0, Some(3))];
        assert_eq!(pairs(&seeks), vec![(1, 2)]);
    }

    #[test]
    fn out_of_reach_until_both_have_waited() {
        // 300 apart: the newer one reaches 100 + 25 s
        assert!(pairs(&[seek(1500.0, 60, Some(1)), seek(1800.0, 0, Some(2))]).is_empty());
        assert!(pairs(&[seek(1500.0, 60, Some(1)), seek(1800.0, 7, Some(2))]).is_empty());
        assert_eq!(pairs(&[seek(1500.0, 60, Some(1)), seek(1800.0, 8, Some(2))]), vec![(0, 1)]);
    }

    #[test]
    fn other_terms_one_account_and_blocks_never_pair() {
        let rated = Candidate { terms: Terms { rated: true, ..DUEL }, ..seek(1500.0, 1, Some(2)) };
        let high = Candidate { terms: Terms { form: Form::HighForm, ..DUEL }, ..seek(1500.0, 1, Some(2)) };
        let timed =
            Candidate { terms: Terms { clock: TimeControl::Move { secs: 30 }, ..DUEL }, ..seek(1500.0, 1, Some(2)) };
        for other in [rated, high, timed] {
            assert!(pairs(&[seek(1500.0, 1, Some(1)), other]).is_empty());
        }
        assert!(pairs(&[seek(1500.0, 1, Some(1)), seek(1500.0, 0, Some(1))]).is_empty(), "one account");
        assert_eq!(pairs(&[seek(1500.0, 1, None), seek(1500.0, 0, None)]), vec![(0, 1)], "two guests");
        let blocks = [AccountId(2)];
        let blocking = Candidate { blocked: &blocks, ..seek(1500.0, 1, Some(1)) };
        assert!(pairs(&[blocking.clone(), seek(1500.0, 0, Some(2))]).is_empty());
        assert!(pairs(&[seek(1500.0, 0, Some(2)), blocking.clone()]).is_empty());
        assert_eq!(pairs(&[blocking, seek(1500.0, 0, Some(3))]), vec![(0, 1)]);
    }

    #[test]
    fn many_seeks_pair_two_by_two() {
        let seeks: Vec<Candidate<'_>> = (0..7).map(|i| seek(1500.0 + i as f64, i, Some(i as i64))).collect();
        let p = pairs(&seeks);
        assert_eq!(p.len(), 3);
        let mut seen: Vec<usize> = p.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 6);
    }
}
