//! Moves that race for one turn and moves sent twice: exactly one is applied,
//! the other refused or acknowledged as a duplicate, and the database holds
//! each move once.

mod common;

use common::{Client, TempDb, TestServer, stored_actions};
use serde_json::{Value, json};

/// The answer (`ack` or `error`) each of two clients gets to a move sent by
/// both before either reads.
async fn race(a: &mut Client, b: &mut Client, n: u64, mv_a: &str, mv_b: &str) -> (Value, Value) {
    a.send(json!({ "t": "move", "n": n, "mv": mv_a })).await;
    b.send(json!({ "t": "move", "n": n, "mv": mv_b })).await;
    let answer_a = a.until(|m| m["t"] == "ack" || m["t"] == "error").await;
    let answer_b = b.until(|m| m["t"] == "ack" || m["t"] == "error").await;
    (answer_a, answer_b)
}

fn legal(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Two clients holding the same seats send different moves for the same
/// turn, turn after turn: one is applied and the other refused as stale.
#[tokio::test]
async fn two_moves_racing_for_one_turn() {
    let db = TempDb::new("race");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "local", "target": 7, "seed": 7 }))
        .await;
    let id = created["id"].as_str().unwrap();
    let key = created["key"].as_str();
    let mut a = server.client(id, key).await;
    let mut b = server.client(id, key).await;
    let mut applied = Vec::new();
    let mut turns = 0;
    while turns < 30 {
        let n = applied.len() as u64;
        a.wait_n(n).await;
        b.wait_n(n).await;
        let state = a.state.clone();
        if state["status"] != "playing" {
            break;
        }
        let moves = legal(&state);
        if moves.len() < 2 {
            let ack = a.play(&moves[0]).await;
            assert_eq!(ack["t"], "ack", "{ack}");
            applied.push(moves[0].clone());
            continue;
        }
        let (first, second) = (&moves[0], &moves[moves.len() - 1]);
        let (answer_a, answer_b) = race(&mut a, &mut b, n, first, second).await;
        let won = match (answer_a["t"].as_str(), answer_b["t"].as_str()) {
            (Some("ack"), Some("error")) => first,
            (Some("error"), Some("ack")) => second,
            other => panic!("exactly one of two racing moves is applied: {other:?}"),
        };
        let refusal = if answer_a["t"] == "error" {
            &answer_a
        } else {
            &answer_b
        };
        assert!(
            refusal["reason"]
                .as_str()
                .unwrap()
                .contains(&format!("sent as action {n}")),
            "{refusal}"
        );
        applied.push(won.clone());
        turns += 1;
    }
    assert!(turns >= 5, "enough races were run: {turns}");
    let n = applied.len() as u64;
    assert_eq!(server.state(id).await["n"], n);
    assert_eq!(stored_actions(&db, id).await, applied);
    server.stop().await;
}

/// Black and Gold both send a move for the same number: only the side to
/// move is applied, whoever's message arrives first.
#[tokio::test]
async fn the_wrong_seat_never_wins_a_race() {
    let db = TempDb::new("race-seat");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "colour": "black" }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut black = server.client(id, created["key"].as_str()).await;
    let mut white = server.client(id, created["invite"].as_str()).await;
    // Gold sends first, for Black's turn.
    let (w, b) = race(&mut white, &mut black, 0, "d8-d3", "d1-d6").await;
    assert_eq!(w["t"], "error", "{w}");
    assert!(
        w["reason"].as_str().unwrap().contains("Black's turn"),
        "{w}"
    );
    assert_eq!(b["t"], "ack", "{b}");
    assert_eq!(stored_actions(&db, id).await, ["d1-d6"]);
    server.stop().await;
}

/// A move sent twice (a client's retry, here on two connections at once and
/// again after reconnecting) is applied once; both sends are acknowledged.
#[tokio::test]
async fn a_move_sent_twice_is_applied_once() {
    let db = TempDb::new("twice");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "colour": "black" }))
        .await;
    let id = created["id"].as_str().unwrap();
    let key = created["key"].as_str();
    let mut a = server.client(id, key).await;
    let mut b = server.client(id, key).await;
    let (answer_a, answer_b) = race(&mut a, &mut b, 0, "d1-d6", "d1-d6").await;
    assert_eq!(answer_a["t"], "ack", "{answer_a}");
    assert_eq!(answer_b["t"], "ack", "{answer_b}");
    let duplicates = [&answer_a, &answer_b]
        .iter()
        .filter(|m| m["duplicate"] == true)
        .count();
    assert_eq!(duplicates, 1, "{answer_a} {answer_b}");
    // A retry after reconnecting, once the opponent has moved on: the move
    // is still acknowledged under its number and not played again.
    let mut white = server.client(id, created["invite"].as_str()).await;
    white.wait_n(1).await;
    let reply = common::first_legal(&white.state.clone());
    assert_eq!(white.play(&reply).await["t"], "ack");
    a.close().await;
    let mut again = server.client(id, key).await;
    let retry = again
        .act(json!({ "t": "move", "n": 0, "mv": "d1-d6" }))
        .await;
    assert_eq!(retry["t"], "ack", "{retry}");
    assert_eq!(retry["duplicate"], true);
    assert_eq!(stored_actions(&db, id).await, ["d1-d6".to_string(), reply]);
    assert_eq!(server.state(id).await["n"], 2);
    server.stop().await;
}
