//! Every text a player reads, in English, Spanish and Czech.
//!
//! The messages are Project Fluent files in `locales/<lang>/*.ftl`,
//! embedded at build time (see `build.rs`): `ui.ftl` (the interface, the
//! log, choices, questions, results), `help.ftl` (the rules summary and
//! the keys), `cards.ftl` and `tasks.ftl` (names and texts), `steps.ftl`
//! (what each step of an effect asks, by the step's id: [`step_id`]). The
//! English card and task files are written from the engine's own
//! definitions by a test (`TK_WRITE_LOCALES=1 cargo test -p
//! tash-kalar-i18n`); the steps' words, in every language, live only here
//! (the engine names a step by its id). Plurals and cases are the files'
//! business (Fluent selects on the plural category of a number), never the
//! code's.
//!
//! The engine's notations (board text, choice text, records, the engine
//! protocol, JSON) never change with the language. This crate holds the
//! low-level words (card, task, color, piece names...); the
//! `tash-kalar-present` crate words the events, choices, questions and
//! results from them, once for every client.
//!
//! ```
//! use tash_kalar_i18n::{Lang, Messages};
//! let es = Messages::new(Lang::Es);
//! assert_eq!(es.lang(), Lang::Es);
//! assert_eq!(Lang::from_accept_language("cs-CZ,cs;q=0.9,en;q=0.8"), Lang::Cs);
//! assert_eq!(Lang::from_accept_language("en;q=0.5,es"), Lang::Es);
//! let card = tash_kalar_rules::CardId::parse("imperial.cannon").unwrap();
//! assert_eq!(Messages::new(Lang::En).card_name(card), "Cannon");
//! ```

use std::borrow::Cow;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use tash_kalar_rules::{CardId, Step, TaskId};
use unic_langid::LanguageIdentifier;

mod memo;
mod render;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// A language of the game's texts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Lang {
    En,
    Es,
    Cs,
}

impl Lang {
    /// Every language, the default (English) first. A new language is a new
    /// folder under `locales/` and a line here.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Cs];

