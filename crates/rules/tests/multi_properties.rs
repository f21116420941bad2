//! Property tests of the forms with more than two seats: thousands of
//! seeded random games of the Deathmatch Melee (3 and 4 seats) and of team
//! play, with the cheap invariants at every step and the costly ones on a
//! sample (`melee.rs` and `team.rs` play a few games with every check at
//! every step).
//!
//! Environment:
//! - `TK_PROPERTY_MELEE_GAMES`: melee games of 3 seats, and as many of 4
//!   (default 400 each);
//! - `TK_PROPERTY_TEAM_GAMES`: team-duel games (default 300); the
//!   team-high-form plays 3 for every 5 of them (default 180);
//! - `TK_PROPERTY_SEED`: the base seed (default 0); game `k` of a form uses
//!   seed `base + k`;
//! - `TK_PROPERTY_DEEP=1`: the costly checks (views against re-dealt hidden
//!   cards, position and record round trips) at every step of every game
//!   (by default at every step of one game in 50 and one step in 100 of the
//!   others);
//! - `TK_PROPERTY_MULTI_GAME=melee,4,SEED` (or `team-duel,4,SEED`,
//!   `team-high-form,4,SEED`): only that game, with every check, printing
//!   every choice. Failure messages name the game this way.
//!
//! At the size of the outside audit of issue 23 (1,500 melees of each size,
//! 1,000 team duels and 600 team-high-form games; under three minutes in
//! release on two shared cores), at a seed of your own:
//!
//! ```text
//! TK_PROPERTY_SEED=2600000000 TK_PROPERTY_MELEE_GAMES=1500 TK_PROPERTY_TEAM_GAMES=1000 \
//!   nice -n 10 cargo test --release -p tash-kalar-rules --test multi_properties -- random_ --nocapture
//! ```
//!
//! Game `k` at base `s + j` is game `k + j` at base `s`, so a long run
//! splits into chunks by seed (`TK_PROPERTY_MELEE_GAMES=500` at `s`, `s+500`,
//! `s+1000`).

mod common;
mod multi;

use std::panic::{catch_unwind, AssertUnwindSafe};

use common::{env_u64, Gate};
use multi::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::Rank;
use tash_kalar_rules::cards::ColorSet;
use tash_kalar_rules::game::SeatState;
use tash_kalar_rules::tasks::TaskId;
use tash_kalar_rules::{CardId, Choice, Color, Dir, Form, Game, Orientation, Phase, Square};

/// No game may take more turns than this (random melees and team games
/// end when a deck runs out, well before).
const MAX_TURNS: u16 = 400;
/// Listed choices other than the one played, applied to a clone per step.
const LISTED_PER_STEP: usize = 1;
/// Unlisted choices tried per step.
const UNLISTED_PER_STEP: usize = 2;
/// One game in this many gets the costly checks at every step, and one
/// step in this many of the other games.
const DEEP_EVERY: u64 = 50;
const DEEP_STEP_EVERY: u64 = 100;

fn deep_everywhere() -> bool {
    env_u64("TK_PROPERTY_DEEP").is_some_and(|d| d > 0)
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    steps: u64,
    max_turns: u16,
    listed_applied: u64,
    unlisted_refused: u64,
    deep_steps: u64,
    views_redealt: usize,
    flares: u64,
    score_points: u64,
    improvised: u64,
    passes: u64,
    /// Melee: turns scored with a color at the end score that did not
    /// trigger the end, for the causality penalty.
    held_back_by_penalty: u64,
    /// Melee: pending beings given up (summoned, discarded, taken back)
    /// by a seat with the end score in a color, the end not yet triggered.
    penalty_dropped_at_end_score: u64,
}

/// The points of a destroyed-pieces tally: 2 per legendary, 1 per heroic,
/// 1 per pair of commons.
fn worth(d: [u8; 3]) -> i16 {
    2 * d[2] as i16 + d[1] as i16 + (d[0] / 2) as i16
}

