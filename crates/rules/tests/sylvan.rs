//! Tests of the Sylvan beings, from the card reference, its rulings and the
//! full rules (conversion, extra draws, discard piles, effect placement).

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::position::SeatSetup;
use tash_kalar_rules::{Actor, CardId, Choice, Color, Deck, Form, Game, Phase, Position, Rank, School};

const G: Color = Color::Green;
const B: Color = Color::Blue;

/// A duel position: Sylvan (green, seat 0) to act with 2 actions against
/// Northern (blue, seat 1). `pieces` lists `square=piece` words such as
/// `e5=g f6=b+ d4=g*`; `cards` go into green's hand. Supplies are full for
/// the pieces not on the board.
fn position(pieces: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats = vec![SeatSetup::new(School::Sylvan), SeatSetup::new(School::Northern)];
    supplies_from_board(&mut p);
    give(&mut p, 0, cards);
    p
}

fn game(pieces: &str, cards: &[&str]) -> Game {
    position(pieces, cards).to_game().expect("a valid position")
}

/// Like [`game`], with green's two-sided supply set (0 for a shortage).
fn game_with_supply(pieces: &str, cards: &[&str], two_sided: u8) -> Game {
    let mut p = position(pieces, cards);
    p.set_supply(0, (two_sided, p.seats[0].supply.1));
    p.to_game().expect("a valid position")
}

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

/// The move choices of the current step, as text.
fn moves(g: &Game) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.contains('-')).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn strs(v: &[&str]) -> Vec<String> {
    sorted(v.iter().map(|s| s.to_string()).collect())
}

fn green_discard(g: &Game) -> Vec<CardId> {
    g.seat(0).discard.to_vec()
}

// ----- the deck -----

#[test]
fn the_sylvan_deck_holds_its_18_beings_in_reference_order() {
    let ids: Vec<&str> = Deck::Sylvan.cards().iter().map(|d| d.id).collect();
    assert_eq!(
        ids,
        [
            "sylvan.sapling",
            "sylvan.kiskin_farseeders",
            "sylvan.charging_buck",
            "sylvan.forest_wardens",
            "sylvan.naiad",
            "sylvan.kiskin_spirit",
            "sylvan.dryad",
            "sylvan.centaur_spearman",
            "sylvan.centaur_chieftain",
            "sylvan.unicorn",
            "sylvan.sylvan_queen",
            "sylvan.sylvan_princess",
            "sylvan.woodland_druid",
            "sylvan.forest_ancient",
            "sylvan.forest_mystic",
            "sylvan.kiskin_leafsplitter",
            "sylvan.kiskin_boughrunner",
            "sylvan.tree_shepherd",
        ]
    );
    assert_eq!(School::Sylvan.deck(), Deck::Sylvan);
    assert_eq!(School::Sylvan.color(), G);
}

/// Each being's rank and pattern as printed, summoned upright at e5: the
/// squares of the pieces it needs (written out from the card reference
/// independently of the card definitions).
const PATTERNS: [(&str, Rank, &str); 18] = [
    ("sylvan.sapling", Rank::Common, "e4 e3"),
    ("sylvan.kiskin_farseeders", Rank::Common, "f5 d4"),
    ("sylvan.charging_buck", Rank::Common, "d4 e4 d3"),
    ("sylvan.forest_wardens", Rank::Common, "c5 f5"),
    ("sylvan.naiad", Rank::Common, "c4 d4 e4"),
    ("sylvan.kiskin_spirit", Rank::Heroic, "c5 c4 e4"),
    ("sylvan.dryad", Rank::Heroic, "d6 e5 e4"),
    ("sylvan.centaur_spearman", Rank::Heroic, "e4 f4 g4 g3"),
    ("sylvan.centaur_chieftain", Rank::Heroic, "c6 d5 e4 f3"),
    ("sylvan.unicorn", Rank::Heroic, "d5 c4 d4 c3"),
    ("sylvan.sylvan_queen", Rank::Heroic, "e4 g4 f3 f2"),
    ("sylvan.sylvan_princess", Rank::Heroic, "e4 f3 e2"),
    ("sylvan.woodland_druid", Rank::Heroic, "d6 f6 e4"),
    ("sylvan.forest_ancient", Rank::Heroic, "e6 d5 f5 d4"),
    ("sylvan.forest_mystic", Rank::Heroic, "e6 d5 f4"),
    ("sylvan.kiskin_leafsplitter", Rank::Heroic, "e6 d5 f5 e4"),
    ("sylvan.kiskin_boughrunner", Rank::Heroic, "d4 e4 f4 e3"),
    ("sylvan.tree_shepherd", Rank::Heroic, "d5 f5 e4 f4"),
];

#[test]
fn every_sylvan_pattern_needs_exactly_its_printed_pieces() {
    check_printed_patterns(&PATTERNS, 'g', game);
}

#[test]
fn patterns_turn_and_mirror() {
    // Sapling upright needs e4 and e3; turned a quarter clockwise, d5 and c5
    let g = game("d5=g c5=g", &["sylvan.sapling"]);
    assert!(legal(&g, "summon sylvan.sapling e5 r90"));
    assert!(!legal(&g, "summon sylvan.sapling e5 r0"));
    // Charging Buck upright: d4 e4 d3; mirrored: f4 e4 f3
    let g = game("f4=g e4=g f3=g", &["sylvan.charging_buck"]);
    assert!(legal(&g, "summon sylvan.charging_buck e5 m0"));
    assert!(!legal(&g, "summon sylvan.charging_buck e5 r0"));
}

// ----- Sapling -----

#[test]
fn sapling_is_summoned_common_and_upgraded_at_once() {
    let mut g = game("e4=g e3=g", &["sylvan.sapling"]);
    play(&mut g, "summon sylvan.sapling e5 r0");
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(green_discard(&g), [card("sylvan.sapling")]);
}

#[test]
fn sapling_summoned_onto_an_enemy_common_destroys_it() {
    let mut g = game("e4=g e3=g e5=b", &["sylvan.sapling"]);
    play(&mut g, "summon sylvan.sapling e5 r0");
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    // a heroic piece outranks the common Sapling
    let g = game("e4=g e3=g e5=b+", &["sylvan.sapling"]);
    assert!(!legal(&g, "summon sylvan.sapling e5 r0"));
}

