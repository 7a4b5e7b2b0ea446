//! A server on a loopback port with a temporary database, and the typed
//! client of `kamisado-client` to drive it, for the integration tests.
#![allow(dead_code)]

pub mod cluster;
pub mod players;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use kamisado_client::{Answer, GameRequest, GameSocket, Http, PlayAs};
use kamisado_core::Fill;
use kamisado_core::any::AnyMove;
use kamisado_server::{Limits, ServeConfig, bind_with};
use kamisado_wire::Created;
use kamisado_wire::{Seat, ServerMessage, SideCode, StateView, Status};
use tokio::sync::oneshot;

/// How long a test waits for any one answer before it fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A temporary database, removed when dropped: an SQLite file at `path`, or
/// with `KAMISADO_TEST_STORE=postgres` a fresh database in the PostgreSQL
/// cluster that `KAMISADO_TEST_POSTGRES` names (`.ci/run` starts one of its
/// own); `path` is then only a base for the test's other files.
pub struct TempDb {
    pub path: PathBuf,
    /// The database, then the cluster it is in (dropped in that order).
    postgres: Option<(cluster::TestDatabase, cluster::Postgres)>,
}

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        let postgres = std::env::var("KAMISADO_TEST_STORE").as_deref() == Ok("postgres");
        if postgres {
            assert!(
                cluster::Postgres::from_env().is_some(),
                "KAMISADO_TEST_STORE=postgres needs KAMISADO_TEST_POSTGRES, the URL of a \
                 cluster to make databases in: .ci/run starts one (.ci/postgres start DIR)"
            );
        }
        TempDb::make(name, postgres)
    }

    /// An SQLite file whatever the store under test, for the tests of
    /// SQLite's own files.
    pub fn sqlite(name: &str) -> TempDb {
        TempDb::make(name, false)
    }

    /// A fresh PostgreSQL database whatever the store under test, for the
    /// tests of several server processes on one database: in the cluster of
    /// `KAMISADO_TEST_POSTGRES`, or else in a throwaway cluster of its own.
    pub fn postgres(name: &str) -> TempDb {
        TempDb::make(name, true)
    }

    fn make(name: &str, postgres: bool) -> TempDb {
        let path =
            std::env::temp_dir().join(format!("kamisado-test-{name}-{}.db", cluster::random_tag()));
        let postgres = postgres.then(|| {
            let server = cluster::Postgres::from_env_or_start();
            (server.fresh_database(name), server)
        });
        TempDb { path, postgres }
    }

    pub fn url(&self) -> String {
        match &self.postgres {
            None => format!("sqlite://{}", self.path.display()),
            Some((db, _)) => db.url().to_string(),
        }
    }
}

