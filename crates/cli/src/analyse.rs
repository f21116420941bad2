//! `tash-kalar analyse`: a recorded game choice by choice, with the chance
//! to win of the seat that chose, the best choices, a graph of the chances
//! turn by turn and the mistakes (the choices that gave away the most).
//! The search behind it is `tash_kalar_bots::analysis`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use tash_kalar_bots::analysis::{analyse_game, mistakes, turn_ends, AnalysisConfig, ChoiceAnalysis, BLUNDER, MISTAKE};
use tash_kalar_bots::mcts::Progress;
use tash_kalar_i18n::{args, Messages};
use tash_kalar_rules::{Actor, Game, Record, Seat};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file (see docs/notation.md).
    record: PathBuf,
    /// Search iterations per position: more is slower and surer.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    iterations: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// Seeds the deals of the hidden cards and the playouts.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many mistakes to list.
    #[arg(long, default_value_t = 5)]
    mistakes: usize,
    /// One JSON object a line per choice analysed, for programs.
    #[arg(long)]
    json: bool,
    /// Show the search's progress within each position on standard error
    /// (its iterations of the budget), even when that is not a terminal
    /// (on a terminal it always shows, on one line).
    #[arg(long)]
    progress: bool,
    /// The language of the texts: en, es or cs. Without it, LC_ALL,
    /// LC_MESSAGES or LANG decide.
    #[arg(long)]
    lang: Option<String>,
}

pub fn run(args: &Args) -> Result<()> {
    let path = &args.record;
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let record = Record::parse(&text).with_context(|| format!("{}", path.display()))?;
    let msgs = Messages::new(crate::play::language(args.lang.as_deref())?);
    let counter = Progress::default();
    let config = AnalysisConfig {
        iterations: args.iterations,
        threads: args.threads as usize,
        seed: args.seed,
        best: 3,
        progress: Some(counter.clone()),
    };
    // the game before each move, to word each choice as it was made
    let before = games_before(&record).with_context(|| format!("{}", path.display()))?;
    let table = tash_kalar_present::Table {
        players: record
            .players
            .iter()
            .map(|n| tash_kalar_present::Player { name: (!n.is_empty()).then(|| n.clone()), bot: None })
            .collect(),
        ..Default::default()
    };
    let words = Words { msgs: &msgs, table: &table, before: &before };
    if !args.json {
        println!(
            "{}",
            msgs.text(
                "analyse-header",
                args![
                    ("iterations", args.iterations),
                    ("seed", args.seed.to_string()),
                    ("file", path.display().to_string())
                ]
            )
        );
    }
    // the positions a seat chose among several: those analysed
    let total = before.iter().filter(|g| matches!(g.actor(), Actor::Seat(_)) && g.legal_choices().len() >= 2).count();
    let terminal = std::io::stderr().is_terminal();
    let shown =
        Shown { msgs: &msgs, counter: &counter, of: args.iterations, total, terminal, done: AtomicUsize::new(0) };
    let stop = AtomicBool::new(false);
    let analysed = std::thread::scope(|scope| {
        if args.progress || terminal {
            scope.spawn(|| shown.watch(&stop));
        }
        let mut progress = |a: &ChoiceAnalysis| {
            shown.done.fetch_add(1, Ordering::Relaxed);
            // the position's search is over: the next one's has not begun
            counter.0.store(0, Ordering::Relaxed);
            if terminal {
                eprint!("\r\x1b[K");
            }
            if args.json {
                println!("{}", serde_json::to_string(a).unwrap_or_default());
            } else {
                println!("{}", words.line(a));
            }
        };
        let analysed = analyse_game(&record, &config, &mut progress);
        stop.store(true, Ordering::Relaxed);
        analysed
    });
    if terminal {
        eprint!("\r\x1b[K");
    }
    let analysed = analysed.with_context(|| format!("{}", path.display()))?;
    if args.json {
        return Ok(());
    }
    println!();
    for line in words.graph(&analysed) {
        println!("{line}");
    }
    println!();
    let worst = mistakes(&analysed, args.mistakes);
    let worst: Vec<_> = worst.into_iter().filter(|a| a.loss() >= MISTAKE).collect();
    if worst.is_empty() {
        println!("{}", msgs.text("analyse-no-mistakes", &[]));
    } else {
        println!("{}", msgs.text("analyse-mistakes", &[]));
        for (i, a) in worst.iter().enumerate() {
            println!("{:>3}. {}", i + 1, words.mistake(a));
        }
    }
    Ok(())
}

/// The progress of the analysis on standard error, as the server's page
/// shows it: the position under way and its search's iterations.
struct Shown<'a> {
    msgs: &'a Messages,
    counter: &'a Progress,
    of: u32,
    total: usize,
    terminal: bool,
    /// Positions analysed so far.
    done: AtomicUsize,
}

