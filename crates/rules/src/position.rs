//! Position setups: a game started anywhere, for tests and analysis.
//!
//! A [`Position`] is unvalidated data with public fields; [`Position::to_game`]
//! checks it and makes a [`Game`] whose next step is the main phase of the
//! given seat's turn. Its text form is one `key: value` line per field:
//!
//! ```text
//! form: duel
//! board: 9/9/9/9/2r3b2/9/9/9/9
//! turn: 0
//! actions: 2
//! seat: northern score 0 supply 15/3 beings imperial.knight,imperial.cannon legends - flares flares.01 deck imperial.bomb | imperial.herald,imperial.messenger | - discard -
//! seat: southern score 0 supply 15/3 beings imperial.swordmaster legends legends.titan flares - deck - discard -
//! legends: deck - discard -
//! flares: deck flares.02 discard -
//! ```
//!
//! Lists are comma-separated card ids, `-` for none. A deck is `top | shuffled
//! | bottom`, each part a list; a single list is the deck in order, top first.
//! `supply` is the seat's two-sided and legendary pieces off the board (left
//! out: every piece of the form's set that is not on the board). Optional
//! lines: `end: last S left N` (the end was triggered; seat S plays last and N
//! turns remain after this one), `number: N` (turns played so far, this one
//! included), `discard-used: yes`, `flare-used: yes`, `extra-turn: yes` (the
//! Time Elemental was summoned this turn: the same seat plays again next),
//! `passed: yes` (team play: control has been passed to the teammate),
//! `this-turn: destroyed r:2/1/0 summoned imperial.knight@e5` (what the
//! turn has done so far: enemy pieces destroyed by color as
//! common/heroic/legendary, beings summoned and where; also `extra 1/0`,
//! extra cards to draw at its end as beings/legends, and `war-summoner
//! yes`, the War Summoner's pending bonus). Each entry must be one the
//! seat's turn can hold (a Sylvan seat's extra cards, a Highland or
//! Everfrost seat's bonus, ...; `docs/notation.md`, "This-turn bounds"),
//! or [`Position::to_game`] refuses it with a [`ValidationError`].
//!
//! Nethervoid: the board line marks a seat's Gateway with `@` after its
//! piece (`o+@` on e5 is an orange heroic piece that is the Gateway of the
//! Nethervoid seat playing orange); `this-turn: possessed b` is the
//! Possessed Summoner's hold on the next summoning, and a summoned being
//! written `nethervoid.gate_master@e5*` counts as a legend summoned there.
//!
//! A seat line may end with `frozen everfrost.ice_wyvern` (Everfrost: the
//! card frozen in front of the seat) and `fewer-actions 1` (the seat has
//! that many actions fewer on its next turn: the Everfrost Sentinel),
//! `pending etherweave.paradox_worm` (Etherweave: the seat's pending being,
//! which must also be among its beings) and `stored p+` (the piece kept on
//! a pending Merchant of Time, written as on the board; it is neither on
//! the board nor in supply), then `stored-gateway N` when that piece is
//! seat N's Nethervoid Gateway (it lands as the Gateway). The `this-turn:` line may also say
//! `emperor-warped yes`, `doubled N` (Gate of Oblivion warps played this
//! turn), `void N` (the Void Summoner's empty squares, 0 to 2) and `legends
//! N` (legends summoned this turn, when an Iris of Eternity made more of
//! them than the legends in `summoned`).
//!
//! A melee seat line ends with `points` (the seat's points in each
//! opponent's color, e.g. `b3,g2,r0`) and `improvised` (the colors used up
//! for improvised summoning, `-` for none); its `score` is counted (the
//! lowest color), so the written one is not used. A team seat line ends
//! with `sideways N`, the sideways cards at the bottom of its deck. In team
//! play the seats are 0 and 2 against 1 and 3, a team plays the color of
//! its first seat's school, teammates' supplies and scores are the team's
//! (written on both lines, and equal), and tasks are claimed by the team
//! (a `claimed` line names seat 0 or 1).
//!
//! The forms with tasks add the task board:
//!
//! ```text
//! tasks: current tasks.center_cross,tasks.destruction,tasks.red_conquest next tasks.diagonals deck - | tasks.isolation,tasks.envelopment | -
//! tasks: claimed 0 tasks.imprisonment,tasks.side_chain
//! ```
//!
//! `next -` when no task is face up on the deck; the deck is written like a
//! card deck; a `claimed` line per seat that has claimed tasks. Without a
//! `tasks:` line a task form starts with an empty task board. In these forms
//! a seat's score is counted (claimed points plus legendary pieces), so the
//! `score` written on a seat line is not used.

use std::fmt::Write as _;

use arrayvec::ArrayVec;

use crate::board::{Board, BoardTextError, Color, Piece, Rank, COLORS};
use crate::cards::{CardId, ColorSet, School};
use crate::game::{EndState, Form, Game, Phase, Seat, SeatState, Summoned, Turn};
use crate::geometry::{Bitboard, Square};
use crate::pile::{CardList, Pile};
use crate::tasks::{TaskBoard, TaskDeck, TaskId, TaskList};
pub use crate::token::Token;
use crate::validate::ValidationError;

/// One seat of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    pub school: School,
    pub score: i16,
    /// Two-sided and legendary pieces of this seat's color off the board.
    pub supply: (u8, u8),
    pub beings: Vec<CardId>,
    pub legends: Vec<CardId>,
    pub flares: Vec<CardId>,
    pub deck: Pile,
    pub discard: Vec<CardId>,
    /// Deathmatch Melee: points in each opponent's color (by `Color::index`).
    pub points: [i16; COLORS],
    /// Deathmatch Melee: enemy colors used up for improvised summoning.
    pub improvised: ColorSet,
    /// Two-sided and legendary pieces of this seat's color out of play:
    /// neither on the board nor in supply. Every piece of the form's set
    /// must be on the board, in supply or here; a position staged for a
    /// test (a piece shortage with few pieces on the board) puts the rest
    /// here, see [`Position::set_supply`].
    pub out: (u8, u8),
    /// Everfrost: the card frozen in front of the seat.
    pub frozen: Option<CardId>,
    /// Actions fewer than normal on the seat's next turn (Everfrost Sentinel).
    pub fewer_actions: u8,
    /// Nethervoid: the seat's Gateway (written as `@` on the board line).
    pub gateway: Option<Square>,
    /// Etherweave: the pending being (one of `beings`).
    pub pending: Option<CardId>,
    /// Etherweave: the piece kept on the pending Merchant of Time (it is
    /// neither on the board nor in supply).
    pub stored: Option<Piece>,
    /// Nethervoid: the seat whose Gateway the stored piece is.
    pub stored_gateway: Option<Seat>,
}

impl SeatSetup {
    /// A seat with an empty hand and deck and a full supply (for the pieces
    /// not on `board`).
    pub fn new(school: School) -> SeatSetup {
        SeatSetup {
            school,
            score: 0,
            supply: (16, 3),
            beings: Vec::new(),
            legends: Vec::new(),
            flares: Vec::new(),
            deck: Pile::default(),
            discard: Vec::new(),
            points: [0; COLORS],
            improvised: ColorSet::EMPTY,
            out: (0, 0),
            frozen: None,
            fewer_actions: 0,
            gateway: None,
            pending: None,
            stored: None,
            stored_gateway: None,
        }
    }
}

/// An unvalidated game position at the start of an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub form: Form,
    pub board: Board,
    pub seats: Vec<SeatSetup>,
    pub legends: Pile,
    pub legend_discard: Vec<CardId>,
    pub flares: Pile,
    pub flare_discard: Vec<CardId>,
    /// Whose turn it is, and the actions left.
    pub turn: Seat,
    pub actions: u8,
    pub number: u16,
    pub discard_used: bool,
    pub flare_used: bool,
    /// The same seat takes another turn after this one (Time Elemental).
    pub extra_turn: bool,
    /// Team play: control has been passed to the teammate.
    pub passed: bool,
    /// What the turn has done so far (nothing at its start).
    pub this_turn: TurnRecord,
    pub end: Option<(Seat, u8)>,
    /// The task board (forms with tasks only).
    pub tasks: Option<TaskBoard>,
}

