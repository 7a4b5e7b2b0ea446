//! The one writer of changes to games: every change waiting at the time is
//! committed in one transaction (a group commit), each acknowledged only
//! once its commit returned; a game that ends is rated in the same
//! transaction; on PostgreSQL the other processes are told of each change.

use std::sync::atomic::Ordering;
use std::time::Instant;

use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::{mpsc, oneshot};

use kamisado_core::Side;

use super::change::{Change, Ending, Outcome, Timing};
use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;
use crate::metrics::metrics;
use crate::ratings;

/// The PostgreSQL channel on which every committed change to a game is told,
/// as `ID VERSION`.
pub const CHANNEL: &str = "kamisado_games";

/// Changes waiting to be committed together, at most.
const MAX_BATCH: usize = 256;

/// One change to commit, and where to say what became of it.
#[derive(Debug)]
pub(crate) struct Pending {
    pub(crate) id: String,
    pub(crate) version: i64,
    pub(crate) change: Change,
    pub(crate) done: oneshot::Sender<Result<Outcome, ServerError>>,
}

/// Starts the writer of `db`: the sender of the changes it commits.
pub(crate) fn start(db: Db) -> mpsc::Sender<Pending> {
    let (changes, queue) = mpsc::channel(MAX_BATCH * 4);
    tokio::spawn(write_changes(db, queue));
    changes
}

