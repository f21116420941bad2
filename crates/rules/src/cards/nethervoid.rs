//! The Nethervoid beings (orange pieces), in the order of the card
//! reference. Most of them name "the Gateway": the summoner's Gateway
//! ([`Game::active_gateway`], see [`crate::gateway`]), looked up afresh at
//! each step, since moves carry it along and destructions end it. Without
//! a Gateway the parts that need it do nothing.
//!
//! A Nethervoid being may have become the Gateway itself just before its
//! effect starts (rules a and c of `docs/rulings.md`); "when it is the
//! Gateway" on the Power Seeker and the Hell Rider is judged then.

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::board::{Color, GREEN_SQUARES, RED_SQUARES};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::event::Event;
use crate::game::{Game, SIDEWAYS_CARDS};
use crate::geometry::{Bitboard, Dir, Square};
use crate::step::Step;

const ADJACENT: &[(i8, i8)] = &[(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)];

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "nethervoid.shadow_imp",
        name: "Shadow Imp",
        rank: C,
        pattern: &[(-1, 1, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Shadow Imp may make a combat move. If it did and is not the Gateway, the Gateway may then make a \
               combat move in the same direction.",
        script: Script { ask: shadow_ask, apply: shadow_apply },
    },
    CardDef {
        id: "nethervoid.flame_imp",
        name: "Flame Imp",
        rank: C,
        pattern: &[(-2, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy a common piece (any color) next to the Gateway.",
        script: Script { ask: flame_ask, apply: destroy_one_apply },
    },
    CardDef {
        id: "nethervoid.gate_keeper",
        name: "Gate Keeper",
        rank: C,
        pattern: &[(0, 1, C), (-1, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may either upgrade one of your common pieces or place a common piece on any empty square. That \
               piece becomes the Gateway.",
        script: Script { ask: keeper_ask, apply: keeper_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_gluttony",
        name: "Demon of Gluttony",
        rank: C,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Demon may make a combat move. If it destroyed a piece, upgrade the Demon; it may make another \
               combat move, and if that destroyed a piece too, it becomes the Gateway.",
        script: Script { ask: gluttony_ask, apply: gluttony_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_pride",
        name: "Demon of Pride",
        rank: C,
        pattern: &[(0, -1, C), (0, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade the Demon of Pride; it becomes the Gateway. Then it may make a combat move.",
        script: Script { ask: pride_ask, apply: pride_apply },
    },
    CardDef {
        id: "nethervoid.acolyte_of_destruction",
        name: "Acolyte of Destruction",
        rank: H,
        pattern: &[(-1, -1, C), (1, -1, C), (0, -3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy a common piece anywhere. If the Gateway is on a red square, you may also destroy a heroic \
               piece next to that common piece's square.",
        script: Script { ask: destruction_ask, apply: destruction_apply },
    },
    CardDef {
        id: "nethervoid.acolyte_of_growth",
        name: "Acolyte of Growth",
        rank: H,
        pattern: &[(-1, 1, C), (1, 1, C), (-1, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Place a common piece on any empty square. If the Gateway is on a green square, place a heroic piece \
               next to it.",
        script: Script { ask: growth_ask, apply: growth_apply },
    },
    CardDef {
        id: "nethervoid.power_seeker",
        name: "Power Seeker",
        rank: H,
        pattern: &[(1, 0, C), (3, 0, C), (2, -1, C), (4, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If the Power Seeker is the Gateway, it may make a standard move. Otherwise it may make any number of \
               combat moves, each ending nearer to the Gateway.",
        script: Script { ask: seeker_ask, apply: seeker_apply },
    },
    CardDef {
        id: "nethervoid.hell_hound",
        name: "Hell Hound",
        rank: H,
        pattern: &[(-2, 0, C), (-1, 0, C), (-3, -1, C), (0, -1, C)],
        marked: ADJACENT,
        arrows: &[],
        flare: None,
        text: "You may destroy a piece next to the Hell Hound. Unless that was a legendary piece, this card goes to \
               the bottom of your deck (if it has cards) instead of the discard pile.",
        script: Script { ask: hound_ask, apply: hound_apply },
    },
    CardDef {
        id: "nethervoid.vortexmaster",
        name: "Vortexmaster",
        rank: H,
        pattern: &[(0, 1, C), (-1, 2, C), (1, 2, C), (0, 3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Gateway may make a combat move. Then one of your pieces next to the Gateway may make a combat \
               move.",
        script: Script { ask: vortex_ask, apply: vortex_apply },
    },
    CardDef {
        id: "nethervoid.gate_master",
        name: "Gate Master",
        rank: H,
        pattern: &[(0, 1, C), (1, 1, C), (-1, 0, C), (1, 0, C), (2, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade the Gateway (if it becomes legendary, this counts as a legend summoned here). Then choose \
               one of your non-legendary pieces to be the Gateway.",
        script: Script { ask: master_ask, apply: master_apply },
    },
    CardDef {
        id: "nethervoid.hell_rider",
        name: "Hell Rider",
        rank: H,
        pattern: &[(0, 0, C), (1, 0, C), (2, 0, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. The Hell Rider may make 1 combat move if it is the Gateway, otherwise \
               up to 3.",
        script: Script { ask: rider_ask, apply: rider_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_wrath",
        name: "Demon of Wrath",
        rank: H,
        pattern: &[(1, 0, C), (-1, -1, C), (1, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If no enemy common piece is next to the Gateway, the Gateway may make a standard move. Then destroy \
               every enemy common piece next to the Gateway.",
        script: Script { ask: wrath_ask, apply: wrath_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_greed",
        name: "Demon of Greed",
        rank: H,
        pattern: &[(-1, 1, C), (0, 1, C), (-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy one of your common pieces and one of your heroic pieces, neither the Gateway. Gain an action \
               for each.",
        script: Script { ask: greed_ask, apply: greed_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_lust",
        name: "Demon of Lust",
        rank: H,
        pattern: &[(0, -1, C), (1, -1, C), (1, -2, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Up to 2 pieces of any color may each make a combat move nearer to the Gateway, but not onto it.",
        script: Script { ask: lust_ask, apply: lust_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_sloth",
        name: "Demon of Sloth",
        rank: H,
        pattern: &[(-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Lose one of your remaining actions; with none left, destroy the Gateway.",
        script: Script { ask: sloth_ask, apply: sloth_apply },
    },
    CardDef {
        id: "nethervoid.demon_of_envy",
        name: "Demon of Envy",
        rank: H,
        pattern: &[(-1, 1, C), (0, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. Place a common piece next to the Gateway; repeat while an opponent has \
               more pieces on the board than you.",
        script: Script { ask: envy_ask, apply: envy_apply },
    },
    CardDef {
        id: "nethervoid.possessed_summoner",
        name: "Possessed Summoner",
        rank: H,
        pattern: &[(1, 0, C), (-1, -1, C), (0, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Place an opponent's common piece next to a piece of its color; your next summoning this turn uses \
               that color's pieces for its pattern instead of yours. You may discard your flare to gain an action.",
        script: Script { ask: possessed_ask, apply: possessed_apply },
    },
];

/// "The Gateway": the summoner's.
fn gate(g: &Game) -> Option<Square> {
    g.active_gateway()
}

/// The summoner's seat.
fn seat(g: &Game) -> u8 {
    g.turn().seat
}

/// Squares of `color`'s pieces of exactly `rank`.
fn own_of_rank(g: &Game, color: Color, rank: crate::board::Rank) -> Bitboard {
    g.board().of_color(color) & g.board().of_rank(rank)
}

/// Destroys the chosen square's piece, then done.
fn destroy_one_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
    }
    r.step = 1;
}

// ----- Shadow Imp ----- registers: `dir` of the Imp's move; step 1 the
// Gateway's move, 2 done.

fn shadow_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            let Some(me) = r.me else { return Ask::Done };
            push_moves(out, me, g.move_targets(me, MoveKind::Combat));
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidShadowImpMove)
        }
        1 => {
            let (Some(d), Some(gw)) = (r.dir, gate(g)) else { return Ask::Done };
            if r.me == Some(gw) {
                return Ask::Done;
            }
            if let Some(to) = gw.step(d).filter(|&to| g.move_targets(gw, MoveKind::Combat).contains(to)) {
                out.push(Choice::Move { from: gw, to });
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidShadowImpGatewayMove)
        }
        _ => Ask::Done,
    }
}

fn shadow_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            r.dir = Dir::between(from, to);
            g.fx_move(r, from, to);
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Flame Imp -----

fn flame_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(gw) = gate(g).filter(|_| r.step == 0) else { return Ask::Done };
    push_squares(out, gw.neighbours() & g.board().of_rank(C));
    out.push(Choice::Skip);
    Ask::Choose(Step::NethervoidFlameImpDestroy)
}

// ----- Gate Keeper ----- `option` 1 upgrade, 2 place (step 1 picks the square).

fn keeper_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            if !own_of_rank(g, r.color, C).is_empty() {
                out.push(Choice::Option(0));
            }
            if g.supply(r.color, C) > 0 && !g.board().empty_squares().is_empty() {
                out.push(Choice::Option(1));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidGateKeeperOption)
        }
        1 if r.option == 1 => {
            push_squares(out, own_of_rank(g, r.color, C));
            Ask::Choose(Step::NethervoidGateKeeperUpgrade)
        }
        1 => {
            push_squares(out, g.board().empty_squares());
            Ask::Choose(Step::NethervoidGateKeeperPlace)
        }
        _ => Ask::Done,
    }
}

fn keeper_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Option(n)) if n < 2 => {
            r.option = n + 1;
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            let done = if r.option == 1 { g.fx_upgrade(sq) } else { g.fx_place(r.color, C, sq) };
            if done {
                g.set_gateway(seat(g), sq);
            }
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Demon of Gluttony ----- step 0 the first move, 1 the second, 2 done.

fn gluttony_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step < 2) else { return Ask::Done };
    push_moves(out, me, g.move_targets(me, MoveKind::Combat));
    out.push(Choice::Skip);
    Ask::Choose(if r.step == 0 {
        Step::NethervoidDemonOfGluttonyMove
    } else {
        Step::NethervoidDemonOfGluttonySecondMove
    })
}

fn gluttony_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Move { from, to } = c else {
        r.step = 2;
        return;
    };
    let destroyed = g.board().get(to).is_some();
    g.fx_move(r, from, to);
    match (r.step, destroyed) {
        (0, true) => {
            g.fx_upgrade(to);
            r.step = 1;
        }
        (1, true) => {
            g.set_gateway(seat(g), to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Demon of Pride ----- step 0 the upgrade (auto), 1 the move.

fn pride_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else { return Ask::Done };
    match r.step {
        0 => Ask::Auto,
        1 => {
            push_moves(out, me, g.move_targets(me, MoveKind::Combat));
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidDemonOfPrideMove)
        }
        _ => Ask::Done,
    }
}

fn pride_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, _) => {
            if let Some(me) = r.me {
                if g.board().get(me).is_some_and(|p| p.rank == C) {
                    g.fx_upgrade(me);
                }
                g.set_gateway(seat(g), me);
            }
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Acolyte of Destruction ----- `chosen` the common piece's square.

fn destruction_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            push_squares(out, g.board().of_rank(C));
            Ask::Choose(Step::NethervoidAcolyteOfDestructionDestroy)
        }
        1 => {
            let on_red = gate(g).is_some_and(|gw| RED_SQUARES.contains(gw));
            let Some(sq) = r.chosen.squares().next().filter(|_| on_red) else { return Ask::Done };
            push_squares(out, sq.neighbours() & g.board().of_rank(H));
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidAcolyteOfDestructionDestroyHeroic)
        }
        _ => Ask::Done,
    }
}

fn destruction_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            r.chosen.insert(sq);
            g.fx_destroy(r, sq, true);
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            g.fx_destroy(r, sq, true);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Acolyte of Growth ----- `chosen` the common piece's square.

fn growth_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            if g.supply(r.color, C) > 0 {
                push_squares(out, g.board().empty_squares());
            }
            Ask::Choose(Step::NethervoidAcolyteOfGrowthPlace)
        }
        1 => {
            let on_green = gate(g).is_some_and(|gw| GREEN_SQUARES.contains(gw));
            let Some(sq) = r.chosen.squares().next().filter(|_| on_green) else { return Ask::Done };
            if g.supply(r.color, H) > 0 {
                push_squares(out, sq.neighbours() & g.board().empty_squares());
            }
            Ask::Choose(Step::NethervoidAcolyteOfGrowthPlaceHeroic)
        }
        _ => Ask::Done,
    }
}

fn growth_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            if g.fx_place(r.color, C, sq) {
                r.chosen.insert(sq);
            }
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            g.fx_place(r.color, H, sq);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Power Seeker ----- `option` 1 once it was found to be the Gateway
// (one standard move), `count` moves made.

fn seeker_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else { return Ask::Done };
    let Some(gw) = gate(g) else { return Ask::Done };
    if gw == me || r.option == 1 {
        if r.count > 0 {
            return Ask::Done;
        }
        push_moves(out, me, g.move_targets(me, MoveKind::Standard));
        out.push(Choice::Skip);
        return Ask::Choose(Step::NethervoidPowerSeekerStandardMove);
    }
    let nearer: Bitboard =
        g.move_targets(me, MoveKind::Combat).squares().filter(|&to| to.distance(gw) < me.distance(gw)).collect();
    push_moves(out, me, nearer);
    out.push(Choice::Skip);
    Ask::Choose(Step::NethervoidPowerSeekerCombatMove)
}

fn seeker_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            if gate(g) == Some(from) {
                r.option = 1;
            }
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Hell Hound ----- `count2` 1 if a legendary piece was destroyed.

fn hound_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            let Some(me) = r.me else { return Ask::Auto };
            push_squares(out, me.neighbours() & g.board().occupied());
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidHellHoundDestroy)
        }
        1 => Ask::Auto,
        _ => Ask::Done,
    }
}

fn hound_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            if g.board().get(sq).is_some_and(|p| p.rank == L) {
                r.count2 = 1;
            }
            g.fx_destroy(r, sq, true);
            r.step = 1;
        }
        (0, _) => r.step = 1,
        _ => {
            let who = seat(g);
            let teams = g.form().teams();
            let deck = &mut g.seats[who as usize].deck;
            if r.count2 == 0 && !deck.is_empty() {
                // the card is then not discarded (see `Game::card_put_away`)
                if teams {
                    deck.put_bottom_sideways(r.card, SIDEWAYS_CARDS);
                } else {
                    deck.put_bottom(r.card);
                }
                g.record(Event::Returned { seat: who, count: 1 });
            }
            r.step = 2;
        }
    }
}

// ----- Vortexmaster ----- step 0 the Gateway's move, 1 a piece next to it.

fn vortex_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(gw) = gate(g) else { return Ask::Done };
    match r.step {
        0 => {
            push_moves(out, gw, g.move_targets(gw, MoveKind::Combat));
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidVortexmasterGatewayMove)
        }
        1 => {
            for from in (gw.neighbours() & g.board().of_color(r.color)).squares() {
                push_moves(out, from, g.move_targets(from, MoveKind::Combat));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidVortexmasterMove)
        }
        _ => Ask::Done,
    }
}

fn vortex_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
    }
    r.step += 1;
}

// ----- Gate Master ----- step 0 the upgrade (auto), 1 the new Gateway.

fn master_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => Ask::Auto,
        1 => {
            push_squares(out, g.board().of_color_at_most(r.color, H));
            Ask::Choose(Step::NethervoidGateMasterGateway)
        }
        _ => Ask::Done,
    }
}

fn master_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, _) => {
            if let Some(gw) = gate(g) {
                if g.fx_upgrade(gw) && g.board().get(gw).is_some_and(|p| p.rank == L) {
                    // it counts as a legend summoned on the Gate Master's square
                    let t = g.turn_mut();
                    t.legends_summoned = t.legends_summoned.saturating_add(1);
                    if let Some(s) = t.summoned.iter_mut().rev().find(|s| s.card == r.card && s.at == r.at) {
                        s.legend = true;
                    }
                }
            }
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            g.set_gateway(seat(g), sq);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Hell Rider ----- `option` 1 if it is the Gateway (one move only),
// decided at the first step; `count` moves made.

fn rider_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else { return Ask::Done };
    let limit = if r.count == 0 && gate(g) == Some(me) || r.option == 1 { 1 } else { 3 };
    if r.count >= limit {
        return Ask::Done;
    }
    push_moves(out, me, g.move_targets(me, MoveKind::Combat));
    out.push(Choice::Skip);
    Ask::Choose(Step::NethervoidHellRiderMove)
}

fn rider_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            if r.count == 0 && gate(g) == Some(from) {
                r.option = 1;
            }
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Demon of Wrath ----- step 0 the Gateway's move, 1 the destruction.

fn enemy_commons_next_to(g: &Game, color: Color, sq: Square) -> Bitboard {
    sq.neighbours() & g.board().of_rank(C) & g.board().occupied() & !g.board().of_color(color)
}

fn wrath_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(gw) = gate(g) else { return Ask::Done };
    match r.step {
        0 if enemy_commons_next_to(g, r.color, gw).is_empty() => {
            push_moves(out, gw, g.move_targets(gw, MoveKind::Standard));
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidDemonOfWrathMove)
        }
        0 | 1 => Ask::Auto,
        _ => Ask::Done,
    }
}

fn wrath_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => g.fx_move(r, from, to),
        (0, _) => {}
        _ => {
            if let Some(gw) = gate(g) {
                for sq in enemy_commons_next_to(g, r.color, gw).squares() {
                    g.fx_destroy(r, sq, true);
                }
            }
        }
    }
    r.step += 1;
}

