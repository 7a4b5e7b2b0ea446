//! Hints and the analysis board tell one story: the same position gets the
//! same move and value from both, proven where the solver proves it within
//! the budget (the start of a round: Black wins in 17).

use crate::common;

use common::{TempDb, TestServer};
use kamisado_client::GameRequest;
use kamisado_wire::{ClientMessage, ServerMessage, SideCode, ValueKind, ValueView};

const START: &str = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -";

#[tokio::test]
async fn a_hint_and_the_analysis_board_agree_and_prove_the_start() {
    let db = TempDb::new("assessment");
    let server = TestServer::start(&db).await;
    let created = server.create(GameRequest::local().seed(7)).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    let answer = both
        .act(ClientMessage::Hint { n: 0 })
        .await
        .expect("an answer to the hint");
    let ServerMessage::Hint(hint) = answer else {
        panic!("a hint, not {answer:?}");
    };
    let proven = ValueView {
        side: SideCode::Black,
        kind: ValueKind::Win,
        plies: Some(17),
        score: None,
        lean: None,
    };
    assert_eq!(hint.value, proven, "the start is a win for Black in 17");
    assert_eq!(hint.line.len(), 17, "the line runs to the end of the round");

    let analysis = server.http.analyse(START).await.expect("an analysis");
    let best = &analysis.moves[0];
    assert_eq!(best.mv, hint.mv, "the analysis's best move is the hint's");
    assert_eq!(best.value, hint.value);
    assert_eq!(best.line, hint.line);
    // Every other move is valued too, for the side to move, and none better.
    assert_eq!(analysis.moves.len(), 102);
    assert!(
        analysis
            .moves
            .iter()
            .all(|m| m.value.side == SideCode::Black)
    );
    server.stop().await;
}

#[tokio::test]
async fn each_move_of_a_record_is_valued_as_a_hint_before_it_would_be() {
    let db = TempDb::new("assessment-record");
    let server = TestServer::start(&db).await;
    let record = "[Event \"t\"]\n[Date \"2026.01.01\"]\n[Black \"A\"]\n[White \"B\"]\n\
        [Rules \"standard\"]\n[Target \"1\"]\n[Result \"*\"]\n\nround 1\n1. g1-g7 2. h8-h3\n";
    let analysis = server.http.analyse(record).await.expect("an analysis");
    assert_eq!(analysis.steps.len(), 2);
    let first = &analysis.steps[0];
    assert_eq!(
        first.best_value.as_ref().map(|v| v.kind),
        Some(ValueKind::Win)
    );
    assert_eq!(
        first.value, first.best_value,
        "g1-g7 is the proven best move"
    );
    // After g1-g7, the position is lost for Gold: the hint there says so.
    let created = server.create(GameRequest::local().seed(7)).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    both.play(common::mv("g1-g7"))
        .await
        .expect("g1-g7 is played");
    let ServerMessage::Hint(hint) = both
        .act(ClientMessage::Hint { n: 1 })
        .await
        .expect("an answer")
    else {
        panic!("a hint");
    };
    assert_eq!(Some(hint.value.clone()), analysis.steps[1].best_value);
    assert_eq!(hint.value.kind, ValueKind::Loss);
    assert_eq!(hint.value.plies, Some(16));
    server.stop().await;
}