/// How often the progress is shown, as a thinking bot's on the game page.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

impl Shown<'_> {
    fn watch(&self, stop: &AtomicBool) {
        let step = Duration::from_millis(10);
        let mut waited = Duration::ZERO;
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(step);
            waited += step;
            if waited < PROGRESS_EVERY {
                continue;
            }
            waited = Duration::ZERO;
            let done = self.done.load(Ordering::Relaxed);
            if done >= self.total {
                continue;
            }
            let iterations = self.counter.0.load(Ordering::Relaxed).min(self.of);
            let text = self.msgs.text(
                "analysis-position",
                args![("position", done + 1), ("total", self.total), ("done", iterations), ("of", self.of)],
            );
            // a terminal keeps it on one line, rewritten; a file gets lines
            if self.terminal {
                eprint!("\r{text}\x1b[K");
            } else {
                eprintln!("{text}");
            }
        }
    }
}

/// The game before each of the record's moves (checked by the rules'
/// gate as the record is replayed).
fn games_before(record: &Record) -> Result<Vec<Game>, tash_kalar_rules::ReplayError> {
    tash_kalar_rules::Match::from_record(record)?;
    let mut game = record.start()?;
    let mut out = Vec::with_capacity(record.moves.len());
    for mv in &record.moves {
        out.push(game.clone());
        game.apply_unchecked(mv.choice);
    }
    Ok(out)
}

fn percent(p: f64) -> String {
    format!("{:.0}%", (p * 100.0).clamp(0.0, 100.0))
}

/// What the analysis says, in words.
struct Words<'a> {
    msgs: &'a Messages,
    table: &'a tash_kalar_present::Table,
    before: &'a [Game],
}

impl Words<'_> {
    fn game(&self, a: &ChoiceAnalysis) -> &Game {
        &self.before[a.index]
    }

    fn who(&self, a: &ChoiceAnalysis, seat: Seat) -> String {
        tash_kalar_present::seat_name(self.game(a), seat, self.table, self.msgs)
    }

    fn choice(&self, a: &ChoiceAnalysis, c: tash_kalar_rules::Choice) -> String {
        tash_kalar_present::choice_label(self.game(a), c, self.msgs)
    }

    /// `?` for a mistake, `??` for a blunder.
    fn mark(a: &ChoiceAnalysis) -> &'static str {
        match a.loss() {
            l if l >= BLUNDER => "??",
            l if l >= MISTAKE => "?",
            _ => "",
        }
    }

    /// One choice: who, what, the chance it left, and the best if another.
    fn line(&self, a: &ChoiceAnalysis) -> String {
        let best = &a.position.best[0];
        let played = a.played_chance.map_or_else(|| "-".to_string(), percent);
        let mut line = self.msgs.text(
            "analyse-line",
            args![
                ("turn", a.turn),
                ("who", self.who(a, a.seat)),
                ("choice", self.choice(a, a.played)),
                ("mark", Self::mark(a)),
                ("chance", played)
            ],
        );
        if best.choice != a.played {
            line.push_str(&format!(
                "  ({})",
                self.msgs.text(
                    "analyse-best",
                    args![("choice", self.choice(a, best.choice)), ("chance", percent(best.chance))]
                )
            ));
        }
        line
    }

    fn mistake(&self, a: &ChoiceAnalysis) -> String {
        let best = &a.position.best[0];
        self.msgs.text(
            "analyse-mistake",
            args![
                ("turn", a.turn),
                ("who", self.who(a, a.seat)),
                ("choice", self.choice(a, a.played)),
                ("from", percent(a.position.chance)),
                ("to", percent(a.played_chance.unwrap_or(a.position.chance))),
                ("best", self.choice(a, best.choice))
            ],
        )
    }

    /// The chances turn by turn, one bar a turn as its last choice left
    /// them ([`turn_ends`]).
    fn graph(&self, analysed: &[ChoiceAnalysis]) -> Vec<String> {
        let Some(first) = analysed.first() else { return Vec::new() };
        let (two_sides, ends) = turn_ends(self.game(first), analysed);
        let mut out = vec![if two_sides {
            self.msgs.text("analyse-graph-first", args![("who", self.who(first, 0))])
        } else {
            self.msgs.text("analyse-graph-mover", &[])
        }];
        for end in ends {
            let (a, chance) = (&analysed[end.at], end.chance);
            let filled = (chance * 40.0).round().clamp(0.0, 40.0) as usize;
            let who = if two_sides { String::new() } else { format!(" {}", self.who(a, a.seat)) };
            out.push(format!("{:>4} |{:<40}| {:>4}{who}", a.turn, "#".repeat(filled), percent(chance)));
        }
        out
    }
}
