//! Lean messages: what changed between two published states of a game,
//! for each class of viewer (each seat, and the spectators) in each
//! language a connection of the class reads.
//!
//! A connection gets the whole state once (on hello, after the game left
//! memory and came back, when it asks with `sync`, and when the game ends),
//! then a `delta` message per change: the new log entries and chat lines,
//! the model's parts that changed (seats by index and, like the turn and
//! the question, only their keys that changed; the legal choices as
//! references to the entries of the list held; the events as a window
//! that slides), and the
//! players and clocks when they changed. A seat's delta is made from that
//! seat's own models, so it carries nothing the seat's full state would
//! not (its hand, its legal choices); the spectators' from theirs.
//!
//! The deltas are made once per change, class and language, when the
//! game's task publishes the change, and their bytes are shared by every
//! connection of the class and language. The models' fields are compared
//! as values; only a part that changed is serialised (an object's both
//! sides, to merge it key by key: the old side's fields are kept from the
//! change before, which serialised them as its new side, `ModelFields`),
//! and once per change for every class and language whose models changed
//! alike (`Memo`: the board, the scores, the other seats are the same for
//! all). The format is in
//! `docs/server-protocol.md` ("Deltas"); [`apply`] is the client's side,
//! for Rust clients and the tests.

mod members;

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tash_kalar_present::{stream_line, Lang, LegalEntry, LogItem, Member, MemberAt, Model, Reader, Table};
use tash_kalar_rules::view::SeatView;
use tash_kalar_rules::Game;

use crate::site::{ChatLine, SpectatorLine};
use crate::words::{index, LANGS};
use members::{fields_alike, fields_in, Alike, Fields, FieldsCell, ModelFields};

/// One value per language (`words::index`), set once.
pub type PerLang<T> = [OnceLock<T>; LANGS];

/// The game as published after every change: per class of viewer (each
/// seat, then the spectators; every class sees every hand once the game
/// is over) and language, the model as that reader reads it; and the log,
/// which a whole state renders for its reader (a delta, its new entries).
///
/// A class's model is built only in the languages some connection of the
/// class reads (a bot's seat and absent spectators cost nothing): the
/// game's task builds it when it publishes, or, for a class and language
/// whose first connection comes between two changes, when that
/// connection says hello (models are set once).
///
/// Each change is numbered (`rev`) and carries its deltas from the one
/// before, made once for every class and language watching both.
pub struct Snapshot {
    pub rev: u64,
    pub version: u32,
    pub over: bool,
    /// Per class (seats, then the spectators) and language: the model, if
    /// built.
    pub models: Vec<PerLang<Arc<Model>>>,
    /// Each model serialised, when a connection first needs it whole.
    pub whole: Vec<PerLang<Box<RawValue>>>,
    pub(crate) deltas: Deltas,
    /// Per class and language, the model's merged parts as their fields,
    /// as the deltas to and from this state serialised them
    /// ([`ModelFields`]).
    pub(crate) fields: Vec<PerLang<ModelFields>>,
    pub entries: Arc<Vec<LogItem>>,
    /// The log as each reader reads it in each language, worded as far
    /// as the classes and languages watched.
    pub logs: Logs,
    pub players: Box<RawValue>,
    /// The clocks (`Clocks::wire`), `null` without a time control.
    pub clock: Box<RawValue>,
    pub chat: Arc<Vec<ChatLine>>,
    /// The spectators' chat (`actor/manners.rs`): sent by the connection
    /// to those who read it, apart from the state and its deltas.
    pub spectator_chat: Arc<Vec<SpectatorLine>>,
    /// The rematch made of this game, and each seat's token in it.
    pub rematch: Option<String>,
    pub rematch_tokens: Vec<Option<String>>,
    pub rematch_of: Option<String>,
}

/// The log of a game as one reader reads it in one language: each entry
/// worded once, when it is new, and kept (shared by every snapshot of the
/// game; only ever appended to). The words of an entry may depend on the
/// game as it was (an option's meaning): wording it once keeps a client
/// that follows the deltas and a fresh hello reading the same words.
pub type LogCache = Arc<std::sync::Mutex<Vec<Box<RawValue>>>>;

/// The logs of a game per reader (each seat, the spectators, then everyone
/// once the game is over) and language.
pub type Logs = Arc<Vec<[LogCache; LANGS]>>;

/// Empty logs for a game of `seats` seats.
pub fn new_logs(seats: usize) -> Logs {
    Arc::new((0..seats + 2).map(|_| Default::default()).collect())
}

/// The reader of a class's log (an index of [`Logs`]): its own, or once
/// the game is over everyone's (after the spectators').
fn reader_index(over: bool, class: usize, seats: usize) -> usize {
    if over {
        seats + 1
    } else {
        class
    }
}

/// Words the entries of `game`'s log that the class's log in `lang` has
/// not worded yet.
pub(crate) fn extend_log(logs: &Logs, class: usize, lang: Lang, entries: &[LogItem], game: &Game, table: &Table) {
    let seats = logs.len().saturating_sub(2);
    let r = reader_index(game.is_over(), class, seats);
    let reader = match r {
        r if r < seats => Reader::Seat(r as tash_kalar_rules::Seat),
        r if r == seats => Reader::Spectator,
        _ => Reader::All,
    };
    let Some(cache) = logs.get(r).map(|l| &l[index(lang)]) else { return };
    let have = cache.lock().unwrap_or_else(|e| e.into_inner()).len();
    let Some(new) = entries.get(have..).filter(|n| !n.is_empty()) else { return };
    // an entry no reader is kept from reads alike for every reader: its
    // line is worded once per language and shared by the readers' logs
    // (the readers' caches are filled in turn, by this game's task only)
    let worded = |i: usize| -> Option<Box<RawValue>> {
        logs.iter()
            .enumerate()
            .filter(|&(o, _)| o != r)
            .find_map(|(_, other)| other[index(lang)].lock().unwrap_or_else(|e| e.into_inner()).get(i).cloned())
    };
    let msgs = crate::words::messages(lang);
    let lines: Vec<Box<RawValue>> = new
        .iter()
        .enumerate()
        .map(|(k, e)| {
            e.secret.is_none().then(|| worded(have + k)).flatten().unwrap_or_else(|| {
                serde_json::value::to_raw_value(&stream_line(e, reader, game, table, msgs))
                    .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON"))
            })
        })
        .collect();
    cache.lock().unwrap_or_else(|e| e.into_inner()).extend(lines);
}

/// A table of empty [`PerLang`]s, one per class.
pub fn per_class<T>(classes: usize) -> Vec<PerLang<T>> {
    (0..classes).map(|_| std::array::from_fn(|_| OnceLock::new())).collect()
}

/// The deltas of one change: the state they start from (`from`, the rev
/// of the snapshot before) and, per class (seat 0, 1, … then the
/// spectators) and language, the message ready to send; `None` where the
/// change needs the whole state (the game ended, say) or the class had no
/// model in that language in one of the two states (nobody was reading).
#[derive(Debug, Default)]
pub(crate) struct Deltas {
    pub from: u64,
    pub messages: Vec<[Option<Arc<str>>; LANGS]>,
}

