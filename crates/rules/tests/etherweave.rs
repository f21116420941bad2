//! Tests of the Etherweave beings, their warp effects and the pending
//! being, from the card reference (`etherweave.json`, `expansions.md`
//! section 6) and our rulings (`docs/rulings.md`): playing a warp, the
//! pending being (public, summonable, not discardable), the causality
//! penalty, copying warps, the Merchant of Time's stored piece, the Time
//! Traveler's free summoning and the Void Summoner's empty squares.

mod common;
use common::*;
use tash_kalar_rules::position::SeatSetup;
use tash_kalar_rules::warp::{copyable_warp, warp_effect, CAUSALITY_PENALTY};
use tash_kalar_rules::{
    Actor, CardId, Choice, Color, Deck, Event, Form, Game, Observation, Phase, Piece, Position, Rank, School,
};

const P: Color = Color::Purple;
const B: Color = Color::Blue;

/// A duel position: Etherweave (purple, seat 0) to act with 2 actions in
/// its second turn (turn number 3) against Northern (blue, seat 1).
/// `pieces` lists `square=piece` words such as `e5=p f6=b+`; `cards` go
/// into purple's hand. Supplies are full for the pieces not on the board.
fn position(pieces: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats = vec![SeatSetup::new(School::Etherweave), SeatSetup::new(School::Northern)];
    p.number = 3;
    supplies_from_board(&mut p);
    give(&mut p, 0, cards);
    p
}

fn game(pieces: &str, cards: &[&str]) -> Game {
    position(pieces, cards).to_game().expect("a valid position")
}

/// Like [`game`], with a pending being and a discard pile for purple.
fn game_pending(pieces: &str, cards: &[&str], pending: Option<&str>, discard: &[&str]) -> Game {
    let mut p = position(pieces, cards);
    if let Some(id) = pending {
        if !p.seats[0].beings.contains(&card(id)) {
            p.seats[0].beings.push(card(id));
        }
        p.seats[0].pending = Some(card(id));
    }
    p.seats[0].discard = discard.iter().map(|id| card(id)).collect();
    p.to_game().expect("a valid position")
}

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

fn moves(g: &Game) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.contains('-')).collect()
}

fn pending(g: &Game) -> Option<CardId> {
    g.seat(0).pending
}

fn discard(g: &Game) -> Vec<CardId> {
    g.seat(0).discard.to_vec()
}

// ----- the deck -----

#[test]
fn the_etherweave_deck_holds_its_18_beings_in_reference_order() {
    let ids: Vec<&str> = Deck::Etherweave.cards().iter().map(|d| d.id).collect();
    assert_eq!(
        ids,
        [
            "etherweave.doppelganger",
            "etherweave.paradox_worm",
            "etherweave.lesser_shadow_twin",
            "etherweave.translocationist",
            "etherweave.antimatter_spirit",
            "etherweave.merchant_of_time",
            "etherweave.gate_of_oblivion",
            "etherweave.time_traveler",
            "etherweave.greater_shadow_twin",
            "etherweave.warpmaster",
            "etherweave.dark_sphere",
            "etherweave.void_summoner",
            "etherweave.eternal_emperor",
            "etherweave.reality_patch",
            "etherweave.polarity_queen",
            "etherweave.singularity",
            "etherweave.ziggurat_sentinel",
            "etherweave.iris_of_eternity",
        ]
    );
    assert_eq!(School::Etherweave.deck(), Deck::Etherweave);
    assert_eq!(School::Etherweave.color(), P);
    assert_eq!(School::parse("etherweave"), Some(School::Etherweave));
    assert!(School::ALL.contains(&School::Etherweave));
    assert_eq!(P.letter(), 'p');
    let common = Deck::Etherweave.cards().iter().filter(|d| d.rank == Rank::Common).count();
    assert_eq!(common, 5, "5 common beings and 13 heroic");
    // the 11 warp cards, all copyable but the Merchant of Time's
    let warps: Vec<&str> = Deck::Etherweave.ids().filter(|&c| warp_effect(c).is_some()).map(|c| c.def().id).collect();
    assert_eq!(
        warps,
        [
            "etherweave.paradox_worm",
            "etherweave.lesser_shadow_twin",
            "etherweave.translocationist",
            "etherweave.antimatter_spirit",
            "etherweave.merchant_of_time",
            "etherweave.gate_of_oblivion",
            "etherweave.greater_shadow_twin",
            "etherweave.void_summoner",
            "etherweave.eternal_emperor",
            "etherweave.polarity_queen",
            "etherweave.ziggurat_sentinel",
        ]
    );
    for c in Deck::Etherweave.ids().filter(|&c| warp_effect(c).is_some()) {
        assert_eq!(copyable_warp(c).is_some(), c != card("etherweave.merchant_of_time"), "{c}");
        assert!(!warp_effect(c).unwrap().text.is_empty());
    }
    assert!(warp_effect(card("imperial.knight")).is_none());
    for d in Deck::Etherweave.cards() {
        assert!(!d.text.is_empty(), "{}", d.id);
    }
}

/// Each being's rank and pattern as printed, summoned upright at e5 (from
/// the card reference, written out independently of the definitions; the
/// Time Traveler has its own tests).
const PATTERNS: [(&str, Rank, &str); 17] = [
    ("etherweave.doppelganger", Rank::Common, "d5 d4"),
    ("etherweave.paradox_worm", Rank::Common, "d5 b4 c4"),
    ("etherweave.lesser_shadow_twin", Rank::Common, "e4 f4 g4"),
    ("etherweave.translocationist", Rank::Common, "f6 d5 d4 e4"),
    ("etherweave.antimatter_spirit", Rank::Common, "f6 d4"),
    ("etherweave.merchant_of_time", Rank::Heroic, "d4 f4 c3 e3"),
    ("etherweave.gate_of_oblivion", Rank::Heroic, "d5 f5 d4 f4"),
    ("etherweave.greater_shadow_twin", Rank::Heroic, "f5 g5 h5"),
    ("etherweave.warpmaster", Rank::Heroic, "d7 c5 d4"),
    ("etherweave.dark_sphere", Rank::Heroic, "d5 e5 d4 e4"),
    ("etherweave.void_summoner", Rank::Heroic, "f5 e4 d3 f3"),
    ("etherweave.eternal_emperor", Rank::Heroic, "d6 d5 d4 e4"),
    ("etherweave.reality_patch", Rank::Heroic, "e6 d5 f5 e4"),
    ("etherweave.polarity_queen", Rank::Heroic, "d4 f4 e3 e2"),
    ("etherweave.singularity", Rank::Heroic, "d6 f6 d4 f4"),
    ("etherweave.ziggurat_sentinel", Rank::Heroic, "e4 d3 e3 c2 d2"),
    ("etherweave.iris_of_eternity", Rank::Heroic, "d4 f4 d3 f3 e2"),
];

#[test]
fn every_etherweave_pattern_needs_exactly_its_printed_pieces() {
    check_printed_patterns(&PATTERNS, 'p', game);
}

// ----- playing a warp effect; the pending being -----

