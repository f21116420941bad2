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
use tash_kalar_bots::{Decision, Next, Seating};
use tash_kalar_i18n::{args, Lang, Messages};
use tash_kalar_rules::board::{CENTRAL_SQUARES, GREEN_SQUARES, RED_SQUARES};
use tash_kalar_rules::view::{ActorView, TaskBoardView, TaskView, View};
use tash_kalar_rules::{
    Bitboard, Board, CardId, Choice, Form, Game, Match, Mover, Phase, QuestionKind, Seat, Square, TextPlayError,
};

use crate::table::Table;
use crate::talk::{card_kind, claimed_list, event_lines, outcome_text, task_place};

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
    /// Branch from a recorded game (docs/notation.md): play on from it,
    /// with its form and decks (`--form` and `--decks` are not used).
    #[arg(long, value_name = "RECORD")]
    from: Option<PathBuf>,
    /// With --from: branch after this text line of the record (1-based, as
    /// errors name lines); without it, from the record's end.
    #[arg(long, value_name = "LINE", requires = "from")]
    at: Option<usize>,
    /// Line by line even in a terminal (the full-screen client opens when
    /// standard input and output are both terminals).
    #[arg(long)]
    plain: bool,
    /// The language of the game's texts: en, es or cs (the notations stay
    /// as they are). Without it, LC_ALL, LC_MESSAGES or LANG decide.
    #[arg(long)]
    lang: Option<String>,
}

/// The language `--lang` names, else the environment's.
pub(crate) fn language(lang: Option<&str>) -> Result<Lang> {
    match lang {
        None => Ok(Lang::from_env()),
        Some(text) => Lang::parse(text).ok_or_else(|| {
            let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            anyhow::anyhow!("--lang {text}: not a language of the game ({})", known.join(", "))
        }),
    }
}

