//! A game set up as the options of `play` ask (`Table`): the match, the
//! bots and the driver. Line mode (`play.rs`) and full screen (`tui/`)
//! both play at one; neither imports the other.

use std::path::Path;

use anyhow::{Context, Result};
use tash_kalar_arena::{seeds, Entrant};
use tash_kalar_bots::{Bot, Driver, Seating};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{Form, Match, Record};

use crate::selfplay::derive_seed;

/// A game set up as the options ask: the match, who plays each seat, the
/// bots and the driver (chance's generator, and which seats are played here).
pub(crate) struct Table {
    pub m: Match,
    pub form: Form,
    pub seed: u64,
    /// One bot for each seat (those of human seats are never asked).
    pub bots: Vec<Box<dyn Bot>>,
    /// Draws for chance; its seats say which are played here
    /// ([`Seating::Person`]) and which by the bots.
    pub driver: Driver,
    /// The language of the texts shown.
    pub lang: Lang,
    /// Who plays each seat, as the texts name them (a bot by its spec).
    pub players: Vec<tash_kalar_present::Player>,
}

impl Table {
    /// `opponent` is `human` (hotseat: every seat played here) or a bot spec;
    /// `seat` is the seat (1-based) played here against bots.
    pub fn new(form: &str, decks: &[String], opponent: &str, seed: Option<u64>, seat: u8) -> Result<Table> {
        let form = crate::parse_form(form)?;
        let schools = crate::parse_decks(form, decks)?;
        let seed = seed.unwrap_or_else(new_seed);
        let m = Match::new(form, &schools, Some(seed))?;
        Table::at(m, opponent, seed, seat)
    }

    /// A game branched from a record: the record's game after its text line
    /// `at` (1-based, as errors name lines; the whole record without it),
    /// played on from there as [`Table::new`]'s options say.
    pub fn branch(record: &Path, at: Option<usize>, opponent: &str, seed: Option<u64>, seat: u8) -> Result<Table> {
        let text = std::fs::read_to_string(record).with_context(|| format!("cannot read {}", record.display()))?;
        let parsed = Record::parse(&text).with_context(|| format!("{}", record.display()))?;
        let upto = match at {
            Some(line) => parsed.through_line(line).with_context(|| format!("{}: --at {line}", record.display()))?,
            None => parsed.clone(),
        };
        let m = Match::from_record(&upto).with_context(|| format!("{}", record.display()))?;
        if m.game().is_over() {
            anyhow::bail!("{}: the game is over there; branch at an earlier line (--at)", record.display());
        }
        let seed = seed.or(parsed.seed).unwrap_or_else(new_seed);
        Table::at(m, opponent, seed, seat)
    }

    /// The table for a match: who plays each seat and the bots.
    fn at(m: Match, opponent: &str, seed: u64, seat: u8) -> Result<Table> {
        let form = m.game().form();
        let seats = m.game().seat_count();
        if seat == 0 || seat as usize > seats {
            anyhow::bail!("--seat {seat}: there are {seats} seats");
        }
        let hotseat = opponent == "human";
        let seating = (0..seats)
            .map(|s| if hotseat || s + 1 == seat as usize { Seating::Person } else { Seating::Bot })
            .collect();
        let driver = Driver::new(derive_seed(seed, 0, 0), seating);
        let specs = opponent_specs(opponent, seats, seat as usize - 1)?;
        let entrants = specs
            .iter()
            .map(|spec| spec.parse::<Entrant>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("--opponent: {e}"))?;
        // one bot for each seat (used for the seats not played here), seeded
        // one way from the game's seed and its seat: an outside engine
        // cannot work back to the seed that deals the cards
        let mut bots = Vec::new();
        for (s, entrant) in entrants.iter().enumerate() {
            let bot: Box<dyn Bot> = entrant
                .player(seeds::derive(seed, "play player", &[s as u64]))
                .with_context(|| format!("--opponent {entrant}"))?;
            bots.push(bot);
        }
        let players = driver
            .seats()
            .iter()
            .zip(&specs)
            .map(|(seating, spec)| tash_kalar_present::Player {
                name: None,
                bot: (*seating == Seating::Bot).then(|| spec.clone()),
            })
            .collect();
        Ok(Table { m, form, seed, bots, driver, lang: Lang::En, players })
    }
}

/// A seed from the clock, for a game not given one.
fn new_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}

fn opponent_specs(opponent: &str, seats: usize, human_seat: usize) -> Result<Vec<String>> {
    if opponent == "human" {
        return Ok(vec!["random".to_string(); seats]);
    }
    let list = tash_kalar_bots::split_specs(opponent);
    match list.len() {
        1 => Ok(vec![list[0].clone(); seats]),
        n if n + 1 == seats => {
            let mut specs = list;
            specs.insert(human_seat, "random".to_string());
            Ok(specs)
        }
        n => anyhow::bail!("--opponent: {n} bots for {} other seats: give one, or one per other seat", seats - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_are_one_spec_for_all_or_one_per_other_seat() {
        let specs = opponent_specs("mcts:iterations=50,threads=2", 3, 0).unwrap();
        assert_eq!(specs, vec!["mcts:iterations=50,threads=2"; 3]);
        // the human's seat (here the second) gets a stand-in
        let specs = opponent_specs("greedy,mcts:iterations=50,threads=2", 3, 1).unwrap();
        assert_eq!(specs, ["greedy", "random", "mcts:iterations=50,threads=2"]);
        assert_eq!(opponent_specs("human", 4, 0).unwrap().len(), 4);
        assert!(opponent_specs("greedy,random", 4, 0).is_err());
        assert!(opponent_specs("greedy,random,mcts,random", 4, 0).is_err());
    }
}
