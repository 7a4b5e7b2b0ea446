//! The exact solver's speed against perft 7 of the 8×8 start, measured in
//! the same run: `cargo run --release -p kamisado-engine --example speed [JOB] [RUNS]`.
//!
//! `JOB` is `start` (the 8×8 start, exact), `first` (its 102 first moves,
//! exact, one table kept across them, as `kamisado solve --first-moves`
//! does), `ten` (the 10×10 start, exact) or `tenfirst` (the 10×10 first
//! moves, exact, one table kept across them, each move's value printed as it
//! is proven). Each run times perft 7 of the 8×8 start, then the job, each
//! on one thread, and prints both and their ratio; after several runs the
//! medians. `HASH_MB` sets the table (64 megabytes by default).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::geometry::{Eight, Ten};
use kamisado_core::{Position, Rules, perft};
use kamisado_engine::{Engine, EngineBoard, Value, solve_first_moves_under};

/// Transposition table size, in megabytes, unless `HASH_MB` says otherwise.
const HASH_MB: usize = 64;
/// The leaves of perft 7 from the 8×8 start.
const PERFT_7: u64 = 56_182_538;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let job = args.first().map(String::as_str).unwrap_or("start");
    let runs: usize = args
        .get(1)
        .map_or(1, |r| r.parse().expect("RUNS: a number"));
    let (mut perfts, mut jobs) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let clock = Instant::now();
        assert_eq!(
            perft(&Position::<Eight>::start_with(Rules::STANDARD), 7),
            PERFT_7
        );
        let p = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let what = run(job);
        let j = clock.elapsed().as_secs_f64();
        println!(
            "perft 7 {p:.3} s; {job} {j:.3} s ({:.2}× perft 7): {what}",
            j / p
        );
        perfts.push(p);
        jobs.push(j);
    }
    if runs > 1 {
        let ratios: Vec<f64> = jobs.iter().zip(&perfts).map(|(j, p)| j / p).collect();
        println!(
            "medians of {runs}: perft 7 {:.3} s, {job} {:.3} s, ratio {:.2}",
            median(perfts),
            median(jobs),
            median(ratios)
        );
    }
}

/// The exact proof of `pos`, in words.
fn exact<B: EngineBoard>(engine: &mut Engine, pos: &Position<B>, stop: &AtomicBool) -> String {
    let r = engine.solve(pos, stop).unwrap();
    format!(
        "{} by {}, {} nodes, the proof {:.3} s",
        r.value,
        r.best.unwrap(),
        r.nodes,
        r.elapsed.as_secs_f64()
    )
}

/// Runs a job from a new engine; what it found, in words.
fn run(job: &str) -> String {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(hash_mb());
    match job {
        "start" => exact(
            &mut engine,
            &Position::<Eight>::start_with(Rules::STANDARD),
            &stop,
        ),
        "ten" => exact(
            &mut engine,
            &Position::<Ten>::start_with(Rules::STANDARD),
            &stop,
        ),
        "first" => {
            let all =
                solve_first_moves_under::<Eight>(&mut engine, Rules::STANDARD, &mut |_, _| {});
            let wins = all
                .iter()
                .filter(|a| matches!(a.value, Value::Win(_)))
                .count();
            format!("{} moves, {wins} win for Black", all.len())
        }
        "tenfirst" => {
            let clock = Instant::now();
            let all = solve_first_moves_under::<Ten>(&mut engine, Rules::STANDARD, &mut |d, t| {
                eprintln!("{d}/{t} {:.1} s", clock.elapsed().as_secs_f64());
            });
            for a in &all {
                println!("{} {}", a.mv, a.value);
            }
            let wins = all
                .iter()
                .filter(|a| matches!(a.value, Value::Win(_)))
                .count();
            format!("{} moves, {wins} win for Black", all.len())
        }
        other => panic!("unknown job {other}: start, first, ten or tenfirst"),
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The table size: `HASH_MB` from the environment, or [`HASH_MB`].
fn hash_mb() -> usize {
    std::env::var("HASH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(HASH_MB)
}
