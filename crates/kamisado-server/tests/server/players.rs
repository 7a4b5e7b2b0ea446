//! Accounts, open challenges, clocks, correspondence and ratings
//! (docs/players.md), through the HTTP API and the WebSockets.

use crate::common;

use std::time::Duration;

use common::players::{Lobby, Player, accept, challenge, cookie_of, request, seated, sign_up};
use common::{PATIENCE, TempDb, TestServer, first_legal, is_ack, play_out, reason};
use kamisado_client::GameSocket;
use kamisado_server::Limits;
use kamisado_wire::Created;
use kamisado_wire::Seat;
use kamisado_wire::players::{
    ChallengeList, LeaderboardView, LobbyMessage, MyGamesView, PlayerView,
};
use kamisado_wire::{ClientMessage, SideCode, StateView, Status};
use serde_json::{Value, json};

async fn player_page(server: &TestServer, name: &str) -> PlayerView {
    let answer = request(server, None, "GET", &format!("/api/players/{name}"), None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().unwrap()
}

/// A started challenge game between two new accounts, Ann holding Black.
async fn started(
    server: &TestServer,
    body: Value,
) -> (Player, Player, Created, GameSocket, GameSocket) {
    let ann = sign_up(server, "Ann").await;
    let bob = sign_up(server, "Bob").await;
    let mut body = body;
    body["colour"] = json!("black");
    let c = challenge(server, &ann, body).await;
    let created = accept(server, &bob, &c.id).await;
    assert_eq!(created.seat, Seat::Side(kamisado_core::Side::White));
    let black = seated(server, &ann, &created.id).await;
    let white = seated(server, &bob, &created.id).await;
    (ann, bob, created, black, white)
}

#[tokio::test]
async fn accounts_sign_in_and_out_and_refuse_with_reasons() {
    let db = TempDb::new("accounts");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let answer = request(&server, Some(&ann), "GET", "/api/session", None).await;
    assert_eq!(answer.body, r#"{"name":"Ann"}"#);
    let set = {
        let a = request(
            &server,
            None,
            "POST",
            "/api/accounts",
            Some(json!({"name": "Zed", "password": "kamisado-pass"})),
        )
        .await;
        a.header("set-cookie").unwrap().to_string()
    };
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );

    // Refusals, each with its reason.
    let refusals = [
        (
            json!({"name": "ann", "password": "kamisado-pass"}),
            409,
            "is taken",
        ),
        (
            json!({"name": "A", "password": "kamisado-pass"}),
            400,
            "2 to 20",
        ),
        (
            json!({"name": "Ann Lee", "password": "kamisado-pass"}),
            400,
            "letters, digits",
        ),
        (
            json!({"name": "Carl", "password": "short"}),
            400,
            "at least 8",
        ),
        (json!({"name": "Carl"}), 400, "missing field \"password\""),
        (
            json!({"name": "Carl", "password": "kamisado-pass", "x": 1}),
            400,
            "unknown field \"x\"",
        ),
    ];
    for (body, status, words) in refusals {
        let answer = request(&server, None, "POST", "/api/accounts", Some(body.clone())).await;
        assert_eq!(answer.status, status, "{body}: {}", answer.body);
        assert!(
            answer.reason().unwrap().contains(words),
            "{body}: {}",
            answer.body
        );
    }

    // Signing in: the name in any case; the same words for an unknown name.
    let answer = request(
        &server,
        None,
        "POST",
        "/api/session",
        Some(json!({"name": "ANN", "password": "kamisado-pass"})),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body, r#"{"name":"Ann"}"#);
    let second = Player {
        name: "Ann".into(),
        cookie: cookie_of(&answer),
    };
    for name in ["Ann", "Nobody"] {
        let answer = request(
            &server,
            None,
            "POST",
            "/api/session",
            Some(json!({"name": name, "password": "wrong-password"})),
        )
        .await;
        assert_eq!(answer.status, 401);
        assert_eq!(answer.reason().unwrap(), "wrong name or password");
    }

    // Signing out ends that session only.
    let answer = request(&server, Some(&ann), "DELETE", "/api/session", None).await;
    assert_eq!(answer.status, 200);
    assert!(answer.header("set-cookie").unwrap().contains("Max-Age=0"));
    let answer = request(&server, Some(&ann), "GET", "/api/session", None).await;
    assert_eq!(answer.body, r#"{"name":null}"#);
    let answer = request(&server, Some(&second), "GET", "/api/session", None).await;
    assert_eq!(answer.body, r#"{"name":"Ann"}"#);
    assert_eq!(second.name, "Ann");

    // Wrong passwords for one name: after five (one is counted above), tries wait.
    for _ in 0..4 {
        let answer = request(
            &server,
            None,
            "POST",
            "/api/session",
            Some(json!({"name": "ann", "password": "wrong-password"})),
        )
        .await;
        assert_eq!(answer.status, 401, "{}", answer.body);
    }
    let answer = request(
        &server,
        None,
        "POST",
        "/api/session",
        Some(json!({"name": "ann", "password": "wrong-password"})),
    )
    .await;
    assert_eq!(
        answer.status, 401,
        "the sixth is still checked: {}",
        answer.body
    );
    let answer = request(
        &server,
        None,
        "POST",
        "/api/session",
        Some(json!({"name": "Ann", "password": "kamisado-pass"})),
    )
    .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert!(
        answer
            .reason()
            .unwrap()
            .starts_with("too many wrong passwords: try again in "),
        "{}",
        answer.body
    );
    // Another name is not slowed by them.
    let answer = request(
        &server,
        None,
        "POST",
        "/api/session",
        Some(json!({"name": "Zed", "password": "kamisado-pass"})),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn one_address_creates_ten_accounts_an_hour_then_waits() {
    let db = TempDb::new("sign-ups");
    let server = TestServer::start(&db).await;
    let mut created = 0;
    let refused = loop {
        let answer = request(
            &server,
            None,
            "POST",
            "/api/accounts",
            Some(json!({"name": format!("player{created}"), "password": "kamisado-pass"})),
        )
        .await;
        if answer.status != 201 {
            break answer;
        }
        created += 1;
        assert!(created <= 10, "the address waits after 10 accounts");
    };
    // The tenth makes the address wait a minute.
    assert_eq!(created, 10);
    assert_eq!(refused.status, 429, "{}", refused.body);
    let reason = refused.reason().unwrap();
    assert!(
        reason.starts_with("too many accounts created from this address: try again in "),
        "{reason}"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_guests_games_are_claimed_by_the_account_it_creates() {
    let db = TempDb::new("claims");
    let server = TestServer::start(&db).await;
    let created = server
        .create(kamisado_client::GameRequest::new(
            kamisado_wire::Mode::Friend,
        ))
        .await;
    let answer = request(
        &server,
        None,
        "POST",
        "/api/accounts",
        Some(json!({
            "name": "Guest1", "password": "kamisado-pass",
            "games": [{"id": created.id, "key": created.key}, {"id": "0000", "key": "nope"}]
        })),
    )
    .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(answer.body, r#"{"name":"Guest1","claimed":1}"#);
    let state = server.state(&created.id).await;
    let side = match created.seat {
        Seat::Side(side) => side,
        Seat::Both => panic!("a friend game's creator holds one side"),
    };
    assert_eq!(state.players.of(side).as_deref(), Some("Guest1"));
    server.stop().await;
}

#[tokio::test]
async fn challenges_are_created_listed_cancelled_and_refused_with_reasons() {
    let db = TempDb::new("challenges");
    let server = TestServer::start(&db).await;
    let answer = request(&server, None, "POST", "/api/challenges", Some(json!({}))).await;
    assert_eq!(answer.status, 401);
    assert_eq!(answer.reason().unwrap(), "sign in to create a challenge");
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let cat = sign_up(&server, "Cat").await;
    let bad = [
        (
            json!({"clock": {"initial_s": 10, "increment_s": 0}}),
            "15 seconds to 3 hours",
        ),
        (
            json!({"clock": {"initial_s": 60, "increment_s": 61}}),
            "0 to 60 seconds",
        ),
        (json!({"days": 2}), "1, 3 or 7 days"),
        (
            json!({"days": 3, "clock": {"initial_s": 60, "increment_s": 0}}),
            "not both",
        ),
        (json!({"target": 4}), "1, 3, 7 or 15"),
        (json!({"colour": "red"}), "not a colour"),
        (json!({"rules": "chess"}), "chess"),
        (json!({"opponent": "Nobody"}), "no player named Nobody"),
        (json!({"opponent": "ann"}), "yourself"),
    ];
    for (body, words) in bad {
        let answer = request(
            &server,
            Some(&ann),
            "POST",
            "/api/challenges",
            Some(body.clone()),
        )
        .await;
        assert_eq!(answer.status / 100, 4, "{body}: {}", answer.body);
        assert!(
            answer.reason().unwrap().contains(words),
            "{body}: {}",
            answer.body
        );
    }
    let open = challenge(
        &server,
        &ann,
        json!({"rules": "standard", "board": "8x8", "target": 3, "colour": "random",
               "rated": true, "clock": {"initial_s": 300, "increment_s": 5}}),
    )
    .await;
    assert_eq!(
        (open.creator.as_str(), open.rating, open.target),
        ("Ann", 1500.0, 3)
    );
    let to_bob = challenge(&server, &ann, json!({"opponent": "BOB", "days": 3})).await;
    assert_eq!(to_bob.opponent.as_deref(), Some("Bob"));

    // A challenge to one player is seen by them and its creator only.
    let list = |who: Option<&Player>| {
        let who = who.map(|p| Player {
            name: p.name.clone(),
            cookie: p.cookie.clone(),
        });
        let server = &server;
        async move {
            let answer = request(server, who.as_ref(), "GET", "/api/challenges", None).await;
            let list: ChallengeList = answer.json().unwrap();
            list.challenges
                .into_iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        list(Some(&bob)).await,
        vec![to_bob.id.clone(), open.id.clone()]
    );
    assert_eq!(
        list(Some(&ann)).await,
        vec![to_bob.id.clone(), open.id.clone()]
    );
    assert_eq!(list(Some(&cat)).await, vec![open.id.clone()]);
    assert_eq!(list(None).await, vec![open.id.clone()]);

    let refusals = [
        (
            &ann,
            "POST",
            format!("/api/challenges/{}/accept", open.id),
            403,
            "your own challenge",
        ),
        (
            &cat,
            "POST",
            format!("/api/challenges/{}/accept", to_bob.id),
            403,
            "another player",
        ),
        (
            &bob,
            "DELETE",
            format!("/api/challenges/{}", open.id),
            403,
            "not yours",
        ),
        (
            &bob,
            "POST",
            "/api/challenges/ffff/accept".to_string(),
            404,
            "no challenge ffff",
        ),
    ];
    for (who, method, path, status, words) in refusals {
        let answer = request(&server, Some(who), method, &path, None).await;
        assert_eq!(answer.status, status, "{path}: {}", answer.body);
        assert!(
            answer.reason().unwrap().contains(words),
            "{path}: {}",
            answer.body
        );
    }
    let answer = request(
        &server,
        None,
        "POST",
        &format!("/api/challenges/{}/accept", open.id),
        None,
    )
    .await;
    assert_eq!(answer.reason().unwrap(), "sign in to accept a challenge");

    // Cancelled, it is gone and cannot be accepted.
    let answer = request(
        &server,
        Some(&ann),
        "DELETE",
        &format!("/api/challenges/{}", open.id),
        None,
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(list(Some(&cat)).await, Vec::<String>::new());
    let answer = request(
        &server,
        Some(&cat),
        "POST",
        &format!("/api/challenges/{}/accept", open.id),
        None,
    )
    .await;
    assert_eq!(answer.status, 409);
    assert!(
        answer.reason().unwrap().contains("cancelled"),
        "{}",
        answer.body
    );

    // Accepted, it starts a game with both seats, and cannot be accepted again.
    let created = accept(&server, &bob, &to_bob.id).await;
    let answer = request(
        &server,
        Some(&bob),
        "POST",
        &format!("/api/challenges/{}/accept", to_bob.id),
        None,
    )
    .await;
    assert_eq!(answer.status, 409);
    assert!(
        answer
            .reason()
            .unwrap()
            .contains("accepted by someone else"),
        "{}",
        answer.body
    );
    let state = server.state(&created.id).await;
    assert_eq!(state.mode, kamisado_wire::Mode::Challenge);
    assert!(state.rated);
    let clock = state.clock.expect("a correspondence clock");
    assert_eq!((clock.days, clock.running), (Some(3), None));
    let mut players = [state.players.b.unwrap(), state.players.w.unwrap()];
    players.sort();
    assert_eq!(players, ["Ann".to_string(), "Bob".to_string()]);
    // Twenty open challenges at most.
    for _ in 0..20 {
        let answer = request(
            &server,
            Some(&cat),
            "POST",
            "/api/challenges",
            Some(json!({})),
        )
        .await;
        if answer.status != 201 {
            assert_eq!(answer.status, 429, "{}", answer.body);
            assert!(
                answer.reason().unwrap().contains("20 open challenges"),
                "{}",
                answer.body
            );
        }
    }
    let answer = request(
        &server,
        Some(&cat),
        "POST",
        "/api/challenges",
        Some(json!({})),
    )
    .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn of_two_accepters_racing_exactly_one_gets_the_game() {
    let db = TempDb::new("accept-race");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let cat = sign_up(&server, "Cat").await;
    for round in 0..5 {
        let c = challenge(&server, &ann, json!({"rated": false})).await;
        let path = format!("/api/challenges/{}/accept", c.id);
        let (a, b) = tokio::join!(
            request(&server, Some(&bob), "POST", &path, None),
            request(&server, Some(&cat), "POST", &path, None),
        );
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [201, 409],
            "round {round}: {} / {}",
            a.body,
            b.body
        );
        let loser = if a.status == 409 { &a } else { &b };
        assert!(
            loser.reason().unwrap().contains("accepted by someone else"),
            "{}",
            loser.body
        );
    }
    // Five challenges, five games: none started twice.
    let answer = request(&server, Some(&ann), "GET", "/api/my/games", None).await;
    let mine: MyGamesView = answer.json().unwrap();
    assert_eq!(mine.games.len(), 5);
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_tells_of_challenges_and_of_the_game_they_start() {
    let db = TempDb::new("lobby");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let mut lobby = Lobby::open(&server, Some(&ann)).await;
    let mut next = async || lobby.next().await;
    assert_eq!(
        next().await,
        LobbyMessage::Challenges { challenges: vec![] }
    );
    let c = challenge(&server, &ann, json!({"colour": "white"})).await;
    let LobbyMessage::Challenges { challenges } = next().await else {
        panic!("the list again")
    };
    assert_eq!(challenges, vec![c.clone()]);
    let created = accept(&server, &bob, &c.id).await;
    let heard = [next().await, next().await];
    assert_eq!(
        heard[0],
        LobbyMessage::Started {
            challenge: c.id.clone(),
            game: created.id.clone(),
            black: "Bob".into(),
            white: "Ann".into(),
        }
    );
    assert_eq!(heard[1], LobbyMessage::Challenges { challenges: vec![] });
    server.stop().await;
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_and_fills_both_archives() {
    let db = TempDb::new("rated");
    let server = TestServer::start(&db).await;
    let (ann, bob, created, mut black, mut white) =
        started(&server, json!({"rated": true, "target": 1})).await;
    assert_eq!(black.seat(), Some(Seat::Side(kamisado_core::Side::Black)));
    // The session opens the seat on another device too; a stranger watches.
    let again = seated(&server, &bob, &created.id).await;
    assert_eq!(again.seat(), Some(Seat::Side(kamisado_core::Side::White)));
    let cat = sign_up(&server, "Cat").await;
    let stranger = seated(&server, &cat, &created.id).await;
    assert_eq!(stranger.seat(), None);
    // No takebacks and no hints between accounts.
    let answer = black.act(ClientMessage::Hint { n: 0 }).await.unwrap();
    assert!(
        reason(&answer).contains("not in a game between accounts"),
        "{}",
        answer.to_text()
    );

    let end = play_out(&mut black, &mut white).await;
    let winner = end.winner.unwrap();
    let (won, lost) = if winner == SideCode::Black {
        (&ann, &bob)
    } else {
        (&bob, &ann)
    };
    let winner_page = player_page(&server, &won.name.to_lowercase()).await;
    let loser_page = player_page(&server, &lost.name).await;
    assert_eq!(winner_page.name, won.name);
    let w = &winner_page.ratings["standard 8x8"];
    let l = &loser_page.ratings["standard 8x8"];
    // Glicko-2 between two new players: 1500 ± 162.3, deviation 290.3.
    assert!((w.rating - 1662.31).abs() < 0.01, "{w:?}");
    assert!((l.rating - 1337.69).abs() < 0.01, "{l:?}");
    assert!((w.deviation - 290.32).abs() < 0.01, "{w:?}");
    assert_eq!((w.games, l.games), (1, 1));
    assert_eq!(winner_page.history["standard 8x8"].len(), 1);
    assert_eq!(winner_page.history["standard 8x8"][0].game, created.id);
    let entry = &winner_page.games[0];
    assert_eq!(entry.id, created.id);
    assert_eq!(
        (entry.result.as_str(), entry.opponent.as_str()),
        ("win", lost.name.as_str())
    );
    assert!(entry.rated && entry.opponent_account);
    assert_eq!(entry.moves, end.n as i64);
    // The archive's score is the match's final one.
    assert_eq!(entry.score, end.score);
    assert_eq!(loser_page.games[0].result, "loss");

    let answer = request(
        &server,
        None,
        "GET",
        "/api/leaderboard?pool=standard%208x8",
        None,
    )
    .await;
    let board: LeaderboardView = answer.json().unwrap();
    let names: Vec<&str> = board.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, [won.name.as_str(), lost.name.as_str()]);
    assert!(board.players.iter().all(|p| p.provisional));
    assert_eq!(board.engine.len(), 6);
    assert_eq!(board.engine[0].rating, 800.0);
    assert!(board.pools.contains(&"standard 8x8".to_string()));
    let answer = request(&server, None, "GET", "/api/players/nobody", None).await;
    assert_eq!(answer.status, 404);

    // An unrated game between the same players changes nothing.
    let c = challenge(&server, &ann, json!({"rated": false, "colour": "black"})).await;
    let second = accept(&server, &bob, &c.id).await;
    let mut b2 = seated(&server, &ann, &second.id).await;
    let mut w2 = seated(&server, &bob, &second.id).await;
    play_out(&mut b2, &mut w2).await;
    let page = player_page(&server, &won.name).await;
    assert_eq!(page.ratings["standard 8x8"].games, 1);
    assert_eq!(page.games.len(), 2);
    server.stop().await;
}

async fn my_games(server: &TestServer, who: &Player) -> MyGamesView {
    let answer = request(server, Some(who), "GET", "/api/my/games", None).await;
    answer.json().unwrap()
}

/// Waits until the game is over, as a client that is not connected sees it.
async fn until_over(server: &TestServer, id: &str) -> StateView {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let state = server.state(id).await;
        if state.status == Status::Over {
            return state;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the flag falls in time"
        );
        // Polling the server's own answer: the loss is decided on its clock.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_flag_falls_with_nobody_connected_and_the_clock_survives_a_restart() {
    let db = TempDb::new("flag");
    let server = TestServer::start(&db).await;
    let (ann, bob, created, mut black, white) = started(
        &server,
        json!({"rated": true, "clock": {"initial_s": 15, "increment_s": 2}}),
    )
    .await;
    let state = black.state().clone();
    let clock = state.clock.expect("a clock");
    assert_eq!(
        (clock.b_ms, clock.w_ms, clock.running),
        (Some(15_000), Some(15_000), None)
    );
    // The first move starts Gold's clock.
    let answer = black.play(first_legal(&state)).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let clock = black.state().clock.unwrap();
    assert_eq!(clock.running, Some(SideCode::White));
    assert_eq!(clock.deadline_ms, Some(clock.since_ms + 15_000));
    black.close().await;
    white.close().await;
    server.stop().await;

    // The server is down while Gold's time runs out.
    let deadline = clock.deadline_ms.unwrap() as u64;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    tokio::time::sleep(Duration::from_millis(deadline.saturating_sub(now) + 200)).await;
    let server = TestServer::start(&db).await;
    let over = until_over(&server, &created.id).await;
    assert_eq!(over.winner, Some(SideCode::Black));
    let note = over.notes.last().unwrap();
    assert!(note.text.contains("ran out of time"), "{}", note.text);
    let clock = over.clock.unwrap();
    assert_eq!((clock.w_ms, clock.running), (Some(0), None));
    // A move after the flag fell is refused, saying so.
    let mut late = seated(&server, &bob, &created.id).await;
    let answer = late.play(first_legal(&state)).await.unwrap();
    assert_eq!(
        reason(&answer),
        "your time ran out: the match is lost on time"
    );
    // The loss on time is rated.
    let page = player_page(&server, &ann.name).await;
    assert!(page.ratings["standard 8x8"].rating > 1500.0);
    assert_eq!(page.games[0].how, "time");
    server.stop().await;
}

#[tokio::test]
async fn a_move_that_arrives_after_the_flag_fell_stores_the_loss_on_time() {
    let db = TempDb::new("late-move");
    let server = TestServer::start(&db).await;
    let (_, bob, created, mut black, white) = started(
        &server,
        json!({"clock": {"initial_s": 60, "increment_s": 0}}),
    )
    .await;
    let state = black.state().clone();
    black.play(first_legal(&state)).await.unwrap();
    black.close().await;
    white.close().await;
    server.stop().await;
    // Two minutes pass for Gold's running clock (set back while the server is down).
    common::execute(
        &db,
        "UPDATE games SET clock_since = clock_since - $2, deadline_ms = deadline_ms - $2 \
         WHERE id = $1",
        &created.id,
        120_000,
    )
    .await;
    // A server that never looks at the clocks by itself: only the late move can tell.
    let limits = Limits {
        clock_watch: Duration::from_secs(3600),
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    assert_eq!(server.state(&created.id).await.status, Status::Playing);
    let mut late = seated(&server, &bob, &created.id).await;
    let state = late.state().clone();
    let answer = late.play(first_legal(&state)).await.unwrap();
    assert_eq!(
        reason(&answer),
        "your time ran out: the match is lost on time"
    );
    let over = server.state(&created.id).await;
    assert_eq!(
        (over.status, over.winner),
        (Status::Over, Some(SideCode::Black))
    );
    assert_eq!(over.clock.unwrap().w_ms, Some(0));
    server.stop().await;
}

#[tokio::test]
async fn a_live_clock_charges_each_move_and_adds_the_increment() {
    let db = TempDb::new("clock");
    let server = TestServer::start(&db).await;
    let (_, _, _, mut black, mut white) = started(
        &server,
        json!({"clock": {"initial_s": 60, "increment_s": 5}}),
    )
    .await;
    let state = black.state().clone();
    black.play(first_legal(&state)).await.unwrap();
    white.wait_n(1).await.unwrap();
    let before = white.state().clock.unwrap();
    let state = white.state().clone();
    let answer = white.play(first_legal(&state)).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let after = white.state().clock.unwrap();
    let spent = after.since_ms - before.since_ms;
    assert_eq!(after.w_ms, Some(60_000 - spent + 5_000));
    assert_eq!(after.b_ms, Some(60_000));
    assert_eq!(after.running, Some(SideCode::Black));
    let welcome_time = {
        let mut s = GameSocket::connect(server.addr, &state.id, PATIENCE)
            .await
            .unwrap();
        s.act(ClientMessage::Join { key: None }).await.unwrap()
    };
    match welcome_time {
        kamisado_wire::ServerMessage::Welcome { now_ms, .. } => {
            assert!(now_ms as i64 >= after.since_ms)
        }
        other => panic!("{}", other.to_text()),
    }
    server.stop().await;
}

#[tokio::test]
async fn correspondence_games_are_listed_by_turn_and_lost_when_the_days_run_out() {
    let db = TempDb::new("days");
    let server = TestServer::start(&db).await;
    let (ann, bob, created, mut black, white) =
        started(&server, json!({"days": 1, "rated": true})).await;
    let state = black.state().clone();
    black.play(first_legal(&state)).await.unwrap();
    let clock = black.state().clock.unwrap();
    assert_eq!(clock.deadline_ms, Some(clock.since_ms + 86_400_000));
    let ann_games = my_games(&server, &ann).await;
    let bob_games = my_games(&server, &bob).await;
    assert_eq!(ann_games.games.len(), 1);
    assert!(!ann_games.games[0].your_turn);
    assert!(bob_games.games[0].your_turn);
    assert_eq!(bob_games.games[0].opponent.as_deref(), Some("Ann"));
    assert_eq!(bob_games.games[0].deadline_ms, clock.deadline_ms);
    let answer = request(&server, None, "GET", "/api/my/games", None).await;
    assert_eq!(answer.status, 401);
    black.close().await;
    white.close().await;
    server.stop().await;

    // A day and more passes (the stored clock is set back while the server is down).
    let day = 86_400_000_i64;
    common::execute(
        &db,
        "UPDATE games SET clock_since = clock_since - $2, deadline_ms = deadline_ms - $2 \
         WHERE id = $1",
        &created.id,
        day + 1000,
    )
    .await;
    let server = TestServer::start(&db).await;
    let over = until_over(&server, &created.id).await;
    assert_eq!(over.winner, Some(SideCode::Black));
    assert!(over.notes.last().unwrap().text.contains("ran out of time"));
    let bob_games = my_games(&server, &bob).await;
    assert!(!bob_games.games[0].your_turn);
    assert_eq!(bob_games.games[0].status, Status::Over);
    server.stop().await;
}
