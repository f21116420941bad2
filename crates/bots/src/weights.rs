//! The evaluation's weights ([`Weights`], and [`EndWeights`] for the end of
//! the game at the search's horizon), their ranges, and the weights file
//! compiled in as the defaults (`crates/bots/weights/duel.json`, written by
//! the `train` example, [`crate::train`]).
//!
//! They sit below everything that uses them (the features, the evaluation,
//! the specs, the bots), so those modules import in one direction.

use std::ops::RangeInclusive;

/// The ranges a weight may take, in a file or a spec (the spec's
/// [`bounds`](crate::spec::bounds) gives these too).
pub mod bounds {
    use std::ops::RangeInclusive;

    pub const WEIGHT: RangeInclusive<f64> = -100.0..=100.0;
    pub const LEAD: RangeInclusive<f64> = 0.0..=100.0;
    pub const CARDS_PER_TURN: RangeInclusive<f64> = 0.1..=10.0;
    pub const POINTS_PER_TURN: RangeInclusive<f64> = 0.1..=10.0;
}

/// The evaluation's weights, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A piece on the board, by rank (common, heroic, legendary).
    pub piece: [f64; 3],
    /// A being in hand that can be summoned now, by its rank.
    pub ready: [f64; 3],
    /// Share of a task's points for a task the seat meets while it is its
    /// own turn (it will claim it unless it spoils it this turn).
    pub task_now: f64,
    /// Share of a task's points for a task the seat meets on the board when
    /// it is not its turn (the others may spoil it first).
    pub task_later: f64,
    /// With several opponents: the weight of the best one's standing; the
    /// rest goes to their mean.
    pub leader: f64,
    /// Deathmatch Melee: the weight of the mean of a player's colors in its
    /// worth; the rest goes to its lowest color (its score).
    pub melee_mean: f64,
    /// A being in hand one placement short of its pattern (see
    /// [`crate::features`]; 0 in the hand-written weights, as in `mcts-v1`).
    pub near: f64,
    /// An enemy being that could be summoned now, expected over the enemy's
    /// hidden hand (one a placement short counts half).
    pub threat: f64,
    /// The share counted of the loss of one's heroic or legendary pieces
    /// standing where an enemy being could be summoned.
    pub danger: f64,
    /// 1: at the search's horizon, cards in hand count only as far as the
    /// seat has actions left, and enemies with no turn left threaten
    /// nothing; 0: not.
    pub actions: f64,
    /// The forms with tasks: a share of a current task's points for the
    /// progress towards it (squared: the last pieces count most) while the
    /// seat does not meet it and has a turn left to (see
    /// `TaskId::progress`).
    pub progress: f64,
    /// Everfrost: a frozen card in front of a seat (a free effect to thaw
    /// in a later main phase).
    pub frozen: f64,
    /// Nethervoid: a seat that has its Gateway (on the board or kept on a
    /// Merchant of Time), which most of its cards need.
    pub gateway: f64,
}

/// The default weights: those in `crates/bots/weights/duel.json`, read
/// once, fitted from the search's own games by the `train` example
/// ([`crate::train`]). The greedy bot keeps [`Weights::hand_set`] and
/// `mcts-v1` [`Weights::hand_written`].
impl Default for Weights {
    fn default() -> Weights {
        defaults().0.clone()
    }
}

/// The weights file compiled in, as written by the `train` example.
pub const WEIGHTS_FILE: &str = include_str!("../weights/duel.json");

/// The default weights and end weights, parsed from [`WEIGHTS_FILE`] once
/// (a test checks that it parses).
fn defaults() -> &'static (Weights, EndWeights) {
    static DEFAULTS: std::sync::OnceLock<(Weights, EndWeights)> = std::sync::OnceLock::new();
    DEFAULTS.get_or_init(|| parse_weights(WEIGHTS_FILE).expect("crates/bots/weights/duel.json"))
}

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("not a weights file: {0}")]
    Json(#[from] serde_json::Error),
    /// A weight missing, not a number, not finite or out of its range.
    #[error("{group}.{name}: expected a number from {} to {}", range.start(), range.end())]
    Value { group: &'static str, name: &'static str, range: RangeInclusive<f64> },
}

/// Reads a weights file: `weights` (every name of [`Weights::NAMES`], those
/// of [`Weights::OPTIONAL`] 0 if left out) and
/// `end` (`lead`, `cards_per_turn`, `points_per_turn`), each finite and in
/// the range a spec allows for it ([`bounds`]); other fields
/// (what made the file) are free.
pub fn parse_weights(text: &str) -> Result<(Weights, EndWeights), WeightsError> {
    let json: serde_json::Value = serde_json::from_str(text)?;
    let number = |group: &'static str, name: &'static str, range: RangeInclusive<f64>| {
        json[group][name].as_f64().filter(|v| v.is_finite() && range.contains(v)).ok_or(WeightsError::Value {
            group,
            name,
            range,
        })
    };
    let mut w = Weights::hand_written();
    for name in Weights::NAMES {
        if Weights::OPTIONAL.contains(&name) && json["weights"].get(name).is_none() {
            w.set(name, 0.0);
            continue;
        }
        w.set(name, number("weights", name, bounds::WEIGHT)?);
    }
    let e = EndWeights {
        lead: number("end", "lead", bounds::LEAD)?,
        cards_per_turn: number("end", "cards_per_turn", bounds::CARDS_PER_TURN)?,
        points_per_turn: number("end", "points_per_turn", bounds::POINTS_PER_TURN)?,
    };
    Ok((w, e))
}

