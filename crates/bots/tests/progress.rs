//! The search's progress counter: bumped once per iteration, reset at each
//! decision, and the same choice with it as without.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use tash_kalar_bots::{BotSpec, Decision};
use tash_kalar_rules::{CardId, Position};

fn game() -> tash_kalar_rules::Game {
    let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
    p.seats[0].beings = vec![CardId::parse("imperial.swordmaster").unwrap()];
    p.to_game().unwrap()
}

#[test]
fn a_search_counts_its_iterations() {
    let g = game();
    let spec = "mcts:iterations=120,early_stop=false".parse::<BotSpec>().unwrap();
    let counter = Arc::new(AtomicU32::new(7));
    let mut watched = spec.build(5);
    watched.set_progress(Some(counter.clone()));
    let a = watched.decide(&Decision::new(&g, 0));
    assert_eq!(counter.load(Ordering::Relaxed), 120);
    // a second decision starts again from 0
    watched.decide(&Decision::new(&g, 0));
    assert_eq!(counter.load(Ordering::Relaxed), 120);
    // the counter changes nothing of the choice
    let mut plain = spec.build(5);
    assert_eq!(plain.decide(&Decision::new(&g, 0)), a);
    // a level passes the counter to the bot it plays as; none stops it
    let mut level = "medium".parse::<BotSpec>().unwrap().build(5);
    let counter = Arc::new(AtomicU32::new(0));
    level.set_progress(Some(counter.clone()));
    level.decide(&Decision::new(&g, 0));
    assert!(counter.load(Ordering::Relaxed) > 0);
    level.set_progress(None);
    counter.store(0, Ordering::Relaxed);
    level.decide(&Decision::new(&g, 0));
    assert_eq!(counter.load(Ordering::Relaxed), 0);
}