pub fn run(args: &Args) -> Result<()> {
    let mut table = match &args.from {
        Some(record) => Table::branch(record, args.at, &args.opponent, args.seed, args.seat)?,
        None => Table::new(&args.form, &args.decks, &args.opponent, args.seed, args.seat)?,
    };
    table.lang = language(args.lang.as_deref())?;
    if !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return crate::tui::run(table, args.save.as_deref());
    }
    let Table { mut m, form, seed, mut bots, mut driver, lang, players } = table;
    let names = tash_kalar_present::Table { players, can_undo: false, can_claim: false };
    let names = &names;
    let msgs = Messages::new(lang);
    let msgs = &msgs;
    let human: Vec<bool> = driver.seats().iter().map(|&s| s == Seating::Person).collect();
    let human = |s: Seat| human[s as usize];
    println!("{}", msgs.text("play-greeting", args![("form", title(msgs, form)), ("seed", seed.to_string())]));
    let stdin = std::io::stdin();
    let piped_echo_off = stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut shown = false;
    let mut printed = Printed::default();
    // the events told so far (`talk::event_lines`)
    let mut told = 0;
    let person = |s: Seat| human(s);
    let tell = |game: &Game, told: &mut u32| {
        let (lines, next) = event_lines(game, *told, names, msgs, &person);
        *told = next;
        for line in &lines {
            println!("{line}");
        }
        !lines.is_empty()
    };
    tell(m.game(), &mut told);
    let quit = loop {
        match driver.next(m.game()) {
            Next::Over => break false,
            Next::Chance(c) => {
                let seat = match m.game().phase() {
                    Phase::Refill { seat, .. } => Some(seat),
                    _ => None,
                };
                m.act(Mover::Chance, c)?;
                match (seat, c) {
                    (Some(s), Choice::Draw(card)) if human(s) => println!(
                        "{}",
                        msgs.text(
                            "play-seat-draws",
                            args![
                                ("who", tash_kalar_present::seat_name(m.game(), s, names, msgs)),
                                ("card", msgs.card_name(card)),
                                ("id", card.to_string())
                            ]
                        )
                    ),
                    // turned up for all to see: say where it went
                    (_, Choice::DrawTask(task)) => println!(
                        "{}",
                        msgs.text(
                            "play-task-turned-up",
                            args![
                                ("task", msgs.task_name(task)),
                                ("id", task.to_string()),
                                ("place", task_place(msgs, &m, task))
                            ]
                        )
                    ),
                    _ => {}
                }
                tell(m.game(), &mut told);
            }
            Next::Bot(s) => {
                let bot = &mut bots[s as usize];
                let c = bot.decide(&Decision::new(m.game(), s));
                // worded on the game it is made in (which pieces, which option)
                let words = tash_kalar_present::choice_label(m.game(), c, msgs);
                let c = m.act(Mover::Seat(s), c)?;
                let who = tash_kalar_present::seat_name(m.game(), s, names, msgs);
                // the events say what the bot did, in words; the choice
                // itself only when they say nothing of it
                if !tell(m.game(), &mut told) {
                    match c {
                        // cards go back face down: which one is the bot's secret
                        Choice::Return(_) => println!("{}", msgs.text("play-bot-returns", args![("who", who)])),
                        _ => println!("{}", msgs.text("play-bot-chose", args![("who", who), ("choice", words)])),
                    }
                }
                shown = false;
            }
            Next::Person(s) => {
                if !shown {
                    show(msgs, m.game(), names, s, &mut printed);
                    shown = true;
                }
                print!("{} > ", tash_kalar_present::seat_name(m.game(), s, names, msgs));
                std::io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    println!();
                    println!("{}", msgs.text("play-end-of-input", &[]));
                    break true;
                };
                let line = line.context("reading standard input")?;
                if !piped_echo_off {
                    // input from a pipe is not echoed by a terminal: show it
                    println!("{}", line.trim());
                }
                match command(msgs, &mut m, s, line.trim()) {
                    Step::Quit => break true,
                    Step::Again => {}
                    Step::Changed => {
                        tell(m.game(), &mut told);
                        shown = false;
                    }
                    Step::ShowAll => {
                        printed = Printed::default();
                        shown = false;
                    }
                }
            }
        }
    };
    if !quit {
        show_end(msgs, &m, names);
    }
    if let Some(path) = &args.save {
        std::fs::write(path, m.record().to_text()).with_context(|| format!("cannot write {}", path.display()))?;
        println!("{}", msgs.text("play-record-written", args![("path", path.display().to_string())]));
    }
    Ok(())
}

/// The bot spec of every seat from `--opponent`: one spec for all, or one
/// per seat other than `human_seat` in seat order (that seat's entry is
/// only a stand-in); hotseat play needs none, so every seat gets `random`.
enum Step {
    Quit,
    /// Nothing changed: ask again.
    Again,
    /// The game changed: show what changed.
    Changed,
    /// Show everything again (`show`).
    ShowAll,
}

fn command(msgs: &Messages, m: &mut Match, seat: Seat, input: &str) -> Step {
    match input {
        "" => Step::Again,
        "help" | "?" => {
            println!("{}", msgs.text("play-help", &[]));
            Step::Again
        }
        "quit" | "exit" => {
            println!("{}", msgs.text("play-bye", &[]));
            Step::Quit
        }
        "show" => Step::ShowAll,
        "undo" => match m.undo() {
            Some(c) => {
                println!("{}", msgs.text("took-back", args![("choice", c.to_string())]));
                Step::Changed
            }
            None => {
                println!("{}", msgs.text("nothing-to-take-back", &[]));
                Step::Again
            }
        },
        "resign" => match m.resign(seat) {
            Ok(()) => Step::Changed,
            Err(e) => {
                println!("{}", msgs.text("not-accepted", args![("why", msgs.refusal(&e))]));
                Step::Again
            }
        },
        text => {
            let result = match text.parse::<usize>() {
                Ok(n) => {
                    let choices = m.game().legal_choices();
                    match n.checked_sub(1).and_then(|i| choices.get(i)) {
                        Some(&c) => m.act(Mover::Seat(seat), c).map(|_| ()).map_err(|e| msgs.refusal(&e)),
                        None => Err(msgs.text("no-such-choice", args![("n", n), ("count", choices.len())])),
                    }
                }
                // a text the rules cannot read is worded as such; a choice
                // passes the match's gate
                Err(_) => match text.parse::<Choice>() {
                    Err(e) => Err(msgs.text_play_error(&TextPlayError::from(e))),
                    Ok(c) => m.act(Mover::Seat(seat), c).map(|_| ()).map_err(|e| msgs.refusal(&e)),
                },
            };
            match result {
                Ok(()) => Step::Changed,
                Err(e) => {
                    println!("{}", msgs.text("play-not-accepted-help", args![("why", e)]));
                    Step::Again
                }
            }
        }
    }
}

