//! Rough speed check: random duels per second (use the criterion benchmarks
//! for real figures), played on a bare `Game` and through a `Match` (which
//! also keeps the record and what can be taken back).
//!
//! `cargo run --release -p tash-kalar-rules --example speed [GAMES] [SCHOOL,SCHOOL]`
//! (the schools default to `northern,southern`).
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Form, Game, Match, School};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let schools: Vec<School> = std::env::args()
        .nth(2)
        .map(|a| a.split(',').map(|s| School::parse(s.trim()).expect("a school")).collect())
        .unwrap_or(vec![School::Northern, School::Southern]);
    let schools: [School; 2] = schools.try_into().expect("two schools");
    println!("{} against {}", schools[0], schools[1]);
    // the same games both ways: the choices come from the same seeded generator
    let (t_game, steps, listed) = time(n, |rng, buf, steps, listed| {
        let mut g = Game::new(Form::Duel, &schools).unwrap();
        while g.actor() != Actor::Nobody {
            g.legal_choices_into(buf);
            *listed += buf.len() as u64;
            let c = buf[rng.gen_range(0..buf.len())];
            g.apply_unchecked(c);
            *steps += 1;
        }
    });
    println!(
        "game:  {:.0} games/s, {} steps/game, {:.2} us/step, {:.1} choices listed per step",
        n as f64 / t_game,
        steps / n,
        t_game * 1e6 / steps as f64,
        listed as f64 / steps as f64
    );
    let (t_match, steps, _) = time(n, |rng, buf, steps, listed| {
        let mut m = Match::new(Form::Duel, &schools, None).unwrap();
        while m.game().actor() != Actor::Nobody {
            m.game().legal_choices_into(buf);
            *listed += buf.len() as u64;
            let c = buf[rng.gen_range(0..buf.len())];
            m.apply_unchecked(c);
            *steps += 1;
        }
    });
    println!(
        "match: {:.0} games/s, {:.2} us/step ({:+.1}% against the bare game)",
        n as f64 / t_match,
        t_match * 1e6 / steps as f64,
        (t_match / t_game - 1.0) * 100.0
    );
}

/// Runs `n` games with `play`; returns the seconds taken, steps and choices listed.
fn time(
    n: u64,
    mut play: impl FnMut(&mut ChaCha8Rng, &mut Vec<tash_kalar_rules::Choice>, &mut u64, &mut u64),
) -> (f64, u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let (mut steps, mut listed) = (0u64, 0u64);
    let start = std::time::Instant::now();
    for _ in 0..n {
        play(&mut rng, &mut buf, &mut steps, &mut listed);
    }
    (start.elapsed().as_secs_f64(), steps, listed)
}
