//! Is what the opponent's play reveals true? Plays duels between two
//! `mcts:reveal=1` bots and, at every decision where a bot holds evidence,
//! checks it against the real hands (which the bots never see):
//! `cargo run --release -p tash-kalar-bots --example reveal_evidence [games] [iterations] [seed]`
//! (default 40 games at 300 iterations, seed 1; all seven schools, rotated).
//!
//! For each card a bot weighs below 1, the chance that the opponent holds
//! it by a uniform dealing is the hidden hand's size over the pool it is
//! dealt from; the figures compare how many such cards the opponents
//! really held with the sum of those chances. A ratio well below 1 means
//! the evidence is worth believing; the ratio is the likelihood a weight
//! should carry (the module's [`MISSED`]).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::reveal::MISSED;
use tash_kalar_bots::{Bot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, CardId, Form, Game, School, Seat};

/// The chance a uniform dealing puts `card` in `seat`'s hand, as `viewer`
/// sees `g`: the hand's size over its pool (beings: hand and deck; legends:
/// the hidden legend hands and the legend deck).
fn uniform_chance(g: &Game, viewer: Seat, seat: Seat, card: CardId) -> f64 {
    let s = g.seat(seat);
    if card.is_legend() {
        let hidden: usize =
            g.seats().iter().enumerate().filter(|(i, _)| *i != viewer as usize).map(|(_, x)| x.legends.len()).sum();
        let pile = g.legend_pile();
        s.legends.len() as f64 / (hidden + pile.top.len() + pile.shuffled.len() + pile.bottom.len()).max(1) as f64
    } else {
        let hand = s.beings.len() - s.pending.is_some() as usize;
        hand as f64 / (hand + s.deck.len()).max(1) as f64
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let iterations: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(300);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let config = MctsConfig { iterations: Some(iterations), reveal: true, ..MctsConfig::default() };
    let (mut decisions, mut informed) = (0u64, 0u64);
    // by the weight given: below 0.2, 0.2 to 0.4, 0.4 and up (cards
    // checked, really held, held by a uniform dealing)
    let mut bins = [(0u64, 0u64, 0.0f64); 3];
    for i in 0..games {
        let k = i as usize;
        let schools = [School::ALL[k % 7], School::ALL[(k / 7 + k + 1) % 7]];
        let mut g = Game::new(Form::Duel, &schools).unwrap();
        let mut bots =
            [MctsBot::new(config.clone(), seed * 1000 + 2 * i), MctsBot::new(config.clone(), seed * 1000 + 2 * i + 1)];
        let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + i);
        let mut steps = 0;
        while !g.is_over() && steps < 5000 {
            let c = match g.actor() {
                Actor::Seat(s) => {
                    let c = bots[s as usize].choose(&g.observe(s));
                    let beliefs = bots[s as usize].beliefs();
                    decisions += 1;
                    informed += !beliefs.is_uniform() as u64;
                    // the truth, which the bot never sees
                    for &(seat, card, w) in beliefs.weights() {
                        let bin = &mut bins[(w >= 0.2) as usize + (w >= 0.4) as usize];
                        let real = g.seat(seat);
                        bin.0 += 1;
                        bin.1 += (real.beings.contains(&card) || real.legends.contains(&card)) as u64;
                        bin.2 += uniform_chance(&g, s, seat, card);
                    }
                    c
                }
                _ => {
                    let v = g.legal_choices();
                    v[rng.gen_range(0..v.len())]
                }
            };
            g.apply_unchecked(c);
            steps += 1;
        }
    }
    println!(
        "{games} games at {iterations} iterations: {informed} of {decisions} decisions with evidence \
         (a missed summon weighs {MISSED})"
    );
    let (flagged, held, expected) = bins.iter().fold((0, 0, 0.0), |t, b| (t.0 + b.0, t.1 + b.1, t.2 + b.2));
    for (name, (n, h, e)) in
        ["below 0.2", "0.2 to 0.4", "0.4 and up", "all"].iter().zip(bins.iter().chain([&(flagged, held, expected)]))
    {
        println!(
            "weights {name}: {n} cards checked, {h} really held, {e:.1} by a uniform dealing (ratio {:.2})",
            *h as f64 / e.max(1e-9)
        );
    }
}
