//! The publish path (`snapshot`, then `delta::deltas`, as
//! `GameActor::publish` runs them) over seeded games of every form: after
//! every change, for every class of viewer and every language, the delta
//! applied to the whole state before is exactly the whole state after.
//! Some changes are take-backs, and the game's clock runs.
//!
//! `TK_PUBLISH_SEED` sets the base seed (default 0): game `k` of a form
//! plays with seed `base + k`; `TK_PUBLISH_GAMES` the games per form
//! (default 1).

use super::*;
use crate::clock::TimeControl;
use crate::live::{Kind, SeatInfo};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tash_kalar_rules::{Choice, Form, School};

const FORMS: [(Form, &[School]); 5] = [
    (Form::Duel, &[School::Northern, School::Southern]),
    (Form::HighForm, &[School::Northern, School::Southern]),
    (Form::Melee, &[School::Northern, School::Southern, School::Highland]),
    (Form::Melee, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
    (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
];

/// Changes played per game at most (a whole game takes longer than a
/// test should).
const MOVES: usize = 160;

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The whole state a connection of `class` reading `lang` is sent (as
/// `ws.rs` writes it, with the whole chat and no time).
fn whole(snap: &Snapshot, class: usize, lang: Lang) -> Value {
    json!({
        "type": "state",
        "rev": snap.rev,
        "version": snap.version,
        "over": snap.over,
        "view": serde_json::from_str::<Value>(snap.whole_model(class, lang).get()).unwrap(),
        "log_from": 0,
        "log": serde_json::to_value(snap.log(class, lang, 0)).unwrap(),
        "players": serde_json::from_str::<Value>(snap.players.get()).unwrap(),
        "clock": serde_json::from_str::<Value>(snap.clock.get()).unwrap(),
        "now": 0,
        "chat_from": 0,
        "chat": [],
    })
}

/// A state without what differs from one sending to the next: the time.
fn comparable(mut state: Value) -> Value {
    state.as_object_mut().unwrap().remove("now");
    state
}

/// The actor's own state as a snapshot shows it: no rematch, no claim.
fn site<'a>(clock: &'a Clocks, chat: &'a Arc<Vec<ChatLine>>, manners: &'a Manners) -> SiteState<'a> {
    SiteState { clock, chat, rematch_tokens: &[], claimable: None, manners }
}

/// One seeded game of `form` through the publish path; the number of
/// deltas checked.
fn play(form: Form, schools: &[School], seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seats: Vec<SeatInfo> = schools.iter().map(|&school| SeatInfo::taken_by_a_person(school)).collect();
    let mut g = LiveGame::new(format!("publish-{seed}"), form, seats, 0).unwrap();
    let classes = schools.len() + 1;
    let mut now = 1_000;
    let mut clock = Clocks::new(TimeControl::Game { secs: 600, increment: 5 }, 0, schools.len(), now);
    let chat = Arc::new(Vec::new());
    let manners = Manners::new(Vec::new());
    // every class watched in every language
    let langs = vec![[1; LANGS]; classes];
    let online = vec![1; schools.len()];
    let logs = new_logs(schools.len());
    let mut words: [EventWords; LANGS] = Default::default();
    let mut prev = Arc::new(snapshot(&g, &langs, &online, &site(&clock, &chat, &manners), &logs, &mut words));
    let mut checked = 0;
    for step in 0..MOVES {
        if g.is_over() {
            break;
        }
        let seat = match g.game().actor() {
            Actor::Seat(s) => Some(s),
            _ => None,
        };
        let undo = seat.is_some_and(|s| g.can_undo(s)) && rng.gen_bool(0.1);
        if undo {
            g.apply(seat, Kind::Undo, None).unwrap();
        } else {
            let legal: Vec<Choice> = g.game().legal_choices();
            let c = legal[rng.gen_range(0..legal.len())];
            g.apply(seat, Kind::Choice, Some(c)).unwrap();
        }
        now += rng.gen_range(0..5_000);
        clock.follow(to_move(&g), now);
        let mut next = snapshot(&g, &langs, &online, &site(&clock, &chat, &manners), &logs, &mut words);
        next.rev = prev.rev + 1;
        next.deltas = crate::delta::deltas(&prev, &next, now);
        for class in 0..classes {
            for lang in Lang::ALL {
                let msg = next.delta(class, lang, Some(prev.rev));
                let what =
                    format!("{form:?} of {} seats, seed {seed}, step {step}, class {class}, {lang}", classes - 1);
                if g.is_over() {
                    // (the end shows every hand: the whole state goes)
                    assert!(msg.is_none(), "{what}: a delta to the end");
                    continue;
                }
                let msg: Value = serde_json::from_str(msg.unwrap_or_else(|| panic!("{what}: no delta"))).unwrap();
                let mut held = whole(&prev, class, lang);
                crate::delta::apply(&mut held, &msg).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(comparable(held), comparable(whole(&next, class, lang)), "{what}: {msg}");
                checked += 1;
            }
        }
        prev = Arc::new(next);
    }
    checked
}

#[test]
fn every_delta_published_makes_the_next_whole_state() {
    let base = env_u64("TK_PUBLISH_SEED").unwrap_or(0);
    let games = env_u64("TK_PUBLISH_GAMES").unwrap_or(1);
    for (form, schools) in FORMS {
        for k in 0..games {
            let seed = base + k;
            let checked = play(form, schools, seed);
            // (every class and language after each of at least 20 changes)
            assert!(checked >= 20 * (schools.len() + 1) * LANGS, "{form:?}, seed {seed}: {checked} deltas checked");
        }
    }
}
