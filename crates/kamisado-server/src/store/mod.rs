//! Games in the database: one row per game and one row per action (a move, a
//! fill choice or a resignation), from which the game is rebuilt by replaying.
//!
//! The database is SQLite (`sqlite://FILE`, the default) or PostgreSQL
//! (`postgres://USER@HOST:PORT/DB`), through one portable dialect: `$n`
//! placeholders, TEXT, INTEGER, BIGINT and DOUBLE PRECISION columns, and
//! `INSERT … ON CONFLICT` where a row may be made by two processes at once
//! (SQLite has it since 3.24). What differs is
//! said where it is done: PostgreSQL tells the other server processes of each
//! change (`NOTIFY`), and takes advisory locks where SQLite's single writer
//! already orders everything.
//!
//! Every change to a game raises its `version`, and is made only to the
//! version it was decided on: of two processes deciding different changes to
//! one version, the database takes the first and calls the other stale.

use std::str::FromStr;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::postgres::PgListener;
use sqlx::{Any, ConnectOptions, Executor, Row, Transaction};
use tokio::sync::{mpsc, oneshot};

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};

use crate::clock::{Clock, TimeControl};
use crate::error::ServerError;
use crate::wire::PerSide;

mod players;
mod puzzles;

pub use players::{ChallengeRow, Refused};
pub use puzzles::PuzzleRow;

/// The schema, in order; each is applied once and remembered in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 5] = [
    (1, include_str!("../../migrations/0001_games.sql")),
    (2, include_str!("../../migrations/0002_board.sql")),
    (3, include_str!("../../migrations/0003_processes.sql")),
    (4, include_str!("../../migrations/0004_players.sql")),
    (5, include_str!("../../migrations/0005_puzzles.sql")),
];

/// The PostgreSQL channel on which every committed change to a game is told,
/// as `ID VERSION`.
pub const CHANNEL: &str = "kamisado_games";

/// The advisory lock that lets one process at a time bring the schema up to date.
const MIGRATION_LOCK: i64 = 0x6b61_6d69;

/// How long a change waits for a database connection before it is refused.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

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
    /// Two accounts, through an open challenge: seats open by key or by the
    /// session of the seat's account.
    Challenge,
}

impl Mode {
    /// The name used in the database and the API.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Engine => "engine",
            Mode::Local => "local",
            Mode::Friend => "friend",
            Mode::Challenge => "challenge",
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
            "challenge" => Ok(Mode::Challenge),
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
    /// The account playing `side`, if any.
    pub fn account(&self, side: Side) -> Option<&str> {
        match side {
            Side::Black => self.black_account.as_deref(),
            Side::White => self.white_account.as_deref(),
        }
    }
}

/// The database behind a [`Store`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file: one server process.
    Sqlite,
    /// A PostgreSQL server: any number of server processes.
    Postgres,
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
    /// The seats their players have taken.
    pub joined: PerSide<bool>,
    /// The clock after the last action, in a timed game.
    pub clock: Option<Clock>,
}

/// The clock after an action, with the deadline it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The clock.
    pub clock: Clock,
    /// When the side to act loses on time, if a clock runs.
    pub deadline_ms: Option<i64>,
}

/// How a match ended, stored with the action that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The match's winner.
    pub winner: Side,
    /// How its last round ended: `home row`, `deadlock`, `repetition`,
    /// `resignation` or `time`.
    pub how: &'static str,
}

/// One change to a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The action numbered `seq` (from 0), which also ends a takeback offer.
    Append {
        /// Its number.
        seq: usize,
        /// Its text.
        action: String,
        /// The clock after it, in a timed game.
        timing: Option<Timing>,
        /// How the match ended, when the action ends it. A rated game's
        /// ratings are updated in the same transaction.
        end: Option<Ending>,
    },
    /// Removes the actions numbered `from` and later (taking moves back), and
    /// any takeback offer.
    Truncate {
        /// The first action removed.
        from: usize,
    },
    /// A player's name.
    Name {
        /// Whose.
        side: Side,
        /// The name, already cleaned.
        name: String,
    },
    /// A takeback offered by a side, or none (refused or withdrawn).
    Takeback(Option<Side>),
    /// A seat taken by its player for the first time.
    Joined(Side),
}

