//! Tests of the flares, from the card reference, the rulings and the
//! guidebook's examples (section "Invoking a Flare").
//!
//! Blue (seat 0) is always the invoker and compares itself with red. The
//! guidebook's examples have Red invoke against Blue; here the colors are
//! swapped.

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Board, CardId, Choice, Color, Deck, Game, Phase, Piece, Position, Rank};

/// Squares for red's filler pieces, in the top rows, away from the action.
const FILLER: [&str; 21] = [
    "c9", "d9", "e9", "f9", "g9", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "a7", "b7", "c7", "d7", "e7", "f7", "g7",
    "h7", "i7",
];

fn piece(letters: &str) -> Piece {
    let mut chars = letters.chars();
    let color = chars.next().and_then(Color::from_letter).expect("a color letter");
    let rank = match chars.next() {
        None => Rank::Common,
        Some('+') => Rank::Heroic,
        Some('*') => Rank::Legendary,
        Some(c) => panic!("not a rank mark: {c}"),
    };
    Piece::new(color, rank)
}

/// Board text: the listed pieces, then `heroic` red heroic pieces and
/// `common` red common pieces on the top rows.
fn arena(pieces: &[(&str, &str)], heroic: usize, common: usize) -> String {
    let mut b = Board::empty();
    for (s, p) in pieces {
        b.set(sq(s), Some(piece(p)));
    }
    let free: Vec<&str> = FILLER.into_iter().filter(|s| b.get(sq(s)).is_none()).collect();
    assert!(free.len() >= heroic + common, "enough filler squares");
    for (i, s) in free.into_iter().take(heroic + common).enumerate() {
        let rank = if i < heroic { Rank::Heroic } else { Rank::Common };
        b.set(sq(s), Some(Piece::new(Color::Red, rank)));
    }
    b.to_text()
}

/// Blue to act with 2 actions and `flare` in hand, on [`arena`].
fn setup(flare: &str, pieces: &[(&str, &str)], heroic: usize, common: usize) -> Position {
    duel_position(&arena(pieces, heroic, common), &[flare])
}

fn game(flare: &str, pieces: &[(&str, &str)], heroic: usize, common: usize) -> Game {
    setup(flare, pieces, heroic, common).to_game().expect("a valid position")
}

/// `setup` with blue's two-sided supply set.
fn with_supply(flare: &str, pieces: &[(&str, &str)], heroic: usize, common: usize, supply: u8) -> Game {
    let mut p = setup(flare, pieces, heroic, common);
    p.set_supply(0, (supply, p.seats[0].supply.1));
    p.to_game().expect("a valid position")
}

fn actions(g: &Game) -> u8 {
    g.turn().actions
}

/// The flare is over: back to the main phase, the card on the flares'
/// discard pile, and red scored its point.
fn assert_resolved(g: &Game, flare: &str) {
    assert_eq!(g.phase(), Phase::Main, "still resolving: {:?}", texts(g));
    assert!(g.effect().is_none());
    assert_eq!(g.flare_discard(), [CardId::parse(flare).unwrap()]);
    assert!(g.seat(0).flares.is_empty());
    assert_eq!(g.seat(1).score, 1);
    assert_eq!(g.seat(0).score, 0);
    assert!(g.pieces_accounted_for());
}

fn pieces_of(g: &Game, color: Color) -> u32 {
    g.board().total(color)
}

fn moves_listed(g: &Game) -> usize {
    texts(g).iter().filter(|t| t.contains('-')).count()
}

// ----- the deck -----

#[test]
fn the_deck_holds_twelve_flares_in_reference_order_with_their_thresholds() {
    let expected = [(3, 6), (4, 4), (3, 5), (4, 5), (3, 6), (4, 4), (4, 6), (4, 5), (5, 4), (5, 5), (3, 4), (2, 5)];
    let ids: Vec<CardId> = Deck::Flares.ids().collect();
    assert_eq!(ids.len(), 12);
    for (i, (id, (upper, lower))) in ids.iter().zip(expected).enumerate() {
        let def = id.def();
        assert_eq!(def.id, format!("flares.{:02}", i + 1));
        assert_eq!(def.name, format!("Flare {:02}", i + 1));
        let t = def.flare.expect("flare thresholds");
        assert_eq!((t.upper, t.lower), (upper, lower), "{}", def.id);
        assert!(def.pattern.is_empty());
        // the text names the same thresholds as the definition
        assert!(def.text.contains(&format!("Upper ({upper} more upgraded)")), "{}", def.text);
        assert!(def.text.contains(&format!("Lower ({lower} more pieces)")), "{}", def.text);
    }
}

// ----- criteria -----

#[test]
fn every_flare_is_legal_exactly_at_each_threshold_and_not_one_short() {
    for id in Deck::Flares.ids() {
        let name = id.def().id;
        let t = id.def().flare.unwrap();
        let (u, l) = (t.upper as usize, t.lower as usize);
        let blue = |n: usize| -> Vec<(&str, &str)> { ["a3", "a4", "a5"][..n].iter().map(|&s| (s, "b")).collect() };
        // upper exactly: red has u more upgraded; blue's commons keep the total gap below l
        let g = game(name, &blue((u + 1).saturating_sub(l)), u, 0);
        assert_eq!(g.flare_criteria(Color::Red), (true, false), "{name} upper");
        assert!(legal(&g, "flare r"), "{name} upper");
        // upper one short
        let g = game(name, &blue(u.saturating_sub(l)), u - 1, 0);
        assert_eq!(g.flare_criteria(Color::Red), (false, false), "{name} upper - 1");
        assert!(!legal(&g, "flare r"), "{name} upper - 1");
        // lower exactly (red's pieces all common)
        let g = game(name, &[], 0, l);
        assert_eq!(g.flare_criteria(Color::Red), (false, true), "{name} lower");
        assert!(legal(&g, "flare r"), "{name} lower");
        // lower one short
        let g = game(name, &[], 0, l - 1);
        assert_eq!(g.flare_criteria(Color::Red), (false, false), "{name} lower - 1");
        assert!(!legal(&g, "flare r"), "{name} lower - 1");
        // both
        let g = game(name, &[], u, l.saturating_sub(u));
        assert_eq!(g.flare_criteria(Color::Red), (true, true), "{name} both");
        assert!(legal(&g, "flare r"), "{name} both");
    }
}

