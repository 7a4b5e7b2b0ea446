//! The server process is killed (SIGKILL) while moves stream in, and while the
//! engine searches. Restarted on the same database, it has every acknowledged
//! move, at most the one move in flight besides, and every game goes on. The
//! processes' output never contains a seat key.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::cluster::ServerProcess;
use common::{TempDb, is_ack, mv, stored_actions};
use kamisado_client::{ClientError, GameRequest, GameSocket, Http, PlayAs};
use kamisado_core::Fill;
use kamisado_core::random::SplitMix64;
use kamisado_wire::{ClientMessage, ServerMessage, SideCode, StateView, Status};
use kamisado_wire::{Created, Seat};
use tokio::sync::watch;

/// How long any one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// The server as a process of its own on the test's database.
fn start(db: &TempDb) -> ServerProcess {
    ServerProcess::spawn(&db.url())
}

/// SIGKILL: no shutdown, no flush, nothing; what the process had written.
fn kill(mut server: ServerProcess) -> String {
    server.kill();
    server.log()
}

/// A game created on the server.
async fn create(server: &ServerProcess, request: GameRequest) -> Created {
    server
        .http()
        .create(&request)
        .await
        .expect("a game is created")
}

/// Both players of a friend game, Black's client first.
async fn players(http: &Http, game: &Created) -> Result<(GameSocket, GameSocket), ClientError> {
    let invite = game.invite.as_deref().expect("a friend game has an invite");
    let creator = http.join(&game.id, &game.key).await?;
    let friend = http.join(&game.id, invite).await?;
    if game.seat == Seat::Side(kamisado_core::Side::Black) {
        Ok((creator, friend))
    } else {
        Ok((friend, creator))
    }
}

/// The latest state either player has.
fn latest(black: &GameSocket, white: &GameSocket) -> StateView {
    let (b, w) = (black.state(), white.state());
    // Of two states of one action, the side to act's: only it has the moves.
    let newer = match b.n.cmp(&w.n) {
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Less => w,
        std::cmp::Ordering::Equal if b.to_act == Some(SideCode::White) => w,
        std::cmp::Ordering::Equal => b,
    };
    newer.clone()
}

/// Plays `message` from the side to act in `s` and waits until both players see it.
async fn play(
    black: &mut GameSocket,
    white: &mut GameSocket,
    s: &StateView,
    message: ClientMessage,
) -> Result<ServerMessage, ClientError> {
    let n = message.number().expect("an action carries its number");
    let mover = if s.to_act == Some(SideCode::Black) {
        &mut *black
    } else {
        &mut *white
    };
    let answer = mover.act(message).await?;
    if !matches!(answer, ServerMessage::Ack { .. }) {
        return Ok(answer);
    }
    black.wait_n(n + 1).await?;
    white.wait_n(n + 1).await?;
    Ok(answer)
}

/// The next action of a game in the state `s`: a random legal move or fill.
fn pick(s: &StateView, rng: &mut SplitMix64) -> ClientMessage {
    let n = s.n;
    if s.status == Status::Fill {
        let fill = if rng.next_u64() & 1 == 0 {
            Fill::Left
        } else {
            Fill::Right
        };
        return ClientMessage::Fill { n, fill };
    }
    ClientMessage::Move {
        n,
        mv: *rng.pick(&s.legal),
    }
}

/// The action as the server stores it.
fn stored_text(message: &ClientMessage) -> String {
    match message {
        ClientMessage::Fill { fill, .. } => format!("fill {fill}"),
        ClientMessage::Move { mv, .. } => mv.to_string(),
        other => panic!("not a stored action: {other:?}"),
    }
}

/// What one game's players saw: acknowledged actions, and the one sent but
/// not acknowledged when the connection dropped.
#[derive(Default)]
struct Streamed {
    acked: Vec<String>,
    /// The action sent and the state it was sent in.
    in_flight: Option<(ClientMessage, StateView)>,
}

