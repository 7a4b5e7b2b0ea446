//! Whole games over the WebSocket: with a friend, against the engine, and
//! across a restart of the server.

mod common;

use common::{TempDb, TestServer, first_legal, http};
use kamisado_core::Record;
use serde_json::{Value, json};

/// Plays a friend game between two clients to its end, each playing its
/// first legal move and filling from the left; a watcher sees every state.
#[tokio::test]
async fn a_friend_game_between_two_clients() {
    let db = TempDb::new("friend");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "target": 3, "colour": "black", "name": "Ann" }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut black = server.client(id, created["key"].as_str()).await;
    let mut white = server.client(id, created["invite"].as_str()).await;
    let mut watcher = server.client(id, None).await;
    assert_eq!(black.seat, "b");
    assert_eq!(white.seat, "w");
    white.send(json!({ "t": "name", "name": "Ben" })).await;
    white
        .until(|m| m["t"] == "state" && m["names"]["w"] == "Ben")
        .await;

    let mut n = 0u64;
    loop {
        black.wait_n(n).await;
        white.wait_n(n).await;
        let state = black.state.clone();
        if state["status"] == "over" {
            break;
        }
        let player = if state["to_act"] == "b" {
            &mut black
        } else {
            &mut white
        };
        let answer = if state["status"] == "fill" {
            player
                .act(json!({ "t": "fill", "n": n, "fill": "left" }))
                .await
        } else {
            player.play(&first_legal(&state)).await
        };
        assert_eq!(answer["t"], "ack", "{answer}");
        n += 1;
        // Both players and the watcher see the move at once.
        watcher.wait_n(n).await;
        assert_eq!(watcher.state["n"], n);
        assert!(n < 2000, "the game ends");
    }
    assert_eq!(watcher.state["status"], "over");
    let final_state = server.state(id).await;
    assert_eq!(final_state["n"], n);
    let winner = final_state["winner"].as_str().unwrap();
    assert!(final_state["score"][winner].as_u64().unwrap() >= 3);

    // The record replays to the same match.
    let (status, text) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    let record: Record = text.parse().expect("the record reads back");
    let (m, _) = record.replay().expect("the record replays");
    assert_eq!(m.to_string(), final_state["fen"].as_str().unwrap());
    assert_eq!(record.tag("Black"), Some("Ann"));
    assert_eq!(record.tag("White"), Some("Ben"));
    assert_eq!(record.to_string(), text);
    server.stop().await;
}

/// Plays a match to 3 against the engine at level 1 to its end.
#[tokio::test]
async fn a_full_game_against_the_engine() {
    let db = TempDb::new("engine");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "engine", "seed": 11, "target": 3, "colour": "black", "level": 1 }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut me = server.client(id, created["key"].as_str()).await;
    assert_eq!(me.seat, "b");
    let mut human_actions = 0;
    loop {
        let s = me.state.clone();
        if s["status"] == "over" {
            break;
        }
        if s["to_act"] == "b" {
            let answer = if s["status"] == "fill" {
                me.act(json!({ "t": "fill", "n": s["n"], "fill": "right" }))
                    .await
            } else {
                me.play(&first_legal(&s)).await
            };
            assert_eq!(answer["t"], "ack", "{answer}");
            human_actions += 1;
        } else {
            // The engine's turn: wait for its action.
            let n = s["n"].as_u64().unwrap();
            me.wait_n(n + 1).await;
        }
        assert!(human_actions < 1000);
    }
    let s = me.state.clone();
    assert!(s["names"]["w"].as_str().unwrap().contains("Engine"));
    assert_eq!(s["engine"], "w");
    let winner = s["winner"].as_str().unwrap();
    assert!(s["score"][winner].as_u64().unwrap() >= 3);
    // Some moves were the engine's, each stored and replayable.
    let (_, text) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    let record: Record = text.parse().unwrap();
    let (m, steps) = record.replay().unwrap();
    assert_eq!(m.to_string(), s["fen"].as_str().unwrap());
    assert!(steps.len() > human_actions / 2);
    server.stop().await;
}

/// When the engine plays Black it moves first, without being asked.
#[tokio::test]
async fn the_engine_moves_first_as_black() {
    let db = TempDb::new("engine-first");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "engine", "seed": 11, "colour": "white", "level": 2 }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut me = server.client(id, created["key"].as_str()).await;
    assert_eq!(me.seat, "w");
    let s = me.wait_n(1).await;
    assert_eq!(s["to_act"], "w");
    assert_eq!(s["rounds"][0]["moves"].as_array().unwrap().len(), 1);
    server.stop().await;
}

async fn play_some(black: &mut common::Client, white: &mut common::Client, count: u64) {
    for _ in 0..count {
        let s = black.state.clone();
        if s["status"] != "playing" {
            break;
        }
        let n = s["n"].as_u64().unwrap();
        let player = if s["to_act"] == "b" {
            &mut *black
        } else {
            &mut *white
        };
        let answer = player.play(&first_legal(&s)).await;
        assert_eq!(answer["t"], "ack", "{answer}");
        black.wait_n(n + 1).await;
        white.wait_n(n + 1).await;
    }
}

