//! How often each seat of recorded games summoned when it could: for every
//! main-phase decision of a seat, whether a summon was legal and whether
//! one was chosen, summed over the records given (issue 26's weak schools:
//! the Everfrost seat's few summons against Northern).
//! `cargo run --profile profiling -p tash-kalar-bots --example summons_taken -- DIR/*.tkr`

use tash_kalar_rules::record::Record;
use tash_kalar_rules::{Actor, Choice, Phase};

#[derive(Default)]
struct Counts {
    decisions: u32,
    with_summon: u32,
    summoned: u32,
    first_action_with_summon: u32,
    first_action_summoned: u32,
}

fn main() {
    let mut counts: Vec<(String, Counts)> = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable record");
        let record = Record::parse(&text).expect("a record");
        let mut game = record.start().expect("a start");
        for m in &record.moves {
            if let (Actor::Seat(s), Phase::Main) = (game.actor(), game.phase()) {
                let school = format!("{:?}", record.seats[s as usize]);
                if !counts.iter().any(|c| c.0 == school) {
                    counts.push((school.clone(), Counts::default()));
                }
                let c = &mut counts.iter_mut().find(|c| c.0 == school).unwrap().1;
                let legal = game.legal_choices();
                let can = legal.iter().any(|c| matches!(c, Choice::Summon { .. }));
                let did = matches!(m.choice, Choice::Summon { .. });
                let first = game.turn().actions == 2 && game.turn().beings_summoned == 0;
                if legal.len() > 1 {
                    c.decisions += 1;
                    c.with_summon += can as u32;
                    c.summoned += did as u32;
                    if first {
                        c.first_action_with_summon += can as u32;
                        c.first_action_summoned += did as u32;
                    }
                }
            }
            game.apply_unchecked(m.choice);
        }
    }
    for (school, c) in counts {
        println!(
            "{school}: {} main-phase decisions, a summon legal in {}, summoned in {}; \
             at a turn's first action a summon legal in {}, summoned in {}",
            c.decisions, c.with_summon, c.summoned, c.first_action_with_summon, c.first_action_summoned
        );
    }
}
