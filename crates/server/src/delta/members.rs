//! A struct's fields serialised one by one, each field's JSON kept as
//! bytes: two values of one type then compare field by field without
//! serialising each whole and parsing the text back into its members
//! (which was most of the cost of a merged part of a delta).

use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::ser::{self, Impossible, Serialize, SerializeStruct};
use tash_kalar_rules::view::{SeatView, SharedPileView};

/// The fields of a struct as serde_json writes them, in its order (a field
/// skipped when none is not there).
#[derive(Debug, Default)]
pub(crate) struct Fields {
    buf: Vec<u8>,
    spans: Vec<(&'static str, Range<usize>)>,
}

impl Fields {
    /// `v`'s fields; `None` when `v` is not a struct (or a field does not
    /// serialise).
    pub(super) fn of<T: Serialize + ?Sized>(v: &T) -> Option<Fields> {
        Fields::reusing(v, None)
    }

    /// `v`'s fields, those named in `reuse` copied from an older value's
    /// fields (the caller compared them as values: equal) rather than
    /// serialised again.
    pub(super) fn reusing<T: Serialize + ?Sized>(v: &T, reuse: Option<Reuse>) -> Option<Fields> {
        // (sized for a seat's fields, the largest part merged: grown from
        // empty, the text was copied at every doubling)
        let mut f = Fields { buf: Vec::with_capacity(512), spans: Vec::with_capacity(24) };
        v.serialize(Collector(&mut f, reuse)).ok()?;
        Some(f)
    }

    /// Each field's name and JSON text.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&'static str, &[u8])> + '_ {
        self.spans.iter().map(|(k, r)| (*k, &self.buf[r.clone()]))
    }

    /// A field's JSON text.
    pub(super) fn get(&self, key: &str) -> Option<&[u8]> {
        self.spans.iter().find(|(k, _)| *k == key).map(|(_, r)| &self.buf[r.clone()])
    }

    /// A field's JSON text, looked for first at `at` (two values of one
    /// type have their fields in one order, but for those skipped).
    pub(super) fn get_near(&self, at: usize, key: &str) -> Option<&[u8]> {
        match self.spans.get(at) {
            Some((k, r)) if *k == key => Some(&self.buf[r.clone()]),
            _ => self.get(key),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.spans.len()
    }
}

/// Fields of a struct known equal, as values, to those of an older value
/// of its type whose fields are `old` (`same`: their names): a seat's
/// `unseen` and `discard` lists of card ids, most of a seat's text, stay
/// as they were at most changes that touch the seat.
#[derive(Clone, Copy)]
pub(super) struct Reuse<'a> {
    pub old: &'a Fields,
    pub same: &'a [&'static str],
}

/// A merged part whose longest fields compare as values more cheaply than
/// they serialise: the names (as serialised) of those equal in `old` and
/// `new`, whose texts [`Fields::reusing`] then copies.
pub(super) trait Alike {
    fn alike(old: &Self, new: &Self) -> Vec<&'static str>;
}

impl Alike for SeatView {
    fn alike(old: &Self, new: &Self) -> Vec<&'static str> {
        let mut same = Vec::with_capacity(3);
        if old.unseen == new.unseen {
            same.push("unseen");
        }
        if old.discard == new.discard {
            same.push("discard");
        }
        if old.hand == new.hand {
            same.push("hand");
        }
        same
    }
}

impl Alike for SharedPileView {
    fn alike(old: &Self, new: &Self) -> Vec<&'static str> {
        let mut same = Vec::with_capacity(2);
        if old.unseen == new.unseen {
            same.push("unseen");
        }
        if old.discard == new.discard {
            same.push("discard");
        }
        same
    }
}

/// A part's fields, serialised once and kept (`None`: not a struct).
pub(crate) type FieldsCell = OnceLock<Option<Arc<Fields>>>;

/// The merged parts of one model (a class's, in one language) as their
/// fields, kept with the snapshot that holds the model: a change's delta
/// serialises the new side of a part that changed, and the next change's
/// delta finds the old side here instead of serialising it again (most
/// parts that change, a seat's or the turn's, change again at the next
/// choice). Filled as the deltas need them, by the game's task.
#[derive(Debug, Default)]
pub(crate) struct ModelFields {
    /// By the part's number (`delta::PARTS`); only the merged parts are used.
    pub parts: [FieldsCell; super::PARTS],
    /// By seat.
    pub seats: Vec<FieldsCell>,
}

