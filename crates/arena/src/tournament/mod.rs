//! Round-robin tournaments between bots in every form, with balanced
//! seats and schools, results that survive an interruption, and a table of
//! ratings.
//!
//! A game is played by a *table* of entrants, one per *side*: in the
//! two-player forms a side is a seat; in team play a side is a team, and
//! the entrant plays both its seats (a bot of its spec in each seat, each
//! seeing only its own seat); in a melee every seat is a side. Every table
//! plays `games` games: with at least as many entrants as sides, a table is
//! each set of that many entrants; with fewer (two bots in a melee of
//! three, say), a table is each way to fill the sides with every entrant at
//! least once (`A A B` and `A B B`), so each entrant plays the extra seats
//! equally often. The seats of one entrant at a table play each for
//! themselves.
//!
//! Within a table's games (see [`setup`]), the sides rotate every game and
//! the schools every `sides` games, so that in each block of `sides²`
//! games every entrant of the table plays every side with every school of
//! one deal exactly once (in a duel: both seats with both schools); blocks
//! cycle through the deals, and in a melee, after every deal, the order of
//! play around the table is reversed. A game's setup depends on its table
//! and index only, so raising `games` extends a tournament.
//!
//! Every finished game is appended at once as one JSON line to
//! `games.jsonl` in the output folder; a tournament started again with the
//! same settings skips the games already there (with a larger `games` it
//! plays the new ones). The summary is written as `results.json`,
//! `results.md` and a plot `ratings.svg`.
//!
//! Chance in each game is seeded from the tournament's seed, the table and
//! the index; each player's seed is derived from that one way
//! ([`PlayerSeeds::Sha256`], recorded in `tournament.json`), so that an
//! outside engine cannot work back from its seed to the cards' order. A
//! folder written before that keeps its old seeds when it resumes, unless
//! an outside engine plays in it (then it is refused).
//!
//! Results count by side and by the game's ranking (places, ties shared):
//! a side placed first alone wins, first together with another side draws,
//! and otherwise loses; the score (win rate) is wins plus half the draws
//! over the games, and the mean place is given too. Elo ratings are fitted
//! to the pairwise results the ranking implies: each two sides of different
//! entrants, the one placed ahead winning (a draw if level), each pair
//! weighted 1/(sides − 1), so that a side's results count as one game in
//! all (in a duel, one game is one pairwise result).

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tash_kalar_rules::{Form, Game, School};

use tash_kalar_bots::rating::{elo, wilson, Pairing};
use tash_kalar_bots::{play_game, Bot};

use crate::{seeds, Entrant};

/// Makes a fresh player for one game from an entrant's name and a seed.
pub type PlayerFactory<'a> = dyn Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + 'a;

/// What a tournament plays.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TournamentConfig {
    pub form: Form,
    /// Seats at the table; `None` for the form's only count (a melee needs
    /// 3 or 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<usize>,
    /// The entrants' names (bot specs or engine commands).
    pub entrants: Vec<String>,
    /// Games per table of entrants (per pairing, in the two-sided forms).
    pub games: u32,
    pub seed: u64,
    /// Deals to cycle through: each the schools in seat order (in team play
    /// seats 0 and 2 are one team, 1 and 3 the other; see [`all_deals`]).
    pub schools: Vec<Vec<School>>,
    /// How the players' seeds are derived from each game's chance seed
    /// (absent from the folders written before it: [`PlayerSeeds::Xor`]).
    #[serde(default = "PlayerSeeds::before_v2")]
    pub player_seeds: PlayerSeeds,
}

/// How a tournament derives the players' seeds from a game's chance seed.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerSeeds {
    /// `chance seed ^ (0x5eed_0001 + seat)`, as in the folders written
    /// before this field. It can be turned back into the chance seed (an
    /// engine did, and knew its opponent's hand), so it is kept only to
    /// resume such folders whose entrants are all our own bots, which
    /// never look at more than their observation.
    Xor,
    /// [`seeds::player`]: one way, from the chance seed and the seat.
    Sha256,
}