/// What the current turn has done before the position: the enemy pieces
/// destroyed (scored when the turn ends), the beings summoned (for tasks),
/// extra cards to draw at its end, and the War Summoner's pending bonus.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TurnRecord {
    /// By color and rank (common, heroic, legendary).
    pub destroyed: [[u8; 3]; COLORS],
    pub summoned: Vec<Summoned>,
    pub extra_beings: u8,
    pub extra_legends: u8,
    pub war_summoner_bonus: bool,
    /// Nethervoid's Possessed Summoner: the color the next summoning's
    /// pattern is built from.
    pub possessed: Option<Color>,
    /// Legends summoned this turn when not just the legends in `summoned`
    /// (Etherweave: an Iris of Eternity upgraded to legendary counts as one).
    pub legends_summoned: Option<u8>,
    /// Etherweave: the Eternal Emperor's warp was played this turn.
    pub emperor_warped: bool,
    /// Etherweave: Gate of Oblivion warps played this turn.
    pub doubled: u8,
    /// Etherweave: the Void Summoner's empty squares for the next summoning.
    pub void_squares: u8,
}

impl TurnRecord {
    fn of(turn: &Turn) -> TurnRecord {
        TurnRecord {
            destroyed: turn.destroyed,
            summoned: turn.summoned.to_vec(),
            extra_beings: turn.extra_beings,
            extra_legends: turn.extra_legends,
            war_summoner_bonus: turn.war_summoner_bonus,
            possessed: turn.possessed,
            legends_summoned: {
                let counted = turn.summoned.iter().filter(|s| s.is_legend()).count() as u8;
                (turn.legends_summoned != counted).then_some(turn.legends_summoned)
            },
            emperor_warped: turn.emperor_warped,
            doubled: turn.doubled,
            void_squares: turn.void_squares,
        }
    }

    fn apply_to(&self, turn: &mut Turn) -> Result<(), PositionError> {
        turn.destroyed = self.destroyed;
        turn.summoned.clear();
        for &s in &self.summoned {
            turn.summoned.try_push(s).map_err(|_| PositionError::TooMany(Holding::SummonedThisTurn))?;
        }
        turn.beings_summoned = self.summoned.len() as u8;
        let counted = self.summoned.iter().filter(|s| s.is_legend()).count() as u8;
        turn.legends_summoned = self.legends_summoned.unwrap_or(counted);
        turn.extra_beings = self.extra_beings;
        turn.extra_legends = self.extra_legends;
        turn.war_summoner_bonus = self.war_summoner_bonus;
        turn.emperor_warped = self.emperor_warped;
        turn.doubled = self.doubled;
        turn.void_squares = self.void_squares;
        turn.possessed = self.possessed;
        Ok(())
    }

    /// The `this-turn:` line's value, or `None` at the start of a turn.
    fn to_text(&self) -> Option<String> {
        if *self == TurnRecord::default() {
            return None;
        }
        let mut words = Vec::new();
        let destroyed: Vec<String> = Color::ALL
            .iter()
            .filter(|c| self.destroyed[c.index()] != [0; 3])
            .map(|c| {
                let d = self.destroyed[c.index()];
                format!("{}:{}/{}/{}", c.letter(), d[0], d[1], d[2])
            })
            .collect();
        if !destroyed.is_empty() {
            words.push(format!("destroyed {}", destroyed.join(",")));
        }
        if !self.summoned.is_empty() {
            let list: Vec<String> = self
                .summoned
                .iter()
                .map(|s| format!("{}@{}{}", s.card, s.at, if s.legend { "*" } else { "" }))
                .collect();
            words.push(format!("summoned {}", list.join(",")));
        }
        if self.extra_beings > 0 || self.extra_legends > 0 {
            words.push(format!("extra {}/{}", self.extra_beings, self.extra_legends));
        }
        if self.war_summoner_bonus {
            words.push("war-summoner yes".into());
        }
        if let Some(c) = self.possessed {
            words.push(format!("possessed {}", c.letter()));
        }
        if let Some(n) = self.legends_summoned {
            words.push(format!("legends {n}"));
        }
        if self.emperor_warped {
            words.push("emperor-warped yes".into());
        }
        if self.doubled > 0 {
            words.push(format!("doubled {}", self.doubled));
        }
        if self.void_squares > 0 {
            words.push(format!("void {}", self.void_squares));
        }
        Some(words.join(" "))
    }

    fn parse(value: &str) -> Result<TurnRecord, PositionSyntax> {
        let mut r = TurnRecord::default();
        let words: Vec<&str> = value.split_whitespace().collect();
        let number = |field: Field, w: &str| w.parse::<u8>().map_err(|_| bad_number(field, w));
        let pair = |field: Field, w: &str| -> Result<(u8, u8), PositionSyntax> {
            let (a, b) = w.split_once('/').ok_or_else(|| shape(Shape::Pair, w))?;
            Ok((number(field, a)?, number(field, b)?))
        };
        for kv in words.chunks(2) {
            let [key, arg] = kv else {
                return Err(PositionSyntax::MissingValue(Token::new(kv[0])));
            };
            match *key {
                "destroyed" => {
                    for item in arg.split(',') {
                        let (c, counts) = item.split_once(':').ok_or_else(|| shape(Shape::Destroyed, item))?;
                        let color = color_letter(c)?;
                        let n: Vec<u8> = counts
                            .split('/')
                            .map(|x| x.parse::<u8>())
                            .collect::<Result<_, _>>()
                            .map_err(|_| bad_number(Field::Destroyed, counts))?;
                        let [a, b, l] = n[..] else {
                            return Err(shape(Shape::Counts, counts));
                        };
                        r.destroyed[color.index()] = [a, b, l];
                    }
                }
                "summoned" => {
                    for item in arg.split(',') {
                        let (card, at) = item.split_once('@').ok_or_else(|| shape(Shape::CardAt, item))?;
                        let card = card_id(card)?;
                        let (at, legend) = match at.strip_suffix('*') {
                            Some(at) => (at, true),
                            None => (at, false),
                        };
                        let at = Square::parse(at).ok_or_else(|| PositionSyntax::BadSquare(Token::new(at)))?;
                        r.summoned.push(Summoned { card, at, legend });
                    }
                }
                "extra" => (r.extra_beings, r.extra_legends) = pair(Field::Extra, arg)?,
                "war-summoner" => r.war_summoner_bonus = yes(arg)?,
                "possessed" => r.possessed = Some(color_letter(arg)?),
                "legends" => r.legends_summoned = Some(number(Field::Legends, arg)?),
                "emperor-warped" => r.emperor_warped = yes(arg)?,
                "doubled" => r.doubled = number(Field::Doubled, arg)?,
                "void" => match arg.parse() {
                    Ok(n) if n <= 2 => r.void_squares = n,
                    Ok(_) => return Err(PositionSyntax::OutOfRange { field: Field::Void, value: Token::new(arg) }),
                    Err(_) => return Err(bad_number(Field::Void, arg)),
                },
                other => return Err(PositionSyntax::UnknownTurnField(Token::new(other))),
            }
        }
        Ok(r)
    }
}

fn bad_number(field: Field, value: &str) -> PositionSyntax {
    PositionSyntax::BadNumber { field, value: Token::new(value) }
}

fn shape(expected: Shape, got: &str) -> PositionSyntax {
    PositionSyntax::Shape { expected, got: Token::new(got) }
}

