//! The WebSocket of a game: players send actions, everyone receives each new state.
//!
//! Messages are JSON objects with a `t` field; see the crate's README for the protocol.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc};

use crate::app::{App, GameCell};
use crate::error::ServerError;
use crate::limits::RateLimiter;
use crate::live::{Action, Seat};
use crate::store::Mode;

/// The largest frame the WebSocket accepts at all; larger ones close the connection.
pub const MAX_FRAME: usize = 16 * 1024;
/// Messages waiting for one client (hints, answers) before more are dropped.
const DIRECT_DEPTH: usize = 16;

/// A message from a client, as [`decode_client_message`] reads it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Takes a seat with its key, or watches without one.
    Join {
        /// The seat key, or none to watch.
        key: Option<String>,
    },
    /// Plays a move (`c1-c6`, `d4>d5`, `pass`) as action number `n`.
    Move {
        /// The action's number.
        n: usize,
        /// The move in notation.
        mv: String,
    },
    /// Chooses the fill side (`left`, `right`) as action number `n`.
    Fill {
        /// The action's number.
        n: usize,
        /// `left` or `right`.
        fill: String,
    },
    /// Resigns the match as action number `n`.
    Resign {
        /// The action's number.
        n: usize,
    },
    /// Takes back moves (against the engine, or on one screen).
    Undo {
        /// The action's number.
        n: usize,
    },
    /// Offers to take back one's last move (with a friend).
    Takeback {
        /// The action's number.
        n: usize,
    },
    /// Answers the opponent's takeback offer.
    TakebackReply {
        /// Whether the offer is accepted.
        accept: bool,
    },
    /// Asks the engine for the best move (against the engine, or on one screen).
    Hint {
        /// The action's number.
        n: usize,
    },
    /// Sets one's name.
    Name {
        /// The name.
        name: String,
    },
}

/// Reads one client message: at most `max_len` bytes of JSON with a known `t`.
///
/// ```
/// use kamisado_server::{ClientMessage, decode_client_message};
/// let m = decode_client_message(r#"{"t":"move","n":0,"mv":"d1-d6"}"#, 2048).unwrap();
/// assert_eq!(m, ClientMessage::Move { n: 0, mv: "d1-d6".into() });
/// assert!(decode_client_message(r#"{"t":"move"}"#, 2048).is_err());
/// ```
///
/// # Errors
/// [`ServerError::TooLarge`] for a longer message, [`ServerError::BadRequest`]
/// for anything that is not one of the messages.
pub fn decode_client_message(text: &str, max_len: usize) -> Result<ClientMessage, ServerError> {
    if text.len() > max_len {
        return Err(ServerError::TooLarge(format!(
            "message refused: {} bytes, the limit is {max_len}",
            text.len()
        )));
    }
    serde_json::from_str(text)
        .map_err(|e| ServerError::BadRequest(format!("malformed message: {e}")))
}

fn error_message(reason: &str) -> String {
    json!({ "t": "error", "reason": reason }).to_string()
}

/// Runs one client's connection until it closes.
pub async fn session(app: Arc<App>, cell: Arc<GameCell>, mut socket: WebSocket) {
    let mut states = cell.tx.subscribe();
    let (direct_tx, mut direct_rx) = mpsc::channel::<String>(DIRECT_DEPTH);
    let mut seat: Option<Seat> = None;
    let mut rate = RateLimiter::new(app.limits.messages_per_second, app.limits.message_burst);
    let first = cell.live.lock().await.view().to_string();
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        let outgoing = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => match rate.take(Instant::now()) {
                    Ok(()) => handle(&app, &cell, &mut seat, text.as_str(), &direct_tx).await,
                    Err(e) => vec![error_message(&e.to_string())],
                },
                Some(Ok(Message::Binary(_))) => match rate.take(Instant::now()) {
                    Ok(()) => vec![error_message("messages are JSON text")],
                    Err(e) => vec![error_message(&e.to_string())],
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
            },
            state = states.recv() => match state {
                Ok(state) => vec![state.to_string()],
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    vec![cell.live.lock().await.view().to_string()]
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            Some(direct) = direct_rx.recv() => vec![direct],
        };
        for text in outgoing {
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
    }
}

/// Handles one message and returns the answers for this client alone.
async fn handle(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    seat: &mut Option<Seat>,
    text: &str,
    direct: &mpsc::Sender<String>,
) -> Vec<String> {
    let message = match decode_client_message(text, app.limits.max_message) {
        Ok(m) => m,
        Err(e) => return vec![error_message(&e.to_string())],
    };
    match run(app, cell, seat, message, direct).await {
        Ok(answers) => answers,
        Err(e) => vec![error_message(&e.to_string())],
    }
}

