//! A Kamisado engine over the rules of [`kamisado_core`].
//!
//! - [`Engine::solve`]: the exact value of a round (win or loss for the side
//!   to move, in how many plies) with a principal line.
//! - [`Engine::prove`]: who wins a round, with a winning move, without the
//!   exact distance (faster).
//! - [`Engine::solve_reporting`]: the same, reporting each [`Horizon`]
//!   within which the round is proven open, for positions out of reach.
//! - [`Engine::solve_match`]: the exact value of a round in a match, in
//!   points ([`MatchValue`]: who wins, how many points, whether it ends the
//!   match), with a line that keeps it.
//! - [`Engine::search`]: iterative deepening alpha-beta with an evaluation,
//!   for positions too deep to solve, within a [`Limit`].
//! - [`Engine::analyse`]: every legal move with its value, like a tablebase.
//! - [`Engine::assess`]: every legal move with its value, the proven ones
//!   with the solver's line, within a node budget ([`ASSESS_NODES`]): the
//!   one verdict behind the hints and the analysis board of every front end,
//!   whose words for a value are [`Told`]'s.
//! - [`Engine::choose_move`] and [`Engine::choose_fill`]: match play at
//!   levels 1 (beginner) to 6 (strongest).
//! - [`bench::run`]: a fixed search whose node total is a behaviour checksum.
//! - [`Engine::set_threads`]: all of these (but the levels' moves) on several
//!   threads that share the transposition table.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use kamisado_core::Position;
//! use kamisado_engine::{Engine, Value};
//!
//! let mut engine = Engine::new(16);
//! let stop = AtomicBool::new(false);
//! // The start of a round is a win for Black, the first player.
//! let result = engine.solve(&Position::start(), &stop).unwrap();
//! assert!(matches!(result.value, Value::Win(_)));
//! println!("{} by {}", result.value, result.best.unwrap());
//! ```

#![warn(missing_docs)]

mod assess;
pub mod bench;
mod boards;
pub mod danger;
mod engine;
pub mod eval;
pub mod ladder;
mod pages;
mod play;
mod pn;
mod points;
mod puzzles;
mod score;
mod search;
pub mod selfplay;
mod smp;
mod swindles;
mod told;
mod tt;
pub mod zobrist;

use std::cmp::Ordering;
use std::fmt;
use std::time::Duration;

use kamisado_core::Move;
use kamisado_core::geometry::{Board, Eight};

pub use assess::{ASSESS_HASH_MB, ASSESS_NODES, Assessment};
pub use boards::{EngineBoard, solve_first_moves, solve_first_moves_under};
pub use engine::Engine;
pub use play::{LEVELS, Level, level};
pub use pn::{PnProof, PnTable, prove_pn};
pub use points::{MatchSolution, MatchValue};
pub use puzzles::{Puzzle, PuzzleSettings};
pub use search::ordered_perft;
pub use smp::{MAX_THREADS, available_threads};
pub use swindles::{LostMove, LostPolicy};
pub use told::{Lean, Told};

/// The value of a position or a move, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A proven win: the round ends in this many plies against any defence.
    Win(u32),
    /// A proven loss: the round ends in this many plies at the longest defence.
    Loss(u32),
    /// A heuristic score in hundredths of a tower-with-an-open-path ("cp").
    Score(i32),
}

impl Value {
    /// Whether the value is proven (a win or a loss).
    pub fn is_proven(self) -> bool {
        !matches!(self, Value::Score(_))
    }

    /// A number that orders values from the worst to the best.
    fn rank(self) -> i64 {
        match self {
            Value::Win(n) => 2_000_000_000 - i64::from(n),
            Value::Loss(n) => -2_000_000_000 + i64::from(n),
            Value::Score(s) => i64::from(s),
        }
    }

    /// The value for the player who moved into a position whose value is
    /// `self`, one ply earlier: negated unless the same side moves again (R13).
    pub fn before_move(self, same_side: bool) -> Value {
        match (self, same_side) {
            (Value::Win(n), true) => Value::Win(n + 1),
            (Value::Loss(n), true) => Value::Loss(n + 1),
            (Value::Win(n), false) => Value::Loss(n + 1),
            (Value::Loss(n), false) => Value::Win(n + 1),
            (Value::Score(s), true) => Value::Score(s),
            (Value::Score(s), false) => Value::Score(-s),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    /// Better for the side to move is greater: a shorter win, a longer defence.
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Value {
    /// `win 7`, `loss 4` or `cp 35`: the engine's own notation, for tools;
    /// players read a value in [`Told`]'s words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win {n}"),
            Value::Loss(n) => write!(f, "loss {n}"),
            Value::Score(s) => write!(f, "cp {s}"),
        }
    }
}

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Up to this many plies of full-width search.
    Depth(u32),
    /// Up to about this many nodes.
    Nodes(u64),
    /// Up to about this long.
    Time(Duration),
    /// Until the stop flag is set or the position is proven.
    Infinite,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<B: Board = Eight> {
    /// The best move, if the round is not over.
    pub best: Option<Move<B>>,
    /// The value of the position for the side to move.
    pub value: Value,
    /// The principal line, starting with `best`.
    pub line: Vec<Move<B>>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Who wins a round, proven without seeking the shortest win: what
/// [`Engine::prove`] finds, faster than [`Engine::solve`]'s exact distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<B: Board = Eight> {
    /// Whether the side to move wins.
    pub wins: bool,
    /// The winner wins within this many plies against any defence: a bound,
    /// at least the exact distance ([`Engine::solve`] gives that).
    pub within: u32,
    /// A winning move, when the side to move wins.
    pub best: Option<Move<B>>,
    /// Nodes visited (on every thread).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A depth of the solver's iterative deepening that proved the round open:
/// neither side can force a win within [`Horizon::open_plies`] plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horizon {
    /// The depth of the two null-window tests (is it a win? a loss?).
    pub depth: u32,
    /// The plies within which neither side wins: the tests find every
    /// result up to one ply past their depth, and two where no tower can
    /// push (every tower plain).
    pub open_plies: u32,
    /// Nodes visited by the proof so far, this depth included.
    pub nodes: u64,
    /// Time since the proof began.
    pub elapsed: Duration,
    /// The transposition table's entries in use, per mille (estimated
    /// from its first buckets): how full the table is.
    pub table_filled: u32,
}

/// One legal move and what it is worth to the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis<B: Board = Eight> {
    /// The move.
    pub mv: Move<B>,
    /// Its value for the side to move before it.
    pub value: Value,
    /// The best line, starting with the move.
    pub line: Vec<Move<B>>,
}