/// A color's one letter (`r`, `b`, ...).
fn color_letter(word: &str) -> Result<Color, PositionSyntax> {
    let mut chars = word.chars();
    match (chars.next().and_then(Color::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(PositionSyntax::BadColor(Token::new(word))),
    }
}

fn card_id(word: &str) -> Result<CardId, PositionSyntax> {
    CardId::parse(word).ok_or_else(|| PositionSyntax::UnknownCard(Token::new(word)))
}

fn task_id(word: &str) -> Result<TaskId, PositionSyntax> {
    TaskId::parse(word).ok_or_else(|| PositionSyntax::UnknownTask(Token::new(word)))
}

/// What is wrong with a position: its text ([`Position::from_text`]) or
/// the game it describes ([`Position::to_game`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A line that does not read: what is wrong, quoting the offending
    /// word where there is one.
    #[error("line {line}: {error}")]
    Syntax { line: usize, error: PositionSyntax },
    #[error("bad board: {0}")]
    Board(#[from] BoardTextError),
    #[error("missing '{key}:' line")]
    MissingLine { key: &'static str },
    /// The game it describes breaks a rule of [`Game::validate`].
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    #[error("seat {seat} and its teammate seat {} put different pieces out of play", seat - 2)]
    TeammatesOut { seat: usize },
    #[error("too many {0}")]
    TooMany(Holding),
    #[error("the Gateway marker on {at} marks a piece of no Nethervoid seat")]
    GatewayMarker { at: Square },
    #[error("seat {seat} has two Gateways ({first} and {second})")]
    TwoGateways { seat: usize, first: Square, second: Square },
    #[error("a position starts with no task set aside")]
    TaskSetAside,
}

/// A list of a position too long for the game to hold.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Holding {
    Beings,
    Legends,
    Flares,
    Discards,
    /// The shared legend or flare discard pile.
    SharedDiscard,
    SummonedThisTurn,
    /// The cards of one part of a deck or a list, in the text.
    Pile,
    /// The tasks of one list, in the text.
    Tasks,
    /// The current tasks (at most 3).
    CurrentTasks,
}

impl std::fmt::Display for Holding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Holding::Beings => "beings",
            Holding::Legends => "legends",
            Holding::Flares => "flares",
            Holding::Discards => "discards",
            Holding::SharedDiscard => "cards in a shared discard pile",
            Holding::SummonedThisTurn => "beings summoned this turn",
            Holding::Pile => "cards in a pile",
            Holding::Tasks => "tasks in a list",
            Holding::CurrentTasks => "current tasks (at most 3)",
        })
    }
}

/// What does not read on a line of a position's text
/// ([`PositionError::Syntax`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionSyntax {
    #[error("expected 'key: value'")]
    NotKeyValue,
    #[error("unknown key {0}")]
    UnknownKey(Token),
    #[error("unknown seat field {0}")]
    UnknownSeatField(Token),
    #[error("unknown this-turn field {0}")]
    UnknownTurnField(Token),
    /// A field written without its value.
    #[error("{0} needs a value")]
    MissingValue(Token),
    /// Not a number, or one too large for the field.
    #[error("bad {field}: {value} is not a number it can hold")]
    BadNumber { field: Field, value: Token },
    /// A number the field cannot take (`void` is 0 to 2; a claimed task
    /// list names a seat of the table).
    #[error("{field} out of range: {value}")]
    OutOfRange { field: Field, value: Token },
    #[error("unknown form {0}")]
    UnknownForm(Token),
    #[error("a seat line starts with a school, not {0}")]
    UnknownSchool(Token),
    #[error("unknown card id {0}")]
    UnknownCard(Token),
    #[error("unknown task id {0}")]
    UnknownTask(Token),
    #[error("not a color letter: {0}")]
    BadColor(Token),
    #[error("not a square: {0}")]
    BadSquare(Token),
    #[error("bad stored piece {0} (a piece as on the board, e.g. b+)")]
    BadPiece(Token),
    #[error("expected yes or no, not {0}")]
    NotYesNo(Token),
    /// A value not in the shape its field takes.
    #[error("expected {expected}, not {got}")]
    Shape { expected: Shape, got: Token },
    #[error("too many {0}")]
    TooMany(Holding),
}

/// A field of a position's text, as a [`PositionSyntax`] names it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Field {
    Turn,
    Actions,
    Number,
    /// `end: last S`.
    EndLast,
    /// `end: ... left N`.
    EndLeft,
    Score,
    Supply,
    Out,
    Points,
    Sideways,
    FewerActions,
    StoredGateway,
    /// `this-turn: destroyed`.
    Destroyed,
    /// `this-turn: extra`.
    Extra,
    /// `this-turn: legends`.
    Legends,
    /// `this-turn: doubled`.
    Doubled,
    /// `this-turn: void`.
    Void,
    /// `tasks: claimed SEAT`.
    ClaimedSeat,
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Field::Turn => "turn",
            Field::Actions => "actions",
            Field::Number => "number",
            Field::EndLast => "end: last",
            Field::EndLeft => "end: left",
            Field::Score => "score",
            Field::Supply => "supply",
            Field::Out => "out",
            Field::Points => "points",
            Field::Sideways => "sideways",
            Field::FewerActions => "fewer-actions",
            Field::StoredGateway => "stored-gateway",
            Field::Destroyed => "destroyed",
            Field::Extra => "extra",
            Field::Legends => "legends",
            Field::Doubled => "doubled",
            Field::Void => "void",
            Field::ClaimedSeat => "claimed seat",
        })
    }
}

/// The shape a value of a position's text should have had.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Shape {
    /// `end: last S left N`.
    End,
    /// `deck ... discard ...` (the `legends:` and `flares:` lines).
    Shared,
    /// `discard LIST` after a shared deck.
    SharedDiscard,
    /// A deck in parts: `top | shuffled | bottom`.
    DeckInParts,
    /// A task deck: a list or `top | shuffled | bottom`.
    TaskDeck,
    /// `tasks: current LIST next TASK deck DECK` or `tasks: claimed SEAT LIST`.
    Tasks,
    /// Two counts `A/B` (supply, out, extra).
    Pair,
    /// `COLOR:C/H/L` (destroyed).
    Destroyed,
    /// `C/H/L` counts.
    Counts,
    /// `CARD@SQUARE` (summoned).
    CardAt,
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Shape::End => "'end: last S left N'",
            Shape::Shared => "'deck ... discard ...'",
            Shape::SharedDiscard => "'discard LIST' after the deck",
            Shape::DeckInParts => "a deck in parts, 'top | shuffled | bottom'",
            Shape::TaskDeck => "a task deck, a list or 'top | shuffled | bottom'",
            Shape::Tasks => "'tasks: current LIST next TASK deck DECK' or 'tasks: claimed SEAT LIST'",
            Shape::Pair => "two counts A/B, e.g. 14/3",
            Shape::Destroyed => "COLOR:C/H/L, e.g. r:2/1/0",
            Shape::Counts => "C/H/L counts",
            Shape::CardAt => "CARD@SQUARE",
        })
    }
}

impl Position {
    /// A duel position on `board` (board text), Northern (blue) to move
    /// first against Southern (red), seat 0 to act with 2 actions, empty
    /// hands and decks, full supplies.
    pub fn duel(board: &str) -> Result<Position, PositionError> {
        Position::for_form(Form::Duel, board)
    }

    /// Like [`Position::duel`] for any two-seat form; a task form starts
    /// with an empty task board.
    pub fn for_form(form: Form, board: &str) -> Result<Position, PositionError> {
        Position::with_schools(form, board, &[School::Northern, School::Southern])
    }

    /// Like [`Position::for_form`] with these schools in seat order (in team
    /// play a team plays its first seat's color; team decks get their 6
    /// sideways cards when they are given).
    pub fn with_schools(form: Form, board: &str, schools: &[School]) -> Result<Position, PositionError> {
        let (board, marked) = Board::from_text_marked(board)?;
        let colors = form.seat_colors(schools);
        let mut seats: Vec<SeatSetup> = schools.iter().map(|&s| SeatSetup::new(s)).collect();
        for (s, &color) in seats.iter_mut().zip(&colors) {
            s.supply = full_supply(form, schools.len(), &board, color);
        }
        assign_gateways(form, &board, marked, &mut seats)?;
        Ok(Position { seats, tasks: form.uses_tasks().then(TaskBoard::default), ..Position::blank(form, board) })
    }

