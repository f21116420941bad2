//! Game records: the setup and every choice, enough to replay a game
//! exactly (see `docs/notation.md`).
//!
//! ```text
//! # comments run from '#' to the end of the line
//! Form: duel
//! Seats: northern, southern
//! Seed: 42
//! Players: Ann, Bo
//!
//! * draw imperial.knight
//! ...
//! 2 start c5
//! 1 place e5
//! ```
//!
//! Header lines `Key: value` come first: `Form` and `Seats` (schools in
//! seat order) are required unless a position gives them, `Seed` (the
//! number the chance draws were generated from; the draws themselves are
//! recorded, so a replay does not need it), `Players` (names in seat order,
//! comma-separated), and any other `Key: value` tag, kept in order. A
//! `Position:` header with no value starts a position block: the following
//! indented lines are a position's text (see [`crate::position`]), and the
//! game starts there instead of from a shuffle.
//!
//! Then one choice per line: `N text` for seat N (1-based) or `* text` for
//! chance, where text is a choice's text form ([`crate::choice`]). A record
//! may also hold take-backs: `N undo` takes back seat N's last choice (the
//! line before it that still stands), as the guidebook allows. A game
//! that ended by a forfeit ends its record with a line of its own: `N
//! resign` (seat N resigned), `N timeout` (seat N ran out of time), `N
//! abandoned` (seat N was away and the other side claimed the win), `N
//! claim-draw` (seat N claimed a draw against an absent opponent) or `N
//! abort` (seat N aborted the game before every seat's first turn); none
//! is a choice, and nothing may follow it. In a melee or team game, `N
//! leave` says that seat N left (or was taken from a player away or out of
//! time) at that point: the game goes on, a bot plays the seat, and it
//! ranks last.
//!
//! This module is notation only: the [`Record`] type, its text, reading
//! and printing. Replaying a record (checking every line through the gate)
//! is [`crate::history`]'s: [`crate::history::replay`].

use std::fmt::Write as _;

use crate::cards::School;
use crate::choice::{Choice, ChoiceTextError};
use crate::game::{Actor, EndReason, Form, Game, Seat, SetupError};
use crate::position::{Position, PositionError, PositionSyntax, Token};

/// Who made a recorded choice.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Mover {
    Seat(Seat),
    Chance,
}

impl Mover {
    /// The mover of a game's next choice, if anyone is to choose.
    pub fn of(actor: Actor) -> Option<Mover> {
        match actor {
            Actor::Seat(s) => Some(Mover::Seat(s)),
            Actor::Chance => Some(Mover::Chance),
            Actor::Nobody => None,
        }
    }
}

impl std::fmt::Display for Mover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mover::Seat(s) => write!(f, "{}", s + 1),
            Mover::Chance => f.write_str("*"),
        }
    }
}

/// One recorded choice.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub by: Mover,
    pub choice: Choice,
}

/// One line of a record that keeps its take-backs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Line {
    /// A choice (it may be taken back by a later line).
    Choice(Move),
    /// `N undo`: the seat takes back its last choice that still stands.
    TakeBack(Seat),
    /// `N leave`: the seat left a melee or team game (or was taken from a
    /// player away or out of time); the game goes on and the seat ranks
    /// last ([`Game::leave`]). Not a choice: nothing takes it back.
    Leave(Seat),
}

/// How a game ended other than by a choice: a record's last line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Forfeit {
    /// `N resign`: the seat resigned.
    Resign(Seat),
    /// `N timeout`: the seat's time ran out.
    Time(Seat),
    /// `N abandoned`: the seat was away and the other side claimed the win.
    Abandoned(Seat),
    /// `N claim-draw`: the seat claimed a draw against an absent opponent.
    ClaimDraw(Seat),
    /// `N abort`: the seat aborted the game (no result).
    Abort(Seat),
}

impl Forfeit {
    /// The seat that forfeited.
    pub fn seat(self) -> Seat {
        match self {
            Forfeit::Resign(s)
            | Forfeit::Time(s)
            | Forfeit::Abandoned(s)
            | Forfeit::ClaimDraw(s)
            | Forfeit::Abort(s) => s,
        }
    }