/// Plays random actions in a friend game as fast as they are acknowledged,
/// until the connection is lost (or the match ends).
async fn stream(
    http: Http,
    game: Created,
    seed: u64,
    log: Arc<Mutex<Streamed>>,
    total: Arc<watch::Sender<usize>>,
) {
    let Ok((mut black, mut white)) = players(&http, &game).await else {
        return;
    };
    let mut rng = SplitMix64::new(seed);
    loop {
        let s = latest(&black, &white);
        if s.status == Status::Over {
            return;
        }
        let message = pick(&s, &mut rng);
        log.lock().unwrap().in_flight = Some((message.clone(), s.clone()));
        match play(&mut black, &mut white, &s, message.clone()).await {
            Ok(answer) if is_ack(&answer) => {
                let mut log = log.lock().unwrap();
                log.acked.push(stored_text(&message));
                log.in_flight = None;
                total.send_modify(|t| *t += 1);
            }
            Ok(answer) => panic!("refused: {}", answer.to_text()),
            Err(_) => return,
        }
    }
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_move() {
    const GAMES: usize = 6;
    let db = TempDb::new("sigkill");
    let server = start(&db);
    let mut games = Vec::new();
    for i in 0..GAMES {
        let colour = if i % 2 == 0 {
            PlayAs::Black
        } else {
            PlayAs::White
        };
        let request = GameRequest::friend()
            .target(15)
            .colour(colour)
            .seed(i as u64);
        games.push(create(&server, request).await);
    }
    let total = Arc::new(watch::Sender::new(0usize));
    let mut counted = total.subscribe();
    let logs: Vec<Arc<Mutex<Streamed>>> = (0..GAMES).map(|_| Arc::default()).collect();
    let tasks: Vec<_> = games
        .iter()
        .zip(&logs)
        .enumerate()
        .map(|(i, (game, log))| {
            tokio::spawn(stream(
                server.http().clone(),
                game.clone(),
                1000 + i as u64,
                Arc::clone(log),
                Arc::clone(&total),
            ))
        })
        .collect();
    // Kill it in the middle of the stream.
    tokio::time::timeout(PATIENCE, counted.wait_for(|t| *t >= 120))
        .await
        .expect("120 acknowledged moves in time")
        .unwrap();
    let output = kill(server);
    for task in tasks {
        tokio::time::timeout(PATIENCE * 2, task)
            .await
            .expect("every client notices")
            .unwrap();
    }

    let server = start(&db);
    let mut in_flight_stored = 0;
    for (game, log) in games.iter().zip(&logs) {
        let id = game.id.as_str();
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
        let state = server.http().state(id).await.unwrap();
        assert_eq!(state.n, stored.len());
        let (mut black, mut white) = players(&server.http(), game).await.unwrap();
        if let Some((sent, sent_in)) = log.in_flight {
            let answer = play(&mut black, &mut white, &sent_in, sent).await.unwrap();
            let ServerMessage::Ack { duplicate, .. } = answer else {
                panic!("the retry is acknowledged: {}", answer.to_text());
            };
            assert_eq!(duplicate, !extra.is_empty(), "{}", answer.to_text());
        }
        let mut rng = SplitMix64::new(7);
        for _ in 0..4 {
            let s = latest(&black, &white);
            if s.status == Status::Over {
                break;
            }
            let message = pick(&s, &mut rng);
            let answer = play(&mut black, &mut white, &s, message).await.unwrap();
            assert!(is_ack(&answer), "{}", answer.to_text());
        }
        assert!(stored_actions(&db, id).await.len() > stored.len());
    }
    let acked: usize = *total.borrow();
    assert!(acked >= 120);
    eprintln!(
        "killed after {acked} acknowledged moves; {in_flight_stored} moves in flight were stored"
    );
    let output = output + &kill(server);
    for game in &games {
        for key in [Some(&game.key), game.invite.as_ref()]
            .into_iter()
            .flatten()
        {
            assert!(!output.contains(key.as_str()), "a seat key was logged");
        }
    }
}

#[tokio::test]
async fn a_server_killed_while_the_engine_searches_resumes_the_search() {
    let db = TempDb::new("sigkill-engine");
    let server = start(&db);
    // Level 6 searches for a while after the player's first move.
    let game = create(
        &server,
        GameRequest::engine(6).colour(PlayAs::Black).seed(3),
    )
    .await;
    let id = game.id.as_str();
    let key = game.key.as_str();
    let mut me = server.http().join(id, key).await.unwrap();
    let answer = me.play(mv("d1-d6")).await.unwrap();
    assert!(is_ack(&answer), "{}", answer.to_text());
    assert_eq!(me.state().n, 1);
    assert!(me.state().thinking, "the engine searches");
    let output = kill(server);
    let stored = stored_actions(&db, id).await;
    assert_eq!(stored[0], "d1-d6", "the acknowledged move is stored");
    eprintln!(
        "killed with {} actions stored (1: during the engine's search)",
        stored.len()
    );

    let server = start(&db);
    let mut me = server.http().join(id, key).await.unwrap();
    // Opening the game again starts the engine's search again; it answers.
    let s = me.wait_n(2).await.unwrap();
    assert_eq!(s.to_act, Some(SideCode::Black));
    let reply = s.legal[0];
    let answer = me.play(reply).await.unwrap();
    assert!(is_ack(&answer), "the game goes on: {}", answer.to_text());
    let stored = stored_actions(&db, id).await;
    assert_eq!(stored[0], "d1-d6");
    assert!(stored.len() >= 3);
    let output = output + &kill(server);
    assert!(!output.contains(key), "a seat key was logged");
}

/// SIGTERM (what systemd, Docker and Kubernetes send) stops the server
/// cleanly: a move acknowledged before it is kept, every WebSocket is
/// closed with 1001 and the reason, the process logs its stop and exits 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_every_connection_saying_why_and_keeps_every_move() {
    let db = TempDb::new("sigterm");
    let mut server = start(&db);
    let game = create(&server, GameRequest::local()).await;
    let mut both = server.http().join(&game.id, &game.key).await.unwrap();
    assert!(is_ack(&both.play(mv("d1-d6")).await.unwrap()));
    // A client halfway through its request's headers when the stop comes.
    let mut halfway = tokio::net::TcpStream::connect(server.addr()).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut halfway, b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    server.signal("TERM");
    match tokio::time::timeout(PATIENCE, both.next()).await {
        Ok(Err(ClientError::Closed(Some(close)))) => {
            assert_eq!(close.code, 1001, "{close:?}");
            assert_eq!(close.reason, "the server is restarting");
        }
        other => panic!("the connection should close with 1001: {other:?}"),
    }
    let status = server
        .wait_exit(PATIENCE)
        .expect("the server stops by itself");
    assert!(status.success(), "{status}");
    let log = server.log();
    assert!(
        log.contains("SIGTERM") && log.contains("the server stops"),
        "{log}"
    );
    // Every connection closes without a panic in its task.
    assert!(!log.contains("panicked"), "{log}");
    assert_eq!(stored_actions(&db, &game.id).await, ["d1-d6"]);
}
