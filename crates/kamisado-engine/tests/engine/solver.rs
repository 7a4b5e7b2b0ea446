//! The exact solver: the start, symmetry, short wins, agreement with brute
//! force and with the heuristic search, perft through the move ordering.

use crate::common;

use common::{NEVER, brute_force, playout, solve};
use kamisado_core::geometry::{Eight, Six, Ten};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Move, Position, Rules, perft};
use kamisado_engine::{Engine, EngineBoard, Limit, Value, ordered_perft, zobrist};

#[test]
fn the_start_is_a_win_for_black_in_17() {
    let mut engine = Engine::new(64);
    let result = engine.solve(&Position::start(), &NEVER).unwrap();
    assert_eq!(result.value, Value::Win(17));
    // One thread counts the same nodes every run: 711 807 while the tests
    // for an exact distance use the horizon's results two plies on, and
    // 1 062 059 when each searched a ply deeper.
    assert!(result.nodes < 1_000_000, "{} nodes", result.nodes);
    let best = result.best.unwrap();
    assert!(Position::start().is_legal(best));
    assert_eq!(result.line.first(), Some(&best));
}

/// Plays a line and says whether it is legal and ends the round as the value says.
fn line_ends_as_valued<B: EngineBoard>(pos: &Position<B>, line: &[Move<B>], value: Value) -> bool {
    let mut current = *pos;
    for &mv in line {
        match current.play(mv) {
            Ok(next) => current = next,
            Err(_) => return false,
        }
    }
    match (value, current.outcome()) {
        (Value::Win(_), Some(o)) => o.winner == pos.side_to_move(),
        (Value::Loss(_), Some(o)) => o.winner != pos.side_to_move(),
        _ => true,
    }
}

/// Solves positions from random playouts on board `B`: a result within
/// `depth` plies must be what brute force finds, a longer one must be
/// unknown to brute force. Returns how many were short.
fn solved_values_match_brute_force<B: EngineBoard>(
    seed: u64,
    count: usize,
    depth: u32,
    min_plies: usize,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut engine = Engine::new(16);
    let mut proven_short = 0;
    let start = Position::<B>::start_with(Rules::STANDARD);
    for _ in 0..count {
        let plies = min_plies + rng.below(16) as usize;
        let Some(pos) = playout(&start, plies, &mut rng) else {
            continue;
        };
        let result = engine.solve(&pos, &NEVER).unwrap();
        let brute = brute_force(&pos, depth);
        let (Value::Win(n) | Value::Loss(n)) = result.value else {
            panic!("the solver gave {} for {pos}", result.value);
        };
        if n <= depth {
            proven_short += 1;
            assert_eq!(brute, result.value, "{pos}");
            assert!(
                line_ends_as_valued(&pos, &result.line, result.value),
                "{pos}"
            );
        } else {
            assert_eq!(brute, Value::Score(0), "{pos}: solver {}", result.value);
        }
    }
    proven_short
}

#[test]
fn solved_values_match_brute_force_on_short_results() {
    let short = solved_values_match_brute_force::<Eight>(11, 400, 5, 6);
    assert!(short > 50, "only {short} short results");
}

#[test]
fn the_other_boards_solve_and_match_brute_force() {
    let short = solved_values_match_brute_force::<Six>(66, 300, 5, 6);
    assert!(short > 50, "6x6: only {short} short results");
    // From ten plies on, where the 10×10 solver finishes quickly.
    let short = solved_values_match_brute_force::<Ten>(1010, 200, 3, 10);
    assert!(short > 5, "10x10: only {short} short results");
}

#[test]
fn the_6x6_start_is_solved() {
    let mut engine = Engine::new(16);
    let start = Position::<Six>::start_with(Rules::STANDARD);
    let result = engine.solve(&start, &NEVER).unwrap();
    assert!(result.value.is_proven(), "{}", result.value);
    assert!(line_ends_as_valued(&start, &result.line, result.value));
    // Black's best first move is worth exactly this; every other first move no more.
    for &mv in start.legal_moves().iter() {
        let value = solve(&mut engine, &start.play_unchecked(mv)).before_move(false);
        assert!(
            value <= result.value,
            "{mv}: {value} beats {}",
            result.value
        );
    }
    assert_eq!(result.value, Value::Win(11));
}

