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

impl<B: Board> Move<B> {
    /// The move in notation, held inline: what [`fmt::Display`] writes,
    /// without allocating or the formatting machinery (states and patches
    /// write moves by the hundred).
    ///
    /// ```
    /// use kamisado_core::Move;
    /// let m: Move = "c1-c6".parse().unwrap();
    /// assert_eq!(m.text().as_str(), "c1-c6");
    /// assert_eq!(Move::<kamisado_core::geometry::Eight>::Pass.text().as_str(), "pass");
    /// ```
    pub fn text(self) -> MoveText {
        let (from, joint, to) = match self {
            Move::Step { from, to } => (from, b'-', to),
            Move::Push { from, to } => (from, b'>', to),
            Move::Pass => return MoveText::of(&[b"pass"]),
        };
        MoveText::of(&[from.name().as_bytes(), &[joint], to.name().as_bytes()])
    }
}

impl<B: Board> fmt::Display for Move<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().as_str())
    }
}

/// A move's notation held inline ([`Move::text`]): at most seven bytes,
/// `j10>j9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    bytes: [u8; 7],
    len: u8,
}

impl MoveText {
    /// The parts joined, as much of them as fits.
    fn of(parts: &[&[u8]]) -> MoveText {
        let mut text = MoveText {
            bytes: [0; 7],
            len: 0,
        };
        for &b in parts.iter().flat_map(|part| part.iter()) {
            if let Some(slot) = text.bytes.get_mut(text.len as usize) {
                *slot = b;
                text.len += 1;
            }
        }
        text
    }

    /// The notation.
    pub fn as_str(&self) -> &str {
        // Squares' names, `-`, `>` and `pass`: always text.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

/// Text that is not a move, with the reason.
///
/// ```
/// use kamisado_core::Move;
/// use kamisado_core::mv::MoveFault;
/// let e = "c1-c9".parse::<Move>().unwrap_err();
/// assert_eq!(e.fault, MoveFault::NotASquare { part: "c9".into(), before: false, size: 8 });
/// assert_eq!(
///     e.to_string(),
///     "`c1-c9` is not a move: the second square, c9, is not a square of the board (a1-h8)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was read.
    pub text: String,
    /// What was wrong with it.
    pub fault: MoveFault,
}

/// What is wrong with a move's text; [`fmt::Display`] gives the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// Neither two squares joined by `-` or `>` nor `pass`.
    NotJoined,
    /// One of the two squares is not a square of the board.
    NotASquare {
        /// The text where a square should be.
        part: String,
        /// Whether it is the first square (before the sign).
        before: bool,
        /// Squares along the board's edge.
        size: usize,
    },
    /// The two squares are the same.
    SameSquare,
}

impl fmt::Display for MoveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveFault::NotJoined => f.write_str(
                "a move is two squares joined by - (a step, c1-c6) or > (a push, d4>d5), or pass",
            ),
            MoveFault::NotASquare { part, before, size } => write!(
                f,
                "the {} square, {part}, is not a square of the board ({})",
                if *before { "first" } else { "second" },
                ParseSquareError::range(*size)
            ),
            MoveFault::SameSquare => f.write_str("the tower must leave its square"),
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a move: {}", self.text, self.fault)
    }
}

impl std::error::Error for ParseMoveError {}

impl<B: Board> FromStr for Move<B> {
    type Err = ParseMoveError;

    /// Reads `c1-c6`, `d4>d5` or `pass`. Parsing says nothing about legality:
    /// see [`crate::Position::play`].
    fn from_str(s: &str) -> Result<Move<B>, ParseMoveError> {
        let err = |fault: MoveFault| ParseMoveError {
            text: s.to_string(),
            fault,
        };
        if s == "pass" {
            return Ok(Move::Pass);
        }
        let (sep, (a, b)) = match (s.split_once('-'), s.split_once('>')) {
            (Some(parts), None) => ('-', parts),
            (None, Some(parts)) => ('>', parts),
            _ => return Err(err(MoveFault::NotJoined)),
        };
        let square = |part: &str, before: bool| {
            part.parse::<Square<B>>().map_err(|_| {
                err(MoveFault::NotASquare {
                    part: part.to_string(),
                    before,
                    size: B::SIZE,
                })
            })
        };
        let (from, to) = (square(a, true)?, square(b, false)?);
        if from == to {
            return Err(err(MoveFault::SameSquare));
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
            ("c1-c9", "second square, c9,"),
            ("z1>c2", "first square, z1,"),
            ("c1-c1", "leave"),
            ("c1-c2-c3", "second square, c2-c3,"),
            ("", "joined"),
        ] {
            let e = text.parse::<Move>().unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
