//! The engine's turn in a game against it: claimed in the database (of
//! several processes holding the game, one thinks), searched on the
//! engine pool, and played as the engine's seat.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use kamisado_core::any::AnyMatch;
use kamisado_core::{MatchState, Side};
use kamisado_wire::Seat;

use super::hub::{GameCell, Games};
use super::live::Action;
use super::room::Room;
use super::store::Claim;
use crate::db::now_ms;

/// An engine's turn: the action count and takeback epoch it was asked at.
struct Turn {
    n: usize,
    epoch: u64,
    id: String,
    engine: Side,
    level: u8,
    seed: u64,
}

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
        let turn = Turn {
            n,
            epoch: cell.epoch.load(Ordering::SeqCst),
            id: room.game.row.id.clone(),
            engine: room.game.engine_side().unwrap_or(Side::White),
            level: room.game.row.level.unwrap_or(3),
            seed: (room.game.row.seed as u64) ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        let (games, cell, m) = (Arc::clone(self), Arc::clone(cell), room.game.current());
        tokio::spawn(async move {
            if games.claim_turn(&cell, &turn).await {
                games.play_turn(&cell, &turn, m).await;
            }
        });
    }

    /// Whether `turn` is still the one the engine was asked about.
    fn current(&self, cell: &GameCell, room: &Room, turn: &Turn) -> bool {
        room.engine_pending == Some(turn.n)
            && room.game.actions.len() == turn.n
            && cell.epoch.load(Ordering::SeqCst) == turn.epoch
            && !self.is_closed()
    }

    /// Claims the turn in the database, waiting while another process
    /// holds it: whether this process is to think.
    async fn claim_turn(self: &Arc<Self>, cell: &Arc<GameCell>, turn: &Turn) -> bool {
        loop {
            let version = {
                let room = cell.room.lock().await;
                if !self.current(cell, &room, turn) {
                    return false;
                }
                room.version
            };
            let until = now_ms() + self.engine_lease().as_millis() as u64;
            match self
                .store
                .claim_engine(&turn.id, version, &self.owner, until)
                .await
            {
                Ok(Claim::Granted) => return true,
                Ok(Claim::HeldUntil(t)) => {
                    let wait = t.saturating_sub(now_ms()) + 50;
                    tokio::time::sleep(Duration::from_millis(wait)).await;
                }
                Ok(Claim::Moved) => {
                    self.moved_on(cell, turn).await;
                    return false;
                }
                Err(e) => {
                    tracing::warn!(game = %turn.id, "the engine's turn could not be claimed: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    }

    /// The game moved on in the database before this process heard of it:
    /// it is read again, and the engine's turn started anew if it is one.
    async fn moved_on(self: &Arc<Self>, cell: &Arc<GameCell>, turn: &Turn) {
        let mut room = cell.room.lock().await;
        if room.engine_pending == Some(turn.n) {
            room.engine_pending = None;
        }
        if let Err(e) = self.reload(cell, &mut room).await {
            tracing::warn!(game = %turn.id, "the engine's game could not be read: {e}");
            drop(room);
            self.kick_engine_soon(cell).await;
            return;
        }
        self.kick_engine(cell, &mut room);
        cell.publish(&room);
    }

    /// Thinks about the turn and plays the engine's choice as its seat; a
    /// turn left unplayed (the database was unavailable) is tried again.
    async fn play_turn(self: &Arc<Self>, cell: &Arc<GameCell>, turn: &Turn, m: AnyMatch) {
        let (level, seed) = (turn.level, turn.seed);
        let fill_now = matches!(m.state(), MatchState::AwaitingFill { .. });
        let choice = self
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
                let seat = Some(Seat::Side(turn.engine));
                let _ = self
                    .act_in(cell, seat, turn.n, action, Some(turn.epoch))
                    .await;
            }
            Ok(None) => {
                tracing::error!(game = %turn.id, "the engine found no move in a live round")
            }
            Err(e) => tracing::error!("the engine failed: {e}"),
        }
        let mut room = cell.room.lock().await;
        if room.engine_pending == Some(turn.n) && cell.epoch.load(Ordering::SeqCst) == turn.epoch {
            room.engine_pending = None;
            cell.publish(&room);
            if room.game.actions.len() == turn.n {
                drop(room);
                self.kick_engine_soon(cell).await;
            }
        }
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
