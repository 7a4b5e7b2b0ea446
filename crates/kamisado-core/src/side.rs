//! The two players.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// A player: Black sits at rank 1 and moves up, White at rank 8 and moves down.
///
/// The game calls them the black and the gold dragons; a user interface may
/// show White as Gold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// The player at rank 1, who moves first in a single game.
    Black = 0,
    /// The player at rank 8.
    White = 1,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// The side's name, `Black` or `White`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }
}

impl Not for Side {
    type Output = Side;

    /// The other side.
    fn not(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    /// Writes the notation letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Text that is not a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a side: expected b, w, black or white",
            self.0
        )
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Reads `b`, `w`, `black`, `white` (or `gold`), in any case.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Side::Black),
            "w" | "white" | "gold" => Ok(Side::White),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}
