//! Perft: counting the leaves of the game tree, the move generator's checksum.

use crate::geometry::Board;
use crate::{Move, MoveList, Position};

/// The number of leaves `depth` plies below `position` (NOTATION.md): every
/// legal move, a pass included, is a ply; a finished round has no children.
///
/// ```
/// use kamisado_core::{perft, Position};
/// assert_eq!(perft(&Position::start(), 2), 1150);
/// ```
pub fn perft<B: Board>(position: &Position<B>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves_into(&mut moves);
            moves
                .iter()
                .map(|&mv| perft(&position.play_unchecked(mv), depth - 1))
                .sum()
        }
    }
}

/// Perft split by first move: each legal move with the leaves below it.
pub fn divide<B: Board>(position: &Position<B>, depth: u32) -> Vec<(Move<B>, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let below = match depth {
                0 | 1 => 1,
                _ => perft(&position.play_unchecked(mv), depth - 1),
            };
            (mv, below)
        })
        .collect()
}
