//! The flares, shared by all players, in the order of the card reference.
//!
//! Every flare is two halves, each a short list of `Part`s resolved in
//! order; all twelve share one script that walks the table `HALVES`. The
//! resolution records which criteria were met at invocation (`upper`,
//! `lower`). They are never checked again: a half whose criterion was met
//! resolves even after the upper half changed the counts. The upper half
//! resolves fully, then the lower.
//!
//! Registers: `step` is the half (0 upper, 1 lower, 2 over), `count` the
//! part within it, `count2` the moves made so far in a part of moves, and
//! `option` is 1 once that part's combat move has been used.

use crate::board::Rank::{self, Common as C, Heroic as H};
use crate::cards::{CardDef, FlareThresholds};
use crate::choice::Choice;
use crate::effect::{push_moves, push_squares, Ask, MoveKind, Resolution, Script};
use crate::game::Game;
use crate::geometry::{Bitboard, Square};
use crate::step::Step;

pub static CARDS: [CardDef; 12] = [
    flare(
        "flares.01",
        "Flare 01",
        3,
        6,
        "Upper (3 more upgraded): place a common piece on an empty square. Lower (6 more pieces): place a heroic piece on an empty square.",
    ),
    flare(
        "flares.02",
        "Flare 02",
        4,
        4,
        "Upper (4 more upgraded): place a common piece on an empty square. Lower (4 more pieces): place a common piece on an empty square.",
    ),
    flare(
        "flares.03",
        "Flare 03",
        3,
        5,
        "Upper (3 more upgraded): up to 3 standard moves, each by any of your common pieces. Lower (5 more pieces): gain an action.",
    ),
    flare(
        "flares.04",
        "Flare 04",
        4,
        5,
        "Upper (4 more upgraded): place a common piece on an empty square. Lower (5 more pieces): place a common piece on an empty square, or convert an enemy common piece.",
    ),
    flare(
        "flares.05",
        "Flare 05",
        3,
        6,
        "Upper (3 more upgraded): one of your common pieces makes a standard move, or upgrade one of your common pieces. Lower (6 more pieces): place two common pieces on empty squares.",
    ),
    flare(
        "flares.06",
        "Flare 06",
        4,
        4,
        "Upper (4 more upgraded): place a common piece on an empty square, or upgrade one of your common pieces. Lower (4 more pieces): one of your common pieces may make a combat leap.",
    ),
    flare(
        "flares.07",
        "Flare 07",
        4,
        6,
        "Upper (4 more upgraded): place a common piece on an empty square. Lower (6 more pieces): upgrade one of your common pieces and gain an action.",
    ),
    flare(
        "flares.08",
        "Flare 08",
        4,
        5,
        "Upper (4 more upgraded): gain an action. Lower (5 more pieces): place a common piece on an empty square.",
    ),
    flare(
        "flares.09",
        "Flare 09",
        5,
        4,
        "Upper (5 more upgraded): place a heroic piece on an empty square. Lower (4 more pieces): your common pieces may make a standard move and a combat move, in either order (one piece both, or two pieces one each).",
    ),
    flare(
        "flares.10",
        "Flare 10",
        5,
        5,
        "Upper (5 more upgraded): place two common pieces on empty squares. Lower (5 more pieces): place a common piece on an empty square.",
    ),
    flare(
        "flares.11",
        "Flare 11",
        3,
        4,
        "Upper (3 more upgraded): place a common piece on an empty square. Lower (4 more pieces): your non-legendary pieces may make a combat move, or up to two standard moves.",
    ),
    flare(
        "flares.12",
        "Flare 12",
        2,
        5,
        "Upper (2 more upgraded): one of your common pieces may make a standard leap. Lower (5 more pieces): gain an action.",
    ),
];

