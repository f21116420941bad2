//! The tasks of the High Form: static definitions, their criteria, the task
//! deck and the task board.
//!
//! A task is judged at the end of the claimer's turn. Three types (squares,
//! formation, enemy) are judged on the board alone, as pure functions of
//! the board, the claimer's color and the enemy colors; the other two
//! (summon, destroy) count what happened this turn, from the [`Turn`]
//! record. Every rule that needs "the enemy" takes the enemy colors as a
//! list: in the High Form that is always the one opposing color.

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Color, Rank, CENTRAL_SQUARES, GREEN_SQUARES, RED_SQUARES};
use crate::game::{Form, Turn};
use crate::geometry::{Bitboard, Square};
use crate::pile::copy_list;

/// The symbol in a task's upper left corner.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskType {
    /// Pieces on the red and green squares.
    Squares,
    /// Your pieces in a configuration on the board.
    Formation,
    /// Your pieces in a configuration around an enemy piece.
    Enemy,
    /// Beings summoned this turn.
    Summon,
    /// Enemy pieces destroyed this turn.
    Destroy,
}

impl TaskType {
    pub const ALL: [TaskType; 5] =
        [TaskType::Squares, TaskType::Formation, TaskType::Enemy, TaskType::Summon, TaskType::Destroy];

    pub fn name(self) -> &'static str {
        match self {
            TaskType::Squares => "squares",
            TaskType::Formation => "formation",
            TaskType::Enemy => "enemy",
            TaskType::Summon => "summon",
            TaskType::Destroy => "destroy",
        }
    }

    /// Whether tasks of this type are judged on the board alone.
    pub fn is_board_judged(self) -> bool {
        matches!(self, TaskType::Squares | TaskType::Formation | TaskType::Enemy)
    }
}

impl fmt::Display for TaskType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a task asks for.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Criterion {
    /// At least `total` enemy pieces destroyed by you this turn, at least
    /// `upgraded` of them heroic or legendary when destroyed.
    Destroyed {
        total: u32,
        upgraded: u32,
    },
    /// At least 1 enemy legendary piece, or at least 2 enemy heroic pieces,
    /// destroyed by you this turn.
    EndOfLegends,
    /// At least `pieces` of your pieces on `area`, at least `upgraded` of
    /// them upgraded.
    Occupy {
        area: Bitboard,
        pieces: u32,
        upgraded: u32,
    },
    /// At least 2 of your upgraded pieces on `area`, at least 1 of them
    /// legendary.
    LegendsOn {
        area: Bitboard,
    },
    /// More upgraded pieces than the enemy on the red squares, and on the
    /// green squares.
    RainbowDominance,
    /// At least `beings` beings summoned this turn, at least `on_area` of
    /// them on `area`, at least `legends` of them legends.
    Summoned {
        beings: u32,
        area: Bitboard,
        on_area: u32,
        legends: u32,
    },
    CenterCross,
    LineDominance,
    Diagonals,
    /// A chain of your pieces from one region of a pair to the other.
    Chain {
        ends: [(Bitboard, Bitboard); 2],
    },
    /// An enemy piece with at least this many adjacent squares holding
    /// your pieces.
    Surrounded {
        adjacent: u32,
    },
    Isolation,
}

/// The static definition of one task card.
pub struct TaskDef {
    /// The reference id, e.g. `tasks.center_cross`.
    pub id: &'static str,
    pub name: &'static str,
    pub kind: TaskType,
    /// Advanced tasks (orange cards) are left out of the first game and
    /// of the first three current tasks.
    pub advanced: bool,
    pub points: u8,
    /// The criterion in our own short words.
    pub text: &'static str,
    pub(crate) criterion: Criterion,
}

impl fmt::Debug for TaskDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

const fn region(names: &[&str]) -> Bitboard {
    let mut b = 0u128;
    let mut i = 0;
    while i < names.len() {
        let n = names[i].as_bytes();
        match Square::new((n[0] - b'a') as i8, (n[1] - b'1') as i8) {
            Some(s) => b |= s.bb().0,
            None => panic!("not a square"),
        }
        i += 1;
    }
    Bitboard(b)
}