/// The keys of a model this module knows (see `model_delta`); a test
/// checks that a model serialises to no others, so a key added to the
/// model cannot be left out of the deltas unnoticed.
#[cfg(test)]
const MODEL_KEYS: [&str; 25] = [
    "viewer", "form", "board", "actor", "phase", "turn", "scores", "seats", "legends", "flares", "effect", "prompt",
    "end", "tasks", "outcome", "lang", "names", "side", "teams", "can", "question", "legal", "result", "events",
    "left",
];

/// A JSON object written as it goes.
struct Obj {
    buf: Vec<u8>,
    empty: bool,
}

impl Obj {
    fn new() -> Obj {
        Obj::sized(64)
    }

    /// An object whose text is expected to take about `bytes`: a message
    /// grows from there, not from one byte by doubling (each step a copy).
    fn sized(bytes: usize) -> Obj {
        let mut buf = Vec::with_capacity(bytes);
        buf.push(b'{');
        Obj { buf, empty: true }
    }

    fn key(&mut self, k: &str) {
        if !self.empty {
            self.buf.push(b',');
        }
        self.empty = false;
        // (the keys are the model's field names and numbers: nothing to
        // escape, so they are copied between quotes, not run through the
        // escaper; anything else is escaped as JSON wants)
        if k.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.buf.push(b'"');
            self.buf.extend_from_slice(k.as_bytes());
            self.buf.push(b'"');
        } else {
            serde_json::to_writer(&mut self.buf, k).expect("a key is a string");
        }
        self.buf.push(b':');
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

/// A JSON object's members as their keys and the texts of their values,
/// sorted by key.
type Members<'a> = Vec<(&'a str, &'a str)>;

/// The members of the object `json` (`None`: no object, or a key with an
/// escape, which the texts compared here never hold), found by
/// [`top_level_items`] rather than parsed: a clock is split at every
/// change. The keys sorted (stably), as a map would have them; serde_json
/// writes no key twice.
fn members(json: &RawValue) -> Option<Members<'_>> {
    let inner = json.get().trim_ascii().strip_prefix('{')?.strip_suffix('}')?;
    let mut out = Vec::with_capacity(8);
    for item in top_level_items(inner)? {
        let (key, rest) = item.strip_prefix('"')?.split_once('"')?;
        if key.contains('\\') {
            return None;
        }
        let value = rest.trim_ascii_start().strip_prefix(':')?.trim_ascii();
        if value.is_empty() {
            return None;
        }
        out.push((key, value));
    }
    out.sort_by_key(|&(k, _)| k);
    Some(out)
}

/// How the events went from `old` to `new` (each numbered by `n`): the
/// client drops its events numbered below `first`, keeps the next `keep`,
/// and appends the rest of `new` (`{"first","keep","add"}`). Events are
/// compared as values: only the new ones are serialised.
fn events_delta<T: PartialEq + Serialize>(old: &[T], new: &[T], n: impl Fn(&T) -> u64) -> Option<Vec<u8>> {
    let first = new.first().map_or(0, &n);
    let kept = old.iter().filter(|e| n(e) >= first);
    let keep = kept.zip(new).take_while(|(a, b)| a == b).count();
    let mut o = Obj::new();
    o.field("first", &first)?;
    o.field("keep", &keep)?;
    o.field("add", &new[keep..])?;
    Some(o.finish())
}

/// The model's parts that are objects, merged key by key: a delta carries
/// only their keys that changed (`seats` too, seat by seat).
const MERGED: [&str; 7] = ["turn", "legends", "flares", "effect", "tasks", "question", "can"];

/// `new` as an object merged into `old`: its changed keys, and the paths
/// (`path.key`) of the keys gone. A list (a seat's `unseen`, `discard`)
/// that changed in one stretch is sent as that change ([`splice`]).
fn patch(path: &str, old: &RawValue, new: &RawValue) -> Option<Part> {
    let (a, b) = (members(old)?, members(new)?);
    let a: BTreeMap<&str, &str> = a.into_iter().collect();
    let mut part = Obj::new();
    let mut seen = 0;
    for (k, v) in &b {
        match a.get(k) {
            Some(x) if x == v => seen += 1,
            Some(x) => {
                seen += 1;
                match splice(x, v) {
                    Some(change) => part.raw(k, &change),
                    None => part.raw(k, v.as_bytes()),
                }
            }
            None => part.raw(k, v.as_bytes()),
        }
    }
    let gone = if seen == a.len() {
        Vec::new()
    } else {
        let b: BTreeMap<&str, &str> = b.into_iter().collect();
        a.keys().filter(|k| !b.contains_key(*k)).map(|k| format!("{path}.{k}")).collect()
    };
    Some(Part { json: Some(part.finish()), unset: gone, fields: None })
}

/// [`patch`] of two structs' fields.
fn patch_fields(path: &str, old: &Fields, new: &Fields) -> Part {
    let mut part = Obj::new();
    let mut seen = 0;
    for (at, (k, v)) in new.iter().enumerate() {
        match old.get_near(at, k) {
            Some(x) if x == v => seen += 1,
            Some(x) => {
                seen += 1;
                let text = |b| std::str::from_utf8(b).ok();
                match text(x).zip(text(v)).and_then(|(x, v)| splice(x, v)) {
                    Some(change) => part.raw(k, &change),
                    None => part.raw(k, v),
                }
            }
            None => part.raw(k, v),
        }
    }
    let gone = if seen == old.len() {
        Vec::new()
    } else {
        old.iter().filter(|(k, _)| new.get(k).is_none()).map(|(k, _)| format!("{path}.{k}")).collect()
    };
    Part { json: Some(part.finish()), unset: gone, fields: None }
}

/// The list `new` as one change to the list `old`:
/// `{"at":i,"del":n,"add":[…]}`: remove `n` items from index `i`, then
/// insert `add` there (`del` left out when 0, `add` when empty). A card
/// drawn takes one out of a seat's `unseen`, a discard adds one to the end
/// of its `discard`: a few bytes instead of the whole list. `None` when
/// either is no list or the change is no shorter than `new` whole.
fn splice(old: &str, new: &str) -> Option<Vec<u8>> {
    if !(old.starts_with('[') && new.starts_with('[')) {
        return None;
    }
    let (a, b) = (list_items(old)?, list_items(new)?);
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (del, add) = (a.len() - head - tail, &b[head..b.len() - tail]);
    let mut o = Obj::new();
    o.field("at", &head)?;
    if del > 0 {
        o.field("del", &del)?;
    }
    if !add.is_empty() {
        o.key("add");
        o.buf.push(b'[');
        for (i, item) in add.iter().enumerate() {
            if i > 0 {
                o.buf.push(b',');
            }
            o.buf.extend_from_slice(item.as_bytes());
        }
        o.buf.push(b']');
    }
    let change = o.finish();
    (change.len() < new.len()).then_some(change)
}

/// The items of the JSON list `text` as their texts (each trimmed, as
/// serde_json's `RawValue` has them); `None` when `text` is no list or is
/// cut short. Both sides of a changed list (a seat's `unseen` of card ids)
/// are split at every change.
fn list_items(text: &str) -> Option<Vec<&str>> {
    top_level_items(text.trim_ascii().strip_prefix('[')?.strip_suffix(']')?)
}

