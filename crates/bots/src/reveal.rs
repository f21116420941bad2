//! What the opponent's play reveals: a belief over the cards a seat may
//! hold, read from the turns the bot watched, and a dealing of the hidden
//! cards by that belief.
//!
//! The evidence is the one the rulebook's players use: a seat that could
//! have summoned a being (or a legend) for a clear gain and did something
//! else probably does not hold it. The bot sees the position its own last
//! choice handed on (an observation with its own choice applied: nothing
//! it may not see) and, at its next decision, the public log of the turn
//! that followed (who summoned what). For every card the next seat might
//! hold, the card is dealt into that seat's hand (by
//! [`Game::deal_unseen`], the engine's dealing), the greedy judge plays
//! each of its summons there, and if the best one gains that seat at least
//! [`MARGIN`] evaluation points more than what it could do in sight of all
//! (its best place action, and the summons the log shows it made that
//! turn, judged the same way), while the log shows no summon of the card
//! in that turn, the card's weight for that seat becomes [`MISSED`].
//!
//! The weight is what was measured, not guessed: in 40 duels between two
//! `mcts:reveal=1` bots at 300 iterations (`examples/reveal_evidence.rs`),
//! the cards so weighed were really in the opponent's hand about half as
//! often as a uniform dealing puts them there (0.53), whether the evidence
//! was of the last turn or of several turns before, read once or twice.
//! (With the weight at 0.5 and kept, the same run gives 0.43.)
//! So a weight never falls below [`MISSED`] by evidence (a second missed
//! summon of the same card tells no more), and does not fade with the
//! turns; it is soft and never zero ([`FLOOR`] bounds what any caller may
//! set): a bot misjudges, and a hand changes with every draw. Only the seat
//! that plays right after the bot is read (in a duel, the opponent): the
//! bot sees the position at the start of that seat's turn and no other.
//!
//! The dealing ([`Beliefs::deal`]) fills each hidden hand one card at a
//! time, each card drawn with a chance proportional to its weight for that
//! seat among the cards left in the pool, then shuffles the rest into the
//! deck's parts; with every weight 1 it is a uniform dealing, as
//! [`Observation::determinize`]'s.

use rand::seq::SliceRandom;
use rand::Rng;
use tash_kalar_rules::{Actor, CardId, Choice, Event, Game, Observation, Seat, UnseenHand};

use crate::eval::{evaluate_end, EndWeights, Weights};
use crate::greedy::finish_action;

/// Evaluation points a missed summon must gain over what the seat could do
/// in sight of all (its best place, the summons it made) to count as
/// evidence: well above the judge's differences between quiet placements.
pub const MARGIN: f64 = 2.0;
/// The weight of a card the seat could have summoned for a clear gain and
/// did not: how often such cards were really held, over a uniform
/// dealing's chance (0.53 measured, see the module's note).
pub const MISSED: f64 = 0.5;
/// The least weight a card may have: never zero, a belief and not a proof.
pub const FLOOR: f64 = 0.02;
/// Steps of chance at most between the bot's hand-over and the next seat's
/// turn (the refill draws): more means the game went on some other way.
const CHANCE_STEPS: usize = 64;

/// Per seat and card, how likely the seat holds the card relative to the
/// others it might hold (1: nothing known). Only weights other than 1 are
/// kept.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Beliefs {
    weights: Vec<(Seat, CardId, f64)>,
}

impl Beliefs {
    /// The weight of `card` in `seat`'s hand (1 unless evidence says less).
    pub fn weight(&self, seat: Seat, card: CardId) -> f64 {
        self.weights.iter().find(|w| w.0 == seat && w.1 == card).map_or(1.0, |w| w.2)
    }

    /// No evidence at all: every dealing is uniform.
    pub fn is_uniform(&self) -> bool {
        self.weights.is_empty()
    }

    /// Every weight held other than 1, in the order they were first set.
    pub fn weights(&self) -> &[(Seat, CardId, f64)] {
        &self.weights
    }

    /// Lowers `card`'s weight for `seat` to `to` if it is higher (kept
    /// within [`FLOOR`] and 1; a `to` that is not a number changes nothing).
    pub fn lower(&mut self, seat: Seat, card: CardId, to: f64) {
        if to.is_nan() {
            return;
        }
        let w = self.weight(seat, card).min(to).clamp(FLOOR, 1.0);
        self.weights.retain(|x| !(x.0 == seat && x.1 == card));
        if w < 1.0 {
            self.weights.push((seat, card, w));
        }
    }

