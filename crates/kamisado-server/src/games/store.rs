//! Games in the database: one row per game and one row per action (a move, a
//! fill choice or a resignation), from which the game is rebuilt by replaying.
//!
//! Every change to a game raises its `version`, and is made only to the
//! version it was decided on: of two processes deciding different changes to
//! one version, the database takes the first and calls the other stale. The
//! changes are written by one writer ([`super::writer`]).

use std::time::Duration;

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use tokio::sync::{mpsc, oneshot};

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};
use kamisado_wire::{Mode, OfferAnswer, PerSide};

pub use super::change::{Change, Ending, Outcome, Rematch, Timing, answer_of};
use super::clock::{Clock, TimeControl};
use super::writer::{self, Pending};
use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;
use kamisado_wire::Refusal;

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
    /// Black's account, if Black plays under one.
    pub black_account: Option<String>,
    /// White's account.
    pub white_account: Option<String>,
    /// Whether the result changes both accounts' ratings.
    pub rated: bool,
    /// The time control, in a timed game.
    pub time: Option<TimeControl>,
}

impl GameRow {
    /// A match to `target` on one screen between Black and Gold: no seat
    /// keys, engine, accounts or clock; the game that the patch tests and
    /// `examples/publish` play.
    pub fn on_one_screen(rules: Rules, board: BoardSize, target: u8) -> GameRow {
        GameRow {
            id: "0123456789abcdef".into(),
            created_at: "2026.01.01".into(),
            mode: Mode::Local,
            rules,
            board,
            target,
            black_name: "Black".into(),
            white_name: "Gold".into(),
            black_key: None,
            white_key: None,
            engine_side: None,
            level: None,
            seed: 0,
            black_account: None,
            white_account: None,
            rated: false,
            time: None,
        }
    }

    /// The account playing `side`, if any.
    pub fn account(&self, side: Side) -> Option<&str> {
        match side {
            Side::Black => self.black_account.as_deref(),
            Side::White => self.white_account.as_deref(),
        }
    }
}

/// A game as stored: its row, its actions in order, and what its players do
/// beside them.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Everything about the game but its actions.
    pub row: GameRow,
    /// The actions from number `from` on, as their text.
    pub actions: Vec<String>,
    /// The number of the first action read (0: all of them).
    pub from: usize,
    /// The number of changes made to the game.
    pub version: i64,
    /// The number of changes that removed actions (undo, takebacks).
    pub takebacks: i64,
    /// A takeback offered by this side and not yet answered.
    pub takeback: Option<Side>,
    /// What became of the last takeback offer, until the next action or offer.
    pub takeback_answer: Option<OfferAnswer>,
    /// What the players did about a rematch.
    pub rematch: Rematch,
    /// Whether a tournament made the game (it has no rematch).
    pub tournament: bool,
    /// The seats their players have taken.
    pub joined: PerSide<bool>,
    /// The clock after the last action, in a timed game.
    pub clock: Option<Clock>,
}

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

/// The columns of a game's row that [`game_row`] reads.
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

/// A stored side, or why it is not one.
fn side_of(text: Option<String>, what: &str) -> Result<Option<Side>, String> {
    text.map(|s| s.parse::<Side>())
        .transpose()
        .map_err(|e| format!("{what}: {e}"))
}

/// An offer's answer kept in `column`, or why it is not one.
fn stored_answer(
    row: &AnyRow,
    column: &str,
) -> Result<Result<Option<OfferAnswer>, String>, sqlx::Error> {
    let text: Option<String> = row.try_get(column)?;
    Ok(text.map(|text| answer_of(&text)).transpose())
}

