//! Puzzles in the database, with their ratings and the attempts at them
//! (docs/learning.md).

use sqlx::Row;

use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;
use crate::ratings::glicko::{self, Rating};
use crate::ratings::rating_of;

/// A puzzle as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    /// Its id: from its board and position.
    pub id: String,
    /// The board's name.
    pub board: String,
    /// The position in notation.
    pub position: String,
    /// The winning move, then the proven line.
    pub solution: Vec<String>,
    /// Plies to the win.
    pub plies: u32,
    /// The difficulty, 1 to 5.
    pub grade: u8,
    /// Legal moves.
    pub moves: u32,
    /// Legal moves that do not lose at once.
    pub plausible: u32,
    /// Its rating.
    pub rating: Rating,
    /// The account whose game it comes from.
    pub owner: Option<String>,
    /// That game.
    pub source: Option<String>,
}

/// The columns a puzzle is read from.
const COLUMNS: &str = "id, board, position, solution, plies, grade, moves, plausible, rating, \
                       deviation, volatility, owner, source";

fn puzzle_of(row: &sqlx::any::AnyRow) -> Result<PuzzleRow, ServerError> {
    let solution: String = row.try_get("solution")?;
    let number = |name: &str| -> Result<i64, sqlx::Error> { row.try_get(name) };
    Ok(PuzzleRow {
        id: row.try_get("id")?,
        board: row.try_get("board")?,
        position: row.try_get("position")?,
        solution: solution.split(' ').map(str::to_string).collect(),
        plies: number("plies")?.max(0) as u32,
        grade: number("grade")?.clamp(1, 5) as u8,
        moves: number("moves")?.max(0) as u32,
        plausible: number("plausible")?.max(0) as u32,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        owner: row.try_get("owner")?,
        source: row.try_get("source")?,
    })
}

/// The puzzles and the players' puzzle ratings in the database.
#[derive(Clone, Debug)]
pub struct PuzzleStore {
    db: Db,
}

impl PuzzleStore {
    /// The puzzles of `db`.
    pub fn new(db: Db) -> PuzzleStore {
        PuzzleStore { db }
    }

    /// Stores a puzzle unless one of that id is there: whether it was new.
    ///
    /// # Errors
    /// A database failure.
    pub async fn insert_puzzle(&self, p: &PuzzleRow) -> Result<bool, ServerError> {
        let inserted = sqlx::query(
            "INSERT INTO puzzles (id, board, position, solution, plies, grade, moves, plausible, \
             rating, deviation, volatility, owner, source, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
             ON CONFLICT DO NOTHING",
        )
        .bind(&p.id)
        .bind(&p.board)
        .bind(&p.position)
        .bind(p.solution.join(" "))
        .bind(i64::from(p.plies))
        .bind(i64::from(p.grade))
        .bind(i64::from(p.moves))
        .bind(i64::from(p.plausible))
        .bind(p.rating.rating)
        .bind(p.rating.deviation)
        .bind(p.rating.volatility)
        .bind(&p.owner)
        .bind(&p.source)
        .bind(now_ms() as i64)
        .execute(&self.db.pool)
        .await?
        .rows_affected();
        Ok(inserted > 0)
    }

    /// How many puzzles there are.
    ///
    /// # Errors
    /// A database failure.
    pub async fn puzzle_count(&self) -> Result<i64, ServerError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM puzzles")
            .fetch_one(&self.db.pool)
            .await?;
        Ok(row.try_get("n")?)
    }

    /// One puzzle.
    ///
    /// # Errors
    /// A database failure.
    pub async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, ServerError> {
        let sql = format!("SELECT {COLUMNS} FROM puzzles WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref().map(puzzle_of).transpose()
    }

    /// Puzzles for `name` (or a guest) to try, best first: the player's own
    /// unattempted puzzles, then the unattempted nearest `near`; at most
    /// `limit`, never `skip`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn puzzles_near(
        &self,
        name: Option<&str>,
        near: f64,
        skip: &str,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, ServerError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM puzzles p WHERE p.id <> $3 AND (p.owner IS NULL OR p.owner = $1) \
             AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.name = $1 AND a.puzzle_id = p.id) \
             ORDER BY CASE WHEN p.owner = $1 THEN 0 ELSE 1 END, ABS(p.rating - $2), p.id LIMIT $4"
        );
        let rows = sqlx::query(&sql)
            .bind(name.unwrap_or(""))
            .bind(near)
            .bind(skip)
            .bind(limit as i64)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(puzzle_of).collect()
    }

    /// A player's puzzle rating and attempts (a new player's when none).
    ///
    /// # Errors
    /// A database failure.
    pub async fn puzzle_rating(&self, name: &str) -> Result<(Rating, i64), ServerError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE name = $1",
        )
        .bind(name)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(match row {
            Some(row) => (
                Rating {
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                    volatility: row.try_get("volatility")?,
                },
                row.try_get("attempts")?,
            ),
            None => (Rating::default(), 0),
        })
    }

    /// Records `name`'s attempt at a puzzle: the first is rated, both the
    /// player's puzzle rating and the puzzle's moving (a solve is the
    /// player's win), in one transaction. The player's rating before and
    /// after, and the puzzle's after; none for an attempt already made.
    ///
    /// # Errors
    /// A database failure.
    pub async fn rate_attempt(
        &self,
        name: &str,
        puzzle_id: &str,
        solved: bool,
    ) -> Result<Option<(Rating, Rating, Rating)>, ServerError> {
        let mut tx = self.db.pool.begin().await?;
        let first = sqlx::query(
            "INSERT INTO puzzle_attempts (name, puzzle_id, solved, at_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(puzzle_id)
        .bind(i64::from(solved))
        .bind(now_ms() as i64)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if !first {
            return Ok(None);
        }
        let (player, puzzle) = self.ratings_before(&mut tx, name, puzzle_id).await?;
        let (player_after, puzzle_after) =
            glicko::after_game(player, puzzle, if solved { 1.0 } else { 0.0 });
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
             attempts = attempts + 1 WHERE name = $1",
        )
        .bind(name)
        .bind(player_after.rating)
        .bind(player_after.deviation)
        .bind(player_after.volatility)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, \
             attempts = attempts + 1, solved = solved + $5 WHERE id = $1",
        )
        .bind(puzzle_id)
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(i64::from(solved))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some((player, player_after, puzzle_after)))
    }

    /// The player's puzzle rating (the first one when they have none yet)
    /// and the puzzle's, their rows locked on PostgreSQL.
    async fn ratings_before(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        name: &str,
        puzzle_id: &str,
    ) -> Result<(Rating, Rating), sqlx::Error> {
        let start = Rating::default();
        sqlx::query(
            "INSERT INTO puzzle_ratings (name, rating, deviation, volatility, attempts) \
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .execute(&mut **tx)
        .await?;
        let lock = match self.db.backend {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        };
        let read = |table: &str, key: &str| {
            format!("SELECT rating, deviation, volatility FROM {table} WHERE {key} = $1{lock}")
        };
        let player = sqlx::query(&read("puzzle_ratings", "name"))
            .bind(name)
            .fetch_one(&mut **tx)
            .await?;
        let puzzle = sqlx::query(&read("puzzles", "id"))
            .bind(puzzle_id)
            .fetch_one(&mut **tx)
            .await?;
        Ok((rating_of(&player)?, rating_of(&puzzle)?))
    }
}
