//! The Sylvan beings, in the order of the card reference.

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::board::{Color, Rank};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square};
use crate::step::Step;

const DIAGONALS: &[(i8, i8)] = &[(-1, 1), (1, 1), (-1, -1), (1, -1)];

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "sylvan.sapling",
        name: "Sapling",
        rank: C,
        pattern: &[(0, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade the Sapling as soon as it is on the board.",
        script: Script { ask: sapling_ask, apply: sapling_apply },
    },
    CardDef {
        id: "sylvan.kiskin_farseeders",
        name: "Kiskin Farseeders",
        rank: C,
        pattern: &[(1, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may place one of your common pieces on an empty square next to any of your pieces.",
        script: Script { ask: farseeders_ask, apply: farseeders_apply },
    },
    CardDef {
        id: "sylvan.charging_buck",
        name: "Charging Buck",
        rank: C,
        pattern: &[(-1, -1, C), (0, -1, C), (-1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Charging Buck may make up to 2 combat leaps, each to a square exactly 2 away.",
        script: Script { ask: buck_ask, apply: buck_apply },
    },
    CardDef {
        id: "sylvan.forest_wardens",
        name: "Forest Wardens",
        rank: C,
        pattern: &[(-2, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If an opponent has more common pieces than you, destroy one of that opponent's common pieces. \
               Then, if an opponent has more upgraded pieces than you, destroy one of that opponent's heroic pieces.",
        script: Script { ask: wardens_ask, apply: wardens_apply },
    },
    CardDef {
        id: "sylvan.naiad",
        name: "Naiad",
        rank: C,
        pattern: &[(-2, -1, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Up to 2 of your pieces next to the Naiad may each make a standard move.",
        script: Script { ask: naiad_ask, apply: naiad_apply },
    },
    CardDef {
        id: "sylvan.kiskin_spirit",
        name: "Kiskin Spirit",
        rank: H,
        pattern: &[(-2, 0, C), (-2, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may put a card from your discard pile on top of your deck. If you do, or if that pile is empty, \
               draw one extra being at the end of this turn.",
        script: Script { ask: spirit_ask, apply: spirit_apply },
    },
    CardDef {
        id: "sylvan.dryad",
        name: "Dryad",
        rank: H,
        pattern: &[(-1, 1, C), (0, 0, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. You may convert a non-legendary enemy piece next to the Dryad into your common piece.",
        script: Script { ask: dryad_ask, apply: dryad_apply },
    },
    CardDef {
        id: "sylvan.centaur_spearman",
        name: "Centaur Spearman",
        rank: H,
        pattern: &[(0, -1, C), (1, -1, C), (2, -1, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Centaur Spearman may make a combat move. If he does, destroy the next piece further on in that \
               direction, unless it is legendary.",
        script: Script { ask: spearman_ask, apply: spearman_apply },
    },
    CardDef {
        id: "sylvan.centaur_chieftain",
        name: "Centaur Chieftain",
        rank: H,
        pattern: &[(-2, 1, C), (-1, 0, C), (0, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Centaur Chieftain may make a combat move. If he does, your other pieces may make up to 3 combat \
               moves, each one step in that same direction.",
        script: Script { ask: chieftain_ask, apply: chieftain_apply },
    },
    CardDef {
        id: "sylvan.unicorn",
        name: "Unicorn",
        rank: H,
        pattern: &[(-1, 0, C), (-2, -1, C), (-1, -1, C), (-2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Either the Unicorn may make a combat move, or you gain an action.",
        script: Script { ask: unicorn_ask, apply: unicorn_apply },
    },
    CardDef {
        id: "sylvan.sylvan_queen",
        name: "Sylvan Queen",
        rank: H,
        pattern: &[(0, -1, C), (2, -1, C), (1, -2, C), (1, -3, C)],
        marked: DIAGONALS,
        arrows: &[],
        flare: None,
        text: "You may convert a non-legendary enemy piece on a marked square into your piece of the same rank.",
        script: Script { ask: queen_ask, apply: queen_apply },
    },
    CardDef {
        id: "sylvan.sylvan_princess",
        name: "Sylvan Princess",
        rank: H,
        pattern: &[(0, -1, C), (1, -2, C), (0, -3, C)],
        marked: DIAGONALS,
        arrows: &[],
        flare: None,
        text: "You may convert an enemy common piece on a marked square into your common piece.",
        script: Script { ask: princess_ask, apply: princess_apply },
    },
    CardDef {
        id: "sylvan.woodland_druid",
        name: "Woodland Druid",
        rank: H,
        pattern: &[(-1, 1, C), (1, 1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade one common piece of each color in the game, yours included.",
        script: Script { ask: druid_ask, apply: druid_apply },
    },
    CardDef {
        id: "sylvan.forest_ancient",
        name: "Forest Ancient",
        rank: H,
        pattern: &[(0, 1, C), (-1, 0, C), (1, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Place 2 enemy common pieces on empty squares up to 2 away. Then, for each piece placed, destroy a \
               common piece of its color up to 3 away.",
        script: Script { ask: ancient_ask, apply: ancient_apply },
    },
    CardDef {
        id: "sylvan.forest_mystic",
        name: "Forest Mystic",
        rank: H,
        pattern: &[(0, 1, C), (-1, 0, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "At the end of this turn, draw one extra being and one extra legend.",
        script: Script { ask: mystic_ask, apply: mystic_apply },
    },
    CardDef {
        id: "sylvan.kiskin_leafsplitter",
        name: "Kiskin Leafsplitter",
        rank: H,
        pattern: &[(0, 1, C), (-1, 0, C), (1, 0, C), (0, -1, C)],
        marked: &[],
        arrows: &[Dir::NW, Dir::NE, Dir::SW, Dir::SE],
        flare: None,
        text: "Up to twice: pick an arrow and destroy the first piece along it.",
        script: Script { ask: leafsplitter_ask, apply: leafsplitter_apply },
    },
    CardDef {
        id: "sylvan.kiskin_boughrunner",
        name: "Kiskin Boughrunner",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Kiskin Boughrunner may make up to 3 combat moves, each ending next to another of your pieces.",
        script: Script { ask: boughrunner_ask, apply: boughrunner_apply },
    },
    CardDef {
        id: "sylvan.tree_shepherd",
        name: "Tree Shepherd",
        rank: H,
        pattern: &[(-1, 0, C), (1, 0, C), (0, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Choose one of your pieces: a common one is upgraded, a heroic one may make a combat move, a \
               legendary one may make a standard move.",
        script: Script { ask: shepherd_ask, apply: shepherd_apply },
    },
];

// ----- shared helpers -----

/// Squares whose distance (king steps) from `sq` is between `min` and `max`.
fn distance_band(sq: Square, min: u8, max: u8) -> Bitboard {
    let d = max as i8;
    let mut out = Bitboard::EMPTY;
    for dx in -d..=d {
        for dy in -d..=d {
            let dist = dx.unsigned_abs().max(dy.unsigned_abs());
            if dist >= min {
                if let Some(s) = sq.offset(dx, dy) {
                    out.insert(s);
                }
            }
        }
    }
    out
}

/// Pieces of any color but `color`.
fn enemy_pieces(g: &Game, color: Color) -> Bitboard {
    g.board().occupied() & !g.board().of_color(color)
}

/// Squares next to any of the given pieces.
fn next_to(pieces: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in pieces.squares() {
        out |= s.neighbours();
    }
    out
}

/// The first piece on the ray from `from` in `dir`, if any.
fn first_piece(g: &Game, from: Square, dir: Dir) -> Option<Square> {
    Game::ray(from, dir).find(|&s| g.board().get(s).is_some())
}

/// Enemy pieces among `area` that `color` can convert into its piece of
/// `rank` (the enemy piece's rank if `None`).
fn convertible(g: &Game, color: Color, area: Bitboard, rank: Option<Rank>) -> Bitboard {
    let candidates = area & enemy_pieces(g, color) & !g.board().of_rank(L);
    candidates.squares().filter(|&s| g.can_convert(color, s, rank)).collect()
}

// ----- Sapling -----

fn sapling_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 && r.me.is_some() {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn sapling_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    if let Some(me) = r.me {
        // common to heroic only flips the piece, so it cannot fail
        g.fx_upgrade(me);
    }
    r.step = 1;
}

// ----- Kiskin Farseeders -----

fn farseeders_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    // no pick-up from the board: an effect's placement needs a piece in supply
    if r.step != 0 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    let b = g.board();
    push_squares(out, next_to(b.of_color(r.color)) & b.empty_squares());
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanKiskinFarseedersPlace)
}

fn farseeders_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_place(r.color, C, sq);
    }
    r.step = 1;
}

// ----- Charging Buck -----

fn buck_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 2) else {
        return Ask::Done;
    };
    push_moves(out, me, g.leap_targets_within(me, MoveKind::Combat, distance_band(me, 2, 2)));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanChargingBuckLeap)
}

fn buck_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Forest Wardens -----

fn wardens_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let b = g.board();
    let me = r.color;
    // each part is checked when it resolves, so after the first destruction
    let (count, rank): (fn(&crate::board::Board, Color) -> u32, Rank) = match r.step {
        0 => (|b, c| b.count(c, C), C),
        1 => (|b, c| b.upgraded(c), H),
        _ => return Ask::Done,
    };
    let mine = count(b, me);
    let mut targets = Bitboard::EMPTY;
    for enemy in g.enemies_of(me) {
        if count(b, enemy) > mine {
            targets |= b.of_color(enemy) & b.of_rank(rank);
        }
    }
    push_squares(out, targets);
    Ask::Choose(if rank == C { Step::SylvanForestWardensDestroyCommon } else { Step::SylvanForestWardensDestroyHeroic })
}

fn wardens_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
    }
    r.step += 1;
}

// ----- Naiad -----

fn naiad_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 2 {
        return Ask::Done;
    }
    // ruling: the second piece must be next to the Naiad's summoning square
    // at that moment, and not be the piece that already moved
    let movers = r.at.neighbours() & g.board().of_color(r.color) & !r.tagged;
    for from in movers.squares() {
        push_moves(out, from, g.move_targets(from, MoveKind::Standard));
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanNaiadMove)
}

fn naiad_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.tagged.insert(to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Kiskin Spirit -----

fn spirit_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    // the Spirit's own card is discarded only after this effect
    let mut cards = g.seat(g.turn().seat).discard.clone();
    if cards.is_empty() {
        return Ask::Auto;
    }
    cards.sort();
    out.extend(cards.into_iter().map(Choice::Return));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanKiskinSpiritCard)
}

fn spirit_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let index = g.turn().seat as usize;
    let seat = &mut g.seats[index];
    let bonus = match c {
        Choice::Return(card) => {
            let moved = crate::pile::remove_card(&mut seat.discard, card);
            if moved {
                seat.deck.put_top(card);
            }
            moved
        }
        // declining gives no bonus unless the pile was empty
        _ => seat.discard.is_empty(),
    };
    if bonus {
        g.turn_mut().extra_beings += 1;
    }
    r.step = 1;
}

// ----- Dryad -----

fn dryad_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    push_squares(out, convertible(g, r.color, me.neighbours(), Some(C)));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanDryadConvert)
}

fn dryad_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_convert(r, r.color, sq, Some(C));
    }
    r.step = 1;
}

// ----- Centaur Spearman -----

fn spearman_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    push_moves(out, me, g.move_targets(me, MoveKind::Combat));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanCentaurSpearmanMove)
}

fn spearman_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
        // the follow-up is not optional once he has moved
        if let Some(next) = Dir::between(from, to).and_then(|d| first_piece(g, to, d)) {
            if g.board().get(next).is_some_and(|p| p.rank != L) {
                g.fx_destroy(r, next, true);
            }
        }
    }
    r.step = 1;
}

// ----- Centaur Chieftain -----

fn chieftain_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match (r.step, r.me, r.dir) {
        (0, Some(me), _) => {
            push_moves(out, me, g.move_targets(me, MoveKind::Combat));
            out.push(Choice::Skip);
            Ask::Choose(Step::SylvanCentaurChieftainMove)
        }
        (1, _, Some(d)) if r.count < 3 => {
            // ruling: any of your pieces but the Chieftain, the same one again included
            let mut movers = g.board().of_color(r.color);
            if let Some(me) = r.me {
                movers.remove(me);
            }
            for from in movers.squares() {
                if let Some(to) = from.step(d) {
                    push_moves(out, from, g.leap_targets_within(from, MoveKind::Combat, to.bb()));
                }
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::SylvanCentaurChieftainMoveOther)
        }
        _ => Ask::Done,
    }
}

fn chieftain_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.dir = Dir::between(from, to);
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 2,
    }
}

// ----- Unicorn -----

fn unicorn_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    // choosing the move and then declining it is the same as skipping
    if let Some(me) = r.me {
        push_moves(out, me, g.move_targets(me, MoveKind::Combat));
    }
    out.push(Choice::Option(0));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanUnicornMoveOrAction)
}

