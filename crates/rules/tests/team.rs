//! Team play (2 against 2, the High Form and the Deathmatch Duel): seats,
//! one color per team, shared legends and points, passing control,
//! sideways cards and the end, from the full rules and the guidebook.
//!
//! Unless a test says otherwise the teams are Northern (seat 0) with
//! Highland (seat 2), playing blue, against Southern (seat 1) with Sylvan
//! (seat 3), playing red: the Imperial decks on different teams, as the
//! guidebook recommends.

mod common;
mod multi;

use common::{at, legal, play, play_all, texts};
use multi::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::tasks::TaskId;
use tash_kalar_rules::{Actor, Choice, Form, Game, Match, Phase, Position, PositionError, School};

const SCHOOLS: [School; 4] = [School::Northern, School::Southern, School::Highland, School::Sylvan];

fn team(form: Form, pieces: &str, cards: &[&str]) -> Position {
    position(form, &SCHOOLS, pieces, cards)
}

fn duel(pieces: &str, cards: &[&str]) -> Game {
    team(Form::TeamDuel, pieces, cards).to_game().expect("a valid position")
}

fn duel_with(pieces: &str, cards: &[&str], adjust: impl FnOnce(&mut Position)) -> Game {
    let mut p = team(Form::TeamDuel, pieces, cards);
    adjust(&mut p);
    p.to_game().expect("a valid position")
}

fn scores(g: &Game) -> [i16; 4] {
    [g.seat(0).score, g.seat(1).score, g.seat(2).score, g.seat(3).score]
}

fn legends_of(g: &Game, seat: u8) -> Vec<String> {
    g.seat(seat).legends.iter().map(|c| c.to_string()).collect()
}

fn dealt(form: Form, schools: &[School]) -> Game {
    let mut g = Game::new(form, schools).expect("a new game");
    while g.actor() == Actor::Chance && g.phase() != Phase::RevealTasks {
        let c = g.legal_choices()[0];
        g.apply(c).unwrap();
    }
    g
}

/// Draws whatever chance must draw, the first card each time.
fn draw_all(g: &mut Game) {
    while g.actor() == Actor::Chance {
        let c = g.legal_choices()[0];
        g.apply(c).unwrap();
    }
}

// ----- setup -----

#[test]
fn teammates_sit_opposite_and_share_their_first_seats_color() {
    let g = dealt(Form::TeamDuel, &SCHOOLS);
    let colors: Vec<Color> = g.seats().iter().map(|s| s.color).collect();
    assert_eq!(colors, [Color::Blue, Color::Red, Color::Blue, Color::Red]);
    assert_eq!(g.seat(2).school, School::Highland, "its own deck in the team's color");
    assert_eq!((g.teammate(0), g.teammate(1), g.teammate(2), g.teammate(3)), (Some(2), Some(3), Some(0), Some(1)));
    // one full set of pieces per team: a team duel keeps one on the score board
    assert_eq!(g.pieces_in_play(Color::Blue), (16, 3));
    assert_eq!(g.pieces_in_play(Color::Brown), (0, 0));
    assert!(Game::new(Form::TeamDuel, &SCHOOLS[..3]).is_err(), "four players");
    let same = [School::Northern, School::Southern, School::Northern, School::Sylvan];
    assert!(Game::new(Form::TeamDuel, &same).is_err(), "each player a different deck");
    assert_eq!(Form::parse("team-duel"), Some(Form::TeamDuel));
    assert_eq!(Form::parse("team-high-form"), Some(Form::TeamHighForm));
    assert_eq!((Form::TeamDuel.target_score(), Form::TeamHighForm.target_score()), (18, 9));
}

#[test]
fn the_teammate_who_plays_sooner_draws_the_legends_and_decks_turn_six_cards_sideways() {
    for form in [Form::TeamDuel, Form::TeamHighForm] {
        let g = dealt(form, &SCHOOLS);
        let hands: Vec<(usize, usize, usize)> =
            g.seats().iter().map(|s| (s.beings.len(), s.legends.len(), s.flares.len())).collect();
        assert_eq!(hands, [(3, 2, 1), (3, 2, 1), (3, 0, 1), (3, 0, 1)], "{form:?}");
        for s in g.seats() {
            assert_eq!((s.deck.len(), s.deck.sideways, s.deck.upright()), (15, 6, 9));
        }
    }
}