// ----- Demon of Greed ----- step 0 a common piece, 1 a heroic one.

fn greed_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let rank = match r.step {
        0 => C,
        1 => H,
        _ => return Ask::Done,
    };
    let mut mine = own_of_rank(g, r.color, rank);
    if let Some(gw) = gate(g) {
        mine.remove(gw);
    }
    push_squares(out, mine);
    Ask::Choose(if r.step == 0 {
        Step::NethervoidDemonOfGreedDestroyCommon
    } else {
        Step::NethervoidDemonOfGreedDestroyHeroic
    })
}

fn greed_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
        g.gain_action();
    }
    r.step += 1;
}

// ----- Demon of Lust ----- `count` pieces moved, `tagged` the moved ones.

fn lust_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || r.count >= 2 {
        return Ask::Done;
    }
    let Some(gw) = gate(g) else { return Ask::Done };
    let movers = g.board().occupied() & !r.tagged & !gw.bb();
    for from in movers.squares() {
        let d = from.distance(gw);
        let nearer: Bitboard =
            g.move_targets(from, MoveKind::Combat).squares().filter(|&to| to != gw && to.distance(gw) < d).collect();
        push_moves(out, from, nearer);
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::NethervoidDemonOfLustMove)
}

fn lust_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.tagged.insert(to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Demon of Sloth -----

fn sloth_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn sloth_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    r.step = 1;
    if g.turn().actions > 0 {
        g.turn_mut().actions -= 1;
    } else if let Some(gw) = gate(g) {
        g.fx_destroy(r, gw, true);
    }
}

