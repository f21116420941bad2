//! The tournament's tests, kept as one file, as they were before the split
//! (they are the proof that it changed no behaviour).

use super::run::read_results;
use super::*;
use crate::Entrant;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::PathBuf;
use tash_kalar_rules::{Game, Token};

fn config() -> TournamentConfig {
    TournamentConfig {
        form: Form::Duel,
        seats: None,
        entrants: vec!["random".into(), "greedy".into()],
        games: 2,
        seed: 7,
        schools: vec![vec![School::Northern, School::Southern]],
        player_seeds: PlayerSeeds::Sha256,
    }
}

fn factory(config: &TournamentConfig) -> impl Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + '_ {
    move |i, seed| config.entrants[i].parse::<Entrant>()?.player(seed)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tk-tournament-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_small_tournament_runs_and_resumes_without_replaying() {
    let dir = scratch("duel");
    let c = config();
    let s = run(&c, &dir, &factory(&c), 2, |_, _| {}).unwrap();
    assert_eq!(s.games, 2);
    assert_eq!(s.standings.iter().map(|t| t.games).sum::<u32>(), 4);
    for f in ["games.jsonl", "results.json", "results.md", "ratings.svg", "tournament.json"] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let svg = fs::read_to_string(dir.join("ratings.svg")).unwrap();
    assert!(svg.contains("greedy"));
    // every game's discards and decks per seat, summed up by entrant
    let played = read_results(&dir.join("games.jsonl")).unwrap();
    for r in &played {
        assert_eq!((r.discards.len(), r.decks_out.len()), (2, 2));
    }
    for (e, t) in s.standings.iter().enumerate() {
        let seats =
            played.iter().flat_map(|r| r.seats.iter().enumerate().filter(move |x| *x.1 == e).map(move |x| (r, x.0)));
        let (n, d, out) =
            seats.fold((0, 0, 0), |a, (r, k)| (a.0 + 1, a.1 + r.discards[k] as u32, a.2 + r.decks_out[k] as u32));
        assert_eq!(t.counted_seats, n);
        assert!((t.discards_per_game - d as f64 / n as f64).abs() < 1e-9);
        assert_eq!(t.decks_out, out);
    }
    let random = &s.standings[0];
    assert!(random.discards_per_game > 0.0, "the random player discards");
    assert!(fs::read_to_string(dir.join("results.md")).unwrap().contains("discards a game"));
    // the cards spent and the times, per seat, summed up the same way
    for r in &played {
        assert_eq!(
            [r.legends_returned.len(), r.flares.len(), r.slowest_choice_ms.len(), r.slowest_turn_ms.len()],
            [2; 4]
        );
        for k in 0..2 {
            assert!(r.slowest_turn_ms[k] >= r.slowest_choice_ms[k]);
        }
    }
    for (e, t) in s.standings.iter().enumerate() {
        let seats: Vec<(&GameResult, usize)> = played
            .iter()
            .flat_map(|r| r.seats.iter().enumerate().filter(move |x| *x.1 == e).map(move |x| (r, x.0)))
            .collect();
        let flares: u32 = seats.iter().map(|&(r, k)| r.flares[k] as u32).sum();
        let lost: u32 = seats.iter().filter(|&&(r, k)| r.places[k] > 0).map(|&(r, k)| r.flares[k] as u32).sum();
        let legends: u32 = seats.iter().map(|&(r, k)| r.legends_returned[k] as u32).sum();
        assert_eq!(t.timed_seats, seats.len() as u32);
        assert!((t.flares_per_game - flares as f64 / seats.len() as f64).abs() < 1e-9);
        assert!((t.flares_for_nothing_per_game - lost as f64 / seats.len() as f64).abs() < 1e-9);
        assert!((t.legends_returned_per_game - legends as f64 / seats.len() as f64).abs() < 1e-9);
        let slowest = seats.iter().map(|&(r, k)| r.slowest_turn_ms[k]).max().unwrap();
        assert!((t.slowest_turn - slowest as f64 / 1000.0).abs() < 1e-9);
    }
    assert!(fs::read_to_string(dir.join("results.md")).unwrap().contains("legends returned a game"));
    // resuming plays nothing new
    let mut calls = 0;
    let again = run(&c, &dir, &factory(&c), 1, |done, total| {
        calls += 1;
        assert_eq!(done, total);
    })
    .unwrap();
    assert_eq!(again, s);
    assert_eq!(calls, 1);
    // a different tournament in the same folder is refused
    let mut other = c.clone();
    other.seed = 8;
    assert!(run(&other, &dir, &factory(&other), 1, |_, _| {}).is_err());
    let mut other = c.clone();
    other.entrants.push("random".into());
    assert!(run(&other, &dir, &factory(&other), 1, |_, _| {}).is_err());
    // fewer games than were played is refused too
    let mut fewer = c.clone();
    fewer.games = 1;
    assert!(run(&fewer, &dir, &factory(&fewer), 1, |_, _| {}).is_err());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_tournament_of_the_old_format_resumes() {
    // a folder written before melee: fixed-size arrays, no seats
    let dir = scratch("old");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("tournament.json"),
        r#"{"form":"duel","entrants":["random","greedy"],"games":2,"seed":7,"schools":[["northern","southern"]]}"#,
    )
    .unwrap();
    let c = config();
    let Setup { seats, schools, seed } = setup(&c, &[0, 1], 0);
    assert_eq!(seats, [0, 1]);
    let line = format!(
        r#"{{"seats":[0,1],"schools":{},"pairing":[0,1],"index":0,"seed":{seed},"places":[1,0],"scores":[3,18],"turns":20,"choices":90}}"#,
        serde_json::to_string(&schools).unwrap()
    );
    fs::write(dir.join("games.jsonl"), line + "\n").unwrap();
    let mut played = None;
    let s = run(&c, &dir, &factory(&c), 1, |done, total| {
        played.get_or_insert((done, total));
    })
    .unwrap();
    assert_eq!(played, Some((1, 2)), "the old game is kept");
    assert_eq!(s.games, 2);
    let _ = fs::remove_dir_all(&dir);
}

