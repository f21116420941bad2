//! Sign-in throttling: token buckets keyed by anything (an address, an
//! account's name key), as `limit::Limiter` is by address.
//!
//! Signing in is throttled twice: every try costs a token of the asking
//! address's bucket, and every failed try a token of the named account's
//! (whether the account exists or not, so the answer says nothing about
//! it). An empty bucket answers `429` with the wait, before any password
//! is verified. The account's bucket stops a guesser who spreads over many
//! addresses; the address's one who spreads over many names.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::limit::RateLimit;

/// Buckets full again are forgotten above this many.
const PRUNE_ABOVE: usize = 4096;

/// Token buckets by key, one limit for all.
pub(crate) struct Throttle<K> {
    limit: Option<RateLimit>,
    buckets: Mutex<HashMap<K, (f64, Instant)>>,
}

impl<K: Hash + Eq + Clone> Throttle<K> {
    pub fn new(limit: Option<RateLimit>) -> Throttle<K> {
        Throttle { limit, buckets: Mutex::new(HashMap::new()) }
    }

    /// The tokens `key` holds at `now` (a key with no bucket holds a full one).
    fn tokens(&self, b: Option<&(f64, Instant)>, now: Instant) -> f64 {
        let Some(RateLimit { burst, every }) = self.limit else { return f64::INFINITY };
        let burst = f64::from(burst);
        let Some(&(tokens, at)) = b else { return burst };
        let per = every.as_secs_f64();
        let gained = if per > 0.0 { now.saturating_duration_since(at).as_secs_f64() / per } else { burst };
        (tokens + gained).min(burst)
    }

    /// How long until `key` has a token, if it has none now.
    pub fn wait(&self, key: &K, now: Instant) -> Option<Duration> {
        let RateLimit { every, .. } = self.limit?;
        let buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let tokens = self.tokens(buckets.get(key), now);
        (tokens < 1.0)
            .then(|| Duration::from_secs_f64((1.0 - tokens) * every.as_secs_f64()).max(Duration::from_secs(1)))
    }

    /// Takes a token from `key`'s bucket, or says how long until one is there.
    pub fn take(&self, key: &K, now: Instant) -> Result<(), Duration> {
        if let Some(wait) = self.wait(key, now) {
            return Err(wait);
        }
        self.spend(key, now);
        Ok(())
    }

    /// Takes a token from `key`'s bucket even if it is empty (a failure
    /// already made: the bucket goes no lower than empty).
    pub fn spend(&self, key: &K, now: Instant) {
        if self.limit.is_none() {
            return;
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            let full = f64::from(self.limit.map_or(0, |l| l.burst));
            let stale: Vec<K> =
                buckets.iter().filter(|(_, b)| self.tokens(Some(b), now) >= full).map(|(k, _)| k.clone()).collect();
            for k in stale {
                buckets.remove(&k);
            }
        }
        let tokens = self.tokens(buckets.get(key), now);
        buckets.insert(key.clone(), ((tokens - 1.0).max(0.0), now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_a_wait_per_key() {
        let t = Throttle::new(Some(RateLimit { burst: 2, every: Duration::from_secs(30) }));
        let t0 = Instant::now();
        assert!(t.take(&"ana", t0).is_ok());
        assert!(t.take(&"ana", t0).is_ok());
        let wait = t.take(&"ana", t0).unwrap_err();
        assert_eq!(wait.as_secs(), 30);
        assert!(t.take(&"bea", t0).is_ok(), "another key");
        assert_eq!(t.wait(&"ana", t0 + Duration::from_secs(10)).map(|d| d.as_secs()), Some(20));
        assert!(t.take(&"ana", t0 + Duration::from_secs(30)).is_ok());
        // spending on an empty bucket keeps it empty, no lower
        t.spend(&"ana", t0 + Duration::from_secs(30));
        assert!(t.take(&"ana", t0 + Duration::from_secs(60)).is_ok());
        let free: Throttle<&str> = Throttle::new(None);
        assert!((0..100).all(|_| free.take(&"x", t0).is_ok()));
    }
}