/// What became of a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Committed: the game is at the next version.
    Done,
    /// Not made: the game had changed since the version it was decided on.
    Stale,
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

/// Changes waiting to be committed together, at most.
const MAX_BATCH: usize = 256;

/// One change to commit, and where to say what became of it.
#[derive(Debug)]
struct Pending {
    id: String,
    version: i64,
    change: Change,
    done: oneshot::Sender<Result<Outcome, ServerError>>,
}

/// The database of games.
///
/// Changes are made by one writer task that commits every change waiting at
/// the time in one transaction (a group commit): one disk flush for many
/// games' moves, each acknowledged only once its commit returned.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    changes: mpsc::Sender<Pending>,
}

/// Milliseconds since the Unix epoch, by this machine's clock.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A database URL as it may be shown: its password, if any, left out
/// (`postgres://user:***@host/db`).
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{name}:***@{host}{path}")
        }
        _ => url.to_string(),
    }
}

/// Which database a URL names, with the URL SQLite is opened by (the file
/// created if missing).
fn backend_of(url: &str) -> Result<(Backend, String), ServerError> {
    let bad = |why: &str| {
        ServerError::BadRequest(format!(
            "database `{}`: {why}; expected sqlite://FILE or postgres://USER@HOST:PORT/DB",
            redacted(url)
        ))
    };
    let (scheme, rest) = url.split_once(':').ok_or_else(|| bad("no scheme"))?;
    match scheme {
        "sqlite" => {
            if rest.trim_start_matches('/').is_empty() {
                return Err(bad("no file named"));
            }
            let url = if url.contains("mode=") {
                url.to_string()
            } else if url.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            Ok((Backend::Sqlite, url))
        }
        "postgres" | "postgresql" => Ok((Backend::Postgres, url.to_string())),
        other => Err(bad(&format!(
            "`{other}` is not a database this server speaks"
        ))),
    }
}

/// Commits changes in batches until every sender is gone.
async fn write_changes(pool: AnyPool, backend: Backend, mut queue: mpsc::Receiver<Pending>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // Rows are locked in one order by every process, so that two batches
        // never wait for each other.
        batch.sort_by(|a, b| a.id.cmp(&b.id));
        match commit_batch(&pool, backend, &batch).await {
            Ok(outcomes) => {
                for (pending, outcome) in batch.drain(..).zip(outcomes) {
                    let _ = pending.done.send(Ok(outcome));
                }
            }
            Err(e) => {
                let e = ServerError::from(e);
                let reason = e.to_string();
                for pending in batch.drain(..) {
                    let _ = pending.done.send(Err(match &e {
                        ServerError::Unavailable(_) => ServerError::Unavailable(reason.clone()),
                        _ => {
                            ServerError::Unavailable(format!("the change was not stored: {reason}"))
                        }
                    }));
                }
            }
        }
    }
}

