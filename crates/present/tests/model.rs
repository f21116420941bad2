//! The model of a match: its texts in the viewer's language, what only the
//! chooser gets, the presentation fields per form, and no leak of hidden
//! cards.

mod common;
use common::Gate;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_present::{model, Lang, LegalEntry, Member, Messages, Model, Player, Side, Table};
use tash_kalar_rules::cards::{canonical_orientation, oriented};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Actor, CardId, Choice, Form, Game, School, Seat};

fn new_game(form: Form) -> Game {
    let schools: &[School] = match form {
        Form::Melee => &[School::Northern, School::Southern, School::Highland],
        f if f.teams() => &[School::Northern, School::Southern, School::Highland, School::Sylvan],
        _ => &[School::Northern, School::Southern],
    };
    Game::new(form, schools).unwrap()
}

/// Plays `steps` random choices (fewer if the game ends).
fn advance(g: &mut Game, steps: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let v = g.legal_choices();
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
    }
}

/// A game in its main phase, with a seat to choose.
fn midgame(form: Form, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = new_game(form);
    advance(&mut g, 60, &mut rng);
    while !matches!(g.actor(), Actor::Seat(_)) {
        advance(&mut g, 1, &mut rng);
    }
    g
}

fn actor_seat(g: &Game) -> Seat {
    match g.actor() {
        Actor::Seat(s) => s,
        a => panic!("no seat chooses: {a:?}"),
    }
}

#[test]
fn a_model_speaks_the_language_it_is_made_in() {
    let g = midgame(Form::Duel, 3);
    let seat = actor_seat(&g);
    let table = Table::default();
    let of = |lang| model(&g, Viewer::Seat { seat }, &table, &Messages::new(lang));
    let en = of(Lang::En);
    for lang in [Lang::Es, Lang::Cs] {
        let m = of(lang);
        let msgs = Messages::new(lang);
        assert_eq!(m.lang, lang.code());
        // the names are the language's colors
        for (s, name) in m.names.iter().enumerate() {
            assert_eq!(name, &msgs.color(g.seats()[s].color));
            assert_ne!(name, &en.names[s], "{lang}: a color's name differs from English");
        }
        let q = m.question.as_ref().expect("a question");
        assert_ne!(q.text, en.question.as_ref().unwrap().text, "{lang}: the question");
        let all = |m: &Model| -> Vec<(String, String)> {
            m.legal.as_ref().unwrap().iter().flat_map(|l| l.choices()).map(|(t, l)| (t, l.to_string())).collect()
        };
        let (legal, en_legal) = (all(&m), all(&en));
        let differ = legal.iter().zip(&en_legal).filter(|(a, b)| a.1 != b.1).count();
        assert!(differ * 2 > legal.len(), "{lang}: most labels are words of the language ({differ}/{})", legal.len());
        // the notation to send back never changes with the language
        assert!(legal.iter().zip(&en_legal).all(|(a, b)| a.0 == b.0));
        assert!(!m.events.is_empty());
        let differ = m.events.iter().zip(&en.events).filter(|(a, b)| a.text != b.text).count();
        assert!(differ * 2 > m.events.len(), "{lang}: most events are said in the language");
    }
    // an ended game's result is said in the language too
    let mut over = g.clone();
    over.resign(seat).unwrap();
    let en = model(&over, Viewer::Spectator, &table, &Messages::new(Lang::En)).result.unwrap();
    let es = model(&over, Viewer::Spectator, &table, &Messages::new(Lang::Es)).result.unwrap();
    assert_ne!(en.text, es.text);
    assert!(es.text.contains(&Messages::new(Lang::Es).color(g.seats()[seat as usize].color)), "{}", es.text);
}

