//! `kamisado loadtest`: the options of the load generator of
//! `kamisado_client::loadtest`, its run on a runtime of its own, and its report.

use kamisado_client::loadtest::{self, Options};

/// The options of `kamisado loadtest`.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct LoadtestArgs {
    /// Games played at the same time (friend games: two seats, a connection each).
    #[arg(long, default_value_t = Options::default().games)]
    pub games: usize,
    /// Moves a second in each game.
    #[arg(long, default_value_t = Options::default().rate)]
    pub rate: f64,
    /// How long moves are sent, in seconds, once every game has started.
    #[arg(long, default_value_t = Options::default().seconds)]
    pub seconds: u64,
    /// A running server on loopback, such as `http://127.0.0.1:8080` (it must
    /// allow this many games per client). Give it once per process of a
    /// server whose processes share a database: the clients are spread over
    /// them in turn (game i: Black on URL i mod k, where the game is created,
    /// White on the next, the watchers on the ones after). By default a
    /// server is started in this process on a loopback port with a temporary
    /// database.
    #[arg(long = "url", value_name = "URL")]
    pub urls: Vec<String>,
    /// Watchers of each game besides its two players; a move's latency lasts
    /// until every watcher has it too.
    #[arg(long, default_value_t = Options::default().watchers)]
    pub watchers: usize,
    /// Seed of the games and of the random moves.
    #[arg(long, default_value_t = Options::default().seed)]
    pub seed: u64,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs the load test, prints its report, and fails when there were errors,
/// lost moves or moves that could not be checked (after printing the
/// report). Without `--url`, the run has a server of its own, on a loopback
/// port with a temporary database; after the run that server is stopped and
/// started again on the same database, and every acknowledged move is looked
/// up there.
pub fn loadtest(args: &LoadtestArgs) -> Result<(), String> {
    let options = Options {
        games: args.games,
        rate: args.rate,
        seconds: args.seconds,
        urls: args.urls.clone(),
        watchers: args.watchers,
        seed: args.seed,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start a runtime: {e}"))?;
    let report = if options.urls.is_empty() {
        runtime.block_on(with_own_server(options))?
    } else {
        runtime.block_on(loadtest::run(&options))?
    };
    if args.json {
        let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        println!("{json}");
    } else {
        println!("{report}");
    }
    if report.errors > 0 || report.lost > 0 || report.unchecked > 0 {
        return Err(format!(
            "loadtest: {} errors, {} lost moves, {} not checked",
            report.errors, report.lost, report.unchecked
        ));
    }
    Ok(())
}

/// A server of the run's own, serving in this process until stopped.
struct OwnServer {
    url: String,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl OwnServer {
    /// Starts a server on a loopback port over the database `db`, allowing
    /// the games and messages the run needs, without a puzzle set (its
    /// making would take CPU from the measurement).
    async fn start(db: &str, options: &Options) -> Result<OwnServer, String> {
        let limits = kamisado_server::Limits {
            games_per_client: options.games.saturating_mul(4).saturating_add(100),
            messages_per_second: kamisado_server::Limits::default()
                .messages_per_second
                .max(options.rate * 4.0),
            puzzles_at_start: 0,
            // Every client of the run comes from this machine's one address.
            connections_per_client: options
                .games
                .saturating_mul(options.watchers + 2)
                .saturating_add(100),
            ..kamisado_server::Limits::default()
        };
        let config = kamisado_server::ServeConfig {
            addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            db: db.to_string(),
            ..kamisado_server::ServeConfig::default()
        };
        let server = kamisado_server::bind_with(config, limits)
            .await
            .map_err(|e| format!("cannot start a server: {e}"))?;
        let url = format!("http://{}", server.local_addr());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let served = server.run_until(async {
                let _ = stopped.await;
            });
            if let Err(e) = served.await {
                eprintln!("loadtest: the server failed: {e}");
            }
        });
        Ok(OwnServer { url, stop, task })
    }

    /// Stops the server, waiting for its changes to be stored.
    async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// The run against a server of its own; the acknowledged moves are looked
/// up after a restart of that server on the same database.
async fn with_own_server(mut options: Options) -> Result<loadtest::Report, String> {
    let mut tag = [0u8; 8];
    getrandom::fill(&mut tag).map_err(|e| format!("no random source: {e}"))?;
    let path = std::env::temp_dir().join(format!(
        "kamisado-loadtest-{}-{:016x}.db",
        std::process::id(),
        u64::from_le_bytes(tag)
    ));
    let db = format!("sqlite://{}", path.display());
    let server = OwnServer::start(&db, &options).await?;
    options.urls = vec![server.url.clone()];
    let measured = loadtest::measure(&options).await;
    server.stop().await;
    let result = match measured {
        Ok((mut report, played)) => {
            let again = OwnServer::start(&db, &options).await?;
            let checked = loadtest::count_lost(std::slice::from_ref(&again.url), &played).await?;
            report.take_check(checked, "database, after a restart");
            report.urls = Vec::new();
            again.stop().await;
            Ok(report)
        }
        Err(e) => Err(e),
    };
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: LoadtestArgs,
    }

    fn parse(line: &str) -> LoadtestArgs {
        Cli::try_parse_from(std::iter::once("loadtest").chain(line.split_whitespace()))
            .expect("the flags are read")
            .args
    }

    #[test]
    fn url_may_be_given_several_times() {
        assert!(parse("").urls.is_empty());
        assert_eq!(parse("").watchers, 0);
        assert_eq!(
            parse("--url http://127.0.0.1:1").urls,
            ["http://127.0.0.1:1"]
        );
        let args = parse("--url http://127.0.0.1:1 --watchers 2 --url http://127.0.0.1:2");
        assert_eq!(args.urls, ["http://127.0.0.1:1", "http://127.0.0.1:2"]);
        assert_eq!(args.watchers, 2);
    }
}
