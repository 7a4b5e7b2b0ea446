//! A game's WebSocket: typed messages both ways, the latest state kept
//! (patches applied to it).

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kamisado_core::Fill;
use kamisado_core::any::AnyMove;
use kamisado_wire::Seat;
use kamisado_wire::{ClientMessage, Kind, Refusal, ServerMessage, StateView};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::error::{ClientError, CloseReason};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One connection to a game's WebSocket.
///
/// It keeps the latest state it received (the server sends one on
/// connecting and a patch after every change) and the seat its `join` took.
/// Patches are applied as they come and handed on as the whole state they
/// make (a [`ServerMessage::State`]); when one does not apply to the state
/// the client has (a patch was missed), the client asks for the whole state
/// with `sync` and hands on that. [`GameSocket::act`] sends a message and
/// returns the answer to it: by the server's contract every message gets
/// exactly one answer, and the sender of a change has the new state before
/// the answer.
///
/// ```no_run
/// # async fn run() -> Result<(), kamisado_client::ClientError> {
/// use kamisado_client::{GameRequest, Http};
/// use kamisado_wire::ServerMessage;
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
    /// States received so far, whole or as patches.
    states: u64,
    /// The value of `states` when the last message was sent.
    states_at_send: u64,
    /// `sync` messages the client sent itself whose `ack` has not come.
    own_syncs: u32,
    /// Messages read while waiting for the whole state, to hand on after it.
    held: VecDeque<ServerMessage>,
    /// What was received so far.
    traffic: Traffic,
}

/// What a [`GameSocket`] has received: messages and their bytes, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Whole states (on connecting and after a missed patch).
    pub states: u64,
    /// Their bytes.
    pub state_bytes: u64,
    /// Patches.
    pub patches: u64,
    /// Their bytes.
    pub patch_bytes: u64,
    /// Every other message (answers).
    pub others: u64,
    /// Their bytes.
    pub other_bytes: u64,
    /// Times a patch was missed and the client asked for the whole state.
    pub resyncs: u64,
}

impl Traffic {
    /// Counts a message of `bytes` bytes.
    fn count(&mut self, message: &ServerMessage, bytes: usize) {
        let bytes = bytes as u64;
        let (count, total) = match message {
            ServerMessage::State(_) => (&mut self.states, &mut self.state_bytes),
            ServerMessage::Patch(_) => (&mut self.patches, &mut self.patch_bytes),
            _ => (&mut self.others, &mut self.other_bytes),
        };
        *count += 1;
        *total += bytes;
    }

