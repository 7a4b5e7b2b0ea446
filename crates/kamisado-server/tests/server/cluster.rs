//! The server as a cluster: three `kamisado-serverd` processes on one
//! PostgreSQL cluster behind nginx (`docs/nginx.conf`). One process is killed
//! with SIGKILL while moves stream to games spread over all three; the
//! database itself goes away and comes back while a game runs.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::cluster::{Nginx, Postgres, ServerProcess};
use common::{first_legal, psql};
use kamisado_client::{ClientError, GameRequest, GameSocket, Http, PlayAs};
use kamisado_core::any::AnyMove;
use kamisado_wire::{ClientMessage, Kind, ServerMessage, SideCode, Status};
use tokio::time::Instant;

/// Friend games played at once.
const GAMES: usize = 6;
/// Moves each game makes before the kill, about.
const BEFORE_KILL: usize = 4;
/// Moves each game makes at most.
const MOVES: usize = 14;

/// Opens a seat's WebSocket through `http`, trying again while the address
/// answers with a process that is gone (nginx then takes another).
async fn seat(http: &Http, id: &str, key: &str) -> GameSocket {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match http.join(id, key).await {
            Ok(socket) => return socket,
            Err(e) if Instant::now() < deadline => {
                eprintln!("reconnecting {id}: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("the seat of {id} cannot be taken again: {e}"),
        }
    }
}

/// What a game's driver saw.
struct Played {
    id: String,
    /// Each acknowledged move with its number.
    acked: Vec<(usize, AnyMove)>,
    /// The moves made once the kill had happened.
    after_kill: usize,
    /// Connections opened again.
    reconnects: usize,
    ended: bool,
}

/// Plays one friend game through the address, a move at a time from the
/// side to move, opening a seat again whenever its connection drops.
async fn drive(
    http: Http,
    id: String,
    keys: [String; 2],
    killed: Arc<AtomicUsize>,
    moved: Arc<AtomicUsize>,
) -> Played {
    let mut sockets = [
        seat(&http, &id, &keys[0]).await,
        seat(&http, &id, &keys[1]).await,
    ];
    let mut played = Played {
        id: id.clone(),
        acked: Vec::new(),
        after_kill: 0,
        reconnects: 0,
        ended: false,
    };
    let mut n = 0;
    while n < MOVES {
        // Before the kill, games wait for each other so that all are mid-game.
        while killed.load(Ordering::SeqCst) == 0 && n >= BEFORE_KILL {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let kill_seen = killed.load(Ordering::SeqCst) > 0;
        let state = sockets[0].state().clone();
        let side = usize::from(state.to_act == Some(SideCode::White));
        let result: Result<ServerMessage, ClientError> = async {
            let s = sockets[side].wait_n(n).await?.clone();
            if s.status != Status::Playing {
                return Ok(ServerMessage::State(Box::new(s)));
            }
            let mv = first_legal(&s);
            sockets[side].send(&ClientMessage::Move { n, mv }).await?;
            sockets[side].answer(Kind::Move).await
        }
        .await;
        match result {
            Ok(ServerMessage::State(s)) => {
                assert_ne!(s.status, Status::Playing);
                played.ended = true;
                break;
            }
            Ok(ServerMessage::Ack { .. }) => {
                let mv = sockets[side].state().last.expect("a move was made");
                played.acked.push((n, mv));
                n += 1;
                moved.fetch_add(1, Ordering::SeqCst);
                if kill_seen {
                    played.after_kill += 1;
                }
                // The other seat follows.
                if sockets[1 - side].wait_n(n).await.is_err() {
                    sockets[1 - side] = seat(&http, &id, &keys[1 - side]).await;
                    played.reconnects += 1;
                }
            }
            Ok(other) => panic!("game {id} move {n}: {}", other.to_text()),
            Err(e) => {
                // The process behind this seat is gone: the address takes
                // the seat to another, whose state says whether the move landed.
                eprintln!("game {id} move {n}: {e}");
                sockets[side] = seat(&http, &id, &keys[side]).await;
                played.reconnects += 1;
                let now = sockets[side].state().n;
                assert!(
                    now == n || now == n + 1,
                    "game {id} is at {now}, not near {n}"
                );
                if now == n + 1 {
                    let mv = sockets[side].state().last.expect("a move was made");
                    played.acked.push((n, mv));
                    n += 1;
                }
            }
        }
        // Black's seat tells whose turn is next: it follows every move.
        if sockets[0].state().n < n && sockets[0].wait_n(n).await.is_err() {
            sockets[0] = seat(&http, &id, &keys[0]).await;
            played.reconnects += 1;
        }
    }
    for socket in sockets {
        socket.close().await;
    }
    played
}

/// SIGKILL one of three processes while moves stream to games spread over
/// all three: their clients take their seats again through the address,
/// every acknowledged move is in the database, and every game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_loses_no_acknowledged_move() {
    let postgres = Postgres::from_env_or_start();
    let db = postgres.fresh_database("cluster_kill");
    let mut servers: Vec<ServerProcess> = (0..3)
        .map(|_| ServerProcess::spawn_with(db.url(), &["--games-per-client", "1000"]))
        .collect();
    let addrs: Vec<_> = servers.iter().map(ServerProcess::addr).collect();
    let nginx = Nginx::start(&addrs);
    let http = nginx.http();
    let killed = Arc::new(AtomicUsize::new(0));
    let moved = Arc::new(AtomicUsize::new(0));
    let mut drivers = Vec::new();
    for g in 0..GAMES {
        let created = http
            .create(
                &GameRequest::friend()
                    .seed(100 + g as u64)
                    .colour(PlayAs::Black),
            )
            .await
            .expect("a game is created through nginx");
        let keys = [
            created.key.clone(),
            created.invite.clone().expect("an invite key"),
        ];
        drivers.push(tokio::spawn(drive(
            http.clone(),
            created.id,
            keys,
            Arc::clone(&killed),
            Arc::clone(&moved),
        )));
    }
    // Once every game is mid-way, kill one process.
    let deadline = Instant::now() + Duration::from_secs(60);
    while moved.load(Ordering::SeqCst) < GAMES * BEFORE_KILL {
        assert!(Instant::now() < deadline, "the games did not get going");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    servers[1].kill();
    killed.store(1, Ordering::SeqCst);
    let (mut reconnects, mut acked, mut after_kill) = (0, 0, 0);
    for driver in drivers {
        let played = driver.await.expect("a driver finishes");
        reconnects += played.reconnects;
        acked += played.acked.len();
        after_kill += played.after_kill;
        assert!(
            played.ended || played.after_kill > 0,
            "game {} went on after the kill",
            played.id
        );
        let stored = psql(
            db.url(),
            &format!(
                "SELECT string_agg(action, ' ' ORDER BY seq) FROM actions WHERE game_id = '{}'",
                played.id
            ),
        );
        let stored: Vec<&str> = stored.split_whitespace().collect();
        for (n, mv) in &played.acked {
            assert_eq!(
                stored.get(*n).copied(),
                Some(mv.to_string().as_str()),
                "game {} move {n} was acknowledged and is stored",
                played.id
            );
        }
    }
    eprintln!(
        "{GAMES} games over 3 processes, one killed: {acked} moves acknowledged and \
         stored ({after_kill} after the kill), {reconnects} seats taken again"
    );
    assert!(reconnects > 0, "some clients were on the killed process");
    drop(nginx);
}

/// The database goes away while a game runs: moves are refused with a reason
/// meanwhile, the processes reconnect when it is back, and nothing
/// acknowledged is lost; moves made on one process still reach the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_going_away_and_coming_back() {
    let postgres = Postgres::start();
    let db = postgres.fresh_database("cluster_restart");
    let a = ServerProcess::spawn(db.url());
    let b = ServerProcess::spawn(db.url());
    let created = a
        .http()
        .create(&GameRequest::friend().seed(8).colour(PlayAs::Black))
        .await
        .unwrap();
    let id = created.id.as_str();
    let mut black = a.http().join(id, &created.key).await.unwrap();
    let mut white = b
        .http()
        .join(id, created.invite.as_deref().unwrap())
        .await
        .unwrap();
    let answer = black.play(first_legal(black.state())).await.unwrap();
    assert!(
        matches!(answer, ServerMessage::Ack { .. }),
        "{}",
        answer.to_text()
    );
    white.wait_n(1).await.unwrap();

    let ready = a.http().request("GET", "/api/ready", None).await.unwrap();
    assert_eq!(ready.status, 200, "{}", ready.body);
    postgres.pause();
    // Refused within about a second (the pool's wait), not after the client gave up.
    let asked = Instant::now();
    let answer = white.play(first_legal(white.state())).await.unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(4),
        "{:?}",
        asked.elapsed()
    );
    let ServerMessage::Error { reason, .. } = &answer else {
        panic!(
            "a move with the database away is refused: {}",
            answer.to_text()
        );
    };
    assert!(reason.contains("database is unavailable"), "{reason}");
    assert_eq!(white.state().n, 1);
    let asked = Instant::now();
    let created = a
        .http()
        .request("POST", "/api/games", Some(r#"{"mode":"local"}"#))
        .await
        .unwrap();
    assert_eq!(created.status, 503, "{}", created.body);
    assert!(created.body.contains("try again"), "{}", created.body);
    assert!(
        asked.elapsed() < Duration::from_secs(4),
        "{:?}",
        asked.elapsed()
    );
    // Not ready while the database is away; alive all the same.
    let ready = a.http().request("GET", "/api/ready", None).await.unwrap();
    assert_eq!(ready.status, 503, "{}", ready.body);
    let health = a.http().request("GET", "/api/health", None).await.unwrap();
    assert_eq!(health.status, 200, "{}", health.body);
    postgres.resume();

    // Once the database is back the same move goes through, and reaches
    // the other process.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = white.play(first_legal(white.state())).await.unwrap();
        match answer {
            ServerMessage::Ack { .. } => break,
            ServerMessage::Error { reason, .. } if Instant::now() < deadline => {
                assert!(reason.contains("unavailable"), "{reason}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            other => panic!("the move after the database came back: {}", other.to_text()),
        }
    }
    black.wait_n(2).await.expect("the move made on B reaches A");
    let answer = black.play(first_legal(black.state())).await.unwrap();
    assert!(
        matches!(answer, ServerMessage::Ack { .. }),
        "{}",
        answer.to_text()
    );
    white.wait_n(3).await.expect("and the next one B");
    let ready = a.http().request("GET", "/api/ready", None).await.unwrap();
    assert_eq!(ready.status, 200, "ready again: {}", ready.body);
    let stored = psql(
        db.url(),
        &format!("SELECT COUNT(*) FROM actions WHERE game_id = '{id}'"),
    );
    assert_eq!(stored, "3");
}

/// One of three processes hung (SIGSTOP): requests through nginx are
/// answered meanwhile, the first within nginx's read timeout and the rest
/// at once (the hung process is left out); after SIGCONT it serves again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_process_is_routed_around() {
    let postgres = Postgres::from_env_or_start();
    let db = postgres.fresh_database("cluster_hung");
    let servers: Vec<ServerProcess> = (0..3)
        .map(|_| ServerProcess::spawn_with(db.url(), &["--games-per-client", "1000"]))
        .collect();
    let addrs: Vec<_> = servers.iter().map(ServerProcess::addr).collect();
    let nginx = Nginx::start(&addrs);
    let http = nginx.http();
    let created = http.create(&GameRequest::local()).await.unwrap();
    servers[1].signal("STOP");
    let started = Instant::now();
    for _ in 0..12 {
        let asked = Instant::now();
        let state = http
            .state(&created.id)
            .await
            .expect("answered through nginx");
        assert_eq!(state.id, created.id);
        assert!(
            asked.elapsed() < Duration::from_secs(8),
            "{:?}",
            asked.elapsed()
        );
    }
    // At most one request waited out the read timeout.
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
    servers[1].signal("CONT");
    let direct = servers[1]
        .http()
        .state(&created.id)
        .await
        .expect("it serves again");
    assert_eq!(direct.id, created.id);
}
