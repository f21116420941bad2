//! The game state and its flow: setup, turns, actions, flares, effects,
//! scoring and the end of the game.
//!
//! At every point exactly one actor chooses: a seat, or chance (a draw from
//! a shuffled deck). [`Game::legal_choices`] lists what it may choose, in a
//! stable order. A choice is checked and carried out through the one gate,
//! [`Match::act`](crate::history::Match::act) (whose turn, what is being
//! decided, legality); [`Game::apply_unchecked`] carries it out without the
//! check, for searches and self-play that take it from that list. Between
//! choices the game runs every step that needs no decision by itself.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Color, Piece, Rank, COLORS};
use crate::cards::{oriented, pattern_matches_with, CardId, ColorSet, Deck, PatternMatch, School};
use crate::choice::Choice;
use crate::effect::{Ask, Resolution};
use crate::event::{Event, EventLog, ScoreWhy};
use crate::geometry::{Bitboard, Orientation, Square};
use crate::pile::{copy_list, insert_sorted, remove_card, CardList, Pile};
use crate::step::Step;
use crate::tasks::TaskBoard;

/// A seat at the table: 0 is the starting player, then in turn order.
pub type Seat = u8;

// `Form` has its own module; re-exported here, where callers have always found it.
pub use crate::form::Form;

/// Team play: cards at the bottom of each deck turned sideways.
pub const SIDEWAYS_CARDS: u8 = 6;

/// Deathmatch Melee: the pairs of squares next to the three start symbols.
pub const MELEE_START_SQUARES: [[&str; 2]; 3] = [["f8", "g8"], ["g4", "g3"], ["b3", "c3"]];

/// Who makes the next choice.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Actor {
    Seat(Seat),
    Chance,
    /// The game is over.
    Nobody,
}

/// What a seat holds.
#[derive(PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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
    /// The score: a duel's points (a team's, in team play), claimed task
    /// points plus legendary pieces in the task forms, and in a melee the
    /// points of the seat's lowest color (its final score).
    pub score: i16,
    /// Deathmatch Melee: points scored in each opponent's color, indexed by
    /// `Color::index` (zero for the seat's own and absent colors).
    #[serde(default)]
    pub points: [i16; COLORS],
    /// Deathmatch Melee: the enemy colors this seat has used up for
    /// improvised summoning (the score-board pieces turned common side up).
    #[serde(default)]
    pub improvised: ColorSet,
    /// Everfrost: the card frozen in front of this seat, face up (see
    /// [`crate::frozen`]).
    #[serde(default)]
    pub frozen: Option<CardId>,
    /// Actions this seat will have fewer than normal on its next turn (the
    /// Everfrost Sentinel).
    #[serde(default)]
    pub fewer_actions: u8,
    /// Nethervoid: the square of this seat's Gateway, a common or heroic
    /// piece of its color (see [`crate::gateway`]); public.
    #[serde(default)]
    pub gateway: Option<Square>,
    /// Etherweave: the pending being, face up on the deck (public). It is
    /// still one of `beings` (see [`crate::warp`]).
    #[serde(default)]
    pub pending: Option<CardId>,
    /// Etherweave: the piece the Merchant of Time keeps off the board while
    /// it is this seat's pending being (public; any color).
    #[serde(default)]
    pub stored: Option<Piece>,
    /// The seat whose Nethervoid Gateway the stored piece was: it is the
    /// Gateway again where it lands (see `Game::land_gateway`).
    #[serde(default)]
    pub stored_gateway: Option<Seat>,
}

// The `Clone`s of the game's parts are written out: each list is one block
// copy (see `pile::copy_list`), the other fields are `Copy`.
impl Clone for SeatState {
    #[inline]
    fn clone(&self) -> SeatState {
        SeatState {
            deck: self.deck.clone(),
            beings: copy_list(&self.beings),
            legends: copy_list(&self.legends),
            flares: copy_list(&self.flares),
            discard: copy_list(&self.discard),
            ..*self
        }
    }
}

/// The state of the current turn.
#[derive(PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    /// Turns started so far, this one included.
    pub number: u16,
    pub actions: u8,
    pub discard_used: bool,
    pub flare_used: bool,
    /// Enemy pieces destroyed by the active player this turn, by color and
    /// rank (the rank the piece had when it was destroyed).
    pub destroyed: [[u8; 3]; COLORS],
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
    /// Team play: the active player has passed control to their teammate,
    /// who finishes the effect in progress and places common pieces for the
    /// actions left; then the active player finishes the turn.
    #[serde(default)]
    pub passed: bool,
    /// Nethervoid's Possessed Summoner: the next summoning this turn builds
    /// its pattern from pieces of this enemy color in place of the
    /// summoner's own.
    #[serde(default)]
    pub possessed: Option<Color>,
    /// Etherweave: the Eternal Emperor's warp effect was played from the
    /// hand this turn.
    #[serde(default)]
    pub emperor_warped: bool,
    /// Etherweave: the Gate of Oblivion's warp effects played this turn;
    /// each enemy piece destroyed from then on counts this many times more.
    #[serde(default)]
    pub doubled: u8,
    /// Etherweave: the Void Summoner's bonus: the next summoning this turn
    /// may count up to this many empty squares as the summoner's common
    /// pieces (see [`crate::warp`]).
    #[serde(default)]
    pub void_squares: u8,
}

impl Clone for Turn {
    #[inline]
    fn clone(&self) -> Turn {
        Turn { summoned: copy_list(&self.summoned), ..*self }
    }
}

impl Turn {
    pub(crate) fn new(seat: Seat, number: u16, actions: u8) -> Turn {
        Turn {
            seat,
            number,
            actions,
            discard_used: false,
            flare_used: false,
            destroyed: [[0; 3]; COLORS],
            legends_summoned: 0,
            beings_summoned: 0,
            summoned: ArrayVec::new(),
            extra_beings: 0,
            extra_legends: 0,
            war_summoner_bonus: false,
            extra_turn: false,
            passed: false,
            possessed: None,
            emperor_warped: false,
            doubled: 0,
            void_squares: 0,
        }
    }
}

/// A being summoned by the summon action: its card and summoning square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Summoned {
    pub card: CardId,
    pub at: Square,
    /// Nethervoid's Gate Master: the summoning also counts as a legend
    /// summoned on its square (its upgrade made the Gateway legendary).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub legend: bool,
}

impl Summoned {
    /// A being summoned on a square.
    pub fn new(card: CardId, at: Square) -> Summoned {
        Summoned { card, at, legend: false }
    }

