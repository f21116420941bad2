//! Accounts (optional: guests play by link): who a request comes from.
//!
//! A signed-in visitor carries the `tk_session` cookie, a random token
//! whose SHA-256 is a row of `sessions` (migration 0005). Every handler
//! that cares asks for a [`Visitor`]; the account routes (sign up, sign in
//! and out, change the password, delete) build on [`session`].

pub(crate) mod session;

pub(crate) use session::{Account, AccountId, Visitor};
