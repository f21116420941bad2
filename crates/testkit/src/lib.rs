//! Test support for the workspace's tests, a dev-dependency only.
//!
//! [`Gate`] plays on a bare [`Game`] as whoever is to choose now, through
//! the gate's check ([`check_act`], what `Match::act` checks) and then the
//! unchecked apply. The rules crate has no checked apply on a `Game` (a
//! `Match` is the one gate); tests that hold bare games built from
//! positions play through this instead.
//!
//! [`pg::TempPostgres`] is a throwaway PostgreSQL cluster for the server's
//! store suite; [`accounts::signed_in`] a signed-in account in a server's
//! SQLite file, for the server's tests.

pub mod accounts;
pub mod pg;

use tash_kalar_rules::history::check_act;
use tash_kalar_rules::{Choice, Game, Mover, Refusal, Token};

/// A checked apply on a bare game, for tests.
pub trait Gate {
    /// The choice as applied (a summon's orientation normalised).
    fn act(&mut self, choice: Choice) -> Result<Choice, Refusal>;
    /// Reads a choice's text and plays it as [`Gate::act`] does.
    fn act_text(&mut self, text: &str) -> Result<Choice, Refusal>;
}

impl Gate for Game {
    fn act(&mut self, choice: Choice) -> Result<Choice, Refusal> {
        let by = Mover::of(self.actor()).ok_or(Refusal::GameOver)?;
        let choice = check_act(self, by, choice)?;
        self.apply_unchecked(choice);
        Ok(choice)
    }

    fn act_text(&mut self, text: &str) -> Result<Choice, Refusal> {
        let choice: Choice = text.parse().map_err(|error| Refusal::Syntax { text: Token::new(text), error })?;
        self.act(choice)
    }
}
