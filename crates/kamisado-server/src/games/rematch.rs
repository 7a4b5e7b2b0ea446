//! A rematch of a finished match between two people (with a friend, between
//! accounts): one player offers it, the other accepts, and the game is made
//! with the same settings and the colours swapped, each seat opened by the
//! key its player held here (and played by the same account). An offer
//! declined or withdrawn, and the game made, are told to both seats in the
//! state (`rematch`, `rematch_answer`, `rematch_game`).
//!
//! The rematch's id follows from the game's ([`rematch_id`]): its row is
//! stored before the change that names it, so that two tries (two tabs, two
//! processes) make one game.

use std::sync::Arc;

use kamisado_core::Side;
use kamisado_wire::{Mode, OfferAnswer, OfferEnd, Refusal, Seat};

use super::change::Change;
use super::hub::{GameCell, Games};
use super::ids::{random_u64, today};
use super::room::Room;
use super::store::{GameRow, GameStore, insert_row};
use crate::error::ServerError;

/// The side a seat asks about a rematch for, when the game has one to ask.
///
/// # Errors
/// A watcher, a game against the engine or on one screen, a tournament's
/// game, a match not over, or a rematch made already; each with its reason.
pub fn check(room: &Room, seat: Option<Seat>) -> Result<Side, ServerError> {
    if matches!(room.game.row.mode, Mode::Engine | Mode::Local) {
        return Err(ServerError::BadRequest(Refusal::rematch_new_game()));
    }
    let Some(Seat::Side(side)) = seat else {
        return Err(ServerError::Forbidden(Refusal::rematch_watching()));
    };
    if room.tournament {
        return Err(ServerError::Forbidden(Refusal::rematch_tournament()));
    }
    if room.game.ended().is_none() {
        return Err(ServerError::Conflict(Refusal::rematch_too_early()));
    }
    if let Some(id) = &room.rematch.game {
        return Err(ServerError::Conflict(Refusal::rematch_made(id)));
    }
    Ok(side)
}

/// What a seat may do about a rematch now: offer or accept one, and decline
/// the opponent's or withdraw its own.
pub fn rights(room: &Room, seat: Seat) -> (bool, bool) {
    match check(room, Some(seat)) {
        Ok(side) => (
            room.rematch.offer != Some(side),
            room.rematch.offer.is_some(),
        ),
        Err(_) => (false, false),
    }
}

/// The change a seat's `rematch` makes: an offer, the rematch (`made`, its
/// row stored), or an offer declined or withdrawn; none for an offer made
/// again.
fn decide(
    room: &Room,
    seat: Option<Seat>,
    accept: bool,
    made: Option<&str>,
) -> Result<Option<Change>, ServerError> {
    let side = check(room, seat)?;
    let answer = |how| OfferAnswer {
        by: side.into(),
        how,
    };
    Ok(match (accept, room.rematch.offer) {
        (true, None) => Some(Change::RematchOffer(side)),
        (true, Some(offerer)) if offerer == side => None,
        (true, Some(_)) => match made {
            Some(id) => Some(Change::Rematched(id.to_string())),
            None => {
                return Err(ServerError::Conflict(Refusal::rematch_crossed()));
            }
        },
        (false, None) => {
            return Err(ServerError::Conflict(Refusal::no_rematch_offer()));
        }
        (false, Some(offerer)) if offerer == side => {
            Some(Change::RematchAnswered(answer(OfferEnd::Withdrawn)))
        }
        (false, Some(_)) => Some(Change::RematchAnswered(answer(OfferEnd::Declined))),
    })
}

/// 16 hex digits that follow from a game's id (FNV-1a), its rematch's id.
pub fn rematch_id(id: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes().chain(*b"/rematch") {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The rematch of the room's game: its settings, the colours swapped, each
/// seat's key, name and account those of the player of the other colour here.
fn rematch_row(room: &Room) -> Result<GameRow, ServerError> {
    let old = &room.game.row;
    Ok(GameRow {
        id: rematch_id(&old.id),
        created_at: today(),
        mode: old.mode,
        rules: old.rules,
        board: old.board,
        target: old.target,
        black_name: old.white_name.clone(),
        white_name: old.black_name.clone(),
        black_key: old.white_key.clone(),
        white_key: old.black_key.clone(),
        engine_side: None,
        level: None,
        seed: (random_u64()? >> 1) as i64,
        black_account: old.white_account.clone(),
        white_account: old.black_account.clone(),
        rated: old.rated,
        time: old.time,
    })
}

/// Stores the rematch of the game `of` (made by neither player's request,
/// so outside any quota), unless it is stored already.
async fn insert_rematch(store: &GameStore, g: &GameRow, of: &str) -> Result<(), ServerError> {
    if store.load_game(&g.id).await?.is_some() {
        return Ok(());
    }
    let mut tx = store.db().pool.begin().await?;
    let inserted = insert_row(&mut tx, g, &format!("rematch {of}"), None).await;
    match inserted {
        Ok(_) => Ok(tx.commit().await?),
        // Stored meanwhile by another try.
        Err(_) if store.load_game(&g.id).await?.is_some() => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Removes a game no one has played (a rematch stored for an offer
/// withdrawn meanwhile).
async fn forget_unplayed(store: &GameStore, id: &str) -> Result<(), ServerError> {
    sqlx::query(
        "DELETE FROM games WHERE id = $1 AND version = 0 \
         AND NOT EXISTS (SELECT 1 FROM actions WHERE game_id = $1)",
    )
    .bind(id)
    .execute(&store.db().pool)
    .await?;
    Ok(())
}

impl Games {
    /// A seat's `rematch`: offers one, accepts the opponent's (which makes
    /// the game), or declines or withdraws an offer.
    ///
    /// # Errors
    /// As [`check`], no offer to decline, or a database failure.
    pub async fn rematch(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        accept: bool,
    ) -> Result<(), ServerError> {
        let planned = {
            let room = cell.room.lock().await;
            let side = check(&room, seat)?;
            match room.rematch.offer {
                Some(offerer) if accept && offerer != side => {
                    Some((rematch_row(&room)?, room.game.row.id.clone()))
                }
                _ => None,
            }
        };
        if let Some((row, of)) = &planned {
            insert_rematch(&self.store, row, of).await?;
        }
        let made = planned.as_ref().map(|(row, _)| row.id.as_str());
        let decided = self
            .change_with(cell, |room| decide(room, seat, accept, made))
            .await;
        if let Some((row, _)) = &planned {
            let named = cell.room.lock().await.rematch.game.as_deref() == Some(row.id.as_str());
            if named {
                self.started(row).await?;
            } else {
                forget_unplayed(&self.store, &row.id).await?;
            }
        }
        decided
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rematch_id_follows_from_the_game_s_and_differs_from_it() {
        let id = rematch_id("3fa2b1c4d5e6f708");
        assert_eq!(id, rematch_id("3fa2b1c4d5e6f708"));
        assert_eq!(id.len(), 16);
        assert!(id.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(id, "3fa2b1c4d5e6f708");
        assert_ne!(id, rematch_id("3fa2b1c4d5e6f709"));
        assert_ne!(rematch_id(&id), id, "a rematch's rematch is another game");
    }
}