impl PlayerSeeds {
    fn before_v2() -> PlayerSeeds {
        PlayerSeeds::Xor
    }

    /// The seed of the player in `seat` of a game whose chance is seeded
    /// by `game_seed`.
    pub fn player(self, game_seed: u64, seat: usize) -> u64 {
        match self {
            PlayerSeeds::Xor => game_seed ^ (0x5eed_0001 + seat as u64),
            PlayerSeeds::Sha256 => seeds::player(game_seed, seat),
        }
    }
}

impl TournamentConfig {
    /// Seats at the table.
    pub fn seat_count(&self) -> usize {
        self.seats.unwrap_or(*self.form.seats().start())
    }

    /// Sides of a game: teams in team play, otherwise seats.
    pub fn sides(&self) -> usize {
        if self.form.teams() {
            2
        } else {
            self.seat_count()
        }
    }

    /// The same tournament, perhaps with another number of games.
    fn same_but_games(&self, other: &TournamentConfig) -> bool {
        let norm = |c: &TournamentConfig| TournamentConfig { seats: Some(c.seat_count()), games: 0, ..c.clone() };
        norm(self) == norm(other)
    }
}

/// Every deal of the base game's four schools: [`deals_among`]
/// [`School::BASE`], the deals of `--decks all`.
pub fn all_deals(form: Form, seats: usize) -> Vec<Vec<School>> {
    deals_among(form, seats, &School::BASE)
}

/// Every deal among `schools` of a form with `seats` seats, in seat order.
/// For each set of schools a table needs (two, or three or four in a
/// melee, four in team play), taken in the order of `schools`: in the
/// two-player forms and the melee of three the set as it is; in team play
/// each split of the four into two teams, twice (each school of a team
/// leading it once: the leader plays first and gives the team its color);
/// in a melee of four the three ways to seat the four around the table
/// (turned and mirrored alike, as the schedule does both).
pub fn deals_among(form: Form, seats: usize, schools: &[School]) -> Vec<Vec<School>> {
    let table = if form.teams() { 4 } else { seats };
    let mut out = Vec::new();
    for set in subsets(schools, table) {
        if form.teams() {
            for partner in 1..4 {
                let a = [set[0], set[partner]];
                let b: Vec<School> = (1..4).filter(|&i| i != partner).map(|i| set[i]).collect();
                out.push(vec![a[0], b[0], a[1], b[1]]);
                out.push(vec![a[1], b[1], a[0], b[0]]);
            }
        } else if table == 4 {
            let (n, s, h, y) = (set[0], set[1], set[2], set[3]);
            out.extend([vec![n, s, h, y], vec![n, h, s, y], vec![n, s, y, h]]);
        } else {
            out.push(set);
        }
    }
    out
}

