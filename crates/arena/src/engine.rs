//! The engine protocol (`docs/engine-protocol.md`): a line-based text
//! protocol over standard input and output, in the spirit of UCI, through
//! which programs outside this project play.
//!
//! [`serve`] is the engine's side: it answers a driver with one of our bots.
//! [`EngineBot`] is the driver's side: it runs any command that speaks the
//! protocol and plays it as a [`Bot`], so tournaments can include external
//! engines.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tash_kalar_bots::analysis::{analyse_position, AnalysisConfig};
use tash_kalar_bots::mcts::Progress;
use tash_kalar_bots::mcts_v1::MctsV1Config;
use tash_kalar_bots::mcts_v2::MctsV2Config;
use tash_kalar_bots::{Bot, BotSpec, Decision, MctsConfig, SpecError};
use tash_kalar_rules::view::{View, Viewer};
use tash_kalar_rules::{Choice, Observation, Seat, Token, ViewError};

/// The word a driver opens with, and the engine's answer once it has named
/// itself and its options.
pub const HELLO: &str = "tkp";
pub const HELLO_OK: &str = "tkpok";

/// A bot spec's text split into its name and options, to change options
/// one by one (the result is parsed again as a [`BotSpec`]).
#[derive(Clone, Debug, PartialEq)]
struct Spec {
    name: String,
    options: Vec<(String, String)>,
}

impl Spec {
    fn parse(text: &str) -> Spec {
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let options = options
            .split(',')
            .filter(|o| !o.is_empty())
            .map(|o| {
                let (k, v) = o.split_once('=').unwrap_or((o, ""));
                (k.to_string(), v.to_string())
            })
            .collect();
        Spec { name: name.to_string(), options }
    }

    fn set(&mut self, key: &str, value: &str) {
        match self.options.iter_mut().find(|(k, _)| k == key) {
            Some(o) => o.1 = value.to_string(),
            None => self.options.push((key.to_string(), value.to_string())),
        }
    }

    fn text(&self) -> String {
        if self.options.is_empty() {
            return self.name.clone();
        }
        let options: Vec<String> = self.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{}:{}", self.name, options.join(","))
    }
}

/// The options an engine of this bot offers, as `option` lines.
fn option_lines(bot: &BotSpec) -> Vec<String> {
    use tash_kalar_bots::spec::bounds;
    let mut v = vec!["option name seed type spin default 0 min 0 max 18446744073709551615".to_string()];
    let d = MctsConfig::default();
    if let BotSpec::Mcts(_) | BotSpec::MctsV2(_) | BotSpec::MctsV1(_) = bot {
        let spin = |name: &str, default: String, range: std::ops::RangeInclusive<u64>| {
            format!("option name {name} type spin default {default} min {} max {}", range.start(), range.end())
        };
        v.push(spin("iterations", d.iterations.unwrap_or(0).to_string(), bounds::ITERATIONS));
        v.push("option name time type string default none".into());
        v.push(spin("threads", d.threads.to_string(), bounds::THREADS));
        v.push(spin("playout", d.playout_turns.to_string(), bounds::PLAYOUT));
        // the one shared default that differs between the searches (mcts-v1's)
        let exploration = match bot {
            BotSpec::MctsV1(_) => MctsV1Config::default().exploration,
            BotSpec::MctsV2(_) => MctsV2Config::default().exploration,
            _ => d.exploration,
        };
        for (name, default) in [("c", exploration), ("scale", d.scale), ("prior", d.prior), ("widen", d.widen)] {
            v.push(format!("option name {name} type string default {default}"));
        }
        v.push(format!("option name centre type check default {}", d.centre));
        v.push(format!("option name reuse type check default {}", d.reuse));
    }
    if let BotSpec::Mcts(_) | BotSpec::MctsV2(_) = bot {
        for (name, default) in [
            ("widen_inner", d.widen_inner),
            ("playout_noise", d.playout_noise),
            ("lead", d.end.lead),
            ("cards_per_turn", d.end.cards_per_turn),
            ("points_per_turn", d.end.points_per_turn),
        ] {
            v.push(format!("option name {name} type string default {default}"));
        }
    }
    if let BotSpec::Mcts(_) = bot {
        let e = &d.economy;
        for (name, default) in [
            ("held_legend", e.held_legend),
            ("held_flare", e.held_flare),
            ("return_legend", e.return_legend),
            ("return_flare", e.return_flare),
            ("flare_cost", e.flare),
        ] {
            v.push(format!("option name {name} type string default {default}"));
        }
        v.push("option name turn type string default none".into());
    }
    if let BotSpec::Greedy(_) = bot {
        v.push("option name noise type string default 0".into());
    }
    v
}

