//! Points-exact solving: the value of a round in match terms.
//!
//! In a match (R9, R10) a round is worth more than its winner: the winning
//! tower scores 1, 3, 7 or 15 points by its teeth, and the points may end the
//! match. [`MatchValue`] is that outcome for the side to move, on a scale
//! from best to worst:
//!
//! 1. [`MatchValue::WinsMatch`]: the side to move wins the round with enough
//!    points to reach the target (how many more does not matter);
//! 2. [`MatchValue::Wins`]`(p)`: it wins the round scoring `p` points and the
//!    match goes on; more points are better;
//! 3. [`MatchValue::Loses`]`(p)`: it loses the round, the opponent scoring `p`
//!    points, and the match goes on; fewer points are better;
//! 4. [`MatchValue::LosesMatch`]: it loses the round and the match.
//!
//! The solver's value is the best outcome on this scale that the side to
//! move can force against any defence (the opponent minimises it): a slower
//! win with a sumo is preferred to a fast win with a plain tower, and a loser
//! steers the round to the winner's weakest tower. How many plies it takes is
//! no part of the value.

mod search;
mod solve;
mod table;

use std::cmp::Ordering;
use std::fmt;
use std::time::Duration;

use kamisado_core::geometry::{Board, Eight};
use kamisado_core::tower::{MAX_TEETH, points};
use kamisado_core::{Move, Position, RoundResult, Score, Side, Tower};

pub(crate) use solve::points_matter;
pub(crate) use table::PointsTable;

use crate::Value;

/// What a round is worth in match terms for the side to move, under best
/// play by both sides. Ordered from the worst ([`MatchValue::LosesMatch`]) to
/// the best ([`MatchValue::WinsMatch`]); see the [module](self) for the scale.
///
/// ```
/// use kamisado_engine::MatchValue;
/// assert!(MatchValue::WinsMatch > MatchValue::Wins(15));
/// assert!(MatchValue::Wins(3) > MatchValue::Wins(1));
/// assert!(MatchValue::Wins(1) > MatchValue::Loses(1));
/// assert!(MatchValue::Loses(1) > MatchValue::Loses(3));
/// assert!(MatchValue::Loses(15) > MatchValue::LosesMatch);
/// assert_eq!(MatchValue::Wins(3).to_string(), "wins 3 points");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchValue {
    /// The side to move wins the round, and its points win the match.
    WinsMatch,
    /// The side to move wins the round scoring this many points (1, 3, 7 or
    /// 15), and the match goes on.
    Wins(u8),
    /// The side to move loses the round, the opponent scoring this many
    /// points, and the match goes on.
    Loses(u8),
    /// The side to move loses the round, and the opponent's points win the match.
    LosesMatch,
}

impl MatchValue {
    /// A number that orders values from the worst to the best.
    fn rank(self) -> i32 {
        match self {
            MatchValue::WinsMatch => 100,
            MatchValue::Wins(p) => i32::from(p),
            MatchValue::Loses(p) => -i32::from(p),
            MatchValue::LosesMatch => -100,
        }
    }

    /// Whether the side to move wins the round.
    pub fn wins(self) -> bool {
        matches!(self, MatchValue::WinsMatch | MatchValue::Wins(_))
    }

    /// The value for the other side.
    pub fn for_opponent(self) -> MatchValue {
        match self {
            MatchValue::WinsMatch => MatchValue::LosesMatch,
            MatchValue::Wins(p) => MatchValue::Loses(p),
            MatchValue::Loses(p) => MatchValue::Wins(p),
            MatchValue::LosesMatch => MatchValue::WinsMatch,
        }
    }
}

impl PartialOrd for MatchValue {
    fn partial_cmp(&self, other: &MatchValue) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for MatchValue {
    /// Better for the side to move is greater.
    fn cmp(&self, other: &MatchValue) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for MatchValue {
    /// `wins the match`, `wins 3 points`, `loses 1 point` or `loses the match`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |p: u8| if p == 1 { "" } else { "s" };
        match *self {
            MatchValue::WinsMatch => write!(f, "wins the match"),
            MatchValue::Wins(p) => write!(f, "wins {p} point{}", plural(p)),
            MatchValue::Loses(p) => write!(f, "loses {p} point{}", plural(p)),
            MatchValue::LosesMatch => write!(f, "loses the match"),
        }
    }
}

/// What the points-exact solver found for a round in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSolution<B: Board = Eight> {
    /// The round's value in match terms for the side to move.
    pub value: MatchValue,
    /// The round's value as [`crate::Engine::solve`] gives it: the fastest
    /// win or the longest defence, whatever the points.
    pub round: Value,
    /// A move that keeps the value.
    pub best: Option<Move<B>>,
    /// A line of moves that each keep the value, to the end of the round
    /// (shorter only if the budget ran out while it was drawn).
    pub line: Vec<Move<B>>,
    /// How the round ends at the end of the line: its winner, the tower
    /// that scores and is promoted, and the points.
    pub end: Option<RoundResult>,
    /// Nodes visited, by both solvers.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl<B: Board> MatchSolution<B> {
    /// The tower that the round's end promotes (R10), with its teeth after
    /// the promotion: a plain tower becomes a sumo, and so on up to a triple.
    pub fn promoted(&self) -> Option<Tower> {
        let end = self.end?;
        let teeth = match end.points {
            1 => 0,
            3 => 1,
            7 => 2,
            _ => MAX_TEETH,
        };
        Some(Tower {
            side: end.winner,
            colour: end.tower?,
            teeth: (teeth + 1).min(MAX_TEETH),
        })
    }
}

