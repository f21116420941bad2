//! A game in the terminal (any form: a duel, the High Form, the first
//! game, a melee, team play): against bots, or hotseat.
//!
//! In a terminal the game opens full screen (see `crate::tui`); with
//! `--plain`, or when standard input or output is not a terminal, input is
//! read line by line from standard input, so a game can be driven through a
//! pipe. Each human player sees only their own view of the game.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use tash_kalar_arena::{seeds, Entrant};
use tash_kalar_bots::{Bot, Decision, Driver, Next, Seating};
use tash_kalar_rules::view::{ActorView, TaskBoardView, TaskView, View};
use tash_kalar_rules::{CardId, Choice, Form, Match, Phase, Seat, TaskId};

use crate::selfplay::derive_seed;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The form of the game: duel, high-form, first-game, melee (3 or 4
    /// decks), team-duel or team-high-form (4 decks; seats 1 and 3 against 2
    /// and 4).
    #[arg(long, default_value = "duel")]
    form: String,
    /// The decks, in seat order (seat 1 starts).
    #[arg(long, value_delimiter = ',', default_value = "northern,southern")]
    decks: Vec<String>,
    /// Who plays the other seats: `human` (hotseat), a level (`easy`,
    /// `medium`, `hard`, `expert`) or a bot spec for all of them (`random`,
    /// `greedy`, `mcts`, `mcts:time=1s,threads=2`, `mcts-v1`), or one
    /// spec per other seat in seat order, comma-separated
    /// (`greedy,mcts:iterations=500,threads=2` in a melee of three); an
    /// outside engine is `cmd:<command line>`.
    #[arg(long, default_value = "medium")]
    opponent: String,
    /// Seeds the shuffles and the bot; a new seed each run if not given.
    #[arg(long)]
    seed: Option<u64>,
    /// Your seat against the bots: 1 (you start), 2, ...
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    seat: u8,
    /// Write the game's record to this file when the game ends or you quit.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Line by line even in a terminal (the full-screen client opens when
    /// standard input and output are both terminals).
    #[arg(long)]
    plain: bool,
}

const HELP: &str = "\
Type the number of a choice, or its text (e.g. `place e5`, `summon imperial.knight e5 r90`,
`e5-f6`, `claim tasks.center_cross`, `skip`, `end`; in team play `pass` hands control to your
teammate). Other commands:
  undo    take back your last choice this turn (not past the end of a turn, a draw, a claim or a pass)
  show    show the board and your choices again
  resign  give up the game
  help    this text
  quit    leave the game";

/// A game set up as the options ask: the match, who plays each seat, the
/// bots and the driver (chance's generator, and which seats are played here).
pub(crate) struct Table {
    pub m: Match,
    pub form: Form,
    pub seed: u64,
    /// One bot for each seat (those of human seats are never asked).
    pub bots: Vec<Box<dyn Bot>>,
    /// Draws for chance; its seats say which are played here
    /// ([`Seating::Person`]) and which by the bots.
    pub driver: Driver,
}

impl Table {
    /// `opponent` is `human` (hotseat: every seat played here) or a bot spec;
    /// `seat` is the seat (1-based) played here against bots.
    pub fn new(form: &str, decks: &[String], opponent: &str, seed: Option<u64>, seat: u8) -> Result<Table> {
        let form = crate::parse_form(form)?;
        let schools = crate::parse_decks(form, decks)?;
        if seat == 0 || seat as usize > schools.len() {
            anyhow::bail!("--seat {seat}: there are {} seats", schools.len());
        }
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
        });
        let m = Match::new(form, &schools, Some(seed))?;
        let hotseat = opponent == "human";
        let seating = (0..schools.len())
            .map(|s| if hotseat || s + 1 == seat as usize { Seating::Person } else { Seating::Bot })
            .collect();
        let driver = Driver::new(derive_seed(seed, 0, 0), seating);
        let specs = opponent_specs(opponent, schools.len(), seat as usize - 1)?;
        let entrants = specs
            .iter()
            .map(|spec| spec.parse::<Entrant>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("--opponent: {e}"))?;
        // one bot for each seat (used for the seats not played here), seeded
        // one way from the game's seed and its seat: an outside engine
        // cannot work back to the seed that deals the cards
        let mut bots = Vec::new();
        for (s, entrant) in entrants.iter().enumerate() {
            let bot: Box<dyn Bot> = entrant
                .player(seeds::derive(seed, "play player", &[s as u64]))
                .with_context(|| format!("--opponent {entrant}"))?;
            bots.push(bot);
        }
        Ok(Table { m, form, seed, bots, driver })
    }
}