fn parse_action(
    kind: &str,
    text: &str,
    parse: impl FnOnce(&str) -> Result<Action, String>,
) -> Result<Action, ServerError> {
    parse(text).map_err(|e| ServerError::BadRequest(format!("malformed {kind}: {e}")))
}

async fn run(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    seat: &mut Option<Seat>,
    message: ClientMessage,
    direct: &mpsc::Sender<String>,
) -> Result<Vec<String>, ServerError> {
    let acted = |a: crate::app::Acted| {
        vec![json!({ "t": "ack", "n": a.n, "duplicate": a.duplicate }).to_string()]
    };
    match message {
        ClientMessage::Join { key } => {
            let live = cell.live.lock().await;
            *seat = match key.as_deref() {
                None | Some("") => None,
                Some(key) => Some(live.seat_of(key).ok_or_else(|| {
                    ServerError::Forbidden(
                        "this seat key does not open a seat of this game: you are watching".into(),
                    )
                })?),
            };
            let welcome = json!({ "t": "welcome", "seat": seat.map(Seat::name) }).to_string();
            let mut live = live;
            app.kick_engine(cell, &mut live);
            Ok(vec![welcome, live.view().to_string()])
        }
        ClientMessage::Move { n, mv } => {
            let action = parse_action("move", &mv, |s| {
                s.parse()
                    .map(Action::Move)
                    .map_err(|e: kamisado_core::mv::ParseMoveError| e.to_string())
            })?;
            Ok(acted(app.act(cell, *seat, n, action).await?))
        }
        ClientMessage::Fill { n, fill } => {
            let action = parse_action("fill", &fill, |s| s.parse().map(Action::Fill))?;
            Ok(acted(app.act(cell, *seat, n, action).await?))
        }
        ClientMessage::Resign { n } => {
            let side = {
                let live = cell.live.lock().await;
                match *seat {
                    Some(Seat::Side(side)) => side,
                    Some(Seat::Both) => live
                        .side_to_act()
                        .ok_or_else(|| ServerError::Conflict("the match is over".into()))?,
                    None => {
                        return Err(ServerError::Forbidden("watchers cannot resign".into()));
                    }
                }
            };
            // A player may resign when it is not their turn: act as the side to act would.
            let acted_as = Some(Seat::Both).filter(|_| seat.is_some());
            Ok(acted(
                app.act(cell, acted_as, n, Action::Resign(side)).await?,
            ))
        }
        ClientMessage::Undo { n } => {
            app.undo(cell, *seat, n).await?;
            Ok(Vec::new())
        }
        ClientMessage::Takeback { n } => {
            app.offer_takeback(cell, *seat, n).await?;
            Ok(Vec::new())
        }
        ClientMessage::TakebackReply { accept } => {
            app.answer_takeback(cell, *seat, accept).await?;
            Ok(Vec::new())
        }
        ClientMessage::Name { name } => {
            app.rename(cell, *seat, &name).await?;
            Ok(Vec::new())
        }
        ClientMessage::Hint { n } => {
            hint(app, cell, *seat, n, direct.clone()).await?;
            Ok(Vec::new())
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
    let position = {
        let live = cell.live.lock().await;
        if live.row.mode == Mode::Friend {
            return Err(ServerError::BadRequest(
                "hints are given against the engine and on one screen, not in a game with a friend"
                    .into(),
            ));
        }
        let Some(seat) = seat else {
            return Err(ServerError::Forbidden(
                "watchers cannot ask for hints".into(),
            ));
        };
        if live.actions.len() != n {
            return Err(ServerError::Conflict("the game has moved on since".into()));
        }
        let current = live.current();
        let to_move = current.side_to_act();
        if current.state() != kamisado_core::MatchState::Playing
            || !to_move.is_some_and(|s| seat.plays(s))
            || live.engine_to_act()
        {
            return Err(ServerError::Conflict(
                "a hint is for the player to move".into(),
            ));
        }
        current
    };
    let ticket = app.engines.admit()?;
    let nodes = app.limits.hint_nodes;
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let answer = app
            .engines
            .run(move |brain, stop| brain.analyse(&position, nodes, stop))
            .await;
        drop(ticket);
        let text = match answer {
            Ok(moves) => match moves.first() {
                Some(best) => json!({
                    "t": "hint",
                    "n": n,
                    "mv": best.mv.to_string(),
                    "value": best.value,
                    "line": best.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
                })
                .to_string(),
                None => error_message("the engine found no move here"),
            },
            Err(e) => error_message(&e.to_string()),
        };
        let _ = direct.send(text).await;
    });
    Ok(())
}

/// The state of a game for `GET /api/games/{id}`.
pub async fn view(cell: &GameCell) -> Value {
    cell.live.lock().await.view()
}
