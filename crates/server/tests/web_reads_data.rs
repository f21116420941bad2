//! The browser renders what it is given (issue 23): the server sends the
//! model of a match in the connection's language, and the page uses its
//! data for the interaction and shows its words. This test reads the
//! scripts in `web/` (comments left out) and checks the property, not a
//! list of old function names:
//! - no script takes a decision from a form's or a school's name: no
//!   form or school name written in the code (`'melee'`, `'high-form'`,
//!   `northern:`), and a view's `form` read only to look its name up
//!   (`formName(v.form)`);
//! - no script words game text itself: no message of the game's sentences
//!   (events, choices, questions, results, options, steps, errors, seat and
//!   team names: the messages of `ui.ftl`, `steps.ftl` and `terminal.ftl`;
//!   every other file holds a page's own words, `web.ftl` and one file per
//!   feature such as `account.ftl`; the errors are the server's to word;
//!   the cards', the tasks' and the low-level words are looked up by id)
//!   named in the code, nor built from a prefix (`` `step-${id}` ``);
//! - no script reads a choice's text for data (the old parsers);
//! - the choice list is built from the model's `legal`.
//!
//! The e2e test "the buttons come from the view's structured choices"
//! checks the page's behaviour in a browser.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tash_kalar_rules::{Form, School};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every script of `web/` (not its vendored libraries) with its comments
/// blanked out, line numbers kept.
fn scripts() -> Vec<(String, String)> {
    let web = root().join("web");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&web).expect("the web folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, without_comments(&std::fs::read_to_string(&path).unwrap())));
        }
    }
    assert!(out.len() >= 4, "the scripts of web/");
    out
}

