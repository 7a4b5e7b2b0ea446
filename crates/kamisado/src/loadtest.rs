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

/// Runs the load test, prints its report, and fails when there were errors
/// or lost moves (after printing the report).
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
    let report = runtime.block_on(loadtest::run(&options))?;
    if args.json {
        let json = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        println!("{json}");
    } else {
        println!("{report}");
    }
    if report.errors > 0 || report.lost > 0 {
        return Err(format!(
            "loadtest: {} errors, {} lost moves",
            report.errors, report.lost
        ));
    }
    Ok(())
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
