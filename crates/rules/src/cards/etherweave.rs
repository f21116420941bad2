//! The Etherweave beings (purple pieces), in the order of the card
//! reference, and the warp effects of the eleven that have one (see
//! [`crate::warp`]).
//!
//! A warp effect resolves with no summoned piece (`me` is `None`) and no
//! summoning square that matters, whether played from the hand (stage
//! `Warp`) or copied by a summoned being (stage `Copy`, whose `me` is the
//! copying being's piece; no warp script looks at it).

use crate::board::Rank::{Common as C, Heroic as H, Legendary as L};
use crate::board::{Color, Piece, Rank};
use crate::cards::{CardDef, CardId, Deck};
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::event::Event;
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square};
use crate::step::Step;
use crate::warp::{colorless_squares, copyable_warp, Warp};

/// The card of a being without a normal effect.
const NOTHING: Script = Script { ask: |_, _, _| Ask::Done, apply: |_, r, _| r.step += 1 };

pub(crate) const MERCHANT_OF_TIME: CardId = CardId::new(Deck::Etherweave, 5);
pub(crate) const TIME_TRAVELER: CardId = CardId::new(Deck::Etherweave, 7);
const GREATER_SHADOW_TWIN: CardId = CardId::new(Deck::Etherweave, 8);
const LESSER_SHADOW_TWIN: CardId = CardId::new(Deck::Etherweave, 2);
pub(crate) const ETERNAL_EMPEROR: CardId = CardId::new(Deck::Etherweave, 12);

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "etherweave.doppelganger",
        name: "Doppelganger",
        rank: C,
        pattern: &[(-1, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If you have a pending being, carry out its warp effect as a copy (it stays pending).",
        script: Script { ask: doppelganger_ask, apply: doppelganger_apply },
    },
    CardDef {
        id: "etherweave.paradox_worm",
        name: "Paradox Worm",
        rank: C,
        pattern: &[(-1, 0, C), (-3, -1, C), (-2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "One of your non-legendary pieces may trade squares with an enemy piece of the same rank.",
        script: Script { ask: worm_ask, apply: worm_apply },
    },
    CardDef {
        id: "etherweave.lesser_shadow_twin",
        name: "Lesser Shadow Twin",
        rank: C,
        pattern: &[(0, -1, C), (1, -1, C), (2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If the Greater Shadow Twin is in your discard pile: choose one of your pieces and destroy up to 2 \
               common pieces next to it.",
        script: Script { ask: lesser_ask, apply: lesser_apply },
    },
    CardDef {
        id: "etherweave.translocationist",
        name: "Translocationist",
        rank: C,
        pattern: &[(1, 1, C), (-1, 0, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Up to twice, one of your heroic pieces may trade squares with one of your common pieces.",
        script: Script { ask: transloc_ask, apply: transloc_apply },
    },
    CardDef {
        id: "etherweave.antimatter_spirit",
        name: "Antimatter Spirit",
        rank: C,
        pattern: &[(1, 1, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "No effect when summoned.",
        script: NOTHING,
    },
    CardDef {
        id: "etherweave.merchant_of_time",
        name: "Merchant of Time",
        rank: H,
        pattern: &[(-1, -1, C), (1, -1, C), (-2, -2, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The piece kept on this card (see its warp) makes a standard leap to any colorless square.",
        script: Script { ask: merchant_ask, apply: merchant_apply },
    },
    CardDef {
        id: "etherweave.gate_of_oblivion",
        name: "Gate of Oblivion",
        rank: H,
        pattern: &[(-1, 0, C), (1, 0, C), (-1, -1, C), (1, -1, C)],
        // the purple square first, then the red ones
        marked: &[(0, -1), (-1, 1), (0, 1), (1, 1), (-2, 0), (2, 0), (-2, -1), (2, -1)],
        arrows: &[],
        flare: None,
        text: "Destroy the piece on the purple square. You may destroy a non-legendary piece on a red square.",
        script: Script { ask: gate_ask, apply: gate_apply },
    },
    CardDef {
        id: "etherweave.time_traveler",
        name: "Time Traveler",
        rank: H,
        // no summoning square: the middle pattern piece is the origin
        pattern: &[(-1, 1, C), (0, 0, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto any empty colorless square while its pattern is anywhere. You may destroy a common \
               piece next to it; if you do, put the top card of your discard pile on top of your deck.",
        script: Script { ask: traveler_ask, apply: traveler_apply },
    },
    CardDef {
        id: "etherweave.greater_shadow_twin",
        name: "Greater Shadow Twin",
        rank: H,
        pattern: &[(1, 0, C), (2, 0, C), (3, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If the Lesser Shadow Twin is in your discard pile, you may destroy a heroic piece next to at least \
               2 of your pieces.",
        script: Script { ask: greater_ask, apply: greater_apply },
    },
    CardDef {
        id: "etherweave.warpmaster",
        name: "Warpmaster",
        rank: H,
        pattern: &[(-1, 2, C), (-2, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may take your pending being back into your hand, or the Warpmaster may make a standard move.",
        script: Script { ask: warpmaster_ask, apply: warpmaster_apply },
    },
    CardDef {
        id: "etherweave.dark_sphere",
        name: "Dark Sphere",
        rank: H,
        pattern: &[(-1, 0, C), (0, 0, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. Up to 3 non-legendary pieces, at most 2 of one color, may each make \
               a combat move ending exactly 2 squares from the Dark Sphere.",
        script: Script { ask: sphere_ask, apply: sphere_apply },
    },
    CardDef {
        id: "etherweave.void_summoner",
        name: "Void Summoner",
        rank: H,
        pattern: &[(1, 0, C), (0, -1, C), (-1, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Your next summoning this turn may count up to 2 empty squares as your common pieces in its pattern.",
        script: Script { ask: auto_once, apply: void_apply },
    },
    CardDef {
        id: "etherweave.eternal_emperor",
        name: "Eternal Emperor",
        rank: H,
        pattern: &[(-1, 1, C), (-1, 0, C), (-1, -1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Unless you played its warp effect this turn, you may carry out its warp effect.",
        script: Script { ask: emperor_ask, apply: emperor_apply },
    },
    CardDef {
        id: "etherweave.reality_patch",
        name: "Reality Patch",
        rank: H,
        pattern: &[(0, 1, C), (-1, 0, C), (1, 0, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy one heroic piece of each opponent, you may discard your pending being, and you may \
               discard a card from your hand.",
        script: Script { ask: patch_ask, apply: patch_apply },
    },
    CardDef {
        id: "etherweave.polarity_queen",
        name: "Polarity Queen",
        rank: H,
        pattern: &[(-1, -1, C), (1, -1, C), (0, -2, C), (0, -3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Linked: two other non-legendary pieces of yours each make a combat move, in opposite directions \
               (both or neither).",
        script: Script { ask: queen_ask, apply: queen_apply },
    },
    CardDef {
        id: "etherweave.singularity",
        name: "Singularity",
        rank: H,
        pattern: &[(-1, 1, C), (1, 1, C), (-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Choose an empty colorless square. Every common piece next to it makes a combat move onto it, one \
               at a time in the order you choose.",
        script: Script { ask: singularity_ask, apply: singularity_apply },
    },
    CardDef {
        id: "etherweave.ziggurat_sentinel",
        name: "Ziggurat Sentinel",
        rank: H,
        pattern: &[(0, -1, C), (-1, -2, C), (0, -2, C), (-2, -3, C), (-1, -3, C)],
        marked: &[],
        arrows: &[Dir::SW],
        flare: None,
        text: "Either carry out the warp effect of a card in your discard pile, or the Ziggurat Sentinel may make \
               up to 3 combat moves along its arrow.",
        script: Script { ask: ziggurat_ask, apply: ziggurat_apply },
    },
    CardDef {
        id: "etherweave.iris_of_eternity",
        name: "Iris of Eternity",
        rank: H,
        pattern: &[(-1, -1, C), (1, -1, C), (-1, -2, C), (1, -2, C), (0, -3, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy a legendary piece next to the Iris, or upgrade the Iris; a legendary Iris counts as \
               a legend summoned this turn and you discard the legends in your hand.",
        script: Script { ask: iris_ask, apply: iris_apply },
    },
];

/// The warp effects, by card index (`None`: the card has none).
pub static WARP: [Option<Warp>; 18] = [
    None,
    Some(Warp {
        text: "Upgrade a common piece of an opponent. Then you may discard your pending being.",
        copyable: true,
        script: Script { ask: worm_warp_ask, apply: worm_warp_apply },
    }),
    Some(Warp {
        text: "Upgrade one of your common pieces.",
        copyable: true,
        script: Script { ask: lesser_warp_ask, apply: upgrade_own_apply },
    }),
    Some(Warp {
        text: "Gain 1 action this turn.",
        copyable: true,
        script: Script { ask: auto_once, apply: transloc_warp_apply },
    }),
    Some(Warp {
        text: "Linked: put your common piece on an empty colorless square and make a combat move with it; then an \
               opponent's common piece on that square makes a combat move the opposite way.",
        copyable: true,
        script: Script { ask: antimatter_ask, apply: antimatter_apply },
    }),
    Some(Warp {
        text: "Lift a piece off a colorless square and keep it on this card. Cannot be copied; while pending this \
               card cannot be discarded or taken back into your hand.",
        copyable: false,
        script: Script { ask: merchant_warp_ask, apply: merchant_warp_apply },
    }),
    Some(Warp {
        text: "For the rest of this turn each piece you destroy counts twice.",
        copyable: true,
        script: Script { ask: auto_once, apply: gate_warp_apply },
    }),
    None,
    Some(Warp {
        text: "Upgrade one of your common pieces.",
        copyable: true,
        script: Script { ask: greater_warp_ask, apply: upgrade_own_apply },
    }),
    None,
    None,
    Some(Warp {
        text: "One of your non-legendary pieces makes a standard move.",
        copyable: true,
        script: Script { ask: void_warp_ask, apply: one_move_apply },
    }),
    Some(Warp {
        text: "Place a common piece on an empty square, or one of your pieces moves (a common one a combat move, \
               others a standard move).",
        copyable: true,
        script: Script { ask: emperor_warp_ask, apply: emperor_warp_apply },
    }),
    None,
    Some(Warp {
        text: "Place a common piece on an empty square next to an enemy piece.",
        copyable: true,
        script: Script { ask: queen_warp_ask, apply: queen_warp_apply },
    }),
    None,
    Some(Warp {
        text: "One of your non-legendary pieces makes a combat move or 2 standard moves.",
        copyable: true,
        script: Script { ask: ziggurat_warp_ask, apply: ziggurat_warp_apply },
    }),
    None,
];

/// The warp effect of a card, if it has one.
pub(crate) fn warp(card: CardId) -> Option<&'static Warp> {
    if card.deck() != Deck::Etherweave {
        return None;
    }
    WARP.get(card.index())?.as_ref()
}

/// Squares of `color`'s pieces of exactly `rank`.
fn own_of_rank(g: &Game, color: Color, rank: Rank) -> Bitboard {
    g.board().of_color(color) & g.board().of_rank(rank)
}

/// Squares of the pieces of every color but `color`.
fn enemy_pieces(g: &Game, color: Color) -> Bitboard {
    g.board().occupied() & !g.board().of_color(color)
}

/// Non-legendary pieces of `color`.
fn non_legendary(g: &Game, color: Color) -> Bitboard {
    g.board().of_color_at_most(color, H)
}

fn push_moves_of(g: &Game, out: &mut Vec<Choice>, movers: Bitboard, kind: MoveKind) {
    for from in movers.squares() {
        push_moves(out, from, g.move_targets(from, kind));
    }
}

/// One move of one piece, then done (`Move` or `Skip`).
fn one_move_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_move(r, from, to);
    }
    r.step = 1;
}

/// A step that needs no input, once.
fn auto_once(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn pending(g: &Game) -> Option<CardId> {
    g.seat(g.turn().seat).pending
}

// ----- Doppelganger -----

fn doppelganger_ask(g: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 && pending(g).and_then(copyable_warp).is_some() {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn doppelganger_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    match pending(g).filter(|&c| copyable_warp(c).is_some()) {
        Some(card) => r.start_copy(card),
        None => r.step = 1,
    }
}

// ----- Paradox Worm -----

fn worm_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    let enemies = enemy_pieces(g, r.color);
    for rank in [C, H] {
        let theirs = enemies & g.board().of_rank(rank);
        for from in own_of_rank(g, r.color, rank).squares() {
            out.extend(theirs.squares().map(|to| Choice::Move { from, to }));
        }
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveParadoxWormSwap)
}

fn worm_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Move { from, to } = c {
        g.fx_swap(r, from, to);
    }
    r.step = 1;
}

// step 0: the upgrade (mandatory when possible); step 1: the optional discard
fn worm_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            push_squares(out, enemy_pieces(g, r.color) & g.board().of_rank(C));
            Ask::Choose(Step::EtherweaveParadoxWormWarpUpgrade)
        }
        1 => {
            if g.pending_may_leave().is_none() {
                return Ask::Done;
            }
            out.push(Choice::Option(0));
            out.push(Choice::Skip);
            Ask::Choose(Step::EtherweaveParadoxWormWarpDiscard)
        }
        _ => Ask::Done,
    }
}

fn worm_warp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            g.fx_upgrade(sq);
        }
        (1, Choice::Option(0)) => {
            g.fx_discard_pending();
        }
        _ => {}
    }
    r.step += 1;
}

// ----- Lesser Shadow Twin ----- registers: `subject` the chosen piece,
// `count` commons destroyed.

fn in_discard(g: &Game, card: CardId) -> bool {
    g.seat(g.turn().seat).discard.contains(&card)
}

fn lesser_targets(g: &Game, r: &Resolution) -> Bitboard {
    match r.subject {
        Some(s) => s.neighbours() & g.board().of_rank(C),
        None => Bitboard::EMPTY,
    }
}

fn lesser_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if !in_discard(g, GREATER_SHADOW_TWIN) {
        return Ask::Done;
    }
    match r.step {
        0 => {
            // (a piece with no common piece beside it would destroy nothing)
            let commons = g.board().of_rank(C);
            for sq in g.board().of_color(r.color).squares() {
                if !(sq.neighbours() & commons).is_empty() {
                    out.push(Choice::Square(sq));
                }
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::EtherweaveLesserShadowTwinPick)
        }
        1 if r.count < 2 && r.subject.is_some() => {
            push_squares(out, lesser_targets(g, r));
            out.push(Choice::Skip);
            Ask::Choose(Step::EtherweaveLesserShadowTwinDestroy)
        }
        _ => Ask::Done,
    }
}

fn lesser_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            r.subject = Some(sq);
            r.step = 1;
        }
        (1, Choice::Square(sq)) => {
            g.fx_destroy(r, sq, true);
            r.count += 1;
        }
        _ => r.step = 2,
    }
}

fn lesser_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    upgrade_own_ask(g, r, out, Step::EtherweaveLesserShadowTwinWarpUpgrade)
}

fn greater_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    upgrade_own_ask(g, r, out, Step::EtherweaveGreaterShadowTwinWarpUpgrade)
}

/// Upgrading one of your common pieces, asked as each card's own step.
fn upgrade_own_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>, step: Step) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    push_squares(out, own_of_rank(g, r.color, C));
    Ask::Choose(step)
}

fn upgrade_own_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_upgrade(sq);
    }
    r.step = 1;
}

// ----- Translocationist -----

fn transloc_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || r.count >= 2 {
        return Ask::Done;
    }
    let commons = own_of_rank(g, r.color, C);
    for from in own_of_rank(g, r.color, H).squares() {
        out.extend(commons.squares().map(|to| Choice::Move { from, to }));
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveTranslocationistSwap)
}

fn transloc_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_swap(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

fn transloc_warp_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    g.gain_action();
    r.step = 1;
}

// ----- Antimatter Spirit (warp) ----- step 0: `e5-e6` names the empty
// colorless square and the direction of your piece's move; `chosen` and
// `dir` keep them; step 1: the opponent color, when more than one can.

/// Whether a common piece may end a combat move on a square holding `p`.
fn common_may_enter(p: Option<Piece>) -> bool {
    MoveKind::Combat.allows(C, p)
}

/// The enemy colors whose common piece can come second for a square and a
/// direction (the first move done), or none if the first part cannot be.
fn antimatter_colors(g: &Game, r: &Resolution, at: Square, d: Dir) -> Vec<Color> {
    let b = g.board();
    let (Some(to), Some(back)) = (at.step(d), at.step(d.turn(4))) else { return Vec::new() };
    if b.get(at).is_some()
        || g.supply(r.color, C) == 0
        || !common_may_enter(b.get(to))
        || !common_may_enter(b.get(back))
    {
        return Vec::new();
    }
    let mut colors: Vec<Color> = g
        .enemies_of(r.color)
        .filter(|&e| {
            // (the first move may have freed one of its pieces)
            let freed = b.get(to).is_some_and(|p| p.color == e);
            g.supply(e, C) > 0 || freed
        })
        .collect();
    colors.sort();
    colors
}

fn antimatter_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            for at in (colorless_squares() & g.board().empty_squares()).squares() {
                for d in Dir::ALL {
                    if !antimatter_colors(g, r, at, d).is_empty() {
                        out.push(Choice::Move { from: at, to: at.step(d).expect("checked") });
                    }
                }
            }
            Ask::Choose(Step::EtherweaveAntimatterSpiritWarpPlace)
        }
        1 => {
            let (Some(at), Some(d)) = (r.chosen.squares().next(), r.dir) else { return Ask::Done };
            let colors = antimatter_colors(g, r, at, d);
            if colors.len() <= 1 {
                return Ask::Auto;
            }
            out.extend(colors.into_iter().map(|c| Choice::Option(c.index() as u8)));
            Ask::Choose(Step::EtherweaveAntimatterSpiritWarpOpponent)
        }
        _ => Ask::Done,
    }
}

fn antimatter_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            r.chosen = Bitboard::EMPTY;
            r.chosen.insert(from);
            r.dir = Dir::between(from, to);
            r.step = 1;
        }
        (1, c) => {
            r.step = 2;
            let (Some(at), Some(d)) = (r.chosen.squares().next(), r.dir) else { return };
            let colors = antimatter_colors(g, r, at, d);
            let enemy = match c {
                Choice::Option(i) => Color::ALL.get(i as usize).copied().filter(|e| colors.contains(e)),
                _ => colors.first().copied(),
            };
            let Some(enemy) = enemy else { return };
            let (to, back) = (at.step(d).expect("checked"), at.step(d.turn(4)).expect("checked"));
            g.fx_place(r.color, C, at);
            g.fx_move(r, at, to);
            g.fx_place(enemy, C, at);
            g.fx_move(r, at, back);
        }
        _ => r.step = 2,
    }
}

// ----- Merchant of Time -----

fn merchant_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.seat(g.turn().seat).stored.is_none() {
        return Ask::Done;
    }
    let squares = g.landing_squares();
    if squares.is_empty() {
        // nowhere to land: back to its owner's supply (see the rulings)
        return Ask::Auto;
    }
    push_squares(out, squares);
    Ask::Choose(Step::EtherweaveMerchantOfTimeLeap)
}

fn merchant_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let to = match c {
        Choice::Square(sq) => Some(sq),
        _ => None,
    };
    g.fx_land_stored(r, to);
    r.step = 1;
}

fn merchant_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.seat(g.turn().seat).stored.is_some() {
        return Ask::Done;
    }
    push_squares(out, colorless_squares() & g.board().occupied());
    Ask::Choose(Step::EtherweaveMerchantOfTimeWarpLift)
}

fn merchant_warp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_store(r, sq);
    }
    r.step = 1;
}