#[test]
fn in_a_team_duel_the_fourth_player_places_the_start_pieces() {
    let mut g = dealt(Form::TeamDuel, &SCHOOLS);
    assert_eq!((g.phase(), g.actor()), (Phase::StartPieces { seat: 3 }, Actor::Seat(3)));
    assert_eq!(texts(&g), ["start c5", "start g5"]);
    play(&mut g, "start c5");
    // seat 3's own color is its team's red
    assert_eq!((at(&g, "c5"), at(&g, "g5")), ("r".to_string(), "b".to_string()));
    assert_eq!((g.actor(), g.turn().actions), (Actor::Seat(0), 1));
    // the team High Form starts with an empty board and its tasks
    let g = dealt(Form::TeamHighForm, &SCHOOLS);
    assert_eq!(g.phase(), Phase::RevealTasks);
    assert_eq!(g.board().occupied().count(), 0);
}

// ----- passing control -----

/// The guidebook's Knight example: one action placed a piece (d3) that
/// completes the Knight's pattern; the Knight is summoned on e5 and its
/// first combat move destroys the opponents' heroic piece on e6; then
/// control passes and the teammate makes up to 2 more moves. The turn's
/// player then finishes the turn, too late for the flare they hold.
#[test]
fn guidebook_knight_passing_control_mid_effect() {
    let pieces = "d4:b e4:b f4:b e6:r+ a3:r+ a4:r+ a5:r+ c9:r";
    let mut p = team(Form::TeamDuel, pieces, &["imperial.knight", "flares.12", "legends.titan", "legends.leviathan"]);
    p.seats[2].beings = vec![card("highland.clan_axeman")];
    let mut m = Match::from_position(p).unwrap();
    for c in ["place d3", "summon imperial.knight e5 r0", "e5-e6"] {
        common::act_text(&mut m, c).unwrap();
    }
    assert_eq!(m.game().turn().destroyed[Color::Red.index()][Rank::Heroic.index()], 1);
    assert!(legal(m.game(), "pass"), "control can be passed in the middle of an effect");
    common::act_text(&mut m, "pass").unwrap();
    let g = m.game();
    assert_eq!(g.actor(), Actor::Seat(2), "the teammate finishes the effect");
    assert!(g.turn().passed);
    assert_eq!(legends_of(g, 2), ["legends.leviathan", "legends.titan"], "the legends go along");
    assert!(legends_of(g, 0).is_empty());
    // the Knight's effect goes on where it was: two moves left
    assert!(legal(g, "e6-e7") && legal(g, "skip"));
    assert!(!legal(g, "pass"));
    assert!(!m.can_undo(), "after passing control nothing can be taken back");
    common::act_text(&mut m, "e6-e7").unwrap();
    assert!(m.can_undo(), "the teammate may take back their own move");
    assert_eq!(m.undo(), Some("e6-e7".parse().unwrap()));
    assert_eq!(m.undo(), None, "but not the pass");
    for c in ["e6-f7", "f7-f8"] {
        common::act_text(&mut m, c).unwrap();
    }
    // three moves made: the effect is over and no action is left
    let g = m.game();
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.actor(), Actor::Seat(0), "the turn's player finishes the turn");
    assert_eq!(g.flare_criteria(Color::Red), (true, false));
    assert_eq!(texts(g), ["end"], "no flare once control has been passed");
    common::act_text(&mut m, "end").unwrap();
    // the team scores the heroic piece
    assert_eq!(scores(m.game()), [1, 0, 1, 0]);
}