impl Weights {
    /// The weights as first set by hand (the defaults before the fitted
    /// file; kept to measure against).
    pub const fn hand_written() -> Weights {
        Weights {
            piece: [0.30, 0.85, 1.7],
            ready: [0.35, 0.6, 1.4],
            task_now: 0.9,
            task_later: 0.4,
            leader: 0.5,
            melee_mean: 0.25,
            near: 0.0,
            threat: 0.0,
            danger: 0.0,
            actions: 0.0,
            progress: 0.0,
            frozen: 0.0,
            gateway: 0.0,
        }
    }

    /// The hand-written weights with the later terms set by hand too (the
    /// evaluation's defaults before the fitted file; the greedy bot's
    /// weights, and the players of the training runs).
    pub const fn hand_set() -> Weights {
        Weights {
            near: 0.15,
            threat: 0.3,
            danger: 0.3,
            actions: 1.0,
            progress: 0.15,
            frozen: 0.4,
            gateway: 0.3,
            ..Weights::hand_written()
        }
    }

    /// The names of the weights a weights file may leave out (0 if it
    /// does): the terms added after the first files were written.
    pub const OPTIONAL: [&'static str; 7] = ["near", "threat", "danger", "actions", "progress", "frozen", "gateway"];

    /// The weights' names, in the order a spec's text gives them.
    pub const NAMES: [&'static str; 17] = [
        "common",
        "heroic",
        "legendary",
        "ready1",
        "ready2",
        "ready3",
        "task_now",
        "task_later",
        "leader",
        "melee_mean",
        "near",
        "threat",
        "danger",
        "actions",
        "progress",
        "frozen",
        "gateway",
    ];

    /// A weight by name (see [`Weights::NAMES`]); `None` if there is none.
    pub fn get(&self, name: &str) -> Option<f64> {
        let mut copy = self.clone();
        copy.slot(name).map(|v| *v)
    }

    /// Sets a weight by name (`common`, `heroic`, `legendary`, `ready1`,
    /// `ready2`, `ready3`, `task_now`, `task_later`, `leader`,
    /// `melee_mean`); false if there is none.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        match self.slot(name) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "common" => &mut self.piece[0],
            "heroic" => &mut self.piece[1],
            "legendary" => &mut self.piece[2],
            "ready1" => &mut self.ready[0],
            "ready2" => &mut self.ready[1],
            "ready3" => &mut self.ready[2],
            "task_now" => &mut self.task_now,
            "task_later" => &mut self.task_later,
            "leader" => &mut self.leader,
            "melee_mean" => &mut self.melee_mean,
            "near" => &mut self.near,
            "threat" => &mut self.threat,
            "danger" => &mut self.danger,
            "actions" => &mut self.actions,
            "progress" => &mut self.progress,
            "frozen" => &mut self.frozen,
            "gateway" => &mut self.gateway,
            _ => return None,
        })
    }
}

/// How the search's evaluation at its horizon weighs the end of the game
/// (see [`crate::eval::evaluate_end`]). The defaults are read from the weights file
/// with [`Weights`]'s (`lead` is what the training fits; the rates are set by hand).
#[derive(Clone, Debug, PartialEq)]
pub struct EndWeights {
    /// Extra weight of the score lead, divided by one more than the rounds
    /// estimated to be left: 0 ignores the end; 1 counts a lead twice in
    /// the final round.
    pub lead: f64,
    /// Cards a seat uses up from its deck per turn of its own (summons,
    /// discards), to estimate when a deck runs out.
    pub cards_per_turn: f64,
    /// Points a leading seat scores per turn of its own, to estimate when
    /// the end score is reached.
    pub points_per_turn: f64,
}

impl Default for EndWeights {
    fn default() -> EndWeights {
        defaults().1.clone()
    }
}

impl EndWeights {
    /// The end weights as first set by hand.
    pub const fn hand_written() -> EndWeights {
        EndWeights { lead: 1.0, cards_per_turn: 1.2, points_per_turn: 1.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_weights_file_parses_and_is_the_default() {
        let (w, e) = parse_weights(WEIGHTS_FILE).expect("crates/bots/weights/duel.json parses");
        assert_eq!(Weights::default(), w);
        assert_eq!(EndWeights::default(), e);
        // every value is one a spec could give
        let spec = crate::BotSpec::Mcts(crate::MctsConfig { weights: w, end: e, ..crate::MctsConfig::default() });
        assert_eq!(spec.check(), Ok(()));
    }

    #[test]
    fn a_weights_file_with_a_missing_or_wild_value_is_refused() {
        let missing = WEIGHTS_FILE.replace("\"heroic\"", "\"heroics\"");
        let refused = parse_weights(&missing).unwrap_err();
        assert!(matches!(refused, WeightsError::Value { group: "weights", name: "heroic", .. }), "{refused:?}");
        assert_eq!(refused.to_string(), "weights.heroic: expected a number from -100 to 100");
        let wild = r#"{"weights": {"common": 1e9}, "end": {}}"#;
        assert!(matches!(parse_weights(wild), Err(WeightsError::Value { name: "common", .. })));
        let no_end = WEIGHTS_FILE.replace("\"lead\"", "\"leads\"");
        assert!(matches!(parse_weights(&no_end), Err(WeightsError::Value { group: "end", name: "lead", .. })));
        assert!(matches!(parse_weights("not json"), Err(WeightsError::Json(_))));
    }
}
