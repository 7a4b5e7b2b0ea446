//! Ratings: Glicko-2 ([`glicko`]) and each account's rating per pool (a
//! rule set and a board), moved when a rated game between accounts ends
//! ([`rate_game`], called by the games' writer in the transaction that
//! stores the end), with the history the player pages draw.

use sqlx::Row;

use kamisado_core::Side;

use crate::db::exec::{Exec, Kind, Val};
use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;

pub mod glicko;

use glicko::Rating;

/// A deviation above this makes a rating provisional.
pub const PROVISIONAL: f64 = 110.0;

/// Whether a rating is provisional: its deviation is still above [`PROVISIONAL`].
pub fn provisional(rating: &Rating) -> bool {
    rating.deviation > PROVISIONAL
}

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// The pool, as `standard 8x8`.
    pub pool: String,
    /// The rating.
    pub rating: Rating,
    /// The rated games played in it.
    pub games: i64,
}

/// A rating after one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The pool.
    pub pool: String,
    /// The game.
    pub game: String,
    /// When the game ended.
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// The ratings in the database.
#[derive(Clone, Debug)]
pub struct Ratings {
    db: Db,
}

impl Ratings {
    /// The ratings of `db`.
    pub fn new(db: Db) -> Ratings {
        Ratings { db }
    }

    /// An account's rating in every pool it has played rated games in.
    ///
    /// # Errors
    /// A database failure.
    pub async fn ratings_of(&self, name: &str) -> Result<Vec<PoolRating>, ServerError> {
        let rows = sqlx::query(
            "SELECT pool, rating, deviation, volatility, games FROM ratings WHERE name = $1 \
             ORDER BY pool",
        )
        .bind(name)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PoolRating {
                    pool: row.try_get("pool")?,
                    rating: rating_of(row)?,
                    games: row.try_get("games")?,
                })
            })
            .collect()
    }

    /// An account's rating after each of its rated games, oldest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn history_of(&self, name: &str) -> Result<Vec<RatingPoint>, ServerError> {
        let rows = sqlx::query(
            "SELECT pool, game_id, at_ms, rating, deviation FROM rating_history \
             WHERE name = $1 ORDER BY at_ms, game_id",
        )
        .bind(name)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingPoint {
                    pool: row.try_get("pool")?,
                    game: row.try_get("game_id")?,
                    at_ms: row.try_get("at_ms")?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                })
            })
            .collect()
    }

    /// The pool's players by rating (the provisional, deviation above
    /// `provisional`, after the others), at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn leaderboard(
        &self,
        pool: &str,
        provisional: f64,
        limit: usize,
    ) -> Result<Vec<(String, Rating, i64)>, ServerError> {
        let rows = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings WHERE pool = $1 \
             ORDER BY CASE WHEN deviation > $2 THEN 1 ELSE 0 END, rating DESC, name LIMIT $3",
        )
        .bind(pool)
        .bind(provisional)
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("name")?, rating_of(row)?, row.try_get("games")?)))
            .collect()
    }

    /// Every pool someone has a rating in.
    ///
    /// # Errors
    /// A database failure.
    pub async fn pools(&self) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query("SELECT DISTINCT pool FROM ratings ORDER BY pool")
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(|row| Ok(row.try_get("pool")?)).collect()
    }
}

/// A rating from its row's columns.
pub fn rating_of(row: &sqlx::any::AnyRow) -> Result<Rating, sqlx::Error> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

/// Rates a game that just ended, in the transaction that stores its end:
/// when it is rated and between two accounts, both players' ratings in its
/// pool move (from their values before it), and each gets a point in its
/// history. On PostgreSQL the two rows are locked in the order of their
/// names, so that two games ending at once rate one after the other.
pub(crate) async fn rate_game(
    tx: &mut impl Exec,
    backend: Backend,
    id: &str,
    winner: Side,
) -> Result<(), ServerError> {
    let row = tx
        .fetch_one(
            "SELECT black_account, white_account, rated, rules, board FROM games WHERE id = $1",
            &[Val::Text(Some(id.to_string()))],
            &[Kind::Text, Kind::Text, Kind::Int, Kind::Text, Kind::Text],
        )
        .await?;
    let account = |i: usize| row[i].text().map(str::to_string);
    let (Some(black), Some(white), true) = (account(0), account(1), row[2].int() != Some(0)) else {
        return Ok(());
    };
    let pool = format!(
        "{} {}",
        row[3].text().unwrap_or_default(),
        row[4].text().unwrap_or_default()
    );
    let mut names = [black.clone(), white.clone()];
    names.sort();
    let mut before = std::collections::HashMap::new();
    for name in &names {
        before.insert(name.clone(), rating_before(tx, backend, name, &pool).await?);
    }
    let score = if winner == Side::Black { 1.0 } else { 0.0 };
    let (b, w) = glicko::after_game(before[&black], before[&white], score);
    for (name, after) in [(&black, b), (&white, w)] {
        rate_after(tx, name, &pool, id, after).await?;
    }
    Ok(())
}

/// A player's rating in a pool before a game (the first rating when they
/// have none yet), its row locked on PostgreSQL.
async fn rating_before(
    tx: &mut impl Exec,
    backend: Backend,
    name: &str,
    pool: &str,
) -> Result<Rating, ServerError> {
    let start = Rating::default();
    let (name, pool) = (
        Val::Text(Some(name.to_string())),
        Val::Text(Some(pool.to_string())),
    );
    tx.execute(
        "INSERT INTO ratings (name, pool, rating, deviation, volatility, games) \
         VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (name, pool) DO NOTHING",
        &[
            name.clone(),
            pool.clone(),
            Val::Real(start.rating),
            Val::Real(start.deviation),
            Val::Real(start.volatility),
        ],
    )
    .await?;
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let sql = format!(
        "SELECT rating, deviation, volatility FROM ratings WHERE name = $1 AND pool = $2{lock}"
    );
    let row = tx
        .fetch_one(&sql, &[name, pool], &[Kind::Real, Kind::Real, Kind::Real])
        .await?;
    let real = |i: usize| row[i].real().unwrap_or_default();
    Ok(Rating {
        rating: real(0),
        deviation: real(1),
        volatility: real(2),
    })
}

/// Stores a player's rating after game `id`, with its point in the history.
async fn rate_after(
    tx: &mut impl Exec,
    name: &str,
    pool: &str,
    id: &str,
    after: Rating,
) -> Result<(), ServerError> {
    let (name, pool) = (
        Val::Text(Some(name.to_string())),
        Val::Text(Some(pool.to_string())),
    );
    tx.execute(
        "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1 \
         WHERE name = $1 AND pool = $2",
        &[
            name.clone(),
            pool.clone(),
            Val::Real(after.rating),
            Val::Real(after.deviation),
            Val::Real(after.volatility),
        ],
    )
    .await?;
    tx.execute(
        "INSERT INTO rating_history (name, pool, game_id, at_ms, rating, deviation) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        &[
            name,
            pool,
            Val::Text(Some(id.to_string())),
            Val::Int(Some(now_ms() as i64)),
            Val::Real(after.rating),
            Val::Real(after.deviation),
        ],
    )
    .await?;
    Ok(())
}
