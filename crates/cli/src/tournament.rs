//! `tash-kalar tournament`: a round robin between bots (or outside engines),
//! resumable, with a results table and a plot of the ratings.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use tash_kalar_bots::tournament::{self, TournamentConfig};
use tash_kalar_rules::{Form, School};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The entrants, comma-separated bot specs: `random,greedy,mcts:iterations=2000`.
    /// Options after a spec's colon continue it (`mcts:iterations=500,threads=2`
    /// is one entrant); an outside engine is `cmd:<command line>`, quoted
    /// for the shell: `cmd:"tash-kalar engine --bot greedy"`.
    #[arg(long)]
    bots: String,
    /// The form of the game (a two-seat form).
    #[arg(long, default_value = "duel")]
    form: String,
    /// Games per pairing of entrants: in each block of 4 both entrants play both
    /// seats with both schools of one school pairing (24 covers all six pairings).
    #[arg(long, default_value_t = 24)]
    games: u32,
    /// Seeds chance and the bots.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// School pairings to cycle through, comma-separated, each `a/b`
    /// (`northern/southern,highland/sylvan`), or `all` for every pairing
    /// of two schools.
    #[arg(long, default_value = "all")]
    decks: String,
    /// Where the games and results go; a run with the same settings resumes there.
    #[arg(long, default_value = "tournament")]
    out: PathBuf,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

fn parse_pairings(text: &str) -> Result<Vec<[School; 2]>> {
    if text.trim() == "all" {
        let mut v = Vec::new();
        for (i, &a) in School::ALL.iter().enumerate() {
            for &b in &School::ALL[i + 1..] {
                if a.color() != b.color() {
                    v.push([a, b]);
                }
            }
        }
        return Ok(v);
    }
    text.split(',')
        .map(|p| {
            let (a, b) =
                p.split_once('/').with_context(|| format!("--decks: {p:?} is not a pairing like northern/southern"))?;
            let school = |n: &str| {
                School::parse(n.trim()).with_context(|| {
                    format!("--decks: unknown deck {n:?}: expected northern, southern, highland or sylvan")
                })
            };
            let pair = [school(a)?, school(b)?];
            if pair[0].color() == pair[1].color() {
                bail!("--decks: {p} has two decks of one color");
            }
            Ok(pair)
        })
        .collect()
}

pub fn run(args: &Args) -> Result<()> {
    let form = Form::parse(&args.form).with_context(|| format!("unknown form {:?}", args.form))?;
    if !form.seats().contains(&2) {
        bail!("--form: tournaments are played in two-seat forms; {} is not one", form.name());
    }
    let entrants = tash_kalar_bots::split_specs(&args.bots);
    if entrants.len() < 2 {
        bail!("--bots: a tournament needs at least two entrants");
    }
    for name in &entrants {
        // outside engines are started for their games only
        if !name.starts_with("cmd:") {
            tash_kalar_bots::from_spec(name, 0).map_err(|e| anyhow::anyhow!("--bots: {e}"))?;
        }
    }
    if args.games == 0 {
        bail!("--games: at least one game per pairing");
    }
    let config = TournamentConfig {
        form,
        entrants: entrants.clone(),
        games: args.games,
        seed: args.seed,
        schools: parse_pairings(&args.decks)?,
    };
    let make = |i: usize, seed: u64| -> Result<Box<dyn tash_kalar_bots::Bot>> {
        tash_kalar_bots::from_spec(&entrants[i], seed).map_err(|e| anyhow::anyhow!("{}: {e}", entrants[i]))
    };
    let summary = tournament::run(&config, &args.out, &make, args.jobs, tournament::progress_bar())?;
    print!("{}", summary.markdown());
    println!("\nWritten to {}: results.json, results.md, ratings.svg, games.jsonl.", args.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn school_pairings_parse() {
        assert_eq!(parse_pairings("all").unwrap().len(), 6);
        assert_eq!(parse_pairings("northern/southern").unwrap(), [[School::Northern, School::Southern]]);
        assert!(parse_pairings("northern").is_err());
        assert!(parse_pairings("northern/elves").is_err());
    }
}
