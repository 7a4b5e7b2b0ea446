//! A win claimed in a game that does not end (docs/players.md): in an
//! untimed game between accounts, the player who is not to move may claim
//! the match once the other has not moved for `Limits::claim_after`.
//!
//! The claim is stored as `time X`, the loss on time of the side to move:
//! a move not made within the stated time is exactly a loss on time, so the
//! record, its replay under the rules, the story ("X ran out of time"), the
//! archive and the ratings already read it, with nothing new to learn.

use std::sync::Arc;

use kamisado_core::Side;
use kamisado_wire::Mode;
use sqlx::Row;

use super::commands::{ATTEMPTS, busy, conflict};
use super::hub::{GameCell, Games};
use super::live::{Action, side_name};
use super::room::Room;
use crate::db::now_ms;
use crate::error::ServerError;
use kamisado_wire::{Choice, Refusal};

/// Milliseconds as whole seconds, rounded up.
fn seconds(ms: i64) -> i64 {
    (ms.max(0) + 999) / 1000
}

/// The claimer's side, when `name` may claim this game at all.
fn claimer(room: &Room, name: &str) -> Result<Side, ServerError> {
    let row = &room.game.row;
    // Started between two accounts (one of which may have been closed since).
    if row.mode != Mode::Challenge {
        return Err(ServerError::Forbidden(Refusal::claim_not_between_accounts()));
    }
    if row.time.is_some() {
        return Err(ServerError::Forbidden(Refusal::claim_with_clock()));
    }
    let side = [Side::Black, Side::White]
        .into_iter()
        .find(|&s| row.account(s) == Some(name))
        .ok_or_else(|| ServerError::Forbidden(Refusal::claim_not_player()))?;
    match room.game.side_to_act() {
        None => Err(conflict(Refusal::match_over())),
        Some(to_act) if to_act == side => Err(conflict(Refusal::claim_own_turn())),
        Some(_) => Ok(side),
    }
}

impl Games {
    /// When the game's last action was made (or it was created).
    async fn quiet_since(&self, id: &str) -> Result<i64, ServerError> {
        let row = sqlx::query("SELECT updated_ms FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&self.store.db().pool)
            .await?;
        Ok(row.try_get("updated_ms")?)
    }

    /// Claims the match for the signed-in `account`: stored as the loss on
    /// time of the side to move, rated like any end.
    ///
    /// # Errors
    /// A guest, a game that is not untimed between accounts, a claimer who
    /// is to move or is not a player, a claim before the time (saying when
    /// it may be made), or a database failure.
    pub async fn claim_win(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        account: Option<String>,
    ) -> Result<(), ServerError> {
        let name = account.ok_or_else(|| {
            ServerError::Unauthorized(Refusal::sign_in_required(Choice::ClaimWin))
        })?;
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            let side = claimer(&room, &name)?;
            let loser = !side;
            let now = now_ms() as i64;
            let wait = self.limits.claim_after.as_millis() as i64;
            let quiet = now - self.quiet_since(&room.game.row.id).await?;
            if quiet < wait {
                return Err(conflict(Refusal::claim_too_soon(
                    loser,
                    seconds(wait - quiet),
                    seconds(wait),
                )));
            }
            let action = Action::Time(loser);
            let note = room.game.tell(action).map_err(conflict)?;
            let n = room.game.actions.len();
            let done = self
                .commit_action(cell, &mut room, n, action, note, now)
                .await?;
            cell.publish(&room);
            if done {
                tracing::info!(game = %room.game.row.id, winner = %side_name(side), "win claimed");
                return Ok(());
            }
        }
        Err(busy())
    }

    /// A game in which nobody has moved, decided as the loss on time of
    /// the side to move: a tournament's player who did not come to the
    /// round's start. Whether this call decided it (false: somebody moved
    /// first, or it is over).
    ///
    /// # Errors
    /// A game that is not there, or a database failure.
    pub async fn no_show(self: &Arc<Self>, id: &str) -> Result<bool, ServerError> {
        let cell = self.game(id).await?;
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            let Some(side) = room.game.side_to_act() else {
                return Ok(false);
            };
            if !room.game.actions.is_empty() {
                return Ok(false);
            }
            let action = Action::Time(side);
            let note = room.game.tell(action).map_err(conflict)?;
            let now = now_ms() as i64;
            let done = self
                .commit_action(&cell, &mut room, 0, action, note, now)
                .await?;
            cell.publish(&room);
            if done {
                tracing::info!(game = %id, absent = %side_name(side), "no show: lost on time");
                return Ok(true);
            }
        }
        Err(busy())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_told_in_the_largest_whole_unit() {
        let words = |ms: i64| {
            let left = Refusal::claim_too_soon(Side::White, seconds(ms), seconds(ms)).reason();
            left.split(" left").next().unwrap_or("").to_string()
        };
        assert_eq!(words(14 * 24 * 3_600_000), "Gold has 14 days");
        assert_eq!(words(36 * 3_600_000), "Gold has 36 hours");
        assert_eq!(words(3_600_000), "Gold has 60 minutes");
        assert_eq!(words(90_000), "Gold has 90 seconds");
        assert_eq!(words(1), "Gold has 1 second");
    }
}
