//! The cards: beings of each school, legends and flares, as static
//! definitions with their patterns and effect scripts.
//!
//! Each deck lives in its own module and exports `CARDS`, a static array of
//! [`CardDef`]. A [`CardId`] is a deck number and an index into that array.
//! Pattern images for the 8 orientations are computed once, with
//! orientations that give the same squares, marks and arrows removed.

use std::fmt;
use std::sync::OnceLock;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Color, Rank};
use crate::effect::Script;
use crate::geometry::{Bitboard, Dir, Orientation, Shift, Square, ON_BOARD};

pub mod etherweave;
pub mod everfrost;
pub mod flares;
pub mod highland;
pub mod imperial;
pub mod legends;
pub mod nethervoid;
pub mod sylvan;

/// Which deck a card belongs to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deck {
    /// The beings of both Imperial schools (the Northern and Southern decks
    /// hold the same cards).
    Imperial,
    Legends,
    Flares,
    Highland,
    Sylvan,
    Everfrost,
    Nethervoid,
    Etherweave,
}

impl Deck {
    // a card id keeps the deck in 3 bits: at most 8 decks
    const ALL: [Deck; 8] = [
        Deck::Imperial,
        Deck::Legends,
        Deck::Flares,
        Deck::Highland,
        Deck::Sylvan,
        Deck::Everfrost,
        Deck::Nethervoid,
        Deck::Etherweave,
    ];

    pub fn cards(self) -> &'static [CardDef] {
        match self {
            Deck::Imperial => &imperial::CARDS,
            Deck::Legends => &legends::CARDS,
            Deck::Flares => &flares::CARDS,
            Deck::Highland => &highland::CARDS,
            Deck::Sylvan => &sylvan::CARDS,
            Deck::Everfrost => &everfrost::CARDS,
            Deck::Nethervoid => &nethervoid::CARDS,
            Deck::Etherweave => &etherweave::CARDS,
        }
    }

    pub fn prefix(self) -> &'static str {
        match self {
            Deck::Imperial => "imperial",
            Deck::Legends => "legends",
            Deck::Flares => "flares",
            Deck::Highland => "highland",
            Deck::Sylvan => "sylvan",
            Deck::Everfrost => "everfrost",
            Deck::Nethervoid => "nethervoid",
            Deck::Etherweave => "etherweave",
        }
    }

    /// Every card of this deck.
    pub fn ids(self) -> impl Iterator<Item = CardId> {
        (0..self.cards().len()).map(move |i| CardId::new(self, i as u8))
    }
}

/// A player's school: the deck of beings and the color of pieces.
///
/// The base game's four schools and the three expansion schools
/// (Everfrost, Nethervoid, Etherweave), each complete: any seat may play
/// any of them in every form.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum School {
    Northern,
    Southern,
    Highland,
    Sylvan,
    Everfrost,
    Nethervoid,
    Etherweave,
}

impl School {
    /// Every school that can be played.
    pub const ALL: [School; 7] = [
        School::Northern,
        School::Southern,
        School::Highland,
        School::Sylvan,
        School::Everfrost,
        School::Nethervoid,
        School::Etherweave,
    ];

    /// The schools of the base game.
    pub const BASE: [School; 4] = [School::Northern, School::Southern, School::Highland, School::Sylvan];

    pub fn color(self) -> Color {
        match self {
            School::Northern => Color::Blue,
            School::Southern => Color::Red,
            School::Highland => Color::Brown,
            School::Sylvan => Color::Green,
            School::Everfrost => Color::White,
            School::Nethervoid => Color::Orange,
            School::Etherweave => Color::Purple,
        }
    }

    pub fn deck(self) -> Deck {
        match self {
            School::Northern | School::Southern => Deck::Imperial,
            School::Highland => Deck::Highland,
            School::Sylvan => Deck::Sylvan,
            School::Everfrost => Deck::Everfrost,
            School::Nethervoid => Deck::Nethervoid,
            School::Etherweave => Deck::Etherweave,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            School::Northern => "northern",
            School::Southern => "southern",
            School::Highland => "highland",
            School::Sylvan => "sylvan",
            School::Everfrost => "everfrost",
            School::Nethervoid => "nethervoid",
            School::Etherweave => "etherweave",
        }
    }

    pub fn parse(text: &str) -> Option<School> {
        School::ALL.into_iter().find(|s| s.name() == text)
    }

