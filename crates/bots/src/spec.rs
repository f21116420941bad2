//! Bot specs: which of our bots plays, and with what options, as a closed,
//! typed value.
//!
//! A spec's text is a level's name (`easy`, `medium`, `hard`, `expert`, see
//! [`Level`]), or a bot's name, then optionally a colon and comma-separated
//! `key=value` options: `random`, `greedy:noise=0.5`,
//! `mcts:iterations=2000,threads=2`, `mcts:time=1s`, `mcts-v2`, `mcts-v1:time=1s`.
//! [`BotSpec`] parses it ([`FromStr`]) into typed values, each finite and
//! within its documented range (a NaN, an infinity, `threads=0` or a runaway
//! budget is refused with the option's name and its range), and writes it
//! back in a canonical form ([`Display`](fmt::Display): a level as its name;
//! otherwise only the options that differ from the defaults, in a fixed
//! order) that parses to the same spec.
//!
//! | option | bots | values |
//! |---|---|---|
//! | `iterations` | mcts, mcts-v2, mcts-v1 | a whole number, 1 to 100 000 000 (default 2000; with `time` alone, no limit) |
//! | `time` | mcts, mcts-v2, mcts-v1 | `1s`, `0.5s`, `500ms` (a plain number is seconds), 1 ms to 3600 s, whole milliseconds |
//! | `threads` | mcts, mcts-v2, mcts-v1 | 1 to 64 |
//! | `playout` | mcts, mcts-v2, mcts-v1 | turns, 0 to 100: mcts, whole turns after one round (every other seat once) before the evaluation (default 1: the bot's own next turn); mcts-v1, turns played past the leaf (default 1) |
//! | `c` | mcts, mcts-v2, mcts-v1 | exploration, 0 to 100 (default 0.1 for mcts and mcts-v2, 0.3 for mcts-v1) |
//! | `scale` | mcts, mcts-v2, mcts-v1 | evaluation points of the logistic, 0.01 to 1000 |
//! | `prior` | mcts, mcts-v2, mcts-v1 | root bias weight, 0 (none) to 1000 |
//! | `widen` | mcts, mcts-v2, mcts-v1 | progressive widening at the root, 0 (none) to 1000 |
//! | `widen_inner` | mcts, mcts-v2 | progressive widening below the root, 0 (none) to 1000 (default 1) |
//! | `playout_noise` | mcts, mcts-v2 | how often a playout step is random among the sensible choices, 0 to 1 (default 0.25) |
//! | `lead`, `cards_per_turn`, `points_per_turn` | mcts, mcts-v2 | the end of the game's weights ([`EndWeights`](crate::weights::EndWeights)): 0 to 100, 0.1 to 10, 0.1 to 10 |
//! | `centre`, `reuse` | mcts, mcts-v2, mcts-v1 | `0`, `1`, `false` or `true` |
//! | `held_legend`, `held_flare` | mcts | what a legend or a flare in hand is worth while turns are left to play it, 0 to 100 evaluation points (default 0.3, 0.2; see [`crate::economy`]) |
//! | `return_legend`, `return_flare` | mcts | the cost of returning a legend to the shared deck (if it comes round before the end) or a flare, 0 to 100 (default 1.5, 0.3) |
//! | `summoned` | mcts | the share of a summoned card's ready weight credited to its summoner, 0 to 100 (default 1; 0 judges a summon as before: the card's worth in hand lost; see [`crate::economy`]) |
//! | `pending` | mcts | Etherweave: the share of a pending being's causality penalty given back while turns are left to summon it, 0 to 1 (default 1; 0 charges the penalty in full from the warp on, as before; see [`crate::economy`]) |
//! | `flare_cost` | mcts | the cost of invoking a flare on top of the point it gives, 0 to 100 (default 0.3) |
//! | `all_summons` | mcts | `0`, `1`, `false` or `true` (default 0: the playout judges one summon per being, picked at random; 1 judges every summon, as mcts-v2) |
//! | `judged_expansion` | mcts | `0`, `1`, `false` or `true` (default 1: a node below the root adds its children in the playout policy's order without its noise, its best first; 0 with the noise, as mcts-v2) |
//! | `reveal` | mcts | `0`, `1`, `false` or `true` (default 0: the hidden cards dealt uniformly; 1 deals a card the next seat could have summoned for a clear gain and did not into its hand less often, see the `reveal` module) |
//! | `judged_steps` | mcts | the most of an effect step's choices the playout judges (at random among them), 2 to 24 (default 24: every one, as mcts-v2) |
//! | `turn` | mcts | the time for all of the bot's choices in one turn, as `time` (default none; each choice gets at most half of what is left of it, see [`MctsConfig::turn`]) |
//! | `value` | mcts | what judges the horizon: `net` (the default: the learned value network compiled in, in the duel and the High Form where a position is like those it was fitted on; see [`crate::value`]) or `linear` (the evaluation everywhere) |
//! | `early_stop` | mcts, mcts-v2 | `0`, `1`, `false` or `true` (default 1: stop once the most visited root choice cannot be overtaken) |
//! | `noise` | greedy | the temperature of its choices in evaluation points, 0 (none) to 100 |
//! | a weight's name | greedy, mcts, mcts-v2, mcts-v1 | -100 to 100 (see [`Weights::NAMES`]; the defaults are the weights file's for mcts and mcts-v2, [`Weights::hand_set`] for greedy, [`Weights::hand_written`] for mcts-v1) |
//!
//! Only our own bots have specs: an outside program is not a bot spec, and
//! this crate starts no process (see the `tash-kalar-arena` crate for
//! engines). A host that lends its machine to visitors checks a spec's
//! budget against its own [`Limits`].

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

use crate::bot::{Bot, RandomBot};
use crate::economy::Economy;
use crate::greedy::GreedyBot;
use crate::greedy::GreedyConfig;
use crate::mcts::{Judge, MctsBot, MctsConfig};
use crate::mcts_v1::{MctsV1Bot, MctsV1Config};
use crate::mcts_v2::{MctsV2Bot, MctsV2Config};
use crate::weights::Weights;
use tash_kalar_rules::Token;

/// One of our bots with its options, every value finite and in range.
///
/// ```
/// use tash_kalar_bots::BotSpec;
///
/// let spec: BotSpec = "mcts:threads=2,iterations=500".parse().unwrap();
/// assert_eq!(spec.to_string(), "mcts:iterations=500,threads=2");
/// assert_eq!(spec.build(7).name(), "mcts");
/// let refused = "mcts:c=nan".parse::<BotSpec>().unwrap_err();
/// assert_eq!(refused.to_string(), r#"c="nan": expected a number from 0 to 100"#);
/// assert!("cmd:rm -rf /".parse::<BotSpec>().is_err());
/// // a level is a documented spec, and keeps its name
/// let hard: BotSpec = "hard".parse().unwrap();
/// assert_eq!(hard.to_string(), "hard");
/// assert_eq!(hard.resolved().to_string(), "mcts:time=1s");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `easy`, `medium`, `hard` or `expert`: a documented spec by name.
    Level(Level),
    /// `random`: uniformly among the legal choices.
    Random,
    /// `greedy`: one step of lookahead, with these evaluation weights and noise.
    Greedy(GreedyConfig),
    /// `mcts`: information-set Monte Carlo tree search through every
    /// seat's reply ([`crate::mcts`]).
    Mcts(MctsConfig),
    /// `mcts-v2`: the second search, kept as a baseline ([`crate::mcts_v2`]).
    MctsV2(MctsV2Config),
    /// `mcts-v1`: the first search, kept as a baseline ([`crate::mcts_v1`]).
    MctsV1(MctsV1Config),
}

