//! The results of a tournament's games: standings by side and pairwise
//! results, with win rates, their intervals and Elo ratings.

use serde::{Deserialize, Serialize};
use tash_kalar_bots::rating::{elo, wilson, Pairing};
use tash_kalar_rules::Form;

use super::{GameResult, TournamentConfig};

/// One entrant's line in the results, counted by side (a seat, or a team).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Standing {
    pub name: String,
    /// Sides played: games, or in a melee with fewer entrants than seats
    /// the seats played.
    pub games: u32,
    /// Placed first alone.
    pub wins: u32,
    /// Placed first with another side.
    pub draws: u32,
    /// Not placed first.
    pub losses: u32,
    /// (wins + draws/2) / games, with its 95% Wilson interval.
    pub score: f64,
    pub score_low: f64,
    pub score_high: f64,
    /// The mean place, 1 for first.
    #[serde(default)]
    pub mean_place: f64,
    pub elo: f64,
    pub elo_error: f64,
    /// Seats played in the games whose discards and decks were recorded,
    /// the discard actions a seat made in a game on average, and the seats
    /// whose deck had run out at the end.
    #[serde(default)]
    pub counted_seats: u32,
    #[serde(default)]
    pub discards_per_game: f64,
    #[serde(default)]
    pub decks_out: u32,
    /// Seats played in the games whose cards spent and times were
    /// recorded; per such seat and game, the legends it returned to the
    /// shared deck, the flares it invoked, and those it invoked in games
    /// it did not place first (each a point to an opponent, and the game
    /// lost all the same); the longest time of one choice and of one
    /// turn's choices, in seconds.
    #[serde(default)]
    pub timed_seats: u32,
    #[serde(default)]
    pub legends_returned_per_game: f64,
    #[serde(default)]
    pub flares_per_game: f64,
    #[serde(default)]
    pub flares_for_nothing_per_game: f64,
    #[serde(default)]
    pub slowest_choice: f64,
    #[serde(default)]
    pub slowest_turn: f64,
}

/// One pairing's line in the results: the pairwise results of the two
/// entrants' sides in the games both played.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Head2Head {
    pub a: String,
    pub b: String,
    /// Games both played.
    pub games: u32,
    /// Pairwise results (one per game in the two-sided forms): a placed
    /// ahead of b, level, behind.
    pub a_wins: u32,
    pub draws: u32,
    pub b_wins: u32,
    /// a's score rate and its 95% interval.
    pub a_score: f64,
    pub a_low: f64,
    pub a_high: f64,
    pub avg_turns: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Summary {
    pub form: Form,
    /// Seats at the table.
    #[serde(default)]
    pub seats: usize,
    pub games: usize,
    pub standings: Vec<Standing>,
    pub pairings: Vec<Head2Head>,
}

/// A game's sides: each side's entrant and place (a team's first seat
/// stands for it).
fn sides_of(form: Form, r: &GameResult) -> Vec<(usize, u8)> {
    let n = if form.teams() { 2.min(r.seats.len()) } else { r.seats.len() };
    (0..n).map(|s| (r.seats[s], r.places[s])).collect()
}

