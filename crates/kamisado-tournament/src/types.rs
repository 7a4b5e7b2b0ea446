//! The small values every part of a tournament shares.

use std::fmt;

/// A player's number in a tournament: their starting rank, from 1.
///
/// In a Swiss the order of these numbers is the pairing order (the
/// strongest first); in a Berger table it is the drawn number.
///
/// ```
/// use kamisado_tournament::PlayerId;
/// assert_eq!(PlayerId(3).to_string(), "3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The side a player has in a game: White moves first in a pairing's
/// first game (in Kamisado terms, the side that starts).
///
/// ```
/// use kamisado_tournament::Colour;
/// assert_eq!(Colour::White.opposite(), Colour::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first player of a pairing.
    White,
    /// The second player of a pairing.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A score in half points, so that draws stay exact: a win is 2, a draw 1.
///
/// ```
/// use kamisado_tournament::Points;
/// assert_eq!(Points::WIN.to_string(), "1");
/// assert_eq!((Points::WIN + Points::DRAW).to_string(), "1.5");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    /// Nothing.
    pub const ZERO: Points = Points(0);
    /// A draw, half a point.
    pub const DRAW: Points = Points(1);
    /// A win, one point.
    pub const WIN: Points = Points(2);

    /// The score in half points.
    #[must_use]
    pub fn halves(self) -> u32 {
        self.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}
