//! Analysis: the chance to win of the seat to choose in a position, the
//! best choices with theirs, and a whole game's chances choice by choice
//! with its mistakes (the choices that lost the most).
//!
//! A chance is the search's ([`MctsBot`]) estimate with its playouts run
//! to the end of the game (no horizon): a finished game is worth far more
//! than the logistic's scale ([`crate::eval::WIN`]), so a playout's result
//! is 1 for a win, 0 for a loss and 1/2 for a draw, and a choice's mean
//! result is how often the sensible playout policy wins from there. The
//! cards the seat cannot see are dealt anew in each iteration: the chance
//! is that of the position as the player to choose knew it.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::history::ReplayError;
use tash_kalar_rules::{Actor, Choice, Game, Match, Outcome, Record, Seat};

use crate::economy::Economy;
use crate::mcts::{MctsBot, MctsConfig};

/// How hard to look at each position.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisConfig {
    /// Search iterations per position (all threads together; 1 and up).
    pub iterations: u32,
    /// Search threads.
    pub threads: usize,
    /// Seeds the deals of the hidden cards and the playouts.
    pub seed: u64,
    /// How many of the best choices a position lists.
    pub best: usize,
    /// Bumped once per iteration of the position's search (reset as each
    /// search starts), for whoever shows its progress (the server's
    /// analyses, the terminal's `analyse`).
    pub progress: Option<crate::mcts::Progress>,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig { iterations: 2000, threads: 1, seed: 0, best: 3, progress: None }
    }
}

/// A choice with the chance it leaves the seat that makes it.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChoiceChance {
    pub choice: Choice,
    /// How many of the search's iterations went this way.
    pub visits: u32,
    /// The chance to win after it (0..=1).
    pub chance: f64,
}

/// A position: the seat to choose, its chance to win, the best choices.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PositionAnalysis {
    pub seat: Seat,
    /// The seat's chance to win with its best choice (0..=1).
    pub chance: f64,
    /// The most searched choices, best first (at most
    /// [`AnalysisConfig::best`]).
    pub best: Vec<ChoiceChance>,
}

/// The search as analysis runs it: to the end of the game, results not
/// centred on the root, no economy, every iteration spent.
fn search_config(config: &AnalysisConfig) -> MctsConfig {
    MctsConfig {
        iterations: Some(config.iterations.max(1)),
        time: None,
        threads: config.threads.max(1),
        // past any game's end: the playouts stop when it ends
        playout_turns: 1000,
        centre: false,
        reuse: false,
        early_stop: false,
        economy: Economy::NONE,
        progress: config.progress.clone(),
        ..MctsConfig::default()
    }
}

/// The position's analysis, for the seat to choose; `None` when chance is
/// to draw or the game is over.
pub fn analyse_position(game: &Game, config: &AnalysisConfig) -> Option<PositionAnalysis> {
    let Actor::Seat(seat) = game.actor() else { return None };
    let obs = game.observe(seat);
    let mut bot = MctsBot::new(search_config(config), config.seed);
    let (root, _) = bot.search_root(&obs);
    let best: Vec<ChoiceChance> = root
        .iter()
        .take(config.best.max(1))
        .map(|r| ChoiceChance { choice: r.choice, visits: r.visits, chance: r.mean })
        .collect();
    // the most searched choice is the search's best, and its mean the value
    let chance = best.first().map_or(0.5, |b| b.chance);
    Some(PositionAnalysis { seat, chance, best })
}

/// One choice of a game, analysed in the position it was made in.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChoiceAnalysis {
    /// Its index among the record's moves (chance's draws included).
    pub index: usize,
    /// The turn it was made in.
    pub turn: u16,
    pub seat: Seat,
    pub played: Choice,
    /// The position before it.
    pub position: PositionAnalysis,
    /// The chance the choice played left, when the search looked at it
    /// enough (at least a few visits); else `None`.
    pub played_chance: Option<f64>,
}

impl ChoiceAnalysis {
    /// How much chance the choice played gave away against the best one
    /// (0 when it was the best, or was not searched enough to say).
    pub fn loss(&self) -> f64 {
        self.played_chance.map_or(0.0, |p| (self.position.chance - p).max(0.0))
    }
}

/// The fewest visits that make a choice's mean worth reporting.
const ENOUGH_VISITS: u32 = 8;

/// Every choice of a recorded game in which a seat had more than one
/// legal choice, analysed in turn (chance's draws and forced steps are
/// played through); `progress` is told each one as it is done. The record
/// is replayed through the rules' gate first: a record that does not
/// replay is refused.
pub fn analyse_game(
    record: &Record,
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(&ChoiceAnalysis),
) -> Result<Vec<ChoiceAnalysis>, ReplayError> {
    // checked once, whole; then walked again choice by choice
    Match::from_record(record)?;
    let mut game = record.start()?;
    let mut out = Vec::new();
    for (index, mv) in record.moves.iter().enumerate() {
        if let Some(a) = analyse_choice(&game, index, mv.choice, config) {
            progress(&a);
            out.push(a);
        }
        game.apply_unchecked(mv.choice);
    }
    Ok(out)
}

