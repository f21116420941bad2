//! The levels people choose from: each parses, shows as its name, builds
//! and plays a legal game; and (ignored, slow) their order of strength.

use tash_kalar_bots::{play_game, Bot, BotSpec, Level};
use tash_kalar_rules::{Form, School};

/// A level's spec with its search cut to a few iterations, so that a whole
/// game fits in a test (the budget is the only thing changed).
fn quick(level: Level) -> BotSpec {
    match level.spec() {
        BotSpec::Mcts(mut c) => {
            (c.iterations, c.time) = (Some(20), None);
            BotSpec::Mcts(c)
        }
        other => other,
    }
}

#[test]
fn every_level_parses_shows_its_name_builds_and_plays_a_legal_game() {
    for (k, level) in Level::ALL.into_iter().enumerate() {
        let spec: BotSpec = level.name().parse().unwrap();
        assert_eq!(spec, BotSpec::Level(level));
        assert_eq!(spec.to_string(), level.name());
        assert_eq!(spec.build(1).name(), level.name());
        let mut players: Vec<Box<dyn Bot>> =
            vec![quick(level).build(k as u64), "random".parse::<BotSpec>().unwrap().build(9)];
        // play_game applies every choice through the rules' check
        let (game, choices) = play_game(Form::Duel, &[School::Northern, School::Southern], &mut players, 3 + k as u64)
            .unwrap_or_else(|e| panic!("{level}: {e}"));
        assert!(game.is_over() && choices > 10, "{level}");
    }
}

/// The first `a` against `b` over `games` duels, seats and schools rotated:
/// `a`'s score (a draw is half).
fn score(a: &str, b: &str, games: u64) -> f64 {
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let mut total = 0.0;
    for i in 0..games {
        let (x, y) = pairs[(i / 2 % 6) as usize];
        let schools = [School::ALL[x], School::ALL[y]];
        let a_first = i % 2 == 0;
        let (s0, s1) = if a_first { (a, b) } else { (b, a) };
        let mut players =
            vec![s0.parse::<BotSpec>().unwrap().build(2 * i), s1.parse::<BotSpec>().unwrap().build(2 * i + 1)];
        let (game, _) = play_game(Form::Duel, &schools, &mut players, 100 + i).unwrap();
        let places = &game.outcome().unwrap().places;
        let (mine, theirs) = if a_first { (places[0], places[1]) } else { (places[1], places[0]) };
        total += match mine.cmp(&theirs) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
    }
    total / games as f64
}

/// random < easy < medium, on a few duels each (slow in a debug build:
/// `cargo test --release -p tash-kalar-bots --test levels -- --ignored`).
#[test]
#[ignore]
fn the_levels_are_ordered_random_easy_greedy_medium() {
    let easy_random = score("easy", "random", 12);
    let greedy_easy = score("greedy", "easy", 12);
    let medium_easy = score("medium", "easy", 12);
    eprintln!("easy vs random {easy_random}, greedy vs easy {greedy_easy}, medium vs easy {medium_easy}");
    assert!(easy_random >= 0.75, "easy vs random {easy_random}");
    assert!(greedy_easy >= 0.75, "greedy vs easy {greedy_easy}");
    assert!(medium_easy >= 0.75, "medium vs easy {medium_easy}");
}
