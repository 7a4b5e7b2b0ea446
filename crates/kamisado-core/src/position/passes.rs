//! Forced passes (R7) and the deadlock they can lead to (R8).

use crate::geometry::{Bits, Board, colour_of};
use crate::{Colour, Side};

use super::Position;

/// Where a chain of forced passes leads (R7, R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Chain {
    /// The forced tower can move, or any tower may.
    Free,
    /// The forced tower is blocked and the passes reach a tower that can move.
    Pass,
    /// The passes cycle: the round is over.
    Deadlock,
}

impl<B: Board> Position<B> {
    /// Whether a side's tower of a colour can neither step nor push.
    #[inline]
    fn blocked<const ZVEZDA: bool>(&self, side: Side, colour: Colour) -> bool {
        let from = self.tower_square(side, colour);
        let teeth = self.teeth(side, colour);
        // Unlimited: a tower that can move at all can move one square, so the
        // opening limits never block a tower (`opening-limits`).
        self.step_targets::<ZVEZDA>(side, from, teeth).is_empty()
            && self.pushes::<ZVEZDA>(side, from, teeth).is_empty()
    }

    /// Follows the chain of forced passes from this position (R7, R8).
    pub(super) fn chain<const ZVEZDA: bool>(&self) -> Chain {
        let Some(mut colour) = self.forced else {
            return Chain::Free;
        };
        let mut side = self.side;
        if !self.blocked::<ZVEZDA>(side, colour) {
            return Chain::Free;
        }
        let mut seen = 0u32;
        loop {
            seen |= 1 << (side.index() * 16 + B::slot(colour));
            colour = colour_of(self.tower_square(side, colour));
            side = !side;
            if seen & (1 << (side.index() * 16 + B::slot(colour))) != 0 {
                return Chain::Deadlock;
            }
            if !self.blocked::<ZVEZDA>(side, colour) {
                return Chain::Pass;
            }
        }
    }
}
