//! Puzzle generation: seeded games of the easy bot (greedy with noise, so
//! that scores and threats arise as between people), each turn's start a
//! candidate, kept when a theme's best line of the turn is proven clearly
//! best ([`tash_kalar_puzzles::verify`]) and the position is new.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};
pub use tash_kalar_puzzles::Puzzle;
use tash_kalar_puzzles::{best_line, verify, Theme};
use tash_kalar_rules::{Actor, Choice, Form, Game, Phase, Position, School, Seat};

use crate::composed::{self, cut_hands, reply_size};

/// Positions searched for a candidate's best line: most turns with more
/// lines than this pass it, and the rest is where puzzles are found (a
/// turn's tree that big is hard to search by eye too).
const FIND: u64 = 30_000;
/// The fewest legal first choices a puzzle offers.
const MIN_CHOICES: usize = 6;
/// Positions searched per verification.
const BUDGET: u64 = 300_000;

/// The forms games are played in, in turn: two duels for each High Form
/// game and melee of three.
pub const FORMS: [Form; 4] = [Form::Duel, Form::HighForm, Form::Duel, Form::Melee];

/// The schools of game `n`: every school in turn, with every other as its
/// opponents over 42 games.
pub fn schools_of(n: u32, seats: usize) -> Vec<School> {
    let all = School::ALL;
    let first = n as usize % 7;
    let step = 1 + (n as usize / 7) % 6;
    (0..seats).map(|i| all[(first + i * step) % 7]).collect::<Vec<_>>()
}

/// The puzzle id of a position: the first 8 hex digits of its SHA-256, so
/// that sets generated apart merge without clashes.
pub fn id_of(position: &str) -> String {
    let digest = Sha256::digest(position.as_bytes());
    let hex: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("p{hex}")
}

/// Plays `games` seeded games (forms and schools in turn) and returns the
/// verified puzzles found, deduplicated by position.
pub fn generate(games: u32, seed: u64) -> Vec<Puzzle> {
    generate_with(games, seed, |_, _| {})
}

/// [`generate`], calling `progress(game, found)` after each game.
pub fn generate_with(games: u32, seed: u64, progress: impl FnMut(u32, &[Puzzle])) -> Vec<Puzzle> {
    play_games(
        &FORMS,
        games,
        seed,
        |game, form, schools, seen, _| candidate(game, form, schools, seen).into_iter().collect(),
        progress,
    )
}

/// Plays `games` seeded games of the easy bot, forms in turn and schools
/// by [`schools_of`], and offers `pick` each main-phase position of a seat
/// (with the positions seen so far and the run's random numbers); keeps
/// what it returns, at most one turn's worth a turn (the next positions of
/// a turn mostly repeat it). `progress(game, found)` after each game.
fn play_games(
    forms: &[Form],
    games: u32,
    seed: u64,
    mut pick: impl FnMut(&Game, Form, &[School], &mut HashSet<String>, &mut ChaCha8Rng) -> Vec<Puzzle>,
    mut progress: impl FnMut(u32, &[Puzzle]),
) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for n in 0..games {
        let form = forms[n as usize % forms.len()];
        let schools = schools_of(n, if form == Form::Melee { 3 } else { 2 });
        let Ok(mut game) = Game::new(form, &schools) else { continue };
        let mut found_in = None;
        let mut bot = tash_kalar_bots::from_spec("greedy:noise=0.5", rng.gen()).expect("a valid spec");
        for _ in 0..4000 {
            if game.is_over() {
                break;
            }
            // any point of a turn's main phase: the later in the turn, the
            // fewer lines to search ("your last action: ...")
            let now = game.actor();
            let turn = game.turn().number;
            if game.phase() == Phase::Main && matches!(now, Actor::Seat(_)) && found_in != Some(turn) {
                let found = pick(&game, form, &schools, &mut seen, &mut rng);
                if !found.is_empty() {
                    out.extend(found);
                    found_in = Some(turn);
                }
            }
            let choices = game.legal_choices();
            if choices.is_empty() {
                break;
            }
            let choice = match now {
                Actor::Seat(s) => bot.choose(&game.observe(s)),
                _ => choices[rng.gen_range(0..choices.len())],
            };
            game.apply_unchecked(choice);
        }
        progress(n + 1, &out);
    }
    out
}

