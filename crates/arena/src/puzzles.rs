//! Puzzle generation: seeded games of the easy bot (greedy with noise, so
//! that scores and threats arise as between people), each turn's start a
//! candidate, kept when a theme's best line of the turn is proven clearly
//! best ([`tash_kalar_puzzles::verify`]) and the position is new.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};
use tash_kalar_puzzles::{best_line, verify, Puzzle, Theme};
use tash_kalar_rules::{Actor, Form, Game, Phase, Position, School};

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
const FORMS: [Form; 4] = [Form::Duel, Form::HighForm, Form::Duel, Form::Melee];

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
pub fn generate_with(games: u32, seed: u64, mut progress: impl FnMut(u32, &[Puzzle])) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for n in 0..games {
        let form = FORMS[n as usize % FORMS.len()];
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
            // one puzzle a turn: the next positions of a turn mostly repeat it
            let turn = game.turn().number;
            if game.phase() == Phase::Main && matches!(now, Actor::Seat(_)) && found_in != Some(turn) {
                if let Some(p) = candidate(&game, form, &schools, &mut seen) {
                    out.push(p);
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
