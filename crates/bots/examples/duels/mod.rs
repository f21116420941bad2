//! The duels the `economy` and `flare_check` examples play: game `n`
//! between two specs, the seven schools rotated by pairs, each pair
//! played from both seats.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{from_spec, Bot};
use tash_kalar_rules::{Form, Game, School};

/// Game `game_no` of a run: the game dealt, the bots by seat, which spec
/// sits in each seat (`order[seat]`), and chance's random numbers.
pub fn duel(specs: &[String; 2], game_no: u32, seed: u64) -> (Game, Vec<Box<dyn Bot>>, [usize; 2], ChaCha8Rng) {
    let schools = School::ALL;
    let pair = (game_no / 2) as usize;
    let a = schools[pair % schools.len()];
    let mut b = schools[(pair / schools.len() + pair + 1) % schools.len()];
    if a == b {
        b = schools[(pair / schools.len() + pair + 2) % schools.len()];
    }
    let first = (game_no % 2) as usize;
    let order = [first, 1 - first];
    let bots = order
        .iter()
        .map(|&i| from_spec(&specs[i], seed ^ (u64::from(game_no) * 7 + i as u64)).expect("a valid spec"))
        .collect();
    let game = Game::new(Form::Duel, &[a, b]).expect("a duel of two schools");
    (game, bots, order, ChaCha8Rng::seed_from_u64(seed.wrapping_add(u64::from(game_no))))
}