/// 1 if place `a` is ahead of `b`, 0.5 if level, 0 if behind.
fn ahead(a: u8, b: u8) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// The table of a tournament's results.
pub fn summarize(config: &TournamentConfig, results: &[GameResult]) -> Summary {
    let n = config.entrants.len();
    let mut pairwise = Vec::new();
    // wins, draws, losses and the sum of places, per entrant
    let mut w = vec![(0u32, 0u32, 0u32, 0u64); n];
    let mut h2h = vec![vec![(0u32, 0u32, 0u32, 0u32, 0u64); n]; n];
    for r in results {
        let sides = sides_of(config.form, r);
        let weight = 1.0 / (sides.len().max(2) - 1) as f64;
        for (i, &(e, place)) in sides.iter().enumerate() {
            let firsts = sides.iter().filter(|s| s.1 == 0).count();
            let t = &mut w[e];
            match (place, firsts) {
                (0, 1) => t.0 += 1,
                (0, _) => t.1 += 1,
                _ => t.2 += 1,
            }
            t.3 += place as u64;
            for &(f, other) in &sides[i + 1..] {
                if f == e {
                    continue;
                }
                let score = ahead(place, other);
                pairwise.push(Pairing { a: e, b: f, score, weight });
                let (lo, hi, s) = if e < f { (e, f, score) } else { (f, e, 1.0 - score) };
                let x = &mut h2h[lo][hi];
                match s {
                    s if s > 0.75 => x.0 += 1,
                    s if s < 0.25 => x.2 += 1,
                    _ => x.1 += 1,
                }
            }
        }
        // the games each two entrants played together
        let mut present: Vec<usize> = sides.iter().map(|s| s.0).collect();
        present.sort();
        present.dedup();
        for (i, &a) in present.iter().enumerate() {
            for &b in &present[i + 1..] {
                h2h[a][b].3 += 1;
                h2h[a][b].4 += r.turns as u64;
            }
        }
    }
    // discards and decks run out, per seat an entrant played
    let mut seat_counts = vec![(0u32, 0u64, 0u32); n];
    for r in results.iter().filter(|r| r.discards.len() == r.seats.len() && r.decks_out.len() == r.seats.len()) {
        for (s, &e) in r.seats.iter().enumerate() {
            let t = &mut seat_counts[e];
            t.0 += 1;
            t.1 += r.discards[s] as u64;
            t.2 += r.decks_out[s] as u32;
        }
    }
    // cards spent and time taken, per seat an entrant played
    #[derive(Clone, Default)]
    struct Spent {
        seats: u32,
        legends: u64,
        flares: u64,
        for_nothing: u64,
        choice_ms: u32,
        turn_ms: u32,
    }
    let mut spent = vec![Spent::default(); n];
    let recorded = |r: &&GameResult| {
        let k = r.seats.len();
        [r.legends_returned.len(), r.flares.len(), r.slowest_choice_ms.len(), r.slowest_turn_ms.len()] == [k; 4]
    };
    for r in results.iter().filter(recorded) {
        for (s, &e) in r.seats.iter().enumerate() {
            let t = &mut spent[e];
            t.seats += 1;
            t.legends += r.legends_returned[s] as u64;
            t.flares += r.flares[s] as u64;
            if r.places[s] > 0 {
                t.for_nothing += r.flares[s] as u64;
            }
            t.choice_ms = t.choice_ms.max(r.slowest_choice_ms[s]);
            t.turn_ms = t.turn_ms.max(r.slowest_turn_ms[s]);
        }
    }
    let per = |x: u64, seats: u32| if seats > 0 { x as f64 / seats as f64 } else { 0.0 };
    let ratings = elo(n, &pairwise);
    let standings = (0..n)
        .map(|i| {
            let (wins, draws, losses, places) = w[i];
            let games = wins + draws + losses;
            let points = wins as f64 + draws as f64 / 2.0;
            let (lo, hi) = wilson(points, games as f64);
            Standing {
                name: config.entrants[i].clone(),
                games,
                wins,
                draws,
                losses,
                score: if games > 0 { points / games as f64 } else { 0.0 },
                score_low: lo,
                score_high: hi,
                mean_place: if games > 0 { 1.0 + places as f64 / games as f64 } else { 0.0 },
                elo: ratings[i].0,
                elo_error: ratings[i].1,
                counted_seats: seat_counts[i].0,
                discards_per_game: if seat_counts[i].0 > 0 {
                    seat_counts[i].1 as f64 / seat_counts[i].0 as f64
                } else {
                    0.0
                },
                decks_out: seat_counts[i].2,
                timed_seats: spent[i].seats,
                legends_returned_per_game: per(spent[i].legends, spent[i].seats),
                flares_per_game: per(spent[i].flares, spent[i].seats),
                flares_for_nothing_per_game: per(spent[i].for_nothing, spent[i].seats),
                slowest_choice: spent[i].choice_ms as f64 / 1000.0,
                slowest_turn: spent[i].turn_ms as f64 / 1000.0,
            }
        })
        .collect();
    let mut pairings = Vec::new();
    for (a, row) in h2h.iter().enumerate() {
        for (b, &(aw, d, bw, games, turns)) in row.iter().enumerate().skip(a + 1) {
            if games == 0 && config.sides() > 2 {
                continue;
            }
            let meetings = aw + d + bw;
            let points = aw as f64 + d as f64 / 2.0;
            let (lo, hi) = wilson(points, meetings as f64);
            pairings.push(Head2Head {
                a: config.entrants[a].clone(),
                b: config.entrants[b].clone(),
                games,
                a_wins: aw,
                draws: d,
                b_wins: bw,
                a_score: if meetings > 0 { points / meetings as f64 } else { 0.0 },
                a_low: lo,
                a_high: hi,
                avg_turns: if games > 0 { turns as f64 / games as f64 } else { 0.0 },
            });
        }
    }
    Summary { form: config.form, seats: config.seat_count(), games: results.len(), standings, pairings }
}
