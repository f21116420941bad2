//! A game with its record, take-backs, and the one gate every act passes.
//!
//! [`Match::act`] is where a choice by someone (a seat, or chance) is
//! checked: whether the game is going on, whether it is that someone's turn
//! to choose, whether the choice answers what is being decided now, and
//! whether it is legal; a summon's orientation is normalised on the way. A
//! refused act says why in a [`Refusal`] (with the nearest legal choices
//! when the choice was of the right kind) and leaves the match unchanged.
//! Take-backs ([`Match::undo_by`]), resignations ([`Match::resign`]) and
//! losses on time ([`Match::lose_on_time`]) pass the same gate. Layers
//! above (the server, the terminal client, record replays) call it instead
//! of checking again. The one unchecked path, [`Match::apply_unchecked`],
//! is for searches and self-play that take the choice straight from
//! [`Game::legal_choices`].
//!
//! Replaying a record ([`replay`], [`replay_through`], [`replay_text`],
//! [`Match::from_record`]) lives here too: every line passes the same gate.
//! The notation itself (reading and printing records) is [`crate::record`]'s.
//!
//! The guidebook ("Take Backs") lets a player take back actions and
//! decisions, even in the middle of an effect, until the turn ends, cards
//! are drawn, a task is claimed, or (team play) control passes to the
//! teammate. A [`Match`] keeps the game, its full record, and the index of
//! the last point nothing before which can be taken back (a *barrier*);
//! [`Match::undo`] drops the last choice and replays the choices made since
//! the barrier from a copy of the game at the barrier.
//!
//! A barrier falls after every chance choice (a draw), after every claim
//! of a task, and after every choice that ends the choosing player's
//! stretch of play: when the next actor is not that player any more (the
//! turn ended, control passed, the game ended) or a new turn began. The copy
//! is made only when a seat's choice may be taken back (before the first
//! choice after a barrier that does not itself close the stretch), so a
//! string of draws, or a turn's end, copies nothing.
//!
//! A match can keep the take-backs in its record ([`Match::keep_take_backs`]):
//! each one is then a line `N undo` after the choice it took back (see
//! `docs/notation.md`), and a replay checks it against the same policy.

use crate::cards::{CardId, School};
use crate::choice::{Choice, ChoiceTextError};
use crate::game::{Actor, ForfeitError, Form, Game, Phase, Seat, SetupError};
use crate::position::{Position, PositionError, Token};
use crate::record::{Forfeit, Line, Mover, Record, RecordError, RecordReason};
use crate::step::Step;

/// Why an act was refused; the match is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    /// The seat is not at the table.
    #[error("there is no seat {} at this table of {seats}", *seat as usize + 1)]
    NoSuchSeat { seat: Seat, seats: usize },
    /// Someone else is to choose now.
    #[error("{}", wrong_seat(*by, *actor))]
    WrongSeat { by: Mover, actor: Mover },
    /// The choice is of a kind that does not answer what is being decided
    /// now (a summon during an effect, a square in the main phase, ...).
    #[error("{choice} is not a legal choice now: it does not answer what is being decided ({deciding})")]
    WrongPhase { choice: Choice, phase: Phase, deciding: Deciding },
    /// The choice is of the right kind but not legal here; `nearest` holds
    /// the legal choices closest to it (same kind, and the same card or
    /// square where there are such), at most [`NEAREST`].
    #[error("{choice} is not a legal choice now{}", nearest_text(nearest))]
    Illegal { choice: Choice, nearest: Vec<Choice> },
    /// The text is not a choice at all: the text (its first
    /// [`Token::MAX`] bytes) and what is wrong with it.
    #[error("{text} is not a choice: {error}")]
    Syntax { text: Token, error: ChoiceTextError },
    /// Nothing of this seat's can be taken back now.
    #[error(
        "nothing to take back (not past the end of a turn, a draw or a claimed task, nor another player's choice)"
    )]
    NothingToTakeBack { seat: Seat },
    /// Resigning (or losing on time, or a claim against an absent seat)
    /// is for games of two sides, never a melee.
    #[error("nobody may resign in a {form}")]
    CannotResign { form: &'static str },
    /// Every seat has made its first turn: the game can no longer be
    /// aborted.
    #[error("every seat has made its first turn: the game can no longer be aborted")]
    TooLateToAbort,
    /// Leaving is for a melee or team game: a game of two sides is
    /// resigned or claimed instead.
    #[error("only a melee or team player may leave a game")]
    CannotLeave,
    /// The seat has already left the game.
    #[error("seat {} has already left the game", *seat as usize + 1)]
    AlreadyLeft { seat: Seat },
}

/// What is being decided now, for a refusal to name (a presentation words
/// it; `Display` is plain English for logs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deciding {
    /// Nothing: the game is over.
    Nothing,
    /// Chance draws a card for this seat.
    Draw { seat: Seat },
    /// Chance turns up a task.
    Task,
    /// A duel's start pieces (`start c5` or `start g5`).
    StartPieces { seat: Seat },
    /// A melee's next start piece.
    StartPiece { seat: Seat },
    /// The seat's action, a flare or the end of the turn.
    Action { seat: Seat },
    /// Team play, control passed: the teammate places common pieces.
    TeammatePlace { seat: Seat },
    /// A step of this card's effect, by its stable id.
    Effect { seat: Seat, card: Option<CardId>, step: Option<Step> },
    /// Cards to return to the bottoms of their decks, then done.
    Returning { seat: Seat },
    /// Piece shortage: where the picked-up piece goes.
    Placing { seat: Seat },
    /// Melee: which color an improvised summoning uses up.
    Improvise { seat: Seat },
    /// Melee, end of turn: the color of a point.
    ScorePoint { seat: Seat },
    /// Task forms, end of turn: a task to claim, or skip.
    Claim { seat: Seat },
}

