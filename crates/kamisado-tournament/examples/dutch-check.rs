//! Holds the Swiss pairing against an external Dutch-system engine: random
//! tournaments are paired round by round by [`swiss::pair`], and before
//! each round the tournament so far is written as a TRF and paired by the
//! engine too (bbpPairings' or JaVaFo's command line: `ENGINE --dutch
//! FILE -p OUT`). Prints how many rounds the two paired alike (the same
//! pairs, the same colours, the same bye), and the first that differ.
//!
//! ```text
//! cargo run --release -p kamisado-tournament --example dutch-check -- \
//!     /path/to/bbpPairings.exe [TOURNAMENTS]
//! ```
//!
//! Nothing is downloaded: the engine is whatever the path names.

use std::collections::BTreeSet;
use std::process::Command;

use kamisado_tournament::record::play;
use kamisado_tournament::{Colour, Entry, Outcome, Player, PlayerId, swiss, trf};

/// SplitMix64: a fixed seed gives the same tournaments on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A round as a set of (White, Black) pairs and the bye.
type Paired = (BTreeSet<(u32, u32)>, Option<u32>);

/// The engine's pairing of the tournament `text`, for round `round` of `rounds`.
fn engine_pairs(engine: &str, text: &str, rounds: u32, tag: &str) -> Result<Paired, String> {
    let dir = std::env::temp_dir();
    let input = dir.join(format!("dutch-check-{tag}.trf"));
    let output = dir.join(format!("dutch-check-{tag}.out"));
    // XXR: the tournament's rounds; XXC white1: the top player had White in round 1.
    std::fs::write(&input, format!("{text}XXR {rounds}\nXXC white1\n"))
        .map_err(|e| e.to_string())?;
    let status = Command::new(engine)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .map_err(|e| format!("{engine}: {e}"))?;
    if !status.success() {
        return Err(format!("{engine} failed on {}: {status}", input.display()));
    }
    let out = std::fs::read_to_string(&output).map_err(|e| e.to_string())?;
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for line in out.lines().skip(1) {
        let ids: Vec<u32> = line
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        match ids[..] {
            [w, 0] => bye = Some(w),
            [w, b] => {
                pairs.insert((w, b));
            }
            _ => {}
        }
    }
    Ok((pairs, bye))
}

fn ours(players: &[Player], last: bool) -> Result<Paired, String> {
    let options = swiss::Options {
        last_round: last,
        first_colour: Colour::White,
    };
    let round = swiss::pair(players, &options).map_err(|e| e.to_string())?;
    Ok((
        round
            .boards
            .iter()
            .map(|b| (b.white.0, b.black.0))
            .collect(),
        round.bye.map(|p| p.0),
    ))
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let engine = args
        .next()
        .ok_or("usage: dutch-check ENGINE [TOURNAMENTS]: ENGINE is a Dutch pairing program")?;
    let count: u64 = args.next().map_or(Ok(200), |n| {
        n.parse().map_err(|_| "TOURNAMENTS is a number")
    })?;
    let mut rng = Rng(0x6b61_6d69_7361_646f);
    let (mut rounds_alike, mut rounds_all, mut first_differences) = (0, 0, Vec::new());
    for t in 0..count {
        let n = 3 + rng.below(18) as u32;
        // Fewer rounds than players, so that a pairing exists.
        let rounds = (3 + rng.below(5) as u32).min(n - 1);
        let mut players: Vec<Player> = (1..=n)
            .map(|i| Player::new(PlayerId(i), &format!("p{i}"), (2400 - 10 * i) as u16))
            .collect();
        for r in 1..=rounds {
            let text = trf::write(
                &trf::Header {
                    name: format!("t{t}"),
                    ..Default::default()
                },
                &players,
            );
            let Ok(mine) = ours(&players, r == rounds) else {
                // No pairing keeps the absolute criteria: the tournament stops here.
                break;
            };
            let theirs = engine_pairs(&engine, &text, rounds, &format!("{t}-{r}"))?;
            rounds_all += 1;
            if mine == theirs {
                rounds_alike += 1;
            } else if first_differences.len() < 5 {
                first_differences.push(format!(
                    "tournament {t} ({n} players), round {r}: ours {mine:?}, the engine's {theirs:?}"
                ));
            }
            // Play our pairing (so both go on from the same tournament).
            for &(w, b) in &mine.0 {
                let outcome = match rng.below(10) {
                    0..=3 => Outcome::Win,
                    4..=7 => Outcome::Loss,
                    _ => Outcome::Draw,
                };
                play(&mut players, PlayerId(w), PlayerId(b), outcome);
            }
            if let Some(bye) = mine.1 {
                let p = players
                    .iter_mut()
                    .find(|p| p.id.0 == bye)
                    .expect("a player");
                p.rounds.push(Entry::PairingBye);
            }
        }
    }
    println!(
        "{rounds_alike} of {rounds_all} rounds paired alike ({:.1}%), over {count} tournaments of 3-20 players and 3-7 rounds",
        100.0 * f64::from(rounds_alike) / f64::from(rounds_all.max(1))
    );
    for d in first_differences {
        println!("  {d}");
    }
    Ok(())
}