#[test]
fn only_the_chooser_gets_the_legal_choices() {
    let msgs = Messages::new(Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for form in [Form::Duel, Form::Melee, Form::TeamDuel, Form::HighForm] {
        let mut g = new_game(form);
        for _ in 0..40 {
            for seat in 0..g.seat_count() as Seat {
                let m = model(&g, Viewer::Seat { seat }, &Table::default(), &msgs);
                let chooses = g.actor() == Actor::Seat(seat);
                assert_eq!(m.legal.is_some(), chooses, "{form:?}: seat {seat}, actor {:?}", g.actor());
                // the question for all, its words for the one who decides it
                assert_eq!(m.question.as_ref().map(|q| q.seat), g.question().map(|q| q.seat));
                let words = m.question.as_ref().and_then(|q| q.text.as_deref());
                assert_eq!(
                    words.is_some_and(|t| !t.is_empty()),
                    chooses && m.question.is_some(),
                    "{form:?}: seat {seat}"
                );
                if let Some(legal) = &m.legal {
                    let mut texts: Vec<String> = g.legal_choices().iter().map(|c| c.to_string()).collect();
                    let mut got: Vec<String> = legal.iter().flat_map(|l| l.choices()).map(|(t, _)| t).collect();
                    texts.sort();
                    got.sort();
                    assert_eq!(got, texts);
                    assert!(legal.iter().flat_map(|l| l.choices()).all(|(_, l)| !l.is_empty()));
                }
            }
            let spectator = model(&g, Viewer::Spectator, &Table::default(), &msgs);
            assert!(spectator.legal.is_none());
            assert!(spectator.question.iter().all(|q| q.text.is_none()));
            let referee = model(&g, Viewer::Referee, &Table::default(), &msgs);
            assert_eq!(referee.question.and_then(|q| q.text), tash_kalar_present::question_text(&g, &msgs));
            assert!(!spectator.can.resign && !spectator.can.discard);
            advance(&mut g, 7, &mut rng);
        }
    }
}

fn json(m: &Model) -> serde_json::Value {
    serde_json::to_value(m).unwrap()
}

#[test]
fn names_side_teams_and_what_a_seat_can_do_per_form() {
    let msgs = Messages::new(Lang::En);
    let players = |n: usize| Table {
        players: (0..n)
            .map(|i| match i {
                0 => Player { name: Some("Ana".into()), bot: None },
                1 => Player { name: None, bot: Some("medium".into()) },
                _ => Player { name: None, bot: Some("mcts:iterations=500".into()) },
            })
            .collect(),
        can_undo: true,
        can_claim: false,
    };
    // a duel
    let g = midgame(Form::Duel, 7);
    let seat = actor_seat(&g);
    let m = model(&g, Viewer::Seat { seat }, &players(2), &msgs);
    let color = |s: usize| msgs.color(g.seats()[s].color);
    assert_eq!(m.names, [format!("{} (Ana)", color(0)), format!("{} (bot, medium)", color(1))]);
    assert_eq!(m.side, Side::Deathmatch);
    assert_eq!(m.teams, None);
    assert!(m.can.resign && m.can.undo);
    assert_eq!(m.can.discard, g.legal_choices().iter().any(|c| matches!(c, Choice::Discard(_))));
    let v = json(&m);
    assert_eq!(v["side"], "deathmatch");
    assert_eq!(v["teams"], serde_json::Value::Null);
    assert_eq!(v["can"]["undo"], true);
    let other = model(&g, Viewer::Seat { seat: 1 - seat }, &Table::default(), &msgs);
    assert!(!other.can.discard && !other.can.undo && other.can.resign);
    assert_eq!(other.names, [color(0), color(1)], "no players known: colors only");
    // a melee: nobody may resign, names as given
    let g = midgame(Form::Melee, 8);
    let m = model(&g, Viewer::Seat { seat: 0 }, &players(3), &msgs);
    assert!(!m.can.resign);
    assert_eq!(m.names[2], format!("{} (bot, mcts:iterations=500)", msgs.color(g.seats()[2].color)));
    assert_eq!(m.teams, None);
    assert_eq!(m.side, Side::Deathmatch);
    // team play: seats numbered, teams listed
    let g = midgame(Form::TeamDuel, 9);
    let m = model(&g, Viewer::Seat { seat: 3 }, &Table::default(), &msgs);
    assert_eq!(m.teams, Some([[0, 2], [1, 3]]));
    assert_eq!(m.names[3], format!("{} (seat 4)", msgs.color(g.seats()[3].color)));
    assert_eq!(json(&m)["teams"], serde_json::json!([[0, 2], [1, 3]]));
    let m = model(&g, Viewer::Seat { seat: 0 }, &players(4), &msgs);
    assert_eq!(m.names[0], format!("{} (seat 1, Ana)", msgs.color(g.seats()[0].color)));
    // the task side in the task forms
    let g = midgame(Form::HighForm, 10);
    let m = model(&g, Viewer::Spectator, &Table::default(), &msgs);
    assert_eq!(m.side, Side::Tasks);
    assert_eq!(json(&m)["side"], "tasks");
    // bot levels in the language
    let m = model(&g, Viewer::Spectator, &players(2), &Messages::new(Lang::Es));
    assert_eq!(m.names[1], format!("{} (bot, medio)", Messages::new(Lang::Es).color(g.seats()[1].color)));
}

#[test]
fn a_summon_lays_its_pattern_at_its_orientation() {
    let msgs = Messages::new(Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut summons = 0;
    for _ in 0..20 {
        let mut g = new_game(Form::Duel);
        while !g.is_over() {
            if let Actor::Seat(seat) = g.actor() {
                let m = model(&g, Viewer::Seat { seat }, &Table::default(), &msgs);
                let color = g.seats()[seat as usize].color;
                let groups = m.legal.unwrap().into_iter().filter_map(|l| match l {
                    LegalEntry::Group(g) if g.kind == "summon" => Some(g),
                    _ => None,
                });
                let members = groups.flat_map(|g| {
                    let (card, o) = (g.card.unwrap(), g.orientation.unwrap());
                    let laid: Vec<_> = g.each.iter().map(|m| (g.laid(m.at()), g.member_text(m))).collect();
                    g.each.into_iter().zip(laid).map(move |(m, laid)| (card, o, m, laid))
                });
                for (card, o, l, ((squares, marked), text)) in members {
                    let at = l.at();
                    let pickup = match &l {
                        Member::With(s) => s.pickup,
                        Member::At(_) => None,
                    };
                    let plain = format!("summon {} {at} {o}", card.def().id);
                    assert_eq!(text, pickup.map_or(plain.clone(), |p| format!("{plain} from {p}")));
                    let pattern = oriented(card, canonical_orientation(card, o)).unwrap();
                    let mut want: Vec<_> = pattern.pattern_squares(at).squares().collect();
                    let mut got = squares.clone();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "{}", text);
                    assert_eq!(squares.len(), pattern.squares.len(), "a legal summon's pattern is on the board");
                    // a duel of the base schools: the pattern is the summoner's pieces
                    if pickup.is_none() {
                        for sq in &squares {
                            let piece = g.board().get(*sq).unwrap_or_else(|| panic!("{}: {sq} empty", text));
                            assert_eq!(piece.color, color, "{}: {sq}", text);
                        }
                    }
                    // (a marked square may lie off the board)
                    let want: Vec<_> = pattern.marked.iter().filter_map(|&(x, y)| at.offset(x, y)).collect();
                    assert_eq!(marked, want, "{}", text);
                    assert!(marked.len() <= card.def().marked.len());
                    summons += 1;
                }
            }
            advance(&mut g, 1, &mut rng);
            // an effect with a summoning square shows its marked squares
            if let Some(e) = g.effect().filter(|e| !e.card.is_flare()) {
                let m = model(&g, Viewer::Spectator, &Table::default(), &msgs);
                if let Some(effect) = m.effect.filter(|x| x.at.is_some()) {
                    let p = oriented(e.card, canonical_orientation(e.card, e.orientation)).unwrap();
                    let want: Vec<_> = p.marked.iter().filter_map(|&(x, y)| e.at.offset(x, y)).collect();
                    assert_eq!(effect.marked.unwrap(), want);
                }
            }
        }
    }
    assert!(summons > 100, "{summons} summons seen");
}

#[test]
fn no_model_shows_another_seats_hand() {
    let msgs = Messages::new(Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut changed = 0;
    for form in [Form::Duel, Form::Melee, Form::TeamDuel] {
        for _ in 0..6 {
            let mut g = new_game(form);
            let mut steps = 0;
            while !g.is_over() && steps < 300 {
                for seat in 0..g.seat_count() as Seat {
                    // everything `seat` cannot see, dealt anew
                    let h = g.determinize(seat, &mut |cards: &mut [CardId]| cards.reverse());
                    changed += (h != g) as usize;
                    let table = Table::default();
                    let (a, b) = (
                        model(&g, Viewer::Seat { seat }, &table, &msgs),
                        model(&h, Viewer::Seat { seat }, &table, &msgs),
                    );
                    assert_eq!(json(&a), json(&b), "{form:?}: seat {seat}");
                    let v = json(&a);
                    for (i, s) in v["seats"].as_array().unwrap().iter().enumerate() {
                        assert_eq!(s.get("hand").is_some(), i == seat as usize);
                    }
                }
                advance(&mut g, 1, &mut rng);
                steps += 1;
            }
        }
    }
    assert!(changed > 100, "the perturbation must change hidden things ({changed})");
}

#[test]
fn a_seat_that_left_is_said_to_have_left_with_the_bot_that_plays_it() {
    let mut g = midgame(Form::Melee, 5);
    let table = |bot: Option<&str>| Table {
        players: vec![
            Player { name: Some("Ana".into()), bot: bot.map(str::to_string) },
            Player { name: Some("Bo".into()), bot: None },
            Player { name: None, bot: None },
        ],
        ..Table::default()
    };
    let medium = table(Some("medium"));
    let en = Messages::new(Lang::En);
    assert!(model(&g, Viewer::Spectator, &medium, &en).left.is_empty());
    g.leave(0).unwrap();
    g.leave(2).unwrap();
    let m = model(&g, Viewer::Seat { seat: 1 }, &medium, &en);
    let said: Vec<(Seat, &str)> = m.left.iter().map(|l| (l.seat, l.text.as_str())).collect();
    // a seat with no person's name is named as a seat
    assert_eq!(said, [(0, "Ana left; medium plays the seat"), (2, "Brown left; a bot plays the seat")]);
    // the same fact to every viewer, in each language
    assert_eq!(model(&g, Viewer::Spectator, &medium, &en).left, m.left);
    let es = model(&g, Viewer::Spectator, &medium, &Messages::new(Lang::Es));
    assert_eq!(es.left[0].text, "Ana dejó la partida; medium juega en su asiento");
    let cs = model(&g, Viewer::Spectator, &table(None), &Messages::new(Lang::Cs));
    assert_eq!(cs.left[0].text, "Ana opustil hru; za jeho místo hraje bot");
    // on the wire only once someone has left
    let json = serde_json::to_value(&m).unwrap();
    assert_eq!(json["left"][0]["seat"], 0);
    let before = serde_json::to_value(model(&midgame(Form::Melee, 5), Viewer::Spectator, &medium, &en)).unwrap();
    assert!(before.get("left").is_none());
}
