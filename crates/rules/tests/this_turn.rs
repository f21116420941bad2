//! Impossible positions are refused: each `this-turn` entry (a position's
//! line, a view's turn) against what one turn of the active seat can hold,
//! with a typed error for each bound and an accepted case at the bound.
//! (That play never reaches a refused state is checked by the random games
//! of `properties.rs`, which validate every state they reach.)

use tash_kalar_rules::{
    CardId, Color, Form, Game, PieceKind, Position, PositionError, School, Square, Summoned, TurnEntry,
    ValidationError, ViewError,
};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A duel of `school` (seat 0, to act) against Southern, on an empty board.
fn duel(school: School) -> Position {
    let other = if school == School::Southern { School::Northern } else { School::Southern };
    Position::with_schools(Form::Duel, "9/9/9/9/9/9/9/9/9", &[school, other]).unwrap()
}

/// The validation error that `p` is refused with.
fn refused(p: &Position) -> ValidationError {
    match p.to_game() {
        Err(PositionError::Invalid(e)) => e,
        other => panic!("expected a validation error, got {other:?}"),
    }
}

fn accepted(p: &Position) -> Game {
    p.to_game().unwrap_or_else(|e| panic!("refused: {e}\n{}", p.to_text()))
}

#[test]
fn legends_summoned_this_turn_are_at_most_the_summonings() {
    // the case: 250 legends, scored at the end of the turn
    let text = "form: duel\nboard: 9/9/9/9/9/9/9/9/9\nthis-turn: legends 250\nseat: northern\nseat: southern\n";
    let e = Position::from_text(text).unwrap().to_game().unwrap_err();
    assert!(matches!(e, PositionError::Invalid(ValidationError::NotThisSchool { what: TurnEntry::IrisLegend, .. })));
    // an Etherweave seat (the Iris of Eternity) still cannot make 2 legends of 1 summoning
    let mut p = duel(School::Etherweave);
    p.this_turn.summoned = vec![Summoned::new(card("etherweave.iris_of_eternity"), sq("e5"))];
    p.this_turn.legends_summoned = Some(2);
    assert_eq!(refused(&p), ValidationError::LegendsSummoned { legends: 2, listed: 0, beings: 1 });
    // the bound: the Iris upgraded to legendary is the one legend of its summoning
    p.this_turn.legends_summoned = Some(1);
    let g = accepted(&p);
    assert_eq!(g.turn().legends_summoned, 1);
    // fewer legends than those listed as summoned
    let mut p = duel(School::Northern);
    p.this_turn.summoned = vec![Summoned::new(card("legends.titan"), sq("e5"))];
    p.this_turn.legends_summoned = Some(0);
    assert_eq!(refused(&p), ValidationError::LegendsSummoned { legends: 0, listed: 1, beings: 1 });
    p.this_turn.legends_summoned = None;
    assert_eq!(accepted(&p).turn().legends_summoned, 1);
}

#[test]
fn only_the_gate_master_is_marked_as_a_legend_summoned() {
    // the case: a `*` on a seat with no Gate Master scored a legend point
    let mut p = duel(School::Northern);
    p.this_turn.summoned = vec![Summoned { card: card("imperial.knight"), at: sq("e5"), legend: true }];
    assert_eq!(refused(&p), ValidationError::LegendMark { card: card("imperial.knight") });
    let mut p = duel(School::Nethervoid);
    p.this_turn.summoned = vec![Summoned { card: card("nethervoid.gate_master"), at: sq("e5"), legend: true }];
    assert_eq!(accepted(&p).turn().legends_summoned, 1);
}

#[test]
fn a_seat_summons_its_own_beings_and_legends() {
    let mut p = duel(School::Northern);
    p.this_turn.summoned = vec![Summoned::new(card("highland.war_summoner"), sq("e5"))];
    assert_eq!(refused(&p), ValidationError::SummonedNotOwn { seat: 0, card: card("highland.war_summoner") });
    p.this_turn.summoned = vec![Summoned::new(card("imperial.knight"), sq("e5"))];
    accepted(&p);
}

#[test]
fn school_entries_only_for_the_school_whose_cards_make_them() {
    type Set = fn(&mut Position);
    let cases: [(Set, TurnEntry, School, &[School]); 6] = [
        (|p| p.this_turn.emperor_warped = true, TurnEntry::EmperorWarped, School::Etherweave, &[]),
        (|p| p.this_turn.war_summoner_bonus = true, TurnEntry::WarSummoner, School::Highland, &[School::Everfrost]),
        (|p| p.this_turn.possessed = Some(Color::Red), TurnEntry::Possessed, School::Nethervoid, &[]),
        (|p| p.this_turn.doubled = 1, TurnEntry::Doubled, School::Etherweave, &[]),
        (|p| p.this_turn.void_squares = 2, TurnEntry::Void, School::Etherweave, &[]),
        (
            |p| {
                p.this_turn.summoned = vec![Summoned::new(card("legends.titan"), sq("e5"))];
                p.this_turn.extra_beings = 1;
            },
            TurnEntry::ExtraCards,
            School::Sylvan,
            &[],
        ),
    ];
    for (set, what, school, also) in cases {
        // the case among them: `emperor-warped` for a seat that cannot have it
        let mut p = duel(School::Northern);
        set(&mut p);
        assert_eq!(
            refused(&p),
            ValidationError::NotThisSchool { what, school, seat: 0, plays: School::Northern },
            "{what}"
        );
        for &s in [school].iter().chain(also) {
            let mut p = duel(s);
            set(&mut p);
            accepted(&p);
        }
    }
}