/// The inside of a JSON list or object split at its commas outside
/// strings and nested values, each item trimmed, found by scanning the
/// text rather than parsing every item (the items themselves are not
/// checked: the texts are serde_json's own). `None` when a string or a
/// nested value is left open, or an item is empty.
fn top_level_items(inner: &str) -> Option<Vec<&str>> {
    let bytes = inner.as_bytes();
    let mut items = Vec::with_capacity(16);
    let (mut depth, mut start, mut i) = (0usize, 0, 0);
    while i < bytes.len() {
        match bytes[i] {
            // a string: straight on to its closing quote, past any escaped
            // character (a card id's dozen bytes, one compare each)
            b'"' => {
                i += 1;
                loop {
                    match *bytes.get(i)? {
                        b'"' => break,
                        b'\\' => i += 2,
                        _ => i += 1,
                    }
                }
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth = depth.checked_sub(1)?,
            b',' if depth == 0 => {
                items.push(Some(inner[start..i].trim_ascii()).filter(|t| !t.is_empty())?);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if depth != 0 {
        return None;
    }
    let last = inner[start..].trim_ascii();
    match (last.is_empty(), items.is_empty()) {
        // `[]`, `{}`
        (true, true) => {}
        // `[1,]` and the like are no JSON
        (true, false) => return None,
        (false, _) => items.push(last),
    }
    Some(items)
}

/// Applies a list's change made by [`splice`] to the list held.
fn apply_splice(held: &mut Vec<Value>, change: &Value) -> Result<(), ApplyError> {
    let bad = ApplyError::Malformed;
    let at = change["at"].as_u64().ok_or(bad("a list's change without at"))? as usize;
    let del = change.get("del").map_or(Some(0), Value::as_u64).ok_or(bad("a list's change: del"))? as usize;
    let add = match change.get("add") {
        None => Vec::new(),
        Some(v) => v.as_array().cloned().ok_or(bad("a list's change: add"))?,
    };
    if at.checked_add(del).is_none_or(|end| end > held.len()) {
        return Err(bad("a list's change past the list's end"));
    }
    held.splice(at..at + del, add);
    Ok(())
}

/// One part of a model's delta: the value written under its key (none:
/// the key is only unset) and the paths it unsets.
#[derive(Debug, Default)]
struct Part {
    json: Option<Vec<u8>>,
    unset: Vec<String>,
    /// A merged part: the new side's fields, kept for the next change.
    fields: Option<Arc<Fields>>,
}

/// Where the old and the new side of a merged part keep their fields
/// (none: serialised here and not kept).
type Cells<'c> = (Option<&'c FieldsCell>, Option<&'c FieldsCell>);

impl Part {
    /// The part written whole.
    fn whole<T: Serialize + ?Sized>(v: &T) -> Option<Part> {
        Some(Part { json: Some(serde_json::to_vec(v).ok()?), ..Part::default() })
    }

    /// An object's part: merged into the object held, key by key. A
    /// struct's fields are compared as their JSON texts, each serialised
    /// once; anything else goes by its whole text.
    /// The old side's fields are taken from `cells.0` when the delta
    /// before serialised them; the new side's are kept in `cells.1`.
    fn merged<T: Serialize>(path: &str, old: &T, new: &T, cells: Cells) -> Option<Part> {
        match (fields_in(old, cells.0), fields_in(new, cells.1)) {
            (Some(a), Some(b)) => Some(Part { fields: Some(b.clone()), ..patch_fields(path, &a, &b) }),
            _ => patch(path, &to_raw(old)?, &to_raw(new)?),
        }
    }

    /// [`Part::merged`] of a part whose longest fields compare as values
    /// ([`Alike`]: a seat's or a shared pile's lists of card ids): the new
    /// side's fields equal to the old side's are copied from the old
    /// side's text, not serialised again.
    fn merged_alike<T: Serialize + Alike>(path: &str, old: &T, new: &T, cells: Cells) -> Option<Part> {
        match fields_in(old, cells.0) {
            Some(a) => {
                let b = fields_alike((old, &a), new, cells.1)?;
                Some(Part { fields: Some(b.clone()), ..patch_fields(path, &a, &b) })
            }
            None => Part::merged(path, old, new, cells),
        }
    }

    /// A part the model leaves out when it is none (`Option`): unset,
    /// written whole, or merged when `merge` and both are there.
    fn optional<T: Serialize>(path: &str, old: &Option<T>, new: &Option<T>, merge: bool, cells: Cells) -> Option<Part> {
        match (old, new) {
            (_, None) => Some(Part { json: None, unset: vec![path.to_string()], fields: None }),
            (Some(a), Some(b)) if merge => Part::merged(path, a, b, cells),
            (_, Some(b)) => Part::whole(b),
        }
    }
}

fn to_raw<T: Serialize>(v: &T) -> Option<Box<RawValue>> {
    serde_json::value::to_raw_value(v).ok()
}

/// The clock `new` as it follows `old`: its keys that changed (the time
/// control, always there, stays), or the whole clock (with its `control`)
/// when it came, went, changed its keys or its time control.
fn clock_delta(old: &RawValue, new: &RawValue) -> Vec<u8> {
    let whole = || new.get().as_bytes().to_vec();
    // (`null`, no clock, has no members)
    let (Some(a), Some(b)) = (members(old), members(new)) else { return whole() };
    fn control<'a>(m: &Members<'a>) -> Option<&'a str> {
        m.iter().find(|(k, _)| *k == "control").map(|(_, v)| *v)
    }
    let same_keys = a.iter().map(|(k, _)| k).eq(b.iter().map(|(k, _)| k));
    if !same_keys || control(&b).is_none() || control(&a) != control(&b) {
        return whole();
    }
    let mut changed = Obj::new();
    for ((_, x), (k, y)) in a.iter().zip(&b) {
        if x != y {
            changed.raw(k, y.as_bytes());
        }
    }
    changed.finish()
}

/// The legal list `new` as it follows `old`, the list held:
/// `{"ref":[...]}`, each entry of `new` as the index of the same entry in
/// `old` (most of a list stays from one choice of a turn to the next), or
/// whole; the list whole when no entry stays.
fn legal_refs(old: &[LegalEntry], new: &[LegalEntry]) -> Option<Part> {
    let mut buf = b"{\"ref\":[".to_vec();
    let mut kept = false;
    // where the entry after the last one found would be in `old`
    let mut next = 0;
    for (j, e) in new.iter().enumerate() {
        if j > 0 {
            buf.push(b',');
        }
        // (an entry that stays mostly follows the one before it, or is where it was)
        let found = [next, j].into_iter().find(|&i| old.get(i) == Some(e)).or_else(|| old.iter().position(|x| x == e));
        match found {
            Some(i) => {
                kept = true;
                next = i + 1;
                buf.extend_from_slice(i.to_string().as_bytes());
            }
            None => serde_json::to_writer(&mut buf, e).ok()?,
        }
    }
    if !kept {
        return Part::whole(new);
    }
    buf.extend_from_slice(b"]}");
    Some(Part { json: Some(buf), ..Part::default() })
}

/// The number of parts of a model a delta writes (every field but the
/// viewer and the language, which a delta never changes).
const PARTS: usize = 23;

/// Each part a model delta wrote, by its number (`None`: unchanged).
type Written = [Option<Arc<Part>>; PARTS];

/// The parts of the deltas of one change made so far, shared by the
/// classes and languages whose models changed alike: most of a model is
/// the same for every class (the board, the scores, the turn, the other
/// seats), and what does not depend on the words for every language, so
/// each part is made once per change and its bytes reused. A part is
/// reused when the two models' fields compare equal as values (cheap
/// beside serialising them).
#[derive(Default)]
struct Memo<'a> {
    /// Per model delta made: its two models and each part it wrote.
    models: Vec<(&'a Model, &'a Model, Written)>,
    /// Each seat's patch made, by index, with its two views.
    seats: Vec<(usize, &'a SeatView, &'a SeatView, Arc<Part>)>,
}

/// The parts of `new` that differ from `old` (two models of one class in
/// one language), as the `view` object of a delta, and the paths of the
/// parts `new` no longer has (`unset`: `effect`, `turn.key`,
/// `seats.1.key`); `None` when only a whole state will do. Fields are
/// compared as values first; only those that changed are serialised, once
/// per change for every class and language alike ([`Memo`]). `kept`: the
/// two models' parts as their fields ([`ModelFields`]), where the merged
/// parts' fields are found and kept.
fn model_delta<'a>(
    old: &'a Model,
    new: &'a Model,
    memo: &mut Memo<'a>,
    kept: Option<(&ModelFields, &ModelFields)>,
) -> Option<(Vec<u8>, Vec<String>)> {
    // every field, named: a field added to the model fails to compile here
    let Model {
        viewer,
        form: _,
        board: _,
        actor: _,
        phase: _,
        turn: _,
        scores: _,
        seats,
        legends: _,
        flares: _,
        effect: _,
        prompt: _,
        end: _,
        tasks: _,
        outcome: _,
        lang,
        names: _,
        side: _,
        teams: _,
        can: _,
        question: _,
        legal: _,
        result: _,
        events: _,
        left: _,
    } = new;
    if *viewer != old.viewer || *lang != old.lang || seats.len() != old.seats.len() {
        return None;
    }
    let cells = |i: usize| -> Cells { (kept.map(|k| &k.0.parts[i]), kept.map(|k| &k.1.parts[i])) };
    let seat_cells = |i: usize| -> Cells { (kept.and_then(|k| k.0.seats.get(i)), kept.and_then(|k| k.1.seats.get(i))) };
    // a part made for another class: its new side's fields are this model's too
    let keep = |cell: Option<&FieldsCell>, p: &Part| {
        if let (Some(cell), Some(f)) = (cell, &p.fields) {
            let _ = cell.set(Some(f.clone()));
        }
    };
    // a part the change did not touch: its fields are carried over as they were
    let carry = |(old, new): Cells| {
        if let (Some(Some(f)), Some(new)) = (old.and_then(|c| c.get()), new) {
            let _ = new.set(Some(f.clone()));
        }
    };
    let mut o = Obj::sized(1024);
    let mut unset: Vec<String> = Vec::new();
    let mut written: Written = Default::default();
    let mut part = |i: usize, k: &str, same: &dyn Fn(&Model, &Model) -> bool, make: &dyn Fn() -> Option<Part>| {
        if same(old, new) {
            carry(cells(i));
            return Some(());
        }
        let known = memo.models.iter().find(|(a, b, w)| w[i].is_some() && same(a, old) && same(b, new));
        let p = match known {
            Some((_, _, w)) => w[i].clone()?,
            None => Arc::new(make()?),
        };
        keep(cells(i).1, &p);
        if let Some(json) = &p.json {
            o.raw(k, json);
        }
        unset.extend(p.unset.iter().cloned());
        written[i] = Some(p);
        Some(())
    };
    macro_rules! whole {
        ($i:expr, $f:ident) => {
            part($i, stringify!($f), &|a, b| a.$f == b.$f, &|| Part::whole(&new.$f))?
        };
    }
    macro_rules! merged {
        ($i:expr, $f:ident) => {
            part($i, stringify!($f), &|a, b| a.$f == b.$f, &|| {
                Part::merged(stringify!($f), &old.$f, &new.$f, cells($i))
            })?
        };
    }
    // (the model leaves these out when they are none)
    macro_rules! optional {
        ($i:expr, $f:ident, $merge:expr) => {
            part($i, stringify!($f), &|a, b| a.$f == b.$f, &|| {
                Part::optional(stringify!($f), &old.$f, &new.$f, $merge, cells($i))
            })?
        };
    }
    whole!(0, form);
    whole!(1, board);
    whole!(2, actor);
    whole!(3, phase);
    merged!(4, turn);
    whole!(5, scores);
    // (a shared pile's lists of card ids mostly stay: compared as values)
    part(6, "legends", &|a, b| a.legends == b.legends, &|| {
        Part::merged_alike("legends", &old.legends, &new.legends, cells(6))
    })?;
    part(7, "flares", &|a, b| a.flares == b.flares, &|| {
        Part::merged_alike("flares", &old.flares, &new.flares, cells(7))
    })?;
    optional!(8, effect, true);
    optional!(9, prompt, false);
    whole!(10, end);
    optional!(11, tasks, true);
    optional!(12, outcome, false);
    whole!(13, names);
    whole!(14, side);
    whole!(15, teams);
    merged!(16, can);
    // (a question is there or not: merged when it stays)
    part(17, "question", &|a, b| a.question == b.question, &|| match (&old.question, &new.question) {
        (Some(a), Some(b)) => Part::merged("question", a, b, cells(17)),
        (_, b) => Part::whole(b),
    })?;
    whole!(18, result);
    // (none is left out of the model, `[]` here: the same to a client)
    whole!(21, left);
    // the legal choices as references to the entries of the list held
    // where there is one (a seat holds none between its questions)
    part(19, "legal", &|a, b| a.legal == b.legal, &|| match (&old.legal, &new.legal) {
        (Some(a), Some(b)) => legal_refs(a, b),
        (_, b) => Part::whole(b),
    })?;
    // the events as a window, compared item by item: only new events are serialised
    part(20, "events", &|a, b| a.events == b.events, &|| {
        Some(Part { json: Some(events_delta(&old.events, &new.events, |e| e.n.into())?), ..Part::default() })
    })?;
    // the seats by index, each merged key by key: every class but its own
    // sees a seat alike, so each seat's patch is made once
    if old.seats == new.seats {
        (0..seats.len()).for_each(|i| carry(seat_cells(i)));
    } else {
        let mut by_seat = Obj::new();
        for (i, (a, b)) in old.seats.iter().zip(seats).enumerate() {
            if a == b {
                carry(seat_cells(i));
                continue;
            }
            let known = memo.seats.iter().find(|(j, x, y, _)| *j == i && *x == a && *y == b);
            let p = match known {
                Some((.., p)) => p.clone(),
                None => {
                    let p = Arc::new(Part::merged_alike(&format!("seats.{i}"), a, b, seat_cells(i))?);
                    memo.seats.push((i, a, b, p.clone()));
                    p
                }
            };
            keep(seat_cells(i).1, &p);
            by_seat.raw(&i.to_string(), p.json.as_deref().unwrap_or(b"{}"));
            unset.extend(p.unset.iter().cloned());
        }
        o.raw("seats", &by_seat.finish());
    }
    memo.models.push((old, new, written));
    Some((o.finish(), unset))
}