    /// The end reason it gives the game.
    pub fn reason(self) -> EndReason {
        match self {
            Forfeit::Resign(seat) => EndReason::Resigned { seat },
            Forfeit::Time(seat) => EndReason::Time { seat },
            Forfeit::Abandoned(seat) => EndReason::Abandoned { seat },
            Forfeit::ClaimDraw(_) => EndReason::Drawn,
            Forfeit::Abort(_) => EndReason::Aborted,
        }
    }

    /// The forfeit of a record line's word, by `seat`.
    fn of_word(word: SeatWord, seat: Seat) -> Option<Forfeit> {
        Some(match word {
            SeatWord::Resign => Forfeit::Resign(seat),
            SeatWord::Timeout => Forfeit::Time(seat),
            SeatWord::Abandoned => Forfeit::Abandoned(seat),
            SeatWord::ClaimDraw => Forfeit::ClaimDraw(seat),
            SeatWord::Abort => Forfeit::Abort(seat),
            SeatWord::Undo | SeatWord::Leave => return None,
        })
    }

    /// The word of its record line.
    fn word(self) -> SeatWord {
        match self {
            Forfeit::Resign(_) => SeatWord::Resign,
            Forfeit::Time(_) => SeatWord::Timeout,
            Forfeit::Abandoned(_) => SeatWord::Abandoned,
            Forfeit::ClaimDraw(_) => SeatWord::ClaimDraw,
            Forfeit::Abort(_) => SeatWord::Abort,
        }
    }
}

/// Where things are in a record's text, for error messages.
#[derive(Clone, Debug, Default)]
struct Layout {
    /// The line that sets up the game (`Position:`, else `Seats:`, else 1).
    setup: usize,
    /// The line of each choice that stands (`moves`).
    moves: Vec<usize>,
    /// The line of each of `lines` (a record with take-backs).
    lines: Vec<usize>,
    /// The line of the forfeit, if any.
    forfeit: usize,
    /// The number of lines of the text.
    total: usize,
}

/// A game record: the setup and the choices made.
#[derive(Clone, Debug)]
pub struct Record {
    pub form: Form,
    pub seats: Vec<School>,
    pub seed: Option<u64>,
    /// Player names in seat order (empty: none recorded).
    pub players: Vec<String>,
    /// Other header tags, in order.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from; `None` for a new game.
    pub position: Option<Position>,
    /// The choices that stand (those taken back are not here).
    pub moves: Vec<Move>,
    /// Every choice and take-back in order, when the record keeps
    /// take-backs; empty otherwise (the lines are then the moves).
    pub lines: Vec<Line>,
    /// The game ended by a resignation or a loss on time after the moves.
    pub forfeit: Option<Forfeit>,
    /// Whether `lines` is kept (a record with take-backs, or one whose
    /// match keeps them).
    keeping: bool,
    /// Where a parsed record's lines were; `None` for one built in code
    /// (its lines are then those of its printed text).
    source: Option<Layout>,
}

/// Two records are equal when they say the same thing (comments and
/// layout aside).
impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.form == other.form
            && self.seats == other.seats
            && self.seed == other.seed
            && self.players == other.players
            && self.tags == other.tags
            && self.position == other.position
            && self.moves == other.moves
            && self.forfeit == other.forfeit
            // without take-backs the lines are the moves
            && (self.lines == other.lines || (!self.lines_matter() && !other.lines_matter()))
    }
}

impl Eq for Record {}

/// What is wrong with a record's text or setup, and on which line. (What
/// a replay finds wrong is [`crate::history::ReplayError`].)
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct RecordError {
    pub line: usize,
    pub reason: RecordReason,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReason {
    #[error("syntax error: {0}")]
    Syntax(RecordSyntax),
    /// The position block reads but is not a position the game can start
    /// from (its syntax errors are [`RecordSyntax::Position`]).
    #[error("bad position: {0}")]
    Position(PositionError),
    /// The header's form and seats are not the position's.
    #[error(
        "the position is a {} game of {}, the header says {} of {}",
        position.0.name(),
        school_list(&position.1),
        header.0.name(),
        school_list(&header.1)
    )]
    Mismatch { position: (Form, Vec<School>), header: (Form, Vec<School>) },
    /// The header's form and seats make no game.
    #[error("bad setup: {0}")]
    Setup(SetupError),
    /// A line after a resignation or a loss on time.
    #[error("the game is already over: it ended by a forfeit")]
    AfterForfeit,
    #[error("line {line} is out of range: the record has lines 1 to {lines}")]
    OutOfRange { line: usize, lines: usize },
}

