//! Computer players. A bot sees only an [`Observation`] of its seat (the
//! game with every card it cannot see dealt in a canonical way), so it
//! cannot cheat by construction.
//!
//! | bot | how it plays |
//! |---|---|
//! | `random` | uniformly among the legal choices |
//! | `greedy` | one step of lookahead over whole actions, hand-written evaluation |
//! | `mcts` | information-set Monte Carlo tree search with determinization |
//!
//! | `cmd:<command>` | an outside program speaking the engine protocol ([`engine`]) |
//!
//! Bots are named by a spec: `random`, `greedy`, `mcts`, or with options
//! `mcts:iterations=2000`, `mcts:time=1s,threads=2`; an outside engine by
//! its command line, `cmd:tash-kalar engine --bot greedy`.
//!
//! Options of `mcts`: `iterations=N`, `time=1s` (or `500ms`), `threads=N`,
//! `playout=TURNS`, `c=` (exploration), `scale=` (evaluation points of the
//! logistic), `prior=` (root bias weight, 0 for none), `widen=` (0 for no
//! progressive widening), `centre=0|1`, `reuse=0|1`, and any evaluation
//! weight by name (`common=0.3`, see [`eval::Weights::set`]); `greedy`
//! takes the evaluation weights too.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Choice, Observation};

pub mod engine;
pub mod eval;
pub mod greedy;
pub mod mcts;
pub mod mcts_v1;
pub mod rating;
pub mod tournament;

pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsConfig};

/// A computer player.
pub trait Bot: Send {
    /// The bot's spec name.
    fn name(&self) -> String;
    /// Chooses one of the observed game's legal choices for the observing seat.
    fn choose(&mut self, obs: &Observation) -> Choice;
    /// What went wrong in the last `choose`, for players that can fail
    /// (an outside engine that stopped or answered nonsense): its choice
    /// then was only a stand-in, and the game should not count.
    fn take_error(&mut self) -> Option<String> {
        None
    }
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
}

/// What is wrong with a bot spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown bot {0:?} (expected random, greedy, mcts or cmd:<engine command>)")]
    UnknownBot(String),
    #[error("bad option {0:?} for {1}")]
    BadOption(String, &'static str),
    #[error("{0}")]
    Engine(String),
}

