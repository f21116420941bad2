//! What clients send, decoded: the WebSocket's client messages, the bodies
//! of `POST /api/games`, `/join` and `/rematch`, the lobby's query, and a
//! seat's bot spec (`docs/server-protocol.md`). Every decoder answers a
//! closed, typed, bounded value or a [`WireError`] that says what was
//! wrong; none panics. The handlers above decode here and nowhere else.
//!
//! Public so that the fuzz test (`tests/decode.rs`) can feed it random
//! bytes. It sits at the bottom of the server: it imports nothing of the
//! layers above it (the game actor, the handlers, the app).

use std::collections::HashMap;
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use tash_kalar_bots::{BotSpec, Limits, SpecError};
use tash_kalar_i18n::Lang;
use tash_kalar_rules::{Form, Match, School, Seat, SetupError, Token};

use crate::clock::{ClockError, TimeControl};

/// The largest client message accepted on a WebSocket, in bytes; a longer
/// one closes the connection with code 1009.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// The most a bot of a visitor's game may spend on one decision, so that
/// one game cannot take the machine.
pub const BOT_LIMITS: Limits = Limits { threads: 2, iterations: 200_000, time: Duration::from_secs(10) };

/// What is wrong with what a client sent (the English text of
/// `bad-message` and `bad-request`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("a message may be at most {MAX_MESSAGE} bytes")]
    TooLong,
    #[error("send JSON text messages")]
    Binary,
    /// Not a message of the protocol (serde's reason).
    #[error("malformed message: {0}")]
    Malformed(String),
    /// Not a request body of the protocol (serde's reason).
    #[error("malformed request: {0}")]
    MalformedBody(String),
    /// The body could not be read (the stream broke).
    #[error("unreadable request body: {0}")]
    Unreadable(String),
    #[error("unknown form {0} (duel, high-form or first-game)")]
    UnknownForm(Token),
    #[error("a {form} is played by {min} to {max} seats, not {asked}")]
    SeatCount { form: &'static str, min: usize, max: usize, asked: usize },
    #[error("seat {seat}: unknown school {school} ({})", School::names())]
    UnknownSchool { seat: usize, school: Token },
    #[error("seat {seat}: {why}")]
    Name { seat: usize, why: NameError },
    #[error("seat {0}: a human seat has no bot")]
    HumanWithBot(usize),
    #[error("seat {seat}: player {player} is neither human nor bot")]
    UnknownPlayer { seat: usize, player: Token },
    #[error("seat {0}: only a human seat can be open")]
    OpenBot(usize),
    #[error("seat {seat}: {why}")]
    Bot { seat: usize, why: BotSpecError },
    /// The rules' own checks of the table (two seats of one color ...).
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("{0}")]
    Clock(#[from] ClockError),
    #[error("unknown status {0} (open, playing or over)")]
    UnknownStatus(Token),
    #[error("limit {0} is not a number")]
    BadLimit(Token),
    #[error("before {0} is not a line number")]
    BadBefore(Token),
    /// A query's field with a value it cannot take (a profile's filters).
    #[error("{field}: {value} is not a value of this field")]
    BadQuery { field: &'static str, value: Token },
    /// A seek or a challenge for a form of more than two seats.
    #[error("a {0} has more than two seats: seeks and challenges are for duel, high-form and first-game")]
    NotTwoSeats(&'static str),
    /// A rated seek or challenge in a form that has no rating pool.
    #[error("a {0} is never rated")]
    NeverRated(&'static str),
    /// A player's name to challenge or block that no account could have.
    #[error("a player's name has 1 to 64 characters")]
    PlayerName,
}

/// What is wrong with a player's name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name has 1 to 32 characters")]
    Length,
    #[error("a name has no commas, '#' or control characters")]
    Characters,
}

/// Why a bot spec is not one the server runs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    #[error("outside engines cannot be run by the server (bots: random, greedy or mcts)")]
    Outside,
    #[error("{0}")]
    Spec(#[from] SpecError),
}

/// A message from a WebSocket client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// `lang`: the language the page shows (`en`, `es`, `cs`); without
    /// it, the one the upgrade request's headers ask for.
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default, deserialize_with = "lang")]
        lang: Option<Lang>,
    },
    Choose {
        version: u32,
        choice: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
    Undo {
        version: u32,
        #[serde(default)]
        seat: Option<Seat>,
    },
    Resign {
        #[serde(default)]
        version: Option<u32>,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Asks for the whole state again (a client that lost track of the
    /// deltas: `docs/server-protocol.md`, "Deltas").
    Sync {
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// A chat message: a seated player's to the players' chat, a
    /// spectator's to the spectators'.
    Chat {
        text: String,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Table manners: ask the others to let this seat take back, at the
    /// position `version`.
    #[serde(rename = "takeback-offer")]
    TakebackOffer {
        version: u32,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Accept the open take-back request made at `version`.
    #[serde(rename = "takeback-accept")]
    TakebackAccept {
        version: u32,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Decline the open take-back request.
    #[serde(rename = "takeback-decline")]
    TakebackDecline {
        #[serde(default)]
        version: Option<u32>,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Abort the game before every seat has made its first turn.
    Abort {
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Claim against the seat away on its turn (`docs/server-protocol.md`,
    /// "Games that end").
    Claim {
        kind: ClaimKind,
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Leave a melee or team game to a bot.
    Leave {
        #[serde(default)]
        seat: Option<Seat>,
    },
}

/// What a claim against an absent seat asks for: in a duel the win or a
/// draw; in a melee or team game either hands the seat to a bot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    Win,
    Draw,
}

/// A language by its code, one of ours ([`Lang::ALL`]); another is refused.
fn lang<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
    let code = String::deserialize(d)?;
    let known = Lang::ALL.into_iter().find(|l| l.code() == code);
    let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
    known.map(Some).ok_or_else(|| serde::de::Error::custom(format!("unknown language {code:?} ({})", codes.join(", "))))
}

/// Decodes a client's WebSocket text message.
pub fn client_message(text: &str) -> Result<ClientMessage, WireError> {
    if text.len() > MAX_MESSAGE {
        return Err(WireError::TooLong);
    }
    serde_json::from_str(text).map_err(|e| WireError::Malformed(e.to_string()))
}

fn body<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, WireError> {
    serde_json::from_slice(bytes).map_err(|e| WireError::MalformedBody(e.to_string()))
}

/// The bot a visitor asks for: one of our bots ([`BotSpec`]: every option
/// typed, finite and bounded), within [`BOT_LIMITS`]. A visitor names data,
/// never a program: this crate cannot even link the code that starts one.
pub fn bot_spec(text: &str) -> Result<BotSpec, BotSpecError> {
    if text.trim_start().starts_with("cmd:") {
        return Err(BotSpecError::Outside);
    }
    let spec: BotSpec = text.parse()?;
    spec.check_within(&BOT_LIMITS)?;
    Ok(spec)
}

/// A player's name as it will be kept: trimmed, 1 to 32 characters, none
/// that would break the record's comma-separated `Players` header.
pub fn name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 32 {
        return Err(NameError::Length);
    }
    if name.chars().any(|c| c.is_control() || c == ',' || c == '#') {
        return Err(NameError::Characters);
    }
    Ok(name.to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    form: String,
    seats: Vec<CreateSeat>,
    /// The time control (`clock.rs`); none by default.
    #[serde(default)]
    clock: TimeControl,
    /// Not listed in the lobby; reachable by its link.
    #[serde(default)]
    private: bool,
    /// The result changes the players' ratings (`lobby.rs` says who may
    /// ask for it).
    #[serde(default)]
    rated: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateSeat {
    school: String,
    player: String,
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    name: Option<String>,
    /// A human seat anyone may join from the lobby; otherwise it is kept
    /// for the link its token makes.
    #[serde(default)]
    open: bool,
}

/// Who a new game's seat is for.
#[derive(Clone, Debug, PartialEq)]
pub enum NewPlayer {
    Human,
    // (boxed: a spec is a few hundred bytes, a human seat nothing)
    Bot(Box<BotSpec>),
}

/// A new game's seat, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct NewSeat {
    pub school: School,
    pub player: NewPlayer,
    pub name: Option<String>,
    /// A human seat anyone may take from the lobby.
    pub open: bool,
}

/// The body of `POST /api/games`, checked as the server checks it before
/// creating the game: the rules accept the table, every bot is within
/// [`BOT_LIMITS`], the time control within its bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct CreateRequest {
    pub form: Form,
    pub seats: Vec<NewSeat>,
    pub time_control: TimeControl,
    pub private: bool,
    pub rated: bool,
}

/// Decodes and checks the body of `POST /api/games` (creating nothing).
pub fn create_request(bytes: &[u8]) -> Result<CreateRequest, WireError> {
    let req: CreateGame = body(bytes)?;
    let form = Form::parse(&req.form).ok_or_else(|| WireError::UnknownForm(Token::new(&req.form)))?;
    if !form.seats().contains(&req.seats.len()) {
        return Err(WireError::SeatCount {
            form: form.name(),
            min: *form.seats().start(),
            max: *form.seats().end(),
            asked: req.seats.len(),
        });
    }
    let mut seats = Vec::new();
    for (i, s) in req.seats.iter().enumerate() {
        // seats are counted from 1 in texts, as everywhere a player reads them
        let seat = i + 1;
        let school =
            School::parse(&s.school).ok_or_else(|| WireError::UnknownSchool { seat, school: Token::new(&s.school) })?;
        let name = s.name.as_deref().map(name).transpose().map_err(|why| WireError::Name { seat, why })?;
        let player = match (s.player.as_str(), &s.bot) {
            ("human", None) => NewPlayer::Human,
            ("human", Some(_)) => return Err(WireError::HumanWithBot(seat)),
            ("bot", spec) => NewPlayer::Bot(Box::new(
                bot_spec(spec.as_deref().unwrap_or("greedy")).map_err(|why| WireError::Bot { seat, why })?,
            )),
            (other, _) => return Err(WireError::UnknownPlayer { seat, player: Token::new(other) }),
        };
        if s.open && player != NewPlayer::Human {
            return Err(WireError::OpenBot(seat));
        }
        seats.push(NewSeat { school, player, name, open: s.open });
    }
    // the rules' own checks (two seats of one color ...), before any token is spent
    let schools: Vec<School> = seats.iter().map(|s| s.school).collect();
    Match::new(form, &schools, None)?;
    let time_control = req.clock.check()?;
    Ok(CreateRequest { form, seats, time_control, private: req.private, rated: req.rated })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    seat: Seat,
}

/// Decodes the body of `POST /api/games/{id}/join`: the seat asked for.
pub fn join_request(bytes: &[u8]) -> Result<Seat, WireError> {
    body::<JoinRequest>(bytes).map(|r| r.seat)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    /// Absent (or null) for a signed-in player whose account holds the seat.
    #[serde(default)]
    token: Option<String>,
}

/// Decodes the body of `POST /api/games/{id}/rematch`: the asking seat's
/// token, if it is given (`{}` from a signed-in seat holder).
pub fn rematch_request(bytes: &[u8]) -> Result<Option<String>, WireError> {
    body::<RematchRequest>(bytes).map(|r| r.token)
}

/// A game's status in the lobby.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Open,
    Playing,
    Over,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
}

/// The lobby's query (`GET /api/games?status=&limit=`): the status asked
/// for, and how many games (100 by default, at most 500).
pub fn list_query(q: &HashMap<String, String>) -> Result<(Option<Status>, u32), WireError> {
    let status = match q.get("status").map(String::as_str) {
        None => None,
        Some("open") => Some(Status::Open),
        Some("playing") => Some(Status::Playing),
        Some("over") => Some(Status::Over),
        Some(other) => return Err(WireError::UnknownStatus(Token::new(other))),
    };
    let limit = match q.get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| WireError::BadLimit(Token::new(l)))?.min(500),
        None => 100,
    };
    Ok((status, limit))
}

/// Decodes the query of `GET /api/games/{id}/chat`: the lines numbered
/// below `before` (all when absent), at most `limit` of them (1 to `max`,
/// `max` when absent).
pub fn chat_query(q: &HashMap<String, String>, max: u32) -> Result<(Option<u32>, u32), WireError> {
    let before = match q.get("before") {
        Some(b) => Some(b.parse::<u32>().map_err(|_| WireError::BadBefore(Token::new(b)))?),
        None => None,
    };
    let limit = match q.get("limit") {
        Some(l) => l.parse::<u32>().map_err(|_| WireError::BadLimit(Token::new(l)))?.clamp(1, max),
        None => max,
    };
    Ok((before, limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_bots_are_checked() {
        assert_eq!(name("  Ada "), Ok("Ada".to_string()));
        assert_eq!(name(""), Err(NameError::Length));
        assert_eq!(name("a,b"), Err(NameError::Characters));
        assert_eq!(bot_spec("cmd:/bin/sh"), Err(BotSpecError::Outside));
        assert!(matches!(bot_spec("mcts:threads=64"), Err(BotSpecError::Spec(_))));
        assert!(bot_spec("greedy").is_ok());
    }

    #[test]
    fn a_hello_names_one_of_our_languages() {
        let hello = |text: &str| client_message(text);
        assert_eq!(
            hello(r#"{"type":"hello","lang":"es"}"#),
            Ok(ClientMessage::Hello { token: None, lang: Some(Lang::Es) })
        );
        assert_eq!(
            hello(r#"{"type":"hello","token":"t"}"#),
            Ok(ClientMessage::Hello { token: Some("t".into()), lang: None })
        );
        for bad in
            [r#"{"type":"hello","lang":"fr"}"#, r#"{"type":"hello","lang":"ES"}"#, r#"{"type":"hello","lang":3}"#]
        {
            assert!(matches!(hello(bad), Err(WireError::Malformed(_))), "{bad}");
        }
    }

    #[test]
    fn the_lobby_query_is_bounded() {
        let q = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert_eq!(list_query(&q(&[])), Ok((None, 100)));
        assert_eq!(list_query(&q(&[("status", "over"), ("limit", "9999")])), Ok((Some(Status::Over), 500)));
        assert_eq!(list_query(&q(&[("status", "x")])), Err(WireError::UnknownStatus(Token::new("x"))));
        assert_eq!(list_query(&q(&[("limit", "-1")])), Err(WireError::BadLimit(Token::new("-1"))));
    }

    #[test]
    fn a_create_request_is_decoded_to_typed_seats() {
        let body = br#"{"form":"duel","seats":[{"school":"northern","player":"human","open":true},
            {"school":"southern","player":"bot","bot":"easy","name":"Bo"}],"clock":{"kind":"move","secs":30}}"#;
        let r = create_request(body).unwrap();
        assert_eq!(r.form, Form::Duel);
        assert_eq!(r.seats[0].player, NewPlayer::Human);
        assert!(r.seats[0].open);
        assert!(matches!(r.seats[1].player, NewPlayer::Bot(_)));
        assert_eq!(r.seats[1].name.as_deref(), Some("Bo"));
        assert_eq!(r.time_control, TimeControl::Move { secs: 30 });
        let same_school = br#"{"form":"duel","seats":[{"school":"northern","player":"human"},
            {"school":"northern","player":"human"}]}"#;
        assert!(matches!(create_request(same_school), Err(WireError::Setup(_))));
    }
}