/// Commits changes in batches until every sender is gone.
async fn write_changes(db: Db, mut queue: mpsc::Receiver<Pending>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // Rows are locked in one order by every process, so that two batches
        // never wait for each other.
        batch.sort_by(|a, b| a.id.cmp(&b.id));
        match commit_batch(&db, &batch).await {
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

/// Makes each change in one transaction: all are committed, or none. A
/// connection whose transaction failed (a full disk, a lost server) is
/// closed rather than reused: SQLite may have rolled the transaction back by
/// itself, and a connection that believes it is still inside one would make
/// the next batch a savepoint of a transaction never committed.
async fn commit_batch(db: &Db, batch: &[Pending]) -> Result<Vec<Outcome>, sqlx::Error> {
    let counts = metrics();
    let asked = Instant::now();
    let mut conn = db.pool.acquire().await?;
    counts.pool_wait_seconds.observe_time(asked.elapsed());
    let started = Instant::now();
    let result = commit_on(&mut conn, db.backend, batch).await;
    counts.commit_seconds.observe_time(started.elapsed());
    counts.batch_changes.observe(batch.len() as f64);
    match &result {
        Ok(outcomes) => count_stored(batch, outcomes),
        Err(_) => {
            counts
                .changes_failed
                .fetch_add(batch.len() as u64, Ordering::Relaxed);
            conn.close_on_drop();
        }
    }
    result
}

/// Counts the changes a commit stored, and the actions among them.
fn count_stored(batch: &[Pending], outcomes: &[Outcome]) {
    let done = batch
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| **o == Outcome::Done);
    let (mut changes, mut actions) = (0, 0);
    for (p, _) in done {
        changes += 1;
        actions += u64::from(matches!(p.change, Change::Append { .. }));
    }
    metrics()
        .changes_stored
        .fetch_add(changes, Ordering::Relaxed);
    metrics()
        .actions_stored
        .fetch_add(actions, Ordering::Relaxed);
}

async fn commit_on(
    conn: &mut AnyConnection,
    backend: Backend,
    batch: &[Pending],
) -> Result<Vec<Outcome>, sqlx::Error> {
    let mut tx = sqlx::Connection::begin(conn).await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut told = Vec::new();
    for p in batch {
        let outcome = make_change(&mut tx, backend, p).await?;
        if outcome == Outcome::Done {
            told.push(format!("{} {} {}", p.id, p.version + 1, now_ms()));
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

/// Changes (`ID VERSION MS`) joined by commas into as few notices as fit.
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

/// What a change sets beside the version: each column's expression, or
/// a value bound to it.
type Sets = Vec<(String, Option<Val>)>;

fn fixed(expression: &str) -> (String, Option<Val>) {
    (expression.to_string(), None)
}

fn bound(column: &str, value: Val) -> (String, Option<Val>) {
    (column.to_string(), Some(value))
}

/// The column of `side`'s value.
fn side_column(side: Side, black: &'static str, white: &'static str) -> &'static str {
    match side {
        Side::Black => black,
        Side::White => white,
    }
}

/// What an action stored sets: the clock after it, and the match's end.
fn append_sets(sets: &mut Sets, timing: Option<&Timing>, end: Option<&Ending>) {
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
        sets.push(bound("final_black", Val::Int(Some(i64::from(end.score.b)))));
        sets.push(bound("final_white", Val::Int(Some(i64::from(end.score.w)))));
        if timing.is_none() {
            sets.push(fixed("deadline_ms = NULL"));
        }
    }
}

/// What a change sets in the game's row beside its version.
fn sets_of(change: &Change) -> Sets {
    let mut sets = Sets::new();
    match change {
        Change::Truncate { .. } => {
            sets.push(fixed("takeback = NULL"));
            sets.push(fixed("takebacks = takebacks + 1"));
        }
        Change::Append { timing, end, .. } => append_sets(&mut sets, timing.as_ref(), end.as_ref()),
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
    sets
}

/// Raises the game's version if it is still `p.version` and sets what the
/// change sets (values bound from `$3` on): whether it was.
async fn raise_version(tx: &mut Transaction<'_, Any>, p: &Pending) -> Result<bool, sqlx::Error> {
    let mut values = Vec::new();
    let assignments: Vec<String> = sets_of(&p.change)
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
    Ok(update.execute(&mut **tx).await?.rows_affected() > 0)
}

/// Raises the game's version if it is still `p.version`, then makes the change.
async fn make_change(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    p: &Pending,
) -> Result<Outcome, sqlx::Error> {
    if !raise_version(tx, p).await? {
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
                ratings::rate_game(tx, backend, &p.id, end.winner).await?;
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

/// The changes a notice names (`ID VERSION MS`, joined by commas), each
/// one's lag from its commit counted; an unreadable one is logged and
/// skipped.
pub(crate) fn read_changes(payload: &str) -> Vec<(String, i64)> {
    let now = now_ms();
    payload
        .split(',')
        .filter_map(|change| {
            let Some((id, version, at)) = read_change(change) else {
                tracing::warn!(payload, "an unreadable notice");
                return None;
            };
            if let Some(at) = at {
                let lag = now.saturating_sub(at);
                metrics().notice_lag_seconds.observe(lag as f64 / 1000.0);
            }
            Some((id, version))
        })
        .collect()
}

/// One change of a notice: `ID VERSION`, and the time of its commit in ms
/// since 1970 when the notice says (`ID VERSION MS`).
fn read_change(text: &str) -> Option<(String, i64, Option<u64>)> {
    let mut words = text.split(' ');
    let id = words.next()?.to_string();
    let version = words.next()?.parse().ok()?;
    let at = match words.next() {
        Some(ms) => Some(ms.parse().ok()?),
        None => None,
    };
    words.next().is_none().then_some((id, version, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_carry_many_changes_within_their_limit() {
        let changes: Vec<String> = (0..1000)
            .map(|i| format!("{i:016x} {i} {}", 1_764_547_200_000u64 + i))
            .collect();
        let payloads = notice_payloads(&changes);
        assert!(payloads.len() > 1);
        assert!(payloads.iter().all(|p| p.len() <= MAX_PAYLOAD));
        let read: Vec<(String, i64, Option<u64>)> = payloads
            .iter()
            .flat_map(|p| p.split(','))
            .map(|c| read_change(c).unwrap())
            .collect();
        assert_eq!(read.len(), 1000);
        assert_eq!(
            read[999],
            (format!("{:016x}", 999), 999, Some(1_764_547_200_999))
        );
        assert!(notice_payloads(&[]).is_empty());
        assert_eq!(read_change("abc"), None);
        assert_eq!(read_change("abc 7"), Some(("abc".into(), 7, None)));
        assert_eq!(read_change("abc 7 x"), None);
        assert_eq!(read_changes("abc 7 1,de 8").len(), 2);
    }
}
