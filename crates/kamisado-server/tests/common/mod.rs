//! A server on a loopback port with a temporary database, an HTTP client and
//! a WebSocket client, for the integration tests.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kamisado_server::{Limits, ServeConfig, bind_with};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one answer before it fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A temporary database file, removed when dropped.
pub struct TempDb {
    pub path: PathBuf,
}

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).unwrap();
        let tag: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let path = std::env::temp_dir().join(format!("kamisado-test-{name}-{tag}.db"));
        TempDb { path }
    }

    pub fn url(&self) -> String {
        format!("sqlite://{}", self.path.display())
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

/// A running server.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    pub async fn start(db: &TempDb) -> TestServer {
        TestServer::start_with(db, Limits::default()).await
    }

    pub async fn start_with(db: &TempDb, limits: Limits) -> TestServer {
        let server = bind_with(
            ServeConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: db.url(),
            },
            limits,
        )
        .await
        .expect("the server starts");
        let addr = server.local_addr();
        let (tx, rx) = oneshot::channel();
        let task = tokio::spawn(async move {
            server
                .run_until(async {
                    let _ = rx.await;
                })
                .await
                .expect("the server runs");
        });
        TestServer {
            addr,
            stop: Some(tx),
            task: Some(task),
        }
    }

    /// Stops accepting and waits until the server has shut down.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.unwrap();
        }
    }

    /// Creates a game and returns the answer (`id`, `key`, `seat`, `invite`).
    pub async fn create(&self, request: Value) -> Value {
        let (status, body) =
            http(self.addr, "POST", "/api/games", Some(&request.to_string())).await;
        assert_eq!(status, 201, "creating a game: {body}");
        serde_json::from_str(&body).unwrap()
    }

    pub async fn state(&self, id: &str) -> Value {
        let (status, body) = http(self.addr, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    pub async fn client(&self, id: &str, key: Option<&str>) -> Client {
        Client::connect(self.addr, id, key).await
    }
}

/// The actions stored for a game, in order, read from the database itself.
pub async fn stored_actions(db: &TempDb, id: &str) -> Vec<String> {
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT action FROM actions WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    rows.into_iter().map(|(a,)| a).collect()
}

/// An HTTP/1.1 answer: status, headers (lower-case names) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP request on its own connection.
pub async fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let a = request(addr, method, path, body).await;
    (a.status, a.body)
}

/// A WebSocket client of one game.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last state received.
    pub state: Value,
    /// The seat the server gave: `b`, `w`, `both` or null.
    pub seat: Value,
    /// Errors received, in order.
    pub errors: Vec<String>,
}

impl Client {
    pub async fn connect(addr: SocketAddr, id: &str, key: Option<&str>) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .expect("the WebSocket opens");
        let mut client = Client {
            ws,
            state: Value::Null,
            seat: Value::Null,
            errors: Vec::new(),
        };
        client.until(|m| m["t"] == "state").await;
        client.send(json!({ "t": "join", "key": key })).await;
        if key.is_some() {
            let welcome = client
                .until(|m| m["t"] == "welcome" || m["t"] == "error")
                .await;
            client.seat = welcome["seat"].clone();
        }
        client
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next message (any kind), keeping the state up to date.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the connection stays open")
                .expect("a readable message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(text.as_str()).unwrap();
                match value["t"].as_str() {
                    Some("state") => self.state = value.clone(),
                    Some("error") => self
                        .errors
                        .push(value["reason"].as_str().unwrap_or("").to_string()),
                    _ => {}
                }
                return value;
            }
        }
    }

    /// Reads messages until one matches.
    pub async fn until(&mut self, mut want: impl FnMut(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await;
            if want(&m) {
                return m;
            }
        }
    }

    /// Waits until the state has at least `n` actions.
    pub async fn wait_n(&mut self, n: u64) -> Value {
        if self.state["n"].as_u64().unwrap_or(0) >= n {
            return self.state.clone();
        }
        self.until(|m| m["t"] == "state" && m["n"].as_u64().unwrap_or(0) >= n)
            .await
    }

    /// Sends an action and returns the server's answer to it (`ack` or `error`).
    pub async fn act(&mut self, message: Value) -> Value {
        self.send(message).await;
        self.until(|m| m["t"] == "ack" || m["t"] == "error").await
    }

    pub async fn play(&mut self, mv: &str) -> Value {
        let n = self.state["n"].clone();
        self.act(json!({ "t": "move", "n": n, "mv": mv })).await
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The first legal move of a state.
pub fn first_legal(state: &Value) -> String {
    state["legal"][0]
        .as_str()
        .expect("a legal move")
        .to_string()
}
