//! The model of whole games in words, in every language: every event,
//! choice, question and result of games in every form becomes a sentence
//! (never a message id, never an unfilled placeable), and the notations
//! inside stay as they are. (Moved here from i18n's and the rules' tests:
//! the words are this crate's.)

use tash_kalar_i18n::step_id;
use tash_kalar_present::{event_text, model, result_text, Lang, LegalEntry, Messages, Table};
use tash_kalar_rules::view::Viewer;
use tash_kalar_rules::{Choice, Form, Game, School};

fn check(lang: Lang, m: &Messages, g: &Game, viewer: Viewer, said: &mut usize) {
    let table = Table::default();
    let v = model(g, viewer, &table, m);
    let en = model(g, viewer, &table, &Messages::new(Lang::En));
    let mut texts: Vec<String> = v.events.iter().map(|e| e.text.to_string()).collect();
    if let Some(q) = &v.question {
        // every effect step met in play has its words in every language
        // (a prompt the source scan of i18n's tests/locales.rs missed shows here)
        if let Some(step) = q.step {
            assert!(m.has(&step_id(step)), "{lang}: no words for the step {step:?} ({})", step_id(step));
        }
        texts.extend(q.text.clone());
        for (c, e) in v.legal.iter().flatten().zip(en.legal.iter().flatten()) {
            let square = matches!(c, LegalEntry::One(one) if matches!(one.choice, Choice::Square(_)));
            for ((text, label), (_, en_label)) in c.choices().into_iter().zip(e.choices()) {
                assert!(!label.is_empty(), "{lang}: no words for {text}");
                // a kind or an option meaning without words would be left in
                // English (a square is its name in every language)
                if lang != Lang::En && !square {
                    assert_ne!(label, en_label, "{lang}: {text} left in English");
                    assert_ne!(label, text, "{lang}: {text} left as notation");
                }
                texts.push(label.to_string());
            }
        }
    }
    if let Some(r) = &v.result {
        texts.push(r.text.clone());
    }
    for t in texts {
        assert!(!t.trim().is_empty(), "{lang}: an empty sentence in {v:?}");
        assert!(!t.contains('{') && !t.contains('}'), "{lang}: {t}");
        for prefix in ["event-", "choice-", "question-", "result-", "option-", "color-", "error-", "log-", "seat-"] {
            assert!(!t.starts_with(prefix), "{lang}: a message id shown: {t}");
        }
        *said += 1;
    }
}

#[test]
fn every_view_of_games_in_every_form_is_said_in_every_language() {
    let games: [(Form, &[School]); 7] = [
        (Form::Duel, &[School::Northern, School::Everfrost]),
        (Form::Duel, &[School::Nethervoid, School::Etherweave]),
        (Form::Melee, &[School::Etherweave, School::Nethervoid, School::Everfrost]),
        (Form::HighForm, &[School::Highland, School::Sylvan]),
        (Form::Melee, &[School::Southern, School::Northern, School::Sylvan]),
        (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
        (Form::FirstGame, &[School::Sylvan, School::Highland]),
    ];
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        let mut said = 0;
        for (form, schools) in games {
            let mut g = Game::new(form, schools).unwrap();
            let mut step = 0usize;
            while !g.is_over() && step < 400 {
                if let tash_kalar_rules::Actor::Seat(s) = g.actor() {
                    check(lang, &m, &g, Viewer::Seat { seat: s }, &mut said);
                }
                let v = g.legal_choices();
                // a spread of choices, deterministic: not always the first
                g.apply_unchecked(v[(step * 7 + 3) % v.len()]);
                step += 1;
            }
            let mut g2 = g.clone();
            if !g2.is_over() {
                let seat = g2.turn().seat;
                if g2.resign(seat).is_ok() {
                    g = g2;
                }
            }
            check(lang, &m, &g, Viewer::Referee, &mut said);
        }
        assert!(said > 2000, "{lang}: {said}");
    }
}

#[test]
fn a_summons_choice_reads_in_each_language() {
    let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    // play until a seat has a summon listed
    let mut guard = 0;
    let (seat, summon) = loop {
        guard += 1;
        assert!(guard < 500);
        if let tash_kalar_rules::Actor::Seat(s) = g.actor() {
            if let Some(&c) = g.legal_choices().iter().find(|c| matches!(c, Choice::Summon { .. })) {
                break (s, c);
            }
        }
        let v = g.legal_choices();
        g.apply_unchecked(v[v.len() - 1]);
    };
    let label = |lang| {
        let m = model(&g, Viewer::Seat { seat }, &Table::default(), &Messages::new(lang));
        m.legal.unwrap().iter().flat_map(|l| l.choices()).find(|(t, _)| *t == summon.to_string()).unwrap().1.to_string()
    };
    // (grouped by card and orientation: the square is on the board, not in the words)
    let Choice::Summon { card, .. } = summon else { unreachable!() };
    let en = label(Lang::En);
    let name = Messages::new(Lang::En).card_name(card);
    assert!(en.starts_with(&format!("summon the {name} (")), "{en}");
    let (es, cs) = (label(Lang::Es), label(Lang::Cs));
    assert!(es.starts_with("invocar ") && es.contains(" ("), "{es}");
    assert!(cs.starts_with("vyvolat: ") && cs.contains(" ("), "{cs}");
}

