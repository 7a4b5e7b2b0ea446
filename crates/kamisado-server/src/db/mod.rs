//! The database: SQLite (`sqlite://FILE`, the default) or PostgreSQL
//! (`postgres://USER@HOST:PORT/DB`), through one portable dialect: `$n`
//! placeholders, TEXT, INTEGER, BIGINT and DOUBLE PRECISION columns, and
//! `INSERT … ON CONFLICT` where a row may be made by two processes at once
//! (SQLite has it since 3.24). What differs is said where it is done:
//! PostgreSQL tells the other server processes of each change (`NOTIFY`,
//! heard by a [`Listener`]), and takes advisory locks where SQLite's single
//! writer already orders everything.
//!
//! This module holds the pool, the schema's migrations and the notices
//! between processes; each feature keeps its own queries.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::postgres::PgListener;
use sqlx::{AnyPool, ConnectOptions, Executor};

use crate::error::ServerError;

pub mod backup;
pub(crate) mod exec;
mod migrate;

/// How long a request waits for a database connection before it is refused.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(1);

/// The database behind a [`Db`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file: one server process.
    Sqlite,
    /// A PostgreSQL server: any number of server processes.
    Postgres,
}

/// The database the features share: a pool of connections and what kind of
/// database it is.
#[derive(Clone, Debug)]
pub struct Db {
    /// The connections.
    pub pool: AnyPool,
    /// SQLite or PostgreSQL.
    pub backend: Backend,
    url: String,
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
        ServerError::Operator(format!(
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

/// What a listener hears of the other processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A notice on one of the channels listened to.
    Told {
        /// The channel.
        channel: String,
        /// What was told.
        payload: String,
    },
    /// The listener was cut off and is listening again: notices sent
    /// meanwhile were not heard.
    Resumed,
}

/// Hears what other processes tell on some channels (PostgreSQL only).
pub struct Listener {
    url: String,
    channels: Vec<&'static str>,
    inner: Option<PgListener>,
}

impl Listener {
    async fn connect(url: &str, channels: &[&'static str]) -> Result<PgListener, sqlx::Error> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen_all(channels.iter().copied()).await?;
        Ok(listener)
    }

    /// The next notice; when the connection was lost, waits until it is back
    /// and answers [`Notice::Resumed`].
    pub async fn next(&mut self) -> Notice {
        if let Some(listener) = self.inner.as_mut() {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    return Notice::Told {
                        channel: n.channel().to_string(),
                        payload: n.payload().to_string(),
                    };
                }
                Ok(None) => tracing::warn!("the database listener lost its connection"),
                Err(e) => tracing::warn!("the database listener failed: {e}"),
            }
            self.inner = None;
        }
        self.reconnect().await;
        Notice::Resumed
    }

    /// Connects again, waiting longer after each failure (up to 2 s).
    async fn reconnect(&mut self) {
        let mut wait = Duration::from_millis(100);
        loop {
            match Listener::connect(&self.url, &self.channels).await {
                Ok(listener) => {
                    self.inner = Some(listener);
                    tracing::info!("the database listener listens again");
                    return;
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

impl Db {
    /// Opens the database at `url` and brings its schema up to date:
    /// `sqlite://FILE` (the file created if missing) or
    /// `postgres://USER@HOST:PORT/DB` (the database must exist).
    ///
    /// # Errors
    /// An unreadable URL, a database that cannot be opened, or a failed migration.
    pub async fn open(url: &str) -> Result<Db, ServerError> {
        sqlx::any::install_default_drivers();
        let (backend, connect_url) = backend_of(url)?;
        let options = AnyConnectOptions::from_str(&connect_url)
            .map_err(|e| ServerError::Operator(format!("database `{}`: {e}", redacted(url))))?
            .disable_statement_logging();
        if backend == Backend::Sqlite {
            // One connection first, so that a file the pool could not use
            // (not a database, damaged, read-only) is named with its reason
            // rather than as a pool that waited in vain.
            check_sqlite(url, &options).await?;
        }
        let pool = pool_options(backend)
            .connect_with(options)
            .await
            .map_err(|e| opening_error(url, e))?;
        let db = Db {
            pool,
            backend,
            url: url.to_string(),
        };
        migrate::migrate(&db).await.map_err(|e| match e {
            ServerError::Database(e) => opening_error(url, e),
            other => other,
        })?;
        tracing::info!(database = ?backend, "the database is open");
        Ok(db)
    }

    /// Whether the database answers now, within the pool's wait.
    ///
    /// # Errors
    /// [`ServerError::Unavailable`] (or another failure) with the reason.
    pub async fn ready(&self) -> Result<(), ServerError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// A connection of its own to the SQLite file, for the games' writer,
    /// set as the pool's are; none on PostgreSQL.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub(crate) fn sqlite_connection(&self) -> Result<Option<rusqlite::Connection>, ServerError> {
        if self.backend != Backend::Sqlite {
            return Ok(None);
        }
        let (_, url) = backend_of(&self.url)?;
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(&url)
            .map_err(|e| ServerError::Operator(format!("database `{}`: {e}", redacted(&url))))?;
        let conn =
            rusqlite::Connection::open(options.get_filename()).map_err(exec::sqlite_error)?;
        conn.execute_batch(SQLITE_PRAGMAS)
            .map_err(exec::sqlite_error)?;
        Ok(Some(conn))
    }

    /// Whether other processes may share the database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.backend == Backend::Postgres
    }

    /// A listener for what every process tells on `channels`, on
    /// PostgreSQL; none on SQLite, where this process is the only one.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn listener(
        &self,
        channels: &[&'static str],
    ) -> Result<Option<Listener>, ServerError> {
        match self.backend {
            Backend::Sqlite => Ok(None),
            Backend::Postgres => Ok(Some(Listener {
                url: self.url.clone(),
                channels: channels.to_vec(),
                inner: Some(Listener::connect(&self.url, channels).await?),
            })),
        }
    }

    /// Tells every process listening on `channel` (PostgreSQL; nothing on
    /// SQLite, where this process is the only one).
    ///
    /// # Errors
    /// A database failure.
    pub async fn tell(&self, channel: &str, payload: &str) -> Result<(), ServerError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

/// Opens an SQLite file once as the pool will (write-ahead log, full
/// sync) and runs SQLite's own check of its pages and indexes.
async fn check_sqlite(url: &str, options: &AnyConnectOptions) -> Result<(), ServerError> {
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect_with(options)
        .await
        .map_err(|e| opening_error(url, e))?;
    let checked = async {
        conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
            .await?;
        sqlx::query("PRAGMA quick_check").fetch_all(&mut conn).await
    }
    .await
    .map_err(|e| opening_error(url, e))?;
    let _ = conn.close().await;
    let first: Option<String> = checked.first().and_then(|r| sqlx::Row::try_get(r, 0).ok());
    match first.as_deref() {
        Some("ok") => Ok(()),
        problem => Err(ServerError::Storage(format!(
            "database `{}` is damaged ({}): restore it from a backup",
            redacted(url),
            problem.unwrap_or("no answer to its check")
        ))),
    }
}

/// What is wrong with a database that cannot be opened or read at start,
/// naming the file or server: not a database, read-only, missing its
/// folder, damaged; otherwise the database's own words.
fn opening_error(url: &str, e: sqlx::Error) -> ServerError {
    let url = redacted(url);
    let code = match &e {
        sqlx::Error::Database(d) => d.code().and_then(|c| c.parse::<i64>().ok()),
        _ => None,
    };
    // SQLite's primary result codes (the low byte of its extended ones).
    match code.map(|c| c & 0xff) {
        Some(26) => ServerError::Storage(format!(
            "`{url}` is not an SQLite database: name another file, or move this one away"
        )),
        Some(8) => ServerError::Storage(format!(
            "`{url}` is read-only: the server must write to it (check the file, its folder and the file system)"
        )),
        Some(14) => ServerError::Storage(format!(
            "`{url}` cannot be opened: check that its folder exists and the server may write there"
        )),
        Some(11) => ServerError::Storage(format!(
            "`{url}` is damaged ({e}): restore it from a backup"
        )),
        _ => match ServerError::from(e) {
            ServerError::Database(e) => {
                ServerError::Storage(format!("database `{url}` cannot be opened: {e}"))
            }
            other => other,
        },
    }
}

/// How every SQLite connection is set: a write-ahead log flushed at every
/// commit (an acknowledged change is on the disk), foreign keys checked,
/// and a wait of up to 10 s for the other writer.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
     PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;";

/// The pool's settings: its size, its patience, and SQLite's durability.
fn pool_options(backend: Backend) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 8,
        })
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    conn.execute(SQLITE_PRAGMAS).await?;
                }
                Ok(())
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Row;

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

    /// A new SQLite store in the temporary folder, and its path.
    async fn temporary(name: &str) -> (Db, std::path::PathBuf) {
        let path = std::env::temp_dir().join(format!("kamisado-{name}-{}.db", std::process::id()));
        let store = Db::open(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        (store, path)
    }

    /// Closes a store of `temporary` and removes its files.
    async fn remove(store: Db, path: &std::path::Path) {
        store.pool.close().await;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[tokio::test]
    async fn an_sqlite_store_flushes_every_commit_to_its_log() {
        let (store, path) = temporary("store").await;
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
        remove(store, &path).await;
        // FULL, in WAL mode.
        assert_eq!((synchronous, journal.as_str()), (2, "wal"));
    }

    #[tokio::test]
    async fn a_move_rewrites_no_index_of_an_account_and_its_lists_use_them() {
        let (store, path) = temporary("plan").await;
        let mut columns = Vec::new();
        for index in ["games_by_black_account", "games_by_white_account"] {
            for row in sqlx::query(&format!("PRAGMA index_info({index})"))
                .fetch_all(&store.pool)
                .await
                .unwrap()
            {
                columns.push(row.try_get::<String, _>("name").unwrap());
            }
        }
        let plan: Vec<String> = sqlx::query(
            "EXPLAIN QUERY PLAN SELECT id FROM games \
             WHERE (black_account = $1 OR white_account = $1) AND mode = 'challenge' \
             ORDER BY updated_ms DESC, id LIMIT 100",
        )
        .bind("ann")
        .fetch_all(&store.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String, _>("detail").unwrap())
        .collect();
        remove(store, &path).await;
        // Every action raises updated_ms: an index holding it is rewritten by every move.
        assert_eq!(columns, ["black_account", "white_account"]);
        let plan = plan.join("\n");
        assert!(plan.contains("games_by_black_account"), "{plan}");
        assert!(plan.contains("games_by_white_account"), "{plan}");
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
}