pub(crate) fn card_line(msgs: &Messages, card: CardId) -> String {
    let id = card.def().id;
    let line = format!("  {id:<24} {} ({}): {}", msgs.card_name(card), card_kind(msgs, card), msgs.card_text(card));
    match msgs.card_warp(card) {
        Some(w) => format!("{line} {}", msgs.text("card-warp-effect", args![("text", w)])),
        None => line,
    }
}

/// The form as the greeting names it.
pub(crate) fn title(msgs: &Messages, form: Form) -> String {
    msgs.form(form)
}

fn task_line(msgs: &Messages, task: &TaskView) -> String {
    let def = task.id.def();
    format!(
        "{:<26} {}",
        def.id,
        msgs.text(
            "play-task-line",
            args![
                ("name", msgs.task_name(task.id)),
                ("kind", def.kind.name()),
                ("points", def.points),
                ("advanced", if def.advanced { "yes" } else { "no" }),
                ("text", msgs.task_text(task.id))
            ]
        )
    )
}

/// The task board: current tasks, the next task, the deck's size, claims.
fn task_lines(msgs: &Messages, v: &View, tasks: &TaskBoardView, name: &dyn Fn(Seat) -> String) -> Vec<String> {
    let mut out = vec![msgs.text("play-tasks", args![("deck", tasks.deck)])];
    for t in &tasks.current {
        out.push(format!("  {:<8} {}", msgs.text("play-task-current", &[]), task_line(msgs, t)));
    }
    match &tasks.next {
        Some(t) => out.push(format!("  {:<8} {}", msgs.text("play-task-next", &[]), task_line(msgs, t))),
        None => out.push(format!("  {:<8} -", msgs.text("play-task-next", &[]))),
    }
    for s in &v.seats {
        let claimed = tasks.claimed.get(s.seat as usize).map_or(&[][..], |c| c.as_slice());
        out.push(format!(
            "  {}",
            msgs.text("play-claimed", args![("who", name(s.seat)), ("tasks", claimed_list(msgs, claimed))])
        ));
    }
    out
}

/// A seat with its school, for its line of cards: `Blue (Ana), Northern Imperial`.
fn seat_and_school(msgs: &Messages, name: &str, seat: &tash_kalar_rules::view::SeatView) -> String {
    msgs.text("play-seat", args![("who", name), ("school", msgs.school(seat.school))])
}

/// Everything a seat may see, and its choices numbered.
/// What lies in front of a seat, public, one line each: the Everfrost
/// frozen card, the Nethervoid Gateway, the Etherweave pending being and
/// the piece kept on the Merchant of Time.
pub(crate) fn seat_marks(msgs: &Messages, s: &tash_kalar_rules::view::SeatView) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(card) = s.frozen {
        out.push(msgs.text("frozen-card", args![("card", msgs.card_name(card))]));
    }
    if let Some(at) = s.gateway {
        out.push(msgs.text("play-gateway", args![("at", at.to_string())]));
    }
    if let Some(card) = s.pending {
        out.push(msgs.text("play-pending", args![("card", msgs.card_name(card))]));
    }
    if let Some(piece) = s.stored {
        out.push(msgs.text("play-stored", args![("piece", msgs.piece(piece)), ("code", piece.to_string())]));
    }
    out
}

