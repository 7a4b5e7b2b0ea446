//! A fixed-capacity list of moves, filled by the move generator without allocating.

use std::mem::MaybeUninit;
use std::ops::Deref;

use crate::Move;

/// The most legal moves a position can have: each of eight towers has at
/// most 27 targets on the lines through its square (a tower with three rings
/// under zvezda) and 8 pushes.
pub const MAX_MOVES: usize = 8 * (27 + 8);

/// The legal moves of a position, in generation order.
///
/// Its storage is left uninitialised past the moves it holds, so that making
/// a list at every node of a search costs nothing.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a move at the end.
    ///
    /// # Panics
    /// When the list already holds [`MAX_MOVES`] moves, which no position has.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `Move` is `Copy`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
