//! Tests of the Imperial beings, from the card reference and the guidebook.
//!
//! Blue (Northern, seat 0) is always the active player; red is the enemy.
//! Positions are written as lists of `square:piece` (`b` blue common, `r+`
//! red heroic, `b*` blue legendary).

mod common;
use common::*;
use tash_kalar_rules::cards::{oriented_patterns, summoning_squares};
use tash_kalar_rules::{Board, CardId, Choice, Color, Deck, Game, Phase, Piece, Position, Rank};

// ----- helpers -----

fn piece(text: &str) -> Piece {
    let mut chars = text.chars();
    let color = chars.next().and_then(Color::from_letter).unwrap_or_else(|| panic!("bad piece {text}"));
    let rank = match chars.next() {
        None => Rank::Common,
        Some('+') => Rank::Heroic,
        Some('*') => Rank::Legendary,
        _ => panic!("bad piece {text}"),
    };
    Piece::new(color, rank)
}

/// Board text from a list like `"e6:b e4:b f6:r+"`.
fn layout(pieces: &str) -> String {
    let mut b = Board::empty();
    for item in pieces.split_whitespace() {
        let (s, p) = item.split_once(':').unwrap_or_else(|| panic!("bad item {item}"));
        b.set(sq(s), Some(piece(p)));
    }
    b.to_text()
}

/// A duel with these pieces, blue to act with 2 actions holding `card`.
fn game(pieces: &str, card: &str) -> Game {
    duel(&layout(pieces), &[card])
}

/// Like [`game`], with the position adjusted first.
fn game_with(pieces: &str, card: &str, adjust: impl FnOnce(&mut Position)) -> Game {
    let mut p = duel_position(&layout(pieces), &[card]);
    adjust(&mut p);
    p.to_game().expect("a valid position")
}

/// Every piece on a board as `square:piece`, in square order (row 1 first).
fn listing(b: &Board) -> String {
    b.pieces().map(|(s, p)| format!("{s}:{p}")).collect::<Vec<_>>().join(" ")
}

fn all(g: &Game) -> String {
    listing(g.board())
}

/// A list of pieces written in any order, put in square order.
fn norm(pieces: &str) -> String {
    listing(&board(&layout(pieces)))
}

fn summon(g: &mut Game, card: &str, at: &str, orientation: &str) {
    play(g, &format!("summon {card} {at} {orientation}"));
}

/// The legal choices as sorted text.
fn sorted_texts(g: &Game) -> Vec<String> {
    let mut v = texts(g);
    v.sort();
    v
}

fn sorted(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The legal moves starting on `from`.
fn moves_from(g: &Game, from: &str) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.starts_with(&format!("{from}-"))).collect()
}

fn summons_of(g: &Game, card: &str) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.starts_with(&format!("summon {card} "))).collect()
}

