//! The languages the server speaks: each language's messages, loaded
//! once for the whole process, and the language of a request.
//!
//! The server words nothing itself: what a player reads comes from the
//! i18n crate's messages (through the presentation layer for a game, and
//! `error-<code>` for an error). A page's own language (a WebSocket's
//! hello) wins over what its request's headers say.

use std::sync::OnceLock;

use axum::http::{header, HeaderMap};
use tash_kalar_i18n::{Lang, Messages};

/// The cookie that keeps a reader's choice of language, set by the page's
/// language selector (`web/i18n.js`) so the server can read it.
pub const COOKIE: &str = "tk-lang";

/// The messages of `lang`, parsed on first use and kept (a bundle takes
/// milliseconds to build; a message microseconds to format).
pub fn messages(lang: Lang) -> &'static Messages {
    static ALL: OnceLock<Vec<Messages>> = OnceLock::new();
    let all = ALL.get_or_init(|| Lang::ALL.into_iter().map(Messages::new).collect());
    &all[index(lang)]
}

/// The number of languages ([`Lang::ALL`]).
pub const LANGS: usize = Lang::ALL.len();

/// A language's place in [`Lang::ALL`], for tables kept per language.
pub fn index(lang: Lang) -> usize {
    Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)
}

/// The language to serve: the stored choice (the [`COOKIE`] in a `Cookie`
/// header) if it names one of ours, else the best of `Accept-Language`
/// (quality values honoured), else English.
pub fn negotiate(cookie: Option<&str>, accept_language: Option<&str>) -> Lang {
    let stored = cookie
        .into_iter()
        .flat_map(|c| c.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, value)| Lang::ALL.into_iter().find(|l| l.code() == value.trim()));
    stored.unwrap_or_else(|| accept_language.map_or(Lang::En, Lang::from_accept_language))
}

/// The language a request's headers ask for ([`negotiate`]).
pub fn of_request(headers: &HeaderMap) -> Lang {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    negotiate(text(header::COOKIE), text(header::ACCEPT_LANGUAGE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_choice_wins_then_accept_language_then_english() {
        assert_eq!(negotiate(Some("tk-lang=cs"), Some("es")), Lang::Cs);
        assert_eq!(negotiate(Some("a=1; tk-lang=es ; b=2"), None), Lang::Es);
        assert_eq!(negotiate(None, Some("fr;q=1, es;q=0.5, cs;q=0.8")), Lang::Cs, "quality values decide");
        assert_eq!(negotiate(None, Some("es-MX,es;q=0.9")), Lang::Es);
        assert_eq!(negotiate(Some("tk-lang=xx"), Some("es")), Lang::Es, "an unknown choice is ignored");
        assert_eq!(negotiate(Some("other-tk-lang=cs"), Some("en")), Lang::En, "only our cookie");
        assert_eq!(negotiate(None, Some("fr, de")), Lang::En);
        assert_eq!(negotiate(None, None), Lang::En);
        assert_eq!(negotiate(Some(""), Some("")), Lang::En);
    }

    #[test]
    fn each_language_has_its_messages() {
        for lang in Lang::ALL {
            assert_eq!(messages(lang).lang(), lang);
            assert_eq!(Lang::ALL[index(lang)], lang);
        }
    }
}
