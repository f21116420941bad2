//! `tash-kalar tournament`: a round robin between bots (or outside engines),
//! resumable, with a results table and a plot of the ratings.

use std::path::PathBuf;

use anyhow::{bail, Result};
use tash_kalar_arena::tournament::{self, PlayerSeeds, TournamentConfig};
use tash_kalar_arena::Entrant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The entrants, comma-separated levels or bot specs: `easy,medium,hard`,
    /// `random,greedy,mcts:iterations=2000,mcts-v1`.
    /// Options after a spec's colon continue it (`mcts:iterations=500,threads=2`
    /// is one entrant); an outside engine is `cmd:<command line>`, quoted
    /// for the shell: `cmd:"tash-kalar engine --bot greedy"`.
    #[arg(long)]
    bots: String,
    /// The form of the game: duel, high-form, first-game, melee (with
    /// --seats), team-duel or team-high-form (an entrant plays both seats of
    /// its team).
    #[arg(long, default_value = "duel")]
    form: String,
    /// Seats at the table in a melee: 3 or 4. Each game seats a table of
    /// entrants (every set of that many, or with fewer entrants every way to
    /// fill the seats with each at least once).
    #[arg(long)]
    seats: Option<usize>,
    /// Games per table of entrants (per pairing in the two-sided forms): in
    /// each block of sides² games every entrant plays every side with every
    /// school of one deal (in a duel 4 games, and 24 cover all six pairings
    /// of schools). Raising it on an existing --out folder extends the run.
    #[arg(long, default_value_t = 24)]
    games: u32,
    /// Seeds chance and the bots (each bot's seed is derived one way from
    /// its game's, so that an outside engine learns nothing of the cards
    /// from it; give engines you do not trust an unguessable seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Deals of schools to cycle through, comma-separated, sides separated
    /// by `/`: `northern/southern,highland/sylvan` (two players),
    /// `northern+highland/southern+sylvan` (teams; the first school leads
    /// and gives the team its color), `northern/southern/highland` (a melee,
    /// in seat order); `all` for every deal of the form among the four base
    /// schools, `all-schools` for every deal among all seven.
    #[arg(long, default_value = "all")]
    decks: String,
    /// Where the games and results go; a run with the same settings resumes there.
    #[arg(long, default_value = "tournament")]
    out: PathBuf,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

pub fn run(args: &Args) -> Result<()> {
    let form = crate::parse_form(&args.form)?;
    let seats = match args.seats {
        Some(n) if !form.seats().contains(&n) => {
            bail!("--seats: a {} is played by {:?} seats, not {n}", form.name(), form.seats())
        }
        Some(n) => n,
        None if form.is_melee() => bail!("--seats: a melee tournament needs --seats 3 or 4"),
        None => *form.seats().start(),
    };
    // the entrants as given (a folder's tournament.json keeps them so), parsed
    // and checked here; outside engines are started for their games only
    let entrants = tash_kalar_bots::split_specs(&args.bots);
    let players = Entrant::parse_list(&args.bots).map_err(|e| anyhow::anyhow!("--bots: {e}"))?;
    if players.len() < 2 {
        bail!("--bots: a tournament needs at least two entrants");
    }
    if args.games == 0 {
        bail!("--games: at least one game per table");
    }
    let config = TournamentConfig {
        form,
        // stored for a melee only, so that the other forms' folders stay as they were
        seats: form.is_melee().then_some(seats),
        entrants: entrants.clone(),
        games: args.games,
        seed: args.seed,
        schools: tournament::parse_deals(form, seats, &args.decks).map_err(|e| anyhow::anyhow!("--decks: {e}"))?,
        // a folder from before keeps its seeds if it can (see PlayerSeeds)
        player_seeds: PlayerSeeds::Sha256,
    };
    let make = |i: usize, seed: u64| -> Result<Box<dyn tash_kalar_bots::Bot>> {
        players[i].player(seed).map_err(|e| anyhow::anyhow!("{}: {e}", entrants[i]))
    };
    let summary = tournament::run(&config, &args.out, &make, args.jobs, tournament::progress_bar())?;
    print!("{}", summary.markdown());
    println!("\nWritten to {}: results.json, results.md, ratings.svg, games.jsonl.", args.out.display());
    Ok(())
}
