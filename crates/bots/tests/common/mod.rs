//! Helpers shared by the bots' integration tests.
#![allow(dead_code)]

pub use tash_kalar_testkit::Gate;
