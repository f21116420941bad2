//! Deathmatch Melee (3 or 4 players): setup, scoring by color, flares
//! against a chosen opponent, improvised summoning, the end and the final
//! ranking, from the full rules and the guidebook's melee examples.
//!
//! Seat 0 is Red (Southern) as in the guidebook's examples; Blue is
//! Northern, Brown Highland, Green Sylvan. Decks are empty unless a test
//! gives cards, so ending a turn draws nothing.

mod common;
mod multi;

use common::{at, legal, play, play_all, texts};
use multi::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::cards::ColorSet;
use tash_kalar_rules::{Actor, Choice, Form, Game, Match, Phase, Position, PositionError, School};

const RED: School = School::Southern;
const BLUE: School = School::Northern;
const BROWN: School = School::Highland;
const GREEN: School = School::Sylvan;

/// Red, Blue and Green.
const THREE: [School; 3] = [RED, BLUE, GREEN];
/// Red, Blue, Brown and Green, in that turn order.
const FOUR: [School; 4] = [RED, BLUE, BROWN, GREEN];

fn melee(schools: &[School], pieces: &str, cards: &[&str]) -> Game {
    position(Form::Melee, schools, pieces, cards).to_game().expect("a valid position")
}

fn melee_with(schools: &[School], pieces: &str, cards: &[&str], adjust: impl FnOnce(&mut Position)) -> Game {
    let mut p = position(Form::Melee, schools, pieces, cards);
    adjust(&mut p);
    p.to_game().expect("a valid position")
}

fn destroyed(g: &Game, color: Color, rank: Rank) -> u8 {
    g.turn().destroyed[color.index()][rank.index()]
}

fn points(g: &Game, seat: u8) -> Vec<(Color, i16)> {
    let me = g.seat(seat).color;
    let mut v: Vec<(Color, i16)> =
        g.seats().iter().filter(|s| s.color != me).map(|s| (s.color, g.points(seat, s.color))).collect();
    v.sort();
    v
}

fn colors(list: &[Color]) -> ColorSet {
    list.iter().copied().collect()
}

/// Deals the first hands of a new game (the first draw each time).
fn dealt(form: Form, schools: &[School]) -> Game {
    let mut g = Game::new(form, schools).expect("a new game");
    while g.actor() == Actor::Chance {
        let c = g.legal_choices()[0];
        g.apply(c).unwrap();
    }
    g
}

// ----- setup -----

#[test]
fn a_melee_seats_three_or_four_players_of_different_colors() {
    assert!(Game::new(Form::Melee, &[RED, BLUE]).is_err());
    assert!(Game::new(Form::Melee, &THREE).is_ok());
    assert!(Game::new(Form::Melee, &FOUR).is_ok());
    assert!(Game::new(Form::Melee, &[RED, BLUE, RED]).is_err(), "one color each");
    assert_eq!(Form::parse("melee"), Some(Form::Melee));
    assert_eq!(Form::Melee.end_score(3), 12);
    assert_eq!(Form::Melee.end_score(4), 10);
}

#[test]
fn each_opponent_keeps_one_heroic_piece_of_each_color_on_their_score_board() {
    // 17 two-sided pieces, less one on each opponent's score board
    let g = dealt(Form::Melee, &THREE);
    for s in g.seats() {
        assert_eq!(g.pieces_in_play(s.color), (15, 3));
        assert_eq!(g.supply(s.color, Rank::Common), 15);
    }
    let g = dealt(Form::Melee, &FOUR);
    for s in g.seats() {
        assert_eq!(g.pieces_in_play(s.color), (14, 3));
    }
    // a position gives the same supply by default, and refuses more
    let g = melee(&FOUR, "e5:r e4:r", &[]);
    assert_eq!(g.supply(Color::Red, Rank::Common), 12);
    let mut p = position(Form::Melee, &FOUR, "", &[]);
    p.set_supply(0, (15, 3));
    assert!(p.to_game().is_err());
}

#[test]
fn three_players_the_third_puts_one_piece_of_each_color_next_to_each_symbol() {
    let mut g = dealt(Form::Melee, &THREE);
    for s in g.seats() {
        assert_eq!((s.beings.len(), s.legends.len(), s.flares.len()), (3, 2, 1));
    }
    assert_eq!(g.phase(), Phase::StartPieces { seat: 2 });
    assert_eq!(g.actor(), Actor::Seat(2));
    assert!(g.prompt().is_some());
    // the first symbol: f8 or g8, any of the three colors
    assert_eq!(texts(&g), ["start f8 r", "start f8 b", "start f8 g", "start g8 r", "start g8 b", "start g8 g"]);
    assert!(!legal(&g, "start c5"), "the duel's start squares are not the melee's");
    play(&mut g, "start g8 b");
    assert_eq!(texts(&g), ["start g4 r", "start g4 g", "start g3 r", "start g3 g"]);
    assert!(!legal(&g, "start g4 b"), "one piece of each color");
    play(&mut g, "start g3 g");
    assert_eq!(texts(&g), ["start b3 r", "start c3 r"]);
    play(&mut g, "start b3 r");
    assert_eq!(listing(&g), "b3:r g3:g g8:b");
    // the starting player begins with one action
    assert_eq!((g.phase(), g.actor(), g.turn().actions), (Phase::Main, Actor::Seat(0), 1));
}

