//! Tests of the 12 legends, from the card reference, its rulings and the
//! full rules: patterns in every orientation, each effect's ordinary case,
//! optional parts skipped, parts that cannot be done, marks and arrows
//! turning with the pattern, scoring, and the Time Elemental's extra turn
//! at the end of the game.

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{
    Actor, Board, CardId, Choice, Color, Deck, Dir, Game, Orientation, Phase, Piece, Position, Rank, Square,
};

// ----- helpers -----

/// A piece from its board-text letters: "b", "r+", "r*".
fn piece(text: &str) -> Piece {
    let mut chars = text.chars();
    let color = chars.next().and_then(Color::from_letter).unwrap_or_else(|| panic!("bad piece {text}"));
    let rank = match chars.next() {
        None => Rank::Common,
        Some('+') => Rank::Heroic,
        Some('*') => Rank::Legendary,
        Some(c) => panic!("bad rank letter {c}"),
    };
    Piece::new(color, rank)
}

/// A duel position from `square=piece` words (blue, seat 0, to act with 2
/// actions, holding `cards`; supplies full for the pieces not on the board).
fn position(pieces: &str, cards: &[&str]) -> Position {
    let mut b = Board::empty();
    for word in pieces.split_whitespace() {
        let (s, p) = word.split_once('=').expect("square=piece");
        b.set(sq(s), Some(piece(p)));
    }
    duel_position(&b.to_text(), cards)
}

fn game(pieces: &str, cards: &[&str]) -> Game {
    position(pieces, cards).to_game().expect("a valid position")
}

fn score(g: &Game, seat: u8) -> i16 {
    g.seat(seat).score
}

/// Ends the turn and lets chance make the refill draws (first card each time).
fn end_turn(g: &mut Game) {
    play(g, "end");
    while g.actor() == Actor::Chance {
        let draw = g.legal_choices()[0];
        g.act(draw).expect("a legal draw");
    }
}

/// Uses the remaining actions to place common pieces, then ends the turn.
fn pass_turn(g: &mut Game) {
    while g.turn().actions > 0 {
        let place = g.legal_choices().into_iter().find(|c| matches!(c, Choice::Place { .. })).expect("a place");
        g.act(place).expect("a legal place");
    }
    end_turn(g);
}

fn summon(card: &str, at: &str, orientation: &str) -> String {
    format!("summon {card} {at} {orientation}")
}

/// Pattern offsets (card upright, x right, y up) and whether the pattern
/// piece must be heroic or better.
type Pattern = &'static [(i8, i8, bool)];

/// The patterns as the card reference gives them.
const PATTERNS: [(&str, Pattern); 12] = [
    ("legends.fire_dragon", &[(-1, 3, true), (1, 3, true), (0, 2, false), (0, 1, true)]),
    ("legends.hell_bull", &[(-1, 1, false), (1, 1, false), (-1, 0, true), (0, 0, false), (1, 0, true), (0, -1, false)]),
    (
        "legends.angel_of_death",
        &[(-1, 1, false), (1, 1, false), (-2, 0, false), (0, 0, true), (2, 0, false), (0, -1, false)],
    ),
    ("legends.the_eldest_tree", &[(1, 1, true), (-2, 0, false), (2, 0, false), (-1, -1, true)]),
    ("legends.bone_catapult", &[(-1, 1, false), (-1, -1, true), (0, -1, true), (1, -1, true)]),
    ("legends.fire_elemental", &[(-1, -1, true), (1, -1, false), (-2, -2, true), (0, -2, false), (2, -2, false)]),
    ("legends.leviathan", &[(-2, -1, true), (-1, -1, true), (-4, -2, true), (-3, -2, false)]),
    ("legends.two_headed_dragon", &[(2, 0, true), (1, -1, true), (0, -2, true), (2, -2, false), (3, -3, false)]),
    ("legends.earth_elemental", &[(1, 0, false), (0, -1, false), (1, -1, false), (-1, -2, true), (2, -2, true)]),
    ("legends.time_elemental", &[(-1, -1, true), (1, -1, true), (0, -2, true), (-1, -3, false), (1, -3, false)]),
    ("legends.storm_elemental", &[(-1, 2, true), (-1, 1, true), (1, 1, true), (0, 0, false)]),
    ("legends.titan", &[(0, -1, true), (0, -2, true), (-1, -3, false), (0, -3, false), (1, -3, false)]),
];

/// The reference pattern laid at `at` in orientation `o`, blue pieces at
/// their least rank.
fn laid(pattern: &[(i8, i8, bool)], at: Square, o: Orientation) -> Vec<(Square, String)> {
    pattern
        .iter()
        .map(|&(x, y, heroic)| {
            let (a, b) = o.apply(x, y);
            (at.offset(a, b).expect("pattern on the board"), if heroic { "b+" } else { "b" }.to_string())
        })
        .collect()
}

fn words(pieces: &[(Square, String)]) -> String {
    pieces.iter().map(|(s, p)| format!("{s}={p}")).collect::<Vec<_>>().join(" ")
}

// Patterns at e5, orientation r0, blue pieces at their least rank.
const FIRE_DRAGON: &str = "d8=b+ f8=b+ e7=b e6=b+";
const HELL_BULL: &str = "d6=b f6=b d5=b+ e5=b f5=b+ e4=b";
const ANGEL: &str = "d6=b f6=b c5=b e5=b+ g5=b e4=b";
const ELDEST_TREE: &str = "f6=b+ c5=b g5=b d4=b+";
const CATAPULT: &str = "d6=b d4=b+ e4=b+ f4=b+";
const FIRE_ELEMENTAL: &str = "d4=b+ f4=b c3=b+ e3=b g3=b";
const LEVIATHAN: &str = "c4=b+ d4=b+ a3=b+ b3=b";
const TWO_HEADED: &str = "g5=b+ f4=b+ e3=b+ g3=b h2=b";
const EARTH_ELEMENTAL: &str = "f5=b e4=b f4=b d3=b+ g3=b+";
const TIME_ELEMENTAL: &str = "d4=b+ f4=b+ e3=b+ d2=b f2=b";
const STORM_ELEMENTAL: &str = "d7=b+ d6=b+ f6=b+ e5=b";
const TITAN: &str = "e4=b+ e3=b+ d2=b e2=b f2=b";