const fn or(a: Bitboard, b: Bitboard) -> Bitboard {
    Bitboard(a.0 | b.0)
}

/// A full row (0 = row 1) or column (0 = column a) of playable squares.
const fn line(row: Option<i8>, column: Option<i8>) -> Bitboard {
    let mut b = 0u128;
    let mut k = 0;
    while k < 9 {
        let sq = match (row, column) {
            (Some(r), _) => Square::new(k, r),
            (_, Some(c)) => Square::new(c, k),
            _ => None,
        };
        if let Some(s) = sq {
            b |= s.bb().0;
        }
        k += 1;
    }
    Bitboard(b)
}

const WEST: Bitboard = region(&["a3", "a4", "a5", "a6", "a7"]);
const EAST: Bitboard = region(&["i3", "i4", "i5", "i6", "i7"]);
const SOUTH: Bitboard = region(&["c1", "d1", "e1", "f1", "g1"]);
const NORTH: Bitboard = region(&["c9", "d9", "e9", "f9", "g9"]);
const SOUTH_WEST: Bitboard = region(&["a3", "b2", "c1"]);
const NORTH_EAST: Bitboard = region(&["g9", "h8", "i7"]);
const NORTH_WEST: Bitboard = region(&["a7", "b8", "c9"]);
const SOUTH_EAST: Bitboard = region(&["g1", "h2", "i3"]);
const CROSS_PLUS: Bitboard = region(&["e5", "d5", "f5", "e4", "e6"]);
const CROSS_X: Bitboard = region(&["e5", "d4", "f4", "d6", "f6"]);
const DIAGONAL_RISING: Bitboard = region(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
const DIAGONAL_FALLING: Bitboard = region(&["b8", "c7", "d6", "e5", "f4", "g3", "h2"]);
/// Rows 4, 5, 6 and columns d, e, f: the lines through the central squares.
const CENTRAL_LINES: [Bitboard; 6] = [
    line(Some(3), None),
    line(Some(4), None),
    line(Some(5), None),
    line(None, Some(3)),
    line(None, Some(4)),
    line(None, Some(5)),
];
const COLORED: Bitboard = or(RED_SQUARES, GREEN_SQUARES);

use Criterion as K;
use TaskType as T;

/// The 24 tasks, in the order of the card reference.
pub static TASKS: [TaskDef; 24] = [
    TaskDef {
        id: "tasks.destruction",
        name: "Destruction",
        kind: T::Destroy,
        advanced: false,
        points: 1,
        text: "This turn you destroyed 3 or more enemy pieces.",
        criterion: K::Destroyed { total: 3, upgraded: 0 },
    },
    TaskDef {
        id: "tasks.devastation",
        name: "Devastation",
        kind: T::Destroy,
        advanced: false,
        points: 2,
        text: "This turn you destroyed 4 or more enemy pieces.",
        criterion: K::Destroyed { total: 4, upgraded: 0 },
    },
    TaskDef {
        id: "tasks.heroic_destruction",
        name: "Heroic Destruction",
        kind: T::Destroy,
        advanced: false,
        points: 2,
        text: "This turn you destroyed 3 or more enemy pieces, 1 or more of them upgraded at the time.",
        criterion: K::Destroyed { total: 3, upgraded: 1 },
    },
    TaskDef {
        id: "tasks.heroic_devastation",
        name: "Heroic Devastation",
        kind: T::Destroy,
        advanced: true,
        points: 3,
        text: "This turn you destroyed 4 or more enemy pieces, 2 or more of them upgraded at the time.",
        criterion: K::Destroyed { total: 4, upgraded: 2 },
    },
    TaskDef {
        id: "tasks.end_of_legends",
        name: "End of Legends",
        kind: T::Destroy,
        advanced: true,
        points: 2,
        text: "This turn you destroyed an enemy legendary piece, or 2 or more enemy heroic pieces.",
        criterion: K::EndOfLegends,
    },
    TaskDef {
        id: "tasks.red_conquest",
        name: "Red Conquest",
        kind: T::Squares,
        advanced: false,
        points: 2,
        text: "3 or more of your pieces on red squares, 2 or more of them upgraded.",
        criterion: K::Occupy { area: RED_SQUARES, pieces: 3, upgraded: 2 },
    },
    TaskDef {
        id: "tasks.green_conquest",
        name: "Green Conquest",
        kind: T::Squares,
        advanced: false,
        points: 2,
        text: "3 or more of your pieces on green squares, 2 or more of them upgraded.",
        criterion: K::Occupy { area: GREEN_SQUARES, pieces: 3, upgraded: 2 },
    },
    TaskDef {
        id: "tasks.color_conquest",
        name: "Color Conquest",
        kind: T::Squares,
        advanced: false,
        points: 3,
        text: "5 or more of your pieces on red or green squares, 3 or more of them upgraded.",
        criterion: K::Occupy { area: COLORED, pieces: 5, upgraded: 3 },
    },
    TaskDef {
        id: "tasks.red_legends",
        name: "Red Legends",
        kind: T::Squares,
        advanced: true,
        points: 3,
        text: "2 or more of your upgraded pieces on red squares, 1 or more of them legendary.",
        criterion: K::LegendsOn { area: RED_SQUARES },
    },
    TaskDef {
        id: "tasks.green_legends",
        name: "Green Legends",
        kind: T::Squares,
        advanced: true,
        points: 3,
        text: "2 or more of your upgraded pieces on green squares, 1 or more of them legendary.",
        criterion: K::LegendsOn { area: GREEN_SQUARES },
    },
    TaskDef {
        id: "tasks.rainbow_dominance",
        name: "Rainbow Dominance",
        kind: T::Squares,
        advanced: false,
        points: 2,
        text: "More upgraded pieces than the opponent on the red squares, and more on the green squares.",
        criterion: K::RainbowDominance,
    },
    TaskDef {
        id: "tasks.red_summoning",
        name: "Red Summoning",
        kind: T::Summon,
        advanced: false,
        points: 1,
        text: "This turn you summoned 2 or more beings, 1 or more of them on a red square.",
        criterion: K::Summoned { beings: 2, area: RED_SQUARES, on_area: 1, legends: 0 },
    },
    TaskDef {
        id: "tasks.green_summoning",
        name: "Green Summoning",
        kind: T::Summon,
        advanced: false,
        points: 1,
        text: "This turn you summoned 2 or more beings, 1 or more of them on a green square.",
        criterion: K::Summoned { beings: 2, area: GREEN_SQUARES, on_area: 1, legends: 0 },
    },
    TaskDef {
        id: "tasks.colored_summoning",
        name: "Colored Summoning",
        kind: T::Summon,
        advanced: false,
        points: 2,
        text: "This turn you summoned 2 or more beings on red or green squares (the same square twice counts).",
        criterion: K::Summoned { beings: 2, area: COLORED, on_area: 2, legends: 0 },
    },
    TaskDef {
        id: "tasks.legendary_summoning",
        name: "Legendary Summoning",
        kind: T::Summon,
        advanced: true,
        points: 2,
        text: "This turn you summoned 2 or more beings, 1 or more of them a legend.",
        criterion: K::Summoned { beings: 2, area: Bitboard::EMPTY, on_area: 0, legends: 1 },
    },
    TaskDef {
        id: "tasks.central_dominance",
        name: "Central Dominance",
        kind: T::Formation,
        advanced: false,
        points: 1,
        text: "5 or more of your pieces on the central squares d4-f6, 2 or more of them upgraded.",
        criterion: K::Occupy { area: CENTRAL_SQUARES, pieces: 5, upgraded: 2 },
    },
    TaskDef {
        id: "tasks.center_cross",
        name: "Center Cross",
        kind: T::Formation,
        advanced: false,
        points: 2,
        text: "Your pieces on all of e5, d5, f5, e4, e6, or on all of e5, d4, f4, d6, f6.",
        criterion: K::CenterCross,
    },
    TaskDef {
        id: "tasks.line_dominance",
        name: "Line Dominance",
        kind: T::Formation,
        advanced: false,
        points: 2,
        text: "On one of rows 4, 5, 6 or columns d, e, f, you have 6 or more pieces more than the opponent.",
        criterion: K::LineDominance,
    },
    TaskDef {
        id: "tasks.diagonals",
        name: "Diagonals",
        kind: T::Formation,
        advanced: true,
        points: 3,
        text: "On each long diagonal (b2-h8 and b8-h2), 4 or more of your pieces, 1 or more of them upgraded.",
        criterion: K::Diagonals,
    },
    TaskDef {
        id: "tasks.side_chain",
        name: "Side Chain",
        kind: T::Formation,
        advanced: false,
        points: 3,
        text: "A chain of your adjacent pieces from a square of one board side to a square of the opposite side.",
        criterion: K::Chain { ends: [(WEST, EAST), (SOUTH, NORTH)] },
    },
    TaskDef {
        id: "tasks.corner_chain",
        name: "Corner Chain",
        kind: T::Formation,
        advanced: false,
        points: 3,
        text: "A chain of your adjacent pieces from a cut corner's squares to the opposite cut corner's squares.",
        criterion: K::Chain { ends: [(SOUTH_WEST, NORTH_EAST), (NORTH_WEST, SOUTH_EAST)] },
    },
    TaskDef {
        id: "tasks.imprisonment",
        name: "Imprisonment",
        kind: T::Enemy,
        advanced: false,
        points: 1,
        text: "An enemy piece with your pieces on 6 or more of its adjacent squares.",
        criterion: K::Surrounded { adjacent: 6 },
    },
    TaskDef {
        id: "tasks.envelopment",
        name: "Envelopment",
        kind: T::Enemy,
        advanced: true,
        points: 2,
        text: "An enemy piece with your pieces on 7 or more of its adjacent squares.",
        criterion: K::Surrounded { adjacent: 7 },
    },
    TaskDef {
        id: "tasks.isolation",
        name: "Isolation",
        kind: T::Enemy,
        advanced: true,
        points: 2,
        text: "An enemy piece that is exactly 2 squares from another enemy piece and could not get next to any other enemy piece in 3 moves through empty squares.",
        criterion: K::Isolation,
    },
];

/// A task card: an index into [`TASKS`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TaskId(u8);

impl TaskId {
    pub fn def(self) -> &'static TaskDef {
        &TASKS[self.0 as usize]
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Every task, in the order of the card reference.
    pub fn all() -> impl Iterator<Item = TaskId> {
        (0..TASKS.len() as u8).map(TaskId)
    }

    /// Looks a task up by its id, e.g. `tasks.center_cross`.
    pub fn parse(id: &str) -> Option<TaskId> {
        TaskId::all().find(|t| t.def().id == id)
    }

    pub fn kind(self) -> TaskType {
        self.def().kind
    }

    pub fn points(self) -> u8 {
        self.def().points
    }

    pub fn is_advanced(self) -> bool {
        self.def().advanced
    }

    /// Whether `me` meets this task on `board` against `enemies`; `None`
    /// for the tasks that count what happened during a turn.
    pub fn met_on_board(self, board: &Board, me: Color, enemies: &[Color]) -> Option<bool> {
        let enemy = enemies.iter().fold(Bitboard::EMPTY, |b, &c| b | board.of_color(c));
        let enemy_upgraded = enemies.iter().fold(Bitboard::EMPTY, |b, &c| b | board.of_color_at_least(c, Rank::Heroic));
        let mine = board.of_color(me);
        let upgraded = board.of_color_at_least(me, Rank::Heroic);
        let legendary = board.of_color_at_least(me, Rank::Legendary);
        Some(match self.def().criterion {
            K::Occupy { area, pieces, upgraded: up } => {
                (mine & area).count() >= pieces && (upgraded & area).count() >= up
            }
            K::LegendsOn { area } => (upgraded & area).count() >= 2 && !(legendary & area).is_empty(),
            K::RainbowDominance => [RED_SQUARES, GREEN_SQUARES]
                .iter()
                .all(|&area| (upgraded & area).count() > (enemy_upgraded & area).count()),
            K::CenterCross => [CROSS_PLUS, CROSS_X].iter().any(|&shape| (mine & shape) == shape),
            K::LineDominance => {
                CENTRAL_LINES.iter().any(|&l| (mine & l).count() as i32 - (enemy & l).count() as i32 >= 6)
            }
            K::Diagonals => [DIAGONAL_RISING, DIAGONAL_FALLING]
                .iter()
                .all(|&d| (mine & d).count() >= 4 && !(upgraded & d).is_empty()),
            K::Chain { ends } => ends.iter().any(|&(a, b)| !(chained(mine, mine & a) & b).is_empty()),
            K::Surrounded { adjacent } => enemy.squares().any(|p| (p.neighbours() & mine).count() >= adjacent),
            K::Isolation => isolated_enemy(board, enemy),
            K::Destroyed { .. } | K::EndOfLegends | K::Summoned { .. } => return None,
        })
    }

    /// How far `me` is on `board` towards meeting this board-judged task,
    /// from 0 to 1 (1 exactly when [`TaskId::met_on_board`] says it is
    /// met); `None` for the tasks that count what happened during a turn.
    /// A rough measure for computer players: the share of the pieces the
    /// task asks for that stand where it wants them (for the enemy tasks,
    /// the nearest enemy piece to surrounding; an isolation or a chain
    /// counts only when made).
    pub fn progress(self, board: &Board, me: Color, enemies: &[Color]) -> Option<f64> {
        let met = self.met_on_board(board, me, enemies)?;
        if met {
            return Some(1.0);
        }
        let enemy = enemies.iter().fold(Bitboard::EMPTY, |b, &c| b | board.of_color(c));
        let enemy_upgraded = enemies.iter().fold(Bitboard::EMPTY, |b, &c| b | board.of_color_at_least(c, Rank::Heroic));
        let mine = board.of_color(me);
        let upgraded = board.of_color_at_least(me, Rank::Heroic);
        let legendary = board.of_color_at_least(me, Rank::Legendary);
        let share = |have: u32, need: u32| have.min(need) as f64 / need.max(1) as f64;
        // short of meeting it: below 1 whatever the counts say
        let cap = |x: f64| x.min(0.95);
        Some(cap(match self.def().criterion {
            K::Occupy { area, pieces, upgraded: up } => {
                let n = pieces + up;
                ((mine & area).count().min(pieces) + (upgraded & area).count().min(up)) as f64 / n.max(1) as f64
            }
            K::LegendsOn { area } => {
                ((upgraded & area).count().min(2) + (legendary & area).count().min(1)) as f64 / 3.0
            }
            K::RainbowDominance => {
                let one = |area: Bitboard| share((upgraded & area).count(), (enemy_upgraded & area).count() + 1);
                (one(RED_SQUARES) + one(GREEN_SQUARES)) / 2.0
            }
            K::CenterCross => [CROSS_PLUS, CROSS_X]
                .iter()
                .map(|&shape| share((mine & shape).count(), shape.count()))
                .fold(0.0, f64::max),
            K::LineDominance => CENTRAL_LINES
                .iter()
                .map(|&l| ((mine & l).count() as f64 - (enemy & l).count() as f64).clamp(0.0, 6.0) / 6.0)
                .fold(0.0, f64::max),
            K::Diagonals => {
                let one = |d: Bitboard| ((mine & d).count().min(4) + (upgraded & d).count().min(1)) as f64 / 5.0;
                (one(DIAGONAL_RISING) + one(DIAGONAL_FALLING)) / 2.0
            }
            K::Surrounded { adjacent } => {
                enemy.squares().map(|p| share((p.neighbours() & mine).count(), adjacent)).fold(0.0, f64::max)
            }
            K::Chain { .. } | K::Isolation => 0.0,
            K::Destroyed { .. } | K::EndOfLegends | K::Summoned { .. } => return None,
        }))
    }

    /// Whether `me` meets this task at the end of a turn: on `board`, with
    /// `turn` the record of the turn `me` is ending.
    pub fn met(self, board: &Board, me: Color, enemies: &[Color], turn: &Turn) -> bool {
        if let Some(met) = self.met_on_board(board, me, enemies) {
            return met;
        }
        match self.def().criterion {
            K::Destroyed { total, upgraded } => {
                let [common, heroic, legendary] = destroyed_by_rank(turn, enemies);
                common + heroic + legendary >= total && heroic + legendary >= upgraded
            }
            K::EndOfLegends => {
                let [_, heroic, legendary] = destroyed_by_rank(turn, enemies);
                legendary >= 1 || heroic >= 2
            }
            K::Summoned { beings, area, on_area, legends } => {
                let s = &turn.summoned;
                s.len() as u32 >= beings
                    && s.iter().filter(|x| area.contains(x.at)).count() as u32 >= on_area
                    && s.iter().filter(|x| x.is_legend()).count() as u32 >= legends
            }
            _ => false,
        }
    }
}

/// Enemy pieces destroyed by the active player this turn, by rank.
fn destroyed_by_rank(turn: &Turn, enemies: &[Color]) -> [u32; 3] {
    let mut n = [0u32; 3];
    for &c in enemies {
        for r in Rank::ALL {
            n[r.index()] += turn.destroyed[c.index()][r.index()] as u32;
        }
    }
    n
}

/// The squares adjacent to any square of `b`, and `b` itself.
fn grow(b: Bitboard) -> Bitboard {
    let mut out = b;
    for dx in -1..=1 {
        for dy in -1..=1 {
            out |= b.shift(dx, dy);
        }
    }
    out
}

/// The pieces of `pieces` linked to `start` by chains of adjacent pieces.
fn chained(pieces: Bitboard, start: Bitboard) -> Bitboard {
    let mut reached = start & pieces;
    loop {
        let more = grow(reached) & pieces;
        if more == reached {
            return reached;
        }
        reached = more;
    }
}

/// Isolation: some enemy piece P, with another enemy piece at distance
/// exactly 2, that cannot come next to any other enemy piece in up to 3
/// moves through empty squares (its own square counts as a start).
fn isolated_enemy(board: &Board, enemy: Bitboard) -> bool {
    let empty = board.empty_squares();
    enemy.squares().any(|p| {
        let others = {
            let mut o = enemy;
            o.remove(p);
            o
        };
        if !others.squares().any(|q| p.distance(q) == 2) {
            return false;
        }
        let mut reached = p.bb();
        for _ in 0..3 {
            reached |= grow(reached) & empty;
        }
        (grow(reached) & others).is_empty()
    })
}

impl fmt::Debug for TaskId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().id)
    }
}