impl std::fmt::Display for Deciding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = |seat: &Seat| *seat as usize + 1;
        match self {
            Deciding::Nothing => f.write_str("nothing: the game is over"),
            Deciding::Draw { seat } => write!(f, "chance draws a card for seat {}", n(seat)),
            Deciding::Task => f.write_str("chance turns up a task"),
            Deciding::StartPieces { seat } => {
                write!(f, "seat {} puts down the start pieces (start c5 or start g5)", n(seat))
            }
            Deciding::StartPiece { seat } => {
                write!(f, "seat {} puts a start piece next to the next start symbol", n(seat))
            }
            Deciding::Action { seat } => write!(f, "seat {}'s action, a flare or the end of the turn", n(seat)),
            Deciding::TeammatePlace { seat } => {
                write!(f, "seat {} places common pieces for the teammate's remaining actions", n(seat))
            }
            Deciding::Effect { card: Some(card), step: Some(step), .. } => {
                write!(f, "a step of the {}'s effect ({step})", card.def().name)
            }
            Deciding::Effect { card: Some(card), step: None, .. } => {
                write!(f, "a step of the {}'s effect", card.def().name)
            }
            Deciding::Effect { card: None, .. } => f.write_str("a step of an effect"),
            Deciding::Returning { .. } => f.write_str("cards to return to the bottoms of their decks, then done"),
            Deciding::Placing { seat } => write!(f, "seat {} places the piece it picked up", n(seat)),
            Deciding::Improvise { seat } => {
                write!(f, "seat {} chooses the color an improvised summoning uses up", n(seat))
            }
            Deciding::ScorePoint { seat } => write!(f, "seat {} scores a point in a color", n(seat)),
            Deciding::Claim { seat } => write!(f, "seat {} claims a task or skips", n(seat)),
        }
    }
}

impl From<ForfeitError> for Refusal {
    fn from(e: ForfeitError) -> Refusal {
        match e {
            ForfeitError::GameOver => Refusal::GameOver,
            ForfeitError::NoSuchSeat { seat, seats } => Refusal::NoSuchSeat { seat, seats },
            ForfeitError::Melee => Refusal::CannotResign { form: crate::game::Form::Melee.name() },
            ForfeitError::TooLateToAbort => Refusal::TooLateToAbort,
            ForfeitError::TwoSided => Refusal::CannotLeave,
            ForfeitError::Left { seat } => Refusal::AlreadyLeft { seat },
        }
    }
}

/// What is wrong with a record, and on which line of its text: its text
/// or setup ([`RecordReason`]), or a line the gate refused ([`Refusal`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ReplayError {
    pub line: usize,
    pub reason: ReplayReason,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayReason {
    /// The text or the setup.
    #[error(transparent)]
    Record(RecordReason),
    /// The gate refused the line: the game was over, someone else was to
    /// choose, or the choice was not legal there.
    #[error("{}", refused_line(.0))]
    Refused(Refusal),
}

/// A refused record line in words (as a record's reader puts it).
fn refused_line(r: &Refusal) -> String {
    match r {
        Refusal::GameOver => "the game is already over".into(),
        Refusal::WrongSeat { by, actor } => {
            format!("wrong actor: the record says {} chooses, but it is {}'s choice", who(*by), who(*actor))
        }
        other => format!("illegal choice: {other}"),
    }
}

impl From<RecordError> for ReplayError {
    fn from(e: RecordError) -> ReplayError {
        ReplayError { line: e.line, reason: ReplayReason::Record(e.reason) }
    }
}

/// The most nearest legal choices a refusal names.
pub const NEAREST: usize = 6;

fn who(m: Mover) -> String {
    match m {
        Mover::Seat(s) => format!("seat {}", s + 1),
        Mover::Chance => "chance".into(),
    }
}

fn wrong_seat(by: Mover, actor: Mover) -> String {
    let now = match actor {
        Mover::Seat(_) => format!("{} is to choose", who(actor)),
        Mover::Chance => "chance is to draw".into(),
    };
    match by {
        Mover::Seat(_) => format!("it is not your turn to choose: {now}"),
        Mover::Chance => format!("it is not chance's turn: {now}"),
    }
}

fn nearest_text(nearest: &[Choice]) -> String {
    if nearest.is_empty() {
        return String::new();
    }
    let list: Vec<String> = nearest.iter().map(|c| c.to_string()).collect();
    format!(" (nearest legal: {})", list.join(", "))
}

/// What is being decided now (for refusals).
pub fn deciding(game: &Game) -> Deciding {
    let seat = game.turn().seat;
    match game.phase() {
        Phase::Over => Deciding::Nothing,
        Phase::Refill { seat, .. } => Deciding::Draw { seat },
        Phase::RevealTasks | Phase::NextTask { .. } => Deciding::Task,
        Phase::StartPieces { seat } if game.form().is_melee() => Deciding::StartPiece { seat },
        Phase::StartPieces { seat } => Deciding::StartPieces { seat },
        Phase::Main if game.prompt().is_some() => Deciding::TeammatePlace { seat },
        Phase::Main => Deciding::Action { seat },
        Phase::Effect => Deciding::Effect { seat, card: game.effect().map(|r| r.card), step: game.prompt() },
        Phase::Returning => Deciding::Returning { seat },
        Phase::Placing => Deciding::Placing { seat },
        Phase::Improvise { .. } => Deciding::Improvise { seat },
        Phase::Score { .. } => Deciding::ScorePoint { seat },
        Phase::Claim => Deciding::Claim { seat },
    }
}

