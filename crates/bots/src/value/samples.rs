//! The training data: positions of self-play games (the start of each
//! turn past the first two, from both seats' sides), each with the value
//! network's inputs, the linear evaluation's value (to measure the network
//! against) and the game's result for the seat. The games are those of the
//! evaluation's own fit ([`crate::train::play_training_game`]): all seven
//! schools dealt in every pairing, seats rotated, chance from a seed.

use tash_kalar_rules::{Form, Seat};

use super::features::{features, Features};
use crate::eval::{evaluate_end_seats, EndWeights, Weights};
use crate::jobs::in_game_order;
use crate::spec::BotSpec;
use crate::train::play_training_game;

/// One position from one seat's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub x: Features,
    /// The linear evaluation's value for the seat, in evaluation points.
    pub linear: f64,
    /// 1 won, ½ level, 0 lost.
    pub result: f64,
    /// The game it comes from (to hold games out).
    pub game: u32,
}

/// The positions of game number `i` (none if it did not end), judged with
/// the evaluation's default weights (those the search uses by default).
pub fn play_for_positions(form: Form, players: &BotSpec, i: u32, seed: u64) -> Vec<Position> {
    let (w, e) = (Weights::default(), EndWeights::default());
    let mut seen: Vec<(Seat, Features, f64)> = Vec::new();
    let results = play_training_game(form, [players, players], i, seed, |game| {
        let linear = evaluate_end_seats(game, &w, &e);
        for seat in 0..2u8 {
            let v = linear[seat as usize];
            seen.push((seat, features(game, seat, v, &e), v));
        }
    });
    let Some(results) = results else { return Vec::new() };
    seen.into_iter().map(|(seat, x, linear)| Position { x, linear, result: results[seat as usize], game: i }).collect()
}

/// The positions of `games` games in each of `forms` (game `i` in form
/// `forms[i % forms.len()]`) on `jobs` threads, in game order whatever the
/// threads' timing; `progress` is told the games done so far.
pub fn collect(
    forms: &[Form],
    players: &BotSpec,
    games: u32,
    seed: u64,
    jobs: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Position> {
    let total = games * forms.len() as u32;
    let play = |i: u32| play_for_positions(forms[(i % forms.len() as u32) as usize], players, i, seed);
    in_game_order(total, jobs, play, progress).into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::fit::{fit, FitConfig};
    use crate::value::{parse_value_net, value_net_json, ValueNet};

    #[test]
    fn training_twice_from_one_seed_writes_the_same_file() {
        let players: BotSpec = "greedy:noise=0.5".parse().unwrap();
        let run = || {
            let positions = collect(&[Form::Duel, Form::HighForm], &players, 3, 9, 2, &|_| {});
            let f = fit(&positions, &FitConfig { seed: 9, max_epochs: 5, ..FitConfig::default() });
            (positions, value_net_json(&ValueNet { mlp: f.mlp, scale: f.scale, seen: f.seen, about: "test".into() }))
        };
        let (positions, file) = run();
        assert!(positions.len() > 40, "{} positions", positions.len());
        assert!(positions.iter().all(|p| [0.0, 0.5, 1.0].contains(&p.result) && p.x.iter().all(|v| v.is_finite())));
        // both seats' sides of a position: the results add up to one
        assert!(positions.chunks(2).all(|pair| pair[0].result + pair[1].result == 1.0));
        assert_eq!(run().1, file);
        assert!(parse_value_net(&file).is_ok());
    }
}
