//! The full-screen client's state and its answers to keys, free of I/O: the
//! loop in `super` draws it, feeds it keys and runs the bots' searches it
//! hands out.

use std::cell::Cell;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use tash_kalar_bots::{Bot, Decision, Driver, Next, Seating};
use tash_kalar_rules::cards::oriented_patterns;
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Actor, Bitboard, CardId, Choice, Dir, Game, Match, Mover, Phase, Seat, Square};

use tash_kalar_i18n::{args, Arg, Messages};

use crate::table::Table;
use crate::talk::{event_lines, task_place};

/// Which panel the keys move in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Focus {
    Board,
    Hand,
    Choices,
    /// The log, to scroll back through.
    Log,
}

/// What the keys are for besides playing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    Normal,
    /// The help overlay: any key closes it.
    Help,
    /// `:` typed: a choice text (or a line-mode command) being typed.
    Prompt(String),
    /// `q` typed: `y` quits.
    ConfirmQuit,
}

/// How the log fitted its panel when last drawn: the drawing knows the
/// panel's size, the keys do not.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LogFit {
    /// The farthest back the log can scroll: the oldest entry at the top.
    pub max_scroll: usize,
    /// How many entries a page scroll moves.
    pub page: usize,
}

impl Default for LogFit {
    fn default() -> LogFit {
        // not drawn yet: only the log's length bounds the scroll
        LogFit { max_scroll: usize::MAX, page: 5 }
    }
}

/// What the loop should do after a key.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Continue,
    Quit,
}

/// A bot's search to run off the UI thread: the bot is lent out with a
/// copy of the game, and comes back in the [`BotAnswer`]. The bot sees
/// only its seat's [`Decision`] of that copy, built on the search's thread
/// (with the observation, if the bot wants one).
pub struct BotJob {
    pub seat: Seat,
    pub bot: Box<dyn Bot>,
    game: Game,
}

impl BotJob {
    /// Runs the search (slow for the stronger bots).
    pub fn run(mut self) -> BotAnswer {
        let choice = self.bot.decide(&Decision::new(&self.game, self.seat));
        BotAnswer { seat: self.seat, bot: self.bot, choice }
    }
}

pub struct BotAnswer {
    pub seat: Seat,
    pub bot: Box<dyn Bot>,
    pub choice: Choice,
}

pub struct App {
    m: Match,
    /// `None` while the seat's bot is lent to a search.
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Who plays each seat, for the seats' names.
    players: Vec<tash_kalar_present::Player>,
    /// Chance's draws, who is to choose next, and which seats are played here.
    driver: Driver,
    /// The seat whose view is shown: the human seat against bots, the seat
    /// to act (or the last one) in hotseat.
    pub viewer: Seat,
    pub cursor: Square,
    pub focus: Focus,
    pub mode: Mode,
    /// The card picked in the hand: choices narrow to it.
    pub selected_card: Option<CardId>,
    /// The hand's cursor (an index into [`App::hand_cards`]).
    pub hand_index: usize,
    /// Squares picked on the board so far for the next choice (e.g. a
    /// move's piece before its target): choices narrow to those starting so.
    pub picks: Vec<Square>,
    /// The cursor in the narrowed choice list.
    pub choice_index: usize,
    /// The squares of the last choice made by a seat.
    pub last: Vec<Square>,
    /// The game so far in words; add to it with [`App::note`].
    pub log: Vec<String>,
    /// How many of the newest log entries are scrolled out of sight below
    /// (0: the newest is shown).
    pub log_scroll: usize,
    /// How the log fitted its panel when last drawn, for the scroll keys.
    pub log_fit: Cell<LogFit>,
    /// A one-line answer to the last key (an error, a hint).
    pub message: Option<String>,
    /// The seat whose bot is searching.
    pub thinking: Option<Seat>,
    /// The number of the next game event to tell in the log (the engine's
    /// events, `Game::events`, numbered as in the view).
    pub events_told: u32,
    /// Every text shown, in the player's language.
    pub msgs: Messages,
}

const START: &str = "e5";