/// Why the engine answers a line with `error ...`: the line is the
/// error's `Display`, on one line.
#[derive(Debug, thiserror::Error)]
enum ProtocolError {
    #[error("unknown command {0}")]
    UnknownCommand(Token),
    #[error("expected: setoption name <name> value <value>")]
    SetOptionUsage,
    #[error("bad seed {0}")]
    BadSeed(Token),
    #[error("unknown option {0}")]
    UnknownOption(Token),
    #[error("{}={value}: expected one value (no commas, colons or equals signs)", name.as_str())]
    NotOneValue { name: Token, value: Token },
    /// The option's value, checked as on the command line.
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("bad view JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    View(#[from] ViewError),
    #[error("an engine plays a seat: this view is not a seat's")]
    NotASeat,
    /// The view shows a hand its seat cannot see.
    #[error("the view shows seat {other}'s hand, which seat {seat} cannot see")]
    Leak { seat: Seat, other: Seat },
    #[error("the view's choices are not the ones these rules allow (another version?)")]
    OtherRules,
    #[error("no position")]
    NoPosition,
    #[error("the viewer is not the one to choose in this position")]
    NotToChoose,
    #[error("internal error while searching")]
    Internal,
    #[error("analyse [<iterations>]: iterations are a number from 1 to {max}, not {given}", max = MAX_ANALYSIS)]
    BadIterations { given: Token },
}

/// How often, at most, `analyse` says its progress.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);
/// How often the analysis's progress is looked at.
const PROGRESS_POLL: Duration = Duration::from_millis(20);

/// The most iterations `analyse` takes (an engine is asked by a driver
/// it trusts, but a typo should not tie it up for hours).
const MAX_ANALYSIS: u32 = 1_000_000;

/// The engine's state between commands.
struct Engine {
    spec: BotSpec,
    seed: u64,
    bot: Box<dyn Bot>,
    position: Option<Observation>,
}

impl Engine {
    fn new(spec: &BotSpec) -> Engine {
        Engine { spec: spec.clone(), seed: 0, bot: spec.build(0), position: None }
    }

    /// Handles one line; returns the reply lines and whether to stop.
    /// `info` is given the `info` lines said while the line is worked on
    /// (an analysis's progress).
    fn handle(&mut self, line: &str, info: &mut dyn FnMut(String)) -> (Vec<String>, bool) {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let reply = match command {
            "" => Ok(vec![]),
            HELLO => {
                let mut v = vec![
                    format!("id name tash-kalar {}", self.spec),
                    "id author the tash-kalar authors".to_string(),
                    "id protocol 1".to_string(),
                ];
                v.extend(option_lines(&self.spec));
                v.push(HELLO_OK.to_string());
                Ok(v)
            }
            "isready" => Ok(vec!["readyok".to_string()]),
            "setoption" => self.set_option(rest).map(|()| vec![]),
            "newgame" => {
                self.position = None;
                self.renew();
                Ok(vec![])
            }
            "position" => self.set_position(rest).map(|()| vec![]),
            "go" => self.go().map(|c| vec![format!("choice {c}")]),
            "analyse" => self.analyse(rest, info),
            "quit" => return (vec![], true),
            other => Err(ProtocolError::UnknownCommand(Token::new(other))),
        };
        match reply {
            Ok(lines) => (lines, false),
            Err(e) => (vec![format!("error {}", e.to_string().replace(['\n', '\r'], " "))], false),
        }
    }

    fn renew(&mut self) {
        self.bot = self.spec.build(self.seed);
    }

    fn set_option(&mut self, rest: &str) -> Result<(), ProtocolError> {
        let rest = rest.strip_prefix("name").ok_or(ProtocolError::SetOptionUsage)?.trim_start();
        let (name, value) = rest.split_once(" value ").ok_or(ProtocolError::SetOptionUsage)?;
        let (name, value) = (name.trim(), value.trim());
        if name == "seed" {
            self.seed = value.parse().map_err(|_| ProtocolError::BadSeed(Token::new(value)))?;
            self.renew();
            return Ok(());
        }
        if !option_lines(&self.spec).iter().any(|l| l.starts_with(&format!("option name {name} "))) {
            return Err(ProtocolError::UnknownOption(Token::new(name)));
        }
        if value.contains([',', '=', ':']) {
            return Err(ProtocolError::NotOneValue { name: Token::new(name), value: Token::new(value) });
        }
        // the option set in the spec's canonical text, which is parsed
        // again: the same checks as on the command line
        let mut spec = Spec::parse(&self.spec.to_string());
        spec.set(name, value);
        if (name == "time" || name == "turn") && value == "none" {
            spec.options.retain(|(k, _)| k != name);
        }
        self.spec = spec.text().parse::<BotSpec>()?;
        self.renew();
        Ok(())
    }

