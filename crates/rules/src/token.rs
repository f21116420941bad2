//! [`Token`]: a word of an input quoted by an error, kept small.

use arrayvec::ArrayString;

/// The longest word an error quotes, in bytes.
const TOKEN_MAX: usize = 32;

/// A word of a text quoted by an error: its first [`Token::MAX`] bytes (cut
/// at a character boundary), so an error stays small whatever it was given.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Token {
    text: ArrayString<TOKEN_MAX>,
    cut: bool,
}

impl Token {
    pub const MAX: usize = TOKEN_MAX;

    pub fn new(text: &str) -> Token {
        let mut end = text.len().min(TOKEN_MAX);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut kept = ArrayString::new();
        kept.push_str(&text[..end]);
        Token { text: kept, cut: end < text.len() }
    }

    /// The word as kept (the first [`Token::MAX`] bytes).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the word was longer than what is kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }
}

/// Quoted, with `…` when cut.
impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.cut {
            write!(f, "{:?}", format!("{}…", self.text))
        } else {
            write!(f, "{:?}", self.text.as_str())
        }
    }
}
