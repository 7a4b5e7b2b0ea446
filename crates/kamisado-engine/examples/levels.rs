//! Plays each level against the one below over seeded openings, both colours,
//! and prints the table for the README.
//!
//! `cargo run --release -p kamisado-engine --example levels [openings]`

use std::time::Instant;

use kamisado_engine::selfplay;

/// Random plies from the start in each opening.
const OPENING_PLIES: usize = 1;
/// Seed of the openings and of the levels' choices.
const SEED: u64 = 2024;

fn main() {
    let count = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let openings = selfplay::openings(count, OPENING_PLIES, SEED);
    println!("| level | against | rounds | won by the higher level | seconds |");
    println!("|---|---|---|---|---|");
    for higher in 2..=6u8 {
        let clock = Instant::now();
        let (won, played) = selfplay::score(higher, higher - 1, &openings, SEED);
        println!(
            "| {higher} | {} | {played} | {won} ({:.0}%) | {:.1} |",
            higher - 1,
            100.0 * f64::from(won) / f64::from(played),
            clock.elapsed().as_secs_f64()
        );
    }
}
