//! Tests of the Nethervoid beings and the Gateway, from the card reference
//! (`nethervoid.json`, `expansions.md` section 5) and our rulings
//! (`docs/rulings.md`): which piece becomes the Gateway, how it travels and
//! how it is lost, each card's effect, and the Gateway in the notations and
//! the views.

mod common;
use common::*;
use tash_kalar_rules::position::SeatSetup;
use tash_kalar_rules::view::View;
use tash_kalar_rules::{CardId, Color, Deck, Event, Form, Game, Observation, Phase, Position, Rank, School};

const O: Color = Color::Orange;
const B: Color = Color::Blue;

/// A duel position: Nethervoid (orange, seat 0) to act with 2 actions
/// against Northern (blue, seat 1). `pieces` lists `square=piece` words
/// such as `e5=o f6=b+`; `gateway` is orange's Gateway square; `cards` go
/// into orange's hand. Supplies are full for the pieces not on the board.
fn position(pieces: &str, gateway: Option<&str>, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats = vec![SeatSetup::new(School::Nethervoid), SeatSetup::new(School::Northern)];
    supplies_from_board(&mut p);
    p.seats[0].gateway = gateway.map(sq);
    give(&mut p, 0, cards);
    p
}

fn game(pieces: &str, gateway: Option<&str>, cards: &[&str]) -> Game {
    position(pieces, gateway, cards).to_game().expect("a valid position")
}

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

/// Orange's Gateway square, as text ("" for none).
fn gw(g: &Game) -> String {
    g.gateway(0).map(|s| s.to_string()).unwrap_or_default()
}

fn moves(g: &Game) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.contains('-')).collect()
}

fn events_since(g: &Game, n: usize) -> Vec<Event> {
    g.events()[n..].to_vec()
}

// ----- the deck -----

#[test]
fn the_nethervoid_deck_holds_its_18_beings_in_reference_order() {
    let ids: Vec<&str> = Deck::Nethervoid.cards().iter().map(|d| d.id).collect();
    assert_eq!(
        ids,
        [
            "nethervoid.shadow_imp",
            "nethervoid.flame_imp",
            "nethervoid.gate_keeper",
            "nethervoid.demon_of_gluttony",
            "nethervoid.demon_of_pride",
            "nethervoid.acolyte_of_destruction",
            "nethervoid.acolyte_of_growth",
            "nethervoid.power_seeker",
            "nethervoid.hell_hound",
            "nethervoid.vortexmaster",
            "nethervoid.gate_master",
            "nethervoid.hell_rider",
            "nethervoid.demon_of_wrath",
            "nethervoid.demon_of_greed",
            "nethervoid.demon_of_lust",
            "nethervoid.demon_of_sloth",
            "nethervoid.demon_of_envy",
            "nethervoid.possessed_summoner",
        ]
    );
    assert_eq!(School::Nethervoid.deck(), Deck::Nethervoid);
    assert_eq!(School::Nethervoid.color(), O);
    assert_eq!(School::parse("nethervoid"), Some(School::Nethervoid));
    assert!(School::ALL.contains(&School::Nethervoid));
    let common = Deck::Nethervoid.cards().iter().filter(|d| d.rank == Rank::Common).count();
    assert_eq!(common, 5, "5 common beings and 13 heroic");
    // the Hell Hound's card marks the 8 squares around it
    assert_eq!(card("nethervoid.hell_hound").def().marked.len(), 8);
}

/// Each being's rank and pattern as printed, summoned upright at e5 (from
/// the card reference, written out independently of the definitions).
const PATTERNS: [(&str, Rank, &str); 18] = [
    ("nethervoid.shadow_imp", Rank::Common, "d6 f5"),
    ("nethervoid.flame_imp", Rank::Common, "c5 d4"),
    ("nethervoid.gate_keeper", Rank::Common, "e6 d5 f5"),
    ("nethervoid.demon_of_gluttony", Rank::Common, "d4 e4 f4"),
    ("nethervoid.demon_of_pride", Rank::Common, "e4 e3 f3"),
    ("nethervoid.acolyte_of_destruction", Rank::Heroic, "d4 f4 e2"),
    ("nethervoid.acolyte_of_growth", Rank::Heroic, "d6 f6 d5 f5"),
    ("nethervoid.power_seeker", Rank::Heroic, "f5 h5 g4 i4"),
    ("nethervoid.hell_hound", Rank::Heroic, "c5 d5 b4 e4"),
    ("nethervoid.vortexmaster", Rank::Heroic, "e6 d7 f7 e8"),
    ("nethervoid.gate_master", Rank::Heroic, "e6 f6 d5 f5 g5"),
    ("nethervoid.hell_rider", Rank::Heroic, "e5 f5 g5 e4"),
    ("nethervoid.demon_of_wrath", Rank::Heroic, "f5 d4 f4 e3"),
    ("nethervoid.demon_of_greed", Rank::Heroic, "d6 e6 d4 f4"),
    ("nethervoid.demon_of_lust", Rank::Heroic, "e4 f4 f3 g3"),
    ("nethervoid.demon_of_sloth", Rank::Heroic, "d4"),
    ("nethervoid.demon_of_envy", Rank::Heroic, "d6 e5 f5"),
    ("nethervoid.possessed_summoner", Rank::Heroic, "f5 d4 e4 e3"),
];

#[test]
fn every_nethervoid_pattern_needs_exactly_its_printed_pieces() {
    check_printed_patterns(&PATTERNS, 'o', |p, c| game(p, None, c));
}

#[test]
fn patterns_turn_and_mirror() {
    // Shadow Imp upright needs d6 and f5; mirrored, f6 and d5
    let g = game("f6=o d5=o", None, &["nethervoid.shadow_imp"]);
    assert!(legal(&g, "summon nethervoid.shadow_imp e5 m0"));
    assert!(!legal(&g, "summon nethervoid.shadow_imp e5 r0"));
    // the Demon of Sloth's diagonal pair, turned: (-1,-1) -> (-1,1)
    let g = game("d6=o", None, &["nethervoid.demon_of_sloth"]);
    assert!(legal(&g, "summon nethervoid.demon_of_sloth e5 r90"));
}