/// Splits a comma-separated list of bot specs, keeping a bot's `key=value`
/// options (whose key has no colon or space) with the spec before them:
/// `random,mcts:iterations=50,threads=2,greedy` is three specs. An option
/// only continues a spec that has a colon, so `greedy,common=1` is refused
/// later as the unknown bot `common=1` rather than silently joined.
pub fn split_specs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in text.split(',') {
        let continues = piece.split_once('=').is_some_and(|(k, _)| !k.contains(':') && !k.contains(' '));
        match out.last_mut() {
            Some(last) if continues && last.contains(':') => {
                last.push(',');
                last.push_str(piece.trim());
            }
            _ => out.push(piece.trim().to_string()),
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Makes a bot from its spec (see the crate documentation).
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        let bot = engine::EngineBot::spawn(command, seed).map_err(|e| SpecError::Engine(format!("{e:#}")))?;
        return Ok(Box::new(bot));
    }
    let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
    let options: Vec<(&str, &str)> = options
        .split(',')
        .filter(|o| !o.is_empty())
        .map(|o| o.split_once('=').ok_or_else(|| SpecError::BadOption(o.to_string(), "bot options (key=value)")))
        .collect::<Result<_, _>>()?;
    match name {
        "random" if !options.is_empty() => Err(SpecError::BadOption(options[0].0.to_string(), "this bot")),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "greedy" => {
            let mut bot = GreedyBot::new(seed);
            for (key, value) in options {
                // evaluation weights by name, for tuning (see eval.rs)
                let bad = || SpecError::BadOption(format!("{key}={value}"), "greedy");
                if !bot.weights.set(key, value.parse().map_err(|_| bad())?) {
                    return Err(bad());
                }
            }
            Ok(Box::new(bot))
        }
        "mcts" => {
            let mut config = MctsConfig::default();
            for (key, value) in options {
                let bad = || SpecError::BadOption(format!("{key}={value}"), "mcts");
                match key {
                    "iterations" => {
                        config.iterations = Some(value.parse().map_err(|_| bad())?);
                    }
                    "time" => {
                        let secs: f64 = match value.strip_suffix("ms") {
                            Some(ms) => ms.parse::<f64>().map_err(|_| bad())? / 1000.0,
                            None => value.trim_end_matches('s').parse().map_err(|_| bad())?,
                        };
                        if !(secs > 0.0 && secs < 3600.0) {
                            return Err(bad());
                        }
                        config.time = Some(std::time::Duration::from_secs_f64(secs));
                        if !spec.contains("iterations=") {
                            config.iterations = None;
                        }
                    }
                    "threads" => config.threads = value.parse().map_err(|_| bad())?,
                    "playout" => config.playout_turns = value.parse().map_err(|_| bad())?,
                    "c" => config.exploration = value.parse().map_err(|_| bad())?,
                    "scale" => config.scale = value.parse().map_err(|_| bad())?,
                    "prior" => config.prior = value.parse().map_err(|_| bad())?,
                    "widen" => config.widen = value.parse().map_err(|_| bad())?,
                    "centre" => config.centre = value == "1" || value == "true",
                    "reuse" => config.reuse = value == "1" || value == "true",
                    // evaluation weights by name (see eval.rs)
                    _ => {
                        if !config.weights.set(key, value.parse().map_err(|_| bad())?) {
                            return Err(bad());
                        }
                    }
                }
            }
            Ok(Box::new(MctsBot::new(config, seed)))
        }
        other => Err(SpecError::UnknownBot(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_bad_specs_are_refused() {
        assert_eq!(from_spec("random", 1).unwrap().name(), "random");
        assert_eq!(from_spec("mcts:iterations=50,threads=2", 1).unwrap().name(), "mcts");
        assert!(from_spec("mcts:time=0.5s", 1).is_ok());
        assert!(matches!(from_spec("alphago", 1), Err(SpecError::UnknownBot(_))));
        assert!(matches!(from_spec("mcts:iterations=x", 1), Err(SpecError::BadOption(..))));
        assert!(matches!(from_spec("greedy:depth=2", 1), Err(SpecError::BadOption(..))));
    }

    #[test]
    fn spec_lists_split_on_commas_but_keep_options_with_their_bot() {
        assert_eq!(split_specs("random,greedy"), ["random", "greedy"]);
        assert_eq!(split_specs("mcts"), ["mcts"]);
        assert_eq!(
            split_specs("random,mcts:iterations=50,threads=2,greedy"),
            ["random", "mcts:iterations=50,threads=2", "greedy"]
        );
        assert_eq!(split_specs("mcts:iterations=50,threads=2"), ["mcts:iterations=50,threads=2"]);
        assert_eq!(
            split_specs("greedy:common=0.3,ready1=0.5,mcts:time=1s,threads=2"),
            ["greedy:common=0.3,ready1=0.5", "mcts:time=1s,threads=2"]
        );
        // an engine's command line keeps its own options
        assert_eq!(
            split_specs("greedy,cmd:tash-kalar engine --bot mcts:iterations=5,threads=1"),
            ["greedy", "cmd:tash-kalar engine --bot mcts:iterations=5,threads=1"]
        );
        // spaces around the commas, empty entries
        assert_eq!(split_specs(" random , greedy ,,"), ["random", "greedy"]);
        assert_eq!(split_specs(""), Vec::<String>::new());
        // an option with no spec to continue stays on its own (and is refused by from_spec)
        assert_eq!(split_specs("greedy,common=1"), ["greedy", "common=1"]);
        assert!(from_spec("common=1", 0).is_err());
        // every piece of a split list is a spec from_spec accepts
        for spec in split_specs("random,mcts:iterations=50,threads=2,greedy:common=0.3") {
            assert!(from_spec(&spec, 0).is_ok(), "{spec}");
        }
    }
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
        assert_ne!(a, picks(4));
        assert!(a.iter().all(|c| legal.contains(c)));
    }
}
