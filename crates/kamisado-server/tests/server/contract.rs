//! The WebSocket's contract: every client message gets exactly one answer
//! addressed to it, accepted or refused; the sender of a change has the new
//! state before the answer; a `sync` brings the whole state before its
//! answer; a `join` publishes a state only when it takes a seat that was free.

use crate::common;

use common::{TempDb, TestServer, first_legal, mv};
use kamisado_client::{GameRequest, GameSocket, PlayAs};
use kamisado_core::Fill;
use kamisado_server::Limits;
use kamisado_wire::{ClientMessage, Kind, ServerMessage, Status};

/// An action number no game reaches: a message carrying it is refused as
/// "not yet" before anything else is checked.
const FAR: usize = 1_000_000;

/// What a client received for one message, up to a sentinel's answer.
#[derive(Debug, Default)]
struct Exchange {
    /// Every message that was not a state.
    answers: Vec<ServerMessage>,
    /// States that came before the first answer.
    states_first: usize,
}

/// The sentinel sent after a message of `kind`: a message of another kind
/// that is always refused and changes nothing.
fn sentinel(kind: Kind) -> ClientMessage {
    if kind == Kind::Move {
        ClientMessage::Undo { n: FAR }
    } else {
        ClientMessage::Move {
            n: FAR,
            mv: mv("pass"),
        }
    }
}

/// Sends a sentinel and reads up to its answer, keeping what came before.
async fn read_to_sentinel(client: &mut GameSocket, kind: Kind, seen: &mut Exchange) {
    let sentinel = sentinel(kind);
    client.send(&sentinel).await.unwrap();
    loop {
        match client.next().await.unwrap() {
            ServerMessage::State(_) => {
                if seen.answers.is_empty() {
                    seen.states_first += 1;
                }
            }
            ServerMessage::Error { of, code, .. }
                if of == Some(sentinel.kind()) && code == kamisado_wire::Code::ActionAhead =>
            {
                return;
            }
            answer => seen.answers.push(answer),
        }
    }
}

/// Sends `message`, then a sentinel, and returns everything received until
/// the sentinel's answer; an accepted hint, answered when the engine has
/// searched, is awaited, and a second sentinel shows nothing more comes.
async fn exchange(client: &mut GameSocket, message: &ClientMessage) -> Exchange {
    let kind = message.kind();
    let mut seen = Exchange::default();
    client.send(message).await.unwrap();
    read_to_sentinel(client, kind, &mut seen).await;
    if kind == Kind::Hint && seen.answers.is_empty() {
        let hint = client
            .until(|m| !matches!(m, ServerMessage::State(_)))
            .await
            .unwrap();
        seen.answers.push(hint);
    }
    read_to_sentinel(client, kind, &mut seen).await;
    seen
}

/// Checks that `message` gets exactly one answer, addressed to it, that is
/// an acceptance (`accepted`) or a refusal; an accepted change comes after
/// the new state, a refusal after none. Returns the answer.
async fn one_answer(
    client: &mut GameSocket,
    message: ClientMessage,
    accepted: bool,
) -> ServerMessage {
    let kind = message.kind();
    // First read what others' changes sent this client, so that every
    // state read next comes from this message.
    let mut earlier = Exchange::default();
    read_to_sentinel(client, kind, &mut earlier).await;
    assert!(earlier.answers.is_empty(), "stray answers: {earlier:?}");
    let seen = exchange(client, &message).await;
    let [answer] = &seen.answers[..] else {
        panic!("{message:?}: exactly one answer, got {:?}", seen.answers);
    };
    assert!(
        answer.answers(kind),
        "{message:?} was answered by {answer:?}"
    );
    match answer {
        ServerMessage::Error { of, reason, .. } => {
            assert!(!accepted, "{message:?} was refused: {reason}");
            assert_eq!(*of, Some(kind), "the refusal names the message");
            assert_eq!(seen.states_first, 0, "a refusal changes nothing");
        }
        ServerMessage::Ack { of, n, duplicate } => {
            assert!(accepted, "{message:?} should be refused");
            assert_eq!((*of, *n, *duplicate), (kind, message.number(), false));
            assert_eq!(seen.states_first, 1, "{message:?}: the new state first");
        }
        ServerMessage::Hint(hint) => {
            assert!(accepted, "{message:?} should be refused");
            assert_eq!(Some(hint.n), message.number());
        }
        ServerMessage::Welcome { .. } => assert!(accepted, "{message:?} should be refused"),
        ServerMessage::State(_) | ServerMessage::Patch(_) => {
            unreachable!("states are not answers")
        }
    }
    answer.clone()
}

