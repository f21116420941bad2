//! The new search's economy: what the cards a seat holds are worth later,
//! and what giving them away costs.
//!
//! The evaluation ([`crate::eval`]) counts a being or legend in hand only
//! while it can be summoned now (or one placement short), and the search's
//! horizon ends after the hands are drawn up again. So a discard action that
//! returns legends and the flare to the bottoms of their decks looked free:
//! the hand is full again at the horizon. It is not: the legend deck is
//! shared, and a legend sent back comes to whoever draws when the deck
//! comes round (in lost games of `mcts-v2` the Eldest Tree and the Time
//! Elemental, returned on the first turn, came back to the opponent and
//! decided the game). And a flare gives the opponent a point for one
//! action more, which a one-turn look overprices when behind.
//!
//! Three terms, in evaluation points, each with a weight ([`Economy`]):
//! - *held*: a legend or flare in hand is worth something while there are
//!   turns left to play it (nothing in the last round);
//! - *returned*: a legend returned to the shared deck costs its returner
//!   as much as the chance that the deck comes round before the end (then
//!   to the opponent as likely as not); a flare returned, a fixed cost;
//! - *flare*: invoking a flare costs its invoker this much on top of the
//!   point it gives (that point is in the evaluation already);
//! - *summoned*: a being or legend summoned from the hand is credited to
//!   its summoner with (this share of) what the evaluation counted it for
//!   while it was ready in hand ([`Weights::ready`] of its rank). Without
//!   it a summon was judged as losing that worth and gaining only the
//!   piece and what its effect did at once: a common being whose effect is
//!   a move (Everfrost's Snow Fox) came out some 0.9 points below a plain
//!   placement, so the root judged it last and the search, widening in
//!   that order, never tried it; the seat held the card ready and placed
//!   pieces that the opponent's summons took (docs/bot-strength-log.md,
//!   "Issue 26, fourteenth part").
//! - *pending*: Etherweave's pending being (a warp effect played from the
//!   hand) costs its side the causality penalty only if it is still pending
//!   at the end; the evaluation counts the penalty in full from the warp
//!   on. While turns are left to summon the being, this share of the
//!   penalty is given back (as *held*, in full with two rounds or more
//!   left). Without it a warp was judged 2 points down on top of what its
//!   effect did: the root judged the best warp last or nearly (its mean
//!   rank 41 of some 60 choices) and the seat warped in 24 of the 253
//!   decisions it could, though 20 of the 24 beings warped were summoned
//!   later, most at the seat's next turn (docs/bot-strength-log.md,
//!   "Issue 26, sixteenth part").
//!
//! The search charges *returned* and *flare*, and credits *summoned*, to
//! the seat that made the choice, on the way from its root to the horizon
//! ([`Ledger`]); *held* and *pending* are counted at the horizon. Each seat's economy is taken relative to its
//! opponents' (less their mean, as in a duel: less the opponent's), so that
//! a cost to one side is a gain to the others.

use arrayvec::ArrayVec;
use tash_kalar_rules::{Choice, Game, Phase, Seat};

use crate::eval::{rounds_left, EndWeights};
use crate::weights::Weights;

/// The economy's weights, in evaluation points (0 turns a term off).
#[derive(Clone, Debug, PartialEq)]
pub struct Economy {
    /// A legend held, while turns are left to summon it.
    pub held_legend: f64,
    /// A flare held, while turns are left to invoke it.
    pub held_flare: f64,
    /// A legend returned to the shared deck, if the deck comes round
    /// before the end (less in proportion if it may not).
    pub return_legend: f64,
    /// A flare returned to the bottom of the flare deck.
    pub return_flare: f64,
    /// A flare invoked, on top of the point it gives.
    pub flare: f64,
    /// A being or legend summoned from the hand: the share of its ready
    /// weight credited to its summoner (0 to 1; 1 makes a summon cost
    /// nothing of the card's worth in hand).
    pub summoned: f64,
    /// Etherweave: the share of a pending being's causality penalty given
    /// back while turns are left to summon it (0 to 1; 1 charges nothing
    /// with two rounds or more left).
    pub pending: f64,
}

