//! A hand-written evaluation of a game for one seat, in points.
//!
//! It counts what the form scores (points, and in the duel the points for
//! enemy pieces destroyed this turn that the end of the turn will add), the
//! pieces on the board (the material that patterns are made of), the beings
//! in hand that the seat could summon right now, and in the forms with tasks
//! the current tasks each seat meets (a task met at the end of one's own
//! turn is claimed). It works for any number of seats: the seat is compared
//! with its best enemy, and a finished game by places.

use arrayvec::ArrayVec;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::cards::summoning_squares;
use tash_kalar_rules::{Game, Phase, Seat};

/// The value of a won game.
pub const WIN: f64 = 1000.0;

/// The evaluation's weights, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A piece on the board, by rank (common, heroic, legendary).
    pub piece: [f64; 3],
    /// A being in hand that can be summoned now, by its rank.
    pub ready: [f64; 3],
    /// Share of a task's points for a task the seat meets while it is its
    /// own turn (it will claim it unless it spoils it this turn).
    pub task_now: f64,
    /// Share of a task's points for a task the seat meets on the board when
    /// it is not its turn (the others may spoil it first).
    pub task_later: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { piece: [0.30, 0.85, 1.7], ready: [0.35, 0.6, 1.4], task_now: 0.9, task_later: 0.4 }
    }
}

impl Weights {
    /// Sets a weight by name (`common`, `heroic`, `legendary`, `ready1`,
    /// `ready2`, `ready3`, `task_now`, `task_later`); false if there is none.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "common" => &mut self.piece[0],
            "heroic" => &mut self.piece[1],
            "legendary" => &mut self.piece[2],
            "ready1" => &mut self.ready[0],
            "ready2" => &mut self.ready[1],
            "ready3" => &mut self.ready[2],
            "task_now" => &mut self.task_now,
            "task_later" => &mut self.task_later,
            _ => return false,
        };
        *slot = value;
        true
    }
}

/// Points a turn's destruction will score when the turn ends.
pub fn pending_points(game: &Game) -> f64 {
    if !game.form().deathmatch_scoring() || !matches!(game.phase(), Phase::Main | Phase::Effect | Phase::Returning) {
        return 0.0;
    }
    let me = game.active_color();
    let d = &game.turn().destroyed;
    game.enemies_of(me)
        .map(|c| {
            let k = d[c.index()];
            2.0 * k[2] as f64 + k[1] as f64 + (k[0] / 2) as f64
        })
        .sum()
}

/// The value of a finished game for `seat`: +WIN for first alone, -WIN for
/// last, in between by the seats ahead and behind.
fn outcome_value(places: &[u8], seat: Seat) -> f64 {
    let mine = places[seat as usize];
    let ahead = places.iter().filter(|&&p| p < mine).count() as f64;
    let behind = places.iter().filter(|&&p| p > mine).count() as f64;
    let others = (places.len() - 1).max(1) as f64;
    WIN * (behind - ahead) / others
}

/// The value of `game` for `seat` with the default weights.
pub fn evaluate(game: &Game, seat: Seat) -> f64 {
    evaluate_with(game, seat, &Weights::default())
}

/// The value of `game` for `seat`: positive is good for the seat.
pub fn evaluate_with(game: &Game, seat: Seat, w: &Weights) -> f64 {
    if let Some(outcome) = game.outcome() {
        return outcome_value(&outcome.places, seat);
    }
    let me = game.seat(seat).color;
    let enemies: ArrayVec<Color, 4> = game.enemies_of(me).collect();
    let active = game.turn().seat;
    let pending = pending_points(game);
    let tasks = task_values(game, w);
    // what a seat has, in points: its score, this turn's destruction, tasks
    let worth = |s: usize| game.seats()[s].score as f64 + if active as usize == s { pending } else { 0.0 } + tasks[s];
    let mut value = worth(seat as usize);
    let best_enemy = (0..game.seat_count())
        .filter(|&s| enemies.contains(&game.seats()[s].color))
        .map(worth)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_enemy.is_finite() {
        value -= best_enemy;
    }
    // material
    let board = game.board();
    let n_enemies = enemies.len().max(1) as f64;
    for rank in Rank::ALL {
        let mine = board.count(me, rank) as f64;
        let theirs: f64 = enemies.iter().map(|&c| board.count(c, rank) as f64).sum();
        value += w.piece[rank.index()] * (mine - theirs / n_enemies);
    }
    // beings ready to summon
    let s = game.seat(seat);
    for &card in s.beings.iter().chain(&s.legends) {
        if !summoning_squares(board, me, card).is_empty() {
            value += w.ready[card.def().rank.index()];
        }
    }
    value
}

/// Per seat, the worth of the current tasks it meets: in its own turn the
/// best task it may claim now (one claim a turn), otherwise the best
/// board-judged task it meets, each as a share of the task's points.
fn task_values(game: &Game, w: &Weights) -> ArrayVec<f64, 4> {
    let mut out: ArrayVec<f64, 4> = (0..game.seat_count()).map(|_| 0.0).collect();
    let Some(tb) = game.tasks() else { return out };
    if game.is_over() {
        return out;
    }
    let active = game.turn().seat as usize;
    for (s, seat) in game.seats().iter().enumerate() {
        let claiming = matches!(game.phase(), Phase::Main | Phase::Effect | Phase::Returning | Phase::Claim);
        let best = if s == active && claiming {
            game.claimable_tasks().iter().map(|t| t.points()).max().map(|p| p as f64 * w.task_now)
        } else {
            let enemies: ArrayVec<Color, 4> = game.enemies_of(seat.color).collect();
            tb.current
                .iter()
                .filter(|t| t.met_on_board(game.board(), seat.color, &enemies) == Some(true))
                .map(|t| t.points())
                .max()
                .map(|p| p as f64 * w.task_later)
        };
        out[s] = best.unwrap_or(0.0);
    }
    out
}
