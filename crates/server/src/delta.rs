//! Lean messages: what changed between two published states of a game,
//! for each class of viewer (each seat, and the spectators).
//!
//! A connection gets the whole state once (on hello, after the game left
//! memory and came back, when it asks with `sync`, and when the game ends),
//! then a `delta` message per change: the new log entries and chat lines,
//! the view's parts that changed (seats by index and, like the turn and
//! the question, only their keys that changed; the legal choices as
//! pieces of the list held; the events as a window that slides), and the
//! players, clocks and take-back flag when they changed. A seat's delta is made from that seat's own views, so it
//! carries nothing the seat's full state would not (its hand, its legal
//! choices); the spectators' from the spectator view.
//!
//! The deltas are made once per change and class, when the game's task
//! publishes the change, and their bytes are shared by every connection
//! of the class. The format is in `docs/server-protocol.md` ("Deltas");
//! [`apply`] is the client's side, for Rust clients and the tests.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tash_kalar_rules::view::SeatView;
use tash_kalar_rules::{EventView, View};

use crate::live::{Entry, Reader};
use crate::site::ChatLine;

/// The game as published after every change: one view per class of
/// viewer (each seat, then the spectators; every view shows all hands once
/// the game is over), and the log, which a whole state renders for its
/// reader.
///
/// A class's view is built only while the class has a connection (a bot's
/// seat and absent spectators cost nothing): the game's task builds it
/// when it publishes, or, for a class whose first connection comes between
/// two changes, when that connection says hello (`views` are set once).
///
/// Each change is numbered (`rev`) and carries its deltas from the one
/// before (`delta.rs`), made once for every class watching both.
pub struct Snapshot {
    pub rev: u64,
    pub version: u32,
    pub over: bool,
    /// Per class (seats, then the spectators), its view if built.
    pub views: Vec<OnceLock<Arc<View>>>,
    /// Each class's view serialised, when a connection first needs it
    /// whole (seats, then the spectators).
    pub whole: Vec<OnceLock<Box<RawValue>>>,
    pub(crate) deltas: Deltas,
    pub entries: Arc<Vec<Entry>>,
    pub players: Box<RawValue>,
    pub can_undo: Vec<bool>,
    /// The clocks (`Clocks::wire`), `null` without a time control.
    pub clock: Box<RawValue>,
    pub chat: Arc<Vec<ChatLine>>,
    /// The rematch made of this game, and each seat's token in it.
    pub rematch: Option<String>,
    pub rematch_tokens: Vec<Option<String>>,
    pub rematch_of: Option<String>,
}

/// The deltas of one change: the state they start from (`from`, the rev
/// of the snapshot before) and, per class (seat 0, 1, … then the
/// spectators), the message ready to send; `None` where the change needs
/// the whole state (the game ended, say) or the class had no view in one
/// of the two states (nobody of it was connected).
#[derive(Debug, Default)]
pub(crate) struct Deltas {
    pub from: u64,
    pub messages: Vec<Option<Arc<str>>>,
}

/// The keys of a view this module knows (see `view_delta`); a test checks
/// that a view serialises to no others, so a field added to
/// [`View`] cannot be left out of the deltas unnoticed.
#[cfg(test)]
const VIEW_KEYS: [&str; 20] = [
    "viewer", "form", "board", "actor", "phase", "turn", "scores", "seats", "legends", "flares", "effect", "prompt",
    "end", "tasks", "outcome", "choices", "legal", "question", "result", "events",
];

/// A JSON object written as it goes.
struct Obj {
    buf: Vec<u8>,
    empty: bool,
}

impl Obj {
    fn new() -> Obj {
        Obj { buf: vec![b'{'], empty: true }
    }

    fn key(&mut self, k: &str) {
        if !self.empty {
            self.buf.push(b',');
        }
        self.empty = false;
        self.buf.push(b'"');
        self.buf.extend_from_slice(k.as_bytes());
        self.buf.extend_from_slice(b"\":");
    }

    fn field<T: Serialize + ?Sized>(&mut self, k: &str, v: &T) -> Option<()> {
        self.key(k);
        serde_json::to_writer(&mut self.buf, v).ok()
    }

    fn raw(&mut self, k: &str, json: &[u8]) {
        self.key(k);
        self.buf.extend_from_slice(json);
    }

    fn finish(mut self) -> Vec<u8> {
        self.buf.push(b'}');
        self.buf
    }
}

