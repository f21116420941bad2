//! Whose request it is behind a reverse proxy: the one place the client's
//! address is decided.
//!
//! Behind a proxy every connection comes from the proxy's address, so all
//! the per-address limits (creations, joins, sign-ins, connections,
//! WebSockets, replays) would count every player as one. The proxies named
//! by `--trusted-proxy` ([`TrustedProxies`]) say whom they forward for, in
//! `X-Forwarded-For` (each proxy appends the address it received from) or
//! in the standard `Forwarded: for=` (RFC 7239). [`client_addr`] believes
//! that only of a connection from a trusted proxy, and there takes the
//! right-most address that is not itself a trusted proxy: the addresses to
//! its left were written by the client and may be forged. A header that
//! does not parse is ignored (the peer's address stands), as is one from a
//! peer that is not trusted, so a client cannot choose the address it is
//! counted as. The same holds for `X-Forwarded-Proto` ([`forwarded_https`]),
//! which marks the session cookie `Secure`.

use std::net::IpAddr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// A `--trusted-proxy` that is neither an address nor a range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an IP address or a range (ADDRESS/PREFIX): {0:?}")]
pub struct ProxyParseError(pub String);

/// The addresses and ranges of the reverse proxies whose forwarding
/// headers are believed. Empty (the default): none are, and the client is
/// the connection's peer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Parses each of `items`, an address (`10.0.0.1`, `::1`) or a range
    /// (`10.0.0.0/8`, `fd00::/8`; host bits are dropped).
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<TrustedProxies, ProxyParseError> {
        let nets = items
            .iter()
            .map(|item| {
                let text = item.as_ref().trim();
                match text.parse::<IpAddr>() {
                    Ok(ip) => Ok(IpNet::from(canonical(ip))),
                    Err(_) => text.parse::<IpNet>().map(|n| n.trunc()).map_err(|_| ProxyParseError(text.to_string())),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TrustedProxies(nets))
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `ip` is one of the trusted proxies (an IPv4 address written
    /// as IPv6, `::ffff:a.b.c.d`, as the IPv4 address it is).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|n| n.contains(&ip))
    }
}

/// An IPv4-mapped IPv6 address (a dual-stack listener's view of an IPv4
/// peer) as its IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

/// The client's address of a request that came from `peer`: the peer
/// itself, unless the peer is a trusted proxy and its forwarding header
/// parses; then the right-most forwarded address that is not a trusted
/// proxy (the left-most if all are). `X-Forwarded-For` is read if present,
/// else `Forwarded`.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &TrustedProxies) -> IpAddr {
    let peer = canonical(peer);
    if !trusted.contains(peer) {
        return peer;
    }
    let chain = if headers.contains_key("x-forwarded-for") {
        x_forwarded_for(headers)
    } else if headers.contains_key("forwarded") {
        forwarded_for(headers)
    } else {
        None
    };
    let Some(chain) = chain else { return peer };
    chain.iter().rev().copied().find(|ip| !trusted.contains(*ip)).or_else(|| chain.first().copied()).unwrap_or(peer)
}

/// Whether a trusted proxy says the client came over https
/// (`X-Forwarded-Proto: https`, or `proto=https` in `Forwarded`).
pub fn forwarded_https(peer: IpAddr, headers: &HeaderMap, trusted: &TrustedProxies) -> bool {
    if !trusted.contains(peer) {
        return false;
    }
    let said = |name: &str| headers.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>();
    // the last proxy's word counts: it is the one this server trusts
    if let Some(last) = said("x-forwarded-proto").iter().flat_map(|v| v.split(',')).next_back() {
        return last.trim().eq_ignore_ascii_case("https");
    }
    let forwarded = said("forwarded");
    let last_element = forwarded.iter().flat_map(|v| v.split(',')).next_back();
    last_element.is_some_and(|e| {
        e.split(';').filter_map(|pair| pair.split_once('=')).any(|(k, v)| {
            k.trim().eq_ignore_ascii_case("proto") && v.trim().trim_matches('"').eq_ignore_ascii_case("https")
        })
    })
}

/// Every address of every `X-Forwarded-For` line, in order; `None` if any
/// is not an address (the whole header is then not believed).
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut chain = Vec::new();
    for line in headers.get_all("x-forwarded-for") {
        for item in line.to_str().ok()?.split(',') {
            chain.push(canonical(parse_node(item.trim())?));
        }
    }
    (!chain.is_empty()).then_some(chain)
}

