//! Tests of the Everfrost beings and their frozen effects, from the card
//! reference (`everfrost.json`, `expansions.md` section 4) and our rulings
//! (`docs/rulings.md`): freezing, keeping one frozen card, thawing, pieces
//! taken out of the game, and the Sentinel's "1 action fewer".

mod common;
use common::*;
use tash_kalar_rules::frozen::frozen_effect;
use tash_kalar_rules::position::SeatSetup;
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Actor, CardId, Color, Deck, Game, Observation, Phase, Position, Rank, School};

const W: Color = Color::White;
const B: Color = Color::Blue;

/// A duel position: Everfrost (white, seat 0) to act with 2 actions against
/// Northern (blue, seat 1). `pieces` lists `square=piece` words such as
/// `e5=w f6=b+`; `cards` go into white's hand. Supplies are full for the
/// pieces not on the board.
fn position(pieces: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats = vec![SeatSetup::new(School::Everfrost), SeatSetup::new(School::Northern)];
    supplies_from_board(&mut p);
    give(&mut p, 0, cards);
    p
}

fn game(pieces: &str, cards: &[&str]) -> Game {
    position(pieces, cards).to_game().expect("a valid position")
}

/// Like [`game`], with white's frozen card and discard pile set.
fn game_frozen(pieces: &str, cards: &[&str], frozen: Option<&str>, discard: &[&str]) -> Game {
    let mut p = position(pieces, cards);
    p.seats[0].frozen = frozen.map(card);
    p.seats[0].discard = discard.iter().map(|id| card(id)).collect();
    p.to_game().expect("a valid position")
}

/// Like [`game`], with the two-sided supply of a seat set (0 for a shortage).
fn game_with_supply(pieces: &str, cards: &[&str], seat: usize, two_sided: u8) -> Game {
    let mut p = position(pieces, cards);
    p.set_supply(seat, (two_sided, p.seats[seat].supply.1));
    p.to_game().expect("a valid position")
}

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

fn moves(g: &Game) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.contains('-')).collect()
}

fn discard(g: &Game) -> Vec<CardId> {
    g.seat(0).discard.to_vec()
}

fn frozen(g: &Game) -> Option<CardId> {
    g.seat(0).frozen
}

// ----- the deck -----

#[test]
fn the_everfrost_deck_holds_its_18_beings_in_reference_order() {
    let ids: Vec<&str> = Deck::Everfrost.cards().iter().map(|d| d.id).collect();
    assert_eq!(
        ids,
        [
            "everfrost.snow_fox",
            "everfrost.royal_reindeer",
            "everfrost.crystal_mirror",
            "everfrost.crystal_grower",
            "everfrost.ice_princess",
            "everfrost.ice_queen",
            "everfrost.frostweave_summoner",
            "everfrost.winter_whisperer",
            "everfrost.frozen_chest",
            "everfrost.everfrost_sentinel",
            "everfrost.glacier_giant",
            "everfrost.polar_bear",
            "everfrost.war_sled",
            "everfrost.snow_monster",
            "everfrost.frost_imp",
            "everfrost.ice_wyvern",
            "everfrost.deathbringer",
            "everfrost.frostweave_illusionist",
        ]
    );
    assert_eq!(School::Everfrost.deck(), Deck::Everfrost);
    assert_eq!(School::Everfrost.color(), W);
    assert_eq!(School::parse("everfrost"), Some(School::Everfrost));
    assert_eq!(W.letter(), 'w');
    assert_eq!(Color::from_letter('o'), Some(Color::Orange));
    assert_eq!(Color::from_letter('p'), Some(Color::Purple));
    // the schools not yet complete are not offered
    assert_eq!(School::parse("nethervoid"), Some(School::Nethervoid));
    assert_eq!(School::parse("etherweave"), Some(School::Etherweave));
    let common = Deck::Everfrost.cards().iter().filter(|d| d.rank == Rank::Common).count();
    assert_eq!(common, 5, "5 common beings and 13 heroic");
}

/// Each being's rank and pattern as printed, summoned upright at e5 (from
/// the card reference, written out independently of the definitions).
const PATTERNS: [(&str, Rank, &str); 18] = [
    ("everfrost.snow_fox", Rank::Common, "f5 g4"),
    ("everfrost.royal_reindeer", Rank::Common, "d4 e4 f3"),
    ("everfrost.crystal_mirror", Rank::Common, "e6 e4"),
    ("everfrost.crystal_grower", Rank::Common, "d4 e4"),
    ("everfrost.ice_princess", Rank::Common, "e4 d3 f3"),
    ("everfrost.ice_queen", Rank::Heroic, "e5 e4 d3 f3"),
    ("everfrost.frostweave_summoner", Rank::Heroic, "d6 e4 e3"),
    ("everfrost.winter_whisperer", Rank::Heroic, "d4 e4 f4 g4"),
    ("everfrost.frozen_chest", Rank::Heroic, "d5 e5 f5"),
    ("everfrost.everfrost_sentinel", Rank::Heroic, "e4 e3 f3 f2"),
    ("everfrost.glacier_giant", Rank::Heroic, "e4 d3 e3 f3"),
    ("everfrost.polar_bear", Rank::Heroic, "f5 g5 f4 h4"),
    ("everfrost.war_sled", Rank::Heroic, "c5 c4 d4 e4"),
    ("everfrost.snow_monster", Rank::Heroic, "e5 f5 d4 g4"),
    ("everfrost.frost_imp", Rank::Heroic, "d5 e4 f3"),
    ("everfrost.ice_wyvern", Rank::Heroic, "f5 e4 f3 g3"),
    ("everfrost.deathbringer", Rank::Heroic, "d5 c3 d3 e3"),
    ("everfrost.frostweave_illusionist", Rank::Heroic, "d5 f5 e3"),
];

#[test]
fn every_everfrost_pattern_needs_exactly_its_printed_pieces() {
    check_printed_patterns(&PATTERNS, 'w', game);
}

