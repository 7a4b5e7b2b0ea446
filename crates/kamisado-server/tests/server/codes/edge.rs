//! The edge: routes and assets there are not, bodies that are not what
//! they should be, other sites, tokens that are not one, WebSocket messages
//! that do not read.

use kamisado_client::{Answer, GameRequest};
use kamisado_wire::{Code, Kind};

use super::Met;
use crate::common::{self, TestServer};

/// An answer from raw bytes: its status and body.
fn answer_of(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    Answer {
        status,
        headers: Vec::new(),
        body: body.to_string(),
    }
}

/// A request with headers of its own.
async fn raw(server: &TestServer, head: &str, body: &str) -> Answer {
    answer_of(&common::raw_exchange(server.addr, head, body).await)
}

pub async fn meet(server: &TestServer, met: &mut Met) {
    http(server, met).await;
    bodies(server, met).await;
    messages(server, met).await;
}

async fn http(server: &TestServer, met: &mut Met) {
    let r = met.http(
        &server.request("GET", "/api/nothing", None).await,
        404,
        Code::NoSuchRoute,
    );
    assert_eq!(r.reason(), "there is no API route GET /api/nothing");
    let asset = server
        .request("GET", "/assets/000000000000/nothing.js", None)
        .await;
    met.http(&asset, 404, Code::NoSuchAsset);
    met.http(
        &server.request("GET", "/api/games/nothing", None).await,
        404,
        Code::NoSuchGame,
    );
    let big = format!(r#"{{"mode":"friend","name":"{}"}}"#, "x".repeat(70_000));
    met.http(
        &server.request("POST", "/api/games", Some(&big)).await,
        413,
        Code::BodyTooLarge,
    );
    let head = "POST /api/games HTTP/1.1\r\nContent-Type: text/plain";
    met.http(
        &raw(server, head, r#"{"mode":"friend"}"#).await,
        415,
        Code::BodyNotJson,
    );
    let head =
        "POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: http://evil.example";
    let r = met.http(
        &raw(server, head, r#"{"mode":"friend"}"#).await,
        403,
        Code::CrossSite,
    );
    assert!(r.reason().contains("from http://evil.example,"), "{r}");
    let head = "GET /api/session HTTP/1.1\r\nAuthorization: Basic YW5uOnNlY3JldA==";
    met.http(&raw(server, head, "").await, 401, Code::BadAuthorization);
    let head = "GET /api/session HTTP/1.1\r\nAuthorization: Bearer kamisado_nothing";
    met.http(&raw(server, head, "").await, 401, Code::TokenUnknown);
    let grade = server
        .request("GET", "/api/puzzles/next?grade=x", None)
        .await;
    met.http(&grade, 400, Code::BadQuery);
    let grade = server
        .request("GET", "/api/puzzles/next?grade=9", None)
        .await;
    met.http(&grade, 400, Code::BadGrade);
    let created = server.create(GameRequest::friend()).await;
    let socket = format!("/api/games/{}/ws", created.id);
    let plain = server.request("GET", &socket, None).await;
    met.http(&plain, 400, Code::NotAWebsocket);
}

async fn bodies(server: &TestServer, met: &mut Met) {
    let post = |body: &'static str| server.request("POST", "/api/games", Some(body));
    met.http(&post(r#"["friend"]"#).await, 400, Code::BodyNotObject);
    let r = met.http(
        &post(r#"{"mode":"friend","extra":1}"#).await,
        400,
        Code::BodyUnknownField,
    );
    assert!(r.reason().contains("no field \"extra\""), "{r}");
    met.http(&post(r#"{"mode":3}"#).await, 400, Code::BodyBadField);
    met.http(&post(r#"{"target":3}"#).await, 400, Code::BodyMissingField);
    met.http(
        &post(r#"{"mode":"friend","target":5}"#).await,
        400,
        Code::BadTarget,
    );
    met.http(
        &post(r#"{"mode":"engine","level":9}"#).await,
        400,
        Code::BadLevel,
    );
    met.http(
        &post(r#"{"mode":"challenge"}"#).await,
        400,
        Code::ChallengeOnly,
    );
    let account = server
        .request("POST", "/api/accounts", Some(r#"{"name":"Carl"}"#))
        .await;
    let r = met.http(&account, 400, Code::BodyMalformed);
    assert!(r.reason().contains("missing field \"password\""), "{r}");
}

async fn messages(server: &TestServer, met: &mut Met) {
    let created = server.create(GameRequest::friend()).await;
    let mut client = server.client(&created.id, Some(&created.key)).await;
    let cases = [
        (r#"{"t":"fly","n":0}"#, None, Code::UnknownMessage),
        ("{not json", None, Code::MessageNotJson),
        (r#"{"n":0}"#, None, Code::MessageWithoutKind),
        (
            r#"{"t":"undo","n":0,"mv":"c1-c6"}"#,
            Some(Kind::Undo),
            Code::UnknownMessageField,
        ),
        (
            r#"{"t":"sync","n":0}"#,
            Some(Kind::Sync),
            Code::MessageTakesNoFields,
        ),
        (
            r#"{"t":"move","n":-1,"mv":"d1-d6"}"#,
            Some(Kind::Move),
            Code::FieldNotNumber,
        ),
        (
            r#"{"t":"move","n":0,"mv":7}"#,
            Some(Kind::Move),
            Code::FieldNotMove,
        ),
        (
            r#"{"t":"fill","n":0,"fill":true}"#,
            Some(Kind::Fill),
            Code::FieldNotChoice,
        ),
        (
            r#"{"t":"name","name":7}"#,
            Some(Kind::Name),
            Code::FieldNotText,
        ),
        (
            r#"{"t":"join","key":5}"#,
            Some(Kind::Join),
            Code::FieldNotTextOrNull,
        ),
        (
            r#"{"t":"takeback_reply","accept":1}"#,
            Some(Kind::TakebackReply),
            Code::FieldNotBool,
        ),
        (
            r#"{"t":"move","n":0,"mv":"z9-a1"}"#,
            Some(Kind::Move),
            Code::MalformedMessage,
        ),
    ];
    for (text, of, code) in cases {
        client.send_text(text).await.unwrap();
        let answer = client.answer(of.unwrap_or(Kind::Join)).await.unwrap();
        met.socket(&answer, of, code);
    }
    let big = format!(r#"{{"t":"name","name":"{}"}}"#, "x".repeat(4000));
    client.send_text(big).await.unwrap();
    let answer = client.answer(Kind::Join).await.unwrap();
    met.socket(&answer, None, Code::MessageTooLarge);
    client.send_binary(vec![1, 2, 3]).await.unwrap();
    let answer = client.answer(Kind::Join).await.unwrap();
    met.socket(&answer, None, Code::BinaryMessage);
}
