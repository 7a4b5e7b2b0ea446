//! `kamisado loadtest`: many friend games at once over WebSockets, each played
//! with random legal moves at a set rate, against a server on loopback (or
//! several processes of one server, sharing a database).
//!
//! Each game has two clients, one per seat, and as many watchers as asked.
//! The side to act sends its move; the time from that send to the moment the
//! opponent's client and every watcher have the new state is the move's
//! latency. The run stops by itself after its window, then every acknowledged
//! action is looked up where it was stored: in the database of the server it
//! started (by default), or in the game's state from the server given by the
//! URL the game was created on.
//!
//! With several URLs, the clients of game *i* are spread over them in turn:
//! Black on URL *i* mod *k* (where the game is created), White on the next,
//! the watchers on the ones after.
//!
//! ```no_run
//! use kamisado_client::loadtest::{Options, run};
//! # async fn go() -> Result<(), String> {
//! let options = Options { games: 20, rate: 2.0, seconds: 3, ..Options::default() };
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
use kamisado_wire::{ClientMessage, ServerMessage, SideCode, StateView, Status};
use serde::Serialize;
use tokio::sync::{Semaphore, mpsc, watch};

use crate::usage::Usage;
use crate::{ClientError, GameRequest, GameSocket, Http, PlayAs, Traffic};

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
/// The most watchers a game may have.
const MAX_WATCHERS: usize = 100;

/// What a run does.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Games played at the same time (friend games: two seats, a connection each).
    pub games: usize,
    /// Moves a second in each game.
    pub rate: f64,
    /// How long moves are sent, in seconds, once every game has started.
    pub seconds: u64,
    /// Running servers on loopback, such as `http://127.0.0.1:8080` (each
    /// must allow this many games per client): one server, or several
    /// processes of one server that share a database, over which each game's
    /// clients are spread. When none, a server is started in this process on
    /// a loopback port with a temporary database.
    pub urls: Vec<String>,
    /// Watchers of each game besides its two players.
    pub watchers: usize,
    /// Seed of the games and of the random moves.
    pub seed: u64,
}

impl Default for Options {
    /// 1000 games at a move a second each for 30 s, no watchers, on a server
    /// of its own, seed 1.
    fn default() -> Options {
        Options {
            games: 1000,
            rate: 1.0,
            seconds: 30,
            urls: Vec::new(),
            watchers: 0,
            seed: 1,
        }
    }
}

/// What a run measured (as JSON, its fields by these names).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Games played at the same time.
    pub games: usize,
    /// Watchers of each game besides its two players.
    pub watchers: usize,
    /// The servers the clients were spread over (none: the run's own server).
    pub urls: Vec<String>,
    /// The window in which moves were sent, in seconds.
    pub seconds: f64,
    /// Actions acknowledged in the window (moves and fill choices).
    pub moves: u64,
    /// Acknowledged actions a second.
    pub moves_per_second: f64,
    /// Median latency from send to broadcast (the opponent and every watcher
    /// have the new state), in milliseconds.
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
    /// Acknowledged actions that could not be looked up: their game's state
    /// did not come (the server unreachable, or an answer other than the
    /// state or 404), so whether they were kept is not known.
    pub unchecked: u64,
    /// Where the acknowledged actions were checked: `database` or `api`.
    pub checked_in: &'static str,
    /// Matches that ended in the window (their slot started a new game).
    pub finished: u64,
    /// The servers' CPU time in the window per action acknowledged, in
    /// microseconds (from each server's `process_cpu_seconds_total`); none
    /// when a server does not say.
    pub server_cpu_us: Option<f64>,
    /// This load generator's CPU time in the window per action, in microseconds.
    pub own_cpu_us: Option<f64>,
    /// The bytes each client was sent per action in the window (every
    /// message: patches, answers, and the states of games started in it).
    pub bytes_per_client: f64,
    /// Of those, the bytes in whole states (a new game's first, a resync).
    pub state_bytes_per_client: f64,
    /// Of those, the bytes in patches.
    pub patch_bytes_per_client: f64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {} ({} connections), {:.1} s",
            self.games,
            self.games * (2 + self.watchers),
            self.seconds
        )?;
        if self.urls.len() > 1 {
            writeln!(
                f,
                "servers {} (each game's clients spread over them in turn)",
                self.urls.join(", ")
            )?;
        }
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
        let us = |cost: Option<f64>| cost.map_or("unknown".to_string(), |us| format!("{us:.0} µs"));
        writeln!(
            f,
            "cpu a move: server {}, load generator {}; bytes a move to each client {:.0} \
             ({:.0} in patches, {:.0} in whole states, {:.0} in answers)",
            us(self.server_cpu_us),
            us(self.own_cpu_us),
            self.bytes_per_client,
            self.patch_bytes_per_client,
            self.state_bytes_per_client,
            self.bytes_per_client - self.patch_bytes_per_client - self.state_bytes_per_client,
        )?;
        write!(
            f,
            "errors {}, lost moves {} (checked in the {})",
            self.errors, self.lost, self.checked_in
        )?;
        if self.unchecked > 0 {
            write!(
                f,
                ", {} acknowledged moves not checked (their games' states did not come)",
                self.unchecked
            )?;
        }
        for e in &self.error_samples {
            write!(f, "\n  error: {e}")?;
        }
        Ok(())
    }
}

