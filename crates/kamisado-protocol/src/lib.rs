//! KEP, the Kamisado Engine Protocol: a line protocol on standard input and
//! output through which any program drives any Kamisado engine, in the manner
//! of chess's UCI (see `docs/protocol.md`), and an arena that plays two such
//! programs against each other (see `docs/arena.md`).
//!
//! - [`run`]: the engine's side of the protocol over any reader and writer;
//!   [`engine_main`] runs it on standard input and output.
//! - [`command`]: the commands, parsed from text before they are acted on.
//! - [`arena`]: matches between engines, with openings, colour swaps, Elo and SPRT;
//!   [`run_arena`] plays a run from [`ArenaOptions`], telling its progress to
//!   a callback, and returns the results as text.
//!
//! ```
//! use std::io::Cursor;
//! let mut out = Vec::new();
//! kamisado_protocol::run("isready\nperft 2\n".as_bytes(), Cursor::new(&mut out)).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "readyok\nperft 2 1150\n");
//! ```

pub mod arena;
pub mod command;
mod current;
mod output;
mod session;
mod worker;

pub use arena::{ArenaOptions, Progress as ArenaProgress, run_arena};
pub use session::{MAX_LINE, run};

/// `kamisado engine`: the protocol on standard input and output until `quit`
/// or the end of the input.
///
/// # Errors
/// When standard input or output fails (e.g. the program driving the engine
/// has closed the pipe).
pub fn engine_main() -> Result<(), String> {
    engine_main_at(None)
}

/// As [`engine_main`], starting at `level` (1–6) when one is given: as if
/// `setoption name Level value N` were the first line of the input.
///
/// # Errors
/// As [`engine_main`].
pub fn engine_main_at(level: Option<u8>) -> Result<(), String> {
    use std::io::Read;
    let first = level.map_or(String::new(), |n| {
        format!("setoption name Level value {n}\n")
    });
    let input = std::io::BufReader::new(first.as_bytes().chain(std::io::stdin().lock()));
    run(input, std::io::stdout()).map_err(|e| format!("engine: {e}"))
}
