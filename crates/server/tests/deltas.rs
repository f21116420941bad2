//! Lean messages (`delta.rs`, `docs/server-protocol.md` "Deltas"), with
//! real WebSocket clients: a client that applies every delta ends with
//! exactly the state a fresh hello gives, in every form; a gap brings the
//! whole state; legal choices and hands reach only the seat they belong to,
//! in whichever language each connection reads.

mod common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

const SCHOOLS: [&str; 4] = ["northern", "southern", "highland", "sylvan"];

/// A state without what differs from one sending to the next: the
/// server's time.
fn comparable(state: &Value) -> Value {
    let mut s = state.clone();
    s.as_object_mut().unwrap().remove("now");
    s
}

/// Checks, for every message a client received as it came, that it
/// carries nothing its reader may not see: another seat's hand, legal
/// choices of a seat not to choose, another seat's drawn cards.
fn check_raw(c: &Client, seat: Option<u64>) {
    let mut whole = Value::Null;
    for m in &c.raw {
        if m["type"] != "state" && m["type"] != "delta" {
            continue;
        }
        tash_kalar_server::delta::apply(&mut whole, m).unwrap();
        let over = whole["over"] == true;
        let view = m.get("view");
        // the seats a message shows: all in a state, the changed ones in a delta
        let seats: Vec<(u64, Value)> = match (m["type"].as_str(), view.and_then(|v| v.get("seats"))) {
            (Some("state"), Some(Value::Array(a))) => {
                a.iter().cloned().enumerate().map(|(i, s)| (i as u64, s)).collect()
            }
            (_, Some(Value::Object(o))) => o.iter().map(|(i, s)| (i.parse().unwrap(), s.clone())).collect(),
            _ => Vec::new(),
        };
        if !over {
            for (i, s) in &seats {
                if Some(*i) != seat {
                    assert!(s.get("hand").is_none(), "{seat:?} is shown seat {i}'s hand: {m}");
                }
            }
            // and the state held shows its own hand only
            assert_eq!(hands_shown(&whole["view"]), seat.into_iter().collect::<Vec<_>>(), "{m}");
            if seat.is_none() {
                assert!(!m.to_string().contains("\"hand\""), "no hand anywhere in a spectator's message: {m}");
            }
            // choices only to the seat that is to choose, and to it in full
            let chooser = whole["view"]["actor"]["seat"].as_u64();
            let has = view.is_some_and(|v| v.get("legal").is_some_and(|l| !l.is_null()));
            if has {
                assert!(seat.is_some() && chooser == seat, "{seat:?} got legal choices while {chooser:?} chooses: {m}");
            }
            if !whole["view"]["legal"].is_null() {
                assert_eq!(chooser, seat, "the state held by {seat:?} has choices of {chooser:?}");
            }
        }
        for e in m.get("log").and_then(Value::as_array).into_iter().flatten() {
            let drawn_by_another = e.get("to").is_some_and(|to| Some(to.as_u64().unwrap()) != seat);
            if !over && drawn_by_another {
                assert_eq!(e["hidden"], true, "{seat:?} reads another's draw: {e}");
            }
        }
    }
}

