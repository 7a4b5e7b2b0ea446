//! Tournaments in the database: their rows, entrants and games. A round is
//! paired in one transaction that raises the tournament's round from the
//! one it read, so that of several processes exactly one pairs it.

use kamisado_core::Side;
use kamisado_wire::tournaments::{Format, Stage};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::settings::TournamentRow;
use crate::db::Db;
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// A tournament's entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The number in the tournament, from 1.
    pub seq: u32,
    /// The account's name, or the engine's.
    pub name: String,
    /// The account, for a person.
    pub account: Option<String>,
    /// The level, for an engine.
    pub level: Option<u8>,
    /// The rating at entry.
    pub rating: u32,
    /// The first round the entrant is paired in.
    pub joined_round: u32,
    /// The last round the entrant played before withdrawing.
    pub withdrawn: Option<u32>,
    /// An arena's entrant who paused.
    pub paused: bool,
}

/// One game of a round as stored (or the bye: no White).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotRow {
    /// The round.
    pub round: u32,
    /// The pairing's board, from 1.
    pub board: u32,
    /// The game of the pairing: 0, or 1 for a double round's second.
    pub leg: u32,
    /// Black's number.
    pub black: u32,
    /// White's number; none for the bye.
    pub white: Option<u32>,
    /// The game, once it was made.
    pub game_id: Option<String>,
    /// The winner, once it ended.
    pub winner: Option<Side>,
    /// A game between engine levels: its record.
    pub record: Option<String>,
    /// Not played: the other player withdrew.
    pub forfeit: bool,
    /// When it ended, in ms since 1970.
    pub ended_ms: Option<i64>,
}

/// A tournament whole, as read.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its row.
    pub row: TournamentRow,
    /// Its entrants by number.
    pub entrants: Vec<EntrantRow>,
    /// Its games by round, board and leg.
    pub slots: Vec<SlotRow>,
}

/// Why an entry was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryRefused {
    /// The player has entered already.
    Twice,
    /// Every place is taken.
    Full,
    /// Entries have closed.
    Closed,
}

/// The tournaments' tables.
#[derive(Clone, Debug)]
pub struct TournamentStore {
    pub(super) db: Db,
}

const COLUMNS: &str = "id, name, creator, format, rounds, double_cycle, legs, rules, board, \
     target, initial_s, increment_s, days, rated, min_players, max_players, late_until, \
     pause_s, starts_ms, created_ms, stage, round, next_ms, ends_ms, note";

/// The columns a tournament's creator sets, in the order [`bind_settings`] binds them.
const SETTINGS: &str = "name, format, rounds, double_cycle, legs, rules, board, target, \
     initial_s, increment_s, days, rated, min_players, max_players, late_until, pause_s, \
     starts_ms, ends_ms";

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds the settings of `t` (the [`SETTINGS`] columns, in order) to `q`.
fn bind_settings<'q>(q: AnyQuery<'q>, t: &'q TournamentRow) -> AnyQuery<'q> {
    q.bind(&t.name)
        .bind(t.format.name())
        .bind(i64::from(t.rounds))
        .bind(i64::from(t.double_cycle))
        .bind(i64::from(t.legs))
        .bind(t.rules.name())
        .bind(t.board.name())
        .bind(i64::from(t.target))
        .bind(t.clock.map(|c| c.0 as i64))
        .bind(t.clock.map(|c| c.1 as i64))
        .bind(t.days.map(i64::from))
        .bind(i64::from(t.rated))
        .bind(i64::from(t.min_players))
        .bind(i64::from(t.max_players))
        .bind(i64::from(t.late_until))
        .bind(t.pause_s as i64)
        .bind(t.starts_ms)
        .bind(t.ends_ms)
}

fn corrupt(what: &str) -> ServerError {
    ServerError::Corrupt(format!("a stored tournament's {what} does not read"))
}

fn int(row: &AnyRow, column: &str) -> Result<i64, ServerError> {
    Ok(row.try_get::<i64, _>(column)?)
}

fn small(row: &AnyRow, column: &str) -> Result<u32, ServerError> {
    u32::try_from(int(row, column)?).map_err(|_| corrupt(column))
}