#[test]
fn passing_control_at_the_start_of_an_effect_lets_the_teammate_do_all_of_it() {
    let mut g = duel("d4:b e4:b f4:b d3:b e6:r+", &["imperial.knight"]);
    play_all(&mut g, &["summon imperial.knight e5 r0", "pass"]);
    assert_eq!(g.actor(), Actor::Seat(2));
    play_all(&mut g, &["e5-e6", "e6-e7", "skip"]);
    // one action is left: the teammate places a common piece with it
    assert_eq!(g.actor(), Actor::Seat(2));
    assert!(texts(&g).iter().all(|t| t.starts_with("place")), "{:?}", texts(&g));
    play(&mut g, "place a5");
    assert_eq!(at(&g, "a5"), "b");
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(texts(&g), ["end"]);
}

/// The guidebook's flare example: the turn begins with a flare whose upper
/// half offers a standard leap; control passes; the teammate decides on the
/// leap and places common pieces with both actions.
#[test]
fn guidebook_flare_then_passing_control() {
    let mut g = duel("e3:b a3:r+ a4:r+ c9:r", &["flares.12", "imperial.knight"]);
    play(&mut g, "flare r");
    assert!(legal(&g, "pass"));
    play(&mut g, "pass");
    assert_eq!(g.actor(), Actor::Seat(2));
    play(&mut g, "e3-e8");
    assert_eq!(at(&g, "e8"), "b");
    assert_eq!(g.actor(), Actor::Seat(2));
    assert_eq!(g.turn().actions, 2);
    play_all(&mut g, &["place d5", "place f5"]);
    assert_eq!(g.actor(), Actor::Seat(0));
    play(&mut g, "end");
    // the flare gave the opposing team a point
    assert_eq!(scores(&g), [0, 1, 0, 1]);
}

#[test]
fn passing_control_before_any_action_leaves_only_placing() {
    // the Knight could be summoned, and a discard is possible
    let mut g = duel("d4:b e4:b f4:b d3:b a3:r+ a4:r+", &["imperial.knight", "imperial.cannon", "flares.12"]);
    assert!(legal(&g, "summon imperial.knight e5 r0") && legal(&g, "discard imperial.knight"));
    assert_eq!(texts(&g).last().map(String::as_str), Some("pass"));
    play(&mut g, "pass");
    assert_eq!(g.actor(), Actor::Seat(2));
    let choices = g.legal_choices();
    assert!(choices.iter().all(|c| matches!(c, Choice::Place { .. })), "{choices:?}");
    assert!(g.prompt().is_some());
    assert!(!legal(&g, "flare r") && !legal(&g, "summon imperial.knight e5 r0"));
    assert!(!legal(&g, "end"), "the teammate must use up the actions");
    play_all(&mut g, &["place a5", "place a6"]);
    assert_eq!((g.actor(), texts(&g)), (Actor::Seat(0), vec!["end".to_string()]));
}

#[test]
fn control_passes_once_and_only_before_an_action_or_during_an_effect() {
    // the starting player's single action used: nothing to pass
    let mut g = duel_with("a5:b", &[], |p| p.actions = 1);
    play(&mut g, "place a6");
    assert_eq!(texts(&g), ["end"]);
    // not in the middle of returning cards after a discard
    let mut g = duel("", &["imperial.knight", "imperial.cannon"]);
    play(&mut g, "discard imperial.knight");
    assert_eq!(g.phase(), Phase::Returning);
    assert!(!legal(&g, "pass"));
    // nor in a game without teams
    let g = common::duel("9/9/9/9/9/9/9/9/9", &[]);
    assert!(!legal(&g, "pass"));
    // once passed, never again this turn
    let mut g = duel("", &[]);
    play(&mut g, "pass");
    assert!(!legal(&g, "pass"));
}

// ----- sideways cards -----

fn deck(ids: &[&str], sideways: u8) -> Pile {
    let mut p = Pile::ordered(ids.iter().map(|i| card(i)));
    p.sideways = sideways;
    p
}

const EIGHT: [&str; 8] = [
    "imperial.swordmaster",
    "imperial.messenger",
    "imperial.cannon",
    "imperial.champion",
    "imperial.infantry_captain",
    "imperial.knight",
    "imperial.high_priestess",
    "imperial.bomb",
];

