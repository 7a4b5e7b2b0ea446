//! Who wins, by proof-number search and by the solver's deepening, with the
//! nodes and times of each: `cargo run --release -p kamisado-engine --example pn [start|first] [RUNS]`.
//!
//! `start` proves the 8×8 start; `first` every one of its 102 first moves,
//! each prover keeping one table across them (as `kamisado solve
//! --first-moves` does). `RULES` sets the rule set.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::{Position, Rules};
use kamisado_engine::{Engine, PnTable};

/// The table of each search, in megabytes.
const HASH_MB: usize = 64;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let job = args.first().map(String::as_str).unwrap_or("start");
    let runs: usize = args
        .get(1)
        .map_or(1, |r| r.parse().expect("RUNS: a number"));
    let rules: Rules = std::env::var("RULES")
        .map(|name| name.parse().expect("RULES: a rule set"))
        .unwrap_or(Rules::STANDARD);
    let start = Position::start_with(rules);
    let positions: Vec<Position> = match job {
        "start" => vec![start],
        "first" => start
            .legal_moves()
            .iter()
            .map(|&m| start.play_unchecked(m))
            .collect(),
        other => panic!("unknown job {other}: start or first"),
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
