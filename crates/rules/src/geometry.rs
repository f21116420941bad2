//! Squares, directions, bitboards and the eight orientations of a pattern.
//!
//! The arena is a 9x9 grid with three squares cut off at each corner. A
//! square is stored as `(row - 1) * 9 + (column - 1)`, so the whole grid
//! fits in the low 81 bits of a `u128` ([`Bitboard`]); the 12 cut squares
//! never appear in [`ON_BOARD`].

use std::fmt;

/// One of the 69 playable squares of the arena, `a1`..`i9`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = a .. 8 = i) and `row` (0 = row 1 .. 8 = row 9),
    /// if it is on the board.
    pub const fn new(column: i8, row: i8) -> Option<Square> {
        if column < 0 || column > 8 || row < 0 || row > 8 {
            return None;
        }
        let (c, r) = (column + 1, row + 1);
        if c + r > 3 && c + r < 17 && c - r < 7 && r - c < 7 {
            Some(Square((row * 9 + column) as u8))
        } else {
            None
        }
    }

    /// The square with this index (`(row - 1) * 9 + column - 1`), if playable.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index >= 81 {
            return None;
        }
        Square::new((index % 9) as i8, (index / 9) as i8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's name, `a1`..`i9` (its `Display`).
    pub const fn name(self) -> &'static str {
        SQUARE_NAMES[self.0 as usize]
    }

    /// 0 = column a .. 8 = column i.
    pub const fn column(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// 0 = row 1 .. 8 = row 9.
    pub const fn row(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// The square `dx` columns right and `dy` rows up, if it is on the board.
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        Square::new(self.column() + dx, self.row() + dy)
    }

    /// The neighbouring square in a direction.
    pub const fn step(self, dir: Dir) -> Option<Square> {
        let (dx, dy) = dir.delta();
        self.offset(dx, dy)
    }

    /// King-move distance: the number of moves from one square to another.
    pub fn distance(self, other: Square) -> u8 {
        let dx = (self.column() - other.column()).unsigned_abs();
        let dy = (self.row() - other.row()).unsigned_abs();
        dx.max(dy)
    }

    pub fn is_adjacent(self, other: Square) -> bool {
        self != other && self.distance(other) == 1
    }

    /// The (up to 8) squares adjacent to this one.
    pub fn neighbours(self) -> Bitboard {
        NEIGHBOURS[self.index()]
    }

    pub const fn bb(self) -> Bitboard {
        Bitboard(1u128 << self.0)
    }

    /// All 69 squares in index order (a1 first, row by row).
    pub fn all() -> impl Iterator<Item = Square> {
        ON_BOARD.squares()
    }

    /// Parses `e5`-style names.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let c = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&c) || !(b'1'..=b'9').contains(&b[1]) {
            return None;
        }
        Square::new((c - b'a') as i8, (b[1] - b'1') as i8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every square's name by its index, cut corners included (they are never
/// a [`Square`]): a table rather than the formatter, as the server writes
/// hundreds of squares at every change.
const SQUARE_NAMES: [&str; 81] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", //
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", //
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", //
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "i4", //
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5", //
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6", //
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", //
    "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8", //
    "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9",
];