/// The levels people choose from, each a documented spec with a budget
/// (see [`Level::spec`]); the canonical text of a level is its name, so
/// records, tables and lobbies show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The spec a level plays as:
    ///
    /// | level | spec | budget a decision |
    /// |---|---|---|
    /// | `easy` | `greedy:noise=0.5` | one greedy look at each action, then a choice at random weighted by its value (a choice half a point worse 2.7 times less likely): it beat random in 48 duels of 48 and lost to greedy in 48 of 48 |
    /// | `medium` | `mcts:iterations=500` | 500 iterations: some 20–50 ms on one core |
    /// | `hard` | `mcts:time=1s` | one second, one thread |
    /// | `expert` | `mcts:time=5s,threads=2,turn=10s` | five seconds a choice on two threads, ten for all of a turn's choices (a choice at most half of what is left of them) |
    pub fn spec(self) -> BotSpec {
        let text = match self {
            Level::Easy => "greedy:noise=0.5",
            Level::Medium => "mcts:iterations=500",
            Level::Hard => "mcts:time=1s",
            Level::Expert => "mcts:time=5s,threads=2,turn=10s",
        };
        text.parse().expect("a level's spec parses")
    }

    /// A line for a lobby or a help text.
    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => "easy: a beginner can beat it (greedy with noise)",
            Level::Medium => "medium: a quick search (500 iterations a decision)",
            Level::Hard => "hard: one second of search a decision",
            Level::Expert => "expert: up to five seconds of search a decision and ten a turn, on two threads",
        }
    }
}

impl FromStr for Level {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Level, SpecError> {
        Level::ALL.into_iter().find(|l| l.name() == text).ok_or_else(|| SpecError::UnknownBot(Token::new(text)))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong with a bot spec.
/// The words quoted are bounded ([`Token`]): a spec comes from a visitor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    #[error("unknown bot {0} (expected easy, medium, hard, expert, random, greedy, mcts, mcts-v2 or mcts-v1)")]
    UnknownBot(Token),
    #[error("{bot} has no option {option} ({known})")]
    UnknownOption { bot: &'static str, option: Token, known: &'static str },
    #[error("bot options are key=value, not {0}")]
    NotKeyValue(Token),
    #[error("option {} is given twice", .0.as_str())]
    Repeated(Token),
    #[error("{}={value}: expected {allowed}", option.as_str())]
    OutOfRange { option: Token, value: Token, allowed: Allowed },
    /// Over what the host allows ([`Limits`]); time in milliseconds.
    #[error("{option}={}: this host allows at most {option}={}", option.amount(*value), option.amount(*limit))]
    OverLimit { option: Limited, value: u64, limit: u64 },
    #[error("a search needs iterations or time (or both)")]
    NoBudget,
}

/// What an option's value may be (see [`bounds`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    Whole {
        min: u64,
        max: u64,
    },
    Real {
        min: Real,
        max: Real,
    },
    /// `0`, `1`, `false` or `true`.
    Flag,
    /// A time from 1ms to 3600s, like `1s`, `0.5s` or `500ms`.
    Time,
    /// A configured time: whole milliseconds, 1ms to 3600s.
    WholeMilliseconds,
    /// `linear` or `net`.
    Judge,
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allowed::Whole { min, max } => write!(f, "a whole number from {min} to {max}"),
            Allowed::Real { min, max } => write!(f, "a number from {} to {}", min.0, max.0),
            Allowed::Flag => f.write_str("0, 1, false or true"),
            Allowed::Time => f.write_str("a time from 1ms to 3600s (like 1s, 0.5s or 500ms)"),
            Allowed::WholeMilliseconds => f.write_str("whole milliseconds, 1ms to 3600s"),
            Allowed::Judge => f.write_str("linear or net"),
        }
    }
}

/// A bound of an option's range, compared by its bits (so errors are `Eq`).
#[derive(Copy, Clone, Debug)]
pub struct Real(pub f64);

impl PartialEq for Real {
    fn eq(&self, other: &Real) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Real {}

/// An option a host limits ([`Limits`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limited {
    Threads,
    Iterations,
    /// In milliseconds.
    Time,
}

impl Limited {
    fn amount(self, n: u64) -> String {
        match self {
            Limited::Time => format!("{n}ms"),
            _ => n.to_string(),
        }
    }
}

impl fmt::Display for Limited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limited::Threads => "threads",
            Limited::Iterations => "iterations",
            Limited::Time => "time",
        })
    }
}

/// The range of each option (see the module documentation).
pub mod bounds {
    use std::ops::RangeInclusive;

    pub const ITERATIONS: RangeInclusive<u64> = 1..=100_000_000;
    /// In milliseconds.
    pub const TIME_MS: RangeInclusive<u64> = 1..=3_600_000;
    pub const THREADS: RangeInclusive<u64> = 1..=64;
    pub const PLAYOUT: RangeInclusive<u64> = 0..=100;
    pub const C: RangeInclusive<f64> = 0.0..=100.0;
    pub const SCALE: RangeInclusive<f64> = 0.01..=1000.0;
    pub const PRIOR: RangeInclusive<f64> = 0.0..=1000.0;
    pub const WIDEN: RangeInclusive<f64> = 0.0..=1000.0;
    pub const WIDEN_INNER: RangeInclusive<f64> = 0.0..=1000.0;
    pub const PLAYOUT_NOISE: RangeInclusive<f64> = 0.0..=1.0;
    pub const NOISE: RangeInclusive<f64> = 0.0..=100.0;
    /// The new search's economy weights, in evaluation points.
    pub const ECONOMY: RangeInclusive<f64> = 0.0..=100.0;
    /// The share of a pending being's penalty given back.
    pub const PENDING: RangeInclusive<f64> = 0.0..=1.0;
    /// The new search's playout: an effect step's choices judged at most.
    pub const JUDGED_STEPS: RangeInclusive<u64> = 2..=crate::mcts::JUDGED_STEPS as u64;
    // the weights' own ranges, where a weights file is read too
    pub use crate::weights::bounds::{CARDS_PER_TURN, LEAD, POINTS_PER_TURN, WEIGHT};
}

const MCTS_OPTIONS: &str = "iterations, time, threads, playout, c, scale, prior, widen, widen_inner, \
                            playout_noise, lead, cards_per_turn, points_per_turn, centre, reuse, early_stop, held_legend, \
                            held_flare, return_legend, return_flare, flare_cost, summoned, pending, all_summons, judged_steps, judged_expansion, reveal, turn, value \
                            or an evaluation weight";
const MCTS_V1_OPTIONS: &str =
    "iterations, time, threads, playout, c, scale, prior, widen, centre, reuse or an evaluation weight";
const GREEDY_OPTIONS: &str = "noise or an evaluation weight: common, heroic, legendary, ready1, ready2, ready3, \
                              task_now, task_later, leader, melee_mean, near, threat, danger, actions, progress, frozen, gateway";

/// The most a bot may spend on one decision, as a host allows it (the
/// server lends its machine to visitors: it sets these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub threads: usize,
    pub iterations: u32,
    pub time: Duration,
}

fn out_of_range(option: &str, value: &str, allowed: Allowed) -> SpecError {
    SpecError::OutOfRange { option: Token::new(option), value: Token::new(value), allowed }
}

