//! Playing a tournament into its folder: the settings checked against
//! the folder's `tournament.json`, the games not yet in `games.jsonl`
//! played on `jobs` threads, each appended as it finishes, then the
//! summary written.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tash_kalar_bots::{play_game, Bot, Decision};
use tash_kalar_rules::{Choice, Game, Observation};

use super::{schedule, setup, summarize, GameResult, PlayerFactory, PlayerSeeds, Setup, Summary, TournamentConfig};
use crate::Entrant;

/// Runs (or resumes) a tournament, writing into `dir`, playing `jobs`
/// games at a time. `progress` is told the games finished and the total.
pub fn run(
    config: &TournamentConfig,
    dir: &Path,
    make: &PlayerFactory<'_>,
    jobs: usize,
    mut progress: impl FnMut(usize, usize) + Send,
) -> anyhow::Result<Summary> {
    let form = config.form;
    let seats = config.seat_count();
    anyhow::ensure!(
        form.seats().contains(&seats),
        "a {} is played by {:?} seats, not {seats}",
        form.name(),
        form.seats()
    );
    anyhow::ensure!(!config.schools.is_empty(), "no deal of schools to play");
    for deal in &config.schools {
        anyhow::ensure!(deal.len() == seats, "the deal {deal:?} is not {seats} schools");
        Game::new(form, deal).map_err(|e| anyhow::anyhow!("the deal {deal:?}: {e}"))?;
    }
    fs::create_dir_all(dir)?;
    let config_path = dir.join("tournament.json");
    let mut effective = config.clone();
    if config_path.exists() {
        let old: TournamentConfig = serde_json::from_str(&fs::read_to_string(&config_path)?)?;
        if old.player_seeds == PlayerSeeds::Xor && config.player_seeds != PlayerSeeds::Xor {
            // a folder from before one-way seeds: its games go on as they began,
            // unless an outside engine would be handed a seed it can invert
            let engine = config.entrants.iter().find(|e| e.parse::<Entrant>().is_ok_and(|e| e.is_engine()));
            if let Some(engine) = engine {
                anyhow::bail!(
                    "{} was started by an older version whose player seeds an outside engine ({engine}) could \
                     turn back into the cards' order; start it again in another --out folder",
                    dir.display()
                );
            }
            effective.player_seeds = PlayerSeeds::Xor;
        }
        anyhow::ensure!(
            old.same_but_games(&effective),
            "{} holds a different tournament; use another --out folder",
            dir.display()
        );
        anyhow::ensure!(
            effective.games >= old.games,
            "{} holds {} games per table; a tournament can be extended, not shortened",
            dir.display(),
            old.games
        );
        if effective.games > old.games {
            fs::write(&config_path, serde_json::to_string_pretty(&effective)?)?;
        }
    } else {
        fs::write(&config_path, serde_json::to_string_pretty(&effective)?)?;
    }
    let config = &effective;
    let log_path = dir.join("games.jsonl");
    let results = read_results(&log_path)?;
    let done: HashSet<(&[usize], u32)> = results.iter().map(|r| (r.pairing.as_slice(), r.index)).collect();
    let todo: Vec<(Vec<usize>, u32)> =
        schedule(config).into_iter().filter(|(t, i)| !done.contains(&(t.as_slice(), *i))).collect();
    drop(done);
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
        let (table, index) = {
            let mut s = shared.lock().expect("tournament lock");
            if s.failed.is_some() || s.next >= todo.len() {
                return;
            }
            s.next += 1;
            &todo[s.next - 1]
        };
        let played = play_scheduled(config, make, table, *index);
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
    results.sort_by(|a, b| (&a.pairing, a.index).cmp(&(&b.pairing, b.index)));
    let summary = summarize(config, &results);
    fs::write(dir.join("results.json"), serde_json::to_string_pretty(&summary)?)?;
    fs::write(dir.join("results.md"), summary.markdown())?;
    summary.plot(&dir.join("ratings.svg"))?;
    Ok(summary)
}

