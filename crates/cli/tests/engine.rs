//! The engine protocol and tournaments, run as real processes of our own
//! binary.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_arena::Entrant;
use tash_kalar_bots::{play_game, Bot};
use tash_kalar_rules::{Actor, Form, Game, School};

const BIN: &str = env!("CARGO_BIN_EXE_tash-kalar");

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(bot: &str) -> Engine {
        let mut child = Command::new(BIN)
            .args(["engine", "--bot", bot])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine { child, stdin, stdout }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        assert!(self.stdout.read_line(&mut line).unwrap() > 0, "the engine closed its output");
        line.trim_end().to_string()
    }
}

/// A game dealt by a seeded chance, the first seat to act.
fn dealt(form: Form, seed: u64) -> Game {
    let schools: &[School] = if form.teams() { &School::BASE } else { &[School::Highland, School::Northern] };
    let mut g = Game::new(form, schools).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.actor() == Actor::Chance || g.turn().number < 3 {
        let v = g.legal_choices();
        g.apply(v[rng.gen_range(0..v.len())]).unwrap();
    }
    g
}

#[test]
fn a_child_engine_plays_through_the_protocol_and_survives_bad_input() {
    let mut e = Engine::start("mcts:iterations=50");
    e.send("tkp");
    let mut hello = Vec::new();
    loop {
        let l = e.read();
        if l == "tkpok" {
            break;
        }
        hello.push(l);
    }
    assert!(hello[0].starts_with("id name tash-kalar mcts"), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("option name time ")), "{hello:?}");
    e.send("isready");
    assert_eq!(e.read(), "readyok");
    e.send("setoption name seed value 11");
    e.send("setoption name iterations value 40");
    e.send("newgame");
    // the two-seat forms and team play (a melee has its own schools)
    for form in Form::ALL.into_iter().filter(|f| !f.is_melee()) {
        let mut g = dealt(form, 3);
        // the engine plays a whole turn of the seat to act
        let seat = g.turn().seat;
        while g.actor() == Actor::Seat(seat) {
            let view = g.view(seat);
            let legal = g.legal_choices();
            e.send(&format!("position {}", tash_kalar_arena::engine::position(&view, &legal).unwrap()));
            e.send("go");
            let answer = e.read();
            let text = answer.strip_prefix("choice ").unwrap_or_else(|| panic!("{answer}"));
            assert!(legal.iter().any(|c| c.to_string() == text), "{text}");
            g.play(text).unwrap();
        }
    }
    // malformed input: an error line each, and the engine goes on
    for bad in [
        "position {\"form\": \"duel\"}",
        "position [1, 2",
        "go",
        "setoption name iterations value -3",
        "setoption name colour value red",
        "fly",
        "position",
    ] {
        e.send(bad);
        let l = e.read();
        assert!(l.starts_with("error "), "{bad}: {l}");
    }
    e.stdin.write_all(b"\xc3\x28\n").unwrap();
    e.stdin.flush().unwrap();
    assert!(e.read().starts_with("error "));
    e.send("isready");
    assert_eq!(e.read(), "readyok");
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn the_end_of_input_ends_the_engine_and_a_bad_bot_is_refused() {
    let mut e = Engine::start("greedy");
    drop(e.stdin);
    assert!(e.child.wait().unwrap().success());
    let o = Command::new(BIN).args(["engine", "--bot", "alphago"]).output().unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown bot") && !err.contains("panicked"), "{err}");
}

#[test]
fn an_engine_command_plays_whole_games_as_a_bot() {
    let command = format!("cmd:{BIN} engine --bot mcts:iterations=20");
    for (i, form) in [Form::Duel, Form::HighForm].into_iter().enumerate() {
        let mut players: [Box<dyn Bot>; 2] = [player(&command, 1).unwrap(), player("random", 2).unwrap()];
        assert!(players[0].name().starts_with("tash-kalar mcts"), "{}", players[0].name());
        let (game, choices) = play_game(form, &[School::Sylvan, School::Southern], &mut players, i as u64).unwrap();
        assert!(game.is_over());
        assert!(choices > 20);
    }
    // a command that is not an engine
    assert!(player("cmd:/nonexistent/engine", 1).is_err());
    let not_an_engine = player("cmd:sh -c 'echo hello; sleep 0.1'", 1);
    assert!(not_an_engine.is_err());
}

/// Team play through real engine processes: one engine plays both seats of
/// a team (each from its own seat's view), another engine one seat of the
/// other team, and a bot in this process the fourth, to the end of the game.
#[test]
fn engines_play_whole_team_games() {
    let mut teammates = 0;
    for (i, form) in [Form::TeamDuel, Form::TeamHighForm].into_iter().enumerate() {
        let mut team = player(&format!("cmd:{BIN} engine --bot mcts:iterations=10,playout=1"), 1).unwrap();
        let mut engine = player(&format!("cmd:{BIN} engine --bot greedy"), 2).unwrap();
        let mut random = player("random", 3).unwrap();
        let schools = [School::BASE, [School::Sylvan, School::Highland, School::Southern, School::Northern]][i];
        let mut g = Game::new(form, &schools).unwrap();
        let mut chance = ChaCha8Rng::seed_from_u64(i as u64);
        let (mut asked, mut steps) = ([0u32; 4], 0);
        while !g.is_over() {
            let s = match g.actor() {
                Actor::Seat(s) => s,
                _ => {
                    let v = g.legal_choices();
                    g.apply(v[chance.gen_range(0..v.len())]).unwrap();
                    continue;
                }
            };
            let player = match s {
                0 | 2 => &mut team,
                1 => &mut engine,
                _ => &mut random,
            };
            let c = player.choose(&g.observe(s));
            if let Some(e) = player.take_error() {
                panic!("{} at seat {s} in {}: {e}", player.name(), form.name());
            }
            asked[s as usize] += 1;
            teammates += (s != g.turn().seat) as usize;
            g.apply(c).unwrap();
            steps += 1;
            assert!(steps < 5000, "the game goes on");
        }
        assert!(asked.iter().all(|&n| n > 10), "every seat chose: {asked:?}");
        let o = g.outcome().unwrap();
        assert_eq!((o.places[0], o.places[1]), (o.places[2], o.places[3]), "teammates share their place");
    }
    // whether a bot passes control depends on the game's course: over both
    // games some teammate must have chosen while holding control
    assert!(teammates > 0, "a teammate held control in one of the games");
}