fn with(pattern: &str, more: &str) -> String {
    format!("{pattern} {more}")
}

// ----- the deck -----

#[test]
fn the_legends_deck_holds_the_12_legends_in_reference_order() {
    let ids: Vec<&str> = Deck::Legends.ids().map(|c| c.def().id).collect();
    let expected: Vec<&str> = PATTERNS.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, expected);
    for c in Deck::Legends.ids() {
        assert_eq!(c.def().rank, Rank::Legendary, "{c}");
        assert!(!c.def().text.is_empty(), "{c}");
    }
}

#[test]
fn marks_and_arrows_are_those_the_texts_name() {
    let def = |id: &str| CardId::parse(id).unwrap().def();
    assert_eq!(def("legends.fire_dragon").arrows, [Dir::W, Dir::E, Dir::SW, Dir::S, Dir::SE]);
    assert_eq!(def("legends.bone_catapult").arrows, [Dir::N, Dir::NE, Dir::W, Dir::E]);
    // the Two-Headed Dragon's marks are its 5 pattern squares
    let two = def("legends.two_headed_dragon");
    let pattern: Vec<(i8, i8)> = two.pattern.iter().map(|&(x, y, _)| (x, y)).collect();
    assert_eq!(two.marked, pattern.as_slice());
    // the Titan's marks are its 8 neighbours
    let mut titan = def("legends.titan").marked.to_vec();
    titan.sort();
    let mut around: Vec<(i8, i8)> = Dir::ALL.iter().map(|d| d.delta()).collect();
    around.sort();
    assert_eq!(titan, around);
    for c in Deck::Legends.ids() {
        let d = c.def();
        if !["legends.two_headed_dragon", "legends.titan"].contains(&d.id) {
            assert!(d.marked.is_empty(), "{c} names no marked squares");
        }
        if !["legends.fire_dragon", "legends.bone_catapult"].contains(&d.id) {
            assert!(d.arrows.is_empty(), "{c} has no arrows");
        }
    }
}

// ----- patterns -----

// Every pattern piece is needed, at its rank; a heroic pattern piece is
// matched only by a heroic or legendary piece; enemy pieces never match;
// an entry at [0,0] needs your piece on the summoning square.
#[test]
fn every_legend_matches_its_reference_pattern_in_all_orientations() {
    let at = sq("e5");
    for (id, pattern) in PATTERNS {
        let card = CardId::parse(id).unwrap();
        for o in Orientation::all() {
            let summon = Choice::Summon { card, at, orientation: o, pickup: None };
            let legal = |pieces: &[(Square, String)]| {
                let g = game(&words(pieces), &[id]);
                g.is_legal(g.normalize(summon))
            };
            let full = laid(pattern, at, o);
            assert!(legal(&full), "{id} {o}: the full pattern matches");
            for i in 0..full.len() {
                let mut v = full.clone();
                v.remove(i);
                assert!(!legal(&v), "{id} {o}: without the piece on {}", full[i].0);
                let mut v = full.clone();
                v[i].1 = if full[i].1 == "b+" { "r+" } else { "r" }.to_string();
                assert!(!legal(&v), "{id} {o}: an enemy piece on {}", full[i].0);
                let mut v = full.clone();
                v[i].1 = "b*".to_string();
                assert!(legal(&v), "{id} {o}: a legendary piece on {}", full[i].0);
                if full[i].1 == "b+" {
                    let mut v = full.clone();
                    v[i].1 = "b".to_string();
                    assert!(!legal(&v), "{id} {o}: a common piece on the heroic square {}", full[i].0);
                }
            }
        }
    }
}

#[test]
fn summoning_any_legend_scores_one_point_at_the_end_of_the_turn() {
    // the full rules list the legend's point with the end-of-turn scoring
    // ("At the end of your turn, score points ... Also score 1 point each
    // time you summon a legend"): it is pending until the turn ends
    let at = sq("e5");
    for (id, pattern) in PATTERNS {
        let mut g = game(&words(&laid(pattern, at, Orientation::IDENTITY)), &[id]);
        play(&mut g, &summon(id, "e5", "r0"));
        assert_eq!(score(&g, 0), 0, "{id}: not yet");
        assert_eq!(g.turn().legends_summoned, 1, "{id}");
        assert_eq!(g.view(0).turn.legends_summoned, 1, "{id}: the view shows the pending point");
    }
}

#[test]
fn the_legends_point_is_scored_with_the_turns_destruction_when_it_ends() {
    let at = sq("e5");
    for (id, pattern) in PATTERNS {
        let mut g = game(&words(&laid(pattern, at, Orientation::IDENTITY)), &[id]);
        play(&mut g, &summon(id, "e5", "r0"));
        // the effect: decline what may be declined, else the first choice
        while g.phase() != Phase::Main {
            let v = g.legal_choices();
            let c = if v.contains(&Choice::Skip) { Choice::Skip } else { v[0] };
            g.act(c).unwrap();
        }
        assert_eq!(score(&g, 0), 0, "{id}: the point waits for the end of the turn");
        let d = g.turn().destroyed[Color::Red.index()];
        let destroyed = 2 * d[2] as i16 + d[1] as i16 + (d[0] / 2) as i16;
        pass_turn(&mut g);
        assert_eq!(score(&g, 0), 1 + destroyed, "{id}: 1 for the legend, {destroyed} for the destruction");
    }
}

