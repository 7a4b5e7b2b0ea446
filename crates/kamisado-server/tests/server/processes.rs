//! Several server processes on one PostgreSQL database. Each server here is
//! a process as far as the database can tell (its own connections, its own
//! listener, its own games in memory); `tests/cluster.rs` runs real processes
//! behind nginx and kills them.

use crate::common;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{TempDb, TestServer, first_legal, is_ack, psql, stored_actions};
use kamisado_client::{GameRequest, GameSocket, PlayAs};
use kamisado_server::Limits;
use kamisado_server::db::Db;
use kamisado_server::games::store::GameStore;
use kamisado_wire::{ClientMessage, Kind, ServerMessage, SideCode, Status};

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// Two servers on one fresh PostgreSQL database.
async fn two(name: &str, limits: Limits) -> (TempDb, TestServer, TestServer) {
    let db = TempDb::postgres(name);
    let a = TestServer::start_with(&db, limits.clone()).await;
    let b = TestServer::start_with(&db, limits).await;
    (db, a, b)
}

/// Every client has seen the game reach action `n`.
async fn all_at(clients: &mut [&mut GameSocket], n: usize) {
    for c in clients.iter_mut() {
        c.wait_n(n).await.expect("every client sees every move");
    }
}

/// A friend game with Black on one process, Gold and a watcher on the
/// other: every move, name and offer is seen by everyone at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_processes_see_every_move() {
    let (db, a, b) = two("spread", common::limits()).await;
    let created = a
        .create(GameRequest::friend().seed(3).colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let mut black = a.client(id, Some(&created.key)).await;
    let mut white = b.client(id, created.invite.as_deref()).await;
    let mut watch_a = a.watcher(id).await;
    let mut watch_b = b.watcher(id).await;
    // Gold's seat, taken on the other process, is seen on this one.
    watch_a
        .wait_for(|s| s.joined.w)
        .await
        .expect("the seat taken on B is seen on A");
    for n in 0..12 {
        let state = black.wait_n(n).await.unwrap().clone();
        if state.status != Status::Playing {
            break;
        }
        let mover = if state.to_act == Some(SideCode::Black) {
            &mut black
        } else {
            &mut white
        };
        mover.wait_n(n).await.unwrap();
        let answer = mover.play(first_legal(mover.state())).await.unwrap();
        assert!(is_ack(&answer), "move {n}: {}", answer.to_text());
        all_at(
            &mut [&mut black, &mut white, &mut watch_a, &mut watch_b],
            n + 1,
        )
        .await;
    }
    let n = black.state().n;
    assert!(n >= 4, "the game went on: {n} actions");
    // A name set on B reaches A's watcher.
    let answer = white
        .act(ClientMessage::Name {
            name: "Gold on B".into(),
        })
        .await
        .unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let seen = watch_a
        .wait_for(|s| s.names.w == "Gold on B")
        .await
        .unwrap();
    assert_eq!(seen.n, n);
    assert_eq!(stored_actions(&db, id).await.len(), n);
    assert_eq!(a.state(id).await.fen, b.state(id).await.fen);
    a.stop().await;
    b.stop().await;
}

/// Every mover plays at once (action `n` of its game); every other client
/// then sees it.
async fn play_all(movers: &mut [GameSocket], others: &mut [GameSocket], n: usize) {
    let answers = futures_util::future::join_all(movers.iter_mut().map(|m| {
        let mv = first_legal(m.state());
        m.play(mv)
    }))
    .await;
    for (i, answer) in answers.into_iter().enumerate() {
        let answer = answer.unwrap();
        assert!(is_ack(&answer), "game {i}, move {n}: {}", answer.to_text());
    }
    for other in others.iter_mut() {
        other
            .wait_n(n + 1)
            .await
            .expect("the move reaches the other process");
    }
}

