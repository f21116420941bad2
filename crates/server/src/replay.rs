//! Replays and records of finished games, built a few at a time and kept in
//! a cache bounded by its bytes.
//!
//! A finished game never changes, so its replay (every step's view, as JSON)
//! and its record are built once and kept as bytes: every answer is a
//! shared reference to them, and a hundred requests for one replay cost
//! one build. A build replays the log and writes the JSON step by step
//! into one buffer (no tree of values), at most `builds` at once; one
//! address may have at most `per_address` builds waiting or running
//! (`429` beyond). The least recently used answers leave the cache when
//! it would hold more than its budget; an answer larger than the whole
//! budget is served without being kept.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use bytes::Bytes;
use tokio::sync::Semaphore;

use crate::api::ApiError;
use crate::limit::{InFlight, Over};

struct Cached {
    bytes: Bytes,
    used: u64,
}

#[derive(Default)]
struct Cache {
    answers: HashMap<String, Cached>,
    bytes: usize,
    clock: u64,
}

pub struct Replays {
    cache: Mutex<Cache>,
    budget: usize,
    builds: Semaphore,
    per_address: Arc<InFlight>,
}

impl Replays {
    pub fn new(budget: usize, builds: usize, per_address: usize) -> Replays {
        Replays {
            cache: Mutex::new(Cache::default()),
            budget,
            builds: Semaphore::new(builds.max(1)),
            per_address: InFlight::new(per_address.max(1), usize::MAX),
        }
    }

    fn cached(&self, key: &str) -> Option<Bytes> {
        let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        c.clock += 1;
        let now = c.clock;
        c.answers.get_mut(key).map(|e| {
            e.used = now;
            e.bytes.clone()
        })
    }

    fn keep(&self, key: String, bytes: Bytes) {
        if bytes.len() > self.budget {
            return;
        }
        let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if c.answers.contains_key(&key) {
            return;
        }
        while c.bytes + bytes.len() > self.budget {
            let Some(oldest) = c.answers.iter().min_by_key(|(_, e)| e.used).map(|(k, _)| k.clone()) else { break };
            if let Some(e) = c.answers.remove(&oldest) {
                c.bytes -= e.bytes.len();
            }
        }
        c.clock += 1;
        c.bytes += bytes.len();
        let used = c.clock;
        c.answers.insert(key, Cached { bytes, used });
    }

    /// The bytes held by the cache.
    pub fn cached_bytes(&self) -> usize {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }

    /// The answer kept under `key`, or built by `build` (in turn with the
    /// other builds) and kept.
    pub async fn get(
        &self,
        peer: Option<IpAddr>,
        key: String,
        build: impl Future<Output = Result<Bytes, ApiError>>,
    ) -> Result<Bytes, ApiError> {
        if let Some(b) = self.cached(&key) {
            return Ok(b);
        }
        let _slot = match peer.map(|ip| self.per_address.acquire(ip)) {
            Some(Err(Over::Address(n) | Over::Total(n))) => {
                return Err(ApiError(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("your address has {n} replays or records being prepared; try again when they are done"),
                ))
            }
            Some(Ok(slot)) => Some(slot),
            None => None,
        };
        let _permit = self.builds.acquire().await.map_err(crate::api::internal)?;
        // another request may have built it while this one waited
        if let Some(b) = self.cached(&key) {
            return Ok(b);
        }
        let bytes = build.await?;
        self.keep(key, bytes.clone());
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_cache_keeps_its_budget_and_forgets_the_least_recently_used() {
        let r = Replays::new(10, 1, 4);
        let make = |n: usize| async move { Ok::<_, ApiError>(Bytes::from(vec![b'x'; n])) };
        assert_eq!(r.get(None, "a".into(), make(4)).await.ok().unwrap().len(), 4);
        r.get(None, "b".into(), make(4)).await.ok().unwrap();
        // a is used again, so b is the one to go
        r.get(None, "a".into(), async { panic!("a is cached") }).await.ok().unwrap();
        r.get(None, "c".into(), make(4)).await.ok().unwrap();
        assert_eq!(r.cached_bytes(), 8);
        assert!(r.cached("b").is_none() && r.cached("a").is_some() && r.cached("c").is_some());
        // too big to keep: served, not kept
        assert_eq!(r.get(None, "d".into(), make(11)).await.ok().unwrap().len(), 11);
        assert!(r.cached("d").is_none());
        assert_eq!(r.cached_bytes(), 8);
    }
}