/// The card and the square a choice is about, for finding the nearest
/// legal choices.
fn anchors(c: Choice) -> (Option<crate::cards::CardId>, Option<crate::geometry::Square>) {
    match c {
        Choice::Summon { card, at, .. } => (Some(card), Some(at)),
        Choice::Draw(card) | Choice::Discard(card) | Choice::Return(card) => (Some(card), None),
        Choice::StartPieces(sq) | Choice::Place(sq) | Choice::PickUp(sq) | Choice::Square(sq) => (None, Some(sq)),
        Choice::StartPiece { at, .. } => (None, Some(at)),
        Choice::Move { from, .. } => (None, Some(from)),
        _ => (None, None),
    }
}

/// The legal choices nearest to `choice`: of its kind, sharing its card,
/// then closest to its square (a move: its piece, then its target).
fn nearest(legal: &[Choice], choice: Choice) -> Vec<Choice> {
    let kind = std::mem::discriminant(&choice);
    let (card, square) = anchors(choice);
    let closeness = |c: &Choice| -> i32 {
        let (k, s) = anchors(*c);
        let mut score = 0;
        if card.is_some() && k == card {
            score += 100;
        }
        if let (Some(a), Some(b)) = (square, s) {
            score += 20 - a.distance(b).min(20) as i32;
        }
        if let (Choice::Move { to: a, .. }, Choice::Move { to: b, .. }) = (choice, *c) {
            score += 10 - a.distance(b).min(10) as i32;
        }
        score
    };
    let mut same: Vec<(i32, usize, Choice)> = legal
        .iter()
        .enumerate()
        .filter(|(_, c)| std::mem::discriminant(*c) == kind)
        .map(|(i, c)| (-closeness(c), i, *c))
        .collect();
    same.sort_by_key(|&(score, i, _)| (score, i));
    same.into_iter().take(NEAREST).map(|(_, _, c)| c).collect()
}

/// The gate: checks that `by` may make `choice` now and that it is legal,
/// and returns it normalised (a summon's orientation as listed). Resigning
/// is [`Match::resign`]'s, not a choice.
pub fn check_act(game: &Game, by: Mover, choice: Choice) -> Result<Choice, Refusal> {
    let actor = match Mover::of(game.actor()) {
        None => return Err(Refusal::GameOver),
        Some(a) => a,
    };
    if let Mover::Seat(s) = by {
        if s as usize >= game.seat_count() {
            return Err(Refusal::NoSuchSeat { seat: s, seats: game.seat_count() });
        }
    }
    if by != actor {
        return Err(Refusal::WrongSeat { by, actor });
    }
    let choice = game.normalize(choice);
    let legal = game.legal_choices();
    if legal.contains(&choice) {
        return Ok(choice);
    }
    let kind = std::mem::discriminant(&choice);
    if !legal.iter().any(|c| std::mem::discriminant(c) == kind) {
        return Err(Refusal::WrongPhase { choice, phase: game.phase(), deciding: deciding(game) });
    }
    Err(Refusal::Illegal { choice, nearest: nearest(&legal, choice) })
}

/// A game being played: the game, its record, and what can be taken back.
///
/// Its gate ([`Match::act`]) is the one public way to play a checked
/// choice: a bare [`Game`] has none.
///
/// ```compile_fail,E0599
/// use tash_kalar_rules::{Form, Game, School};
///
/// let mut game = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
/// let draw = game.legal_choices()[0];
/// game.apply(draw).unwrap(); // private: play through Match::act
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    game: Game,
    record: Record,
    /// The game at the last barrier, once a choice after it may be taken
    /// back (`None` until then: nothing to copy).
    barrier: Option<Game>,
    /// The record's moves from this index on can be taken back.
    since: usize,
    /// Whether take-backs are written into the record.
    keep_take_backs: bool,
}

impl Match {
    /// A new game; `seed` is only written into the record.
    pub fn new(form: Form, seats: &[School], seed: Option<u64>) -> Result<Match, SetupError> {
        let game = Game::new(form, seats)?;
        Ok(Match::starting(game, Record::new(form, seats, seed)))
    }

    /// A game from a position.
    pub fn from_position(position: Position) -> Result<Match, PositionError> {
        let game = position.to_game()?;
        Ok(Match::starting(game, Record::from_position(position)))
    }

    /// A game replayed from a record, ready to go on; the last stretch of
    /// the record can be taken back as if it had just been played. Every
    /// line passes the gate ([`check_act`]); a record that holds take-backs
    /// (`N undo` lines) has each one checked against the take-back policy,
    /// and the match goes on keeping them; a forfeit (`N resign`, `N
    /// timeout`) passes [`Match::resign`] or [`Match::lose_on_time`].
    pub fn from_record(record: &Record) -> Result<Match, ReplayError> {
        let mut start = record.clone();
        start.moves.clear();
        start.lines.clear();
        start.forfeit = None;
        if record.lines_matter() {
            start.keep_lines();
        }
        let mut m = Match::starting(record.start()?, start);
        let refused = |line: usize| move |e: Refusal| ReplayError { line, reason: ReplayReason::Refused(e) };
        if !record.lines_matter() {
            for (i, mv) in record.moves.iter().enumerate() {
                m.act(mv.by, mv.choice).map_err(refused(record.line_of_move(i)))?;
            }
        } else {
            m.keep_take_backs = true;
            for (i, line) in record.lines.iter().enumerate() {
                let at = record.line_of_line(i);
                match *line {
                    Line::Choice(mv) => m.act(mv.by, mv.choice).map(|_| ()),
                    Line::TakeBack(seat) => m.undo_by(seat).map(|_| ()),
                    Line::Leave(seat) => m.leave(seat),
                }
                .map_err(refused(at))?;
            }
        }
        if let Some(f) = record.forfeit {
            m.forfeit(f).map_err(refused(record.line_of_forfeit()))?;
        }
        Ok(m)
    }

