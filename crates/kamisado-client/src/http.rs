//! The server's HTTP API: create a game, read its state and record, ask the
//! analysis board; and a raw request for tests of what the server refuses.

use std::net::SocketAddr;
use std::time::Duration;

use kamisado_wire::Created;
use kamisado_wire::{AnalysisRequest, AnalysisView, StateView};
use serde::de::DeserializeOwned;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::error::ClientError;
use crate::socket::GameSocket;

/// How long a client waits for an answer unless told otherwise.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The body of `POST /api/games`, built with the server's own type.
pub use kamisado_wire::{NewGame as GameRequest, PlayAs};

/// An HTTP answer: status, headers (names in lower case) and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The status, such as 200.
    pub status: u16,
    /// The headers, in order, each name in lower case.
    pub headers: Vec<(String, String)>,
    /// The body as text.
    pub body: String,
}

impl Answer {
    /// The value of the first header called `name` (in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The reason of a refusal, in English: its body's `error`.
    pub fn reason(&self) -> Option<String> {
        #[derive(serde::Deserialize)]
        struct Words {
            error: String,
        }
        serde_json::from_str::<Words>(&self.body)
            .ok()
            .map(|r| r.error)
    }

    /// The refusal, typed, when the body is one: `{"error": words, "code":
    /// …, "params": {…}}`.
    pub fn refusal(&self) -> Option<kamisado_wire::RefusalBody> {
        serde_json::from_str(&self.body).ok()
    }

    /// The body read as `T`.
    ///
    /// # Errors
    /// [`ClientError::Unreadable`] when it is not one.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, ClientError> {
        serde_json::from_str(&self.body)
            .map_err(|e| ClientError::Unreadable(format!("{e}: {}", self.body)))
    }
}

/// A client of one server's HTTP API, on loopback or anywhere.
///
/// ```no_run
/// # async fn run() -> Result<(), kamisado_client::ClientError> {
/// use kamisado_client::{GameRequest, Http};
/// let http = Http::new("127.0.0.1:8080".parse().unwrap());
/// let created = http.create(&GameRequest::friend()).await?;
/// let state = http.state(&created.id).await?;
/// assert_eq!(state.n, 0);
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Http {
    addr: SocketAddr,
    patience: Duration,
}

impl Http {
    /// A client of the server at `addr`, waiting up to [`PATIENCE`] for each answer.
    pub fn new(addr: SocketAddr) -> Http {
        Http {
            addr,
            patience: PATIENCE,
        }
    }

    /// The same client, waiting up to `patience` for each answer.
    #[must_use]
    pub fn with_patience(mut self, patience: Duration) -> Http {
        self.patience = patience;
        self
    }