#[test]
fn four_players_the_fourth_places_no_piece_of_the_second_players_color() {
    let mut g = dealt(Form::Melee, &FOUR);
    assert_eq!(g.actor(), Actor::Seat(3));
    // blue plays second
    assert_eq!(texts(&g), ["start f8 r", "start f8 n", "start f8 g", "start g8 r", "start g8 n", "start g8 g"]);
    play_all(&mut g, &["start f8 n", "start g4 g", "start c3 r"]);
    assert_eq!(listing(&g), "c3:r g4:g f8:n");
    assert_eq!(g.board().total(Color::Blue), 0);
    assert_eq!(g.actor(), Actor::Seat(0));
}

// ----- scoring by color -----

/// The guidebook's first melee scoring example: 3 points in blue, 2 in
/// green, nothing for the single unpaired common piece. Red's Cannon (c5,
/// pattern b5 a4) fires along row 5 through four blue commons and a green
/// one; her Champion is summoned onto a blue heroic piece on e8 (pattern d8
/// d7 e7 e6) and slays the adjacent green legend on f8, which gains her an
/// action back.
#[test]
fn guidebook_three_blue_and_two_green() {
    let pieces = "b5:r c5:r a4:r d5:b e5:b f5:b g5:b h5:g d8:r d7:r e7:r e6:r e8:b+ f8:g*";
    let mut g = melee(&THREE, pieces, &["imperial.cannon", "imperial.champion"]);
    play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e"]);
    assert_eq!((destroyed(&g, Color::Blue, Rank::Common), destroyed(&g, Color::Green, Rank::Common)), (4, 1));
    play_all(&mut g, &["summon imperial.champion e8 r0", "f8"]);
    assert_eq!(destroyed(&g, Color::Blue, Rank::Heroic), 1);
    assert_eq!(destroyed(&g, Color::Green, Rank::Legendary), 1);
    assert_eq!(g.turn().actions, 1, "the Champion slew a legend: an action back");
    play_all(&mut g, &["place a5", "end"]);
    // one unpaired color: no choice, no point
    assert_eq!(points(&g, 0), [(Color::Blue, 3), (Color::Green, 2)]);
    assert_eq!(g.seat(0).score, 2, "the lowest color");
    assert_eq!(g.actor(), Actor::Seat(1));
}

/// The guidebook's second example (four players): 1 point in blue and 1 in
/// brown for the pairs; a blue and a green common are left unpaired, so
/// Red scores 1 more point in green or in blue, her choice.
#[test]
fn guidebook_unpaired_commons_of_two_colors_give_one_point_in_either() {
    let pieces = "b5:r c5:r a4:r d5:b e5:b f5:b g5:n h5:n i5:g";
    let start = || {
        let mut g = melee(&FOUR, pieces, &["imperial.cannon"]);
        play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e", "place e1", "end"]);
        g
    };
    let g = start();
    assert_eq!(g.phase(), Phase::Score { unpaired: colors(&[Color::Blue, Color::Green]), legends: 0 });
    assert_eq!((g.actor(), texts(&g)), (Actor::Seat(0), vec!["point b".to_string(), "point g".to_string()]));
    assert!(g.prompt().is_some());
    assert!(!legal(&g, "point n"), "brown was paired");
    // the pairs have scored already
    assert_eq!(points(&g, 0), [(Color::Blue, 1), (Color::Brown, 1), (Color::Green, 0)]);
    let mut green = g.clone();
    play(&mut green, "point g");
    assert_eq!(points(&green, 0), [(Color::Blue, 1), (Color::Brown, 1), (Color::Green, 1)]);
    assert_eq!(green.seat(0).score, 1);
    assert_eq!(green.actor(), Actor::Seat(1));
    let mut blue = g;
    play(&mut blue, "point b");
    assert_eq!(points(&blue, 0), [(Color::Blue, 2), (Color::Brown, 1), (Color::Green, 0)]);
    assert_eq!(blue.seat(0).score, 0);
}

#[test]
fn three_unpaired_commons_give_one_point_in_one_of_the_three() {
    let mut g = melee(&FOUR, "b5:r c5:r a4:r d5:b e5:n f5:g", &["imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e", "place e1", "end"]);
    assert_eq!(texts(&g), ["point b", "point n", "point g"]);
    play(&mut g, "point n");
    assert_eq!(points(&g, 0), [(Color::Blue, 0), (Color::Brown, 1), (Color::Green, 0)]);
}