    fn starting(game: Game, record: Record) -> Match {
        Match { barrier: None, game, record, since: 0, keep_take_backs: false }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Take-backs are written into the record from now on (`N undo`
    /// lines). Off by default: the record then holds only the choices that
    /// stand. A match replayed from a record with take-backs keeps them.
    pub fn keep_take_backs(&mut self) {
        self.record.keep_lines();
        self.keep_take_backs = true;
    }

    /// Sets the player names written in the record.
    pub fn set_players(&mut self, names: Vec<String>) {
        self.record.players = names;
    }

    /// Sets (or replaces) a header tag of the record.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        match self.record.tags.iter_mut().find(|(k, _)| k == key) {
            Some(t) => t.1 = value.to_string(),
            None => self.record.tags.push((key.to_string(), value.to_string())),
        }
    }

    /// The gate: `by` (a seat, or chance) makes `choice`. Refused when the
    /// game is over, when someone else is to choose, when the choice does
    /// not answer what is being decided now, or when it is not legal here;
    /// the match is then unchanged. Returns the choice as applied (a
    /// summon's orientation normalised). A resignation is
    /// [`Match::resign`], not a choice.
    ///
    /// ```
    /// use tash_kalar_rules::{Form, Match, Mover, Refusal, School};
    ///
    /// let mut m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
    /// // chance deals first: a seat may not choose yet
    /// assert!(matches!(m.act_text(Mover::Seat(0), "place e5"), Err(Refusal::WrongSeat { .. })));
    /// let draw = m.game().legal_choices()[0];
    /// assert_eq!(m.act(Mover::Chance, draw), Ok(draw));
    /// ```
    pub fn act(&mut self, by: Mover, choice: Choice) -> Result<Choice, Refusal> {
        let choice = check_act(&self.game, by, choice)?;
        self.commit(by, choice);
        Ok(choice)
    }

    /// Reads a choice's text and passes it through the gate ([`Match::act`]).
    pub fn act_text(&mut self, by: Mover, text: &str) -> Result<Choice, Refusal> {
        let choice: Choice =
            text.parse().map_err(|error: ChoiceTextError| Refusal::Syntax { text: Token::new(text), error })?;
        self.act(by, choice)
    }

    /// Applies a choice for whoever is to choose WITHOUT the gate: only
    /// for searches and self-play that took `choice` just now from this
    /// game's [`Game::legal_choices`] (checking it again would cost them
    /// the membership test on every node). Anything else (a person's
    /// choice, a record, a bot's answer over the wire) goes through
    /// [`Match::act`]. An illegal choice here may leave the game
    /// inconsistent; nothing happens when the game is over.
    pub fn apply_unchecked(&mut self, choice: Choice) {
        let Some(by) = Mover::of(self.game.actor()) else { return };
        self.commit(by, choice);
    }

    /// A seat resigns (at any time, in a two-sided game; never in a
    /// melee). Written in the record as a line of its own, `N resign`.
    pub fn resign(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.forfeit(Forfeit::Resign(seat))
    }

    /// A seat ran out of time (the server's clock): it loses as by
    /// resigning, and the outcome says it was time. Written in the record
    /// as `N timeout`. Two-sided games only, like a resignation.
    pub fn lose_on_time(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.forfeit(Forfeit::Time(seat))
    }

    /// The other side claims the win against `absent`, a seat that was
    /// away while it was to choose (the server judges absence and when a
    /// claim may be made): `absent` loses as by resigning. Written in the
    /// record as `N abandoned`. Two-sided games only.
    pub fn claim_win(&mut self, absent: Seat) -> Result<(), Refusal> {
        self.forfeit(Forfeit::Abandoned(absent))
    }

    /// `seat` claims a draw against an absent opponent. Written in the
    /// record as `N claim-draw`. Two-sided games only.
    pub fn claim_draw(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.forfeit(Forfeit::ClaimDraw(seat))
    }

    /// `seat` aborts the game before every seat has made its first turn
    /// ([`Game::can_abort`]): the game ends with no result. Written in the
    /// record as `N abort`. Any form.
    pub fn abort(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.forfeit(Forfeit::Abort(seat))
    }

    /// `seat` leaves a melee or team game, or is taken from a player who
    /// was away or out of time ([`Game::leave`]): the game goes on and the
    /// seat ranks last. Written in the record as `N leave`. Nothing before
    /// it can be taken back (the copy kept for take-backs predates it).
    pub fn leave(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.game.leave(seat)?;
        self.record.leave(seat);
        self.set_barrier();
        Ok(())
    }

    fn forfeit(&mut self, f: Forfeit) -> Result<(), Refusal> {
        end_by(&mut self.game, f)?;
        self.record.end_by(f);
        self.set_barrier();
        Ok(())
    }

