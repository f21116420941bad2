//! The server's one error: every refusal sent over a WebSocket and every
//! HTTP error is an [`Error`]. Its variant is its code (kebab-case,
//! [`Code`], listed in `docs/server-protocol.md`), its fields the code's
//! typed arguments, its `Display` the English text for logs and tools.
//! What a reader is sent, `message`, is worded in the connection's or
//! the request's language from the message `error-<code>` and the args
//! ([`Error::message`]), so the page keeps no list of codes.
//!
//! This module sits at the bottom of the server with `wire`: it imports
//! nothing of the layers above it.

use std::fmt;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use tash_kalar_present::{Arg, Lang};
use tash_kalar_rules::{Mover, Refusal};

use crate::account::{NameError, PasswordError};
use crate::site::ChatError;
use crate::wire::WireError;

/// A seat or chance as a refusal names it: a seat counted from 1, or `"chance"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Who(pub Mover);

impl Serialize for Who {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Mover::Seat(seat) => s.serialize_u64(seat as u64 + 1),
            Mover::Chance => s.serialize_str("chance"),
        }
    }
}

/// Too much held at once by one address.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// Connections open (`conn.rs`).
    Connections(usize),
    /// Replays and records waiting or being built (`replay_cache.rs`).
    Replays(usize),
    /// Analyses running (`analysis.rs`).
    Analyses(usize),
}

impl fmt::Display for Held {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Held::Connections(n) => write!(f, "your address holds {n} connections, the most allowed; close some"),
            Held::Replays(n) => {
                write!(f, "your address has {n} replays or records being prepared; try again when they are done")
            }
            Held::Analyses(n) => write!(f, "your address has {n} analysis running, the most allowed; wait for it"),
        }
    }
}