#[test]
fn own_pieces_never_score_nor_count_as_unpaired() {
    // the Cannon's line holds a red and a blue common: one unpaired color
    let mut g = melee(&THREE, "b5:r c5:r a4:r d5:r e5:b", &["imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e", "place e1", "end"]);
    assert_eq!(g.actor(), Actor::Seat(1), "no point to choose");
    assert_eq!(points(&g, 0), [(Color::Blue, 0), (Color::Green, 0)]);
}

#[test]
fn a_legend_scores_one_point_in_a_color_of_your_choice() {
    // the Titan (e6: heroic e5 e4, commons d3 e3 f3); a blue and a green
    // common destroyed by the Cannon are unpaired as well
    let titan = "e5:r+ e4:r+ d3:r e3:r f3:r";
    let mut g = melee(&FOUR, &format!("{titan} b7:r c7:r a6:r d7:b e7:g"), &["legends.titan", "imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon c7 r0", "dir e", "summon legends.titan e6 r0", "end"]);
    // first the unpaired point, then the legend's, in any opponent's color
    assert_eq!(g.phase(), Phase::Score { unpaired: colors(&[Color::Blue, Color::Green]), legends: 1 });
    play(&mut g, "point g");
    assert_eq!(g.phase(), Phase::Score { unpaired: ColorSet::EMPTY, legends: 1 });
    assert_eq!(texts(&g), ["point b", "point n", "point g"]);
    play(&mut g, "point n");
    assert_eq!(points(&g, 0), [(Color::Blue, 0), (Color::Brown, 1), (Color::Green, 1)]);
    // then the draw: the Titan's card is shuffled back into the legends
    assert_eq!(g.phase(), Phase::Refill { seat: 0, beings: 3, legends: 2, flares: 1, setup: false });
}

#[test]
fn the_point_choices_can_be_taken_back_but_not_the_turn() {
    let mut m =
        Match::from_position(position(Form::Melee, &FOUR, "b5:r c5:r a4:r d5:b e5:g", &["imperial.cannon"])).unwrap();
    for c in ["summon imperial.cannon c5 r0", "dir e", "place e1", "end", "point b"] {
        common::act_text(&mut m, c).unwrap();
    }
    assert_eq!(m.game().actor(), Actor::Seat(1));
    assert!(!m.can_undo(), "the turn is over");
    let mut m =
        Match::from_position(position(Form::Melee, &FOUR, "b5:r c5:r a4:r d5:b e5:g", &["imperial.cannon"])).unwrap();
    for c in ["summon imperial.cannon c5 r0", "dir e", "place e1", "end"] {
        common::act_text(&mut m, c).unwrap();
    }
    assert!(!m.can_undo(), "ending the turn cannot be taken back");
}

// ----- flares -----

/// The guidebook's first flare example: only Blue is far enough ahead (3
/// more upgraded pieces and 6 more pieces than Red, for Flare 01); Red
/// resolves both halves and Blue scores 1 point in red.
#[test]
fn guidebook_flare_against_the_only_opponent_it_can_be() {
    let pieces = "a3:b+ a4:b+ a5:b+ a6:b b7:b c8:b h5:g h6:g";
    let mut g = melee(&THREE, pieces, &["flares.01"]);
    assert_eq!(g.flare_criteria(Color::Blue), (true, true));
    assert_eq!(g.flare_criteria(Color::Green), (false, false));
    assert!(legal(&g, "flare b"));
    assert!(!legal(&g, "flare g"), "green meets neither criterion");
    play(&mut g, "flare b");
    assert_eq!(g.points(1, Color::Red), 1, "blue scores in red");
    assert_eq!(g.points(2, Color::Red), 0);
    let r = g.effect().expect("the flare resolves");
    assert_eq!((r.upper, r.lower, r.against), (true, true, Some(Color::Blue)));
    play_all(&mut g, &["e5", "e4"]);
    assert_eq!((at(&g, "e5"), at(&g, "e4")), ("r".to_string(), "r+".to_string()));
    assert_eq!(g.turn().actions, 2, "a flare costs no action");
}

/// The guidebook's second flare example: Red may compare herself with Blue
/// (upper criterion) or Green (lower), not both; the one chosen scores.
#[test]
fn guidebook_flare_against_either_opponent_resolves_only_that_comparison() {
    let pieces = "a3:b+ a4:b+ a5:b+ c1:g d1:g e1:g f1:g g1:g h2:g";
    let g = melee(&THREE, pieces, &["flares.01"]);
    assert_eq!(g.flare_criteria(Color::Blue), (true, false));
    assert_eq!(g.flare_criteria(Color::Green), (false, true));
    assert!(legal(&g, "flare b") && legal(&g, "flare g"));
    let mut blue = g.clone();
    play(&mut blue, "flare b");
    let r = blue.effect().unwrap();
    assert_eq!((r.upper, r.lower), (true, false));
    play(&mut blue, "e5");
    assert_eq!(at(&blue, "e5"), "r", "only the upper half: a common piece");
    assert_eq!((blue.points(1, Color::Red), blue.points(2, Color::Red)), (1, 0));
    let mut green = g;
    play(&mut green, "flare g");
    let r = green.effect().unwrap();
    assert_eq!((r.upper, r.lower), (false, true));
    play(&mut green, "e5");
    assert_eq!(at(&green, "e5"), "r+", "only the lower half: a heroic piece");
    assert_eq!((green.points(1, Color::Red), green.points(2, Color::Red)), (0, 1));
    // the point counts towards the end-of-game trigger of the turn
    assert_eq!(green.seat(2).score, 0, "green's lowest color is still blue");
}

