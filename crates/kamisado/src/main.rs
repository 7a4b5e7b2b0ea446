//! `kamisado`: the command line of the project. Run `kamisado --help`.

mod board;
mod commands;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Kamisado (Peter Burley, 2008): rules, analysis and play.
///
/// Positions and moves are written as in the project's NOTATION.md: a position
/// is `board side forced [score]`, e.g. `obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -`
/// (the start); a move is `c1-c6`, a sumo push `d4>d5`, or `pass`.
#[derive(Parser)]
#[command(name = "kamisado", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a position comes from.
#[derive(clap::Args, Clone, Debug)]
pub struct PositionArgs {
    /// The position in notation (3 fields, or 4 with a match score); the start by default.
    #[arg(long, short)]
    pub position: Option<String>,
    /// The rule set: standard or sumo-square.
    #[arg(long, default_value = "standard")]
    pub rules: String,
}

/// When to draw in colour.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// In colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always in colour.
    Always,
    /// Never: letters and symbols only.
    Never,
}

impl ColourChoice {
    /// Whether to use colour on standard output.
    pub fn enabled(self) -> bool {
        match self {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaves of the game tree N plies deep (perft), the move generator's checksum.
    ///
    /// The count is on the last line. With --divide, one `move: count` line per
    /// legal move comes first.
    Perft {
        /// Plies to search.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// First print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// Lists the legal moves, one per line, in notation.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Draws the board in the terminal: eight colours, towers by side, sumo teeth
    /// and the tower that must move. Every colour also has its letter, so the
    /// board reads without colour (and with NO_COLOR set).
    Show {
        #[command(flatten)]
        position: PositionArgs,
        /// Colour output.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColourChoice,
    },
    /// Checks a game record move by move and prints each position and the result.
    ///
    /// An illegal move is reported with its round, its number and the reason.
    Replay {
        /// The record file (`-` for standard input).
        file: String,
        /// Draw the board after every move instead of one line of notation.
        #[arg(long)]
        boards: bool,
        /// Colour output (with --boards).
        #[arg(long, value_enum, default_value = "auto")]
        color: ColourChoice,
    },
    /// Measures move generation speed: perft from the start, the median of several runs.
    Bench {
        /// Perft depth.
        #[arg(long, default_value_t = 7)]
        depth: u32,
        /// Timed runs; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: u32,
    },
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft {
            depth,
            position,
            divide,
        } => commands::perft(&position, depth, divide),
        Command::Moves { position } => commands::moves(&position),
        Command::Show { position, color } => commands::show(&position, color.enabled()),
        Command::Replay {
            file,
            boards,
            color,
        } => commands::replay(&file, boards, color.enabled()),
        Command::Bench { depth, runs } => commands::bench(depth, runs),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kamisado: {message}");
            ExitCode::FAILURE
        }
    }
}
