//! Bot specs as property tests: any text that parses is a spec whose every
//! number is finite and in range, its canonical text parses back to the
//! same spec; any spec built from values in range writes a text that parses
//! back to it.

use std::time::Duration;

use proptest::prelude::*;
use tash_kalar_bots::eval::Weights;
use tash_kalar_bots::mcts_v1::MctsV1Config;
use tash_kalar_bots::mcts_v2::MctsV2Config;
use tash_kalar_bots::{BotSpec, GreedyConfig, Level, MctsConfig};

/// Every real number a spec holds.
fn reals(spec: &BotSpec) -> Vec<f64> {
    let weights = |w: &Weights| Weights::NAMES.iter().map(|n| w.get(n).unwrap()).collect::<Vec<_>>();
    match spec {
        BotSpec::Level(_) => reals(&spec.resolved()),
        BotSpec::Random => vec![],
        BotSpec::Greedy(g) => {
            let mut v = vec![g.noise];
            v.extend(weights(&g.weights));
            v
        }
        BotSpec::Mcts(c) => {
            let mut v = vec![c.exploration, c.scale, c.prior, c.widen, c.widen_inner, c.playout_noise];
            v.extend([c.end.lead, c.end.cards_per_turn, c.end.points_per_turn]);
            v.extend(weights(&c.weights));
            v
        }
        BotSpec::MctsV2(c) => {
            let mut v = vec![c.exploration, c.scale, c.prior, c.widen, c.widen_inner, c.playout_noise];
            v.extend([c.end.lead, c.end.cards_per_turn, c.end.points_per_turn]);
            v.extend(weights(&c.weights));
            v
        }
        BotSpec::MctsV1(c) => {
            let mut v = vec![c.exploration, c.scale, c.prior, c.widen];
            v.extend(weights(&c.weights));
            v
        }
    }
}

/// Option names a spec may try (the evaluation weights' names are added from
/// `Weights::NAMES`), and two that no bot knows.
const KEYS: &[&str] = &[
    "iterations",
    "time",
    "threads",
    "playout",
    "c",
    "scale",
    "prior",
    "widen",
    "widen_inner",
    "playout_noise",
    "lead",
    "cards_per_turn",
    "points_per_turn",
    "noise",
    "centre",
    "reuse",
    "depth",
    "seed",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "nan", "NaN", "inf", "-inf", "infinity", "-1e308", "1e308", "1e-308", "0", "-0", "1", "true", "false",
            "yes", "", "100000", "64", "65", "3600s", "3601s", "0.0005s", "0.4ms", "1ms", "500ms", "1.5s", "x", "1e3",
        ])
        .prop_map(str::to_string),
        any::<f64>().prop_map(|f| f.to_string()),
        (-2000.0f64..2000.0).prop_map(|f| f.to_string()),
        (0u64..300_000).prop_map(|n| n.to_string()),
        (0u64..5000, prop::sample::select(vec!["s", "ms", ""])).prop_map(|(n, unit)| format!("{n}{unit}")),
    ]
}

fn text() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "random", "greedy", "mcts", "mcts", "mcts", "mcts-v2", "mcts-v1", "mcts-v1", "cmd", "alphago", "easy",
            "hard", "expert",
        ]),
        prop::collection::vec(
            (prop::sample::select(KEYS.iter().chain(Weights::NAMES.iter()).copied().collect::<Vec<_>>()), value()),
            0..6,
        ),
    )
        .prop_map(|(name, options)| {
            let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            if options.is_empty() {
                name.to_string()
            } else {
                format!("{name}:{}", options.join(","))
            }
        })
}

fn weights() -> impl Strategy<Value = Weights> {
    prop::collection::vec(prop_oneof![Just(None), (-100.0f64..=100.0).prop_map(Some)], Weights::NAMES.len()).prop_map(
        |values| {
            let mut w = Weights::default();
            for (name, v) in Weights::NAMES.iter().zip(values) {
                if let Some(v) = v {
                    w.set(name, v);
                }
            }
            w
        },
    )
}

