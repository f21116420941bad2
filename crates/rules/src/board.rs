//! Pieces on the arena, and the board text notation.
//!
//! Board text lists rows 9 down to 1 separated by `/`; in each row the
//! columns a to i, a digit n for n empty squares (cut corner squares are
//! written as empty), and a piece as a color letter (`r` red, `b` blue,
//! `n` brown, `g` green, `w` white, `o` orange, `p` purple) followed by `+`
//! if heroic or `*` if legendary. Where a Gateway can be told (a
//! position's board line, the diagram), a common or heroic piece may end
//! with `@`: it is its player's Gateway (Nethervoid); see
//! [`Board::from_text_marked`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::geometry::{Bitboard, Square, ON_BOARD};

/// The color of a set of pieces; each school plays one.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Southern Imperial.
    Red,
    /// Northern Imperial.
    Blue,
    /// Highland.
    Brown,
    /// Sylvan.
    Green,
    /// Everfrost.
    White,
    /// Nethervoid (no school plays it yet).
    Orange,
    /// Etherweave.
    Purple,
}

/// How many colors there are: arrays indexed by [`Color::index`] have this length.
pub const COLORS: usize = 7;

impl Color {
    pub const ALL: [Color; COLORS] =
        [Color::Red, Color::Blue, Color::Brown, Color::Green, Color::White, Color::Orange, Color::Purple];

    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
            Color::Brown => 'n',
            Color::Green => 'g',
            Color::White => 'w',
            Color::Orange => 'o',
            Color::Purple => 'p',
        }
    }

    pub fn from_letter(c: char) -> Option<Color> {
        Color::ALL.into_iter().find(|k| k.letter() == c)
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The rank of a piece; a higher rank matches and tramples a lower one.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    Common,
    Heroic,
    Legendary,
}

impl Rank {
    pub const ALL: [Rank; 3] = [Rank::Common, Rank::Heroic, Rank::Legendary];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Heroic or legendary.
    pub const fn is_upgraded(self) -> bool {
        !matches!(self, Rank::Common)
    }

    pub const fn up(self) -> Option<Rank> {
        match self {
            Rank::Common => Some(Rank::Heroic),
            Rank::Heroic => Some(Rank::Legendary),
            Rank::Legendary => None,
        }
    }

    pub const fn down(self) -> Option<Rank> {
        match self {
            Rank::Common => None,
            Rank::Heroic => Some(Rank::Common),
            Rank::Legendary => Some(Rank::Heroic),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rank::Common => "common",
            Rank::Heroic => "heroic",
            Rank::Legendary => "legendary",
        }
    }
}

/// A piece: a color and a rank.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub rank: Rank,
}

impl Piece {
    pub const fn new(color: Color, rank: Rank) -> Piece {
        Piece { color, rank }
    }

    /// The piece's board text (`r`, `b+`, `n*`): a table rather than the
    /// formatter, as the server writes a board and many pieces per change.
    pub const fn text(self) -> &'static str {
        PIECE_TEXTS[self.color.index()][self.rank.index()]
    }
}

/// Each piece's text, by [`Color::index`] and [`Rank::index`].
const PIECE_TEXTS: [[&str; 3]; COLORS] = [
    ["r", "r+", "r*"],
    ["b", "b+", "b*"],
    ["n", "n+", "n*"],
    ["g", "g+", "g*"],
    ["w", "w+", "w*"],
    ["o", "o+", "o*"],
    ["p", "p+", "p*"],
];

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The pieces on the arena: a mailbox plus bitboards by color and by rank.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; 81],
    by_color: [Bitboard; COLORS],
    by_rank: [Bitboard; 3],
}

impl Default for Board {
    fn default() -> Self {
        Board { cells: [None; 81], by_color: [Bitboard::EMPTY; COLORS], by_rank: [Bitboard::EMPTY; 3] }
    }
}

