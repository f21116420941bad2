//! The low-level words: card, task, color, school, form, rank, direction,
//! orientation and piece names, lists, and the refusals of the rules. The
//! events, choices, questions and results are worded by the
//! `tash-kalar-present` crate from these. Each message id is written out
//! here as a literal (the test of unused messages looks for it), and every
//! argument a message takes is given.

use tash_kalar_rules::board::{Piece, Rank};
use tash_kalar_rules::choice::ChoiceTextError;
use tash_kalar_rules::geometry::{Dir, Orientation};
use tash_kalar_rules::{CardId, Color, Form, PlayError, Refusal, School, TaskId, TextPlayError};

use crate::{args, message_id, Messages};

impl Messages {
    /// A card's name.
    pub fn card_name(&self, c: CardId) -> String {
        self.memo.card(c, || self.text(&message_id(c.def().id), &[]))
    }

    /// A card's effect.
    pub fn card_text(&self, c: CardId) -> String {
        self.attr(&message_id(c.def().id), "text", &[]).unwrap_or_else(|| c.def().text.to_string())
    }

    /// An Everfrost card's frozen effect, if it has one.
    pub fn card_frozen(&self, c: CardId) -> Option<String> {
        self.attr(&message_id(c.def().id), "frozen", &[])
    }

    /// An Etherweave card's warp effect, if it has one.
    pub fn card_warp(&self, c: CardId) -> Option<String> {
        self.attr(&message_id(c.def().id), "warp", &[])
    }

    /// A task's name.
    pub fn task_name(&self, t: TaskId) -> String {
        self.text(&message_id(t.def().id), &[])
    }

    /// A task's criterion.
    pub fn task_text(&self, t: TaskId) -> String {
        self.attr(&message_id(t.def().id), "text", &[]).unwrap_or_else(|| t.def().text.to_string())
    }

    /// A color, as the name of the player of that color ("Red").
    pub fn color(&self, c: Color) -> String {
        let id = match c {
            Color::Red => "color-red",
            Color::Blue => "color-blue",
            Color::Brown => "color-brown",
            Color::Green => "color-green",
            Color::White => "color-white",
            Color::Orange => "color-orange",
            Color::Purple => "color-purple",
        };
        self.memo.color(c, || self.text(id, &[]))
    }

    /// A school's name.
    pub fn school(&self, s: School) -> String {
        let id = match s {
            School::Northern => "school-northern",
            School::Southern => "school-southern",
            School::Highland => "school-highland",
            School::Sylvan => "school-sylvan",
            School::Everfrost => "school-everfrost",
            School::Nethervoid => "school-nethervoid",
            School::Etherweave => "school-etherweave",
        };
        self.text(id, &[])
    }

    /// A form's name.
    pub fn form(&self, f: Form) -> String {
        let id = match f {
            Form::Duel => "form-duel",
            Form::HighForm => "form-high-form",
            Form::FirstGame => "form-first-game",
            Form::Melee => "form-melee",
            Form::TeamDuel => "form-team-duel",
            Form::TeamHighForm => "form-team-high-form",
        };
        self.text(id, &[])
    }

    /// A rank, as an adjective ("common").
    pub fn rank(&self, r: Rank) -> String {
        self.text("rank", args![("rank", rank_key(r))])
    }

    /// A direction.
    pub fn dir(&self, d: Dir) -> String {
        self.text("dir", args![("dir", d.name())])
    }

    /// An orientation of a pattern ("as printed", "turned right").
    pub fn orientation(&self, o: Orientation) -> String {
        self.memo.orientation(o, || self.text("orientation", args![("o", o.name())]))
    }

    /// A piece: "Red's common piece".
    pub fn piece(&self, p: Piece) -> String {
        self.memo.piece(p, || {
            self.text(
                "piece",
                args![("color", self.color(p.color)), ("c", color_key(p.color)), ("rank", rank_key(p.rank))],
            )
        })
    }

