//! Helpers shared by the command-line tests: running the binary as a user
//! would, with or without input, and reading what it printed.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn run(args: &[&str]) -> Output {
    english(&mut Command::new(env!("CARGO_BIN_EXE_tash-kalar"))).args(args).output().expect("the binary runs")
}

/// The program in English whatever the machine's locale (the tests of
/// other languages set it themselves).
pub fn english(c: &mut Command) -> &mut Command {
    c.env_remove("LC_ALL").env_remove("LC_MESSAGES").env("LANG", "C")
}

/// Runs with `input` on stdin and these environment variables.
pub fn run_with_env(args: &[&str], input: &str, env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tash-kalar"));
    english(&mut c);
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

/// Runs with `input` on stdin.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = english(&mut Command::new(env!("CARGO_BIN_EXE_tash-kalar")))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // the program may end before it has read everything: a closed pipe is fine
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch directory for one test; `name` is unique across the
/// test files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Fails unless the command failed cleanly: non-zero exit, a message, no panic.
#[track_caller]
pub fn assert_rejected(o: &Output, message: &str) {
    let err = stderr(o);
    assert!(!o.status.success(), "should fail; stdout: {}", stdout(o));
    assert!(err.contains(message), "stderr should mention {message:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[allow(unused_imports)] // not every test binary plays on bare games
pub use tash_kalar_testkit::Gate;
