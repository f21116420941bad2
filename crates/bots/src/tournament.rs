//! Round-robin tournaments between bots, with balanced seats and schools,
//! results that survive an interruption, and a table of ratings.
//!
//! Every finished game is appended at once as one JSON line to
//! `games.jsonl` in the output folder; a tournament started again with the
//! same settings skips the games already there. The summary is written as
//! `results.json`, `results.md` and a plot `ratings.svg`.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tash_kalar_rules::{Actor, Choice, Form, Game, School};

use crate::rating::{elo, wilson, Pairing};
use crate::Bot;

/// Makes a fresh player for one game from an entrant's name and a seed.
pub type PlayerFactory<'a> = dyn Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + 'a;

/// What a tournament plays.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TournamentConfig {
    pub form: Form,
    /// The entrants' names (bot specs or engine commands).
    pub entrants: Vec<String>,
    /// Games per pairing of entrants.
    pub games: u32,
    pub seed: u64,
    /// School pairings to cycle through (each game is also played with the
    /// seats swapped, so both entrants play both sides).
    pub schools: Vec<[School; 2]>,
}

/// One finished game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameResult {
    /// Entrant indices by seat.
    pub seats: [usize; 2],
    pub schools: [School; 2],
    pub pairing: [usize; 2],
    pub index: u32,
    pub seed: u64,
    /// Place per seat (0 first; equal places are a draw).
    pub places: [u8; 2],
    pub scores: [i16; 2],
    pub turns: u16,
    pub choices: u32,
}

/// The games to play: every pairing of entrants, `games` each, the first
/// entrant of the pairing in seat 0 for even indices.
pub fn schedule(config: &TournamentConfig) -> Vec<([usize; 2], u32)> {
    let n = config.entrants.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for i in 0..config.games {
                out.push(([a, b], i));
            }
        }
    }
    out
}

/// Seats, schools and seed of one scheduled game. In each block of four
/// games of a pairing both entrants play both seats with both schools of
/// one school pairing; the two games of a seat swap share their chance seed.
fn setup(config: &TournamentConfig, pairing: [usize; 2], index: u32) -> ([usize; 2], [School; 2], u64) {
    let [a, b] = pairing;
    let [s, t] = config.schools[(index as usize / 4) % config.schools.len()];
    // (seat 0, seat 1) and the school of the pairing's first entrant
    let (seats, a_school) = match index % 4 {
        0 => ([a, b], s),
        1 => ([b, a], s),
        2 => ([a, b], t),
        _ => ([b, a], t),
    };
    let other = if a_school == s { t } else { s };
    let schools = if seats[0] == a { [a_school, other] } else { [other, a_school] };
    let seed = config.seed ^ ((a as u64) << 48) ^ ((b as u64) << 32) ^ (index as u64 / 2);
    (seats, schools, seed)
}

/// Plays one game between two players; chance is drawn from `seed`.
/// Returns the finished game and the number of choices the players made.
pub fn play_game(
    form: Form,
    schools: [School; 2],
    players: &mut [Box<dyn Bot>; 2],
    seed: u64,
) -> anyhow::Result<(Game, u32)> {
    let mut game = Game::new(form, &schools)?;
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    let mut legal: Vec<Choice> = Vec::new();
    let mut steps = 0u32;
    let mut choices = 0u32;
    loop {
        match game.actor() {
            Actor::Nobody => return Ok((game, choices)),
            Actor::Chance => {
                game.legal_choices_into(&mut legal);
                let c = legal[chance.gen_range(0..legal.len())];
                game.apply_unchecked(c);
            }
            Actor::Seat(s) => {
                let obs = game.observe(s);
                let player = &mut players[s as usize];
                let c = player.choose(&obs);
                if let Some(e) = player.take_error() {
                    anyhow::bail!("{}: {e}", player.name());
                }
                game.apply(c).map_err(|e| anyhow::anyhow!("{} chose {c}: {e}", player.name()))?;
                choices += 1;
            }
        }
        steps += 1;
        anyhow::ensure!(steps < 200_000, "game did not finish");
    }
}

