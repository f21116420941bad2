//! The game state and its flow: setup, turns, actions, flares, effects,
//! scoring and the end of the game.
//!
//! At every point exactly one actor chooses: a seat, or chance (a draw from
//! a shuffled deck). [`Game::legal_choices`] lists what it may choose, in a
//! stable order, and [`Game::apply`] carries out a choice after checking
//! that it is one of them. Between choices the game runs every step that
//! needs no decision by itself.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Color, Piece, Rank};
use crate::cards::{oriented, pattern_matches_with, CardId, ColorSet, Deck, PatternMatch, School};
use crate::choice::Choice;
use crate::effect::{Ask, Resolution};
use crate::geometry::{Bitboard, Orientation, Square};
use crate::pile::{insert_sorted, remove_card, CardList, Pile};
use crate::tasks::TaskBoard;

/// A seat at the table: 0 is the starting player, then in turn order.
pub type Seat = u8;

/// The form of the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Deathmatch Duel: two players, points for destruction.
    Duel,
    /// The High Form: two players, points for claimed tasks and for
    /// legendary pieces on the board.
    HighForm,
    /// The guidebook's simplified first game: the High Form without legends,
    /// discard action, advanced tasks or final round, to 6 points.
    FirstGame,
}

impl Form {
    pub const ALL: [Form; 3] = [Form::Duel, Form::HighForm, Form::FirstGame];

    pub fn name(self) -> &'static str {
        match self {
            Form::Duel => "duel",
            Form::HighForm => "high-form",
            Form::FirstGame => "first-game",
        }
    }

    pub fn parse(text: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == text)
    }

    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Form::Duel | Form::HighForm | Form::FirstGame => 2..=2,
        }
    }

    /// Points that trigger the end of the game.
    pub fn target_score(self) -> i16 {
        match self {
            Form::Duel => 18,
            Form::HighForm => 9,
            Form::FirstGame => 6,
        }
    }

    /// Deathmatch scoring: points for destroyed enemy pieces and for
    /// summoning legends, and a point to the opponent of a flare.
    pub fn deathmatch_scoring(self) -> bool {
        self == Form::Duel
    }

    /// Tasks are claimed, and scores are claimed points plus legendary pieces.
    pub fn uses_tasks(self) -> bool {
        matches!(self, Form::HighForm | Form::FirstGame)
    }

    /// The second player puts a common piece of each color on the start squares.
    pub fn start_pieces(self) -> bool {
        self == Form::Duel
    }

    /// Legends and legendary pieces are in the game.
    pub fn legends(self) -> bool {
        self != Form::FirstGame
    }

    /// The discard action is allowed.
    pub fn discard_action(self) -> bool {
        self != Form::FirstGame
    }

    /// Once the end is triggered every player gets one more turn; otherwise
    /// the game ends at once.
    pub fn final_round(self) -> bool {
        self != Form::FirstGame
    }

    /// Two-sided and legendary pieces of each color in play (in a duel one
    /// two-sided piece marks the score instead).
    pub fn pieces(self) -> (u8, u8) {
        match self {
            Form::Duel => (16, 3),
            Form::HighForm => (17, 3),
            Form::FirstGame => (17, 0),
        }
    }

    /// The task deck holds the advanced tasks.
    pub fn advanced_tasks(self) -> bool {
        self == Form::HighForm
    }

    /// A next task that would make three face-up tasks of one type is moved
    /// to the bottom of the deck (the full rules; the first game's guidebook
    /// setup only asks for three current tasks of different types).
    pub fn limits_task_types(self) -> bool {
        self == Form::HighForm
    }

    /// The hand a player draws up to: beings, legends, flares.
    pub fn hand(self) -> (u8, u8, u8) {
        if self.legends() {
            (3, 2, 1)
        } else {
            (3, 0, 1)
        }
    }
}

/// Who makes the next choice.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Actor {
    Seat(Seat),
    Chance,
    /// The game is over.
    Nobody,
}

/// What a seat holds.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct SeatState {
    pub school: School,
    pub color: Color,
    pub deck: Pile,
    /// Beings from the seat's deck, sorted.
    pub beings: CardList,
    pub legends: CardList,
    pub flares: CardList,
    /// The seat's own discard pile, oldest first.
    pub discard: CardList,
    pub score: i16,
}

