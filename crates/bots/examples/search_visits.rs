//! Every root choice's visits of a search at a fixed seed and budget, on
//! the iteration bench's positions (the same games between greedy
//! players): built before and after a speed-up, the two outputs are the
//! same if the speed-up changes no decision.
//! `cargo run --profile profiling -p tash-kalar-bots --example search_visits -- SPEC ITERATIONS POSITIONS FORM...`

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{play_until_turn, BotSpec, GreedyBot, MctsBot};
use tash_kalar_rules::{Actor, Form, Game, School};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec: BotSpec = args[0].parse().expect("an mcts spec");
    let BotSpec::Mcts(config) = spec else { panic!("an mcts spec") };
    let iterations: u32 = args[1].parse().expect("iterations");
    let count: usize = args[2].parse().expect("positions");
    let config = tash_kalar_bots::MctsConfig {
        iterations: Some(iterations),
        time: None,
        threads: 1,
        early_stop: false,
        ..config
    };
    let (n, s) = (School::Northern, School::Southern);
    for label in &args[3..] {
        let form = match label.as_str() {
            "duel" => Form::Duel,
            "high-form" => Form::HighForm,
            other => panic!("unknown form {other}"),
        };
        // the bench's positions (benches/iterations.rs)
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut k = 0;
        while k < count {
            let mut g = Game::new(form, &[n, s]).expect("a game");
            let stop = rng.gen_range(6..40);
            play_until_turn(&mut g, &mut greedy, stop, &mut rng);
            let Actor::Seat(seat) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let visits = MctsBot::new(config.clone(), 3 + k as u64).search(&g.observe(seat));
            let all: Vec<String> = visits.iter().map(|(c, v)| format!("{c} {v}")).collect();
            println!("{label} {k}: {}", all.join(", "));
            k += 1;
        }
    }
}