#[test]
fn the_opponent_compared_with_does_not_limit_the_effect() {
    // Flare 04 against Green (lower: 5 more pieces): convert an enemy common
    // piece, which may be Blue's
    let pieces = "a3:b+ a4:b c1:g d1:g e1:g f1:g g1:g";
    let mut g = melee(&THREE, pieces, &["flares.04"]);
    assert_eq!(g.flare_criteria(Color::Green), (false, true));
    play(&mut g, "flare g");
    // a green one as well as the blue one; not the blue heroic piece
    assert!(legal(&g, "a4") && legal(&g, "c1") && !legal(&g, "a3"));
    play(&mut g, "a4");
    assert_eq!(g.phase(), Phase::Main, "the flare is resolved");
    assert_eq!(at(&g, "a4"), "r");
    assert_eq!(destroyed(&g, Color::Blue, Rank::Common), 1);
    assert_eq!(g.points(2, Color::Red), 1, "green, the one compared with, scores");
}

// ----- improvised summoning -----

/// The guidebook's Swordmaster example. Red (e5) may summon the Swordmaster
/// on e4 with the green piece on e3, or on e6 with the blue piece on e7;
/// not on c4, between a blue and a green piece (one enemy piece per
/// summoning). She takes e6: blue is used up, she destroys the green piece
/// on f7 and the Swordmaster is upgraded.
#[test]
fn guidebook_improvised_swordmaster() {
    let pieces = "e5:r e7:b e3:g c5:b c3:g f7:g";
    let mut g = melee(&THREE, pieces, &["imperial.swordmaster", "imperial.champion"]);
    assert!(legal(&g, "summon imperial.swordmaster e4 r0"));
    assert!(legal(&g, "summon imperial.swordmaster e6 r0"));
    assert!(!legal(&g, "summon imperial.swordmaster c4 r0"), "two enemy pieces");
    assert_eq!(g.stand_ins().as_slice(), [colors(&[Color::Blue, Color::Green])]);
    play(&mut g, "summon imperial.swordmaster e6 r0");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Blue]), "blue is used up");
    // the blue piece stays blue and is one of the pieces used
    assert_eq!(at(&g, "e7"), "b");
    assert!(g.effect().unwrap().pattern.contains(common::sq("e7")));
    play(&mut g, "f7");
    assert_eq!((at(&g, "e6"), at(&g, "f7")), ("r+".to_string(), String::new()));
    // only green is left for improvising
    assert_eq!(g.stand_ins().as_slice(), [colors(&[Color::Green])]);
}

#[test]
fn each_enemy_color_improvises_once_per_game() {
    // the Champion on e5 (pattern d5 d4 e4 e3) with a blue piece on e4, or
    // on g5 (pattern f5 f4 g4 g3) with a green one on g4
    let pieces = "d5:r d4:r e4:b e3:r f5:r f4:r g4:g g3:r";
    let g = melee_with(&THREE, pieces, &["imperial.champion"], |p| p.seats[0].improvised = colors(&[Color::Blue]));
    assert!(!legal(&g, "summon imperial.champion e5 r0"), "blue was used up");
    assert!(legal(&g, "summon imperial.champion g5 r0"));
    let g = melee_with(&THREE, pieces, &["imperial.champion"], |p| {
        p.seats[0].improvised = colors(&[Color::Blue, Color::Green])
    });
    assert!(g.stand_ins().is_empty());
    assert!(!legal(&g, "summon imperial.champion g5 r0"));
    // an ordinary summoning uses nothing up
    let mut g = melee(&THREE, "d5:r d4:r e4:r e3:r", &["imperial.champion"]);
    play_all(&mut g, &["summon imperial.champion e5 r0"]);
    assert!(g.seat(0).improvised.is_empty());
}

/// The guidebook's Cannon example: the Cannon must be summoned onto one of
/// your pieces, but an improvised summoning may put it onto the enemy
/// piece used: the green common on g3 or the blue heroic on e5, never the
/// green legend on c8. Red takes e5 and destroys the blue heroic piece.
#[test]
fn guidebook_improvised_cannon_onto_the_enemy_piece() {
    let pieces = "d5:r c4:r e5:b+ f3:r e2:r g3:g b8:r a7:r c8:g*";
    let mut g = melee(&THREE, pieces, &["imperial.cannon"]);
    assert!(legal(&g, "summon imperial.cannon e5 r0"));
    assert!(legal(&g, "summon imperial.cannon g3 r0"));
    assert!(!legal(&g, "summon imperial.cannon c8 r0"), "a heroic being never replaces a legendary piece");
    play(&mut g, "summon imperial.cannon e5 r0");
    assert_eq!(at(&g, "e5"), "r+");
    assert_eq!(destroyed(&g, Color::Blue, Rank::Heroic), 1);
    assert_eq!(g.seat(0).improvised, colors(&[Color::Blue]));
    play_all(&mut g, &["skip", "place a5", "end"]);
    assert_eq!(points(&g, 0), [(Color::Blue, 1), (Color::Green, 0)]);
}

