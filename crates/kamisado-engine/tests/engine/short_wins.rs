//! Positions with short forced results, checked move by move.

use crate::common;

use common::{NEVER, solve};
use kamisado_core::Position;
use kamisado_engine::{Engine, Limit, Value};

/// Position, its value, how many moves win, and a winning move.
const CASES: [(&str, Value, usize, Option<&str>); 5] = [
    // Black's forced yellow tower on d1 runs up the open d-file.
    (
        "ob3rgn/8/8/p6y/2v3P1/8/2G5/N1RY1VBO b y",
        Value::Win(1),
        1,
        Some("d1-d8"),
    ),
    (
        "1bv1y2n/1Gp5/P7/6R1/o7/8/3rY1gO/N4VB1 b b",
        Value::Win(3),
        2,
        None,
    ),
    // The pink tower's two moves both hand White a tower with an open path.
    (
        "obv1yr2/8/Pp6/4N3/7n/6gV/8/1GRY2BO b p",
        Value::Loss(2),
        0,
        None,
    ),
    (
        "4yrg1/8/1b6/6p1/o5v1/7n/GR1Y1PO1/N4VB1 b v",
        Value::Loss(4),
        0,
        None,
    ),
    (
        "o1v2r2/3y1Vg1/1G6/N3b1pn/3B4/8/4Y3/2R1P2O b r",
        Value::Win(5),
        7,
        None,
    ),
];

#[test]
fn short_results_have_the_right_distance_and_only_wins_are_called_wins() {
    let mut engine = Engine::new(16);
    for (text, value, winning, winner) in CASES {
        let pos: Position = text.parse().unwrap();
        let result = engine.solve(&pos, &NEVER).unwrap();
        assert_eq!(result.value, value, "{text}");
        let analyses = engine.analyse(&pos, Limit::Infinite, &NEVER);
        assert_eq!(analyses.len(), pos.legal_moves().len());
        assert_eq!(analyses[0].value, value, "{text}: best move");
        let wins: Vec<_> = analyses
            .iter()
            .filter(|a| matches!(a.value, Value::Win(_)))
            .collect();
        assert_eq!(wins.len(), winning, "{text}");
        if let Some(mv) = winner {
            assert_eq!(wins[0].mv.to_string(), mv);
        }
        // Every move's value agrees with the solver's value of the position it leads to.
        for a in &analyses {
            let child = pos.play(a.mv).unwrap();
            let same_side = child.side_to_move() == pos.side_to_move();
            assert_eq!(
                solve(&mut engine, &child).before_move(same_side),
                a.value,
                "{text} {}",
                a.mv
            );
            assert_eq!(a.line.first(), Some(&a.mv));
        }
    }
}

#[test]
fn the_heuristic_search_finds_short_results_as_proven() {
    let mut engine = Engine::new(16);
    for (text, value, _, _) in CASES {
        let pos: Position = text.parse().unwrap();
        engine.clear();
        let result = engine.search(&pos, Limit::Depth(4), &NEVER, &mut |_| {});
        assert_eq!(result.value, value, "{text}");
        assert!(pos.is_legal(result.best.unwrap()));
    }
}

#[test]
fn values_print_as_the_protocol_expects() {
    assert_eq!(Value::Win(7).to_string(), "win 7");
    assert_eq!(Value::Loss(4).to_string(), "loss 4");
    assert_eq!(Value::Score(35).to_string(), "cp 35");
    assert!(Value::Win(3) > Value::Win(5));
    assert!(Value::Win(99) > Value::Score(1000));
    assert!(Value::Loss(9) > Value::Loss(2));
    assert!(Value::Score(-1000) > Value::Loss(99));
}
