//! Helpers shared by the engine's tests.
#![allow(dead_code)]

use std::sync::atomic::AtomicBool;

use kamisado_core::Position;
use kamisado_core::random::SplitMix64;
use kamisado_engine::{Engine, EngineBoard, Value};

/// A flag nobody sets.
pub static NEVER: AtomicBool = AtomicBool::new(false);

/// The exact value of a position.
pub fn solve<B: EngineBoard>(engine: &mut Engine, pos: &Position<B>) -> Value {
    engine.solve(pos, &NEVER).expect("never stopped").value
}

/// The position after `plies` random moves from `from`, or `None` if the round ended.
pub fn playout<B: EngineBoard>(
    from: &Position<B>,
    plies: usize,
    rng: &mut SplitMix64,
) -> Option<Position<B>> {
    let pos = kamisado_engine::selfplay::random_walk(from, plies, rng);
    (!pos.is_over()).then_some(pos)
}

/// The value a brute-force minimax sees within `depth` plies (unknown is `cp 0`).
pub fn brute_force<B: EngineBoard>(pos: &Position<B>, depth: u32) -> Value {
    if let Some(outcome) = pos.outcome() {
        return if outcome.winner == pos.side_to_move() {
            Value::Win(0)
        } else {
            Value::Loss(0)
        };
    }
    if depth == 0 {
        return Value::Score(0);
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let child = pos.play_unchecked(mv);
            let same_side = child.side_to_move() == pos.side_to_move();
            brute_force(&child, depth - 1).before_move(same_side)
        })
        .max()
        .expect("a position that is not over has a move")
}