    /// `board` in `form` with no seats, empty piles and tasks, seat 0 to
    /// act with 2 actions in turn 2 (the two constructors' common start).
    fn blank(form: Form, board: Board) -> Position {
        Position {
            form,
            board,
            seats: Vec::new(),
            legends: Pile::default(),
            legend_discard: Vec::new(),
            flares: Pile::default(),
            flare_discard: Vec::new(),
            turn: 0,
            actions: 2,
            number: 2,
            discard_used: false,
            flare_used: false,
            extra_turn: false,
            passed: false,
            this_turn: TurnRecord::default(),
            end: None,
            tasks: None,
        }
    }

    /// Sets a seat's supply (two-sided, legendary) and puts the pieces of
    /// its color that are neither on the board nor in that supply out of
    /// play: a staged position, e.g. a piece shortage with few pieces on
    /// the board. (In team play both teammates' lines are set.)
    pub fn set_supply(&mut self, seat: usize, supply: (u8, u8)) {
        let schools: Vec<School> = self.seats.iter().map(|s| s.school).collect();
        let colors = self.form.seat_colors(&schools);
        let Some(&color) = colors.get(seat) else { return };
        let full = full_supply(self.form, self.seats.len(), &self.board, color);
        let out = (full.0.saturating_sub(supply.0), full.1.saturating_sub(supply.1));
        for (i, s) in self.seats.iter_mut().enumerate() {
            if colors.get(i) == Some(&color) {
                s.supply = supply;
                s.out = out;
            }
        }
    }

    /// Checks the position and makes a game from it: what only a
    /// position can get wrong here, the rest with [`Game::validate`], the
    /// one validation that [`Game::from_view`] shares (every piece
    /// accounted for, no card twice, ...).
    pub fn to_game(&self) -> Result<Game, PositionError> {
        let schools: Vec<School> = self.seats.iter().map(|s| s.school).collect();
        crate::validate::check_table(self.form, &schools)?;
        let mut pieces = [(0u8, 0u8); COLORS];
        let mut seats = ArrayVec::<SeatState, 4>::new();
        let colors = self.form.seat_colors(&schools);
        let teams = self.form.teams();
        let melee = self.form.is_melee();
        for (i, s) in self.seats.iter().enumerate() {
            let color = colors[i];
            if teams && i >= 2 {
                let first = &self.seats[i - 2];
                crate::validate::check_teammates(i, (s.supply, first.supply), (s.score, first.score))?;
                if s.out != first.out {
                    return Err(PositionError::TeammatesOut { seat: i });
                }
            }
            let stored = stored_of(&self.seats, color);
            pieces[color.index()] = crate::validate::pieces_in_play(
                self.form,
                self.seats.len(),
                &self.board,
                color,
                s.supply,
                s.out,
                stored,
            )?;
            let list = |cards: &[CardId], what: Holding| -> Result<CardList, PositionError> {
                let mut l = CardList::new();
                for &c in cards {
                    l.try_push(c).map_err(|_| PositionError::TooMany(what))?;
                }
                l.sort();
                Ok(l)
            };
            let beings = list(&s.beings, Holding::Beings)?;
            let legends = list(&s.legends, Holding::Legends)?;
            let flares = list(&s.flares, Holding::Flares)?;
            let mut discard = CardList::new();
            for &c in &s.discard {
                discard.try_push(c).map_err(|_| PositionError::TooMany(Holding::Discards))?;
            }
            let lowest = colors.iter().filter(|&&c| c != color).map(|c| s.points[c.index()]).min().unwrap_or(0);
            seats.push(SeatState {
                school: s.school,
                color,
                deck: s.deck.clone(),
                beings,
                legends,
                flares,
                discard,
                score: if melee { lowest } else { s.score },
                points: s.points,
                improvised: s.improvised,
                frozen: s.frozen,
                fewer_actions: s.fewer_actions,
                gateway: s.gateway,
                pending: s.pending,
                stored: s.stored,
                stored_gateway: s.stored_gateway,
            });
        }
        let to_list = |v: &[CardId]| -> Result<CardList, PositionError> {
            let mut l = CardList::new();
            for &c in v {
                l.try_push(c).map_err(|_| PositionError::TooMany(Holding::SharedDiscard))?;
            }
            Ok(l)
        };
        let mut turn = Turn::new(self.turn, self.number.max(1), self.actions);
        turn.discard_used = self.discard_used;
        turn.flare_used = self.flare_used;
        turn.extra_turn = self.extra_turn;
        turn.passed = self.passed;
        self.this_turn.apply_to(&mut turn)?;
        let end = match self.end {
            None => EndState::default(),
            Some((last, left)) => EndState { last: Some(last), turns_left: Some(left) },
        };
        let tasks = self.checked_tasks()?;
        let mut game = Game {
            form: self.form,
            seats,
            board: self.board.clone(),
            legends: self.legends.clone(),
            legend_discard: to_list(&self.legend_discard)?,
            flares: self.flares.clone(),
            flare_discard: to_list(&self.flare_discard)?,
            pieces,
            phase: Phase::Main,
            turn,
            effect: None,
            end,
            outcome: None,
            // (a position does not say who left: a record's `N leave` lines do)
            left: 0,
            tasks,
            events: crate::event::EventLog::new(self.seats.len()),
        };
        game.validate()?;
        game.refresh_task_scores();
        Ok(game)
    }

    /// The task board: a task form's (empty when not given), checked
    /// with the rest by [`Game::validate`]; a position starts with nothing
    /// set aside.
    fn checked_tasks(&self) -> Result<Option<TaskBoard>, PositionError> {
        if !self.form.uses_tasks() {
            return match self.tasks {
                Some(_) => Err(ValidationError::NoTasks { form: self.form }.into()),
                None => Ok(None),
            };
        }
        let tb = self.tasks.clone().unwrap_or_default();
        if !tb.set_aside.is_empty() || tb.moved_to_bottom != 0 {
            return Err(PositionError::TaskSetAside);
        }
        Ok(Some(tb))
    }

    /// The position of a game at the main phase of a turn (`None` while an
    /// effect or a discard is being resolved, or during setup or drawing).
    pub fn of(game: &Game) -> Option<Position> {
        if game.phase != Phase::Main {
            return None;
        }
        let seats = game
            .seats
            .iter()
            .map(|s| SeatSetup {
                school: s.school,
                score: s.score,
                supply: (game.supply(s.color, Rank::Common), game.supply(s.color, Rank::Legendary)),
                beings: s.beings.to_vec(),
                legends: s.legends.to_vec(),
                flares: s.flares.to_vec(),
                deck: s.deck.clone(),
                discard: s.discard.to_vec(),
                points: s.points,
                improvised: s.improvised,
                out: game.out_of_play(s.color),
                frozen: s.frozen,
                fewer_actions: s.fewer_actions,
                gateway: s.gateway,
                pending: s.pending,
                stored: s.stored,
                stored_gateway: s.stored_gateway,
            })
            .collect();
        Some(Position {
            form: game.form,
            board: game.board.clone(),
            seats,
            legends: game.legends.clone(),
            legend_discard: game.legend_discard.to_vec(),
            flares: game.flares.clone(),
            flare_discard: game.flare_discard.to_vec(),
            turn: game.turn.seat,
            actions: game.turn.actions,
            number: game.turn.number,
            discard_used: game.turn.discard_used,
            flare_used: game.turn.flare_used,
            extra_turn: game.turn.extra_turn,
            passed: game.turn.passed,
            this_turn: TurnRecord::of(&game.turn),
            end: match game.end {
                EndState { last: Some(l), turns_left } => Some((l, turns_left.unwrap_or(game.seats.len() as u8))),
                _ => None,
            },
            tasks: game.tasks.clone(),
        })
    }