// No effect panics or loses a piece, whatever is chosen, on busy boards.
#[test]
fn random_choices_through_every_legend_keep_the_game_consistent() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let at = sq("e5");
    for (id, pattern) in PATTERNS {
        for o in Orientation::all() {
            for _ in 0..6 {
                let full = laid(pattern, at, o);
                let mut pieces = full.clone();
                let (mut blue_legendary, mut red_legendary) = (0, 0);
                for s in Square::all() {
                    if s == at || full.iter().any(|(f, _)| *f == s) || !rng.gen_bool(0.4) {
                        continue;
                    }
                    let red = rng.gen_bool(0.6);
                    let mut p = match rng.gen_range(0..10) {
                        0..=5 => "b",
                        6..=8 => "b+",
                        _ => "b*",
                    };
                    if p == "b*" {
                        let n = if red { &mut red_legendary } else { &mut blue_legendary };
                        if *n >= 2 {
                            p = "b+";
                        } else {
                            *n += 1;
                        }
                    }
                    let p = if red { p.replace('b', "r") } else { p.to_string() };
                    pieces.push((s, p));
                }
                let text = words(&pieces);
                let Ok(mut g) = position(&text, &[id]).to_game() else {
                    continue; // too many two-sided pieces
                };
                let card = CardId::parse(id).unwrap();
                let choice = g.normalize(Choice::Summon { card, at, orientation: o, pickup: None });
                g.act(choice).unwrap_or_else(|e| panic!("{id} {o} on {text}: {e}"));
                let mut steps = 0;
                while g.phase() == Phase::Effect {
                    let v = g.legal_choices();
                    assert!(!v.is_empty(), "{id}: an effect step with no choice");
                    g.act(v[rng.gen_range(0..v.len())]).unwrap();
                    assert!(g.pieces_accounted_for(), "{id} {o} on {text}");
                    steps += 1;
                    assert!(steps < 40, "{id}: the effect does not end");
                }
                assert_eq!(g.phase(), Phase::Main);
                assert_eq!(g.legend_discard(), [card], "{id}: the card is discarded after its effect");
            }
        }
    }
}

// ----- Fire Dragon -----

