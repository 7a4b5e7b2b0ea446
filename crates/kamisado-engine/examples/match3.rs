//! How far the match to 3 is solved: each round of one line of play solved
//! exactly in points, and how the second round depends on the first round's
//! ending.
//!
//! `cargo run --release -p kamisado-engine --example match3 [ENDINGS] [SEED]`
//!
//! 1. The match along solved rounds: from the start of a match to 3, each
//!    round is solved in points (`Engine::solve_match_nodes`) and played
//!    along its line; between rounds the winner takes the fill after which
//!    the next round is worst, in points, for its starter. This is one line
//!    of the match, not a proof: the loser of a round may end it elsewhere.
//! 2. Round-one endings: `ENDINGS` (default 12) first rounds in which Black
//!    keeps a proven win with a random winning move and White defends with
//!    random moves; for each ending, the second round's value in points for
//!    White (who starts it) after each fill.
//!
//! `NODES` sets each solve's budget (default 20 000 000), `HASH_MB` the
//! table (default 256).

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::random::SplitMix64;
use kamisado_core::{Fill, Match, MatchState, Rules};
use kamisado_engine::{Engine, MatchValue};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let endings = args.first().copied().unwrap_or(12) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let nodes = env("NODES", 20_000_000);
    let mut engine = Engine::new(env("HASH_MB", 256) as usize);
    let clock = Instant::now();
    along_solved_rounds(&mut engine, nodes);
    round_one_endings(&mut engine, nodes, endings, seed);
    println!("total {:.1} s", clock.elapsed().as_secs_f64());
}

/// The value of the round about to start in `m` for its starter, or `None`
/// if not proven within `nodes`.
fn next_round(engine: &mut Engine, m: &Match, fill: Fill, nodes: u64) -> Option<MatchValue> {
    let mut next = m.clone();
    next.fill(fill).ok()?;
    let stop = AtomicBool::new(false);
    engine.clear();
    engine
        .solve_match_nodes(&next, nodes, &stop)
        .map(|s| s.value)
}

fn along_solved_rounds(engine: &mut Engine, nodes: u64) {
    println!("## The match to 3 along solved rounds");
    let stop = AtomicBool::new(false);
    let mut m: Match = Match::new(Rules::STANDARD, 3).expect("3 is a target");
    loop {
        match m.state() {
            MatchState::Playing => {
                let clock = Instant::now();
                engine.clear();
                let Some(solution) = engine.solve_match_nodes(&m, nodes, &stop) else {
                    println!(
                        "round {} from {}: {} to move, not proven in points within {nodes} nodes ({:.1} s)",
                        m.round(),
                        m.position(),
                        m.position().side_to_move().name(),
                        clock.elapsed().as_secs_f64()
                    );
                    // Who wins the round, whatever the points.
                    let clock = Instant::now();
                    engine.clear();
                    match engine.solve_nodes(m.position(), nodes, &stop) {
                        Some(round) => println!(
                            "  the round alone: {} for the side to move, {} nodes, {:.1} s; line {}",
                            round.value,
                            round.nodes,
                            clock.elapsed().as_secs_f64(),
                            round
                                .line
                                .iter()
                                .map(|mv| mv.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                        None => println!("  the round alone: not proven within {nodes} nodes"),
                    }
                    return;
                };
                println!(
                    "round {} from {}: {} {} for the side to move ({}), {} nodes, {:.1} s",
                    m.round(),
                    m.position(),
                    solution.value,
                    solution.round,
                    m.position().side_to_move().name(),
                    solution.nodes,
                    clock.elapsed().as_secs_f64()
                );
                let line: Vec<String> = solution.line.iter().map(|mv| mv.to_string()).collect();
                println!("  line {}", line.join(" "));
                for mv in solution.line {
                    m.play(mv).expect("the solver's line is legal");
                }
                if let Some(end) = m.last_round() {
                    println!(
                        "  {} wins with {} for {} point(s); score {}",
                        end.winner.name(),
                        tower(end.tower),
                        end.points,
                        m.score()
                    );
                }
            }
            MatchState::AwaitingFill { winner } => {
                let values: Vec<(Fill, Option<MatchValue>)> = Fill::BOTH
                    .into_iter()
                    .map(|fill| (fill, next_round(engine, &m, fill, nodes)))
                    .collect();
                for (fill, value) in &values {
                    let shown = value.map_or("not proven".to_string(), |v| v.to_string());
                    println!("  fill {fill:?}: the next round is {shown} for its starter");
                }
                // The winner fills so that the starter, its opponent, fares worst.
                let fill = values
                    .iter()
                    .filter_map(|&(fill, value)| Some((value?, fill)))
                    .min_by_key(|&(value, _)| value)
                    .map_or(Fill::Left, |(_, fill)| fill);
                println!("  {} fills {fill:?}", winner.name());
                m.fill(fill).expect("awaiting a fill");
            }
            MatchState::Over { winner } => {
                println!("the match ends: {} wins {}", winner.name(), m.score());
                return;
            }
        }
    }
}

fn round_one_endings(engine: &mut Engine, nodes: u64, count: usize, seed: u64) {
    println!("## Round-one endings: the second round for White, who starts it");
    let stop = AtomicBool::new(false);
    let mut rng = SplitMix64::new(seed);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..count {
        let mut m: Match = Match::new(Rules::STANDARD, 3).expect("3 is a target");
        let mut plies = 0;
        while m.state() == MatchState::Playing {
            let pos = *m.position();
            let moves = pos.legal_moves();
            let mv = if pos.side_to_move() == kamisado_core::Side::Black {
                // A random move among those that keep Black's proven win.
                let winning: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| {
                        let after = pos.play_unchecked(mv);
                        let same = after.side_to_move() == pos.side_to_move();
                        engine.prove(&after, &stop).is_some_and(|p| p.wins == same)
                    })
                    .collect();
                *rng.pick(&winning)
            } else {
                *rng.pick(&moves)
            };
            m.play(mv).expect("legal");
            plies += 1;
        }
        let end = m.last_round().expect("the round ended");
        let values: Vec<String> = Fill::BOTH
            .into_iter()
            .map(|fill| {
                next_round(engine, &m, fill, nodes)
                    .map_or("not proven".to_string(), |v| v.to_string())
            })
            .collect();
        println!(
            "ending {i}: {plies} plies, {} scores with {}; round 2 for White: left {}, right {}",
            end.winner.name(),
            tower(end.tower),
            values[0],
            values[1]
        );
        *tally
            .entry(format!("left {} / right {}", values[0], values[1]))
            .or_default() += 1;
    }
    for (values, n) in tally {
        println!("{n:>3} endings: {values}");
    }
}

fn tower(colour: Option<kamisado_core::Colour>) -> String {
    colour.map_or("no tower".to_string(), |c| format!("{c:?}").to_lowercase())
}
