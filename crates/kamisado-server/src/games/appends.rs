//! A batch of moves stored on PostgreSQL in one statement: every game's
//! version raised, its clock set, its action added and the other processes
//! told, in one round trip rather than two statements a move inside a
//! transaction of its own (each statement a round trip to the database).
//!
//! It takes the batches that are moves only (an action that ends no match,
//! one per game); the writer stores any other batch change by change.

use serde_json::json;

use super::change::{Change, Outcome};
use super::writer::Pending;
use crate::db::now_ms;
use crate::error::ServerError;

/// Notices a statement sends, at most this many changes in each (a notice
/// holds 8000 bytes; a change is its game's id, version and time).
const PER_NOTICE: usize = 64;

/// The statement: the batch as a JSON array of rows (`$1`), the time of
/// the change (`$2`) and the channel of the notices (`$3`). Rows are
/// locked in the order of their ids, as the writer's batches are sorted, so
/// that two processes' batches never wait for each other; a game whose
/// version moved on is left as it is. It answers the ids of the games
/// changed.
const STATEMENT: &str = "
WITH input AS (
    SELECT * FROM json_to_recordset($1::json) AS i(
        id TEXT, version BIGINT, seq BIGINT, action TEXT, timed BOOLEAN,
        black_ms BIGINT, white_ms BIGINT, clock_since BIGINT, clock_running TEXT,
        deadline_ms BIGINT)
), locked AS (
    SELECT g.id FROM games g JOIN input i ON g.id = i.id AND g.version = i.version
    ORDER BY g.id FOR UPDATE OF g
), raised AS (
    UPDATE games g SET version = g.version + 1, takeback = NULL, takeback_answer = NULL,
        updated_ms = $2,
        black_ms = CASE WHEN i.timed THEN i.black_ms ELSE g.black_ms END,
        white_ms = CASE WHEN i.timed THEN i.white_ms ELSE g.white_ms END,
        clock_since = CASE WHEN i.timed THEN i.clock_since ELSE g.clock_since END,
        clock_running = CASE WHEN i.timed THEN i.clock_running ELSE g.clock_running END,
        deadline_ms = CASE WHEN i.timed THEN i.deadline_ms ELSE g.deadline_ms END
    FROM input i JOIN locked l ON l.id = i.id
    WHERE g.id = i.id AND g.version = i.version
    RETURNING g.id, g.version
), stored AS (
    INSERT INTO actions (game_id, seq, action)
    SELECT i.id, i.seq, i.action FROM input i JOIN raised r ON r.id = i.id
    RETURNING game_id
), numbered AS (
    SELECT r.id, r.version, row_number() OVER (ORDER BY r.id) AS n FROM raised r
), notices AS (
    SELECT pg_notify($3, string_agg(id || ' ' || version || ' ' || $2, ',')) AS sent
    FROM numbered GROUP BY (n - 1) / $4
)
SELECT s.game_id FROM stored s WHERE (SELECT count(*) FROM notices) >= 0";

/// Whether the batch is moves only, one a game, which [`store`] takes.
pub(crate) fn takes(batch: &[Pending]) -> bool {
    let moves_only = batch
        .iter()
        .all(|p| matches!(p.change, Change::Append { end: None, .. }));
    // The batch is sorted by id: a game twice is two neighbours.
    let once_each = batch.windows(2).all(|pair| pair[0].id != pair[1].id);
    moves_only && once_each
}

/// The batch as the statement reads it.
fn rows(batch: &[Pending]) -> String {
    let rows: Vec<serde_json::Value> = batch
        .iter()
        .filter_map(|p| match &p.change {
            Change::Append {
                seq,
                action,
                timing,
                ..
            } => {
                let clock = timing.as_ref().map(|t| t.clock);
                Some(json!({
                    "id": p.id,
                    "version": p.version,
                    "seq": seq,
                    "action": action,
                    "timed": timing.is_some(),
                    "black_ms": clock.and_then(|c| c.left.b),
                    "white_ms": clock.and_then(|c| c.left.w),
                    "clock_since": clock.map(|c| c.since_ms),
                    "clock_running": clock.and_then(|c| c.running).map(|s| s.to_string()),
                    "deadline_ms": timing.as_ref().and_then(|t| t.deadline_ms),
                }))
            }
            _ => None,
        })
        .collect();
    serde_json::Value::Array(rows).to_string()
}

/// Stores a batch that [`takes`] accepts in one statement, which is its
/// own transaction: every move is stored, or none. Each change's outcome:
/// done, or stale when its game's version had moved on.
pub(crate) async fn store(
    conn: &mut sqlx::AnyConnection,
    channel: &str,
    batch: &[Pending],
) -> Result<Vec<Outcome>, ServerError> {
    let stored: Vec<(String,)> = sqlx::query_as(STATEMENT)
        .bind(rows(batch))
        .bind(now_ms() as i64)
        .bind(channel.to_string())
        .bind(PER_NOTICE as i64)
        .fetch_all(&mut *conn)
        .await?;
    let stored: std::collections::HashSet<&str> = stored.iter().map(|(id,)| id.as_str()).collect();
    Ok(batch
        .iter()
        .map(|p| match stored.contains(p.id.as_str()) {
            true => Outcome::Done,
            false => Outcome::Stale,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::change::Ending;
    use kamisado_core::Side;

    fn pending(id: &str, change: Change) -> Pending {
        let (done, _) = tokio::sync::oneshot::channel();
        Pending {
            id: id.into(),
            version: 3,
            change,
            done,
            queued: std::time::Instant::now(),
        }
    }

    fn append(end: Option<Ending>) -> Change {
        Change::Append {
            seq: 4,
            action: "c1-c3".into(),
            timing: None,
            end,
        }
    }

    #[test]
    fn only_moves_that_end_nothing_one_a_game_are_stored_in_one_statement() {
        let moves = [pending("a", append(None)), pending("b", append(None))];
        assert!(takes(&moves));
        let twice = [pending("a", append(None)), pending("a", append(None))];
        assert!(!takes(&twice));
        let ending = Ending {
            winner: Side::Black,
            how: "home row",
            score: kamisado_wire::PerSide { b: 3, w: 1 },
        };
        let ends = [pending("a", append(Some(ending)))];
        assert!(!takes(&ends));
        let named = [pending("a", Change::Joined(Side::White))];
        assert!(!takes(&named));
    }

    #[test]
    fn the_rows_carry_each_move_and_its_clock() {
        let rows: serde_json::Value =
            serde_json::from_str(&rows(&[pending("a", append(None))])).unwrap();
        assert_eq!(rows[0]["id"], "a");
        assert_eq!(rows[0]["version"], 3);
        assert_eq!(rows[0]["seq"], 4);
        assert_eq!(rows[0]["action"], "c1-c3");
        assert_eq!(rows[0]["timed"], false);
        assert!(rows[0]["deadline_ms"].is_null());
    }
}
