//! What both terminal modes say beyond the i18n crate's sentences: the
//! log of events in words, where a task turned up, a card's kind, a list
//! of claimed tasks, who won.
//! Line mode (`play.rs`) and full screen (`tui/`) both use it; neither
//! imports the other.

use tash_kalar_i18n::{args, Messages};
use tash_kalar_rules::view::{TaskView, View};
use tash_kalar_rules::{CardId, EndReason, Event, Game, Match, Seat, TaskId};

/// What the engine recorded from event number `told` on, in words, one
/// line each as both terminal modes log it: a turn's start as a heading,
/// an action on its own line, what its effect did indented under it. A
/// person's own draws are left out (told with the card's name as they
/// happen). Returns the lines and the number to tell from next time.
pub(crate) fn event_lines(
    game: &Game,
    told: u32,
    table: &tash_kalar_present::Table,
    msgs: &Messages,
    person: &dyn Fn(Seat) -> bool,
) -> (Vec<String>, u32) {
    let v = game.spectator_view();
    let mut lines = Vec::new();
    for e in v.events.iter().filter(|e| e.n >= told) {
        let text = || tash_kalar_present::event_text(&e.event, game, table, msgs);
        lines.push(match e.event {
            Event::TurnStarted { .. } => format!("-- {} --", text()),
            Event::TurnEnded { .. } | Event::GameOver => continue,
            Event::Drew { seat, .. } if person(seat) => continue,
            Event::Moved { .. }
            | Event::Upgraded { .. }
            | Event::Downgraded { .. }
            | Event::Converted { .. }
            | Event::Destroyed { .. } => format!("  · {}", text()),
            _ => format!("> {}", text()),
        });
    }
    (lines, v.events.last().map_or(told, |last| last.n + 1))
}

/// Where a task turned up by chance went, in words.
pub(crate) fn task_place(msgs: &Messages, m: &Match, task: TaskId) -> String {
    msgs.text("task-place", args![("place", task_place_key(m, task))])
}

fn task_place_key(m: &Match, task: TaskId) -> &'static str {
    let Some(tb) = m.game().tasks() else { return "turned-up" };
    if tb.current.contains(&task) {
        "current"
    } else if tb.next == Some(task) {
        "next"
    } else if tb.set_aside.contains(&task) {
        "set-aside"
    } else {
        "bottom"
    }
}

/// A card's kind in words: its rank, legend, or a flare's thresholds.
pub(crate) fn card_kind(msgs: &Messages, card: CardId) -> String {
    let def = card.def();
    match def.flare {
        Some(t) => msgs.text("card-kind-flare", args![("upper", t.upper), ("lower", t.lower)]),
        None if card.is_legend() => msgs.text("card-kind-legend", &[]),
        None => msgs.rank(def.rank),
    }
}

pub(crate) fn claimed_list(msgs: &Messages, tasks: &[TaskView]) -> String {
    if tasks.is_empty() {
        return "-".into();
    }
    tasks.iter().map(|t| format!("{} ({})", msgs.task_name(t.id), t.points)).collect::<Vec<_>>().join(", ")
}

/// Who won, by seat numbers: "Seat 2 resigned. Seat 1 wins."
pub(crate) fn outcome_text(msgs: &Messages, v: &View) -> String {
    match &v.outcome {
        Some(o) => {
            let mut out = Vec::new();
            match o.why {
                EndReason::Resigned { seat } => out.push(msgs.text("outcome-resigned", args![("seat", seat + 1)])),
                EndReason::Time { seat } => out.push(msgs.text("outcome-time", args![("seat", seat + 1)])),
                EndReason::Abandoned { seat } => {
                    out.push(msgs.text("endings-outcome-abandoned", args![("seat", seat + 1)]))
                }
                EndReason::Aborted => return msgs.text("endings-outcome-aborted", &[]),
                EndReason::EndScore | EndReason::DeckOut | EndReason::Drawn => {}
            }
            out.push(match o.winner() {
                Some(w) if o.teams => msgs.text("outcome-team-wins", args![("first", w + 1), ("second", w + 3)]),
                Some(w) => msgs.text("outcome-wins", args![("seat", w + 1)]),
                None => msgs.text("outcome-draw", &[]),
            });
            out.join(" ")
        }
        None => msgs.text("outcome-none", &[]),
    }
}
