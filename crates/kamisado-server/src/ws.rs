//! The WebSocket of a game: players send actions, everyone receives each new state.
//!
//! Messages are JSON objects with a `t` field; see the crate's README for the protocol.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use tokio::sync::{broadcast, mpsc};

use crate::app::{App, GameCell};
use crate::engine::value_view;
use crate::error::ServerError;
use crate::limits::RateLimiter;
use crate::live::{Action, Seat};
use crate::wire::{ClientMessage, HintView, Kind, ServerMessage, StateView};

/// The largest frame the WebSocket reads; a larger one closes the connection
/// with close code 1009 and the reason.
pub const MAX_FRAME: usize = 16 * 1024;
/// The largest frame the socket layer takes in before it gives up on the
/// connection without a word; between [`MAX_FRAME`] and this, the server
/// closes it itself with a code and a reason.
pub const MAX_READ: usize = 4 * MAX_FRAME;
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

/// Runs one client's connection until it closes.
pub async fn session(app: Arc<App>, cell: Arc<GameCell>, mut socket: WebSocket) {
    let mut states = cell.tx.subscribe();
    let (direct_tx, mut direct_rx) = mpsc::channel::<String>(DIRECT_DEPTH);
    let mut seat: Option<Seat> = None;
    let mut rate = RateLimiter::new(app.limits.messages_per_second, app.limits.message_burst);
    let first = cell.state_text().await;
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        let mut outgoing: Vec<String> = Vec::new();
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if text.len() > MAX_FRAME {
                        let reason = format!(
                            "a message of {} bytes closes the connection: the limit is {MAX_FRAME}",
                            text.len()
                        );
                        close(&mut socket, close_code::SIZE, reason).await;
                        return;
                    }
                    let answer = match rate.take(Instant::now()) {
                        Ok(()) => handle(&app, &cell, &mut seat, text.as_str(), &direct_tx).await,
                        Err(e) => Some(refuse(&app, claimed_kind(text.as_str()), e)),
                    };
                    // The sender sees the state its action made before the answer to it.
                    while let Ok(state) = states.try_recv() {
                        outgoing.push(state.to_string());
                    }
                    outgoing.extend(answer.map(|a| a.to_text()));
                }
                Some(Ok(Message::Binary(_))) => {
                    let refusal = match rate.take(Instant::now()) {
                        Ok(()) => ServerError::BadRequest("messages are JSON text, not binary".into()),
                        Err(e) => e,
                    };
                    outgoing.push(refuse(&app, None, refusal).to_text());
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Err(e)) => {
                    let reason = format!("the limit for a message is {MAX_FRAME} bytes: {e}");
                    close(&mut socket, close_code::SIZE, reason).await;
                    return;
                }
                Some(Ok(Message::Close(_))) | None => return,
            },
            state = states.recv() => match state {
                Ok(state) => outgoing.push(state.to_string()),
                Err(broadcast::error::RecvError::Lagged(_)) => outgoing.push(cell.state_text().await),
                Err(broadcast::error::RecvError::Closed) => return,
            },
            Some(direct) = direct_rx.recv() => outgoing.push(direct),
        }
        for text in outgoing {
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
    }
}

/// Handles one message and gives the answer to it, or none when the answer
/// comes later (a hint, through `direct`).
async fn handle(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    seat: &mut Option<Seat>,
    text: &str,
    direct: &mpsc::Sender<String>,
) -> Option<ServerMessage> {
    let message = match ClientMessage::decode(text, app.limits.max_message) {
        Ok(m) => m,
        Err(e) => return Some(refuse(app, e.of, e.error)),
    };
    let kind = message.kind();
    match run(app, cell, seat, message, direct).await {
        Ok(answer) => answer,
        Err(e) => Some(refuse(app, Some(kind), e)),
    }
}

/// The answer to a refused message, counted and logged (its reason only:
/// a message's text, which may hold a seat key, is never logged).
fn refuse(app: &App, of: Option<Kind>, error: ServerError) -> ServerMessage {
    app.count_refusal();
    tracing::debug!(message = of.map_or("unreadable", Kind::name), reason = %error, "refused");
    ServerMessage::error(of, error)
}

async fn run(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    seat: &mut Option<Seat>,
    message: ClientMessage,
    direct: &mpsc::Sender<String>,
) -> Result<Option<ServerMessage>, ServerError> {
    let kind = message.kind();
    let n = message.number();
    let done = |duplicate: bool| Ok(Some(ServerMessage::ack(kind, n, duplicate)));
    match message {
        ClientMessage::Join { key } => {
            *seat = app.join(cell, key.as_deref()).await?;
            Ok(Some(ServerMessage::Welcome { seat: *seat }))
        }
        ClientMessage::Move { n, mv } => {
            done(app.act(cell, *seat, n, Action::Move(mv)).await?.duplicate)
        }
        ClientMessage::Fill { n, fill } => {
            done(app.act(cell, *seat, n, Action::Fill(fill)).await?.duplicate)
        }
        ClientMessage::Resign { n } => {
            let side = app.resigning_side(cell, *seat).await?;
            done(
                app.act(cell, *seat, n, Action::Resign(side))
                    .await?
                    .duplicate,
            )
        }
        ClientMessage::Undo { n } => {
            app.undo(cell, *seat, n).await?;
            done(false)
        }
        ClientMessage::Takeback { n } => {
            app.offer_takeback(cell, *seat, n).await?;
            done(false)
        }
        ClientMessage::TakebackReply { accept } => {
            app.answer_takeback(cell, *seat, accept).await?;
            done(false)
        }
        ClientMessage::Name { name } => {
            app.rename(cell, *seat, &name).await?;
            done(false)
        }
        ClientMessage::Hint { n } => {
            hint(app, cell, *seat, n, direct.clone()).await?;
            Ok(None)
        }
    }
}

/// Starts the engine's analysis for the player to move; the answer comes as a `hint` message.
async fn hint(
    app: &Arc<App>,
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
                None => ServerMessage::error(Some(Kind::Hint), "the engine found no move here"),
            },
            Err(e) => ServerMessage::error(Some(Kind::Hint), e),
        };
        let _ = direct.send(message.to_text()).await;
    });
    Ok(())
}

/// The state of a game for `GET /api/games/{id}`.
pub async fn view(cell: &GameCell) -> StateView {
    cell.room.lock().await.view()
}
