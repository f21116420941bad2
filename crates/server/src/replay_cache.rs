//! Replays and records of finished games, built a few at a time and kept in
//! a cache bounded by its bytes.
//!
//! A finished game never changes, so its replay (every step's view, as JSON)
//! and its record are built once and kept as bytes: every answer is a
//! shared reference to them, and a hundred requests for one replay cost
//! one build (requests for an answer being built wait for that build). A build replays the log and writes the JSON step by step
//! into one buffer (no tree of values), at most `builds` at once; one
//! address may have at most `per_address` builds waiting or running
//! (`429` beyond). The least recently used answers leave the cache when
//! it would hold more than its budget; an answer larger than the whole
//! budget is served without being kept.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use tokio::sync::Semaphore;

use crate::error::{Error, Held};
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

/// An answer being built, awaited by every request for it.
type Building = Arc<tokio::sync::OnceCell<Bytes>>;

pub struct Replays {
    cache: Mutex<Cache>,
    building: Mutex<HashMap<String, Building>>,
    budget: usize,
    builds: Semaphore,
    per_address: Arc<InFlight>,
}

impl Replays {
    pub fn new(budget: usize, builds: usize, per_address: usize) -> Replays {
        Replays {
            cache: Mutex::new(Cache::default()),
            building: Mutex::new(HashMap::new()),
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
        build: impl Future<Output = Result<Bytes, Error>>,
    ) -> Result<Bytes, Error> {
        if let Some(b) = self.cached(&key) {
            return Ok(b);
        }
        let cell = {
            let mut building = self.building.lock().unwrap_or_else(|e| e.into_inner());
            building.entry(key.clone()).or_default().clone()
        };
        // the first request builds; the others wait for its answer (or, if
        // it fails, the next one tries)
        let answer = cell.get_or_try_init(|| self.build(peer, &key, build)).await.cloned();
        {
            let mut building = self.building.lock().unwrap_or_else(|e| e.into_inner());
            if building.get(&key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                building.remove(&key);
            }
        }
        answer
    }

    async fn build(
        &self,
        peer: Option<IpAddr>,
        key: &str,
        build: impl Future<Output = Result<Bytes, Error>>,
    ) -> Result<Bytes, Error> {
        let _slot = match peer.map(|ip| self.per_address.acquire(ip)) {
            Some(Err(Over::Address(n) | Over::Total(n))) => {
                return Err(Error::TooManyRequests { held: Held::Replays(n) })
            }
            Some(Ok(slot)) => Some(slot),
            None => None,
        };
        let _permit = self.builds.acquire().await.map_err(Error::internal)?;
        // another request may have built it while this one waited
        if let Some(b) = self.cached(key) {
            return Ok(b);
        }
        let bytes = build.await?;
        self.keep(key.to_string(), bytes.clone());
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_cache_keeps_its_budget_and_forgets_the_least_recently_used() {
        let r = Replays::new(10, 1, 4);
        let make = |n: usize| async move { Ok::<_, Error>(Bytes::from(vec![b'x'; n])) };
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

    #[tokio::test]
    async fn one_build_for_many_requests_and_a_limit_on_builds_per_address() {
        let r = Arc::new(Replays::new(1 << 20, 1, 1));
        let builds = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let (r, builds) = (r.clone(), builds.clone());
                tokio::spawn(async move {
                    r.get(Some(ip), "a".into(), async move {
                        builds.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        Ok(Bytes::from_static(b"replay"))
                    })
                    .await
                    .ok()
                })
            })
            .collect();
        for t in tasks {
            assert_eq!(t.await.unwrap().as_deref(), Some(&b"replay"[..]));
        }
        assert_eq!(builds.load(std::sync::atomic::Ordering::SeqCst), 1);
        // a second build from the same address while one is under way: 429
        let (r2, ip2) = (r.clone(), ip);
        let slow = tokio::spawn(async move {
            r2.get(Some(ip2), "b".into(), async {
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                Ok(Bytes::from_static(b"b"))
            })
            .await
            .ok()
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let refused = r.get(Some(ip), "c".into(), async { Ok(Bytes::from_static(b"c")) }).await;
        assert_eq!(refused.err().map(|e| e.status()), Some(axum::http::StatusCode::TOO_MANY_REQUESTS));
        assert!(r
            .get(Some("10.0.0.2".parse().unwrap()), "c".into(), async { Ok(Bytes::from_static(b"c")) })
            .await
            .is_ok());
        assert!(slow.await.unwrap().is_some());
    }
}
