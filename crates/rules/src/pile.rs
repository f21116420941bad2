//! Decks of cards whose order is partly unknown.
//!
//! A shuffled deck has no order until a card is drawn, so a [`Pile`] keeps
//! its cards in three parts: cards known to be on top (in order), the
//! shuffled middle (a multiset: a draw from it is a chance event, every card
//! equally likely), and cards returned to the bottom (in order). A position
//! setup may give a deck's full order by putting every card on top.
//!
//! In team play the bottom cards of a deck are turned sideways: a pile
//! counts how many of its bottommost cards are sideways, whichever part
//! they are in.
//!
//! The High Form's task deck is the same kind of pile, of task cards.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::cards::CardId;

/// A short list of cards; no deck holds more than 24.
pub type List<T> = ArrayVec<T, 24>;

/// A short list of game cards.
pub type CardList = List<CardId>;

/// A copy of a list of `Copy` items, the whole list copied at once.
/// (`ArrayVec`'s own `clone` goes item by item through an iterator, and a
/// copy of the used part is a call to the block copy per list: both made
/// cloning a [`crate::Game`], done for every step the bots try, several
/// times slower; the hand-written `Clone`s of the game's parts use this.
/// Tested in `tests/fast_paths.rs` and in `copy_list`'s own test.)
#[inline]
pub fn copy_list<T: Copy, const N: usize>(list: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    // SAFETY: a bitwise copy of an `ArrayVec` of `Copy` items is a valid,
    // independent `ArrayVec`. Every Rust move of an `ArrayVec` is already a
    // bitwise copy, so its layout stays valid when copied bit for bit (its
    // items are inline: no pointer into itself, nothing on the heap); what
    // `ptr::read` adds is a second owner, and owning an `ArrayVec` owns
    // nothing but its items, which being `Copy` have no drop to run twice. A copy of the whole array, its unused part included, is a
    // few fixed-size moves where the item-by-item copy was a call per list.
    unsafe { std::ptr::read(list) }
}

#[cfg(test)]
mod copy_tests {
    use super::*;

    #[test]
    fn a_copied_list_is_the_same_list_and_independent() {
        let mut a: ArrayVec<u16, 24> = (0..7).collect();
        let mut b = copy_list(&a);
        assert_eq!(a, b);
        b.push(99);
        a[0] = 5;
        assert_eq!(a.as_slice(), &[5, 1, 2, 3, 4, 5, 6]);
        assert_eq!(b.as_slice(), &[0, 1, 2, 3, 4, 5, 6, 99]);
        let full: ArrayVec<u8, 3> = [1, 2, 3].into_iter().collect();
        assert_eq!(copy_list(&full), full);
        let empty: ArrayVec<u8, 3> = ArrayVec::new();
        assert!(copy_list(&empty).is_empty());
    }
}

/// A deck of cards of type `T` (game cards unless said otherwise).
#[derive(PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pile<T = CardId> {
    /// Known cards on top; index 0 is drawn first.
    pub top: List<T>,
    /// The shuffled middle, kept sorted.
    pub shuffled: List<T>,
    /// Cards put at the bottom; index 0 is the uppermost of them.
    pub bottom: List<T>,
    /// Team play: how many of the bottommost cards are turned sideways.
    #[serde(default)]
    pub sideways: u8,
}

// not derived: a block copy of each list (see `copy_list`)
impl<T: Copy> Clone for Pile<T> {
    #[inline]
    fn clone(&self) -> Self {
        Pile {
            top: copy_list(&self.top),
            shuffled: copy_list(&self.shuffled),
            bottom: copy_list(&self.bottom),
            sideways: self.sideways,
        }
    }
}

// not derived: the derive would ask for `T: Default`
impl<T> Default for Pile<T> {
    fn default() -> Self {
        Pile { top: List::new(), shuffled: List::new(), bottom: List::new(), sideways: 0 }
    }
}

impl<T: Copy + Ord> Pile<T> {
    /// A freshly shuffled deck.
    pub fn shuffled(cards: impl IntoIterator<Item = T>) -> Pile<T> {
        let mut p = Pile::default();
        p.shuffled.extend(cards);
        p.shuffled.sort();
        p
    }

    /// A deck in a known order, top card first.
    pub fn ordered(cards: impl IntoIterator<Item = T>) -> Pile<T> {
        let mut p = Pile::default();
        p.top.extend(cards);
        p
    }

    pub fn len(&self) -> usize {
        self.top.len() + self.shuffled.len() + self.bottom.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cards that the next draw may turn up (one card unless the next
    /// card comes from the shuffled middle), in a stable order.
    pub fn next_draws(&self) -> &[T] {
        if !self.top.is_empty() {
            &self.top[..1]
        } else if !self.shuffled.is_empty() {
            &self.shuffled
        } else if !self.bottom.is_empty() {
            &self.bottom[..1]
        } else {
            &[]
        }
    }

    /// Removes a card that [`Pile::next_draws`] offered.
    pub fn draw(&mut self, card: T) -> bool {
        if !self.next_draws().contains(&card) {
            return false;
        }
        let mut found = false;
        for part in [&mut self.top, &mut self.shuffled, &mut self.bottom] {
            if let Some(i) = part.iter().position(|&c| c == card) {
                part.remove(i);
                found = true;
                break;
            }
        }
        // with only sideways cards left, a draw takes a sideways one
        self.sideways = self.sideways.min(self.len() as u8);
        found
    }

    pub fn put_bottom(&mut self, card: T) {
        self.bottom.push(card);
    }

    /// Team play: a card returned to the bottom is turned sideways, and the
    /// uppermost sideways card is straightened so that no more than `limit`
    /// stay sideways.
    pub fn put_bottom_sideways(&mut self, card: T, limit: u8) {
        self.bottom.push(card);
        self.sideways = (self.sideways + 1).min(limit);
    }

    /// Cards that are not sideways.
    pub fn upright(&self) -> usize {
        self.len() - (self.sideways as usize).min(self.len())
    }

    pub fn put_top(&mut self, card: T) {
        self.top.insert(0, card);
    }

    /// Every card in the pile, in no particular order.
    pub fn cards(&self) -> impl Iterator<Item = T> + '_ {
        self.top.iter().chain(&self.shuffled).chain(&self.bottom).copied()
    }

    /// Shuffles a discard pile in to form a new deck (the pile is empty).
    pub fn refill_from(&mut self, discard: &mut List<T>) {
        debug_assert!(self.is_empty());
        self.shuffled.extend(discard.drain(..));
        self.shuffled.sort();
    }

    /// Shuffles the whole deck together with `cards`.
    pub fn shuffle_in(&mut self, cards: impl IntoIterator<Item = T>) {
        let mut all: List<T> = self.top.drain(..).chain(self.bottom.drain(..)).collect();
        all.extend(cards);
        self.shuffled.extend(all);
        self.shuffled.sort();
    }
}

/// Inserts keeping a hand sorted, so that listings of choices are stable.
pub fn insert_sorted(list: &mut CardList, card: CardId) {
    let i = list.iter().position(|&c| c > card).unwrap_or(list.len());
    list.insert(i, card);
}

/// Removes one copy of a card; false if absent.
pub fn remove_card(list: &mut CardList, card: CardId) -> bool {
    match list.iter().position(|&c| c == card) {
        Some(i) => {
            list.remove(i);
            true
        }
        None => false,
    }
}
