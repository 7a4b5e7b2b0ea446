//! A setup checked against the rules into a position, and a position back
//! into a setup.

use std::fmt;

use super::OPENING_FIRST;
use crate::geometry::{Bits, Board, BoardSize};
use crate::setup::Setup;
use crate::story::player;
use crate::{Colour, Rules, Side, Square, Tower};

use super::Position;

/// Why a setup is not a position the rules allow.
///
/// ```
/// use kamisado_core::{InvalidPosition, InvalidReason, Position};
/// let e = "obvpyrgn/8/8/8/8/8/8/NGRYPVBB b -".parse::<Position>().unwrap_err();
/// assert_eq!(e.to_string(), "invalid position: Black has two blue towers, on g1 and h1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub InvalidReason);

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.0)
    }
}

/// The rule a setup breaks; [`fmt::Display`] gives the words. Squares are
/// written in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidReason {
    /// A setup of another number of squares than the board's.
    Squares {
        /// The squares of the setup.
        found: usize,
        /// The board.
        board: BoardSize,
    },
    /// A forced colour the board does not have.
    NoSuchForced {
        /// The board.
        board: BoardSize,
        /// The colour.
        colour: Colour,
    },
    /// An opening field (`@1`, `@2`) under rules without `opening-limits`.
    OpeningField {
        /// The plies it counts.
        plies: u8,
        /// The rules.
        rules: Rules,
    },
    /// A tower of a colour the board does not have.
    NoSuchTower {
        /// The board.
        board: BoardSize,
        /// The colour.
        colour: Colour,
        /// Where it stands.
        square: String,
    },
    /// Two towers of one colour on one side.
    TwoTowers {
        /// The side.
        side: Side,
        /// The colour.
        colour: Colour,
        /// Where the first stands.
        first: String,
        /// Where the second stands.
        second: String,
    },
    /// A side without a tower of a colour.
    MissingTower {
        /// The side.
        side: Side,
        /// The colour.
        colour: Colour,
    },
    /// Both sides on the other's home row.
    BothHome,
    /// Free choice, and no tower can move.
    NoMove {
        /// The side to move.
        side: Side,
    },
}

impl fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidReason::Squares { found, board } => write!(
                f,
                "the setup has {found} squares; the {board} board has {}",
                board.edge() * board.edge()
            ),
            InvalidReason::NoSuchForced { board, colour } => {
                write!(f, "the {board} board has no {} squares", colour.name())
            }
            InvalidReason::OpeningField { plies, rules } => write!(
                f,
                "the field @{plies} counts a round's opening plies, which only {} limits; the rules are {rules}",
                rules.with_opening_limits()
            ),
            InvalidReason::NoSuchTower {
                board,
                colour,
                square,
            } => write!(
                f,
                "the {board} board has no {} towers, but {square} holds one",
                colour.name()
            ),
            InvalidReason::TwoTowers {
                side,
                colour,
                first,
                second,
            } => write!(
                f,
                "{} has two {} towers, on {first} and {second}",
                player(*side),
                colour.name()
            ),
            InvalidReason::MissingTower { side, colour } => write!(
                f,
                "{} has no {} tower; each side has one tower of each colour",
                player(*side),
                colour.name()
            ),
            InvalidReason::BothHome => {
                f.write_str("both sides have a tower on the other's home row")
            }
            InvalidReason::NoMove { side } => {
                write!(f, "{} may move any tower but none can move", player(*side))
            }
        }
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
            return Err(InvalidPosition(InvalidReason::Squares {
                found: setup.board.len(),
                board: B::KIND,
            }));
        }
        if let Some(colour) = setup.forced.filter(|&c| !B::has_colour(c)) {
            return Err(InvalidPosition(InvalidReason::NoSuchForced {
                board: B::KIND,
                colour,
            }));
        }
        Ok(())
    }

    /// Whether the setup's opening field (`@1`, `@2`) is one the rules have:
    /// only `opening-limits` counts a round's first plies.
    fn check_opening(setup: &Setup<B>, rules: Rules) -> Result<(), InvalidPosition> {
        match setup.opening {
            Some(plies) if !rules.opening_limits => {
                Err(InvalidPosition(InvalidReason::OpeningField {
                    plies,
                    rules,
                }))
            }
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
                return Err(InvalidPosition(InvalidReason::NoSuchTower {
                    board: B::KIND,
                    colour: tower.colour,
                    square: sq.to_string(),
                }));
            }
            let slot = &mut seen[tower.side.index()][B::slot(tower.colour)];
            if let Some(other) = slot {
                return Err(InvalidPosition(InvalidReason::TwoTowers {
                    side: tower.side,
                    colour: tower.colour,
                    first: other.to_string(),
                    second: sq.to_string(),
                }));
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
                    .ok_or(InvalidPosition(InvalidReason::MissingTower {
                        side,
                        colour,
                    }))?;
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
            return Err(InvalidPosition(InvalidReason::BothHome));
        }
        if self.forced.is_none() && self.goal_reached().is_none() && self.legal_moves().is_empty() {
            return Err(InvalidPosition(InvalidReason::NoMove { side: self.side }));
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
