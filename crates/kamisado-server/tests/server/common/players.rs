//! Signed-in players for the tests: accounts, their cookies, challenges and
//! seats opened by the session.

use kamisado_client::{Answer, GameSocket};
use kamisado_wire::Created;
use kamisado_wire::players::{ChallengeView, LobbyMessage};
use serde_json::{Value, json};

use super::{PATIENCE, TestServer};

/// A signed-in player: their name and the cookie their browser sends.
pub struct Player {
    pub name: String,
    pub cookie: String,
}

pub fn cookie_of(answer: &Answer) -> String {
    let set = answer
        .header("set-cookie")
        .unwrap_or_else(|| panic!("a cookie is set: {}", answer.body));
    set.split(';').next().unwrap().to_string()
}

pub async fn request(
    server: &TestServer,
    who: Option<&Player>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Answer {
    let body = body.map(|b| b.to_string());
    server
        .http
        .request_as(
            method,
            path,
            body.as_deref(),
            who.map(|p| p.cookie.as_str()),
        )
        .await
        .expect("an HTTP answer")
}

pub async fn sign_up(server: &TestServer, name: &str) -> Player {
    let answer = request(
        server,
        None,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": "kamisado-pass"})),
    )
    .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    Player {
        name: name.to_string(),
        cookie: cookie_of(&answer),
    }
}

pub async fn challenge(server: &TestServer, who: &Player, body: Value) -> ChallengeView {
    let answer = request(server, Some(who), "POST", "/api/challenges", Some(body)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json().unwrap()
}

pub async fn accept(server: &TestServer, who: &Player, id: &str) -> Created {
    let path = format!("/api/challenges/{id}/accept");
    let answer = request(server, Some(who), "POST", &path, None).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json().unwrap()
}

/// A player's WebSocket seated by their session alone (no key).
pub async fn seated(server: &TestServer, who: &Player, game: &str) -> GameSocket {
    let mut socket = GameSocket::connect_as(server.addr, game, PATIENCE, Some(&who.cookie))
        .await
        .unwrap();
    socket.join(None).await.unwrap();
    socket
}

/// The lobby's WebSocket, as `who` (none: a guest) sees it.
pub struct Lobby {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Lobby {
    pub async fn open(server: &TestServer, who: Option<&Player>) -> Lobby {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/lobby/ws", server.addr)
            .into_client_request()
            .unwrap();
        if let Some(who) = who {
            request
                .headers_mut()
                .insert("cookie", who.cookie.parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        Lobby { socket }
    }

    /// The next message.
    pub async fn next(&mut self) -> LobbyMessage {
        use futures_util::StreamExt;
        let message = tokio::time::timeout(PATIENCE, self.socket.next())
            .await
            .expect("a lobby message in time")
            .unwrap()
            .unwrap();
        serde_json::from_str(message.to_text().unwrap()).unwrap()
    }
}
