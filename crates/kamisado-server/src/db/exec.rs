//! Statements inside a transaction, said once for both databases: the
//! games' writer and the ratings it moves speak through [`Exec`], which a
//! sqlx transaction (PostgreSQL) and the SQLite writer's own connection
//! ([`SqliteTx`]) both answer. Statements use the portable dialect's `$n`
//! placeholders on both.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use sqlx::{Any, Row, Transaction};

use crate::error::ServerError;
use kamisado_wire::Refusal;

/// A value bound to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// A TEXT column.
    Text(Option<String>),
    /// An INTEGER or BIGINT column.
    Int(Option<i64>),
    /// A DOUBLE PRECISION column.
    Real(f64),
}

impl Val {
    /// The text, when the value is text that is not NULL.
    pub fn text(&self) -> Option<&str> {
        match self {
            Val::Text(text) => text.as_deref(),
            _ => None,
        }
    }

    /// The integer, when the value is an integer that is not NULL.
    pub fn int(&self) -> Option<i64> {
        match self {
            Val::Int(n) => *n,
            _ => None,
        }
    }

    /// The number, when the value is a real number.
    pub fn real(&self) -> Option<f64> {
        match self {
            Val::Real(x) => Some(*x),
            _ => None,
        }
    }
}

/// The kind of a column a query reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// TEXT, perhaps NULL.
    Text,
    /// INTEGER or BIGINT, perhaps NULL.
    Int,
    /// DOUBLE PRECISION.
    Real,
}

/// What runs statements inside one transaction.
pub(crate) trait Exec {
    /// Runs a statement with `values` bound to `$1`, `$2`, …: the rows it changed.
    async fn execute(&mut self, sql: &str, values: &[Val]) -> Result<u64, ServerError>;

    /// The first row a query answers, its columns read as `kinds` say.
    async fn fetch_one(
        &mut self,
        sql: &str,
        values: &[Val],
        kinds: &[Kind],
    ) -> Result<Vec<Val>, ServerError>;
}

/// The statement `sql` with `values` bound to `$1`, `$2`, … for sqlx.
fn sqlx_bound<'q>(
    sql: &'q str,
    values: &[Val],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    let mut query = sqlx::query(sql);
    for value in values {
        query = match value.clone() {
            Val::Text(v) => query.bind(v),
            Val::Int(v) => query.bind(v),
            Val::Real(v) => query.bind(v),
        };
    }
    query
}

impl Exec for Transaction<'_, Any> {
    async fn execute(&mut self, sql: &str, values: &[Val]) -> Result<u64, ServerError> {
        let query = sqlx_bound(sql, values);
        Ok(query.execute(&mut **self).await?.rows_affected())
    }

    async fn fetch_one(
        &mut self,
        sql: &str,
        values: &[Val],
        kinds: &[Kind],
    ) -> Result<Vec<Val>, ServerError> {
        let row = sqlx_bound(sql, values).fetch_one(&mut **self).await?;
        let mut read = Vec::with_capacity(kinds.len());
        for (i, kind) in kinds.iter().enumerate() {
            read.push(match kind {
                Kind::Text => Val::Text(row.try_get(i)?),
                Kind::Int => Val::Int(row.try_get(i)?),
                Kind::Real => Val::Real(row.try_get(i)?),
            });
        }
        Ok(read)
    }
}

/// The names of the first placeholders, so that binding them makes no text.
const PLACEHOLDERS: [&str; 16] = [
    "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15",
    "$16",
];

/// The SQLite writer's own connection, inside the transaction of a batch.
pub(crate) struct SqliteTx<'a>(pub(crate) &'a rusqlite::Connection);

impl SqliteTx<'_> {
    /// The statement `sql` (prepared once per connection) with `values` bound
    /// by their names `$1`, `$2`, … (SQLite numbers named parameters in the
    /// order they first appear, which need not be theirs).
    fn bound(
        &self,
        sql: &str,
        values: &[Val],
    ) -> Result<rusqlite::CachedStatement<'_>, ServerError> {
        let mut statement = self.0.prepare_cached(sql).map_err(sqlite_error)?;
        for (i, value) in values.iter().enumerate() {
            let name = match PLACEHOLDERS.get(i) {
                Some(name) => std::borrow::Cow::Borrowed(*name),
                None => std::borrow::Cow::Owned(format!("${}", i + 1)),
            };
            let index = statement
                .parameter_index(&name)
                .map_err(sqlite_error)?
                .ok_or_else(|| ServerError::Storage(format!("`{sql}` has no {name}")))?;
            match value {
                Val::Text(v) => statement.raw_bind_parameter(index, v),
                Val::Int(v) => statement.raw_bind_parameter(index, v),
                Val::Real(v) => statement.raw_bind_parameter(index, v),
            }
            .map_err(sqlite_error)?;
        }
        Ok(statement)
    }
}

impl Exec for SqliteTx<'_> {
    async fn execute(&mut self, sql: &str, values: &[Val]) -> Result<u64, ServerError> {
        let mut statement = self.bound(sql, values)?;
        Ok(statement.raw_execute().map_err(sqlite_error)? as u64)
    }

    async fn fetch_one(
        &mut self,
        sql: &str,
        values: &[Val],
        kinds: &[Kind],
    ) -> Result<Vec<Val>, ServerError> {
        let mut statement = self.bound(sql, values)?;
        let mut rows = statement.raw_query();
        let row = rows
            .next()
            .map_err(sqlite_error)?
            .ok_or_else(|| ServerError::Storage(format!("no row answered `{sql}`")))?;
        let mut read = Vec::with_capacity(kinds.len());
        for (i, kind) in kinds.iter().enumerate() {
            read.push(match kind {
                Kind::Text => Val::Text(row.get(i).map_err(sqlite_error)?),
                Kind::Int => Val::Int(row.get(i).map_err(sqlite_error)?),
                Kind::Real => Val::Real(row.get(i).map_err(sqlite_error)?),
            });
        }
        Ok(read)
    }
}

/// SQLite's failure as the server's: a full disk (or a write the disk
/// refused) and a busy database are refusals to try again later, as the
/// pool's are ([`ServerError::from`] a sqlx error).
pub(crate) fn sqlite_error(e: rusqlite::Error) -> ServerError {
    use rusqlite::ErrorCode;
    match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull | ErrorCode::SystemIoFailure) => {
            ServerError::Unavailable(Refusal::disk_full())
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked | ErrorCode::CannotOpen) => {
            ServerError::Unavailable(Refusal::database_unavailable(e.to_string()))
        }
        _ => ServerError::Storage(format!("database error: {e}")),
    }
}

/// Runs a future that never waits to its end: one over [`SqliteTx`], whose
/// statements run as they are called. One that would wait is a failure.
pub(crate) fn run_now<T>(
    future: impl Future<Output = Result<T, ServerError>>,
) -> Result<T, ServerError> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(result) => result,
        Poll::Pending => Err(ServerError::Storage(
            "a statement on the SQLite writer waited, which it never does".into(),
        )),
    }
}