/// Checks that each action's sentence reached the client once
/// (`docs/server-protocol.md`, "Entry"): a choice's or a resignation's log
/// entry carries no words (its events say what it did), but for a card
/// that only this reader may see drawn or returned; every other entry (a
/// take-back, a clock, an ending) has its own; every event comes with its
/// sentence, and a delta adds no event the client holds as it is (an
/// event that grew, or every event when the seats' names changed, which
/// rewords them, comes again). Returns
/// the entries without words and those with them.
fn check_words_once(c: &Client, seat: Option<u64>) -> (usize, usize) {
    let mut whole = Value::Null;
    let mut sent: std::collections::BTreeMap<u64, Value> = Default::default();
    let (mut told, mut worded) = (0, 0);
    for m in &c.raw {
        if m["type"] != "state" && m["type"] != "delta" {
            continue;
        }
        let names_before = whole["view"]["names"].clone();
        tash_kalar_server::delta::apply(&mut whole, m).unwrap();
        let over = whole["over"] == true;
        let log = m.get("log").and_then(Value::as_array).cloned().unwrap_or_default();
        for e in &log {
            let words = e.get("words").and_then(Value::as_str);
            let text = e["text"].as_str().unwrap();
            match e["kind"].as_str().unwrap_or("choice") {
                "choice" | "resign" => {
                    let card = text.starts_with("draw ") || text.starts_with("return ");
                    let mine = e["to"].as_u64().or(e["seat"].as_u64()) == seat || over;
                    let own_card = card && !text.starts_with("draw tasks.") && e.get("hidden").is_none() && mine;
                    // (worded when the rules keep it secret from the others;
                    // a melee's returns are public: their event says them)
                    if own_card && words.is_some() {
                        assert!(words.is_some_and(|w| !w.is_empty()), "{seat:?}: its own card in words: {e}");
                        worded += 1;
                    } else {
                        assert!(words.is_none(), "{seat:?}: the events say {text:?}, not its entry: {e}");
                        told += 1;
                    }
                }
                _ => {
                    assert!(words.is_some_and(|w| !w.is_empty()), "{seat:?}: no event says {e}");
                    worded += 1;
                }
            }
        }
        let events: Vec<Value> = match m["type"].as_str() {
            Some("state") => {
                // a whole state sends everything again, by design
                sent.clear();
                m["view"]["events"].as_array().cloned().unwrap_or_default()
            }
            _ => m["view"]["events"]["add"].as_array().cloned().unwrap_or_default(),
        };
        let renamed = whole["view"]["names"] != names_before;
        for ev in events {
            assert!(ev["text"].as_str().is_some_and(|t| !t.is_empty()), "an event without its sentence: {ev}");
            let n = ev["n"].as_u64().unwrap();
            // (an event may grow: two returns in a row are one `returned`)
            if let Some(before) = sent.insert(n, ev.clone()) {
                assert!(renamed || before != ev, "{seat:?}: event {n} sent again: {ev} in {m}");
            }
        }
        // a take-back drops the events after where it went back to: their
        // numbers are used again
        let last = whole["view"]["events"].as_array().and_then(|e| e.last()).and_then(|e| e["n"].as_u64());
        sent.retain(|&n, _| last.is_some_and(|l| n <= l));
    }
    (told, worded)
}

const LANGS: [&str; 3] = ["en", "es", "cs"];

/// Plays a game to its end with random legal choices (some take-backs),
/// comparing what each client has put together with a fresh hello's
/// state (in the client's language) every 40 moves and at the end. The
/// seats read the languages in turn, and two spectators two of them.
async fn play_and_compare(form: &str, seats: usize, seed: u64) {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("deltas.sqlite"));
    let request: Vec<Value> = SCHOOLS[..seats].iter().map(|s| json!({"school": s, "player": "human"})).collect();
    let (id, tokens) = create_form(server.addr, form, Value::Array(request)).await;
    let lang = |i: usize| LANGS[(i + seed as usize) % LANGS.len()];
    let mut clients = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        clients.push(Client::join_in(server.addr, &id, t.as_deref(), lang(i)).await);
    }
    clients.push(Client::join_in(server.addr, &id, None, lang(seats)).await);
    clients.push(Client::join_in(server.addr, &id, None, lang(seats + 1)).await);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    let mut deltas = 0;
    loop {
        let latest = clients.iter().map(|c| c.version()).max().unwrap();
        for c in clients.iter_mut() {
            c.state_at_least(latest).await;
        }
        let over = clients[0].over();
        if over || moves % 40 == 0 {
            for (i, c) in clients.iter_mut().enumerate() {
                let token = tokens.get(i).cloned().flatten();
                let fresh = Client::join_in(server.addr, &id, token.as_deref(), lang(i)).await;
                let want = fresh.whole.clone();
                // the newcomer is online now: every client hears of it
                let rev = want["rev"].as_u64().unwrap();
                while c.whole["rev"].as_u64().unwrap() < rev {
                    c.recv().await;
                }
                assert_eq!(comparable(&c.whole), comparable(&want), "{form}: client {i} after {moves} moves");
                fresh.close().await;
            }
        }
        if over {
            break;
        }
        let p = clients.iter().position(|c| c.choices().is_some()).expect("a seat is to choose");
        let c = &mut clients[p];
        let v = c.version();
        if c.state.as_ref().unwrap()["view"]["can"]["undo"] == true && rng.gen_bool(0.1) {
            c.send(json!({"type": "undo", "version": v})).await;
        } else {
            let choices = c.choices().unwrap();
            let choice = choices[rng.gen_range(0..choices.len())].clone();
            c.choose(v, &choice).await;
        }
        c.state_at_least(v + 1).await;
        moves += 1;
        assert!(moves < 3000, "{form}: the game ends");
    }
    for (i, c) in clients.iter().enumerate() {
        let seat = (i < seats).then_some(i as u64);
        check_raw(c, seat);
        let (told, _) = check_words_once(c, seat);
        assert!(told > 10, "{form}, seed {seed}: {told} entries told by their events");
        deltas += c.raw.iter().filter(|m| m["type"] == "delta").count();
    }
    assert!(moves > 10 && deltas > moves, "{form}: {moves} moves, {deltas} deltas");
}

