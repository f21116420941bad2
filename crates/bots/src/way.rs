//! How far a seat's pieces are from a card's pattern, in actions: the way
//! to a legend.
//!
//! The evaluation counts a card in hand only once its pattern is in place
//! or one common piece short ([`crate::features`]). A legend asks for
//! upgraded pieces, and a school whose only upgraded pieces are its heroic
//! beings (Everfrost) builds a legend's pattern over several turns: each
//! heroic piece where the pattern wants it is a summon, and none of those
//! steps showed in the evaluation until the last placement. This counts
//! the steps: a missing common piece on an empty square is one action (a
//! placement), a missing upgraded piece on an empty square or on one of
//! the seat's own common pieces two (a heroic being summoned there, whose
//! own pattern is more pieces). A square that holds any other piece blocks
//! that placing of the pattern.

use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::cards::{oriented_patterns, pieces_at_least, squares_summonable_onto};
use tash_kalar_rules::geometry::ON_BOARD;
use tash_kalar_rules::{Bitboard, Board, CardId};

/// Ways this many actions long or longer are not told apart.
pub const FAR: usize = 6;

/// The actions a missing pattern piece of this least rank costs.
fn step(rank: Rank) -> usize {
    match rank {
        Rank::Common => 1,
        Rank::Heroic | Rank::Legendary => 2,
    }
}

/// The fewest actions that would put `color`'s pieces on `board` in
/// `card`'s pattern (0: it can be summoned now), if fewer than [`FAR`].
/// Bitboards only: for each orientation, the summoning squares reached at
/// each cost so far, slot by slot.
pub fn way(board: &Board, color: Color, card: CardId) -> Option<usize> {
    let own = pieces_at_least(board, color);
    let empty = board.empty_squares() & ON_BOARD;
    let own_common = own[0] & !own[1];
    let free = squares_summonable_onto(board, card.def().rank);
    let mut best: Option<usize> = None;
    for p in oriented_patterns(card) {
        let limit = best.unwrap_or(FAR);
        let mut at = [Bitboard::EMPTY; FAR];
        at[0] = free;
        for &(shift, r) in &p.by_rank {
            let have = shift.apply(own[r.index()]);
            let cost = step(r);
            let fill = shift.apply(if r == Rank::Common { empty } else { empty | own_common });
            let mut next = [Bitboard::EMPTY; FAR];
            for k in 0..limit {
                next[k] = at[k] & have;
                if k >= cost {
                    next[k] |= at[k - cost] & fill;
                }
            }
            at = next;
        }
        if let Some(k) = at[..limit].iter().position(|b| !b.is_empty()) {
            best = Some(k);
            if k == 0 {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::cards::summoning_squares;

    fn card(id: &str) -> CardId {
        CardId::parse(id).unwrap()
    }

    fn board(text: &str) -> Board {
        Board::from_text(text).unwrap()
    }

    #[test]
    fn a_ready_pattern_is_no_action_away() {
        // the Snow Fox: two commons, at [1,0] and [2,-1] from its square
        let b = board("9/9/9/9/9/3w5/4w4/9/9");
        assert!(!summoning_squares(&b, Color::White, card("everfrost.snow_fox")).is_empty());
        assert_eq!(way(&b, Color::White, card("everfrost.snow_fox")), Some(0));
        // one of the two taken away: one placement
        let b = board("9/9/9/9/9/3w5/9/9/9");
        assert_eq!(way(&b, Color::White, card("everfrost.snow_fox")), Some(1));
    }

    #[test]
    fn a_missing_upgraded_piece_costs_two_actions() {
        // the Angel of Death at e5: commons at d6, f6, c5, g5 and e4, a
        // heroic piece on e5 itself
        let angel = card("legends.angel_of_death");
        let with = |centre: &str| board(&format!("9/9/9/3w1w3/2w1{centre}1w2/4w4/9/9/9"));
        let ready = with("w+");
        assert!(!summoning_squares(&ready, Color::White, angel).is_empty());
        assert_eq!(way(&ready, Color::White, angel), Some(0));
        // the centre one of the seat's commons, or empty: a heroic being
        // summoned there
        assert_eq!(way(&with("w"), Color::White, angel), Some(2));
        assert_eq!(way(&with("1"), Color::White, angel), Some(2));
        // and a common missing too: one placement more
        let short = board("9/9/9/3w5/2w1w1w2/4w4/9/9/9");
        assert_eq!(way(&short, Color::White, angel), Some(3));
        // an empty board: too far
        assert_eq!(way(&Board::empty(), Color::White, angel), None);
    }

    #[test]
    fn another_colors_piece_blocks_a_placing() {
        // the Angel's centre holds a blue piece: that placing is blocked,
        // and every other is further than two actions
        let angel = card("legends.angel_of_death");
        let blocked = board("9/9/9/3w1w3/2w1b1w2/4w4/9/9/9");
        let k = way(&blocked, Color::White, angel).unwrap_or(FAR);
        assert!(k > 2, "{k}");
        // a blue common on a common slot blocks it too
        let blue = board("9/9/9/3w1b3/2w1w+1w2/4w4/9/9/9");
        assert!(way(&blue, Color::White, angel).unwrap_or(FAR) > 1);
    }
}
