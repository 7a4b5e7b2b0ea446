//! Checked positions, legal moves and playing them.
//!
//! This file holds the position type, its start and what it says about its
//! towers; each of the others holds one part of the rules:
//!
//! - `validate`: a setup checked into a position, and back; `text`: its notation;
//! - `generate`: the move generator, with `zvezda`'s directions and pushes and
//!   `push`, the standard push line (R12);
//! - `passes`: forced passes and deadlocks (R7, R8); `outcome`: how a round ends
//!   (R6, R8);
//! - `play`: playing a move; `explain`: why a move is illegal; `round`:
//!   promotion and re-seating between rounds (R9, R10).

mod explain;
mod generate;
mod outcome;
mod passes;
mod play;
mod push;
mod round;
mod text;
mod validate;
mod zvezda;

use crate::geometry::{self, Bits, Board, Eight};
pub use crate::illegal::{IllegalMove, IllegalReason};
use crate::rules::OPENING_REACH;
use crate::{Colour, Rules, Side, Square, Tower};

pub use outcome::{Ending, Outcome};
pub use text::PositionError;
pub use validate::{InvalidPosition, InvalidReason};

/// The opening bits before a round's first ply under `opening-limits`; each
/// ply shifts them one place right, and the plies already played are the
/// shifts (see [`Position::opening_ply`]).
pub(crate) const OPENING_FIRST: u8 = 0b100;

/// The reach of a step by the opening bits (`opening-limits`): 1, 3 or 5
/// squares in a round's first three plies, and past them the largest
/// board's width, so no limit.
pub(super) const OPENING_REACH_BY_BITS: [i32; 8] = [9, 5, 3, 9, 1, 9, 9, 9];

/// A position that obeys the rules: one tower of each colour per side, at
/// most one side on the other's home row, and a move for a side with free choice.
///
/// It is a few machine words and `Copy`: [`Position::play`] returns a new one.
///
/// ```
/// use kamisado_core::Position;
/// let start = Position::start();
/// assert_eq!(start.legal_moves().len(), 102);
/// let next = start.play("d1-d6".parse().unwrap()).unwrap();
/// assert_eq!(next.to_string(), "obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B: Board = Eight> {
    occupied: [B::Bits; 2],
    /// Each side's towers' square indices, by colour slot ([`Board::slot`]).
    towers: [B::Row; 2],
    /// Each side's towers' teeth, by colour slot.
    teeth: [B::Row; 2],
    side: Side,
    forced: Option<Colour>,
    pushed: bool,
    /// The round's opening plies still to come under `opening-limits`, one
    /// bit each: `0b100` before the first ply, `0b010` before the second,
    /// `0b001` before the third, 0 past them and always without the option,
    /// so that a ply shifts it right ([`OPENING_FIRST`]).
    opening: u8,
    rules: Rules,
}

impl Position {
    /// The start of a single game under the standard rules on the standard board:
    /// `obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -` (R2).
    pub fn start() -> Position {
        Position::start_with(Rules::STANDARD)
    }
}

impl<B: Board> Position<B> {
    /// The start of a round under the given rules, Black to move with free choice.
    pub fn start_with(rules: Rules) -> Position<B> {
        let mut towers = [B::Row::default(); 2];
        let mut occupied = [B::Bits::ZERO; 2];
        for side in Side::BOTH {
            for (slot, &colour) in B::COLOURS.iter().enumerate() {
                let sq = geometry::square_of::<B>(colour, B::home_rank(side));
                towers[side.index()].as_mut()[slot] = sq.index() as u8;
                occupied[side.index()] |= sq.bit();
            }
        }
        Position {
            occupied,
            towers,
            teeth: [B::Row::default(); 2],
            side: Side::Black,
            forced: None,
            pushed: false,
            opening: Self::round_start(rules),
            rules,
        }
    }

    /// The opening bits of a round's start: its first ply under
    /// `opening-limits`, none without it.
    #[inline]
    pub(crate) const fn round_start(rules: Rules) -> u8 {
        if rules.opening_limits {
            OPENING_FIRST
        } else {
            0
        }
    }

    /// The plies of the round already played while `opening-limits` limits
    /// the next move (0, 1 or 2), or `None` past the opening or without the option.
    #[inline]
    pub fn opening_ply(&self) -> Option<u8> {
        match self.opening {
            0b100 => Some(0),
            0b010 => Some(1),
            0b001 => Some(2),
            _ => None,
        }
    }

    /// The most squares the next move may cover under `opening-limits`
    /// (1, 3 or 5), or `None` when no opening limit applies.
    #[inline]
    pub fn opening_limit(&self) -> Option<u8> {
        self.opening_ply().map(|ply| OPENING_REACH[ply as usize])
    }