/// The guidebook's Champion example: the green heroic piece used to summon
/// the Champion is still an enemy piece, so the Champion may destroy it.
#[test]
fn guidebook_improvised_champion_destroys_the_piece_it_used() {
    let mut g = melee(&THREE, "d5:r d4:r e4:g+ e3:r", &["imperial.champion"]);
    play(&mut g, "summon imperial.champion e5 r0");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Green]));
    assert_eq!(texts(&g), ["e4", "skip"]);
    play(&mut g, "e4");
    assert_eq!(at(&g, "e4"), "");
    assert_eq!(destroyed(&g, Color::Green, Rank::Heroic), 1);
}

#[test]
fn any_being_even_a_legend_may_be_improvised() {
    // the Titan's heroic e4 is a blue heroic piece
    let mut g = melee(&THREE, "e5:r+ e4:b+ d3:r e3:r f3:r", &["legends.titan"]);
    play(&mut g, "summon legends.titan e6 r0");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Blue]));
    assert_eq!(g.turn().legends_summoned, 1);
    // a common enemy piece does not stand in for a heroic one
    let g = melee(&THREE, "e5:r+ e4:b d3:r e3:r f3:r", &["legends.titan"]);
    assert!(!legal(&g, "summon legends.titan e6 r0"));
}

// War Summoner (Highland, brown) then the Wild Eagle on b4 (pattern a3 c3).
const WAR_SUMMONER: &str = "d6:n f6:n e5:n e4:n";

fn after_war_summoner(more: &str, adjust: impl FnOnce(&mut Position)) -> Game {
    let schools = [BROWN, RED, GREEN];
    let mut g = melee_with(
        &schools,
        &format!("{WAR_SUMMONER} {more}"),
        &["highland.war_summoner", "highland.wild_eagle"],
        adjust,
    );
    play(&mut g, "summon highland.war_summoner e6 r0");
    assert!(g.turn().war_summoner_bonus);
    g
}

#[test]
fn war_summoner_and_improvised_summoning_combine_to_two_enemy_pieces() {
    // without the bonus, two enemy pieces are one too many
    let g = melee(&[BROWN, RED, GREEN], "a3:r c3:g", &["highland.wild_eagle"]);
    assert!(!legal(&g, "summon highland.wild_eagle b4 r0"));
    let mut g = after_war_summoner("a3:r c3:g", |_| {});
    assert_eq!(g.stand_ins().len(), 2);
    play(&mut g, "summon highland.wild_eagle b4 r0");
    // red or green: the summoner says which piece is the improvised one
    assert_eq!(g.phase(), Phase::Improvise { colors: colors(&[Color::Red, Color::Green]) });
    assert_eq!(texts(&g), ["improvise r", "improvise g"]);
    assert!(g.prompt().is_some());
    play(&mut g, "improvise g");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Green]), "only one color is used up");
    assert_eq!(g.phase(), Phase::Effect);
    assert_eq!(g.effect().unwrap().pattern, common::sq("a3").bb() | common::sq("c3").bb());
}

#[test]
fn with_the_war_summoner_one_enemy_piece_uses_no_color_up() {
    let mut g = after_war_summoner("a3:r c3:n", |_| {});
    play(&mut g, "summon highland.wild_eagle b4 r0");
    assert!(g.seat(0).improvised.is_empty(), "the War Summoner's bonus covers it");
    assert_eq!(g.phase(), Phase::Effect);
}

#[test]
fn with_the_war_summoner_two_pieces_of_one_color_use_that_color_up() {
    let mut g = after_war_summoner("a3:r c3:r", |_| {});
    play(&mut g, "summon highland.wild_eagle b4 r0");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Red]));
    assert_eq!(g.phase(), Phase::Effect);
}

#[test]
fn with_the_war_summoner_a_used_up_color_rides_on_the_bonus() {
    // red was used up before: the red piece is the War Summoner's, green
    // is improvised
    let mut g = after_war_summoner("a3:r c3:g", |p| p.seats[0].improvised = colors(&[Color::Red]));
    play(&mut g, "summon highland.wild_eagle b4 r0");
    assert_eq!(g.seat(0).improvised, colors(&[Color::Red, Color::Green]));
    assert_eq!(g.phase(), Phase::Effect);
    // both used up: only the bonus is left, for one piece
    let g = after_war_summoner("a3:r c3:g", |p| p.seats[0].improvised = colors(&[Color::Red, Color::Green]));
    assert!(!legal(&g, "summon highland.wild_eagle b4 r0"));
}

