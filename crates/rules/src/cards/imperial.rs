//! The Imperial beings (the Northern and Southern decks hold the same 18
//! cards), in the order of the card reference.
//!
//! Marks that a card's text does not name (the Swordmaster's, Bomb's,
//! Champion's and Master of Intrigue's coloured squares) are illustration
//! and are left out of `marked`.

use crate::board::Color;
use crate::board::Rank::{self, Common as C, Heroic as H, Legendary as L};
use crate::cards::CardDef;
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Square};
use crate::step::Step;

pub static CARDS: [CardDef; 18] = [
    CardDef {
        id: "imperial.swordmaster",
        name: "Swordmaster",
        rank: C,
        pattern: &[(0, 1, C), (0, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy one enemy common piece on a square diagonally next to the Swordmaster. If you do, she is upgraded.",
        script: Script { ask: swordmaster_ask, apply: swordmaster_apply },
    },
    CardDef {
        id: "imperial.messenger",
        name: "Messenger",
        rank: C,
        pattern: &[(1, -1, C), (2, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may pick one of your non-legendary pieces and a direction: it makes as many standard moves as you like, all in that direction.",
        script: Script { ask: messenger_ask, apply: messenger_apply },
    },
    CardDef {
        id: "imperial.herald",
        name: "Herald",
        rank: C,
        pattern: &[(1, -1, C), (2, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Make up to 2 moves with your pieces, each onto an empty square.",
        script: Script { ask: herald_ask, apply: herald_apply },
    },
    CardDef {
        id: "imperial.bomb",
        name: "Bomb",
        rank: C,
        pattern: &[(1, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "If you have an action left, the Bomb is destroyed together with every common piece next to it. If not, nothing happens.",
        script: Script { ask: bomb_ask, apply: bomb_apply },
    },
    CardDef {
        id: "imperial.chronicler",
        name: "Chronicler",
        rank: C,
        pattern: &[(0, 1, C), (-1, 0, C), (1, 0, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Upgrade one of your common pieces other than the Chronicler. That piece may then make a standard move.",
        script: Script { ask: chronicler_ask, apply: chronicler_apply },
    },
    CardDef {
        id: "imperial.assassin",
        name: "Assassin",
        rank: H,
        pattern: &[(-1, 3, C), (-2, 2, C), (-3, 1, C)],
        marked: &[(-1, 1)],
        arrows: &[],
        flare: None,
        text: "Destroy whatever piece stands on the marked square. If it was empty, the Assassin may move onto it.",
        script: Script { ask: assassin_ask, apply: assassin_apply },
    },
    CardDef {
        id: "imperial.time_mage",
        name: "Time Mage",
        rank: H,
        pattern: &[(-1, 0, C), (-2, -1, C), (0, -1, C), (-1, -2, C)],
        marked: &[(-1, -1)],
        arrows: &[],
        flare: None,
        text: "Gain an action. An enemy piece on the marked square is destroyed.",
        script: Script { ask: time_mage_ask, apply: time_mage_apply },
    },
    CardDef {
        id: "imperial.summoner",
        name: "Summoner",
        rank: H,
        pattern: &[(-1, -1, C), (0, -1, C), (1, -1, C)],
        marked: &[(-2, 0), (-1, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (-2, 2), (0, 2), (2, 2)],
        arrows: &[],
        flare: None,
        text: "You may place up to 2 of your common pieces, each on an empty marked square.",
        script: Script { ask: summoner_ask, apply: summoner_apply },
    },
    CardDef {
        id: "imperial.hypnotist",
        name: "Hypnotist",
        rank: H,
        pattern: &[(1, 1, C), (-1, 0, C), (1, 0, C), (-1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may pick one enemy color and up to 3 of its common pieces or up to 2 of its heroic pieces: each makes one combat move.",
        script: Script { ask: hypnotist_ask, apply: hypnotist_apply },
    },
    CardDef {
        id: "imperial.cannon",
        name: "Cannon",
        rank: H,
        pattern: &[(-1, 0, C), (0, 0, C), (-2, -1, C)],
        marked: &[],
        arrows: &[Dir::NW, Dir::N, Dir::NE, Dir::E, Dir::SW, Dir::S, Dir::SE],
        flare: None,
        text: "Summoned onto your own piece. You may pick an arrow: every common piece on that line to the board's edge is destroyed.",
        script: Script { ask: cannon_ask, apply: cannon_apply },
    },
    CardDef {
        id: "imperial.champion",
        name: "Champion",
        rank: H,
        pattern: &[(-1, 0, C), (-1, -1, C), (0, -1, C), (0, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may destroy one enemy piece next to the Champion. If it was legendary, the Champion is destroyed as well and you gain an action.",
        script: Script { ask: champion_ask, apply: champion_apply },
    },
    CardDef {
        id: "imperial.infantry_captain",
        name: "Infantry Captain",
        rank: H,
        pattern: &[(-2, -1, C), (-1, -1, C), (1, -1, C), (2, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Make up to 2 combat moves with your pieces other than the Infantry Captain.",
        script: Script { ask: infantry_captain_ask, apply: infantry_captain_apply },
    },
    CardDef {
        id: "imperial.cavalry_captain",
        name: "Cavalry Captain",
        rank: H,
        pattern: &[(-1, -1, C), (1, -1, C), (-1, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "You may pick one of your pieces other than the Cavalry Captain: it makes up to 1 combat move and up to 2 standard moves, in any order.",
        script: Script { ask: cavalry_captain_ask, apply: cavalry_captain_apply },
    },
    CardDef {
        id: "imperial.gryphon_rider",
        name: "Gryphon Rider",
        rank: H,
        pattern: &[(-1, 0, C), (-2, -1, C), (0, -1, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "The Gryphon Rider may make a combat leap. If she does, you may downgrade her and place one of your common pieces on an empty square next to her.",
        script: Script { ask: gryphon_rider_ask, apply: gryphon_rider_apply },
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
        id: "imperial.high_priestess",
        name: "High Priestess",
        rank: H,
        pattern: &[(0, 0, C), (-1, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Summoned onto your own piece. She may make a standard move; then you may upgrade one common piece next to her.",
        script: Script { ask: high_priestess_ask, apply: high_priestess_apply },
    },
    CardDef {
        id: "imperial.master_of_intrigue",
        name: "Master of Intrigue",
        rank: H,
        pattern: &[(-1, 1, C), (1, 1, C), (-1, -1, C), (1, -1, C)],
        marked: &[],
        arrows: &[],
        flare: None,
        text: "Make up to 3 moves, mixed as you like: standard moves by the Master of Intrigue, combat moves by the non-legendary pieces used to summon him.",
        script: Script { ask: master_of_intrigue_ask, apply: master_of_intrigue_apply },
    },
    CardDef {
        id: "imperial.gun_tower",
        name: "Gun Tower",
        rank: H,
        pattern: &[(0, -1, C), (1, -1, C), (0, -2, C), (1, -2, C)],
        marked: &[],
        arrows: &[Dir::W, Dir::E],
        flare: None,
        text: "You may pick an arrow: the first two pieces on that line are destroyed. A legendary piece is not destroyed and stops the shot.",
        script: Script { ask: gun_tower_ask, apply: gun_tower_apply },
    },
];

// ----- helpers -----

fn diagonal_neighbours(sq: Square) -> Bitboard {
    Dir::DIAGONALS.iter().filter_map(|&d| sq.step(d)).collect()
}

/// Pushes every move of `kind` that the pieces on `pieces` can make.
fn push_piece_moves(g: &Game, out: &mut Vec<Choice>, pieces: Bitboard, kind: MoveKind) {
    for from in pieces.squares() {
        push_moves(out, from, g.move_targets(from, kind));
    }
}

/// The squares of the non-legendary pieces among `squares`.
fn non_legendary(g: &Game, squares: Bitboard) -> Bitboard {
    squares & !g.board().of_rank(L)
}

/// Which color's piece stands on a square.
fn color_at(g: &Game, sq: Square) -> Option<Color> {
    g.board().get(sq).map(|p| p.color)
}

// ----- Swordmaster -----

fn swordmaster_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let targets = diagonal_neighbours(me) & g.board().of_rank(C) & !g.board().of_color(r.color);
    push_squares(out, targets);
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialSwordmasterDestroy)
}

fn swordmaster_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Square(sq), Some(me)) = (c, r.me) {
        g.fx_destroy(r, sq, true);
        g.fx_upgrade(me);
    }
    r.step = 1;
}

// ----- Messenger -----
// The first move fixes the piece (`subject`) and the direction (`dir`);
// choosing a piece and a direction and then not moving is the same as
// declining, so the first move does both.

fn messenger_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    match (r.subject, r.dir) {
        (Some(piece), Some(dir)) => {
            if let Some(to) = piece.step(dir).filter(|&to| g.move_targets(piece, MoveKind::Standard).contains(to)) {
                out.push(Choice::Move { from: piece, to });
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialMessengerMoveOn)
        }
        _ => {
            let own = non_legendary(g, g.board().of_color(r.color));
            push_piece_moves(g, out, own, MoveKind::Standard);
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialMessengerMove)
        }
    }
}

fn messenger_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            r.dir = Dir::between(from, to);
            g.fx_move(r, from, to);
            r.subject = Some(to);
        }
        _ => r.step = 1,
    }
}

// ----- Herald -----

fn herald_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 2 {
        return Ask::Done;
    }
    let empty = g.board().empty_squares();
    for from in g.board().of_color(r.color).squares() {
        push_moves(out, from, from.neighbours() & empty);
    }
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialHeraldMove)
}

fn herald_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Bomb -----

fn bomb_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn bomb_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    // the summoning has already spent its action: what is left is what counts
    if let Some(me) = r.me.filter(|_| g.turn().actions > 0) {
        let blast = me.neighbours() & g.board().of_rank(C);
        g.fx_destroy(r, me, true);
        for sq in blast.squares() {
            g.fx_destroy(r, sq, true);
        }
    }
    r.step = 1;
}

// ----- Chronicler -----

fn chronicler_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            let mut own = g.board().of_color(r.color) & g.board().of_rank(C);
            if let Some(me) = r.me {
                own.remove(me);
            }
            push_squares(out, own);
            Ask::Choose(Step::ImperialChroniclerUpgrade)
        }
        1 => {
            let Some(piece) = r.subject else {
                return Ask::Done;
            };
            push_moves(out, piece, g.move_targets(piece, MoveKind::Standard));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialChroniclerMove)
        }
        _ => Ask::Done,
    }
}

fn chronicler_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Square(sq)) => {
            g.fx_upgrade(sq);
            r.subject = Some(sq);
            r.step = 1;
        }
        (1, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 2;
        }
        _ => r.step += 1,
    }
}

// ----- Assassin -----

fn assassin_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let (Some(me), Some(target)) = (r.me, r.marked().first()) else {
        return Ask::Done;
    };
    if r.step != 0 {
        return Ask::Done;
    }
    if g.board().get(target).is_some() {
        return Ask::Auto;
    }
    out.push(Choice::Move { from: me, to: target });
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialAssassinMove)
}

fn assassin_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Some(target) = r.marked().first() {
        match c {
            Choice::Move { from, to } => g.fx_move(r, from, to),
            // an occupied marked square: its piece is destroyed, whoever owns it
            _ => g.fx_destroy(r, target, true),
        }
    }
    r.step = 1;
}

// ----- Time Mage -----

fn time_mage_ask(_: &Game, r: &Resolution, _: &mut Vec<Choice>) -> Ask {
    if r.step == 0 {
        Ask::Auto
    } else {
        Ask::Done
    }
}

fn time_mage_apply(g: &mut Game, r: &mut Resolution, _: Choice) {
    g.gain_action();
    if let Some(sq) = r.marked().first() {
        if color_at(g, sq).is_some_and(|c| c != r.color) {
            g.fx_destroy(r, sq, true);
        }
    }
    r.step = 1;
}

// ----- Summoner -----

fn summoner_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 2 || g.supply(r.color, C) == 0 {
        return Ask::Done;
    }
    push_squares(out, r.marked() & g.board().empty_squares());
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialSummonerPlace)
}