/// The server stops in the middle of a game; a new server on the same
/// database rebuilds the game from its stored moves and the game goes on.
#[tokio::test]
async fn a_restart_in_the_middle_of_a_game() {
    let db = TempDb::new("restart");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "target": 7, "colour": "white" }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let white_key = created["key"].as_str().unwrap().to_string();
    let black_key = created["invite"].as_str().unwrap().to_string();
    let mut black = server.client(&id, Some(&black_key)).await;
    let mut white = server.client(&id, Some(&white_key)).await;
    assert_eq!(black.seat, "b");
    play_some(&mut black, &mut white, 5).await;
    let before: Value = server.state(&id).await;
    assert_eq!(before["n"], 5);
    black.close().await;
    white.close().await;
    server.stop().await;

    let server = TestServer::start(&db).await;
    let after = server.state(&id).await;
    for field in [
        "n", "fen", "towers", "legal", "rounds", "notes", "to_act", "last",
    ] {
        assert_eq!(after[field], before[field], "{field} survives the restart");
    }
    let mut black = server.client(&id, Some(&black_key)).await;
    let mut white = server.client(&id, Some(&white_key)).await;
    assert_eq!(black.seat, "b");
    assert_eq!(white.seat, "w");
    play_some(&mut black, &mut white, 500).await;
    assert_ne!(black.state["status"], "playing");
    assert!(black.state["n"].as_u64().unwrap() > 5);
    server.stop().await;
}

/// An engine game whose server stops while the engine is to move: the
/// engine moves once the game is opened again.
#[tokio::test]
async fn a_restart_with_the_engine_to_move() {
    let db = TempDb::new("restart-engine");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "engine", "seed": 11, "colour": "black", "level": 1 }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let key = created["key"].as_str().unwrap().to_string();
    let mut me = server.client(&id, Some(&key)).await;
    let answer = me.play(&first_legal(&me.state.clone())).await;
    assert_eq!(answer["t"], "ack");
    me.close().await;
    server.stop().await;
    // Whether or not the engine answered before the stop, make the stored game
    // end with the player's move, as after a crash while the engine thought.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query("DELETE FROM actions WHERE game_id = $1 AND seq >= 1")
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let server = TestServer::start(&db).await;
    assert!(server.state(&id).await["n"].as_u64().unwrap() <= 2);
    let mut me = server.client(&id, Some(&key)).await;
    let s = me.wait_n(2).await;
    assert_eq!(s["to_act"], "b");
    server.stop().await;
}

/// Undo against the engine takes back the player's move and the engine's answer.
#[tokio::test]
async fn undo_against_the_engine() {
    let db = TempDb::new("undo");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "engine", "seed": 11, "colour": "black", "level": 1 }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut me = server.client(id, created["key"].as_str()).await;
    let start = me.state.clone();
    me.play("d1-d6").await;
    let s = me.wait_n(2).await;
    assert_eq!(s["to_act"], "b");
    me.send(json!({ "t": "undo", "n": 2 })).await;
    let s = me.until(|m| m["t"] == "state" && m["n"] == 0).await;
    assert_eq!(s["fen"], start["fen"]);
    // A hint for the player to move.
    me.send(json!({ "t": "hint", "n": 0 })).await;
    let hint = me.until(|m| m["t"] == "hint").await;
    let mv = hint["mv"].as_str().unwrap();
    assert!(start["legal"].as_array().unwrap().iter().any(|m| m == mv));
    assert!(hint["value"].as_str().is_some());
    server.stop().await;
}

/// A takeback offered in a friend game: declined, then accepted.
#[tokio::test]
async fn a_takeback_with_a_friend() {
    let db = TempDb::new("takeback");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "colour": "black" }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut black = server.client(id, created["key"].as_str()).await;
    let mut white = server.client(id, created["invite"].as_str()).await;
    black.play("d1-d6").await;
    white.wait_n(1).await;
    black.send(json!({ "t": "takeback", "n": 1 })).await;
    white
        .until(|m| m["t"] == "state" && m["takeback"] == "b")
        .await;
    // The offerer cannot accept their own offer.
    let refused = black
        .act(json!({ "t": "takeback_reply", "accept": true }))
        .await;
    assert_eq!(refused["t"], "error");
    white
        .send(json!({ "t": "takeback_reply", "accept": false }))
        .await;
    black
        .until(|m| m["t"] == "state" && m["takeback"].is_null())
        .await;
    assert_eq!(black.state["n"], 1);
    black.send(json!({ "t": "takeback", "n": 1 })).await;
    white
        .until(|m| m["t"] == "state" && m["takeback"] == "b")
        .await;
    white
        .send(json!({ "t": "takeback_reply", "accept": true }))
        .await;
    let s = black.until(|m| m["t"] == "state" && m["n"] == 0).await;
    assert_eq!(s["to_act"], "b");
    assert_eq!(s["last"], Value::Null);
    server.stop().await;
}

