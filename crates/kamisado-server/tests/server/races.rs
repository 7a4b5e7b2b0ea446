//! Moves that race for one turn and moves sent twice: exactly one is applied,
//! the other refused or acknowledged as a duplicate, and the database holds
//! each move once.

use crate::common;

use common::{TempDb, TestServer, first_legal, is_ack, mv, stored_actions};
use kamisado_client::{GameRequest, GameSocket, PlayAs};
use kamisado_core::any::AnyMove;
use kamisado_wire::{ClientMessage, Kind, ServerMessage, Status};

/// The answer each of two clients gets to a move sent by both before either reads.
async fn race(
    a: &mut GameSocket,
    b: &mut GameSocket,
    n: usize,
    mv_a: AnyMove,
    mv_b: AnyMove,
) -> (ServerMessage, ServerMessage) {
    a.send(&ClientMessage::Move { n, mv: mv_a }).await.unwrap();
    b.send(&ClientMessage::Move { n, mv: mv_b }).await.unwrap();
    let answer_a = a.answer(Kind::Move).await.unwrap();
    let answer_b = b.answer(Kind::Move).await.unwrap();
    (answer_a, answer_b)
}

/// Two clients holding the same seats send different moves for the same
/// turn, turn after turn: one is applied and the other refused as stale.
#[tokio::test]
async fn two_moves_racing_for_one_turn() {
    let db = TempDb::new("race");
    let server = TestServer::start(&db).await;
    let created = server.create(GameRequest::local().target(7).seed(7)).await;
    let id = created.id.as_str();
    let key = Some(created.key.as_str());
    let mut a = server.client(id, key).await;
    let mut b = server.client(id, key).await;
    let mut applied: Vec<AnyMove> = Vec::new();
    let mut turns = 0;
    while turns < 30 {
        let n = applied.len();
        a.wait_n(n).await.unwrap();
        b.wait_n(n).await.unwrap();
        let state = a.state().clone();
        if state.status != Status::Playing {
            break;
        }
        let moves = &state.legal;
        if moves.len() < 2 {
            let ack = a.play(moves[0]).await.unwrap();
            assert!(is_ack(&ack), "{}", ack.to_text());
            applied.push(moves[0]);
            continue;
        }
        let (first, second) = (moves[0], moves[moves.len() - 1]);
        let (answer_a, answer_b) = race(&mut a, &mut b, n, first, second).await;
        let (won, refusal) = match (&answer_a, &answer_b) {
            (ServerMessage::Ack { .. }, ServerMessage::Error { reason, .. }) => (first, reason),
            (ServerMessage::Error { reason, .. }, ServerMessage::Ack { .. }) => (second, reason),
            other => panic!("exactly one of two racing moves is applied: {other:?}"),
        };
        assert!(
            refusal.contains(&format!("sent as action {n}")),
            "{refusal}"
        );
        applied.push(won);
        turns += 1;
    }
    assert!(turns >= 5, "enough races were run: {turns}");
    assert_eq!(server.state(id).await.n, applied.len());
    let texts: Vec<String> = applied.iter().map(ToString::to_string).collect();
    assert_eq!(stored_actions(&db, id).await, texts);
    server.stop().await;
}

/// Black and Gold both send a move for the same number: only the side to
/// move is applied, whoever's message arrives first.
#[tokio::test]
async fn the_wrong_seat_never_wins_a_race() {
    let db = TempDb::new("race-seat");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white) = server.friend_game(GameRequest::friend()).await;
    let id = id.as_str();
    // Gold sends first, for Black's turn.
    let (w, b) = race(&mut white, &mut black, 0, mv("d8-d3"), mv("d1-d6")).await;
    assert!(common::reason(&w).contains("Black's turn"), "{w:?}");
    assert!(is_ack(&b), "{b:?}");
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
        .create(GameRequest::friend().colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let key = Some(created.key.as_str());
    let mut a = server.client(id, key).await;
    let mut b = server.client(id, key).await;
    let (answer_a, answer_b) = race(&mut a, &mut b, 0, mv("d1-d6"), mv("d1-d6")).await;
    let duplicates: Vec<bool> = [&answer_a, &answer_b]
        .iter()
        .map(|m| match m {
            ServerMessage::Ack { duplicate, .. } => *duplicate,
            other => panic!("both are acknowledged: {other:?}"),
        })
        .collect();
    assert_eq!(
        duplicates.iter().filter(|d| **d).count(),
        1,
        "{answer_a:?} {answer_b:?}"
    );
    // A retry after reconnecting, once the opponent has moved on: the move
    // is still acknowledged under its number and not played again.
    let mut white = server.client(id, created.invite.as_deref()).await;
    white.wait_n(1).await.unwrap();
    let reply = first_legal(white.state());
    assert!(is_ack(&white.play(reply).await.unwrap()));
    a.close().await;
    let mut again = server.client(id, key).await;
    let retry = again
        .act(ClientMessage::Move {
            n: 0,
            mv: mv("d1-d6"),
        })
        .await
        .unwrap();
    assert_eq!(retry, ServerMessage::ack(Kind::Move, Some(0), true));
    assert_eq!(
        stored_actions(&db, id).await,
        ["d1-d6".to_string(), reply.to_string()]
    );
    assert_eq!(server.state(id).await.n, 2);
    server.stop().await;
}
