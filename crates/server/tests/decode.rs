//! A fuzz target for what clients send, run as a property test: random
//! bytes, random JSON and mutations of valid messages fed to the WebSocket
//! message decoder and to the create and join request decoders. None may
//! panic; each answers a value or a readable error that says what was
//! wrong, and a valid message decodes to what it says.
//!
//! `PROPTEST_CASES=100000 cargo test -p tash-kalar-server --test decode`
//! runs it longer.

use proptest::prelude::*;
use serde_json::{json, Value};
use tash_kalar_server::wire::{client_message, create_request, join_request, ClientMessage, WireError, MAX_MESSAGE};

fn cases() -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512);
    ProptestConfig { cases: n, ..ProptestConfig::default() }
}

/// Valid client messages, as JSON.
fn valid_message() -> impl Strategy<Value = Value> {
    let seat = proptest::option::of(0u8..6);
    prop_oneof![
        proptest::option::of("[0-9a-f]{32}").prop_map(|t| match t {
            Some(t) => json!({"type": "hello", "token": t}),
            None => json!({"type": "hello"}),
        }),
        (any::<u32>(), "[a-z0-9. ]{0,40}", seat.clone()).prop_map(|(v, c, s)| {
            let mut m = json!({"type": "choose", "version": v, "choice": c});
            if let Some(s) = s {
                m["seat"] = json!(s);
            }
            m
        }),
        (any::<u32>(), seat.clone()).prop_map(|(v, s)| json!({"type": "undo", "version": v, "seat": s})),
        (proptest::option::of(any::<u32>()), seat)
            .prop_map(|(v, s)| json!({"type": "resign", "version": v, "seat": s})),
    ]
}

/// Valid create requests, as JSON.
fn valid_create() -> impl Strategy<Value = Value> {
    let seat = prop_oneof![
        (any::<bool>(), proptest::option::of("[A-Za-z ]{1,20}")).prop_map(|(open, name)| {
            let mut s = json!({"player": "human", "open": open});
            if let Some(n) = name.filter(|n| !n.trim().is_empty()) {
                s["name"] = json!(n);
            }
            s
        }),
        prop_oneof![Just("random"), Just("greedy"), Just("mcts:iterations=100")]
            .prop_map(|b| json!({"player": "bot", "bot": b})),
    ];
    (seat.clone(), seat).prop_map(|(mut a, mut b)| {
        a["school"] = json!("northern");
        b["school"] = json!("southern");
        json!({"form": "duel", "seats": [a, b]})
    })
}

/// A JSON value changed in one place: a field dropped, added, retyped or
/// its text cut.
fn mutate(v: &Value, pick: usize, how: u8, noise: &str) -> Value {
    /// Every place in a value, as a JSON pointer.
    fn places(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, c)| places(c, format!("{at}/{k}"), out)),
            Value::Array(a) => a.iter().enumerate().for_each(|(i, c)| places(c, format!("{at}/{i}"), out)),
            _ => {}
        }
        out.push(at);
    }
    let mut v = v.clone();
    let mut spots = Vec::new();
    places(&v, String::new(), &mut spots);
    let spot = v.pointer_mut(&spots[pick % spots.len()]).expect("a place found above");
    match how % 6 {
        0 => *spot = Value::Null,
        1 => *spot = json!(noise),
        2 => *spot = json!(-1),
        3 => *spot = json!([noise]),
        4 => {
            if let Value::Object(m) = spot {
                m.insert(noise.to_string(), json!(1));
            }
        }
        _ => {
            if let Value::Object(m) = spot {
                if let Some(k) = m.keys().nth(pick % m.len().max(1)).cloned() {
                    m.remove(&k);
                }
            }
        }
    }
    v
}

fn readable(e: &impl std::fmt::Display) {
    let e = e.to_string();
    assert!(!e.trim().is_empty(), "an error says what was wrong");
    assert!(e.len() < 4096, "an error is short: {} bytes", e.len());
}

proptest! {
    #![proptest_config(cases())]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = client_message(&text) { readable(&e) }
        if let Err(e) = create_request(&bytes) { readable(&e) }
        if let Err(e) = join_request(&bytes) { readable(&e) }
    }

    #[test]
    fn random_json_never_panics(text in r#"[{}\[\]":,a-z0-9 \-.]{0,200}"#) {
        if let Err(e) = client_message(&text) { readable(&e) }
        if let Err(e) = create_request(text.as_bytes()) { readable(&e) }
        if let Err(e) = join_request(text.as_bytes()) { readable(&e) }
    }

    #[test]
    fn valid_messages_decode_and_mutated_ones_decode_or_say_why(
        m in valid_message(), pick in any::<usize>(), how in any::<u8>(), noise in "[a-z]{0,12}", cut in any::<usize>()
    ) {
        let text = m.to_string();
        let decoded = client_message(&text).expect("a valid message decodes");
        let kind = m["type"].as_str().unwrap();
        let same = matches!(
            (&decoded, kind),
            (ClientMessage::Hello { .. }, "hello") | (ClientMessage::Choose { .. }, "choose")
                | (ClientMessage::Undo { .. }, "undo") | (ClientMessage::Resign { .. }, "resign")
        );
        prop_assert!(same, "{} decoded as {:?}", text, decoded);
        let changed = mutate(&m, pick, how, &noise).to_string();
        if let Err(e) = client_message(&changed) {
            readable(&e);
            prop_assert!(matches!(e, WireError::Malformed(_)), "{}", e);
        }
        // a message cut short
        let cut_at = text.char_indices().map(|(i, _)| i).nth(cut % text.len().max(1)).unwrap_or(0);
        if cut_at < text.len() {
            let e = client_message(&text[..cut_at]).expect_err("a message cut short is malformed");
            prop_assert!(matches!(e, WireError::Malformed(_)), "{}", e);
        }
    }

    #[test]
    fn valid_create_requests_pass_and_mutated_ones_pass_or_say_why(
        req in valid_create(), pick in any::<usize>(), how in any::<u8>(), noise in "[a-z]{0,12}"
    ) {
        let body = req.to_string();
        prop_assert!(create_request(body.as_bytes()).is_ok(), "{} is refused", body);
        let changed = mutate(&req, pick, how, &noise).to_string();
        if let Err(e) = create_request(changed.as_bytes()) { readable(&e) }
        let seat = pick % 300;
        let join = json!({"seat": seat}).to_string();
        match join_request(join.as_bytes()) {
            Ok(s) => prop_assert_eq!(s as usize, seat),
            Err(e) => { readable(&e); prop_assert!(seat > 255, "{}", e) }
        }
    }
}

#[test]
fn a_message_over_the_limit_is_refused_by_its_size() {
    let big = json!({"type": "choose", "version": 1, "choice": "x".repeat(MAX_MESSAGE)}).to_string();
    let e = client_message(&big).unwrap_err();
    assert_eq!(e, WireError::TooLong);
    assert!(e.to_string().contains("at most 16384 bytes"), "{e}");
}