/// Where a task turned up by chance went, in words.
pub(crate) fn task_place(m: &Match, task: TaskId) -> &'static str {
    let Some(tb) = m.game().tasks() else { return "turned up" };
    if tb.current.contains(&task) {
        "a current task"
    } else if tb.next == Some(task) {
        "the next task"
    } else if tb.set_aside.contains(&task) {
        "set aside until the current tasks are out"
    } else {
        "moved to the bottom of the task deck"
    }
}

pub fn run(args: &Args) -> Result<()> {
    let table = Table::new(&args.form, &args.decks, &args.opponent, args.seed, args.seat)?;
    if !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return crate::tui::run(table, args.save.as_deref());
    }
    let Table { mut m, form, seed, mut bots, mut driver } = table;
    let human: Vec<bool> = driver.seats().iter().map(|&s| s == Seating::Person).collect();
    let human = |s: Seat| human[s as usize];
    println!("Tash-Kalar: {}, seed {seed}. Type `help` for help.", title(form));
    let stdin = std::io::stdin();
    let piped_echo_off = stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut shown = false;
    let quit = loop {
        match driver.next(m.game()) {
            Next::Over => break false,
            Next::Chance(c) => {
                let seat = match m.game().phase() {
                    Phase::Refill { seat, .. } => Some(seat),
                    _ => None,
                };
                m.apply(c)?;
                match (seat, c) {
                    (Some(s), Choice::Draw(card)) if human(s) => {
                        println!("Seat {} draws {} ({card}).", s + 1, card.def().name)
                    }
                    // turned up for all to see: say where it went
                    (_, Choice::DrawTask(task)) => {
                        println!("Task turned up: {} ({task}), {}.", task.def().name, task_place(&m, task))
                    }
                    _ => {}
                }
            }
            Next::Bot(s) => {
                let bot = &mut bots[s as usize];
                let c = bot.decide(&Decision::new(m.game(), s));
                m.apply(c)?;
                match c {
                    // cards go back face down: which one is the bot's secret
                    Choice::Return(_) => {
                        println!("Seat {} ({}): returns a card to the bottom of its deck", s + 1, bot.name())
                    }
                    _ => println!("Seat {} ({}): {c}", s + 1, bot.name()),
                }
                shown = false;
            }
            Next::Person(s) => {
                if !shown {
                    show(&m.game().view(s));
                    shown = true;
                }
                print!("seat {} > ", s + 1);
                std::io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    println!();
                    println!("End of input.");
                    break true;
                };
                let line = line.context("reading standard input")?;
                if !piped_echo_off {
                    // input from a pipe is not echoed by a terminal: show it
                    println!("{}", line.trim());
                }
                match command(&mut m, s, line.trim()) {
                    Step::Quit => break true,
                    Step::Again => {}
                    Step::Changed => shown = false,
                }
            }
        }
    };
    if !quit {
        show_end(&m);
    }
    if let Some(path) = &args.save {
        std::fs::write(path, m.record().to_text()).with_context(|| format!("cannot write {}", path.display()))?;
        println!("Record written to {}.", path.display());
    }
    Ok(())
}

/// The bot spec of every seat from `--opponent`: one spec for all, or one
/// per seat other than `human_seat` in seat order (that seat's entry is
/// only a stand-in); hotseat play needs none, so every seat gets `random`.
fn opponent_specs(opponent: &str, seats: usize, human_seat: usize) -> Result<Vec<String>> {
    if opponent == "human" {
        return Ok(vec!["random".to_string(); seats]);
    }
    let list = tash_kalar_bots::split_specs(opponent);
    match list.len() {
        1 => Ok(vec![list[0].clone(); seats]),
        n if n + 1 == seats => {
            let mut specs = list;
            specs.insert(human_seat, "random".to_string());
            Ok(specs)
        }
        n => anyhow::bail!("--opponent: {n} bots for {} other seats: give one, or one per other seat", seats - 1),
    }
}

enum Step {
    Quit,
    /// Nothing changed: ask again.
    Again,
    /// The game changed: show it again.
    Changed,
}

