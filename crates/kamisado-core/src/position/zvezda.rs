//! The zvezda generator: the directions a tower moves in by its rings, its
//! step targets, and the single-tower pushes of the option.

use crate::geometry::{self, Bits, Board};
use crate::tower::zvezda_reach;
use crate::{Side, Square};

use super::Position;

impl<B: Board> Position<B> {
    /// The compass directions a tower moves in under zvezda: forward, and with
    /// two rings sideways too, with three every way.
    fn zvezda_directions(teeth: u8) -> &'static [usize] {
        const FORWARD: [usize; 3] = [7, 0, 1];
        const SIDEWAYS: [usize; 5] = [6, 7, 0, 1, 2];
        const ALL: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
        // Turns as the player sees the board; `compass_for` maps them for White.
        match teeth {
            0 | 1 => &FORWARD,
            2 => &SIDEWAYS,
            _ => &ALL,
        }
    }

    /// Step targets under zvezda: the allowed directions up to the first
    /// tower, at most 5 squares for a ringed tower.
    pub(super) fn zvezda_targets(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
        let occupied = self.occupied();
        let mut targets = B::Bits::ZERO;
        for &turn in Self::zvezda_directions(teeth) {
            let direction = geometry::compass_for(side, turn);
            let ray = geometry::compass_ray_bits(direction, from);
            let blockers = ray & occupied;
            targets |= if blockers.is_empty() {
                ray
            } else if geometry::runs_up(direction) {
                ray & blockers.below_lowest()
            } else {
                ray & blockers.above_highest()
            };
        }
        targets & geometry::within(from, zvezda_reach(teeth))
    }

    /// The squares a ringed tower may push into under zvezda: an adjacent
    /// opponent's tower of lower rank in a direction it moves in, with an
    /// empty square behind it on the board.
    pub(super) fn zvezda_pushes(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
        if teeth == 0 {
            return B::Bits::ZERO;
        }
        let mut pushes = B::Bits::ZERO;
        for &turn in Self::zvezda_directions(teeth) {
            let (df, dr) = geometry::COMPASS[geometry::compass_for(side, turn)];
            let Some(next) = Square::<B>::at(from.file() + df, from.rank() + dr) else {
                continue;
            };
            let Some(behind) = Square::<B>::at(next.file() + df, next.rank() + dr) else {
                continue;
            };
            if !(self.occupied() & behind.bit()).is_empty() {
                continue;
            }
            if let Some(colour) = self.colour_at(!side, next)
                && self.teeth(!side, colour) < teeth
            {
                pushes |= next.bit();
            }
        }
        pushes
    }
}
