//! A game's WebSocket: typed messages both ways, the latest state kept.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kamisado_core::Fill;
use kamisado_server::wire::{ClientMessage, Kind, ServerMessage, StateView};
use kamisado_server::{AnyMove, Seat};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::error::{ClientError, CloseReason};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One connection to a game's WebSocket.
///
/// It keeps the latest state it received (the server sends one on
/// connecting and one after every change) and the seat its `join` took.
/// [`GameSocket::act`] sends a message and returns the answer to it: by the
/// server's contract every message gets exactly one answer, and the sender of
/// a change has the new state before the answer.
///
/// ```no_run
/// # async fn run() -> Result<(), kamisado_client::ClientError> {
/// use kamisado_client::{GameRequest, Http};
/// use kamisado_server::wire::ServerMessage;
/// let http = Http::new("127.0.0.1:8080".parse().unwrap());
/// let created = http.create(&GameRequest::local()).await?;
/// let mut both = http.join(&created.id, &created.key).await?;
/// let mv = both.state().legal[0];
/// let answer = both.play(mv).await?;
/// assert!(matches!(answer, ServerMessage::Ack { duplicate: false, .. }));
/// assert_eq!(both.state().n, 1);
/// # Ok(()) }
/// ```
pub struct GameSocket {
    ws: Ws,
    state: StateView,
    seat: Option<Seat>,
    patience: Duration,
    /// States received so far.
    states: u64,
    /// The value of `states` when the last message was sent.
    states_at_send: u64,
}

impl GameSocket {
    /// Opens the WebSocket of game `id` at `addr` and reads the state the
    /// server sends first; the client watches until it joins. Each later wait
    /// lasts at most `patience`.
    ///
    /// # Errors
    /// A connection that cannot be opened (a game that does not exist is
    /// refused with 404), or a first message that is not a state.
    pub async fn connect(
        addr: SocketAddr,
        id: &str,
        patience: Duration,
    ) -> Result<GameSocket, ClientError> {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let (mut ws, _) = tokio::time::timeout(patience, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| ClientError::Timeout {
                what: "WebSocket".into(),
                waited: patience,
            })?
            .map_err(|e| ClientError::Connection(format!("opening the WebSocket: {e}")))?;
        let first = read(&mut ws, patience).await?;
        let ServerMessage::State(state) = first else {
            return Err(ClientError::Unreadable(format!(
                "the first message is not a state: {}",
                first.to_text()
            )));
        };
        Ok(GameSocket {
            ws,
            state: *state,
            seat: None,
            patience,
            states: 1,
            states_at_send: 1,
        })
    }

    /// Sends `join` with `key` (none: watch) and returns the seat taken.
    ///
    /// # Errors
    /// [`ClientError::Refused`] with the reason when the key opens no seat
    /// (the client then watches), or the connection's errors.
    pub async fn join(&mut self, key: Option<&str>) -> Result<Option<Seat>, ClientError> {
        let answer = self
            .act(ClientMessage::Join {
                key: key.map(String::from),
            })
            .await?;
        match answer {
            ServerMessage::Welcome { seat } => Ok(seat),
            ServerMessage::Error { reason, .. } => Err(ClientError::Refused(reason)),
            other => Err(ClientError::Unreadable(format!(
                "not an answer to join: {}",
                other.to_text()
            ))),
        }
    }

    /// The latest state received.
    pub fn state(&self) -> &StateView {
        &self.state
    }