fn spec() -> impl Strategy<Value = BotSpec> {
    let mcts = (search(), extra_options()).prop_map(|(s, e)| BotSpec::Mcts(new_search(s, e)));
    // the kept second search: the same options as the new one's, as they were
    let v2 = (search(), extra_options()).prop_map(|(s, e)| {
        let c = new_search(s, e);
        let mut v = MctsV2Config { widen_inner: c.widen_inner, playout_noise: c.playout_noise, ..Default::default() };
        (v.iterations, v.time, v.threads, v.playout_turns) = (c.iterations, c.time, c.threads, c.playout_turns);
        (v.exploration, v.scale, v.prior, v.widen) = (c.exploration, c.scale, c.prior, c.widen);
        (v.centre, v.reuse, v.weights, v.end) = (c.centre, c.reuse, c.weights, c.end);
        BotSpec::MctsV2(v)
    });
    let greedy = (weights(), prop_oneof![Just(0.0), 0.0f64..=100.0])
        .prop_map(|(weights, noise)| BotSpec::Greedy(GreedyConfig { weights, noise }));
    prop_oneof![
        Just(BotSpec::Random),
        prop::sample::select(Level::ALL.to_vec()).prop_map(BotSpec::Level),
        greedy,
        mcts,
        v2,
        search().prop_map(BotSpec::MctsV1),
    ]
}

/// The new search's config from the options it shares with the old one and
/// its own.
fn new_search(
    s: MctsV1Config,
    (widen_inner, playout_noise, lead, cards, points): (f64, f64, f64, f64, f64),
) -> MctsConfig {
    let mut c = MctsConfig { widen_inner, playout_noise, ..MctsConfig::default() };
    (c.end.lead, c.end.cards_per_turn, c.end.points_per_turn) = (lead, cards, points);
    (c.iterations, c.time, c.threads, c.playout_turns) = (s.iterations, s.time, s.threads, s.playout_turns);
    (c.exploration, c.scale, c.prior, c.widen) = (s.exploration, s.scale, s.prior, s.widen);
    (c.centre, c.reuse, c.weights) = (s.centre, s.reuse, s.weights);
    c
}

/// The new search's own options: widen_inner, playout_noise and the end weights.
fn extra_options() -> impl Strategy<Value = (f64, f64, f64, f64, f64)> {
    (0.0f64..=1000.0, 0.0f64..=1.0, 0.0f64..=100.0, 0.1f64..=10.0, 0.1f64..=10.0)
}

/// The options both searches share, as the old one's config.
fn search() -> impl Strategy<Value = MctsV1Config> {
    let budget = prop_oneof![
        (1u32..=100_000_000).prop_map(|n| (Some(n), None)),
        (1u64..=3_600_000).prop_map(|ms| (None, Some(Duration::from_millis(ms)))),
        (1u32..=100_000_000, 1u64..=3_600_000).prop_map(|(n, ms)| (Some(n), Some(Duration::from_millis(ms)))),
    ];
    (
        budget,
        1usize..=64,
        0u16..=100,
        (0.0f64..=100.0, 0.01f64..=1000.0, 0.0f64..=1000.0, 0.0f64..=1000.0),
        any::<(bool, bool)>(),
        weights(),
    )
        .prop_map(
            |((iterations, time), threads, playout_turns, (c, scale, prior, widen), (centre, reuse), weights)| {
                MctsV1Config {
                    iterations,
                    time,
                    threads,
                    playout_turns,
                    exploration: c,
                    scale,
                    prior,
                    widen,
                    centre,
                    reuse,
                    weights,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn accepted_texts_are_finite_in_range_and_round_trip(text in text()) {
        if let Ok(spec) = text.parse::<BotSpec>() {
            prop_assert!(reals(&spec).iter().all(|v| v.is_finite()), "{text}: {spec:?}");
            prop_assert_eq!(spec.check(), Ok(()));
            prop_assert!((1..=64).contains(&spec.threads()));
            let canonical = spec.to_string();
            let again: BotSpec = canonical.parse().unwrap();
            prop_assert_eq!(&again, &spec, "{} -> {}", text, canonical);
            prop_assert_eq!(again.to_string(), canonical);
        }
    }

    #[test]
    fn specs_in_range_round_trip_through_their_text(spec in spec()) {
        prop_assert_eq!(spec.check(), Ok(()));
        let text = spec.to_string();
        let again: BotSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        prop_assert_eq!(again, spec, "{}", text);
    }
}

#[test]
fn the_probes_values_are_refused() {
    for text in [
        "mcts:c=nan",
        "mcts:prior=nan",
        "mcts:c=-1e308",
        "mcts:threads=100000",
        "mcts:threads=0",
        "mcts:iterations=0",
        "mcts:scale=inf",
        "greedy:common=NaN",
        "mcts:bogus=1",
        "mcts:playout_noise=inf",
        "mcts:cards_per_turn=0",
        "mcts-v2:c=nan",
        "mcts-v2:bogus=1",
        "mcts-v1:c=nan",
        "mcts-v1:widen_inner=1",
        "greedy:noise=inf",
        "hard:time=1000s",
        "cmd:sh -c 'touch /tmp/x'",
    ] {
        assert!(text.parse::<BotSpec>().is_err(), "{text}");
    }
}