    fn set_position(&mut self, json: &str) -> Result<(), ProtocolError> {
        self.position = None;
        let view: View = serde_json::from_str(json)?;
        check_secrets(&view)?;
        let obs = Observation::from_view(&view)?;
        let listed: Listed = serde_json::from_str(json)?;
        if let Some(choices) = &listed.choices {
            let ours: Vec<String> = obs.game().legal_choices().iter().map(Choice::to_string).collect();
            if &ours != choices {
                return Err(ProtocolError::OtherRules);
            }
        }
        self.position = Some(obs);
        Ok(())
    }

    /// `analyse [<iterations>]`: the chance to win of the seat to choose
    /// and its best choices (`tash_kalar_bots::analysis`), as `best
    /// <chance> <visits> <choice>` lines, best first, then `analysis
    /// <chance>`; while it searches, `info progress <done> <of>` lines: the
    /// first once some iterations are done, then at most every
    /// [`PROGRESS_EVERY`].
    fn analyse(&mut self, rest: &str, info: &mut dyn FnMut(String)) -> Result<Vec<String>, ProtocolError> {
        let iterations = match rest {
            "" => AnalysisConfig::default().iterations,
            n => n
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_ANALYSIS).contains(n))
                .ok_or_else(|| ProtocolError::BadIterations { given: Token::new(n) })?,
        };
        let obs = self.position.as_ref().ok_or(ProtocolError::NoPosition)?;
        if obs.game().actor() != tash_kalar_rules::Actor::Seat(obs.seat()) {
            return Err(ProtocolError::NotToChoose);
        }
        let done = Progress(Arc::new(AtomicU32::new(0)));
        let config =
            AnalysisConfig { iterations, seed: self.seed, progress: Some(done.clone()), ..AnalysisConfig::default() };
        let game = obs.game();
        // the search on a thread of its own; this one tells its progress
        let a = std::thread::scope(|scope| {
            let search = scope.spawn(|| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| analyse_position(game, &config)))
                    .ok()
                    .flatten()
            });
            let (mut told, mut last) = (0, Instant::now());
            while !search.is_finished() {
                std::thread::sleep(PROGRESS_POLL);
                let now = done.0.load(Ordering::Relaxed).min(iterations);
                // the first as soon as there is one, then at most every PROGRESS_EVERY
                let due = told == 0 || last.elapsed() >= PROGRESS_EVERY;
                if now > told && due && !search.is_finished() {
                    info(format!("info progress {now} {iterations}"));
                    (told, last) = (now, Instant::now());
                }
            }
            search.join().ok().flatten()
        })
        .ok_or(ProtocolError::Internal)?;
        let mut lines: Vec<String> =
            a.best.iter().map(|b| format!("best {:.3} {} {}", b.chance, b.visits, b.choice)).collect();
        lines.push(format!("analysis {:.3}", a.chance));
        Ok(lines)
    }

    fn go(&mut self) -> Result<Choice, ProtocolError> {
        let obs = self.position.as_ref().ok_or(ProtocolError::NoPosition)?;
        if obs.game().actor() != tash_kalar_rules::Actor::Seat(obs.seat()) {
            return Err(ProtocolError::NotToChoose);
        }
        let bot = &mut self.bot;
        // the engine must answer, whatever happens inside a bot
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(obs))) {
            Ok(c) => Ok(c),
            Err(_) => {
                self.renew();
                Err(ProtocolError::Internal)
            }
        }
    }
}

/// A view an engine may be given: a seat's own, showing no other seat's
/// hand (a teammate's neither), as `Game::view(seat)` makes it. Deck
/// orders are never in a view (only counts and the seat's own known
/// cards), so the hands are what a driver could leak.
fn check_secrets(view: &View) -> Result<(), ProtocolError> {
    let Viewer::Seat { seat } = view.viewer else {
        return Err(ProtocolError::NotASeat);
    };
    match view.seats.iter().find(|s| s.seat != seat && s.hand.is_some()) {
        Some(other) => Err(ProtocolError::Leak { seat, other: other.seat }),
        None => Ok(()),
    }
}

/// Answers a driver on `input`/`output` with the bot of `spec`, until
/// `quit` or the end of the input. Never fails on bad input: each bad line
/// gets an `error` line and the engine goes on.
pub fn serve(spec: &BotSpec, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut engine = Engine::new(spec);
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // not text: say so and read on
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                writeln!(output, "error the line is not UTF-8 text")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        // a view that holds together but that no game reaches could still
        // trip the rules somewhere: the engine answers and goes on
        // progress lines go out as they come; a failed write ends the serve
        let mut written = Ok(());
        let mut info = |l: String| {
            if written.is_ok() {
                written = writeln!(output, "{l}").and_then(|()| output.flush());
            }
        };
        let handled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.handle(&line, &mut info)));
        written?;
        let (replies, stop) = match handled {
            Ok(r) => r,
            Err(_) => {
                engine.position = None;
                engine.renew();
                (vec!["error internal error on this line".to_string()], false)
            }
        };
        for r in replies {
            writeln!(output, "{r}")?;
        }
        output.flush()?;
        if stop {
            break;
        }
    }
    Ok(())
}

