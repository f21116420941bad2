//! The greedy bot: one step of lookahead over whole actions.
//!
//! In the main phase it tries every legal choice, resolves the rest of that
//! action (an effect's steps, the returns after a discard) by picking each
//! step's best immediate result, and keeps the action whose end position
//! evaluates best. Ties are broken by a seeded generator.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Game, Observation, Phase, Seat};

use crate::bot::Bot;
use crate::eval::{evaluate_with, Weights};

/// The greedy bot's evaluation weights and noise.
#[derive(Clone, Debug, PartialEq)]
pub struct GreedyConfig {
    pub weights: Weights,
    /// The temperature of its choices in evaluation points (0: always the
    /// best; 1: a choice 1 point worse is 2.7 times less likely).
    pub noise: f64,
}

impl Default for GreedyConfig {
    /// The hand-set weights ([`Weights::hand_set`]), no noise. Not the
    /// fitted default file's: they were fitted to the search's evaluation
    /// at its horizon, with its end term; the greedy bot's one-action look
    /// has no end term, and with the fitted piece weights it places a
    /// piece rather than summon a legend for the winning point
    /// (`tests/search.rs`).
    fn default() -> Self {
        GreedyConfig { weights: Weights::hand_set(), noise: 0.0 }
    }
}

pub struct GreedyBot {
    rng: ChaCha8Rng,
    pub weights: Weights,
    pub noise: f64,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_config(GreedyConfig::default(), seed)
    }

    pub fn with_config(config: GreedyConfig, seed: u64) -> GreedyBot {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed), weights: config.weights, noise: config.noise }
    }

    /// One of `judged` (each choice with its value): the best (ties broken
    /// at random), or with noise, at random weighted by `exp(value / noise)`.
    fn pick(&mut self, judged: &[(Choice, f64)]) -> Choice {
        let best_value = judged.iter().map(|j| j.1).fold(f64::MIN, f64::max);
        if self.noise > 0.0 {
            let weights: Vec<f64> = judged.iter().map(|j| ((j.1 - best_value) / self.noise).exp()).collect();
            let mut x = self.rng.gen::<f64>() * weights.iter().sum::<f64>();
            for (j, w) in judged.iter().zip(&weights) {
                if x < *w {
                    return j.0;
                }
                x -= w;
            }
        }
        // equals as the bot always counted them: within 1e-9 of the best so far
        let (mut best, mut value): (Vec<Choice>, f64) = (Vec::new(), f64::MIN);
        for &(c, v) in judged {
            if v > value + 1e-9 {
                (value, best) = (v, vec![c]);
            } else if (v - value).abs() <= 1e-9 {
                best.push(c);
            }
        }
        best[self.rng.gen_range(0..best.len())]
    }
}

/// Plays `seat`'s steps of the current action greedily until the action is
/// over (back in the main phase, or someone else to act).
pub(crate) fn finish_action(game: &mut Game, seat: Seat, w: &Weights) {
    let mut guard = 0;
    while game.actor() == Actor::Seat(seat) && matches!(game.phase(), Phase::Effect | Phase::Returning) && guard < 64 {
        let choice = if game.phase() == Phase::Returning { Choice::Done } else { best_step(game, seat, w) };
        game.apply_unchecked(choice);
        guard += 1;
    }
}

/// The choice whose immediate result evaluates best (the first of equals).
fn best_step(game: &Game, seat: Seat, w: &Weights) -> Choice {
    let mut best = (Choice::Done, f64::MIN);
    for c in game.legal_choices() {
        let mut next = game.clone();
        next.apply_unchecked(c);
        let v = evaluate_with(&next, seat, w);
        if v > best.1 + 1e-9 {
            best = (c, v);
        }
    }
    best.0
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
        let main = game.phase() == Phase::Main;
        let judged: Vec<(Choice, f64)> = choices
            .into_iter()
            .map(|c| {
                let mut next = game.clone();
                next.apply_unchecked(c);
                if main {
                    finish_action(&mut next, seat, &self.weights);
                }
                (c, evaluate_with(&next, seat, &self.weights))
            })
            .collect();
        self.pick(&judged)
    }
}
