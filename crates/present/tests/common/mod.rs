//! Helpers shared by the present' integration tests.
#![allow(dead_code)]

pub use tash_kalar_testkit::Gate;