#[test]
fn sapling_upgrade_never_fails_for_lack_of_pieces() {
    // no two-sided piece in supply: summon onto your own common (piece shortage)
    let mut g = game_with_supply("e5=g e4=g e3=g", &["sylvan.sapling"], 0);
    play(&mut g, "summon sylvan.sapling e5 r0");
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(g.supply(G, Rank::Common), 0);
    assert!(g.pieces_accounted_for());
}

// ----- Kiskin Farseeders -----

const FARSEEDERS: &str = "f5=g d4=g";

#[test]
fn farseeders_place_a_common_next_to_any_of_your_pieces() {
    let mut g = game(&format!("{FARSEEDERS} a5=g i5=b"), &["sylvan.kiskin_farseeders"]);
    play(&mut g, "summon sylvan.kiskin_farseeders e5 r0");
    assert!(legal(&g, "b5"), "next to a5, far from the Farseeders");
    assert!(legal(&g, "d6"), "next to the Farseeders' own piece only");
    assert!(!legal(&g, "h5"), "next to an enemy piece only");
    assert!(!legal(&g, "f5"), "occupied");
    assert!(legal(&g, "skip"));
    let supply = g.supply(G, Rank::Common);
    play(&mut g, "b5");
    assert_eq!(at(&g, "b5"), "g");
    assert_eq!(g.supply(G, Rank::Common), supply - 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn farseeders_may_place_nothing() {
    let mut g = game(FARSEEDERS, &["sylvan.kiskin_farseeders"]);
    play_all(&mut g, &["summon sylvan.kiskin_farseeders e5 r0", "skip"]);
    assert_eq!(g.board().total(G), 3);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn farseeders_with_an_empty_supply_place_nothing_and_pick_nothing_up() {
    // summoned in a shortage by picking up a5; then no piece is left to place
    let mut g = game_with_supply(&format!("{FARSEEDERS} a5=g"), &["sylvan.kiskin_farseeders"], 0);
    play(&mut g, "summon sylvan.kiskin_farseeders e5 r0 from a5");
    assert_eq!(g.phase(), Phase::Main, "nothing to ask");
    assert_eq!(at(&g, "a5"), "");
    assert_eq!(g.board().total(G), 3);
}

// ----- Charging Buck -----

const BUCK: &str = "d4=g e4=g d3=g";

#[test]
fn charging_buck_leaps_twice_exactly_two_squares_and_destroys_commons() {
    let mut g = game(&format!("{BUCK} g5=b"), &["sylvan.charging_buck"]);
    play(&mut g, "summon sylvan.charging_buck e5 r0");
    play(&mut g, "e5-g7");
    assert!(moves(&g).iter().all(|m| m.starts_with("g7-")), "measured from where the first leap ended");
    assert!(legal(&g, "g7-g5"));
    play(&mut g, "g7-g5");
    assert_eq!(at(&g, "g5"), "g");
    assert_eq!(at(&g, "e5"), "");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main, "two leaps at most");
}

#[test]
fn charging_buck_lands_only_on_the_ring_two_squares_away() {
    let mut g = game(&format!("{BUCK} e6=b+ c7=b+ g3=g"), &["sylvan.charging_buck"]);
    play(&mut g, "summon sylvan.charging_buck e5 r0");
    let m = moves(&g);
    // 16 squares at distance 2, less c7 (a heroic piece outranks the Buck);
    // d3 and g3 (own commons) may be landed on
    assert_eq!(m.len(), 15, "{m:?}");
    assert!(m.iter().all(|t| t.starts_with("e5-")));
    assert!(legal(&g, "e5-e7"), "the heroic piece on e6 in between is ignored");
    assert!(!legal(&g, "e5-e6") && !legal(&g, "e5-e8") && !legal(&g, "e5-c7"));
    play(&mut g, "e5-g3");
    assert_eq!(at(&g, "g3"), "g");
    assert_eq!(g.board().total(G), 4, "your own common was destroyed");
    assert_eq!(destroyed(&g, G, Rank::Common), 0, "own pieces never count");
}

#[test]
fn charging_buck_may_stop_after_none_or_one_leap() {
    let mut g = game(BUCK, &["sylvan.charging_buck"]);
    play_all(&mut g, &["summon sylvan.charging_buck e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "g");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(BUCK, &["sylvan.charging_buck"]);
    play_all(&mut g, &["summon sylvan.charging_buck e5 r0", "e5-e7", "skip"]);
    assert_eq!(at(&g, "e7"), "g");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Forest Wardens -----

const WARDENS: &str = "c5=g f5=g";

#[test]
fn forest_wardens_destroy_a_common_then_a_heroic() {
    // green after summoning: 3 commons, 0 upgraded; blue: 4 commons, 2 heroic, 1 legendary
    let blue = "a5=b b7=b i5=b h3=b g8=b+ h7=b+ c2=b*";
    let mut g = game(&format!("{WARDENS} {blue}"), &["sylvan.forest_wardens"]);
    play(&mut g, "summon sylvan.forest_wardens e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["a5", "b7", "i5", "h3"]), "mandatory: no skip");
    play(&mut g, "i5");
    assert_eq!(sorted(texts(&g)), strs(&["g8", "h7"]), "heroic only, never the legendary");
    play(&mut g, "h7");
    assert_eq!(at(&g, "i5"), "");
    assert_eq!(at(&g, "h7"), "");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn forest_wardens_count_their_own_piece_and_need_strictly_more() {
    // blue 3 commons: green has 2 before the summoning and 3 with the Wardens
    let mut g = game(&format!("{WARDENS} a5=b b7=b i5=b g8=g+ h7=b+"), &["sylvan.forest_wardens"]);
    play(&mut g, "summon sylvan.forest_wardens e5 r0");
    // upgraded: 1 each, so neither part applies
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.board().total(B), 4);
}

#[test]
fn forest_wardens_compare_after_the_summoning_destroyed_a_piece() {
    // 4 blue commons, one on e5: the summoning leaves 3 against green's 3
    let mut g = game(&format!("{WARDENS} e5=b a5=b b7=b i5=b g8=b+"), &["sylvan.forest_wardens"]);
    play(&mut g, "summon sylvan.forest_wardens e5 r0");
    assert_eq!(texts(&g), ["g8"], "part 1 does not apply; part 2 does");
    play(&mut g, "g8");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
}

#[test]
fn forest_wardens_second_part_does_nothing_against_legendary_pieces_only() {
    let mut g = game(&format!("{WARDENS} c2=b*"), &["sylvan.forest_wardens"]);
    play(&mut g, "summon sylvan.forest_wardens e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c2"), "b*");
}

// ----- Naiad -----

const NAIAD: &str = "c4=g d4=g e4=g";

#[test]
fn naiad_moves_two_adjacent_pieces_one_standard_move_each() {
    let mut g = game(NAIAD, &["sylvan.naiad"]);
    play(&mut g, "summon sylvan.naiad e5 r0");
    assert!(!moves(&g).iter().any(|m| m.starts_with("e5-")), "not the Naiad herself");
    assert!(!moves(&g).iter().any(|m| m.starts_with("c4-")), "c4 is not adjacent");
    play(&mut g, "e4-e3");
    play(&mut g, "d4-c3");
    assert_eq!(at(&g, "e3"), "g");
    assert_eq!(at(&g, "c3"), "g");
    assert_eq!(at(&g, "d4"), "");
    assert_eq!(g.phase(), Phase::Main, "two pieces at most");
}

#[test]
fn naiad_second_piece_must_be_another_piece() {
    let mut g = game(NAIAD, &["sylvan.naiad"]);
    play_all(&mut g, &["summon sylvan.naiad e5 r0", "d4-d5"]);
    // d5 is still next to the Naiad, but it has moved already
    assert!(!moves(&g).iter().any(|m| m.starts_with("d5-")), "{:?}", texts(&g));
    assert!(legal(&g, "e4-f3"));
}

#[test]
fn naiad_standard_moves_destroy_only_lower_ranks_of_any_color() {
    let mut g = game(&format!("{NAIAD} f5=g+ f6=b e6=b+ f4=g"), &["sylvan.naiad"]);
    play(&mut g, "summon sylvan.naiad e5 r0");
    assert!(legal(&g, "f5-f6"), "heroic onto an enemy common");
    assert!(legal(&g, "f5-f4"), "heroic onto your own common");
    assert!(!legal(&g, "f5-e6"), "not onto the same rank");
    assert!(!legal(&g, "e4-f4"), "a common piece only moves onto empty squares");
    assert!(legal(&g, "f4-f3"));
    play(&mut g, "f5-f6");
    assert_eq!(at(&g, "f6"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn naiad_second_piece_is_measured_from_the_summoning_square() {
    // the first move destroys the Naiad; the ruling keeps her square
    let mut g = game(&format!("{NAIAD} f5=g+"), &["sylvan.naiad"]);
    play_all(&mut g, &["summon sylvan.naiad e5 r0", "f5-e5"]);
    assert_eq!(at(&g, "e5"), "g+");
    assert!(legal(&g, "e4-e3"), "e4 is still next to the summoning square");
    assert!(!moves(&g).iter().any(|m| m.starts_with("e5-")), "the piece that moved");
    play(&mut g, "e4-e3");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn naiad_may_move_nothing_or_one_piece() {
    let mut g = game(NAIAD, &["sylvan.naiad"]);
    play_all(&mut g, &["summon sylvan.naiad e5 r0", "skip"]);
    assert_eq!(g.board().to_text(), game(&format!("{NAIAD} e5=g"), &[]).board().to_text());
    let mut g = game(NAIAD, &["sylvan.naiad"]);
    play_all(&mut g, &["summon sylvan.naiad e5 r0", "e4-e3", "skip"]);
    assert_eq!(at(&g, "d4"), "g");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn naiad_does_not_move_enemy_pieces() {
    let mut g = game(&format!("{NAIAD} f6=b"), &["sylvan.naiad"]);
    play(&mut g, "summon sylvan.naiad e5 r0");
    assert!(!moves(&g).iter().any(|m| m.starts_with("f6-")));
}

// ----- Kiskin Spirit -----

const SPIRIT: &str = "c5=g c4=g e4=g";

#[test]
fn kiskin_spirit_puts_a_discarded_card_on_top_and_draws_one_more() {
    let mut p = position(SPIRIT, &["sylvan.kiskin_spirit", "sylvan.naiad", "sylvan.unicorn"]);
    p.seats[0].discard = vec![card("sylvan.sapling"), card("sylvan.dryad")];
    p.seats[0].deck =
        Pile::ordered([card("sylvan.charging_buck"), card("sylvan.forest_wardens"), card("sylvan.tree_shepherd")]);
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon sylvan.kiskin_spirit e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["return sylvan.dryad", "return sylvan.sapling", "skip"]));
    play(&mut g, "return sylvan.dryad");
    assert_eq!(g.seat(0).deck.next_draws(), [card("sylvan.dryad")]);
    assert_eq!(green_discard(&g), [card("sylvan.sapling"), card("sylvan.kiskin_spirit")]);
    assert_eq!(g.turn().extra_beings, 1);
    play_all(&mut g, &["place a5", "end"]);
    // 2 beings in hand: draw to 3, then one more
    assert!(matches!(g.phase(), Phase::Refill { beings: 4, .. }), "{:?}", g.phase());
    play_all(&mut g, &["draw sylvan.dryad", "draw sylvan.charging_buck"]);
    assert_eq!(g.actor(), Actor::Seat(1));
    let hand: Vec<&str> = g.seat(0).beings.iter().map(|c| c.def().id).collect();
    assert_eq!(hand.len(), 4, "{hand:?}");
    assert!(hand.contains(&"sylvan.dryad"));
}

#[test]
fn kiskin_spirit_with_an_empty_pile_gives_the_extra_card_without_asking() {
    // the Spirit's own card is not in the pile yet
    let mut g = game(SPIRIT, &["sylvan.kiskin_spirit"]);
    play(&mut g, "summon sylvan.kiskin_spirit e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().extra_beings, 1);
    assert_eq!(green_discard(&g), [card("sylvan.kiskin_spirit")]);
}

#[test]
fn kiskin_spirit_declined_gives_no_extra_card() {
    let mut p = position(SPIRIT, &["sylvan.kiskin_spirit"]);
    p.seats[0].discard = vec![card("sylvan.sapling")];
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon sylvan.kiskin_spirit e5 r0", "skip"]);
    assert_eq!(g.turn().extra_beings, 0);
    assert!(g.seat(0).deck.is_empty());
    assert_eq!(green_discard(&g), [card("sylvan.sapling"), card("sylvan.kiskin_spirit")]);
}

#[test]
fn kiskin_spirit_sees_beings_summoned_earlier_this_turn() {
    let mut g = game(&format!("{SPIRIT} h4=g h3=g"), &["sylvan.kiskin_spirit", "sylvan.sapling"]);
    play_all(&mut g, &["summon sylvan.sapling h5 r0", "summon sylvan.kiskin_spirit e5 r0"]);
    assert_eq!(texts(&g), ["return sylvan.sapling", "skip"], "not the Spirit's own card");
    play(&mut g, "return sylvan.sapling");
    assert_eq!(g.seat(0).deck.next_draws(), [card("sylvan.sapling")]);
    assert_eq!(green_discard(&g), [card("sylvan.kiskin_spirit")]);
    assert_eq!(g.turn().extra_beings, 1);
}

#[test]
fn kiskin_spirit_sees_a_being_discarded_by_the_discard_action() {
    let mut g = game(SPIRIT, &["sylvan.kiskin_spirit", "sylvan.unicorn"]);
    play_all(&mut g, &["discard sylvan.unicorn", "done", "summon sylvan.kiskin_spirit e5 r0"]);
    assert_eq!(texts(&g), ["return sylvan.unicorn", "skip"]);
}

#[test]
fn kiskin_spirit_never_sees_legends() {
    // the Titan (summoned first) goes to the legends' discard pile
    let titan = "e5=g+ e4=g+ d3=g e3=g f3=g";
    let spirit = "g4=g g3=g i3=g";
    let mut g = game(&format!("{titan} {spirit}"), &["legends.titan", "sylvan.kiskin_spirit"]);
    play_all(&mut g, &["summon legends.titan e6 r0", "summon sylvan.kiskin_spirit i4 r0"]);
    assert_eq!(g.phase(), Phase::Main, "an empty pile: nothing to choose");
    assert_eq!(g.turn().extra_beings, 1);
    assert_eq!(g.legend_discard(), [card("legends.titan")]);
    assert_eq!(green_discard(&g), [card("sylvan.kiskin_spirit")]);
}

// ----- Dryad -----

const DRYAD: &str = "d6=g e5=g e4=g";

#[test]
fn dryad_converts_an_adjacent_enemy_heroic_into_your_common() {
    let mut g = game(&format!("{DRYAD} f5=b+ f6=b d4=b* g5=b"), &["sylvan.dryad"]);
    play(&mut g, "summon sylvan.dryad e5 r0");
    assert_eq!(at(&g, "e5"), "g+", "summoned onto your own piece");
    assert_eq!(sorted(texts(&g)), strs(&["f5", "f6", "skip"]), "not legendary, not 2 away");
    let supply = g.supply(G, Rank::Common);
    play(&mut g, "f5");
    assert_eq!(at(&g, "f5"), "g");
    assert_eq!(g.supply(G, Rank::Common), supply - 1);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1, "counts as destroyed at its rank");
    assert_eq!(destroyed(&g, G, Rank::Common), 0, "the own piece under the Dryad never counts");
    assert!(g.pieces_accounted_for());
    // a heroic piece destroyed scores 1 point at the end of the turn
    play_all(&mut g, &["place a5", "end"]);
    assert_eq!(g.seat(0).score, 1);
}

#[test]
fn dryad_may_convert_nothing() {
    let mut g = game(&format!("{DRYAD} f5=b+"), &["sylvan.dryad"]);
    play_all(&mut g, &["summon sylvan.dryad e5 r0", "skip"]);
    assert_eq!(at(&g, "f5"), "b+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 0);
}

#[test]
fn dryad_cannot_convert_without_a_piece_in_supply() {
    // a shortage: the Dryad reuses the piece on its summoning square
    let mut g = game_with_supply(&format!("{DRYAD} f5=b+"), &["sylvan.dryad"], 0);
    play(&mut g, "summon sylvan.dryad e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "f5"), "b+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 0);
}

#[test]
fn dryad_needs_its_own_piece_of_at_most_heroic_rank_on_the_summoning_square() {
    let g = game("d6=g e4=g", &["sylvan.dryad"]);
    assert!(!legal(&g, "summon sylvan.dryad e5 r0"), "an empty square");
    let g = game("d6=g e5=g* e4=g", &["sylvan.dryad"]);
    assert!(!legal(&g, "summon sylvan.dryad e5 r0"), "a legendary piece outranks it");
    let mut g = game("d6=g e5=g+ e4=g", &["sylvan.dryad"]);
    play(&mut g, "summon sylvan.dryad e5 r0");
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(g.board().total(G), 3);
}

// ----- Centaur Spearman -----

const SPEARMAN: &str = "e4=g f4=g g4=g g3=g";

#[test]
fn centaur_spearman_moves_then_destroys_the_next_piece_in_line() {
    let mut g = game(&format!("{SPEARMAN} e8=b e9=b"), &["sylvan.centaur_spearman"]);
    play_all(&mut g, &["summon sylvan.centaur_spearman e5 r0", "e5-e6"]);
    assert_eq!(at(&g, "e6"), "g+");
    assert_eq!(at(&g, "e8"), "", "the first piece, two squares on");
    assert_eq!(at(&g, "e9"), "b", "never past the first piece");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn centaur_spearman_spares_a_legendary_first_piece_and_what_lies_behind() {
    let mut g = game(&format!("{SPEARMAN} e8=b* e9=b"), &["sylvan.centaur_spearman"]);
    play_all(&mut g, &["summon sylvan.centaur_spearman e5 r0", "e5-e6"]);
    assert_eq!(at(&g, "e8"), "b*");
    assert_eq!(at(&g, "e9"), "b");
}

#[test]
fn centaur_spearman_combat_move_and_follow_up_hit_any_color() {
    let mut g = game(&format!("{SPEARMAN} e6=b+ e7=g"), &["sylvan.centaur_spearman"]);
    play_all(&mut g, &["summon sylvan.centaur_spearman e5 r0", "e5-e6"]);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(at(&g, "e7"), "", "your own piece is the next one");
    assert_eq!(g.board().total(G), 5);
    let mut g = game(&format!("{SPEARMAN} e6=b*"), &["sylvan.centaur_spearman"]);
    play(&mut g, "summon sylvan.centaur_spearman e5 r0");
    assert!(!legal(&g, "e5-e6"), "a legendary piece outranks him");
}

#[test]
fn centaur_spearman_diagonal_line_and_no_piece() {
    let mut g = game(&format!("{SPEARMAN} c7=b+"), &["sylvan.centaur_spearman"]);
    play_all(&mut g, &["summon sylvan.centaur_spearman e5 r0", "e5-d6"]);
    assert_eq!(at(&g, "c7"), "");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    let mut g = game(&format!("{SPEARMAN} c7=b+"), &["sylvan.centaur_spearman"]);
    play_all(&mut g, &["summon sylvan.centaur_spearman e5 r0", "e5-e6"]);
    assert_eq!(g.board().total(B), 1, "nothing in line");
}

#[test]
fn centaur_spearman_not_moving_destroys_nothing() {
    let mut g = game(&format!("{SPEARMAN} e6=b+ e8=b"), &["sylvan.centaur_spearman"]);
    play(&mut g, "summon sylvan.centaur_spearman e5 r0");
    assert!(legal(&g, "e5-e6"));
    play(&mut g, "skip");
    assert_eq!(g.board().total(B), 2);
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Centaur Chieftain -----

const CHIEFTAIN: &str = "c6=g d5=g e4=g f3=g";

#[test]
fn centaur_chieftain_leads_up_to_three_moves_in_his_direction() {
    let mut g = game(CHIEFTAIN, &["sylvan.centaur_chieftain"]);
    play_all(&mut g, &["summon sylvan.centaur_chieftain e5 r0", "e5-e6"]);
    assert_eq!(
        sorted(moves(&g)),
        strs(&["c6-c7", "d5-d6", "e4-e5", "f3-f4"]),
        "one step north each, never the Chieftain"
    );
    assert!(legal(&g, "skip"));
    // ruling: the same piece may make several of the moves
    play_all(&mut g, &["d5-d6", "d6-d7", "c6-c7"]);
    assert_eq!(at(&g, "d7"), "g");
    assert_eq!(at(&g, "c7"), "g");
    assert_eq!(at(&g, "e6"), "g+");
    assert_eq!(g.phase(), Phase::Main, "three moves at most");
}

#[test]
fn centaur_chieftain_follow_up_moves_are_combat_moves() {
    let pieces = format!("{CHIEFTAIN} f4=b d6=b+ g5=g+ g6=b+ e6=b+");
    let mut g = game(&pieces, &["sylvan.centaur_chieftain"]);
    play_all(&mut g, &["summon sylvan.centaur_chieftain e5 r0", "e5-e6"]);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1, "the Chieftain's own combat move");
    assert!(legal(&g, "f3-f4"), "a common onto a common");
    assert!(!legal(&g, "d5-d6"), "a common onto a heroic");
    assert!(legal(&g, "g5-g6"), "a heroic onto a heroic");
    play_all(&mut g, &["f3-f4", "g5-g6", "skip"]);
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 2);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn centaur_chieftain_not_moving_means_no_follow_up() {
    let mut g = game(CHIEFTAIN, &["sylvan.centaur_chieftain"]);
    play_all(&mut g, &["summon sylvan.centaur_chieftain e5 r0", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e5"), "g+");
}

#[test]
fn centaur_chieftain_direction_follows_his_move() {
    let mut g = game(CHIEFTAIN, &["sylvan.centaur_chieftain"]);
    play_all(&mut g, &["summon sylvan.centaur_chieftain e5 r0", "e5-f4"]);
    assert_eq!(sorted(moves(&g)), strs(&["c6-d5", "d5-e4", "e4-f3", "f3-g2"]));
    play(&mut g, "c6-d5");
    assert_eq!(at(&g, "d5"), "g", "your own piece destroyed by your combat move");
    assert_eq!(g.board().total(G), 4);
}

// ----- Unicorn -----

const UNICORN: &str = "d5=g c4=g d4=g c3=g";

#[test]
fn unicorn_gains_an_action() {
    let mut g = game(UNICORN, &["sylvan.unicorn"]);
    play(&mut g, "summon sylvan.unicorn e5 r0");
    assert!(legal(&g, "option 1") && !legal(&g, "option 2"));
    play(&mut g, "option 1");
    assert_eq!(g.turn().actions, 2);
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn unicorn_combat_move_instead_of_the_action() {
    let mut g = game(&format!("{UNICORN} e6=b+ f6=b*"), &["sylvan.unicorn"]);
    play(&mut g, "summon sylvan.unicorn e5 r0");
    assert!(!legal(&g, "e5-f6"));
    play(&mut g, "e5-e6");
    assert_eq!(at(&g, "e6"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(g.turn().actions, 1, "not both");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn unicorn_may_do_neither() {
    let mut g = game(UNICORN, &["sylvan.unicorn"]);
    play_all(&mut g, &["summon sylvan.unicorn e5 r0", "skip"]);
    assert_eq!(g.turn().actions, 1);
    assert_eq!(at(&g, "e5"), "g+");
}

#[test]
fn a_heroic_being_summoned_onto_an_enemy_heroic_destroys_it() {
    let mut g = game(&format!("{UNICORN} e5=b+"), &["sylvan.unicorn"]);
    play_all(&mut g, &["summon sylvan.unicorn e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    let g = game(&format!("{UNICORN} e5=b*"), &["sylvan.unicorn"]);
    assert!(!legal(&g, "summon sylvan.unicorn e5 r0"));
}

// ----- Sylvan Queen -----

const QUEEN: &str = "e4=g g4=g f3=g f2=g";

#[test]
fn sylvan_queen_converts_a_diagonal_enemy_piece_keeping_its_rank() {
    let mut g = game(&format!("{QUEEN} d6=b f6=b+ d4=b* e6=b"), &["sylvan.sylvan_queen"]);
    play(&mut g, "summon sylvan.sylvan_queen e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["d6", "f6", "skip"]), "marked squares only, not legendary");
    play(&mut g, "f6");
    assert_eq!(at(&g, "f6"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert!(g.pieces_accounted_for());
    let mut g = game(&format!("{QUEEN} d6=b"), &["sylvan.sylvan_queen"]);
    play_all(&mut g, &["summon sylvan.sylvan_queen e5 r0", "d6"]);
    assert_eq!(at(&g, "d6"), "g");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn sylvan_queen_marks_turn_with_the_pattern() {
    // turned a quarter clockwise: pattern d5 d3 c4 b4; the marks stay the diagonals
    let mut g = game("d5=g d3=g c4=g b4=g f6=b+ f5=b", &["sylvan.sylvan_queen"]);
    play(&mut g, "summon sylvan.sylvan_queen e5 r90");
    assert_eq!(sorted(texts(&g)), strs(&["f6", "skip"]));
    play(&mut g, "f6");
    assert_eq!(at(&g, "f6"), "g+");
}

#[test]
fn sylvan_queen_may_decline_and_cannot_convert_without_supply() {
    let mut g = game(&format!("{QUEEN} f6=b+"), &["sylvan.sylvan_queen"]);
    play_all(&mut g, &["summon sylvan.sylvan_queen e5 r0", "skip"]);
    assert_eq!(at(&g, "f6"), "b+");
    let mut g = game_with_supply(&format!("{QUEEN} f6=b+ a5=g"), &["sylvan.sylvan_queen"], 0);
    play(&mut g, "summon sylvan.sylvan_queen e5 r0 from a5");
    assert_eq!(g.phase(), Phase::Main, "nothing can be converted");
    assert_eq!(at(&g, "f6"), "b+");
}

// ----- Sylvan Princess -----

const PRINCESS: &str = "e4=g f3=g e2=g";

#[test]
fn sylvan_princess_converts_a_diagonal_enemy_common() {
    let mut g = game(&format!("{PRINCESS} d6=b f6=b+ e6=b"), &["sylvan.sylvan_princess"]);
    play(&mut g, "summon sylvan.sylvan_princess e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["d6", "skip"]), "commons only, diagonal only");
    play(&mut g, "d6");
    assert_eq!(at(&g, "d6"), "g");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert!(g.pieces_accounted_for());
}

#[test]
fn sylvan_princess_may_decline_and_cannot_convert_without_supply() {
    let mut g = game(&format!("{PRINCESS} d6=b"), &["sylvan.sylvan_princess"]);
    play_all(&mut g, &["summon sylvan.sylvan_princess e5 r0", "skip"]);
    assert_eq!(at(&g, "d6"), "b");
    let mut g = game_with_supply(&format!("{PRINCESS} d6=b a5=g"), &["sylvan.sylvan_princess"], 0);
    play(&mut g, "summon sylvan.sylvan_princess e5 r0 from a5");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "d6"), "b");
    assert_eq!(destroyed(&g, B, Rank::Common), 0);
}

// ----- Woodland Druid -----

const DRUID: &str = "d6=g f6=g e4=g";

#[test]
fn woodland_druid_upgrades_a_common_of_each_color() {
    let mut g = game(&format!("{DRUID} a5=b i5=b h7=b+"), &["sylvan.woodland_druid"]);
    play(&mut g, "summon sylvan.woodland_druid e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["d6", "e4", "f6"]), "yours first; mandatory");
    play(&mut g, "e4");
    assert_eq!(sorted(texts(&g)), strs(&["a5", "i5"]), "then the opponent's; mandatory");
    play(&mut g, "i5");
    assert_eq!(at(&g, "e4"), "g+");
    assert_eq!(at(&g, "i5"), "b+");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(destroyed(&g, B, Rank::Common), 0);
}

#[test]
fn woodland_druid_skips_a_color_without_commons() {
    let mut g = game(DRUID, &["sylvan.woodland_druid"]);
    play_all(&mut g, &["summon sylvan.woodland_druid e5 r0", "d6"]);
    assert_eq!(g.phase(), Phase::Main, "no blue common");
    let mut g = game("d6=g+ f6=g+ e4=g+ a5=b", &["sylvan.woodland_druid"]);
    play(&mut g, "summon sylvan.woodland_druid e5 r0");
    assert_eq!(texts(&g), ["a5"], "no green common");
    play(&mut g, "a5");
    assert_eq!(at(&g, "a5"), "b+");
}

#[test]
fn woodland_druid_upgrades_even_with_an_empty_supply() {
    let mut g = game_with_supply(&format!("{DRUID} a5=g"), &["sylvan.woodland_druid"], 0);
    play_all(&mut g, &["summon sylvan.woodland_druid e5 r0 from a5", "d6"]);
    assert_eq!(at(&g, "d6"), "g+");
    assert!(g.pieces_accounted_for());
}

// ----- Forest Ancient -----

const ANCIENT: &str = "e6=g d5=g f5=g d4=g";

#[test]
fn forest_ancient_places_two_enemy_commons_then_destroys_two() {
    let mut g = game(&format!("{ANCIENT} e8=b a5=b h5=b+ e2=g"), &["sylvan.forest_ancient"]);
    let blue_supply = g.supply(B, Rank::Common);
    play(&mut g, "summon sylvan.forest_ancient e5 r0");
    assert_eq!(texts(&g).len(), 20, "the empty squares up to 2 away; mandatory");
    assert!(!legal(&g, "h6") && !legal(&g, "skip"));
    play(&mut g, "c3");
    play(&mut g, "g7");
    assert_eq!(at(&g, "c3"), "b");
    assert_eq!(at(&g, "g7"), "b");
    assert_eq!(g.supply(B, Rank::Common), blue_supply - 2, "from the enemy's supply");
    // blue commons up to 3 away; not a5 (4 away), not the heroic, not yours
    assert_eq!(sorted(texts(&g)), strs(&["c3", "e8", "g7"]));
    play_all(&mut g, &["e8", "c3"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g7"), "b");
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
    assert!(g.pieces_accounted_for());
}

#[test]
fn forest_ancient_destroys_one_per_piece_placed() {
    // ruling: blue has a single common piece in supply
    let mut p = position(&format!("{ANCIENT} e8=b"), &["sylvan.forest_ancient"]);
    p.set_supply(1, (1, p.seats[1].supply.1));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon sylvan.forest_ancient e5 r0", "c3"]);
    assert_eq!(sorted(texts(&g)), strs(&["c3", "e8"]));
    play(&mut g, "e8");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c3"), "b");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn forest_ancient_placing_nothing_destroys_nothing() {
    let mut p = position(&format!("{ANCIENT} e8=b"), &["sylvan.forest_ancient"]);
    p.set_supply(1, (0, p.seats[1].supply.1));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon sylvan.forest_ancient e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e8"), "b");
    assert_eq!(destroyed(&g, B, Rank::Common), 0);
}

#[test]
fn forest_ancient_with_no_empty_square_near_places_and_destroys_nothing() {
    let e5 = sq("e5");
    let pattern = ["e6", "d5", "f5", "d4"];
    let mut words = vec![format!("{ANCIENT} e8=b")];
    let mut blue = true;
    for dx in -2..=2i8 {
        for dy in -2..=2i8 {
            let s = e5.offset(dx, dy).unwrap();
            if s != e5 && !pattern.contains(&s.to_string().as_str()) {
                words.push(format!("{s}={}", if blue { "b+" } else { "g" }));
                blue = !blue;
            }
        }
    }
    let mut g = game(&words.join(" "), &["sylvan.forest_ancient"]);
    play(&mut g, "summon sylvan.forest_ancient e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e8"), "b");
}

#[test]
fn forest_ancient_must_destroy_the_pieces_it_placed_if_nothing_else() {
    let mut g = game(ANCIENT, &["sylvan.forest_ancient"]);
    play_all(&mut g, &["summon sylvan.forest_ancient e5 r0", "c3", "c4"]);
    assert_eq!(sorted(texts(&g)), strs(&["c3", "c4"]));
    play_all(&mut g, &["c4", "c3"]);
    assert_eq!(g.board().total(B), 0);
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
    play_all(&mut g, &["place a5", "end"]);
    assert_eq!(g.seat(0).score, 1, "a pair of commons");
}

// ----- Forest Mystic -----

const MYSTIC: &str = "e6=g d5=g f4=g";

#[test]
fn forest_mystic_draws_an_extra_being_and_legend_then_keeps_them() {
    let mut p = position(MYSTIC, &["sylvan.forest_mystic", "sylvan.naiad", "sylvan.unicorn"]);
    p.seats[0].deck =
        Pile::ordered(["sylvan.sapling", "sylvan.charging_buck", "sylvan.forest_wardens", "sylvan.dryad"].map(card));
    p.legends = Pile::ordered([card("legends.titan")]);
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon sylvan.forest_mystic e5 r0");
    assert_eq!(g.phase(), Phase::Main, "no board effect");
    assert_eq!((g.turn().extra_beings, g.turn().extra_legends), (1, 1));
    play_all(&mut g, &["place a5", "end"]);
    assert_eq!(g.phase(), Phase::Refill { seat: 0, beings: 4, legends: 3, flares: 1, setup: false });
    // to 3 beings, then one more; legends: only one is left to draw
    play_all(&mut g, &["draw sylvan.sapling", "draw sylvan.charging_buck", "draw legends.titan"]);
    assert_eq!(g.actor(), Actor::Seat(1));
    assert_eq!(g.seat(0).beings.len(), 4);
    assert_eq!(g.seat(0).legends.len(), 1);
    // blue's turn, then green's next turn: no extra, and no discarding down to 3
    play_all(&mut g, &["place i5", "place h5", "end"]);
    assert_eq!(g.actor(), Actor::Seat(0));
    play_all(&mut g, &["place a6", "place b6", "end"]);
    assert_eq!(g.actor(), Actor::Seat(1), "nothing to draw");
    assert_eq!(g.seat(0).beings.len(), 4);
    assert_eq!(g.seat(0).deck.len(), 2);
}

#[test]
fn forest_mystic_and_kiskin_spirit_add_up() {
    let spirit = "c3=g c2=g e2=g";
    let mut p = position(&format!("{MYSTIC} {spirit}"), &["sylvan.forest_mystic", "sylvan.kiskin_spirit"]);
    p.seats[0].deck = Pile::ordered(
        [
            "sylvan.sapling",
            "sylvan.charging_buck",
            "sylvan.forest_wardens",
            "sylvan.dryad",
            "sylvan.naiad",
            "sylvan.unicorn",
        ]
        .map(card),
    );
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon sylvan.forest_mystic e5 r0", "summon sylvan.kiskin_spirit e3 r0"]);
    assert_eq!(texts(&g), ["return sylvan.forest_mystic", "skip"]);
    play_all(&mut g, &["return sylvan.forest_mystic", "end"]);
    assert!(matches!(g.phase(), Phase::Refill { beings: 5, legends: 3, .. }), "{:?}", g.phase());
    play_all(
        &mut g,
        &[
            "draw sylvan.forest_mystic",
            "draw sylvan.sapling",
            "draw sylvan.charging_buck",
            "draw sylvan.forest_wardens",
            "draw sylvan.dryad",
        ],
    );
    assert_eq!(g.seat(0).beings.len(), 5);
}

// ----- Kiskin Leafsplitter -----

const LEAFSPLITTER: &str = "e6=g d5=g f5=g e4=g";

#[test]
fn kiskin_leafsplitter_shoots_twice_along_its_arrows() {
    let mut g = game(&format!("{LEAFSPLITTER} g7=b h8=b+ e8=b"), &["sylvan.kiskin_leafsplitter"]);
    play(&mut g, "summon sylvan.kiskin_leafsplitter e5 r0");
    assert_eq!(texts(&g), ["dir ne", "skip"], "diagonal arrows with a piece on them");
    play(&mut g, "dir ne");
    assert_eq!(at(&g, "g7"), "");
    assert_eq!(at(&g, "h8"), "b+");
    play(&mut g, "dir ne");
    assert_eq!(at(&g, "h8"), "", "the same arrow again hits the next piece");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn kiskin_leafsplitter_hits_any_first_piece_legendary_and_own_included() {
    let mut g = game(&format!("{LEAFSPLITTER} c3=g b2=b g3=b*"), &["sylvan.kiskin_leafsplitter"]);
    play_all(&mut g, &["summon sylvan.kiskin_leafsplitter e5 r0", "dir sw"]);
    assert_eq!(at(&g, "c3"), "", "your own piece shields b2");
    assert_eq!(at(&g, "b2"), "b");
    play(&mut g, "dir se");
    assert_eq!(at(&g, "g3"), "");
    assert_eq!(destroyed(&g, B, Rank::Legendary), 1);
    assert_eq!(destroyed(&g, B, Rank::Common), 0);
}

#[test]
fn kiskin_leafsplitter_may_stop_after_none_or_one_shot() {
    let mut g = game(&format!("{LEAFSPLITTER} g7=b c3=b"), &["sylvan.kiskin_leafsplitter"]);
    play_all(&mut g, &["summon sylvan.kiskin_leafsplitter e5 r0", "skip"]);
    assert_eq!(g.board().total(B), 2);
    let mut g = game(&format!("{LEAFSPLITTER} g7=b c3=b"), &["sylvan.kiskin_leafsplitter"]);
    play_all(&mut g, &["summon sylvan.kiskin_leafsplitter e5 r0", "dir ne", "skip"]);
    assert_eq!(g.board().total(B), 1);
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Kiskin Boughrunner -----

const BOUGHRUNNER: &str = "d4=g e4=g f4=g e3=g";

#[test]
fn kiskin_boughrunner_moves_only_next_to_your_other_pieces() {
    let mut g = game(BOUGHRUNNER, &["sylvan.kiskin_boughrunner"]);
    play(&mut g, "summon sylvan.kiskin_boughrunner e5 r0");
    // d6, e6 and f6 are next to the Boughrunner only; your own commons may be trampled
    assert_eq!(sorted(moves(&g)), strs(&["e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5"]));
    // three moves, each checked where your pieces stand then
    play_all(&mut g, &["e5-d5", "d5-c5", "c5-c4"]);
    assert_eq!(at(&g, "c4"), "g+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn kiskin_boughrunner_combat_moves_destroy_any_color() {
    let mut g = game(&format!("{BOUGHRUNNER} f5=b+ d5=g"), &["sylvan.kiskin_boughrunner"]);
    play(&mut g, "summon sylvan.kiskin_boughrunner e5 r0");
    play(&mut g, "e5-f5");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    play(&mut g, "f5-e5");
    play(&mut g, "e5-d5");
    assert_eq!(at(&g, "d5"), "g+");
    assert_eq!(g.board().total(G), 5, "your own common was destroyed");
}

#[test]
fn kiskin_boughrunner_may_stop_after_none_or_one_move() {
    let mut g = game(BOUGHRUNNER, &["sylvan.kiskin_boughrunner"]);
    play_all(&mut g, &["summon sylvan.kiskin_boughrunner e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "g+");
    let mut g = game(BOUGHRUNNER, &["sylvan.kiskin_boughrunner"]);
    play_all(&mut g, &["summon sylvan.kiskin_boughrunner e5 r0", "e5-d5", "skip"]);
    assert_eq!(at(&g, "d5"), "g+");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Tree Shepherd -----

const SHEPHERD: &str = "d5=g f5=g e4=g f4=g";

#[test]
fn tree_shepherd_upgrades_a_chosen_common_anywhere() {
    let mut g = game(&format!("{SHEPHERD} a5=g i5=b"), &["sylvan.tree_shepherd"]);
    play(&mut g, "summon sylvan.tree_shepherd e5 r0");
    assert_eq!(sorted(texts(&g)), strs(&["a5", "d5", "e4", "e5", "f4", "f5"]), "your pieces; must choose");
    play(&mut g, "a5");
    assert_eq!(at(&g, "a5"), "g+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn tree_shepherd_gives_a_heroic_piece_a_combat_move() {
    let mut g = game(&format!("{SHEPHERD} c7=g+ c8=b+"), &["sylvan.tree_shepherd"]);
    play_all(&mut g, &["summon sylvan.tree_shepherd e5 r0", "c7"]);
    assert!(legal(&g, "skip"));
    play(&mut g, "c7-c8");
    assert_eq!(at(&g, "c8"), "g+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    // the Shepherd itself may be chosen
    let mut g = game(&format!("{SHEPHERD} e6=b+"), &["sylvan.tree_shepherd"]);
    play_all(&mut g, &["summon sylvan.tree_shepherd e5 r0", "e5", "e5-e6"]);
    assert_eq!(at(&g, "e6"), "g+");
}

#[test]
fn tree_shepherd_gives_a_legendary_piece_a_standard_move() {
    let mut g = game(&format!("{SHEPHERD} h5=g* h6=b+ g6=b*"), &["sylvan.tree_shepherd"]);
    play_all(&mut g, &["summon sylvan.tree_shepherd e5 r0", "h5"]);
    assert!(legal(&g, "h5-h6"), "onto a lower rank");
    assert!(!legal(&g, "h5-g6"), "not onto the same rank");
    play(&mut g, "h5-h6");
    assert_eq!(at(&g, "h6"), "g*");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
}

#[test]
fn tree_shepherd_chosen_piece_may_decline_its_move() {
    let mut g = game(&format!("{SHEPHERD} e6=b+"), &["sylvan.tree_shepherd"]);
    play_all(&mut g, &["summon sylvan.tree_shepherd e5 r0", "e5", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    let summoned_only = game(&format!("{SHEPHERD} e6=b+ e5=g+"), &[]);
    assert_eq!(g.board().to_text(), summoned_only.board().to_text());
}

#[test]
fn tree_shepherd_upgrades_with_an_empty_supply() {
    let mut g = game_with_supply(&format!("{SHEPHERD} a5=g"), &["sylvan.tree_shepherd"], 0);
    play_all(&mut g, &["summon sylvan.tree_shepherd e5 r0 from a5", "e4"]);
    assert_eq!(at(&g, "e4"), "g+");
}

// ----- whole games -----

/// A random legal choice, taking a summon most of the time when one is
/// offered so that the beings' effects get played.
fn random_choice(g: &Game, rng: &mut ChaCha8Rng) -> Choice {
    let v = g.legal_choices();
    assert!(!v.is_empty(), "no choices in {:?}", g.phase());
    let summons: Vec<Choice> = v.iter().copied().filter(|c| matches!(c, Choice::Summon { .. })).collect();
    if !summons.is_empty() && rng.gen_bool(0.7) {
        summons[rng.gen_range(0..summons.len())]
    } else {
        v[rng.gen_range(0..v.len())]
    }
}

/// Plays a game to its end; returns the Sylvan beings summoned.
fn play_out(mut g: Game, rng: &mut ChaCha8Rng) -> Vec<CardId> {
    let mut summoned = Vec::new();
    let mut steps = 0;
    while g.actor() != Actor::Nobody {
        let c = random_choice(&g, rng);
        if let Choice::Summon { card, .. } = c {
            if card.deck() == Deck::Sylvan {
                summoned.push(card);
            }
        }
        g.act(c).unwrap_or_else(|e| panic!("{e}"));
        steps += 1;
        assert!(steps < 100_000);
        assert!(g.pieces_accounted_for());
    }
    assert!(g.outcome().is_some());
    summoned
}

/// Random play to the end, Sylvan against Northern in both seat orders,
/// from the setup: no panics, choices always offered, pieces accounted for.
#[test]
fn random_sylvan_against_northern_games_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..60 {
        let schools = if i % 2 == 0 { [School::Sylvan, School::Northern] } else { [School::Northern, School::Sylvan] };
        play_out(Game::new(Form::Duel, &schools).unwrap(), &mut rng);
    }
}

/// Longer games from a start position where only green holds cards (its
/// whole deck shuffled), so that every Sylvan being gets summoned.
#[test]
fn random_sylvan_games_summon_every_being() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut summoned = std::collections::HashSet::new();
    for _ in 0..40 {
        let mut p = position("c5=g g5=b", &[]);
        p.seats[0].deck = Pile::shuffled(Deck::Sylvan.ids());
        p.legends = Pile::shuffled(Deck::Legends.ids());
        p.flares = Pile::shuffled(Deck::Flares.ids());
        summoned.extend(play_out(p.to_game().unwrap(), &mut rng));
    }
    let missing: Vec<_> = Deck::Sylvan.ids().filter(|c| !summoned.contains(c)).collect();
    assert!(missing.is_empty(), "never summoned: {missing:?}");
}