/// Resigning ends the match for both players.
#[tokio::test]
async fn resigning_a_friend_game() {
    let db = TempDb::new("resign");
    let server = TestServer::start(&db).await;
    let created = server
        .create(json!({ "mode": "friend", "colour": "black", "target": 7 }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut black = server.client(id, created["key"].as_str()).await;
    let mut white = server.client(id, created["invite"].as_str()).await;
    black.play("d1-d6").await;
    white.wait_n(1).await;
    // Black resigns though it is White's turn.
    let answer = black.act(json!({ "t": "resign", "n": 1 })).await;
    assert_eq!(answer["t"], "ack", "{answer}");
    let s = white.wait_n(2).await;
    assert_eq!(s["status"], "over");
    assert_eq!(s["winner"], "w");
    let (_, text) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(text.contains("resignation"), "{text}");
    server.stop().await;
}

/// Games on the 6×6 and 10×10 boards: the state carries the board and its
/// layout, moves are of that board, the engine plays it, and the record and
/// the analysis board read it back.
#[tokio::test]
async fn games_on_the_other_boards() {
    use kamisado_core::geometry::{Six, Ten};
    let db = TempDb::new("boards");
    let server = TestServer::start(&db).await;

    // 10×10, two on one screen: a move to rank 10 squares, the layout is 10 by 10.
    let created = server
        .create(json!({ "mode": "local", "board": "10x10", "rules": "zvezda" }))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut both = server.client(id, created["key"].as_str()).await;
    let s = both.state.clone();
    assert_eq!(s["board"], "10x10");
    assert_eq!(
        s["fen"],
        "obvpicyrgn/10/10/10/10/10/10/10/10/NGRYCIPVBO b - 0-0/1"
    );
    let layout = s["layout"].as_array().unwrap();
    assert_eq!(layout.len(), 10);
    assert_eq!(layout[0][4], "ivory");
    assert_eq!(layout[9][0], "brown");
    assert_eq!(s["legal"].as_array().unwrap().len(), 168);
    let answer = both.play("a1-a9").await;
    assert_eq!(answer["t"], "ack", "{answer}");
    both.wait_n(1).await;
    // A square of the 10×10 board that the 8×8 board has not.
    let to_move = both.state["legal"][0].as_str().unwrap().to_string();
    assert!(to_move.contains("10"), "{to_move}");
    let answer = both.play(&to_move).await;
    assert_eq!(answer["t"], "ack", "{answer}");
    both.wait_n(2).await;
    let (_, text) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(text.contains("[Board \"10x10\"]"), "{text}");
    let record: Record<Ten> = text.parse().unwrap();
    let (m, _) = record.replay().unwrap();
    assert_eq!(m.to_string(), both.state["fen"].as_str().unwrap());

    // 6×6 against the engine, to the end of a round; a move off the board is refused.
    let created = server
        .create(
            json!({ "mode": "engine", "board": "6x6", "seed": 5, "colour": "black", "level": 2 }),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let mut me = server.client(id, created["key"].as_str()).await;
    assert_eq!(me.state["layout"].as_array().unwrap().len(), 6);
    let refused = me.play("a1-a7").await;
    assert_eq!(refused["t"], "error", "{refused}");
    loop {
        let s = me.state.clone();
        if s["status"] == "over" {
            break;
        }
        if s["to_act"] == "b" {
            let answer = me.play(&first_legal(&s)).await;
            assert_eq!(answer["t"], "ack", "{answer}");
        } else {
            let n = s["n"].as_u64().unwrap();
            me.wait_n(n + 1).await;
        }
    }
    let (_, text) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    let record: Record<Six> = text.parse().unwrap();
    let (m, _) = record.replay().unwrap();
    assert_eq!(m.to_string(), me.state["fen"].as_str().unwrap());

    // The analysis board reads the 6×6 record and sends its layout.
    let body = json!({ "text": text }).to_string();
    let (status, answer) = http(server.addr, "POST", "/api/analysis", Some(&body)).await;
    assert_eq!(status, 200, "{answer}");
    let analysis: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(analysis["board"], "6x6");
    assert_eq!(analysis["layout"].as_array().unwrap().len(), 6);
    assert!(!analysis["steps"].as_array().unwrap().is_empty());

    // A board that does not exist is refused with the reason.
    let (status, answer) = http(
        server.addr,
        "POST",
        "/api/games",
        Some(r#"{"mode":"local","board":"9x9"}"#),
    )
    .await;
    assert_eq!(status, 400);
    assert!(answer.contains("`9x9` is not a board"), "{answer}");
    server.stop().await;
}