fn summoner_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Square(sq) => {
            g.fx_place(r.color, C, sq);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Hypnotist -----
// Step 0 picks the enemy color (`against`); in a duel there is only one, so
// the step runs by itself. Step 1 moves the pieces one at a time: the first
// moved piece fixes the rank (`option`: its rank index), moved pieces are
// `tagged` so that none moves twice, `count` counts them.

fn hypnotist_limit(rank: Rank) -> u8 {
    if rank == C {
        3
    } else {
        2
    }
}

fn hypnotist_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    match r.step {
        0 => {
            let enemies: Vec<Color> = g.enemies_of(r.color).collect();
            if enemies.len() <= 1 {
                return Ask::Auto;
            }
            out.extend(enemies.into_iter().map(|c| Choice::Option(c.index() as u8)));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialHypnotistColor)
        }
        1 => {
            let Some(enemy) = r.against else {
                return Ask::Done;
            };
            let b = g.board();
            let pieces = if r.count == 0 {
                b.of_color(enemy) & !b.of_rank(L)
            } else {
                let rank = Rank::ALL[r.option as usize];
                if r.count >= hypnotist_limit(rank) {
                    return Ask::Done;
                }
                b.of_color(enemy) & b.of_rank(rank) & !r.tagged
            };
            push_piece_moves(g, out, pieces, MoveKind::Combat);
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialHypnotistMove)
        }
        _ => Ask::Done,
    }
}