// ----- becoming the Gateway (rulings 1-3) -----

#[test]
fn the_first_nethervoid_being_becomes_the_gateway_before_its_effect() {
    let mut g = game("c5=o d4=o", None, &["nethervoid.flame_imp"]);
    assert_eq!(gw(&g), "", "no Gateway at the start");
    let n = g.events().len();
    play(&mut g, "summon nethervoid.flame_imp e5 r0");
    assert_eq!(gw(&g), "e5", "rule (a): no Gateway, the new being takes the marker");
    assert!(events_since(&g, n).contains(&Event::GatewayGained { seat: 0, at: sq("e5") }));
    // the effect already sees it: the commons next to the Imp (its own pattern piece d4)
    assert!(legal(&g, "d4"));
}

#[test]
fn a_heroic_being_takes_the_marker_from_a_common_gateway_but_not_from_a_heroic_one() {
    // rule (c): common Gateway on c3, heroic Demon of Sloth summoned
    let mut g = game("d4=o c3=o", Some("c3"), &["nethervoid.demon_of_sloth"]);
    let n = g.events().len();
    play(&mut g, "summon nethervoid.demon_of_sloth e5 r0");
    assert_eq!(gw(&g), "e5");
    let ev = events_since(&g, n);
    assert!(ev.contains(&Event::GatewayLost { seat: 0, at: sq("c3") }), "{ev:?}");
    // a heroic Gateway stays
    let mut g = game("d4=o c3=o+", Some("c3"), &["nethervoid.demon_of_sloth"]);
    play(&mut g, "summon nethervoid.demon_of_sloth e5 r0");
    assert_eq!(gw(&g), "c3");
    // a common being never takes it from an existing Gateway
    let mut g = game("c5=o d4=o c3=o", Some("c3"), &["nethervoid.flame_imp"]);
    play_all(&mut g, &["summon nethervoid.flame_imp e5 r0", "skip"]);
    assert_eq!(gw(&g), "c3");
}

#[test]
fn legends_and_other_schools_never_become_the_gateway() {
    // a legend summoned by the Nethervoid player
    let pieces = "e4=o+ e3=o+ d2=o e2=o f2=o";
    let mut g = game(pieces, None, &["legends.titan"]);
    play(&mut g, "summon legends.titan e5 r0");
    assert_eq!(gw(&g), "", "rule 3: a legend is never the Gateway");
    // the Gateway cannot be put on a legendary piece in a position either
    assert!(Position::from_text(
        &position("e5=o*", None, &[]).to_text().replace("board: 9/9/9/9/4o*4/9/9/9/9", "board: 9/9/9/9/4o*@4/9/9/9/9")
    )
    .is_err());
}

