//! Hidden information: re-dealing what one seat cannot see.
//!
//! A seat sees the board, the discard piles, its own hand and how many cards
//! every hand and pile holds. It does not see the other seats' hands nor the
//! order of any shuffled deck (the engine itself keeps shuffled parts as
//! unordered sets). [`Game::determinize`] replaces everything a seat cannot
//! see with one arrangement consistent with what it does see, so that a
//! computer player can search a game without knowing the real hands: the
//! result depends only on what the seat sees and on the caller's shuffle.

use crate::cards::CardId;
use crate::game::{Game, Seat};
use crate::pile::{insert_sorted, CardList, Pile};

impl Game {
    /// A copy of the game in which the cards `viewer` cannot see are dealt
    /// anew: each other seat's beings are drawn again from those beings plus
    /// the shuffled part and returned bottom of its deck, and the other
    /// seats' legends and flares from those cards plus the shuffled parts of
    /// the shared piles. `shuffle` puts a slice in a random order.
    pub fn determinize(&self, viewer: Seat, shuffle: &mut dyn FnMut(&mut [CardId])) -> Game {
        let mut g = self.clone();
        for (i, seat) in g.seats.iter_mut().enumerate() {
            if i == viewer as usize {
                continue;
            }
            let hand = std::mem::take(&mut seat.beings);
            let bottom = std::mem::take(&mut seat.deck.bottom);
            let middle = std::mem::take(&mut seat.deck.shuffled);
            let mut pool: Vec<CardId> = hand.iter().chain(&bottom).chain(&middle).copied().collect();
            pool.sort();
            shuffle(&mut pool);
            let mut rest = pool.into_iter();
            for _ in 0..hand.len() {
                insert_sorted(&mut seat.beings, rest.next().expect("pool holds the hand"));
            }
            seat.deck.bottom.extend(rest.by_ref().take(bottom.len()));
            seat.deck.shuffled.extend(rest);
            seat.deck.shuffled.sort();
        }
        redeal_shared(&mut g, viewer, shuffle, |s| &mut s.legends, |g| &mut g.legends);
        redeal_shared(&mut g, viewer, shuffle, |s| &mut s.flares, |g| &mut g.flares);
        g
    }
}

/// What one seat knows of a game, and nothing more: a copy of the game in
/// which every card the seat cannot see has been dealt in one canonical way
/// (so two games that look the same to the seat give equal observations).
/// Computer players receive observations, never the game itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Observation {
    seat: Seat,
    game: Game,
}

impl Observation {
    /// The seat observing.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The observed game; its hidden cards are placeholders, not the real ones.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// One arrangement of the hidden cards, drawn with `shuffle`.
    pub fn determinize(&self, shuffle: &mut dyn FnMut(&mut [CardId])) -> Game {
        self.game.determinize(self.seat, shuffle)
    }
}

impl Game {
    /// What `seat` knows of this game.
    pub fn observe(&self, seat: Seat) -> Observation {
        Observation { seat, game: self.determinize(seat, &mut |_| {}) }
    }
}

/// Re-deals the other seats' cards of one shared deck together with that
/// deck's shuffled part.
fn redeal_shared(
    g: &mut Game,
    viewer: Seat,
    shuffle: &mut dyn FnMut(&mut [CardId]),
    hand_of: fn(&mut crate::game::SeatState) -> &mut CardList,
    pile_of: fn(&mut Game) -> &mut Pile,
) {
    let mut sizes = Vec::new();
    let mut pool: Vec<CardId> = Vec::new();
    for (i, seat) in g.seats.iter_mut().enumerate() {
        let hand = hand_of(seat);
        sizes.push(if i == viewer as usize { None } else { Some(hand.len()) });
        if i != viewer as usize {
            pool.extend(hand.drain(..));
        }
    }
    let pile = pile_of(g);
    pool.extend(pile.shuffled.drain(..));
    pool.sort();
    shuffle(&mut pool);
    let mut rest = pool.into_iter();
    for (i, size) in sizes.into_iter().enumerate() {
        if let Some(n) = size {
            let hand = hand_of(&mut g.seats[i]);
            for c in rest.by_ref().take(n) {
                insert_sorted(hand, c);
            }
        }
    }
    let pile = pile_of(g);
    pile.shuffled.extend(rest);
    pile.shuffled.sort();
}

#[cfg(test)]
mod tests {
    use crate::game::{Actor, Form, Game};
    use crate::School;

    fn dealt() -> Game {
        let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        let mut k = 0;
        while g.actor() == Actor::Chance {
            let v = g.legal_choices();
            k = (k + 7) % v.len();
            g.apply(v[k]).unwrap();
        }
        g
    }

    #[test]
    fn determinizing_keeps_what_the_viewer_sees_and_hides_the_rest() {
        let g = dealt();
        let mut rot = 0usize;
        let mut shuffle = |s: &mut [crate::CardId]| {
            rot += 1;
            let n = s.len().max(1);
            s.rotate_left(rot % n);
        };
        let d = g.determinize(0, &mut shuffle);
        assert_eq!(d.seats[0].beings, g.seats[0].beings);
        assert_eq!(d.seats[0].legends, g.seats[0].legends);
        assert_eq!(d.seats[1].beings.len(), g.seats[1].beings.len());
        assert_eq!(d.seats[1].deck.len(), g.seats[1].deck.len());
        assert_eq!(d.board, g.board);
        // the same view with different hidden cards gives the same result
        let mut other = g.clone();
        let a = other.seats[1].beings[0];
        let b = other.seats[1].deck.shuffled[0];
        other.seats[1].beings[0] = b;
        other.seats[1].beings.sort();
        other.seats[1].deck.shuffled[0] = a;
        other.seats[1].deck.shuffled.sort();
        assert_ne!(other, g);
        let mut rot2 = 0usize;
        let mut shuffle2 = |s: &mut [crate::CardId]| {
            rot2 += 1;
            let n = s.len().max(1);
            s.rotate_left(rot2 % n);
        };
        assert_eq!(other.determinize(0, &mut shuffle2), d);
    }
}
