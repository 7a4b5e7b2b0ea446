//! Times the Swiss and the arena on large fields.
//!
//! `cargo run --release -p kamisado-tournament --example pairing-bench`
//! pairs round 6 of a 1,000-player Swiss (rounds 1–5 played with seeded
//! random results) nine times and prints the median and the slowest of
//! the rounds paired on the way (once each), does the same for round 11,
//! then runs an arena of 2,000 players as games end and prints the median
//! and 99th percentile of one game's end and its pairings.

use std::time::{Duration, Instant};

use kamisado_tournament::arena::{Arena, ArenaGame};
use kamisado_tournament::swiss::{self, Options};
use kamisado_tournament::{Outcome, Player, PlayerId, record::play};

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn swiss_bench(round: u32) {
    let mut rng = Rng(6);
    let mut players: Vec<Player> = (1..=1000)
        .map(|i| Player::new(PlayerId(i), &format!("p{i}"), 0))
        .collect();
    // The slowest of the rounds paired on the way, once each.
    let mut slowest = (Duration::ZERO, 0);
    for r in 1..round {
        let start = Instant::now();
        let paired = swiss::pair(&players, &Options::default()).expect("a pairing");
        slowest = slowest.max((start.elapsed(), r));
        for b in paired.boards {
            let outcome = match rng.next() % 5 {
                0 | 1 => Outcome::Win,
                2 | 3 => Outcome::Loss,
                _ => Outcome::Draw,
            };
            play(&mut players, b.white, b.black, outcome);
        }
    }
    let mut times = Vec::new();
    let mut boards = 0;
    for _ in 0..9 {
        let start = Instant::now();
        let round = swiss::pair(&players, &Options::default()).expect("a pairing");
        times.push(start.elapsed());
        boards = round.boards.len();
    }
    println!(
        "swiss: round {round} of 1,000 players, {boards} boards: median {:.1} ms of 9 runs",
        median(times).as_secs_f64() * 1e3
    );
    println!(
        "swiss: rounds 1-{} on the way, once each: the slowest, round {}, {:.1} ms",
        round - 1,
        slowest.1,
        slowest.0.as_secs_f64() * 1e3
    );
}

/// 2,000 players join, then 200,000 games end one by one (seeded random
/// games and results); each end pairs its two players at once if anyone
/// fits. Times one `finish`, the scoring and pairing of both players.
fn arena_bench() {
    let mut rng = Rng(2000);
    let mut arena = Arena::new();
    let mut games: Vec<ArenaGame> = Vec::new();
    for i in 1..=2000 {
        games.extend(arena.join(PlayerId(i)).expect("a new player"));
    }
    let mut times = Vec::with_capacity(200_000);
    let mut paired = 0;
    for _ in 0..200_000 {
        let k = (rng.next() % games.len() as u64) as usize;
        let g = games.swap_remove(k);
        let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][(rng.next() % 3) as usize];
        let start = Instant::now();
        let new = arena
            .finish(g.white, g.black, outcome)
            .expect("a game in play");
        times.push(start.elapsed());
        paired += new.len();
        games.extend(new);
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
    println!(
        "arena: 2,000 players, 200,000 game ends, {paired} pairings: median {:.2} µs, p99 {:.2} µs, max {:.0} µs per game end",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

fn main() {
    swiss_bench(6);
    swiss_bench(11);
    arena_bench();
}
