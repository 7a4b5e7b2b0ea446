//! Swindles: from positions the solver proves lost for the side to move,
//! level 6 plays the lost side under each policy for choosing among losing
//! moves, against levels 3, 4 and 5 on the winning side; prints the share
//! of rounds it turns (wins after all), the table of the README.
//!
//! `cargo run --release -j 1 -p kamisado-engine --example swindles [N] [POLICY …]`
//!
//! N positions (200 by default) come from seeded random play from the start
//! of a standard round (4 to 20 plies), kept when the side to move has at
//! least two legal moves and the solver proves it lost within 200 000 nodes
//! from an empty table, its longest defence at least 4 plies (so that some
//! move does not lose at once). POLICY is `longest`, `fewest`,
//! `longest-fewest`, `share`, `fewest-beyond-N` or `trap-N` (those of
//! `LostPolicy::MEASURED` by default).
//!
//! `… --example swindles time [POLICY …]` times level 6's choice under
//! each policy after each first move of a round that loses for Black
//! (White, to move, is lost), from an empty table: the longest proofs.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::random::SplitMix64;
use kamisado_core::{Match, MatchState, Move, Position, Side};
use kamisado_engine::{Engine, LostPolicy, Value, selfplay};

/// Seed of the positions and of the opponents' choices.
const SEED: u64 = 15;
/// Nodes the solver may spend proving a sampled position lost.
const SAMPLE_NODES: u64 = 200_000;
/// The shortest longest defence a sampled position may have, in plies.
const MIN_LOSS: u32 = 4;
/// Random plies from the start: from `FIRST_PLY` to `FIRST_PLY + PLY_SPAN - 1`.
const FIRST_PLY: u64 = 4;
const PLY_SPAN: u64 = 17;
/// The levels that play the winning side.
const OPPONENTS: [u8; 3] = [3, 4, 5];
/// The level that plays the lost side.
const SWINDLER: u8 = 6;

/// Chooses moves, remembering each choice: every choice starts from an
/// empty table, so it depends on the position, level, policy and seed only.
struct Player {
    engine: Engine,
    chosen: HashMap<(Position, u8, LostPolicy, u64), Move>,
    /// Seconds of each level-6 choice made in a sampled position.
    first_choices: Vec<f64>,
}

impl Player {
    fn choose(&mut self, m: &Match, level: u8, policy: LostPolicy, seed: u64) -> Move {
        let key = (*m.position(), level, policy, seed);
        if let Some(&mv) = self.chosen.get(&key) {
            return mv;
        }
        self.engine.set_lost_policy(policy);
        let mv = self
            .engine
            .choose_move(m, level, seed)
            .expect("a round in progress has a move");
        self.chosen.insert(key, mv);
        mv
    }

    /// Plays the round from `pos`: its side to move is level 6 under
    /// `policy`, the other `opponent`. Whether the lost side won.
    fn turned(&mut self, pos: &Position, policy: LostPolicy, opponent: u8, seed: u64) -> bool {
        let lost_side = pos.side_to_move();
        let mut m = Match::from_setup(&pos.to_setup(), pos.rules()).expect("a valid position");
        let clock = Instant::now();
        let fresh = !self.chosen.contains_key(&(*pos, SWINDLER, policy, 0));
        self.choose(&m, SWINDLER, policy, 0);
        if fresh {
            self.first_choices.push(clock.elapsed().as_secs_f64());
        }
        while m.state() == MatchState::Playing {
            let mover = m.position().side_to_move();
            let mv = if mover == lost_side {
                self.choose(&m, SWINDLER, policy, 0)
            } else {
                // Policies touch level 6 only: the opponent's choice is shared.
                self.choose(&m, opponent, LostPolicy::LongestLoss, seed)
            };
            m.play(mv).expect("the engine plays legal moves");
        }
        let winner: Side = match m.state() {
            MatchState::AwaitingFill { winner } | MatchState::Over { winner } => winner,
            MatchState::Playing => unreachable!("played until the round ended"),
        };
        winner == lost_side
    }
}

