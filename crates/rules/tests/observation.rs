//! Observations rebuilt from views: what a seat's view shows is all that a
//! bot outside the program needs, and it leads to the same observation as
//! the game itself.

mod common;
use common::Gate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Form, Game, Observation, School};

/// Two schools of different colors, drawn at random.
fn schools(rng: &mut ChaCha8Rng) -> [School; 2] {
    loop {
        let a = School::ALL[rng.gen_range(0..School::ALL.len())];
        let b = School::ALL[rng.gen_range(0..School::ALL.len())];
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
        // the two-player forms (team play and the melee have their own tests)
        let forms: Vec<Form> = Form::ALL.into_iter().filter(|f| f.seats().contains(&2)).collect();
        let form = forms[i % forms.len()];
        let mut g = Game::new(form, &schools(&mut rng)).unwrap();
        let mut steps = 0;
        while !g.is_over() && steps < 3000 {
            // every step of the first games, then a sample (debug builds are slow)
            if i < 3 || rng.gen_bool(0.25) {
                check(&g, &mut checked);
                phases.insert(phase_name(&g));
            }
            let v = g.legal_choices();
            g.act(v[rng.gen_range(0..v.len())]).unwrap();
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

fn phase_name(g: &Game) -> String {
    format!("{:?}", g.phase()).split([' ', '{']).next().unwrap().to_string()
}

/// Four different schools in a random seating: seats 0 and 2 against 1
/// and 3. The base schools, or (`expansions`) four of all the schools.
fn team_schools(rng: &mut ChaCha8Rng, expansions: bool) -> [School; 4] {
    if !expansions {
        let mut s = School::BASE;
        for i in (1..4).rev() {
            s.swap(i, rng.gen_range(0..=i));
        }
        return s;
    }
    let mut s = School::ALL;
    for i in (1..s.len()).rev() {
        s.swap(i, rng.gen_range(0..=i));
    }
    [s[0], s[1], s[2], s[3]]
}

/// Team play: every seat's view, at every step of random games, rebuilds
/// that seat's observation, whether the seat is the one to choose, its
/// teammate holding control, or an opponent.
#[test]
fn a_rebuilt_observation_equals_the_observation_over_random_team_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut checked = 0;
    let mut phases = std::collections::HashSet::new();
    let (mut passed, mut sideways_returned, mut teammate_chooses) = (0, 0, 0);
    // six games of the base schools, then four with the expansion schools
    for i in 0..10 {
        let form = [Form::TeamDuel, Form::TeamHighForm][i % 2];
        let mut g = Game::new(form, &team_schools(&mut rng, i >= 6)).unwrap();
        let mut steps = 0;
        while !g.is_over() && steps < 4000 {
            if i < 2 || rng.gen_bool(0.3) {
                check(&g, &mut checked);
                phases.insert(phase_name(&g));
                passed += g.turn().passed as usize;
                sideways_returned += g.seats().iter().any(|s| !s.deck.bottom.is_empty()) as usize;
                teammate_chooses += (g.actor() != tash_kalar_rules::Actor::Seat(g.turn().seat)
                    && matches!(g.actor(), tash_kalar_rules::Actor::Seat(_)))
                    as usize;
            }
            // pass control now and then, so that the teammate's turns are seen
            let v = g.legal_choices();
            let pass = v.iter().position(|c| c.to_string() == "pass");
            let k = match pass {
                Some(k) if rng.gen_bool(0.2) => k,
                _ => rng.gen_range(0..v.len()),
            };
            g.act(v[k]).unwrap();
            steps += 1;
        }
        check(&g, &mut checked);
        if g.is_over() {
            phases.insert("Over".to_string());
        }
    }
    assert!(checked > 1000, "{checked}");
    assert!(
        passed > 20 && teammate_chooses > 20,
        "control passed in {passed} checks, the teammate chose in {teammate_chooses}"
    );
    assert!(sideways_returned > 20, "cards returned sideways in {sideways_returned} checks");
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
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
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
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
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

/// A team game played at random for `steps` choices, passing control at
/// the first chance after `pass_after` of them.
fn team_game(form: Form, seed: u64, steps: usize, pass_after: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(form, &[School::Northern, School::Southern, School::Highland, School::Sylvan]).unwrap();
    for k in 0..steps {
        if g.is_over() {
            break;
        }
        let v = g.legal_choices();
        let pass = v.iter().position(|c| c.to_string() == "pass").filter(|_| k >= pass_after);
        let choice = v[pass.unwrap_or_else(|| rng.gen_range(0..v.len()))];
        g.act(choice).unwrap();
        if pass.is_some() {
            break;
        }
    }
    g
}

/// Control passed: the teammate holds the team's legends and chooses; the
/// view of either teammate rebuilds that, and so do a spectator's and a
/// referee's.
#[test]
fn a_team_view_after_passing_control_rebuilds_the_teammates_turn() {
    for form in [Form::TeamDuel, Form::TeamHighForm] {
        let g = team_game(form, 3, 400, 150);
        assert!(g.turn().passed, "control was passed in {}", form.name());
        let (seat, mate) = (g.turn().seat, (g.turn().seat + 2) % 4);
        assert_eq!(g.actor(), tash_kalar_rules::Actor::Seat(mate));
        for s in 0..4 {
            let rebuilt = Observation::from_view(&g.view(s)).unwrap();
            assert_eq!(rebuilt, g.observe(s));
            assert_eq!(rebuilt.game().actor(), g.actor());
            assert!(rebuilt.game().turn().passed);
        }
        // the teammate choosing has its own cards, and the legends
        let rebuilt = Observation::from_view(&g.view(mate)).unwrap();
        assert_eq!(rebuilt.game().legal_choices(), g.legal_choices());
        assert_eq!(rebuilt.game().seat(mate).legends, g.seat(mate).legends);
        assert!(rebuilt.game().seat(seat).legends.is_empty());
        let view = g.spectator_view();
        assert_eq!(Game::from_view(&view).unwrap().spectator_view(), view);
        let view = g.referee_view();
        let rebuilt = Game::from_view(&view).unwrap();
        assert_eq!(rebuilt.referee_view(), view);
        assert_eq!(rebuilt.legal_choices(), g.legal_choices());
    }
}

#[test]
fn bad_team_views_are_refused_with_a_reason() {
    let g = team_game(Form::TeamHighForm, 4, 300, 100);
    assert!(g.turn().passed);
    let good = g.view(1);
    assert!(Observation::from_view(&good).is_ok());
    let mut cases: Vec<(&str, &str, View)> = Vec::new();
    let mut v = good.clone();
    v.seats.pop();
    cases.push(("three seats", "4 to 4 seats, not 3", v));
    let mut v = good.clone();
    v.seats.push(v.seats[3].clone());
    v.seats[4].seat = 4;
    cases.push(("five seats", "not 5", v));
    let mut v = good.clone();
    v.seats[2].color = v.seats[2].school.color();
    cases.push(("the teammate's own school color", "its team's first seat's school plays", v));
    let mut v = good.clone();
    v.seats[3].color = v.seats[0].color;
    cases.push(("the other team's color", "its team's first seat's school plays", v));
    let mut v = good.clone();
    v.seats[2].school = v.seats[0].school;
    cases.push(("one school twice", "two seats play the northern deck", v));
    let mut v = good.clone();
    v.seats[2].team = Some(1);
    cases.push(("wrong team", "is on team 0, not on team Some(1)", v));
    let mut v = good.clone();
    v.seats[3].team = None;
    cases.push(("no team", "is on team 1, not on team None", v));
    let mut v = good.clone();
    v.seats[0].sideways = None;
    cases.push(("no sideways count", "sideways cards; none given", v));
    let mut v = good.clone();
    v.seats[0].sideways = Some(7);
    cases.push(("too many sideways", "7 sideways cards, but at most 6", v));
    let mut v = good.clone();
    v.seats[0].sideways = Some(v.seats[0].deck as u8 + 1);
    cases.push(("more sideways than the deck", "no more than its deck", v));
    let mut v = good.clone();
    v.seats[2].score += 1;
    cases.push(("teammates' scores differ", "teammate seat 0", v));
    let mut v = good.clone();
    // (one fewer piece in supply: one more could be more than the form has)
    let supply = v.seats[2..].iter_mut().flat_map(|s| [&mut s.supply.0, &mut s.supply.1]).find(|n| **n > 0);
    *supply.expect("a piece in a supply") -= 1;
    cases.push(("teammates' supplies differ", "its teammate seat", v));
    let mut v = good.clone();
    v.actor = tash_kalar_rules::view::ActorView::Seat { seat: v.turn.seat };
    cases.push(("control is the teammate's", "to choose", v));
    let mut v = good.clone();
    v.turn.passed = false;
    cases.push(("control not passed, yet the teammate chooses", "to choose", v));
    let mut v = good.clone();
    let first = v.tasks.as_ref().unwrap().current[0].clone();
    v.tasks.as_mut().unwrap().claimed[2].push(first);
    cases.push(("claims under a second seat", "does not keep claims", v));
    let mut v = good.clone();
    let first = v.tasks.as_ref().unwrap().current[0].clone();
    v.tasks.as_mut().unwrap().claimed[0].push(first);
    cases.push(("a task twice", "a task twice", v));
    let mut v = good.clone();
    let first = v.tasks.as_ref().unwrap().current[0].clone();
    v.tasks.as_mut().unwrap().bottom.push(first);
    cases.push(("a current task also at the deck's bottom", "a task twice", v));
    let mut v = good.clone();
    v.tasks.as_mut().unwrap().claimed.pop();
    cases.push(("claims for three seats", "claims for 3 seats", v));
    let mut v = good.clone();
    v.tasks.as_mut().unwrap().deck += 1;
    cases.push(("task deck size", "task deck holds", v));
    let mut v = good.clone();
    v.form = Form::Melee;
    v.tasks = None;
    cases.push(("a melee with teams", "only in team play", v));
    for (what, reason, v) in cases {
        let e = Observation::from_view(&v).expect_err(what).to_string();
        assert!(e.starts_with("bad view") && e.contains(reason), "{what}: {e}");
    }
    // a duel's view with team play's parts
    let mut d = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
    while d.actor() == tash_kalar_rules::Actor::Chance {
        let c = d.legal_choices()[0];
        d.act(c).unwrap();
    }
    let mut v = d.view(0);
    v.seats[0].sideways = Some(2);
    assert!(Observation::from_view(&v).is_err(), "sideways cards in a duel");
    let mut v = d.view(0);
    v.seats[1].team = Some(1);
    assert!(Observation::from_view(&v).is_err(), "a team in a duel");
    let mut v = d.view(0);
    v.turn.passed = true;
    assert!(Observation::from_view(&v).is_err(), "control passed in a duel");
}

/// Views changed at random, in their JSON text, are refused or rebuilt:
/// never a panic, neither rebuilding nor asking the rebuilt game its choices.
#[test]
fn mangled_views_never_panic() {
    use serde_json::Value;
    fn leaves(v: &mut Value, out: &mut Vec<*mut Value>) {
        match v {
            Value::Array(a) => a.iter_mut().for_each(|x| leaves(x, out)),
            Value::Object(o) => o.values_mut().for_each(|x| leaves(x, out)),
            _ => out.push(v as *mut Value),
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut parsed, mut rebuilt) = (0, 0);
    for (i, form) in [Form::TeamDuel, Form::TeamHighForm, Form::Duel, Form::HighForm].into_iter().enumerate() {
        let g = if form.teams() {
            team_game(form, i as u64, 250, 1000)
        } else {
            let mut g = Game::new(form, &[School::Highland, School::Sylvan]).unwrap();
            for _ in 0..250 {
                if g.is_over() {
                    break;
                }
                let v = g.legal_choices();
                g.act(v[rng.gen_range(0..v.len())]).unwrap();
            }
            g
        };
        let json = serde_json::to_value(g.view(0)).unwrap();
        for _ in 0..600 {
            let mut j = json.clone();
            let mut ls = Vec::new();
            leaves(&mut j, &mut ls);
            for _ in 0..rng.gen_range(1..3) {
                let leaf = ls[rng.gen_range(0..ls.len())];
                // SAFETY: each pointer is to a distinct leaf of `j`, alive and not otherwise borrowed
                let leaf = unsafe { &mut *leaf };
                *leaf = match leaf {
                    Value::Number(n) => {
                        let n = n.as_i64().unwrap_or(0);
                        Value::from([n + 1, n - 1, 0, 255, 3][rng.gen_range(0..5)])
                    }
                    Value::Bool(b) => Value::Bool(!*b),
                    _ => Value::from(rng.gen_range(0..5)),
                };
            }
            let Ok(view) = serde_json::from_value::<View>(j) else { continue };
            parsed += 1;
            if let Ok(game) = Game::from_view(&view) {
                rebuilt += 1;
                let _ = game.view(0);
                let mut game = game;
                for _ in 0..3 {
                    let v = game.legal_choices();
                    if v.is_empty() {
                        break;
                    }
                    let _ = game.act(v[0]);
                }
            }
        }
    }
    assert!(parsed > 300 && rebuilt > 50, "{parsed} views parsed, {rebuilt} rebuilt");
}

/// A next task that would make three of a type is moved to the bottom of
/// the task deck in everyone's sight: a view shows the deck's size and that
/// bottom, so an observation keeps the bottom and takes the rest as
/// shuffled, and the view rebuilds it.
#[test]
fn an_observation_knows_the_task_deck_bottom_and_nothing_more() {
    let mut found = 0;
    for (i, form) in [Form::HighForm, Form::TeamHighForm].into_iter().cycle().take(40).enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + i as u64);
        let schools = if form.teams() { team_schools(&mut rng, false).to_vec() } else { schools(&mut rng).to_vec() };
        let mut g = Game::new(form, &schools).unwrap();
        while !g.is_over() {
            let deck = &g.tasks().unwrap().deck;
            if !deck.bottom.is_empty() {
                for seat in 0..g.seat_count() as u8 {
                    let seen = g.observe(seat);
                    let observed = &seen.game().tasks().unwrap().deck;
                    assert!(observed.top.is_empty());
                    assert_eq!(observed.bottom, deck.bottom, "moved to the bottom in everyone's sight");
                    let mut above: Vec<_> = deck.top.iter().chain(&deck.shuffled).copied().collect();
                    above.sort();
                    assert_eq!(observed.shuffled.to_vec(), above, "the same tasks");
                    let view = g.view(seat);
                    let shown: Vec<_> = view.tasks.as_ref().unwrap().bottom.iter().map(|t| t.id).collect();
                    assert_eq!(shown, deck.bottom.to_vec());
                    assert_eq!(Observation::from_view(&g.view(seat)).unwrap(), seen);
                }
                found += 1;
                break;
            }
            let v = g.legal_choices();
            g.act(v[rng.gen_range(0..v.len())]).unwrap();
        }
    }
    assert!(found >= 3, "a task moved to the bottom in {found} games");
}
