//! The bench: fixed searches of fixed positions. The node total is a
//! checksum of the engine's behaviour; a change that moves it changes what
//! the engine does.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kamisado_core::Position;

use crate::{Engine, Limit};

/// The depth of each heuristic search in [`run`].
pub const DEFAULT_DEPTH: u32 = 9;
/// Transposition table size of the bench engine, in megabytes.
const HASH_MB: usize = 16;

/// The bench's positions: the start, middle games, and rounds with sumos.
pub const POSITIONS: [&str; 8] = [
    "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -",
    "obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r",
    "o1v2r2/3y1Vg1/1G6/N3b1pn/3B4/8/4Y3/2R1P2O b r",
    "1bv1y2n/1Gp5/P7/6R1/o7/8/3rY1gO/N4VB1 b b",
    "4yrg1/8/1b6/6p1/o5v1/7n/GR1Y1PO1/N4VB1 b v",
    "ob+v++pyr+gn+/8/8/8/8/8/8/N+GR+YP++VBO+ b -",
    "obvp1rgn/8/4y3/8/8/2N5/8/1GRYPVBO b g",
    "o+bvpyrgn/8/8/8/8/8/8/NGRYPV+BO w -",
];

/// One position's line in the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The position searched.
    pub position: String,
    /// Nodes visited.
    pub nodes: u64,
    /// The value found.
    pub value: String,
}

/// What the bench measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Each position's result.
    pub lines: Vec<BenchLine>,
    /// The node total: the behaviour checksum.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{:>10} {:<8} {}", line.nodes, line.value, line.position)?;
        }
        write!(
            f,
            "{} nodes {} ms {} nps",
            self.nodes,
            self.elapsed.as_millis(),
            self.nodes_per_second()
        )
    }
}

/// Searches every bench position to [`DEFAULT_DEPTH`] from an empty table.
pub fn run() -> BenchReport {
    run_to_depth(DEFAULT_DEPTH)
}

/// Searches every bench position to `depth` from an empty table.
pub fn run_to_depth(depth: u32) -> BenchReport {
    run_on_threads(depth, 1)
}

/// Searches every bench position to `depth` from an empty table on
/// `threads` threads (see [`Engine::set_threads`]). On one thread the node
/// total is the checksum; on more it varies from run to run, and the time
/// is what to compare.
pub fn run_on_threads(depth: u32, threads: usize) -> BenchReport {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(HASH_MB);
    engine.set_threads(threads);
    let clock = Instant::now();
    let lines: Vec<BenchLine> = POSITIONS
        .iter()
        .map(|text| {
            let pos: Position = text.parse().expect("a bench position");
            engine.clear();
            let result = engine.search(&pos, Limit::Depth(depth), &stop, &mut |_| {});
            BenchLine {
                position: text.to_string(),
                nodes: result.nodes,
                value: result.value.to_string(),
            }
        })
        .collect();
    BenchReport {
        nodes: lines.iter().map(|l| l.nodes).sum(),
        lines,
        elapsed: clock.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bench_is_deterministic() {
        let a = super::run_to_depth(5);
        let b = super::run_to_depth(5);
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.lines, b.lines);
    }
}
