//! Round-robin tournaments between bots in every form, with balanced
//! seats and schools, results that survive an interruption, and a table of
//! ratings.
//!
//! A game is played by a *table* of entrants, one per *side*: in the
//! two-player forms a side is a seat; in team play a side is a team, and
//! the entrant plays both its seats (a bot of its spec in each seat, each
//! seeing only its own seat); in a melee every seat is a side. Every table
//! plays `games` games: with at least as many entrants as sides, a table is
//! each set of that many entrants; with fewer (two bots in a melee of
//! three, say), a table is each way to fill the sides with every entrant at
//! least once (`A A B` and `A B B`), so each entrant plays the extra seats
//! equally often. The seats of one entrant at a table play each for
//! themselves.
//!
//! Within a table's games (see [`setup`]), the sides rotate every game and
//! the schools every `sides` games, so that in each block of `sides²`
//! games every entrant of the table plays every side with every school of
//! one deal exactly once (in a duel: both seats with both schools); blocks
//! cycle through the deals, and in a melee, after every deal, the order of
//! play around the table is reversed. A game's setup depends on its table
//! and index only, so raising `games` extends a tournament.
//!
//! Every finished game is appended at once as one JSON line to
//! `games.jsonl` in the output folder; a tournament started again with the
//! same settings skips the games already there (with a larger `games` it
//! plays the new ones). The summary is written as `results.json`,
//! `results.md` and a plot `ratings.svg`.
//!
//! Chance in each game is seeded from the tournament's seed, the table and
//! the index; each player's seed is derived from that one way
//! ([`PlayerSeeds::Sha256`], recorded in `tournament.json`), so that an
//! outside engine cannot work back from its seed to the cards' order. A
//! folder written before that keeps its old seeds when it resumes, unless
//! an outside engine plays in it (then it is refused).
//!
//! Results count by side and by the game's ranking (places, ties shared):
//! a side placed first alone wins, first together with another side draws,
//! and otherwise loses; the score (win rate) is wins plus half the draws
//! over the games, and the mean place is given too. Elo ratings are fitted
//! to the pairwise results the ranking implies: each two sides of different
//! entrants, the one placed ahead winning (a draw if level), each pair
//! weighted 1/(sides − 1), so that a side's results count as one game in
//! all (in a duel, one game is one pairwise result).
//!
//! The work is split by concern: [`schedule`](mod@schedule) (the tables,
//! the deals and each game's setup, from its index alone), [`run`](mod@run)
//! (playing and resuming into a folder), [`summary`](mod@summary) (the
//! standings and pairings from the games) and [`render`] (the Markdown
//! table, the SVG plot, the progress bar). The on-disk formats
//! (`tournament.json`, `games.jsonl`, `results.json`) are the types here
//! and in [`summary`](mod@summary).

use serde::{Deserialize, Serialize};
use tash_kalar_rules::{Form, School};

use tash_kalar_bots::Bot;

use crate::seeds;

pub mod render;
pub mod run;
pub mod schedule;
pub mod summary;

pub use render::progress_bar;
pub use run::run;
pub use schedule::{all_deals, deals_among, parse_deals, schedule, setup, tables, DealsError, Setup};
pub use summary::{summarize, Head2Head, Standing, Summary};

/// Makes a fresh player for one game from an entrant's name and a seed.
pub type PlayerFactory<'a> = dyn Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + 'a;

/// What a tournament plays.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TournamentConfig {
    pub form: Form,
    /// Seats at the table; `None` for the form's only count (a melee needs
    /// 3 or 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<usize>,
    /// The entrants' names (bot specs or engine commands).
    pub entrants: Vec<String>,
    /// Games per table of entrants (per pairing, in the two-sided forms).
    pub games: u32,
    pub seed: u64,
    /// Deals to cycle through: each the schools in seat order (in team play
    /// seats 0 and 2 are one team, 1 and 3 the other; see [`all_deals`]).
    pub schools: Vec<Vec<School>>,
    /// How the players' seeds are derived from each game's chance seed
    /// (absent from the folders written before it: [`PlayerSeeds::Xor`]).
    #[serde(default = "PlayerSeeds::before_v2")]
    pub player_seeds: PlayerSeeds,
}

/// How a tournament derives the players' seeds from a game's chance seed.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerSeeds {
    /// `chance seed ^ (0x5eed_0001 + seat)`, as in the folders written
    /// before this field. It can be turned back into the chance seed (an
    /// engine did, and knew its opponent's hand), so it is kept only to
    /// resume such folders whose entrants are all our own bots, which
    /// never look at more than their observation.
    Xor,
    /// [`seeds::player`]: one way, from the chance seed and the seat.
    Sha256,
}

impl PlayerSeeds {
    fn before_v2() -> PlayerSeeds {
        PlayerSeeds::Xor
    }

    /// The seed of the player in `seat` of a game whose chance is seeded
    /// by `game_seed`.
    pub fn player(self, game_seed: u64, seat: usize) -> u64 {
        match self {
            PlayerSeeds::Xor => game_seed ^ (0x5eed_0001 + seat as u64),
            PlayerSeeds::Sha256 => seeds::player(game_seed, seat),
        }
    }
}

impl TournamentConfig {
    /// Seats at the table.
    pub fn seat_count(&self) -> usize {
        self.seats.unwrap_or(*self.form.seats().start())
    }

    /// Sides of a game: teams in team play, otherwise seats.
    pub fn sides(&self) -> usize {
        if self.form.teams() {
            2
        } else {
            self.seat_count()
        }
    }

    /// The same tournament, perhaps with another number of games.
    fn same_but_games(&self, other: &TournamentConfig) -> bool {
        let norm = |c: &TournamentConfig| TournamentConfig { seats: Some(c.seat_count()), games: 0, ..c.clone() };
        norm(self) == norm(other)
    }
}

/// One finished game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameResult {
    /// Entrant indices by seat.
    pub seats: Vec<usize>,
    /// Schools by seat.
    pub schools: Vec<School>,
    /// The table that played it: its entrants, as scheduled (a pairing in
    /// the two-sided forms).
    pub pairing: Vec<usize>,
    pub index: u32,
    pub seed: u64,
    /// Place per seat (0 first; equal places are shared; teammates share
    /// their team's).
    pub places: Vec<u8>,
    pub scores: Vec<i16>,
    pub turns: u16,
    pub choices: u32,
    /// Discard actions per seat (empty in results written before they
    /// were counted).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<u16>,
    /// Per seat, whether its deck had run out when the game ended (empty
    /// in older results).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks_out: Vec<bool>,
    /// Legends each seat returned to the shared legend deck (empty in
    /// older results, as are the three below).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legends_returned: Vec<u16>,
    /// Flares each seat invoked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flares: Vec<u16>,
    /// Per seat, the longest wall-clock time of one of its choices, and of
    /// its choices in one turn, in milliseconds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slowest_choice_ms: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slowest_turn_ms: Vec<u32>,
}

#[cfg(test)]
mod tests;
