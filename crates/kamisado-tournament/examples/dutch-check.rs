//! Holds the Swiss pairing against an external Dutch-system engine: random
//! tournaments are paired round by round by [`swiss::pair`], and before
//! each round the tournament so far is written as a TRF and paired by the
//! engine too (bbpPairings' or JaVaFo's command line: `ENGINE --dutch
//! FILE -p OUT`). Prints how many rounds the two paired alike (the same
//! pairs, the same colours, the same bye), and the first that differ; a
//! round only one of the two can pair differs, and one neither can pair
//! ends the tournament uncounted.
//!
//! ```text
//! cargo run --release -p kamisado-tournament --example dutch-check -- \
//!     /path/to/bbpPairings.exe [TOURNAMENTS] [--irregular] [--large]
//! ```
//!
//! With `--irregular` the tournaments also have half-point byes on request
//! and absences (a player sitting a round out, marked `H` or `Z` in the
//! round being paired), a late entry and forfeits; without it, every player
//! plays every round and every game is played. The tournaments have 3–20
//! players and 3–7 rounds, or with `--large` 30–120 players and 5–11.
//!
//! Nothing is downloaded: the engine is whatever the path names.

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use kamisado_tournament::record::play;
use kamisado_tournament::{Colour, Entry, Outcome, Player, PlayerId, swiss, trf};

/// How a round is played out: its pairing, then the players who sat it
/// out (with a half-point bye or absent).
struct Played<'a> {
    mine: &'a Paired,
    out: &'a [(usize, Entry)],
}

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

/// The engine's pairing of the tournament `text`, for round `round` of
/// `rounds`, or `None` if it finds no legal pairing.
fn engine_pairs(
    engine: &str,
    text: &str,
    rounds: u32,
    tag: &str,
) -> Result<Option<Paired>, String> {
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
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("{engine}: {e}"))?;
    if status.code() == Some(1) {
        // bbpPairings' and JaVaFo's exit code for "no valid pairing exists".
        return Ok(None);
    }
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
    Ok(Some((pairs, bye)))
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
    let rest: Vec<String> = args.collect();
    let irregular = rest.iter().any(|a| a == "--irregular");
    let large = rest.iter().any(|a| a == "--large");
    let (players_from, players_more, rounds_from, rounds_more) =
        if large { (30, 91, 5, 7) } else { (3, 18, 3, 5) };
    let count: u64 = rest
        .iter()
        .find(|a| !a.starts_with("--"))
        .map_or(Ok(200), |n| {
            n.parse().map_err(|_| "TOURNAMENTS is a number")
        })?;
    let mut rng = Rng(0x6b61_6d69_7361_646f);
    let (mut rounds_alike, mut rounds_all, mut first_differences) = (0, 0, Vec::new());
    for t in 0..count {
        let n = players_from + rng.below(players_more) as u32;
        // Fewer rounds than players, so that a pairing exists.
        let rounds = (rounds_from + rng.below(rounds_more) as u32).min(n - 1);
        let mut players: Vec<Player> = (1..=n)
            .map(|i| Player::new(PlayerId(i), &format!("p{i}"), (2400 - 10 * i) as u16))
            .collect();
        let late = irregular && rng.below(3) == 0;
        for r in 1..=rounds {
            // Who sits this round out: a late entrant in round 1, now and
            // then a half-point bye on request (not in the last round) or
            // an absence.
            let mut out: Vec<(usize, Entry)> = Vec::new();
            for (i, p) in players.iter_mut().enumerate() {
                p.active = true;
                if !irregular {
                    continue;
                }
                if late && r == 1 && i + 1 == n as usize {
                    out.push((i, Entry::Absent));
                } else if r > 1 && r < rounds && rng.below(25) == 0 {
                    out.push((i, Entry::HalfBye));
                } else if r > 1 && rng.below(40) == 0 {
                    out.push((i, Entry::Absent));
                }
            }
            let mut shown = players.clone();
            for &(i, e) in &out {
                players[i].active = false;
                shown[i].rounds.push(e);
            }
            let text = trf::write(
                &trf::Header {
                    name: format!("t{t}"),
                    ..Default::default()
                },
                &shown,
            );
            let mine = ours(&players, r == rounds).ok();
            let theirs = engine_pairs(&engine, &text, rounds, &format!("{t}-{r}"))?;
            if mine.is_none() && theirs.is_none() {
                // No pairing keeps the absolute criteria: the tournament stops here.
                break;
            }
            rounds_all += 1;
            if mine == theirs {
                rounds_alike += 1;
            } else if first_differences.len() < 5 {
                first_differences.push(format!(
                    "tournament {t} ({n} players), round {r}: ours {mine:?}, the engine's {theirs:?}"
                ));
            }
            let Some(mine) = mine else {
                break;
            };
            // Play our pairing (so both go on from the same tournament).
            let round = Played {
                mine: &mine,
                out: &out,
            };
            play_out(&mut players, &round, irregular, &mut rng);
        }
    }
    println!(
        "{rounds_alike} of {rounds_all} rounds paired alike ({:.1}%), over {count} tournaments of {}-{} players and {}-{} rounds{}",
        100.0 * f64::from(rounds_alike) / f64::from(rounds_all.max(1)),
        players_from,
        players_from + players_more as u32 - 1,
        rounds_from,
        rounds_from + rounds_more as u32 - 1,
        if irregular {
            ", with half-point byes, absences, late entries and forfeits"
        } else {
            ""
        }
    );
    for d in first_differences {
        println!("  {d}");
    }
    Ok(())
}

/// Plays a round with random results (with `irregular`, now and then a
/// forfeit) and records the bye and those who sat out.
fn play_out(players: &mut [Player], round: &Played, irregular: bool, rng: &mut Rng) {
    let index = |ps: &[Player], id: u32| ps.iter().position(|p| p.id.0 == id).expect("a player");
    for &(w, b) in &round.mine.0 {
        if irregular && rng.below(25) == 0 {
            let won = rng.below(2) == 0;
            let (iw, ib) = (index(players, w), index(players, b));
            players[iw].rounds.push(Entry::Forfeit {
                opponent: PlayerId(b),
                colour: Colour::White,
                won,
            });
            players[ib].rounds.push(Entry::Forfeit {
                opponent: PlayerId(w),
                colour: Colour::Black,
                won: !won,
            });
            continue;
        }
        let outcome = match rng.below(10) {
            0..=3 => Outcome::Win,
            4..=7 => Outcome::Loss,
            _ => Outcome::Draw,
        };
        play(players, PlayerId(w), PlayerId(b), outcome);
    }
    if let Some(bye) = round.mine.1 {
        let i = index(players, bye);
        players[i].rounds.push(Entry::PairingBye);
    }
    for &(i, e) in round.out {
        players[i].rounds.push(e);
    }
}
