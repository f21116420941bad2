//! A learned value: a small network that judges a position of a duel or
//! the High Form for one seat, P(win), fitted to the results of self-play
//! games (issue 26, item 3). The search uses it at its horizon in place of
//! the linear evaluation by default (`value=net`; `value=linear` keeps the
//! evaluation), where a position is like those it was fitted on
//! ([`crate::mcts::Judge`], [`seen`]).
//!
//! - [`features`]: what the network reads of a position;
//! - [`net`]: the network, its forward and backward passes;
//! - [`samples`]: positions of self-play games, labelled with the results;
//! - [`fit`]: the training (minibatch Adam, a held-out fifth, early stop);
//! - [`seen`]: the inputs' ranges over the positions fitted on: outside
//!   them the linear evaluation judges;
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
pub mod seen;

use std::sync::{Arc, OnceLock};

use tash_kalar_rules::{Game, Seat};

use crate::eval::EndWeights;
pub use file::{parse_value_net, value_net_json, ValueNetError};
use net::Mlp;
use seen::Seen;

/// A fitted value network and the scale that turns its log-odds into the
/// search's evaluation points.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    pub mlp: Mlp,
    /// Evaluation points per unit of log-odds: the linear evaluation's own
    /// logistic scale fitted on the same positions, so that the network's
    /// verdict and the evaluation's speak in the same unit to the search.
    pub scale: f64,
    /// The inputs' ranges over the positions it was fitted on: where it
    /// may judge.
    pub seen: Seen,
    /// How the model was made (free text).
    pub about: String,
}

impl ValueNet {
    /// Judges `game` (of a [`features::judged_form`], not over) in place
    /// of the linear evaluation's `values` (one a seat, in evaluation
    /// points), if every seat's inputs are within the ranges seen: each
    /// becomes `scale` times the log-odds of a win. Otherwise (one seat's
    /// inputs out of range is enough, so that the seats are judged alike)
    /// leaves them, and says so: `false`.
    pub fn judge(&self, game: &Game, values: &mut [f64], end: &EndWeights) -> bool {
        let mut inputs = [[0.0; features::INPUTS]; 2];
        for (s, x) in inputs.iter_mut().enumerate().take(values.len()) {
            *x = features::features(game, s as Seat, values[s], end);
            if !self.seen.contains(x) {
                return false;
            }
        }
        for (s, (v, x)) in values.iter_mut().zip(&inputs).enumerate() {
            // (on the search's hot path: the board is read only by a network with board rows)
            let on =
                if self.mlp.board.is_some() { features::board_inputs(game, s as Seat) } else { Default::default() };
            *v = self.scale * self.mlp.logit(x, &on);
        }
        true
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
    use rand::SeedableRng;
    use tash_kalar_rules::{Form, School};

    use super::*;
    use crate::eval::evaluate_end_seats;
    use crate::mcts::{horizon_values, Judge};
    use crate::{BotSpec, MctsConfig};

    #[test]
    fn a_spec_names_the_network_and_the_search_plays_with_it() {
        // the network is the default: `value=net` says nothing more
        let spec: BotSpec = "mcts:iterations=60,value=net".parse().unwrap();
        let BotSpec::Mcts(c) = &spec else { panic!("{spec:?}") };
        assert_eq!(c.value, Judge::Net(default_net()));
        assert_eq!(spec.to_string(), "mcts:iterations=60");
        assert_eq!(spec, "mcts:iterations=60".parse().unwrap());
        let linear: BotSpec = "mcts:iterations=60,value=linear".parse().unwrap();
        let BotSpec::Mcts(c) = &linear else { panic!("{linear:?}") };
        assert_eq!(c.value, Judge::Linear);
        assert_eq!(linear.to_string(), "mcts:iterations=60,value=linear");
        assert_eq!(linear.to_string().parse::<BotSpec>().unwrap(), linear);
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

    /// A duel between greedy players at the start of turn `turn`: an
    /// ordinary position, like those of self-play.
    fn greedy_duel(schools: [School; 2], turn: u16, seed: u64) -> Game {
        let mut game = Game::new(Form::Duel, &schools).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        crate::play_until_turn(&mut game, &mut crate::GreedyBot::new(seed), turn, &mut rng);
        assert!(!game.is_over());
        game
    }

    #[test]
    fn the_network_judges_the_duel_and_leaves_the_melee_to_the_evaluation() {
        let net = Arc::new(ValueNet { scale: 2.0, ..(*default_net()).clone() });
        let config = MctsConfig { value: Judge::Net(net.clone()), ..MctsConfig::default() };
        let duel = greedy_duel([School::Northern, School::Nethervoid], 8, 1);
        let linear = evaluate_end_seats(&duel, &config.weights, &config.end);
        let values = horizon_values(&duel, &config);
        for s in 0..2 {
            let x = features::features(&duel, s as Seat, linear[s], &config.end);
            assert!(net.seen.contains(&x), "seat {s}: {x:?}");
            let want = 2.0 * net.mlp.logit(&x, &features::board_inputs(&duel, s as Seat));
            assert!((values[s] - want).abs() < 1e-12);
        }
        let melee = Game::new(Form::Melee, &[School::Northern, School::Southern, School::Highland]).unwrap();
        assert_eq!(horizon_values(&melee, &config), evaluate_end_seats(&melee, &config.weights, &config.end));
    }

    #[test]
    fn ordinary_positions_are_within_what_the_committed_network_saw() {
        let (net, end) = (default_net(), EndWeights::default());
        let weights = crate::eval::Weights::default();
        for (k, schools) in
            [[School::Sylvan, School::Highland], [School::Everfrost, School::Southern]].iter().enumerate()
        {
            for turn in [4, 8, 12] {
                let game = greedy_duel(*schools, turn, k as u64 + 2);
                let mut values = evaluate_end_seats(&game, &weights, &end);
                assert!(net.judge(&game, &mut values, &end), "{schools:?} turn {turn}");
            }
        }
    }

    #[test]
    fn a_position_self_play_never_reaches_is_judged_linearly() {
        // both decks empty and the end not triggered: in self-play the
        // refill that empties a deck triggers the end
        let game = greedy_duel([School::Northern, School::Sylvan], 8, 3);
        let mut p = tash_kalar_rules::Position::of(&game).unwrap();
        assert_eq!(p.end, None);
        for s in &mut p.seats {
            s.deck = tash_kalar_rules::pile::Pile::ordered(Vec::new());
        }
        let empty = p.to_game().unwrap();
        let config = MctsConfig { value: Judge::Net(default_net()), ..MctsConfig::default() };
        let linear = evaluate_end_seats(&empty, &config.weights, &config.end);
        let mut values = linear.clone();
        assert!(!default_net().judge(&empty, &mut values, &config.end));
        assert_eq!(values, linear);
        assert_eq!(horizon_values(&empty, &config), linear);
        // the same position with its decks is judged by the network
        assert_ne!(horizon_values(&game, &config), evaluate_end_seats(&game, &config.weights, &config.end));
    }
}
