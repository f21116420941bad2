//! Choices: every step of a game is one small `Copy` choice by one actor.
//!
//! Text forms (see `docs/notation.md`):
//!
//! | choice | text |
//! |---|---|
//! | draw a card (chance) | `draw imperial.knight` |
//! | turn up a task (chance) | `draw tasks.center_cross` |
//! | claim a task at the end of the turn (decline with `skip`) | `claim tasks.center_cross` |
//! | duel start pieces: own color on a square | `start c5` |
//! | melee start pieces: a piece of a color next to the next symbol | `start f8 b` |
//! | place action | `place e5` |
//! | piece shortage: begin the place action by picking up your piece | `pickup c3` (then `place e5`) |
//! | summon action | `summon imperial.knight e5 r90`, with shortage `... from c3` |
//! | discard action | `discard imperial.knight` |
//! | return a card to the bottom of its deck (or, in an effect, pick one from your discard pile) | `return flares.03` |
//! | finish returning cards | `done` |
//! | invoke a flare, comparing yourself with the opponent of that color | `flare b` |
//! | Everfrost: thaw your frozen card (its frozen effect) | `thaw` |
//! | Etherweave: play a being's warp effect from your hand (it becomes your pending being) | `warp etherweave.paradox_worm` |
//! | team play: pass control to your teammate | `pass` |
//! | melee: the color an improvised summoning uses up, when two could | `improvise b` |
//! | melee, end of turn: score 1 point in a color | `point b` |
//! | end the turn | `end` |
//! | choose a square in an effect | `e5` |
//! | move or leap a piece in an effect | `e5-f6` |
//! | choose a direction | `dir ne` |
//! | choose option n of an effect | `option 2` |
//! | decline an optional part, or stop | `skip` |
//!
//! Resigning is not a choice: it is never among the legal choices, it is
//! [`crate::Match::resign`], and a record writes it as a line of its own
//! (`N resign`, see [`crate::record`]). Reading `resign` as a choice is the
//! typed error [`ChoiceTextError::Resign`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::Color;
use crate::cards::CardId;
use crate::geometry::{Dir, Orientation, Square};
use crate::tasks::TaskId;
use crate::token::Token;

/// One atomic decision.
///
/// As JSON a choice is an object tagged by `kind` (the same words as the
/// text form: `{"kind": "summon", "card": "imperial.knight", "at": "e5",
/// "orientation": "r90"}`, `{"kind": "option", "option": 1}` numbered as
/// in the text); see [`Tagged`] for every kind and its fields.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "Tagged", try_from = "Tagged")]
pub enum Choice {
    /// Chance: the card drawn from the pile being drawn from.
    Draw(CardId),
    /// Deathmatch duel setup: the placing player's own common piece goes on
    /// this start square, the opponent's on the other.
    StartPieces(Square),
    /// Deathmatch Melee setup: a common piece of `color` on `at`, next to
    /// the next start symbol.
    StartPiece { at: Square, color: Color },
    /// The place action: a common piece on an empty square.
    Place(Square),
    /// Piece shortage: begin the place action by picking up one of your
    /// common or heroic pieces (then `Place` puts it down as a common piece).
    PickUp(Square),
    /// The summon action: the card, the summoning square and the orientation
    /// of the pattern; `pickup` as for placing.
    Summon { card: CardId, at: Square, orientation: Orientation, pickup: Option<Square> },
    /// The discard action: discard this being from your hand.
    Discard(CardId),
    /// After a discard: return this card to the bottom of its deck. In an
    /// effect that takes a card from your discard pile (the Kiskin Spirit):
    /// that card.
    Return(CardId),
    /// Stop returning cards.
    Done,
    /// Invoke the flare in your hand, comparing yourself with the player of
    /// this color.
    Flare(Color),
    /// Everfrost: thaw your frozen card, resolving its frozen effect.
    Thaw,
    /// Etherweave: play this being's warp effect from your hand; the card
    /// becomes your pending being.
    Warp(CardId),
    /// End the turn (all actions used).
    EndTurn,
    /// Pick a square while resolving an effect.
    Square(Square),
    /// Move or leap the piece on `from` to `to` while resolving an effect.
    Move { from: Square, to: Square },
    /// Pick a direction while resolving an effect.
    Direction(Dir),
    /// Pick one of an effect's numbered options (1-based in text).
    Option(u8),
    /// Decline an optional part of an effect, or stop repeating one; at the
    /// end of a turn, decline to claim a task.
    Skip,
    /// Chance: the task turned up from the task deck.
    DrawTask(TaskId),
    /// Claim this current task at the end of your turn.
    Claim(TaskId),
    /// Team play: pass control of your turn to your teammate.
    PassControl,
    /// Deathmatch Melee: the enemy color an improvised summoning uses up.
    Improvise(Color),
    /// Deathmatch Melee, end of turn: score 1 point in this color.
    Point(Color),
}

