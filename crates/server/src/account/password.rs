//! Passwords: their bounds, and Argon2id hashes (the `argon2` crate).
//!
//! The hashes use the crate's default parameters (Argon2id, version 0x13,
//! 19 MiB of memory, 2 passes, 1 lane: OWASP's recommended minimum) and a
//! random 16-byte salt, stored as a PHC string (`$argon2id$v=19$m=19456,
//! t=2,p=1$salt$hash`), which names its parameters, so stronger ones can
//! come later without a migration. Hashing takes tens of milliseconds of
//! CPU: callers run it off the async threads, a few at a time
//! (`routes.rs`).
//!
//! Signing in with a name no account has still verifies the password,
//! against [`dummy_hash`], so that a wrong name and a wrong password take
//! the same time.

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The fewest characters of a password.
pub(crate) const MIN_CHARS: usize = 8;
/// The most bytes of a password (UTF-8): enough for any passphrase, and a
/// bound on the work one request may ask for.
pub(crate) const MAX_BYTES: usize = 256;

/// Why a password was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    #[error("a password has at least {MIN_CHARS} characters")]
    TooShort,
    #[error("a password has at most {MAX_BYTES} bytes")]
    TooLong,
}

impl PasswordError {
    /// The reason as the error's args name it.
    pub fn code(self) -> &'static str {
        match self {
            PasswordError::TooShort => "too-short",
            PasswordError::TooLong => "too-long",
        }
    }
}

/// Checks a new password's length (any characters are allowed).
pub(crate) fn check(password: &str) -> Result<(), PasswordError> {
    if password.len() > MAX_BYTES {
        return Err(PasswordError::TooLong);
    }
    if password.chars().count() < MIN_CHARS {
        return Err(PasswordError::TooShort);
    }
    Ok(())
}

/// The Argon2id hash of a password, as a PHC string.
pub(crate) fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Whether `password` is the one `phc` is the hash of (an unreadable hash
/// matches nothing).
pub(crate) fn verify(phc: &str, password: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// A hash of no account's password, made once, with the same parameters
/// as the real ones: verified against when the name is unknown.
pub(crate) fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let secret = super::session::new_token();
        hash(&secret).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(check("1234567"), Err(PasswordError::TooShort));
        assert_eq!(check("ñññññññ"), Err(PasswordError::TooShort), "counted in characters");
        assert_eq!(check("12345678"), Ok(()));
        assert_eq!(check(&"x".repeat(MAX_BYTES)), Ok(()));
        assert_eq!(check(&"x".repeat(MAX_BYTES + 1)), Err(PasswordError::TooLong));
    }

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify(&h, "correct horse"));
        assert!(!verify(&h, "correct horsE"));
        assert_ne!(hash("correct horse").unwrap(), h, "a new salt each time");
        assert!(!verify("not a hash", "x"));
        assert!(dummy_hash().starts_with("$argon2id$"));
    }
}