/// A game's row as read, without its actions.
fn stored_game(row: &AnyRow) -> Result<StoredGame, ServerError> {
    let id: String = row.try_get("id")?;
    let corrupt = |what: String| ServerError::Corrupt(format!("game {id}: {what}"));
    let game = game_row(row)?.map_err(corrupt)?;
    let clock = clock_of(row, game.time)?.map_err(corrupt)?;
    Ok(StoredGame {
        joined: PerSide {
            b: row.try_get::<i64, _>("black_joined")? != 0,
            w: row.try_get::<i64, _>("white_joined")? != 0,
        },
        version: row.try_get("version")?,
        takebacks: row.try_get("takebacks")?,
        takeback: side_of(row.try_get("takeback")?, "takeback").map_err(corrupt)?,
        takeback_answer: stored_answer(row, "takeback_answer")?.map_err(corrupt)?,
        rematch: Rematch {
            offer: side_of(row.try_get("rematch")?, "rematch").map_err(corrupt)?,
            answer: stored_answer(row, "rematch_answer")?.map_err(corrupt)?,
            game: row.try_get("rematch_game")?,
        },
        tournament: row
            .try_get::<Option<String>, _>("creator")?
            .is_some_and(|c| c.starts_with("tournament ")),
        clock,
        row: game,
        actions: Vec::new(),
        from: 0,
    })
}

/// The game's row from its columns; the error says which value is wrong.
fn game_row(row: &AnyRow) -> Result<Result<GameRow, String>, sqlx::Error> {
    let mode: String = row.try_get("mode")?;
    let target: i64 = row.try_get("target")?;
    let level: Option<i64> = row.try_get("level")?;
    let rules: String = row.try_get("rules")?;
    let board: String = row.try_get("board")?;
    let engine_side: Option<String> = row.try_get("engine_side")?;
    let read = || -> Result<(Mode, Rules, BoardSize, u8, Option<Side>), String> {
        Ok((
            mode.parse().map_err(|_| format!("mode `{mode}`"))?,
            rules.parse().map_err(|e| format!("{e}"))?,
            board.parse().map_err(|e| format!("{e}"))?,
            u8::try_from(target).map_err(|_| format!("target {target}"))?,
            side_of(engine_side.clone(), "engine side")?,
        ))
    };
    let (mode, rules, board, target, engine_side) = match read() {
        Ok(values) => values,
        Err(e) => return Ok(Err(e)),
    };
    let time = match time_control(row) {
        Ok(time) => time,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(GameRow {
        id: row.try_get("id")?,
        created_at: row.try_get("created_at")?,
        mode,
        rules,
        board,
        target,
        black_name: row.try_get("black_name")?,
        white_name: row.try_get("white_name")?,
        black_key: row.try_get("black_key")?,
        white_key: row.try_get("white_key")?,
        engine_side,
        level: level.and_then(|l| u8::try_from(l).ok()),
        seed: row.try_get("seed")?,
        black_account: row.try_get("black_account")?,
        white_account: row.try_get("white_account")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        time,
    }))
}

/// The clock as stored after the last action, in a timed game.
fn clock_of(
    row: &AnyRow,
    time: Option<TimeControl>,
) -> Result<Result<Option<Clock>, String>, sqlx::Error> {
    let running: Option<String> = row.try_get("clock_running")?;
    let since: Option<i64> = row.try_get("clock_since")?;
    Ok(match (time, since) {
        (None, _) => Ok(None),
        (Some(control), None) => Ok(Some(control.start())),
        (Some(_), Some(since_ms)) => {
            let left = PerSide {
                b: row.try_get("black_ms")?,
                w: row.try_get("white_ms")?,
            };
            side_of(running, "running clock").map(|running| {
                Some(Clock {
                    left,
                    since_ms,
                    running,
                })
            })
        }
    })
}

/// A row's time control, from its columns.
fn time_control(row: &sqlx::any::AnyRow) -> Result<Option<TimeControl>, String> {
    let initial: Option<i64> = row.try_get("clock_initial_ms").map_err(|e| e.to_string())?;
    let increment: Option<i64> = row
        .try_get("clock_increment_ms")
        .map_err(|e| e.to_string())?;
    let days: Option<i64> = row.try_get("days").map_err(|e| e.to_string())?;
    match (initial, days) {
        (Some(initial_ms), None) => Ok(Some(TimeControl::Fischer {
            initial_ms,
            increment_ms: increment.unwrap_or(0),
        })),
        (None, Some(d)) => u8::try_from(d)
            .map(|d| Some(TimeControl::Days(d)))
            .map_err(|_| format!("{d} days a move")),
        (None, None) => Ok(None),
        (Some(_), Some(_)) => Err("both a clock and days a move".into()),
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