// ----- the end -----

/// Red's Champion is summoned onto an enemy heroic piece on e5 (no enemy
/// piece is left next to it).
fn champion_turn(g: &mut Game) {
    play_all(g, &["summon imperial.champion e5 r0", "place a5", "end"]);
}

#[test]
fn ten_points_in_one_color_end_a_four_player_game_and_twelve_a_three_player_game() {
    let pieces = "d5:r d4:r e4:r e3:r e5:n+";
    let mut g = melee_with(&FOUR, pieces, &["imperial.champion"], |p| p.seats[0].points[Color::Brown.index()] = 9);
    champion_turn(&mut g);
    assert_eq!(g.points(0, Color::Brown), 10);
    assert_eq!(g.end_state().last, Some(0));
    let pieces = "d5:r d4:r e4:r e3:r e5:b+";
    let mut g = melee_with(&THREE, pieces, &["imperial.champion"], |p| p.seats[0].points[Color::Blue.index()] = 10);
    champion_turn(&mut g);
    assert_eq!(g.points(0, Color::Blue), 11);
    assert_eq!(g.end_state().last, None, "11 is not enough with three players");
    let mut g = melee_with(&THREE, pieces, &["imperial.champion"], |p| p.seats[0].points[Color::Blue.index()] = 11);
    champion_turn(&mut g);
    assert_eq!(g.end_state().last, Some(0));
    // a point scored by an opponent's flare triggers it too, at the end of that turn
    let mut g = melee_with(&THREE, "a3:b+ a4:b+ a5:b+", &["flares.01"], |p| p.seats[1].points[Color::Red.index()] = 11);
    play_all(&mut g, &["flare b", "e5", "place a6", "place a7", "end"]);
    assert_eq!(g.points(1, Color::Red), 12);
    assert_eq!(g.end_state().last, Some(0));
}

#[test]
fn drawing_the_last_card_of_a_deck_ends_a_melee_too() {
    let mut g = melee_with(&THREE, "", &[], |p| {
        p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([card("imperial.knight")]);
    });
    play_all(&mut g, &["place a5", "place a6", "end", "draw imperial.knight"]);
    assert_eq!(g.end_state().last, Some(0));
    // the other two play, then Red again: two turns after the next one
    assert_eq!(g.actor(), Actor::Seat(1));
    assert_eq!(g.end_state().turns_left, Some(2));
}

/// The guidebook's four-player ending: Red scores her 10th brown point,
/// then Blue, Brown, Green and Red each play one more turn. Brown wins with
/// 6 in his lowest color; Red and Blue have 5 each, and Blue's second
/// lowest color (7) beats Red's (6); Green has the highest total but only
/// 4 in her lowest color.
#[test]
fn guidebook_four_player_ending_and_ranking() {
    let pieces = "d5:r d4:r e4:r e3:r e5:n+";
    let mut g = melee_with(&FOUR, pieces, &["imperial.champion"], |p| {
        let set = |p: &mut Position, seat: usize, pts: &[(Color, i16)]| {
            for &(c, n) in pts {
                p.seats[seat].points[c.index()] = n;
            }
        };
        set(p, 0, &[(Color::Blue, 5), (Color::Brown, 9), (Color::Green, 6)]);
        set(p, 1, &[(Color::Red, 7), (Color::Brown, 5), (Color::Green, 8)]);
        set(p, 2, &[(Color::Red, 6), (Color::Blue, 7), (Color::Green, 9)]);
        set(p, 3, &[(Color::Red, 4), (Color::Blue, 11), (Color::Brown, 11)]);
    });
    champion_turn(&mut g);
    assert_eq!(g.end_state().last, Some(0));
    let squares = ["a6", "a7", "b6", "b7", "c6", "c7", "i5", "i6"];
    for (k, seat) in [1u8, 2, 3, 0].into_iter().enumerate() {
        assert!(!g.is_over());
        assert_eq!(g.actor(), Actor::Seat(seat));
        play_all(&mut g, &[&format!("place {}", squares[2 * k]), &format!("place {}", squares[2 * k + 1]), "end"]);
    }
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.places.as_slice(), [2, 1, 0, 3], "Brown, Blue, Red, Green");
    assert_eq!(o.winner(), Some(2));
    assert_eq!((g.seat(0).score, g.seat(1).score, g.seat(2).score, g.seat(3).score), (5, 5, 6, 4));
}