fn enemies(g: &Game) -> Vec<Color> {
    g.enemies_of(g.active_color()).collect()
}

/// Deathmatch Melee: each seat's points by color change only by what the
/// step scores: the invoker's color to the opponent a flare compares with;
/// at the end of the turn the destroyed enemy pieces in their colors (then
/// a score phase exactly when there are unpaired commons of two or more
/// colors or legends were summoned); a point in a color offered.
fn check_melee_points(step: &Step, h: &Game, stats: &mut Stats) {
    let g = step.before;
    let me = g.turn().seat as usize;
    let mut want: Vec<[i16; tash_kalar_rules::COLORS]> = g.seats().iter().map(|s| s.points).collect();
    match (g.phase(), step.choice) {
        (Phase::Main, Choice::Flare(against)) => {
            let o = g.seat_of(against).expect("a flare against a color in play") as usize;
            want[o][g.active_color().index()] += 1;
            stats.flares += 1;
        }
        (Phase::Main, Choice::EndTurn) => {
            let t = g.turn();
            let mut odd = ColorSet::EMPTY;
            for e in enemies(g) {
                want[me][e.index()] += worth(t.destroyed[e.index()]);
                if t.destroyed[e.index()][0] % 2 == 1 {
                    odd.insert(e);
                }
            }
            let unpaired = if odd.colors().count() >= 2 { odd } else { ColorSet::EMPTY };
            let expected = (!unpaired.is_empty() || t.legends_summoned > 0)
                .then_some(Phase::Score { unpaired, legends: t.legends_summoned });
            let score_phase = matches!(h.phase(), Phase::Score { .. }).then_some(h.phase());
            assert_eq!(score_phase, expected, "the score phase after the turn (destroyed {:?})", t.destroyed);
        }
        (Phase::Score { unpaired, .. }, Choice::Point(color)) => {
            assert!(enemies(g).contains(&color), "a point in {color:?}, not an enemy color");
            assert!(unpaired.is_empty() || unpaired.contains(color), "a point in {color:?}, not unpaired");
            want[me][color.index()] += 1;
            stats.score_points += 1;
        }
        _ => {}
    }
    let used = |g: &Game| g.seats().iter().map(|s| s.improvised.colors().count() as u64).sum::<u64>();
    stats.improvised += used(h).saturating_sub(used(g));
    if h.is_over() && !g.is_over() {
        // Etherweave: the causality penalty, in every opponent's color
        for (i, w) in want.iter_mut().enumerate() {
            let penalty = h.causality_penalty(i as u8);
            for e in g.enemies_of(g.seat(i as u8).color) {
                w[e.index()] -= penalty;
            }
        }
    }
    let got: Vec<[i16; tash_kalar_rules::COLORS]> = h.seats().iter().map(|s| s.points).collect();
    assert_eq!(got, want, "points by color after {} in {:?}", step.choice, g.phase());
    // the end is triggered once the turn is scored, whoever reached the
    // end score (a flare's point to an opponent included); Etherweave: a
    // pending being's causality penalty counts already, in every color
    let scored = matches!((g.phase(), step.choice), (Phase::Main, Choice::EndTurn) | (Phase::Score { .. }, _));
    if scored && !matches!(h.phase(), Phase::Score { .. }) {
        let reached =
            got.iter().enumerate().any(|(i, p)| p.iter().any(|&p| p - h.causality_penalty(i as u8) >= g.end_score()));
        let reached_but_for_penalty = got.iter().any(|p| p.iter().any(|&p| p >= g.end_score()));
        if reached_but_for_penalty && !reached && !h.is_over() {
            stats.held_back_by_penalty += 1;
        }
        assert!(!reached || h.end_state().last.is_some() || h.is_over(), "{got:?} and the end is not triggered");
    }
}