fn hypnotist_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Option(k)) => {
            r.against = Color::ALL.get(k as usize).copied();
            r.step = 1;
        }
        (0, _) => {
            let enemies: Vec<Color> = g.enemies_of(r.color).collect();
            // with one enemy the step ran by itself; with several, Skip declines
            if enemies.len() == 1 {
                r.against = Some(enemies[0]);
                r.step = 1;
            } else {
                r.step = 2;
            }
        }
        (1, Choice::Move { from, to }) => {
            let Some(p) = g.board().get(from) else {
                return;
            };
            if r.count == 0 {
                r.option = p.rank.index() as u8;
            }
            g.fx_move(r, from, to);
            r.tagged.insert(to);
            r.count += 1;
        }
        _ => r.step = 2,
    }
}

// ----- Cannon -----

fn cannon_ask(_: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    out.extend(r.arrows().filter(|&d| me.step(d).is_some()).map(Choice::Direction));
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialCannonAim)
}

fn cannon_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Direction(d), Some(me)) = (c, r.me) {
        // upgraded pieces neither suffer nor stop the shot
        for sq in Game::ray(me, d) {
            if g.board().get(sq).is_some_and(|p| p.rank == C) {
                g.fx_destroy(r, sq, true);
            }
        }
    }
    r.step = 1;
}

