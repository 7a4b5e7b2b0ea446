//! Games in the database: one row per game and one row per action (a move, a
//! fill choice or a resignation), from which the game is rebuilt by replaying.
//!
//! Every change to a game raises its `version`, and is made only to the
//! version it was decided on: of two processes deciding different changes to
//! one version, the database takes the first and calls the other stale. The
//! changes are written by one writer ([`super::writer`]).

use std::time::Duration;

use sqlx::{Any, Row, Transaction};
use tokio::sync::{mpsc, oneshot};

use kamisado_core::Side;

pub use super::change::{Change, Ending, Outcome, Rematch, Timing, answer_of};
use super::clock::TimeControl;
use super::rows::stored_game;
pub use super::rows::{GameRow, StoredGame};
use super::writer::{self, Pending};
use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// The answer to a claim on the engine's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This process thinks about the turn.
    Granted,
    /// Another process holds the turn until this time (ms since the epoch).
    HeldUntil(u64),
    /// The game is no longer at that version.
    Moved,
}

/// The games in the database: their rows, their actions, and the one writer
/// that commits every change to them.
///
/// Changes are made by one writer task that commits every change waiting at
/// the time in one transaction (a group commit): one disk flush for many
/// games' moves, each acknowledged only once its commit returned.
#[derive(Clone, Debug)]
pub struct GameStore {
    db: Db,
    changes: mpsc::Sender<Pending>,
}

/// The columns of a game's row that [`super::rows::stored_game`] reads.
const ROW_COLUMNS: &str = "id, created_at, mode, rules, target, black_name, white_name, \
     black_key, white_key, engine_side, level, seed, board, version, takeback, takeback_answer, takebacks, \
     rematch, rematch_answer, rematch_game, creator, \
     black_joined, white_joined, black_account, white_account, rated, clock_initial_ms, \
     clock_increment_ms, days, black_ms, white_ms, clock_since, clock_running";

