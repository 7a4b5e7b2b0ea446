//! The server's one error type and its HTTP answers.

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Everything that can go wrong in the server, each with the reason a client is shown.
#[derive(Debug)]
pub enum ServerError {
    /// The database failed.
    Database(sqlx::Error),
    /// The listening socket could not be opened or served.
    Io(std::io::Error),
    /// No game has this id.
    NoSuchGame(String),
    /// No page or API route at this path.
    NotFound(String),
    /// A request that cannot be read or asks for something impossible.
    BadRequest(String),
    /// A request that needs a signed-in account, or a wrong password.
    Unauthorized(String),
    /// A request from someone who does not hold the seat it needs.
    Forbidden(String),
    /// A request that conflicts with the game as it stands (wrong turn, stale number, illegal move).
    Conflict(String),
    /// A request body larger than the server accepts.
    TooLarge(String),
    /// The engine is not available for this request.
    Unavailable(String),
    /// A client over one of its limits: messages a second, games, engine searches waiting.
    TooMany(String),
    /// A stored game that no longer replays: the database was changed by hand.
    Corrupt(String),
    /// A database that cannot be used as it is (not a database, read-only,
    /// damaged), with what to do.
    Storage(String),
}

impl ServerError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ServerError::Database(_)
            | ServerError::Io(_)
            | ServerError::Corrupt(_)
            | ServerError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ServerError::NoSuchGame(_) | ServerError::NotFound(_) => StatusCode::NOT_FOUND,
            ServerError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ServerError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ServerError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ServerError::Forbidden(_) => StatusCode::FORBIDDEN,
            ServerError::Conflict(_) => StatusCode::CONFLICT,
            ServerError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ServerError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        }
    }
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Database(e) => write!(f, "database error: {e}"),
            ServerError::Io(e) => write!(f, "i/o error: {e}"),
            ServerError::NoSuchGame(id) => write!(f, "there is no game `{id}`"),
            ServerError::BadRequest(m)
            | ServerError::NotFound(m)
            | ServerError::TooLarge(m)
            | ServerError::Unauthorized(m)
            | ServerError::Forbidden(m)
            | ServerError::Conflict(m)
            | ServerError::Unavailable(m)
            | ServerError::TooMany(m)
            | ServerError::Storage(m) => f.write_str(m),
            ServerError::Corrupt(m) => write!(f, "a stored game does not replay: {m}"),
        }
    }
}

impl std::error::Error for ServerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServerError::Database(e) => Some(e),
            ServerError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for ServerError {
    /// A database that cannot be reached (down, restarting, every connection
    /// busy) is a refusal to try again later; anything else is a failure.
    fn from(e: sqlx::Error) -> ServerError {
        match e {
            sqlx::Error::PoolTimedOut => ServerError::Unavailable(
                "the database is unavailable (no connection came in time): try again in a moment"
                    .into(),
            ),
            sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => {
                ServerError::Unavailable(format!(
                    "the database is unavailable ({e}): try again in a moment"
                ))
            }
            sqlx::Error::Database(ref d) if is_disk_full(d.code().as_deref()) => {
                ServerError::Unavailable(
                    "the server cannot store moves now (the disk is full): try again in a moment"
                        .into(),
                )
            }
            sqlx::Error::Database(ref d) if is_unavailable_code(d.code().as_deref()) => {
                ServerError::Unavailable(format!(
                    "the database is unavailable ({e}): try again in a moment"
                ))
            }
            e => ServerError::Database(e),
        }
    }
}

/// SQLite's codes for a full disk or database (13, `SQLITE_FULL`) or a
/// write that failed (10, `SQLITE_IOERR`, with its extended codes, as a
/// full disk gives when the log grows), and PostgreSQL's (53100, `disk_full`).
fn is_disk_full(code: Option<&str>) -> bool {
    match code {
        Some("53100") => true,
        // SQLite's codes are numbers of at most four digits; PostgreSQL's, five characters.
        Some(code) if code.len() <= 4 => code
            .parse::<i64>()
            .is_ok_and(|c| matches!(c & 0xff, 10 | 13)),
        Some(_) => false,
        None => false,
    }
}

/// PostgreSQL's codes for a server that is shutting down, starting or gone
/// (class 57P: operator intervention; 08: connection exception).
fn is_unavailable_code(code: Option<&str>) -> bool {
    code.is_some_and(|c| c.starts_with("57P") || c.starts_with("08"))
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> ServerError {
        ServerError::Io(e)
    }
}

impl From<axum::extract::rejection::BytesRejection> for ServerError {
    fn from(e: axum::extract::rejection::BytesRejection) -> ServerError {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ServerError::TooLarge(format!(
                "request refused: the body is over the limit of {} bytes",
                crate::limits::MAX_BODY
            ))
        } else {
            ServerError::BadRequest("the request's body could not be read".into())
        }
    }
}

impl IntoResponse for ServerError {
    /// Answers `{"error": reason}` with the error's status; internal details
    /// are written to standard error, not sent.
    fn into_response(self) -> Response {
        let status = self.status();
        let reason = if status == StatusCode::INTERNAL_SERVER_ERROR {
            tracing::error!("{self}");
            "internal error: the server could not complete the request".to_string()
        } else {
            self.to_string()
        };
        (status, Json(serde_json::json!({ "error": reason }))).into_response()
    }
}

impl From<kamisado_wire::ReadError> for ServerError {
    fn from(e: kamisado_wire::ReadError) -> ServerError {
        match e {
            kamisado_wire::ReadError::Malformed(m) => ServerError::BadRequest(m),
            kamisado_wire::ReadError::TooLarge(m) => ServerError::TooLarge(m),
        }
    }
}

impl From<crate::limits::RateLimited> for ServerError {
    fn from(e: crate::limits::RateLimited) -> ServerError {
        ServerError::TooMany(e.to_string())
    }
}