/// How the events went from `old` to `new`: the client drops its events
/// numbered below `first`, keeps the next `keep`, and appends `add`.
#[derive(Serialize)]
struct Events<'a> {
    first: u32,
    keep: usize,
    add: &'a [EventView],
}

fn events_delta<'a>(old: &[EventView], new: &'a [EventView]) -> Events<'a> {
    let first = new.first().map_or(0, |e| e.n);
    let kept = old.iter().filter(|e| e.n >= first);
    let keep = kept.zip(new).take_while(|(a, b)| a == b).count();
    Events { first, keep, add: &new[keep..] }
}

/// A list as pieces of the list held: ranges `[start, end)` of it copied,
/// and new items written out, in order (`{"parts":[[0,12],{…},[13,40]]}`).
/// `key` names an item within a list (legal choices differ by their text).
// (unused while the view has no legal choices: they come back in the model
// of tash-kalar-present, on the serve-model branch)
#[allow(dead_code)]
fn list_delta<T: PartialEq + Serialize>(old: &[T], new: &[T], key: impl Fn(&T) -> &str) -> Option<Vec<u8>> {
    let at: std::collections::HashMap<&str, usize> = old.iter().enumerate().map(|(i, x)| (key(x), i)).collect();
    let mut out = vec![b'['];
    let mut open: Option<(usize, usize)> = None;
    let mut copied = 0;
    let flush = |out: &mut Vec<u8>, open: &mut Option<(usize, usize)>| {
        if let Some((a, b)) = open.take() {
            if out.len() > 1 {
                out.push(b',');
            }
            out.extend_from_slice(format!("[{a},{b}]").as_bytes());
        }
    };
    for x in new {
        match at.get(key(x)).filter(|&&j| old[j] == *x) {
            Some(&j) => {
                copied += 1;
                match &mut open {
                    Some((_, b)) if *b == j => *b += 1,
                    _ => {
                        flush(&mut out, &mut open);
                        open = Some((j, j + 1));
                    }
                }
            }
            None => {
                flush(&mut out, &mut open);
                if out.len() > 1 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut out, x).ok()?;
            }
        }
    }
    flush(&mut out, &mut open);
    out.push(b']');
    (copied > 0).then_some(out)
}

/// The view's parts that are objects, merged key by key: a delta carries
/// only their keys that changed (`seats` too, seat by seat).
const MERGED: [&str; 6] = ["turn", "legends", "flares", "effect", "tasks", "question"];

/// Writes `new` as the keys of it that differ from `old` (an object merged
/// into the one held); the keys it no longer has go to `unset` as
/// `path.key`. Without an `old`, the whole of `new`.
fn merged<T: Serialize>(
    o: &mut Obj,
    name: &str,
    path: &str,
    old: Option<&T>,
    new: &T,
    unset: &mut Vec<String>,
) -> Option<()> {
    let (part, gone) = patch(path, old, new)?;
    o.raw(name, &part);
    unset.extend(gone);
    Some(())
}

/// `new` as an object merged into `old`: its changed keys, and the paths
/// of the keys gone.
fn patch<T: Serialize>(path: &str, old: Option<&T>, new: &T) -> Option<(Vec<u8>, Vec<String>)> {
    let Some(old) = old else { return Some((serde_json::to_vec(new).ok()?, Vec::new())) };
    // compared key by key as text: cheaper than building value trees
    let (a, b) = (serde_json::to_string(old).ok()?, serde_json::to_string(new).ok()?);
    let a: BTreeMap<&str, &RawValue> = serde_json::from_str(&a).ok()?;
    let b: BTreeMap<&str, &RawValue> = serde_json::from_str(&b).ok()?;
    let mut part = Obj::new();
    for (k, v) in &b {
        if a.get(k).map(|x| x.get()) != Some(v.get()) {
            part.raw(k, v.get().as_bytes());
        }
    }
    let gone = a.keys().filter(|k| !b.contains_key(*k)).map(|k| format!("{path}.{k}")).collect();
    Some((part.finish(), gone))
}

/// The seat patches made for one change, reused by the classes that see a
/// seat alike (every class but its own sees the same public seat).
type SeatPatches<'a> = Vec<(usize, &'a SeatView, &'a SeatView, Option<(Vec<u8>, Vec<String>)>)>;

