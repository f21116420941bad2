//! What finding a game's clients send, decoded into closed, bounded,
//! typed values (as `wire` does for the rest of the server): the bodies
//! of `POST /api/seeks` and `POST /api/challenges`, a player's name in a
//! path, and the lobby socket's messages.

use serde::Deserialize;
use tash_kalar_rules::Form;

use super::Terms;
use crate::clock::TimeControl;
use crate::wire::WireError;

/// The longest message the lobby's socket reads, in bytes.
pub(crate) const MAX_LOBBY_MESSAGE: usize = 1024;
/// The longest player's name looked up, in characters (an account's name
/// is shorter: this only bounds what is looked up).
const MAX_NAME: usize = 64;

fn body<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, WireError> {
    serde_json::from_slice(bytes).map_err(|e| WireError::MalformedBody(e.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    form: String,
    #[serde(default)]
    clock: TimeControl,
    #[serde(default)]
    rated: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    to: String,
    form: String,
    #[serde(default)]
    clock: TimeControl,
    #[serde(default)]
    rated: bool,
}

/// The terms asked for, checked: a form of two seats, a clock within its
/// bounds, and rated only in a form that has a rating pool (the first
/// game is never rated).
fn terms(form: &str, clock: TimeControl, rated: bool) -> Result<Terms, WireError> {
    let form = Form::parse(form).ok_or_else(|| WireError::UnknownForm(tash_kalar_rules::Token::new(form)))?;
    if *form.seats().end() != 2 {
        return Err(WireError::NotTwoSeats(form.name()));
    }
    if rated && form == Form::FirstGame {
        return Err(WireError::NeverRated(form.name()));
    }
    Ok(Terms { form, clock: clock.check()?, rated })
}

/// Decodes the body of `POST /api/seeks`: `{"form", "clock", "rated"}`.
pub(crate) fn seek_request(bytes: &[u8]) -> Result<Terms, WireError> {
    let b: SeekBody = body(bytes)?;
    terms(&b.form, b.clock, b.rated)
}

/// Decodes the body of `POST /api/challenges`: `{"to", "form", "clock",
/// "rated"}`; the name as given (trimmed) and the terms.
pub(crate) fn challenge_request(bytes: &[u8]) -> Result<(String, Terms), WireError> {
    let b: ChallengeBody = body(bytes)?;
    Ok((player_name(&b.to)?, terms(&b.form, b.clock, b.rated)?))
}

/// A player's name to look up (trimmed), of a length an account's name
/// could have.
pub(crate) fn player_name(name: &str) -> Result<String, WireError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(WireError::PlayerName);
    }
    Ok(name.to_string())
}

/// A message from a lobby socket's client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub(crate) enum LobbyMessage {
    /// Tell this socket what becomes of the seek (its id, as `POST
    /// /api/seeks` answered it); the seek is cancelled if the socket
    /// closes while it waits.
    Follow { seek: String },
}

/// Decodes a lobby socket's text message.
pub(crate) fn lobby_message(text: &str) -> Result<LobbyMessage, WireError> {
    if text.len() > MAX_LOBBY_MESSAGE {
        return Err(WireError::TooLong);
    }
    serde_json::from_str(text).map_err(|e| WireError::Malformed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeks_are_for_two_seats_and_rated_only_where_a_pool_is() {
        let t = seek_request(br#"{"form":"duel","clock":{"kind":"game","secs":300,"increment":3},"rated":true}"#);
        assert_eq!(
            t,
            Ok(Terms { form: Form::Duel, clock: TimeControl::Game { secs: 300, increment: 3 }, rated: true })
        );
        assert_eq!(
            seek_request(br#"{"form":"high-form"}"#),
            Ok(Terms { form: Form::HighForm, clock: TimeControl::None, rated: false })
        );
        assert_eq!(seek_request(br#"{"form":"melee"}"#), Err(WireError::NotTwoSeats("melee")));
        assert_eq!(seek_request(br#"{"form":"first-game","rated":true}"#), Err(WireError::NeverRated("first-game")));
        assert_eq!(
            seek_request(br#"{"form":"chess"}"#),
            Err(WireError::UnknownForm(tash_kalar_rules::Token::new("chess")))
        );
        assert!(matches!(seek_request(br#"{"form":"duel","colour":"red"}"#), Err(WireError::MalformedBody(_))));
        assert!(matches!(
            seek_request(br#"{"form":"duel","clock":{"kind":"move","secs":0}}"#),
            Err(WireError::Clock(_))
        ));
    }

    #[test]
    fn a_challenge_names_a_player() {
        let (to, t) = challenge_request(br#"{"to":" Ana ","form":"duel"}"#).unwrap();
        assert_eq!((to.as_str(), t.form, t.rated), ("Ana", Form::Duel, false));
        assert_eq!(challenge_request(br#"{"to":"  ","form":"duel"}"#), Err(WireError::PlayerName));
        let long = format!(r#"{{"to":"{}","form":"duel"}}"#, "a".repeat(65));
        assert_eq!(challenge_request(long.as_bytes()), Err(WireError::PlayerName));
        assert!(matches!(challenge_request(br#"{"form":"duel"}"#), Err(WireError::MalformedBody(_))));
    }

    #[test]
    fn the_lobby_socket_reads_follow_and_nothing_else() {
        assert_eq!(lobby_message(r#"{"type":"follow","seek":"ab"}"#), Ok(LobbyMessage::Follow { seek: "ab".into() }));
        assert!(matches!(lobby_message(r#"{"type":"hello"}"#), Err(WireError::Malformed(_))));
        assert_eq!(lobby_message(&"x".repeat(MAX_LOBBY_MESSAGE + 1)), Err(WireError::TooLong));
    }
}