/// Makes each change in one transaction: all are committed, or none.
async fn commit_batch(
    pool: &AnyPool,
    backend: Backend,
    batch: &[Pending],
) -> Result<Vec<Outcome>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut told = Vec::new();
    for p in batch {
        let outcome = make_change(&mut tx, backend, p).await?;
        if outcome == Outcome::Done {
            told.push(format!("{} {}", p.id, p.version + 1));
        }
        outcomes.push(outcome);
    }
    if backend == Backend::Postgres {
        // Delivered to the listening processes when the transaction commits:
        // a notice names many changes, within what a notice holds.
        for payload in notice_payloads(&told) {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(outcomes)
}

/// The most bytes of changes one notice carries (PostgreSQL takes 8000).
const MAX_PAYLOAD: usize = 7900;

/// Changes (`ID VERSION`) joined by commas into as few notices as fit.
fn notice_payloads(changes: &[String]) -> Vec<String> {
    let mut payloads: Vec<String> = Vec::new();
    for change in changes {
        match payloads.last_mut() {
            Some(last) if last.len() + 1 + change.len() <= MAX_PAYLOAD => {
                last.push(',');
                last.push_str(change);
            }
            _ => payloads.push(change.clone()),
        }
    }
    payloads
}

/// A value bound to a statement: the dialect's two kinds of column.
#[derive(Clone, Debug)]
enum Val {
    Text(Option<String>),
    Int(Option<i64>),
}

/// Raises the game's version if it is still `p.version`, then makes the change.
async fn make_change(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    p: &Pending,
) -> Result<Outcome, sqlx::Error> {
    let side_column = |side: Side, black: &'static str, white: &'static str| match side {
        Side::Black => black,
        Side::White => white,
    };
    // What the change sets beside the version: each column's expression,
    // or a value bound to it (from `$3` on).
    let mut sets: Vec<(String, Option<Val>)> = Vec::new();
    let fixed = |expression: &str| (expression.to_string(), None);
    let bound = |column: &str, value: Val| (column.to_string(), Some(value));
    match &p.change {
        Change::Truncate { .. } => {
            sets.push(fixed("takeback = NULL"));
            sets.push(fixed("takebacks = takebacks + 1"));
        }
        Change::Append { timing, end, .. } => {
            sets.push(fixed("takeback = NULL"));
            sets.push(bound("updated_ms", Val::Int(Some(now_ms() as i64))));
            if let Some(timing) = timing {
                let clock = &timing.clock;
                sets.push(bound("black_ms", Val::Int(clock.left.b)));
                sets.push(bound("white_ms", Val::Int(clock.left.w)));
                sets.push(bound("clock_since", Val::Int(Some(clock.since_ms))));
                let running = clock.running.map(|s| s.to_string());
                sets.push(bound("clock_running", Val::Text(running)));
                sets.push(bound("deadline_ms", Val::Int(timing.deadline_ms)));
            }
            if let Some(end) = end {
                sets.push(bound("finished_ms", Val::Int(Some(now_ms() as i64))));
                sets.push(bound("winner", Val::Text(Some(end.winner.to_string()))));
                sets.push(bound("ending", Val::Text(Some(end.how.to_string()))));
                if timing.is_none() {
                    sets.push(fixed("deadline_ms = NULL"));
                }
            }
        }
        Change::Takeback(None) => sets.push(fixed("takeback = NULL")),
        Change::Takeback(Some(side)) => {
            sets.push(bound("takeback", Val::Text(Some(side.to_string()))));
        }
        Change::Name { side, name } => sets.push(bound(
            side_column(*side, "black_name", "white_name"),
            Val::Text(Some(name.clone())),
        )),
        Change::Joined(side) => sets.push(fixed(&format!(
            "{} = 1",
            side_column(*side, "black_joined", "white_joined")
        ))),
    }
    let mut values = Vec::new();
    let assignments: Vec<String> = sets
        .into_iter()
        .map(|(column, value)| match value {
            Some(value) => {
                values.push(value);
                format!("{column} = ${}", values.len() + 2)
            }
            None => column,
        })
        .collect();
    let sql = format!(
        "UPDATE games SET version = version + 1, {} WHERE id = $1 AND version = $2",
        assignments.join(", ")
    );
    let mut update = sqlx::query(&sql).bind(&p.id).bind(p.version);
    for value in values {
        update = match value {
            Val::Text(v) => update.bind(v),
            Val::Int(v) => update.bind(v),
        };
    }
    if update.execute(&mut **tx).await?.rows_affected() == 0 {
        return Ok(Outcome::Stale);
    }
    match &p.change {
        Change::Append {
            seq, action, end, ..
        } => {
            sqlx::query("INSERT INTO actions (game_id, seq, action) VALUES ($1, $2, $3)")
                .bind(&p.id)
                .bind(*seq as i64)
                .bind(action)
                .execute(&mut **tx)
                .await?;
            if let Some(end) = end {
                players::rate(tx, backend, &p.id, end.winner).await?;
            }
        }
        Change::Truncate { from } => {
            sqlx::query("DELETE FROM actions WHERE game_id = $1 AND seq >= $2")
                .bind(&p.id)
                .bind(*from as i64)
                .execute(&mut **tx)
                .await?;
        }
        Change::Name { .. } | Change::Takeback(_) | Change::Joined(_) => {}
    }
    Ok(Outcome::Done)
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

/// One change of a notice, `ID VERSION`.
fn read_change(text: &str) -> Option<(String, i64)> {
    let (id, version) = text.split_once(' ')?;
    Some((id.to_string(), version.parse().ok()?))
}

/// What a listener hears of the other processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Games were changed: each game's id and its version after the change.
    Changed(Vec<(String, i64)>),
    /// The listener was cut off and is listening again: changes made
    /// meanwhile were not heard.
    Resumed,
    /// The open challenges changed, as told on [`players::LOBBY_CHANNEL`].
    Lobby(String),
}

/// Hears every change committed by any process (PostgreSQL only).
pub struct Listener {
    url: String,
    inner: Option<PgListener>,
}

impl Listener {
    async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
        let mut listener = PgListener::connect(url).await?;
        listener
            .listen_all([CHANNEL, players::LOBBY_CHANNEL])
            .await?;
        Ok(listener)
    }

    /// The next change; when the connection was lost, waits until it is back
    /// and answers [`Notice::Resumed`].
    pub async fn next(&mut self) -> Notice {
        loop {
            if let Some(listener) = self.inner.as_mut() {
                match listener.try_recv().await {
                    Ok(Some(n)) if n.channel() == players::LOBBY_CHANNEL => {
                        return Notice::Lobby(n.payload().to_string());
                    }
                    Ok(Some(n)) => {
                        let changes: Option<Vec<(String, i64)>> =
                            n.payload().split(',').map(read_change).collect();
                        match changes {
                            Some(changes) => return Notice::Changed(changes),
                            None => tracing::warn!(payload = n.payload(), "an unreadable notice"),
                        }
                        continue;
                    }
                    Ok(None) => tracing::warn!("the database listener lost its connection"),
                    Err(e) => tracing::warn!("the database listener failed: {e}"),
                }
                self.inner = None;
            }
            let mut wait = Duration::from_millis(100);
            loop {
                match Listener::connect(&self.url).await {
                    Ok(listener) => {
                        self.inner = Some(listener);
                        tracing::info!("the database listener listens again");
                        return Notice::Resumed;
                    }
                    Err(e) => {
                        tracing::debug!("the database listener cannot connect yet: {e}");
                        tokio::time::sleep(wait).await;
                        wait = (wait * 2).min(Duration::from_secs(2));
                    }
                }
            }
        }
    }
}