// ----- Demon of Envy ----- `count` pieces placed.

fn envy_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    let Some(gw) = gate(g) else { return Ask::Done };
    if r.count > 0 {
        let mine = g.board().total(r.color);
        if !g.enemies_of(r.color).any(|e| g.board().total(e) > mine) {
            return Ask::Done;
        }
    }
    push_squares(out, gw.neighbours() & g.board().empty_squares());
    Ask::Choose(Step::NethervoidDemonOfEnvyPlace)
}

fn envy_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) if g.fx_place(r.color, C, sq) => r.count += 1,
        _ => r.step = 1,
    }
}

// ----- Possessed Summoner ----- step 0 the enemy color (`option` its
// index + 1), 1 the square, 2 the flare.

/// The enemy colors whose common piece can be placed next to one of theirs.
fn possessed_colors(g: &Game, color: Color) -> Vec<Color> {
    let mut v: Vec<Color> =
        g.enemies_of(color).filter(|&e| g.supply(e, C) > 0 && !possessed_squares(g, e).is_empty()).collect();
    v.sort();
    v
}

fn possessed_squares(g: &Game, enemy: Color) -> Bitboard {
    let mut near = Bitboard::EMPTY;
    for sq in g.board().of_color(enemy).squares() {
        near |= sq.neighbours();
    }
    near & g.board().empty_squares()
}

