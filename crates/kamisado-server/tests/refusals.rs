//! Every refusal: each is answered with a reason to that client, and the game is unchanged.

mod common;

use common::{TempDb, TestServer, http, request};
use serde_json::{Value, json};

async fn friend_game(
    server: &TestServer,
) -> (String, common::Client, common::Client, common::Client) {
    let created = server
        .create(json!({ "mode": "friend", "colour": "black", "name": "Ann" }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let black = server.client(&id, created["key"].as_str()).await;
    let white = server.client(&id, created["invite"].as_str()).await;
    let watcher = server.client(&id, None).await;
    (id, black, white, watcher)
}

/// Sends a message, expects an error whose reason contains `words`, and
/// checks that the stored game did not change.
async fn refused(
    server: &TestServer,
    id: &str,
    client: &mut common::Client,
    message: Value,
    words: &str,
) {
    let before = server.state(id).await;
    let answer = client.act(message.clone()).await;
    assert_eq!(
        answer["t"], "error",
        "{message} should be refused, got {answer}"
    );
    let reason = answer["reason"].as_str().unwrap();
    assert!(
        reason.to_lowercase().contains(&words.to_lowercase()),
        "{message}: the reason `{reason}` should say `{words}`"
    );
    let after = server.state(id).await;
    assert_eq!(before, after, "{message} changed the game");
}

#[tokio::test]
async fn moves_from_the_wrong_seat_or_a_watcher_are_refused() {
    let db = TempDb::new("seat");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white, mut watcher) = friend_game(&server).await;
    refused(
        &server,
        &id,
        &mut white,
        json!({ "t": "move", "n": 0, "mv": "d8-d3" }),
        "Black's turn",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        json!({ "t": "move", "n": 0, "mv": "d1-d6" }),
        "watching",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        json!({ "t": "resign", "n": 0 }),
        "watchers",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        json!({ "t": "takeback", "n": 0 }),
        "watchers",
    )
    .await;
    // A key that opens no seat leaves the client watching.
    let mut stranger = server.client(&id, None).await;
    let answer = stranger
        .act(json!({ "t": "join", "key": "00000000000000000000000000000000" }))
        .await;
    assert_eq!(answer["t"], "error");
    refused(
        &server,
        &id,
        &mut stranger,
        json!({ "t": "move", "n": 0, "mv": "d1-d6" }),
        "watching",
    )
    .await;
    // The right seat can move.
    assert_eq!(black.play("d1-d6").await["t"], "ack");
    server.stop().await;
}

#[tokio::test]
async fn illegal_and_malformed_moves_are_refused() {
    let db = TempDb::new("illegal");
    let server = TestServer::start(&db).await;
    let (id, mut black, _white, _watcher) = friend_game(&server).await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "n": 0, "mv": "a1-b1" }),
        "illegal",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "n": 0, "mv": "pass" }),
        "illegal",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "n": 0, "mv": "z9-a1" }),
        "malformed move",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "fill", "n": 0, "fill": "left" }),
        "fill",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "fill", "n": 0, "fill": "up" }),
        "malformed fill",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "fly", "n": 0 }),
        "malformed message",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "mv": "d1-d6" }),
        "malformed message",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "n": "x", "mv": "d1-d6" }),
        "malformed message",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "undo", "n": 0 }),
        "friend",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "hint", "n": 0 }),
        "hints",
    )
    .await;

    let before = server.state(&id).await;
    black.send_text("{not json".into()).await;
    let answer = black.until(|m| m["t"] == "error").await;
    assert!(
        answer["reason"]
            .as_str()
            .unwrap()
            .contains("malformed message")
    );
    let big = format!("{{\"t\":\"name\",\"name\":\"{}\"}}", "x".repeat(4000));
    black.send_text(big).await;
    let answer = black.until(|m| m["t"] == "error").await;
    assert!(
        answer["reason"].as_str().unwrap().contains("limit"),
        "{answer}"
    );
    assert_eq!(server.state(&id).await, before);
    server.stop().await;
}

#[tokio::test]
async fn a_retried_move_is_applied_once_and_a_stale_one_refused() {
    let db = TempDb::new("retry");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white, _watcher) = friend_game(&server).await;
    let first = black
        .act(json!({ "t": "move", "n": 0, "mv": "d1-d6" }))
        .await;
    assert_eq!(first["t"], "ack");
    assert_eq!(first["duplicate"], false);
    black.wait_n(1).await;
    // The same move with the same number again: acknowledged, not played twice.
    let again = black
        .act(json!({ "t": "move", "n": 0, "mv": "d1-d6" }))
        .await;
    assert_eq!(again["t"], "ack");
    assert_eq!(again["duplicate"], true);
    assert_eq!(server.state(&id).await["n"], 1);
    // Another move under a used number is stale.
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "move", "n": 0, "mv": "c1-c6" }),
        "action 1",
    )
    .await;
    // A number from the future too.
    refused(
        &server,
        &id,
        &mut white,
        json!({ "t": "move", "n": 5, "mv": "f8-f3" }),
        "action 1",
    )
    .await;
    let s = server.state(&id).await;
    assert_eq!(s["rounds"][0]["moves"], json!(["d1-d6"]));
    server.stop().await;
}

