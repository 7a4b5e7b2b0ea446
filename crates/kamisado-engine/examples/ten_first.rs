//! The exact value of every first move of the 10×10 start, each printed as
//! soon as it is proven, with its nodes and time: one table kept across the
//! moves, as `kamisado solve --first-moves` keeps it (10×10 has no
//! mirrored first moves to spare, so every move is proven).
//!
//! `cargo run --release -p kamisado-engine --example ten_first [NODES] [FROM] [TO]`
//!
//! `NODES` caps each move's proof, in millions of nodes (1000 by default;
//! a cap in nodes, not seconds, so that a run repeats exactly whatever else
//! shares the machine); a move not proven within it is printed as `open`
//! and the run goes on. `FROM` and `TO` are
//! indexes into the start's legal moves, in the order the rules crate
//! generates them (all 168 by default), so that a long run can be split and
//! taken up again where it stopped. `HASH_MB` sets the table (4096
//! megabytes by default); `RULES` the rule set (`standard`). Each line: the
//! index, the move, the value for Black, the nodes, the seconds and the
//! line of best play.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::geometry::Ten;
use kamisado_core::{Position, Rules};
use kamisado_engine::Engine;

/// Transposition table size, in megabytes, unless `HASH_MB` says otherwise.
const HASH_MB: usize = 4096;
/// The cap on each move's proof, in millions of nodes, unless given.
const NODES: usize = 1000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let index = |i: usize, default: usize| {
        args.get(i).map_or(default, |a| {
            a.parse().expect("NODES, FROM and TO: whole numbers")
        })
    };
    let millions = index(0, NODES) as u64;
    let (from, to) = (index(1, 0), index(2, usize::MAX));
    let rules: Rules = std::env::var("RULES")
        .map(|name| name.parse().expect("RULES: a rule set"))
        .unwrap_or(Rules::STANDARD);
    let hash_mb = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HASH_MB);
    let mut engine = Engine::new(hash_mb);
    let start = Position::<Ten>::start_with(rules);
    let moves: Vec<_> = start.legal_moves().iter().copied().collect();
    println!(
        "{} first moves, from {from}; table {} MB, each move capped at {millions} M nodes",
        moves.len(),
        engine.table_bytes() >> 20
    );
    let began = Instant::now();
    for (i, &mv) in moves.iter().enumerate().take(to).skip(from) {
        let child = start.play_unchecked(mv);
        let solved = engine.solve_nodes(&child, millions * 1_000_000, &AtomicBool::new(false));
        let Some(result) = solved else {
            println!("{i} {mv} open within {millions} M nodes");
            let _ = std::io::stdout().flush();
            continue;
        };
        let line: Vec<String> = std::iter::once(mv.to_string())
            .chain(result.line.iter().map(|m| m.to_string()))
            .collect();
        println!(
            "{i} {mv} {} {} {:.1} {}",
            result.value.before_move(false),
            result.nodes,
            result.elapsed.as_secs_f64(),
            line.join(" ")
        );
        let _ = std::io::stdout().flush();
    }
    println!("done in {:.1} s", began.elapsed().as_secs_f64());
}