#[test]
fn seven_cards_have_a_frozen_effect() {
    let with: Vec<&str> = Deck::Everfrost.ids().filter(|&c| frozen_effect(c).is_some()).map(|c| c.def().id).collect();
    assert_eq!(
        with,
        [
            "everfrost.crystal_grower",
            "everfrost.ice_princess",
            "everfrost.ice_queen",
            "everfrost.frostweave_summoner",
            "everfrost.winter_whisperer",
            "everfrost.ice_wyvern",
            "everfrost.frostweave_illusionist",
        ]
    );
    assert!(frozen_effect(card("imperial.knight")).is_none());
}

#[test]
fn patterns_turn_and_mirror() {
    // Snow Fox upright needs f5 and g4; mirrored, d5 and c4
    let g = game("d5=w c4=w", &["everfrost.snow_fox"]);
    assert!(legal(&g, "summon everfrost.snow_fox e5 m0"));
    assert!(!legal(&g, "summon everfrost.snow_fox e5 r0"));
    // turned a quarter clockwise: (1,0) -> (0,-1), (2,-1) -> (-1,-2)
    let g = game("e4=w d3=w", &["everfrost.snow_fox"]);
    assert!(legal(&g, "summon everfrost.snow_fox e5 r90"));
}

// ----- Snow Fox -----

const FOX: &str = "f5=w g4=w";

#[test]
fn snow_fox_makes_up_to_two_standard_moves_onto_empty_squares() {
    let mut g = game(&format!("{FOX} d5=b"), &["everfrost.snow_fox"]);
    play(&mut g, "summon everfrost.snow_fox e5 r0");
    assert!(!legal(&g, "e5-d5"), "a common piece's standard move needs an empty square");
    assert!(!legal(&g, "e5-f5"), "nor onto your own piece");
    play_all(&mut g, &["e5-e6", "e6-e7"]);
    assert_eq!(at(&g, "e7"), "w");
    assert_eq!(g.phase(), Phase::Main, "two moves at most");
    assert_eq!(discard(&g), [card("everfrost.snow_fox")]);
}

