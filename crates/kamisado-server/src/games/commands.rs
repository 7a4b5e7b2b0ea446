//! Every change to a game: join, act (move, fill, resign, a loss on time),
//! undo, take back, rename. Each change is checked by the rules crate and
//! by who may do what ([`super::rights`]), committed to the database,
//! applied in memory and only then acknowledged and broadcast.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use kamisado_core::Side;
use kamisado_core::any::AnyMatch;
use kamisado_wire::{Note, OfferAnswer, OfferEnd, Seat};

use super::hub::{GameCell, Games};
use super::live::{Action, LiveGame, side_name};
use super::names::clean_name;
use super::rights::{self, Request};
use super::room::Room;
use super::store::{Change, Ending};
use crate::db::now_ms;
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// The answer to a successful action.
#[derive(Debug)]
pub struct Acted {
    /// Whether it had already been applied (a retry).
    pub duplicate: bool,
}

pub(super) fn conflict(r: Refusal) -> ServerError {
    ServerError::Conflict(r)
}

/// How many times a change is decided again after another process changed
/// the game first, before it is refused.
pub(super) const ATTEMPTS: usize = 4;

impl Games {
    /// Seats the holder of `key`, or without a key the signed-in `account`
    /// when it plays a side (otherwise: a watcher), and answers with the
    /// seat; the engine starts if it is its turn.
    ///
    /// # Errors
    /// A key that opens no seat of this game.
    pub async fn join(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        key: Option<&str>,
        account: Option<&str>,
    ) -> Result<Option<Seat>, ServerError> {
        let mut room = cell.room.lock().await;
        let seat = match key {
            None | Some("") => account.and_then(|name| {
                [Side::Black, Side::White]
                    .into_iter()
                    .find(|&side| room.game.row.account(side) == Some(name))
                    .map(Seat::Side)
            }),
            Some(key) => Some(
                room.game
                    .seat_of(key)
                    .ok_or_else(|| ServerError::Forbidden(Refusal::bad_seat_key()))?,
            ),
        };
        let mut changed = false;
        for _ in 0..ATTEMPTS {
            let Some(side) = seat.and_then(|s| room.newly_joined(s).first().copied()) else {
                break;
            };
            // The seat is the player's whether or not the database hears of it now.
            match self
                .commit(cell, &mut room, Change::Joined(side), None)
                .await
            {
                Ok(done) => changed |= done,
                Err(e) => {
                    tracing::warn!("a seat taken was not stored: {e}");
                    break;
                }
            }
        }
        let was_thinking = room.engine_pending;
        self.kick_engine(cell, &mut room);
        if changed || room.engine_pending != was_thinking {
            cell.publish(&room);
        }
        Ok(seat)
    }

    /// The side a seat resigns for: its own, or on one screen the side to act.
    ///
    /// # Errors
    /// A watcher, or a match already over.
    pub async fn resigning_side(
        &self,
        cell: &GameCell,
        seat: Option<Seat>,
    ) -> Result<Side, ServerError> {
        rights::resigner(&*cell.room.lock().await, seat)
    }

    /// Checks the number an action carries: `Ok(true)` when it is the next
    /// one, `Ok(false)` when it repeats the action already stored under it.
    pub(crate) fn check_number(
        live: &LiveGame,
        n: usize,
        action: Option<Action>,
    ) -> Result<bool, ServerError> {
        let len = live.actions.len();
        if n == len {
            return Ok(true);
        }
        if let (Some(a), Some(stored)) = (action, live.actions.get(n)) {
            if *stored == a {
                return Ok(false);
            }
        }
        if n > len {
            return Err(conflict(Refusal::action_ahead(n, len)));
        }
        Err(conflict(Refusal::action_stale(n, len)))
    }

    /// Commits and applies an action by the holder of `seat`.
    ///
    /// # Errors
    /// A watcher, the wrong seat, a stale number, or an action the rules refuse;
    /// the game is unchanged.
    pub async fn act(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
        action: Action,
    ) -> Result<Acted, ServerError> {
        self.act_in(cell, seat, n, action, None).await
    }