    /// The text form (see the module documentation).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "form: {}", self.form.name());
        let marked = self.seats.iter().filter_map(|s| s.gateway).collect();
        let _ = writeln!(s, "board: {}", self.board.to_text_marked(marked));
        let _ = writeln!(s, "turn: {}", self.turn);
        let _ = writeln!(s, "actions: {}", self.actions);
        let _ = writeln!(s, "number: {}", self.number);
        if self.discard_used {
            let _ = writeln!(s, "discard-used: yes");
        }
        if self.flare_used {
            let _ = writeln!(s, "flare-used: yes");
        }
        if self.extra_turn {
            let _ = writeln!(s, "extra-turn: yes");
        }
        if self.passed {
            let _ = writeln!(s, "passed: yes");
        }
        if let Some(text) = self.this_turn.to_text() {
            let _ = writeln!(s, "this-turn: {text}");
        }
        if let Some((last, left)) = self.end {
            let _ = writeln!(s, "end: last {last} left {left}");
        }
        let schools: Vec<School> = self.seats.iter().map(|s| s.school).collect();
        let colors = self.form.seat_colors(&schools);
        for (i, seat) in self.seats.iter().enumerate() {
            let _ = write!(
                s,
                "seat: {} score {} supply {}/{} beings {} legends {} flares {} deck {} discard {}",
                seat.school,
                seat.score,
                seat.supply.0,
                seat.supply.1,
                list_text(&seat.beings),
                list_text(&seat.legends),
                list_text(&seat.flares),
                pile_text(&seat.deck),
                list_text(&seat.discard)
            );
            if self.form.is_melee() {
                let own = colors.get(i).copied();
                let mut opponents: Vec<Color> = colors.iter().copied().filter(|&c| Some(c) != own).collect();
                opponents.sort();
                let mut points: Vec<String> =
                    opponents.iter().map(|c| format!("{}{}", c.letter(), seat.points[c.index()])).collect();
                if points.is_empty() {
                    // (a table too small for a melee: refused when it becomes a game)
                    points.push("-".into());
                }
                let improvised: Vec<String> = seat.improvised.colors().map(|c| c.letter().to_string()).collect();
                let improvised = if improvised.is_empty() { "-".to_string() } else { improvised.join(",") };
                let _ = write!(s, " points {} improvised {improvised}", points.join(","));
            }
            if self.form.teams() {
                let _ = write!(s, " sideways {}", seat.deck.sideways);
            }
            if seat.out != (0, 0) {
                let _ = write!(s, " out {}/{}", seat.out.0, seat.out.1);
            }
            if let Some(card) = seat.frozen {
                let _ = write!(s, " frozen {card}");
            }
            if seat.fewer_actions > 0 {
                let _ = write!(s, " fewer-actions {}", seat.fewer_actions);
            }
            if let Some(card) = seat.pending {
                let _ = write!(s, " pending {card}");
            }
            if let Some(piece) = seat.stored {
                let _ = write!(s, " stored {piece}");
            }
            if let Some(owner) = seat.stored_gateway {
                let _ = write!(s, " stored-gateway {owner}");
            }
            s.push('\n');
        }
        let _ = writeln!(s, "legends: deck {} discard {}", pile_text(&self.legends), list_text(&self.legend_discard));
        let _ = writeln!(s, "flares: deck {} discard {}", pile_text(&self.flares), list_text(&self.flare_discard));
        if let Some(tb) = &self.tasks {
            let next = tb.next.map_or("-".to_string(), |t| t.to_string());
            let deck = &tb.deck;
            let deck_text = if deck.shuffled.is_empty() && deck.bottom.is_empty() {
                task_list_text(&deck.top)
            } else {
                format!(
                    "{} | {} | {}",
                    task_list_text(&deck.top),
                    task_list_text(&deck.shuffled),
                    task_list_text(&deck.bottom)
                )
            };
            let _ = writeln!(s, "tasks: current {} next {next} deck {deck_text}", task_list_text(&tb.current));
            for (seat, claimed) in tb.claimed.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                let _ = writeln!(s, "tasks: claimed {seat} {}", task_list_text(claimed));
            }
        }
        s
    }

    /// Reads the text form.
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        let mut form = None;
        let mut board = None;
        let mut p = Position::blank(Form::Duel, Board::empty());
        let mut supply_given_for = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |error: PositionSyntax| PositionError::Syntax { line, error };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (key, value) = content.split_once(':').ok_or(err(PositionSyntax::NotKeyValue))?;
            let value = value.trim();
            let number = |field: Field| value.parse::<u16>().map_err(|_| err(bad_number(field, value)));
            let small = |field: Field| value.parse::<u8>().map_err(|_| err(bad_number(field, value)));
            match key.trim() {
                "form" => {
                    form = Some(Form::parse(value).ok_or_else(|| err(PositionSyntax::UnknownForm(Token::new(value))))?)
                }
                "board" => board = Some(Board::from_text_marked(value)?),
                "turn" => p.turn = small(Field::Turn)?,
                "actions" => p.actions = small(Field::Actions)?,
                "number" => p.number = number(Field::Number)?,
                "discard-used" => p.discard_used = yes(value).map_err(err)?,
                "flare-used" => p.flare_used = yes(value).map_err(err)?,
                "extra-turn" => p.extra_turn = yes(value).map_err(err)?,
                "passed" => p.passed = yes(value).map_err(err)?,
                "this-turn" => p.this_turn = TurnRecord::parse(value).map_err(err)?,
                "end" => {
                    let w: Vec<&str> = value.split_whitespace().collect();
                    match w.as_slice() {
                        ["last", s, "left", n] => {
                            let s = s.parse().map_err(|_| err(bad_number(Field::EndLast, s)))?;
                            let n = n.parse().map_err(|_| err(bad_number(Field::EndLeft, n)))?;
                            p.end = Some((s, n));
                        }
                        _ => return Err(err(shape(Shape::End, value))),
                    }
                }
                "seat" => {
                    let (seat, supply_given) = parse_seat(value).map_err(err)?;
                    p.seats.push(seat);
                    supply_given_for.push(supply_given);
                }
                "legends" => (p.legends, p.legend_discard) = parse_shared(value).map_err(err)?,
                "flares" => (p.flares, p.flare_discard) = parse_shared(value).map_err(err)?,
                "tasks" => parse_tasks(value, p.tasks.get_or_insert_with(TaskBoard::default)).map_err(err)?,
                other => return Err(err(PositionSyntax::UnknownKey(Token::new(other)))),
            }
        }
        p.form = form.ok_or(PositionError::MissingLine { key: "form" })?;
        if p.form.uses_tasks() && p.tasks.is_none() {
            p.tasks = Some(TaskBoard::default());
        }
        let (board, marked) = board.ok_or(PositionError::MissingLine { key: "board" })?;
        p.board = board;
        assign_gateways(p.form, &p.board, marked, &mut p.seats)?;
        let schools: Vec<School> = p.seats.iter().map(|s| s.school).collect();
        let colors = p.form.seat_colors(&schools);
        let n = p.seats.len();
        let supply_given_for_copy = supply_given_for.clone();
        for ((s, given), &color) in p.seats.iter_mut().zip(supply_given_for).zip(&colors) {
            if !given {
                let full = full_supply(p.form, n, &p.board, color);
                s.supply = (full.0.saturating_sub(s.out.0), full.1.saturating_sub(s.out.1));
            }
        }
        // a piece kept on the Merchant of Time is not in the supply left out
        for (i, &color) in colors.iter().enumerate() {
            let stored = stored_of(&p.seats, color);
            if given_any(&supply_given_for_copy, i) {
                continue;
            }
            let s = &mut p.seats[i];
            s.supply = (s.supply.0.saturating_sub(stored.0), s.supply.1.saturating_sub(stored.1));
        }
        Ok(p)
    }
}

/// The Gateway markers of a board line given to the seats: each marked
/// piece is the Gateway of the Nethervoid seat playing its color.
fn assign_gateways(form: Form, board: &Board, marked: Bitboard, seats: &mut [SeatSetup]) -> Result<(), PositionError> {
    let schools: Vec<School> = seats.iter().map(|s| s.school).collect();
    let colors = form.seat_colors(&schools);
    for sq in marked.squares() {
        let color = board.get(sq).map(|p| p.color);
        let seat = (0..seats.len())
            .find(|&i| Some(colors[i]) == color && schools[i] == School::Nethervoid)
            .ok_or(PositionError::GatewayMarker { at: sq })?;
        if let Some(first) = seats[seat].gateway {
            return Err(PositionError::TwoGateways { seat, first, second: sq });
        }
        seats[seat].gateway = Some(sq);
    }
    Ok(())
}

