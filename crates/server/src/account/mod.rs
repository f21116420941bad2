//! Accounts (optional: guests play by link): who a request comes from.
//!
//! A signed-in visitor carries the `tk_session` cookie, a random token
//! whose SHA-256 is a row of `sessions` (migration 0005). Every handler
//! that cares asks for a [`Visitor`]. The account routes (sign up, sign in
//! and out, change the password, delete: `docs/server-protocol.md`,
//! "Accounts") are in `routes`, built on `names` (what a name may be and
//! when two are one), `password` (bounds and Argon2id), [`session`] (the
//! cookie) and `throttle` (sign-in tries per address and per account);
//! their queries, on SQLite and on PostgreSQL, are `store`'s.
//!
//! The module sits low (below `error`, `live` and `db`, which name its
//! types); `routes` alone, the handlers and the `Visitor` extractor, sits
//! with the other handlers, above the app's state (`tests/layers.rs`).

mod names;
mod password;
mod routes;
pub(crate) mod session;
mod store;
mod throttle;

use std::net::IpAddr;

/// A name's key: two names are one account's when their keys are equal
/// (NFKC, Unicode case folding: `STRASSE` and `Straße`).
pub(crate) use names::key as name_key;
pub use names::NameError;
pub use password::PasswordError;
pub(crate) use routes::routes;
pub(crate) use session::{Account, AccountId, Lifetimes, Visitor};
/// SQL written for both databases, in SQLite's placeholders.
pub(crate) use store::lite;
// (the ported modules' tests: each case on both databases)
#[cfg(test)]
pub(crate) use store::both;

use crate::limit::RateLimit;

/// Password hashes computed at once: each holds 19 MiB and a core for tens
/// of milliseconds, so a burst of sign-ins waits its turn instead.
const HASHES_AT_ONCE: usize = 2;

/// What the account routes share: the throttles and the hashing turns.
pub(crate) struct Accounts {
    /// Accounts created per address.
    sign_ups: throttle::Throttle<IpAddr>,
    /// Sign-in tries per address (every try).
    sign_ins: throttle::Throttle<IpAddr>,
    /// Failed sign-ins per account name key (known or not).
    failures: throttle::Throttle<String>,
    hashing: tokio::sync::Semaphore,
    /// How long sessions live (`Config`'s `session_idle`, `session_max`).
    sessions: Lifetimes,
}

impl Accounts {
    /// The throttles: accounts created per address, sign-in tries per
    /// address, failed sign-ins per name (`Config`'s `sign_up_limit`,
    /// `sign_in_limit`, `sign_in_failures_limit`); and how long sessions live.
    pub fn new(
        sign_ups: Option<RateLimit>,
        sign_ins: Option<RateLimit>,
        failures: Option<RateLimit>,
        sessions: Lifetimes,
    ) -> Accounts {
        // made now, not by the first unknown name's sign-in, which would take twice as long
        password::dummy_hash();
        Accounts {
            sign_ups: throttle::Throttle::new(sign_ups),
            sign_ins: throttle::Throttle::new(sign_ins),
            failures: throttle::Throttle::new(failures),
            hashing: tokio::sync::Semaphore::new(HASHES_AT_ONCE),
            sessions,
        }
    }
}