    /// The action is told (which checks it under the rules), stored, then
    /// applied to the game in place, once.
    pub(crate) async fn act_in(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
        action: Action,
        epoch: Option<u64>,
    ) -> Result<Acted, ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            if epoch.is_some_and(|e| e != cell.epoch.load(Ordering::SeqCst)) {
                return Err(conflict(Refusal::engine_moved()));
            }
            if n == room.game.actions.len() {
                if let Some(end) = room.game.ended() {
                    return Err(over(end, seat));
                }
            }
            if !Self::check_number(&room.game, n, Some(action))? {
                return Ok(Acted { duplicate: true });
            }
            let now = now_ms() as i64;
            if let Some(side) = room.flagged_at(now) {
                // The flag fell before this arrived: the loss on time is stored instead.
                let note = room.game.tell(Action::Time(side)).map_err(conflict)?;
                let n = room.game.actions.len();
                let stored = self
                    .commit_action(cell, &mut room, n, Action::Time(side), note, now)
                    .await?;
                cell.publish(&room);
                // Stored, the match is over; else it is decided again on the game as stored.
                if let (true, Some(end)) = (stored, room.game.ended()) {
                    return Err(over(end, seat));
                }
                continue;
            }
            rights::check(&room, seat, Request::Act(action))?;
            let note = room.game.tell(action).map_err(conflict)?;
            if !self
                .commit_action(cell, &mut room, n, action, note, now)
                .await?
            {
                // Another process changed the game first: decide again on the game as stored.
                cell.publish(&room);
                continue;
            }
            cell.publish(&room);
            return Ok(Acted { duplicate: false });
        }
        Err(busy())
    }

    /// Stores an action told as `note` at `now`, with the clock after it and
    /// the match's end when it ends it (a rated game's ratings move in the
    /// same transaction), makes it in the room and starts the engine if it is
    /// its turn: `Ok(true)`. `Ok(false)` when another process changed the
    /// game first.
    pub(super) async fn commit_action(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        room: &mut Room,
        n: usize,
        action: Action,
        note: Note,
        now: i64,
    ) -> Result<bool, ServerError> {
        let end = LiveGame::ending(action, &note, room.game.score());
        let change = Change::Append {
            seq: n,
            action: action.to_string(),
            timing: room.timing_after(action, &note, end.is_some(), now),
            end,
        };
        if !self.commit(cell, room, change, Some(note)).await? {
            return Ok(false);
        }
        if let Some(end) = end {
            let score = room.game.current().score();
            tracing::info!(
                game = %room.game.row.id,
                winner = %side_name(end.winner),
                how = end.how,
                score = %format!("{}-{}", score.black, score.white),
                actions = room.game.actions.len(),
                "game ended"
            );
        }
        self.kick_engine(cell, room);
        Ok(true)
    }

    /// Decides a loss on time when the side to act has run out of time,
    /// whoever is connected.
    ///
    /// # Errors
    /// A database failure.
    pub async fn flag_if_due(self: &Arc<Self>, cell: &Arc<GameCell>) -> Result<(), ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            let now = now_ms() as i64;
            let Some(side) = room.flagged_at(now) else {
                return Ok(());
            };
            let note = room.game.tell(Action::Time(side)).map_err(conflict)?;
            let n = room.game.actions.len();
            let done = self
                .commit_action(cell, &mut room, n, Action::Time(side), note, now)
                .await?;
            cell.publish(&room);
            if done {
                return Ok(());
            }
        }
        Err(busy())
    }

    /// Makes a change that is not an action, decided by `decide` on the game
    /// as this process holds it and decided again if another process changed
    /// the game first; then tells every client.
    pub(super) async fn change_with(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        mut decide: impl FnMut(&Room) -> Result<Option<Change>, ServerError>,
    ) -> Result<(), ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            let Some(change) = decide(&room)? else {
                cell.publish(&room);
                return Ok(());
            };
            let truncates = matches!(change, Change::Truncate { .. });
            if self.commit(cell, &mut room, change, None).await? {
                if truncates {
                    cell.epoch.fetch_add(1, Ordering::SeqCst);
                    self.kick_engine(cell, &mut room);
                }
                cell.publish(&room);
                return Ok(());
            }
            cell.publish(&room);
        }
        Err(busy())
    }

    /// Takes back moves: against the engine, back to before the player's last
    /// move; on one screen, the last move.
    ///
    /// # Errors
    /// A game with a friend (which uses a takeback offer), a watcher, a stale
    /// number, or nothing to take back.
    pub async fn undo(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            Self::check_number(&room.game, n, None)?;
            let seat = rights::check(room, seat, Request::Undo)?;
            let from = rights::takeback_from(&room.game, rights::undoes(room.game.row.mode, seat))?;
            Ok(Some(Change::Truncate { from, answer: None }))
        })
        .await
    }

    /// Offers to take back the offering player's last move (a game with a friend).
    ///
    /// # Errors
    /// Not a friend game, a watcher, a stale number, or nothing to take back.
    pub async fn offer_takeback(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            Self::check_number(&room.game, n, None)?;
            let Seat::Side(side) = rights::check(room, seat, Request::OfferTakeback)? else {
                return Err(ServerError::Forbidden(Refusal::takeback_from_both()));
            };
            rights::takeback_from(&room.game, Some(side))?;
            Ok(Some(Change::Takeback(side)))
        })
        .await
    }

    /// Answers the opponent's takeback offer, or withdraws one's own (a
    /// decline from the seat that offered).
    ///
    /// # Errors
    /// No offer to answer, or accepting one's own offer.
    pub async fn answer_takeback(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        accept: bool,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            let own = room
                .takeback
                .is_some_and(|offerer| seat.is_some_and(|s| s.plays(offerer)));
            let ended = |by: Side, how| OfferAnswer { by: by.into(), how };
            if let (true, false, Some(offerer)) = (own, accept, room.takeback) {
                rights::check(room, seat, Request::WithdrawTakeback)?;
                return Ok(Some(Change::Answered(ended(offerer, OfferEnd::Withdrawn))));
            }
            rights::check(room, seat, Request::AnswerTakeback)?;
            match room.takeback {
                Some(offerer) if accept => Ok(Some(Change::Truncate {
                    from: rights::takeback_from(&room.game, Some(offerer))?,
                    answer: Some(ended(!offerer, OfferEnd::Accepted)),
                })),
                Some(offerer) => Ok(Some(Change::Answered(ended(!offerer, OfferEnd::Declined)))),
                None => Ok(None),
            }
        })
        .await
    }

    /// Sets the name of the seat's player.
    ///
    /// # Errors
    /// A watcher or two players on one screen.
    pub async fn rename(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        name: &str,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            let Seat::Side(side) = rights::check(room, seat, Request::Rename)? else {
                return Err(ServerError::Forbidden(Refusal::rename_on_one_screen()));
            };
            let name = clean_name(Some(name), side_name(side));
            Ok(Some(Change::Name { side, name }))
        })
        .await
    }

    /// Checks that `seat` may ask for a hint in the game as it stands, and
    /// gives the match to search.
    ///
    /// # Errors
    /// As [`rights::check`] for a hint, or a stale number.
    pub async fn hint_position(
        &self,
        cell: &GameCell,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<AnyMatch, ServerError> {
        let room = cell.room.lock().await;
        rights::check(&room, seat, Request::Hint)?;
        Self::check_number(&room.game, n, None)?;
        Ok(room.game.current())
    }
}

/// The refusal of an action after the match ended, saying how it ended.
fn over(end: Ending, seat: Option<Seat>) -> ServerError {
    let loser = !end.winner;
    conflict(match end.how {
        "time" if seat.is_some_and(|s| s == Seat::Side(loser)) => Refusal::time_ran_out(),
        "time" => Refusal::match_lost_on_time(loser),
        "resignation" => Refusal::match_resigned(loser),
        _ => Refusal::match_won(end.winner),
    })
}

/// The refusal of a change whose game kept changing under it.
pub(super) fn busy() -> ServerError {
    conflict(Refusal::game_busy())
}