/// What does not read on a line of a record ([`RecordReason::Syntax`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordSyntax {
    #[error("seat numbers run from 1 to 4, not {0}")]
    SeatNumber(Token),
    /// `* resign`, `* timeout`, `* undo` (and the other forfeits): these
    /// name a seat.
    #[error("'N {0}' names a seat, not chance")]
    NotChance(SeatWord),
    /// The text after the mover is not a choice.
    #[error("{0}")]
    Choice(ChoiceTextError),
    #[error("expected 'Key: value' or a choice ('N text' or '* text'), not {0}")]
    NotHeaderOrChoice(Token),
    #[error("header {0} after the first choice")]
    HeaderAfterChoice(Token),
    #[error("not a header key: {0}")]
    BadHeaderKey(Token),
    #[error("header {0} given twice")]
    RepeatedHeader(Token),
    #[error("unknown form {0}")]
    UnknownForm(Token),
    #[error("unknown school {0}")]
    UnknownSchool(Token),
    #[error("a seed is a number, not {0}")]
    BadSeed(Token),
    #[error("'Position:' stands alone; the position follows on indented lines")]
    PositionNotAlone,
    #[error("missing '{0}:' header")]
    MissingHeader(Header),
    /// An `N undo` line with no choice of seat N's to take back before it.
    #[error("seat {} takes back a choice that is not its own", *seat as usize + 1)]
    NotOwnTakeBack { seat: Seat },
    /// A line of the position block does not read.
    #[error("{0}")]
    Position(PositionSyntax),
}

/// A line that names a seat, never chance.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SeatWord {
    Resign,
    Timeout,
    Abandoned,
    ClaimDraw,
    Abort,
    Undo,
    Leave,
}

impl SeatWord {
    const ALL: [SeatWord; 7] = [
        SeatWord::Resign,
        SeatWord::Timeout,
        SeatWord::Abandoned,
        SeatWord::ClaimDraw,
        SeatWord::Abort,
        SeatWord::Undo,
        SeatWord::Leave,
    ];

    fn text(self) -> &'static str {
        match self {
            SeatWord::Resign => "resign",
            SeatWord::Timeout => "timeout",
            SeatWord::Abandoned => "abandoned",
            SeatWord::ClaimDraw => "claim-draw",
            SeatWord::Abort => "abort",
            SeatWord::Undo => "undo",
            SeatWord::Leave => "leave",
        }
    }
}

impl std::fmt::Display for SeatWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// A header a record needs unless a position gives it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Header {
    Form,
    Seats,
}

impl std::fmt::Display for Header {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Header::Form => "Form",
            Header::Seats => "Seats",
        })
    }
}

impl Record {
    /// A record of a new game.
    pub fn new(form: Form, seats: &[School], seed: Option<u64>) -> Record {
        Record {
            form,
            seats: seats.to_vec(),
            seed,
            players: Vec::new(),
            tags: Vec::new(),
            position: None,
            moves: Vec::new(),
            lines: Vec::new(),
            forfeit: None,
            keeping: false,
            source: None,
        }
    }

    /// A record of a game started from a position.
    pub fn from_position(position: Position) -> Record {
        let mut r = Record::new(position.form, &position.seats.iter().map(|s| s.school).collect::<Vec<_>>(), None);
        r.position = Some(position);
        r
    }

    /// Appends a choice.
    pub fn push(&mut self, by: Mover, choice: Choice) {
        self.moves.push(Move { by, choice });
        if self.keeping {
            self.lines.push(Line::Choice(Move { by, choice }));
        }
        // from now on lines are counted in the printed text
        self.source = None;
    }