// ----- Gate of Oblivion -----

/// The purple square and the red squares, in this summoning's orientation.
fn gate_squares(r: &Resolution) -> (Option<Square>, Bitboard) {
    let marked = r.card.def().marked;
    let at = |&(x, y): &(i8, i8)| {
        let (a, b) = r.orientation.apply(x, y);
        r.at.offset(a, b)
    };
    let purple = marked.first().and_then(at);
    let red = marked[1..].iter().filter_map(at).collect();
    (purple, red)
}

fn gate_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => Ask::Auto,
        1 => {
            let (_, red) = gate_squares(r);
            push_squares(out, red & g.board().occupied() & !g.board().of_rank(L));
            out.push(Choice::Skip);
            Ask::Choose(Step::EtherweaveGateOfOblivionDestroy)
        }
        _ => Ask::Done,
    }
}

fn gate_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, _) => {
            if let Some(purple) = gate_squares(r).0 {
                g.fx_destroy(r, purple, true);
            }
        }
        (1, Choice::Square(sq)) => g.fx_destroy(r, sq, true),
        _ => {}
    }
    r.step += 1;
}

fn gate_warp_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    g.turn_mut().doubled = g.turn().doubled.saturating_add(1);
    r.step = 1;
}

// ----- Time Traveler -----