/// The subsets of `size` items, each in the items' order, the subsets in
/// lexicographic order of their positions.
fn subsets(items: &[School], size: usize) -> Vec<Vec<School>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Deals from text: `all` (every deal of the four base schools),
/// `all-schools` (every deal of all seven), or a comma-separated list, each
/// deal written side by side with `/` between sides: `northern/southern` (two players),
/// `northern+highland/southern+sylvan` (teams: the first school of a team
/// leads it), `northern/southern/highland` (a melee, in seat order).
pub fn parse_deals(form: Form, seats: usize, text: &str) -> Result<Vec<Vec<School>>, String> {
    match text.trim() {
        "all" => return Ok(all_deals(form, seats)),
        "all-schools" => return Ok(deals_among(form, seats, &School::ALL)),
        _ => {}
    }
    let school =
        |n: &str| School::parse(n.trim()).ok_or_else(|| format!("unknown deck {n:?}: expected {}", School::names()));
    text.split(',')
        .map(|d| {
            let sides: Vec<&str> = d.split('/').collect();
            let deal: Vec<School> = if form.teams() {
                let teams: Vec<Vec<School>> = sides
                    .iter()
                    .map(|t| t.split('+').map(school).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<_, _>>()?;
                if teams.len() != 2 || teams.iter().any(|t| t.len() != 2) {
                    return Err(format!("{d:?} is not two teams of two decks like northern+highland/southern+sylvan"));
                }
                vec![teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
            } else {
                let deal = sides.iter().map(|&n| school(n)).collect::<Result<Vec<_>, _>>()?;
                if deal.len() != seats {
                    let example = ["northern", "southern", "highland", "sylvan"][..seats.min(4)].join("/");
                    return Err(format!("{d:?} is not {seats} decks like {example}"));
                }
                deal
            };
            Game::new(form, &deal).map_err(|e| format!("{d}: {e}"))?;
            Ok(deal)
        })
        .collect()
}

/// One finished game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameResult {
    /// Entrant indices by seat.
    pub seats: Vec<usize>,
    /// Schools by seat.
    pub schools: Vec<School>,
    /// The table that played it: its entrants, as scheduled (a pairing in
    /// the two-sided forms).
    pub pairing: Vec<usize>,
    pub index: u32,
    pub seed: u64,
    /// Place per seat (0 first; equal places are shared; teammates share
    /// their team's).
    pub places: Vec<u8>,
    pub scores: Vec<i16>,
    pub turns: u16,
    pub choices: u32,
    /// Discard actions per seat (empty in results written before they
    /// were counted).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<u16>,
    /// Per seat, whether its deck had run out when the game ended (empty
    /// in older results).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks_out: Vec<bool>,
}

/// A player that counts its discard actions (for the results).
struct Counted {
    inner: Box<dyn Bot>,
    discards: std::sync::Arc<std::sync::atomic::AtomicU32>,
}

impl Counted {
    fn count(&self, c: tash_kalar_rules::Choice) -> tash_kalar_rules::Choice {
        if matches!(c, tash_kalar_rules::Choice::Discard(_)) {
            self.discards.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        c
    }
}

impl Bot for Counted {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, obs: &tash_kalar_rules::Observation) -> tash_kalar_rules::Choice {
        let c = self.inner.choose(obs);
        self.count(c)
    }
    fn decide(&mut self, d: &tash_kalar_bots::driver::Decision) -> tash_kalar_rules::Choice {
        let c = self.inner.decide(d);
        self.count(c)
    }
    fn take_error(&mut self) -> Option<String> {
        self.inner.take_error()
    }
}

/// The tables of entrants: with at least as many entrants as sides, every
/// set of `sides` of them; with fewer, every way to fill the sides with
/// each entrant at least once. Each in increasing order of entrants.
pub fn tables(entrants: usize, sides: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut table = Vec::with_capacity(sides);
    // non-decreasing sequences; strictly increasing when there are entrants enough
    fn fill(n: usize, k: usize, distinct: bool, table: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if table.len() == k {
            if distinct || (0..n).all(|e| table.contains(&e)) {
                out.push(table.clone());
            }
            return;
        }
        let from = match table.last() {
            Some(&l) if distinct => l + 1,
            Some(&l) => l,
            None => 0,
        };
        for e in from..n {
            table.push(e);
            fill(n, k, distinct, table, out);
            table.pop();
        }
    }
    if entrants > 0 && sides > 0 {
        fill(entrants, sides, entrants >= sides, &mut table, &mut out);
    }
    out
}

/// The games to play: every table, `games` each.
pub fn schedule(config: &TournamentConfig) -> Vec<(Vec<usize>, u32)> {
    let mut out = Vec::new();
    for t in tables(config.entrants.len(), config.sides()) {
        for i in 0..config.games {
            out.push((t.clone(), i));
        }
    }
    out
}

/// How one scheduled game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Entrant by seat.
    pub seats: Vec<usize>,
    /// School by seat.
    pub schools: Vec<School>,
    /// Seeds chance (the players' seeds are derived from it one way, see
    /// [`PlayerSeeds`]).
    pub seed: u64,
}

