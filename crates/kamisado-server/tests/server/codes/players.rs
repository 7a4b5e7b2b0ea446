//! Accounts, sign-ins, challenges, claims, API tokens and bots; last, the
//! throttles of wrong passwords and of sign-ups from one address.

use kamisado_client::{Answer, GameRequest};
use kamisado_wire::bots::TokenCreated;
use kamisado_wire::players::ChallengeView;
use kamisado_wire::{ClientMessage, Code, Kind};
use serde_json::{Value, json};

use super::{Met, People};
use crate::common::TestServer;
use crate::common::players::{Player, accept, challenge, request, seated, sign_up};

async fn post(server: &TestServer, who: Option<&Player>, path: &str, body: Value) -> Answer {
    request(server, who, "POST", path, Some(body)).await
}

pub async fn meet(server: &TestServer, met: &mut Met, people: &People) {
    accounts(server, met, people).await;
    challenges(server, met, people).await;
    let games = challenge_games(server, met, people).await;
    claims(server, met, people, &games).await;
    tokens_and_bots(server, met, people, &games.0).await;
    throttles(server, met).await;
}

async fn accounts(server: &TestServer, met: &mut Met, people: &People) {
    let password = "kamisado-pass";
    let bad = [
        (
            json!({"name": "x", "password": password}),
            Code::NameTooShort,
        ),
        (
            json!({"name": "x".repeat(21), "password": password}),
            Code::NameTooLong,
        ),
        (
            json!({"name": "Ann Lee", "password": password}),
            Code::NameCharacter,
        ),
        (
            json!({"name": "Аnn", "password": password}),
            Code::NameMixedScripts,
        ),
        (
            json!({"name": "Carla", "password": "short"}),
            Code::PasswordTooShort,
        ),
        (
            json!({"name": "Carla", "password": "p".repeat(201)}),
            Code::PasswordTooLong,
        ),
    ];
    for (body, code) in bad {
        met.http(&post(server, None, "/api/accounts", body).await, 400, code);
    }
    let r = met.http(
        &post(
            server,
            None,
            "/api/accounts",
            json!({"name": "x", "password": password}),
        )
        .await,
        400,
        Code::NameTooShort,
    );
    assert_eq!(r.reason(), "the name x has 1 character: a name has 2 to 20");
    let again = post(
        server,
        None,
        "/api/accounts",
        json!({"name": "ann", "password": password}),
    );
    met.http(&again.await, 409, Code::NameTaken);
    sign_up(server, "pop").await;
    let like = post(
        server,
        None,
        "/api/accounts",
        json!({"name": "рор", "password": password}),
    );
    met.http(&like.await, 409, Code::NameLooksTaken);
    let wrong = json!({"name": "Ann", "password": "not-her-password"});
    met.http(
        &post(server, None, "/api/session", wrong).await,
        401,
        Code::WrongPassword,
    );
    let claims = json!({"name": "Ann", "password": password, "games": [{"id": "x", "key": "y"}]});
    met.http(
        &post(server, None, "/api/session", claims).await,
        400,
        Code::ClaimAtSignIn,
    );
    let guest = request(server, None, "GET", "/api/my/games", None).await;
    met.http(&guest, 401, Code::SignInRequired);
    let nobody = request(server, None, "GET", "/api/players/Nobody", None).await;
    met.http(&nobody, 404, Code::NoSuchPlayer);
    let delete = json!({"password": "not-her-password"});
    let wrong = request(
        server,
        Some(&people.ann),
        "DELETE",
        "/api/account",
        Some(delete),
    )
    .await;
    met.http(&wrong, 403, Code::WrongOwnPassword);
}