impl ModelFields {
    pub(super) fn new(seats: usize) -> ModelFields {
        ModelFields { parts: Default::default(), seats: (0..seats).map(|_| OnceLock::new()).collect() }
    }
}

/// `v`'s fields, from `cell` when they were serialised before (and kept
/// there when not).
pub(super) fn fields_in<T: Serialize + ?Sized>(v: &T, cell: Option<&FieldsCell>) -> Option<Arc<Fields>> {
    let make = || Fields::of(v).map(Arc::new);
    match cell {
        Some(cell) => cell.get_or_init(make).clone(),
        None => make(),
    }
}

/// [`fields_in`] of the new side of a part whose old side's fields are
/// `old`: its fields equal to the old side's ([`Alike`]) copied from there.
pub(super) fn fields_alike<T: Serialize + Alike>(
    old: (&T, &Fields),
    new: &T,
    cell: Option<&FieldsCell>,
) -> Option<Arc<Fields>> {
    let make = || {
        let same = T::alike(old.0, new);
        Fields::reusing(new, Some(Reuse { old: old.1, same: &same })).map(Arc::new)
    };
    match cell {
        Some(cell) => cell.get_or_init(make).clone(),
        None => make(),
    }
}

/// What cannot be taken apart into fields (anything but a struct).
#[derive(Debug)]
pub(super) struct NotAStruct;

impl fmt::Display for NotAStruct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a struct")
    }
}

impl std::error::Error for NotAStruct {}

impl ser::Error for NotAStruct {
    fn custom<T: fmt::Display>(_: T) -> Self {
        NotAStruct
    }
}

struct Collector<'a>(&'a mut Fields, Option<Reuse<'a>>);

impl SerializeStruct for Collector<'_> {
    type Ok = ();
    type Error = NotAStruct;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), NotAStruct> {
        let start = self.0.buf.len();
        let kept = self.1.filter(|r| r.same.contains(&key)).and_then(|r| r.old.get_near(self.0.spans.len(), key));
        match kept {
            Some(text) => self.0.buf.extend_from_slice(text),
            None => serde_json::to_writer(&mut self.0.buf, value).map_err(|_| NotAStruct)?,
        }
        let end = self.0.buf.len();
        self.0.spans.push((key, start..end));
        Ok(())
    }

    fn end(self) -> Result<(), NotAStruct> {
        Ok(())
    }
}

macro_rules! not_a_struct {
    ($($f:ident($($t:ty),*)),* $(,)?) => {
        $(fn $f(self, $(_: $t),*) -> Result<(), NotAStruct> { Err(NotAStruct) })*
    };
}

impl<'a> ser::Serializer for Collector<'a> {
    type Ok = ();
    type Error = NotAStruct;
    type SerializeSeq = Impossible<(), NotAStruct>;
    type SerializeTuple = Impossible<(), NotAStruct>;
    type SerializeTupleStruct = Impossible<(), NotAStruct>;
    type SerializeTupleVariant = Impossible<(), NotAStruct>;
    type SerializeMap = Impossible<(), NotAStruct>;
    type SerializeStruct = Collector<'a>;
    type SerializeStructVariant = Impossible<(), NotAStruct>;

