//! An account's games in the database: its finished games for its archive,
//! and its games against other accounts.

use sqlx::Row;
use sqlx::any::AnyRow;

use kamisado_core::Side;
use kamisado_wire::PerSide;

use super::store::PlayerStore;
use crate::error::ServerError;

/// A finished game of an account, for its archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The game's id.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's account, or their name in a game without one.
    pub opponent: String,
    /// Whether the opponent is an account.
    pub opponent_account: bool,
    /// The match's winner.
    pub winner: Side,
    /// How its last round ended.
    pub how: String,
    /// Whether it was rated.
    pub rated: bool,
    /// Its pool.
    pub pool: String,
    /// The actions it took.
    pub actions: i64,
    /// When it ended.
    pub finished_ms: i64,
    /// Its final score, stored with its end (none for a game that ended
    /// before the score was stored: [`PlayerStore::fill_score`]).
    pub score: Option<PerSide<u8>>,
}

/// An account's game between accounts, for its list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyGame {
    /// The game's id.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's account.
    pub opponent: Option<String>,
    /// When the last action was made (or the game created).
    pub updated_ms: i64,
    /// When the side to act loses on time, if a clock runs.
    pub deadline_ms: Option<i64>,
    /// The winner, once over.
    pub winner: Option<Side>,
}

fn side_of(text: &str) -> Result<Side, ServerError> {
    text.parse()
        .map_err(|e| ServerError::Corrupt(format!("a stored side: {e}")))
}

/// The final score a row holds, if it was stored.
fn final_score(row: &AnyRow) -> Result<Option<PerSide<u8>>, ServerError> {
    let black: Option<i64> = row.try_get("final_black")?;
    let white: Option<i64> = row.try_get("final_white")?;
    Ok(match (black, white) {
        (Some(b), Some(w)) => Some(PerSide {
            b: u8::try_from(b).unwrap_or(u8::MAX),
            w: u8::try_from(w).unwrap_or(u8::MAX),
        }),
        _ => None,
    })
}

impl PlayerStore {
    /// Stores the final score of a game that ended before scores were
    /// stored with the end (filled once, the first time it is read).
    ///
    /// # Errors
    /// A database failure.
    pub async fn fill_score(&self, id: &str, score: PerSide<u8>) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE games SET final_black = $2, final_white = $3 \
             WHERE id = $1 AND final_black IS NULL",
        )
        .bind(id)
        .bind(i64::from(score.b))
        .bind(i64::from(score.w))
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// An account's finished games, newest first, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn archive_of(
        &self,
        name: &str,
        limit: usize,
    ) -> Result<Vec<ArchivedGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT g.id, g.black_account, g.white_account, g.black_name, g.white_name, \
             g.winner, g.ending, g.rated, g.rules, g.board, g.finished_ms, \
             g.final_black, g.final_white, \
             (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) AS actions \
             FROM games g WHERE (g.black_account = $1 OR g.white_account = $1) \
             AND g.finished_ms IS NOT NULL ORDER BY g.finished_ms DESC, g.id LIMIT $2",
        )
        .bind(name)
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let accounts = PerSide {
                    b: row.try_get::<Option<String>, _>("black_account")?,
                    w: row.try_get::<Option<String>, _>("white_account")?,
                };
                let side = if accounts.b.as_deref() == Some(name) {
                    Side::Black
                } else {
                    Side::White
                };
                let names = PerSide {
                    b: row.try_get::<String, _>("black_name")?,
                    w: row.try_get::<String, _>("white_name")?,
                };
                let (opponent, opponent_account) = match accounts.of(!side) {
                    Some(account) => (account.clone(), true),
                    None => (names.of(!side).clone(), false),
                };
                let winner: String = row.try_get("winner")?;
                let rules: String = row.try_get("rules")?;
                let board: String = row.try_get("board")?;
                Ok(ArchivedGame {
                    id: row.try_get("id")?,
                    side,
                    opponent,
                    opponent_account,
                    winner: side_of(&winner)?,
                    how: row
                        .try_get::<Option<String>, _>("ending")?
                        .unwrap_or_default(),
                    rated: row.try_get::<i64, _>("rated")? != 0,
                    pool: format!("{rules} {board}"),
                    actions: row.try_get("actions")?,
                    finished_ms: row.try_get("finished_ms")?,
                    score: final_score(row)?,
                })
            })
            .collect()
    }

    /// An account's games against other accounts, unfinished ones first, then
    /// by the last action, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn games_of(&self, name: &str, limit: usize) -> Result<Vec<MyGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, black_account, white_account, updated_ms, deadline_ms, winner \
             FROM games WHERE (black_account = $1 OR white_account = $1) AND mode = 'challenge' \
             ORDER BY CASE WHEN finished_ms IS NULL THEN 0 ELSE 1 END, updated_ms DESC, id \
             LIMIT $2",
        )
        .bind(name)
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let black: Option<String> = row.try_get("black_account")?;
                let white: Option<String> = row.try_get("white_account")?;
                let side = if black.as_deref() == Some(name) {
                    Side::Black
                } else {
                    Side::White
                };
                let winner: Option<String> = row.try_get("winner")?;
                Ok(MyGame {
                    id: row.try_get("id")?,
                    side,
                    opponent: if side == Side::Black { white } else { black },
                    updated_ms: row.try_get("updated_ms")?,
                    deadline_ms: row.try_get("deadline_ms")?,
                    winner: winner.as_deref().map(side_of).transpose()?,
                })
            })
            .collect()
    }
}
