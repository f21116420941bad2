//! The message files kept whole: the English card and task files are the
//! engine's definitions; every language has every message with the same
//! attributes and no extra ones; every message is used by the code; every
//! card and task has a name and a text in every language; every message
//! formats without errors with representative arguments, in each plural
//! category of its language.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use tash_kalar_i18n::{english_cards_ftl, english_tasks_ftl, message_id, step_id, Arg, Lang, Messages};
use tash_kalar_rules::{CardId, Color, Dir, Form, Orientation, School, Step, TaskId};

/// Schools being built on other branches: their card messages may be in
/// the Spanish and Czech files (`cards-expansions.ftl`) before the engine
/// has the cards. Remove a school from here when it joins `School::ALL`.
const COMING: &[&str] = &[];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

#[test]
fn the_english_card_and_task_files_are_the_engines() {
    let write = std::env::var("TK_WRITE_LOCALES").is_ok_and(|v| v == "1");
    for (file, want) in [("cards.ftl", english_cards_ftl()), ("tasks.ftl", english_tasks_ftl())] {
        let path = locales().join("en").join(file);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have != want {
            if write {
                std::fs::write(&path, &want).unwrap();
                eprintln!("rewrote {}", path.display());
            } else {
                panic!(
                    "{} is stale: run `TK_WRITE_LOCALES=1 cargo test -p tash-kalar-i18n` to write it anew",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn every_file_parses_and_no_id_is_defined_twice() {
    for lang in Lang::ALL {
        let (_, errors) = Messages::load(lang);
        assert!(errors.is_empty(), "{lang}: {errors:#?}");
        let mut seen = BTreeSet::new();
        for (id, _) in Messages::ids(lang) {
            assert!(seen.insert(id.clone()), "{lang}: {id} defined twice");
        }
    }
    // every folder under locales/ is a language of the list
    for e in std::fs::read_dir(locales()).unwrap().flatten() {
        if e.path().is_dir() {
            let name = e.file_name().to_string_lossy().to_string();
            assert!(Lang::ALL.iter().any(|l| l.code() == name), "locales/{name} is not in Lang::ALL");
        }
    }
}

fn coming(id: &str) -> bool {
    COMING.iter().any(|p| id.starts_with(p))
}

#[test]
fn every_language_has_every_message_with_the_same_attributes() {
    let en: BTreeMap<String, Vec<String>> = Messages::ids(Lang::En).into_iter().collect();
    for lang in [Lang::Es, Lang::Cs] {
        let other: BTreeMap<String, Vec<String>> = Messages::ids(lang).into_iter().collect();
        let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k) && !coming(k)).collect();
        assert!(extra.is_empty(), "{lang} has messages English does not: {extra:?}");
        for (id, attrs) in &en {
            let mut a = attrs.clone();
            let mut b = other[id].clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{lang}: the attributes of {id}");
        }
    }
}

#[test]
fn every_card_and_task_has_a_name_and_a_text_in_every_language() {
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        for c in CardId::all() {
            let id = message_id(c.def().id);
            let name = m.card_name(c);
            assert!(m.has(&id) && !name.trim().is_empty() && name != id, "{lang}: {id} has no name");
            let text = m.attr(&id, "text", &[]);
            assert!(text.is_some_and(|t| !t.trim().is_empty()), "{lang}: {id} has no text");
            let frozen = tash_kalar_rules::frozen::frozen_effect(c).is_some();
            assert_eq!(m.card_frozen(c).is_some(), frozen, "{lang}: {id}'s frozen effect");
        }
        for t in TaskId::all() {
            let id = message_id(t.def().id);
            assert!(m.has(&id) && !m.task_name(t).trim().is_empty(), "{lang}: {id} has no name");
            assert!(m.attr(&id, "text", &[]).is_some_and(|t| !t.trim().is_empty()), "{lang}: {id} has no text");
        }
    }
    // the names a guidebook gives are kept
    let card = |id| CardId::parse(id).unwrap();
    assert_eq!(Messages::new(Lang::Cs).card_name(card("imperial.cannon")), "Kanon");
}

/// Every source file whose text may name a message: the Rust crates and
/// the page.
fn sources() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![root().join("crates"), root().join("web")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if p.is_dir() {
                if name != "target" && name != "locales" && name != "vendor" && name != "tests" {
                    dirs.push(p);
                }
            } else if ["rs", "js", "html"].iter().any(|x| name.ends_with(&format!(".{x}"))) {
                out.push((p.clone(), std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out
}

/// The message ids the code builds from a prefix and a value of the
/// engine (`'color-' + c` in the page), with every value the engine has.
fn dynamic_ids() -> Vec<(&'static str, Vec<String>)> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    vec![
        ("color-", Color::ALL.iter().map(|c| serde_json::to_value(c).unwrap().as_str().unwrap().to_string()).collect()),
        ("school-", School::ALL.iter().map(|c| c.name().to_string()).collect()),
        ("form-", Form::ALL.iter().map(|c| c.name().to_string()).collect()),
        ("dir-", Dir::ALL.iter().map(|c| c.name().to_string()).collect()),
        ("orientation-", Orientation::all().map(|c| c.name().to_string()).collect()),
        ("level-", s(&["easy", "medium", "hard", "expert"])),
        ("option-", s(tash_kalar_rules::OPTION_MEANINGS)),
        // the puzzles' themes, as stored (`tash_kalar_puzzles::Theme`)
        ("puzzles-theme-", s(&["win-now", "stop-the-win", "claim-task", "best-score"])),
    ]
}

#[test]
fn every_message_is_used_by_the_code() {
    let sources = sources();
    let all: String = sources.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");
    let engine_ids: BTreeSet<String> = CardId::all()
        .map(|c| message_id(c.def().id))
        .chain(TaskId::all().map(|t| message_id(t.def().id)))
        .chain(Step::ALL.iter().map(|&s| step_id(s)))
        .collect();
    let mut unused = Vec::new();
    for (id, _) in Messages::ids(Lang::En) {
        if engine_ids.contains(&id) || coming(&id) {
            continue;
        }
        let literal = [format!("\"{id}\""), format!("'{id}'"), format!("`{id}`")];
        if literal.iter().any(|l| all.contains(l)) {
            continue;
        }
        let dynamic = dynamic_ids().into_iter().any(|(prefix, values)| {
            id.strip_prefix(prefix).is_some_and(|rest| values.iter().any(|v| v == rest))
                && (all.contains(&format!("'{prefix}'"))
                    || all.contains(&format!("\"{prefix}\""))
                    || all.contains(&format!("`{prefix}${{")))
        });
        // the errors are worded by their code (`format!("error-{code}")` in
        // the server and the presentation crate); the server's test
        // `error_codes` checks that each code has its message
        let by_code = id.starts_with("error-") && all.contains("\"error-{");
        // lessons' ids are built from the lesson files' ids; crates/learn's
        // test `no_lesson_message_is_stray` checks each is used (the
        // `lessons-ui-` words are literals, checked here)
        let lesson = id.starts_with("lessons-") && !id.starts_with("lessons-ui-");
        if !dynamic && !by_code && !lesson {
            unused.push(id);
        }
    }
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

/// The variables a pattern refers to, with the variant keys when it
/// selects on them.
fn variables(p: &ast::Pattern<&str>, out: &mut BTreeMap<String, BTreeSet<String>>) {
    fn expr(e: &ast::Expression<&str>, out: &mut BTreeMap<String, BTreeSet<String>>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                if let ast::InlineExpression::VariableReference { id } = selector {
                    let keys = out.entry(id.name.to_string()).or_default();
                    for v in variants {
                        keys.insert(match &v.key {
                            ast::VariantKey::Identifier { name } => name.to_string(),
                            ast::VariantKey::NumberLiteral { value } => value.to_string(),
                        });
                    }
                }
                for v in variants {
                    variables(&v.value, out);
                }
            }
            ast::Expression::Inline(i) => inline(i, out),
        }
    }
    fn inline(i: &ast::InlineExpression<&str>, out: &mut BTreeMap<String, BTreeSet<String>>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                out.entry(id.name.to_string()).or_default();
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr(expression, out);
        }
    }
}

/// A message's variables, each with the variant keys selected on it.
type Vars = BTreeMap<String, BTreeSet<String>>;

/// Every message and attribute of a language: (id, attribute, variables).
fn messages_ast(lang: Lang) -> Vec<(String, Option<String>, Vars)> {
    let mut out = Vec::new();
    for (_, text) in lang.files() {
        let res = fluent_syntax::parser::parse(text).unwrap_or_else(|(r, _)| r);
        for e in &res.body {
            if let ast::Entry::Message(m) = e {
                let mut vars = BTreeMap::new();
                if let Some(v) = &m.value {
                    variables(v, &mut vars);
                }
                out.push((m.id.name.to_string(), None, vars));
                for a in &m.attributes {
                    let mut vars = BTreeMap::new();
                    variables(&a.value, &mut vars);
                    out.push((m.id.name.to_string(), Some(a.id.name.to_string()), vars));
                }
            }
        }
    }
    out
}

/// Arguments the code gives that English does not use (other languages
/// may): a color's key for adjectives that agree with it, an effect's text.
const EXTRA_ARGS: &[(&str, &str)] = &[("piece", "c")];

/// Variables that hold numbers (a plural category is chosen from them).
const NUMBERS: &[&str] = &["n", "points", "count", "number", "seat", "first", "second", "score", "earlier", "later"];

/// Whether a variable holds a number: a known one, or one a message
/// selects a plural category (or an exact number) for.
fn numeric(name: &str, keys: &BTreeSet<String>) -> bool {
    NUMBERS.contains(&name)
        || keys.iter().any(|k| ["zero", "one", "two", "few", "many"].contains(&k.as_str()) || k.parse::<f64>().is_ok())
}

#[test]
fn every_message_formats_with_representative_arguments_in_every_plural_category() {
    let mut en_vars: BTreeMap<(String, Option<String>), Vars> =
        messages_ast(Lang::En).into_iter().map(|(id, a, v)| ((id, a), v)).collect();
    for (id, var) in EXTRA_ARGS {
        let vars = en_vars.get_mut(&(id.to_string(), None)).expect("a message of EXTRA_ARGS");
        assert!(vars.insert(var.to_string(), BTreeSet::new()).is_none(), "English uses ${var} in {id}");
    }
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        let mut formatted = 0;
        for (id, attr, vars) in messages_ast(lang) {
            if let Some(en) = en_vars.get(&(id.clone(), attr.clone())) {
                for v in vars.keys() {
                    assert!(en.contains_key(v), "{lang}: {id} uses ${v}, which the code does not give");
                }
            }
            // every variable the English message takes is given
            let given = en_vars.get(&(id.clone(), attr.clone())).cloned().unwrap_or_else(|| vars.clone());
            let numbers: &[f64] = &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 11.0, 21.0, 22.0, 1.5];
            for round in 0..numbers.len() {
                let args: Vec<(&str, Arg)> = given
                    .iter()
                    .map(|(k, keys)| {
                        let v = if k == "place" {
                            Arg::Num([2.0, 3.0, 4.0][round % 3])
                        } else if numeric(k, keys) {
                            Arg::Num(numbers[round])
                        } else if let Some(key) = keys.iter().nth(round % keys.len().max(1)) {
                            Arg::Str(key.clone())
                        } else {
                            Arg::Str(format!("<{k}>"))
                        };
                        (k.as_str(), v)
                    })
                    .collect();
                let (text, errors) = m.format_checked(&id, attr.as_deref(), &args).expect("the message exists");
                assert!(errors.is_empty(), "{lang}: {id} {attr:?} with {args:?}: {errors:?}");
                assert!(!text.trim().is_empty(), "{lang}: {id} is empty");
                assert!(!text.contains('{') || id.contains('-'), "{lang}: {id}: {text}");
                formatted += 1;
            }
            // a plural must have the forms its language needs
            for (k, keys) in &vars {
                if k != "place" && numeric(k, keys) && keys.iter().any(|k| k.parse::<f64>().is_err() && k != "other") {
                    let need: &[&str] = match lang {
                        Lang::Cs => &["one", "few"],
                        _ => &["one"],
                    };
                    for n in need {
                        assert!(keys.contains(*n), "{lang}: {id} selects on ${k} without [{n}]");
                    }
                }
            }
        }
        assert!(formatted > 500, "{lang}: {formatted}");
    }
}

