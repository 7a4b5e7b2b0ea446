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
    /// allow this many games per client). By default a server is started in
    /// this process on a loopback port with a temporary database.
    #[arg(long)]
    pub url: Option<String>,
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
        url: args.url.clone(),
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
