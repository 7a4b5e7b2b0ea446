//! `kamisado bot`: the bridge between a Kamisado site and any KEP engine
//! (docs/bots.md). It reads the bot account's event stream, accepts the
//! challenges its policy allows (declining the others, saying why), plays
//! each game with an engine process of its own, opens a dropped connection
//! again without losing a game, and logs each game's result.

mod engine;
mod game;
mod policy;

use std::collections::{HashMap, HashSet};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use kamisado_client::{BotStream, Http};
use kamisado_wire::bots::BotEvent;
use kamisado_wire::players::ChallengeView;
use kamisado_wire::{SideCode, StateView};
use tokio::sync::mpsc;

use policy::Policy;

/// Plays on a Kamisado site as a bot account, through any engine that
/// speaks KEP (docs/protocol.md).
///
/// The account must be a bot account with an API token (docs/bots.md). The
/// bridge accepts the challenges addressed to the bot that `--accept`
/// allows and declines the others, plays every game at once, each with its
/// own engine process (`go btime … wtime … binc … winc …` from the game's
/// clock; `go fill` between rounds), reconnects after a dropped connection
/// or a server restart, and logs each game's result on standard error.
/// Ctrl-C stops accepting and exits once the games in progress are over.
///
/// Example: `kamisado bot --server http://127.0.0.1:8080 --token-file
/// bot.token --engine "kamisado engine --level 4" --accept rules=standard
/// boards=8x8 time=60..900 rated=yes`
#[derive(clap::Args, Clone, Debug)]
pub struct BotArgs {
    /// The site, as `http://HOST:PORT`.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// A file holding the bot's API token (made on the site; never logged).
    #[arg(long, value_name = "FILE")]
    pub token_file: PathBuf,
    /// The engine's command line, run through `sh -c` once per game.
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
    /// The challenges accepted, as KEY=VALUE words: `rules=standard,zvezda`,
    /// `boards=8x8`, `time=60..900` (a live clock's initial seconds),
    /// `rated=yes|no|any`. Any challenge when left out.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    pub accept: Vec<String>,
    /// Exit after this many games.
    #[arg(long, value_name = "N")]
    pub max_games: Option<usize>,
}

/// One line of the bridge's log, on standard error.
pub(crate) fn log(line: &str) {
    eprintln!("kamisado bot: {line}");
}

/// Milliseconds since 1970 by this machine's clock.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The waits between attempts to reach a server that is not answering:
/// from [`Backoff::FIRST`], doubling to [`Backoff::LONGEST`].
pub(crate) struct Backoff(Duration);

impl Backoff {
    const FIRST: Duration = Duration::from_millis(200);
    const LONGEST: Duration = Duration::from_secs(5);

    fn new() -> Backoff {
        Backoff(Backoff::FIRST)
    }

    /// Waits before the next attempt, and longer before the one after.
    async fn wait(&mut self) {
        tokio::time::sleep(self.0).await;
        self.0 = (self.0 * 2).min(Backoff::LONGEST);
    }

    fn reset(&mut self) {
        self.0 = Backoff::FIRST;
    }
}

/// `kamisado bot`.
///
/// # Errors
/// A bad flag, an unreadable token file, or a server that refuses the token.
pub fn bot(args: &BotArgs) -> Result<(), String> {
    let policy = Policy::parse(&args.accept)?;
    let token = std::fs::read_to_string(&args.token_file)
        .map_err(|e| format!("--token-file {}: {e}", args.token_file.display()))?
        .trim()
        .to_string();
    if token.is_empty() {
        return Err(format!(
            "--token-file {}: the file is empty",
            args.token_file.display()
        ));
    }
    let addr = address(&args.server)?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("bot: {e}"))?;
    let bridge = Bridge {
        addr,
        http: Http::new(addr),
        token: Arc::new(token),
        engine: Arc::new(args.engine.clone()),
        policy,
        max_games: args.max_games,
        games: HashMap::new(),
        pending: HashSet::new(),
        stopping: false,
        given_up: 0,
    };
    runtime.block_on(bridge.run())
}

/// The address of `http://HOST:PORT`.
fn address(url: &str) -> Result<SocketAddr, String> {
    let rest = url.strip_prefix("http://").ok_or_else(|| {
        format!("--server {url}: an http:// address (behind TLS, run the bridge beside the site)")
    })?;
    let host = rest.trim_end_matches('/');
    host.to_socket_addrs()
        .map_err(|e| format!("--server {url}: {e}"))?
        .next()
        .ok_or_else(|| format!("--server {url}: no address"))
}

/// The bridge's state: the games it plays and the challenges it accepted.
struct Bridge {
    addr: SocketAddr,
    http: Http,
    token: Arc<String>,
    engine: Arc<String>,
    policy: Policy,
    max_games: Option<usize>,
    /// The games being played, and every one started by this run.
    games: HashMap<String, bool>,
    /// Challenges accepted whose game has not started yet, by game id.
    pending: HashSet<String>,
    /// Set by Ctrl-C: no more challenges are accepted.
    stopping: bool,
    /// The games given up (the engine failed, the token was refused).
    given_up: usize,
}

