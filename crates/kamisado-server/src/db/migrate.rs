//! The schema, brought up to date at start: each migration is applied
//! once, in order, and remembered in `schema_migrations`.

use super::{Backend, Db};
use crate::error::ServerError;

/// The schema, in order; each is applied once and remembered in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 11] = [
    (1, include_str!("../../migrations/0001_games.sql")),
    (2, include_str!("../../migrations/0002_board.sql")),
    (3, include_str!("../../migrations/0003_processes.sql")),
    (4, include_str!("../../migrations/0004_players.sql")),
    (5, include_str!("../../migrations/0005_puzzles.sql")),
    (6, include_str!("../../migrations/0006_name_skeletons.sql")),
    (7, include_str!("../../migrations/0007_operator.sql")),
    (8, include_str!("../../migrations/0008_bots.sql")),
    (9, include_str!("../../migrations/0009_tournaments.sql")),
    (10, include_str!("../../migrations/0010_answers.sql")),
    (
        11,
        include_str!("../../migrations/0011_account_indexes.sql"),
    ),
];

/// The advisory lock that lets one process at a time bring the schema up to date.
const MIGRATION_LOCK: i64 = 0x6b61_6d69;

/// Brings the schema up to date, one process at a time; on SQLite, also
/// frees the claims on engine turns an earlier run left (it died thinking).
pub(super) async fn migrate(db: &Db) -> Result<(), ServerError> {
    let mut conn = db.pool.acquire().await?;
    if db.backend == Backend::Postgres {
        // Processes starting together take turns.
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    let result = migrate_on(&mut conn).await;
    if db.backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    result?;
    if db.backend == Backend::Sqlite {
        // One process uses an SQLite file: a claim on an engine's turn
        // is an earlier run's, which died thinking.
        sqlx::query("UPDATE games SET engine_owner = NULL WHERE engine_owner IS NOT NULL")
            .execute(&db.pool)
            .await?;
    }
    Ok(())
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
