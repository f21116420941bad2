//! The flares, shared by all players, in the order of the card reference.
//!
//! A flare's resolution records which criteria were met at invocation
//! (`upper`, `lower`); the upper half resolves first.

use crate::board::Rank::{Common as C, Heroic as H};
use crate::cards::{CardDef, FlareThresholds};
use crate::choice::Choice;
use crate::effect::{push_squares, Ask, Resolution, Script};
use crate::game::Game;

pub static CARDS: [CardDef; 1] = [CardDef {
    id: "flares.01",
    name: "Flare 01",
    rank: C,
    pattern: &[],
    marked: &[],
    arrows: &[],
    flare: Some(FlareThresholds { upper: 3, lower: 6 }),
    text: "Upper (3 more upgraded): place a common piece on any empty square. Lower (6 more pieces): place a heroic piece on any empty square.",
    script: Script { ask: flare01_ask, apply: flare01_apply },
}];

fn flare01_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let (met, rank) = match r.step {
        0 => (r.upper, C),
        1 => (r.lower, H),
        _ => return Ask::Done,
    };
    if !met || g.supply(r.color, rank) == 0 {
        return Ask::Auto;
    }
    push_squares(out, g.board().empty_squares());
    Ask::Choose(if rank == C { "place a common piece" } else { "place a heroic piece" })
}

fn flare01_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        let rank = if r.step == 0 { C } else { H };
        g.fx_place(r.color, rank, sq);
    }
    r.step += 1;
}