#[test]
fn ties_go_to_the_remaining_color_then_upgraded_pieces_then_all_pieces() {
    // the last turn of the game: seat 0 ends it
    let finish = |pieces: &str, pts: [[i16; 4]; 4]| {
        let mut g = melee_with(&FOUR, pieces, &[], |p| {
            for (s, row) in pts.iter().enumerate() {
                p.seats[s].points[..4].copy_from_slice(row);
            }
            p.end = Some((0, 0));
        });
        play_all(&mut g, &["place i5", "place i6", "end"]);
        g.outcome().expect("over").places.to_vec()
    };
    // points indexed red, blue, brown, green
    let pts = [[0, 5, 6, 9], [5, 0, 6, 8], [1, 1, 0, 1], [1, 1, 1, 0]];
    assert_eq!(finish("", pts), [0, 1, 2, 2], "9 against 8 in the remaining color");
    let pts = [[0, 5, 6, 8], [5, 0, 6, 8], [1, 1, 0, 1], [1, 1, 1, 0]];
    // red places 2 commons in its last turn; blue has a heroic piece
    assert_eq!(finish("a5:b+", pts), [1, 0, 2, 2], "then upgraded pieces");
    assert_eq!(finish("a5:b a4:b a3:b", pts), [1, 0, 2, 2], "then all pieces");
    assert_eq!(finish("a5:b a4:b", pts), [0, 0, 2, 2], "a tie that stays");
}

#[test]
fn no_resignation_in_a_melee() {
    let mut g = melee(&THREE, "", &[]);
    assert!(g.resign(0).is_err());
    assert!(g.resign(1).is_err());
    assert!(g.play("resign").is_err());
    assert!(!g.is_over());
    let mut m = Match::from_position(position(Form::Melee, &THREE, "", &[])).unwrap();
    assert!(m.resign(2).is_err());
}

// ----- views, positions, records -----

#[test]
fn views_show_each_players_points_by_color_and_used_colors() {
    let g = melee_with(&THREE, "e5:r", &["imperial.knight"], |p| {
        p.seats[0].points[Color::Blue.index()] = 3;
        p.seats[0].points[Color::Green.index()] = 2;
        p.seats[0].improvised = colors(&[Color::Green]);
    });
    let v = g.view(1);
    assert_eq!(v.seats[0].score, 2);
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["seats"][0]["points"], serde_json::json!({"blue": 3, "green": 2}));
    assert_eq!(json["seats"][0]["improvised"], serde_json::json!(["green"]));
    assert_eq!(json["seats"][1]["points"], serde_json::json!({"red": 0, "green": 0}));
    assert!(json["seats"][0].get("hand").is_none());
    assert!(json["seats"][0].get("team").is_none());
    assert_eq!(json["form"], "melee");
}

#[test]
fn melee_position_text_round_trips() {
    let text = "form: melee
board: 9/9/9/9/4r4/9/9/9/9
turn: 2
actions: 2
number: 9
seat: southern score 2 supply 13/3 beings imperial.knight legends - flares - deck - discard - points b3,n4,g2 improvised g
seat: northern score 0 supply 14/3 beings - legends - flares - deck - discard - points r0,n1,g0 improvised -
seat: highland score 0 supply 14/3 beings - legends - flares - deck - discard - points r0,b0,g0 improvised b,g
seat: sylvan score 0 supply 14/3 beings - legends - flares - deck - discard - points r0,b0,n0 improvised -
legends: deck - discard -
flares: deck - discard -
";
    let p = Position::from_text(text).unwrap();
    assert_eq!(p.to_text(), text);
    let g = p.to_game().unwrap();
    assert_eq!(g.points(0, Color::Brown), 4);
    assert_eq!(g.seat(0).score, 2, "the lowest color");
    assert_eq!(g.seat(2).improvised, colors(&[Color::Blue, Color::Green]));
    assert_eq!(Position::of(&g).unwrap(), p);
    // nonsense is refused, never a panic
    for (from, to) in [
        ("points b3,n4,g2", "points r3"),
        ("points b3,n4,g2", "points b3,x2"),
        ("points b3,n4,g2", "points bb"),
        ("improvised g", "improvised r"),
        ("improvised g", "improvised q"),
        ("form: melee", "form: duel"),
    ] {
        let bad = text.replacen(from, to, 1);
        let r = Position::from_text(&bad).and_then(|p| p.to_game());
        assert!(matches!(r, Err(PositionError::Syntax { .. } | PositionError::Invalid(_))), "{to}: {r:?}");
    }
}

#[test]
fn melee_choices_have_text_forms() {
    for text in ["start f8 b", "point g", "improvise r"] {
        let c: Choice = text.parse().unwrap();
        assert_eq!(c.to_string(), text);
    }
    for bad in ["start f8 x", "point", "point gg", "improvise 3", "start f8 b b"] {
        assert!(bad.parse::<Choice>().is_err(), "{bad}");
    }
}

// ----- random games -----