fn command(m: &mut Match, seat: Seat, input: &str) -> Step {
    match input {
        "" => Step::Again,
        "help" | "?" => {
            println!("{HELP}");
            Step::Again
        }
        "quit" | "exit" => {
            println!("Bye.");
            Step::Quit
        }
        "show" => Step::Changed,
        "undo" => match m.undo() {
            Some(c) => {
                println!("Took back: {c}");
                Step::Changed
            }
            None => {
                println!("Nothing to take back (not past the end of a turn, a draw or a claim).");
                Step::Again
            }
        },
        "resign" => match m.resign(seat) {
            Ok(()) => Step::Changed,
            Err(e) => {
                println!("Not accepted: {e}");
                Step::Again
            }
        },
        text => {
            let result = match text.parse::<usize>() {
                Ok(n) => {
                    let choices = m.game().legal_choices();
                    match n.checked_sub(1).and_then(|i| choices.get(i)) {
                        Some(&c) => m.apply(c).map_err(|e| e.to_string()),
                        None => Err(format!("there is no choice {n} (1 to {})", choices.len())),
                    }
                }
                Err(_) => m.play(text).map_err(|e| e.to_string()),
            };
            match result {
                Ok(()) => Step::Changed,
                Err(e) => {
                    println!("Not accepted: {e}. Type `help` for help.");
                    Step::Again
                }
            }
        }
    }
}

pub(crate) fn card_line(card: CardId) -> String {
    let def = card.def();
    let kind = match def.flare {
        Some(t) => format!("flare: upper {}, lower {}", t.upper, t.lower),
        None => def.rank.name().to_string(),
    };
    format!("  {:<24} {} ({kind}): {}", def.id, def.name, def.text)
}

/// The form as the greeting names it.
pub(crate) fn title(form: Form) -> &'static str {
    match form {
        Form::Duel => "deathmatch duel",
        Form::HighForm => "the High Form",
        Form::FirstGame => "the first game",
        // forms added later are named by their notation name
        #[allow(unreachable_patterns)]
        other => other.name(),
    }
}

fn task_line(task: &TaskView) -> String {
    let def = task.id.def();
    let advanced = if def.advanced { ", advanced" } else { "" };
    format!(
        "{:<26} {} ({}, {} point{}{advanced}): {}",
        def.id,
        def.name,
        def.kind,
        def.points,
        if def.points == 1 { "" } else { "s" },
        def.text
    )
}

pub(crate) fn claimed_list(tasks: &[TaskView]) -> String {
    if tasks.is_empty() {
        return "-".into();
    }
    tasks.iter().map(|t| format!("{} ({})", t.name, t.points)).collect::<Vec<_>>().join(", ")
}

/// The task board: current tasks, the next task, the deck's size, claims.
fn show_tasks(v: &View, tasks: &TaskBoardView) {
    println!("Tasks ({} in the deck):", tasks.deck);
    for t in &tasks.current {
        println!("  current  {}", task_line(t));
    }
    match &tasks.next {
        Some(t) => println!("  next     {}", task_line(t)),
        None => println!("  next     -"),
    }
    for s in &v.seats {
        let claimed = tasks.claimed.get(s.seat as usize).map_or(&[][..], |c| c.as_slice());
        println!("  {} claimed: {}", seat_name(v, s.seat), claimed_list(claimed));
    }
}

pub(crate) fn seat_name(v: &View, s: Seat) -> String {
    let seat = &v.seats[s as usize];
    format!("seat {} ({}, {:?})", s + 1, seat.school, seat.color).to_lowercase()
}