#[test]
fn the_gateway_warp_and_merchant_events_read_in_each_language() {
    use tash_kalar_rules::{CardId, Color, Event, Piece, Rank, ScoreWhy, Square};
    let at = Square::parse("e4").unwrap();
    let worm = CardId::parse("etherweave.paradox_worm").unwrap();
    let piece = Piece::new(Color::Orange, Rank::Heroic);
    let events = [
        Event::GatewayGained { seat: 0, at },
        Event::GatewayLost { seat: 0, at },
        Event::Warped { seat: 0, card: worm },
        Event::PendingReturned { seat: 0, card: worm },
        Event::PendingDiscarded { seat: 0, card: worm },
        Event::Stored { seat: 0, at, piece },
        Event::Landed { seat: 0, at: Some(at), piece },
        Event::Landed { seat: 0, at: None, piece },
        Event::Scored { seat: 0, points: -2, why: ScoreWhy::Causality, color: None },
    ];
    // (a word of each language's own for the Gateway, the pending being,
    // the Merchant of Time and the causality penalty)
    let words: [(Lang, [&str; 9]); 3] = [
        (
            Lang::En,
            [
                "becomes the Gateway",
                "no longer the Gateway",
                "warp effect",
                "back into the hand",
                "discards the pending",
                "Merchant of Time",
                "leaps onto e4",
                "goes back to its supply",
                "causality",
            ],
        ),
        (
            Lang::Es,
            [
                "pasa a ser el Portal",
                "deja de ser el Portal",
                "efecto de distorsión",
                "devuelve a la mano",
                "descarta su criatura pendiente",
                "Mercader del Tiempo",
                "salta a e4",
                "vuelve a su reserva",
                "causalidad",
            ],
        ),
        (
            Lang::Cs,
            [
                "se stává Bránou",
                "přestává být Bránou",
                "efekt zkřivení",
                "zpět do ruky",
                "odhazuje čekající bytost",
                "Obchodník s časem",
                "skáče na e4",
                "vrací se do zásoby",
                "kauzality",
            ],
        ),
    ];
    let g = Game::new(Form::Duel, &[School::Nethervoid, School::Etherweave]).unwrap();
    for (lang, want) in words {
        let m = Messages::new(lang);
        for (e, w) in events.iter().zip(want) {
            let said = event_text(e, &g, &Table::default(), &m);
            assert!(said.contains(w), "{lang}: {said:?} lacks {w:?}");
            assert!(!said.contains('{'), "{lang}: {said}");
        }
        let name = m.card_name(worm);
        assert!(event_text(&events[2], &g, &Table::default(), &m).contains(&name), "{lang}: the card's own name");
    }
}

/// A duel, blue to act, with nothing in the hands: turns only place and
/// end. Ended by `how`: 0 the end score, 1 a deck that ran out, 2 blue
/// resigning, 3 red running out of time.
fn ended_duel(how: u8) -> Game {
    use tash_kalar_rules::{pile::Pile, CardId, Match, Mover, Position};
    let mut p = Position::duel("9/9/9/4br3/9/9/9/9/9").unwrap();
    p.seats[0].score = if how == 0 { 18 } else { 3 };
    if how == 1 {
        p.seats[0].deck = Pile::shuffled([CardId::parse("imperial.knight").unwrap()]);
    }
    let mut m = Match::from_position(p).unwrap();
    match how {
        2 => m.resign(0).unwrap(),
        3 => m.lose_on_time(1).unwrap(),
        _ => {
            while let Some(by) = Mover::of(m.game().actor()) {
                let first = m.game().legal_choices()[0];
                m.act(by, first).unwrap();
            }
        }
    }
    m.game().clone()
}

#[test]
fn why_a_game_ended_is_said_in_each_language() {
    let said = |lang: Lang, how: u8| result_text(&ended_duel(how), &Table::default(), &Messages::new(lang)).unwrap();
    let expect: [(Lang, [&str; 4]); 3] = [
        (Lang::En, ["the end score was reached", "a deck ran out", " resigned: ", " ran out of time: "]),
        (Lang::Es, ["se alcanzó la puntuación final", "se agotó un mazo", " se rindió: ", " se quedó sin tiempo: "]),
        (Lang::Cs, ["bylo dosaženo cílového skóre", "došel dobírací balíček", " se vzdal: ", "Čas vypršel ("]),
    ];
    let target = ["(end score 18)", "(puntuación final 18)", "(cílové skóre 18)"];
    for ((lang, words), target) in expect.into_iter().zip(target) {
        for (how, w) in words.iter().enumerate() {
            let text = said(lang, how as u8);
            assert!(text.contains(w), "{lang} {how}: {text}");
            assert!(text.contains(target), "{lang} {how}: {text}");
        }
    }
    // in English, the sentences the rules crate used to make (its tests moved here)
    let en = [
        "Blue wins: the end score was reached. Score: Blue 18, Red 0 (end score 18).",
        "Blue wins: a deck ran out. Score: Blue 3, Red 0 (end score 18).",
        "Blue resigned: Red wins. Score: Blue 3, Red 0 (end score 18).",
        "Red ran out of time: Blue wins. Score: Blue 3, Red 0 (end score 18).",
    ];
    for (how, text) in en.iter().enumerate() {
        assert_eq!(said(Lang::En, how as u8), *text);
    }
}