/// Team-duel: the scores change only by what the step scores, for both
/// teammates: a point to the team a flare compares with, a point for a
/// legend summoned, the destroyed enemy pieces at the end of the turn.
fn check_team_duel_scores(step: &Step, h: &Game) {
    let g = step.before;
    let mut want: Vec<i16> = g.seats().iter().map(|s| s.score).collect();
    let mut add = |seat: usize, points: i16| {
        want[seat] += points;
        want[(seat + 2) % 4] += points;
    };
    let me = g.turn().seat as usize;
    if g.phase() == Phase::Main {
        match step.choice {
            Choice::Flare(against) => add(g.seat_of(against).expect("a color in play") as usize, 1),
            // the destroyed pieces and the legends summoned score at the end
            Choice::EndTurn => add(
                me,
                enemies(g).iter().map(|e| worth(g.turn().destroyed[e.index()])).sum::<i16>()
                    + g.turn().legends_summoned as i16,
            ),
            _ => {}
        }
    }
    if h.is_over() && !g.is_over() && h.outcome().is_some_and(|o| o.why.forfeited_by().is_none()) {
        // Etherweave: the causality penalty, charged at the end (a side's own and its teammate's)
        for (i, w) in want.iter_mut().enumerate() {
            *w -= h.causality_penalty(i as u8);
        }
    }
    let got: Vec<i16> = h.seats().iter().map(|s| s.score).collect();
    assert_eq!(got, want, "scores after {} (destroyed this turn {:?})", step.choice, g.turn().destroyed);
    if (g.phase(), step.choice) == (Phase::Main, Choice::EndTurn) && got.iter().any(|&s| s >= g.end_score()) {
        assert!(h.end_state().last.is_some() || h.is_over(), "scores {got:?} and the end is not triggered");
    }
}

/// Team-high-form: when a turn starts each team's score is its claimed
/// points plus its legendary pieces on the board.
fn check_task_scores(step: &Step, h: &Game) {
    if h.phase() != Phase::Main || h.turn().number == step.before.turn().number {
        return;
    }
    let tb = h.tasks().expect("a task board");
    for (i, s) in h.seats().iter().enumerate() {
        let want = tb.points(i % 2) + h.board().count(s.color, Rank::Legendary) as i16;
        assert_eq!(s.score, want, "seat {i}'s score at the start of turn {}", h.turn().number);
    }
}