    /// Whether this summoning counts as a legend's.
    pub fn is_legend(&self) -> bool {
        self.legend || self.card.is_legend()
    }
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
    /// Deathmatch setup: the seat before the starting player puts the start
    /// pieces on the board: in a duel one common piece of each side on the
    /// two start squares, in a melee one piece at a time next to each of the
    /// three start symbols.
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
    /// Deathmatch Melee: a summoning used two enemy pieces of different
    /// colors not yet used up (an improvised summoning combined with the War
    /// Summoner's bonus): the summoner picks which color the improvised
    /// summoning uses up, then the effect resolves.
    Improvise {
        colors: ColorSet,
    },
    /// Deathmatch Melee, end of turn, after the destroyed pieces have
    /// scored: the active player picks the color of one more point for the
    /// unpaired common pieces of these colors (if any), then one color for
    /// each legend summoned this turn.
    Score {
        unpaired: ColorSet,
        legends: u8,
    },
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

/// How the game ended: a place per seat (0 is first; tied seats share one;
/// in team play teammates share their team's place, 0 or 1), and why.
#[derive(PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub places: ArrayVec<u8, 4>,
    /// Why the game ended. In JSON its fields sit beside `places`:
    /// `"why": "end-score"`, or `"why": "resigned", "resigned": 1` (the
    /// shape the server's stored summaries had before `why`).
    #[serde(flatten)]
    pub why: EndReason,
    /// Team play: seats 0 and 2 won or lost together, as did 1 and 3.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub teams: bool,
}

impl Clone for Outcome {
    #[inline]
    fn clone(&self) -> Outcome {
        Outcome { places: copy_list(&self.places), ..*self }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum EndReason {
    /// A seat reached the end score (and the final round, where the form
    /// has one, was played).
    EndScore,
    /// A deck ran out (the last card of a seat's deck was drawn), and the
    /// final round, where the form has one, was played.
    DeckOut,
    /// This seat resigned (in team play, for its team).
    Resigned {
        #[serde(rename = "resigned")]
        seat: Seat,
    },
    /// This seat's time ran out: it lost as by resigning.
    Time {
        #[serde(rename = "timeout")]
        seat: Seat,
    },
    /// This seat was away while it was to choose, and the other side
    /// claimed the win: it lost as by resigning.
    Abandoned {
        #[serde(rename = "abandoned")]
        seat: Seat,
    },
    /// The other side claimed a draw against an absent seat: every seat
    /// is placed first.
    Drawn,
    /// Aborted before every seat had made its first turn: no result
    /// (`places` is empty).
    Aborted,
}

impl EndReason {
    /// The seat that resigned, ran out of time or was claimed against,
    /// if the game ended so.
    pub fn forfeited_by(self) -> Option<Seat> {
        match self {
            EndReason::Resigned { seat } | EndReason::Time { seat } | EndReason::Abandoned { seat } => Some(seat),
            EndReason::EndScore | EndReason::DeckOut | EndReason::Drawn | EndReason::Aborted => None,
        }
    }
}

impl Outcome {
    /// The seat that resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Seat> {
        match self.why {
            EndReason::Resigned { seat } => Some(seat),
            _ => None,
        }
    }

    /// The single winner, if there is one; in team play the winning team's
    /// first seat (0 or 1).
    pub fn winner(&self) -> Option<Seat> {
        let firsts = self.winners();
        match firsts.as_slice() {
            [one] => Some(*one),
            [a, b] if self.teams && a % 2 == b % 2 => Some(a % 2),
            _ => None,
        }
    }

    /// Every seat placed first.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.places.len()).filter(|&s| self.places[s] == 0).map(|s| s as Seat).collect()
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

/// Why a seat cannot resign or lose on time; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ForfeitError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {} at this table of {seats}", *seat as usize + 1)]
    NoSuchSeat { seat: Seat, seats: usize },
    /// A melee is played out: nobody resigns, loses on time or is claimed
    /// against (the server hands an absent melee seat to a bot).
    #[error("nobody may resign, lose on time or claim in a melee")]
    Melee,
    /// Every seat has made its first turn: too late to abort.
    #[error("every seat has made its first turn: the game can no longer be aborted")]
    TooLateToAbort,
    /// Leaving is for a melee or team game (a two-sided game is resigned).
    #[error("only a melee or team player may leave a game")]
    TwoSided,
    /// The seat has already left: a bot plays it.
    #[error("seat {} has already left the game", *seat as usize + 1)]
    Left { seat: Seat },
}

/// A choice that cannot be applied; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("{choice} is not a legal choice now")]
    Illegal { choice: Choice },
    #[error("seat {seat} cannot choose now (it is {expected:?}'s turn to choose)")]
    WrongActor { seat: Seat, expected: Actor },
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
    #[error("{} is played by {min} to {max} seats, not {got}", form.name())]
    SeatCount { form: Form, min: usize, max: usize, got: usize },
    #[error("two seats cannot both play {0} pieces")]
    SameColor(Color),
    #[error("two seats cannot both play the {0} deck")]
    SameSchool(School),
}

/// A game of Tash-Kalar.
#[derive(PartialEq, Eq, Hash, Debug)]
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
    pub(crate) pieces: [(u8, u8); COLORS],
    pub(crate) phase: Phase,
    pub(crate) turn: Turn,
    pub(crate) effect: Option<Resolution>,
    pub(crate) end: EndState,
    pub(crate) outcome: Option<Outcome>,
    /// The seats (bit N: seat N) that left a melee or team game, or were
    /// taken from a player away or out of time: a bot plays them on, and
    /// they rank last ([`Game::leave`]).
    pub(crate) left: u8,
    /// The task board, in the forms that use tasks.
    pub(crate) tasks: Option<TaskBoard>,
    /// What happened in the last turns (not part of the state: see `event`).
    pub(crate) events: EventLog,
}