    /// One arrangement of the cards `obs`'s seat cannot see, each hidden
    /// hand filled by these weights (see the module's note). Depends only
    /// on the observation, the weights and `rng`.
    pub fn deal(&self, obs: &Observation, rng: &mut impl Rng) -> Game {
        obs.deal_unseen(&mut |pool, hands| {
            // (a pool with no weighed card for its hands is shuffled: the
            // same distribution, at a shuffle's cost; the pool is sorted)
            let weighed =
                self.weights.iter().any(|w| hands.iter().any(|h| h.seat == w.0) && pool.binary_search(&w.1).is_ok());
            if weighed {
                arrange_weighted(pool, hands, &|s, c| self.weight(s, c), rng);
            } else {
                pool.shuffle(rng);
            }
        })
    }
}

/// Puts `pool` in dealing order: each hand's cards in turn, each drawn with
/// a chance proportional to its weight for that hand's seat among the cards
/// not yet dealt, then the rest shuffled. A weight that is not a number
/// above zero counts as [`FLOOR`], so that every card can still be dealt.
pub fn arrange_weighted(
    pool: &mut [CardId],
    hands: &[UnseenHand],
    weight: &dyn Fn(Seat, CardId) -> f64,
    rng: &mut impl Rng,
) {
    let mut next = 0;
    for hand in hands {
        for _ in 0..hand.cards {
            if next >= pool.len() {
                return;
            }
            let w = |c: CardId| {
                let w = weight(hand.seat, c);
                if w > 0.0 && w.is_finite() {
                    w
                } else {
                    FLOOR
                }
            };
            let total: f64 = pool[next..].iter().map(|&c| w(c)).sum();
            let mut x = rng.gen_range(0.0..total);
            let mut pick = pool.len() - 1;
            for (k, &c) in pool.iter().enumerate().skip(next) {
                x -= w(c);
                if x < 0.0 {
                    pick = k;
                    break;
                }
            }
            pool.swap(next, pick);
            next += 1;
        }
    }
    pool[next..].shuffle(rng);
}

/// What a bot remembers between its decisions to read the next seat's
/// turn: the position its own last choice handed on, and the beliefs.
#[derive(Clone, Debug, Default)]
pub struct Reveal {
    /// (boxed: a bot holding a reveal stays small)
    handed: Option<Box<Game>>,
    beliefs: Beliefs,
}

impl Reveal {
    /// The beliefs so far.
    pub fn beliefs(&self) -> &Beliefs {
        &self.beliefs
    }

    /// Remembers the position after the bot's `choice` from `obs`, if it
    /// hands play on to chance or another seat.
    pub fn after_choice(&mut self, obs: &Observation, choice: Choice) {
        // (a choice that is not legal there hands nothing on that can be read)
        if !obs.game().legal_choices().contains(&choice) {
            self.handed = None;
            return;
        }
        let mut after = obs.game().clone();
        after.apply_unchecked(choice);
        if after.actor() != Actor::Seat(obs.seat()) && !after.is_over() {
            self.handed = Some(Box::new(after));
        }
    }

    /// Reads the turn played since the bot's last hand-over, if it is over
    /// and `obs` shows its log, into the beliefs (judged by `w` and `e`).
    pub fn before_decision(&mut self, obs: &Observation, w: &Weights, e: &EndWeights) {
        let Some(handed) = self.handed.take() else { return };
        let Some((start, seat)) = turn_start(*handed, obs.seat()) else { return };
        let number = start.turn().number;
        if obs.game().turn().number == number {
            // that turn still goes on: read it at a later decision
            self.handed = Some(Box::new(start));
            return;
        }
        let Some(summoned) = summoned_in(obs.game(), seat, number) else { return };
        for card in missed_summons(&start, obs.seat(), seat, &summoned, w, e) {
            self.beliefs.lower(seat, card, MISSED);
        }
    }
}

/// The position at which the seat after `viewer` begins to act, from the
/// one `viewer` handed on, through the chance steps between (their cards
/// the observed game's stand-ins: the board does not change); with that
/// seat. `None` if `viewer` acts again first or the game ends.
fn turn_start(mut game: Game, viewer: Seat) -> Option<(Game, Seat)> {
    for _ in 0..CHANCE_STEPS {
        match game.actor() {
            Actor::Chance => {
                let first = *game.legal_choices().first()?;
                game.apply_unchecked(first);
            }
            Actor::Seat(s) if s != viewer && game.turn().seat == s => return Some((game, s)),
            _ => return None,
        }
    }
    None
}

