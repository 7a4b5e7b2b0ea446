//! A bot's event stream (`GET /api/bot/ws`, docs/bots.md): the challenges
//! addressed to it and its games as they start and end.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::StreamExt;
use kamisado_wire::bots::BotEvent;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::handshake::client::Request;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::error::{ClientError, CloseReason};

/// A WebSocket request to `url` with one header added.
pub(crate) fn ws_request(
    url: &str,
    header: Option<(&'static str, String)>,
) -> Result<Request, ClientError> {
    let mut request = url
        .into_client_request()
        .map_err(|e| ClientError::Connection(format!("the WebSocket's address: {e}")))?;
    if let Some((name, value)) = header {
        let value = value
            .parse()
            .map_err(|_| ClientError::Connection(format!("a {name} that is no header value")))?;
        request.headers_mut().insert(name, value);
    }
    Ok(request)
}

/// A bot's event stream, signed in by its API token.
pub struct BotStream {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl BotStream {
    /// Opens the stream of the bot whose API token is `token`.
    ///
    /// # Errors
    /// No connection within `patience`, or a refusal (401 for a revoked
    /// token, 403 for an account that is not a bot).
    pub async fn connect(
        addr: SocketAddr,
        token: &str,
        patience: Duration,
    ) -> Result<BotStream, ClientError> {
        let url = format!("ws://{addr}/api/bot/ws");
        let request = ws_request(&url, Some(("authorization", format!("Bearer {token}"))))?;
        let (ws, _) = tokio::time::timeout(patience, tokio_tungstenite::connect_async(request))
            .await
            .map_err(|_| ClientError::Timeout {
                what: "the bot's event stream".into(),
                waited: patience,
            })?
            .map_err(|e| ClientError::Connection(format!("opening the bot's stream: {e}")))?;
        Ok(BotStream { ws })
    }

    /// The next event, however long it takes.
    ///
    /// # Errors
    /// [`ClientError::Closed`] when the server closes the stream (it
    /// restarts, or the token was revoked), or a message that is no event.
    pub async fn next(&mut self) -> Result<BotEvent, ClientError> {
        loop {
            let message = match self.ws.next().await {
                None => return Err(ClientError::Closed(None)),
                Some(Err(e)) => return Err(ClientError::Connection(e.to_string())),
                Some(Ok(m)) => m,
            };
            match message {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str())
                        .map_err(|e| ClientError::Unreadable(format!("a bot event: {e}")));
                }
                Message::Close(frame) => {
                    return Err(ClientError::Closed(frame.map(|f| CloseReason {
                        code: f.code.into(),
                        reason: f.reason.to_string(),
                    })));
                }
                _ => {}
            }
        }
    }
}