/// Runs (or resumes) a tournament, writing into `dir`, playing `jobs`
/// games at a time. `progress` is told the games finished and the total.
pub fn run(
    config: &TournamentConfig,
    dir: &Path,
    make: &PlayerFactory<'_>,
    jobs: usize,
    mut progress: impl FnMut(usize, usize) + Send,
) -> anyhow::Result<Summary> {
    anyhow::ensure!(!config.schools.is_empty(), "no school pairing to play");
    anyhow::ensure!(config.form.seats().contains(&2), "tournaments are played in two-seat forms");
    fs::create_dir_all(dir)?;
    let config_path = dir.join("tournament.json");
    if config_path.exists() {
        let old: TournamentConfig = serde_json::from_str(&fs::read_to_string(&config_path)?)?;
        anyhow::ensure!(&old == config, "{} holds a different tournament; use another --out folder", dir.display());
    } else {
        fs::write(&config_path, serde_json::to_string_pretty(config)?)?;
    }
    let log_path = dir.join("games.jsonl");
    let results = read_results(&log_path)?;
    let done: HashSet<([usize; 2], u32)> = results.iter().map(|r| (r.pairing, r.index)).collect();
    let todo: Vec<_> = schedule(config).into_iter().filter(|k| !done.contains(k)).collect();
    let total = results.len() + todo.len();
    let mut log = OpenOptions::new().create(true).append(true).open(&log_path)?;
    // a line cut short by an interruption is closed, so the next one starts clean
    if fs::read(&log_path)?.last().is_some_and(|&b| b != b'\n') {
        writeln!(log)?;
    }
    progress(results.len(), total);
    struct Shared<P> {
        results: Vec<GameResult>,
        log: File,
        next: usize,
        failed: Option<anyhow::Error>,
        progress: P,
    }
    let shared = std::sync::Mutex::new(Shared { results, log, next: 0, failed: None, progress });
    let worker = || loop {
        let (pairing, index) = {
            let mut s = shared.lock().expect("tournament lock");
            if s.failed.is_some() || s.next >= todo.len() {
                return;
            }
            s.next += 1;
            todo[s.next - 1]
        };
        let played = play_scheduled(config, make, pairing, index);
        let mut s = shared.lock().expect("tournament lock");
        let r = match played {
            Ok(r) => r,
            Err(e) => {
                s.failed.get_or_insert(e);
                return;
            }
        };
        let line = serde_json::to_string(&r).expect("a result serializes");
        // each finished game is on disk at once, so an interruption loses none
        if let Err(e) = writeln!(s.log, "{line}").and_then(|()| s.log.flush()) {
            s.failed.get_or_insert(e.into());
            return;
        }
        s.results.push(r);
        let n = s.results.len();
        (s.progress)(n, total);
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.max(1) {
            scope.spawn(worker);
        }
        worker();
    });
    let s = shared.into_inner().expect("tournament lock");
    if let Some(e) = s.failed {
        return Err(e);
    }
    let mut results = s.results;
    results.sort_by_key(|r| (r.pairing, r.index));
    let summary = summarize(config, &results);
    fs::write(dir.join("results.json"), serde_json::to_string_pretty(&summary)?)?;
    fs::write(dir.join("results.md"), summary.markdown())?;
    summary.plot(&dir.join("ratings.svg"))?;
    Ok(summary)
}

fn play_scheduled(
    config: &TournamentConfig,
    make: &PlayerFactory<'_>,
    pairing: [usize; 2],
    index: u32,
) -> anyhow::Result<GameResult> {
    let (seats, schools, seed) = setup(config, pairing, index);
    let mut players = [make(seats[0], seed ^ 0x5eed_0001)?, make(seats[1], seed ^ 0x5eed_0002)?];
    let (game, choices) = play_game(config.form, schools, &mut players, seed)?;
    let outcome = game.outcome().expect("a finished game");
    Ok(GameResult {
        seats,
        schools,
        pairing,
        index,
        seed,
        places: [outcome.places[0], outcome.places[1]],
        scores: [game.seat(0).score, game.seat(1).score],
        turns: game.turn().number,
        choices,
    })
}

