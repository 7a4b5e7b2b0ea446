//! The WebSocket of a game: players send actions, everyone receives each
//! change, as a patch to the state it has.
//!
//! Messages are JSON objects with a `t` field; see the crate's README for the protocol.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::SinkExt;
use tokio::sync::{broadcast, mpsc};

use kamisado_wire::Seat;

use super::hub::{GameCell, Games, Published};
use super::live::Action;
use crate::db::now_ms;
use crate::engine::value_view;
use crate::error::ServerError;
use crate::limits::RateLimiter;
use kamisado_wire::Refusal;
use kamisado_wire::{ClientMessage, HintView, Kind, ServerMessage};

/// The largest frame the WebSocket reads; a larger one closes the connection
/// with close code 1009 and the reason.
pub const MAX_FRAME: usize = 16 * 1024;
/// The largest frame the socket layer takes in before it gives up on the
/// connection without a word; between [`MAX_FRAME`] and this, the server
/// closes it itself with a code and a reason.
pub const MAX_READ: usize = 4 * MAX_FRAME;
/// The bytes read from a connection at a time (a longer frame takes
/// several reads): a client's messages are small, a move about 60 bytes,
/// and the socket layer zeroes this much of its buffer before each read.
pub const READ_BUFFER: usize = 1024;
/// Messages waiting for one client (hints, answers) before more are dropped.
const DIRECT_DEPTH: usize = 16;

/// The kind a message claims in its `t`, read without reading the rest (to
/// address a refusal of a message that was not read, such as one over the rate).
fn claimed_kind(text: &str) -> Option<Kind> {
    #[derive(serde::Deserialize)]
    struct Claim {
        t: String,
    }
    serde_json::from_str::<Claim>(text)
        .ok()
        .and_then(|c| Kind::named(&c.t))
}

/// The close code and reason for a frame the socket layer could not read
/// (its error's words): 1009 for a message over the limit, 1007 for text
/// that is not UTF-8, 1002 for anything else that breaks the protocol.
fn close_for(error: &str) -> (u16, String) {
    if error.contains("Space limit exceeded") || error.contains("too long") {
        let reason = format!("the limit for a message is {MAX_FRAME} bytes: {error}");
        (close_code::SIZE, reason)
    } else if error.contains("UTF-8") {
        let reason = "a text message must be UTF-8: this one is not".to_string();
        (close_code::INVALID, reason)
    } else {
        let reason = format!("the WebSocket protocol was broken: {error}");
        (close_code::PROTOCOL, reason)
    }
}

/// The reason every connection is closed with when the server stops.
pub const RESTARTING: &str = "the server is restarting";

/// The longest reason a close frame carries, in bytes (RFC 6455, 5.5).
const MAX_CLOSE_REASON: usize = 123;

