//! How far the solver gets from the start of a 10×10 round (or another
//! board's) within a time cap: every depth of its iterative deepening that
//! proves the round open, with the nodes, the time and the table.
//!
//! `cargo run --release -p kamisado-engine --example ten [SECONDS] [10x10|8x8|6x6] [POSITION]`
//!
//! `SECONDS` caps the proof (600 by default); the board is 10×10 unless
//! named; `POSITION` (in notation, for that board) replaces the start. The
//! environment variable `HASH_MB` sets the table size (default 4096
//! megabytes), and `RULES` the rule set (`standard` by default;
//! `RULES=standard+opening-limits` for the championship's).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use kamisado_core::geometry::{Eight, Six, Ten};
use kamisado_core::{Position, Rules, Setup};
use kamisado_engine::{Engine, EngineBoard, Horizon};

/// Transposition table size, in megabytes, unless `HASH_MB` says otherwise.
const HASH_MB: usize = 4096;
/// The cap on the proof, in seconds, unless given.
const SECONDS: u64 = 600;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds = args
        .first()
        .map(|s| s.parse().expect("SECONDS: a whole number"))
        .unwrap_or(SECONDS);
    let position = args.get(2).map(String::as_str);
    match args.get(1).map(String::as_str).unwrap_or("10x10") {
        "10x10" => run::<Ten>(seconds, position),
        "8x8" => run::<Eight>(seconds, position),
        "6x6" => run::<Six>(seconds, position),
        other => panic!("unknown board {other}: 6x6, 8x8 or 10x10"),
    }
}

fn run<B: EngineBoard>(seconds: u64, position: Option<&str>) {
    let rules: Rules = std::env::var("RULES")
        .map(|name| name.parse().expect("RULES: a rule set"))
        .unwrap_or(Rules::STANDARD);
    let pos: Position<B> = match position {
        Some(text) => {
            let setup: Setup<B> = text.parse().expect("a position in notation");
            Position::from_setup(&setup, rules).expect("a legal position")
        }
        None => Position::start_with(rules),
    };
    let hash_mb = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HASH_MB);
    let mut engine = Engine::new(hash_mb);
    let table_mb = engine.table_bytes() >> 20;
    println!("{pos}: cap {seconds} s, table {table_mb} MB");
    println!("depth  open within  nodes  seconds  Mnodes/s  table filled");
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, cap) = std::sync::mpsc::channel::<()>();
        let stop = &stop;
        scope.spawn(move || {
            // Ends at the cap, or as soon as the proof is over.
            let _ = cap.recv_timeout(Duration::from_secs(seconds));
            stop.store(true, Ordering::Relaxed);
        });
        let mut report = |h: &Horizon| {
            let secs = h.elapsed.as_secs_f64();
            println!(
                "{:>5}  {:>11}  {:>12}  {:>7.2}  {:>8.2}  {:>11.1}%",
                h.depth,
                h.open_plies,
                h.nodes,
                secs,
                h.nodes as f64 / secs.max(1e-9) / 1e6,
                f64::from(h.table_filled) / 10.0,
            );
        };
        let result = engine.solve_reporting(&pos, stop, &mut report);
        drop(done);
        match result {
            Some(r) => {
                let line: Vec<String> = r.line.iter().map(|m| m.to_string()).collect();
                println!(
                    "solved: {} by {} in {:.2} s, {} nodes; line {}",
                    r.value,
                    r.best.map(|m| m.to_string()).unwrap_or_default(),
                    r.elapsed.as_secs_f64(),
                    r.nodes,
                    line.join(" ")
                );
            }
            None => println!("not solved within {seconds} s"),
        }
    });
}
