//! `tash-kalar`: the command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{cards, Board, CardId, Color, Form, School, Seat};

/// The program allocates with mimalloc (the binary chooses, not the
/// libraries): the server makes and drops many small strings and vectors
/// per move, and glibc's malloc took about a third of its CPU under load
/// (`docs/server-protocol.md`, "Load").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod analyse;
mod bot_worker;
mod engine;
mod learn;
mod play;
mod puzzles;
mod selfplay;
mod serve;
mod table;
mod talk;
mod tournament;
mod train;
mod tui;

#[derive(Parser, Debug)]
#[command(name = "tash-kalar", version, about = "Tash-Kalar: play, self-play, replay and analyse games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the squares where a color can summon a card on a board (supply
    /// assumed), in the order a1 b1 .. i1 a2 ..; an empty line if none.
    Summons {
        /// Board text, e.g. 9/9/9/4b4/9/4b4/9/9/9 (see docs/notation.md).
        #[arg(long)]
        board: String,
        /// The summoner's color letter: r (red), b (blue), n (brown), g (green), w (white), o (orange), p (purple).
        #[arg(long)]
        color: String,
        /// A being or legend id, e.g. imperial.knight or legends.titan.
        #[arg(long)]
        card: String,
    },
    /// Print the ids of the tasks judged on the board alone (squares,
    /// formation, enemy) that a color meets on a board against the other
    /// colors on it, in alphabetical order; an empty line if none.
    Tasks {
        /// Board text, High Form side (see docs/notation.md).
        #[arg(long)]
        board: String,
        /// The claimer's color letter: r (red), b (blue), n (brown), g (green), w (white), o (orange), p (purple).
        #[arg(long)]
        color: String,
    },
    /// Play games between bots and print one JSON line of statistics.
    Selfplay(selfplay::Args),
    /// Play a game in the terminal (any form), against bots or hotseat.
    Play(play::Args),
    /// Serve games to browsers: HTTP, WebSocket and a SQLite database.
    Serve(serve::Args),
    /// Decide bots' choices for servers started with --bot-workers on the
    /// same PostgreSQL database, until Ctrl-C.
    BotWorker(bot_worker::Args),
    /// Speak the engine protocol on standard input/output (docs/engine-protocol.md).
    Engine(engine::Args),
    /// Puzzles: `generate` finds and verifies them from seeded games.
    Puzzles(puzzles::Args),
    /// Take a lesson in the terminal (without an id: list the lessons).
    Learn(learn::Args),
    /// Play a round robin between bots and write a results table and plot.
    Tournament(tournament::Args),
    /// Fit the bots' value network from self-play, in rounds each kept
    /// only if it wins its gate, and write the model file.
    Train(train::Args),
    /// Analyse a recorded game: each choice's chance to win, the best
    /// choices, the chances turn by turn and the mistakes.
    Analyse(analyse::Args),
    /// Replay a game record and print the final state as JSON (or the
    /// state after a given line of the record with --at).
    Replay {
        /// The record file (see docs/notation.md).
        record: PathBuf,
        /// Print the state after this line of the record (1-based, as in
        /// error messages; a header line gives the start of the game).
        #[arg(long, value_name = "LINE")]
        at: Option<usize>,
        /// Print the client's model of that state instead (what the game
        /// server sends): for a seat (1-based), `spectator` or `referee`.
        #[arg(long, value_name = "VIEWER")]
        model: Option<String>,
        /// The language of the model's words: en, es or cs (with --model).
        #[arg(long, requires = "model")]
        lang: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Summons { board, color, card } => summons(&board, &color, &card),
        Command::Tasks { board, color } => tasks(&board, &color),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::BotWorker(args) => bot_worker::run(&args),
        Command::Replay { record, at, model, lang } => replay(&record, at, model.as_deref(), lang.as_deref()),
        Command::Engine(args) => engine::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::Train(args) => train::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn summons(board: &str, color: &str, card: &str) -> Result<()> {
    let board = Board::from_text(board).context("bad board text")?;
    let color = parse_color(color)?;
    let id = CardId::parse(card).with_context(|| format!("unknown card id {card:?}"))?;
    if id.is_flare() {
        bail!("{card} is a flare: flares are invoked, not summoned");
    }
    let squares: Vec<String> = cards::summoning_squares(&board, color, id).squares().map(|s| s.to_string()).collect();
    if tash_kalar_rules::warp::is_time_traveler(id) && !squares.is_empty() {
        // its pattern is anywhere on the board; the being goes elsewhere
        println!("any empty colorless square: {}", squares.join(" "));
        return Ok(());
    }
    println!("{}", squares.join(" "));
    Ok(())
}

fn tasks(board: &str, color: &str) -> Result<()> {
    let board = Board::from_text(board).context("bad board text")?;
    let me = parse_color(color)?;
    let enemies = tash_kalar_rules::tasks::enemies_on_board(&board, me);
    let met = tash_kalar_rules::tasks_met_on_board(&board, me, &enemies);
    let ids: Vec<&str> = met.iter().map(|t| t.def().id).collect();
    println!("{}", ids.join(" "));
    Ok(())
}

fn parse_color(text: &str) -> Result<Color> {
    let mut chars = text.chars();
    match (chars.next().and_then(Color::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => bail!("bad color {text:?}: expected one of the letters r, b, n, g, w, o, p"),
    }
}

/// A form from its name.
pub(crate) fn parse_form(name: &str) -> Result<Form> {
    Form::parse(name).with_context(|| {
        let names: Vec<&str> = Form::ALL.iter().map(|f| f.name()).collect();
        format!("unknown form {name:?}: expected one of {}", names.join(", "))
    })
}

/// Schools from names, checked for the form.
pub(crate) fn parse_decks(form: Form, names: &[String]) -> Result<Vec<School>> {
    let schools = names
        .iter()
        .map(|n| School::parse(n.trim()).with_context(|| format!("unknown deck {n:?}: expected {}", School::names())))
        .collect::<Result<Vec<_>>>()?;
    if !form.seats().contains(&schools.len()) {
        bail!("a {} is played by {:?} seats, but {} decks were given", form.name(), form.seats(), schools.len());
    }
    Ok(schools)
}

fn replay(path: &Path, at: Option<usize>, model: Option<&str>, lang: Option<&str>) -> Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let game = match at {
        None => tash_kalar_rules::replay_text(&text),
        Some(line) => tash_kalar_rules::Record::parse(&text)
            .map_err(tash_kalar_rules::ReplayError::from)
            .and_then(|r| tash_kalar_rules::replay_through(&r, line)),
    }
    .with_context(|| format!("{}", path.display()))?;
    let Some(viewer) = model else {
        println!("{}", serde_json::to_string(&game.referee_view())?);
        return Ok(());
    };
    let viewer = match viewer {
        "spectator" => Viewer::Spectator,
        "referee" => Viewer::Referee,
        seat => match seat.parse::<usize>() {
            Ok(n) if (1..=game.seat_count()).contains(&n) => Viewer::Seat { seat: (n - 1) as Seat },
            _ => bail!("--model {seat}: a seat of this game (1..={}), spectator or referee", game.seat_count()),
        },
    };
    let msgs = tash_kalar_present::Messages::new(play::language(lang)?);
    let model = tash_kalar_present::model(&game, viewer, &tash_kalar_present::Table::default(), &msgs);
    println!("{}", serde_json::to_string(&model)?);
    Ok(())
}
