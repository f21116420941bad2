//! The names a game's models say at every change (a card's, a color's, a
//! piece's, an orientation's), formatted by Fluent once per language and
//! copied after: each takes no argument but a small enum's value, so its
//! text never changes, and Fluent's formatting (the pattern resolved, the
//! arguments set up) costs many times a copy.

use std::sync::OnceLock;

use tash_kalar_rules::board::{Piece, Rank};
use tash_kalar_rules::geometry::Orientation;
use tash_kalar_rules::{CardId, Color, COLORS};

/// Each name, formatted when first asked for.
pub(crate) struct Memo {
    /// By the card's deck and index (`deck * 32 + index`, as `CardId` packs them).
    cards: Box<[OnceLock<String>; 256]>,
    colors: [OnceLock<String>; COLORS],
    pieces: [[OnceLock<String>; 3]; COLORS],
    orientations: [OnceLock<String>; 8],
}

impl Memo {
    pub(crate) fn new() -> Memo {
        Memo {
            cards: Box::new(std::array::from_fn(|_| OnceLock::new())),
            colors: Default::default(),
            pieces: Default::default(),
            orientations: Default::default(),
        }
    }

    pub(crate) fn card(&self, c: CardId, make: impl FnOnce() -> String) -> String {
        self.cards[(c.deck() as usize) << 5 | c.index()].get_or_init(make).clone()
    }

    pub(crate) fn color(&self, c: Color, make: impl FnOnce() -> String) -> String {
        self.colors[c.index()].get_or_init(make).clone()
    }

    pub(crate) fn piece(&self, p: Piece, make: impl FnOnce() -> String) -> String {
        let rank = Rank::ALL.iter().position(|r| *r == p.rank).unwrap_or(0);
        self.pieces[p.color.index()][rank].get_or_init(make).clone()
    }

    pub(crate) fn orientation(&self, o: Orientation, make: impl FnOnce() -> String) -> String {
        self.orientations[o.index() as usize % 8].get_or_init(make).clone()
    }
}

#[cfg(test)]
mod tests {
    use tash_kalar_rules::board::{Piece, Rank};
    use tash_kalar_rules::geometry::Orientation;
    use tash_kalar_rules::{CardId, Color};

    use crate::{args, message_id, Lang, Messages};

    /// Every name kept reads as Fluent formats it afresh, asked for once
    /// or again, in every language (a slot shared by two names would show).
    #[test]
    fn a_name_kept_is_the_name_formatted() {
        for lang in Lang::ALL {
            let m = Messages::new(lang);
            for _ in 0..2 {
                for c in CardId::all() {
                    assert_eq!(m.card_name(c), m.text(&message_id(c.def().id), &[]), "{lang} {}", c.def().id);
                }
                for c in Color::ALL {
                    let fresh = m.text(&format!("color-{}", format!("{c:?}").to_lowercase()), &[]);
                    assert_eq!(m.color(c), fresh, "{lang} {c:?}");
                    for rank in Rank::ALL {
                        let p = Piece { color: c, rank };
                        let ck = format!("{c:?}").to_lowercase();
                        let fresh =
                            m.text("piece", args![("color", m.color(c)), ("c", ck.as_str()), ("rank", rank.name())]);
                        assert_eq!(m.piece(p), fresh, "{lang} {p:?}");
                    }
                }
                for o in Orientation::all() {
                    assert_eq!(m.orientation(o), m.text("orientation", args![("o", o.name())]), "{lang} {o:?}");
                }
            }
        }
    }
}