impl Board {
    pub fn empty() -> Board {
        Board::default()
    }

    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    /// Puts a piece on a square, replacing whatever was there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.cells[sq.index()] {
            self.by_color[old.color.index()].remove(sq);
            self.by_rank[old.rank.index()].remove(sq);
        }
        if let Some(p) = piece {
            self.by_color[p.color.index()].insert(sq);
            self.by_rank[p.rank.index()].insert(sq);
        }
        self.cells[sq.index()] = piece;
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_rank[0] | self.by_rank[1] | self.by_rank[2]
    }

    pub fn empty_squares(&self) -> Bitboard {
        !self.occupied()
    }

    pub fn of_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    pub fn of_rank(&self, rank: Rank) -> Bitboard {
        self.by_rank[rank.index()]
    }

    /// Pieces of a color with at least the given rank.
    pub fn of_color_at_least(&self, color: Color, rank: Rank) -> Bitboard {
        let mut ranks = Bitboard::EMPTY;
        for r in Rank::ALL {
            if r >= rank {
                ranks |= self.by_rank[r.index()];
            }
        }
        self.by_color[color.index()] & ranks
    }

    /// Pieces of a color with at most the given rank.
    pub fn of_color_at_most(&self, color: Color, rank: Rank) -> Bitboard {
        let mut ranks = Bitboard::EMPTY;
        for r in Rank::ALL {
            if r <= rank {
                ranks |= self.by_rank[r.index()];
            }
        }
        self.by_color[color.index()] & ranks
    }

    pub fn count(&self, color: Color, rank: Rank) -> u32 {
        (self.by_color[color.index()] & self.by_rank[rank.index()]).count()
    }

    /// Heroic and legendary pieces of a color.
    pub fn upgraded(&self, color: Color) -> u32 {
        (self.by_color[color.index()] & !self.by_rank[Rank::Common.index()]).count()
    }

    pub fn total(&self, color: Color) -> u32 {
        self.by_color[color.index()].count()
    }

    /// Parses board text; see the module documentation. The Gateway
    /// marker `@` is refused here: a board alone holds no Gateway (see
    /// [`Board::from_text_marked`]).
    pub fn from_text(text: &str) -> Result<Board, BoardTextError> {
        let (board, marked) = Board::from_text_marked(text)?;
        match marked.squares().next() {
            Some(at) => Err(BoardTextError::Marker { at }),
            None => Ok(board),
        }
    }

    /// Parses board text in which pieces may carry the Gateway marker `@`
    /// after their rank sign (`o@`, `o+@`; never a legendary piece): the
    /// board and the marked squares.
    pub fn from_text_marked(text: &str) -> Result<(Board, Bitboard), BoardTextError> {
        let mut marked = Bitboard::EMPTY;
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 9 {
            return Err(BoardTextError::RowCount(rows.len()));
        }
        let mut board = Board::empty();
        for (i, row_text) in rows.iter().enumerate() {
            let row = 8 - i as i8;
            let mut column: i8 = 0;
            let mut chars = row_text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(BoardTextError::BadChar { row: row + 1, found: c });
                    }
                    column += d as i8;
                } else if let Some(color) = Color::from_letter(c) {
                    let rank = match chars.peek() {
                        Some('+') => {
                            chars.next();
                            Rank::Heroic
                        }
                        Some('*') => {
                            chars.next();
                            Rank::Legendary
                        }
                        _ => Rank::Common,
                    };
                    if column > 8 {
                        return Err(BoardTextError::RowLength { row: row + 1 });
                    }
                    let sq = Square::new(column, row).ok_or(BoardTextError::OffBoard { column, row })?;
                    board.set(sq, Some(Piece::new(color, rank)));
                    if chars.peek() == Some(&'@') {
                        chars.next();
                        if rank == Rank::Legendary {
                            return Err(BoardTextError::LegendaryGateway { at: sq });
                        }
                        marked.insert(sq);
                    }
                    column += 1;
                } else {
                    return Err(BoardTextError::BadChar { row: row + 1, found: c });
                }
            }
            if column != 9 {
                return Err(BoardTextError::RowLength { row: row + 1 });
            }
        }
        Ok((board, marked))
    }

    /// The board text of this position.
    pub fn to_text(&self) -> String {
        self.to_text_marked(Bitboard::EMPTY)
    }

    /// The board text with the Gateway marker `@` on the pieces of `marked`.
    pub fn to_text_marked(&self, marked: Bitboard) -> String {
        // (most boards' texts fit; a crowded one grows past it. Written
        // from the mailbox without the formatter: the server writes one at
        // every change; a cut corner's cell is always empty)
        let mut s = String::with_capacity(96);
        for row in (0..9).rev() {
            let mut empty = 0u8;
            for (i, cell) in self.cells[row * 9..row * 9 + 9].iter().enumerate() {
                let Some(p) = cell else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                s.push_str(p.text());
                if marked.0 >> (row * 9 + i) & 1 == 1 {
                    s.push('@');
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if row > 0 {
                s.push('/');
            }
        }
        s
    }

    /// A picture of the board for terminals and debugging.
    pub fn diagram(&self) -> String {
        self.diagram_marked(Bitboard::EMPTY)
    }

    /// The diagram with the Gateway marker `@` on the pieces of `marked`.
    pub fn diagram_marked(&self, marked: Bitboard) -> String {
        let mut s = String::from("    a  b  c  d  e  f  g  h  i\n");
        for row in (0..9).rev() {
            s.push_str(&format!("{}  ", row + 1));
            for column in 0..9 {
                let cell = match Square::new(column, row) {
                    None => "   ".to_string(),
                    Some(sq) => match self.get(sq) {
                        Some(p) if marked.contains(sq) => format!("{:<3}", format!("{p}@")),
                        Some(p) => format!(" {:<2}", p.to_string()),
                        None => " . ".to_string(),
                    },
                };
                s.push_str(&cell);
            }
            s.push_str(&format!(" {}\n", row + 1));
        }
        s.push_str("    a  b  c  d  e  f  g  h  i\n");
        s
    }

    /// Every occupied square with its piece, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (self.occupied() & ON_BOARD).squares().map(|sq| (sq, self.cells[sq.index()].expect("occupied")))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_text())
    }
}