/// The discard action's returned cards go to the bottom sideways, and as
/// many of the uppermost sideways cards are straightened: the deck keeps
/// exactly 6 sideways cards. The straightened card is the one whose draw
/// now triggers the end.
#[test]
fn returned_cards_go_sideways_and_straighten_the_uppermost_sideways_cards() {
    let hand = ["imperial.chronicler", "imperial.herald", "imperial.assassin"];
    let mut g = duel_with("", &hand, |p| {
        p.seats[0].deck = deck(&EIGHT, 6);
        p.seats[0].flares = vec![card("flares.01")];
    });
    assert_eq!(g.seat(0).deck.upright(), 2);
    play_all(
        &mut g,
        &[
            "discard imperial.chronicler",
            "return imperial.herald",
            "return imperial.assassin",
            "return flares.01",
            "done",
        ],
    );
    let d = &g.seat(0).deck;
    assert_eq!((d.len(), d.sideways, d.upright()), (10, 6, 4));
    assert_eq!(d.bottom.as_slice(), [card("imperial.herald"), card("imperial.assassin")]);
    // a flare returns to the flares, which have no sideways cards
    assert_eq!(g.flare_pile().sideways, 0);
    play_all(&mut g, &["place a5", "end"]);
    // three draws: the two upright cards and the first straightened one
    draw_all(&mut g);
    assert_eq!(g.end_state().last, None);
    assert_eq!(g.seat(0).deck.upright(), 1);
    assert_eq!(g.seat(0).beings.len(), 3);
    // next time the last straightened card (the Champion) triggers the end
    let mut g = duel_with("", &[], |p| {
        p.seats[0].deck = deck(&EIGHT[3..], 4);
        p.seats[0].beings = vec![card("imperial.chronicler"), card("imperial.herald")];
    });
    assert_eq!(g.seat(0).deck.upright(), 1);
    play_all(&mut g, &["place a5", "place a6", "end", "draw imperial.champion"]);
    assert_eq!(g.end_state().last, Some(0));
}

#[test]
fn drawing_the_last_card_that_is_not_sideways_triggers_the_end() {
    let setup = |beings: &[&str]| {
        duel_with("", beings, |p| {
            p.seats[0].deck = deck(&EIGHT[1..], 6);
        })
    };
    let mut g = setup(&["imperial.chronicler", "imperial.herald"]);
    play_all(&mut g, &["place a5", "place a6", "end", "draw imperial.messenger"]);
    assert_eq!(g.end_state().last, Some(0));
    assert_eq!(g.end_state().turns_left, Some(3), "every other player, then this one");
    assert_eq!(g.actor(), Actor::Seat(1));
    // needing two cards, the player draws a sideways card as well
    let mut g = setup(&["imperial.chronicler"]);
    play_all(&mut g, &["place a5", "place a6", "end", "draw imperial.messenger", "draw imperial.cannon"]);
    let d = &g.seat(0).deck;
    assert_eq!((d.len(), d.sideways, d.upright()), (5, 5, 0));
    assert_eq!(g.end_state().last, Some(0));
    // in a two-player duel the same draw is just a draw
    let mut p = common::duel_position("9/9/9/9/9/9/9/9/9", &["imperial.chronicler", "imperial.herald"]);
    p.seats[0].deck = Pile::ordered(EIGHT[1..].iter().map(|i| card(i)));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a6", "end", "draw imperial.messenger"]);
    assert_eq!(g.end_state().last, None);
}

// ----- legends -----

#[test]
fn legends_pass_to_the_teammate_at_the_end_of_the_turn() {
    let mut g = duel_with("", &["legends.titan", "legends.leviathan"], |p| {
        p.legends = Pile::ordered([card("legends.angel_of_death")]);
    });
    play_all(&mut g, &["place a5", "place a6", "end"]);
    assert_eq!(legends_of(&g, 2), ["legends.leviathan", "legends.titan"]);
    assert!(legends_of(&g, 0).is_empty(), "nothing drawn for the player who passed them");
    assert_eq!(g.actor(), Actor::Seat(1), "two legends already: the teammate draws none");
    assert_eq!(g.legend_pile().len(), 1);
}

