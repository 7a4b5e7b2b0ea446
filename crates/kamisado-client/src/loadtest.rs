//! `kamisado loadtest`: many friend games at once over WebSockets, each played
//! with random legal moves at a set rate, against a server on loopback.
//!
//! Each game has two clients, one per seat. The side to act sends its move;
//! the time from that send to the moment the opponent's client receives the
//! new state is the move's latency. The run stops by itself after its window,
//! then every acknowledged action is looked up where it was stored: in the
//! database of the server it started (by default), or in the game's state from
//! `url`'s server.
//!
//! ```no_run
//! use kamisado_client::loadtest::{Options, run};
//! # async fn go() -> Result<(), String> {
//! let options = Options { games: 20, rate: 2.0, seconds: 3, url: None, seed: 1 };
//! let report = run(&options).await?;
//! assert_eq!(report.errors, 0);
//! println!("{report}");
//! # Ok(()) }
//! ```

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use kamisado_core::Fill;
use kamisado_core::random::SplitMix64;
use kamisado_server::wire::{ClientMessage, ServerMessage, SideCode, StateView, Status};
use kamisado_server::{Limits, ServeConfig, bind_with};
use serde::Serialize;
use sqlx::Row;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

use crate::{GameRequest, GameSocket, Http, PlayAs};

/// How long a client waits for any one answer before it counts an error.
const PATIENCE: Duration = Duration::from_secs(15);
/// Games being created and joined at the same time while the run starts.
const SETUP_AT_ONCE: usize = 32;
/// The longest the start (creating and joining every game) may take.
const SETUP_LIMIT: Duration = Duration::from_secs(180);
/// The longest window a run accepts, in seconds.
const MAX_SECONDS: u64 = 3600;
/// Error messages kept for the report.
const ERROR_SAMPLES: usize = 5;

/// What a run does.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Games played at the same time (friend games: two seats, a connection each).
    pub games: usize,
    /// Moves a second in each game.
    pub rate: f64,
    /// How long moves are sent, in seconds, once every game has started.
    pub seconds: u64,
    /// A running server on loopback, such as `http://127.0.0.1:8080` (it must
    /// allow this many games per client). When none, a server is started in
    /// this process on a loopback port with a temporary database.
    pub url: Option<String>,
    /// Seed of the games and of the random moves.
    pub seed: u64,
}

impl Default for Options {
    /// 1000 games at a move a second each for 30 s, on a server of its own, seed 1.
    fn default() -> Options {
        Options {
            games: 1000,
            rate: 1.0,
            seconds: 30,
            url: None,
            seed: 1,
        }
    }
}

/// What a run measured (as JSON, its fields by these names).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Games played at the same time.
    pub games: usize,
    /// The window in which moves were sent, in seconds.
    pub seconds: f64,
    /// Actions acknowledged in the window (moves and fill choices).
    pub moves: u64,
    /// Acknowledged actions a second.
    pub moves_per_second: f64,
    /// Median latency from send to broadcast, in milliseconds.
    pub p50_ms: f64,
    /// 99th percentile latency, in milliseconds.
    pub p99_ms: f64,
    /// Largest latency, in milliseconds.
    pub max_ms: f64,
    /// Refusals, timeouts and failed connections.
    pub errors: u64,
    /// The first few errors, as reported.
    pub error_samples: Vec<String>,
    /// Acknowledged actions missing from where the server stores them.
    pub lost: u64,
    /// Where the acknowledged actions were checked: `database` or `api`.
    pub checked_in: &'static str,
    /// Matches that ended in the window (their slot started a new game).
    pub finished: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {} ({} connections), {:.1} s",
            self.games,
            self.games * 2,
            self.seconds
        )?;
        writeln!(
            f,
            "moves {} ({:.1} a second), matches finished {}",
            self.moves, self.moves_per_second, self.finished
        )?;
        writeln!(
            f,
            "send to broadcast: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.p50_ms, self.p99_ms, self.max_ms
        )?;
        write!(
            f,
            "errors {}, lost moves {} (checked in the {})",
            self.errors, self.lost, self.checked_in
        )?;
        for e in &self.error_samples {
            write!(f, "\n  error: {e}")?;
        }
        Ok(())
    }
}

