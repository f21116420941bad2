//! Computer players: a pure library (no processes, no files), so that a
//! server can link it without lending visitors anything but our own bots.
//! A bot sees only its seat's [`Decision`] (legal choices, view) and
//! `Observation` (the game with every card it cannot see dealt in a
//! canonical way), so it cannot cheat by construction.
//!
//! | bot | how it plays |
//! |---|---|
//! | `random` | uniformly among the legal choices |
//! | `greedy` | one step of lookahead over whole actions, the evaluation of [`eval`] (with `noise`, a choice at random weighted by value) |
//! | `mcts` | information-set Monte Carlo tree search through every seat's reply ([`mcts`]), with the economy of held and returned cards ([`economy`]) |
//! | `mcts-v2` | the second search, kept as a baseline ([`mcts_v2`]) |
//! | `mcts-v1` | the first search, kept as a baseline ([`mcts_v1`]) |
//!
//! The levels people choose from, `easy`, `medium`, `hard` and `expert`,
//! are fixed specs of these ([`Level`]).
//!
//! Bots are named by a [`BotSpec`], parsed from text: a level, `random`,
//! `greedy`, `mcts`, `mcts-v2`, `mcts-v1`, or with options `mcts:iterations=2000`, `mcts:time=1s,threads=2`,
//! `greedy:common=0.3`; every option is typed, finite and bounded (see
//! [`spec`] for the options and their ranges). [`split_specs`] splits a
//! comma-separated list of them.
//!
//! Games are driven by a [`Driver`] (chance, bots, a person waiting), the
//! same loop for every front end; a bot to choose receives a [`Decision`]
//! through [`Bot::decide`], which builds the seat's observation only if
//! the bot asks for it.
//!
//! [`analysis`] uses the search to estimate a position's chance to win
//! and its best choices, and a recorded game's chances choice by choice
//! with its mistakes.
//!
//! Outside programs (engines), tournaments, plots and progress bars are in
//! the `tash-kalar-arena` crate, which builds on this one.

use rand::Rng;
use tash_kalar_rules::{Form, Game, School};

pub mod analysis;
pub mod bot;
pub mod decision;
pub mod driver;
pub mod economy;
pub mod eval;
pub mod features;
pub mod greedy;
pub mod jobs;
pub mod mcts;
pub mod mcts_v1;
pub mod mcts_v2;
pub mod rating;
pub mod reveal;
pub mod spec;
#[cfg(test)]
mod testing;
pub mod train;
pub mod value;
pub mod weights;

pub use bot::{Bot, GameError, RandomBot};
pub use driver::{Caps, Decision, Driver, Next, Playing, Ran, Seating, Stop};
pub use greedy::{GreedyBot, GreedyConfig};
pub use mcts::{MctsBot, MctsConfig};
pub use spec::{split_specs, Allowed, BotSpec, Level, Limited, Limits, SpecError};

/// Makes a bot from its spec's text (see [`BotSpec`]): the text parsed,
/// then built with `seed`.
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(spec.parse::<BotSpec>()?.build(seed))
}

/// Plays one game, a player per seat; chance is drawn from a generator
/// seeded by `seed` (a [`Driver`] run to the end, its [`Caps`] the
/// default). Returns the finished game and the number of choices the
/// players made.
pub fn play_game(
    form: Form,
    schools: &[School],
    players: &mut [Box<dyn Bot>],
    seed: u64,
) -> Result<(Game, u32), GameError> {
    if players.len() != schools.len() {
        return Err(GameError::Players(players.len(), schools.len()));
    }
    let mut game = Game::new(form, schools)?;
    let ran = Driver::bots(seed, schools.len()).run(&mut game, players, Caps::default())?;
    match ran.stop {
        Stop::Over => Ok((game, ran.bot_choices)),
        Stop::Person(_) | Stop::Capped => Err(GameError::Endless),
    }
}

/// Plays `game` on with `bot` choosing for every seat and chance drawn
/// from `rng`, until the turn numbered `stop` begins or the game ends: the
/// positions of the speed measurements and tests, from games between
/// players of one kind.
pub fn play_until_turn(game: &mut Game, bot: &mut dyn Bot, stop: u16, rng: &mut impl Rng) {
    while !game.is_over() && game.turn().number < stop {
        let choice = match game.actor() {
            tash_kalar_rules::Actor::Seat(s) => bot.choose(&game.observe(s)),
            _ => {
                let legal = game.legal_choices();
                legal[rng.gen_range(0..legal.len())]
            }
        };
        game.apply_unchecked(choice);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_spec_parses_then_builds() {
        assert_eq!(from_spec("random", 1).unwrap().name(), "random");
        assert_eq!(from_spec("mcts:iterations=50,threads=2", 1).unwrap().name(), "mcts");
        assert!(from_spec("mcts:time=0.5s", 1).is_ok());
        assert!(matches!(from_spec("alphago", 1), Err(SpecError::UnknownBot(_))));
        assert!(matches!(from_spec("mcts:iterations=x", 1), Err(SpecError::OutOfRange { .. })));
        assert!(matches!(from_spec("greedy:depth=2", 1), Err(SpecError::UnknownOption { .. })));
        assert!(from_spec("cmd:true", 1).is_err());
    }
}