/// The halves of each flare (upper, lower), in the order of [`CARDS`].
static HALVES: [[&[Part]; 2]; 12] = [
    [&[PLACE], &[Part::Place(H)]],
    [&[PLACE], &[PLACE]],
    [&[THREE_STANDARD_MOVES], &[Part::GainAction]],
    [&[PLACE], &[Part::OneOf(Step::FlaresPlaceOrConvert, &[PLACE, Part::Convert])]],
    [&[Part::OneOf(Step::FlaresMoveOrUpgrade, &[ONE_STANDARD_MOVE, Part::Upgrade])], &[PLACE, PLACE]],
    [&[Part::OneOf(Step::FlaresPlaceOrUpgrade, &[PLACE, Part::Upgrade])], &[COMBAT_LEAP]],
    [&[PLACE], &[Part::Upgrade, Part::GainAction]],
    [&[Part::GainAction], &[PLACE]],
    [&[Part::Place(H)], &[STANDARD_AND_COMBAT_MOVE]],
    [&[PLACE, PLACE], &[PLACE]],
    [&[PLACE], &[COMBAT_OR_TWO_STANDARD_MOVES]],
    [&[STANDARD_LEAP], &[Part::GainAction]],
];

const fn flare(id: &'static str, name: &'static str, upper: u8, lower: u8, text: &'static str) -> CardDef {
    CardDef {
        id,
        name,
        rank: C,
        pattern: &[],
        marked: &[],
        arrows: &[],
        flare: Some(FlareThresholds { upper, lower }),
        text,
        script: Script { ask: flare_ask, apply: flare_apply },
    }
}

/// One mandatory or optional part of a flare's half.
#[derive(Copy, Clone)]
enum Part {
    /// Place a piece of this rank from your supply on any empty square
    /// (never the piece-shortage pick-up: without a piece, nothing happens).
    Place(Rank),
    /// Upgrade one of your common pieces.
    Upgrade,
    /// Convert an enemy common piece (of any opponent) into your common piece.
    Convert,
    GainAction,
    /// Optional moves or leaps by your pieces; inside [`Part::OneOf`] the
    /// chosen alternative is mandatory.
    Moves(Moves),
    /// Mandatory: exactly one of these alternatives, each a single choice.
    /// Their choices never overlap (empty squares, your pieces, enemy
    /// pieces, moves), so they are offered together and the choice says
    /// which alternative was taken. The step asks for all of them.
    OneOf(Step, &'static [Part]),
}

/// A part made of moves or leaps.
#[derive(Copy, Clone)]
struct Moves {
    /// Your pieces of this rank or lower may make them.
    by: Rank,
    /// Leaps to any square of the board rather than moves to adjacent ones.
    leap: bool,
    most: u8,
    combat: Combat,
    /// What the part asks (a `flares.` step: the same words whichever flare).
    step: Step,
}

/// Which of a part's moves may be combat moves.
///
/// Only a move that ends on a piece of the mover's own rank needs to be a
/// combat move: any other legal move is a standard move too, so it is
/// counted as one, which leaves the player every option the card gives.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Combat {
    Never,
    /// One of the moves may be a combat move (Flare 09: one standard and
    /// one combat, in either order; Flare 06: a single combat leap).
    Once,
    /// A combat move instead of all the standard moves (Flare 11): only as
    /// the first move, and it ends the part.
    Instead,
}

const PLACE: Part = Part::Place(C);

const THREE_STANDARD_MOVES: Part =
    Part::Moves(Moves { by: C, leap: false, most: 3, combat: Combat::Never, step: Step::FlaresStandardMoves });

const ONE_STANDARD_MOVE: Part =
    Part::Moves(Moves { by: C, leap: false, most: 1, combat: Combat::Never, step: Step::FlaresStandardMove });

const COMBAT_LEAP: Part =
    Part::Moves(Moves { by: C, leap: true, most: 1, combat: Combat::Once, step: Step::FlaresCombatLeap });

const STANDARD_AND_COMBAT_MOVE: Part =
    Part::Moves(Moves { by: C, leap: false, most: 2, combat: Combat::Once, step: Step::FlaresStandardAndCombatMove });

const COMBAT_OR_TWO_STANDARD_MOVES: Part = Part::Moves(Moves {
    by: H,
    leap: false,
    most: 2,
    combat: Combat::Instead,
    step: Step::FlaresCombatOrStandardMoves,
});

const STANDARD_LEAP: Part =
    Part::Moves(Moves { by: C, leap: true, most: 1, combat: Combat::Never, step: Step::FlaresStandardLeap });

