//! `kamisado`: the command line of the project. Run `kamisado --help`.

mod analysis;
mod arena;
mod board;
mod bot;
mod commands;
mod loadtest;
mod operator;
mod play;
mod progress;
mod puzzles;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// The server (`kamisado serve`) and the load generator make many small
/// allocations (a message, a state, a patch); mimalloc serves them at a
/// fraction of the system allocator's cost, as in `kamisado-serverd`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// The position in notation (3 fields; an opening field `@1`/`@2` under
    /// opening-limits and a match score may follow); the start by default.
    #[arg(long, short)]
    pub position: Option<String>,
    /// The rule set: standard, sumo-square or zvezda, each optionally with
    /// `+opening-limits` (`standard+opening-limits`).
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// The board: 6x6, 8x8 or 10x10. By default the board --position is
    /// written for (its number of ranks), or 8x8.
    #[arg(long)]
    pub board: Option<String>,
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
    /// Proves the value of a position: a win or a loss for the side to move, in
    /// how many plies (passes count), with the best move and line.
    ///
    /// A position with a match field (`… 2-1/7`) is also solved in match
    /// terms: whether the side to move wins or loses the round, how many
    /// points, whether that ends the match, with the best move and line for
    /// that value and how the line ends (the scoring tower, its promotion and
    /// the score). With --first-moves, proves every first move from the start instead.
    Solve {
        #[command(flatten)]
        position: PositionArgs,
        /// Solve all the first moves from the start, with a progress bar.
        #[arg(long, conflicts_with = "position")]
        first_moves: bool,
        /// Prove only who wins, with a winning move, not the shortest win:
        /// faster. A plain round (every tower plain, as at the start) is
        /// proven by proof-number search, on one thread; others by the
        /// solver's deepening.
        #[arg(long, conflicts_with_all = ["first_moves", "match_nodes"])]
        who_wins: bool,
        /// Nodes the solve in match terms may spend (for a position with a
        /// match field); the match value is reported as not proven past them.
        #[arg(long, default_value_t = 20_000_000, value_name = "N")]
        match_nodes: u64,
        /// Threads to solve on, sharing one table (up to the machine's
        /// cores); the first moves are shared out among them. One thread
        /// gives the same node counts every run.
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = threads)]
        threads: usize,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Lists every legal move with its value (win in N, loss in N, or a score)
    /// and best line, like a tablebase view.
    Analyse {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        limit: analysis::LimitArgs,
        /// Threads to analyse on, sharing one table (up to the machine's cores).
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = threads)]
        threads: usize,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Plays a game in the terminal against the engine or another person.
    ///
    /// Moves are typed in notation (c1-c6, d4>d5, pass); also hint, undo, moves,
    /// show, resign, quit, and left/right for the fill choice between rounds. It
    /// also works with its input and output piped. The record is printed at the end.
    Play {
        /// The engine's level, 1 (beginner) to 6 (strongest).
        #[arg(long, default_value_t = 3)]
        level: u8,
        /// Points to win: 1 (a single round), 3, 7 or 15.
        #[arg(long = "match", default_value_t = 1)]
        target: u8,
        /// Which sides the engine plays.
        #[arg(long, value_enum, default_value = "gold")]
        engine_plays: play::EngineSides,
        /// The rule set: standard, sumo-square or zvezda.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// The board: 6x6, 8x8 or 10x10 (docs/boards.md).
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Seed for the engine's choices between equally good moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also write the record to this file.
        #[arg(long)]
        record: Option<String>,
        /// Colour output.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColourChoice,
    },
    /// Runs the engine on standard input and output, speaking KEP, the Kamisado
    /// Engine Protocol (docs/protocol.md), so that other programs can drive it.
    Engine {
        /// The level it starts at (1–6), as if `setoption name Level value N`
        /// came first; 6 by default.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        level: Option<u8>,
    },
    /// Plays on a Kamisado site as a bot account: starts a KEP engine per
    /// game, accepts the challenges addressed to the bot that its policy
    /// allows, and plays every game to its end (docs/bots.md).
    Bot(bot::BotArgs),
    /// Plays matches between two programs that speak the engine protocol and
    /// reports the result with its Elo difference (docs/arena.md).
    Arena(arena::ArenaArgs),
    /// Serves the browser game: open the address it prints. Games are kept in an
    /// embedded SQLite database by default, or in PostgreSQL, so nothing is
    /// lost when the server stops.
    Serve {
        /// The address to listen on; loopback by default.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The database, as a URL: `sqlite://FILE` (created when missing) or
        /// `postgres://USER[:PASSWORD]@HOST:PORT/DB` (which must exist; several
        /// processes may share it, see docs/scaling.md).
        #[arg(long, default_value = "sqlite://kamisado.db")]
        db: String,
        /// Games one client address may create in an hour (counted in the
        /// database, so across every process that shares it).
        #[arg(long, default_value_t = 100, value_name = "N")]
        games_per_client: usize,
        /// The site's address as browsers see it behind a proxy, such as
        /// `https://kamisado.example`: requests that change anything must come
        /// from its pages (by default from the request's own `Host`), and with
        /// `https://` the session cookie is sent over HTTPS only.
        #[arg(long, value_name = "URL")]
        public_url: Option<String>,
        /// A proxy (such as nginx on 127.0.0.1) whose `X-Real-IP` names the
        /// client; repeat for several. From any other peer the header is ignored.
        #[arg(long = "trusted-proxy", value_name = "ADDR")]
        trusted_proxies: Vec<std::net::IpAddr>,
        /// Connections one address may hold open at once, HTTP and WebSockets
        /// (a trusted proxy's are not counted); one more is answered 503.
        #[arg(long, default_value_t = 256, value_name = "N")]
        connections_per_client: usize,
        /// Puzzles made in the background at the first start, when the
        /// database has none (0 makes none; `kamisado puzzles import` adds
        /// more at any time).
        #[arg(long, default_value_t = kamisado_server::Limits::default().puzzles_at_start,
              value_name = "N")]
        puzzles: usize,
    },
    /// Plays many friend games at once over WebSockets against a server on
    /// loopback (its own, by default, or one or several processes given by
    /// --url) and reports moves a second, the latency from a move's send to
    /// its broadcast (p50, p99, max), errors and lost moves.
    Loadtest(loadtest::LoadtestArgs),
    /// Backs up a server's database into a new FILE, safe while the server
    /// runs: SQLite's VACUUM INTO, or pg_dump (custom format) for PostgreSQL.
    Backup(operator::BackupArgs),
    /// Restores a backup FILE into a new, empty database (one that has games
    /// is refused): SQLite's file checked with quick_check and copied into
    /// place, or pg_restore for PostgreSQL.
    Restore(operator::BackupArgs),
    /// Accounts, as an operator manages them: close one, end its sessions.
    #[command(subcommand)]
    Admin(operator::AdminCommand),
    /// Puzzles proven by the solver: `kamisado puzzles generate N`.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Measures speed: perft from the start (the median of several runs), then
    /// the engine's search of fixed positions, with nodes per position, the
    /// total (a checksum of the engine's behaviour) and nodes per second.
    Bench {
        /// Perft depth.
        #[arg(long, default_value_t = 7)]
        depth: u32,
        /// Timed runs; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: u32,
        /// Threads for the engine's searches. On one thread the node total
        /// is the checksum; on more it varies, and the time is the measure.
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = threads)]
        threads: usize,
    },
}

