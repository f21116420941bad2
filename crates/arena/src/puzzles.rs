//! Puzzle generation: seeded random games, each turn's start a candidate,
//! kept when the best line of the turn is proven clearly best
//! ([`tash_kalar_puzzles::verify`]) and the position is new.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_puzzles::{best_line, verify, Puzzle, Theme};
use tash_kalar_rules::{Actor, Form, Game, Phase, Position, School};

/// Positions searched per candidate (best line) and per verification.
const BUDGET: u64 = 200_000;

/// Plays `games` seeded random duels (schools by turns) and returns the
/// verified puzzles found, deduplicated by position.
pub fn generate(games: u32, seed: u64) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for n in 0..games {
        let pair = [schools[n as usize % 4], schools[(n as usize + 1) % 4]];
        let Ok(mut game) = Game::new(Form::Duel, &pair) else { continue };
        let mut before = Actor::Nobody;
        for _ in 0..4000 {
            if game.is_over() {
                break;
            }
            // a turn starts where the seat to act changes into the main phase
            let now = game.actor();
            if game.phase() == Phase::Main && matches!(now, Actor::Seat(_)) && now != before {
                if let Some(p) = candidate(&game, &pair, &mut seen, out.len()) {
                    out.push(p);
                }
            }
            before = now;
            let choices = game.legal_choices();
            if choices.is_empty() {
                break;
            }
            game.apply_unchecked(choices[rng.gen_range(0..choices.len())]);
        }
    }
    out
}

fn candidate(game: &Game, schools: &[School; 2], seen: &mut HashSet<String>, index: usize) -> Option<Puzzle> {
    let text = Position::of(game)?.to_text();
    if seen.contains(&text) {
        return None;
    }
    let (best, line) = best_line(game, Theme::BestScore, BUDGET).ok()?;
    if best <= 0 || line.is_empty() {
        return None;
    }
    seen.insert(text.clone());
    let first_choices = game.legal_choices().len();
    let mut puzzle = Puzzle {
        id: format!("p{index:04}"),
        position: text,
        theme: Theme::BestScore,
        solution: line.iter().map(|c| c.to_text()).collect(),
        difficulty: 1,
        form: Form::Duel,
        schools: schools.to_vec(),
    };
    verify(&puzzle, BUDGET).ok()?;
    // more legal first choices, more to look through
    puzzle.difficulty = (1 + first_choices / 40).min(5) as u8;
    Some(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[ignore = "a minute in a debug build: cargo test --release -p tash-kalar-arena -- --ignored"]
    fn generated_puzzles_are_verified_and_deterministic() {
        let a = generate(1, 7);
        for p in &a {
            assert!(verify(p, BUDGET).is_ok(), "{}", p.position);
        }
        assert_eq!(a, generate(1, 7));
    }
}
