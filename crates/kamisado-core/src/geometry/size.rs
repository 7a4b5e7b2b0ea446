//! The three board sizes as a value, read and written as `6x6`, `8x8` and
//! `10x10`, and [`with_board!`](crate::with_board), which runs generic code for
//! the board a size names.

use std::fmt;
use std::str::FromStr;

/// The three board sizes, as a value: what a record, an option or a command
/// line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum BoardSize {
    /// 6×6, six colours.
    Six,
    /// 8×8, the standard board (R1).
    #[default]
    Eight,
    /// 10×10, ten colours.
    Ten,
}

impl BoardSize {
    /// Every size, smallest first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Six, BoardSize::Eight, BoardSize::Ten];

    /// Squares along one edge.
    pub const fn edge(self) -> usize {
        match self {
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    /// The name used in records and options: `6x6`, `8x8` or `10x10`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Six => "6x6",
            BoardSize::Eight => "8x8",
            BoardSize::Ten => "10x10",
        }
    }

    /// The board a position's text is written for, from its number of ranks.
    ///
    /// ```
    /// use kamisado_core::geometry::BoardSize;
    /// assert_eq!(BoardSize::of_position("obpygn/6/6/6/6/NGYPBO b -"), Some(BoardSize::Six));
    /// assert_eq!(BoardSize::of_position("nonsense"), None);
    /// ```
    pub fn of_position(text: &str) -> Option<BoardSize> {
        let board = text.split(' ').next()?;
        let ranks = board.split('/').count();
        BoardSize::ALL.into_iter().find(|s| s.edge() == ranks)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board name that is not one of `6x6`, `8x8` or `10x10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError(pub String);

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a board: expected 6x6, 8x8 or 10x10 (or 6, 8, 10)",
            self.0
        )
    }
}

impl std::error::Error for ParseBoardError {}

impl FromStr for BoardSize {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<BoardSize, ParseBoardError> {
        let lower = s.to_ascii_lowercase().replace('×', "x");
        BoardSize::ALL
            .into_iter()
            .find(|b| b.name() == lower || b.edge().to_string() == lower)
            .ok_or_else(|| ParseBoardError(s.to_string()))
    }
}

/// Runs generic code for the board a [`BoardSize`] names: inside `$body`,
/// `$B` is the board type.
///
/// ```
/// use kamisado_core::{with_board, geometry::BoardSize, Position, Rules};
/// let size: BoardSize = "6x6".parse().unwrap();
/// let moves = with_board!(size, B => Position::<B>::start_with(Rules::STANDARD).legal_moves().len());
/// assert_eq!(moves, 52);
/// ```
#[macro_export]
macro_rules! with_board {
    ($size:expr, $B:ident => $body:expr) => {
        match $size {
            $crate::geometry::BoardSize::Six => {
                type $B = $crate::geometry::Six;
                $body
            }
            $crate::geometry::BoardSize::Eight => {
                type $B = $crate::geometry::Eight;
                $body
            }
            $crate::geometry::BoardSize::Ten => {
                type $B = $crate::geometry::Ten;
                $body
            }
        }
    };
}