#[test]
fn the_teammate_refills_the_teams_legends_to_two() {
    // the Titan (e6: heroic e5 e4, commons d3 e3 f3) is summoned: one legend is left
    let mut g = duel_with("e5:b+ e4:b+ d3:b e3:b f3:b", &["legends.titan", "legends.leviathan"], |p| {
        p.legends = Pile::ordered([card("legends.angel_of_death")]);
    });
    play_all(&mut g, &["summon legends.titan e6 r0", "place a5", "end"]);
    assert_eq!(scores(&g), [1, 0, 1, 0], "a legend scores for the team");
    assert_eq!(g.phase(), Phase::Refill { seat: 2, beings: 0, legends: 2, flares: 0, setup: false });
    assert_eq!(g.actor(), Actor::Chance);
    play(&mut g, "draw legends.angel_of_death");
    assert_eq!(legends_of(&g, 2), ["legends.angel_of_death", "legends.leviathan"]);
    assert_eq!(g.actor(), Actor::Seat(1));
}

#[test]
fn an_extra_legend_is_drawn_by_the_teammate() {
    // Sylvan (green) with Northern against Southern with Highland; the
    // Forest Mystic (e5: e6, d5, f4) draws an extra being and an extra legend
    let schools = [School::Sylvan, School::Southern, School::Northern, School::Highland];
    let mut p = position(Form::TeamDuel, &schools, "e6:g d5:g f4:g", &["sylvan.forest_mystic", "legends.titan"]);
    p.seats[0].deck = Pile::ordered(["sylvan.dryad", "sylvan.naiad"].map(card));
    p.legends = Pile::ordered(["legends.leviathan", "legends.angel_of_death"].map(card));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon sylvan.forest_mystic e5 r0", "place a5", "end"]);
    assert_eq!(g.phase(), Phase::Refill { seat: 0, beings: 4, legends: 0, flares: 1, setup: false });
    play_all(&mut g, &["draw sylvan.dryad", "draw sylvan.naiad"]);
    assert_eq!(g.phase(), Phase::Refill { seat: 2, beings: 0, legends: 3, flares: 0, setup: false });
    play_all(&mut g, &["draw legends.leviathan", "draw legends.angel_of_death"]);
    assert_eq!(legends_of(&g, 2), ["legends.angel_of_death", "legends.leviathan", "legends.titan"]);
    assert!(legends_of(&g, 0).is_empty());
}

/// The Time Elemental ruling: the extra turn is the same player's, not the
/// teammate's (who holds the legends by then).
#[test]
fn the_time_elemental_extra_turn_is_the_same_players() {
    let pattern = "d4:b+ f4:b+ e3:b+ d2:b f2:b";
    let mut g = duel(pattern, &["legends.time_elemental", "legends.titan"]);
    play_all(&mut g, &["summon legends.time_elemental e5 r0", "place a5", "end"]);
    draw_all(&mut g);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(g.turn().actions, 2);
    assert!(legends_of(&g, 0).is_empty());
    assert!(legends_of(&g, 2).contains(&"legends.titan".to_string()));
    play_all(&mut g, &["place a6", "place a7", "end"]);
    draw_all(&mut g);
    assert_eq!(g.actor(), Actor::Seat(1));
}

// ----- points and tasks belong to the team -----

#[test]
fn destroyed_pieces_score_for_the_team_and_a_flare_for_the_other_team() {
    // seat 2's turn: its flare gives both opponents a point
    let mut g = duel_with("a3:r+ a4:r+ e5:b", &[], |p| {
        p.turn = 2;
        p.seats[2].flares = vec![card("flares.12")];
    });
    play_all(&mut g, &["flare r", "e5-e8", "place a5", "place a6", "end"]);
    assert_eq!(scores(&g), [0, 1, 0, 1]);
    // seat 0 summons the Cannon and passes control; the teammate fires it
    // through two red commons: whoever was in control, the team scores
    let mut g = duel("e5:b d5:b c4:b e6:r e7:r", &["imperial.cannon"]);
    play_all(&mut g, &["summon imperial.cannon e5 r0", "pass", "dir n", "place a5"]);
    assert_eq!(g.actor(), Actor::Seat(0));
    play(&mut g, "end");
    assert_eq!(scores(&g), [1, 0, 1, 0]);
}