impl Store {
    /// Opens the database at `url` and brings its schema up to date:
    /// `sqlite://FILE` (the file created if missing) or
    /// `postgres://USER@HOST:PORT/DB` (the database must exist).
    ///
    /// # Errors
    /// An unreadable URL, a database that cannot be opened, or a failed migration.
    pub async fn open(url: &str) -> Result<Store, ServerError> {
        sqlx::any::install_default_drivers();
        let (backend, connect_url) = backend_of(url)?;
        let options = AnyConnectOptions::from_str(&connect_url)
            .map_err(|e| ServerError::BadRequest(format!("database `{}`: {e}", redacted(url))))?
            .disable_statement_logging();
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|e| match ServerError::from(e) {
                ServerError::Database(e) => ServerError::Unavailable(format!(
                    "database `{}` cannot be opened: {e}",
                    redacted(url)
                )),
                other => other,
            })?;
        let (changes, queue) = mpsc::channel(MAX_BATCH * 4);
        tokio::spawn(write_changes(pool.clone(), backend, queue));
        let store = Store {
            pool,
            backend,
            url: url.to_string(),
            changes,
        };
        store.migrate().await?;
        if backend == Backend::Sqlite {
            // One process uses an SQLite file: a claim on an engine's turn
            // is an earlier run's, which died thinking.
            sqlx::query("UPDATE games SET engine_owner = NULL WHERE engine_owner IS NOT NULL")
                .execute(&store.pool)
                .await?;
        }
        tracing::info!(database = ?backend, "the database is open");
        Ok(store)
    }

    /// Whether other processes may share the database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.backend == Backend::Postgres
    }

    /// A listener for the changes every process commits, on PostgreSQL; none
    /// on SQLite, where this process is the only one.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn listener(&self) -> Result<Option<Listener>, ServerError> {
        match self.backend {
            Backend::Sqlite => Ok(None),
            Backend::Postgres => Ok(Some(Listener {
                url: self.url.clone(),
                inner: Some(Listener::connect(&self.url).await?),
            })),
        }
    }

    async fn migrate(&self) -> Result<(), ServerError> {
        let mut conn = self.pool.acquire().await?;
        if self.backend == Backend::Postgres {
            // Processes starting together take turns.
            sqlx::query("SELECT pg_advisory_lock($1)")
                .bind(MIGRATION_LOCK)
                .execute(&mut *conn)
                .await?;
        }
        let result = migrate_on(&mut conn).await;
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(MIGRATION_LOCK)
                .execute(&mut *conn)
                .await?;
        }
        result
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
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            // One process at a time counts an address's games.
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(creator)
                .execute(&mut *tx)
                .await?;
        }
        let since = now.saturating_sub(quota.1.as_millis() as u64);
        let inserted = insert_row(&mut tx, g, creator, Some((since, quota.0))).await?;
        if inserted == 0 {
            let games = match quota.0 {
                1 => "1 game".to_string(),
                n => format!("{n} games"),
            };
            return Err(ServerError::TooMany(format!(
                "too many games: at most {games} per client in {} minutes; finish or wait",
                quota.1.as_secs() / 60
            )));
        }
        tx.commit().await?;
        Ok(())
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
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *tx)
                .await?;
        }
        let Some(row) = sqlx::query(
            "SELECT id, created_at, mode, rules, target, black_name, white_name, black_key, \
             white_key, engine_side, level, seed, board, version, takeback, takebacks, \
             black_joined, white_joined, black_account, white_account, rated, \
             clock_initial_ms, clock_increment_ms, days, black_ms, white_ms, clock_since, \
             clock_running FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Ok(None);
        };
        let corrupt = |what: String| ServerError::Corrupt(format!("game {id}: {what}"));
        let mode: String = row.try_get("mode")?;
        let target: i64 = row.try_get("target")?;
        let level: Option<i64> = row.try_get("level")?;
        let rules: String = row.try_get("rules")?;
        let board: String = row.try_get("board")?;
        let engine_side: Option<String> = row.try_get("engine_side")?;
        let takeback: Option<String> = row.try_get("takeback")?;
        let side = |s: Option<String>, what: &str| {
            s.map(|s| s.parse::<Side>())
                .transpose()
                .map_err(|e| corrupt(format!("{what}: {e}")))
        };
        let game = GameRow {
            id: row.try_get("id")?,
            created_at: row.try_get("created_at")?,
            mode: mode
                .parse()
                .map_err(|_| corrupt(format!("mode `{mode}`")))?,
            rules: rules.parse().map_err(|e| corrupt(format!("{e}")))?,
            board: board.parse().map_err(|e| corrupt(format!("{e}")))?,
            target: u8::try_from(target).map_err(|_| corrupt(format!("target {target}")))?,
            black_name: row.try_get("black_name")?,
            white_name: row.try_get("white_name")?,
            black_key: row.try_get("black_key")?,
            white_key: row.try_get("white_key")?,
            engine_side: side(engine_side, "engine side")?,
            level: level.and_then(|l| u8::try_from(l).ok()),
            seed: row.try_get("seed")?,
            black_account: row.try_get("black_account")?,
            white_account: row.try_get("white_account")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            time: time_control(&row).map_err(corrupt)?,
        };
        let running: Option<String> = row.try_get("clock_running")?;
        let since: Option<i64> = row.try_get("clock_since")?;
        let clock = match (game.time, since) {
            (None, _) => None,
            (Some(control), None) => Some(control.start()),
            (Some(_), Some(since_ms)) => Some(Clock {
                left: PerSide {
                    b: row.try_get("black_ms")?,
                    w: row.try_get("white_ms")?,
                },
                since_ms,
                running: side(running, "running clock")?,
            }),
        };
        let joined = PerSide {
            b: row.try_get::<i64, _>("black_joined")? != 0,
            w: row.try_get::<i64, _>("white_joined")? != 0,
        };
        let version: i64 = row.try_get("version")?;
        let takebacks: i64 = row.try_get("takebacks")?;
        let takeback = side(takeback, "takeback")?;
        let actions =
            sqlx::query("SELECT action FROM actions WHERE game_id = $1 AND seq >= $2 ORDER BY seq")
                .bind(id)
                .bind(from as i64)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(|r| r.try_get::<String, _>("action"))
                .collect::<Result<Vec<_>, _>>()?;
        tx.commit().await?;
        Ok(Some(StoredGame {
            row: game,
            actions,
            from,
            version,
            takebacks,
            takeback,
            joined,
            clock,
        }))
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
        let gone = || ServerError::Unavailable("the database writer has stopped".into());
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
        .execute(&self.pool)
        .await?
        .rows_affected()
            > 0;
        if granted {
            return Ok(Claim::Granted);
        }
        let row = sqlx::query("SELECT version, engine_until FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
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
}

