//! The client's model of a match: the observation of one viewer (the rules'
//! [`View`], data only) with what a client shows beside it, in the viewer's
//! language: the seats' names, which side of the board, the teams, what the
//! viewer may do now, the question, the legal choices with their labels,
//! the result and the recent events, each with its sentence.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use serde::Serialize;
use tash_kalar_i18n::Messages;
use tash_kalar_rules::board::{Color, Piece};
use tash_kalar_rules::cards::{canonical_orientation, oriented};
use tash_kalar_rules::effect::Stage;
use tash_kalar_rules::event::Event;
use tash_kalar_rules::game::{EndState, Outcome};
use tash_kalar_rules::view::{
    ActorView, EventView, FlareView, SeatView, SharedPileView, TaskBoardView, TurnView, View, Viewer,
};
use tash_kalar_rules::{
    Actor, CardId, Choice, Form, Game, GameResult, Orientation, Phase, QuestionKind, Seat, Square, Step,
};

use crate::short;
use crate::words::{Facts, Say};
use crate::{seat_name, Table};

/// The client's model of a match for one viewer in one language: the wire
/// `view` of the server (see `docs/server-protocol.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Model {
    // the observation, data only (the rules' view)
    pub viewer: Viewer,
    pub form: Form,
    /// Board text (see `docs/notation.md`).
    pub board: String,
    pub actor: ActorView,
    pub phase: Phase,
    pub turn: TurnView,
    pub scores: Vec<i16>,
    pub seats: Vec<SeatView>,
    pub legends: SharedPileView,
    pub flares: SharedPileView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<EffectModel>,
    /// The step the seat to choose is asked, by its id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Step>,
    pub end: EndState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tasks: Option<TaskBoardView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    // the presentation
    /// The language of every text in the model (`en`, `es`, `cs`).
    pub lang: &'static str,
    /// Each seat's name ([`seat_name`]).
    pub names: Vec<String>,
    /// Which side of the board is used.
    pub side: Side,
    /// Team play: the seats of each team (`[[0, 2], [1, 3]]`).
    pub teams: Option<[[Seat; 2]; 2]>,
    /// What the viewer may do now beside the legal choices.
    pub can: Can,
    /// What is being decided now, by whom, in words.
    pub question: Option<QuestionModel>,
    /// The legal choices, in the engine's order, the summonings and the
    /// placings grouped ([`LegalEntry`]): only to the seat that chooses
    /// (and a referee).
    pub legal: Option<Vec<LegalEntry>>,
    /// How the game ended, in words, with the ranking.
    pub result: Option<ResultModel>,
    /// What happened in the current turn and the last round, oldest first,
    /// as the viewer may know it, each with its sentence.
    pub events: Vec<EventModel>,
    /// The seats that left a melee or team game (left, claimed against or
    /// out of time): a bot plays each on and it ranks last; each with its
    /// sentence ([`crate::left_text`]). Left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<LeftSeat>,
}

/// A seat that left the game, and the sentence that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeftSeat {
    pub seat: Seat,
    pub text: String,
}

/// Which side of the board a form plays on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Tasks,
    Deathmatch,
}

/// What the viewer may do now beside the legal choices.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Can {
    /// Resign (a seat, in a form that allows it, before the end).
    pub resign: bool,
    /// Take back (the table's policy: [`Table::can_undo`]).
    pub undo: bool,
    /// Take the discard action now (one of its legal choices is a discard).
    pub discard: bool,
    /// Abort the game (a seat, before every seat has made its first turn:
    /// [`Game::can_abort`]).
    pub abort: bool,
    /// Claim against an absent seat (the table's: [`Table::can_claim`]).
    pub claim: bool,
    /// Leave the game to a bot (a person's seat in a melee or team game,
    /// before the end).
    pub leave: bool,
    /// Ask the others to let this seat take back (a site's table manners:
    /// set by the server, false here).
    pub takeback_request: bool,
    /// Answer the open take-back request (accept or decline): set by the
    /// server, false here.
    pub takeback_answer: bool,
    /// The open take-back request, shown to every viewer: set by the
    /// server, none here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub takeback: Option<TakebackAsk>,
}

/// An open take-back request: the seat that asks, and how many of its
/// choices it asks to take back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TakebackAsk {
    pub seat: Seat,
    pub choices: u32,
}

/// The card effect being resolved, with the marked squares of its pattern.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EffectModel {
    pub card: CardId,
    pub color: Color,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Square>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<Orientation>,
    /// The pattern's marked squares, laid at `at` in `orientation` (only
    /// when the effect has a summoning square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marked: Option<Vec<Square>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flare: Option<FlareView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Step>,
    /// Which of the card's effects is carried out: left out for its
    /// normal one; `keep` and `thaw` (Everfrost), `warp` (a card played
    /// from the hand) and `copy` (Etherweave). The engine's whole
    /// resolution (steps, counts, tagged squares) is its own, not sent.
    #[serde(skip_serializing_if = "is_normal")]
    pub stage: Stage,
    /// A copy: the card whose warp effect is copied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copied: Option<CardId>,
}

fn is_normal(stage: &Stage) -> bool {
    *stage == Stage::Normal
}

/// What is being decided, by whom, in one sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuestionModel {
    pub seat: Seat,
    pub kind: QuestionKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// The whole question in the language, said to the one who decides
    /// it (the seat to choose, a referee): the others are shown who is
    /// choosing, and its words would be sent to every one of them at
    /// every action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// One legal choice: the choice as data (its `kind` and fields, as