    not_a_struct! {
        serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64),
        serialize_f32(f32), serialize_f64(f64), serialize_char(char), serialize_str(&str),
        serialize_bytes(&[u8]), serialize_none(), serialize_unit(), serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), NotAStruct> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<(), NotAStruct> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, NotAStruct> {
        Err(NotAStruct)
    }

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Self::SerializeStruct, NotAStruct> {
        self.0.spans.reserve(len);
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, NotAStruct> {
        Err(NotAStruct)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct S {
        a: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<&'static str>,
        c: Vec<u8>,
    }

    #[test]
    fn a_structs_fields_are_its_json_members() {
        let s = S { a: 3, b: Some("x\"y"), c: vec![1, 2] };
        let f = Fields::of(&s).unwrap();
        let got: Vec<(&str, &[u8])> = f.iter().collect();
        assert_eq!(got, vec![("a", &b"3"[..]), ("b", &br#""x\"y""#[..]), ("c", &b"[1,2]"[..])]);
        // a field skipped is not there
        let f = Fields::of(&S { a: 0, b: None, c: vec![] }).unwrap();
        assert_eq!(f.len(), 2);
        assert_eq!(f.get("b"), None);
        assert_eq!(f.get("c"), Some(&b"[]"[..]));
    }

    #[test]
    fn what_is_not_a_struct_has_no_fields() {
        assert!(Fields::of(&3u8).is_none());
        assert!(Fields::of(&vec![1, 2]).is_none());
        assert!(Fields::of(&std::collections::BTreeMap::from([("a", 1)])).is_none());
        assert!(Fields::of(&Some(S { a: 1, b: None, c: vec![] })).is_some());
    }

    /// Each field's name and text, to compare two `Fields`.
    fn texts(f: &Fields) -> Vec<(&'static str, Vec<u8>)> {
        f.iter().map(|(k, v)| (k, v.to_vec())).collect()
    }

    /// `new`'s fields made with the old side's texts for those alike are
    /// `new`'s fields serialised afresh.
    fn reused_is_fresh<T: Serialize + Alike>(old: &T, new: &T) -> bool {
        let a = Fields::of(old).unwrap();
        let same = T::alike(old, new);
        let reused = Fields::reusing(new, Some(Reuse { old: &a, same: &same })).unwrap();
        texts(&reused) == texts(&Fields::of(new).unwrap())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]
        /// Random games of every form, each seat's and shared pile's view
        /// before and after every choice, as every viewer sees them: the
        /// fields made with the texts of those alike copied are the fields
        /// serialised afresh, byte for byte.
        #[test]
        fn fields_copied_where_alike_are_those_serialised(seed: u64) {
            use rand::{Rng, SeedableRng};
            use tash_kalar_rules::view::Viewer;
            use tash_kalar_rules::{Form, Match, Mover, School, Seat};
            let forms: [(Form, &[School]); 5] = [
                (Form::Duel, &[School::Northern, School::Southern]),
                (Form::HighForm, &[School::Northern, School::Southern]),
                (Form::Melee, &[School::Highland, School::Sylvan, School::Everfrost]),
                (Form::Melee, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
                (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
            ];
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (mut alike, mut compared) = (0, 0);
            for (form, schools) in forms {
                let mut m = Match::new(form, schools, Some(rng.gen())).unwrap();
                let viewers: Vec<Viewer> = (0..schools.len() as Seat)
                    .map(|seat| Viewer::Seat { seat })
                    .chain([Viewer::Spectator, Viewer::Referee])
                    .collect();
                let mut before = m.game().views(&viewers);
                for _ in 0..150 {
                    let g = m.game();
                    if g.is_over() {
                        break;
                    }
                    let legal = g.legal_choices();
                    let c = legal[rng.gen_range(0..legal.len())];
                    let mover = Mover::of(g.actor()).expect("a game with legal choices has a mover");
                    m.act(mover, c).unwrap();
                    let after = m.game().views(&viewers);
                    for (old, new) in before.iter().zip(&after) {
                        for (a, b) in old.seats.iter().zip(&new.seats) {
                            proptest::prop_assert!(reused_is_fresh(a, b), "{a:?} then {b:?}");
                            alike += SeatView::alike(a, b).len();
                            compared += 1;
                        }
                        proptest::prop_assert!(reused_is_fresh(&old.legends, &new.legends));
                        proptest::prop_assert!(reused_is_fresh(&old.flares, &new.flares));
                    }
                    before = after;
                }
            }
            // (most seats keep their lists from one choice to the next: the copies were made)
            proptest::prop_assert!(alike > compared, "{alike} fields alike in {compared} seats");
        }
    }

    /// The names [`Alike`] gives are fields of the struct as serialised:
    /// a field renamed would otherwise be serialised anew, never copied.
    #[test]
    fn the_fields_alike_are_named_as_serialised() {
        use tash_kalar_rules::{Form, Match, School};
        let m = Match::new(Form::Duel, &[School::Northern, School::Southern], Some(3)).unwrap();
        let referee = m.game().referee_view();
        let seat = &referee.seats[0];
        let fields = Fields::of(seat).unwrap();
        for name in SeatView::alike(seat, seat) {
            assert!(fields.get(name).is_some(), "a seat has no field {name}");
        }
        let fields = Fields::of(&referee.legends).unwrap();
        for name in SharedPileView::alike(&referee.legends, &referee.legends) {
            assert!(fields.get(name).is_some(), "a shared pile has no field {name}");
        }
        assert_eq!(SeatView::alike(seat, seat).len(), 3);
        assert_eq!(SharedPileView::alike(&referee.legends, &referee.legends).len(), 2);
    }
}