type Asked = std::sync::Arc<std::sync::Mutex<Vec<u64>>>;

/// A factory that remembers every seed it is asked for.
fn recording(config: &TournamentConfig) -> (impl Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + '_, Asked) {
    let asked = Asked::default();
    let keep = asked.clone();
    let make = move |i: usize, seed: u64| {
        keep.lock().unwrap().push(seed);
        config.entrants[i].parse::<Entrant>()?.player(seed)
    };
    (make, asked)
}

#[test]
fn players_get_one_way_seeds_and_old_folders_keep_theirs() {
    // a new folder: every seed is the one-way derivation of the game's chance seed
    let dir = scratch("seeds-new");
    let c = config();
    let (make, asked) = recording(&c);
    run(&c, &dir, &make, 1, |_, _| {}).unwrap();
    let mut expected: Vec<u64> = (0..2)
        .flat_map(|i| {
            let seed = setup(&c, &[0, 1], i).seed;
            (0..2).map(move |s| seeds::player(seed, s))
        })
        .collect();
    let mut got = asked.lock().unwrap().clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
    for i in 0..2 {
        let seed = setup(&c, &[0, 1], i).seed;
        assert!(got.iter().all(|&g| g != seed ^ 0x5eed_0001 && g != seed ^ 0x5eed_0002 && g != seed));
    }
    let stored = fs::read_to_string(dir.join("tournament.json")).unwrap();
    assert!(stored.contains("\"player_seeds\": \"sha256\""), "{stored}");
    let _ = fs::remove_dir_all(&dir);

    // a folder from before: its remaining games are played with the old seeds
    let dir = scratch("seeds-old");
    fs::create_dir_all(&dir).unwrap();
    let old =
        r#"{"form":"duel","entrants":["random","greedy"],"games":1,"seed":7,"schools":[["northern","southern"]]}"#;
    fs::write(dir.join("tournament.json"), old).unwrap();
    let (make, asked) = recording(&c);
    run(&c, &dir, &make, 1, |_, _| {}).unwrap();
    let mut got = asked.lock().unwrap().clone();
    got.sort();
    let mut expected: Vec<u64> = (0..2)
        .flat_map(|i| {
            let seed = setup(&c, &[0, 1], i).seed;
            (0..2).map(move |s| seed ^ (0x5eed_0001 + s))
        })
        .collect();
    expected.sort();
    assert_eq!(got, expected);
    let stored: TournamentConfig =
        serde_json::from_str(&fs::read_to_string(dir.join("tournament.json")).unwrap()).unwrap();
    assert_eq!((stored.games, stored.player_seeds), (2, PlayerSeeds::Xor), "extended, still the old seeds");
    let _ = fs::remove_dir_all(&dir);

    // ... but not with an outside engine among the entrants
    let dir = scratch("seeds-engine");
    fs::create_dir_all(&dir).unwrap();
    let old = r#"{"form":"duel","entrants":["random","cmd:some-engine"],"games":1,"seed":7,"schools":[["northern","southern"]]}"#;
    fs::write(dir.join("tournament.json"), old).unwrap();
    let mut e = config();
    e.entrants[1] = "cmd:some-engine".into();
    let (make, asked) = recording(&e);
    let err = run(&e, &dir, &make, 1, |_, _| {}).unwrap_err().to_string();
    assert!(err.contains("another --out folder"), "{err}");
    assert!(asked.lock().unwrap().is_empty());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_duel_setup_is_as_before_melee() {
    // seats, schools and seeds of the two-seat tournaments are unchanged
    let mut c = config();
    c.schools = vec![vec![School::Northern, School::Southern], vec![School::Highland, School::Sylvan]];
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    let expected =
        [([0, 1], [n, s]), ([1, 0], [s, n]), ([0, 1], [s, n]), ([1, 0], [n, s]), ([0, 1], [h, y]), ([1, 0], [y, h])];
    for (i, (seats, schools)) in expected.into_iter().enumerate() {
        let got = setup(&c, &[0, 1], i as u32);
        assert_eq!((got.seats.as_slice(), got.schools.as_slice()), (&seats[..], &schools[..]), "game {i}");
        assert_eq!(got.seed, 7 ^ (1 << 32) ^ (i as u64 / 2));
    }
}

/// Per entrant: how often it played each (side, school); and the games
/// of each table.
fn tally(c: &TournamentConfig) -> HashMap<(usize, usize, School), u32> {
    let sides = c.sides();
    let mut count = HashMap::new();
    for (table, i) in schedule(c) {
        let Setup { seats, schools, .. } = setup(c, &table, i);
        assert_eq!(seats.len(), c.seat_count());
        assert!(Game::new(c.form, &schools).is_ok(), "{schools:?}");
        for (s, &e) in seats.iter().enumerate() {
            assert!(table.contains(&e));
            if c.form.teams() {
                // an entrant plays both seats of its team
                assert_eq!(seats[s % 2], e);
            }
            *count.entry((e, s % sides, schools[s])).or_insert(0) += 1;
        }
        // every entrant of the table plays
        for e in &table {
            assert!(seats.contains(e));
        }
    }
    count
}

#[test]
fn seats_and_schools_are_balanced() {
    let mut c = config();
    c.schools = vec![vec![School::Northern, School::Southern], vec![School::Southern, School::Northern]];
    c.games = 8;
    let mut seat0 = [0; 2];
    let mut school_of = HashMap::new();
    for (pairing, i) in schedule(&c) {
        let Setup { seats, schools, .. } = setup(&c, &pairing, i);
        seat0[seats[0]] += 1;
        assert_ne!(schools[0], schools[1]);
        for k in 0..2 {
            *school_of.entry((seats[k], k, schools[k])).or_insert(0) += 1;
        }
    }
    assert_eq!(seat0, [4, 4]);
    // every entrant plays every seat with every school equally often
    assert_eq!(school_of.len(), 8);
    assert!(school_of.values().all(|&n| n == 2));
}

#[test]
fn team_play_balances_teams_and_schools() {
    let deals = all_deals(Form::TeamDuel, 4);
    assert_eq!(deals.len(), 6);
    let c = TournamentConfig {
        form: Form::TeamDuel,
        seats: None,
        entrants: vec!["a".into(), "b".into()],
        games: 24,
        seed: 1,
        schools: deals,
        player_seeds: PlayerSeeds::Sha256,
    };
    assert_eq!(c.sides(), 2);
    let count = tally(&c);
    // each entrant, each team (first or second to play), each school: equally often
    assert_eq!(count.len(), 2 * 2 * 4);
    let first = *count.values().next().unwrap();
    assert!(count.values().all(|&n| n == first), "{count:?}");
    // each school leads its team (gives it its color) in some deal
    let leaders: HashSet<School> = c.schools.iter().flat_map(|d| [d[0], d[1]]).collect();
    assert_eq!(leaders.len(), 4);
}

#[test]
fn a_melee_rotates_seats_schools_and_the_order_of_play() {
    for seats in [3, 4] {
        let deals = all_deals(Form::Melee, seats);
        assert_eq!(deals.len(), if seats == 3 { 4 } else { 3 });
        for entrants in [2, 3, 4, 5] {
            let per_cycle = 2 * seats * seats * deals.len();
            let c = TournamentConfig {
                form: Form::Melee,
                seats: Some(seats),
                entrants: (0..entrants).map(|e| e.to_string()).collect(),
                games: per_cycle as u32,
                seed: 3,
                schools: deals.clone(),
                player_seeds: PlayerSeeds::Sha256,
            };
            let count = tally(&c);
            // every entrant plays every seat with every school equally often
            for e in 0..entrants {
                let mine: Vec<u32> = count.iter().filter(|((f, _, _), _)| *f == e).map(|(_, &n)| n).collect();
                assert_eq!(mine.len(), seats * 4, "{seats} seats, {entrants} entrants");
                assert!(mine.iter().all(|&n| n == mine[0]), "{seats} seats, {entrants} entrants: {mine:?}");
            }
            // and everyone plays equally often, and both ways round the table
            let t = tables(entrants, seats);
            let mut after: HashMap<(usize, usize), u32> = HashMap::new();
            for (table, i) in schedule(&c) {
                let s = setup(&c, &table, i);
                for k in 0..seats {
                    *after.entry((s.seats[k], s.seats[(k + 1) % seats])).or_insert(0) += 1;
                }
            }
            if entrants >= seats {
                assert_eq!(t.len(), (0..seats).fold(1, |acc, k| acc * (entrants - k) / (k + 1)));
                for a in 0..entrants {
                    for b in 0..entrants {
                        if a != b {
                            assert_eq!(after.get(&(a, b)), after.get(&(b, a)), "{a} after {b}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn tables_fill_the_sides() {
    assert_eq!(tables(2, 2), [[0, 1]]);
    assert_eq!(tables(3, 2), [[0, 1], [0, 2], [1, 2]]);
    assert_eq!(tables(4, 3), [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]);
    // fewer entrants than seats: every entrant at least once
    assert_eq!(tables(2, 3), [[0, 0, 1], [0, 1, 1]]);
    assert_eq!(tables(2, 4), [[0, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 1]]);
    assert_eq!(tables(3, 4), [[0, 0, 1, 2], [0, 1, 1, 2], [0, 1, 2, 2]]);
    assert!(tables(0, 3).is_empty());
}

#[test]
fn the_base_deals_keep_their_order() {
    // Folders written by `--decks all` resume by this order.
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    assert_eq!(all_deals(Form::Duel, 2), [[n, s], [n, h], [n, y], [s, h], [s, y], [h, y]]);
    assert_eq!(all_deals(Form::Melee, 3), [[n, s, h], [n, s, y], [n, h, y], [s, h, y]]);
    assert_eq!(all_deals(Form::Melee, 4), [[n, s, h, y], [n, h, s, y], [n, s, y, h]]);
    assert_eq!(
        all_deals(Form::TeamDuel, 4),
        [[n, h, s, y], [s, y, n, h], [n, s, h, y], [h, y, n, s], [n, s, y, h], [y, h, n, s]]
    );
}

#[test]
fn all_schools_deals_every_set_of_the_seven_once_for_every_form() {
    // (form, seats, deals: sets of schools times the deals of one set)
    for (form, seats, count) in [
        (Form::Duel, 2, 21),
        (Form::HighForm, 2, 21),
        (Form::FirstGame, 2, 21),
        (Form::Melee, 3, 35),
        (Form::Melee, 4, 35 * 3),
        (Form::TeamDuel, 4, 35 * 6),
        (Form::TeamHighForm, 4, 35 * 6),
    ] {
        let deals = parse_deals(form, seats, "all-schools").unwrap();
        assert_eq!(deals.len(), count, "{form:?} {seats}");
        let distinct: HashSet<&Vec<School>> = deals.iter().collect();
        assert_eq!(distinct.len(), count, "{form:?} {seats}: a deal twice");
        let sets: HashSet<Vec<School>> = deals
            .iter()
            .map(|d| {
                let mut set = d.clone();
                set.sort_by_key(|s| School::ALL.iter().position(|x| x == s));
                set
            })
            .collect();
        let table = if form.teams() { 4 } else { seats };
        assert_eq!(sets.len(), [0, 0, 21, 35, 35][table], "{form:?} {seats}: every set of {table}");
        for deal in &deals {
            assert!(Game::new(form, deal).is_ok(), "{form:?} {deal:?}");
        }
        // every school is dealt, the expansion schools too
        let dealt: HashSet<School> = deals.iter().flatten().copied().collect();
        assert_eq!(dealt.len(), 7);
    }
    // the base deals are the first among them
    assert_eq!(deals_among(Form::Duel, 2, &School::ALL)[..3], all_deals(Form::Duel, 2)[..3]);
    assert_eq!(
        parse_deals(Form::Duel, 2, " all-schools ").unwrap().len(),
        21,
        "the keyword, like `all`, stands alone and may be padded"
    );
    assert!(parse_deals(Form::Duel, 2, "all-schools,northern/southern").is_err());
}

#[test]
fn deals_are_refused_with_a_typed_error_in_the_same_words() {
    let refused = |form, seats, text| parse_deals(form, seats, text).unwrap_err();
    let elves = refused(Form::Duel, 2, "northern/elves");
    assert_eq!(elves, DealsError::UnknownDeck(Token::new("elves")));
    assert_eq!(elves.to_string(), format!("unknown deck \"elves\": expected {}", School::names()));
    let one = refused(Form::Duel, 2, "northern");
    assert_eq!(one, DealsError::NotSeats { deal: Token::new("northern"), seats: 2 });
    assert_eq!(one.to_string(), "\"northern\" is not 2 decks like northern/southern");
    assert_eq!(
        refused(Form::TeamDuel, 4, "northern/southern").to_string(),
        "\"northern/southern\" is not two teams of two decks like northern+highland/southern+sylvan"
    );
    let twice = refused(Form::Duel, 2, "northern/northern");
    assert!(matches!(&twice, DealsError::Setup { deal, .. } if deal.as_str() == "northern/northern"), "{twice:?}");
    assert!(twice.to_string().starts_with("northern/northern: "), "{twice}");
}

#[test]
fn deals_parse_for_every_form() {
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    assert_eq!(parse_deals(Form::Duel, 2, "all").unwrap().len(), 6);
    assert_eq!(parse_deals(Form::Duel, 2, "northern/southern").unwrap(), [[n, s]]);
    assert!(parse_deals(Form::Duel, 2, "northern").is_err());
    assert!(parse_deals(Form::Duel, 2, "northern/elves").is_err());
    assert!(parse_deals(Form::Duel, 2, "northern/northern").is_err());
    assert_eq!(parse_deals(Form::TeamDuel, 4, "northern+highland/southern+sylvan").unwrap(), [[n, s, h, y]]);
    assert!(parse_deals(Form::TeamDuel, 4, "northern/southern").is_err());
    assert!(parse_deals(Form::TeamDuel, 4, "northern+highland/southern+highland").is_err());
    assert_eq!(parse_deals(Form::Melee, 3, "sylvan/northern/highland").unwrap(), [[y, n, h]]);
    assert!(parse_deals(Form::Melee, 3, "sylvan/northern/highland/southern").is_err());
    assert!(parse_deals(Form::Melee, 4, "sylvan/northern/highland").is_err());
    for (form, seats) in
        [(Form::Duel, 2), (Form::HighForm, 2), (Form::TeamHighForm, 4), (Form::Melee, 3), (Form::Melee, 4)]
    {
        for deal in all_deals(form, seats) {
            assert!(Game::new(form, &deal).is_ok(), "{deal:?}");
        }
    }
}

/// Runs a small tournament, then resumes it and extends it by one game
/// a table; checks the results add up.
fn smoke(name: &str, form: Form, seats: Option<usize>) {
    let dir = scratch(name);
    let mut c = TournamentConfig {
        form,
        seats,
        entrants: vec!["random".into(), "greedy".into()],
        games: 1,
        seed: 5,
        schools: all_deals(form, seats.unwrap_or(2)),
        player_seeds: PlayerSeeds::Sha256,
    };
    let tables = tables(2, c.sides()).len();
    let s = run(&c, &dir, &factory(&c), 2, |_, _| {}).unwrap();
    assert_eq!(s.games, tables);
    let shape = c.clone();
    let check = |s: &Summary, games: usize| {
        let c = &shape;
        assert_eq!(s.games, games);
        let lines = fs::read_to_string(dir.join("games.jsonl")).unwrap();
        let results: Vec<GameResult> = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(results.len(), games);
        for r in &results {
            assert_eq!(r.places.len(), c.seat_count());
            assert_eq!(r.seats.len(), c.seat_count());
            assert!(r.places.contains(&0));
        }
        // every side counted once, by entrant
        let sides = c.sides() as u32 * games as u32;
        assert_eq!(s.standings.iter().map(|t| t.games).sum::<u32>(), sides);
        for t in &s.standings {
            assert_eq!(t.wins + t.draws + t.losses, t.games);
            assert!(t.mean_place >= 1.0 && t.mean_place <= c.sides() as f64, "{t:?}");
            assert!(t.elo.is_finite());
        }
        assert_eq!(s.pairings.len(), 1);
        assert_eq!(s.pairings[0].games as usize, games);
        let md = fs::read_to_string(dir.join("results.md")).unwrap();
        assert!(md.contains(form.name()) && md.contains("greedy"), "{md}");
    };
    check(&s, tables);
    // resuming plays nothing new
    let again = run(&c, &dir, &factory(&c), 1, |done, total| assert_eq!(done, total)).unwrap();
    assert_eq!(again, s);
    // raising the games plays only the new ones, and the folder remembers it
    c.games = 2;
    let mut first = None;
    let more = run(&c, &dir, &factory(&c), 2, |done, total| {
        first.get_or_insert((done, total));
    })
    .unwrap();
    assert_eq!(first, Some((tables, 2 * tables)));
    check(&more, 2 * tables);
    let stored: TournamentConfig =
        serde_json::from_str(&fs::read_to_string(dir.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(stored, c);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_small_melee_of_three_runs_resumes_and_extends() {
    smoke("melee3", Form::Melee, Some(3));
}

#[test]
fn a_small_melee_of_four_runs_resumes_and_extends() {
    smoke("melee4", Form::Melee, Some(4));
}

#[test]
fn a_small_team_duel_runs_resumes_and_extends() {
    smoke("teamduel", Form::TeamDuel, None);
}

#[test]
fn melee_results_count_places_and_pairwise_results() {
    let c = TournamentConfig {
        form: Form::Melee,
        seats: Some(3),
        entrants: vec!["a".into(), "b".into(), "c".into()],
        games: 2,
        seed: 0,
        schools: all_deals(Form::Melee, 3),
        player_seeds: PlayerSeeds::Sha256,
    };
    let game = |seats: [usize; 3], places: [u8; 3]| GameResult {
        seats: seats.to_vec(),
        schools: c.schools[0].clone(),
        pairing: vec![0, 1, 2],
        index: 0,
        seed: 0,
        places: places.to_vec(),
        scores: vec![0; 3],
        turns: 30,
        choices: 0,
        discards: vec![],
        decks_out: vec![],
        legends_returned: vec![],
        flares: vec![],
        slowest_choice_ms: vec![],
        slowest_turn_ms: vec![],
    };
    // a first, b second, c third; then a and b share first, c third
    let s = summarize(&c, &[game([0, 1, 2], [0, 1, 2]), game([2, 0, 1], [2, 0, 0])]);
    let [a, b, cc] = [&s.standings[0], &s.standings[1], &s.standings[2]];
    assert_eq!((a.wins, a.draws, a.losses), (1, 1, 0));
    assert_eq!((b.wins, b.draws, b.losses), (0, 1, 1));
    assert_eq!((cc.wins, cc.draws, cc.losses), (0, 0, 2));
    assert!((a.score - 0.75).abs() < 1e-9);
    assert!((a.mean_place - 1.0).abs() < 1e-9 && (b.mean_place - 1.5).abs() < 1e-9);
    assert!((cc.mean_place - 3.0).abs() < 1e-9);
    assert!(a.elo > b.elo && b.elo > cc.elo);
    // a vs b: ahead once, level once
    let ab = &s.pairings[0];
    assert_eq!((ab.a.as_str(), ab.b.as_str(), ab.games, ab.a_wins, ab.draws, ab.b_wins), ("a", "b", 2, 1, 1, 0));
    assert!(s.markdown().contains("melee, 3 seats"));
    // no discards recorded (older results): none counted
    assert_eq!(a.counted_seats, 0);
    assert!(!s.markdown().contains("discards a game"));
    let counted = |seats, places, discards: [u16; 3], out: [bool; 3]| GameResult {
        discards: discards.to_vec(),
        decks_out: out.to_vec(),
        ..game(seats, places)
    };
    let s = summarize(
        &c,
        &[
            counted([0, 1, 2], [0, 1, 2], [1, 0, 3], [false, false, true]),
            counted([2, 0, 1], [2, 0, 0], [2, 0, 1], [true, false, false]),
            game([0, 1, 2], [0, 1, 2]),
        ],
    );
    let [a, b, cc] = [&s.standings[0], &s.standings[1], &s.standings[2]];
    assert_eq!((a.counted_seats, a.discards_per_game, a.decks_out), (2, 0.5, 0));
    assert_eq!((b.counted_seats, b.discards_per_game, b.decks_out), (2, 0.5, 0));
    assert_eq!((cc.counted_seats, cc.discards_per_game, cc.decks_out), (2, 2.5, 2));
    assert!(s.markdown().contains("| c | 2 | 2.50 | 2 (100.0%) |"), "{}", s.markdown());
    assert_eq!(a.timed_seats, 0);
    assert!(!s.markdown().contains("legends returned a game"));
    // cards spent and times: flares of a seat not placed first count as for nothing
    let spent = |seats, places, legends: [u16; 3], flares: [u16; 3], ms: [u32; 3]| GameResult {
        legends_returned: legends.to_vec(),
        flares: flares.to_vec(),
        slowest_choice_ms: ms.to_vec(),
        slowest_turn_ms: ms.iter().map(|m| m * 3).collect(),
        ..game(seats, places)
    };
    let s = summarize(
        &c,
        &[
            spent([0, 1, 2], [0, 1, 2], [1, 0, 0], [2, 1, 3], [100, 2000, 5]),
            spent([2, 0, 1], [2, 0, 0], [0, 0, 1], [1, 4, 0], [7, 300, 1500]),
            game([0, 1, 2], [0, 1, 2]),
        ],
    );
    let [a, b, cc] = [&s.standings[0], &s.standings[1], &s.standings[2]];
    assert_eq!(
        (a.timed_seats, a.legends_returned_per_game, a.flares_per_game, a.flares_for_nothing_per_game),
        (2, 0.5, 3.0, 0.0)
    );
    assert_eq!((b.legends_returned_per_game, b.flares_per_game, b.flares_for_nothing_per_game), (0.5, 0.5, 0.5));
    assert_eq!((cc.legends_returned_per_game, cc.flares_per_game, cc.flares_for_nothing_per_game), (0.0, 2.0, 2.0));
    assert_eq!((b.slowest_choice, b.slowest_turn), (2.0, 6.0));
    assert!(s.markdown().contains("| b | 2 | 0.50 | 0.50 | 0.50 | 2.0 s | 6.0 s |"), "{}", s.markdown());
    // one entrant in two seats: its own two seats are not compared
    let two = summarize(&c, &[game([0, 0, 1], [0, 1, 2])]);
    assert_eq!(two.standings[0].games, 2);
    assert_eq!((two.pairings[0].a_wins, two.pairings[0].b_wins), (2, 0));
}
