//! Observations rebuilt from views: what a seat's view shows is all that a
//! bot outside the program needs, and it leads to the same observation as
//! the game itself.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Form, Game, Observation, School};

/// Two schools of different colors, drawn at random.
fn schools(rng: &mut ChaCha8Rng) -> [School; 2] {
    loop {
        let a = School::ALL[rng.gen_range(0..4)];
        let b = School::ALL[rng.gen_range(0..4)];
        if a.color() != b.color() {
            return [a, b];
        }
    }
}

fn check(g: &Game, checked: &mut usize) {
    for seat in 0..g.seat_count() as u8 {
        let view = g.view(seat);
        let expected = g.observe(seat);
        let rebuilt = Observation::from_view(&view).unwrap_or_else(|e| panic!("{e}\n{view:?}"));
        assert_eq!(rebuilt, expected, "seat {seat}");
        // and through the JSON text an engine receives
        let json = serde_json::to_string(&view).unwrap();
        let parsed: View = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(Observation::from_view(&parsed).unwrap(), expected);
        // the rebuilt game shows the same view again
        assert_eq!(rebuilt.game().view(seat), view);
        *checked += 1;
    }
}

#[test]
fn a_rebuilt_observation_equals_the_observation_over_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    let mut phases = std::collections::HashSet::new();
    for i in 0..15 {
        // the two-player forms (rebuilding team play from a view is not supported yet)
        let forms: Vec<Form> = Form::ALL.into_iter().filter(|f| f.seats().contains(&2) && !f.teams()).collect();
        let form = forms[i % forms.len()];
        let mut g = Game::new(form, &schools(&mut rng)).unwrap();
        let mut steps = 0;
        while !g.is_over() && steps < 3000 {
            // every step of the first games, then a sample (debug builds are slow)
            if i < 3 || rng.gen_bool(0.25) {
                check(&g, &mut checked);
                phases.insert(format!("{:?}", g.phase()).split([' ', '{']).next().unwrap().to_string());
            }
            let v = g.legal_choices();
            g.apply(v[rng.gen_range(0..v.len())]).unwrap();
            steps += 1;
        }
        check(&g, &mut checked);
        if g.is_over() {
            phases.insert("Over".to_string());
        }
    }
    assert!(checked > 1000, "{checked}");
    for p in ["Refill", "Main", "Effect", "Returning", "Claim", "NextTask", "StartPieces", "Over"] {
        assert!(phases.contains(p), "no {p} position checked: {phases:?}");
    }
}

#[test]
fn spectator_and_referee_views_rebuild_games_but_no_observation() {
    let mut g = Game::new(Form::HighForm, &[School::Highland, School::Sylvan]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..200 {
        let v = g.legal_choices();
        g.apply(v[rng.gen_range(0..v.len())]).unwrap();
    }
    let view = g.spectator_view();
    assert!(Observation::from_view(&view).is_err());
    let rebuilt = Game::from_view(&view).unwrap();
    assert_eq!(rebuilt.spectator_view(), view);
    // a referee sees every hand: the choices are the game's
    let view = g.referee_view();
    let rebuilt = Game::from_view(&view).unwrap();
    assert_eq!(rebuilt.referee_view(), view);
    assert_eq!(rebuilt.legal_choices(), g.legal_choices());
}

#[test]
fn bad_views_are_refused_with_a_reason() {
    let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..120 {
        let v = g.legal_choices();
        g.apply(v[rng.gen_range(0..v.len())]).unwrap();
    }
    let good = g.view(0);
    assert!(Observation::from_view(&good).is_ok());
    let mut cases: Vec<(&str, View)> = Vec::new();
    let mut v = good.clone();
    v.board = "9/9/9".into();
    cases.push(("board", v));
    let mut v = good.clone();
    v.seats[1].beings += 1;
    cases.push(("unseen", v));
    let mut v = good.clone();
    let first = v.seats[1].unseen[0];
    v.seats[1].unseen.push(first);
    cases.push(("unseen", v));
    let mut v = good.clone();
    v.seats[0].hand.as_mut().unwrap().beings.push(tash_kalar_rules::CardId::parse("legends.titan").unwrap());
    cases.push(("counts", v));
    let mut v = good.clone();
    v.seats.pop();
    cases.push(("seats", v));
    let mut v = good.clone();
    v.turn.seat = 3;
    cases.push(("seat", v));
    let mut v = good.clone();
    v.seats[0].supply.0 = 200;
    cases.push(("pieces", v));
    let mut v = good.clone();
    v.legends.unseen.clear();
    cases.push(("legends", v));
    let mut v = good.clone();
    v.phase = tash_kalar_rules::Phase::Effect;
    cases.push(("effect", v));
    let mut v = good.clone();
    v.phase = tash_kalar_rules::Phase::Claim;
    cases.push(("tasks", v));
    let mut v = good.clone();
    v.seats[1].deck = 0;
    cases.push(("deck", v));
    let mut v = good.clone();
    v.flares.unseen = vec![tash_kalar_rules::CardId::parse("legends.titan").unwrap(); v.flares.unseen.len()];
    cases.push(("flares", v));
    for (what, v) in cases {
        let e = Observation::from_view(&v).expect_err(what);
        assert!(e.to_string().starts_with("bad view"), "{what}: {e}");
    }
}
