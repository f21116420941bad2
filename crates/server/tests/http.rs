//! The HTTP side: pages, assets, cards, creating, listing and joining games.

mod common;

use common::*;
use serde_json::{json, Value};

#[tokio::test]
async fn pages_and_assets_are_served_from_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("pages.sqlite"));
    for (path, file) in [("/", "index.html"), ("/games/abc", "game.html"), ("/games/abc/replay", "replay.html")] {
        let (status, body) = http(server.addr, "GET", path, None).await;
        assert_eq!(status, 200, "{path}");
        let on_disk = std::fs::read_to_string(format!("{}/../../web/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(body, on_disk, "{path} is web/{file}");
    }
    let (status, body) = http(server.addr, "GET", "/assets/style.css", None).await;
    assert_eq!(status, 200);
    assert_eq!(body, std::fs::read_to_string(format!("{}/../../web/style.css", env!("CARGO_MANIFEST_DIR"))).unwrap());
    for missing in ["/assets/nothing.js", "/assets/../Cargo.toml", "/assets/%2e%2e/Cargo.toml", "/nowhere"] {
        assert_eq!(http(server.addr, "GET", missing, None).await.0, 404, "{missing}");
    }
}

#[tokio::test]
async fn cards_and_meta_describe_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("cards.sqlite"));
    let (status, cards) = http_json(server.addr, "GET", "/api/cards", None).await;
    assert_eq!(status, 200);
    let cards = cards.as_array().unwrap();
    assert_eq!(cards.len(), tash_kalar_rules::CardId::all().count());
    let knight = cards.iter().find(|c| c["id"] == "imperial.knight").unwrap();
    assert_eq!(knight["name"], "Knight");
    assert_eq!(knight["deck"], "imperial");
    assert_eq!(knight["kind"], "being");
    assert!(knight["pattern"].as_array().unwrap().iter().all(|p| p.as_array().unwrap().len() == 3));
    assert!(!knight["text"].as_str().unwrap().is_empty());
    let flare = cards.iter().find(|c| c["id"] == "flares.01").unwrap();
    assert_eq!(flare["kind"], "flare");
    assert!(flare["flare"]["upper"].is_u64());
    assert_eq!(cards.iter().find(|c| c["id"] == "legends.titan").unwrap()["kind"], "legend");
    let (status, meta) = http_json(server.addr, "GET", "/api/meta", None).await;
    assert_eq!(status, 200);
    assert!(meta["forms"].as_array().unwrap().iter().any(|f| f["name"] == "high-form"));
    assert_eq!(meta["schools"].as_array().unwrap().len(), tash_kalar_rules::School::ALL.len());
    assert!(meta["schools"].as_array().unwrap().iter().any(|s| s["name"] == "everfrost" && s["color"] == "white"));
    // the levels first (every one within the server's limits), then raw specs
    let bots: Vec<&str> = meta["bots"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()).collect();
    assert_eq!(bots[..5], ["easy", "medium", "hard", "expert", "random"]);
    let levels = meta["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 4);
    assert_eq!(levels[2]["name"], "hard");
    assert_eq!(levels[2]["spec"], "mcts:time=1s");
}

