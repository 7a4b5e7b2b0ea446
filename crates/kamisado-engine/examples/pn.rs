//! Who wins, by proof-number search and by the solver's deepening, with the
//! nodes and times of each: `cargo run --release -p kamisado-engine --example pn [start|first] [RUNS]`.
//!
//! `start` proves the 8×8 start; `first` every one of its 102 first moves,
//! each prover keeping one table across them (as `kamisado solve
//! --first-moves` does). `RULES` sets the rule set.
//!
//! `ten [FROM] [TO]` proves who wins after each 10×10 first move by df-pn
//! alone (the moves from index `FROM` up to `TO` of the legal moves, all
//! 168 by default), one table of `HASH_MB` megabytes (1024 by default) kept
//! across them, and prints each move's result as it is proven.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::geometry::Ten;
use kamisado_core::{Position, Rules};
use kamisado_engine::{Engine, PnTable};

/// The table of each search, in megabytes.
const HASH_MB: usize = 64;
/// The df-pn table for the 10×10 first moves, in megabytes, unless `HASH_MB` says otherwise.
const TEN_HASH_MB: usize = 1024;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let job = args.first().map(String::as_str).unwrap_or("start");
    let rules: Rules = std::env::var("RULES")
        .map(|name| name.parse().expect("RULES: a rule set"))
        .unwrap_or(Rules::STANDARD);
    if job == "ten" {
        let from = args
            .get(1)
            .map_or(0, |a| a.parse().expect("FROM: a number"));
        let to = args
            .get(2)
            .map_or(usize::MAX, |a| a.parse().expect("TO: a number"));
        ten_first_moves(rules, from, to);
        return;
    }
    let runs: usize = args
        .get(1)
        .map_or(1, |r| r.parse().expect("RUNS: a number"));
    let start = Position::start_with(rules);
    let positions: Vec<Position> = match job {
        "start" => vec![start],
        "first" => start
            .legal_moves()
            .iter()
            .map(|&m| start.play_unchecked(m))
            .collect(),
        other => panic!("unknown job {other}: start, first or ten"),
    };
    let stop = AtomicBool::new(false);
    for _ in 0..runs {
        let clock = Instant::now();
        let (mut nodes, mut wins) = (0, 0);
        let mut table = PnTable::new(HASH_MB);
        for p in &positions {
            let proof = table.prove(p, &stop).expect("a plain round");
            nodes += proof.nodes;
            wins += usize::from(proof.wins);
        }
        let pn = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let mut engine = Engine::new(HASH_MB);
        let (mut ab_nodes, mut ab_wins) = (0, 0);
        for p in &positions {
            let proof = engine.prove(p, &stop).expect("never stopped");
            ab_nodes += proof.nodes;
            ab_wins += usize::from(proof.wins);
        }
        let ab = clock.elapsed().as_secs_f64();
        assert_eq!(wins, ab_wins, "df-pn and the solver disagree");
        println!(
            "{job}: df-pn {nodes} nodes {pn:.3} s; deepening {ab_nodes} nodes {ab:.3} s; {wins} of {} won by the side to move",
            positions.len()
        );
    }
}

/// Who wins after each 10×10 first move from index `from` up to `to`, by df-pn.
fn ten_first_moves(rules: Rules, from: usize, to: usize) {
    let hash_mb = std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(TEN_HASH_MB);
    let start = Position::<Ten>::start_with(rules);
    let moves = start.legal_moves();
    let stop = AtomicBool::new(false);
    let mut table = PnTable::new(hash_mb);
    let clock = Instant::now();
    let (mut nodes, mut black_wins) = (0, 0);
    let chosen = moves
        .iter()
        .enumerate()
        .skip(from)
        .take(to.saturating_sub(from));
    for (index, &mv) in chosen {
        let proof = table
            .prove(&start.play_unchecked(mv), &stop)
            .expect("a plain round");
        nodes += proof.nodes;
        black_wins += usize::from(!proof.wins);
        let winner = if proof.wins { "White" } else { "Black" };
        println!(
            "{index} {mv}: {winner} wins within {} ({} nodes, {:.2} s; {:.1} s in all)",
            proof.within + 1,
            proof.nodes,
            proof.elapsed.as_secs_f64(),
            clock.elapsed().as_secs_f64()
        );
    }
    println!(
        "{black_wins} won by Black, {nodes} nodes, {:.1} s",
        clock.elapsed().as_secs_f64()
    );
}