fn text<S: Serializer>(v: &impl fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

fn name_reason<S: Serializer>(why: &NameError, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(why.code())
}

fn password_reason<S: Serializer>(why: &PasswordError, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(why.code())
}

/// The rules' text when the refusal came from the match, else our own.
fn said(rules: &Option<Box<Refusal>>, own: impl fmt::Display) -> String {
    match rules {
        Some(r) => r.to_string(),
        None => own.to_string(),
    }
}

/// Why a request or a message was refused; nothing changed.
///
/// The args are the variant's fields (seat numbers count from 1); fields
/// marked `skip` are for the English text and the logs only.
#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize, strum::EnumDiscriminants)]
#[serde(untagged)]
#[strum_discriminants(
    name(Code),
    vis(pub),
    derive(strum::EnumIter, strum::IntoStaticStr, Hash, PartialOrd, Ord),
    strum(serialize_all = "kebab-case")
)]
pub enum Error {
    // The rules' refusals of an act (`Match::act`, `undo_by`, `resign`);
    // `rules` keeps the match's own refusal, for its text and as data.
    #[error("{}", said(rules, "the game is over"))]
    GameOver {
        #[serde(skip)]
        rules: Option<Box<Refusal>>,
    },
    #[error("{}", said(rules, format_args!("there is no seat {seat} at this table")))]
    NoSuchSeat {
        seat: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        seats: Option<usize>,
        #[serde(skip)]
        rules: Option<Box<Refusal>>,
    },
    #[error("{rules}")]
    NotYourTurn {
        by: Who,
        actor: Who,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{rules}")]
    WrongPhase {
        choice: String,
        deciding: String,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{rules}")]
    Illegal {
        choice: String,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{rules}")]
    IllegalNearest {
        choice: String,
        /// The nearest legal choices, joined with `, `.
        nearest: String,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{}", said(rules, format_args!("{text:?}: {why}")))]
    UnknownChoice {
        text: String,
        why: String,
        #[serde(skip)]
        rules: Option<Box<Refusal>>,
    },
    #[error("{rules}")]
    NothingToTakeBack {
        seat: usize,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{rules}")]
    CannotResign {
        form: String,
        #[serde(skip)]
        rules: Box<Refusal>,
    },
    #[error("{rules}")]
    TooLateToAbort {
        #[serde(skip)]
        rules: Box<Refusal>,
    },

    // The game's own refusals (the actor's and the log's).
    #[error("you do not hold seat {seat}")]
    NotYourSeat { seat: usize },
    #[error("spectators cannot play: open the game with a seat link to play")]
    SpectatorCannotPlay,
    #[error("spectators can read the chat but not write in it")]
    SpectatorCannotChat,
    #[error("your time ran out: a bot plays this seat now")]
    TimeRanOut,
    #[error("stale: the game is at version {current}, not {version}")]
    StaleVersion { version: u32, current: u32 },
    #[error("a version is required")]
    VersionRequired,
    #[error("send {{\"type\":\"resign\"}} to resign")]
    ResignMessage,
    #[error("only a seat can take back, resign or run out of time")]
    SeatRequired,
    #[error("a choice entry without a choice")]
    BadEntry,
    #[error("{why}")]
    BadChat {
        #[serde(serialize_with = "text")]
        why: ChatError,
    },
    #[error("too many chat messages; wait {secs} s")]
    ChatTooFast { secs: u64 },
    #[error("this game's chat is full: it holds its maximum of {lines} lines")]
    ChatFull { lines: usize },
    #[error("the server could not save this; nothing changed, try again")]
    SaveFailed,
    #[error("this seat token is not one of this game's")]
    BadToken,
    #[error("a bot plays this seat")]
    SeatIsBot,
    #[error("this seat is taken")]
    SeatTaken,
    #[error("this seat is reserved for the player the game's creator sent its link to")]
    SeatReserved,
    #[error("the game is not over")]
    GameNotOver,
    #[error("a rematch is being made; try again in a moment")]
    RematchInProgress,
    #[error("this game has not been analysed: ask for an analysis first")]
    NotAnalysed,
    #[error("the server is analysing {running} games, its most at once; try again later")]
    AnalysesBusy { running: usize },
    // Games that end (`actor/endings.rs`).
    #[error("no seat is away on its turn: there is nothing to claim")]
    NothingToClaim,
    #[error("the absent seat may be claimed against in {secs} s")]
    ClaimTooEarly { secs: u64 },
    #[error("only a melee or team player may leave a game; resign instead")]
    CannotLeave,
    // Table manners (`actor/manners.rs`).
    #[error("in a rated game a take-back needs the other players' agreement: ask them")]
    UndoRated,
    #[error("a take-back request is already open")]
    TakebackOpen,
    #[error("your take-back request was declined at this position")]
    TakebackDeclined,
    #[error("there is nobody to ask for a take-back")]
    TakebackNobody,
    #[error("there is no take-back request for you to answer")]
    NoTakeback,

    // Rated games and players (`rating`, `players.rs`).
    #[error("rated games are for signed-in players: sign in first")]
    RatedNeedsAccount,
    #[error("a rated game has no bots")]
    RatedWithBots,
    #[error("the first game is never rated")]
    RatedForm,
    #[error("in a rated game every human seat but the creator's is open, for a signed-in player to join")]
    RatedSeats,
    #[error("no player with this name")]
    NoSuchPlayer,
    #[error("unknown rating pool {pool:?} (duel, high-form, melee or team)")]
    NoSuchPool { pool: String },

    // The connection.
    #[error("{why}")]
    BadMessage {
        #[serde(skip)]
        why: WireError,
    },
    #[error("say hello first: {{\"type\":\"hello\",\"token\":...}}")]
    HelloFirst,
    #[error("hello was already said on this connection")]
    HelloTwice,
    #[error("no game with this id")]
    NoSuchGame,
    #[error("the server is full: it holds its maximum of {games} games in play; try again later")]
    ServerFull { games: usize },
    #[error("server error: {why}")]
    ServerError {
        #[serde(skip)]
        why: String,
    },

    // HTTP: the codes of a status with no finer code.
    #[error("{why}")]
    BadRequest {
        #[serde(skip)]
        why: WireError,
    },
    #[error("requests from other sites are refused: this origin is not allowed (see --allow-origin)")]
    Forbidden,
    #[error("this server does not answer for this host name (see --host-name)")]
    UnknownHost,
    #[error("not found")]
    NotFound,
    #[error("the request does not fit the game as it is now")]
    Conflict,
    #[error("the request took too long (a body sent too slowly?)")]
    RequestTimeout,
    #[error("send the request body as JSON, with Content-Type: application/json")]
    NotJson,
    #[error("request body too large")]
    TooLarge,
    #[error("{held}")]
    TooManyRequests {
        #[serde(skip)]
        held: Held,
    },
    #[error("too many games created from your address; try again in {secs} s")]
    TooManyGames { secs: u64 },
    #[error("too many seats joined from your address; try again in {secs} s")]
    TooManyJoins { secs: u64 },

    // Accounts (`account/`).
    #[error("{why}")]
    BadName {
        #[serde(rename = "reason", serialize_with = "name_reason")]
        why: NameError,
        min: usize,
        max: usize,
    },
    #[error("{why}")]
    BadPassword {
        #[serde(rename = "reason", serialize_with = "password_reason")]
        why: PasswordError,
        min: usize,
        max: usize,
    },
    #[error("this name is taken")]
    NameTaken,
    #[error("no account has this name and password")]
    BadCredentials,
    #[error("sign in first")]
    SignInRequired,
    #[error("too many sign-in attempts; try again in {secs} s")]
    TooManySignIns { secs: u64 },
    #[error("too many accounts created from your address; try again in {secs} s")]
    TooManyAccounts { secs: u64 },
    #[error("a signed-in request from another site is refused")]
    CrossOrigin,
    #[error("the server holds {connections} connections; try again later")]
    ServerBusy {
        #[serde(skip)]
        connections: usize,
    },

    // Lessons (`learn.rs`).
    #[error("no such lesson or step")]
    NoSuchLesson,
    #[error("choice {index} ({choice}) is not one of the choices here; nothing was played")]
    LessonChoice { index: usize, choice: String },

    // Finding a game (`pairing`): seeks, challenges, blocks (besides
    // `sign-in-required`, `rated-needs-account` and `no-such-player` above).
    #[error("that is your own name")]
    OwnName,
    #[error("one of you has blocked the other: no challenges between you")]
    Blocked,
    #[error("no such seek: it was paired, cancelled or has expired")]
    NoSuchSeek,
    #[error("no such challenge: it was answered, cancelled or has expired")]
    NoSuchChallenge,
    #[error("too many seeks waiting ({seeks}, the most allowed); cancel one or try again later")]
    TooManySeeks { seeks: usize },
    #[error("too many challenges waiting for an answer ({challenges}, the most allowed)")]
    TooManyChallenges { challenges: usize },
    #[error("you block {blocks} players, the most allowed")]
    TooManyBlocks { blocks: usize },
    #[error("too many requests from your address; try again in {secs} s")]
    TooFast { secs: u64 },
}

impl Code {
    /// The code as sent (`game-over`, `not-your-turn`, ...).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Every code, in the enum's order.
    pub fn all() -> impl Iterator<Item = Code> {
        <Code as strum::IntoEnumIterator>::iter()
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Error {
    pub fn code(&self) -> Code {
        self.into()
    }

    /// The code's arguments, a JSON object (`{}` for a code without any).
    pub fn args(&self) -> Value {
        match serde_json::to_value(self) {
            Ok(v @ Value::Object(_)) => v,
            _ => json!({}),
        }
    }

    /// An internal failure (the database, a task): logged, and answered
    /// `server-error`.
    pub fn internal(e: impl fmt::Display) -> Error {
        tracing::error!(error = %e, "internal error");
        Error::ServerError { why: e.to_string() }
    }

    /// The match's refusal that this error passes on, if it is one.
    pub fn rules(&self) -> Option<&Refusal> {
        match self {
            Error::GameOver { rules } | Error::NoSuchSeat { rules, .. } | Error::UnknownChoice { rules, .. } => {
                rules.as_deref()
            }
            Error::NotYourTurn { rules, .. }
            | Error::WrongPhase { rules, .. }
            | Error::Illegal { rules, .. }
            | Error::IllegalNearest { rules, .. }
            | Error::NothingToTakeBack { rules, .. }
            | Error::CannotResign { rules, .. }
            | Error::TooLateToAbort { rules } => Some(rules),
            _ => None,
        }
    }

    /// The HTTP status it is answered with.
    pub fn status(&self) -> StatusCode {
        match self.code() {
            Code::BadRequest | Code::BadName | Code::BadPassword => StatusCode::BAD_REQUEST,
            Code::RatedWithBots | Code::RatedForm | Code::RatedSeats => StatusCode::BAD_REQUEST,
            Code::BadCredentials | Code::SignInRequired => StatusCode::UNAUTHORIZED,
            Code::Forbidden
            | Code::UnknownHost
            | Code::SeatReserved
            | Code::CrossOrigin
            | Code::RatedNeedsAccount
            | Code::Blocked => StatusCode::FORBIDDEN,
            Code::NotFound
            | Code::NoSuchGame
            | Code::NoSuchPlayer
            | Code::NoSuchPool
            | Code::NoSuchLesson
            | Code::NotAnalysed
            | Code::NoSuchSeek
            | Code::NoSuchChallenge => StatusCode::NOT_FOUND,
            Code::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Code::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Code::TooManyRequests
            | Code::TooManyGames
            | Code::TooManyJoins
            | Code::TooManySignIns
            | Code::TooManyAccounts
            | Code::TooManySeeks
            | Code::TooManyChallenges
            | Code::TooFast => StatusCode::TOO_MANY_REQUESTS,
            Code::ServerError => StatusCode::INTERNAL_SERVER_ERROR,
            Code::ServerFull | Code::ServerBusy | Code::AnalysesBusy => StatusCode::SERVICE_UNAVAILABLE,
            // a game's refusal over HTTP (`join`, `rematch`): not possible now
            _ => StatusCode::CONFLICT,
        }
    }

    /// The error in words of `lang`: the message `error-<code>` with the
    /// args (numbers as numbers, so the messages choose their plurals).
    pub fn message(&self, lang: Lang) -> String {
        let args = self.args();
        let args: Vec<(&str, Arg)> = args
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| {
                let v = match v {
                    Value::Number(n) => Arg::Num(n.as_f64().unwrap_or_default()),
                    Value::String(s) => Arg::Str(s.clone()),
                    other => Arg::Str(other.to_string()),
                };
                (k.as_str(), v)
            })
            .collect();
        tash_kalar_present::error_text_with(self.code().name(), &args, crate::words::messages(lang))
    }

    /// The body of an HTTP error: `{"error", "code", "args", "message"}`
    /// (`error` the English text, `message` in `lang`).
    pub fn http_body(&self, lang: Lang) -> Value {
        json!({ "error": self.to_string(), "code": self.code(), "args": self.args(), "message": self.message(lang) })
    }

    /// The HTTP answer, worded in `lang`.
    pub fn response(&self, lang: Lang) -> Response {
        let mut r = (self.status(), Json(self.http_body(lang))).into_response();
        if let Error::TooManyGames { secs }
        | Error::TooManyJoins { secs }
        | Error::TooManySignIns { secs }
        | Error::TooManyAccounts { secs }
        | Error::TooFast { secs } = self
        {
            r.headers_mut().insert(header::RETRY_AFTER, (*secs).into());
        }
        r
    }

    /// A WebSocket's `error` message: `{"type":"error", "code", "args",
    /// "message", "error"}` (`message` in `lang`, `error` the English text
    /// with its details, as over HTTP), and for the match's refusal
    /// `refusal`, the refusal as data (its kind, the args, the nearest
    /// legal choices as a list).
    pub fn ws_message(&self, lang: Lang) -> Value {
        let mut m = json!({"type": "error", "code": self.code(), "args": self.args(),
                           "message": self.message(lang), "error": self.to_string()});
        if let Some(r) = self.rules() {
            let kind = match r {
                Refusal::GameOver => "game-over",
                Refusal::NoSuchSeat { .. } => "no-such-seat",
                Refusal::WrongSeat { .. } => "wrong-seat",
                Refusal::WrongPhase { .. } => "wrong-phase",
                Refusal::Illegal { .. } => "illegal",
                Refusal::Syntax { .. } => "syntax",
                Refusal::NothingToTakeBack { .. } => "nothing-to-take-back",
                Refusal::CannotResign { .. } => "cannot-resign",
                Refusal::TooLateToAbort => "too-late-to-abort",
                Refusal::CannotLeave => "cannot-leave",
                Refusal::AlreadyLeft { .. } => "already-left",
            };
            let mut refusal = self.args();
            refusal["kind"] = json!(kind);
            if let Refusal::Illegal { nearest, .. } = r {
                refusal["nearest"] = json!(nearest.iter().map(|c| c.to_string()).collect::<Vec<_>>());
            }
            m["refusal"] = refusal;
        }
        m
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The match's refusal, with its code and typed args.
impl From<Refusal> for Error {
    fn from(r: Refusal) -> Error {
        let rules = Box::new(r.clone());
        match r {
            Refusal::GameOver => Error::GameOver { rules: Some(rules) },
            Refusal::NoSuchSeat { seat, seats } => {
                Error::NoSuchSeat { seat: seat as usize + 1, seats: Some(seats), rules: Some(rules) }
            }
            Refusal::WrongSeat { by, actor } => Error::NotYourTurn { by: Who(by), actor: Who(actor), rules },
            Refusal::WrongPhase { choice, deciding, .. } => {
                Error::WrongPhase { choice: choice.to_string(), deciding: deciding.to_string(), rules }
            }
            Refusal::Illegal { choice, nearest } if nearest.is_empty() => {
                Error::Illegal { choice: choice.to_string(), rules }
            }
            Refusal::Illegal { choice, nearest } => {
                let list: Vec<String> = nearest.iter().map(|c| c.to_string()).collect();
                Error::IllegalNearest { choice: choice.to_string(), nearest: list.join(", "), rules }
            }
            Refusal::Syntax { text, error } => {
                Error::UnknownChoice { text: text.as_str().to_string(), why: error.to_string(), rules: Some(rules) }
            }
            Refusal::NothingToTakeBack { seat } => Error::NothingToTakeBack { seat: seat as usize + 1, rules },
            Refusal::CannotResign { form } => Error::CannotResign { form: form.to_string(), rules },
            Refusal::TooLateToAbort => Error::TooLateToAbort { rules },
            Refusal::CannotLeave => Error::CannotLeave,
            // a seat that left is the bot's
            Refusal::AlreadyLeft { .. } => Error::SeatIsBot,
        }
    }
}

/// In English, carrying the error itself: the door (`door.rs`), which
/// knows the request's language, words it again in that language.
impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let mut r = self.response(Lang::En);
        r.extensions_mut().insert(self);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_kebab_case_and_args_are_the_fields() {
        assert_eq!(Code::IllegalNearest.name(), "illegal-nearest");
        assert_eq!(Code::NotJson.to_string(), "not-json");
        assert!(Code::all().all(|c| c.name().chars().all(|ch| ch.is_ascii_lowercase() || ch == '-')));
        let e = Error::StaleVersion { version: 3, current: 5 };
        assert_eq!(e.code(), Code::StaleVersion);
        assert_eq!(e.args(), json!({"version": 3, "current": 5}));
        assert_eq!(e.to_string(), "stale: the game is at version 5, not 3");
        assert_eq!(Error::SeatTaken.args(), json!({}));
        assert_eq!(Error::BadToken.status(), StatusCode::CONFLICT);
        // the English text of a skipped field stays out of the args
        let busy = Error::TooManyRequests { held: Held::Replays(4) };
        assert_eq!(busy.args(), json!({}));
        assert!(busy.to_string().contains("4 replays"));
    }

    #[test]
    fn the_rules_refusal_keeps_its_text_and_gives_its_data() {
        let r = Refusal::WrongSeat { by: Mover::Seat(0), actor: Mover::Chance };
        let e = Error::from(r.clone());
        assert_eq!(e.code(), Code::NotYourTurn);
        assert_eq!(e.to_string(), r.to_string());
        assert_eq!(e.args(), json!({"by": 1, "actor": "chance"}));
        let m = e.ws_message(Lang::En);
        assert_eq!(m["refusal"], json!({"by": 1, "actor": "chance", "kind": "wrong-seat"}));
        assert_eq!(m["message"], "it is not your turn to choose");
        let e = Error::from(Refusal::NoSuchSeat { seat: 5, seats: 2 });
        assert_eq!(e.args(), json!({"seat": 6, "seats": 2}));
        assert_eq!(Error::NoSuchSeat { seat: 6, seats: None, rules: None }.args(), json!({"seat": 6}));
    }

    /// Every code's message takes the args its error has, in every
    /// language (a message naming an arg the error lacks would show
    /// Fluent's error marker).
    #[test]
    fn every_error_is_worded_with_its_args_in_every_language() {
        let rules = || Box::new(Refusal::GameOver);
        let samples = [
            Error::GameOver { rules: None },
            Error::NoSuchSeat { seat: 3, seats: Some(2), rules: None },
            Error::NotYourTurn { by: Who(Mover::Seat(0)), actor: Who(Mover::Seat(1)), rules: rules() },
            Error::WrongPhase { choice: "end".into(), deciding: "effect".into(), rules: rules() },
            Error::Illegal { choice: "place e5".into(), rules: rules() },
            Error::IllegalNearest { choice: "place e5".into(), nearest: "place e6".into(), rules: rules() },
            Error::UnknownChoice { text: "x".into(), why: "no".into(), rules: None },
            Error::NothingToTakeBack { seat: 1, rules: rules() },
            Error::CannotResign { form: "melee".into(), rules: rules() },
            Error::NotYourSeat { seat: 2 },
            Error::StaleVersion { version: 3, current: 5 },
            Error::ChatTooFast { secs: 2 },
            Error::ServerFull { games: 10 },
            Error::TooManyGames { secs: 30 },
            Error::BadName { why: NameError::Reserved, min: 3, max: 20 },
            Error::BadPassword { why: PasswordError::TooShort, min: 8, max: 256 },
            Error::TooManySignIns { secs: 30 },
            Error::TooManyAccounts { secs: 30 },
            Error::NoSuchPool { pool: "x".into() },
            Error::TooManySeeks { seeks: 4 },
            Error::TooManyChallenges { challenges: 8 },
            Error::TooManyBlocks { blocks: 500 },
            Error::TooFast { secs: 6 },
        ];
        for lang in Lang::ALL {
            let m = crate::words::messages(lang);
            for e in &samples {
                let args = e.args();
                let args: Vec<(&str, Arg)> =
                    args.as_object().unwrap().iter().map(|(k, v)| (k.as_str(), Arg::Str(v.to_string()))).collect();
                let (_, errors) = m.format_checked(&format!("error-{}", e.code()), None, &args).expect("a message");
                assert!(errors.is_empty(), "{lang}: error-{}: {errors:?}", e.code());
            }
        }
        let e = Error::StaleVersion { version: 3, current: 5 };
        assert!(e.message(Lang::En).contains('5'), "{}", e.message(Lang::En));
        assert_ne!(e.message(Lang::Es), e.message(Lang::En));
        assert_eq!(e.http_body(Lang::Cs)["message"], e.message(Lang::Cs));
    }
}