/// Runs a load test against the servers of `args.urls` and measures it;
/// every acknowledged action is then looked up in the game's state from the
/// server it was created on.
///
/// # Errors
/// Bad options, no URL, an address that is not loopback, or a server that
/// cannot be reached at all.
pub async fn run(args: &Options) -> Result<Report, String> {
    let (mut report, played) = measure(args).await?;
    let checked = count_lost(&args.urls, &played).await?;
    report.take_check(checked, "api");
    Ok(report)
}

impl Report {
    /// Takes in what the look-up of the acknowledged actions found, made
    /// in `checked_in`; the reasons of failed look-ups join the error samples.
    pub fn take_check(&mut self, checked: Checked, checked_in: &'static str) {
        self.lost = checked.lost;
        self.unchecked = checked.unchecked;
        self.checked_in = checked_in;
        let room = ERROR_SAMPLES.saturating_sub(self.error_samples.len());
        self.error_samples
            .extend(checked.failures.into_iter().take(room));
    }
}

/// What the look-up of a run's acknowledged actions found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Acknowledged actions the servers do not have (a game answered 404
    /// has lost all of its own).
    pub lost: u64,
    /// Acknowledged actions of games whose state did not come.
    pub unchecked: u64,
    /// Why those states did not come, the first few.
    pub failures: Vec<String>,
}

/// The games a run played: each with the actions acknowledged, in order.
#[derive(Debug, Default)]
pub struct Played {
    games: Vec<PlayedGame>,
}

/// Runs a load test and measures it, without looking the acknowledged
/// actions up ([`count_lost`] does, for instance after a restart): the
/// report (its `lost` 0) and what was played.
///
/// # Errors
/// As [`run`].
pub async fn measure(args: &Options) -> Result<(Report, Played), String> {
    check(args)?;
    let servers = servers(&args.urls).await?;
    let measured = drive(&servers, args).await;
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
    let (server_cpu_us, own_cpu_us) = measured.usage.1.per_action(&measured.usage.0, moves);
    let clients = (args.games * (2 + args.watchers)) as f64;
    let per_client_move = moves as f64 * clients / args.games as f64;
    let report = Report {
        games: args.games,
        watchers: args.watchers,
        urls: args.urls.clone(),
        seconds,
        moves,
        moves_per_second: moves as f64 / seconds.max(1e-9),
        p50_ms: pick(50),
        p99_ms: pick(99),
        max_ms: pick(100),
        errors: measured.errors.len() as u64,
        error_samples: measured.errors.into_iter().take(ERROR_SAMPLES).collect(),
        lost: 0,
        unchecked: 0,
        checked_in: "api",
        finished: measured.finished,
        server_cpu_us,
        own_cpu_us,
        bytes_per_client: measured.bytes.all as f64 / per_client_move.max(1.0),
        state_bytes_per_client: measured.bytes.states as f64 / per_client_move.max(1.0),
        patch_bytes_per_client: measured.bytes.patches as f64 / per_client_move.max(1.0),
    };
    Ok((
        report,
        Played {
            games: measured.games,
        },
    ))
}

