//! The command line, run as a user would run it.

mod common;
use common::*;

use std::path::{Path, PathBuf};
use std::process::Output;

#[test]
fn summons_lists_the_squares_in_row_order() {
    // two vertical and two horizontal pairs of blue pieces: a Swordmaster
    // fits between each pair
    let o = run(&["summons", "--board", "9/9/9/4b1b2/9/4b1b2/9/9/9", "--color", "b", "--card", "imperial.swordmaster"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "f4 e5 g5 f6\n");
    // red has no pieces there: an empty line
    let o = run(&["summons", "--board", "9/9/9/4b1b2/9/4b1b2/9/9/9", "--color", "r", "--card", "imperial.swordmaster"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "\n");
}

#[test]
fn summons_works_for_everfrost_cards_and_white_pieces() {
    // the Crystal Mirror stands between two pieces two squares apart
    let o = run(&["summons", "--board", "9/9/9/4w4/9/4w4/9/9/9", "--color", "w", "--card", "everfrost.crystal_mirror"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "e5\n");
    let o = run(&["summons", "--board", "9/9/9/4w4/9/4w4/9/9/9", "--color", "x", "--card", "everfrost.crystal_mirror"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("r, b, n, g, w, o, p"), "{}", stderr(&o));
}

#[test]
fn summons_works_for_nethervoid_cards_and_orange_pieces() {
    // the Shadow Imp: one piece up-left, one to the right (or turned)
    let o = run(&["summons", "--board", "9/9/9/3o5/5o3/9/9/9/9", "--color", "o", "--card", "nethervoid.shadow_imp"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "e5 e6\n");
    // the Hell Rider is summoned onto one of your pieces
    let o = run(&["summons", "--board", "9/9/9/9/4ooo2/4o4/9/9/9", "--color", "o", "--card", "nethervoid.hell_rider"]);
    assert_eq!(stdout(&o), "e5\n");
    // a plain board text holds no Gateway: the marker is refused, with a reason
    let o = run(&["summons", "--board", "9/9/9/3o@5/5o3/9/9/9/9", "--color", "o", "--card", "nethervoid.shadow_imp"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("Gateway marker"), "{}", stderr(&o));
}

#[test]
fn summons_works_for_etherweave_cards_and_the_time_traveler_goes_anywhere() {
    // the Antimatter Spirit between two diagonal pieces
    let o =
        run(&["summons", "--board", "9/9/9/5p3/9/3p5/9/9/9", "--color", "p", "--card", "etherweave.antimatter_spirit"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "e5\n");
    // the Time Traveler: its diagonal anywhere, then any empty colorless square
    let o =
        run(&["summons", "--board", "9/9/9/3p5/4p4/5p3/9/9/9", "--color", "p", "--card", "etherweave.time_traveler"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("any empty colorless square: "), "{out}");
    let squares: Vec<&str> = out.trim().trim_start_matches("any empty colorless square: ").split(' ').collect();
    assert_eq!(squares.len(), 60 - 2, "60 colorless squares less d6 and f4 (e5 is red): {out}");
    assert!(!squares.contains(&"e5") && !squares.contains(&"f4") && !squares.contains(&"d6"), "{out}");
    let o = run(&["summons", "--board", "9/9/9/3p5/4p4/9/9/9/9", "--color", "p", "--card", "etherweave.time_traveler"]);
    assert_eq!(stdout(&o), "\n", "no pattern, no square");
}

#[test]
fn summons_of_a_legend_needs_its_heroic_pieces() {
    // the Titan: two heroic pieces below it, three commons in a row below those
    let heroic = run(&["summons", "--board", "9/9/9/9/4b+4/4b+4/3bbb3/9/9", "--color", "b", "--card", "legends.titan"]);
    assert!(heroic.status.success(), "{}", stderr(&heroic));
    assert_eq!(stdout(&heroic), "e6\n");
    let common = run(&["summons", "--board", "9/9/9/9/4b4/4b4/3bbb3/9/9", "--color", "b", "--card", "legends.titan"]);
    assert_eq!(stdout(&common), "\n");
}

#[test]
fn bad_summons_input_is_rejected_with_a_message() {
    let board = "9/9/9/4b1b2/9/4b1b2/9/9/9";
    assert_rejected(
        &run(&["summons", "--board", "9/9/9", "--color", "b", "--card", "imperial.knight"]),
        "bad board text",
    );
    assert_rejected(
        &run(&["summons", "--board", "r8/9/9/9/9/9/9/9/9", "--color", "b", "--card", "imperial.knight"]),
        "cut off",
    );
    assert_rejected(&run(&["summons", "--board", board, "--color", "x", "--card", "imperial.knight"]), "bad color");
    assert_rejected(&run(&["summons", "--board", board, "--color", "bb", "--card", "imperial.knight"]), "bad color");
    assert_rejected(&run(&["summons", "--board", board, "--color", "b", "--card", "imperial.dragon"]), "unknown card");
    assert_rejected(&run(&["summons", "--board", board, "--color", "b", "--card", "flares.01"]), "flare");
    assert_rejected(&run(&["summons", "--board", board, "--color", "b"]), "--card");
}

#[test]
fn bad_selfplay_and_play_options_are_rejected() {
    assert_rejected(&run(&["selfplay", "--decks", "northern,elvish", "--games", "1"]), "unknown deck");
    assert_rejected(&run(&["selfplay", "--decks", "northern", "--bots", "random", "--games", "1"]), "seats");
    assert_rejected(&run(&["selfplay", "--bots", "random,genius", "--games", "1"]), "unknown bot");
    assert_rejected(&run(&["selfplay", "--form", "chess", "--games", "1"]), "unknown form");
    assert_rejected(&run(&["selfplay", "--form", "melee", "--games", "1"]), "seats");
    assert_rejected(
        &run(&["selfplay", "--form", "team-duel", "--decks", "northern,southern,highland", "--games", "1"]),
        "seats",
    );
    assert_rejected(
        &run(&["selfplay", "--form", "team-duel", "--decks", "northern,southern,northern,sylvan", "--games", "1"]),
        "deck",
    );
    assert_rejected(
        &run_with_input(&["play", "--form", "melee", "--decks", "northern,southern,sylvan", "--seat", "4"], ""),
        "seat",
    );
    assert_rejected(&run(&["selfplay", "--decks", "northern,northern", "--games", "1"]), "both play");
    assert_rejected(&run_with_input(&["play", "--decks", "northern,dwarves"], ""), "unknown deck");
    assert_rejected(&run(&["replay", "/no/such/record.tkr"]), "cannot read");
}

#[test]
fn bad_train_options_are_rejected_before_any_game() {
    let out = || std::env::temp_dir().join("tk-train-refused.json").display().to_string();
    let train = |extra: &[&str]| {
        let o = out();
        let mut args = vec!["train", "--out", o.as_str()];
        args.extend_from_slice(extra);
        run(&args)
    };
    assert_rejected(&train(&["--games", "0"]), "at least 1");
    assert_rejected(&train(&["--iterations", "0"]), "at least 1");
    assert_rejected(&train(&["--forms", "melee"]), "judges duel and high-form");
    assert_rejected(&train(&["--gate-form", "chess"]), "judges duel and high-form");
    assert_rejected(&train(&["--jobs", "0"]), "--jobs");
    assert_rejected(&train(&["--jobs", "100000"]), "--jobs");
    assert_rejected(&train(&["--games", "-3"]), "");
    assert_rejected(&train(&["--start", "/no/such/model.json"]), "reading /no/such/model.json");
    let junk = scratch("cli-train-start").join("junk.json");
    std::fs::write(&junk, "{\"about\": 3}").unwrap();
    assert_rejected(&train(&["--start", &junk.display().to_string()]), "not a value model");
    assert_rejected(&train(&["--data", &junk.display().to_string()]), "reads positions otherwise");
    assert_rejected(&train(&["--board", "sideways"]), "sideways");
    assert!(!std::path::Path::new(&out()).exists(), "a refused run writes nothing");
}

#[test]
fn train_keeps_its_positions_and_fits_on_them_again() {
    let dir = scratch("cli-train-data");
    let (data, model) = (dir.join("positions.jsonl"), dir.join("value.json"));
    let _ = std::fs::remove_file(&data);
    let train = |seed: &str, board: &str| {
        let (d, m) = (data.display().to_string(), model.display().to_string());
        let args = ["train", "--games", "1", "--iterations", "5", "--gate-games", "0", "--forms", "duel"];
        let o = run(&[&args[..], &["--seed", seed, "--data", &d, "--out", &m, "--board", board]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        (stdout(&o), stderr(&o), std::fs::read_to_string(&data).unwrap())
    };
    let (first, _, kept) = train("1", "off");
    assert!(!std::fs::read_to_string(&model).unwrap().contains("\"board\""), "the counts alone");
    assert!(first.contains("1 of 1 games ended"), "{first}");
    let lines = kept.lines().count();
    assert!(lines > 10, "{lines} lines");
    assert!(kept.lines().next().unwrap().contains("\"format\""));
    // the second run fits on both runs' positions and adds its own, without a second header
    let (second, said, more) = train("2", "augmented");
    assert!(said.contains(&format!("{} positions of earlier runs", lines - 1)), "{said}");
    assert!(more.starts_with(&kept) && more.lines().count() > lines, "the file grows");
    assert_eq!(more.matches("\"format\"").count(), 1);
    assert!(second.contains("1 of 1 games ended"), "{second}");
    let written = std::fs::read_to_string(&model).unwrap();
    assert!(written.contains("\"board\""), "the fitted network reads the board");
    // a file whose games are numbered at the limit leaves no room for new ones
    let last = more.lines().last().unwrap();
    let at_limit = last.replacen("{\"game\":", &format!("{{\"game\":{},\"was\":", 1u32 << 30), 1);
    std::fs::write(&data, format!("{more}{at_limit}\n")).unwrap();
    let args = ["train", "--games", "1", "--iterations", "5", "--gate-games", "0", "--forms", "duel", "--data"];
    let o = run(&[&args[..], &[&data.display().to_string(), "--out", &model.display().to_string()]].concat());
    assert_rejected(&o, "numbered past");
    assert_eq!(std::fs::read_to_string(&data).unwrap(), format!("{more}{at_limit}\n"), "the file is untouched");
}

#[test]
fn selfplay_bots_keep_their_options_past_a_comma() {
    // two bots: a greedy with two weights set, and random
    let o = run(&["selfplay", "--bots", "greedy:common=0.3,ready1=0.5,random", "--games", "1", "--seed", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["finished"], 1);
    // one spec with options plays every seat
    let o = run(&["selfplay", "--bots", "greedy:common=0.3,ready1=0.5", "--games", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_rejected(
        &run(&["selfplay", "--bots", "greedy:common=0.3,depth=2,random", "--games", "1"]),
        "no option \"depth\"",
    );
    assert_rejected(&run(&["selfplay", "--bots", "greedy,random,random", "--games", "1"]), "one bot per seat");
}

/// Bot options are typed and bounded at every door of the command line:
/// `--bots` (selfplay, tournament), `--opponent` (play) and `engine --bot`.
#[test]
fn bot_options_out_of_range_are_refused_on_the_command_line() {
    let bad = [
        ("mcts:c=nan", "c=\"nan\""),
        ("mcts:c=inf", "from 0 to 100"),
        ("mcts:c=-1e308", "from 0 to 100"),
        ("mcts:prior=nan", "prior="),
        ("mcts:threads=0", "from 1 to 64"),
        ("mcts:threads=100000", "from 1 to 64"),
        ("mcts:iterations=0", "iterations="),
        ("mcts:time=0s", "1ms to 3600s"),
        ("greedy:common=nan", "common="),
        ("mcts:speed=9", "no option \"speed\""),
    ];
    let out = scratch("cli-bad-bots").join("tournament");
    for (spec, words) in bad {
        assert_rejected(&run(&["selfplay", "--bots", spec, "--games", "1"]), words);
        assert_rejected(&run(&["selfplay", "--bots", &format!("random,{spec}"), "--games", "1"]), words);
        let both = format!("random,{spec}");
        let tournament = ["tournament", "--bots", &both, "--games", "1", "--out", out.to_str().unwrap()];
        assert_rejected(&run(&tournament), words);
        assert_rejected(&run_with_input(&["play", "--plain", "--opponent", spec, "--seed", "1"], "quit\n"), words);
        assert_rejected(&run_with_input(&["engine", "--bot", spec], "quit\n"), words);
    }
    assert!(!out.exists(), "a refused tournament writes nothing");
    assert_rejected(&run_with_input(&["engine", "--bot", "cmd:true"], ""), "not another engine");
}

#[test]
fn tournaments_in_a_melee_and_in_team_play_extend_with_more_games() {
    let dir = scratch("cli-tournament-melee");
    let out = dir.join("m3");
    let args = |games: &str| {
        vec![
            "tournament",
            "--form",
            "melee",
            "--seats",
            "3",
            "--bots",
            "random,greedy:common=0.3,ready1=0.4",
            "--decks",
            "northern/southern/highland",
            "--games",
            games,
            "--out",
            out.to_str().unwrap(),
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let a1 = args("1");
    let o = run(&a1.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("melee, 3 seats (2 games)") && text.contains("mean place"), "{text}");
    assert!(text.contains("greedy:common=0.3,ready1=0.4"), "one entrant with its options: {text}");
    let a2 = args("2");
    let o = run(&a2.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(4 games)"), "{}", stdout(&o));
    let lines = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 4);
    let config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(config["games"], 2);
    assert_eq!(config["seats"], 3);
    // team play
    let team = dir.join("td");
    let o = run(&[
        "tournament",
        "--form",
        "team-duel",
        "--bots",
        "random,random",
        "--decks",
        "northern+highland/southern+sylvan",
        "--games",
        "2",
        "--out",
        team.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("team-duel (2 games)"), "{}", stdout(&o));
    assert_rejected(&run(&["tournament", "--form", "melee", "--bots", "random,greedy"]), "--seats");
    assert_rejected(&run(&["tournament", "--form", "melee", "--seats", "5", "--bots", "random,greedy"]), "--seats");
    assert_rejected(&run(&["tournament", "--form", "duel", "--seats", "3", "--bots", "random,greedy"]), "--seats");
    assert_rejected(
        &run(&["tournament", "--form", "team-duel", "--bots", "random,greedy", "--decks", "northern/southern"]),
        "--decks",
    );
    assert_rejected(
        &run(&[
            "tournament",
            "--form",
            "melee",
            "--seats",
            "3",
            "--bots",
            "random,greedy",
            "--decks",
            "northern/southern",
        ]),
        "--decks",
    );
}

#[test]
fn a_tournament_over_all_seven_schools_deals_each_pairing_once_a_cycle() {
    let out = scratch("cli-tournament-all-schools").join("t");
    let o = run(&[
        "tournament",
        "--bots",
        "random,random",
        "--decks",
        "all-schools",
        "--games",
        "84",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 21 pairings of the seven schools, each in both seats with both schools
    let mut pairings = std::collections::HashMap::<Vec<String>, usize>::new();
    for line in std::fs::read_to_string(out.join("games.jsonl")).unwrap().lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut schools: Vec<String> =
            game["schools"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
        schools.sort();
        *pairings.entry(schools).or_default() += 1;
    }
    assert_eq!(pairings.len(), 21, "{pairings:?}");
    assert!(pairings.values().all(|&n| n == 4), "{pairings:?}");
    assert!(pairings.keys().any(|p| p.contains(&"etherweave".to_string())));
}

/// The summary line without the timing, which differs between runs.
fn without_timing(line: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    v.as_object_mut().expect("an object").remove("games_per_second").expect("a games_per_second key");
    v
}

#[test]
fn selfplay_is_deterministic_and_its_records_replay() {
    let (a, b) = (scratch("cli-selfplay-a"), scratch("cli-selfplay-b"));
    let args = |dir: &PathBuf| {
        vec![
            "selfplay".to_string(),
            "--form".into(),
            "duel".into(),
            "--decks".into(),
            "northern,southern".into(),
            "--bots".into(),
            "random,random".into(),
            "--games".into(),
            "6".into(),
            "--seed".into(),
            "17".into(),
            "--save".into(),
            dir.display().to_string(),
        ]
    };
    let run_in = |dir: &PathBuf| {
        let args = args(dir);
        run(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let (oa, ob) = (run_in(&a), run_in(&b));
    assert!(oa.status.success(), "{}", stderr(&oa));
    let summary = without_timing(&stdout(&oa));
    assert_eq!(summary, without_timing(&stdout(&ob)));
    // the keys, in this order
    let line = stdout(&oa);
    let at: Vec<usize> = ["games", "finished", "wins", "draws", "avg_turns", "avg_choices", "games_per_second"]
        .iter()
        .map(|k| line.find(&format!("\"{k}\":")).unwrap_or_else(|| panic!("missing {k}: {line}")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
    assert_eq!(summary["games"], 6);

    // the same records, and replaying them agrees with the summary
    let mut wins = [0u64; 2];
    let (mut draws, mut finished, mut choices) = (0u64, 0u64, 0usize);
    for i in 1..=6 {
        let name = format!("game-{i:04}.tkr");
        let text = std::fs::read_to_string(a.join(&name)).expect("a saved record");
        assert_eq!(text, std::fs::read_to_string(b.join(&name)).unwrap(), "{name} differs between runs");
        assert!(text.contains("Seed: 17"));
        choices += text.lines().filter(|l| l.starts_with(['1', '2', '*'])).count();
        let o = run(&["replay", a.join(&name).to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let state: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON state");
        for key in ["board", "scores", "turn", "seats", "legends", "flares"] {
            assert!(state.get(key).is_some(), "the final state lacks {key}");
        }
        assert!(state["seats"][0]["hand"].is_object(), "a replay shows every hand");
        if let Some(places) = state["outcome"]["places"].as_array() {
            finished += 1;
            let firsts: Vec<usize> = (0..places.len()).filter(|&s| places[s] == 0).collect();
            match firsts.as_slice() {
                [w] => wins[*w] += 1,
                _ => draws += 1,
            }
        }
    }
    assert_eq!(summary["finished"], finished);
    assert_eq!(summary["wins"], serde_json::json!(wins));
    assert_eq!(summary["draws"], draws);
    assert_eq!(summary["avg_choices"].as_f64().unwrap(), choices as f64 / 6.0);

    // another seed plays other games
    let o = run(&["selfplay", "--games", "6", "--seed", "18", "--save", scratch("cli-selfplay-c").to_str().unwrap()]);
    assert!(o.status.success());
    let other = std::fs::read_to_string(scratch_path("selfplay-c").join("game-0001.tkr")).unwrap();
    let first = std::fs::read_to_string(a.join("game-0001.tkr")).unwrap();
    assert_ne!(other.replace("Seed: 18", ""), first.replace("Seed: 17", ""));
}

fn scratch_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"))
}

/// A saved self-play record, as lines.
fn a_record(name: &str) -> (PathBuf, Vec<String>) {
    let dir = scratch(&format!("cli-{name}"));
    let o = run(&["selfplay", "--games", "1", "--seed", "5", "--save", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = dir.join("game-0001.tkr");
    let lines = std::fs::read_to_string(&path).unwrap().lines().map(String::from).collect();
    (path, lines)
}

/// Replays the record with line `index` (0-based) replaced.
fn replay_with(path: &Path, lines: &[String], index: usize, replacement: &str) -> Output {
    let mut lines = lines.to_vec();
    lines[index] = replacement.to_string();
    let bad = path.with_extension("bad.tkr");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    run(&["replay", bad.to_str().unwrap()])
}

#[test]
fn replay_rejects_a_corrupt_record_at_the_right_line() {
    let (path, lines) = a_record("corrupt");
    let start = lines.iter().position(|l| l.starts_with("2 start")).expect("the start pieces");
    // the first choice of seat 1 after the start pieces (line numbers are 1-based)
    let first = start + 1;
    assert!(lines[first].starts_with("1 "), "{}", lines[first]);
    let line = first + 1;

    let o = replay_with(&path, &lines, first, "2 end");
    assert_rejected(&o, &format!("line {line}: wrong actor"));
    let o = replay_with(&path, &lines, first, "1 plaice e5");
    assert_rejected(&o, &format!("line {line}: syntax error"));
    // c5 holds a start piece
    let o = replay_with(&path, &lines, first, "1 place c5");
    assert_rejected(&o, &format!("line {line}: illegal choice"));
    let o = replay_with(&path, &lines, 0, "Form: chess");
    assert_rejected(&o, "line 1: syntax error");
    // a chance draw of a card that cannot come
    let o = replay_with(&path, &lines, start - 1, "* draw legends.titan");
    let err = stderr(&o);
    assert!(!o.status.success() && err.contains(&format!("line {start}:")), "{err}");
}

#[test]
fn play_is_driven_through_standard_input_with_undo() {
    let dir = scratch("cli-play");
    let record = dir.join("game.tkr");
    // hotseat: seat 2 places the start pieces, seat 1 places, takes it
    // back, places elsewhere, ends; seat 2 tries a bad choice, then resigns
    let input = "help\nstart c5\nundo\nplace e5\nundo\nplace e4\nundo\nundo\nplace d4\nend\nplace c5\n999\nresign\n";
    let o = run_with_input(&["play", "--opponent", "human", "--seed", "3", "--save", record.to_str().unwrap()], input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}\n{out}", stderr(&o));
    assert!(out.contains("undo    take back"), "help is shown");
    assert!(out.contains("Nothing to take back"), "the start pieces cannot be taken back after the turn began");
    assert!(out.contains("Took back: place e5"));
    assert!(out.contains("Took back: place e4"));
    assert!(out.contains("Not accepted: place c5"), "{out}");
    assert!(out.contains("there is no choice 999"));
    assert!(out.contains("Red resigned: Blue wins."), "the result names the seats as the log does: {out}");
    assert!(out.contains("Your hand:"));
    assert!(out.contains("Choices:"));
    let text = std::fs::read_to_string(&record).expect("the record is saved");
    assert!(text.contains("1 place d4\n1 end\n"), "{text}");
    assert!(!text.contains("place e5"), "a taken-back choice is not in the record");
    let o = run(&["replay", record.to_str().unwrap()]);
    let state: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON state");
    assert_eq!(state["board"], "9/9/9/9/2r3b2/3b5/9/9/9");
    assert_eq!(state["outcome"]["resigned"], 1);
}

#[test]
fn plain_mode_marks_the_squares_words_the_choices_and_prints_what_changed() {
    let o = run_with_input(&["play", "--plain", "--seed", "3", "--opponent", "random"], "1\n1\nshow\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // red ( ), green { } and central : squares, with their key
    assert!(out.contains("5 { . }  .    b    :  ( : )  :    r    .    .   5"), "{out}");
    assert!(out.contains("( ) red square  { } green square  : central square"), "{out}");
    // the choices in words (the placings on one line), their notation beside
    assert!(out.contains("  place a common piece on: 1 c1, 2 d1,"), "{out}");
    assert!(out.contains(" discard the Herald  [discard imperial.herald]"), "{out}");
    assert!(out.contains("   1 end the turn  [end]"), "{out}");
    // what did not change is not printed again; `show` prints it all
    assert_eq!(out.matches("Your hand:").count(), 2, "the first time and on `show`: {out}");
    assert_eq!(out.matches("Scores: ").count(), 2, "{out}");
    assert_eq!(out.matches("a piece on its Gateway").count(), 4, "the board when it changed, and on `show`: {out}");
}

#[test]
fn play_against_the_bot_by_number_and_quit() {
    let o = run_with_input(&["play", "--seed", "8"], "1\nundo\n1\nend\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("Took back: "), "{out}");
    // the bot (medium by default) plays its turn, told in words
    let bot_turn = out.find("-- Turn 2: Red (bot, medium) --").expect(&out);
    assert!(out[bot_turn..].contains("\n> Red's "), "{out}");
    assert!(!out.contains("Red (bot, medium): place"), "no notation for the bot's moves: {out}");
    assert!(out.contains("Bye."));
    // the input runs out: the game stops without an error
    let o = run_with_input(&["play", "--seed", "8", "--seat", "2"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("End of input."));
    // --plain asks for line mode outright (a pipe gets it anyway)
    let o = run_with_input(&["play", "--plain", "--seed", "8"], "quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Bye."), "{}", stdout(&o));
}

#[test]
fn selfplay_and_replay_melee_and_team_games() {
    for (form, decks) in [
        ("melee", "southern,northern,sylvan"),
        ("melee", "southern,northern,highland,sylvan"),
        ("team-duel", "northern,southern,highland,sylvan"),
        ("team-high-form", "highland,northern,sylvan,southern"),
    ] {
        let dir = scratch(&format!("cli-forms-{form}-{}", decks.len()));
        let o = run(&[
            "selfplay",
            "--form",
            form,
            "--decks",
            decks,
            "--bots",
            "random",
            "--games",
            "1",
            "--seed",
            "4",
            "--save",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{form}: {}", stderr(&o));
        let summary = without_timing(&stdout(&o));
        let seats = decks.split(',').count();
        assert_eq!(summary["wins"].as_array().map(Vec::len), Some(seats), "{form}");
        let record = dir.join("game-0001.tkr");
        let text = std::fs::read_to_string(&record).expect("a saved record");
        assert!(text.contains(&format!("Form: {form}\n")), "{text}");
        let o = run(&["replay", record.to_str().unwrap()]);
        assert!(o.status.success(), "{form}: {}", stderr(&o));
        let state: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("JSON state");
        assert_eq!(state["form"], form);
        assert_eq!(state["seats"].as_array().map(Vec::len), Some(seats));
        if form == "melee" {
            assert!(state["seats"][0]["points"].is_object(), "points by color");
        } else {
            assert_eq!(state["seats"][2]["team"], 0);
            assert_eq!(state["seats"][2]["color"], state["seats"][0]["color"]);
        }
    }
}

#[test]
fn play_a_melee_against_bots_and_a_team_game_hotseat() {
    let o = run_with_input(&["play", "--form", "melee", "--decks", "southern,northern,sylvan", "--seed", "2"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("Tash-Kalar: Deathmatch Melee"), "{out}");
    assert!(out.contains("points by color"), "{out}");
    // the third seat (a bot) places the start pieces before seat 1 plays
    let green = out.find("> Green's common piece placed on").expect(&out);
    assert!(green < out.find("-- Turn 1: Red --").expect(&out), "{out}");
    // hotseat team duel: seat 4 places the start pieces, seat 1 passes control
    let input = "start c5\npass\nplace e5\nend\nresign\n";
    let o = run_with_input(
        &[
            "play",
            "--form",
            "team-duel",
            "--decks",
            "northern,southern,highland,sylvan",
            "--opponent",
            "human",
            "--seed",
            "2",
        ],
        input,
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}\n{out}", stderr(&o));
    assert!(out.contains("Blue (seat 3) > place e5"), "the teammate places: {out}");
    assert!(out.contains("The Red team (seats 2 and 4) resigned: the Blue team (seats 1 and 3) wins."), "{out}");
}

#[test]
fn replay_at_a_line_prints_the_state_after_it() {
    let (path, lines) = a_record("at");
    let start = lines.iter().position(|l| l.starts_with("2 start")).expect("the start pieces");
    // the line of the start pieces (1-based): the pieces are down, seat 1 to act
    let o = run(&["replay", "--at", &(start + 1).to_string(), path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let state: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(state["actor"], serde_json::json!({"kind": "seat", "seat": 0}));
    assert_eq!(state["board"].as_str().unwrap().matches(['r', 'b']).count(), 2, "{}", state["board"]);
    // the line before: seat 2 still to put them down
    let o = run(&["replay", "--at", &start.to_string(), path.to_str().unwrap()]);
    let before: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(before["board"], "9/9/9/9/9/9/9/9/9");
    // a header line: the start of the game; the last line: the whole record
    let o = run(&["replay", "--at", "1", path.to_str().unwrap()]);
    let first: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(first["actor"]["kind"], "chance");
    let o = run(&["replay", "--at", &lines.len().to_string(), path.to_str().unwrap()]);
    let all = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.stdout, all.stdout);
    // out of range
    for bad in ["0".to_string(), (lines.len() + 1).to_string()] {
        let o = run(&["replay", "--at", &bad, path.to_str().unwrap()]);
        assert_rejected(&o, &format!("line {bad} is out of range: the record has lines 1 to {}", lines.len()));
    }
}

#[test]
fn replay_reads_take_backs_and_refuses_one_past_the_end_of_a_turn_or_a_draw() {
    let dir = scratch("cli-undo");
    let path = dir.join("undo.tkr");
    let record = "Form: duel
Seats: northern, southern
Position:
  form: duel
  board: 9/9/9/4br3/9/4b4/9/9/9
  turn: 0
  actions: 2
  number: 3
  seat: northern score 0 supply 14/3 beings imperial.swordmaster legends - flares - deck imperial.knight discard -
  seat: southern score 0 supply 15/3 beings - legends - flares - deck imperial.cannon discard -
  legends: deck - discard -
  flares: deck - discard -

1 place a5
1 undo
1 place b5
1 place c5
1 end
* draw imperial.knight
";
    std::fs::write(&path, record).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let state: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(state["board"], "9/9/9/4br3/1bb6/4b4/9/9/9", "a5 was taken back");
    // after the take-back, line 15
    let o = run(&["replay", "--at", "15", path.to_str().unwrap()]);
    let state: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(state["board"], "9/9/9/4br3/9/4b4/9/9/9");
    // the end of the turn cannot be taken back (line 19)
    std::fs::write(&path, record.replace("* draw imperial.knight\n", "1 undo\n")).unwrap();
    assert_rejected(&run(&["replay", path.to_str().unwrap()]), "line 19: illegal choice: nothing to take back");
    // nor chance's draw (the parser sees it is not seat 1's)
    std::fs::write(&path, format!("{record}1 undo\n")).unwrap();
    assert_rejected(&run(&["replay", path.to_str().unwrap()]), "line 20: syntax error: seat 1 takes back a choice");
}

/// Line mode in each language: the words change, the notations (choice
/// texts, card ids, squares) do not; `--lang` wins over the environment,
/// `LANG` decides without it, an unknown language is refused.
#[test]
fn play_speaks_spanish_and_czech_and_keeps_the_notations() {
    let args = ["play", "--decks", "highland,sylvan", "--opponent", "random", "--seed", "5", "--plain"];
    let input = "place e5\n1\nzzz\nundo\nresign\n";
    /// Extra arguments, the environment, and what the output must hold.
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: [Case; 4] = [
        (
            &["--lang", "es"],
            &[],
            &[
                "Tash-Kalar: Duelo a muerte, semilla 5. Escribe `help` para ver la ayuda.",
                "Tu mano:",
                "Elecciones:",
                "No aceptado: «zzz» no es una elección. Escribe `help` para ver la ayuda.",
                "No hay nada que deshacer",
                "Marrón se rindió: Gana Verde (bot, random).",
                "== La partida ha terminado ==",
            ],
        ),
        (
            &["--lang", "cs"],
            &[("LANG", "es_ES.UTF-8")],
            &[
                "Tash-Kalar: Deathmatch souboj, semínko 5. Nápovědu ukáže `help`.",
                "Tvoje ruka:",
                "Volby:",
                "Nepřijato: „zzz“ není volba. Nápovědu ukáže `help`.",
                "Není co vzít zpět",
                "Hnědý se vzdal: Vítězí Zelený (bot, random).",
                "== Hra skončila ==",
            ],
        ),
        (&[], &[("LANG", "cs_CZ.UTF-8")], &["semínko 5", "Tvoje ruka:"]),
        (&[], &[("LANG", "es_ES.UTF-8"), ("LC_ALL", "en_US.UTF-8")], &["seed 5", "Your hand:"]),
    ];
    for (extra, env, want) in cases {
        let all: Vec<&str> = args.iter().chain(extra.iter()).copied().collect();
        let o = run_with_env(&all, input, env);
        let out = stdout(&o);
        assert!(o.status.success(), "{extra:?} {env:?}: {}", stderr(&o));
        for w in want {
            assert!(out.contains(w), "{extra:?} {env:?}: {w:?} missing in\n{out}");
        }
        // the notations stay as they are
        assert!(out.contains("place e5") && out.contains("highland."), "{out}");
    }
    let spanish = stdout(&run_with_env(&[&args[..], &["--lang", "es"]].concat(), input, &[]));
    assert!(!spanish.contains("highland-"), "message ids never shown: {spanish}");
    let o = run_with_env(&[&args[..], &["--lang", "de"]].concat(), "", &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--lang de: not a language of the game (en, es, cs)"), "{}", stderr(&o));
}

#[test]
fn analyse_words_each_choice_graphs_the_chances_and_lists_mistakes() {
    let dir = scratch("cli-analyse");
    let record = dir.join("game.tkr");
    let input = "1\n".repeat(12);
    let o = run_with_input(
        &["play", "--plain", "--seed", "5", "--opponent", "random", "--save", record.to_str().unwrap()],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let path = record.to_str().unwrap();
    let o = run(&["analyse", path, "--iterations", "20", "--lang", "en"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.starts_with("Analysis of "), "{out}");
    assert!(out.contains("\nTurn 1, Blue: place a common piece on "), "each choice in words: {out}");
    assert!(out.contains("Blue's chance to win, turn by turn:"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("   1 |") && l.ends_with('%')), "a bar for turn 1: {out}");
    assert!(out.contains("The choices that gave away the most:") || out.contains("No choice gave away much."));
    // for programs: one JSON object a choice
    let o = run(&["analyse", path, "--iterations", "20", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert!(!lines.is_empty());
    for l in &lines {
        let chance = l["position"]["chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{l}");
        assert!(l["played"]["kind"].is_string(), "the choice as the tagged JSON: {l}");
    }
    // in Spanish
    let o = run(&["analyse", path, "--iterations", "20", "--lang", "es"]);
    assert!(stdout(&o).contains("Probabilidad de ganar de Azul, turno a turno:"), "{}", stdout(&o));
    // a record that is not one: an error, no panic
    std::fs::write(dir.join("bad.tkr"), "not a record\n").unwrap();
    let o = run(&["analyse", dir.join("bad.tkr").to_str().unwrap()]);
    assert_rejected(&o, "bad.tkr");
}

#[test]
fn analyse_shows_the_search_under_way_in_each_position() {
    let dir = scratch("cli-analyse-progress");
    let record = dir.join("short.tkr");
    let o = run_with_input(
        &["play", "--plain", "--seed", "5", "--opponent", "random", "--save", record.to_str().unwrap()],
        "1\n1\n1\n1\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // enough iterations for a position's search to be seen under way
    let o = run(&["analyse", record.to_str().unwrap(), "--iterations", "300", "--progress", "--lang", "en"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let shown: Vec<(u32, u32, u32)> = err
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("Analysing position ")?.strip_suffix(" of 300 iterations…")?;
            let (position, rest) = rest.split_once(" of ")?;
            let (total, done) = rest.split_once(": ")?;
            Some((position.parse().ok()?, total.parse().ok()?, done.parse().ok()?))
        })
        .collect();
    assert!(!shown.is_empty(), "the progress on standard error: {err}");
    for &(position, total, done) in &shown {
        assert!(position >= 1 && position <= total && done <= 300, "bounded: {err}");
    }
    assert!(shown.windows(2).all(|w| w[0].0 <= w[1].0), "positions in order: {err}");
    // then the result, on standard output as without --progress
    assert!(stdout(&o).contains("Blue's chance to win, turn by turn:"), "{}", stdout(&o));
    // in Czech, the same words as the page's
    let o = run(&["analyse", record.to_str().unwrap(), "--iterations", "300", "--progress", "--lang", "cs"]);
    assert!(
        stderr(&o).lines().any(|l| l.starts_with("Rozbor pozice ") && l.ends_with(" z 300 iterací…")),
        "{}",
        stderr(&o)
    );
}

#[test]
fn play_branches_from_a_record_at_a_line_and_plays_on() {
    let dir = scratch("cli-branch");
    let record = dir.join("game.tkr");
    let o = run_with_input(
        &["play", "--plain", "--seed", "5", "--opponent", "random", "--save", record.to_str().unwrap()],
        &"1\n".repeat(16),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&record).unwrap();
    let line = 20;
    let path = record.to_str().unwrap();
    // the branch starts where `replay --at` says the game was
    let o = run(&["replay", path, "--at", &line.to_string()]);
    let there: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let branch = dir.join("branch.tkr");
    let o = run_with_input(
        &[
            "play",
            "--plain",
            "--from",
            path,
            "--at",
            &line.to_string(),
            "--opponent",
            "human",
            "--save",
            branch.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["replay", branch.to_str().unwrap()]);
    let branched: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(branched["board"], there["board"]);
    assert_eq!(branched["turn"], there["turn"]);
    // its record is the game's up to that line, then goes on
    let kept: Vec<&str> = text.lines().take(line).collect();
    let saved = std::fs::read_to_string(&branch).unwrap();
    assert!(saved.lines().take(line).eq(kept.iter().copied()), "{saved}");
    // a line past the end, and a finished game, are refused cleanly
    let o = run(&["play", "--plain", "--from", path, "--at", "100000", "--opponent", "human"]);
    assert_rejected(&o, "--at 100000");
    let o = run(&["play", "--from", path, "--at", "x"]);
    assert!(!o.status.success());
}

#[test]
fn puzzles_generate_refuses_an_unknown_form_and_forms_without_endings() {
    let out = std::env::temp_dir().join(format!("tk-puzzles-{}.jsonl", std::process::id()));
    let path = out.to_str().unwrap();
    let o = run(&["puzzles", "generate", "--endings", "--forms", "duel,chess", "--out", path]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no form \"chess\""), "{}", stderr(&o));
    let o = run(&["puzzles", "generate", "--forms", "duel", "--out", path]);
    assert!(!o.status.success(), "--forms needs --endings");
    assert!(!out.exists(), "nothing written");
}
