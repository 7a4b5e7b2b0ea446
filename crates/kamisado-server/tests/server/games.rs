//! Whole games over the WebSocket: with a friend, against the engine, and
//! across a restart of the server.

use crate::common;

use common::{TempDb, TestServer, first_legal, is_ack, mv};
use kamisado_client::{GameRequest, GameSocket, PlayAs};
use kamisado_core::{Fill, Record, Side};
use kamisado_wire::Seat;
use kamisado_wire::{
    ClientMessage, OfferAnswer, OfferEnd, ServerMessage, SideCode, Status, ValueKind,
};

/// Plays a friend game between two clients to its end, each playing its
/// first legal move and filling from the left; a watcher sees every state.
#[tokio::test]
async fn a_friend_game_between_two_clients() {
    let db = TempDb::new("friend");
    let server = TestServer::start(&db).await;
    let created = server
        .create(
            GameRequest::friend()
                .target(3)
                .colour(PlayAs::Black)
                .name("Ann"),
        )
        .await;
    let id = created.id.as_str();
    let mut black = server.client(id, Some(&created.key)).await;
    let mut white = server.client(id, created.invite.as_deref()).await;
    let mut watcher = server.client(id, None).await;
    assert_eq!(black.seat(), Some(Seat::Side(Side::Black)));
    assert_eq!(white.seat(), Some(Seat::Side(Side::White)));
    assert_eq!(watcher.seat(), None);
    let named = white
        .act(ClientMessage::Name { name: "Ben".into() })
        .await
        .unwrap();
    assert!(is_ack(&named), "{}", named.to_text());
    assert_eq!(white.state().names.w, "Ben");

    let mut n = 0;
    loop {
        black.wait_n(n).await.unwrap();
        white.wait_n(n).await.unwrap();
        let state = black.state().clone();
        if state.status == Status::Over {
            break;
        }
        let player = if state.to_act == Some(SideCode::Black) {
            &mut black
        } else {
            &mut white
        };
        let answer = if state.status == Status::Fill {
            player.fill(Fill::Left).await.unwrap()
        } else {
            player.play(first_legal(player.state())).await.unwrap()
        };
        assert!(is_ack(&answer), "{}", answer.to_text());
        n += 1;
        // Both players and the watcher see the move at once.
        assert_eq!(watcher.wait_n(n).await.unwrap().n, n);
        assert!(n < 2000, "the game ends");
    }
    assert_eq!(watcher.state().status, Status::Over);
    let final_state = server.state(id).await;
    assert_eq!(final_state.n, n);
    let winner = final_state.winner.expect("a winner");
    assert!(*final_state.score.of(winner.into()) >= 3);

    // The record replays to the same match.
    let text = server.record(id).await;
    let record: Record = text.parse().expect("the record reads back");
    let (m, _) = record.replay().expect("the record replays");
    assert_eq!(m.to_string(), final_state.fen);
    assert_eq!(record.tag("Black"), Some("Ann"));
    assert_eq!(record.tag("White"), Some("Ben"));
    assert_eq!(record.to_string(), text);
    server.stop().await;
}

/// Plays a match to 3 against the engine at level 1 to its end.
#[tokio::test]
async fn a_full_game_against_the_engine() {
    let db = TempDb::new("engine");
    let server = TestServer::start(&db).await;
    let created = server
        .create(
            GameRequest::engine(1)
                .seed(11)
                .target(3)
                .colour(PlayAs::Black),
        )
        .await;
    let id = created.id.as_str();
    let mut me = server.client(id, Some(&created.key)).await;
    assert_eq!(me.seat(), Some(Seat::Side(Side::Black)));
    let mut human_actions = 0;
    loop {
        let s = me.state().clone();
        if s.status == Status::Over {
            break;
        }
        if s.to_act == Some(SideCode::Black) {
            let answer = if s.status == Status::Fill {
                me.fill(Fill::Right).await.unwrap()
            } else {
                me.play(first_legal(&s)).await.unwrap()
            };
            assert!(is_ack(&answer), "{}", answer.to_text());
            human_actions += 1;
        } else {
            // The engine's turn: wait for its action.
            me.wait_n(s.n + 1).await.unwrap();
        }
        assert!(human_actions < 1000);
    }
    let s = me.state().clone();
    assert!(s.names.w.contains("Engine"), "{}", s.names.w);
    assert_eq!(s.engine, Some(SideCode::White));
    let winner = s.winner.expect("a winner");
    assert!(*s.score.of(winner.into()) >= 3);
    // Some moves were the engine's, each stored and replayable.
    let record: Record = server.record(id).await.parse().unwrap();
    let (m, steps) = record.replay().unwrap();
    assert_eq!(m.to_string(), s.fen);
    assert!(steps.len() > human_actions / 2);
    server.stop().await;
}