impl Default for Economy {
    fn default() -> Self {
        Economy {
            held_legend: 0.3,
            held_flare: 0.2,
            return_legend: 1.5,
            return_flare: 0.3,
            flare: 0.3,
            summoned: 1.0,
            pending: 1.0,
        }
    }
}

impl Economy {
    /// No economy: the search judges as `mcts-v2` did.
    pub const NONE: Economy = Economy {
        held_legend: 0.0,
        held_flare: 0.0,
        return_legend: 0.0,
        return_flare: 0.0,
        flare: 0.0,
        summoned: 0.0,
        pending: 0.0,
    };

    pub fn is_none(&self) -> bool {
        *self == Economy::NONE
    }

    /// The cost of `choice` in `game` to the seat that makes it, if it has
    /// one: a legend or flare returned, a flare invoked.
    pub fn cost(&self, game: &Game, choice: Choice, end: &EndWeights) -> Option<(Seat, f64)> {
        let seat = game.turn().seat;
        let s = game.seat(seat);
        let cost = match (game.phase(), choice) {
            (Phase::Returning, Choice::Return(card)) if s.legends.contains(&card) => self.returned_legend(game, end),
            (Phase::Returning, Choice::Return(card)) if s.flares.contains(&card) => self.return_flare,
            (Phase::Main, Choice::Flare(_)) => self.flare,
            _ => return None,
        };
        (cost != 0.0).then_some((seat, cost))
    }

    /// The credit for `choice` in `game` to the seat that makes it, if it
    /// summons a card from that seat's hand: `summoned` times the card's
    /// ready weight in `w`.
    pub fn summon_credit(&self, game: &Game, choice: Choice, w: &Weights) -> Option<(Seat, f64)> {
        let Choice::Summon { card, .. } = choice else { return None };
        if self.summoned == 0.0 {
            return None;
        }
        let seat = game.turn().seat;
        let s = game.seat(seat);
        if !s.beings.contains(&card) && !s.legends.contains(&card) {
            return None;
        }
        Some((seat, self.summoned * w.ready[card.def().rank.index()]))
    }

    /// The cost of a legend returned to the shared deck in `game`.
    pub fn returned_legend(&self, game: &Game, end: &EndWeights) -> f64 {
        self.return_legend * comes_round(game, end)
    }

    /// What a seat's legends and flares in hand are worth: their weights,
    /// in full with two rounds or more left, less with fewer, nothing once
    /// the game is over; and with a pending being, the share of its
    /// causality penalty given back ([`Economy::pending_relief`]).
    pub fn held(&self, game: &Game, seat: Seat, end: &EndWeights) -> f64 {
        if game.is_over() || (self.held_legend == 0.0 && self.held_flare == 0.0 && self.pending == 0.0) {
            return 0.0;
        }
        let s = game.seat(seat);
        let time = time_to_play(game, end);
        time * (self.held_legend * s.legends.len() as f64 + self.held_flare * s.flares.len() as f64)
            + self.pending_relief(game, seat, end)
    }

    /// What [`Economy::held`] gives back to `seat` of its pending being's
    /// causality penalty in `game` (the root's judging adds it to a
    /// choice's value; the rest of what is held it leaves out, as before).
    pub fn pending_relief(&self, game: &Game, seat: Seat, end: &EndWeights) -> f64 {
        if game.is_over() || self.pending == 0.0 {
            return 0.0;
        }
        time_to_play(game, end) * self.pending * game.causality_penalty(seat) as f64
    }
}

/// How much of what a seat holds it has the time to play: all of it with
/// two rounds or more left, less with fewer.
fn time_to_play(game: &Game, end: &EndWeights) -> f64 {
    (rounds_left(game, end) / 2.0).clamp(0.0, 1.0)
}