// ----- Champion -----

fn champion_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    let enemies = me.neighbours() & g.board().occupied() & !g.board().of_color(r.color);
    push_squares(out, enemies);
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialChampionDestroy)
}

fn champion_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let Choice::Square(sq) = c {
        let legendary = g.board().get(sq).is_some_and(|p| p.rank == L);
        g.fx_destroy(r, sq, true);
        if legendary {
            if let Some(me) = r.me {
                g.fx_destroy(r, me, true);
            }
            g.gain_action();
        }
    }
    r.step = 1;
}

// ----- Infantry Captain -----

fn infantry_captain_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 2 {
        return Ask::Done;
    }
    let mut own = g.board().of_color(r.color);
    if let Some(me) = r.me {
        own.remove(me);
    }
    push_piece_moves(g, out, own, MoveKind::Combat);
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialInfantryCaptainMove)
}

fn infantry_captain_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Cavalry Captain -----
// The first move picks the piece (`subject`). `count` counts standard moves
// (at most 2), `count2` combat moves (at most 1). A move that a standard
// move allows is counted as standard while one is left: that never loses
// a sequence, since a combat move can go wherever a standard move can.

fn cavalry_captain_targets(g: &Game, r: &Resolution, piece: Square) -> Bitboard {
    let mut t = Bitboard::EMPTY;
    if r.count < 2 {
        t |= g.move_targets(piece, MoveKind::Standard);
    }
    if r.count2 < 1 {
        t |= g.move_targets(piece, MoveKind::Combat);
    }
    t
}