#[test]
fn extra_cards_are_at_most_one_of_each_per_summoning() {
    let mut p = duel(School::Sylvan);
    p.this_turn.summoned = vec![Summoned::new(card("sylvan.forest_mystic"), sq("e5"))];
    p.this_turn.extra_beings = 1;
    p.this_turn.extra_legends = 1;
    accepted(&p);
    p.this_turn.extra_legends = 2;
    assert_eq!(refused(&p), ValidationError::ExtraCards { what: "legends", extra: 2, beings: 1 });
}

#[test]
fn gate_of_oblivion_warps_are_one_and_one_per_summoning() {
    let mut p = duel(School::Etherweave);
    p.this_turn.doubled = 1;
    accepted(&p);
    p.this_turn.doubled = 2;
    assert_eq!(refused(&p), ValidationError::Doubled { doubled: 2, again: false, beings: 0 });
    // a Warpmaster summoned puts the pending Gate back in the hand: one more warp
    p.this_turn.summoned = vec![Summoned::new(card("etherweave.warpmaster"), sq("e5"))];
    accepted(&p);
    // warped twice, and back in the hand again: a third warp would come without a summoning
    p.seats[0].beings = vec![card("etherweave.gate_of_oblivion")];
    assert_eq!(refused(&p), ValidationError::Doubled { doubled: 2, again: true, beings: 1 });
    p.seats[0].pending = Some(card("etherweave.gate_of_oblivion"));
    accepted(&p);
}

#[test]
fn destroyed_pieces_are_at_most_those_that_can_have_left_the_board() {
    // red has 16 + 3 pieces in a duel, none on the board, and at most 6
    // more can come onto it with no summoning: each counts at most twice
    let mut p = duel(School::Northern);
    p.this_turn.destroyed[Color::Red.index()] = [44, 3, 3];
    accepted(&p);
    p.this_turn.destroyed[Color::Red.index()] = [45, 3, 3];
    let e = refused(&p);
    assert_eq!(
        e,
        ValidationError::DestroyedTooMany {
            color: Color::Red,
            destroyed: 51,
            off_board: 19,
            entered: 6,
            per_piece: 2,
            most: 50
        }
    );
    // a red piece on the board was not destroyed; a summoning may put 6 more there
    let mut p = Position::duel("9/9/9/9/4r4/9/9/9/9").unwrap();
    p.this_turn.destroyed[Color::Red.index()] = [48, 0, 0];
    accepted(&p);
    p.this_turn.destroyed[Color::Red.index()] = [49, 0, 0];
    assert!(matches!(refused(&p), ValidationError::DestroyedTooMany { off_board: 18, most: 48, .. }));
    p.this_turn.summoned = vec![Summoned::new(card("imperial.knight"), sq("e5"))];
    p.this_turn.destroyed[Color::Red.index()] = [60, 0, 0];
    accepted(&p);
    // the text form: 250 destroyed
    let text = "form: duel\nboard: 9/9/9/9/9/9/9/9/9\nthis-turn: destroyed r:250/0/0\nseat: northern\nseat: southern\n";
    let e = Position::from_text(text).unwrap().to_game().unwrap_err();
    assert!(matches!(e, PositionError::Invalid(ValidationError::DestroyedTooMany { destroyed: 250, .. })), "{e}");
    // the active seat's own color, and a color nobody plays
    let mut p = duel(School::Northern);
    p.this_turn.destroyed[Color::Blue.index()] = [1, 0, 0];
    assert_eq!(refused(&p), ValidationError::DestroyedColor { color: Color::Blue, own: true });
    let mut p = duel(School::Northern);
    p.this_turn.destroyed[Color::Green.index()] = [0, 0, 1];
    assert_eq!(refused(&p), ValidationError::DestroyedColor { color: Color::Green, own: false });
}

#[test]
fn a_views_turn_is_checked_alike() {
    let p = duel(School::Northern);
    let g = accepted(&p);
    let good = g.view(0);
    assert_eq!(Game::from_view(&good).unwrap(), *g.observe(0).game());
    // more summonings counted than listed (the list holds all of them until it is full)
    let mut v = good.clone();
    v.turn.beings_summoned = 3;
    v.turn.legends_summoned = 3;
    assert_eq!(
        Game::from_view(&v).unwrap_err(),
        ViewError::Invalid(ValidationError::SummonedCount { listed: 0, counted: 3 })
    );
    // the Void Summoner's empty squares: 2 at most (an Etherweave seat's)
    let g = accepted(&duel(School::Etherweave));
    let mut v = g.view(0);
    v.turn.void_squares = 2;
    assert!(Game::from_view(&v).is_ok());
    v.turn.void_squares = 3;
    assert_eq!(Game::from_view(&v).unwrap_err(), ViewError::Invalid(ValidationError::VoidSquares { squares: 3 }));
}

#[test]
fn errors_are_typed_and_say_what_is_wrong() {
    let mut p = duel(School::Northern);
    p.seats[0].supply.0 += 1;
    let e = refused(&p);
    assert_eq!(
        e,
        ValidationError::PieceSet {
            color: Color::Blue,
            kind: PieceKind::TwoSided,
            have: 17,
            out_of_play: false,
            form: Form::Duel,
            seats: 2,
            set: 16
        }
    );
    assert_eq!(e.to_string(), "blue has 17 two-sided pieces on the board and in supply; a duel has 16");
    let mut v = accepted(&duel(School::Northern)).view(0);
    v.seats[0].supply.0 += 1;
    assert_eq!(Game::from_view(&v).unwrap_err(), ViewError::Invalid(e));
    let e = Position::from_text("form: duel\nseat: northern\n").unwrap_err();
    assert_eq!(e, PositionError::MissingLine { key: "board" });
}
