//! A position's text, the three-field notation of NOTATION.md: reading it
//! (with the checks of a setup) and writing it.

use std::fmt;
use std::str::FromStr;

use crate::Rules;
use crate::geometry::Board;
use crate::setup::{ParsePositionError, Setup};

use super::{InvalidPosition, Position};

/// A position's text that is unreadable or describes an invalid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text could not be read.
    Parse(ParsePositionError),
    /// The text was read but breaks a rule.
    Invalid(InvalidPosition),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Parse(e) => write!(f, "{e}"),
            PositionError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl<B: Board> fmt::Display for Position<B> {
    /// Writes the three-field notation of NOTATION.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl<B: Board> FromStr for Position<B> {
    type Err = PositionError;

    /// Reads a position under the standard rules; a match field, if present, is ignored
    /// (read it with [`crate::Match`]).
    fn from_str(s: &str) -> Result<Position<B>, PositionError> {
        let setup: Setup<B> = s.parse().map_err(PositionError::Parse)?;
        Position::from_setup(&setup, Rules::STANDARD).map_err(PositionError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let text = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -";
        assert_eq!(text.parse::<Position>().unwrap(), Position::start());
        assert_eq!(Position::start().to_string(), text);
    }
}
