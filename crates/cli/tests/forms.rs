//! The command line in the task forms (High Form, first game) and with
//! every deck: `tasks`, `selfplay`, `play`, records and `replay`, run as a
//! user would run them.

mod common;
use common::*;

use std::path::Path;

use serde_json::{json, Value};

fn tasks(board: &str, color: &str) -> String {
    let o = run(&["tasks", "--board", board, "--color", color]);
    assert!(o.status.success(), "{board} {color}: {}", stderr(&o));
    stdout(&o)
}

// ----- tasks -----

#[test]
fn tasks_on_a_center_cross() {
    // e5 with d5, f5, e4, e6: the plus
    assert_eq!(tasks("9/9/9/4b4/3bbb3/4b4/9/9/9", "b"), "tasks.center_cross\n");
    // e5 with d4, f4, d6, f6: the x
    assert_eq!(tasks("9/9/9/3b1b3/4b4/3b1b3/9/9/9", "b"), "tasks.center_cross\n");
    // one square off (g5 instead of f5), or one piece short
    assert_eq!(tasks("9/9/9/4b4/3bb1b2/4b4/9/9/9", "b"), "\n");
    assert_eq!(tasks("9/9/9/4b4/3bb4/4b4/9/9/9", "b"), "\n");
    // the other color meets nothing there
    assert_eq!(tasks("9/9/9/4b4/3bbb3/4b4/9/9/9", "r"), "\n");
    // two upgraded among five central pieces adds Central Dominance, in
    // alphabetical order after the cross
    assert_eq!(tasks("9/9/9/4b+4/3bb+b3/4b4/9/9/9", "b"), "tasks.center_cross tasks.central_dominance\n");
    // another color's cross, judged for that color
    assert_eq!(tasks("9/9/9/4g4/3ggg3/4g4/9/9/9", "g"), "tasks.center_cross\n");
}

#[test]
fn tasks_on_a_side_chain() {
    // row 3 from a3 (west side) to i3 (east side)
    assert_eq!(tasks("9/9/9/9/9/9/bbbbbbbbb/9/9", "b"), "tasks.side_chain\n");
    // column c from c1 (south side) to c9 (north side)
    assert_eq!(tasks("2b6/2b6/2b6/2b6/2b6/2b6/2b6/2b6/2b6", "b"), "tasks.side_chain\n");
    // an enemy piece breaks the chain
    assert_eq!(tasks("9/9/9/9/9/9/bbbbrbbbb/9/9", "b"), "\n");
    // a diagonal step still links the chain (e3 to f4 to g3)
    assert_eq!(tasks("9/9/9/9/9/5b3/bbbbb1bbb/9/9", "b"), "tasks.side_chain\n");
    // one square short of the east side
    assert_eq!(tasks("9/9/9/9/9/9/bbbbbbbb1/9/9", "b"), "\n");
}

#[test]
fn tasks_against_the_other_colors_on_the_board() {
    // a red piece on e5 with blue on six adjacent squares
    let board = "9/9/9/3bbb3/3brb3/4b4/9/9/9";
    assert_eq!(tasks(board, "b"), "tasks.imprisonment\n");
    assert_eq!(tasks(board, "r"), "\n");
    // the enemy may be any other color
    assert_eq!(tasks("9/9/9/3bbb3/3bgb3/4b4/9/9/9", "b"), "tasks.imprisonment\n");
    // Line Dominance: 7 blue and 1 red on row 5 is 6 more; 2 red is 5
    assert_eq!(tasks("9/9/9/9/1bbbbbbbr/9/9/9/9", "b"), "tasks.line_dominance\n");
    assert_eq!(tasks("9/9/9/9/rbbbbbbbr/9/9/9/9", "b"), "\n");
    // Red Conquest: c2, d8, h4 with two upgraded; a rank too low fails
    assert_eq!(tasks("9/3b+5/9/9/9/7b1/9/2b+6/9", "b"), "tasks.red_conquest\n");
    assert_eq!(tasks("9/3b+5/9/9/9/7b1/9/2b6/9", "b"), "\n");
    // the turn-counting tasks are never listed, and an empty board meets nothing
    assert_eq!(tasks("9/9/9/9/9/9/9/9/9", "n"), "\n");
}

