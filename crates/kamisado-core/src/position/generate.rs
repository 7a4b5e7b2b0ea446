//! The move generator: each tower's step and push targets as bitboards, the
//! legal moves in their fixed order, and their count; compiled once for the
//! standard rules and once for zvezda, each with and without the opening
//! limits of a round's first plies.

use crate::geometry::{self, Bits, Board};
use crate::movelist::MoveList;

use crate::rules::Variant;
use crate::tower::reach;
use crate::{Colour, Move, Side, Square};

use super::passes::Chain;
use super::{OPENING_REACH_BY_BITS, Position};

impl<B: Board> Position<B> {
    /// The squares a side's tower of a colour may step to, as a bitboard,
    /// whoever is to move (R3, R11).
    #[inline(always)]
    pub fn tower_targets(&self, side: Side, colour: Colour) -> B::Bits {
        let (from, teeth) = (self.tower_square(side, colour), self.teeth(side, colour));
        match (self.zvezda(), self.limited()) {
            (false, false) => self.opening_targets::<false, false>(side, from, teeth),
            (false, true) => self.opening_targets::<false, true>(side, from, teeth),
            (true, false) => self.opening_targets::<true, false>(side, from, teeth),
            (true, true) => self.opening_targets::<true, true>(side, from, teeth),
        }
    }

    /// The squares a side's tower of a colour may push into (where it lands),
    /// as a bitboard, whoever is to move: at most one under the standard rules
    /// (R12), one per direction under zvezda.
    #[inline]
    pub fn push_targets(&self, side: Side, colour: Colour) -> B::Bits {
        let (from, teeth) = (self.tower_square(side, colour), self.teeth(side, colour));
        if self.zvezda() {
            self.pushes::<true>(side, from, teeth)
        } else {
            self.pushes::<false>(side, from, teeth)
        }
    }

    /// Where a side's tower of a colour would land by pushing, if it may push
    /// (R12), whoever is to move; under zvezda, the first of [`Position::push_targets`].
    #[inline]
    pub fn push_target(&self, side: Side, colour: Colour) -> Option<Square<B>> {
        let pushes = self.push_targets(side, colour);
        (!pushes.is_empty()).then(|| Square::from_index_unchecked(pushes.trailing_zeros()))
    }

    /// The squares a tower may step to (R3, R11).
    #[inline]
    pub(super) fn step_targets<const ZVEZDA: bool>(
        &self,
        side: Side,
        from: Square<B>,
        teeth: u8,
    ) -> B::Bits {
        if ZVEZDA {
            return self.zvezda_targets(side, from, teeth);
        }
        geometry::forward_targets(side, from, self.occupied(), reach(teeth))
    }

    /// The squares a tower may step to in this ply of the round: under
    /// `opening-limits` (`LIMITED`, compiled apart so that other rule sets
    /// pay nothing for it) at most 1, 3 or 5 squares in a round's first plies.
    #[inline(always)]
    pub(super) fn opening_targets<const ZVEZDA: bool, const LIMITED: bool>(
        &self,
        side: Side,
        from: Square<B>,
        teeth: u8,
    ) -> B::Bits {
        let targets = self.step_targets::<ZVEZDA>(side, from, teeth);
        if !LIMITED {
            return targets;
        }
        let limit = OPENING_REACH_BY_BITS[(self.opening & 7) as usize];
        targets
            & if ZVEZDA {
                geometry::within(from, limit)
            } else {
                geometry::ranks_ahead::<B>(side, from.rank(), limit)
            }
    }

    /// Whether the opening limits shorten the next move (`opening-limits`).
    #[inline(always)]
    pub(super) fn limited(&self) -> bool {
        self.opening != 0
    }

    /// The squares a tower may push into, as a bitboard.
    #[inline]
    pub(super) fn pushes<const ZVEZDA: bool>(
        &self,
        side: Side,
        from: Square<B>,
        teeth: u8,
    ) -> B::Bits {
        if teeth == 0 {
            B::Bits::ZERO
        } else if ZVEZDA {
            self.zvezda_pushes(side, from, teeth)
        } else {
            self.push_line(side, from, teeth)
                .map_or(B::Bits::ZERO, |(to, _)| to.bit())
        }
    }