impl Choice {
    /// The text form of this choice.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Choice::Draw(c) => write!(f, "draw {}", c.def().id),
            Choice::StartPieces(s) => write!(f, "start {s}"),
            Choice::StartPiece { at, color } => write!(f, "start {at} {color}"),
            Choice::Place(to) => write!(f, "place {to}"),
            Choice::PickUp(from) => write!(f, "pickup {from}"),
            Choice::Summon { card, at, orientation, pickup } => {
                write!(f, "summon {} {at} {orientation}", card.def().id)?;
                if let Some(p) = pickup {
                    write!(f, " from {p}")?;
                }
                Ok(())
            }
            Choice::Discard(c) => write!(f, "discard {}", c.def().id),
            Choice::Return(c) => write!(f, "return {}", c.def().id),
            Choice::Done => f.write_str("done"),
            Choice::Flare(c) => write!(f, "flare {c}"),
            Choice::EndTurn => f.write_str("end"),
            Choice::Thaw => f.write_str("thaw"),
            Choice::Warp(c) => write!(f, "warp {}", c.def().id),
            Choice::Square(s) => write!(f, "{s}"),
            Choice::Move { from, to } => write!(f, "{from}-{to}"),
            Choice::Direction(d) => write!(f, "dir {d}"),
            Choice::Option(n) => write!(f, "option {}", n + 1),
            Choice::Skip => f.write_str("skip"),
            Choice::DrawTask(t) => write!(f, "draw {t}"),
            Choice::Claim(t) => write!(f, "claim {t}"),
            Choice::PassControl => f.write_str("pass"),
            Choice::Improvise(c) => write!(f, "improvise {c}"),
            Choice::Point(c) => write!(f, "point {c}"),
        }
    }
}

/// A choice as JSON: internally tagged by `kind`, with named fields (the
/// names clients read: `at`, `from`, `to`, `pickup`, `card`, `orientation`,
/// `color`, `task`, `dir`, `option`). Both draws are `draw`, with a `card`
/// or a `task`; both start choices are `start`, a melee's with a `color`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Tagged {
    Draw {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<TaskId>,
    },
    Start {
        at: Square,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    Place {
        at: Square,
    },
    Pickup {
        at: Square,
    },
    Summon {
        card: CardId,
        at: Square,
        orientation: Orientation,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pickup: Option<Square>,
    },
    Discard {
        card: CardId,
    },
    Return {
        card: CardId,
    },
    Done,
    Flare {
        color: Color,
    },
    Thaw,
    Warp {
        card: CardId,
    },
    End,
    Square {
        at: Square,
    },
    Move {
        from: Square,
        to: Square,
    },
    Dir {
        dir: Dir,
    },
    /// Numbered from 1, as in the text form.
    Option {
        option: u8,
    },
    Skip,
    Claim {
        task: TaskId,
    },
    Pass,
    Improvise {
        color: Color,
    },
    Point {
        color: Color,
    },
}

impl Choice {
    /// The choice's kind: its JSON tag and the first word of most of its
    /// text forms (`summon`, `move`, `option`...).
    pub fn kind(&self) -> &'static str {
        match self {
            Choice::Draw(_) | Choice::DrawTask(_) => "draw",
            Choice::StartPieces(_) | Choice::StartPiece { .. } => "start",
            Choice::Place(_) => "place",
            Choice::PickUp(_) => "pickup",
            Choice::Summon { .. } => "summon",
            Choice::Discard(_) => "discard",
            Choice::Return(_) => "return",
            Choice::Done => "done",
            Choice::Flare(_) => "flare",
            Choice::Thaw => "thaw",
            Choice::Warp(_) => "warp",
            Choice::EndTurn => "end",
            Choice::Square(_) => "square",
            Choice::Move { .. } => "move",
            Choice::Direction(_) => "dir",
            Choice::Option(_) => "option",
            Choice::Skip => "skip",
            Choice::Claim(_) => "claim",
            Choice::PassControl => "pass",
            Choice::Improvise(_) => "improvise",
            Choice::Point(_) => "point",
        }
    }
}

