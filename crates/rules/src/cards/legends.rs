//! The legends, shared by all players, in the order of the card reference.
//!
//! A heroic pattern piece is matched only by a heroic or legendary piece; a
//! pattern entry at `(0, 0)` means one of your pieces must stand on the
//! summoning square.

use crate::board::Rank::{self, Common as C, Heroic as H, Legendary as L};
use crate::board::{GREEN_SQUARES, RED_SQUARES};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square, ON_BOARD};
use crate::step::Step;

pub static CARDS: [CardDef; 12] = [
    CardDef {
        id: "legends.fire_dragon",
        name: "Fire Dragon",
        rank: L,
        pattern: &[(-1, 3, H), (1, 3, H), (0, 2, C), (0, 1, H)],
        marked: &[],
        arrows: &[Dir::W, Dir::E, Dir::SW, Dir::S, Dir::SE],
        flare: None,
        text: "Pick an arrow. Destroy every non-legendary piece within 2 squares of the Dragon along that arrow and along the two lines 45 degrees either side of it.",
        script: Script { ask: fire_dragon_ask, apply: fire_dragon_apply },
    },
    CardDef {
        id: "legends.hell_bull",
        name: "Hell Bull",
        rank: L,
        pattern: &[(-1, 1, C), (1, 1, C), (-1, 0, H), (0, 0, C), (1, 0, H), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. The Bull may make any number of combat moves, all in one direction; it stops after destroying a legendary piece.",
        script: Script { ask: hell_bull_ask, apply: hell_bull_apply },
    },
    CardDef {
        id: "legends.angel_of_death",
        name: "Angel of Death",
        rank: L,
        pattern: &[(-1, 1, C), (1, 1, C), (-2, 0, C), (0, 0, H), (2, 0, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own upgraded piece. You may pick another piece: upgrade it, then the Angel makes a combat leap onto it.",
        script: Script { ask: angel_of_death_ask, apply: angel_of_death_apply },
    },
    CardDef {
        id: "legends.the_eldest_tree",
        name: "The Eldest Tree",
        rank: L,
        pattern: &[(1, 1, H), (-2, 0, C), (2, 0, C), (-1, -1, H)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Pick up to 3 adjacent squares, one at a time: destroy a non-legendary enemy piece there, upgrade your common piece there, or place your common piece there if it is empty.",
        script: Script { ask: eldest_tree_ask, apply: eldest_tree_apply },
    },
    CardDef {
        id: "legends.bone_catapult",
        name: "Bone Catapult",
        rank: L,
        pattern: &[(-1, 1, C), (-1, -1, H), (0, -1, H), (1, -1, H)],
        marked: &[],
        arrows: &[Dir::N, Dir::NE, Dir::W, Dir::E],
        flare: None,
        text: "You may destroy any one piece on a line along an arrow, then every common piece adjacent to it.",
        script: Script { ask: bone_catapult_ask, apply: bone_catapult_apply },
    },
    CardDef {
        id: "legends.fire_elemental",
        name: "Fire Elemental",
        rank: L,
        pattern: &[(-1, -1, H), (1, -1, C), (-2, -2, H), (0, -2, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Either destroy every non-legendary enemy piece adjacent to the Elemental, or every common enemy piece within distance 2.",
        script: Script { ask: fire_elemental_ask, apply: fire_elemental_apply },
    },
    CardDef {
        id: "legends.leviathan",
        name: "Leviathan",
        rank: L,
        pattern: &[(-2, -1, H), (-1, -1, H), (-4, -2, H), (-3, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Either downgrade a connected group of up to 3 upgraded pieces, or destroy a connected group of up to 4 common pieces.",
        script: Script { ask: leviathan_ask, apply: leviathan_apply },
    },
    CardDef {
        id: "legends.two_headed_dragon",
        name: "Two-Headed Dragon",
        rank: L,
        pattern: &[(2, 0, H), (1, -1, H), (0, -2, H), (2, -2, C), (3, -3, C)],
        marked: &[(2, 0), (1, -1), (0, -2), (2, -2), (3, -3)],
        arrows: &[],
        flare: None,
        text: "You may upgrade a piece on a marked square. If you do, you may destroy a heroic piece adjacent to it.",
        script: Script { ask: two_headed_dragon_ask, apply: two_headed_dragon_apply },
    },
    CardDef {
        id: "legends.earth_elemental",
        name: "Earth Elemental",
        rank: L,
        pattern: &[(1, 0, C), (0, -1, C), (1, -1, C), (-1, -2, H), (2, -2, H)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy a non-legendary piece on or next to a red square. Upgrade a common piece on or next to a green square. The Elemental may then make a combat move onto an adjacent red or green square.",
        script: Script { ask: earth_elemental_ask, apply: earth_elemental_apply },
    },
    CardDef {
        id: "legends.time_elemental",
        name: "Time Elemental",
        rank: L,
        pattern: &[(-1, -1, H), (1, -1, H), (0, -2, H), (-1, -3, C), (1, -3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "After this turn you take another whole turn, even once the end of the game has been triggered.",
        script: Script { ask: time_elemental_ask, apply: time_elemental_apply },
    },
    CardDef {
        id: "legends.storm_elemental",
        name: "Storm Elemental",
        rank: L,
        pattern: &[(-1, 2, H), (-1, 1, H), (1, 1, H), (0, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. You may place your piece of any rank within distance 3; it may make combat moves in one direction (up to 5 if common, 3 if heroic, 1 if legendary), then it is destroyed.",
        script: Script { ask: storm_elemental_ask, apply: storm_elemental_apply },
    },
    CardDef {
        id: "legends.titan",
        name: "Titan",
        rank: L,
        pattern: &[(0, -1, H), (0, -2, H), (-1, -3, C), (0, -3, C), (1, -3, C)],
        // the card colours the orthogonal and the diagonal neighbours apart
        marked: &[(0, 1), (-1, 0), (1, 0), (0, -1), (-1, 1), (1, 1), (-1, -1), (1, -1)],
        arrows: &[],
        flare: None,
        text: "Destroy every piece orthogonally adjacent to the Titan and every non-legendary piece diagonally adjacent. These do not count as destroyed by you.",
        script: Script { ask: titan_ask, apply: titan_apply },
    },
];

/// The squares within `distance` of `sq`, itself excluded.
fn within(sq: Square, distance: u8) -> Bitboard {
    ON_BOARD.squares().filter(|&s| s != sq && s.distance(sq) <= distance).collect()
}

/// A set of squares and every square adjacent to one of them.
fn on_or_next_to(set: Bitboard) -> Bitboard {
    set.squares().fold(set, |acc, s| acc | s.neighbours())
}

fn enemies(g: &Game, r: &Resolution) -> Bitboard {
    g.board().occupied() & !g.board().of_color(r.color)
}

fn non_legendary(g: &Game) -> Bitboard {
    g.board().of_rank(C) | g.board().of_rank(H)
}

// ----- Fire Dragon -----

/// The up to 6 squares burnt along an arrow: 2 along it and 2 along each
/// line at 45 degrees to it.
fn fire_dragon_area(me: Square, d: Dir) -> Bitboard {
    [d.turn(-1), d, d.turn(1)].into_iter().flat_map(|ray| Game::ray(me, ray).take(2)).collect()
}

fn fire_dragon_ask(_: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    out.extend(r.arrows().filter(|&d| !fire_dragon_area(me, d).is_empty()).map(Choice::Direction));
    Ask::Choose(Step::LegendsFireDragonAim)
}

fn fire_dragon_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Direction(d), Some(me)) = (c, r.me) {
        for sq in (fire_dragon_area(me, d) & non_legendary(g)).squares() {
            g.fx_destroy(r, sq, true);
        }
    }
    r.step = 1;
}

// ----- Hell Bull -----
// The first move fixes the direction (`r.dir`); choosing a direction and
// then not moving is the same as skipping, so the direction is not asked
// on its own.

fn hell_bull_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let area = match r.dir {
        Some(d) => me.step(d).map_or(Bitboard::EMPTY, Square::bb),
        None => me.neighbours(),
    };
    push_moves(out, me, g.leap_targets_within(me, MoveKind::Combat, area));
    out.push(Choice::Skip);
    Ask::Choose(Step::LegendsHellBullCharge)
}

fn hell_bull_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            let stops = g.board().get(to).is_some_and(|p| p.rank == L);
            g.fx_move(r, from, to);
            r.dir = Dir::between(from, to);
            if stops {
                r.step = 1;
            }
        }
        _ => r.step = 1,
    }
}

// ----- Angel of Death -----

fn angel_of_death_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    // the leap comes after the upgrade, and a legendary Angel may
    // combat-leap onto any piece, so every other piece is a target
    push_squares(out, g.board().occupied() & !me.bb());
    out.push(Choice::Skip);
    Ask::Choose(Step::LegendsAngelOfDeathPick)
}

fn angel_of_death_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Square(sq), Some(me)) = (c, r.me) {
        // without a legendary piece in supply the upgrade is skipped
        // and the piece is destroyed at its own rank
        g.fx_upgrade(sq);
        g.fx_move(r, me, sq);
    }
    r.step = 1;
}

// ----- The Eldest Tree -----

fn eldest_tree_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else {
        return Ask::Done;
    };
    let b = g.board();
    let mut targets = (enemies(g, r) & non_legendary(g)) | (b.of_color(r.color) & b.of_rank(C));
    if g.supply(r.color, C) > 0 {
        targets |= b.empty_squares();
    }
    push_squares(out, targets & me.neighbours() & !r.chosen);
    out.push(Choice::Skip);
    Ask::Choose(Step::LegendsTheEldestTreeSquare)
}

fn eldest_tree_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Square(sq) = c else {
        r.step = 1;
        return;
    };
    r.chosen.insert(sq);
    r.count += 1;
    match g.board().get(sq) {
        None => {
            g.fx_place(r.color, C, sq);
        }
        Some(p) if p.color == r.color => {
            g.fx_upgrade(sq);
        }
        Some(_) => g.fx_destroy(r, sq, true),
    }
}

// ----- Bone Catapult -----

fn bone_catapult_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let lines: Bitboard = r.arrows().flat_map(|d| Game::ray(me, d)).collect();
    push_squares(out, lines & g.board().occupied());
    out.push(Choice::Skip);
    Ask::Choose(Step::LegendsBoneCatapultAim)
}

fn bone_catapult_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
        for s in (sq.neighbours() & g.board().of_rank(C)).squares() {
            g.fx_destroy(r, s, true);
        }
    }
    r.step = 1;
}