/// The state of the current turn.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    /// Turns started so far, this one included.
    pub number: u16,
    pub actions: u8,
    pub discard_used: bool,
    pub flare_used: bool,
    /// Enemy pieces destroyed by the active player this turn, by color and
    /// rank (the rank the piece had when it was destroyed).
    pub destroyed: [[u8; 3]; 4],
    pub legends_summoned: u8,
    pub beings_summoned: u8,
    /// The beings summoned by the summon action this turn, in order (the
    /// list stops at its capacity, far beyond what any task counts).
    pub summoned: ArrayVec<Summoned, 16>,
    /// Extra cards to draw at the end of this turn: beings, legends.
    pub extra_beings: u8,
    pub extra_legends: u8,
    /// The War Summoner's bonus: the next being summoned this turn may count
    /// one enemy piece as the summoner's own when matching its pattern. Any
    /// summoning uses it up; a new turn starts without it.
    #[serde(default)]
    pub war_summoner_bonus: bool,
    /// The Time Elemental was summoned: once this turn is over, the same
    /// seat takes another turn.
    #[serde(default)]
    pub extra_turn: bool,
}

impl Turn {
    pub(crate) fn new(seat: Seat, number: u16, actions: u8) -> Turn {
        Turn {
            seat,
            number,
            actions,
            discard_used: false,
            flare_used: false,
            destroyed: [[0; 3]; 4],
            legends_summoned: 0,
            beings_summoned: 0,
            summoned: ArrayVec::new(),
            extra_beings: 0,
            extra_legends: 0,
            war_summoner_bonus: false,
            extra_turn: false,
        }
    }
}

/// A being summoned by the summon action: its card and summoning square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Summoned {
    pub card: CardId,
    pub at: Square,
}

/// Where the game is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// Drawing up to the hand targets (chance); `setup` for the first hands.
    Refill {
        seat: Seat,
        beings: u8,
        legends: u8,
        flares: u8,
        setup: bool,
    },
    /// Deathmatch duel: the seat puts one common piece of each color on the
    /// start squares.
    StartPieces {
        seat: Seat,
    },
    /// The active player may act, invoke a flare or end the turn.
    Main,
    /// A card's effect is being resolved.
    Effect,
    /// After a discard action: returning cards to the bottoms of their decks.
    Returning,
    /// Piece shortage: the active player picked up one of their pieces to
    /// begin a place action and now places it.
    Placing,
    /// Task forms, setup: chance turns up the three current tasks.
    RevealTasks,
    /// Task forms: chance turns up the next task (`setup` before the first turn).
    NextTask {
        setup: bool,
    },
    /// Task forms, end of turn: the active player may claim one current task
    /// whose criterion they meet, or decline.
    Claim,
    Over,
}

/// How the game ended: a place per seat (0 is first; tied seats share one).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub places: ArrayVec<u8, 4>,
    pub resigned: Option<Seat>,
}

impl Outcome {
    /// The single winner, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        let firsts: Vec<_> = (0..self.places.len()).filter(|&s| self.places[s] == 0).collect();
        (firsts.len() == 1).then(|| firsts[0] as Seat)
    }
}

/// The end-of-game trigger.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct EndState {
    /// The seat whose turn triggered the end: it plays last.
    pub last: Option<Seat>,
    /// Turns still to play after the current one (extra turns not
    /// counted); set together with `last`.
    pub turns_left: Option<u8>,
}

/// A choice that cannot be applied; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("{choice} is not a legal choice now")]
    Illegal { choice: Choice },
    #[error("seat {seat} cannot choose now (it is {expected}'s turn to choose)")]
    WrongActor { seat: String, expected: String },
}

/// A choice text that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextPlayError {
    #[error(transparent)]
    Syntax(#[from] crate::choice::ChoiceTextError),
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// What is wrong with a requested game setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{form} is played by {min} to {max} seats, not {got}")]
    SeatCount { form: &'static str, min: usize, max: usize, got: usize },
    #[error("two seats cannot both play {0} pieces")]
    SameColor(Color),
}

/// A game of Tash-Kalar.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Game {
    pub(crate) form: Form,
    pub(crate) seats: ArrayVec<SeatState, 4>,
    pub(crate) board: Board,
    pub(crate) legends: Pile,
    pub(crate) legend_discard: CardList,
    pub(crate) flares: Pile,
    pub(crate) flare_discard: CardList,
    /// Per color: two-sided pieces and legendary pieces in play (on the
    /// board or in supply).
    pub(crate) pieces: [(u8, u8); 4],
    pub(crate) phase: Phase,
    pub(crate) turn: Turn,
    pub(crate) effect: Option<Resolution>,
    pub(crate) end: EndState,
    pub(crate) outcome: Option<Outcome>,
    /// The task board, in the forms that use tasks.
    pub(crate) tasks: Option<TaskBoard>,
}