    /// The seat the last accepted `join` took (none: watching).
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// Sends a message without waiting for anything.
    ///
    /// # Errors
    /// A connection that failed.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        self.send_text(message.to_text()).await
    }

    /// Sends any text as a message (for tests of what the server refuses).
    ///
    /// # Errors
    /// A connection that failed.
    pub async fn send_text(&mut self, text: impl Into<String>) -> Result<(), ClientError> {
        self.states_at_send = self.states;
        self.ws
            .send(Message::text(text.into()))
            .await
            .map_err(|e| ClientError::Connection(format!("sending: {e}")))
    }

    /// Sends a binary message (which the server refuses: messages are text).
    ///
    /// # Errors
    /// A connection that failed.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), ClientError> {
        self.states_at_send = self.states;
        self.ws
            .send(Message::binary(bytes))
            .await
            .map_err(|e| ClientError::Connection(format!("sending: {e}")))
    }

    /// The next message, whatever it is; a state becomes the latest state,
    /// a welcome's seat the client's seat.
    ///
    /// # Errors
    /// [`ClientError::Closed`] with the server's close code and reason,
    /// [`ClientError::Timeout`] after the client's patience, or a message
    /// that is not one of the server's.
    pub async fn next(&mut self) -> Result<ServerMessage, ClientError> {
        let message = read(&mut self.ws, self.patience).await?;
        match &message {
            ServerMessage::State(state) => {
                self.state = (**state).clone();
                self.states += 1;
            }
            ServerMessage::Welcome { seat } => self.seat = *seat,
            _ => {}
        }
        Ok(message)
    }

    /// Reads messages until one that `want` accepts, and returns it.
    ///
    /// # Errors
    /// As [`GameSocket::next`].
    pub async fn until(
        &mut self,
        mut want: impl FnMut(&ServerMessage) -> bool,
    ) -> Result<ServerMessage, ClientError> {
        loop {
            let message = self.next().await?;
            if want(&message) {
                return Ok(message);
            }
        }
    }

    /// Reads messages until the latest state is one that `want` accepts
    /// (at once if it is already).
    ///
    /// # Errors
    /// As [`GameSocket::next`].
    pub async fn wait_for(
        &mut self,
        mut want: impl FnMut(&StateView) -> bool,
    ) -> Result<&StateView, ClientError> {
        while !want(&self.state) {
            self.next().await?;
        }
        Ok(&self.state)
    }

    /// Reads messages until the latest state has at least `n` actions.
    ///
    /// # Errors
    /// As [`GameSocket::next`].
    pub async fn wait_n(&mut self, n: usize) -> Result<&StateView, ClientError> {
        self.wait_for(|s| s.n >= n).await
    }

    /// Reads messages until the answer to a message of `kind` sent last, and
    /// returns it. When it acknowledges a change (not a duplicate), the
    /// client also has the state with that change: the server sends it
    /// first; if it has not, this reads on until a state comes.
    ///
    /// # Errors
    /// As [`GameSocket::next`].
    pub async fn answer(&mut self, kind: Kind) -> Result<ServerMessage, ClientError> {
        let answer = self.until(|m| m.answers(kind)).await?;
        if matches!(
            answer,
            ServerMessage::Ack {
                duplicate: false,
                ..
            }
        ) {
            while self.states == self.states_at_send {
                self.next().await?;
            }
        }
        Ok(answer)
    }

    /// Sends a message and returns the answer to it (see [`GameSocket::answer`]).
    ///
    /// # Errors
    /// As [`GameSocket::next`]. A refusal is an answer, not an error.
    pub async fn act(&mut self, message: ClientMessage) -> Result<ServerMessage, ClientError> {
        self.send(&message).await?;
        self.answer(message.kind()).await
    }

    /// Plays `mv` as the next action of the latest state.
    ///
    /// # Errors
    /// As [`GameSocket::act`].
    pub async fn play(&mut self, mv: AnyMove) -> Result<ServerMessage, ClientError> {
        let n = self.state.n;
        self.act(ClientMessage::Move { n, mv }).await
    }

    /// Chooses the fill as the next action of the latest state.
    ///
    /// # Errors
    /// As [`GameSocket::act`].
    pub async fn fill(&mut self, fill: Fill) -> Result<ServerMessage, ClientError> {
        let n = self.state.n;
        self.act(ClientMessage::Fill { n, fill }).await
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The next server message of a WebSocket, within `patience`.
async fn read(ws: &mut Ws, patience: Duration) -> Result<ServerMessage, ClientError> {
    loop {
        let message = tokio::time::timeout(patience, ws.next())
            .await
            .map_err(|_| ClientError::Timeout {
                what: "message".into(),
                waited: patience,
            })?
            .ok_or(ClientError::Closed(None))?
            .map_err(|e| ClientError::Connection(format!("reading: {e}")))?;
        match message {
            Message::Text(text) => {
                return ServerMessage::decode(text.as_str())
                    .map_err(|e| ClientError::Unreadable(format!("{e}: {}", text.as_str())));
            }
            Message::Close(frame) => {
                return Err(ClientError::Closed(frame.map(|f| CloseReason {
                    code: f.code.into(),
                    reason: f.reason.to_string(),
                })));
            }
            Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
        }
    }
}