// ----- Fire Elemental -----

fn fire_elemental_ask(_: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.me.is_none() {
        return Ask::Done;
    }
    out.extend([Choice::Option(0), Choice::Option(1)]);
    Ask::Choose(Step::LegendsFireElementalOption)
}

fn fire_elemental_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Some(me) = r.me {
        let targets = match c {
            Choice::Option(0) => me.neighbours() & non_legendary(g),
            Choice::Option(1) => within(me, 2) & g.board().of_rank(C),
            _ => Bitboard::EMPTY,
        };
        for sq in (targets & enemies(g, r)).squares() {
            g.fx_destroy(r, sq, true);
        }
    }
    r.step = 1;
}

// ----- Leviathan -----
// Step 0 names the option (`r.option`: 0 downgrade, 1 destroy); step 1
// takes the group one piece at a time, each next to one already taken
// (`r.chosen`), which builds exactly the connected groups.

fn leviathan_candidates(g: &Game, r: &Resolution, option: u8) -> Bitboard {
    let b = g.board();
    let kind = if option == 0 { b.of_rank(H) | b.of_rank(L) } else { b.of_rank(C) };
    let reach = if r.chosen.is_empty() { ON_BOARD } else { on_or_next_to(r.chosen) };
    kind & reach & !r.chosen
}