/// Closes the connection with a code and a reason a person can read, cut
/// to what a close frame holds.
async fn close(socket: &mut WebSocket, code: u16, mut reason: String) {
    if reason.len() > MAX_CLOSE_REASON {
        let mut end = MAX_CLOSE_REASON;
        while !reason.is_char_boundary(end) {
            end -= 1;
        }
        reason.truncate(end);
    }
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// What is to be sent to one client, and the number of the last state it
/// was sent: each published state goes as a patch to the one before it when
/// the client has that one (as told to its seat), whole otherwise.
#[derive(Debug, Default)]
struct Outbox {
    /// The `seq` of the last state sent, whole or as a patch.
    seq: u64,
    /// The seat the last state was told to: a client whose seat changed is
    /// sent the next state whole.
    seat: Option<Seat>,
    /// The messages' texts, in order.
    texts: Vec<Utf8Bytes>,
}

impl Outbox {
    /// A state published, for a client in `seat`: nothing when the client
    /// has it or a later one, the patch when the client has the state before
    /// it, else the whole state.
    fn state(&mut self, published: &Published, seat: Option<Seat>) {
        if published.seq <= self.seq {
            return;
        }
        let patch = (published.seq == self.seq + 1 && seat == self.seat)
            .then(|| published.patch_text(seat))
            .flatten();
        self.texts
            .push(patch.unwrap_or_else(|| published.state_text(seat)));
        self.seq = published.seq;
        self.seat = seat;
    }

    /// A state sent whole, whatever the client has.
    fn whole(&mut self, published: &Published, seat: Option<Seat>) {
        self.texts.push(published.state_text(seat));
        self.seq = published.seq;
        self.seat = seat;
    }

    /// Any other message.
    fn push(&mut self, text: String) {
        self.texts.push(text.into());
    }
}

/// Who is at the other end of a connection: the seat taken, and the
/// account signed in on the browser, whose seats open without a key.
#[derive(Debug, Default)]
struct Client {
    seat: Option<Seat>,
    account: Option<String>,
}

/// What becomes of a connection after a frame.
enum Flow {
    /// It goes on.
    Open,
    /// It is closed with this code and reason.
    Close(u16, String),
    /// The client is gone.
    Gone,
}

/// One client's connection: its seat, its allowance of messages, what is
/// to be sent to it, and where a hint's late answer comes.
struct Connection {
    games: Arc<Games>,
    cell: Arc<GameCell>,
    client: Client,
    rate: RateLimiter,
    outbox: Outbox,
    states: broadcast::Receiver<Arc<Published>>,
    direct: mpsc::Sender<String>,
}

impl Connection {
    /// Handles one frame from the client.
    async fn incoming(&mut self, frame: Option<Result<Message, axum::Error>>) -> Flow {
        match frame {
            Some(Ok(Message::Text(text))) if text.len() > MAX_FRAME => Flow::Close(
                close_code::SIZE,
                format!(
                    "a message of {} bytes closes the connection: the limit is {MAX_FRAME}",
                    text.len()
                ),
            ),
            Some(Ok(Message::Text(text))) => {
                self.text(text.as_str()).await;
                Flow::Open
            }
            Some(Ok(Message::Binary(_))) => {
                let refusal = match self.rate.take(Instant::now()) {
                    Ok(()) => ServerError::BadRequest(Refusal::binary_message()),
                    Err(e) => e.into(),
                };
                let refused = refuse(&self.games, None, refusal).to_text();
                self.outbox.push(refused);
                Flow::Open
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => Flow::Open,
            Some(Err(e)) => {
                let (code, reason) = close_for(&e.to_string());
                Flow::Close(code, reason)
            }
            Some(Ok(Message::Close(_))) | None => Flow::Gone,
        }
    }

    /// Handles one text message; the sender sees the state its action made
    /// before the answer to it.
    async fn text(&mut self, text: &str) {
        let answer = match self.rate.take(Instant::now()) {
            Ok(()) => {
                let (games, cell) = (&self.games, &self.cell);
                handle(
                    games,
                    cell,
                    &mut self.client,
                    &mut self.outbox,
                    text,
                    &self.direct,
                )
                .await
            }
            Err(e) => Some(refuse(&self.games, claimed_kind(text), e.into())),
        };
        loop {
            match self.states.try_recv() {
                Ok(state) => self.outbox.state(&state, self.client.seat),
                Err(broadcast::error::TryRecvError::Lagged(_)) => {
                    let seat = self.client.seat;
                    self.outbox.whole(&*self.cell.published().await, seat);
                }
                Err(_) => break,
            }
        }
        if let Some(answer) = answer {
            self.outbox.push(answer.to_text());
        }
    }

    /// A state published, or the news that some were missed (the latest goes whole).
    async fn published(
        &mut self,
        state: Result<Arc<Published>, broadcast::error::RecvError>,
    ) -> Flow {
        match state {
            Ok(state) => self.outbox.state(&state, self.client.seat),
            Err(broadcast::error::RecvError::Lagged(_)) => {
                let seat = self.client.seat;
                self.outbox.whole(&*self.cell.published().await, seat);
            }
            Err(broadcast::error::RecvError::Closed) => return Flow::Gone,
        }
        Flow::Open
    }
}

/// The reason a connection opened by an API token closes when the token
/// is revoked.
pub const REVOKED: &str = "the API token of this connection was revoked";

/// Runs one client's connection until it closes; `account` is the one its
/// session cookie or API token signs in, if any, and `token` that token's
/// id: the connection closes when it is revoked.
pub async fn session(
    games: Arc<Games>,
    cell: Arc<GameCell>,
    mut socket: WebSocket,
    account: Option<String>,
    token: Option<String>,
) {
    let mut revocations = games.revocations();
    let (direct, mut direct_rx) = mpsc::channel::<String>(DIRECT_DEPTH);
    let rate = RateLimiter::new(games.limits.messages_per_second, games.limits.message_burst);
    let mut outbox = Outbox::default();
    outbox.whole(&*cell.published().await, None);
    let mut connection = Connection {
        states: cell.tx.subscribe(),
        games,
        cell,
        client: Client {
            seat: None,
            account,
        },
        rate,
        outbox,
        direct,
    };
    let mut stopped = connection.games.stopped();
    let _open = (
        crate::metrics::metrics().websocket(),
        connection.games.session(),
    );
    loop {
        // Written together: one flush for a state and the answer after it.
        let texts = std::mem::take(&mut connection.outbox.texts);
        if !send_all(&mut socket, texts).await {
            return;
        }
        let flow = tokio::select! {
            incoming = socket.recv() => connection.incoming(incoming).await,
            state = connection.states.recv() => connection.published(state).await,
            Some(direct) = direct_rx.recv() => {
                connection.outbox.push(direct);
                Flow::Open
            }
            _ = stopped.changed() => {
                Flow::Close(close_code::AWAY, RESTARTING.into())
            }
            revoked = revocations.recv(), if token.is_some() => revoked_flow(revoked, &token),
        };
        match flow {
            Flow::Open => {}
            Flow::Close(code, reason) => return close(&mut socket, code, reason).await,
            Flow::Gone => return,
        }
    }
}

/// Writes `texts` and flushes them; false once the client is gone.
async fn send_all(socket: &mut WebSocket, texts: Vec<Utf8Bytes>) -> bool {
    if texts.is_empty() {
        return true;
    }
    for text in texts {
        if socket.feed(Message::Text(text)).await.is_err() {
            return false;
        }
    }
    socket.flush().await.is_ok()
}

/// What a revocation heard does to a connection opened by `token`: it
/// closes when it is that token's.
fn revoked_flow(
    revoked: Result<String, broadcast::error::RecvError>,
    token: &Option<String>,
) -> Flow {
    match revoked {
        Ok(id) if Some(&id) == token.as_ref() => Flow::Close(close_code::POLICY, REVOKED.into()),
        _ => Flow::Open,
    }
}

/// Handles one message and gives the answer to it, or none when the answer
/// comes later (a hint, through `direct`); a `sync` puts the state in `outbox`.
async fn handle(
    app: &Arc<Games>,
    cell: &Arc<GameCell>,
    client: &mut Client,
    outbox: &mut Outbox,
    text: &str,
    direct: &mpsc::Sender<String>,
) -> Option<ServerMessage> {
    let message = match ClientMessage::decode(text, app.limits.max_message) {
        Ok(m) => m,
        Err(e) => return Some(refuse(app, e.of, e.error.into())),
    };
    let kind = message.kind();
    match run(app, cell, client, outbox, message, direct).await {
        Ok(answer) => answer,
        Err(e) => Some(refuse(app, Some(kind), e)),
    }
}

/// The answer to a refused message, counted and logged (its reason only:
/// a message's text, which may hold a seat key, is never logged); a
/// failure's details go to the log, and the client is told `internal`.
fn refuse(app: &Games, of: Option<Kind>, error: ServerError) -> ServerMessage {
    app.count_refusal(error.status().as_u16());
    if error.code().is_none() {
        tracing::error!("{error}");
    }
    tracing::debug!(message = of.map_or("unreadable", Kind::name), reason = %error, "refused");
    ServerMessage::error(of, error.refusal())
}

async fn run(
    app: &Arc<Games>,
    cell: &Arc<GameCell>,
    client: &mut Client,
    outbox: &mut Outbox,
    message: ClientMessage,
    direct: &mpsc::Sender<String>,
) -> Result<Option<ServerMessage>, ServerError> {
    let kind = message.kind();
    let n = message.number();
    let seat = client.seat;
    let done = |duplicate: bool| Ok(Some(ServerMessage::ack(kind, n, duplicate)));
    match message {
        ClientMessage::Join { key } => join(app, cell, client, outbox, key.as_deref()).await,
        ClientMessage::Move { n, mv } => {
            done(app.act(cell, seat, n, Action::Move(mv)).await?.duplicate)
        }
        ClientMessage::Fill { n, fill } => {
            done(app.act(cell, seat, n, Action::Fill(fill)).await?.duplicate)
        }
        ClientMessage::Resign { n } => {
            let side = app.resigning_side(cell, seat).await?;
            done(
                app.act(cell, seat, n, Action::Resign(side))
                    .await?
                    .duplicate,
            )
        }
        ClientMessage::Undo { n } => {
            app.undo(cell, seat, n).await?;
            done(false)
        }
        ClientMessage::Takeback { n } => {
            app.offer_takeback(cell, seat, n).await?;
            done(false)
        }
        ClientMessage::TakebackReply { accept } => {
            app.answer_takeback(cell, seat, accept).await?;
            done(false)
        }
        ClientMessage::Name { name } => {
            app.rename(cell, seat, &name).await?;
            done(false)
        }
        ClientMessage::Rematch { accept } => {
            app.rematch(cell, seat, accept).await?;
            done(false)
        }
        ClientMessage::Hint { n } => {
            hint(app, cell, seat, n, direct.clone()).await?;
            Ok(None)
        }
        ClientMessage::Sync => {
            outbox.whole(&*cell.published().await, seat);
            done(false)
        }
    }
}

/// Takes the seat a key (or the signed-in account) opens: the `welcome`.
/// A connection whose seat changed is sent the state whole as its seat is
/// told it (its legal moves and rights), before the welcome.
async fn join(
    games: &Arc<Games>,
    cell: &Arc<GameCell>,
    client: &mut Client,
    outbox: &mut Outbox,
    key: Option<&str>,
) -> Result<Option<ServerMessage>, ServerError> {
    client.seat = games.join(cell, key, client.account.as_deref()).await?;
    if client.seat != outbox.seat {
        outbox.whole(&*cell.published().await, client.seat);
    }
    Ok(Some(ServerMessage::Welcome {
        seat: client.seat,
        now_ms: now_ms(),
    }))
}

/// Starts the engine's analysis for the player to move; the answer comes as a `hint` message.
async fn hint(
    app: &Arc<Games>,
    cell: &Arc<GameCell>,
    seat: Option<Seat>,
    n: usize,
    direct: mpsc::Sender<String>,
) -> Result<(), ServerError> {
    let position = app.hint_position(cell, seat, n).await?;
    let ticket = app.engines.admit()?;
    let nodes = app.limits.assess_nodes;
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let answer = app
            .engines
            .run(move |brain, stop| brain.assess(&position, nodes, stop))
            .await;
        drop(ticket);
        let message = match answer {
            Ok(assessment) => match assessment.best() {
                Some(best) => ServerMessage::Hint(HintView {
                    n,
                    mv: best.mv,
                    value: value_view(assessment.side, best.value),
                    line: best.line.clone(),
                }),
                None => ServerMessage::error(Some(Kind::Hint), Refusal::engine_no_move()),
            },
            Err(e) => ServerMessage::error(Some(Kind::Hint), e.refusal()),
        };
        let _ = direct.send(message.to_text()).await;
    });
    Ok(())
}