/// Runs one statement with `psql` against the database at `url`; its output.
pub fn psql(url: &str, sql: &str) -> String {
    cluster::psql(url, sql).unwrap_or_else(|e| panic!("{e}"))
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

/// The server's default limits, but for the puzzle set made at the first
/// start: tests that need puzzles ask for them (it is CPU work).
pub fn limits() -> Limits {
    Limits {
        puzzles_at_start: 0,
        ..Limits::default()
    }
}

/// A running server and a client of its HTTP API.
pub struct TestServer {
    pub addr: SocketAddr,
    pub http: Http,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    pub async fn start(db: &TempDb) -> TestServer {
        TestServer::start_with(db, limits()).await
    }

    pub async fn start_with(db: &TempDb, limits: Limits) -> TestServer {
        let server = bind_with(
            ServeConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: db.url(),
                ..ServeConfig::default()
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
            http: Http::new(addr).with_patience(PATIENCE),
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

    /// Creates a game.
    pub async fn create(&self, request: GameRequest) -> Created {
        self.http.create(&request).await.expect("a game is created")
    }

    /// A game's state, as a watcher sees it.
    pub async fn state(&self, id: &str) -> StateView {
        self.http.state(id).await.expect("the game's state")
    }

    /// A game's state as a client in `seat` is told it (its moves only to
    /// the side to move, its own rights only).
    pub async fn seen(&self, id: &str, seat: Option<Seat>) -> StateView {
        self.state(id).await.seen_by(seat)
    }

    /// A game's record.
    pub async fn record(&self, id: &str) -> String {
        self.http.record(id).await.expect("the game's record")
    }

    /// Any request, whatever its answer.
    pub async fn request(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        self.http
            .request(method, path, body)
            .await
            .expect("an HTTP answer")
    }

    /// A client of the game that has joined with `key` (none: a watcher).
    pub async fn client(&self, id: &str, key: Option<&str>) -> GameSocket {
        let mut client = self.watcher(id).await;
        client.join(key).await.expect("the key opens a seat");
        client
    }

    /// A game with a friend created by `request` (Black's seat for the
    /// creator), with both players seated: its id, Black's and Gold's clients.
    pub async fn friend_game(&self, request: GameRequest) -> (String, GameSocket, GameSocket) {
        let created = self.create(request.colour(PlayAs::Black)).await;
        let black = self.client(&created.id, Some(&created.key)).await;
        let white = self.client(&created.id, created.invite.as_deref()).await;
        (created.id, black, white)
    }

    /// A client of the game that has not sent anything.
    pub async fn watcher(&self, id: &str) -> GameSocket {
        self.http.watch(id).await.expect("the WebSocket opens")
    }
}

/// The actions stored for a game, in order, read from the database itself.
pub async fn stored_actions(db: &TempDb, id: &str) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT action FROM actions WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    rows.into_iter().map(|(a,)| a).collect()
}

/// Runs one statement on the database itself, with a game id as `$1` and
/// a number as `$2` (a test changing what is stored while the server is down).
pub async fn execute(db: &TempDb, sql: &str, id: &str, number: i64) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    sqlx::query(sql)
        .bind(id)
        .bind(number)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// Plays first legal moves (and left fills) until the match is over.
pub async fn play_out(black: &mut GameSocket, white: &mut GameSocket) -> StateView {
    let mut n = 0;
    loop {
        black.wait_n(n).await.unwrap();
        white.wait_n(n).await.unwrap();
        let state = black.state().clone();
        if state.status == Status::Over {
            return state;
        }
        let player = if state.to_act == Some(SideCode::Black) {
            &mut *black
        } else {
            &mut *white
        };
        let answer = if state.status == Status::Fill {
            player.fill(Fill::Left).await.unwrap()
        } else {
            player.play(first_legal(player.state())).await.unwrap()
        };
        assert!(is_ack(&answer), "{} at {n}", answer.to_text());
        n += 1;
        assert!(n < 2000, "the game ends");
    }
}

/// Sends `head` (the request line and headers, without the blank line) and
/// `body` on a connection of its own to `addr`; the answer's bytes, as
/// they came (headers and body).
pub async fn raw_exchange(addr: SocketAddr, head: &str, body: &str) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "{head}\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let _ = stream.write_all(request.as_bytes()).await;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        answer
    };
    tokio::time::timeout(PATIENCE, exchange)
        .await
        .expect("an answer in time")
}

/// A move in notation.
pub fn mv(text: &str) -> AnyMove {
    text.parse().expect("a move in notation")
}

/// The first legal move of a state.
pub fn first_legal(state: &StateView) -> AnyMove {
    *state.legal.first().expect("a legal move")
}

/// Whether an answer acknowledges a change (not a duplicate).
pub fn is_ack(answer: &ServerMessage) -> bool {
    matches!(
        answer,
        ServerMessage::Ack {
            duplicate: false,
            ..
        }
    )
}

/// The reason of an `error` answer; fails on any other.
pub fn reason(answer: &ServerMessage) -> &str {
    match answer {
        ServerMessage::Error { reason, .. } => reason,
        other => panic!("an error was expected, not {}", other.to_text()),
    }
}
