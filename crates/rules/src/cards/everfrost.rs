//! The Everfrost beings (white pieces), in the order of the card reference,
//! and the frozen effects of the seven that have one (see [`crate::frozen`]).
//!
//! A frozen effect resolves as a thawed card's own effect: the resolution
//! has no summoned piece (`me` is `None`) and no summoning square that
//! matters.

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::board::{Color, Rank};
use crate::cards::{CardDef, CardId, Deck};
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::frozen::Frozen;
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square, ON_BOARD};
use crate::pile::remove_card;
use crate::step::Step;

/// The card of a being without a normal effect: the summoning only puts
/// its piece down (then the card is frozen).
const NOTHING: Script = Script { ask: |_, _, _| Ask::Done, apply: |_, r, _| r.step += 1 };

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "everfrost.snow_fox",
        name: "Snow Fox",
        rank: C,
        pattern: &[(1, 0, C), (2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Snow Fox may make up to 2 standard moves.",
        script: Script { ask: fox_ask, apply: fox_apply },
    },
    CardDef {
        id: "everfrost.royal_reindeer",
        name: "Royal Reindeer",
        rank: C,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Royal Reindeer may make a combat leap to a square exactly 2 away. Then, if neither the summoning \
               nor the leap destroyed a piece, upgrade the Reindeer.",
        script: Script { ask: reindeer_ask, apply: reindeer_apply },
    },
    CardDef {
        id: "everfrost.crystal_mirror",
        name: "Crystal Mirror",
        rank: C,
        pattern: &[(0, 1, C), (0, -1, C)],
        // the yellow squares; each purple square is a yellow one mirrored
        // across the Mirror's line (the card's mirror image puts the yellow
        // squares on the other side, so the summoner picks the side)
        marked: &[(-2, 1), (-1, 1), (-2, 0), (-1, 0), (-2, -1), (-1, -1)],
        arrows: &[],
        flare: None,
        text: "Choose one heroic piece or up to 2 common pieces on yellow squares. For each, put your piece of its \
               rank on its mirror square across the Mirror's line, if that square is empty.",
        script: Script { ask: mirror_ask, apply: mirror_apply },
    },
    CardDef {
        id: "everfrost.crystal_grower",
        name: "Crystal Grower",
        rank: C,
        pattern: &[(-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade one common piece of each opponent.",
        script: Script { ask: grower_ask, apply: grower_apply },
    },
    CardDef {
        id: "everfrost.ice_princess",
        name: "Ice Princess",
        rank: C,
        pattern: &[(0, -1, C), (-1, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Another of your common pieces may make a combat move.",
        script: Script { ask: princess_ask, apply: one_move_apply },
    },
    CardDef {
        id: "everfrost.ice_queen",
        name: "Ice Queen",
        rank: H,
        pattern: &[(0, 0, C), (0, -1, C), (-1, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. Another of your heroic pieces may make a combat move.",
        script: Script { ask: queen_ask, apply: one_move_apply },
    },
    CardDef {
        id: "everfrost.frostweave_summoner",
        name: "Frostweave Summoner",
        rank: H,
        pattern: &[(-1, 1, C), (0, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "No effect when summoned.",
        script: NOTHING,
    },
    CardDef {
        id: "everfrost.winter_whisperer",
        name: "Winter Whisperer",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C), (2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "No effect when summoned.",
        script: NOTHING,
    },
    CardDef {
        id: "everfrost.frozen_chest",
        name: "Frozen Chest",
        rank: H,
        pattern: &[(-1, 0, C), (0, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. You may freeze a card with a frozen effect from your discard pile \
               (keeping at most one frozen card).",
        script: Script { ask: chest_ask, apply: chest_apply },
    },
    CardDef {
        id: "everfrost.everfrost_sentinel",
        name: "Everfrost Sentinel",
        rank: H,
        pattern: &[(0, -1, C), (0, -2, C), (1, -2, C), (1, -3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If the summoning destroyed an enemy piece, you may downgrade the Sentinel; if you do, your \
               opponents have 1 action fewer on their next turn.",
        script: Script { ask: sentinel_ask, apply: sentinel_apply },
    },
    CardDef {
        id: "everfrost.glacier_giant",
        name: "Glacier Giant",
        rank: H,
        pattern: &[(0, -1, C), (-1, -2, C), (0, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[Dir::SW, Dir::SE],
        flare: None,
        text: "The Glacier Giant may make any number of combat moves in one arrow's direction. After at least one, \
               it may step on in that direction onto a legendary piece: both are destroyed.",
        script: Script { ask: giant_ask, apply: giant_apply },
    },
    CardDef {
        id: "everfrost.polar_bear",
        name: "Polar Bear",
        rank: H,
        pattern: &[(1, 0, C), (2, 0, C), (1, -1, C), (3, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Polar Bear may make a combat move; if it destroyed a piece, a standard move; if that destroyed \
               a piece, a move onto an empty square.",
        script: Script { ask: bear_ask, apply: bear_apply },
    },
    CardDef {
        id: "everfrost.war_sled",
        name: "War Sled",
        rank: H,
        pattern: &[(-2, 0, C), (-2, -1, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[Dir::NE, Dir::E, Dir::SE],
        flare: None,
        text: "The War Sled may make up to 3 combat moves: the first along an arrow, each later one in the same \
               direction as the one before or turned 45 degrees.",
        script: Script { ask: sled_ask, apply: sled_apply },
    },
    CardDef {
        id: "everfrost.snow_monster",
        name: "Snow Monster",
        rank: H,
        pattern: &[(0, 0, C), (1, 0, C), (-1, -1, C), (2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. Destroy every enemy common piece within 2 squares of the Snow Monster \
               that is next to one of your pieces.",
        script: Script { ask: monster_ask, apply: monster_apply },
    },
    CardDef {
        id: "everfrost.frost_imp",
        name: "Frost Imp",
        rank: H,
        pattern: &[(-1, 0, C), (0, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "A common piece next to the Frost Imp may slide in one direction: standard moves until it cannot go on.",
        script: Script { ask: imp_ask, apply: imp_apply },
    },
    CardDef {
        id: "everfrost.ice_wyvern",
        name: "Ice Wyvern",
        rank: H,
        pattern: &[(1, 0, C), (0, -1, C), (1, -2, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Ice Wyvern may make a combat leap anywhere. If it destroys a piece, destroy the Ice Wyvern too.",
        script: Script { ask: wyvern_ask, apply: wyvern_apply },
    },
    CardDef {
        id: "everfrost.deathbringer",
        name: "Deathbringer",
        rank: H,
        pattern: &[(-1, 0, C), (-2, -2, C), (-1, -2, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy a piece next to the Deathbringer: a heroic one must touch another of your pieces, a \
               legendary one 3 others. It counts as 2 destroyed pieces and leaves the game.",
        script: Script { ask: deathbringer_ask, apply: deathbringer_apply },
    },
    CardDef {
        id: "everfrost.frostweave_illusionist",
        name: "Frostweave Illusionist",
        rank: H,
        pattern: &[(-1, 0, C), (1, 0, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Convert the Frostweave Illusionist into a common piece of an opponent's color.",
        script: Script { ask: illusionist_ask, apply: illusionist_apply },
    },
];

/// The frozen effects, by card index (`None`: the card has none).
pub static FROZEN: [Option<Frozen>; 18] = [
    None,
    None,
    None,
    Some(Frozen {
        text: "Upgrade one of your common pieces.",
        script: Script { ask: grower_frozen_ask, apply: grower_frozen_apply },
    }),
    Some(Frozen {
        text: "One of your common pieces makes a standard move.",
        script: Script { ask: princess_frozen_ask, apply: one_move_apply },
    }),
    Some(Frozen {
        text: "One of your heroic pieces makes a standard move.",
        script: Script { ask: queen_frozen_ask, apply: one_move_apply },
    }),
    Some(Frozen {
        text: "Thaw before a summoning: one enemy piece of the rank a pattern square needs may stand in for one of yours there.",
        script: Script { ask: summoner_frozen_ask, apply: summoner_frozen_apply },
    }),
    Some(Frozen {
        text:
            "You may destroy one of your common pieces and you may discard your flare. If you do both, gain an action.",
        script: Script { ask: whisperer_frozen_ask, apply: whisperer_frozen_apply },
    }),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(Frozen {
        text: "Place your common piece on an empty square next to one of your heroic pieces.",
        script: Script { ask: wyvern_frozen_ask, apply: wyvern_frozen_apply },
    }),
    None,
    Some(Frozen {
        text: "Convert an enemy common piece into your common piece.",
        script: Script { ask: illusionist_frozen_ask, apply: illusionist_frozen_apply },
    }),
];

/// The frozen effect of a card, if it has one.
pub(crate) fn frozen(card: CardId) -> Option<&'static Frozen> {
    if card.deck() != Deck::Everfrost {
        return None;
    }
    FROZEN.get(card.index())?.as_ref()
}

/// Squares of `color`'s pieces of exactly `rank`.
fn own_of_rank(g: &Game, color: Color, rank: Rank) -> Bitboard {
    g.board().of_color(color) & g.board().of_rank(rank)
}

/// One move of one piece, then done (`Move` or `Skip`).
fn one_move_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
    }
    r.step = 1;
}

/// Moves by `movers` of `kind`, each pushed as `Move`.
fn push_moves_of(g: &Game, out: &mut Vec<Choice>, movers: Bitboard, kind: MoveKind) {
    for from in movers.squares() {
        push_moves(out, from, g.move_targets(from, kind));
    }
}

// ----- Snow Fox ----- registers: `count` moves made; step 1 once it stops.

fn fox_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 2) else {
        return Ask::Done;
    };
    push_moves(out, me, g.move_targets(me, MoveKind::Standard));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostSnowFoxMove)
}

fn fox_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Royal Reindeer ----- registers: `count2` 1 if the leap destroyed a piece.

fn reindeer_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else {
        return Ask::Done;
    };
    match r.step {
        0 => {
            let ring: Bitboard = ON_BOARD.squares().filter(|&sq| sq.distance(me) == 2).collect();
            push_moves(out, me, g.leap_targets_within(me, MoveKind::Combat, ring));
            out.push(Choice::Skip);
            Ask::Choose(Step::EverfrostRoyalReindeerLeap)
        }
        1 => Ask::Auto,
        _ => Ask::Done,
    }
}

fn reindeer_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            if g.board().get(to).is_some() {
                r.count2 = 1;
            }
            g.fx_move(r, from, to);
            r.step = 1;
        }
        (0, _) => r.step = 1,
        _ => {
            // the upgrade is not optional once nothing was destroyed
            if let Some(me) = r.me.filter(|_| r.replaced.is_none() && r.count2 == 0) {
                g.fx_upgrade(me);
            }
            r.step = 2;
        }
    }
}

// ----- Crystal Mirror ----- registers: `count` pieces picked; `option` 1
// once a heroic piece was picked (nothing more may be).

/// The yellow squares and their mirror (purple) squares, on the board.
fn mirror_pairs(r: &Resolution) -> impl Iterator<Item = (Square, Square)> + '_ {
    r.card.def().marked.iter().filter_map(move |&(x, y)| {
        let (a, b) = r.orientation.apply(x, y);
        let (c, d) = r.orientation.apply(-x, y);
        Some((r.at.offset(a, b)?, r.at.offset(c, d)?))
    })
}

/// The purple square a yellow square's piece would be mirrored onto now,
/// if picking it would put a piece down.
fn mirror_target(g: &Game, r: &Resolution, yellow: Square) -> Option<(Square, Rank)> {
    let (_, purple) = mirror_pairs(r).find(|&(y, _)| y == yellow)?;
    let p = g.board().get(yellow)?;
    let allowed = match p.rank {
        Rank::Common => true,
        Rank::Heroic => r.count == 0,
        Rank::Legendary => false,
    };
    (allowed && g.board().get(purple).is_none() && g.supply(r.color, p.rank) > 0).then_some((purple, p.rank))
}

fn mirror_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || r.count >= 2 || r.option == 1 {
        return Ask::Done;
    }
    for (yellow, _) in mirror_pairs(r) {
        if mirror_target(g, r, yellow).is_some() {
            out.push(Choice::Square(yellow));
        }
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostCrystalMirrorPick)
}

fn mirror_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(yellow) => {
            if let Some((purple, rank)) = mirror_target(g, r, yellow) {
                g.fx_place(r.color, rank, purple);
                r.count += 1;
                if rank == H {
                    r.option = 1;
                }
            }
        }
        _ => r.step = 1,
    }
}

// ----- Crystal Grower ----- `step` is the index of the opponent color
// (sorted) whose common piece is upgraded next.

fn grower_colors(g: &Game, color: Color) -> Vec<Color> {
    let mut v: Vec<Color> = g.enemies_of(color).collect();
    v.sort();
    v
}

fn grower_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let colors = grower_colors(g, r.color);
    let Some(&enemy) = colors.get(r.step as usize) else {
        return Ask::Done;
    };
    push_squares(out, own_of_rank(g, enemy, C));
    Ask::Choose(Step::EverfrostCrystalGrowerUpgrade)
}

fn grower_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_upgrade(sq);
    }
    r.step += 1;
}

fn grower_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    push_squares(out, own_of_rank(g, r.color, C));
    Ask::Choose(Step::EverfrostCrystalGrowerFrozenUpgrade)
}

fn grower_frozen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_upgrade(sq);
    }
    r.step = 1;
}

// ----- Ice Princess, Ice Queen -----

fn other_moves_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>, rank: Rank, step: Step) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    let mut movers = own_of_rank(g, r.color, rank);
    if let Some(me) = r.me {
        movers.remove(me);
    }
    push_moves_of(g, out, movers, MoveKind::Combat);
    out.push(Choice::Skip);
    Ask::Choose(step)
}

fn princess_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    other_moves_ask(g, r, out, C, Step::EverfrostIcePrincessMove)
}

fn queen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    other_moves_ask(g, r, out, H, Step::EverfrostIceQueenMove)
}

fn princess_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    push_moves_of(g, out, own_of_rank(g, r.color, C), MoveKind::Standard);
    Ask::Choose(Step::EverfrostIcePrincessFrozenMove)
}

fn queen_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    push_moves_of(g, out, own_of_rank(g, r.color, H), MoveKind::Standard);
    Ask::Choose(Step::EverfrostIceQueenFrozenMove)
}

// ----- Frostweave Summoner (frozen) -----

fn summoner_frozen_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn summoner_frozen_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    // ruling: the same stand-in as the War Summoner's bonus, used up by the
    // next summoning this turn
    g.turn_mut().war_summoner_bonus = true;
    r.step = 1;
}

// ----- Winter Whisperer (frozen) ----- registers: `count` 1 if a common
// piece was destroyed, `count2` 1 if the flare was discarded.

fn whisperer_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            push_squares(out, own_of_rank(g, r.color, C));
            out.push(Choice::Skip);
            Ask::Choose(Step::EverfrostWinterWhispererFrozenDestroy)
        }
        1 => {
            if !g.seat(g.turn().seat).flares.is_empty() {
                out.push(Choice::Option(0));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::EverfrostWinterWhispererFrozenDiscard)
        }
        2 => Ask::Auto,
        _ => Ask::Done,
    }
}