    /// `a, b and c`.
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => self.text("list-and", args![("first", rest.join(", ")), ("last", last)]),
        }
    }
}

/// A color's key, as in the JSON (`red`), for messages that agree with it.
fn color_key(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Blue => "blue",
        Color::Brown => "brown",
        Color::Green => "green",
        Color::White => "white",
        Color::Orange => "orange",
        Color::Purple => "purple",
    }
}

fn rank_key(r: Rank) -> &'static str {
    r.name()
}

impl Messages {
    /// Why a choice text could not be read.
    pub fn choice_text_error(&self, e: &ChoiceTextError) -> String {
        match e {
            ChoiceTextError::Empty => self.text("error-empty-choice", &[]),
            ChoiceTextError::Unknown(t) => self.text("error-unknown-choice", args![("text", t.as_str())]),
            ChoiceTextError::BadSquare(t) => self.text("error-bad-square", args![("text", t.as_str())]),
            ChoiceTextError::UnknownCard(t) => self.text("error-unknown-card", args![("text", t.as_str())]),
            ChoiceTextError::UnknownTask(t) => self.text("error-unknown-task", args![("text", t.as_str())]),
            ChoiceTextError::BadOrientation(t) => self.text("error-bad-orientation", args![("text", t.as_str())]),
            ChoiceTextError::BadDirection(t) => self.text("error-bad-direction", args![("text", t.as_str())]),
            ChoiceTextError::BadColor(t) => self.text("error-bad-color", args![("text", t.as_str())]),
            ChoiceTextError::BadOption(t) => self.text("error-bad-option", args![("text", t.as_str())]),
            ChoiceTextError::Arity(t) => self.text("error-arity", args![("text", t.as_str())]),
            ChoiceTextError::Resign => self.text("error-resign-not-a-choice", &[]),
        }
    }

    /// Why a choice was refused by a game.
    pub fn play_error(&self, e: &PlayError) -> String {
        match e {
            PlayError::GameOver => self.text("error-game-over", &[]),
            PlayError::Illegal { choice } => self.text("error-illegal", args![("choice", choice.to_string())]),
            PlayError::WrongActor { .. } => self.text("error-not-your-turn", &[]),
        }
    }

    /// Why a choice text was refused by a game.
    pub fn text_play_error(&self, e: &TextPlayError) -> String {
        match e {
            TextPlayError::Syntax(e) => self.choice_text_error(e),
            TextPlayError::Play(e) => self.play_error(e),
        }
    }

    /// Why a match refused an act (the match is unchanged).
    pub fn refusal(&self, e: &Refusal) -> String {
        match e {
            Refusal::GameOver => self.text("error-game-over", &[]),
            Refusal::NoSuchSeat { seat, .. } => self.text("error-no-such-seat", args![("seat", *seat as u32 + 1)]),
            Refusal::WrongSeat { .. } => self.text("error-not-your-turn", &[]),
            Refusal::WrongPhase { choice, .. } => self.text("error-wrong-phase", args![("choice", choice.to_string())]),
            Refusal::Illegal { choice, nearest } if nearest.is_empty() => {
                self.text("error-illegal", args![("choice", choice.to_string())])
            }
            Refusal::Illegal { choice, nearest } => {
                let list: Vec<String> = nearest.iter().map(|c| c.to_string()).collect();
                self.text("error-illegal-nearest", args![("choice", choice.to_string()), ("nearest", list.join(", "))])
            }
            Refusal::Syntax { text, .. } => self.text("error-unknown-choice", args![("text", text.as_str())]),
            Refusal::NothingToTakeBack { .. } => self.text("error-nothing-to-take-back", &[]),
            Refusal::CannotResign { .. } => self.text("error-cannot-resign", &[]),
            Refusal::TooLateToAbort => self.text("error-too-late-to-abort", &[]),
            Refusal::CannotLeave => self.text("error-cannot-leave", &[]),
            // (a seat that left is played by a bot)
            Refusal::AlreadyLeft { .. } => self.text("error-seat-is-bot", &[]),
        }
    }
}
