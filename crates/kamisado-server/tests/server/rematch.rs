//! A rematch between two people (docs/page.md): offered, withdrawn,
//! declined and accepted over the game's WebSocket, each told to both seats;
//! the game made once, with the colours swapped and each seat opened by the
//! key (or the account) of its player; refused with a reason where there is
//! none to ask.

use crate::common;

use common::players::{accept, challenge, seated, sign_up};
use common::{TempDb, TestServer, first_legal, is_ack, mv, reason};
use kamisado_client::{GameRequest, PlayAs};
use kamisado_core::Side;
use kamisado_wire::{ClientMessage, Mode, OfferAnswer, OfferEnd, Seat, SideCode, Status};
use serde_json::json;

#[tokio::test]
async fn a_rematch_with_a_friend_is_offered_answered_and_made_once() {
    let db = TempDb::new("rematch-friend");
    let server = TestServer::start(&db).await;
    let created = server
        .create(
            GameRequest::friend()
                .colour(PlayAs::Black)
                .target(3)
                .name("Ann"),
        )
        .await;
    let invite = created.invite.clone().expect("an invite");
    let mut ann = server.client(&created.id, Some(&created.key)).await;
    let mut ben = server.client(&created.id, Some(&invite)).await;
    assert!(is_ack(
        &ben.act(ClientMessage::Name { name: "Ben".into() })
            .await
            .unwrap()
    ));
    // No rematch while the match is on.
    let early = ann
        .act(ClientMessage::Rematch { accept: true })
        .await
        .unwrap();
    assert!(
        reason(&early).contains("once the match is over"),
        "{}",
        early.to_text()
    );
    assert!(!ann.state().rights.b.rematch);
    assert!(is_ack(
        &ann.act(ClientMessage::Resign { n: 0 }).await.unwrap()
    ));
    let over = ben.wait_for(|s| s.status == Status::Over).await.unwrap();
    assert!(over.rights.w.rematch && !over.rights.w.decline_rematch);
    let mut watcher = server.watcher(&created.id).await;
    let watching = watcher
        .act(ClientMessage::Rematch { accept: true })
        .await
        .unwrap();
    assert!(
        reason(&watching).contains("two players"),
        "{}",
        watching.to_text()
    );

    // Ann offers, then withdraws: Ben is told.
    assert!(is_ack(
        &ann.act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    let s = ben
        .wait_for(|s| s.rematch == Some(SideCode::Black))
        .await
        .unwrap();
    assert!(s.rights.w.rematch && s.rights.w.decline_rematch);
    let mine = ann.state().rights.b;
    assert!(!mine.rematch && mine.decline_rematch, "{mine:?}");
    assert!(is_ack(
        &ann.act(ClientMessage::Rematch { accept: false })
            .await
            .unwrap()
    ));
    let answer = |by, how| Some(OfferAnswer { by, how });
    let s = ben.wait_for(|s| s.rematch.is_none()).await.unwrap();
    assert_eq!(
        s.rematch_answer,
        answer(SideCode::Black, OfferEnd::Withdrawn)
    );
    let none = ben
        .act(ClientMessage::Rematch { accept: false })
        .await
        .unwrap();
    assert!(
        reason(&none).contains("no rematch offer"),
        "{}",
        none.to_text()
    );

    // Ben offers; Ann declines: Ben is told.
    assert!(is_ack(
        &ben.act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    let s = ann
        .wait_for(|s| s.rematch == Some(SideCode::White))
        .await
        .unwrap();
    assert_eq!(s.rematch_answer, None, "a new offer clears the last answer");
    assert!(is_ack(
        &ann.act(ClientMessage::Rematch { accept: false })
            .await
            .unwrap()
    ));
    let s = ben.wait_for(|s| s.rematch_answer.is_some()).await.unwrap();
    assert_eq!(
        s.rematch_answer,
        answer(SideCode::Black, OfferEnd::Declined)
    );

    // Ann offers; Ben accepts: the rematch is made, named to both.
    assert!(is_ack(
        &ann.act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    ben.wait_for(|s| s.rematch.is_some()).await.unwrap();
    assert!(is_ack(
        &ben.act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    let id = ann
        .wait_for(|s| s.rematch_game.is_some())
        .await
        .unwrap()
        .rematch_game
        .clone()
        .unwrap();
    assert_eq!(ben.state().rematch_game.as_deref(), Some(id.as_str()));
    let again = ben
        .act(ClientMessage::Rematch { accept: true })
        .await
        .unwrap();
    assert!(
        reason(&again).contains("made already"),
        "{}",
        again.to_text()
    );
    assert!(!ann.state().rights.b.rematch);

    // The same settings, the colours swapped; each key opens its player's new seat.
    let new = server.state(&id).await;
    assert_eq!((new.mode, new.target, new.n), (Mode::Friend, 3, 0));
    assert_eq!((new.names.b.as_str(), new.names.w.as_str()), ("Ben", "Ann"));
    let mut ben2 = server.client(&id, Some(&invite)).await;
    let mut ann2 = server.client(&id, Some(&created.key)).await;
    assert_eq!(ben2.seat(), Some(Seat::Side(Side::Black)));
    assert_eq!(ann2.seat(), Some(Seat::Side(Side::White)));
    let first = first_legal(ben2.state());
    assert!(is_ack(&ben2.play(first).await.unwrap()));
    ann2.wait_n(1).await.unwrap();
    // Kept across a restart.
    server.stop().await;
    let server = TestServer::start(&db).await;
    assert_eq!(
        server.state(&created.id).await.rematch_game,
        Some(id.clone())
    );
    assert_eq!(server.state(&id).await.n, 1);
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_between_accounts_swaps_the_accounts() {
    let db = TempDb::new("rematch-accounts");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let c = challenge(&server, &ann, json!({"colour": "black", "rated": true})).await;
    let created = accept(&server, &bob, &c.id).await;
    let mut black = seated(&server, &ann, &created.id).await;
    let mut white = seated(&server, &bob, &created.id).await;
    assert!(is_ack(
        &white.act(ClientMessage::Resign { n: 0 }).await.unwrap()
    ));
    black.wait_for(|s| s.status == Status::Over).await.unwrap();
    assert!(is_ack(
        &white
            .act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    black.wait_for(|s| s.rematch.is_some()).await.unwrap();
    assert!(is_ack(
        &black
            .act(ClientMessage::Rematch { accept: true })
            .await
            .unwrap()
    ));
    let id = black.state().rematch_game.clone().expect("the rematch");
    let new = server.state(&id).await;
    assert_eq!(new.mode, Mode::Challenge);
    assert!(new.rated);
    assert_eq!(new.players.b.as_deref(), Some("Bob"));
    assert_eq!(new.players.w.as_deref(), Some("Ann"));
    // Each account's session opens its new seat.
    let bob2 = seated(&server, &bob, &id).await;
    assert_eq!(bob2.seat(), Some(Seat::Side(Side::Black)));
    server.stop().await;
}

#[tokio::test]
async fn there_is_no_rematch_to_ask_against_the_engine() {
    let db = TempDb::new("rematch-engine");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::engine(1).colour(PlayAs::Black))
        .await;
    let mut me = server.client(&created.id, Some(&created.key)).await;
    assert!(is_ack(&me.play(mv("d1-d6")).await.unwrap()));
    let refused = me
        .act(ClientMessage::Rematch { accept: true })
        .await
        .unwrap();
    assert!(
        reason(&refused).contains("a new game"),
        "{}",
        refused.to_text()
    );
    server.stop().await;
}
