//! The bot's event stream (`GET /api/bot/ws`, docs/bots.md): the
//! challenges addressed to the bot, and its games as they start and end,
//! told from the lobby's events and the games' own channels; and a bot's
//! answer "no" to a challenge.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use kamisado_wire::Status;
use kamisado_wire::bots::BotEvent;
use tokio::sync::{broadcast, mpsc};

use super::challenge_store::Refused;
use super::lobby::LobbyEvent;
use super::{Players, signed_in};
use crate::error::ServerError;
use crate::games::socket::{RESTARTING, REVOKED};
use kamisado_wire::{Choice, Refusal};

/// Games whose ends one stream waits for at once, at most.
const WATCHED: usize = 100;

/// What one bot's stream has told it.
struct Told {
    /// The challenges told.
    challenges: HashSet<String>,
    /// The games told as started, whose end is watched.
    games: HashSet<String>,
}

impl Players {
    /// Declines a challenge addressed to `account`: it is closed, and its
    /// creator sees it gone from the lobby.
    ///
    /// # Errors
    /// A guest, a challenge not addressed to them, one taken or cancelled,
    /// or a database failure.
    pub async fn decline_challenge(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<(), ServerError> {
        let by = signed_in(account, Choice::DeclineChallenge)?;
        match self.store.decline_challenge(id, &by).await? {
            Ok(()) => {}
            Err(Refused::Missing) => {
                return Err(ServerError::NotFound(Refusal::no_such_challenge(id)));
            }
            Err(Refused::NotYours | Refused::Own) => {
                return Err(ServerError::Forbidden(Refusal::challenge_not_addressed()));
            }
            Err(_) => {
                return Err(ServerError::Conflict(Refusal::challenge_closed()));
            }
        }
        tracing::info!(challenge = %id, by = %by, "challenge declined");
        self.lobby.tell(LobbyEvent::Changed).await;
        Ok(())
    }

    /// The events that tell `bot` what it has not been told: the open
    /// challenges addressed to it, and its games not over.
    async fn bot_news(&self, bot: &str, told: &mut Told) -> Result<Vec<BotEvent>, ServerError> {
        let mut events = Vec::new();
        for challenge in self.challenges(Some(bot)).await?.challenges {
            if challenge.opponent.as_deref() == Some(bot)
                && told.challenges.insert(challenge.id.clone())
            {
                events.push(BotEvent::Challenge { challenge });
            }
        }
        for game in self.store.games_of(bot, WATCHED).await? {
            if game.winner.is_none() && told.games.insert(game.id.clone()) {
                events.push(BotEvent::GameStart {
                    game: game.id,
                    colour: game.side.into(),
                });
            }
        }
        Ok(events)
    }

    /// Tells `ends` when game `id` is over (at once if it is).
    async fn watch_end(self: &Arc<Self>, id: String, ends: mpsc::Sender<BotEvent>) {
        let Ok(cell) = self.games.game(&id).await else {
            return;
        };
        let mut states = cell.tx.subscribe();
        tokio::spawn(async move {
            loop {
                let view = cell.view().await;
                if view.status == Status::Over {
                    let _ = ends
                        .send(BotEvent::GameFinish {
                            game: id,
                            winner: view.winner,
                        })
                        .await;
                    return;
                }
                loop {
                    match states.recv().await {
                        Ok(p) if p.view().status == Status::Over => break,
                        Ok(_) => {}
                        Err(broadcast::error::RecvError::Lagged(_)) => break,
                        Err(broadcast::error::RecvError::Closed) => return,
                    }
                }
                if ends.is_closed() {
                    return;
                }
            }
        });
    }
}

/// Runs a bot's event stream until it closes: on connecting, every open
/// challenge addressed to it and every game of its not over; then each
/// new one, and each game's end. What the bot sends is not read. It
/// closes when `token`, the API token it was opened by, is revoked.
pub async fn session(
    players: Arc<Players>,
    mut socket: WebSocket,
    bot: String,
    token: Option<String>,
) {
    let mut news = players.lobby.subscribe();
    let mut revocations = players.games.revocations();
    let mut stopped = players.games.stopped();
    let (ends_tx, mut ends) = mpsc::channel::<BotEvent>(WATCHED);
    let _open = (
        crate::metrics::metrics().websocket(),
        players.games.session(),
    );
    let mut told = Told {
        challenges: HashSet::new(),
        games: HashSet::new(),
    };
    let mut look = true;
    loop {
        if std::mem::take(&mut look)
            && !tell_news(&players, &mut socket, &bot, &mut told, &ends_tx).await
        {
            return;
        }
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            heard = news.recv() => match heard {
                Err(broadcast::error::RecvError::Closed) => return,
                _ => look = true,
            },
            Some(end) = ends.recv() => {
                if let BotEvent::GameFinish { game, .. } = &end {
                    told.games.remove(game);
                }
                if !send(&mut socket, &end).await {
                    return;
                }
            }
            _ = stopped.changed() => {
                let frame = CloseFrame { code: close_code::AWAY, reason: RESTARTING.into() };
                let _ = socket.send(Message::Close(Some(frame))).await;
                return;
            }
            Ok(id) = revocations.recv(), if token.is_some() => {
                if Some(&id) == token.as_ref() {
                    let frame = CloseFrame { code: close_code::POLICY, reason: REVOKED.into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    return;
                }
            }
        }
    }
}

/// Sends what `bot` has not been told, watching the end of each game
/// told as started; false once the connection is gone.
async fn tell_news(
    players: &Arc<Players>,
    socket: &mut WebSocket,
    bot: &str,
    told: &mut Told,
    ends: &mpsc::Sender<BotEvent>,
) -> bool {
    let events = match players.bot_news(bot, told).await {
        Ok(events) => events,
        Err(e) => {
            tracing::warn!("a bot's news could not be read: {e}");
            Vec::new()
        }
    };
    for event in events {
        if let BotEvent::GameStart { game, .. } = &event {
            players.watch_end(game.clone(), ends.clone()).await;
        }
        if !send(socket, &event).await {
            return false;
        }
    }
    true
}

/// Sends one event; false once the connection is gone.
async fn send(socket: &mut WebSocket, event: &BotEvent) -> bool {
    let text = serde_json::to_string(event).unwrap_or_default();
    socket.send(Message::Text(text.into())).await.is_ok()
}