/// What a round can still be worth in a match: the points each side needs
/// to reach the target. Outcomes are scored as utilities for the side to
/// move: a win scores its points, at most those needed (so every win that
/// ends the match is worth the same), and a loss the opponent's, negated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stakes {
    need: [u8; 2],
}

impl Stakes {
    /// The stakes of a match with this score, or `None` when it is over.
    pub fn of(score: Score) -> Option<Stakes> {
        let need = |side| score.target.checked_sub(score.of(side)).filter(|&n| n > 0);
        Some(Stakes {
            need: [need(Side::Black)?, need(Side::White)?],
        })
    }

    /// The utility for `side` of a round that `winner` wins scoring `points`.
    pub fn utility(self, winner: Side, points: u8, side: Side) -> i8 {
        let worth = points.min(self.need[winner.index()]) as i8;
        if winner == side { worth } else { -worth }
    }

    /// The value of a utility for `side`.
    pub fn value(self, utility: i8, side: Side) -> MatchValue {
        let points = utility.unsigned_abs();
        match utility > 0 {
            true if points >= self.need[side.index()] => MatchValue::WinsMatch,
            true => MatchValue::Wins(points),
            false if points >= self.need[(!side).index()] => MatchValue::LosesMatch,
            false => MatchValue::Loses(points),
        }
    }

    /// The most that a win by `side` can be worth in `pos`: its strongest
    /// tower's points, at most those it needs.
    pub fn best_win<B: Board>(self, pos: &Position<B>, side: Side) -> i8 {
        let teeth = B::COLOURS
            .iter()
            .map(|&c| pos.teeth(side, c))
            .max()
            .unwrap_or(0);
        points(teeth).min(self.need[side.index()]) as i8
    }

    /// The least that a win by `side` can be worth in `pos`: its weakest
    /// tower's points, at most those it needs.
    pub fn worst_win<B: Board>(self, pos: &Position<B>, side: Side) -> i8 {
        let teeth = B::COLOURS
            .iter()
            .map(|&c| pos.teeth(side, c))
            .min()
            .unwrap_or(0);
        points(teeth).min(self.need[side.index()]) as i8
    }

    /// A key for the stakes, mixed into the table's keys: a position's value
    /// depends on them.
    pub fn salt(self) -> u64 {
        let n = u64::from(self.need[0]) << 8 | u64::from(self.need[1]);
        let mut z = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utilities_cap_at_the_points_that_end_the_match() {
        let score = |black, white| Score {
            black,
            white,
            target: 7,
        };
        let stakes = Stakes::of(score(0, 0)).unwrap();
        assert_eq!(stakes.utility(Side::Black, 3, Side::Black), 3);
        assert_eq!(stakes.utility(Side::Black, 15, Side::White), -7);
        assert_eq!(stakes.value(7, Side::White), MatchValue::WinsMatch);
        assert_eq!(stakes.value(-3, Side::White), MatchValue::Loses(3));
        let close = Stakes::of(score(6, 2)).unwrap();
        assert_eq!(close.utility(Side::Black, 3, Side::Black), 1);
        assert_eq!(close.value(1, Side::Black), MatchValue::WinsMatch);
        assert_eq!(close.value(-1, Side::White), MatchValue::LosesMatch);
        assert_eq!(close.value(1, Side::White), MatchValue::Wins(1));
        assert!(Stakes::of(score(7, 2)).is_none());
    }

    #[test]
    fn every_value_is_the_opposite_of_the_opponents() {
        let all = [
            MatchValue::WinsMatch,
            MatchValue::Wins(7),
            MatchValue::Wins(1),
            MatchValue::Loses(1),
            MatchValue::Loses(7),
            MatchValue::LosesMatch,
        ];
        for pair in all.windows(2) {
            assert!(pair[0] > pair[1]);
            assert!(pair[0].for_opponent() < pair[1].for_opponent());
        }
    }
}