/// Pieces of `color` kept on a Merchant of Time: two-sided, legendary.
fn stored_of(seats: &[SeatSetup], color: Color) -> (u8, u8) {
    let mut n = (0, 0);
    for p in seats.iter().filter_map(|s| s.stored).filter(|p| p.color == color) {
        if p.rank == Rank::Legendary {
            n.1 += 1;
        } else {
            n.0 += 1;
        }
    }
    n
}

fn given_any(given: &[bool], i: usize) -> bool {
    given.get(i).copied().unwrap_or(false)
}

fn yes(value: &str) -> Result<bool, PositionSyntax> {
    match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(PositionSyntax::NotYesNo(Token::new(value))),
    }
}

fn list_text(cards: &[CardId]) -> String {
    if cards.is_empty() {
        "-".into()
    } else {
        cards.iter().map(|c| c.def().id).collect::<Vec<_>>().join(",")
    }
}

fn pile_text(p: &Pile) -> String {
    if p.shuffled.is_empty() && p.bottom.is_empty() {
        list_text(&p.top)
    } else {
        format!("{} | {} | {}", list_text(&p.top), list_text(&p.shuffled), list_text(&p.bottom))
    }
}

fn parse_list(word: &str) -> Result<Vec<CardId>, PositionSyntax> {
    if word == "-" {
        return Ok(Vec::new());
    }
    word.split(',').map(card_id).collect()
}

fn fill(list: &mut CardList, cards: Vec<CardId>) -> Result<(), PositionSyntax> {
    for c in cards {
        list.try_push(c).map_err(|_| PositionSyntax::TooMany(Holding::Pile))?;
    }
    Ok(())
}

/// Reads a pile from its words: `a,b` or `a | b,c | d`; returns the words used.
fn parse_pile(words: &[&str]) -> Result<(Pile, usize), PositionSyntax> {
    let first = words.first().ok_or(PositionSyntax::MissingValue(Token::new("deck")))?;
    let mut pile = Pile::default();
    if words.get(1) == Some(&"|") {
        if words.len() < 5 || words[3] != "|" {
            return Err(shape(Shape::DeckInParts, &words[..words.len().min(5)].join(" ")));
        }
        fill(&mut pile.top, parse_list(first)?)?;
        fill(&mut pile.shuffled, parse_list(words[2])?)?;
        pile.shuffled.sort();
        fill(&mut pile.bottom, parse_list(words[4])?)?;
        Ok((pile, 5))
    } else {
        fill(&mut pile.top, parse_list(first)?)?;
        Ok((pile, 1))
    }
}

/// Every piece of the form's set that is not on the board.
fn full_supply(form: Form, seats: usize, board: &Board, color: Color) -> (u8, u8) {
    let (two_sided, legendary) = form.pieces_for(seats);
    let two = board.count(color, Rank::Common) + board.count(color, Rank::Heroic);
    let leg = board.count(color, Rank::Legendary);
    ((two_sided as u32).saturating_sub(two) as u8, (legendary as u32).saturating_sub(leg) as u8)
}

/// Reads a seat line; also says whether it gave the supply.
fn parse_seat(value: &str) -> Result<(SeatSetup, bool), PositionSyntax> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let first = words.first().copied().unwrap_or("");
    let school = School::parse(first).ok_or_else(|| PositionSyntax::UnknownSchool(Token::new(first)))?;
    let mut s = SeatSetup::new(school);
    let mut supply_given = false;
    let mut i = 1;
    while i < words.len() {
        let key = words[i];
        let arg = *words.get(i + 1).ok_or_else(|| PositionSyntax::MissingValue(Token::new(key)))?;
        i += 2;
        let pair = |field: Field| -> Result<(u8, u8), PositionSyntax> {
            let (a, b) = arg.split_once('/').ok_or_else(|| shape(Shape::Pair, arg))?;
            Ok((a.parse().map_err(|_| bad_number(field, a))?, b.parse().map_err(|_| bad_number(field, b))?))
        };
        match key {
            "score" => s.score = arg.parse().map_err(|_| bad_number(Field::Score, arg))?,
            "supply" => {
                s.supply = pair(Field::Supply)?;
                supply_given = true;
            }
            "beings" => s.beings = parse_list(arg)?,
            "legends" => s.legends = parse_list(arg)?,
            "flares" => s.flares = parse_list(arg)?,
            "discard" => s.discard = parse_list(arg)?,
            "points" if arg == "-" => {}
            "points" => {
                for item in arg.split(',') {
                    let mut chars = item.chars();
                    let color = chars
                        .next()
                        .and_then(Color::from_letter)
                        .ok_or_else(|| PositionSyntax::BadColor(Token::new(item)))?;
                    s.points[color.index()] = chars.as_str().parse().map_err(|_| bad_number(Field::Points, item))?;
                }
            }
            "improvised" if arg == "-" => {}
            "improvised" => {
                for item in arg.split(',') {
                    s.improvised.insert(color_letter(item)?);
                }
            }
            "sideways" => s.deck.sideways = arg.parse().map_err(|_| bad_number(Field::Sideways, arg))?,
            "out" => s.out = pair(Field::Out)?,
            "deck" => {
                let (pile, used) = parse_pile(&words[i - 1..])?;
                s.deck = Pile { sideways: s.deck.sideways, ..pile };
                i += used - 1;
            }
            "frozen" => s.frozen = Some(card_id(arg)?),
            "fewer-actions" => s.fewer_actions = arg.parse().map_err(|_| bad_number(Field::FewerActions, arg))?,
            "pending" => s.pending = Some(card_id(arg)?),
            "stored" => {
                s.stored =
                    Some(crate::warp::parse_piece(arg).ok_or_else(|| PositionSyntax::BadPiece(Token::new(arg)))?);
            }
            "stored-gateway" => {
                s.stored_gateway = Some(arg.parse().map_err(|_| bad_number(Field::StoredGateway, arg))?);
            }
            other => return Err(PositionSyntax::UnknownSeatField(Token::new(other))),
        }
    }
    Ok((s, supply_given))
}

fn parse_shared(value: &str) -> Result<(Pile, Vec<CardId>), PositionSyntax> {
    let words: Vec<&str> = value.split_whitespace().collect();
    if words.first() != Some(&"deck") {
        return Err(shape(Shape::Shared, value));
    }
    let (pile, used) = parse_pile(&words[1..])?;
    let rest = &words[1 + used..];
    match rest {
        ["discard", list] => Ok((pile, parse_list(list)?)),
        _ => Err(shape(Shape::SharedDiscard, &rest.join(" "))),
    }
}

fn task_list_text(tasks: &[TaskId]) -> String {
    if tasks.is_empty() {
        "-".into()
    } else {
        tasks.iter().map(|t| t.def().id).collect::<Vec<_>>().join(",")
    }
}

fn parse_task_list(word: &str) -> Result<TaskList, PositionSyntax> {
    let mut list = TaskList::new();
    if word == "-" {
        return Ok(list);
    }
    for id in word.split(',') {
        list.try_push(task_id(id)?).map_err(|_| PositionSyntax::TooMany(Holding::Tasks))?;
    }
    Ok(list)
}

/// Reads a task deck: `a,b` (in order, top first) or `a | b,c | d`.
fn parse_task_deck(words: &[&str]) -> Result<TaskDeck, PositionSyntax> {
    match words {
        [list] => Ok(TaskDeck { top: parse_task_list(list)?, ..TaskDeck::default() }),
        [top, "|", shuffled, "|", bottom] => {
            let mut shuffled = parse_task_list(shuffled)?;
            shuffled.sort();
            Ok(TaskDeck {
                top: parse_task_list(top)?,
                shuffled,
                bottom: parse_task_list(bottom)?,
                ..TaskDeck::default()
            })
        }
        _ => Err(shape(Shape::TaskDeck, &words.join(" "))),
    }
}