fn whisperer_frozen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            g.fx_destroy(r, sq, true);
            r.count = 1;
        }
        (1, Choice::Option(0)) if g.fx_discard_flare() => r.count2 = 1,
        (2, _) if r.count == 1 && r.count2 == 1 => g.gain_action(),
        _ => {}
    }
    r.step += 1;
}

// ----- Frozen Chest -----

fn chest_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    let mut cards: Vec<CardId> =
        g.seat(g.turn().seat).discard.iter().copied().filter(|&c| frozen(c).is_some()).collect();
    cards.sort();
    cards.dedup();
    out.extend(cards.into_iter().map(Choice::Return));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostFrozenChestFreeze)
}

fn chest_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Return(card) = c {
        let seat = g.turn().seat;
        if remove_card(&mut g.seats[seat as usize].discard, card) {
            // frozen once the effect is over (see `Game::freeze_after`)
            r.freezing = Some(card);
        }
    }
    r.step = 1;
}

// ----- Everfrost Sentinel -----

fn sentinel_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let destroyed_enemy = r.replaced.is_some_and(|p| p.color != r.color);
    if !destroyed_enemy || !g.can_downgrade(me) {
        return Ask::Done;
    }
    out.push(Choice::Square(me));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostEverfrostSentinelDowngrade)
}