fn squares_text(b: tash_kalar_rules::Bitboard) -> Vec<String> {
    let mut v: Vec<String> = b.squares().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ----- the deck -----

#[test]
fn the_deck_holds_the_18_beings_in_reference_order() {
    let ids: Vec<&str> = Deck::Imperial.cards().iter().map(|d| d.id).collect();
    assert_eq!(
        ids,
        [
            "imperial.swordmaster",
            "imperial.messenger",
            "imperial.herald",
            "imperial.bomb",
            "imperial.chronicler",
            "imperial.assassin",
            "imperial.time_mage",
            "imperial.summoner",
            "imperial.hypnotist",
            "imperial.cannon",
            "imperial.champion",
            "imperial.infantry_captain",
            "imperial.cavalry_captain",
            "imperial.gryphon_rider",
            "imperial.knight",
            "imperial.high_priestess",
            "imperial.master_of_intrigue",
            "imperial.gun_tower",
        ]
    );
    let heroic = Deck::Imperial.cards().iter().filter(|d| d.rank == Rank::Heroic).count();
    assert_eq!(heroic, 13);
}

/// Summoning rule for every being in every orientation: onto an empty
/// square, onto an enemy or own piece of the same or lower rank (destroyed,
/// enemy ones count for you), never onto a higher rank; beings whose pattern
/// includes the summoning square need your own piece there.
#[test]
fn every_being_is_summoned_onto_pieces_it_does_not_outrank() {
    let e5 = sq("e5");
    for card in Deck::Imperial.ids() {
        let def = card.def();
        let needs_own = def.needs_piece_at_summoning_square();
        for op in oriented_patterns(card) {
            let mut pieces = String::new();
            for &(x, y, _) in &op.squares {
                if (x, y) != (0, 0) {
                    pieces += &format!("{}:b ", e5.offset(x, y).expect("the pattern fits around e5"));
                }
            }
            for target in ["", "r", "r+", "r*", "b", "b+", "b*"] {
                let position = if target.is_empty() { pieces.clone() } else { format!("{pieces} e5:{target}") };
                // one action: the Bomb stays put, so the summoned piece can be checked
                let mut g = game_with(&position, def.id, |p| p.actions = 1);
                let text = format!("summon {} e5 {}", def.id, op.orientation);
                let expected = match target {
                    "" => !needs_own,
                    t => {
                        let p = piece(t);
                        p.rank <= def.rank && (p.color == Color::Blue || !needs_own)
                    }
                };
                assert_eq!(legal(&g, &text), expected, "{text} onto {target:?}");
                if expected {
                    play(&mut g, &text);
                    assert_eq!(g.board().get(e5), Some(Piece::new(Color::Blue, def.rank)), "{text}");
                    if target.starts_with('r') {
                        assert_eq!(destroyed(&g, Color::Red, piece(target).rank), 1, "{text} onto {target}");
                    }
                    assert!(g.pieces_accounted_for());
                }
            }
        }
    }
}

// ----- Swordmaster -----

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

// Guidebook: summoned onto the opponent's piece in the summoning square (part
// of the summoning), then the effect destroys the other enemy piece.
#[test]
fn swordmaster_summoned_onto_an_enemy_piece_then_strikes_another() {
    let mut g = game("e6:b e4:b e5:r f6:r d4:r+", "imperial.swordmaster");
    summon(&mut g, "imperial.swordmaster", "e5", "r0");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    // the heroic piece on d4 cannot be chosen
    assert_eq!(texts(&g), ["f6", "skip"]);
    play(&mut g, "f6");
    assert_eq!(all(&g), norm("d4:r+ e4:b e5:b+ e6:b"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

// Guidebook: a heroic piece between your pieces outranks her.
#[test]
fn swordmaster_cannot_be_summoned_onto_a_heroic_piece_between_your_pieces() {
    for heroic in ["r+", "b+"] {
        let g = game(&format!("e6:b e4:b e5:{heroic}"), "imperial.swordmaster");
        assert!(!legal(&g, "summon imperial.swordmaster e5 r0"), "onto {heroic}");
        assert!(summons_of(&g, "imperial.swordmaster").is_empty(), "onto {heroic}");
    }
}

// Guidebook: the summoning destroys your own common piece in the middle.
#[test]
fn swordmaster_summoned_onto_your_own_common_piece() {
    let mut g = game("e6:b e5:b e4:b f4:r", "imperial.swordmaster");
    summon(&mut g, "imperial.swordmaster", "e5", "r0");
    assert_eq!(destroyed(&g, Color::Blue, Rank::Common), 0);
    assert_eq!(g.supply(Color::Blue, Rank::Common), 13);
    assert_eq!(texts(&g), ["f4", "skip"]);
    play(&mut g, "f4");
    assert_eq!(all(&g), norm("e4:b e5:b+ e6:b"));
}

// Guidebook: higher-ranked pieces match the pattern, but she can destroy
// only a common piece.
#[test]
fn swordmaster_pattern_matches_higher_ranks_but_heroic_enemies_are_safe() {
    let mut g = game("e6:b+ e4:b* f6:r+ d6:r* d4:r+", "imperial.swordmaster");
    summon(&mut g, "imperial.swordmaster", "e5", "r0");
    // nothing to choose: the effect is over at once
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:r+ e4:b* e5:b d6:r* e6:b+ f6:r+"));
}

// Guidebook: even if you wanted to, you cannot destroy your own piece.
#[test]
fn swordmaster_cannot_destroy_your_own_piece() {
    let mut g = game("e6:b e4:b f6:b d4:b", "imperial.swordmaster");
    summon(&mut g, "imperial.swordmaster", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b e4:b e5:b e6:b f6:b"));
}

#[test]
fn swordmaster_strikes_only_diagonally_in_any_orientation() {
    // turned a quarter: the pattern pieces left and right of her
    let mut g = game("d5:b f5:b e6:r e4:r d6:r", "imperial.swordmaster");
    summon(&mut g, "imperial.swordmaster", "e5", "r90");
    assert_eq!(texts(&g), ["d6", "skip"]);
    play(&mut g, "d6");
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(at(&g, "e6"), "r");
}

// ----- Messenger -----

#[test]
fn messenger_moves_one_piece_in_a_fixed_direction_until_you_stop() {
    let mut g = game("f4:b g3:b", "imperial.messenger");
    summon(&mut g, "imperial.messenger", "e5", "r0");
    assert!(texts(&g).contains(&"skip".to_string()));
    play(&mut g, "e5-d6");
    // the piece and the direction are fixed now
    assert_eq!(texts(&g), ["d6-c7", "skip"]);
    play_all(&mut g, &["d6-c7", "c7-b8"]);
    // a9 is off the board: the run is over
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("g3:b f4:b b8:b"));
}

#[test]
fn messenger_may_stop_after_any_move_or_not_move_at_all() {
    let mut g = game("f4:b g3:b", "imperial.messenger");
    summon(&mut g, "imperial.messenger", "e5", "r0");
    play_all(&mut g, &["f4-f5", "skip"]);
    assert_eq!(all(&g), norm("g3:b e5:b f5:b"));

    let mut g = game("f4:b g3:b", "imperial.messenger");
    summon(&mut g, "imperial.messenger", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("g3:b f4:b e5:b"));
}

#[test]
fn messenger_heroic_piece_tramples_a_line_of_commons_and_stops_at_its_equal() {
    let mut g = game("f4:b g3:b c2:r c3:b+ c4:r c5:r c6:b c7:r+ d4:r", "imperial.messenger");
    summon(&mut g, "imperial.messenger", "e5", "r0");
    play_all(&mut g, &["c3-c4", "c4-c5", "c5-c6"]);
    // c7 holds a piece of the same rank: no standard move, the effect ends
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("c2:r g3:b d4:r f4:b e5:b c6:b+ c7:r+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

#[test]
fn messenger_moves_are_standard_and_legendary_pieces_cannot_be_chosen() {
    let mut g = game("f4:b g3:b d6:r c3:b* f6:r+", "imperial.messenger");
    summon(&mut g, "imperial.messenger", "e5", "r0");
    assert!(moves_from(&g, "c3").is_empty());
    // a common piece cannot enter an occupied square with a standard move
    assert!(!legal(&g, "e5-d6"));
    assert!(!legal(&g, "e5-f4"));
    assert!(legal(&g, "e5-e6"));
}

// ----- Herald -----

#[test]
fn herald_makes_two_moves_onto_empty_squares_with_any_of_your_pieces() {
    let mut g = game("f4:b g4:b f3:b c3:b* d6:r", "imperial.herald");
    summon(&mut g, "imperial.herald", "e5", "r0");
    // a legendary piece may move; nothing may enter an occupied square
    assert!(legal(&g, "c3-b4"));
    assert!(!legal(&g, "e5-d6"));
    assert!(!legal(&g, "e5-f4"));
    assert!(moves_from(&g, "d6").is_empty());
    play_all(&mut g, &["c3-b4", "e5-e6"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("f3:b b4:b* f4:b g4:b d6:r e6:b"));
}

#[test]
fn herald_may_move_the_same_piece_twice_or_stop_early() {
    let mut g = game("f4:b g4:b f3:b", "imperial.herald");
    summon(&mut g, "imperial.herald", "e5", "r0");
    play_all(&mut g, &["e5-e6", "e6-e7"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("f3:b f4:b g4:b e7:b"));

    let mut g = game("f4:b g4:b f3:b", "imperial.herald");
    summon(&mut g, "imperial.herald", "e5", "r0");
    play_all(&mut g, &["f4-f5", "skip"]);
    assert_eq!(all(&g), norm("f3:b g4:b e5:b f5:b"));

    let mut g = game("f4:b g4:b f3:b", "imperial.herald");
    summon(&mut g, "imperial.herald", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("f3:b f4:b g4:b e5:b"));
}

// ----- Bomb -----

#[test]
fn bomb_with_an_action_left_destroys_itself_and_adjacent_commons() {
    let mut g = game("f4:b f3:b d5:b f5:b+ d6:r e6:r+ f6:r d4:r* g5:r", "imperial.bomb");
    summon(&mut g, "imperial.bomb", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    // the pattern piece f4 and the own common d5 go too; upgraded pieces stay
    assert_eq!(all(&g), norm("f3:b d4:r* f5:b+ g5:r e6:r+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 0);
    assert_eq!(g.turn().actions, 1);
}

#[test]
fn bomb_summoned_with_the_last_action_stays() {
    let mut g = game_with("f4:b f3:b d6:r", "imperial.bomb", |p| p.actions = 1);
    summon(&mut g, "imperial.bomb", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("f3:b f4:b e5:b d6:r"));

    // placing first uses up the other action
    let mut g = game("f4:b f3:b d6:r", "imperial.bomb");
    play(&mut g, "place a5");
    summon(&mut g, "imperial.bomb", "e5", "r0");
    assert_eq!(all(&g), norm("f3:b f4:b a5:b e5:b d6:r"));
}

#[test]
fn bomb_that_fizzles_still_destroys_the_piece_it_is_summoned_onto() {
    let mut g = game_with("f4:b f3:b e5:r d6:r", "imperial.bomb", |p| p.actions = 1);
    summon(&mut g, "imperial.bomb", "e5", "r0");
    assert_eq!(all(&g), norm("f3:b f4:b e5:b d6:r"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn bomb_counts_an_action_gained_earlier_in_the_turn() {
    // Time Mage on c7 (pattern b7 a6 c6 b5), Bomb on e5 (pattern f4 f3)
    let cards = ["imperial.time_mage", "imperial.bomb"];
    let mut g = duel(&layout("b7:b a6:b c6:b b5:b f4:b f3:b d6:r"), &cards);
    summon(&mut g, "imperial.time_mage", "c7", "r0");
    assert_eq!(g.turn().actions, 2);
    summon(&mut g, "imperial.bomb", "e5", "r0");
    assert_eq!(g.turn().actions, 1);
    assert_eq!(at(&g, "e5"), "");
    assert_eq!(at(&g, "d6"), "");
    assert_eq!(at(&g, "f4"), "");
}

// ----- Chronicler -----

#[test]
fn chronicler_upgrades_another_common_piece_which_may_then_move() {
    let mut g = game("e6:b d5:b f5:b a5:b c2:b+ g6:r h6:r+", "imperial.chronicler");
    summon(&mut g, "imperial.chronicler", "e5", "r0");
    // mandatory: no skip; neither the Chronicler nor upgraded pieces qualify
    assert_eq!(texts(&g), ["a5", "d5", "f5", "e6"]);
    play(&mut g, "f5");
    assert_eq!(at(&g, "f5"), "b+");
    // only the upgraded piece moves, with a standard move (commons only)
    assert!(texts(&g).iter().all(|t| t == "skip" || t.starts_with("f5-")));
    assert!(legal(&g, "f5-g6"));
    assert!(legal(&g, "f5-e5"));
    assert!(legal(&g, "f5-g5"));
    play(&mut g, "f5-g6");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("c2:b+ a5:b d5:b e5:b e6:b g6:b+ h6:r+"));
}

#[test]
fn chronicler_upgraded_piece_cannot_enter_a_heroic_piece() {
    let mut g = game("e6:b d5:b f5:b g6:r+", "imperial.chronicler");
    summon(&mut g, "imperial.chronicler", "e5", "r0");
    play(&mut g, "f5");
    assert!(!legal(&g, "f5-g6"));
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("d5:b e5:b f5:b+ e6:b g6:r+"));
}

#[test]
fn chronicler_with_no_other_common_piece_does_nothing() {
    let mut g = game("e6:b+ d5:b+ f5:b*", "imperial.chronicler");
    summon(&mut g, "imperial.chronicler", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d5:b+ e5:b f5:b* e6:b+"));
}

// ----- Assassin -----

#[test]
fn assassin_destroys_any_piece_on_the_marked_square_and_stays() {
    let mut g = game("d8:b c7:b b6:b d6:r*", "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("e5:b+ b6:b c7:b d8:b"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);

    // your own piece there is destroyed as well: the destruction is mandatory
    let mut g = game("d8:b c7:b b6:b d6:b+", "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("e5:b+ b6:b c7:b d8:b"));
}

#[test]
fn assassin_may_move_onto_an_empty_marked_square() {
    let mut g = game("d8:b c7:b b6:b", "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r0");
    assert_eq!(texts(&g), ["e5-d6", "skip"]);
    play(&mut g, "e5-d6");
    assert_eq!(all(&g), norm("b6:b d6:b+ c7:b d8:b"));

    let mut g = game("d8:b c7:b b6:b", "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("e5:b+ b6:b c7:b d8:b"));
}

#[test]
fn assassin_marked_square_turns_with_the_chosen_match() {
    // two matches share the summoning square e5: r0 marks d6, r90 marks f6
    let position = "d8:b c7:b b6:b h6:b g7:b f8:b d6:r f6:r";
    let mut g = game(position, "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r0");
    assert_eq!(at(&g, "d6"), "");
    assert_eq!(at(&g, "f6"), "r");

    let mut g = game(position, "imperial.assassin");
    summon(&mut g, "imperial.assassin", "e5", "r90");
    assert_eq!(at(&g, "d6"), "r");
    assert_eq!(at(&g, "f6"), "");
}

// The record's "marked square off the board" case cannot arise: wherever the
// pattern fits, the marked square (between the Assassin and the pattern's
// diagonal) is on the board too. The script still ends quietly if it is not.
#[test]
fn assassin_marked_square_is_on_the_board_wherever_the_pattern_fits() {
    let card = CardId::parse("imperial.assassin").unwrap();
    for op in oriented_patterns(card) {
        for at in tash_kalar_rules::Square::all() {
            if op.squares.iter().all(|&(x, y, _)| at.offset(x, y).is_some()) {
                let &(mx, my) = op.marked.first().expect("one marked square");
                assert!(at.offset(mx, my).is_some(), "{} at {at}", op.orientation);
            }
        }
    }
}

// ----- Time Mage -----

#[test]
fn time_mage_gains_an_action_and_destroys_an_enemy_on_the_marked_square() {
    let mut g = game("d5:b c4:b e4:b d3:b d4:r*", "imperial.time_mage");
    summon(&mut g, "imperial.time_mage", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().actions, 2);
    assert_eq!(at(&g, "d4"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
}

#[test]
fn time_mage_leaves_your_own_piece_on_the_marked_square() {
    let mut g = game("d5:b c4:b e4:b d3:b d4:b+", "imperial.time_mage");
    summon(&mut g, "imperial.time_mage", "e5", "r0");
    assert_eq!(g.turn().actions, 2);
    assert_eq!(at(&g, "d4"), "b+");

    let mut g = game("d5:b c4:b e4:b d3:b", "imperial.time_mage");
    summon(&mut g, "imperial.time_mage", "e5", "r0");
    assert_eq!(g.turn().actions, 2);
    assert_eq!(all(&g), norm("d3:b c4:b e4:b d5:b e5:b+"));
}

// The designer's note: once the ring is complete she may appear on any of
// four squares, and the marked square is always the ring's centre.
#[test]
fn time_mage_ring_gives_four_summoning_squares_all_marking_its_centre() {
    let position = "d5:b c4:b e4:b d3:b d4:r+ f5:r";
    let g = game(position, "imperial.time_mage");
    let card = CardId::parse("imperial.time_mage").unwrap();
    assert_eq!(squares_text(summoning_squares(g.board(), Color::Blue, card)), ["c3", "c5", "e3", "e5"]);
    let summons = summons_of(&g, "imperial.time_mage");
    assert_eq!(summons.len(), 4);
    for s in summons {
        let mut h = g.clone();
        play(&mut h, &s);
        assert_eq!(at(&h, "d4"), "", "{s}");
        assert_eq!(at(&h, "f5"), "r", "{s}");
        assert_eq!(h.turn().actions, 2, "{s}");
    }
}

// ----- Summoner -----

#[test]
fn summoner_places_up_to_two_commons_on_empty_marked_squares() {
    let mut g = game("d4:b e4:b f4:b e6:r", "imperial.summoner");
    summon(&mut g, "imperial.summoner", "e5", "r0");
    assert_eq!(sorted_texts(&g), sorted(&["c5", "d5", "f5", "g5", "d6", "f6", "c7", "e7", "g7", "skip"]));
    play_all(&mut g, &["c7", "g5"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b e4:b f4:b e5:b+ g5:b e6:r c7:b"));
}

#[test]
fn summoner_marked_squares_turn_with_the_pattern() {
    let mut g = game("d6:b d5:b d4:b", "imperial.summoner");
    summon(&mut g, "imperial.summoner", "e5", "r90");
    assert_eq!(sorted_texts(&g), sorted(&["e7", "e6", "e4", "e3", "f6", "f5", "f4", "g7", "g5", "g3", "skip"]));
}

#[test]
fn summoner_placements_are_optional() {
    let mut g = game("d4:b e4:b f4:b", "imperial.summoner");
    summon(&mut g, "imperial.summoner", "e5", "r0");
    play_all(&mut g, &["d5", "skip"]);
    assert_eq!(all(&g), norm("d4:b e4:b f4:b d5:b e5:b+"));

    let mut g = game("d4:b e4:b f4:b", "imperial.summoner");
    summon(&mut g, "imperial.summoner", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("d4:b e4:b f4:b e5:b+"));
}

#[test]
fn summoner_places_only_what_the_supply_holds() {
    // two pieces off the board: one becomes the Summoner, one can be placed
    let mut g = game_with("d4:b e4:b f4:b", "imperial.summoner", |p| p.set_supply(0, (2, p.seats[0].supply.1)));
    summon(&mut g, "imperial.summoner", "e5", "r0");
    play(&mut g, "d5");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b e4:b f4:b d5:b e5:b+"));

    // one piece off the board: nothing can be placed, and nothing is picked up
    let mut g = game_with("d4:b e4:b f4:b", "imperial.summoner", |p| p.set_supply(0, (1, p.seats[0].supply.1)));
    summon(&mut g, "imperial.summoner", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b e4:b f4:b e5:b+"));
}

// ----- Hypnotist -----

const HYPNOTIST: &str = "f6:b d5:b f5:b d4:b";

#[test]
fn hypnotist_moves_up_to_three_enemy_commons_once_each() {
    let mut g = game(&format!("{HYPNOTIST} b2:r c7:r h4:r g8:r b5:r+ b7:r*"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    // a duel has one enemy color: the moves are offered at once
    assert!(legal(&g, "c7-c8"));
    assert!(legal(&g, "b5-b6"));
    assert!(moves_from(&g, "b7").is_empty());
    assert!(moves_from(&g, "d5").is_empty());
    play(&mut g, "c7-c8");
    // the rank is fixed now, and a piece moves only once
    assert!(moves_from(&g, "b5").is_empty());
    assert!(moves_from(&g, "c8").is_empty());
    play_all(&mut g, &["h4-h5", "g8-g7"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("b2:r d4:b b5:r+ d5:b e5:b+ f5:b h5:r f6:b b7:r* g7:r c8:r"));
}

#[test]
fn hypnotist_moves_up_to_two_heroic_pieces_which_may_destroy_any_color() {
    let mut g = game(&format!("{HYPNOTIST} b5:r+ c6:r h5:r+ c3:r+"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    play(&mut g, "b5-c6");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert!(moves_from(&g, "c6").is_empty());
    // a hypnotized piece may destroy one of yours (no credit for that)
    play(&mut g, "c3-d4");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:r+ d5:b e5:b+ f5:b h5:r+ c6:r+ f6:b"));
}

#[test]
fn hypnotist_combat_moves_respect_rank() {
    let mut g = game(&format!("{HYPNOTIST} b2:r c3:b+ b6:r+ b7:r+ a7:r*"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    assert!(!legal(&g, "b2-c3"));
    assert!(legal(&g, "b2-b3"));
    assert!(!legal(&g, "b6-a7"));
    play(&mut g, "b6-b7");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    // no heroic piece of that color is left to move
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn hypnotist_is_optional() {
    let mut g = game(&format!("{HYPNOTIST} b2:r"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(at(&g, "b2"), "r");

    let mut g = game(&format!("{HYPNOTIST} b2:r c2:r"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    play_all(&mut g, &["b2-b3", "skip"]);
    assert_eq!(at(&g, "c2"), "r");
    assert_eq!(at(&g, "b3"), "r");
}

#[test]
fn hypnotist_with_no_enemy_piece_to_move_does_nothing() {
    let mut g = game(&format!("{HYPNOTIST} c3:r*"), "imperial.hypnotist");
    summon(&mut g, "imperial.hypnotist", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c3"), "r*");
}

// ----- Cannon -----

// The guidebook's Cannon example: three squares where the Cannon replaces
// one of your pieces; a legendary piece there makes it impossible.
#[test]
fn cannon_is_summoned_only_onto_your_own_piece_it_does_not_outrank() {
    let card = CardId::parse("imperial.cannon").unwrap();
    let g = game("c4:b d4:b d5:b e5:b f5:b", "imperial.cannon");
    assert_eq!(squares_text(summoning_squares(g.board(), Color::Blue, card)), ["c4", "e5", "f5"]);
    for s in summons_of(&g, "imperial.cannon") {
        let mut h = g.clone();
        play(&mut h, &s);
        let at_sq = s.split_whitespace().nth(2).unwrap();
        assert_eq!(at(&h, at_sq), "b+", "{s}");
        assert_eq!(h.board().total(Color::Blue), 5, "{s}");
    }

    let g = game("c4:b d4:b d5:b e5:b f5:b*", "imperial.cannon");
    assert_eq!(squares_text(summoning_squares(g.board(), Color::Blue, card)), ["c4", "e5"]);
    assert!(!legal(&g, "summon imperial.cannon f5 r0"));

    // the summoning square must hold your piece: empty or enemy will not do
    let g = game("c4:b d5:b", "imperial.cannon");
    assert!(!legal(&g, "summon imperial.cannon e5 r0"));
    let g = game("c4:b d5:b e5:r", "imperial.cannon");
    assert!(!legal(&g, "summon imperial.cannon e5 r0"));
    let g = game("c4:b d5:b e5:b+", "imperial.cannon");
    assert!(legal(&g, "summon imperial.cannon e5 r0"));
}

#[test]
fn cannon_destroys_every_common_piece_on_the_line_including_yours() {
    let mut g = game("c4:b d5:b e5:b e6:r e7:b+ e8:b e9:r* e3:r", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e5", "r0");
    play(&mut g, "dir n");
    assert_eq!(g.phase(), Phase::Main);
    // upgraded pieces neither suffer nor stop the shot; the other side is untouched
    assert_eq!(all(&g), norm("e3:r c4:b d5:b e5:b+ e7:b+ e9:r*"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn cannon_may_hold_fire() {
    let mut g = game("c4:b d5:b e5:b e6:r", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("c4:b d5:b e5:b+ e6:r"));
}

#[test]
fn cannon_arrows_turn_with_the_pattern() {
    let mut g = game("c4:b d5:b e5:b", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e5", "r0");
    // every direction but back toward the pattern piece beside it
    assert_eq!(sorted_texts(&g), sorted(&["dir nw", "dir n", "dir ne", "dir e", "dir sw", "dir s", "dir se", "skip"]));

    // turned a quarter: the pattern piece is above, so north is missing
    let mut g = game("e6:b e5:b d7:b d5:r f5:r", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e5", "r90");
    assert_eq!(sorted_texts(&g), sorted(&["dir ne", "dir e", "dir se", "dir s", "dir sw", "dir w", "dir nw", "skip"]));
    play(&mut g, "dir w");
    assert_eq!(at(&g, "d5"), "");
    assert_eq!(at(&g, "f5"), "r");
}

#[test]
fn cannon_arrows_off_the_board_are_not_offered() {
    let mut g = game("c8:b d9:b e9:b", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e9", "r0");
    assert_eq!(sorted_texts(&g), sorted(&["dir e", "dir se", "dir s", "dir sw", "skip"]));
}

#[test]
fn cannon_line_ends_at_a_cut_corner() {
    // from e6 to the north-east: f7, g8, then h9 is cut off the board
    let mut g = game("c5:b d6:b e6:b f7:r g8:b", "imperial.cannon");
    summon(&mut g, "imperial.cannon", "e6", "r0");
    play(&mut g, "dir ne");
    assert_eq!(all(&g), norm("c5:b d6:b e6:b+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

// ----- Champion -----

#[test]
fn champion_destroys_one_adjacent_enemy_piece() {
    let position = "d5:b d4:b e4:b e3:b f6:r e6:r+ d6:b f4:r*";
    let mut g = game(position, "imperial.champion");
    summon(&mut g, "imperial.champion", "e5", "r0");
    assert_eq!(sorted_texts(&g), sorted(&["f4", "e6", "f6", "skip"]));
    play(&mut g, "e6");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e6"), "");
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.turn().actions, 1);
}

#[test]
fn champion_slaying_a_legend_dies_and_gains_an_action() {
    let mut g = game("d5:b d4:b e4:b e3:b f4:r*", "imperial.champion");
    summon(&mut g, "imperial.champion", "e5", "r0");
    play(&mut g, "f4");
    assert_eq!(all(&g), norm("e3:b d4:b e4:b d5:b"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!(destroyed(&g, Color::Blue, Rank::Heroic), 0);
    assert_eq!(g.turn().actions, 2);
}

#[test]
fn champion_may_spare_everyone() {
    let mut g = game("d5:b d4:b e4:b e3:b f4:r*", "imperial.champion");
    summon(&mut g, "imperial.champion", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("e3:b d4:b e4:b f4:r* d5:b e5:b+"));
    assert_eq!(g.turn().actions, 1);
}

#[test]
fn champion_with_no_adjacent_enemy_does_nothing() {
    let mut g = game("d5:b d4:b e4:b e3:b f6:b g7:r", "imperial.champion");
    summon(&mut g, "imperial.champion", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d5:b d4:b e4:b e3:b e5:b+ f6:b g7:r"));
}

// ----- Infantry Captain -----

#[test]
fn infantry_captain_gives_two_combat_moves_to_your_other_pieces() {
    let mut g = game("c4:b d4:b f4:b g4:b c5:r d5:r+ e6:b+", "imperial.infantry_captain");
    summon(&mut g, "imperial.infantry_captain", "e5", "r0");
    assert!(moves_from(&g, "e5").is_empty());
    assert!(moves_from(&g, "c5").is_empty());
    assert!(!legal(&g, "d4-d5"));
    assert!(legal(&g, "f4-g4"));
    play(&mut g, "e6-d5");
    play(&mut g, "c4-c5");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b f4:b g4:b c5:b d5:b+ e5:b+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn infantry_captain_moves_may_use_one_piece_or_none() {
    let mut g = game("c4:b d4:b f4:b g4:b", "imperial.infantry_captain");
    summon(&mut g, "imperial.infantry_captain", "e5", "r0");
    play_all(&mut g, &["c4-b5", "b5-b6"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d4:b f4:b g4:b e5:b+ b6:b"));

    let mut g = game("c4:b d4:b f4:b g4:b", "imperial.infantry_captain");
    summon(&mut g, "imperial.infantry_captain", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("c4:b d4:b f4:b g4:b e5:b+"));
}

// ----- Cavalry Captain -----

const CAVALRY: &str = "d4:b f4:b d3:b f3:b";

#[test]
fn cavalry_captain_hit_and_run_with_one_piece() {
    let mut g = game(&format!("{CAVALRY} c6:b+ c7:r+ d8:r b8:r+"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    assert!(moves_from(&g, "e5").is_empty());
    play(&mut g, "c6-c7");
    // the combat move is spent: no more heroic targets, and only this piece moves
    assert!(!legal(&g, "c7-b8"));
    assert!(texts(&g).iter().all(|t| t == "skip" || t.starts_with("c7-")));
    play_all(&mut g, &["c7-d8", "d8-e8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d3:b f3:b d4:b f4:b e5:b+ b8:r+ e8:b+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn cavalry_captain_moves_in_any_order() {
    // standard, combat, standard
    let mut g = game(&format!("{CAVALRY} c6:b+ b8:r+"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    play_all(&mut g, &["c6-c7", "c7-b8", "b8-c8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c8"), "b+");

    // a common piece: one combat move onto a common, standard moves onto empty squares
    let mut g = game(&format!("{CAVALRY} c6:b c7:r d8:r"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    play(&mut g, "c6-c7");
    assert!(!legal(&g, "c7-d8"));
    play_all(&mut g, &["c7-c8", "c8-b8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "b8"), "b");
    assert_eq!(at(&g, "d8"), "r");

    // three moves onto empty squares: the third one is the combat move
    let mut g = game(&format!("{CAVALRY} c6:b"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    play_all(&mut g, &["c6-c7", "c7-c8", "c8-b8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "b8"), "b");
}

#[test]
fn cavalry_captain_is_optional_and_may_stop_early() {
    let mut g = game(&format!("{CAVALRY} c6:b+"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(at(&g, "c6"), "b+");

    let mut g = game(&format!("{CAVALRY} c6:b+"), "imperial.cavalry_captain");
    summon(&mut g, "imperial.cavalry_captain", "e5", "r0");
    play_all(&mut g, &["c6-c7", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "c7"), "b+");
}

// ----- Gryphon Rider -----

const GRYPHON: &str = "d5:b c4:b e4:b f3:b";

#[test]
fn gryphon_rider_leaps_and_dismounts() {
    let mut g = game(&format!("{GRYPHON} g8:r+ h7:r* b2:r"), "imperial.gryphon_rider");
    summon(&mut g, "imperial.gryphon_rider", "e5", "r0");
    assert!(legal(&g, "e5-g8"));
    assert!(legal(&g, "e5-b2"));
    assert!(legal(&g, "e5-d5"));
    assert!(!legal(&g, "e5-h7"));
    play(&mut g, "e5-g8");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(texts(&g), ["option 1", "skip"]);
    play(&mut g, "option 1");
    assert_eq!(at(&g, "g8"), "b");
    // the placement is part of dismounting: no skip
    assert_eq!(sorted_texts(&g), sorted(&["f7", "g7", "f8", "h8", "f9", "g9"]));
    play(&mut g, "f8");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("b2:r f3:b c4:b e4:b d5:b h7:r* f8:b g8:b"));
}

#[test]
fn gryphon_rider_optional_parts() {
    let mut g = game(&format!("{GRYPHON} g8:r+"), "imperial.gryphon_rider");
    summon(&mut g, "imperial.gryphon_rider", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e5"), "b+");

    let mut g = game(&format!("{GRYPHON} g8:r+"), "imperial.gryphon_rider");
    summon(&mut g, "imperial.gryphon_rider", "e5", "r0");
    play_all(&mut g, &["e5-g8", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("f3:b c4:b e4:b d5:b g8:b+"));
}

#[test]
fn gryphon_rider_dismounts_even_when_no_piece_can_be_placed() {
    // no piece left in supply once she is summoned
    let mut g = game_with(GRYPHON, "imperial.gryphon_rider", |p| p.set_supply(0, (1, p.seats[0].supply.1)));
    summon(&mut g, "imperial.gryphon_rider", "e5", "r0");
    play_all(&mut g, &["e5-g8", "option 1"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("f3:b c4:b e4:b d5:b g8:b"));

    // no empty square next to her landing square
    let mut g = game(&format!("{GRYPHON} a4:r b4:r b3:r b2:r"), "imperial.gryphon_rider");
    summon(&mut g, "imperial.gryphon_rider", "e5", "r0");
    play_all(&mut g, &["e5-a3", "option 1"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "a3"), "b");
    assert_eq!(g.board().total(Color::Blue), 5);
}

// ----- Knight -----

// The guidebook's Knight configurations: an L in any orientation or mirror
// image, pieces of higher rank matching, other pieces around not mattering.
#[test]
fn knight_pattern_matches_in_every_orientation_and_with_extra_pieces() {
    for (position, orientation) in [
        ("d4:b e4:b f4:b d3:b", "r0"),
        ("f4:b e4:b d4:b f3:b", "m0"),
        ("d6:b d5:b d4:b c6:b", "r90"),
        ("f6:b e6:b+ d6:b f7:b* d7:b e7:b", "r180"),
    ] {
        let g = game(position, "imperial.knight");
        assert!(legal(&g, &format!("summon imperial.knight e5 {orientation}")), "{position}");
    }
}

#[test]
fn knight_is_summoned_onto_common_or_heroic_pieces_but_not_legendary() {
    for target in ["b", "r", "b+", "r+"] {
        let mut g = game(&format!("d4:b e4:b f4:b d3:b e5:{target}"), "imperial.knight");
        summon(&mut g, "imperial.knight", "e5", "r0");
        assert_eq!(at(&g, "e5"), "b+", "onto {target}");
    }
    let mut g = game("d4:b e4:b f4:b d3:b e5:r+", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    for target in ["b*", "r*"] {
        let g = game(&format!("d4:b e4:b f4:b d3:b e5:{target}"), "imperial.knight");
        assert!(!legal(&g, "summon imperial.knight e5 r0"), "onto {target}");
    }
}

#[test]
fn knight_makes_three_combat_moves_never_onto_common_pieces() {
    let mut g = game("d4:b e4:b f4:b d3:b e6:r+ f6:r d6:b+ f5:r*", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    assert_eq!(sorted_texts(&g), sorted(&["e5-d5", "e5-d6", "e5-e6", "skip"]));
    play_all(&mut g, &["e5-e6", "e6-e7", "e7-e8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d3:b d4:b e4:b f4:b f5:r* d6:b+ f6:r e8:b+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn knight_may_destroy_your_own_heroic_piece_or_stop() {
    let mut g = game("d4:b e4:b f4:b d3:b d6:b+", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    play_all(&mut g, &["e5-d6", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d3:b d4:b e4:b f4:b d6:b+"));

    let mut g = game("d4:b e4:b f4:b d3:b", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(at(&g, "e5"), "b+");
}

#[test]
fn knight_hemmed_in_by_common_pieces_cannot_move() {
    let mut g = game("d4:b e4:b f4:b d3:b d5:r f5:r d6:r e6:b f6:r", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e5"), "b+");
}

// ----- High Priestess -----

#[test]
fn high_priestess_needs_your_own_piece_on_the_summoning_square() {
    for (target, ok) in [("", false), ("r", false), ("r+", false), ("b", true), ("b+", true), ("b*", false)] {
        let position = if target.is_empty() { "d3:b f3:b".to_string() } else { format!("d3:b f3:b e5:{target}") };
        let g = game(&position, "imperial.high_priestess");
        assert_eq!(legal(&g, "summon imperial.high_priestess e5 r0"), ok, "onto {target:?}");
    }
}

#[test]
fn high_priestess_moves_then_upgrades_a_common_piece_next_to_her() {
    let mut g = game("e5:b d3:b f3:b f6:r g7:r e7:b d4:r g6:r+", "imperial.high_priestess");
    summon(&mut g, "imperial.high_priestess", "e5", "r0");
    assert!(legal(&g, "e5-f6"));
    play(&mut g, "e5-f6");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    // adjacency now counts from f6: d4 is too far, an enemy piece may be chosen
    assert_eq!(sorted_texts(&g), sorted(&["e7", "g7", "skip"]));
    play(&mut g, "g7");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d3:b f3:b d4:r f6:b+ g6:r+ e7:b g7:r+"));
}

#[test]
fn high_priestess_may_stay_and_may_not_upgrade() {
    let mut g = game("e5:b d3:b f3:b d4:r e6:r+", "imperial.high_priestess");
    summon(&mut g, "imperial.high_priestess", "e5", "r0");
    assert!(!legal(&g, "e5-e6"));
    play(&mut g, "skip");
    assert_eq!(texts(&g), ["d4", "skip"]);
    play(&mut g, "d4");
    assert_eq!(all(&g), norm("d3:b f3:b d4:r+ e5:b+ e6:r+"));

    let mut g = game("e5:b d3:b f3:b d4:r", "imperial.high_priestess");
    summon(&mut g, "imperial.high_priestess", "e5", "r0");
    play_all(&mut g, &["skip", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("d3:b f3:b d4:r e5:b+"));
}

#[test]
fn high_priestess_with_no_common_piece_next_to_her_upgrades_nothing() {
    let mut g = game("e5:b d3:b f3:b d4:b+ f6:r*", "imperial.high_priestess");
    summon(&mut g, "imperial.high_priestess", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("e5:b+ d3:b f3:b d4:b+ f6:r*"));
}

// ----- Master of Intrigue -----

const INTRIGUE: &str = "d6:b f6:b* d4:b f4:b+";

#[test]
fn master_of_intrigue_mixes_his_standard_moves_with_pattern_combat_moves() {
    let mut g = game(&format!("{INTRIGUE} e6:r c7:r e3:r g3:r+ c5:b f5:r+"), "imperial.master_of_intrigue");
    summon(&mut g, "imperial.master_of_intrigue", "e5", "r0");
    // not the legendary pattern piece, not a piece outside the pattern
    assert!(moves_from(&g, "f6").is_empty());
    assert!(moves_from(&g, "c5").is_empty());
    // his moves are standard: no heroic target
    assert!(!legal(&g, "e5-f5"));
    assert!(legal(&g, "f4-g3"));
    play(&mut g, "d6-c7");
    // the pattern piece keeps its right to move after leaving its square
    play(&mut g, "c7-c8");
    play(&mut g, "e5-e6");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("e3:r g3:r+ d4:b f4:b+ c5:b f5:r+ e6:b+ f6:b* c8:b"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

#[test]
fn master_of_intrigue_pattern_heroic_makes_combat_moves() {
    let mut g = game(&format!("{INTRIGUE} g3:r+"), "imperial.master_of_intrigue");
    summon(&mut g, "imperial.master_of_intrigue", "e5", "r0");
    play_all(&mut g, &["f4-g3", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(at(&g, "g3"), "b+");
}

#[test]
fn master_of_intrigue_may_do_nothing() {
    let mut g = game(INTRIGUE, "imperial.master_of_intrigue");
    summon(&mut g, "imperial.master_of_intrigue", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(all(&g), norm("d4:b f4:b+ e5:b+ d6:b f6:b*"));
}

// ----- Gun Tower -----

const TOWER: &str = "e4:b f4:b e3:b f3:b";

#[test]
fn gun_tower_destroys_the_first_two_pieces_on_the_line() {
    let mut g = game(&format!("{TOWER} g5:r h5:b+ i5:r"), "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r0");
    assert_eq!(texts(&g), ["dir w", "dir e", "skip"]);
    play(&mut g, "dir e");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(all(&g), norm("e3:b f3:b e4:b f4:b e5:b+ i5:r"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn gun_tower_shot_stops_at_a_legendary_piece() {
    let mut g = game(&format!("{TOWER} d5:r+ c5:r* b5:r"), "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r0");
    play(&mut g, "dir w");
    assert_eq!(all(&g), norm("e3:b f3:b e4:b f4:b b5:r c5:r* e5:b+"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);

    let mut g = game(&format!("{TOWER} d5:r* c5:r"), "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r0");
    play(&mut g, "dir w");
    assert_eq!(all(&g), norm("e3:b f3:b e4:b f4:b c5:r d5:r* e5:b+"));
}

#[test]
fn gun_tower_shot_ends_at_the_edge_and_may_be_held() {
    let mut g = game(&format!("{TOWER} a5:r"), "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r0");
    play(&mut g, "dir w");
    assert_eq!(all(&g), norm("e3:b f3:b e4:b f4:b e5:b+"));

    let mut g = game(&format!("{TOWER} a5:r"), "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r0");
    play(&mut g, "skip");
    assert_eq!(at(&g, "a5"), "r");
}

#[test]
fn gun_tower_arrows_turn_with_the_pattern() {
    // turned a quarter: the block is to the left, the arrows point up and down
    let mut g = game("d5:b d4:b c5:b c4:b e7:r e2:r f5:r", "imperial.gun_tower");
    summon(&mut g, "imperial.gun_tower", "e5", "r90");
    assert_eq!(sorted_texts(&g), sorted(&["dir n", "dir s", "skip"]));
    play(&mut g, "dir s");
    assert_eq!(at(&g, "e2"), "");
    assert_eq!(at(&g, "e7"), "r");
    assert_eq!(at(&g, "f5"), "r");
}

// The designer's note: once the 2x2 block is ready, the tower can be summoned
// on 8 squares around it.
#[test]
fn gun_tower_block_gives_eight_summoning_squares() {
    let card = CardId::parse("imperial.gun_tower").unwrap();
    let g = game(TOWER, "imperial.gun_tower");
    assert_eq!(
        squares_text(summoning_squares(g.board(), Color::Blue, card)),
        ["d3", "d4", "e2", "e5", "f2", "f5", "g3", "g4"]
    );
}

// ----- bad input -----

#[test]
fn choices_outside_the_effect_are_refused_without_change() {
    let mut g = game("d4:b e4:b f4:b d3:b f6:r", "imperial.knight");
    summon(&mut g, "imperial.knight", "e5", "r0");
    let before = g.clone();
    for bad in ["e5-f6", "e5-g7", "d4-d5", "f6", "dir n", "option 1", "end"] {
        assert!(g.act_text(bad).is_err(), "{bad}");
        assert_eq!(g, before, "{bad}");
    }
    assert!(g.act(Choice::Skip).is_ok());
}
