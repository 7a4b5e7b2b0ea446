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

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// Waits until `flag` is set or `limit` passes; whether it was set.
    fn wait_for(flag: impl Fn() -> bool, limit: Duration) -> bool {
        let start = Instant::now();
        while !flag() {
            if start.elapsed() > limit {
                return false;
            }
            std::thread::yield_now();
        }
        true
    }

    #[test]
    fn the_first_answer_wins_and_stops_the_first_thread() {
        let mut stopped = false;
        let answer = race(
            3,
            |finished| {
                stopped = wait_for(|| finished.load(Ordering::Relaxed), Duration::from_secs(30));
                None
            },
            // Helper 1 gives up (out of budget) and must not stop the others.
            |index, _| (index == 2).then_some(index),
        );
        assert_eq!(answer, Some(2));
        assert!(stopped, "the first thread was not told of the answer");
        // One thread: only the first runs.
        assert_eq!(race(1, |_| Some(0), |index, _| Some(index)), Some(0));
    }

    #[test]
    fn a_helper_that_gives_up_stops_no_one() {
        let gave_up = AtomicBool::new(false);
        let answer = race(
            2,
            |finished| {
                assert!(wait_for(
                    || gave_up.load(Ordering::SeqCst),
                    Duration::from_secs(30)
                ));
                // The helper has returned without an answer: nothing was stopped.
                (!finished.load(Ordering::SeqCst)).then_some("first")
            },
            |_, _| {
                gave_up.store(true, Ordering::SeqCst);
                None
            },
        );
        assert_eq!(answer, Some("first"));
    }

    #[test]
    fn helpers_search_and_their_nodes_are_counted() {
        let table = Table::new(1);
        let start = Position::start();
        let (saw, helped) = with_helpers(&table, 2, &start, 30, |nodes| {
            wait_for(
                || nodes.load(Ordering::Relaxed) > 0,
                Duration::from_secs(30),
            )
        });
        assert!(saw && helped > 0, "no helper searched ({helped} nodes)");
        let (_, alone) = with_helpers(&table, 1, &start, 30, |_| ());
        assert_eq!(alone, 0);
    }
}