/// A few listed choices besides the one played are accepted; a few
/// unlisted ones are refused and leave the game as it was.
fn check_choices(step: &Step, rng: &mut ChaCha8Rng, stats: &mut Stats) {
    let (g, legal) = (step.before, step.legal);
    for _ in 0..LISTED_PER_STEP.min(legal.len().saturating_sub(1)) {
        let c = legal[rng.gen_range(0..legal.len())];
        let mut h = g.clone();
        h.act(c).unwrap_or_else(|e| panic!("listed {c} refused: {e}"));
        stats.listed_applied += 1;
    }
    let squares: Vec<Square> = Square::all().collect();
    let cards: Vec<CardId> = CardId::all().collect();
    let tasks: Vec<TaskId> = TaskId::all().collect();
    // a refused choice leaves the game as it was, so one clone serves them all
    let mut h = g.clone();
    let mut tried = 0;
    while tried < UNLISTED_PER_STEP {
        let sq = squares[rng.gen_range(0..squares.len())];
        let to = squares[rng.gen_range(0..squares.len())];
        let card = cards[rng.gen_range(0..cards.len())];
        let color = Color::ALL[rng.gen_range(0..4)];
        let orientation = Orientation::from_index(rng.gen_range(0..8)).expect("8 orientations");
        let dir = Dir::ALL[rng.gen_range(0..Dir::ALL.len())];
        let task = (!tasks.is_empty()).then(|| tasks[rng.gen_range(0..tasks.len())]);
        // half of them a listed choice with one part changed (a color not
        // offered for a point, a summon turned or moved...), the others any
        let near = legal[rng.gen_range(0..legal.len())];
        let c = match (rng.gen_bool(0.5), near) {
            (true, Choice::Draw(_)) => Choice::Draw(card),
            (true, Choice::StartPiece { at, .. }) if rng.gen_bool(0.5) => Choice::StartPiece { at, color },
            (true, Choice::StartPiece { color: c, .. }) => Choice::StartPiece { at: sq, color: c },
            (true, Choice::Place(_)) => Choice::Place(sq),
            (true, Choice::PickUp(_)) => Choice::PickUp(sq),
            (true, Choice::Summon { card: k, at, pickup, .. }) if rng.gen_bool(0.5) => {
                Choice::Summon { card: k, at, orientation, pickup }
            }
            (true, Choice::Summon { card: k, orientation: o, pickup, .. }) if rng.gen_bool(0.5) => {
                Choice::Summon { card: k, at: sq, orientation: o, pickup }
            }
            (true, Choice::Summon { at, orientation: o, pickup, .. }) => {
                Choice::Summon { card, at, orientation: o, pickup }
            }
            (true, Choice::Discard(_)) => Choice::Discard(card),
            (true, Choice::Return(_)) => Choice::Return(card),
            (true, Choice::Flare(_)) => Choice::Flare(color),
            (true, Choice::Square(_)) => Choice::Square(sq),
            (true, Choice::Move { from, .. }) => Choice::Move { from, to },
            (true, Choice::Direction(_)) => Choice::Direction(dir),
            (true, Choice::Option(n)) => Choice::Option(n.wrapping_add(rng.gen_range(1..3))),
            (true, Choice::Improvise(_)) => Choice::Improvise(color),
            (true, Choice::Point(_)) => Choice::Point(color),
            (true, Choice::Claim(_)) | (true, Choice::DrawTask(_)) if task.is_some() => {
                let t = task.expect("a task");
                if matches!(near, Choice::Claim(_)) {
                    Choice::Claim(t)
                } else {
                    Choice::DrawTask(t)
                }
            }
            _ => match rng.gen_range(0..20) {
                0 => Choice::Draw(card),
                1 => Choice::StartPiece { at: sq, color },
                2 => Choice::Place(sq),
                3 => Choice::PickUp(sq),
                4 => Choice::Summon { card, at: sq, orientation, pickup: None },
                5 => Choice::Summon { card, at: sq, orientation, pickup: Some(to) },
                6 => Choice::Discard(card),
                7 => Choice::Return(card),
                8 => Choice::Done,
                9 => Choice::Flare(color),
                10 => Choice::EndTurn,
                12 => Choice::Square(sq),
                13 => Choice::Move { from: sq, to },
                14 => Choice::Direction(dir),
                15 => Choice::Option(rng.gen_range(0..4)),
                16 => Choice::Skip,
                17 => Choice::PassControl,
                18 => Choice::Improvise(color),
                _ => task.filter(|_| rng.gen_bool(0.5)).map_or(Choice::Point(color), Choice::Claim),
            },
        };
        // the gate takes any orientation that lays a listed pattern
        if legal.contains(&g.normalize(c)) {
            continue;
        }
        tried += 1;
        assert!(h.act(c).is_err(), "{c} is not listed but was accepted in {:?}", g.phase());
        assert!(&h == g, "refusing {c} changed the game");
        stats.unlisted_refused += 1;
    }
}

