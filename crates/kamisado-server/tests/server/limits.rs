//! Every limit a client can reach is refused with a clear reason, and the
//! server goes on serving: message size, message rate, engine searches (how
//! many, how long) and games per client.

use crate::common;

use std::time::{Duration, Instant};

use common::{TempDb, TestServer, first_legal, is_ack, mv, reason};
use kamisado_client::{ClientError, GameRequest};
use kamisado_server::Limits;
use kamisado_wire::{ClientMessage, Kind, ServerMessage};

#[tokio::test]
async fn an_oversized_message_is_refused_and_the_connection_goes_on() {
    let db = TempDb::new("size");
    let limits = Limits {
        max_message: 256,
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    let mut both = server.client(id, Some(&created.key)).await;
    let long = ClientMessage::Name {
        name: "x".repeat(300),
    };
    let answer = both.act(long).await.unwrap();
    let refusal = reason(&answer);
    assert!(refusal.contains("the limit is 256"), "{refusal}");
    // The same connection still plays.
    let ack = both.play(mv("d1-d6")).await.unwrap();
    assert!(is_ack(&ack), "{}", ack.to_text());
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
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    let key = Some(created.key.as_str());
    // The join is the first message.
    let mut both = server.client(id, key).await;
    assert!(is_ack(&both.play(mv("d1-d6")).await.unwrap()));
    let refused = both.play(mv("a8-a7")).await.unwrap();
    let refusal = reason(&refused);
    assert!(refusal.contains("illegal"), "a8 is not forced: {refusal}");
    let refused = both.play(mv("f8-f3")).await.unwrap();
    let refusal = reason(&refused);
    assert!(refusal.contains("rate limit"), "{refusal}");
    assert_eq!(
        refused,
        ServerMessage::error(
            Some(Kind::Move),
            kamisado_wire::Refusal::rate_limited(0.001)
        ),
        "the refusal names the message it answers"
    );
    assert_eq!(common::stored_actions(&db, id).await, ["d1-d6"]);
    // Another connection has an allowance of its own.
    let mut other = server.client(id, key).await;
    let legal = first_legal(other.state());
    assert!(is_ack(&other.play(legal).await.unwrap()));
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
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    let mut both = server.client(id, Some(&created.key)).await;
    let asked = Instant::now();
    // Messages of one connection are handled in order: the first hint holds
    // the only place when the second is read.
    let hint = ClientMessage::Hint { n: 0 };
    both.send(&hint).await.unwrap();
    both.send(&hint).await.unwrap();
    let busy = both.answer(Kind::Hint).await.unwrap();
    let refusal = reason(&busy);
    assert!(refusal.contains("the engine is busy"), "{refusal}");
    // An analysis is refused with 429 while the hint searches.
    let position = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -";
    match server.http.analyse(position).await {
        Err(ClientError::Status { status, body, .. }) => {
            assert_eq!(status, 429, "{body}");
            assert!(body.contains("busy"), "{body}");
        }
        other => panic!("the analysis should be refused: {other:?}"),
    }
    // The hint answers once its time is up, with a legal move.
    let answer = both.answer(Kind::Hint).await.unwrap();
    let elapsed = asked.elapsed();
    assert!(
        elapsed >= search_time - Duration::from_millis(200),
        "{elapsed:?}"
    );
    assert!(
        elapsed < search_time * 5,
        "the search was stopped: {elapsed:?}"
    );
    let ServerMessage::Hint(hint) = answer else {
        panic!("a hint, not {}", answer.to_text());
    };
    assert!(both.state().legal.contains(&hint.mv), "{hint:?}");
    // Once the place is free, an analysis is accepted again.
    server.http.analyse(position).await.unwrap();
    server.stop().await;
}

#[tokio::test]
async fn games_per_client_are_capped() {
    let db = TempDb::new("games-cap");
    let limits = Limits {
        games_per_client: 3,
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    for _ in 0..3 {
        server.create(GameRequest::friend()).await;
    }
    match server.http.create(&GameRequest::friend()).await {
        Err(ClientError::Status { status, body, .. }) => {
            assert_eq!(status, 429, "{body}");
            assert!(body.contains("at most 3 games per client"), "{body}");
        }
        other => panic!("the fourth game should be refused: {other:?}"),
    }
    // A refused request for a bad game does not use up the share.
    let answer = server
        .request("POST", "/api/games", Some(r#"{"mode":"x"}"#))
        .await;
    assert_eq!(answer.status, 400);
    server.stop().await;
}

/// A frame over 16 KiB closes the connection with close code 1009 (message
/// too big) and a reason; the game is unchanged and other connections go on.
#[tokio::test]
async fn an_oversized_frame_closes_the_connection_with_1009() {
    let db = TempDb::new("frame");
    let server = TestServer::start(&db).await;
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    for size in [20 * 1024, 100 * 1024] {
        let mut both = server.client(id, Some(&created.key)).await;
        let text = format!(r#"{{"t":"name","name":"{}"}}"#, "x".repeat(size));
        both.send_text(text).await.unwrap();
        match both.next().await {
            Err(ClientError::Closed(Some(close))) => {
                assert_eq!(close.code, 1009, "{size} bytes: {close:?}");
                assert!(close.reason.contains("limit"), "{size} bytes: {close:?}");
            }
            other => panic!("{size} bytes: the connection should close with 1009: {other:?}"),
        }
    }
    assert_eq!(server.state(id).await.n, 0);
    let mut other = server.client(id, Some(&created.key)).await;
    assert!(is_ack(&other.play(mv("d1-d6")).await.unwrap()));
    server.stop().await;
}

/// A text frame that is not UTF-8 closes the connection with 1007, a frame
/// that breaks the protocol (a reserved bit set) with 1002, each with its
/// own reason; the game goes on for other connections.
#[tokio::test]
async fn broken_frames_close_with_their_own_codes() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

    let db = TempDb::new("frames");
    let server = TestServer::start(&db).await;
    let created = server.create(GameRequest::local()).await;
    let not_utf8 = Frame::message(vec![0xff, 0xfe, 0x80], OpCode::Data(Data::Text), true);
    let mut reserved = Frame::message(b"{}".to_vec(), OpCode::Data(Data::Text), true);
    reserved.header_mut().rsv2 = true;
    for (frame, code, words) in [(not_utf8, 1007, "UTF-8"), (reserved, 1002, "protocol")] {
        let url = format!("ws://{}/api/games/{}/ws", server.addr, created.id);
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        ws.send(Message::Frame(frame)).await.unwrap();
        let close = loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
                Ok(Some(Ok(Message::Close(close)))) => break close,
                Ok(Some(Ok(_))) => {}
                other => panic!("the connection should close with {code}: {other:?}"),
            }
        };
        let close = close.expect("a close frame with a code");
        assert_eq!(u16::from(close.code), code, "{close:?}");
        assert!(close.reason.contains(words), "{close:?}");
    }
    let mut other = server.client(&created.id, Some(&created.key)).await;
    assert!(is_ack(&other.play(mv("d1-d6")).await.unwrap()));
    server.stop().await;
}
