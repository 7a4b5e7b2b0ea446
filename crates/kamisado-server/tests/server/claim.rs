//! A win claimed in an untimed game between accounts whose player to move
//! has not moved for the stated time (docs/players.md), and the final score
//! stored with each game's end.

use crate::common;

use std::time::Duration;

use common::players::{accept, challenge, request, seated, sign_up};
use common::{TempDb, TestServer, execute, first_legal, is_ack, limits};
use kamisado_server::Limits;
use kamisado_wire::players::PlayerView;
use kamisado_wire::{SideCode, StateView, Status};
use serde_json::json;

fn said(answer: &kamisado_client::Answer, status: u16, words: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(answer.body.contains(words), "{}", answer.body);
}

fn quick_claims() -> Limits {
    Limits {
        claim_after: Duration::from_millis(600),
        ..limits()
    }
}

#[tokio::test]
async fn the_player_not_to_move_claims_the_win_after_the_time_and_not_before() {
    let db = TempDb::new("claim");
    let server = TestServer::start_with(&db, quick_claims()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let cat = sign_up(&server, "Cat").await;
    let c = challenge(&server, &ann, json!({"colour": "black", "rated": true})).await;
    let game = accept(&server, &bob, &c.id).await;
    let mut black = seated(&server, &ann, &game.id).await;
    let first = first_legal(black.state());
    assert!(is_ack(&black.play(first).await.unwrap()));
    let path = format!("/api/games/{}/claim", game.id);

    said(
        &request(&server, None, "POST", &path, None).await,
        401,
        "sign in to claim a win",
    );
    let answer = request(&server, Some(&cat), "POST", &path, None).await;
    said(&answer, 403, "only a player of this game may claim it");
    let answer = request(&server, Some(&bob), "POST", &path, None).await;
    said(&answer, 409, "it is your turn");
    let answer = request(&server, Some(&ann), "POST", &path, None).await;
    said(&answer, 409, "Gold has 1 second left to move");
    assert_eq!(server.state(&game.id).await.status, Status::Playing);

    tokio::time::sleep(Duration::from_millis(700)).await;
    let answer = request(&server, Some(&ann), "POST", &path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state: StateView = answer.json().unwrap();
    assert_eq!(
        (state.status, state.winner),
        (Status::Over, Some(SideCode::Black))
    );
    assert!(server.record(&game.id).await.contains("time"));
    let again = request(&server, Some(&ann), "POST", &path, None).await;
    said(&again, 409, "the match is over");
    // Rated like any end, and archived with its final score.
    let page = request(&server, None, "GET", "/api/players/Ann", None).await;
    let page: PlayerView = page.json().unwrap();
    assert!(
        page.ratings["standard 8x8"].rating > 1500.0,
        "{:?}",
        page.ratings
    );
    assert_eq!(
        (page.games[0].result.as_str(), page.games[0].how.as_str()),
        ("win", "time")
    );
    server.stop().await;

    // The claim replays as the rules' loss on time after a restart.
    let server = TestServer::start_with(&db, quick_claims()).await;
    let state = server.state(&game.id).await;
    assert_eq!(
        (state.status, state.winner),
        (Status::Over, Some(SideCode::Black))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_game_whose_opponent_was_closed_by_the_operator_is_claimed() {
    let db = TempDb::new("claim-closed");
    let server = TestServer::start_with(&db, quick_claims()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let c = challenge(&server, &ann, json!({"colour": "black"})).await;
    let game = accept(&server, &bob, &c.id).await;
    let done = kamisado_server::players::manage::admin_close(&db.url(), "ann")
        .await
        .unwrap();
    assert_eq!(done.games_renamed, Some(1));
    tokio::time::sleep(Duration::from_millis(700)).await;
    let path = format!("/api/games/{}/claim", game.id);
    let answer = request(&server, Some(&bob), "POST", &path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state: StateView = answer.json().unwrap();
    assert_eq!(state.winner, Some(SideCode::White));
    assert_eq!(state.names.b, "deleted player");
    server.stop().await;
}

#[tokio::test]
async fn a_game_with_a_clock_or_without_accounts_is_not_claimed() {
    let db = TempDb::new("claim-refused");
    let server = TestServer::start_with(&db, quick_claims()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let body = json!({"colour": "white", "days": 1});
    let c = challenge(&server, &ann, body).await;
    let game = accept(&server, &bob, &c.id).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let path = format!("/api/games/{}/claim", game.id);
    let answer = request(&server, Some(&ann), "POST", &path, None).await;
    said(&answer, 403, "this game has a clock");
    let friend = server.create(kamisado_client::GameRequest::friend()).await;
    let path = format!("/api/games/{}/claim", friend.id);
    let answer = request(&server, Some(&ann), "POST", &path, None).await;
    said(&answer, 403, "only in a game between two accounts");
    server.stop().await;
}

#[tokio::test]
async fn an_archive_reads_each_final_score_and_fills_an_old_one_once() {
    let db = TempDb::new("final-score");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let c = challenge(&server, &ann, json!({"colour": "black", "target": 3})).await;
    let game = accept(&server, &bob, &c.id).await;
    let mut black = seated(&server, &ann, &game.id).await;
    let mut white = seated(&server, &bob, &game.id).await;
    let end = common::play_out(&mut black, &mut white).await;
    let score = (Some(i64::from(end.score.b)), Some(i64::from(end.score.w)));
    assert_eq!(stored(&db, &game.id).await, score, "stored with the end");
    // A game that ended before the column: filled the first time it is read.
    let sql = "UPDATE games SET final_black = NULL, final_white = NULL WHERE id = $1 AND $2 = 0";
    execute(&db, sql, &game.id, 0).await;
    let page = request(&server, None, "GET", "/api/players/Bob", None).await;
    let page: PlayerView = page.json().unwrap();
    assert_eq!(page.games[0].score, end.score);
    assert_eq!(stored(&db, &game.id).await, score, "filled once");
    server.stop().await;
}

/// The final score stored in a game's row.
async fn stored(db: &TempDb, id: &str) -> (Option<i64>, Option<i64>) {
    let sql = "SELECT final_black, final_white FROM games WHERE id = $1";
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    let row: (Option<i64>, Option<i64>) =
        sqlx::query_as(sql).bind(id).fetch_one(&pool).await.unwrap();
    pool.close().await;
    row
}