/// The chance `seat` has after `choice` (which the search of the position
/// before did not look at enough), from a search of the position after it:
/// chance's draws there made at random (seeded), a finished game read off
/// its outcome, and another seat's chance turned into `seat`'s when the
/// game has two sides (a teammate's is its own; an opponent's is one less
/// it); `None` in a melee when another seat is to choose.
fn chance_after(game: &Game, choice: Choice, seat: Seat, config: &AnalysisConfig) -> Option<f64> {
    let mut next = game.clone();
    next.apply_unchecked(choice);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    while next.actor() == Actor::Chance {
        let draws = next.legal_choices();
        next.apply_unchecked(draws[rng.gen_range(0..draws.len())]);
    }
    if let Some(o) = next.outcome() {
        return Some(result_for(o, seat));
    }
    let after = analyse_position(&next, &AnalysisConfig { best: 1, ..config.clone() })?;
    let two_sides = next.seat_count() == 2 || next.teammate(seat).is_some();
    if after.seat == seat || next.teammate(seat) == Some(after.seat) {
        Some(after.chance)
    } else if two_sides {
        Some(1.0 - after.chance)
    } else {
        None
    }
}

/// A finished game's result for `seat`: 1 for a win, 0 for a loss, a
/// share for a draw (1/2 between two sides placed first together).
fn result_for(o: &Outcome, seat: Seat) -> f64 {
    let firsts = o.winners();
    if !firsts.contains(&seat) {
        return 0.0;
    }
    // teammates share their place: a team is one side
    let sides = if o.teams { firsts.iter().map(|s| s % 2).collect::<BTreeSet<_>>().len() } else { firsts.len() };
    1.0 / sides.max(1) as f64
}

/// The choice made in `game` (the `index`th of its record), analysed in
/// the position it was made in; `None` unless a seat made it with more
/// than one legal choice (chance's draws and forced steps say nothing).
pub fn analyse_choice(game: &Game, index: usize, played: Choice, config: &AnalysisConfig) -> Option<ChoiceAnalysis> {
    let Actor::Seat(seat) = game.actor() else { return None };
    if game.legal_choices().len() < 2 {
        return None;
    }
    let look = AnalysisConfig { best: config.best.max(1), seed: config.seed ^ index as u64, ..config.clone() };
    let mut position = analyse_position(game, &AnalysisConfig { best: usize::MAX, ..look.clone() })?;
    let searched = position.best.iter().find(|b| b.choice == played && b.visits >= ENOUGH_VISITS);
    let played_chance = match searched {
        Some(b) => Some(b.chance),
        None => chance_after(game, played, seat, &look),
    };
    position.best.truncate(look.best);
    Some(ChoiceAnalysis { index, turn: game.turn().number, seat, played, position, played_chance })
}

/// A choice that gave away at least this much chance is a mistake; from
/// [`BLUNDER`] on, a blunder.
pub const MISTAKE: f64 = 0.1;
pub const BLUNDER: f64 = 0.25;

/// One turn's end in [`turn_ends`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TurnEnd {
    pub turn: u16,
    /// The index in the analysed choices of the turn's last one.
    pub at: usize,
    pub chance: f64,
}

/// The chances at each turn's end, as its last analysed choice left them
/// (the search favours the seat it searches for, so the ends of turns are
/// compared, not their starts); in a game of two sides (a duel, team play:
/// the first value) the first seat's side's chance, else the chance of the
/// seat that chose. `game` is any position of the game (its seats).
pub fn turn_ends(game: &Game, analysed: &[ChoiceAnalysis]) -> (bool, Vec<TurnEnd>) {
    let two_sides = game.seat_count() == 2 || game.teammate(0).is_some();
    let ends = analysed
        .iter()
        .enumerate()
        .filter(|(i, a)| analysed.get(i + 1).is_none_or(|b| b.turn != a.turn))
        .map(|(at, a)| {
            let left = a.played_chance.unwrap_or(a.position.chance);
            let first_side = a.seat == 0 || game.teammate(0) == Some(a.seat);
            let chance = if !two_sides || first_side { left } else { 1.0 - left };
            TurnEnd { turn: a.turn, at, chance }
        })
        .collect();
    (two_sides, ends)
}

/// The `n` choices that gave away the most chance, largest first (only
/// those that gave away some).
pub fn mistakes(analysed: &[ChoiceAnalysis], n: usize) -> Vec<&ChoiceAnalysis> {
    let mut by_loss: Vec<&ChoiceAnalysis> = analysed.iter().filter(|a| a.loss() > 0.0).collect();
    by_loss.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.index.cmp(&b.index)));
    by_loss.truncate(n);
    by_loss
}
