//! What can go wrong for a client: the connection, the time, or an answer
//! that is not the one asked for.

use std::fmt;
use std::time::Duration;

use kamisado_wire::Refusal;

/// A close frame's code and reason, as the server sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloseReason {
    /// The close code (1009: a message too big).
    pub code: u16,
    /// The reason, in words.
    pub reason: String,
}

/// Why a client's request or message did not get the answer it expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The connection could not be opened, or failed.
    Connection(String),
    /// Nothing came within the client's patience.
    Timeout {
        /// What was awaited.
        what: String,
        /// How long the client waited.
        waited: Duration,
    },
    /// The server closed the WebSocket (with its close frame, if it sent one).
    Closed(Option<CloseReason>),
    /// An HTTP answer with another status than the one expected.
    Status {
        /// The request, such as `POST /api/games`.
        request: String,
        /// The answer's status.
        status: u16,
        /// The answer's body (for a refusal, `{"error": reason, "code": …, "params": {…}}`).
        body: String,
    },
    /// A message or a body that is not what the server sends.
    Unreadable(String),
    /// The server refused a message (an `error` answer) where the client
    /// needed it carried out, such as a `join`: the refusal, typed.
    Refused(Refusal),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Connection(e) => write!(f, "connection: {e}"),
            ClientError::Timeout { what, waited } => {
                write!(f, "no {what} in {:.1} s", waited.as_secs_f64())
            }
            ClientError::Closed(None) => f.write_str("the server closed the connection"),
            ClientError::Closed(Some(c)) => write!(
                f,
                "the server closed the connection with code {}: {}",
                c.code, c.reason
            ),
            ClientError::Status {
                request,
                status,
                body,
            } => write!(f, "{request}: {status} {body}"),
            ClientError::Unreadable(e) => write!(f, "unreadable: {e}"),
            ClientError::Refused(reason) => write!(f, "refused: {reason}"),
        }
    }
}

impl std::error::Error for ClientError {}
