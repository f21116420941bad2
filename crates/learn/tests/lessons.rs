//! Every shipped lesson is usable: its positions start a game, its goal can
//! be reached by the learner (found by search), its words exist in every
//! language.

use tash_kalar_i18n::{Lang, Messages};
use tash_kalar_learn::{goal_met, lessons, parse, replay, try_lessons, Goal, LessonError, PlayError};
use tash_kalar_rules::Game;

/// Iterative deepening over the learner's own choices (shortest solutions
/// first, and a bounded count of games tried).
fn find(goal: &Goal, game: &Game, learner: u8) -> Option<Vec<String>> {
    let mut budget = 500_000;
    (1..=10).find_map(|depth| {
        let mut path = Vec::new();
        solve(goal, game, learner, game.events().len(), depth, &mut path, &mut budget).then_some(path)
    })
}

/// Depth-first search over the learner's own choices until the goal fires
/// or the turn passes; leaves the choice texts of a solution in `path`.
fn solve(
    goal: &Goal,
    game: &Game,
    learner: u8,
    from: usize,
    depth: usize,
    path: &mut Vec<String>,
    budget: &mut u32,
) -> bool {
    if goal_met(goal, learner, game, &game.events()[from..]) {
        return true;
    }
    if *budget == 0 || game.is_over() || game.turn().seat != learner || path.len() >= depth {
        return false;
    }
    for choice in game.legal_choices() {
        *budget -= 1;
        let mut next = game.clone();
        next.apply_unchecked(choice);
        path.push(choice.to_text());
        if solve(goal, &next, learner, from, depth, path, budget) {
            return true;
        }
        path.pop();
        if *budget == 0 {
            return false;
        }
    }
    false
}

#[test]
fn there_are_lessons_and_every_file_is_valid() {
    let all = try_lessons().unwrap();
    assert!(all.len() >= 3);
    let mut ids: Vec<_> = all.iter().map(|l| l.id.clone()).collect();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "lesson ids are unique");
}

#[test]
fn every_goal_is_reachable_and_replay_agrees() {
    for lesson in lessons() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let game = step.start().unwrap();
            let learner = game.turn().seat;
            assert!(!goal_met(&step.goal, learner, &game, &[]), "{} step {i}: met before any choice", lesson.id);
            let path =
                find(&step.goal, &game, learner).unwrap_or_else(|| panic!("{} step {i}: no solution found", lesson.id));
            let played = replay(&lesson, i, &path).unwrap();
            assert!(played.done, "{} step {i}: {path:?} replays without the goal", lesson.id);
            assert!(!replay(&lesson, i, &[]).unwrap().done);
        }
    }
}

#[test]
fn replay_refuses_what_is_not_legal() {
    let lesson = &lessons()[0];
    let bad = vec!["place a1".to_string()];
    assert_eq!(replay(lesson, 0, &bad).unwrap_err(), PlayError::Illegal { index: 0, text: "place a1".into() });
    assert_eq!(replay(lesson, 99, &[]).unwrap_err(), PlayError::NoSuchStep);
    let many = vec!["end".to_string(); 65];
    assert_eq!(replay(lesson, 0, &many).unwrap_err(), PlayError::TooMany);
}

#[test]
fn the_first_lesson_is_met_by_placing_on_e5_only() {
    let lesson = &lessons()[0];
    assert!(replay(lesson, 0, &["place e5".into()]).unwrap().done);
    assert!(!replay(lesson, 0, &["place e6".into()]).unwrap().done);
}

#[test]
fn every_text_and_hint_exists_in_every_language() {
    for lang in [Lang::En, Lang::Es, Lang::Cs] {
        let m = Messages::new(lang);
        for lesson in lessons() {
            for id in lesson.message_ids() {
                assert!(m.has(&id), "{lang:?}: {id} is missing");
            }
        }
    }
}

#[test]
fn no_lesson_message_is_stray() {
    let used: Vec<String> = lessons().iter().flat_map(|l| l.message_ids()).collect();
    for lang in [Lang::En, Lang::Es, Lang::Cs] {
        for (id, _) in Messages::ids(lang) {
            if id.starts_with("lessons-") && !id.starts_with("lessons-ui-") {
                assert!(used.contains(&id), "{lang:?}: {id} belongs to no lesson step");
            }
        }
    }
}