/// Everything a seat may see, and its choices numbered.
fn show(v: &View) {
    let me = match v.actor {
        ActorView::Seat { seat } => seat,
        _ => v.turn.seat,
    };
    println!();
    match v.phase {
        Phase::StartPieces { .. } => println!("== Setup: {} places the start pieces ==", seat_name(v, me)),
        _ => println!(
            "== Turn {}: {} to play, {} action{} left ==",
            v.turn.number,
            seat_name(v, v.turn.seat),
            v.turn.actions,
            if v.turn.actions == 1 { "" } else { "s" }
        ),
    }
    let board = tash_kalar_rules::Board::from_text(&v.board).expect("a view's board text is valid");
    // Nethervoid: each seat's Gateway marked @ after its piece
    print!("{}", board.diagram_marked(v.seats.iter().filter_map(|s| s.gateway).collect()));
    let scores: Vec<String> =
        v.seats.iter().map(|s| format!("seat {} ({:?}) {}", s.seat + 1, s.color, s.score).to_lowercase()).collect();
    println!("Scores: {}", scores.join(", "));
    for s in &v.seats {
        if let Some(points) = &s.points {
            let by_color: Vec<String> = points.iter().map(|(c, p)| format!("{c:?} {p}").to_lowercase()).collect();
            println!("  {} points by color: {}", seat_name(v, s.seat), by_color.join(", "));
        }
    }
    for s in &v.seats {
        let discard: Vec<&str> = s.discard.iter().map(|c| c.def().name).collect();
        println!(
            "{}: hand {} being(s), {} legend(s), {} flare(s); deck {}; supply {} two-sided + {} legendary; discard: {}",
            seat_name(v, s.seat),
            s.beings,
            s.legends,
            s.flares,
            s.deck,
            s.supply.0,
            s.supply.1,
            if discard.is_empty() { "-".to_string() } else { discard.join(", ") }
        );
    }
    println!("Legends deck {}, flares deck {}.", v.legends.deck, v.flares.deck);
    if let Some(tasks) = &v.tasks {
        show_tasks(v, tasks);
    }
    if v.end.last.is_some() {
        println!("The end has been triggered: seat {} plays the last turn.", v.end.last.unwrap_or(0) + 1);
    }
    if let Some(e) = &v.effect {
        let place = match (e.at, e.orientation) {
            (Some(at), Some(o)) => format!(" at {at} ({o})"),
            _ => String::new(),
        };
        println!("Resolving {}{place}: {}", e.name, e.prompt.as_deref().unwrap_or(""));
    } else if let Some(prompt) = &v.prompt {
        println!("{prompt}.");
    }
    if let Some(claimable) = v.tasks.as_ref().and_then(|t| t.claimable.as_ref()) {
        let names: Vec<&str> = claimable.iter().map(|t| t.def().name).collect();
        println!("End of your turn: you may claim one task you meet ({}), or skip.", names.join(", "));
    }
    if let Some(hand) = v.hand() {
        println!("Your hand:");
        for &c in hand.beings.iter().chain(&hand.legends).chain(&hand.flares) {
            println!("{}", card_line(c));
        }
    }
    if let Some(choices) = &v.choices {
        println!("Choices:");
        let width = choices.iter().map(|c| c.len()).max().unwrap_or(0) + 6;
        let columns = (100 / width).max(1);
        for (i, c) in choices.iter().enumerate() {
            print!("{:>4} {:<w$}", i + 1, c, w = width - 5);
            if (i + 1) % columns == 0 || i + 1 == choices.len() {
                println!();
            }
        }
    }
}

fn show_end(m: &Match) {
    let v = m.game().referee_view();
    println!();
    println!("== The game is over ==");
    let board = tash_kalar_rules::Board::from_text(&v.board).expect("a view's board text is valid");
    // Nethervoid: each seat's Gateway marked @ after its piece
    print!("{}", board.diagram_marked(v.seats.iter().filter_map(|s| s.gateway).collect()));
    let scores: Vec<String> = v.seats.iter().map(|s| format!("seat {} {}", s.seat + 1, s.score)).collect();
    println!("Scores: {}", scores.join(", "));
    if let Some(tasks) = &v.tasks {
        for (s, claimed) in tasks.claimed.iter().enumerate() {
            println!("Seat {} claimed: {}", s + 1, claimed_list(claimed));
        }
    }
    match &v.outcome {
        Some(o) => {
            if let Some(r) = o.resigned {
                println!("Seat {} resigned.", r + 1);
            }
            match o.winner() {
                Some(w) if o.teams => println!("Seats {} and {} win.", w + 1, w + 3),
                Some(w) => println!("Seat {} wins.", w + 1),
                None => println!("A draw."),
            }
        }
        None => println!("No result."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_are_one_spec_for_all_or_one_per_other_seat() {
        let specs = opponent_specs("mcts:iterations=50,threads=2", 3, 0).unwrap();
        assert_eq!(specs, vec!["mcts:iterations=50,threads=2"; 3]);
        // the human's seat (here the second) gets a stand-in
        let specs = opponent_specs("greedy,mcts:iterations=50,threads=2", 3, 1).unwrap();
        assert_eq!(specs, ["greedy", "random", "mcts:iterations=50,threads=2"]);
        assert_eq!(opponent_specs("human", 4, 0).unwrap().len(), 4);
        assert!(opponent_specs("greedy,random", 4, 0).is_err());
        assert!(opponent_specs("greedy,random,mcts,random", 4, 0).is_err());
    }
}