/// The chance, roughly, that a legend put at the bottom of the shared deck
/// is drawn again before the end: the legends likely drawn in the rounds
/// left (one a seat every other turn, as legends are summoned), against
/// the cards above it. At the end of the game it is 0; with a thin deck, 1.
fn comes_round(game: &Game, end: &EndWeights) -> f64 {
    let above = game.legend_pile().len() as f64 + 1.0;
    let draws = rounds_left(game, end) * game.seat_count() as f64 * 0.5;
    (draws / above).clamp(0.0, 1.0)
}

/// What the seats were charged on one way from the search's root: per seat.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    charged: ArrayVec<f64, 4>,
}

impl Ledger {
    pub fn new(seats: usize) -> Ledger {
        Ledger { charged: (0..seats).map(|_| 0.0).collect() }
    }

    pub fn clear(&mut self) {
        self.charged.iter_mut().for_each(|c| *c = 0.0);
    }

    /// Charges (or for a summon credits) the seat making `choice` in
    /// `game` (before it is applied); `w` the evaluation's weights.
    #[inline]
    pub fn note(&mut self, e: &Economy, game: &Game, choice: Choice, end: &EndWeights, w: &Weights) {
        match choice {
            Choice::Return(_) | Choice::Flare(_) => {
                if let Some((seat, cost)) = e.cost(game, choice, end) {
                    self.charged[seat as usize] += cost;
                }
            }
            Choice::Summon { .. } => {
                if let Some((seat, credit)) = e.summon_credit(game, choice, w) {
                    self.charged[seat as usize] -= credit;
                }
            }
            _ => {}
        }
    }