async fn challenges(server: &TestServer, met: &mut Met, people: &People) {
    let (ann, ben, carl) = (&people.ann, &people.ben, &people.carl);
    let made = |body: Value| post(server, Some(ann), "/api/challenges", body);
    met.http(
        &made(json!({"opponent": "Ann"})).await,
        400,
        Code::ChallengeSelf,
    );
    let both = json!({"clock": {"initial_s": 300, "increment_s": 3}, "days": 3});
    met.http(&made(both).await, 400, Code::ChallengeClockAndDays);
    met.http(
        &made(json!({"opponent": "Nobody"})).await,
        404,
        Code::NoSuchPlayer,
    );
    let none = post(server, Some(ben), "/api/challenges/ffff/accept", json!({})).await;
    met.http(&none, 404, Code::NoSuchChallenge);
    // Cancelled, then accepted.
    let c = challenge(server, ann, json!({})).await;
    let path = format!("/api/challenges/{}", c.id);
    let theirs = request(server, Some(ben), "DELETE", &path, None).await;
    met.http(&theirs, 403, Code::ChallengeNotYours);
    assert_eq!(
        request(server, Some(ann), "DELETE", &path, None)
            .await
            .status,
        200
    );
    let gone = post(server, Some(ben), &format!("{path}/accept"), json!({})).await;
    met.http(&gone, 409, Code::ChallengeCancelled);
    // Addressed to Ben, declined.
    let c: ChallengeView = challenge(server, ann, json!({"opponent": "Ben"})).await;
    let path = format!("/api/challenges/{}", c.id);
    let decline = format!("{path}/decline");
    met.http(
        &post(server, Some(carl), &decline, json!({})).await,
        403,
        Code::ChallengeNotAddressed,
    );
    assert_eq!(
        post(server, Some(ben), &decline, json!({})).await.status,
        200
    );
    met.http(
        &post(server, Some(ben), &decline, json!({})).await,
        409,
        Code::ChallengeClosed,
    );
    let late = post(server, Some(ben), &format!("{path}/accept"), json!({})).await;
    met.http(&late, 409, Code::ChallengeDeclined);
}

/// Two games between Ann and Ben: untimed, and with a clock.
async fn challenge_games(server: &TestServer, met: &mut Met, people: &People) -> (String, String) {
    let (ann, ben, carl) = (&people.ann, &people.ben, &people.carl);
    let c = challenge(server, ann, json!({})).await;
    let path = format!("/api/challenges/{}/accept", c.id);
    met.http(
        &post(server, Some(ann), &path, json!({})).await,
        403,
        Code::ChallengeOwn,
    );
    let untimed = accept(server, ben, &c.id).await.id;
    met.http(
        &post(server, Some(carl), &path, json!({})).await,
        409,
        Code::ChallengeTaken,
    );
    let mut socket = seated(server, ann, &untimed).await;
    let asks = [
        (ClientMessage::Undo { n: 0 }, Code::UndoBetweenAccounts),
        (ClientMessage::Hint { n: 0 }, Code::NoHintsBetweenAccounts),
        (
            ClientMessage::Name {
                name: "Anna".into(),
            },
            Code::RenameBetweenAccounts,
        ),
    ];
    for (message, code) in asks {
        let kind = message.kind();
        met.socket(&socket.act(message).await.unwrap(), Some(kind), code);
    }
    let clock = json!({"clock": {"initial_s": 300, "increment_s": 3}});
    let c = challenge(server, ann, clock).await;
    let timed = accept(server, ben, &c.id).await.id;
    let mut socket = seated(server, ann, &timed).await;
    let hint = socket.act(ClientMessage::Hint { n: 0 }).await.unwrap();
    met.socket(&hint, Some(Kind::Hint), Code::NoHintsWithClock);
    let danger = post(
        server,
        None,
        "/api/danger",
        json!({"game": timed, "from": "d1"}),
    )
    .await;
    met.http(&danger, 403, Code::DangerWithClock);
    let delete = json!({"password": "kamisado-pass"});
    let unfinished = request(server, Some(ann), "DELETE", "/api/account", Some(delete)).await;
    let r = met.http(&unfinished, 409, Code::UnfinishedGames);
    assert!(r.reason().starts_with("you have 2 unfinished games"), "{r}");
    (untimed, timed)
}

