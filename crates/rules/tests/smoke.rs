mod common;
use common::Gate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Form, Game, School};

#[test]
fn random_games_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..200 {
        let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        let mut steps = 0;
        while g.actor() != Actor::Nobody {
            let v = g.legal_choices();
            assert!(!v.is_empty(), "no choices in {:?}", g.phase());
            let c = v[rng.gen_range(0..v.len())];
            g.act(c).unwrap();
            steps += 1;
            assert!(steps < 100_000);
            assert!(g.pieces_accounted_for());
        }
    }
}