/// Inserts a game's row, unless `quota` (a time in ms since 1970 and a
/// count) says its creator has made that many games since then: one
/// statement counts and inserts, so SQLite takes its write lock at once.
/// The number of rows inserted.
async fn insert_row(
    tx: &mut Transaction<'static, Any>,
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

/// Applies the migrations not yet applied, each in its own transaction.
async fn migrate_on(conn: &mut sqlx::AnyConnection) -> Result<(), ServerError> {
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
        .execute(&mut *conn)
        .await?;
    for (version, sql) in MIGRATIONS {
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_its_database() {
        assert_eq!(
            backend_of("sqlite://k.db").unwrap(),
            (Backend::Sqlite, "sqlite://k.db?mode=rwc".to_string())
        );
        assert_eq!(
            backend_of("sqlite://k.db?mode=ro").unwrap().1,
            "sqlite://k.db?mode=ro"
        );
        assert_eq!(
            backend_of("postgres://u@127.0.0.1:5432/k").unwrap().0,
            Backend::Postgres
        );
        let e = backend_of("mysql://x").unwrap_err().to_string();
        assert!(e.contains("`mysql` is not a database"), "{e}");
        assert!(e.contains("postgres://USER@HOST:PORT/DB"), "{e}");
        assert!(backend_of("kamisado.db").is_err());
    }

    #[tokio::test]
    async fn an_sqlite_store_flushes_every_commit_to_its_log() {
        let path = std::env::temp_dir().join(format!("kamisado-store-{}.db", std::process::id()));
        let store = Store::open(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        let synchronous: i64 = sqlx::query("PRAGMA synchronous")
            .fetch_one(&store.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        let journal: String = sqlx::query("PRAGMA journal_mode")
            .fetch_one(&store.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        store.pool.close().await;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        // FULL, in WAL mode.
        assert_eq!((synchronous, journal.as_str()), (2, "wal"));
    }

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            redacted("postgres://k:sekret@127.0.0.1:5432/k"),
            "postgres://k:***@127.0.0.1:5432/k"
        );
        assert_eq!(redacted("postgres://k@h/k"), "postgres://k@h/k");
        assert_eq!(redacted("sqlite://k.db"), "sqlite://k.db");
        let e = backend_of("mysql://k:sekret@h/k").unwrap_err().to_string();
        assert!(!e.contains("sekret"), "{e}");
    }

    #[test]
    fn notices_carry_many_changes_within_their_limit() {
        let changes: Vec<String> = (0..1000).map(|i| format!("{i:016x} {i}")).collect();
        let payloads = notice_payloads(&changes);
        assert!(payloads.len() > 1);
        assert!(payloads.iter().all(|p| p.len() <= MAX_PAYLOAD));
        let read: Vec<(String, i64)> = payloads
            .iter()
            .flat_map(|p| p.split(','))
            .map(|c| read_change(c).unwrap())
            .collect();
        assert_eq!(read.len(), 1000);
        assert_eq!(read[999], (format!("{:016x}", 999), 999));
        assert!(notice_payloads(&[]).is_empty());
        assert_eq!(read_change("abc"), None);
    }
}