/// Whether the theme is worth a search here (the costly ones only where
/// they can be met).
fn worth(theme: Theme, game: &Game, form: Form) -> bool {
    let Actor::Seat(seat) = game.actor() else { return false };
    let target = form.target_score();
    let others = (0..game.seat_count() as u8).filter(|&s| s != seat && game.teammate(seat) != Some(s));
    match theme {
        Theme::WinNow => i32::from(game.seat(seat).score) + 8 >= i32::from(target),
        // a defence is asked where one opponent plays next (two sides)
        Theme::StopTheWin => {
            game.seat_count() == 2 && others.into_iter().any(|o| i32::from(game.seat(o).score) + 8 >= i32::from(target))
        }
        Theme::ClaimTask => game.tasks().is_some(),
        Theme::BestScore => true,
    }
}

fn candidate(game: &Game, form: Form, schools: &[School], seen: &mut HashSet<String>) -> Option<Puzzle> {
    let text = Position::of(game)?.to_text();
    if seen.contains(&text) {
        return None;
    }
    seen.insert(text.clone());
    let Actor::Seat(seat) = game.actor() else { return None };
    for theme in Theme::ALL {
        if !worth(theme, game, form) {
            continue;
        }
        let Ok((best, line)) = best_line(game, theme, FIND) else { continue };
        let useful = match theme {
            Theme::BestScore => best > 0,
            Theme::ClaimTask => game.tasks().is_some_and(|t| best > t.claimed[usize::from(seat)].len() as i32),
            // a defence is a defence only where the win is threatened:
            // checked by the verifier (a line without the key loses)
            Theme::WinNow | Theme::StopTheWin => best == 1,
        };
        if !useful || line.is_empty() {
            continue;
        }
        let mut puzzle = Puzzle {
            id: id_of(&text),
            position: text.clone(),
            theme,
            solution: line.iter().map(|c| c.to_text()).collect(),
            difficulty: 1,
            form,
            schools: schools.to_vec(),
        };
        let Ok(verdict) = verify(&puzzle, BUDGET) else { continue };
        // a choice among a few is no puzzle
        if verdict.first_choices < MIN_CHOICES || verdict.runner_up.is_none() {
            continue;
        }
        // a defence needs a line that loses: without one there is no threat
        if theme == Theme::StopTheWin && verdict.runner_up != Some(0) {
            continue;
        }
        // more legal first choices, more to look through
        puzzle.difficulty = (1 + verdict.first_choices / 40).min(5) as u8;
        return Some(puzzle);
    }
    None
}

/// The games' ends: where `win-now` (the game's last turn) and
/// `stop-the-win` (a duel's turn before the last) can apply at all. In the
/// first game, which ends with the turn that reaches the end score, any
/// turn of a seat (`win-now`) or of its one opponent (`stop-the-win`)
/// within 4 points of it.
fn ending_theme(game: &Game) -> Option<Theme> {
    let end = game.end_state();
    let form = game.form();
    if !form.final_round() {
        let Actor::Seat(seat) = game.actor() else { return None };
        let near = |s: u8| i32::from(game.seat(s).score) + 4 >= i32::from(form.end_score(game.seat_count()));
        return if near(seat) {
            Some(Theme::WinNow)
        } else if game.seat_count() == 2 && near(1 - seat) {
            Some(Theme::StopTheWin)
        } else {
            None
        };
    }
    if game.turn().extra_turn || end.last.is_none() {
        return None;
    }
    match end.turns_left {
        Some(0) => Some(Theme::WinNow),
        Some(1) if game.seat_count() == 2 => Some(Theme::StopTheWin),
        _ => None,
    }
}

/// Plays `games` seeded games as [`generate_with`] does and searches only
/// their ends: every main-phase position of a game's final round is a
/// `win-now` or `stop-the-win` candidate (one puzzle a turn at most; a
/// defence only at the seat's last action). Where the bot's score leaves
/// the turn undecided either way, a duel's or melee's score is moved by
/// the fewest points that make the turn decide it (see
/// `ending_candidate`). `progress(game, found)` after each game.
pub fn generate_endings(games: u32, seed: u64, progress: impl FnMut(u32, &[Puzzle])) -> Vec<Puzzle> {
    generate_endings_in(&FORMS, games, seed, progress)
}

/// [`generate_endings`] with games in these forms, in turn.
pub fn generate_endings_in(forms: &[Form], games: u32, seed: u64, progress: impl FnMut(u32, &[Puzzle])) -> Vec<Puzzle> {
    play_games(forms, games, seed, ending_candidates, progress)
}

