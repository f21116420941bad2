//! `tash-kalar puzzles`: puzzle generation (docs/puzzles.md).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use tash_kalar_rules::Form;

#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play seeded games of the easy bot (duels, High Form games and melees
    /// of three, every school in turn), keep the verified puzzles, write
    /// them one JSON object a line.
    Generate {
        /// How many games to play.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The seed of the games' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file to write (JSON lines).
        #[arg(long)]
        out: PathBuf,
        /// Search only the games' final rounds, for `win-now` and
        /// `stop-the-win` puzzles (a duel's or melee's score moved by the
        /// fewest points that make the turn decide the game; a duel's
        /// defence with the opponent's hand cut down to one or two cards).
        #[arg(long)]
        endings: bool,
        /// With --endings: the forms played in turn, comma-separated
        /// (e.g. `duel`); the usual duel, High Form, duel, melee if absent.
        #[arg(long, value_delimiter = ',', value_parser = parse_form, requires = "endings")]
        forms: Vec<Form>,
    },
}

fn parse_form(name: &str) -> Result<Form, String> {
    Form::parse(name).ok_or_else(|| format!("no form {name:?}"))
}

pub fn run(args: &Args) -> Result<()> {
    match &args.command {
        Command::Generate { games, seed, out, endings, forms } => {
            let progress = |n: u32, found: &[tash_kalar_arena::puzzles::Puzzle]| {
                eprintln!("game {n}/{games}: {} puzzles", found.len());
            };
            let found = if *endings {
                let forms = if forms.is_empty() { tash_kalar_arena::puzzles::FORMS.to_vec() } else { forms.clone() };
                tash_kalar_arena::puzzles::generate_endings_in(&forms, *games, *seed, progress)
            } else {
                tash_kalar_arena::puzzles::generate_with(*games, *seed, progress)
            };
            let mut file = std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?;
            for p in &found {
                writeln!(file, "{}", serde_json::to_string(p)?)?;
            }
            eprintln!("{} puzzles written to {}", found.len(), out.display());
            Ok(())
        }
    }
}
