//! The analysis board, the danger view, lessons and puzzles.

use kamisado_client::GameRequest;
use kamisado_wire::Code;
use serde_json::{Value, json};

use super::Met;
use crate::common::TestServer;

/// A position of the danger view's test: Black to move, the orange tower forced.
const POSITION: &str = "obvpy1g1/8/8/6R1/1P1Y3n/5r2/7O/NG3VB1 b o";
const START: &str = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -";
/// A record whose second move is not the forced tower's.
const ILLEGAL: &str = "[Event \"t\"]\n[Date \"2026.11.29\"]\n[Black \"a\"]\n[White \"b\"]\n\
    [Rules \"standard\"]\n[Target \"1\"]\n[Result \"*\"]\n\nround 1\n1. d1-d6 2. a8-a7\n";

async fn post(server: &TestServer, path: &str, body: Value) -> kamisado_client::Answer {
    server.request("POST", path, Some(&body.to_string())).await
}

pub async fn meet(server: &TestServer, met: &mut Met) {
    let game = server.create(GameRequest::friend()).await.id;
    let danger = [
        (json!({"from": "h2"}), Code::DangerNeedsGameOrPosition),
        (
            json!({"game": game, "position": POSITION, "from": "h2"}),
            Code::DangerGameAndPosition,
        ),
        (
            json!({"position": POSITION, "from": "z9"}),
            Code::NotASquare,
        ),
        (
            json!({"position": POSITION, "from": "a1"}),
            Code::TowerCannotMove,
        ),
        (
            json!({"position": "nonsense", "from": "h2"}),
            Code::BadPosition,
        ),
    ];
    for (body, code) in danger {
        met.http(&post(server, "/api/danger", body).await, 400, code);
    }
    let between = post(server, "/api/danger", json!({"game": game, "from": "d1"})).await;
    met.http(&between, 403, Code::DangerBetweenPlayers);
    let analysis = [
        (json!({"text": "nonsense"}), Code::NotAPosition),
        (json!({"text": "[Event"}), Code::BadRecord),
        (json!({"text": ILLEGAL}), Code::RecordBadMove),
        (json!({"text": "x".repeat(65_600)}), Code::TextTooLong),
        (json!({"text": START, "at": 5}), Code::LineStartPastEnd),
        (
            json!({"text": START, "then": "d1-d6 zz"}),
            Code::LineBadMove,
        ),
    ];
    for (body, code) in analysis {
        met.http(&post(server, "/api/analysis", body).await, 400, code);
    }
    let lesson = post(server, "/api/lessons/nothing/try", json!({"mv": "d1-d6"})).await;
    met.http(&lesson, 404, Code::NoSuchLesson);
    let none = server.request("GET", "/api/puzzles/next", None).await;
    met.http(&none, 404, Code::NoPuzzlesYet);
    let puzzle = server.request("GET", "/api/puzzles/nothing", None).await;
    met.http(&puzzle, 404, Code::NoSuchPuzzle);
}
