//! Games in the database: one row per game and one row per action (a move, a
//! fill choice or a resignation), from which the game is rebuilt by replaying.
//!
//! The SQL is portable between SQLite and PostgreSQL: `$n` placeholders, TEXT,
//! INTEGER and BIGINT columns, no upserts.

use std::str::FromStr;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Row, Sqlite, Transaction};
use tokio::sync::{mpsc, oneshot};

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};

use crate::error::ServerError;

/// The schema, in order; each is applied once and remembered in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 2] = [
    (1, include_str!("../migrations/0001_games.sql")),
    (2, include_str!("../migrations/0002_board.sql")),
];

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A player against the engine.
    Engine,
    /// Two players on one screen: one key holds both seats.
    Local,
    /// Two players, each with their own seat key.
    Friend,
}

impl Mode {
    /// The name used in the database and the API.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Engine => "engine",
            Mode::Local => "local",
            Mode::Friend => "friend",
        }
    }
}

impl FromStr for Mode {
    type Err = ServerError;

    fn from_str(s: &str) -> Result<Mode, ServerError> {
        match s {
            "engine" => Ok(Mode::Engine),
            "local" => Ok(Mode::Local),
            "friend" => Ok(Mode::Friend),
            _ => Err(ServerError::BadRequest(format!(
                "`{s}` is not a game mode: expected engine, local or friend"
            ))),
        }
    }
}

/// A game's row: everything about it but its actions.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The public id, in the game's link.
    pub id: String,
    /// When it was created, `YYYY.MM.DD`.
    pub created_at: String,
    /// How it is played.
    pub mode: Mode,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// Black's name.
    pub black_name: String,
    /// White's name.
    pub white_name: String,
    /// Black's seat key (the engine's seat has none).
    pub black_key: Option<String>,
    /// White's seat key.
    pub white_key: Option<String>,
    /// The engine's side, in a game against it.
    pub engine_side: Option<Side>,
    /// The engine's level, 1–6.
    pub level: Option<u8>,
    /// The seed of the engine's choices.
    pub seed: i64,
}

/// Appends waiting to be committed together, at most.
const MAX_BATCH: usize = 256;

/// One action to append, and where to say it is committed.
#[derive(Debug)]
struct Append {
    id: String,
    seq: i64,
    action: String,
    done: oneshot::Sender<Result<(), sqlx::Error>>,
}

/// The database of games.
///
/// Actions are appended by one writer task that commits every append
/// waiting at the time in one transaction (a group commit): one disk flush
/// for many games' moves, each acknowledged only once its commit returned.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    appends: mpsc::Sender<Append>,
}

/// Commits appends in batches until every sender is gone.
async fn write_actions(pool: SqlitePool, mut queue: mpsc::Receiver<Append>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        match commit_batch(&pool, &batch).await {
            Ok(results) => {
                for (append, result) in batch.drain(..).zip(results) {
                    let _ = append.done.send(result);
                }
            }
            Err(e) => {
                let reason = e.to_string();
                for append in batch.drain(..) {
                    let _ = append.done.send(Err(sqlx::Error::Protocol(format!(
                        "the commit failed: {reason}"
                    ))));
                }
            }
        }
    }
}

/// Inserts each append in one transaction; an insert that fails (a number
/// already stored) fails alone.
async fn commit_batch(
    pool: &SqlitePool,
    batch: &[Append],
) -> Result<Vec<Result<(), sqlx::Error>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        let result = sqlx::query("INSERT INTO actions (game_id, seq, action) VALUES ($1, $2, $3)")
            .bind(&a.id)
            .bind(a.seq)
            .bind(&a.action)
            .execute(&mut *tx)
            .await
            .map(|_| ());
        results.push(result);
    }
    tx.commit().await?;
    Ok(results)
}

