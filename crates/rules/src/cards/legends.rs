//! The legends, shared by all players, in the order of the card reference.

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{Ask, Resolution, Script};
use crate::game::Game;
use crate::geometry::Dir;

pub static CARDS: [CardDef; 1] = [CardDef {
    id: "legends.titan",
    name: "Titan",
    rank: L,
    pattern: &[(0, -1, H), (0, -2, H), (-1, -3, C), (0, -3, C), (1, -3, C)],
    marked: &[],
    arrows: &[],
    flare: None,
    text: "Destroy every piece orthogonally adjacent to the Titan and every non-legendary piece diagonally adjacent. These do not count as destroyed by you.",
    script: Script { ask: titan_ask, apply: titan_apply },
}];

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
