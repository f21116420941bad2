//! The training data: positions of self-play games (the start of each
//! turn past the first two, from both seats' sides), each with the value
//! network's inputs, the linear evaluation's value (to measure the network
//! against) and the game's result for the seat. The games are those of the
//! evaluation's own fit ([`crate::train::play_training_game`]): all seven
//! schools dealt in every pairing, seats rotated, chance from a seed.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use tash_kalar_rules::{Form, Seat};

use super::features::{board_inputs, features, BoardOn, Features, BOARD_INPUTS, INPUTS};
use crate::eval::{evaluate_end_seats, EndWeights, Weights};
use crate::jobs::in_game_order;
use crate::spec::BotSpec;
use crate::train::play_training_game;

/// One position from one seat's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub x: Features,
    /// The board inputs on.
    pub board: BoardOn,
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
    let mut seen: Vec<(Seat, Features, BoardOn, f64)> = Vec::new();
    let results = play_training_game(form, [players, players], i, seed, |game| {
        let linear = evaluate_end_seats(game, &w, &e);
        for seat in 0..2u8 {
            let v = linear[seat as usize];
            seen.push((seat, features(game, seat, v, &e), board_inputs(game, seat), v));
        }
    });
    let Some(results) = results else { return Vec::new() };
    seen.into_iter()
        .map(|(seat, x, board, linear)| Position { x, board, linear, result: results[seat as usize], game: i })
        .collect()
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

/// The first line of a positions file: what its inputs are, so that a
/// file made by a build that read positions otherwise is refused rather
/// than misread.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Header {
    format: String,
    inputs: usize,
    board_inputs: usize,
}

const FORMAT: &str = "tash-kalar value positions 1";

/// The highest game number a positions file may hold: far more games than
/// any run makes, with room left to number the games of the runs after it.
pub const MAX_GAME: u32 = 1 << 30;

impl Header {
    fn this_build() -> Header {
        Header { format: FORMAT.into(), inputs: INPUTS, board_inputs: BOARD_INPUTS }
    }
}

/// One position as a line of the file.
#[derive(Serialize, Deserialize)]
struct Line {
    game: u32,
    result: f64,
    linear: f64,
    x: Vec<f64>,
    board: Vec<u16>,
}

/// Why a positions file was refused.
#[derive(Debug, thiserror::Error)]
pub enum PositionsError {
    #[error("reading or writing the positions: {0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {why}")]
    Line { line: usize, why: String },
    #[error("made by a build that reads positions otherwise ({found}; this build: {expected})")]
    Format { found: String, expected: String },
}

/// Writes `positions` to `out`, the header first if `header`.
pub fn write_positions(out: &mut impl Write, positions: &[Position], header: bool) -> Result<(), PositionsError> {
    if header {
        writeln!(out, "{}", serde_json::to_string(&Header::this_build()).expect("a header serialises"))?;
    }
    for p in positions {
        let line = Line { game: p.game, result: p.result, linear: p.linear, x: p.x.to_vec(), board: p.board.to_vec() };
        writeln!(out, "{}", serde_json::to_string(&line).expect("a position serialises"))?;
    }
    Ok(())
}

/// Reads a positions file written by [`write_positions`], every line
/// checked (the inputs' count, finite numbers, a result of 0, ½ or 1, the
/// board inputs in range, a game number of at most [`MAX_GAME`]).
pub fn read_positions(input: impl BufRead) -> Result<Vec<Position>, PositionsError> {
    let mut lines = input.lines();
    let expected = serde_json::to_string(&Header::this_build()).expect("a header serialises");
    let first = lines.next().transpose()?.unwrap_or_default();
    match serde_json::from_str::<Header>(&first) {
        Ok(h) if h == Header::this_build() => {}
        _ => return Err(PositionsError::Format { found: first.chars().take(200).collect(), expected }),
    }
    let mut out = Vec::new();
    for (k, text) in lines.enumerate() {
        let line = k + 2;
        let bad = |why: String| PositionsError::Line { line, why };
        let l: Line = serde_json::from_str(&text?).map_err(|e| bad(e.to_string()))?;
        let x: Features = l.x.try_into().map_err(|v: Vec<f64>| bad(format!("{} inputs, not {INPUTS}", v.len())))?;
        if !x.iter().chain([&l.linear]).all(|v| v.is_finite()) || ![0.0, 0.5, 1.0].contains(&l.result) {
            return Err(bad("an input not finite, or a result not 0, 0.5 or 1".into()));
        }
        if l.game > MAX_GAME {
            return Err(bad(format!("game number {} above {MAX_GAME}", l.game)));
        }
        if l.board.len() > BoardOn::new().capacity() || l.board.iter().any(|&i| usize::from(i) >= BOARD_INPUTS) {
            return Err(bad("a board input out of range".into()));
        }
        out.push(Position {
            x,
            board: l.board.into_iter().collect(),
            linear: l.linear,
            result: l.result,
            game: l.game,
        });
    }
    Ok(out)
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
        // written and read back, the same positions; a second batch appended without a header
        let mut text = Vec::new();
        write_positions(&mut text, &positions[..10], true).unwrap();
        write_positions(&mut text, &positions[10..], false).unwrap();
        assert_eq!(read_positions(text.as_slice()).unwrap(), positions);
    }

    #[test]
    fn a_positions_file_of_another_build_or_with_a_bad_line_is_refused() {
        let players: BotSpec = "greedy:noise=0.5".parse().unwrap();
        let positions = collect(&[Form::Duel], &players, 1, 4, 1, &|_| {});
        let mut text = Vec::new();
        write_positions(&mut text, &positions, true).unwrap();
        let text = String::from_utf8(text).unwrap();
        let other = text.replacen(&format!("\"inputs\":{INPUTS}"), "\"inputs\":41", 1);
        assert!(matches!(read_positions(other.as_bytes()), Err(PositionsError::Format { .. })));
        assert!(matches!(read_positions("".as_bytes()), Err(PositionsError::Format { .. })));
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[2] = lines[2].replacen("\"result\":", "\"result\":7,\"was\":", 1);
        let err = read_positions(lines.join("\n").as_bytes()).unwrap_err();
        assert!(matches!(err, PositionsError::Line { line: 3, .. }), "{err}");
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[1] = lines[1].replacen("\"board\":[", "\"board\":[9999,", 1);
        assert!(matches!(read_positions(lines.join("\n").as_bytes()), Err(PositionsError::Line { line: 2, .. })));
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[1] = lines[1].replacen("\"game\":0,", &format!("\"game\":{},", u32::MAX), 1);
        let err = read_positions(lines.join("\n").as_bytes()).unwrap_err();
        assert!(matches!(err, PositionsError::Line { line: 2, .. }), "{err}");
        assert!(err.to_string().contains("game number"), "{err}");
    }
}
