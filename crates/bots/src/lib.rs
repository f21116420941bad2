//! Computer players. A bot chooses among the legal choices of the seat it
//! plays.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Choice, Game};

/// Chooses uniformly among the legal choices.
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Choice>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed), buf: Vec::new() }
    }

    pub fn choose(&mut self, game: &Game) -> Choice {
        game.legal_choices_into(&mut self.buf);
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }
}