    /// The server's address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// One request on a connection of its own, its answer whatever its status.
    ///
    /// # Errors
    /// A connection that fails, an answer that is not HTTP, or none in time.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<Answer, ClientError> {
        self.request_as(method, path, body, None).await
    }

    /// As [`Http::request`], with a `Cookie` header (a signed-in player's
    /// session, `kamisado_session=TOKEN`).
    ///
    /// # Errors
    /// As [`Http::request`].
    pub async fn request_as(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        cookie: Option<&str>,
    ) -> Result<Answer, ClientError> {
        let header = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
        self.request_with(method, path, body, header).await
    }

    /// As [`Http::request`], signed in by an API token
    /// (`Authorization: Bearer TOKEN`, docs/bots.md).
    ///
    /// # Errors
    /// As [`Http::request`].
    pub async fn request_bearer(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        token: &str,
    ) -> Result<Answer, ClientError> {
        let header = format!("Authorization: Bearer {token}\r\n");
        self.request_with(method, path, body, header).await
    }

    /// One request with `header` (whole lines, each ending in CRLF) added.
    async fn request_with(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        cookie: String,
    ) -> Result<Answer, ClientError> {
        let what = format!("{method} {path}");
        let body = body.unwrap_or("");
        let addr = self.addr;
        let exchange = async {
            let mut stream = TcpStream::connect(addr).await?;
            let head = format!(
                "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
                 Content-Type: application/json\r\n{cookie}Content-Length: {}\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes()).await?;
            stream.write_all(body.as_bytes()).await?;
            let mut raw = Vec::new();
            stream.read_to_end(&mut raw).await?;
            Ok::<_, std::io::Error>(raw)
        };
        let raw = tokio::time::timeout(self.patience, exchange)
            .await
            .map_err(|_| ClientError::Timeout {
                what: format!("answer to {what}"),
                waited: self.patience,
            })?
            .map_err(|e| ClientError::Connection(format!("{what}: {e}")))?;
        parse_answer(&String::from_utf8_lossy(&raw))
            .ok_or_else(|| ClientError::Unreadable(format!("{what}: not an HTTP answer")))
    }

    /// A request whose answer must have `status`; its body read as `T`.
    async fn expect<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        status: u16,
    ) -> Result<T, ClientError> {
        let answer = self.expect_text(method, path, body, status).await?;
        serde_json::from_str(&answer)
            .map_err(|e| ClientError::Unreadable(format!("{method} {path}: {e}")))
    }

    async fn expect_text(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        status: u16,
    ) -> Result<String, ClientError> {
        let answer = self.request(method, path, body).await?;
        if answer.status != status {
            return Err(ClientError::Status {
                request: format!("{method} {path}"),
                status: answer.status,
                body: answer.body,
            });
        }
        Ok(answer.body)
    }

    /// Creates a game: its id, the creator's key and seat, and the friend's invite.
    ///
    /// # Errors
    /// [`ClientError::Status`] for a refusal (400 with the reason, 429 over the
    /// games per client), or the connection's errors.
    pub async fn create(&self, request: &GameRequest) -> Result<Created, ClientError> {
        self.expect("POST", "/api/games", Some(&request.to_text()), 201)
            .await
    }

    /// A game's state, as a watcher sees it.
    ///
    /// # Errors
    /// [`ClientError::Status`] 404 for a game that does not exist.
    pub async fn state(&self, id: &str) -> Result<StateView, ClientError> {
        self.expect("GET", &format!("/api/games/{id}"), None, 200)
            .await
    }

    /// A game's record (NOTATION.md).
    ///
    /// # Errors
    /// As [`Http::state`].
    pub async fn record(&self, id: &str) -> Result<String, ClientError> {
        self.expect_text("GET", &format!("/api/games/{id}/record"), None, 200)
            .await
    }

    /// The analysis board's answer for a record or a position.
    ///
    /// # Errors
    /// [`ClientError::Status`] 400 for text that is neither, 429 while the
    /// engine is busy.
    pub async fn analyse(&self, text: &str) -> Result<AnalysisView, ClientError> {
        let request = AnalysisRequest {
            text: text.to_string(),
            at: None,
            then: None,
        };
        let body = serde_json::to_string(&request).expect("text is always JSON");
        self.expect("POST", "/api/analysis", Some(&body), 200).await
    }

    /// Opens a game's WebSocket as a watcher (see [`GameSocket::connect`]).
    ///
    /// # Errors
    /// As [`GameSocket::connect`].
    pub async fn watch(&self, id: &str) -> Result<GameSocket, ClientError> {
        GameSocket::connect(self.addr, id, self.patience).await
    }

    /// Opens a game's WebSocket and takes the seat `key` opens (see [`GameSocket::join`]).
    ///
    /// # Errors
    /// As [`GameSocket::join`].
    pub async fn join(&self, id: &str, key: &str) -> Result<GameSocket, ClientError> {
        let mut socket = self.watch(id).await?;
        socket.join(Some(key)).await?;
        Ok(socket)
    }
}

/// Reads an HTTP/1.1 answer: status line, headers and body (chunked or not).
fn parse_answer(text: &str) -> Option<Answer> {
    let (head, body) = text.split_once("\r\n\r\n")?;
    let mut lines = head.lines();
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)?
    } else {
        body.to_string()
    };
    Some(Answer {
        status,
        headers,
        body,
    })
}

/// The body of a chunked answer.
fn dechunk(mut body: &str) -> Option<String> {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            break;
        }
        out.push_str(rest.get(..n)?);
        body = rest.get(n + 2..)?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_plain_and_chunked() {
        let plain =
            parse_answer("HTTP/1.1 404 Not Found\r\nX-A: b\r\n\r\n{\"error\":\"no\"}").unwrap();
        assert_eq!(plain.status, 404);
        assert_eq!(plain.header("x-a"), Some("b"));
        assert_eq!(plain.reason().as_deref(), Some("no"));
        let chunked = parse_answer(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(chunked.body, "abcde");
        assert!(parse_answer("nonsense").is_none());
        assert!(
            parse_answer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n").is_none()
        );
    }
}
