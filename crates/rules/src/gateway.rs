//! Nethervoid's Gateway: one common or heroic piece of the Nethervoid
//! player marked with a glass marker, which many Nethervoid beings name.
//!
//! Each seat keeps the square of its Gateway
//! ([`crate::game::SeatState::gateway`], public; only a Nethervoid seat
//! ever has one). The invariant, kept by the board operations themselves
//! so that no card can forget it: **a seat's Gateway square holds a common
//! or heroic piece of that seat's color.** So the marker
//!
//! - travels with its piece when it moves or leaps (`Game::fx_move`) and
//!   when it swaps (`Game::gateway_swap`, for a card that swaps);
//! - is lost when its piece leaves the board: destroyed, summoned over
//!   (by anyone, the owner included), converted (conversion destroys),
//!   taken out of the game, or picked up because of a piece shortage
//!   (`Game::remove_piece` and the pick-ups call
//!   `Game::gateway_gone_from`);
//! - is lost when its piece becomes legendary (`Game::fx_upgrade`), and
//!   stays when it is downgraded.
//!
//! A Nethervoid being summoned by its owner becomes the Gateway before its
//! effect resolves (`Game::gateway_on_summoning`) when the owner has no
//! Gateway (rule a), or when the Gateway is common and the being heroic
//! (rule c); see `docs/rulings.md`. Gate Keeper, Demon of Gluttony, Demon
//! of Pride and Gate Master name a new Gateway (`Game::set_gateway`).
//! Without a Gateway every part of an effect that needs it does nothing.
//!
//! Etherweave's Merchant of Time can lift a piece off the board and put it
//! back later: `Game::lift_gateway` and `Game::land_gateway` keep the
//! Gateway status across that (as the online implementation does).

use crate::board::Rank;
use crate::cards::{CardId, Deck, School};
use crate::event::Event;
use crate::game::{Game, Seat};
use crate::geometry::Square;

impl Game {
    /// The square of a seat's Gateway, if it has one.
    pub fn gateway(&self, seat: Seat) -> Option<Square> {
        self.seats.get(seat as usize).and_then(|s| s.gateway)
    }

    /// The Gateway of the seat whose turn it is ("the Gateway" on a card).
    pub fn active_gateway(&self) -> Option<Square> {
        self.gateway(self.turn.seat)
    }

    /// Whether the piece on `sq` could be `seat`'s Gateway: the seat plays
    /// Nethervoid, and the piece is a common or heroic piece of its color.
    pub fn can_be_gateway(&self, seat: Seat, sq: Square) -> bool {
        let Some(s) = self.seats.get(seat as usize).filter(|s| s.school == School::Nethervoid) else {
            return false;
        };
        self.board.get(sq).is_some_and(|p| p.color == s.color && p.rank != Rank::Legendary)
    }

    /// Makes the piece on `sq` `seat`'s Gateway (the previous one, if any,
    /// stops being it); false, and nothing changes, if that piece cannot be
    /// the Gateway.
    pub(crate) fn set_gateway(&mut self, seat: Seat, sq: Square) -> bool {
        if !self.can_be_gateway(seat, sq) {
            return false;
        }
        match self.seats[seat as usize].gateway {
            Some(old) if old == sq => return true,
            Some(old) => self.record(Event::GatewayLost { seat, at: old }),
            None => {}
        }
        self.seats[seat as usize].gateway = Some(sq);
        self.record(Event::GatewayGained { seat, at: sq });
        true
    }

    /// The piece on `sq` leaves the board or becomes legendary: a Gateway
    /// there is lost.
    pub(crate) fn gateway_gone_from(&mut self, sq: Square) {
        for seat in 0..self.seats.len() {
            if self.seats[seat].gateway == Some(sq) {
                self.seats[seat].gateway = None;
                self.record(Event::GatewayLost { seat: seat as Seat, at: sq });
            }
        }
    }

    /// The piece on `from` moved to `to` (whatever stood on `to` is gone
    /// already): the marker goes with it.
    pub(crate) fn gateway_follows(&mut self, from: Square, to: Square) {
        for s in self.seats.iter_mut() {
            if s.gateway == Some(from) {
                s.gateway = Some(to);
            }
        }
    }

    /// Two pieces exchanged squares: each marker goes with its piece. A
    /// card that swaps pieces calls this after the board changed.
    pub(crate) fn gateway_swap(&mut self, a: Square, b: Square) {
        for s in self.seats.iter_mut() {
            if s.gateway == Some(a) {
                s.gateway = Some(b);
            } else if s.gateway == Some(b) {
                s.gateway = Some(a);
            }
        }
    }

    /// Etherweave's Merchant of Time, before its piece on `sq` is lifted off
    /// the board: if it is a seat's Gateway, that seat is returned and loses
    /// the marker silently (the caller keeps the seat with the stored piece
    /// and gives it to [`Game::land_gateway`] where the piece lands).
    pub(crate) fn lift_gateway(&mut self, sq: Square) -> Option<Seat> {
        let seat = self.seats.iter().position(|s| s.gateway == Some(sq))?;
        self.seats[seat].gateway = None;
        Some(seat as Seat)
    }