fn traveler_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else { return Ask::Done };
    push_squares(out, me.neighbours() & g.board().of_rank(C));
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveTimeTravelerDestroy)
}

fn traveler_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    r.step = 1;
    let Choice::Square(sq) = c else { return };
    if g.board().get(sq).is_none() {
        return;
    }
    g.fx_destroy(r, sq, true);
    let seat = &mut g.seats[g.turn.seat as usize];
    if let Some(card) = seat.discard.pop() {
        seat.deck.put_top(card);
    }
}

// ----- Greater Shadow Twin -----

fn greater_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || !in_discard(g, LESSER_SHADOW_TWIN) {
        return Ask::Done;
    }
    let mine = g.board().of_color(r.color);
    for sq in g.board().of_rank(H).squares() {
        if (sq.neighbours() & mine).count() >= 2 {
            out.push(Choice::Square(sq));
        }
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveGreaterShadowTwinDestroy)
}

fn greater_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_destroy(r, sq, true);
    }
    r.step = 1;
}

// ----- Warpmaster -----

fn warpmaster_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    if g.pending_may_leave().is_some() {
        out.push(Choice::Option(0));
    }
    if let Some(me) = r.me {
        push_moves(out, me, g.move_targets(me, MoveKind::Standard));
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveWarpmasterReturnOrMove)
}