fn cavalry_captain_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 {
        return Ask::Done;
    }
    match r.subject {
        Some(piece) => {
            push_moves(out, piece, cavalry_captain_targets(g, r, piece));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialCavalryCaptainMoveAgain)
        }
        None => {
            let mut own = g.board().of_color(r.color);
            if let Some(me) = r.me {
                own.remove(me);
            }
            for from in own.squares() {
                push_moves(out, from, cavalry_captain_targets(g, r, from));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialCavalryCaptainMove)
        }
    }
}

fn cavalry_captain_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            let Some(p) = g.board().get(from) else {
                return;
            };
            if r.count < 2 && MoveKind::Standard.allows(p.rank, g.board().get(to)) {
                r.count += 1;
            } else {
                r.count2 += 1;
            }
            g.fx_move(r, from, to);
            r.subject = Some(to);
            if r.count == 2 && r.count2 == 1 {
                r.step = 1;
            }
        }
        _ => r.step = 1,
    }
}

// ----- Gryphon Rider -----
// Step 0: the leap. Step 1: dismount or not (option 1). Step 2: the common
// piece goes next to her, if any square and piece are available.

fn gryphon_rider_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else {
        return Ask::Done;
    };
    match r.step {
        0 => {
            push_moves(out, me, g.leap_targets(me, MoveKind::Combat));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialGryphonRiderLeap)
        }
        1 => {
            if g.can_downgrade(me) {
                out.push(Choice::Option(0));
            }
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialGryphonRiderDismount)
        }
        2 => {
            if g.supply(r.color, C) > 0 {
                push_squares(out, me.neighbours() & g.board().empty_squares());
            }
            Ask::Choose(Step::ImperialGryphonRiderPlace)
        }
        _ => Ask::Done,
    }
}

fn gryphon_rider_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match (r.step, c) {
        (0, Choice::Move { from, to }) => {
            g.fx_move(r, from, to);
            r.step = 1;
        }
        (1, Choice::Option(0)) => {
            if let Some(me) = r.me {
                g.fx_downgrade(me);
            }
            r.step = 2;
        }
        (2, Choice::Square(sq)) => {
            g.fx_place(r.color, C, sq);
            r.step = 3;
        }
        _ => r.step = 3,
    }
}

// ----- Knight -----

fn knight_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0 && r.count < 3) else {
        return Ask::Done;
    };
    let b = g.board();
    // a combat move of a heroic piece that may not enter a common piece:
    // only empty squares and heroic pieces remain
    let targets = me.neighbours() & (b.empty_squares() | b.of_rank(H));
    push_moves(out, me, targets);
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialKnightMove)
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

// ----- High Priestess -----

fn high_priestess_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me else {
        return Ask::Done;
    };
    match r.step {
        0 => {
            push_moves(out, me, g.move_targets(me, MoveKind::Standard));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialHighPriestessMove)
        }
        1 => {
            push_squares(out, me.neighbours() & g.board().of_rank(C));
            out.push(Choice::Skip);
            Ask::Choose(Step::ImperialHighPriestessUpgrade)
        }
        _ => Ask::Done,
    }
}

fn high_priestess_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => g.fx_move(r, from, to),
        Choice::Square(sq) => {
            g.fx_upgrade(sq);
        }
        _ => {}
    }
    r.step += 1;
}

// ----- Master of Intrigue -----

fn master_of_intrigue_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step != 0 || r.count >= 3 {
        return Ask::Done;
    }
    if let Some(me) = r.me {
        push_moves(out, me, g.move_targets(me, MoveKind::Standard));
    }
    push_piece_moves(g, out, non_legendary(g, r.pattern), MoveKind::Combat);
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialMasterOfIntrigueMove)
}

