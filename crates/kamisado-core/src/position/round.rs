//! Between the rounds of a match: a promoted tower (R10) and the towers
//! re-seated for the next round (R9).

use crate::geometry::{Bits, Board};
use crate::tower::MAX_TEETH;
use crate::{Colour, Side, Square};

use super::Position;

impl<B: Board> Position<B> {
    /// Gives a tower one more dragon's tooth, up to a triple sumo (R10).
    pub(crate) fn promote(&mut self, side: Side, colour: Colour) {
        let t = &mut self.teeth[side.index()].as_mut()[B::slot(colour)];
        *t = (*t + 1).min(MAX_TEETH);
    }

    /// A new round's position: the towers on the given squares, teeth kept,
    /// `first` to move with free choice.
    pub(crate) fn reseated(&self, towers: [Vec<Square<B>>; 2], first: Side) -> Position<B> {
        let mut occupied = [B::Bits::ZERO; 2];
        let mut rows = [B::Row::default(); 2];
        for (s, row) in towers.iter().enumerate() {
            for (slot, sq) in row.iter().enumerate() {
                occupied[s] |= sq.bit();
                rows[s].as_mut()[slot] = sq.index() as u8;
            }
        }
        Position {
            occupied,
            towers: rows,
            teeth: self.teeth,
            side: first,
            forced: None,
            pushed: false,
            // A new round starts the opening limits again.
            opening: Self::round_start(self.rules),
            rules: self.rules,
        }
    }
}