/// [`Choice`] serialises), what to send back (`text`), what it lays on the
/// board or acts on, and its words (`label`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalModel {
    #[serde(flatten)]
    pub choice: Choice,
    /// The notation to send back (`docs/notation.md`).
    pub text: String,
    /// The piece the choice acts on: on `at` (an effect's square), on
    /// `from` (a move), in short form (`"r+"`: [`crate::short`]).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "short::opt_piece_text")]
    pub piece: Option<Piece>,
    /// The piece the choice destroys by moving or summoning onto it.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "short::opt_piece_text")]
    pub onto: Option<Piece>,
    /// An option: what it stands for (`option-<meaning>` in the messages;
    /// one of [`tash_kalar_rules::OPTION_MEANINGS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meaning: Option<&'static str>,
    /// An option that stands for a color: the color.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// A flare or a thaw: the card it plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    /// A summon: the squares of its pattern, laid at `at` in `orientation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<Square>>,
    /// A summon: the marked squares of its pattern, laid the same way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marked: Option<Vec<Square>>,
    /// The choice in words, for a button.
    pub label: String,
}

/// An entry of the legal list: one choice, or a group of choices alike
/// but for their square (a summoning of one card in one orientation, a
/// placing, a picking up, a move from one square), listed where the first
/// of them comes. Most of a long list is summonings, placings and moves:
/// grouped, their card, words and notation are sent once per group, not
/// once per square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LegalEntry {
    One(LegalModel),
    Group(LegalGroup),
}

/// Choices alike but for their square: `kind`, `card` and `orientation`
/// as [`Choice`] serialises them, the notation of each with `@` for its
/// square (`summon imperial.knight @ r90`, `place @`, `h5-@`), their
/// words (`label`: without the square, or with `@` for it), and each
/// square (`each`). A summoning group says once where its pattern lies
/// from the summoning square (`pattern`, `marked`: shifts `[dx, dy]`,
/// columns right and rows up), not once per square: [`LegalGroup::laid`].
/// A move group's squares are those moved to, from its `from`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalGroup {
    /// `summon`, `place`, `pickup` or `move`.
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<Orientation>,
    /// A move group: the square moved from, and the piece on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Square>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "short::opt_piece_text")]
    pub piece: Option<Piece>,
    /// A summoning: its pattern's squares as shifts from the summoning
    /// square, in the group's orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Vec<(i8, i8)>>,
    /// A summoning: its marked squares as shifts, laid the same way (a
    /// marked square may lie off the board: it is then left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marked: Option<Vec<(i8, i8)>>,
    pub text: String,
    pub label: String,
    /// A summoning group with members that take up a piece (and destroy
    /// none): their words, with `@` for the member's square and `#` for
    /// the piece's ([`LegalGroup::member_label`]). A list in a piece
    /// shortage has such a summoning per square and piece: their words
    /// are sent once, not once each.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pickup_label: Option<String>,
    /// The words of the members that destroy a piece, one for each piece
    /// they destroy (and, summoning, whether they take up a piece), with
    /// `@` and `#` as in `pickup_label`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub onto_labels: Vec<OntoLabel>,
    pub each: Vec<Member>,
}

/// The words of a group's members that destroy `onto` ([`LegalGroup`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OntoLabel {
    #[serde(serialize_with = "short::piece_text")]
    pub onto: Piece,
    /// The members that take up a piece too (a summoning in a shortage).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pickup: bool,
    pub label: String,
}

impl LegalGroup {
    /// A summoning group's pattern squares and marked squares (those on
    /// the board) laid at `at`; none for other groups.
    pub fn laid(&self, at: Square) -> (Vec<Square>, Vec<Square>) {
        let lay = |shifts: &Option<Vec<(i8, i8)>>| {
            shifts.iter().flatten().filter_map(|&(x, y)| at.offset(x, y)).collect::<Vec<_>>()
        };
        (lay(&self.pattern), lay(&self.marked))
    }

    /// A member's words: the group's `onto_labels` entry for the piece it
    /// destroys, else its `pickup_label` (one taking up a piece), else its
    /// `label`; with the member's square for `@` and the piece's taken up
    /// for `#` (a summoning or placing group's `label` has neither: the
    /// square is shown on the board).
    pub fn member_label(&self, m: &Member) -> String {
        let (at, pickup, onto) = match m {
            Member::At(at) => (*at, None, None),
            Member::With(w) => (w.at, w.pickup, w.onto),
        };
        let words = match onto {
            Some(onto) => {
                self.onto_labels.iter().find(|l| l.onto == onto && l.pickup == pickup.is_some()).map(|l| &l.label)
            }
            None if pickup.is_some() => self.pickup_label.as_ref(),
            None => None,
        };
        let words = words.unwrap_or(&self.label).replace('@', &at.to_string());
        match pickup {
            Some(p) => words.replace('#', &p.to_string()),
            None => words,
        }
    }

    /// A member's notation: the group's with the member's square for `@`,
    /// and for a summoning that takes up a piece ` from` its square
    /// (`summon imperial.knight d7 r0 from a3`), as the rules write it.
    pub fn member_text(&self, m: &Member) -> String {
        let mut text = self.text.replace('@', &m.at().to_string());
        if let Member::With(MemberAt { pickup: Some(p), .. }) = m {
            text.push_str(" from ");
            text.push_str(&p.to_string());
        }
        text
    }
}

/// A choice of a [`LegalGroup`]: its square, or for one that takes up a
/// piece or destroys one, that with the piece (its words are the
/// group's: [`LegalGroup::member_label`]; its notation too:
/// [`LegalGroup::member_text`]). Written as one short text: the square,
/// then `<` and the square of the piece taken up, then `:` and the piece
/// destroyed in short form (`"d7"`, `"d7<a3"`, `"d7:r+"`, `"d7<a3:b"`): a
/// list in a piece shortage holds a member per square and piece taken up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Member {
    At(Square),
    With(MemberAt),
}

