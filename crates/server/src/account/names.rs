//! Account names: what may be one, and the key that makes two names one.
//!
//! A name is checked after NFKC normalisation (so a full-width `ＡＮＡ` is
//! `ANA`): 3 to 20 characters, each a letter or a digit of a script in use
//! today (UTS #39's identifier profile), `_` or `-`, starting with a
//! letter or a digit. It is shown as normalised,
//! and is unique on its key: the NFKC form of its Unicode case folding
//! (`caseless`), so `Ana`, `ANA` and `ＡＮＡ` are one name, and `Straße`
//! and `STRASSE` too (which `to_lowercase` would keep apart).
//!
//! Names that read as one of the server's own words are refused, so that
//! nobody plays as a bot level (`hard`), a bot (`mcts`) or the house
//! (`admin`, `guest`, `deleted`...): the key with its `_` and `-` and its
//! final digits taken away is compared with [`RESERVED`] and the bot
//! levels' names, so `Hard_2` and `ad-min` are refused as well.
//!
//! Letters of other scripts that look like Latin ones are folded into the
//! key too (Unicode UTS #39's confusables: a Cyrillic `а` is a Latin
//! `a`), so the all-Cyrillic `Асе` cannot sign up beside `Ace`; and a name
//! that mixes scripts beyond what UTS #39 calls "highly restrictive" (one
//! script, or Latin with Han, Hiragana and Katakana, or with Hangul) is
//! refused, so `Аna` with a Cyrillic `А` is not a name at all. Latin
//! letters, digits and accents are kept as they are, so the key of a Latin
//! name is what it always was (and look-alikes within Latin, such as `rn`
//! and `m`, stay apart): the key changes only where another script
//! imitates Latin letters (an account made before with such a name keeps
//! its old key: `docs/server-protocol.md`, "Names").

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

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
    #[error("a name is written in one script (Latin, Cyrillic, Greek...), with Latin only beside Chinese, Japanese or Korean")]
    MixedScripts,
}

impl NameError {
    /// The reason as the error's args name it (`too-short` ...).
    pub fn code(self) -> &'static str {
        match self {
            NameError::TooShort => "too-short",
            NameError::TooLong => "too-long",
            NameError::Characters => "characters",
            NameError::Reserved => "reserved",
            NameError::MixedScripts => "mixed-scripts",
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
/// The folded name (NFKC, case folding) with each letter of a script
/// other than Latin replaced by the Latin letters it looks like (its UTS
/// #39 prototype), folded again. Accents (decomposed first) stay: a Latin
/// name's key is as it was.
pub(crate) fn key(name: &str) -> String {
    let folded = fold(name.trim());
    let mut skeleton = String::with_capacity(folded.len());
    for c in folded.chars().nfd() {
        if latin(c) {
            skeleton.push(c);
        } else {
            skeleton.push_str(&look_alike(c));
        }
    }
    fold(&skeleton)
}

/// A letter or mark that a Latin name may hold (digits and `_` are Common).
fn latin(c: char) -> bool {
    matches!(c.script(), Script::Latin | Script::Common | Script::Inherited)
}

/// What a (case-folded) letter of another script looks like: the ASCII
/// prototype of the letter itself (the Cyrillic `і` is an `i`) or else
/// of its capital (the Greek `β` looks like `ß`, but `Β` is a `B`, and a
/// name typed in capitals is folded before it comes here), or else a
/// Latin one; its own prototype when neither is Latin.
fn look_alike(c: char) -> String {
    let own: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).collect();
    let capital: String = c.to_uppercase().collect();
    let capital: String = unicode_security::skeleton(&capital).collect();
    // an ASCII look-alike first: the prototypes of small letters are often
    // rare Latin ones (the Cyrillic `в` is a small capital `ʙ`, `В` a `B`)
    let found = [&own, &capital]
        .into_iter()
        .find(|p| p.is_ascii())
        .or_else(|| [&own, &capital].into_iter().find(|p| p.chars().all(latin)))
        .cloned();
    found.unwrap_or(own)
}

/// NFKC, Unicode case folding, NFKC (so `Straße` is `strasse`).
fn fold(s: &str) -> String {
    let nfkc: String = s.nfkc().collect();
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
    // letters of scripts not in use today (UTS #39's identifier profile)
    // have no look-alike table to fold them by
    if !shown.chars().all(GeneralSecurityProfile::identifier_allowed) {
        return Err(NameError::Characters);
    }
    if shown.as_str().detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
        return Err(NameError::MixedScripts);
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

    #[test]
    fn letters_of_another_script_that_look_latin_are_one_name_with_it() {
        // all Cyrillic: а, с, е, о, р; then capitals, Greek capitals and
        // a Cyrillic dze (ѕ)
        for (other, latin) in
            [("асе", "Ace"), ("АСЕ", "ace"), ("сор", "Cop"), ("Рара", "papa"), ("ΑΒΕ", "abe"), ("ѕоха", "Soxa")]
        {
            let (other, latin) = (check(other).unwrap(), check(latin).unwrap());
            assert_eq!(other.key, latin.key, "{other:?} {latin:?}");
        }
        // a Cyrillic name stays one name in any case, and apart from others
        assert_eq!(check("Ольга").unwrap().key, check("ОЛЬГА").unwrap().key);
        assert_ne!(check("Ольга").unwrap().key, check("Олег").unwrap().key);
        // Latin names keep the key they always had: accents are not folded
        // away, and Latin look-alikes stay apart
        for (name, key) in
            [("Jiří", "jiří"), ("Łukasz", "łukasz"), ("Øyvind", "øyvind"), ("Tom", "tom"), ("Al1", "al1")]
        {
            assert_eq!(check(name).unwrap().key, key);
        }
        assert_ne!(check("Jiri").unwrap().key, check("Jiří").unwrap().key);
        assert_ne!(check("Barn").unwrap().key, check("Bam").unwrap().key);
        // a reserved word spelt in Cyrillic capitals (В, О, Т) is still one
        assert_eq!(check("ВОТ"), Err(NameError::Reserved));
        assert_eq!(key("ВОТ"), "bot");
    }

    #[test]
    fn a_name_that_mixes_scripts_is_refused() {
        // a Cyrillic А, Ѕ or а among Latin letters; a Greek Ω before Latin
        for mixed in ["Аna", "Ѕаѕha", "Ωmega", "іgor", "Anna\u{0430}"] {
            assert_eq!(check(mixed), Err(NameError::MixedScripts), "{mixed:?}");
        }
        // one script, or Latin beside Han and Kana, is a name
        for fine in ["Иван", "Ολγα", "山田太郎", "Tanaka田中", "たなか_3", "김민수", "Muñoz_7", "Straße"]
        {
            assert!(check(fine).is_ok(), "{fine:?}");
        }
        // a script out of use has no look-alike table: refused as characters
        assert_eq!(check("\u{10330}\u{10331}\u{10332}"), Err(NameError::Characters));
    }
}
