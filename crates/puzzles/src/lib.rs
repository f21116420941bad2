//! Tash-Kalar puzzles: the format and the verifier.
//!
//! A [`Puzzle`] is a position (the rules' position notation, whose `turn`
//! line names the seat to play), a theme, the solution (the choices of one
//! turn, as choice texts) and a difficulty. [`verify`] searches every
//! sequence of the seat's choices until its turn ends and accepts the
//! puzzle only when the solution is clearly best by the theme's measure:
//! the solution reaches the best result, and every line of the turn that
//! never plays the solution's first choice (the key) falls short of it by
//! at least the theme's margin. (Keyed on the choice, not on its place in
//! the line: free choices such as a warp played first only reorder it.) Chance is excluded: a sequence
//! stops where chance would act (mid-turn draws are not searched).

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};
use tash_kalar_rules::{Actor, Choice, ChoiceTextError, Form, Game, Phase, Position, PositionError, School, Seat};

/// What the puzzle asks, and so how a turn's result is measured.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// End the game this turn as its winner.
    WinNow,
    /// Score the most this turn: the seat's lead over its best opponent
    /// when the turn ends.
    BestScore,
    /// Claim the most tasks this turn (the High Form).
    ClaimTask,
    /// A defence: the opponent would win on its next turn, unless this
    /// turn's key choice stops it. Measured 1 where no line of the next
    /// seat's turn wins for it (or this seat has won), else 0.
    StopTheWin,
}

impl Theme {
    /// How far every other first choice must fall short of the solution.
    pub fn margin(self) -> i32 {
        1
    }

    /// Every theme, in the order the generator tries them.
    pub const ALL: [Theme; 4] = [Theme::WinNow, Theme::StopTheWin, Theme::ClaimTask, Theme::BestScore];

    /// The theme's name, as stored.
    pub fn name(self) -> &'static str {
        match self {
            Theme::WinNow => "win-now",
            Theme::BestScore => "best-score",
            Theme::ClaimTask => "claim-task",
            Theme::StopTheWin => "stop-the-win",
        }
    }

    /// The highest measure there is, where a search may stop early.
    fn ceiling(self) -> Option<i32> {
        match self {
            Theme::WinNow | Theme::StopTheWin => Some(1),
            Theme::BestScore | Theme::ClaimTask => None,
        }
    }

    /// The measure of a game where `seat`'s search stopped: higher is
    /// better. Where the search cannot tell (see [`settled`]) a win/loss
    /// theme counts the best for the seat if `optimistic`, else the worst.
    fn measure(self, game: &Game, seat: Seat, optimistic: bool, search: &mut Search) -> Result<i32, VerifyError> {
        Ok(match self {
            // the last turn's end draws come before the game is over: dealt
            // in the first legal way, as cards drawn then change nothing
            Theme::WinNow => settled(game).map_or(i32::from(optimistic), |g| won(&g, seat)),
            Theme::ClaimTask => game.tasks().map_or(0, |t| t.claimed[usize::from(seat)].len() as i32),
            Theme::StopTheWin => match settled(game) {
                Some(g) if g.is_over() => won(&g, seat),
                // the turn's end draws: any cards will do, the next seat's
                // turn does not depend on them; the opponent's unsearched
                // lines count for it where ours count against us, and the
                // other way round
                Some(g) => match g.actor() {
                    Actor::Seat(o) if o != seat && g.teammate(seat) != Some(o) => {
                        1 - best_of(&g, o, Theme::WinNow, None, !optimistic, search)?
                    }
                    _ => i32::from(optimistic),
                },
                // a draw in the middle of the turn, or an extra turn: not
                // searched, so counted against the solution and for the
                // other lines: a line through it keeps a puzzle from being
                // accepted and never proves one
                None => i32::from(optimistic),
            },
            Theme::BestScore => {
                let own = i32::from(game.seat(seat).score);
                let best_other = (0..game.seat_count() as Seat)
                    .filter(|&s| s != seat && game.teammate(seat) != Some(s))
                    .map(|s| i32::from(game.seat(s).score))
                    .max()
                    .unwrap_or(0);
                own - best_other
            }
        })
    }
}