    /// Applies a checked choice: the copy for take-backs if this may be
    /// the first choice of a stretch, the record, and the barrier after.
    fn commit(&mut self, by: Mover, choice: Choice) {
        let before_turn = self.game.turn().number;
        if let Mover::Seat(_) = by {
            // the game at the barrier is needed once a choice after it may
            // be taken back; a choice that surely closes the stretch needs none
            if self.since == self.record.moves.len() && self.barrier.is_none() && !closes_at_once(choice) {
                self.barrier = Some(self.game.clone());
            }
        }
        self.game.apply_unchecked(choice);
        self.record.push(by, choice);
        let closes = match by {
            Mover::Chance => true,
            Mover::Seat(s) => {
                // a claimed task is a barrier of its own (guidebook, "Take
                // Backs"), not only through the draw of a new next task; so is
                // passing control to the teammate, even though a turn's last
                // stretch returns to the same player
                closes_at_once(choice) || self.game.actor() != Actor::Seat(s) || self.game.turn().number != before_turn
            }
        };
        if closes {
            self.set_barrier();
        }
    }

    fn set_barrier(&mut self) {
        self.barrier = None;
        self.since = self.record.moves.len();
    }

    /// Whether there is a choice that can be taken back.
    pub fn can_undo(&self) -> bool {
        self.since < self.record.moves.len()
    }

    /// Whether `seat` may take back a choice now: its own last choice,
    /// within the current stretch of its turn.
    pub fn can_undo_by(&self, seat: Seat) -> bool {
        self.can_undo() && self.record.moves.last().map(|m| m.by) == Some(Mover::Seat(seat))
    }

    /// The choices that can be taken back, oldest first (all by the player
    /// whose turn it is).
    pub fn undoable(&self) -> impl Iterator<Item = Choice> + '_ {
        self.record.moves[self.since..].iter().map(|m| m.choice)
    }

    /// Takes back the last choice of the player whose turn it is, within
    /// the current stretch of their turn; returns it, or `None` if nothing
    /// can be taken back.
    pub fn undo(&mut self) -> Option<Choice> {
        let Some(Mover::Seat(seat)) = self.record.moves.last().map(|m| m.by) else { return None };
        self.undo_by(seat).ok()
    }

    /// The gate for take-backs: `seat` takes back its last choice, if the
    /// guidebook's policy allows (not past the end of a turn, a draw, a
    /// claimed task, passed control, nor another seat's choice). Returns
    /// the choice taken back.
    pub fn undo_by(&mut self, seat: Seat) -> Result<Choice, Refusal> {
        if self.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if seat as usize >= self.game.seat_count() {
            return Err(Refusal::NoSuchSeat { seat, seats: self.game.seat_count() });
        }
        if !self.can_undo_by(seat) {
            return Err(Refusal::NothingToTakeBack { seat });
        }
        let taken = if self.keep_take_backs { self.record.take_back(seat) } else { self.record.pop() };
        let taken = taken.expect("a move to take back").choice;
        let mut game = self.barrier.clone().expect("the game at the barrier, kept once a choice could be taken back");
        for m in &self.record.moves[self.since..] {
            game.apply_unchecked(m.choice);
        }
        self.game = game;
        Ok(taken)
    }
}

/// Ends `game` by a forfeit (a record's last line).
fn end_by(game: &mut Game, f: Forfeit) -> Result<(), ForfeitError> {
    match f {
        Forfeit::Resign(seat) => game.resign(seat),
        Forfeit::Time(seat) => game.lose_on_time(seat),
        Forfeit::Abandoned(seat) => game.claim_win(seat),
        Forfeit::ClaimDraw(seat) => game.claim_draw(seat),
        Forfeit::Abort(seat) => game.abort(seat),
    }
}

/// Choices after which nothing can be taken back, whatever follows.
fn closes_at_once(choice: Choice) -> bool {
    matches!(choice, Choice::EndTurn | Choice::PassControl | Choice::Claim(_))
}

/// Replays a record: its start, then every line through the gate of
/// [`Match::act`] (a record with take-backs is checked against the
/// take-back policy; a forfeit passes [`Match::resign`] or
/// [`Match::lose_on_time`]). The error names the record line and the
/// reason.
pub fn replay(record: &Record) -> Result<Game, ReplayError> {
    if !record.lines_matter() {
        // no take-backs nor departures: the gate on the game alone, no match
        let mut game = record.start()?;
        let refused = |line: usize| move |e: Refusal| ReplayError { line, reason: ReplayReason::Refused(e) };
        for (i, &m) in record.moves.iter().enumerate() {
            let choice = check_act(&game, m.by, m.choice).map_err(refused(record.line_of_move(i)))?;
            game.apply_unchecked(choice);
        }
        if let Some(f) = record.forfeit {
            end_by(&mut game, f).map_err(|e| refused(record.line_of_forfeit())(e.into()))?;
        }
        return Ok(game);
    }
    Match::from_record(record).map(|m| m.game().clone())
}

/// Replays a record up to and including the text line `line` (1-based; a
/// header line gives the start): the state after that line.
pub fn replay_through(record: &Record, line: usize) -> Result<Game, ReplayError> {
    replay(&record.through_line(line)?)
}