/// Moves made at once in many games, committed together on one process,
/// reach every game's other player on the other process (which reads the
/// games the notice names together), and the replies come back the same
/// way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_committed_together_reach_the_other_process() {
    let limits = Limits {
        commit_window: Duration::from_millis(200),
        ..common::limits()
    };
    let (db, a, b) = two("together", limits).await;
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    let mut ids = Vec::new();
    for seed in 0..12 {
        let created = a
            .create(GameRequest::friend().seed(seed).colour(PlayAs::Black))
            .await;
        blacks.push(a.client(&created.id, Some(&created.key)).await);
        whites.push(b.client(&created.id, created.invite.as_deref()).await);
        ids.push(created.id);
    }
    for (black, white) in blacks.iter_mut().zip(whites.iter_mut()) {
        black.wait_for(|s| s.joined.w).await.unwrap();
        white.wait_n(0).await.unwrap();
    }
    play_all(&mut blacks, &mut whites, 0).await;
    play_all(&mut whites, &mut blacks, 1).await;
    for id in &ids {
        let (on_a, on_b) = (a.state(id).await, b.state(id).await);
        assert_eq!((on_a.n, &on_a.fen), (2, &on_b.fen), "game {id}");
    }
    // The games read together are each as read alone.
    let store = GameStore::new(Db::open(&db.url()).await.unwrap(), Duration::ZERO);
    let mut wanted: Vec<(String, usize)> = ids.iter().map(|id| (id.clone(), 1)).collect();
    wanted[0].1 = 0;
    wanted.push(("no-such-game".into(), 0));
    let together = store.load_games_from(&wanted).await.unwrap();
    assert_eq!(together.len(), ids.len(), "every game that exists, once");
    for game in &together {
        let from = if game.row.id == ids[0] { 0 } else { 1 };
        let alone = store
            .load_game_from(&game.row.id, from)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(game.actions.len(), 2 - from, "game {}", game.row.id);
        assert_eq!(
            (game.from, &game.actions, game.version, game.takebacks),
            (alone.from, &alone.actions, alone.version, alone.takebacks),
            "game {}",
            game.row.id
        );
    }
    a.stop().await;
    b.stop().await;
}

/// Two clients on two processes send different moves for the same turn,
/// turn after turn: the database takes exactly one, the other is refused as
/// stale, and both processes agree on the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_racing_on_two_processes() {
    let (db, a, b) = two("race", common::limits()).await;
    let created = a.create(GameRequest::local().target(7).seed(9)).await;
    let id = created.id.as_str();
    let key = Some(created.key.as_str());
    let mut on_a = a.client(id, key).await;
    let mut on_b = b.client(id, key).await;
    let mut refused = 0;
    for n in 0..16 {
        on_a.wait_n(n).await.unwrap();
        on_b.wait_n(n).await.unwrap();
        let state = on_a.state().clone();
        if state.status != Status::Playing {
            break;
        }
        let (first, last) = (state.legal[0], state.legal[state.legal.len() - 1]);
        on_a.send(&ClientMessage::Move { n, mv: first })
            .await
            .unwrap();
        on_b.send(&ClientMessage::Move { n, mv: last })
            .await
            .unwrap();
        let answer_a = on_a.answer(Kind::Move).await.unwrap();
        let answer_b = on_b.answer(Kind::Move).await.unwrap();
        let played = match (&answer_a, &answer_b) {
            (
                ServerMessage::Ack { .. },
                ServerMessage::Ack {
                    duplicate: true, ..
                },
            )
            | (ServerMessage::Ack { .. }, ServerMessage::Error { .. }) => first,
            (
                ServerMessage::Ack {
                    duplicate: true, ..
                },
                ServerMessage::Ack { .. },
            )
            | (ServerMessage::Error { .. }, ServerMessage::Ack { .. }) => last,
            (ServerMessage::Ack { .. }, ServerMessage::Ack { .. }) if first == last => first,
            other => panic!("exactly one of two racing moves is applied: {other:?}"),
        };
        for answer in [&answer_a, &answer_b] {
            if let ServerMessage::Error { reason, .. } = answer {
                refused += 1;
                assert!(reason.contains("changed since"), "{reason}");
            }
        }
        on_a.wait_n(n + 1).await.unwrap();
        on_b.wait_n(n + 1).await.unwrap();
        assert_eq!(on_a.state().last, Some(played));
        assert_eq!(on_b.state().last, Some(played));
    }
    assert!(refused > 0, "some races were lost");
    let stored = stored_actions(&db, id).await;
    assert_eq!(stored.len(), on_a.state().n);
    assert_eq!(a.record(id).await, b.record(id).await);
    a.stop().await;
    b.stop().await;
}