/// What is wrong with a board text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    #[error("board text needs 9 rows separated by '/', found {0}")]
    RowCount(usize),
    #[error("row {row} does not describe exactly 9 squares")]
    RowLength { row: i8 },
    #[error("row {row}: unexpected character {found:?} (expected 1-9, r, b, n, g, w, o, p, +, * or @)")]
    BadChar { row: i8, found: char },
    #[error("the Gateway marker @ on {at} belongs in a position's board line, not in a plain board text")]
    Marker { at: Square },
    #[error("the piece on {at} is legendary and cannot be the Gateway (@)")]
    LegendaryGateway { at: Square },
    /// A piece on a corner square cut off the board (0-based column and row).
    #[error("a piece stands on {}{}, which is cut off the board", (b'a' + *column as u8) as char, row + 1)]
    OffBoard { column: i8, row: i8 },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_text_round_trips() {
        let text = "9/9/3r+5/9/4b4/9/9/9/9";
        let b = Board::from_text(text).unwrap();
        assert_eq!(b.get(Square::parse("d7").unwrap()), Some(Piece::new(Color::Red, Rank::Heroic)));
        assert_eq!(b.get(Square::parse("e5").unwrap()), Some(Piece::new(Color::Blue, Rank::Common)));
        assert_eq!(b.to_text(), text);
        let full = "2n*g+g4/1rbrbrbr1/9/9/9/9/9/9/9";
        assert_eq!(Board::from_text(full).unwrap().to_text(), full);
    }

    /// Every piece on every square, with and without the Gateway marker:
    /// the text (written from tables) reads back as the same board, each
    /// piece as its color letter and rank sign.
    #[test]
    fn every_piece_and_mark_round_trips() {
        for color in Color::ALL {
            for rank in Rank::ALL {
                let piece = Piece::new(color, rank);
                let sign = match rank {
                    Rank::Common => "",
                    Rank::Heroic => "+",
                    Rank::Legendary => "*",
                };
                assert_eq!(piece.text(), format!("{}{sign}", color.letter()));
                assert_eq!(piece.to_string(), piece.text());
                for sq in Square::all() {
                    let mut b = Board::empty();
                    b.set(sq, Some(piece));
                    let marked = if rank == Rank::Legendary { Bitboard::EMPTY } else { sq.bb() };
                    let text = b.to_text_marked(marked);
                    assert_eq!(Board::from_text_marked(&text), Ok((b.clone(), marked)), "{text}");
                    assert_eq!(Board::from_text(&b.to_text()), Ok(b), "{text}");
                }
            }
        }
    }

    #[test]
    fn malformed_board_text_is_rejected() {
        assert_eq!(Board::from_text("9/9/9"), Err(BoardTextError::RowCount(3)));
        assert_eq!(Board::from_text("9/9/9/9/9/9/9/9/8"), Err(BoardTextError::RowLength { row: 1 }));
        assert!(matches!(Board::from_text("9/9/9/9/9/9/9/9/x8"), Err(BoardTextError::BadChar { .. })));
        assert!(matches!(Board::from_text("r8/9/9/9/9/9/9/9/9"), Err(BoardTextError::OffBoard { .. })));
        assert!(matches!(Board::from_text("9/9/9/9/9/9/9/9/0r8"), Err(BoardTextError::BadChar { .. })));
        assert_eq!(Board::from_text("9/9/9/9/9/9/9/9/9r"), Err(BoardTextError::RowLength { row: 1 }));
    }

    #[test]
    fn the_diagram_lines_pieces_up_with_empty_squares() {
        let d = Board::from_text("9/9/9/9/b3r+3g*/9/9/9/9").unwrap().diagram();
        let row5 = d.lines().find(|l| l.starts_with('5')).unwrap();
        assert_eq!(row5, "5   b  .  .  .  r+ .  .  .  g* 5");
        let row1 = d.lines().find(|l| l.starts_with('1')).unwrap();
        assert_eq!(row1, "1         .  .  .  .  .        1");
    }

    #[test]
    fn counts_by_color_and_rank() {
        let b = Board::from_text("9/9/3r+5/9/2b*1b4/9/9/9/9").unwrap();
        assert_eq!(b.total(Color::Blue), 2);
        assert_eq!(b.upgraded(Color::Blue), 1);
        assert_eq!(b.upgraded(Color::Red), 1);
        assert_eq!(b.of_color_at_least(Color::Blue, Rank::Heroic).count(), 1);
    }
}

