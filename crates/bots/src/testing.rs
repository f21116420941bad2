//! Help for this crate's unit tests.

use tash_kalar_rules::history::check_act;
use tash_kalar_rules::{Choice, Game, Mover, Refusal};

/// Plays a bot's choice on a bare game as whoever is to choose now,
/// through the gate's check ([`check_act`], what `Match::act` checks) and
/// then the unchecked apply: the rules crate has no checked apply on a
/// `Game`, a `Match` being the one gate.
pub(crate) fn act(g: &mut Game, choice: Choice) -> Result<Choice, Refusal> {
    let by = Mover::of(g.actor()).ok_or(Refusal::GameOver)?;
    let choice = check_act(g, by, choice)?;
    g.apply_unchecked(choice);
    Ok(choice)
}