impl Game {
    /// A new game: shuffled decks, empty board; chance deals the first hands.
    pub fn new(form: Form, schools: &[School]) -> Result<Game, SetupError> {
        let range = form.seats();
        if !range.contains(&schools.len()) {
            return Err(SetupError::SeatCount {
                form: form.name(),
                min: *range.start(),
                max: *range.end(),
                got: schools.len(),
            });
        }
        for (i, a) in schools.iter().enumerate() {
            if schools[..i].iter().any(|b| b.color() == a.color()) {
                return Err(SetupError::SameColor(a.color()));
            }
        }
        let seats = schools
            .iter()
            .map(|&school| SeatState {
                school,
                color: school.color(),
                deck: Pile::shuffled(school.deck().ids()),
                beings: CardList::new(),
                legends: CardList::new(),
                flares: CardList::new(),
                discard: CardList::new(),
                score: 0,
            })
            .collect();
        let mut game = Game {
            form,
            seats,
            board: Board::empty(),
            legends: if form.legends() { Pile::shuffled(Deck::Legends.ids()) } else { Pile::default() },
            legend_discard: CardList::new(),
            flares: Pile::shuffled(Deck::Flares.ids()),
            flare_discard: CardList::new(),
            pieces: [(0, 0); 4],
            phase: Phase::Over,
            turn: Turn::new(0, 0, 0),
            effect: None,
            end: EndState::default(),
            outcome: None,
            tasks: form.uses_tasks().then(|| TaskBoard::new(form.advanced_tasks())),
        };
        game.phase = game.setup_refill(0);
        for s in schools {
            game.pieces[s.color().index()] = form.pieces();
        }
        game.settle();
        Ok(game)
    }

    // ----- read access -----