#[tokio::test]
async fn moves_in_a_finished_game_are_refused() {
    let db = TempDb::new("finished");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white, _watcher) = friend_game(&server).await;
    assert_eq!(
        black.act(json!({ "t": "resign", "n": 0 })).await["t"],
        "ack"
    );
    white.wait_n(1).await;
    refused(
        &server,
        &id,
        &mut white,
        json!({ "t": "move", "n": 1, "mv": "d8-d3" }),
        "over",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        json!({ "t": "resign", "n": 1 }),
        "over",
    )
    .await;
    refused(
        &server,
        &id,
        &mut white,
        json!({ "t": "takeback", "n": 1 }),
        "resignation",
    )
    .await;
    server.stop().await;
}

#[tokio::test]
async fn http_refusals() {
    let db = TempDb::new("http");
    let server = TestServer::start(&db).await;
    let addr = server.addr;
    let cases = [
        (r#"{"mode":"chess"}"#, "not a game mode"),
        (r#"{"mode":"engine","level":9}"#, "levels 1 to 6"),
        (r#"{"mode":"friend","target":5}"#, "1, 3, 7 or 15"),
        (r#"{"mode":"friend","colour":"green"}"#, "not a colour"),
        (r#"{"mode":"friend","rules":"chess960"}"#, "chess960"),
        (r#"{"mode":"friend","extra":1}"#, "unknown field"),
        ("{oops", "json"),
    ];
    for (body, words) in cases {
        let (status, text) = http(addr, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, 400, "{body}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        let reason = v["error"].as_str().unwrap().to_lowercase();
        assert!(reason.contains(&words.to_lowercase()), "{body}: {reason}");
    }
    let (status, _) = http(addr, "GET", "/api/games/0123456789abcdef", None).await;
    assert_eq!(status, 404);
    let (status, _) = http(addr, "GET", "/api/games/../../etc/passwd", None).await;
    assert!(status == 404 || status == 400);
    let (status, _) = http(addr, "GET", "/api/games/0123456789abcdef/ws", None).await;
    assert_eq!(status, 404);
    let huge = format!("{{\"text\":\"{}\"}}", "a".repeat(200_000));
    let (status, _) = http(addr, "POST", "/api/analysis", Some(&huge)).await;
    assert_eq!(status, 413);
    let (status, text) = http(addr, "POST", "/api/analysis", Some(r#"{"text":"hello"}"#)).await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("neither a record nor a position"));
    server.stop().await;
}

#[tokio::test]
async fn seat_keys_are_never_sent_to_others_and_names_are_kept_as_text() {
    let db = TempDb::new("keys");
    let server = TestServer::start(&db).await;
    let name = "<script>alert(1)</script>\u{7}";
    let created = server
        .create(json!({ "mode": "friend", "colour": "black", "name": name }))
        .await;
    let id = created["id"].as_str().unwrap();
    let key = created["key"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    assert_eq!(key.len(), 32);
    assert_ne!(key, invite);
    let state = server.state(id).await;
    let text = state.to_string();
    assert!(!text.contains(key) && !text.contains(invite));
    assert_eq!(state["names"]["b"], "<script>alert(1)</script>");
    let mut watcher = server.client(id, None).await;
    let mut black = server.client(id, Some(key)).await;
    black.play("d1-d6").await;
    let seen = watcher.wait_n(1).await.to_string();
    assert!(!seen.contains(key) && !seen.contains(invite));
    server.stop().await;
}

#[tokio::test]
async fn the_page_and_its_headers() {
    let db = TempDb::new("page");
    let server = TestServer::start(&db).await;
    for path in [
        "/",
        "/g/0123456789abcdef",
        "/analysis",
        "/assets/app.js",
        "/assets/app.css",
        "/favicon.svg",
    ] {
        let a = request(server.addr, "GET", path, None).await;
        assert_eq!(a.status, 200, "{path}");
        let csp = a.header("content-security-policy").expect("a CSP");
        assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"));
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
    }
    let page = request(server.addr, "GET", "/", None).await;
    assert!(
        !page.body.contains("http://") && !page.body.contains("https://"),
        "nothing fetched from elsewhere"
    );
    assert!(
        !page.body.contains("<script>") && !page.body.contains("style="),
        "no inline scripts or styles"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_analysis_board_values_every_move() {
    let db = TempDb::new("analysis");
    let server = TestServer::start(&db).await;
    let body = json!({ "text": "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -" }).to_string();
    let (status, text) = http(server.addr, "POST", "/api/analysis", Some(&body)).await;
    assert_eq!(status, 200, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 102);
    // A record of a short game.
    let created = server.create(json!({ "mode": "local" })).await;
    let id = created["id"].as_str().unwrap();
    let mut both = server.client(id, created["key"].as_str()).await;
    assert_eq!(both.seat, "both");
    for _ in 0..4 {
        let mv = common::first_legal(&both.state.clone());
        let n = both.state["n"].as_u64().unwrap();
        assert_eq!(both.play(&mv).await["t"], "ack");
        both.wait_n(n + 1).await;
    }
    let (_, record) = http(server.addr, "GET", &format!("/api/games/{id}/record"), None).await;
    let body = json!({ "text": record }).to_string();
    let (status, text) = http(server.addr, "POST", "/api/analysis", Some(&body)).await;
    assert_eq!(status, 200, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 4);
    for step in steps {
        assert!(step["value"].is_string(), "{step}");
        assert!(step["best"].is_string());
    }
    server.stop().await;
}