/// The game where a seat's search stopped with its turn's end draws dealt
/// in the first legal way (the game is over after them, or the next seat
/// is to play); None where the search cannot tell how the turn ends: chance
/// acts in the middle of the turn (a draw the search does not deal), or an
/// extra turn follows (Time Elemental).
fn settled(game: &Game) -> Option<Game> {
    let turn_end = matches!(game.phase(), Phase::Refill { .. } | Phase::RevealTasks | Phase::NextTask { .. });
    if game.is_over() {
        return Some(game.clone());
    }
    if game.turn().extra_turn || (game.actor() == Actor::Chance && !turn_end) {
        return None;
    }
    let mut g = game.clone();
    while g.actor() == Actor::Chance {
        let Some(&c) = g.legal_choices().first() else { break };
        g.apply_unchecked(c);
    }
    Some(g)
}

fn won(game: &Game, seat: Seat) -> i32 {
    match game.outcome() {
        Some(o) if o.winner() == Some(seat) => 1,
        _ => 0,
    }
}

/// One puzzle, as stored one JSON object a line.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Puzzle {
    pub id: String,
    /// The position, in the rules' position notation.
    pub position: String,
    pub theme: Theme,
    /// The seat's choices for the turn, as choice texts; it may stop before
    /// the turn ends when the rest does not matter.
    pub solution: Vec<String>,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    pub form: Form,
    pub schools: Vec<School>,
}

/// Why a puzzle was refused.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("the position does not read: {0}")]
    Position(#[from] PositionError),
    #[error("solution choice {index} does not read: {error}")]
    Syntax { index: usize, error: ChoiceTextError },
    #[error("solution choice {index} is not legal here")]
    Illegal { index: usize },
    #[error("the solution is empty, or no seat is to play")]
    Empty,
    #[error("the solution does not reach the best result ({got} < {best})")]
    NotBest { got: i32, best: i32 },
    #[error("a line without the solution's first choice reaches {value}, within the margin")]
    NotUnique { value: i32 },
    #[error("the search passed its budget of {0} positions")]
    TooBig(u64),
}

/// What a successful verification found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// The best result (the solution's).
    pub best: i32,
    /// The best result of a line that never plays the solution's first
    /// choice (None: every line plays it).
    pub runner_up: Option<i32>,
    /// Legal first choices.
    pub first_choices: usize,
    /// Positions searched.
    pub nodes: u64,
}

/// The default search budget: positions visited per verification.
pub const BUDGET: u64 = 2_000_000;

/// Plays `texts` on `game` from its current state; returns the first
/// illegal or unreadable one's error.
pub fn play(game: &mut Game, texts: &[String]) -> Result<(), VerifyError> {
    for (index, text) in texts.iter().enumerate() {
        let choice: Choice = text.parse().map_err(|error| VerifyError::Syntax { index, error })?;
        if !matches!(game.actor(), Actor::Seat(_)) || !game.is_legal(choice) {
            return Err(VerifyError::Illegal { index });
        }
        let choice = game.normalize(choice);
        game.apply_unchecked(choice);
    }
    Ok(())
}

/// Whether `choices` solve `puzzle`: legal, and reaching the best result
/// (the verifier has proven that only the solution's first choice does).
pub fn solves(puzzle: &Puzzle, choices: &[String], budget: u64) -> Result<bool, VerifyError> {
    let mut game = Position::from_text(&puzzle.position)?.to_game()?;
    let Actor::Seat(seat) = game.actor() else { return Err(VerifyError::Empty) };
    let best = verify(puzzle, budget)?.best;
    if play(&mut game, choices).is_err() {
        return Ok(false);
    }
    Ok(best_of(&game, seat, puzzle.theme, None, false, &mut Search::new(budget))? >= best)
}