/// What line mode printed last of each part of a seat's picture (the
/// board, the scores, the hand...), so that a turn prints what changed
/// rather than everything again; `show` prints it all.
#[derive(Default)]
struct Printed {
    parts: std::collections::HashMap<String, Vec<String>>,
}

impl Printed {
    /// Prints `lines` unless they are what this part printed last.
    fn part(&mut self, part: String, lines: Vec<String>) {
        if self.parts.get(&part) == Some(&lines) {
            return;
        }
        for line in &lines {
            println!("{line}");
        }
        self.parts.insert(part, lines);
    }
}

/// The board with its squares marked as on the printed board: `( )` red,
/// `{ }` green, `:` central (when empty), `@` after a piece on a Gateway;
/// then the key to the marks.
fn board_lines(msgs: &Messages, board: &Board, gateways: Bitboard) -> Vec<String> {
    let files = format!("   {}", "abcdefghi".chars().map(|f| format!("  {f}  ")).collect::<String>());
    let mut out = vec![files.clone()];
    for row in (0..9).rev() {
        let mut line = format!("{} ", row + 1);
        for column in 0..9 {
            let Some(sq) = Square::new(column, row) else {
                line.push_str("     ");
                continue;
            };
            let piece = match board.get(sq) {
                Some(p) if gateways.contains(sq) => format!("{p}@"),
                Some(p) => p.to_string(),
                None if CENTRAL_SQUARES.contains(sq) => ":".to_string(),
                None => ".".to_string(),
            };
            let (open, close) = if RED_SQUARES.contains(sq) {
                ('(', ')')
            } else if GREEN_SQUARES.contains(sq) {
                ('{', '}')
            } else {
                (' ', ' ')
            };
            line.push_str(&format!("{open}{piece:^3}{close}"));
        }
        out.push(format!("{line} {}", row + 1));
    }
    out.push(files);
    out.push(msgs.text("play-board-key", &[]));
    out
}

/// The legal choices numbered, in words. The many placings of a turn's
/// start share one line (`place a common piece on: 1 c1, 2 d1, ...`).
fn choice_lines(msgs: &Messages, game: &Game) -> Vec<String> {
    let choices = game.legal_choices();
    let mut out = vec![msgs.text("play-choices", &[])];
    let places: Vec<String> = choices
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c {
            Choice::Place(at) => Some(format!("{} {at}", i + 1)),
            _ => None,
        })
        .collect();
    if places.len() > 1 {
        let mut line = format!("  {}", msgs.text("play-choices-places", &[]));
        for (i, p) in places.iter().enumerate() {
            let piece = if i + 1 < places.len() { format!(" {p},") } else { format!(" {p}") };
            if line.chars().count() + piece.chars().count() > 100 {
                out.push(line);
                line = "   ".to_string();
            }
            line.push_str(&piece);
        }
        out.push(line);
    }
    for (i, &c) in choices.iter().enumerate() {
        if places.len() > 1 && matches!(c, Choice::Place(_)) {
            continue;
        }
        out.push(format!("{:>4} {}  [{c}]", i + 1, tash_kalar_present::choice_label(game, c, msgs)));
    }
    out
}

