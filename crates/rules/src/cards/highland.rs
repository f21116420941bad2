//! The Highland beings, in the order of the card reference.
//!
//! Several Highland beings draw on the colour of the square they were
//! summoned on (`r.at`, fixed at summoning): squares the piece reaches later
//! do not matter.

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::board::{CENTRAL_SQUARES, GREEN_SQUARES, RED_SQUARES};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square};
use crate::step::Step;

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "highland.wild_eagle",
        name: "Wild Eagle",
        rank: C,
        pattern: &[(-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Wild Eagle may make one combat leap to any square of the board.",
        script: Script { ask: wild_eagle_ask, apply: leap_apply },
    },
    CardDef {
        id: "highland.clan_axeman",
        name: "Clan Axeman",
        rank: C,
        pattern: &[(1, 1, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy one non-legendary piece orthogonally adjacent to the Clan Axeman.",
        script: Script { ask: clan_axeman_ask, apply: destroy_one_apply },
    },
    CardDef {
        id: "highland.clan_healer",
        name: "Clan Healer",
        rank: C,
        pattern: &[(1, 1, C), (-1, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may place up to 2 of your common pieces, each on an empty square next to a green square.",
        script: Script { ask: clan_healer_ask, apply: clan_healer_apply },
    },
    CardDef {
        id: "highland.dire_wolf",
        name: "Dire Wolf",
        rank: C,
        pattern: &[(-1, -1, C), (0, -1, C), (-2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Dire Wolf may make up to 2 combat moves.",
        script: Script { ask: dire_wolf_ask, apply: own_moves_apply },
    },
    CardDef {
        id: "highland.ritual_keeper",
        name: "Ritual Keeper",
        rank: C,
        pattern: &[(0, 1, C), (-1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned on green: upgrade one of your common pieces. Summoned on red: one of your pieces may make a combat move. Elsewhere: nothing.",
        script: Script { ask: ritual_keeper_ask, apply: ritual_keeper_apply },
    },
    CardDef {
        id: "highland.eagle_lord",
        name: "Eagle Lord",
        rank: H,
        pattern: &[(-2, 0, C), (2, 0, C), (-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Eagle Lord may make one combat leap to any square of the board.",
        script: Script { ask: eagle_lord_ask, apply: leap_apply },
    },
    CardDef {
        id: "highland.wolf_rider",
        name: "Wolf Rider",
        rank: H,
        pattern: &[(0, -1, C), (1, -1, C), (2, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Wolf Rider may make up to 2 combat moves.",
        script: Script { ask: wolf_rider_ask, apply: own_moves_apply },
    },
    CardDef {
        id: "highland.blood_shaman",
        name: "Blood Shaman",
        rank: H,
        pattern: &[(1, 1, C), (1, 0, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy one non-legendary piece anywhere. If it stood on a red square, also destroy every common piece next to that square.",
        script: Script { ask: blood_shaman_ask, apply: blood_shaman_apply },
    },
    CardDef {
        id: "highland.war_drummer",
        name: "War Drummer",
        rank: H,
        pattern: &[(0, 0, C), (1, 0, C), (0, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. Either one of your other pieces makes a combat move, or your other pieces make up to 2 standard moves.",
        script: Script { ask: war_drummer_ask, apply: war_drummer_apply },
    },
    CardDef {
        id: "highland.hill_giant",
        name: "Hill Giant",
        rank: H,
        pattern: &[(0, -1, C), (-1, -2, C), (0, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy every non-legendary piece orthogonally adjacent to the Hill Giant.",
        script: Script { ask: auto_once_ask, apply: hill_giant_apply },
    },
    CardDef {
        id: "highland.warlord",
        name: "Warlord",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C), (-2, -2, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Your pieces may make up to 3 combat moves in all; if there are 3, the Warlord makes at least one.",
        script: Script { ask: warlord_ask, apply: warlord_apply },
    },
    CardDef {
        id: "highland.war_summoner",
        name: "War Summoner",
        rank: H,
        pattern: &[(-1, 0, C), (1, 0, C), (0, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Gain an action. The next being you summon this turn may use one enemy piece in its pattern as if it were yours.",
        script: Script { ask: auto_once_ask, apply: war_summoner_apply },
    },
    CardDef {
        id: "highland.ritual_master",
        name: "Ritual Master",
        rank: H,
        pattern: &[(-1, 1, C), (-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned on green: gain 2 actions. Summoned on red: you may destroy one heroic and one common piece anywhere. Elsewhere: nothing.",
        script: Script { ask: ritual_master_ask, apply: ritual_master_apply },
    },
    CardDef {
        id: "highland.legend_slayer",
        name: "Legend Slayer",
        rank: H,
        pattern: &[(0, -1, C), (1, -1, C), (0, -2, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Among the pieces diagonally adjacent to the Legend Slayer, you may destroy either one legendary piece or up to 2 non-legendary pieces.",
        script: Script { ask: legend_slayer_ask, apply: legend_slayer_apply },
    },
    CardDef {
        id: "highland.mountain_troll",
        name: "Mountain Troll",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (0, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Destroy every enemy common piece adjacent to the Mountain Troll. If that is 2 or more, gain an action.",
        script: Script { ask: auto_once_ask, apply: mountain_troll_apply },
    },
    CardDef {
        id: "highland.hungry_bear",
        name: "Hungry Bear",
        rank: H,
        pattern: &[(1, 0, C), (0, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Hungry Bear may make up to 2 standard moves, but stops after a move onto an empty square.",
        script: Script { ask: hungry_bear_ask, apply: hungry_bear_apply },
    },
    CardDef {
        id: "highland.werewolf",
        name: "Werewolf",
        rank: H,
        pattern: &[(-2, 1, C), (-3, 0, C), (-2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned on a red or green square other than e5: the Werewolf may make up to 3 combat moves. Elsewhere: it may make one standard move.",
        script: Script { ask: werewolf_ask, apply: own_moves_apply },
    },
    CardDef {
        id: "highland.clan_guardian",
        name: "Clan Guardian",
        rank: H,
        pattern: &[(-2, 0, C), (-1, 0, C), (1, 0, C)],
        marked: &[(-2, 0), (-1, 0), (1, 0)],
        arrows: &[],
        flare: None,
        text: "You may upgrade one common piece on a marked square (one of the pieces that summoned the Clan Guardian).",
        script: Script { ask: clan_guardian_ask, apply: clan_guardian_apply },
    },
];

// ----- shared steps -----

/// The summoned being, while the effect is at `step`.
fn me_at(r: &Resolution, step: u8) -> Option<Square> {
    r.me.filter(|_| r.step == step)
}

fn diagonal_neighbours(sq: Square) -> Bitboard {
    Dir::DIAGONALS.iter().filter_map(|&d| sq.step(d)).collect()
}

fn orthogonal_neighbours(sq: Square) -> Bitboard {
    Dir::ORTHOGONALS.iter().filter_map(|&d| sq.step(d)).collect()
}

/// Squares adjacent to some square of `area` (a square of `area` itself
/// only if it is next to another one).
fn around(area: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in area.squares() {
        out |= sq.neighbours();
    }
    out
}

fn non_legendary(g: &Game) -> Bitboard {
    g.board().occupied() & !g.board().of_rank(L)
}

/// Every move of a kind that a piece in `movers` can make.
fn push_moves_of(g: &Game, movers: Bitboard, kind: MoveKind, out: &mut Vec<Choice>) {
    for from in movers.squares() {
        push_moves(out, from, g.move_targets(from, kind));
    }
}

/// The being's optional moves: up to `max` moves of `kind`, all its own,
/// asked as the card's `step`.
fn own_moves_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>, max: u8, kind: MoveKind, step: Step) -> Ask {
    let Some(me) = me_at(r, 0).filter(|_| r.count < max) else {
        return Ask::Done;
    };
    push_moves(out, me, g.move_targets(me, kind));
    out.push(Choice::Skip);
    Ask::Choose(step)
}

fn own_moves_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

/// The being's optional leap onto any square its rank allows, asked as the
/// card's `step`.
fn leap_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>, step: Step) -> Ask {
    let Some(me) = me_at(r, 0) else {
        return Ask::Done;
    };
    push_moves(out, me, g.leap_targets(me, MoveKind::Combat));
    out.push(Choice::Skip);
    Ask::Choose(step)
}

fn leap_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
    }
    r.step = 1;
}

fn destroy_one_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
    }
    r.step = 1;
}

/// One step that runs by itself (the mandatory all-at-once effects).
fn auto_once_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

// ----- the cards -----

fn wild_eagle_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    leap_ask(g, r, out, Step::HighlandWildEagleLeap)
}

fn eagle_lord_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    leap_ask(g, r, out, Step::HighlandEagleLordLeap)
}

fn clan_axeman_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = me_at(r, 0) else {
        return Ask::Done;
    };
    push_squares(out, orthogonal_neighbours(me) & non_legendary(g));
    out.push(Choice::Skip);
    Ask::Choose(Step::HighlandClanAxemanDestroy)
}

fn clan_healer_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    // placing does not need the Healer, only a piece in supply
    if r.step != 0 || r.count >= 2 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    push_squares(out, around(GREEN_SQUARES) & g.board().empty_squares());
    out.push(Choice::Skip);
    Ask::Choose(Step::HighlandClanHealerPlace)
}

fn clan_healer_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) => {
            g.fx_place(r.color, C, sq);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

fn dire_wolf_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    own_moves_ask(g, r, out, 2, MoveKind::Combat, Step::HighlandDireWolfMove)
}

fn wolf_rider_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    own_moves_ask(g, r, out, 2, MoveKind::Combat, Step::HighlandWolfRiderMove)
}

fn ritual_keeper_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    if GREEN_SQUARES.contains(r.at) {
        // mandatory: no skip
        push_squares(out, g.board().of_color(r.color) & g.board().of_rank(C));
        Ask::Choose(Step::HighlandRitualKeeperUpgrade)
    } else if RED_SQUARES.contains(r.at) {
        push_moves_of(g, g.board().of_color(r.color), MoveKind::Combat, out);
        out.push(Choice::Skip);
        Ask::Choose(Step::HighlandRitualKeeperMove)
    } else {
        Ask::Done
    }
}

fn ritual_keeper_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) => {
            g.fx_upgrade(sq);
        }
        Choice::Move { from, to } => g.fx_move(r, from, to),
        _ => {}
    }
    r.step = 1;
}

fn blood_shaman_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    // mandatory, even if only your own pieces (the Shaman included) are left
    push_squares(out, non_legendary(g));
    Ask::Choose(Step::HighlandBloodShamanDestroy)
}

fn blood_shaman_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
        if RED_SQUARES.contains(sq) {
            for n in (sq.neighbours() & g.board().of_rank(C)).squares() {
                g.fx_destroy(r, n, true);
            }
        }
    }
    r.step = 1;
}

/// Step 0: the first move, combat or standard. A combat move onto a piece of
/// the mover's own rank can only be option (a), which ends the effect; any
/// other first move also fits option (b), so a second standard move may
/// follow (step 1). Between them they give exactly the outcomes of both
/// options.
fn war_drummer_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let kind = match r.step {
        0 => MoveKind::Combat,
        1 => MoveKind::Standard,
        _ => return Ask::Done,
    };
    let mut movers = g.board().of_color(r.color);
    if let Some(me) = r.me {
        movers.remove(me);
    }
    push_moves_of(g, movers, kind, out);
    out.push(Choice::Skip);
    Ask::Choose(if kind == MoveKind::Combat {
        Step::HighlandWarDrummerMove
    } else {
        Step::HighlandWarDrummerSecondMove
    })
}

fn war_drummer_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Move { from, to } = c else {
        r.step = 2;
        return;
    };
    let combat_only = match (g.board().get(from), g.board().get(to)) {
        (Some(m), Some(t)) => t.rank == m.rank,
        _ => false,
    };
    g.fx_move(r, from, to);
    r.step = if r.step == 0 && !combat_only { 1 } else { 2 };
}

fn hill_giant_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    if let Some(me) = r.me {
        for sq in (orthogonal_neighbours(me) & non_legendary(g)).squares() {
            g.fx_destroy(r, sq, true);
        }
    }
    r.step = 1;
}

/// `r.count` moves made so far; `r.option` is 1 once the Warlord has moved.
fn warlord_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 3 {
        return Ask::Done;
    }
    let warlord_moved = r.option == 1;
    let movers = if r.count == 2 && !warlord_moved {
        // a third move must be the Warlord's
        r.me.map(Square::bb).unwrap_or(Bitboard::EMPTY)
    } else {
        g.board().of_color(r.color)
    };
    push_moves_of(g, movers, MoveKind::Combat, out);
    out.push(Choice::Skip);
    Ask::Choose(Step::HighlandWarlordMove)
}

fn warlord_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            if r.me == Some(from) {
                r.option = 1;
            }
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

fn war_summoner_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    g.gain_action();
    g.turn_mut().war_summoner_bonus = true;
    r.step = 1;
}

fn ritual_master_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if GREEN_SQUARES.contains(r.at) {
        return if r.step == 0 { Ask::Auto } else { Ask::Done };
    }
    if !RED_SQUARES.contains(r.at) {
        return Ask::Done;
    }
    let (rank, step) = match r.step {
        0 => (H, Step::HighlandRitualMasterDestroyHeroic),
        1 => (C, Step::HighlandRitualMasterDestroyCommon),
        _ => return Ask::Done,
    };
    push_squares(out, g.board().of_rank(rank));
    out.push(Choice::Skip);
    Ask::Choose(step)
}

fn ritual_master_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if GREEN_SQUARES.contains(r.at) {
        g.gain_action();
        g.gain_action();
        r.step = 2;
        return;
    }
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
    }
    r.step += 1;
}

/// Step 0: any diagonal piece. A legendary one is the first option and ends
/// the effect; a non-legendary one starts the second, and one more
/// non-legendary piece may follow (step 1).
fn legend_slayer_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step <= 1) else {
        return Ask::Done;
    };
    let near = diagonal_neighbours(me);
    if r.step == 0 {
        push_squares(out, near & g.board().occupied());
        out.push(Choice::Skip);
        Ask::Choose(Step::HighlandLegendSlayerDestroy)
    } else {
        push_squares(out, near & non_legendary(g));
        out.push(Choice::Skip);
        Ask::Choose(Step::HighlandLegendSlayerSecondDestroy)
    }
}