fn warpmaster_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Option(0) => {
            g.fx_pending_to_hand();
        }
        Choice::Move { from, to } => g.fx_move(r, from, to),
        _ => {}
    }
    r.step = 1;
}

// ----- Dark Sphere ----- registers: `count` moves made, `tagged` the
// pieces that moved, `against` the first mover's color, `count2` 1 when
// the first two movers were of that one color (the third must not be).

fn sphere_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else { return Ask::Done };
    let b = g.board();
    let ring: Bitboard = crate::geometry::ON_BOARD.squares().filter(|sq| sq.distance(me) == 2).collect();
    let mut movers = b.occupied() & !b.of_rank(L) & !r.tagged;
    movers.remove(me);
    for from in movers.squares() {
        let color = b.get(from).expect("occupied").color;
        if r.count == 2 && r.count2 == 1 && r.against == Some(color) {
            continue;
        }
        push_moves(out, from, g.move_targets(from, MoveKind::Combat) & ring);
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveDarkSphereMove)
}

fn sphere_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Choice::Move { from, to } = c else {
        r.step = 1;
        return;
    };
    let color = g.board().get(from).map(|p| p.color);
    g.fx_move(r, from, to);
    r.tagged.insert(to);
    match r.count {
        0 => r.against = color,
        1 => r.count2 = u8::from(color == r.against),
        _ => {}
    }
    r.count += 1;
}

