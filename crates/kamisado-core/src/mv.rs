//! Moves: steps, sumo pushes and passes.

use std::fmt;
use std::str::FromStr;

use crate::Square;
use crate::geometry::{Board, Eight};
use crate::square::ParseSquareError;

/// One ply of Kamisado.
///
/// ```
/// use kamisado_core::Move;
/// let m: Move = "c1-c6".parse().unwrap();
/// assert_eq!(m.to_string(), "c1-c6");
/// assert_eq!("d4>d5".parse::<Move>().unwrap().to_string(), "d4>d5");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move<B: Board = Eight> {
    /// A tower moves from one square to another (R3), written `c1-c6`.
    Step {
        /// Where the tower stands.
        from: Square<B>,
        /// Where it lands.
        to: Square<B>,
    },
    /// A sumo pushes straight ahead one square (R12), written `d4>d5`.
    Push {
        /// Where the sumo stands.
        from: Square<B>,
        /// Where the sumo lands (the square of the first pushed tower).
        to: Square<B>,
    },
    /// The forced tower cannot move (R7), written `pass`.
    Pass,
}

impl<B: Board> Move<B> {
    /// The square the moving tower leaves, if any.
    pub fn from(self) -> Option<Square<B>> {
        match self {
            Move::Step { from, .. } | Move::Push { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The square the moving tower reaches, if any.
    pub fn to(self) -> Option<Square<B>> {
        match self {
            Move::Step { to, .. } | Move::Push { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// The move as seen from the other side of the board (both squares turned 180°).
    pub fn rotated(self) -> Move<B> {
        match self {
            Move::Step { from, to } => Move::Step {
                from: from.rotated(),
                to: to.rotated(),
            },
            Move::Push { from, to } => Move::Push {
                from: from.rotated(),
                to: to.rotated(),
            },
            Move::Pass => Move::Pass,
        }
    }
}

impl<B: Board> Move<B> {
    /// The move mirrored left to right (both squares, see [`Square::mirrored`]):
    /// in [`crate::Position::mirrored`] it is the mirror of this move.
    pub fn mirrored(self) -> Move<B> {
        match self {
            Move::Step { from, to } => Move::Step {
                from: from.mirrored(),
                to: to.mirrored(),
            },
            Move::Push { from, to } => Move::Push {
                from: from.mirrored(),
                to: to.mirrored(),
            },
            Move::Pass => Move::Pass,
        }
    }
}

impl<B: Board> fmt::Display for Move<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Push { from, to } => write!(f, "{from}>{to}"),
            Move::Pass => write!(f, "pass"),
        }
    }
}

/// Text that is not a move, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was read.
    pub text: String,
    /// What was wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a move: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseMoveError {}

impl<B: Board> FromStr for Move<B> {
    type Err = ParseMoveError;

    /// Reads `c1-c6`, `d4>d5` or `pass`. Parsing says nothing about legality:
    /// see [`crate::Position::play`].
    fn from_str(s: &str) -> Result<Move<B>, ParseMoveError> {
        let err = |reason: &str| ParseMoveError {
            text: s.to_string(),
            reason: reason.to_string(),
        };
        if s == "pass" {
            return Ok(Move::Pass);
        }
        let (sep, (a, b)) = match (s.split_once('-'), s.split_once('>')) {
            (Some(parts), None) => ('-', parts),
            (None, Some(parts)) => ('>', parts),
            _ => {
                return Err(err(
                    "expected two squares joined by `-` (a move) or `>` (a push), or `pass`",
                ));
            }
        };
        let from: Square<B> = a.parse().map_err(|_| {
            err(&format!(
                "`{a}` before `{sep}` is not a square {}",
                ParseSquareError::range(B::SIZE)
            ))
        })?;
        let to: Square<B> = b.parse().map_err(|_| {
            err(&format!(
                "`{b}` after `{sep}` is not a square {}",
                ParseSquareError::range(B::SIZE)
            ))
        })?;
        if from == to {
            return Err(err("the tower must leave its square"));
        }
        Ok(match sep {
            '-' => Move::Step { from, to },
            _ => Move::Push { from, to },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_moves_say_why() {
        for (text, needle) in [
            ("c1c6", "joined"),
            ("c1-c9", "`c9` after"),
            ("z1>c2", "`z1` before"),
            ("c1-c1", "leave"),
            ("c1-c2-c3", "`c2-c3` after"),
            ("", "joined"),
        ] {
            let e = text.parse::<Move>().unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
