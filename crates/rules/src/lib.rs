//! The rules of Tash-Kalar: board, pieces, cards, turns, effects, scoring,
//! views and notations. Pure: no I/O, no randomness (chance is an actor
//! whose choices the caller makes, e.g. from a seeded generator), and no
//! words for players: what is decided, how a game ended and who may see a
//! choice are data here (`question`, `hidden`), worded in each language by
//! the `tash-kalar-present` crate.
//!
//! Every act passes one gate, [`Match::act`] (or [`Match::act_text`]):
//! whose turn it is, whether the choice answers what is being decided, and
//! whether it is legal. Only searches and self-play, which take their
//! choices straight from [`Game::legal_choices`], skip it
//! ([`Game::apply_unchecked`]).
//!
//! ```
//! use tash_kalar_rules::{Actor, Form, Match, Mover, Refusal, School};
//!
//! let mut m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
//! // chance deals the first hands: take the first possible card each time
//! while m.game().actor() == Actor::Chance {
//!     let draw = m.game().legal_choices()[0];
//!     m.act(Mover::Chance, draw).unwrap();
//! }
//! // the second player places the two start pieces; the first may not
//! assert_eq!(m.game().actor(), Actor::Seat(1));
//! assert!(matches!(m.act_text(Mover::Seat(0), "start c5"), Err(Refusal::WrongSeat { .. })));
//! m.act_text(Mover::Seat(1), "start c5").unwrap();
//! ```

pub mod board;
pub mod cards;
pub mod choice;
pub mod effect;
pub mod event;
pub mod form;
pub mod frozen;
pub mod game;
pub mod gateway;
pub mod geometry;
pub mod hidden;
mod highform;
pub mod history;
pub mod pile;
pub mod position;
pub mod question;
pub mod record;
pub mod step;
pub mod tasks;
mod token;
mod validate;
pub mod view;
pub mod warp;

pub use board::{Board, BoardTextError, Color, Piece, Rank, COLORS};
pub use cards::{CardId, Deck, School};
pub use choice::{Choice, ChoiceTextError, Tagged, TaggedError};
pub use event::{Event, MoveHow, ScoreWhy};
pub use game::{
    Actor, EndReason, ForfeitError, Form, Game, Outcome, Phase, PlayError, Seat, SetupError, Summoned, TextPlayError,
};
pub use geometry::{Bitboard, Dir, Orientation, Square};
pub use hidden::{Observation, Part, UnseenHand, ViewError};
pub use history::{replay, replay_text, replay_through, Deciding, Match, Refusal, ReplayError, ReplayReason};
pub use position::{Holding, Position, PositionError, PositionSyntax, SeatSetup, Token, TurnRecord};
pub use question::{GameResult, OptionMeaning, Placing, Question, QuestionKind, OPTION_MEANINGS};
pub use record::{Forfeit, Line, Move, Mover, Record, RecordError, RecordReason, RecordSyntax};
pub use step::Step;
pub use tasks::{tasks_met_on_board, TaskBoard, TaskId, TaskType};
pub use validate::{PieceKind, TurnEntry, ValidationError};
pub use view::{EventView, View};
