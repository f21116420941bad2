//! Whether the search's flares hold up under a deeper search: plays games
//! of a spec against another (seats and the seven schools rotated, as the
//! `economy` example) and, at every step of the first spec where a flare is
//! legal, searches the same view again with the new search at `deep`
//! iterations (three seeds); prints how often the deep search agrees with
//! the flare, or with holding it back, by the flarer's score gap:
//! `cargo run --release -p tash-kalar-bots --example flare_check [games] [spec] [other] [deep] [seed]`.

use rand::Rng;
use tash_kalar_bots::{Bot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, Choice, Phase};

mod duels;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let specs = [
        args.get(2).cloned().unwrap_or_else(|| "mcts:iterations=1000".into()),
        args.get(3).cloned().unwrap_or_else(|| "mcts-v2:iterations=1000".into()),
    ];
    let deep: u32 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(16000);
    let seed: u64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(26);
    // [flared, held] x [deep flares in 0..=3 seeds]
    let mut table = [[0u32; 4]; 2];
    let mut behind4 = [[0u32; 4]; 2];
    for game_no in 0..games {
        let (mut g, mut bots, order, mut rng) = duels::duel(&specs, game_no, seed);
        while !g.is_over() {
            let c = match g.actor() {
                Actor::Seat(s) => {
                    let obs = g.observe(s);
                    let c = bots[s as usize].choose(&obs);
                    let can_flare =
                        g.phase() == Phase::Main && g.legal_choices().iter().any(|c| matches!(c, Choice::Flare(_)));
                    if order[s as usize] == 0 && can_flare {
                        let flared = matches!(c, Choice::Flare(_)) as usize;
                        let deep_flares = (0..3u64)
                            .filter(|&k| {
                                let config =
                                    MctsConfig { iterations: Some(deep), reuse: false, ..MctsConfig::default() };
                                matches!(MctsBot::new(config, 1000 + k).choose(&obs), Choice::Flare(_))
                            })
                            .count();
                        let gap = g.seat(s).score - g.seat(1 - s).score;
                        table[1 - flared][deep_flares] += 1;
                        if gap <= -4 {
                            behind4[1 - flared][deep_flares] += 1;
                        }
                        eprintln!(
                            "game {game_no} turn {} gap {gap}: flared {flared}, deep flares {deep_flares} of 3",
                            g.turn().number
                        );
                    }
                    c
                }
                _ => {
                    let v = g.legal_choices();
                    v[rng.gen_range(0..v.len())]
                }
            };
            g.apply_unchecked(c);
        }
        eprintln!("game {} over: {:?}", game_no + 1, [g.seat(0).score, g.seat(1).score]);
    }
    println!("steps where {} could flare, by the deep search's flares in 3 seeds (0,1,2,3):", specs[0]);
    println!("  it flared: {:?}; it held: {:?}", table[0], table[1]);
    println!("  behind by 4 or more: flared {:?}; held {:?}", behind4[0], behind4[1]);
}
