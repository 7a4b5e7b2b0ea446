//! Squares of the board.

use std::fmt;
use std::str::FromStr;

use crate::geometry::SIZE;

/// A square of the 8×8 board, `a1` (Black's left corner) to `h8`.
///
/// Its index is `rank * 8 + file`, both counted from 0, so that Black's
/// forward direction is `+8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index (0–63), if there is one.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SIZE * SIZE {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` and `rank`, both counted from 0, if on the board.
    pub const fn at(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && rank >= 0 && (file as usize) < SIZE && (rank as usize) < SIZE {
            Some(Square((rank as usize * SIZE + file as usize) as u8))
        } else {
            None
        }
    }

    /// The square with this index, which the caller knows is below 64 (for
    /// walking the bits of a bitboard; a larger index gives a square that
    /// makes other functions panic).
    #[inline]
    pub const fn from_index_unchecked(index: u32) -> Square {
        Square(index as u8)
    }

    /// The index, `rank * 8 + file`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for `a` to 7 for `h`.
    pub const fn file(self) -> i32 {
        (self.0 as usize % SIZE) as i32
    }

    /// The rank, 0 for rank 1 to 7 for rank 8.
    pub const fn rank(self) -> i32 {
        (self.0 as usize / SIZE) as i32
    }

    /// The square turned 180° about the board's centre (`a1` ↔ `h8`).
    pub const fn rotated(self) -> Square {
        Square((SIZE * SIZE - 1) as u8 - self.0)
    }

    /// This square as a one-bit bitboard.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    /// Writes `a1` … `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Text that is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square: expected a file a-h and a rank 1-8, like c3",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1` … `h8` (lower-case file).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let file = bytes[0].wrapping_sub(b'a') as i32;
        let rank = bytes[1].wrapping_sub(b'1') as i32;
        if !(0..SIZE as i32).contains(&file) || !(0..SIZE as i32).contains(&rank) {
            return Err(err());
        }
        Square::at(file, rank).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.rotated().rotated(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        for bad in ["", "a", "i1", "a9", "a0", "A1", "a10"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
