//! Lessons: short positions that teach one rule each, played by the learner
//! alone, with a goal the engine checks.
//!
//! A lesson is data (`lessons/NN-name.json`, embedded at build time; see
//! `docs/lessons.md`): an id and one or more steps, each a position in the
//! position text of `docs/notation.md`, a [`Goal`] and a number of hints.
//! Its words are Fluent messages in `lessons.ftl`, named after the id
//! ([`Lesson::title_id`], [`Lesson::goal_id`], ...), so the data holds no
//! language. The learner plays the seat to act; the other seat never moves:
//! every goal is met within the learner's turn, so no opponent is needed.

use serde::{Deserialize, Serialize};
use tash_kalar_rules::{CardId, Color, Event, Game, Position, PositionError, Seat, Square, TaskId};

include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// What the learner must do in a step: checked on the events of the
/// learner's choices, never on what the page says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// Place a piece on this square.
    Place { square: String },
    /// Summon this card.
    Summon { card: String },
    /// Destroy a piece of this color (its letter).
    Destroy { color: String },
    /// Upgrade one of your pieces.
    Upgrade,
    /// Claim this task.
    Claim { task: String },
    /// Reach at least this score.
    Score { at_least: i16 },
    /// Invoke a flare (against any opponent).
    Flare,
    /// End the turn.
    EndTurn,
    /// Everfrost: freeze one of your cards (summon a being with a frozen
    /// effect).
    Freeze,
    /// Everfrost: thaw your frozen card (met once its frozen effect has
    /// resolved).
    Thaw,
    /// Nethervoid: one of your pieces becomes your Gateway (met once the
    /// effect then resolving is done).
    Gateway,
    /// Etherweave: play a being's warp effect from your hand (met once the
    /// warp effect has resolved).
    Warp,
}

/// One position to play and its goal.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The position text, one line per element (JSON has no multi-line strings).
    pub position: Vec<String>,
    pub goal: Goal,
    /// How many hints `lessons.ftl` holds for this step.
    pub hints: u8,
}

/// A lesson as read from its file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Lower-case words joined by `-`; the Fluent ids start with `lessons-{id}`.
    pub id: String,
    pub steps: Vec<Step>,
}

/// A lesson file that cannot be used (a test keeps every shipped one valid).
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    #[error("{file}: {source}")]
    Json { file: String, source: serde_json::Error },
    #[error("{file}, step {step}: {source}")]
    Position { file: String, step: usize, source: PositionError },
    #[error("{file}, step {step}: the goal names an unknown {what}")]
    Goal { file: String, step: usize, what: &'static str },
    #[error("{file}: no steps")]
    Empty { file: String },
}

/// A choice the learner made that cannot be played.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("no such lesson or step")]
    NoSuchStep,
    #[error("too many choices")]
    TooMany,
    #[error("choice {index} is not legal here: {text}")]
    Illegal { index: usize, text: String },
}

/// At most this many choices are replayed for one step (a turn is short).
pub const MAX_CHOICES: usize = 64;

impl Lesson {
    pub fn title_id(&self) -> String {
        format!("lessons-{}", self.id)
    }
    pub fn text_id(&self) -> String {
        format!("lessons-{}-text", self.id)
    }
    pub fn goal_id(&self, step: usize) -> String {
        format!("lessons-{}-{}-goal", self.id, step + 1)
    }
    pub fn hint_id(&self, step: usize, hint: u8) -> String {
        format!("lessons-{}-{}-hint-{}", self.id, step + 1, hint + 1)
    }
    /// Every Fluent id this lesson needs.
    pub fn message_ids(&self) -> Vec<String> {
        let mut ids = vec![self.title_id(), self.text_id()];
        for (i, s) in self.steps.iter().enumerate() {
            ids.push(self.goal_id(i));
            ids.extend((0..s.hints).map(|h| self.hint_id(i, h)));
        }
        ids
    }
}

impl Step {
    pub fn position_text(&self) -> String {
        self.position.iter().map(|l| format!("{l}\n")).collect()
    }
    /// The game at the start of the step.
    pub fn start(&self) -> Result<Game, PositionError> {
        Position::from_text(&self.position_text())?.to_game()
    }
}