fn leviathan_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            for option in [0, 1] {
                if !leviathan_candidates(g, r, option).is_empty() {
                    out.push(Choice::Option(option));
                }
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsLeviathanOption)
        }
        1 if r.count < if r.option == 0 { 3 } else { 4 } => {
            push_squares(out, leviathan_candidates(g, r, r.option));
            out.push(Choice::Skip);
            Ask::Choose(if r.option == 0 { Step::LegendsLeviathanDowngrade } else { Step::LegendsLeviathanDestroy })
        }
        _ => Ask::Done,
    }
}

fn leviathan_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Option(option)) => {
            r.option = option;
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            r.chosen.insert(sq);
            r.count += 1;
            if r.option == 0 {
                // a legendary piece with no two-sided piece in supply stays
                // legendary, but still links the group
                g.fx_downgrade(sq);
            } else {
                g.fx_destroy(r, sq, true);
            }
        }
        _ => r.step = 2,
    }
}

// ----- Two-Headed Dragon -----

fn two_headed_dragon_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match (r.step, r.subject) {
        (0, _) => {
            push_squares(out, r.marked().squares().filter(|&s| g.can_upgrade(s)).collect());
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsTwoHeadedDragonUpgrade)
        }
        (1, Some(upgraded)) => {
            push_squares(out, upgraded.neighbours() & g.board().of_rank(H));
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsTwoHeadedDragonDestroy)
        }
        _ => Ask::Done,
    }
}