fn whole(option: &str, value: &str, range: RangeInclusive<u64>) -> Result<u64, SpecError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| out_of_range(option, value, Allowed::Whole { min: *range.start(), max: *range.end() }))
}

fn real(option: &str, value: &str, range: RangeInclusive<f64>) -> Result<f64, SpecError> {
    value.parse::<f64>().ok().filter(|v| v.is_finite() && range.contains(v)).ok_or_else(|| {
        out_of_range(option, value, Allowed::Real { min: Real(*range.start()), max: Real(*range.end()) })
    })
}

fn flag(option: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(out_of_range(option, value, Allowed::Flag)),
    }
}

/// `1s`, `0.5s`, `500ms` or a plain number of seconds, to whole milliseconds.
fn time(value: &str) -> Result<Duration, SpecError> {
    duration("time", value)
}

/// A time option (`time`, `turn`): as [`time`], refused under its own name.
fn duration(option: &str, value: &str) -> Result<Duration, SpecError> {
    let secs = match value.strip_suffix("ms") {
        Some(ms) => ms.parse::<f64>().map(|m| m / 1000.0),
        None => value.strip_suffix('s').unwrap_or(value).parse::<f64>(),
    };
    let ms = secs.ok().map(|s| (s * 1000.0).round()).filter(|ms| ms.is_finite());
    let range = bounds::TIME_MS;
    match ms {
        Some(ms) if ms >= *range.start() as f64 && ms <= *range.end() as f64 => Ok(Duration::from_millis(ms as u64)),
        _ => Err(out_of_range(option, value, Allowed::Time)),
    }
}

fn weight(weights: &mut Weights, bot: &'static str, key: &str, value: &str) -> Result<(), SpecError> {
    let known = match bot {
        "mcts" | "mcts-v2" => MCTS_OPTIONS,
        "mcts-v1" => MCTS_V1_OPTIONS,
        _ => GREEDY_OPTIONS,
    };
    if weights.get(key).is_none() {
        return Err(SpecError::UnknownOption { bot, option: Token::new(key), known });
    }
    weights.set(key, real(key, value, bounds::WEIGHT)?);
    Ok(())
}

/// The options every search shares, as the first search's config holds
/// them (the later searches' configs have the same fields and more).
fn shared(c: &MctsV2Config) -> MctsV1Config {
    MctsV1Config {
        iterations: c.iterations,
        time: c.time,
        threads: c.threads,
        playout_turns: c.playout_turns,
        exploration: c.exploration,
        scale: c.scale,
        prior: c.prior,
        widen: c.widen,
        centre: c.centre,
        reuse: c.reuse,
        weights: c.weights.clone(),
    }
}

fn set_shared(c: &mut MctsV2Config, s: MctsV1Config) {
    (c.iterations, c.time, c.threads, c.playout_turns) = (s.iterations, s.time, s.threads, s.playout_turns);
    (c.exploration, c.scale, c.prior, c.widen) = (s.exploration, s.scale, s.prior, s.widen);
    (c.centre, c.reuse, c.weights) = (s.centre, s.reuse, s.weights);
}

/// Sets one option the searches share (the budget's `iterations`/`time`
/// interplay is the caller's).
fn search_option(c: &mut MctsV1Config, bot: &'static str, key: &str, value: &str) -> Result<(), SpecError> {
    match key {
        "iterations" => c.iterations = Some(whole(key, value, bounds::ITERATIONS)? as u32),
        "time" => c.time = Some(time(value)?),
        "threads" => c.threads = whole(key, value, bounds::THREADS)? as usize,
        "playout" => c.playout_turns = whole(key, value, bounds::PLAYOUT)? as u16,
        "c" => c.exploration = real(key, value, bounds::C)?,
        "scale" => c.scale = real(key, value, bounds::SCALE)?,
        "prior" => c.prior = real(key, value, bounds::PRIOR)?,
        "widen" => c.widen = real(key, value, bounds::WIDEN)?,
        "centre" => c.centre = flag(key, value)?,
        "reuse" => c.reuse = flag(key, value)?,
        _ => weight(&mut c.weights, bot, key, value)?,
    }
    Ok(())
}

/// The options the new search shares with `mcts-v2`, as `mcts-v2`'s config
/// holds them (the new search's config has the same fields and more).
fn v2_part(c: &MctsConfig) -> MctsV2Config {
    MctsV2Config {
        iterations: c.iterations,
        time: c.time,
        threads: c.threads,
        playout_turns: c.playout_turns,
        exploration: c.exploration,
        scale: c.scale,
        prior: c.prior,
        widen: c.widen,
        widen_inner: c.widen_inner,
        playout_noise: c.playout_noise,
        centre: c.centre,
        reuse: c.reuse,
        early_stop: c.early_stop,
        weights: c.weights.clone(),
        end: c.end.clone(),
    }
}

fn set_v2_part(c: &mut MctsConfig, v: MctsV2Config) {
    (c.iterations, c.time, c.threads, c.playout_turns) = (v.iterations, v.time, v.threads, v.playout_turns);
    (c.exploration, c.scale, c.prior, c.widen) = (v.exploration, v.scale, v.prior, v.widen);
    (c.widen_inner, c.playout_noise, c.centre, c.reuse) = (v.widen_inner, v.playout_noise, v.centre, v.reuse);
    (c.early_stop, c.weights, c.end) = (v.early_stop, v.weights, v.end);
}

/// Sets one option of an mcts spec: its own (the economy's weights), or one
/// it shares with mcts-v2.
fn mcts_option(c: &mut MctsConfig, key: &str, value: &str) -> Result<(), SpecError> {
    let e = &mut c.economy;
    match key {
        "held_legend" => e.held_legend = real(key, value, bounds::ECONOMY)?,
        "held_flare" => e.held_flare = real(key, value, bounds::ECONOMY)?,
        "return_legend" => e.return_legend = real(key, value, bounds::ECONOMY)?,
        "return_flare" => e.return_flare = real(key, value, bounds::ECONOMY)?,
        "flare_cost" => e.flare = real(key, value, bounds::ECONOMY)?,
        "summoned" => e.summoned = real(key, value, bounds::ECONOMY)?,
        "pending" => e.pending = real(key, value, bounds::PENDING)?,
        "turn" => c.turn = Some(duration(key, value)?),
        "all_summons" => c.all_summons = flag(key, value)?,
        "judged_expansion" => c.judged_expansion = flag(key, value)?,
        "reveal" => c.reveal = flag(key, value)?,
        "judged_steps" => c.judged_steps = whole(key, value, bounds::JUDGED_STEPS)? as usize,
        "value" => {
            c.value = match value {
                "linear" => Judge::Linear,
                "net" => Judge::Net(crate::value::default_net()),
                _ => return Err(out_of_range(key, value, Allowed::Judge)),
            }
        }
        _ => {
            let mut v = v2_part(c);
            v2_option(&mut v, "mcts", key, value)?;
            set_v2_part(c, v);
        }
    }
    Ok(())
}