// ----- Void Summoner -----

fn void_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    // (for the next summoning this turn; see `Game::void_matches`)
    g.turn_mut().void_squares = 2;
    r.step = 1;
}

fn void_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    push_moves_of(g, out, non_legendary(g, r.color), MoveKind::Standard);
    Ask::Choose(Step::EtherweaveVoidSummonerWarpMove)
}

// ----- Eternal Emperor -----

fn emperor_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.turn().emperor_warped {
        return Ask::Done;
    }
    // the warp's own choices, or skip (then nothing is done)
    let _ = emperor_warp_ask(g, r, out);
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveEternalEmperorCarryOut)
}

fn emperor_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if c == Choice::Skip {
        r.step = 1;
        return;
    }
    // carried out as the summoning's effect: the rest is the warp's
    r.start_copy(ETERNAL_EMPEROR);
    emperor_warp_apply(g, r, c);
}

fn emperor_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 {
        return Ask::Done;
    }
    if g.supply(r.color, C) > 0 {
        push_squares(out, g.board().empty_squares());
    }
    push_moves_of(g, out, own_of_rank(g, r.color, C), MoveKind::Combat);
    push_moves_of(g, out, g.board().of_color_at_least(r.color, H), MoveKind::Standard);
    Ask::Choose(Step::EtherweaveEternalEmperorWarpPlaceOrMove)
}

