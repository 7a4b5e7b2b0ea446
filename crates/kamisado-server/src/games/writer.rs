//! The one writer of changes to games: every change waiting at the time is
//! committed in one transaction (a group commit), each acknowledged only
//! once its commit returned; a game that ends is rated in the same
//! transaction; on PostgreSQL the other processes are told of each change.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use kamisado_core::Side;

use super::appends;
use super::change::{Change, Ending, Outcome, Timing, answer_text};
use crate::db::exec::{Exec, SqliteTx, Val, run_now, sqlite_error};
use crate::db::{Backend, Db, now_ms};
use crate::error::ServerError;
use crate::metrics::metrics;
use crate::ratings;
use kamisado_wire::Refusal;

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
    /// When the change was handed to the writer.
    pub(crate) queued: Instant,
}

/// Starts the writer of `db`: the sender of the changes it commits. On
/// SQLite the writer is a thread of its own with its own connection, so
/// that a batch is one hand-off, not one per statement; on PostgreSQL it is
/// a task on a connection of the pool.
///
/// A change waits at most `window` from the moment it was handed over
/// for more to commit with it ([`crate::Limits::commit_window`]), counted
/// from when the oldest change of a batch was queued ([`still_to_wait`]),
/// so that a change that queued while the commit before ran waits only for
/// what is left of its window. A commit (a flush to the
/// disk) costs far more than a change: at a thousand moves a second a
/// batch would otherwise hold one or two, and waiting 5 ms makes it about
/// six and halves the server's CPU time per move (docs/scaling.md).
pub(crate) fn start(db: Db, window: Duration) -> mpsc::Sender<Pending> {
    let (changes, queue) = mpsc::channel(MAX_BATCH * 4);
    match db.backend {
        Backend::Sqlite => {
            let spawned = std::thread::Builder::new()
                .name("kamisado-writer".into())
                .spawn(move || write_sqlite(db, queue, window));
            if let Err(e) = spawned {
                // The queue is gone with the closure: every change is refused.
                tracing::error!("the games' writer could not start: {e}");
            }
        }
        Backend::Postgres => {
            tokio::spawn(write_postgres(db, queue, window));
        }
    }
    changes
}

/// Answers every change of a batch with its outcome, or all with the failure.
fn answer(batch: &mut Vec<Pending>, result: Result<Vec<Outcome>, ServerError>) {
    match result {
        Ok(outcomes) => {
            count_stored(batch, &outcomes);
            for (pending, outcome) in batch.drain(..).zip(outcomes) {
                let _ = pending.done.send(Ok(outcome));
            }
        }
        Err(e) => {
            metrics()
                .changes_failed
                .fetch_add(batch.len() as u64, Ordering::Relaxed);
            let reason = e.to_string();
            for pending in batch.drain(..) {
                let _ = pending.done.send(Err(match &e {
                    ServerError::Unavailable(r) => ServerError::Unavailable(r.clone()),
                    _ => ServerError::Unavailable(Refusal::not_stored(reason.clone())),
                }));
            }
        }
    }
}

/// Adds the changes waiting now to `batch`, up to [`MAX_BATCH`].
fn take_waiting(queue: &mut mpsc::Receiver<Pending>, batch: &mut Vec<Pending>) {
    while batch.len() < MAX_BATCH {
        match queue.try_recv() {
            Ok(pending) => batch.push(pending),
            Err(_) => break,
        }
    }
}

/// How much longer a batch (in the order its changes were queued) waits
/// for more changes: what is left of the window of its oldest change, or
/// nothing when the batch is full, the window is zero or already over (the
/// change queued while the commit before it ran, which then took longer
/// than the window: waiting more would only delay it).
fn still_to_wait(batch: &[Pending], window: Duration) -> Option<Duration> {
    let oldest = batch.first()?;
    let left = window.checked_sub(oldest.queued.elapsed())?;
    (batch.len() < MAX_BATCH && !left.is_zero()).then_some(left)
}

/// Orders a batch so that rows are locked in one order by every process,
/// and two batches never wait for each other.
fn sort(batch: &mut [Pending]) {
    batch.sort_by(|a, b| a.id.cmp(&b.id));
}