/// One of the eight directions of a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    pub const DIAGONALS: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];
    pub const ORTHOGONALS: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    pub fn from_delta(dx: i8, dy: i8) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.delta() == (dx.signum(), dy.signum()) && (dx == 0 || dy == 0 || dx.abs() == dy.abs()))
    }

    /// The direction from one square to an adjacent one.
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        if !from.is_adjacent(to) {
            return None;
        }
        Dir::from_delta(to.column() - from.column(), to.row() - from.row())
    }

    /// Turned by `eighths` steps of 45 degrees clockwise.
    pub fn turn(self, eighths: i8) -> Dir {
        Dir::ALL[((self as i8 + eighths).rem_euclid(8)) as usize]
    }

    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::NE => "ne",
            Dir::E => "e",
            Dir::SE => "se",
            Dir::S => "s",
            Dir::SW => "sw",
            Dir::W => "w",
            Dir::NW => "nw",
        }
    }

    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == text)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of squares, one bit per grid cell.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.0) != 0
    }
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.0;
    }
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.0);
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square(self.0.trailing_zeros() as u8))
    }
    /// The squares in index order: a1 b1 .. i1 a2 .. (row by row).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        // the low 64 bits, then the high ones: 64-bit steps cost about half
        // the 128-bit ones (the bots list every empty square at every step)
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        std::iter::from_fn(move || {
            if low != 0 {
                let i = low.trailing_zeros();
                low &= low - 1;
                Some(Square(i as u8))
            } else if high != 0 {
                let i = high.trailing_zeros();
                high &= high - 1;
                Some(Square(64 + i as u8))
            } else {
                None
            }
        })
    }

    /// Every square moved `dx` columns right and `dy` rows up; squares that
    /// would leave the board are dropped.
    pub fn shift(self, dx: i8, dy: i8) -> Bitboard {
        let mut b = self.0 & COLUMN_KEEP[(dx + 8) as usize];
        let s = dx as i32 + 9 * dy as i32;
        if s > 0 {
            b = if s >= 128 { 0 } else { b << s };
        } else if s < 0 {
            b = if -s >= 128 { 0 } else { b >> -s };
        }
        Bitboard(b & ON_BOARD.0)
    }
}

/// A [`Bitboard::shift`] worked out ahead (for the pattern matching's
/// inner loops): the bits kept, then one rotation. The bits kept are the
/// columns kept of the bits that land within the board's 81 (the others
/// would leave it, or wrap round in the rotation), so that the rotation
/// is the shift: one 128-bit rotation costs fewer instructions than the
/// two 128-bit shifts, left then right, that it replaces.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Shift {
    keep: u128,
    rotate: u32,
}

impl Shift {
    /// The shift by `dx` columns right and `dy` rows up (each -8 to 8).
    pub const fn new(dx: i8, dy: i8) -> Shift {
        let s = dx as i32 + 9 * dy as i32;
        if s >= 128 || s <= -128 {
            return Shift { keep: 0, rotate: 0 };
        }
        // the bits i with 0 <= i + s < 81 (those beyond the board's bits too:
        // a right shift brings them onto it)
        let within = if s >= 0 { BOARD_BITS >> s } else { BOARD_BITS << -s };
        Shift { keep: COLUMN_KEEP[(dx + 8) as usize] & within, rotate: s.rem_euclid(128) as u32 }
    }

    /// `b.shift(dx, dy)`.
    #[inline]
    pub fn apply(self, b: Bitboard) -> Bitboard {
        Bitboard((b.0 & self.keep).rotate_left(self.rotate) & ON_BOARD.0)
    }
}

/// The bits of the 81 squares' indices (the cut corners included).
const SQUARE_BITS: u32 = 81;
const BOARD_BITS: u128 = (1 << SQUARE_BITS) - 1;

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}
impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}
impl std::ops::BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, o: Bitboard) {
        self.0 |= o.0;
    }
}
impl std::ops::BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, o: Bitboard) {
        self.0 &= o.0;
    }
}
impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the playable squares.
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ON_BOARD.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares().map(|s| s.to_string())).finish()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for s in iter {
            b.insert(s);
        }
        b
    }
}

const fn on_board_mask() -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < 81 {
        if Square::new((i % 9) as i8, (i / 9) as i8).is_some() {
            m |= 1u128 << i;
        }
        i += 1;
    }
    m
}

/// The 69 playable squares.
pub const ON_BOARD: Bitboard = Bitboard(on_board_mask());