fn emperor_warp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) if g.board().get(sq).is_none() => {
            g.fx_place(r.color, C, sq);
        }
        Choice::Move { from, to } => g.fx_move(r, from, to),
        _ => {}
    }
    r.step = 1;
}

// ----- Reality Patch ----- steps 0..n: one heroic piece of the n-th
// opponent color (sorted); n: the pending being; n+1: a card from the hand.

fn patch_colors(g: &Game, color: Color) -> Vec<Color> {
    let mut v: Vec<Color> = g.enemies_of(color).collect();
    v.sort();
    v
}

fn patch_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let colors = patch_colors(g, r.color);
    let n = colors.len();
    let step = r.step as usize;
    if step < n {
        push_squares(out, own_of_rank(g, colors[step], H));
        out.push(Choice::Skip);
        return Ask::Choose(Step::EtherweaveRealityPatchDestroy);
    }
    if step == n {
        if g.pending_may_leave().is_some() {
            out.push(Choice::Option(0));
        }
        out.push(Choice::Skip);
        return Ask::Choose(Step::EtherweaveRealityPatchDiscardPending);
    }
    // (once control is passed the teammate finishes the effect, and may not
    // look into the active player's hand: see docs/rulings.md)
    if step == n + 1 && !g.turn().passed {
        let s = g.seat(g.turn().seat);
        let hand = s.beings.iter().filter(|&&c| Some(c) != s.pending).chain(&s.legends).chain(&s.flares);
        out.extend(hand.map(|&c| Choice::Discard(c)));
        out.push(Choice::Skip);
        return Ask::Choose(Step::EtherweaveRealityPatchDiscardCard);
    }
    Ask::Done
}