fn sentinel_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        if g.fx_downgrade(sq) {
            g.fx_fewer_actions(r.color);
        }
    }
    r.step = 1;
}

// ----- Glacier Giant ----- registers: `dir` once it moved, `count` moves.

fn giant_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    match r.dir {
        None => {
            for d in r.arrows() {
                if let Some(to) = me.step(d).filter(|&to| g.move_targets(me, MoveKind::Combat).contains(to)) {
                    out.push(Choice::Move { from: me, to });
                }
            }
        }
        Some(d) => {
            if let Some(to) = me.step(d) {
                let onto_legend = g.board().get(to).is_some_and(|p| p.rank == L);
                if onto_legend || g.move_targets(me, MoveKind::Combat).contains(to) {
                    out.push(Choice::Move { from: me, to });
                }
            }
        }
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostGlacierGiantMove)
}

fn giant_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Move { from, to } = c else {
        r.step = 1;
        return;
    };
    if g.board().get(to).is_some_and(|p| p.rank == L) {
        // the last step: the legendary piece and the Giant are destroyed
        g.fx_destroy(r, to, true);
        g.fx_destroy(r, from, true);
        r.step = 1;
        return;
    }
    r.dir = Dir::between(from, to);
    g.fx_move(r, from, to);
    r.count += 1;
}

