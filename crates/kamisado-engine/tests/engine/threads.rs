//! Searching on several threads: the same exact values and first moves as
//! one thread, legal moves from the heuristic search, a stop that still
//! stops, and levels that play as on one thread.

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};

use common::{NEVER, playout};
use kamisado_core::geometry::{Eight, Six, Ten};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Match, Position, Rules};
use kamisado_engine::{Engine, EngineBoard, Limit, Value};

/// Threads for the engines under test: at least two, even on one core.
const THREADS: usize = 2;

fn engine_on(threads: usize) -> Engine {
    let mut engine = Engine::new(16);
    engine.set_threads(threads);
    engine
}

/// Plays `line` from `pos` and says whether it ends the round as `value` says.
fn ends_as_valued<B: EngineBoard>(
    pos: &Position<B>,
    line: &[kamisado_core::Move<B>],
    value: Value,
) -> bool {
    let mut current = *pos;
    for &mv in line {
        match current.play(mv) {
            Ok(next) => current = next,
            Err(_) => return false,
        }
    }
    match current.outcome() {
        Some(o) => (o.winner == pos.side_to_move()) == matches!(value, Value::Win(_)),
        None => false,
    }
}

#[test]
fn threads_are_set_within_their_range() {
    let mut engine = Engine::new(1);
    assert_eq!(engine.threads(), 1);
    engine.set_threads(0);
    assert_eq!(engine.threads(), 1);
    engine.set_threads(10_000);
    assert_eq!(engine.threads(), kamisado_engine::MAX_THREADS);
    assert!(kamisado_engine::available_threads() >= 1);
}

#[test]
fn the_start_on_two_threads_is_a_win_in_17() {
    let mut engine = engine_on(THREADS);
    let start = Position::start();
    let result = engine.solve(&start, &NEVER).unwrap();
    assert_eq!(result.value, Value::Win(17));
    assert!(ends_as_valued(&start, &result.line, result.value));
}

/// Solves seeded positions on one thread and on two: the values must be
/// equal and both lines must end as valued.
fn same_values<B: EngineBoard>(seed: u64, count: usize, min_plies: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let (mut one, mut two) = (engine_on(1), engine_on(THREADS));
    let start = Position::<B>::start_with(Rules::STANDARD);
    let mut checked = 0;
    for _ in 0..count {
        let plies = min_plies + rng.below(12) as usize;
        let Some(pos) = playout(&start, plies, &mut rng) else {
            continue;
        };
        let alone = one.solve(&pos, &NEVER).unwrap();
        let shared = two.solve(&pos, &NEVER).unwrap();
        assert_eq!(alone.value, shared.value, "{pos}");
        assert!(ends_as_valued(&pos, &shared.line, shared.value), "{pos}");
        checked += 1;
    }
    checked
}

#[test]
fn two_threads_solve_to_the_values_of_one() {
    assert!(same_values::<Eight>(7, 150, 2) > 100);
    assert!(same_values::<Six>(8, 100, 0) > 60);
    let ten = same_values::<Ten>(9, 60, 12);
    assert!(ten > 20, "10x10: {ten}");
}

#[test]
fn first_moves_shared_out_among_threads_equal_one_threads() {
    let mut one = engine_on(1);
    let alone = kamisado_engine::solve_first_moves::<Six>(&mut one, &mut |_, _| {});
    let mut two = engine_on(THREADS);
    let mut calls = Vec::new();
    let shared = kamisado_engine::solve_first_moves::<Six>(&mut two, &mut |done, total| {
        calls.push((done, total))
    });
    let values = |list: &[kamisado_engine::MoveAnalysis<Six>]| {
        list.iter().map(|a| (a.mv, a.value)).collect::<Vec<_>>()
    };
    assert_eq!(values(&alone), values(&shared));
    let start = Position::<Six>::start_with(Rules::STANDARD);
    for a in &shared {
        assert!(ends_as_valued(&start, &a.line, a.value), "{}", a.mv);
    }
    // Progress counts up to every move (a move and its mirror come together).
    let total = alone.len();
    assert!(calls.windows(2).all(|w| w[0].0 < w[1].0), "{calls:?}");
    assert!(calls.iter().all(|&(_, t)| t == total), "{calls:?}");
    assert_eq!(calls.last(), Some(&(total, total)));
}

#[test]
fn the_heuristic_search_on_two_threads_plays_legal_moves() {
    let mut rng = SplitMix64::new(21);
    let (mut one, mut two) = (engine_on(1), engine_on(THREADS));
    let start = Position::start();
    let mut agreed = 0;
    for _ in 0..30 {
        let plies = 2 + rng.below(10) as usize;
        let Some(pos) = playout(&start, plies, &mut rng) else {
            continue;
        };
        let mut depths = Vec::new();
        let shared = two.search(&pos, Limit::Depth(7), &NEVER, &mut |r| depths.push(r.depth));
        assert!(pos.is_legal(shared.best.unwrap()), "{pos}");
        // Each completed depth is reported once, in order, by the first thread.
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{pos}: {depths:?}");
        let alone = one.search(&pos, Limit::Depth(7), &NEVER, &mut |_| {});
        // A proof is a proof, whoever finds it; its distance is exact once
        // the depth covers it.
        if let (Value::Win(a), Value::Win(b)) | (Value::Loss(a), Value::Loss(b)) =
            (alone.value, shared.value)
            && a <= 8
            && b <= 8
        {
            assert_eq!(a, b, "{pos}");
            agreed += 1;
        }
    }
    assert!(agreed > 3, "only {agreed} proofs to compare");
}

#[test]
fn a_stop_ends_a_search_on_two_threads() {
    let mut engine = engine_on(THREADS);
    let ten = Position::<Ten>::start_with(Rules::STANDARD);
    let stopped = AtomicBool::new(true);
    assert!(engine.solve(&ten, &stopped).is_none());
    // Set while it runs: after the first thread's sixth depth.
    let stop = AtomicBool::new(false);
    let stopped = engine.solve_reporting(&ten, &stop, &mut |h| {
        if h.depth >= 6 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(stopped.is_none());
    let stop = AtomicBool::new(false);
    let searched = engine.search(&ten, Limit::Infinite, &stop, &mut |r| {
        if r.depth >= 4 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(ten.is_legal(searched.best.unwrap()));
    assert!(searched.depth >= 4, "{}", searched.depth);
}

#[test]
fn levels_play_on_one_thread_whatever_is_set() {
    let mut rng = SplitMix64::new(5);
    for _ in 0..12 {
        let mut m: Match = Match::new(Rules::STANDARD, 3).unwrap();
        for _ in 0..1 + rng.below(8) {
            let moves = m.position().legal_moves();
            if m.position().is_over() || moves.is_empty() {
                break;
            }
            m.play(*rng.pick(&moves)).unwrap();
        }
        if m.position().is_over() {
            continue;
        }
        let pos = *m.position();
        for level in [3, 6] {
            let (mut one, mut two) = (engine_on(1), engine_on(THREADS));
            let alone = one.choose_move(&m, level, 1);
            assert_eq!(alone, two.choose_move(&m, level, 1), "{pos} level {level}");
            assert_eq!(two.threads(), THREADS);
        }
    }
}