#[test]
fn plural_categories_follow_the_language() {
    let points = |lang, n: u32| {
        Messages::new(lang).text(
            "event-scored",
            &[("who", Arg::from("X")), ("points", Arg::from(n)), ("why", Arg::from("destruction"))],
        )
    };
    assert_eq!(points(Lang::En, 1), "X scores 1 point for destroyed pieces");
    assert_eq!(points(Lang::En, 2), "X scores 2 points for destroyed pieces");
    assert_eq!(points(Lang::Es, 1), "X gana 1 punto por fichas destruidas");
    assert_eq!(points(Lang::Es, 5), "X gana 5 puntos por fichas destruidas");
    assert_eq!(points(Lang::Cs, 1), "X získává 1 bod za zničené kameny");
    assert_eq!(points(Lang::Cs, 3), "X získává 3 body za zničené kameny");
    assert_eq!(points(Lang::Cs, 5), "X získává 5 bodů za zničené kameny");
}

#[test]
fn languages_are_negotiated_from_headers_and_the_environment() {
    assert_eq!(Lang::from_accept_language("es-ES,es;q=0.9,en;q=0.8"), Lang::Es);
    assert_eq!(Lang::from_accept_language("de-DE,cs;q=0.5,es;q=0.3"), Lang::Cs);
    assert_eq!(Lang::from_accept_language("fr"), Lang::En);
    assert_eq!(Lang::from_accept_language(""), Lang::En);
    assert_eq!(Lang::from_accept_language(";;;,q=abc,\u{0}"), Lang::En);
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        Lang::from_env_with(move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))
    };
    assert_eq!(env(&[("LANG", "cs_CZ.UTF-8")]), Lang::Cs);
    assert_eq!(env(&[("LANG", "es_MX.UTF-8"), ("LC_ALL", "en_GB.UTF-8")]), Lang::En);
    assert_eq!(env(&[("LANG", "en_US"), ("LC_MESSAGES", "es")]), Lang::Es);
    assert_eq!(env(&[("LANG", "C")]), Lang::En);
    assert_eq!(env(&[("LANG", "de_DE.UTF-8")]), Lang::En);
    assert_eq!(env(&[]), Lang::En);
    assert_eq!(Lang::parse("ES"), Some(Lang::Es));
    assert_eq!(Lang::parse("cs-CZ"), Some(Lang::Cs));
    assert_eq!(Lang::parse("xx"), None);
}