/// A condition read back: SQLite answers 0 or 1, PostgreSQL a boolean.
fn truth(row: &AnyRow, column: &str) -> Result<bool, ServerError> {
    match row.try_get::<bool, _>(column) {
        Ok(b) => Ok(b),
        Err(_) => Ok(int(row, column)? != 0),
    }
}

/// Whether a failure is a key taken by a concurrent insert.
fn is_conflict(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.kind() == sqlx::error::ErrorKind::UniqueViolation)
}

fn tournament_of(row: &AnyRow) -> Result<TournamentRow, ServerError> {
    let initial: Option<i64> = row.try_get("initial_s")?;
    let increment: Option<i64> = row.try_get("increment_s")?;
    let days: Option<i64> = row.try_get("days")?;
    let format: String = row.try_get("format")?;
    let stage: String = row.try_get("stage")?;
    let rules: String = row.try_get("rules")?;
    let board: String = row.try_get("board")?;
    Ok(TournamentRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        creator: row.try_get("creator")?,
        format: Format::of_name(&format).ok_or_else(|| corrupt("format"))?,
        rounds: small(row, "rounds")?,
        double_cycle: int(row, "double_cycle")? != 0,
        legs: small(row, "legs")?,
        rules: rules.parse().map_err(|_| corrupt("rules"))?,
        board: board.parse().map_err(|_| corrupt("board"))?,
        target: u8::try_from(int(row, "target")?).map_err(|_| corrupt("target"))?,
        clock: initial.map(|i| (i.max(0) as u64, increment.unwrap_or(0).max(0) as u64)),
        days: days.and_then(|d| u8::try_from(d).ok()),
        rated: int(row, "rated")? != 0,
        min_players: small(row, "min_players")?,
        max_players: small(row, "max_players")?,
        late_until: small(row, "late_until")?,
        pause_s: int(row, "pause_s")?.max(0) as u64,
        starts_ms: int(row, "starts_ms")?,
        created_ms: int(row, "created_ms")?,
        stage: Stage::of_name(&stage).ok_or_else(|| corrupt("stage"))?,
        round: small(row, "round")?,
        next_ms: row.try_get("next_ms")?,
        ends_ms: row.try_get("ends_ms")?,
        note: row.try_get("note")?,
    })
}

fn entrant_of(row: &AnyRow) -> Result<EntrantRow, ServerError> {
    let level: Option<i64> = row.try_get("level")?;
    let withdrawn: Option<i64> = row.try_get("withdrawn")?;
    Ok(EntrantRow {
        seq: small(row, "seq")?,
        name: row.try_get("name")?,
        account: row.try_get("account")?,
        level: level.and_then(|l| u8::try_from(l).ok()),
        rating: small(row, "rating")?,
        joined_round: small(row, "joined_round")?,
        withdrawn: withdrawn.and_then(|w| u32::try_from(w).ok()),
        paused: int(row, "paused")? != 0,
    })
}

fn slot_of(row: &AnyRow) -> Result<SlotRow, ServerError> {
    let white: Option<i64> = row.try_get("white")?;
    let winner: Option<String> = row.try_get("winner")?;
    Ok(SlotRow {
        round: small(row, "round")?,
        board: small(row, "board")?,
        leg: small(row, "leg")?,
        black: small(row, "black")?,
        white: white.and_then(|w| u32::try_from(w).ok()),
        game_id: row.try_get("game_id")?,
        winner: match winner {
            Some(w) => Some(w.parse().map_err(|_| corrupt("winner"))?),
            None => None,
        },
        record: row.try_get("record")?,
        forfeit: int(row, "forfeit")? != 0,
        ended_ms: row.try_get("ended_ms")?,
    })
}

impl TournamentStore {
    /// The tournaments of `db`.
    pub fn new(db: Db) -> TournamentStore {
        TournamentStore { db }
    }