/// The cards `seat` summoned in turn `number`, from `game`'s public log;
/// `None` if the log no longer holds that turn's start.
fn summoned_in(game: &Game, seat: Seat, number: u16) -> Option<Vec<CardId>> {
    let events = game.events();
    let from = events.iter().position(|e| *e == Event::TurnStarted { seat, number })?;
    Some(
        events[from + 1..]
            .iter()
            .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
            .filter_map(|e| match *e {
                Event::Summoned { seat: s, card, .. } if s == seat => Some(card),
                _ => None,
            })
            .collect(),
    )
}

/// The cards `seat` might hold at `start` (its turn's first decision, as
/// `viewer` sees it) whose best summon there the greedy judge rates at
/// least [`MARGIN`] above what the seat could do instead in sight of all:
/// its best place action, and the summons the log shows it made that turn
/// (`summoned`), judged the same way; and which it did not summon.
pub fn missed_summons(
    start: &Game,
    viewer: Seat,
    seat: Seat,
    summoned: &[CardId],
    w: &Weights,
    e: &EndWeights,
) -> Vec<CardId> {
    let mut missed = Vec::new();
    if start.actor() != Actor::Seat(seat) || seat == viewer {
        return missed;
    }
    let now = evaluate_end(start, seat, w, e);
    let placing = start
        .legal_choices()
        .into_iter()
        .filter(|c| matches!(c, Choice::Place(_)))
        .map(|c| {
            let mut next = start.clone();
            next.apply_unchecked(c);
            evaluate_end(&next, seat, w, e) - now
        })
        .fold(0.0, f64::max);
    let made = summoned.iter().filter_map(|&c| summon_gain(start, viewer, seat, c, w, e)).fold(placing, f64::max);
    for card in candidates(start, viewer, seat) {
        if summoned.contains(&card) {
            continue;
        }
        if summon_gain(start, viewer, seat, card, w, e).is_some_and(|gain| gain >= made + MARGIN) {
            missed.push(card);
        }
    }
    missed
}

/// What summoning `card` at `start` gains `seat` by the greedy judge (its
/// best summon, the action finished greedily, less the position without
/// it), with `card` dealt into the seat's hand; `None` if it has no summon
/// there.
fn summon_gain(start: &Game, viewer: Seat, seat: Seat, card: CardId, w: &Weights, e: &EndWeights) -> Option<f64> {
    // the same position with `card` dealt into the seat's hand
    let dealt = start.deal_unseen(viewer, &mut |pool, hands| {
        if hands.first().is_some_and(|h| h.seat == seat && h.cards > 0) {
            if let Some(k) = pool.iter().position(|&c| c == card) {
                pool.swap(0, k);
            }
        }
    });
    if dealt.actor() != Actor::Seat(seat) {
        return None;
    }
    let before = evaluate_end(&dealt, seat, w, e);
    dealt
        .legal_choices()
        .into_iter()
        .filter(|c| matches!(c, Choice::Summon { card: x, .. } if *x == card))
        .map(|c| {
            let mut next = dealt.clone();
            next.apply_unchecked(c);
            finish_action(&mut next, seat, w);
            evaluate_end(&next, seat, w, e) - before
        })
        .reduce(f64::max)
}

/// The beings and legends `seat` might hold as `viewer` sees `start`: the
/// cards of its hand and deck, and the legends of its hand and of the
/// legend deck (the stand-ins of the observed game are dealt from exactly
/// those), each only if its hand holds some of that kind.
fn candidates(start: &Game, viewer: Seat, seat: Seat) -> Vec<CardId> {
    let s = start.seat(seat);
    let mut cards = Vec::new();
    if !s.beings.is_empty() {
        cards.extend(s.beings.iter().copied().filter(|&c| s.pending != Some(c)).chain(deck_cards(&s.deck)));
    }
    if !s.legends.is_empty() {
        cards.extend(s.legends.iter().copied());
        // the other hidden hands' legends too: one pool
        for (i, other) in start.seats().iter().enumerate() {
            if i != viewer as usize && i != seat as usize {
                cards.extend(other.legends.iter().copied());
            }
        }
        cards.extend(deck_cards(start.legend_pile()));
    }
    cards.sort();
    cards.dedup();
    cards
}

fn deck_cards(pile: &tash_kalar_rules::pile::Pile) -> impl Iterator<Item = CardId> + '_ {
    pile.top.iter().chain(&pile.shuffled).chain(&pile.bottom).copied()
}
