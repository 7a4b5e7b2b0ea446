//! Every refusal: each is answered with a reason to that client, and the game is unchanged.

use crate::common;

use common::{TempDb, TestServer, is_ack, mv};
use kamisado_client::{GameRequest, GameSocket, PlayAs};
use kamisado_wire::{ClientMessage, Kind, ServerMessage};

async fn friend_game(server: &TestServer) -> (String, GameSocket, GameSocket, GameSocket) {
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black).name("Ann"))
        .await;
    let id = created.id.clone();
    let black = server.client(&id, Some(&created.key)).await;
    let white = server.client(&id, created.invite.as_deref()).await;
    let watcher = server.client(&id, None).await;
    (id, black, white, watcher)
}

/// Sends a message, expects an error addressed to it whose reason contains
/// `words`, and checks that the stored game did not change.
async fn refused(
    server: &TestServer,
    id: &str,
    client: &mut GameSocket,
    message: ClientMessage,
    words: &str,
) {
    let text = message.to_text();
    refused_text(server, id, client, &text, Some(message.kind()), words).await;
}

/// As [`refused`], for text that may not be a message at all; `of` is the
/// kind the refusal must name (none when the text has no kind).
async fn refused_text(
    server: &TestServer,
    id: &str,
    client: &mut GameSocket,
    text: &str,
    of: Option<Kind>,
    words: &str,
) -> String {
    let before = server.state(id).await;
    client.send_text(text).await.unwrap();
    let answer = client.answer(of.unwrap_or(Kind::Join)).await.unwrap();
    let ServerMessage::Error {
        of: named, reason, ..
    } = &answer
    else {
        panic!("{text} should be refused, got {}", answer.to_text());
    };
    assert_eq!(
        *named, of,
        "{text}: the refusal names the message it answers"
    );
    assert!(
        reason.to_lowercase().contains(&words.to_lowercase()),
        "{text}: the reason `{reason}` should say `{words}`"
    );
    let after = server.state(id).await;
    assert_eq!(before, after, "{text} changed the game");
    reason.clone()
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
        ClientMessage::Move {
            n: 0,
            mv: mv("d8-d3"),
        },
        "Black's turn",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        ClientMessage::Move {
            n: 0,
            mv: mv("d1-d6"),
        },
        "watching",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        ClientMessage::Resign { n: 0 },
        "only its players can resign",
    )
    .await;
    refused(
        &server,
        &id,
        &mut watcher,
        ClientMessage::Takeback { n: 0 },
        "only its players can offer a takeback",
    )
    .await;
    // A key that opens no seat leaves the client watching.
    let mut stranger = server.client(&id, None).await;
    refused(
        &server,
        &id,
        &mut stranger,
        ClientMessage::Join {
            key: Some("00000000000000000000000000000000".into()),
        },
        "does not open a seat",
    )
    .await;
    assert_eq!(stranger.seat(), None);
    refused(
        &server,
        &id,
        &mut stranger,
        ClientMessage::Move {
            n: 0,
            mv: mv("d1-d6"),
        },
        "watching",
    )
    .await;
    // The right seat can move.
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    server.stop().await;
}