impl From<Choice> for Tagged {
    fn from(c: Choice) -> Tagged {
        match c {
            Choice::Draw(card) => Tagged::Draw { card: Some(card), task: None },
            Choice::DrawTask(task) => Tagged::Draw { card: None, task: Some(task) },
            Choice::StartPieces(at) => Tagged::Start { at, color: None },
            Choice::StartPiece { at, color } => Tagged::Start { at, color: Some(color) },
            Choice::Place(at) => Tagged::Place { at },
            Choice::PickUp(at) => Tagged::Pickup { at },
            Choice::Summon { card, at, orientation, pickup } => Tagged::Summon { card, at, orientation, pickup },
            Choice::Discard(card) => Tagged::Discard { card },
            Choice::Return(card) => Tagged::Return { card },
            Choice::Done => Tagged::Done,
            Choice::Flare(color) => Tagged::Flare { color },
            Choice::Thaw => Tagged::Thaw,
            Choice::Warp(card) => Tagged::Warp { card },
            Choice::EndTurn => Tagged::End,
            Choice::Square(at) => Tagged::Square { at },
            Choice::Move { from, to } => Tagged::Move { from, to },
            Choice::Direction(dir) => Tagged::Dir { dir },
            Choice::Option(n) => Tagged::Option { option: n + 1 },
            Choice::Skip => Tagged::Skip,
            Choice::Claim(task) => Tagged::Claim { task },
            Choice::PassControl => Tagged::Pass,
            Choice::Improvise(color) => Tagged::Improvise { color },
            Choice::Point(color) => Tagged::Point { color },
        }
    }
}

/// A JSON choice that names no choice: a draw of both or neither a card
/// and a task, or option 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaggedError {
    #[error("a draw names a card or a task, not both nor neither")]
    Draw,
    #[error("options are numbered from 1")]
    OptionZero,
}

impl TryFrom<Tagged> for Choice {
    type Error = TaggedError;

    fn try_from(t: Tagged) -> Result<Choice, TaggedError> {
        Ok(match t {
            Tagged::Draw { card: Some(card), task: None } => Choice::Draw(card),
            Tagged::Draw { card: None, task: Some(task) } => Choice::DrawTask(task),
            Tagged::Draw { .. } => return Err(TaggedError::Draw),
            Tagged::Start { at, color: None } => Choice::StartPieces(at),
            Tagged::Start { at, color: Some(color) } => Choice::StartPiece { at, color },
            Tagged::Place { at } => Choice::Place(at),
            Tagged::Pickup { at } => Choice::PickUp(at),
            Tagged::Summon { card, at, orientation, pickup } => Choice::Summon { card, at, orientation, pickup },
            Tagged::Discard { card } => Choice::Discard(card),
            Tagged::Return { card } => Choice::Return(card),
            Tagged::Done => Choice::Done,
            Tagged::Flare { color } => Choice::Flare(color),
            Tagged::Thaw => Choice::Thaw,
            Tagged::Warp { card } => Choice::Warp(card),
            Tagged::End => Choice::EndTurn,
            Tagged::Square { at } => Choice::Square(at),
            Tagged::Move { from, to } => Choice::Move { from, to },
            Tagged::Dir { dir } => Choice::Direction(dir),
            Tagged::Option { option: 0 } => return Err(TaggedError::OptionZero),
            Tagged::Option { option } => Choice::Option(option - 1),
            Tagged::Skip => Choice::Skip,
            Tagged::Claim { task } => Choice::Claim(task),
            Tagged::Pass => Choice::PassControl,
            Tagged::Improvise { color } => Choice::Improvise(color),
            Tagged::Point { color } => Choice::Point(color),
        })
    }
}

/// Why a choice text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceTextError {
    #[error("empty choice")]
    Empty,
    #[error("unknown choice {0}")]
    Unknown(Token),
    #[error("not a square: {0}")]
    BadSquare(Token),
    #[error("unknown card id {0}")]
    UnknownCard(Token),
    #[error("unknown task id {0}")]
    UnknownTask(Token),
    #[error("not an orientation (r0 r90 r180 r270 m0 m90 m180 m270): {0}")]
    BadOrientation(Token),
    #[error("not a direction (n ne e se s sw w nw): {0}")]
    BadDirection(Token),
    #[error("not a color letter (r b n g w o p): {0}")]
    BadColor(Token),
    #[error("not an option number: {0}")]
    BadOption(Token),
    #[error("{0}: wrong number of words")]
    Arity(Token),
    /// `resign` is not a choice: a record line of its own, or a resign
    /// message to the server.
    #[error("resigning is not a choice: resign on its own (a record's 'N resign' line)")]
    Resign,
}

fn square(word: &str) -> Result<Square, ChoiceTextError> {
    Square::parse(word).ok_or_else(|| ChoiceTextError::BadSquare(Token::new(word)))
}