    /// Stores a new tournament with its engine entrants, unless its creator
    /// has `max_unfinished` open or running already.
    ///
    /// # Errors
    /// [`ServerError::TooMany`] over the limit, or a database failure.
    pub async fn insert(
        &self,
        t: &TournamentRow,
        engines: &[EntrantRow],
        max_unfinished: usize,
    ) -> Result<(), ServerError> {
        let mut tx = self.db.pool.begin().await?;
        let made = bind_settings(
            sqlx::query(&format!(
                "INSERT INTO tournaments (id, {SETTINGS}, creator, created_ms, stage, round, \
                 next_ms, note) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
                 $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25 \
                 WHERE (SELECT COUNT(*) FROM tournaments WHERE creator = $20 \
                 AND stage IN ('open', 'running')) < $26"
            ))
            .bind(&t.id),
            t,
        )
        .bind(&t.creator)
        .bind(t.created_ms)
        .bind(t.stage.name())
        .bind(i64::from(t.round))
        .bind(t.next_ms)
        .bind(&t.note)
        .bind(max_unfinished as i64)
        .execute(&mut *tx)
        .await?;
        if made.rows_affected() == 0 {
            return Err(ServerError::TooMany(Refusal::too_many_tournaments(
                max_unfinished,
            )));
        }
        for e in engines {
            insert_entrant(&mut tx, &t.id, e).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Replaces an open tournament's settings: whether it was still open.
    ///
    /// # Errors
    /// A database failure.
    pub async fn change(&self, t: &TournamentRow) -> Result<bool, ServerError> {
        let done = bind_settings(
            sqlx::query(
                "UPDATE tournaments SET name = $2, format = $3, rounds = $4, double_cycle = $5, \
                 legs = $6, rules = $7, board = $8, target = $9, initial_s = $10, \
                 increment_s = $11, days = $12, rated = $13, min_players = $14, \
                 max_players = $15, late_until = $16, pause_s = $17, starts_ms = $18, \
                 ends_ms = $19 WHERE id = $1 AND stage = 'open'",
            )
            .bind(&t.id),
            t,
        )
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The tournaments, upcoming and running first, then the newest, at
    /// most `limit`, each with its number of entrants.
    ///
    /// # Errors
    /// A database failure.
    pub async fn list(&self, limit: usize) -> Result<Vec<(TournamentRow, u32)>, ServerError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS}, (SELECT COUNT(*) FROM tournament_players p \
             WHERE p.tournament_id = tournaments.id) AS entrants FROM tournaments \
             ORDER BY CASE stage WHEN 'running' THEN 0 WHEN 'open' THEN 1 ELSE 2 END, \
             starts_ms DESC, id LIMIT $1"
        ))
        .bind(limit as i64)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((tournament_of(r)?, small(r, "entrants")?)))
            .collect()
    }

    /// The ids of the tournaments that may have something to do at `now`:
    /// open ones whose start has come, and running ones.
    ///
    /// # Errors
    /// A database failure.
    pub async fn due(&self, now: i64) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE stage = 'running' \
             OR (stage = 'open' AND starts_ms <= $1) ORDER BY starts_ms, id",
        )
        .bind(now)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// The tournament a game was paired in, if any.
    ///
    /// # Errors
    /// A database failure.
    pub async fn of_game(&self, game: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT tournament_id FROM tournament_games WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("tournament_id")?),
            None => None,
        })
    }

    /// A tournament whole.
    ///
    /// # Errors
    /// A database failure, or a row that does not read.
    pub async fn load(&self, id: &str) -> Result<Option<Loaded>, ServerError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let entrants = sqlx::query(
            "SELECT seq, name, account, level, rating, joined_round, withdrawn, paused \
             FROM tournament_players WHERE tournament_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.db.pool)
        .await?;
        let slots = sqlx::query(
            "SELECT round, board, leg, black, white, game_id, winner, record, forfeit, ended_ms \
             FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board, leg",
        )
        .bind(id)
        .fetch_all(&self.db.pool)
        .await?;
        Ok(Some(Loaded {
            row: tournament_of(&row)?,
            entrants: entrants.iter().map(entrant_of).collect::<Result<_, _>>()?,
            slots: slots.iter().map(slot_of).collect::<Result<_, _>>()?,
        }))
    }

    /// Enters a player (its number the next free one) while the
    /// tournament takes entries: open, or a Swiss not past its late round.
    /// Two entries at once on PostgreSQL may draw the same number: the
    /// second fails on the key and is tried again.
    ///
    /// # Errors
    /// A database failure.
    pub async fn enter(
        &self,
        id: &str,
        entrant: &EntrantRow,
    ) -> Result<Result<u32, EntryRefused>, ServerError> {
        let mut tries = 0;
        loop {
            match self.try_enter(id, entrant).await {
                Err(ServerError::Database(e)) if tries < 3 && is_conflict(&e) => tries += 1,
                answer => return answer,
            }
        }
    }

    async fn try_enter(
        &self,
        id: &str,
        e: &EntrantRow,
    ) -> Result<Result<u32, EntryRefused>, ServerError> {
        // Open, a Swiss before its late round, an arena before its end (`now`: a parameter).
        let open = |now: &str| {
            format!(
                "t.stage = 'open' OR (t.stage = 'running' AND ((t.format = 'swiss' \
                 AND t.round < t.late_until) OR (t.format = 'arena' AND t.ends_ms > {now})))"
            )
        };
        let count = "(SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id)";
        let inserted = sqlx::query(&format!(
            "INSERT INTO tournament_players (tournament_id, seq, name, account, level, rating, \
             joined_round) SELECT t.id, (SELECT COALESCE(MAX(p.seq), 0) + 1 FROM \
             tournament_players p WHERE p.tournament_id = t.id), $2, $3, $4, $5, t.round + 1 \
             FROM tournaments t WHERE t.id = $1 AND ({}) AND {count} < t.max_players \
             AND NOT EXISTS (SELECT 1 FROM tournament_players p WHERE p.tournament_id = t.id \
             AND p.name = $2)",
            open("$6")
        ))
        .bind(id)
        .bind(&e.name)
        .bind(&e.account)
        .bind(e.level.map(i64::from))
        .bind(i64::from(e.rating))
        .bind(crate::db::now_ms() as i64)
        .execute(&self.db.pool)
        .await?;
        let state = sqlx::query(&format!(
            "SELECT ({}) AS open, {count} >= t.max_players AS full, \
             (SELECT MAX(p.seq) FROM tournament_players p WHERE p.tournament_id = t.id \
             AND p.name = $2) AS seq FROM tournaments t WHERE t.id = $1",
            open("$3")
        ))
        .bind(id)
        .bind(&e.name)
        .bind(crate::db::now_ms() as i64)
        .fetch_one(&self.db.pool)
        .await?;
        let seq: Option<i64> = state.try_get("seq")?;
        match (inserted.rows_affected(), seq) {
            (1, Some(seq)) => Ok(Ok(u32::try_from(seq).map_err(|_| corrupt("seq"))?)),
            (_, Some(_)) => Ok(Err(EntryRefused::Twice)),
            _ if !truth(&state, "open")? => Ok(Err(EntryRefused::Closed)),
            _ if truth(&state, "full")? => Ok(Err(EntryRefused::Full)),
            _ => Ok(Err(EntryRefused::Closed)),
        }
    }

    /// Withdraws entrant `seq` after round `round`; before the start the
    /// entry is taken back whole (with no number given again).
    ///
    /// # Errors
    /// A database failure.
    pub async fn withdraw(&self, id: &str, seq: u32, round: u32) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE tournament_players SET withdrawn = $3 WHERE tournament_id = $1 AND seq = $2 \
             AND withdrawn IS NULL",
        )
        .bind(id)
        .bind(i64::from(seq))
        .bind(i64::from(round))
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Pauses an arena's entrant `seq`, or resumes them: whether it changed.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_paused(&self, id: &str, seq: u32, paused: bool) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE tournament_players SET paused = $3 WHERE tournament_id = $1 AND seq = $2 \
             AND paused <> $3 AND withdrawn IS NULL",
        )
        .bind(id)
        .bind(i64::from(seq))
        .bind(i64::from(paused))
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets a tournament's stage from `from` to `to`, with a note: whether
    /// this call did it.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_stage(
        &self,
        id: &str,
        from: Stage,
        round: u32,
        to: Stage,
        note: Option<&str>,
    ) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE tournaments SET stage = $3, note = COALESCE($4, note), next_ms = NULL \
             WHERE id = $1 AND stage = $2 AND round = $5",
        )
        .bind(id)
        .bind(from.name())
        .bind(to.name())
        .bind(note)
        .bind(i64::from(round))
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

async fn insert_entrant(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    e: &EntrantRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tournament_players (tournament_id, seq, name, account, level, rating, \
         joined_round, withdrawn) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(i64::from(e.seq))
    .bind(&e.name)
    .bind(&e.account)
    .bind(e.level.map(i64::from))
    .bind(i64::from(e.rating))
    .bind(i64::from(e.joined_round))
    .bind(e.withdrawn.map(i64::from))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
