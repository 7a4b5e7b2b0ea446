//! Searching on every core: threads that search the same root over the
//! shared transposition table ("lazy SMP"), and first moves split among
//! threads.
//!
//! - The heuristic search: the thread that asked keeps its own iterative
//!   deepening and gives the answer; each helper deepens the same root on
//!   its own, one depth ahead of it on every other helper, and what it
//!   stores (proven bounds, best moves, scores) cuts the first thread's work
//!   short. Helpers stop when the first thread is done ([`with_helpers`]).
//! - The solver: every thread runs the whole proof (the deepening and the
//!   tests that make the distance exact), and the first to finish gives the
//!   answer and stops the others ([`race`]). An exact value is the same
//!   whoever proves it.
//!
//! With one thread nothing is spawned and the search is exactly the
//! single-threaded one.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use kamisado_core::Position;
use kamisado_core::geometry::Board;

use crate::score::{INFINITY, is_proven};
use crate::search::{Budget, MAX_PLY, Mode, Searcher};
use crate::tt::Table;

/// The most threads an engine searches on.
pub const MAX_THREADS: usize = 64;

/// The threads this machine runs at once (1 if it cannot tell).
pub fn available_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_THREADS)
}

/// Runs `main` on this thread while `threads - 1` helpers search `pos`
/// heuristically over `tt`, no deeper than `max_depth`. `main` is given the
/// helpers' node count so far; with the result comes their count at the end.
pub(crate) fn with_helpers<B: Board, T>(
    tt: &Table,
    threads: usize,
    pos: &Position<B>,
    max_depth: i32,
    main: impl FnOnce(&AtomicU64) -> T,
) -> (T, u64) {
    let nodes = AtomicU64::new(0);
    if threads <= 1 {
        return (main(&nodes), 0);
    }
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        for index in 1..threads {
            let (done, nodes, pos) = (&done, &nodes, *pos);
            scope.spawn(move || help(tt, &pos, index, max_depth, done, nodes));
        }
        // The helpers stop when `main` returns, or should it panic.
        let _stop_helpers = SetOnDrop(&done);
        main(&nodes)
    });
    (result, nodes.load(Ordering::Relaxed))
}

/// Sets its flag when dropped: on the way out of a scope, however it is left.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// One helper: iterative deepening of `pos` until `done` is set, the root is
/// proven or `max_depth` is searched. Odd helpers start one ply deeper.
fn help<B: Board>(
    tt: &Table,
    pos: &Position<B>,
    index: usize,
    max_depth: i32,
    done: &AtomicBool,
    nodes: &AtomicU64,
) {
    let mut searcher = Searcher::new(tt, done, Mode::Heuristic, Budget::UNLIMITED);
    let first = 1 + (index % 2) as i32;
    let mut counted = 0;
    for depth in first..=max_depth.min(MAX_PLY as i32 - 1) {
        let score = searcher.root(pos, depth, -INFINITY, INFINITY);
        if searcher.aborted || is_proven(score) {
            break;
        }
        nodes.fetch_add(searcher.nodes - counted, Ordering::Relaxed);
        counted = searcher.nodes;
    }
    nodes.fetch_add(searcher.nodes - counted, Ordering::Relaxed);
}

/// Runs `main` on this thread and `helper(index)` on `threads - 1` others,
/// each given the flag that is set once one of them has an answer or `main`
/// has given up (its searches should stop there; a helper that gives up,
/// out of budget, stops no one). The first answer wins; `None` if none gave one.
pub(crate) fn race<T: Send>(
    threads: usize,
    main: impl FnOnce(&AtomicBool) -> Option<T>,
    helper: impl Fn(usize, &AtomicBool) -> Option<T> + Sync,
) -> Option<T> {
    let finished = AtomicBool::new(false);
    if threads <= 1 {
        return main(&finished);
    }
    let answer = Mutex::new(None);
    let give = |result: T| {
        let mut answer = answer.lock().unwrap_or_else(|e| e.into_inner());
        answer.get_or_insert(result);
        finished.store(true, Ordering::Relaxed);
    };
    std::thread::scope(|scope| {
        for index in 1..threads {
            let (helper, finished, give) = (&helper, &finished, &give);
            scope.spawn(move || helper(index, finished).map(give));
        }
        // The others stop once `main` answers or gives up, or should it panic.
        let _stop_others = SetOnDrop(&finished);
        main(&finished).map(give);
    });
    answer.into_inner().unwrap_or_else(|e| e.into_inner())
}