fn unicorn_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => g.fx_move(r, from, to),
        Choice::Option(0) => g.gain_action(),
        _ => {}
    }
    r.step = 1;
}

// ----- Sylvan Queen and Sylvan Princess -----

fn queen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.me.is_none() {
        return Ask::Done;
    }
    push_squares(out, convertible(g, r.color, r.marked(), None));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanSylvanQueenConvert)
}

fn queen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_convert(r, r.color, sq, None);
    }
    r.step = 1;
}

fn princess_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.me.is_none() {
        return Ask::Done;
    }
    push_squares(out, convertible(g, r.color, r.marked() & g.board().of_rank(C), Some(C)));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanSylvanPrincessConvert)
}

fn princess_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_convert(r, r.color, sq, Some(C));
    }
    r.step = 1;
}

// ----- Woodland Druid -----

/// The colors the Druid upgrades, in order: yours, then each opponent's.
fn druid_color(g: &Game, r: &Resolution) -> Option<Color> {
    std::iter::once(r.color).chain(g.enemies_of(r.color)).nth(r.step as usize)
}

fn druid_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(color) = druid_color(g, r) else {
        return Ask::Done;
    };
    push_squares(out, g.board().of_color(color) & g.board().of_rank(C));
    Ask::Choose(if color == r.color {
        Step::SylvanWoodlandDruidUpgradeOwn
    } else {
        Step::SylvanWoodlandDruidUpgradeEnemy
    })
}

