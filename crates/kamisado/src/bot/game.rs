//! One game of the bridge: its WebSocket, signed in by the bot's token,
//! and its engine asked for each move and fill on the bot's turn; the
//! connection opened again when it drops, until the game is over.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use kamisado_client::{ClientError, GameSocket};
use kamisado_core::Fill;
use kamisado_core::any::AnyMove;
use kamisado_wire::{ClientMessage, ServerMessage, SideCode, StateView, Status};

use super::engine::Engine;
use super::{Backoff, log, now_ms};

/// How long a read waits before the bridge looks again (nothing is lost:
/// it reads on).
const READ_PATIENCE: Duration = Duration::from_secs(30);
/// Refused actions in a row before the bridge gives the game up.
const MAX_REFUSALS: u32 = 3;
/// The close code of a connection whose token was revoked (policy).
const POLICY: u16 = 1008;

/// What the bridge needs to play one game.
#[derive(Clone)]
pub struct Job {
    /// The server.
    pub addr: SocketAddr,
    /// The bot's token (never logged).
    pub token: Arc<String>,
    /// The engine's command line.
    pub engine: Arc<String>,
    /// The game's id.
    pub game: String,
    /// The bot's colour.
    pub colour: SideCode,
}

/// Why a connection to a game ended before the game did.
enum Stop {
    /// The connection dropped: open it again.
    Lost(String),
    /// The bridge cannot play this game on.
    Fatal(String),
}

fn stop_of(e: ClientError) -> Stop {
    match e {
        ClientError::Closed(Some(c)) if c.code == POLICY => Stop::Fatal(c.reason),
        ClientError::Connection(m) if m.contains("401") || m.contains("403") => {
            Stop::Fatal(format!("the server refused the token: {m}"))
        }
        ClientError::Refused(r) => Stop::Fatal(r.reason()),
        other => Stop::Lost(other.to_string()),
    }
}

/// Plays a game to its end with an engine of its own: the final state.
///
/// # Errors
/// An engine that fails, or a game the bot may not play (its token revoked).
pub async fn play(job: Job) -> Result<StateView, String> {
    let mut engine = Engine::start(&job.engine).await?;
    let mut set_up = false;
    let mut backoff = Backoff::new();
    let result = loop {
        match connected(&job, &mut engine, &mut set_up, &mut backoff).await {
            Ok(state) => break Ok(state),
            Err(Stop::Fatal(e)) => break Err(e),
            Err(Stop::Lost(e)) => {
                log(&format!(
                    "game {}: connection lost ({e}): reconnecting",
                    job.game
                ));
                backoff.wait().await;
            }
        }
    };
    engine.quit().await;
    result
}

/// Plays on one connection until the game is over or the connection ends.
async fn connected(
    job: &Job,
    engine: &mut Engine,
    set_up: &mut bool,
    backoff: &mut Backoff,
) -> Result<StateView, Stop> {
    let mut socket = GameSocket::connect_bearer(job.addr, &job.game, READ_PATIENCE, &job.token)
        .await
        .map_err(stop_of)?;
    socket.join(None).await.map_err(stop_of)?;
    backoff.reset();
    if !*set_up {
        engine.set_up(socket.state()).await.map_err(Stop::Fatal)?;
        *set_up = true;
    }
    let mut refusals = 0;
    loop {
        let state = socket.state().clone();
        if state.status == Status::Over {
            return Ok(state);
        }
        if state.to_act == Some(job.colour) {
            let answer = act(&mut socket, engine, &state).await?;
            if let ServerMessage::Error { reason, .. } = answer {
                refusals += 1;
                log(&format!("game {}: refused: {reason}", job.game));
                if refusals >= MAX_REFUSALS {
                    return Err(Stop::Fatal(format!(
                        "the server refused the bot's actions: {reason}"
                    )));
                }
                socket.act(ClientMessage::Sync).await.map_err(stop_of)?;
            } else {
                refusals = 0;
            }
            continue;
        }
        match socket.next().await {
            Ok(_) | Err(ClientError::Timeout { .. }) => {}
            Err(e) => return Err(stop_of(e)),
        }
    }
}

/// The engine's move or fill, sent: the server's answer.
async fn act(
    socket: &mut GameSocket,
    engine: &mut Engine,
    state: &StateView,
) -> Result<ServerMessage, Stop> {
    if state.status == Status::Fill {
        let fill = engine
            .best_fill(state, now_ms())
            .await
            .map_err(Stop::Fatal)?;
        let fill: Fill = fill
            .parse()
            .map_err(|e| Stop::Fatal(format!("the engine's fill `{fill}`: {e}")))?;
        return socket.fill(fill).await.map_err(stop_of);
    }
    let mv = engine
        .best_move(state, now_ms())
        .await
        .map_err(Stop::Fatal)?;
    let mv: AnyMove = mv
        .parse()
        .map_err(|e| Stop::Fatal(format!("the engine's move `{mv}`: {e}")))?;
    socket.play(mv).await.map_err(stop_of)
}
