//! The lobby: what changes in the open challenges, told to every lobby
//! WebSocket of every process (on PostgreSQL through `NOTIFY` on
//! [`LOBBY_CHANNEL`]; on SQLite this process is the only one).

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use kamisado_wire::players::LobbyMessage;
use tokio::sync::broadcast;

use super::Players;
use crate::db::{Db, Notice};
use crate::error::ServerError;
use crate::games::socket::RESTARTING;

/// The PostgreSQL channel on which a change to the open challenges is told.
pub const LOBBY_CHANNEL: &str = "kamisado_lobby";

/// How many lobby events a slow lobby connection may fall behind before it
/// is sent the list as it stands.
const LOBBY_DEPTH: usize = 64;

/// A change to the open challenges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyEvent {
    /// A challenge was made or cancelled: the list changed.
    Changed,
    /// A challenge was accepted and its game started.
    Started {
        /// The challenge.
        challenge: String,
        /// The game's id.
        game: String,
        /// Black's account.
        black: String,
        /// White's account.
        white: String,
    },
    /// A tournament's round paired a game.
    Paired {
        /// The tournament.
        tournament: String,
        /// The game's id.
        game: String,
        /// Black's name (an engine's has spaces: it ends the payload).
        black: String,
        /// White's name.
        white: String,
    },
    /// A tournament changed.
    Tournament {
        /// The tournament.
        id: String,
    },
    /// An API token was revoked: the connections it opened close, in every
    /// process (docs/bots.md).
    Revoked {
        /// The token's id.
        token: String,
    },
}

impl LobbyEvent {
    /// The event as a notice carries it: `changed`,
    /// `started CHALLENGE GAME BLACK WHITE` (ids and account names have no
    /// spaces), `paired TOURNAMENT GAME`, a line with Black's name and one
    /// with White's, `tournament ID` or `revoked TOKEN`.
    pub fn payload(&self) -> String {
        match self {
            LobbyEvent::Changed => "changed".into(),
            LobbyEvent::Started {
                challenge,
                game,
                black,
                white,
            } => format!("started {challenge} {game} {black} {white}"),
            LobbyEvent::Paired {
                tournament,
                game,
                black,
                white,
            } => format!("paired {tournament} {game}\n{black}\n{white}"),
            LobbyEvent::Tournament { id } => format!("tournament {id}"),
            LobbyEvent::Revoked { token } => format!("revoked {token}"),
        }
    }

    /// The event a notice carries; anything unreadable is a change.
    pub fn read(payload: &str) -> LobbyEvent {
        if let Some(paired) = payload.strip_prefix("paired ") {
            if let [head, black, white] = paired.split('\n').collect::<Vec<_>>()[..] {
                if let Some((tournament, game)) = head.split_once(' ') {
                    return LobbyEvent::Paired {
                        tournament: tournament.into(),
                        game: game.into(),
                        black: black.into(),
                        white: white.into(),
                    };
                }
            }
        }
        match payload.split(' ').collect::<Vec<_>>()[..] {
            ["tournament", id] => LobbyEvent::Tournament { id: id.into() },
            ["started", challenge, game, black, white] => LobbyEvent::Started {
                challenge: challenge.into(),
                game: game.into(),
                black: black.into(),
                white: white.into(),
            },
            ["revoked", token] => LobbyEvent::Revoked {
                token: token.into(),
            },
            _ => LobbyEvent::Changed,
        }
    }
}

/// The lobby's channel of events in this process.
pub struct Lobby {
    db: Db,
    events: broadcast::Sender<LobbyEvent>,
}

impl Lobby {
    /// The lobby of `db`.
    pub fn new(db: Db) -> Lobby {
        Lobby {
            db,
            events: broadcast::channel(LOBBY_DEPTH).0,
        }
    }

    /// The lobby's events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<LobbyEvent> {
        self.events.subscribe()
    }

    /// Tells every lobby of a change: on PostgreSQL through the database
    /// (each process, this one too, hears it from there), else directly.
    pub async fn tell(&self, event: LobbyEvent) {
        if self.db.shared() {
            if let Err(e) = self.db.tell(LOBBY_CHANNEL, &event.payload()).await {
                tracing::warn!("the lobby could not be told of a change: {e}");
            }
        } else {
            let _ = self.events.send(event);
        }
    }

    /// Hears the other processes' lobby events (PostgreSQL), until the
    /// server stops: the task that does.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn listen(
        self: &Arc<Self>,
    ) -> Result<Option<tokio::task::JoinHandle<()>>, ServerError> {
        let Some(mut listener) = self.db.listener(&[LOBBY_CHANNEL]).await? else {
            return Ok(None);
        };
        let lobby = Arc::downgrade(self);
        Ok(Some(tokio::spawn(async move {
            loop {
                let event = match listener.next().await {
                    Notice::Told { payload, .. } => LobbyEvent::read(&payload),
                    // Changes made while the listener was cut off were not heard.
                    Notice::Resumed => LobbyEvent::Changed,
                };
                let Some(lobby) = lobby.upgrade() else { return };
                let _ = lobby.events.send(event);
            }
        })))
    }
}