/// The `for=` of every element of every `Forwarded` line, in order;
/// `None` if an element has no `for=` or it is not an address (`unknown`
/// and obfuscated names included): the header is then not believed.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut chain = Vec::new();
    for line in headers.get_all("forwarded") {
        for element in line.to_str().ok()?.split(',') {
            let value = element
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                .map(|(_, v)| v.trim())?;
            let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
            chain.push(canonical(parse_node(value)?));
        }
    }
    (!chain.is_empty()).then_some(chain)
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `::1`,
/// `[::1]` or `[::1]:5678`.
fn parse_node(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        let (v6, port) = rest.split_once(']')?;
        let port_ok = port.is_empty() || port.strip_prefix(':').is_some_and(|p| p.parse::<u16>().is_ok());
        return port_ok.then(|| v6.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6)).flatten();
    }
    text.parse::<std::net::SocketAddrV4>().ok().map(|s| IpAddr::V4(*s.ip()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn trusted(items: &[&str]) -> TrustedProxies {
        TrustedProxies::parse(items).unwrap()
    }

    #[test]
    fn addresses_and_ranges_parse_and_nonsense_is_refused() {
        let t = trusted(&["10.0.0.1", "192.168.0.0/16", "fd00::/8", "::1", "172.16.5.9/12"]);
        assert!(t.contains(ip("10.0.0.1")));
        assert!(!t.contains(ip("10.0.0.2")));
        assert!(t.contains(ip("192.168.44.3")));
        assert!(t.contains(ip("fd12:3456::1")));
        assert!(t.contains(ip("::1")));
        assert!(t.contains(ip("172.31.0.1")), "host bits of a range are dropped");
        assert!(t.contains(ip("::ffff:10.0.0.1")), "an IPv4 address written as IPv6");
        for bad in ["", "10.0.0", "10.0.0.0/33", "localhost", "::1/129", "10.0.0.1:80"] {
            assert_eq!(TrustedProxies::parse(&[bad]), Err(ProxyParseError(bad.to_string())), "{bad:?}");
        }
    }

    #[test]
    fn the_peer_unless_it_is_trusted() {
        let h = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(client_addr(ip("198.51.100.1"), &h, &TrustedProxies::default()), ip("198.51.100.1"));
        assert_eq!(client_addr(ip("198.51.100.1"), &h, &trusted(&["10.0.0.1"])), ip("198.51.100.1"));
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &trusted(&["10.0.0.1"])), ip("203.0.113.9"));
        assert_eq!(client_addr(ip("10.0.0.1"), &HeaderMap::new(), &trusted(&["10.0.0.1"])), ip("10.0.0.1"));
    }

    #[test]
    fn the_right_most_address_not_trusted() {
        let t = trusted(&["10.0.0.0/8"]);
        // the client forged the first address; the proxies appended the rest
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.9, 10.0.0.7")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("203.0.113.9"));
        // several lines are one list
        let h = headers(&[("x-forwarded-for", "1.1.1.1"), ("x-forwarded-for", "203.0.113.9,10.0.0.7")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("203.0.113.9"));
        // all trusted: the left-most
        let h = headers(&[("x-forwarded-for", "10.1.1.1, 10.0.0.7")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("10.1.1.1"));
    }

    #[test]
    fn malformed_headers_are_ignored() {
        let t = trusted(&["10.0.0.1"]);
        for bad in ["", "nonsense", "1.1.1.1, ", "1.1.1.1,,2.2.2.2", "[::1", "1.1.1.1:99999", "unknown"] {
            let h = headers(&[("x-forwarded-for", bad)]);
            assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("10.0.0.1"), "{bad:?}");
        }
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", HeaderValue::from_bytes(b"1.1.1.1\xff").unwrap());
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("10.0.0.1"));
        for bad in ["for=unknown", "for=_hidden", "proto=https", "for=\"[::1\"", "for"] {
            let h = headers(&[("forwarded", bad)]);
            assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("10.0.0.1"), "{bad:?}");
        }
    }

    #[test]
    fn forwarded_and_ipv6() {
        let t = trusted(&["10.0.0.1", "2001:db8:ffff::/48"]);
        let h =
            headers(&[("forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43, for=\"[2001:db8:cafe::17]:4711\"")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("2001:db8:cafe::17"));
        let h = headers(&[("forwarded", "For=\"198.51.100.17:8080\"")]);
        assert_eq!(client_addr(ip("2001:db8:ffff::2"), &h, &t), ip("198.51.100.17"));
        let h = headers(&[("x-forwarded-for", "2001:db8::5, [2001:db8::6]:443")]);
        assert_eq!(client_addr(ip("::ffff:10.0.0.1"), &h, &t), ip("2001:db8::6"));
        // X-Forwarded-For wins over Forwarded
        let h = headers(&[("x-forwarded-for", "192.0.2.1"), ("forwarded", "for=192.0.2.2")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &t), ip("192.0.2.1"));
    }

    #[test]
    fn https_only_from_a_trusted_proxy() {
        let t = trusted(&["10.0.0.1"]);
        let h = headers(&[("x-forwarded-proto", "https")]);
        assert!(forwarded_https(ip("10.0.0.1"), &h, &t));
        assert!(!forwarded_https(ip("10.0.0.2"), &h, &t));
        let h = headers(&[("x-forwarded-proto", "https, http")]);
        assert!(!forwarded_https(ip("10.0.0.1"), &h, &t));
        let h = headers(&[("forwarded", "for=1.2.3.4;proto=https")]);
        assert!(forwarded_https(ip("10.0.0.1"), &h, &t));
        assert!(!forwarded_https(ip("10.0.0.1"), &HeaderMap::new(), &t));
    }
}