/// The economy's options in their canonical order, with their values.
fn economy_options(e: &Economy) -> [(&'static str, f64); 7] {
    [
        ("held_legend", e.held_legend),
        ("held_flare", e.held_flare),
        ("return_legend", e.return_legend),
        ("return_flare", e.return_flare),
        ("flare_cost", e.flare),
        ("summoned", e.summoned),
        ("pending", e.pending),
    ]
}

/// Sets one option of an mcts-v2 spec (or of the new search, `bot`): its
/// own, or one it shares with mcts-v1.
fn v2_option(c: &mut MctsV2Config, bot: &'static str, key: &str, value: &str) -> Result<(), SpecError> {
    match key {
        "widen_inner" => c.widen_inner = real(key, value, bounds::WIDEN_INNER)?,
        "playout_noise" => c.playout_noise = real(key, value, bounds::PLAYOUT_NOISE)?,
        "lead" => c.end.lead = real(key, value, bounds::LEAD)?,
        "cards_per_turn" => c.end.cards_per_turn = real(key, value, bounds::CARDS_PER_TURN)?,
        "points_per_turn" => c.end.points_per_turn = real(key, value, bounds::POINTS_PER_TURN)?,
        "early_stop" => c.early_stop = flag(key, value)?,
        _ => {
            let mut s = shared(c);
            search_option(&mut s, bot, key, value)?;
            set_shared(c, s);
        }
    }
    Ok(())
}

/// The budget as given: a time alone is the budget; with iterations too,
/// both are.
fn settle_budget(iterations: &mut Option<u32>, time: Option<Duration>, seen: &[&str]) {
    if time.is_some() && !seen.contains(&"iterations") {
        *iterations = None;
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let level = name.parse::<Level>().ok();
        if level.is_none() && !["random", "greedy", "mcts", "mcts-v2", "mcts-v1"].contains(&name) {
            return Err(SpecError::UnknownBot(Token::new(name)));
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut pairs = Vec::new();
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = option.split_once('=').ok_or_else(|| SpecError::NotKeyValue(Token::new(option)))?;
            if seen.contains(&key) {
                return Err(SpecError::Repeated(Token::new(key)));
            }
            seen.push(key);
            pairs.push((key, value));
        }
        let no_options = |bot: &'static str| match pairs.first() {
            Some((key, _)) => Err(SpecError::UnknownOption { bot, option: Token::new(key), known: "none" }),
            None => Ok(()),
        };
        let spec = match (level, name) {
            (Some(level), _) => {
                no_options(level.name())?;
                BotSpec::Level(level)
            }
            (None, "random") => {
                no_options("random")?;
                BotSpec::Random
            }
            (None, "greedy") => {
                let mut g = GreedyConfig::default();
                for (key, value) in pairs {
                    match key {
                        "noise" => g.noise = real(key, value, bounds::NOISE)?,
                        _ => weight(&mut g.weights, "greedy", key, value)?,
                    }
                }
                BotSpec::Greedy(g)
            }
            (None, "mcts") => {
                let mut c = MctsConfig::default();
                for (key, value) in pairs {
                    mcts_option(&mut c, key, value)?;
                }
                settle_budget(&mut c.iterations, c.time, &seen);
                BotSpec::Mcts(c)
            }
            (None, "mcts-v2") => {
                let mut c = MctsV2Config::default();
                for (key, value) in pairs {
                    v2_option(&mut c, "mcts-v2", key, value)?;
                }
                settle_budget(&mut c.iterations, c.time, &seen);
                BotSpec::MctsV2(c)
            }
            (None, "mcts-v1") => {
                let mut c = MctsV1Config::default();
                for (key, value) in pairs {
                    search_option(&mut c, "mcts-v1", key, value)?;
                }
                settle_budget(&mut c.iterations, c.time, &seen);
                BotSpec::MctsV1(c)
            }
            (None, other) => return Err(SpecError::UnknownBot(Token::new(other))),
        };
        spec.check()?;
        Ok(spec)
    }
}

/// A time as an option's value: `2s`, or `1500ms` when not whole seconds.
fn millis(t: Duration) -> String {
    let ms = t.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

/// The weights that differ from the defaults `d`, as options.
fn weight_options(w: &Weights, d: &Weights, out: &mut Vec<String>) {
    for name in Weights::NAMES {
        let (v, dv) = (w.get(name), d.get(name));
        if v != dv {
            out.push(format!("{name}={}", v.unwrap_or_default()));
        }
    }
}

/// The shared options that differ from the defaults (weights apart), in
/// their canonical order.
fn search_options(c: &MctsV1Config, d: &MctsV1Config, out: &mut Vec<String>) {
    let iterations = match c.time {
        None => c.iterations != d.iterations,
        Some(_) => c.iterations.is_some(),
    };
    if let (true, Some(n)) = (iterations, c.iterations) {
        out.push(format!("iterations={n}"));
    }
    if let Some(t) = c.time {
        out.push(format!("time={}", millis(t)));
    }
    let mut differs = |key: &str, changed: bool, value: String| {
        if changed {
            out.push(format!("{key}={value}"));
        }
    };
    differs("threads", c.threads != d.threads, c.threads.to_string());
    differs("playout", c.playout_turns != d.playout_turns, c.playout_turns.to_string());
    differs("c", c.exploration != d.exploration, c.exploration.to_string());
    differs("scale", c.scale != d.scale, c.scale.to_string());
    differs("prior", c.prior != d.prior, c.prior.to_string());
    differs("widen", c.widen != d.widen, c.widen.to_string());
    differs("centre", c.centre != d.centre, u8::from(c.centre).to_string());
    differs("reuse", c.reuse != d.reuse, u8::from(c.reuse).to_string());
}

/// The options of `mcts-v2` (and of the new search, which has them too)
/// that differ from the defaults `d`, in their canonical order.
fn v2_options(c: &MctsV2Config, d: &MctsV2Config, out: &mut Vec<String>) {
    search_options(&shared(c), &shared(d), out);
    let mut differs = |key: &str, value: f64, default: f64| {
        if value != default {
            out.push(format!("{key}={value}"));
        }
    };
    differs("widen_inner", c.widen_inner, d.widen_inner);
    differs("playout_noise", c.playout_noise, d.playout_noise);
    differs("lead", c.end.lead, d.end.lead);
    differs("cards_per_turn", c.end.cards_per_turn, d.end.cards_per_turn);
    differs("points_per_turn", c.end.points_per_turn, d.end.points_per_turn);
    if c.early_stop != d.early_stop {
        out.push(format!("early_stop={}", u8::from(c.early_stop)));
    }
    weight_options(&c.weights, &d.weights, out);
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut options = Vec::new();
        match self {
            BotSpec::Level(_) | BotSpec::Random => {}
            BotSpec::Greedy(g) => {
                if g.noise != 0.0 {
                    options.push(format!("noise={}", g.noise));
                }
                weight_options(&g.weights, &GreedyConfig::default().weights, &mut options);
            }
            BotSpec::Mcts(c) => {
                let d = MctsConfig::default();
                v2_options(&v2_part(c), &v2_part(&d), &mut options);
                for ((key, v), (_, dv)) in economy_options(&c.economy).into_iter().zip(economy_options(&d.economy)) {
                    if v != dv {
                        options.push(format!("{key}={v}"));
                    }
                }
                if c.all_summons != d.all_summons {
                    options.push(format!("all_summons={}", u8::from(c.all_summons)));
                }
                if c.judged_steps != d.judged_steps {
                    options.push(format!("judged_steps={}", c.judged_steps));
                }
                if c.judged_expansion != d.judged_expansion {
                    options.push(format!("judged_expansion={}", u8::from(c.judged_expansion)));
                }
                if c.reveal != d.reveal {
                    options.push(format!("reveal={}", u8::from(c.reveal)));
                }
                if let Some(t) = c.turn {
                    options.push(format!("turn={}", millis(t)));
                }
                // (a network other than the compiled-in one, as the training
                // makes, has no text of its own: it is written `net` too)
                if c.value != d.value {
                    options.push(
                        match c.value {
                            Judge::Linear => "value=linear",
                            Judge::Net(_) => "value=net",
                        }
                        .to_string(),
                    );
                }
            }
            BotSpec::MctsV2(c) => v2_options(c, &MctsV2Config::default(), &mut options),
            BotSpec::MctsV1(c) => {
                let d = MctsV1Config::default();
                search_options(c, &d, &mut options);
                weight_options(&c.weights, &d.weights, &mut options);
            }
        }
        if options.is_empty() {
            f.write_str(self.name())
        } else {
            write!(f, "{}:{}", self.name(), options.join(","))
        }
    }
}