/// The red squares (c2, d8, e5, h4), the same on both sides of the board.
pub const RED_SQUARES: Bitboard = squares_of(&["c2", "d8", "e5", "h4"]);
/// The green squares (a5, c7, f2, g7, i6).
pub const GREEN_SQUARES: Bitboard = squares_of(&["a5", "c7", "f2", "g7", "i6"]);
/// The nine central squares d4-f6 (marked on the High Form side).
pub const CENTRAL_SQUARES: Bitboard = squares_of(&["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"]);

const fn squares_of(names: &[&str]) -> Bitboard {
    let mut b = 0u128;
    let mut i = 0;
    while i < names.len() {
        let n = names[i].as_bytes();
        let sq = Square::new((n[0] - b'a') as i8, (n[1] - b'1') as i8);
        match sq {
            Some(s) => b |= s.bb().0,
            None => panic!("not a square"),
        }
        i += 1;
    }
    Bitboard(b)
}

#[cfg(test)]
mod colored_square_tests {
    use super::*;

    #[test]
    fn colored_squares_match_the_reference() {
        assert_eq!(RED_SQUARES.count(), 4);
        assert_eq!(GREEN_SQUARES.count(), 5);
        assert!(RED_SQUARES.contains(Square::parse("e5").unwrap()));
        assert!(CENTRAL_SQUARES.contains(Square::parse("f6").unwrap()));
        assert!((RED_SQUARES & GREEN_SQUARES).is_empty());
    }
}
