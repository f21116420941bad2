//! Tests of the Highland beings, from the card reference and its rulings,
//! and of the War Summoner's bonus in the engine.

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::cards::{pattern_matches, pattern_matches_with, ColorSet};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{
    Actor, Bitboard, CardId, Choice, Color, Form, Game, Orientation, Phase, Position, Rank, School, SeatSetup,
};

// ----- helpers -----

/// A duel position: Highland (brown, seat 0) to act with 2 actions against
/// Southern (red, seat 1), with pieces given as `square:piece` words
/// (`e5:n`, `f6:r+`, `d7:r*`) and seat 0 holding `cards`. Supplies are full
/// for the pieces not on the board.
fn position(pieces: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats[0] = SeatSetup::new(School::Highland);
    supplies_from_board(&mut p);
    give(&mut p, 0, cards);
    p
}

fn game(pieces: &str, cards: &[&str]) -> Game {
    position(pieces, cards).to_game().expect("a valid position")
}

/// Every piece on the board as `square:piece` words, sorted.
fn pieces(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g.board().pieces().map(|(s, p)| format!("{s}:{p}")).collect();
    v.sort();
    v
}

/// Asserts the whole board: exactly these `square:piece` words, any order.
#[track_caller]
fn assert_pieces(g: &Game, expected: &str) {
    let mut e: Vec<String> = expected.split_whitespace().map(str::to_string).collect();
    e.sort();
    assert_eq!(pieces(g), e);
}

fn squares(names: &str) -> Bitboard {
    names.split_whitespace().map(sq).collect()
}

fn card(id: &str) -> CardId {
    CardId::parse(id).expect("card id")
}

fn summon(id: &str, at: &str, o: &str) -> String {
    format!("summon highland.{id} {at} {o}")
}

// ----- Wild Eagle -----

