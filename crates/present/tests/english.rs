//! The English words the rules crate's tests used to check, now said by
//! this crate: the same positions and assertions, through the model.

mod common;
use common::Gate;

use tash_kalar_present::{event_text, model, result_text, seat_name, Lang, Messages, Table};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Board, CardId, Color, Event, Form, Game, Piece, Position, Rank, School, Seat, Square};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

/// A board from `square:piece` words (`e5:g f6:r+ d7:b*`).
fn board(pieces: &str) -> String {
    let mut b = Board::empty();
    for item in pieces.split_whitespace() {
        let (s, p) = item.split_once(':').unwrap();
        let mut chars = p.chars();
        let color = chars.next().and_then(Color::from_letter).unwrap();
        let rank = match chars.next() {
            None => Rank::Common,
            Some('+') => Rank::Heroic,
            _ => Rank::Legendary,
        };
        b.set(Square::parse(s).unwrap(), Some(Piece::new(color, rank)));
    }
    b.to_text()
}

/// Seat 0 to act in `form` with `cards` in hand.
fn game(form: Form, schools: &[School], pieces: &str, cards: &[&str]) -> Game {
    let mut p = Position::with_schools(form, &board(pieces), schools).unwrap();
    p.number = 5;
    for id in cards {
        let c = card(id);
        let s = &mut p.seats[0];
        match (c.is_legend(), c.is_flare()) {
            (true, _) => s.legends.push(c),
            (_, true) => s.flares.push(c),
            _ => s.beings.push(c),
        }
    }
    p.to_game().unwrap()
}