/// Reads and replays a record's text.
pub fn replay_text(text: &str) -> Result<Game, ReplayError> {
    replay(&Record::parse(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::geometry::Square;
    use crate::pile::Pile;

    /// Whoever is to choose makes the choice, through the gate.
    fn play(m: &mut Match, text: &str) -> Result<Choice, Refusal> {
        let by = Mover::of(m.game().actor()).ok_or(Refusal::GameOver)?;
        m.act_text(by, text)
    }

    fn apply(m: &mut Match, choice: Choice) -> Result<Choice, Refusal> {
        let by = Mover::of(m.game().actor()).ok_or(Refusal::GameOver)?;
        m.act(by, choice)
    }

    fn card(id: &str) -> CardId {
        CardId::parse(id).unwrap()
    }

    /// Blue to act with 2 actions holding a Swordmaster; one card in each
    /// deck, so the end of the turn draws.
    fn swordmaster_match() -> Match {
        let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.swordmaster")];
        p.seats[0].deck = Pile::shuffled([card("imperial.knight"), card("imperial.cannon")]);
        Match::from_position(p).unwrap()
    }

    #[test]
    fn undo_takes_back_choices_one_at_a_time_within_the_turn() {
        let mut m = swordmaster_match();
        let start = m.game().clone();
        assert!(!m.can_undo());
        assert_eq!(m.undo(), None);
        play(&mut m, "summon imperial.swordmaster e5 r0").unwrap();
        let mid_effect = m.game().clone();
        play(&mut m, "f6").unwrap();
        let after_effect = m.game().clone();
        play(&mut m, "place a5").unwrap();
        assert_eq!(m.undoable().count(), 3);
        assert_eq!(m.undo(), Some("place a5".parse().unwrap()));
        assert_eq!(m.game(), &after_effect);
        // a decision inside an effect can be taken back too
        assert_eq!(m.undo(), Some(Choice::Square(Square::parse("f6").unwrap())));
        assert_eq!(m.game(), &mid_effect);
        assert!(m.game().prompt().is_some());
        play(&mut m, "skip").unwrap();
        assert_eq!(m.game().board().get(Square::parse("f6").unwrap()).map(|p| p.to_string()), Some("r".into()));
        m.undo();
        m.undo();
        assert_eq!(m.game(), &start);
        assert_eq!(m.record().moves.len(), 0);
        assert_eq!(m.undo(), None);
    }

    #[test]
    fn undo_never_goes_past_the_end_of_a_turn_or_a_draw() {
        let mut m = swordmaster_match();
        for c in ["summon imperial.swordmaster e5 r0", "skip", "place a5", "end"] {
            play(&mut m, c).unwrap();
        }
        assert!(!m.can_undo(), "the turn is over");
        assert_eq!(m.game().actor(), Actor::Chance);
        while m.game().actor() == Actor::Chance {
            let draw = m.game().legal_choices()[0];
            apply(&mut m, draw).unwrap();
            assert!(!m.can_undo(), "a card was drawn");
        }
        // red's turn: red's own choices can be taken back
        assert_eq!(m.game().actor(), Actor::Seat(1));
        let before = m.game().clone();
        play(&mut m, "place b5").unwrap();
        assert!(m.can_undo());
        m.undo();
        assert_eq!(m.game(), &before);
        assert!(!m.can_undo());
    }

    #[test]
    fn a_match_replays_from_its_record() {
        let mut m = swordmaster_match();
        for c in ["summon imperial.swordmaster e5 r0", "f6", "place a5", "end"] {
            play(&mut m, c).unwrap();
        }
        while m.game().actor() == Actor::Chance {
            let draws = m.game().legal_choices();
            apply(&mut m, *draws.last().unwrap()).unwrap();
        }
        play(&mut m, "place b5").unwrap();
        m.set_players(vec!["Ann".into(), "Bo".into()]);
        m.set_tag("Event", "test");
        let text = m.record().to_text();
        let again = Match::from_record(&Record::parse(&text).unwrap()).unwrap();
        assert_eq!(again.game(), m.game());
        assert_eq!(again.record(), m.record());
        // the last stretch can still be taken back after loading
        let mut again = again;
        assert_eq!(again.undo(), Some("place b5".parse().unwrap()));
        assert!(!again.can_undo());
    }

    #[test]
    fn random_take_backs_restore_the_game_and_the_record_replays() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut undos = 0;
        for _ in 0..20 {
            let mut m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
            // the game before each choice that can still be taken back
            let mut before: Vec<Game> = Vec::new();
            while !m.game().is_over() {
                if m.can_undo() && rng.gen_bool(0.3) {
                    m.undo().unwrap();
                    assert_eq!(m.game(), &before.pop().unwrap());
                    undos += 1;
                    continue;
                }
                let state = m.game().clone();
                let v = m.game().legal_choices();
                apply(&mut m, v[rng.gen_range(0..v.len())]).unwrap();
                if m.can_undo() {
                    before.push(state);
                    assert_eq!(m.undoable().count(), before.len());
                } else {
                    before.clear();
                }
            }
            assert_eq!(&replay(m.record()).unwrap(), m.game());
        }
        assert!(undos > 20, "{undos}");
    }

    #[test]
    fn resigning_ends_the_match_and_cannot_be_taken_back() {
        let mut m = swordmaster_match();
        play(&mut m, "place a5").unwrap();
        m.resign(0).unwrap();
        assert!(m.game().is_over());
        assert!(!m.can_undo());
        assert_eq!(apply(&mut m, Choice::EndTurn), Err(Refusal::GameOver));
        let replayed = replay(m.record()).unwrap();
        assert_eq!(&replayed, m.game());
    }

    fn task(id: &str) -> crate::tasks::TaskId {
        crate::tasks::TaskId::parse(id).unwrap()
    }

    /// High Form: blue (seat 0) holds the centre cross but for e5; the
    /// current tasks are the Center Cross and two others, with `next` face
    /// up and `deck` under it.
    fn center_cross_match(next: Option<&str>, deck: &[&str], extra_turn: bool) -> Match {
        let mut p = Position::for_form(Form::HighForm, "9/9/9/4b4/3b1b3/4b4/9/9/9").unwrap();
        p.extra_turn = extra_turn;
        let tb = p.tasks.as_mut().unwrap();
        tb.current = ["tasks.center_cross", "tasks.destruction", "tasks.red_conquest"].map(task).into_iter().collect();
        tb.next = next.map(task);
        tb.deck = crate::tasks::TaskDeck::shuffled(deck.iter().map(|t| task(t)));
        Match::from_position(p).unwrap()
    }

    #[test]
    fn claiming_a_task_cannot_be_taken_back() {
        let mut m = center_cross_match(Some("tasks.side_chain"), &["tasks.imprisonment", "tasks.diagonals"], false);
        play(&mut m, "place e5").unwrap();
        play(&mut m, "place a5").unwrap();
        assert_eq!(m.undoable().count(), 2);
        play(&mut m, "end").unwrap();
        assert_eq!(m.game().phase(), Phase::Claim);
        assert!(!m.can_undo(), "the end of the turn is a barrier");
        play(&mut m, "claim tasks.center_cross").unwrap();
        assert!(!m.can_undo(), "a claimed task is not taken back");
        assert_eq!(m.undo(), None);
        assert_eq!(m.game().tasks().unwrap().claimed[0].as_slice(), [task("tasks.center_cross")]);
        assert_eq!(m.game().seat(0).score, 2);
    }

    #[test]
    fn a_claim_is_a_barrier_even_when_the_same_player_goes_on() {
        // no next task and an empty deck: nothing is turned up after the
        // claim; no cards to draw; the Time Elemental's extra turn follows,
        // so the claimer acts again at once
        let mut m = center_cross_match(None, &[], true);
        play(&mut m, "place e5").unwrap();
        play(&mut m, "place a5").unwrap();
        play(&mut m, "end").unwrap();
        play(&mut m, "claim tasks.center_cross").unwrap();
        assert_eq!(m.game().actor(), Actor::Seat(0), "the extra turn");
        assert_eq!(m.game().phase(), Phase::Main);
        assert!(!m.can_undo());
        play(&mut m, "place b5").unwrap();
        assert_eq!(m.undo(), Some("place b5".parse().unwrap()));
        assert_eq!(m.undo(), None, "not past the claim");
        assert_eq!(
            m.game().tasks().unwrap().current.as_slice(),
            [task("tasks.destruction"), task("tasks.red_conquest")]
        );
        // the record replays to the same game and keeps the barrier
        let again = Match::from_record(&Record::parse(&m.record().to_text()).unwrap()).unwrap();
        assert_eq!(again.game(), m.game());
        assert!(!again.can_undo());
    }

    #[test]
    fn declining_to_claim_is_not_taken_back_either() {
        let mut m = center_cross_match(None, &[], true);
        play(&mut m, "place e5").unwrap();
        play(&mut m, "place a5").unwrap();
        play(&mut m, "end").unwrap();
        play(&mut m, "skip").unwrap();
        assert_eq!(m.game().actor(), Actor::Seat(0));
        assert!(!m.can_undo());
        assert!(m.game().tasks().unwrap().claimed[0].is_empty());
    }

    #[test]
    fn random_high_form_take_backs_never_cross_a_claim() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let mut claims = 0;
        for form in [Form::HighForm, Form::FirstGame] {
            for _ in 0..4 {
                let mut m = Match::new(form, &[School::Highland, School::Sylvan], None).unwrap();
                while !m.game().is_over() {
                    if m.can_undo() && rng.gen_bool(0.2) {
                        m.undo().unwrap();
                        continue;
                    }
                    let v = m.game().legal_choices();
                    let c = v[rng.gen_range(0..v.len())];
                    apply(&mut m, c).unwrap();
                    if matches!(c, Choice::Claim(_)) {
                        claims += 1;
                        assert!(!m.can_undo());
                    }
                    assert!(m.undoable().all(|c| !matches!(c, Choice::Claim(_) | Choice::DrawTask(_))));
                }
                assert_eq!(&replay(m.record()).unwrap(), m.game());
            }
        }
        assert!(claims > 0, "some task was claimed");
    }
}

