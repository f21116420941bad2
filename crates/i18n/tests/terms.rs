//! The editions' own words stay: each language folder may hold a
//! `FORBIDDEN.txt` beside its `GLOSSARY.md`, the words that edition
//! replaced (our old "destello" for the Spanish edition's "estallido"), and
//! no message file of that language may use one again, comments included.

use std::path::{Path, PathBuf};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

/// The forbidden words of a list: one per line, `#` comments and blank
/// lines skipped, lower-cased.
fn forbidden(list: &str) -> Vec<String> {
    list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_lowercase).collect()
}

/// Where `word` starts a word of `text` (lower-cased already): a match
/// not preceded by a letter, so "pieza" finds "piezas" but not "despieza".
fn occurrences(text: &str, word: &str) -> Vec<usize> {
    text.match_indices(word)
        .filter(|(i, _)| !text[..*i].chars().next_back().is_some_and(char::is_alphanumeric))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn replaced_terms_do_not_come_back() {
    let mut found = Vec::new();
    let mut lists = 0;
    for lang in std::fs::read_dir(locales()).unwrap().flatten() {
        let Ok(list) = std::fs::read_to_string(lang.path().join("FORBIDDEN.txt")) else { continue };
        lists += 1;
        let words = forbidden(&list);
        assert!(!words.is_empty(), "{}: an empty list", lang.path().display());
        for f in std::fs::read_dir(lang.path()).unwrap().flatten() {
            let path = f.path();
            if path.extension().is_none_or(|e| e != "ftl") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
            for word in &words {
                for at in occurrences(&text, word) {
                    let line = text[..at].matches('\n').count() + 1;
                    found.push(format!("{}:{line}: «{word}»", path.display()));
                }
            }
        }
    }
    assert!(lists >= 2, "the Spanish and Czech lists are missing");
    assert!(found.is_empty(), "replaced terms are back (see the GLOSSARY.md beside each list):\n{}", found.join("\n"));
}

#[test]
fn a_word_matches_at_a_word_start_only() {
    assert_eq!(occurrences("tus piezas y una pieza", "pieza"), vec![4, 17]);
    assert!(occurrences("despieza", "pieza").is_empty());
    assert_eq!(occurrences("účinek, účinku", "účin"), vec![0, "účinek, ".len()]);
    assert_eq!(forbidden("# note\n\nDestello\n"), vec!["destello"]);
}