/// When the engine plays Black it moves first, without being asked.
#[tokio::test]
async fn the_engine_moves_first_as_black() {
    let db = TempDb::new("engine-first");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::engine(2).seed(11).colour(PlayAs::White))
        .await;
    let mut me = server.client(&created.id, Some(&created.key)).await;
    assert_eq!(me.seat(), Some(Seat::Side(Side::White)));
    let s = me.wait_n(1).await.unwrap();
    assert_eq!(s.to_act, Some(SideCode::White));
    assert_eq!(s.rounds[0].moves.len(), 1);
    server.stop().await;
}

/// Plays up to `count` first legal moves, each from the side to move.
async fn play_some(black: &mut GameSocket, white: &mut GameSocket, count: usize) {
    for _ in 0..count {
        let s = black.state().clone();
        if s.status != Status::Playing {
            break;
        }
        let player = if s.to_act == Some(SideCode::Black) {
            &mut *black
        } else {
            &mut *white
        };
        let answer = player.play(first_legal(player.state())).await.unwrap();
        assert!(is_ack(&answer), "{}", answer.to_text());
        black.wait_n(s.n + 1).await.unwrap();
        white.wait_n(s.n + 1).await.unwrap();
    }
}

/// The server stops in the middle of a game; a new server on the same
/// database rebuilds the game from its stored moves and the game goes on.
#[tokio::test]
async fn a_restart_in_the_middle_of_a_game() {
    let db = TempDb::new("restart");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::friend().target(7).colour(PlayAs::White))
        .await;
    let id = created.id.clone();
    let white_key = created.key.clone();
    let black_key = created.invite.clone().expect("an invite");
    let mut black = server.client(&id, Some(&black_key)).await;
    let mut white = server.client(&id, Some(&white_key)).await;
    assert_eq!(black.seat(), Some(Seat::Side(Side::Black)));
    play_some(&mut black, &mut white, 5).await;
    let before = server.state(&id).await;
    assert_eq!(before.n, 5);
    black.close().await;
    white.close().await;
    server.stop().await;

    let server = TestServer::start(&db).await;
    let mut after = server.state(&id).await;
    // The game survives the restart; who is connected and the count of
    // states published by the server process are not part of it.
    after.joined = before.joined;
    after.seq = before.seq;
    assert_eq!(after, before, "the game survives the restart");
    let mut black = server.client(&id, Some(&black_key)).await;
    let mut white = server.client(&id, Some(&white_key)).await;
    assert_eq!(black.seat(), Some(Seat::Side(Side::Black)));
    assert_eq!(white.seat(), Some(Seat::Side(Side::White)));
    play_some(&mut black, &mut white, 500).await;
    assert_ne!(black.state().status, Status::Playing);
    assert!(black.state().n > 5);
    server.stop().await;
}

/// An engine game whose server stops while the engine is to move: the
/// engine moves once the game is opened again.
#[tokio::test]
async fn a_restart_with_the_engine_to_move() {
    let db = TempDb::new("restart-engine");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::engine(1).seed(11).colour(PlayAs::Black))
        .await;
    let id = created.id.clone();
    let key = created.key.clone();
    let mut me = server.client(&id, Some(&key)).await;
    let answer = me.play(first_legal(me.state())).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    me.close().await;
    server.stop().await;
    // Whether or not the engine answered before the stop, make the stored game
    // end with the player's move, as after a crash while the engine thought.
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    sqlx::query("DELETE FROM actions WHERE game_id = $1 AND seq >= 1")
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let server = TestServer::start(&db).await;
    assert!(server.state(&id).await.n <= 2);
    let mut me = server.client(&id, Some(&key)).await;
    let s = me.wait_n(2).await.unwrap();
    assert_eq!(s.to_act, Some(SideCode::Black));
    server.stop().await;
}