fn play(g: &mut Game, text: &str) {
    g.act_text(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
}

/// The labels of the seat to act's legal choices, in English.
fn labels(g: &Game, seat: Seat) -> Vec<(String, String)> {
    let m = model(g, Viewer::Seat { seat }, &Table::default(), &Messages::new(Lang::En));
    m.legal.unwrap().iter().flat_map(|l| l.choices()).map(|(t, l)| (t, l.to_string())).collect()
}

#[test]
fn the_forest_ancients_colors_are_labelled_by_name() {
    let schools = [School::Sylvan, School::Southern, School::Northern];
    let mut g = game(Form::Melee, &schools, "e6:g d5:g f5:g d4:g a5:r i5:b", &["sylvan.forest_ancient"]);
    play(&mut g, "summon sylvan.forest_ancient e5 r0");
    let l = labels(&g, 0);
    let options: Vec<&(String, String)> = l.iter().filter(|(t, _)| t.starts_with("option")).collect();
    assert_eq!(options.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>(), ["Red", "Blue"]);
    let m = model(&g, Viewer::Seat { seat: 0 }, &Table::default(), &Messages::new(Lang::En));
    let json = serde_json::to_value(&m).unwrap();
    assert_eq!(json["legal"][0]["kind"], "option");
    assert_eq!(json["legal"][0]["option"], 1);
    assert_eq!(json["legal"][0]["meaning"], "color");
    assert_eq!(json["legal"][0]["color"], "red");
    assert_eq!(json["question"]["kind"], "effect");
    assert_eq!(json["question"]["card"], "sylvan.forest_ancient");
}

#[test]
fn the_possessed_summoner_names_the_enemy_colors() {
    let schools = [School::Nethervoid, School::Northern, School::Southern];
    let mut p = Position::with_schools(Form::Melee, &board("f5:o d4:o e4:o e3:o c7:o+ g8:b a4:r"), &schools).unwrap();
    p.seats[0].gateway = Some(Square::parse("c7").unwrap());
    p.seats[0].beings.push(card("nethervoid.possessed_summoner"));
    let mut g = p.to_game().unwrap();
    play(&mut g, "summon nethervoid.possessed_summoner e5 r0");
    assert_eq!(labels(&g, 0), [("option 1".into(), "Red".into()), ("option 2".into(), "Blue".into())]);
}

#[test]
fn a_warp_choice_and_a_summon_are_worded() {
    let schools = [School::Etherweave, School::Northern];
    let g = game(Form::Duel, &schools, "e4:p", &["etherweave.paradox_worm"]);
    let l = labels(&g, 0);
    let warp = l.iter().find(|(t, _)| t == "warp etherweave.paradox_worm").unwrap();
    assert!(warp.1.contains("warp effect of the Paradox Worm"), "{}", warp.1);
    // (the view tests of the rules crate, now the model's)
    let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
    p.seats[0].beings = vec![card("imperial.swordmaster")];
    let mut g = p.to_game().unwrap();
    let summon = ("summon imperial.swordmaster e5 r0".to_string(), "summon the Swordmaster (as printed)".to_string());
    assert!(labels(&g, 0).contains(&summon));
    play(&mut g, "summon imperial.swordmaster e5 r0");
    let en = Messages::new(Lang::En);
    let json = serde_json::to_value(model(&g, Viewer::Seat { seat: 0 }, &Table::default(), &en)).unwrap();
    assert_eq!(
        json["legal"][0],
        serde_json::json!({"text": "f6", "kind": "square", "at": "f6", "piece": "r", "label": "f6 (Red's common piece)"})
    );
    play(&mut g, "f6");
    let json = serde_json::to_value(model(&g, Viewer::Seat { seat: 1 }, &Table::default(), &en)).unwrap();
    let events = json["events"].as_array().unwrap();
    assert_eq!(
        events[1],
        serde_json::json!({"n": 1, "kind": "destroyed", "at": "f6", "piece": "r", "credited": true, "text": "Red's common piece on f6 destroyed"})
    );
    assert_eq!(events[0]["text"], "Blue summons the Swordmaster on e5 (as printed)");
}

#[test]
fn the_gateway_and_everfrost_events_are_worded() {
    let g = Game::new(Form::Duel, &[School::Everfrost, School::Nethervoid]).unwrap();
    let en = Messages::new(Lang::En);
    let t = Table::default();
    let who = seat_name(&g, 0, &t, &en);
    let e = Event::GatewayGained { seat: 0, at: Square::parse("e5").unwrap() };
    assert!(event_text(&e, &g, &t, &en).contains("becomes the Gateway"));
    let frost = card("everfrost.frostweave_summoner");
    assert_eq!(
        event_text(&Event::Frozen { seat: 0, card: frost }, &g, &t, &en),
        format!("{who} freezes the Frostweave Summoner")
    );
    let grower = card("everfrost.crystal_grower");
    assert_eq!(
        event_text(&Event::Thawed { seat: 0, card: grower }, &g, &t, &en),
        format!("{who} thaws the frozen Crystal Grower")
    );
    let (princess, wyvern) = (card("everfrost.ice_princess"), card("everfrost.ice_wyvern"));
    assert_eq!(
        event_text(&Event::KeptFrozen { seat: 0, kept: princess, discarded: wyvern }, &g, &t, &en),
        format!("{who} keeps the frozen Ice Princess and discards the Ice Wyvern")
    );
}

#[test]
fn a_team_win_names_the_team() {
    let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
    let mut g = game(Form::TeamDuel, &schools, "d4:b e4:b f4:b e6:r+", &["imperial.knight"]);
    g.resign(1).unwrap();
    let r = result_text(&g, &Table::default(), &Messages::new(Lang::En)).unwrap();
    assert!(r.contains("the Blue team (seats 1 and 3) wins"), "{r}");
    assert!(r.starts_with("The Red team (seats 2 and 4) resigned: "), "a sentence starts with a capital: {r}");
    assert!(!r.contains("draw"), "{r}");
    for lang in [Lang::Es, Lang::Cs] {
        let r = result_text(&g, &Table::default(), &Messages::new(lang)).unwrap();
        assert!(r.chars().find(|c| c.is_alphabetic()).is_some_and(char::is_uppercase), "{r}");
    }
    let m = model(&g, Viewer::Spectator, &Table::default(), &Messages::new(Lang::En));
    let json = serde_json::to_value(&m).unwrap();
    assert_eq!(json["result"]["team"], 0);
    assert_eq!(json["result"]["winners"], serde_json::json!([0, 2]));
    assert_eq!(json["result"]["why"], "resigned");
    assert_eq!(json["result"]["text"], r.as_str());
}