/// What `seat` may see now, the parts that changed since it was last
/// shown (`printed`), and its choices numbered when it is to choose.
fn show(msgs: &Messages, game: &Game, names: &tash_kalar_present::Table, seat: Seat, printed: &mut Printed) {
    let v = &game.view(seat);
    let name = |s: Seat| tash_kalar_present::seat_name(game, s, names, msgs);
    let me = match v.actor {
        ActorView::Seat { seat } => seat,
        _ => v.turn.seat,
    };
    println!();
    match v.phase {
        Phase::StartPieces { .. } => {
            println!("== {} ==", msgs.text("status-setup", args![("who", name(me))]))
        }
        _ => println!(
            "== {} ==",
            msgs.text("status-turn", args![("turn", v.turn.number), ("who", name(v.turn.seat)), ("n", v.turn.actions)])
        ),
    }
    let board = Board::from_text(&v.board).expect("a view's board text is valid");
    // Nethervoid: each seat's Gateway marked @ after its piece
    let gateways = v.seats.iter().filter_map(|s| s.gateway).fold(Bitboard::EMPTY, |b, sq| b | sq.bb());
    printed.part("board".into(), board_lines(msgs, &board, gateways));
    let scores: Vec<String> =
        v.seats.iter().map(|s| msgs.text("score-of", args![("who", name(s.seat)), ("score", s.score)])).collect();
    let mut lines = vec![msgs.text("play-scores", args![("scores", scores.join(", "))])];
    for s in &v.seats {
        if let Some(points) = &s.points {
            let by_color: Vec<String> = points.iter().map(|(c, p)| format!("{} {p}", msgs.color(*c))).collect();
            lines.push(format!(
                "  {}",
                msgs.text("play-points-by-color", args![("who", name(s.seat)), ("points", by_color.join(", "))])
            ));
        }
    }
    printed.part("scores".into(), lines);
    let mut lines = Vec::new();
    for s in &v.seats {
        let discard: Vec<String> = s.discard.iter().map(|&c| msgs.card_name(c)).collect();
        lines.push(msgs.text(
            "play-seat-cards",
            args![
                ("who", seat_and_school(msgs, &name(s.seat), s)),
                ("beings", s.beings),
                ("legends", s.legends),
                ("flares", s.flares),
                ("deck", s.deck),
                ("common", s.supply.0),
                ("legendary", s.supply.1),
                ("discard", if discard.is_empty() { "-".to_string() } else { discard.join(", ") })
            ],
        ));
        lines.extend(seat_marks(msgs, s).into_iter().map(|line| format!("  {line}")));
        // a melee or team seat that left: who plays it now
        lines.extend(tash_kalar_present::left_text(game, s.seat, names, msgs).map(|left| format!("  {left}")));
    }
    lines.push(msgs.text("play-shared-decks", args![("legends", v.legends.deck), ("flares", v.flares.deck)]));
    printed.part("seats".into(), lines);
    if let Some(tasks) = &v.tasks {
        printed.part("tasks".into(), task_lines(msgs, v, tasks, &name));
    }
    if let Some(last) = v.end.last {
        printed.part("end".into(), vec![msgs.text("end-triggered", args![("seat", last + 1)])]);
    }
    if let Some(q) = game.question() {
        match (&v.effect, q.kind) {
            (Some(e), QuestionKind::Effect) => {
                let place = match (e.at, e.orientation) {
                    (Some(at), Some(o)) => {
                        format!(
                            " {} ({})",
                            msgs.text("tui-at", args![("squares", at.to_string())]),
                            msgs.orientation(o)
                        )
                    }
                    _ => String::new(),
                };
                println!(
                    "{}",
                    msgs.text(
                        "play-resolving",
                        args![
                            ("card", msgs.card_name(e.card)),
                            ("place", place),
                            ("question", tash_kalar_present::step_text(game, msgs).unwrap_or_default())
                        ]
                    )
                );
                println!("  {}", msgs.card_text(e.card));
            }
            (_, QuestionKind::Claim) => {
                let names: Vec<String> = v
                    .tasks
                    .as_ref()
                    .and_then(|t| t.claimable.as_ref())
                    .map(|c| c.iter().map(|&t| msgs.task_name(t)).collect())
                    .unwrap_or_default();
                println!("{}", msgs.text("play-may-claim", args![("tasks", names.join(", "))]));
            }
            _ if v.prompt.is_some() => {
                println!("{}", tash_kalar_present::question_text(game, msgs).unwrap_or_default())
            }
            _ => {}
        }
    }
    if let Some(hand) = v.hand() {
        let mut lines = vec![msgs.text("play-your-hand", &[])];
        lines.extend(hand.beings.iter().chain(&hand.legends).chain(&hand.flares).map(|&c| card_line(msgs, c)));
        printed.part(format!("hand {seat}"), lines);
    }
    if game.actor() == tash_kalar_rules::Actor::Seat(seat) {
        for line in choice_lines(msgs, game) {
            println!("{line}");
        }
    }
}