fn druid_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_upgrade(sq);
    }
    r.step += 1;
}

// ----- Forest Ancient -----
//
// Registers: `count` pieces placed; `option` the enemy color chosen for the
// next placement (index + 1, 0 for none yet); `count2` destructions still
// owed, 2 bits per color, at the bits of the first seat playing that color
// (ruling: one per piece placed, of its color).

fn ancient_colors(g: &Game, color: Color) -> impl Iterator<Item = Color> + '_ {
    g.enemies_of(color).filter(move |&e| g.supply(e, C) > 0)
}

/// The color of the next placement, once it is decided.
fn ancient_pending(g: &Game, r: &Resolution) -> Option<Color> {
    if r.option > 0 {
        return Color::ALL.get(r.option as usize - 1).copied();
    }
    let mut colors = ancient_colors(g, r.color);
    match (colors.next(), colors.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Where a color's count of destructions owed sits in `count2`: 2 bits per
/// seat (at most 4), so every color fits in the byte.
fn owed_shift(g: &Game, color: Color) -> u32 {
    2 * g.seat_of(color).unwrap_or(0) as u32
}

fn owed(g: &Game, r: &Resolution, color: Color) -> u8 {
    (r.count2 >> owed_shift(g, color)) & 3
}

fn ancient_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else {
        return Ask::Done;
    };
    let b = g.board();
    match r.step {
        0 => {
            let squares = distance_band(me, 1, 2) & b.empty_squares();
            if squares.is_empty() || ancient_colors(g, r.color).next().is_none() {
                // ruling: a placement that cannot be made is skipped
                return Ask::Auto;
            }
            if ancient_pending(g, r).is_none() {
                out.extend(ancient_colors(g, r.color).map(|e| Choice::Option(e.index() as u8)));
                return Ask::Choose(Step::SylvanForestAncientColor);
            }
            push_squares(out, squares);
            Ask::Choose(Step::SylvanForestAncientPlace)
        }
        1 => {
            let mut targets = Bitboard::EMPTY;
            for color in Color::ALL {
                if owed(g, r, color) > 0 {
                    targets |= b.of_color(color) & b.of_rank(C);
                }
            }
            push_squares(out, targets & distance_band(me, 1, 3));
            Ask::Choose(Step::SylvanForestAncientDestroy)
        }
        _ => Ask::Done,
    }
}

fn ancient_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Option(i)) => r.option = i + 1,
        (0, Choice::Square(sq)) => {
            if let Some(color) = ancient_pending(g, r) {
                if g.fx_place(color, C, sq) {
                    r.count += 1;
                    r.count2 += 1 << owed_shift(g, color);
                }
            }
            r.option = 0;
            if r.count >= 2 {
                r.step = 1;
            }
        }
        (1, Choice::Square(sq)) => {
            if let Some(p) = g.board().get(sq) {
                if owed(g, r, p.color) > 0 {
                    r.count2 -= 1 << owed_shift(g, p.color);
                    g.fx_destroy(r, sq, true);
                }
            }
            if r.count2 == 0 {
                r.step = 2;
            }
        }
        // a step with nothing left to do
        _ => r.step += 1,
    }
}