impl Players {
    /// The lobby messages an event makes: the list as `viewer` sees it,
    /// after the game started when one did.
    ///
    /// # Errors
    /// A database failure.
    pub async fn lobby_messages(
        &self,
        event: &LobbyEvent,
        viewer: Option<&str>,
    ) -> Result<Vec<LobbyMessage>, ServerError> {
        let mut messages = Vec::new();
        match event {
            LobbyEvent::Paired {
                tournament,
                game,
                black,
                white,
            } => {
                return Ok(vec![LobbyMessage::Paired {
                    tournament: tournament.clone(),
                    game: game.clone(),
                    black: black.clone(),
                    white: white.clone(),
                }]);
            }
            LobbyEvent::Tournament { id } => {
                return Ok(vec![LobbyMessage::Tournament { id: id.clone() }]);
            }
            _ => {}
        }
        if let LobbyEvent::Started {
            challenge,
            game,
            black,
            white,
        } = event
        {
            messages.push(LobbyMessage::Started {
                challenge: challenge.clone(),
                game: game.clone(),
                black: black.clone(),
                white: white.clone(),
            });
        }
        messages.push(LobbyMessage::Challenges {
            challenges: self.challenges(viewer).await?.challenges,
        });
        Ok(messages)
    }
}

/// Runs a lobby connection until it closes: the open challenges as
/// `viewer` may see them on connecting and after every change, and each
/// game a challenge started. What the client sends is not read.
pub async fn session(players: Arc<Players>, mut socket: WebSocket, viewer: Option<String>) {
    let mut news = players.lobby.events.subscribe();
    let mut next = Some(LobbyEvent::Changed);
    let mut stopped = players.games.stopped();
    let _open = (
        crate::metrics::metrics().websocket(),
        players.games.session(),
    );
    loop {
        if let Some(event) = next.take() {
            if !send_lobby(&players, &mut socket, &event, viewer.as_deref()).await {
                return;
            }
        }
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            heard = news.recv() => match heard {
                // A revocation changes no challenge.
                Ok(LobbyEvent::Revoked { .. }) => {}
                Ok(event) => next = Some(event),
                // Fell behind: the list as it stands says everything.
                Err(broadcast::error::RecvError::Lagged(_)) => next = Some(LobbyEvent::Changed),
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = stopped.changed() => {
                let frame = CloseFrame { code: close_code::AWAY, reason: RESTARTING.into() };
                let _ = socket.send(Message::Close(Some(frame))).await;
                return;
            }
        }
    }
}

/// Sends the messages of one event; false once the connection is gone.
async fn send_lobby(
    players: &Players,
    socket: &mut WebSocket,
    event: &LobbyEvent,
    viewer: Option<&str>,
) -> bool {
    match players.lobby_messages(event, viewer).await {
        Ok(messages) => {
            for message in messages {
                let text = serde_json::to_string(&message).unwrap_or_default();
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return false;
                }
            }
        }
        Err(e) => tracing::warn!("the lobby could not be read: {e}"),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_reads_back_from_its_notice() {
        let started = LobbyEvent::Started {
            challenge: "c1".into(),
            game: "g1".into(),
            black: "ann".into(),
            white: "bob".into(),
        };
        assert_eq!(LobbyEvent::read(&started.payload()), started);
        let paired = LobbyEvent::Paired {
            tournament: "t1".into(),
            game: "g1".into(),
            black: "Engine, level 3".into(),
            white: "ann".into(),
        };
        assert_eq!(LobbyEvent::read(&paired.payload()), paired);
        let changed = LobbyEvent::Tournament { id: "t1".into() };
        assert_eq!(LobbyEvent::read(&changed.payload()), changed);
        let revoked = LobbyEvent::Revoked { token: "t1".into() };
        assert_eq!(LobbyEvent::read(&revoked.payload()), revoked);
        assert_eq!(LobbyEvent::read("changed"), LobbyEvent::Changed);
        assert_eq!(LobbyEvent::read("gibberish"), LobbyEvent::Changed);
    }
}
