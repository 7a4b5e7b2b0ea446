//! Checked positions, legal moves and playing them.

use std::fmt;
use std::str::FromStr;

use crate::geometry::{self, Bits, Board, Eight, STRAIGHT, colour_of, ray_bits, step};
use crate::illegal::zvezda_reach;
pub use crate::illegal::{IllegalMove, IllegalReason};
use crate::movelist::MoveList;
use crate::rules::Variant;
use crate::setup::{ParsePositionError, Setup};
use crate::tower::{MAX_TEETH, reach};
use crate::{Colour, Move, Rules, Side, Square, Tower};

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
    rules: Rules,
}

/// Why a setup is not a position the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition(pub String);

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.0)
    }
}

impl std::error::Error for InvalidPosition {}

/// A position's text that is unreadable or describes an invalid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text could not be read.
    Parse(ParsePositionError),
    /// The text was read but breaks a rule.
    Invalid(InvalidPosition),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Parse(e) => write!(f, "{e}"),
            PositionError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a sumo cannot push (R12), as found by [`Position::push_line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NoPush<B: Board> {
    NotSumo,
    NothingInFront,
    OwnTower(Square<B>),
    TooLong,
    NotLower(Square<B>),
    NoRoom,
}

/// Where a chain of forced passes leads (R7, R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chain {
    /// The forced tower can move, or any tower may.
    Free,
    /// The forced tower is blocked and the passes reach a tower that can move.
    Pass,
    /// The passes cycle: the round is over.
    Deadlock,
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
            rules,
        }
    }

    /// Checks a setup against the rules and builds the position (under `rules`).
    ///
    /// # Errors
    /// A side with other than one tower of each colour, both sides on the
    /// other's home row, or free choice with no legal move.
    pub fn from_setup(setup: &Setup<B>, rules: Rules) -> Result<Position<B>, InvalidPosition> {
        let mut seen = [[None::<Square<B>>; 10]; 2];
        let mut teeth = [B::Row::default(); 2];
        let mut occupied = [B::Bits::ZERO; 2];
        if setup.board.len() != B::SQUARES {
            return Err(InvalidPosition(format!(
                "the setup has {} squares; the {} board has {}",
                setup.board.len(),
                B::KIND,
                B::SQUARES
            )));
        }
        if let Some(colour) = setup.forced.filter(|&c| !B::has_colour(c)) {
            return Err(InvalidPosition(format!(
                "the {} board has no {} squares",
                B::KIND,
                colour.name()
            )));
        }
        for (index, tower) in setup.board.iter().enumerate() {
            let Some(tower) = tower else { continue };
            let sq = Square::new(index as u8).expect("board index");
            if !B::has_colour(tower.colour) {
                return Err(InvalidPosition(format!(
                    "the {} board has no {} towers, but {sq} holds one",
                    B::KIND,
                    tower.colour.name()
                )));
            }
            let slot = &mut seen[tower.side.index()][B::slot(tower.colour)];
            if let Some(other) = slot {
                return Err(InvalidPosition(format!(
                    "{} has two {} towers, on {other} and {sq}",
                    tower.side.name(),
                    tower.colour.name()
                )));
            }
            *slot = Some(sq);
            teeth[tower.side.index()].as_mut()[B::slot(tower.colour)] = tower.teeth;
            occupied[tower.side.index()] |= sq.bit();
        }
        let mut towers = [B::Row::default(); 2];
        for side in Side::BOTH {
            for (slot, &colour) in B::COLOURS.iter().enumerate() {
                towers[side.index()].as_mut()[slot] = seen[side.index()][slot]
                    .map(|sq| sq.index() as u8)
                    .ok_or_else(|| {
                        InvalidPosition(format!(
                            "{} has no {} tower; each side has one tower of each colour",
                            side.name(),
                            colour.name()
                        ))
                    })?;
            }
        }
        let position = Position {
            occupied,
            towers,
            teeth,
            side: setup.side,
            forced: setup.forced,
            pushed: setup.pushed,
            rules,
        };
        if position.occupied[0] & B::goal_row(Side::Black) != B::Bits::ZERO
            && position.occupied[1] & B::goal_row(Side::White) != B::Bits::ZERO
        {
            return Err(InvalidPosition(
                "both sides have a tower on the other's home row".to_string(),
            ));
        }
        if position.forced.is_none()
            && position.goal_reached().is_none()
            && position.legal_moves().is_empty()
        {
            return Err(InvalidPosition(format!(
                "{} may move any tower but none can move",
                position.side.name()
            )));
        }
        Ok(position)
    }

    /// The position as a [`Setup`] (without a match score).
    pub fn to_setup(&self) -> Setup<B> {
        let mut setup = Setup::empty();
        for side in Side::BOTH {
            for &colour in B::COLOURS {
                setup.board[self.tower_square(side, colour).index()] = Some(Tower {
                    side,
                    colour,
                    teeth: self.teeth(side, colour),
                });
            }
        }
        setup.side = self.side;
        setup.forced = self.forced;
        setup.pushed = self.pushed;
        setup
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

    /// The squares a side's tower of a colour may step to, as a bitboard,
    /// whoever is to move (R3, R11).
    #[inline(always)]
    pub fn tower_targets(&self, side: Side, colour: Colour) -> B::Bits {
        let (from, teeth) = (self.tower_square(side, colour), self.teeth(side, colour));
        if self.zvezda() {
            self.step_targets::<true>(side, from, teeth)
        } else {
            self.step_targets::<false>(side, from, teeth)
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

    /// The side with a tower on the other's home row, if any (R6).
    #[inline]
    fn goal_reached(&self) -> Option<Side> {
        if !(self.occupied[0] & B::goal_row(Side::Black)).is_empty() {
            Some(Side::Black)
        } else if !(self.occupied[1] & B::goal_row(Side::White)).is_empty() {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The squares a tower may step to (R3, R11).
    #[inline]
    fn step_targets<const ZVEZDA: bool>(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
        if ZVEZDA {
            return self.zvezda_targets(side, from, teeth);
        }
        let occupied = self.occupied();
        let mut targets = B::Bits::ZERO;
        for direction in 0..3 {
            let ray = ray_bits(side, direction, from);
            let blockers = ray & occupied;
            targets |= if blockers.is_empty() {
                ray
            } else {
                match side {
                    // Black's rays run up the indices: keep what lies below the first blocker.
                    Side::Black => ray & blockers.below_lowest(),
                    // White's run down: keep what lies above the highest blocker.
                    Side::White => ray & blockers.above_highest(),
                }
            };
        }
        targets & geometry::ranks_ahead::<B>(side, from.rank(), reach(teeth))
    }

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
    fn zvezda_targets(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
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
    fn zvezda_pushes(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
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

    /// The squares a tower may push into, as a bitboard.
    #[inline]
    fn pushes<const ZVEZDA: bool>(&self, side: Side, from: Square<B>, teeth: u8) -> B::Bits {
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
    fn zvezda(&self) -> bool {
        self.rules.variant == Variant::Zvezda
    }

    /// The push a tower could make (R12): the sumo's landing square and the
    /// square where the last pushed tower comes to rest.
    fn push_line(
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

    /// Adds the moves of the side to move's tower of `colour`.
    #[inline]
    fn generate_tower<const ZVEZDA: bool>(&self, colour: Colour, moves: &mut MoveList<B>) {
        let side = self.side;
        let from = self.tower_square(side, colour);
        let teeth = self.teeth(side, colour);
        let mut targets = self.step_targets::<ZVEZDA>(side, from, teeth);
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

    /// Whether a side's tower of a colour can neither step nor push.
    #[inline]
    fn blocked<const ZVEZDA: bool>(&self, side: Side, colour: Colour) -> bool {
        let from = self.tower_square(side, colour);
        let teeth = self.teeth(side, colour);
        self.step_targets::<ZVEZDA>(side, from, teeth).is_empty()
            && self.pushes::<ZVEZDA>(side, from, teeth).is_empty()
    }

    /// Follows the chain of forced passes from this position (R7, R8).
    fn chain<const ZVEZDA: bool>(&self) -> Chain {
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
        if self.zvezda() {
            self.legal_moves_in::<true>(moves);
        } else {
            self.legal_moves_in::<false>(moves);
        }
    }

    fn legal_moves_in<const ZVEZDA: bool>(&self, moves: &mut MoveList<B>) {
        if self.goal_reached().is_some() {
            return;
        }
        match self.forced {
            Some(colour) => {
                self.generate_tower::<ZVEZDA>(colour, moves);
                if moves.is_empty() && self.chain::<ZVEZDA>() == Chain::Pass {
                    moves.push(Move::Pass);
                }
            }
            None => {
                for &colour in B::COLOURS {
                    self.generate_tower::<ZVEZDA>(colour, moves);
                }
            }
        }
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.zvezda() {
            self.count_moves_in::<true>()
        } else {
            self.count_moves_in::<false>()
        }
    }

    #[inline]
    fn count_moves_in<const ZVEZDA: bool>(&self) -> u64 {
        if self.goal_reached().is_some() {
            return 0;
        }
        let count_tower = |colour: Colour| {
            let from = self.tower_square(self.side, colour);
            let teeth = self.teeth(self.side, colour);
            let steps = self
                .step_targets::<ZVEZDA>(self.side, from, teeth)
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
        let mut next = *self;
        let side = self.side;
        match mv {
            Move::Step { from, to } => {
                let colour = match self.forced {
                    Some(c) => c,
                    None => self.colour_at_unchecked(side, from),
                };
                let (occupied, towers) = self.moved(side, colour, from, to);
                return Position {
                    occupied,
                    towers,
                    teeth: self.teeth,
                    side: !side,
                    forced: Some(colour_of(to)),
                    pushed: false,
                    rules: self.rules,
                };
            }
            Move::Push { from, to } if self.rules.variant == Variant::Zvezda => {
                let colour = match self.forced {
                    Some(c) => c,
                    None => self.colour_at_unchecked(side, from),
                };
                // One tower, one square on in the sumo's direction; then the opponent moves.
                let rest =
                    Square::<B>::at(2 * to.file() - from.file(), 2 * to.rank() - from.rank())
                        .expect("play_unchecked takes legal pushes only");
                let pushed = self.colour_at_unchecked(!side, to);
                next.move_tower(!side, pushed, rest);
                next.move_tower(side, colour, to);
                next.side = !side;
                next.forced = Some(colour_of(rest));
                next.pushed = false;
            }
            Move::Push { from, to } => {
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
                    let behind =
                        Square::<B>::at(sq.file() - df, sq.rank() - dr).expect("in the line");
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
            }
            Move::Pass => {
                let colour = self.forced.expect("a pass has a forced tower");
                next.side = !side;
                next.forced = Some(colour_of(self.tower_square(side, colour)));
                next.pushed = false;
            }
        }
        next
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
            rules: self.rules,
        }
    }

    /// Explains why a move that is not legal here is not.
    fn why_illegal(&self, mv: Move<B>) -> IllegalReason<B> {
        if let Some(outcome) = self.outcome() {
            return IllegalReason::RoundOver {
                winner: outcome.winner,
                ending: outcome.ending,
            };
        }
        let side = self.side;
        let (from, to) = match mv {
            Move::Pass => {
                return match self.forced_tower() {
                    None => IllegalReason::PassWithFreeChoice,
                    Some((square, tower)) => IllegalReason::PassNotBlocked { tower, square },
                };
            }
            Move::Step { from, to } | Move::Push { from, to } => (from, to),
        };
        let Some(colour) = self.colour_at(side, from) else {
            return match self.tower_at(from) {
                Some(_) => IllegalReason::OpponentsTower { side, from },
                None => IllegalReason::NoTower { from },
            };
        };
        if let Some((square, forced)) = self.forced_tower()
            && forced.colour != colour
        {
            return IllegalReason::NotForced {
                forced,
                square,
                tried: colour,
                from,
            };
        }
        let tower = Tower {
            side,
            colour,
            teeth: self.teeth(side, colour),
        };
        if self.rules.variant == Variant::Zvezda {
            return IllegalReason::Zvezda {
                tower,
                push: matches!(mv, Move::Push { .. }),
            };
        }
        let (_, sr) = step(side, STRAIGHT);
        let df = to.file() - from.file();
        let dr = to.rank() - from.rank();
        let ahead = dr * sr;
        if let Move::Push { .. } = mv {
            if ahead != 1 || df != 0 {
                return IllegalReason::PushNotStraight {
                    ahead: Square::<B>::at(from.file(), from.rank() + sr),
                };
            }
            return match self.push_line(side, from, tower.teeth) {
                Err(NoPush::NotSumo) => IllegalReason::NotSumo { colour, from },
                Err(NoPush::NothingInFront) => IllegalReason::NothingToPush { to },
                Err(NoPush::OwnTower(square)) => IllegalReason::OwnTowerInLine { side, square },
                Err(NoPush::TooLong) => IllegalReason::LineTooLong { pusher: tower },
                Err(NoPush::NotLower(square)) => IllegalReason::NotLowerRank {
                    pusher: tower,
                    square,
                },
                Err(NoPush::NoRoom) => IllegalReason::NoRoomBehind,
                Ok(_) => IllegalReason::PushNotAllowed,
            };
        }
        if ahead <= 0 {
            return IllegalReason::NotForward;
        }
        if df != 0 && df.abs() != dr.abs() {
            return IllegalReason::NotStraightOrDiagonal;
        }
        if ahead > reach(tower.teeth) {
            return IllegalReason::TooFar {
                tower,
                reach: reach(tower.teeth) as u8,
            };
        }
        let (ff, fr) = (df.signum(), dr.signum());
        for i in 1..=ahead {
            let Some(square) = Square::<B>::at(from.file() + ff * i, from.rank() + fr * i) else {
                break;
            };
            if !(self.occupied() & square.bit()).is_empty() {
                return IllegalReason::PathBlocked { square };
            }
        }
        IllegalReason::NotAllowed
    }
}

impl<B: Board> fmt::Display for Position<B> {
    /// Writes the three-field notation of NOTATION.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl<B: Board> FromStr for Position<B> {
    type Err = PositionError;

    /// Reads a position under the standard rules; a match field, if present, is ignored
    /// (read it with [`crate::Match`]).
    fn from_str(s: &str) -> Result<Position<B>, PositionError> {
        let setup: Setup<B> = s.parse().map_err(PositionError::Parse)?;
        Position::from_setup(&setup, Rules::STANDARD).map_err(PositionError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_positions_are_refused() {
        for (text, needle) in [
            ("obvpyrgo/8/8/8/8/8/8/NGRYPVBO b -", "two orange"),
            ("obvpyrg1/8/8/8/8/8/8/NGRYPVBO b -", "no brown"),
            ("obvpyrgN/8/8/8/8/8/8/nGRYPVBO b -", "both sides"),
        ] {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn start_round_trips() {
        let text = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -";
        assert_eq!(text.parse::<Position>().unwrap(), Position::start());
        assert_eq!(Position::start().to_string(), text);
    }
}