impl Serialize for Member {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Member::At(at) => s.serialize_str(at.name()),
            Member::With(_) => {
                // (at most `d7<a3:r+`: written into one small string, not
                // through the formatter, as a long list has hundreds)
                let mut text = String::with_capacity(9);
                self.write_to(&mut text);
                s.serialize_str(&text)
            }
        }
    }
}

impl std::fmt::Display for Member {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::with_capacity(9);
        self.write_to(&mut text);
        f.write_str(&text)
    }
}

impl Member {
    /// Appends the member's short text (its `Display`) to `out`.
    fn write_to(&self, out: &mut String) {
        match self {
            Member::At(at) => out.push_str(at.name()),
            Member::With(MemberAt { at, pickup, onto }) => {
                out.push_str(at.name());
                if let Some(p) = pickup {
                    out.push('<');
                    out.push_str(p.name());
                }
                if let Some(piece) = onto {
                    out.push(':');
                    out.push_str(piece.text());
                }
            }
        }
    }

    /// A member from its short text (`"d7"`, `"d7<a3"`, `"d7:r+"`,
    /// `"d7<a3:b"`), as a client reads it: the inverse of its `Display`;
    /// `None` for anything else.
    pub fn parse(text: &str) -> Option<Member> {
        let (squares, onto) = match text.split_once(':') {
            Some((squares, piece)) => (squares, Some(tash_kalar_rules::warp::parse_piece(piece)?)),
            None => (text, None),
        };
        let (at, pickup) = match squares.split_once('<') {
            Some((at, p)) => (Square::parse(at)?, Some(Square::parse(p)?)),
            None => (Square::parse(squares)?, None),
        };
        Some(match (pickup, onto) {
            (None, None) => Member::At(at),
            _ => Member::With(MemberAt { at, pickup, onto }),
        })
    }

    /// The member's square (a move's: the square moved to).
    pub fn at(&self) -> Square {
        match self {
            Member::At(at) => *at,
            Member::With(s) => s.at,
        }
    }
}

/// A member of a [`LegalGroup`] that takes up a piece or destroys one.
/// Neither its notation nor its words are sent: they follow from the
/// group's (most of a long list in a piece shortage is such summonings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberAt {
    pub at: Square,
    /// A summoning in a piece shortage: the piece taken up.
    pub pickup: Option<Square>,
    /// The piece it destroys by summoning or moving onto it.
    pub onto: Option<Piece>,
}

impl LegalEntry {
    /// Each choice of the entry: its notation and its words
    /// ([`LegalGroup::member_text`], [`LegalGroup::member_label`]).
    pub fn choices(&self) -> Vec<(String, String)> {
        match self {
            LegalEntry::One(c) => vec![(c.text.clone(), c.label.clone())],
            LegalEntry::Group(g) => g.each.iter().map(|m| (g.member_text(m), g.member_label(m))).collect(),
        }
    }
}

/// Words a group of the legal list says once for its members
/// ([`LegalGroup`]): keyed by what they depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum GroupWords {
    /// A summoning group's `label`.
    Summon { card: CardId, orientation: Orientation },
    /// Its words for a member that takes up a piece or destroys one
    /// (`pickup_label`, `onto_labels`).
    SummonWith { card: CardId, orientation: Orientation, pickup: bool, onto: Option<Piece> },
    /// A move group's `label` (`onto: None`) and `onto_labels`.
    Move { piece: Option<Piece>, from: Square, onto: Option<Piece> },
}

impl GroupWords {
    fn say(self, msgs: &Messages, piece: &dyn Fn(Piece) -> String) -> String {
        match self {
            GroupWords::Summon { card, orientation } => msgs.text(
                "legal-summon",
                tash_kalar_i18n::args![("card", msgs.card_name(card)), ("orientation", msgs.orientation(orientation))],
            ),
            GroupWords::SummonWith { card, orientation, pickup, onto } => {
                msgs.summon_pattern(card, orientation, pickup, onto.map(piece))
            }
            GroupWords::Move { piece: p, from, onto } => msgs.move_pattern(p.map(piece), from, onto.map(piece)),
        }
    }
}

/// The legal list of `choices` ([`LegalEntry`]).
#[cfg(test)]
pub(crate) fn legal_list(game: &Game, choices: Vec<Choice>, msgs: &Messages) -> Vec<LegalEntry> {
    legal_list_with(game, choices, msgs, &|c, f| msgs.choice(c, f), &|w| w.say(msgs, &|p| msgs.piece(p)))
}