    /// The names of every school, for messages: `northern, southern, ... or everfrost`.
    pub fn names() -> String {
        let names: Vec<&str> = School::ALL.iter().map(|s| s.name()).collect();
        let (last, rest) = names.split_last().expect("schools");
        format!("{} or {last}", rest.join(", "))
    }
}

impl fmt::Display for School {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card: deck number in the high bits, index in that deck in the low 5.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(u8);

impl CardId {
    pub const fn new(deck: Deck, index: u8) -> CardId {
        CardId(((deck as u8) << 5) | index)
    }

    pub fn deck(self) -> Deck {
        Deck::ALL[(self.0 >> 5) as usize]
    }

    pub fn index(self) -> usize {
        (self.0 & 31) as usize
    }

    pub fn def(self) -> &'static CardDef {
        &self.deck().cards()[self.index()]
    }

    /// Looks a card up by its id, e.g. `imperial.knight`.
    pub fn parse(id: &str) -> Option<CardId> {
        CardId::all().find(|c| c.def().id == id)
    }

    /// Every card of every deck.
    pub fn all() -> impl Iterator<Item = CardId> {
        Deck::ALL.into_iter().flat_map(Deck::ids)
    }

    pub fn is_legend(self) -> bool {
        self.deck() == Deck::Legends
    }

    pub fn is_flare(self) -> bool {
        self.deck() == Deck::Flares
    }
}

impl fmt::Debug for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().id)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().id)
    }
}

impl Serialize for CardId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.def().id)
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardId, D::Error> {
        let s = String::deserialize(d)?;
        CardId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown card id {s:?}")))
    }
}

/// A flare's two criteria: how many more upgraded pieces (upper) or pieces
/// in total (lower) the opponent must have.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FlareThresholds {
    pub upper: u8,
    pub lower: u8,
}

/// The static definition of one card.
pub struct CardDef {
    /// The reference id, e.g. `imperial.knight`.
    pub id: &'static str,
    pub name: &'static str,
    /// The rank of the piece a summoning puts down (flares: unused, common).
    pub rank: Rank,
    /// The pieces the summoner needs: offsets from the summoning square (card
    /// upright, x right, y up) and the least rank that matches.
    pub pattern: &'static [(i8, i8, Rank)],
    /// Marked squares that the effect names, as offsets.
    pub marked: &'static [(i8, i8)],
    /// Directions printed as arrows, card upright.
    pub arrows: &'static [Dir],
    /// Flares only.
    pub flare: Option<FlareThresholds>,
    /// The effect in our own short words.
    pub text: &'static str,
    pub(crate) script: Script,
}

impl CardDef {
    /// Whether one of your pieces must stand on the summoning square.
    pub fn needs_piece_at_summoning_square(&self) -> bool {
        self.pattern.iter().any(|&(x, y, _)| x == 0 && y == 0)
    }
}

impl fmt::Debug for CardDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

/// A card's pattern turned into one orientation.
#[derive(Clone, Debug)]
pub struct OrientedPattern {
    pub orientation: Orientation,
    /// Offsets on the board and least ranks.
    pub squares: Vec<(i8, i8, Rank)>,
    /// The same squares, those asking for the highest ranks first (the
    /// rarest pieces, which rule out the most summoning squares soonest in
    /// the matching loops), each as the shift that brings a piece on it to
    /// the summoning square (by `(-x, -y)`) and its least rank.
    pub by_rank: Vec<(Shift, Rank)>,
    /// The pattern's pieces of at least each rank (common, heroic,
    /// legendary): a color with fewer such pieces cannot match it.
    pub needs: [u32; 3],
    pub marked: Vec<(i8, i8)>,
    pub arrows: Vec<Dir>,
}

impl OrientedPattern {
    fn same_image(&self, other: &OrientedPattern) -> bool {
        self.squares == other.squares && self.marked == other.marked && self.arrows == other.arrows
    }

    /// The board squares of the pattern pieces for a summoning at `at`.
    pub fn pattern_squares(&self, at: Square) -> Bitboard {
        self.squares.iter().filter_map(|&(x, y, _)| at.offset(x, y)).collect()
    }
}

/// The distinct orientations of each card's pattern.
pub fn oriented_patterns(card: CardId) -> &'static [OrientedPattern] {
    static TABLE: OnceLock<Vec<Vec<OrientedPattern>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut by_deck = Vec::new();
        for deck in Deck::ALL {
            for (i, def) in deck.cards().iter().enumerate() {
                let idx = CardId::new(deck, i as u8).0 as usize;
                if by_deck.len() <= idx {
                    by_deck.resize(idx + 1, Vec::new());
                }
                by_deck[idx] = orient(def);
            }
        }
        by_deck
    });
    &table[card.0 as usize]
}