/// Plays game `seed` of `form` with `seats` seats; panics on a broken
/// invariant.
fn play(form: Form, seats: usize, seed: u64, deep: bool, verbose: bool) -> Stats {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // the checks draw from their own generator, so that how much is checked
    // never changes the game played
    let mut check_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de);
    let schools = mixed_schools(seats, &mut rng);
    if verbose {
        eprintln!("{} {schools:?}", form.name());
    }
    let mut stats = Stats { games: 1, ..Stats::default() };
    let mut melee_before = Vec::new();
    let mut passed_before = false;
    let g = random_game_steps(form, &schools, &mut rng, deep || seed.is_multiple_of(10), |step, h| {
        if let (true, Some(step)) = (verbose, &step) {
            eprintln!("{:>6} {:?} {}", stats.steps, step.before.actor(), step.choice);
            let points = |g: &Game| g.seats().iter().map(|s| (s.score, s.points)).collect::<Vec<_>>();
            if points(step.before) != points(h) {
                eprintln!("       scores and points by color: {:?}", points(h));
            }
        }
        check_cards(h);
        check_pieces(h);
        if form.is_melee() {
            check_melee(h, &mut melee_before);
        } else {
            check_team(h);
        }
        assert!(h.turn().number <= MAX_TURNS, "the game is not over after {MAX_TURNS} turns");
        let Some(step) = step else { return };
        stats.steps += 1;
        let me = step.before.turn().seat;
        if form.is_melee()
            && step.before.seat(me).pending.is_some()
            && h.seat(me).pending.is_none()
            && h.seat(me).points.iter().any(|&p| p >= h.end_score())
            && h.end_state().last.is_none()
        {
            stats.penalty_dropped_at_end_score += 1;
        }
        match form {
            Form::Melee => check_melee_points(&step, h, &mut stats),
            Form::TeamDuel => check_team_duel_scores(&step, h),
            _ => check_task_scores(&step, h),
        }
        check_choices(&step, &mut check_rng, &mut stats);
        if h.turn().passed && !passed_before {
            stats.passes += 1;
        }
        passed_before = h.turn().passed;
        if deep || stats.steps.is_multiple_of(DEEP_STEP_EVERY) {
            stats.views_redealt += check_views(h);
            check_position_round_trip(h);
            stats.deep_steps += 1;
        }
    });
    stats.max_turns = g.turn().number;
    let o = g.outcome().expect("a finished game has an outcome");
    assert_eq!(o.places.len(), seats, "places {:?}", o.places);
    if form.is_melee() {
        // the ranking follows each seat's sorted colors, then upgraded
        // pieces, then all pieces
        let key = |s: &SeatState| {
            let mut pts: Vec<i16> = g.enemies_of(s.color).map(|c| s.points[c.index()]).collect();
            pts.sort();
            (pts, g.board().upgraded(s.color), g.board().total(s.color))
        };
        let keys: Vec<_> = g.seats().iter().map(key).collect();
        for (i, k) in keys.iter().enumerate() {
            let better = keys.iter().filter(|o| *o > k).count() as u8;
            assert_eq!(o.places[i], better, "seat {i}'s place with {k:?} among {keys:?}");
        }
    } else {
        assert_eq!(o.places[0], o.places[2], "teammates share a place");
        assert_eq!(o.places[1], o.places[3], "teammates share a place");
        assert!(o.places.iter().all(|&p| p <= 1), "places {:?}", o.places);
    }
    stats
}

/// The name of a game, to replay it alone.
fn spec(form: Form, seats: usize, seed: u64) -> String {
    format!("TK_PROPERTY_MULTI_GAME={},{seats},{seed}", form.name())
}