fn color(word: &str) -> Result<Color, ChoiceTextError> {
    let mut chars = word.chars();
    match (chars.next().and_then(Color::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(ChoiceTextError::BadColor(Token::new(word))),
    }
}

fn card(word: &str) -> Result<CardId, ChoiceTextError> {
    CardId::parse(word).ok_or_else(|| ChoiceTextError::UnknownCard(Token::new(word)))
}

/// `from X` at the end of a place or summon.
fn pickup(words: &[&str], whole: &str) -> Result<Option<Square>, ChoiceTextError> {
    match words {
        [] => Ok(None),
        ["from", s] => Ok(Some(square(s)?)),
        _ => Err(ChoiceTextError::Arity(Token::new(whole))),
    }
}

impl std::str::FromStr for Choice {
    type Err = ChoiceTextError;

    /// Reads a choice's text (syntax only: legality is checked by the game).
    fn from_str(text: &str) -> Result<Choice, ChoiceTextError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let whole = text.trim();
        let arity = || ChoiceTextError::Arity(Token::new(whole));
        let Some((&head, rest)) = words.split_first() else {
            return Err(ChoiceTextError::Empty);
        };
        let choice = match head {
            "draw" => {
                let word = rest.first().ok_or_else(arity)?;
                match TaskId::parse(word) {
                    Some(t) => Choice::DrawTask(t),
                    None => Choice::Draw(card(word)?),
                }
            }
            "claim" => {
                let word = rest.first().ok_or_else(arity)?;
                Choice::Claim(TaskId::parse(word).ok_or_else(|| ChoiceTextError::UnknownTask(Token::new(word)))?)
            }
            "start" => {
                let at = square(rest.first().ok_or_else(arity)?)?;
                match rest.get(1) {
                    Some(word) => Choice::StartPiece { at, color: color(word)? },
                    None => Choice::StartPieces(at),
                }
            }
            "place" => Choice::Place(square(rest.first().ok_or_else(arity)?)?),
            "pickup" => Choice::PickUp(square(rest.first().ok_or_else(arity)?)?),
            "summon" => {
                if rest.len() < 3 {
                    return Err(arity());
                }
                Choice::Summon {
                    card: card(rest[0])?,
                    at: square(rest[1])?,
                    orientation: Orientation::parse(rest[2])
                        .ok_or_else(|| ChoiceTextError::BadOrientation(Token::new(rest[2])))?,
                    pickup: pickup(&rest[3..], whole)?,
                }
            }
            "discard" => Choice::Discard(card(rest.first().ok_or_else(arity)?)?),
            "return" => Choice::Return(card(rest.first().ok_or_else(arity)?)?),
            "done" => Choice::Done,
            "flare" => Choice::Flare(color(rest.first().ok_or_else(arity)?)?),
            "pass" => Choice::PassControl,
            "improvise" => Choice::Improvise(color(rest.first().ok_or_else(arity)?)?),
            "point" => Choice::Point(color(rest.first().ok_or_else(arity)?)?),
            "end" => Choice::EndTurn,
            "thaw" => Choice::Thaw,
            "warp" => Choice::Warp(card(rest.first().ok_or_else(arity)?)?),
            "resign" => return Err(ChoiceTextError::Resign),
            "skip" => Choice::Skip,
            "dir" => {
                let word = rest.first().ok_or_else(arity)?;
                Choice::Direction(Dir::parse(word).ok_or_else(|| ChoiceTextError::BadDirection(Token::new(word)))?)
            }
            "option" => {
                let word = rest.first().ok_or_else(arity)?;
                match word.parse::<u8>() {
                    Ok(n) if n >= 1 => Choice::Option(n - 1),
                    _ => return Err(ChoiceTextError::BadOption(Token::new(word))),
                }
            }
            w if w.contains('-') => {
                let (a, b) = w.split_once('-').expect("contains '-'");
                if !rest.is_empty() {
                    return Err(arity());
                }
                Choice::Move { from: square(a)?, to: square(b)? }
            }
            w if w.len() == 2 && rest.is_empty() => Choice::Square(square(w)?),
            _ => return Err(ChoiceTextError::Unknown(Token::new(whole))),
        };
        let expected_words = match choice {
            Choice::Summon { pickup, .. } => 4 + 2 * pickup.is_some() as usize,
            Choice::StartPiece { .. } => 3,
            Choice::PassControl
            | Choice::Done
            | Choice::EndTurn
            | Choice::Thaw
            | Choice::Skip
            | Choice::Square(_)
            | Choice::Move { .. } => 1,
            _ => 2,
        };
        if words.len() != expected_words {
            return Err(arity());
        }
        Ok(choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_quotes_at_most_a_token_of_what_it_was_given() {
        let long = "x".repeat(10_000);
        let Err(ChoiceTextError::Unknown(word)) = long.parse::<Choice>() else { panic!("not refused as unknown") };
        assert!(word.is_cut());
        assert_eq!(word.as_str().len(), Token::MAX);
        let Err(ChoiceTextError::BadSquare(word)) = format!("place {}", "é".repeat(100)).parse::<Choice>() else {
            panic!("not refused as a square")
        };
        assert!(word.is_cut() && word.as_str().len() <= Token::MAX && word.as_str().chars().all(|c| c == 'é'));
        assert_eq!("place z9".parse::<Choice>(), Err(ChoiceTextError::BadSquare(Token::new("z9"))));
    }
}
