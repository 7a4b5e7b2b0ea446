//! The server process is killed (SIGKILL) while moves stream in, and while the
//! engine searches. Restarted on the same database, it has every acknowledged
//! move, at most the one move in flight besides, and every game goes on. The
//! processes' output never contains a seat key.

mod common;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{TempDb, http, stored_actions};
use futures_util::{SinkExt, StreamExt};
use kamisado_core::random::SplitMix64;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// The server as a process of its own, its output kept in a file.
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl ServerProcess {
    fn start(db: &TempDb, run: usize) -> ServerProcess {
        let log = PathBuf::from(format!("{}.run{run}.log", db.path.display()));
        let stderr = File::create(&log).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kamisado-serverd"))
            .args(["--addr", "127.0.0.1:0", "--db", &db.url()])
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the server process starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it listens");
        let addr = line
            .strip_prefix("listening on http://")
            .expect("a listening line")
            .parse()
            .unwrap();
        ServerProcess { child, addr, log }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    fn kill(mut self) -> String {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let _ = std::fs::remove_file(&self.log);
        text
    }

    async fn create(&self, request: Value) -> Value {
        let (status, body) =
            http(self.addr, "POST", "/api/games", Some(&request.to_string())).await;
        assert_eq!(status, 201, "{body}");
        serde_json::from_str(&body).unwrap()
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A seated client that reports a lost connection instead of failing.
struct Seat {
    ws: Ws,
    state: Value,
}

async fn next(ws: &mut Ws) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .map_err(|_| "no message in time".to_string())?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).map_err(|e| e.to_string());
        }
    }
}

