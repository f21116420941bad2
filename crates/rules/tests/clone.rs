//! A game's `Clone` is written out by hand (each list one block copy, for
//! the bots' speed): a clone is the same game, its event log included, and
//! plays on the same, in every form, at every step of random games.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Form, Game, School};

#[test]
fn a_clone_is_the_same_game_and_plays_on_the_same() {
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    let setups: [(Form, &[School]); 6] = [
        (Form::Duel, &[n, s]),
        (Form::HighForm, &[n, y]),
        (Form::FirstGame, &[n, s]),
        (Form::Melee, &[n, s, y]),
        (Form::TeamHighForm, &[n, s, h, y]),
        (Form::TeamDuel, &[n, s, h, y]),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (form, schools) in setups {
        for _ in 0..3 {
            let mut g = Game::new(form, schools).unwrap();
            let mut steps = 0;
            while !g.is_over() && steps < 3000 {
                let copy = g.clone();
                assert_eq!(copy, g);
                // the log is no part of the state's equality: compared apart
                assert_eq!(copy.events(), g.events());
                assert_eq!(copy.outcome(), g.outcome());
                assert_eq!(copy.tasks(), g.tasks());
                assert_eq!(format!("{copy:?}"), format!("{g:?}"));
                let legal = g.legal_choices();
                assert_eq!(copy.legal_choices(), legal);
                let c = legal[rng.gen_range(0..legal.len())];
                let mut next = copy.clone();
                g.apply(c).unwrap();
                next.apply(c).unwrap();
                assert_eq!(next, g);
                assert_eq!(next.events(), g.events());
                steps += 1;
            }
            assert!(steps > 20, "{form:?}: {steps} steps");
        }
    }
}