impl App {
    pub fn new(table: Table) -> App {
        let Table { m, form, seed, bots, driver, lang, players } = table;
        let viewer = driver.seats().iter().position(|&s| s == Seating::Person).unwrap_or(0) as Seat;
        let mut app = App {
            m,
            bots: bots.into_iter().map(Some).collect(),
            players,
            driver,
            viewer,
            cursor: Square::parse(START).expect("e5 is a square"),
            focus: Focus::Board,
            mode: Mode::Normal,
            selected_card: None,
            hand_index: 0,
            picks: Vec::new(),
            choice_index: 0,
            last: Vec::new(),
            log: Vec::new(),
            log_scroll: 0,
            log_fit: Cell::new(LogFit::default()),
            message: None,
            thinking: None,
            events_told: 0,
            msgs: Messages::new(lang),
        };
        let greeting = app.t("tui-greeting", args![("form", app.msgs.form(form)), ("seed", seed.to_string())]);
        app.note(greeting);
        app
    }

    /// A message in the player's language.
    pub fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.msgs.text(id, args)
    }

    /// Adds an entry to the log and scrolls back to the newest.
    pub fn note(&mut self, entry: String) {
        self.log.push(entry);
        self.log_scroll = 0;
    }

    /// Scrolls the log by `delta` entries (positive: back to older ones),
    /// within what the last drawing showed could be scrolled.
    fn scroll_log(&mut self, delta: isize) {
        let max = self.log_fit.get().max_scroll.min(self.log.len().saturating_sub(1));
        self.log_scroll = self.log_scroll.min(max).saturating_add_signed(delta).min(max);
    }

    fn log_page(&self) -> isize {
        self.log_fit.get().page.max(1) as isize
    }

    pub fn game_match(&self) -> &Match {
        &self.m
    }

    /// What the viewer sees now.
    pub fn view(&self) -> View {
        self.m.game().view(self.viewer)
    }

    /// The seats' players, as the words name them ([`tash_kalar_present::seat_name`]).
    pub fn table(&self) -> tash_kalar_present::Table {
        tash_kalar_present::Table { players: self.players.clone(), can_undo: false, can_claim: false }
    }

    /// A seat's name, the same in every text.
    pub fn seat_name(&self, seat: Seat) -> String {
        tash_kalar_present::seat_name(self.m.game(), seat, &self.table(), &self.msgs)
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.driver.seats().get(seat as usize) == Some(&Seating::Person)
    }

    /// Whether the viewer is to choose now (and no bot is searching).
    pub fn my_turn(&self) -> bool {
        self.thinking.is_none() && self.m.game().actor() == Actor::Seat(self.viewer) && self.is_human(self.viewer)
    }

    /// The viewer's legal choices, in the engine's order (numbered from 1
    /// as in line mode); empty when it is not their turn.
    pub fn legal(&self) -> Vec<Choice> {
        if self.my_turn() {
            self.m.game().legal_choices()
        } else {
            Vec::new()
        }
    }

    /// The legal choices narrowed by the selected card and the picked
    /// squares, each with its number in the full list.
    pub fn choices(&self) -> Vec<(usize, Choice)> {
        self.legal()
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| self.selected_card.is_none_or(|card| about_card(c, card)))
            .filter(|&(_, c)| squares_of(c).starts_with(&self.picks))
            .map(|(i, c)| (i + 1, c))
            .collect()
    }

    /// The choice under the choice cursor.
    pub fn current_choice(&self) -> Option<Choice> {
        let list = self.choices();
        list.get(self.choice_index.min(list.len().saturating_sub(1))).map(|&(_, c)| c)
    }

    /// The squares a pick on the board can take next: where the selected
    /// card can be summoned, where the picked piece can go, and so on.
    pub fn highlighted(&self) -> Bitboard {
        // at the start of an action every empty square could take a piece:
        // lit up, they would hide the board
        if self.selected_card.is_none() && self.picks.is_empty() && self.m.game().phase() == Phase::Main {
            return Bitboard::EMPTY;
        }
        let k = self.picks.len();
        self.choices().iter().filter_map(|&(_, c)| squares_of(c).get(k).copied()).collect()
    }

    /// The pattern squares of the summoning under the choice cursor, shown
    /// on the board while choosing an orientation.
    pub fn preview(&self) -> Bitboard {
        if self.focus != Focus::Choices {
            return Bitboard::EMPTY;
        }
        match self.current_choice() {
            Some(Choice::Summon { card, at, orientation, .. }) => oriented_patterns(card)
                .iter()
                .find(|p| p.orientation == orientation)
                .map_or(Bitboard::EMPTY, |p| p.pattern_squares(at)),
            _ => Bitboard::EMPTY,
        }
    }

    /// The viewer's cards: beings, legends, flares.
    pub fn hand_cards(&self) -> Vec<CardId> {
        let v = self.view();
        match v.hand() {
            Some(h) => h.beings.iter().chain(&h.legends).chain(&h.flares).copied().collect(),
            None => Vec::new(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.m.game().is_over()
    }

    /// Plays chance's draws and lends out the bot of a seat to act; `None`
    /// when a human is to choose, a bot is already searching, or the game
    /// is over.
    pub fn step(&mut self) -> Option<BotJob> {
        if self.thinking.is_some() {
            return None;
        }
        loop {
            match self.driver.next(self.m.game()) {
                Next::Over => return None,
                Next::Chance(draw) => {
                    if !self.play_chance(draw) {
                        return None;
                    }
                }
                Next::Person(s) => {
                    if self.viewer != s {
                        // hotseat: the next player takes the keyboard
                        self.viewer = s;
                        self.reset_selection();
                    }
                    return None;
                }
                Next::Bot(s) => {
                    let bot = self.bots.get_mut(s as usize).and_then(Option::take)?;
                    self.thinking = Some(s);
                    return Some(BotJob { seat: s, bot, game: self.m.game().clone() });
                }
            }
        }
    }

    /// A bot's search came back: its choice is played.
    pub fn bot_answered(&mut self, answer: BotAnswer) {
        let BotAnswer { seat, bot, choice } = answer;
        if let Some(slot) = self.bots.get_mut(seat as usize) {
            *slot = Some(bot);
        }
        self.thinking = None;
        if self.m.game().actor() != Actor::Seat(seat) {
            return;
        }
        let words = tash_kalar_present::choice_label(self.m.game(), choice, &self.msgs);
        match self.m.act(Mover::Seat(seat), choice) {
            Ok(choice) => {
                self.last = squares_of(choice);
                let name = self.seat_name(seat);
                let line = match choice {
                    // cards go back face down: which one is the bot's secret
                    Choice::Return(_) => self.t("play-bot-returns", args![("who", name)]),
                    _ => self.t("play-bot-chose", args![("who", name), ("choice", words)]),
                };
                self.reset_selection();
                self.note_choice(line);
            }
            Err(e) => {
                let line = self.t(
                    "tui-bot-refused",
                    args![
                        ("who", self.seat_name(seat)),
                        ("choice", choice.to_string()),
                        ("why", self.msgs.refusal(&e))
                    ],
                );
                self.note(line)
            }
        }
    }

    /// Runs every bot search here, until a human is to choose or the game
    /// is over (the tests' stand-in for the loop's thread).
    #[cfg(test)]
    pub fn settle(&mut self) {
        while let Some(job) = self.step() {
            self.bot_answered(job.run());
        }
    }

    /// Plays chance's draw `c` and notes it; false if it was refused.
    fn play_chance(&mut self, c: Choice) -> bool {
        let seat = match self.m.game().phase() {
            Phase::Refill { seat, .. } => Some(seat),
            _ => None,
        };
        if self.m.act(Mover::Chance, c).is_err() {
            return false;
        }
        match (seat, c) {
            (Some(s), Choice::Draw(card)) if self.is_human(s) => {
                let line =
                    self.t("tui-seat-draws", args![("who", self.seat_name(s)), ("card", self.msgs.card_name(card))]);
                self.note(line)
            }
            (_, Choice::DrawTask(task)) => {
                let line = self.t(
                    "tui-task-turned-up",
                    args![("task", self.msgs.task_name(task)), ("place", task_place(&self.msgs, &self.m, task))],
                );
                self.note(line)
            }
            _ => {}
        }
        self.note_end();
        true
    }

    /// Notes a choice just made: the events tell it in words, so its own
    /// `line` (the choice's notation) is noted only when they say nothing
    /// of it; each move is said once.
    fn note_choice(&mut self, line: String) {
        let before = self.log.len();
        self.note_events();
        if self.log.len() == before {
            self.note(line);
        }
        self.note_end();
    }

    fn note_end(&mut self) {
        self.note_events();
        if !self.is_over() {
            return;
        }
        let v = self.m.game().referee_view();
        let scores: Vec<String> = v
            .seats
            .iter()
            .map(|s| self.t("score-of", args![("who", self.seat_name(s.seat)), ("score", s.score)]))
            .collect();
        let line = self.t("tui-game-over-scores", args![("scores", scores.join(", "))]);
        self.note(line);
        let line = result_text(&self.msgs, self.m.game(), &self.table());
        self.note(line);
    }

    /// Tells in the log, in words, what the engine recorded since the last
    /// time (`view.events`): a turn's start as a heading, an action on its
    /// own line, what its effect did on the lines after it, indented.
    fn note_events(&mut self) {
        let person = |s: Seat| self.is_human(s);
        let (lines, next) = event_lines(self.m.game(), self.events_told, &self.table(), &self.msgs, &person);
        self.events_told = next;
        for line in lines {
            self.note(line);
        }
    }

    fn reset_selection(&mut self) {
        self.selected_card = None;
        self.picks.clear();
        self.choice_index = 0;
        if self.focus == Focus::Choices {
            self.focus = Focus::Board;
        }
        let n = self.hand_cards().len();
        if self.hand_index >= n {
            self.hand_index = n.saturating_sub(1);
        }
    }

    /// Plays a choice of the viewer's, through the match's gate (which
    /// says why a choice is refused, and normalises it).
    fn apply(&mut self, choice: Choice) {
        // worded on the game it is made in (which pieces, which option)
        let words = tash_kalar_present::choice_label(self.m.game(), choice, &self.msgs);
        match self.m.act(Mover::Seat(self.viewer), choice) {
            Ok(choice) => {
                let line = self.t("tui-seat-chose", args![("who", self.seat_name(self.viewer)), ("choice", words)]);
                self.last = squares_of(choice);
                self.message = None;
                self.reset_selection();
                self.note_choice(line);
            }
            Err(e) => self.message = Some(self.t("not-accepted", args![("why", self.msgs.refusal(&e))])),
        }
    }

    /// Answers one key. Never panics, whatever the key and the state.
    pub fn handle_key(&mut self, key: KeyEvent) -> Outcome {
        if key.kind == KeyEventKind::Release {
            return Outcome::Continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Outcome::Quit;
        }
        match std::mem::replace(&mut self.mode, Mode::Normal) {
            Mode::Help => Outcome::Continue,
            Mode::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Char('q') => Outcome::Quit,
                _ => {
                    self.message = None;
                    Outcome::Continue
                }
            },
            Mode::Prompt(mut text) => match key.code {
                KeyCode::Esc => Outcome::Continue,
                KeyCode::Enter => self.command(text.trim()),
                KeyCode::Backspace => {
                    text.pop();
                    self.mode = Mode::Prompt(text);
                    Outcome::Continue
                }
                KeyCode::Char(c) => {
                    text.push(c);
                    self.mode = Mode::Prompt(text);
                    Outcome::Continue
                }
                _ => {
                    self.mode = Mode::Prompt(text);
                    Outcome::Continue
                }
            },
            Mode::Normal => self.normal_key(key),
        }
    }

    fn normal_key(&mut self, key: KeyEvent) -> Outcome {
        match key.code {
            KeyCode::Char('?') => self.mode = Mode::Help,
            KeyCode::Char('q') => {
                if self.is_over() {
                    return Outcome::Quit;
                }
                self.mode = Mode::ConfirmQuit;
            }
            KeyCode::Char(':') => self.mode = Mode::Prompt(String::new()),
            KeyCode::Tab => {
                self.focus = match self.focus {
                    Focus::Board => Focus::Hand,
                    Focus::Hand => Focus::Choices,
                    Focus::Choices => Focus::Log,
                    Focus::Log => Focus::Board,
                }
            }
            KeyCode::BackTab => {
                self.focus = match self.focus {
                    Focus::Board => Focus::Log,
                    Focus::Hand => Focus::Board,
                    Focus::Choices => Focus::Hand,
                    Focus::Log => Focus::Choices,
                }
            }
            // the log scrolls from any panel but the choice list, which
            // pages itself with these keys
            KeyCode::PageUp if self.focus != Focus::Choices => self.scroll_log(self.log_page()),
            KeyCode::PageDown if self.focus != Focus::Choices => self.scroll_log(-self.log_page()),
            KeyCode::End if self.focus != Focus::Choices => self.log_scroll = 0,
            KeyCode::Esc => {
                self.selected_card = None;
                self.picks.clear();
                self.choice_index = 0;
                self.message = None;
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('s') => self.simple(Choice::Skip, "tui-nothing-to-skip"),
            KeyCode::Char('e') => self.simple(Choice::EndTurn, "tui-cannot-end"),
            _ => match self.focus {
                Focus::Board => self.board_key(key.code),
                Focus::Hand => self.hand_key(key.code),
                Focus::Choices => self.choices_key(key.code),
                Focus::Log => self.log_key(key.code),
            },
        }
        Outcome::Continue
    }

    /// `s` and `e`: a choice with a key of its own.
    fn simple(&mut self, choice: Choice, not_now: &str) {
        if self.legal().contains(&choice) {
            self.apply(choice);
        } else {
            self.message = Some(self.t(not_now, &[]));
        }
    }

    fn undo(&mut self) {
        if self.thinking.is_some() {
            self.message = Some(self.t("tui-wait-bot", &[]));
            return;
        }
        match self.m.undo() {
            Some(c) => {
                let line = self
                    .t("tui-seat-took-back", args![("who", self.seat_name(self.viewer)), ("choice", c.to_string())]);
                self.note(line);
                // what was taken back is told anew when done again
                self.events_told = self.m.game().events().len() as u32
                    + self.m.game().spectator_view().events.first().map_or(0, |e| e.n);
                self.message = Some(self.t("took-back", args![("choice", c.to_string())]));
                self.last.clear();
                self.reset_selection();
            }
            None => self.message = Some(self.t("nothing-to-take-back", &[])),
        }
    }

    fn board_key(&mut self, code: KeyCode) {
        let dir = match code {
            KeyCode::Left | KeyCode::Char('h') => Some(Dir::W),
            KeyCode::Right | KeyCode::Char('l') => Some(Dir::E),
            KeyCode::Up | KeyCode::Char('k') => Some(Dir::N),
            KeyCode::Down | KeyCode::Char('j') => Some(Dir::S),
            _ => None,
        };
        if let Some(d) = dir {
            // off the board (an edge or a cut corner): the cursor stays
            if let Some(next) = self.cursor.step(d) {
                self.cursor = next;
            }
            return;
        }
        if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
            self.pick_square(self.cursor);
        }
    }

    /// Enter on a square: the one choice it names is played; several
    /// narrow the list; none leaves things as they were.
    pub fn pick_square(&mut self, sq: Square) {
        if !self.my_turn() {
            self.message = Some(self.not_your_turn());
            return;
        }
        self.picks.push(sq);
        let list = self.choices();
        match list.as_slice() {
            [] => {
                self.picks.pop();
                self.message = Some(self.t("tui-no-choice-at", args![("at", sq.to_string())]));
            }
            [(_, c)] => {
                let c = *c;
                self.apply(c);
            }
            more => {
                self.choice_index = 0;
                let whole = more.iter().filter(|&&(_, c)| squares_of(c).len() == self.picks.len()).count();
                if whole == 0 {
                    // a piece picked up: now its target
                    self.message = Some(self.t("tui-picked-now-target", args![("at", sq.to_string())]));
                } else {
                    self.focus = Focus::Choices;
                    self.message = Some(self.t("tui-choices-at", args![("n", more.len()), ("at", sq.to_string())]));
                }
            }
        }
    }

    fn not_your_turn(&self) -> String {
        if let Some(s) = self.thinking {
            self.t("tui-bot-thinking", args![("who", self.seat_name(s))])
        } else if self.is_over() {
            self.t("tui-over-leave", &[])
        } else {
            self.t("tui-not-your-turn", &[])
        }
    }

    fn hand_key(&mut self, code: KeyCode) {
        let cards = self.hand_cards();
        match code {
            KeyCode::Up | KeyCode::Char('k') | KeyCode::Left | KeyCode::Char('h') => {
                self.hand_index = self.hand_index.saturating_sub(1)
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Right | KeyCode::Char('l') => {
                self.hand_index = (self.hand_index + 1).min(cards.len().saturating_sub(1))
            }
            KeyCode::Enter | KeyCode::Char(' ') => match cards.get(self.hand_index) {
                Some(&card) => self.select_card(card),
                None => self.message = Some(self.t("tui-no-card", &[])),
            },
            _ => {}
        }
    }

    /// Picks a card of the hand: its summoning squares light up on the
    /// board, and the choices narrow to it.
    pub fn select_card(&mut self, card: CardId) {
        if let Some(i) = self.hand_cards().iter().position(|&c| c == card) {
            self.hand_index = i;
        }
        self.selected_card = Some(card);
        self.picks.clear();
        self.choice_index = 0;
        let list = self.choices();
        let summons = list.iter().filter(|(_, c)| matches!(c, Choice::Summon { .. })).count();
        let name = self.msgs.card_name(card);
        if list.is_empty() {
            self.message = Some(self.t("tui-card-nothing", args![("card", name)]));
        } else if summons > 0 {
            self.focus = Focus::Board;
            // the cursor goes to the summoning square nearest to it, so
            // Enter right after picking the card summons there
            let here = self.cursor;
            if let Some(at) = list
                .iter()
                .filter_map(|(_, c)| match c {
                    Choice::Summon { at, .. } => Some(*at),
                    _ => None,
                })
                .min_by_key(|at| (at.distance(here), at.index()))
            {
                self.cursor = at;
            }
            self.message = Some(self.t("tui-card-summonings", args![("card", name), ("n", summons)]));
        } else {
            self.focus = Focus::Choices;
            self.message = Some(self.t("tui-card-choices", args![("card", name), ("n", list.len())]));
        }
    }

    fn log_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.scroll_log(1),
            KeyCode::Down | KeyCode::Char('j') => self.scroll_log(-1),
            KeyCode::Home => self.scroll_log(isize::MAX),
            _ => {}
        }
    }

    fn choices_key(&mut self, code: KeyCode) {
        let n = self.choices().len();
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.choice_index = self.choice_index.min(n).saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.choice_index = (self.choice_index + 1).min(n.saturating_sub(1)),
            KeyCode::PageUp => self.choice_index = self.choice_index.saturating_sub(10),
            KeyCode::PageDown => self.choice_index = (self.choice_index + 10).min(n.saturating_sub(1)),
            KeyCode::Home => self.choice_index = 0,
            KeyCode::End => self.choice_index = n.saturating_sub(1),
            KeyCode::Enter | KeyCode::Char(' ') => match self.current_choice() {
                Some(c) => self.apply(c),
                None if !self.my_turn() => self.message = Some(self.not_your_turn()),
                None => self.message = Some(self.t("tui-no-choice-here", &[])),
            },
            _ => {}
        }
    }

    /// A typed line, as line mode reads it: a choice number or text, or a
    /// command.
    pub fn command(&mut self, text: &str) -> Outcome {
        match text {
            "" => {}
            "help" | "?" => self.mode = Mode::Help,
            "quit" | "exit" => return Outcome::Quit,
            "undo" => self.undo(),
            "show" => self.reset_selection(),
            "resign" => {
                if !self.is_human(self.viewer) || self.is_over() {
                    self.message = Some(self.t("tui-nothing-to-resign", &[]));
                } else {
                    match self.m.resign(self.viewer) {
                        Ok(()) => {
                            let line = self.t("tui-seat-resigns", args![("who", self.seat_name(self.viewer))]);
                            self.note(line);
                            self.reset_selection();
                            self.note_end();
                        }
                        Err(e) => self.message = Some(self.t("not-accepted", args![("why", self.msgs.refusal(&e))])),
                    }
                }
            }
            text if !self.my_turn() => self.message = Some(format!("{text}: {}", self.not_your_turn())),
            text => match text.parse::<usize>() {
                Ok(n) => {
                    let legal = self.legal();
                    match n.checked_sub(1).and_then(|i| legal.get(i)) {
                        Some(&c) => self.apply(c),
                        None => self.message = Some(self.t("no-such-choice", args![("n", n), ("count", legal.len())])),
                    }
                }
                Err(_) => match text.parse::<Choice>() {
                    Ok(c) => self.apply(c),
                    Err(e) => {
                        self.message =
                            Some(self.t("tui-not-accepted-help", args![("why", self.msgs.choice_text_error(&e))]))
                    }
                },
            },
        }
        Outcome::Continue
    }
}

/// The result in words.
pub fn result_text(msgs: &Messages, game: &Game, table: &tash_kalar_present::Table) -> String {
    tash_kalar_present::result_text(game, table, msgs)
        .unwrap_or_else(|| crate::talk::outcome_text(msgs, &game.referee_view()))
}

/// The squares a choice names, in the order they are picked on the board:
/// a move's piece then its target, a summoning's square then the piece
/// picked up for it.
pub fn squares_of(c: Choice) -> Vec<Square> {
    match c {
        Choice::StartPieces(s) | Choice::Place(s) | Choice::PickUp(s) | Choice::Square(s) => vec![s],
        Choice::StartPiece { at, .. } => vec![at],
        Choice::Summon { at, pickup, .. } => std::iter::once(at).chain(pickup).collect(),
        Choice::Move { from, to } => vec![from, to],
        _ => Vec::new(),
    }
}

/// Whether a choice plays, discards or returns this card (a flare: invokes
/// it, the only flare in hand).
fn about_card(c: Choice, card: CardId) -> bool {
    match c {
        Choice::Summon { card: k, .. } | Choice::Discard(k) | Choice::Return(k) => k == card,
        Choice::Flare(_) => card.is_flare(),
        _ => false,
    }
}