    /// Every byte received.
    pub fn bytes(&self) -> u64 {
        self.state_bytes + self.patch_bytes + self.other_bytes
    }
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
        GameSocket::connect_as(addr, id, patience, None).await
    }

    /// As [`GameSocket::connect`], with a `Cookie` header: a signed-in
    /// player's session, whose seats open with `join` and no key.
    ///
    /// # Errors
    /// As [`GameSocket::connect`].
    pub async fn connect_as(
        addr: SocketAddr,
        id: &str,
        patience: Duration,
        cookie: Option<&str>,
    ) -> Result<GameSocket, ClientError> {
        GameSocket::connect_with(
            addr,
            id,
            patience,
            cookie.map(|c| ("cookie", c.to_string())),
        )
        .await
    }

    /// As [`GameSocket::connect`], signed in by an API token
    /// (`Authorization: Bearer TOKEN`): a bot's seats open with `join` and
    /// no key.
    ///
    /// # Errors
    /// As [`GameSocket::connect`]; a revoked token is refused with 401.
    pub async fn connect_bearer(
        addr: SocketAddr,
        id: &str,
        patience: Duration,
        token: &str,
    ) -> Result<GameSocket, ClientError> {
        let header = ("authorization", format!("Bearer {token}"));
        GameSocket::connect_with(addr, id, patience, Some(header)).await
    }

    async fn connect_with(
        addr: SocketAddr,
        id: &str,
        patience: Duration,
        header: Option<(&'static str, String)>,
    ) -> Result<GameSocket, ClientError> {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let request = crate::bot::ws_request(&url, header)?;
        // The server's messages are a few KiB: a small read buffer is not
        // zeroed anew at 128 KiB for every read.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let connect = tokio_tungstenite::connect_async_with_config(request, Some(config), false);
        let (mut ws, _) = tokio::time::timeout(patience, connect)
            .await
            .map_err(|_| ClientError::Timeout {
                what: "WebSocket".into(),
                waited: patience,
            })?
            .map_err(|e| ClientError::Connection(format!("opening the WebSocket: {e}")))?;
        let (first, bytes) = read(&mut ws, patience).await?;
        let mut traffic = Traffic::default();
        traffic.count(&first, bytes);
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
            own_syncs: 0,
            held: VecDeque::new(),
            traffic,
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
            ServerMessage::Welcome { seat, .. } => Ok(seat),
            ServerMessage::Error { code, params, .. } => {
                Err(ClientError::Refused(Refusal { code, params }))
            }
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

    /// What the client has received so far.
    pub fn traffic(&self) -> Traffic {
        self.traffic
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
        self.send_raw(text.into()).await
    }

    /// Sends text without marking it as the message whose answer is awaited.
    async fn send_raw(&mut self, text: String) -> Result<(), ClientError> {
        self.ws
            .send(Message::text(text))
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
    /// a patch is applied to it and handed on as the state it makes, a
    /// welcome's seat becomes the client's seat. After a missed patch the
    /// client asks for the whole state (`sync`) and hands on that; the answer
    /// to its own `sync` is not handed on.
    ///
    /// # Errors
    /// [`ClientError::Closed`] with the server's close code and reason,
    /// [`ClientError::Timeout`] after the client's patience, a message
    /// that is not one of the server's, or [`ClientError::Refused`] when the
    /// server refuses the client's `sync`.
    pub async fn next(&mut self) -> Result<ServerMessage, ClientError> {
        match self.advance().await? {
            Some(message) => Ok(message),
            None => Ok(ServerMessage::State(Box::new(self.state.clone()))),
        }
    }

    /// Reads the next message as [`GameSocket::next`] does, but hands on
    /// none for a state or a patch, which the latest state now holds (no copy
    /// of it is made).
    async fn advance(&mut self) -> Result<Option<ServerMessage>, ClientError> {
        if let Some(message) = self.held.pop_front() {
            return Ok(self.take(message));
        }
        loop {
            let message = self.read().await?;
            match message {
                ServerMessage::Patch(patch) => {
                    if patch.seq <= self.state.seq {
                        // Already in the state (it came whole after a sync).
                        continue;
                    }
                    if patch.apply(&mut self.state).is_ok() {
                        self.states += 1;
                        return Ok(None);
                    }
                    return self.resync().await;
                }
                ServerMessage::Ack { of: Kind::Sync, .. } if self.own_syncs > 0 => {
                    self.own_syncs -= 1;
                }
                other => return Ok(self.take(other)),
            }
        }
    }

    /// Reads the next message, counted.
    async fn read(&mut self) -> Result<ServerMessage, ClientError> {
        let (message, bytes) = read(&mut self.ws, self.patience).await?;
        self.traffic.count(&message, bytes);
        Ok(message)
    }

    /// Keeps what a message that is not a patch tells: a state (kept as the
    /// latest, and not handed on), a seat.
    fn take(&mut self, message: ServerMessage) -> Option<ServerMessage> {
        match message {
            ServerMessage::State(state) => {
                self.state = *state;
                self.states += 1;
                return None;
            }
            ServerMessage::Welcome { seat, .. } => self.seat = seat,
            _ => {}
        }
        Some(message)
    }

    /// Asks for the whole state and returns it; patches before it are in
    /// it, other messages are held to be handed on after it.
    async fn resync(&mut self) -> Result<Option<ServerMessage>, ClientError> {
        self.traffic.resyncs += 1;
        self.own_syncs += 1;
        self.send_raw(ClientMessage::Sync.to_text()).await?;
        loop {
            match self.read().await? {
                state @ ServerMessage::State(_) => return Ok(self.take(state)),
                ServerMessage::Patch(_) => {}
                // The answer to an earlier sync of the client's own.
                ServerMessage::Ack { of: Kind::Sync, .. } if self.own_syncs > 1 => {
                    self.own_syncs -= 1;
                }
                ServerMessage::Error {
                    of: Some(Kind::Sync),
                    code,
                    params,
                    ..
                } if self.own_syncs > 0 => {
                    self.own_syncs -= 1;
                    return Err(ClientError::Refused(Refusal { code, params }));
                }
                other => self.held.push_back(other),
            }
        }
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
            self.advance().await?;
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
        let answer = loop {
            if let Some(message) = self.advance().await? {
                if message.answers(kind) {
                    break message;
                }
            }
        };
        if matches!(
            answer,
            ServerMessage::Ack {
                duplicate: false,
                ..
            }
        ) {
            while self.states == self.states_at_send {
                self.advance().await?;
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

/// The next server message of a WebSocket, within `patience`, with its
/// length in bytes.
async fn read(ws: &mut Ws, patience: Duration) -> Result<(ServerMessage, usize), ClientError> {
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
                    .map(|message| (message, text.len()))
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
