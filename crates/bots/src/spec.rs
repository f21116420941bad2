//! Bot specs: which of our bots plays, and with what options, as a closed,
//! typed value.
//!
//! A spec's text is the bot's name, then optionally a colon and
//! comma-separated `key=value` options: `random`, `greedy:common=0.3`,
//! `mcts:iterations=2000,threads=2`, `mcts:time=1s`. [`BotSpec`] parses it
//! ([`FromStr`]) into typed values, each finite and within its documented
//! range (a NaN, an infinity, `threads=0` or a runaway budget is refused
//! with the option's name and its range), and writes it back in a
//! canonical form ([`Display`](fmt::Display): only the options that differ
//! from the defaults, in a fixed order) that parses to the same spec.
//!
//! | option | bots | values |
//! |---|---|---|
//! | `iterations` | mcts | a whole number, 1 to 100 000 000 (default 2000; with `time` alone, no limit) |
//! | `time` | mcts | `1s`, `0.5s`, `500ms` (a plain number is seconds), 1 ms to 3600 s, whole milliseconds |
//! | `threads` | mcts | 1 to 64 |
//! | `playout` | mcts | turns, 0 to 100 |
//! | `c` | mcts | exploration, 0 to 100 |
//! | `scale` | mcts | evaluation points of the logistic, 0.01 to 1000 |
//! | `prior` | mcts | root bias weight, 0 (none) to 1000 |
//! | `widen` | mcts | progressive widening, 0 (none) to 1000 |
//! | `centre`, `reuse` | mcts | `0`, `1`, `false` or `true` |
//! | a weight's name | greedy, mcts | -100 to 100 (see [`Weights::NAMES`]) |
//!
//! Only our own bots have specs: an outside program is not a bot spec, and
//! this crate starts no process (see the `tash-kalar-arena` crate for
//! engines). A host that lends its machine to visitors checks a spec's
//! budget against its own [`Limits`].

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