impl Seat {
    async fn join(addr: SocketAddr, id: &str, key: &str) -> Result<Seat, String> {
        let (mut ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
                .await
                .map_err(|e| e.to_string())?;
        let join = json!({ "t": "join", "key": key }).to_string();
        ws.send(Message::Text(join.into()))
            .await
            .map_err(|e| e.to_string())?;
        let mut welcomed = false;
        loop {
            let m = next(&mut ws).await?;
            match m["t"].as_str() {
                Some("welcome") => welcomed = true,
                Some("state") if welcomed => return Ok(Seat { ws, state: m }),
                Some("error") => return Err(m.to_string()),
                _ => {}
            }
        }
    }

    /// Sends an action numbered `n` and waits for its answer and the new state.
    async fn act(&mut self, message: Value) -> Result<Value, String> {
        let n = message["n"].as_u64().unwrap();
        self.ws
            .send(Message::Text(message.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        let mut answer = None;
        loop {
            let m = next(&mut self.ws).await?;
            match m["t"].as_str() {
                Some("ack") => answer = Some(m),
                Some("error") => return Ok(m),
                Some("state") => self.state = m,
                _ => {}
            }
            if let Some(answer) = &answer {
                if self.state["n"].as_u64().unwrap_or(0) > n || answer["duplicate"] == true {
                    return Ok(answer.clone());
                }
            }
        }
    }
}

/// Both players of a friend game, Black's client first.
async fn players(addr: SocketAddr, game: &Value) -> Result<(Seat, Seat), String> {
    let id = game["id"].as_str().unwrap();
    let creator = Seat::join(addr, id, game["key"].as_str().unwrap()).await?;
    let friend = Seat::join(addr, id, game["invite"].as_str().unwrap()).await?;
    if game["seat"] == "b" {
        Ok((creator, friend))
    } else {
        Ok((friend, creator))
    }
}

/// The latest state either player has.
fn latest(black: &Seat, white: &Seat) -> Value {
    if black.state["n"].as_u64() >= white.state["n"].as_u64() {
        black.state.clone()
    } else {
        white.state.clone()
    }
}

/// Plays `message` from the side to act in `s` and waits until both players see it.
async fn play(
    black: &mut Seat,
    white: &mut Seat,
    s: &Value,
    message: Value,
) -> Result<Value, String> {
    let n = message["n"].as_u64().unwrap();
    let mover = if s["to_act"] == "b" {
        &mut *black
    } else {
        &mut *white
    };
    let answer = mover.act(message).await?;
    if answer["t"] != "ack" {
        return Ok(answer);
    }
    for seat in [black, white] {
        while seat.state["n"].as_u64().unwrap_or(0) <= n {
            let m = next(&mut seat.ws).await?;
            if m["t"] == "state" {
                seat.state = m;
            }
        }
    }
    Ok(answer)
}

/// The next action of a game in the state `s`: a random legal move or fill.
fn pick(s: &Value, rng: &mut SplitMix64) -> Value {
    let n = s["n"].as_u64().unwrap();
    if s["status"] == "fill" {
        let fill = if rng.next_u64() & 1 == 0 {
            "left"
        } else {
            "right"
        };
        return json!({ "t": "fill", "n": n, "fill": fill });
    }
    let legal: Vec<&Value> = s["legal"].as_array().unwrap().iter().collect();
    json!({ "t": "move", "n": n, "mv": rng.pick(&legal) })
}

fn stored_text(message: &Value) -> String {
    match message["t"].as_str() {
        Some("fill") => format!("fill {}", message["fill"].as_str().unwrap()),
        _ => message["mv"].as_str().unwrap().to_string(),
    }
}

/// What one game's players saw: acknowledged actions, and the one sent but
/// not acknowledged when the connection dropped.
#[derive(Default)]
struct Streamed {
    acked: Vec<String>,
    /// The action sent and the state it was sent in.
    in_flight: Option<(Value, Value)>,
}

/// Plays random actions in a friend game as fast as they are acknowledged,
/// until the connection is lost (or the match ends).
async fn stream(
    addr: SocketAddr,
    game: Value,
    seed: u64,
    log: Arc<Mutex<Streamed>>,
    total: Arc<Mutex<usize>>,
) {
    let Ok((mut black, mut white)) = players(addr, &game).await else {
        return;
    };
    let mut rng = SplitMix64::new(seed);
    loop {
        let s = latest(&black, &white);
        if s["status"] == "over" {
            return;
        }
        let message = pick(&s, &mut rng);
        log.lock().unwrap().in_flight = Some((message.clone(), s.clone()));
        match play(&mut black, &mut white, &s, message.clone()).await {
            Ok(answer) if answer["t"] == "ack" => {
                let mut log = log.lock().unwrap();
                log.acked.push(stored_text(&message));
                log.in_flight = None;
                *total.lock().unwrap() += 1;
            }
            Ok(answer) => panic!("refused: {answer}"),
            Err(_) => return,
        }
    }
}

/// Waits, in bounded steps, until `done` holds.
async fn wait_until(mut done: impl FnMut() -> bool, what: &str) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < PATIENCE, "waited too long for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_move() {
    const GAMES: usize = 6;
    let db = TempDb::new("sigkill");
    let server = ServerProcess::start(&db, 1);
    let mut games = Vec::new();
    for i in 0..GAMES {
        let colour = if i % 2 == 0 { "black" } else { "white" };
        games.push(
            server
                .create(json!({ "mode": "friend", "target": 15, "colour": colour, "seed": i }))
                .await,
        );
    }
    let total = Arc::new(Mutex::new(0usize));
    let logs: Vec<Arc<Mutex<Streamed>>> = (0..GAMES).map(|_| Arc::default()).collect();
    let tasks: Vec<_> = games
        .iter()
        .zip(&logs)
        .enumerate()
        .map(|(i, (game, log))| {
            tokio::spawn(stream(
                server.addr,
                game.clone(),
                1000 + i as u64,
                Arc::clone(log),
                Arc::clone(&total),
            ))
        })
        .collect();
    // Kill it in the middle of the stream.
    wait_until(|| *total.lock().unwrap() >= 120, "120 acknowledged moves").await;
    let output = server.kill();
    for task in tasks {
        tokio::time::timeout(PATIENCE * 2, task)
            .await
            .expect("every client notices")
            .unwrap();
    }

    let server = ServerProcess::start(&db, 2);
    let mut in_flight_stored = 0;
    for (game, log) in games.iter().zip(&logs) {
        let id = game["id"].as_str().unwrap();
        let log = std::mem::take(&mut *log.lock().unwrap());
        let stored = stored_actions(&db, id).await;
        assert!(
            stored.starts_with(&log.acked),
            "game {id}: every acknowledged move is stored: {:?} vs {stored:?}",
            log.acked
        );
        let extra = &stored[log.acked.len()..];
        assert!(extra.len() <= 1, "only the move in flight may be extra");
        if let Some(e) = extra.first() {
            let (sent, _) = log.in_flight.as_ref().expect("a move was in flight");
            assert_eq!(*e, stored_text(sent));
            in_flight_stored += 1;
        }
        // The game goes on: the move in flight is sent again (a retry), then more.
        let state: Value = {
            let (status, body) = http(server.addr, "GET", &format!("/api/games/{id}"), None).await;
            assert_eq!(status, 200);
            serde_json::from_str(&body).unwrap()
        };
        assert_eq!(state["n"].as_u64().unwrap() as usize, stored.len());
        let (mut black, mut white) = players(server.addr, game).await.unwrap();
        if let Some((sent, sent_in)) = log.in_flight {
            let answer = play(&mut black, &mut white, &sent_in, sent).await.unwrap();
            assert_eq!(answer["t"], "ack", "the retry: {answer}");
            assert_eq!(answer["duplicate"], !extra.is_empty(), "{answer}");
        }
        let mut rng = SplitMix64::new(7);
        for _ in 0..4 {
            let s = latest(&black, &white);
            if s["status"] == "over" {
                break;
            }
            let message = pick(&s, &mut rng);
            let answer = play(&mut black, &mut white, &s, message).await.unwrap();
            assert_eq!(answer["t"], "ack", "{answer}");
        }
        assert!(stored_actions(&db, id).await.len() > stored.len());
    }
    let acked: usize = *total.lock().unwrap();
    assert!(acked >= 120);
    eprintln!(
        "killed after {acked} acknowledged moves; {in_flight_stored} moves in flight were stored"
    );
    let output = output + &server.kill();
    for game in &games {
        for field in ["key", "invite"] {
            let key = game[field].as_str().unwrap();
            assert!(!output.contains(key), "a seat key was logged");
        }
    }
}

#[tokio::test]
async fn a_server_killed_while_the_engine_searches_resumes_the_search() {
    let db = TempDb::new("sigkill-engine");
    let server = ServerProcess::start(&db, 1);
    // Level 6 searches for a while after the player's first move.
    let game = server
        .create(json!({ "mode": "engine", "colour": "black", "level": 6, "seed": 3 }))
        .await;
    let id = game["id"].as_str().unwrap();
    let key = game["key"].as_str().unwrap();
    let mut me = Seat::join(server.addr, id, key).await.unwrap();
    let answer = me
        .act(json!({ "t": "move", "n": 0, "mv": "d1-d6" }))
        .await
        .unwrap();
    assert_eq!(answer["t"], "ack", "{answer}");
    assert_eq!(me.state["n"], 1);
    assert_eq!(me.state["thinking"], true, "the engine searches");
    let output = server.kill();
    let stored = stored_actions(&db, id).await;
    assert_eq!(stored[0], "d1-d6", "the acknowledged move is stored");
    eprintln!(
        "killed with {} actions stored (1: during the engine's search)",
        stored.len()
    );

    let server = ServerProcess::start(&db, 2);
    let mut me = Seat::join(server.addr, id, key).await.unwrap();
    // Opening the game again starts the engine's search again; it answers.
    while me.state["n"].as_u64().unwrap() < 2 {
        let m = next(&mut me.ws).await.unwrap();
        if m["t"] == "state" {
            me.state = m;
        }
    }
    assert_eq!(me.state["to_act"], "b");
    let mv = me.state["legal"][0].clone();
    let answer = me
        .act(json!({ "t": "move", "n": 2, "mv": mv }))
        .await
        .unwrap();
    assert_eq!(answer["t"], "ack", "the game goes on: {answer}");
    let stored = stored_actions(&db, id).await;
    assert_eq!(stored[0], "d1-d6");
    assert!(stored.len() >= 3);
    let output = output + &server.kill();
    assert!(!output.contains(key), "a seat key was logged");
}