impl fmt::Display for TaskId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def().id)
    }
}

impl Serialize for TaskId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.def().id)
    }
}

impl<'de> Deserialize<'de> for TaskId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TaskId, D::Error> {
        let s = String::deserialize(d)?;
        TaskId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown task id {s:?}")))
    }
}

/// The board-judged tasks (squares, formation, enemy) that `me` meets on
/// `board` against `enemies`, in alphabetical order of their ids.
pub fn tasks_met_on_board(board: &Board, me: Color, enemies: &[Color]) -> Vec<TaskId> {
    let mut v: Vec<TaskId> = TaskId::all().filter(|t| t.met_on_board(board, me, enemies) == Some(true)).collect();
    v.sort_by_key(|t| t.def().id);
    v
}

/// The colors other than `me` with pieces on `board`.
pub fn enemies_on_board(board: &Board, me: Color) -> Vec<Color> {
    Color::ALL.into_iter().filter(|&c| c != me && board.total(c) > 0).collect()
}

/// A list of tasks; there are 24.
pub type TaskList = crate::pile::List<TaskId>;

/// The task deck: known tasks on top, a shuffled middle (a draw from it is
/// a chance event) and known tasks moved to the bottom. Never sideways.
pub type TaskDeck = crate::pile::Pile<TaskId>;