/// The legal list of `choices`, each choice's words by `label`, a
/// group's by `group`.
fn legal_list_with(
    game: &Game,
    choices: Vec<Choice>,
    msgs: &Messages,
    label: &dyn Fn(Choice, &Facts) -> String,
    group: &dyn Fn(GroupWords) -> String,
) -> Vec<LegalEntry> {
    let mut out: Vec<LegalEntry> = Vec::new();
    // each group's place in `out`, by kind, card and orientation, or square moved from
    type Key = (&'static str, Option<CardId>, Option<Orientation>, Option<Square>);
    let mut groups: FxHashMap<Key, usize> = FxHashMap::default();
    for c in choices {
        let (key, member, piece) = match c {
            Choice::Summon { card, at, orientation, pickup } => {
                let onto = Facts::of(game, c).onto;
                let member = match (pickup, onto) {
                    (None, None) => Member::At(at),
                    _ => Member::With(MemberAt { at, pickup, onto }),
                };
                (("summon", Some(card), Some(orientation), None), member, None)
            }
            Choice::Move { from, to } => {
                let facts = Facts::of(game, c);
                let member = match facts.onto {
                    None => Member::At(to),
                    onto => Member::With(MemberAt { at: to, pickup: None, onto }),
                };
                (("move", None, None, Some(from)), member, facts.piece)
            }
            Choice::Place(at) => (("place", None, None, None), Member::At(at), None),
            Choice::PickUp(at) => (("pickup", None, None, None), Member::At(at), None),
            _ => {
                out.push(LegalEntry::One(legal_model_with(game, c, label)));
                continue;
            }
        };
        let at = *groups.entry(key).or_insert_with(|| {
            let (kind, card, orientation, from) = key;
            let (text, label) = match (card, orientation, from) {
                (Some(card), Some(o), _) => {
                    (format!("summon {} @ {o}", card.def().id), group(GroupWords::Summon { card, orientation: o }))
                }
                (_, _, Some(from)) => (format!("{from}-@"), group(GroupWords::Move { piece, from, onto: None })),
                _ => {
                    (format!("{kind} @"), msgs.text(if kind == "place" { "legal-place" } else { "legal-pickup" }, &[]))
                }
            };
            let shifts = card.zip(orientation).and_then(|(card, o)| oriented(card, canonical_orientation(card, o)));
            out.push(LegalEntry::Group(LegalGroup {
                kind,
                card,
                orientation,
                from,
                piece,
                pattern: shifts.as_ref().map(|p| p.squares.iter().map(|&(x, y, _)| (x, y)).collect()),
                marked: shifts.map(|p| p.marked.clone()),
                text,
                label,
                pickup_label: None,
                onto_labels: Vec::new(),
                each: Vec::new(),
            }));
            out.len() - 1
        });
        if let Some(LegalEntry::Group(g)) = out.get_mut(at) {
            if let Member::With(MemberAt { pickup, onto, .. }) = member {
                let (card, orientation, from, moved) = (g.card, g.orientation, g.from, g.piece);
                let words = |onto| match (card, orientation, from) {
                    (Some(card), Some(orientation), _) => {
                        group(GroupWords::SummonWith { card, orientation, pickup: pickup.is_some(), onto })
                    }
                    (_, _, from) => group(GroupWords::Move { piece: moved, from: from.unwrap_or(member.at()), onto }),
                };
                match onto {
                    Some(onto) if !g.onto_labels.iter().any(|l| l.onto == onto && l.pickup == pickup.is_some()) => {
                        let label = words(Some(onto));
                        g.onto_labels.push(OntoLabel { onto, pickup: pickup.is_some(), label });
                    }
                    None if pickup.is_some() && g.pickup_label.is_none() => g.pickup_label = Some(words(None)),
                    _ => {}
                }
            }
            g.each.push(member);
        }
    }
    out
}

/// How the game ended, in words and as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultModel {
    /// The result in one sentence, with the score.
    pub text: String,
    /// `winners, team?, draw, why (+resigned/timeout seat), end_score, ranking`.
    #[serde(flatten)]
    pub result: GameResult,
}

/// An event as the viewer may know it, with its sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventModel {
    /// The event's number in the game (counted from 0).
    pub n: u32,
    /// The rules' event, its pieces in short form ([`crate::short`]).
    #[serde(flatten, with = "short::EventShort")]
    pub event: Event,
    /// (shared by every model of a change that shows the event alike)
    pub text: Arc<str>,
}

/// The board squares of `card`'s pattern and of its marked squares, laid
/// at `at` in `orientation`.
pub(crate) fn laid(card: CardId, at: Square, orientation: Orientation) -> (Vec<Square>, Vec<Square>) {
    let Some(p) = oriented(card, canonical_orientation(card, orientation)) else { return (Vec::new(), Vec::new()) };
    let squares = p.squares.iter().filter_map(|&(x, y, _)| at.offset(x, y)).collect();
    let marked = p.marked.iter().filter_map(|&(x, y)| at.offset(x, y)).collect();
    (squares, marked)
}

/// The parts of a model that every viewer of a game is shown alike in one
/// language, worded once per change and shared by the viewers' models
/// ([`model_with`]): the seats' names, the question, the result, and the
/// events' sentences (worded on first use: a sentence depends only on the
/// event as a viewer knows it and the names, so two viewers who know an
/// event alike share its words).
pub struct Shared<'m> {
    msgs: &'m Messages,
    names: Vec<String>,
    question: Option<QuestionModel>,
    result: Option<ResultModel>,
    left: Vec<LeftSeat>,
    events: RefCell<FxHashMap<Event, Arc<str>>>,
    /// Sentences worded for an earlier change, taken as they are used.
    earlier: RefCell<FxHashMap<Event, Arc<str>>>,
    /// The legal choices' words, by the choice and what it acts on (they
    /// depend on nothing else), and those of an earlier change.
    labels: RefCell<FxHashMap<(Choice, Facts), String>>,
    earlier_labels: RefCell<FxHashMap<(Choice, Facts), String>>,
    /// The words of the legal list's groups (by what they depend on),
    /// kept for the whole game (a game has a few hundred at most).
    groups: RefCell<FxHashMap<GroupWords, String>>,
    /// The words of the pieces (by piece) and of the summonings before
    /// what they take up or destroy (by card, square and orientation) in
    /// this change's legal lists: a list in a piece shortage has a
    /// summoning per square and piece taken up, each worded from these.
    pieces: RefCell<FxHashMap<Piece, String>>,
    summons: RefCell<FxHashMap<(CardId, Square, Orientation), String>>,
    /// The last view's events and their models: the next view with the
    /// same events (most classes of a change see them alike) takes a copy.
    last_events: RefCell<Option<(Vec<EventView>, Vec<EventModel>)>>,
    /// The events' models of the change before, oldest first: an event
    /// still in the window takes its sentence from there.
    earlier_list: Vec<EventModel>,
}

