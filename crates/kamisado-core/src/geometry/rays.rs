//! Directions and the squares along them: the forward directions of R3, the
//! compass of zvezda, and rays, king distances and ranks ahead looked up in
//! the boards' tables.

use super::{Bits, Board};
use crate::{Side, Square};

/// The three forward directions of R3, as (file step, rank step) for Black;
/// White's are the same turned 180°. Index 1 is straight ahead.
pub const DIRECTIONS: [(i32, i32); 3] = [(-1, 1), (0, 1), (1, 1)];

/// Index of the straight-ahead direction in [`DIRECTIONS`].
pub const STRAIGHT: usize = 1;

/// The (file, rank) step of a direction for a side.
pub const fn step(side: Side, direction: usize) -> (i32, i32) {
    let (df, dr) = DIRECTIONS[direction];
    match side {
        Side::Black => (df, dr),
        Side::White => (-df, -dr),
    }
}

/// The squares a tower of `side` on `from` would cross moving in `direction`
/// on an empty board, nearest first in index order for Black and last for White.
#[inline]
pub fn ray_bits<B: Board>(side: Side, direction: usize, from: Square<B>) -> B::Bits {
    // DIRECTIONS are the compass turns 7, 0 and 1 (forward-left, forward, forward-right).
    compass_ray_bits(compass_for(side, (direction + 7) % 8), from)
}

/// The squares a tower of `side` on `from` may step to over the board
/// `occupied`, moving up to `reach` squares (R3): forward or diagonally
/// forward, up to the first tower in the way.
#[inline(always)]
pub fn forward_targets<B: Board>(
    side: Side,
    from: Square<B>,
    occupied: B::Bits,
    reach: i32,
) -> B::Bits {
    let mut targets = B::Bits::ZERO;
    for direction in 0..DIRECTIONS.len() {
        let ray = ray_bits(side, direction, from);
        let blockers = ray & occupied;
        targets |= if blockers.is_empty() {
            ray
        } else {
            match side {
                // Black's rays run up the indices: keep what lies below the first blocker.
                Side::Black => ray & blockers.below_lowest(),
                // White's run down: keep what lies above the highest blocker.
                Side::White => ray & blockers.above_highest(),
            }
        };
    }
    targets & ranks_ahead::<B>(side, from.rank(), reach)
}

/// The eight compass directions as (file step, rank step), from Black's side:
/// north (towards the last rank) first, then clockwise.
pub const COMPASS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The squares from `from` to the edge in a compass direction, on an empty board.
#[inline]
pub fn compass_ray_bits<B: Board>(direction: usize, from: Square<B>) -> B::Bits {
    B::compass_ray(direction, from.index())
}

/// Whether a compass direction runs towards higher square indices.
#[inline]
pub const fn runs_up(direction: usize) -> bool {
    let (df, dr) = COMPASS[direction];
    dr > 0 || (dr == 0 && df > 0)
}

/// The compass direction a side calls forward, turned by `turn` eighths
/// clockwise (0 forward, 2 right, 4 back, 6 left, as that player sees the board).
pub const fn compass_for(side: Side, turn: usize) -> usize {
    match side {
        Side::Black => turn % 8,
        Side::White => (turn + 4) % 8,
    }
}

/// The squares at most `distance` king steps from `from` (the edge or more: the whole board).
#[inline]
pub fn within<B: Board>(from: Square<B>, distance: i32) -> B::Bits {
    if distance >= B::SIZE as i32 - 1 {
        B::Bits::MAX
    } else {
        B::within_table(from.index(), distance.max(0) as usize)
    }
}

/// The ranks at most `distance` ranks ahead of `rank` for `side`, as a bitboard.
#[inline]
pub fn ranks_ahead<B: Board>(side: Side, rank: i32, distance: i32) -> B::Bits {
    let d = distance.clamp(0, B::SIZE as i32 - 1) as usize;
    B::ranks_ahead_table(side, rank as usize, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Eight, Six, Ten};

    fn sq<B: Board>(file: i32, rank: i32) -> Square<B> {
        Square::at(file, rank).unwrap()
    }

    #[test]
    fn rays_run_forward() {
        let d1 = sq::<Eight>(3, 0);
        assert_eq!(ray_bits(Side::Black, STRAIGHT, d1).count_ones(), 7);
        assert_eq!(ray_bits(Side::White, STRAIGHT, d1), 0);
        assert_eq!(ray_bits(Side::Black, 0, d1).count_ones(), 3);
        assert_eq!(ray_bits(Side::Black, 2, d1).count_ones(), 4);
        assert_eq!(ranks_ahead::<Eight>(Side::Black, 0, 5), 0xFFFF_FFFF_FF00);
        assert_eq!(ranks_ahead::<Eight>(Side::White, 7, 1), Eight::rank_bits(6));
        let e1 = sq::<Ten>(4, 0);
        assert_eq!(ray_bits(Side::Black, STRAIGHT, e1).count_ones(), 9);
        assert_eq!(ray_bits(Side::Black, 2, e1).count_ones(), 5);
        assert_eq!(Ten::all_squares().count_ones(), 100);
        assert_eq!(Six::all_squares().count_ones(), 36);
        assert_eq!(Eight::all_squares(), u64::MAX);
        assert_eq!(Ten::rotate_bits(1), 1 << 99);
        assert_eq!(Six::rotate_bits(1), 1 << 35);
    }
}