// ----- Polar Bear ----- steps 0, 1, 2: the three moves; 3 done.

fn bear_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else {
        return Ask::Done;
    };
    let targets = match r.step {
        0 => g.move_targets(me, MoveKind::Combat),
        1 => g.move_targets(me, MoveKind::Standard),
        2 => me.neighbours() & g.board().empty_squares(),
        _ => return Ask::Done,
    };
    push_moves(out, me, targets);
    out.push(Choice::Skip);
    Ask::Choose(match r.step {
        0 => Step::EverfrostPolarBearCombatMove,
        1 => Step::EverfrostPolarBearStandardMove,
        _ => Step::EverfrostPolarBearMoveEmpty,
    })
}

fn bear_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            let destroyed = g.board().get(to).is_some();
            g.fx_move(r, from, to);
            r.step = if destroyed { r.step + 1 } else { 3 };
        }
        _ => r.step = 3,
    }
}

// ----- War Sled ----- registers: `dir` of the last move, `count` moves.

fn sled_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else {
        return Ask::Done;
    };
    let dirs: Vec<Dir> = match r.dir {
        None => r.arrows().collect(),
        Some(d) => vec![d.turn(-1), d, d.turn(1)],
    };
    let targets = g.move_targets(me, MoveKind::Combat);
    let mut squares: Vec<Square> =
        dirs.into_iter().filter_map(|d| me.step(d)).filter(|&s| targets.contains(s)).collect();
    squares.sort();
    out.extend(squares.into_iter().map(|to| Choice::Move { from: me, to }));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostWarSledMove)
}