thread_local! {
    // Spare buffers, kept from one call to the next so that the bots'
    // millions of steps allocate nothing: the choices an effect step asks
    // about while the game settles, and the pattern matches of the being in
    // hand being listed. (A nested use takes an empty one: always correct.)
    static SPARE_CHOICES: std::cell::Cell<Vec<Choice>> = const { std::cell::Cell::new(Vec::new()) };
    static SPARE_MATCHES: std::cell::Cell<Vec<PatternMatch>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Clone for Game {
    #[inline]
    fn clone(&self) -> Game {
        self.copy_with(self.events.clone())
    }
}

impl Game {
    /// A copy of the game whose event log starts empty: the same state
    /// (the log is no part of it), for a look one step ahead whose events
    /// nobody reads, such as a bot judging a choice by its result. The log
    /// is a quarter of a game's bytes, and a bot's playout copies the game
    /// for every choice it judges.
    #[inline]
    pub fn clone_unlogged(&self) -> Game {
        self.copy_with(self.events.emptied())
    }

    /// A copy of the game with `events` for its event log.
    #[inline]
    fn copy_with(&self, events: EventLog) -> Game {
        let mut seats = ArrayVec::new();
        for s in &self.seats {
            seats.push(s.clone());
        }
        Game {
            seats,
            board: self.board.clone(),
            legends: self.legends.clone(),
            legend_discard: copy_list(&self.legend_discard),
            flares: self.flares.clone(),
            flare_discard: copy_list(&self.flare_discard),
            turn: self.turn.clone(),
            outcome: self.outcome.clone(),
            tasks: self.tasks.clone(),
            events,
            ..*self
        }
    }

    /// A new game: shuffled decks, empty board; chance deals the first hands.
    pub fn new(form: Form, schools: &[School]) -> Result<Game, SetupError> {
        let range = form.seats();
        if !range.contains(&schools.len()) {
            return Err(SetupError::SeatCount { form, min: *range.start(), max: *range.end(), got: schools.len() });
        }
        for (i, a) in schools.iter().enumerate() {
            if form.teams() && schools[..i].contains(a) {
                return Err(SetupError::SameSchool(*a));
            }
            if !form.teams() && schools[..i].iter().any(|b| b.color() == a.color()) {
                return Err(SetupError::SameColor(a.color()));
            }
        }
        let colors = form.seat_colors(schools);
        let seats = schools
            .iter()
            .zip(&colors)
            .map(|(&school, &color)| {
                let mut deck = Pile::shuffled(school.deck().ids());
                if form.teams() {
                    deck.sideways = SIDEWAYS_CARDS.min(deck.len() as u8);
                }
                SeatState {
                    school,
                    color,
                    deck,
                    beings: CardList::new(),
                    legends: CardList::new(),
                    flares: CardList::new(),
                    discard: CardList::new(),
                    score: 0,
                    points: [0; COLORS],
                    improvised: ColorSet::EMPTY,
                    frozen: None,
                    fewer_actions: 0,
                    gateway: None,
                    pending: None,
                    stored: None,
                    stored_gateway: None,
                }
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
            pieces: [(0, 0); COLORS],
            phase: Phase::Over,
            turn: Turn::new(0, 0, 0),
            effect: None,
            end: EndState::default(),
            outcome: None,
            left: 0,
            tasks: form.uses_tasks().then(|| TaskBoard::new(form.advanced_tasks())),
            events: EventLog::new(schools.len()),
        };
        game.phase = game.setup_refill(0);
        for c in colors {
            game.pieces[c.index()] = form.pieces_for(schools.len());
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
    /// What happened in the current turn and the last round, oldest first.
    pub fn events(&self) -> &[Event] {
        self.events.events()
    }
    pub(crate) fn record(&mut self, e: Event) {
        self.events.push(e);
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
        // each color once, in seat order (teammates share theirs)
        let seats = &self.seats;
        seats
            .iter()
            .enumerate()
            .filter(move |&(i, s)| s.color != color && !seats[..i].iter().any(|t| t.color == s.color))
            .map(|(_, s)| s.color)
    }

    /// Team play: the seat's teammate, who sits opposite.
    pub fn teammate(&self, seat: Seat) -> Option<Seat> {
        (self.form.teams() && self.seats.len() == 4).then_some((seat + 2) % 4)
    }

    /// The points that trigger the end of this game.
    pub fn end_score(&self) -> i16 {
        self.form.end_score(self.seats.len())
    }

    /// Deathmatch Melee: the points a seat has scored in an opponent's color.
    pub fn points(&self, seat: Seat, color: Color) -> i16 {
        self.seats[seat as usize].points[color.index()]
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
        // Etherweave: a piece kept on the Merchant of Time is neither on
        // the board nor in supply
        let stored = self.stored_pieces(color, rank == Rank::Legendary);
        total.saturating_sub(on_board as u8).saturating_sub(stored)
    }

    /// Two-sided and legendary pieces of a color in play.
    pub fn pieces_in_play(&self, color: Color) -> (u8, u8) {
        self.pieces[color.index()]
    }

    /// Two-sided and legendary pieces of a color out of play: the form's
    /// set less those in play (none, but in a position staged with fewer).
    pub fn out_of_play(&self, color: Color) -> (u8, u8) {
        let (two, leg) = self.form.pieces_for(self.seats.len());
        let (a, b) = self.pieces[color.index()];
        (two.saturating_sub(a), leg.saturating_sub(b))
    }

    /// Who chooses next.
    pub fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Nobody,
            Phase::Refill { .. } | Phase::RevealTasks | Phase::NextTask { .. } => Actor::Chance,
            Phase::StartPieces { seat } => Actor::Seat(seat),
            Phase::Main | Phase::Effect | Phase::Placing if self.in_teammates_hands() => {
                Actor::Seat(self.teammate(self.turn.seat).unwrap_or(self.turn.seat))
            }
            Phase::Main
            | Phase::Effect
            | Phase::Returning
            | Phase::Placing
            | Phase::Claim
            | Phase::Improvise { .. }
            | Phase::Score { .. } => Actor::Seat(self.turn.seat),
        }
    }

    /// Team play: control has been passed and the teammate still has the
    /// effect in progress or actions to use up.
    fn in_teammates_hands(&self) -> bool {
        self.turn.passed && (self.phase == Phase::Effect || self.turn.actions > 0)
    }

    /// What the current effect step is asking, if an effect is resolving
    /// (or, at the end of a turn in a task form, the offer to claim a task;
    /// a melee's start piece or point, an improvised summoning, placing):
    /// a step whose words the clients look up by its id.
    pub fn prompt(&self) -> Option<Step> {
        match self.phase {
            Phase::Claim => return Some(Step::GameClaim),
            Phase::StartPieces { .. } if self.form.is_melee() => return Some(Step::GameStartPiece),
            Phase::Improvise { .. } => return Some(Step::GameImprovise),
            Phase::Score { unpaired, .. } if !unpaired.is_empty() => return Some(Step::GameScoreUnpaired),
            Phase::Score { .. } => return Some(Step::GameScoreLegend),
            Phase::Main if self.in_teammates_hands() => return Some(Step::GameTeammatePlace),
            _ => {}
        }
        if self.phase == Phase::Placing {
            return Some(Step::GamePlacing);
        }
        let r = self.effect.as_ref()?;
        let mut v = Vec::new();
        match (r.script().ask)(self, r, &mut v) {
            Ask::Choose(step) => Some(step),
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
            Phase::StartPieces { .. } if self.form.is_melee() => self.melee_start_choices(out),
            Phase::StartPieces { .. } => {
                for name in ["c5", "g5"] {
                    out.push(Choice::StartPieces(Square::parse(name).expect("start square")));
                }
            }
            Phase::Main => self.main_choices(out),
            Phase::Effect => {
                let r = self.effect.as_ref().expect("an effect in the effect phase");
                let _ = (r.script().ask)(self, r, out);
                if self.may_pass_control() {
                    out.push(Choice::PassControl);
                }
            }
            Phase::Improvise { colors } => out.extend(colors.colors().map(Choice::Improvise)),
            Phase::Score { unpaired, .. } if !unpaired.is_empty() => out.extend(unpaired.colors().map(Choice::Point)),
            Phase::Score { .. } => {
                let mut enemies: ArrayVec<Color, 4> = self.enemies_of(self.active_color()).collect();
                enemies.sort();
                out.extend(enemies.into_iter().map(Choice::Point));
            }
            Phase::Placing => out.extend(self.board.empty_squares().squares().map(Choice::Place)),
            Phase::Returning => {
                let s = &self.seats[self.turn.seat as usize];
                // (the pending being is not returned with the discard action)
                for &c in s.beings.iter().filter(|&&c| Some(c) != s.pending).chain(&s.legends).chain(&s.flares) {
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
        // after passing control the teammate may only place common pieces
        let passed = self.turn.passed;
        if self.turn.actions > 0 {
            let mut matches = SPARE_MATCHES.take();
            // Nethervoid's Possessed Summoner: the pattern is built from the
            // possessing color's pieces instead, with no stand-ins
            let pattern_color = self.turn.possessed.unwrap_or(color);
            let stand_ins = self.stand_ins();
            for &card in seat.beings.iter().chain(&seat.legends).filter(|_| !passed) {
                if crate::warp::is_time_traveler(card) {
                    self.push_time_traveler(card, &stand_ins, out);
                    continue;
                }
                matches.clear();
                pattern_matches_with(&self.board, pattern_color, card, &stand_ins, &mut matches);
                // (a seat of one school never has both the Possessed
                // Summoner's hold and the Void Summoner's squares)
                if self.turn.void_squares > 0 {
                    self.void_matches(card, &stand_ins, &mut matches);
                }
                for &m in &matches {
                    self.push_summons(card, m, out);
                }
            }
            SPARE_MATCHES.set(matches);
            if self.supply(color, Rank::Common) > 0 {
                out.extend(self.board.empty_squares().squares().map(Choice::Place));
            } else {
                // piece shortage: the place action begins by picking up one
                // of your two-sided pieces (then `Phase::Placing`)
                out.extend(self.board.of_color_at_most(color, Rank::Heroic).squares().map(Choice::PickUp));
            }
            if self.form.discard_action() && !self.turn.discard_used && !passed {
                // (the pending being cannot be discarded by the discard action)
                for &card in seat.beings.iter().filter(|&&c| Some(c) != seat.pending) {
                    out.push(Choice::Discard(card));
                }
            }
        }
        self.push_flares(out);
        if self.may_thaw() {
            out.push(Choice::Thaw);
        }
        self.push_warps(out);
        if self.may_pass_control() {
            out.push(Choice::PassControl);
        }
        if self.turn.actions == 0 || out.is_empty() {
            out.push(Choice::EndTurn);
        }
    }

    /// Team play: control may be passed to the teammate once a turn, before
    /// an action (while actions are left) or in the middle of an effect.
    fn may_pass_control(&self) -> bool {
        self.form.teams()
            && !self.turn.passed
            && match self.phase {
                Phase::Main => self.turn.actions > 0,
                Phase::Effect => true,
                _ => false,
            }
    }

    /// The enemy pieces that may stand in for the active player's own when
    /// the next being's pattern is matched (see [`crate::cards::StandIns`]):
    /// the War Summoner's bonus, and in a melee an improvised summoning
    /// with one piece of an enemy color not used up yet. None while the
    /// Possessed Summoner's hold lasts (that summoning's pattern is all the
    /// possessing color's).
    pub fn stand_ins(&self) -> ArrayVec<ColorSet, 2> {
        let mut slots = ArrayVec::new();
        if self.turn.possessed.is_some() {
            return slots;
        }
        let me = self.active_color();
        if self.turn.war_summoner_bonus {
            slots.push(self.enemies_of(me).collect());
        }
        if self.form.is_melee() {
            let used = self.seats[self.turn.seat as usize].improvised;
            let fresh: ColorSet = self.enemies_of(me).filter(|&c| !used.contains(c)).collect();
            if !fresh.is_empty() {
                slots.push(fresh);
            }
        }
        slots
    }

    /// Deathmatch Melee setup: the squares of the next start symbol, each
    /// with every color not placed yet.
    fn melee_start_choices(&self, out: &mut Vec<Choice>) {
        let Some((next, free)) = self.melee_start_state() else { return };
        for name in MELEE_START_SQUARES[next] {
            let at = Square::parse(name).expect("start square");
            out.extend(free.colors().map(|color| Choice::StartPiece { at, color }));
        }
    }

    /// The next start symbol (0..3) and the colors still to be placed;
    /// `None` once all three start pieces are on the board.
    fn melee_start_state(&self) -> Option<(usize, ColorSet)> {
        let n = self.seats.len();
        // with four players the second player's color is left out
        let mut free: ColorSet =
            self.seats.iter().enumerate().filter(|&(i, _)| !(n == 4 && i == 1)).map(|(_, s)| s.color).collect();
        let mut next = 0;
        for pair in MELEE_START_SQUARES {
            let placed = pair.iter().find_map(|name| self.board.get(Square::parse(name).expect("start square")));
            match placed {
                Some(p) => {
                    free = free.colors().filter(|&c| c != p.color).collect();
                    next += 1;
                }
                None => break,
            }
        }
        (next < MELEE_START_SQUARES.len()).then_some((next, free))
    }

    /// Summon choices for one pattern match, with the piece-shortage rule.
    pub(crate) fn push_summons(&self, card: CardId, m: PatternMatch, out: &mut Vec<Choice>) {
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
        // once control has been passed it is too late for a flare
        if self.turn.flare_used || self.turn.passed || self.seats[self.turn.seat as usize].flares.is_empty() {
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
        let mut v = Vec::new();
        self.legal_choices_into(&mut v);
        v.contains(&choice)
    }

    /// Whether a player or team may resign (or lose on time) now: in a game
    /// of two sides that is going on, never in a melee.
    pub fn can_resign(&self) -> bool {
        !self.is_over() && !self.form.is_melee()
    }

    /// Applies a choice of the current actor after checking that it is
    /// legal; on error the game is unchanged. For this crate's unit tests
    /// only: everyone else plays through the one gate, [`Match::act`]
    /// (searches and self-play use [`Game::apply_unchecked`]).
    ///
    /// [`Match::act`]: crate::history::Match::act
    #[cfg(test)]
    pub(crate) fn apply(&mut self, choice: Choice) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(choice) {
            return Err(PlayError::Illegal { choice });
        }
        self.apply_unchecked(choice);
        Ok(())
    }

    /// Reads a choice's text and applies it; on error the game is
    /// unchanged. For this crate's unit tests only, as [`Game::apply`].
    #[cfg(test)]
    pub(crate) fn play(&mut self, text: &str) -> Result<(), TextPlayError> {
        let choice: Choice = text.parse()?;
        let choice = self.normalize(choice);
        self.apply(choice)?;
        Ok(())
    }

    /// A summon's orientation replaced by the distinct orientation that
    /// lays the same pattern (so any of a symmetric pattern's names works).
    pub fn normalize(&self, choice: Choice) -> Choice {
        match choice {
            Choice::Summon { card, at, orientation: _, pickup } if crate::warp::is_time_traveler(card) => {
                // the Time Traveler goes anywhere: its orientation says nothing
                Choice::Summon { card, at, orientation: Orientation::IDENTITY, pickup }
            }
            Choice::Summon { card, at, orientation, pickup } => {
                Choice::Summon { card, at, orientation: crate::cards::canonical_orientation(card, orientation), pickup }
            }
            c => c,
        }
    }

    /// Resignation by a given seat, at any time in a two-sided game (in
    /// team play the whole team loses). Resigning is not a [`Choice`]: it
    /// is never among the legal choices, and a record writes it as a line
    /// of its own.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ForfeitError> {
        self.forfeit(seat, EndReason::Resigned { seat })?;
        self.record(Event::Resigned { seat });
        self.record(Event::GameOver);
        Ok(())
    }

    /// A seat ran out of time: it loses as by resigning (a game of two
    /// sides only; a melee's clock is the server's to handle otherwise).
    pub fn lose_on_time(&mut self, seat: Seat) -> Result<(), ForfeitError> {
        self.forfeit(seat, EndReason::Time { seat })?;
        self.record(Event::GameOver);
        Ok(())
    }

    /// The other side claims the win against `absent`, a seat that was
    /// away while it was to choose (the server judges absence; the rules
    /// only end the game): `absent` loses as by resigning. Two-sided games
    /// only.
    pub fn claim_win(&mut self, absent: Seat) -> Result<(), ForfeitError> {
        self.forfeit(absent, EndReason::Abandoned { seat: absent })?;
        self.record(Event::GameOver);
        Ok(())
    }

    /// A draw claimed by `seat` against an absent opponent: every seat is
    /// placed first. Two-sided games only.
    pub fn claim_draw(&mut self, seat: Seat) -> Result<(), ForfeitError> {
        self.check_forfeit(seat)?;
        let places = self.seats.iter().map(|_| 0).collect();
        self.end_with(Outcome { places, why: EndReason::Drawn, teams: self.form.teams() });
        self.record(Event::GameOver);
        Ok(())
    }

    /// Whether the game may still be aborted: not over, and not every
    /// seat has made its first turn (turns are numbered from 1; the start
    /// pieces come before the first).
    pub fn can_abort(&self) -> bool {
        !self.is_over() && self.turn.number as usize <= self.seats.len()
    }

    /// `seat` aborts the game before every seat has made its first turn:
    /// it ends with no result (no places). Any form.
    pub fn abort(&mut self, seat: Seat) -> Result<(), ForfeitError> {
        if self.is_over() {
            return Err(ForfeitError::GameOver);
        }
        if seat as usize >= self.seats.len() {
            return Err(ForfeitError::NoSuchSeat { seat, seats: self.seats.len() });
        }
        if !self.can_abort() {
            return Err(ForfeitError::TooLateToAbort);
        }
        self.end_with(Outcome { places: ArrayVec::new(), why: EndReason::Aborted, teams: self.form.teams() });
        self.record(Event::GameOver);
        Ok(())
    }

    /// `seat` leaves a melee or team game, or is taken from a player who
    /// was away or ran out of time (the server judges which): the game
    /// goes on (the rules do not care who makes the seat's choices; the
    /// server hands them to a bot), and at the end the seat ranks last,
    /// below every seat that stayed (in team play, with its team). Not for
    /// a game of two sides, which is resigned or claimed instead.
    pub fn leave(&mut self, seat: Seat) -> Result<(), ForfeitError> {
        if self.is_over() {
            return Err(ForfeitError::GameOver);
        }
        if seat as usize >= self.seats.len() {
            return Err(ForfeitError::NoSuchSeat { seat, seats: self.seats.len() });
        }
        if self.seats.len() <= 2 {
            return Err(ForfeitError::TwoSided);
        }
        if self.has_left(seat) {
            return Err(ForfeitError::Left { seat });
        }
        self.left |= 1 << seat;
        Ok(())
    }

    /// Whether `seat` left the game ([`Game::leave`]).
    pub fn has_left(&self, seat: Seat) -> bool {
        self.left & (1 << seat) != 0
    }

    /// Whether `seat` may end this game by a forfeit now.
    fn check_forfeit(&self, seat: Seat) -> Result<(), ForfeitError> {
        if self.is_over() {
            return Err(ForfeitError::GameOver);
        }
        if seat as usize >= self.seats.len() {
            return Err(ForfeitError::NoSuchSeat { seat, seats: self.seats.len() });
        }
        if !self.can_resign() {
            return Err(ForfeitError::Melee);
        }
        Ok(())
    }

    fn end_with(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
        self.effect = None;
    }

    /// Ends a two-sided game with a loss for `seat`, for the reason `why`.
    fn forfeit(&mut self, seat: Seat, why: EndReason) -> Result<(), ForfeitError> {
        self.check_forfeit(seat)?;
        let loser = self.seats[seat as usize].color;
        let mut places = ArrayVec::new();
        for s in &self.seats {
            places.push(if s.color == loser { 1 } else { 0 });
        }
        self.end_with(Outcome { places, why, teams: self.form.teams() });
        Ok(())
    }

    /// Applies a choice taken from [`Game::legal_choices`] without checking
    /// it again: for searches and self-play only (checking it again would
    /// cost them the membership test on every node). Anything else passes
    /// the one gate, [`Match::act`](crate::history::Match::act). An illegal
    /// choice here may leave the game in an inconsistent state.
    pub fn apply_unchecked(&mut self, choice: Choice) {
        match (self.phase, choice) {
            (Phase::Refill { seat, .. }, Choice::Draw(card)) => self.draw(seat, card),
            (Phase::StartPieces { .. }, Choice::StartPieces(sq)) => self.place_start_pieces(sq),
            (Phase::StartPieces { .. }, Choice::StartPiece { at, color }) => self.place_melee_start_piece(at, color),
            (Phase::Main | Phase::Placing, Choice::Place(to)) => {
                let color = self.active_color();
                self.board.set(to, Some(Piece::new(color, Rank::Common)));
                self.record(Event::Placed { at: to, piece: Piece::new(color, Rank::Common) });
                self.turn.actions = self.turn.actions.saturating_sub(1);
                self.phase = Phase::Main;
            }
            (Phase::Main, Choice::PickUp(from)) => {
                if let Some(piece) = self.board.get(from) {
                    self.record(Event::PickedUp { at: from, piece });
                }
                self.gateway_gone_from(from);
                self.board.set(from, None);
                self.phase = Phase::Placing;
            }
            (Phase::Main, Choice::Summon { card, at, orientation, pickup }) => {
                self.summon(card, at, orientation, pickup)
            }
            (Phase::Main, Choice::Warp(card)) => self.play_warp(card),
            (Phase::Main, Choice::Discard(card)) => {
                let seat = &mut self.seats[self.turn.seat as usize];
                remove_card(&mut seat.beings, card);
                seat.discard.push(card);
                self.turn.actions = self.turn.actions.saturating_sub(1);
                self.turn.discard_used = true;
                self.phase = Phase::Returning;
                self.record(Event::Discarded { seat: self.turn.seat, card });
            }
            (Phase::Main, Choice::Flare(against)) => self.invoke_flare(against),
            (Phase::Main, Choice::Thaw) => self.thaw(),
            (Phase::Main, Choice::EndTurn) => self.end_turn(),
            (Phase::Main | Phase::Effect, Choice::PassControl) => self.pass_control(),
            (Phase::Returning, Choice::Return(card)) => {
                let by = self.turn.seat;
                match self.events.pop_if(|e| matches!(e, Event::Returned { seat, .. } if *seat == by)) {
                    Some(Event::Returned { seat, count }) => self.record(Event::Returned { seat, count: count + 1 }),
                    _ => self.record(Event::Returned { seat: by, count: 1 }),
                }
                let teams = self.form.teams();
                let seat = &mut self.seats[self.turn.seat as usize];
                if remove_card(&mut seat.beings, card) {
                    if teams {
                        seat.deck.put_bottom_sideways(card, SIDEWAYS_CARDS);
                    } else {
                        seat.deck.put_bottom(card);
                    }
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
            (Phase::Improvise { .. }, Choice::Improvise(color)) => {
                self.seats[self.turn.seat as usize].improvised.insert(color);
                self.record(Event::Improvised { seat: self.turn.seat, color });
                self.phase = Phase::Effect;
            }
            (Phase::Score { unpaired, legends }, Choice::Point(color)) => self.score_point(unpaired, legends, color),
            (Phase::Effect, c) => {
                let mut r = self.effect.take().expect("an effect in the effect phase");
                (r.script().apply)(self, &mut r, c);
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
                    let mut v = SPARE_CHOICES.take();
                    v.clear();
                    let ask = (r.script().ask)(self, &r, &mut v);
                    let auto = match ask {
                        Ask::Done => None,
                        Ask::Auto => Some(true),
                        Ask::Choose(_) => Some(v.is_empty() || v == [Choice::Skip]),
                    };
                    SPARE_CHOICES.set(v);
                    let Some(auto) = auto else {
                        self.finish_effect(r);
                        continue;
                    };
                    if auto {
                        (r.script().apply)(self, &mut r, Choice::Skip);
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
                    } else if let Some(mate) = self.teammate(seat).filter(|_| seat == self.turn.seat) {
                        // team play: the teammate, now holding the team's
                        // legends, draws up to 2 (and any extra legend)
                        let (_, legends, _) = self.form.hand();
                        let held = self.seats[mate as usize].legends.len();
                        let legends = (held.max(legends as usize) + self.turn.extra_legends as usize) as u8;
                        self.phase = Phase::Refill { seat: mate, beings: 0, legends, flares: 0, setup: false };
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
        let (beings, mut legends, flares) = self.form.hand();
        if self.form.teams() && seat >= 2 {
            // the teammate who plays sooner draws the team's legends
            legends = 0;
        }
        Phase::Refill { seat, beings, legends, flares, setup: true }
    }

    fn after_setup_refill(&mut self, seat: Seat) {
        let next = seat + 1;
        if (next as usize) < self.seats.len() {
            self.phase = self.setup_refill(next);
        } else if self.form.start_pieces() || self.form.is_melee() {
            // the seat before the starting player (the fourth in a team duel)
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
        self.record(Event::Placed { at: own, piece: Piece::new(mine, Rank::Common) });
        self.record(Event::Placed { at: other, piece: Piece::new(theirs, Rank::Common) });
        self.start_turn(0, 1);
    }

    /// Deathmatch Melee: one start piece next to the next symbol; the first
    /// turn starts once all three are down.
    fn place_melee_start_piece(&mut self, at: Square, color: Color) {
        self.board.set(at, Some(Piece::new(color, Rank::Common)));
        self.record(Event::Placed { at, piece: Piece::new(color, Rank::Common) });
        if self.melee_start_state().is_none() {
            self.start_turn(0, 1);
        }
    }

    pub(crate) fn start_turn(&mut self, seat: Seat, actions: u8) {
        let fewer = std::mem::take(&mut self.seats[seat as usize].fewer_actions);
        let actions = actions.saturating_sub(fewer);
        let number = self.turn.number.saturating_add(1);
        self.turn = Turn::new(seat, number, actions);
        self.phase = Phase::Main;
        self.record(Event::TurnStarted { seat, number });
    }

    // ----- actions -----

    fn summon(&mut self, card: CardId, at: Square, orientation: Orientation, pickup: Option<Square>) {
        let seat_index = self.turn.seat as usize;
        let color = self.active_color();
        let rank = card.def().rank;
        let pattern = if crate::warp::is_time_traveler(card) {
            // its pattern is anywhere: only the enemy pieces it needs (a
            // stand-in) are tied to the summoning
            self.time_traveler_pattern_used()
        } else {
            // (the Void Summoner's empty squares are no pieces)
            oriented(card, orientation).expect("distinct orientation").pattern_squares(at) & self.board.occupied()
        };
        // enemy pieces standing in for the summoner's own (see `stand_ins`)
        // (a possessed summoning's pattern is the possessing color's: no stand-ins)
        let possessed = self.turn.possessed.take();
        let improvise = if possessed.is_some() {
            ColorSet::EMPTY
        } else {
            self.improvised_colors(pattern & !self.board.of_color(color))
        };
        {
            let seat = &mut self.seats[seat_index];
            if !remove_card(&mut seat.beings, card) {
                remove_card(&mut seat.legends, card);
            }
            if seat.pending == Some(card) {
                // summoning the pending being ends its pending state
                seat.pending = None;
            }
        }
        if let Some(from) = pickup {
            if let Some(piece) = self.board.get(from) {
                self.record(Event::PickedUp { at: from, piece });
            }
            self.gateway_gone_from(from);
            self.board.set(from, None);
        }
        let replaced = self.board.get(at);
        match replaced {
            // the summoning destroys an enemy piece that stood there
            Some(p) if p.color != color => self.remove_piece(at, true),
            // or replaces one of yours (in a shortage, reuses your piece of the needed type)
            Some(_) => {
                self.gateway_gone_from(at);
                self.board.set(at, None)
            }
            None => {}
        }
        self.board.set(at, Some(Piece::new(color, rank)));
        self.record(Event::Summoned { seat: self.turn.seat, card, at, orientation });
        // Nethervoid: the new being may become the Gateway, before its effect
        self.gateway_on_summoning(card, at);
        self.turn.actions = self.turn.actions.saturating_sub(1);
        // saturating: a position or view may start a turn at any count
        self.turn.beings_summoned = self.turn.beings_summoned.saturating_add(1);
        // the next summoning takes the War Summoner's bonus, used or not
        self.turn.war_summoner_bonus = false;
        // and the Void Summoner's
        self.turn.void_squares = 0;
        let _ = self.turn.summoned.try_push(Summoned::new(card, at));
        if card.is_legend() {
            // a duel scores the point at the end of the turn (see `close_turn`)
            self.turn.legends_summoned = self.turn.legends_summoned.saturating_add(1);
        }
        let mut r = Resolution::new(card, color, at, orientation);
        r.replaced = replaced;
        r.me = Some(at);
        r.pattern = pattern;
        r.pattern.remove(at);
        self.effect = Some(r);
        self.phase = Phase::Effect;
        let mut fresh = improvise.colors();
        match (fresh.next(), fresh.next()) {
            (None, _) => {}
            (Some(c), None) => {
                self.seats[seat_index].improvised.insert(c);
                self.record(Event::Improvised { seat: seat_index as Seat, color: c });
            }
            (Some(_), Some(_)) => self.phase = Phase::Improvise { colors: improvise },
        }
    }

    /// Deathmatch Melee: the colors of which one is used up by a summoning
    /// that uses the enemy pieces `enemy` (before the summoning): none when
    /// the War Summoner's bonus covers a single enemy piece; the one color
    /// that must be the improvised one; or two fresh colors to choose from
    /// (two pieces of different colors, one for the bonus, one improvised).
    fn improvised_colors(&self, enemy: Bitboard) -> ColorSet {
        if !self.form.is_melee() {
            return ColorSet::EMPTY;
        }
        let slots = usize::from(self.turn.war_summoner_bonus);
        if enemy.count() as usize <= slots {
            return ColorSet::EMPTY;
        }
        let used = self.seats[self.turn.seat as usize].improvised;
        let colors: ColorSet = enemy.squares().filter_map(|sq| self.board.get(sq)).map(|p| p.color).collect();
        // with two colors of which one was used up before, that one is the
        // War Summoner's piece and the other the improvised one
        colors.colors().filter(|&c| !used.contains(c)).collect()
    }

    fn invoke_flare(&mut self, against: Color) {
        let (upper, lower) = self.flare_criteria(against);
        let seat = &mut self.seats[self.turn.seat as usize];
        let card = seat.flares.remove(0);
        self.turn.flare_used = true;
        self.record(Event::FlareInvoked { seat: self.turn.seat, card, against, upper, lower });
        if let Some(s) = self.seat_of(against) {
            if self.form.deathmatch_scoring() {
                self.add_score(s, 1);
                self.record(Event::Scored { seat: s, points: 1, why: ScoreWhy::Flare, color: None });
            } else if self.form.is_melee() {
                // the opponent compared against scores in the invoker's color
                let me = self.active_color();
                self.add_points(s, me, 1);
                self.record(Event::Scored { seat: s, points: 1, why: ScoreWhy::Flare, color: Some(me) });
            }
        }
        let anywhere = Square::parse("e5").expect("e5");
        let mut r = Resolution::new(card, self.active_color(), anywhere, Orientation::IDENTITY);
        r.upper = upper;
        r.lower = lower;
        r.against = Some(against);
        self.effect = Some(r);
        self.phase = Phase::Effect;
    }

    /// Team play: control passes to the teammate, with the team's legends.
    fn pass_control(&mut self) {
        let seat = self.turn.seat;
        let Some(mate) = self.teammate(seat) else { return };
        self.turn.passed = true;
        self.record(Event::PassedControl { seat, to: mate });
        self.hand_legends_over(seat, mate);
    }

    /// Team play: every legend a seat holds goes to its teammate.
    fn hand_legends_over(&mut self, from: Seat, to: Seat) {
        let legends = std::mem::take(&mut self.seats[from as usize].legends);
        for card in legends {
            insert_sorted(&mut self.seats[to as usize].legends, card);
        }
    }

    /// Two-sided scoring: points for a seat, and in team play for its team.
    fn add_score(&mut self, seat: Seat, points: i16) {
        self.seats[seat as usize].score += points;
        if let Some(mate) = self.teammate(seat) {
            self.seats[mate as usize].score += points;
        }
    }

    /// Deathmatch Melee: points for a seat in an opponent's color; its score
    /// is its lowest color.
    fn add_points(&mut self, seat: Seat, color: Color, points: i16) {
        self.seats[seat as usize].points[color.index()] += points;
        let me = self.seats[seat as usize].color;
        let lowest = self.enemies_of(me).map(|c| self.seats[seat as usize].points[c.index()]).min().unwrap_or(0);
        self.seats[seat as usize].score = lowest;
    }

    fn finish_effect(&mut self, mut r: Resolution) {
        if self.freeze_after(&mut r) {
            self.effect = Some(r);
            return;
        }
        let card = r.card;
        if r.stage == crate::effect::Stage::Warp {
            // a warp effect leaves its card pending (or where the effect put it)
        } else if card.is_flare() {
            self.flare_discard.push(card);
        } else if card.is_legend() {
            self.legend_discard.push(card);
        } else if !self.card_put_away(card) {
            self.seats[self.turn.seat as usize].discard.push(card);
        }
        self.effect = None;
        self.phase = Phase::Main;
    }

    /// Takes a piece off the board (back to its owner's supply). An enemy
    /// piece counts as destroyed by the active player if `credit`.
    pub(crate) fn remove_piece(&mut self, sq: Square, credit: bool) {
        if let Some(p) = self.board.get(sq) {
            self.gateway_gone_from(sq);
            self.board.set(sq, None);
            let credited = credit && p.color != self.active_color();
            if credited {
                // (the Gate of Oblivion's warp counts each one more time)
                self.turn.destroyed[p.color.index()][p.rank.index()] = self.turn.destroyed[p.color.index()]
                    [p.rank.index()]
                .saturating_add(1)
                .saturating_add(self.turn.doubled);
            }
            self.record(Event::Destroyed { at: sq, piece: p, credited });
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
        let seat = self.turn.seat;
        let me = self.seats[seat as usize].color;
        let enemies: ArrayVec<Color, 4> = self.enemies_of(me).collect();
        let worth = |d: [u8; 3]| 2 * d[2] as i16 + d[1] as i16 + (d[0] / 2) as i16;
        if self.form.deathmatch_scoring() {
            // the destroyed enemy pieces, and 1 point per legend summoned this
            // turn: the full rules list both with the end-of-turn scoring
            let destroyed: i16 = enemies.iter().map(|e| worth(self.turn.destroyed[e.index()])).sum();
            self.add_score(seat, destroyed + self.turn.legends_summoned as i16);
            if destroyed > 0 {
                self.record(Event::Scored { seat, points: destroyed, why: ScoreWhy::Destruction, color: None });
            }
            if self.turn.legends_summoned > 0 {
                let points = self.turn.legends_summoned as i16;
                self.record(Event::Scored { seat, points, why: ScoreWhy::Legend, color: None });
            }
        }
        if self.form.is_melee() {
            for &e in &enemies {
                let points = worth(self.turn.destroyed[e.index()]);
                self.add_points(seat, e, points);
                if points > 0 {
                    self.record(Event::Scored { seat, points, why: ScoreWhy::Destruction, color: Some(e) });
                }
            }
            let odd: ColorSet =
                enemies.iter().copied().filter(|e| self.turn.destroyed[e.index()][0] % 2 == 1).collect();
            // one more point for 2 or 3 unpaired commons of different colors
            let unpaired = if odd.colors().count() >= 2 { odd } else { ColorSet::EMPTY };
            let legends = self.turn.legends_summoned;
            if !unpaired.is_empty() || legends > 0 {
                self.phase = Phase::Score { unpaired, legends };
                return;
            }
        }
        self.after_scoring();
    }

    /// Deathmatch Melee: a point in a chosen color at the end of the turn.
    fn score_point(&mut self, unpaired: ColorSet, legends: u8, color: Color) {
        self.add_points(self.turn.seat, color, 1);
        let why = if unpaired.is_empty() { ScoreWhy::Legend } else { ScoreWhy::Unpaired };
        self.record(Event::Scored { seat: self.turn.seat, points: 1, why, color: Some(color) });
        let (unpaired, legends) =
            if unpaired.is_empty() { (unpaired, legends.saturating_sub(1)) } else { (ColorSet::EMPTY, legends) };
        if unpaired.is_empty() && legends == 0 {
            self.after_scoring();
        } else {
            self.phase = Phase::Score { unpaired, legends };
        }
    }

    /// The end-of-game trigger after scoring, then the draw.
    fn after_scoring(&mut self) {
        let seat = self.turn.seat as usize;
        self.record(Event::TurnEnded { seat: seat as Seat });
        self.refresh_task_scores();
        self.check_score_trigger();
        if self.end.last.is_some() && !self.form.final_round() {
            // no final round and nothing left to draw for
            self.finish_game();
            return;
        }
        let (beings, mut legends, flares) = self.form.hand();
        if let Some(mate) = self.teammate(seat as Seat) {
            // team play: the legends go to the teammate, who draws them
            // after this seat's draw (see `settle_steps`)
            self.hand_legends_over(seat as Seat, mate);
            legends = 0;
        }
        let s = &self.seats[seat];
        let extra_legends = if self.form.teams() { 0 } else { self.turn.extra_legends as usize };
        self.phase = Phase::Refill {
            seat: seat as Seat,
            beings: (s.beings.len().max(beings as usize) + self.turn.extra_beings as usize) as u8,
            legends: (s.legends.len().max(legends as usize) + extra_legends) as u8,
            flares: s.flares.len().max(flares as usize) as u8,
            setup: false,
        };
    }

    fn check_score_trigger(&mut self) {
        if self.end_score_reached() {
            self.trigger_end();
        }
    }

    /// Whether some seat stands at the end score.
    fn end_score_reached(&self) -> bool {
        let target = self.end_score();
        // Etherweave: the causality penalty counts already (see `crate::warp`)
        if self.form.is_melee() {
            self.seats.iter().enumerate().any(|(i, s)| {
                let penalty = self.causality_penalty(i as Seat);
                s.points.iter().any(|&p| p - penalty >= target)
            })
        } else {
            (0..self.seats.len()).any(|i| self.seats[i].score - self.causality_penalty(i as Seat) >= target)
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
        let (beings, legends, flares) = match from {
            RefillFrom::Deck => (1, 0, 0),
            RefillFrom::Legends => (0, 1, 0),
            RefillFrom::Flares => (0, 0, 1),
        };
        self.record(Event::Drew { seat, beings, legends, flares });
        let s = &mut self.seats[seat as usize];
        match from {
            RefillFrom::Deck => {
                s.deck.draw(card);
                insert_sorted(&mut s.beings, card);
                // drawing your last card triggers the end; in team play,
                // your last card that is not sideways
                let trigger =
                    if self.form.teams() { s.deck.len() <= s.deck.sideways as usize } else { s.deck.is_empty() };
                if trigger {
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
        // the end score, if a seat stands at it at the end; else a deck ran
        // out (a deck that ran out first is not said when a seat reached
        // the end score in the final round); judged before the causality
        // penalty is charged, as the trigger judges it
        let why = if self.end_score_reached() { EndReason::EndScore } else { EndReason::DeckOut };
        // (over first: the task forms' scores then count the causality penalty)
        self.phase = Phase::Over;
        self.refresh_task_scores();
        self.charge_causality();
        // a seat that left ranks below every seat that stayed (its whole
        // team, in team play, as a resignation would); then a melee
        // compares the lowest color, then the next lowest, then the
        // remaining one; every form then upgraded pieces, then all pieces
        let gone: ColorSet =
            self.seats.iter().enumerate().filter(|&(i, _)| self.has_left(i as Seat)).map(|(_, s)| s.color).collect();
        let keys: Vec<(bool, ArrayVec<i16, 4>, u32, u32)> = self
            .seats
            .iter()
            .map(|s| {
                let mut points: ArrayVec<i16, 4> = if self.form.is_melee() {
                    self.enemies_of(s.color).map(|c| s.points[c.index()]).collect()
                } else {
                    std::iter::once(s.score).collect()
                };
                points.sort();
                (!gone.contains(s.color), points, self.board.upgraded(s.color), self.board.total(s.color))
            })
            .collect();
        let mut places = ArrayVec::new();
        for k in &keys {
            // teammates count once: a place is the number of colors ahead
            let ahead: ColorSet = self.seats.iter().zip(&keys).filter(|(_, o)| *o > k).map(|(s, _)| s.color).collect();
            places.push(ahead.colors().count() as u8);
        }
        self.outcome = Some(Outcome { places, why, teams: self.form.teams() });
        self.phase = Phase::Over;
        self.record(Event::GameOver);
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