/// For a shift by dx (index dx + 8), the columns whose squares stay inside
/// the grid horizontally.
const COLUMN_KEEP: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut k = 0;
    while k < 17 {
        let dx = k as i32 - 8;
        let mut m = 0u128;
        let mut i = 0;
        while i < 81 {
            let c = (i % 9) + dx;
            if c >= 0 && c < 9 {
                m |= 1u128 << i;
            }
            i += 1;
        }
        t[k] = m;
        k += 1;
    }
    t
};

static NEIGHBOURS: [Bitboard; 81] = {
    let mut t = [Bitboard(0); 81];
    let mut i = 0;
    while i < 81 {
        if let Some(sq) = Square::from_index(i as u8) {
            let mut m = 0u128;
            let mut dx = -1;
            while dx <= 1 {
                let mut dy = -1;
                while dy <= 1 {
                    if dx != 0 || dy != 0 {
                        if let Some(n) = sq.offset(dx, dy) {
                            m |= 1u128 << n.0;
                        }
                    }
                    dy += 1;
                }
                dx += 1;
            }
            t[i] = Bitboard(m);
        }
        i += 1;
    }
    t
};

/// One of the 8 ways a card's pattern can lie on the board: a quarter turn
/// count (clockwise) applied after an optional mirror image (left-right).
///
/// Text names: `r0 r90 r180 r270` for the rotations of the card as printed,
/// `m0 m90 m180 m270` for the same rotations of its mirror image.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Orientation(u8);

impl Orientation {
    pub const IDENTITY: Orientation = Orientation(0);

    pub fn all() -> impl Iterator<Item = Orientation> {
        (0..8).map(Orientation)
    }
    pub const fn from_index(i: u8) -> Option<Orientation> {
        if i < 8 {
            Some(Orientation(i))
        } else {
            None
        }
    }
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn mirrored(self) -> bool {
        self.0 >= 4
    }
    pub const fn quarter_turns(self) -> u8 {
        self.0 % 4
    }

    /// Maps a card offset (card upright, x right, y up) onto the board.
    pub const fn apply(self, dx: i8, dy: i8) -> (i8, i8) {
        let (mut x, mut y) = (dx, dy);
        if self.mirrored() {
            x = -x;
        }
        let mut k = 0;
        while k < self.quarter_turns() {
            // a quarter turn clockwise: up becomes right
            let t = x;
            x = y;
            y = -t;
            k += 1;
        }
        (x, y)
    }

    /// Maps a direction printed on the card onto the board.
    pub fn apply_dir(self, dir: Dir) -> Dir {
        let (dx, dy) = dir.delta();
        let (x, y) = self.apply(dx, dy);
        Dir::from_delta(x, y).expect("a turned unit step is a unit step")
    }