/// In the team High Form, the player whose turn it is summons the Cannon
/// and passes control; the teammate fires it through four enemy commons;
/// the player then claims a task at the end of the turn, for the team.
#[test]
fn a_task_met_after_passing_control_is_claimed_for_the_team() {
    let schools = [School::Highland, School::Southern, School::Northern, School::Sylvan];
    let board = "e5:n d5:n c4:n e6:r e7:r e8:r e9:r";
    let mut p = position(Form::TeamHighForm, &schools, board, &[]);
    p.turn = 2;
    p.seats[2].beings = vec![card("imperial.cannon")];
    let task = |id: &str| TaskId::parse(id).unwrap();
    let tb = p.tasks.as_mut().unwrap();
    tb.current = ["tasks.destruction", "tasks.devastation", "tasks.center_cross"].map(task).into_iter().collect();
    tb.next = Some(task("tasks.diagonals"));
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["summon imperial.cannon e5 r0", "pass"]);
    assert_eq!(g.actor(), Actor::Seat(0));
    play_all(&mut g, &["dir n", "place a5"]);
    assert_eq!(g.actor(), Actor::Seat(2));
    play(&mut g, "end");
    assert_eq!(g.phase(), Phase::Claim);
    assert_eq!(g.actor(), Actor::Seat(2), "the player finishes their own turn");
    assert!(legal(&g, "claim tasks.destruction") && legal(&g, "claim tasks.devastation"));
    play(&mut g, "claim tasks.devastation");
    let tb = g.tasks().unwrap();
    assert_eq!(tb.claimed[0].as_slice(), [task("tasks.devastation")], "the team's pile");
    assert!(tb.claimed[2].is_empty());
    assert_eq!(scores(&g)[0], 2);
    assert_eq!(scores(&g)[2], 2);
    assert_eq!(g.task_points(2), 2);
    assert_eq!(g.task_points(0), 2);
}

#[test]
fn a_team_resigns_together_and_wins_together() {
    let mut g = duel("", &[]);
    g.resign(2).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places.as_slice(), [1, 0, 1, 0]);
    assert_eq!(o.winner(), Some(1), "the winning team's first seat");
    assert_eq!(o.winners(), [1, 3]);
    // the last turn of a team duel: blue leads 3 to 2
    let mut g = duel_with("", &[], |p| {
        for (s, score) in [3, 2, 3, 2].into_iter().enumerate() {
            p.seats[s].score = score;
        }
        p.end = Some((0, 0));
    });
    play_all(&mut g, &["place a5", "place a6", "end"]);
    let o = g.outcome().expect("over");
    assert_eq!(o.places.as_slice(), [0, 1, 0, 1]);
    assert_eq!(o.winner(), Some(0));
}

// ----- views and notation -----

#[test]
fn a_teammates_view_shows_no_more_than_that_player_sees() {
    let mut g = duel_with("", &["imperial.knight"], |p| {
        p.seats[2].beings = vec![card("highland.clan_axeman")];
        p.seats[2].deck = deck(&["highland.wild_eagle"; 1], 1);
    });
    // the same cards, dealt the other way between hand and deck
    let other = duel_with("", &["imperial.knight"], |p| {
        p.seats[2].beings = vec![card("highland.wild_eagle")];
        p.seats[2].deck = deck(&["highland.clan_axeman"; 1], 1);
    });
    assert_ne!(g, other);
    assert_eq!(g.view(0), other.view(0), "seat 0 cannot see its teammate's hand");
    assert_ne!(g.view(2), other.view(2));
    let json = serde_json::to_value(g.view(0)).unwrap();
    assert!(json["seats"][2].get("hand").is_none());
    assert_eq!(json["seats"][0]["team"], 0);
    assert_eq!(json["seats"][3]["team"], 1);
    assert_eq!(json["seats"][2]["color"], "blue");
    assert_eq!(json["seats"][2]["sideways"], 1);
    assert_eq!(json["turn"]["passed"], false);
    // after passing control the teammate chooses
    play(&mut g, "pass");
    assert_eq!(g.actor(), Actor::Seat(2));
    assert_eq!(g.question().map(|q| q.seat), Some(2));
    assert_eq!(serde_json::to_value(g.view(0)).unwrap()["turn"]["passed"], true);
}