impl GameStore {
    /// The games of `db`, with their writer started, which waits
    /// `commit_window` for more changes to commit with the first of a batch.
    pub fn new(db: Db, commit_window: std::time::Duration) -> GameStore {
        let changes = writer::start(db.clone(), commit_window);
        GameStore { db, changes }
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Stores a new game made by `creator` (a client address), unless that
    /// address has made `quota.0` games within the last `quota.1` already:
    /// counted in the database, so that the limit holds across processes.
    ///
    /// # Errors
    /// [`ServerError::TooMany`] over the quota, or a database failure.
    pub async fn insert_game(
        &self,
        g: &GameRow,
        creator: &str,
        quota: (usize, Duration),
    ) -> Result<(), ServerError> {
        let mut conn = self.db.pool.acquire().await?;
        let inserted = self.insert_on(&mut conn, g, creator, quota).await;
        if inserted.is_err() {
            // As the writer's: a connection whose transaction failed is not reused.
            conn.close_on_drop();
        }
        if inserted? == 0 {
            return Err(ServerError::TooMany(Refusal::too_many_games(
                quota.0,
                quota.1.as_secs() / 60,
            )));
        }
        Ok(())
    }

    /// Inserts the game within its creator's quota, in a transaction on
    /// `conn`: the rows inserted (none over the quota).
    async fn insert_on(
        &self,
        conn: &mut sqlx::AnyConnection,
        g: &GameRow,
        creator: &str,
        quota: (usize, Duration),
    ) -> Result<u64, sqlx::Error> {
        let mut tx = sqlx::Connection::begin(conn).await?;
        if self.db.backend == Backend::Postgres {
            // One process at a time counts an address's games.
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(creator)
                .execute(&mut *tx)
                .await?;
        }
        let since = now_ms().saturating_sub(quota.1.as_millis() as u64);
        let inserted = insert_row(&mut tx, g, creator, Some((since, quota.0))).await?;
        if inserted > 0 {
            tx.commit().await?;
        }
        Ok(inserted)
    }

    /// A game as stored, if it exists.
    ///
    /// # Errors
    /// A database failure or a row that cannot be read.
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, ServerError> {
        self.load_game_from(id, 0).await
    }

    /// A game as stored, with only its actions numbered `from` and later,
    /// if it exists.
    ///
    /// # Errors
    /// A database failure or a row that cannot be read.
    pub async fn load_game_from(
        &self,
        id: &str,
        from: usize,
    ) -> Result<Option<StoredGame>, ServerError> {
        // One transaction, so that the row and the actions are of one version.
        let mut tx = self.db.pool.begin().await?;
        if self.db.backend == Backend::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *tx)
                .await?;
        }
        let sql = format!("SELECT {ROW_COLUMNS} FROM games WHERE id = $1");
        let Some(row) = sqlx::query(&sql).bind(id).fetch_optional(&mut *tx).await? else {
            return Ok(None);
        };
        let mut stored = stored_game(&row)?;
        stored.from = from;
        stored.actions =
            sqlx::query("SELECT action FROM actions WHERE game_id = $1 AND seq >= $2 ORDER BY seq")
                .bind(id)
                .bind(from as i64)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(|r| r.try_get::<String, _>("action"))
                .collect::<Result<Vec<_>, _>>()?;
        tx.commit().await?;
        Ok(Some(stored))
    }

    /// Several games as stored, each with its actions from the number given
    /// with its id on: those that exist, in no particular order. On
    /// PostgreSQL one statement reads them all (one round trip, and one
    /// snapshot of the database); SQLite reads them game by game.
    ///
    /// # Errors
    /// A database failure or a row that cannot be read.
    pub async fn load_games_from(
        &self,
        wanted: &[(String, usize)],
    ) -> Result<Vec<StoredGame>, ServerError> {
        if self.db.backend != Backend::Postgres {
            let mut stored = Vec::with_capacity(wanted.len());
            for (id, from) in wanted {
                stored.extend(self.load_game_from(id, *from).await?);
            }
            return Ok(stored);
        }
        let input: Vec<serde_json::Value> = wanted
            .iter()
            .map(|(id, from)| serde_json::json!({ "game": id, "since": from }))
            .collect();
        let sql = format!(
            "SELECT {ROW_COLUMNS}, w.since, (SELECT COALESCE(json_agg(a.action ORDER BY a.seq), \
             '[]')::text FROM actions a WHERE a.game_id = games.id AND a.seq >= w.since) AS since_actions \
             FROM json_to_recordset($1::json) AS w(game TEXT, since BIGINT) \
             JOIN games ON games.id = w.game"
        );
        let rows = sqlx::query(&sql)
            .bind(serde_json::Value::Array(input).to_string())
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let mut stored = stored_game(row)?;
                stored.from = usize::try_from(row.try_get::<i64, _>("since")?).unwrap_or(0);
                let actions: String = row.try_get("since_actions")?;
                stored.actions = serde_json::from_str(&actions).map_err(|e| {
                    let id = &stored.row.id;
                    ServerError::Corrupt(format!("game {id}: its actions do not read: {e}"))
                })?;
                Ok(stored)
            })
            .collect()
    }

    /// Makes a change to the game at `version` and commits it (with the
    /// other changes waiting at the time).
    ///
    /// # Errors
    /// A database failure: the change may or may not have been stored, which
    /// the game's next version tells.
    pub async fn change(
        &self,
        id: &str,
        version: i64,
        change: Change,
    ) -> Result<Outcome, ServerError> {
        let (done, committed) = oneshot::channel();
        let pending = Pending {
            id: id.to_string(),
            version,
            change,
            done,
            queued: std::time::Instant::now(),
        };
        let gone = || ServerError::Unavailable(Refusal::writer_stopped());
        self.changes.send(pending).await.map_err(|_| gone())?;
        committed.await.map_err(|_| gone())?
    }

    /// Claims the engine's turn in the game at `version` for `owner` until
    /// `until` (ms since the epoch): granted when nobody else holds that turn,
    /// or their claim has run out (their process died while thinking).
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim_engine(
        &self,
        id: &str,
        version: i64,
        owner: &str,
        until: u64,
    ) -> Result<Claim, ServerError> {
        let now = now_ms();
        let granted = sqlx::query(
            "UPDATE games SET engine_owner = $1, engine_version = $2, engine_until = $3 \
             WHERE id = $4 AND version = $2 AND (engine_owner IS NULL OR engine_owner = $1 \
             OR engine_version IS NULL OR engine_version <> $2 OR engine_until < $5)",
        )
        .bind(owner)
        .bind(version)
        .bind(until as i64)
        .bind(id)
        .bind(now as i64)
        .execute(&self.db.pool)
        .await?
        .rows_affected()
            > 0;
        if granted {
            return Ok(Claim::Granted);
        }
        let row = sqlx::query("SELECT version, engine_until FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        let Some(row) = row else {
            return Ok(Claim::Moved);
        };
        let stored: i64 = row.try_get("version")?;
        let held: Option<i64> = row.try_get("engine_until")?;
        Ok(match held {
            Some(held) if stored == version => Claim::HeldUntil(held.max(0) as u64),
            _ => Claim::Moved,
        })
    }

    /// Gives a game's side to an account, when that side has none yet:
    /// whether it did.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim_side(&self, id: &str, side: Side, name: &str) -> Result<bool, ServerError> {
        let column = match side {
            Side::Black => "black_account",
            Side::White => "white_account",
        };
        let sql = format!(
            "UPDATE games SET {column} = $1, version = version + 1 \
             WHERE id = $2 AND {column} IS NULL"
        );
        let done = sqlx::query(&sql)
            .bind(name)
            .bind(id)
            .execute(&self.db.pool)
            .await?
            .rows_affected()
            > 0;
        Ok(done)
    }

    /// Marks a game that ended before it had an account as finished, for
    /// its archive.
    ///
    /// # Errors
    /// A database failure.
    pub async fn mark_finished(
        &self,
        id: &str,
        winner: Side,
        how: &str,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE games SET finished_ms = COALESCE(finished_ms, updated_ms, created_ms), \
             winner = $2, ending = $3 WHERE id = $1 AND finished_ms IS NULL",
        )
        .bind(id)
        .bind(winner.to_string())
        .bind(how)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Games whose side to act has run out of time at `now`, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn due_games(&self, now: i64, limit: usize) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline_ms <= $1 AND finished_ms IS NULL \
             ORDER BY deadline_ms LIMIT $2",
        )
        .bind(now)
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|row| Ok(row.try_get("id")?)).collect()
    }
}