/// SplitMix64, to spread a table's entrants over a seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seats, schools and seed of game `index` of a table, from the index
/// alone. With `k` sides, the `i`-th entrant of the table plays side
/// `(i + index) mod k` (mirrored, `(index − i) mod k`, in the second half of
/// each cycle of deals) with the schools of the deal's side
/// `(i + index / k) mod k`, the deal being number `index / k²` (cycling).
/// Games that differ only in the turn of the sides share their chance
/// seed.
pub fn setup(config: &TournamentConfig, table: &[usize], index: u32) -> Setup {
    let k = table.len().max(1);
    let i = index as usize;
    let turn = i % k;
    let school_turn = (i / k) % k;
    let block = i / (k * k);
    let deals = config.schools.len().max(1);
    let deal = &config.schools[block % deals];
    let mirrored = (block / deals) % 2 == 1;
    let seat_count = deal.len();
    let mut seats = vec![0; seat_count];
    let mut schools = deal.clone();
    for (m, &entrant) in table.iter().enumerate() {
        let side = if mirrored { (turn + k - m) % k } else { (m + turn) % k };
        let from = (m + school_turn) % k;
        // a side's seats: one, or a team's two sitting opposite
        let mut seat = side;
        let mut source = from;
        while seat < seat_count {
            seats[seat] = entrant;
            schools[seat] = deal[source];
            seat += k;
            source += k;
        }
    }
    let seed = match *table {
        // the formula of the two-sided tournaments before melee (kept, so that they resume alike)
        [a, b] => config.seed ^ ((a as u64) << 48) ^ ((b as u64) << 32) ^ (i / k) as u64,
        _ => config.seed ^ table.iter().fold(mix(k as u64), |h, &e| mix(h ^ e as u64)) ^ (i / k) as u64,
    };
    Setup { seats, schools, seed }
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
    let counters: Vec<std::sync::Arc<std::sync::atomic::AtomicU32>> =
        seats.iter().map(|_| Default::default()).collect();
    let mut players = seats
        .iter()
        .enumerate()
        .map(|(s, &e)| {
            let inner = make(e, config.player_seeds.player(seed, s))?;
            Ok(Box::new(Counted { inner, discards: counters[s].clone() }) as Box<dyn Bot>)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let (game, choices) = play_game(config.form, &schools, &mut players, seed)?;
    let outcome = game.outcome().expect("a finished game");
    let discards = counters.iter().map(|c| c.load(std::sync::atomic::Ordering::Relaxed).min(u16::MAX as u32) as u16);
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
        discards: discards.collect(),
        decks_out: game.seats().iter().map(|s| s.deck.is_empty()).collect(),
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

/// One entrant's line in the results, counted by side (a seat, or a team).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Standing {
    pub name: String,
    /// Sides played: games, or in a melee with fewer entrants than seats
    /// the seats played.
    pub games: u32,
    /// Placed first alone.
    pub wins: u32,
    /// Placed first with another side.
    pub draws: u32,
    /// Not placed first.
    pub losses: u32,
    /// (wins + draws/2) / games, with its 95% Wilson interval.
    pub score: f64,
    pub score_low: f64,
    pub score_high: f64,
    /// The mean place, 1 for first.
    #[serde(default)]
    pub mean_place: f64,
    pub elo: f64,
    pub elo_error: f64,
    /// Seats played in the games whose discards and decks were recorded,
    /// the discard actions a seat made in a game on average, and the seats
    /// whose deck had run out at the end.
    #[serde(default)]
    pub counted_seats: u32,
    #[serde(default)]
    pub discards_per_game: f64,
    #[serde(default)]
    pub decks_out: u32,
}

/// One pairing's line in the results: the pairwise results of the two
/// entrants' sides in the games both played.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Head2Head {
    pub a: String,
    pub b: String,
    /// Games both played.
    pub games: u32,
    /// Pairwise results (one per game in the two-sided forms): a placed
    /// ahead of b, level, behind.
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
    /// Seats at the table.
    #[serde(default)]
    pub seats: usize,
    pub games: usize,
    pub standings: Vec<Standing>,
    pub pairings: Vec<Head2Head>,
}

/// A game's sides: each side's entrant and place (a team's first seat
/// stands for it).
fn sides_of(form: Form, r: &GameResult) -> Vec<(usize, u8)> {
    let n = if form.teams() { 2.min(r.seats.len()) } else { r.seats.len() };
    (0..n).map(|s| (r.seats[s], r.places[s])).collect()
}

/// 1 if place `a` is ahead of `b`, 0.5 if level, 0 if behind.
fn ahead(a: u8, b: u8) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// The table of a tournament's results.
pub fn summarize(config: &TournamentConfig, results: &[GameResult]) -> Summary {
    let n = config.entrants.len();
    let mut pairwise = Vec::new();
    // wins, draws, losses and the sum of places, per entrant
    let mut w = vec![(0u32, 0u32, 0u32, 0u64); n];
    let mut h2h = vec![vec![(0u32, 0u32, 0u32, 0u32, 0u64); n]; n];
    for r in results {
        let sides = sides_of(config.form, r);
        let weight = 1.0 / (sides.len().max(2) - 1) as f64;
        for (i, &(e, place)) in sides.iter().enumerate() {
            let firsts = sides.iter().filter(|s| s.1 == 0).count();
            let t = &mut w[e];
            match (place, firsts) {
                (0, 1) => t.0 += 1,
                (0, _) => t.1 += 1,
                _ => t.2 += 1,
            }
            t.3 += place as u64;
            for &(f, other) in &sides[i + 1..] {
                if f == e {
                    continue;
                }
                let score = ahead(place, other);
                pairwise.push(Pairing { a: e, b: f, score, weight });
                let (lo, hi, s) = if e < f { (e, f, score) } else { (f, e, 1.0 - score) };
                let x = &mut h2h[lo][hi];
                match s {
                    s if s > 0.75 => x.0 += 1,
                    s if s < 0.25 => x.2 += 1,
                    _ => x.1 += 1,
                }
            }
        }
        // the games each two entrants played together
        let mut present: Vec<usize> = sides.iter().map(|s| s.0).collect();
        present.sort();
        present.dedup();
        for (i, &a) in present.iter().enumerate() {
            for &b in &present[i + 1..] {
                h2h[a][b].3 += 1;
                h2h[a][b].4 += r.turns as u64;
            }
        }
    }
    // discards and decks run out, per seat an entrant played
    let mut seat_counts = vec![(0u32, 0u64, 0u32); n];
    for r in results.iter().filter(|r| r.discards.len() == r.seats.len() && r.decks_out.len() == r.seats.len()) {
        for (s, &e) in r.seats.iter().enumerate() {
            let t = &mut seat_counts[e];
            t.0 += 1;
            t.1 += r.discards[s] as u64;
            t.2 += r.decks_out[s] as u32;
        }
    }
    let ratings = elo(n, &pairwise);
    let standings = (0..n)
        .map(|i| {
            let (wins, draws, losses, places) = w[i];
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
                mean_place: if games > 0 { 1.0 + places as f64 / games as f64 } else { 0.0 },
                elo: ratings[i].0,
                elo_error: ratings[i].1,
                counted_seats: seat_counts[i].0,
                discards_per_game: if seat_counts[i].0 > 0 {
                    seat_counts[i].1 as f64 / seat_counts[i].0 as f64
                } else {
                    0.0
                },
                decks_out: seat_counts[i].2,
            }
        })
        .collect();
    let mut pairings = Vec::new();
    for (a, row) in h2h.iter().enumerate() {
        for (b, &(aw, d, bw, games, turns)) in row.iter().enumerate().skip(a + 1) {
            if games == 0 && config.sides() > 2 {
                continue;
            }
            let meetings = aw + d + bw;
            let points = aw as f64 + d as f64 / 2.0;
            let (lo, hi) = wilson(points, meetings as f64);
            pairings.push(Head2Head {
                a: config.entrants[a].clone(),
                b: config.entrants[b].clone(),
                games,
                a_wins: aw,
                draws: d,
                b_wins: bw,
                a_score: if meetings > 0 { points / meetings as f64 } else { 0.0 },
                a_low: lo,
                a_high: hi,
                avg_turns: if games > 0 { turns as f64 / games as f64 } else { 0.0 },
            });
        }
    }
    Summary { form: config.form, seats: config.seat_count(), games: results.len(), standings, pairings }
}