/// Undo against the engine takes back the player's move and the engine's
/// answer; a hint then gives a legal move and its value for the player.
#[tokio::test]
async fn undo_against_the_engine() {
    let db = TempDb::new("undo");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::engine(1).seed(11).colour(PlayAs::Black))
        .await;
    let mut me = server.client(&created.id, Some(&created.key)).await;
    let start = me.state().clone();
    assert!(is_ack(&me.play(mv("d1-d6")).await.unwrap()));
    let s = me.wait_n(2).await.unwrap();
    assert_eq!(s.to_act, Some(SideCode::Black));
    let answer = me.act(ClientMessage::Undo { n: 2 }).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    // The state with the change came before the answer.
    assert_eq!(me.state().n, 0);
    assert_eq!(me.state().fen, start.fen);
    // A hint for the player to move.
    let answer = me.act(ClientMessage::Hint { n: 0 }).await.unwrap();
    let ServerMessage::Hint(hint) = answer else {
        panic!("a hint, not {}", answer.to_text());
    };
    assert_eq!(hint.n, 0);
    assert!(start.legal.contains(&hint.mv), "{}", hint.mv);
    assert_eq!(hint.value.side, SideCode::Black);
    match hint.value.kind {
        ValueKind::Estimate => assert!(hint.value.score.is_some(), "{:?}", hint.value),
        ValueKind::Win | ValueKind::Loss => {
            assert!(hint.value.plies.is_some(), "{:?}", hint.value);
        }
    }
    assert!(hint.line.is_empty() || hint.line[0] == hint.mv, "{hint:?}");
    server.stop().await;
}

/// A takeback offered in a friend game: declined, then accepted.
#[tokio::test]
async fn a_takeback_with_a_friend() {
    let db = TempDb::new("takeback");
    let server = TestServer::start(&db).await;
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black))
        .await;
    let mut black = server.client(&created.id, Some(&created.key)).await;
    let mut white = server.client(&created.id, created.invite.as_deref()).await;
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    white.wait_n(1).await.unwrap();
    let offered = black.act(ClientMessage::Takeback { n: 1 }).await.unwrap();
    assert!(is_ack(&offered), "{}", offered.to_text());
    assert_eq!(black.state().takeback, Some(SideCode::Black));
    white
        .wait_for(|s| s.takeback == Some(SideCode::Black))
        .await
        .unwrap();
    // The offerer cannot accept their own offer, but may withdraw it, and offer again.
    let refused = black
        .act(ClientMessage::TakebackReply { accept: true })
        .await
        .unwrap();
    assert!(common::reason(&refused).contains("your own offer"));
    assert!(black.state().rights.b.withdraw_takeback);
    assert!(!black.state().rights.b.answer_takeback);
    let withdrawn = black
        .act(ClientMessage::TakebackReply { accept: false })
        .await
        .unwrap();
    assert!(is_ack(&withdrawn), "{}", withdrawn.to_text());
    // Both seats are told who ended the offer, and how.
    let answer = |by, how| Some(OfferAnswer { by, how });
    let s = white.wait_for(|s| s.takeback.is_none()).await.unwrap();
    assert_eq!(
        s.takeback_answer,
        answer(SideCode::Black, OfferEnd::Withdrawn)
    );
    assert_eq!(black.state().takeback_answer, s.takeback_answer);
    let nothing = black
        .act(ClientMessage::TakebackReply { accept: false })
        .await
        .unwrap();
    assert!(
        common::reason(&nothing).contains("no takeback offer"),
        "{}",
        nothing.to_text()
    );
    assert!(is_ack(
        &black.act(ClientMessage::Takeback { n: 1 }).await.unwrap()
    ));
    let s = white
        .wait_for(|s| s.takeback == Some(SideCode::Black))
        .await
        .unwrap();
    assert_eq!(
        s.takeback_answer, None,
        "a new offer clears the last answer"
    );
    let declined = white
        .act(ClientMessage::TakebackReply { accept: false })
        .await
        .unwrap();
    assert!(is_ack(&declined), "{}", declined.to_text());
    assert_eq!(white.state().takeback, None);
    let s = black.wait_for(|s| s.takeback.is_none()).await.unwrap();
    assert_eq!(s.n, 1);
    assert_eq!(
        s.takeback_answer,
        answer(SideCode::White, OfferEnd::Declined)
    );
    assert!(is_ack(
        &black.act(ClientMessage::Takeback { n: 1 }).await.unwrap()
    ));
    white
        .wait_for(|s| s.takeback == Some(SideCode::Black))
        .await
        .unwrap();
    let accepted = white
        .act(ClientMessage::TakebackReply { accept: true })
        .await
        .unwrap();
    assert!(is_ack(&accepted), "{}", accepted.to_text());
    assert_eq!(white.state().n, 0);
    let s = black.wait_for(|s| s.n == 0).await.unwrap();
    assert_eq!(s.to_act, Some(SideCode::Black));
    assert_eq!(s.last, None);
    assert_eq!(
        s.takeback_answer,
        answer(SideCode::White, OfferEnd::Accepted)
    );
    // The answer is kept with the game, across a restart, until the next move.
    let id = created.id;
    server.stop().await;
    let server = TestServer::start(&db).await;
    let stored = server.state(&id).await;
    assert_eq!(
        stored.takeback_answer,
        answer(SideCode::White, OfferEnd::Accepted)
    );
    let mut black = server.client(&id, Some(&created.key)).await;
    black.wait_n(0).await.unwrap();
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    assert_eq!(server.state(&id).await.takeback_answer, None);
    server.stop().await;
}