/// Splits a command line into words: spaces separate, single or double
/// quotes group.
pub fn split_command(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for ch in text.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(ch);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// A bot played by an outside program through the engine protocol.
pub struct EngineBot {
    command: String,
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Time allowed for one answer.
    pub timeout: Duration,
    error: Option<String>,
}

impl EngineBot {
    /// Starts `command`, greets it, gives it `seed` if it takes one, and
    /// waits until it is ready.
    pub fn spawn(command: &str, seed: u64) -> anyhow::Result<EngineBot> {
        let words = split_command(command);
        anyhow::ensure!(!words.is_empty(), "an empty engine command");
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| anyhow::anyhow!("cannot start engine {command:?}: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr_pipe = child.stderr.take().expect("piped stderr");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // keep the last lines of the engine's error output for messages
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let keep = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut r = BufReader::new(stderr_pipe);
            let mut line = String::new();
            while r.read_line(&mut line).unwrap_or(0) > 0 {
                if let Ok(mut q) = keep.lock() {
                    q.push_back(line.trim_end().to_string());
                    if q.len() > 5 {
                        q.pop_front();
                    }
                }
                line.clear();
            }
            let _ = r.read_to_end(&mut Vec::new());
        });
        let mut bot = EngineBot {
            command: command.to_string(),
            name: format!("cmd:{command}"),
            child,
            stdin,
            lines,
            stderr,
            timeout: Duration::from_secs(30),
            error: None,
        };
        bot.send(HELLO)?;
        let mut options = Vec::new();
        bot.read_until(|l| {
            if let Some(name) = l.strip_prefix("option name ") {
                options.push(name.split_whitespace().next().unwrap_or("").to_string());
            }
            l == HELLO_OK
        })?;
        if options.iter().any(|o| o == "seed") {
            bot.send(&format!("setoption name seed value {seed}"))?;
        }
        bot.send("newgame")?;
        bot.send("isready")?;
        bot.read_until(|l| l == "readyok")?;
        bot.timeout = Duration::from_secs(600);
        Ok(bot)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| anyhow::anyhow!("engine {:?} stopped listening: {e}{}", self.command, self.stderr_tail()))
    }

    fn stderr_tail(&self) -> String {
        let q = self.stderr.lock().map(|q| q.iter().cloned().collect::<Vec<_>>().join(" | ")).unwrap_or_default();
        if q.is_empty() {
            String::new()
        } else {
            format!(" (its error output: {q})")
        }
    }

    /// Reads lines until `done` accepts one (returned); an `error` line
    /// from the engine is an error.
    fn read_until(&mut self, mut done: impl FnMut(&str) -> bool) -> anyhow::Result<String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    anyhow::bail!("engine {:?} did not answer within {:?}", self.command, self.timeout)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    anyhow::bail!("engine {:?} ended{}", self.command, self.stderr_tail())
                }
            };
            let line = line.trim().to_string();
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.to_string();
            }
            if let Some(e) = line.strip_prefix("error") {
                anyhow::bail!("engine {:?} says: {}", self.command, e.trim());
            }
            if done(&line) {
                return Ok(line);
            }
        }
    }

    /// Sends the seat's view and reads the engine's choice, normalized and
    /// checked with `legal` (`normalize` and `legal` of the game the view is of).
    fn ask(
        &mut self,
        view: &View,
        choices: &[Choice],
        normalize: impl Fn(Choice) -> Choice,
        legal: impl Fn(Choice) -> bool,
    ) -> anyhow::Result<Choice> {
        self.send(&format!("position {}", position(view, choices)?))?;
        self.send("go")?;
        let line = self.read_until(|l| l.starts_with("choice "))?;
        let text = &line["choice ".len()..];
        match text.parse::<Choice>().map(normalize) {
            Ok(c) if legal(c) => Ok(c),
            _ => anyhow::bail!("engine {:?} chose {text:?}, which is not a legal choice", self.command),
        }
    }

    /// The engine's answer, or the first legal choice as a stand-in (the
    /// error kept for [`Bot::take_error`]).
    fn answer(&mut self, first: Choice, ask: impl FnOnce(&mut EngineBot) -> anyhow::Result<Choice>) -> Choice {
        if self.error.is_some() {
            return first;
        }
        match ask(self) {
            Ok(c) => c,
            Err(e) => {
                self.error = Some(e.to_string());
                first
            }
        }
    }
}

