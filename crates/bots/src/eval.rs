//! A hand-written evaluation of a game for one seat, in points.
//!
//! It counts what the form scores (points, and in the duel the points for
//! enemy pieces destroyed this turn that the end of the turn will add), the
//! pieces on the board (the material that patterns are made of), and the
//! beings in hand that the seat could summon right now.

use tash_kalar_rules::board::Rank;
use tash_kalar_rules::cards::summoning_squares;
use tash_kalar_rules::{Game, Phase, Seat};

/// Worth of a piece on the board, by rank.
const PIECE: [f64; 3] = [0.30, 0.85, 1.7];
/// Worth of a being in hand that can be summoned now, by rank of the being.
const READY: [f64; 3] = [0.35, 0.6, 1.4];
/// The value of a won game.
pub const WIN: f64 = 1000.0;

/// Points a turn's destruction will score when the turn ends.
pub fn pending_points(game: &Game) -> f64 {
    if !matches!(game.phase(), Phase::Main | Phase::Effect | Phase::Returning) {
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

/// The value of `game` for `seat`: positive is good for the seat.
pub fn evaluate(game: &Game, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome() {
        let mine = outcome.places[seat as usize];
        let best_other = (0..outcome.places.len()).filter(|&s| s != seat as usize).map(|s| outcome.places[s]).min();
        return match best_other {
            Some(o) if mine < o => WIN,
            Some(o) if mine > o => -WIN,
            _ => 0.0,
        };
    }
    let me = game.seat(seat).color;
    let mut value = 0.0;
    let active_is_me = game.turn().seat == seat;
    let pending = pending_points(game);
    // points, relative to the best opponent
    let my_score = game.seat(seat).score as f64 + if active_is_me { pending } else { 0.0 };
    let best_opponent = game
        .seats()
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != seat as usize && s.color != me)
        .map(|(i, s)| s.score as f64 + if game.turn().seat as usize == i { pending } else { 0.0 })
        .fold(f64::MIN, f64::max);
    if best_opponent > f64::MIN {
        value += my_score - best_opponent;
    }
    // material
    let board = game.board();
    for rank in Rank::ALL {
        let mine = board.count(me, rank) as f64;
        let theirs: f64 = game.enemies_of(me).map(|c| board.count(c, rank) as f64).sum::<f64>();
        let enemies = game.enemies_of(me).count().max(1) as f64;
        value += PIECE[rank.index()] * (mine - theirs / enemies);
    }
    // beings ready to summon
    let s = game.seat(seat);
    for &card in s.beings.iter().chain(&s.legends) {
        if !summoning_squares(board, me, card).is_empty() {
            value += READY[card.def().rank.index()];
        }
    }
    value
}
