//! What a player is shown, in one place: the client's model of a match for
//! one viewer in one language ([`model`]), the players' names
//! ([`seat_name`]), the log ([`log_line`]) and the errors ([`error_text`]).
//!
//! The rules crate says what is true and who may know it (its views hold no
//! words for players); [`tash_kalar_i18n`] holds the words of each language.
//! This crate puts the two together once, so the server, the terminal and
//! the page show the same thing in the same words. Layers (nothing imports
//! upward): rules, then i18n, then present, then the server and the
//! terminal, then the page.
//!
//! ```
//! use tash_kalar_present::{model, seat_name, Lang, Messages, Player, Table};
//! use tash_kalar_rules::{view::Viewer, Form, Game, School};
//!
//! let game = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
//! let table = Table {
//!     players: vec![Player { name: Some("Ana".into()), bot: None }, Player { name: None, bot: Some("medium".into()) }],
//!     can_undo: false,
//!     can_claim: false,
//! };
//! let es = Messages::new(Lang::Es);
//! assert_eq!(seat_name(&game, 1, &table, &es), "Rojo (bot, medio)");
//! let m = model(&game, Viewer::Seat { seat: 0 }, &table, &es);
//! assert_eq!(m.lang, "es");
//! assert_eq!(m.names[0], "Azul (Ana)");
//! ```

use serde::{Deserialize, Serialize};
use tash_kalar_i18n::args;
use tash_kalar_rules::{Game, Seat};

mod log;
mod model;
pub mod short;
mod words;

pub use log::{log_line, stream_line, LogItem, LogKind, LogLine, Reader};
pub use model::{
    model, model_with, view_of, views_of, Can, EffectModel, EventModel, EventWords, LeftSeat, LegalEntry, LegalGroup,
    LegalModel, Member, MemberAt, Model, OntoLabel, QuestionModel, ResultModel, Shared, Side, TakebackAsk,
};
pub use tash_kalar_i18n::{Arg, Lang, Messages};

/// Who plays a seat, as the site or the terminal knows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// A person's chosen name (trimmed, bounded by whoever made it).
    pub name: Option<String>,
    /// A bot: its level (`easy`..`expert`) or spec (`mcts:iterations=500`).
    pub bot: Option<String>,
}

/// What the site knows beside the rules (site policy, not rules).
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// One per seat (may be empty: then the seats are named by color only).
    pub players: Vec<Player>,
    /// The viewer may take back now (the server's take-back policy).
    pub can_undo: bool,
    /// The viewer may claim against an absent seat now (the server
    /// judges absence: `serve --claim-after`).
    pub can_claim: bool,
}

/// One seat's name, the same everywhere: "Blue", "Blue (Ana)", "Red (bot,
/// medium)"; in team play "Blue (seat 1)", "Blue (seat 1, Ana)". A seat
/// the game does not have is named by its number.
pub fn seat_name(game: &Game, seat: Seat, table: &Table, msgs: &Messages) -> String {
    let Some(s) = game.seats().get(seat as usize) else {
        return msgs.text("seat-number", args![("seat", seat as u32 + 1)]);
    };
    let color = msgs.color(s.color);
    let number = seat as u32 + 1;
    let teams = game.form().teams();
    let player = table.players.get(seat as usize);
    // a person's name first: a seat a person took over from a bot is theirs
    match (player.and_then(|p| p.name.as_deref()), player.and_then(|p| p.bot.as_deref())) {
        (Some(name), _) if teams => {
            msgs.text("seat-in-team-player", args![("color", color), ("seat", number), ("name", name)])
        }
        (Some(name), _) => msgs.text("seat-player", args![("color", color), ("name", name)]),
        (None, Some(level)) if teams => {
            msgs.text("seat-in-team-bot", args![("color", color), ("seat", number), ("level", level)])
        }
        (None, Some(level)) => msgs.text("seat-bot", args![("color", color), ("level", level)]),
        (None, None) if teams => msgs.text("seat-in-team", args![("color", color), ("seat", number)]),
        (None, None) => color,
    }
}

/// The words of a refusal or any server/API error, by its code (the
/// `error-<code>` messages: `error_text("game-over", ..)`). A code without a
/// message is said as the server's error, never shown raw.
pub fn error_text(code: &str, msgs: &Messages) -> String {
    error_text_with(code, &[], msgs)
}

/// [`error_text`] for the errors whose words take arguments (`seat`,
/// `secs`, `version`...): `error_text_with("chat-too-fast", args![("secs", 3)], ..)`.
pub fn error_text_with(code: &str, args: &[(&str, Arg)], msgs: &Messages) -> String {
    let id = format!("error-{code}");
    if msgs.has(&id) {
        msgs.text(&id, args)
    } else {
        msgs.text("error-server-error", &[])
    }
}

/// What is being decided now, as one sentence to the one deciding (the
/// `question.text` of the model); `None` when no seat decides.
pub fn question_text(game: &Game, msgs: &Messages) -> Option<String> {
    use words::Say;
    game.question().map(|q| msgs.question(&q, game))
}

/// What the effect being resolved asks, in words: the step's message, else
/// (a step without words in this language) the card's whole effect.
pub fn step_text(game: &Game, msgs: &Messages) -> Option<String> {
    let q = game.question()?;
    match q.step.map(tash_kalar_i18n::step_id).filter(|id| msgs.has(id)) {
        Some(id) => Some(msgs.text(&id, &[])),
        None => q.card.map(|c| msgs.card_text(c)),
    }
}

/// A legal choice of `game` in words, as the model labels it.
pub fn choice_label(game: &Game, choice: tash_kalar_rules::Choice, msgs: &Messages) -> String {
    use words::Say;
    msgs.choice(choice, &words::Facts::of(game, choice))
}

/// An event in one sentence, the seats named by [`seat_name`].
pub fn event_text(event: &tash_kalar_rules::Event, game: &Game, table: &Table, msgs: &Messages) -> String {
    use words::Say;
    msgs.event(event, &|s| seat_name(game, s, table, msgs))
}

/// A seat that left a melee or team game (it left, was claimed against
/// or ran out of time: [`Game::has_left`]), in words: "Ana left; medium
/// plays the seat". The person is named by the table's name, else by the
/// seat's color ("Blue", "Blue (seat 1)": not by the bot that now plays
/// it); the bot by the table's level for the seat (the server's `medium`),
/// else as "a bot". `None` for a seat that has not left.
pub fn left_text(game: &Game, seat: Seat, table: &Table, msgs: &Messages) -> Option<String> {
    if (seat as usize) >= game.seat_count() || !game.has_left(seat) {
        return None;
    }
    let player = table.players.get(seat as usize);
    let name = player.and_then(|p| p.name.clone()).unwrap_or_else(|| seat_name(game, seat, &Table::default(), msgs));
    Some(match player.and_then(|p| p.bot.as_deref()) {
        Some(level) => msgs.text("departures-left", args![("name", name), ("level", level)]),
        None => msgs.text("departures-left-bot", args![("name", name)]),
    })
}

/// How the game ended, in one sentence with the score, once it has.
pub fn result_text(game: &Game, table: &Table, msgs: &Messages) -> Option<String> {
    use words::Say;
    game.result().map(|r| msgs.result(&r, game, &|s| seat_name(game, s, table, msgs)))
}
