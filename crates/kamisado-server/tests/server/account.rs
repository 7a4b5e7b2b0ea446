//! An account managed by its player (docs/players.md): a new password,
//! signing out everywhere, deleting the account, each refusal with its reason.

use crate::common;

use common::players::{Player, accept, challenge, cookie_of, request, seated, sign_up};
use common::{TempDb, TestServer, is_ack, reason};
use kamisado_client::Answer;
use kamisado_wire::ClientMessage;
use kamisado_wire::players::{AccountDone, ChallengeList, LeaderboardView, PlayerView};
use serde_json::json;

async fn sign_in(server: &TestServer, name: &str, password: &str) -> Answer {
    let body = json!({"name": name, "password": password});
    request(server, None, "POST", "/api/session", Some(body)).await
}

/// Another browser of the same account.
async fn another_browser(server: &TestServer, name: &str, password: &str) -> Player {
    let answer = sign_in(server, name, password).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    Player {
        name: name.to_string(),
        cookie: cookie_of(&answer),
    }
}

/// Who a browser is signed in as.
async fn signed_in_as(server: &TestServer, who: &Player) -> Option<String> {
    let answer = request(server, Some(who), "GET", "/api/session", None).await;
    let body: serde_json::Value = answer.json().unwrap();
    body["name"].as_str().map(String::from)
}

fn said(answer: &Answer, status: u16, words: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(answer.body.contains(words), "{}", answer.body);
}

#[tokio::test]
async fn a_password_is_changed_with_the_old_one_and_other_sessions_end() {
    let db = TempDb::new("password");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let phone = another_browser(&server, "Ann", "kamisado-pass").await;
    let path = "/api/account/password";

    let guest = request(
        &server,
        None,
        "POST",
        path,
        Some(json!({"old": "x", "new": "y"})),
    );
    said(&guest.await, 401, "sign in to change your password");
    let body = json!({"old": "not-the-password", "new": "new-password"});
    let wrong = request(&server, Some(&ann), "POST", path, Some(body)).await;
    said(&wrong, 403, "the password is wrong");
    let body = json!({"old": "kamisado-pass", "new": "short"});
    let short = request(&server, Some(&ann), "POST", path, Some(body)).await;
    said(&short, 400, "at least 8");
    let odd = request(&server, Some(&ann), "POST", path, Some(json!({"old": "x"}))).await;
    said(&odd, 400, "new");
    // Nothing changed so far: the phone is still signed in.
    assert_eq!(signed_in_as(&server, &phone).await.as_deref(), Some("Ann"));

    let body = json!({"old": "kamisado-pass", "new": "new-password"});
    let done = request(&server, Some(&ann), "POST", path, Some(body)).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let done: AccountDone = done.json().unwrap();
    assert_eq!(done.sessions_ended, 1);
    assert_eq!(signed_in_as(&server, &ann).await.as_deref(), Some("Ann"));
    assert_eq!(signed_in_as(&server, &phone).await, None);
    said(
        &sign_in(&server, "Ann", "kamisado-pass").await,
        401,
        "wrong name or password",
    );
    assert_eq!(sign_in(&server, "ann", "new-password").await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_session() {
    let db = TempDb::new("everywhere");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let phone = another_browser(&server, "Ann", "kamisado-pass").await;
    let bob = sign_up(&server, "Bob").await;
    let path = "/api/account/sign-out-everywhere";
    said(
        &request(&server, None, "POST", path, None).await,
        401,
        "sign in to sign out everywhere",
    );
    let answer = request(&server, Some(&phone), "POST", path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.header("set-cookie").unwrap().contains("Max-Age=0"));
    let done: AccountDone = answer.json().unwrap();
    assert_eq!(done.sessions_ended, 2);
    assert_eq!(signed_in_as(&server, &ann).await, None);
    assert_eq!(signed_in_as(&server, &phone).await, None);
    // Another account's session is not touched.
    assert_eq!(signed_in_as(&server, &bob).await.as_deref(), Some("Bob"));
    server.stop().await;
}

#[tokio::test]
async fn a_deleted_account_keeps_its_games_under_deleted_player_and_its_name() {
    let db = TempDb::new("delete");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let c = challenge(&server, &ann, json!({"colour": "black", "rated": true})).await;
    let game = accept(&server, &bob, &c.id).await;
    let mut black = seated(&server, &ann, &game.id).await;
    let open = challenge(&server, &ann, json!({"days": 3})).await;
    let path = "/api/account";

    let guest = request(
        &server,
        None,
        "DELETE",
        path,
        Some(json!({"password": "x"})),
    );
    said(&guest.await, 401, "sign in to delete your account");
    let body = json!({"password": "not-the-password"});
    let wrong = request(&server, Some(&ann), "DELETE", path, Some(body)).await;
    said(&wrong, 403, "the password is wrong");
    let body = json!({"password": "kamisado-pass"});
    let playing = request(&server, Some(&ann), "DELETE", path, Some(body.clone())).await;
    said(&playing, 409, "1 unfinished game against other players");

    let answer = black.act(ClientMessage::Resign { n: 0 }).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    let answer = request(&server, Some(&ann), "DELETE", path, Some(body)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let done: AccountDone = answer.json().unwrap();
    assert_eq!((done.sessions_ended, done.games_renamed), (1, Some(1)));

    // The game is kept, its side shown as "deleted player", in the state…
    let state = server.state(&game.id).await;
    assert_eq!(state.names.b, "deleted player");
    assert_eq!(state.players.b, None);
    assert_eq!(state.players.w.as_deref(), Some("Bob"));
    // …and in the opponent's archive; the account's page is gone.
    let page = request(&server, None, "GET", "/api/players/Bob", None).await;
    let page: PlayerView = page.json().unwrap();
    assert_eq!(page.games[0].opponent, "deleted player");
    assert!(!page.games[0].opponent_account);
    let gone = request(&server, None, "GET", "/api/players/ann", None).await;
    said(&gone, 404, "there is no player named ann");
    let board = request(&server, None, "GET", "/api/leaderboard", None).await;
    let board: LeaderboardView = board.json().unwrap();
    let names: Vec<&str> = board.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Bob"]);
    // Its open challenge is cancelled, its session ended.
    let list = request(&server, Some(&bob), "GET", "/api/challenges", None).await;
    let list: ChallengeList = list.json().unwrap();
    assert!(list.challenges.iter().all(|c| c.id != open.id));
    assert_eq!(signed_in_as(&server, &ann).await, None);
    // Nobody signs in as it, and nobody takes its name, in any case.
    said(
        &sign_in(&server, "Ann", "kamisado-pass").await,
        401,
        "wrong name or password",
    );
    let again = json!({"name": "ANN", "password": "kamisado-pass"});
    let taken = request(&server, None, "POST", "/api/accounts", Some(again)).await;
    said(&taken, 409, "is taken");
    // A challenge cannot be addressed to it.
    let to_ann = json!({"opponent": "Ann"});
    let answer = request(&server, Some(&bob), "POST", "/api/challenges", Some(to_ann)).await;
    said(&answer, 404, "there is no player named Ann");
    // The game still answers a move as over.
    let answer = black.act(ClientMessage::Resign { n: 1 }).await.unwrap();
    assert!(!reason(&answer).is_empty());
    server.stop().await;
}
