//! What a computer player is ([`Bot`]), the simplest one ([`RandomBot`]),
//! and why a game between bots can stop early ([`GameError`]): the bottom
//! of the crate, so that the driver and every bot import from here and
//! nothing imports from the crate's root.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Choice, Observation};

use crate::decision::Decision;

/// A computer player. Drivers call [`Bot::decide`]; a bot implements
/// [`Bot::choose`], and `decide` too if it can choose with less than an
/// observation.
pub trait Bot: Send {
    /// The bot's spec name.
    fn name(&self) -> String;
    /// Chooses one of the observed game's legal choices for the observing seat.
    fn choose(&mut self, obs: &Observation) -> Choice;
    /// Chooses one of the decision's legal choices: what drivers call. By
    /// default [`Bot::choose`] on the seat's observation (built here, on
    /// first use); a bot that needs less (the legal choices only, or the
    /// view) overrides this and spares that work.
    fn decide(&mut self, d: &Decision) -> Choice {
        self.choose(d.observation())
    }
    /// What went wrong in the last `choose`, for players that can fail
    /// (an outside engine that stopped or answered nonsense): its choice
    /// then was only a stand-in, and the game should not count.
    fn take_error(&mut self) -> Option<String> {
        None
    }
    /// A counter the bot bumps once per iteration of its search from now
    /// on (`None`: no longer), to show its thinking's progress. Bots that
    /// do not search ignore it.
    fn set_progress(&mut self, _counter: Option<std::sync::Arc<std::sync::atomic::AtomicU32>>) {}
}

/// Chooses uniformly among the legal choices.
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Choice>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed), buf: Vec::new() }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, obs: &Observation) -> Choice {
        obs.game().legal_choices_into(&mut self.buf);
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }

    /// The legal choices are all it needs: no observation is built (the
    /// same pick as `choose`, which lists the same choices).
    fn decide(&mut self, d: &Decision) -> Choice {
        d.legal()[self.rng.gen_range(0..d.legal().len())]
    }
}

/// Why a game between bots stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("{0} players for {1} seats")]
    Players(usize, usize),
    #[error("{0}")]
    Setup(#[from] tash_kalar_rules::SetupError),
    /// A player that can fail (an outside engine) said what went wrong.
    #[error("{player}: {error}")]
    Player { player: String, error: String },
    #[error("{player} chose {choice}: {error}")]
    Illegal { player: String, choice: Choice, error: String },
    #[error("the game did not finish")]
    Endless,
}

#[cfg(test)]
mod random_bot_tests {
    use super::*;
    use tash_kalar_rules::{CardId, Game, Position};

    fn game() -> Game {
        let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![CardId::parse("imperial.swordmaster").unwrap()];
        p.to_game().unwrap()
    }

    #[test]
    fn the_random_bot_picks_legal_choices_reproducibly() {
        let g = game();
        let legal = g.legal_choices();
        let picks = |seed| {
            let mut bot = RandomBot::new(seed);
            (0..50).map(|_| bot.choose(&g.observe(0))).collect::<Vec<_>>()
        };
        let a = picks(3);
        assert_eq!(a, picks(3));
        // deciding picks as choosing does, without an observation
        let mut bot = RandomBot::new(3);
        let decided: Vec<Choice> = (0..50).map(|_| bot.decide(&Decision::new(&g, 0))).collect();
        assert_eq!(a, decided);
        assert_ne!(a, picks(4));
        assert!(a.iter().all(|c| legal.contains(c)));
    }
}
