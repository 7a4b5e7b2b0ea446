//! The engine's turn in a game against it: claimed in the database (of
//! several processes holding the game, one thinks), searched on the
//! engine pool, and played as the engine's seat.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use kamisado_core::{MatchState, Side};
use kamisado_wire::Seat;

use super::hub::{GameCell, Games};
use super::live::Action;
use super::room::Room;
use super::store::Claim;
use crate::db::now_ms;

impl Games {
    /// How long a process holds the engine's turn before another may take it
    /// over: the longest search and a margin.
    fn engine_lease(&self) -> Duration {
        self.limits.search_time + Duration::from_secs(5)
    }

    /// Starts the engine's turn if it is to act and not already thinking.
    ///
    /// Of several processes holding the game, the one that claims the turn
    /// in the database thinks; the others wait for its move, and take the turn
    /// over if its claim runs out without one (its process died).
    pub fn kick_engine(self: &Arc<Self>, cell: &Arc<GameCell>, room: &mut Room) {
        let n = room.game.actions.len();
        if !room.game.engine_to_act() || room.engine_pending == Some(n) {
            return;
        }
        room.engine_pending = Some(n);
        let app = Arc::clone(self);
        let cell = Arc::clone(cell);
        let m = room.game.current();
        let level = room.game.row.level.unwrap_or(3);
        let seed = (room.game.row.seed as u64) ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let engine = room.game.engine_side().unwrap_or(Side::White);
        let epoch = cell.epoch.load(Ordering::SeqCst);
        let id = room.game.row.id.clone();
        tokio::spawn(async move {
            // Whether this turn is still the one asked about.
            let current = |room: &Room| {
                room.engine_pending == Some(n)
                    && room.game.actions.len() == n
                    && cell.epoch.load(Ordering::SeqCst) == epoch
                    && !app.is_closed()
            };
            loop {
                let version = {
                    let room = cell.room.lock().await;
                    if !current(&room) {
                        return;
                    }
                    room.version
                };
                let until = now_ms() + app.engine_lease().as_millis() as u64;
                match app
                    .store
                    .claim_engine(&id, version, &app.owner, until)
                    .await
                {
                    Ok(Claim::Granted) => break,
                    Ok(Claim::HeldUntil(t)) => {
                        let wait = t.saturating_sub(now_ms()) + 50;
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    Ok(Claim::Moved) => {
                        // This process has not heard of a change yet.
                        let mut room = cell.room.lock().await;
                        if room.engine_pending == Some(n) {
                            room.engine_pending = None;
                        }
                        if let Err(e) = app.reload(&cell, &mut room).await {
                            tracing::warn!(game = %id, "the engine's game could not be read: {e}");
                            drop(room);
                            app.kick_engine_soon(&cell).await;
                            return;
                        }
                        app.kick_engine(&cell, &mut room);
                        cell.publish(&room);
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(game = %id, "the engine's turn could not be claimed: {e}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
            let fill_now = matches!(m.state(), MatchState::AwaitingFill { .. });
            let choice = app
                .engines
                .run(move |brain, _stop| {
                    if fill_now {
                        Some(Action::Fill(brain.choose_fill(&m, level)))
                    } else {
                        brain.choose_move(&m, level, seed).map(Action::Move)
                    }
                })
                .await;
            match choice {
                Ok(Some(action)) => {
                    // A stale answer (the player took moves back meanwhile) is refused here.
                    let _ = app
                        .act_in(&cell, Some(Seat::Side(engine)), n, action, Some(epoch))
                        .await;
                }
                Ok(None) => tracing::error!(game = %id, "the engine found no move in a live round"),
                Err(e) => tracing::error!("the engine failed: {e}"),
            }
            let mut room = cell.room.lock().await;
            if room.engine_pending == Some(n) && cell.epoch.load(Ordering::SeqCst) == epoch {
                room.engine_pending = None;
                cell.publish(&room);
                // A turn left unplayed (the database was unavailable) is tried again.
                if room.game.actions.len() == n {
                    drop(room);
                    app.kick_engine_soon(&cell).await;
                }
            }
        });
    }

    /// Starts the engine's turn again after a second, when a database that
    /// could not be reached may be back.
    async fn kick_engine_soon(self: &Arc<Self>, cell: &Arc<GameCell>) {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let mut room = cell.room.lock().await;
        self.kick_engine(cell, &mut room);
        cell.publish(&room);
    }
}
