//! Solves match positions in points and reports the cost beside the
//! win/loss solve of the same positions.
//!
//! `cargo run --release -p kamisado-engine --example points [POSITION …]`
//!
//! Without arguments it solves fixed positions: rounds between sumos after
//! a few seeded random plies, and the start of a second round. Each is
//! solved from an empty table; `HASH_MB` sets the table (default 64) and
//! `NODES` a budget for each solve (none by default).
//!
//! `… --example points sample N` solves N seeded positions (4 to 23 random
//! plies from a start with one sumo a side, or from one with teeth on six
//! towers a side, alternately) within `NODES` (default 2 000 000, level 6's
//! budget) and reports how many were proven, with their nodes and times.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::random::SplitMix64;
use kamisado_core::{Match, Rules, Setup};
use kamisado_engine::Engine;

/// Towers with one, two and three teeth on both sides.
const SUMO_START: &str = "ob+v++pyr+gn+++/8/8/8/8/8/8/N+++GR+YP++VBO+ b -";
/// The start of a second round of a match to 7: Black's green became a sumo.
const SECOND_ROUND: &str = "obvpyrgn/8/8/8/8/8/8/NG+RYPVBO w - 1-0/7";
/// Random plies played from [`SUMO_START`], with the seed.
const PLAYOUTS: [(u64, u64); 4] = [(14, 1), (10, 2), (8, 3), (6, 4)];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "sample") {
        let count = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(40);
        sample(count);
        return;
    }
    let positions = if args.is_empty() {
        fixed_positions()
    } else {
        args
    };
    let hash_mb = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let stop = AtomicBool::new(false);
    for text in positions {
        let setup: Setup = text.parse().expect("a position with a match field");
        let m = Match::from_setup(&setup, Rules::STANDARD).expect("a valid position");
        let mut engine = Engine::new(hash_mb);
        let clock = Instant::now();
        let round = engine.solve(m.position(), &stop).expect("not stopped");
        let round_time = clock.elapsed();
        let mut engine = Engine::new(hash_mb);
        let nodes = std::env::var("NODES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(u64::MAX);
        let clock = Instant::now();
        let Some(exact) = engine.solve_match_nodes(&m, nodes, &stop) else {
            println!(
                "{m}\n  win/loss: {} in {:.3} s, {} nodes\n  points:   not proven within {nodes} nodes ({:.3} s)",
                round.value,
                round_time.as_secs_f64(),
                round.nodes,
                clock.elapsed().as_secs_f64()
            );
            continue;
        };
        let line: Vec<String> = exact.line.iter().map(|mv| mv.to_string()).collect();
        println!(
            "{m}\n  win/loss: {} in {:.3} s, {} nodes\n  points:   {} ({} plies: {}) in {:.3} s, {} nodes (both solvers)",
            round.value,
            round_time.as_secs_f64(),
            round.nodes,
            exact.value,
            line.len(),
            line.join(" "),
            exact.elapsed.as_secs_f64(),
            exact.nodes
        );
    }
}

/// One sumo a side.
const ONE_SUMO_START: &str = "obvpyrgn+/8/8/8/8/8/8/NG+RYPVBO b -";

/// Solves `count` seeded positions within the budget and reports.
fn sample(count: usize) {
    let nodes = std::env::var("NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000_000);
    let stop = AtomicBool::new(false);
    let mut rng = SplitMix64::new(2024);
    let mut engine = Engine::new(64);
    let mut proven = Vec::new();
    let mut solved = 0;
    while solved < count {
        let start = if solved % 2 == 0 {
            ONE_SUMO_START
        } else {
            SUMO_START
        };
        let setup: Setup = format!("{start} 3-4/7").parse().expect("valid");
        let mut m = Match::from_setup(&setup, Rules::STANDARD).expect("valid");
        let plies = 4 + rng.below(20);
        let mut over = false;
        for _ in 0..plies {
            let moves = m.position().legal_moves();
            over |= m.play(*rng.pick(&moves)).expect("legal").is_some();
            if over {
                break;
            }
        }
        if over {
            continue;
        }
        solved += 1;
        engine.clear();
        if let Some(exact) = engine.solve_match_nodes(&m, nodes, &stop) {
            proven.push((exact.nodes, exact.elapsed.as_secs_f64()));
        }
    }
    proven.sort_by_key(|p| p.0);
    let median = proven.get(proven.len() / 2).copied().unwrap_or_default();
    let last = proven.last().copied().unwrap_or_default();
    println!(
        "{} of {count} proven within {nodes} nodes; median {} nodes ({:.3} s), most {} nodes ({:.3} s)",
        proven.len(),
        median.0,
        median.1,
        last.0,
        last.1
    );
}

/// The positions solved without arguments.
fn fixed_positions() -> Vec<String> {
    let mut positions = Vec::new();
    for (plies, seed) in PLAYOUTS {
        let mut rng = SplitMix64::new(seed);
        let setup: Setup = format!("{SUMO_START} 3-4/7").parse().expect("valid");
        let mut m = Match::from_setup(&setup, Rules::STANDARD).expect("valid");
        for _ in 0..plies {
            let moves = m.position().legal_moves();
            let mv = *rng.pick(&moves);
            let mut next = m.clone();
            if next.play(mv).expect("legal").is_none() {
                m = next;
            }
        }
        positions.push(m.to_string());
    }
    positions.push(SECOND_ROUND.to_string());
    positions
}