/// A progress bar with the games played, the rate and the time left, for
/// [`run`]'s `progress` (drawn on standard error, hidden when that is not
/// a terminal).
pub fn progress_bar() -> impl FnMut(usize, usize) + Send {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {pos}/{len} games, {per_sec}, about {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let mut started: Option<usize> = None;
    move |done, total| {
        if started.is_none() {
            // games found on disk do not count towards the rate
            started = Some(done);
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            bar.reset_eta();
        } else {
            bar.set_position(done as u64);
        }
        if done >= total {
            bar.finish();
        }
    }
}

fn read_results(path: &Path) -> anyhow::Result<Vec<GameResult>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (i, line) in BufReader::new(File::open(path)?).lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(&line) {
            Ok(r) => out.push(r),
            // a line cut short by an interruption: that game is played again
            Err(_) if i > 0 => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(out)
}

/// One entrant's line in the results.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Standing {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// (wins + draws/2) / games, with its 95% Wilson interval.
    pub score: f64,
    pub score_low: f64,
    pub score_high: f64,
    pub elo: f64,
    pub elo_error: f64,
}

/// One pairing's line in the results.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Head2Head {
    pub a: String,
    pub b: String,
    pub games: u32,
    pub a_wins: u32,
    pub draws: u32,
    pub b_wins: u32,
    /// a's score rate and its 95% interval.
    pub a_score: f64,
    pub a_low: f64,
    pub a_high: f64,
    pub avg_turns: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Summary {
    pub form: Form,
    pub games: usize,
    pub standings: Vec<Standing>,
    pub pairings: Vec<Head2Head>,
}

/// The table of a tournament's results.
pub fn summarize(config: &TournamentConfig, results: &[GameResult]) -> Summary {
    let n = config.entrants.len();
    let mut pairings_for_elo = Vec::new();
    let mut w = vec![(0u32, 0u32, 0u32); n];
    for r in results {
        let (a, b) = (r.seats[0], r.seats[1]);
        let score = match r.places[0].cmp(&r.places[1]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        pairings_for_elo.push(Pairing { a, b, score });
        let tally = |t: &mut (u32, u32, u32), s: f64| match s {
            s if s > 0.75 => t.0 += 1,
            s if s < 0.25 => t.2 += 1,
            _ => t.1 += 1,
        };
        tally(&mut w[a], score);
        tally(&mut w[b], 1.0 - score);
    }
    let ratings = elo(n, &pairings_for_elo);
    let standings = (0..n)
        .map(|i| {
            let (wins, draws, losses) = w[i];
            let games = wins + draws + losses;
            let points = wins as f64 + draws as f64 / 2.0;
            let (lo, hi) = wilson(points, games as f64);
            Standing {
                name: config.entrants[i].clone(),
                games,
                wins,
                draws,
                losses,
                score: if games > 0 { points / games as f64 } else { 0.0 },
                score_low: lo,
                score_high: hi,
                elo: ratings[i].0,
                elo_error: ratings[i].1,
            }
        })
        .collect();
    let mut pairings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let games: Vec<&GameResult> = results.iter().filter(|r| r.pairing == [a, b]).collect();
            let (mut aw, mut d, mut bw, mut turns) = (0, 0, 0, 0u64);
            for r in &games {
                turns += r.turns as u64;
                let a_seat = if r.seats[0] == a { 0 } else { 1 };
                match r.places[a_seat].cmp(&r.places[1 - a_seat]) {
                    std::cmp::Ordering::Less => aw += 1,
                    std::cmp::Ordering::Equal => d += 1,
                    std::cmp::Ordering::Greater => bw += 1,
                }
            }
            let g = games.len() as u32;
            let points = aw as f64 + d as f64 / 2.0;
            let (lo, hi) = wilson(points, g as f64);
            pairings.push(Head2Head {
                a: config.entrants[a].clone(),
                b: config.entrants[b].clone(),
                games: g,
                a_wins: aw,
                draws: d,
                b_wins: bw,
                a_score: if g > 0 { points / g as f64 } else { 0.0 },
                a_low: lo,
                a_high: hi,
                avg_turns: if g > 0 { turns as f64 / g as f64 } else { 0.0 },
            });
        }
    }
    Summary { form: config.form, games: results.len(), standings, pairings }
}