/// The events' sentences and the legal choices' words of one change,
/// kept for the next ([`Shared::with_words`]): an event's sentence does
/// not change once made while the seats' names stay, nor a choice's words
/// while it acts on the same pieces, so a game's task words each once,
/// not at every change while it stays in the window or the list.
#[derive(Debug, Default)]
pub struct EventWords {
    names: Vec<String>,
    events: FxHashMap<Event, Arc<str>>,
    /// The last events' models made, oldest first: most of the next
    /// change's window.
    list: Vec<EventModel>,
    labels: FxHashMap<(Choice, Facts), String>,
    groups: FxHashMap<GroupWords, String>,
}

impl<'m> Shared<'m> {
    /// Words what every viewer of `game` is shown alike, in the language of
    /// `msgs` (`table`'s players name the seats; its `can_undo` is not read).
    pub fn new(game: &Game, table: &Table, msgs: &'m Messages) -> Self {
        let names: Vec<String> = (0..game.seat_count() as Seat).map(|s| seat_name(game, s, table, msgs)).collect();
        let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_else(|| seat_name(game, s, table, msgs));
        let question = game.question().map(|q| QuestionModel {
            seat: q.seat,
            kind: q.kind,
            card: q.card,
            step: q.step,
            text: Some(msgs.question(&q, game)),
        });
        let result = game.result().map(|r| ResultModel { text: msgs.result(&r, game, &name), result: r });
        let left = (0..game.seat_count() as Seat)
            .filter_map(|seat| crate::left_text(game, seat, table, msgs).map(|text| LeftSeat { seat, text }))
            .collect();
        Shared {
            msgs,
            names,
            question,
            result,
            left,
            events: RefCell::default(),
            earlier: RefCell::default(),
            labels: RefCell::default(),
            earlier_labels: RefCell::default(),
            groups: RefCell::default(),
            pieces: RefCell::default(),
            summons: RefCell::default(),
            last_events: RefCell::default(),
            earlier_list: Vec::new(),
        }
    }

    /// [`Shared::new`], with the sentences of an earlier change (those of
    /// the same names are used again).
    pub fn with_words(game: &Game, table: &Table, msgs: &'m Messages, words: EventWords) -> Self {
        let mut s = Shared::new(game, table, msgs);
        if words.names == s.names {
            *s.earlier.borrow_mut() = words.events;
            s.earlier_list = words.list;
        }
        *s.earlier_labels.borrow_mut() = words.labels;
        *s.groups.borrow_mut() = words.groups;
        s
    }

    /// The sentences and words used so far (of this change's models), for
    /// the next change: only those, so what is kept is the events' window
    /// and the legal list, not the whole game's.
    pub fn into_words(self) -> EventWords {
        EventWords {
            names: self.names,
            events: self.events.into_inner(),
            list: self.last_events.into_inner().map(|(_, made)| made).unwrap_or_default(),
            labels: self.labels.into_inner(),
            groups: self.groups.into_inner(),
        }
    }

    /// A legal choice's words, as [`Say::choice`] words them, with the
    /// parts a list repeats (a piece, a summoning before what it takes
    /// up) worded once.
    fn word_choice(&self, c: Choice, f: &Facts) -> String {
        let piece = |p: Piece| self.pieces.borrow_mut().entry(p).or_insert_with(|| self.msgs.piece(p)).clone();
        match c {
            Choice::Summon { card, at, orientation, pickup } => {
                let base = self
                    .summons
                    .borrow_mut()
                    .entry((card, at, orientation))
                    .or_insert_with(|| self.msgs.summon_base(card, at, orientation))
                    .clone();
                self.msgs.summon_rest(base, pickup, f.onto.map(piece))
            }
            Choice::Move { from, to } => self.msgs.move_words(f.piece.map(piece), from, to, f.onto.map(piece)),
            _ => self.msgs.choice(c, f),
        }
    }

    /// A group's words ([`GroupWords`]), worded once a game.
    fn group(&self, w: GroupWords) -> String {
        if let Some(t) = self.groups.borrow().get(&w) {
            return t.clone();
        }
        let piece = |p: Piece| self.pieces.borrow_mut().entry(p).or_insert_with(|| self.msgs.piece(p)).clone();
        let text = w.say(self.msgs, &piece);
        self.groups.borrow_mut().insert(w, text.clone());
        text
    }

    /// A legal choice's words, worded once.
    fn label(&self, c: Choice, f: &Facts) -> String {
        let key = (c, *f);
        if let Some(t) = self.labels.borrow().get(&key) {
            return t.clone();
        }
        let text = match self.earlier_labels.borrow_mut().remove(&key) {
            Some(t) => t,
            None => self.word_choice(c, f),
        };
        self.labels.borrow_mut().insert(key, text.clone());
        text
    }

    /// The models of a view's events, each with its sentence.
    fn events(&self, events: &[EventView]) -> Vec<EventModel> {
        if let Some((seen, made)) = &*self.last_events.borrow() {
            if seen == events {
                return made.clone();
            }
        }
        // the window slid on from the change before's: an event still in it
        // is found there, in order, without hashing it (an event's sentence
        // is the same wherever it comes, with the same names)
        let earlier = &self.earlier_list;
        let mut k = 0;
        let made: Vec<EventModel> = events
            .iter()
            .map(|e| {
                while earlier.get(k).is_some_and(|m| m.n < e.n) {
                    k += 1;
                }
                let text = match earlier.get(k) {
                    Some(m) if m.n == e.n && m.event == e.event => m.text.clone(),
                    _ => self.event(&e.event),
                };
                EventModel { n: e.n, event: e.event, text }
            })
            .collect();
        *self.last_events.borrow_mut() = Some((events.to_vec(), made.clone()));
        made
    }