async fn claims(server: &TestServer, met: &mut Met, people: &People, games: &(String, String)) {
    let claim = |id: &str| format!("/api/games/{id}/claim");
    let (untimed, timed) = games;
    met.http(
        &post(server, None, &claim(untimed), json!({})).await,
        401,
        Code::SignInRequired,
    );
    let carl = post(server, Some(&people.carl), &claim(untimed), json!({})).await;
    met.http(&carl, 403, Code::ClaimNotPlayer);
    let state = server.state(untimed).await;
    let to_move = match state.to_act {
        Some(kamisado_wire::SideCode::Black) => &state.names.b,
        _ => &state.names.w,
    };
    let (mover, waiter) = if *to_move == people.ann.name {
        (&people.ann, &people.ben)
    } else {
        (&people.ben, &people.ann)
    };
    met.http(
        &post(server, Some(mover), &claim(untimed), json!({})).await,
        409,
        Code::ClaimOwnTurn,
    );
    met.http(
        &post(server, Some(waiter), &claim(untimed), json!({})).await,
        409,
        Code::ClaimTooSoon,
    );
    met.http(
        &post(server, Some(waiter), &claim(timed), json!({})).await,
        403,
        Code::ClaimWithClock,
    );
    let friend = server.create(GameRequest::friend()).await.id;
    let ann = post(server, Some(&people.ann), &claim(&friend), json!({})).await;
    met.http(&ann, 403, Code::ClaimNotBetweenAccounts);
}

async fn tokens_and_bots(server: &TestServer, met: &mut Met, people: &People, game: &str) {
    let ann = &people.ann;
    let token = |body: Value| post(server, Some(ann), "/api/tokens", body);
    met.http(&token(json!({"name": ""})).await, 400, Code::TokenName);
    met.http(
        &token(json!({"name": "t", "scopes": []})).await,
        400,
        Code::TokenNoScope,
    );
    let revoke = request(server, Some(ann), "DELETE", "/api/tokens/nothing", None).await;
    met.http(&revoke, 404, Code::NoSuchToken);
    let made = token(json!({"name": "play", "scopes": ["play"]})).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let play: TokenCreated = made.json().unwrap();
    let bearer = |method: &'static str, path: &'static str, body: Option<&'static str>| {
        server.http.request_bearer(method, path, body, &play.token)
    };
    let scope = bearer("POST", "/api/challenges", Some("{}")).await.unwrap();
    met.http(&scope, 403, Code::TokenScope);
    let own = bearer("GET", "/api/tokens", None).await.unwrap();
    met.http(&own, 403, Code::TokenNoAccount);
    let bot = post(server, Some(ann), "/api/account/bot", json!({})).await;
    met.http(&bot, 409, Code::BotHasGames);
    let events = request(server, Some(ann), "GET", "/api/bot/ws", None).await;
    met.http(&events, 403, Code::NotABot);
    let botty = sign_up(server, "Botty").await;
    assert_eq!(
        post(server, Some(&botty), "/api/account/bot", json!({}))
            .await
            .status,
        200
    );
    let again = post(server, Some(&botty), "/api/account/bot", json!({})).await;
    met.http(&again, 409, Code::AlreadyBot);
    let learn = post(server, Some(&botty), "/api/analysis", json!({"text": "x"})).await;
    met.http(&learn, 403, Code::BotNoLearning);
    let own = post(
        server,
        Some(&botty),
        "/api/games",
        json!({"mode": "friend"}),
    )
    .await;
    met.http(&own, 403, Code::BotNoGames);
    let path = format!("/api/games/{game}/review");
    let review = request(server, Some(&botty), "GET", &path, None).await;
    met.http(&review, 403, Code::BotNoReview);
}

/// Carl's wrong passwords until his sign-ins wait; sign-ups from this
/// address until they wait.
async fn throttles(server: &TestServer, met: &mut Met) {
    let wrong = json!({"name": "Carl", "password": "not-his-password"});
    let mut answer = post(server, None, "/api/session", wrong.clone()).await;
    for _ in 0..10 {
        if answer.status == 429 {
            break;
        }
        met.http(&answer, 401, Code::WrongPassword);
        answer = post(server, None, "/api/session", wrong.clone()).await;
    }
    met.http(&answer, 429, Code::TooManyWrongPasswords);
    for i in 0..12 {
        let body = json!({"name": format!("Eve{i}"), "password": "kamisado-pass"});
        let answer = post(server, None, "/api/accounts", body).await;
        if answer.status == 429 {
            met.http(&answer, 429, Code::TooManySignUps);
            return;
        }
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    panic!("the sign-ups from one address never waited");
}