impl Summary {
    /// The form, with the seats of a melee.
    fn title(&self) -> String {
        if self.form.is_melee() {
            format!("{}, {} seats", self.form.name(), self.seats)
        } else {
            self.form.name().to_string()
        }
    }

    /// The results as Markdown tables.
    pub fn markdown(&self) -> String {
        let melee = self.form.is_melee();
        let mut s = format!("# Tournament: {} ({} games)\n\n", self.title(), self.games);
        if melee {
            s.push_str(
                "| entrant | seats | firsts | shared firsts | others | win rate | 95% interval | mean place | Elo |\n",
            );
            s.push_str("|---|---:|---:|---:|---:|---:|---|---:|---:|\n");
        } else {
            s.push_str("| entrant | games | wins | draws | losses | score | 95% interval | Elo |\n");
            s.push_str("|---|---:|---:|---:|---:|---:|---|---:|\n");
        }
        let mut order: Vec<&Standing> = self.standings.iter().collect();
        order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        for t in order {
            let place = if melee { format!(" {:.2} |", t.mean_place) } else { String::new() };
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% |{place} {:+.0} ± {:.0} |\n",
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
        if self.standings.iter().any(|t| t.counted_seats > 0) {
            s.push_str(
                "\n| entrant | seats counted | discards a game (a seat) | decks run out |\n|---|---:|---:|---:|\n",
            );
            for t in self.standings.iter().filter(|t| t.counted_seats > 0) {
                s.push_str(&format!(
                    "| {} | {} | {:.2} | {} ({:.1}%) |\n",
                    t.name,
                    t.counted_seats,
                    t.discards_per_game,
                    t.decks_out,
                    100.0 * t.decks_out as f64 / t.counted_seats as f64
                ));
            }
        }
        if melee {
            s.push_str("\n| pairing | games together | first ahead | level | second ahead | score of the first | 95% interval | avg turns |\n");
        } else {
            s.push_str(
                "\n| pairing | games | wins | draws | losses | score of the first | 95% interval | avg turns |\n",
            );
        }
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
        if melee {
            s.push_str(
                "\nA seat wins when placed first alone (shared firsts are half a win). The pairings count \
                 each two seats of the two entrants in a game, the one placed ahead winning; Elo is fitted \
                 to these pairwise results, each seat's weighing one game in all.\n",
            );
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
            .caption(format!("Elo ratings ({}, {} games)", self.title(), self.games), ("sans-serif", 20))
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
    use std::collections::HashMap;

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
            let seats = played
                .iter()
                .flat_map(|r| r.seats.iter().enumerate().filter(move |x| *x.1 == e).map(move |x| (r, x.0)));
            let (n, d, out) =
                seats.fold((0, 0, 0), |a, (r, k)| (a.0 + 1, a.1 + r.discards[k] as u32, a.2 + r.decks_out[k] as u32));
            assert_eq!(t.counted_seats, n);
            assert!((t.discards_per_game - d as f64 / n as f64).abs() < 1e-9);
            assert_eq!(t.decks_out, out);
        }
        let random = &s.standings[0];
        assert!(random.discards_per_game > 0.0, "the random player discards");
        assert!(fs::read_to_string(dir.join("results.md")).unwrap().contains("discards a game"));
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
    fn recording(
        config: &TournamentConfig,
    ) -> (impl Fn(usize, u64) -> anyhow::Result<Box<dyn Bot>> + Sync + '_, Asked) {
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
        let expected = [
            ([0, 1], [n, s]),
            ([1, 0], [s, n]),
            ([0, 1], [s, n]),
            ([1, 0], [n, s]),
            ([0, 1], [h, y]),
            ([1, 0], [y, h]),
        ];
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
        // one entrant in two seats: its own two seats are not compared
        let two = summarize(&c, &[game([0, 0, 1], [0, 1, 2])]);
        assert_eq!(two.standings[0].games, 2);
        assert_eq!((two.pairings[0].a_wins, two.pairings[0].b_wins), (2, 0));
    }
}