    /// Removes the last choice that stands, leaving no trace (its line and
    /// any after it go too; see [`Record::take_back`] for a take-back that
    /// is kept).
    pub fn pop(&mut self) -> Option<Move> {
        self.source = None;
        let m = self.moves.pop()?;
        if self.keeping {
            if let Some(&i) = standing_lines(&self.lines).last() {
                // (a departure after it stays: it is no choice to take back)
                let left: Vec<Line> = self.lines.drain(i..).filter(|l| matches!(l, Line::Leave(_))).collect();
                self.lines.extend(left);
            }
        }
        Some(m)
    }

    /// Writes the forfeit that ended the game (the record's last line).
    pub fn end_by(&mut self, forfeit: Forfeit) {
        self.forfeit = Some(forfeit);
        self.source = None;
    }

    /// Whether the record holds take-backs (`N undo` lines).
    pub fn has_take_backs(&self) -> bool {
        self.lines.iter().any(|l| matches!(l, Line::TakeBack(_)))
    }

    /// Whether the record says a seat left (`N leave` lines).
    pub fn has_leaves(&self) -> bool {
        self.lines.iter().any(|l| matches!(l, Line::Leave(_)))
    }

    /// The seats that left, in the order they did.
    pub fn leavers(&self) -> impl Iterator<Item = Seat> + '_ {
        self.lines.iter().filter_map(|l| match l {
            Line::Leave(s) => Some(*s),
            _ => None,
        })
    }

    /// Whether `lines` say more than the moves (take-backs or departures):
    /// the record is then printed and replayed line by line.
    pub fn lines_matter(&self) -> bool {
        self.lines.iter().any(|l| !matches!(l, Line::Choice(_)))
    }

    /// `seat` left the game here (see [`Line::Leave`]); the record keeps
    /// its lines from now on, so the departure stays where it happened.
    pub fn leave(&mut self, seat: Seat) {
        self.keep_lines();
        self.lines.push(Line::Leave(seat));
        self.source = None;
    }

    /// From now on the record keeps its take-backs: its lines start as its
    /// moves.
    pub fn keep_lines(&mut self) {
        if !self.keeping {
            self.lines = self.moves.iter().map(|&m| Line::Choice(m)).collect();
            self.keeping = true;
        }
    }

    /// `seat` takes back the last choice that stands: it leaves the moves,
    /// and the take-back is written as a line of its own.
    pub fn take_back(&mut self, seat: Seat) -> Option<Move> {
        self.keep_lines();
        let m = self.moves.pop()?;
        self.lines.push(Line::TakeBack(seat));
        self.source = None;
        Some(m)
    }

    /// The value of a tag (headers other than form, seats, seed, players).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The game at the start of the record, before any choice.
    pub fn start(&self) -> Result<Game, RecordError> {
        let layout = self.layout();
        let setup = |reason: RecordReason| RecordError { line: layout.setup, reason };
        match &self.position {
            Some(p) => {
                let schools: Vec<School> = p.seats.iter().map(|s| s.school).collect();
                if p.form != self.form || schools != self.seats {
                    return Err(setup(RecordReason::Mismatch {
                        position: (p.form, schools),
                        header: (self.form, self.seats.clone()),
                    }));
                }
                p.to_game().map_err(|e| setup(RecordReason::Position(e)))
            }
            None => Game::new(self.form, &self.seats).map_err(|e| setup(RecordReason::Setup(e))),
        }
    }

    /// The line of the record's text on which move `index` stands.
    pub fn line_of_move(&self, index: usize) -> usize {
        self.layout().moves.get(index).copied().unwrap_or(0)
    }

    /// The line of the record's text on which `lines[index]` stands.
    pub fn line_of_line(&self, index: usize) -> usize {
        self.layout().lines.get(index).copied().unwrap_or(0)
    }

    /// The line of the record's text on which the forfeit stands (0: none).
    pub fn line_of_forfeit(&self) -> usize {
        self.layout().forfeit
    }

    /// The number of lines of the record's text.
    pub fn text_lines(&self) -> usize {
        self.layout().total
    }

    /// The record cut after the text line `line` (1-based): the choices
    /// and take-backs on that line and before it. An error names a line
    /// past the end of the text (or line 0).
    pub fn through_line(&self, line: usize) -> Result<Record, RecordError> {
        let layout = self.layout();
        if line == 0 || line > layout.total {
            return Err(RecordError { line, reason: RecordReason::OutOfRange { line, lines: layout.total } });
        }
        let mut cut = self.clone();
        if layout.forfeit == 0 || line < layout.forfeit {
            cut.forfeit = None;
        }
        if !self.lines_matter() {
            cut.lines.clear();
            cut.keeping = false;
            let keep = layout.moves.iter().take_while(|&&l| l <= line).count();
            cut.moves.truncate(keep);
            cut.source = Some(Layout { moves: layout.moves[..keep].to_vec(), ..layout });
        } else {
            let keep = layout.lines.iter().take_while(|&&l| l <= line).count();
            cut.lines.truncate(keep);
            cut.moves = standing(&cut.lines)
                .map_err(|(i, e)| RecordError { line: layout.lines[i], reason: RecordReason::Syntax(e) })?;
            let lines = layout.lines[..keep].to_vec();
            let moves = standing_lines(&cut.lines).into_iter().map(|i| lines[i]).collect();
            if !cut.lines_matter() {
                // cut before the first take-back or departure: the lines are the moves
                cut.lines.clear();
                cut.keeping = false;
            }
            cut.source = Some(Layout { lines, moves, ..layout });
        }
        Ok(cut)
    }

    fn layout(&self) -> Layout {
        match &self.source {
            Some(l) => l.clone(),
            _ => self.render().1,
        }
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        self.render().0
    }

    fn render(&self) -> (String, Layout) {
        let mut s = String::new();
        let mut line = 0;
        let mut layout = Layout::default();
        let mut put = |s: &mut String, text: &str| {
            s.push_str(text);
            s.push('\n');
            line += 1;
            line
        };
        put(&mut s, &format!("Form: {}", self.form.name()));
        layout.setup = put(&mut s, &format!("Seats: {}", school_list(&self.seats)));
        if let Some(seed) = self.seed {
            put(&mut s, &format!("Seed: {seed}"));
        }
        if !self.players.is_empty() {
            put(&mut s, &format!("Players: {}", self.players.join(", ")));
        }
        for (k, v) in &self.tags {
            put(&mut s, &format!("{k}: {v}"));
        }
        if let Some(p) = &self.position {
            layout.setup = put(&mut s, "Position:");
            for l in p.to_text().lines() {
                put(&mut s, &format!("  {l}"));
            }
        }
        put(&mut s, "");
        if !self.lines_matter() {
            for m in &self.moves {
                let mut text = String::new();
                let _ = write!(text, "{} {}", m.by, m.choice);
                layout.moves.push(put(&mut s, &text));
            }
        } else {
            let mut standing = Vec::new();
            for l in &self.lines {
                let text = match l {
                    Line::Choice(m) => format!("{} {}", m.by, m.choice),
                    Line::TakeBack(seat) => format!("{} undo", seat + 1),
                    Line::Leave(seat) => format!("{} leave", seat + 1),
                };
                let at = put(&mut s, &text);
                layout.lines.push(at);
                match l {
                    Line::Choice(_) => standing.push(at),
                    Line::TakeBack(_) => {
                        standing.pop();
                    }
                    Line::Leave(_) => {}
                }
            }
            layout.moves = standing;
        }
        if let Some(f) = self.forfeit {
            layout.forfeit = put(&mut s, &format!("{} {}", f.seat() + 1, f.word()));
        }
        layout.total = line;
        (s, layout)
    }

    /// Reads a record's text.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut form = None;
        let mut seats: Option<Vec<School>> = None;
        let mut seed = None;
        let mut players = Vec::new();
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut position: Option<(usize, String, Vec<usize>)> = None;
        let mut in_position = false;
        let mut lines: Vec<Line> = Vec::new();
        let mut layout = Layout { setup: 1, ..Layout::default() };
        let mut seats_line = None;
        let mut seen = Vec::<String>::new();
        let mut forfeit = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let syntax = |e: RecordSyntax| RecordError { line, reason: RecordReason::Syntax(e) };
            let content = raw.split('#').next().unwrap_or("");
            if raw.trim().is_empty() {
                // a blank line ends a position block
                in_position = false;
                continue;
            }
            if content.trim().is_empty() {
                continue;
            }
            if in_position && content.starts_with([' ', '\t']) {
                let (_, text, lines) = position.as_mut().expect("in a position block");
                text.push_str(content.trim());
                text.push('\n');
                lines.push(line);
                continue;
            }
            in_position = false;
            let trimmed = content.trim();
            let first = trimmed.split_whitespace().next().expect("not empty");
            if first == "*" || first.chars().all(|c| c.is_ascii_digit()) {
                let by = if first == "*" {
                    Mover::Chance
                } else {
                    match first.parse::<u8>() {
                        Ok(n) if (1..=4).contains(&n) => Mover::Seat(n - 1),
                        _ => return Err(syntax(RecordSyntax::SeatNumber(Token::new(first)))),
                    }
                };
                let rest = trimmed[first.len()..].trim();
                if forfeit.is_some() {
                    return Err(RecordError { line, reason: RecordReason::AfterForfeit });
                }
                let line_word = |w: &SeatWord| matches!(w, SeatWord::Undo | SeatWord::Leave);
                if let Some(word) = SeatWord::ALL.into_iter().find(|w| w.text() == rest && !line_word(w)) {
                    let Mover::Seat(seat) = by else {
                        return Err(syntax(RecordSyntax::NotChance(word)));
                    };
                    forfeit = Forfeit::of_word(word, seat);
                    layout.forfeit = line;
                    continue;
                }
                layout.lines.push(line);
                if rest == "undo" {
                    let Mover::Seat(seat) = by else {
                        return Err(syntax(RecordSyntax::NotChance(SeatWord::Undo)));
                    };
                    lines.push(Line::TakeBack(seat));
                    continue;
                }
                if rest == "leave" {
                    let Mover::Seat(seat) = by else {
                        return Err(syntax(RecordSyntax::NotChance(SeatWord::Leave)));
                    };
                    lines.push(Line::Leave(seat));
                    continue;
                }
                let choice: Choice = rest.parse().map_err(|e| syntax(RecordSyntax::Choice(e)))?;
                lines.push(Line::Choice(Move { by, choice }));
                continue;
            }
            let Some((key, value)) = trimmed.split_once(':') else {
                return Err(syntax(RecordSyntax::NotHeaderOrChoice(Token::new(trimmed))));
            };
            let (key, value) = (key.trim(), value.trim());
            if !lines.is_empty() || forfeit.is_some() {
                return Err(syntax(RecordSyntax::HeaderAfterChoice(Token::new(key))));
            }
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                return Err(syntax(RecordSyntax::BadHeaderKey(Token::new(key))));
            }
            if seen.iter().any(|k| k == key) {
                return Err(syntax(RecordSyntax::RepeatedHeader(Token::new(key))));
            }
            seen.push(key.to_string());
            match key {
                "Form" => {
                    form = Some(Form::parse(value).ok_or_else(|| syntax(RecordSyntax::UnknownForm(Token::new(value))))?)
                }
                "Seats" => {
                    let list: Result<Vec<School>, _> = value
                        .split([',', ' ', '\t'])
                        .filter(|w| !w.is_empty())
                        .map(|w| School::parse(w).ok_or_else(|| syntax(RecordSyntax::UnknownSchool(Token::new(w)))))
                        .collect();
                    seats = Some(list?);
                    seats_line = Some(line);
                }
                "Seed" => seed = Some(value.parse().map_err(|_| syntax(RecordSyntax::BadSeed(Token::new(value))))?),
                "Players" => players = value.split(',').map(|p| p.trim().to_string()).collect(),
                "Position" => {
                    if !value.is_empty() {
                        return Err(syntax(RecordSyntax::PositionNotAlone));
                    }
                    position = Some((line, String::new(), Vec::new()));
                    in_position = true;
                }
                _ => tags.push((key.to_string(), value.to_string())),
            }
        }
        let position = match position {
            None => None,
            Some((line, text, lines)) => {
                layout.setup = line;
                let p = Position::from_text(&text).map_err(|e| match e {
                    PositionError::Syntax { line: l, error } => RecordError {
                        line: lines.get(l - 1).copied().unwrap_or(line),
                        reason: RecordReason::Syntax(RecordSyntax::Position(error)),
                    },
                    other => RecordError { line, reason: RecordReason::Position(other) },
                })?;
                Some(p)
            }
        };
        if position.is_none() {
            layout.setup = seats_line.unwrap_or(1);
        }
        let missing =
            |what: Header| RecordError { line: 1, reason: RecordReason::Syntax(RecordSyntax::MissingHeader(what)) };
        let form = match (form, &position) {
            (Some(f), _) => f,
            (None, Some(p)) => p.form,
            (None, None) => return Err(missing(Header::Form)),
        };
        let seats = match (seats, &position) {
            (Some(s), _) => s,
            (None, Some(p)) => p.seats.iter().map(|s| s.school).collect(),
            (None, None) => return Err(missing(Header::Seats)),
        };
        layout.total = text.lines().count();
        let moves = standing(&lines)
            .map_err(|(i, e)| RecordError { line: layout.lines[i], reason: RecordReason::Syntax(e) })?;
        if lines.iter().all(|l| matches!(l, Line::Choice(_))) {
            // no take-backs nor departures: the lines are the moves
            lines.clear();
            layout.moves = std::mem::take(&mut layout.lines);
        } else {
            let mut at = Vec::new();
            for (l, &n) in lines.iter().zip(&layout.lines) {
                match l {
                    Line::Choice(_) => at.push(n),
                    Line::TakeBack(_) => {
                        at.pop();
                    }
                    Line::Leave(_) => {}
                }
            }
            layout.moves = at;
        }
        let keeping = !lines.is_empty();
        Ok(Record { form, seats, seed, players, tags, position, moves, lines, forfeit, keeping, source: Some(layout) })
    }
}

