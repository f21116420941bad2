//! Fitting the value network to self-play positions: starting from the
//! linear evaluation's logistic on the direct path (and small hidden-to-
//! output weights), minibatch Adam on the log-loss with a little L2, the games split by number into a
//! training set (seven in ten), a validation set (one in ten, for the early
//! stop: the parameters of the epoch best on it are kept) and a test set
//! (every fifth game, for the losses reported). The linear evaluation is
//! measured on the same test positions, through its own logistic fitted on
//! the training positions (that fit's scale is the network's too, see
//! [`super::ValueNet::scale`]).
//!
//! Deterministic: one thread, a fixed order of the positions, the shuffles
//! drawn from a ChaCha generator seeded by the caller.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::features::{BoardOn, INPUTS, LINEAR_UNIT, SQUARES};
use super::net::{log_loss, sigmoid, Mlp, HIDDEN};
use super::samples::Position;
use super::seen::Seen;
use crate::train::logistic_fit;

/// The training's settings.
#[derive(Clone, Debug)]
pub struct FitConfig {
    pub seed: u64,
    pub max_epochs: usize,
    /// Epochs without a better validation loss before stopping.
    pub patience: usize,
    pub batch: usize,
    pub rate: f64,
    pub l2: f64,
    /// Whether the network reads the board, and how its boards are fitted.
    pub board: BoardFit,
}

/// Whether a fitted network reads the board ([`super::net::Mlp::board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFit {
    /// The counts alone (the default: reading the board, a network fitted
    /// on 2,000 games lost its gate 92-308, see docs/bot-strength-log.md).
    Off,
    /// The board as it stands.
    Plain,
    /// Each time a position is fitted on, its board turned or reflected by
    /// one of the arena's eight symmetries at random: the same game seen
    /// from another side (only a few squares' colours, which some Highland
    /// beings read, tell them apart), eight times the boards.
    Augmented,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig { seed: 1, max_epochs: 200, patience: 10, batch: 64, rate: 1e-3, l2: 1e-4, board: BoardFit::Off }
    }
}

/// The arena's eight symmetries as maps of square indices (`row * 9 +
/// column`): the cut corners go to cut corners, playable squares to
/// playable ones.
fn symmetries() -> [[u16; SQUARES]; 8] {
    std::array::from_fn(|k| {
        std::array::from_fn(|sq| {
            let (c, r) = (sq % 9, sq / 9);
            let (c, r) = if k & 4 != 0 { (r, c) } else { (c, r) };
            let c = if k & 1 != 0 { 8 - c } else { c };
            let r = if k & 2 != 0 { 8 - r } else { r };
            (r * 9 + c) as u16
        })
    })
}

/// Board inputs `on` under the square map `map`.
fn mapped(on: &BoardOn, map: &[u16; SQUARES]) -> BoardOn {
    let n = SQUARES as u16;
    on.iter().map(|&i| (i / n) * n + map[usize::from(i % n)]).collect()
}

/// A fit's result.
#[derive(Clone, Debug)]
pub struct Fitted {
    pub mlp: Mlp,
    /// The linear evaluation's logistic scale: points per unit of log-odds.
    pub scale: f64,
    pub train: usize,
    pub validation: usize,
    pub test: usize,
    /// The epoch whose parameters were kept (from 1).
    pub epoch: usize,
    /// Mean log-loss on the test positions: the network's, the linear
    /// evaluation's, and a coin's (a result always ½).
    pub loss_net: f64,
    pub loss_linear: f64,
    pub loss_coin: f64,
    /// The inputs' ranges over the training positions (where the network
    /// may judge), and the share of the test positions within them.
    pub seen: Seen,
    pub test_seen: f64,
}

fn is_test(p: &Position) -> bool {
    p.game % 5 == 4
}

fn is_validation(p: &Position) -> bool {
    !is_test(p) && p.game % 10 == 3
}

fn mean_loss(mlp: &Mlp, set: &[&Position]) -> f64 {
    set.iter().map(|p| log_loss(sigmoid(mlp.logit(&p.x, &p.board)), p.result)).sum::<f64>() / set.len().max(1) as f64
}

