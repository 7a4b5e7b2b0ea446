//! The sumo push of the standard rules (R12): the line of towers in front of
//! a sumo, and why it can or cannot be pushed.

use crate::geometry::{Bits, Board, STRAIGHT, step};
use crate::{Side, Square};

use super::Position;

/// Why a sumo cannot push (R12), as found by [`Position::push_line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NoPush<B: Board> {
    NotSumo,
    NothingInFront,
    OwnTower(Square<B>),
    TooLong,
    NotLower(Square<B>),
    NoRoom,
}

impl<B: Board> Position<B> {
    /// The push a tower could make (R12): the sumo's landing square and the
    /// square where the last pushed tower comes to rest.
    pub(super) fn push_line(
        &self,
        side: Side,
        from: Square<B>,
        teeth: u8,
    ) -> Result<(Square<B>, Square<B>), NoPush<B>> {
        if teeth == 0 {
            return Err(NoPush::NotSumo);
        }
        let (df, dr) = step(side, STRAIGHT);
        let opponent = !side;
        let mut count = 0u8;
        let mut file = from.file() + df;
        let mut rank = from.rank() + dr;
        loop {
            let Some(sq) = Square::<B>::at(file, rank) else {
                return Err(if count == 0 {
                    NoPush::NothingInFront
                } else {
                    NoPush::NoRoom
                });
            };
            if !(self.occupied[side.index()] & sq.bit()).is_empty() {
                return Err(if count == 0 {
                    NoPush::NothingInFront
                } else {
                    NoPush::OwnTower(sq)
                });
            }
            match self.colour_at(opponent, sq) {
                None if count == 0 => return Err(NoPush::NothingInFront),
                None => {
                    let first = Square::at(from.file() + df, from.rank() + dr)
                        .expect("the first pushed tower is on the board");
                    return Ok((first, sq));
                }
                Some(colour) => {
                    count += 1;
                    if count > teeth {
                        return Err(NoPush::TooLong);
                    }
                    if self.teeth(opponent, colour) >= teeth {
                        return Err(NoPush::NotLower(sq));
                    }
                }
            }
            file += df;
            rank += dr;
        }
    }
}