/// Other first actions tried at a defence's turn: each leads to another
/// position of the seat's last action. (Few of those positions have a
/// first choice that scores clearly best, which a composed defence needs:
/// 15 of 548 in the first runs; each costs about half a second to look at.)
const VARIANTS: u32 = 16;

/// The puzzles of a final-round position ([`ending_candidate`]). At the
/// start of a turn that asks for a defence, with more than its last action
/// left, the seat's other plausible first actions are played out too (the
/// easy bot with other seeds): a defence is rarely unique, and each
/// position of the last action is another chance of one.
fn ending_candidates(
    game: &Game,
    form: Form,
    schools: &[School],
    seen: &mut HashSet<String>,
    rng: &mut ChaCha8Rng,
) -> Vec<Puzzle> {
    let mut out: Vec<Puzzle> = ending_candidate(game, form, schools, seen).into_iter().collect();
    let Actor::Seat(seat) = game.actor() else { return out };
    if ending_theme(game) != Some(Theme::StopTheWin) || game.turn().actions < 2 {
        return out;
    }
    let turn = game.turn().number;
    for _ in 0..VARIANTS {
        // one defence a turn: the other first actions mostly lead to the
        // same puzzle with a piece moved
        if !out.is_empty() {
            break;
        }
        let mut g = game.clone();
        let Ok(mut bot) = tash_kalar_bots::from_spec("greedy:noise=0.5", rng.gen()) else { break };
        for _ in 0..400 {
            if g.is_over() || g.turn().number != turn || (g.phase() == Phase::Main && g.turn().actions < 2) {
                break;
            }
            let choices = g.legal_choices();
            if choices.is_empty() {
                break;
            }
            let c = match g.actor() {
                Actor::Seat(s) => bot.choose(&g.observe(s)),
                _ => choices[rng.gen_range(0..choices.len())],
            };
            g.apply_unchecked(c);
        }
        if g.turn().number == turn && g.actor() == Actor::Seat(seat) && g.phase() == Phase::Main {
            out.extend(ending_candidate(&g, form, schools, seen));
        }
    }
    out
}

/// Positions searched for a `stop-the-win` candidate's best line: each
/// line of the seat's turn is measured by a search of the next seat's
/// whole turn.
const FIND_STOP: u64 = 900_000;
/// Positions searched per `stop-the-win` verification: below the server's
/// budget for judging an answer, which verifies the puzzle again.
const BUDGET_STOP: u64 = 900_000;

/// The largest score move tried (points), either way.
const SHIFT: i16 = 24;

/// A final-round position's puzzle, if one is there. The measure is
/// monotone in the scores, so the fewest points `s` added to the seat's
/// side (`win-now`: taken from its opponent's score, the seat having
/// reached the end score; `stop-the-win`: added to its own) at which the
/// seat can just reach the theme is found by bisection; there the key is
/// most likely alone. `s` is 0 where the game left it so, and in the task
/// forms, whose points come from their tasks. A duel's defence is found
/// by [`composed_defence`] (the opponent holding one or two of its cards)
/// or, where its hand is that small already, by [`defence_candidate`].
fn ending_candidate(game: &Game, form: Form, schools: &[School], seen: &mut HashSet<String>) -> Option<Puzzle> {
    let theme = ending_theme(game)?;
    let position = Position::of(game)?;
    // a defence is searched at the seat's last action only: every line of
    // its turn is measured by a search of the next seat's whole turn
    if theme == Theme::StopTheWin && position.actions != 1 {
        return None;
    }
    let Actor::Seat(seat) = game.actor() else { return None };
    if theme == Theme::StopTheWin && form.final_round() && !form.uses_tasks() && !form.is_melee() {
        // the other first actions often lead to the same position: each
        // is searched once
        if !seen.insert(format!("examined {}", position.to_text())) {
            return None;
        }
        let cut = cut_hands(&position, 1 - seat);
        if cut.is_empty() {
            return defence_candidate(game, &position, seat, form, schools, seen, DEFENCE_NODES);
        }
        return composed_defence(&cut, seat, form, schools, seen);
    }
    bisected(&position, theme, seat, form, schools, seen, FIND_STOP)
}