/// The parts of `new` that differ from `old`, as the `view` object of a
/// delta, and the paths of the parts `new` no longer has (`unset`:
/// `effect`, `turn.key`, `seats.1.key`); `None` when only a whole view
/// will do.
fn view_delta<'a>(old: &'a View, new: &'a View, seen: &mut SeatPatches<'a>) -> Option<(Vec<u8>, Vec<String>)> {
    if old.viewer != new.viewer || old.seats.len() != new.seats.len() {
        return None;
    }
    let mut o = Obj::new();
    let mut unset: Vec<String> = Vec::new();
    macro_rules! plain {
        ($($f:ident),*) => {$(
            if old.$f != new.$f {
                o.field(stringify!($f), &new.$f)?;
            }
        )*};
    }
    macro_rules! optional {
        ($($f:ident),*) => {$(
            match (&old.$f, &new.$f) {
                (a, b) if a == b => {}
                (_, Some(v)) => o.field(stringify!($f), v)?,
                (_, None) => unset.push(stringify!($f).to_string()),
            }
        )*};
    }
    macro_rules! merged {
        ($($f:ident),*) => {$(
            if old.$f != new.$f {
                merged(&mut o, stringify!($f), stringify!($f), Some(&old.$f), &new.$f, &mut unset)?;
            }
        )*};
    }
    macro_rules! merged_optional {
        ($($f:ident),*) => {$(
            match (&old.$f, &new.$f) {
                (a, b) if a == b => {}
                (a, Some(v)) => merged(&mut o, stringify!($f), stringify!($f), a.as_ref(), v, &mut unset)?,
                (_, None) => unset.push(stringify!($f).to_string()),
            }
        )*};
    }
    plain!(form, board, actor, phase);
    merged!(turn);
    plain!(scores);
    if old.seats != new.seats {
        let mut seats = Obj::new();
        for (i, (a, b)) in old.seats.iter().zip(&new.seats).enumerate() {
            if a != b {
                let known = seen.iter().position(|(j, x, y, _)| *j == i && *x == a && *y == b);
                let at = known.unwrap_or_else(|| {
                    seen.push((i, a, b, patch(&format!("seats.{i}"), Some(a), b)));
                    seen.len() - 1
                });
                let (part, gone) = seen[at].3.as_ref()?;
                seats.raw(&i.to_string(), part);
                unset.extend(gone.iter().cloned());
            }
        }
        o.raw("seats", &seats.finish());
    }
    merged!(legends, flares);
    merged_optional!(effect);
    optional!(prompt);
    plain!(end);
    merged_optional!(tasks);
    optional!(outcome);
    if old.events != new.events {
        o.field("events", &events_delta(&old.events, &new.events))?;
    }
    Some((o.finish(), unset))
}

/// The deltas from `prev` to `next`, one per class; `now` is the time
/// they are sent with (Unix ms).
pub(crate) fn deltas(prev: &Snapshot, next: &Snapshot, now: i64) -> Deltas {
    let classes = next.views.len();
    let messages = if prev.over != next.over
        || prev.views.len() != next.views.len()
        || prev.entries.len() > next.entries.len()
        || prev.chat.len() > next.chat.len()
    {
        vec![None; classes]
    } else {
        let mut seen = SeatPatches::new();
        (0..classes)
            .map(|c| class_delta(prev, next, c, now, &mut seen).and_then(|b| String::from_utf8(b).ok()).map(Arc::from))
            .collect()
    };
    Deltas { from: prev.rev, messages }
}