/// One `tasks:` line: `current LIST next TASK deck DECK` or `claimed SEAT LIST`.
fn parse_tasks(value: &str, tb: &mut TaskBoard) -> Result<(), PositionSyntax> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words.as_slice() {
        ["current", current, "next", next, "deck", deck @ ..] => {
            let current = parse_task_list(current)?;
            if current.len() > 3 {
                return Err(PositionSyntax::TooMany(Holding::CurrentTasks));
            }
            tb.current = current.into_iter().collect();
            tb.next = match *next {
                "-" => None,
                id => Some(task_id(id)?),
            };
            tb.deck = parse_task_deck(deck)?;
            Ok(())
        }
        ["claimed", seat, list] => {
            let slot = match seat.parse::<usize>() {
                Ok(n) => tb.claimed.get_mut(n),
                Err(_) => return Err(bad_number(Field::ClaimedSeat, seat)),
            };
            let slot =
                slot.ok_or_else(|| PositionSyntax::OutOfRange { field: Field::ClaimedSeat, value: Token::new(seat) })?;
            *slot = parse_task_list(list)?;
            Ok(())
        }
        _ => Err(shape(Shape::Tasks, value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::tasks::TaskBoard;

    #[test]
    fn position_text_round_trips() {
        let text = "form: duel
board: 9/9/9/9/2r3b2/9/9/9/4r*4
turn: 1
actions: 1
number: 7
seat: northern score 3 supply 15/3 beings imperial.cannon,imperial.knight legends - flares flares.01 deck imperial.swordmaster discard -
seat: southern score 0 supply 15/2 beings - legends legends.titan flares - deck - | imperial.knight | imperial.cannon discard imperial.swordmaster
legends: deck - discard -
flares: deck - discard -
";
        let p = Position::from_text(text).unwrap();
        assert_eq!(p.to_text(), text);
        let g = p.to_game().unwrap();
        assert_eq!(g.supply(Color::Red, Rank::Legendary), 2);
        assert_eq!(Position::of(&g).unwrap(), p);
    }

    const HIGH_FORM: &str = "form: high-form
board: 9/9/9/9/2b*3r2/9/9/9/9
turn: 0
actions: 2
number: 5
seat: northern score 4 supply 17/2 beings - legends - flares - deck - discard -
seat: southern score 0 supply 16/3 beings - legends - flares - deck - discard -
legends: deck - discard -
flares: deck - discard -
tasks: current tasks.center_cross,tasks.destruction,tasks.red_conquest next tasks.diagonals deck - | tasks.envelopment,tasks.isolation | tasks.side_chain
tasks: claimed 0 tasks.imprisonment,tasks.green_conquest
";

    #[test]
    fn high_form_position_text_round_trips_with_its_task_board() {
        let p = Position::from_text(HIGH_FORM).unwrap();
        assert_eq!(p.to_text(), HIGH_FORM);
        let tb = p.tasks.as_ref().unwrap();
        assert_eq!(tb.current.len(), 3);
        assert_eq!(tb.next, TaskId::parse("tasks.diagonals"));
        assert_eq!(tb.deck.len(), 3);
        assert_eq!(tb.deck.bottom.as_slice(), [TaskId::parse("tasks.side_chain").unwrap()]);
        let g = p.to_game().unwrap();
        // 3 claimed points and 1 legendary piece
        assert_eq!(g.seat(0).score, 4);
        assert_eq!(g.tasks().unwrap(), tb);
        assert_eq!(Position::of(&g).unwrap(), p);
        // a deck in order, no next task, nothing claimed
        let text = HIGH_FORM
            .replace(
                "next tasks.diagonals deck - | tasks.envelopment,tasks.isolation | tasks.side_chain",
                "next - deck tasks.isolation,tasks.diagonals",
            )
            .replace("tasks: claimed 0 tasks.imprisonment,tasks.green_conquest\n", "")
            .replace("score 4", "score 1");
        let p = Position::from_text(&text).unwrap();
        assert_eq!(p.to_text(), text);
        assert_eq!(Position::of(&p.to_game().unwrap()).unwrap(), p);
    }

    #[test]
    fn a_task_form_without_a_tasks_line_has_an_empty_task_board() {
        let text = "form: first-game\nboard: 9/9/9/9/9/9/9/9/9\nseat: northern\nseat: southern\n";
        let p = Position::from_text(text).unwrap();
        let g = p.to_game().unwrap();
        assert_eq!(g.tasks(), Some(&TaskBoard::default()));
        assert_eq!(g.supply(Color::Blue, Rank::Legendary), 0, "no legendary pieces in the first game");
        let round = Position::from_text(&Position::of(&g).unwrap().to_text()).unwrap();
        assert_eq!(round.to_game().unwrap(), g);
    }

    #[test]
    fn bad_task_boards_are_rejected_with_a_reason() {
        let bad = |from: &str, to: &str| Position::from_text(&HIGH_FORM.replace(from, to)).and_then(|p| p.to_game());
        assert!(matches!(bad("next tasks.diagonals", "next tasks.destruction"), Err(PositionError::Invalid(_))));
        assert!(matches!(bad("tasks.diagonals", "tasks.nothing"), Err(PositionError::Syntax { line: 10, .. })));
        assert!(matches!(
            bad("current tasks.center_cross", "current tasks.devastation,tasks.center_cross"),
            Err(PositionError::Syntax { line: 10, .. })
        ));
        assert!(matches!(bad("claimed 0", "claimed 2"), Err(PositionError::Invalid(_))));
        assert!(matches!(bad("claimed 0", "claimed 9"), Err(PositionError::Syntax { line: 11, .. })));
        assert!(matches!(bad("claimed 0", "claimed"), Err(PositionError::Syntax { .. })));
        assert!(matches!(
            bad("deck - | tasks.envelopment", "deck - | tasks.envelopment |"),
            Err(PositionError::Syntax { .. })
        ));
        assert!(matches!(bad("form: high-form", "form: duel"), Err(PositionError::Invalid(_))), "no tasks in a duel");
        // the first game has no advanced tasks and no legendary pieces
        let first = HIGH_FORM.replace("form: high-form", "form: first-game");
        assert!(Position::from_text(&first).unwrap().to_game().is_err());
        let first = first.replace("2b*3r2", "2b3r2").replace(",tasks.diagonals", "").replace("tasks.diagonals", "-");
        let first = first.replace("tasks.envelopment,tasks.isolation", "tasks.devastation").replace("17/2", "16/0");
        let first = first.replace("16/3", "16/0");
        assert!(Position::from_text(&first).unwrap().to_game().is_ok(), "{first}");
    }

    #[test]
    fn bad_positions_are_rejected_with_a_reason() {
        assert!(matches!(Position::from_text("form: duel\nboard: 9/9"), Err(PositionError::Board(_))));
        assert!(matches!(Position::from_text("form: chess\n"), Err(PositionError::Syntax { line: 1, .. })));
        let mut p = Position::duel("9/9/9/9/9/9/9/9/9").unwrap();
        p.seats[0].beings = vec![CardId::parse("legends.titan").unwrap()];
        assert!(p.to_game().is_err());
        let mut p = Position::duel("9/9/9/9/2n6/9/9/9/9").unwrap();
        p.turn = 0;
        assert!(p.to_game().is_err(), "a brown piece with no brown seat");
    }
}

#[cfg(test)]
mod syntax_tests {
    use super::*;

    const EMPTY: &str = "form: duel\nboard: 9/9/9/9/9/9/9/9/9\n";

    /// The syntax error of `line` added as line 3 of a duel position.
    fn syntax(line: &str) -> PositionSyntax {
        match Position::from_text(&format!("{EMPTY}{line}\n")) {
            Err(PositionError::Syntax { line: 3, error }) => error,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    #[test]
    fn each_syntax_error_says_what_was_wrong() {
        use PositionSyntax::*;
        let t = Token::new;
        let number = |field, value| BadNumber { field, value: t(value) };
        let shaped = |expected, got| Shape { expected, got: t(got) };
        let cases = [
            ("no colon here", NotKeyValue),
            ("colour: red", UnknownKey(t("colour"))),
            ("seat: northern hat blue", UnknownSeatField(t("hat"))),
            ("this-turn: colour r", UnknownTurnField(t("colour"))),
            ("seat: northern score", MissingValue(t("score"))),
            ("this-turn: extra", MissingValue(t("extra"))),
            ("turn: 300", number(Field::Turn, "300")),
            ("actions: two", number(Field::Actions, "two")),
            ("number: -1", number(Field::Number, "-1")),
            ("end: last x left 1", number(Field::EndLast, "x")),
            ("end: last 1 left y", number(Field::EndLeft, "y")),
            ("seat: northern score many", number(Field::Score, "many")),
            ("seat: northern supply 14/z", number(Field::Supply, "z")),
            ("seat: northern out q/0", number(Field::Out, "q")),
            ("seat: northern points bx", number(Field::Points, "bx")),
            ("seat: northern sideways 1000", number(Field::Sideways, "1000")),
            ("seat: northern fewer-actions -", number(Field::FewerActions, "-")),
            ("seat: northern stored-gateway one", number(Field::StoredGateway, "one")),
            ("this-turn: destroyed r:1/x/0", number(Field::Destroyed, "1/x/0")),
            ("this-turn: extra 1/x", number(Field::Extra, "x")),
            ("this-turn: legends lots", number(Field::Legends, "lots")),
            ("this-turn: doubled 2.5", number(Field::Doubled, "2.5")),
            ("this-turn: void x", number(Field::Void, "x")),
            ("this-turn: void 3", OutOfRange { field: Field::Void, value: t("3") }),
            ("form: chess", UnknownForm(t("chess"))),
            ("seat: elves", UnknownSchool(t("elves"))),
            ("seat:", UnknownSchool(t(""))),
            ("seat: northern beings imperial.dragon", UnknownCard(t("imperial.dragon"))),
            ("seat: northern frozen x", UnknownCard(t("x"))),
            ("this-turn: summoned nobody@e5", UnknownCard(t("nobody"))),
            ("this-turn: destroyed x:1/0/0", BadColor(t("x"))),
            ("this-turn: possessed rb", BadColor(t("rb"))),
            ("seat: northern improvised q", BadColor(t("q"))),
            ("seat: northern points z3", BadColor(t("z3"))),
            ("this-turn: summoned imperial.knight@z9", BadSquare(t("z9"))),
            ("seat: northern stored q+", BadPiece(t("q+"))),
            ("passed: maybe", NotYesNo(t("maybe"))),
            ("this-turn: war-summoner perhaps", NotYesNo(t("perhaps"))),
            ("end: soon", shaped(super::Shape::End, "soon")),
            ("legends: pile -", shaped(super::Shape::Shared, "pile -")),
            ("legends: deck - trash -", shaped(super::Shape::SharedDiscard, "trash -")),
            ("seat: northern deck - | -", shaped(super::Shape::DeckInParts, "- | -")),
            ("seat: northern supply 14", shaped(super::Shape::Pair, "14")),
            ("this-turn: destroyed r1/0/0", shaped(super::Shape::Destroyed, "r1/0/0")),
            ("this-turn: destroyed r:1/0", shaped(super::Shape::Counts, "1/0")),
            ("this-turn: summoned imperial.knight", shaped(super::Shape::CardAt, "imperial.knight")),
        ];
        for (line, want) in cases {
            assert_eq!(syntax(line), want, "{line}");
        }
        // the task lines need a task form
        let tasks =
            |line: &str| match Position::from_text(&format!("form: high-form\nboard: 9/9/9/9/9/9/9/9/9\n{line}\n")) {
                Err(PositionError::Syntax { line: 3, error }) => error,
                other => panic!("{line:?}: {other:?}"),
            };
        assert_eq!(tasks("tasks: claimed"), shaped(super::Shape::Tasks, "claimed"));
        assert_eq!(tasks("tasks: current - next - deck a | b"), shaped(super::Shape::TaskDeck, "a | b"));
        assert_eq!(tasks("tasks: current - next tasks.none deck -"), UnknownTask(t("tasks.none")));
        assert_eq!(tasks("tasks: claimed x -"), number(Field::ClaimedSeat, "x"));
        assert_eq!(tasks("tasks: claimed 9 -"), OutOfRange { field: Field::ClaimedSeat, value: t("9") });
        let four = "tasks.center_cross,tasks.destruction,tasks.red_conquest,tasks.diagonals";
        assert_eq!(tasks(&format!("tasks: current {four} next - deck -")), TooMany(Holding::CurrentTasks));
        // Display stays plain English for logs and the command line
        let e = Position::from_text(&format!("{EMPTY}turn: 300\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 3: bad turn: \"300\" is not a number it can hold");
        assert_eq!(syntax("this-turn: void 3").to_string(), "void out of range: \"3\"");
    }

    #[test]
    fn a_too_long_list_is_refused_not_cut() {
        let many = vec!["imperial.knight"; 200].join(",");
        assert_eq!(
            syntax(&format!("seat: northern beings - legends - flares - deck {many}")),
            PositionSyntax::TooMany(Holding::Pile)
        );
        let long = format!("colour{}", "r".repeat(5000));
        let PositionSyntax::UnknownKey(word) = syntax(&format!("{long}: 1")) else { panic!() };
        assert!(word.is_cut() && word.as_str().len() == Token::MAX);
    }
}

#[cfg(test)]
mod turn_record_tests {
    use super::*;

    #[test]
    fn a_mid_turn_position_keeps_what_the_turn_has_done() {
        let text = "form: duel
board: 9/9/9/4g4/3g1g3/4g+4/9/9/9
turn: 0
actions: 1
number: 5
this-turn: destroyed r:3/1/0 summoned sylvan.kiskin_spirit@e4 extra 1/0
seat: sylvan score 2 supply 12/3 beings sylvan.naiad legends - flares - deck - discard sylvan.kiskin_spirit
seat: southern score 0 supply 16/3 beings - legends - flares - deck - discard -
legends: deck - discard -
flares: deck - discard -
";
        let p = Position::from_text(text).unwrap();
        assert_eq!(p.to_text(), text);
        let g = p.to_game().unwrap();
        let t = g.turn();
        assert_eq!(t.destroyed[Color::Red.index()], [3, 1, 0]);
        assert_eq!((t.beings_summoned, t.legends_summoned, t.extra_beings), (1, 0, 1));
        assert_eq!(Position::of(&g).unwrap(), p);
        // the War Summoner's bonus, at a Highland seat
        let highland = text
            .replace("/4g4/3g1g3/4g+4/", "/4n4/3n1n3/4n+4/")
            .replace("sylvan.kiskin_spirit", "highland.war_summoner");
        let highland =
            highland.replace("seat: sylvan", "seat: highland").replace("sylvan.naiad", "highland.wild_eagle");
        let highland = highland.replace(" extra 1/0", " war-summoner yes");
        let q = Position::from_text(&highland).unwrap();
        assert!(q.to_game().unwrap().turn().war_summoner_bonus);
        // the turn's destruction scores when it ends: 1 pair of commons + 1 heroic
        let mut g = g;
        g.play("place a5").unwrap();
        g.play("end").unwrap();
        assert_eq!(g.seat(0).score, 4);
    }

    #[test]
    fn bad_this_turn_lines_are_refused() {
        for bad in [
            "destroyed x:1/0/0",
            "destroyed r:1/0",
            "summoned imperial.knight",
            "extra 1",
            "war-summoner maybe",
            "colour r",
        ] {
            let text = format!("form: duel\nboard: 9/9/9/9/9/9/9/9/9\nthis-turn: {bad}\n");
            assert!(Position::from_text(&text).is_err(), "{bad}");
        }
    }
}