/// The part now resolving; `None` once the current half is over or when its
/// criterion was not met.
fn current(r: &Resolution) -> Option<Part> {
    let half = HALVES.get(r.card.index())?.get(r.step as usize)?;
    let met = if r.step == 0 { r.upper } else { r.lower };
    half.get(r.count as usize).copied().filter(|_| met)
}

fn flare_ask(g: &Game, r: &Resolution, out: &mut Vec<Choice>) -> Ask {
    if r.step >= 2 {
        return Ask::Done;
    }
    let Some(part) = current(r) else {
        return Ask::Auto;
    };
    choices(g, r, part, out);
    Ask::Choose(match part {
        Part::GainAction => return Ask::Auto,
        Part::Place(C) => Step::FlaresPlaceCommon,
        // the only other rank a flare places
        Part::Place(_) => Step::FlaresPlaceHeroic,
        Part::Upgrade => Step::FlaresUpgrade,
        Part::Convert => Step::FlaresConvert,
        Part::OneOf(step, _) => step,
        Part::Moves(m) => {
            out.push(Choice::Skip);
            m.step
        }
    })
}

fn flare_apply(g: &mut Game, r: &mut Resolution, c: Choice) {
    let Some(part) = current(r) else {
        r.step = (r.step + 1).min(2);
        r.count = 0;
        return;
    };
    if resolve(g, r, part, c) {
        r.count += 1;
        r.count2 = 0;
        r.option = 0;
    }
}

/// The choices of a part (without `Skip`); none when it cannot be done.
fn choices(g: &Game, r: &Resolution, part: Part, out: &mut Vec<Choice>) {
    let b = g.board();
    let mine = b.of_color(r.color);
    match part {
        Part::Place(rank) => {
            if g.supply(r.color, rank) > 0 {
                push_squares(out, b.empty_squares());
            }
        }
        Part::Upgrade => push_squares(out, mine & b.of_rank(C)),
        Part::Convert => {
            if g.supply(r.color, C) > 0 {
                push_squares(out, b.of_rank(C) & !mine);
            }
        }
        Part::GainAction => {}
        Part::Moves(m) => {
            for from in b.of_color_at_most(r.color, m.by).squares() {
                push_moves(out, from, targets(g, r, m, from));
            }
        }
        Part::OneOf(_, alternatives) => {
            for &alt in alternatives {
                choices(g, r, alt, out);
            }
        }
    }
}

/// Where the piece on `from` may go with the part's next move.
fn targets(g: &Game, r: &Resolution, m: Moves, from: Square) -> Bitboard {
    let combat = match m.combat {
        Combat::Never => false,
        Combat::Once => r.option == 0,
        Combat::Instead => r.count2 == 0,
    };
    let kind = if combat { MoveKind::Combat } else { MoveKind::Standard };
    if m.leap {
        g.leap_targets(from, kind)
    } else {
        g.move_targets(from, kind)
    }
}

/// Carries out one choice of a part; true when the part is over. `Skip`
/// ends a part: it was declined, or it could not be done.
fn resolve(g: &mut Game, r: &mut Resolution, part: Part, c: Choice) -> bool {
    match (part, c) {
        (Part::Place(rank), Choice::Square(sq)) if g.board().get(sq).is_none() => {
            g.fx_place(r.color, rank, sq);
        }
        (Part::Upgrade, Choice::Square(sq)) => {
            g.fx_upgrade(sq);
        }
        (Part::Convert, Choice::Square(sq)) => {
            g.fx_convert(r, r.color, sq, None);
        }
        (Part::GainAction, _) => g.gain_action(),
        (Part::Moves(m), Choice::Move { from, to }) => {
            let Some(mover) = g.board().get(from) else {
                return true;
            };
            let combat = g.board().get(to).is_some_and(|p| p.rank == mover.rank);
            g.fx_move(r, from, to);
            r.count2 += 1;
            if combat {
                r.option = 1;
            }
            return r.count2 >= m.most || (combat && m.combat == Combat::Instead);
        }
        (Part::OneOf(_, alternatives), c) => {
            let mut listed = Vec::new();
            for &alt in alternatives {
                listed.clear();
                choices(g, r, alt, &mut listed);
                if listed.contains(&c) {
                    resolve(g, r, alt, c);
                    break;
                }
            }
        }
        _ => {}
    }
    true
}