fn class_delta<'a>(
    prev: &'a Snapshot,
    next: &'a Snapshot,
    class: usize,
    now: i64,
    seen: &mut SeatPatches<'a>,
) -> Option<Vec<u8>> {
    let seat = (class < next.seats()).then_some(class);
    // a class nobody watched in one of the two states has no delta
    let (old, new) = (&**prev.views[class].get()?, &**next.views[class].get()?);
    let reader = match (next.over, seat) {
        (true, _) => Reader::All,
        (false, Some(s)) => Reader::Seat(s as tash_kalar_rules::Seat),
        (false, None) => Reader::Spectator,
    };
    let mut o = Obj::new();
    o.field("type", "delta")?;
    o.field("from", &prev.rev)?;
    o.field("to", &next.rev)?;
    o.field("version", &next.version)?;
    o.field("now", &now)?;
    let (view, unset) = view_delta(old, new, seen)?;
    if view.len() > 2 {
        o.raw("view", &view);
    }
    if !unset.is_empty() {
        o.field("unset", &unset)?;
    }
    let from = prev.entries.len();
    if next.entries.len() > from {
        o.field("log_from", &from)?;
        let log: Vec<_> = next.entries[from..].iter().map(|e| e.render(reader)).collect();
        o.field("log", &log)?;
    }
    if prev.players.get() != next.players.get() {
        o.raw("players", next.players.get().as_bytes());
    }
    if let Some(s) = seat {
        if prev.can_undo.get(s) != next.can_undo.get(s) {
            o.field("undo", &next.can_undo.get(s).copied().unwrap_or(false))?;
        }
    }
    if prev.clock.get() != next.clock.get() {
        o.raw("clock", next.clock.get().as_bytes());
    }
    if next.chat.len() > prev.chat.len() {
        o.field("chat_from", &prev.chat.len())?;
        o.field("chat", &next.chat[prev.chat.len()..])?;
    }
    let (a, b) = (prev.rematch_for(seat), next.rematch_for(seat));
    if a != b {
        o.field("rematch", &b)?;
    }
    if prev.rematch_of != next.rematch_of {
        o.field("rematch_of", &next.rematch_of)?;
    }
    Some(o.finish())
}

impl Snapshot {
    /// The number of seats (the classes before the spectators').
    pub(crate) fn seats(&self) -> usize {
        self.views.len().saturating_sub(1)
    }

    /// The class of a connection: its seat, or the spectators (after the seats).
    pub(crate) fn class(&self, seat: Option<tash_kalar_rules::Seat>) -> usize {
        seat.map_or(self.seats(), |s| (s as usize).min(self.seats()))
    }

    /// A class's whole view, serialised once. The class has a connection,
    /// so its view was built (by `publish` or the connection's hello);
    /// `null` would be a bug of the game's task.
    pub(crate) fn whole_view(&self, class: usize) -> &RawValue {
        self.whole[class].get_or_init(|| {
            let view = self.views.get(class).and_then(OnceLock::get).map(|v| &**v);
            debug_assert!(view.is_some(), "a whole view of class {class}, which has no view built");
            serde_json::value::to_raw_value(&view)
                .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
        })
    }

    /// The delta to send a connection of `class` that holds state `rev`,
    /// if there is one.
    pub(crate) fn delta(&self, class: usize, rev: Option<u64>) -> Option<&Arc<str>> {
        if rev != Some(self.deltas.from) {
            return None;
        }
        self.deltas.messages.get(class)?.as_ref()
    }

    /// The rematch as a seat (or a spectator) is told of it: the game's
    /// id and the seat's token in it.
    pub(crate) fn rematch_for(&self, seat: Option<usize>) -> Option<Value> {
        self.rematch.as_ref().map(|id| {
            let token = seat.and_then(|s| self.rematch_tokens.get(s).cloned().flatten());
            json!({"id": id, "token": token})
        })
    }
}

/// Merges `patch`'s keys into `held` (an object).
fn merge(held: &mut Value, patch: &Value) -> Result<(), ApplyError> {
    let held = held.as_object_mut().ok_or(ApplyError::Malformed("a part merged into is an object"))?;
    for (k, v) in patch.as_object().ok_or(ApplyError::Malformed("a part merged is an object"))? {
        held.insert(k.clone(), v.clone());
    }
    Ok(())
}

/// A delta that does not follow the state held: the client asks for the
/// whole state (`{"type":"sync"}`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    #[error("a delta from state {from} does not follow state {have:?}: ask for the whole state")]
    Gap { have: Option<u64>, from: u64 },
    #[error("not a state or delta message: {0}")]
    Malformed(&'static str),
}

/// A client's side: applies a `state` or `delta` message to the state
/// held (`Value::Null` before the first). The state held is a `state`
/// message with the whole log and chat (`log_from` and `chat_from` 0), as
/// a fresh hello would give it. On a gap it is unchanged; a malformed
/// delta drops it (`Value::Null`): ask for the whole state then.
pub fn apply(state: &mut Value, msg: &Value) -> Result<(), ApplyError> {
    match msg["type"].as_str() {
        Some("state") => {
            let mut next = msg.clone();
            for (from, list) in [("log_from", "log"), ("chat_from", "chat")] {
                let k = msg[from].as_u64().ok_or(ApplyError::Malformed("a state without log_from or chat_from"))?;
                let mut all: Vec<Value> = state[list].as_array().cloned().unwrap_or_default();
                if k as usize > all.len() {
                    return Err(ApplyError::Gap { have: state["rev"].as_u64(), from: k });
                }
                all.truncate(k as usize);
                all.extend(msg[list].as_array().cloned().unwrap_or_default());
                next[list] = Value::Array(all);
                next[from] = 0.into();
            }
            *state = next;
            Ok(())
        }
        Some("delta") => {
            let from = msg["from"].as_u64().ok_or(ApplyError::Malformed("a delta without from"))?;
            if state["rev"].as_u64() != Some(from) {
                return Err(ApplyError::Gap { have: state["rev"].as_u64(), from });
            }
            // applied in place (a copy of the whole state per delta would
            // cost a client more than the delta saves)
            apply_delta(state, msg).inspect_err(|_| *state = Value::Null)
        }
        _ => Err(ApplyError::Malformed("a message other than state or delta")),
    }
}