fn sled_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            r.dir = Dir::between(from, to);
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Snow Monster -----

fn monster_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 && r.me.is_some() {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn monster_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    r.step = 1;
    let Some(me) = r.me else { return };
    let b = g.board();
    let mine = b.of_color(r.color);
    // every piece is found first, then all are destroyed together
    let doomed: Vec<Square> = (b.of_rank(C) & !mine)
        .squares()
        .filter(|&sq| sq.distance(me) <= 2 && !(sq.neighbours() & mine).is_empty())
        .collect();
    for sq in doomed {
        g.fx_destroy(r, sq, true);
    }
}

// ----- Frost Imp -----

/// Where a common piece sliding from `from` in `d` stops.
fn slide_end(g: &Game, from: Square, d: Dir) -> Square {
    let mut at = from;
    while let Some(next) = at.step(d).filter(|&s| g.board().get(s).is_none()) {
        at = next;
    }
    at
}

fn imp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    for from in (me.neighbours() & g.board().of_rank(C)).squares() {
        let mut ends: Vec<Square> =
            Dir::ALL.into_iter().map(|d| slide_end(g, from, d)).filter(|&to| to != from).collect();
        ends.sort();
        out.extend(ends.into_iter().map(|to| Choice::Move { from, to }));
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostFrostImpSlide)
}