#[test]
fn team_position_text_round_trips() {
    let text = "form: team-duel
board: 9/9/9/9/4b4/9/9/9/9
turn: 2
actions: 1
number: 7
passed: yes
seat: northern score 3 supply 15/3 beings - legends - flares - deck imperial.knight,imperial.cannon discard - sideways 1
seat: southern score 1 supply 16/3 beings - legends legends.titan flares - deck - discard - sideways 0
seat: highland score 3 supply 15/3 beings - legends - flares - deck - | highland.wild_eagle | highland.war_summoner discard - sideways 1
seat: sylvan score 1 supply 16/3 beings - legends - flares - deck - discard - sideways 0
legends: deck - discard -
flares: deck - discard -
";
    let p = Position::from_text(text).unwrap();
    assert_eq!(p.to_text(), text);
    let g = p.to_game().unwrap();
    assert_eq!(g.actor(), Actor::Seat(0), "control was passed to seat 0");
    assert_eq!(g.seat(2).deck.sideways, 1);
    assert_eq!(Position::of(&g).unwrap(), p);
    for (from, to) in [
        ("seat: highland score 3", "seat: highland score 4"),
        ("supply 15/3 beings - legends - flares - deck - |", "supply 14/3 beings - legends - flares - deck - |"),
        ("discard - sideways 1\nseat: southern", "discard - sideways 3\nseat: southern"),
        ("sideways 0\nseat: highland", "sideways x\nseat: highland"),
        ("form: team-duel", "form: duel"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let r = Position::from_text(&bad).and_then(|p| p.to_game());
        assert!(matches!(r, Err(PositionError::Syntax { .. } | PositionError::Invalid(_))), "{to}: {r:?}");
    }
    // a team's claims are written under its first seat
    // (the High Form's set is 17 two-sided pieces, the duel's 16)
    let hf = text
        .replace("form: team-duel", "form: team-high-form")
        .replace("passed: yes\n", "")
        .replace("supply 16/3", "supply 17/3")
        .replace("supply 15/3", "supply 16/3")
        + "tasks: current - next - deck -\ntasks: claimed 2 tasks.diagonals\n";
    assert!(Position::from_text(&hf).unwrap().to_game().is_err());
    let hf = hf.replace("claimed 2", "claimed 0");
    let g = Position::from_text(&hf).unwrap().to_game().unwrap();
    assert_eq!((g.seat(0).score, g.seat(2).score), (g.task_points(0), g.task_points(2)));
}

#[test]
fn team_choice_text() {
    let c: Choice = "pass".parse().unwrap();
    assert_eq!(c, Choice::PassControl);
    assert_eq!(c.to_string(), "pass");
    assert!("pass on".parse::<Choice>().is_err());
}

// ----- random games -----

#[test]
fn random_team_games_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut passes = 0;
    let mut redealt = 0;
    for game in 0..12 {
        let form = if game % 2 == 0 { Form::TeamDuel } else { Form::TeamHighForm };
        let schools = mixed_schools(4, &mut rng);
        let mut passed_before = false;
        let g = random_game(form, &schools, &mut rng, |g| {
            check_cards(g);
            check_pieces(g);
            check_team(g);
            redealt += check_views(g);
            check_position_round_trip(g);
            if g.turn().passed && !passed_before {
                passes += 1;
            }
            passed_before = g.turn().passed;
        });
        let o = g.outcome().expect("finished");
        assert_eq!(o.places[0], o.places[2]);
        assert_eq!(o.places[1], o.places[3]);
        assert!(o.places.iter().all(|&p| p <= 1));
        if let Some(w) = o.winner() {
            assert!(w < 2);
            assert!(g.seat(w).score >= g.seat(1 - w).score);
        }
    }
    assert!(passes > 5, "random play passes control ({passes})");
    assert!(redealt > 1000, "hidden cards were dealt anew ({redealt})");
}