/// The task board: the current tasks, the face-up next task on the deck,
/// and the tasks each seat has claimed.
#[derive(PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TaskBoard {
    /// The current tasks, each in its place on the board.
    pub current: ArrayVec<TaskId, 3>,
    /// The face-up top card of the deck, which replaces a claimed task.
    pub next: Option<TaskId>,
    /// The deck under the next task.
    pub deck: TaskDeck,
    /// Claimed tasks, by seat, in the order claimed.
    pub claimed: [TaskList; 4],
    /// During setup: tasks turned up and put aside, to be shuffled back.
    pub set_aside: TaskList,
    /// Cards turned up as the next task and moved to the bottom in a row,
    /// so that the search stops after one pass through the deck.
    pub moved_to_bottom: u8,
}

// written out: each list one block copy (see `pile::copy_list`)
impl Clone for TaskBoard {
    #[inline]
    fn clone(&self) -> TaskBoard {
        TaskBoard {
            current: copy_list(&self.current),
            deck: self.deck.clone(),
            claimed: [0, 1, 2, 3].map(|i| copy_list(&self.claimed[i])),
            set_aside: copy_list(&self.set_aside),
            ..*self
        }
    }
}

impl TaskBoard {
    /// A shuffled deck of every task, or only the non-advanced ones.
    pub fn new(advanced: bool) -> TaskBoard {
        TaskBoard {
            deck: TaskDeck::shuffled(TaskId::all().filter(|t| advanced || !t.is_advanced())),
            ..TaskBoard::default()
        }
    }