#[test]
fn snow_fox_may_stop_after_none_or_one_move() {
    let mut g = game(FOX, &["everfrost.snow_fox"]);
    play_all(&mut g, &["summon everfrost.snow_fox e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "w");
    let mut g = game(FOX, &["everfrost.snow_fox"]);
    play_all(&mut g, &["summon everfrost.snow_fox e5 r0", "e5-e6", "skip"]);
    assert_eq!(at(&g, "e6"), "w");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Royal Reindeer -----

const REINDEER: &str = "d4=w e4=w f3=w";

#[test]
fn reindeer_leaps_exactly_two_away_and_is_upgraded_when_nothing_was_destroyed() {
    let mut g = game(&format!("{REINDEER} c7=b+"), &["everfrost.royal_reindeer"]);
    play(&mut g, "summon everfrost.royal_reindeer e5 r0");
    assert!(!legal(&g, "e5-e6"), "one square away");
    assert!(!legal(&g, "e5-c7"), "a heroic piece outranks the common Reindeer");
    assert!(legal(&g, "e5-e7") && legal(&g, "e5-g3"));
    play(&mut g, "e5-e7");
    assert_eq!(at(&g, "e7"), "w+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn reindeer_that_destroys_with_its_leap_stays_common() {
    let mut g = game(&format!("{REINDEER} g7=b"), &["everfrost.royal_reindeer"]);
    play_all(&mut g, &["summon everfrost.royal_reindeer e5 r0", "e5-g7"]);
    assert_eq!(at(&g, "g7"), "w");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn reindeer_that_does_not_leap_is_upgraded_unless_its_summoning_destroyed_a_piece() {
    let mut g = game(REINDEER, &["everfrost.royal_reindeer"]);
    play_all(&mut g, &["summon everfrost.royal_reindeer e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "w+", "the upgrade is mandatory");
    let mut g = game(&format!("{REINDEER} e5=b"), &["everfrost.royal_reindeer"]);
    play_all(&mut g, &["summon everfrost.royal_reindeer e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "w", "the summoning destroyed the enemy common");
}

// ----- Crystal Mirror -----

const MIRROR: &str = "e6=w e4=w";

#[test]
fn crystal_mirror_copies_up_to_two_commons_across_its_line() {
    let mut g = game(&format!("{MIRROR} d5=b c4=w"), &["everfrost.crystal_mirror"]);
    play(&mut g, "summon everfrost.crystal_mirror e5 r0");
    assert!(legal(&g, "d5") && legal(&g, "c4") && legal(&g, "skip"));
    play(&mut g, "d5");
    assert_eq!(at(&g, "f5"), "w", "your piece of the picked piece's rank, on its mirror square");
    assert_eq!(at(&g, "d5"), "b", "the picked piece stays");
    play(&mut g, "c4");
    assert_eq!(at(&g, "g4"), "w");
    assert_eq!(g.phase(), Phase::Main, "two commons at most");
}

#[test]
fn crystal_mirror_copies_a_single_heroic_piece_and_nothing_more() {
    let mut g = game(&format!("{MIRROR} d6=b+ c5=b"), &["everfrost.crystal_mirror"]);
    play_all(&mut g, &["summon everfrost.crystal_mirror e5 r0", "d6"]);
    assert_eq!(at(&g, "f6"), "w+");
    assert_eq!(g.phase(), Phase::Main);
    // after a common, no heroic piece
    let mut g = game(&format!("{MIRROR} d6=b+ c5=b"), &["everfrost.crystal_mirror"]);
    play_all(&mut g, &["summon everfrost.crystal_mirror e5 r0", "c5"]);
    assert_eq!(at(&g, "g5"), "w");
    assert!(!legal(&g, "d6"));
}

#[test]
fn crystal_mirror_needs_an_empty_mirror_square_a_non_legendary_piece_and_supply() {
    let g = {
        let mut g = game(&format!("{MIRROR} d5=b f5=b d4=b* c6=w"), &["everfrost.crystal_mirror"]);
        play(&mut g, "summon everfrost.crystal_mirror e5 r0");
        g
    };
    assert!(!legal(&g, "d5"), "its mirror square f5 is taken");
    assert!(!legal(&g, "d4"), "legendary pieces cannot be picked");
    assert!(legal(&g, "c6"));
    assert!(!legal(&g, "f5"), "the purple side is not picked from");
    let mut g = game_with_supply(&format!("{MIRROR} d5=b a5=w"), &["everfrost.crystal_mirror"], 0, 0);
    play(&mut g, "summon everfrost.crystal_mirror e5 r0 from a5");
    assert_eq!(g.phase(), Phase::Main, "no piece to put down: nothing to ask");
}

#[test]
fn crystal_mirror_turned_over_takes_the_other_side_as_yellow() {
    let mut g = game(&format!("{MIRROR} f5=b"), &["everfrost.crystal_mirror"]);
    play(&mut g, "summon everfrost.crystal_mirror e5 m0");
    play(&mut g, "f5");
    assert_eq!(at(&g, "d5"), "w");
    // turned a quarter, the line is a row: yellow above or below it
    let mut g = game("d5=w f5=w e7=b", &["everfrost.crystal_mirror"]);
    let summons: Vec<String> = texts(&g).into_iter().filter(|t| t.starts_with("summon")).collect();
    assert_eq!(summons.len(), 2, "two sides for the yellow squares: {summons:?}");
    let side = summons.iter().find(|s| {
        let mut h = g.clone();
        play(&mut h, s);
        legal(&h, "e7")
    });
    play(&mut g, side.expect("a side with e7 yellow"));
    play(&mut g, "e7");
    assert_eq!(at(&g, "e3"), "w");
}

// ----- Crystal Grower -----

#[test]
fn crystal_grower_upgrades_a_common_piece_of_each_opponent() {
    let mut g = game("d4=w e4=w g7=b h7=b f7=b+", &["everfrost.crystal_grower"]);
    play(&mut g, "summon everfrost.crystal_grower e5 r0");
    assert!(!legal(&g, "skip"), "mandatory");
    assert!(!legal(&g, "f7") && !legal(&g, "d4"));
    play(&mut g, "g7");
    assert_eq!(at(&g, "g7"), "b+");
    // then frozen: not discarded
    assert_eq!(frozen(&g), Some(card("everfrost.crystal_grower")));
    assert!(discard(&g).is_empty());
}

#[test]
fn crystal_grower_with_no_enemy_common_asks_nothing() {
    let mut g = game("d4=w e4=w f7=b+", &["everfrost.crystal_grower"]);
    play(&mut g, "summon everfrost.crystal_grower e5 r0");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn crystal_grower_thawed_upgrades_one_of_your_commons() {
    let mut g = game_frozen("a5=w b5=w+ g7=b", &[], Some("everfrost.crystal_grower"), &[]);
    play(&mut g, "thaw");
    assert_eq!(texts(&g), ["a5"], "mandatory, your own commons only");
    play(&mut g, "a5");
    assert_eq!(at(&g, "a5"), "w+");
    assert_eq!(discard(&g), [card("everfrost.crystal_grower")]);
    assert_eq!(g.turn().actions, 2, "thawing costs no action");
}

// ----- Ice Princess, Ice Queen -----

const PRINCESS: &str = "e4=w d3=w f3=w";

#[test]
fn ice_princess_lets_another_common_make_a_combat_move() {
    let mut g = game(&format!("{PRINCESS} c4=b a5=w+"), &["everfrost.ice_princess"]);
    play(&mut g, "summon everfrost.ice_princess e5 r0");
    assert!(!moves(&g).iter().any(|m| m.starts_with("e5-")), "not the Princess herself");
    assert!(!moves(&g).iter().any(|m| m.starts_with("a5-")), "not a heroic piece");
    assert!(legal(&g, "skip"));
    play(&mut g, "d3-c4");
    assert_eq!(at(&g, "c4"), "w");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(frozen(&g), Some(card("everfrost.ice_princess")));
}

#[test]
fn ice_princess_thawed_moves_a_common_of_yours_to_an_empty_square() {
    let mut g = game_frozen("e5=w e6=b a5=w+", &[], Some("everfrost.ice_princess"), &[]);
    play(&mut g, "thaw");
    assert!(!legal(&g, "skip"), "mandatory when possible");
    assert!(!legal(&g, "e5-e6"), "a standard move of a common piece needs an empty square");
    assert!(!moves(&g).iter().any(|m| m.starts_with("a5-")));
    play(&mut g, "e5-d5");
    assert_eq!(at(&g, "d5"), "w");
    // with no common piece of yours, the thaw does nothing
    let mut g = game_frozen("a5=w+", &[], Some("everfrost.ice_princess"), &[]);
    play(&mut g, "thaw");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(discard(&g), [card("everfrost.ice_princess")]);
}

#[test]
fn ice_queen_is_summoned_onto_your_piece_and_moves_another_heroic_piece() {
    let mut g = game(&format!("e5=w {PRINCESS} g7=w+ g8=b+ c7=w"), &["everfrost.ice_queen"]);
    play(&mut g, "summon everfrost.ice_queen e5 r0");
    assert_eq!(at(&g, "e5"), "w+");
    assert!(!moves(&g).iter().any(|m| m.starts_with("e5-") || m.starts_with("c7-")));
    play(&mut g, "g7-g8");
    assert_eq!(at(&g, "g8"), "w+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
}

#[test]
fn ice_queen_thawed_makes_a_standard_move_with_a_heroic_piece() {
    let mut g = game_frozen("e5=w+ e6=b f6=b+", &[], Some("everfrost.ice_queen"), &[]);
    play(&mut g, "thaw");
    assert!(legal(&g, "e5-e6"), "a heroic piece's standard move may destroy a common");
    assert!(!legal(&g, "e5-f6"), "but not a heroic piece");
    play(&mut g, "e5-e6");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

// ----- Frostweave Summoner -----

#[test]
fn frostweave_summoner_only_puts_its_piece_down_and_is_frozen() {
    let mut g = game("d6=w e4=w e3=w", &["everfrost.frostweave_summoner"]);
    play(&mut g, "summon everfrost.frostweave_summoner e5 r0");
    assert_eq!(at(&g, "e5"), "w+");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(frozen(&g), Some(card("everfrost.frostweave_summoner")));
}

#[test]
fn frostweave_summoner_thawed_lets_one_enemy_piece_stand_in_for_the_next_summoning() {
    let mut g = game_frozen("f5=w g4=b", &["everfrost.snow_fox"], Some("everfrost.frostweave_summoner"), &[]);
    assert!(!legal(&g, "summon everfrost.snow_fox e5 r0"));
    play(&mut g, "thaw");
    assert!(legal(&g, "summon everfrost.snow_fox e5 r0"), "g4 stands in for your piece");
    play_all(&mut g, &["summon everfrost.snow_fox e5 r0", "skip"]);
    assert_eq!(at(&g, "g4"), "b", "the enemy piece stays an enemy piece");
    assert!(!g.turn().war_summoner_bonus, "used up by that summoning");
}

// ----- Winter Whisperer -----

#[test]
fn winter_whisperer_thawed_gains_an_action_for_a_common_and_the_flare() {
    let mut g = game_frozen("a5=w b5=w", &["flares.01"], Some("everfrost.winter_whisperer"), &[]);
    play(&mut g, "thaw");
    play(&mut g, "a5");
    assert_eq!(at(&g, "a5"), "");
    play(&mut g, "option 1");
    assert!(g.seat(0).flares.is_empty());
    assert_eq!(g.flare_discard(), [card("flares.01")]);
    assert_eq!(g.turn().actions, 3);
}

#[test]
fn winter_whisperer_gives_no_action_for_one_part_only() {
    let mut g = game_frozen("a5=w", &["flares.01"], Some("everfrost.winter_whisperer"), &[]);
    play_all(&mut g, &["thaw", "a5", "skip"]);
    assert_eq!(g.turn().actions, 2);
    assert_eq!(g.seat(0).flares.len(), 1);
    let mut g = game_frozen("a5=w", &["flares.01"], Some("everfrost.winter_whisperer"), &[]);
    play_all(&mut g, &["thaw", "skip", "option 1"]);
    assert_eq!(g.turn().actions, 2);
    // without a flare the second part is not asked
    let mut g = game_frozen("a5=w", &[], Some("everfrost.winter_whisperer"), &[]);
    play_all(&mut g, &["thaw", "a5"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 2);
}

// ----- Frozen Chest -----

const CHEST: &str = "d5=w e5=w f5=w";

#[test]
fn frozen_chest_freezes_a_frozen_effect_card_from_your_discard_pile() {
    let mut g = game_frozen(CHEST, &["everfrost.frozen_chest"], None, &["everfrost.ice_wyvern", "everfrost.snow_fox"]);
    play(&mut g, "summon everfrost.frozen_chest e5 r0");
    assert!(legal(&g, "return everfrost.ice_wyvern"));
    assert!(!legal(&g, "return everfrost.snow_fox"), "no frozen effect");
    play(&mut g, "return everfrost.ice_wyvern");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_wyvern")));
    assert_eq!(discard(&g), [card("everfrost.snow_fox"), card("everfrost.frozen_chest")]);
    assert!(legal(&g, "thaw"), "it may be thawed this very turn");
}

#[test]
fn frozen_chest_with_a_card_already_frozen_keeps_one_of_the_two() {
    let setup = || {
        let mut g =
            game_frozen(CHEST, &["everfrost.frozen_chest"], Some("everfrost.ice_princess"), &["everfrost.ice_wyvern"]);
        play_all(&mut g, &["summon everfrost.frozen_chest e5 r0", "return everfrost.ice_wyvern"]);
        g
    };
    let mut g = setup();
    assert_eq!(texts(&g), ["option 1", "option 2"]);
    play(&mut g, "option 1");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_wyvern")));
    assert_eq!(discard(&g), [card("everfrost.ice_princess"), card("everfrost.frozen_chest")]);
    let mut g = setup();
    play(&mut g, "option 2");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_princess")));
    assert_eq!(discard(&g), [card("everfrost.ice_wyvern"), card("everfrost.frozen_chest")]);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn frozen_chest_may_take_nothing() {
    let mut g = game_frozen(CHEST, &["everfrost.frozen_chest"], None, &[]);
    play(&mut g, "summon everfrost.frozen_chest e5 r0");
    assert_eq!(g.phase(), Phase::Main, "an empty pile: nothing to ask");
    assert_eq!(frozen(&g), None);
}

// ----- Everfrost Sentinel -----

const SENTINEL: &str = "e4=w e3=w f3=w f2=w";

#[test]
fn sentinel_over_an_enemy_piece_may_be_downgraded_to_cost_the_opponent_an_action() {
    let mut g = game(&format!("{SENTINEL} e5=b"), &["everfrost.everfrost_sentinel"]);
    play(&mut g, "summon everfrost.everfrost_sentinel e5 r0");
    assert!(legal(&g, "skip"));
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "w");
    assert_eq!(g.seat(1).fewer_actions, 1);
    play(&mut g, "place a5");
    play(&mut g, "end");
    while g.actor() == Actor::Chance {
        let c = g.legal_choices()[0];
        g.apply(c).unwrap();
    }
    assert_eq!(g.turn().seat, 1);
    assert_eq!(g.turn().actions, 1, "one action fewer");
    assert_eq!(g.seat(1).fewer_actions, 0, "for one turn only");
}

#[test]
fn sentinel_offers_nothing_without_an_enemy_piece_destroyed_or_when_skipped() {
    let mut g = game(SENTINEL, &["everfrost.everfrost_sentinel"]);
    play(&mut g, "summon everfrost.everfrost_sentinel e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(&format!("{SENTINEL} e5=w"), &["everfrost.everfrost_sentinel"]);
    play(&mut g, "summon everfrost.everfrost_sentinel e5 r0");
    assert_eq!(g.phase(), Phase::Main, "your own piece does not count");
    let mut g = game(&format!("{SENTINEL} e5=b+"), &["everfrost.everfrost_sentinel"]);
    play_all(&mut g, &["summon everfrost.everfrost_sentinel e5 r0", "skip"]);
    assert_eq!(at(&g, "e5"), "w+");
    assert_eq!(g.seat(1).fewer_actions, 0);
}

// ----- Glacier Giant -----

const GIANT: &str = "e4=w d3=w e3=w f3=w";

#[test]
fn glacier_giant_moves_along_one_arrow_and_may_crush_a_legend_with_itself() {
    let mut g = game(&format!("{GIANT} f4=b+ h2=b*"), &["everfrost.glacier_giant"]);
    play(&mut g, "summon everfrost.glacier_giant e5 r0");
    assert_eq!(moves(&g), ["e5-d4", "e5-f4"], "the two arrows only");
    play(&mut g, "e5-f4");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(moves(&g), ["f4-g3"], "the same direction");
    play(&mut g, "f4-g3");
    play(&mut g, "g3-h2");
    assert_eq!(at(&g, "h2"), "", "the legendary piece and the Giant are both destroyed");
    assert_eq!(at(&g, "g3"), "");
    assert_eq!(destroyed(&g, B, Rank::Legendary), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn glacier_giant_cannot_start_on_a_legend_and_may_stop() {
    let mut g = game(&format!("{GIANT} f4=b*"), &["everfrost.glacier_giant"]);
    play(&mut g, "summon everfrost.glacier_giant e5 r0");
    assert!(!legal(&g, "e5-f4"), "at least one move before the legend");
    play_all(&mut g, &["e5-d4", "skip"]);
    assert_eq!(at(&g, "d4"), "w+");
}

#[test]
fn glacier_giant_arrows_turn_with_the_pattern() {
    // upside down: the pattern above, the arrows pointing up
    let mut g = game("e6=w d7=w e7=w f7=w", &["everfrost.glacier_giant"]);
    play(&mut g, "summon everfrost.glacier_giant e5 r180");
    let mut m = moves(&g);
    m.sort();
    assert_eq!(m, ["e5-d6", "e5-f6"]);
}

// ----- Polar Bear -----

const BEAR: &str = "f5=w g5=w f4=w h4=w";

#[test]
fn polar_bear_goes_on_only_while_it_destroys() {
    let mut g = game(&format!("{BEAR} d6=b+ c7=b"), &["everfrost.polar_bear"]);
    play(&mut g, "summon everfrost.polar_bear e5 r0");
    play(&mut g, "e5-d6");
    assert!(!legal(&g, "d6-e7") || at(&g, "e7").is_empty());
    assert!(legal(&g, "d6-c7"), "a standard move may destroy a common");
    play(&mut g, "d6-c7");
    assert!(!legal(&g, "c7-d6") || at(&g, "d6").is_empty());
    play(&mut g, "c7-b7");
    assert_eq!(at(&g, "b7"), "w+");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(&format!("{BEAR} d6=b"), &["everfrost.polar_bear"]);
    play_all(&mut g, &["summon everfrost.polar_bear e5 r0", "e5-e6"]);
    assert_eq!(g.phase(), Phase::Main, "nothing destroyed: the chain ends");
}

#[test]
fn polar_bear_third_step_only_onto_an_empty_square() {
    let mut g = game(&format!("{BEAR} e6=b e7=b d8=b"), &["everfrost.polar_bear"]);
    play_all(&mut g, &["summon everfrost.polar_bear e5 r0", "e5-e6", "e6-e7"]);
    assert!(!legal(&g, "e7-d8"));
    assert!(legal(&g, "e7-e8"));
}

// ----- War Sled -----

const SLED: &str = "c5=w c4=w d4=w e4=w";

#[test]
fn war_sled_starts_along_an_arrow_and_turns_at_most_45_degrees() {
    let mut g = game(SLED, &["everfrost.war_sled"]);
    play(&mut g, "summon everfrost.war_sled e5 r0");
    let mut m = moves(&g);
    m.sort();
    assert_eq!(m, ["e5-f4", "e5-f5", "e5-f6"], "the three arrows only");
    play(&mut g, "e5-f5");
    let mut m = moves(&g);
    m.sort();
    assert_eq!(m, ["f5-g4", "f5-g5", "f5-g6"]);
    play_all(&mut g, &["f5-g6", "g6-g7"]);
    assert_eq!(at(&g, "g7"), "w+");
    assert_eq!(g.phase(), Phase::Main, "three moves at most");
}

// ----- Snow Monster -----

#[test]
fn snow_monster_destroys_nearby_enemy_commons_next_to_your_pieces() {
    let pieces = "e5=w f5=w d4=w g4=w e6=b e7=b e8=w c7=b d6=b+ i4=b";
    let mut g = game(pieces, &["everfrost.snow_monster"]);
    play(&mut g, "summon everfrost.snow_monster e5 r0");
    assert_eq!(at(&g, "e6"), "", "next to the Snow Monster");
    assert_eq!(at(&g, "e7"), "", "2 away, next to e8");
    assert_eq!(at(&g, "c7"), "b", "2 away but next to none of yours");
    assert_eq!(at(&g, "d6"), "b+", "heroic");
    assert_eq!(at(&g, "i4"), "b", "too far");
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
}

// ----- Frost Imp -----

#[test]
fn frost_imp_slides_a_neighbouring_common_as_far_as_it_goes() {
    let mut g = game("d5=w e4=w f3=w f6=b f8=w d6=b+", &["everfrost.frost_imp"]);
    play(&mut g, "summon everfrost.frost_imp e5 r0");
    assert!(legal(&g, "f6-f7"), "north: stops before f8");
    assert!(!legal(&g, "f6-f8"));
    assert!(legal(&g, "d5-a5"), "your own commons too");
    assert!(!moves(&g).iter().any(|m| m.starts_with("d6-")), "not a heroic piece");
    assert!(!moves(&g).iter().any(|m| m.starts_with("f3-")), "not next to the Imp");
    play(&mut g, "f6-i6");
    assert_eq!(at(&g, "i6"), "b");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Ice Wyvern -----

const WYVERN: &str = "f5=w e4=w f3=w g3=w";

#[test]
fn ice_wyvern_leaps_anywhere_and_dies_if_it_destroys() {
    let mut g = game(&format!("{WYVERN} a5=b+"), &["everfrost.ice_wyvern"]);
    play_all(&mut g, &["summon everfrost.ice_wyvern e5 r0", "e5-a5"]);
    assert_eq!(at(&g, "a5"), "");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    let mut g = game(WYVERN, &["everfrost.ice_wyvern"]);
    play_all(&mut g, &["summon everfrost.ice_wyvern e5 r0", "e5-a5"]);
    assert_eq!(at(&g, "a5"), "w+");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_wyvern")));
}

#[test]
fn ice_wyvern_thawed_places_a_common_next_to_a_heroic_piece_of_yours() {
    let mut g = game_frozen("e5=w+ a5=w", &[], Some("everfrost.ice_wyvern"), &[]);
    play(&mut g, "thaw");
    assert!(legal(&g, "e6") && !legal(&g, "a6") && !legal(&g, "skip"));
    play(&mut g, "e6");
    assert_eq!(at(&g, "e6"), "w");
    // no common piece in supply: nothing is placed
    let mut p = position("e5=w+", &[]);
    p.seats[0].frozen = Some(card("everfrost.ice_wyvern"));
    p.set_supply(0, (0, 3));
    let mut g = p.to_game().unwrap();
    play(&mut g, "thaw");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Deathbringer -----

const DEATH: &str = "d5=w c3=w d3=w e3=w";

#[test]
fn deathbringer_takes_a_piece_out_of_the_game_counting_twice() {
    let mut g = game(&format!("{DEATH} f6=b"), &["everfrost.deathbringer"]);
    let supply = g.supply(B, Rank::Common);
    play(&mut g, "summon everfrost.deathbringer e5 r0");
    assert!(legal(&g, "skip"));
    play(&mut g, "f6");
    assert_eq!(at(&g, "f6"), "");
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
    assert_eq!(g.out_of_play(B), (1, 0), "not back to the supply");
    assert_eq!(g.supply(B, Rank::Common), supply);
    assert!(g.pieces_accounted_for());
    assert!(g.validate().is_ok());
}

#[test]
fn deathbringer_needs_your_pieces_around_heroic_and_legendary_targets() {
    let mut g = game(&format!("{DEATH} f6=b+ f4=b* g5=w g4=w"), &["everfrost.deathbringer"]);
    play(&mut g, "summon everfrost.deathbringer e5 r0");
    assert!(legal(&g, "f6"), "g5 touches it");
    assert!(legal(&g, "f4"), "e3, g5 and g4 touch it");
    let mut g = game(&format!("{DEATH} f6=b+"), &["everfrost.deathbringer"]);
    play(&mut g, "summon everfrost.deathbringer e5 r0");
    assert!(!legal(&g, "f6"), "only the Deathbringer touches it");
}

#[test]
fn deathbringer_takes_a_legend_surrounded_by_three_of_yours() {
    let mut g = game(&format!("{DEATH} f6=b* f7=w g7=w g6=w"), &["everfrost.deathbringer"]);
    play(&mut g, "summon everfrost.deathbringer e5 r0");
    play(&mut g, "f6");
    assert_eq!(destroyed(&g, B, Rank::Legendary), 2);
    assert_eq!(g.out_of_play(B), (0, 1));
    let mut g = game(&format!("{DEATH} f6=b* f7=w g7=w"), &["everfrost.deathbringer"]);
    play(&mut g, "summon everfrost.deathbringer e5 r0");
    assert!(!legal(&g, "f6"), "two of yours are not enough");
}

// ----- Frostweave Illusionist -----

const ILLUSIONIST: &str = "d5=w f5=w e3=w";

#[test]
fn illusionist_turns_into_an_enemy_common_piece() {
    let mut g = game(ILLUSIONIST, &["everfrost.frostweave_illusionist"]);
    let blue = g.supply(B, Rank::Common);
    play(&mut g, "summon everfrost.frostweave_illusionist e5 r0");
    assert_eq!(at(&g, "e5"), "b");
    assert_eq!(g.supply(B, Rank::Common), blue - 1);
    assert_eq!(destroyed(&g, W, Rank::Heroic), 0, "your own piece never counts");
    assert_eq!(frozen(&g), Some(card("everfrost.frostweave_illusionist")));
}

#[test]
fn illusionist_stays_when_no_opponent_has_a_common_piece_in_supply() {
    let mut g = game_with_supply(ILLUSIONIST, &["everfrost.frostweave_illusionist"], 1, 0);
    play(&mut g, "summon everfrost.frostweave_illusionist e5 r0");
    assert_eq!(at(&g, "e5"), "w+");
}

#[test]
fn illusionist_thawed_converts_an_enemy_common() {
    let mut g = game_frozen("a5=b b5=b+", &[], Some("everfrost.frostweave_illusionist"), &[]);
    play(&mut g, "thaw");
    assert!(!legal(&g, "b5") && !legal(&g, "skip"));
    play(&mut g, "a5");
    assert_eq!(at(&g, "a5"), "w");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

// ----- freezing and thawing -----

#[test]
fn a_frozen_card_is_not_in_hand_and_thawing_is_free_any_time_in_your_turn() {
    let mut g = game("e4=w d3=w f3=w", &["everfrost.ice_princess"]);
    assert!(!legal(&g, "thaw"), "nothing frozen");
    play_all(&mut g, &["summon everfrost.ice_princess e5 r0", "skip"]);
    assert!(g.seat(0).beings.is_empty());
    assert!(legal(&g, "thaw"), "in the turn it was frozen");
    play(&mut g, "place a5");
    assert_eq!(g.turn().actions, 0);
    assert!(legal(&g, "thaw"), "also with no action left");
    play_all(&mut g, &["thaw", "a5-a6"]);
    assert_eq!(g.turn().actions, 0);
    assert_eq!(frozen(&g), None);
    assert_eq!(discard(&g), [card("everfrost.ice_princess")]);
    assert!(!legal(&g, "thaw"));
}

#[test]
fn a_second_frozen_card_makes_the_owner_keep_one() {
    let setup = || {
        let mut g = game_frozen("e4=w d3=w f3=w", &["everfrost.ice_princess"], Some("everfrost.ice_wyvern"), &[]);
        play_all(&mut g, &["summon everfrost.ice_princess e5 r0", "skip"]);
        g
    };
    let mut g = setup();
    assert_eq!(g.phase(), Phase::Effect);
    assert_eq!(g.prompt().map(|s| s.id()), Some("frozen.keep"));
    play(&mut g, "option 1");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_princess")));
    assert_eq!(discard(&g), [card("everfrost.ice_wyvern")]);
    let mut g = setup();
    play(&mut g, "option 2");
    assert_eq!(frozen(&g), Some(card("everfrost.ice_wyvern")));
    assert_eq!(discard(&g), [card("everfrost.ice_princess")]);
}

#[test]
fn a_thawed_card_that_freezes_again_is_not_possible_but_a_new_one_may_be_frozen_after_a_thaw() {
    let mut g = game_frozen("e4=w d3=w f3=w a5=w+", &["everfrost.ice_princess"], Some("everfrost.ice_wyvern"), &[]);
    play(&mut g, "thaw");
    play(&mut g, "a6");
    assert_eq!(discard(&g), [card("everfrost.ice_wyvern")], "a thawed card is discarded, not frozen again");
    play_all(&mut g, &["summon everfrost.ice_princess e5 r0", "skip"]);
    assert_eq!(frozen(&g), Some(card("everfrost.ice_princess")), "no choice: nothing was frozen any more");
}

#[test]
fn the_opponent_cannot_thaw_your_card_and_the_refill_ignores_it() {
    let mut p = position("a5=w", &[]);
    p.seats[0].frozen = Some(card("everfrost.ice_wyvern"));
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered(
        ["everfrost.snow_fox", "everfrost.polar_bear", "everfrost.war_sled", "everfrost.frost_imp"]
            .iter()
            .map(|id| card(id)),
    );
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place b5", "place c5", "end"]);
    while g.actor() == Actor::Chance {
        let c = g.legal_choices()[0];
        g.apply(c).unwrap();
    }
    assert_eq!(g.seat(0).beings.len(), 3, "the hand is refilled to 3 beings; the frozen card is not one");
    assert_eq!(g.turn().seat, 1);
    assert!(!legal(&g, "thaw"));
}

// ----- notation -----

#[test]
fn frozen_cards_and_fewer_actions_are_in_the_position_text_and_the_views() {
    let mut p = position("a5=w e5=b", &[]);
    p.seats[0].frozen = Some(card("everfrost.ice_wyvern"));
    p.seats[1].fewer_actions = 1;
    let text = p.to_text();
    assert!(text.contains(" frozen everfrost.ice_wyvern"), "{text}");
    assert!(text.contains(" fewer-actions 1"), "{text}");
    assert!(text.contains("seat: everfrost "), "{text}");
    assert_eq!(Position::from_text(&text).unwrap(), p);
    let g = p.to_game().unwrap();
    assert_eq!(Position::of(&g).unwrap().to_text(), text);
    for seat in 0..2 {
        let view = g.view(seat);
        assert_eq!(view.seats[0].frozen, Some(card("everfrost.ice_wyvern")), "a frozen card is public");
        assert_eq!(view.seats[1].fewer_actions, 1);
        assert!(!view.seats[0].unseen.contains(&card("everfrost.ice_wyvern")));
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains("\"frozen\":\"everfrost.ice_wyvern\""), "{json}");
        let back: View = serde_json::from_str(&json).unwrap();
        assert_eq!(Observation::from_view(&back).unwrap(), g.observe(seat));
    }
    // a frozen card without a frozen effect, or twice, is refused
    let mut bad = p.clone();
    bad.seats[0].frozen = Some(card("everfrost.snow_fox"));
    assert!(bad.to_game().is_err());
    let mut bad = p.clone();
    bad.seats[0].discard = vec![card("everfrost.ice_wyvern")];
    assert!(bad.to_game().is_err());
}

#[test]
fn white_pieces_read_and_write_as_w() {
    let b = board("9/9/9/9/2w+3o1p*/9/9/9/9");
    assert_eq!(b.get(sq("c5")).unwrap().color, W);
    assert_eq!(b.get(sq("c5")).unwrap().rank, Rank::Heroic);
    assert_eq!(b.get(sq("g5")).unwrap().color, Color::Orange);
    assert_eq!(b.get(sq("i5")).unwrap().color, Color::Purple);
    assert_eq!(b.to_text(), "9/9/9/9/2w+3o1p*/9/9/9/9");
    assert_eq!("thaw".parse::<tash_kalar_rules::Choice>().unwrap().to_string(), "thaw");
    assert_eq!("flare w".parse::<tash_kalar_rules::Choice>().unwrap().to_string(), "flare w");
}

#[test]
fn war_sled_arrows_turn_with_the_pattern() {
    // a quarter turn clockwise: the pattern above and left, the arrows down
    let mut g = game("e7=w d7=w d6=w d5=w", &["everfrost.war_sled"]);
    play(&mut g, "summon everfrost.war_sled e5 r90");
    let mut m = moves(&g);
    m.sort();
    assert_eq!(m, ["e5-d4", "e5-e4", "e5-f4"]);
}

/// A game of `form` with these schools and white (seat 0) holding `cards`.
fn table_game(form: tash_kalar_rules::Form, schools: &[School], pieces: &str, cards: &[&str]) -> Game {
    let mut p = Position::with_schools(form, &board_of(pieces).to_text(), schools).expect("a position");
    give(&mut p, 0, cards);
    p.to_game().expect("a valid position")
}

#[test]
fn sentinel_costs_every_opponent_in_a_melee_and_the_next_opposing_seat_in_team_play() {
    use tash_kalar_rules::Form;
    let schools = [School::Everfrost, School::Northern, School::Sylvan];
    let mut g = table_game(Form::Melee, &schools, &format!("{SENTINEL} e5=g"), &["everfrost.everfrost_sentinel"]);
    play_all(&mut g, &["summon everfrost.everfrost_sentinel e5 r0", "e5"]);
    assert_eq!((g.seat(1).fewer_actions, g.seat(2).fewer_actions), (1, 1));
    let schools = [School::Everfrost, School::Northern, School::Highland, School::Southern];
    let mut g = table_game(Form::TeamDuel, &schools, &format!("{SENTINEL} e5=b"), &["everfrost.everfrost_sentinel"]);
    play_all(&mut g, &["summon everfrost.everfrost_sentinel e5 r0", "e5"]);
    let fewer: Vec<u8> = (0..4).map(|s| g.seat(s).fewer_actions).collect();
    assert_eq!(fewer, [0, 1, 0, 0], "the opposing team's next turn is seat 1's");
}

#[test]
fn views_in_the_middle_of_a_keep_or_a_thaw_rebuild_the_observation() {
    let mut g = game_frozen("e4=w d3=w f3=w a5=w", &["everfrost.ice_princess"], Some("everfrost.ice_wyvern"), &[]);
    play_all(&mut g, &["summon everfrost.ice_princess e5 r0", "skip"]);
    assert_eq!(g.effect().unwrap().stage, tash_kalar_rules::effect::Stage::Keep);
    for seat in 0..2 {
        let json = serde_json::to_string(&g.view(seat)).unwrap();
        let back: View = serde_json::from_str(&json).unwrap();
        assert_eq!(Observation::from_view(&back).unwrap(), g.observe(seat), "seat {seat}");
    }
    play(&mut g, "option 1");
    play(&mut g, "thaw");
    assert!(!legal(&g, "thaw"), "not in the middle of an effect");
    assert_eq!(g.effect().unwrap().stage, tash_kalar_rules::effect::Stage::Thaw);
    for seat in 0..2 {
        let json = serde_json::to_string(&g.view(seat)).unwrap();
        let back: View = serde_json::from_str(&json).unwrap();
        assert_eq!(Observation::from_view(&back).unwrap(), g.observe(seat), "seat {seat}");
    }
}

#[test]
fn after_passing_control_it_is_too_late_to_thaw() {
    use tash_kalar_rules::Form;
    let schools = [School::Everfrost, School::Northern, School::Highland, School::Southern];
    let mut p = Position::with_schools(Form::TeamDuel, &board_of("a5=w").to_text(), &schools).unwrap();
    p.seats[0].frozen = Some(card("everfrost.ice_wyvern"));
    let mut g = p.to_game().unwrap();
    assert!(legal(&g, "thaw"));
    play(&mut g, "pass");
    assert!(!legal(&g, "thaw"));
}

// ----- Events: freezing, keeping, thawing -----

#[test]
fn freezing_a_card_is_an_event_that_names_it() {
    // (its words: tash-kalar-present's tests)
    use tash_kalar_rules::event::Event;
    let mut g = game("d6=w e4=w e3=w", &["everfrost.frostweave_summoner"]);
    play(&mut g, "summon everfrost.frostweave_summoner e5 r0");
    let card = card("everfrost.frostweave_summoner");
    assert!(g.events().contains(&Event::Frozen { seat: 0, card }));
    let json = serde_json::to_value(Event::Frozen { seat: 0, card }).expect("json");
    assert_eq!(json["kind"], "frozen");
}

#[test]
fn thawing_a_card_is_an_event_before_its_effect() {
    use tash_kalar_rules::event::Event;
    let mut g = game_frozen("a5=w b5=w+ g7=b", &[], Some("everfrost.crystal_grower"), &[]);
    play(&mut g, "thaw");
    let card = card("everfrost.crystal_grower");
    assert_eq!(g.events().last(), Some(&Event::Thawed { seat: 0, card }));
    play(&mut g, "a5");
    assert!(g.events().iter().any(|e| matches!(e, Event::Upgraded { .. })));
}

#[test]
fn keeping_one_of_two_frozen_cards_names_the_kept_and_the_discarded() {
    use tash_kalar_rules::event::Event;
    let setup = || {
        let mut g =
            game_frozen(CHEST, &["everfrost.frozen_chest"], Some("everfrost.ice_princess"), &["everfrost.ice_wyvern"]);
        play_all(&mut g, &["summon everfrost.frozen_chest e5 r0", "return everfrost.ice_wyvern"]);
        g
    };
    let (princess, wyvern) = (card("everfrost.ice_princess"), card("everfrost.ice_wyvern"));
    let mut g = setup();
    play(&mut g, "option 1");
    assert!(g.events().contains(&Event::KeptFrozen { seat: 0, kept: wyvern, discarded: princess }));
    assert!(!g.events().iter().any(|e| matches!(e, Event::Frozen { .. })), "no new frozen card without the choice");
    let mut g = setup();
    play(&mut g, "option 2");
    assert!(g.events().contains(&Event::KeptFrozen { seat: 0, kept: princess, discarded: wyvern }));
}