/// Inserts a game's row, unless `quota` (a time in ms since 1970 and a
/// count) says its creator has made that many games since then: one
/// statement counts and inserts, so SQLite takes its write lock at once.
/// The number of rows inserted.
pub(crate) async fn insert_row(
    tx: &mut Transaction<'_, Any>,
    g: &GameRow,
    creator: &str,
    quota: Option<(u64, usize)>,
) -> Result<u64, sqlx::Error> {
    let (since, count) = quota.map_or((i64::MAX, i64::MAX), |(since, count)| {
        (since as i64, count as i64)
    });
    let (initial, increment, days) = match g.time {
        Some(TimeControl::Fischer {
            initial_ms,
            increment_ms,
        }) => (Some(initial_ms), Some(increment_ms), None),
        Some(TimeControl::Days(d)) => (None, None, Some(i64::from(d))),
        None => (None, None, None),
    };
    let now = now_ms() as i64;
    Ok(sqlx::query(
        "INSERT INTO games (id, created_at, mode, rules, target, black_name, white_name, \
         black_key, white_key, engine_side, level, seed, board, creator, created_ms, \
         black_account, white_account, rated, clock_initial_ms, clock_increment_ms, days, \
         black_ms, white_ms, updated_ms) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $18, $19, \
         $20, $21, $22, $23, $21, $21, $15 \
         WHERE (SELECT COUNT(*) FROM games WHERE creator = $14 AND created_ms > $16) < $17",
    )
    .bind(&g.id)
    .bind(&g.created_at)
    .bind(g.mode.name())
    .bind(g.rules.name())
    .bind(i64::from(g.target))
    .bind(&g.black_name)
    .bind(&g.white_name)
    .bind(&g.black_key)
    .bind(&g.white_key)
    .bind(g.engine_side.map(|s| s.to_string()))
    .bind(g.level.map(i64::from))
    .bind(g.seed)
    .bind(g.board.name())
    .bind(creator)
    .bind(now)
    .bind(since)
    .bind(count)
    .bind(&g.black_account)
    .bind(&g.white_account)
    .bind(i64::from(g.rated))
    .bind(initial)
    .bind(increment)
    .bind(days)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}