    /// An event's sentence, worded once.
    fn event(&self, e: &Event) -> Arc<str> {
        if let Some(t) = self.events.borrow().get(e) {
            return t.clone();
        }
        if let Some(t) = self.earlier.borrow_mut().remove(e) {
            self.events.borrow_mut().insert(*e, t.clone());
            return t;
        }
        // (a seat the game does not have is named by its number, as `seat_name` does)
        let name = |s: Seat| {
            self.names
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| self.msgs.text("seat-number", tash_kalar_i18n::args![("seat", s as u32 + 1)]))
        };
        let text: Arc<str> = self.msgs.event(e, &name).into();
        self.events.borrow_mut().insert(*e, text.clone());
        text
    }
}

/// The view of `game` that `viewer` has. A seat the game does not have
/// sees what a spectator sees.
pub fn view_of(game: &Game, viewer: Viewer) -> View {
    match viewer {
        Viewer::Seat { seat } if (seat as usize) < game.seat_count() => game.view(seat),
        Viewer::Seat { .. } | Viewer::Spectator => game.spectator_view(),
        Viewer::Referee => game.referee_view(),
    }
}

/// The views of several viewers of `game` at once, each its [`view_of`]
/// (the board's text written once: [`Game::views`]).
pub fn views_of(game: &Game, viewers: &[Viewer]) -> Vec<View> {
    let known = |v: Viewer| match v {
        Viewer::Seat { seat } if (seat as usize) >= game.seat_count() => Viewer::Spectator,
        v => v,
    };
    game.views(&viewers.iter().map(|&v| known(v)).collect::<Vec<_>>())
}

/// The client's model of `game` for `viewer`, in the language of `msgs`.
/// A seat the game does not have sees what a spectator sees.
pub fn model(game: &Game, viewer: Viewer, table: &Table, msgs: &Messages) -> Model {
    model_with(game, view_of(game, viewer), table, &Shared::new(game, table, msgs))
}

/// The client's model of `game` from a viewer's `view` (its [`view_of`]),
/// with the parts `shared` by every viewer in its language: a server
/// building the models of several viewers and languages builds each view
/// once and words the shared parts once per language. `table`'s `can_undo`
/// is this viewer's.
pub fn model_with(game: &Game, view: View, table: &Table, shared: &Shared) -> Model {
    let msgs = shared.msgs;
    let seats = game.seat_count();
    let chooses = match (game.actor(), view.viewer) {
        (Actor::Seat(a), Viewer::Seat { seat }) => a == seat,
        (Actor::Seat(_), Viewer::Referee) => true,
        _ => false,
    };
    let question = shared.question.as_ref().map(|q| QuestionModel {
        seat: q.seat,
        kind: q.kind,
        card: q.card,
        step: q.step,
        text: if chooses { q.text.clone() } else { None },
    });
    // (listed once: the seat that chooses is the one that may discard)
    let choices = chooses.then(|| game.legal_choices());
    let viewer_seat = match view.viewer {
        Viewer::Seat { seat } => Some(seat),
        _ => None,
    };
    let can = Can {
        resign: viewer_seat.is_some() && game.can_resign(),
        undo: table.can_undo,
        discard: viewer_seat.is_some()
            && choices.as_ref().is_some_and(|cs| cs.iter().any(|c| matches!(c, Choice::Discard(_)))),
        abort: viewer_seat.is_some() && game.can_abort(),
        claim: viewer_seat.is_some() && table.can_claim,
        leave: viewer_seat.is_some_and(|s| {
            seats > 2 && !game.is_over() && table.players.get(s as usize).is_none_or(|p| p.bot.is_none())
        }),
        ..Can::default()
    };
    let legal = choices.map(|cs| legal_list_with(game, cs, msgs, &|c, f| shared.label(c, f), &|w| shared.group(w)));
    let result = shared.result.clone();
    let events = shared.events(&view.events);
    let effect = view.effect.as_ref().map(|e| EffectModel {
        card: e.card,
        color: e.color,
        at: e.at,
        orientation: e.orientation,
        marked: match (e.at, e.orientation) {
            (Some(at), Some(o)) => Some(laid(e.card, at, o).1),
            _ => None,
        },
        flare: e.flare.clone(),
        prompt: e.prompt,
        stage: e.state.stage,
        copied: e.state.copied,
    });
    let View {
        viewer,
        form,
        board,
        actor,
        phase,
        turn,
        scores,
        seats: seat_views,
        legends,
        flares,
        prompt,
        end,
        tasks,
        outcome,
        ..
    } = view;
    Model {
        viewer,
        form,
        board,
        actor,
        phase,
        turn,
        scores,
        seats: seat_views,
        legends,
        flares,
        effect,
        prompt,
        end,
        tasks,
        outcome,
        lang: msgs.lang().code(),
        names: shared.names.clone(),
        side: if form.uses_tasks() { Side::Tasks } else { Side::Deathmatch },
        teams: (form.teams() && seats == 4).then_some([[0, 2], [1, 3]]),
        can,
        question,
        legal,
        result,
        events,
        left: shared.left.clone(),
    }
}

/// A legal choice of `game` as the model lists it.
#[cfg(test)]
pub(crate) fn legal_model(game: &Game, c: Choice, msgs: &Messages) -> LegalModel {
    legal_model_with(game, c, &|c, f| msgs.choice(c, f))
}

