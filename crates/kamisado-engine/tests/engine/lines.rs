//! A solved line is a whole round of best play: as long as the value says,
//! legal move by move, and won by the side the value names.

use std::sync::atomic::AtomicBool;

use kamisado_core::Position;
use kamisado_core::random::SplitMix64;
use kamisado_engine::{Engine, Value};

fn check_line(engine: &mut Engine, start: &Position) {
    let stop = AtomicBool::new(false);
    let result = engine.solve(start, &stop).expect("not stopped");
    let plies = match result.value {
        Value::Win(n) | Value::Loss(n) => n as usize,
        Value::Score(_) => panic!("{start}: the solver gave a score"),
    };
    assert_eq!(result.line.len(), plies, "{start}: {:?}", result.line);
    let mut p = *start;
    for &mv in &result.line {
        p = p.play(mv).unwrap_or_else(|e| panic!("{start}: {e}"));
    }
    let outcome = p.outcome().expect("the line ends the round");
    let winner_is_mover = outcome.winner == start.side_to_move();
    assert_eq!(
        winner_is_mover,
        matches!(result.value, Value::Win(_)),
        "{start}"
    );
}

#[test]
fn the_start_is_solved_with_a_line_to_the_end_of_the_round() {
    check_line(&mut Engine::new(64), &Position::start());
}

#[test]
fn solved_lines_reach_the_end_of_the_round_from_random_positions() {
    let mut engine = Engine::new(16);
    let mut rng = SplitMix64::new(17);
    let mut checked = 0;
    while checked < 40 {
        let mut p = Position::start();
        for _ in 0..4 + rng.below(6) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play_unchecked(*rng.pick(&moves));
        }
        if p.is_over() {
            continue;
        }
        check_line(&mut engine, &p);
        checked += 1;
    }
}