#[test]
fn bad_tasks_input_is_rejected_with_a_message() {
    let board = "9/9/9/4b4/3bbb3/4b4/9/9/9";
    assert_rejected(&run(&["tasks", "--board", "9/9/9", "--color", "b"]), "bad board text");
    assert_rejected(&run(&["tasks", "--board", "b8/9/9/9/9/9/9/9/9", "--color", "b"]), "cut off");
    assert_rejected(&run(&["tasks", "--board", "9/9/9/9/9/9/9/9/x8", "--color", "b"]), "bad board text");
    assert_rejected(&run(&["tasks", "--board", board, "--color", "x"]), "bad color");
    assert_rejected(&run(&["tasks", "--board", board, "--color", "blue"]), "bad color");
    assert_rejected(&run(&["tasks", "--board", board, "--color", ""]), "bad color");
    assert_rejected(&run(&["tasks", "--board", board]), "--color");
    assert_rejected(&run(&["tasks", "--color", "b"]), "--board");
}

// ----- selfplay, records, replay -----

/// The summary line without the timing, which differs between runs.
fn without_timing(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line.trim()).expect("one JSON line");
    v.as_object_mut().expect("an object").remove("games_per_second").expect("a games_per_second key");
    v
}

fn selfplay(form: &str, decks: &str, games: &str, seed: &str, dir: &Path) -> Value {
    let o = run(&[
        "selfplay",
        "--form",
        form,
        "--decks",
        decks,
        "--games",
        games,
        "--seed",
        seed,
        "--save",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    without_timing(&stdout(&o))
}

/// Legendary pieces of a color letter in board text.
fn legendary(board: &str, color: char) -> i64 {
    board.as_bytes().windows(2).filter(|w| w[0] == color as u8 && w[1] == b'*').count() as i64
}

fn replay(path: &Path) -> Value {
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
    serde_json::from_str(stdout(&o).trim()).expect("JSON state")
}

/// Checks a task form's replayed state: the task board is shown, without
/// the deck order, and scores are claimed points plus legendary pieces.
fn check_task_state(state: &Value, record: &str, tasks_in_form: usize) -> usize {
    let tasks = &state["tasks"];
    let current = tasks["current"].as_array().expect("current tasks");
    assert!(current.len() <= 3);
    assert!(tasks["next"].is_object() || tasks["next"].is_null());
    let claimed = tasks["claimed"].as_array().expect("claimed per seat");
    assert_eq!(claimed.len(), 2);
    let claimed_count: usize = claimed.iter().map(|c| c.as_array().unwrap().len()).sum();
    let face_up = current.len() + tasks["next"].is_object() as usize;
    assert_eq!(tasks["deck"].as_u64().unwrap() as usize + face_up + claimed_count, tasks_in_form);
    let claims: Vec<&str> = record.lines().filter_map(|l| l.split_once(" claim ").map(|(_, t)| t)).collect();
    assert_eq!(claims.len(), claimed_count, "every claim in the record is claimed in the state");
    let board = state["board"].as_str().unwrap();
    for s in 0..2 {
        let color = state["seats"][s]["color"].as_str().unwrap();
        let letter = match color {
            "red" => 'r',
            "blue" => 'b',
            "brown" => 'n',
            "green" => 'g',
            "white" => 'w',
            other => panic!("color {other}"),
        };
        let points = tasks["points"][s].as_i64().unwrap();
        assert_eq!(state["scores"][s].as_i64().unwrap(), points + legendary(board, letter));
    }
    claimed_count
}

#[test]
fn high_form_selfplay_is_deterministic_and_its_records_replay() {
    let (a, b) = (scratch("forms-high-a"), scratch("forms-high-b"));
    let summary = selfplay("high-form", "northern,southern", "4", "21", &a);
    assert_eq!(summary, selfplay("high-form", "northern,southern", "4", "21", &b));
    let claimed = summary["tasks_claimed"].as_object().expect("claims per task in a task form");
    assert_eq!(claimed.len(), 24, "every task of the High Form is listed");
    let mut keys: Vec<&String> = claimed.keys().collect();
    keys.sort();
    assert_eq!(keys, claimed.keys().collect::<Vec<_>>(), "in alphabetical order");
    let mut claims_in_records = 0;
    let mut choices = 0;
    for i in 1..=4 {
        let name = format!("game-{i:04}.tkr");
        let text = std::fs::read_to_string(a.join(&name)).expect("a saved record");
        assert_eq!(text, std::fs::read_to_string(b.join(&name)).unwrap(), "{name} differs between runs");
        assert!(text.starts_with("Form: high-form\nSeats: northern, southern\nSeed: 21\n"), "{text}");
        assert!(!text.contains(" start "), "no start pieces in the High Form");
        assert!(text.contains("* draw tasks."), "chance turns up tasks");
        choices += text.lines().filter(|l| l.starts_with(['1', '2', '*'])).count();
        let state = replay(&a.join(&name));
        assert_eq!(state["form"], "high-form");
        claims_in_records += check_task_state(&state, &text, 24);
    }
    let total: u64 = claimed.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total as usize, claims_in_records);
    assert_eq!(summary["avg_choices"].as_f64().unwrap(), choices as f64 / 4.0);
    // another seed, other games
    let c = scratch("forms-high-c");
    selfplay("high-form", "northern,southern", "1", "22", &c);
    let other = std::fs::read_to_string(c.join("game-0001.tkr")).unwrap();
    let first = std::fs::read_to_string(a.join("game-0001.tkr")).unwrap();
    assert_ne!(other.replace("Seed: 22", ""), first.replace("Seed: 21", ""));
}

#[test]
fn everfrost_selfplay_is_deterministic_and_its_records_replay() {
    let (a, b) = (scratch("forms-everfrost-a"), scratch("forms-everfrost-b"));
    let summary = selfplay("duel", "everfrost,northern", "3", "8", &a);
    assert_eq!(summary, selfplay("duel", "everfrost,northern", "3", "8", &b));
    for i in 1..=3 {
        let name = format!("game-{i:04}.tkr");
        let text = std::fs::read_to_string(a.join(&name)).expect("a saved record");
        assert!(text.starts_with("Form: duel\nSeats: everfrost, northern\nSeed: 8\n"), "{text}");
        assert!(text.contains("summon everfrost."), "the Everfrost seat summons");
        let state = replay(&a.join(&name));
        assert_eq!(state["seats"][0]["color"], "white");
    }
}

#[test]
fn nethervoid_selfplay_is_deterministic_and_its_records_replay() {
    let (a, b) = (scratch("forms-nethervoid-a"), scratch("forms-nethervoid-b"));
    let summary = selfplay("duel", "nethervoid,northern", "3", "8", &a);
    assert_eq!(summary, selfplay("duel", "nethervoid,northern", "3", "8", &b));
    for i in 1..=3 {
        let name = format!("game-{i:04}.tkr");
        let text = std::fs::read_to_string(a.join(&name)).expect("a saved record");
        assert!(text.starts_with("Form: duel\nSeats: nethervoid, northern\nSeed: 8\n"), "{text}");
        assert!(text.contains("summon nethervoid."), "the Nethervoid seat summons");
        let state = replay(&a.join(&name));
        assert_eq!(state["seats"][0]["color"], "orange");
    }
}

#[test]
fn first_game_selfplay_is_deterministic_without_legends_or_advanced_tasks() {
    let (a, b) = (scratch("forms-first-a"), scratch("forms-first-b"));
    let summary = selfplay("first-game", "highland,sylvan", "4", "5", &a);
    assert_eq!(summary, selfplay("first-game", "highland,sylvan", "4", "5", &b));
    assert_eq!(summary["finished"], 4);
    let claimed = summary["tasks_claimed"].as_object().unwrap();
    assert_eq!(claimed.len(), 16, "the 16 non-advanced tasks");
    for advanced in ["tasks.diagonals", "tasks.isolation", "tasks.red_legends", "tasks.end_of_legends"] {
        assert!(!claimed.contains_key(advanced), "{advanced}");
    }
    for i in 1..=4 {
        let name = format!("game-{i:04}.tkr");
        let text = std::fs::read_to_string(a.join(&name)).unwrap();
        assert_eq!(text, std::fs::read_to_string(b.join(&name)).unwrap());
        assert!(text.starts_with("Form: first-game\nSeats: highland, sylvan\n"));
        assert!(!text.contains("legends."), "no legends in the first game");
        assert!(!text.contains(" discard "), "no discard action in the first game");
        let state = replay(&a.join(&name));
        assert_eq!(state["form"], "first-game");
        check_task_state(&state, &text, 16);
        // the game ended at once: at 6 points, or on a last card drawn
        let scores: Vec<i64> = state["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).collect();
        let decks: Vec<u64> = (0..2).map(|s| state["seats"][s]["deck"].as_u64().unwrap()).collect();
        assert!(scores.iter().any(|&s| s >= 6) || decks.contains(&0), "{scores:?} {decks:?}");
        assert!(state["outcome"]["places"].is_array());
    }
}

#[test]
fn a_duel_summary_has_no_task_counts() {
    let o = run(&["selfplay", "--games", "1", "--seed", "3"]);
    assert!(o.status.success());
    assert!(without_timing(&stdout(&o)).get("tasks_claimed").is_none());
}

#[test]
fn every_deck_plays_every_seat_in_selfplay() {
    for decks in ["highland,sylvan", "sylvan,northern", "southern,highland"] {
        for form in ["duel", "high-form", "first-game"] {
            let o = run(&["selfplay", "--form", form, "--decks", decks, "--games", "1", "--seed", "9"]);
            assert!(o.status.success(), "{form} {decks}: {}", stderr(&o));
            assert_eq!(without_timing(&stdout(&o))["games"], 1);
        }
    }
}

#[test]
fn bad_form_and_deck_options_are_rejected() {
    assert_rejected(&run(&["selfplay", "--form", "high", "--games", "1"]), "unknown form");
    assert_rejected(&run(&["selfplay", "--form", "high", "--games", "1"]), "high-form");
    assert_rejected(&run(&["selfplay", "--form", "first-game", "--decks", "highland", "--bots", "random"]), "seats");
    assert_rejected(
        &run(&["selfplay", "--form", "high-form", "--decks", "sylvan,sylvan", "--games", "1"]),
        "both play",
    );
    assert_rejected(
        &run(&["selfplay", "--form", "high-form", "--decks", "sylvan,elves", "--games", "1"]),
        "unknown deck",
    );
    assert_rejected(&run_with_input(&["play", "--form", "chess"], ""), "unknown form");
    assert_rejected(&run_with_input(&["play", "--form", "high-form", "--decks", "highland,highland"], ""), "both play");
    assert_rejected(&run_with_input(&["play", "--form", "first-game", "--decks", "highland"], ""), "seats");
    assert_rejected(&run_with_input(&["play", "--decks", "highland,dwarves"], ""), "unknown deck");
}

// ----- play -----

/// Enough input to choose the first choice at every prompt of a game.
fn first_choices() -> String {
    "1\n".repeat(3000)
}

#[test]
fn play_highland_against_sylvan_to_the_end_through_standard_input() {
    let dir = scratch("forms-play-hs");
    let record = dir.join("game.tkr");
    // the human takes the first choice each time (a summon when there is
    // one), against the random bot
    let o = run_with_input(
        &[
            "play",
            "--opponent",
            "random",
            "--decks",
            "highland,sylvan",
            "--seed",
            "1",
            "--save",
            record.to_str().unwrap(),
        ],
        &first_choices(),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("Brown, Highland: "), "{out}");
    assert!(out.contains("Green (bot, random), Sylvan: "));
    assert!(out.contains("Green (bot, random): "), "the bot plays");
    assert!(out.contains("  highland."), "a Highland hand is shown");
    assert!(out.contains("== The game is over =="), "the game is played to its end");
    assert!(
        out.contains("Brown wins") || out.contains("Green (bot, random) wins") || out.contains("A draw between"),
        "{out}"
    );
    let text = std::fs::read_to_string(&record).expect("the record is saved");
    assert!(text.starts_with("Form: duel\nSeats: highland, sylvan\nSeed: 1\n"), "{text}");
    assert!(text.contains("1 summon highland."), "the human summoned Highland beings");
    assert!(text.contains("2 summon sylvan.") || text.contains("2 place "), "{text}");
    let state = replay(&record);
    assert!(state["outcome"]["places"].is_array(), "the replayed game is over too");
    assert_eq!(state["seats"][0]["school"], "highland");
    assert_eq!(state["seats"][1]["school"], "sylvan");
    // the scores printed at the end are the replay's
    let names = ["Brown", "Green (bot, random)"];
    let scores: Vec<String> = (0..2).map(|s| format!("{} {}", names[s], state["scores"][s])).collect();
    assert!(out.contains(&format!("Scores: {}", scores.join(", "))), "{out}");
}

#[test]
fn play_the_high_form_with_tasks_to_the_end_and_replay_its_record() {
    let dir = scratch("forms-play-high");
    let record = dir.join("game.tkr");
    // seed 4: the human claims a task on the way (claims come first in
    // the list of choices; the seed was 1 before the bots' seeds were
    // derived one way)
    let o = run_with_input(
        &[
            "play",
            "--opponent",
            "random",
            "--form",
            "high-form",
            "--decks",
            "highland,sylvan",
            "--seed",
            "4",
            "--save",
            record.to_str().unwrap(),
        ],
        &first_choices(),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.starts_with("Tash-Kalar: High Form, seed 4."), "{out}");
    assert!(out.contains("Task turned up: "));
    assert!(out.contains(", the next task."));
    assert!(out.contains("Tasks (") && out.contains("  current  tasks.") && out.contains("  next     "));
    assert!(out.contains("End of your turn: you may claim one task you meet"), "the claim is offered");
    assert!(out.contains("== The game is over =="));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.starts_with("Form: high-form\nSeats: highland, sylvan\n"));
    let claim = text.lines().find(|l| l.starts_with("1 claim tasks.")).expect("seat 1 claimed a task");
    let task = claim.trim_start_matches("1 claim ");
    let state = replay(&record);
    assert_eq!(state["form"], "high-form");
    assert!(state["tasks"]["claimed"][0].as_array().unwrap().iter().any(|t| t["id"] == json!(task)));
    check_task_state(&state, &text, 24);
    assert!(state["tasks"].get("claimable").is_none(), "the game is over");
    let claimed = out.lines().find_map(|l| l.strip_prefix("Brown claimed: ")).expect("the claims at the end");
    assert_ne!(claimed, "-", "{out}");
}

#[test]
fn play_the_first_game_hotseat_shows_tasks_and_no_legends() {
    // the first choice of seat 1's first turn, a take-back, again, and end
    let o = run_with_input(
        &["play", "--form", "first-game", "--opponent", "human", "--seed", "2"],
        "1\nundo\n1\nend\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.starts_with("Tash-Kalar: First game, seed 2."), "{out}");
    assert!(out.contains("Took back: "));
    assert!(!out.contains("legends."), "no legend in any hand");
    assert!(!out.contains(" discard "), "no discard action");
    assert!(out.contains("Tasks (12 in the deck):"), "16 tasks, 3 current, 1 next: {out}");
    assert!(!out.contains("advanced):"), "no advanced task");
    assert!(out.contains("\nRed > "), "seat 2 (Red) plays next, hotseat: {out}");
    assert!(out.contains("Bye."));
}
