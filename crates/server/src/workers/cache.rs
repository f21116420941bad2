//! A bot worker's cache of the games it replayed: a game's next job
//! (its version is later: the other seats chose since) reads only the
//! log entries after the version held and applies them, instead of
//! loading and replaying the whole game. Bounded: the least recently
//! used game goes first.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::live::{LiveGame, StoredEntry};

/// The games a worker holds, by id, each at the version of its last job.
pub(super) struct Replayed {
    cap: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Each game with when it was last used (`clock`).
    games: HashMap<String, (LiveGame, u64)>,
    clock: u64,
}

impl Replayed {
    /// A cache of at most `cap` games (none when 0).
    pub fn new(cap: usize) -> Replayed {
        Replayed { cap, inner: Mutex::new(Inner::default()) }
    }

    /// Takes game `id` out, if held at `version` or before (a job decides
    /// on it meanwhile: two jobs of one game never share it).
    pub fn take(&self, id: &str, version: u32) -> Option<LiveGame> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let held = inner.games.get(id).is_some_and(|(g, _)| g.version() <= version);
        // (a later one is of no use to an older job, but to the next)
        held.then(|| inner.games.remove(id).map(|(g, _)| g)).flatten()
    }

    /// Puts a game back (or in), forgetting the least recently used one
    /// when full.
    pub fn put(&self, g: LiveGame) {
        if self.cap == 0 {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.clock += 1;
        let now = inner.clock;
        if !inner.games.contains_key(&g.id) && inner.games.len() >= self.cap {
            let oldest = inner.games.iter().min_by_key(|(_, (_, used))| *used).map(|(id, _)| id.clone());
            if let Some(id) = oldest {
                inner.games.remove(&id);
            }
        }
        inner.games.insert(g.id.clone(), (g, now));
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.inner.lock().unwrap().games.len()
    }
}

/// Whether `entries` continue a game held at `version` without a gap
/// (numbered `version + 1`, `version + 2`, ...).
pub(super) fn follows(version: u32, entries: &[StoredEntry]) -> bool {
    entries.iter().zip(version + 1..).all(|(e, n)| e.n == n)
}
