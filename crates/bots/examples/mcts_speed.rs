//! Playouts per second of the MCTS bot on one thread, over positions from
//! games between greedy players, per form:
//! `cargo run --release -p tash-kalar-bots --example mcts_speed [iterations] [positions]`.
//! (Each iteration is one determinization, one walk down the tree and one
//! playout of `playout` turns, evaluated.)

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{Bot, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Form, Game, School};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let positions: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    for form in Form::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut bot = MctsBot::new(MctsConfig { iterations: Some(iterations), ..MctsConfig::default() }, 3);
        let (mut searched, mut done) = (0usize, 0u64);
        let mut spent = 0.0;
        while searched < positions {
            let mut g = Game::new(form, &[School::Northern, School::Southern]).unwrap();
            let stop = rng.gen_range(6..40);
            while !g.is_over() && g.turn().number < stop {
                match g.actor() {
                    Actor::Seat(s) => {
                        let c = greedy.choose(&g.observe(s));
                        g.apply(c).unwrap();
                    }
                    _ => {
                        let v = g.legal_choices();
                        g.apply(v[rng.gen_range(0..v.len())]).unwrap();
                    }
                }
            }
            let Actor::Seat(s) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let t = Instant::now();
            let visits = bot.search(&g.observe(s));
            spent += t.elapsed().as_secs_f64();
            done += visits.iter().map(|v| v.1 as u64).sum::<u64>();
            searched += 1;
        }
        println!(
            "{:<10} {} positions, {} iterations: {:.0} playouts/s on one thread ({:.3} s a search)",
            form.name(),
            searched,
            done,
            done as f64 / spent,
            spent / searched as f64
        );
    }
}