/// A server whose connections may send as many messages as the test needs.
async fn roomy_server(db: &TempDb) -> TestServer {
    let limits = Limits {
        messages_per_second: 1000.0,
        message_burst: 1000.0,
        ..common::limits()
    };
    TestServer::start_with(db, limits).await
}

/// Each kind of message, accepted and refused, in a game on one screen and
/// in a game with a friend: one answer each, addressed to it.
#[tokio::test]
async fn every_message_gets_exactly_one_answer_accepted_or_refused() {
    let db = TempDb::new("contract");
    let server = roomy_server(&db).await;

    // On one screen: hint, move, undo, fill, resign.
    let created = server.create(GameRequest::local().target(3).seed(3)).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    one_answer(&mut both, ClientMessage::Hint { n: 0 }, true).await;
    one_answer(&mut both, ClientMessage::Sync, true).await;
    let refused_fill = ClientMessage::Fill {
        n: 0,
        fill: Fill::Left,
    };
    one_answer(&mut both, refused_fill, false).await;
    let first = first_legal(both.state());
    one_answer(&mut both, ClientMessage::Move { n: 0, mv: first }, true).await;
    one_answer(&mut both, ClientMessage::Undo { n: 1 }, true).await;
    assert_eq!(both.state().n, 0);
    while both.state().status == Status::Playing {
        let s = both.state();
        let message = ClientMessage::Move {
            n: s.n,
            mv: first_legal(s),
        };
        one_answer(&mut both, message, true).await;
    }
    assert_eq!(both.state().status, Status::Fill, "the first round ends");
    let n = both.state().n;
    let fill = ClientMessage::Fill {
        n,
        fill: Fill::Right,
    };
    one_answer(&mut both, fill, true).await;
    one_answer(&mut both, ClientMessage::Resign { n: n + 1 }, true).await;
    assert_eq!(both.state().status, Status::Over);
    one_answer(&mut both, ClientMessage::Resign { n: n + 2 }, false).await;

    // With a friend: join, move, takeback, takeback_reply, name, rematch; and the
    // refusals of undo and hint there.
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let invite = created.invite.clone().unwrap();
    let mut black = server.client(id, Some(&created.key)).await;
    let mut white = server.watcher(id).await;
    let join = |key: &str| ClientMessage::Join {
        key: Some(key.into()),
    };
    one_answer(&mut white, join("0123456789abcdef0123456789abcdef"), false).await;
    one_answer(&mut white, join(&invite), true).await;
    let mut watcher = server.client(id, None).await;
    let early = ClientMessage::Move {
        n: 0,
        mv: mv("d8-d3"),
    };
    one_answer(&mut white, early, false).await;
    let opening = ClientMessage::Move {
        n: 0,
        mv: mv("d1-d6"),
    };
    one_answer(&mut black, opening, true).await;
    one_answer(&mut black, ClientMessage::Undo { n: 1 }, false).await;
    one_answer(&mut black, ClientMessage::Hint { n: 1 }, false).await;
    one_answer(&mut watcher, ClientMessage::Takeback { n: 1 }, false).await;
    one_answer(&mut black, ClientMessage::Takeback { n: 1 }, true).await;
    white
        .wait_for(|s| s.takeback.is_some())
        .await
        .expect("White sees the offer");
    let decline = ClientMessage::TakebackReply { accept: false };
    one_answer(&mut white, decline.clone(), true).await;
    one_answer(&mut white, decline, false).await;
    let name = |name: &str| ClientMessage::Name { name: name.into() };
    one_answer(&mut black, name("Ann"), true).await;
    one_answer(&mut watcher, name("Eve"), false).await;
    one_answer(&mut watcher, ClientMessage::Resign { n: 1 }, false).await;
    one_answer(&mut watcher, ClientMessage::Sync, true).await;
    assert_eq!(server.state(id).await.names.b, "Ann");
    // A rematch: refused while the match is on and to a watcher, offered once it is over.
    let rematch = ClientMessage::Rematch { accept: true };
    one_answer(&mut black, rematch.clone(), false).await;
    one_answer(&mut black, ClientMessage::Resign { n: 1 }, true).await;
    one_answer(&mut watcher, rematch.clone(), false).await;
    one_answer(&mut black, rematch, true).await;
    server.stop().await;
}

