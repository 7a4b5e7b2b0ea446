//! Solves the start of a round and every first move, and reports the time.
//!
//! `cargo run --release -p kamisado-engine --example solve [start|first] [-v]`
//!
//! With `start` only the start is solved, with `first` only the first moves;
//! `-v` prints each first move's time as it is solved. The environment
//! variable `HASH_MB` sets the table size (default 64 megabytes), and
//! `THREADS` the threads (default 1; see `Engine::set_threads`).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::Position;
use kamisado_engine::{Engine, Value, solve_first_moves};

/// Transposition table size, in megabytes, unless `HASH_MB` says otherwise.
const HASH_MB: usize = 64;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let only = |what: &str| !args.iter().any(|a| a != what && a != "-v");
    if only("start") {
        solve_start();
    }
    if only("first") {
        solve_all_first_moves(verbose);
    }
}

fn solve_start() {
    let stop = AtomicBool::new(false);
    let mut engine = engine();
    let result = engine
        .solve(&Position::start(), &stop)
        .expect("not stopped");
    let line: Vec<String> = result.line.iter().map(|m| m.to_string()).collect();
    println!(
        "start: {} by {} in {:.3} s, {} nodes, depth {}; line {}",
        result.value,
        result.best.expect("a move"),
        result.elapsed.as_secs_f64(),
        result.nodes,
        result.depth,
        line.join(" ")
    );
}

fn solve_all_first_moves(verbose: bool) {
    let mut engine = engine();
    let clock = Instant::now();
    let mut last = Instant::now();
    let all =
        solve_first_moves::<kamisado_core::geometry::Eight>(&mut engine, &mut |done, total| {
            if verbose {
                eprintln!("{done}/{total} {:.3} s", last.elapsed().as_secs_f64());
            }
            last = Instant::now();
        });
    let seconds = clock.elapsed().as_secs_f64();
    let wins = all
        .iter()
        .filter(|a| matches!(a.value, Value::Win(_)))
        .count();
    let unproven = all.iter().filter(|a| !a.value.is_proven()).count();
    for a in &all {
        println!("{} {}", a.mv, a.value);
    }
    println!(
        "all {} first moves solved in {seconds:.2} s: {wins} win for Black, {unproven} unproven",
        all.len()
    );
}

/// The table size: `HASH_MB` from the environment, or [`HASH_MB`].
fn hash_mb() -> usize {
    std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HASH_MB)
}

/// An engine with the table and threads the environment asks for.
fn engine() -> Engine {
    let mut engine = Engine::new(hash_mb());
    let threads = std::env::var("THREADS").ok().and_then(|v| v.parse().ok());
    engine.set_threads(threads.unwrap_or(1));
    engine
}
