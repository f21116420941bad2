//! A token bucket per client address, for creating games: a game costs a
//! token, a bucket holds at most `burst` tokens and gains one every
//! `every`. Creating games is what fills the database and the memory, so
//! it is the one request limited this way.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many games one address may create: `burst` at once, then one per
/// `every`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub burst: u32,
    pub every: Duration,
}

#[derive(Copy, Clone, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets are forgotten once full again (a full bucket and no bucket are
/// the same), when there are more than this many.
const PRUNE_ABOVE: usize = 4096;

pub struct Limiter {
    limit: Option<RateLimit>,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// The key of an address: IPv4 addresses as they are; an IPv6 host
/// usually holds a whole /64, so IPv6 addresses count by their /64.
fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut s = v6.segments();
                s[4..].fill(0);
                IpAddr::V6(s.into())
            }
        },
    }
}

impl Limiter {
    pub fn new(limit: Option<RateLimit>) -> Limiter {
        Limiter { limit, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for `ip`, or says how long until one is there.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let Some(RateLimit { burst, every }) = self.limit else { return Ok(()) };
        if burst == 0 {
            return Err(every.max(Duration::from_secs(1)));
        }
        let burst = f64::from(burst);
        let per_token = every.as_secs_f64();
        let refill = |b: &Bucket| {
            let gained =
                if per_token > 0.0 { now.saturating_duration_since(b.at).as_secs_f64() / per_token } else { burst };
            (b.tokens + gained).min(burst)
        };
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, b| refill(b) < burst);
        }
        let bucket = buckets.entry(key(ip)).or_insert(Bucket { tokens: burst, at: now });
        let tokens = refill(bucket);
        if tokens >= 1.0 {
            *bucket = Bucket { tokens: tokens - 1.0, at: now };
            Ok(())
        } else {
            *bucket = Bucket { tokens, at: now };
            Err(Duration::from_secs_f64((1.0 - tokens) * per_token))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_burst_then_one_per_interval() {
        let l = Limiter::new(Some(RateLimit { burst: 3, every: Duration::from_secs(10) }));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.take(ip("10.0.0.1"), t0), Ok(()));
        }
        let wait = l.take(ip("10.0.0.1"), t0).unwrap_err();
        assert_eq!(wait.as_secs_f64().round(), 10.0);
        // refused tries cost nothing: after 4 s, 6 s are left to wait
        let wait = l.take(ip("10.0.0.1"), t0 + Duration::from_secs(4)).unwrap_err();
        assert_eq!(wait.as_secs_f64().round(), 6.0);
        assert_eq!(l.take(ip("10.0.0.1"), t0 + Duration::from_secs(10)), Ok(()));
        assert!(l.take(ip("10.0.0.1"), t0 + Duration::from_secs(11)).is_err());
        // the bucket fills up to its burst and no further
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..3 {
            assert_eq!(l.take(ip("10.0.0.1"), later), Ok(()));
        }
        assert!(l.take(ip("10.0.0.1"), later).is_err());
    }

    #[test]
    fn each_address_has_its_own_bucket_and_an_ipv6_host_its_64() {
        let l = Limiter::new(Some(RateLimit { burst: 1, every: Duration::from_secs(60) }));
        let t0 = Instant::now();
        assert!(l.take(ip("10.0.0.1"), t0).is_ok());
        assert!(l.take(ip("10.0.0.1"), t0).is_err());
        assert!(l.take(ip("10.0.0.2"), t0).is_ok());
        // the same IPv4 address written as IPv6
        assert!(l.take(ip("::ffff:10.0.0.2"), t0).is_err());
        assert!(l.take(ip("2001:db8:1:2::1"), t0).is_ok());
        assert!(l.take(ip("2001:db8:1:2:ffff::9"), t0).is_err(), "the same /64");
        assert!(l.take(ip("2001:db8:1:3::1"), t0).is_ok(), "another /64");
    }

    #[test]
    fn no_limit_and_a_zero_burst() {
        let t0 = Instant::now();
        let free = Limiter::new(None);
        assert!((0..1000).all(|_| free.take(ip("10.0.0.1"), t0).is_ok()));
        let closed = Limiter::new(Some(RateLimit { burst: 0, every: Duration::from_secs(5) }));
        assert_eq!(closed.take(ip("10.0.0.1"), t0), Err(Duration::from_secs(5)));
    }

    #[test]
    fn full_buckets_are_forgotten_when_there_are_many() {
        let l = Limiter::new(Some(RateLimit { burst: 2, every: Duration::from_secs(1) }));
        let t0 = Instant::now();
        for i in 0..=PRUNE_ABOVE as u32 {
            assert!(l.take(IpAddr::V4(i.into()), t0).is_ok());
        }
        // a minute on, every bucket is full again: the next take prunes them
        assert!(l.take(ip("10.9.9.9"), t0 + Duration::from_secs(60)).is_ok());
        assert_eq!(l.buckets.lock().unwrap().len(), 1);
    }
}