#[tokio::test]
async fn bad_game_requests_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("create.sqlite"));
    let human = json!({"school": "northern", "player": "human"});
    let cases: Vec<(String, &str)> = vec![
        ("{not json".into(), "malformed"),
        (json!({"form": "chess", "seats": [human, {"school": "southern", "player": "human"}]}).to_string(), "unknown form"),
        (json!({"form": "duel", "seats": [human]}).to_string(), "seats"),
        (json!({"form": "duel", "seats": [human, {"school": "atlantis", "player": "human"}]}).to_string(), "unknown school"),
        (json!({"form": "duel", "seats": [human, human]}).to_string(), "both play"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "robot"}]}).to_string(), "neither"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "bot", "bot": "alphago"}]}).to_string(), "unknown bot"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "bot", "bot": "mcts:time=60s"}]}).to_string(), "at most"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "bot", "bot": "mcts:threads=64"}]}).to_string(), "at most"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "human", "name": "A, B"}]}).to_string(), "commas"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "bot", "open": true}]}).to_string(), "only a human seat"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "human", "open": "yes"}]}).to_string(), "malformed"),
        (json!({"form": "duel", "seats": [human, {"school": "southern", "player": "human"}], "x": 1}).to_string(), "unknown field"),
    ];
    for (body, why) in cases {
        let (status, text) = http(server.addr, "POST", "/api/games", Some(&body)).await;
        assert_eq!(status, 400, "{body}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["error"].as_str().unwrap().contains(why), "{body}: {text}");
    }
    let (status, games) = http_json(server.addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    assert_eq!(games, json!([]), "no game was made");
    assert_eq!(http_json(server.addr, "GET", "/api/games?status=lost", None).await.0, 400);
    assert_eq!(http_json(server.addr, "GET", "/api/games/nosuchgame", None).await.0, 404);
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/nosuchgame/ws", server.addr)).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 404),
        other => panic!("a WebSocket to no game is refused: {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn the_lobby_lists_games_and_seats_can_be_joined() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("lobby.sqlite"));
    // a game with its seats reserved for their links is not listed as open
    let (reserved, _) = create(server.addr, two_humans()).await;
    let (id, tokens) = create(
        server.addr,
        json!([{"school": "northern", "player": "human"}, {"school": "southern", "player": "human", "open": true}]),
    )
    .await;
    let (bot_game, _) = create(
        server.addr,
        json!([{"school": "highland", "player": "bot", "bot": "random"}, {"school": "sylvan", "player": "bot", "bot": "random"}]),
    )
    .await;
    let (status, games) = http_json(server.addr, "GET", "/api/games?status=open", None).await;
    assert_eq!(status, 200);
    let open: Vec<&Value> = games.as_array().unwrap().iter().collect();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["id"], id.as_str());
    assert_eq!(open[0]["seats"][0]["taken"], false);
    assert_eq!((&open[0]["seats"][0]["open"], &open[0]["seats"][1]["open"]), (&json!(false), &json!(true)));
    assert_eq!(open[0]["form"], "duel");
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{reserved}"), None).await;
    assert_eq!(summary["status"], "playing", "{summary}");
    // a seat reserved for its link cannot be joined by a stranger, the creator's own included
    for (game, seat) in [(&reserved, 0), (&reserved, 1), (&id, 0)] {
        let (status, v) =
            http_json(server.addr, "POST", &format!("/api/games/{game}/join"), Some(json!({"seat": seat}))).await;
        assert_eq!(status, 403, "{v}");
        assert!(v["error"].as_str().unwrap().contains("reserved"), "{v}");
    }
    // the first seat is taken by saying hello with its token
    let mut first = Client::join(server.addr, &id, tokens[0].as_deref()).await;
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["seats"][0]["taken"], true);
    assert_eq!(summary["status"], "open");
    // a taken seat cannot be joined; a free one gives a new token
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 0}))).await;
    assert_eq!((status, v["error"].as_str().unwrap()), (409, "this seat is taken"));
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 5}))).await;
    assert_eq!(status, 409, "{v}");
    let (status, v) = http_json(server.addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 1}))).await;
    assert_eq!(status, 200);
    let token = v["token"].as_str().unwrap().to_string();
    assert_ne!(Some(token.as_str()), tokens[1].as_deref());
    let (status, _) = http_json(server.addr, "POST", &format!("/api/games/{id}/join"), Some(json!({"seat": 1}))).await;
    assert_eq!(status, 409);
    let (status, _) =
        http_json(server.addr, "POST", &format!("/api/games/{bot_game}/join"), Some(json!({"seat": 0}))).await;
    assert_eq!(status, 409, "a bot seat cannot be joined");
    // the creation link of a seat joined from the lobby no longer works
    let mut old = Client::connect(server.addr, &id).await;
    old.hello(tokens[1].as_deref()).await;
    assert!(old.error().await.contains("not one of this game's"));
    let second = Client::join(server.addr, &id, Some(&token)).await;
    assert_eq!(second.state.as_ref().unwrap()["seat"], 1);
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["status"], "playing");
    // the first player sees the second arrive
    loop {
        let m = first.recv().await;
        if m["players"][1]["online"] == true {
            break;
        }
    }
    // an unfinished game has no record to download yet
    assert_eq!(http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await.0, 409);
    assert_eq!(http(server.addr, "GET", &format!("/api/games/{id}/replay"), None).await.0, 409);
    // the bots play their game to its end on their own
    let mut watcher = Client::join(server.addr, &bot_game, None).await;
    while !watcher.over() {
        watcher.recv().await;
    }
    let (status, record) = http(server.addr, "GET", &format!("/api/games/{bot_game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(record.starts_with("Form: duel\nSeats: highland, sylvan\n"), "{record}");
    assert!(record.contains(&format!("Game: {bot_game}")));
    assert_eq!(tash_kalar_rules::replay_text(&record).unwrap().outcome().map(|o| o.places.to_vec()), {
        let places = watcher.view()["outcome"]["places"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap() as u8);
        Some(places.collect::<Vec<_>>())
    });
    let (_, over) = http_json(server.addr, "GET", "/api/games?status=over", None).await;
    assert_eq!(over[0]["id"], bot_game.as_str());
}

#[tokio::test]
async fn a_finished_game_nobody_watches_leaves_memory_and_comes_back_when_watched() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = tash_kalar_server::Config::new(dir.path().join("unload.sqlite"));
    config.unload_after = std::time::Duration::from_millis(100);
    let server = TestServer::start_with(config);
    let (id, _) = create(
        server.addr,
        json!([{"school": "northern", "player": "bot", "bot": "random"}, {"school": "southern", "player": "bot", "bot": "random"}]),
    )
    .await;
    assert_eq!(server.state.live_games().await, 1);
    // the bots finish their game with nobody watching; it is unloaded
    let deadline = std::time::Instant::now() + WAIT;
    while server.state.live_games().await > 0 {
        assert!(std::time::Instant::now() < deadline, "the finished game is unloaded");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (_, summary) = http_json(server.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["status"], "over");
    // watching loads it again from its log, as it ended
    let watcher = Client::join(server.addr, &id, None).await;
    assert!(watcher.over());
    assert_eq!(watcher.version(), summary["version"].as_u64().unwrap());
    assert_eq!(server.state.live_games().await, 1);
    assert!(watcher.log.iter().all(|e| e.get("hidden").is_none()), "all is revealed after the end");
}

/// The page's languages: `/api/meta` negotiates the request's
/// `Accept-Language`, and each language's messages are served as text.
#[tokio::test]
async fn languages_are_negotiated_and_their_messages_served() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("db.sqlite"));
    let meta_for = |lang: &'static str| {
        let addr = server.addr;
        async move {
            let req = format!(
                "GET /api/meta HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept-Language: {lang}\r\n\r\n"
            );
            let (status, _, body) = http_raw(None, addr, &req).await;
            assert_eq!(status, 200);
            serde_json::from_str::<Value>(&body).unwrap()
        }
    };
    assert_eq!(meta_for("cs-CZ,cs;q=0.9,en;q=0.8").await["lang"], "cs");
    assert_eq!(meta_for("de-DE,es;q=0.5").await["lang"], "es");
    assert_eq!(meta_for("fr").await["lang"], "en");
    let (_, meta) = http_json(server.addr, "GET", "/api/meta", None).await;
    assert_eq!(meta["lang"], "en", "no header: English");
    let codes: Vec<&str> = meta["langs"].as_array().unwrap().iter().map(|l| l["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["en", "es", "cs"]);
    for (lang, words) in
        [("en", "web-your-move = Your move"), ("es", "web-your-move = Tu jugada"), ("cs", "imperial-cannon = Kanon")]
    {
        let (status, headers, body) = http_from(None, server.addr, "GET", &format!("/locales/{lang}.ftl"), None).await;
        assert_eq!(status, 200, "{lang}");
        assert!(headers.iter().any(|(k, v)| k == "content-type" && v.starts_with("text/plain")));
        assert!(body.contains(words), "{lang}: {words}");
        assert!(!body.contains("tui-greeting"), "the terminal's messages are not the page's");
    }
    for bad in ["/locales/de.ftl", "/locales/en", "/locales/..%2Fen.ftl"] {
        assert_eq!(http(server.addr, "GET", bad, None).await.0, 404, "{bad}");
    }
    server.stop();
}

/// A page as a reader without scripts sees it: the text outside the tags,
/// scripts left out, spaces collapsed.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        rest = &rest[open..];
        let end = if rest.starts_with("<script") { rest.find("</script>").map(|e| e + 8) } else { rest.find('>') };
        rest = &rest[end.map_or(rest.len(), |e| e + 1)..];
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pages come in the reader's language from their first byte: the
/// stored choice (the `tk-lang` cookie the language selector sets), else
/// `Accept-Language`, else English; `<html lang>` and the texts written in
/// the page both follow, so nothing flashes in English first.
#[tokio::test]
async fn pages_are_served_in_the_negotiated_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("db.sqlite"));
    let (id, _) = create(server.addr, two_humans()).await;
    let game = format!("/games/{id}");
    let get = |path: String, extra: &'static str| {
        let addr = server.addr;
        async move {
            let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n");
            let (status, headers, body) = http_raw(None, addr, &req).await;
            assert_eq!(status, 200, "{path} {extra}");
            let header = |name: &str| headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
            assert!(header("vary").is_some_and(|v| v.contains("Cookie") && v.contains("Accept-Language")), "{path}");
            (header("content-language").unwrap_or_default(), body)
        }
    };
    // (path, headers, language, words a reader sees, English words they must not see)
    type Case<'a> = (&'a str, &'static str, &'static str, &'static [&'static str], &'static [&'static str]);
    let cases: [Case; 7] = [
        (
            "/",
            "Accept-Language: es\r\n",
            "es",
            &["Juega a Tash-Kalar", "Nueva partida", "Partidas abiertas"],
            &["Play Tash-Kalar", "New game"],
        ),
        (
            &game,
            "Accept-Language: es-ES,es;q=0.9,en;q=0.5\r\n",
            "es",
            &["Tu jugada", "Registro de la partida", "Enviar"],
            &["Your move", "Game log"],
        ),
        ("/", "Cookie: tk-lang=es\r\n", "es", &["Juega a Tash-Kalar"], &["Play Tash-Kalar"]),
        (
            &game,
            "Cookie: theme=dark; tk-lang=es\r\nAccept-Language: cs\r\n",
            "es",
            &["Tu jugada", "Misiones"],
            &["Your move", "Tvůj tah"],
        ),
        (&game, "Accept-Language: en;q=0.4, cs;q=0.8\r\n", "cs", &["Tvůj tah", "Odeslat"], &["Your move"]),
        ("/", "Cookie: tk-lang=xx\r\nAccept-Language: fr\r\n", "en", &["Play Tash-Kalar"], &["Juega"]),
        ("/", "", "en", &["Play Tash-Kalar", "New game"], &["Juega"]),
    ];
    for (path, extra, lang, words, not) in cases {
        let (content_language, body) = get(path.to_string(), extra).await;
        assert_eq!(content_language, lang, "{path} {extra}");
        assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{path} {extra}");
        let text = visible_text(&body);
        for w in words {
            assert!(text.contains(w), "{path} {extra}: {w:?} in {text}");
        }
        for w in not {
            assert!(!text.contains(w), "{path} {extra}: no {w:?} in {text}");
        }
    }
    // the replay page too, and its attributes (the buttons' titles)
    let (_, body) = get(format!("{game}/replay"), "Accept-Language: es\r\n").await;
    assert!(body.contains("title=\"Atrás (←)\""), "{body}");
    server.stop();
}

/// The lobby names the seats as the game does, in the request's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_names_the_seats_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("names.sqlite"));
    let seats = json!([{"school": "northern", "player": "human", "name": "Ann"},
                       {"school": "southern", "player": "bot", "bot": "greedy"}]);
    let (id, _) = create(server.addr, seats).await;
    let get = |lang: &'static str, path: String| async move {
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAccept-Language: {lang}\r\n\r\n",
            server.addr
        );
        let (status, _, body) = http_raw(None, server.addr, &req).await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()
    };
    let es = get("es", format!("/api/games/{id}")).await;
    assert_eq!(es["names"][0], "Azul (Ann)", "{es}");
    assert!(es["names"][1].as_str().unwrap().starts_with("Rojo (bot"), "{es}");
    let en = get("en", "/api/games".to_string()).await;
    let game = en.as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!(game["names"][0], "Blue (Ann)", "{game}");
    assert!(game["names"][1].as_str().unwrap().starts_with("Red (bot"), "{game}");
    server.stop();
}