use crate::eval::Weights;
use crate::{Bot, GreedyBot, MctsBot, MctsConfig, RandomBot};

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
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`: uniformly among the legal choices.
    Random,
    /// `greedy`: one step of lookahead, with these evaluation weights.
    Greedy(Weights),
    /// `mcts`: information-set Monte Carlo tree search.
    Mcts(MctsConfig),
}

/// What is wrong with a bot spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown bot {0:?} (expected random, greedy or mcts)")]
    UnknownBot(String),
    #[error("{bot} has no option {option:?} ({known})")]
    UnknownOption { bot: &'static str, option: String, known: &'static str },
    #[error("bot options are key=value, not {0:?}")]
    NotKeyValue(String),
    #[error("option {0} is given twice")]
    Repeated(String),
    #[error("{option}={value:?}: expected {allowed}")]
    OutOfRange { option: String, value: String, allowed: String },
    #[error("{option}={value}: this host allows at most {limit}")]
    OverLimit { option: &'static str, value: String, limit: String },
    #[error("mcts needs iterations or time (or both)")]
    NoBudget,
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
    pub const WEIGHT: RangeInclusive<f64> = -100.0..=100.0;
}

const MCTS_OPTIONS: &str =
    "iterations, time, threads, playout, c, scale, prior, widen, centre, reuse or an evaluation weight";
const GREEDY_OPTIONS: &str = "evaluation weights: common, heroic, legendary, ready1, ready2, ready3, task_now, \
                              task_later, leader, melee_mean";

/// The most a bot may spend on one decision, as a host allows it (the
/// server lends its machine to visitors: it sets these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub threads: usize,
    pub iterations: u32,
    pub time: Duration,
}

fn out_of_range(option: &str, value: &str, allowed: String) -> SpecError {
    SpecError::OutOfRange { option: option.to_string(), value: value.to_string(), allowed }
}

fn whole(option: &str, value: &str, range: RangeInclusive<u64>) -> Result<u64, SpecError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| out_of_range(option, value, format!("a whole number from {} to {}", range.start(), range.end())))
}

fn real(option: &str, value: &str, range: RangeInclusive<f64>) -> Result<f64, SpecError> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && range.contains(v))
        .ok_or_else(|| out_of_range(option, value, format!("a number from {} to {}", range.start(), range.end())))
}

fn flag(option: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(out_of_range(option, value, "0, 1, false or true".into())),
    }
}

/// `1s`, `0.5s`, `500ms` or a plain number of seconds, to whole milliseconds.
fn time(value: &str) -> Result<Duration, SpecError> {
    let secs = match value.strip_suffix("ms") {
        Some(ms) => ms.parse::<f64>().map(|m| m / 1000.0),
        None => value.strip_suffix('s').unwrap_or(value).parse::<f64>(),
    };
    let ms = secs.ok().map(|s| (s * 1000.0).round()).filter(|ms| ms.is_finite());
    let range = bounds::TIME_MS;
    match ms {
        Some(ms) if ms >= *range.start() as f64 && ms <= *range.end() as f64 => Ok(Duration::from_millis(ms as u64)),
        _ => Err(out_of_range("time", value, "a time from 1ms to 3600s (like 1s, 0.5s or 500ms)".into())),
    }
}

fn weight(weights: &mut Weights, bot: &'static str, key: &str, value: &str) -> Result<(), SpecError> {
    let known = if bot == "mcts" { MCTS_OPTIONS } else { GREEDY_OPTIONS };
    if weights.get(key).is_none() {
        return Err(SpecError::UnknownOption { bot, option: key.to_string(), known });
    }
    weights.set(key, real(key, value, bounds::WEIGHT)?);
    Ok(())
}

/// Sets one option of an mcts spec (the budget's `iterations`/`time`
/// interplay is the caller's).
fn mcts_option(c: &mut MctsConfig, key: &str, value: &str) -> Result<(), SpecError> {
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
        _ => weight(&mut c.weights, "mcts", key, value)?,
    }
    Ok(())
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        if !["random", "greedy", "mcts"].contains(&name) {
            return Err(SpecError::UnknownBot(name.to_string()));
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut pairs = Vec::new();
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = option.split_once('=').ok_or_else(|| SpecError::NotKeyValue(option.to_string()))?;
            if seen.contains(&key) {
                return Err(SpecError::Repeated(key.to_string()));
            }
            seen.push(key);
            pairs.push((key, value));
        }
        let spec = match name {
            "random" => match pairs.first() {
                Some((key, _)) => {
                    return Err(SpecError::UnknownOption { bot: "random", option: key.to_string(), known: "none" })
                }
                None => BotSpec::Random,
            },
            "greedy" => {
                let mut w = Weights::default();
                for (key, value) in pairs {
                    weight(&mut w, "greedy", key, value)?;
                }
                BotSpec::Greedy(w)
            }
            "mcts" => {
                let mut c = MctsConfig::default();
                for (key, value) in pairs {
                    mcts_option(&mut c, key, value)?;
                }
                // a time alone is the budget; with iterations too, both are
                if c.time.is_some() && !seen.contains(&"iterations") {
                    c.iterations = None;
                }
                BotSpec::Mcts(c)
            }
            other => return Err(SpecError::UnknownBot(other.to_string())),
        };
        spec.check()?;
        Ok(spec)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let weights = |w: &Weights, out: &mut Vec<String>| {
            let d = Weights::default();
            for name in Weights::NAMES {
                let (v, dv) = (w.get(name), d.get(name));
                if v != dv {
                    out.push(format!("{name}={}", v.unwrap_or_default()));
                }
            }
        };
        let mut options = Vec::new();
        let name = match self {
            BotSpec::Random => "random",
            BotSpec::Greedy(w) => {
                weights(w, &mut options);
                "greedy"
            }
            BotSpec::Mcts(c) => {
                let d = MctsConfig::default();
                let iterations = match c.time {
                    None => c.iterations != d.iterations,
                    Some(_) => c.iterations.is_some(),
                };
                if let (true, Some(n)) = (iterations, c.iterations) {
                    options.push(format!("iterations={n}"));
                }
                if let Some(t) = c.time {
                    let ms = t.as_millis();
                    options.push(if ms % 1000 == 0 { format!("time={}s", ms / 1000) } else { format!("time={ms}ms") });
                }
                let mut differs = |key: &str, changed: bool, value: String| {
                    if changed {
                        options.push(format!("{key}={value}"));
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
                weights(&c.weights, &mut options);
                "mcts"
            }
        };
        if options.is_empty() {
            f.write_str(name)
        } else {
            write!(f, "{name}:{}", options.join(","))
        }
    }
}

impl BotSpec {
    /// The bot's name: `random`, `greedy` or `mcts`.
    pub fn name(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Greedy(_) => "greedy",
            BotSpec::Mcts(_) => "mcts",
        }
    }

    /// Whether every value is finite and in its range (what parsing
    /// guarantees; a spec built in code can be checked with this).
    pub fn check(&self) -> Result<(), SpecError> {
        let weights = |w: &Weights| {
            Weights::NAMES.iter().try_for_each(|n| {
                let v = w.get(n).unwrap_or_default();
                real(n, &v.to_string(), bounds::WEIGHT).map(drop)
            })
        };
        match self {
            BotSpec::Random => Ok(()),
            BotSpec::Greedy(w) => weights(w),
            BotSpec::Mcts(c) => {
                if c.iterations.is_none() && c.time.is_none() {
                    return Err(SpecError::NoBudget);
                }
                if let Some(n) = c.iterations {
                    whole("iterations", &n.to_string(), bounds::ITERATIONS)?;
                }
                if let Some(t) = c.time {
                    let ms = t.as_millis();
                    if Duration::from_millis(ms as u64) != t || !bounds::TIME_MS.contains(&(ms as u64)) {
                        return Err(out_of_range("time", &format!("{t:?}"), "whole milliseconds, 1ms to 3600s".into()));
                    }
                }
                whole("threads", &c.threads.to_string(), bounds::THREADS)?;
                whole("playout", &c.playout_turns.to_string(), bounds::PLAYOUT)?;
                real("c", &c.exploration.to_string(), bounds::C)?;
                real("scale", &c.scale.to_string(), bounds::SCALE)?;
                real("prior", &c.prior.to_string(), bounds::PRIOR)?;
                real("widen", &c.widen.to_string(), bounds::WIDEN)?;
                weights(&c.weights)
            }
        }
    }

    /// Threads a decision uses.
    pub fn threads(&self) -> usize {
        match self {
            BotSpec::Mcts(c) => c.threads,
            _ => 1,
        }
    }

    /// Whether the bot's budget per decision is within `limits`: its
    /// threads, and its iterations and time where it has them (a search
    /// with only a time limit is bounded by that time).
    pub fn check_within(&self, limits: &Limits) -> Result<(), SpecError> {
        let BotSpec::Mcts(c) = self else { return Ok(()) };
        if c.threads > limits.threads {
            let (value, limit) = (c.threads.to_string(), format!("threads={}", limits.threads));
            return Err(SpecError::OverLimit { option: "threads", value, limit });
        }
        if let Some(n) = c.iterations.filter(|&n| n > limits.iterations) {
            let limit = format!("iterations={}", limits.iterations);
            return Err(SpecError::OverLimit { option: "iterations", value: n.to_string(), limit });
        }
        if let Some(t) = c.time.filter(|&t| t > limits.time) {
            let limit = format!("time={}ms", limits.time.as_millis());
            return Err(SpecError::OverLimit { option: "time", value: format!("{}ms", t.as_millis()), limit });
        }
        Ok(())
    }

    /// A fresh bot of this spec, its choices seeded by `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy(w) => {
                let mut bot = GreedyBot::new(seed);
                bot.weights = w.clone();
                Box::new(bot)
            }
            BotSpec::Mcts(c) => Box::new(MctsBot::new(c.clone(), seed)),
        }
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
        assert_eq!(parse("greedy"), Ok(BotSpec::Greedy(Weights::default())));
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
        let BotSpec::Greedy(w) = parse("greedy:common=0.3,melee_mean=0").unwrap() else { panic!() };
        assert_eq!((w.piece[0], w.melee_mean), (0.3, 0.0));
        assert_eq!(parse("mcts:iterations=50").unwrap().build(1).name(), "mcts");
        assert_eq!(parse("random").unwrap().build(1).name(), "random");
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
            ("mcts:c=1e-3,common=0.30", "mcts:c=0.001"),
        ] {
            let spec = parse(text).unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(parse(canonical).unwrap(), spec, "{text}");
        }
    }

    #[test]
    fn limits_apply_to_the_typed_budget() {
        let limits = Limits { threads: 2, iterations: 200_000, time: Duration::from_secs(10) };
        for ok in ["random", "greedy", "mcts", "mcts:threads=2,iterations=200000", "mcts:time=10s", "mcts:time=5s"] {
            assert_eq!(parse(ok).unwrap().check_within(&limits), Ok(()), "{ok}");
        }
        for (over, word) in [
            ("mcts:threads=3", "threads=2"),
            ("mcts:iterations=200001", "iterations=200000"),
            ("mcts:time=10001ms", "time=10000ms"),
            ("mcts:time=1s,iterations=1000000", "iterations"),
        ] {
            let e = parse(over).unwrap().check_within(&limits).expect_err(over).to_string();
            assert!(e.contains(word) && e.contains("allows at most"), "{over}: {e}");
        }
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
