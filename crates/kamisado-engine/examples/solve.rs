//! Solves the start of a round and every first move, and reports the time.
//!
//! `cargo run --release -p kamisado-engine --example solve`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::Position;
use kamisado_engine::{Engine, solve_first_moves};

fn main() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(256);
    let start = Position::start();
    let result = engine.solve(&start, &stop).expect("not stopped");
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
    let mut engine = Engine::new(256);
    let clock = Instant::now();
    let mut last = Instant::now();
    let all = solve_first_moves(&mut engine, &mut |done, total| {
        if std::env::args().any(|a| a == "-v") {
            eprintln!("{done}/{total} {:.3} s", last.elapsed().as_secs_f64());
        }
        last = Instant::now();
    });
    let seconds = clock.elapsed().as_secs_f64();
    let wins = all
        .iter()
        .filter(|a| matches!(a.value, kamisado_engine::Value::Win(_)))
        .count();
    for a in &all {
        println!("{} {}", a.mv, a.value);
    }
    println!(
        "all {} first moves solved in {seconds:.2} s: {wins} win for Black",
        all.len()
    );
}