/// Whether every weight is finite and in range.
fn check_weights(w: &Weights) -> Result<(), SpecError> {
    Weights::NAMES.iter().try_for_each(|n| {
        let v = w.get(n).unwrap_or_default();
        real(n, &v.to_string(), bounds::WEIGHT).map(drop)
    })
}

/// Whether the options of `mcts-v2` (or the new search's same options) are
/// finite and in range.
fn check_v2(c: &MctsV2Config) -> Result<(), SpecError> {
    check_search(&shared(c))?;
    real("widen_inner", &c.widen_inner.to_string(), bounds::WIDEN_INNER)?;
    real("playout_noise", &c.playout_noise.to_string(), bounds::PLAYOUT_NOISE)?;
    real("lead", &c.end.lead.to_string(), bounds::LEAD)?;
    real("cards_per_turn", &c.end.cards_per_turn.to_string(), bounds::CARDS_PER_TURN)?;
    real("points_per_turn", &c.end.points_per_turn.to_string(), bounds::POINTS_PER_TURN)?;
    Ok(())
}

/// Whether a time option, if set, is whole milliseconds in range.
fn check_time(option: &str, t: Option<Duration>) -> Result<(), SpecError> {
    if let Some(t) = t {
        let ms = t.as_millis();
        if Duration::from_millis(ms as u64) != t || !bounds::TIME_MS.contains(&(ms as u64)) {
            return Err(out_of_range(option, &format!("{t:?}"), Allowed::WholeMilliseconds));
        }
    }
    Ok(())
}

/// Whether the shared options of a search are finite and in range.
fn check_search(c: &MctsV1Config) -> Result<(), SpecError> {
    if c.iterations.is_none() && c.time.is_none() {
        return Err(SpecError::NoBudget);
    }
    if let Some(n) = c.iterations {
        whole("iterations", &n.to_string(), bounds::ITERATIONS)?;
    }
    check_time("time", c.time)?;
    whole("threads", &c.threads.to_string(), bounds::THREADS)?;
    whole("playout", &c.playout_turns.to_string(), bounds::PLAYOUT)?;
    real("c", &c.exploration.to_string(), bounds::C)?;
    real("scale", &c.scale.to_string(), bounds::SCALE)?;
    real("prior", &c.prior.to_string(), bounds::PRIOR)?;
    real("widen", &c.widen.to_string(), bounds::WIDEN)?;
    check_weights(&c.weights)
}

impl BotSpec {
    /// The spec's name: a level's (`easy`, ...) or a bot's (`random`,
    /// `greedy`, `mcts` or `mcts-v1`).
    pub fn name(&self) -> &'static str {
        match self {
            BotSpec::Level(l) => l.name(),
            BotSpec::Random => "random",
            BotSpec::Greedy(_) => "greedy",
            BotSpec::Mcts(_) => "mcts",
            BotSpec::MctsV2(_) => "mcts-v2",
            BotSpec::MctsV1(_) => "mcts-v1",
        }
    }

    /// The spec a level plays as ([`Level::spec`]); any other spec itself.
    pub fn resolved(&self) -> BotSpec {
        match self {
            BotSpec::Level(l) => l.spec(),
            other => other.clone(),
        }
    }

    /// Whether every value is finite and in its range (what parsing
    /// guarantees; a spec built in code can be checked with this).
    pub fn check(&self) -> Result<(), SpecError> {
        match self {
            BotSpec::Level(l) => l.spec().check(),
            BotSpec::Random => Ok(()),
            BotSpec::Greedy(g) => {
                real("noise", &g.noise.to_string(), bounds::NOISE)?;
                check_weights(&g.weights)
            }
            BotSpec::Mcts(c) => {
                check_v2(&v2_part(c))?;
                check_time("turn", c.turn)?;
                whole("judged_steps", &c.judged_steps.to_string(), bounds::JUDGED_STEPS)?;
                economy_options(&c.economy)
                    .into_iter()
                    .try_for_each(|(key, v)| real(key, &v.to_string(), bounds::ECONOMY).map(drop))
            }
            BotSpec::MctsV2(c) => check_v2(c),
            BotSpec::MctsV1(c) => check_search(c),
        }
    }

    /// Threads a decision uses.
    pub fn threads(&self) -> usize {
        match self.resolved() {
            BotSpec::Mcts(c) => c.threads,
            BotSpec::MctsV2(c) => c.threads,
            BotSpec::MctsV1(c) => c.threads,
            _ => 1,
        }
    }

    /// Whether the bot's budget per decision is within `limits`: its
    /// threads, and its iterations and time where it has them (a search
    /// with only a time limit is bounded by that time). A level is
    /// checked by the spec it plays as.
    pub fn check_within(&self, limits: &Limits) -> Result<(), SpecError> {
        let c = match self.resolved() {
            BotSpec::Mcts(c) => shared(&v2_part(&c)),
            BotSpec::MctsV2(c) => shared(&c),
            BotSpec::MctsV1(c) => c,
            _ => return Ok(()),
        };
        let over = |option, value: u64, limit: u64| Err(SpecError::OverLimit { option, value, limit });
        if c.threads > limits.threads {
            return over(Limited::Threads, c.threads as u64, limits.threads as u64);
        }
        if let Some(n) = c.iterations.filter(|&n| n > limits.iterations) {
            return over(Limited::Iterations, n as u64, limits.iterations as u64);
        }
        if let Some(t) = c.time.filter(|&t| t > limits.time) {
            return over(Limited::Time, t.as_millis() as u64, limits.time.as_millis() as u64);
        }
        Ok(())
    }

    /// A fresh bot of this spec, its choices seeded by `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Level(l) => Box::new(LevelBot { level: *l, bot: l.spec().build(seed) }),
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy(g) => Box::new(GreedyBot::with_config(g.clone(), seed)),
            BotSpec::Mcts(c) => Box::new(MctsBot::new(c.clone(), seed)),
            BotSpec::MctsV2(c) => Box::new(MctsV2Bot::new(c.clone(), seed)),
            BotSpec::MctsV1(c) => Box::new(MctsV1Bot::new(c.clone(), seed)),
        }
    }
}

/// A level's bot: the bot of its spec, named by the level (so that a game's
/// players show `hard`, not `mcts`).
struct LevelBot {
    level: Level,
    bot: Box<dyn Bot>,
}

impl Bot for LevelBot {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn choose(&mut self, obs: &tash_kalar_rules::Observation) -> tash_kalar_rules::Choice {
        self.bot.choose(obs)
    }

    fn take_error(&mut self) -> Option<String> {
        self.bot.take_error()
    }

    fn set_progress(&mut self, counter: Option<std::sync::Arc<std::sync::atomic::AtomicU32>>) {
        self.bot.set_progress(counter)
    }
}

