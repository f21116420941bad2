//! One position of a recorded game as the `mcts` search sees it: the root
//! choices judged greedily (value less the best, in evaluation points) and
//! the search's visits (default settings, the iterations given, and
//! the economy's `summoned` and `pending` shares if given), for the
//! position after a given line of the record (as `replay --at`).
//! `cargo run --profile profiling -p tash-kalar-bots --example root_choices -- RECORD LINE [ITERATIONS [SUMMONED [PENDING]]]`

use tash_kalar_bots::eval::{evaluate_end, EndWeights, Weights};
use tash_kalar_bots::features::hand_value;
use tash_kalar_bots::mcts::{root_priors, MctsConfig};
use tash_kalar_bots::MctsBot;
use tash_kalar_rules::record::Record;
use tash_kalar_rules::{Actor, Choice};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let record = Record::parse(&std::fs::read_to_string(&args[1]).expect("a record")).expect("a record");
    let line: usize = args[2].parse().expect("a line of the record");
    let moves = record.through_line(line).expect("a line of the record").moves.len();
    let iterations: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(150);
    let mut game = record.start().expect("a start");
    for m in record.moves.iter().take(moves) {
        game.apply_unchecked(m.choice);
    }
    let Actor::Seat(seat) = game.actor() else { panic!("no seat to act") };
    let (w, e) = (Weights::default(), EndWeights::default());
    println!(
        "board {} seat {seat} turn {} value {:.3} hand {:.3}",
        game.board().to_text(),
        game.turn().number,
        evaluate_end(&game, seat, &w, &e),
        hand_value(&game, seat, &w, None)
    );
    let obs = game.observe(seat);
    let mut config = MctsConfig { iterations: Some(iterations), ..MctsConfig::default() };
    if let Some(share) = args.get(4).and_then(|a| a.parse().ok()) {
        config.economy.summoned = share;
    }
    if let Some(share) = args.get(5).and_then(|a| a.parse().ok()) {
        config.economy.pending = share;
    }
    let priors = root_priors(&obs, &config);
    for (rank, (c, p)) in priors.iter().enumerate() {
        if rank < 8 || matches!(c, Choice::Summon { .. } | Choice::Warp(_)) {
            println!("  prior #{} of {} {c}: {:.3}", rank + 1, priors.len(), p.ln());
        }
    }
    let mut bot = MctsBot::new(config, 1);
    let mut visits = bot.search(&obs);
    visits.sort_by_key(|v| std::cmp::Reverse(v.1));
    for (c, v) in visits.iter().take(8) {
        println!("  visits {c}: {v}");
    }
}