    /// Whether the zvezda option is in force (the move generator is compiled
    /// once for each variant, so that the standard game pays nothing for it).
    #[inline]
    pub(super) fn zvezda(&self) -> bool {
        self.rules.variant == Variant::Zvezda
    }

    /// Adds the moves of the side to move's tower of `colour`.
    #[inline]
    fn generate_tower<const ZVEZDA: bool, const LIMITED: bool>(
        &self,
        colour: Colour,
        moves: &mut MoveList<B>,
    ) {
        let side = self.side;
        let from = self.tower_square(side, colour);
        let teeth = self.teeth(side, colour);
        let mut targets = self.opening_targets::<ZVEZDA, LIMITED>(side, from, teeth);
        while !targets.is_empty() {
            let to = Square::from_index_unchecked(targets.trailing_zeros());
            moves.push(Move::Step { from, to });
            targets = targets.clear_lowest();
        }
        let mut pushes = self.pushes::<ZVEZDA>(side, from, teeth);
        while !pushes.is_empty() {
            let to = Square::from_index_unchecked(pushes.trailing_zeros());
            moves.push(Move::Push { from, to });
            pushes = pushes.clear_lowest();
        }
    }

    /// Every legal move, in a fixed order: by tower colour, then target square
    /// in index order, then the push. Empty when the round is over.
    #[inline]
    pub fn legal_moves(&self) -> MoveList<B> {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Position::legal_moves`] written into a list the caller owns (its
    /// moves are replaced), which saves a copy in search loops.
    #[inline]
    pub fn legal_moves_into(&self, moves: &mut MoveList<B>) {
        moves.truncate(0);
        match (self.zvezda(), self.limited()) {
            (false, false) => self.legal_moves_in::<false, false>(moves),
            (true, false) => self.legal_moves_in::<true, false>(moves),
            (false, true) => self.legal_moves_in::<false, true>(moves),
            (true, true) => self.legal_moves_in::<true, true>(moves),
        }
    }

    fn legal_moves_in<const ZVEZDA: bool, const LIMITED: bool>(&self, moves: &mut MoveList<B>) {
        if self.goal_reached().is_some() {
            return;
        }
        match self.forced {
            Some(colour) => {
                self.generate_tower::<ZVEZDA, LIMITED>(colour, moves);
                if moves.is_empty() && self.chain::<ZVEZDA>() == Chain::Pass {
                    moves.push(Move::Pass);
                }
            }
            None => {
                for &colour in B::COLOURS {
                    self.generate_tower::<ZVEZDA, LIMITED>(colour, moves);
                }
            }
        }
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        match (self.zvezda(), self.limited()) {
            (false, false) => self.count_moves_in::<false, false>(),
            (true, false) => self.count_moves_in::<true, false>(),
            (false, true) => self.count_moves_in::<false, true>(),
            (true, true) => self.count_moves_in::<true, true>(),
        }
    }

    #[inline]
    fn count_moves_in<const ZVEZDA: bool, const LIMITED: bool>(&self) -> u64 {
        if self.goal_reached().is_some() {
            return 0;
        }
        let count_tower = |colour: Colour| {
            let from = self.tower_square(self.side, colour);
            let teeth = self.teeth(self.side, colour);
            let steps = self
                .opening_targets::<ZVEZDA, LIMITED>(self.side, from, teeth)
                .count_ones() as u64;
            steps + self.pushes::<ZVEZDA>(self.side, from, teeth).count_ones() as u64
        };
        match self.forced {
            Some(colour) => match count_tower(colour) {
                0 => (self.chain::<ZVEZDA>() == Chain::Pass) as u64,
                n => n,
            },
            None => B::COLOURS.iter().map(|&c| count_tower(c)).sum(),
        }
    }
}