    pub fn name(self) -> &'static str {
        ["r0", "r90", "r180", "r270", "m0", "m90", "m180", "m270"][self.0 as usize]
    }

    pub fn parse(text: &str) -> Option<Orientation> {
        Orientation::all().find(|o| o.name() == text)
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// Every square's name (from the table) is its column letter and row
    /// number, reads back as the square, and is what it serialises to.
    #[test]
    fn every_square_is_named_by_its_column_and_row() {
        for square in Square::all() {
            let name = format!("{}{}", (b'a' + square.column() as u8) as char, square.row() + 1);
            assert_eq!(square.name(), name);
            assert_eq!(square.to_string(), name);
            assert_eq!(Square::parse(&name), Some(square));
            assert_eq!(serde_json::to_string(&square).unwrap(), format!("\"{name}\""));
        }
    }

    proptest::proptest! {
        /// The shift worked out ahead is the shift for any bits, those
        /// beyond the board's 81 included.
        #[test]
        fn a_shift_worked_out_ahead_is_the_shift(bits in proptest::prelude::any::<u128>(), dx in -8i8..=8, dy in -8i8..=8) {
            proptest::prop_assert_eq!(Shift::new(dx, dy).apply(Bitboard(bits)), Bitboard(bits).shift(dx, dy));
        }

        /// The squares of a bitboard are its bits set, in index order,
        /// on both sides of bit 64.
        #[test]
        fn a_bitboards_squares_are_its_bits_in_order(bits in proptest::prelude::any::<u128>()) {
            let b = Bitboard(bits & ON_BOARD.0);
            let want: Vec<u8> = (0..128u8).filter(|&i| b.0 >> i & 1 == 1).collect();
            let got: Vec<u8> = b.squares().map(|s| s.0).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn the_board_has_69_squares_and_cut_corners() {
        assert_eq!(ON_BOARD.count(), 69);
        for cut in ["a9", "b9", "h9", "i9", "a8", "i8", "a2", "i2", "a1", "b1", "h1", "i1"] {
            assert_eq!(Square::parse(cut), None, "{cut}");
        }
        assert_eq!(sq("c1").to_string(), "c1");
        assert_eq!(sq("e5").index(), 40);
    }

    #[test]
    fn neighbours_stop_at_cut_corners() {
        assert_eq!(sq("a3").neighbours().count(), 4); // a4 b4 b3 b2
        assert_eq!(sq("e5").neighbours().count(), 8);
        assert!(sq("a3").neighbours().contains(sq("b2")));
        assert_eq!(sq("c1").distance(sq("g9")), 8);
    }

    #[test]
    fn shifting_never_wraps_between_rows() {
        let b = sq("i5").bb();
        assert!(b.shift(1, 0).is_empty());
        assert_eq!(b.shift(-1, 0), sq("h5").bb());
        assert_eq!(sq("a5").bb().shift(-1, 0), Bitboard::EMPTY);
        assert_eq!(sq("e5").bb().shift(2, -3), sq("g2").bb());
        // the shift worked out ahead is the same, for every shift and square
        for dx in -8..=8 {
            for dy in -8..=8 {
                let s = Shift::new(dx, dy);
                for i in 0..81 {
                    let b = Bitboard(1u128 << i);
                    assert_eq!(s.apply(b), b.shift(dx, dy), "{dx} {dy} {i}");
                }
                assert_eq!(s.apply(ON_BOARD), ON_BOARD.shift(dx, dy));
            }
        }
        // onto a cut corner square: dropped
        assert!(sq("b2").bb().shift(-1, -1).is_empty());
    }

    #[test]
    fn orientations_are_the_eight_symmetries() {
        let images: std::collections::HashSet<_> = Orientation::all().map(|o| o.apply(1, 2)).collect();
        assert_eq!(images.len(), 8);
        assert_eq!(Orientation(1).apply(0, 1), (1, 0)); // r90: up becomes right
        assert_eq!(Orientation(4).apply(1, 0), (-1, 0));
        assert_eq!(Orientation(1).apply_dir(Dir::N), Dir::E);
        for o in Orientation::all() {
            assert_eq!(Orientation::parse(o.name()), Some(o));
        }
    }
}

/// Squares, directions and orientations serialize as their text names
/// (a square's from its table: [`Square::name`]).
macro_rules! serde_by_name {
    ($t:ty, $what:literal, $name:expr) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $name(self, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                <$t>::parse(&text)
                    .ok_or_else(|| serde::de::Error::custom(format!(concat!("not ", $what, ": {:?}"), text)))
            }
        }
    };
}
serde_by_name!(Square, "a square", |sq: &Square, s: S| s.serialize_str(sq.name()));
serde_by_name!(Dir, "a direction", |d: &Dir, s: S| s.collect_str(d));
serde_by_name!(Orientation, "an orientation", |o: &Orientation, s: S| s.collect_str(o));

impl serde::Serialize for Bitboard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.squares())
    }
}

impl<'de> serde::Deserialize<'de> for Bitboard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        let squares = Vec::<Square>::deserialize(d)?;
        Ok(squares.into_iter().collect())
    }
}
