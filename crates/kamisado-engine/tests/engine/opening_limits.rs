//! The solver under `opening-limits` (the championship's rule): the 6×6
//! start solved, the move ordering and the keys aware of a round's opening.

use crate::common;

use common::{NEVER, brute_force};
use kamisado_core::geometry::Six;
use kamisado_core::{Position, Rules, Setup, perft};
use kamisado_engine::{Engine, Value, ordered_perft, solve_first_moves_under, zobrist};

#[test]
fn the_6x6_start_under_opening_limits_is_a_win_for_black_in_13() {
    let mut engine = Engine::new(16);
    let start = Position::<Six>::start_with(Rules::CHAMPIONSHIP);
    let result = engine.solve(&start, &NEVER).unwrap();
    assert_eq!(result.value, Value::Win(13));
    // One thread counts the same nodes every run: 3 606.
    assert!(result.nodes < 5_000, "{} nodes", result.nodes);
    // Every move of the line is legal under the limits, and it ends the round.
    let mut pos = start;
    for &mv in &result.line {
        pos = pos.play(mv).unwrap();
    }
    assert_eq!(pos.outcome().map(|o| o.winner), Some(start.side_to_move()));
    assert_eq!(result.line.len(), 13);
}

#[test]
fn the_6x6_first_moves_under_opening_limits() {
    let mut engine = Engine::new(16);
    let list = solve_first_moves_under::<Six>(&mut engine, Rules::CHAMPIONSHIP, &mut |_, _| {});
    let values: Vec<String> = list
        .iter()
        .map(|a| format!("{} {}", a.mv, a.value))
        .collect();
    assert_eq!(list.len(), 16);
    assert_eq!(values[..2], ["e1-e2 win 13", "b1-b2 win 13"]);
    assert!(
        list[2..].iter().all(|a| matches!(a.value, Value::Loss(_))),
        "{values:?}"
    );
}

#[test]
fn short_results_under_opening_limits_match_brute_force() {
    // Positions of a round's second and third plies, where the limits bite.
    let mut engine = Engine::new(16);
    for text in [
        "obpygn/6/6/6/6/NGYPBO b -",
        "obpygn/6/6/6/4B1/NGYP1O w g @1",
        "ob1ygn/6/2p3/6/4B1/NGYP1O b o @2",
    ] {
        let setup: Setup<Six> = text.parse().unwrap();
        let pos = Position::<Six>::from_setup(&setup, Rules::CHAMPIONSHIP).unwrap();
        let result = engine.solve(&pos, &NEVER).unwrap();
        let plies = match result.value {
            Value::Win(n) | Value::Loss(n) => n,
            Value::Score(_) => panic!("{pos}"),
        };
        if plies <= 7 {
            assert_eq!(brute_force(&pos, 7), result.value, "{pos}");
        } else {
            assert_eq!(brute_force(&pos, 5), Value::Score(0), "{pos}");
        }
    }
}

#[test]
fn the_move_ordering_and_the_keys_know_the_opening() {
    let start = Position::start_with(Rules::CHAMPIONSHIP);
    assert_eq!(ordered_perft(&start, 5), perft(&start, 5));
    // The same towers in the second ply and past the opening are two positions.
    let text = "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o";
    let past: Position = Position::from_setup(&text.parse().unwrap(), Rules::CHAMPIONSHIP).unwrap();
    let second: Position =
        Position::from_setup(&format!("{text} @1").parse().unwrap(), Rules::CHAMPIONSHIP).unwrap();
    assert_ne!(zobrist::key(&past), zobrist::key(&second));
    let after = start.play("h1-g2".parse().unwrap()).unwrap();
    assert_eq!(after, second);
    assert_eq!(
        zobrist::key_after(&start, zobrist::key(&start), &after),
        zobrist::key(&second)
    );
}