#[test]
fn ordered_perft_checks_the_keys_of_every_board() {
    let six = Position::<Six>::start_with(Rules::STANDARD);
    assert_eq!(ordered_perft(&six, 4), perft(&six, 4));
    let ten = Position::<Ten>::start_with(Rules::STANDARD);
    assert_eq!(ordered_perft(&ten, 3), perft(&ten, 3));
    for text in [
        "6/1n3o++/1p1b1G+++/g+++P1yO+1/BN+++4/1Y4 w y*",
        "6g+++3/10/3o6/1N+++5i1V++/r++1y++1CG++BR+++2/2np+2P+Y2/6O1b1/1c6I+++1/7v+2/10 b c",
    ] {
        for rules in [Rules::STANDARD, Rules::SUMO_SQUARE, Rules::ZVEZDA] {
            match kamisado_core::geometry::BoardSize::of_position(text).unwrap() {
                kamisado_core::geometry::BoardSize::Six => {
                    let p = Position::<Six>::from_setup(&text.parse().unwrap(), rules).unwrap();
                    assert_eq!(ordered_perft(&p, 4), perft(&p, 4), "{text} {rules}");
                }
                _ => {
                    let p = Position::<Ten>::from_setup(&text.parse().unwrap(), rules).unwrap();
                    assert_eq!(ordered_perft(&p, 3), perft(&p, 3), "{text} {rules}");
                }
            }
        }
    }
}

#[test]
fn mirrored_and_rotated_first_moves_have_equal_values() {
    let mut engine = Engine::new(64);
    let start = Position::start();
    // Every first move solved exactly; the mirror of a first move is another
    // first move, and the two must have the same exact value.
    let children: Vec<(Move, Position)> = start
        .legal_moves()
        .iter()
        .map(|&mv| (mv, start.play_unchecked(mv)))
        .collect();
    let values: Vec<Value> = children
        .iter()
        .map(|(_, child)| solve(&mut engine, child))
        .collect();
    for (i, (mv, child)) in children.iter().enumerate() {
        let mirror = child.mirrored().expect("the 8x8 board has a mirror");
        let j = children
            .iter()
            .position(|(_, other)| *other == mirror)
            .unwrap_or_else(|| panic!("the mirror of {mv} is a first move"));
        assert_eq!(
            values[j], values[i],
            "{mv} and its mirror {}",
            children[j].0
        );
        // The rotated position (the same game from the other chair), every
        // seventeenth move, and a fixed-depth search of it for every move.
        let rotated = child.rotated();
        engine.clear();
        let depth4 = |engine: &mut Engine, pos: &Position| {
            engine
                .search(pos, Limit::Depth(4), &NEVER, &mut |_| {})
                .value
        };
        let value = depth4(&mut engine, child);
        engine.clear();
        assert_eq!(depth4(&mut engine, &rotated), value, "{mv} rotated");
        if i % 17 == 0 {
            assert_eq!(solve(&mut engine, &rotated), values[i], "{mv} rotated");
        }
    }
    // `solve_first_moves` proves one move of each mirrored pair and gives
    // the other the same value and the mirrored line.
    let mut fresh = Engine::new(64);
    let listed = kamisado_engine::solve_first_moves::<Eight>(&mut fresh, &mut |_, _| {});
    assert_eq!(listed.len(), children.len());
    for analysis in &listed {
        let i = children
            .iter()
            .position(|(mv, _)| *mv == analysis.mv)
            .unwrap();
        assert_eq!(
            analysis.value,
            values[i].before_move(false),
            "{}",
            analysis.mv
        );
        assert!(
            line_ends_as_valued(&start, &analysis.line, analysis.value),
            "{}",
            analysis.mv
        );
    }
}

#[test]
fn solver_and_heuristic_search_agree_where_both_prove() {
    let mut rng = SplitMix64::new(5);
    let mut solver = Engine::new(16);
    let mut searcher = Engine::new(16);
    let mut agreed = 0;
    for round in 0..200 {
        let from = if round % 3 == 0 {
            sumo_start()
        } else {
            Position::start()
        };
        let plies = 8 + rng.below(12) as usize;
        let Some(pos) = playout(&from, plies, &mut rng) else {
            continue;
        };
        let exact = solve(&mut solver, &pos);
        searcher.clear();
        let heuristic = searcher
            .search(&pos, Limit::Depth(6), &NEVER, &mut |_| {})
            .value;
        if heuristic.is_proven() {
            agreed += 1;
            assert_eq!(heuristic, exact, "{pos}");
        }
    }
    assert!(agreed > 40, "only {agreed} positions proven by both");
}

/// A round between towers with dragon's teeth, so that pushes happen.
fn sumo_start() -> Position {
    "ob+v++pyr+gn+/8/8/8/8/8/8/N+GR+YP++VBO+ b -"
        .parse()
        .unwrap()
}