/// A takeback offered through one process is seen and accepted through the
/// other; the move is gone on both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_offered_on_one_process_is_answered_on_another() {
    let (db, a, b) = two("takeback", common::limits()).await;
    let created = a
        .create(GameRequest::friend().seed(4).colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let mut black = a.client(id, Some(&created.key)).await;
    let mut white = b.client(id, created.invite.as_deref()).await;
    let first = first_legal(black.state());
    assert!(is_ack(&black.play(first).await.unwrap()));
    white.wait_n(1).await.unwrap();
    let answer = black.act(ClientMessage::Takeback { n: 1 }).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    white
        .wait_for(|s| s.takeback == Some(SideCode::Black))
        .await
        .expect("the offer made on A is seen on B");
    let answer = white
        .act(ClientMessage::TakebackReply { accept: true })
        .await
        .unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let s = black
        .wait_for(|s| s.n == 0 && s.takeback.is_none())
        .await
        .unwrap()
        .clone();
    assert_eq!(s.to_act, Some(SideCode::Black));
    assert!(stored_actions(&db, id).await.is_empty());
    // Another first move, and the game goes on across both processes.
    let other = *s.legal.last().unwrap();
    assert_ne!(other, first);
    assert!(is_ack(&black.play(other).await.unwrap()));
    let seen = white.wait_n(1).await.unwrap().clone();
    assert_eq!(seen.last, Some(other));
    let reply = first_legal(&seen);
    assert!(is_ack(&white.play(reply).await.unwrap()));
    assert_eq!(black.wait_n(2).await.unwrap().fen, white.state().fen);
    a.stop().await;
    b.stop().await;
}

/// An engine game whose player is on one process and a watcher on another:
/// each engine turn is answered once, though both processes hold the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_answers_each_turn_once() {
    let (db, a, b) = two("engine-once", common::limits()).await;
    let created = a
        .create(GameRequest::engine(1).seed(5).colour(PlayAs::Black))
        .await;
    let id = created.id.as_str();
    let mut me = a.client(id, Some(&created.key)).await;
    let mut watcher = b.watcher(id).await;
    for turn in 0..5 {
        let n = 2 * turn;
        let state = me.wait_n(n).await.unwrap().clone();
        if state.status != Status::Playing || state.to_act != Some(SideCode::Black) {
            break;
        }
        let answer = me.play(first_legal(&state)).await.unwrap();
        assert!(is_ack(&answer), "{}", answer.to_text());
        me.wait_n(n + 2).await.unwrap();
        watcher.wait_n(n + 2).await.unwrap();
    }
    let n = me.state().n;
    assert_eq!(stored_actions(&db, id).await.len(), n);
    assert_eq!(watcher.state().fen, me.state().fen);
    a.stop().await;
    b.stop().await;
}

/// The process that claimed the engine's turn is gone (its claim is in the
/// database, its answer never comes): the process holding the game takes the
/// turn over when the claim runs out, and the engine moves once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_turn_left_by_a_dead_process_is_taken_over() {
    let (db, a, b) = two("takeover", common::limits()).await;
    let created = a
        .create(GameRequest::engine(1).seed(6).colour(PlayAs::Black))
        .await;
    let id = created.id.clone();
    a.stop().await;
    let mut me = b.client(&id, Some(&created.key)).await;
    let version: i64 = psql(
        &db.url(),
        &format!("SELECT version FROM games WHERE id = '{id}'"),
    )
    .parse()
    .unwrap();
    // After the player's move the engine is to act at the next version; a
    // process now gone claimed that turn for the next 3 seconds.
    let held_until = now_ms() + 3000;
    psql(
        &db.url(),
        &format!(
            "UPDATE games SET engine_owner = 'gone', engine_version = {}, engine_until = {held_until} \
             WHERE id = '{id}'",
            version + 1
        ),
    );
    let asked = Instant::now();
    let answer = me.play(first_legal(me.state())).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let s = me.wait_n(2).await.unwrap().clone();
    assert_eq!(s.to_act, Some(SideCode::Black));
    assert!(
        now_ms() >= held_until,
        "the engine waited for the claim to run out ({:?} after the move)",
        asked.elapsed()
    );
    assert_eq!(stored_actions(&db, &id).await.len(), 2);
    b.stop().await;
}

