//! A game with its record, and take-backs.
//!
//! The guidebook ("Take Backs") lets a player take back actions and
//! decisions, even in the middle of an effect, until the turn ends, cards
//! are drawn, a task is claimed, or (team play) control passes to the
//! teammate. A [`Match`] keeps the game, its full record, and a snapshot of
//! the game at the last point nothing before which can be taken back (a
//! *barrier*); [`Match::undo`] drops the last choice and replays the
//! choices made since the barrier from that snapshot.
//!
//! A barrier falls after every chance choice (a draw), after every claim
//! of a task, and after every choice that ends the choosing player's
//! stretch of play: when the next actor is not that player any more (the
//! turn ended, control passed, the game ended) or a new turn began.

use crate::cards::School;
use crate::choice::Choice;
use crate::game::{Actor, Form, Game, PlayError, Seat, SetupError, TextPlayError};
use crate::position::{Position, PositionError};
use crate::record::{apply_move, Mover, Record, ReplayError};

/// A game being played: the game, its record, and what can be taken back.
#[derive(Clone, Debug)]
pub struct Match {
    game: Game,
    record: Record,
    /// The game at the last barrier.
    barrier: Game,
    /// The record's moves from this index on can be taken back.
    since: usize,
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
    /// the record can be taken back as if it had just been played.
    pub fn from_record(record: &Record) -> Result<Match, ReplayError> {
        let mut start = record.clone();
        start.moves.clear();
        let mut m = Match::starting(record.start()?, start);
        for (i, mv) in record.moves.iter().enumerate() {
            let before_turn = m.game.turn().number;
            apply_move(&mut m.game, *mv, record.line_of_move(i))?;
            m.record.push(mv.by, mv.choice);
            m.after(mv.by, mv.choice, before_turn);
        }
        Ok(m)
    }

    fn starting(game: Game, record: Record) -> Match {
        Match { barrier: game.clone(), game, record, since: 0 }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn record(&self) -> &Record {
        &self.record
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

    /// Applies a choice of the current actor (a seat or chance) after
    /// checking that it is legal.
    pub fn apply(&mut self, choice: Choice) -> Result<(), PlayError> {
        let by = self.mover()?;
        let before_turn = self.game.turn().number;
        self.game.apply(choice)?;
        self.record.push(by, choice);
        self.after(by, choice, before_turn);
        Ok(())
    }

    /// Like [`Match::apply`] for a choice just taken from the game's
    /// [`Game::legal_choices`] (bots, self-play): not checked again.
    pub fn apply_unchecked(&mut self, choice: Choice) {
        let Ok(by) = self.mover() else { return };
        let before_turn = self.game.turn().number;
        self.game.apply_unchecked(choice);
        self.record.push(by, choice);
        self.after(by, choice, before_turn);
    }

    /// Reads a choice's text and applies it.
    pub fn play(&mut self, text: &str) -> Result<(), TextPlayError> {
        let choice: Choice = text.parse()?;
        let choice = self.game.normalize(choice);
        self.apply(choice)?;
        Ok(())
    }

    /// A seat resigns (at any time, in a two-sided game).
    pub fn resign(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.game.resign(seat)?;
        self.record.push(Mover::Seat(seat), Choice::Resign);
        self.set_barrier();
        Ok(())
    }

    fn mover(&self) -> Result<Mover, PlayError> {
        Mover::of(self.game.actor()).ok_or(PlayError::GameOver)
    }

    fn after(&mut self, by: Mover, choice: Choice, before_turn: u16) {
        let closes = match by {
            Mover::Chance => true,
            Mover::Seat(s) => {
                // a claimed task is a barrier of its own (guidebook, "Take
                // Backs"), not only through the draw of a new next task; so is
                // passing control to the teammate, even though a turn's last
                // stretch returns to the same player
                choice == Choice::Resign
                    || choice == Choice::EndTurn
                    || choice == Choice::PassControl
                    || matches!(choice, Choice::Claim(_))
                    || self.game.actor() != Actor::Seat(s)
                    || self.game.turn().number != before_turn
            }
        };
        if closes {
            self.set_barrier();
        }
    }

    fn set_barrier(&mut self) {
        self.barrier = self.game.clone();
        self.since = self.record.moves.len();
    }

    /// Whether there is a choice that can be taken back.
    pub fn can_undo(&self) -> bool {
        self.since < self.record.moves.len()
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
        if !self.can_undo() {
            return None;
        }
        let taken = self.record.pop().expect("a move to take back").choice;
        let mut game = self.barrier.clone();
        for m in &self.record.moves[self.since..] {
            game.apply_unchecked(m.choice);
        }
        self.game = game;
        Some(taken)
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
