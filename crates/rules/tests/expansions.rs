//! Where two expansion schools meet: Etherweave's Merchant of Time lifting
//! Nethervoid's Gateway off the board (expansions.md 5.7, `docs/rulings.md`),
//! and Etherweave's swaps carrying the Gateway's marker.

mod common;
use common::*;
use tash_kalar_rules::position::{Field, SeatSetup};
use tash_kalar_rules::{Color, Event, Game, Piece, Position, PositionError, PositionSyntax, Rank, School};

const O: Color = Color::Orange;

/// A duel: Etherweave (purple, seat 0) to act in its second turn against
/// Nethervoid (orange, seat 1) whose Gateway is on `gateway`.
fn position(pieces: &str, gateway: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(&board_of(pieces).to_text()).expect("board text");
    p.seats = vec![SeatSetup::new(School::Etherweave), SeatSetup::new(School::Nethervoid)];
    p.number = 3;
    supplies_from_board(&mut p);
    give(&mut p, 0, cards);
    p.seats[1].gateway = Some(sq(gateway));
    p
}

/// The Merchant of Time's warp lifts the Gateway on b8 (a colorless square).
fn merchant_lifts_the_gateway() -> Game {
    let mut g = position("d4=p f4=p c3=p e3=p b8=o+ h8=o", "b8", &["etherweave.merchant_of_time"])
        .to_game()
        .expect("a valid position");
    play(&mut g, "warp etherweave.merchant_of_time");
    play(&mut g, "b8");
    g
}

#[test]
fn a_lifted_gateway_is_kept_with_the_stored_piece_and_lands_as_the_gateway() {
    let mut g = merchant_lifts_the_gateway();
    assert_eq!(g.seat(0).stored, Some(Piece::new(O, Rank::Heroic)));
    assert_eq!(g.seat(1).stored_gateway, None);
    assert_eq!(g.seat(0).stored_gateway, Some(1), "the stored piece is orange's Gateway");
    assert_eq!(g.gateway(1), None, "no Gateway on the board while it is stored");
    assert!(g.validate().is_ok());
    assert_eq!(g.view(1).seats[0].stored_gateway, Some(1), "public");
    // the position text carries it and reads back the same
    let text = Position::of(&g).unwrap().to_text();
    assert!(text.contains("stored o+ stored-gateway 1"), "{text}");
    let again = Position::from_text(&text).unwrap().to_game().unwrap();
    assert_eq!(again.seat(0).stored_gateway, Some(1));
    // summoned later, the stored piece lands and is the Gateway again
    play(&mut g, "summon etherweave.merchant_of_time e5 r0");
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "o+");
    assert_eq!(g.gateway(1), Some(sq("c9")));
    assert_eq!(g.seat(0).stored_gateway, None);
    assert!(g.events().iter().any(|e| matches!(e, Event::GatewayGained { seat: 1, .. })));
    assert!(g.validate().is_ok());
}

#[test]
fn a_stored_gateway_does_not_come_back_when_its_seat_has_a_new_one() {
    let mut p = Position::of(&merchant_lifts_the_gateway()).unwrap();
    // meanwhile orange summoned a Nethervoid being that took the marker (rule a)
    p.seats[1].gateway = Some(sq("h8"));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon etherweave.merchant_of_time e5 r0");
    play(&mut g, "c9");
    assert_eq!(at(&g, "c9"), "o+");
    assert_eq!(g.gateway(1), Some(sq("h8")), "the new Gateway stays; the landed piece is an ordinary piece");
}

#[test]
fn a_stored_gateway_that_cannot_be_one_is_refused_with_a_reason() {
    let mut p = Position::of(&merchant_lifts_the_gateway()).unwrap();
    p.seats[0].stored_gateway = Some(0);
    let err = p.to_game().unwrap_err().to_string();
    assert!(err.contains("cannot be seat 0's Gateway"), "{err}");
    let mut p = Position::of(&merchant_lifts_the_gateway()).unwrap();
    p.seats[0].stored = Some(Piece::new(O, Rank::Legendary));
    p.seats[1].supply = (p.seats[1].supply.0 + 1, p.seats[1].supply.1 - 1);
    let err = p.to_game().unwrap_err().to_string();
    assert!(err.contains("cannot be seat 1's Gateway"), "a legendary piece is never the Gateway: {err}");
    let text =
        Position::of(&merchant_lifts_the_gateway()).unwrap().to_text().replace("stored-gateway 1", "stored-gateway x");
    let err = Position::from_text(&text).unwrap_err();
    let PositionError::Syntax { error: PositionSyntax::BadNumber { field, value }, .. } = &err else { panic!("{err}") };
    assert_eq!((*field, value.as_str()), (Field::StoredGateway, "x"), "{err}");
}

#[test]
fn a_swap_carries_the_gateway_with_its_piece() {
    // the Paradox Worm trades a purple common piece for orange's common Gateway
    let mut g = position("d5=p b4=p c4=p c9=p g7=o", "g7", &["etherweave.paradox_worm"]).to_game().unwrap();
    play(&mut g, "summon etherweave.paradox_worm e5 r0");
    play(&mut g, "c9-g7");
    assert_eq!((at(&g, "c9"), at(&g, "g7")), ("o".to_string(), "p".to_string()));
    assert_eq!(g.gateway(1), Some(sq("c9")), "the marker went with its piece");
    assert!(g.validate().is_ok());
}
