//! The [`Board`] trait: what every board provides (its size, colours, layout
//! and tables) and what follows from them, such as home rows and the colour of
//! a square.

use std::fmt::Debug;
use std::hash::Hash;

use super::{Bits, BoardSize};
use crate::{Colour, Side, Square};

/// One board: its size, colours, layout and precomputed rays.
///
/// The three implementations are [`Six`](super::Six), [`Eight`](super::Eight)
/// and [`Ten`](super::Ten); the trait is sealed in practice, since the rest of
/// the library relies on their tables.
pub trait Board:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + PartialOrd + Ord + Send + Sync + 'static
{
    /// A set of squares of this board.
    type Bits: Bits;
    /// One byte per colour of this board, in slot order.
    type Row: Copy + Eq + Hash + Debug + Default + AsRef<[u8]> + AsMut<[u8]> + Send + Sync;
    /// Storage for a move list of this board.
    type Store<T: Copy>: Copy;
    /// The size as a value.
    const KIND: BoardSize;
    /// Squares along one edge.
    const SIZE: usize;
    /// The colours of this board, in slot order (see [`Board::slot`]).
    const COLOURS: &'static [Colour];
    /// The most moves a position of this board can have.
    const MAX_MOVES: usize;

    /// The slot of a colour of this board: its index in [`Board::COLOURS`].
    /// A colour that is not on this board gives a slot out of range.
    fn slot(colour: Colour) -> usize;
    /// The colour of the square with this index.
    fn colour_at(index: usize) -> Colour;
    /// The squares from square `index` to the edge in a compass direction.
    fn compass_ray(direction: usize, index: usize) -> Self::Bits;
    /// The squares at most `distance` king steps from square `index`
    /// (`distance` below `SIZE - 1`).
    fn within_table(index: usize, distance: usize) -> Self::Bits;
    /// The ranks 1 to `distance` ranks ahead of `rank` for `side` (`distance` below `SIZE`).
    fn ranks_ahead_table(side: Side, rank: usize, distance: usize) -> Self::Bits;
    /// The squares of one colour, as a bitboard (empty for a colour not on this board).
    fn colour_squares(colour: Colour) -> Self::Bits;
    /// A row with byte `slot` replaced, computed in registers: writing one
    /// byte of a position that is copied right after stalls the copy.
    fn with_slot(row: Self::Row, slot: usize, value: u8) -> Self::Row;

    /// Squares on the board.
    const SQUARES: usize = Self::SIZE * Self::SIZE;

    /// Whether a colour is one of this board's.
    #[inline]
    fn has_colour(colour: Colour) -> bool {
        Self::slot(colour) < Self::COLOURS.len()
    }

    /// All squares of one rank (0-based), as a bitboard.
    #[inline]
    fn rank_bits(rank: i32) -> Self::Bits {
        let one_rank = !(Self::Bits::MAX << Self::SIZE as u32);
        one_rank << (rank as u32 * Self::SIZE as u32)
    }

    /// The rank (0-based) of a side's home row: 0 for Black, the last for White.
    #[inline]
    fn home_rank(side: Side) -> i32 {
        match side {
            Side::Black => 0,
            Side::White => Self::SIZE as i32 - 1,
        }
    }

    /// A side's home row as a bitboard.
    #[inline]
    fn home_row(side: Side) -> Self::Bits {
        Self::rank_bits(Self::home_rank(side))
    }

    /// The row a side's towers must reach to win (the opponent's home row, R6).
    #[inline]
    fn goal_row(side: Side) -> Self::Bits {
        Self::home_row(!side)
    }

    /// Every square of the board.
    #[inline]
    fn all_squares() -> Self::Bits {
        !(Self::Bits::MAX << (Self::SQUARES as u32 - 1)) | Self::Bits::bit(Self::SQUARES - 1)
    }

    /// A set turned 180°.
    #[inline]
    fn rotate_bits(bits: Self::Bits) -> Self::Bits {
        bits.reverse_bits() >> (Self::Bits::BITS - Self::SQUARES as u32)
    }
}

/// The colour of a square (R1, or the construction of `docs/boards.md`).
///
/// ```
/// use kamisado_core::{geometry, Colour, Square};
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(geometry::colour_of(a1), Colour::Brown);
/// ```
#[inline]
pub fn colour_of<B: Board>(square: Square<B>) -> Colour {
    B::colour_at(square.index())
}

/// The square of a colour on a rank (each rank holds each colour once).
///
/// # Panics
/// If the colour is not one of the board's.
pub fn square_of<B: Board>(colour: Colour, rank: i32) -> Square<B> {
    (0..B::SIZE as i32)
        .filter_map(|file| Square::at(file, rank))
        .find(|&sq| colour_of(sq) == colour)
        .expect("every rank holds every colour of its board once")
}
