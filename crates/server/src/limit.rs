//! Limits per client address (an IPv6 address counts by its /64).
//!
//! - Token buckets ([`Limiter`]): a request costs a token, a bucket holds
//!   at most `burst` tokens and gains one every `every`. Two requests are
//!   limited by rate: creating games (new ones and rematches), which fills
//!   the database and the memory, and joining seats from the lobby, which
//!   one client could otherwise do to every open seat at once. The
//!   lessons' routes that cost work or a write ([`LESSONS`]) are limited
//!   the same way.
//! - [`InFlight`]: how many of something (open connections, replays being
//!   served) one address and everyone together hold at once; a [`Slot`]
//!   gives its place back when dropped.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many games one address may create (or seats join): `burst` at
/// once, then one per `every`.
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
pub(crate) fn key(ip: IpAddr) -> IpAddr {
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

/// What the lessons' routes allow an address: a step replayed, a hint and
/// a progress write each cost a token. A learner sends a step's choices
/// one click at a time, so a burst as the puzzles' routes allow, refilled
/// four times a second: plenty for a person, not for a flood.
pub const LESSONS: RateLimit = RateLimit { burst: 120, every: Duration::from_millis(250) };

/// Counts what each address holds at once, within a limit per address
/// and a limit for everyone.
pub struct InFlight {
    per_address: usize,
    total: usize,
    held: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

impl std::fmt::Debug for InFlight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InFlight({} per address, {} in all, {} held)", self.per_address, self.total, self.held())
    }
}

/// One place held in an [`InFlight`]; dropping it gives the place back.
pub struct Slot {
    counter: std::sync::Arc<InFlight>,
    /// The address it counts against, if any.
    key: Option<IpAddr>,
    /// Whether it counts in the total.
    total: bool,
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Slot({:?}, total: {})", self.key, self.total)
    }
}

/// The place a connection holds, shared with the WebSocket it may become;
/// behind a trusted proxy, also the place its request holds for the
/// forwarded client's address (the door adds it, `door.rs`).
#[derive(Clone, Debug)]
pub struct ConnSlot {
    _connection: Option<Arc<Slot>>,
    _client: Option<Arc<Slot>>,
}

impl ConnSlot {
    /// A connection's own place (the accept loop's, `conn.rs`).
    pub fn connection(slot: Arc<Slot>) -> ConnSlot {
        ConnSlot { _connection: Some(slot), _client: None }
    }

    /// The connection's place with a forwarded client's beside it.
    pub fn with_client(&self, client: Slot) -> ConnSlot {
        ConnSlot { _connection: self._connection.clone(), _client: Some(Arc::new(client)) }
    }

    /// A forwarded client's place, on a connection that holds none (one
    /// not from the accept loop).
    pub fn client_only(client: Slot) -> ConnSlot {
        ConnSlot { _connection: None, _client: Some(Arc::new(client)) }
    }
}

/// Why a place was not given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Over {
    /// This address holds its maximum.
    Address(usize),
    /// Everyone together holds the maximum.
    Total(usize),
}

impl InFlight {
    pub fn new(per_address: usize, total: usize) -> std::sync::Arc<InFlight> {
        std::sync::Arc::new(InFlight { per_address, total, held: Mutex::new((0, HashMap::new())) })
    }

    /// A place for `ip`, if it and everyone are below their limits.
    pub fn acquire(self: &std::sync::Arc<Self>, ip: IpAddr) -> Result<Slot, Over> {
        self.take(Some(key(ip)), true)
    }

    /// A place counted in the total only: a trusted proxy's connection,
    /// whose requests each count against their client's address instead
    /// ([`InFlight::acquire_for_address`]).
    pub fn acquire_in_total(self: &std::sync::Arc<Self>) -> Result<Slot, Over> {
        self.take(None, true)
    }

    /// A place counted against `ip`'s address only: a request forwarded by
    /// a trusted proxy, whose connection holds its place in the total.
    pub fn acquire_for_address(self: &std::sync::Arc<Self>, ip: IpAddr) -> Result<Slot, Over> {
        self.take(Some(key(ip)), false)
    }

    fn take(self: &std::sync::Arc<Self>, key: Option<IpAddr>, total: bool) -> Result<Slot, Over> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if total && held.0 >= self.total {
            return Err(Over::Total(self.total));
        }
        if let Some(key) = key {
            let n = held.1.entry(key).or_insert(0);
            if *n >= self.per_address {
                return Err(Over::Address(self.per_address));
            }
            *n += 1;
        }
        if total {
            held.0 += 1;
        }
        Ok(Slot { counter: self.clone(), key, total })
    }

    /// How many places `ip`'s address holds now.
    pub fn held_by(&self, ip: IpAddr) -> usize {
        let held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.1.get(&key(ip)).copied().unwrap_or(0)
    }

    /// How many places are held in all.
    pub fn held(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self.counter.held.lock().unwrap_or_else(|e| e.into_inner());
        if self.total {
            held.0 = held.0.saturating_sub(1);
        }
        let Some(key) = self.key else { return };
        if let Some(n) = held.1.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                // an address holding nothing takes no memory
                held.1.remove(&key);
            }
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

    #[test]
    fn in_flight_counts_per_address_and_in_all() {
        let c = InFlight::new(2, 4);
        let a1 = c.acquire(ip("10.0.0.1")).unwrap();
        let _a2 = c.acquire(ip("10.0.0.1")).unwrap();
        assert_eq!(c.acquire(ip("10.0.0.1")).unwrap_err(), Over::Address(2));
        let _b1 = c.acquire(ip("2001:db8::1")).unwrap();
        let _b2 = c.acquire(ip("2001:db8::ffff")).unwrap();
        assert_eq!(c.acquire(ip("10.0.0.9")).unwrap_err(), Over::Total(4));
        drop(a1);
        assert_eq!(c.held_by(ip("10.0.0.1")), 1);
        assert_eq!(c.acquire(ip("2001:db8::5")).unwrap_err(), Over::Address(2), "the same /64");
        let _a3 = c.acquire(ip("10.0.0.1")).unwrap();
        assert_eq!(c.held(), 4);
    }

    #[test]
    fn a_proxy_s_connections_count_in_all_and_its_clients_each_by_address() {
        let c = InFlight::new(2, 3);
        let proxy: Vec<Slot> = (0..3).map(|_| c.acquire_in_total().unwrap()).collect();
        assert_eq!(c.held(), 3);
        assert_eq!(c.acquire_in_total().unwrap_err(), Over::Total(3));
        // the clients behind it: two places each, whatever the total
        let a1 = c.acquire_for_address(ip("203.0.113.1")).unwrap();
        let _a2 = c.acquire_for_address(ip("203.0.113.1")).unwrap();
        assert_eq!(c.acquire_for_address(ip("203.0.113.1")).unwrap_err(), Over::Address(2));
        let _b1 = c.acquire_for_address(ip("203.0.113.2")).unwrap();
        assert_eq!(c.held(), 3);
        drop(a1);
        assert_eq!(c.held_by(ip("203.0.113.1")), 1);
        drop(proxy);
        assert_eq!(c.held(), 0);
        assert_eq!(c.held_by(ip("203.0.113.2")), 1);
    }
}
