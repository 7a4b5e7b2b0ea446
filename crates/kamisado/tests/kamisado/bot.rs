//! `kamisado bot` against a real `kamisado serve`, driving a real
//! `kamisado engine`: a bot account with an API token plays a rated game
//! to its end against a signed-in player; a revoked token is refused at
//! once, mid-game too; the bridge reconnects after the server restarts and
//! finishes the game; a bot that stops moving loses on time; the token
//! appears in no log line. On SQLite, or with `KAMISADO_TEST_STORE=postgres`
//! on a fresh database of the cluster `KAMISADO_TEST_POSTGRES` names.

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kamisado_client::{GameSocket, Http};
use kamisado_core::Fill;
use kamisado_wire::bots::TokenCreated;
use kamisado_wire::players::{LeaderboardView, PlayerView};
use kamisado_wire::{SideCode, StateView, Status};
use serde_json::{Value, json};

/// How long a test waits for any one thing before it fails.
const PATIENCE: Duration = Duration::from_secs(120);

/// A process whose standard error is read line by line: every line kept,
/// and each told as it comes.
struct Logged {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
    news: Receiver<String>,
}

impl Logged {
    fn start(command: &mut Command) -> Logged {
        let mut child = command
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the process starts");
        let stderr = child.stderr.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let (tx, news) = channel();
        let kept = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                kept.lock().unwrap().push(line.clone());
                let _ = tx.send(line);
            }
        });
        Logged { child, lines, news }
    }

    /// The first line from now on that holds `text`.
    fn line_with(&self, text: &str) -> String {
        loop {
            let line = self
                .news
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|e| panic!("a line with `{text}` ({e}): {:#?}", self.all()));
            if line.contains(text) {
                return line;
            }
        }
    }

    fn all(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// Waits for the process to exit: whether it succeeded.
    fn exit(&mut self) -> bool {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the process exits: {:#?}",
                self.all()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The database under test: an SQLite file, or a fresh PostgreSQL database.
fn database(name: &str) -> (String, PathBuf) {
    let tag = format!("{name}-{}-{}", std::process::id(), random_tag());
    let file = std::env::temp_dir().join(format!("kamisado-bot-{tag}.db"));
    if std::env::var("KAMISADO_TEST_STORE").as_deref() != Ok("postgres") {
        return (format!("sqlite://{}", file.display()), file);
    }
    let cluster = std::env::var("KAMISADO_TEST_POSTGRES").expect("KAMISADO_TEST_POSTGRES");
    let db = format!("test_bot_{}", tag.replace('-', "_"));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/postgres");
    let done = Command::new(script)
        .args(["psql", &cluster, "-c", &format!("CREATE DATABASE {db}")])
        .status()
        .unwrap();
    assert!(done.success(), "the database {db} is created");
    let (base, _) = cluster.rsplit_once('/').unwrap();
    (format!("{base}/{db}"), file)
}

fn random_tag() -> String {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).unwrap();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn free_addr() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

/// `kamisado serve` on `addr`, logging every request.
fn serve(addr: SocketAddr, db: &str) -> Logged {
    let server = Logged::start(
        Command::new(env!("CARGO_BIN_EXE_kamisado"))
            .args([
                "serve",
                "--puzzles",
                "0",
                "--addr",
                &addr.to_string(),
                "--db",
                db,
            ])
            .env("KAMISADO_LOG", "debug"),
    );
    server.line_with("open http://");
    server
}

/// A signed-in player's cookie.
struct Player {
    name: String,
    cookie: String,
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Runtime::new().unwrap()
}

async fn ask(
    http: &Http,
    who: &Player,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let body = body.map(|b| b.to_string());
    let answer = http
        .request_as(method, path, body.as_deref(), Some(&who.cookie))
        .await
        .unwrap();
    (answer.status, answer.body)
}

async fn sign_up(http: &Http, name: &str) -> Player {
    let body = json!({"name": name, "password": "kamisado-pass"}).to_string();
    let answer = http
        .request("POST", "/api/accounts", Some(&body))
        .await
        .unwrap();
    assert_eq!(answer.status, 201, "{}", answer.body);
    let cookie = answer
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    Player {
        name: name.into(),
        cookie,
    }
}

/// A bot account and its token, written to a file: the token.
async fn make_bot(http: &Http, name: &str, file: &Path) -> TokenCreated {
    let bot = sign_up(http, name).await;
    let (status, body) = ask(http, &bot, "POST", "/api/account/bot", None).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = ask(
        http,
        &bot,
        "POST",
        "/api/tokens",
        Some(json!({"name": "bridge"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let token: TokenCreated = serde_json::from_str(&body).unwrap();
    std::fs::write(file, &token.token).unwrap();
    token
}

/// The bridge for the bot whose token is in `file`, with `engine`.
fn bridge(addr: SocketAddr, file: &Path, engine: &str) -> Logged {
    bridge_for(addr, file, engine, 1)
}

/// The bridge, exiting after `games` games.
fn bridge_for(addr: SocketAddr, file: &Path, engine: &str, games: usize) -> Logged {
    Logged::start(Command::new(env!("CARGO_BIN_EXE_kamisado")).args([
        "bot",
        "--server",
        &format!("http://{addr}"),
        "--token-file",
        &file.to_string_lossy(),
        "--engine",
        engine,
        "--accept",
        "rules=standard boards=8x8 time=15..900 rated=yes",
        "--max-games",
        &games.to_string(),
    ]))
}

/// Our own engine at level 1, as a bridge runs it.
fn our_engine() -> String {
    format!("{} engine --level 1", env!("CARGO_BIN_EXE_kamisado"))
}

/// `player` challenges `bot` to a rated 8×8 match to `target` points with
/// a live clock of `initial_s` seconds, as Black;
/// the bridge accepts: the game's id, from the bridge's log.
async fn challenge(
    http: &Http,
    player: &Player,
    bot: &str,
    bridge: &Logged,
    (initial_s, target): (u64, u8),
) -> String {
    let body = json!({"opponent": bot, "rated": true, "colour": "black", "target": target,
        "clock": {"initial_s": initial_s, "increment_s": 0}});
    let (status, body) = ask(http, player, "POST", "/api/challenges", Some(body)).await;
    assert_eq!(status, 201, "{body}");
    let line = bridge.line_with("playing White");
    line.split_whitespace()
        .nth(3)
        .unwrap()
        .trim_end_matches(':')
        .to_string()
}

/// The player's seat in the game, opened by the session.
async fn seat(addr: SocketAddr, player: &Player, game: &str) -> GameSocket {
    let mut socket = GameSocket::connect_as(addr, game, PATIENCE, Some(&player.cookie))
        .await
        .unwrap();
    socket.join(None).await.unwrap();
    socket
}

/// Plays Black's first legal moves (and left fills) until the game is
/// over, or until `stop_after` of Black's actions: the last state.
async fn play_black(socket: &mut GameSocket, stop_after: usize) -> StateView {
    let mut acted = 0;
    loop {
        let state = socket.state().clone();
        if state.status == Status::Over || acted == stop_after {
            return state;
        }
        if state.to_act == Some(SideCode::Black) {
            if state.status == Status::Fill {
                socket.fill(Fill::Left).await.unwrap();
            } else {
                socket.play(state.legal[0]).await.unwrap();
            }
            acted += 1;
        } else {
            socket.next().await.unwrap();
        }
    }
}

fn assert_no_token(token: &str, logs: &[Vec<String>]) {
    for line in logs.iter().flatten() {
        assert!(!line.contains(token), "a log line holds the token: {line}");
    }
    assert!(logs.iter().map(Vec::len).sum::<usize>() > 0);
}

#[test]
fn a_bot_plays_a_rated_game_to_its_end_through_the_bridge() {
    let (db, file) = database("rated");
    let addr = free_addr();
    let server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    runtime().block_on(async {
        let token = make_bot(&http, "robo", &token_file).await;
        let ann = sign_up(&http, "ann").await;
        let mut bridge = bridge(addr, &token_file, &our_engine());
        bridge.line_with("listening for challenges");
        let game = challenge(&http, &ann, "robo", &bridge, (300, 3)).await;
        let mut socket = seat(addr, &ann, &game).await;
        let end = play_black(&mut socket, usize::MAX).await;
        assert!(end.rated);
        assert_eq!(end.players.w.as_deref(), Some("robo"));
        // A match to 3: rounds, fills between them, to a side's 3 points.
        assert!(
            end.rounds.len() >= 2 && end.score.b.max(end.score.w) >= 3,
            "{:?}",
            end.score
        );
        bridge.line_with(&format!("game {game}: over"));
        assert!(
            bridge.exit(),
            "--max-games 1 ends the bridge: {:#?}",
            bridge.all()
        );
        // The bot is marked, and rated, on its page and the leaderboard.
        let page: PlayerView = http
            .request("GET", "/api/players/robo", None)
            .await
            .unwrap()
            .json()
            .unwrap();
        assert!(
            page.bot && page.ratings.contains_key("standard 8x8"),
            "{page:?}"
        );
        let board: LeaderboardView = http
            .request("GET", "/api/leaderboard", None)
            .await
            .unwrap()
            .json()
            .unwrap();
        assert!(
            board.players.iter().any(|p| p.name == "robo" && p.bot),
            "{board:?}"
        );
        assert!(
            board.players.iter().any(|p| p.name == "ann" && !p.bot),
            "{board:?}"
        );
        // The token was used on every request and is in no log line.
        assert_no_token(&token.token, &[server.all(), bridge.all()]);
    });
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_revoked_token_is_refused_at_once_mid_game() {
    let (db, file) = database("revoked");
    let addr = free_addr();
    let _server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    runtime().block_on(async {
        let token = make_bot(&http, "robo", &token_file).await;
        let owner = Player {
            name: "robo".into(),
            cookie: sign_in(&http, "robo").await,
        };
        let ann = sign_up(&http, "ann").await;
        let mut bridge = bridge(addr, &token_file, &our_engine());
        bridge.line_with("listening for challenges");
        let game = challenge(&http, &ann, "robo", &bridge, (300, 3)).await;
        let mut socket = seat(addr, &ann, &game).await;
        // Two of Black's moves (the bot has moved once): a match to 3 goes on.
        let state = play_black(&mut socket, 2).await;
        assert!(state.n >= 3 && state.status != Status::Over, "{}", state.n);
        let path = format!("/api/tokens/{}", token.view.id);
        let (status, body) = ask(&http, &owner, "DELETE", &path, None).await;
        assert_eq!(status, 200, "{body}");
        // The bridge's game and stream are closed, and it gives up.
        bridge.line_with(&format!("game {game}: given up"));
        assert!(
            !bridge.exit(),
            "a refused token ends the bridge: {:#?}",
            bridge.all()
        );
        assert!(
            bridge.all().iter().any(|l| l.contains("revoked")),
            "{:#?}",
            bridge.all()
        );
        // Every request with it is refused, saying why.
        let answer = http
            .request_bearer("GET", "/api/session", None, &token.token)
            .await
            .unwrap();
        assert_eq!(answer.status, 401, "{}", answer.body);
        assert!(answer.body.contains("revoked"), "{}", answer.body);
        let refused = GameSocket::connect_bearer(addr, &game, PATIENCE, &token.token).await;
        assert!(refused.is_err());
        assert_eq!(owner.name, "robo");
    });
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}

async fn sign_in(http: &Http, name: &str) -> String {
    let body = json!({"name": name, "password": "kamisado-pass"}).to_string();
    let answer = http
        .request("POST", "/api/session", Some(&body))
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn the_bridge_reconnects_after_a_server_restart_and_finishes_the_game() {
    let (db, file) = database("restart");
    let addr = free_addr();
    let server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    let rt = runtime();
    let (ann, mut bridge, game) = rt.block_on(async {
        make_bot(&http, "robo", &token_file).await;
        let ann = sign_up(&http, "ann").await;
        let bridge = bridge(addr, &token_file, &our_engine());
        bridge.line_with("listening for challenges");
        let game = challenge(&http, &ann, "robo", &bridge, (600, 3)).await;
        let mut socket = seat(addr, &ann, &game).await;
        // One move of Ann's: a match to 3 cannot be over yet.
        play_black(&mut socket, 1).await;
        (ann, bridge, game)
    });
    // The server goes away mid-game and comes back on the same address.
    drop(server);
    bridge.line_with("reconnecting");
    let _server = serve(addr, &db);
    rt.block_on(async {
        let mut socket = seat(addr, &ann, &game).await;
        let end = play_black(&mut socket, usize::MAX).await;
        assert_eq!(end.status, Status::Over);
        bridge.line_with(&format!("game {game}: over"));
    });
    assert!(bridge.exit(), "{:#?}", bridge.all());
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_bot_that_stops_moving_loses_on_time() {
    let (db, file) = database("flag");
    let addr = free_addr();
    let _server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    // An engine that speaks KEP but never answers `go`.
    let silent = "while read line; do case \"$line\" in kep) echo kepok;; isready) echo readyok;; esac; done";
    runtime().block_on(async {
        make_bot(&http, "robo", &token_file).await;
        let ann = sign_up(&http, "ann").await;
        let bridge = bridge(addr, &token_file, silent);
        bridge.line_with("listening for challenges");
        let game = challenge(&http, &ann, "robo", &bridge, (15, 1)).await;
        let mut socket = seat(addr, &ann, &game).await;
        let end = play_black(&mut socket, usize::MAX).await;
        assert_eq!(end.winner, Some(SideCode::Black));
        let round = end.last_round.expect("the last round");
        assert_eq!(round.end.to_string(), "time", "{round:?}");
    });
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn the_bridge_plays_two_games_at_once() {
    let (db, file) = database("two");
    let addr = free_addr();
    let _server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    runtime().block_on(async {
        make_bot(&http, "robo", &token_file).await;
        let ann = sign_up(&http, "ann").await;
        let ben = sign_up(&http, "ben").await;
        let mut bridge = bridge_for(addr, &token_file, &our_engine(), 2);
        bridge.line_with("listening for challenges");
        let first = challenge(&http, &ann, "robo", &bridge, (300, 3)).await;
        let second = challenge(&http, &ben, "robo", &bridge, (300, 3)).await;
        assert_ne!(first, second);
        // Both are under way before either is played on.
        let mut a = seat(addr, &ann, &first).await;
        let mut b = seat(addr, &ben, &second).await;
        let (end_a, end_b) = tokio::join!(
            play_black(&mut a, usize::MAX),
            play_black(&mut b, usize::MAX)
        );
        assert_eq!((end_a.status, end_b.status), (Status::Over, Status::Over));
        assert!(bridge.exit(), "{:#?}", bridge.all());
        let log = bridge.all();
        for game in [&first, &second] {
            assert!(
                log.iter()
                    .any(|l| l.contains(&format!("game {game}: over"))),
                "{log:#?}"
            );
        }
    });
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn ctrl_c_stops_the_bridge_after_the_game_in_progress() {
    let (db, file) = database("interrupt");
    let addr = free_addr();
    let _server = serve(addr, &db);
    let token_file = file.with_extension("token");
    let http = Http::new(addr);
    runtime().block_on(async {
        make_bot(&http, "robo", &token_file).await;
        let ann = sign_up(&http, "ann").await;
        let ben = sign_up(&http, "ben").await;
        let mut bridge = bridge_for(addr, &token_file, &our_engine(), 5);
        bridge.line_with("listening for challenges");
        let game = challenge(&http, &ann, "robo", &bridge, (300, 3)).await;
        let mut socket = seat(addr, &ann, &game).await;
        play_black(&mut socket, 1).await;
        let pid = bridge.child.id().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(sent.success());
        bridge.line_with("stopping after the 1 game(s) in progress");
        // A new challenge is declined, saying why; the game goes on to its end.
        let body = json!({"opponent": "robo", "rated": true,
            "clock": {"initial_s": 300, "increment_s": 0}});
        let (status, body) = ask(&http, &ben, "POST", "/api/challenges", Some(body)).await;
        assert_eq!(status, 201, "{body}");
        bridge.line_with("the bot is stopping");
        let end = play_black(&mut socket, usize::MAX).await;
        assert_eq!(end.status, Status::Over);
        bridge.line_with(&format!("game {game}: over"));
        assert!(bridge.exit(), "{:#?}", bridge.all());
    });
    let _ = std::fs::remove_file(&token_file);
    let _ = std::fs::remove_file(&file);
}