#[tokio::test]
async fn illegal_and_malformed_moves_are_refused() {
    let db = TempDb::new("illegal");
    let server = TestServer::start(&db).await;
    let (id, mut black, _white, _watcher) = friend_game(&server).await;
    let illegal = [("a1-b1", "illegal"), ("pass", "illegal")];
    for (text, words) in illegal {
        let message = ClientMessage::Move { n: 0, mv: mv(text) };
        refused(&server, &id, &mut black, message, words).await;
    }
    let fill = ClientMessage::Fill {
        n: 0,
        fill: kamisado_core::Fill::Left,
    };
    refused(&server, &id, &mut black, fill, "fill").await;
    refused(
        &server,
        &id,
        &mut black,
        ClientMessage::Undo { n: 0 },
        "friend",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        ClientMessage::Hint { n: 0 },
        "hints",
    )
    .await;
    // Text that is not a message: each refusal names the field or the kind.
    let malformed = [
        (
            r#"{"t":"move","n":0,"mv":"z9-a1"}"#,
            Some(Kind::Move),
            "malformed move",
        ),
        (
            r#"{"t":"fill","n":0,"fill":"up"}"#,
            Some(Kind::Fill),
            "malformed fill",
        ),
        (r#"{"t":"fly","n":0}"#, None, "\"fly\" is not a message"),
        (
            r#"{"t":"move","mv":"d1-d6"}"#,
            Some(Kind::Move),
            "\"n\" must be the action's number",
        ),
        (
            r#"{"t":"move","n":"x","mv":"d1-d6"}"#,
            Some(Kind::Move),
            "\"n\" must be the action's number",
        ),
        ("{not json", None, "JSON object"),
    ];
    for (text, of, words) in malformed {
        refused_text(&server, &id, &mut black, text, of, words).await;
    }
    let big = format!(r#"{{"t":"name","name":"{}"}}"#, "x".repeat(4000));
    refused_text(&server, &id, &mut black, &big, None, "the limit is 2048").await;
    server.stop().await;
}

#[tokio::test]
async fn a_retried_move_is_applied_once_and_a_stale_or_future_one_refused() {
    let db = TempDb::new("retry");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white, _watcher) = friend_game(&server).await;
    let first = ClientMessage::Move {
        n: 0,
        mv: mv("d1-d6"),
    };
    let answer = black.act(first.clone()).await.unwrap();
    assert_eq!(answer, ServerMessage::ack(Kind::Move, Some(0), false));
    // The same move with the same number again: acknowledged, not played twice.
    let again = black.act(first).await.unwrap();
    assert_eq!(again, ServerMessage::ack(Kind::Move, Some(0), true));
    assert_eq!(server.state(&id).await.n, 1);
    // Another move under a used number is stale.
    refused(
        &server,
        &id,
        &mut black,
        ClientMessage::Move {
            n: 0,
            mv: mv("c1-c6"),
        },
        "the game is at action 1: it has changed since",
    )
    .await;
    // A number from the future is not yet.
    refused(
        &server,
        &id,
        &mut white,
        ClientMessage::Move {
            n: 5,
            mv: mv("f8-f3"),
        },
        "the game is only at action 1: not yet",
    )
    .await;
    let s = server.state(&id).await;
    assert_eq!(s.rounds[0].moves, [mv("d1-d6")]);
    server.stop().await;
}

#[tokio::test]
async fn moves_in_a_finished_game_are_refused() {
    let db = TempDb::new("finished");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white, _watcher) = friend_game(&server).await;
    let resigned = black.act(ClientMessage::Resign { n: 0 }).await.unwrap();
    assert!(is_ack(&resigned), "{}", resigned.to_text());
    white.wait_n(1).await.unwrap();
    refused(
        &server,
        &id,
        &mut white,
        ClientMessage::Move {
            n: 1,
            mv: mv("d8-d3"),
        },
        "over",
    )
    .await;
    refused(
        &server,
        &id,
        &mut black,
        ClientMessage::Resign { n: 1 },
        "over",
    )
    .await;
    refused(
        &server,
        &id,
        &mut white,
        ClientMessage::Takeback { n: 1 },
        "the match has ended: nothing can be taken back",
    )
    .await;
    server.stop().await;
}

