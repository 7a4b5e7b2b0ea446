//! Open challenges in the database: made, listed, accepted (in the
//! transaction that stores the game it starts) and cancelled.

use sqlx::Row;

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use kamisado_wire::PlayAs;

use super::store::PlayerStore;
use crate::error::ServerError;
use crate::games::store::{GameRow, insert_row};
use kamisado_wire::Refusal;

/// An open challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The account that made it.
    pub creator: String,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// The creator's colour.
    pub colour: PlayAs,
    /// Whether the game is rated.
    pub rated: bool,
    /// A live clock's initial time and increment, in seconds.
    pub clock: Option<(u64, u64)>,
    /// Correspondence: days a move.
    pub days: Option<u8>,
    /// The one player it is addressed to, if any.
    pub opponent: Option<String>,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// Why an accept or a cancel was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// There is no such challenge.
    Missing,
    /// Somebody accepted it first.
    Taken,
    /// Its creator cancelled it.
    Cancelled,
    /// The accepter made it.
    Own,
    /// It is addressed to another player.
    NotYours,
    /// The player it was addressed to declined it.
    Declined,
}

impl PlayerStore {
    /// Stores a challenge, unless its creator has `max_open` open already.
    ///
    /// # Errors
    /// [`ServerError::TooMany`] over the limit, or a database failure.
    pub async fn insert_challenge(
        &self,
        c: &ChallengeRow,
        max_open: usize,
    ) -> Result<(), ServerError> {
        let (initial, increment) = c
            .clock
            .map_or((None, None), |(i, n)| (Some(i as i64), Some(n as i64)));
        let inserted = sqlx::query(
            "INSERT INTO challenges (id, creator, rules, board, target, colour, rated, \
             initial_s, increment_s, days, opponent, created_ms) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 WHERE (SELECT COUNT(*) \
             FROM challenges WHERE creator = $2 AND game_id IS NULL AND cancelled = 0) < $13",
        )
        .bind(&c.id)
        .bind(&c.creator)
        .bind(c.rules.name())
        .bind(c.board.name())
        .bind(i64::from(c.target))
        .bind(c.colour.name())
        .bind(i64::from(c.rated))
        .bind(initial)
        .bind(increment)
        .bind(c.days.map(i64::from))
        .bind(&c.opponent)
        .bind(c.created_ms)
        .bind(max_open as i64)
        .execute(&self.db.pool)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Err(ServerError::TooMany(Refusal::too_many_challenges(max_open)));
        }
        Ok(())
    }

    /// The open challenges `viewer` may see (every public one, and those to
    /// or from the viewer), newest first, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn open_challenges(
        &self,
        viewer: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ChallengeRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, creator, rules, board, target, colour, rated, initial_s, increment_s, \
             days, opponent, created_ms FROM challenges WHERE game_id IS NULL AND cancelled = 0 \
             AND (opponent IS NULL OR creator = $1 OR opponent = $1) \
             ORDER BY created_ms DESC, id LIMIT $2",
        )
        .bind(viewer.unwrap_or(""))
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(challenge_of).collect()
    }

    /// One challenge, whatever became of it.
    ///
    /// # Errors
    /// A database failure.
    async fn challenge_state(
        &self,
        id: &str,
    ) -> Result<Option<(ChallengeRow, bool, i64)>, ServerError> {
        let row = sqlx::query(
            "SELECT id, creator, rules, board, target, colour, rated, initial_s, increment_s, \
             days, opponent, created_ms, game_id, cancelled FROM challenges WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let taken = row.try_get::<Option<String>, _>("game_id")?.is_some();
        let cancelled = row.try_get::<i64, _>("cancelled")?;
        Ok(Some((challenge_of(&row)?, taken, cancelled)))
    }

    /// Why `by` may not take challenge `id` (or cancel it, `cancel`).
    async fn refusal(&self, id: &str, by: &str, cancel: bool) -> Result<Refused, ServerError> {
        Ok(match self.challenge_state(id).await? {
            None => Refused::Missing,
            Some((_, _, DECLINED)) => Refused::Declined,
            Some((_, _, cancelled)) if cancelled != 0 => Refused::Cancelled,
            Some((_, true, _)) => Refused::Taken,
            Some((c, _, _)) if cancel && c.creator != by => Refused::NotYours,
            Some((c, _, _)) if !cancel && c.creator == by => Refused::Own,
            Some((c, _, _)) if c.opponent.as_deref().is_some_and(|o| o != by) => Refused::NotYours,
            // Changed between the two reads.
            Some(_) => Refused::Taken,
        })
    }

    /// The challenge `id` as it may be accepted by `by`, or why it may not.
    ///
    /// # Errors
    /// A database failure.
    pub async fn challenge_for(
        &self,
        id: &str,
        by: &str,
    ) -> Result<Result<ChallengeRow, Refused>, ServerError> {
        match self.challenge_state(id).await? {
            Some((c, false, 0))
                if c.creator != by && c.opponent.as_deref().is_none_or(|o| o == by) =>
            {
                Ok(Ok(c))
            }
            _ => Ok(Err(self.refusal(id, by, false).await?)),
        }
    }

    /// Takes challenge `id` for `by` and stores the game it starts, in one
    /// transaction: of two accepters, the first takes it and the other is
    /// refused.
    ///
    /// # Errors
    /// A database failure.
    pub async fn accept_challenge(
        &self,
        id: &str,
        by: &str,
        game: &GameRow,
    ) -> Result<Result<(), Refused>, ServerError> {
        let mut tx = self.db.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE challenges SET game_id = $1 WHERE id = $2 AND game_id IS NULL \
             AND cancelled = 0 AND creator <> $3 AND (opponent IS NULL OR opponent = $3)",
        )
        .bind(&game.id)
        .bind(id)
        .bind(by)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if taken == 0 {
            drop(tx);
            return Ok(Err(self.refusal(id, by, false).await?));
        }
        insert_row(&mut tx, game, by, None).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Cancels challenge `id` of `by`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn cancel_challenge(
        &self,
        id: &str,
        by: &str,
    ) -> Result<Result<(), Refused>, ServerError> {
        let done = sqlx::query(
            "UPDATE challenges SET cancelled = 1 WHERE id = $1 AND creator = $2 \
             AND game_id IS NULL AND cancelled = 0",
        )
        .bind(id)
        .bind(by)
        .execute(&self.db.pool)
        .await?
        .rows_affected();
        if done == 0 {
            return Ok(Err(self.refusal(id, by, true).await?));
        }
        Ok(Ok(()))
    }
}