/// Counts the acknowledged actions of `played` that the servers of `urls`
/// (the run's, or the same servers after a restart) do not have, and those
/// that could not be looked up.
///
/// # Errors
/// An address that is not loopback.
pub async fn count_lost(urls: &[String], played: &Played) -> Result<Checked, String> {
    let servers = servers(urls).await?;
    Ok(check_by_api(&servers, &played.games).await)
}

/// Checks a run's options.
fn check(args: &Options) -> Result<(), String> {
    if args.games == 0 || !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err("--games and --rate must be above 0".into());
    }
    if args.seconds == 0 || args.seconds > MAX_SECONDS {
        return Err(format!("--seconds must be 1 to {MAX_SECONDS}"));
    }
    if args.watchers > MAX_WATCHERS {
        return Err(format!("--watchers must be at most {MAX_WATCHERS}"));
    }
    if args.urls.is_empty() {
        return Err("a load test needs a server: give --url http://127.0.0.1:PORT".into());
    }
    Ok(())
}

/// The clients of the servers of `urls`, each on loopback.
async fn servers(urls: &[String]) -> Result<Vec<Http>, String> {
    let mut servers = Vec::with_capacity(urls.len());
    for url in urls {
        let addr = loopback_address(url).await?;
        servers.push(Http::new(addr).with_patience(PATIENCE));
    }
    Ok(servers)
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
struct PlayedGame {
    id: String,
    /// The server (an index into the run's servers) the game was created on.
    home: usize,
    acked: Vec<String>,
}

/// Which server each client of a game connects to, as indices into the
/// run's `servers` servers: Black (who creates the game) on the game's
/// index, White on the next, the watchers on the ones after, in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spread {
    black: usize,
    white: usize,
    watchers: Vec<usize>,
}

impl Spread {
    fn of(game: usize, servers: usize, watchers: usize) -> Spread {
        Spread {
            black: game % servers,
            white: (game + 1) % servers,
            watchers: (0..watchers).map(|j| (game + 2 + j) % servers).collect(),
        }
    }
}

/// The clients of the servers that one game's clients use.
#[derive(Clone)]
struct Clients {
    spread: Spread,
    black: Http,
    white: Http,
    watchers: Vec<Http>,
}

impl Clients {
    fn of(servers: &[Http], game: usize, watchers: usize) -> Clients {
        let spread = Spread::of(game, servers.len(), watchers);
        Clients {
            black: servers[spread.black].clone(),
            white: servers[spread.white].clone(),
            watchers: spread
                .watchers
                .iter()
                .map(|&i| servers[i].clone())
                .collect(),
            spread,
        }
    }
}

/// What the clients saw.
struct Measured {
    games: Vec<PlayedGame>,
    latencies: Vec<Duration>,
    errors: Vec<String>,
    finished: u64,
    window: Duration,
    /// The CPU time used at the window's start and at its end.
    usage: (Usage, Usage),
    /// The bytes the clients were sent in the window.
    bytes: Bytes,
}

/// Bytes sent to clients: all of them, and those in states and in patches.
#[derive(Clone, Copy, Debug, Default)]
struct Bytes {
    all: u64,
    states: u64,
    patches: u64,
}

impl Bytes {
    /// What `traffic` counts.
    fn of(traffic: Traffic) -> Bytes {
        Bytes {
            all: traffic.bytes(),
            states: traffic.state_bytes,
            patches: traffic.patch_bytes,
        }
    }

    /// These and `other`'s.
    fn plus(self, other: Bytes) -> Bytes {
        Bytes {
            all: self.all + other.all,
            states: self.states + other.states,
            patches: self.patches + other.patches,
        }
    }

    /// These less `before`'s.
    fn since(self, before: Bytes) -> Bytes {
        Bytes {
            all: self.all - before.all,
            states: self.states - before.states,
            patches: self.patches - before.patches,
        }
    }
}

/// What one slot (one game at a time) saw.
#[derive(Default)]
struct SlotResult {
    games: Vec<PlayedGame>,
    latencies: Vec<Duration>,
    errors: Vec<String>,
    finished: u64,
    bytes: Bytes,
}