#[test]
fn criteria_count_the_difference_not_the_opponents_pieces_alone() {
    // red 5 heroic, blue 2 heroic: 3 more upgraded meets Flare 01's upper 3 ...
    let g = game("flares.01", &[("a3", "b+"), ("a4", "b+")], 5, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    // ... and legendary pieces count as upgraded for both sides
    let g = game("flares.01", &[("a3", "b*")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    let g = game("flares.01", &[("a3", "b*"), ("a4", "b+")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (false, false));
}

// The guidebook's first example: 2 more upgraded and 2 more pieces meets
// neither criterion of the example flare (3 upgraded / 4 pieces).
#[test]
fn guidebook_two_and_two_meets_neither_criterion() {
    let g = game("flares.11", &[], 2, 0);
    assert_eq!(g.flare_criteria(Color::Red), (false, false));
    assert!(!texts(&g).iter().any(|t| t.starts_with("flare")));
}

// ----- when a flare may be invoked -----

#[test]
fn invoking_costs_no_action_and_gives_the_opponent_one_point() {
    // one blue piece keeps red only 3 pieces ahead: the upper half alone
    let mut g = game("flares.02", &[("a3", "b")], 4, 0);
    play_all(&mut g, &["flare r", "e5"]);
    assert_resolved(&g, "flares.02");
    assert_eq!(actions(&g), 2);
}

#[test]
fn the_opponent_scores_one_point_even_when_both_halves_resolve() {
    let mut g = game("flares.02", &[], 4, 0);
    play_all(&mut g, &["flare r", "e5", "e4"]);
    assert_resolved(&g, "flares.02");
    assert_eq!(g.seat(1).score, 1);
}

#[test]
fn the_point_is_scored_at_invocation_before_the_effect_resolves() {
    let mut g = game("flares.02", &[], 4, 0);
    play(&mut g, "flare r");
    assert_eq!(g.phase(), Phase::Effect);
    assert_eq!(g.seat(1).score, 1);
}

#[test]
fn a_flare_can_be_invoked_between_actions() {
    let mut g = game("flares.08", &[], 4, 0);
    play(&mut g, "place a3");
    assert!(legal(&g, "flare r"));
    play(&mut g, "flare r");
    assert_resolved(&g, "flares.08");
    assert_eq!(actions(&g), 2);
}

#[test]
fn a_flare_can_be_invoked_after_the_last_action_before_the_end() {
    // the upper criterion (4 more upgraded) is not changed by placing commons
    let mut g = game("flares.02", &[], 4, 0);
    play_all(&mut g, &["place a3", "place a4"]);
    assert_eq!(actions(&g), 0);
    assert!(legal(&g, "end"));
    assert!(legal(&g, "flare r"));
    play_all(&mut g, &["flare r", "e5"]);
    assert_resolved(&g, "flares.02");
    assert_eq!(texts(&g), ["end"]);
    play(&mut g, "end");
    assert_ne!(g.phase(), Phase::Main);
}

#[test]
fn a_flare_is_never_legal_again_once_used() {
    let mut g = game("flares.02", &[], 4, 0);
    play_all(&mut g, &["flare r", "e5", "e4"]);
    assert!(!legal(&g, "flare r"));
    play(&mut g, "place a3");
    assert!(!legal(&g, "flare r"));
    // even holding another flare, the turn's flare is spent
    let mut p = setup("flares.02", &[], 4, 0);
    p.flare_used = true;
    let g = p.to_game().unwrap();
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    assert!(!legal(&g, "flare r"));
}

#[test]
fn a_flare_cannot_be_invoked_while_an_action_resolves() {
    // blue summons the Swordmaster on e5 (pattern e6, e4); red common on f6
    let mut p = setup("flares.02", &[("e6", "b"), ("e4", "b"), ("f6", "r")], 4, 0);
    p.seats[0].beings.push(CardId::parse("imperial.swordmaster").unwrap());
    let mut g = p.to_game().unwrap();
    assert!(legal(&g, "flare r"));
    play(&mut g, "summon imperial.swordmaster e5 r0");
    assert_eq!(g.phase(), Phase::Effect);
    assert!(!legal(&g, "flare r"));
    play(&mut g, "skip");
    assert!(legal(&g, "flare r"));
    // nor during a discard action's returns
    let mut p = setup("flares.02", &[], 4, 0);
    p.seats[0].beings.push(CardId::parse("imperial.knight").unwrap());
    let mut g = p.to_game().unwrap();
    play(&mut g, "discard imperial.knight");
    assert_eq!(g.phase(), Phase::Returning);
    assert!(!legal(&g, "flare r"));
}

#[test]
fn no_action_and_no_end_in_the_middle_of_a_flare() {
    let mut g = game("flares.02", &[], 4, 0);
    play(&mut g, "flare r");
    let t = texts(&g);
    assert!(t.iter().all(|c| c.len() == 2), "only squares: {t:?}");
    assert!(!legal(&g, "place e5") && !legal(&g, "end") && !legal(&g, "skip"));
}

// ----- Flare 01 (3 upgraded / 6 pieces) -----

#[test]
fn flare01_upper_places_a_common_piece() {
    let mut g = game("flares.01", &[], 3, 0);
    play(&mut g, "flare r");
    assert_eq!(g.prompt().map(|s| s.id()), Some("flares.place_common"));
    assert!(!legal(&g, "c9"), "an occupied square");
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.01");
    assert_eq!(actions(&g), 2);
}

#[test]
fn flare01_lower_places_a_heroic_piece() {
    let mut g = game("flares.01", &[], 0, 6);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.01");
}

#[test]
fn flare01_both_places_common_then_heroic() {
    let mut g = game("flares.01", &[], 3, 3);
    play(&mut g, "flare r");
    assert_eq!(g.prompt().map(|s| s.id()), Some("flares.place_common"));
    play(&mut g, "e5");
    assert_eq!(g.prompt().map(|s| s.id()), Some("flares.place_heroic"));
    assert!(!legal(&g, "e5"));
    play(&mut g, "e4");
    assert_eq!((at(&g, "e5").as_str(), at(&g, "e4").as_str()), ("b", "b+"));
    assert_resolved(&g, "flares.01");
}

#[test]
fn flare01_with_an_empty_supply_places_nothing_and_picks_nothing_up() {
    let mut g = with_supply("flares.01", &[("a3", "b")], 4, 3, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_eq!(at(&g, "a3"), "b");
    assert_resolved(&g, "flares.01");
}

#[test]
fn flare01_common_and_heroic_share_one_supply() {
    // one two-sided piece left: the common placement takes it, the heroic one is skipped
    let mut g = with_supply("flares.01", &[], 3, 3, 1);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.01");
}

// ----- Flare 02 (4 upgraded / 4 pieces) -----

#[test]
fn flare02_upper_places_one_common_piece() {
    let mut g = game("flares.02", &[("a3", "b")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_resolved(&g, "flares.02");
}

#[test]
fn flare02_lower_places_one_common_piece() {
    let mut g = game("flares.02", &[], 0, 4);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_resolved(&g, "flares.02");
}

// The guidebook's "both at 4/4": the lower half still resolves though the
// upper half's placement left the opponent only 3 pieces ahead.
#[test]
fn flare02_both_resolve_though_the_upper_half_changed_the_counts() {
    let mut g = game("flares.02", &[], 4, 0);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(pieces_of(&g, Color::Red) - pieces_of(&g, Color::Blue), 3);
    assert_eq!(g.phase(), Phase::Effect);
    play(&mut g, "e4");
    assert_eq!(pieces_of(&g, Color::Blue), 2);
    assert_resolved(&g, "flares.02");
}

#[test]
fn flare02_with_one_piece_in_supply_places_it_once() {
    let mut g = with_supply("flares.02", &[], 4, 0, 1);
    play_all(&mut g, &["flare r", "e5"]);
    assert_resolved(&g, "flares.02");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
}

// ----- Flare 03 (3 upgraded / 5 pieces) -----

#[test]
fn flare03_upper_three_standard_moves_by_any_common_pieces() {
    // blue commons e3 and c3, heroic g3; a red common on f4
    let mut g = game("flares.03", &[("e3", "b"), ("c3", "b"), ("g3", "b+"), ("f4", "r")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-e4") && legal(&g, "c3-c4") && legal(&g, "skip"));
    assert!(!legal(&g, "e3-f4"), "a standard move by a common piece never ends on a piece");
    assert!(!legal(&g, "g3-g4"), "only common pieces move");
    assert!(!legal(&g, "e3-e5"), "a move is onto an adjacent square");
    play_all(&mut g, &["e3-e4", "e4-e5", "c3-c4"]);
    assert_eq!((at(&g, "e5").as_str(), at(&g, "c4").as_str()), ("b", "b"));
    assert_eq!(at(&g, "f4"), "r");
    assert_resolved(&g, "flares.03");
    assert_eq!(actions(&g), 2);
}

#[test]
fn flare03_upper_the_same_piece_may_make_all_three_moves() {
    let mut g = game("flares.03", &[("e3", "b")], 3, 0);
    play_all(&mut g, &["flare r", "e3-e4", "e4-e5", "e5-e6"]);
    assert_eq!(at(&g, "e6"), "b");
    assert_resolved(&g, "flares.03");
}

#[test]
fn flare03_upper_up_to_three_may_stop_early_or_make_none() {
    let start = game("flares.03", &[("e3", "b")], 3, 0);
    let mut g = start.clone();
    play_all(&mut g, &["flare r", "e3-e4", "skip"]);
    assert_eq!(at(&g, "e4"), "b");
    assert_resolved(&g, "flares.03");
    let mut g = start;
    play_all(&mut g, &["flare r", "skip"]);
    assert_eq!(at(&g, "e3"), "b");
    assert_resolved(&g, "flares.03");
}

#[test]
fn flare03_lower_gains_an_action() {
    let mut g = game("flares.03", &[("e3", "b")], 0, 6);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    play(&mut g, "flare r");
    assert_resolved(&g, "flares.03");
    assert_eq!(actions(&g), 3);
    assert_eq!(at(&g, "e3"), "b");
}

#[test]
fn flare03_both_moves_first_then_gains_the_action() {
    let mut g = game("flares.03", &[("e3", "b")], 3, 3);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play_all(&mut g, &["flare r", "e3-e4"]);
    assert_eq!(actions(&g), 2, "the lower half waits for the upper");
    play(&mut g, "skip");
    assert_resolved(&g, "flares.03");
    assert_eq!(actions(&g), 3);
}

#[test]
fn flare03_with_no_common_piece_the_moves_are_skipped_and_the_action_still_gained() {
    // blue has only a heroic piece
    let mut g = game("flares.03", &[("e3", "b+")], 4, 2);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_resolved(&g, "flares.03");
    assert_eq!(actions(&g), 3);
    assert_eq!(at(&g, "e3"), "b+");
}

// ----- Flare 04 (4 upgraded / 5 pieces) -----

#[test]
fn flare04_upper_places_a_common_piece() {
    let mut g = game("flares.04", &[], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_resolved(&g, "flares.04");
}

fn flare04_lower() -> Game {
    // red: common f6, heroic e6 and 4 filler commons; blue: common e3
    let g = game("flares.04", &[("e3", "b"), ("f6", "r"), ("e6", "r+")], 0, 4);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    g
}

#[test]
fn flare04_lower_offers_a_placement_or_a_conversion_and_must_take_one() {
    let mut g = flare04_lower();
    play(&mut g, "flare r");
    assert!(legal(&g, "e5"), "place");
    assert!(legal(&g, "f6"), "convert an enemy common piece");
    assert!(legal(&g, "c9"), "anywhere on the board");
    assert!(!legal(&g, "e6"), "not an enemy heroic piece");
    assert!(!legal(&g, "e3"), "not your own piece");
    assert!(!legal(&g, "skip"), "mandatory");
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(at(&g, "f6"), "r");
    assert_resolved(&g, "flares.04");
}

#[test]
fn flare04_lower_conversion_counts_as_destroying_an_enemy_common_piece() {
    let mut g = flare04_lower();
    let red_supply = g.supply(Color::Red, Rank::Common);
    let blue_supply = g.supply(Color::Blue, Rank::Common);
    play_all(&mut g, &["flare r", "f6"]);
    assert_eq!(at(&g, "f6"), "b");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.supply(Color::Red, Rank::Common), red_supply + 1);
    assert_eq!(g.supply(Color::Blue, Rank::Common), blue_supply - 1);
    assert_resolved(&g, "flares.04");
}

#[test]
fn flare04_lower_with_an_empty_supply_can_neither_place_nor_convert() {
    let mut p = setup("flares.04", &[("e3", "b"), ("f6", "r"), ("e6", "r+")], 0, 4);
    p.set_supply(0, (0, p.seats[0].supply.1));
    let mut g = p.to_game().unwrap();
    play(&mut g, "flare r");
    assert_eq!(at(&g, "f6"), "r");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.04");
}

#[test]
fn flare04_both_place_then_place_or_convert() {
    let mut g = game("flares.04", &[("f6", "r")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert!(!legal(&g, "f6"), "the upper half only places");
    play_all(&mut g, &["e5", "f6"]);
    assert_eq!((at(&g, "e5").as_str(), at(&g, "f6").as_str()), ("b", "b"));
    assert_resolved(&g, "flares.04");
}

// ----- Flare 05 (3 upgraded / 6 pieces) -----

#[test]
fn flare05_upper_a_standard_move_or_an_upgrade_must_be_made() {
    let start = game("flares.05", &[("e3", "b"), ("d4", "r")], 3, 0);
    assert_eq!(start.flare_criteria(Color::Red), (true, false));
    let mut g = start.clone();
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-e4") && legal(&g, "e3") && !legal(&g, "skip"));
    assert!(!legal(&g, "e3-d4"), "standard move onto a common piece");
    assert!(!legal(&g, "d4"), "only your own pieces are upgraded");
    play(&mut g, "e3-e4");
    assert_eq!(at(&g, "e4"), "b");
    assert_resolved(&g, "flares.05");
    let mut g = start;
    play_all(&mut g, &["flare r", "e3"]);
    assert_eq!(at(&g, "e3"), "b+");
    assert_resolved(&g, "flares.05");
}

#[test]
fn flare05_upper_with_no_common_piece_does_nothing() {
    let mut g = game("flares.05", &[("e3", "b+")], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play(&mut g, "flare r");
    assert_eq!(at(&g, "e3"), "b+");
    assert_resolved(&g, "flares.05");
}

#[test]
fn flare05_lower_places_two_common_pieces() {
    let mut g = game("flares.05", &[], 0, 6);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(g.phase(), Phase::Effect);
    play(&mut g, "e4");
    assert_eq!((at(&g, "e5").as_str(), at(&g, "e4").as_str()), ("b", "b"));
    assert_resolved(&g, "flares.05");
}

#[test]
fn flare05_lower_with_one_piece_in_supply_places_one() {
    let mut g = with_supply("flares.05", &[], 0, 6, 1);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.05");
}

#[test]
fn flare05_both_upgrade_then_place_two() {
    let mut g = game("flares.05", &[("e3", "b")], 3, 4);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play_all(&mut g, &["flare r", "e3", "e5", "e4"]);
    assert_eq!(at(&g, "e3"), "b+");
    assert_eq!(pieces_of(&g, Color::Blue), 3);
    assert_resolved(&g, "flares.05");
}

// ----- Flare 06 (4 upgraded / 4 pieces) -----

#[test]
fn flare06_upper_places_or_upgrades() {
    let start = game("flares.06", &[("e3", "b")], 4, 0);
    assert_eq!(start.flare_criteria(Color::Red), (true, false));
    let mut g = start.clone();
    play(&mut g, "flare r");
    assert!(legal(&g, "e5") && legal(&g, "e3") && !legal(&g, "skip"));
    assert!(!legal(&g, "c9"), "neither an enemy piece");
    play(&mut g, "e5");
    assert_eq!((at(&g, "e5").as_str(), at(&g, "e3").as_str()), ("b", "b"));
    assert_resolved(&g, "flares.06");
    let mut g = start;
    play_all(&mut g, &["flare r", "e3"]);
    assert_eq!(at(&g, "e3"), "b+");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.06");
}

#[test]
fn flare06_upper_with_an_empty_supply_can_still_upgrade() {
    let mut g = with_supply("flares.06", &[("e3", "b")], 4, 0, 0);
    play(&mut g, "flare r");
    assert!(!legal(&g, "e5"));
    play(&mut g, "e3");
    assert_eq!(at(&g, "e3"), "b+");
    assert_resolved(&g, "flares.06");
}

fn flare06_lower() -> Game {
    // blue: commons e3 and c3, heroic g3; red: heroic f6 and 6 filler commons
    let g = game("flares.06", &[("e3", "b"), ("c3", "b"), ("g3", "b+"), ("f6", "r+")], 0, 6);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    g
}

#[test]
fn flare06_lower_a_combat_leap_anywhere_onto_a_common_piece() {
    let mut g = flare06_lower();
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-a5") && legal(&g, "e3-e8"), "any empty square, however far");
    assert!(!legal(&g, "e3-f6"), "not onto a heroic piece");
    assert!(!legal(&g, "e3-g3"));
    assert!(!legal(&g, "g3-g4"), "only common pieces leap");
    play(&mut g, "e3-c9");
    assert_eq!(at(&g, "c9"), "b");
    assert_eq!(at(&g, "e3"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_resolved(&g, "flares.06");
}

#[test]
fn flare06_lower_a_combat_leap_may_destroy_your_own_common_piece() {
    let mut g = flare06_lower();
    play_all(&mut g, &["flare r", "e3-c3"]);
    assert_eq!(at(&g, "c3"), "b");
    assert_eq!(pieces_of(&g, Color::Blue), 2);
    assert_eq!(destroyed(&g, Color::Blue, Rank::Common), 0);
    assert_resolved(&g, "flares.06");
}

#[test]
fn flare06_lower_the_leap_is_optional() {
    let mut g = flare06_lower();
    play_all(&mut g, &["flare r", "skip"]);
    assert_eq!((at(&g, "e3").as_str(), at(&g, "c3").as_str()), ("b", "b"));
    assert_resolved(&g, "flares.06");
}

#[test]
fn flare06_both_place_then_leap_the_placed_piece() {
    // red: heroic c9, d9, e9, f9; common g9
    let mut g = game("flares.06", &[], 4, 1);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(moves_listed(&g), 0, "no common piece to leap yet, and the upper half first");
    play(&mut g, "e5");
    assert!(!legal(&g, "e5-c9"), "not onto a heroic piece");
    play(&mut g, "e5-g9");
    assert_eq!((at(&g, "e5").as_str(), at(&g, "g9").as_str()), ("", "b"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_resolved(&g, "flares.06");
}

// ----- Flare 07 (4 upgraded / 6 pieces) -----

#[test]
fn flare07_upper_places_a_common_piece() {
    let mut g = game("flares.07", &[], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(actions(&g), 2);
    assert_resolved(&g, "flares.07");
}

#[test]
fn flare07_lower_upgrades_a_common_piece_and_gains_an_action() {
    let mut g = game("flares.07", &[("e3", "b"), ("d3", "b+"), ("f6", "r")], 0, 7);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    play(&mut g, "flare r");
    assert!(legal(&g, "e3") && !legal(&g, "d3") && !legal(&g, "f6") && !legal(&g, "skip"));
    play(&mut g, "e3");
    assert_eq!(at(&g, "e3"), "b+");
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.07");
}

// The guidebook's gain-an-action example: with no common piece at the
// start of the turn the upgrade cannot be done (the action is still
// gained); after placing a common piece, the opponent still leads by 6 and
// the flare upgrades it and gains an action, leaving 2 actions.
#[test]
fn flare07_guidebook_upgrade_impossible_at_the_start_possible_after_placing() {
    let start = game("flares.07", &[("a4", "b+")], 0, 8);
    assert_eq!(start.flare_criteria(Color::Red), (false, true));
    // invoked at the start of the turn
    let mut g = start.clone();
    play(&mut g, "flare r");
    assert_resolved(&g, "flares.07");
    assert_eq!(at(&g, "a4"), "b+");
    assert_eq!(actions(&g), 3);
    // invoked after placing a common piece
    let mut g = start;
    play(&mut g, "place e5");
    assert_eq!(pieces_of(&g, Color::Red) - pieces_of(&g, Color::Blue), 6);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(actions(&g), 2);
    assert_resolved(&g, "flares.07");
}

#[test]
fn flare07_with_an_empty_supply_the_placement_is_skipped_and_the_lower_half_resolves() {
    let mut g = with_supply("flares.07", &[("e3", "b")], 4, 3, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(g.prompt().map(|s| s.id()), Some("flares.upgrade"));
    play(&mut g, "e3");
    assert_eq!(at(&g, "e3"), "b+");
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.07");
}

#[test]
fn flare07_both_place_then_upgrade_the_placed_piece() {
    let mut g = game("flares.07", &[], 4, 2);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    play(&mut g, "e5");
    assert_eq!(texts(&g), ["e5"]);
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.07");
}

// ----- Flare 08 (4 upgraded / 5 pieces) -----

#[test]
fn flare08_upper_gains_an_action() {
    let mut g = game("flares.08", &[], 4, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play(&mut g, "flare r");
    assert_resolved(&g, "flares.08");
    assert_eq!(actions(&g), 3);
    assert_eq!(pieces_of(&g, Color::Blue), 0);
}

#[test]
fn flare08_lower_places_a_common_piece() {
    let mut g = game("flares.08", &[], 0, 5);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(actions(&g), 2);
    assert_resolved(&g, "flares.08");
}

#[test]
fn flare08_both_gain_first_then_place() {
    let mut g = game("flares.08", &[], 4, 1);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(actions(&g), 3, "the upper half resolved first");
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "b");
    assert_resolved(&g, "flares.08");
}

#[test]
fn flare08_lower_with_an_empty_supply_still_gains_the_action() {
    let mut g = with_supply("flares.08", &[], 4, 1, 0);
    play(&mut g, "flare r");
    assert_eq!(actions(&g), 3);
    assert_eq!(pieces_of(&g, Color::Blue), 0);
    assert_resolved(&g, "flares.08");
}

// The guidebook: an action gained after the second action can still be
// taken before the turn ends.
#[test]
fn flare08_an_action_gained_after_the_last_action_is_taken_before_the_end() {
    let mut g = game("flares.08", &[], 4, 0);
    play_all(&mut g, &["place a3", "place a4"]);
    assert_eq!(actions(&g), 0);
    play(&mut g, "flare r");
    assert_eq!(actions(&g), 1);
    assert!(!legal(&g, "end"));
    play(&mut g, "place a5");
    assert!(legal(&g, "end"));
}

// ----- Flare 09 (5 upgraded / 4 pieces) -----

#[test]
fn flare09_upper_places_a_heroic_piece() {
    let mut g = game("flares.09", &[("a3", "b"), ("a4", "b")], 5, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b+");
    assert_resolved(&g, "flares.09");
}

/// Blue common e3; red commons e4 and f5 and 3 filler commons.
fn flare09_lower() -> Game {
    let g = game("flares.09", &[("e3", "b"), ("e4", "r"), ("f5", "r")], 0, 3);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    g
}

#[test]
fn flare09_lower_combat_move_first_then_only_a_standard_move() {
    let mut g = flare09_lower();
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-e4"), "a combat move onto a common piece");
    play(&mut g, "e3-e4");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert!(!legal(&g, "e4-f5"), "the combat move is used");
    assert!(legal(&g, "e4-e5") && legal(&g, "skip"));
    play(&mut g, "e4-e5");
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(at(&g, "f5"), "r");
    assert_resolved(&g, "flares.09");
}

#[test]
fn flare09_lower_standard_move_first_then_the_combat_move() {
    let mut g = flare09_lower();
    play_all(&mut g, &["flare r", "e3-d4"]);
    assert!(legal(&g, "d4-e4"));
    play(&mut g, "d4-e4");
    assert_eq!(at(&g, "e4"), "b");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_resolved(&g, "flares.09");
}

#[test]
fn flare09_lower_either_move_may_be_skipped() {
    let start = flare09_lower();
    let mut g = start.clone();
    play_all(&mut g, &["flare r", "e3-d3", "skip"]);
    assert_eq!(at(&g, "d3"), "b");
    assert_resolved(&g, "flares.09");
    let mut g = start;
    play_all(&mut g, &["flare r", "skip"]);
    assert_eq!(at(&g, "e3"), "b");
    assert_resolved(&g, "flares.09");
}

#[test]
fn flare09_lower_moves_only_common_pieces_onto_common_at_most() {
    let mut g = game("flares.09", &[("e3", "b"), ("c3", "b+"), ("e4", "r+")], 0, 6);
    assert_eq!(g.flare_criteria(Color::Red), (false, true));
    play(&mut g, "flare r");
    assert!(!legal(&g, "e3-e4"), "a common piece never ends on a heroic piece");
    assert!(!legal(&g, "c3-c4"), "a heroic piece does not move");
    assert!(legal(&g, "e3-d4"));
}

#[test]
fn flare09_both_with_an_empty_supply_skip_the_heroic_piece_and_still_move() {
    let mut g = with_supply("flares.09", &[("e3", "b"), ("e4", "r")], 5, 0, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-e4"));
    play_all(&mut g, &["e3-e4", "skip"]);
    assert_eq!(at(&g, "e4"), "b");
    assert_resolved(&g, "flares.09");
}

#[test]
fn flare09_both_place_the_heroic_piece_then_move_commons() {
    let mut g = game("flares.09", &[("e3", "b"), ("e4", "r")], 5, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play_all(&mut g, &["flare r", "d5"]);
    assert_eq!(at(&g, "d5"), "b+");
    assert!(!legal(&g, "d5-d6"), "the heroic piece does not move");
    play_all(&mut g, &["e3-e4", "e4-e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_resolved(&g, "flares.09");
}

// ----- Flare 10 (5 upgraded / 5 pieces) -----

#[test]
fn flare10_upper_places_two_common_pieces() {
    let mut g = game("flares.10", &[("a3", "b")], 5, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5", "e4"]);
    assert_eq!(pieces_of(&g, Color::Blue), 3);
    assert_resolved(&g, "flares.10");
}

#[test]
fn flare10_lower_places_one_common_piece() {
    let mut g = game("flares.10", &[], 0, 5);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(pieces_of(&g, Color::Blue), 1);
    assert_resolved(&g, "flares.10");
}

#[test]
fn flare10_both_place_three_common_pieces() {
    let mut g = game("flares.10", &[], 5, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play_all(&mut g, &["flare r", "e5", "e4", "e3"]);
    assert_eq!(pieces_of(&g, Color::Blue), 3);
    assert_resolved(&g, "flares.10");
}

#[test]
fn flare10_both_with_two_pieces_in_supply_place_two() {
    let mut g = with_supply("flares.10", &[], 5, 0, 2);
    play_all(&mut g, &["flare r", "e5", "e4"]);
    assert_eq!(pieces_of(&g, Color::Blue), 2);
    assert_resolved(&g, "flares.10");
}

// ----- Flare 11 (3 upgraded / 4 pieces): the guidebook's example card -----

// The guidebook: 3 more upgraded pieces meets the upper criterion: place a
// common piece, at no cost of an action.
#[test]
fn flare11_guidebook_upper_at_three_places_a_common_piece() {
    let mut g = game("flares.11", &[], 3, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(actions(&g), 2);
    assert_resolved(&g, "flares.11");
}

// The guidebook: 8 more pieces meets the lower criterion: 1 combat move or
// 2 standard moves.
#[test]
fn flare11_guidebook_lower_at_eight_one_combat_move_or_two_standard_moves() {
    let start = game("flares.11", &[("e3", "b"), ("e4", "r")], 0, 8);
    assert_eq!(start.flare_criteria(Color::Red), (false, true));
    // one combat move (onto a piece of the same rank) ends the half
    let mut g = start.clone();
    play_all(&mut g, &["flare r", "e3-e4"]);
    assert_eq!(at(&g, "e4"), "b");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_resolved(&g, "flares.11");
    assert_eq!(actions(&g), 2);
    // two standard moves
    let mut g = start;
    play_all(&mut g, &["flare r", "e3-d4"]);
    assert!(!legal(&g, "d4-e4"), "the second move is a standard move");
    play(&mut g, "d4-d5");
    assert_eq!(at(&g, "d5"), "b");
    assert_resolved(&g, "flares.11");
}

// The guidebook: at 4/4 both criteria are met; the placement leaves the
// opponent 3 pieces ahead, and the lower half still resolves. Order: the
// piece may be placed and then moved, but nothing moves before the
// placement.
#[test]
fn flare11_guidebook_both_at_four_place_then_move_the_placed_piece() {
    let mut g = game("flares.11", &[("c3", "b")], 4, 1);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(moves_listed(&g), 0, "the upper half resolves first");
    assert!(!legal(&g, "c3-c4"));
    play(&mut g, "e5");
    assert_eq!(pieces_of(&g, Color::Red) - pieces_of(&g, Color::Blue), 3);
    assert!(legal(&g, "e5-e6") && legal(&g, "c3-c4"));
    play_all(&mut g, &["e5-e6", "e6-e7"]);
    assert_eq!(at(&g, "e7"), "b", "the placed piece made both standard moves");
    assert_resolved(&g, "flares.11");
}

#[test]
fn flare11_lower_heroic_pieces_move_too_and_legendary_ones_do_not() {
    // blue: heroic g3, legendary b4; red: common g4, heroic h4, 8 filler commons
    let start = game("flares.11", &[("g3", "b+"), ("b4", "b*"), ("g4", "r"), ("h4", "r+")], 0, 8);
    assert_eq!(start.flare_criteria(Color::Red), (false, true));
    let mut g = start.clone();
    play(&mut g, "flare r");
    assert!(!texts(&g).iter().any(|t| t.starts_with("b4-")), "legendary pieces do not move");
    // a heroic piece onto a common piece is a standard move: a second may follow
    play(&mut g, "g3-g4");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert!(!legal(&g, "g4-h4"), "the second move is a standard move");
    assert!(legal(&g, "g4-g5"));
    play(&mut g, "g4-g5");
    assert_resolved(&g, "flares.11");
    // a heroic piece onto a heroic piece is the combat move: nothing follows
    let mut g = start;
    play_all(&mut g, &["flare r", "g3-h4"]);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_resolved(&g, "flares.11");
}

#[test]
fn flare11_lower_is_optional() {
    let mut g = game("flares.11", &[("e3", "b")], 0, 5);
    play_all(&mut g, &["flare r", "skip"]);
    assert_eq!(at(&g, "e3"), "b");
    assert_resolved(&g, "flares.11");
    let mut g = game("flares.11", &[("e3", "b")], 0, 5);
    play_all(&mut g, &["flare r", "e3-e4", "skip"]);
    assert_eq!(at(&g, "e4"), "b");
    assert_resolved(&g, "flares.11");
}

#[test]
fn flare11_with_no_piece_to_move_and_no_supply_nothing_happens() {
    let mut g = with_supply("flares.11", &[], 3, 1, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(pieces_of(&g, Color::Blue), 0);
    assert_resolved(&g, "flares.11");
}

// ----- Flare 12 (2 upgraded / 5 pieces) -----

#[test]
fn flare12_upper_a_standard_leap_onto_any_empty_square() {
    let mut g = game("flares.12", &[("e3", "b"), ("c3", "b+"), ("f6", "r")], 3, 0);
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    play(&mut g, "flare r");
    assert!(legal(&g, "e3-a5") && legal(&g, "e3-e8") && legal(&g, "skip"));
    assert!(!legal(&g, "e3-f6"), "a common piece's standard leap never ends on a piece");
    assert!(!legal(&g, "c3-c4"), "only common pieces leap");
    play(&mut g, "e3-e8");
    assert_eq!(at(&g, "e8"), "b");
    assert_eq!(actions(&g), 2);
    assert_resolved(&g, "flares.12");
}

#[test]
fn flare12_upper_the_leap_is_optional() {
    let mut g = game("flares.12", &[("e3", "b")], 2, 0);
    play_all(&mut g, &["flare r", "skip"]);
    assert_eq!(at(&g, "e3"), "b");
    assert_resolved(&g, "flares.12");
}

#[test]
fn flare12_lower_gains_an_action() {
    let mut g = game("flares.12", &[], 0, 5);
    play(&mut g, "flare r");
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.12");
}

#[test]
fn flare12_both_leap_then_gain() {
    let mut g = game("flares.12", &[("e3", "b")], 2, 4);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(actions(&g), 2);
    play(&mut g, "e3-a5");
    assert_eq!(at(&g, "a5"), "b");
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.12");
}

#[test]
fn flare12_with_no_common_piece_only_the_action_is_gained() {
    let mut g = game("flares.12", &[("e3", "b+")], 3, 3);
    assert_eq!(g.flare_criteria(Color::Red), (true, true));
    play(&mut g, "flare r");
    assert_eq!(at(&g, "e3"), "b+");
    assert_eq!(actions(&g), 3);
    assert_resolved(&g, "flares.12");
}

// ----- robustness -----

#[test]
fn illegal_choices_during_a_flare_are_refused_and_change_nothing() {
    for id in Deck::Flares.ids() {
        let name = id.def().id;
        // both criteria met, blue has common, heroic and legendary pieces and a red common is near
        let mut g = game(name, &[("e3", "b"), ("c3", "b+"), ("g3", "b*"), ("e4", "r")], 7, 4);
        assert_eq!(g.flare_criteria(Color::Red), (true, true), "{name}");
        play(&mut g, "flare r");
        while g.phase() == Phase::Effect {
            let before = g.clone();
            for text in ["end", "place a5", "flare r", "c9", "e3-e5", "g3-g4", "option 1", "done"] {
                let c: Choice = text.parse().unwrap();
                if !g.legal_choices().contains(&c) {
                    assert!(g.apply(c).is_err(), "{name}: {text}");
                    assert_eq!(g, before, "{name}: {text}");
                }
            }
            let first = g.legal_choices()[0];
            g.apply(first).unwrap();
        }
        assert_resolved(&g, name);
    }
}

#[test]
fn random_flares_on_random_boards_always_resolve() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let squares: Vec<&str> = [
        "c1", "d1", "e1", "f1", "g1", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3",
        "g3", "h3", "i3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "i4", "a5", "b5", "c5", "d5", "e5", "f5",
        "g5", "h5", "i5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6",
    ]
    .into();
    let mut invoked = 0;
    for _ in 0..40 {
        for id in Deck::Flares.ids() {
            let mut pieces = Vec::new();
            for &s in &squares {
                let roll = rng.gen_range(0..12);
                let p = ["b", "b", "b+", "r", "r", "r+", "b*"].get(roll).copied();
                if let Some(p) = p {
                    pieces.push((s, p));
                }
            }
            // no more pieces than a color owns: 16 two-sided (one marks the score), 3 legendary
            let mut kept = [0usize; 3];
            pieces.retain(|(_, p)| {
                let (k, most) = match *p {
                    "b*" => (0, 3),
                    "b" | "b+" => (1, 16),
                    _ => (2, 16),
                };
                kept[k] += 1;
                kept[k] <= most
            });
            let heroic = rng.gen_range(0..8).min(16 - kept[2].min(16));
            let common = rng.gen_range(0..10).min(16 - kept[2].min(16) - heroic);
            let mut p = setup(id.def().id, &pieces, heroic, common);
            p.set_supply(0, (p.seats[0].supply.0.min(rng.gen_range(0..4)), p.seats[0].supply.1));
            p.actions = rng.gen_range(0..3);
            let mut g = p.to_game().expect("a valid position");
            if !legal(&g, "flare r") {
                continue;
            }
            invoked += 1;
            let actions_before = actions(&g);
            play(&mut g, "flare r");
            let mut steps = 0;
            while g.phase() == Phase::Effect {
                let v = g.legal_choices();
                assert!(!v.is_empty(), "{}: an effect step with no choice", id.def().id);
                g.apply(v[rng.gen_range(0..v.len())]).unwrap();
                steps += 1;
                assert!(steps <= 4, "{}: too many steps", id.def().id);
                assert!(g.pieces_accounted_for());
            }
            assert_eq!(g.phase(), Phase::Main);
            assert!(actions(&g) == actions_before || actions(&g) == actions_before + 1);
            assert_eq!(g.seat(1).score, 1);
        }
    }
    assert!(invoked > 100, "only {invoked} flares were legal");
}

/// The events tell the flare, the opponent's point and what its parts did.
#[test]
fn a_flare_is_told_in_the_events() {
    use tash_kalar_rules::{Event, ScoreWhy};
    let mut g = game("flares.02", &[], 4, 0);
    play_all(&mut g, &["flare r", "e5", "e4"]);
    let ev = g.events();
    let flare = CardId::parse("flares.02").unwrap();
    let i = ev.iter().position(|e| matches!(e, Event::FlareInvoked { seat: 0, card, against: Color::Red, upper: true, lower: true } if *card == flare));
    let i = i.unwrap_or_else(|| panic!("{ev:?}"));
    assert_eq!(ev[i + 1], Event::Scored { seat: 1, points: 1, why: ScoreWhy::Flare, color: None });
    assert!(
        ev[i + 2..].iter().any(|e| matches!(
            e,
            Event::Placed { .. } | Event::Upgraded { .. } | Event::Moved { .. } | Event::Destroyed { .. }
        )),
        "{ev:?}"
    );
    let json = serde_json::to_value(g.view(1)).unwrap();
    let flare_event = json["events"].as_array().unwrap().iter().find(|e| e["kind"] == "flare-invoked").unwrap().clone();
    assert_eq!(flare_event["against"], "red");
    assert!(flare_event.get("text").is_none(), "its words are tash-kalar-present's");
}