#[test]
fn a_warp_is_played_in_the_main_phase_for_free_and_the_card_becomes_the_public_pending_being() {
    let mut g = game("e4=p d4=p f4=b", &["etherweave.lesser_shadow_twin", "etherweave.singularity"]);
    assert!(legal(&g, "warp etherweave.lesser_shadow_twin"));
    play(&mut g, "warp etherweave.lesser_shadow_twin");
    // the warp: upgrade one of your common pieces (mandatory: no skip)
    assert_eq!(g.phase(), Phase::Effect);
    assert_eq!(texts(&g), ["d4", "e4"]);
    play(&mut g, "e4");
    assert_eq!(at(&g, "e4"), "p+");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 2, "a warp costs no action");
    assert_eq!(pending(&g), Some(card("etherweave.lesser_shadow_twin")));
    assert!(g.seat(0).beings.contains(&card("etherweave.lesser_shadow_twin")), "still held");
    assert!(discard(&g).is_empty());
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Warped { seat: 0, card: c } if *c == card("etherweave.lesser_shadow_twin"))));
    // no second warp while a being is pending
    assert!(!texts(&g).iter().any(|t| t.starts_with("warp")));
    // public: the opponent's view names it, and it is not among their unseen cards
    let v = g.view(1);
    assert_eq!(v.seats[0].pending, Some(card("etherweave.lesser_shadow_twin")));
    assert!(!v.seats[0].unseen.contains(&card("etherweave.lesser_shadow_twin")));
    assert_eq!(v.seats[0].beings, 2, "it still counts as held");
    assert!(v.seats[0].hand.is_none(), "the rest of the hand stays hidden");
    // the spectator sees it too
    assert_eq!(g.spectator_view().seats[0].pending, Some(card("etherweave.lesser_shadow_twin")));
}

#[test]
fn no_warp_in_the_first_turn_nor_during_an_effect_nor_after_passing_on_an_action_in_progress() {
    let mut p = position("e4=p", &["etherweave.lesser_shadow_twin"]);
    p.number = 1;
    let g = p.to_game().unwrap();
    assert!(!legal(&g, "warp etherweave.lesser_shadow_twin"), "first turn of seat 0");
    // seat 1's first turn is turn 2: an Etherweave second seat may not warp then
    let mut p = Position::duel(&board_of("e4=p").to_text()).unwrap();
    p.seats = vec![SeatSetup::new(School::Northern), SeatSetup::new(School::Etherweave)];
    p.turn = 1;
    p.number = 2;
    supplies_from_board(&mut p);
    give(&mut p, 1, &["etherweave.lesser_shadow_twin"]);
    assert!(!legal(&p.to_game().unwrap(), "warp etherweave.lesser_shadow_twin"));
    p.number = 4;
    assert!(legal(&p.to_game().unwrap(), "warp etherweave.lesser_shadow_twin"));
    // during an effect: only the effect's choices
    let mut g = game("d5=p d4=p e4=p", &["etherweave.doppelganger", "etherweave.lesser_shadow_twin"]);
    play(&mut g, "warp etherweave.lesser_shadow_twin");
    assert!(texts(&g).iter().all(|t| !t.starts_with("warp")));
    // and it may come after the actions: with none left
    let mut g = game("e4=p", &["etherweave.lesser_shadow_twin"]);
    play_all(&mut g, &["place c9", "place d9"]);
    assert_eq!(g.turn().actions, 0);
    assert!(legal(&g, "warp etherweave.lesser_shadow_twin"));
    assert!(legal(&g, "end"));
}

#[test]
fn the_pending_being_is_summoned_as_from_the_hand_and_stops_being_pending() {
    let mut g = game_pending("e4=p f4=p g4=p", &[], Some("etherweave.lesser_shadow_twin"), &[]);
    play(&mut g, "summon etherweave.lesser_shadow_twin e5 r0");
    assert_eq!(pending(&g), None);
    assert_eq!(discard(&g), [card("etherweave.lesser_shadow_twin")]);
    assert!(!g.seat(0).beings.contains(&card("etherweave.lesser_shadow_twin")));
    // and another warp may follow in the same turn
    let mut g =
        game_pending("e4=p f4=p g4=p", &["etherweave.greater_shadow_twin"], Some("etherweave.lesser_shadow_twin"), &[]);
    assert!(!legal(&g, "warp etherweave.greater_shadow_twin"));
    play(&mut g, "summon etherweave.lesser_shadow_twin e5 r0");
    assert!(legal(&g, "warp etherweave.greater_shadow_twin"));
}

#[test]
fn the_pending_being_cannot_be_discarded_or_returned_by_the_discard_action_and_counts_for_the_refill() {
    let mut p = position("e4=p", &["etherweave.doppelganger", "etherweave.lesser_shadow_twin"]);
    p.seats[0].pending = Some(card("etherweave.lesser_shadow_twin"));
    p.seats[0].deck =
        tash_kalar_rules::pile::Pile::ordered([card("etherweave.singularity"), card("etherweave.warpmaster")]);
    let mut g = p.to_game().unwrap();
    assert!(legal(&g, "discard etherweave.doppelganger"));
    assert!(!legal(&g, "discard etherweave.lesser_shadow_twin"), "ruling: not by the discard action");
    play(&mut g, "discard etherweave.doppelganger");
    assert_eq!(g.phase(), Phase::Returning);
    assert!(!legal(&g, "return etherweave.lesser_shadow_twin"), "nor returned with it");
    play_all(&mut g, &["done", "place c9", "end"]);
    // the refill counts it: 1 being held (the pending one), 2 to draw
    match g.phase() {
        Phase::Refill { beings, .. } => assert_eq!(beings, 3),
        p => panic!("{p:?}"),
    }
    assert_eq!(g.seat(0).beings.len(), 1);
}

#[test]
fn the_causality_penalty_costs_2_points_at_the_end_and_counts_for_the_end_score() {
    let pending_at = |score: i16, end: Option<(u8, u8)>| {
        let mut p = position("e4=p d4=p c9=b", &[]);
        p.seats[0].score = score;
        p.seats[0].beings.push(card("etherweave.lesser_shadow_twin"));
        p.seats[0].pending = Some(card("etherweave.lesser_shadow_twin"));
        p.end = end;
        p.to_game().unwrap()
    };
    // 19 points and a pending being: 19 - 2 < 18, the end is not triggered
    let mut g = pending_at(19, None);
    play_all(&mut g, &["place b8", "place d9", "end"]);
    assert_eq!(g.end_state().last, None);
    // 20 - 2 reaches 18
    let mut g = pending_at(20, None);
    play_all(&mut g, &["place b8", "place d9", "end"]);
    assert_eq!(g.end_state().last, Some(0));
    // the last turn of the game: the penalty is charged when it ends
    let mut g = pending_at(17, Some((0, 0)));
    play_all(&mut g, &["place b8", "place d9", "end"]);
    assert!(g.is_over());
    assert_eq!(g.seat(0).score, 17 - CAUSALITY_PENALTY);
    assert!(g.events().iter().any(|e| matches!(e, Event::Scored { seat: 0, points: -2, .. })));
    assert_eq!(g.result().unwrap().ranking.iter().find(|p| p.seat == 0).map(|p| p.score), Some(15));
    assert_eq!(g.causality_penalty(1), 0);
}

#[test]
fn the_causality_penalty_is_charged_in_every_form() {
    for form in [Form::Duel, Form::HighForm] {
        let mut p = Position::with_schools(form, "9/9/9/9/9/9/9/9/9", &[School::Etherweave, School::Northern]).unwrap();
        p.number = 3;
        p.seats[0].beings.push(card("etherweave.translocationist"));
        p.seats[0].pending = Some(card("etherweave.translocationist"));
        p.seats[0].score = 5;
        p.end = Some((0, 0));
        let mut g = p.to_game().unwrap();
        // seat 0 plays last: its turn ends the game (after the refill and any claim)
        let mut guard = 0;
        while !g.is_over() && guard < 100 {
            let c = *g
                .legal_choices()
                .iter()
                .find(|c| matches!(c, Choice::EndTurn | Choice::Skip | Choice::Draw(_) | Choice::DrawTask(_)))
                .unwrap_or(&g.legal_choices()[0]);
            g.act(c).unwrap();
            guard += 1;
        }
        assert!(g.is_over(), "{form:?}");
        let expected = if form == Form::Duel { 5 - CAUSALITY_PENALTY } else { -CAUSALITY_PENALTY };
        assert_eq!(g.seat(0).score, expected, "{form:?}");
        assert_eq!(g.seat(1).score, 0);
    }
}