/// Reads a lesson file's text (`file` names it in errors) and checks its
/// positions and the names in its goals.
pub fn parse(file: &str, text: &str) -> Result<Lesson, LessonError> {
    let lesson: Lesson =
        serde_json::from_str(text).map_err(|source| LessonError::Json { file: file.into(), source })?;
    if lesson.steps.is_empty() {
        return Err(LessonError::Empty { file: file.into() });
    }
    for (i, s) in lesson.steps.iter().enumerate() {
        let step = i + 1;
        s.start().map_err(|source| LessonError::Position { file: file.into(), step, source })?;
        let bad = |what| LessonError::Goal { file: file.into(), step, what };
        match &s.goal {
            Goal::Place { square } if Square::parse(square).is_none() => return Err(bad("square")),
            Goal::Summon { card } if CardId::parse(card).is_none() => return Err(bad("card")),
            Goal::Destroy { color } if color_of(color).is_none() => return Err(bad("color")),
            Goal::Claim { task } if TaskId::parse(task).is_none() => return Err(bad("task")),
            _ => {}
        }
    }
    Ok(lesson)
}

fn color_of(letter: &str) -> Option<Color> {
    Color::ALL.iter().copied().find(|c| c.to_string() == letter)
}

/// Every lesson, in order, or the first file that is broken.
pub fn try_lessons() -> Result<Vec<Lesson>, LessonError> {
    FILES.iter().map(|(file, text)| parse(file, text)).collect()
}

/// Every lesson, in order (the shipped files are checked by the tests).
pub fn lessons() -> Vec<Lesson> {
    try_lessons().expect("the shipped lessons are valid (crates/learn tests)")
}

/// The lesson with this id.
pub fn lesson(id: &str) -> Option<Lesson> {
    lessons().into_iter().find(|l| l.id == id)
}

/// Whether the events since the step began (`events`, played by `learner`)
/// and the game now meet the goal.
pub fn goal_met(goal: &Goal, learner: Seat, game: &Game, events: &[Event]) -> bool {
    let own = game.seat(learner).color;
    events.iter().any(|e| match (goal, e) {
        (Goal::Place { square }, Event::Placed { at, piece }) => at.to_string() == *square && piece.color == own,
        (Goal::Summon { card }, Event::Summoned { seat, card: c, .. }) => *seat == learner && c.to_string() == *card,
        (Goal::Destroy { color }, Event::Destroyed { piece, .. }) => piece.color.to_string() == *color,
        (Goal::Upgrade, Event::Upgraded { color, .. }) => *color == own,
        (Goal::Claim { task }, Event::TaskClaimed { seat, task: t, .. }) => *seat == learner && t.to_string() == *task,
        (Goal::Flare, Event::FlareInvoked { seat, .. }) => *seat == learner,
        (Goal::EndTurn, Event::TurnStarted { seat, .. }) => *seat != learner,
        // the effect that follows (the frozen or warp effect, the new
        // Gateway's being's) is resolved first, so the learner sees it
        (Goal::Freeze, Event::Frozen { seat, .. })
        | (Goal::Thaw, Event::Thawed { seat, .. })
        | (Goal::Gateway, Event::GatewayGained { seat, .. })
        | (Goal::Warp, Event::Warped { seat, .. }) => *seat == learner && game.effect().is_none(),
        _ => false,
    }) || matches!(goal, Goal::Score { at_least } if game.seat(learner).score >= *at_least)
}

/// Where a learner stands after replaying their choices in a step.
#[derive(Debug)]
pub struct Played {
    pub game: Game,
    pub learner: Seat,
    /// Whether the goal is met.
    pub done: bool,
}

/// Replays the learner's choices (choice texts, `docs/notation.md`) from the
/// step's position: the engine is the judge. Stops at the first illegal one.
pub fn replay(lesson: &Lesson, step: usize, choices: &[String]) -> Result<Played, PlayError> {
    let s = lesson.steps.get(step).ok_or(PlayError::NoSuchStep)?;
    if choices.len() > MAX_CHOICES {
        return Err(PlayError::TooMany);
    }
    let mut game = s.start().map_err(|_| PlayError::NoSuchStep)?;
    let learner = game.turn().seat;
    let from = game.events().len();
    for (index, text) in choices.iter().enumerate() {
        let choice = game
            .legal_choices()
            .into_iter()
            .find(|c| c.to_text() == *text)
            .ok_or_else(|| PlayError::Illegal { index, text: text.clone() })?;
        game.apply_unchecked(choice);
    }
    let done = goal_met(&s.goal, learner, &game, &game.events()[from..]);
    Ok(Played { game, learner, done })
}