/// The SQLite writer: commits every change waiting at the time in one
/// transaction on its own connection, until every sender is gone.
fn write_sqlite(db: Db, mut queue: mpsc::Receiver<Pending>, window: Duration) {
    let mut conn = None;
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = queue.blocking_recv() {
        batch.push(first);
        take_waiting(&mut queue, &mut batch);
        if let Some(wait) = still_to_wait(&batch, window) {
            std::thread::sleep(wait);
            take_waiting(&mut queue, &mut batch);
        }
        sort(&mut batch);
        let started = Instant::now();
        let result = commit_sqlite(&db, &mut conn, &batch);
        observe(started, batch.len());
        if result.is_err() {
            // A connection whose transaction failed (a full disk) is closed
            // and opened again for the next batch, so that no transaction
            // SQLite rolled back by itself is believed still open.
            conn = None;
        }
        answer(&mut batch, result);
    }
}

/// Commits one batch on the writer's SQLite connection, opened if it is not.
fn commit_sqlite(
    db: &Db,
    conn: &mut Option<rusqlite::Connection>,
    batch: &[Pending],
) -> Result<Vec<Outcome>, ServerError> {
    if conn.is_none() {
        *conn = db.sqlite_connection()?;
    }
    let conn = conn
        .as_mut()
        .ok_or_else(|| ServerError::Storage("the SQLite writer has no connection".into()))?;
    // BEGIN and COMMIT prepared once, not parsed again for every batch. A
    // batch that fails leaves its transaction open: the caller closes the
    // connection, which rolls it back.
    let run = |sql: &str| {
        conn.prepare_cached(sql)
            .and_then(|mut statement| statement.raw_execute())
            .map_err(sqlite_error)
    };
    run("BEGIN IMMEDIATE")?;
    let outcomes = run_now(commit_on(&mut SqliteTx(conn), Backend::Sqlite, batch))?;
    run("COMMIT")?;
    Ok(outcomes)
}

/// The time a commit took and the changes it held, in the metrics.
fn observe(started: Instant, changes: usize) {
    metrics().commit_seconds.observe_time(started.elapsed());
    metrics().batch_changes.observe(changes as f64);
}

/// The PostgreSQL writer: commits every change waiting at the time in one
/// transaction, until every sender is gone.
async fn write_postgres(db: Db, mut queue: mpsc::Receiver<Pending>, window: Duration) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        if let Some(wait) = still_to_wait(&batch, window) {
            tokio::time::sleep(wait).await;
            take_waiting(&mut queue, &mut batch);
        }
        sort(&mut batch);
        let result = commit_postgres(&db, &batch).await;
        answer(&mut batch, result);
    }
}

