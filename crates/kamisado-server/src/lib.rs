//! Kamisado over HTTP and WebSockets.
//!
//! [`serve`] starts the whole game at an address: a page with a lobby, the
//! board and an analysis board (its assets built into the binary), games
//! against the engine, on one screen or with a friend through an invite link,
//! and watchers. Games are stored in a database (SQLite by default) as their
//! actions, committed before they are acknowledged, and rebuilt by replaying
//! them under the rules after a restart.
//!
//! Tests start a server on port 0 with [`bind`] and learn its address:
//!
//! ```no_run
//! # async fn run() -> Result<(), kamisado_server::ServerError> {
//! use kamisado_server::{ServeConfig, bind};
//! let config = ServeConfig {
//!     addr: "127.0.0.1:0".parse().unwrap(),
//!     db: "sqlite:///tmp/kamisado-test.db".into(),
//!     ..ServeConfig::default()
//! };
//! let server = bind(config).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```

#![warn(missing_docs)]

pub mod db;
pub mod engine;
mod error;
pub mod games;
pub mod http;
pub mod learning;
pub mod limits;
pub mod metrics;
pub mod players;
pub mod ratings;
pub mod request;
pub mod tournaments;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use db::redacted;
pub use error::ServerError;
pub use http::CONTENT_SECURITY_POLICY;
pub use learning::puzzles;
pub use limits::Limits;

use games::Games;
use games::store::GameStore;
use http::{Edge, Site};
use learning::Learning;
use players::Players;
use tournaments::Tournaments;

/// Where the server listens and where it keeps its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeConfig {
    /// The address to listen on; loopback by default.
    pub addr: SocketAddr,
    /// The database URL, such as `sqlite://kamisado.db` (the file is created if missing).
    pub db: String,
    /// The site's address as browsers see it behind a proxy, such as
    /// `https://kamisado.example` (`--public-url`): requests that change
    /// anything must come from its pages, and with `https://` the session
    /// cookie is `Secure`. None: the request's own `Host`.
    pub public_url: Option<String>,
}

impl Default for ServeConfig {
    /// `127.0.0.1:8080`, `sqlite://kamisado.db` and no public URL.
    fn default() -> ServeConfig {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: "sqlite://kamisado.db".into(),
            public_url: None,
        }
    }
}

/// A server whose socket is open and whose database is ready, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    site: Site,
    connections: http::serve::Connections,
    lobby: Option<tokio::task::JoinHandle<()>>,
}

impl Server {
    /// The address it listens on (with the port chosen when the config asked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until the process ends.
    ///
    /// # Errors
    /// When the listener fails.
    pub async fn run(self) -> Result<(), ServerError> {
        self.run_until(std::future::pending()).await
    }

    /// Serves until `shutdown` completes, then stops accepting and lets
    /// open requests finish (open WebSockets are closed).
    ///
    /// # Errors
    /// When the listener fails.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let games = Arc::clone(&self.site.games);
        let router = http::router(self.site);
        // Once `shutdown` completes: no new connection is accepted, every
        // change in progress finishes and no other is taken, then each
        // WebSocket is closed (1001, "the server is restarting") and the
        // requests in flight are answered.
        let stopping = Arc::clone(&games);
        let stop = async move {
            shutdown.await;
            tracing::info!("the server is stopping");
            stopping.close().await;
        };
        let served = http::serve::serve(self.listener, router, self.connections, stop).await;
        // The WebSockets send their close frames (a few at most wait on a
        // slow client; none is waited for past this).
        let _ = tokio::time::timeout(Duration::from_secs(5), games.sessions_ended()).await;
        if let Some(lobby) = self.lobby {
            lobby.abort();
        }
        games.close().await;
        served?;
        Ok(())
    }
}

/// Opens the database (creating it and running migrations) and the listening
/// socket, with the default [`Limits`].
///
/// # Errors
/// A database that cannot be opened or migrated, or an address that cannot be bound.
pub async fn bind(config: ServeConfig) -> Result<Server, ServerError> {
    bind_with(config, Limits::default()).await
}

/// As [`bind`], under the given limits.
///
/// # Errors
/// As [`bind`], or a public URL that is not `http(s)://HOST[:PORT]`.
pub async fn bind_with(config: ServeConfig, limits: Limits) -> Result<Server, ServerError> {
    let edge = Edge {
        origin: match &config.public_url {
            Some(url) => Some(http::edge::public_origin(url).map_err(ServerError::Operator)?),
            None => None,
        },
        trusted_proxies: limits.trusted_proxies.clone().into(),
    };
    let connections = http::serve::Connections::of(&limits);
    let db = db::Db::open(&config.db).await?;
    let games = Arc::new(Games::new(
        GameStore::new(db, limits.commit_window),
        limits,
    )?);
    games.listen().await?;
    games.watch_clocks();
    let players = Arc::new(Players::new(Arc::clone(&games)));
    players.store.fill_skeletons().await?;
    let lobby = players.lobby.listen().await?;
    players.watch_revocations();
    let learning = Arc::new(Learning::new(Arc::clone(&games)));
    learning.ensure_puzzles().await?;
    let tournaments = Arc::new(Tournaments::new(Arc::clone(&players)));
    tournaments.watch();
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let site = Site {
        games,
        players,
        learning,
        tournaments,
        edge,
    };
    Ok(Server {
        listener,
        site,
        connections,
        lobby,
    })
}

/// Sends the server's log to standard error, at the level `KAMISADO_LOG`
/// names (`error`, `warn`, `info` — the default —, `debug` or `trace`): games
/// created and ended and the server's start and stop at `info`, each request
/// and each refusal at `debug`. Seat keys are never logged. Does nothing when
/// the program has set up a log of its own.
pub fn init_log() {
    let level = std::env::var("KAMISADO_LOG")
        .ok()
        .and_then(|l| l.parse::<tracing::Level>().ok())
        .unwrap_or(tracing::Level::INFO);
    let _ = tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

/// Serves the game at `config.addr` until Ctrl-C, on a runtime of its own
/// (for a program that has none, such as `kamisado serve`).
///
/// # Errors
/// As [`serve`], or when the runtime cannot be started.
pub fn serve_blocking(config: ServeConfig) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(config))
}

/// A future that completes on Ctrl-C (SIGINT) or SIGTERM, the stop that
/// systemd, Docker and Kubernetes send: both stop the server cleanly. The
/// signals are listened for from this call on (call it before the server
/// says where it listens, so that a signal sent at once is heard); it must
/// be called within the runtime.
pub fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate()).ok();
        let int = signal(SignalKind::interrupt()).ok();
        async move {
            match (term, int) {
                (Some(mut term), Some(mut int)) => tokio::select! {
                    _ = int.recv() => tracing::info!("SIGINT: the server stops"),
                    _ = term.recv() => tracing::info!("SIGTERM: the server stops"),
                },
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serves the game at `config.addr` until Ctrl-C or SIGTERM.
///
/// # Errors
/// As [`bind`], or when the listener fails.
pub async fn serve(config: ServeConfig) -> Result<(), ServerError> {
    serve_with(config, Limits::default()).await
}

/// As [`serve`], under the given limits.
///
/// # Errors
/// As [`serve`].
pub async fn serve_with(config: ServeConfig, limits: Limits) -> Result<(), ServerError> {
    init_log();
    let stop = stop_signal();
    let server = bind_with(config, limits).await?;
    tracing::info!("Kamisado: open http://{}/", server.local_addr());
    server.run_until(stop).await
}