    pub fn form(&self) -> Form {
        self.form
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub(crate) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }
    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat as usize]
    }
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
    pub(crate) fn turn_mut(&mut self) -> &mut Turn {
        &mut self.turn
    }
    pub fn effect(&self) -> Option<&Resolution> {
        self.effect.as_ref()
    }
    pub fn end_state(&self) -> EndState {
        self.end
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn legend_pile(&self) -> &Pile {
        &self.legends
    }
    pub fn legend_discard(&self) -> &[CardId] {
        &self.legend_discard
    }
    pub fn flare_pile(&self) -> &Pile {
        &self.flares
    }
    pub fn flare_discard(&self) -> &[CardId] {
        &self.flare_discard
    }

    /// The color of the player whose turn it is.
    pub fn active_color(&self) -> Color {
        self.seats[self.turn.seat as usize].color
    }

    /// The seat playing a color.
    pub fn seat_of(&self, color: Color) -> Option<Seat> {
        self.seats.iter().position(|s| s.color == color).map(|i| i as Seat)
    }

    /// Colors in play other than `color`.
    pub fn enemies_of(&self, color: Color) -> impl Iterator<Item = Color> + '_ {
        let mut seen = ArrayVec::<Color, 4>::new();
        for s in &self.seats {
            if s.color != color && !seen.contains(&s.color) {
                seen.push(s.color);
            }
        }
        seen.into_iter()
    }

    /// Pieces of `color` and `rank` not on the board (common and heroic are
    /// two faces of the same pieces, so they share a count).
    pub fn supply(&self, color: Color, rank: Rank) -> u8 {
        let (two_sided, legendary) = self.pieces[color.index()];
        let on_board = match rank {
            Rank::Common | Rank::Heroic => {
                self.board.count(color, Rank::Common) + self.board.count(color, Rank::Heroic)
            }
            Rank::Legendary => self.board.count(color, Rank::Legendary),
        };
        let total = if rank == Rank::Legendary { legendary } else { two_sided };
        total.saturating_sub(on_board as u8)
    }

    /// Two-sided and legendary pieces of a color in play.
    pub fn pieces_in_play(&self, color: Color) -> (u8, u8) {
        self.pieces[color.index()]
    }

    /// Who chooses next.
    pub fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Nobody,
            Phase::Refill { .. } | Phase::RevealTasks | Phase::NextTask { .. } => Actor::Chance,
            Phase::StartPieces { seat } => Actor::Seat(seat),
            Phase::Main | Phase::Effect | Phase::Returning | Phase::Placing | Phase::Claim => {
                Actor::Seat(self.turn.seat)
            }
        }
    }

    /// What the current effect step is asking, if an effect is resolving
    /// (or, at the end of a turn in a task form, the offer to claim a task).
    pub fn prompt(&self) -> Option<&'static str> {
        if self.phase == Phase::Claim {
            return Some("claim one task whose criterion you meet, or skip");
        }
        if self.phase == Phase::Placing {
            return Some("place the piece you picked up");
        }
        let r = self.effect.as_ref()?;
        let mut v = Vec::new();
        match (r.card.def().script.ask)(self, r, &mut v) {
            Ask::Choose(text) => Some(text),
            _ => None,
        }
    }

    // ----- legal choices -----

    /// The legal choices of the actor, in a stable order.
    pub fn legal_choices(&self) -> Vec<Choice> {
        let mut v = Vec::new();
        self.legal_choices_into(&mut v);
        v
    }

    /// Like [`Game::legal_choices`], reusing a buffer.
    pub fn legal_choices_into(&self, out: &mut Vec<Choice>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Refill { seat, .. } => {
                let s = &self.seats[seat as usize];
                let (pile, discard) = match self.refill_pile(seat) {
                    None => return,
                    Some(RefillFrom::Deck) => (&s.deck, None),
                    Some(RefillFrom::Legends) => (&self.legends, Some(&self.legend_discard)),
                    Some(RefillFrom::Flares) => (&self.flares, Some(&self.flare_discard)),
                };
                match discard {
                    // an empty shared deck: its discard pile is shuffled in first
                    Some(d) if pile.is_empty() => {
                        let mut cards = d.clone();
                        cards.sort();
                        out.extend(cards.into_iter().map(Choice::Draw));
                    }
                    _ => out.extend(pile.next_draws().iter().map(|&c| Choice::Draw(c))),
                }
            }
            Phase::StartPieces { .. } => {
                for name in ["c5", "g5"] {
                    out.push(Choice::StartPieces(Square::parse(name).expect("start square")));
                }
            }
            Phase::Main => self.main_choices(out),
            Phase::Effect => {
                let r = self.effect.as_ref().expect("an effect in the effect phase");
                let _ = (r.card.def().script.ask)(self, r, out);
            }
            Phase::Placing => out.extend(self.board.empty_squares().squares().map(Choice::Place)),
            Phase::Returning => {
                let s = &self.seats[self.turn.seat as usize];
                for &c in s.beings.iter().chain(&s.legends).chain(&s.flares) {
                    out.push(Choice::Return(c));
                }
                out.push(Choice::Done);
            }
            Phase::RevealTasks | Phase::NextTask { .. } => self.task_draws(out),
            Phase::Claim => {
                out.extend(self.claimable_tasks().into_iter().map(Choice::Claim));
                out.push(Choice::Skip);
            }
        }
    }

    fn main_choices(&self, out: &mut Vec<Choice>) {
        let seat = &self.seats[self.turn.seat as usize];
        let color = seat.color;
        if self.turn.actions > 0 {
            let mut matches = Vec::new();
            let stand_ins = self.stand_ins();
            for &card in seat.beings.iter().chain(&seat.legends) {
                matches.clear();
                pattern_matches_with(&self.board, color, card, &stand_ins, &mut matches);
                for &m in &matches {
                    self.push_summons(card, m, out);
                }
            }
            if self.supply(color, Rank::Common) > 0 {
                out.extend(self.board.empty_squares().squares().map(Choice::Place));
            } else {
                // piece shortage: the place action begins by picking up one
                // of your two-sided pieces (then `Phase::Placing`)
                out.extend(self.board.of_color_at_most(color, Rank::Heroic).squares().map(Choice::PickUp));
            }
            if self.form.discard_action() && !self.turn.discard_used {
                for &card in &seat.beings {
                    out.push(Choice::Discard(card));
                }
            }
        }
        self.push_flares(out);
        if self.turn.actions == 0 || out.is_empty() {
            out.push(Choice::EndTurn);
        }
    }

    /// The enemy pieces that may stand in for the active player's own when
    /// the next being's pattern is matched (see [`crate::cards::StandIns`]).
    pub fn stand_ins(&self) -> ArrayVec<ColorSet, 2> {
        let mut slots = ArrayVec::new();
        if self.turn.war_summoner_bonus {
            slots.push(self.enemies_of(self.active_color()).collect());
        }
        slots
    }

    /// Summon choices for one pattern match, with the piece-shortage rule.
    fn push_summons(&self, card: CardId, m: PatternMatch, out: &mut Vec<Choice>) {
        let color = self.active_color();
        let rank = card.def().rank;
        let summon = |pickup| Choice::Summon { card, at: m.at, orientation: m.orientation, pickup };
        if self.supply(color, rank) > 0 {
            out.push(summon(None));
            return;
        }
        let same_type = |p: Piece| p.color == color && (p.rank == Rank::Legendary) == (rank == Rank::Legendary);
        if self.board.get(m.at).is_some_and(same_type) {
            // use the piece on the summoning square as the new piece
            out.push(summon(None));
            return;
        }
        let pattern = oriented(card, m.orientation).expect("distinct orientation").pattern_squares(m.at);
        let candidates = if rank == Rank::Legendary {
            self.board.of_color_at_least(color, Rank::Legendary)
        } else {
            self.board.of_color_at_most(color, Rank::Heroic)
        };
        for from in candidates.squares() {
            if !pattern.contains(from) && from != m.at {
                out.push(summon(Some(from)));
            }
        }
    }

    /// The opponents a flare may be invoked against now, with the criteria met.
    pub fn flare_criteria(&self, against: Color) -> (bool, bool) {
        let Some(&flare) = self.seats[self.turn.seat as usize].flares.first() else {
            return (false, false);
        };
        let t = flare.def().flare.expect("a flare card");
        let me = self.active_color();
        let upgraded = self.board.upgraded(against) as i32 - self.board.upgraded(me) as i32;
        let total = self.board.total(against) as i32 - self.board.total(me) as i32;
        (upgraded >= t.upper as i32, total >= t.lower as i32)
    }

    fn push_flares(&self, out: &mut Vec<Choice>) {
        if self.turn.flare_used || self.seats[self.turn.seat as usize].flares.is_empty() {
            return;
        }
        for enemy in self.enemies_of(self.active_color()) {
            let (upper, lower) = self.flare_criteria(enemy);
            if upper || lower {
                out.push(Choice::Flare(enemy));
            }
        }
    }

    // ----- applying choices -----

    /// Whether a choice is legal now.
    pub fn is_legal(&self, choice: Choice) -> bool {
        if choice == Choice::Resign {
            return self.can_resign();
        }
        let mut v = Vec::new();
        self.legal_choices_into(&mut v);
        v.contains(&choice)
    }

    fn can_resign(&self) -> bool {
        !self.is_over() && self.seats.len() == 2
    }

    /// Applies a choice of the current actor after checking that it is
    /// legal; on error the game is unchanged.
    pub fn apply(&mut self, choice: Choice) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(choice) {
            return Err(PlayError::Illegal { choice });
        }
        self.apply_unchecked(choice);
        Ok(())
    }

    /// Reads a choice's text and applies it; on error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), TextPlayError> {
        let choice: Choice = text.parse()?;
        let choice = self.normalize(choice);
        self.apply(choice)?;
        Ok(())
    }

    /// A summon's orientation replaced by the distinct orientation that
    /// lays the same pattern (so any of a symmetric pattern's names works).
    pub fn normalize(&self, choice: Choice) -> Choice {
        match choice {
            Choice::Summon { card, at, orientation, pickup } => {
                Choice::Summon { card, at, orientation: crate::cards::canonical_orientation(card, orientation), pickup }
            }
            c => c,
        }
    }

    /// Resignation by a given seat, at any time in a two-sided game.
    pub fn resign(&mut self, seat: Seat) -> Result<(), PlayError> {
        if !self.can_resign() || seat as usize >= self.seats.len() {
            return Err(PlayError::Illegal { choice: Choice::Resign });
        }
        let mut places = ArrayVec::new();
        for s in 0..self.seats.len() {
            places.push(if s == seat as usize { 1 } else { 0 });
        }
        self.outcome = Some(Outcome { places, resigned: Some(seat) });
        self.phase = Phase::Over;
        self.effect = None;
        Ok(())
    }

    /// Applies a choice taken from [`Game::legal_choices`] without checking
    /// it again (for bots and playouts). An illegal choice here may leave the
    /// game in an inconsistent state.
    pub fn apply_unchecked(&mut self, choice: Choice) {
        match (self.phase, choice) {
            (_, Choice::Resign) => {
                let seat = match self.actor() {
                    Actor::Seat(s) => s,
                    _ => self.turn.seat,
                };
                let _ = self.resign(seat);
                return;
            }
            (Phase::Refill { seat, .. }, Choice::Draw(card)) => self.draw(seat, card),
            (Phase::StartPieces { .. }, Choice::StartPieces(sq)) => self.place_start_pieces(sq),
            (Phase::Main | Phase::Placing, Choice::Place(to)) => {
                let color = self.active_color();
                self.board.set(to, Some(Piece::new(color, Rank::Common)));
                self.turn.actions -= 1;
                self.phase = Phase::Main;
            }
            (Phase::Main, Choice::PickUp(from)) => {
                self.board.set(from, None);
                self.phase = Phase::Placing;
            }
            (Phase::Main, Choice::Summon { card, at, orientation, pickup }) => {
                self.summon(card, at, orientation, pickup)
            }
            (Phase::Main, Choice::Discard(card)) => {
                let seat = &mut self.seats[self.turn.seat as usize];
                remove_card(&mut seat.beings, card);
                seat.discard.push(card);
                self.turn.actions -= 1;
                self.turn.discard_used = true;
                self.phase = Phase::Returning;
            }
            (Phase::Main, Choice::Flare(against)) => self.invoke_flare(against),
            (Phase::Main, Choice::EndTurn) => self.end_turn(),
            (Phase::Returning, Choice::Return(card)) => {
                let seat = &mut self.seats[self.turn.seat as usize];
                if remove_card(&mut seat.beings, card) {
                    seat.deck.put_bottom(card);
                } else if remove_card(&mut seat.legends, card) {
                    self.legends.put_bottom(card);
                } else if remove_card(&mut seat.flares, card) {
                    self.flares.put_bottom(card);
                }
            }
            (Phase::Returning, Choice::Done) => self.phase = Phase::Main,
            (Phase::RevealTasks, Choice::DrawTask(task)) => self.reveal_task(task),
            (Phase::NextTask { setup }, Choice::DrawTask(task)) => self.turn_up_next_task(task, setup),
            (Phase::Claim, Choice::Claim(task)) => self.claim_task(task),
            (Phase::Claim, Choice::Skip) => self.close_turn(),
            (Phase::Effect, c) => {
                let mut r = self.effect.take().expect("an effect in the effect phase");
                (r.card.def().script.apply)(self, &mut r, c);
                self.effect = Some(r);
            }
            (phase, c) => unreachable!("{c} applied in phase {phase:?}"),
        }
        self.settle();
    }

    /// Runs every step that needs no decision.
    fn settle(&mut self) {
        self.settle_steps();
        self.refresh_task_scores();
    }

    fn settle_steps(&mut self) {
        loop {
            match self.phase {
                Phase::Effect => {
                    let mut r = self.effect.take().expect("an effect in the effect phase");
                    let mut v = Vec::new();
                    let ask = (r.card.def().script.ask)(self, &r, &mut v);
                    let auto = match ask {
                        Ask::Done => {
                            self.finish_effect(r);
                            continue;
                        }
                        Ask::Auto => true,
                        Ask::Choose(_) => v.is_empty() || v == [Choice::Skip],
                    };
                    if auto {
                        (r.card.def().script.apply)(self, &mut r, Choice::Skip);
                        self.effect = Some(r);
                        continue;
                    }
                    self.effect = Some(r);
                    return;
                }
                Phase::Refill { seat, setup, .. } => {
                    if self.refill_pile(seat).is_some() {
                        return;
                    }
                    if setup {
                        self.after_setup_refill(seat);
                    } else {
                        self.finish_turn();
                    }
                }
                Phase::RevealTasks | Phase::NextTask { .. } => {
                    if !self.settle_task_draw() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    // ----- setup -----

    /// Dealing a seat's first hand.
    fn setup_refill(&self, seat: Seat) -> Phase {
        let (beings, legends, flares) = self.form.hand();
        Phase::Refill { seat, beings, legends, flares, setup: true }
    }

    fn after_setup_refill(&mut self, seat: Seat) {
        let next = seat + 1;
        if (next as usize) < self.seats.len() {
            self.phase = self.setup_refill(next);
        } else if self.form.start_pieces() {
            self.phase = Phase::StartPieces { seat: self.seats.len() as Seat - 1 };
        } else if self.form.uses_tasks() {
            self.phase = Phase::RevealTasks;
        } else {
            self.start_turn(0, 1);
        }
    }

    fn place_start_pieces(&mut self, own: Square) {
        let Phase::StartPieces { seat } = self.phase else { unreachable!() };
        let c5 = Square::parse("c5").expect("c5");
        let g5 = Square::parse("g5").expect("g5");
        let other = if own == c5 { g5 } else { c5 };
        let mine = self.seats[seat as usize].color;
        let theirs = self.seats[0].color;
        self.board.set(own, Some(Piece::new(mine, Rank::Common)));
        self.board.set(other, Some(Piece::new(theirs, Rank::Common)));
        self.start_turn(0, 1);
    }

    pub(crate) fn start_turn(&mut self, seat: Seat, actions: u8) {
        let number = self.turn.number + 1;
        self.turn = Turn::new(seat, number, actions);
        self.phase = Phase::Main;
    }

    // ----- actions -----

    fn summon(&mut self, card: CardId, at: Square, orientation: Orientation, pickup: Option<Square>) {
        let seat_index = self.turn.seat as usize;
        let color = self.active_color();
        let rank = card.def().rank;
        {
            let seat = &mut self.seats[seat_index];
            if !remove_card(&mut seat.beings, card) {
                remove_card(&mut seat.legends, card);
            }
        }
        if let Some(from) = pickup {
            self.board.set(from, None);
        }
        if self.board.get(at).is_some() {
            // the summoning destroys what stood there (or, in a shortage,
            // reuses your piece of the needed type)
            self.remove_piece(at, true);
        }
        self.board.set(at, Some(Piece::new(color, rank)));
        self.turn.actions -= 1;
        self.turn.beings_summoned += 1;
        // the next summoning takes the War Summoner's bonus, used or not
        self.turn.war_summoner_bonus = false;
        let _ = self.turn.summoned.try_push(Summoned { card, at });
        if card.is_legend() {
            self.turn.legends_summoned += 1;
            if self.form.deathmatch_scoring() {
                self.seats[seat_index].score += 1;
            }
        }
        let mut r = Resolution::new(card, color, at, orientation);
        r.me = Some(at);
        r.pattern = oriented(card, orientation).expect("distinct orientation").pattern_squares(at);
        r.pattern.remove(at);
        self.effect = Some(r);
        self.phase = Phase::Effect;
    }

    fn invoke_flare(&mut self, against: Color) {
        let (upper, lower) = self.flare_criteria(against);
        let seat = &mut self.seats[self.turn.seat as usize];
        let card = seat.flares.remove(0);
        self.turn.flare_used = true;
        if let Some(s) = self.seat_of(against).filter(|_| self.form.deathmatch_scoring()) {
            self.seats[s as usize].score += 1;
        }
        let anywhere = Square::parse("e5").expect("e5");
        let mut r = Resolution::new(card, self.active_color(), anywhere, Orientation::IDENTITY);
        r.upper = upper;
        r.lower = lower;
        r.against = Some(against);
        self.effect = Some(r);
        self.phase = Phase::Effect;
    }

    fn finish_effect(&mut self, r: Resolution) {
        let card = r.card;
        if card.is_flare() {
            self.flare_discard.push(card);
        } else if card.is_legend() {
            self.legend_discard.push(card);
        } else {
            self.seats[self.turn.seat as usize].discard.push(card);
        }
        self.effect = None;
        self.phase = Phase::Main;
    }

    /// Takes a piece off the board (back to its owner's supply). An enemy
    /// piece counts as destroyed by the active player if `credit`.
    pub(crate) fn remove_piece(&mut self, sq: Square, credit: bool) {
        if let Some(p) = self.board.get(sq) {
            self.board.set(sq, None);
            if credit && p.color != self.active_color() {
                self.turn.destroyed[p.color.index()][p.rank.index()] += 1;
            }
        }
    }

    // ----- end of turn -----

    /// The active player has used their actions: in a task form they may
    /// claim a task first; then the turn is closed.
    fn end_turn(&mut self) {
        if self.form.uses_tasks() && !self.claimable_tasks().is_empty() {
            self.phase = Phase::Claim;
        } else {
            self.close_turn();
        }
    }

    /// Scores the turn, checks the end-of-game trigger and starts the draw.
    pub(crate) fn close_turn(&mut self) {
        let seat = self.turn.seat as usize;
        if self.form.deathmatch_scoring() {
            let me = self.seats[seat].color;
            let mut points = 0i16;
            for enemy in self.enemies_of(me).collect::<ArrayVec<_, 4>>() {
                let d = self.turn.destroyed[enemy.index()];
                points += 2 * d[2] as i16 + d[1] as i16 + (d[0] / 2) as i16;
            }
            self.seats[seat].score += points;
        }
        self.refresh_task_scores();
        self.check_score_trigger();
        if self.end.last.is_some() && !self.form.final_round() {
            // no final round and nothing left to draw for
            self.finish_game();
            return;
        }
        let s = &self.seats[seat];
        let (beings, legends, flares) = self.form.hand();
        self.phase = Phase::Refill {
            seat: seat as Seat,
            beings: (s.beings.len().max(beings as usize) + self.turn.extra_beings as usize) as u8,
            legends: (s.legends.len().max(legends as usize) + self.turn.extra_legends as usize) as u8,
            flares: s.flares.len().max(flares as usize) as u8,
            setup: false,
        };
    }

    fn check_score_trigger(&mut self) {
        if self.seats.iter().any(|s| s.score >= self.form.target_score()) {
            self.trigger_end();
        }
    }

    fn trigger_end(&mut self) {
        if self.end.last.is_none() {
            // every other seat plays once more, then this one
            self.end = EndState { last: Some(self.turn.seat), turns_left: Some(self.seats.len() as u8) };
        }
    }

    /// Which pile the next refill draw comes from, if any is still needed.
    fn refill_pile(&self, seat: Seat) -> Option<RefillFrom> {
        let Phase::Refill { beings, legends, flares, .. } = self.phase else {
            return None;
        };
        let s = &self.seats[seat as usize];
        if s.beings.len() < beings as usize && !s.deck.is_empty() {
            return Some(RefillFrom::Deck);
        }
        if s.legends.len() < legends as usize && !(self.legends.is_empty() && self.legend_discard.is_empty()) {
            return Some(RefillFrom::Legends);
        }
        if s.flares.len() < flares as usize && !(self.flares.is_empty() && self.flare_discard.is_empty()) {
            return Some(RefillFrom::Flares);
        }
        None
    }

    fn draw(&mut self, seat: Seat, card: CardId) {
        let from = self.refill_pile(seat).expect("a draw is due");
        let s = &mut self.seats[seat as usize];
        match from {
            RefillFrom::Deck => {
                s.deck.draw(card);
                insert_sorted(&mut s.beings, card);
                if s.deck.is_empty() {
                    // drawing your last card triggers the end
                    self.trigger_end();
                }
            }
            RefillFrom::Legends => {
                if self.legends.is_empty() {
                    self.legends.refill_from(&mut self.legend_discard);
                }
                self.legends.draw(card);
                insert_sorted(&mut s.legends, card);
            }
            RefillFrom::Flares => {
                if self.flares.is_empty() {
                    self.flares.refill_from(&mut self.flare_discard);
                }
                self.flares.draw(card);
                insert_sorted(&mut s.flares, card);
            }
        }
    }

    fn finish_turn(&mut self) {
        if self.end.last.is_some() && !self.form.final_round() {
            // without a final round the game ends with the triggering turn
            self.finish_game();
            return;
        }
        if self.turn.extra_turn {
            // Time Elemental: the extra turn stands outside the turn order and
            // uses up no one's final turn, so the end count waits until after it
            self.start_turn(self.turn.seat, 2);
            return;
        }
        match self.end.turns_left {
            Some(0) => {
                self.finish_game();
                return;
            }
            Some(k) => self.end.turns_left = Some(k - 1),
            None => {}
        }
        let next = (self.turn.seat + 1) % self.seats.len() as Seat;
        self.start_turn(next, 2);
    }

    fn finish_game(&mut self) {
        self.refresh_task_scores();
        let keys: Vec<(i16, u32, u32)> =
            self.seats.iter().map(|s| (s.score, self.board.upgraded(s.color), self.board.total(s.color))).collect();
        let mut places = ArrayVec::new();
        for k in &keys {
            places.push(keys.iter().filter(|o| *o > k).count() as u8);
        }
        self.outcome = Some(Outcome { places, resigned: None });
        self.phase = Phase::Over;
    }

    /// Every piece of each color: on the board plus in supply equals the
    /// pieces in play (a consistency check for tests).
    pub fn pieces_accounted_for(&self) -> bool {
        self.seats.iter().all(|s| {
            let (two, leg) = self.pieces[s.color.index()];
            let on_two = self.board.count(s.color, Rank::Common) + self.board.count(s.color, Rank::Heroic);
            let on_leg = self.board.count(s.color, Rank::Legendary);
            on_two <= two as u32 && on_leg <= leg as u32
        })
    }

    /// Squares of the active player's pieces of at least a rank.
    pub fn own_pieces(&self, rank: Rank) -> Bitboard {
        self.board.of_color_at_least(self.active_color(), rank)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum RefillFrom {
    Deck,
    Legends,
    Flares,
}
