//! The ladder of the levels: matches to 3 between each level and the one
//! below and the one two below, over seeded openings with both colours; prints
//! the table for the README, the ratings fitted to every pairing (level 1 at
//! 800) and the pairings in the form of `ladder::MEASURED`.
//!
//! `cargo run --release -j 1 -p kamisado-engine --example ladder [openings]`

use std::time::Instant;

use kamisado_engine::ladder::{self, Pairing};
use kamisado_engine::selfplay;

/// Random plies from the start in each opening.
const OPENING_PLIES: usize = 2;
/// Seed of the openings and of the levels' choices.
const SEED: u64 = 2024;
/// Points that win a match.
const TARGET: u8 = 3;

fn main() {
    let count = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let openings = selfplay::openings(count, OPENING_PLIES, SEED);
    let pairs = (2..=6u8)
        .map(|h| (h, h - 1))
        .chain((3..=6u8).map(|h| (h, h - 2)));
    let whole = Instant::now();
    let mut pairings = Vec::new();
    println!(
        "| pairing | matches | won by the higher | won by the lower | Elo difference | seconds |"
    );
    println!("|---|---|---|---|---|---|");
    for (higher, lower) in pairs {
        let clock = Instant::now();
        let (won, played) = selfplay::match_score(higher, lower, &openings, TARGET, SEED);
        let pairing = Pairing {
            higher,
            lower,
            won,
            played,
        };
        println!(
            "| {higher} – {lower} | {played} | {won} | {} | {:+.0} | {:.0} |",
            played - won,
            pairing.elo_difference(),
            clock.elapsed().as_secs_f64()
        );
        pairings.push(pairing);
    }
    println!();
    println!("| level | rating |");
    println!("|---|---|");
    for (level, rating) in ladder::fit(&pairings) {
        println!("| {level} | {rating:.0} |");
    }
    println!();
    for p in &pairings {
        println!(
            "    Pairing {{ higher: {}, lower: {}, won: {}, played: {} }},",
            p.higher, p.lower, p.won, p.played
        );
    }
    println!(
        "\n{count} openings, {:.0} s in all",
        whole.elapsed().as_secs_f64()
    );
}