/// The code without its comments (`// …` after a space or at a line's
/// start, `/* … */`), newlines kept so that line numbers stay true. A `//`
/// right after other text (`'http://…'`, `${proto}//${host}`) is code.
fn without_comments(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    let mut rest = js;
    while !rest.is_empty() {
        let block = rest.find("/*");
        let line = rest.match_indices("//").map(|(i, _)| i).find(|&i| i == 0 || rest[..i].ends_with([' ', '\t', '\n']));
        match (block, line) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                let end = rest[b..].find("*/").map_or(rest.len(), |e| b + e + 2);
                out.extend(rest[b..end].chars().filter(|&c| c == '\n'));
                rest = &rest[end..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                let end = rest[l..].find('\n').map_or(rest.len(), |e| l + e);
                rest = &rest[end..];
            }
            _ => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out
}

/// The string literals of a line of code: their contents, quotes taken off
/// (a template literal's too, `${…}` and all).
fn literals(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let q = bytes[i];
        if q == b'\'' || q == b'"' || q == b'`' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != q {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push(&line[start..j.min(bytes.len())]);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Every `(file, line number, line)` of the scripts.
fn lines() -> Vec<(String, usize, String)> {
    scripts()
        .into_iter()
        .flat_map(|(name, text)| {
            text.lines().enumerate().map(|(i, l)| (name.clone(), i + 1, l.to_string())).collect::<Vec<_>>()
        })
        .collect()
}

fn report(found: &[String], what: &str) {
    assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
}

#[test]
fn no_script_decides_by_a_form_or_a_school_name() {
    let names: BTreeSet<&str> =
        Form::ALL.iter().map(|f| f.name()).chain(School::ALL.iter().map(|s| s.name())).collect();
    assert!(names.contains("melee") && names.contains("team-duel") && names.contains("northern"), "{names:?}");
    let mut found = Vec::new();
    for (file, n, line) in lines() {
        for lit in literals(&line) {
            if names.contains(lit) {
                found.push(format!("web/{file}:{n}: the name `{lit}` written in the code: {}", line.trim()));
            }
        }
        // a table keyed by a school's or a form's name (`northern: 'blue'`)
        for name in &names {
            let key = format!("{name}:");
            let at_word = line
                .match_indices(&key)
                .any(|(i, _)| !line[..i].ends_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_' || c == '.'));
            if at_word && !name.contains('-') {
                found.push(format!("web/{file}:{n}: a table keyed by `{name}`: {}", line.trim()));
            }
        }
        // a view's form is only looked up by its name, never compared
        for (i, _) in line.match_indices(".form") {
            let after = &line[i + ".form".len()..];
            if after.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-') {
                continue;
            }
            let before = &line[..i];
            let object_start =
                before.rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')).map_or(0, |p| p + 1);
            let looked_up = ["formName(", "formLabel("].iter().any(|f| before[..object_start].ends_with(f))
                && after.starts_with(')');
            if !looked_up {
                found.push(format!(
                    "web/{file}:{n}: a form read for a decision (look it up with formName): {}",
                    line.trim()
                ));
            }
        }
    }
    report(&found, "the page takes no decision from a form's or a school's name (the model says: side, can, teams, names, question)");
}

/// The message ids of the game's words: every message of the locales but
/// the page's own (`web-`), the cards' and the tasks' names and texts, and
/// the low-level words a page looks up by id.
fn game_text_ids() -> BTreeSet<String> {
    let looked_up = |id: &str| {
        ["color-", "school-", "form-", "level-"].iter().any(|p| id.starts_with(p))
            || ["rank", "piece", "dir", "list-and", "seat-number"].contains(&id)
    };
    let mut ids = BTreeSet::new();
    let dir = root().join("crates/i18n/locales/en");
    for entry in std::fs::read_dir(&dir).expect("the English messages") {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        if !file.ends_with(".ftl") || file == "cards.ftl" || file == "tasks.ftl" {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Some((id, _)) = line.split_once(" =") else { continue };
            if id.is_empty() || !id.starts_with(|c: char| c.is_ascii_lowercase()) || id.contains(' ') {
                continue;
            }
            // the game's words are those of ui.ftl and steps.ftl (events,
            // choices, questions, results, options, card steps) and the
            // terminal's; every other file holds a page's own words (web.ftl,
            // and one file per feature: analysis.ftl ...), except the
            // errors: the server words those
            let game_words = matches!(file.as_str(), "ui.ftl" | "steps.ftl" | "terminal.ftl");
            let page = !game_words && !id.starts_with("error-");
            if !page && !looked_up(id) {
                ids.insert(id.to_string());
            }
        }
    }
    assert!(
        ["event-placed", "choice-summon", "question-action", "result-wins", "option-color", "seat-in-team"]
            .iter()
            .all(|id| ids.contains(*id)),
        "the game's words: {ids:?}"
    );
    ids
}

/// The first arguments of the line's message look-ups (`t('id', …)`,
/// `tAttr('id', …)`), when written as a literal.
fn looked_up_ids(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for call in ["t(", "tAttr("] {
        for (i, _) in line.match_indices(call) {
            if line[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.' || c == '$') {
                continue;
            }
            let arg = line[i + call.len()..].trim_start();
            if arg.starts_with(['\'', '"', '`']) {
                out.extend(literals(arg).into_iter().take(1));
            }
        }
    }
    out
}

#[test]
fn no_script_words_game_text() {
    let ids = game_text_ids();
    // prefixes a message id of the game's words is built from
    let prefixes = ["event-", "choice-", "question-", "result-", "option-", "step-", "error-", "drew-"];
    let prefixed = |lit: &str| prefixes.iter().any(|p| lit.starts_with(p));
    let built =
        |lit: &str| prefixes.iter().any(|p| lit == *p || lit.strip_prefix(p).is_some_and(|r| r.starts_with("${")));
    let mut found = Vec::new();
    for (file, n, line) in lines() {
        // an id of the game's words anywhere (a table of them), or looked up
        let named = literals(&line).into_iter().filter(|lit| (ids.contains(*lit) && prefixed(lit)) || built(lit));
        let asked = looked_up_ids(&line).into_iter().filter(|lit| ids.contains(*lit));
        let mut seen = BTreeSet::new();
        for lit in named.chain(asked) {
            if seen.insert(lit) {
                found.push(format!("web/{file}:{n}: the game's words made in the page (`{lit}`): {}", line.trim()));
            }
        }
    }
    report(
        &found,
        "the page shows the server's words (events[].text, legal[].label, question.text, result.text, names, a log \
         entry's words, an error's message) and words none itself",
    );
}

#[test]
fn no_script_reads_a_choice_text_for_data() {
    // what reading text to learn what the engine knows looks like (the
    // wire's own short data forms, the board text and a group's member
    // `d7<a3:r+`, are documented for parsing: `board.js`, `memberOf`)
    let forbidden = [
        ("text.split(", "a choice text split into parts"),
        ("text.startsWith(", "a choice text read by its first word"),
        ("text.match(", "a choice text matched"),
        ("view.choices", "the choice texts read as data (use view.legal)"),
        (".prompt", "an English prompt read (use view.question)"),
        ("/^[a-i][1-9]", "a square read out of a text"),
    ];
    let mut found = Vec::new();
    for (file, n, line) in lines() {
        for (pattern, what) in forbidden {
            if line.contains(pattern) {
                found.push(format!("web/{file}:{n}: {what}: {}", line.trim()));
            }
        }
    }
    report(&found, "the web UI must render the model's data, not parse text");
}

#[test]
fn the_choice_list_comes_from_the_model() {
    let game = scripts().into_iter().find(|(n, _)| n == "game.js").expect("web/game.js").1;
    let model = game.split("function model()").nth(1).expect("game.js has model()");
    let body = &model[..model.find("\n}\n").expect("the end of model()")];
    assert!(body.contains("S.view.legal"), "model() must list the model's structured choices:\n{body}");
    assert!(body.contains("fromView"), "model() must take each structured choice as it is:\n{body}");
}

#[test]
fn the_checks_see_what_they_look_for() {
    let code = "const a = 'http://x'; // 'melee'\n/* 'duel'\n*/ if (v.form === 'melee') t(`step-${s}`);";
    let clean = without_comments(code);
    assert_eq!(clean.lines().count(), 3, "{clean}");
    assert!(
        clean.contains("'http://x'") && !clean.contains("'duel'") && clean.matches("'melee'").count() == 1,
        "{clean}"
    );
    assert_eq!(literals("f('a', \"b\", `c${d}`)"), vec!["a", "b", "c${d}"]);
    assert_eq!(looked_up_ids("t('seat-in-team', x) + tAttr(`x`) + at('no') + s.t('no')"), vec!["seat-in-team", "x"]);
}