/// Runs a load test and measures it.
///
/// # Errors
/// Bad options, an address that is not loopback, or a server that cannot be
/// started or reached at all.
pub async fn run(args: &Options) -> Result<Report, String> {
    if args.games == 0 || !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err("--games and --rate must be above 0".into());
    }
    if args.seconds == 0 || args.seconds > MAX_SECONDS {
        return Err(format!("--seconds must be 1 to {MAX_SECONDS}"));
    }
    let own = match &args.url {
        Some(_) => None,
        None => Some(OwnServer::start(args).await?),
    };
    let addr = match (&args.url, &own) {
        (Some(url), _) => loopback_address(url).await?,
        (None, Some(own)) => own.addr,
        (None, None) => unreachable!("a server was started"),
    };
    let http = Http::new(addr).with_patience(PATIENCE);
    let measured = drive(&http, args).await;
    let (lost, checked_in) = match own {
        Some(own) => (own.stop_and_check(&measured.games).await?, "database"),
        None => (check_by_api(&http, &measured.games).await, "api"),
    };
    let mut latencies = measured.latencies;
    latencies.sort_unstable();
    let pick = |q: usize| -> f64 {
        if latencies.is_empty() {
            0.0
        } else {
            let i = ((latencies.len() * q).div_ceil(100)).clamp(1, latencies.len()) - 1;
            latencies[i].as_secs_f64() * 1000.0
        }
    };
    let moves = measured.games.iter().map(|g| g.acked.len() as u64).sum();
    let seconds = measured.window.as_secs_f64();
    Ok(Report {
        games: args.games,
        seconds,
        moves,
        moves_per_second: moves as f64 / seconds.max(1e-9),
        p50_ms: pick(50),
        p99_ms: pick(99),
        max_ms: pick(100),
        errors: measured.errors.len() as u64,
        error_samples: measured.errors.into_iter().take(ERROR_SAMPLES).collect(),
        lost,
        checked_in,
        finished: measured.finished,
    })
}

/// A server started by the run, on a loopback port with a temporary database.
struct OwnServer {
    addr: SocketAddr,
    path: std::path::PathBuf,
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl OwnServer {
    async fn start(args: &Options) -> Result<OwnServer, String> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
        let path = std::env::temp_dir().join(format!(
            "kamisado-loadtest-{}-{:016x}.db",
            std::process::id(),
            u64::from_le_bytes(bytes)
        ));
        let limits = Limits {
            games_per_client: args.games.saturating_mul(4).saturating_add(100),
            messages_per_second: Limits::default().messages_per_second.max(args.rate * 4.0),
            ..Limits::default()
        };
        let config = ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: format!("sqlite://{}", path.display()),
        };
        let server = bind_with(config, limits)
            .await
            .map_err(|e| format!("cannot start a server: {e}"))?;
        let addr = server.local_addr();
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(async move {
            if let Err(e) = server
                .run_until(async {
                    let _ = stopped.await;
                })
                .await
            {
                eprintln!("loadtest: the server failed: {e}");
            }
        });
        Ok(OwnServer {
            addr,
            path,
            stop,
            task,
        })
    }

    /// Stops the server, then counts the acknowledged actions its database lacks.
    async fn stop_and_check(self, games: &[Played]) -> Result<u64, String> {
        let _ = self.stop.send(());
        let _ = self.task.await;
        let url = format!("sqlite://{}", self.path.display());
        let pool = sqlx::SqlitePool::connect(&url)
            .await
            .map_err(|e| format!("cannot open {url}: {e}"))?;
        let mut lost = 0;
        for game in games {
            let rows = sqlx::query("SELECT seq, action FROM actions WHERE game_id = $1")
                .bind(&game.id)
                .fetch_all(&pool)
                .await
                .map_err(|e| format!("reading {url}: {e}"))?;
            let mut stored = vec![None; game.acked.len()];
            for row in rows {
                let seq: i64 = row.try_get("seq").map_err(|e| e.to_string())?;
                let action: String = row.try_get("action").map_err(|e| e.to_string())?;
                if let Some(slot) = usize::try_from(seq).ok().and_then(|s| stored.get_mut(s)) {
                    *slot = Some(action);
                }
            }
            lost += game
                .acked
                .iter()
                .zip(&stored)
                .filter(|(acked, stored)| stored.as_deref() != Some(acked.as_str()))
                .count() as u64;
        }
        pool.close().await;
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
        Ok(lost)
    }
}