fn possessed_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            let colors = possessed_colors(g, r.color);
            if colors.len() <= 1 {
                return Ask::Auto;
            }
            out.extend(colors.into_iter().map(|c| Choice::Option(c.index() as u8)));
            Ask::Choose(Step::NethervoidPossessedSummonerColor)
        }
        1 => {
            let Some(enemy) = r.option.checked_sub(1).and_then(|i| Color::ALL.get(i as usize)) else {
                return Ask::Auto;
            };
            push_squares(out, possessed_squares(g, *enemy));
            Ask::Choose(Step::NethervoidPossessedSummonerPlace)
        }
        2 => {
            if !g.seat(seat(g)).flares.is_empty() {
                out.push(Choice::Option(0));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::NethervoidPossessedSummonerDiscard)
        }
        _ => Ask::Done,
    }
}

fn possessed_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, c) => {
            let colors = possessed_colors(g, r.color);
            let color = match c {
                Choice::Option(i) => Color::ALL.get(i as usize).copied().filter(|c| colors.contains(c)),
                _ => colors.first().copied(),
            };
            r.option = color.map_or(0, |c| c.index() as u8 + 1);
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            if let Some(&enemy) = r.option.checked_sub(1).and_then(|i| Color::ALL.get(i as usize)) {
                if g.fx_place(enemy, C, sq) {
                    g.turn_mut().possessed = Some(enemy);
                }
            }
            r.step = 2;
        }
        (1, _) => r.step = 2,
        (2, Choice::Option(0)) => {
            if g.fx_discard_flare() {
                g.gain_action();
            }
            r.step = 3;
        }
        _ => r.step = 3,
    }
}
