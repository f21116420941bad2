//! The Imperial beings (the Northern and Southern decks hold the same 18
//! cards), in the order of the card reference.

use crate::board::Rank::{Common as C, Heroic as H};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir};

pub static CARDS: [CardDef; 3] = [
    CardDef {
        id: "imperial.swordmaster",
        name: "Swordmaster",
        rank: C,
        pattern: &[(0, 1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy an enemy common piece diagonally adjacent to the Swordmaster. If you do, upgrade the Swordmaster.",
        script: Script { ask: swordmaster_ask, apply: swordmaster_apply },
    },
    CardDef {
        id: "imperial.knight",
        name: "Knight",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C), (-1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Knight may make up to 3 combat moves, never onto a common piece.",
        script: Script { ask: knight_ask, apply: knight_apply },
    },
    CardDef {
        id: "imperial.cannon",
        name: "Cannon",
        rank: H,
        pattern: &[(-1, 0, C), (0, 0, C), (-2, -1, C)],
        marked: &[],
        arrows: &[Dir::NW, Dir::N, Dir::NE, Dir::E, Dir::SW, Dir::S, Dir::SE],
        flare: None,
        text: "Summoned onto your own piece. You may pick an arrow: destroy every common piece on that line to the board's edge.",
        script: Script { ask: cannon_ask, apply: cannon_apply },
    },
];

fn diagonal_neighbours(sq: crate::geometry::Square) -> Bitboard {
    Dir::DIAGONALS.iter().filter_map(|&d| sq.step(d)).collect()
}

fn swordmaster_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let targets = diagonal_neighbours(me) & g.board().of_rank(C) & !g.board().of_color(r.color);
    push_squares(out, targets);
    out.push(Choice::Skip);
    Ask::Choose("destroy an enemy common piece diagonally adjacent to the Swordmaster")
}

fn swordmaster_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Square(sq), Some(me)) = (c, r.me) {
        g.fx_destroy(r, sq, true);
        g.fx_upgrade(me);
    }
    r.step = 1;
}

fn knight_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else {
        return Ask::Done;
    };
    let b = g.board();
    // combat moves that never enter a common (or legendary) piece
    let targets = me.neighbours() & (b.empty_squares() | b.of_rank(H));
    push_moves(out, me, targets);
    out.push(Choice::Skip);
    Ask::Choose("move the Knight (combat move, not onto a common piece)")
}

fn knight_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

fn cannon_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let _ = g;
    out.extend(r.arrows().filter(|&d| me.step(d).is_some()).map(Choice::Direction));
    out.push(Choice::Skip);
    Ask::Choose("choose a direction to fire the Cannon")
}

fn cannon_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Direction(d), Some(me)) = (c, r.me) {
        for sq in Game::ray(me, d) {
            if g.board().get(sq).is_some_and(|p| p.rank == C) {
                g.fx_destroy(r, sq, true);
            }
        }
    }
    r.step = 1;
}