/// A player of an entrant's text (a bot spec or `cmd:<engine command>`).
fn player(text: &str, seed: u64) -> anyhow::Result<Box<dyn Bot>> {
    text.parse::<Entrant>()?.player(seed)
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("engine-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The smoke tournament: a few games with tiny budgets, one entrant an
/// outside engine, in a form with tasks; run again, it resumes.
#[test]
fn a_smoke_tournament_runs_writes_its_results_and_resumes() {
    let dir = scratch("smoke");
    let bots = format!("random,mcts:iterations=10,threads=2,cmd:{BIN} engine --bot greedy");
    let args = [
        "tournament",
        "--bots",
        &bots,
        "--form",
        "high-form",
        "--games",
        "2",
        "--seed",
        "4",
        "--jobs",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ];
    let o = Command::new(BIN).args(args).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("| mcts:iterations=10,threads=2 |"), "{out}");
    for f in ["games.jsonl", "results.json", "results.md", "ratings.svg", "tournament.json"] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 6);
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    assert_eq!(results["games"], 6);
    assert_eq!(results["standings"].as_array().unwrap().len(), 3);
    // an interrupted run: the last game's line cut short, then resumed
    let cut: String = games.lines().take(5).map(|l| format!("{l}\n")).collect::<String>() + "{\"seats\":[0,";
    std::fs::write(dir.join("games.jsonl"), cut).unwrap();
    let again = Command::new(BIN).args(args).output().unwrap();
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let whole = games.lines().filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()).count();
    assert_eq!(whole, 6, "{games}");
    // and a third run finds every game there
    let third = Command::new(BIN).args(args).output().unwrap();
    assert!(third.status.success());
    assert_eq!(std::fs::read_to_string(dir.join("games.jsonl")).unwrap(), games);
    // other settings in the same folder are refused (more games would extend it)
    let mut other = args.to_vec();
    other[8] = "5";
    let refused = Command::new(BIN).args(&other).output().unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("different tournament"));
    let mut fewer = args.to_vec();
    fewer[6] = "1";
    let refused = Command::new(BIN).args(&fewer).output().unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not shortened"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tournament_arguments_are_checked() {
    for (args, message) in [
        (vec!["--bots", "random"], "at least two"),
        (vec!["--bots", "random,alphago"], "unknown bot"),
        (vec!["--bots", "random,greedy", "--form", "chess"], "unknown form"),
        (vec!["--bots", "random,greedy", "--decks", "northern/elves"], "unknown deck"),
        (vec!["--bots", "random,greedy", "--games", "0"], "at least one game"),
    ] {
        let dir = scratch("args");
        let mut all = vec!["tournament", "--out", dir.to_str().unwrap()];
        all.extend(args);
        let o = Command::new(BIN).args(&all).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(message) && !err.contains("panicked"), "{all:?}: {err}");
    }
}

/// SplitMix64 and the seed derivation `play` and `selfplay` used before:
/// invertible, so an engine could work back to chance's seed.
fn old_derive_seed(seed: u64, game: u64, role: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    mix(mix(mix(seed) ^ game) ^ role)
}

/// An outside engine told the seed it gets: not the old invertible
/// derivation, different for each seat, the same for the same `--seed`.
#[test]
fn an_engine_opponent_gets_a_one_way_seed() {
    let dir = scratch("spy");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("seeds");
    let spy = dir.join("spy.sh");
    std::fs::write(
        &spy,
        r#"while read -r line; do
  case "$line" in
    tkp) printf 'id name spy\noption name seed type spin default 0 min 0 max 18446744073709551615\ntkpok\n' ;;
    "setoption name seed value "*) echo "${line##* }" >> "$1" ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
"#,
    )
    .unwrap();
    let seeds = || {
        let _ = std::fs::remove_file(&log);
        let opponent = format!("cmd:sh {} {}", spy.display(), log.display());
        let mut child = Command::new(BIN)
            .args(["play", "--plain", "--seed", "5", "--opponent", &opponent])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // the engines are started and seeded before the game: read their
        // seeds, then stop (the spy cannot play)
        let read = || std::fs::read_to_string(&log).unwrap_or_default();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while read().lines().count() < 2 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        read().lines().map(|l| l.parse::<u64>().unwrap()).collect::<Vec<_>>()
    };
    let got = seeds();
    assert_eq!(got.len(), 2, "an engine per seat: {got:?}");
    assert_ne!(got[0], got[1]);
    for role in 0..4 {
        assert!(!got.contains(&old_derive_seed(5, 0, role)), "{got:?}");
    }
    assert!(!got.contains(&5));
    let mut again = seeds();
    again.sort();
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(again, sorted, "the same seeds for the same --seed");
}