/// A `--threads` value: 1 to the machine's threads.
fn threads(text: &str) -> Result<usize, String> {
    let most = kamisado_engine::available_threads();
    match text.parse::<usize>() {
        Ok(n @ 1..) if n <= most => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {most} (this machine's), not `{text}`"
        )),
    }
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
        Command::Serve {
            addr,
            db,
            games_per_client,
            public_url,
            trusted_proxies,
            connections_per_client,
            puzzles,
        } => serve(
            kamisado_server::ServeConfig {
                addr,
                db,
                public_url,
            },
            kamisado_server::Limits {
                games_per_client,
                trusted_proxies,
                connections_per_client,
                puzzles_at_start: puzzles,
                ..kamisado_server::Limits::default()
            },
        ),
        Command::Engine { level } => kamisado_protocol::engine_main_at(level),
        Command::Bot(args) => bot::bot(&args),
        Command::Arena(args) => arena::arena(&args),
        Command::Bench {
            depth,
            runs,
            threads,
        } => commands::bench(depth, runs, threads),
        Command::Loadtest(args) => loadtest::loadtest(&args),
        Command::Puzzles(command) => puzzles::puzzles(&command),
        Command::Backup(args) => operator::backup(&args),
        Command::Restore(args) => operator::restore(&args),
        Command::Admin(command) => operator::admin(&command),
        Command::Solve {
            position,
            first_moves,
            who_wins,
            match_nodes,
            threads,
            json,
        } => {
            if who_wins {
                analysis::who_wins(&position, json, threads)
            } else if first_moves {
                analysis::solve_first_moves(&position, json, threads)
            } else {
                analysis::solve(&position, json, match_nodes, threads)
            }
        }
        Command::Analyse {
            position,
            limit,
            threads,
            json,
        } => analysis::analyse(&position, &limit, json, threads),
        Command::Play {
            level,
            target,
            engine_plays,
            rules,
            board,
            seed,
            record,
            color,
        } => play::play(&play::PlayOptions {
            level,
            target,
            engine: engine_plays,
            rules: rules.parse().map_err(|e| format!("--rules: {e}"))?,
            board: board.parse().map_err(|e| format!("--board: {e}"))?,
            seed,
            record,
            colour: color.enabled(),
        }),
    }
}

fn serve(
    config: kamisado_server::ServeConfig,
    limits: kamisado_server::Limits,
) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime
        .block_on(kamisado_server::serve_with(config, limits))
        .map_err(|e| format!("serve: {e}"))
}

/// Says where to open the page (on standard error, beside the log).
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