/// [`ending_candidate`]'s search by bisection on the score move, at
/// `position` (a `stop-the-win`'s best lines searched within `find_stop`
/// positions each).
fn bisected(
    position: &Position,
    theme: Theme,
    seat: Seat,
    form: Form,
    schools: &[School],
    seen: &mut HashSet<String>,
    find_stop: u64,
) -> Option<Puzzle> {
    let moved = |s: i16| -> Option<Position> {
        let mut p = position.clone();
        // no score below 0: the move stops there
        let moved = |v: i16, by: i16| v.saturating_add(by).max(0);
        if form.is_melee() {
            // every other seat's points in every color it scores in
            let colors: Vec<usize> = p.seats.iter().map(|x| x.school.color().index()).collect();
            for (i, other) in p.seats.iter_mut().enumerate().filter(|&(i, _)| i != usize::from(seat)) {
                for &c in colors.iter().filter(|&&c| c != colors[i]) {
                    other.points[c] = moved(other.points[c], -s);
                }
            }
        } else {
            let (who, by) = if theme == Theme::WinNow { (1 - usize::from(seat), -s) } else { (usize::from(seat), s) };
            p.seats.get_mut(who)?.score = moved(p.seats.get(who)?.score, by);
        }
        Some(p)
    };
    // whether the theme can be met with the score moved by `s`
    let find = if theme == Theme::StopTheWin { find_stop } else { FIND };
    // the best lines found, by score move: the last search is not repeated
    let mut lines = std::collections::HashMap::new();
    let mut reach = |s: i16| -> Option<bool> {
        let g = moved(s)?.to_game().ok()?;
        let t = std::time::Instant::now();
        let found = best_line(&g, theme, find);
        if theme == Theme::StopTheWin {
            let what = found.as_ref().map(|f| f.0.to_string()).unwrap_or_else(|e| e.to_string());
            debug_line(format_args!("reach: move {s} {what} {:.2} s", t.elapsed().as_secs_f64()));
        }
        let (best, line) = found.ok()?;
        lines.insert(s, line);
        Some(best == 1)
    };
    let s = if form.uses_tasks() {
        if !reach(0)? {
            return None;
        }
        0
    } else {
        // the least s in (lo, hi] that reaches: lo never does, hi does;
        // bracketed outward from 0 in doubling steps (scores move little)
        let (mut lo, mut hi) = (-SHIFT - 1, SHIFT);
        if reach(0)? {
            hi = 0;
            let mut step = 1;
            while lo == -SHIFT - 1 && step <= SHIFT {
                if reach(-step)? {
                    hi = -step;
                } else {
                    lo = -step;
                }
                step *= 2;
            }
        } else {
            lo = 0;
            let mut step = 1;
            while hi == SHIFT && step <= SHIFT {
                if reach(step)? {
                    hi = step;
                    break;
                }
                lo = step;
                step *= 2;
            }
            if hi == SHIFT && !reach(SHIFT)? {
                return None;
            }
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if reach(mid)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    };
    let p = moved(s)?;
    let text = p.to_text();
    if !seen.insert(text.clone()) {
        return None;
    }
    let line = lines.remove(&s)?;
    if line.is_empty() {
        return None;
    }
    let budget = if theme == Theme::StopTheWin { BUDGET_STOP } else { BUDGET };
    let mut puzzle = Puzzle {
        id: id_of(&text),
        position: text,
        theme,
        solution: line.iter().map(|c| c.to_text()).collect(),
        difficulty: 1,
        form,
        schools: schools.to_vec(),
    };
    let t = std::time::Instant::now();
    let verdict = verify(&puzzle, budget);
    if theme == Theme::StopTheWin {
        let what = verdict.as_ref().map(|v| format!("{v:?}")).unwrap_or_else(|e| e.to_string());
        debug_line(format_args!("verify: move {s} {what} {:.2} s", t.elapsed().as_secs_f64()));
    }
    let verdict = verdict.ok()?;
    // a line without the key loses: the turn decides the game
    if verdict.first_choices < MIN_CHOICES || verdict.runner_up != Some(0) {
        return None;
    }
    puzzle.difficulty = (1 + verdict.first_choices / 40).min(5) as u8;
    Some(puzzle)
}

/// Positions a defence's search visits (its own and the opponent's).
const DEFENCE_NODES: u64 = 1_500_000;
/// The same for a composed defence (the opponent holding one or two
/// cards): a hand whose threat needs more is not worth a puzzle.
const COMPOSED_NODES: u64 = 900_000;
/// The most cut hands tried at a position, the smallest first: in the
/// first runs every defence found was at the first or second hand tried,
/// and a position without one cost all its hands (minutes on the shared
/// machine).
const MOST_HANDS: usize = 8;
/// The most positions a composed candidate's reply (the opponent's whole
/// last turn after one line of the seat's) may visit: the verifier
/// searches it whole after the key, within [`BUDGET_STOP`].
const REPLY_CAP: u64 = 250_000;

/// A defence with the opponent's hand cut down ([`cut_hands`], the
/// smallest hands first): the first of `cut` where [`defence_candidate`]
/// finds one (within [`COMPOSED_NODES`]), the opponent's other cards back
/// in their decks. Tried only where one first choice of the seat scores
/// clearly best and the opponent's reply without a card is small; a hand
/// whose reply passes [`REPLY_CAP`] is skipped; [`MOST_HANDS`] at most.
fn composed_defence(
    cut: &[Position],
    seat: Seat,
    form: Form,
    schools: &[School],
    seen: &mut HashSet<String>,
) -> Option<Puzzle> {
    let start = std::time::Instant::now();
    // a threat the seat's last action cannot touch leaves every first
    // choice the same but for what it scores: where no first choice
    // scores clearly best, a key is rare (and each hand's search costs
    // seconds)
    let apart = cut.first().is_some_and(|p| scores_apart(p, form, schools));
    debug_line(format_args!("composed: scores apart {apart} {:.2} s", start.elapsed().as_secs_f64()));
    if !apart {
        return None;
    }
    // the opponent's turn without a card: where that is already past half
    // the cap, no hand's will be provable
    let base =
        cut.first().and_then(|p| composed::empty_handed(p, 1 - seat)).and_then(|p| reply_size(&p, REPLY_CAP / 2));
    debug_line(format_args!("composed: empty hand's reply {base:?} {:.2} s", start.elapsed().as_secs_f64()));
    base?;
    let cut = &cut[..cut.len().min(MOST_HANDS)];
    let mut found = None;
    let mut tried = 0;
    for p in cut {
        tried += 1;
        let Ok(game) = p.to_game() else { continue };
        if reply_size(p, REPLY_CAP).is_none() {
            continue;
        }
        found = defence_candidate(&game, p, seat, form, schools, seen, COMPOSED_NODES);
        if found.is_some() {
            break;
        }
    }
    debug_line(format_args!(
        "composed: {tried} of {} hands, found {}, {:.1} s",
        cut.len(),
        found.is_some(),
        start.elapsed().as_secs_f64()
    ));
    found
}

/// Whether one first choice of the seat's scores clearly the most this
/// turn (a `best-score` puzzle would be proved at `position`).
fn scores_apart(position: &Position, form: Form, schools: &[School]) -> bool {
    let Ok(game) = position.to_game() else { return false };
    let Ok((_, line)) = best_line(&game, Theme::BestScore, FIND) else { return false };
    if line.is_empty() {
        return false;
    }
    let puzzle = Puzzle {
        id: String::new(),
        position: position.to_text(),
        theme: Theme::BestScore,
        solution: line.iter().map(|c| c.to_text()).collect(),
        difficulty: 1,
        form,
        schools: schools.to_vec(),
    };
    verify(&puzzle, BUDGET).is_ok_and(|v| v.runner_up.is_some())
}

/// A line of the generator's measurements on standard error, with
/// `TK_DEBUG` set (the figures of docs/puzzles.md).
fn debug_line(line: std::fmt::Arguments) {
    if std::env::var_os("TK_DEBUG").is_some() {
        eprintln!("{line}");
    }
}

/// A duel's defence at the seat's last action (the turn before the game's
/// last), found without bisection:
/// for each first choice, the least of the opponent's best final margin
/// (its score less the seat's after its last turn) over the seat's lines
/// that start with it, a minimax whose opponent searches stop once they
/// pass what could still matter. Where one first choice holds the
/// opponent's margin below every other's, the seat's score is moved so
/// that it just stops the win (a margin of 0, else -1) and the others do
/// not; the verifier then proves it, exhaustively, as for every puzzle.
fn defence_candidate(
    game: &Game,
    position: &Position,
    seat: Seat,
    form: Form,
    schools: &[School],
    seen: &mut HashSet<String>,
    budget: u64,
) -> Option<Puzzle> {
    let o = 1 - seat;
    let mut d = Defence { nodes: 0, budget, memo: HashMap::new(), groups: Vec::new() };
    let mut line = Vec::new();
    let t = std::time::Instant::now();
    let r = d.mine(game, seat, o, &mut line);
    let mut m: Vec<i32> = d.groups.iter().map(|g| g.1).collect();
    m.sort_unstable();
    debug_line(format_args!(
        "defence: hand {} ok {} nodes {} groups {} mins {:?} {:.2} s",
        composed::hand_of(position, o).len(),
        r.is_ok(),
        d.nodes,
        d.groups.len(),
        &m[..m.len().min(4)],
        t.elapsed().as_secs_f64()
    ));
    r.ok()?;
    let mut groups = d.groups;
    if groups.len() < MIN_CHOICES {
        return None;
    }
    groups.sort_by_key(|g| g.1);
    let (m1, m2) = (groups[0].1, groups[1].1);
    if m1 >= m2 {
        return None;
    }
    let solution: Vec<String> = groups[0].2.iter().map(|c| c.to_text()).collect();
    // the seat's score moves: the defence leaves a margin of 0 (a tie,
    // which the ties' rules decide), else -1; every other first choice
    // a lead of at least 1 for the first, at least a tie for the second
    // (the ties' rules decide, and the verifier)
    let who = usize::from(seat);
    let at = position.seats.get(who)?.score;
    for s in [m1, m1 + 1] {
        if s.unsigned_abs() > SHIFT as u32 || i32::from(at) + s < 0 {
            continue;
        }
        let mut p = position.clone();
        p.seats[who].score = at + s as i16;
        let text = p.to_text();
        if seen.contains(&text) {
            continue;
        }
        let puzzle = Puzzle {
            id: id_of(&text),
            position: text.clone(),
            theme: Theme::StopTheWin,
            solution: solution.clone(),
            difficulty: 1,
            form,
            schools: schools.to_vec(),
        };
        let t = std::time::Instant::now();
        if std::env::var_os("TK_DEBUG").is_some() {
            let why = verify(&puzzle, BUDGET_STOP).map(|v| format!("{v:?}")).unwrap_or_else(|e| e.to_string());
            debug_line(format_args!("verify: move {s} {why}"));
        }
        let kept = keep_defence(puzzle);
        debug_line(format_args!("verify: kept {} {:.2} s", kept.is_some(), t.elapsed().as_secs_f64()));
        if let Some(puzzle) = kept {
            seen.insert(text);
            return Some(puzzle);
        }
    }
    None
}

/// The defence, if the verifier proves it (within [`BUDGET_STOP`]) and it
/// is one: the key stops the win, every line without it loses, and there
/// are choices enough; its difficulty set.
fn keep_defence(mut puzzle: Puzzle) -> Option<Puzzle> {
    let verdict = verify(&puzzle, BUDGET_STOP).ok()?;
    if verdict.first_choices < MIN_CHOICES || verdict.runner_up != Some(0) || verdict.best != 1 {
        return None;
    }
    puzzle.difficulty = (1 + verdict.first_choices / 40).min(5) as u8;
    Some(puzzle)
}

/// The search behind [`defence_candidate`].
struct Defence {
    nodes: u64,
    budget: u64,
    /// The opponent's margin from a position: exact, or (false) at least.
    memo: HashMap<u64, (i32, bool)>,
    /// Per first choice of the seat: the least margin found, and its line.
    groups: Vec<(Choice, i32, Vec<Choice>)>,
}

/// The search passed its budget.
struct TooBig;

impl Defence {
    fn count(&mut self) -> Result<(), TooBig> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(TooBig);
        }
        Ok(())
    }

    /// Every line of `me`'s turn from `game`; at each end, the opponent's
    /// best margin, searched only as far as it could lower its group's
    /// least or the second least of all.
    fn mine(&mut self, game: &Game, me: Seat, o: Seat, line: &mut Vec<Choice>) -> Result<(), TooBig> {
        self.count()?;
        if game.actor() != Actor::Seat(me) {
            let Some(&first) = line.first() else { return Ok(()) };
            let at = match self.groups.iter().position(|g| g.0 == first) {
                Some(i) => i,
                None => {
                    self.groups.push((first, i32::MAX, Vec::new()));
                    self.groups.len() - 1
                }
            };
            // only a margin below both can change the two least
            let mut mins: Vec<i32> = self.groups.iter().map(|g| g.1).collect();
            mins.sort_unstable();
            let second = mins.get(1).copied().unwrap_or(i32::MAX);
            let cut = self.groups[at].1.min(second);
            let mut g = game.clone();
            deal(&mut g);
            let v = self.theirs(&g, me, o, cut)?;
            if v < self.groups[at].1 {
                self.groups[at].1 = v;
                self.groups[at].2 = line.clone();
            }
            return Ok(());
        }
        for c in game.legal_choices() {
            let mut g = game.clone();
            g.apply_unchecked(c);
            line.push(c);
            let r = self.mine(&g, me, o, line);
            line.pop();
            r?;
        }
        Ok(())
    }

    /// The opponent's best margin over its turn from `game`; a value at
    /// or above `cut` may be only a bound (the search stopped there).
    fn theirs(&mut self, game: &Game, me: Seat, o: Seat, cut: i32) -> Result<i32, TooBig> {
        self.count()?;
        if game.actor() != Actor::Seat(o) {
            let mut g = game.clone();
            deal(&mut g);
            return Ok(margin(&g, me, o));
        }
        let mut h = DefaultHasher::new();
        game.hash(&mut h);
        let key = h.finish();
        match self.memo.get(&key) {
            Some(&(v, true)) => return Ok(v),
            Some(&(v, false)) if v >= cut => return Ok(v),
            _ => {}
        }
        let mut best = i32::MIN;
        for c in game.legal_choices() {
            let mut g = game.clone();
            g.apply_unchecked(c);
            best = best.max(self.theirs(&g, me, o, cut)?);
            if best >= cut {
                break;
            }
        }
        // below the cut, every line was searched whole: exact
        self.memo.insert(key, (best, best < cut));
        Ok(best)
    }
}