/// Makes each change in one transaction: all are committed, or none; a
/// batch of moves only in one statement ([`appends`]). A
/// connection whose transaction failed (a lost server) is closed rather
/// than reused.
async fn commit_postgres(db: &Db, batch: &[Pending]) -> Result<Vec<Outcome>, ServerError> {
    let asked = Instant::now();
    let mut conn = db.pool.acquire().await?;
    metrics().pool_wait_seconds.observe_time(asked.elapsed());
    let started = Instant::now();
    let result = if appends::takes(batch) {
        appends::store(&mut conn, CHANNEL, batch).await
    } else {
        async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let outcomes = commit_on(&mut tx, Backend::Postgres, batch).await?;
            tx.commit().await?;
            Ok(outcomes)
        }
        .await
    };
    observe(started, batch.len());
    if result.is_err() {
        conn.close_on_drop();
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

/// Makes each change of the batch inside the transaction `tx`; on
/// PostgreSQL, tells the other processes of each one made.
async fn commit_on(
    tx: &mut impl Exec,
    backend: Backend,
    batch: &[Pending],
) -> Result<Vec<Outcome>, ServerError> {
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut told = Vec::new();
    for p in batch {
        let outcome = make_change(tx, backend, p).await?;
        if outcome == Outcome::Done && backend == Backend::Postgres {
            told.push(format!("{} {} {}", p.id, p.version + 1, now_ms()));
        }
        outcomes.push(outcome);
    }
    // Delivered to the listening processes when the transaction commits:
    // a notice names many changes, within what a notice holds.
    for payload in notice_payloads(&told) {
        let values = [
            Val::Text(Some(CHANNEL.to_string())),
            Val::Text(Some(payload)),
        ];
        tx.execute("SELECT pg_notify($1, $2)", &values).await?;
    }
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
    sets.push(fixed("takeback_answer = NULL"));
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
        Change::Truncate { answer, .. } => {
            sets.push(fixed("takeback = NULL"));
            sets.push(fixed("takebacks = takebacks + 1"));
            let answer = answer.as_ref().map(answer_text);
            sets.push(bound("takeback_answer", Val::Text(answer)));
        }
        Change::Append { timing, end, .. } => append_sets(&mut sets, timing.as_ref(), end.as_ref()),
        Change::Answered(answer) => {
            sets.push(fixed("takeback = NULL"));
            let answer = Some(answer_text(answer));
            sets.push(bound("takeback_answer", Val::Text(answer)));
        }
        Change::Takeback(side) => {
            sets.push(bound("takeback", Val::Text(Some(side.to_string()))));
            sets.push(fixed("takeback_answer = NULL"));
        }
        Change::RematchOffer(side) => {
            sets.push(bound("rematch", Val::Text(Some(side.to_string()))));
            sets.push(fixed("rematch_answer = NULL"));
        }
        Change::RematchAnswered(answer) => {
            sets.push(fixed("rematch = NULL"));
            let answer = Some(answer_text(answer));
            sets.push(bound("rematch_answer", Val::Text(answer)));
        }
        Change::Rematched(id) => {
            sets.push(fixed("rematch = NULL"));
            sets.push(bound("rematch_game", Val::Text(Some(id.clone()))));
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
async fn raise_version(tx: &mut impl Exec, p: &Pending) -> Result<bool, ServerError> {
    let mut values = vec![Val::Text(Some(p.id.clone())), Val::Int(Some(p.version))];
    let assignments: Vec<String> = sets_of(&p.change)
        .into_iter()
        .map(|(column, value)| match value {
            Some(value) => {
                values.push(value);
                format!("{column} = ${}", values.len())
            }
            None => column,
        })
        .collect();
    let sql = format!(
        "UPDATE games SET version = version + 1, {} WHERE id = $1 AND version = $2",
        assignments.join(", ")
    );
    Ok(tx.execute(&sql, &values).await? > 0)
}

/// Raises the game's version if it is still `p.version`, then makes the change.
async fn make_change(
    tx: &mut impl Exec,
    backend: Backend,
    p: &Pending,
) -> Result<Outcome, ServerError> {
    if !raise_version(tx, p).await? {
        return Ok(Outcome::Stale);
    }
    let id = Val::Text(Some(p.id.clone()));
    match &p.change {
        Change::Append {
            seq, action, end, ..
        } => {
            let values = [
                id,
                Val::Int(Some(*seq as i64)),
                Val::Text(Some(action.clone())),
            ];
            tx.execute(
                "INSERT INTO actions (game_id, seq, action) VALUES ($1, $2, $3)",
                &values,
            )
            .await?;
            if let Some(end) = end {
                ratings::rate_game(tx, backend, &p.id, end.winner).await?;
            }
        }
        Change::Truncate { from, .. } => {
            let values = [id, Val::Int(Some(*from as i64))];
            tx.execute(
                "DELETE FROM actions WHERE game_id = $1 AND seq >= $2",
                &values,
            )
            .await?;
        }
        Change::Name { .. }
        | Change::Takeback(_)
        | Change::Answered(_)
        | Change::RematchOffer(_)
        | Change::RematchAnswered(_)
        | Change::Rematched(_)
        | Change::Joined(_) => {}
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

    fn queued(age: Duration) -> Pending {
        let (done, _) = oneshot::channel();
        let now = Instant::now();
        Pending {
            id: "g".into(),
            version: 1,
            change: Change::Joined(Side::Black),
            done,
            queued: now.checked_sub(age).unwrap_or(now),
        }
    }

    #[test]
    fn a_batch_waits_only_for_what_is_left_of_its_oldest_changes_window() {
        // Ages of seconds, not hours: the monotonic clock starts at boot.
        let window = Duration::from_secs(10);
        // Just queued: nearly the whole window is left.
        let wait = still_to_wait(&[queued(Duration::ZERO)], window).unwrap();
        assert!(wait > Duration::from_secs(9) && wait <= window);
        // Queued 4 s ago, while the commit before ran: 6 s are left,
        // whatever the younger changes after it.
        let batch = [queued(Duration::from_secs(4)), queued(Duration::ZERO)];
        let wait = still_to_wait(&batch, window).unwrap();
        assert!(wait > Duration::from_secs(5) && wait <= Duration::from_secs(6));
        // Older than the window: it is committed at once.
        assert_eq!(
            still_to_wait(&[queued(Duration::from_secs(11))], window),
            None
        );
        // No window, an empty batch, a full batch: no wait.
        assert_eq!(
            still_to_wait(&[queued(Duration::ZERO)], Duration::ZERO),
            None
        );
        assert_eq!(still_to_wait(&[], window), None);
        let full: Vec<Pending> = (0..MAX_BATCH).map(|_| queued(Duration::ZERO)).collect();
        assert_eq!(still_to_wait(&full, window), None);
    }
}
