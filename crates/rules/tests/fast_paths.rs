//! The engine's fast paths (written for the bots' speed) against their
//! plain definitions: a game's hand-written `Clone` (each list copied
//! whole) is the same game, its event log included, and plays on the same,
//! in every form, at every step of random games; the move targets, worked
//! out with bitboards, are the squares the kind of move allows.

mod common;
use common::Gate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Form, Game, School};

#[test]
fn a_clone_is_the_same_game_and_plays_on_the_same() {
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    let setups: [(Form, &[School]); 6] = [
        (Form::Duel, &[n, s]),
        (Form::HighForm, &[n, y]),
        (Form::FirstGame, &[n, s]),
        (Form::Melee, &[n, s, y]),
        (Form::TeamHighForm, &[n, s, h, y]),
        (Form::TeamDuel, &[n, s, h, y]),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (form, schools) in setups {
        for _ in 0..3 {
            let mut g = Game::new(form, schools).unwrap();
            let mut steps = 0;
            while !g.is_over() && steps < 3000 {
                let copy = g.clone();
                assert_eq!(copy, g);
                // the log is no part of the state's equality: compared apart
                assert_eq!(copy.events(), g.events());
                assert_eq!(copy.outcome(), g.outcome());
                assert_eq!(copy.tasks(), g.tasks());
                assert_eq!(format!("{copy:?}"), format!("{g:?}"));
                let legal = g.legal_choices();
                assert_eq!(copy.legal_choices(), legal);
                let c = legal[rng.gen_range(0..legal.len())];
                let mut next = copy.clone();
                // a copy without the log: the same state, only new events
                let mut unlogged = g.clone_unlogged();
                assert_eq!(unlogged, g);
                assert!(unlogged.events().is_empty());
                assert_eq!(unlogged.legal_choices(), legal);
                g.act(c).unwrap();
                next.act(c).unwrap();
                unlogged.act(c).unwrap();
                assert_eq!(next, g);
                assert_eq!(next.events(), g.events());
                assert_eq!(unlogged, g);
                assert_eq!(format!("{:?}", unlogged.outcome()), format!("{:?}", g.outcome()));
                steps += 1;
            }
            assert!(steps > 20, "{form:?}: {steps} steps");
        }
    }
}

/// The move and leap targets are worked out with bitboards: they are the
/// squares of the area, other than the mover's, that `MoveKind::allows`,
/// on the boards of random games, for every piece, both kinds of move and
/// several areas.
#[test]
fn move_targets_are_the_squares_the_move_kind_allows() {
    use tash_kalar_rules::effect::MoveKind;
    use tash_kalar_rules::geometry::ON_BOARD;
    use tash_kalar_rules::Bitboard;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut checked = 0;
    for schools in [[School::Northern, School::Southern], [School::Highland, School::Sylvan]] {
        for _ in 0..4 {
            let mut g = Game::new(Form::Duel, &schools).unwrap();
            let mut steps = 0;
            while !g.is_over() && steps < 300 {
                let legal = g.legal_choices();
                g.act(legal[rng.gen_range(0..legal.len())]).unwrap();
                steps += 1;
                if steps % 7 != 0 {
                    continue;
                }
                let board = g.board();
                let random = Bitboard(rng.gen::<u128>());
                for from in board.occupied().squares() {
                    let mover = board.get(from).unwrap().rank;
                    for kind in [MoveKind::Standard, MoveKind::Combat] {
                        for area in [from.neighbours(), ON_BOARD, random, Bitboard(!0)] {
                            let expected: Bitboard = (area & ON_BOARD)
                                .squares()
                                .filter(|&to| to != from && kind.allows(mover, board.get(to)))
                                .collect();
                            assert_eq!(g.leap_targets_within(from, kind, area), expected, "{from} {kind:?}");
                            checked += 1;
                        }
                        assert_eq!(g.move_targets(from, kind), g.leap_targets_within(from, kind, from.neighbours()));
                    }
                }
                // an empty square moves nothing
                if let Some(e) = board.empty_squares().first() {
                    assert_eq!(g.leap_targets(e, MoveKind::Combat), Bitboard::EMPTY);
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}
