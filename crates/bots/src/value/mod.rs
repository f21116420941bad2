//! A learned value: a small network that judges a position of a duel or
//! the High Form for one seat, P(win), fitted to the results of self-play
//! games (issue 26, item 3). The search uses it at its horizon in place of
//! the linear evaluation when its spec says `value=net`
//! ([`crate::mcts::Judge`]).
//!
//! - [`features`]: what the network reads of a position;
//! - [`net`]: the network, its forward and backward passes;
//! - [`samples`]: positions of self-play games, labelled with the results;
//! - [`fit`]: the training (minibatch Adam, a held-out fifth, early stop);
//! - [`mod@file`]: the model file, written and read with checks;
//! - [`gate`]: a match between two searches, the test a new model passes.
//!
//! The committed model (`crates/bots/weights/value.json`, written by
//! `tash-kalar train`) is compiled in.

pub mod features;
pub mod file;
pub mod fit;
pub mod gate;
pub mod net;
pub mod samples;

use std::sync::{Arc, OnceLock};

use tash_kalar_rules::{Game, Seat};

use crate::eval::EndWeights;
pub use file::{parse_value_net, value_net_json, ValueNetError};
use net::Mlp;

/// A fitted value network and the scale that turns its log-odds into the
/// search's evaluation points.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    pub mlp: Mlp,
    /// Evaluation points per unit of log-odds: the linear evaluation's own
    /// logistic scale fitted on the same positions, so that the network's
    /// verdict and the evaluation's speak in the same unit to the search.
    pub scale: f64,
    /// How the model was made (free text).
    pub about: String,
}

impl ValueNet {
    /// The value of `game` (of a [`features::judged_form`], not over) for
    /// `seat`, in evaluation points: `scale` times the log-odds of a win,
    /// given the linear evaluation's value for the seat.
    pub fn points(&self, game: &Game, seat: Seat, linear: f64, end: &EndWeights) -> f64 {
        self.scale * self.mlp.logit(&features::features(game, seat, linear, end))
    }
}

/// The model file compiled in.
pub const VALUE_FILE: &str = include_str!("../../weights/value.json");

/// The compiled-in model, parsed once (a test checks that it parses).
pub fn default_net() -> Arc<ValueNet> {
    static NET: OnceLock<Arc<ValueNet>> = OnceLock::new();
    NET.get_or_init(|| Arc::new(parse_value_net(VALUE_FILE).expect("crates/bots/weights/value.json"))).clone()
}

#[cfg(test)]
mod tests {
    use tash_kalar_rules::{Form, School};

    use super::*;
    use crate::eval::evaluate_end_seats;
    use crate::mcts::{horizon_values, Judge};
    use crate::{BotSpec, MctsConfig};

    #[test]
    fn a_spec_names_the_network_and_the_search_plays_with_it() {
        let spec: BotSpec = "mcts:iterations=60,value=net".parse().unwrap();
        let BotSpec::Mcts(c) = &spec else { panic!("{spec:?}") };
        assert_eq!(c.value, Judge::Net(default_net()));
        assert_eq!(spec.to_string(), "mcts:iterations=60,value=net");
        assert_eq!(spec.to_string().parse::<BotSpec>().unwrap(), spec);
        let refused = "mcts:value=deep".parse::<BotSpec>().unwrap_err();
        assert_eq!(refused.to_string(), r#"value="deep": expected linear or net"#);
        let mut game = Game::new(Form::HighForm, &[School::Everfrost, School::Sylvan]).unwrap();
        // the deal first (chance's choices)
        while !matches!(game.actor(), tash_kalar_rules::Actor::Seat(_)) {
            game.apply_unchecked(game.legal_choices()[0]);
        }
        let mut bot = spec.build(3);
        let choice = bot.choose(&game.observe(0));
        assert!(game.legal_choices().contains(&choice));
    }

    #[test]
    fn the_network_judges_the_duel_and_leaves_the_melee_to_the_evaluation() {
        let net = Arc::new(ValueNet { scale: 2.0, ..(*default_net()).clone() });
        let config = MctsConfig { value: Judge::Net(net.clone()), ..MctsConfig::default() };
        let duel = Game::new(Form::Duel, &[School::Northern, School::Nethervoid]).unwrap();
        let linear = evaluate_end_seats(&duel, &config.weights, &config.end);
        let values = horizon_values(&duel, &config);
        for s in 0..2 {
            let want = 2.0 * net.mlp.logit(&features::features(&duel, s as Seat, linear[s], &config.end));
            assert!((values[s] - want).abs() < 1e-12);
        }
        let melee = Game::new(Form::Melee, &[School::Northern, School::Southern, School::Highland]).unwrap();
        assert_eq!(horizon_values(&melee, &config), evaluate_end_seats(&melee, &config.weights, &config.end));
    }
}
