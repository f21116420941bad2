//! A game with its record, take-backs, and the one gate every act passes.
//!
//! [`Match::act`] is where a choice by someone (a seat, or chance) is
//! checked: whether the game is going on, whether it is that someone's turn
//! to choose, whether the choice answers what is being decided now, and
//! whether it is legal; a summon's orientation is normalised on the way. A
//! refused act says why in a [`Refusal`] (with the nearest legal choices
//! when the choice was of the right kind) and leaves the match unchanged.
//! Take-backs ([`Match::undo_by`]) and resignations ([`Match::resign`]) pass
//! the same gate. Layers above (the server, the terminal client, record
//! replays) call it instead of checking again.
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

use crate::cards::School;
use crate::choice::Choice;
use crate::game::{Actor, Form, Game, Phase, PlayError, Seat, SetupError, TextPlayError};
use crate::position::{Position, PositionError};
use crate::record::{Line, Mover, Record, ReplayError, ReplayReason};

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
    WrongPhase { choice: Choice, phase: Phase, deciding: String },
    /// The choice is of the right kind but not legal here; `nearest` holds
    /// the legal choices closest to it (same kind, and the same card or
    /// square where there are such), at most [`NEAREST`].
    #[error("{choice} is not a legal choice now{}", nearest_text(nearest))]
    Illegal { choice: Choice, nearest: Vec<Choice> },
    /// The text is not a choice at all.
    #[error("{text:?} is not a choice: {message}")]
    Syntax { text: String, message: String },
    /// Nothing of this seat's can be taken back now.
    #[error(
        "nothing to take back (not past the end of a turn, a draw or a claimed task, nor another player's choice)"
    )]
    NothingToTakeBack { seat: Seat },
    /// Resigning is for games of two sides, never a melee.
    #[error("nobody may resign in a {form}")]
    CannotResign { form: &'static str },
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

/// What is being decided now, in a few words (for refusals).
pub fn deciding(game: &Game) -> String {
    let seat = game.turn().seat;
    let prompt = game.prompt();
    match game.phase() {
        Phase::Over => "nothing: the game is over".into(),
        Phase::Refill { seat, .. } => format!("chance draws a card for seat {}", seat + 1),
        Phase::RevealTasks | Phase::NextTask { .. } => "chance turns up a task".into(),
        Phase::StartPieces { seat } if !game.form().is_melee() => {
            format!("seat {} puts down the start pieces (start c5 or start g5)", seat + 1)
        }
        Phase::Main if prompt.is_none() => {
            format!("seat {}'s action, a flare or the end of the turn", seat + 1)
        }
        Phase::Effect => match game.effect() {
            Some(r) => match prompt {
                Some(step) => format!("a step of the {}'s effect ({step})", r.card.def().name),
                None => format!("a step of the {}'s effect", r.card.def().name),
            },
            None => "a step of an effect".into(),
        },
        Phase::Returning => "cards to return to the bottoms of their decks, then done".into(),
        _ => prompt.map_or_else(|| "a choice".into(), |step| format!("the step {step}")),
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
/// is [`Match::resign`]'s, not a choice made here.
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
    if choice == Choice::Resign || !legal.iter().any(|c| std::mem::discriminant(c) == kind) {
        return Err(Refusal::WrongPhase { choice, phase: game.phase(), deciding: deciding(game) });
    }
    Err(Refusal::Illegal { choice, nearest: nearest(&legal, choice) })
}

/// A game being played: the game, its record, and what can be taken back.
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
    /// and the match goes on keeping them.
    pub fn from_record(record: &Record) -> Result<Match, ReplayError> {
        let mut start = record.clone();
        start.moves.clear();
        start.lines.clear();
        if record.has_take_backs() {
            start.keep_lines();
        }
        let mut m = Match::starting(record.start()?, start);
        if !record.has_take_backs() {
            for (i, mv) in record.moves.iter().enumerate() {
                m.replay_move(mv.by, mv.choice, record.line_of_move(i))?;
            }
            return Ok(m);
        }
        m.keep_take_backs = true;
        for (i, line) in record.lines.iter().enumerate() {
            let at = record.line_of_line(i);
            match *line {
                Line::Choice(mv) => m.replay_move(mv.by, mv.choice, at)?,
                Line::TakeBack(seat) => {
                    m.undo_by(seat).map_err(|e| ReplayError { line: at, reason: replay_reason(e) })?;
                }
            }
        }
        Ok(m)
    }

    fn replay_move(&mut self, by: Mover, choice: Choice, line: usize) -> Result<(), ReplayError> {
        let done = match (by, choice) {
            (Mover::Seat(s), Choice::Resign) => self.resign(s),
            _ => self.act(by, choice).map(|_| ()),
        };
        done.map_err(|e| ReplayError { line, reason: replay_reason(e) })
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
    /// [`Match::resign`]; `Choice::Resign` here resigns for `by`.
    pub fn act(&mut self, by: Mover, choice: Choice) -> Result<Choice, Refusal> {
        if choice == Choice::Resign {
            if let Mover::Seat(s) = by {
                self.resign(s)?;
                return Ok(Choice::Resign);
            }
        }
        let choice = check_act(&self.game, by, choice)?;
        self.commit(by, choice);
        Ok(choice)
    }

    /// Reads a choice's text and passes it through the gate ([`Match::act`]).
    pub fn act_text(&mut self, by: Mover, text: &str) -> Result<Choice, Refusal> {
        let choice: Choice = text.parse().map_err(|e: crate::choice::ChoiceTextError| Refusal::Syntax {
            text: text.to_string(),
            message: e.to_string(),
        })?;
        self.act(by, choice)
    }

    /// Applies a choice of the current actor (a seat or chance) after
    /// checking that it is legal (the gate, for whoever is to choose).
    pub fn apply(&mut self, choice: Choice) -> Result<(), PlayError> {
        let by = self.mover()?;
        if let (Choice::Resign, Mover::Seat(s)) = (choice, by) {
            return self.resign(s).map_err(|_| PlayError::Illegal { choice });
        }
        let normal = self.game.normalize(choice);
        if !self.game.is_legal(normal) {
            return Err(PlayError::Illegal { choice });
        }
        self.commit(by, normal);
        Ok(())
    }

    /// Like [`Match::apply`] for a choice just taken from the game's
    /// [`Game::legal_choices`] (bots, self-play): not checked again.
    pub fn apply_unchecked(&mut self, choice: Choice) {
        let Ok(by) = self.mover() else { return };
        self.commit(by, choice);
    }

    /// Reads a choice's text and applies it for whoever is to choose.
    pub fn play(&mut self, text: &str) -> Result<(), TextPlayError> {
        let choice: Choice = text.parse()?;
        self.apply(choice)?;
        Ok(())
    }

    /// A seat resigns (at any time, in a two-sided game; never in a melee).
    pub fn resign(&mut self, seat: Seat) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if seat as usize >= self.game.seat_count() {
            return Err(Refusal::NoSuchSeat { seat, seats: self.game.seat_count() });
        }
        self.game.resign(seat).map_err(|_| Refusal::CannotResign { form: self.game.form().name() })?;
        self.record.push(Mover::Seat(seat), Choice::Resign);
        self.set_barrier();
        Ok(())
    }

    fn mover(&self) -> Result<Mover, PlayError> {
        Mover::of(self.game.actor()).ok_or(PlayError::GameOver)
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

/// Choices after which nothing can be taken back, whatever follows.
fn closes_at_once(choice: Choice) -> bool {
    matches!(choice, Choice::Resign | Choice::EndTurn | Choice::PassControl | Choice::Claim(_))
}

/// A refusal as the reason a record line is rejected.
pub(crate) fn replay_reason(e: Refusal) -> ReplayReason {
    match e {
        Refusal::GameOver => ReplayReason::GameOver,
        Refusal::WrongSeat { by, actor } => ReplayReason::WrongActor { found: who(by), expected: who(actor) },
        other => ReplayReason::Illegal(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::game::Phase;
    use crate::geometry::Square;
    use crate::pile::Pile;

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
        m.play("summon imperial.swordmaster e5 r0").unwrap();
        let mid_effect = m.game().clone();
        m.play("f6").unwrap();
        let after_effect = m.game().clone();
        m.play("place a5").unwrap();
        assert_eq!(m.undoable().count(), 3);
        assert_eq!(m.undo(), Some("place a5".parse().unwrap()));
        assert_eq!(m.game(), &after_effect);
        // a decision inside an effect can be taken back too
        assert_eq!(m.undo(), Some(Choice::Square(Square::parse("f6").unwrap())));
        assert_eq!(m.game(), &mid_effect);
        assert!(m.game().prompt().is_some());
        m.play("skip").unwrap();
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
            m.play(c).unwrap();
        }
        assert!(!m.can_undo(), "the turn is over");
        assert_eq!(m.game().actor(), Actor::Chance);
        while m.game().actor() == Actor::Chance {
            let draw = m.game().legal_choices()[0];
            m.apply(draw).unwrap();
            assert!(!m.can_undo(), "a card was drawn");
        }
        // red's turn: red's own choices can be taken back
        assert_eq!(m.game().actor(), Actor::Seat(1));
        let before = m.game().clone();
        m.play("place b5").unwrap();
        assert!(m.can_undo());
        m.undo();
        assert_eq!(m.game(), &before);
        assert!(!m.can_undo());
    }

    #[test]
    fn a_match_replays_from_its_record() {
        let mut m = swordmaster_match();
        for c in ["summon imperial.swordmaster e5 r0", "f6", "place a5", "end"] {
            m.play(c).unwrap();
        }
        while m.game().actor() == Actor::Chance {
            let draws = m.game().legal_choices();
            m.apply(*draws.last().unwrap()).unwrap();
        }
        m.play("place b5").unwrap();
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
                m.apply(v[rng.gen_range(0..v.len())]).unwrap();
                if m.can_undo() {
                    before.push(state);
                    assert_eq!(m.undoable().count(), before.len());
                } else {
                    before.clear();
                }
            }
            assert_eq!(&crate::record::replay(m.record()).unwrap(), m.game());
        }
        assert!(undos > 20, "{undos}");
    }

    #[test]
    fn resigning_ends_the_match_and_cannot_be_taken_back() {
        let mut m = swordmaster_match();
        m.play("place a5").unwrap();
        m.resign(0).unwrap();
        assert!(m.game().is_over());
        assert!(!m.can_undo());
        assert_eq!(m.apply(Choice::EndTurn), Err(PlayError::GameOver));
        let replayed = crate::record::replay(m.record()).unwrap();
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
        m.play("place e5").unwrap();
        m.play("place a5").unwrap();
        assert_eq!(m.undoable().count(), 2);
        m.play("end").unwrap();
        assert_eq!(m.game().phase(), Phase::Claim);
        assert!(!m.can_undo(), "the end of the turn is a barrier");
        m.play("claim tasks.center_cross").unwrap();
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
        m.play("place e5").unwrap();
        m.play("place a5").unwrap();
        m.play("end").unwrap();
        m.play("claim tasks.center_cross").unwrap();
        assert_eq!(m.game().actor(), Actor::Seat(0), "the extra turn");
        assert_eq!(m.game().phase(), Phase::Main);
        assert!(!m.can_undo());
        m.play("place b5").unwrap();
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
        m.play("place e5").unwrap();
        m.play("place a5").unwrap();
        m.play("end").unwrap();
        m.play("skip").unwrap();
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
                    m.apply(c).unwrap();
                    if matches!(c, Choice::Claim(_)) {
                        claims += 1;
                        assert!(!m.can_undo());
                    }
                    assert!(m.undoable().all(|c| !matches!(c, Choice::Claim(_) | Choice::DrawTask(_))));
                }
                assert_eq!(&crate::record::replay(m.record()).unwrap(), m.game());
            }
        }
        assert!(claims > 0, "some task was claimed");
    }
}