#[test]
fn wild_eagle_leaps_anywhere_onto_a_common_piece() {
    let mut g = game("d5:n f5:n b3:r h5:r+ h6:r*", &["highland.wild_eagle"]);
    play(&mut g, &summon("wild_eagle", "e6", "r0"));
    assert_eq!(g.prompt().map(|s| s.id()), Some("highland.wild_eagle.leap"));
    // any empty square, any common piece (own ones included), never a
    // heroic or legendary piece, never its own square
    assert!(legal(&g, "e6-a5"));
    assert!(legal(&g, "e6-d5"));
    assert!(!legal(&g, "e6-h5"));
    assert!(!legal(&g, "e6-h6"));
    assert!(!legal(&g, "e6-e6"));
    // 69 squares, minus the Eagle's own, h5 and h6
    assert_eq!(texts(&g).len(), 69 - 3 + 1);
    play(&mut g, "e6-b3");
    assert_pieces(&g, "b3:n d5:n f5:n h5:r+ h6:r*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn wild_eagle_may_stay() {
    let mut g = game("d5:n f5:n b3:r", &["highland.wild_eagle"]);
    play_all(&mut g, &[&summon("wild_eagle", "e6", "r0"), "skip"]);
    assert_pieces(&g, "b3:r d5:n f5:n e6:n");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn wild_eagle_summoned_onto_a_common_piece_but_not_a_heroic_one() {
    let mut g = game("d5:n f5:n e6:r d7:n f7:n e8:r+", &["highland.wild_eagle"]);
    // e8 (heroic) is out of reach of a common being
    assert!(!legal(&g, &summon("wild_eagle", "e8", "r0")));
    play_all(&mut g, &[&summon("wild_eagle", "e6", "r0"), "skip"]);
    assert_eq!(at(&g, "e6"), "n");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

// ----- Clan Axeman -----

#[test]
fn clan_axeman_chops_an_orthogonal_neighbour_even_heroic() {
    let mut g = game("f6:n d4:n e6:r+ d5:n f5:r* e4:r d6:r", &["highland.clan_axeman"]);
    play(&mut g, &summon("clan_axeman", "e5", "r0"));
    // orthogonal only (not d6), any colour, never legendary (f5)
    assert_eq!(texts(&g), ["e4", "d5", "e6", "skip"]);
    play(&mut g, "e6");
    assert_eq!(at(&g, "e6"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn clan_axeman_may_chop_your_own_piece() {
    let mut g = game("f6:n d4:n d5:n", &["highland.clan_axeman"]);
    play_all(&mut g, &[&summon("clan_axeman", "e5", "r0"), "d5"]);
    assert_pieces(&g, "d4:n e5:n f6:n");
    assert_eq!(g.turn().destroyed, [[0; 3]; tash_kalar_rules::COLORS]);
}

#[test]
fn clan_axeman_skip_and_nothing_to_chop() {
    let mut g = game("f6:n d4:n e4:r", &["highland.clan_axeman"]);
    play_all(&mut g, &[&summon("clan_axeman", "e5", "r0"), "skip"]);
    assert_eq!(at(&g, "e4"), "r");
    // no orthogonal neighbour: the effect is over at once
    let mut g = game("f6:n d4:n d6:r", &["highland.clan_axeman"]);
    play(&mut g, &summon("clan_axeman", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "d6"), "r");
}

#[test]
fn clan_axeman_in_a_turned_pattern() {
    // the diagonal pattern the other way: d6 and f4
    let mut g = game("d6:n f4:n e4:r", &["highland.clan_axeman"]);
    assert!(legal(&g, &summon("clan_axeman", "e5", "r90")));
    assert!(!legal(&g, &summon("clan_axeman", "e5", "r0")));
    play_all(&mut g, &[&summon("clan_axeman", "e5", "r90"), "e4"]);
    assert_eq!(at(&g, "e4"), "");
}

// ----- Clan Healer -----

const HEALER: &str = "f6:n d5:n f5:n";

#[test]
fn clan_healer_places_two_commons_next_to_green_squares() {
    let mut g = game(HEALER, &["highland.clan_healer"]);
    play(&mut g, &summon("clan_healer", "e5", "r0"));
    // next to a green square, empty: b6 (a5 and c7), h7 (g7 and i6);
    // never a green square itself, nor an occupied one (f6 is next to g7)
    for s in ["b6", "h7", "e3", "h5", "d8", "a4"] {
        assert!(legal(&g, s), "{s}");
    }
    for s in ["a5", "c7", "f2", "g7", "i6", "f6", "e6", "d4"] {
        assert!(!legal(&g, s), "{s}");
    }
    assert!(legal(&g, "skip"));
    play_all(&mut g, &["b6", "h7"]);
    assert_eq!(at(&g, "b6"), "n");
    assert_eq!(at(&g, "h7"), "n");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn clan_healer_both_pieces_by_the_same_green_square() {
    let mut g = game(HEALER, &["highland.clan_healer"]);
    play_all(&mut g, &[&summon("clan_healer", "e5", "r0"), "b6", "d7"]);
    assert_pieces(&g, "e5:n f5:n d5:n b6:n f6:n d7:n");
}

#[test]
fn clan_healer_skipped_or_stopped_after_one() {
    let mut g = game(HEALER, &["highland.clan_healer"]);
    play_all(&mut g, &[&summon("clan_healer", "e5", "r0"), "skip"]);
    assert_pieces(&g, "e5:n f5:n d5:n f6:n");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(HEALER, &["highland.clan_healer"]);
    play_all(&mut g, &[&summon("clan_healer", "e5", "r0"), "g8", "skip"]);
    assert_pieces(&g, "e5:n f5:n d5:n f6:n g8:n");
}

#[test]
fn clan_healer_without_pieces_in_supply() {
    // two pieces left: the summoning takes one, so only one is placed
    let mut p = position(HEALER, &["highland.clan_healer"]);
    p.set_supply(0, (2, p.seats[0].supply.1));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &[&summon("clan_healer", "e5", "r0"), "b6"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.supply(Color::Brown, Rank::Common), 0);
    // one piece left: nothing to place at all
    let mut p = position(HEALER, &["highland.clan_healer"]);
    p.set_supply(0, (1, p.seats[0].supply.1));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("clan_healer", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "e5:n f5:n d5:n f6:n");
}

// ----- Dire Wolf -----

const DIRE_WOLF: &str = "d4:n e4:n c3:n";

#[test]
fn dire_wolf_makes_two_combat_moves() {
    let mut g = game(&format!("{DIRE_WOLF} e7:r f6:r+ d6:n"), &["highland.dire_wolf"]);
    play(&mut g, &summon("dire_wolf", "e5", "r0"));
    assert!(!legal(&g, "e5-f6"), "a common being cannot enter a heroic piece");
    assert!(legal(&g, "e5-d6"), "your own common piece may be trampled");
    play_all(&mut g, &["e5-e6", "e6-e7"]);
    assert_eq!(at(&g, "e7"), "n");
    assert_eq!(at(&g, "e5"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn dire_wolf_moves_are_optional() {
    let mut g = game(DIRE_WOLF, &["highland.dire_wolf"]);
    play_all(&mut g, &[&summon("dire_wolf", "e5", "r0"), "skip"]);
    assert_eq!(at(&g, "e5"), "n");
    let mut g = game(DIRE_WOLF, &["highland.dire_wolf"]);
    play_all(&mut g, &[&summon("dire_wolf", "e5", "r0"), "e5-f5", "skip"]);
    assert_eq!(at(&g, "f5"), "n");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn dire_wolf_hemmed_in() {
    // heroic pattern pieces of yours cannot be entered either
    let mut g = game("d4:n+ e4:n+ c3:n d5:r+ d6:r+ e6:r+ f6:r+ f5:r+ f4:r+", &["highland.dire_wolf"]);
    play(&mut g, &summon("dire_wolf", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Ritual Keeper -----

#[test]
fn ritual_keeper_on_green_upgrades_a_common_piece_of_yours() {
    // c7 is green; pattern c8 and b7
    let mut g = game("c8:n b7:n e5:n+ f5:r", &["highland.ritual_keeper"]);
    play(&mut g, &summon("ritual_keeper", "c7", "r0"));
    assert_eq!(texts(&g), ["b7", "c7", "c8"], "mandatory: your common pieces, the Keeper included");
    play(&mut g, "c7");
    assert_eq!(at(&g, "c7"), "n+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn ritual_keeper_on_green_upgrades_another_piece() {
    let mut g = game("c8:n b7:n", &["highland.ritual_keeper"]);
    play_all(&mut g, &[&summon("ritual_keeper", "c7", "r0"), "b7"]);
    assert_pieces(&g, "b7:n+ c7:n c8:n");
}

#[test]
fn ritual_keeper_on_green_in_a_turned_pattern() {
    // r90: (0,1) -> (1,0) and (-1,0) -> (0,1): d7 and c8
    let mut g = game("d7:n c8:n", &["highland.ritual_keeper"]);
    assert!(!legal(&g, &summon("ritual_keeper", "c7", "r0")));
    play_all(&mut g, &[&summon("ritual_keeper", "c7", "r90"), "d7"]);
    assert_eq!(at(&g, "d7"), "n+");
}

#[test]
fn ritual_keeper_on_red_lets_one_of_your_pieces_make_a_combat_move() {
    // d8 is red; pattern d9 and c8
    let mut g = game("d9:n c8:n g4:n+ g5:r+ g3:r*", &["highland.ritual_keeper"]);
    play(&mut g, &summon("ritual_keeper", "d8", "r0"));
    assert!(legal(&g, "d8-e8"), "the Keeper itself may move");
    assert!(legal(&g, "g4-g5"), "a heroic piece of yours may enter a heroic piece");
    assert!(!legal(&g, "g4-g3"));
    assert!(!legal(&g, "g5-g6"), "not an enemy piece");
    assert!(legal(&g, "skip"));
    play(&mut g, "g4-g5");
    assert_pieces(&g, "g3:r* g5:n+ c8:n d8:n d9:n");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn ritual_keeper_on_red_may_do_nothing() {
    let mut g = game("d9:n c8:n", &["highland.ritual_keeper"]);
    play_all(&mut g, &[&summon("ritual_keeper", "d8", "r0"), "skip"]);
    assert_pieces(&g, "c8:n d8:n d9:n");
}

#[test]
fn ritual_keeper_elsewhere_does_nothing() {
    let mut g = game("e7:n d6:n", &["highland.ritual_keeper"]);
    play(&mut g, &summon("ritual_keeper", "e6", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "d6:n e6:n e7:n");
}

// ----- Eagle Lord -----

const EAGLE_LORD: &str = "c6:n g6:n d5:n f5:n";

#[test]
fn eagle_lord_leaps_onto_a_heroic_piece() {
    let mut g = game(&format!("{EAGLE_LORD} b3:r+ h3:r*"), &["highland.eagle_lord"]);
    play(&mut g, &summon("eagle_lord", "e6", "r0"));
    assert!(!legal(&g, "e6-h3"));
    assert!(legal(&g, "e6-c6"));
    play(&mut g, "e6-b3");
    assert_eq!(at(&g, "b3"), "n+");
    assert_eq!(at(&g, "e6"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn eagle_lord_may_stay_and_may_be_summoned_onto_a_heroic_piece() {
    let mut g = game(&format!("{EAGLE_LORD} e6:r+"), &["highland.eagle_lord"]);
    play_all(&mut g, &[&summon("eagle_lord", "e6", "r0"), "skip"]);
    assert_eq!(at(&g, "e6"), "n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
    // not onto a legendary piece
    let g = game(&format!("{EAGLE_LORD} e6:r*"), &["highland.eagle_lord"]);
    assert!(!legal(&g, &summon("eagle_lord", "e6", "r0")));
}

// ----- Wolf Rider -----

const WOLF_RIDER: &str = "e5:n f5:n g5:n e4:n";

#[test]
fn wolf_rider_makes_two_combat_moves() {
    let mut g = game(&format!("{WOLF_RIDER} e7:r+ e8:r* d8:r"), &["highland.wolf_rider"]);
    play(&mut g, &summon("wolf_rider", "e6", "r0"));
    play(&mut g, "e6-e7");
    assert!(!legal(&g, "e7-e8"));
    play(&mut g, "e7-d8");
    assert_pieces(&g, "e4:n e5:n f5:n g5:n d8:n+ e8:r*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn wolf_rider_moves_are_optional() {
    let mut g = game(WOLF_RIDER, &["highland.wolf_rider"]);
    play_all(&mut g, &[&summon("wolf_rider", "e6", "r0"), "e6-d7", "skip"]);
    assert_eq!(at(&g, "d7"), "n+");
    let mut g = game(WOLF_RIDER, &["highland.wolf_rider"]);
    play_all(&mut g, &[&summon("wolf_rider", "e6", "r0"), "skip"]);
    assert_eq!(at(&g, "e6"), "n+");
}

// ----- Blood Shaman -----

const BLOOD_SHAMAN: &str = "d7:n d6:n b5:n c5:n";

#[test]
fn blood_shaman_on_a_red_square_destroys_the_commons_around_it() {
    // h4 is red: its common neighbours go too, heroic and legendary stay
    let mut g = game(&format!("{BLOOD_SHAMAN} h4:r+ g5:r h5:n g3:r i4:r+ h3:r* a6:r"), &["highland.blood_shaman"]);
    play(&mut g, &summon("blood_shaman", "c6", "r0"));
    assert!(!legal(&g, "skip"), "mandatory");
    assert!(!legal(&g, "h3"), "not legendary");
    assert!(legal(&g, "c6"), "the Shaman itself is a candidate");
    play(&mut g, "h4");
    assert_pieces(&g, "h3:r* i4:r+ b5:n c5:n c6:n+ a6:r d6:n d7:n");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn blood_shaman_elsewhere_destroys_one_piece() {
    let mut g = game(&format!("{BLOOD_SHAMAN} h4:r h5:r a6:r"), &["highland.blood_shaman"]);
    play_all(&mut g, &[&summon("blood_shaman", "c6", "r0"), "h5"]);
    assert_pieces(&g, "h4:r b5:n c5:n c6:n+ a6:r d6:n d7:n");
}

#[test]
fn blood_shaman_second_part_uses_the_destroyed_pieces_square() {
    // the Shaman itself on red e5 (pattern f6 f5 d4 e4); the piece it
    // destroys is elsewhere, so the commons around e5 stay
    let mut g = game("f6:n f5:n d4:n e4:n d6:r a6:r", &["highland.blood_shaman"]);
    play_all(&mut g, &[&summon("blood_shaman", "e5", "r0"), "a6"]);
    assert_pieces(&g, "d4:n e4:n e5:n+ f5:n d6:r f6:n");
}

#[test]
fn blood_shaman_must_destroy_your_own_piece_if_nothing_else() {
    let mut g = game(&format!("{BLOOD_SHAMAN} h4:r*"), &["highland.blood_shaman"]);
    play(&mut g, &summon("blood_shaman", "c6", "r0"));
    assert_eq!(texts(&g), ["b5", "c5", "c6", "d6", "d7"]);
    play(&mut g, "c6");
    assert_pieces(&g, "h4:r* b5:n c5:n d6:n d7:n");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn blood_shaman_destroying_your_own_piece_on_red() {
    // your piece on red e5 goes, and the commons around it of both colours
    // (the Shaman's own pattern piece d6 is next to e5 as well)
    let mut g = game(&format!("{BLOOD_SHAMAN} e5:n+ e6:n f5:r f4:r+"), &["highland.blood_shaman"]);
    play_all(&mut g, &[&summon("blood_shaman", "c6", "r0"), "e5"]);
    assert_pieces(&g, "f4:r+ b5:n c5:n c6:n+ d7:n");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

// ----- War Drummer -----

const DRUMMER: &str = "e5:n f5:n e4:n f4:n";

#[test]
fn war_drummer_needs_your_piece_on_its_square() {
    let g = game("f5:n e4:n f4:n e5:r", &["highland.war_drummer"]);
    assert!(!legal(&g, &summon("war_drummer", "e5", "r0")));
    let g = game("f5:n e4:n f4:n", &["highland.war_drummer"]);
    assert!(!legal(&g, &summon("war_drummer", "e5", "r0")));
    let g = game("e5:n* f5:n e4:n f4:n", &["highland.war_drummer"]);
    assert!(!legal(&g, &summon("war_drummer", "e5", "r0")), "a legendary piece outranks the Drummer");
    // a heroic piece of yours matches, and the Drummer replaces it
    let mut g = game("e5:n+ f5:n e4:n f4:n", &["highland.war_drummer"]);
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "skip"]);
    assert_pieces(&g, "e4:n f4:n e5:n+ f5:n");
    assert_eq!(g.supply(Color::Brown, Rank::Common), 16 - 4);
}

#[test]
fn war_drummer_in_a_piece_shortage_reuses_the_piece_on_its_square() {
    let mut p = position(DRUMMER, &["highland.war_drummer"]);
    p.set_supply(0, (0, p.seats[0].supply.1));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "skip"]);
    assert_eq!(at(&g, "e5"), "n+");
    assert!(g.pieces_accounted_for());
}

#[test]
fn war_drummer_option_a_one_combat_move() {
    let mut g = game(&format!("{DRUMMER} c6:n+ c7:r+"), &["highland.war_drummer"]);
    play(&mut g, &summon("war_drummer", "e5", "r0"));
    assert!(!legal(&g, "e5-e6"), "not the Drummer");
    play(&mut g, "c6-c7");
    // a move onto a piece of the mover's rank is option (a): over
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c7"), "n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn war_drummer_option_b_two_standard_moves_by_one_piece() {
    let mut g = game(&format!("{DRUMMER} c6:n+ c7:r+ g6:r"), &["highland.war_drummer"]);
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "f5-f6"]);
    assert_eq!(g.phase(), Phase::Effect);
    assert!(!legal(&g, "c6-c7"), "the second move is a standard move");
    assert!(!legal(&g, "f6-g6"), "a common piece cannot enter a common piece by a standard move");
    assert!(legal(&g, "c6-c5"));
    play(&mut g, "f6-f7");
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "e4:n f4:n e5:n+ c6:n+ g6:r c7:r+ f7:n");
}

#[test]
fn war_drummer_option_b_by_two_pieces_or_one_move() {
    let mut g = game(&format!("{DRUMMER} c6:n+ c7:r"), &["highland.war_drummer"]);
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "c6-c7", "e4-e3"]);
    assert_pieces(&g, "e3:n f4:n e5:n+ f5:n c7:n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    let mut g = game(DRUMMER, &["highland.war_drummer"]);
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "f5-f6", "skip"]);
    assert_pieces(&g, "e4:n f4:n e5:n+ f6:n");
}

#[test]
fn war_drummer_may_do_nothing() {
    let mut g = game(DRUMMER, &["highland.war_drummer"]);
    play_all(&mut g, &[&summon("war_drummer", "e5", "r0"), "skip"]);
    assert_pieces(&g, "e4:n f4:n e5:n+ f5:n");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Hill Giant -----

const HILL_GIANT: &str = "d4:n e4:n f4:n";

#[test]
fn hill_giant_crushes_every_non_legendary_orthogonal_neighbour() {
    let mut g = game(&format!("{HILL_GIANT} e5:n e7:r+ d6:r* f6:r d7:r"), &["highland.hill_giant"]);
    play(&mut g, &summon("hill_giant", "e6", "r0"));
    // its own pattern piece e5 goes too; diagonal d7 and legendary d6 stay
    assert_pieces(&g, "d4:n e4:n f4:n d6:r* e6:n+ d7:r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn hill_giant_spares_a_legendary_pattern_piece_and_may_hit_nothing() {
    let mut g = game(&format!("{HILL_GIANT} e5:n*"), &["highland.hill_giant"]);
    play(&mut g, &summon("hill_giant", "e6", "r0"));
    assert_pieces(&g, "d4:n e4:n f4:n e5:n* e6:n+");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Warlord -----

const WARLORD: &str = "d5:n e5:n f5:n c4:n g4:n";

#[test]
fn warlord_third_move_must_be_the_warlords() {
    let mut g = game(WARLORD, &["highland.warlord"]);
    play_all(&mut g, &[&summon("warlord", "e6", "r0"), "c4-c3", "c3-b3"]);
    // the same piece moved twice; the Warlord has not moved yet
    assert!(texts(&g).iter().all(|t| t == "skip" || t.starts_with("e6-")), "{:?}", texts(&g));
    assert!(legal(&g, "e6-e7"));
    play(&mut g, "e6-e7");
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "b3:n g4:n d5:n e5:n f5:n e7:n+");
}

#[test]
fn warlord_moving_first_frees_the_other_moves() {
    let mut g = game(&format!("{WARLORD} e7:r+"), &["highland.warlord"]);
    play_all(&mut g, &[&summon("warlord", "e6", "r0"), "e6-e7", "c4-c3"]);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert!(legal(&g, "g4-h4"));
    play(&mut g, "g4-h4");
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "c3:n h4:n d5:n e5:n f5:n e7:n+");
}

#[test]
fn warlord_destroyed_before_moving_allows_only_two_moves() {
    // your heroic piece on e7 enters the Warlord's square (combat move)
    let mut g = game(&format!("{WARLORD} e7:n+"), &["highland.warlord"]);
    play_all(&mut g, &[&summon("warlord", "e6", "r0"), "e7-e6", "c4-c3"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_pieces(&g, "c3:n g4:n d5:n e5:n f5:n e6:n+");
}

#[test]
fn warlord_moves_are_optional() {
    let mut g = game(WARLORD, &["highland.warlord"]);
    play_all(&mut g, &[&summon("warlord", "e6", "r0"), "skip"]);
    assert_pieces(&g, "c4:n g4:n d5:n e5:n f5:n e6:n+");
    let mut g = game(WARLORD, &["highland.warlord"]);
    play_all(&mut g, &[&summon("warlord", "e6", "r0"), "d5-d6", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
}

// ----- War Summoner -----

const WAR_SUMMONER: &str = "d6:n f6:n e5:n e4:n";

#[test]
fn war_summoner_gains_an_action_and_grants_the_bonus() {
    let mut g = game(WAR_SUMMONER, &["highland.war_summoner"]);
    assert!(!g.turn().war_summoner_bonus);
    play(&mut g, &summon("war_summoner", "e6", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 2);
    assert!(g.turn().war_summoner_bonus);
    assert_eq!(at(&g, "e6"), "n+");
}

/// After the War Summoner (pattern d6 f6 e5 e4, summoned on e6), with
/// `more` on the board.
fn after_war_summoner(more: &str, cards: &[&str]) -> Game {
    let mut all = vec!["highland.war_summoner"];
    all.extend_from_slice(cards);
    let mut g = game(&format!("{WAR_SUMMONER} {more}"), &all);
    play(&mut g, &summon("war_summoner", "e6", "r0"));
    g
}

#[test]
fn war_summoner_bonus_lets_one_enemy_piece_stand_in() {
    // Wild Eagle on b4 needs a3 and c3: c3 is yours, a3 is red
    let before = game(&format!("{WAR_SUMMONER} a3:r c3:n"), &["highland.war_summoner", "highland.wild_eagle"]);
    assert!(!legal(&before, &summon("wild_eagle", "b4", "r0")));
    let mut g = after_war_summoner("a3:r c3:n", &["highland.wild_eagle"]);
    play(&mut g, &summon("wild_eagle", "b4", "r0"));
    // the enemy piece is one of the pieces used to summon, and stays red
    let r = g.effect().expect("the Eagle's effect");
    assert_eq!(r.pattern, squares("a3 c3"));
    assert_eq!(at(&g, "a3"), "r");
    assert!(!g.turn().war_summoner_bonus);
    // and it is still an enemy piece: the Eagle may leap onto it
    play(&mut g, "b4-a3");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn war_summoner_bonus_allows_only_one_enemy_piece() {
    let g = after_war_summoner("a3:r c3:r", &["highland.wild_eagle"]);
    assert!(!legal(&g, &summon("wild_eagle", "b4", "r0")));
}

#[test]
fn war_summoner_bonus_counts_the_enemy_piece_at_its_own_rank() {
    // Titan (legend): heroic at (0,-1) and (0,-2), commons below. A red
    // heroic piece stands in for a heroic one; a red common one cannot.
    let pattern = "b2:n c2:n d2:n c3:n+";
    let g = after_war_summoner(&format!("{pattern} c4:r+"), &["legends.titan"]);
    assert!(legal(&g, "summon legends.titan c5 r0"), "a legend is a being too");
    let g = after_war_summoner(&format!("{pattern} c4:r"), &["legends.titan"]);
    assert!(!legal(&g, "summon legends.titan c5 r0"));
    // a legendary enemy piece matches a heroic requirement
    let mut g = after_war_summoner(&format!("{pattern} c4:r*"), &["legends.titan"]);
    play(&mut g, "summon legends.titan c5 r0");
    assert_eq!(g.phase(), Phase::Main);
    // still an enemy piece: the Titan crushes it, as it does every
    // orthogonal neighbour, without credit
    assert_eq!(at(&g, "c4"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 0);
}

#[test]
fn war_summoner_bonus_on_the_summoning_square_of_a_drummer() {
    // the War Drummer's own square may hold the enemy piece: it is
    // destroyed by the summoning and counts for you
    let mut g = after_war_summoner("c3:r c2:n b2:n b3:n", &["highland.war_drummer"]);
    let before =
        game(&format!("{WAR_SUMMONER} c3:r c2:n b2:n b3:n"), &["highland.war_summoner", "highland.war_drummer"]);
    assert!(!legal(&before, &summon("war_drummer", "c3", "m0")));
    play(&mut g, &summon("war_drummer", "c3", "m0"));
    assert_eq!(at(&g, "c3"), "n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    // a legendary enemy piece there outranks the Drummer
    let g = after_war_summoner("c3:r* c2:n b2:n b3:n", &["highland.war_drummer"]);
    assert!(!legal(&g, &summon("war_drummer", "c3", "m0")));
}

#[test]
fn war_summoner_bonus_with_the_clan_guardian_upgrades_the_enemy_piece() {
    // Clan Guardian on c3 (pattern a3 b3 d3): b3 is red
    let mut g = after_war_summoner("a3:n b3:r d3:n", &["highland.clan_guardian"]);
    play(&mut g, &summon("clan_guardian", "c3", "r0"));
    assert_eq!(texts(&g), ["a3", "b3", "d3", "skip"]);
    play(&mut g, "b3");
    assert_eq!(at(&g, "b3"), "r+");
}

#[test]
fn war_summoner_bonus_with_the_hill_giant_destroys_the_enemy_pattern_piece() {
    // Hill Giant on c4 (pattern c3, b2 c2 d2): c3 is red and adjacent
    let mut g = after_war_summoner("c3:r b2:n c2:n d2:n", &["highland.hill_giant"]);
    play(&mut g, &summon("hill_giant", "c4", "r0"));
    assert_eq!(at(&g, "c3"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn war_summoner_bonus_lapses_after_the_next_summoning() {
    // the next summoning (the Eagle on b4, with your own pieces only) uses
    // it up: the Axeman on f4 (e3 and the red g5) is no longer possible
    let mut g = after_war_summoner("a3:n c3:n e3:n g5:r", &["highland.wild_eagle", "highland.clan_axeman"]);
    assert!(legal(&g, &summon("clan_axeman", "f4", "r0")));
    play_all(&mut g, &[&summon("wild_eagle", "b4", "r0"), "skip"]);
    assert!(!g.turn().war_summoner_bonus);
    assert_eq!(g.turn().actions, 1);
    assert!(!legal(&g, &summon("clan_axeman", "f4", "r0")));
}

#[test]
fn war_summoner_bonus_lapses_with_a_legend_too() {
    let pattern = "b2:n c2:n d2:n c3:n+ c4:n+";
    let mut g = after_war_summoner(&format!("{pattern} a3:r"), &["legends.titan", "highland.wild_eagle"]);
    assert!(legal(&g, &summon("wild_eagle", "b4", "r0")));
    play(&mut g, "summon legends.titan c5 r0");
    assert!(!g.turn().war_summoner_bonus);
    assert!(!legal(&g, &summon("wild_eagle", "b4", "r0")));
}

#[test]
fn war_summoner_bonus_lapses_at_the_end_of_the_turn() {
    let mut g = after_war_summoner("a3:r c3:n", &["highland.wild_eagle"]);
    assert!(legal(&g, &summon("wild_eagle", "b4", "r0")));
    play_all(&mut g, &["place h5", "place h6", "end"]);
    // red's turn (nothing to draw), then brown's again
    assert_eq!(g.actor(), Actor::Seat(1));
    assert!(!g.turn().war_summoner_bonus);
    play_all(&mut g, &["place b7", "place b8", "end"]);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert!(!g.turn().war_summoner_bonus);
    assert!(!legal(&g, &summon("wild_eagle", "b4", "r0")));
}

#[test]
fn war_summoner_bonus_choices_are_distinct_and_keep_their_order() {
    // matches with and without enemy pieces, for several beings
    let more = "a3:r c3:n e3:r g3:n c5:r g5:n d2:n f2:r";
    let cards = ["highland.wild_eagle", "highland.clan_axeman", "highland.clan_healer", "highland.war_drummer"];
    let with = after_war_summoner(more, &cards);
    // the same board and hand, without the bonus
    let without = game(&format!("{WAR_SUMMONER} e6:n+ {more}"), &cards);
    assert_eq!(without.board(), with.board());
    assert!(!without.turn().war_summoner_bonus);
    let summons = |g: &Game| -> Vec<Choice> {
        g.legal_choices().into_iter().filter(|c| matches!(c, Choice::Summon { .. })).collect()
    };
    let w = summons(&with);
    let b = summons(&without);
    let mut distinct = w.clone();
    distinct.sort_by_key(|c| c.to_string());
    distinct.dedup();
    assert_eq!(distinct.len(), w.len(), "no choice twice");
    assert!(!b.is_empty());
    assert!(b.len() < w.len());
    // the ordinary choices are still there, once each, in the same order
    let mut it = w.iter();
    for c in &b {
        assert!(it.any(|x| x == c), "{c} missing or out of order");
    }
    assert!(legal(&with, &summon("wild_eagle", "d4", "r0")));
    assert!(!legal(&without, &summon("wild_eagle", "d4", "r0")));
    // the order is the engine's: by card, then orientation, then square
    let again = summons(&with);
    assert_eq!(again, w);
}

#[test]
fn stand_ins_in_pattern_matching_directly() {
    let cannon = card("imperial.cannon");
    // Cannon: (-1,0) (0,0) (-2,-1), card rank heroic. Brown pieces d5 and
    // c4; the summoning square e5 holds a red common piece.
    let b = board("9/9/9/9/3nr4/2n6/9/9/9");
    let mut v = Vec::new();
    pattern_matches(&b, Color::Brown, cannon, &mut v);
    assert!(v.is_empty());
    let red: ColorSet = [Color::Red].into_iter().collect();
    pattern_matches_with(&b, Color::Brown, cannon, &[red], &mut v);
    let m: Vec<_> = v.iter().filter(|m| m.orientation == Orientation::IDENTITY).collect();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].at, sq("e5"));
    assert_eq!(m[0].enemy, squares("e5"));
    // every match uses exactly one enemy piece, distinct (orientation, square)
    for m in &v {
        assert_eq!(m.enemy.count(), 1);
    }
    let mut keys: Vec<_> = v.iter().map(|m| (m.orientation, m.at)).collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n);
    // a slot of another colour does not help; two slots allow two pieces
    let blue: ColorSet = [Color::Blue].into_iter().collect();
    v.clear();
    pattern_matches_with(&b, Color::Brown, cannon, &[blue], &mut v);
    assert!(v.is_empty());
    let b2 = board("9/9/9/9/3rr4/2n6/9/9/9");
    v.clear();
    pattern_matches_with(&b2, Color::Brown, cannon, &[red], &mut v);
    assert!(!v.iter().any(|m| m.orientation == Orientation::IDENTITY && m.at == sq("e5")));
    v.clear();
    pattern_matches_with(&b2, Color::Brown, cannon, &[red, red], &mut v);
    assert!(v.iter().any(|m| m.orientation == Orientation::IDENTITY && m.at == sq("e5")));
    // two enemy colours, each slot taking one of them (a melee's improvised
    // summoning of green combined with the War Summoner's bonus)
    let b3 = board("9/9/9/9/3gr4/2n6/9/9/9");
    let green: ColorSet = [Color::Green].into_iter().collect();
    let any: ColorSet = [Color::Red, Color::Green].into_iter().collect();
    v.clear();
    pattern_matches_with(&b3, Color::Brown, cannon, &[any, green], &mut v);
    assert!(v.iter().any(|m| m.orientation == Orientation::IDENTITY && m.at == sq("e5")));
    v.clear();
    pattern_matches_with(&b3, Color::Brown, cannon, &[green, green], &mut v);
    assert!(!v.iter().any(|m| m.orientation == Orientation::IDENTITY && m.at == sq("e5")));
    // without any enemy piece needed, the match is the ordinary one
    let b4 = board("9/9/9/9/3nn4/2n6/9/9/9");
    let mut plain = Vec::new();
    pattern_matches(&b4, Color::Brown, cannon, &mut plain);
    v.clear();
    pattern_matches_with(&b4, Color::Brown, cannon, &[red], &mut v);
    assert!(v.len() >= plain.len());
    for m in &plain {
        assert!(v.contains(m));
    }
}

// ----- Ritual Master -----

#[test]
fn ritual_master_on_green_gains_two_actions() {
    // g7 is green: pattern f8 f6 h6
    let mut g = game("f8:n f6:n h6:n", &["highland.ritual_master"]);
    play(&mut g, &summon("ritual_master", "g7", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 3);
}

#[test]
fn ritual_master_on_red_destroys_a_heroic_and_a_common_piece() {
    // e5 is red: pattern d6 d4 f4
    let mut g = game("d6:n d4:n f4:n a5:r+ b5:r c5:r* h5:n+", &["highland.ritual_master"]);
    play(&mut g, &summon("ritual_master", "e5", "r0"));
    assert_eq!(texts(&g), ["a5", "e5", "h5", "skip"]);
    play(&mut g, "a5");
    assert!(!legal(&g, "c5"));
    assert!(legal(&g, "d6"));
    play(&mut g, "b5");
    assert_pieces(&g, "d4:n f4:n c5:r* e5:n+ h5:n+ d6:n");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.turn().actions, 1);
}

#[test]
fn ritual_master_on_red_one_or_neither() {
    let board_ = "d6:n d4:n f4:n a5:r+ b5:r";
    let mut g = game(board_, &["highland.ritual_master"]);
    play_all(&mut g, &[&summon("ritual_master", "e5", "r0"), "skip", "b5"]);
    assert_eq!(at(&g, "a5"), "r+");
    assert_eq!(at(&g, "b5"), "");
    let mut g = game(board_, &["highland.ritual_master"]);
    play_all(&mut g, &[&summon("ritual_master", "e5", "r0"), "a5", "skip"]);
    assert_eq!(at(&g, "a5"), "");
    assert_eq!(at(&g, "b5"), "r");
    let mut g = game(board_, &["highland.ritual_master"]);
    play_all(&mut g, &[&summon("ritual_master", "e5", "r0"), "skip", "skip"]);
    assert_pieces(&g, "d4:n f4:n a5:r+ b5:r e5:n+ d6:n");
}

#[test]
fn ritual_master_elsewhere_does_nothing() {
    let mut g = game("d7:n d5:n f5:n a5:r+", &["highland.ritual_master"]);
    play(&mut g, &summon("ritual_master", "e6", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 1);
    assert_eq!(at(&g, "a5"), "r+");
}

// ----- Legend Slayer -----

const SLAYER: &str = "e5:n f5:n e4:n g4:n";

#[test]
fn legend_slayer_destroys_one_legendary_piece() {
    let mut g = game(&format!("{SLAYER} d7:r* f7:r+ d5:r e7:r"), &["highland.legend_slayer"]);
    play(&mut g, &summon("legend_slayer", "e6", "r0"));
    // diagonal only (not e7); your own pattern piece f5 is one of them
    assert_eq!(texts(&g), ["d5", "f5", "d7", "f7", "skip"]);
    play(&mut g, "d7");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "f7"), "r+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
}

#[test]
fn legend_slayer_destroys_up_to_two_non_legendary_pieces() {
    let mut g = game(&format!("{SLAYER} d7:r* f7:r+ d5:r"), &["highland.legend_slayer"]);
    play_all(&mut g, &[&summon("legend_slayer", "e6", "r0"), "f7"]);
    // the options do not mix: the legendary piece is out of reach now
    assert_eq!(texts(&g), ["d5", "f5", "skip"]);
    play(&mut g, "d5");
    assert_pieces(&g, "e4:n g4:n e5:n f5:n e6:n+ d7:r*");
    let mut g = game(&format!("{SLAYER} d7:r* f7:r+ d5:r"), &["highland.legend_slayer"]);
    play_all(&mut g, &[&summon("legend_slayer", "e6", "r0"), "f5", "skip"]);
    assert_eq!(at(&g, "f5"), "");
    assert_eq!(at(&g, "f7"), "r+");
}

#[test]
fn legend_slayer_may_do_nothing() {
    let mut g = game(&format!("{SLAYER} d7:r*"), &["highland.legend_slayer"]);
    play_all(&mut g, &[&summon("legend_slayer", "e6", "r0"), "skip"]);
    assert_eq!(at(&g, "d7"), "r*");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Mountain Troll -----

const TROLL: &str = "d5:n e5:n e4:n f4:n";

#[test]
fn mountain_troll_destroys_enemy_commons_and_gains_an_action() {
    let mut g = game(&format!("{TROLL} d7:r f5:r e7:r+ d6:n f7:r* g6:r"), &["highland.mountain_troll"]);
    play(&mut g, &summon("mountain_troll", "e6", "r0"));
    assert_pieces(&g, "e4:n f4:n d5:n e5:n d6:n e6:n+ g6:r e7:r+ f7:r*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
    assert_eq!(g.turn().actions, 2);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn mountain_troll_one_piece_gains_nothing() {
    let mut g = game(&format!("{TROLL} d7:r"), &["highland.mountain_troll"]);
    play(&mut g, &summon("mountain_troll", "e6", "r0"));
    assert_eq!(at(&g, "d7"), "");
    assert_eq!(g.turn().actions, 1);
}

#[test]
fn mountain_troll_summoning_onto_a_piece_does_not_count_toward_two() {
    let mut g = game(&format!("{TROLL} e6:r d7:r"), &["highland.mountain_troll"]);
    play(&mut g, &summon("mountain_troll", "e6", "r0"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
    assert_eq!(g.turn().actions, 1);
}

// ----- Hungry Bear -----

const BEAR: &str = "f6:n e5:n f5:n";

#[test]
fn hungry_bear_eats_twice() {
    let mut g = game(&format!("{BEAR} e7:r e8:n d7:r+"), &["highland.hungry_bear"]);
    play(&mut g, &summon("hungry_bear", "e6", "r0"));
    assert!(!legal(&g, "e6-d7"), "a standard move cannot enter a heroic piece");
    play_all(&mut g, &["e6-e7", "e7-e8"]);
    assert_pieces(&g, "e5:n f5:n f6:n d7:r+ e8:n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn hungry_bear_stops_on_an_empty_square() {
    let mut g = game(&format!("{BEAR} d7:r"), &["highland.hungry_bear"]);
    play_all(&mut g, &[&summon("hungry_bear", "e6", "r0"), "e6-e7"]);
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(&format!("{BEAR} e7:r"), &["highland.hungry_bear"]);
    play_all(&mut g, &[&summon("hungry_bear", "e6", "r0"), "e6-e7", "e7-e8"]);
    assert_eq!(at(&g, "e8"), "n+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn hungry_bear_may_eat_your_own_common_piece_or_not_move() {
    let mut g = game(&format!("{BEAR} d6:n"), &["highland.hungry_bear"]);
    play_all(&mut g, &[&summon("hungry_bear", "e6", "r0"), "e6-d6", "skip"]);
    assert_pieces(&g, "e5:n f5:n d6:n+ f6:n");
    let mut g = game(BEAR, &["highland.hungry_bear"]);
    play_all(&mut g, &[&summon("hungry_bear", "e6", "r0"), "skip"]);
    assert_eq!(at(&g, "e6"), "n+");
}

// ----- Werewolf -----

#[test]
fn werewolf_on_a_green_square_makes_three_combat_moves() {
    // g7 is green: pattern e8 d7 e6
    let mut g = game("e8:n d7:n e6:n g5:r+ g4:r", &["highland.werewolf"]);
    play(&mut g, &summon("werewolf", "g7", "r0"));
    // leaving the coloured square does not matter
    play_all(&mut g, &["g7-g6", "g6-g5", "g5-g4"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g4"), "n+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn werewolf_in_a_mirrored_pattern_on_a_red_square() {
    // c2 is red; the mirror image m0 puts the pattern to the right of the
    // square, (2,1) (3,0) (2,-1): e3 f2 e1 (upright it would leave the board)
    let mut g = game("e3:n f2:n e1:n d3:r+", &["highland.werewolf"]);
    assert!(!legal(&g, &summon("werewolf", "c2", "r0")));
    play_all(&mut g, &[&summon("werewolf", "c2", "m0"), "c2-d3", "skip"]);
    assert_eq!(at(&g, "d3"), "n+");
}

#[test]
fn werewolf_on_e5_or_an_uncoloured_square_makes_one_standard_move() {
    // e5 is red but central: pattern c6 b5 c4
    let mut g = game("c6:n b5:n c4:n e6:r+ f5:r", &["highland.werewolf"]);
    play(&mut g, &summon("werewolf", "e5", "r0"));
    assert!(!legal(&g, "e5-e6"), "a standard move cannot enter a heroic piece");
    play(&mut g, "e5-f5");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    // uncoloured f6: pattern d7 c6 d5
    let mut g = game("d7:n c6:n d5:n", &["highland.werewolf"]);
    play_all(&mut g, &[&summon("werewolf", "f6", "r0"), "f6-f7"]);
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game("d7:n c6:n d5:n", &["highland.werewolf"]);
    play_all(&mut g, &[&summon("werewolf", "f6", "r0"), "skip"]);
    assert_eq!(at(&g, "f6"), "n+");
}

#[test]
fn werewolf_moves_are_optional_on_a_coloured_square() {
    let mut g = game("e8:n d7:n e6:n", &["highland.werewolf"]);
    play_all(&mut g, &[&summon("werewolf", "g7", "r0"), "g7-h7", "skip"]);
    assert_eq!(at(&g, "h7"), "n+");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Clan Guardian -----

#[test]
fn clan_guardian_upgrades_a_common_pattern_piece() {
    let mut g = game("c5:n+ d5:n f5:n e6:n", &["highland.clan_guardian"]);
    play(&mut g, &summon("clan_guardian", "e5", "r0"));
    // the marked squares only (not e6), and only common pieces (not c5)
    assert_eq!(texts(&g), ["d5", "f5", "skip"]);
    play(&mut g, "d5");
    assert_eq!(at(&g, "d5"), "n+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn clan_guardian_marks_turn_with_the_pattern() {
    // r90: (-2,0) (-1,0) (1,0) become (0,2) (0,1) (0,-1): e7 e6 e4
    let mut g = game("e7:n e6:n e4:n d5:n", &["highland.clan_guardian"]);
    play(&mut g, &summon("clan_guardian", "e5", "r90"));
    assert_eq!(g.effect().unwrap().marked(), squares("e7 e6 e4"));
    assert_eq!(texts(&g), ["e4", "e6", "e7", "skip"]);
    play(&mut g, "e7");
    assert_eq!(at(&g, "e7"), "n+");
}

#[test]
fn clan_guardian_skip_or_nothing_common() {
    let mut g = game("c5:n d5:n f5:n", &["highland.clan_guardian"]);
    play_all(&mut g, &[&summon("clan_guardian", "e5", "r0"), "skip"]);
    assert_pieces(&g, "c5:n d5:n e5:n+ f5:n");
    let mut g = game("c5:n+ d5:n* f5:n+", &["highland.clan_guardian"]);
    play(&mut g, &summon("clan_guardian", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main);
}

// ----- every card -----

#[test]
fn highland_cards_match_the_deck() {
    let ids: Vec<_> = tash_kalar_rules::Deck::Highland.ids().map(|c| c.to_string()).collect();
    assert_eq!(ids.len(), 18);
    assert_eq!(ids[0], "highland.wild_eagle");
    assert_eq!(ids[11], "highland.war_summoner");
    assert_eq!(ids[17], "highland.clan_guardian");
    for c in tash_kalar_rules::Deck::Highland.ids() {
        let d = c.def();
        assert!(d.id.starts_with("highland."));
        assert!(!d.text.is_empty());
        assert!(!d.pattern.is_empty());
    }
}

// ----- whole games -----

/// Plays a game to its end with seeded random choices, preferring summons
/// (to run the effects), checking on every step that the choices are
/// distinct and every piece is accounted for. Returns the summons made and
/// how many of them used an enemy piece.
fn play_out(g: &mut Game, rng: &mut ChaCha8Rng) -> (Vec<CardId>, usize) {
    let mut summoned = Vec::new();
    let mut stand_ins_used = 0;
    let mut steps = 0;
    while g.actor() != Actor::Nobody {
        let v = g.legal_choices();
        assert!(!v.is_empty(), "no choices in {:?}", g.phase());
        let mut sorted = v.clone();
        sorted.sort_by_key(|c| c.to_string());
        sorted.dedup();
        assert_eq!(sorted.len(), v.len(), "a choice listed twice");
        let summons: Vec<Choice> = v.iter().copied().filter(|c| matches!(c, Choice::Summon { .. })).collect();
        let c = if !summons.is_empty() && rng.gen_bool(0.8) {
            summons[rng.gen_range(0..summons.len())]
        } else {
            v[rng.gen_range(0..v.len())]
        };
        let mover = g.active_color();
        g.act(c).unwrap();
        if let Choice::Summon { card, .. } = c {
            summoned.push(card);
            if let Some(r) = g.effect() {
                if !(r.pattern & !g.board().of_color(mover)).is_empty() {
                    stand_ins_used += 1;
                }
            }
        }
        steps += 1;
        assert!(steps < 100_000);
        assert!(g.pieces_accounted_for());
    }
    assert!(g.outcome().is_some());
    (summoned, stand_ins_used)
}

#[test]
fn random_games_with_highland_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..100 {
        let schools =
            if i % 2 == 0 { [School::Highland, School::Northern] } else { [School::Southern, School::Highland] };
        let mut g = Game::new(Form::Duel, &schools).unwrap();
        play_out(&mut g, &mut rng);
    }
}

#[test]
fn random_highland_playouts_summon_every_being() {
    // a whole Highland deck to draw from (the Imperial deck is short, so
    // games from the start end early): every being comes up
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut summoned = std::collections::HashSet::new();
    let mut stand_ins_used = 0;
    for _ in 0..12 {
        let mut p = position("c5:r g5:n", &[]);
        p.seats[0].deck = Pile::shuffled(tash_kalar_rules::Deck::Highland.ids());
        p.legends = Pile::shuffled(tash_kalar_rules::Deck::Legends.ids());
        p.seats[1].beings = tash_kalar_rules::Deck::Imperial.ids().collect();
        let mut g = p.to_game().unwrap();
        let (s, n) = play_out(&mut g, &mut rng);
        summoned.extend(s);
        stand_ins_used += n;
    }
    for c in tash_kalar_rules::Deck::Highland.ids() {
        assert!(summoned.contains(&c), "{c} never summoned");
    }
    // whether random play happens to use the bonus with an enemy piece
    // depends on the seed; the War Summoner's own tests cover that use
    let _ = stand_ins_used;
}
