//! Every limit a client can reach is refused with a clear reason, and the
//! server goes on serving: message size, message rate, engine searches (how
//! many, how long) and games per client.

mod common;

use std::time::{Duration, Instant};

use common::{TempDb, TestServer, http};
use kamisado_server::Limits;
use serde_json::{Value, json};

#[tokio::test]
async fn an_oversized_message_is_refused_and_the_connection_goes_on() {
    let db = TempDb::new("size");
    let limits = Limits {
        max_message: 256,
        ..Limits::default()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(json!({ "mode": "local" })).await;
    let id = created["id"].as_str().unwrap();
    let mut both = server.client(id, created["key"].as_str()).await;
    let long = json!({ "t": "name", "name": "x".repeat(300) }).to_string();
    both.send_text(long).await;
    let answer = both.until(|m| m["t"] == "error").await;
    let reason = answer["reason"].as_str().unwrap();
    assert!(reason.contains("the limit is 256"), "{reason}");
    // The same connection still plays.
    let ack = both.play("d1-d6").await;
    assert_eq!(ack["t"], "ack", "{ack}");
    assert_eq!(common::stored_actions(&db, id).await, ["d1-d6"]);
    server.stop().await;
}

#[tokio::test]
async fn a_connection_over_its_rate_is_refused_and_others_are_not() {
    let db = TempDb::new("rate");
    // A burst of 3 messages, then one every 1000 s: the fourth is refused.
    let limits = Limits {
        messages_per_second: 0.001,
        message_burst: 3.0,
        ..Limits::default()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(json!({ "mode": "local" })).await;
    let id = created["id"].as_str().unwrap();
    let key = created["key"].as_str();
    // The join is the first message.
    let mut both = server.client(id, key).await;
    assert_eq!(both.play("d1-d6").await["t"], "ack");
    both.wait_n(1).await;
    assert_eq!(both.play("a8-a7").await["t"], "error", "a8 is not forced");
    let refused = both.play("f8-f3").await;
    assert_eq!(refused["t"], "error");
    let reason = refused["reason"].as_str().unwrap();
    assert!(reason.contains("rate limit"), "{reason}");
    assert_eq!(common::stored_actions(&db, id).await, ["d1-d6"]);
    // Another connection has an allowance of its own.
    let mut other = server.client(id, key).await;
    let legal = common::first_legal(&other.state.clone());
    assert_eq!(other.play(&legal).await["t"], "ack");
    assert_eq!(common::stored_actions(&db, id).await.len(), 2);
    server.stop().await;
}

#[tokio::test]
async fn engine_searches_are_capped_in_number_and_in_time() {
    let db = TempDb::new("engine-cap");
    // One search at a time, none waiting, and a hint with no node limit:
    // only the time limit ends it.
    let search_time = Duration::from_secs(4);
    let limits = Limits {
        engine_slots: 1,
        engine_queue: 0,
        search_time,
        assess_nodes: u64::MAX,
        ..Limits::default()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(json!({ "mode": "local" })).await;
    let id = created["id"].as_str().unwrap();
    let mut both = server.client(id, created["key"].as_str()).await;
    let asked = Instant::now();
    // Messages of one connection are handled in order: the first hint holds
    // the only place when the second is read.
    both.send(json!({ "t": "hint", "n": 0 })).await;
    both.send(json!({ "t": "hint", "n": 0 })).await;
    let busy = both.until(|m| m["t"] == "error").await;
    let reason = busy["reason"].as_str().unwrap();
    assert!(reason.contains("the engine is busy"), "{reason}");
    // An analysis is refused with 429 while the hint searches.
    let body = json!({ "text": "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -" }).to_string();
    let (status, text) = http(server.addr, "POST", "/api/analysis", Some(&body)).await;
    assert_eq!(status, 429, "{text}");
    assert!(text.contains("busy"), "{text}");
    // The hint answers once its time is up, with a legal move.
    let hint = both.until(|m| m["t"] == "hint").await;
    let elapsed = asked.elapsed();
    assert!(
        elapsed >= search_time - Duration::from_millis(200),
        "{elapsed:?}"
    );
    assert!(
        elapsed < search_time * 5,
        "the search was stopped: {elapsed:?}"
    );
    let legal = both.state["legal"].as_array().unwrap().clone();
    assert!(legal.contains(&hint["mv"]), "{hint}");
    // Once the place is free, an analysis is accepted again.
    let (status, text) = http(server.addr, "POST", "/api/analysis", Some(&body)).await;
    assert_eq!(status, 200, "{text}");
    server.stop().await;
}

#[tokio::test]
async fn games_per_client_are_capped() {
    let db = TempDb::new("games-cap");
    let limits = Limits {
        games_per_client: 3,
        ..Limits::default()
    };
    let server = TestServer::start_with(&db, limits).await;
    for _ in 0..3 {
        server.create(json!({ "mode": "friend" })).await;
    }
    let (status, text) = http(
        server.addr,
        "POST",
        "/api/games",
        Some(r#"{"mode":"friend"}"#),
    )
    .await;
    assert_eq!(status, 429, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let reason = v["error"].as_str().unwrap();
    assert!(reason.contains("at most 3 games per client"), "{reason}");
    // A refused request for a bad game does not use up the share.
    let (status, _) = http(server.addr, "POST", "/api/games", Some(r#"{"mode":"x"}"#)).await;
    assert_eq!(status, 400);
    server.stop().await;
}
