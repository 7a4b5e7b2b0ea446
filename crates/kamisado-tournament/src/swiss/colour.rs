//! Colour preferences and the allocation of colours (C.04.3, A.6 and E).

use crate::{Colour, Player};

/// How much a player wants a colour (C.04.3 A.6), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet, or nothing to prefer.
    None,
    /// Colour difference 0: the other colour than last time.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A player's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The colour wanted (meaningless with [`Strength::None`]).
    pub colour: Colour,
    /// How much.
    pub strength: Strength,
    /// Whites minus blacks over the games played.
    pub difference: i32,
}

impl Preference {
    /// The preference of a player from the colours of the games they played.
    pub fn of(player: &Player) -> Preference {
        let colours: Vec<Colour> = player.colours().collect();
        let difference: i32 = colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum();
        let last = colours.last().copied();
        let last_two_same =
            colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
        let (colour, strength) = match (difference, last) {
            (_, None) => (Colour::White, Strength::None),
            (d, _) if d > 1 => (Colour::Black, Strength::Absolute),
            (d, _) if d < -1 => (Colour::White, Strength::Absolute),
            (_, Some(c)) if last_two_same => (c.opposite(), Strength::Absolute),
            (1, _) => (Colour::Black, Strength::Strong),
            (-1, _) => (Colour::White, Strength::Strong),
            (_, Some(c)) => (c.opposite(), Strength::Mild),
        };
        Preference {
            colour,
            strength,
            difference,
        }
    }

    /// The colour wanted, if any.
    pub fn wants(self) -> Option<Colour> {
        (self.strength != Strength::None).then_some(self.colour)
    }
}

/// Which of a pair is a topscorer of the last round.
#[derive(Clone, Copy, Debug)]
pub struct Topscorers {
    /// The higher ranked one is.
    pub hi: bool,
    /// The lower ranked one is.
    pub lo: bool,
}

/// The colour of `hi`, the higher ranked of a pair, against `lo`
/// (C.04.3 E.1–E.5). `hi_odd` says whether `hi`'s pairing number is odd
/// and `first` is the colour drawn for the top board of round 1. Two
/// absolute preferences for one colour meet only when one is a
/// topscorer's: the other player gets theirs, so only a topscorer breaks
/// the colour rules.
pub fn allocate(hi: &Player, lo: &Player, top: Topscorers, hi_odd: bool, first: Colour) -> Colour {
    let (ph, pl) = (Preference::of(hi), Preference::of(lo));
    if ph.strength == Strength::Absolute
        && pl.strength == Strength::Absolute
        && ph.colour == pl.colour
        && top.hi != top.lo
    {
        return if top.hi {
            ph.colour.opposite()
        } else {
            ph.colour
        };
    }
    match (ph.wants(), pl.wants()) {
        (None, None) => {
            if hi_odd {
                first
            } else {
                first.opposite()
            }
        }
        (Some(c), None) => c,
        (None, Some(c)) => c.opposite(),
        (Some(a), Some(b)) if a != b => a,
        (Some(a), Some(_)) => {
            if ph.strength != pl.strength {
                return if ph.strength > pl.strength {
                    a
                } else {
                    a.opposite()
                };
            }
            if ph.strength == Strength::Absolute && ph.difference.abs() != pl.difference.abs() {
                return if ph.difference.abs() > pl.difference.abs() {
                    a
                } else {
                    a.opposite()
                };
            }
            last_difference(hi, lo).unwrap_or(a)
        }
    }
}

/// The colour `hi` gets by alternating from the latest round in which the
/// two played with different colours (E.3), if there is one.
fn last_difference(hi: &Player, lo: &Player) -> Option<Colour> {
    let h: Vec<Colour> = hi.colours().collect();
    let l: Vec<Colour> = lo.colours().collect();
    h.iter()
        .rev()
        .zip(l.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(a, _)| a.opposite())
}