/// The `position` line's JSON: the seat's view and its legal choices as
/// choice text (`choices`), which the view itself no longer holds.
pub fn position(view: &View, choices: &[Choice]) -> serde_json::Result<String> {
    let mut v = serde_json::to_value(view)?;
    if let Some(o) = v.as_object_mut() {
        o.insert("choices".into(), choices.iter().map(Choice::to_string).collect::<Vec<_>>().into());
    }
    serde_json::to_string(&v)
}

/// The legal choices a driver lists beside the view, if it does.
#[derive(serde::Deserialize)]
struct Listed {
    choices: Option<Vec<String>>,
}

impl Bot for EngineBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, obs: &Observation) -> Choice {
        let game = obs.game();
        let first = game.legal_choices()[0];
        let legal = game.legal_choices();
        self.answer(first, |bot| bot.ask(&game.view(obs.seat()), &legal, |c| game.normalize(c), |c| game.is_legal(c)))
    }

    /// An engine needs the seat's view only: no observation is built.
    fn decide(&mut self, d: &Decision) -> Choice {
        self.answer(d.legal()[0], |bot| bot.ask(&d.view(), d.legal(), |c| d.normalize(c), |c| d.allows(c)))
    }

    fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }
}

impl Drop for EngineBot {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{Actor, Form, Game, School};

    fn talk(spec: &str, input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(&spec.parse().unwrap(), input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
    }

    fn dealt() -> Game {
        let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        while g.actor() == Actor::Chance {
            let v = g.legal_choices();
            g.apply_unchecked(v[v.len() / 2]);
        }
        g
    }

    #[test]
    fn the_handshake_names_the_engine_and_its_options() {
        let out = talk("mcts:iterations=20", "tkp\nisready\nquit\nisready\n");
        assert_eq!(out[0], "id name tash-kalar mcts:iterations=20");
        assert!(out.iter().any(|l| l.starts_with("option name iterations type spin")));
        assert!(out.iter().any(|l| l.starts_with("option name seed")));
        let ok = out.iter().position(|l| l == "tkpok").unwrap();
        // nothing after quit
        assert_eq!(&out[ok + 1..], ["readyok"]);
    }

    #[test]
    fn each_search_advertises_its_own_exploration() {
        for (spec, default) in
            [("mcts:iterations=20", "0.1"), ("mcts-v2:iterations=20", "0.1"), ("mcts-v1:iterations=20", "0.3")]
        {
            let out = talk(spec, "tkp\nquit\n");
            let line = format!("option name c type string default {default}");
            assert!(out.contains(&line), "{spec}: {out:?}");
        }
    }

    #[test]
    fn an_engine_answers_a_position_with_a_legal_choice() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let json = position(&g.view(s), &g.legal_choices()).unwrap();
        assert!(json.contains("\"choices\":[\""), "the position lists the choices: {json}");
        let out = talk("greedy", &format!("tkp\nsetoption name seed value 3\nnewgame\nposition {json}\ngo\nquit\n"));
        let last = out.last().unwrap();
        let text = last.strip_prefix("choice ").unwrap_or_else(|| panic!("{out:?}"));
        assert!(g.legal_choices().iter().any(|c| c.to_string() == text));
    }

