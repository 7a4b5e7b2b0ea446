//! How a round ends on the board: a tower on the opponent's home row (R6) or
//! a deadlock of passes (R8).

use crate::Side;
use crate::geometry::{Bits, Board};

use super::Position;
use super::passes::Chain;

/// How a round ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A tower reached the opponent's home row (R6).
    HomeRow,
    /// Passes would cycle for ever; the last real mover lost (R8).
    Deadlock,
}

/// The result of a position in which the round is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won the round.
    pub winner: Side,
    /// Why.
    pub ending: Ending,
}

impl<B: Board> Position<B> {
    /// The side with a tower on the other's home row, if any (R6).
    #[inline]
    pub(super) fn goal_reached(&self) -> Option<Side> {
        if !(self.occupied[0] & B::goal_row(Side::Black)).is_empty() {
            Some(Side::Black)
        } else if !(self.occupied[1] & B::goal_row(Side::White)).is_empty() {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The result if the round is over in this position (R6, R8), or `None`.
    ///
    /// In a deadlock the player who made the last real move loses: the side to
    /// move after a push (`*`), otherwise the other side.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.goal_reached() {
            return Some(Outcome {
                winner,
                ending: Ending::HomeRow,
            });
        }
        let chain = if self.zvezda() {
            self.chain::<true>()
        } else {
            self.chain::<false>()
        };
        if chain == Chain::Deadlock {
            let loser = if self.pushed { self.side } else { !self.side };
            return Some(Outcome {
                winner: !loser,
                ending: Ending::Deadlock,
            });
        }
        None
    }

    /// Whether the round is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}