    /// Etherweave's Merchant of Time: a piece lifted as `seat`'s Gateway has
    /// landed on `sq`; it is the Gateway again, unless the seat has a new
    /// one by now (a Nethervoid being summoned in the meantime took the
    /// marker) or the piece there cannot be a Gateway. True if it is.
    pub(crate) fn land_gateway(&mut self, seat: Seat, sq: Square) -> bool {
        if self.gateway(seat).is_some() || !self.can_be_gateway(seat, sq) {
            return false;
        }
        self.seats[seat as usize].gateway = Some(sq);
        true
    }

    /// A being has just been put on `at` by the active seat's summoning,
    /// before its effect: a Nethervoid being becomes its owner's Gateway
    /// when the owner has none (rule a) or when the Gateway is a common
    /// piece and the being heroic (rule c). Legends never become it.
    pub(crate) fn gateway_on_summoning(&mut self, card: CardId, at: Square) {
        if card.deck() != Deck::Nethervoid {
            return;
        }
        let seat = self.turn.seat;
        let takes_it = match self.gateway(seat) {
            None => true,
            Some(g) => card.def().rank == Rank::Heroic && self.board.get(g).is_some_and(|p| p.rank == Rank::Common),
        };
        if takes_it {
            self.set_gateway(seat, at);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::effect::Resolution;
    use crate::game::{Form, Game};
    use crate::geometry::{Orientation, Square};
    use crate::position::Position;
    use crate::{CardId, Event, School};

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// Orange (Nethervoid, seat 0) against blue, with the Gateway marked
    /// `@` in the board text.
    fn game(board: &str) -> Game {
        let p = Position::with_schools(Form::Duel, board, &[School::Nethervoid, School::Northern]).expect("board");
        p.to_game().expect("a valid position")
    }

    fn resolution(g: &Game) -> Resolution {
        let card = CardId::parse("nethervoid.vortexmaster").expect("a card");
        Resolution::new(card, g.active_color(), sq("e5"), Orientation::IDENTITY)
    }

    #[test]
    fn a_downgraded_gateway_stays_and_one_made_legendary_is_lost() {
        let mut g = game("9/9/9/9/4o+@4/9/9/9/9");
        assert!(g.fx_downgrade(sq("e5")));
        assert_eq!(g.gateway(0), Some(sq("e5")), "downgraded: still the Gateway");
        assert!(g.fx_upgrade(sq("e5")) && g.fx_upgrade(sq("e5")));
        assert_eq!(g.gateway(0), None, "legendary: never the Gateway");
        assert_eq!(g.events().last(), Some(&Event::GatewayLost { seat: 0, at: sq("e5") }));
        assert!(g.validate().is_ok());
    }

    #[test]
    fn the_marker_follows_moves_and_swaps_and_goes_with_destruction() {
        let mut g = game("9/9/9/9/4o@b3/9/9/9/9");
        let mut r = resolution(&g);
        g.fx_move(&mut r, sq("e5"), sq("e6"));
        assert_eq!(g.gateway(0), Some(sq("e6")));
        // a swap done by hand on the board, then told to the marker
        let (a, b) = (g.board.get(sq("e6")), g.board.get(sq("f5")));
        g.board.set(sq("e6"), b);
        g.board.set(sq("f5"), a);
        g.gateway_swap(sq("e6"), sq("f5"));
        assert_eq!(g.gateway(0), Some(sq("f5")));
        assert!(g.validate().is_ok());
        // a piece moving onto the Gateway destroys it
        g.fx_move(&mut r, sq("e6"), sq("f5"));
        assert_eq!(g.gateway(0), None);
    }

    #[test]
    fn lifting_and_landing_keep_the_gateway_for_the_merchant_of_time() {
        let mut g = game("9/9/9/9/4o@4/9/9/9/9");
        let seat = g.lift_gateway(sq("e5"));
        assert_eq!(seat, Some(0));
        let piece = g.board.get(sq("e5"));
        g.board.set(sq("e5"), None);
        assert_eq!(g.gateway(0), None);
        assert!(g.validate().is_ok(), "the lifted piece is off the board, and so is the marker");
        g.board.set(sq("c3"), piece);
        assert!(g.land_gateway(0, sq("c3")));
        assert_eq!(g.gateway(0), Some(sq("c3")));
        // a seat that got a new Gateway meanwhile keeps it
        assert_eq!(g.lift_gateway(sq("d4")), None);
        assert!(!g.land_gateway(0, sq("c3")));
    }

    #[test]
    fn set_gateway_refuses_pieces_that_cannot_be_it() {
        let mut g = game("9/9/9/9/4o*b3/9/2o6/9/9");
        assert!(!g.set_gateway(0, sq("e5")), "legendary");
        assert!(!g.set_gateway(0, sq("f5")), "an enemy piece");
        assert!(!g.set_gateway(0, sq("d4")), "an empty square");
        assert!(!g.set_gateway(1, sq("f5")), "blue does not play Nethervoid");
        assert!(g.set_gateway(0, sq("c3")));
        assert_eq!(g.gateway(0), Some(sq("c3")));
    }
}