/// `cancelled` of a challenge declined by the player it was addressed to
/// (1: cancelled by its creator).
const DECLINED: i64 = 2;

impl PlayerStore {
    /// Declines challenge `id`, addressed to `by`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn decline_challenge(
        &self,
        id: &str,
        by: &str,
    ) -> Result<Result<(), Refused>, ServerError> {
        let done = sqlx::query(
            "UPDATE challenges SET cancelled = $1 WHERE id = $2 AND opponent = $3 \
             AND game_id IS NULL AND cancelled = 0",
        )
        .bind(DECLINED)
        .bind(id)
        .bind(by)
        .execute(&self.db.pool)
        .await?
        .rows_affected();
        if done == 1 {
            return Ok(Ok(()));
        }
        Ok(Err(match self.challenge_state(id).await? {
            None => Refused::Missing,
            Some((c, _, _)) if c.opponent.as_deref() != Some(by) => Refused::NotYours,
            Some((_, _, DECLINED)) => Refused::Declined,
            Some(_) => Refused::Taken,
        }))
    }
}

fn challenge_of(row: &sqlx::any::AnyRow) -> Result<ChallengeRow, ServerError> {
    let initial: Option<i64> = row.try_get("initial_s")?;
    let increment: Option<i64> = row.try_get("increment_s")?;
    let days: Option<i64> = row.try_get("days")?;
    let target: i64 = row.try_get("target")?;
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        creator: row.try_get("creator")?,
        rules: parsed(row.try_get("rules")?)?,
        board: parsed(row.try_get("board")?)?,
        target: u8::try_from(target).unwrap_or(1),
        colour: parsed(row.try_get("colour")?)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        clock: initial.map(|i| (i.max(0) as u64, increment.unwrap_or(0).max(0) as u64)),
        days: days.and_then(|d| u8::try_from(d).ok()),
        opponent: row.try_get("opponent")?,
        created_ms: row.try_get("created_ms")?,
    })
}

/// A stored value read by its parser; one that does not read was changed by hand.
fn parsed<T: std::str::FromStr>(text: String) -> Result<T, ServerError>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| ServerError::Corrupt(format!("a stored challenge: {e}")))
}