    /// The opening bits after one more ply of the round: a shift, so that
    /// the rule sets without the option pay next to nothing.
    #[inline(always)]
    pub(super) fn next_opening(&self) -> u8 {
        self.opening >> 1
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The colour the side to move must move (R5), or `None` for free choice (R4).
    #[inline]
    pub fn forced_colour(&self) -> Option<Colour> {
        self.forced
    }

    /// Whether the side to move has just pushed and moves again (R13).
    #[inline]
    pub fn just_pushed(&self) -> bool {
        self.pushed
    }

    /// The rule set this position is played under.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The square of a side's tower of a colour.
    #[inline]
    pub fn tower_square(&self, side: Side, colour: Colour) -> Square<B> {
        Square::from_index_unchecked(self.towers[side.index()].as_ref()[B::slot(colour)] as u32)
    }

    /// The dragon's teeth of a side's tower of a colour (0–3).
    #[inline]
    pub fn teeth(&self, side: Side, colour: Colour) -> u8 {
        self.teeth[side.index()].as_ref()[B::slot(colour)]
    }

    /// The squares holding a side's towers, as a bitboard.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> B::Bits {
        self.occupied[side.index()]
    }

    /// The squares holding any tower, as a bitboard.
    #[inline]
    pub fn occupied(&self) -> B::Bits {
        self.occupied[0] | self.occupied[1]
    }

    /// The colour of a side's tower on a square, if it has one there.
    #[inline]
    pub fn colour_at(&self, side: Side, sq: Square<B>) -> Option<Colour> {
        if (self.occupied[side.index()] & sq.bit()).is_empty() {
            return None;
        }
        let row = &self.towers[side.index()];
        row.as_ref()
            .iter()
            .position(|&index| index as usize == sq.index())
            .map(|slot| B::COLOURS[slot])
    }

    /// The tower on a square, if any.
    pub fn tower_at(&self, sq: Square<B>) -> Option<Tower> {
        Side::BOTH.into_iter().find_map(|side| {
            self.colour_at(side, sq).map(|colour| Tower {
                side,
                colour,
                teeth: self.teeth(side, colour),
            })
        })
    }

    /// The tower that must move, if the side to move has no free choice.
    pub fn forced_tower(&self) -> Option<(Square<B>, Tower)> {
        self.forced.map(|colour| {
            (
                self.tower_square(self.side, colour),
                Tower {
                    side: self.side,
                    colour,
                    teeth: self.teeth(self.side, colour),
                },
            )
        })
    }

    /// The position turned 180° with the sides swapped: the same game seen
    /// from the other chair. Move counts and perft are unchanged.
    pub fn rotated(&self) -> Position<B> {
        let mut next = *self;
        let last = B::SQUARES as u8 - 1;
        for side in Side::BOTH {
            let other = (!side).index();
            for c in 0..B::SIZE {
                next.towers[other].as_mut()[c] = last - self.towers[side.index()].as_ref()[c];
            }
            next.teeth[other] = self.teeth[side.index()];
            next.occupied[other] = B::rotate_bits(self.occupied[side.index()]);
        }
        next.side = !self.side;
        next
    }

    /// The position mirrored left to right (files a↔h on 8×8), each tower
    /// renamed to the colour its square's colour becomes in the mirror, if
    /// the board allows it: the mirror must map each colour's squares onto
    /// one colour's squares. It does on 8×8 (brown↔orange, green↔blue,
    /// red↔purple, yellow↔pink) and 6×6, not on 10×10 (`None`). The rules
    /// do not tell a position from its mirror: the same moves, mirrored
    /// ([`Move::mirrored`]), have the same outcomes, and the start of a
    /// round is its own mirror.
    ///
    /// ```
    /// use kamisado_core::{Move, Position};
    /// let start = Position::start();
    /// assert_eq!(start.mirrored(), Some(start));
    /// let mv: Move = "g1-g7".parse().unwrap();
    /// let after = start.play(mv).unwrap();
    /// assert_eq!(after.mirrored(), Some(start.play(mv.mirrored()).unwrap()));
    /// ```
    pub fn mirrored(&self) -> Option<Position<B>> {
        let rename = mirror_colours::<B>()?;
        let mut next = *self;
        for side in Side::BOTH {
            let s = side.index();
            next.occupied[s] = B::Bits::ZERO;
            for &colour in B::COLOURS {
                let (from, to) = (B::slot(colour), B::slot(rename(colour)));
                let square =
                    Square::<B>::from_index_unchecked(u32::from(self.towers[s].as_ref()[from]))
                        .mirrored();
                next.towers[s].as_mut()[to] = square.index() as u8;
                next.teeth[s].as_mut()[to] = self.teeth[s].as_ref()[from];
                next.occupied[s] |= square.bit();
            }
        }
        next.forced = self.forced.map(rename);
        Some(next)
    }
}

/// The renaming of colours that mirroring board `B` left to right makes,
/// if each colour's squares mirror onto one colour's squares.
fn mirror_colours<B: Board>() -> Option<impl Fn(Colour) -> Colour> {
    let mut renamed: Vec<Option<Colour>> = vec![None; B::SIZE];
    for index in 0..B::SQUARES {
        let square = Square::<B>::from_index_unchecked(index as u32);
        let (colour, mirror) = (
            geometry::colour_of(square),
            geometry::colour_of(square.mirrored()),
        );
        match renamed[B::slot(colour)] {
            None => renamed[B::slot(colour)] = Some(mirror),
            Some(seen) if seen == mirror => {}
            Some(_) => return None,
        }
    }
    Some(move |colour: Colour| renamed[B::slot(colour)].unwrap_or(colour))
}