/// Opens every game, starts them together and plays until the window ends.
async fn drive(servers: &[Http], args: &Options) -> Measured {
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
            Clients::of(servers, index, args.watchers),
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
    let sampler = {
        let servers = servers.to_vec();
        tokio::spawn(async move {
            tokio::time::sleep_until(start.into()).await;
            let first = Usage::now(&servers).await;
            tokio::time::sleep_until((start + window).into()).await;
            (first, Usage::now(&servers).await)
        })
    };
    let mut measured = Measured {
        games: Vec::new(),
        latencies: Vec::new(),
        errors: Vec::new(),
        finished: 0,
        window,
        usage: Default::default(),
        bytes: Bytes::default(),
    };
    for handle in slots {
        match handle.await {
            Ok(r) => {
                measured.games.extend(r.games);
                measured.latencies.extend(r.latencies);
                measured.errors.extend(r.errors);
                measured.finished += r.finished;
                measured.bytes = measured.bytes.plus(r.bytes);
            }
            Err(e) => measured.errors.push(format!("a client failed: {e}")),
        }
    }
    measured.usage = sampler.await.unwrap_or_default();
    measured
}

/// One slot: a game played at the rate until the window ends (a new game
/// when a match ends).
async fn slot(
    clients: Clients,
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
        open_game(&clients, rng.next_u64()).await
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
    // Bytes sent to the clients before the window are not counted.
    let mut before = game.bytes();
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
            result.bytes = result.bytes.plus(game.bytes().since(before));
            before = Bytes::default();
            result.games.push(game.close().await);
            game = match open_game(&clients, rng.next_u64()).await {
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
    result.bytes = result.bytes.plus(game.bytes().since(before));
    result.games.push(game.close().await);
    result
}

/// A friend game with a client in each seat, and its watchers.
struct LoadGame {
    black: GameSocket,
    white: GameSocket,
    watchers: Vec<GameSocket>,
    played: PlayedGame,
}

impl LoadGame {
    /// The side to act plays a random legal move (or fill choice); returns
    /// the time until the opponent's client and every watcher saw it.
    async fn step(&mut self, rng: &mut SplitMix64) -> Result<Duration, String> {
        let (n, to_act, status) = {
            let state = self.black.state();
            (state.n, state.to_act, state.status)
        };
        let (mover, other) = match to_act {
            Some(SideCode::Black) => (&mut self.black, &mut self.white),
            Some(SideCode::White) => (&mut self.white, &mut self.black),
            None => return Err(format!("no side to act in {status:?}")),
        };
        // Only the side to move is sent its legal moves.
        let message = if status == Status::Fill {
            let fill = if rng.next_u64() & 1 == 0 {
                Fill::Left
            } else {
                Fill::Right
            };
            ClientMessage::Fill { n, fill }
        } else {
            let legal = &mover.state().legal;
            if legal.is_empty() {
                return Err("a state in play without legal moves for the side to move".into());
            }
            ClientMessage::Move {
                n,
                mv: *rng.pick(legal),
            }
        };
        let sent = Instant::now();
        mover.send(&message).await.map_err(|e| e.to_string())?;
        other.wait_n(n + 1).await.map_err(|e| e.to_string())?;
        for watcher in &mut self.watchers {
            watcher
                .wait_n(n + 1)
                .await
                .map_err(|e| format!("a watcher: {e}"))?;
        }
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

    /// The bytes every client of the game has been sent.
    fn bytes(&self) -> Bytes {
        [&self.black, &self.white]
            .into_iter()
            .chain(&self.watchers)
            .fold(Bytes::default(), |sum, c| sum.plus(Bytes::of(c.traffic())))
    }

    /// Closes every connection; returns what was played.
    async fn close(self) -> PlayedGame {
        self.black.close().await;
        self.white.close().await;
        for watcher in self.watchers {
            watcher.close().await;
        }
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

/// Creates a friend game on Black's server, seats a client in each seat and
/// opens the watchers.
async fn open_game(clients: &Clients, seed: u64) -> Result<LoadGame, String> {
    let request = GameRequest::friend()
        .target(15)
        .colour(PlayAs::Black)
        .seed(seed);
    let created = clients
        .black
        .create(&request)
        .await
        .map_err(|e| format!("creating a game: {e}"))?;
    let invite = created
        .invite
        .ok_or("creating a game: a friend game without an invite")?;
    let joining = |e| format!("joining: {e}");
    let black = clients
        .black
        .join(&created.id, &created.key)
        .await
        .map_err(joining)?;
    let white = clients
        .white
        .join(&created.id, &invite)
        .await
        .map_err(joining)?;
    let mut watchers = Vec::with_capacity(clients.watchers.len());
    for http in &clients.watchers {
        let watcher = http
            .watch(&created.id)
            .await
            .map_err(|e| format!("watching: {e}"))?;
        watchers.push(watcher);
    }
    Ok(LoadGame {
        black,
        white,
        watchers,
        played: PlayedGame {
            id: created.id,
            home: clients.spread.black,
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

/// Counts acknowledged actions that each game's state lacks, as the server
/// it was created on gives it: a game the server does not know (404) lacks
/// them all; a game whose state does not come at all is not checked.
async fn check_by_api(servers: &[Http], games: &[PlayedGame]) -> Checked {
    let mut checked = Checked::default();
    for game in games {
        let stored = match servers[game.home].state(&game.id).await {
            Ok(state) => actions_of(&state),
            Err(ClientError::Status { status: 404, .. }) => Vec::new(),
            Err(e) => {
                checked.unchecked += game.acked.len() as u64;
                if checked.failures.len() < ERROR_SAMPLES {
                    let url = servers[game.home].addr();
                    checked
                        .failures
                        .push(format!("checking game {} on {url}: {e}", game.id));
                }
                continue;
            }
        };
        let present = game
            .acked
            .iter()
            .zip(&stored)
            .take_while(|(a, s)| a == s)
            .count();
        checked.lost += (game.acked.len() - present) as u64;
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_spreads_its_clients_over_the_servers_in_turn() {
        let spread = |game, servers, watchers| Spread::of(game, servers, watchers);
        // One server: everyone on it, as before there were several.
        assert_eq!(
            spread(7, 1, 2),
            Spread {
                black: 0,
                white: 0,
                watchers: vec![0, 0]
            }
        );
        // Three servers: game 0 uses 0, 1, 2; game 1 uses 1, 2, 0; game 2 uses 2, 0, 1.
        let games: Vec<Spread> = (0..4).map(|g| spread(g, 3, 1)).collect();
        let used: Vec<(usize, usize, usize)> = games
            .iter()
            .map(|s| (s.black, s.white, s.watchers[0]))
            .collect();
        assert_eq!(used, [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]);
        // Two servers: the players are always on different ones.
        for g in 0..10 {
            let s = spread(g, 2, 3);
            assert_ne!(s.black, s.white);
            assert_eq!(s.watchers, [s.black, s.white, s.black]);
        }
    }

    #[test]
    fn the_report_names_several_servers_and_counts_watchers() {
        let mut report = Report {
            games: 10,
            watchers: 1,
            urls: vec!["http://127.0.0.1:8081".into()],
            seconds: 2.0,
            moves: 20,
            moves_per_second: 10.0,
            p50_ms: 1.0,
            p99_ms: 2.0,
            max_ms: 3.0,
            errors: 0,
            error_samples: Vec::new(),
            lost: 0,
            unchecked: 0,
            checked_in: "api",
            finished: 0,
            server_cpu_us: Some(123.4),
            own_cpu_us: None,
            bytes_per_client: 512.0,
            state_bytes_per_client: 100.0,
            patch_bytes_per_client: 400.0,
        };
        let one = report.to_string();
        assert!(
            one.contains(
                "cpu a move: server 123 µs, load generator unknown; bytes a move to each client 512 \
                 (400 in patches, 100 in whole states, 12 in answers)"
            ),
            "{one}"
        );
        assert!(
            one.starts_with("games 10 (30 connections), 2.0 s\nmoves 20"),
            "{one}"
        );
        assert!(!one.contains("servers"), "{one}");
        report.urls.push("http://127.0.0.1:8082".into());
        let two = report.to_string();
        assert!(
            two.contains("\nservers http://127.0.0.1:8081, http://127.0.0.1:8082 ("),
            "{two}"
        );
    }
}