/// Records read and replayed (the notation is `crate::record`'s; what a
/// replay accepts is this module's).
#[cfg(test)]
mod replay_tests {
    use super::*;

    const FROM_POSITION: &str = "# the guidebook's first Swordmaster example
Form: duel
Seats: northern, southern
Event: notation test
Position:
  form: duel
  board: 9/9/9/4br3/9/4b4/9/9/9
  turn: 0
  actions: 2
  number: 3
  seat: northern score 0 supply 14/3 beings imperial.swordmaster legends - flares - deck imperial.knight discard -
  seat: southern score 0 supply 15/3 beings - legends - flares - deck imperial.cannon discard -
  legends: deck - discard -
  flares: deck - discard -

1 summon imperial.swordmaster e5 r0
1 f6   # destroys the red common; the Swordmaster turns heroic
1 place a5
1 end
* draw imperial.knight
";

    #[test]
    fn a_record_from_a_position_replays() {
        let r = Record::parse(FROM_POSITION).unwrap();
        assert_eq!(r.tag("Event"), Some("notation test"));
        assert_eq!(r.moves.len(), 5);
        assert_eq!(r.line_of_move(1), 17);
        let g = replay(&r).unwrap();
        assert_eq!(g.board().to_text(), "9/9/9/4b4/b3b+4/4b4/9/9/9");
        assert_eq!(g.seat(0).score, 0, "one common piece scores nothing");
        assert_eq!(g.actor(), Actor::Seat(1));
    }

