//! Everfrost's frozen effects: freezing a card after its being's effect,
//! keeping at most one frozen card, and thawing it later.
//!
//! A card with a frozen effect (see [`crate::cards::everfrost::FROZEN`]) is
//! not discarded after its being's normal effect: it goes face up in front
//! of its owner ([`crate::game::SeatState::frozen`]). A seat holds at most
//! one; when a second would be frozen the owner keeps one of the two and
//! discards the other (a `Keep` stage at the end of the effect,
//! `option 1` the new card, `option 2` the one held). On any of their own
//! turns, in the main phase (where a flare may be invoked: before or after
//! an action, with or without actions left), the owner may `thaw` it: the
//! frozen effect resolves like any effect (a `Thaw` stage), costs no
//! action, and the card then goes to the discard pile. A frozen card is
//! public, and it is not in the hand: it is not counted when the hand is
//! refilled and cannot be summoned or discarded.

use crate::cards::{everfrost, CardId};
use crate::choice::Choice;
use crate::effect::{Ask, Resolution, Script, Stage};
use crate::event::Event;
use crate::game::{Game, Phase};
use crate::geometry::{Orientation, Square};
use crate::step::Step;

/// A card's frozen effect: its text in our words and its script.
pub struct Frozen {
    pub text: &'static str,
    pub(crate) script: Script,
}

/// The frozen effect of a card, if it has one.
pub fn frozen_effect(card: CardId) -> Option<&'static Frozen> {
    everfrost::frozen(card)
}

/// The script of a resolution with nothing to do.
pub(crate) const NONE: Script = Script { ask: |_, _, _| Ask::Done, apply: |_, r, _| r.step += 1 };

/// The choice of which frozen card to keep.
pub(crate) const KEEP: Script = Script { ask: keep_ask, apply: keep_apply };

fn keep_ask(_: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || r.freezing.is_none() {
        return Ask::Done;
    }
    out.push(Choice::Option(0));
    out.push(Choice::Option(1));
    Ask::Choose(Step::FrozenKeep)
}

fn keep_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    r.step += 1;
    let Some(new) = r.freezing.take() else { return };
    let who = g.turn.seat;
    let seat = &mut g.seats[who as usize];
    let (kept, discarded) = match c {
        Choice::Option(0) => match seat.frozen.replace(new) {
            Some(old) => {
                seat.discard.push(old);
                (new, old)
            }
            None => {
                g.record(Event::Frozen { seat: who, card: new });
                return;
            }
        },
        _ => {
            seat.discard.push(new);
            match seat.frozen {
                Some(old) => (old, new),
                None => {
                    g.record(Event::Discarded { seat: who, card: new });
                    return;
                }
            }
        }
    };
    g.record(Event::KeptFrozen { seat: who, kept, discarded });
}

impl Game {
    /// Thaws the active seat's frozen card: its frozen effect starts.
    pub(crate) fn thaw(&mut self) {
        let Some(card) = self.seats[self.turn.seat as usize].frozen.take() else { return };
        self.record(Event::Thawed { seat: self.turn.seat, card });
        let anywhere = Square::parse("e5").expect("e5");
        let mut r = Resolution::new(card, self.active_color(), anywhere, Orientation::IDENTITY);
        r.stage = Stage::Thaw;
        self.effect = Some(r);
        self.phase = Phase::Effect;
    }

    /// Whether the active seat may thaw now (in the main phase).
    pub(crate) fn may_thaw(&self) -> bool {
        !self.turn.passed && self.seats[self.turn.seat as usize].frozen.is_some()
    }

    /// At the end of an effect: a being with a frozen effect is frozen (and
    /// so is a card the Frozen Chest took). True if the effect goes on
    /// because the summoner must choose which frozen card to keep.
    pub(crate) fn freeze_after(&mut self, r: &mut Resolution) -> bool {
        if r.stage == Stage::Normal && frozen_effect(r.card).is_some() {
            r.freezing = Some(r.card);
        }
        let Some(new) = r.freezing else { return false };
        let who = self.turn.seat;
        let seat = &mut self.seats[who as usize];
        if seat.frozen.is_none() {
            seat.frozen = Some(new);
            r.freezing = None;
            self.record(Event::Frozen { seat: who, card: new });
            return false;
        }
        r.stage = Stage::Keep;
        r.step = 0;
        true
    }

    /// Whether the card of a finished effect already went somewhere (it was
    /// frozen, or discarded when another frozen card was kept, or put at the
    /// bottom of the deck: Nethervoid's Hell Hound).
    pub(crate) fn card_put_away(&self, card: CardId) -> bool {
        let seat = &self.seats[self.turn.seat as usize];
        seat.frozen == Some(card) || seat.discard.contains(&card) || seat.deck.cards().any(|c| c == card)
    }
}