impl Bridge {
    /// Reads the event stream, opening it again whenever it drops, until
    /// the bridge is to stop and no game is in progress.
    async fn run(mut self) -> Result<(), String> {
        let (done_tx, mut done) = mpsc::channel::<(String, Result<StateView, String>)>(64);
        let mut backoff = Backoff::new();
        let mut interrupt = std::pin::pin!(tokio::signal::ctrl_c());
        log(&format!("connecting to http://{}", self.addr));
        let mut refused = None;
        loop {
            if self.finished() {
                return match (refused, self.given_up) {
                    (Some(e), _) => Err(e),
                    (None, 0) => Ok(()),
                    (None, n) => Err(format!("{n} game(s) given up: see the log above")),
                };
            }
            if refused.is_some() {
                // The token is refused: the games end as the server closes them.
                if let Some((id, result)) = done.recv().await {
                    self.ended(&id, result);
                }
                continue;
            }
            let mut stream = tokio::select! {
                opened = BotStream::connect(self.addr, &self.token, Duration::from_secs(10)) => match opened {
                    Ok(stream) => stream,
                    Err(e) if e.to_string().contains("401") || e.to_string().contains("403") => {
                        refused = Some(format!("the server refused the bot's token: {e}"));
                        self.stopping = true;
                        self.pending.clear();
                        continue;
                    }
                    Err(e) => {
                        log(&format!("the event stream did not open ({e}): trying again"));
                        backoff.wait().await;
                        continue;
                    }
                },
                Some((id, result)) = done.recv() => { self.ended(&id, result); continue; }
                _ = &mut interrupt, if !self.stopping => { self.stop(); continue; }
            };
            backoff.reset();
            log("listening for challenges");
            loop {
                tokio::select! {
                    event = stream.next() => match event {
                        Ok(event) => self.event(event, &done_tx).await,
                        Err(e) => {
                            log(&format!("the event stream dropped ({e}): reconnecting"));
                            break;
                        }
                    },
                    Some((id, result)) = done.recv() => self.ended(&id, result),
                    _ = &mut interrupt, if !self.stopping => self.stop(),
                }
                if self.finished() {
                    break;
                }
            }
        }
    }

    /// Ctrl-C: no more challenges; the games in progress are played out.
    fn stop(&mut self) {
        self.stopping = true;
        let playing = self.games.values().filter(|p| **p).count();
        log(&format!("stopping after the {playing} game(s) in progress"));
    }

    /// Whether every game is over and no more are to come.
    fn finished(&self) -> bool {
        let playing = self.games.values().any(|p| *p) || !self.pending.is_empty();
        !playing && (self.stopping || self.full())
    }

    /// Whether `--max-games` games have been started or accepted.
    fn full(&self) -> bool {
        self.max_games
            .is_some_and(|max| self.games.len() + self.pending.len() >= max)
    }

    async fn event(
        &mut self,
        event: BotEvent,
        done: &mpsc::Sender<(String, Result<StateView, String>)>,
    ) {
        match event {
            BotEvent::Challenge { challenge } => self.challenged(&challenge).await,
            BotEvent::GameStart { game, colour } => {
                self.pending.remove(&game);
                if self.games.contains_key(&game) {
                    return;
                }
                log(&format!("game {game}: playing {}", colour_name(colour)));
                self.games.insert(game.clone(), true);
                let job = game::Job {
                    addr: self.addr,
                    token: Arc::clone(&self.token),
                    engine: Arc::clone(&self.engine),
                    game: game.clone(),
                    colour,
                };
                let done = done.clone();
                tokio::spawn(async move {
                    let result = game::play(job).await;
                    let _ = done.send((game, result)).await;
                });
            }
            BotEvent::GameFinish { .. } => {}
        }
    }

    /// Accepts a challenge, or declines it saying why.
    async fn challenged(&mut self, c: &ChallengeView) {
        let refusal = if self.stopping {
            Some("the bot is stopping".to_string())
        } else if self.full() {
            Some("the bot has played its games".to_string())
        } else {
            self.policy.refusal(c)
        };
        let (verb, path) = match &refusal {
            Some(_) => ("decline", format!("/api/challenges/{}/decline", c.id)),
            None => ("accept", format!("/api/challenges/{}/accept", c.id)),
        };
        match self
            .http
            .request_bearer("POST", &path, None, &self.token)
            .await
        {
            Ok(answer) if answer.status < 300 => {
                if let Ok(created) = answer.json::<kamisado_wire::Created>() {
                    self.pending.insert(created.id);
                }
                let why = refusal.map_or(String::new(), |r| format!(": {r}"));
                log(&format!(
                    "{verb}ed the challenge {} from {}{why}",
                    c.id, c.creator
                ));
            }
            Ok(answer) => log(&format!(
                "could not {verb} the challenge {}: {}",
                c.id,
                answer.reason().unwrap_or(answer.body)
            )),
            Err(e) => log(&format!("could not {verb} the challenge {}: {e}", c.id)),
        }
    }

    /// A game's task has ended: its result logged.
    fn ended(&mut self, id: &str, result: Result<StateView, String>) {
        self.games.insert(id.to_string(), false);
        match result {
            Ok(state) => log(&format!("game {id}: {}", result_line(&state))),
            Err(e) => {
                self.given_up += 1;
                log(&format!("game {id}: given up: {e}"));
            }
        }
    }
}

fn colour_name(colour: SideCode) -> &'static str {
    match colour {
        SideCode::Black => "Black",
        SideCode::White => "White",
    }
}

/// A finished game's result as the log tells it.
fn result_line(state: &StateView) -> String {
    let winner = state.winner.map_or("nobody", colour_name);
    let how = state
        .last_round
        .as_ref()
        .map_or(String::new(), |r| format!(" by {}", r.end));
    format!(
        "over, {winner} won{how}, {}-{} (Black {}, White {})",
        state.score.b,
        state.score.w,
        state.players.b.as_deref().unwrap_or("?"),
        state.players.w.as_deref().unwrap_or("?")
    )
}