impl Store {
    /// Opens (creating the file if missing) the database at `url`, such as
    /// `sqlite://kamisado.db`, and brings its schema up to date.
    ///
    /// # Errors
    /// An unreadable URL, a database that cannot be opened, or a failed migration.
    pub async fn open(url: &str) -> Result<Store, ServerError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| ServerError::BadRequest(format!("database `{url}`: {e}")))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(std::time::Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        let (appends, queue) = mpsc::channel(MAX_BATCH * 4);
        tokio::spawn(write_actions(pool.clone(), queue));
        let store = Store { pool, appends };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), ServerError> {
        sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
            .execute(&self.pool)
            .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            let done = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                continue;
            }
            for statement in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                let statement: String = statement
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("--"))
                    .collect::<Vec<_>>()
                    .join("\n");
                if !statement.trim().is_empty() {
                    sqlx::query(&statement).execute(&mut *tx).await?;
                }
            }
            sqlx::query("INSERT INTO schema_migrations (version) VALUES ($1)")
                .bind(version)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// A database failure.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO games (id, created_at, mode, rules, target, black_name, white_name, \
             black_key, white_key, engine_side, level, seed, board) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
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
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A game's row and its actions in order, if it exists.
    ///
    /// # Errors
    /// A database failure or a row that cannot be read.
    pub async fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, ServerError> {
        let Some(row) = sqlx::query(
            "SELECT id, created_at, mode, rules, target, black_name, white_name, black_key, \
             white_key, engine_side, level, seed, board FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let mode: String = row.try_get("mode")?;
        let target: i64 = row.try_get("target")?;
        let level: Option<i64> = row.try_get("level")?;
        let rules: String = row.try_get("rules")?;
        let board: String = row.try_get("board")?;
        let engine_side: Option<String> = row.try_get("engine_side")?;
        let corrupt = |what: String| ServerError::Corrupt(format!("game {id}: {what}"));
        let game = GameRow {
            id: row.try_get("id")?,
            created_at: row.try_get("created_at")?,
            mode: mode
                .parse()
                .map_err(|_| ServerError::Corrupt(format!("mode `{mode}`")))?,
            rules: rules.parse().map_err(|e| corrupt(format!("{e}")))?,
            board: board.parse().map_err(|e| corrupt(format!("{e}")))?,
            target: u8::try_from(target)
                .map_err(|_| ServerError::Corrupt(format!("target {target}")))?,
            black_name: row.try_get("black_name")?,
            white_name: row.try_get("white_name")?,
            black_key: row.try_get("black_key")?,
            white_key: row.try_get("white_key")?,
            engine_side: engine_side
                .map(|s| s.parse::<Side>())
                .transpose()
                .map_err(|e| corrupt(format!("engine side: {e}")))?,
            level: level.and_then(|l| u8::try_from(l).ok()),
            seed: row.try_get("seed")?,
        };
        let actions = sqlx::query("SELECT action FROM actions WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| r.try_get::<String, _>("action"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, actions)))
    }

    /// Appends the action numbered `seq` (from 0) to a game and commits it.
    ///
    /// # Errors
    /// A database failure, or an action with that number already stored.
    pub async fn append_action(
        &self,
        id: &str,
        seq: usize,
        action: &str,
    ) -> Result<(), ServerError> {
        let (done, committed) = oneshot::channel();
        let append = Append {
            id: id.to_string(),
            seq: seq as i64,
            action: action.to_string(),
            done,
        };
        let gone = || ServerError::Unavailable("the database writer has stopped".into());
        self.appends.send(append).await.map_err(|_| gone())?;
        committed.await.map_err(|_| gone())??;
        Ok(())
    }

    /// Removes a game's actions numbered `from` and later (taking moves back).
    ///
    /// # Errors
    /// A database failure.
    pub async fn truncate_actions(&self, id: &str, from: usize) -> Result<(), ServerError> {
        let mut tx: Transaction<'_, Sqlite> = self.pool.begin().await?;
        sqlx::query("DELETE FROM actions WHERE game_id = $1 AND seq >= $2")
            .bind(id)
            .bind(from as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets a player's name.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_name(&self, id: &str, white: bool, name: &str) -> Result<(), ServerError> {
        let sql = if white {
            "UPDATE games SET white_name = $1 WHERE id = $2"
        } else {
            "UPDATE games SET black_name = $1 WHERE id = $2"
        };
        sqlx::query(sql)
            .bind(name)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