fn show_end(msgs: &Messages, m: &Match, names: &tash_kalar_present::Table) {
    let v = m.game().referee_view();
    let name = |s: Seat| tash_kalar_present::seat_name(m.game(), s, names, msgs);
    println!();
    println!("== {} ==", msgs.text("game-over", &[]));
    let board = Board::from_text(&v.board).expect("a view's board text is valid");
    let gateways = v.seats.iter().filter_map(|s| s.gateway).fold(Bitboard::EMPTY, |b, sq| b | sq.bb());
    for line in board_lines(msgs, &board, gateways) {
        println!("{line}");
    }
    let scores: Vec<String> =
        v.seats.iter().map(|s| msgs.text("score-of", args![("who", name(s.seat)), ("score", s.score)])).collect();
    println!("{}", msgs.text("play-scores", args![("scores", scores.join(", "))]));
    if let Some(tasks) = &v.tasks {
        for (s, claimed) in tasks.claimed.iter().enumerate() {
            let who = name(s as Seat);
            println!("{}", msgs.text("play-claimed", args![("who", who), ("tasks", claimed_list(msgs, claimed))]));
        }
    }
    let result = tash_kalar_present::result_text(m.game(), names, msgs);
    println!("{}", result.unwrap_or_else(|| outcome_text(msgs, &v)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_mode_names_the_gateway_the_pending_being_the_stored_piece_and_warps_in_each_language() {
        use tash_kalar_i18n::Lang;
        use tash_kalar_rules::{CardId, Color, Piece, Position, Rank, School, Square};
        let card = |id| CardId::parse(id).unwrap();
        let mut p = Position::duel("9/9/9/9/9/4p4/9/9/9").unwrap();
        p.seats[0].school = School::Etherweave;
        p.number = 3;
        p.set_supply(0, (15, p.seats[0].supply.1));
        p.seats[0].beings = vec![card("etherweave.merchant_of_time")];
        p.seats[0].pending = Some(card("etherweave.merchant_of_time"));
        p.seats[0].stored = Some(Piece::new(Color::Red, Rank::Heroic));
        p.seats[1].supply.0 -= 1;
        let mut v = p.to_game().unwrap().view(0);
        // (a Gateway beside them: the line is the seat's, whatever its school)
        v.seats[0].gateway = Some(Square::parse("e4").unwrap());
        let words = [
            (
                Lang::En,
                [
                    "Gateway on e4",
                    "pending being: Merchant of Time",
                    "Merchant of Time: Red's heroic piece [r+]",
                    "Warp: ",
                ],
            ),
            (
                Lang::Es,
                ["Portal en e4", "criatura pendiente: Mercader del Tiempo", "ficha heroica roja [r+]", "Distorsión: "],
            ),
            (
                Lang::Cs,
                ["Brána na e4", "čekající bytost: Obchodník s časem", "červený hrdinský kámen [r+]", "Zkřivení: "],
            ),
        ];
        for (lang, [gateway, pending, stored, warp]) in words {
            let msgs = Messages::new(lang);
            let lines = seat_marks(&msgs, &v.seats[0]);
            assert_eq!(lines.len(), 3, "{lang}: {lines:?}");
            assert!(lines[0].starts_with(gateway), "{lang}: {lines:?}");
            assert_eq!(lines[1], pending, "{lang}");
            assert!(lines[2].ends_with(stored), "{lang}: {lines:?}");
            assert!(card_line(&msgs, card("etherweave.paradox_worm")).contains(warp), "{lang}");
            assert!(!card_line(&msgs, card("imperial.knight")).contains(warp), "{lang}: no warp, no warp text");
        }
    }
}