#[tokio::test]
async fn http_refusals() {
    let db = TempDb::new("http");
    let server = TestServer::start(&db).await;
    let cases = [
        (r#"{"mode":"chess"}"#, "not a game mode"),
        (r#"{"mode":"engine","level":9}"#, "levels 1 to 6"),
        (r#"{"mode":"friend","target":5}"#, "1, 3, 7 or 15"),
        (r#"{"mode":"friend","colour":"green"}"#, "not a colour"),
        (r#"{"mode":"friend","rules":"chess960"}"#, "chess960"),
        (r#"{"mode":"friend","extra":1}"#, "no field \"extra\""),
        ("{oops", "json"),
    ];
    for (body, words) in cases {
        let answer = server.request("POST", "/api/games", Some(body)).await;
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        let reason = answer.reason().expect("a reason").to_lowercase();
        assert!(reason.contains(&words.to_lowercase()), "{body}: {reason}");
    }
    for path in [
        "/api/games/0123456789abcdef",
        "/api/games/0123456789abcdef/ws",
        "/api/games/../../etc/passwd",
    ] {
        let answer = server.request("GET", path, None).await;
        assert_eq!(answer.status, 404, "{path}");
    }
    let huge = format!(r#"{{"text":"{}"}}"#, "a".repeat(200_000));
    let answer = server.request("POST", "/api/analysis", Some(&huge)).await;
    assert_eq!(answer.status, 413);
    let answer = server
        .request("POST", "/api/analysis", Some(r#"{"text":"hello"}"#))
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.contains("neither a record nor a position"));
    server.stop().await;
}

#[tokio::test]
async fn seat_keys_are_never_sent_to_others_and_names_are_kept_as_text() {
    let db = TempDb::new("keys");
    let server = TestServer::start(&db).await;
    let name = "<script>alert(1)</script>\u{7}";
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black).name(name))
        .await;
    let id = created.id.as_str();
    let key = created.key.as_str();
    let invite = created.invite.as_deref().unwrap();
    assert_eq!(key.len(), 32);
    assert_ne!(key, invite);
    let state = server.state(id).await;
    let text = format!("{state:?}");
    assert!(!text.contains(key) && !text.contains(invite));
    assert_eq!(state.names.b, "<script>alert(1)</script>");
    let mut watcher = server.client(id, None).await;
    let mut black = server.client(id, Some(key)).await;
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    let seen = ServerMessage::State(Box::new(watcher.wait_n(1).await.unwrap().clone()));
    let seen = seen.to_text();
    assert!(!seen.contains(key) && !seen.contains(invite));
    server.stop().await;
}

#[tokio::test]
async fn the_page_and_its_headers() {
    let db = TempDb::new("page");
    let server = TestServer::start(&db).await;
    let created = server.create(GameRequest::local()).await;
    for path in [
        "/".to_string(),
        format!("/g/{}", created.id),
        "/analysis".to_string(),
        "/assets/app.js".to_string(),
        "/assets/app.css".to_string(),
        "/favicon.svg".to_string(),
    ] {
        let a = server.request("GET", &path, None).await;
        assert_eq!(a.status, 200, "{path}");
        let csp = a.header("content-security-policy").expect("a CSP");
        assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"));
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
    }
    let page = server.request("GET", "/", None).await;
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

/// A link to a game that does not exist, and addresses that are nothing,
/// answer 404: a page for a person, `{"error": …}` under `/api/`.
#[tokio::test]
async fn missing_games_and_unknown_routes_are_404() {
    let db = TempDb::new("missing");
    let server = TestServer::start(&db).await;
    for path in ["/g/0123456789abcdef", "/nope"] {
        let a = server.request("GET", path, None).await;
        assert_eq!(a.status, 404, "{path}");
        let kind = a.header("content-type").unwrap_or("");
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        assert!(a.body.contains("<html"), "{path}: {}", a.body);
        assert!(a.header("content-security-policy").is_some(), "{path}");
    }
    let a = server.request("GET", "/api/nope", None).await;
    assert_eq!(a.status, 404);
    let reason = a.reason().expect("a reason");
    assert!(reason.contains("/api/nope"), "{reason}");
    server.stop().await;
}

/// Request bodies whose fields have the wrong type are refused with a reason
/// that names the field in a player's words, never the parser's.
#[tokio::test]
async fn bodies_with_wrong_field_types_name_the_field() {
    let db = TempDb::new("field-types");
    let server = TestServer::start(&db).await;
    let cases = [
        (
            "/api/games",
            r#"{"mode":"friend","target":"three"}"#,
            "\"target\"",
        ),
        (
            "/api/games",
            r#"{"mode":"friend","target":-1}"#,
            "\"target\"",
        ),
        (
            "/api/games",
            r#"{"mode":"engine","level":2.5}"#,
            "\"level\"",
        ),
        ("/api/games", r#"{"mode":"friend","seed":"x"}"#, "\"seed\""),
        ("/api/games", r#"{"mode":"friend","name":7}"#, "\"name\""),
        ("/api/games", r#"{"mode":3}"#, "\"mode\""),
        ("/api/games", r#"{"mode":null}"#, "\"mode\""),
        ("/api/games", r#"{"target":3}"#, "\"mode\""),
        (
            "/api/games",
            r#"["friend"]"#,
            "a JSON object such as {\"mode\"",
        ),
        ("/api/analysis", r#"{"text":5}"#, "\"text\""),
        ("/api/analysis", r#"{}"#, "\"text\""),
        ("/api/analysis", r#"{"text":"x","depth":3}"#, "\"depth\""),
    ];
    for (path, body, field) in cases {
        let answer = server.request("POST", path, Some(body)).await;
        assert_eq!(answer.status, 400, "{path} {body}: {}", answer.body);
        let reason = answer.reason().expect("a reason");
        assert!(reason.contains(field), "{body}: `{reason}` names {field}");
        for jargon in ["deserialize", "usize", "line 1 column", "invalid type"] {
            assert!(!reason.contains(jargon), "{body}: `{reason}` says {jargon}");
        }
    }
    server.stop().await;
}

/// WebSocket messages whose fields have the wrong type are refused with a
/// reason that names the field, addressed to the message's kind.
#[tokio::test]
async fn messages_with_wrong_field_types_name_the_field() {
    let db = TempDb::new("message-types");
    let server = TestServer::start(&db).await;
    let (id, mut black, _white, _watcher) = friend_game(&server).await;
    let cases = [
        (r#"{"t":"move","n":-1,"mv":"d1-d6"}"#, Kind::Move, "\"n\""),
        (r#"{"t":"move","n":1.5,"mv":"d1-d6"}"#, Kind::Move, "\"n\""),
        (
            r#"{"t":"move","n":1099511627776,"mv":"d1-d6"}"#,
            Kind::Move,
            "\"n\"",
        ),
        (r#"{"t":"move","n":0,"mv":7}"#, Kind::Move, "\"mv\""),
        (r#"{"t":"fill","n":0,"fill":true}"#, Kind::Fill, "\"fill\""),
        (r#"{"t":"resign","n":null}"#, Kind::Resign, "\"n\""),
        (
            r#"{"t":"takeback_reply","accept":"yes"}"#,
            Kind::TakebackReply,
            "\"accept\"",
        ),
        (r#"{"t":"name","name":["Ann"]}"#, Kind::Name, "\"name\""),
        (r#"{"t":"join","key":5}"#, Kind::Join, "\"key\""),
        (r#"{"t":"hint","n":0,"depth":3}"#, Kind::Hint, "\"depth\""),
    ];
    for (text, kind, field) in cases {
        let reason = refused_text(&server, &id, &mut black, text, Some(kind), field).await;
        for jargon in ["deserialize", "usize", "line 1 column", "invalid type"] {
            assert!(!reason.contains(jargon), "{text}: `{reason}` says {jargon}");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn the_analysis_board_values_every_move() {
    let db = TempDb::new("analysis");
    let server = TestServer::start(&db).await;
    let analysis = server
        .http
        .analyse("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -")
        .await
        .unwrap();
    assert_eq!(analysis.moves.len(), 102);
    // A record of a short game.
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    let mut both = server.client(id, Some(&created.key)).await;
    assert_eq!(both.seat(), Some(kamisado_wire::Seat::Both));
    for _ in 0..4 {
        let mv = common::first_legal(both.state());
        assert!(is_ack(&both.play(mv).await.unwrap()));
    }
    let record = server.record(id).await;
    let analysis = server.http.analyse(&record).await.unwrap();
    assert_eq!(analysis.steps.len(), 4);
    for step in &analysis.steps {
        assert!(step.value.is_some(), "{step:?}");
        assert!(step.best.is_some(), "{step:?}");
    }
    server.stop().await;
}
