//! The value network: a perceptron with one hidden layer of [`HIDDEN`]
//! tanh units and a sigmoid output, P(win) for the seat judged, with a
//! direct (linear) path from the inputs to the output beside the hidden
//! layer. A network may read the board too ([`Mlp::board`]): a row of
//! weights into the hidden units for each kind of piece on each square
//! ([`BOARD_INPUTS`]), of which only the pieces on the board are added (a
//! few dozen rows, not a product with hundreds of zeros). The direct path lets a fit start from the linear evaluation's own
//! logistic (its weight on the evaluation's input), so that the hidden
//! units learn only what that misses: started from random weights alone,
//! the network did worse than the linear evaluation on held-out games
//! (log-loss 0.4587 against 0.4470 on 300 games, docs/bot-strength-log.md).
//!
//! Written by hand rather than taken from a crate: its forward pass is a
//! few dozen lines over fixed arrays (no allocation, some 1,400
//! multiply-adds), its backward pass as many, and a framework would bring
//! far more than it adds.

use super::features::{Features, BOARD_INPUTS, INPUTS};

/// Hidden units.
pub const HIDDEN: usize = 32;

/// The network's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    /// Input to hidden weights, a row per hidden unit.
    pub w1: [[f64; INPUTS]; HIDDEN],
    pub b1: [f64; HIDDEN],
    /// Hidden to output weights.
    pub w2: [f64; HIDDEN],
    pub b2: f64,
    /// Input to output weights (the direct path).
    pub skip: [f64; INPUTS],
    /// Board input to hidden weights, a row per board input
    /// ([`BOARD_INPUTS`] rows), if the network reads the board.
    pub board: Option<Vec<[f64; HIDDEN]>>,
}

/// What the forward pass leaves for the backward one.
pub struct Forward {
    pub hidden: [f64; HIDDEN],
    /// The output before the sigmoid: the log-odds of a win.
    pub logit: f64,
}

impl Mlp {
    /// A network of zeros that reads no board (its output ½ everywhere).
    pub fn zeros() -> Mlp {
        Mlp {
            w1: [[0.0; INPUTS]; HIDDEN],
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
            skip: [0.0; INPUTS],
            board: None,
        }
    }

    /// The same network reading the board, its board rows zeros.
    pub fn with_board(self) -> Mlp {
        Mlp { board: Some(vec![[0.0; HIDDEN]; BOARD_INPUTS]), ..self }
    }

    /// The forward pass at inputs `x` with the board inputs `on` on (each
    /// below [`BOARD_INPUTS`]; read only if the network reads the board).
    pub fn forward(&self, x: &Features, on: &[u16]) -> Forward {
        let mut hidden = self.b1;
        if let Some(rows) = &self.board {
            for &i in on {
                for (a, w) in hidden.iter_mut().zip(&rows[usize::from(i)]) {
                    *a += w;
                }
            }
        }
        let mut logit = self.b2 + self.skip.iter().zip(x).map(|(w, x)| w * x).sum::<f64>();
        let sums = self.input_sums(x);
        for (j, h) in hidden.iter_mut().enumerate() {
            let a = *h + sums[j];
            *h = a.tanh();
            logit += self.w2[j] * *h;
        }
        Forward { hidden, logit }
    }