impl Summary {
    /// The results as Markdown tables.
    pub fn markdown(&self) -> String {
        let mut s = format!("# Tournament: {} ({} games)\n\n", self.form.name(), self.games);
        s.push_str("| entrant | games | wins | draws | losses | score | 95% interval | Elo |\n");
        s.push_str("|---|---:|---:|---:|---:|---:|---|---:|\n");
        let mut order: Vec<&Standing> = self.standings.iter().collect();
        order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        for t in order {
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% | {:+.0} ± {:.0} |\n",
                t.name,
                t.games,
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score,
                100.0 * t.score_low,
                100.0 * t.score_high,
                t.elo,
                1.96 * t.elo_error
            ));
        }
        s.push_str("\n| pairing | games | wins | draws | losses | score of the first | 95% interval | avg turns |\n");
        s.push_str("|---|---:|---:|---:|---:|---:|---|---:|\n");
        for p in &self.pairings {
            s.push_str(&format!(
                "| {} vs {} | {} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% | {:.1} |\n",
                p.a,
                p.b,
                p.games,
                p.a_wins,
                p.draws,
                p.b_wins,
                100.0 * p.a_score,
                100.0 * p.a_low,
                100.0 * p.a_high,
                p.avg_turns
            ));
        }
        s.push_str("\nElo ratings have mean 0; the ± is a 95% interval.\n");
        s
    }

    /// Draws the Elo ratings with their 95% intervals as an SVG image.
    pub fn plot(&self, path: &PathBuf) -> anyhow::Result<()> {
        use plotters::prelude::*;
        let n = self.standings.len();
        let lo = self.standings.iter().map(|t| t.elo - 1.96 * t.elo_error.min(1000.0)).fold(0.0f64, f64::min) - 50.0;
        let hi = self.standings.iter().map(|t| t.elo + 1.96 * t.elo_error.min(1000.0)).fold(0.0f64, f64::max) + 50.0;
        let root = SVGBackend::new(path, (720, 120 + 60 * n as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Elo ratings ({}, {} games)", self.form.name(), self.games), ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(35)
            .y_label_area_size(160)
            .build_cartesian_2d(lo..hi, -0.5f64..(n as f64 - 0.5))?;
        let names: Vec<String> = self.standings.iter().map(|t| t.name.clone()).collect();
        chart
            .configure_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| {
                let i = y.round() as usize;
                names.get(i).cloned().unwrap_or_default()
            })
            .x_desc("Elo (mean 0), 95% interval")
            .draw()?;
        chart.draw_series(self.standings.iter().enumerate().map(|(i, t)| {
            let e = 1.96 * t.elo_error.min(1000.0);
            ErrorBar::new_horizontal(i as f64, t.elo - e, t.elo, t.elo + e, BLUE.filled(), 10)
        }))?;
        chart.draw_series(
            self.standings.iter().enumerate().map(|(i, t)| Circle::new((t.elo, i as f64), 5, BLUE.filled())),
        )?;
        root.present()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> TournamentConfig {
        TournamentConfig {
            form: Form::Duel,
            entrants: vec!["random".into(), "greedy".into()],
            games: 2,
            seed: 7,
            schools: vec![[School::Northern, School::Southern]],
        }
    }

    fn factory(config: &TournamentConfig) -> impl Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + '_ {
        move |i, seed| Ok(crate::from_spec(&config.entrants[i], seed)?)
    }

    #[test]
    fn a_small_tournament_runs_and_resumes_without_replaying() {
        let dir = std::env::temp_dir().join(format!("tk-tournament-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let c = config();
        let s = run(&c, &dir, &factory(&c), 2, |_, _| {}).unwrap();
        assert_eq!(s.games, 2);
        assert_eq!(s.standings.iter().map(|t| t.games).sum::<u32>(), 4);
        for f in ["games.jsonl", "results.json", "results.md", "ratings.svg", "tournament.json"] {
            assert!(dir.join(f).exists(), "{f}");
        }
        let svg = fs::read_to_string(dir.join("ratings.svg")).unwrap();
        assert!(svg.contains("greedy"));
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
        other.games = 3;
        assert!(run(&other, &dir, &factory(&other), 1, |_, _| {}).is_err());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn seats_and_schools_are_balanced() {
        let mut c = config();
        c.schools = vec![[School::Northern, School::Southern], [School::Southern, School::Northern]];
        c.games = 8;
        let mut seat0 = [0; 2];
        let mut school_of = std::collections::HashMap::new();
        for (pairing, i) in schedule(&c) {
            let (seats, schools, _) = setup(&c, pairing, i);
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
}
