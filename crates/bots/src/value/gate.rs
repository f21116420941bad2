//! The gate a new model passes before it is kept: a match between the
//! search with the new model and the search it would replace, all seven
//! schools dealt in every pairing (as in the training games) and each deal
//! played twice, once with each bot in each seat.

use tash_kalar_rules::Form;

use crate::jobs::in_game_order;
use crate::rating::wilson;
use crate::spec::BotSpec;
use crate::train::play_training_game;

/// A match's result, from the first bot's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GateResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games that did not end (counted as nothing).
    pub unfinished: u32,
}

impl GateResult {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first bot's score: a win 1, a draw ½.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The score's 95% (Wilson) interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson(f64::from(self.wins) + 0.5 * f64::from(self.draws), f64::from(self.games()))
    }

    /// Passed: the new bot scored more than half.
    pub fn passed(&self) -> bool {
        self.score() > 0.5
    }
}

/// Plays `games` games of `form` between `a` and `b` on `jobs` threads:
/// game `i` deals the schools of training game `i / 2` with `a` in seat
/// `i % 2`. The result is the same whatever the threads' timing.
pub fn gate(form: Form, a: &BotSpec, b: &BotSpec, games: u32, seed: u64, jobs: usize) -> GateResult {
    let outcomes = in_game_order(
        games,
        jobs,
        |i| {
            let seat = (i % 2) as usize;
            let players = if seat == 0 { [a, b] } else { [b, a] };
            // the two games of a deal share its chance
            play_training_game(form, players, i / 2, seed, |_| {}).map(|o| o[seat])
        },
        &|_| {},
    );
    let mut r = GateResult { wins: 0, draws: 0, losses: 0, unfinished: 0 };
    for outcome in outcomes {
        match outcome {
            Some(1.0) => r.wins += 1,
            Some(0.0) => r.losses += 1,
            Some(_) => r.draws += 1,
            None => r.unfinished += 1,
        }
    }
    r
}