#[test]
fn random_melees_of_three_and_four_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut improvised = 0;
    let mut redealt = 0;
    let mut flares = 0;
    for game in 0..12 {
        let n = 3 + game % 2;
        let schools = mixed_schools(n, &mut rng);
        let mut before = Vec::new();
        let g = random_game(Form::Melee, &schools, &mut rng, |g| {
            check_cards(g);
            check_pieces(g);
            check_melee(g, &mut before);
            redealt += check_views(g);
            check_position_round_trip(g);
        });
        let outcome = g.outcome().expect("finished");
        assert_eq!(outcome.places.len(), n);
        improvised += g.seats().iter().map(|s| s.improvised.colors().count()).sum::<usize>();
        flares += g.flare_discard().len();
        // the ranking follows the sorted colors, then the tie-breakers
        let key = |s: u8| {
            let st = g.seat(s);
            let mut pts: Vec<i16> =
                g.seats().iter().filter(|o| o.color != st.color).map(|o| st.points[o.color.index()]).collect();
            pts.sort();
            (pts, g.board().upgraded(st.color), g.board().total(st.color))
        };
        for a in 0..n as u8 {
            for b in 0..n as u8 {
                if key(a) > key(b) {
                    assert!(outcome.places[a as usize] < outcome.places[b as usize]);
                }
            }
        }
    }
    assert!(improvised > 0 && flares > 0, "random play uses improvised summoning ({improvised}) and flares ({flares})");
    assert!(redealt > 1000, "hidden cards were dealt anew ({redealt})");
}

#[test]
fn the_melee_phases_show_their_colors_in_a_view() {
    let mut g = melee(&FOUR, "b5:r c5:r a4:r d5:b e5:g", &["imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e", "place e1", "end"]);
    let json = serde_json::to_value(g.view(0)).unwrap();
    assert_eq!(json["phase"], serde_json::json!({"phase": "score", "unpaired": ["blue", "green"], "legends": 0}));
    assert_eq!(json["prompt"], "game.score_unpaired");
    let texts: Vec<String> = g.legal_choices().iter().map(|c| c.to_string()).collect();
    assert_eq!(texts, ["point b", "point g"]);
}

#[test]
fn positions_with_the_wrong_number_of_seats_are_refused_without_panicking() {
    let seat = |school: &str| format!("seat: {school} score 0 beings - legends - flares - deck - discard -\n");
    for (form, schools) in [
        ("melee", vec!["southern", "northern"]),
        ("melee", vec!["southern", "northern", "highland", "sylvan", "northern"]),
        ("team-duel", vec!["southern", "northern", "highland"]),
        ("team-high-form", vec!["southern"]),
    ] {
        let mut text = format!("form: {form}\nboard: 9/9/9/9/9/9/9/9/9\n");
        for s in &schools {
            text.push_str(&seat(s));
        }
        let p = Position::from_text(&text).unwrap();
        let _ = p.to_text();
        assert!(matches!(p.to_game(), Err(PositionError::Invalid(_))), "{form} with {} seats", schools.len());
    }
}

/// Melee points by color are told in the events: the pairs by color, then
/// the chosen point for the unpaired commons.
#[test]
fn melee_points_by_color_are_told_in_the_events() {
    use tash_kalar_rules::{Event, ScoreWhy};
    let mut g = melee(&FOUR, "b5:r c5:r a4:r d5:b e5:b f5:b g5:n h5:n i5:g", &["imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon c5 r0", "dir e", "place e1", "end", "point g"]);
    let scored: Vec<_> = g.events().iter().filter(|e| matches!(e, Event::Scored { .. })).copied().collect();
    assert_eq!(
        scored,
        [
            Event::Scored { seat: 0, points: 1, why: ScoreWhy::Destruction, color: Some(Color::Blue) },
            Event::Scored { seat: 0, points: 1, why: ScoreWhy::Destruction, color: Some(Color::Brown) },
            Event::Scored { seat: 0, points: 1, why: ScoreWhy::Unpaired, color: Some(Color::Green) },
        ]
    );
    let destroyed = g.events().iter().filter(|e| matches!(e, Event::Destroyed { credited: true, .. })).count();
    assert_eq!(destroyed, 6);
}

/// The Forest Ancient's color choice in a melee: each option stands for a
/// color (clients word it by its name).
#[test]
fn the_forest_ancients_options_stand_for_colors() {
    let schools = [School::Sylvan, School::Southern, School::Northern];
    let mut g = melee(&schools, "e6:g d5:g f5:g d4:g a5:r i5:b", &["sylvan.forest_ancient"]);
    play(&mut g, "summon sylvan.forest_ancient e5 r0");
    let legal = g.legal_choices();
    let options: Vec<u8> =
        legal.iter().filter_map(|c| if let Choice::Option(n) = c { Some(*n) } else { None }).collect();
    assert_eq!(options.len(), 2, "{legal:?}");
    let colors: Vec<_> = options.iter().map(|&n| g.option_meaning(n).map(|m| (m.key, m.color))).collect();
    assert_eq!(colors, [Some(("color", Some(Color::Red))), Some(("color", Some(Color::Blue)))]);
    let q = g.question().unwrap();
    assert_eq!(
        (q.kind, q.card.map(|c| c.def().id)),
        (tash_kalar_rules::QuestionKind::Effect, Some("sylvan.forest_ancient"))
    );
}
