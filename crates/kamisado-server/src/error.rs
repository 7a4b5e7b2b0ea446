//! The server's one error type and its HTTP answers.

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kamisado_wire::{Code, Refusal};

/// Everything that can go wrong in the server: a refusal a client is told
/// (typed: its code, params and English words), or a failure whose details
/// stay in the log.
#[derive(Debug)]
pub enum ServerError {
    /// The database failed.
    Database(sqlx::Error),
    /// The listening socket could not be opened or served.
    Io(std::io::Error),
    /// No game, page, API route or other thing at what was asked.
    NotFound(Refusal),
    /// A request that cannot be read or asks for something impossible.
    BadRequest(Refusal),
    /// A request that needs a signed-in account, or a wrong password.
    Unauthorized(Refusal),
    /// A request from someone who does not hold the seat it needs.
    Forbidden(Refusal),
    /// A request that conflicts with the game as it stands (wrong turn, stale number, illegal move).
    Conflict(Refusal),
    /// A request body larger than the server accepts.
    TooLarge(Refusal),
    /// The engine, the database or the server is not available for this request.
    Unavailable(Refusal),
    /// A client over one of its limits: messages a second, games, engine searches waiting.
    TooMany(Refusal),
    /// A stored game that no longer replays: the database was changed by hand.
    Corrupt(String),
    /// A database that cannot be used as it is (not a database, read-only,
    /// damaged), with what to do.
    Storage(String),
    /// An operator's command or setting that cannot be carried out (a
    /// database's address, a backup's file, a tool missing, an account to
    /// close), in words for the operator; never a client's refusal.
    Operator(String),
}

impl ServerError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ServerError::Database(_)
            | ServerError::Io(_)
            | ServerError::Corrupt(_)
            | ServerError::Storage(_)
            | ServerError::Operator(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ServerError::NotFound(_) => StatusCode::NOT_FOUND,
            ServerError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ServerError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ServerError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ServerError::Forbidden(_) => StatusCode::FORBIDDEN,
            ServerError::Conflict(_) => StatusCode::CONFLICT,
            ServerError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ServerError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    /// What a client is told: the refusal, or for a failure `internal`
    /// (its details are for the log).
    pub fn refusal(&self) -> Refusal {
        match self {
            ServerError::NotFound(r)
            | ServerError::BadRequest(r)
            | ServerError::Unauthorized(r)
            | ServerError::Forbidden(r)
            | ServerError::Conflict(r)
            | ServerError::TooLarge(r)
            | ServerError::Unavailable(r)
            | ServerError::TooMany(r) => r.clone(),
            ServerError::Database(_)
            | ServerError::Io(_)
            | ServerError::Corrupt(_)
            | ServerError::Storage(_)
            | ServerError::Operator(_) => Refusal::internal(),
        }
    }

    /// The refusal's code, when this is a refusal.
    pub fn code(&self) -> Option<Code> {
        match self.status() {
            StatusCode::INTERNAL_SERVER_ERROR => None,
            _ => Some(self.refusal().code),
        }
    }
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Database(e) => write!(f, "database error: {e}"),
            ServerError::Io(e) => write!(f, "i/o error: {e}"),
            ServerError::NotFound(r)
            | ServerError::BadRequest(r)
            | ServerError::TooLarge(r)
            | ServerError::Unauthorized(r)
            | ServerError::Forbidden(r)
            | ServerError::Conflict(r)
            | ServerError::Unavailable(r)
            | ServerError::TooMany(r) => r.fmt(f),
            ServerError::Storage(m) | ServerError::Operator(m) => f.write_str(m),
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
            sqlx::Error::PoolTimedOut => ServerError::Unavailable(Refusal::database_unavailable(
                "no connection came in time",
            )),
            sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => {
                ServerError::Unavailable(Refusal::database_unavailable(e.to_string()))
            }
            sqlx::Error::Database(ref d) if is_disk_full(d.code().as_deref()) => {
                ServerError::Unavailable(Refusal::disk_full())
            }
            sqlx::Error::Database(ref d) if is_unavailable_code(d.code().as_deref()) => {
                ServerError::Unavailable(Refusal::database_unavailable(e.to_string()))
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
            ServerError::TooLarge(Refusal::body_too_large(crate::limits::MAX_BODY))
        } else {
            ServerError::BadRequest(Refusal::body_unreadable())
        }
    }
}

/// The answer to a refused request: `status` and the refusal's body,
/// `{"error": words, "code": …, "params": {…}}`.
pub fn refused(status: StatusCode, refusal: &Refusal) -> Response {
    (status, Json(refusal.body())).into_response()
}

impl IntoResponse for ServerError {
    /// Answers the refusal with the error's status; a failure's details
    /// are written to the log, not sent.
    fn into_response(self) -> Response {
        let status = self.status();
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            tracing::error!("{self}");
        }
        refused(status, &self.refusal())
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
        ServerError::TooMany(Refusal::rate_limited(e.rate))
    }
}

/// A plain request at an address that opens a WebSocket.
pub fn not_a_websocket(e: axum::extract::ws::rejection::WebSocketUpgradeRejection) -> ServerError {
    ServerError::BadRequest(Refusal::not_a_websocket(e.body_text()))
}

/// A query string that does not read.
pub fn bad_query(e: axum::extract::rejection::QueryRejection) -> ServerError {
    ServerError::BadRequest(Refusal::bad_query(e.body_text()))
}
