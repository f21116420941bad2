//! Whole games through the real server: two players, a spectator, refused
//! messages, a restart in the middle of a game, a bot seat.

mod common;

use std::time::Duration;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// Checks one message against what its reader may know: while the game is
/// on, a seat's views show its own hand only, a spectator's no hand and no
/// choices, and nobody reads another seat's drawn cards in the log.
fn check_secrecy(msg: &Value, seat: Option<u64>) {
    if msg["type"] != "state" {
        return;
    }
    let over = msg["over"] == true;
    let view = &msg["view"];
    let seats = view["seats"].as_array().unwrap().len() as u64;
    let shown = hands_shown(view);
    if over {
        assert_eq!(shown, (0..seats).collect::<Vec<_>>(), "every hand is shown once the game is over");
    } else {
        assert_eq!(shown, seat.into_iter().collect::<Vec<_>>(), "{:?} sees only its own hand: {msg}", seat);
        if seat.is_none() {
            assert!(view["legal"].is_null(), "a spectator gets no choices");
            assert!(!msg.to_string().contains("\"hand\""), "no hand anywhere in a spectator's message");
        }
    }
    for e in msg["log"].as_array().unwrap() {
        let text = e["text"].as_str().unwrap();
        let drawn_by_another = e.get("to").is_some_and(|to| Some(to.as_u64().unwrap()) != seat);
        let returned_by_another = text.starts_with("return ") && e["seat"].as_u64() != seat;
        if over || !(drawn_by_another || returned_by_another) {
            assert!(e.get("hidden").is_none(), "{e} is not hidden from {seat:?}");
        } else if drawn_by_another {
            assert_eq!(e["hidden"], true, "{e}");
            assert!(["draw a being", "draw a legend", "draw a flare"].contains(&text), "{e}");
        } else if e["hidden"] == true {
            // cards returned after a discard go face down; a card taken
            // back from a discard pile in an effect is public
            assert_eq!(text, "return a card", "{e}");
        }
    }
}

/// Plays random legal choices (and, with `undos`, some take-backs) until
/// the game is over or `stop` says so. Returns the number of moves made.
async fn play(
    players: &mut [Client],
    watchers: &mut [Client],
    rng: &mut ChaCha8Rng,
    undos: bool,
    stop: impl Fn(&Client) -> bool,
) -> usize {
    let mut moves = 0;
    loop {
        let latest = players.iter().map(|c| c.version()).max().unwrap();
        for c in players.iter_mut().chain(watchers.iter_mut()) {
            c.state_at_least(latest).await;
        }
        if players[0].over() || stop(&players[0]) {
            return moves;
        }
        let actors: Vec<usize> = (0..players.len()).filter(|&i| players[i].choices().is_some()).collect();
        assert_eq!(actors.len(), 1, "exactly one seat chooses at version {latest}");
        let p = &mut players[actors[0]];
        let v = p.version();
        let state = p.state.clone().unwrap();
        if undos && state["view"]["can"]["undo"] == true && rng.gen_bool(0.15) {
            p.send(json!({"type": "undo", "version": v})).await;
        } else {
            let choices = p.choices().unwrap();
            let c = &choices[rng.gen_range(0..choices.len())];
            p.choose(v, c).await;
        }
        let m = p.recv().await;
        assert_eq!(m["type"], "state", "an accepted move is acknowledged by a new state: {m}");
        p.state_at_least(v + 1).await;
        moves += 1;
    }
}