/// Fits a network to `positions`.
pub fn fit(positions: &[Position], config: &FitConfig) -> Fitted {
    let test: Vec<&Position> = positions.iter().filter(|p| is_test(p)).collect();
    let validation: Vec<&Position> = positions.iter().filter(|p| is_validation(p)).collect();
    let train: Vec<&Position> = positions.iter().filter(|p| !is_test(p) && !is_validation(p)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    // the linear evaluation's logistic, fitted on the training positions
    let xs: Vec<Vec<f64>> = train.iter().map(|p| vec![p.linear]).collect();
    let ys: Vec<f64> = train.iter().map(|p| p.result).collect();
    let k = logistic_fit(&xs, &ys, 1e-6)[0].max(1e-6);
    let mut mlp = Mlp::zeros();
    // the evaluation's input is its value over LINEAR_UNIT
    mlp.skip[0] = k * LINEAR_UNIT;
    let first = (6.0 / (INPUTS + HIDDEN) as f64).sqrt();
    let second = (6.0 / (HIDDEN + 1) as f64).sqrt();
    for row in mlp.w1.iter_mut() {
        row.iter_mut().for_each(|w| *w = rng.gen_range(-first..first));
    }
    mlp.w2.iter_mut().for_each(|w| *w = 0.1 * rng.gen_range(-second..second));
    // a few dozen board inputs are on at once: small rows, so that the board
    // starts as a nudge to the units, not their whole sum
    if config.board != BoardFit::Off {
        let board = 0.1 * first;
        mlp = mlp.with_board();
        mlp.board.iter_mut().flatten().flatten().for_each(|w| *w = rng.gen_range(-board..board));
    }
    let maps = symmetries();
    let mut adam = Adam::new(config.rate, mlp.params());
    let mut order: Vec<usize> = (0..train.len()).collect();
    let (mut best, mut best_loss, mut best_epoch) = (mlp.clone(), mean_loss(&mlp, &validation), 0);
    for epoch in 1..=config.max_epochs {
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            let mut grad = if mlp.board.is_some() { Mlp::zeros().with_board() } else { Mlp::zeros() };
            for &i in batch {
                let p = train[i];
                let on = match config.board {
                    BoardFit::Off => BoardOn::new(),
                    BoardFit::Plain => p.board.clone(),
                    BoardFit::Augmented => mapped(&p.board, &maps[rng.gen_range(0..maps.len())]),
                };
                mlp.backward(&p.x, &on, p.result, &mut grad);
            }
            let n = batch.len() as f64;
            let grads: Vec<f64> = grad.params_mut().map(|g| *g / n).collect();
            adam.step(&mut mlp, &grads, config.l2);
        }
        let loss = mean_loss(&mlp, &validation);
        if loss < best_loss {
            (best, best_loss, best_epoch) = (mlp.clone(), loss, epoch);
        } else if epoch - best_epoch >= config.patience {
            break;
        }
    }
    let n = test.len().max(1) as f64;
    let loss_linear = test.iter().map(|p| log_loss(sigmoid(k * p.linear), p.result)).sum::<f64>() / n;
    let loss_coin = test.iter().map(|p| log_loss(0.5, p.result)).sum::<f64>() / n;
    let seen = Seen::of(train.iter().map(|p| &p.x));
    let test_seen = test.iter().filter(|p| seen.contains(&p.x)).count() as f64 / n;
    Fitted {
        loss_net: mean_loss(&best, &test),
        mlp: best,
        scale: (1.0 / k).clamp(0.01, 1000.0),
        train: train.len(),
        validation: validation.len(),
        test: test.len(),
        epoch: best_epoch,
        loss_linear,
        loss_coin,
        seen,
        test_seen,
    }
}

/// The Adam optimiser's state.
struct Adam {
    rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    fn new(rate: f64, params: usize) -> Adam {
        Adam { rate, m: vec![0.0; params], v: vec![0.0; params], t: 0 }
    }

    /// One step along `grads` (in [`Mlp::params_mut`]'s order) plus `l2`
    /// times each parameter.
    fn step(&mut self, mlp: &mut Mlp, grads: &[f64], l2: f64) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        for (k, p) in mlp.params_mut().enumerate() {
            let g = grads[k] + l2 * *p;
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * g;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * g * g;
            *p -= self.rate * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_symmetries_map_the_arena_onto_itself() {
        use tash_kalar_rules::Square;
        let maps = symmetries();
        let playable = |i: u16| Square::from_index(i as u8).is_some();
        for map in &maps {
            let mut seen = [false; 81];
            for (sq, &to) in map.iter().enumerate() {
                assert_eq!(playable(sq as u16), playable(to), "{sq} -> {to}");
                seen[usize::from(to)] = true;
            }
            assert!(seen.iter().all(|&s| s), "a permutation");
        }
        // eight different maps, the first the identity; the centre e5 stays
        assert!(maps[0].iter().enumerate().all(|(sq, &to)| usize::from(to) == sq));
        assert!(maps.iter().all(|m| m[40] == 40));
        let distinct: std::collections::BTreeSet<_> = maps.iter().map(|m| m.to_vec()).collect();
        assert_eq!(distinct.len(), 8);
        // a piece's kind is kept: the seat's heroic piece on a5 (81 + 36) to i5 and to e1, e9
        let on: BoardOn = [81 + 36].into_iter().collect();
        let images: std::collections::BTreeSet<u16> = maps.iter().map(|m| mapped(&on, m)[0]).collect();
        assert_eq!(images, [81 + 4, 81 + 36, 81 + 44, 81 + 76].into_iter().collect());
    }

    /// Positions whose result follows input 0 (a lead) through a known
    /// logistic, with noise inputs.
    fn synthetic(seed: u64) -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..3000u32)
            .map(|i| {
                let mut x = [0.0; INPUTS];
                x.iter_mut().for_each(|v| *v = rng.gen_range(-1.0..1.0));
                let p = sigmoid(3.0 * x[0]);
                let result = if rng.gen_bool(p) { 1.0 } else { 0.0 };
                Position { x, board: Default::default(), linear: LINEAR_UNIT * x[0], result, game: i / 10 }
            })
            .collect()
    }

    #[test]
    fn a_fit_learns_a_known_relation_and_is_the_same_for_one_seed() {
        let data = synthetic(3);
        let config = FitConfig { max_epochs: 30, ..FitConfig::default() };
        let a = fit(&data, &config);
        assert!(a.loss_net < a.loss_coin - 0.05, "net {} coin {}", a.loss_net, a.loss_coin);
        // the linear value is the true relation here: the net comes close
        assert!(a.loss_net < a.loss_linear + 0.03, "net {} linear {}", a.loss_net, a.loss_linear);
        assert!((a.scale - 10.0 / 3.0).abs() < 1.0, "scale {}", a.scale);
        // every training position is within the ranges kept
        assert!(data.iter().filter(|p| p.game % 5 != 4 && p.game % 10 != 3).all(|p| a.seen.contains(&p.x)));
        assert!(a.test_seen > 0.8, "{}", a.test_seen);
        let b = fit(&data, &config);
        assert_eq!(a.mlp, b.mlp);
        let c = fit(&data, &FitConfig { seed: 2, ..config });
        assert_ne!(a.mlp, c.mlp);
    }
}
