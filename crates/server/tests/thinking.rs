//! A bot's thinking shows progress: while a searching bot decides, its
//! game's connections get `thinking` messages (its iterations of its
//! budget), then one that says it is done, then its move.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;

#[tokio::test]
async fn a_searching_bot_reports_its_progress_then_moves() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("thinking.sqlite"));
    let seats = json!([
        {"school": "northern", "player": "bot", "bot": "mcts:iterations=1500,early_stop=false"},
        {"school": "southern", "player": "human"},
    ]);
    let (id, tokens) = create(server.addr, seats).await;
    let mut c = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    let mut progress = Vec::new();
    let mut finished = false;
    // the human plays (its turn's first choice) until the bot has thought once
    let mut asked = 0;
    while !finished {
        if let Some(choices) = c.choices() {
            if c.version() > asked {
                asked = c.version();
                let pick = choices.iter().find(|t| t.as_str() == "end").unwrap_or(&choices[0]).clone();
                c.choose(asked, &pick).await;
            }
        }
        let m = c.try_recv(Duration::from_secs(120)).await.expect("the bot moves");
        if m["type"] == "thinking" {
            if m["seat"].is_null() {
                finished = true;
            } else {
                assert_eq!(m["seat"], 0, "{m}");
                assert_eq!(m["of"], 1500, "{m}");
                assert!(m["time_ms"].is_null(), "{m}");
                progress.push(m["iterations"].as_u64().unwrap());
            }
        }
    }
    assert!(!progress.is_empty(), "no progress was sent");
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
    assert!(progress.iter().all(|&n| n <= 1500), "{progress:?}");
    assert!(finished, "no message said the bot was done");
}

/// A bot that does not search (greedy, the easy level) sends no progress.
#[tokio::test]
async fn a_bot_that_does_not_search_sends_none() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("greedy.sqlite"));
    let seats = json!([
        {"school": "northern", "player": "bot", "bot": "easy"},
        {"school": "southern", "player": "human"},
    ]);
    let (id, tokens) = create(server.addr, seats).await;
    let mut c = Client::join(server.addr, &id, tokens[1].as_deref()).await;
    while c.choices().is_none() {
        let m = c.recv().await;
        assert_ne!(m["type"], "thinking", "{m}");
    }
}