/// A legal choice of `game` as the model lists it, its words by `label`.
fn legal_model_with(game: &Game, c: Choice, label: &dyn Fn(Choice, &Facts) -> String) -> LegalModel {
    let facts = Facts::of(game, c);
    let (squares, marked) = match c {
        Choice::Summon { card, at, orientation, .. } => {
            let (s, m) = laid(card, at, orientation);
            (Some(s), Some(m))
        }
        _ => (None, None),
    };
    LegalModel {
        choice: c,
        text: c.to_string(),
        piece: facts.piece,
        onto: facts.onto,
        meaning: facts.meaning,
        color: facts.color,
        card: facts.card,
        squares,
        marked,
        label: label(c, &facts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Lang, Player};
    use rand::{Rng, SeedableRng};
    use tash_kalar_rules::{Form, Match, Mover, School};

    /// Random games of every form: the legal list, its groups opened, is
    /// every legal choice once; each summoning's squares, laid from its
    /// group's shifts, are its pattern's laid there, and its words are the
    /// group's unless it takes up or destroys a piece.
    #[test]
    fn the_legal_list_groups_every_choice_once() {
        let forms: [(Form, &[School]); 3] = [
            (Form::Duel, &[School::Northern, School::Southern]),
            (Form::Melee, &[School::Highland, School::Sylvan, School::Everfrost]),
            (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
        ];
        let msgs = Messages::new(Lang::En);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut groups, mut own_words, mut pickups, mut moves) = (0, 0, 0, 0);
        for (form, schools) in forms {
            for _ in 0..3 {
                let mut m = Match::new(form, schools, None).unwrap();
                while !m.game().is_over() {
                    let g = m.game();
                    let legal = g.legal_choices();
                    if matches!(g.actor(), Actor::Seat(_)) {
                        let list = legal_list(g, legal.clone(), &msgs);
                        let mut texts: Vec<String> = list.iter().flat_map(|e| e.choices()).map(|(t, _)| t).collect();
                        let mut want: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
                        texts.sort();
                        want.sort();
                        assert_eq!(texts, want);
                        for e in &list {
                            let LegalEntry::Group(grp) = e else { continue };
                            groups += 1;
                            for (member, (text, label)) in grp.each.iter().zip(e.choices()) {
                                let c: Choice = legal.iter().copied().find(|c| c.to_string() == text).unwrap();
                                let one = legal_model(g, c, &msgs);
                                // on the wire: its square, `<` the piece taken up, `:` the piece destroyed
                                let wire = serde_json::to_value(member).unwrap();
                                let read = Member::parse(wire.as_str().unwrap()).unwrap();
                                assert_eq!(&read, member, "{text}");
                                let (pickup, onto) = match read {
                                    Member::At(_) => (None, None),
                                    Member::With(MemberAt { pickup, onto, .. }) => (pickup, onto),
                                };
                                assert_eq!(onto, one.onto, "{text}");
                                let taken = match c {
                                    Choice::Summon { pickup, .. } => pickup,
                                    _ => None,
                                };
                                assert_eq!(pickup, taken, "{text}");
                                if grp.kind == "summon" {
                                    let (squares, marked) = grp.laid(member.at());
                                    assert_eq!(
                                        (Some(&squares), Some(&marked)),
                                        (one.squares.as_ref(), one.marked.as_ref())
                                    );
                                }
                                if grp.kind == "move" {
                                    // from its square to the member's, the piece on it named
                                    assert_eq!(c, Choice::Move { from: grp.from.unwrap(), to: member.at() });
                                    assert_eq!(grp.piece, one.piece, "{text}");
                                    moves += 1;
                                }
                                if let Member::With(s) = member {
                                    assert!(s.pickup.is_some() || s.onto.is_some(), "{text}");
                                    assert_eq!(s.onto, one.onto, "{text}");
                                    own_words += 1;
                                    pickups += usize::from(s.onto.is_none());
                                }
                                if grp.kind == "move" || matches!(member, Member::With(_)) {
                                    // its own choice's words, however sent
                                    assert_eq!(label, one.label, "{text}");
                                }
                                assert_eq!(grp.kind, serde_json::to_value(c).unwrap()["kind"]);
                            }
                        }
                    }
                    let c = legal[rng.gen_range(0..legal.len())];
                    let mover = Mover::of(g.actor()).expect("a game with legal choices has a mover");
                    m.act(mover, c).unwrap();
                }
            }
        }
        assert!(
            groups > 100 && pickups > 100 && moves > 0 && own_words > pickups,
            "groups were made ({groups}, {pickups} taking up a piece, {own_words} taking up or destroying, {moves} moves)"
        );
        eprintln!("{groups} groups, {own_words} members taking up or destroying a piece, {pickups} taking up only, {moves} moves");
    }

    /// A group's member is written as one short text.
    #[test]
    fn a_member_is_written_as_its_squares_and_piece() {
        use tash_kalar_rules::board::Rank;
        let sq = |s: &str| Square::parse(s).unwrap();
        let wire = |m: Member| serde_json::to_value(m).unwrap();
        assert_eq!(wire(Member::At(sq("d7"))), "d7");
        let with = |pickup: Option<&str>, onto: Option<Piece>| {
            wire(Member::With(MemberAt { at: sq("d7"), pickup: pickup.map(sq), onto }))
        };
        assert_eq!(with(Some("a3"), None), "d7<a3");
        assert_eq!(with(None, Some(Piece::new(Color::Red, Rank::Heroic))), "d7:r+");
        assert_eq!(with(Some("a3"), Some(Piece::new(Color::Blue, Rank::Common))), "d7<a3:b");
        // read back as written; anything else is no member
        for text in ["d7", "d7<a3", "d7:r+", "d7<a3:b"] {
            assert_eq!(Member::parse(text).map(|m| m.to_string()).as_deref(), Some(text));
        }
        for bad in ["", "d", "j1", "d7<", "d7<a3<b4", "d7:", "d7:x", "d7:r++", "d7<z9:r", ":r"] {
            assert_eq!(Member::parse(bad), None, "{bad:?}");
        }
        // and a legal entry's pieces as their board text
        let onto = OntoLabel { onto: Piece::new(Color::Brown, Rank::Legendary), pickup: false, label: "x".into() };
        assert_eq!(serde_json::to_value(onto).unwrap(), serde_json::json!({"onto": "n*", "label": "x"}));
    }

    /// Random games of every form, to the end, in every language: each
    /// legal choice's words in the model (worded from the parts a list
    /// repeats, and kept from the change before) are the words the
    /// choice has alone ([`Say::choice`]). A random seed, or
    /// `TK_PROPERTY_WORDS_SEED` to run a failure again.
    #[test]
    fn the_legal_choices_words_are_each_choices_own() {
        let forms: [(Form, &[School]); 3] = [
            (Form::Duel, &[School::Northern, School::Southern]),
            (Form::Melee, &[School::Highland, School::Sylvan, School::Everfrost]),
            (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
        ];
        let table = Table::default();
        let seed: u64 =
            std::env::var("TK_PROPERTY_WORDS_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut summons, mut moves) = (0, 0);
        for (form, schools) in forms {
            let mut m = Match::new(form, schools, None).unwrap();
            let mut words: [EventWords; 3] = Default::default();
            while !m.game().is_over() {
                let g = m.game();
                let legal = g.legal_choices();
                if let Actor::Seat(seat) = g.actor() {
                    for (l, lang) in Lang::ALL.into_iter().enumerate() {
                        let msgs = Messages::new(lang);
                        let shared = Shared::with_words(g, &table, &msgs, std::mem::take(&mut words[l]));
                        let model = model_with(g, view_of(g, Viewer::Seat { seat }), &table, &shared);
                        for e in model.legal.iter().flatten() {
                            let own: Vec<(String, String)> = match e {
                                LegalEntry::One(c) => vec![(c.text.clone(), c.label.clone())],
                                LegalEntry::Group(grp) => grp
                                    .each
                                    .iter()
                                    // (put together from the group's words: a move's, and one
                                    // taking up or destroying a piece)
                                    .filter(|m| grp.kind == "move" || matches!(m, Member::With(_)))
                                    .map(|m| (grp.member_text(m), grp.member_label(m)))
                                    .collect(),
                            };
                            for (text, label) in own {
                                let c = legal.iter().copied().find(|c| c.to_string() == text).unwrap();
                                summons += usize::from(matches!(c, Choice::Summon { .. }));
                                moves += usize::from(matches!(c, Choice::Move { .. }));
                                assert_eq!(label, msgs.choice(c, &Facts::of(g, c)), "seed {seed}, {form:?}, {lang:?}");
                            }
                        }
                        words[l] = shared.into_words();
                    }
                }
                let c = legal[rng.gen_range(0..legal.len())];
                let mover = Mover::of(g.actor()).expect("a game with legal choices has a mover");
                m.act(mover, c).unwrap();
            }
        }
        assert!(
            summons > 0 && moves > 0,
            "seed {seed}: {summons} summonings and {moves} moves with words of their own"
        );
    }

    /// Random games of every form, to the end: at every step, each
    /// viewer's model built from its view with one [`Shared`] per language
    /// (as the server builds them) is the model [`model`] builds alone,
    /// and the views made together ([`views_of`]) are each viewer's own.
    #[test]
    fn models_with_shared_words_are_the_models() {
        let forms: [(Form, &[School]); 4] = [
            (Form::Duel, &[School::Northern, School::Southern]),
            (Form::HighForm, &[School::Northern, School::Southern]),
            (Form::Melee, &[School::Northern, School::Southern, School::Highland]),
            (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
        ];
        let table = Table {
            players: vec![
                Player { name: Some("Ana".into()), bot: None },
                Player { name: None, bot: Some("medium".into()) },
            ],
            can_undo: true,
            can_claim: false,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for (form, schools) in forms {
            let mut m = Match::new(form, schools, None).unwrap();
            let mut words: [EventWords; 3] = Default::default();
            for _ in 0..400 {
                let g = m.game();
                let viewers: Vec<Viewer> = (0..g.seat_count() as Seat)
                    .map(|seat| Viewer::Seat { seat })
                    .chain([Viewer::Spectator, Viewer::Referee])
                    .collect();
                // the views made together (the board's text once) are each
                // viewer's own, a seat the game does not have a spectator's
                let together: Vec<Viewer> = viewers.iter().copied().chain([Viewer::Seat { seat: 7 }]).collect();
                let views = views_of(g, &together);
                assert_eq!(views.len(), together.len());
                for (&v, view) in together.iter().zip(views) {
                    assert_eq!(view, view_of(g, v));
                }
                for (l, lang) in Lang::ALL.into_iter().enumerate() {
                    let msgs = Messages::new(lang);
                    // (with the sentences of the step before, as the server keeps them)
                    let shared = Shared::with_words(g, &table, &msgs, std::mem::take(&mut words[l]));
                    for &v in &viewers {
                        assert_eq!(model_with(g, view_of(g, v), &table, &shared), model(g, v, &table, &msgs));
                    }
                    words[l] = shared.into_words();
                }
                if g.is_over() {
                    break;
                }
                let legal = g.legal_choices();
                let c = legal[rng.gen_range(0..legal.len())];
                let mover = Mover::of(g.actor()).expect("a game with legal choices has a mover");
                m.act(mover, c).unwrap();
            }
        }
    }
}