#[test]
fn the_pending_being_stays_through_determinization_and_view_rebuilds() {
    let g = game_pending(
        "e4=p",
        &["etherweave.doppelganger", "etherweave.singularity"],
        Some("etherweave.merchant_of_time"),
        &[],
    );
    for _ in 0..5 {
        let mut k = 0u64;
        let d = g.determinize(1, &mut |cards: &mut [CardId]| {
            k += 1;
            cards.rotate_left((k as usize) % cards.len().max(1));
        });
        assert_eq!(d.seat(0).pending, Some(card("etherweave.merchant_of_time")));
        assert!(d.seat(0).beings.contains(&card("etherweave.merchant_of_time")));
        assert_eq!(d.seat(0).beings.len(), 3);
    }
    let obs = Observation::from_view(&g.view(1)).expect("a seat's view rebuilds");
    assert_eq!(obs.game().seat(0).pending, Some(card("etherweave.merchant_of_time")));
    assert!(obs.game().seat(0).beings.contains(&card("etherweave.merchant_of_time")));
    assert_eq!(obs, g.observe(1));
    // the view round-trips through JSON
    let json = serde_json::to_string(&g.view(1)).unwrap();
    assert!(json.contains("\"pending\":\"etherweave.merchant_of_time\""), "{json}");
}