#[test]
fn a_broken_lesson_file_is_a_typed_error() {
    let good = include_str!("../lessons/01-placing.json");
    assert!(parse("x", good).is_ok());
    let bad_square = good.replace("\"e5\"", "\"z9\"");
    assert!(matches!(parse("x", &bad_square), Err(LessonError::Goal { what: "square", step: 1, .. })));
    let bad_board = good.replace("2r3b2", "2r3b3");
    assert!(matches!(parse("x", &bad_board), Err(LessonError::Position { step: 1, .. })));
    assert!(matches!(parse("x", r#"{"id": "a", "steps": []}"#), Err(LessonError::Empty { .. })));
    assert!(matches!(parse("x", r#"{"id": "a", "steps": [], "extra": 1}"#), Err(LessonError::Json { .. })));
}

/// The step of the lesson `id` (from 0) and whether `choices` meet its goal.
fn meets(id: &str, step: usize, choices: &[&str]) -> bool {
    let lesson = tash_kalar_learn::lesson(id).unwrap();
    let choices: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
    replay(&lesson, step, &choices).unwrap().done
}

#[test]
fn freezing_is_summoning_a_being_with_a_frozen_effect() {
    assert!(matches!(lessons().iter().find(|l| l.id == "frozen-cards").unwrap().steps[0].goal, Goal::Freeze));
    assert!(meets("frozen-cards", 0, &["summon everfrost.crystal_grower e5 r0", "g5"]));
    // the being's effect must resolve first: summoned, not yet frozen
    assert!(!meets("frozen-cards", 0, &["summon everfrost.crystal_grower e5 r0"]));
    assert!(!meets("frozen-cards", 0, &["place e5"]));
}

#[test]
fn thawing_is_using_the_frozen_card() {
    assert!(meets("frozen-cards", 1, &["thaw", "d4"]));
    // thawed, its frozen effect not yet resolved
    assert!(!meets("frozen-cards", 1, &["thaw"]));
    assert!(!meets("frozen-cards", 1, &["place c5", "place c6"]));
}

#[test]
fn the_first_nethervoid_being_becomes_the_gateway() {
    assert!(meets("gateway", 0, &["summon nethervoid.flame_imp e5 r0", "skip"]));
    assert!(!meets("gateway", 0, &["summon nethervoid.flame_imp e5 r0"]), "its effect still to resolve");
    assert!(!meets("gateway", 0, &["place e5"]));
    // with a Gateway on the board, the Flame Imp destroys next to it
    assert!(meets("gateway", 1, &["summon nethervoid.flame_imp d3 r0", "f6"]));
    assert!(!meets("gateway", 1, &["summon nethervoid.flame_imp d3 r0", "skip"]));
}

#[test]
fn a_warp_is_played_from_the_hand_not_summoned() {
    assert!(meets("warps", 0, &["warp etherweave.lesser_shadow_twin", "e4"]));
    assert!(!meets("warps", 0, &["warp etherweave.lesser_shadow_twin"]), "its warp effect still to resolve");
    assert!(!meets("warps", 0, &["summon etherweave.lesser_shadow_twin d5 r0"]));
    // the pending being is summoned like a card in the hand
    assert!(meets("warps", 1, &["summon etherweave.lesser_shadow_twin d5 r0"]));
    assert!(!meets("warps", 1, &["place d5"]));
}

#[test]
fn the_expansion_goals_count_the_learner_s_events_only() {
    let game = lessons()[0].steps[0].start().unwrap();
    let card = tash_kalar_rules::CardId::parse("everfrost.crystal_grower").unwrap();
    let sq = tash_kalar_rules::Square::parse("e5").unwrap();
    let other = [
        (Goal::Freeze, tash_kalar_rules::Event::Frozen { seat: 1, card }),
        (Goal::Thaw, tash_kalar_rules::Event::Thawed { seat: 1, card }),
        (Goal::Gateway, tash_kalar_rules::Event::GatewayGained { seat: 1, at: sq }),
        (Goal::Warp, tash_kalar_rules::Event::Warped { seat: 1, card }),
    ];
    for (goal, event) in other {
        assert!(!goal_met(&goal, 0, &game, std::slice::from_ref(&event)), "{goal:?}: another seat's event");
        let mine = match event {
            tash_kalar_rules::Event::Frozen { card, .. } => tash_kalar_rules::Event::Frozen { seat: 0, card },
            tash_kalar_rules::Event::Thawed { card, .. } => tash_kalar_rules::Event::Thawed { seat: 0, card },
            tash_kalar_rules::Event::GatewayGained { at, .. } => tash_kalar_rules::Event::GatewayGained { seat: 0, at },
            tash_kalar_rules::Event::Warped { card, .. } => tash_kalar_rules::Event::Warped { seat: 0, card },
            e => e,
        };
        assert!(goal_met(&goal, 0, &game, &[mine]), "{goal:?}: the learner's own event");
    }
}

#[test]
fn the_expansion_goals_read_from_their_json_names() {
    for (text, goal) in [
        ("\"freeze\"", Goal::Freeze),
        ("\"thaw\"", Goal::Thaw),
        ("\"gateway\"", Goal::Gateway),
        ("\"warp\"", Goal::Warp),
    ] {
        assert_eq!(serde_json::from_str::<Goal>(text).unwrap(), goal);
    }
}
