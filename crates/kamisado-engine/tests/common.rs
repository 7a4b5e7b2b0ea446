//! Helpers shared by the engine's tests.
#![allow(dead_code)]

use std::sync::atomic::AtomicBool;

use kamisado_core::random::SplitMix64;
use kamisado_core::{Colour, Position, Square};
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
    let mut pos = *from;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos = pos.play_unchecked(*rng.pick(&moves));
    }
    (!pos.is_over()).then_some(pos)
}

/// The colour that a square's mirror image (files a↔h) has: the board maps
/// onto itself under this swap (brown↔orange, green↔blue, red↔purple, yellow↔pink).
pub fn mirror_colour(colour: Colour) -> Colour {
    use Colour::*;
    match colour {
        Brown => Orange,
        Orange => Brown,
        Green => Blue,
        Blue => Green,
        Red => Purple,
        Purple => Red,
        Yellow => Pink,
        Pink => Yellow,
        Ivory | Charcoal => unreachable!("not a colour of the standard board"),
    }
}

/// A square's mirror image, files a↔h.
pub fn mirror_square(sq: Square) -> Square {
    Square::at(7 - sq.file(), sq.rank()).expect("on the board")
}

/// The position mirrored left to right with the colours swapped to match.
pub fn mirrored(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    let mut board = vec![None; 64];
    for (i, tower) in setup.board.iter().enumerate() {
        if let Some(mut tower) = *tower {
            tower.colour = mirror_colour(tower.colour);
            board[mirror_square(Square::new(i as u8).unwrap()).index()] = Some(tower);
        }
    }
    setup.board = board;
    setup.forced = setup.forced.map(mirror_colour);
    Position::from_setup(&setup, pos.rules()).expect("a mirrored position is valid")
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