#[tokio::test]
async fn two_players_finish_a_game_and_a_spectator_never_sees_a_hand() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("games.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut players = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut watchers = vec![Client::join(server.addr, &id, None).await];
    assert_eq!(players[0].state.as_ref().unwrap()["seat"], 0);
    assert_eq!(players[1].state.as_ref().unwrap()["seat"], 1);
    assert_eq!(watchers[0].state.as_ref().unwrap()["seat"], Value::Null);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let moves = play(&mut players, &mut watchers, &mut rng, true, |_| false).await;
    assert!(moves > 50, "a whole game: {moves} moves");
    // the end reaches everyone, with everything revealed
    let version = players[0].version();
    for c in players.iter().chain(&watchers) {
        assert!(c.over());
        assert_eq!(c.version(), version);
        assert!(c.view()["outcome"].is_object());
        assert!(c.log.iter().all(|e| e.get("hidden").is_none()));
        assert_eq!(c.log.len() as u64, version);
    }
    assert_eq!(players[0].log, watchers[0].log, "after the end everyone reads the same log");
    for (seat, c) in players.iter().enumerate() {
        for m in &c.received {
            check_secrecy(m, Some(seat as u64));
        }
    }
    let spectator = &watchers[0];
    assert!(spectator.received.len() > 50);
    for m in &spectator.received {
        check_secrecy(m, None);
    }
    // the lobby knows the end; the record replays to the same end
    let (status, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(summary["status"], "over");
    assert_eq!(summary["version"], version);
    assert_eq!(summary["scores"], players[0].view()["scores"]);
    let (status, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    let game = tash_kalar_rules::replay_text(&record).expect("the record replays");
    assert!(game.is_over());
    assert_eq!(referee_model(&game), *players[0].view());
    let (status, replay) = http_json(server.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, version + 1);
    assert_eq!(steps[0]["entry"], Value::Null);
    assert_eq!(steps.last().unwrap()["view"], *players[0].view());
    // the entries as the log has them (their words are worded on the game
    // at hand, which differs between a replay's step and the live log's end)
    let unworded = |e: &Value| {
        let mut e = e.clone();
        e.as_object_mut().map(|o| o.remove("words"));
        e
    };
    let entries: Vec<Value> = steps[1..].iter().map(|s| unworded(&s["entry"])).collect();
    assert_eq!(entries, players[0].log.iter().map(unworded).collect::<Vec<_>>());
    // nothing is accepted after the end
    let v = players[0].version();
    players[0].choose(v, "end").await;
    assert_eq!(players[0].error().await, "the game is over");
}

/// Nothing arrives on this connection for a while.
async fn quiet(c: &mut Client) {
    if let Some(m) = c.try_recv(Duration::from_millis(300)).await {
        panic!("unexpected message {m}");
    }
}

#[tokio::test]
async fn refused_messages_leave_the_game_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("refused.sqlite"));
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut a = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let mut b = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let mut s = Client::join(server.addr, &id, None).await;
    let v = b.version();
    // the others' arrivals come first
    for c in [&mut a, &mut b, &mut s] {
        c.state_at_least(v).await;
        while c.try_recv(Duration::from_millis(300)).await.is_some() {}
    }
    // in a duel the second player puts down the start pieces first
    let legal = b.choices().expect("seat 1 places the start pieces");
    assert!(a.choices().is_none());
    let before = b.state.clone().unwrap();

    b.send_text("{not json").await;
    assert!(b.error().await.starts_with("malformed message"));
    b.send_text(r#"{"type":"choose","choice":"start c5"}"#).await;
    assert!(b.error().await.contains("version"));
    b.send_text(r#"{"type":"dance","version":1}"#).await;
    assert!(b.error().await.starts_with("malformed message"));
    b.send_text(r#"[1,2,3]"#).await;
    assert!(b.error().await.starts_with("malformed message"));
    b.send_text(&format!(r#"{{"type":"choose","version":{v},"choice":"start c5","extra":1}}"#)).await;
    assert!(b.error().await.starts_with("malformed message"));
    // an illegal choice, and text that is no choice at all
    b.choose(v, "summon imperial.knight e5 r0").await;
    assert!(b.error().await.contains("not a legal choice"));
    b.choose(v, "flibbertigibbet").await;
    b.error().await;
    // a stale choice
    b.choose(v - 1, &legal[0]).await;
    assert!(b.error().await.starts_with("stale"));
    b.choose(v + 1, &legal[0]).await;
    assert!(b.error().await.starts_with("stale"));
    // someone else's seat
    a.choose(v, &legal[0]).await;
    assert!(a.error().await.starts_with("it is not your turn to choose: seat 2 is to choose"));
    a.send(json!({"type": "choose", "version": v, "choice": legal[0], "seat": 1})).await;
    assert_eq!(a.error().await, "you do not hold seat 2");
    s.choose(v, &legal[0]).await;
    assert!(s.error().await.starts_with("spectators cannot play"));
    s.send(json!({"type": "resign"})).await;
    assert!(s.error().await.starts_with("spectators cannot play"));
    a.send(json!({"type": "undo", "version": v})).await;
    assert!(a.error().await.starts_with("nothing to take back"));
    b.send(json!({"type": "hello"})).await;
    assert!(b.error().await.contains("already"));
    // a wrong token is refused; the connection may say hello again
    let mut c = Client::connect(server.addr, &id).await;
    c.send(json!({"type": "choose", "version": v, "choice": legal[0]})).await;
    assert!(c.error().await.starts_with("say hello first"));
    c.hello(Some("0123456789abcdef0123456789abcdef")).await;
    assert!(c.error().await.contains("not one of this game's"));
    c.hello(tokens[1].as_deref()).await;
    let fresh = c.recv().await;

    // nothing changed: no new state anywhere, and a new connection sees the same
    quiet(&mut a).await;
    quiet(&mut b).await;
    quiet(&mut s).await;
    assert_eq!(fresh["version"], v);
    assert_eq!(fresh["view"], before["view"]);
    assert_eq!(c.log, b.log);
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["version"], v);

    // a legal choice is accepted; sent again it is a stale duplicate
    b.choose(v, &legal[0]).await;
    let after = b.state_at_least(v + 1).await;
    b.choose(v, &legal[0]).await;
    assert!(b.error().await.starts_with("stale"));
    // seat 0's turn: place, then take it back
    let v = after["version"].as_u64().unwrap();
    a.state_at_least(v).await;
    let turn_start = a.state.clone().unwrap();
    assert_eq!(turn_start["view"]["can"]["undo"], false);
    let place = a.choices().unwrap().into_iter().find(|c| c.starts_with("place ")).unwrap();
    a.choose(v, &place).await;
    let placed = a.state_at_least(v + 1).await;
    assert_eq!(placed["view"]["can"]["undo"], true);
    assert_eq!(b.state_at_least(v + 1).await["view"]["can"]["undo"], false);
    b.send(json!({"type": "undo", "version": v + 1})).await;
    assert!(b.error().await.starts_with("nothing to take back"), "seat 1 cannot take back seat 0's choice");
    a.send(json!({"type": "undo", "version": v + 1})).await;
    let undone = a.state_at_least(v + 2).await;
    assert_eq!(undone["view"], turn_start["view"], "the take-back restores the turn's start");
    let last = a.log.last().unwrap();
    assert_eq!(last["kind"], "undo");
    assert_eq!(last["undoes"], v + 1);
    assert_eq!(a.log[v as usize]["text"], place);
    // resigning ends the game for everyone
    a.send(json!({"type": "resign"})).await;
    let end = s.state_at_least(v + 3).await;
    assert_eq!(end["over"], true);
    assert_eq!(end["view"]["outcome"]["resigned"], 0);
    assert_eq!(s.log.last().unwrap()["kind"], "resign");
}

#[tokio::test]
async fn a_game_goes_on_after_a_restart_with_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("restart.sqlite");
    let server = TestServer::start(&db);
    let (id, tokens) = create(server.addr, two_humans()).await;
    let mut players = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut watchers = vec![Client::join(server.addr, &id, None).await];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    play(&mut players, &mut watchers, &mut rng, true, |c| c.version() >= 150).await;
    assert!(!players[0].over(), "the game is still on");
    assert!(players[0].log.iter().any(|e| e["kind"] == "undo"), "take-backs are in the log");
    let before: Vec<std::sync::Arc<Value>> =
        players.iter().chain(&watchers).map(|c| c.state.clone().unwrap()).collect();
    let logs: Vec<Vec<Value>> = players.iter().chain(&watchers).map(|c| c.log.clone()).collect();
    server.stop();
    drop(players);
    drop(watchers);

    let server = TestServer::start(&db);
    let mut players = vec![
        Client::join(server.addr, &id, tokens[0].as_deref()).await,
        Client::join(server.addr, &id, tokens[1].as_deref()).await,
    ];
    let mut watchers = vec![Client::join(server.addr, &id, None).await];
    for (i, c) in players.iter_mut().chain(watchers.iter_mut()).enumerate() {
        let v = before[i]["version"].as_u64().unwrap();
        let now = c.state_at_least(v).await;
        assert_eq!(now["version"], before[i]["version"], "no entry lost or added");
        assert_eq!(now["view"], before[i]["view"], "the same state after the restart");
        assert_eq!(now["view"]["can"]["undo"], before[i]["view"]["can"]["undo"]);
        assert_eq!(c.log, logs[i], "the same log after the restart");
    }
    // the seats are still the tokens' and the game plays on to its end
    let moves = play(&mut players, &mut watchers, &mut rng, false, |_| false).await;
    assert!(moves > 0);
    assert!(players[0].over());
    let (status, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    assert!(tash_kalar_rules::replay_text(&record).unwrap().is_over());
}

#[tokio::test]
async fn a_bot_seat_answers() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("bot.sqlite"));
    let (id, tokens) = create(
        server.addr,
        json!([{"school": "northern", "player": "human", "name": "Ann"}, {"school": "southern", "player": "bot", "bot": "greedy"}]),
    )
    .await;
    assert!(tokens[1].is_none(), "a bot seat has no token");
    let mut me = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let players = &me.state.as_ref().unwrap()["players"];
    assert_eq!(players[1]["player"], "bot");
    assert_eq!(players[1]["online"], true);
    assert_eq!(players[0]["name"], "Ann");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut turns_answered = 0;
    // the bot places the start pieces, then we take turns
    while turns_answered < 4 {
        // wait until it is our turn (the bot answers on its own)
        while me.choices().is_none() && !me.over() {
            me.recv().await;
        }
        if me.over() {
            break;
        }
        let v = me.version();
        let choices = me.choices().unwrap();
        let c = if choices.contains(&"end".to_string()) && rng.gen_bool(0.5) {
            "end".to_string()
        } else {
            choices[rng.gen_range(0..choices.len())].clone()
        };
        me.choose(v, &c).await;
        me.state_at_least(v + 1).await;
        if me.choices().is_none() && !me.over() {
            let bot_moves_before = me.log.iter().filter(|e| e["seat"] == 1).count();
            while me.choices().is_none() && !me.over() {
                me.recv().await;
            }
            let bot_moves = me.log.iter().filter(|e| e["seat"] == 1).count();
            assert!(bot_moves > bot_moves_before || me.over(), "the bot played its turn");
            turns_answered += 1;
        }
    }
    assert!(turns_answered >= 1 || me.over());
    assert!(me.log.iter().any(|e| e["seat"] == 1 && e["text"].as_str().unwrap().starts_with("start ")));
    for m in &me.received {
        check_secrecy(m, Some(0));
    }
}

#[tokio::test]
async fn melee_and_team_games_play_through_with_each_seat_seeing_its_own_hand_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("forms.sqlite"));
    let schools = ["northern", "southern", "highland", "sylvan"];
    for (form, seats) in [("melee", 3), ("melee", 4), ("team-duel", 4), ("team-high-form", 4)] {
        let request: Vec<Value> = schools[..seats].iter().map(|s| json!({"school": s, "player": "human"})).collect();
        let (id, tokens) = create_form(server.addr, form, Value::Array(request)).await;
        let mut players = Vec::new();
        for t in &tokens {
            players.push(Client::join(server.addr, &id, t.as_deref()).await);
        }
        let mut watchers = vec![Client::join(server.addr, &id, None).await];
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let moves = play(&mut players, &mut watchers, &mut rng, true, |_| false).await;
        assert!(moves > 10, "{form}: {moves} moves");
        assert!(players[0].over(), "{form}");
        for (seat, c) in players.iter().enumerate() {
            for m in &c.received {
                check_secrecy(m, Some(seat as u64));
            }
        }
        for m in &watchers[0].received {
            check_secrecy(m, None);
        }
        let (status, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, 200, "{form}");
        let game = tash_kalar_rules::replay_text(&record).expect("the record replays");
        assert_eq!(referee_model(&game), *players[0].view(), "{form}");
    }
}