fn play_scheduled(
    config: &TournamentConfig,
    make: &PlayerFactory<'_>,
    table: &[usize],
    index: u32,
) -> anyhow::Result<GameResult> {
    let Setup { seats, schools, seed } = setup(config, table, index);
    // a player of its own in every seat (a team's entrant too), seeded by the seat
    let tallies: Vec<Arc<Mutex<Tally>>> = seats.iter().map(|_| Default::default()).collect();
    let mut players = seats
        .iter()
        .enumerate()
        .map(|(s, &e)| {
            let inner = make(e, config.player_seeds.player(seed, s))?;
            Ok(Box::new(Counted { inner, tally: tallies[s].clone() }) as Box<dyn Bot>)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let (game, choices) = play_game(config.form, &schools, &mut players, seed)?;
    drop(players);
    let outcome = game.outcome().expect("a finished game");
    let tallies: Vec<Tally> = tallies.iter().map(|t| *t.lock().expect("tally lock")).collect();
    let small = |n: u32| n.min(u16::MAX as u32) as u16;
    let ms = |d: Duration| d.as_millis().min(u32::MAX as u128) as u32;
    Ok(GameResult {
        seats,
        schools,
        pairing: table.to_vec(),
        index,
        seed,
        places: outcome.places.to_vec(),
        scores: game.seats().iter().map(|s| s.score).collect(),
        turns: game.turn().number,
        choices,
        discards: tallies.iter().map(|t| small(t.discards)).collect(),
        decks_out: game.seats().iter().map(|s| s.deck.is_empty()).collect(),
        legends_returned: tallies.iter().map(|t| small(t.legends_returned)).collect(),
        flares: tallies.iter().map(|t| small(t.flares)).collect(),
        slowest_choice_ms: tallies.iter().map(|t| ms(t.slowest_choice)).collect(),
        slowest_turn_ms: tallies.iter().map(|t| ms(t.slowest_turn)).collect(),
    })
}

/// What one seat did with its cards and its time in a game.
#[derive(Copy, Clone, Debug, Default)]
struct Tally {
    discards: u32,
    /// Legends put back at the bottom of the shared legend deck.
    legends_returned: u32,
    /// Flares invoked.
    flares: u32,
    /// The longest wall-clock time of one choice.
    slowest_choice: Duration,
    /// The longest wall-clock time of the seat's choices in one turn.
    slowest_turn: Duration,
    /// The turn being timed and the time spent in it so far.
    turn: u16,
    this_turn: Duration,
}

impl Tally {
    fn count(&mut self, turn: u16, c: Choice, took: Duration) {
        match c {
            Choice::Discard(_) => self.discards += 1,
            Choice::Return(card) if card.is_legend() => self.legends_returned += 1,
            Choice::Flare(_) => self.flares += 1,
            _ => {}
        }
        if turn != self.turn {
            self.turn = turn;
            self.this_turn = Duration::ZERO;
        }
        self.this_turn += took;
        self.slowest_choice = self.slowest_choice.max(took);
        self.slowest_turn = self.slowest_turn.max(self.this_turn);
    }
}

/// A player that counts its cards spent and times its choices (for the
/// results).
struct Counted {
    inner: Box<dyn Bot>,
    tally: Arc<Mutex<Tally>>,
}

impl Bot for Counted {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, obs: &Observation) -> Choice {
        let started = Instant::now();
        let c = self.inner.choose(obs);
        self.tally.lock().expect("tally lock").count(obs.game().turn().number, c, started.elapsed());
        c
    }
    fn decide(&mut self, d: &Decision) -> Choice {
        let started = Instant::now();
        let c = self.inner.decide(d);
        self.tally.lock().expect("tally lock").count(d.turn(), c, started.elapsed());
        c
    }
    fn take_error(&mut self) -> Option<String> {
        self.inner.take_error()
    }
}

pub(super) fn read_results(path: &Path) -> anyhow::Result<Vec<GameResult>> {
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
