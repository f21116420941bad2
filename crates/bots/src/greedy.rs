//! The greedy bot: one step of lookahead over whole actions.
//!
//! In the main phase it tries every legal choice, resolves the rest of that
//! action (an effect's steps, the returns after a discard) by picking each
//! step's best immediate result, and keeps the action whose end position
//! evaluates best. Ties are broken by a seeded generator.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Game, Observation, Phase, Seat};

use crate::eval::{evaluate_with, Weights};
use crate::Bot;

pub struct GreedyBot {
    rng: ChaCha8Rng,
    pub weights: Weights,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed), weights: Weights::default() }
    }
}

/// Plays `seat`'s steps of the current action greedily until the action is
/// over (back in the main phase, or someone else to act).
pub(crate) fn finish_action(game: &mut Game, seat: Seat, w: &Weights) {
    let mut guard = 0;
    while game.actor() == Actor::Seat(seat) && matches!(game.phase(), Phase::Effect | Phase::Returning) && guard < 64 {
        let choice = if game.phase() == Phase::Returning { Choice::Done } else { best_step(game, seat, w, None).0 };
        game.apply_unchecked(choice);
        guard += 1;
    }
}

/// The choice whose immediate result evaluates best, with its value.
fn best_step(game: &Game, seat: Seat, w: &Weights, mut rng: Option<&mut ChaCha8Rng>) -> (Choice, f64) {
    let mut best: Vec<Choice> = Vec::new();
    let mut best_value = f64::MIN;
    for c in game.legal_choices() {
        let mut next = game.clone();
        next.apply_unchecked(c);
        let v = evaluate_with(&next, seat, w);
        if v > best_value + 1e-9 {
            best_value = v;
            best.clear();
            best.push(c);
        } else if (v - best_value).abs() <= 1e-9 {
            best.push(c);
        }
    }
    let i = rng.as_mut().map_or(0, |r| r.gen_range(0..best.len()));
    (best[i], best_value)
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, obs: &Observation) -> Choice {
        let game = obs.game();
        let seat = obs.seat();
        let choices = game.legal_choices();
        if choices.len() == 1 {
            return choices[0];
        }
        if game.phase() != Phase::Main {
            return best_step(game, seat, &self.weights, Some(&mut self.rng)).0;
        }
        let mut best: Vec<Choice> = Vec::new();
        let mut best_value = f64::MIN;
        for c in choices {
            let mut next = game.clone();
            next.apply_unchecked(c);
            finish_action(&mut next, seat, &self.weights);
            let v = evaluate_with(&next, seat, &self.weights);
            if v > best_value + 1e-9 {
                best_value = v;
                best.clear();
                best.push(c);
            } else if (v - best_value).abs() <= 1e-9 {
                best.push(c);
            }
        }
        best[self.rng.gen_range(0..best.len())]
    }
}