/// The deltas from `prev` to `next`, one per class and language; `now` is
/// the time they are sent with (Unix ms).
pub(crate) fn deltas(prev: &Snapshot, next: &Snapshot, now: i64) -> Deltas {
    let classes = next.models.len();
    let messages = if prev.over != next.over
        || prev.models.len() != next.models.len()
        || prev.entries.len() > next.entries.len()
        || prev.chat.len() > next.chat.len()
    {
        vec![Default::default(); classes]
    } else {
        let mut memo = Memo::default();
        (0..classes)
            .map(|c| {
                std::array::from_fn(|l| {
                    class_delta(prev, next, c, l, now, &mut memo).and_then(|b| String::from_utf8(b).ok()).map(Arc::from)
                })
            })
            .collect()
    };
    Deltas { from: prev.rev, messages }
}

fn class_delta<'a>(
    prev: &'a Snapshot,
    next: &'a Snapshot,
    class: usize,
    lang: usize,
    now: i64,
    memo: &mut Memo<'a>,
) -> Option<Vec<u8>> {
    let seat = (class < next.seats()).then_some(class);
    // a class and language nobody read in one of the two states has no delta
    let (old, new) = (prev.models[class][lang].get()?, next.models[class][lang].get()?);
    let mut o = Obj::sized(2048);
    o.field("type", "delta")?;
    o.field("from", &prev.rev)?;
    o.field("to", &next.rev)?;
    o.field("version", &next.version)?;
    o.field("now", &now)?;
    let kept = |s: &'a Snapshot| s.fields.get(class).map(|f| f[lang].get_or_init(|| ModelFields::new(old.seats.len())));
    let (view, unset) = model_delta(old, new, memo, kept(prev).zip(kept(next)))?;
    if view.len() > 2 {
        o.raw("view", &view);
    }
    if !unset.is_empty() {
        o.field("unset", &unset)?;
    }
    let from = prev.entries.len();
    if next.entries.len() > from {
        o.field("log_from", &from)?;
        o.field("log", &next.log(class, Lang::ALL[lang], from))?;
    }
    if prev.players.get() != next.players.get() {
        o.raw("players", next.players.get().as_bytes());
    }
    if prev.clock.get() != next.clock.get() {
        o.raw("clock", &clock_delta(&prev.clock, &next.clock));
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
        self.models.len().saturating_sub(1)
    }

    /// The class of a connection: its seat, or the spectators (after the seats).
    pub(crate) fn class(&self, seat: Option<tash_kalar_rules::Seat>) -> usize {
        seat.map_or(self.seats(), |s| (s as usize).min(self.seats()))
    }

    /// A class's whole model in a language. The class has a connection
    /// reading it, so it was built (by `publish` or the connection's
    /// hello); `null` would be a bug of the game's task.
    pub(crate) fn whole_model(&self, class: usize, lang: Lang) -> &RawValue {
        let whole = &self.whole[class.min(self.whole.len() - 1)][index(lang)];
        whole.get_or_init(|| {
            let model = self.models.get(class).and_then(|m| m[index(lang)].get());
            debug_assert!(model.is_some(), "a whole model of class {class} in {lang}, which was not built");
            to_raw(&model.map(|m| &**m)).unwrap_or_else(|| RawValue::from_string("null".into()).expect("null is JSON"))
        })
    }

    /// The log's entries `from..` of this state as a class reads it in a
    /// language (worded by the game's task as the class has a connection
    /// reading it).
    pub(crate) fn log(&self, class: usize, lang: Lang, from: usize) -> Vec<Box<RawValue>> {
        let r = reader_index(self.over, class, self.seats());
        let Some(cache) = self.logs.get(r).map(|l| &l[index(lang)]) else { return Vec::new() };
        let lines = cache.lock().unwrap_or_else(|e| e.into_inner());
        lines.get(from..self.entries.len()).map(<[_]>::to_vec).unwrap_or_default()
    }

    /// The delta to send a connection of `class` reading `lang` that holds
    /// state `rev`, if there is one.
    pub(crate) fn delta(&self, class: usize, lang: Lang, rev: Option<u64>) -> Option<&Arc<str>> {
        if rev != Some(self.deltas.from) {
            return None;
        }
        self.deltas.messages.get(class)?[index(lang)].as_ref()
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

/// The notation of each legal choice in a view held (`view.legal`, its
/// groups opened: `docs/server-protocol.md`, "What the view holds"), in
/// the list's order; `None` when the view lists none.
pub fn legal_texts(view: &Value) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for entry in view["legal"].as_array()? {
        let Some(each) = entry["each"].as_array() else {
            out.extend(entry["text"].as_str().map(String::from));
            continue;
        };
        let text = entry["text"].as_str().unwrap_or_default();
        for m in each {
            // a square, then `<` and the square of a piece taken up, then
            // `:` and a piece destroyed (`d7<a3:r+`)
            let Some(m) = m.as_str().and_then(Member::parse) else { continue };
            let mut one = text.replace('@', &m.at().to_string());
            if let Member::With(MemberAt { pickup: Some(p), .. }) = m {
                one.push_str(" from ");
                one.push_str(&p.to_string());
            }
            out.push(one);
        }
    }
    Some(out)
}

/// Merges `patch`'s keys into `held` (an object): a key's value replaces
/// the one held, but an object given for a list held is that list's
/// change ([`splice`]).
fn merge(held: &mut Value, patch: &Value) -> Result<(), ApplyError> {
    let held = held.as_object_mut().ok_or(ApplyError::Malformed("a part merged into is an object"))?;
    for (k, v) in patch.as_object().ok_or(ApplyError::Malformed("a part merged is an object"))? {
        match held.get_mut(k) {
            Some(Value::Array(list)) if v.is_object() => apply_splice(list, v)?,
            _ => {
                held.insert(k.clone(), v.clone());
            }
        }
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
/// message with the whole log (`log_from` 0) and the chat from its
/// `chat_from` on (a hello sends the recent lines only), as a fresh hello
/// would give it. On a gap it is unchanged; a malformed delta drops it
/// (`Value::Null`): ask for the whole state then.
pub fn apply(state: &mut Value, msg: &Value) -> Result<(), ApplyError> {
    match msg["type"].as_str() {
        Some("state") => {
            let mut next = msg.clone();
            for (from, list) in [("log_from", "log"), ("chat_from", "chat")] {
                let k = msg[from].as_u64().ok_or(ApplyError::Malformed("a state without log_from or chat_from"))?;
                let mut all: Vec<Value> = state[list].as_array().cloned().unwrap_or_default();
                let held_from = state[from].as_u64().unwrap_or(0);
                let sent = msg[list].as_array().cloned().unwrap_or_default();
                if (held_from..=held_from + all.len() as u64).contains(&k) {
                    all.truncate((k - held_from) as usize);
                    all.extend(sent);
                    next[from] = held_from.into();
                } else if list == "chat" {
                    // older lines not sent: the chat is held from there
                    all = sent;
                } else {
                    return Err(ApplyError::Gap { have: state["rev"].as_u64(), from: k });
                }
                next[list] = Value::Array(all);
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
                // merged into the object held; a value that is no object (null) replaces it
                k if MERGED.contains(&k) && v.is_object() => {
                    let held = view.entry(k).or_insert_with(|| json!({}));
                    if !held.is_object() {
                        *held = json!({});
                    }
                    merge(held, v)?
                }
                // entries of the list held by index, or new
                "legal" if v.is_object() => {
                    let held =
                        view.get("legal").and_then(Value::as_array).ok_or(bad("legal by reference, none held"))?;
                    let refs = v["ref"].as_array().ok_or(bad("legal by reference without ref"))?;
                    let list = refs
                        .iter()
                        .map(|e| match e.as_u64() {
                            Some(i) => held.get(i as usize).cloned().ok_or(bad("legal: no such entry held")),
                            None => Ok(e.clone()),
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    view.insert("legal".into(), Value::Array(list));
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
            let held_from = state[from].as_u64().unwrap_or(0);
            let all = state[list].as_array_mut().ok_or(bad("no log or chat held"))?;
            if k < held_from || k - held_from > all.len() as u64 {
                return Err(bad("log or chat from past its end"));
            }
            all.truncate((k - held_from) as usize);
            all.extend(d[list].as_array().cloned().unwrap_or_default());
        }
    }
    // a clock without its `control` is merged into the one held
    if let Some(changed) = d.get("clock").filter(|c| c.is_object() && c.get("control").is_none()) {
        merge(state.get_mut("clock").filter(|c| c.is_object()).ok_or(bad("a clock's change, none held"))?, changed)?;
    }
    for k in ["players", "clock", "rematch", "rematch_of"] {
        match d.get(k) {
            Some(c) if k == "clock" && c.is_object() && c.get("control").is_none() => {}
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
    use tash_kalar_rules::view::Viewer;
    use tash_kalar_rules::{Choice, Form, Match, Mover, School};

    /// An object's keys are written as JSON writes them, copied or escaped.
    #[test]
    fn an_objects_keys_are_json_strings() {
        let keys = ["turn", "seats.1", "", "a\"b", "back\\slash", "tab\there", "né"];
        let mut o = Obj::new();
        for (i, k) in keys.iter().enumerate() {
            o.field(k, &i).unwrap();
        }
        let text = String::from_utf8(o.finish()).unwrap();
        let parsed: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed.len(), keys.len(), "{text}");
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(parsed[*k], json!(i), "{text}");
        }
        assert!(text.starts_with(r#"{"turn":0,"seats.1":1,"":2,"a\"b":3,"back\\slash":4,"tab\t"#), "{text}");
    }

    /// Every class's model of a game in every language.
    fn models(g: &Game) -> Vec<Vec<Model>> {
        let table = Table::default();
        let viewer = |c: usize| match c {
            c if c < g.seat_count() => Viewer::Seat { seat: c as tash_kalar_rules::Seat },
            _ => Viewer::Spectator,
        };
        (0..=g.seat_count())
            .map(|c| {
                Lang::ALL
                    .iter()
                    .map(|&l| tash_kalar_present::model(g, viewer(c), &table, crate::words::messages(l)))
                    .collect()
            })
            .collect()
    }

    /// Applies a model delta as a client does (`apply_delta`), with the
    /// parts made for the other classes and languages of the change.
    fn applied<'a>(old: &'a Model, new: &'a Model, memo: &mut Memo<'a>) -> Value {
        let (bytes, unset) = model_delta(old, new, memo, None).expect("a delta between two models of one viewer");
        let d = json!({"to": 1, "version": 1, "now": 0, "view": serde_json::from_slice::<Value>(&bytes).unwrap(), "unset": unset});
        let mut state = json!({"view": serde_json::to_value(old).unwrap()});
        apply_delta(&mut state, &d).unwrap();
        state["view"].take()
    }

    /// Random games of every form: each model with its delta applied is
    /// the next model, whole, for every class in every language.
    #[test]
    fn a_model_and_its_delta_make_the_next_model() {
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
            let mut before = models(m.game());
            for _ in 0..100 {
                if m.game().is_over() {
                    break;
                }
                let legal = m.game().legal_choices();
                let c = legal[rng.gen_range(0..legal.len())];
                let mover = Mover::of(m.game().actor()).expect("a game with legal choices has a mover");
                m.act(mover, c).unwrap();
                if m.game().is_over() {
                    // (every class sees all then: a whole state is sent)
                    break;
                }
                let after = models(m.game());
                // (one memo for every class and language, as `deltas` shares it)
                let mut memo = Memo::default();
                for (a, b) in before.iter().flatten().zip(after.iter().flatten()) {
                    let want = serde_json::to_value(b).unwrap();
                    assert_eq!(applied(a, b, &mut memo), want, "{form:?} after {c}");
                }
                before = after;
                steps += 1;
            }
        }
        assert!(steps > 150, "games were played ({steps} choices)");
    }

    /// The forms, each with its schools.
    const FORMS: [(Form, &[School]); 4] = [
        (Form::Duel, &[School::Northern, School::Southern]),
        (Form::HighForm, &[School::Northern, School::Southern]),
        (Form::Melee, &[School::Northern, School::Southern, School::Highland]),
        (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
    ];

    /// One random choice of whoever is to choose.
    fn step(m: &mut Match, rng: &mut impl Rng) -> Choice {
        let legal = m.game().legal_choices();
        let c = legal[rng.gen_range(0..legal.len())];
        let mover = Mover::of(m.game().actor()).expect("a game with legal choices has a mover");
        m.act(mover, c).unwrap();
        c
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, ..Default::default() })]
        /// At random positions of every form (a random game's first
        /// choices), for the next few choices: every class's model in
        /// every language, its delta applied, is the next model (the
        /// parts shared by the classes and languages of a change, and the
        /// legal list by reference, included).
        #[test]
        fn deltas_make_the_next_model_at_random_positions(seed: u64, form in 0..FORMS.len(), at in 0..150usize) {
            let (form, schools) = FORMS[form];
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut m = Match::new(form, schools, None).unwrap();
            for _ in 0..at {
                if m.game().is_over() {
                    break;
                }
                step(&mut m, &mut rng);
            }
            let mut before = models(m.game());
            for _ in 0..4 {
                if m.game().is_over() {
                    break;
                }
                let c = step(&mut m, &mut rng);
                if m.game().is_over() {
                    break;
                }
                let after = models(m.game());
                let mut memo = Memo::default();
                for (a, b) in before.iter().flatten().zip(after.iter().flatten()) {
                    proptest::prop_assert_eq!(applied(a, b, &mut memo), serde_json::to_value(b).unwrap(), "{:?} after {}", form, c);
                }
                before = after;
            }
        }
    }

    /// Within a turn the seat to choose gets its legal list by reference
    /// to the list it holds, and applied it is the new list.
    #[test]
    fn the_legal_list_follows_by_reference() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut by_ref, mut saved) = (0, 0);
        for (form, schools) in FORMS {
            let mut m = Match::new(form, schools, None).unwrap();
            let mut before = models(m.game());
            while !m.game().is_over() {
                step(&mut m, &mut rng);
                let after = models(m.game());
                for (a, b) in before.iter().flatten().zip(after.iter().flatten()) {
                    let (Some(x), Some(y)) = (&a.legal, &b.legal) else { continue };
                    let Some(part) = legal_refs(x, y) else { continue };
                    let json: Value = serde_json::from_slice(part.json.as_deref().unwrap()).unwrap();
                    if json.get("ref").is_some() {
                        by_ref += 1;
                        saved += serde_json::to_vec(y).unwrap().len() as i64 - part.json.unwrap().len() as i64;
                    }
                    let mut state = json!({"view": {"legal": x}});
                    let d = json!({"view": {"legal": json}});
                    apply_delta(&mut state, &d).unwrap();
                    assert_eq!(state["view"]["legal"], serde_json::to_value(y).unwrap());
                }
                before = after;
            }
        }
        assert!(by_ref > 20 && saved > 0, "lists by reference: {by_ref}, {saved} bytes saved");
    }

    /// The log worded for each reader in turn, sharing the lines every
    /// reader reads alike, is for every reader and language what
    /// `stream_line` words for that reader alone: the draws into a hand
    /// stay hidden from the others, at any seed.
    #[test]
    fn shared_log_lines_are_each_readers_own() {
        let table = Table::default();
        let seed: u64 = rand::random();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for (form, schools) in FORMS {
            let mut m = Match::new(form, schools, None).unwrap();
            let seats = m.game().seat_count();
            let logs = new_logs(seats);
            let mut entries: Vec<LogItem> = Vec::new();
            let (mut hidden, mut public) = (0, 0);
            for step_no in 0..120 {
                if m.game().is_over() {
                    break;
                }
                let before = m.game().clone();
                let seat = match before.actor() {
                    tash_kalar_rules::Actor::Seat(s) => Some(s),
                    _ => None,
                };
                let c = step(&mut m, &mut rng);
                entries.push(LogItem::choice(&before, step_no, seat, c));
                // (the readers worded in a changing order, some only now and then)
                for class in (0..=seats).rev().filter(|k| !(step_no as usize + k).is_multiple_of(3)) {
                    for lang in Lang::ALL {
                        extend_log(&logs, class, lang, &entries, m.game(), &table);
                    }
                }
            }
            for class in 0..=seats {
                let reader =
                    if class < seats { Reader::Seat(class as tash_kalar_rules::Seat) } else { Reader::Spectator };
                for lang in Lang::ALL {
                    extend_log(&logs, class, lang, &entries, m.game(), &table);
                    let lines = logs[class][index(lang)].lock().unwrap().clone();
                    assert_eq!(lines.len(), entries.len());
                    for (e, line) in entries.iter().zip(&lines) {
                        let own = stream_line(e, reader, m.game(), &table, crate::words::messages(lang));
                        let got: Value = serde_json::from_str(line.get()).unwrap();
                        assert_eq!(got, serde_json::to_value(&own).unwrap(), "seed {seed}, {form:?}, entry {}", e.n);
                        if own.hidden {
                            hidden += 1;
                        } else {
                            public += 1;
                        }
                    }
                }
            }
            assert!(hidden > 0 && public > 0, "seed {seed}, {form:?}: {hidden} hidden lines, {public} public");
        }
    }

    /// Every key a model serialises to is one this module knows.
    #[test]
    fn the_deltas_know_every_part_of_a_model() {
        let m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
        for model in models(m.game()).iter().flatten() {
            for (k, _) in members(&to_raw(model).unwrap()).unwrap() {
                assert!(MODEL_KEYS.contains(&k), "the model's {k:?} is not in the deltas");
            }
        }
    }

    #[test]
    fn the_events_window_slides_and_renumbers() {
        let ev = |n: u32, text: &str| json!({"n": n, "text": text});
        let list = |l: &[Value]| -> Vec<Value> { l.to_vec() };
        let d = |old: &[Value], new: &[Value]| -> Value {
            serde_json::from_slice(&events_delta(old, new, |e| e["n"].as_u64().unwrap()).unwrap()).unwrap()
        };
        let old = list(&[ev(3, "a"), ev(4, "b"), ev(5, "c")]);
        // the window moved on by one and grew by one
        let v = d(&old, &[ev(4, "b"), ev(5, "c"), ev(6, "d")]);
        assert_eq!(
            (v["first"].as_u64(), v["keep"].as_u64(), v["add"].as_array().unwrap().len()),
            (Some(4), Some(2), 1)
        );
        // a take-back numbers anew from 5
        let v = d(&old, &[ev(3, "a"), ev(4, "b"), ev(5, "x")]);
        assert_eq!(
            (v["first"].as_u64(), v["keep"].as_u64(), v["add"].as_array().unwrap().len()),
            (Some(3), Some(2), 1)
        );
        assert_eq!(d(&old, &[])["add"], json!([]));
    }

    /// A seat's list that changed in one stretch goes as that change
    /// (`{"at","del"?,"add"?}`), merged into the list held; a change no
    /// shorter than the list goes whole; a change past the list's end is
    /// refused.
    #[test]
    fn a_list_changed_in_one_stretch_is_sent_as_that_change() {
        let cards = |ids: &[&str]| ids.iter().map(|id| format!("imperial.{id}")).collect::<Vec<_>>();
        let unseen = cards(&["archer", "champion", "knight", "messenger", "swordmaster", "titan"]);
        let seat =
            |unseen: &[String], discard: &[String]| to_raw(&json!({"unseen": unseen, "discard": discard})).unwrap();
        // (the seat as the model holds it: a struct, merged field by field)
        #[derive(Serialize, serde::Deserialize)]
        struct Seat {
            unseen: Vec<String>,
            discard: Vec<String>,
        }
        let patched = |old: &RawValue, new: &RawValue| -> Value {
            let by_text: Value = serde_json::from_slice(&patch("seats.0", old, new).unwrap().json.unwrap()).unwrap();
            let seat = |r: &RawValue| serde_json::from_str::<Seat>(r.get()).unwrap();
            let by_fields = Part::merged("seats.0", &seat(old), &seat(new), (None, None)).unwrap().json.unwrap();
            assert_eq!(by_text, serde_json::from_slice::<Value>(&by_fields).unwrap());
            by_text
        };
        let applied = |old: &RawValue, p: &Value| -> Result<Value, ApplyError> {
            let mut held: Value = serde_json::from_str(old.get()).unwrap();
            merge(&mut held, p).map(|()| held)
        };
        // a card drawn: one out of the middle of `unseen`
        let mut drawn = unseen.clone();
        drawn.remove(2);
        let (old, new) = (seat(&unseen, &[]), seat(&drawn, &[]));
        let p = patched(&old, &new);
        assert_eq!(p, json!({"unseen": {"at": 2, "del": 1}}));
        assert_eq!(applied(&old, &p).unwrap(), serde_json::from_str::<Value>(new.get()).unwrap());
        // a discard: one onto the end of `discard`
        let (old, new) = (seat(&drawn, &cards(&["titan"])), seat(&drawn, &cards(&["titan", "archer"])));
        let p = patched(&old, &new);
        assert_eq!(p, json!({"discard": {"at": 1, "add": ["imperial.archer"]}}));
        assert_eq!(applied(&old, &p).unwrap(), serde_json::from_str::<Value>(new.get()).unwrap());
        // a list changed all through (or grown from empty) goes whole
        let (old, new) = (seat(&unseen, &[]), seat(&cards(&["knight"]), &cards(&["titan"])));
        let p = patched(&old, &new);
        assert_eq!(p, json!({"unseen": ["imperial.knight"], "discard": ["imperial.titan"]}));
        assert_eq!(applied(&old, &p).unwrap(), serde_json::from_str::<Value>(new.get()).unwrap());
        // a change past the end of the list held
        let p = json!({"discard": {"at": 1, "del": 1}});
        assert!(matches!(applied(&seat(&drawn, &cards(&["titan"])), &p), Err(ApplyError::Malformed(_))));
    }

    /// A JSON value of a few kinds, nested: strings that hold the
    /// characters the list scanner must not take for structure.
    fn any_json(rng: &mut impl Rng, depth: u32) -> Value {
        let texts = ["imperial.archer", "a,b", "]", "[{", "q\"uote", "back\\slash\\", "né,", ""];
        match rng.gen_range(0..if depth > 2 { 4 } else { 6 }) {
            0 => Value::String(texts[rng.gen_range(0..texts.len())].to_string()),
            1 => json!(rng.gen_range(-5..500)),
            2 => json!(rng.gen_bool(0.5)),
            3 => Value::Null,
            4 => Value::Array((0..rng.gen_range(0..4)).map(|_| any_json(rng, depth + 1)).collect()),
            _ => {
                Value::Object((0..rng.gen_range(0..3)).map(|i| (format!("k{i},]"), any_json(rng, depth + 1))).collect())
            }
        }
    }

    proptest::proptest! {
        /// The list scanner finds the items serde_json's parser finds, as
        /// the same texts, at any seed; what is no list is none.
        #[test]
        fn a_lists_items_are_those_the_parser_finds(seed: u64, len in 0..12usize) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let list: Vec<Value> = (0..len).map(|_| any_json(&mut rng, 0)).collect();
            let text = serde_json::to_string(&list).unwrap();
            let parsed: Vec<&RawValue> = serde_json::from_str(&text).unwrap();
            let parsed: Vec<&str> = parsed.iter().map(|r| r.get()).collect();
            proptest::prop_assert_eq!(list_items(&text), Some(parsed));
            let pretty = serde_json::to_string_pretty(&list).unwrap();
            let parsed: Vec<&RawValue> = serde_json::from_str(&pretty).unwrap();
            let parsed: Vec<&str> = parsed.iter().map(|r| r.get()).collect();
            proptest::prop_assert_eq!(list_items(&pretty), Some(parsed));
            proptest::prop_assert_eq!(list_items(&text[..text.len() - 1]), None);
        }

        /// A list's change is the bytes the parser-made change was (as
        /// session 22 made it, each side parsed into its items), at any
        /// seed: the wire is unchanged.
        #[test]
        fn a_lists_change_is_the_bytes_the_parser_made(seed: u64, len in 0..12usize) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let old: Vec<Value> = (0..len).map(|_| any_json(&mut rng, 0)).collect();
            let at = rng.gen_range(0..=len);
            let del = rng.gen_range(0..=len - at);
            let mut new = old.clone();
            new.splice(at..at + del, (0..rng.gen_range(0..3)).map(|_| any_json(&mut rng, 0)));
            let (old, new) = (serde_json::to_string(&old).unwrap(), serde_json::to_string(&new).unwrap());
            let by_parser = || -> Option<Vec<u8>> {
                let a: Vec<&RawValue> = serde_json::from_str(&old).ok()?;
                let b: Vec<&RawValue> = serde_json::from_str(&new).ok()?;
                let same = |x: &&RawValue, y: &&RawValue| x.get() == y.get();
                let head = a.iter().zip(&b).take_while(|(x, y)| same(x, y)).count();
                let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| same(x, y)).count();
                let (del, add) = (a.len() - head - tail, &b[head..b.len() - tail]);
                let mut o = Obj::new();
                o.field("at", &head)?;
                if del > 0 {
                    o.field("del", &del)?;
                }
                if !add.is_empty() {
                    o.field("add", add)?;
                }
                let change = o.finish();
                (change.len() < new.len()).then_some(change)
            };
            proptest::prop_assert_eq!(splice(&old, &new), by_parser());
        }

        /// An object's members are those the parser finds, sorted by key
        /// as a map has them, at any seed.
        #[test]
        fn an_objects_members_are_those_the_parser_finds(seed: u64, len in 0..8usize) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let object: serde_json::Map<String, Value> =
                (0..len).map(|i| (format!("{}{i},}}", ["z", "a", "m:"][i % 3]), any_json(&mut rng, 0))).collect();
            for text in [serde_json::to_string(&object).unwrap(), serde_json::to_string_pretty(&object).unwrap()] {
                let raw = RawValue::from_string(text).unwrap();
                let parsed: BTreeMap<&str, &RawValue> = serde_json::from_str(raw.get()).unwrap();
                let parsed: Vec<(&str, &str)> = parsed.into_iter().map(|(k, v)| (k, v.get())).collect();
                proptest::prop_assert_eq!(members(&raw), Some(parsed));
            }
            let list = to_raw(&vec![1, 2]).unwrap();
            proptest::prop_assert_eq!(members(&list), None);
        }
    }

    /// A clock that ran on goes as its keys that changed, merged into the
    /// one held; one that came (or changed its keys) goes whole, with its
    /// `control`, and replaces the one held.
    #[test]
    fn a_clock_goes_as_its_changed_keys() {
        let clock = |remaining: [i64; 2], running: Option<u8>, since: i64| {
            to_raw(&json!({"control": {"kind": "game", "secs": 600, "increment": 5}, "remaining": remaining, "running": running, "since": since})).unwrap()
        };
        let (old, new) = (clock([600_000, 600_000], Some(0), 10), clock([590_000, 600_000], Some(1), 20));
        let d: Value = serde_json::from_slice(&clock_delta(&old, &new)).unwrap();
        assert_eq!(d, json!({"remaining": [590_000, 600_000], "running": 1, "since": 20}));
        let state = |clock: &RawValue| -> Value {
            json!({"rev": 1, "view": {}, "log": [], "chat": [], "clock": serde_json::from_str::<Value>(clock.get()).unwrap()})
        };
        let mut held = state(&old);
        apply(&mut held, &json!({"type": "delta", "from": 1, "to": 2, "version": 3, "now": 0, "clock": d})).unwrap();
        assert_eq!(held["clock"], state(&new)["clock"]);
        // a clock that came: whole
        let none = to_raw(&Value::Null).unwrap();
        let d: Value = serde_json::from_slice(&clock_delta(&none, &new)).unwrap();
        assert_eq!(d, serde_json::from_str::<Value>(new.get()).unwrap());
        let mut held = state(&none);
        apply(&mut held, &json!({"type": "delta", "from": 1, "to": 2, "version": 3, "now": 0, "clock": d})).unwrap();
        assert_eq!(held["clock"], state(&new)["clock"]);
        // a clock's change with no clock held is malformed
        let mut held = state(&none);
        let change = json!({"type": "delta", "from": 1, "to": 2, "version": 3, "now": 0, "clock": {"since": 5}});
        assert!(matches!(apply(&mut held, &change), Err(ApplyError::Malformed(_))));
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
