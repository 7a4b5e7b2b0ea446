//! A setup checked against the rules into a position, and a position back
//! into a setup.

use std::fmt;

use super::OPENING_FIRST;
use crate::geometry::{Bits, Board};
use crate::setup::Setup;
use crate::{Rules, Side, Square, Tower};

use super::Position;

/// Why a setup is not a position the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub String);

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.0)
    }
}

impl std::error::Error for InvalidPosition {}

impl<B: Board> Position<B> {
    /// Checks a setup against the rules and builds the position (under `rules`).
    ///
    /// # Errors
    /// A side with other than one tower of each colour, both sides on the
    /// other's home row, or free choice with no legal move.
    pub fn from_setup(setup: &Setup<B>, rules: Rules) -> Result<Position<B>, InvalidPosition> {
        Self::check_board(setup)?;
        Self::check_opening(setup, rules)?;
        let position = Self::seated(setup, rules)?;
        position.check_playable()?;
        Ok(position)
    }

    /// Whether a setup is written for this board: its number of squares and
    /// its forced colour.
    fn check_board(setup: &Setup<B>) -> Result<(), InvalidPosition> {
        if setup.board.len() != B::SQUARES {
            return Err(InvalidPosition(format!(
                "the setup has {} squares; the {} board has {}",
                setup.board.len(),
                B::KIND,
                B::SQUARES
            )));
        }
        if let Some(colour) = setup.forced.filter(|&c| !B::has_colour(c)) {
            return Err(InvalidPosition(format!(
                "the {} board has no {} squares",
                B::KIND,
                colour.name()
            )));
        }
        Ok(())
    }

    /// Whether the setup's opening field (`@1`, `@2`) is one the rules have:
    /// only `opening-limits` counts a round's first plies.
    fn check_opening(setup: &Setup<B>, rules: Rules) -> Result<(), InvalidPosition> {
        match setup.opening {
            Some(plies) if !rules.opening_limits => Err(InvalidPosition(format!(
                "the field `@{plies}` counts a round's opening plies, which only {} limits; the rules are {rules}",
                rules.with_opening_limits()
            ))),
            _ => Ok(()),
        }
    }

    /// The setup's towers seated as a position, once each side is found to
    /// have exactly one tower of each of the board's colours.
    fn seated(setup: &Setup<B>, rules: Rules) -> Result<Position<B>, InvalidPosition> {
        let mut seen = [[None::<Square<B>>; 10]; 2];
        let mut teeth = [B::Row::default(); 2];
        let mut occupied = [B::Bits::ZERO; 2];
        for (index, tower) in setup.board.iter().enumerate() {
            let Some(tower) = tower else { continue };
            let sq = Square::new(index as u8).expect("board index");
            if !B::has_colour(tower.colour) {
                return Err(InvalidPosition(format!(
                    "the {} board has no {} towers, but {sq} holds one",
                    B::KIND,
                    tower.colour.name()
                )));
            }
            let slot = &mut seen[tower.side.index()][B::slot(tower.colour)];
            if let Some(other) = slot {
                return Err(InvalidPosition(format!(
                    "{} has two {} towers, on {other} and {sq}",
                    tower.side.name(),
                    tower.colour.name()
                )));
            }
            *slot = Some(sq);
            teeth[tower.side.index()].as_mut()[B::slot(tower.colour)] = tower.teeth;
            occupied[tower.side.index()] |= sq.bit();
        }
        let mut towers = [B::Row::default(); 2];
        for side in Side::BOTH {
            for (slot, &colour) in B::COLOURS.iter().enumerate() {
                towers[side.index()].as_mut()[slot] = seen[side.index()][slot]
                    .map(|sq| sq.index() as u8)
                    .ok_or_else(|| {
                        InvalidPosition(format!(
                            "{} has no {} tower; each side has one tower of each colour",
                            side.name(),
                            colour.name()
                        ))
                    })?;
            }
        }
        Ok(Position {
            occupied,
            towers,
            teeth,
            side: setup.side,
            forced: setup.forced,
            pushed: setup.pushed,
            // Free choice is a round's first ply; a forced colour without
            // the field is past the opening (NOTATION.md).
            opening: match (setup.forced, setup.opening) {
                _ if !rules.opening_limits => 0,
                (None, _) => OPENING_FIRST,
                (Some(_), Some(plies)) => OPENING_FIRST >> plies.min(3),
                (Some(_), None) => 0,
            },
            rules,
        })
    }

    /// Whether the seated towers make a position the rules allow: not both
    /// sides on the other's home row, and a move for a side with free choice.
    fn check_playable(&self) -> Result<(), InvalidPosition> {
        if self.occupied[0] & B::goal_row(Side::Black) != B::Bits::ZERO
            && self.occupied[1] & B::goal_row(Side::White) != B::Bits::ZERO
        {
            return Err(InvalidPosition(
                "both sides have a tower on the other's home row".to_string(),
            ));
        }
        if self.forced.is_none() && self.goal_reached().is_none() && self.legal_moves().is_empty() {
            return Err(InvalidPosition(format!(
                "{} may move any tower but none can move",
                self.side.name()
            )));
        }
        Ok(())
    }

    /// The position as a [`Setup`] (without a match score).
    pub fn to_setup(&self) -> Setup<B> {
        let mut setup = Setup::empty();
        for side in Side::BOTH {
            for &colour in B::COLOURS {
                setup.board[self.tower_square(side, colour).index()] = Some(Tower {
                    side,
                    colour,
                    teeth: self.teeth(side, colour),
                });
            }
        }
        setup.side = self.side;
        setup.forced = self.forced;
        setup.pushed = self.pushed;
        setup.opening = self
            .opening_ply()
            .filter(|_| self.forced.is_some() && self.rules.opening_limits);
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_positions_are_refused() {
        for (text, needle) in [
            ("obvpyrgo/8/8/8/8/8/8/NGRYPVBO b -", "two orange"),
            ("obvpyrg1/8/8/8/8/8/8/NGRYPVBO b -", "no brown"),
            ("obvpyrgN/8/8/8/8/8/8/nGRYPVBO b -", "both sides"),
        ] {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