#[test]
fn positions_carry_the_pending_being_the_stored_piece_and_the_turn_and_validate_them() {
    let mut p = position("e4=p", &["etherweave.merchant_of_time"]);
    p.seats[0].pending = Some(card("etherweave.merchant_of_time"));
    p.seats[0].stored = Some(Piece::new(B, Rank::Heroic));
    p.seats[1].supply.0 -= 1;
    p.this_turn.emperor_warped = true;
    p.this_turn.doubled = 1;
    p.this_turn.void_squares = 2;
    let text = p.to_text();
    assert!(text.contains("pending etherweave.merchant_of_time"), "{text}");
    assert!(text.contains("stored b+"), "{text}");
    assert!(text.contains("emperor-warped yes doubled 1 void 2"), "{text}");
    let q = Position::from_text(&text).unwrap();
    assert_eq!(q, p);
    let g = q.to_game().unwrap();
    assert_eq!(g.seat(0).stored, Some(Piece::new(B, Rank::Heroic)));
    assert_eq!(g.supply(B, Rank::Common), 15, "a stored piece is not in supply");
    assert!(g.pieces_accounted_for());
    assert_eq!(g.turn().void_squares, 2);
    // read back without a supply line: the stored piece is left out of it
    let stripped: String = text
        .lines()
        .map(|l| {
            if l.starts_with("seat") {
                let w: Vec<&str> = l.split_whitespace().collect();
                let mut out = Vec::new();
                let mut i = 0;
                while i < w.len() {
                    if w[i] == "supply" {
                        i += 2;
                        continue;
                    }
                    out.push(w[i]);
                    i += 1;
                }
                out.join(" ")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let r = Position::from_text(&stripped).unwrap().to_game().unwrap();
    assert_eq!(r.supply(B, Rank::Common), 15);
    // a pending being not held, without a warp, or a stored piece without its Merchant: refused
    let mut bad = position("e4=p", &[]);
    bad.seats[0].pending = Some(card("etherweave.paradox_worm"));
    assert!(bad.to_game().unwrap_err().to_string().contains("must be among its beings"));
    let mut bad = position("e4=p", &["etherweave.singularity"]);
    bad.seats[0].pending = Some(card("etherweave.singularity"));
    assert!(bad.to_game().unwrap_err().to_string().contains("no warp effect"));
    let mut bad = position("e4=p", &["etherweave.paradox_worm"]);
    bad.seats[0].pending = Some(card("etherweave.paradox_worm"));
    bad.seats[0].stored = Some(Piece::new(B, Rank::Common));
    bad.seats[1].supply.0 -= 1;
    assert!(bad.to_game().unwrap_err().to_string().contains("Merchant of Time is not pending"));
    let mut bad = position("e4=p", &["etherweave.merchant_of_time"]);
    bad.seats[0].pending = Some(card("etherweave.merchant_of_time"));
    bad.seats[0].stored = Some(Piece::new(B, Rank::Common));
    assert!(bad.to_game().is_err(), "a stored piece beyond the set");
    assert!(Position::from_text(&text.replace("stored b+", "stored x")).is_err());
    assert!(Position::from_text(&text.replace("void 2", "void 3")).is_err());
}

#[test]
fn the_warp_choice_has_a_text_form_and_a_kind() {
    let c: Choice = "warp etherweave.paradox_worm".parse().unwrap();
    assert_eq!(c, Choice::Warp(card("etherweave.paradox_worm")));
    assert_eq!(c.to_string(), "warp etherweave.paradox_worm");
    assert!("warp".parse::<Choice>().is_err());
    assert!("warp nothing.here".parse::<Choice>().is_err());
    assert!("warp etherweave.paradox_worm extra".parse::<Choice>().is_err());
    let g = game("e4=p", &["etherweave.paradox_worm"]);
    assert!(g.legal_choices().contains(&c));
    assert_eq!(c.kind(), "warp");
    assert_eq!(
        serde_json::to_value(c).unwrap(),
        serde_json::json!({"kind": "warp", "card": "etherweave.paradox_worm"})
    );
}

// ----- Doppelganger -----

#[test]
fn doppelganger_copies_the_pending_beings_warp_and_it_stays_pending() {
    let mut g =
        game_pending("d5=p d4=p c9=p", &["etherweave.doppelganger"], Some("etherweave.lesser_shadow_twin"), &[]);
    play(&mut g, "summon etherweave.doppelganger e5 r0");
    // the Lesser Shadow Twin's warp: upgrade one of your common pieces
    assert_eq!(g.prompt().map(|s| s.id()), Some("etherweave.lesser_shadow_twin.warp_upgrade"));
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "p+");
    assert_eq!(pending(&g), Some(card("etherweave.lesser_shadow_twin")));
    assert_eq!(discard(&g), [card("etherweave.doppelganger")]);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn doppelganger_does_nothing_without_a_pending_being_or_with_the_merchant_pending() {
    let mut g = game("d5=p d4=p", &["etherweave.doppelganger"]);
    play(&mut g, "summon etherweave.doppelganger e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game_pending("d5=p d4=p f4=b", &["etherweave.doppelganger"], Some("etherweave.merchant_of_time"), &[]);
    play(&mut g, "summon etherweave.doppelganger e5 r0");
    assert_eq!(g.phase(), Phase::Main, "the Merchant's warp cannot be copied");
    assert_eq!(at(&g, "f4"), "b");
}

// ----- Paradox Worm -----

#[test]
fn paradox_worm_swaps_a_piece_of_yours_with_an_enemy_piece_of_the_same_rank() {
    let mut g = game("d5=p b4=p c4=p c9=p+ g7=b g8=b+ h8=b*", &["etherweave.paradox_worm"]);
    play(&mut g, "summon etherweave.paradox_worm e5 r0");
    let m = moves(&g);
    assert!(m.contains(&"e5-g7".to_string()), "{m:?}");
    assert!(m.contains(&"c9-g8".to_string()));
    assert!(!m.iter().any(|t| t.ends_with("h8")), "no legendary piece: {m:?}");
    assert!(!m.contains(&"c9-g7".to_string()), "ranks must match");
    assert!(legal(&g, "skip"));
    play(&mut g, "c9-g8");
    assert_eq!((at(&g, "c9"), at(&g, "g8")), ("b+".to_string(), "p+".to_string()));
    assert_eq!(destroyed(&g, B, Rank::Heroic), 0, "nothing is destroyed");
    // optional: skipped
    let mut g = game("d5=p b4=p c4=p g7=b", &["etherweave.paradox_worm"]);
    play_all(&mut g, &["summon etherweave.paradox_worm e5 r0", "skip"]);
    assert_eq!(at(&g, "g7"), "b");
}

#[test]
fn paradox_worm_warp_upgrades_an_enemy_common_then_may_discard_itself() {
    let mut g = game("e4=p g7=b g8=b+", &["etherweave.paradox_worm"]);
    play(&mut g, "warp etherweave.paradox_worm");
    assert_eq!(texts(&g), ["g7"], "mandatory: only enemy common pieces");
    play(&mut g, "g7");
    assert_eq!(at(&g, "g7"), "b+");
    assert_eq!(texts(&g), ["option 1", "skip"]);
    play(&mut g, "option 1");
    assert_eq!(pending(&g), None);
    assert_eq!(discard(&g), [card("etherweave.paradox_worm")]);
    assert!(!g.seat(0).beings.contains(&card("etherweave.paradox_worm")));
    // with no enemy common piece, straight to the optional discard; skipped: still pending
    let mut g = game("e4=p", &["etherweave.paradox_worm"]);
    play(&mut g, "warp etherweave.paradox_worm");
    assert_eq!(texts(&g), ["option 1", "skip"]);
    play(&mut g, "skip");
    assert_eq!(pending(&g), Some(card("etherweave.paradox_worm")));
}

#[test]
fn a_pending_merchant_cannot_be_discarded_by_a_copied_paradox_worm() {
    // Ziggurat copies the Worm's warp from the discard pile while the Merchant is pending
    let mut g = game_pending(
        "e4=p d3=p e3=p c2=p d2=p g7=b",
        &["etherweave.ziggurat_sentinel"],
        Some("etherweave.merchant_of_time"),
        &["etherweave.paradox_worm"],
    );
    play(&mut g, "summon etherweave.ziggurat_sentinel e5 r0");
    play(&mut g, "return etherweave.paradox_worm");
    play(&mut g, "g7");
    assert_eq!(g.phase(), Phase::Main, "no discard offered for the Merchant");
    assert_eq!(pending(&g), Some(card("etherweave.merchant_of_time")));
}

// ----- Lesser and Greater Shadow Twin -----

#[test]
fn lesser_shadow_twin_destroys_up_to_2_commons_next_to_a_piece_only_with_the_greater_twin_discarded() {
    let pieces = "e4=p f4=p g4=p b8=p a7=b b7=b c7=b+";
    let mut g = game(pieces, &["etherweave.lesser_shadow_twin"]);
    play(&mut g, "summon etherweave.lesser_shadow_twin e5 r0");
    assert_eq!(g.phase(), Phase::Main, "the Greater Shadow Twin is not in the discard pile");
    let mut g = game_pending(pieces, &["etherweave.lesser_shadow_twin"], None, &["etherweave.greater_shadow_twin"]);
    play(&mut g, "summon etherweave.lesser_shadow_twin e5 r0");
    play(&mut g, "b8");
    let t = texts(&g);
    assert_eq!(t, ["a7", "b7", "skip"], "commons next to b8 only (not the heroic c7)");
    play_all(&mut g, &["a7", "b7"]);
    assert_eq!(g.phase(), Phase::Main, "2 at most");
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
    // 0 or 1: skip after one
    let mut g = game_pending(pieces, &["etherweave.lesser_shadow_twin"], None, &["etherweave.greater_shadow_twin"]);
    play_all(&mut g, &["summon etherweave.lesser_shadow_twin e5 r0", "b8", "a7", "skip"]);
    assert_eq!(at(&g, "b7"), "b");
}

#[test]
fn greater_shadow_twin_destroys_a_heroic_piece_next_to_two_of_yours_with_the_lesser_twin_discarded() {
    let pieces = "f5=p g5=p h5=p c8=b+ b8=p d8=p g8=b+ f8=p";
    let mut g = game_pending(pieces, &["etherweave.greater_shadow_twin"], None, &["etherweave.lesser_shadow_twin"]);
    play(&mut g, "summon etherweave.greater_shadow_twin e5 r0");
    assert_eq!(texts(&g), ["c8", "skip"], "g8 touches only one of yours");
    play(&mut g, "c8");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    let mut g = game(pieces, &["etherweave.greater_shadow_twin"]);
    play(&mut g, "summon etherweave.greater_shadow_twin e5 r0");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn the_twins_warp_upgrades_a_common_piece_of_yours_when_possible() {
    let mut g = game("c9=p+", &["etherweave.greater_shadow_twin"]);
    play(&mut g, "warp etherweave.greater_shadow_twin");
    assert_eq!(g.phase(), Phase::Main, "no common piece of yours: nothing to do");
    assert_eq!(pending(&g), Some(card("etherweave.greater_shadow_twin")));
}

// ----- Translocationist -----

#[test]
fn translocationist_makes_up_to_two_heroic_common_swaps_and_its_warp_gains_an_action() {
    let mut g = game("f6=p d5=p d4=p e4=p c9=p+", &["etherweave.translocationist"]);
    play(&mut g, "summon etherweave.translocationist e5 r0");
    assert!(legal(&g, "c9-d4"));
    assert!(!legal(&g, "e5-d4"), "the Translocationist is common");
    play_all(&mut g, &["c9-d4", "d4-e4"]);
    assert_eq!(g.phase(), Phase::Main, "two swaps at most");
    assert_eq!((at(&g, "c9"), at(&g, "d4"), at(&g, "e4")), ("p".into(), "p".into(), "p+".into()));
    let mut g = game("e4=p", &["etherweave.translocationist"]);
    play(&mut g, "warp etherweave.translocationist");
    assert_eq!(g.turn().actions, 3);
}

// ----- Antimatter Spirit -----

#[test]
fn antimatter_spirit_has_no_normal_effect_and_its_linked_warp_moves_two_new_pieces_apart() {
    let mut g = game("f6=p d4=p", &["etherweave.antimatter_spirit"]);
    play(&mut g, "summon etherweave.antimatter_spirit e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    let mut g = game("c4=b+ c6=b", &["etherweave.antimatter_spirit"]);
    play(&mut g, "warp etherweave.antimatter_spirit");
    // from c5: north onto c6 (common, combat) and south onto c4 (heroic: impossible)
    assert!(!legal(&g, "c5-c6"), "the reverse move onto a heroic piece cannot be made");
    assert!(!legal(&g, "c5-c4"), "the reverse move onto a common piece is fine, but c4 holds a heroic one");
    assert!(legal(&g, "c5-b5"));
    assert!(!legal(&g, "e5-e6"), "e5 is red, not colorless");
    play(&mut g, "c5-b5");
    assert_eq!((at(&g, "b5"), at(&g, "c5"), at(&g, "d5")), ("p".into(), "".into(), "b".into()));
    // a move onto an enemy common piece destroys it (credited)
    let mut g = game("d6=b", &["etherweave.antimatter_spirit"]);
    play_all(&mut g, &["warp etherweave.antimatter_spirit", "d5-d6"]);
    assert_eq!((at(&g, "d6"), at(&g, "d4")), ("p".into(), "b".into()));
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn antimatter_spirit_warp_needs_pieces_of_both_colors_or_does_nothing() {
    let mut p = position("e4=p", &["etherweave.antimatter_spirit"]);
    p.set_supply(1, (0, 3));
    let mut g = p.to_game().unwrap();
    play(&mut g, "warp etherweave.antimatter_spirit");
    assert_eq!(g.phase(), Phase::Main, "no blue piece to put down: nothing is done");
    assert_eq!(g.board().pieces().count(), 1);
}

// ----- Merchant of Time -----

#[test]
fn merchant_of_time_keeps_a_piece_off_the_board_and_lands_it_when_summoned() {
    let pieces = "d4=p f4=p c3=p e3=p g7=b+ b8=b";
    let mut g = game(pieces, &["etherweave.merchant_of_time"]);
    play(&mut g, "warp etherweave.merchant_of_time");
    assert!(!legal(&g, "g7"), "g7 is green");
    assert!(legal(&g, "b8"));
    assert!(!legal(&g, "skip"));
    play(&mut g, "b8");
    assert_eq!(g.seat(0).stored, Some(Piece::new(B, Rank::Common)));
    assert_eq!(at(&g, "b8"), "");
    assert_eq!(g.supply(B, Rank::Common), 14, "16 less g7 less the stored piece");
    assert!(g.pieces_accounted_for());
    assert!(g.events().iter().any(|e| matches!(e, Event::Stored { .. })));
    assert_eq!(g.view(1).seats[0].stored, Some(Piece::new(B, Rank::Common)), "public");
    // summoned later: the stored piece makes a standard leap to a colorless square
    play(&mut g, "summon etherweave.merchant_of_time e5 r0");
    assert_eq!(pending(&g), None);
    assert!(!legal(&g, "g7"), "not a green square");
    assert!(!legal(&g, "d4"), "a common piece cannot land on a common piece");
    assert!(legal(&g, "c9"));
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "b");
    assert_eq!(g.seat(0).stored, None);
    assert!(g.pieces_accounted_for());
}

#[test]
fn the_stored_heroic_piece_lands_on_a_lower_piece_and_destroys_it() {
    let mut g = game_pending("d4=p f4=p c3=p e3=p c9=b", &[], Some("etherweave.merchant_of_time"), &[]);
    let mut p = Position::of(&g).unwrap();
    p.seats[0].stored = Some(Piece::new(P, Rank::Heroic));
    p.seats[0].supply.0 -= 1;
    g = p.to_game().unwrap();
    play(&mut g, "summon etherweave.merchant_of_time e5 r0");
    assert!(legal(&g, "c9"));
    assert!(legal(&g, "f4"), "a heroic piece may land on a common one, even one of yours");
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "p+");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
}

#[test]
fn a_pending_merchant_cannot_be_taken_back_or_discarded() {
    let mut g = game_pending("d7=p c5=p d4=p", &["etherweave.warpmaster"], Some("etherweave.merchant_of_time"), &[]);
    play(&mut g, "summon etherweave.warpmaster e5 r0");
    assert!(!legal(&g, "option 1"));
    let mut g =
        game_pending("e6=p d5=p f5=p e4=p", &["etherweave.reality_patch"], Some("etherweave.merchant_of_time"), &[]);
    play(&mut g, "summon etherweave.reality_patch e5 r0");
    // (no blue heroic piece: straight to the pending being: not offered, so to the hand)
    assert!(!legal(&g, "option 1"));
    assert!(!legal(&g, "discard etherweave.merchant_of_time"));
}

// ----- Gate of Oblivion -----

#[test]
fn gate_of_oblivion_destroys_the_purple_square_then_may_destroy_on_a_red_square() {
    let mut g = game("d5=p f5=p d4=p f4=p e4=p+ e6=b c5=b* g4=b", &["etherweave.gate_of_oblivion"]);
    play(&mut g, "summon etherweave.gate_of_oblivion e5 r0");
    assert_eq!(at(&g, "e4"), "", "its own piece on the purple square is destroyed too");
    let t = texts(&g);
    assert_eq!(t, ["g4", "e6", "skip"], "red squares; not the legendary c5");
    play(&mut g, "e6");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    // turned upside down, the purple square is above
    let mut g = game("d5=p f5=p d6=p f6=p e6=b+", &["etherweave.gate_of_oblivion"]);
    play(&mut g, "summon etherweave.gate_of_oblivion e5 r180");
    assert_eq!(at(&g, "e6"), "");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
}

#[test]
fn gate_of_oblivion_warp_counts_each_piece_destroyed_later_this_turn_twice() {
    let mut g = game("d5=p b4=p c4=p g7=b", &["etherweave.gate_of_oblivion", "etherweave.paradox_worm"]);
    play(&mut g, "warp etherweave.gate_of_oblivion");
    assert_eq!(g.turn().doubled, 1);
    // the Worm summoned onto a blue piece: it counts as 2 common pieces
    let mut p = Position::of(&g).unwrap();
    p.board.set(sq("e5"), Some(Piece::new(B, Rank::Common)));
    supplies_from_board(&mut p);
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon etherweave.paradox_worm e5 r0");
    assert_eq!(destroyed(&g, B, Rank::Common), 2);
    play_all(&mut g, &["skip", "place c9", "end"]);
    assert_eq!(g.seat(0).score, 1, "2 commons: 1 point");
}

// ----- Time Traveler -----

#[test]
fn time_traveler_goes_on_any_empty_colorless_square_while_its_pattern_is_anywhere() {
    let g = game("b8=p c7=p d6=p h2=b", &["etherweave.time_traveler"]);
    let summons: Vec<String> = texts(&g).into_iter().filter(|t| t.starts_with("summon")).collect();
    // 60 colorless squares, less the 2 of the pattern on colorless ones (c7 is green) and h2
    assert_eq!(summons.len(), 60 - 2 - 1, "{summons:?}");
    assert!(!legal(&g, "summon etherweave.time_traveler e5 r0"), "e5 is red");
    assert!(!legal(&g, "summon etherweave.time_traveler h2 r0"), "occupied");
    assert!(legal(&g, "summon etherweave.time_traveler h8 r0"));
    // any orientation name is the same summoning
    assert!(legal(&g, "summon etherweave.time_traveler h8 m90"));
    // the other diagonal works too; a broken diagonal does not
    assert!(legal(&game("c1=p d2=p e3=p", &["etherweave.time_traveler"]), "summon etherweave.time_traveler h8 r0"));
    assert!(!legal(&game("c1=p d2=p f4=p", &["etherweave.time_traveler"]), "summon etherweave.time_traveler h8 r0"));
    assert!(!legal(&game("c1=p d1=p e1=p", &["etherweave.time_traveler"]), "summon etherweave.time_traveler h8 r0"));
    let mut g = g;
    play(&mut g, "summon etherweave.time_traveler h8 m90");
    assert_eq!(at(&g, "h8"), "p+");
}

#[test]
fn time_traveler_may_destroy_a_common_piece_next_to_it_and_then_restacks_the_discard_top() {
    let mut g = game_pending(
        "b8=p c7=p d6=p g8=b h7=b+",
        &["etherweave.time_traveler"],
        None,
        &["etherweave.singularity", "etherweave.warpmaster"],
    );
    play(&mut g, "summon etherweave.time_traveler h8 r0");
    assert_eq!(texts(&g), ["g8", "skip"], "commons only");
    let deck_before = g.seat(0).deck.len();
    play(&mut g, "g8");
    assert_eq!(destroyed(&g, B, Rank::Common), 1);
    assert_eq!(g.seat(0).deck.len(), deck_before + 1);
    assert_eq!(g.seat(0).deck.top.last(), Some(&card("etherweave.warpmaster")));
    assert_eq!(discard(&g), [card("etherweave.singularity"), card("etherweave.time_traveler")]);
    // skipped: the discard pile stays
    let mut g = game_pending("b8=p c7=p d6=p g8=b", &["etherweave.time_traveler"], None, &["etherweave.warpmaster"]);
    play_all(&mut g, &["summon etherweave.time_traveler h8 r0", "skip"]);
    assert_eq!(discard(&g), [card("etherweave.warpmaster"), card("etherweave.time_traveler")]);
}

#[test]
fn time_traveler_in_a_shortage_takes_up_a_piece_the_pattern_does_without() {
    let mut p = position("b8=p c7=p d6=p h2=p+", &["etherweave.time_traveler"]);
    p.set_supply(0, (0, 3));
    let g = p.to_game().unwrap();
    assert!(legal(&g, "summon etherweave.time_traveler h8 r0 from h2"));
    assert!(!legal(&g, "summon etherweave.time_traveler h8 r0 from d6"), "d6 is in the pattern");
    assert!(!legal(&g, "summon etherweave.time_traveler h8 r0"));
}

// ----- Warpmaster -----

#[test]
fn warpmaster_takes_the_pending_being_back_or_makes_a_standard_move() {
    let mut g = game_pending("d7=p c5=p d4=p", &["etherweave.warpmaster"], Some("etherweave.paradox_worm"), &[]);
    play(&mut g, "summon etherweave.warpmaster e5 r0");
    assert!(legal(&g, "option 1") && legal(&g, "e5-e6") && legal(&g, "skip"));
    assert_eq!(g.option_meaning(0).map(|m| m.key), Some("pending-return"));
    play(&mut g, "option 1");
    assert_eq!(pending(&g), None);
    assert!(g.seat(0).beings.contains(&card("etherweave.paradox_worm")));
    assert!(legal(&g, "discard etherweave.paradox_worm"), "an ordinary hand card again");
    let mut g = game("d7=p c5=p d4=p", &["etherweave.warpmaster"]);
    play(&mut g, "summon etherweave.warpmaster e5 r0");
    assert!(!legal(&g, "option 1"));
    play(&mut g, "e5-f6");
    assert_eq!(at(&g, "f6"), "p+");
}

// ----- Dark Sphere -----

#[test]
fn dark_sphere_moves_up_to_3_pieces_to_distance_2_never_3_of_one_color() {
    let pieces = "d5=p e5=p d4=p e4=p f6=b f4=b e6=b g8=p c7=b*";
    let mut g = game(pieces, &["etherweave.dark_sphere"]);
    play(&mut g, "summon etherweave.dark_sphere e5 r0");
    assert_eq!(at(&g, "e5"), "p+");
    // f6 (distance 1) may move to distance 2: f7, g7, g6, g5
    assert!(legal(&g, "f6-g6") && legal(&g, "f6-f7"));
    assert!(!legal(&g, "f6-f5"), "still distance 1");
    assert!(!legal(&g, "c7-c6"), "legendary pieces do not move");
    play_all(&mut g, &["f6-g6", "f4-g3"]);
    // a third blue piece may not
    assert!(!moves(&g).iter().any(|m| m.starts_with("e6")), "{:?}", moves(&g));
    assert!(moves(&g).iter().any(|m| m.starts_with("d4")));
    play(&mut g, "d4-c3");
    assert_eq!(g.phase(), Phase::Main, "3 at most");
}

// ----- Void Summoner -----

#[test]
fn void_summoner_lets_the_next_summoning_count_two_empty_squares() {
    let mut g = game("f5=p e4=p d3=p f3=p d6=p", &["etherweave.void_summoner", "etherweave.eternal_emperor"]);
    assert!(!legal(&g, "summon etherweave.eternal_emperor b5 r0"));
    play(&mut g, "summon etherweave.void_summoner e5 r0");
    assert_eq!(g.turn().void_squares, 2);
    // the Emperor at b5 needs a6 a5 a4 b4: all empty, four > two
    assert!(!legal(&g, "summon etherweave.eternal_emperor b5 r0"));
    // at e7 it needs d8 d7 d6 e6: d6 is there, d8 is red and empty -> three empty: no
    assert!(!legal(&g, "summon etherweave.eternal_emperor e7 r0"));
    // at e6... needs d7 d6 d5 e5: d6 and e5 (the Void Summoner, heroic counts) there, d7 d5 empty: yes
    assert!(legal(&g, "summon etherweave.eternal_emperor e6 r0"));
    play(&mut g, "summon etherweave.eternal_emperor e6 r0");
    assert_eq!(g.turn().void_squares, 0, "used up by the next summoning");
    play(&mut g, "skip");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn void_summoner_warp_makes_a_standard_move_when_possible() {
    let mut g = game("e4=p e3=b", &["etherweave.void_summoner"]);
    play(&mut g, "warp etherweave.void_summoner");
    assert!(!legal(&g, "e4-e3"), "standard: not onto a common piece");
    assert!(!legal(&g, "skip"));
    play(&mut g, "e4-f4");
    assert_eq!(at(&g, "f4"), "p");
}

// ----- Eternal Emperor -----

#[test]
fn eternal_emperor_repeats_its_warp_unless_it_was_played_this_turn() {
    let mut g = game("d6=p d5=p d4=p e4=p", &["etherweave.eternal_emperor"]);
    play(&mut g, "summon etherweave.eternal_emperor e5 r0");
    // the warp: place a common piece, or one of your pieces moves (common: combat, heroic: standard)
    assert!(legal(&g, "c9") && legal(&g, "e4-e3") && legal(&g, "e5-f6") && legal(&g, "skip"));
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "p");
    assert_eq!(g.phase(), Phase::Main);
    // warped this turn, then summoned: no second time
    let mut g = game("d6=p d5=p d4=p e4=p", &["etherweave.eternal_emperor"]);
    play_all(&mut g, &["warp etherweave.eternal_emperor", "c9"]);
    assert!(g.turn().emperor_warped);
    play(&mut g, "summon etherweave.eternal_emperor e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    // copied by the Doppelganger: that does not count as played (rule 6.10)
    let mut g = game_pending(
        "d5=p d4=p f6=p f5=p f4=p g5=p",
        &["etherweave.doppelganger"],
        Some("etherweave.eternal_emperor"),
        &[],
    );
    play_all(&mut g, &["summon etherweave.doppelganger e5 r0", "c9"]);
    assert!(!g.turn().emperor_warped);
}

#[test]
fn eternal_emperor_warp_moves_a_heroic_piece_by_a_standard_move_only() {
    let mut g = game("e4=p+ e3=b+ c1=p", &["etherweave.eternal_emperor"]);
    let mut p = Position::of(&g).unwrap();
    p.set_supply(0, (0, 3));
    g = p.to_game().unwrap();
    play(&mut g, "warp etherweave.eternal_emperor");
    assert!(!legal(&g, "e4-e3"), "a heroic piece: standard move");
    assert!(!legal(&g, "c9"), "no common piece in supply to place");
    assert!(legal(&g, "e4-f4"));
}

// ----- Reality Patch -----

#[test]
fn reality_patch_destroys_a_heroic_piece_discards_the_pending_being_and_a_hand_card() {
    let mut g = game_pending(
        "e6=p d5=p f5=p e4=p c9=b+ d9=b",
        &["etherweave.reality_patch", "etherweave.singularity", "legends.titan", "flares.01"],
        Some("etherweave.polarity_queen"),
        &[],
    );
    play(&mut g, "summon etherweave.reality_patch e5 r0");
    assert_eq!(texts(&g), ["c9", "skip"]);
    play(&mut g, "c9");
    assert_eq!(texts(&g), ["option 1", "skip"]);
    play(&mut g, "option 1");
    assert_eq!(pending(&g), None);
    assert!(discard(&g).contains(&card("etherweave.polarity_queen")));
    let t = texts(&g);
    assert!(t.contains(&"discard etherweave.singularity".to_string()));
    assert!(t.contains(&"discard legends.titan".to_string()) && t.contains(&"discard flares.01".to_string()));
    play(&mut g, "discard legends.titan");
    assert_eq!(g.legend_discard(), [card("legends.titan")]);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn reality_patch_never_discards_the_pending_being_as_a_hand_card() {
    let mut g =
        game_pending("e6=p d5=p f5=p e4=p", &["etherweave.reality_patch"], Some("etherweave.paradox_worm"), &[]);
    play_all(&mut g, &["summon etherweave.reality_patch e5 r0", "skip"]);
    // (no pending-being question: the Warpmaster is pending, but then no hand card either)
    assert_eq!(g.phase(), Phase::Main, "the pending being is no hand card to discard");
}

// ----- Polarity Queen -----

#[test]
fn polarity_queen_moves_two_pieces_in_opposite_directions_both_or_neither() {
    let mut g = game("d4=p f4=p e3=p e2=p c9=p c7=p", &["etherweave.polarity_queen"]);
    play(&mut g, "summon etherweave.polarity_queen e5 r0");
    assert!(!legal(&g, "skip"), "mandatory when possible");
    assert!(!moves(&g).iter().any(|m| m.starts_with("e5")), "not the Queen herself");
    play(&mut g, "c9-d9");
    // the second goes west
    let m = moves(&g);
    assert!(
        m.iter().all(|t| {
            let (f, to) = t.split_once('-').unwrap();
            let (f, to) = (sq(f), sq(to));
            to.column() + 1 == f.column() && to.row() == f.row()
        }),
        "{m:?}"
    );
    assert!(!m.iter().any(|t| t.starts_with("d9")));
    play(&mut g, "f4-e4");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn polarity_queen_offers_only_first_moves_that_leave_a_second_one() {
    // crowded by blue heroic pieces: every first move listed keeps a partner for the opposite way
    let g0 = game("d4=p f4=p e3=p e2=p b7=p c7=p+ d8=b+ c6=b+ c8=b+", &["etherweave.polarity_queen"]);
    let mut g = g0.clone();
    play(&mut g, "summon etherweave.polarity_queen e5 r0");
    let firsts = moves(&g);
    assert!(!firsts.is_empty());
    for m in &firsts {
        let mut h = g.clone();
        play(&mut h, m);
        assert_eq!(h.phase(), Phase::Effect, "after {m}");
        assert!(!moves(&h).is_empty(), "after {m} a second move the opposite way is offered");
    }
}

#[test]
fn polarity_queen_warp_places_a_common_piece_next_to_an_enemy() {
    let mut g = game("e4=p c9=b", &["etherweave.polarity_queen"]);
    play(&mut g, "warp etherweave.polarity_queen");
    assert_eq!(texts(&g), ["b8", "c8", "d8", "d9"]);
    play(&mut g, "d9");
    assert_eq!(at(&g, "d9"), "p");
}

// ----- Singularity -----

#[test]
fn singularity_pulls_every_common_piece_next_to_the_square_onto_it_last_one_stays() {
    let mut g = game("d6=p f6=p d4=p f4=p b8=b a7=b b6=p c8=b+", &["etherweave.singularity"]);
    play(&mut g, "summon etherweave.singularity e5 r0");
    assert!(!legal(&g, "skip"), "mandatory");
    assert!(!legal(&g, "c7"), "green");
    play(&mut g, "b7");
    assert_eq!(texts(&g), ["b6-b7", "a7-b7", "b8-b7"]);
    play_all(&mut g, &["b8-b7", "b6-b7", "a7-b7"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "b7"), "b");
    assert_eq!(at(&g, "c8"), "b+", "heroic pieces stay");
    assert_eq!(destroyed(&g, B, Rank::Common), 1, "b8's piece, destroyed by b6's");
}

// ----- Ziggurat Sentinel -----

#[test]
fn ziggurat_sentinel_copies_a_warp_from_the_discard_pile_or_moves_along_its_arrow() {
    let pieces = "e4=p d3=p e3=p c2=p d2=p c9=p";
    let mut g = game_pending(
        pieces,
        &["etherweave.ziggurat_sentinel"],
        None,
        &["etherweave.lesser_shadow_twin", "etherweave.merchant_of_time", "etherweave.singularity"],
    );
    play(&mut g, "summon etherweave.ziggurat_sentinel e5 r0");
    let t = texts(&g);
    assert!(t.contains(&"return etherweave.lesser_shadow_twin".to_string()));
    assert!(!t.contains(&"return etherweave.merchant_of_time".to_string()), "cannot be copied");
    assert!(!t.contains(&"return etherweave.singularity".to_string()), "no warp");
    // the arrow points down-left from e5: d4
    assert!(legal(&g, "e5-d4"));
    play(&mut g, "return etherweave.lesser_shadow_twin");
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "p+");
    assert!(discard(&g).contains(&card("etherweave.lesser_shadow_twin")), "the copied card stays");
    // up to 3 combat moves along the arrow, turned with the pattern
    let mut g = game("e6=p f7=p e7=p g8=p f8=p c3=b+", &["etherweave.ziggurat_sentinel"]);
    play(&mut g, "summon etherweave.ziggurat_sentinel e5 r180");
    assert!(legal(&g, "e5-f6"));
    let mut g = game(pieces.replace(" c9=p", " b2=b+").as_str(), &["etherweave.ziggurat_sentinel"]);
    play_all(&mut g, &["summon etherweave.ziggurat_sentinel e5 r0", "e5-d4", "d4-c3", "c3-b2"]);
    assert_eq!(at(&g, "b2"), "p+");
    assert_eq!(destroyed(&g, B, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn ziggurat_sentinel_warp_makes_one_combat_move_or_two_standard_moves() {
    let mut g = game("e4=p e3=b", &["etherweave.ziggurat_sentinel"]);
    play(&mut g, "warp etherweave.ziggurat_sentinel");
    assert!(legal(&g, "e4-e3"), "a combat move");
    play(&mut g, "e4-e3");
    assert_eq!(g.phase(), Phase::Main, "a combat move onto the same rank ends it");
    let mut g = game("e4=p", &["etherweave.ziggurat_sentinel"]);
    play_all(&mut g, &["warp etherweave.ziggurat_sentinel", "e4-f4"]);
    assert!(legal(&g, "f4-g4") && legal(&g, "skip"));
    play(&mut g, "f4-g4");
    assert_eq!(at(&g, "g4"), "p");
}

// ----- Iris of Eternity -----

#[test]
fn iris_of_eternity_destroys_an_adjacent_legend_or_upgrades_itself_into_a_legend() {
    let pieces = "d4=p f4=p d3=p f3=p e2=p e6=b*";
    let mut g = game(pieces, &["etherweave.iris_of_eternity"]);
    play(&mut g, "summon etherweave.iris_of_eternity e5 r0");
    assert_eq!(texts(&g), ["e6", "e5", "skip"]);
    play(&mut g, "e6");
    assert_eq!(destroyed(&g, B, Rank::Legendary), 1);
    let mut g = game(pieces, &["etherweave.iris_of_eternity", "legends.titan", "legends.leviathan"]);
    play(&mut g, "summon etherweave.iris_of_eternity e5 r0");
    play(&mut g, "e5");
    assert_eq!(at(&g, "e5"), "p*");
    assert_eq!(g.turn().legends_summoned, 1);
    assert!(g.seat(0).legends.is_empty());
    assert_eq!(g.legend_discard().len(), 2);
    play_all(&mut g, &["place c9", "end"]);
    assert_eq!(g.seat(0).score, 1, "the point of a legend summoned");
}

#[test]
fn iris_of_eternity_cannot_upgrade_without_a_legendary_piece_in_supply() {
    let mut p = position("d4=p f4=p d3=p f3=p e2=p", &["etherweave.iris_of_eternity"]);
    p.set_supply(0, (p.seats[0].supply.0, 0));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon etherweave.iris_of_eternity e5 r0");
    assert_eq!(g.phase(), Phase::Main, "nothing to choose");
}

// ----- the whole school -----

#[test]
fn random_etherweave_duels_run_to_the_end_and_replay() {
    use tash_kalar_rules::{Match, Mover, Record};
    for seed in 0..6u64 {
        let mut m = Match::new(Form::Duel, &[School::Etherweave, School::Sylvan], Some(seed)).unwrap();
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut steps = 0;
        while !m.game().is_over() && steps < 4000 {
            let legal = m.game().legal_choices();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let c = legal[(x % legal.len() as u64) as usize];
            let by = Mover::of(m.game().actor()).expect("a game with legal choices has a mover");
            m.act(by, c).unwrap();
            m.game().validate().unwrap();
            steps += 1;
        }
        let text = m.record().to_text();
        let r = Record::parse(&text).unwrap();
        assert_eq!(&tash_kalar_rules::replay(&r).unwrap(), m.game());
    }
}

// ----- other forms -----

/// A game of `form` with these schools, purple (seat 0) holding `cards`,
/// in a later turn.
fn table_game(form: Form, schools: &[School], pieces: &str, cards: &[&str]) -> Game {
    let mut p = Position::with_schools(form, &board_of(pieces).to_text(), schools).expect("a position");
    p.number = 5;
    give(&mut p, 0, cards);
    p.to_game().expect("a valid position")
}

#[test]
fn antimatter_spirit_warp_lets_the_player_pick_the_opponent_in_a_melee() {
    let schools = [School::Etherweave, School::Northern, School::Sylvan];
    let mut g = table_game(Form::Melee, &schools, "e4=p", &["etherweave.antimatter_spirit"]);
    play_all(&mut g, &["warp etherweave.antimatter_spirit", "c5-c6"]);
    // blue or green: the option names the color
    let t = texts(&g);
    assert_eq!(t.len(), 2, "{t:?}");
    let color = |c: Choice| match c {
        Choice::Option(n) => g.option_meaning(n).and_then(|m| m.color),
        _ => None,
    };
    let colors: Vec<Option<Color>> = g.legal_choices().into_iter().map(color).collect();
    assert!(colors.contains(&Some(Color::Green)) && colors.contains(&Some(Color::Blue)), "{colors:?}");
    let green = g.legal_choices().into_iter().find(|&c| color(c) == Some(Color::Green)).unwrap();
    g.act(green).unwrap();
    assert_eq!((at(&g, "c6"), at(&g, "c4")), ("p".to_string(), "g".to_string()));
    // in team play "another color" is the opposing team's: one choice, made by itself
    let schools = [School::Etherweave, School::Northern, School::Highland, School::Southern];
    let mut g = table_game(Form::TeamDuel, &schools, "e4=p", &["etherweave.antimatter_spirit"]);
    play_all(&mut g, &["warp etherweave.antimatter_spirit", "c5-c6"]);
    assert_eq!((at(&g, "c6"), at(&g, "c4")), ("p".to_string(), "b".to_string()));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn after_passing_control_the_reality_patch_does_not_show_the_hand_to_the_teammate() {
    let schools = [School::Etherweave, School::Northern, School::Highland, School::Southern];
    let mut g = table_game(
        Form::TeamDuel,
        &schools,
        "e6=p d5=p f5=p e4=p",
        &["etherweave.reality_patch", "etherweave.singularity", "flares.01"],
    );
    play(&mut g, "summon etherweave.reality_patch e5 r0");
    // (no heroic enemy piece, no pending being) straight to the hand discard
    assert!(legal(&g, "discard etherweave.singularity"));
    play(&mut g, "pass");
    assert_eq!(g.actor(), Actor::Seat(2));
    assert!(!texts(&g).iter().any(|t| t.starts_with("discard")), "{:?}", texts(&g));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn the_pending_being_is_not_a_deck_card() {
    let mut p = position("e4=p", &["etherweave.lesser_shadow_twin"]);
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([card("etherweave.singularity")]);
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["warp etherweave.lesser_shadow_twin", "e4"]);
    assert_eq!(g.seat(0).deck.len(), 1, "it lies on the deck but is not counted in it");
    assert!(!g.seat(0).deck.cards().any(|c| c == card("etherweave.lesser_shadow_twin")));
    assert_eq!(g.view(1).seats[0].deck, 1);
}

#[test]
fn an_improvised_time_traveler_uses_up_the_enemy_color_of_its_pattern() {
    let schools = [School::Etherweave, School::Northern, School::Sylvan];
    let mut g = table_game(Form::Melee, &schools, "b8=p c7=p d6=b", &["etherweave.time_traveler"]);
    assert!(legal(&g, "summon etherweave.time_traveler h8 r0"), "a blue piece stands in (improvised)");
    play(&mut g, "summon etherweave.time_traveler h8 r0");
    assert!(g.seat(0).improvised.contains(B), "blue is used up");
    assert_eq!(at(&g, "d6"), "b", "the stand-in stays where it is");
    // with its own diagonal, nothing is used up
    let mut g = table_game(Form::Melee, &schools, "b8=p c7=p d6=p", &["etherweave.time_traveler"]);
    play(&mut g, "summon etherweave.time_traveler h8 r0");
    assert!(g.seat(0).improvised.is_empty());
}

#[test]
fn in_a_piece_shortage_a_heroic_being_takes_up_a_piece_outside_its_pattern_and_placing_warps_do_nothing() {
    let mut p =
        position("d5=p f5=p d4=p f4=p c9=p e4=b", &["etherweave.gate_of_oblivion", "etherweave.polarity_queen"]);
    p.set_supply(0, (0, 3));
    let mut g = p.to_game().unwrap();
    assert!(legal(&g, "summon etherweave.gate_of_oblivion e5 r0 from c9"));
    assert!(!legal(&g, "summon etherweave.gate_of_oblivion e5 r0"));
    assert!(!legal(&g, "summon etherweave.gate_of_oblivion e5 r0 from d5"), "a pattern piece");
    // the Polarity Queen's warp needs a common piece from the supply: nothing to do
    play(&mut g, "warp etherweave.polarity_queen");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.board().pieces().count(), 6);
    play(&mut g, "summon etherweave.gate_of_oblivion e5 r0 from c9");
    assert_eq!(at(&g, "c9"), "");
    assert_eq!(at(&g, "e5"), "p+");
    assert_eq!(at(&g, "e4"), "", "the purple square's blue piece is destroyed");
}

#[test]
fn a_stored_piece_with_no_square_to_land_on_goes_back_to_its_supply() {
    // a four-player melee with every colorless square taken: a stored common
    // piece has nowhere to leap (possible only with this many pieces)
    let mut pieces: Vec<String> = ["d4", "f4", "c3", "e3"].iter().map(|s| format!("{s}=p")).collect();
    let mut pool: Vec<&str> = Vec::new();
    pool.extend(vec!["p"; 8]);
    pool.extend(vec!["p*"; 3]);
    for c in ["b", "g", "n"] {
        pool.extend(vec![c; 14]);
    }
    pool.extend(["b*", "g*", "n*"]);
    let mut next = pool.into_iter();
    for sq in tash_kalar_rules::warp::colorless_squares().squares() {
        let name = sq.to_string();
        if ["d4", "f4", "c3", "e3"].contains(&name.as_str()) {
            continue;
        }
        pieces.push(format!("{name}={}", next.next().expect("enough pieces")));
    }
    let schools = [School::Etherweave, School::Northern, School::Sylvan, School::Highland];
    let mut p = Position::with_schools(Form::Melee, &board_of(&pieces.join(" ")).to_text(), &schools).unwrap();
    p.number = 5;
    give(&mut p, 0, &["etherweave.merchant_of_time"]);
    p.seats[0].pending = Some(card("etherweave.merchant_of_time"));
    p.seats[0].stored = Some(Piece::new(P, Rank::Common));
    p.seats[0].supply.0 -= 1;
    let mut g = p.to_game().unwrap();
    let supply = g.supply(P, Rank::Common);
    assert!(g.landing_squares().is_empty());
    play(&mut g, "summon etherweave.merchant_of_time e5 r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.seat(0).stored, None);
    assert!(g.events().iter().any(|e| matches!(e, Event::Landed { at: None, .. })));
    // the Merchant came from the supply, the stored piece went back to it
    assert_eq!(g.supply(P, Rank::Common), supply);
    assert!(g.pieces_accounted_for());
}
