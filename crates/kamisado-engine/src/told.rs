//! A value in players' words: the one place the project says in English
//! what a value means, with the sides called Black and Gold. The page is
//! sent the same steps ([`Told::estimate`]) and tells them in its languages.

use std::fmt;

use kamisado_core::Side;
use kamisado_core::story::player;

use crate::Value;

/// Below this many hundredths, for either side, an estimate is about even.
const EVEN_BELOW: u32 = 40;
/// Below this, the side ahead is slightly better.
const SLIGHT_BELOW: u32 = 150;
/// Below this, the side ahead is better; from here, much better.
const BETTER_BELOW: u32 = 400;

/// A value told from a side's point of view: its [`Display`](fmt::Display)
/// names the winner of a proven value and the distance in plies (`Black
/// wins in 17`, for a loss too: `Gold wins in 12` is Black's loss in 12),
/// and for an estimate who is ahead and how far (`About even`, `Gold is
/// slightly better`, `Black is better`, `Gold is much better`). Never `cp`.
///
/// ```
/// use kamisado_core::Side;
/// use kamisado_engine::{Told, Value};
///
/// assert_eq!(Told::new(Side::Black, Value::Win(17)).to_string(), "Black wins in 17");
/// assert_eq!(Told::new(Side::White, Value::Score(-200)).to_string(), "Black is better");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Told {
    /// The side the value is for.
    pub side: Side,
    /// The value, for `side`.
    pub value: Value,
}

impl Told {
    /// `value` as `side` has it.
    pub const fn new(side: Side, value: Value) -> Told {
        Told { side, value }
    }
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (winner, plies) = match self.value {
            Value::Win(n) => (self.side, n),
            Value::Loss(n) => (!self.side, n),
            Value::Score(_) => {
                let (ahead, lean) = self.estimate().unwrap_or((self.side, Lean::Even));
                return estimate(f, ahead, lean);
            }
        };
        write!(f, "{} wins in {plies}", player(winner))
    }
}

/// How far an estimate leans to the side ahead, as its words say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lean {
    /// About even: the side "ahead" is only nominally so.
    Even,
    /// Slightly better.
    Slight,
    /// Better.
    Better,
    /// Much better.
    Much,
}

impl Told {
    /// For an estimate, the side ahead and how far; none for a proven value.
    ///
    /// ```
    /// use kamisado_core::Side;
    /// use kamisado_engine::{Lean, Told, Value};
    ///
    /// let told = Told::new(Side::White, Value::Score(-200));
    /// assert_eq!(told.estimate(), Some((Side::Black, Lean::Better)));
    /// assert_eq!(Told::new(Side::Black, Value::Win(3)).estimate(), None);
    /// ```
    pub fn estimate(&self) -> Option<(Side, Lean)> {
        let Value::Score(score) = self.value else {
            return None;
        };
        let for_black = if self.side == Side::Black {
            score
        } else {
            -score
        };
        let ahead = if for_black >= 0 {
            Side::Black
        } else {
            Side::White
        };
        let lean = match for_black.unsigned_abs() {
            n if n < EVEN_BELOW => Lean::Even,
            n if n < SLIGHT_BELOW => Lean::Slight,
            n if n < BETTER_BELOW => Lean::Better,
            _ => Lean::Much,
        };
        Some((ahead, lean))
    }
}

/// An estimate as who is ahead and how far.
fn estimate(f: &mut fmt::Formatter<'_>, ahead: Side, lean: Lean) -> fmt::Result {
    let ahead = player(ahead);
    match lean {
        Lean::Even => write!(f, "About even"),
        Lean::Slight => write!(f, "{ahead} is slightly better"),
        Lean::Better => write!(f, "{ahead} is better"),
        Lean::Much => write!(f, "{ahead} is much better"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn told(side: Side, value: Value) -> String {
        Told::new(side, value).to_string()
    }

    #[test]
    fn a_proven_value_names_the_winner_and_the_plies() {
        assert_eq!(told(Side::Black, Value::Win(17)), "Black wins in 17");
        assert_eq!(told(Side::White, Value::Win(1)), "Gold wins in 1");
        // A loss names the other side as the winner, as the page does.
        assert_eq!(told(Side::White, Value::Loss(12)), "Black wins in 12");
        assert_eq!(told(Side::Black, Value::Loss(4)), "Gold wins in 4");
    }

    #[test]
    fn an_estimate_says_who_is_ahead_and_how_far() {
        assert_eq!(told(Side::Black, Value::Score(0)), "About even");
        assert_eq!(told(Side::White, Value::Score(39)), "About even");
        assert_eq!(told(Side::White, Value::Score(-39)), "About even");
        assert_eq!(
            told(Side::Black, Value::Score(40)),
            "Black is slightly better"
        );
        assert_eq!(
            told(Side::White, Value::Score(40)),
            "Gold is slightly better"
        );
        assert_eq!(
            told(Side::Black, Value::Score(-149)),
            "Gold is slightly better"
        );
        assert_eq!(told(Side::Black, Value::Score(150)), "Black is better");
        assert_eq!(told(Side::White, Value::Score(-399)), "Black is better");
        assert_eq!(told(Side::White, Value::Score(400)), "Gold is much better");
        assert_eq!(
            told(Side::Black, Value::Score(-5000)),
            "Gold is much better"
        );
    }

    #[test]
    fn no_value_is_told_in_hundredths() {
        let values = [
            Value::Win(3),
            Value::Loss(3),
            Value::Score(154),
            Value::Score(-20),
        ];
        for side in Side::BOTH {
            for value in values {
                let words = told(side, value);
                assert!(!words.contains("cp") && !words.contains("White"), "{words}");
            }
        }
    }
}