fn apply_delta(state: &mut Value, d: &Value) -> Result<(), ApplyError> {
    let bad = ApplyError::Malformed;
    state["rev"] = d["to"].clone();
    state["version"] = d["version"].clone();
    state["now"] = d["now"].clone();
    let view = state["view"].as_object_mut().ok_or(bad("no view held"))?;
    if let Some(parts) = d["view"].as_object() {
        for (k, v) in parts {
            match k.as_str() {
                "seats" => {
                    let seats = view.get_mut("seats").and_then(Value::as_array_mut).ok_or(bad("no seats held"))?;
                    for (i, s) in v.as_object().ok_or(bad("seats not by index"))? {
                        let i: usize = i.parse().map_err(|_| bad("a seat index"))?;
                        merge(seats.get_mut(i).ok_or(bad("no such seat"))?, s)?;
                    }
                }
                k if MERGED.contains(&k) => merge(view.entry(k).or_insert_with(|| json!({})), v)?,
                "choices" | "legal" if v.get("parts").is_some() => {
                    let held = view.get(k.as_str()).and_then(Value::as_array).ok_or(bad("no list held"))?;
                    let mut list = Vec::new();
                    for part in v["parts"].as_array().ok_or(bad("parts is a list"))? {
                        match part
                            .as_array()
                            .map(|r| (r.first().and_then(Value::as_u64), r.get(1).and_then(Value::as_u64)))
                        {
                            Some((Some(a), Some(b))) => list.extend_from_slice(
                                held.get(a as usize..b as usize).ok_or(bad("a range past the list"))?,
                            ),
                            Some(_) => return Err(bad("a range is [start, end]")),
                            None => list.push(part.clone()),
                        }
                    }
                    view.insert(k.clone(), Value::Array(list));
                }
                "events" => {
                    let first = v["first"].as_u64().ok_or(bad("events without first"))?;
                    let keep = v["keep"].as_u64().ok_or(bad("events without keep"))? as usize;
                    let held = view.get("events").and_then(Value::as_array).cloned().unwrap_or_default();
                    let mut events: Vec<Value> =
                        held.into_iter().filter(|e| e["n"].as_u64().is_some_and(|n| n >= first)).take(keep).collect();
                    events.extend(v["add"].as_array().cloned().unwrap_or_default());
                    view.insert("events".into(), Value::Array(events));
                }
                _ => {
                    view.insert(k.clone(), v.clone());
                }
            }
        }
    }
    for path in d["unset"].as_array().into_iter().flatten() {
        let path = path.as_str().ok_or(bad("unset names a key"))?;
        let (parent, key) = match path.rsplit_once('.') {
            Some((parent, key)) => (parent, key),
            None => ("", path),
        };
        let mut at = &mut *view;
        for step in parent.split('.').filter(|s| !s.is_empty()) {
            let next = match step.parse::<usize>() {
                Ok(i) => at.get_mut("seats").and_then(|s| s.get_mut(i)),
                Err(_) if step == "seats" => continue,
                Err(_) => at.get_mut(step),
            };
            at = next.and_then(Value::as_object_mut).ok_or(bad("unset: no such part"))?;
        }
        at.remove(key);
    }
    for (from, list) in [("log_from", "log"), ("chat_from", "chat")] {
        if let Some(k) = d[from].as_u64() {
            let all = state[list].as_array_mut().ok_or(bad("no log or chat held"))?;
            if k as usize > all.len() {
                return Err(bad("log or chat from past its end"));
            }
            all.truncate(k as usize);
            all.extend(d[list].as_array().cloned().unwrap_or_default());
        }
    }
    for k in ["players", "undo", "clock", "rematch", "rematch_of"] {
        match d.get(k) {
            // a state leaves out a rematch there is none of
            Some(Value::Null) if k.starts_with("rematch") => {
                state.as_object_mut().ok_or(bad("a state is an object"))?.remove(k);
            }
            Some(v) => state[k] = v.clone(),
            None => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use tash_kalar_rules::{Form, Game, Match, Mover, School, Seat};

    fn full(v: &View) -> Value {
        serde_json::to_value(v).unwrap()
    }

    /// Applies a view delta as a client does (`apply_delta`).
    fn applied(old: &View, new: &View) -> Value {
        let (bytes, unset) = view_delta(old, new, &mut Vec::new()).expect("a delta between two views of one viewer");
        let d = serde_json::json!({"to": 1, "version": 1, "now": 0, "view": serde_json::from_slice::<Value>(&bytes).unwrap(), "unset": unset});
        let mut state = serde_json::json!({"view": full(old)});
        apply_delta(&mut state, &d).unwrap();
        state["view"].take()
    }

    fn views(g: &Game) -> Vec<View> {
        let mut v: Vec<View> = (0..g.seat_count() as Seat).map(|s| g.view(s)).collect();
        v.push(g.spectator_view());
        v
    }

    /// Random games of every form: each view with its delta applied is
    /// the next view, whole.
    #[test]
    fn a_view_and_its_delta_make_the_next_view() {
        let forms: [(Form, &[School]); 4] = [
            (Form::Duel, &[School::Northern, School::Southern]),
            (Form::HighForm, &[School::Northern, School::Southern]),
            (Form::Melee, &[School::Northern, School::Southern, School::Highland]),
            (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut steps = 0;
        for (form, schools) in forms {
            let mut m = Match::new(form, schools, None).unwrap();
            let mut before = views(m.game());
            for _ in 0..400 {
                if m.game().is_over() {
                    break;
                }
                let legal = m.game().legal_choices();
                let c = legal[rng.gen_range(0..legal.len())];
                let mover = match m.game().actor() {
                    tash_kalar_rules::Actor::Seat(s) => Mover::Seat(s),
                    _ => Mover::Chance,
                };
                m.act(mover, c).unwrap();
                let after = views(m.game());
                for (a, b) in before.iter().zip(&after) {
                    assert_eq!(applied(a, b), full(b), "{form:?} after {c}");
                }
                before = after;
                steps += 1;
            }
        }
        assert!(steps > 400, "games were played ({steps} choices)");
    }

    /// Every key a view serialises to is one this module diffs.
    #[test]
    fn the_deltas_know_every_part_of_a_view() {
        let m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
        for v in views(m.game()).iter().chain([&m.game().referee_view()]) {
            for k in full(v).as_object().unwrap().keys() {
                assert!(VIEW_KEYS.contains(&k.as_str()), "the view's {k:?} is not in the deltas");
            }
        }
    }

    #[test]
    fn the_events_window_slides_and_renumbers() {
        let ev = |n: u32, k: u16| EventView { n, event: tash_kalar_rules::Event::TurnStarted { seat: 0, number: k } };
        let old = vec![ev(3, 1), ev(4, 2), ev(5, 3)];
        // the window moved on by one and grew by one
        let new = vec![ev(4, 2), ev(5, 3), ev(6, 4)];
        let d = events_delta(&old, &new);
        assert_eq!((d.first, d.keep, d.add.len()), (4, 2, 1));
        // a take-back numbers anew from 5
        let new = vec![ev(3, 1), ev(4, 2), ev(5, 9)];
        let d = events_delta(&old, &new);
        assert_eq!((d.first, d.keep, d.add.len()), (3, 2, 1));
        assert_eq!(events_delta(&old, &[]).add.len(), 0);
    }

    #[test]
    fn a_delta_that_does_not_follow_is_a_gap_and_changes_nothing() {
        let mut state = serde_json::json!({"type": "state", "rev": 4, "view": {}, "log": [], "chat": []});
        let before = state.clone();
        let d = serde_json::json!({"type": "delta", "from": 5, "to": 6, "version": 9, "now": 0});
        assert_eq!(apply(&mut state, &d), Err(ApplyError::Gap { have: Some(4), from: 5 }));
        assert_eq!(state, before);
        assert!(matches!(apply(&mut state, &serde_json::json!({"type": "x"})), Err(ApplyError::Malformed(_))));
    }
}