// ----- Forest Mystic -----

fn mystic_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn mystic_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    let turn = g.turn_mut();
    turn.extra_beings += 1;
    turn.extra_legends += 1;
    r.step = 1;
}

// ----- Kiskin Leafsplitter -----

fn leafsplitter_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 2) else {
        return Ask::Done;
    };
    // a shot along an empty line would change nothing, like skipping it
    out.extend(r.arrows().filter(|&d| first_piece(g, me, d).is_some()).map(Choice::Direction));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanKiskinLeafsplitterAim)
}

fn leafsplitter_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (c, r.me) {
        (Choice::Direction(d), Some(me)) => {
            if let Some(sq) = first_piece(g, me, d) {
                g.fx_destroy(r, sq, true);
            }
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Kiskin Boughrunner -----

fn boughrunner_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else {
        return Ask::Done;
    };
    let mut others = g.board().of_color(r.color);
    others.remove(me);
    push_moves(out, me, g.move_targets(me, MoveKind::Combat) & next_to(others));
    out.push(Choice::Skip);
    Ask::Choose(Step::SylvanKiskinBoughrunnerMove)
}

fn boughrunner_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Tree Shepherd -----

fn shepherd_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match (r.step, r.subject) {
        (0, _) => {
            push_squares(out, g.board().of_color(r.color));
            Ask::Choose(Step::SylvanTreeShepherdPick)
        }
        (1, Some(sq)) => {
            let kind = match g.board().get(sq).map(|p| p.rank) {
                Some(H) => MoveKind::Combat,
                _ => MoveKind::Standard,
            };
            push_moves(out, sq, g.move_targets(sq, kind));
            out.push(Choice::Skip);
            Ask::Choose(Step::SylvanTreeShepherdMove)
        }
        _ => Ask::Done,
    }
}

fn shepherd_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => match g.board().get(sq).map(|p| p.rank) {
            Some(C) => {
                g.fx_upgrade(sq);
                r.step = 2;
            }
            Some(_) => {
                r.subject = Some(sq);
                r.step = 1;
            }
            None => r.step = 2,
        },
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}
