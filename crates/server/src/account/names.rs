//! Account names: what may be one, and the key that makes two names one.
//!
//! A name is checked after NFKC normalisation (so a full-width `ＡＮＡ` is
//! `ANA`): 3 to 20 characters, each a letter or a digit of any script, `_`
//! or `-`, starting with a letter or a digit. It is shown as normalised,
//! and is unique on its key: the NFKC form of its Unicode case folding
//! (`caseless`), so `Ana`, `ANA` and `ＡＮＡ` are one name, and `Straße`
//! and `STRASSE` too (which `to_lowercase` would keep apart).
//!
//! Names that read as one of the server's own words are refused, so that
//! nobody plays as a bot level (`hard`), a bot (`mcts`) or the house
//! (`admin`, `guest`, `deleted`...): the key with its `_` and `-` and its
//! final digits taken away is compared with [`RESERVED`] and the bot
//! levels' names, so `Hard_2` and `ad-min` are refused as well.
//! Letters of different scripts that look alike (a Cyrillic `а` for a
//! Latin `a`) are not folded together.

use unicode_normalization::UnicodeNormalization;

/// The fewest characters of a name.
pub(crate) const MIN_CHARS: usize = 3;
/// The most characters of a name.
pub(crate) const MAX_CHARS: usize = 20;

/// Words no name may read as (besides the bot levels, `tash_kalar_bots::Level`).
pub(crate) const RESERVED: &[&str] = &[
    "random",
    "greedy",
    "mcts",
    "bot",
    "bots",
    "computer",
    "ai",
    "admin",
    "administrator",
    "root",
    "system",
    "server",
    "moderator",
    "mod",
    "staff",
    "support",
    "guest",
    "anonymous",
    "anon",
    "deleted",
    "nobody",
    "someone",
    "spectator",
    "player",
    "chance",
    "tashkalar",
    "null",
    "undefined",
];

/// Why a name was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name has at least {MIN_CHARS} characters")]
    TooShort,
    #[error("a name has at most {MAX_CHARS} characters")]
    TooLong,
    #[error("a name is made of letters, digits, _ and -, and starts with a letter or a digit")]
    Characters,
    #[error("this name is kept for the server's own players and words")]
    Reserved,
}

impl NameError {
    /// The reason as the error's args name it (`too-short` ...).
    pub fn code(self) -> &'static str {
        match self {
            NameError::TooShort => "too-short",
            NameError::TooLong => "too-long",
            NameError::Characters => "characters",
            NameError::Reserved => "reserved",
        }
    }
}

/// A checked name: as shown, and its key (unique among accounts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Name {
    pub shown: String,
    pub key: String,
}

/// The key of a name, checked or not: what sign-in looks an account up by.
pub(crate) fn key(name: &str) -> String {
    let nfkc: String = name.trim().nfkc().collect();
    caseless::default_case_fold_str(&nfkc).nfkc().collect()
}

/// Checks a name as typed.
pub(crate) fn check(name: &str) -> Result<Name, NameError> {
    let shown: String = name.trim().nfkc().collect();
    let count = shown.chars().count();
    if count < MIN_CHARS {
        return Err(NameError::TooShort);
    }
    if count > MAX_CHARS {
        return Err(NameError::TooLong);
    }
    let allowed = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    if !shown.chars().all(allowed) || !shown.chars().next().is_some_and(char::is_alphanumeric) {
        return Err(NameError::Characters);
    }
    let key = key(&shown);
    if reserved(&key) {
        return Err(NameError::Reserved);
    }
    Ok(Name { shown, key })
}

/// Whether a key reads as a reserved word (separators and final digits aside).
fn reserved(key: &str) -> bool {
    let bare: String = key.chars().filter(|&c| c != '_' && c != '-').collect();
    let bare = bare.trim_end_matches(|c: char| c.is_ascii_digit());
    let levels = tash_kalar_bots::Level::ALL.iter().map(|l| l.name());
    RESERVED.iter().copied().chain(levels).any(|w| w == bare)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_after_normalisation_and_case_folding() {
        let ana = check("Ana").unwrap();
        assert_eq!(ana, Name { shown: "Ana".into(), key: "ana".into() });
        let wide = check("ＡＮＡ").unwrap();
        assert_eq!(wide.shown, "ANA");
        assert_eq!(wide.key, ana.key);
        assert_eq!(check("  ana ").unwrap().key, "ana");
        assert_eq!(check("Straße").unwrap().key, check("STRASSE").unwrap().key);
        assert_eq!(check("Jiří").unwrap().key, "jiří");
        assert_eq!(check("Muñoz_7").unwrap().shown, "Muñoz_7");
        assert_eq!(key("ＡＮＡ"), "ana");
    }

    #[test]
    fn each_reason_to_refuse_a_name() {
        assert_eq!(check("ab"), Err(NameError::TooShort));
        assert_eq!(check("   "), Err(NameError::TooShort));
        assert_eq!(check(&"a".repeat(21)), Err(NameError::TooLong));
        assert!(check(&"a".repeat(20)).is_ok());
        for bad in ["ana bel", "ana!", "_ana", "-ana", "an\u{202e}a", "ana\u{0}", "a.b.c", "<b>x</b>", "an\u{200b}a"] {
            assert_eq!(check(bad), Err(NameError::Characters), "{bad:?}");
        }
        for taken in
            ["easy", "Hard", "EXPERT", "medium", "mcts", "Random", "admin", "Ad-Min", "guest42", "bot_1", "deleted"]
        {
            assert_eq!(check(taken), Err(NameError::Reserved), "{taken:?}");
        }
        assert!(check("hardy").is_ok());
        assert!(check("botanist").is_ok());
    }
}