#[test]
fn fire_dragon_burns_two_squares_along_the_arrow_and_the_lines_beside_it() {
    // S burns d4 c3 (SW), e4 e3 (S), f4 g3 (SE)
    let mut g = game(&with(FIRE_DRAGON, "d4=r c3=r+ e4=r* e3=b g3=r e2=r d5=r"), &["legends.fire_dragon"]);
    play(&mut g, &summon("legends.fire_dragon", "e5", "r0"));
    // mandatory: no skip
    assert_eq!(texts(&g), ["dir w", "dir e", "dir sw", "dir s", "dir se"]);
    play(&mut g, "dir s");
    assert_eq!(at(&g, "d4"), "");
    assert_eq!(at(&g, "c3"), "");
    assert_eq!(at(&g, "e4"), "r*", "legendary pieces are not burnt");
    assert_eq!(at(&g, "e3"), "", "your own pieces burn too, even behind a legendary piece");
    assert_eq!(at(&g, "g3"), "");
    assert_eq!(at(&g, "e2"), "r", "only the first 2 squares burn");
    assert_eq!(at(&g, "d5"), "r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 0);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn fire_dragon_burns_the_lines_beside_the_arrow_even_without_an_arrow_there() {
    // W burns NW (d6 c7), W (d5 c5), SW (d4 c3); NW is no arrow of the card
    let mut g = game(&with(FIRE_DRAGON, "d6=r c7=r+ c5=b d4=r b5=r f5=r"), &["legends.fire_dragon"]);
    play_all(&mut g, &[&summon("legends.fire_dragon", "e5", "r0"), "dir w"]);
    for s in ["d6", "c7", "c5", "d4"] {
        assert_eq!(at(&g, s), "", "{s}");
    }
    assert_eq!(at(&g, "b5"), "r");
    assert_eq!(at(&g, "f5"), "r");
    assert_eq!(at(&g, "e6"), "b+", "the pattern behind the Dragon is not burnt");
}

#[test]
fn fire_dragon_arrows_turn_with_the_pattern() {
    // r90: the pattern lies east of the Dragon; W E SW S SE become N S NW W SW
    let mut g = game("h6=b+ h4=b+ g5=b f5=b+ d5=r", &["legends.fire_dragon"]);
    play(&mut g, &summon("legends.fire_dragon", "e5", "r90"));
    assert_eq!(texts(&g), ["dir n", "dir s", "dir nw", "dir w", "dir sw"]);
    play(&mut g, "dir w");
    assert_eq!(at(&g, "d5"), "");
    assert_eq!(at(&g, "f5"), "b+");
}

#[test]
fn fire_dragon_arrow_with_nothing_on_the_board_is_not_offered() {
    // on e1 the S arrow and both lines beside it leave the board
    let mut g = game("d4=b+ f4=b+ e3=b e2=b+", &["legends.fire_dragon"]);
    play(&mut g, &summon("legends.fire_dragon", "e1", "r0"));
    assert_eq!(texts(&g), ["dir w", "dir e", "dir sw", "dir se"]);
}

#[test]
fn fire_dragon_summoned_onto_an_enemy_legendary_piece_scores_it() {
    let mut p = position(&with(FIRE_DRAGON, "e5=r*"), &["legends.fire_dragon"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.fire_dragon", "e5", "r0"));
    assert_eq!(at(&g, "e5"), "b*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!((score(&g, 0), g.turn().legends_summoned), (0, 1), "the legend's point comes with the turn's end");
    play(&mut g, "dir w");
    end_turn(&mut g);
    // 1 for the summoning, 2 for the legendary piece
    assert_eq!(score(&g, 0), 3);
}

// ----- Hell Bull -----

#[test]
fn hell_bull_charges_in_one_direction_to_the_edge() {
    let mut g = game(&with(HELL_BULL, "e7=r e8=r+ e9=b"), &["legends.hell_bull"]);
    play(&mut g, &summon("legends.hell_bull", "e5", "r0"));
    assert_eq!(at(&g, "e5"), "b*", "summoned onto your own piece");
    assert_eq!(texts(&g), ["e5-d4", "e5-e4", "e5-f4", "e5-d5", "e5-f5", "e5-d6", "e5-e6", "e5-f6", "skip"]);
    play(&mut g, "e5-e6");
    assert_eq!(texts(&g), ["e6-e7", "skip"], "the direction is fixed by the first move");
    play_all(&mut g, &["e6-e7", "e7-e8", "e8-e9"]);
    // the board edge ends the charge
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e9"), "b*", "your own piece in the way is destroyed too");
    for s in ["e5", "e6", "e7", "e8"] {
        assert_eq!(at(&g, s), "", "{s}");
    }
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn hell_bull_stops_on_a_legendary_piece_it_destroys() {
    let mut g = game(&with(HELL_BULL, "g5=r* h5=r"), &["legends.hell_bull"]);
    play_all(&mut g, &[&summon("legends.hell_bull", "e5", "r0"), "e5-f5", "f5-g5"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "f5"), "", "it runs through its own pattern piece");
    assert_eq!(at(&g, "g5"), "b*");
    assert_eq!(at(&g, "h5"), "r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
}

#[test]
fn hell_bull_may_stop_at_any_time_or_not_move() {
    let mut g = game(HELL_BULL, &["legends.hell_bull"]);
    play_all(&mut g, &[&summon("legends.hell_bull", "e5", "r0"), "e5-e6", "skip"]);
    assert_eq!(at(&g, "e6"), "b*");
    let mut g = game(HELL_BULL, &["legends.hell_bull"]);
    play_all(&mut g, &[&summon("legends.hell_bull", "e5", "r0"), "skip"]);
    assert_eq!(at(&g, "e5"), "b*");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Angel of Death -----

#[test]
fn angel_of_death_upgrades_then_leaps_and_the_piece_counts_upgraded() {
    let mut p = position(&with(ANGEL, "h8=r+"), &["legends.angel_of_death"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.angel_of_death", "e5", "r0"));
    let t = texts(&g);
    assert!(t.contains(&"h8".to_string()) && t.contains(&"d6".to_string()), "any piece: {t:?}");
    assert!(!t.contains(&"e5".to_string()), "not the Angel itself");
    assert_eq!(t.last().unwrap(), "skip");
    play(&mut g, "h8");
    assert_eq!(at(&g, "h8"), "b*");
    assert_eq!(at(&g, "e5"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 0);
    assert_eq!((score(&g, 0), g.turn().legends_summoned), (0, 1), "the upgrade to legendary is no legend summoning");
    end_turn(&mut g);
    assert_eq!(score(&g, 0), 3);
}

#[test]
fn angel_of_death_without_a_legendary_piece_in_supply_skips_the_upgrade() {
    let mut g = game(&with(ANGEL, "h8=r+ c9=r* d9=r* g9=r*"), &["legends.angel_of_death"]);
    assert_eq!(g.supply(Color::Red, Rank::Legendary), 0);
    play_all(&mut g, &[&summon("legends.angel_of_death", "e5", "r0"), "h8"]);
    assert_eq!(at(&g, "h8"), "b*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 0);
}

#[test]
fn angel_of_death_may_take_a_legendary_or_a_common_piece() {
    let mut g = game(&with(ANGEL, "c9=r*"), &["legends.angel_of_death"]);
    play_all(&mut g, &[&summon("legends.angel_of_death", "e5", "r0"), "c9"]);
    assert_eq!(at(&g, "c9"), "b*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);

    let mut g = game(&with(ANGEL, "h8=r"), &["legends.angel_of_death"]);
    play_all(&mut g, &[&summon("legends.angel_of_death", "e5", "r0"), "h8"]);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1, "a common piece counts as the heroic it became");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 0);
}

#[test]
fn angel_of_death_may_take_your_own_piece_or_nothing() {
    let mut g = game(ANGEL, &["legends.angel_of_death"]);
    play_all(&mut g, &[&summon("legends.angel_of_death", "e5", "r0"), "d6"]);
    assert_eq!(at(&g, "d6"), "b*");
    assert_eq!(at(&g, "e5"), "");
    assert!(g.pieces_accounted_for());

    let mut g = game(&with(ANGEL, "h8=r+"), &["legends.angel_of_death"]);
    play_all(&mut g, &[&summon("legends.angel_of_death", "e5", "r0"), "skip"]);
    assert_eq!(at(&g, "e5"), "b*");
    assert_eq!(at(&g, "h8"), "r+");
}

#[test]
fn angel_of_death_in_a_legendary_shortage_uses_your_legendary_piece_on_its_square() {
    let mut p = position(&ANGEL.replace("e5=b+", "e5=b*"), &["legends.angel_of_death"]);
    p.set_supply(0, (p.seats[0].supply.0, 0));
    let mut g = p.to_game().unwrap();
    assert!(legal(&g, &summon("legends.angel_of_death", "e5", "r0")));
    play(&mut g, &summon("legends.angel_of_death", "e5", "r0"));
    assert_eq!(at(&g, "e5"), "b*");
    assert_eq!(g.turn().legends_summoned, 1);
}

// ----- The Eldest Tree -----

#[test]
fn eldest_tree_treats_up_to_3_adjacent_squares() {
    // d6 enemy common, e6 own common, f5 enemy heroic, e4 empty; d5 enemy
    // legendary and f4 own heroic cannot be chosen (nor the pattern's heroics)
    let mut g = game(&with(ELDEST_TREE, "e5=r d6=r e6=b f5=r+ d5=r* f4=b+"), &["legends.the_eldest_tree"]);
    play(&mut g, &summon("legends.the_eldest_tree", "e5", "r0"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1, "summoned onto an enemy piece");
    assert_eq!(texts(&g), ["e4", "f5", "d6", "e6", "skip"]);
    play(&mut g, "d6");
    assert_eq!(at(&g, "d6"), "");
    assert_eq!(texts(&g), ["e4", "f5", "e6", "skip"], "each square once: d6 is not refilled");
    play_all(&mut g, &["e6", "e4"]);
    assert_eq!(at(&g, "e6"), "b+");
    assert_eq!(at(&g, "e4"), "b");
    assert_eq!(g.phase(), Phase::Main, "3 squares at most");
    assert_eq!(at(&g, "f5"), "r+");
    assert_eq!(at(&g, "d5"), "r*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

#[test]
fn eldest_tree_may_stop_early() {
    let mut g = game(&with(ELDEST_TREE, "f5=r+ d6=r"), &["legends.the_eldest_tree"]);
    play_all(&mut g, &[&summon("legends.the_eldest_tree", "e5", "r0"), "f5", "skip"]);
    assert_eq!(at(&g, "f5"), "");
    assert_eq!(at(&g, "d6"), "r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn eldest_tree_places_nothing_without_a_common_piece_in_supply() {
    let mut p = position(&with(ELDEST_TREE, "e6=b"), &["legends.the_eldest_tree"]);
    p.set_supply(0, (0, p.seats[0].supply.1));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.the_eldest_tree", "e5", "r0"));
    assert_eq!(texts(&g), ["e6", "skip"], "empty squares cannot be treated; your common piece can be upgraded");
}

// ----- Bone Catapult -----

#[test]
fn bone_catapult_hits_any_piece_on_an_arrow_line_and_the_commons_around_it() {
    let mut g = game(&with(CATAPULT, "e6=b e8=r* g7=r+ c5=r b5=r b6=r+ h5=r e3=r"), &["legends.bone_catapult"]);
    play(&mut g, &summon("legends.bone_catapult", "e5", "r0"));
    // arrows N, NE, W, E; e3 lies south, on no arrow
    assert_eq!(texts(&g), ["b5", "c5", "h5", "e6", "g7", "e8", "skip"]);
    play(&mut g, "c5");
    assert_eq!(at(&g, "c5"), "");
    assert_eq!(at(&g, "b5"), "", "adjacent common destroyed");
    assert_eq!(at(&g, "d6"), "", "your own adjacent common too");
    assert_eq!(at(&g, "d4"), "b+", "upgraded pieces are spared");
    assert_eq!(at(&g, "b6"), "r+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

#[test]
fn bone_catapult_may_hit_a_piece_behind_another() {
    let mut g = game(&with(CATAPULT, "e6=b e8=r* d9=r e9=b+"), &["legends.bone_catapult"]);
    play_all(&mut g, &[&summon("legends.bone_catapult", "e5", "r0"), "e8"]);
    assert_eq!(at(&g, "e8"), "");
    assert_eq!(at(&g, "d9"), "");
    assert_eq!(at(&g, "e9"), "b+");
    assert_eq!(at(&g, "e6"), "b");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
}

#[test]
fn bone_catapult_arrows_turn_with_the_pattern() {
    // r180: arrows S, SW, E, W
    let mut g = game("f4=b f6=b+ e6=b+ d6=b+ e3=r c3=r e8=r g7=r", &["legends.bone_catapult"]);
    play(&mut g, &summon("legends.bone_catapult", "e5", "r180"));
    assert_eq!(texts(&g), ["c3", "e3", "skip"]);
    play(&mut g, "skip");
    assert_eq!(at(&g, "e3"), "r");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Fire Elemental -----

const FIRE_ELEMENTAL_FIELD: &str = "d6=r e6=r+ f6=r* f5=b c7=r g6=r+ h5=r";

#[test]
fn fire_elemental_option_1_burns_adjacent_non_legendary_enemies() {
    let mut g = game(&with(FIRE_ELEMENTAL, FIRE_ELEMENTAL_FIELD), &["legends.fire_elemental"]);
    play(&mut g, &summon("legends.fire_elemental", "e5", "r0"));
    assert_eq!(texts(&g), ["option 1", "option 2"], "mandatory");
    assert!(g.act_text("skip").is_err());
    play(&mut g, "option 1");
    assert_eq!(at(&g, "d6"), "");
    assert_eq!(at(&g, "e6"), "");
    assert_eq!(at(&g, "f6"), "r*");
    assert_eq!(at(&g, "f5"), "b", "your own pieces are never burnt");
    assert_eq!(at(&g, "f4"), "b");
    assert_eq!(at(&g, "c7"), "r");
    assert_eq!(at(&g, "g6"), "r+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
}

#[test]
fn fire_elemental_option_2_burns_enemy_commons_within_distance_2() {
    let mut g = game(&with(FIRE_ELEMENTAL, FIRE_ELEMENTAL_FIELD), &["legends.fire_elemental"]);
    play_all(&mut g, &[&summon("legends.fire_elemental", "e5", "r0"), "option 2"]);
    assert_eq!(at(&g, "d6"), "");
    assert_eq!(at(&g, "c7"), "");
    assert_eq!(at(&g, "e6"), "r+");
    assert_eq!(at(&g, "g6"), "r+");
    assert_eq!(at(&g, "f6"), "r*");
    assert_eq!(at(&g, "h5"), "r", "distance 3");
    assert_eq!(at(&g, "e3"), "b");
    assert_eq!(at(&g, "g3"), "b");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

// ----- Leviathan -----

#[test]
fn leviathan_downgrades_a_connected_group_of_up_to_3() {
    let mut g = game(&with(LEVIATHAN, "g7=r* h7=r+ h6=r+ i6=r+ c8=r+"), &["legends.leviathan"]);
    play(&mut g, &summon("legends.leviathan", "e5", "r0"));
    assert_eq!(texts(&g), ["option 1", "option 2", "skip"]);
    play(&mut g, "option 1");
    let t = texts(&g);
    for s in ["a3", "c4", "d4", "e5", "h6", "i6", "g7", "h7", "c8"] {
        assert!(t.contains(&s.to_string()), "{s} in {t:?}");
    }
    assert!(!t.contains(&"b3".to_string()), "common pieces are not upgraded");
    play(&mut g, "g7");
    assert_eq!(at(&g, "g7"), "r+");
    assert_eq!(texts(&g), ["h6", "h7", "skip"], "only pieces next to those picked");
    play(&mut g, "h7");
    assert_eq!(at(&g, "h7"), "r");
    assert_eq!(texts(&g), ["h6", "i6", "skip"]);
    play(&mut g, "h6");
    assert_eq!(g.phase(), Phase::Main, "3 pieces at most");
    assert_eq!(at(&g, "h6"), "r");
    assert_eq!(at(&g, "i6"), "r+");
    assert_eq!(at(&g, "c8"), "r+");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 0, "downgrading destroys nothing");
}

#[test]
fn leviathan_destroys_a_connected_group_of_common_pieces() {
    let mut g = game(&with(LEVIATHAN, "f8=r g8=r h8=b b7=r c7=r"), &["legends.leviathan"]);
    play_all(&mut g, &[&summon("legends.leviathan", "e5", "r0"), "option 2", "f8"]);
    assert_eq!(texts(&g), ["g8", "skip"], "two separate pairs are no group");
    play_all(&mut g, &["g8", "h8"]);
    // nothing left next to the group: the effect ends
    assert_eq!(g.phase(), Phase::Main);
    for s in ["f8", "g8", "h8"] {
        assert_eq!(at(&g, s), "", "{s}");
    }
    assert_eq!(at(&g, "b7"), "r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 2);
}

#[test]
fn leviathan_destroys_at_most_4() {
    let mut g = game(&with(LEVIATHAN, "a7=r b7=r c7=r d7=r e7=r"), &["legends.leviathan"]);
    play_all(&mut g, &[&summon("legends.leviathan", "e5", "r0"), "option 2", "a7", "b7", "c7", "d7"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "e7"), "r");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 4);
}

#[test]
fn leviathan_group_may_be_empty() {
    let field = with(LEVIATHAN, "g7=r* h7=r+ f8=r");
    let mut g = game(&field, &["legends.leviathan"]);
    let before = g.board().clone();
    play_all(&mut g, &[&summon("legends.leviathan", "e5", "r0"), "option 1", "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    let mut after = g.board().clone();
    after.set(sq("e5"), None);
    assert_eq!(after, before);

    let mut g = game(&field, &["legends.leviathan"]);
    play_all(&mut g, &[&summon("legends.leviathan", "e5", "r0"), "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g7"), "r*");
    assert_eq!(at(&g, "f8"), "r");
}

#[test]
fn leviathan_legendary_piece_that_cannot_be_downgraded_still_links_the_group() {
    let mut p = position(&with(LEVIATHAN, "g7=r* h7=r+"), &["legends.leviathan"]);
    p.set_supply(1, (0, p.seats[1].supply.1));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &[&summon("legends.leviathan", "e5", "r0"), "option 1", "g7"]);
    assert_eq!(at(&g, "g7"), "r*", "no two-sided red piece in supply");
    play(&mut g, "h7");
    assert_eq!(at(&g, "h7"), "r");
}

// ----- Two-Headed Dragon -----

#[test]
fn two_headed_dragon_upgrades_a_pattern_piece_then_may_destroy_a_heroic_next_to_it() {
    let mut g = game(&with(TWO_HEADED, "g4=r+ e4=r"), &["legends.two_headed_dragon"]);
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "r0"));
    assert_eq!(texts(&g), ["h2", "e3", "g3", "f4", "g5", "skip"]);
    play(&mut g, "f4");
    assert_eq!(at(&g, "f4"), "b*");
    // heroic pieces next to f4, of any colour; not the legendary Dragon, not the common e4
    assert_eq!(texts(&g), ["e3", "g4", "g5", "skip"]);
    play(&mut g, "g4");
    assert_eq!(at(&g, "g4"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(g.turn().legends_summoned, 1, "making a piece legendary is no legend summoning");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn two_headed_dragon_destruction_is_optional() {
    let mut g = game(&with(TWO_HEADED, "g4=r+"), &["legends.two_headed_dragon"]);
    play_all(&mut g, &[&summon("legends.two_headed_dragon", "e5", "r0"), "g3", "skip"]);
    assert_eq!(at(&g, "g3"), "b+");
    assert_eq!(at(&g, "g4"), "r+");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn two_headed_dragon_without_an_upgrade_destroys_nothing() {
    let mut g = game(&with(TWO_HEADED, "g4=r+"), &["legends.two_headed_dragon"]);
    play_all(&mut g, &[&summon("legends.two_headed_dragon", "e5", "r0"), "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g4"), "r+");
}

#[test]
fn two_headed_dragon_heroic_pieces_need_a_legendary_piece_in_supply() {
    let mut p = position(&with(TWO_HEADED, "g4=r+"), &["legends.two_headed_dragon"]);
    p.set_supply(0, (p.seats[0].supply.0, 1)); // the Dragon takes the last one
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "r0"));
    assert_eq!(texts(&g), ["h2", "g3", "skip"]);

    // with only heroic pattern pieces nothing can be upgraded, so nothing is destroyed
    let all_heroic = TWO_HEADED.replace("=b ", "=b+ ").replace("h2=b", "h2=b+");
    let mut p = position(&with(&all_heroic, "g4=r+"), &["legends.two_headed_dragon"]);
    p.set_supply(0, (p.seats[0].supply.0, 1));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g4"), "r+");
}

#[test]
fn two_headed_dragon_never_picks_a_legendary_pattern_piece() {
    let mut g = game(&TWO_HEADED.replace("g5=b+", "g5=b*"), &["legends.two_headed_dragon"]);
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "r0"));
    assert_eq!(texts(&g), ["h2", "e3", "g3", "f4", "skip"]);
}

#[test]
fn two_headed_dragon_marks_turn_with_the_pattern() {
    let mut g = game("c5=b+ d4=b+ e3=b+ c3=b b2=b", &["legends.two_headed_dragon"]);
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "m0"));
    assert_eq!(texts(&g), ["b2", "c3", "e3", "d4", "c5", "skip"]);
}

// ----- Earth Elemental -----

#[test]
fn earth_elemental_destroys_near_red_and_upgrades_near_green() {
    let field = "d8=r h5=r+ c3=r* a7=r b6=r g2=b h7=r+ i6=r";
    let mut g = game(&with(EARTH_ELEMENTAL, field), &["legends.earth_elemental"]);
    play(&mut g, &summon("legends.earth_elemental", "e5", "r0"));
    // mandatory; your own pieces near red (e5, h4, c2) are targets too
    assert_eq!(texts(&g), ["d3", "g3", "e4", "f4", "f5", "h5", "d8"]);
    play(&mut g, "d8");
    assert_eq!(at(&g, "d8"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    // common pieces of any colour on or next to a green square
    assert_eq!(texts(&g), ["g2", "b6", "i6"]);
    play(&mut g, "b6");
    assert_eq!(at(&g, "b6"), "r+");
    // no red or green square next to e5: the move is skipped
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn earth_elemental_destroys_your_own_piece_if_that_is_all_there_is_then_may_move() {
    // at f6: pattern g6 f5 g5 e4 h4 (h4 is red); e5 red and g7 green are next to f6
    let mut g = game("g6=b f5=b g5=b e4=b+ h4=b+ g7=r*", &["legends.earth_elemental"]);
    play(&mut g, &summon("legends.earth_elemental", "f6", "r0"));
    assert_eq!(texts(&g), ["e4", "h4", "f5", "g5"]);
    play(&mut g, "h4");
    assert_eq!(texts(&g), ["g6"]);
    play(&mut g, "g6");
    assert_eq!(at(&g, "g6"), "b+");
    assert_eq!(texts(&g), ["f6-e5", "f6-g7", "skip"]);
    play(&mut g, "f6-g7");
    assert_eq!(at(&g, "g7"), "b*");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
}

#[test]
fn earth_elemental_steps_without_a_target_are_skipped() {
    // r90 at c6: pattern c5 b6 b5 a7 a4, none near red; all heroic, so no
    // common near green either
    let mut g = game("c5=b+ b6=b+ b5=b+ a7=b+ a4=b+", &["legends.earth_elemental"]);
    play(&mut g, &summon("legends.earth_elemental", "c6", "r90"));
    assert_eq!(texts(&g), ["c6-c7", "skip"]);
    play(&mut g, "skip");
    assert_eq!(at(&g, "c6"), "b*");
    assert_eq!(g.phase(), Phase::Main);
}

// ----- Storm Elemental -----

#[test]
fn storm_elemental_places_a_common_piece_that_charges_then_dies() {
    let mut g = game(&with(STORM_ELEMENTAL, "f5=r"), &["legends.storm_elemental"]);
    play(&mut g, &summon("legends.storm_elemental", "e5", "r0"));
    assert_eq!(at(&g, "e5"), "b*", "summoned onto your own piece");
    assert_eq!(texts(&g), ["option 1", "option 2", "option 3", "skip"]);
    play(&mut g, "option 1");
    let t = texts(&g);
    for s in ["h5", "b2", "e8", "e2"] {
        assert!(t.contains(&s.to_string()), "{s} is within distance 3");
    }
    for s in ["i5", "e1", "d7", "f5"] {
        assert!(!t.contains(&s.to_string()), "{s} is too far or occupied");
    }
    assert!(!t.contains(&"skip".to_string()), "the rank is chosen: the piece is placed");
    play(&mut g, "h5");
    assert_eq!(at(&g, "h5"), "b");
    assert_eq!(texts(&g).len(), 9, "8 first moves and skip");
    play(&mut g, "h5-g5");
    assert_eq!(texts(&g), ["g5-f5", "skip"], "one direction");
    play(&mut g, "g5-f5");
    // the next step is onto the legendary Storm Elemental: a common piece
    // cannot, so the piece is destroyed where it stands
    assert_eq!(g.phase(), Phase::Main);
    for s in ["h5", "g5", "f5"] {
        assert_eq!(at(&g, s), "", "{s}");
    }
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);
    assert_eq!(g.supply(Color::Blue, Rank::Common), 16 - 3);
}

#[test]
fn storm_elemental_move_limits_by_rank() {
    // heroic: 3 moves
    let mut g = game(&with(STORM_ELEMENTAL, "c8=r"), &["legends.storm_elemental"]);
    play_all(&mut g, &[&summon("legends.storm_elemental", "e5", "r0"), "option 2", "e8", "e8-d8", "d8-c8", "c8-b8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "b8"), "");
    assert_eq!(at(&g, "c8"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 1);

    // common: 5 moves
    let mut g = game(&with(STORM_ELEMENTAL, "h3=r"), &["legends.storm_elemental"]);
    play_all(&mut g, &[&summon("legends.storm_elemental", "e5", "r0"), "option 1", "b3"]);
    play_all(&mut g, &["b3-c3", "c3-d3", "d3-e3", "e3-f3", "f3-g3"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g3"), "");
    assert_eq!(at(&g, "h3"), "r");

    // legendary: 1 move, onto a legendary piece
    let mut g = game(&with(STORM_ELEMENTAL, "g8=r*"), &["legends.storm_elemental"]);
    play_all(&mut g, &[&summon("legends.storm_elemental", "e5", "r0"), "option 3", "h8", "h8-g8"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(at(&g, "g8"), "");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!(g.supply(Color::Blue, Rank::Legendary), 2, "the placed legendary piece is back in supply");
}

#[test]
fn storm_elemental_parts_may_be_skipped() {
    let mut g = game(STORM_ELEMENTAL, &["legends.storm_elemental"]);
    play_all(&mut g, &[&summon("legends.storm_elemental", "e5", "r0"), "option 1", "h5", "skip"]);
    assert_eq!(at(&g, "h5"), "", "the placed piece is destroyed where it was placed");
    assert_eq!(g.phase(), Phase::Main);

    let mut g = game(STORM_ELEMENTAL, &["legends.storm_elemental"]);
    play_all(&mut g, &[&summon("legends.storm_elemental", "e5", "r0"), "skip"]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.board().total(Color::Blue), 4);
}

#[test]
fn storm_elemental_offers_only_ranks_in_supply() {
    // the common piece it is summoned onto goes back to supply at once
    let mut p = position(STORM_ELEMENTAL, &["legends.storm_elemental"]);
    p.set_supply(0, (0, 1));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.storm_elemental", "e5", "r0"));
    assert_eq!(texts(&g), ["option 1", "option 2", "skip"]);

    // summoned onto your legendary piece: only that rank comes back
    let on_legendary = STORM_ELEMENTAL.replace("e5=b", "e5=b*");
    let mut p = position(&on_legendary, &["legends.storm_elemental"]);
    p.set_supply(0, (0, 1));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.storm_elemental", "e5", "r0"));
    assert_eq!(texts(&g), ["option 3", "skip"]);

    // legendary shortage: the piece on the summoning square becomes the Elemental
    let mut p = position(&on_legendary, &["legends.storm_elemental"]);
    p.set_supply(0, (0, 0));
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.storm_elemental", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main, "nothing to place: the effect is over");
    assert_eq!(g.board().total(Color::Blue), 4);
}

// ----- Titan -----

#[test]
fn titan_destroys_around_it_and_none_counts_for_you() {
    let mut g = game(&with(TITAN, "e6=r* d5=b f5=r+ d6=r* f6=r d4=r+ f4=b+ e7=r"), &["legends.titan"]);
    play(&mut g, &summon("legends.titan", "e5", "r0"));
    assert_eq!(g.phase(), Phase::Main, "automatic");
    for s in ["e6", "d5", "f5", "f6", "d4", "f4"] {
        assert_eq!(at(&g, s), "", "{s}");
    }
    assert_eq!(at(&g, "e4"), "", "its own pattern piece below it is destroyed");
    assert_eq!(at(&g, "d6"), "r*", "a diagonal legendary piece survives");
    assert_eq!(at(&g, "e7"), "r");
    for rank in Rank::ALL {
        assert_eq!(destroyed(&g, Color::Red, rank), 0);
    }
}

#[test]
fn titan_summoned_onto_an_enemy_piece_counts_that_piece() {
    let mut p = position(&with(TITAN, "e5=r+ f5=r+"), &["legends.titan"]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    play(&mut g, &summon("legends.titan", "e5", "r0"));
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 1);
    assert_eq!(at(&g, "f5"), "");
    end_turn(&mut g);
    assert_eq!(score(&g, 0), 2);
}

// ----- Time Elemental and the end of the game -----

fn time_position(more: &str, cards: &[&str]) -> Position {
    let mut all = vec!["legends.time_elemental"];
    all.extend_from_slice(cards);
    position(&with(TIME_ELEMENTAL, more), &all)
}

fn summon_time_elemental_and_end(g: &mut Game) {
    play(g, &summon("legends.time_elemental", "e5", "r0"));
    assert!(g.turn().extra_turn);
    assert_eq!(g.phase(), Phase::Main);
    pass_turn(g);
}

#[test]
fn time_elemental_gives_the_same_seat_a_whole_extra_turn() {
    let mut p = time_position("", &[]);
    p.number = 1;
    p.actions = 1; // the starting player's first turn
    let mut g = p.to_game().unwrap();
    summon_time_elemental_and_end(&mut g);
    assert_eq!(score(&g, 0), 1);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(g.turn().actions, 2);
    assert_eq!(g.turn().number, 2);
    assert!(!g.turn().extra_turn);
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(1));
    assert_eq!(g.turn().number, 3);
}

#[test]
fn without_the_time_elemental_the_end_gives_each_seat_one_more_turn() {
    // seat 0 triggered the end in this turn: seat 1 plays, then seat 0, then it is over
    let mut p = time_position("", &[]);
    p.end = Some((0, 2));
    let mut g = p.to_game().unwrap();
    pass_turn(&mut g);
    assert_eq!((g.actor(), g.end_state().turns_left), (Actor::Seat(1), Some(1)));
    pass_turn(&mut g);
    assert_eq!((g.actor(), g.end_state().turns_left), (Actor::Seat(0), Some(0)));
    pass_turn(&mut g);
    assert!(g.is_over());
}

#[test]
fn end_triggered_in_the_summoning_turn_makes_this_seat_last_after_its_extra_turn() {
    let mut p = time_position("", &[]);
    p.seats[0].score = 17;
    let mut g = p.to_game().unwrap();
    summon_time_elemental_and_end(&mut g);
    assert_eq!(score(&g, 0), 18);
    assert_eq!(g.end_state().last, Some(0));
    assert_eq!(g.actor(), Actor::Seat(0), "the extra turn");
    assert_eq!(g.end_state().turns_left, Some(2), "the extra turn uses up no final turn");
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(1), "every other seat's final turn");
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0), "then this seat's final turn");
    assert!(!g.is_over());
    pass_turn(&mut g);
    assert!(g.is_over());
}

#[test]
fn end_triggered_in_the_extra_turn_makes_this_seat_last() {
    // the Swordmaster's two destroyed commons bring seat 0 from 17 to 18 in the extra turn
    let mut p = time_position("h7=b h5=b h6=r g7=r", &["imperial.swordmaster"]);
    p.seats[0].score = 16;
    let mut g = p.to_game().unwrap();
    summon_time_elemental_and_end(&mut g);
    assert_eq!(score(&g, 0), 17);
    assert_eq!(g.end_state().last, None);
    assert_eq!(g.actor(), Actor::Seat(0));
    play_all(&mut g, &["summon imperial.swordmaster h6 r0", "g7"]);
    pass_turn(&mut g);
    assert_eq!(score(&g, 0), 18);
    assert_eq!(g.end_state().last, Some(0));
    assert_eq!(g.actor(), Actor::Seat(1));
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0));
    pass_turn(&mut g);
    assert!(g.is_over());
}

#[test]
fn end_triggered_earlier_the_extra_turn_is_taken_and_uses_up_no_final_turn() {
    // seat 1 triggered the end; this is seat 0's final turn, seat 1's is still to come
    let mut p = time_position("", &[]);
    p.end = Some((1, 1));
    let mut g = p.to_game().unwrap();
    summon_time_elemental_and_end(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(g.end_state().last, Some(1), "the end was triggered earlier: seat 1 stays last");
    assert_eq!(g.end_state().turns_left, Some(1));
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(1));
    pass_turn(&mut g);
    assert!(g.is_over());
}

#[test]
fn extra_turn_after_the_last_players_final_turn_then_the_game_ends() {
    let mut p = time_position("", &[]);
    p.end = Some((0, 0));
    let mut g = p.to_game().unwrap();
    summon_time_elemental_and_end(&mut g);
    assert!(!g.is_over());
    assert_eq!(g.actor(), Actor::Seat(0));
    pass_turn(&mut g);
    assert!(g.is_over());
}

#[test]
fn a_pending_extra_turn_survives_a_position_round_trip() {
    let mut g = time_position("", &[]).to_game().unwrap();
    play(&mut g, &summon("legends.time_elemental", "e5", "r0"));
    let p = Position::of(&g).unwrap();
    assert!(p.extra_turn);
    let text = p.to_text();
    assert!(text.contains("extra-turn: yes"), "{text}");
    let back = Position::from_text(&text).unwrap();
    assert_eq!(back, p);
    let mut g = back.to_game().unwrap();
    pass_turn(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0));
}

// ----- bad input -----

#[test]
fn illegal_choices_in_an_effect_are_refused_without_change() {
    let mut g = game(&with(TWO_HEADED, "g4=r+"), &["legends.two_headed_dragon"]);
    play(&mut g, &summon("legends.two_headed_dragon", "e5", "r0"));
    let before = g.clone();
    for bad in ["g4", "a5", "option 1", "dir n", "e5-e6", "end", "place a5"] {
        assert!(g.act_text(bad).is_err(), "{bad}");
        assert_eq!(g, before, "{bad}");
    }
}
