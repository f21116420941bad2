//! Our bots at work outside a game server: against outside programs
//! (engines) through the engine protocol, in tournaments with results on
//! disk and rating plots, with progress bars.
//!
//! This crate starts processes and writes files, so it is for the command
//! line only: the game server links `tash-kalar-bots` (a pure library of
//! players with closed, typed [`BotSpec`]s) and never this crate, so no
//! request can make it start a program.
//!
//! | module | holds |
//! |---|---|
//! | [`engine`] | the engine protocol (`docs/engine-protocol.md`): [`engine::serve`] (one of our bots as an engine) and [`engine::EngineBot`] (an outside program as a bot) |
//! | [`tournament`] | round robins in every form, resumable, with results as JSON, Markdown and an SVG plot |
//! | [`seeds`] | one-way seed derivation, so that the seed a player receives tells nothing of chance |
//!
//! An [`Entrant`] is what the command line may name as a player: one of
//! our bots by its spec, or an outside engine by its command line
//! (`cmd:<command>`).

use std::fmt;
use std::str::FromStr;

use tash_kalar_bots::{split_specs, Bot, BotSpec, SpecError};
use tash_kalar_rules::Token;

pub mod composed;
pub mod engine;
pub mod puzzles;
pub mod seeds;
pub mod tournament;

/// A player the command line may name: one of our bots, or an outside
/// program speaking the engine protocol.
// a handful are made per tournament, so the spec's size (its weights) is
// no cost worth a box
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    /// One of our bots (`random`, `greedy:common=0.3`, `mcts:time=1s`).
    Bot(BotSpec),
    /// `cmd:<command line>`: a program started for each game, its words
    /// split like a shell's (quotes group).
    Engine { command: String },
}

/// What is wrong with an entrant's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntrantError {
    #[error("unknown bot {0} (expected random, greedy, mcts or cmd:<engine command>)")]
    UnknownBot(Token),
    #[error("{0}")]
    Spec(SpecError),
    #[error("an empty engine command after cmd:")]
    EmptyCommand,
}

impl FromStr for Entrant {
    type Err = EntrantError;

    fn from_str(text: &str) -> Result<Entrant, EntrantError> {
        let text = text.trim();
        if let Some(command) = text.strip_prefix("cmd:") {
            if engine::split_command(command).is_empty() {
                return Err(EntrantError::EmptyCommand);
            }
            return Ok(Entrant::Engine { command: command.trim().to_string() });
        }
        text.parse().map(Entrant::Bot).map_err(|e| match e {
            SpecError::UnknownBot(name) => EntrantError::UnknownBot(name),
            e => EntrantError::Spec(e),
        })
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::Bot(spec) => spec.fmt(f),
            Entrant::Engine { command } => write!(f, "cmd:{command}"),
        }
    }
}

impl Entrant {
    /// Parses a comma-separated list (see [`split_specs`]: a spec's options
    /// and an engine's command line keep their commas).
    pub fn parse_list(text: &str) -> Result<Vec<Entrant>, EntrantError> {
        split_specs(text).iter().map(|s| s.parse()).collect()
    }

    /// Whether this is an outside program.
    pub fn is_engine(&self) -> bool {
        matches!(self, Entrant::Engine { .. })
    }

    /// A fresh player for one game, seeded by `seed` (an engine is started,
    /// greeted and given the seed if it takes one).
    pub fn player(&self, seed: u64) -> anyhow::Result<Box<dyn Bot>> {
        Ok(match self {
            Entrant::Bot(spec) => spec.build(seed),
            Entrant::Engine { command } => Box::new(engine::EngineBot::spawn(command, seed)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entrants_are_bot_specs_or_engine_commands() {
        assert_eq!("greedy".parse(), Ok(Entrant::Bot(BotSpec::Greedy(Default::default()))));
        assert_eq!("hard".parse(), Ok(Entrant::Bot(BotSpec::Level(tash_kalar_bots::Level::Hard))));
        let e: Entrant = "cmd:tash-kalar engine --bot mcts:iterations=5,threads=1".parse().unwrap();
        assert_eq!(e, Entrant::Engine { command: "tash-kalar engine --bot mcts:iterations=5,threads=1".into() });
        assert!(e.is_engine());
        assert_eq!(e.to_string(), "cmd:tash-kalar engine --bot mcts:iterations=5,threads=1");
        let list = Entrant::parse_list("random,mcts:iterations=50,threads=2,cmd:x --bot greedy").unwrap();
        assert_eq!(list.len(), 3);
        assert_eq!(list[1].to_string(), "mcts:iterations=50,threads=2");
        let err = |t: &str| t.parse::<Entrant>().unwrap_err().to_string();
        assert!(err("alphago").contains("cmd:<engine command>"), "{}", err("alphago"));
        assert!(err("mcts:c=nan").contains("c=\"nan\""), "{}", err("mcts:c=nan"));
        assert!(err("mcts:threads=100000").contains("from 1 to 64"));
        assert_eq!("cmd:  ".parse::<Entrant>(), Err(EntrantError::EmptyCommand));
        assert!(Entrant::parse_list("greedy,mcts:iterations=0").is_err());
    }
}