/// The opponent's margin where its last turn ended: its score less the
/// seat's (the game is over, and the scores decide it before the ties'
/// rules).
fn margin(game: &Game, me: Seat, o: Seat) -> i32 {
    i32::from(game.seat(o).score) - i32::from(game.seat(me).score)
}

/// Chance's draws dealt in the first legal way (the turn's end draws:
/// the next turn does not depend on which cards come).
fn deal(game: &mut Game) {
    while game.actor() == Actor::Chance && !game.is_over() {
        let Some(&c) = game.legal_choices().first() else { break };
        game.apply_unchecked(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_school_plays_and_against_every_other() {
        let mut pairs = HashSet::new();
        for n in 0..42 {
            let s = schools_of(n, 2);
            assert_ne!(s[0], s[1]);
            pairs.insert((s[0], s[1]));
        }
        assert_eq!(pairs.len(), 42, "every ordered pair of the seven schools");
        let three = schools_of(5, 3);
        assert!(three[0] != three[1] && three[1] != three[2] && three[0] != three[2]);
    }

    fn at_end(end: Option<(u8, u8)>, turn: u8) -> Game {
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").expect("a board");
        p.end = end;
        p.turn = turn;
        p.to_game().expect("a valid position")
    }

    #[test]
    fn a_defences_margin_is_the_score_that_decides() {
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").expect("a board");
        p.seats[0].score = 5;
        p.seats[1].score = 9;
        assert_eq!(margin(&p.to_game().expect("a duel"), 0, 1), 4, "the opponent's lead");
        p.seats[1].score = 2;
        assert_eq!(margin(&p.to_game().expect("a duel"), 0, 1), -3, "behind");
    }

    #[test]
    fn only_the_final_rounds_last_two_turns_are_endings() {
        assert_eq!(ending_theme(&at_end(None, 0)), None, "before the end is triggered");
        // seat 0 triggered: seat 1 plays once more, then seat 0 last
        assert_eq!(ending_theme(&at_end(Some((0, 1)), 1)), Some(Theme::StopTheWin));
        assert_eq!(ending_theme(&at_end(Some((0, 0)), 0)), Some(Theme::WinNow));
        // the trigger's own turn: the opponent's next turn is not the last
        assert_eq!(ending_theme(&at_end(Some((0, 2)), 0)), None);
    }

    /// A duel's turn before the last: Etherweave (purple) to play its last
    /// action, holding the Gate of Oblivion (warped first, its summon onto
    /// the blue heroic piece scores 2; alone, 1), Northern with two more
    /// heroic pieces far away (it wins a tie) and nothing to summon with,
    /// playing the last turn; the scores as given.
    fn defence(scores: (i16, i16)) -> Puzzle {
        let mut b = tash_kalar_rules::Board::empty();
        for (s, p) in [("d5", 'p'), ("f5", 'p'), ("d6", 'p'), ("f6", 'p'), ("e6", 'b'), ("b2", 'b'), ("b8", 'b')] {
            let color = tash_kalar_rules::Color::from_letter(p).expect("a color");
            let rank = if p == 'b' { tash_kalar_rules::Rank::Heroic } else { tash_kalar_rules::Rank::Common };
            b.set(
                tash_kalar_rules::Square::parse(s).expect("a square"),
                Some(tash_kalar_rules::Piece::new(color, rank)),
            );
        }
        let mut p = Position::duel(&b.to_text()).expect("a board");
        p.seats = vec![
            tash_kalar_rules::SeatSetup::new(School::Etherweave),
            tash_kalar_rules::SeatSetup::new(School::Northern),
        ];
        p.seats[0].supply = (12, 3);
        p.seats[1].supply = (13, 3);
        p.seats[0].beings = vec![tash_kalar_rules::CardId::parse("etherweave.gate_of_oblivion").expect("a card")];
        p.number = 30;
        p.actions = 1;
        p.end = Some((1, 1));
        p.seats[0].score = scores.0;
        p.seats[1].score = scores.1;
        let text = p.to_text();
        Puzzle {
            id: id_of(&text),
            position: text,
            theme: Theme::StopTheWin,
            solution: vec![
                "warp etherweave.gate_of_oblivion".into(),
                "summon etherweave.gate_of_oblivion e5 r180".into(),
            ],
            difficulty: 1,
            form: Form::Duel,
            schools: vec![School::Etherweave, School::Northern],
        }
    }

    #[test]
    fn a_defence_with_one_key_is_kept() {
        // a point behind: only the warp first (2 points) stops the last
        // turn from winning; the summon alone ties, and Northern wins ties
        let kept = keep_defence(defence((17, 18))).expect("one key");
        assert!(kept.difficulty >= 1);
    }

    #[test]
    fn a_defence_where_two_first_choices_defend_is_refused() {
        // level: the warp first and the summon alone both stop the win
        assert_eq!(keep_defence(defence((18, 18))), None);
    }

    #[test]
    fn a_defence_where_no_first_choice_defends_is_refused() {
        // three behind: even the warp first leaves Northern the winner
        assert_eq!(keep_defence(defence((15, 18))), None);
    }

    #[test]
    fn the_score_move_finds_the_lone_key() {
        // level, the search itself moves purple's score to where only the
        // warp first defends
        let p = defence((18, 18));
        let position = Position::from_text(&p.position).expect("a position");
        let game = position.to_game().expect("a game");
        let found = defence_candidate(&game, &position, 0, Form::Duel, &p.schools, &mut HashSet::new(), DEFENCE_NODES)
            .expect("a defence");
        assert_eq!(found.solution.first().map(String::as_str), Some("warp etherweave.gate_of_oblivion"));
        let moved = Position::from_text(&found.position).expect("a position");
        assert_eq!((moved.seats[0].score, moved.seats[1].score), (17, 18), "{}", found.position);
    }

    #[test]
    #[ignore = "minutes in a debug build: cargo test --release -p tash-kalar-arena -- --ignored"]
    fn generated_endings_are_verified_and_deterministic() {
        let a = generate_endings(24, 11, |_, _| {});
        assert!(!a.is_empty(), "seed 11's first 24 games hold win-now puzzles");
        for p in &a {
            assert!(matches!(p.theme, Theme::WinNow | Theme::StopTheWin));
            assert!(verify(p, BUDGET_STOP).is_ok(), "{}", p.position);
        }
        assert_eq!(a, generate_endings(24, 11, |_, _| {}));
    }

    #[test]
    #[ignore = "a minute in a debug build: cargo test --release -p tash-kalar-arena -- --ignored"]
    fn generated_puzzles_are_verified_and_deterministic() {
        let a = generate(2, 7);
        for p in &a {
            assert!(verify(p, BUDGET).is_ok(), "{}", p.position);
        }
        assert_eq!(a, generate(2, 7));
    }
}
