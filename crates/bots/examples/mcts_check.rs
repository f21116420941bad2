//! A deterministic fingerprint of the searches, for speed work that must
//! change no result: runs both MCTS bots (fixed seeds, fixed iteration
//! budgets, the default early stop) on positions from games between greedy
//! players (as `mcts_speed` makes them) and prints every root's
//! (choice, visits) list, the evaluations of each position for every seat
//! (as bits), and a hash of it all. Run it before and after a change and
//! diff the outputs:
//! `cargo run --release -p tash-kalar-bots --example mcts_check [iterations] [positions] > /tmp/before.txt`

use std::hash::{Hash, Hasher};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::eval::{evaluate_end, quick_value, EndWeights, Weights};
use tash_kalar_bots::mcts_v1::{MctsV1Bot, MctsV1Config};
use tash_kalar_bots::{play_until_turn, GreedyBot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Form, Game, School, Seat};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(600);
    let positions: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let (n, s, y) = (School::Northern, School::Southern, School::Sylvan);
    let setups: [(&str, Form, &[School]); 3] =
        [("duel", Form::Duel, &[n, s]), ("high-form", Form::HighForm, &[n, s]), ("melee-3", Form::Melee, &[n, s, y])];
    let mut all = std::collections::hash_map::DefaultHasher::new();
    let (w, e) = (Weights::default(), EndWeights::default());
    for (label, form, schools) in setups {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut greedy = GreedyBot::new(1);
        let mut new = MctsBot::new(MctsConfig { iterations: Some(iterations), ..MctsConfig::default() }, 3);
        let mut old = MctsV1Bot::new(MctsV1Config { iterations: Some(iterations), ..MctsV1Config::default() }, 3);
        let mut searched = 0;
        while searched < positions {
            let mut g = Game::new(form, schools).unwrap();
            let stop = rng.gen_range(6..40);
            play_until_turn(&mut g, &mut greedy, stop, &mut rng);
            let Actor::Seat(s) = g.actor() else { continue };
            if g.legal_choices().len() < 2 {
                continue;
            }
            let obs = g.observe(s);
            let evals: Vec<String> = (0..g.seat_count() as Seat)
                .map(|t| {
                    format!(
                        "{:016x}/{:016x}",
                        evaluate_end(obs.game(), t, &w, &e).to_bits(),
                        quick_value(obs.game(), t, &w).to_bits()
                    )
                })
                .collect();
            let (visits, stats) = new.search_stats(&obs);
            let list: Vec<String> = visits.iter().map(|(c, v)| format!("{c}:{v}")).collect();
            let v1 = old.search(&obs);
            let list1: Vec<String> = v1.iter().map(|(c, v)| format!("{c}:{v}")).collect();
            let line = format!(
                "{label} #{searched} turn {} seat {s}\n  evals {}\n  mcts ({} iterations, {} nodes, {} replies, {} steps) {}\n  mcts_v1 {}",
                g.turn().number,
                evals.join(" "),
                stats.iterations,
                stats.nodes,
                stats.with_replies,
                stats.reply_steps,
                list.join(" "),
                list1.join(" ")
            );
            line.hash(&mut all);
            println!("{line}");
            searched += 1;
        }
    }
    println!("hash {:016x}", all.finish());
}
