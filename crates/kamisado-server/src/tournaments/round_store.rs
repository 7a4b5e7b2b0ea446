//! A tournament's rounds in the database: results read from the games,
//! the pairing of a round (once of all processes: the transaction raises
//! the round from the one it read), a double round's second game, the
//! engine's own games and the games nobody came to.

use kamisado_core::Side;
use kamisado_wire::tournaments::Stage;
use sqlx::Row;

use super::store::{SlotRow, TournamentStore};
use crate::error::ServerError;
use crate::games::store::{GameRow, insert_row};

impl TournamentStore {
    /// Copies the winners of the round's ended games from the games: how
    /// many there were.
    ///
    /// # Errors
    /// A database failure.
    pub async fn settle(&self, id: &str, round: u32) -> Result<u64, ServerError> {
        let done = sqlx::query(
            "UPDATE tournament_games SET winner = (SELECT g.winner FROM games g \
             WHERE g.id = tournament_games.game_id AND g.finished_ms IS NOT NULL), \
             ended_ms = (SELECT g.finished_ms FROM games g WHERE g.id = tournament_games.game_id) \
             WHERE tournament_id = $1 AND round = $2 AND winner IS NULL AND game_id IS NOT NULL",
        )
        .bind(id)
        .bind(i64::from(round))
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Sets when the next round is paired, once (the first process to see
    /// the round ended sets it).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_next(&self, id: &str, round: u32, at: i64) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE tournaments SET next_ms = $3 WHERE id = $1 AND round = $2 \
             AND next_ms IS NULL AND stage = 'running'",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(at)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Pairs round `from + 1`: raises the round from `from` (and the stage
    /// from `stage` to running), fixes the rounds when `rounds` is given,
    /// and stores its games and their game rows, in one transaction.
    /// `Ok(false)`: another process paired it first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn pair(
        &self,
        id: &str,
        from: u32,
        stage: Stage,
        rounds: Option<u32>,
        slots: &[SlotRow],
        games: &[GameRow],
    ) -> Result<bool, ServerError> {
        let mut tx = self.db.pool.begin().await?;
        let raised = sqlx::query(
            "UPDATE tournaments SET round = round + 1, stage = 'running', next_ms = NULL, \
             rounds = COALESCE($4, rounds) WHERE id = $1 AND round = $2 AND stage = $3",
        )
        .bind(id)
        .bind(i64::from(from))
        .bind(stage.name())
        .bind(rounds.map(i64::from))
        .execute(&mut *tx)
        .await?;
        if raised.rows_affected() == 0 {
            return Ok(false);
        }
        for s in slots {
            insert_slot(&mut tx, id, s).await?;
        }
        for g in games {
            insert_row(&mut tx, g, &format!("tournament {id}"), None).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Makes a waiting game of a round (a double round's second game):
    /// `Ok(false)` when another process made it first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn start_slot(
        &self,
        id: &str,
        slot: &SlotRow,
        game: &GameRow,
    ) -> Result<bool, ServerError> {
        let mut tx = self.db.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE tournament_games SET game_id = $5 WHERE tournament_id = $1 AND round = $2 \
             AND board = $3 AND leg = $4 AND game_id IS NULL",
        )
        .bind(id)
        .bind(i64::from(slot.round))
        .bind(i64::from(slot.board))
        .bind(i64::from(slot.leg))
        .bind(&game.id)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            return Ok(false);
        }
        insert_row(&mut tx, game, &format!("tournament {id}"), None).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Stores the result and record of a game the engine played against
    /// itself (the first to finish it stores it).
    ///
    /// # Errors
    /// A database failure.
    pub async fn record_engine_game(
        &self,
        id: &str,
        slot: &SlotRow,
        winner: Side,
        record: &str,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE tournament_games SET winner = $5, record = $6, ended_ms = $7 \
             WHERE tournament_id = $1 AND round = $2 AND board = $3 AND leg = $4 \
             AND winner IS NULL",
        )
        .bind(id)
        .bind(i64::from(slot.round))
        .bind(i64::from(slot.board))
        .bind(i64::from(slot.leg))
        .bind(winner.to_string())
        .bind(record)
        .bind(crate::db::now_ms() as i64)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The round's games that nobody has moved in since before `before`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn unstarted(
        &self,
        id: &str,
        round: u32,
        before: i64,
    ) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT g.id FROM tournament_games t JOIN games g ON g.id = t.game_id \
             WHERE t.tournament_id = $1 AND t.round = $2 AND t.winner IS NULL \
             AND g.finished_ms IS NULL AND g.created_ms < $3 \
             AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id)",
        )
        .bind(id)
        .bind(i64::from(round))
        .bind(before)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }
}

async fn insert_slot(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    s: &SlotRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tournament_games (tournament_id, round, board, leg, black, white, \
         game_id, winner, record, forfeit) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(id)
    .bind(i64::from(s.round))
    .bind(i64::from(s.board))
    .bind(i64::from(s.leg))
    .bind(i64::from(s.black))
    .bind(s.white.map(i64::from))
    .bind(&s.game_id)
    .bind(s.winner.map(|w| w.to_string()))
    .bind(&s.record)
    .bind(i64::from(s.forfeit))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