/// Games per client are counted in the database: a client that made its
/// share on one process is refused on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_per_client_hold_across_processes() {
    let limits = Limits {
        games_per_client: 3,
        ..common::limits()
    };
    let (_db, a, b) = two("quota", limits).await;
    a.create(GameRequest::local()).await;
    b.create(GameRequest::local()).await;
    a.create(GameRequest::local()).await;
    let answer = b
        .request("POST", "/api/games", Some(r#"{"mode":"local"}"#))
        .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert!(answer.body.contains("at most 3 games"), "{}", answer.body);
    a.stop().await;
    b.stop().await;
}

/// Accounts, challenges, the lobby and a clock on two processes: a session
/// made on one opens the other, the lobby of one hears the challenges of
/// the other, two accepters on two processes race for one challenge, and a
/// flag falling is stored once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_meet_across_processes() {
    use common::players::{Lobby, Player, challenge, request, seated, sign_up};
    use kamisado_wire::players::LobbyMessage;
    use serde_json::json;
    let (db, a, b) = two("players", common::limits()).await;
    let ann = sign_up(&a, "Ann").await;
    let bob = sign_up(&b, "Bob").await;
    let cat = sign_up(&a, "Cat").await;
    let answer = request(&b, Some(&ann), "GET", "/api/session", None).await;
    assert_eq!(answer.body, r#"{"name":"Ann"}"#);

    let mut lobby = Lobby::open(&b, Some(&cat)).await;
    assert_eq!(
        lobby.next().await,
        LobbyMessage::Challenges { challenges: vec![] }
    );
    let c = challenge(
        &a,
        &ann,
        json!({"colour": "black", "clock": {"initial_s": 15, "increment_s": 0}}),
    )
    .await;
    assert_eq!(
        lobby.next().await,
        LobbyMessage::Challenges {
            challenges: vec![c.clone()]
        }
    );

    let path = format!("/api/challenges/{}/accept", c.id);
    let (on_a, on_b) = tokio::join!(
        request(&a, Some(&cat), "POST", &path, None),
        request(&b, Some(&bob), "POST", &path, None),
    );
    let mut statuses = [on_a.status, on_b.status];
    statuses.sort();
    assert_eq!(statuses, [201, 409], "{} / {}", on_a.body, on_b.body);
    let (winner, created): (&Player, kamisado_wire::Created) = if on_a.status == 201 {
        (&cat, on_a.json().unwrap())
    } else {
        (&bob, on_b.json().unwrap())
    };
    let LobbyMessage::Started {
        game, black, white, ..
    } = lobby.next().await
    else {
        panic!("the game started is told")
    };
    assert_eq!(
        (game.as_str(), black.as_str(), white.as_str()),
        (created.id.as_str(), "Ann", winner.name.as_str())
    );

    // Ann plays on one process; her opponent's clock runs on the other.
    let mut black_socket = seated(&a, &ann, &created.id).await;
    let mut white_socket = seated(&b, winner, &created.id).await;
    let state = black_socket.state().clone();
    let answer = black_socket.play(first_legal(&state)).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    white_socket.wait_n(1).await.unwrap();
    assert_eq!(
        white_socket.state().clock.unwrap().running,
        Some(SideCode::White)
    );
    let deadline = white_socket.state().clock.unwrap().deadline_ms.unwrap();
    // Nobody moves: the flag falls, and both processes tell one loss on time.
    let over = white_socket
        .wait_for(|s| s.status == Status::Over)
        .await
        .unwrap()
        .clone();
    black_socket
        .wait_for(|s| s.status == Status::Over)
        .await
        .unwrap();
    assert_eq!(over.winner, Some(SideCode::Black));
    // Decided by the server within its clock watch (0.2–0.3 s measured).
    assert!(over.clock.unwrap().since_ms >= deadline);
    assert_eq!(
        stored_actions(&db, &created.id).await[1..],
        ["time w".to_string()]
    );
    a.stop().await;
    b.stop().await;
}

/// A token revoked on one process closes the game WebSocket it opened on
/// another, at once (the revocation is told on the lobby's channel).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_on_one_process_closes_its_socket_on_another() {
    use crate::common::players::{accept, challenge, request, sign_up};
    use kamisado_client::ClientError;
    use kamisado_wire::bots::TokenCreated;
    use serde_json::json;
    let (_db, a, b) = two("revoked", common::limits()).await;
    let ann = sign_up(&a, "ann").await;
    let robo = sign_up(&a, "robo").await;
    let made = request(
        &a,
        Some(&robo),
        "POST",
        "/api/tokens",
        Some(json!({"name": "x"})),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let token: TokenCreated = made.json().unwrap();
    let open = challenge(&a, &ann, json!({"opponent": "robo"})).await;
    let created = accept(&a, &robo, &open.id).await;
    let mut socket =
        GameSocket::connect_bearer(b.addr, &created.id, common::PATIENCE, &token.token)
            .await
            .unwrap();
    socket
        .join(None)
        .await
        .expect("the token opens the bot's seat on B");
    let path = format!("/api/tokens/{}", token.view.id);
    let revoked = request(&a, Some(&robo), "DELETE", &path, None).await;
    assert_eq!(revoked.status, 200, "{}", revoked.body);
    let closed = loop {
        match socket.next().await {
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    match closed {
        ClientError::Closed(Some(c)) => {
            assert_eq!(c.code, 1008);
            assert!(c.reason.contains("revoked"), "{}", c.reason);
        }
        other => panic!("closed for the revocation, not {other}"),
    }
    let answer = b
        .http
        .request_bearer("GET", "/api/session", None, &token.token)
        .await
        .unwrap();
    assert_eq!(answer.status, 401, "{}", answer.body);
}
