//! API tokens and bot accounts through the HTTP API (docs/bots.md): a
//! token shown once and listed without its secret, scopes kept, what a
//! token and a bot may not do refused with the reason, a bot's stream of
//! challenges and games (their starts and ends), a challenge declined, a
//! token revoked.

use kamisado_client::BotStream;
use kamisado_wire::bots::{BotEvent, TokenCreated, TokenList};
use kamisado_wire::players::PlayerView;
use serde_json::json;

use kamisado_wire::{ClientMessage, ServerMessage, SideCode};

use crate::common::players::{Player, challenge, request, seated, sign_up};
use crate::common::{PATIENCE, TempDb, TestServer};

async fn token(server: &TestServer, who: &Player, scopes: Option<&[&str]>) -> TokenCreated {
    let mut body = json!({"name": "bridge"});
    if let Some(scopes) = scopes {
        body["scopes"] = json!(scopes);
    }
    let answer = request(server, Some(who), "POST", "/api/tokens", Some(body)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json().unwrap()
}

async fn bearer(server: &TestServer, token: &str, method: &str, path: &str) -> (u16, String) {
    let answer = server
        .http
        .request_bearer(method, path, None, token)
        .await
        .unwrap();
    (answer.status, answer.body)
}

#[tokio::test]
async fn tokens_sign_in_their_account_within_their_scopes_until_revoked() {
    let db = TempDb::new("bot-tokens");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "ann").await;
    let made = token(&server, &ann, None).await;
    assert!(made.token.starts_with("kamisado_") && made.token.len() == 73);
    // Listed without the secret.
    let list = request(&server, Some(&ann), "GET", "/api/tokens", None).await;
    let listed: TokenList = list.json().unwrap();
    assert_eq!(listed.tokens, vec![made.view.clone()]);
    assert!(!list.body.contains(&made.token));
    let (status, body) = bearer(&server, &made.token, "GET", "/api/session").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"ann\""), "{body}");
    // A token manages neither the account nor its tokens.
    let (status, body) = bearer(&server, &made.token, "POST", "/api/tokens").await;
    assert_eq!(status, 403);
    assert!(
        body.contains("cannot manage its account or its tokens"),
        "{body}"
    );
    // A token of the play scope only makes no challenge.
    let play = token(&server, &ann, Some(&["play"])).await;
    let (status, body) = bearer(&server, &play.token, "POST", "/api/challenges").await;
    assert_eq!(status, 403);
    assert!(body.contains("no challenge scope"), "{body}");
    // A wrong or revoked token is refused, not taken for a guest.
    let (status, body) = bearer(&server, "kamisado_nothing", "GET", "/api/session").await;
    assert_eq!(status, 401);
    assert!(body.contains("unknown or was revoked"), "{body}");
    let path = format!("/api/tokens/{}", made.view.id);
    let answer = request(&server, Some(&ann), "DELETE", &path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (status, _) = bearer(&server, &made.token, "GET", "/api/session").await;
    assert_eq!(status, 401);
    let answer = request(&server, Some(&ann), "DELETE", &path, None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn a_new_account_becomes_a_bot_that_plays_only_through_challenges() {
    let db = TempDb::new("bot-account");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "ann").await;
    let robo = sign_up(&server, "robo").await;
    let answer = request(&server, Some(&robo), "POST", "/api/account/bot", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let again = request(&server, Some(&robo), "POST", "/api/account/bot", None).await;
    assert_eq!(again.status, 409);
    assert!(
        again.body.contains("a bot account already"),
        "{}",
        again.body
    );
    let page: PlayerView = request(&server, None, "GET", "/api/players/robo", None)
        .await
        .json()
        .unwrap();
    assert!(page.bot);
    let secret = token(&server, &robo, None).await.token;
    // No engine's help, no game of its own.
    for (method, path) in [
        ("POST", "/api/danger"),
        ("POST", "/api/analysis"),
        ("POST", "/api/games"),
    ] {
        let (status, body) = bearer(&server, &secret, method, path).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("a bot account"), "{body}");
    }
    // Its stream tells it of a challenge addressed to it; it declines it.
    let mut stream = BotStream::connect(server.addr, &secret, PATIENCE)
        .await
        .unwrap();
    let made = challenge(&server, &ann, json!({"opponent": "robo"})).await;
    assert!(made.opponent_bot && !made.creator_bot);
    let BotEvent::Challenge { challenge: told } = stream.next().await.unwrap() else {
        panic!("a challenge is told");
    };
    assert_eq!(told.id, made.id);
    let path = format!("/api/challenges/{}/decline", made.id);
    let (status, body) = bearer(&server, &secret, "POST", &path).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = bearer(&server, &secret, "POST", &path).await;
    assert_eq!(status, 409, "{body}");
    let accept = format!("/api/challenges/{}/accept", made.id);
    let (status, body) = bearer(&server, &secret, "POST", &accept).await;
    assert_eq!(status, 409);
    assert!(body.contains("declined"), "{body}");
    // Ann, who has no games yet, cannot decline a challenge not addressed to her.
    let open = challenge(&server, &robo, json!({})).await;
    let path = format!("/api/challenges/{}/decline", open.id);
    let answer = request(&server, Some(&ann), "POST", &path, None).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    // A second challenge is accepted by the bot: its game starts on the stream.
    let second = challenge(&server, &ann, json!({"opponent": "robo"})).await;
    let accept = format!("/api/challenges/{}/accept", second.id);
    let (status, body) = bearer(&server, &secret, "POST", &accept).await;
    assert_eq!(status, 201, "{body}");
    let game = loop {
        if let BotEvent::GameStart { game, .. } = stream.next().await.unwrap() {
            break game;
        }
    };
    // Ann resigns it: the stream tells its end and its winner.
    let mut seat = seated(&server, &ann, &game).await;
    let n = seat.state().n;
    let answer = seat.act(ClientMessage::Resign { n }).await.unwrap();
    assert!(
        matches!(answer, ServerMessage::Ack { .. }),
        "{}",
        answer.to_text()
    );
    let robo_side = if seat.state().players.b.as_deref() == Some("robo") {
        SideCode::Black
    } else {
        SideCode::White
    };
    loop {
        if let BotEvent::GameFinish {
            game: ended,
            winner,
        } = stream.next().await.unwrap()
        {
            assert_eq!((ended, winner), (game, Some(robo_side)));
            break;
        }
    }
    // An account with games becomes no bot.
    let answer = request(&server, Some(&ann), "POST", "/api/account/bot", None).await;
    assert_eq!(answer.status, 409);
    assert!(answer.body.contains("has played games"), "{}", answer.body);
    server.stop().await;
}
