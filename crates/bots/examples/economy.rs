//! How the bots spend their cards: legends and flares returned to their
//! decks, discards and flares invoked, per seat and game, over games between
//! two specs (seats and the seven schools rotated):
//! `cargo run --release -p tash-kalar-bots --example economy [games] [spec a] [spec b] [seed]`
//! (default 10 games of `mcts:iterations=1000` against
//! `mcts-v2:iterations=1000`). A flare "for nothing" is one invoked by the
//! seat that lost the game: its point went to the winner and the action
//! did not save the game (the issue's "flares that gave the losing side
//! nothing", roughly). Each flare is also counted by the flarer's score
//! gap when it invoked it (its score less the opponent's: ahead, level,
//! behind by 1 to 3, behind by 4 or more), with the points the flarer
//! scored in the rest of that turn (what the flare bought back, roughly);
//! and the discards, legends returned and flares a game are given apart
//! for the games a spec won and those it lost.

use rand::Rng;
use tash_kalar_rules::{Actor, Choice, Phase};

#[derive(Default, Debug)]
struct Tally {
    seats: u32,
    wins: f64,
    discards: u32,
    legends_returned: u32,
    flares_returned: u32,
    flares: u32,
    flares_for_nothing: u32,
    /// Flares by the flarer's score gap (ahead, level, behind 1-3, behind
    /// 4+), in all games and in lost ones, and the points the flarer
    /// scored in the rest of its turn after them.
    by_gap: [u32; 4],
    by_gap_lost: [u32; 4],
    bought: [i32; 4],
    /// Discards, legends returned and flares, summed over the games the
    /// spec won and over those it lost, and how many of each.
    in_won: [u32; 3],
    in_lost: [u32; 3],
    won: u32,
    lost: u32,
}

/// The bucket of a score gap (own score less the opponent's).
fn bucket(gap: i16) -> usize {
    match gap {
        g if g > 0 => 0,
        0 => 1,
        -3..=-1 => 2,
        _ => 3,
    }
}

mod duels;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let specs = [
        args.get(2).cloned().unwrap_or_else(|| "mcts:iterations=1000".into()),
        args.get(3).cloned().unwrap_or_else(|| "mcts-v2:iterations=1000".into()),
    ];
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(26);
    let mut tallies = [Tally::default(), Tally::default()];
    for game_no in 0..games {
        let (mut g, mut bots, order, mut rng) = duels::duel(&specs, game_no, seed);
        let mut flares = [0u32; 2];
        // this game's discards, legends returned and flares, per seat
        let mut spent = [[0u32; 3]; 2];
        // this game's flares: (seat, gap bucket, the flarer's score then, turn number)
        let mut invoked: Vec<(usize, usize, i16, u16)> = Vec::new();
        let mut bought: Vec<i32> = Vec::new();
        let mut steps = 0;
        while !g.is_over() && steps < 5000 {
            steps += 1;
            let c = match g.actor() {
                Actor::Seat(s) => bots[s as usize].choose(&g.observe(s)),
                _ => {
                    let v = g.legal_choices();
                    v[rng.gen_range(0..v.len())]
                }
            };
            if let Actor::Seat(s) = g.actor() {
                let t = &mut tallies[order[s as usize]];
                let held = g.seat(s);
                match (g.phase(), c) {
                    (Phase::Main, Choice::Discard(_)) => {
                        t.discards += 1;
                        spent[s as usize][0] += 1;
                    }
                    (Phase::Returning, Choice::Return(card)) if held.legends.contains(&card) => {
                        t.legends_returned += 1;
                        spent[s as usize][1] += 1;
                    }
                    (Phase::Returning, Choice::Return(card)) if held.flares.contains(&card) => t.flares_returned += 1,
                    (Phase::Main, Choice::Flare(_)) => {
                        t.flares += 1;
                        flares[s as usize] += 1;
                        spent[s as usize][2] += 1;
                        let gap = held.score - g.seat(1 - s).score;
                        invoked.push((s as usize, bucket(gap), held.score, g.turn().number));
                        bought.push(0);
                    }
                    _ => {}
                }
            }
            assert!(g.is_legal(c), "{c} is not a legal choice");
            let was = g.turn().number;
            g.apply_unchecked(c);
            // the points each flarer has scored since its flare, in that turn
            // (its end included, where destruction scores)
            for (i, &(s, _, score, turn)) in invoked.iter().enumerate() {
                if was == turn {
                    bought[i] = (g.seat(s as u8).score - score) as i32;
                }
            }
        }
        for (i, &(s, b, _, _)) in invoked.iter().enumerate() {
            let t = &mut tallies[order[s]];
            t.by_gap[b] += 1;
            t.bought[b] += bought[i];
            if g.outcome().and_then(|o| o.winner()).is_some_and(|w| w as usize != s) {
                t.by_gap_lost[b] += 1;
            }
        }
        let Some(outcome) = g.outcome() else { continue };
        for s in 0..2usize {
            let t = &mut tallies[order[s]];
            t.seats += 1;
            t.wins += match outcome.winner() {
                Some(w) if w as usize == s => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            if outcome.winner().is_some_and(|w| w as usize != s) {
                t.flares_for_nothing += flares[s];
                t.lost += 1;
                t.in_lost.iter_mut().zip(spent[s]).for_each(|(a, b)| *a += b);
            } else if outcome.winner().is_some() {
                t.won += 1;
                t.in_won.iter_mut().zip(spent[s]).for_each(|(a, b)| *a += b);
            }
        }
        eprintln!(
            "game {} of {games}: {:?} against {:?}, scores {:?}, {} in seat 0; so far {} | {}",
            game_no + 1,
            g.seat(0).school,
            g.seat(1).school,
            [g.seat(0).score, g.seat(1).score],
            specs[order[0]],
            line(&specs[0], &tallies[0]),
            line(&specs[1], &tallies[1]),
        );
    }
    for (spec, t) in specs.iter().zip(&tallies) {
        println!("{}", line(spec, t));
        println!(
            "{spec}: flares by the flarer's gap (ahead, level, behind 1-3, behind 4+): {:?}, in lost games {:?}, points the flarer scored in the rest of its turn {:?}",
            t.by_gap, t.by_gap_lost, t.bought
        );
        let per = |k: [u32; 3], n: u32| k.map(|x| format!("{:.2}", x as f64 / n.max(1) as f64)).join(", ");
        println!(
            "{spec}: a game won ({}): discards, legends returned, flares {}; a game lost ({}): {}",
            t.won,
            per(t.in_won, t.won),
            t.lost,
            per(t.in_lost, t.lost)
        );
    }
}

/// A spec's tally in one line (printed after every game too, so that a run
/// cut short still tells its figures).
fn line(spec: &str, t: &Tally) -> String {
    let n = t.seats.max(1) as f64;
    format!(
        "{spec}: {} games, score {:.1}%; a game: discards {:.2}, legends returned {:.2}, flares returned {:.2}, flares {:.2} ({:.2} for nothing)",
        t.seats,
        100.0 * t.wins / n,
        t.discards as f64 / n,
        t.legends_returned as f64 / n,
        t.flares_returned as f64 / n,
        t.flares as f64 / n,
        t.flares_for_nothing as f64 / n,
    )
}