    /// The language's code and folder name (`en`, `es`, `cs`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Cs => "cs",
        }
    }

    /// The language's name in itself, for a language selector.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Cs => "Čeština",
        }
    }

    /// A language from a tag or a locale: `es`, `es-MX`, `cs_CZ.UTF-8`,
    /// `EN`. `None` for a language the game does not speak.
    pub fn parse(text: &str) -> Option<Lang> {
        let base = text.trim().split(['.', '@']).next().unwrap_or("").replace('_', "-");
        let id: LanguageIdentifier = base.parse().ok()?;
        Lang::ALL.into_iter().find(|l| id.language.as_str().eq_ignore_ascii_case(l.code()))
    }

    fn langid(self) -> LanguageIdentifier {
        self.code().parse().expect("a language code")
    }

    /// The best language for an HTTP `Accept-Language` header (quality
    /// values honoured; English when none of ours is asked for).
    pub fn from_accept_language(header: &str) -> Lang {
        // fluent-langneg's parser drops the weights: order by them first
        // (a stable sort, so equal weights keep the header's order), and
        // leave out what is refused (`q=0`) or unreadable
        let mut weighted: Vec<(f32, &str)> = header
            .split(',')
            .filter_map(|item| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let q = match parts.find_map(|p| p.trim().strip_prefix("q=")) {
                    Some(v) => v.trim().parse::<f32>().ok()?,
                    None => 1.0,
                };
                (!tag.is_empty() && q > 0.0).then_some((q, tag))
            })
            .collect();
        weighted.sort_by(|a, b| b.0.total_cmp(&a.0));
        let ordered: Vec<&str> = weighted.into_iter().map(|(_, tag)| tag).collect();
        let requested = fluent_langneg::accepted_languages::parse(&ordered.join(","));
        Lang::negotiate(&requested)
    }

    fn negotiate(requested: &[LanguageIdentifier]) -> Lang {
        let available: Vec<LanguageIdentifier> = Lang::ALL.iter().map(|l| l.langid()).collect();
        let default = Lang::En.langid();
        let got = fluent_langneg::negotiate_languages(
            requested,
            &available,
            Some(&default),
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        got.first().and_then(|id| Lang::parse(&id.to_string())).unwrap_or(Lang::En)
    }

    /// The language the environment asks for, as POSIX programs read it:
    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG` (the first one set and not
    /// empty decides; `C`/`POSIX` or a language we lack mean English).
    /// `var` reads a variable (`|k| std::env::var(k).ok()`).
    pub fn from_env_with(var: impl Fn(&str) -> Option<String>) -> Lang {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Some(v) = var(key).filter(|v| !v.trim().is_empty()) {
                return Lang::parse(&v).unwrap_or(Lang::En);
            }
        }
        Lang::En
    }

    /// [`Lang::from_env_with`] on the process's environment.
    pub fn from_env() -> Lang {
        Lang::from_env_with(|k| std::env::var(k).ok())
    }

    /// The language's message files: (file name, text).
    pub fn files(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        FILES.iter().filter(move |(l, _, _)| *l == self.code()).map(|&(_, name, text)| (name, text))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// An argument of a message: a text or a number (numbers select plural
/// forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Str(String),
    Num(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
num_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f64);

/// Arguments for a message: `args![("card", name), ("n", 3)]`.
#[macro_export]
macro_rules! args {
    ($(($k:expr, $v:expr)),* $(,)?) => {
        &[$(($k, $crate::Arg::from($v))),*][..]
    };
}

/// One language's messages, ready to format.
pub struct Messages {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    /// The names said at every change, each formatted once.
    memo: memo::Memo,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Messages({})", self.lang)
    }
}

/// A message file that does not parse, or defines an id twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub lang: Lang,
    pub file: String,
    pub error: String,
}

impl Messages {
    /// The messages of `lang`, parsed, with the errors of any file (the
    /// tests require none; a file with errors keeps its good messages).
    pub fn load(lang: Lang) -> (Messages, Vec<FileError>) {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
        // Unicode isolation marks would be counted as width in a terminal
        // and the page has no right-to-left language.
        bundle.set_use_isolating(false);
        let mut errors = Vec::new();
        for (file, text) in lang.files() {
            let res = match FluentResource::try_new(text.to_string()) {
                Ok(r) => r,
                Err((r, errs)) => {
                    errors.extend(errs.into_iter().map(|e| FileError {
                        lang,
                        file: file.to_string(),
                        error: format!("{e:?}"),
                    }));
                    r
                }
            };
            if let Err(errs) = bundle.add_resource(res) {
                errors.extend(errs.into_iter().map(|e| FileError {
                    lang,
                    file: file.to_string(),
                    error: format!("{e:?}"),
                }));
            }
        }
        (Messages { lang, bundle, memo: memo::Memo::new() }, errors)
    }

    /// The messages of `lang` (the files are checked by the tests; a
    /// broken one would only lose its bad messages).
    pub fn new(lang: Lang) -> Messages {
        Messages::load(lang).0
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the message `id` exists.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    fn fluent_args(args: &[(&str, Arg)]) -> FluentArgs<'static> {
        let mut a = FluentArgs::new();
        for (k, v) in args {
            let v: FluentValue<'static> = match v {
                Arg::Str(s) => FluentValue::String(Cow::Owned(s.clone())),
                Arg::Num(n) => FluentValue::from(*n),
            };
            a.set(k.to_string(), v);
        }
        a
    }

    /// Formats `id` (or its attribute `attr`) with `args`, and the errors
    /// met (a missing argument, a missing message). `None` when the
    /// message or attribute does not exist.
    pub fn format_checked(&self, id: &str, attr: Option<&str>, args: &[(&str, Arg)]) -> Option<(String, Vec<String>)> {
        let msg = self.bundle.get_message(id)?;
        let pattern = match attr {
            Some(a) => msg.get_attribute(a)?.value(),
            None => msg.value()?,
        };
        let fargs = Messages::fluent_args(args);
        let mut errs = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(&fargs), &mut errs).into_owned();
        Some((text, errs.into_iter().map(|e| format!("{e:?}")).collect()))
    }

    /// The message `id` with `args`; the id itself if there is no such
    /// message (the tests make sure there always is).
    pub fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.format_checked(id, None, args).map_or_else(|| id.to_string(), |(t, _)| t)
    }

    /// The attribute `attr` of message `id`, if both exist.
    pub fn attr(&self, id: &str, attr: &str, args: &[(&str, Arg)]) -> Option<String> {
        self.format_checked(id, Some(attr), args).map(|(t, _)| t)
    }

    /// The ids of every message of this language (terms left out), with
    /// their attributes, in file order.
    pub fn ids(lang: Lang) -> Vec<(String, Vec<String>)> {
        use fluent_syntax::ast::Entry;
        let mut out = Vec::new();
        for (_, text) in lang.files() {
            let res = match fluent_syntax::parser::parse(text) {
                Ok(r) => r,
                Err((r, _)) => r,
            };
            for e in res.body {
                if let Entry::Message(m) = e {
                    out.push((m.id.name.to_string(), m.attributes.iter().map(|a| a.id.name.to_string()).collect()));
                }
            }
        }
        out
    }
}

/// The message id of a card or task: its reference id with `.` made `-`
/// (`imperial.cannon` is `imperial-cannon`).
pub fn message_id(reference: &str) -> String {
    reference.replace('.', "-")
}

/// Fluent text for a value: braces escaped, so the engine's words pass
/// through unchanged.
fn ftl_value(s: &str) -> String {
    s.replace('{', "{\"{\"}").replace('}', "{\"}\"}")
}

/// The English card file as the engine's definitions say it (what
/// `locales/en/cards.ftl` must hold; the tests compare and rewrite it).
pub fn english_cards_ftl() -> String {
    use tash_kalar_rules::cards::Deck;
    use tash_kalar_rules::frozen::frozen_effect;
    let mut out = String::from(
        "# GENERATED from the engine's card definitions (crates/rules/src/cards):\n\
         # do not edit; `TK_WRITE_LOCALES=1 cargo test -p tash-kalar-i18n` rewrites it.\n\
         # Message id: the card's reference id with `.` made `-`; value: its name;\n\
         # .text its effect; .frozen its Everfrost frozen effect; .warp its\n\
         # Etherweave warp effect.\n",
    );
    let mut deck = None;
    for c in CardId::all() {
        if deck != Some(c.deck()) {
            deck = Some(c.deck());
            let d: Deck = c.deck();
            out.push_str(&format!("\n## {}\n\n", d.prefix()));
        }
        let def = c.def();
        out.push_str(&format!("{} = {}\n", message_id(def.id), ftl_value(def.name)));
        out.push_str(&format!("    .text = {}\n", ftl_value(def.text)));
        if let Some(f) = frozen_effect(c) {
            out.push_str(&format!("    .frozen = {}\n", ftl_value(f.text)));
        }
        if let Some(w) = tash_kalar_rules::warp::warp_effect(c) {
            out.push_str(&format!("    .warp = {}\n", ftl_value(w.text)));
        }
    }
    out
}

/// The English task file as the engine's definitions say it.
pub fn english_tasks_ftl() -> String {
    let mut out = String::from(
        "# GENERATED from the engine's task definitions (crates/rules/src/tasks.rs):\n\
         # do not edit; `TK_WRITE_LOCALES=1 cargo test -p tash-kalar-i18n` rewrites it.\n\
         # Message id: the task's reference id with `.` made `-`; value: its name;\n\
         # .text its criterion.\n\n",
    );
    for t in TaskId::all() {
        let def = t.def();
        out.push_str(&format!("{} = {}\n", message_id(def.id), ftl_value(def.name)));
        out.push_str(&format!("    .text = {}\n", ftl_value(def.text)));
    }
    out
}

/// The message id of a step's words ([`Question::step`]): `step-` and
/// the step's stable id with every `.` and `_` made `-`
/// (`imperial.cannon.aim` is `step-imperial-cannon-aim`), in `steps.ftl`.
/// The page's `stepId` (`web/i18n.js`) is the same function; the tests check
/// that no two steps share a message id and that every step has one in
/// every language.
///
/// [`Question::step`]: tash_kalar_rules::Question::step
pub fn step_id(step: Step) -> String {
    format!("step-{}", step.id().replace(['.', '_'], "-"))
}