fn master_of_intrigue_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    match c {
        Choice::Move { from, to } => {
            g.fx_move(r, from, to);
            r.count += 1;
        }
        _ => r.step = 1,
    }
}

// ----- Gun Tower -----

fn gun_tower_ask(_: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    let Some(me) = r.me.filter(|_| r.step == 0) else {
        return Ask::Done;
    };
    out.extend(r.arrows().filter(|&d| me.step(d).is_some()).map(Choice::Direction));
    out.push(Choice::Skip);
    Ask::Choose(Step::ImperialGunTowerAim)
}

fn gun_tower_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    if let (Choice::Direction(d), Some(me)) = (c, r.me) {
        let mut hit = 0;
        for sq in Game::ray(me, d) {
            match g.board().get(sq) {
                None => continue,
                Some(p) if p.rank == L => break,
                Some(_) => {
                    g.fx_destroy(r, sq, true);
                    hit += 1;
                    if hit == 2 {
                        break;
                    }
                }
            }
        }
    }
    r.step = 1;
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Piece, Rank};
    use crate::cards::{CardId, School};
    use crate::choice::Choice;
    use crate::game::{Game, Phase, SeatState};
    use crate::geometry::Square;
    use crate::pile::{CardList, Pile};
    use crate::position::Position;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// A duel with a Hypnotist pattern for blue around e5, and a third seat
    /// (brown) added by hand, as a melee would have.
    fn three_colors() -> Game {
        let mut p = Position::duel("9/9/9/5b3/3bbb3/3b5/9/9/9").expect("board");
        p.seats[0].beings.push(CardId::parse("imperial.hypnotist").expect("card"));
        let mut g = p.to_game().expect("position");
        g.seats.push(SeatState {
            school: School::Highland,
            color: Color::Brown,
            deck: Pile::default(),
            beings: CardList::new(),
            legends: CardList::new(),
            flares: CardList::new(),
            discard: CardList::new(),
            score: 0,
            points: [0; crate::board::COLORS],
            improvised: Default::default(),
            frozen: None,
            fewer_actions: 0,
            gateway: None,
            pending: None,
            stored: None,
            stored_gateway: None,
        });
        g.pieces[Color::Brown.index()] = (17, 3);
        g.board_mut().set(sq("b2"), Some(Piece::new(Color::Red, Rank::Common)));
        g.board_mut().set(sq("h2"), Some(Piece::new(Color::Brown, Rank::Common)));
        g.board_mut().set(sq("h3"), Some(Piece::new(Color::Brown, Rank::Common)));
        g
    }

    fn summon_hypnotist(g: &mut Game) {
        let summon = "summon imperial.hypnotist e5 r0";
        g.play(summon).expect("the Hypnotist can be summoned");
    }

    #[test]
    fn hypnotist_first_chooses_one_of_several_enemy_colors() {
        let mut g = three_colors();
        summon_hypnotist(&mut g);
        // option n is the color's index + 1: red 1, brown 3
        assert_eq!(g.legal_choices(), [Choice::Option(0), Choice::Option(2), Choice::Skip]);
        g.play("option 3").expect("brown");
        let moves = g.legal_choices();
        assert!(moves.contains(&Choice::Move { from: sq("h2"), to: sq("g2") }));
        assert!(!moves.iter().any(|c| matches!(c, Choice::Move { from, .. } if *from == sq("b2"))));
        // a brown piece may trample the other brown piece; that counts for blue
        g.play("h2-h3").expect("combat move");
        assert_eq!(g.turn().destroyed[Color::Brown.index()][Rank::Common.index()], 1);
        // no other brown common piece is left to move
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.board().get(sq("b2")), Some(Piece::new(Color::Red, Rank::Common)));
    }

    #[test]
    fn hypnotist_may_decline_at_the_color_choice() {
        let mut g = three_colors();
        summon_hypnotist(&mut g);
        g.play("skip").expect("decline");
        assert_eq!(g.phase(), Phase::Main);
        assert_eq!(g.board().total(Color::Brown), 2);
    }
}