    /// Each seat's economy at the horizon `game`: what it holds less what
    /// it was charged, relative to its opponents' (less their mean).
    pub fn values(&self, e: &Economy, game: &Game, end: &EndWeights) -> ArrayVec<f64, 4> {
        let own: ArrayVec<f64, 4> = (0..game.seat_count() as Seat)
            .map(|s| e.held(game, s, end) - self.charged.get(s as usize).copied().unwrap_or(0.0))
            .collect();
        (0..game.seat_count() as Seat)
            .map(|s| {
                let me = game.seat(s).color;
                let (mut sum, mut n) = (0.0, 0usize);
                for o in 0..game.seat_count() as Seat {
                    if game.enemies_of(me).any(|c| c == game.seat(o).color) {
                        sum += own[o as usize];
                        n += 1;
                    }
                }
                own[s as usize] - if n > 0 { sum / n as f64 } else { 0.0 }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{CardId, Form, Position, School};

    fn card(id: &str) -> CardId {
        CardId::parse(id).unwrap()
    }

    #[test]
    fn returning_a_legend_costs_its_returner_and_gains_the_opponent() {
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").unwrap();
        p.seats[0].legends = vec![card("legends.titan")];
        let g = p.to_game().unwrap();
        let e = Economy::default();
        let end = EndWeights::default();
        let mut ledger = Ledger::new(2);
        let base = ledger.values(&e, &g, &end);
        // a legend held is worth something to its holder
        assert!(base[0] > 0.0 && base[1] < 0.0, "{base:?}");
        assert_eq!(base[0], -base[1]);
        ledger.charged[0] += 1.0;
        let after = ledger.values(&e, &g, &end);
        assert!(after[0] < base[0] && after[1] > base[1], "{after:?}");
        ledger.clear();
        assert_eq!(ledger.values(&e, &g, &end), base);
        // no economy: nothing held, nothing charged
        assert!(Economy::NONE.is_none() && !e.is_none());
        assert_eq!(Ledger::new(2).values(&Economy::NONE, &g, &end).as_slice(), &[0.0, 0.0]);
    }

    #[test]
    fn a_summon_from_the_hand_is_credited_its_ready_weight() {
        // Everfrost (white) to play, its Snow Fox's pattern (two commons) in place
        let board = "9/9/9/9/9/3w5/4w4/9/9";
        let mut p = Position::with_schools(Form::Duel, board, &[School::Everfrost, School::Northern]).unwrap();
        p.seats[0].beings = vec![card("everfrost.snow_fox")];
        let g = p.to_game().unwrap();
        let summon = g.legal_choices().into_iter().find(|c| matches!(c, Choice::Summon { .. })).expect("a summon");
        let place = g.legal_choices().into_iter().find(|c| matches!(c, Choice::Place(_))).expect("a placement");
        let (w, end) = (Weights::default(), EndWeights::default());
        let e = Economy::default();
        // a common being: the weight of a ready common being, to its summoner
        assert_eq!(e.summon_credit(&g, summon, &w), Some((0, w.ready[0])));
        assert_eq!(e.summon_credit(&g, place, &w), None);
        assert_eq!(Economy::NONE.summon_credit(&g, summon, &w), None);
        let mut ledger = Ledger::new(2);
        ledger.note(&e, &g, summon, &end, &w);
        let (credited, before) = (ledger.values(&e, &g, &end), Ledger::new(2).values(&e, &g, &end));
        assert!((credited[0] - before[0] - w.ready[0]).abs() < 1e-12, "{credited:?} {before:?}");
        assert!((credited[1] - before[1] + w.ready[0]).abs() < 1e-12, "{credited:?} {before:?}");
    }

    #[test]
    fn a_pending_beings_penalty_is_given_back_while_turns_are_left() {
        let mut g = crate::testing::etherweave_may_warp();
        let end = EndWeights::default();
        let e = Economy::default();
        let before = Ledger::new(2).values(&e, &g, &end);
        assert_eq!(e.pending_relief(&g, 0, &end), 0.0);
        g.apply_unchecked(Choice::Warp(card("etherweave.eternal_emperor")));
        assert_eq!(g.seat(0).pending, Some(card("etherweave.eternal_emperor")));
        // the evaluation charges the causality penalty from the warp on
        assert_eq!(crate::eval::score_now(&g, 0), -2.0);
        assert!(rounds_left(&g, &end) >= 2.0, "full decks: many rounds left");
        // with two rounds or more left it is given back whole, to the
        // warping seat and against its opponent
        assert_eq!(e.pending_relief(&g, 0, &end), 2.0);
        assert_eq!(e.pending_relief(&g, 1, &end), 0.0);
        let after = Ledger::new(2).values(&e, &g, &end);
        assert!((after[0] - before[0] - 2.0).abs() < 1e-12 && (after[1] - before[1] + 2.0).abs() < 1e-12);
        // a share of it, or none (the search as before)
        assert_eq!(Economy { pending: 0.5, ..Economy::default() }.pending_relief(&g, 0, &end), 1.0);
        assert_eq!(Economy { pending: 0.0, ..Economy::default() }.pending_relief(&g, 0, &end), 0.0);
        assert_eq!(Ledger::new(2).values(&Economy::NONE, &g, &end).as_slice(), &[0.0, 0.0]);
        // near the end, less of it: with one turn left, a quarter
        let mut p = tash_kalar_rules::Position::of(&crate::testing::etherweave_may_warp()).expect("a position");
        p.seats[0].pending = Some(card("etherweave.eternal_emperor"));
        p.end = Some((1, 1));
        let last = p.to_game().expect("a game");
        assert_eq!(rounds_left(&last, &end), 0.5);
        assert_eq!(e.pending_relief(&last, 0, &end), 0.5);
    }

    #[test]
    fn a_thin_legend_deck_comes_round() {
        let g = Position::duel("9/9/9/9/4b4/9/9/9/9").unwrap().to_game().unwrap();
        let end = EndWeights::default();
        let c = comes_round(&g, &end);
        assert!((0.0..=1.0).contains(&c), "{c}");
    }
}
