//! Level 6 in a lost round: among the longest defences, the one that
//! leaves the opponent the fewest replies that keep their win.

use std::sync::atomic::AtomicBool;

use kamisado_core::{Match, Position};
use kamisado_engine::{Engine, LostPolicy, Value};

/// White, to move with the blue tower on h8, is proven lost (found by
/// seeded random play from the start). h8-h5 and h8-h7 both hold out for
/// 14 plies; after h8-h5 one of Black's replies keeps the win, after
/// h8-h7 four.
const LOST: &str = "ob1p1r1n/5yg1/8/5G2/N1vY2B1/8/8/2R1PV1O w n";

fn level_6(pos: &Position, policy: LostPolicy) -> String {
    let m = Match::from_setup(&pos.to_setup(), pos.rules()).unwrap();
    let mut engine = Engine::new(16);
    engine.set_lost_policy(policy);
    engine.choose_move(&m, 6, 0).unwrap().to_string()
}

#[test]
fn level_6_plays_the_longest_defence_with_the_fewest_winning_replies() {
    let pos: Position = LOST.parse().unwrap();
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    assert_eq!(
        engine.solve_nodes(&pos, 2_000_000, &stop).unwrap().value,
        Value::Loss(14)
    );
    assert_eq!(Engine::new(1).lost_policy(), LostPolicy::LongestThenFewest);
    let moves = engine.lost_moves(&pos, 200_000, &stop);
    let of = |text: &str| moves.iter().find(|m| m.mv.to_string() == text).unwrap();
    let (chosen, longest) = (of("h8-h5"), of("h8-h7"));
    assert_eq!((chosen.value, chosen.winning), (Value::Loss(14), 1));
    assert_eq!((longest.value, longest.winning), (Value::Loss(14), 4));
    assert!(moves.iter().all(|m| m.value <= Value::Loss(14)));
    // The default policy plays it; the longest defence alone took h8-h7.
    assert_eq!(level_6(&pos, LostPolicy::default()), "h8-h5");
    assert_eq!(level_6(&pos, LostPolicy::FewestWinningReplies), "h8-h5");
    assert_eq!(level_6(&pos, LostPolicy::LongestLoss), "h8-h7");
}

#[test]
fn counts_are_the_same_from_an_empty_table() {
    let pos: Position = LOST.parse().unwrap();
    let stop = AtomicBool::new(false);
    let first = Engine::new(16).lost_moves(&pos, 100_000, &stop);
    let mut engine = Engine::new(16);
    engine.lost_moves(&pos, 100_000, &stop);
    engine.clear();
    assert_eq!(engine.lost_moves(&pos, 100_000, &stop), first);
    for m in first.iter().filter(|m| m.replies > 0) {
        assert!(m.winning + m.turning <= m.replies, "{m:?}");
    }
}
