//! Tests of the Imperial beings, from the card reference and the guidebook.

mod common;
use common::*;
use tash_kalar_rules::{Color, Phase, Rank};

// The guidebook's first Swordmaster example: summon between two of your
// pieces, destroy a diagonally adjacent enemy common piece, then upgrade.
#[test]
fn swordmaster_destroys_a_diagonal_enemy_common_and_is_upgraded() {
    // blue on e6 and e4, red common on f6 (diagonal to e5)
    let mut g = duel("9/9/9/4br3/9/4b4/9/9/9", &["imperial.swordmaster"]);
    play(&mut g, "summon imperial.swordmaster e5 r0");
    assert_eq!(texts(&g), ["f6", "skip"]);
    play(&mut g, "f6");
    assert_eq!(at(&g, "f6"), "");
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn swordmaster_skipping_leaves_her_common() {
    let mut g = duel("9/9/9/4br3/9/4b4/9/9/9", &["imperial.swordmaster"]);
    play_all(&mut g, &["summon imperial.swordmaster e5 r0", "skip"]);
    assert_eq!(at(&g, "f6"), "r");
    assert_eq!(at(&g, "e5"), "b");
}
