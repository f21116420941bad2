//! Rough speed check: random duels per second (use the criterion benchmarks
//! for real figures).
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Form, Game, School};

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let n = 500;
    let start = std::time::Instant::now();
    let mut steps = 0u64;
    let mut buf = Vec::new();
    let mut listed = 0u64;
    for _ in 0..n {
        let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        while g.actor() != Actor::Nobody {
            g.legal_choices_into(&mut buf);
            listed += buf.len() as u64;
            let c = buf[rng.gen_range(0..buf.len())];
            g.apply_unchecked(c);
            steps += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{:.0} games/s, {} steps/game, {:.2} us/step, {:.1} choices listed per step",
        n as f64 / t,
        steps / n,
        t * 1e6 / steps as f64,
        listed as f64 / steps as f64
    );
}
