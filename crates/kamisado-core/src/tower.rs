//! Towers: a side's piece of one colour, with its dragon's teeth.

use std::fmt;

use crate::{Colour, Side};

/// The most dragon's teeth a tower can carry (a triple sumo, R10).
pub const MAX_TEETH: u8 = 3;

/// How far a tower may move in one move, by its number of teeth (R3, R11);
/// a plain tower's 9 is the width of the largest board, so no limit.
pub const fn reach(teeth: u8) -> i32 {
    match teeth {
        0 => 9,
        1 => 5,
        2 => 3,
        _ => 1,
    }
}

/// How far a tower moves under zvezda, by its rings: a plain tower as R3,
/// a ringed one up to 5 squares whatever its rings.
pub const fn zvezda_reach(teeth: u8) -> i32 {
    if teeth == 0 { 9 } else { 5 }
}

/// Points scored by a tower that wins a round, by its teeth before it won (R10).
pub const fn points(teeth: u8) -> u8 {
    match teeth {
        0 => 1,
        1 => 3,
        2 => 7,
        _ => 15,
    }
}

/// A tower: its side, its colour and its rank (0 plain, 1 sumo, 2 double, 3 triple).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tower {
    /// The player who owns it.
    pub side: Side,
    /// Its colour.
    pub colour: Colour,
    /// Its dragon's teeth, 0–3.
    pub teeth: u8,
}

impl Tower {
    /// A plain tower (no teeth).
    pub const fn new(side: Side, colour: Colour) -> Tower {
        Tower {
            side,
            colour,
            teeth: 0,
        }
    }

    /// What a player calls the tower's rank: `tower`, `sumo`, `double sumo` or `triple sumo`.
    pub const fn rank_name(self) -> &'static str {
        match self.teeth {
            0 => "tower",
            1 => "sumo",
            2 => "double sumo",
            _ => "triple sumo",
        }
    }
}

impl Tower {
    /// Adds the notation to `out`: the colour letter, upper case for
    /// Black, then one `+` per tooth.
    pub(crate) fn push_text(self, out: &mut String) {
        out.push(match self.side {
            Side::Black => self.colour.letter().to_ascii_uppercase(),
            Side::White => self.colour.letter(),
        });
        for _ in 0..self.teeth {
            out.push('+');
        }
    }
}

impl fmt::Display for Tower {
    /// Writes the notation: the colour letter, upper case for Black, then one `+` per tooth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(4);
        self.push_text(&mut text);
        f.write_str(&text)
    }
}
