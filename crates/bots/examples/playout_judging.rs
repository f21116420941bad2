//! What the new search's cheaper playout judging gives up, step by step:
//! `cargo run --release -p tash-kalar-bots --example playout_judging [games] [spec]`
//!
//! Plays duels between greedy players over all seven schools and, at every
//! step where the playout policy would judge (a main-phase step with two
//! summons or more, an effect step with more choices than the spec judges),
//! compares the spec's policy pick (`spec`, an `mcts` spec, default `mcts`,
//! 16 picks a step at different seeds) with the pick of `mcts-v2`'s policy
//! (every summon and every step of up to 24 choices judged) by the quick
//! value the policy judges with (hand-written piece weights): how often
//! the pick is worse, and by how much on average (its regret, in points of
//! that value: a common piece is 1).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::eval::quick_value;
use tash_kalar_bots::mcts::policy_choice;
use tash_kalar_bots::weights::Weights;
use tash_kalar_bots::{Bot, BotSpec, GreedyBot, MctsConfig};
use tash_kalar_rules::{Actor, Choice, Form, Game, Phase, School};

/// Regrets of one kind of step.
#[derive(Default)]
struct Tally {
    steps: u32,
    picks: u32,
    worse: u32,
    regret: f64,
}

impl Tally {
    fn print(&self, what: &str) {
        let p = self.picks.max(1) as f64;
        println!(
            "{what}: {} steps, {} picks: worse than mcts-v2's {:.1}% of picks, mean regret {:.3}",
            self.steps,
            self.picks,
            100.0 * self.worse as f64 / p,
            self.regret / p
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let spec = args.get(2).map_or("mcts", String::as_str);
    let Ok(BotSpec::Mcts(cheap)) = spec.parse() else { panic!("{spec} is not an mcts spec") };
    let cheap = MctsConfig { playout_noise: 0.0, ..cheap };
    let full = MctsConfig { playout_noise: 0.0, all_summons: true, judged_steps: 24, ..MctsConfig::default() };
    let w = Weights::hand_written();
    let (mut summons, mut effects) = (Tally::default(), Tally::default());
    for i in 0..games {
        let schools = [School::ALL[(i % 7) as usize], School::ALL[((i / 7 + i + 1) % 7) as usize]];
        let schools = if schools[0] == schools[1] { [schools[0], School::ALL[(i as usize + 3) % 7]] } else { schools };
        let mut g = Game::new(Form::Duel, &schools).expect("a game");
        let mut greedy = GreedyBot::new(i);
        let mut rng = ChaCha8Rng::seed_from_u64(i);
        while !g.is_over() {
            let legal = g.legal_choices();
            let Actor::Seat(seat) = g.actor() else {
                g.apply_unchecked(legal[rng.gen_range(0..legal.len())]);
                continue;
            };
            let n_summons = legal.iter().filter(|c| matches!(c, Choice::Summon { .. })).count();
            let tally = match g.phase() {
                Phase::Main if n_summons >= 2 => Some(&mut summons),
                Phase::Effect if legal.len() > cheap.judged_steps && legal.len() <= 24 => Some(&mut effects),
                _ => None,
            };
            if let Some(t) = tally {
                let value = |c: Choice| {
                    let mut next = g.clone();
                    next.apply_unchecked(c);
                    quick_value(&next, seat, &w)
                };
                let mut r = ChaCha8Rng::seed_from_u64(1000 + i);
                let best = value(policy_choice(&g, &legal, &full, &mut r));
                t.steps += 1;
                for k in 0..16 {
                    let mut r = ChaCha8Rng::seed_from_u64(k);
                    let v = value(policy_choice(&g, &legal, &cheap, &mut r));
                    t.picks += 1;
                    if v < best - 1e-9 {
                        t.worse += 1;
                        t.regret += best - v;
                    }
                }
            }
            let c = greedy.choose(&g.observe(seat));
            g.apply_unchecked(c);
        }
    }
    println!("{spec}, {games} duels of greedy players:");
    summons.print("summons (main phase, two or more)");
    effects.print("effect steps (more than judged, up to 24)");
}
