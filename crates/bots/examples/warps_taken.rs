//! How the Etherweave seats of recorded games used their warp effects: at
//! every main-phase decision of a seat, whether a warp was legal and
//! whether one was played; then what became of each pending being (summoned
//! later, how many of the seat's turns after its warp, or still pending at
//! the end: the causality penalty paid), summed over the records given
//! (issue 26's weak schools). Where a warp was legal, also where the new
//! search's root judges the best warp, with the economy's `pending` share
//! at 0 (the penalty in full from the warp on) and at its default.
//! `cargo run --profile profiling -p tash-kalar-bots --example warps_taken -- DIR/*.tkr`

use tash_kalar_bots::economy::Economy;
use tash_kalar_bots::mcts::{root_priors, MctsConfig};
use tash_kalar_rules::record::Record;
use tash_kalar_rules::{Actor, Choice, Phase, School};

#[derive(Default)]
struct Counts {
    decisions: u32,
    with_warp: u32,
    warped: u32,
    summoned_later: u32,
    turns_waited: u32,
    pending_at_end: u32,
    other_end: u32,
    /// Per `pending` share (0, the default): decisions where the best warp
    /// was judged first, within 1 point of the first, and its rank summed.
    warp_first: [u32; 2],
    warp_within_1: [u32; 2],
    warp_rank: [u32; 2],
}

/// The best warp's rank (from 1) among the root's judged choices, and its
/// value less the best choice's, in evaluation points.
fn best_warp(priors: &[(Choice, f64)]) -> Option<(u32, f64)> {
    priors.iter().enumerate().find(|(_, (c, _))| matches!(c, Choice::Warp(_))).map(|(k, (_, p))| (k as u32 + 1, p.ln()))
}

fn main() {
    let mut c = Counts::default();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable record");
        let record = Record::parse(&text).expect("a record");
        let mut game = record.start().expect("a start");
        // the turn number of each seat's warp still pending
        let mut warped_at: Vec<Option<u16>> = vec![None; record.seats.len()];
        for (k, m) in record.moves.iter().enumerate() {
            if let (Actor::Seat(s), Phase::Main) = (game.actor(), game.phase()) {
                if record.seats[s as usize] == School::Etherweave {
                    let legal = game.legal_choices();
                    let can = legal.iter().any(|c| matches!(c, Choice::Warp(_)));
                    if legal.len() > 1 {
                        c.decisions += 1;
                        c.with_warp += can as u32;
                        c.warped += matches!(m.choice, Choice::Warp(_)) as u32;
                    }
                    if can && legal.len() > 1 {
                        let obs = game.observe(s);
                        for (j, pending) in [0.0, Economy::default().pending].into_iter().enumerate() {
                            let economy = Economy { pending, ..Economy::default() };
                            let config = MctsConfig { economy, ..MctsConfig::default() };
                            if let Some((rank, gap)) = best_warp(&root_priors(&obs, &config)) {
                                if std::env::var_os("WARPS_VERBOSE").is_some() {
                                    let hand: Vec<_> = game.seat(s).beings.iter().map(|c| c.def().id).collect();
                                    println!(
                                        "{path} move {k} turn {} board {} hand {hand:?} pending={pending}: \
                                         best warp #{rank} of {}, {gap:.2}",
                                        game.turn().number,
                                        game.board().to_text(),
                                        legal.len()
                                    );
                                }
                                c.warp_first[j] += (rank == 1) as u32;
                                c.warp_within_1[j] += (gap > -1.0) as u32;
                                c.warp_rank[j] += rank;
                            }
                        }
                    }
                }
            }
            game.apply_unchecked(m.choice);
            for (s, at) in warped_at.iter_mut().enumerate() {
                let pending = game.seat(s as u8).pending;
                match (*at, pending) {
                    (None, Some(_)) => *at = Some(game.turn().number),
                    (Some(t), None) => {
                        c.summoned_later += 1;
                        c.turns_waited += u32::from(game.turn().number - t) / 2;
                        *at = None;
                    }
                    _ => {}
                }
            }
        }
        for s in 0..record.seats.len() {
            if record.seats[s] == School::Etherweave && game.seat(s as u8).pending.is_some() {
                c.pending_at_end += 1;
            }
        }
        c.other_end += game.is_over() as u32;
    }
    println!(
        "Etherweave: {} main-phase decisions, a warp legal in {}, warped in {}; pending beings summoned (or \
         discarded) later {} (after {:.1} of the seat's turns on average), still pending at the end {} ({} games over)",
        c.decisions,
        c.with_warp,
        c.warped,
        c.summoned_later,
        c.turns_waited as f64 / c.summoned_later.max(1) as f64,
        c.pending_at_end,
        c.other_end
    );
    for (k, name) in ["pending=0", "pending default"].iter().enumerate() {
        println!(
            "  the root's judging with {name}: the best warp first in {}, within 1 point of the first in {}, \
             its mean rank {:.1}",
            c.warp_first[k],
            c.warp_within_1[k],
            c.warp_rank[k] as f64 / c.with_warp.max(1) as f64
        );
    }
}
