//! Squares of the board.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

use crate::geometry::{Bits, Board, Eight};

/// A square of a board: of the standard board, `a1` (Black's left corner) to
/// `h8`; of the 10×10 board, `a1` to `j10`.
///
/// Its index is `rank * size + file`, both counted from 0, so that Black's
/// forward direction is `+size`.
///
/// ```
/// use kamisado_core::{geometry::Ten, Square};
/// let sq: Square<Ten> = "j10".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank(), sq.index()), (9, 9, 99));
/// assert!("j10".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<B: Board = Eight> {
    index: u8,
    board: PhantomData<B>,
}

impl<B: Board> Square<B> {
    /// The square with this index, if there is one.
    pub const fn new(index: u8) -> Option<Square<B>> {
        if (index as usize) < B::SIZE * B::SIZE {
            Some(Square::from_index_unchecked(index as u32))
        } else {
            None
        }
    }

    /// The square on a file and rank, both from 0, if it is on the board.
    #[inline]
    pub const fn at(file: i32, rank: i32) -> Option<Square<B>> {
        if file >= 0 && rank >= 0 && (file as usize) < B::SIZE && (rank as usize) < B::SIZE {
            Some(Square::from_index_unchecked(
                (rank as usize * B::SIZE + file as usize) as u32,
            ))
        } else {
            None
        }
    }

    /// The square with this index, which the caller knows is on the board
    /// (for move generation from bitboards).
    #[inline]
    pub const fn from_index_unchecked(index: u32) -> Square<B> {
        Square {
            index: index as u8,
            board: PhantomData,
        }
    }

    /// The index, `rank * size + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// The file, 0 for a.
    #[inline]
    pub const fn file(self) -> i32 {
        (self.index as usize % B::SIZE) as i32
    }

    /// The rank, 0 for rank 1.
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.index as usize / B::SIZE) as i32
    }

    /// The square turned 180° about the centre of the board.
    #[inline]
    pub const fn rotated(self) -> Square<B> {
        Square::from_index_unchecked((B::SIZE * B::SIZE - 1 - self.index as usize) as u32)
    }

    /// The square mirrored left to right (files a↔h on 8×8), on the same rank.
    #[inline]
    pub const fn mirrored(self) -> Square<B> {
        let (file, rank) = (self.index as usize % B::SIZE, self.index as usize / B::SIZE);
        Square::from_index_unchecked((rank * B::SIZE + B::SIZE - 1 - file) as u32)
    }

    /// The square as a one-bit bitboard.
    #[inline]
    pub fn bit(self) -> B::Bits {
        B::Bits::bit(self.index as usize)
    }
}

/// The name of every square of a board of up to ten files and ranks (the
/// largest is 10×10), at `rank * 10 + file`.
#[rustfmt::skip]
static NAMES: [&str; 100] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1",
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "j3",
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "i4", "j4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5", "j5",
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6", "j6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "j7",
    "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8", "j8",
    "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "j9",
    "a10", "b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10", "j10",
];

impl<B: Board> Square<B> {
    /// The square's name, `c6` (`j10` on 10×10): what [`fmt::Display`]
    /// writes, without the formatting machinery, since states and moves
    /// name squares by the hundred.
    ///
    /// ```
    /// use kamisado_core::{geometry::Ten, Square};
    /// assert_eq!("j10".parse::<Square<Ten>>().unwrap().name(), "j10");
    /// assert_eq!(Square::<Ten>::new(10).unwrap().name(), "a2");
    /// ```
    pub fn name(self) -> &'static str {
        let (file, rank) = (self.file() as usize, self.rank() as usize);
        // Every board has at most ten files and ranks.
        NAMES.get(rank * 10 + file).copied().unwrap_or("")
    }
}

impl<B: Board> fmt::Display for Square<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl<B: Board> fmt::Debug for Square<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// Text that is not a square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text.
    pub text: String,
    /// Squares along the board's edge.
    pub size: usize,
}

impl ParseSquareError {
    /// The squares of a board as a reader would write them: `a1-h8`.
    pub fn range(size: usize) -> String {
        format!("a1-{}", Self::last(size))
    }

    /// The last square of a board `size` squares wide: `h8`.
    pub fn last(size: usize) -> String {
        format!("{}{}", (b'a' + size as u8 - 1) as char, size)
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = (b'a' + self.size as u8 - 1) as char;
        write!(
            f,
            "`{}` is not a square: expected a file a-{last} and a rank 1-{}, like c3",
            self.text, self.size
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl<B: Board> FromStr for Square<B> {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square<B>, ParseSquareError> {
        let err = || ParseSquareError {
            text: s.to_string(),
            size: B::SIZE,
        };
        let bytes = s.as_bytes();
        if !(2..=3).contains(&bytes.len()) || bytes[1] == b'0' {
            return Err(err());
        }
        let file = bytes[0].wrapping_sub(b'a') as i32;
        let mut rank = 0i32;
        for &digit in &bytes[1..] {
            if !digit.is_ascii_digit() {
                return Err(err());
            }
            rank = rank * 10 + (digit - b'0') as i32;
        }
        let rank = rank - 1;
        Square::at(file, rank).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Six, Ten};

    fn round_trip<B: Board>() {
        for i in 0..(B::SIZE * B::SIZE) as u8 {
            let sq = Square::<B>::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square<B>>(), Ok(sq));
            let file = char::from(b'a' + sq.file() as u8);
            assert_eq!(sq.name(), format!("{file}{}", sq.rank() + 1));
            assert_eq!(sq.rotated().rotated(), sq);
        }
        assert!(Square::<B>::new((B::SIZE * B::SIZE) as u8).is_none());
    }

    #[test]
    fn squares_round_trip() {
        round_trip::<Six>();
        round_trip::<Eight>();
        round_trip::<Ten>();
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        for bad in ["", "a", "i1", "a9", "a0", "A1", "a10", "a01", "a1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!("f6".parse::<Square<Six>>().unwrap().index(), 35);
        assert!("g1".parse::<Square<Six>>().is_err());
        assert_eq!("a10".parse::<Square<Ten>>().unwrap().index(), 90);
        for bad in ["k1", "a11", "a010", "a+1"] {
            assert!(bad.parse::<Square<Ten>>().is_err(), "{bad}");
        }
        let e = "k1".parse::<Square<Ten>>().unwrap_err().to_string();
        assert!(e.contains("a-j") && e.contains("1-10"), "{e}");
    }
}