fn legend_slayer_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Square(sq) = c else {
        r.step = 2;
        return;
    };
    let legendary = g.board().get(sq).is_some_and(|p| p.rank == L);
    g.fx_destroy(r, sq, true);
    r.step = if r.step == 0 && !legendary { 1 } else { 2 };
}

fn mountain_troll_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    if let Some(me) = r.me {
        let b = g.board();
        let targets = me.neighbours() & b.of_rank(C) & !b.of_color(r.color);
        for sq in targets.squares() {
            g.fx_destroy(r, sq, true);
        }
        if targets.count() >= 2 {
            g.gain_action();
        }
    }
    r.step = 1;
}

fn hungry_bear_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    own_moves_ask(g, r, out, 2, MoveKind::Standard, Step::HighlandHungryBearMove)
}

fn hungry_bear_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            // a move onto an empty square ends the hunt
            let ate = g.board().get(to).is_some();
            g.fx_move(r, from, to);
            r.count += 1;
            if !ate {
                r.step = 1;
            }
        }
        _ => r.step = 1,
    }
}

fn werewolf_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    // e5 is the only coloured central square
    if ((RED_SQUARES | GREEN_SQUARES) & !CENTRAL_SQUARES).contains(r.at) {
        own_moves_ask(g, r, out, 3, MoveKind::Combat, Step::HighlandWerewolfCombatMove)
    } else {
        own_moves_ask(g, r, out, 1, MoveKind::Standard, Step::HighlandWerewolfStandardMove)
    }
}

fn clan_guardian_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    // the pattern pieces, whatever their colour (an enemy piece that stood
    // in for one of yours is one of them)
    push_squares(out, r.marked() & g.board().of_rank(C));
    out.push(Choice::Skip);
    Ask::Choose(Step::HighlandClanGuardianUpgrade)
}

fn clan_guardian_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_upgrade(sq);
    }
    r.step = 1;
}