/// The indices in `lines` of the choices that stand.
fn standing_lines(lines: &[Line]) -> Vec<usize> {
    let mut at = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        match l {
            Line::Choice(_) => at.push(i),
            Line::TakeBack(_) => {
                at.pop();
            }
            Line::Leave(_) => {}
        }
    }
    at
}

/// The moves that stand after `lines`; an error names the index of a
/// take-back with nothing of its seat's before it.
fn standing(lines: &[Line]) -> Result<Vec<Move>, (usize, RecordSyntax)> {
    let mut moves = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        match *l {
            Line::Choice(m) => moves.push(m),
            Line::TakeBack(seat) => match moves.last() {
                Some(m) if m.by == Mover::Seat(seat) => {
                    moves.pop();
                }
                _ => return Err((i, RecordSyntax::NotOwnTakeBack { seat })),
            },
            Line::Leave(_) => {}
        }
    }
    Ok(moves)
}

fn school_list(schools: &[School]) -> String {
    schools.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
}

impl std::str::FromStr for Record {
    type Err = RecordError;
    fn from_str(text: &str) -> Result<Record, RecordError> {
        Record::parse(text)
    }
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Field;

    const HEAD: &str = "Form: duel\nSeats: northern, southern\n";

    /// The line and the syntax error of a record text that does not read.
    fn syntax(text: &str) -> (usize, RecordSyntax) {
        match Record::parse(text) {
            Err(RecordError { line, reason: RecordReason::Syntax(e) }) => (line, e),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn each_syntax_error_says_what_was_wrong_and_where() {
        use RecordSyntax::*;
        let t = Token::new;
        let body = |lines: &str| format!("{HEAD}\n{lines}");
        assert_eq!(syntax(&body("5 end\n")), (4, SeatNumber(t("5"))));
        assert_eq!(syntax(&body("* resign\n")), (4, NotChance(SeatWord::Resign)));
        assert_eq!(syntax(&body("* timeout\n")), (4, NotChance(SeatWord::Timeout)));
        assert_eq!(syntax(&body("* undo\n")), (4, NotChance(SeatWord::Undo)));
        assert!(matches!(syntax(&body("1 jump\n")), (4, Choice(ChoiceTextError::Unknown(_)))));
        assert_eq!(syntax("Form: duel\nwhat is this\n"), (2, NotHeaderOrChoice(t("what is this"))));
        assert_eq!(syntax(&body("* draw imperial.knight\nSeed: 3\n")), (5, HeaderAfterChoice(t("Seed"))));
        assert_eq!(syntax("Form duel: x\n"), (1, BadHeaderKey(t("Form duel"))));
        assert_eq!(syntax("Form: duel\nForm: duel\n"), (2, RepeatedHeader(t("Form"))));
        assert_eq!(syntax("Form: chess\n"), (1, UnknownForm(t("chess"))));
        assert_eq!(syntax("Seats: northern, elves\n"), (1, UnknownSchool(t("elves"))));
        assert_eq!(syntax(&format!("{HEAD}Seed: many\n")), (3, BadSeed(t("many"))));
        assert_eq!(syntax(&format!("{HEAD}Position: duel\n")), (3, PositionNotAlone));
        assert_eq!(syntax("Seats: northern, southern\n"), (1, MissingHeader(Header::Form)));
        assert_eq!(syntax("Form: duel\n"), (1, MissingHeader(Header::Seats)));
        assert_eq!(syntax(&body("* draw imperial.knight\n1 undo\n")), (5, NotOwnTakeBack { seat: 0 }));
        // a position block's line is counted in the record
        let e = syntax(&format!("{HEAD}Position:\n  form: duel\n  board: 9/9/9/9/9/9/9/9/9\n  turn: zero\n"));
        assert_eq!(e, (6, Position(PositionSyntax::BadNumber { field: Field::Turn, value: t("zero") })));
        // Display stays plain English for logs and the command line
        assert_eq!(SeatNumber(t("5")).to_string(), "seat numbers run from 1 to 4, not \"5\"");
        assert_eq!(NotChance(SeatWord::Undo).to_string(), "'N undo' names a seat, not chance");
        assert_eq!(NotOwnTakeBack { seat: 1 }.to_string(), "seat 2 takes back a choice that is not its own");
    }

    #[test]
    fn a_quoted_word_is_bounded() {
        let long = "x".repeat(10_000);
        let (_, e) = syntax(&format!("Form: {long}\n"));
        let RecordSyntax::UnknownForm(word) = &e else { panic!("{e:?}") };
        assert!(word.is_cut());
        assert_eq!(word.as_str().len(), Token::MAX);
        assert!(e.to_string().len() < 80, "{e}");
        // cut at a character boundary
        let word = Token::new(&"é".repeat(100));
        assert!(word.as_str().len() <= Token::MAX && word.as_str().chars().all(|c| c == 'é'));
        assert_eq!(Token::new("short").to_string(), "\"short\"");
    }

    #[test]
    fn a_setup_that_makes_no_game_is_typed() {
        let start = |text: &str| Record::parse(text).unwrap().start().unwrap_err();
        let e = start("Form: duel\nSeats: northern\n");
        assert_eq!(e.line, 2);
        assert!(matches!(e.reason, RecordReason::Setup(SetupError::SeatCount { got: 1, .. })), "{e}");
        let position = "Position:\n  form: duel\n  board: 9/9/9/9/9/9/9/9/9\n  seat: northern\n  seat: southern\n";
        let e = start(&format!("Form: duel\nSeats: northern, highland\n{position}"));
        assert_eq!(e.line, 3);
        assert_eq!(
            e.reason,
            RecordReason::Mismatch {
                position: (Form::Duel, vec![School::Northern, School::Southern]),
                header: (Form::Duel, vec![School::Northern, School::Highland]),
            }
        );
        assert!(e.to_string().contains("the header says duel of northern, highland"), "{e}");
        let bad = position.replace("seat: northern", "seat: northern beings legends.titan");
        let e = start(&format!("Form: duel\nSeats: northern, southern\n{bad}"));
        assert_eq!(e.line, 3);
        assert!(matches!(e.reason, RecordReason::Position(_)), "{e}");
        let e = Record::parse("Form: duel\nSeats: northern, southern\nPosition:\n  form: duel\n  board: 9/9\n")
            .unwrap_err();
        assert_eq!(e.line, 3);
        assert!(matches!(e.reason, RecordReason::Position(PositionError::Board(_))), "{e}");
    }
}
