//! The way to a legend in recorded games, per seat: at every main-phase
//! decision with more than one choice, the legends held, the seat's
//! upgraded pieces, whether a legend could be summoned and was, and how
//! far the nearest legend in hand was from its pattern (pieces missing,
//! of them how many upgraded ones); and in all, the heroic beings the
//! seat summoned, the upgraded pieces it lost in the opponent's turns and
//! (for an Everfrost seat) the cards that took them (issue 26's weak
//! schools: the Everfrost seat's few legends against Northern).
//! `cargo run --profile profiling -p tash-kalar-bots --example legends_taken -- DIR/*.tkr`

use tash_kalar_rules::board::Rank;
use tash_kalar_rules::cards::{oriented_patterns, squares_summonable_onto};
use tash_kalar_rules::record::Record;
use tash_kalar_rules::{Actor, Choice, Game, Phase, Square};

#[derive(Default)]
struct Counts {
    decisions: u32,
    holding: u32,
    upgraded: u32,
    legal: u32,
    summoned: u32,
    heroic_summons: u32,
    /// By the nearest legend's missing pieces (0, 1, 2, 3 or more): the
    /// decisions, and of them those where an upgraded piece is missing.
    short: [u32; 4],
    short_upgraded: [u32; 4],
    /// Own upgraded pieces lost in the opponent's turns.
    lost: u32,
    /// A legend one upgraded piece short: a heroic being could be summoned
    /// onto the missing square (and was).
    completable: u32,
    completed: u32,
}

/// The fewest pattern squares of `card` that `game`'s seat `seat` lacks
/// (a square lacks if it holds no own piece of the rank asked or above),
/// and of those the fewest asking for an upgraded piece.
fn shortage(game: &Game, seat: u8, card: tash_kalar_rules::CardId) -> (u32, u32, Option<Square>) {
    let board = game.board();
    let me = game.seat(seat).color;
    let free = squares_summonable_onto(board, card.def().rank);
    let mut best = (u32::MAX, u32::MAX, None);
    for p in oriented_patterns(card) {
        for at in free.squares() {
            let mut missing = (0, 0, None);
            let mut off = false;
            for &(x, y, r) in &p.squares {
                let Some(sq) = at.offset(x, y) else {
                    off = true;
                    break;
                };
                let ok = board.get(sq).is_some_and(|pc| pc.color == me && pc.rank >= r);
                if !ok {
                    missing.0 += 1;
                    missing.1 += (r > Rank::Common) as u32;
                    missing.2 = Some(sq);
                }
            }
            if !off && missing < best {
                best = missing;
            }
        }
    }
    best
}

fn main() {
    let mut counts: Vec<(String, Counts)> = Vec::new();
    let mut files = 0;
    let mut killers: std::collections::BTreeMap<String, u32> = Default::default();
    let mut last_summon: Option<String> = None;
    for path in std::env::args().skip(1) {
        files += 1;
        let text = std::fs::read_to_string(&path).expect("a readable record");
        let record = Record::parse(&text).expect("a record");
        let mut game = record.start().expect("a start");
        let schools: Vec<String> = record.seats.iter().map(|s| format!("{s:?}")).collect();
        for s in &schools {
            if !counts.iter().any(|c| &c.0 == s) {
                counts.push((s.clone(), Counts::default()));
            }
        }
        for m in &record.moves {
            let before: Vec<u32> = (0..2).map(|s| game.board().upgraded(game.seat(s).color)).collect();
            let actor = game.actor();
            if let (Actor::Seat(s), Phase::Main) = (actor, game.phase()) {
                let c = &mut counts.iter_mut().find(|c| c.0 == schools[s as usize]).unwrap().1;
                let legal = game.legal_choices();
                if legal.len() > 1 {
                    let seat = game.seat(s);
                    c.decisions += 1;
                    c.upgraded += game.board().upgraded(seat.color);
                    if !seat.legends.is_empty() {
                        c.holding += 1;
                        let is_legend =
                            |ch: &Choice| matches!(ch, Choice::Summon { card, .. } if seat.legends.contains(card));
                        c.legal += legal.iter().any(is_legend) as u32;
                        c.summoned += is_legend(&m.choice) as u32;
                        let best = seat.legends.iter().map(|&l| shortage(&game, s, l)).min().unwrap();
                        if best.0 == 1 && best.1 == 1 {
                            let onto = |ch: &Choice| {
                                matches!(ch, Choice::Summon { card, at, .. }
                                    if card.def().rank == Rank::Heroic && Some(*at) == best.2)
                            };
                            if legal.iter().any(onto) {
                                c.completable += 1;
                                c.completed += onto(&m.choice) as u32;
                            }
                        }
                        let k = (best.0 as usize).min(3);
                        c.short[k] += 1;
                        c.short_upgraded[k] += (best.1 > 0) as u32;
                    }
                    if let Choice::Summon { card, .. } = m.choice {
                        c.heroic_summons += (card.def().rank == Rank::Heroic) as u32;
                    }
                }
            }
            if let Choice::Summon { card, .. } = m.choice {
                last_summon = Some(card.def().name.to_string());
            }
            if matches!(m.choice, Choice::Place(_)) {
                last_summon = Some("(a placement)".into());
            }
            game.apply_unchecked(m.choice);
            // upgraded pieces lost by the seat not acting
            if let Actor::Seat(a) = actor {
                let o = 1 - a;
                let after = game.board().upgraded(game.seat(o).color);
                if after < before[o as usize] {
                    let c = &mut counts.iter_mut().find(|c| c.0 == schools[o as usize]).unwrap().1;
                    c.lost += before[o as usize] - after;
                    if schools[o as usize] == "Everfrost" {
                        *killers.entry(last_summon.clone().unwrap_or_default()).or_default() +=
                            before[o as usize] - after;
                    }
                }
            }
        }
    }
    println!("{files} records");
    println!("Everfrost's upgraded pieces lost, by the card: {killers:?}");
    for (school, c) in counts {
        let d = c.decisions.max(1) as f64;
        println!(
            "{school}: {} decisions; upgraded pieces {:.2} a decision; a legend held in {}, legal in {}, \
             summoned in {}; heroic beings summoned {}; upgraded pieces lost to the opponent {}",
            c.decisions,
            c.upgraded as f64 / d,
            c.holding,
            c.legal,
            c.summoned,
            c.heroic_summons,
            c.lost
        );
        println!(
            "  nearest legend missing 0 / 1 / 2 / 3+ pieces: {:?}; of them an upgraded piece missing: {:?}",
            c.short, c.short_upgraded
        );
        println!(
            "  a legend one upgraded piece short, a heroic being summonable onto the missing square: {} decisions, taken {}",
            c.completable, c.completed
        );
    }
}
