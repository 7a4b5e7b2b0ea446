//! Backups of a server's database and their restoring (docs/operating.md).
//!
//! SQLite: `VACUUM INTO` writes a consistent copy of the file from one read
//! transaction, so it is safe while the server writes (WAL mode lets both
//! go on); restoring checks the copy with `PRAGMA quick_check` and moves it
//! into place. PostgreSQL: `pg_dump` in its custom format, and
//! `pg_restore`. Either restores into a new, empty database only.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};

use super::{Backend, backend_of, redacted};
use crate::error::ServerError;

/// What a backup or a restore did, in a sentence for the operator.
pub type Done = String;

fn bad(why: String) -> ServerError {
    ServerError::Operator(why)
}

/// The file an `sqlite://FILE` URL names.
fn sqlite_file(url: &str) -> PathBuf {
    let rest = url.trim_start_matches("sqlite:").trim_start_matches("//");
    PathBuf::from(rest.split('?').next().unwrap_or(rest))
}

/// One connection to the database at `url`, without migrating it.
async fn connect(url: &str) -> Result<AnyConnection, ServerError> {
    sqlx::any::install_default_drivers();
    let options = AnyConnectOptions::from_str(url)
        .map_err(|e| bad(format!("database `{}`: {e}", redacted(url))))?
        .disable_statement_logging();
    options.connect().await.map_err(|e| {
        ServerError::Operator(format!(
            "database `{}` cannot be opened: {e}",
            redacted(url)
        ))
    })
}

/// The games a database holds: none when it has no `games` table yet.
async fn games_in(conn: &mut AnyConnection) -> Result<i64, ServerError> {
    match sqlx::query("SELECT COUNT(*) AS n FROM games")
        .fetch_one(&mut *conn)
        .await
    {
        Ok(row) => Ok(row.try_get("n")?),
        Err(sqlx::Error::Database(e)) if e.message().contains("games") => Ok(0),
        Err(e) => Err(e.into()),
    }
}

/// Backs up the database at `url` into the new file `file`, while the
/// server may be running.
///
/// # Errors
/// A file already there, a database that cannot be read, or (PostgreSQL)
/// `pg_dump` missing or failing.
pub async fn backup(url: &str, file: &Path) -> Result<Done, ServerError> {
    if file.exists() {
        return Err(bad(format!(
            "{} exists: a backup is written to a new file",
            file.display()
        )));
    }
    match backend_of(url)?.0 {
        Backend::Sqlite => {
            let source = sqlite_file(url);
            if !source.exists() {
                return Err(bad(format!("there is no database at {}", source.display())));
            }
            let mut conn = connect(&format!("sqlite://{}?mode=ro", source.display())).await?;
            let games = games_in(&mut conn).await?;
            sqlx::query("VACUUM INTO $1")
                .bind(file.display().to_string())
                .execute(&mut conn)
                .await?;
            conn.close().await?;
            Ok(format!(
                "backed up {} ({games} games) into {} with SQLite's VACUUM INTO",
                source.display(),
                file.display()
            ))
        }
        Backend::Postgres => {
            let file_arg = file.display().to_string();
            run_tool(
                "pg_dump",
                &["--format=custom", "--file", &file_arg, "--dbname", url],
            )
            .await?;
            Ok(format!(
                "backed up {} into {} with pg_dump (custom format; pg_restore reads it)",
                redacted(url),
                file.display()
            ))
        }
    }
}

/// Restores the backup `file` into the database at `url`, which must be new
/// or hold no games.
///
/// # Errors
/// A database that has games, a backup that fails its check, or
/// (PostgreSQL) `pg_restore` missing or failing.
pub async fn restore(url: &str, file: &Path) -> Result<Done, ServerError> {
    if !file.exists() {
        return Err(bad(format!("there is no backup at {}", file.display())));
    }
    match backend_of(url)?.0 {
        Backend::Sqlite => restore_sqlite(&sqlite_file(url), file).await,
        Backend::Postgres => {
            let mut conn = connect(url).await?;
            refuse_if_games(&mut conn, &redacted(url)).await?;
            conn.close().await?;
            let file_arg = file.display().to_string();
            run_tool(
                "pg_restore",
                &[
                    "--clean",
                    "--if-exists",
                    "--no-owner",
                    "--dbname",
                    url,
                    &file_arg,
                ],
            )
            .await?;
            Ok(format!(
                "restored {} into {} with pg_restore",
                file.display(),
                redacted(url)
            ))
        }
    }
}

async fn refuse_if_games(conn: &mut AnyConnection, name: &str) -> Result<(), ServerError> {
    let games = games_in(conn).await?;
    if games > 0 {
        return Err(ServerError::Operator(format!(
            "the database {name} has {games} games: a backup is restored into a new, \
             empty database only, so that nothing is overwritten"
        )));
    }
    Ok(())
}

async fn restore_sqlite(target: &Path, file: &Path) -> Result<Done, ServerError> {
    if target.exists() {
        let mut conn = connect(&format!("sqlite://{}?mode=ro", target.display())).await?;
        let refused = refuse_if_games(&mut conn, &target.display().to_string()).await;
        conn.close().await?;
        refused?;
    }
    let mut conn = connect(&format!("sqlite://{}?mode=ro", file.display())).await?;
    let check: String = sqlx::query("PRAGMA quick_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| bad(format!("{} is not an SQLite database: {e}", file.display())))?
        .try_get(0)?;
    let games = games_in(&mut conn).await?;
    conn.close().await?;
    if check != "ok" {
        return Err(bad(format!(
            "{} fails SQLite's quick_check: {check}",
            file.display()
        )));
    }
    // Copied beside the target, then renamed: the target is whole or absent.
    let partial = target.with_extension("restoring");
    std::fs::copy(file, &partial)
        .map_err(|e| bad(format!("cannot copy {}: {e}", file.display())))?;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", target.display()));
    }
    std::fs::rename(&partial, target)
        .map_err(|e| bad(format!("cannot move the copy to {}: {e}", target.display())))?;
    Ok(format!(
        "restored {} ({games} games, quick_check ok) into {}",
        file.display(),
        target.display()
    ))
}

/// Runs one of PostgreSQL's client tools; a missing one is named with how
/// to install it.
async fn run_tool(tool: &str, args: &[&str]) -> Result<(), ServerError> {
    let mut command = std::process::Command::new(tool);
    command.args(args);
    let output = tokio::task::spawn_blocking(move || command.output())
        .await
        .map_err(|e| ServerError::Operator(format!("{tool} could not be run: {e}")))?
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ServerError::Operator(format!(
                "{tool} was not found: a PostgreSQL database is backed up and restored with \
                 PostgreSQL's client tools (the postgresql-client package); install them or \
                 put them on PATH"
            )),
            _ => ServerError::Operator(format!("{tool} could not be run: {e}")),
        })?;
    if output.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&output.stderr);
    Err(ServerError::Operator(format!(
        "{tool} failed ({}): {}",
        output.status,
        said.trim()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sqlite_url_names_its_file() {
        assert_eq!(sqlite_file("sqlite://k.db"), PathBuf::from("k.db"));
        assert_eq!(
            sqlite_file("sqlite:///tmp/k.db"),
            PathBuf::from("/tmp/k.db")
        );
        assert_eq!(
            sqlite_file("sqlite:///tmp/k.db?mode=rwc"),
            PathBuf::from("/tmp/k.db")
        );
    }
}