fn patch_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) => g.fx_destroy(r, sq, true),
        Choice::Option(0) => {
            g.fx_discard_pending();
        }
        Choice::Discard(card) => {
            let who = g.turn().seat;
            let seat = &mut g.seats[who as usize];
            if crate::pile::remove_card(&mut seat.beings, card) {
                seat.discard.push(card);
            } else if crate::pile::remove_card(&mut seat.legends, card) {
                g.legend_discard.push(card);
            } else if crate::pile::remove_card(&mut seat.flares, card) {
                g.flare_discard.push(card);
            }
            g.record(Event::Discarded { seat: who, card });
        }
        _ => {}
    }
    r.step += 1;
}

// ----- Polarity Queen ----- step 0: the first move; step 1: the second,
// the opposite way (`dir` the first's direction, `subject` its piece).

/// The pieces that may make one of the Queen's moves.
fn queen_movers(g: &Game, r: &Resolution) -> Bitboard {
    let mut m = non_legendary(g, r.color);
    if let Some(me) = r.me {
        m.remove(me);
    }
    m
}

/// Whether a second move the opposite way of `from`-`to` exists once that
/// first move is made.
fn queen_partner(g: &Game, r: &Resolution, from: Square, to: Square) -> bool {
    let Some(d) = Dir::between(from, to) else { return false };
    let mut b = g.board().clone();
    let piece = b.get(from);
    b.set(from, None);
    b.set(to, piece);
    let mut movers = queen_movers(g, r);
    movers.remove(from);
    movers.remove(to);
    movers.squares().any(|y| {
        let (Some(p), Some(t)) = (b.get(y), y.step(d.turn(4))) else { return false };
        p.color == r.color && MoveKind::Combat.allows(p.rank, b.get(t))
    })
}

fn queen_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            for from in queen_movers(g, r).squares() {
                for to in g.move_targets(from, MoveKind::Combat).squares() {
                    if queen_partner(g, r, from, to) {
                        out.push(Choice::Move { from, to });
                    }
                }
            }
            Ask::Choose(Step::EtherweavePolarityQueenMove)
        }
        1 => {
            let Some(d) = r.dir else { return Ask::Done };
            let mut movers = queen_movers(g, r);
            if let Some(s) = r.subject {
                movers.remove(s);
            }
            for from in movers.squares() {
                if let Some(to) = from.step(d.turn(4)).filter(|&t| g.move_targets(from, MoveKind::Combat).contains(t)) {
                    out.push(Choice::Move { from, to });
                }
            }
            Ask::Choose(Step::EtherweavePolarityQueenMoveOpposite)
        }
        _ => Ask::Done,
    }
}