/// `count` distinct positions proven lost for the side to move (above).
fn lost_positions(count: usize, seed: u64) -> Vec<(Position, u32)> {
    let mut rng = SplitMix64::new(seed);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let mut found: Vec<(Position, u32)> = Vec::with_capacity(count);
    while found.len() < count {
        let plies = FIRST_PLY + rng.below(PLY_SPAN);
        let pos = selfplay::random_walk(&Position::start(), plies as usize, &mut rng);
        if pos.is_over() || pos.legal_moves().len() < 2 || found.iter().any(|f| f.0 == pos) {
            continue;
        }
        engine.clear();
        if let Some(result) = engine.solve_nodes(&pos, SAMPLE_NODES, &stop)
            && let Value::Loss(n) = result.value
            && n >= MIN_LOSS
        {
            found.push((pos, n));
        }
    }
    found
}

/// Times level 6's choice under each named policy (all measured ones
/// when none is named) in the positions after the first moves of a round
/// that lose for Black (so White, to move, is lost), from an empty table.
fn time_choices(policies: &[LostPolicy]) {
    let stop = AtomicBool::new(false);
    let start = Position::start();
    for &mv in &start.legal_moves() {
        let pos = start.play_unchecked(mv);
        let mut engine = Engine::new(16);
        let lost = engine
            .solve_nodes(&pos, kamisado_engine::level(SWINDLER).solve_nodes, &stop)
            .is_some_and(|r| matches!(r.value, Value::Loss(_)));
        if !lost {
            continue;
        }
        let m = Match::from_setup(&pos.to_setup(), pos.rules()).expect("a valid position");
        for &policy in policies {
            let mut engine = Engine::new(16);
            engine.set_lost_policy(policy);
            let clock = Instant::now();
            let reply = engine.choose_move(&m, SWINDLER, 0).expect("a move");
            let seconds = clock.elapsed().as_secs_f64();
            println!("after {mv}, {policy}: {reply} in {seconds:.2} s");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let named: Vec<LostPolicy> = LostPolicy::MEASURED
        .into_iter()
        .filter(|p| args.iter().any(|a| *a == p.to_string()))
        .collect();
    let policies = if named.is_empty() {
        LostPolicy::MEASURED.to_vec()
    } else {
        named
    };
    if args.first().is_some_and(|a| a == "time") {
        time_choices(&policies);
        return;
    }
    let count = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let clock = Instant::now();
    let positions = lost_positions(count, SEED);
    let mut lengths: Vec<u32> = positions.iter().map(|p| p.1).collect();
    lengths.sort_unstable();
    println!(
        "{} positions proven lost for the side to move in {:.1} s; longest defence \
         {}–{} plies, median {}",
        positions.len(),
        clock.elapsed().as_secs_f64(),
        lengths[0],
        lengths[lengths.len() - 1],
        lengths[lengths.len() / 2]
    );
    let mut player = Player {
        engine: Engine::new(16),
        chosen: HashMap::new(),
        first_choices: Vec::new(),
    };
    println!();
    print!("| level 6 among losing moves |");
    for level in OPPONENTS {
        print!(" vs level {level} |");
    }
    println!(" level 6's first move: median, most (s) | seconds |");
    println!("|---|{}---|---|", "---|".repeat(OPPONENTS.len()));
    for policy in policies {
        let clock = Instant::now();
        print!("| {policy} |");
        for level in OPPONENTS {
            let mut turned = 0;
            for (i, (pos, _)) in positions.iter().enumerate() {
                let seed = SEED.wrapping_add(i as u64);
                turned += u32::from(player.turned(pos, policy, level, seed));
            }
            let share = 100.0 * f64::from(turned) / positions.len() as f64;
            print!(" {turned} ({share:.1}%) |");
        }
        let times = &mut player.first_choices;
        times.sort_by(f64::total_cmp);
        let (median, most) = (times[times.len() / 2], times[times.len() - 1]);
        times.clear();
        println!(
            " {median:.2}, {most:.2} | {:.0} |",
            clock.elapsed().as_secs_f64()
        );
    }
}
