//! After the whole state on connecting, a client receives each change as a
//! patch: applied in order, the patches give exactly the state the server
//! answers over HTTP. A patch's size does not grow with the game (the
//! state's notes and record do): smaller than the state from the first
//! move, under half of it from the second round, and under half of the
//! states in all. A client that connects again, or sends `sync`, gets the
//! whole state.

use crate::common;

use common::{TempDb, TestServer, first_legal, is_ack};
use kamisado_client::{GameRequest, GameSocket};
use kamisado_core::Fill;
use kamisado_wire::{ClientMessage, Kind, ServerMessage, SideCode, Status};

/// The length of the `state` message of the game as the server answers it.
async fn state_bytes(server: &TestServer, id: &str) -> usize {
    ServerMessage::State(Box::new(server.state(id).await))
        .to_text()
        .len()
}

#[tokio::test]
async fn watchers_get_patches_that_make_the_served_state() {
    let db = TempDb::new("patches");
    let server = TestServer::start(&db).await;
    let request = GameRequest::friend().target(3).seed(7);
    let (id, mut black, mut white) = server.friend_game(request).await;
    let mut watcher = server.client(&id, None).await;
    let first = watcher.traffic();
    assert_eq!((first.states, first.patches), (1, 0), "{first:?}");
    assert_eq!(watcher.state(), &server.seen(&id, watcher.seat()).await);

    let mut late: Option<GameSocket> = None;
    let (mut patches, mut states) = (0, 0);
    for n in 0..16 {
        if n == 6 {
            late = Some(server.client(&id, None).await);
        }
        let before = watcher.traffic();
        let mover = match watcher.state().to_act {
            Some(SideCode::Black) => &mut black,
            _ => &mut white,
        };
        // The first legal move; the fill when a round is won.
        let state = mover.wait_n(n).await.unwrap();
        let (answer, mv) = if state.status == Status::Fill {
            (mover.fill(Fill::Right).await, "fill right".to_string())
        } else {
            let mv = first_legal(state);
            (mover.play(mv).await, mv.to_string())
        };
        assert!(is_ack(&answer.unwrap()), "move {n}: {mv}");
        watcher.wait_n(n + 1).await.unwrap();
        let after = watcher.traffic();
        assert_eq!(
            (after.states, after.patches),
            (before.states, before.patches + 1),
            "move {n}: one patch, no state"
        );
        let served = server.seen(&id, None).await;
        assert_eq!(
            watcher.state(),
            &served,
            "move {n}: the patches make the state"
        );
        assert_eq!(served.seq, watcher.state().seq);
        let patch = after.patch_bytes - before.patch_bytes;
        let whole = state_bytes(&server, &id).await as u64;
        println!("move {n} ({mv}): patch {patch} bytes, state {whole} bytes");
        assert!(
            patch < whole,
            "move {n}: a patch of {patch} bytes, a state of {whole}"
        );
        // From the second round the state holds a round of notes and record.
        if n >= 8 {
            assert!(
                patch * 2 < whole,
                "move {n}: a patch of {patch} bytes, a state of {whole}"
            );
        }
        patches += patch;
        states += whole;
    }
    println!("16 actions: {patches} bytes of patches, {states} bytes of states");
    assert!(patches * 2 < states, "{patches} against {states}");
    let mut late = late.unwrap();
    late.wait_n(16).await.unwrap();
    assert_eq!(late.state(), watcher.state());
    let seen = late.traffic();
    assert_eq!(
        (seen.states, seen.patches, seen.resyncs),
        (1, 10, 0),
        "{seen:?}"
    );
    let seen = watcher.traffic();
    assert_eq!(
        (seen.states, seen.patches, seen.resyncs),
        (1, 16, 0),
        "{seen:?}"
    );
    println!(
        "a watcher of 16 actions: {} bytes of patches, {} bytes for its first state",
        seen.patch_bytes, seen.state_bytes
    );

    // Connecting again brings the whole state, numbered as before.
    watcher.close().await;
    let again = server.client(&id, None).await;
    assert_eq!(again.state(), &server.seen(&id, again.seat()).await);
    assert_eq!(again.state().seq, late.state().seq);
    assert_eq!((again.traffic().states, again.traffic().patches), (1, 0));
    server.stop().await;
}

#[tokio::test]
async fn a_sync_brings_the_whole_state_before_its_ack() {
    let db = TempDb::new("patches-sync");
    let server = TestServer::start(&db).await;
    let (id, mut black, _white) = server.friend_game(GameRequest::friend()).await;
    black.wait_for(|s| s.joined.w).await.unwrap();
    let before = black.traffic();
    let answer = black.act(ClientMessage::Sync).await.unwrap();
    assert_eq!(answer, ServerMessage::ack(Kind::Sync, None, false));
    let after = black.traffic();
    assert_eq!(after.states, before.states + 1, "{after:?}");
    assert_eq!(after.patches, before.patches, "{after:?}");
    assert_eq!(black.state(), &server.seen(&id, black.seat()).await);
    // The game goes on with patches from the state the sync brought.
    let mv = first_legal(black.state());
    assert!(is_ack(&black.play(mv).await.unwrap()));
    assert_eq!(black.traffic().patches, after.patches + 1);
    assert_eq!(black.state(), &server.seen(&id, black.seat()).await);
    server.stop().await;
}