/// Each action's sentence reaches a connection once, in every form, at a
/// seed of its own (`TK_WORDS_ONCE_SEED` to repeat one): the seats' and
/// the spectators' connections, in every language, through take-backs
/// and to the end (`check_words_once`, which every game here also runs).
#[tokio::test]
async fn each_actions_words_reach_a_connection_once() {
    let seed: u64 = std::env::var("TK_WORDS_ONCE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    eprintln!("TK_WORDS_ONCE_SEED={seed}");
    for (form, seats) in [("duel", 2), ("melee", 4), ("team-duel", 4)] {
        play_and_compare(form, seats, seed).await;
    }
}

#[tokio::test]
async fn a_duel_put_together_from_deltas_is_the_state_a_hello_gives() {
    // (several seeds: grouped legal lists and events worded once across changes)
    for seed in [1, 21, 41] {
        play_and_compare("duel", 2, seed).await;
    }
}

#[tokio::test]
async fn a_high_form_game_put_together_from_deltas_is_the_state_a_hello_gives() {
    for seed in [2, 22] {
        play_and_compare("high-form", 2, seed).await;
    }
}

#[tokio::test]
async fn a_first_game_put_together_from_deltas_is_the_state_a_hello_gives() {
    play_and_compare("first-game", 2, 3).await;
}

#[tokio::test]
async fn melees_put_together_from_deltas_are_the_state_a_hello_gives() {
    play_and_compare("melee", 3, 4).await;
    play_and_compare("melee", 4, 5).await;
}

#[tokio::test]
async fn team_games_put_together_from_deltas_are_the_state_a_hello_gives() {
    play_and_compare("team-duel", 4, 6).await;
    play_and_compare("team-high-form", 4, 7).await;
}

/// A client that lost track (here: it drops a delta) cannot apply the
/// next one, asks with `sync`, and gets the whole state.
#[tokio::test]
async fn a_gap_brings_the_whole_state() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("gap.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let mut spectator = Client::join(server.addr, &id, None).await;
    // seat 0 plays two choices; the spectator drops the first delta it gets
    let mut stale = spectator.whole.clone();
    for _ in 0..2 {
        let latest = a.version().max(b.version());
        a.state_at_least(latest).await;
        b.state_at_least(latest).await;
        let c = if a.choices().is_some() { &mut a } else { &mut b };
        let v = c.version();
        let choice = c.choices().unwrap()[0].clone();
        c.choose(v, &choice).await;
        c.state_at_least(v + 1).await;
    }
    let latest = a.version().max(b.version());
    spectator.state_at_least(latest).await;
    let deltas: Vec<_> = spectator.raw.iter().filter(|m| m["type"] == "delta").cloned().collect();
    assert!(deltas.len() >= 2, "{deltas:?}");
    // without the first, the second does not follow: nothing changes
    let before = stale.clone();
    let err = tash_kalar_server::delta::apply(&mut stale, &deltas[1]).unwrap_err();
    assert!(matches!(err, tash_kalar_server::delta::ApplyError::Gap { .. }), "{err}");
    assert_eq!(stale, before);
    spectator.send(json!({"type": "sync"})).await;
    let m = spectator.recv().await;
    assert_eq!(m["type"], "state", "{m}");
    assert!(m.get("delta").is_none(), "a whole state, not a delta: {m}");
    assert_eq!(m["log_from"], 0);
    tash_kalar_server::delta::apply(&mut stale, &m).unwrap();
    assert_eq!(comparable(&stale), comparable(&spectator.whole));
    assert_eq!(stale["version"].as_u64(), Some(latest));
    // and deltas follow on from it
    let c = if a.choices().is_some() { &mut a } else { &mut b };
    let v = c.version();
    let choice = c.choices().unwrap()[0].clone();
    c.choose(v, &choice).await;
    let m = spectator.try_recv(WAIT).await.unwrap();
    assert_eq!(m["delta"], true, "{m}");
    assert_eq!(spectator.raw.last().unwrap()["from"], spectator.raw[spectator.raw.len() - 2]["rev"]);
}

/// A spectator's and the waiting seat's deltas carry no legal choices, and
/// are small: the chooser's choices go to the chooser alone.
#[tokio::test]
async fn only_the_seat_to_choose_gets_choices() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("choices.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut seats = [
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut spectator = Client::join(server.addr, &id, None).await;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..30 {
        let latest = seats.iter().map(|c| c.version()).max().unwrap();
        for c in seats.iter_mut().chain([&mut spectator]) {
            c.state_at_least(latest).await;
        }
        let p = seats.iter().position(|c| c.choices().is_some()).unwrap();
        let c = &mut seats[p];
        let v = c.version();
        let choices = c.choices().unwrap();
        c.choose(v, &choices[rng.gen_range(0..choices.len())]).await;
        c.state_at_least(v + 1).await;
    }
    for m in spectator.raw.iter().filter(|m| m["type"] == "delta") {
        let text = m.to_string();
        assert!(!text.contains("\"legal\"") && !text.contains("\"choices\""), "{m}");
    }
    check_raw(&seats[0], Some(0));
    check_raw(&seats[1], Some(1));
    check_raw(&spectator, None);
}

/// Plays `n` random choices between the two seats, each waiting for the other.
async fn play(seats: &mut [Client; 2], rng: &mut ChaCha8Rng, n: usize) {
    for _ in 0..n {
        let latest = seats.iter().map(|c| c.version()).max().unwrap();
        for c in seats.iter_mut() {
            c.state_at_least(latest).await;
        }
        let p = seats.iter().position(|c| c.choices().is_some()).unwrap();
        let c = &mut seats[p];
        let v = c.version();
        let choices = c.choices().unwrap();
        c.choose(v, &choices[rng.gen_range(0..choices.len())]).await;
        c.state_at_least(v + 1).await;
    }
    let latest = seats.iter().map(|c| c.version()).max().unwrap();
    for c in seats.iter_mut() {
        c.state_at_least(latest).await;
    }
}

/// What a seat's view and the spectators' show alike: not the seat's own
/// hand and choices, nor the cards its viewer has not seen (`unseen`).
fn public(view: &Value) -> Value {
    let mut v = view.clone();
    let o = v.as_object_mut().unwrap();
    for k in ["viewer", "legal", "question", "can"] {
        o.remove(k);
    }
    let seats = o.get_mut("seats").and_then(Value::as_array_mut).unwrap();
    for s in seats.iter_mut() {
        let s = s.as_object_mut().unwrap();
        s.remove("hand");
        s.remove("unseen");
    }
    for k in ["legends", "flares"] {
        o.get_mut(k).and_then(Value::as_object_mut).map(|d| d.remove("unseen"));
    }
    v
}

/// The spectators' view is built only while a spectator is connected: one
/// who comes to a game under way (none watching, or all gone) gets the
/// whole state as it is, hands hidden, then deltas from it.
#[tokio::test]
async fn a_spectator_coming_late_gets_the_whole_state_then_deltas() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("late.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut seats = [
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for round in 0..2 {
        // moves nobody watches as a spectator
        play(&mut seats, &mut rng, 6).await;
        let mut late = Client::join(server.addr, &id, None).await;
        let m = late.raw[0].clone();
        assert_eq!(m["type"], "state", "{m}");
        let seat = &seats[0].whole;
        assert_eq!(m["rev"], seat["rev"], "round {round}: the spectator's state is the seats' latest");
        assert_eq!(m["version"], seat["version"]);
        assert!(hands_shown(&m["view"]).is_empty(), "no hand shown to a spectator: {m}");
        assert!(m["view"]["legal"].is_null(), "{m}");
        assert_eq!(public(&late.whole["view"]), public(&seat["view"]), "round {round}: the view the seats see");
        for k in ["players", "clock", "chat"] {
            assert_eq!(late.whole[k], seat[k], "round {round}: {k}");
        }
        assert_eq!(late.whole["log"].as_array().unwrap().len(), seat["log"].as_array().unwrap().len());
        // then deltas, each from the state held, making what a hello gives
        play(&mut seats, &mut rng, 6).await;
        let latest = seats[0].version();
        late.state_at_least(latest).await;
        let rest = &late.raw[1..];
        assert!(rest.len() >= 6 && rest.iter().all(|m| m["type"] == "delta"), "round {round}: {rest:?}");
        let fresh = Client::join(server.addr, &id, None).await;
        assert_eq!(comparable(&late.whole), comparable(&fresh.whole), "round {round}");
        check_raw(&late, None);
        // everyone watching leaves: the next spectator comes late again
        fresh.close().await;
        late.close().await;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Two seats and a spectator of one game, each in its own language, get
/// their own texts (names, the question, events, the log's words): the
/// same data, worded for each, and deltas that keep them so.
#[tokio::test]
async fn each_connection_reads_its_own_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("langs.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut seats = [
        Client::join_in(server.addr, &id, tokens[0].as_deref(), "es").await,
        Client::join_in(server.addr, &id, tokens[1].as_deref(), "en").await,
    ];
    let mut spectator = Client::join_in(server.addr, &id, None, "cs").await;
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    play(&mut seats, &mut rng, 8).await;
    spectator.state_at_least(seats[0].version()).await;
    let (es, en, cs) = (&seats[0].whole, &seats[1].whole, &spectator.whole);
    assert_eq!(
        (es["view"]["lang"].as_str(), en["view"]["lang"].as_str(), cs["view"]["lang"].as_str()),
        (Some("es"), Some("en"), Some("cs"))
    );
    assert_eq!(es["view"]["names"], json!(["Azul", "Rojo"]), "{}", es["view"]["names"]);
    assert_eq!(en["view"]["names"], json!(["Blue", "Red"]), "{}", en["view"]["names"]);
    assert_ne!(cs["view"]["names"], en["view"]["names"]);
    // the same question for all; its words only to the seat that decides
    // it (in its language: present's tests), the others shown who chooses
    assert_eq!(es["view"]["question"]["kind"], en["view"]["question"]["kind"]);
    assert_eq!(cs["view"]["question"]["seat"], en["view"]["question"]["seat"]);
    for s in [es, en, cs] {
        let decides = !s["view"]["legal"].is_null();
        let text = s["view"]["question"].get("text").and_then(Value::as_str);
        assert_eq!(text.is_some_and(|t| !t.is_empty()), decides, "{}", s["view"]["question"]);
    }
    // the same events, each with its sentence in the reader's language
    let events = |s: &Value| s["view"]["events"].as_array().unwrap().clone();
    let (ev_es, ev_en) = (events(es), events(en));
    assert!(!ev_en.is_empty());
    assert_eq!(
        ev_es.iter().map(|e| e["n"].clone()).collect::<Vec<_>>(),
        ev_en.iter().map(|e| e["n"].clone()).collect::<Vec<_>>()
    );
    assert!(ev_es.iter().zip(&ev_en).any(|(a, b)| a["text"] != b["text"]), "the events' sentences differ");
    // the log: the same notation (where both may see it) and no words
    // (the events say what was done); a seat's own draws in its language
    let log = |s: &Value| s["log"].as_array().unwrap().clone();
    let (log_es, log_en) = (log(es), log(en));
    assert_eq!(log_es.len(), log_en.len());
    let both_see = log_es.iter().zip(&log_en).filter(|(a, b)| a.get("hidden").is_none() && b.get("hidden").is_none());
    for (a, b) in both_see {
        assert_eq!(a["text"], b["text"], "notation does not change with the language");
        assert_eq!((a.get("words"), b.get("words")), (None, None), "the events say it: {a}");
    }
    let own_draws = |log: &[Value], seat: u64| -> Vec<String> {
        log.iter().filter(|e| e["to"] == seat && e.get("hidden").is_none()).map(|e| e["words"].to_string()).collect()
    };
    let (mine_es, mine_en) = (own_draws(&log_es, 0), own_draws(&log_en, 1));
    assert!(!mine_es.is_empty() && !mine_en.is_empty(), "{log_es:?}");
    assert!(mine_es.iter().all(|w| w.contains("robar")), "{mine_es:?}");
    assert!(mine_en.iter().all(|w| w.contains("draw the")), "{mine_en:?}");
    // and each, put together from deltas, is what a fresh hello in its language gives
    for (c, lang, token) in [(&seats[0], "es", tokens[0].as_deref()), (&seats[1], "en", tokens[1].as_deref())] {
        let fresh = Client::join_in(server.addr, &id, token, lang).await;
        let mut want = fresh.whole.clone();
        let mut have = c.whole.clone();
        for s in [&mut want, &mut have] {
            for k in ["now", "rev", "players"] {
                s.as_object_mut().unwrap().remove(k);
            }
        }
        assert_eq!(have, want, "{lang}");
    }
    check_raw(&seats[0], Some(0));
    check_raw(&seats[1], Some(1));
    check_raw(&spectator, None);
}
