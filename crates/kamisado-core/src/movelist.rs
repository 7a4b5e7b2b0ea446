//! A fixed-capacity list of moves, filled by the move generator without allocating.

use std::mem::MaybeUninit;
use std::ops::Deref;

use crate::Move;
use crate::geometry::{Board, Eight};

/// The legal moves of a position, in generation order.
///
/// Its storage is left uninitialised past the moves it holds, so that making
/// a list at every node of a search costs nothing.
pub struct MoveList<B: Board = Eight> {
    moves: MaybeUninit<B::Store<Move<B>>>,
    len: usize,
}

impl<B: Board> Clone for MoveList<B> {
    fn clone(&self) -> MoveList<B> {
        *self
    }
}

impl<B: Board> Copy for MoveList<B> {}

impl<B: Board> MoveList<B> {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList<B> {
        MoveList {
            moves: MaybeUninit::uninit(),
            len: 0,
        }
    }

    /// Adds a move at the end.
    ///
    /// # Panics
    /// When the list already holds [`Board::MAX_MOVES`] moves, which no position has.
    #[inline]
    pub fn push(&mut self, mv: Move<B>) {
        assert!(
            self.len < B::MAX_MOVES,
            "a move list holds at most {} moves",
            B::MAX_MOVES
        );
        // SAFETY: the store holds `B::MAX_MOVES` moves and `len` is below that.
        unsafe {
            self.moves
                .as_mut_ptr()
                .cast::<Move<B>>()
                .add(self.len)
                .write(mv)
        };
        self.len += 1;
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

impl<B: Board> Default for MoveList<B> {
    fn default() -> MoveList<B> {
        MoveList::new()
    }
}

impl<B: Board> Deref for MoveList<B> {
    type Target = [Move<B>];

    #[inline]
    fn deref(&self) -> &[Move<B>] {
        // SAFETY: the first `len` entries were written by `push`, and `Move` is `Copy`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move<B>>(), self.len) }
    }
}

impl<B: Board> std::ops::DerefMut for MoveList<B> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move<B>] {
        // SAFETY: as in `deref`.
        unsafe {
            std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move<B>>(), self.len)
        }
    }
}

impl<'a, B: Board> IntoIterator for &'a MoveList<B> {
    type Item = &'a Move<B>;
    type IntoIter = std::slice::Iter<'a, Move<B>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<B: Board> std::fmt::Debug for MoveList<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