/// Proves the puzzle's solution clearly best (see the crate's doc).
pub fn verify(puzzle: &Puzzle, budget: u64) -> Result<Verdict, VerifyError> {
    let game = Position::from_text(&puzzle.position)?.to_game()?;
    let Actor::Seat(seat) = game.actor() else { return Err(VerifyError::Empty) };
    let first = puzzle.solution.first().ok_or(VerifyError::Empty)?;
    let mut after = game.clone();
    play(&mut after, &puzzle.solution)?;
    let key: Choice = first.parse().map_err(|error| VerifyError::Syntax { index: 0, error })?;
    let key = game.normalize(key);
    let mut search = Search::new(budget);
    // what the search cannot tell counts against the solution and for
    // every other line
    let got = best_of(&after, seat, puzzle.theme, None, false, &mut search)?;
    let best = best_of(&game, seat, puzzle.theme, None, false, &mut search)?;
    // the key is needed: no line of the turn that avoids it comes close
    let without = best_of(&game, seat, puzzle.theme, Some(key), true, &mut search)?;
    if got < best {
        return Err(VerifyError::NotBest { got, best });
    }
    let runner_up = (without != i32::MIN).then_some(without);
    if let Some(v) = runner_up {
        if v > best - puzzle.theme.margin() {
            return Err(VerifyError::NotUnique { value: v });
        }
    }
    Ok(Verdict { best, runner_up, first_choices: game.legal_choices().len(), nodes: search.nodes })
}

/// A search's count of positions and its memory of positions measured:
/// lines of a turn that differ only in order meet again.
struct Search {
    nodes: u64,
    budget: u64,
    memo: HashMap<u64, i32>,
}

impl Search {
    fn new(budget: u64) -> Search {
        Search { nodes: 0, budget, memo: HashMap::new() }
    }
}

/// The best measure `seat` can reach from `game` before its turn ends,
/// never playing `avoid` (`i32::MIN`: every line plays it); `optimistic`:
/// whether what the search cannot tell counts for the seat (an upper
/// bound, for the lines that must fall short) or against it (a lower
/// bound, for the solution).
fn best_of(
    game: &Game,
    seat: Seat,
    theme: Theme,
    avoid: Option<Choice>,
    optimistic: bool,
    search: &mut Search,
) -> Result<i32, VerifyError> {
    search.nodes += 1;
    if search.nodes > search.budget {
        return Err(VerifyError::TooBig(search.budget));
    }
    if game.actor() != Actor::Seat(seat) {
        return theme.measure(game, seat, optimistic, search);
    }
    // a 64-bit key: a collision among a search's few million positions is
    // far less likely than a fault in the machine
    let mut h = DefaultHasher::new();
    (game, seat, theme, avoid, optimistic).hash(&mut h);
    let key = h.finish();
    if let Some(&v) = search.memo.get(&key) {
        return Ok(v);
    }
    let mut best = i32::MIN;
    for c in game.legal_choices() {
        if Some(c) == avoid {
            continue;
        }
        let mut g = game.clone();
        g.apply_unchecked(c);
        best = best.max(best_of(&g, seat, theme, avoid, optimistic, search)?);
        if Some(best) == theme.ceiling() {
            break;
        }
    }
    search.memo.insert(key, best);
    Ok(best)
}

/// A line of the turn from `game` (the seat to play's) that reaches the
/// best measure, with that measure: what a generator offers as a
/// solution before [`verify`] proves it.
pub fn best_line(game: &Game, theme: Theme, budget: u64) -> Result<(i32, Vec<Choice>), VerifyError> {
    let Actor::Seat(seat) = game.actor() else { return Err(VerifyError::Empty) };
    let mut search = Search::new(budget);
    let mut line = Vec::new();
    let mut at = game.clone();
    let best = best_of(&at, seat, theme, None, false, &mut search)?;
    // walk down the first choice that keeps the best within reach
    while at.actor() == Actor::Seat(seat) {
        let mut next = None;
        for c in at.legal_choices() {
            let mut g = at.clone();
            g.apply_unchecked(c);
            if best_of(&g, seat, theme, None, false, &mut search)? == best {
                next = Some((c, g));
                break;
            }
        }
        let Some((c, g)) = next else { break };
        line.push(c);
        at = g;
    }
    Ok((best, line))
}