    #[test]
    fn an_engine_analyses_a_position_and_refuses_bad_requests() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let json = position(&g.view(s), &g.legal_choices()).unwrap();
        let out = talk("greedy", &format!("analyse\nposition {json}\nanalyse 0\nanalyse lots\nanalyse 30\nquit\n"));
        // (progress lines, if the machine is slow, are tested below)
        let out: Vec<String> = out.into_iter().filter(|l| !l.starts_with("info ")).collect();
        assert!(out[0].starts_with("error no position"), "{out:?}");
        assert!(out[1].starts_with("error analyse [<iterations>]") && out[2].starts_with("error analyse"), "{out:?}");
        let best: Vec<&String> = out[3..].iter().take_while(|l| l.starts_with("best ")).collect();
        assert!(!best.is_empty() && best.len() <= 3, "{out:?}");
        for line in &best {
            let mut words = line.splitn(4, ' ').skip(1);
            let chance: f64 = words.next().unwrap().parse().unwrap();
            let visits: u32 = words.next().unwrap().parse().unwrap();
            let choice = words.next().unwrap();
            assert!((0.0..=1.0).contains(&chance) && visits > 0, "{line}");
            assert!(g.legal_choices().iter().any(|c| c.to_string() == choice), "{line}");
        }
        let last = out.last().unwrap();
        let chance: f64 = last.strip_prefix("analysis ").unwrap_or_else(|| panic!("{out:?}")).parse().unwrap();
        assert!((0.0..=1.0).contains(&chance));
        assert_eq!(out.len(), 3 + best.len() + 1, "{out:?}");
    }

    /// Team play: after `pass` the teammate chooses; its view gets a legal
    /// choice, and the view of the seat whose turn it is gets an error.
    #[test]
    fn an_analysis_says_its_progress_before_its_answer() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let json = position(&g.view(s), &g.legal_choices()).unwrap();
        // a budget that takes several of the progress's looks
        let out = talk("greedy", &format!("position {json}\nanalyse 3000\nquit\n"));
        let infos: Vec<(u32, u32)> = out
            .iter()
            .take_while(|l| l.starts_with("info "))
            .map(|l| {
                let rest = l.strip_prefix("info progress ").unwrap_or_else(|| panic!("{l}"));
                let (done, of) = rest.split_once(' ').unwrap();
                (done.parse().unwrap(), of.parse().unwrap())
            })
            .collect();
        assert!(!infos.is_empty(), "{out:?}");
        assert!(infos.iter().all(|&(done, of)| of == 3000 && done > 0 && done <= of), "{infos:?}");
        assert!(infos.windows(2).all(|w| w[0].0 < w[1].0), "growing: {infos:?}");
        // then the answer, and nothing more of the progress
        let rest = &out[infos.len()..];
        assert!(rest[0].starts_with("best ") && rest.last().unwrap().starts_with("analysis "), "{out:?}");
        assert!(rest.iter().all(|l| !l.starts_with("info ")), "{out:?}");
    }

    #[test]
    fn an_engine_answers_for_the_teammate_holding_control() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut g = Game::new(Form::TeamHighForm, &School::BASE).unwrap();
        while !g.turn().passed {
            let v = g.legal_choices();
            let pass = v.iter().copied().find(|c| *c == Choice::PassControl && g.turn().number > 4);
            g.apply_unchecked(pass.unwrap_or_else(|| v[rng.gen_range(0..v.len())]));
        }
        let mate = (g.turn().seat + 2) % 4;
        assert_eq!(g.actor(), Actor::Seat(mate));
        let mine = serde_json::to_string(&g.view(mate)).unwrap();
        let theirs = serde_json::to_string(&g.view(g.turn().seat)).unwrap();
        let out = talk("greedy", &format!("position {mine}\ngo\nposition {theirs}\ngo\n"));
        assert_eq!(out.len(), 2, "{out:?}");
        let text = out[0].strip_prefix("choice ").unwrap_or_else(|| panic!("{out:?}"));
        assert!(g.legal_choices().iter().any(|c| c.to_string() == text), "{text}");
        assert!(out[1].starts_with("error ") && out[1].contains("not the one to choose"), "{out:?}");
    }

    #[test]
    fn bad_lines_get_error_lines_and_the_engine_goes_on() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let mut view = g.view(s);
        let good = serde_json::to_string(&view).unwrap();
        view.seats[0].supply.0 = 250;
        let inconsistent = serde_json::to_string(&view).unwrap();
        let other = serde_json::to_string(&g.view(1 - s)).unwrap();
        let input = [
            "hello".to_string(),
            "go".into(),
            "position {not json".into(),
            "position".into(),
            format!("position {inconsistent}"),
            "go".into(),
            format!("position {other}"),
            "go".into(),
            "setoption name iterations value lots".into(),
            "setoption name depth value 3".into(),
            "setoption".into(),
            format!("position {good}"),
            "setoption name iterations value 10".into(),
            "go".into(),
            "quit".into(),
        ]
        .join("\n");
        let out = talk("mcts:iterations=50", &input);
        // a view of the seat that is not to choose is accepted, but not searched
        assert_eq!(out.len(), 11, "{out:#?}");
        assert!(out[..10].iter().all(|l| l.starts_with("error ")), "{out:#?}");
        assert!(out[10].starts_with("choice "), "{out:#?}");
        // bytes that are not text
        let mut buf = Vec::new();
        serve(&BotSpec::Random, &b"\xff\xfe\nisready\n"[..], &mut buf).unwrap();
        assert_eq!(String::from_utf8(buf).unwrap(), "error the line is not UTF-8 text\nreadyok\n");
    }

    /// Every leaf of a view's JSON changed in turn (numbers, strings,
    /// lists): each `position` and `go` gets at most one line back, an
    /// `error` or a `choice`, and the engine never stops.
    #[test]
    fn mangled_views_never_crash_the_engine() {
        use serde_json::Value;
        fn leaves(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
            match v {
                Value::Object(m) => m.iter().for_each(|(k, x)| {
                    path.push(k.clone());
                    leaves(x, path, out);
                    path.pop();
                }),
                Value::Array(a) if !a.is_empty() => a.iter().enumerate().for_each(|(i, x)| {
                    path.push(i.to_string());
                    leaves(x, path, out);
                    path.pop();
                }),
                _ => out.push(path.clone()),
            }
        }
        fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
            path.iter().fold(v, |v, k| match v {
                Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                v => &mut v[k.as_str()],
            })
        }
        let mut g = dealt();
        // into an effect, with a task board and some history
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        use rand::{Rng, SeedableRng};
        let mut g2 = Game::new(Form::HighForm, &[School::Highland, School::Sylvan]).unwrap();
        let in_effect = |g: &Game| g.phase() == tash_kalar_rules::Phase::Effect && g.turn().number > 6;
        while !(g2.is_over() || in_effect(&g2)) {
            let v = g2.legal_choices();
            g2.apply_unchecked(v[rng.gen_range(0..v.len())]);
        }
        // team play, control passed to the teammate
        let mut g3 = Game::new(Form::TeamDuel, &School::BASE).unwrap();
        while !g3.is_over() && !g3.turn().passed {
            let v = g3.legal_choices();
            let pass = v.iter().copied().find(|c| *c == Choice::PassControl && g3.turn().number > 6);
            g3.apply_unchecked(pass.unwrap_or_else(|| v[rng.gen_range(0..v.len())]));
        }
        assert!(g3.turn().passed);
        for game in [&mut g, &mut g2, &mut g3] {
            let Actor::Seat(s) = game.actor() else { continue };
            let view = serde_json::to_value(game.view(s)).unwrap();
            let mut paths = Vec::new();
            leaves(&view, &mut Vec::new(), &mut paths);
            let mut input = String::new();
            let mut commands = 0;
            for (i, p) in paths.iter().enumerate() {
                let mut v = view.clone();
                let leaf = at(&mut v, p);
                *leaf = match (&*leaf, i % 3) {
                    (Value::Number(_), 0) => Value::from(-1),
                    (Value::Number(_), 1) => Value::from(250),
                    (Value::String(_), 0) => Value::from("e5"),
                    (Value::String(_), _) => Value::from("legends.titan"),
                    (Value::Bool(b), _) => Value::from(!b),
                    (Value::Null, _) => Value::from("e5"),
                    _ => Value::Array(vec![]),
                };
                input.push_str(&format!("position {v}\ngo\n"));
                commands += 2;
            }
            input.push_str("isready\n");
            let out = talk("random", &input);
            assert_eq!(out.last().map(String::as_str), Some("readyok"), "the engine went on to the end");
            assert!(out.len() <= commands + 1);
            assert!(out[..out.len() - 1].iter().all(|l| l.starts_with("error ") || l.starts_with("choice ")));
            assert!(paths.len() > 40, "{}", paths.len());
        }
    }

    /// `setoption` goes through the same spec parsing as `--bot`: values
    /// that are not finite or out of range are refused, and the engine
    /// goes on with its options unchanged.
    #[test]
    fn options_out_of_range_are_refused_and_change_nothing() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let json = serde_json::to_string(&g.view(s)).unwrap();
        let bad = [
            ("c", "nan"),
            ("c", "inf"),
            ("c", "-1e308"),
            ("threads", "0"),
            ("threads", "100000"),
            ("iterations", "0"),
            ("iterations", "-5"),
            ("time", "nan"),
            ("time", "0s"),
            ("time", "1e30"),
            ("playout", "1000"),
            ("prior", "nan"),
            ("c", "1,threads=64"),
            ("depth", "3"),
        ];
        let mut input: String = bad.iter().map(|(k, v)| format!("setoption name {k} value {v}\n")).collect();
        input.push_str(&format!("tkp\nposition {json}\ngo\n"));
        let out = talk("mcts:iterations=30", &input);
        for (line, (k, v)) in out.iter().zip(bad) {
            assert!(line.starts_with("error "), "{k}={v}: {line}");
            if k != "depth" {
                assert!(line.contains(k) && (line.contains("expected") || line.contains("from")), "{k}={v}: {line}");
            }
        }
        // unchanged: the name still shows the spec given, and it searches
        assert_eq!(out[bad.len()], "id name tash-kalar mcts:iterations=30");
        assert!(out.last().unwrap().starts_with("choice "), "{out:?}");
        // a good value is taken, in the canonical text
        let out = talk("mcts", "setoption name time value 500ms\nsetoption name threads value 2\ntkp\n");
        assert_eq!(out[0], "id name tash-kalar mcts:time=500ms,threads=2");
        let out = talk("mcts:time=1s", "setoption name time value none\ntkp\n");
        assert_eq!(out[0], "id name tash-kalar mcts");
        // a turn's budget, the new search's own
        let out = talk("mcts:time=5s,threads=2", "setoption name turn value 4s\ntkp\n");
        assert_eq!(out[0], "id name tash-kalar mcts:time=5s,threads=2,turn=4s");
        let out = talk("mcts:turn=4s", "setoption name turn value none\ntkp\n");
        assert_eq!(out[0], "id name tash-kalar mcts");
        let out = talk("mcts-v2", "setoption name turn value 4s\ntkp\n");
        assert!(out[0].starts_with("error unknown option \"turn\""), "{out:?}");
    }

    /// A driver may only show the engine what its seat could see: a view
    /// with another seat's hand (a referee's view made to look like a
    /// seat's, or a teammate's hand added) is refused.
    #[test]
    fn a_view_showing_another_seats_hand_is_refused() {
        use tash_kalar_rules::view::Viewer;
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let mut peeking = g.referee_view();
        peeking.viewer = Viewer::Seat { seat: s };
        let peeking = position(&peeking, &g.legal_choices()).unwrap();
        // team play: the teammate's hand is hidden too, as in Game::view
        let mut t = Game::new(Form::TeamDuel, &School::BASE).unwrap();
        while t.actor() == Actor::Chance {
            let v = t.legal_choices();
            t.apply_unchecked(v[0]);
        }
        let Actor::Seat(ts) = t.actor() else { panic!() };
        let mate = (ts as usize + 2) % 4;
        let mut with_mate = t.view(ts);
        with_mate.seats[mate].hand = t.referee_view().seats[mate].hand.clone();
        assert!(with_mate.seats[mate].hand.is_some());
        let with_mate = serde_json::to_string(&with_mate).unwrap();
        let spectator = serde_json::to_string(&g.spectator_view()).unwrap();
        let own = serde_json::to_string(&g.view(s)).unwrap();
        let input = format!("position {peeking}\ngo\nposition {with_mate}\nposition {spectator}\nposition {own}\ngo\n");
        let out = talk("random", &input);
        assert_eq!(out.len(), 5, "{out:#?}");
        let other = 1 - s;
        assert_eq!(out[0], format!("error the view shows seat {other}'s hand, which seat {s} cannot see"));
        assert_eq!(out[1], "error no position");
        assert_eq!(out[2], format!("error the view shows seat {mate}'s hand, which seat {ts} cannot see"));
        assert!(out[3].starts_with("error ") && out[3].contains("not a seat's"), "{}", out[3]);
        assert!(out[4].starts_with("choice "), "{}", out[4]);
    }

    /// Each bad line is answered with the error that says what was wrong.
    #[test]
    fn each_error_line_says_what_was_wrong() {
        let g = dealt();
        let Actor::Seat(s) = g.actor() else { panic!() };
        let mut view = g.view(s);
        view.seats[0].supply.0 = 250;
        let inconsistent = serde_json::to_string(&view).unwrap();
        let view_250 = view;
        let mut choices = g.legal_choices();
        choices.push(Choice::PassControl);
        let other_rules = position(&g.view(s), &choices).unwrap();
        let long = "x".repeat(1000);
        let cases = [
            (format!("{long} now"), format!("unknown command \"{}…\"", &long[..Token::MAX])),
            ("setoption depth 3".into(), "expected: setoption name <name> value <value>".into()),
            ("setoption name seed value -1".into(), "bad seed \"-1\"".into()),
            ("setoption name depth value 3".into(), "unknown option \"depth\"".into()),
            (
                "setoption name c value 1,threads=64".into(),
                "c=\"1,threads=64\": expected one value (no commas, colons or equals signs)".into(),
            ),
            (
                "setoption name iterations value lots".into(),
                "mcts:iterations=lots".parse::<BotSpec>().unwrap_err().to_string(),
            ),
            ("position {".into(), "bad view JSON: EOF while parsing an object at line 1 column 1".into()),
            (format!("position {inconsistent}"), Observation::from_view(&view_250).unwrap_err().to_string()),
            (
                format!("position {other_rules}"),
                "the view's choices are not the ones these rules allow (another version?)".into(),
            ),
            ("go".into(), "no position".into()),
        ];
        let input: String = cases.iter().map(|(line, _)| format!("{line}\n")).collect();
        let out = talk("mcts:iterations=20", &input);
        assert_eq!(out.len(), cases.len(), "{out:#?}");
        for ((line, want), got) in cases.iter().zip(&out) {
            assert_eq!(got, &format!("error {want}"), "{line}");
        }
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(split_command("a  b 'c d' \"e\"f"), ["a", "b", "c d", "ef"]);
        assert_eq!(split_command("  "), Vec::<String>::new());
        assert_eq!(split_command("x ''"), ["x", ""]);
    }
}