fn two_headed_dragon_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            g.fx_upgrade(sq);
            r.subject = Some(sq);
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            g.fx_destroy(r, sq, true);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Earth Elemental -----

fn earth_elemental_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let b = g.board();
    match r.step {
        0 => {
            push_squares(out, on_or_next_to(RED_SQUARES) & non_legendary(g));
            Ask::Choose(Step::LegendsEarthElementalDestroy)
        }
        1 => {
            push_squares(out, on_or_next_to(GREEN_SQUARES) & b.of_rank(C));
            Ask::Choose(Step::LegendsEarthElementalUpgrade)
        }
        2 => {
            let Some(me) = r.me else {
                return Ask::Done;
            };
            let area = me.neighbours() & (RED_SQUARES | GREEN_SQUARES);
            push_moves(out, me, g.leap_targets_within(me, MoveKind::Combat, area));
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsEarthElementalMove)
        }
        _ => Ask::Done,
    }
}

fn earth_elemental_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => g.fx_destroy(r, sq, true),
        (1, Choice::Square(sq)) => {
            g.fx_upgrade(sq);
        }
        (2, Choice::Move { from, to }) => g.fx_move(r, from, to),
        _ => {}
    }
    r.step += 1;
}

// ----- Time Elemental -----

fn time_elemental_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn time_elemental_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    g.turn_mut().extra_turn = true;
    r.step = 1;
}

// ----- Storm Elemental -----
// Steps: 0 pick the rank (`r.option`: 0 common, 1 heroic, 2 legendary), 1
// the square, 2 the moves of the placed piece (`r.subject`, direction
// fixed by its first move), 3 its destruction.

const STORM_RANKS: [Rank; 3] = [C, H, L];

fn storm_area(g: &Game, r: &Resolution) -> Bitboard {
    r.me.map_or(Bitboard::EMPTY, |me| within(me, 3) & g.board().empty_squares())
}

fn storm_elemental_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            if !storm_area(g, r).is_empty() {
                for (i, &rank) in STORM_RANKS.iter().enumerate() {
                    if g.supply(r.color, rank) > 0 {
                        out.push(Choice::Option(i as u8));
                    }
                }
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsStormElementalRank)
        }
        1 => {
            push_squares(out, storm_area(g, r));
            Ask::Choose(Step::LegendsStormElementalPlace)
        }
        2 => {
            let Some(piece) = r.subject else {
                return Ask::Auto;
            };
            let limit = [5, 3, 1][r.option as usize];
            if r.count < limit {
                let area: Bitboard = match r.dir {
                    Some(d) => piece.step(d).map_or(Bitboard::EMPTY, Square::bb),
                    None => piece.neighbours(),
                };
                push_moves(out, piece, g.leap_targets_within(piece, MoveKind::Combat, area));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::LegendsStormElementalMove)
        }
        3 => Ask::Auto,
        _ => Ask::Done,
    }
}

fn storm_elemental_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Option(i)) => {
            r.option = i;
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            if g.fx_place(r.color, STORM_RANKS[r.option as usize], sq) {
                r.subject = Some(sq);
                r.step = 2;
            } else {
                r.step = 4;
            }
        }
        (2, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.dir = Dir::between(from, to);
            r.count += 1;
        }
        (2, _) => r.step = 3,
        (3, _) => {
            if let Some(piece) = r.subject {
                g.fx_destroy(r, piece, true);
            }
            r.step = 4;
        }
        _ => r.step = 4,
    }
}

// ----- Titan -----

fn titan_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 && r.me.is_some() {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn titan_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    if let Some(me) = r.me {
        for d in Dir::ORTHOGONALS {
            if let Some(sq) = me.step(d) {
                g.fx_destroy(r, sq, false);
            }
        }
        for d in Dir::DIAGONALS {
            if let Some(sq) = me.step(d).filter(|&s| g.board().get(s).is_some_and(|p| p.rank != L)) {
                g.fx_destroy(r, sq, false);
            }
        }
    }
    r.step = 1;
}
