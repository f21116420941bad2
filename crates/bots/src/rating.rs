//! Ratings from game results: win rates with Wilson intervals, and Elo
//! ratings fitted by maximum likelihood (Bradley-Terry, a draw counting as
//! half a win) with standard errors from the curvature of the likelihood.

/// One result between two entrants: `score` is 1 if `a` won, 0.5 for a
/// draw, 0 if `b` won; `weight` is how many games it counts as (1 for a
/// game between two; less for each of the pairwise results of a game of
/// more players, which are not independent).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub score: f64,
    pub weight: f64,
}

impl Pairing {
    /// A game between two: one result of weight 1.
    pub fn game(a: usize, b: usize, score: f64) -> Pairing {
        Pairing { a, b, score, weight: 1.0 }
    }
}

/// The Wilson score interval (95%) of a proportion, as (low, high).
pub fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Elo ratings (mean 0 over the entrants) and their standard errors.
///
/// An entrant that won or lost every game has no finite maximum-likelihood
/// rating; a weak prior (one virtual draw against a 0-rated opponent)
/// keeps every rating finite.
pub fn elo(entrants: usize, games: &[Pairing]) -> Vec<(f64, f64)> {
    let k = 400.0 / 10f64.ln(); // Elo points per natural-log unit of odds
                                // the record: games between each two, and each entrant's points
    let mut played = vec![vec![0.0f64; entrants]; entrants];
    let mut points = vec![0.5f64; entrants]; // the prior's draw
    for g in games {
        if g.a == g.b || g.a >= entrants || g.b >= entrants {
            continue;
        }
        played[g.a][g.b] += g.weight;
        played[g.b][g.a] += g.weight;
        points[g.a] += g.weight * g.score;
        points[g.b] += g.weight * (1.0 - g.score);
    }
    // Bradley-Terry strengths by minorization-maximization (Hunter 2004),
    // which climbs the likelihood at every step; the prior's opponent has
    // strength 1. (Newton steps on all ratings at once can swing between
    // two states forever.)
    let mut gamma = vec![1.0f64; entrants];
    for _ in 0..100_000 {
        let mut moved = 0.0f64;
        for i in 0..entrants {
            let mut denom = 1.0 / (gamma[i] + 1.0);
            for j in 0..entrants {
                if played[i][j] > 0.0 {
                    denom += played[i][j] / (gamma[i] + gamma[j]);
                }
            }
            let next = points[i] / denom;
            moved = moved.max((next / gamma[i]).ln().abs());
            gamma[i] = next;
        }
        if moved < 1e-10 {
            break;
        }
    }
    let r: Vec<f64> = gamma.iter().map(|g| k * g.ln()).collect();
    let mean = r.iter().sum::<f64>() / entrants.max(1) as f64;
    // standard errors from the diagonal of the observed information
    let mut info = vec![0.0f64; entrants];
    for g in games {
        let p = 1.0 / (1.0 + ((r[g.b] - r[g.a]) / k).exp());
        info[g.a] += g.weight * p * (1.0 - p) / (k * k);
        info[g.b] += g.weight * p * (1.0 - p) / (k * k);
    }
    r.iter().zip(info).map(|(&x, i)| (x - mean, if i > 0.0 { 1.0 / i.sqrt() } else { f64::INFINITY })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate() {
        let (lo, hi) = wilson(95.0, 100.0);
        assert!(lo < 0.95 && 0.95 < hi);
        assert!(lo > 0.88 && hi < 0.99);
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn elo_orders_entrants_by_strength() {
        // a beats b 75%, b beats c 75%
        let mut games = Vec::new();
        for i in 0..100 {
            games.push(Pairing::game(0, 1, if i % 4 == 0 { 0.0 } else { 1.0 }));
            games.push(Pairing::game(1, 2, if i % 4 == 0 { 0.0 } else { 1.0 }));
        }
        let r = elo(3, &games);
        assert!(r[0].0 > r[1].0 && r[1].0 > r[2].0);
        // 75% is about 191 Elo
        let gap = r[0].0 - r[1].0;
        assert!((gap - 191.0).abs() < 25.0, "gap {gap}");
        assert!(r[0].1 > 10.0 && r[0].1 < 80.0);
        assert!((r.iter().map(|x| x.0).sum::<f64>()).abs() < 1e-6);
    }

    #[test]
    fn a_result_of_half_weight_counts_as_half_a_game() {
        // the same record, once as 40 games, once as 80 results of weight 1/2
        let full: Vec<_> = (0..40).map(|i| Pairing::game(0, 1, if i % 4 == 0 { 0.0 } else { 1.0 })).collect();
        let half: Vec<_> = full.iter().chain(&full).map(|g| Pairing { weight: 0.5, ..*g }).collect();
        let (a, b) = (elo(2, &full), elo(2, &half));
        assert!((a[0].0 - b[0].0).abs() < 1e-6 && (a[0].1 - b[0].1).abs() < 1e-6, "{a:?} {b:?}");
    }

    #[test]
    fn a_lopsided_record_between_two_converges() {
        // 32 points of 144 in results of weight 1/2: Newton steps on both
        // ratings at once swung between two states here
        let mut games = Vec::new();
        for i in 0..144 {
            games.push(Pairing { a: 0, b: 1, score: if i < 32 { 1.0 } else { 0.0 }, weight: 0.5 });
        }
        let r = elo(2, &games);
        let k = 400.0 / 10f64.ln();
        let p = 1.0 / (1.0 + ((r[1].0 - r[0].0) / k).exp());
        // the share of points won, pulled a little towards even by the prior's draws
        assert!((p - 32.0 / 144.0).abs() < 0.01, "{p} from {r:?}");
        assert!(r[0].0 < -100.0 && r[1].0 > 100.0, "{r:?}");
    }

    #[test]
    fn a_perfect_record_keeps_a_finite_rating() {
        let games: Vec<_> = (0..50).map(|_| Pairing::game(0, 1, 1.0)).collect();
        let r = elo(2, &games);
        assert!(r[0].0.is_finite() && r[0].0 > 200.0);
    }
}