    /// Each hidden unit's weighted sum of the inputs `x`, the same sums
    /// term by term as a dot product a unit (from −0, as `f64`'s `sum`,
    /// input by input), taken input by input for all the units at once: the
    /// units' sums no longer wait on each other's additions, which made the
    /// forward pass a chain of 1,300 dependent additions (some 14% of the
    /// search's iteration). An input at 0 adds ±0 to every sum and is
    /// skipped (the school inputs are mostly 0): with finite weights that
    /// changes at most the sign of a sum that is exactly 0, which adding
    /// it to the unit's bias and board rows then erases.
    fn input_sums(&self, x: &Features) -> [f64; HIDDEN] {
        let mut sums = [-0.0; HIDDEN];
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            for (s, row) in sums.iter_mut().zip(&self.w1) {
                *s += row[i] * xi;
            }
        }
        sums
    }

    /// The log-odds of a win for the inputs `x` and the board inputs `on`.
    pub fn logit(&self, x: &Features, on: &[u16]) -> f64 {
        self.forward(x, on).logit
    }

    /// Adds to `grad` the gradient of the log-loss of result `y` (1 won,
    /// ½ level, 0 lost) at inputs `x` and board inputs `on`, and returns
    /// that loss.
    pub fn backward(&self, x: &Features, on: &[u16], y: f64, grad: &mut Mlp) -> f64 {
        let f = self.forward(x, on);
        let p = sigmoid(f.logit);
        let dz = p - y;
        grad.b2 += dz;
        for (g, xi) in grad.skip.iter_mut().zip(x) {
            *g += dz * xi;
        }
        for j in 0..HIDDEN {
            let h = f.hidden[j];
            grad.w2[j] += dz * h;
            let da = dz * self.w2[j] * (1.0 - h * h);
            grad.b1[j] += da;
            for (g, xi) in grad.w1[j].iter_mut().zip(x) {
                *g += da * xi;
            }
            if let (Some(_), Some(rows)) = (&self.board, grad.board.as_mut()) {
                for &i in on {
                    rows[usize::from(i)][j] += da;
                }
            }
        }
        log_loss(p, y)
    }

    /// Every parameter, in a fixed order (for the optimiser).
    pub fn params_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.w1
            .iter_mut()
            .flatten()
            .chain(&mut self.b1)
            .chain(&mut self.w2)
            .chain(std::iter::once(&mut self.b2))
            .chain(&mut self.skip)
            .chain(self.board.iter_mut().flatten().flatten())
    }

    /// The number of parameters.
    pub fn params(&self) -> usize {
        HIDDEN * INPUTS + 2 * HIDDEN + 1 + INPUTS + self.board.as_ref().map_or(0, |b| b.len() * HIDDEN)
    }
}

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The log-loss of probability `p` for result `y`.
pub fn log_loss(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forward_pass_is_the_hand_computed_one() {
        // two hidden units live, reading inputs 0 and 1
        let mut m = Mlp::zeros();
        m.w1[0][0] = 0.5;
        m.w1[0][1] = -1.0;
        m.b1[0] = 0.25;
        m.w1[1][1] = 2.0;
        m.w2[0] = 1.5;
        m.w2[1] = -0.5;
        m.b2 = 0.1;
        m.skip[1] = 0.3;
        let mut x = [0.0; INPUTS];
        x[0] = 1.0;
        x[1] = 0.5;
        // h0 = tanh(0.5·1 − 1·0.5 + 0.25) = tanh(0.25), h1 = tanh(2·0.5) = tanh(1)
        // and the direct path 0.3·0.5
        let want = 0.1 + 0.15 + 1.5 * 0.25f64.tanh() - 0.5 * 1.0f64.tanh();
        assert!((m.logit(&x, &[]) - want).abs() < 1e-12, "{} {want}", m.logit(&x, &[]));
        // the other inputs are read by no live unit
        x[7] = 3.0;
        assert!((m.logit(&x, &[]) - want).abs() < 1e-12);
        // a network reading no board ignores board inputs
        assert!((m.logit(&x, &[40, 41]) - want).abs() < 1e-12);
        // one reading it adds each input's row to the hidden units' sums
        let mut m = m.with_board();
        assert!((m.logit(&x, &[40, 41]) - want).abs() < 1e-12);
        let rows = m.board.as_mut().unwrap();
        rows[40][0] = -0.75;
        rows[41][1] = 0.5;
        let want = 0.1 + 0.15 + 1.5 * (-0.5f64).tanh() - 0.5 * 1.5f64.tanh();
        assert!((m.logit(&x, &[40, 41]) - want).abs() < 1e-12, "{} {want}", m.logit(&x, &[40, 41]));
        assert!((m.logit(&x, &[42]) - m.logit(&x, &[])).abs() < 1e-12);
    }

    /// The forward pass as it was written first: a dot product a hidden unit.
    fn reference_logit(m: &Mlp, x: &Features, on: &[u16]) -> f64 {
        let mut hidden = m.b1;
        if let Some(rows) = &m.board {
            for &i in on {
                for (a, w) in hidden.iter_mut().zip(&rows[usize::from(i)]) {
                    *a += w;
                }
            }
        }
        let mut logit = m.b2 + m.skip.iter().zip(x).map(|(w, x)| w * x).sum::<f64>();
        for (j, h) in hidden.iter_mut().enumerate() {
            let a = *h + m.w1[j].iter().zip(x).map(|(w, x)| w * x).sum::<f64>();
            *h = a.tanh();
            logit += m.w2[j] * *h;
        }
        logit
    }

    #[test]
    fn the_forward_pass_gives_the_dot_products_bit_for_bit() {
        use rand::{Rng, SeedableRng};
        let seed = rand::random();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let mut m = Mlp::zeros().with_board();
            m.params_mut().for_each(|p| *p = rng.gen_range(-1.0..1.0));
            // inputs at 0 (skipped), at −0, and others
            let x: Features = std::array::from_fn(|_| match rng.gen_range(0..4) {
                0 => 0.0,
                1 => -0.0,
                _ => rng.gen_range(-3.0..3.0),
            });
            let on: Vec<u16> = (0..rng.gen_range(0..40)).map(|_| rng.gen_range(0..BOARD_INPUTS as u16)).collect();
            let (got, want) = (m.logit(&x, &on), reference_logit(&m, &x, &on));
            assert_eq!(got.to_bits(), want.to_bits(), "seed {seed}: {got} {want}");
        }
    }

    #[test]
    fn the_committed_network_judges_as_its_reference_on_self_play_positions() {
        use rand::SeedableRng;
        use tash_kalar_rules::{Form, Game, School};
        let net = crate::value::default_net();
        let end = crate::eval::EndWeights::default();
        let weights = crate::eval::Weights::default();
        for (k, schools) in
            [[School::Northern, School::Nethervoid], [School::Everfrost, School::Sylvan]].iter().enumerate()
        {
            for turn in [3, 7, 11] {
                let mut game = Game::new(Form::Duel, schools).unwrap();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k as u64);
                crate::play_until_turn(&mut game, &mut crate::GreedyBot::new(k as u64), turn, &mut rng);
                let linear = crate::eval::evaluate_end_seats(&game, &weights, &end);
                for s in 0..2 {
                    let x = super::super::features::features(&game, s as tash_kalar_rules::Seat, linear[s], &end);
                    let on = super::super::features::board_inputs(&game, s as tash_kalar_rules::Seat);
                    let (got, want) = (net.mlp.logit(&x, &on), reference_logit(&net.mlp, &x, &on));
                    assert_eq!(got.to_bits(), want.to_bits(), "{schools:?} turn {turn} seat {s}: {got} {want}");
                }
            }
        }
    }

    #[test]
    fn the_backward_pass_is_the_loss_gradient() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut m = Mlp::zeros().with_board();
        m.params_mut().for_each(|p| *p = rng.gen_range(-0.5..0.5));
        let x: Features = std::array::from_fn(|_| rng.gen_range(-1.0..1.0));
        let on = [3u16, 90, 400];
        for y in [0.0, 0.5, 1.0] {
            let mut grad = Mlp::zeros().with_board();
            m.backward(&x, &on, y, &mut grad);
            let analytic: Vec<f64> = grad.params_mut().map(|g| *g).collect();
            let eps = 1e-6;
            // every dense parameter, and the rows of the board inputs on
            let board_start = m.params() - BOARD_INPUTS * HIDDEN;
            let checked = (0..board_start).chain(on.iter().flat_map(|&i| {
                let row = board_start + usize::from(i) * HIDDEN;
                row..row + HIDDEN
            }));
            for k in checked {
                let want = &analytic[k];
                let loss_at = |delta: f64| {
                    let mut moved = m.clone();
                    *moved.params_mut().nth(k).unwrap() += delta;
                    log_loss(sigmoid(moved.logit(&x, &on)), y)
                };
                let numeric = (loss_at(eps) - loss_at(-eps)) / (2.0 * eps);
                assert!((numeric - want).abs() < 1e-6 * (1.0 + want.abs()), "parameter {k}: {numeric} {want}");
            }
            // the rows of the board inputs off get nothing
            assert!(analytic[board_start..board_start + 3 * HIDDEN].iter().all(|&g| g == 0.0));
        }
    }
}
