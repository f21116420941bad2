//! The structured views of whole games in words, in every language: every
//! event, choice, question and result of games in every form becomes a
//! sentence (never a message id, never an unfilled placeable), and the
//! notations inside stay as they are.

use tash_kalar_i18n::{step_id, Lang, Messages};
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Form, Game, School};

fn check(lang: Lang, m: &Messages, v: &View, said: &mut usize) {
    let mut texts = Vec::new();
    for e in &v.events {
        texts.push(m.event(&e.event, &|s| m.seat_name(v, s)));
    }
    if let Some(q) = &v.question {
        // every effect step met in play has its words in every language
        // (a prompt the source scan of tests/locales.rs missed shows here)
        if let Some(step) = q.step {
            assert!(m.has(&step_id(step)), "{lang}: no words for the step {step:?} ({})", step_id(step));
        }
        texts.push(m.question(q, v));
        for c in v.legal.iter().flatten() {
            let label = m.choice(c, Some(q));
            assert!(!label.is_empty(), "{lang}: no words for {}", c.text);
            // a kind or an option meaning without words would be left in
            // the engine's English (a square is its name in every language)
            if lang != Lang::En && c.kind != "square" {
                assert_ne!(label, c.label, "{lang}: {} {:?} left in English", c.kind, c.meaning);
                assert_ne!(label, c.text, "{lang}: {} {:?} left as notation", c.kind, c.meaning);
            }
            texts.push(label);
        }
    }
    if let Some(r) = &v.result {
        texts.push(m.result(r, v));
    }
    for t in texts {
        assert!(!t.trim().is_empty(), "{lang}: an empty sentence in {v:?}");
        assert!(!t.contains('{') && !t.contains('}'), "{lang}: {t}");
        for prefix in ["event-", "choice-", "question-", "result-", "option-", "color-", "error-"] {
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
                    check(lang, &m, &g.view(s), &mut said);
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
            check(lang, &m, &g.referee_view(), &mut said);
        }
        assert!(said > 2000, "{lang}: {said}");
    }
}

#[test]
fn a_summons_choice_and_its_events_read_in_each_language() {
    let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    // play until seat 1 has a summon listed
    let mut guard = 0;
    let summon = loop {
        guard += 1;
        assert!(guard < 500);
        if let tash_kalar_rules::Actor::Seat(s) = g.actor() {
            let v = g.view(s);
            if let Some(c) = v.legal.iter().flatten().find(|c| c.kind == "summon") {
                break (v.clone(), c.clone());
            }
        }
        let v = g.legal_choices();
        g.apply_unchecked(v[v.len() - 1]);
    };
    let (v, c) = summon;
    let q = v.question.as_ref();
    let en = Messages::new(Lang::En).choice(&c, q);
    assert_eq!(
        en,
        v.legal.as_ref().unwrap().iter().find(|x| x.text == c.text).unwrap().label,
        "English as the engine says it"
    );
    let es = Messages::new(Lang::Es).choice(&c, q);
    let cs = Messages::new(Lang::Cs).choice(&c, q);
    let at = c.at.unwrap().to_string();
    assert!(es.starts_with("invocar ") && es.contains(&format!(" en {at} (")), "{es}");
    assert!(cs.starts_with("vyvolat: ") && cs.contains(&format!(" na {at} (")), "{cs}");
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
    for (lang, want) in words {
        let m = Messages::new(lang);
        for (e, w) in events.iter().zip(want) {
            let said = m.event(e, &|_| "Orange".to_string());
            assert!(said.contains(w), "{lang}: {said:?} lacks {w:?}");
            assert!(!said.contains('{'), "{lang}: {said}");
        }
        let name = m.card_name(worm);
        assert!(m.event(&events[2], &|_| String::new()).contains(&name), "{lang}: the card's own name");
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
    let said = |lang: Lang, how: u8| {
        let g = ended_duel(how);
        let v = g.referee_view();
        Messages::new(lang).result(v.result.as_ref().unwrap(), &v)
    };
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
    // English as the engine says it
    for how in 0..4 {
        let v = ended_duel(how).referee_view();
        assert_eq!(Messages::new(Lang::En).result(v.result.as_ref().unwrap(), &v), v.result.unwrap().text);
    }
}