/// Resigning ends the match for both players.
#[tokio::test]
async fn resigning_a_friend_game() {
    let db = TempDb::new("resign");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white) = server.friend_game(GameRequest::friend().target(7)).await;
    let id = id.as_str();
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    white.wait_n(1).await.unwrap();
    // Black resigns though it is White's turn.
    let answer = black.act(ClientMessage::Resign { n: 1 }).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let s = white.wait_n(2).await.unwrap();
    assert_eq!(s.status, Status::Over);
    assert_eq!(s.winner, Some(SideCode::White));
    let text = server.record(id).await;
    assert!(text.contains("resignation"), "{text}");
    server.stop().await;
}

/// Games on the 6×6 and 10×10 boards: the state carries the board and its
/// layout, moves are of that board, the engine plays it, and the record and
/// the analysis board read it back.
#[tokio::test]
async fn games_on_the_other_boards() {
    use kamisado_core::geometry::{Six, Ten};
    let db = TempDb::new("boards");
    let server = TestServer::start(&db).await;

    // 10×10, two on one screen: a move to rank 10 squares, the layout is 10 by 10.
    let created = server
        .create(
            GameRequest::local()
                .board("10x10".parse().unwrap())
                .rules("zvezda".parse().unwrap()),
        )
        .await;
    let id = created.id.as_str();
    let mut both = server.client(id, Some(&created.key)).await;
    let s = both.state().clone();
    assert_eq!(s.board.name(), "10x10");
    assert_eq!(
        s.fen,
        "obvpicyrgn/10/10/10/10/10/10/10/10/NGRYCIPVBO b - 0-0/1"
    );
    assert_eq!(s.layout.len(), 10);
    assert_eq!(s.layout[0][4], "ivory");
    assert_eq!(s.layout[9][0], "brown");
    assert_eq!(s.legal.len(), 168);
    let answer = both.play(mv("a1-a9")).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    // A square of the 10×10 board that the 8×8 board has not.
    let to_move = first_legal(both.state());
    assert!(to_move.to_string().contains("10"), "{to_move}");
    let answer = both.play(to_move).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let text = server.record(id).await;
    assert!(text.contains("[Board \"10x10\"]"), "{text}");
    let record: Record<Ten> = text.parse().unwrap();
    let (m, _) = record.replay().unwrap();
    assert_eq!(m.to_string(), both.state().fen);

    // 6×6 against the engine, to the end of a round; a move off the board is refused.
    let created = server
        .create(
            GameRequest::engine(2)
                .board("6x6".parse().unwrap())
                .seed(5)
                .colour(PlayAs::Black),
        )
        .await;
    let id = created.id.as_str();
    let mut me = server.client(id, Some(&created.key)).await;
    assert_eq!(me.state().layout.len(), 6);
    let refused = me.play(mv("a1-a7")).await.unwrap();
    assert!(
        matches!(refused, ServerMessage::Error { .. }),
        "{refused:?}"
    );
    loop {
        let s = me.state().clone();
        if s.status == Status::Over {
            break;
        }
        if s.to_act == Some(SideCode::Black) {
            let answer = me.play(first_legal(&s)).await.unwrap();
            assert!(is_ack(&answer), "{}", answer.to_text());
        } else {
            me.wait_n(s.n + 1).await.unwrap();
        }
    }
    let text = server.record(id).await;
    let record: Record<Six> = text.parse().unwrap();
    let (m, _) = record.replay().unwrap();
    assert_eq!(m.to_string(), me.state().fen);

    // The analysis board reads the 6×6 record and sends its layout.
    let analysis = server.http.analyse(&text).await.unwrap();
    assert_eq!(analysis.board, "6x6");
    assert_eq!(analysis.layout.len(), 6);
    assert!(!analysis.steps.is_empty());

    // A board that does not exist is refused with the reason.
    let answer = server
        .request(
            "POST",
            "/api/games",
            Some(r#"{"mode":"local","board":"9x9"}"#),
        )
        .await;
    assert_eq!(answer.status, 400);
    let reason = answer.reason().unwrap();
    assert!(reason.contains("\"9x9\" is not a board"), "{reason}");
    server.stop().await;
}