fn imp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
    }
    r.step = 1;
}

// ----- Ice Wyvern -----

fn wyvern_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    push_moves(out, me, g.leap_targets(me, MoveKind::Combat));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostIceWyvernLeap)
}

fn wyvern_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        let destroyed = g.board().get(to).is_some();
        g.fx_move(r, from, to);
        if destroyed {
            g.fx_destroy(r, to, true);
        }
    }
    r.step = 1;
}

fn wyvern_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    let mut near = Bitboard::EMPTY;
    for sq in own_of_rank(g, r.color, H).squares() {
        near |= sq.neighbours();
    }
    push_squares(out, near & g.board().empty_squares());
    Ask::Choose(Step::EverfrostIceWyvernFrozenPlace)
}

fn wyvern_frozen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_place(r.color, C, sq);
    }
    r.step = 1;
}

// ----- Deathbringer -----

fn deathbringer_targets(g: &Game, r: &Resolution, me: Square) -> Bitboard {
    let b = g.board();
    let mut others = b.of_color(r.color);
    others.remove(me);
    let mut out = Bitboard::EMPTY;
    for sq in (me.neighbours() & b.occupied()).squares() {
        let touching = (sq.neighbours() & others).count();
        let needed = match b.get(sq).map(|p| p.rank) {
            Some(Rank::Common) => 0,
            Some(Rank::Heroic) => 1,
            _ => 3,
        };
        if touching >= needed {
            out.insert(sq);
        }
    }
    out
}

fn deathbringer_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    push_squares(out, deathbringer_targets(g, r, me));
    out.push(Choice::Skip);
    Ask::Choose(Step::EverfrostDeathbringerDestroy)
}

fn deathbringer_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_remove_from_game(r, sq, 2);
    }
    r.step = 1;
}

// ----- Frostweave Illusionist -----

fn illusionist_colors(g: &Game, color: Color) -> Vec<Color> {
    let mut v: Vec<Color> = g.enemies_of(color).filter(|&e| g.supply(e, C) > 0).collect();
    v.sort();
    v
}

fn illusionist_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || r.me.is_none() {
        return Ask::Done;
    }
    let colors = illusionist_colors(g, r.color);
    if colors.len() <= 1 {
        // one color or none: nothing to choose
        return Ask::Auto;
    }
    out.extend(colors.into_iter().map(|c| Choice::Option(c.index() as u8)));
    Ask::Choose(Step::EverfrostFrostweaveIllusionistColor)
}

fn illusionist_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    r.step = 1;
    let Some(me) = r.me else { return };
    let colors = illusionist_colors(g, r.color);
    let color = match c {
        Choice::Option(i) => Color::ALL.get(i as usize).copied().filter(|c| colors.contains(c)),
        _ => colors.first().copied(),
    };
    if let Some(color) = color {
        g.fx_convert(r, color, me, Some(C));
    }
}

fn illusionist_frozen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    let b = g.board();
    push_squares(out, b.of_rank(C) & b.occupied() & !b.of_color(r.color));
    Ask::Choose(Step::EverfrostFrostweaveIllusionistFrozenConvert)
}

fn illusionist_frozen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_convert(r, r.color, sq, Some(C));
    }
    r.step = 1;
}