fn orient(def: &CardDef) -> Vec<OrientedPattern> {
    let mut out: Vec<OrientedPattern> = Vec::new();
    for o in Orientation::all() {
        let image = orient_one(def, o);
        if !out.iter().any(|p| p.same_image(&image)) {
            out.push(image);
        }
    }
    out
}

/// One way a pattern matches: the orientation and the summoning square.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PatternMatch {
    pub orientation: Orientation,
    pub at: Square,
    /// The enemy pieces standing in for the summoner's own (see
    /// [`StandIns`]); empty for an ordinary match.
    pub enemy: Bitboard,
}

/// A set of colors; serialized as a list of colors (e.g. `["red", "green"]`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ColorSet(u8);

impl Serialize for ColorSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.colors())
    }
}

impl<'de> Deserialize<'de> for ColorSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ColorSet, D::Error> {
        Ok(Vec::<Color>::deserialize(d)?.into_iter().collect())
    }
}

impl ColorSet {
    pub const EMPTY: ColorSet = ColorSet(0);

    pub fn contains(self, c: Color) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    pub fn insert(&mut self, c: Color) {
        self.0 |= 1 << c.index();
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn colors(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |&c| self.contains(c))
    }
}

impl FromIterator<Color> for ColorSet {
    fn from_iter<I: IntoIterator<Item = Color>>(iter: I) -> ColorSet {
        let mut s = ColorSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Enemy pieces allowed to stand in for the summoner's own pieces when a
/// pattern is matched, as if they were the summoner's pieces of the same
/// rank. Each slot lets one enemy piece of one of its colors stand in, so a
/// match uses at most as many enemy pieces as there are slots, each with its
/// own slot. The War Summoner's bonus is one slot of every enemy color; an
/// improvised summoning in a melee would be one slot of the colors not yet
/// used, and the two combine as two slots. The enemy pieces used stay enemy
/// pieces; they are among the pieces used to summon the being.
pub type StandIns<'a> = &'a [ColorSet];

/// Every way `color`'s pieces match the card's pattern, with a summoning
/// square whose occupant (if any) does not outrank the card. Supply is not
/// considered. Ordered by orientation, then square.
pub fn pattern_matches(board: &Board, color: Color, card: CardId, out: &mut Vec<PatternMatch>) {
    pattern_matches_with(board, color, card, &[], out)
}

/// The squares a being of `rank` may be summoned onto: those holding no
/// piece that outranks it.
pub fn squares_summonable_onto(board: &Board, rank: Rank) -> Bitboard {
    let mut free = ON_BOARD;
    for r in Rank::ALL {
        if r > rank {
            free &= !board.of_rank(r);
        }
    }
    free
}

/// `color`'s pieces of at least each rank (common, heroic, legendary): the
/// pieces that match a pattern square asking for that rank.
pub fn pieces_at_least(board: &Board, color: Color) -> [Bitboard; 3] {
    [
        board.of_color_at_least(color, Rank::Common),
        board.of_color_at_least(color, Rank::Heroic),
        board.of_color_at_least(color, Rank::Legendary),
    ]
}

/// Like [`pattern_matches`], with enemy pieces allowed to stand in for the
/// summoner's own. A summoning square and orientation appear once, whether
/// or not they need an enemy piece: the pattern squares, and so the pieces
/// used, are the same.
pub fn pattern_matches_with(
    board: &Board,
    color: Color,
    card: CardId,
    stand_ins: StandIns<'_>,
    out: &mut Vec<PatternMatch>,
) {
    let def = card.def();
    let free = squares_summonable_onto(board, def.rank);
    let own = pieces_at_least(board, color);
    // enemy pieces that some slot accepts, by least rank
    let mut enemy = [Bitboard::EMPTY; 3];
    for slot in stand_ins {
        for c in slot.colors().filter(|&c| c != color) {
            for r in Rank::ALL {
                enemy[r.index()] |= board.of_color_at_least(c, r);
            }
        }
    }
    let stand_ins_possible = !enemy[0].is_empty();
    let patterns = oriented_patterns(card);
    // too few pieces of some rank for the pattern (with the enemy pieces
    // that may stand in, if any): no match anywhere
    let could_match = [own[0] | enemy[0], own[1] | enemy[1], own[2] | enemy[2]];
    if patterns.first().is_some_and(|p| !enough_pieces(&could_match, p.needs, 0)) {
        return;
    }
    for p in patterns {
        if !stand_ins_possible {
            let mut anchors = free;
            for &(shift, r) in &p.by_rank {
                anchors &= shift.apply(own[r.index()]);
                if anchors.is_empty() {
                    break;
                }
            }
            for at in anchors.squares() {
                out.push(PatternMatch { orientation: p.orientation, at, enemy: Bitboard::EMPTY });
            }
            continue;
        }
        // squares where every pattern square holds a piece that could match;
        // then each is checked for enough distinct slots
        // (the rarest ranks first, as above: the same squares in any order)
        let mut anchors = free;
        for &(shift, r) in &p.by_rank {
            anchors &= shift.apply(could_match[r.index()]);
            if anchors.is_empty() {
                break;
            }
        }
        for at in anchors.squares() {
            let used = p.pattern_squares(at) & !board.of_color(color);
            // (no more than 32 slots are ever taken: see `fits_slots`)
            if used.count() as usize > stand_ins.len().min(32) {
                continue;
            }
            let colors: ArrayVec<Color, 32> = used.squares().filter_map(|sq| board.get(sq)).map(|p| p.color).collect();
            if fits_slots(&colors, stand_ins, 0) {
                out.push(PatternMatch { orientation: p.orientation, at, enemy: used });
            }
        }
    }
}

/// Whether pieces by least rank (`own`, as [`pieces_at_least`] gives them)
/// are as many as a pattern `needs` of each rank, `short` common pieces
/// allowed missing.
#[inline]
pub fn enough_pieces(own: &[Bitboard; 3], needs: [u32; 3], short: u32) -> bool {
    own[0].count() + short >= needs[0] && own[1].count() >= needs[1] && own[2].count() >= needs[2]
}

/// Whether each enemy piece color can take its own slot among those not in
/// `taken` (a bit per slot).
pub(crate) fn fits_slots(colors: &[Color], slots: &[ColorSet], taken: u32) -> bool {
    let Some((&first, rest)) = colors.split_first() else {
        return true;
    };
    slots.iter().enumerate().any(|(i, slot)| {
        i < 32 && taken & (1 << i) == 0 && slot.contains(first) && fits_slots(rest, slots, taken | (1 << i))
    })
}

/// The squares where `color` can summon `card` on `board` (supply assumed).
pub fn summoning_squares(board: &Board, color: Color, card: CardId) -> Bitboard {
    if crate::warp::is_time_traveler(card) {
        // its pattern anywhere: any empty colorless square
        return crate::warp::time_traveler_squares(board, color);
    }
    let mut v = Vec::new();
    pattern_matches(board, color, card, &mut v);
    v.into_iter().map(|m| m.at).collect()
}

/// The oriented pattern of a card for a given orientation, if that
/// orientation is one of the card's distinct ones.
pub fn oriented(card: CardId, orientation: Orientation) -> Option<&'static OrientedPattern> {
    oriented_patterns(card).iter().find(|p| p.orientation == orientation)
}

/// Maps an orientation to the distinct one that lays the same pattern,
/// marks and arrows on the board.
pub fn canonical_orientation(card: CardId, orientation: Orientation) -> Orientation {
    let def = card.def();
    let image = orient_one(def, orientation);
    oriented_patterns(card).iter().find(|p| p.same_image(&image)).map(|p| p.orientation).unwrap_or(orientation)
}

fn orient_one(def: &CardDef, o: Orientation) -> OrientedPattern {
    let mut squares: Vec<_> = def
        .pattern
        .iter()
        .map(|&(x, y, r)| {
            let (a, b) = o.apply(x, y);
            (a, b, r)
        })
        .collect();
    let mut marked: Vec<_> = def.marked.iter().map(|&(x, y)| o.apply(x, y)).collect();
    let mut arrows: Vec<_> = def.arrows.iter().map(|&d| o.apply_dir(d)).collect();
    squares.sort();
    marked.sort();
    arrows.sort();
    let mut rarest = squares.clone();
    rarest.sort_by_key(|&(_, _, r)| std::cmp::Reverse(r));
    let by_rank = rarest.into_iter().map(|(x, y, r)| (Shift::new(-x, -y), r)).collect();
    let mut needs = [0u32; 3];
    for &(_, _, r) in &squares {
        for n in &mut needs[..=r.index()] {
            *n += 1;
        }
    }
    OrientedPattern { orientation: o, squares, by_rank, needs, marked, arrows }
}