/// Every step the engine can ask (`Step::ALL`: its ids are unique and well
/// formed, the rules crate checks) has its own message in every language,
/// and every `step-` message is a step's: the words are keyed by the id, so
/// rewording a step renames nothing and a renamed step leaves no orphan.
#[test]
fn every_step_has_words_in_every_language_and_every_step_message_is_a_step() {
    let ids: BTreeSet<String> = Step::ALL.iter().map(|&s| step_id(s)).collect();
    assert_eq!(ids.len(), Step::ALL.len(), "two steps share a message id");
    assert_eq!(step_id(Step::ImperialCannonAim), "step-imperial-cannon-aim");
    assert_eq!(step_id(Step::LegendsStormElementalRank), "step-legends-storm-elemental-rank");
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        for &s in Step::ALL {
            let id = step_id(s);
            assert!(m.has(&id), "{lang}: no words for the step {} ({id})", s.id());
            let words = m.text(&id, &[]);
            assert!(!words.trim().is_empty() && words != id, "{lang}: {id} is empty");
        }
        let orphans: Vec<String> = Messages::ids(lang)
            .into_iter()
            .map(|(id, _)| id)
            .filter(|id| id.starts_with("step-") && !ids.contains(id))
            .collect();
        assert!(orphans.is_empty(), "{lang}: step messages of no step: {orphans:?}");
    }
    // the words are the language's: Spanish and Czech are not the English
    let (en, es, cs) = (Messages::new(Lang::En), Messages::new(Lang::Es), Messages::new(Lang::Cs));
    let id = step_id(Step::ImperialCannonAim);
    assert_eq!(en.text(&id, &[]), "choose an arrow to fire the Cannon along");
    assert_eq!(es.text(&id, &[]), "elige la flecha por la que dispara el Cañón");
    assert_ne!(cs.text(&id, &[]), en.text(&id, &[]));
}

/// The Spanish steps use the Spanish edition's words: ficha (not pieza),
/// criatura (not ser), estallido (not destello), misión (not tarea).
#[test]
fn the_spanish_steps_use_the_editions_terms() {
    let es = Messages::new(Lang::Es);
    for &s in Step::ALL {
        let words = es.text(&step_id(s), &[]);
        let lower = words.to_lowercase();
        for old in ["pieza", "destello", "tarea", "forma superior", " ser pendiente", "el ser ", "con el ser"] {
            assert!(!lower.contains(old), "{}: {words:?} says {old:?}", s.id());
        }
    }
    let pending = es.text(&step_id(Step::EtherweaveWarpmasterReturnOrMove), &[]);
    assert!(pending.contains("tu criatura pendiente"), "{pending}");
}