#[test]
fn perft_through_the_move_ordering_equals_the_rules_perft() {
    let start = Position::start();
    assert_eq!(ordered_perft(&start, 4), perft(&start, 4));
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    while checked < 6 {
        let Some(pos) = playout(&sumo_start(), 4 + rng.below(10) as usize, &mut rng) else {
            continue;
        };
        assert_eq!(ordered_perft(&pos, 4), perft(&pos, 4), "{pos}");
        checked += 1;
    }
}

#[test]
fn incremental_keys_equal_keys_from_scratch() {
    let mut rng = SplitMix64::new(9);
    for game in 0..200 {
        let mut pos = if game % 2 == 0 {
            sumo_start()
        } else {
            Position::start()
        };
        let mut key = zobrist::key(&pos);
        while !pos.is_over() {
            let moves = pos.legal_moves();
            let next = pos.play_unchecked(*rng.pick(&moves));
            key = zobrist::key_after(&pos, key, &next);
            assert_eq!(key, zobrist::key(&next), "{next}");
            pos = next;
        }
    }
    let rotated = Position::start().rotated();
    assert_ne!(zobrist::key(&rotated), zobrist::key(&Position::start()));
}

#[test]
fn solve_reporting_tells_each_open_horizon_of_the_6x6_start() {
    let mut engine = Engine::new(16);
    let mut horizons = Vec::new();
    let start = Position::<Six>::start_with(Rules::STANDARD);
    let result = engine
        .solve_reporting(&start, &NEVER, &mut |h| horizons.push(*h))
        .unwrap();
    assert_eq!(result.value, Value::Win(11));
    // The even depths 2, 4, … in turn (the solver deepens by two), each open
    // two plies past its depth (no tower can push), with the nodes growing;
    // the last open horizon is shorter than the win.
    let depths: Vec<u32> = horizons.iter().map(|h| h.depth).collect();
    assert_eq!(
        depths,
        (1..=depths.len() as u32).map(|d| 2 * d).collect::<Vec<_>>()
    );
    assert!(horizons.iter().all(|h| h.open_plies == h.depth + 2));
    assert!(horizons.windows(2).all(|w| w[0].nodes < w[1].nodes));
    assert!(horizons.last().unwrap().open_plies < 11);
    assert!(horizons.iter().all(|h| h.table_filled <= 1000));
    // The same solve as without the reports.
    engine.clear();
    let plain = engine.solve(&start, &NEVER).unwrap();
    assert_eq!((plain.value, plain.nodes), (result.value, result.nodes));
}

#[test]
fn a_stopped_solve_reports_no_result() {
    let mut engine = Engine::new(16);
    let stop = std::sync::atomic::AtomicBool::new(true);
    let ten = Position::<Ten>::start_with(Rules::STANDARD);
    assert!(engine.solve_reporting(&ten, &stop, &mut |_| {}).is_none());
}

#[test]
fn proofs_of_who_wins_agree_with_exact_values() {
    let mut rng = SplitMix64::new(31);
    let (mut prover, mut solver) = (Engine::new(16), Engine::new(16));
    let start = Position::start();
    let mut wins = 0;
    for i in 0..200 {
        let Some(pos) = playout(&start, 2 + rng.below(14) as usize, &mut rng) else {
            continue;
        };
        prover.set_threads(1 + i % 2);
        let proof = prover.prove(&pos, &NEVER).unwrap();
        let exact = solve(&mut solver, &pos);
        match exact {
            Value::Win(n) => {
                assert!(proof.wins && proof.within >= n, "{pos}: {proof:?}, {exact}");
                let best = proof.best.expect("a winning move");
                let after = pos.play(best).unwrap();
                let same_side = after.side_to_move() == pos.side_to_move();
                let value = solve(&mut solver, &after).before_move(same_side);
                assert!(
                    matches!(value, Value::Win(_)),
                    "{pos}: {best} gives {value}"
                );
                wins += 1;
            }
            Value::Loss(n) => {
                assert!(
                    !proof.wins && proof.within >= n,
                    "{pos}: {proof:?}, {exact}"
                );
                assert_eq!(proof.best, None);
            }
            Value::Score(_) => unreachable!("solve is exact"),
        }
    }
    assert!(wins > 30, "only {wins} wins");
    let start_proof = prover.prove(&start, &NEVER).unwrap();
    assert!(start_proof.wins && start_proof.within >= 17);
}