/// Plays `games` games of `form`, or only the one `TK_PROPERTY_MULTI_GAME`
/// names; a failure names its game.
fn run(form: Form, seats: usize, games: u64) {
    if let Ok(only) = std::env::var("TK_PROPERTY_MULTI_GAME") {
        let parts: Vec<&str> = only.split(',').map(str::trim).collect();
        let [f, n, seed] = parts[..] else { panic!("TK_PROPERTY_MULTI_GAME is form,seats,seed") };
        if Form::parse(f) == Some(form) && n.parse() == Ok(seats) {
            let stats = play(form, seats, seed.parse().expect("a seed"), true, true);
            eprintln!("{stats:?}");
        }
        return;
    }
    let base = env_u64("TK_PROPERTY_SEED").unwrap_or(0);
    let deep_all = deep_everywhere();
    let mut sum = Stats::default();
    let mut failures = Vec::new();
    for k in 0..games {
        let seed = base + k;
        let deep = deep_all || k % DEEP_EVERY == 0;
        match catch_unwind(AssertUnwindSafe(|| play(form, seats, seed, deep, false))) {
            Ok(s) => {
                sum.games += s.games;
                sum.steps += s.steps;
                sum.max_turns = sum.max_turns.max(s.max_turns);
                sum.listed_applied += s.listed_applied;
                sum.unlisted_refused += s.unlisted_refused;
                sum.deep_steps += s.deep_steps;
                sum.views_redealt += s.views_redealt;
                sum.flares += s.flares;
                sum.score_points += s.score_points;
                sum.improvised += s.improvised;
                sum.passes += s.passes;
                sum.held_back_by_penalty += s.held_back_by_penalty;
                sum.penalty_dropped_at_end_score += s.penalty_dropped_at_end_score;
            }
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{msg}\n  reproduce: {}", spec(form, seats, seed)));
                if failures.len() >= 5 {
                    break;
                }
            }
        }
    }
    eprintln!("{} with {seats} seats: {sum:?}", form.name());
    assert!(failures.is_empty(), "{} game(s) failed:\n{}", failures.len(), failures.join("\n\n"));
    if games >= 20 {
        // the sample is not empty, and random play reaches what is checked
        assert!(sum.deep_steps > 0 && sum.views_redealt > 0, "{sum:?}");
        assert!(sum.unlisted_refused > 0 && sum.listed_applied > 0, "{sum:?}");
        if form.is_melee() {
            assert!(sum.flares > 0 && sum.score_points > 0 && sum.improvised > 0, "{sum:?}");
        } else {
            assert!(sum.passes > 0, "{sum:?}");
        }
    }
}

fn melee_games() -> u64 {
    env_u64("TK_PROPERTY_MELEE_GAMES").unwrap_or(400)
}

fn team_games() -> u64 {
    env_u64("TK_PROPERTY_TEAM_GAMES").unwrap_or(300)
}

/// A melee an outside audit found failing (issue 23, item 7), the fault of
/// this test's model, replayed in every normal run: a seat with a pending
/// being has the end score in a color, less the causality penalty it has
/// not (`TK_PROPERTY_MULTI_GAME=melee,4,1700001368`).
#[test]
fn audit_case_the_causality_penalty_holds_back_a_melee_trigger() {
    let stats = play(Form::Melee, 4, 1_700_001_368, false, false);
    assert!(stats.held_back_by_penalty > 0, "{stats:?}");
}

/// Melees that failed at this suite's own new seeds, the fault of its
/// model: an Etherweave seat with the end score in a color, held back by
/// the causality penalty, summons its pending being; the end is triggered
/// when that turn is done, not at once
/// (`TK_PROPERTY_MULTI_GAME=melee,3,5300000388`, `melee,4,5300001396`).
#[test]
fn regression_a_pending_being_summoned_at_the_end_score_triggers_at_the_turns_end() {
    for (seats, seed) in [(3, 5_300_000_388), (4, 5_300_001_396)] {
        let stats = play(Form::Melee, seats, seed, false, false);
        assert!(stats.penalty_dropped_at_end_score > 0, "{seats} seats, seed {seed}: {stats:?}");
    }
}

#[test]
fn random_melees_of_three_keep_the_invariants() {
    run(Form::Melee, 3, melee_games());
}

#[test]
fn random_melees_of_four_keep_the_invariants() {
    run(Form::Melee, 4, melee_games());
}

#[test]
fn random_team_duels_keep_the_invariants() {
    run(Form::TeamDuel, 4, team_games());
}

#[test]
fn random_team_high_form_games_keep_the_invariants() {
    run(Form::TeamHighForm, 4, (team_games() * 3).div_ceil(5));
}