#[test]
fn random_take_backs_restore_the_game_and_never_reach_past_a_pass() {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut undos, mut passes) = (0, 0);
    for game in 0..6 {
        let form = if game % 2 == 0 { Form::TeamDuel } else { Form::TeamHighForm };
        let mut m = Match::new(form, &mixed_schools(4, &mut rng), None).unwrap();
        // the game before each choice that can still be taken back
        let mut before: Vec<Game> = Vec::new();
        while !m.game().is_over() {
            if m.can_undo() && rng.gen_bool(0.3) {
                m.undo().unwrap();
                assert_eq!(m.game(), &before.pop().unwrap());
                undos += 1;
                continue;
            }
            let state = m.game().clone();
            let v = m.game().legal_choices();
            let c = v[rng.gen_range(0..v.len())];
            common::act(&mut m, c).unwrap();
            if c == Choice::PassControl {
                passes += 1;
                assert!(!m.can_undo(), "nothing before passing control can be taken back");
            }
            if m.can_undo() {
                before.push(state);
                assert_eq!(m.undoable().count(), before.len());
            } else {
                before.clear();
            }
        }
        assert_eq!(&tash_kalar_rules::replay(m.record()).unwrap(), m.game());
    }
    assert!(undos > 20 && passes > 3, "undos {undos}, passes {passes}");
}

/// Passing control, the Knight's combat move and the destruction it made
/// are in the events, for every seat alike.
#[test]
fn passing_control_is_told_in_the_events() {
    use tash_kalar_rules::board::Piece;
    use tash_kalar_rules::{Event, MoveHow};
    let pieces = "d4:b e4:b f4:b e6:r+ a3:r+ a4:r+ a5:r+ c9:r";
    let mut p = team(Form::TeamDuel, pieces, &["imperial.knight", "flares.12", "legends.titan", "legends.leviathan"]);
    p.seats[2].beings = vec![card("highland.clan_axeman")];
    let mut m = Match::from_position(p).unwrap();
    for c in ["place d3", "summon imperial.knight e5 r0", "e5-e6", "pass"] {
        common::act_text(&mut m, c).unwrap();
    }
    let g = m.game();
    let sq = |s: &str| tash_kalar_rules::Square::parse(s).unwrap();
    let ev = g.events();
    assert!(
        ev.contains(&Event::Moved {
            from: sq("e5"),
            to: sq("e6"),
            piece: Piece::new(Color::Blue, Rank::Heroic),
            how: MoveHow::Move
        }),
        "{ev:?}"
    );
    assert!(ev.contains(&Event::Destroyed {
        at: sq("e6"),
        piece: Piece::new(Color::Red, Rank::Heroic),
        credited: true
    }));
    assert_eq!(ev.last(), Some(&Event::PassedControl { seat: 0, to: 2 }));
    let views: Vec<_> = (0..4).map(|s| serde_json::to_value(g.view(s)).unwrap()["events"].clone()).collect();
    assert!(views.iter().all(|v| *v == views[0]), "every seat is told the same");
    assert_eq!(g.question().unwrap().seat, 2);
}

/// A team game's end names the winning team and both its seats (its words:
/// tash-kalar-present's tests).
#[test]
fn a_team_win_names_the_team() {
    let mut p = team(Form::TeamDuel, "d4:b e4:b f4:b e6:r+", &["imperial.knight"]);
    p.seats[0].score = 0;
    let mut g = p.to_game().unwrap();
    g.resign(1).unwrap();
    let r = g.result().expect("over");
    assert_eq!(r.team, Some(0));
    assert_eq!(r.winners, [0, 2]);
    assert!(!r.draw);
}
