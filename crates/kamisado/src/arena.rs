//! `kamisado arena`: its flags, turned into the protocol library's
//! [`ArenaOptions`], and its progress on standard error.

use std::path::PathBuf;

use indicatif::ProgressBar;
use kamisado_protocol::arena::{DEFAULT_GAMES, DEFAULT_SEED};
use kamisado_protocol::{ArenaOptions, ArenaProgress, run_arena};

use crate::commands::emit;
use crate::progress;

/// Plays games between two engines that speak KEP and reports who is stronger.
///
/// Each pair of games starts from the same opening with the colours swapped.
/// An engine that crashes, hangs past its time or plays an illegal move loses
/// that game; the run goes on.
#[derive(clap::Args, Clone, Debug)]
pub struct ArenaArgs {
    /// An engine, as NAME=CMD; CMD is run through `sh -c`. Give exactly two.
    #[arg(long = "engine", value_name = "NAME=CMD", required = true)]
    pub engines: Vec<String>,
    /// Sets an engine's option after the handshake, as NAME:OPTION=VALUE
    /// (e.g. `weak:Level=3`). May be repeated.
    #[arg(long = "option", value_name = "NAME:OPTION=VALUE")]
    pub options: Vec<String>,
    /// The number of games (two per opening).
    #[arg(long, default_value_t = DEFAULT_GAMES)]
    pub games: usize,
    /// Milliseconds per move (`go movetime`); the default is 100.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"])]
    pub movetime: Option<u64>,
    /// Plies per search (`go depth`) instead of a move time.
    #[arg(long, value_name = "N", conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Nodes per search (`go nodes`) instead of a move time.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// The match target: 1 (a single round), 3, 7 or 15 points.
    #[arg(long = "match", value_name = "POINTS", default_value_t = 1)]
    pub target: u8,
    /// The rule set: standard, sumo-square or zvezda.
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// The board: 6x6, 8x8 or 10x10; the engines are told with
    /// `setoption name Board`.
    #[arg(long, default_value = "8x8")]
    pub board: String,
    /// A file of openings, one per line: moves from the start, or a position
    /// (without match field) optionally followed by `moves …`. Without it,
    /// openings are 2–3 random plies from the start chosen by --seed.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Runs a sequential probability ratio test of H0 "the first engine is
    /// ELO0 stronger" against H1 "ELO1 stronger" (alpha = beta = 0.05) and
    /// stops as soon as it accepts one.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Appends every game's record to this file.
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Milliseconds an engine may take to answer before it loses the game;
    /// by default 3 × movetime + 1000, or 30000 under a depth or node limit.
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,
}

impl ArenaArgs {
    /// The library's options; the board and the rule set are read here.
    fn options(&self) -> Result<ArenaOptions, String> {
        Ok(ArenaOptions {
            engines: self.engines.clone(),
            options: self.options.clone(),
            games: self.games,
            movetime: self.movetime,
            depth: self.depth,
            nodes: self.nodes,
            target: self.target,
            board: self.board.parse().map_err(|e| format!("--board: {e}"))?,
            rules: self.rules.parse().map_err(|e| format!("--rules: {e}"))?,
            openings: self.openings.clone(),
            sprt: self.sprt.clone(),
            seed: self.seed,
            records: self.records.clone(),
            timeout: self.timeout,
        })
    }
}

/// `kamisado arena`: plays the games with a progress bar on standard error
/// (a line per game when it is not a terminal), then prints the results on
/// standard output.
pub fn arena(args: &ArenaArgs) -> Result<(), String> {
    let options = args.options()?;
    let bar = progress::bar(
        options.games as u64,
        "[{bar:30}] {pos}/{len} games  {msg}  {elapsed}, about {eta} left",
        "#.",
    );
    match run_arena(&options, &mut |event| show(&bar, event)) {
        Ok(report) => {
            // Left as it stands: the SPRT may have stopped the run early.
            bar.abandon();
            emit(&report)
        }
        Err(message) => {
            bar.finish_and_clear();
            Err(message)
        }
    }
}

/// Shows what the arena tells: on the bar, or as lines of their own.
fn show(bar: &ProgressBar, event: ArenaProgress<'_>) {
    match event {
        ArenaProgress::Played {
            done,
            total,
            names: [a, b],
            wins: [wins_a, wins_b],
        } => {
            let standing = format!("{a} {wins_a} - {wins_b} {b}");
            if bar.is_hidden() {
                eprintln!("{done}/{total} games  {standing}");
            } else {
                bar.set_message(standing);
                bar.set_position(done as u64);
            }
        }
        ArenaProgress::Breakdown(line) => bar.suspend(|| eprintln!("{line}")),
    }
}