/// Text that is not a message is answered once too, naming the kind when
/// its `t` was one.
#[tokio::test]
async fn unreadable_messages_get_exactly_one_answer() {
    let db = TempDb::new("contract-unreadable");
    let server = roomy_server(&db).await;
    let created = server.create(GameRequest::local()).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    let cases = [
        ("{not json", None),
        (r#"{"t":"dance"}"#, None),
        (r#"{"n":0}"#, None),
        (r#"{"t":"move","n":0}"#, Some(Kind::Move)),
        (r#"{"t":"hint","n":"0"}"#, Some(Kind::Hint)),
        (r#"{"t":"name","name":"x","n":0}"#, Some(Kind::Name)),
        (r#"{"t":"sync","n":0}"#, Some(Kind::Sync)),
    ];
    for (text, of) in cases {
        both.send_text(text).await.unwrap();
        let mut seen = Exchange::default();
        read_to_sentinel(&mut both, Kind::Join, &mut seen).await;
        let [ServerMessage::Error { of: named, .. }] = &seen.answers[..] else {
            panic!("{text}: one refusal, got {:?}", seen.answers);
        };
        assert_eq!(*named, of, "{text}");
    }
    both.send_binary(vec![1, 2, 3]).await.unwrap();
    let mut seen = Exchange::default();
    read_to_sentinel(&mut both, Kind::Join, &mut seen).await;
    assert!(
        matches!(&seen.answers[..], [ServerMessage::Error { of: None, .. }]),
        "{seen:?}"
    );
    server.stop().await;
}

/// The sender of a change reads the new state, then the answer to it;
/// others read the same state.
#[tokio::test]
async fn the_sender_has_the_new_state_before_the_ack() {
    let db = TempDb::new("contract-order");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white) = server.friend_game(GameRequest::friend()).await;
    // Black first reads the state White's join published.
    black.wait_for(|s| s.joined.w).await.unwrap();
    let opening = ClientMessage::Move {
        n: 0,
        mv: mv("d1-d6"),
    };
    black.send(&opening).await.unwrap();
    let ServerMessage::State(state) = black.next().await.unwrap() else {
        panic!("the state comes first");
    };
    assert_eq!(state.n, 1);
    assert_eq!(state.last, Some(mv("d1-d6")));
    let answer = black.next().await.unwrap();
    assert_eq!(answer, ServerMessage::ack(Kind::Move, Some(0), false));
    assert_eq!(*state, server.seen(&id, black.seat()).await);
    let white_seat = white.seat();
    assert_eq!(
        white.wait_n(1).await.unwrap(),
        &server.seen(&id, white_seat).await
    );
    server.stop().await;
}

/// A `join` that takes a free seat publishes the state with the seat taken,
/// before the welcome; one that changes nothing sends no state.
#[tokio::test]
async fn a_join_publishes_a_state_only_when_a_seat_is_newly_taken() {
    let db = TempDb::new("contract-join");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let invite = created.invite.clone().unwrap();
    let mut white = server.watcher(id).await;
    assert!(!white.state().joined.w);
    let mut seen = Exchange::default();
    let join = ClientMessage::Join {
        key: Some(invite.clone()),
    };
    white.send(&join).await.unwrap();
    read_to_sentinel(&mut white, Kind::Join, &mut seen).await;
    assert!(matches!(seen.answers[..], [ServerMessage::Welcome { .. }]));
    assert_eq!(seen.states_first, 1, "the seat is newly taken");
    assert!(white.state().joined.w);
    // The same seat again, on another connection: no new state is
    // published, but the connection is sent the state as its seat is told
    // it (with the seat's rights), whole.
    let mut again = server.watcher(id).await;
    let before = again.traffic();
    let mut seen = Exchange::default();
    again.send(&join).await.unwrap();
    read_to_sentinel(&mut again, Kind::Join, &mut seen).await;
    assert!(matches!(seen.answers[..], [ServerMessage::Welcome { .. }]));
    assert_eq!(seen.states_first, 1, "the state for the seat");
    let after = again.traffic();
    assert_eq!(after.patches, before.patches, "{after:?}");
    assert_eq!(again.state().seq, white.state().seq, "no new state");
    assert_eq!(again.state(), &server.seen(id, again.seat()).await);
    // Watching changes nothing either.
    let mut watcher = server.watcher(id).await;
    let mut seen = Exchange::default();
    watcher
        .send(&ClientMessage::Join { key: None })
        .await
        .unwrap();
    read_to_sentinel(&mut watcher, Kind::Join, &mut seen).await;
    assert!(
        matches!(
            seen.answers[..],
            [ServerMessage::Welcome { seat: None, .. }]
        ),
        "{seen:?}"
    );
    assert_eq!(seen.states_first, 0, "no new state");
    server.stop().await;
}