/// Splits a comma-separated list of bot specs, keeping a bot's `key=value`
/// options (whose key has no colon or space) with the spec before them:
/// `random,mcts:iterations=50,threads=2,greedy` is three specs. An option
/// only continues a spec that has a colon, so `greedy,common=1` is refused
/// later as the unknown bot `common=1` rather than silently joined. The
/// pieces are text: what they name is for the caller to parse.
pub fn split_specs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for piece in text.split(',') {
        let continues = piece.split_once('=').is_some_and(|(k, _)| !k.contains(':') && !k.contains(' '));
        match out.last_mut() {
            Some(last) if continues && last.contains(':') => {
                last.push(',');
                last.push_str(piece.trim());
            }
            _ => out.push(piece.trim().to_string()),
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<BotSpec, SpecError> {
        text.parse()
    }

    #[test]
    fn specs_parse_into_typed_values() {
        assert_eq!(parse("random"), Ok(BotSpec::Random));
        assert_eq!(parse("greedy"), Ok(BotSpec::Greedy(GreedyConfig::default())));
        let BotSpec::Greedy(g) = parse("greedy:noise=0.5").unwrap() else { panic!() };
        assert_eq!(g.noise, 0.5);
        let BotSpec::Mcts(c) = parse("mcts:iterations=50,threads=2").unwrap() else { panic!() };
        assert_eq!((c.iterations, c.threads, c.time), (Some(50), 2, None));
        let BotSpec::Mcts(c) = parse("mcts:time=0.5s").unwrap() else { panic!() };
        assert_eq!((c.iterations, c.time), (None, Some(Duration::from_millis(500))));
        let BotSpec::Mcts(c) = parse("mcts:time=250ms,iterations=2000").unwrap() else { panic!() };
        assert_eq!((c.iterations, c.time), (Some(2000), Some(Duration::from_millis(250))));
        let BotSpec::Mcts(c) = parse("mcts:time=2").unwrap() else { panic!() };
        assert_eq!(c.time, Some(Duration::from_secs(2)));
        let BotSpec::Mcts(c) = parse("mcts:centre=false,reuse=1,common=0.5,c=0.7").unwrap() else { panic!() };
        assert_eq!((c.centre, c.reuse, c.weights.piece[0], c.exploration), (false, true, 0.5, 0.7));
        let BotSpec::Greedy(g) = parse("greedy:common=0.3,melee_mean=0").unwrap() else { panic!() };
        assert_eq!((g.weights.piece[0], g.weights.melee_mean), (0.3, 0.0));
        let BotSpec::Mcts(c) =
            parse("mcts:widen_inner=0,playout_noise=1,lead=0.5,cards_per_turn=2,points_per_turn=0.5").unwrap()
        else {
            panic!()
        };
        assert_eq!((c.widen_inner, c.playout_noise), (0.0, 1.0));
        assert_eq!((c.end.lead, c.end.cards_per_turn, c.end.points_per_turn), (0.5, 2.0, 0.5));
        let BotSpec::MctsV1(c) = parse("mcts-v1:time=1s,playout=2,widen=0,common=0.5").unwrap() else { panic!() };
        assert_eq!((c.iterations, c.time, c.playout_turns, c.widen), (None, Some(Duration::from_secs(1)), 2, 0.0));
        assert_eq!(c.weights.piece[0], 0.5);
        assert_eq!(parse("mcts-v1:iterations=50").unwrap().build(1).name(), "mcts-v1");
        let BotSpec::MctsV2(c) = parse("mcts-v2:iterations=50,widen_inner=0,lead=0.5,common=0.5").unwrap() else {
            panic!()
        };
        assert_eq!((c.iterations, c.widen_inner, c.end.lead, c.weights.piece[0]), (Some(50), 0.0, 0.5, 0.5));
        assert_eq!(parse("mcts-v2:iterations=50").unwrap().build(1).name(), "mcts-v2");
        let BotSpec::Mcts(c) = parse("mcts:return_legend=3,held_flare=0,flare_cost=1").unwrap() else { panic!() };
        assert_eq!((c.economy.return_legend, c.economy.held_flare, c.economy.flare), (3.0, 0.0, 1.0));
        assert_eq!(parse("mcts:iterations=50").unwrap().build(1).name(), "mcts");
        assert_eq!(parse("random").unwrap().build(1).name(), "random");
        let BotSpec::Mcts(c) = parse("mcts:time=5s,threads=2,turn=10s").unwrap() else { panic!() };
        assert_eq!((c.time, c.turn), (Some(Duration::from_secs(5)), Some(Duration::from_secs(10))));
        assert_eq!(BotSpec::Mcts(c).to_string(), "mcts:time=5s,threads=2,turn=10s");
        let BotSpec::Mcts(c) = parse("mcts:turn=2500ms").unwrap() else { panic!() };
        assert_eq!((c.iterations, c.turn), (Some(2000), Some(Duration::from_millis(2500))));
        assert_eq!(BotSpec::Mcts(c).to_string(), "mcts:turn=2500ms");
        assert!(matches!(parse("mcts-v2:turn=1s"), Err(SpecError::UnknownOption { .. })));
    }

    #[test]
    fn the_playouts_judging_is_an_option_of_the_new_search() {
        let BotSpec::Mcts(c) = parse("mcts:judged_steps=8,all_summons=1").unwrap() else { panic!() };
        assert_eq!((c.all_summons, c.judged_steps), (true, 8));
        assert_eq!(BotSpec::Mcts(c).to_string(), "mcts:all_summons=1,judged_steps=8");
        // the defaults are not written
        assert_eq!(parse("mcts:all_summons=0,judged_steps=24").unwrap().to_string(), "mcts");
        for bad in ["1", "25", "-3", "x", ""] {
            let e = parse(&format!("mcts:judged_steps={bad}")).expect_err(bad).to_string();
            assert!(e.contains("judged_steps") && e.contains("2") && e.contains("24"), "{bad}: {e}");
        }
        assert!(parse("mcts:all_summons=2").is_err());
        let BotSpec::Mcts(c) = parse("mcts:judged_expansion=0").unwrap() else { panic!() };
        assert!(!c.judged_expansion && MctsConfig::default().judged_expansion);
        assert_eq!(BotSpec::Mcts(c).to_string(), "mcts:judged_expansion=0");
        assert!(parse("mcts:judged_expansion=2").is_err());
        assert!(matches!(parse("mcts-v2:judged_expansion=0"), Err(SpecError::UnknownOption { .. })));
        assert!(matches!(parse("mcts-v2:all_summons=1"), Err(SpecError::UnknownOption { .. })));
        assert!(matches!(parse("mcts-v2:judged_steps=8"), Err(SpecError::UnknownOption { .. })));
    }

    #[test]
    fn bad_values_are_refused_naming_the_option_and_its_range() {
        let refused = |text: &str, words: &[&str]| {
            let e = parse(text).expect_err(text).to_string();
            assert!(words.iter().all(|w| e.contains(w)), "{text}: {e}");
        };
        for bad in ["nan", "NaN", "inf", "-inf", "infinity", "-1e308", "1e308", "-0.1", "x", ""] {
            refused(&format!("mcts:c={bad}"), &["c=", "from 0 to 100"]);
            refused(&format!("mcts:prior={bad}"), &["prior=", "from 0 to 1000"]);
        }
        for bad in ["nan", "inf", "0", "-1", "1e308"] {
            refused(&format!("mcts:scale={bad}"), &["scale=", "0.01"]);
        }
        refused("mcts:widen=nan", &["widen"]);
        refused("greedy:common=nan", &["common", "-100 to 100"]);
        refused("mcts:heroic=-1e308", &["heroic"]);
        refused("greedy:leader=inf", &["leader"]);
        refused("mcts:threads=0", &["threads=\"0\"", "from 1 to 64"]);
        refused("mcts:threads=100000", &["threads", "from 1 to 64"]);
        refused("mcts:threads=-1", &["threads"]);
        refused("mcts:iterations=0", &["iterations", "from 1 to 100000000"]);
        refused("mcts:iterations=100000001", &["iterations"]);
        refused("mcts:iterations=x", &["iterations"]);
        refused("mcts:playout=101", &["playout", "0 to 100"]);
        for bad in ["0", "0s", "0.0001s", "nan", "infs", "-1s", "3601s", "1e30", "1h", "ms"] {
            refused(&format!("mcts:time={bad}"), &["time", "1ms to 3600s"]);
        }
        refused("mcts:centre=yes", &["centre", "0, 1, false or true"]);
        refused("mcts:reuse=2", &["reuse"]);
        refused("mcts:depth=2", &["mcts has no option \"depth\""]);
        refused("mcts:playout_noise=1.5", &["playout_noise", "from 0 to 1"]);
        refused("mcts:playout_noise=nan", &["playout_noise"]);
        refused("mcts:widen_inner=-1", &["widen_inner", "0 to 1000"]);
        refused("mcts:lead=inf", &["lead", "0 to 100"]);
        refused("mcts:cards_per_turn=0", &["cards_per_turn", "0.1 to 10"]);
        refused("mcts:points_per_turn=11", &["points_per_turn"]);
        refused("greedy:noise=-1", &["noise", "0 to 100"]);
        refused("greedy:noise=nan", &["noise"]);
        // the new search's own options are not the old one's
        refused("mcts-v1:widen_inner=1", &["mcts-v1 has no option \"widen_inner\""]);
        refused("mcts-v1:playout_noise=0.5", &["mcts-v1 has no option"]);
        refused("mcts-v1:lead=1", &["mcts-v1 has no option"]);
        refused("mcts-v1:threads=0", &["threads", "from 1 to 64"]);
        refused("mcts_v1", &["unknown bot"]);
        refused("mcts-v2:c=nan", &["c=", "from 0 to 100"]);
        refused("mcts-v2:depth=2", &["mcts-v2 has no option \"depth\""]);
        refused("mcts-v2:threads=0", &["threads", "from 1 to 64"]);
        refused("mcts-v3", &["unknown bot"]);
        refused("mcts:return_legend=-1", &["return_legend", "from 0 to 100"]);
        refused("mcts:held_legend=nan", &["held_legend"]);
        refused("mcts:summoned=-0.5", &["summoned", "from 0 to 100"]);
        refused("mcts:summoned=much", &["summoned"]);
        refused("mcts-v2:summoned=1", &["mcts-v2 has no option \"summoned\""]);
        refused("mcts:pending=1.5", &["pending", "from 0 to 1"]);
        refused("mcts:pending=-0.1", &["pending", "from 0 to 1"]);
        refused("mcts:pending=all", &["pending"]);
        refused("mcts-v2:pending=1", &["mcts-v2 has no option \"pending\""]);
        // the economy is the new search's alone
        refused("mcts-v2:return_legend=1", &["mcts-v2 has no option \"return_legend\""]);
        refused("mcts-v1:flare_cost=1", &["mcts-v1 has no option"]);
        // a level is a spec of its own: no options
        refused("hard:threads=2", &["hard has no option \"threads\""]);
        refused("easy:noise=1", &["easy has no option"]);
        refused("Hard", &["unknown bot"]);
        refused("greedy:depth=2", &["greedy has no option \"depth\""]);
        refused("greedy:threads=2", &["greedy has no option"]);
        refused("random:seed=2", &["random has no option"]);
        refused("mcts:threads", &["key=value"]);
        refused("mcts:threads=1,threads=2", &["twice"]);
        refused("alphago", &["unknown bot \"alphago\""]);
        refused("common=1", &["unknown bot"]);
        // outside engines are not bots of this crate
        refused("cmd:tash-kalar engine", &["unknown bot \"cmd\""]);
        refused("cmd:sh -c 'touch x'", &["unknown bot"]);
    }

    #[test]
    fn each_error_is_typed_with_its_words_bounded() {
        let t = Token::new;
        assert_eq!(parse("alphago"), Err(SpecError::UnknownBot(t("alphago"))));
        assert_eq!(
            parse("greedy:depth=2"),
            Err(SpecError::UnknownOption { bot: "greedy", option: t("depth"), known: GREEDY_OPTIONS })
        );
        assert_eq!(parse("mcts:iterations"), Err(SpecError::NotKeyValue(t("iterations"))));
        assert_eq!(parse("mcts:c=1,c=2"), Err(SpecError::Repeated(t("c"))));
        let range =
            |option: &str, value: &str, allowed| SpecError::OutOfRange { option: t(option), value: t(value), allowed };
        assert_eq!(parse("mcts:threads=0"), Err(range("threads", "0", Allowed::Whole { min: 1, max: 64 })));
        assert_eq!(parse("mcts:c=-1"), Err(range("c", "-1", Allowed::Real { min: Real(0.0), max: Real(100.0) })));
        assert_eq!(parse("mcts:time=soon"), Err(range("time", "soon", Allowed::Time)));
        assert_eq!(parse("mcts:turn=0"), Err(range("turn", "0", Allowed::Time)));
        let c = MctsConfig { turn: Some(Duration::from_micros(1500)), ..MctsConfig::default() };
        assert_eq!(BotSpec::Mcts(c).check(), Err(range("turn", "1.5ms", Allowed::WholeMilliseconds)));
        let c = MctsConfig { time: Some(Duration::from_micros(1500)), ..MctsConfig::default() };
        assert_eq!(BotSpec::Mcts(c).check(), Err(range("time", "1.5ms", Allowed::WholeMilliseconds)));
        let limits = Limits { threads: 2, iterations: 100, time: Duration::from_secs(1) };
        let over = |text: &str| parse(text).unwrap().check_within(&limits);
        assert_eq!(over("mcts:threads=3"), Err(SpecError::OverLimit { option: Limited::Threads, value: 3, limit: 2 }));
        let e = over("mcts:time=2s").unwrap_err();
        assert_eq!(e, SpecError::OverLimit { option: Limited::Time, value: 2000, limit: 1000 });
        assert_eq!(e.to_string(), "time=2000ms: this host allows at most time=1000ms");
        // a visitor's long word is quoted cut short
        let long = "x".repeat(100_000);
        let e = parse(&long).unwrap_err();
        assert!(matches!(&e, SpecError::UnknownBot(w) if w.is_cut()), "{e:?}");
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn the_canonical_text_leaves_out_defaults_and_parses_back() {
        for (text, canonical) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("mcts", "mcts"),
            ("mcts:", "mcts"),
            ("mcts:iterations=2000", "mcts"),
            ("mcts:threads=2,iterations=50", "mcts:iterations=50,threads=2"),
            ("mcts:time=1s", "mcts:time=1s"),
            ("mcts:time=1000ms", "mcts:time=1s"),
            ("mcts:time=0.25", "mcts:time=250ms"),
            ("mcts:time=5s,iterations=2000", "mcts:iterations=2000,time=5s"),
            ("mcts:reuse=false,centre=true", "mcts:reuse=0"),
            ("greedy:ready1=0.5,common=0.4", "greedy:common=0.4,ready1=0.5"),
            ("mcts:c=1e-3,leader=0.50", "mcts:c=0.001"),
            ("mcts:playout_noise=0.5,widen_inner=2", "mcts:widen_inner=2,playout_noise=0.5"),
            ("mcts:points_per_turn=2,cards_per_turn=3,lead=0", "mcts:lead=0,cards_per_turn=3,points_per_turn=2"),
            ("mcts-v1", "mcts-v1"),
            ("mcts-v2", "mcts-v2"),
            ("mcts:flare_cost=0.3,return_legend=2", "mcts:return_legend=2"),
            ("mcts:held_flare=0,c=0.2", "mcts:c=0.2,held_flare=0"),
            ("mcts:summoned=1,held_flare=0.2", "mcts"),
            ("mcts:summoned=0,flare_cost=1", "mcts:flare_cost=1,summoned=0"),
            ("mcts:pending=1,summoned=1", "mcts"),
            ("mcts:pending=0,summoned=0", "mcts:summoned=0,pending=0"),
            ("mcts-v2:iterations=2000,c=0.1", "mcts-v2"),
            ("mcts-v2:early_stop=0,threads=2,time=1s", "mcts-v2:time=1s,threads=2,early_stop=0"),
            ("mcts-v1:iterations=2000,playout=1", "mcts-v1"),
            ("mcts-v1:threads=2,time=1s,common=0.2", "mcts-v1:time=1s,threads=2,common=0.2"),
            // the old search keeps the hand-written weights as its defaults
            ("mcts-v1:common=0.3,heroic=0.85", "mcts-v1"),
            ("greedy:common=0.2,noise=0.50", "greedy:noise=0.5,common=0.2"),
            ("greedy:noise=0", "greedy"),
            ("easy", "easy"),
            (" expert ", "expert"),
        ] {
            let spec = parse(text).unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(parse(canonical).unwrap(), spec, "{text}");
        }
    }

    #[test]
    fn limits_apply_to_the_typed_budget() {
        let limits = Limits { threads: 2, iterations: 200_000, time: Duration::from_secs(10) };
        for ok in [
            "random",
            "greedy",
            "mcts",
            "mcts:threads=2,iterations=200000",
            "mcts:time=10s",
            "mcts:time=5s",
            "mcts-v1:time=10s,threads=2",
            "easy",
            "medium",
            "hard",
            "expert",
        ] {
            assert_eq!(parse(ok).unwrap().check_within(&limits), Ok(()), "{ok}");
        }
        for (over, word) in [
            ("mcts:threads=3", "threads=2"),
            ("mcts:iterations=200001", "iterations=200000"),
            ("mcts:time=10001ms", "time=10000ms"),
            ("mcts:time=1s,iterations=1000000", "iterations"),
            ("mcts-v1:threads=3", "threads=2"),
            ("mcts-v2:threads=3", "threads=2"),
            ("mcts-v2:time=11s", "time=10000ms"),
            ("mcts-v1:time=11s", "time=10000ms"),
        ] {
            let e = parse(over).unwrap().check_within(&limits).expect_err(over).to_string();
            assert!(e.contains(word) && e.contains("allows at most"), "{over}: {e}");
        }
    }

    #[test]
    fn levels_are_documented_specs_that_keep_their_names() {
        let limits = Limits { threads: 2, iterations: 200_000, time: Duration::from_secs(10) };
        for level in Level::ALL {
            let spec = parse(level.name()).unwrap();
            assert_eq!(spec, BotSpec::Level(level));
            assert_eq!(spec.to_string(), level.name());
            assert_eq!(spec.name(), level.name());
            assert_eq!(spec.check(), Ok(()));
            assert!(!matches!(spec.resolved(), BotSpec::Level(_)));
            // every level runs within the server's limits
            assert_eq!(spec.check_within(&limits), Ok(()), "{level}");
            assert!(level.description().starts_with(level.name()));
        }
        assert_eq!(Level::Easy.spec().to_string(), "greedy:noise=0.5");
        assert_eq!(Level::Medium.spec().to_string(), "mcts:iterations=500");
        assert_eq!(Level::Hard.spec().to_string(), "mcts:time=1s");
        assert_eq!(Level::Expert.spec().to_string(), "mcts:time=5s,threads=2,turn=10s");
        assert_eq!(parse("expert").unwrap().threads(), 2);
        let small = Limits { threads: 1, iterations: 1000, time: Duration::from_secs(2) };
        assert!(parse("expert").unwrap().check_within(&small).is_err());
        assert!(parse("hard").unwrap().check_within(&small).is_ok());
        assert_eq!(parse("medium").unwrap().build(1).name(), "medium");
    }

    #[test]
    fn specs_built_in_code_are_checked_too() {
        let c = MctsConfig { exploration: f64::NAN, ..MctsConfig::default() };
        assert!(BotSpec::Mcts(c).check().is_err());
        let c = MctsConfig { iterations: None, time: None, ..MctsConfig::default() };
        assert_eq!(BotSpec::Mcts(c).check(), Err(SpecError::NoBudget));
        let c = MctsConfig { time: Some(Duration::from_micros(1500)), ..MctsConfig::default() };
        assert!(BotSpec::Mcts(c).check().is_err());
        assert_eq!(BotSpec::Mcts(MctsConfig::default()).check(), Ok(()));
        let c = MctsConfig { playout_noise: 2.0, ..MctsConfig::default() };
        assert!(BotSpec::Mcts(c).check().is_err());
        let c = MctsV1Config { iterations: None, time: None, ..MctsV1Config::default() };
        assert_eq!(BotSpec::MctsV1(c).check(), Err(SpecError::NoBudget));
        assert!(BotSpec::Greedy(GreedyConfig { noise: f64::INFINITY, ..GreedyConfig::default() }).check().is_err());
    }

    #[test]
    fn spec_lists_split_on_commas_but_keep_options_with_their_bot() {
        assert_eq!(split_specs("random,greedy"), ["random", "greedy"]);
        assert_eq!(split_specs("mcts"), ["mcts"]);
        assert_eq!(
            split_specs("random,mcts:iterations=50,threads=2,greedy"),
            ["random", "mcts:iterations=50,threads=2", "greedy"]
        );
        assert_eq!(split_specs("mcts:iterations=50,threads=2"), ["mcts:iterations=50,threads=2"]);
        assert_eq!(
            split_specs("greedy:common=0.3,ready1=0.5,mcts:time=1s,threads=2"),
            ["greedy:common=0.3,ready1=0.5", "mcts:time=1s,threads=2"]
        );
        // an engine's command line keeps its own options (the arena crate reads it)
        assert_eq!(
            split_specs("greedy,cmd:tash-kalar engine --bot mcts:iterations=5,threads=1"),
            ["greedy", "cmd:tash-kalar engine --bot mcts:iterations=5,threads=1"]
        );
        // spaces around the commas, empty entries
        assert_eq!(split_specs(" random , greedy ,,"), ["random", "greedy"]);
        assert_eq!(split_specs(""), Vec::<String>::new());
        // an option with no spec to continue stays on its own (and is refused)
        assert_eq!(split_specs("greedy,common=1"), ["greedy", "common=1"]);
        assert!(parse("common=1").is_err());
        // every piece of a split list is a spec
        for spec in split_specs("random,mcts:iterations=50,threads=2,greedy:common=0.3") {
            assert!(parse(&spec).is_ok(), "{spec}");
        }
    }
}