    /// The face-up tasks: the current ones and the next task.
    pub fn face_up(&self) -> impl Iterator<Item = TaskId> + '_ {
        self.current.iter().copied().chain(self.next)
    }

    /// Whether turning `task` face up would make three face-up tasks of one type.
    pub fn makes_three_of_a_type(&self, task: TaskId) -> bool {
        self.face_up().filter(|t| t.kind() == task.kind()).count() >= 2
    }

    /// Whether `task` may join the first three current tasks: in the High
    /// Form no advanced task, and not a third of one type; in the first
    /// game worth 1 or 2 points and of a type not yet there.
    pub fn fits_opening(&self, task: TaskId, form: Form) -> bool {
        if form == Form::FirstGame {
            task.points() <= 2 && !self.current.iter().any(|t| t.kind() == task.kind())
        } else {
            let third_of_a_type = self.current.len() == 2 && self.makes_three_of_a_type(task);
            !task.is_advanced() && !third_of_a_type
        }
    }

    /// Points of the tasks a seat has claimed.
    pub fn points(&self, seat: usize) -> i16 {
        self.claimed.get(seat).map_or(0, |l| l.iter().map(|t| t.points() as i16).sum())
    }

    /// Every task on the board, the deck and the claimed piles.
    pub fn all_tasks(&self) -> impl Iterator<Item = TaskId> + '_ {
        self.face_up()
            .chain(self.deck.cards())
            .chain(self.claimed.iter().flatten().copied())
            .chain(self.set_aside.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_parse_back() {
        for t in TaskId::all() {
            assert_eq!(TaskId::parse(t.def().id), Some(t));
            assert!(t.def().id.starts_with("tasks."));
        }
        assert_eq!(TaskId::all().count(), 24);
        assert_eq!(TaskId::all().filter(|t| t.is_advanced()).count(), 8);
        assert_eq!(TaskId::parse("tasks.nothing"), None);
    }

    /// Boards with pieces of two colors dealt at random (a small LCG).
    fn random_boards(n: usize) -> Vec<Board> {
        let mut x = 12345u64;
        let mut next = |m: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        let squares: Vec<Square> = crate::geometry::ON_BOARD.squares().collect();
        (0..n)
            .map(|_| {
                let mut b = Board::empty();
                for _ in 0..next(40) {
                    let sq = squares[next(squares.len() as u64) as usize];
                    let color = Color::ALL[next(2) as usize];
                    let rank = Rank::ALL[[0, 0, 0, 0, 1, 1, 2][next(7) as usize]];
                    b.set(sq, Some(crate::board::Piece { color, rank }));
                }
                b
            })
            .collect()
    }

    #[test]
    fn progress_is_one_exactly_when_a_board_task_is_met() {
        let (me, enemy) = (Color::ALL[0], Color::ALL[1]);
        let mut met = 0;
        for b in random_boards(400) {
            for t in TaskId::all() {
                let p = t.progress(&b, me, &[enemy]);
                match t.met_on_board(&b, me, &[enemy]) {
                    None => assert_eq!(p, None, "{t}"),
                    Some(true) => {
                        met += 1;
                        assert_eq!(p, Some(1.0), "{t}")
                    }
                    Some(false) => {
                        let p = p.expect("a board task");
                        assert!((0.0..1.0).contains(&p), "{t}: {p}");
                    }
                }
            }
        }
        assert!(met > 0, "some tasks met on the random boards");
    }

    #[test]
    fn progress_grows_with_the_pieces_a_task_asks_for() {
        let me = Color::ALL[0];
        let common = crate::board::Piece { color: me, rank: Rank::Common };
        // the center cross: one piece on it, then another
        let t = TaskId::all().find(|t| matches!(t.def().criterion, K::CenterCross)).expect("center cross");
        let mut b = Board::empty();
        assert_eq!(t.progress(&b, me, &[]), Some(0.0));
        let mut last = 0.0;
        for sq in CROSS_PLUS.squares().take(4) {
            b.set(sq, Some(common));
            let p = t.progress(&b, me, &[]).unwrap();
            assert!(p > last, "{p} after {last}");
            last = p;
        }
        // an Occupy task: pieces on its area count, pieces elsewhere do not
        let (t, area) = TaskId::all()
            .find_map(|t| match t.def().criterion {
                K::Occupy { area, pieces, .. } if pieces > 0 => Some((t, area)),
                _ => None,
            })
            .expect("an occupy task");
        let mut b = Board::empty();
        let outside = (crate::geometry::ON_BOARD & !area).first().unwrap();
        b.set(outside, Some(common));
        assert_eq!(t.progress(&b, me, &[]), Some(0.0));
        b.set(area.first().unwrap(), Some(common));
        assert!(t.progress(&b, me, &[]).unwrap() > 0.0);
        // a task judged on the turn has no progress on the board
        let t = TaskId::all().find(|t| matches!(t.def().criterion, K::Destroyed { .. })).expect("destruction");
        assert_eq!(t.progress(&b, me, &[]), None);
    }

    #[test]
    fn regions_have_their_squares() {
        assert_eq!(WEST.count(), 5);
        assert_eq!(SOUTH_WEST.count(), 3);
        assert_eq!(DIAGONAL_RISING.count(), 7);
        assert_eq!(CENTRAL_LINES.map(|l| l.count()), [9, 9, 9, 9, 9, 9]);
        assert_eq!(COLORED.count(), 9);
    }

    #[test]
    fn task_deck_draws_from_the_shuffled_middle_then_the_bottom() {
        let a = TaskId(0);
        let b = TaskId(1);
        let mut d = TaskDeck::shuffled([a, b]);
        assert_eq!(d.next_draws(), &[a, b]);
        assert!(d.draw(b));
        d.put_bottom(b);
        assert_eq!(d.next_draws(), &[a]);
        assert!(!d.draw(b), "the bottom card comes after the middle");
        assert!(d.draw(a));
        assert_eq!(d.next_draws(), &[b]);
        d.shuffle_in([a]);
        assert_eq!(d.shuffled.as_slice(), &[a, b]);
        assert!(d.top.is_empty() && d.bottom.is_empty());
    }
}
