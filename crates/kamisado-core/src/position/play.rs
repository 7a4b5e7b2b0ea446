//! Playing a move: checked with [`Position::play`], or unchecked for search,
//! each returning a new position (copy-make).

use crate::geometry::{Board, STRAIGHT, colour_of, step};
use crate::rules::Variant;
use crate::{Colour, Move, Side, Square};

use super::{IllegalMove, Position};

impl<B: Board> Position<B> {
    /// Whether a move is legal here.
    pub fn is_legal(&self, mv: Move<B>) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move and returns the new position.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason when the rules do not allow the move here.
    pub fn play(&self, mv: Move<B>) -> Result<Position<B>, IllegalMove<B>> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove {
                mv,
                reason: self.why_illegal(mv),
            })
        }
    }

    /// The occupancy and tower rows after a side's tower of a colour moves
    /// from `from` to `to`, built in registers (see [`Board::with_slot`]).
    #[inline]
    fn moved(
        &self,
        side: Side,
        colour: Colour,
        from: Square<B>,
        to: Square<B>,
    ) -> ([B::Bits; 2], [B::Row; 2]) {
        let bits = from.bit() | to.bit();
        let [black, white] = self.occupied;
        let [black_row, white_row] = self.towers;
        let slot = B::slot(colour);
        let to = to.index() as u8;
        match side {
            Side::Black => (
                [black ^ bits, white],
                [B::with_slot(black_row, slot, to), white_row],
            ),
            Side::White => (
                [black, white ^ bits],
                [black_row, B::with_slot(white_row, slot, to)],
            ),
        }
    }

    #[inline]
    fn move_tower(&mut self, side: Side, colour: Colour, to: Square<B>) {
        let from = self.tower_square(side, colour);
        self.occupied[side.index()] ^= from.bit() | to.bit();
        self.towers[side.index()].as_mut()[B::slot(colour)] = to.index() as u8;
    }

    #[inline]
    fn colour_at_unchecked(&self, side: Side, sq: Square<B>) -> Colour {
        let row = &self.towers[side.index()];
        let row = row.as_ref();
        let mut c = 0;
        while row[c] as usize != sq.index() {
            c += 1;
        }
        B::COLOURS[c]
    }

    /// Plays a move that the caller knows is legal (for search). An illegal
    /// move gives a position that breaks the rules, or panics.
    #[inline]
    pub fn play_unchecked(&self, mv: Move<B>) -> Position<B> {
        let side = self.side;
        match mv {
            Move::Step { from, to } => {
                let colour = match self.forced {
                    Some(c) => c,
                    None => self.colour_at_unchecked(side, from),
                };
                let (occupied, towers) = self.moved(side, colour, from, to);
                Position {
                    occupied,
                    towers,
                    teeth: self.teeth,
                    side: !side,
                    forced: Some(colour_of(to)),
                    pushed: false,
                    opening: self.next_opening(),
                    rules: self.rules,
                }
            }
            Move::Push { from, to } if self.rules.variant == Variant::Zvezda => {
                self.zvezda_pushed(from, to)
            }
            Move::Push { from, to } => self.line_pushed(from, to),
            Move::Pass => {
                let mut next = *self;
                let colour = self.forced.expect("a pass has a forced tower");
                next.side = !side;
                next.forced = Some(colour_of(self.tower_square(side, colour)));
                next.pushed = false;
                // A pass is a ply (R7): it counts towards the opening limits.
                next.opening = self.next_opening();
                next
            }
        }
    }

    /// The position after a zvezda push from `from` into `to`, which the
    /// caller knows is legal.
    #[inline]
    fn zvezda_pushed(&self, from: Square<B>, to: Square<B>) -> Position<B> {
        let mut next = *self;
        let side = self.side;
        let colour = match self.forced {
            Some(c) => c,
            None => self.colour_at_unchecked(side, from),
        };
        // One tower, one square on in the sumo's direction; then the opponent moves.
        let rest = Square::<B>::at(2 * to.file() - from.file(), 2 * to.rank() - from.rank())
            .expect("play_unchecked takes legal pushes only");
        let pushed = self.colour_at_unchecked(!side, to);
        next.move_tower(!side, pushed, rest);
        next.move_tower(side, colour, to);
        next.side = !side;
        next.forced = Some(colour_of(rest));
        next.pushed = false;
        next.opening = self.next_opening();
        next
    }

    /// The position after a standard push (R12, R13) from `from` into `to`,
    /// which the caller knows is legal: the same side moves again.
    #[inline]
    fn line_pushed(&self, from: Square<B>, to: Square<B>) -> Position<B> {
        let mut next = *self;
        let side = self.side;
        let colour = match self.forced {
            Some(c) => c,
            None => self.colour_at_unchecked(side, from),
        };
        let (_, rest) = self
            .push_line(side, from, self.teeth(side, colour))
            .expect("play_unchecked takes legal pushes only");
        // Move the line from its far end, each tower one square on.
        let (df, dr) = step(side, STRAIGHT);
        let mut sq = rest;
        while sq != to {
            let behind = Square::<B>::at(sq.file() - df, sq.rank() - dr).expect("in the line");
            let pushed = self.colour_at_unchecked(!side, behind);
            next.move_tower(!side, pushed, sq);
            sq = behind;
        }
        next.move_tower(side, colour, to);
        next.forced = Some(match self.rules.push_follow {
            crate::rules::PushFollow::LastPushed => colour_of(rest),
            crate::rules::PushFollow::SumoSquare => colour_of(to),
        });
        next.pushed = true;
        // A push is a ply; the limits do not shorten it (`opening-limits`).
        next.opening = self.next_opening();
        next
    }
}