/// The address of `http://HOST:PORT`, which must be on loopback.
async fn loopback_address(url: &str) -> Result<SocketAddr, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("--url {url}: expected http://HOST:PORT"))?;
    let host = rest.split('/').next().unwrap_or(rest);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host(host)
        .await
        .map_err(|e| format!("--url {url}: {e}"))?
        .collect();
    match addrs.first() {
        Some(addr) if addrs.iter().all(|a| a.ip().is_loopback()) => Ok(*addr),
        Some(_) => Err(format!(
            "--url {url}: the load test only targets loopback addresses"
        )),
        None => Err(format!("--url {url}: no address")),
    }
}

/// One game's acknowledged actions, in order, as stored (`c1-c6`, `fill left`).
#[derive(Debug, Default)]
struct Played {
    id: String,
    acked: Vec<String>,
}

/// What the clients saw.
struct Measured {
    games: Vec<Played>,
    latencies: Vec<Duration>,
    errors: Vec<String>,
    finished: u64,
    window: Duration,
}

/// What one slot (one game at a time) saw.
#[derive(Default)]
struct SlotResult {
    games: Vec<Played>,
    latencies: Vec<Duration>,
    errors: Vec<String>,
    finished: u64,
}

/// Opens every game, starts them together and plays until the window ends.
async fn drive(http: &Http, args: &Options) -> Measured {
    let setup = Arc::new(Semaphore::new(SETUP_AT_ONCE));
    let (ready_tx, mut ready_rx) = mpsc::channel::<()>(args.games);
    let (start_tx, start_rx) = watch::channel::<Option<(Instant, Instant)>>(None);
    let interval = Duration::from_secs_f64(1.0 / args.rate);
    let mut slots = Vec::with_capacity(args.games);
    for index in 0..args.games {
        let seed = args
            .seed
            .wrapping_add((index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        slots.push(tokio::spawn(slot(
            http.clone(),
            seed,
            interval,
            Arc::clone(&setup),
            ready_tx.clone(),
            start_rx.clone(),
        )));
    }
    drop(ready_tx);
    let mut ready = 0;
    let deadline = tokio::time::Instant::now() + SETUP_LIMIT;
    while ready < args.games {
        match tokio::time::timeout_at(deadline, ready_rx.recv()).await {
            Ok(Some(())) => ready += 1,
            Ok(None) | Err(_) => break,
        }
    }
    let start = Instant::now() + Duration::from_millis(100);
    let window = Duration::from_secs(args.seconds);
    let _ = start_tx.send(Some((start, start + window)));
    let mut measured = Measured {
        games: Vec::new(),
        latencies: Vec::new(),
        errors: Vec::new(),
        finished: 0,
        window,
    };
    for handle in slots {
        match handle.await {
            Ok(r) => {
                measured.games.extend(r.games);
                measured.latencies.extend(r.latencies);
                measured.errors.extend(r.errors);
                measured.finished += r.finished;
            }
            Err(e) => measured.errors.push(format!("a client failed: {e}")),
        }
    }
    measured
}

/// One slot: a game played at the rate until the window ends (a new game
/// when a match ends).
async fn slot(
    http: Http,
    seed: u64,
    interval: Duration,
    setup: Arc<Semaphore>,
    ready: mpsc::Sender<()>,
    mut start: watch::Receiver<Option<(Instant, Instant)>>,
) -> SlotResult {
    let mut result = SlotResult::default();
    let mut rng = SplitMix64::new(seed);
    let opened = {
        let _permit = setup.acquire().await;
        open_game(&http, rng.next_u64()).await
    };
    let _ = ready.send(()).await;
    let mut game = match opened {
        Ok(g) => g,
        Err(e) => {
            result.errors.push(e);
            return result;
        }
    };
    let Ok(window) = start.wait_for(Option::is_some).await.map(|w| *w) else {
        return result;
    };
    let Some((begin, end)) = window else {
        return result;
    };
    let phase = interval.mul_f64((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64);
    let mut next = begin + phase;
    loop {
        if next >= end {
            break;
        }
        tokio::time::sleep_until(next.into()).await;
        next = (next + interval).max(Instant::now());
        if game.black.state().status == Status::Over {
            result.finished += 1;
            result.games.push(game.close().await);
            game = match open_game(&http, rng.next_u64()).await {
                Ok(g) => g,
                Err(e) => {
                    result.errors.push(e);
                    return result;
                }
            };
            continue;
        }
        match game.step(&mut rng).await {
            Ok(latency) => result.latencies.push(latency),
            Err(e) => {
                result.errors.push(format!("game {}: {e}", game.played.id));
                break;
            }
        }
    }
    // Every client stays connected until the window ends, so that the
    // window measures games in play only.
    tokio::time::sleep_until(end.into()).await;
    result.games.push(game.close().await);
    result
}

/// A friend game with a client in each seat.
struct LoadGame {
    black: GameSocket,
    white: GameSocket,
    played: Played,
}

impl LoadGame {
    /// The side to act plays a random legal move (or fill choice); returns
    /// the time until the opponent's client saw it.
    async fn step(&mut self, rng: &mut SplitMix64) -> Result<Duration, String> {
        let state = self.black.state();
        let (n, to_act, status) = (state.n, state.to_act, state.status);
        let message = if status == Status::Fill {
            let fill = if rng.next_u64() & 1 == 0 {
                Fill::Left
            } else {
                Fill::Right
            };
            ClientMessage::Fill { n, fill }
        } else {
            if state.legal.is_empty() {
                return Err("a state in play without legal moves".into());
            }
            ClientMessage::Move {
                n,
                mv: *rng.pick(&state.legal),
            }
        };
        let (mover, other) = match to_act {
            Some(SideCode::Black) => (&mut self.black, &mut self.white),
            Some(SideCode::White) => (&mut self.white, &mut self.black),
            None => return Err(format!("no side to act in {status:?}")),
        };
        let sent = Instant::now();
        mover.send(&message).await.map_err(|e| e.to_string())?;
        other.wait_n(n + 1).await.map_err(|e| e.to_string())?;
        let latency = sent.elapsed();
        match mover
            .answer(message.kind())
            .await
            .map_err(|e| e.to_string())?
        {
            ServerMessage::Ack {
                n: Some(acked),
                duplicate: false,
                ..
            } if acked == n => {}
            other => return Err(format!("refused: {}", other.to_text())),
        }
        self.played.acked.push(stored_text(&message));
        Ok(latency)
    }

    /// Closes both connections; returns what was played.
    async fn close(self) -> Played {
        self.black.close().await;
        self.white.close().await;
        self.played
    }
}

/// An action as the server stores it: `c1-c6`, `fill left`.
fn stored_text(message: &ClientMessage) -> String {
    match message {
        ClientMessage::Fill { fill, .. } => format!("fill {fill}"),
        ClientMessage::Move { mv, .. } => mv.to_string(),
        other => other.kind().to_string(),
    }
}

/// Creates a friend game and seats a client in each seat.
async fn open_game(http: &Http, seed: u64) -> Result<LoadGame, String> {
    let request = GameRequest::friend()
        .target(15)
        .colour(PlayAs::Black)
        .seed(seed);
    let created = http
        .create(&request)
        .await
        .map_err(|e| format!("creating a game: {e}"))?;
    let invite = created
        .invite
        .ok_or("creating a game: a friend game without an invite")?;
    let joining = |e| format!("joining: {e}");
    let black = http
        .join(&created.id, &created.key)
        .await
        .map_err(joining)?;
    let white = http.join(&created.id, &invite).await.map_err(joining)?;
    Ok(LoadGame {
        black,
        white,
        played: Played {
            id: created.id,
            acked: Vec::new(),
        },
    })
}

/// The actions of a game's state as the server stores them, in order.
fn actions_of(state: &StateView) -> Vec<String> {
    state
        .rounds
        .iter()
        .flat_map(|round| {
            let fill = round.fill.iter().map(|f| format!("fill {f}"));
            fill.chain(round.moves.iter().map(ToString::to_string))
        })
        .collect()
}

/// Counts acknowledged actions that the server's state of each game lacks.
async fn check_by_api(http: &Http, games: &[Played]) -> u64 {
    let mut lost = 0;
    for game in games {
        let stored = match http.state(&game.id).await {
            Ok(state) => actions_of(&state),
            Err(_) => Vec::new(),
        };
        let present = game
            .acked
            .iter()
            .zip(&stored)
            .take_while(|(a, s)| a == s)
            .count();
        lost += (game.acked.len() - present) as u64;
    }
    lost
}
