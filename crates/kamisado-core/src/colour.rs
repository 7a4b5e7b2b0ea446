//! The colours of the boards and of the towers: eight on the standard board,
//! six of them on the 6×6 board, and two more on the 10×10 board.

use std::fmt;
use std::str::FromStr;

/// One of the colours of Kamisado.
///
/// The first eight are those of the standard board, in the order of White's
/// home row from file a to file h, so that `Colour::ALL[i]` is the colour of
/// square `(file i, rank 8)` there. Ivory and charcoal are the two extra colours
/// of the 10×10 board: a near-white and a near-black, told apart from each other
/// and from the eight by lightness alone, whatever a player's colour vision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    /// Orange, letter `o`.
    Orange = 0,
    /// Blue, letter `b`.
    Blue = 1,
    /// Purple (violet), letter `v`.
    Purple = 2,
    /// Pink, letter `p`.
    Pink = 3,
    /// Yellow, letter `y`.
    Yellow = 4,
    /// Red, letter `r`.
    Red = 5,
    /// Green, letter `g`.
    Green = 6,
    /// Brown, letter `n`.
    Brown = 7,
    /// Ivory, letter `i` (10×10 board only).
    Ivory = 8,
    /// Charcoal, letter `c` (10×10 board only).
    Charcoal = 9,
}

impl Colour {
    /// The eight colours of the standard board, in index order (White's home
    /// row there, from file a); see [`crate::geometry::Board::COLOURS`] for
    /// the colours of each board.
    pub const ALL: [Colour; 8] = {
        let mut all = [Colour::Orange; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Colour::EVERY[i];
            i += 1;
        }
        all
    };

    /// Every colour of every board, in index order: the eight, then ivory and charcoal.
    pub const EVERY: [Colour; 10] = [
        Colour::Orange,
        Colour::Blue,
        Colour::Purple,
        Colour::Pink,
        Colour::Yellow,
        Colour::Red,
        Colour::Green,
        Colour::Brown,
        Colour::Ivory,
        Colour::Charcoal,
    ];

    /// The colour with this index (0–9).
    ///
    /// # Panics
    /// Panics when `index > 9`.
    pub const fn from_index(index: usize) -> Colour {
        Colour::EVERY[index]
    }

    /// The index of this colour, 0–7.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter, lower case (`o b v p y r g n`).
    pub const fn letter(self) -> char {
        match self {
            Colour::Orange => 'o',
            Colour::Blue => 'b',
            Colour::Purple => 'v',
            Colour::Pink => 'p',
            Colour::Yellow => 'y',
            Colour::Red => 'r',
            Colour::Green => 'g',
            Colour::Brown => 'n',
            Colour::Ivory => 'i',
            Colour::Charcoal => 'c',
        }
    }

    /// The colour a notation letter stands for, in either case.
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::EVERY
            .into_iter()
            .find(|c| c.letter() == letter.to_ascii_lowercase())
    }

    /// The colour's English name, as players say it.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Orange => "orange",
            Colour::Blue => "blue",
            Colour::Purple => "purple",
            Colour::Pink => "pink",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Brown => "brown",
            Colour::Ivory => "ivory",
            Colour::Charcoal => "charcoal",
        }
    }
}

impl fmt::Display for Colour {
    /// Writes the notation letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Text that is not a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColourError(pub String);

impl fmt::Display for ParseColourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a colour: expected a letter of o b v p y r g n i c or a colour name",
            self.0
        )
    }
}

impl std::error::Error for ParseColourError {}

impl FromStr for Colour {
    type Err = ParseColourError;

    /// Reads a notation letter (`r`) or a colour name (`red`, `violet`).
    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(colour) = Colour::from_letter(c)
        {
            return Ok(colour);
        }
        let lower = s.to_ascii_lowercase();
        if lower == "violet" {
            return Ok(Colour::Purple);
        }
        Colour::EVERY
            .into_iter()
            .find(|c| c.name() == lower)
            .ok_or_else(|| ParseColourError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for c in Colour::EVERY {
            assert_eq!(c.to_string().parse::<Colour>(), Ok(c));
            assert_eq!(c.name().parse::<Colour>(), Ok(c));
            assert_eq!(Colour::from_index(c.index()), c);
        }
        assert_eq!("violet".parse::<Colour>(), Ok(Colour::Purple));
        assert!("x".parse::<Colour>().is_err());
    }
}