fn queen_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            r.dir = Dir::between(from, to);
            g.fx_move(r, from, to);
            r.subject = Some(to);
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

fn queen_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step > 0 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    let mut near = Bitboard::EMPTY;
    for sq in enemy_pieces(g, r.color).squares() {
        near |= sq.neighbours();
    }
    push_squares(out, near & g.board().empty_squares());
    Ask::Choose(Step::EtherweavePolarityQueenWarpPlace)
}

fn queen_warp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        g.fx_place(r.color, C, sq);
    }
    r.step = 1;
}

// ----- Singularity ----- `chosen` holds the square.

fn singularity_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            push_squares(out, colorless_squares() & g.board().empty_squares());
            Ask::Choose(Step::EtherweaveSingularitySquare)
        }
        1 => {
            let Some(target) = r.chosen.squares().next() else { return Ask::Done };
            for from in (target.neighbours() & g.board().of_rank(C)).squares() {
                out.push(Choice::Move { from, to: target });
            }
            if out.is_empty() {
                return Ask::Done;
            }
            Ask::Choose(Step::EtherweaveSingularityNext)
        }
        _ => Ask::Done,
    }
}

fn singularity_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            r.chosen.insert(sq);
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => g.fx_move(r, from, to),
        _ => r.step = 2,
    }
}

// ----- Ziggurat Sentinel ----- registers: `count` moves along the arrow.

fn ziggurat_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else { return Ask::Done };
    if r.count == 0 {
        let mut cards: Vec<CardId> =
            g.seat(g.turn().seat).discard.iter().copied().filter(|&c| copyable_warp(c).is_some()).collect();
        cards.sort();
        cards.dedup();
        out.extend(cards.into_iter().map(Choice::Return));
    }
    for d in r.arrows() {
        if let Some(to) = me.step(d).filter(|&t| g.move_targets(me, MoveKind::Combat).contains(t)) {
            out.push(Choice::Move { from: me, to });
        }
    }
    out.push(Choice::Skip);
    Ask::Choose(if r.count == 0 {
        Step::EtherweaveZigguratSentinelCopyOrMove
    } else {
        Step::EtherweaveZigguratSentinelMoveAgain
    })
}

fn ziggurat_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Return(card) if copyable_warp(card).is_some() => r.start_copy(card),
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// step 0: one move (combat); step 1: a second standard move by the same
// piece, when the first was a standard move too (`subject` the piece).
fn ziggurat_warp_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            push_moves_of(g, out, non_legendary(g, r.color), MoveKind::Combat);
            Ask::Choose(Step::EtherweaveZigguratSentinelWarpMove)
        }
        1 => {
            let Some(s) = r.subject else { return Ask::Done };
            push_moves(out, s, g.move_targets(s, MoveKind::Standard));
            out.push(Choice::Skip);
            Ask::Choose(Step::EtherweaveZigguratSentinelWarpSecondMove)
        }
        _ => Ask::Done,
    }
}

fn ziggurat_warp_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            let p = g.board().get(from).map(|p| p.rank);
            let standard = p.is_some_and(|rank| MoveKind::Standard.allows(rank, g.board().get(to)));
            g.fx_move(r, from, to);
            if standard {
                r.subject = Some(to);
                r.step = 1;
            } else {
                r.step = 2;
            }
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step = 2,
    }
}

// ----- Iris of Eternity -----

fn iris_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else { return Ask::Done };
    push_squares(out, me.neighbours() & g.board().of_rank(L));
    if g.can_upgrade(me) {
        out.push(Choice::Square(me));
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::EtherweaveIrisOfEternityDestroyOrUpgrade)
}

fn iris_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    r.step = 1;
    let Choice::Square(sq) = c else { return };
    if Some(sq) != r.me {
        g.fx_destroy(r, sq, true);
        return;
    }
    if g.fx_upgrade(sq) && g.board().get(sq).is_some_and(|p| p.rank == L) {
        // a legend summoned this turn; the legends in hand are discarded
        g.turn_mut().legends_summoned = g.turn().legends_summoned.saturating_add(1);
        let who = g.turn().seat;
        let legends = std::mem::take(&mut g.seats[who as usize].legends);
        for card in legends {
            g.legend_discard.push(card);
            g.record(Event::Discarded { seat: who, card });
        }
    }
}