    #[test]
    fn records_round_trip() {
        let r = Record::parse(FROM_POSITION).unwrap();
        let text = r.to_text();
        let again = Record::parse(&text).unwrap();
        assert_eq!(again, r);
        assert_eq!(again.to_text(), text);
        assert_eq!(replay(&again).unwrap(), replay(&r).unwrap());

        let mut r = Record::new(Form::Duel, &[School::Northern, School::Southern], Some(7));
        r.players = vec!["Ann".into(), "Bo Li".into()];
        r.push(Mover::Chance, "draw imperial.knight".parse().unwrap());
        r.end_by(Forfeit::Resign(1));
        let text = r.to_text();
        assert_eq!(
            text,
            "Form: duel\nSeats: northern, southern\nSeed: 7\nPlayers: Ann, Bo Li\n\n* draw imperial.knight\n2 resign\n"
        );
        assert_eq!(Record::parse(&text).unwrap(), r);
        assert_eq!((r.line_of_move(0), r.line_of_forfeit()), (6, 7));
    }

    #[test]
    fn replay_errors_name_the_line_and_reason() {
        let with = |from: &str, to: &str| FROM_POSITION.replace(from, to);
        let e = replay_text(&with("1 place a5", "1 place a1")).unwrap_err();
        assert_eq!(e.line, 18);
        assert!(matches!(e.reason, ReplayReason::Record(RecordReason::Syntax(_))), "a1 is cut off the board: {e}");
        let e = replay_text(&with("1 place a5", "1 place e6")).unwrap_err();
        assert_eq!(e.line, 18);
        assert!(matches!(e.reason, ReplayReason::Refused(Refusal::Illegal { .. })), "{e}");
        let e = replay_text(&with("1 place a5", "2 place a5")).unwrap_err();
        assert_eq!(e.line, 18);
        assert!(matches!(e.reason, ReplayReason::Refused(Refusal::WrongSeat { .. })), "{e}");
        let e = replay_text(&with("* draw", "1 draw")).unwrap_err();
        assert_eq!((e.line, matches!(e.reason, ReplayReason::Refused(Refusal::WrongSeat { .. }))), (20, true));
        let e = replay_text(&with("1 end", "1 jump")).unwrap_err();
        assert_eq!((e.line, matches!(e.reason, ReplayReason::Record(RecordReason::Syntax(_)))), (19, true));
        let e = replay_text(&with("1 f6", "0 f6")).unwrap_err();
        assert_eq!(e.line, 17);
        let e = replay_text(&with("  turn: 0", "  turn: zero")).unwrap_err();
        assert_eq!((e.line, matches!(e.reason, ReplayReason::Record(RecordReason::Syntax(_)))), (8, true));
        let e = replay_text(&with("Seats: northern, southern", "Seats: northern, highland")).unwrap_err();
        assert_eq!((e.line, matches!(e.reason, ReplayReason::Record(RecordReason::Mismatch { .. }))), (5, true));
        let e =
            replay_text(&with("* draw imperial.knight", "* draw imperial.knight\n2 resign\n1 place a5")).unwrap_err();
        assert_eq!((e.line, e.reason), (22, ReplayReason::Record(RecordReason::AfterForfeit)));
        let e = replay_text(&with("1 place a5", "1 place a5\n1 timeout")).unwrap_err();
        assert_eq!(
            (e.line, e.reason),
            (20, ReplayReason::Record(RecordReason::AfterForfeit)),
            "a forfeit ends the record"
        );
        let e = replay_text("Form: duel\n\n1 end\n").unwrap_err();
        assert_eq!(
            e.reason,
            ReplayReason::Record(RecordReason::Syntax(crate::record::RecordSyntax::MissingHeader(
                crate::record::Header::Seats
            )))
        );
        assert_eq!(e.to_string(), "line 1: syntax error: missing 'Seats:' header");
        let e = replay_text("Form: duel\nSeats: northern\n").unwrap_err();
        assert_eq!((e.line, matches!(e.reason, ReplayReason::Record(RecordReason::Setup(_)))), (2, true));
        let e = replay_text("Form: duel\nSeats: northern, southern\n1 end\nSeed: 3\n").unwrap_err();
        assert_eq!(e.line, 4);
        let e = replay_text("Form: duel\nForm: duel\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn mangled_records_are_rejected_without_panicking() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let mut game = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        let mut record = Record::new(Form::Duel, &[School::Northern, School::Southern], None);
        while !game.is_over() {
            let v = game.legal_choices();
            let c = v[rng.gen_range(0..v.len())];
            record.push(Mover::of(game.actor()).unwrap(), c);
            game.apply(c).unwrap();
        }
        let text = record.to_text();
        assert_eq!(replay_text(&text).unwrap(), game);
        let lines: Vec<&str> = text.lines().collect();
        let words = ["1", "2", "*", "draw", "place", "e5", "from", "summon", "imperial.knight", "r90", "-", "#", ":"];
        let mut rejected = 0;
        for _ in 0..120 {
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            let i = rng.gen_range(0..l.len());
            let j = rng.gen_range(0..l.len());
            match rng.gen_range(0..4) {
                0 => {
                    l.remove(i);
                }
                1 => l.swap(i, j),
                2 => {
                    let dup = l[i].clone();
                    l.insert(j, dup);
                }
                _ => {
                    l[i] = (0..rng.gen_range(0..5))
                        .map(|_| words[rng.gen_range(0..words.len())])
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            }
            let mangled = l.join("\n");
            if let Err(e) = replay_text(&mangled) {
                rejected += 1;
                assert!(e.line >= 1 && e.line <= l.len().max(1), "{e}");
            }
        }
        assert!(rejected > 40, "{rejected}");
    }

    #[test]
    fn a_resignation_may_come_from_either_seat() {
        let text = FROM_POSITION.replace("1 place a5", "2 resign");
        let text = text.split("1 end").next().unwrap();
        let g = replay_text(text).unwrap();
        assert_eq!(g.outcome().and_then(|o| o.winner()), Some(0));
    }
}