#[test]
fn the_gateway_travels_with_its_piece_and_is_lost_when_destroyed() {
    // Vortexmaster: the Gateway moves; then a piece next to it moves onto it
    let mut g = game("e6=o d7=o f7=o e8=o c3=o+ b5=o", Some("c3"), &["nethervoid.vortexmaster"]);
    play_all(&mut g, &["summon nethervoid.vortexmaster e5 r0", "c3-c4"]);
    assert_eq!(gw(&g), "c4", "the marker moved with its piece");
    let n = g.events().len();
    // b5 is common, the Gateway heroic: a combat move cannot take it; a
    // heroic neighbour could
    assert!(!legal(&g, "b5-c4"));
    play(&mut g, "skip");
    assert!(events_since(&g, n).iter().all(|e| !matches!(e, Event::GatewayLost { .. })));
    // the Demon of Sloth with no action left destroys the Gateway
    let mut p = position("d4=o c3=o+", Some("c3"), &["nethervoid.demon_of_sloth"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    let n = g.events().len();
    play(&mut g, "summon nethervoid.demon_of_sloth e5 r0");
    assert_eq!(at(&g, "c3"), "");
    assert_eq!(gw(&g), "");
    assert!(events_since(&g, n).contains(&Event::GatewayLost { seat: 0, at: sq("c3") }));
}

#[test]
fn summoning_over_the_gateway_ends_it_and_an_enemy_destroying_it_too() {
    // the Hell Rider summoned onto the Gateway's own square: the old marker
    // goes with the piece, and the Rider takes it by rule (a)
    let mut g = game("e5=o f5=o g5=o e4=o", Some("e5"), &["nethervoid.hell_rider"]);
    let n = g.events().len();
    play(&mut g, "summon nethervoid.hell_rider e5 r0");
    let ev = events_since(&g, n);
    assert!(ev.contains(&Event::GatewayLost { seat: 0, at: sq("e5") }), "{ev:?}");
    assert!(ev.contains(&Event::GatewayGained { seat: 0, at: sq("e5") }), "{ev:?}");
    assert_eq!(gw(&g), "e5");
    // an enemy summoning onto the Gateway destroys it
    let mut p = Position::duel("9/9/9/9/9/9/9/9/9").unwrap();
    p.board = board_of("e5=o e6=b e4=b");
    p.seats = vec![SeatSetup::new(School::Northern), SeatSetup::new(School::Nethervoid)];
    supplies_from_board(&mut p);
    p.seats[1].gateway = Some(sq("e5"));
    give(&mut p, 0, &["imperial.swordmaster"]);
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon imperial.swordmaster e5 r0");
    assert_eq!(g.gateway(1), None);
    assert_eq!(destroyed(&g, O, Rank::Common), 1);
}

#[test]
fn picking_the_gateway_up_in_a_piece_shortage_ends_it() {
    let mut p = position("c3=o d3=o", Some("c3"), &[]);
    p.set_supply(0, (0, 3));
    let mut g = p.to_game().unwrap();
    play(&mut g, "pickup c3");
    assert_eq!(gw(&g), "");
    play(&mut g, "place e5");
    assert_eq!(gw(&g), "", "the piece put down again is not the Gateway");
}

#[test]
fn a_converted_gateway_is_lost() {
    // the Frostweave Illusionist's frozen effect converts an enemy common piece
    let mut p = Position::duel("9/9/9/9/9/9/9/9/9").unwrap();
    p.board = board_of("e5=o");
    p.seats = vec![SeatSetup::new(School::Everfrost), SeatSetup::new(School::Nethervoid)];
    supplies_from_board(&mut p);
    p.seats[0].frozen = Some(card("everfrost.frostweave_illusionist"));
    p.seats[1].gateway = Some(sq("e5"));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["thaw", "e5"]);
    assert_eq!(at(&g, "e5"), "w");
    assert_eq!(g.gateway(1), None, "ruling: conversion destroys, so the Gateway is lost");
    assert!(g.validate().is_ok());
}

// ----- Shadow Imp -----

const SHADOW: &str = "d6=o f5=o";

#[test]
fn shadow_imp_moves_and_the_gateway_follows_in_the_same_direction() {
    let mut g = game(&format!("{SHADOW} c3=o c5=b"), Some("c3"), &["nethervoid.shadow_imp"]);
    play(&mut g, "summon nethervoid.shadow_imp e5 r0");
    assert!(legal(&g, "skip"), "optional");
    play(&mut g, "e5-e6");
    assert_eq!(moves(&g), ["c3-c4"], "only the same direction (north)");
    play(&mut g, "c3-c4");
    assert_eq!((at(&g, "c4"), gw(&g)), ("o".into(), "c4".into()));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn shadow_imp_gateway_move_is_a_combat_move_and_needs_room() {
    // onto an enemy common: a combat move destroys it
    let mut g = game(&format!("{SHADOW} c3=o c4=b"), Some("c3"), &["nethervoid.shadow_imp"]);
    play_all(&mut g, &["summon nethervoid.shadow_imp e5 r0", "e5-e6", "c3-c4"]);
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    // a heroic piece in the way: the Gateway cannot follow
    let mut g = game(&format!("{SHADOW} c3=o c4=b+"), Some("c3"), &["nethervoid.shadow_imp"]);
    play_all(&mut g, &["summon nethervoid.shadow_imp e5 r0", "e5-e6"]);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn shadow_imp_that_is_the_gateway_or_does_not_move_moves_nothing_else() {
    let mut g = game(SHADOW, None, &["nethervoid.shadow_imp"]);
    play_all(&mut g, &["summon nethervoid.shadow_imp e5 r0", "e5-e6"]);
    assert_eq!(gw(&g), "e6", "the Imp is the Gateway (rule a) and it moved");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game(&format!("{SHADOW} c3=o"), Some("c3"), &["nethervoid.shadow_imp"]);
    play_all(&mut g, &["summon nethervoid.shadow_imp e5 r0", "skip"]);
    assert_eq!((g.phase(), gw(&g)), (Phase::Main, "c3".into()));
}

// ----- Flame Imp -----

const FLAME: &str = "c5=o d4=o";

#[test]
fn flame_imp_destroys_a_common_piece_next_to_the_gateway() {
    let mut g = game(&format!("{FLAME} g7=o+ g8=b f8=b+ h6=o"), Some("g7"), &["nethervoid.flame_imp"]);
    play(&mut g, "summon nethervoid.flame_imp e5 r0");
    assert!(legal(&g, "g8") && legal(&g, "h6"), "any color");
    assert!(!legal(&g, "f8"), "not a heroic piece");
    assert!(!legal(&g, "d4"), "not next to the Gateway");
    play(&mut g, "g8");
    assert_eq!(at(&g, "g8"), "");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn flame_imp_may_destroy_nothing() {
    let mut g = game(&format!("{FLAME} g7=o+ g8=b"), Some("g7"), &["nethervoid.flame_imp"]);
    play_all(&mut g, &["summon nethervoid.flame_imp e5 r0", "skip"]);
    assert_eq!(at(&g, "g8"), "b");
    // nothing to destroy next to the Gateway: nothing is asked
    let mut g = game(&format!("{FLAME} g7=o+"), Some("g7"), &["nethervoid.flame_imp"]);
    play(&mut g, "summon nethervoid.flame_imp e5 r0");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Gate Keeper -----

const KEEPER: &str = "e6=o d5=o f5=o";

#[test]
fn gate_keeper_upgrades_one_of_your_commons_into_the_new_gateway() {
    let mut g = game(&format!("{KEEPER} c3=o g3=o+"), Some("g3"), &["nethervoid.gate_keeper"]);
    play(&mut g, "summon nethervoid.gate_keeper e5 r0");
    assert_eq!(texts(&g), ["option 1", "option 2", "skip"]);
    play(&mut g, "option 1");
    assert!(!legal(&g, "g3"), "only common pieces");
    let n = g.events().len();
    play(&mut g, "c3");
    assert_eq!((at(&g, "c3"), gw(&g)), ("o+".into(), "c3".into()));
    let ev = events_since(&g, n);
    assert!(ev.contains(&Event::GatewayLost { seat: 0, at: sq("g3") }));
    assert!(ev.contains(&Event::GatewayGained { seat: 0, at: sq("c3") }));
}

#[test]
fn gate_keeper_places_a_new_gateway_or_upgrades_itself_or_does_nothing() {
    let mut g = game(&format!("{KEEPER} g3=o+"), Some("g3"), &["nethervoid.gate_keeper"]);
    play_all(&mut g, &["summon nethervoid.gate_keeper e5 r0", "option 2", "i5"]);
    assert_eq!((at(&g, "i5"), gw(&g)), ("o".into(), "i5".into()));
    // the Keeper itself is one of your commons
    let mut g = game(&format!("{KEEPER} g3=o+"), Some("g3"), &["nethervoid.gate_keeper"]);
    play_all(&mut g, &["summon nethervoid.gate_keeper e5 r0", "option 1", "e5"]);
    assert_eq!((at(&g, "e5"), gw(&g)), ("o+".into(), "e5".into()));
    let mut g = game(&format!("{KEEPER} g3=o+"), Some("g3"), &["nethervoid.gate_keeper"]);
    play_all(&mut g, &["summon nethervoid.gate_keeper e5 r0", "skip"]);
    assert_eq!(gw(&g), "g3");
}

#[test]
fn gate_keeper_cannot_place_without_a_piece_in_supply() {
    let mut p = position(&format!("{KEEPER} g3=o+ a5=o"), Some("g3"), &["nethervoid.gate_keeper"]);
    p.set_supply(0, (0, 3));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.gate_keeper e5 r0 from a5");
    assert_eq!(texts(&g), ["option 1", "skip"], "no common piece left to place");
}

// ----- Demon of Gluttony -----

const GLUTTONY: &str = "d4=o e4=o f4=o";

#[test]
fn gluttony_upgrades_after_a_kill_and_becomes_the_gateway_after_two() {
    let mut g = game(&format!("{GLUTTONY} e6=b e7=b+ c3=o+"), Some("c3"), &["nethervoid.demon_of_gluttony"]);
    play_all(&mut g, &["summon nethervoid.demon_of_gluttony e5 r0", "e5-e6"]);
    assert_eq!(at(&g, "e6"), "o+", "upgraded after destroying a piece");
    assert!(legal(&g, "e6-e7"), "now heroic, it may take a heroic piece");
    play(&mut g, "e6-e7");
    assert_eq!(gw(&g), "e7");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn gluttony_without_a_kill_stays_common_and_the_gateway_stays() {
    let mut g = game(&format!("{GLUTTONY} c3=o+"), Some("c3"), &["nethervoid.demon_of_gluttony"]);
    play_all(&mut g, &["summon nethervoid.demon_of_gluttony e5 r0", "e5-e6"]);
    assert_eq!((at(&g, "e6"), g.phase()), ("o".into(), Phase::Main));
    let mut g = game(&format!("{GLUTTONY} e6=b c3=o+"), Some("c3"), &["nethervoid.demon_of_gluttony"]);
    play_all(&mut g, &["summon nethervoid.demon_of_gluttony e5 r0", "e5-e6", "e6-e7"]);
    assert_eq!((at(&g, "e7"), gw(&g)), ("o+".into(), "c3".into()), "the second move destroyed nothing");
}

// ----- Demon of Pride -----

const PRIDE: &str = "e4=o e3=o f3=o";

#[test]
fn pride_upgrades_itself_becomes_the_gateway_and_may_move() {
    let mut g = game(&format!("{PRIDE} c7=o+ e6=b+"), Some("c7"), &["nethervoid.demon_of_pride"]);
    play(&mut g, "summon nethervoid.demon_of_pride e5 r0");
    assert_eq!((at(&g, "e5"), gw(&g)), ("o+".into(), "e5".into()));
    assert!(legal(&g, "e5-e6") && legal(&g, "skip"));
    play(&mut g, "e5-e6");
    assert_eq!(gw(&g), "e6", "the marker moves with it");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
}

// ----- Acolyte of Destruction -----

const DESTRUCTION: &str = "d4=o f4=o e2=o";

#[test]
fn acolyte_of_destruction_must_destroy_a_common_and_with_a_red_gateway_a_heroic_next_to_it() {
    // the Gateway on h4 (red), heroic
    let mut g =
        game(&format!("{DESTRUCTION} h4=o+ b7=b c6=b c7=b+"), Some("h4"), &["nethervoid.acolyte_of_destruction"]);
    play(&mut g, "summon nethervoid.acolyte_of_destruction e5 r0");
    assert!(!legal(&g, "skip"), "mandatory");
    assert!(legal(&g, "d4"), "any color, yours too");
    play(&mut g, "c6");
    assert!(legal(&g, "c7") && legal(&g, "skip"));
    play(&mut g, "c7");
    assert_eq!((at(&g, "c6"), at(&g, "c7")), (String::new(), String::new()));
    assert_eq!((destroyed(&g, B, Rank::Common), destroyed(&g, B, Rank::Heroic)), (1, 1));
}

#[test]
fn acolyte_of_destruction_without_a_red_gateway_destroys_only_the_common() {
    let mut g = game(&format!("{DESTRUCTION} g3=o+ c6=b c7=b+"), Some("g3"), &["nethervoid.acolyte_of_destruction"]);
    play_all(&mut g, &["summon nethervoid.acolyte_of_destruction e5 r0", "c6"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c7"), "b+");
}

#[test]
fn acolyte_of_destruction_turned_and_taking_the_gateway_onto_red() {
    // upside down: pattern f6 d6 e8; summoned on e5 (red) over a common
    // Gateway elsewhere, the heroic Acolyte takes the marker (rule c): the
    // Gateway is now on a red square
    let mut g = game("f6=o d6=o e8=o a5=o c4=b d3=b+", Some("a5"), &["nethervoid.acolyte_of_destruction"]);
    play(&mut g, "summon nethervoid.acolyte_of_destruction e5 r180");
    assert_eq!(gw(&g), "e5");
    play(&mut g, "c4");
    assert!(legal(&g, "d3"));
}

// ----- Acolyte of Growth -----

const GROWTH: &str = "d6=o f6=o d5=o f5=o";

#[test]
fn acolyte_of_growth_places_a_common_and_with_a_green_gateway_a_heroic_next_to_it() {
    let mut g = game(&format!("{GROWTH} f2=o+"), Some("f2"), &["nethervoid.acolyte_of_growth"]);
    play(&mut g, "summon nethervoid.acolyte_of_growth e5 r0");
    assert!(!legal(&g, "skip"), "mandatory");
    play(&mut g, "i5");
    assert!(legal(&g, "h5") && !legal(&g, "g5"), "next to the common piece placed");
    assert!(!legal(&g, "skip"), "mandatory when possible");
    play(&mut g, "h5");
    assert_eq!((at(&g, "i5"), at(&g, "h5")), ("o".into(), "o+".into()));
}

#[test]
fn acolyte_of_growth_without_a_green_gateway_or_supply_places_less() {
    let mut g = game(&format!("{GROWTH} g3=o+"), Some("g3"), &["nethervoid.acolyte_of_growth"]);
    play_all(&mut g, &["summon nethervoid.acolyte_of_growth e5 r0", "i5"]);
    assert_eq!(g.phase(), Phase::Main);
    // two two-sided pieces in supply: one for the Acolyte, one for the common, none for the heroic
    let mut p = position(&format!("{GROWTH} f2=o+"), Some("f2"), &["nethervoid.acolyte_of_growth"]);
    p.set_supply(0, (2, 3));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon nethervoid.acolyte_of_growth e5 r0", "i5"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.supply(O, Rank::Common), 0);
}

// ----- Power Seeker -----

const SEEKER: &str = "f5=o h5=o g4=o i4=o";

#[test]
fn power_seeker_closes_in_on_the_gateway_and_may_destroy_it() {
    let mut g = game(&format!("{SEEKER} g7=o+"), Some("g7"), &["nethervoid.power_seeker"]);
    play(&mut g, "summon nethervoid.power_seeker e5 r0");
    assert_eq!(moves(&g), ["e5-f6"], "only strictly nearer to g7");
    play(&mut g, "e5-f6");
    assert_eq!(moves(&g), ["f6-g7"]);
    let n = g.events().len();
    play(&mut g, "f6-g7");
    assert!(events_since(&g, n).contains(&Event::GatewayLost { seat: 0, at: sq("g7") }), "ruling: allowed");
    assert_eq!((gw(&g), g.phase()), (String::new(), Phase::Main));
}

#[test]
fn power_seeker_that_is_the_gateway_makes_one_standard_move() {
    let mut g = game(&format!("{SEEKER} d5=b d6=b+"), None, &["nethervoid.power_seeker"]);
    play(&mut g, "summon nethervoid.power_seeker e5 r0");
    assert_eq!(gw(&g), "e5");
    assert!(legal(&g, "e5-d5") && !legal(&g, "e5-d6"), "standard: only a lower rank");
    play(&mut g, "e5-d5");
    assert_eq!((gw(&g), g.phase()), ("d5".into(), Phase::Main));
}

// ----- Hell Hound -----

const HOUND: &str = "c5=o d5=o b4=o e4=o";

fn hound_game(extra: &str, deck: &[&str]) -> Game {
    let mut p = position(&format!("{HOUND} {extra}"), Some("b4"), &["nethervoid.hell_hound"]);
    p.seats[0].gateway = Some(sq("b4"));
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered(deck.iter().map(|c| card(c)));
    // b4 is common and the Hound heroic: it takes the marker (rule c)
    p.to_game().unwrap()
}

#[test]
fn hell_hound_destroys_a_neighbour_and_goes_to_the_bottom_of_the_deck() {
    let mut g = hound_game("f6=b", &["nethervoid.vortexmaster"]);
    play(&mut g, "summon nethervoid.hell_hound e5 r0");
    assert!(legal(&g, "d5"), "any piece next to it, yours too");
    play(&mut g, "f6");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    let deck: Vec<CardId> = g.seat(0).deck.cards().collect();
    assert_eq!(deck, [card("nethervoid.vortexmaster"), card("nethervoid.hell_hound")]);
    assert!(g.seat(0).discard.is_empty());
}

#[test]
fn hell_hound_is_discarded_after_a_legend_or_with_an_empty_deck() {
    let mut g = hound_game("f6=b*", &["nethervoid.vortexmaster"]);
    play_all(&mut g, &["summon nethervoid.hell_hound e5 r0", "f6"]);
    assert_eq!(destroyed(&g, B, Rank::Legendary), 1);
    assert_eq!(g.seat(0).discard.to_vec(), [card("nethervoid.hell_hound")]);
    let mut g = hound_game("f6=b", &[]);
    play_all(&mut g, &["summon nethervoid.hell_hound e5 r0", "skip"]);
    assert_eq!(g.seat(0).discard.to_vec(), [card("nethervoid.hell_hound")]);
    // skipping the destruction still sends it to the deck
    let mut g = hound_game("", &["nethervoid.vortexmaster"]);
    play_all(&mut g, &["summon nethervoid.hell_hound e5 r0", "skip"]);
    assert_eq!(g.seat(0).deck.len(), 2);
}

// ----- Vortexmaster -----

const VORTEX: &str = "e6=o d7=o f7=o e8=o";

#[test]
fn vortexmaster_moves_the_gateway_then_a_piece_next_to_it() {
    let mut g = game(&format!("{VORTEX} c3=o+ b5=o"), Some("c3"), &["nethervoid.vortexmaster"]);
    play(&mut g, "summon nethervoid.vortexmaster e5 r0");
    play(&mut g, "c3-c4");
    assert!(legal(&g, "b5-b6"), "b5 is next to the Gateway now");
    play(&mut g, "b5-b6");
    assert_eq!(at(&g, "b6"), "o");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn vortexmaster_second_step_even_without_the_first() {
    let mut g = game(&format!("{VORTEX} c3=o+ b4=o c2=b"), Some("c3"), &["nethervoid.vortexmaster"]);
    play_all(&mut g, &["summon nethervoid.vortexmaster e5 r0", "skip"]);
    assert!(legal(&g, "b4-a4") && !legal(&g, "c2-c1"), "only your pieces");
    play(&mut g, "skip");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Gate Master -----

const MASTER: &str = "e6=o f6=o d5=o f5=o g5=o";

#[test]
fn gate_master_upgrades_the_gateway_to_a_legend_and_names_a_new_one() {
    let mut p = position(&format!("{MASTER} c3=o+"), Some("c3"), &["nethervoid.gate_master"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.gate_master e5 r0");
    assert_eq!(at(&g, "c3"), "o*");
    assert_eq!(gw(&g), "", "a legendary piece is not the Gateway");
    assert_eq!(g.turn().legends_summoned, 1, "counts as a legend summoned");
    assert!(g.turn().summoned[0].is_legend());
    assert!(!legal(&g, "c3") && !legal(&g, "skip"));
    play(&mut g, "e6");
    assert_eq!(gw(&g), "e6");
    // the legend scores its point at the end of the turn (deathmatch)
    play(&mut g, "end");
    assert_eq!(g.seat(0).score, 1);
}

#[test]
fn gate_master_takes_a_common_gateway_first_then_upgrades_itself() {
    // rule (c) makes the heroic Gate Master the Gateway; the upgrade then
    // makes it legendary
    let mut g = game(&format!("{MASTER} c3=o"), Some("c3"), &["nethervoid.gate_master"]);
    play(&mut g, "summon nethervoid.gate_master e5 r0");
    assert_eq!(at(&g, "e5"), "o*");
    assert_eq!(at(&g, "c3"), "o");
    play(&mut g, "c3");
    assert_eq!(gw(&g), "c3");
}

#[test]
fn gate_master_without_a_legend_in_supply_keeps_the_gateway_heroic() {
    let mut p = position(&format!("{MASTER} c3=o+"), Some("c3"), &["nethervoid.gate_master"]);
    p.set_supply(0, (p.seats[0].supply.0, 0));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.gate_master e5 r0");
    assert_eq!((at(&g, "c3"), gw(&g)), ("o+".into(), "c3".into()));
    assert_eq!(g.turn().legends_summoned, 0);
    assert!(legal(&g, "c3"), "the current Gateway may be picked again");
    play(&mut g, "c3");
    assert_eq!(gw(&g), "c3");
}

// ----- Hell Rider -----

const RIDER: &str = "e5=o f5=o g5=o e4=o";

#[test]
fn hell_rider_moves_up_to_three_times_unless_it_is_the_gateway() {
    let mut g = game(&format!("{RIDER} c3=o+"), Some("c3"), &["nethervoid.hell_rider"]);
    play_all(&mut g, &["summon nethervoid.hell_rider e5 r0", "e5-e6", "e6-e7", "e7-e8"]);
    assert_eq!((at(&g, "e8"), g.phase()), ("o+".into(), Phase::Main));
    // it took the marker from the Gateway it was summoned onto: one move only
    let mut g = game(RIDER, Some("e5"), &["nethervoid.hell_rider"]);
    play_all(&mut g, &["summon nethervoid.hell_rider e5 r0", "e5-e6"]);
    assert_eq!((gw(&g), g.phase()), ("e6".into(), Phase::Main));
    let mut g = game(&format!("{RIDER} c3=o+"), Some("c3"), &["nethervoid.hell_rider"]);
    play_all(&mut g, &["summon nethervoid.hell_rider e5 r0", "e5-e6", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Demon of Wrath -----

const WRATH: &str = "f5=o d4=o f4=o e3=o";

#[test]
fn wrath_moves_a_lonely_gateway_then_destroys_the_enemy_commons_around_it() {
    let mut g = game(&format!("{WRATH} c7=o+ b5=b c5=b d7=b+"), Some("c7"), &["nethervoid.demon_of_wrath"]);
    play(&mut g, "summon nethervoid.demon_of_wrath e5 r0");
    assert!(legal(&g, "c7-c6") && legal(&g, "skip"));
    assert!(!legal(&g, "c7-d7"), "a standard move: not onto a heroic piece");
    play(&mut g, "c7-c6");
    assert_eq!((at(&g, "b5"), at(&g, "c5"), at(&g, "d7")), (String::new(), String::new(), "b+".into()));
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
}

#[test]
fn wrath_with_an_enemy_common_next_to_the_gateway_destroys_at_once() {
    let mut g = game(&format!("{WRATH} c7=o+ d6=b c8=o"), Some("c7"), &["nethervoid.demon_of_wrath"]);
    play(&mut g, "summon nethervoid.demon_of_wrath e5 r0");
    assert_eq!(g.phase(), Phase::Main, "no move offered, the destruction is automatic");
    assert_eq!((at(&g, "d6"), at(&g, "c8")), (String::new(), "o".into()), "enemy pieces only");
}

// ----- Demon of Greed -----

const GREED: &str = "d6=o e6=o d4=o f4=o";

#[test]
fn greed_destroys_one_common_and_one_heroic_of_yours_for_two_actions() {
    let mut g = game(&format!("{GREED} c3=o+ h7=o+"), Some("c3"), &["nethervoid.demon_of_greed"]);
    play(&mut g, "summon nethervoid.demon_of_greed e5 r0");
    assert!(!legal(&g, "skip"), "mandatory");
    play(&mut g, "d6");
    assert!(!legal(&g, "c3"), "not the Gateway");
    assert!(legal(&g, "e5"), "the Demon itself is one of your heroic pieces");
    play(&mut g, "h7");
    assert_eq!(g.turn().actions, 3, "one action left after the summoning, two gained");
    assert_eq!(destroyed(&g, O, Rank::Common), 0, "your own pieces do not count");
}

#[test]
fn greed_with_nothing_to_destroy_gains_nothing() {
    // only the pattern commons... and the Gateway heroic: a common, no heroic but the Demon
    let mut g = game(&format!("{GREED} c3=o+"), Some("c3"), &["nethervoid.demon_of_greed"]);
    play_all(&mut g, &["summon nethervoid.demon_of_greed e5 r0", "d6", "e5"]);
    assert_eq!(g.turn().actions, 3);
    assert_eq!(at(&g, "e5"), "");
}

// ----- Demon of Lust -----

const LUST: &str = "e4=o f4=o f3=o g3=o";

#[test]
fn lust_moves_up_to_two_pieces_nearer_to_the_gateway_but_not_onto_it() {
    let mut g = game(&format!("{LUST} c7=o+ c4=b c6=b"), Some("c7"), &["nethervoid.demon_of_lust"]);
    play(&mut g, "summon nethervoid.demon_of_lust e5 r0");
    assert!(legal(&g, "c4-c5") && !legal(&g, "c4-c3"), "strictly nearer");
    assert!(!legal(&g, "c6-c7"), "not onto the Gateway");
    play(&mut g, "c4-c5");
    assert!(!legal(&g, "c5-b6"), "another piece");
    play(&mut g, "e5-d6");
    assert_eq!(g.phase(), Phase::Main, "two pieces at most");
    assert_eq!((at(&g, "c5"), at(&g, "d6")), ("b".into(), "o+".into()));
}

// ----- Demon of Sloth -----

#[test]
fn sloth_takes_an_action_or_else_the_gateway() {
    let mut g = game("d4=o c3=o+", Some("c3"), &["nethervoid.demon_of_sloth"]);
    play(&mut g, "summon nethervoid.demon_of_sloth e5 r0");
    assert_eq!(g.turn().actions, 0);
    assert_eq!(gw(&g), "c3");
    // with no action left the Gateway goes; the Sloth itself may be it
    let mut p = position("d4=o", None, &["nethervoid.demon_of_sloth"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.demon_of_sloth e5 r0");
    assert_eq!((at(&g, "e5"), gw(&g)), (String::new(), String::new()));
}

// ----- Demon of Envy -----

const ENVY: &str = "d6=o e5=o f5=o";

#[test]
fn envy_places_next_to_the_gateway_while_an_opponent_has_more_pieces() {
    // orange: d6, e5, f5, c3 = 4; blue 6
    let blue = "a4=b a6=b b8=b c8=b d8=b e8=b";
    let mut g = game(&format!("{ENVY} c3=o+ {blue}"), Some("c3"), &["nethervoid.demon_of_envy"]);
    play(&mut g, "summon nethervoid.demon_of_envy e5 r0");
    assert!(!legal(&g, "skip"));
    play_all(&mut g, &["b3", "b4"]);
    assert_eq!(g.phase(), Phase::Main, "6 against 6: no more");
    assert_eq!(g.board().total(O), 6);
}

#[test]
fn envy_always_places_the_first_piece_and_needs_room() {
    let mut g = game(&format!("{ENVY} c3=o+"), Some("c3"), &["nethervoid.demon_of_envy"]);
    play_all(&mut g, &["summon nethervoid.demon_of_envy e5 r0", "b3"]);
    assert_eq!(g.phase(), Phase::Main);
    // every square around the Gateway taken: nothing
    let mut g = game(&format!("{ENVY} a4=o+ a3=b b3=b b4=b b5=b a5=b"), Some("a4"), &["nethervoid.demon_of_envy"]);
    play(&mut g, "summon nethervoid.demon_of_envy e5 r0");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Possessed Summoner -----

const POSSESSED: &str = "f5=o d4=o e4=o e3=o";

#[test]
fn possessed_summoner_places_an_enemy_piece_and_the_next_summoning_uses_that_color() {
    // blue g8 and i7 make the Shadow Imp's pattern for h7 once possessed;
    // orange b5 and d4 make it for c4 normally
    let pieces = format!("{POSSESSED} c7=o+ g8=b i7=b b5=o");
    let mut g = game(&pieces, Some("c7"), &["nethervoid.possessed_summoner", "nethervoid.shadow_imp", "flares.01"]);
    assert!(legal(&g, "summon nethervoid.shadow_imp c4 r0"));
    play(&mut g, "summon nethervoid.possessed_summoner e5 r0");
    assert!(!legal(&g, "skip"), "mandatory when possible");
    assert!(legal(&g, "h8") && !legal(&g, "c5"), "next to a blue piece");
    play(&mut g, "h8");
    assert_eq!(at(&g, "h8"), "b");
    assert_eq!(g.turn().possessed, Some(B));
    play(&mut g, "skip");
    assert!(!legal(&g, "summon nethervoid.shadow_imp c4 r0"), "your own pieces do not count");
    assert!(legal(&g, "summon nethervoid.shadow_imp h7 r0"));
    play_all(&mut g, &["summon nethervoid.shadow_imp h7 r0", "skip"]);
    assert_eq!(at(&g, "h7"), "o", "the being is yours");
    assert_eq!(g.turn().possessed, None, "used up");
}

#[test]
fn possessed_summoner_may_trade_the_flare_for_an_action() {
    let mut g = game(&format!("{POSSESSED} c7=o+ g8=b"), Some("c7"), &["nethervoid.possessed_summoner", "flares.01"]);
    play_all(&mut g, &["summon nethervoid.possessed_summoner e5 r0", "h8", "option 1"]);
    assert_eq!(g.turn().actions, 2);
    assert!(g.seat(0).flares.is_empty());
    // without a flare only skip remains, and nothing is asked
    let mut g = game(&format!("{POSSESSED} c7=o+ g8=b"), Some("c7"), &["nethervoid.possessed_summoner"]);
    play_all(&mut g, &["summon nethervoid.possessed_summoner e5 r0", "h8"]);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn possessed_summoner_with_no_enemy_piece_to_place_possesses_nothing() {
    let mut p = position(&format!("{POSSESSED} c7=o+ g8=b"), Some("c7"), &["nethervoid.possessed_summoner"]);
    p.set_supply(1, (0, 3));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.possessed_summoner e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().possessed, None);
}

// ----- notation, validation and views -----

#[test]
fn the_gateway_is_a_marker_in_the_position_text_and_read_back() {
    let mut p = position("e5=o+ c3=o f6=b", Some("e5"), &["nethervoid.gate_master"]);
    p.this_turn.possessed = Some(B);
    p.this_turn.summoned.push(tash_kalar_rules::Summoned {
        card: card("nethervoid.gate_master"),
        at: sq("e5"),
        legend: true,
    });
    let text = p.to_text();
    assert!(text.contains("board: 9/9/9/5b3/4o+@4/9/2o6/9/9"), "{text}");
    assert!(text.contains("possessed b") && text.contains("nethervoid.gate_master@e5*"), "{text}");
    let q = Position::from_text(&text).unwrap();
    assert_eq!(q, p);
    let g = q.to_game().unwrap();
    assert_eq!(g.gateway(0), Some(sq("e5")));
    assert_eq!(g.turn().legends_summoned, 1);
    assert_eq!(Position::of(&g).unwrap().to_text(), text);
}

#[test]
fn a_gateway_on_a_wrong_piece_is_refused_with_a_reason() {
    for (pieces, gateway) in [("f6=b", "f6"), ("e5=o*", "e5"), ("", "e5")] {
        let err = position(pieces, Some(gateway), &[]).to_game().unwrap_err().to_string();
        assert!(err.contains("Gateway on"), "{pieces}: {err}");
    }
    let mut p = position("e5=b", None, &[]);
    p.seats[1].gateway = Some(sq("e5"));
    assert!(p.to_game().unwrap_err().to_string().contains("has no Gateway"));
    // in the text: a marker on a piece of no Nethervoid seat, or twice
    let text = position("e5=o c3=b", None, &[]).to_text();
    let bad = text.replace("2b6", "2b@6");
    assert!(Position::from_text(&bad).unwrap_err().to_string().contains("no Nethervoid seat"), "{bad}");
    let two = position("e5=o c3=o", None, &[]).to_text().replace("4o4", "4o@4").replace("2o6", "2o@6");
    assert!(Position::from_text(&two).unwrap_err().to_string().contains("two Gateways"), "{two}");
    // a plain board text refuses the marker
    assert!(tash_kalar_rules::Board::from_text("9/9/9/9/4o@4/9/9/9/9").is_err());
}

#[test]
fn every_seat_sees_the_gateway_and_a_view_rebuilds_it() {
    let g = game("e5=o+ c3=o", Some("e5"), &["nethervoid.flame_imp"]);
    for seat in 0..2 {
        let view = g.view(seat);
        assert_eq!(view.seats[0].gateway, Some(sq("e5")));
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains("\"gateway\":\"e5\""), "{json}");
        let back: View = serde_json::from_str(&json).unwrap();
        assert_eq!(Observation::from_view(&back).unwrap(), g.observe(seat));
        assert_eq!(Game::from_view(&back).unwrap().gateway(0), Some(sq("e5")));
    }
}

#[test]
fn gateway_events_have_squares() {
    let e = Event::GatewayGained { seat: 0, at: sq("e5") };
    assert_eq!(e.squares().as_slice(), [sq("e5")]);
    let json = serde_json::to_value(Event::GatewayLost { seat: 0, at: sq("c3") }).unwrap();
    assert_eq!(json["kind"], "gateway-lost");
}

#[test]
fn nethervoid_plays_in_every_form() {
    for form in Form::ALL {
        let n = *form.seats().start();
        let mut schools = vec![School::Nethervoid, School::Highland, School::Sylvan, School::Northern];
        schools.truncate(n.max(2));
        assert!(Game::new(form, &schools).is_ok(), "{form:?}");
    }
}

#[test]
fn a_possessed_summoning_takes_no_stand_ins() {
    // a melee's improvised summoning gives the stand-in (the War Summoner's
    // bonus never comes to a Nethervoid seat: a position with it is refused)
    let board = board_of("c7=o+ g8=b i7=b b5=o d4=o").to_text();
    let schools = [School::Nethervoid, School::Northern, School::Southern];
    let mut p = Position::with_schools(Form::Melee, &board, &schools).expect("a melee position");
    p.seats[0].gateway = Some(sq("c7"));
    give(&mut p, 0, &["nethervoid.shadow_imp"]);
    let g = p.to_game().unwrap();
    assert_eq!(g.stand_ins().len(), 1, "improvised summoning");
    // one blue piece could stand in for b5: without the hold the Imp may
    // be summoned with g8 and an orange piece
    p.this_turn.possessed = Some(B);
    let g = p.to_game().unwrap();
    assert!(g.stand_ins().is_empty(), "ruling: the possessing color's pieces only");
    assert!(legal(&g, "summon nethervoid.shadow_imp h7 r0"));
    assert!(!legal(&g, "summon nethervoid.shadow_imp c4 r0"));
}

#[test]
fn in_a_melee_the_possessed_summoner_picks_the_enemy_color_by_name() {
    let board = board_of("f5=o d4=o e4=o e3=o c7=o+ g8=b a4=r").to_text();
    let mut p = Position::with_schools(Form::Melee, &board, &[School::Nethervoid, School::Northern, School::Southern])
        .expect("a melee position");
    p.seats[0].gateway = Some(sq("c7"));
    give(&mut p, 0, &["nethervoid.possessed_summoner"]);
    let mut g = p.to_game().expect("a valid melee position");
    play(&mut g, "summon nethervoid.possessed_summoner e5 r0");
    let meanings: Vec<(String, Option<Color>)> = g
        .legal_choices()
        .into_iter()
        .map(|c| {
            let tash_kalar_rules::Choice::Option(n) = c else { panic!("{c}") };
            (c.to_string(), g.option_meaning(n).and_then(|m| m.color))
        })
        .collect();
    assert_eq!(meanings, [("option 1".into(), Some(Color::Red)), ("option 2".into(), Some(Color::Blue))]);
    play(&mut g, "option 1");
    assert!(legal(&g, "a3") && !legal(&g, "h8"), "next to a red piece now");
    play(&mut g, "a3");
    assert_eq!((at(&g, "a3"), g.turn().possessed), ("r".into(), Some(Color::Red)));
}

#[test]
fn in_team_play_the_hell_hound_goes_under_the_sideways_cards() {
    let board = board_of("c5=o d5=o b4=o e4=o f6=b").to_text();
    let schools = [School::Nethervoid, School::Northern, School::Highland, School::Sylvan];
    let mut p = Position::with_schools(Form::TeamDuel, &board, &schools).expect("a team position");
    give(&mut p, 0, &["nethervoid.hell_hound"]);
    let deck = ["nethervoid.vortexmaster", "nethervoid.flame_imp"].map(card);
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered(deck);
    p.seats[0].deck.sideways = 1;
    let mut g = p.to_game().expect("a valid team position");
    play_all(&mut g, &["summon nethervoid.hell_hound e5 r0", "f6"]);
    let s = &g.seat(0).deck;
    assert_eq!(s.len(), 3);
    assert_eq!(s.sideways, 2, "put among the sideways cards, as a returned card is");
    assert!(g.seat(0).discard.is_empty());
}
