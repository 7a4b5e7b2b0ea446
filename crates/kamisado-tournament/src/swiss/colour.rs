//! Colour preferences and the allocation of colours (C.04.3, A.6 and E).

use crate::{Colour, Player};

/// A player's colours so far and the preference they give (A.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Colours {
    /// The colour wanted, if any game was played.
    pub pref: Option<Colour>,
    /// The colour difference, whites minus blacks, as a magnitude.
    pub imbalance: u32,
    /// The colour of the last two games played, if they had the same.
    pub repeated: Option<Colour>,
    /// The colours of the games played, round 1 first.
    pub history: Vec<Colour>,
}

impl Colours {
    /// The colours of `player`'s games and the preference they give.
    pub fn of(player: &Player) -> Colours {
        let history: Vec<Colour> = player.colours().collect();
        let whites = history.iter().filter(|&&c| c == Colour::White).count() as u32;
        let blacks = history.len() as u32 - whites;
        let imbalance = whites.abs_diff(blacks);
        let fewer = if whites > blacks {
            Colour::Black
        } else {
            Colour::White
        };
        let repeated = match history[..] {
            [.., a, b] if a == b => Some(b),
            _ => None,
        };
        let pref = if imbalance > 1 {
            Some(fewer)
        } else if let Some(c) = repeated {
            Some(c.opposite())
        } else if imbalance == 1 {
            Some(fewer)
        } else {
            history.last().map(|c| c.opposite())
        };
        Colours {
            pref,
            imbalance,
            repeated,
            history,
        }
    }

    /// A colour difference beyond ±1.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute preference: a difference beyond ±1, or the same colour
    /// in the last two games.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    /// A strong preference: a difference of ±1, and not absolute.
    pub fn strong(&self) -> bool {
        !self.absolute() && self.imbalance > 0
    }
}

/// Whether two preferences can both be met: they differ, or one is none.
pub(crate) fn compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a.is_none() || b.is_none() || a != b
}

/// The colour of `hi`, the higher ranked of a pair (higher score, then
/// lower pairing number), against `lo` (C.04.3 E.1–E.5): both
/// preferences; the stronger, and of two absolute ones the wider
/// difference; alternation back to the latest round in which the two had
/// different colours; `hi`'s preference; and with none, `first` (the
/// colour drawn for the top player) if `hi_odd` (an odd pairing number),
/// the other if not.
pub(crate) fn allocate(hi: &Colours, lo: &Colours, hi_odd: bool, first: Colour) -> Colour {
    let (a, b) = (hi, lo);
    let chosen = if compatible(a.pref, b.pref) {
        a.pref.or(b.pref.map(Colour::opposite))
    } else if a.absolute() && (a.imbalance > b.imbalance || !b.absolute()) {
        a.pref
    } else if b.absolute() && (b.imbalance > a.imbalance || !a.absolute()) {
        b.pref.map(Colour::opposite)
    } else if a.strong() && !b.strong() {
        a.pref
    } else if b.strong() && !a.strong() {
        b.pref.map(Colour::opposite)
    } else {
        a.history
            .iter()
            .rev()
            .zip(b.history.iter().rev())
            .find(|(x, y)| x != y)
            .map(|(_, &y)| y)
    };
    match (chosen, a.pref) {
        (Some(c), _) | (None, Some(c)) => c,
        (None, None) if hi_odd => first,
        (None, None) => first.opposite(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Entry, Outcome, PlayerId};

    fn with(colours: &[Colour]) -> Colours {
        let mut p = Player::new(PlayerId(1), "p", 0);
        for &colour in colours {
            p.rounds.push(Entry::Played {
                opponent: PlayerId(9),
                colour,
                outcome: Outcome::Draw,
            });
        }
        Colours::of(&p)
    }

    const W: Colour = Colour::White;
    const B: Colour = Colour::Black;

    #[test]
    fn preferences_follow_a6() {
        let c = with(&[W, B, W]);
        assert_eq!((c.pref, c.strong(), c.absolute()), (Some(B), true, false));
        let c = with(&[W, B, B]);
        assert_eq!((c.pref, c.absolute()), (Some(W), true));
        let c = with(&[W, B]);
        assert_eq!((c.pref, c.strong(), c.absolute()), (Some(W), false, false));
        let c = with(&[W, W, B, W]);
        assert_eq!((c.pref, c.imbalance, c.absolute()), (Some(B), 2, true));
        assert_eq!(with(&[]).pref, None);
    }

    #[test]
    fn allocation_follows_e() {
        // E.1: both preferences met.
        assert_eq!(allocate(&with(&[B]), &with(&[W]), true, W), W);
        // E.2: the stronger preference wins.
        assert_eq!(allocate(&with(&[W, B]), &with(&[B, W, B]), true, W), B);
        // E.2: of two absolute ones, the wider difference.
        assert_eq!(
            allocate(&with(&[B, W, W]), &with(&[W, W, B, W]), true, W),
            W
        );
        // E.3: alternate from the last round with different colours.
        assert_eq!(
            allocate(&with(&[B, W, W, B]), &with(&[W, B, W, B]), true, W),
            B
        );
        // E.4: the higher ranked's preference.
        assert_eq!(allocate(&with(&[B, W]), &with(&[B, W]), true, W), B);
        // E.5: none at all, by pairing number.
        assert_eq!(allocate(&with(&[]), &with(&[]), false, W), B);
    }
}
