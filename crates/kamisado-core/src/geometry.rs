//! The boards: their size, the colour of every square, rays and home rows.
//!
//! Everything that depends on the shape of the board lives here. A board is a
//! type that implements [`Board`]: [`Eight`] is the standard 8×8 board of R1,
//! [`Six`] the 6×6 board with six colours and [`Ten`] the 10×10 board with ten.
//! The rest of the library is generic over the board, and every type defaults
//! to [`Eight`], so that `Position` means the standard game. Each board has its
//! own tables, built at compile time, and the bitboards of the 10×10 board are
//! `u128`; the standard game's code is compiled for its own board alone.
//!
//! The layouts of the 6×6 and 10×10 boards come from [`construct_layout`],
//! described in `docs/boards.md`.

use std::fmt::{self, Debug};
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};
use std::str::FromStr;

use crate::{Colour, Side, Square};

/// A set of squares, one bit per square index: `u64` or `u128`.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Every bit set.
    const MAX: Self;
    /// The width in bits.
    const BITS: u32;
    /// The set holding square index `index` alone.
    fn bit(index: usize) -> Self;
    /// Index of the lowest set bit (`BITS` when empty).
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set bit.
    fn leading_zeros(self) -> u32;
    /// Number of squares in the set.
    fn count_ones(self) -> u32;
    /// The set without its lowest square.
    fn clear_lowest(self) -> Self;
    /// The bits below the lowest set bit (all bits when empty).
    fn below_lowest(self) -> Self;
    /// The bits above the highest set bit (the set must not be empty).
    fn above_highest(self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const MAX: $t = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn bit(index: usize) -> $t {
                1 << index
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn clear_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn below_lowest(self) -> $t {
                (self & self.wrapping_neg()).wrapping_sub(1)
            }
            #[inline]
            fn above_highest(self) -> $t {
                (<$t>::MAX << (<$t>::BITS - 1 - <$t>::leading_zeros(self))) << 1
            }
            #[inline]
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The squares of a set, lowest index first.
///
/// ```
/// use kamisado_core::geometry::{squares, Eight};
/// let names: Vec<String> = squares::<Eight>(0b101).map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a1", "c1"]);
/// ```
pub fn squares<B: Board>(mut bits: B::Bits) -> impl Iterator<Item = Square<B>> {
    std::iter::from_fn(move || {
        if bits.is_empty() {
            return None;
        }
        let sq = Square::from_index_unchecked(bits.trailing_zeros());
        bits = bits.clear_lowest();
        Some(sq)
    })
}

/// The three board sizes, as a value: what a record, an option or a command
/// line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum BoardSize {
    /// 6×6, six colours.
    Six,
    /// 8×8, the standard board (R1).
    #[default]
    Eight,
    /// 10×10, ten colours.
    Ten,
}

impl BoardSize {
    /// Every size, smallest first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Six, BoardSize::Eight, BoardSize::Ten];

    /// Squares along one edge.
    pub const fn edge(self) -> usize {
        match self {
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    /// The name used in records and options: `6x6`, `8x8` or `10x10`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Six => "6x6",
            BoardSize::Eight => "8x8",
            BoardSize::Ten => "10x10",
        }
    }

    /// The board a position's text is written for, from its number of ranks.
    ///
    /// ```
    /// use kamisado_core::geometry::BoardSize;
    /// assert_eq!(BoardSize::of_position("obpygn/6/6/6/6/NGYPBO b -"), Some(BoardSize::Six));
    /// assert_eq!(BoardSize::of_position("nonsense"), None);
    /// ```
    pub fn of_position(text: &str) -> Option<BoardSize> {
        let board = text.split(' ').next()?;
        let ranks = board.split('/').count();
        BoardSize::ALL.into_iter().find(|s| s.edge() == ranks)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board name that is not one of `6x6`, `8x8` or `10x10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError(pub String);

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a board: expected 6x6, 8x8 or 10x10 (or 6, 8, 10)",
            self.0
        )
    }
}

impl std::error::Error for ParseBoardError {}

impl FromStr for BoardSize {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<BoardSize, ParseBoardError> {
        let lower = s.to_ascii_lowercase().replace('×', "x");
        BoardSize::ALL
            .into_iter()
            .find(|b| b.name() == lower || b.edge().to_string() == lower)
            .ok_or_else(|| ParseBoardError(s.to_string()))
    }
}

/// Runs generic code for the board a [`BoardSize`] names: inside `$body`,
/// `$B` is the board type.
///
/// ```
/// use kamisado_core::{with_board, geometry::BoardSize, Position, Rules};
/// let size: BoardSize = "6x6".parse().unwrap();
/// let moves = with_board!(size, B => Position::<B>::start_with(Rules::STANDARD).legal_moves().len());
/// assert_eq!(moves, 52);
/// ```
#[macro_export]
macro_rules! with_board {
    ($size:expr, $B:ident => $body:expr) => {
        match $size {
            $crate::geometry::BoardSize::Six => {
                type $B = $crate::geometry::Six;
                $body
            }
            $crate::geometry::BoardSize::Eight => {
                type $B = $crate::geometry::Eight;
                $body
            }
            $crate::geometry::BoardSize::Ten => {
                type $B = $crate::geometry::Ten;
                $body
            }
        }
    };
}

/// One board: its size, colours, layout and precomputed rays.
///
/// The three implementations are [`Six`], [`Eight`] and [`Ten`]; the trait is
/// sealed in practice, since the rest of the library relies on their tables.
pub trait Board:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + PartialOrd + Ord + Send + Sync + 'static
{
    /// A set of squares of this board.
    type Bits: Bits;
    /// One byte per colour of this board, in slot order.
    type Row: Copy + Eq + Hash + Debug + Default + AsRef<[u8]> + AsMut<[u8]> + Send + Sync;
    /// Storage for a move list of this board.
    type Store<T: Copy>: Copy;
    /// The size as a value.
    const KIND: BoardSize;
    /// Squares along one edge.
    const SIZE: usize;
    /// The colours of this board, in slot order (see [`Board::slot`]).
    const COLOURS: &'static [Colour];
    /// The most moves a position of this board can have.
    const MAX_MOVES: usize;

    /// The slot of a colour of this board: its index in [`Board::COLOURS`].
    /// A colour that is not on this board gives a slot out of range.
    fn slot(colour: Colour) -> usize;
    /// The colour of the square with this index.
    fn colour_at(index: usize) -> Colour;
    /// The squares from square `index` to the edge in a compass direction.
    fn compass_ray(direction: usize, index: usize) -> Self::Bits;
    /// The squares at most `distance` king steps from square `index`
    /// (`distance` below `SIZE - 1`).
    fn within_table(index: usize, distance: usize) -> Self::Bits;
    /// The ranks 1 to `distance` ranks ahead of `rank` for `side` (`distance` below `SIZE`).
    fn ranks_ahead_table(side: Side, rank: usize, distance: usize) -> Self::Bits;
    /// The squares of one colour, as a bitboard (empty for a colour not on this board).
    fn colour_squares(colour: Colour) -> Self::Bits;
    /// A row with byte `slot` replaced, computed in registers: writing one
    /// byte of a position that is copied right after stalls the copy.
    fn with_slot(row: Self::Row, slot: usize, value: u8) -> Self::Row;

    /// Squares on the board.
    const SQUARES: usize = Self::SIZE * Self::SIZE;

    /// Whether a colour is one of this board's.
    #[inline]
    fn has_colour(colour: Colour) -> bool {
        Self::slot(colour) < Self::COLOURS.len()
    }

    /// All squares of one rank (0-based), as a bitboard.
    #[inline]
    fn rank_bits(rank: i32) -> Self::Bits {
        let one_rank = !(Self::Bits::MAX << Self::SIZE as u32);
        one_rank << (rank as u32 * Self::SIZE as u32)
    }

    /// The rank (0-based) of a side's home row: 0 for Black, the last for White.
    #[inline]
    fn home_rank(side: Side) -> i32 {
        match side {
            Side::Black => 0,
            Side::White => Self::SIZE as i32 - 1,
        }
    }

    /// A side's home row as a bitboard.
    #[inline]
    fn home_row(side: Side) -> Self::Bits {
        Self::rank_bits(Self::home_rank(side))
    }

    /// The row a side's towers must reach to win (the opponent's home row, R6).
    #[inline]
    fn goal_row(side: Side) -> Self::Bits {
        Self::home_row(!side)
    }

    /// Every square of the board.
    #[inline]
    fn all_squares() -> Self::Bits {
        !(Self::Bits::MAX << (Self::SQUARES as u32 - 1)) | Self::Bits::bit(Self::SQUARES - 1)
    }

    /// A set turned 180°.
    #[inline]
    fn rotate_bits(bits: Self::Bits) -> Self::Bits {
        bits.reverse_bits() >> (Self::Bits::BITS - Self::SQUARES as u32)
    }
}

/// The colour of a square (R1, or the construction of `docs/boards.md`).
///
/// ```
/// use kamisado_core::{geometry, Colour, Square};
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(geometry::colour_of(a1), Colour::Brown);
/// ```
#[inline]
pub fn colour_of<B: Board>(square: Square<B>) -> Colour {
    B::colour_at(square.index())
}

/// The square of a colour on a rank (each rank holds each colour once).
///
/// # Panics
/// If the colour is not one of the board's.
pub fn square_of<B: Board>(colour: Colour, rank: i32) -> Square<B> {
    (0..B::SIZE as i32)
        .filter_map(|file| Square::at(file, rank))
        .find(|&sq| colour_of(sq) == colour)
        .expect("every rank holds every colour of its board once")
}

/// The three forward directions of R3, as (file step, rank step) for Black;
/// White's are the same turned 180°. Index 1 is straight ahead.
pub const DIRECTIONS: [(i32, i32); 3] = [(-1, 1), (0, 1), (1, 1)];

/// Index of the straight-ahead direction in [`DIRECTIONS`].
pub const STRAIGHT: usize = 1;

/// The (file, rank) step of a direction for a side.
pub const fn step(side: Side, direction: usize) -> (i32, i32) {
    let (df, dr) = DIRECTIONS[direction];
    match side {
        Side::Black => (df, dr),
        Side::White => (-df, -dr),
    }
}

/// The squares a tower of `side` on `from` would cross moving in `direction`
/// on an empty board, nearest first in index order for Black and last for White.
#[inline]
pub fn ray_bits<B: Board>(side: Side, direction: usize, from: Square<B>) -> B::Bits {
    // DIRECTIONS are the compass turns 7, 0 and 1 (forward-left, forward, forward-right).
    compass_ray_bits(compass_for(side, (direction + 7) % 8), from)
}

/// The eight compass directions as (file step, rank step), from Black's side:
/// north (towards the last rank) first, then clockwise.
pub const COMPASS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The squares from `from` to the edge in a compass direction, on an empty board.
#[inline]
pub fn compass_ray_bits<B: Board>(direction: usize, from: Square<B>) -> B::Bits {
    B::compass_ray(direction, from.index())
}

/// Whether a compass direction runs towards higher square indices.
#[inline]
pub const fn runs_up(direction: usize) -> bool {
    let (df, dr) = COMPASS[direction];
    dr > 0 || (dr == 0 && df > 0)
}

/// The compass direction a side calls forward, turned by `turn` eighths
/// clockwise (0 forward, 2 right, 4 back, 6 left, as that player sees the board).
pub const fn compass_for(side: Side, turn: usize) -> usize {
    match side {
        Side::Black => turn % 8,
        Side::White => (turn + 4) % 8,
    }
}

/// The squares at most `distance` king steps from `from` (the edge or more: the whole board).
#[inline]
pub fn within<B: Board>(from: Square<B>, distance: i32) -> B::Bits {
    if distance >= B::SIZE as i32 - 1 {
        B::Bits::MAX
    } else {
        B::within_table(from.index(), distance.max(0) as usize)
    }
}

/// The ranks at most `distance` ranks ahead of `rank` for `side`, as a bitboard.
#[inline]
pub fn ranks_ahead<B: Board>(side: Side, rank: i32, distance: i32) -> B::Bits {
    let d = distance.clamp(0, B::SIZE as i32 - 1) as usize;
    B::ranks_ahead_table(side, rank as usize, d)
}

/// Builds a board's colour layout by the construction of `docs/boards.md`:
/// colours are numbered 0 to `size - 1` in the order of White's home row (the
/// top row, from file a), and the layout is the first, in reading order from
/// the top row down and from file a, of those that
///
/// - hold each colour once in every rank and every file,
/// - have colour 0 on the whole diagonal from the top-left corner and colour
///   `size - 1` on the whole diagonal from the top-right corner,
/// - are the same turned 180°,
/// - and have the colours in order along the top row.
///
/// Returns the rows from the top, or `None` for a size with no such layout
/// (odd sizes, and 2).
///
/// ```
/// use kamisado_core::geometry::construct_layout;
/// let six = construct_layout(6).unwrap();
/// assert_eq!(six[0], [0, 1, 2, 3, 4, 5]);
/// assert_eq!(six[5], [5, 4, 3, 2, 1, 0]);
/// ```
pub fn construct_layout(size: usize) -> Option<Vec<Vec<usize>>> {
    struct Search {
        n: usize,
        grid: Vec<Vec<Option<usize>>>,
        rows: Vec<u32>,
        files: Vec<u32>,
    }
    impl Search {
        fn put(&mut self, rank: usize, file: usize, colour: usize) {
            self.grid[rank][file] = Some(colour);
            self.rows[rank] |= 1 << colour;
            self.files[file] |= 1 << colour;
        }
        fn take(&mut self, rank: usize, file: usize, colour: usize) {
            self.grid[rank][file] = None;
            self.rows[rank] &= !(1 << colour);
            self.files[file] &= !(1 << colour);
        }
        /// Fills the upper half in reading order; each square's 180° twin with it.
        fn fill(&mut self, cell: usize) -> bool {
            let n = self.n;
            if cell == n / 2 * n {
                return true;
            }
            let (row, file) = (cell / n, cell % n);
            if self.grid[row][file].is_some() {
                return self.fill(cell + 1);
            }
            let (twin_row, twin_file) = (n - 1 - row, n - 1 - file);
            for colour in 0..n {
                let on_first_diagonal = file == row;
                let on_second_diagonal = file == n - 1 - row;
                if on_first_diagonal != (colour == 0) || on_second_diagonal != (colour == n - 1) {
                    continue;
                }
                let used =
                    self.rows[row] | self.files[file] | self.rows[twin_row] | self.files[twin_file];
                if used & (1 << colour) != 0 {
                    continue;
                }
                self.put(row, file, colour);
                self.put(twin_row, twin_file, colour);
                if self.fill(cell + 1) {
                    return true;
                }
                self.take(twin_row, twin_file, colour);
                self.take(row, file, colour);
            }
            false
        }
    }
    if size < 4 || size % 2 == 1 || size > 16 {
        return None;
    }
    let mut search = Search {
        n: size,
        grid: vec![vec![None; size]; size],
        rows: vec![0; size],
        files: vec![0; size],
    };
    for file in 0..size {
        search.put(0, file, file);
        search.put(size - 1, size - 1 - file, file);
    }
    if !search.fill(size) {
        return None;
    }
    Some(
        search
            .grid
            .into_iter()
            .map(|row| row.into_iter().map(|c| c.expect("filled")).collect())
            .collect(),
    )
}

const fn colour_of_letter(letter: u8) -> Colour {
    match letter {
        b'o' => Colour::Orange,
        b'b' => Colour::Blue,
        b'v' => Colour::Purple,
        b'p' => Colour::Pink,
        b'y' => Colour::Yellow,
        b'r' => Colour::Red,
        b'g' => Colour::Green,
        b'n' => Colour::Brown,
        b'i' => Colour::Ivory,
        b'c' => Colour::Charcoal,
        _ => panic!("bad colour letter in a board layout"),
    }
}

/// Defines a board type and its compile-time tables.
macro_rules! board {
    (
        $(#[$doc:meta])*
        $name:ident, $module:ident, size $n:literal, bits $bits:ty, row $row:ty,
        colours [$($colour:ident),*], slot |$c:ident| $slot:expr,
        layout $layout:expr
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name;

        mod $module {
            use super::*;

            pub(super) const N: usize = $n;
            pub(super) const COLOURS: &[Colour] = &[$(Colour::$colour),*];
            /// The colour letters of each rank, rank 1 first, each from file a.
            const RANKS: [&[u8; N]; N] = $layout;

            #[allow(dead_code)]
            pub(super) const SLOTS: [u8; 10] = {
                let mut slots = [u8::MAX; 10];
                let mut i = 0;
                while i < COLOURS.len() {
                    slots[COLOURS[i] as usize] = i as u8;
                    i += 1;
                }
                slots
            };

            pub(super) const COLOUR_OF: [Colour; N * N] = {
                let mut table = [Colour::Orange; N * N];
                let mut i = 0;
                while i < N * N {
                    table[i] = colour_of_letter(RANKS[i / N][i % N]);
                    i += 1;
                }
                table
            };

            pub(super) const COLOUR_SQUARES: [$bits; 10] = {
                let mut table = [0; 10];
                let mut i = 0;
                while i < N * N {
                    table[COLOUR_OF[i] as usize] |= 1 << i;
                    i += 1;
                }
                table
            };

            const fn compass_ray(direction: usize, from: usize) -> $bits {
                let (df, dr) = COMPASS[direction];
                let mut file = (from % N) as i32 + df;
                let mut rank = (from / N) as i32 + dr;
                let mut bits: $bits = 0;
                while file >= 0 && rank >= 0 && file < N as i32 && rank < N as i32 {
                    bits |= 1 << (rank as usize * N + file as usize);
                    file += df;
                    rank += dr;
                }
                bits
            }

            pub(super) const RAYS: [[$bits; N * N]; 8] = {
                let mut table = [[0; N * N]; 8];
                let mut d = 0;
                while d < 8 {
                    let mut sq = 0;
                    while sq < N * N {
                        table[d][sq] = compass_ray(d, sq);
                        sq += 1;
                    }
                    d += 1;
                }
                table
            };

            pub(super) const WITHIN: [[$bits; N]; N * N] = {
                let mut table = [[0; N]; N * N];
                let mut sq = 0;
                while sq < N * N {
                    let (f, r) = ((sq % N) as i32, (sq / N) as i32);
                    let mut d = 0;
                    while d < N {
                        let mut bits: $bits = 0;
                        let mut t = 0;
                        while t < N * N {
                            let (tf, tr) = ((t % N) as i32, (t / N) as i32);
                            if (tf - f).abs() <= d as i32 && (tr - r).abs() <= d as i32 {
                                bits |= 1 << t;
                            }
                            t += 1;
                        }
                        table[sq][d] = bits;
                        d += 1;
                    }
                    sq += 1;
                }
                table
            };

            const fn rank_bits(rank: i32) -> $bits {
                (<$bits>::MAX >> (<$bits>::BITS as usize - N)) << (rank as usize * N)
            }

            pub(super) const fn ranks_ahead_slow(side: usize, rank: i32, distance: i32) -> $bits {
                let mut bits: $bits = 0;
                let mut d = 1;
                while d <= distance {
                    let r = if side == 0 { rank + d } else { rank - d };
                    if r >= 0 && r < N as i32 {
                        bits |= rank_bits(r);
                    }
                    d += 1;
                }
                bits
            }

            pub(super) const RANKS_AHEAD: [[[$bits; N]; N]; 2] = {
                let mut table = [[[0; N]; N]; 2];
                let mut s = 0;
                while s < 2 {
                    let mut rank = 0;
                    while rank < N {
                        let mut d = 0;
                        while d < N {
                            table[s][rank][d] = ranks_ahead_slow(s, rank as i32, d as i32);
                            d += 1;
                        }
                        rank += 1;
                    }
                    s += 1;
                }
                table
            };
        }

        impl Board for $name {
            type Bits = $bits;
            type Row = [u8; $n];
            type Store<T: Copy> = [T; $n * (4 * $n + 3)];
            const KIND: BoardSize = BoardSize::$name;
            const SIZE: usize = $n;
            const COLOURS: &'static [Colour] = $module::COLOURS;
            const MAX_MOVES: usize = $n * (4 * $n + 3);

            #[inline]
            fn slot($c: Colour) -> usize {
                $slot
            }
            #[inline]
            fn colour_at(index: usize) -> Colour {
                $module::COLOUR_OF[index]
            }
            #[inline]
            fn compass_ray(direction: usize, index: usize) -> $bits {
                $module::RAYS[direction][index]
            }
            #[inline]
            fn within_table(index: usize, distance: usize) -> $bits {
                $module::WITHIN[index][distance]
            }
            #[inline]
            fn ranks_ahead_table(side: Side, rank: usize, distance: usize) -> $bits {
                $module::RANKS_AHEAD[side as usize][rank][distance]
            }
            #[inline]
            fn colour_squares(colour: Colour) -> $bits {
                $module::COLOUR_SQUARES[colour as usize]
            }
            #[inline]
            fn with_slot(row: [u8; $n], slot: usize, value: u8) -> [u8; $n] {
                debug_assert!(slot < $n, "slot {slot} is not on the board");
                const WIDTH: usize = std::mem::size_of::<$row>();
                let mut wide = [0u8; WIDTH];
                wide[..$n].copy_from_slice(&row);
                let bits = <$row>::from_le_bytes(wide);
                let shift = (slot as u32 * 8) % <$row>::BITS;
                let bits = (bits & !(0xFF << shift)) | ((value as $row) << shift);
                let mut out = [0u8; $n];
                out.copy_from_slice(&bits.to_le_bytes()[..$n]);
                out
            }
        }
    };
}

board! {
    /// The standard 8×8 board of R1, with eight colours.
    Eight, eight, size 8, bits u64, row u64,
    colours [Orange, Blue, Purple, Pink, Yellow, Red, Green, Brown],
    slot |colour| colour as usize,
    layout [
        b"ngrypvbo", // 1: brown green red yellow pink purple blue orange
        b"vnybgpor", // 2
        b"bynvropg", // 3
        b"yrgnobvp", // 4
        b"pvbongry", // 5
        b"gporvnyb", // 6
        b"ropgbynv", // 7
        b"obvpyrgn", // 8: orange blue purple pink yellow red green brown
    ]
}

board! {
    /// The 6×6 board with six colours (no purple or red), laid out by the
    /// construction of `docs/boards.md`.
    Six, six, size 6, bits u64, row u64,
    colours [Orange, Blue, Pink, Yellow, Green, Brown],
    slot |colour| six::SLOTS[colour as usize] as usize,
    layout [
        b"ngypbo", // 1
        b"yngbop", // 2
        b"gynopb", // 3
        b"bponyg", // 4
        b"pobgny", // 5
        b"obpygn", // 6
    ]
}

board! {
    /// The 10×10 board with ten colours (the eight and ivory and charcoal),
    /// laid out by the construction of `docs/boards.md`.
    Ten, ten, size 10, bits u128, row u128,
    colours [Orange, Blue, Purple, Pink, Yellow, Red, Green, Brown, Ivory, Charcoal],
    slot |colour| colour as usize,
    layout [
        b"ngrycipvbo", // 1
        b"gnciryvpob", // 2
        b"yinrgbcopv", // 3
        b"rygnpvobci", // 4
        b"crygnobivp", // 5
        b"pvibongyrc", // 6
        b"icbovpngyr", // 7
        b"vpocbgrniy", // 8
        b"bopvyricng", // 9
        b"obvpicyrgn", // 10
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq<B: Board>(file: i32, rank: i32) -> Square<B> {
        Square::at(file, rank).unwrap()
    }

    /// The top row's colours from file a, as the construction numbers them.
    fn home_order<B: Board>() -> Vec<Colour> {
        (0..B::SIZE as i32)
            .map(|f| colour_of::<B>(sq(f, B::SIZE as i32 - 1)))
            .collect()
    }

    fn check_r1_properties<B: Board>() {
        let n = B::SIZE as i32;
        let order = home_order::<B>();
        for i in 0..n {
            let mut rank_seen = [false; 10];
            let mut file_seen = [false; 10];
            for j in 0..n {
                rank_seen[colour_of::<B>(sq(j, i)).index()] = true;
                file_seen[colour_of::<B>(sq(i, j)).index()] = true;
            }
            for &c in B::COLOURS {
                assert!(
                    rank_seen[c.index()],
                    "{} rank {i} lacks {}",
                    B::KIND,
                    c.name()
                );
                assert!(
                    file_seen[c.index()],
                    "{} file {i} lacks {}",
                    B::KIND,
                    c.name()
                );
            }
        }
        let (first, last) = (order[0], order[B::SIZE - 1]);
        for i in 0..n {
            assert_eq!(colour_of::<B>(sq(i, i)), last, "{}", B::KIND);
            assert_eq!(colour_of::<B>(sq(i, n - 1 - i)), first, "{}", B::KIND);
        }
        for i in 0..B::SQUARES as u8 {
            let s = Square::<B>::new(i).unwrap();
            assert_eq!(colour_of(s), colour_of(s.rotated()));
        }
        assert_eq!(B::COLOURS.len(), B::SIZE);
        for (slot, &c) in B::COLOURS.iter().enumerate() {
            assert_eq!(B::slot(c), slot);
        }
    }

    #[test]
    fn r1_every_board_keeps_the_properties_of_r1() {
        check_r1_properties::<Six>();
        check_r1_properties::<Eight>();
        check_r1_properties::<Ten>();
        assert_eq!(colour_of::<Eight>(sq(0, 0)), Colour::Brown);
        assert_eq!(colour_of::<Eight>(sq(7, 0)), Colour::Orange);
    }

    fn check_constructed<B: Board>() {
        let order = home_order::<B>();
        let layout = construct_layout(B::SIZE).expect("a layout");
        for (row, colours) in layout.iter().enumerate() {
            let rank = B::SIZE as i32 - 1 - row as i32;
            for (file, &c) in colours.iter().enumerate() {
                assert_eq!(
                    colour_of::<B>(sq(file as i32, rank)),
                    order[c],
                    "{}",
                    B::KIND
                );
            }
        }
    }

    #[test]
    fn the_small_and_large_boards_are_the_construction() {
        check_constructed::<Six>();
        check_constructed::<Ten>();
        // The construction's 8×8 layout is not the board of R1, which the game defines.
        let eight = construct_layout(8).expect("an 8×8 layout");
        let r1 = home_order::<Eight>();
        let differs = eight.iter().enumerate().any(|(row, colours)| {
            colours
                .iter()
                .enumerate()
                .any(|(file, &c)| colour_of::<Eight>(sq(file as i32, 7 - row as i32)) != r1[c])
        });
        assert!(differs);
        assert!(construct_layout(5).is_none());
        assert!(construct_layout(2).is_none());
    }

    #[test]
    fn the_ranks_ahead_table_matches_its_definition() {
        for side in Side::BOTH {
            for rank in 0..8 {
                for d in 0..10 {
                    assert_eq!(
                        ranks_ahead::<Eight>(side, rank, d),
                        eight::ranks_ahead_slow(side as usize, rank, d.min(7))
                    );
                    assert_eq!(
                        ranks_ahead::<Ten>(side, rank, d),
                        ten::ranks_ahead_slow(side as usize, rank, d.min(9))
                    );
                }
            }
        }
    }

    #[test]
    fn rays_run_forward() {
        let d1 = sq::<Eight>(3, 0);
        assert_eq!(ray_bits(Side::Black, STRAIGHT, d1).count_ones(), 7);
        assert_eq!(ray_bits(Side::White, STRAIGHT, d1), 0);
        assert_eq!(ray_bits(Side::Black, 0, d1).count_ones(), 3);
        assert_eq!(ray_bits(Side::Black, 2, d1).count_ones(), 4);
        assert_eq!(ranks_ahead::<Eight>(Side::Black, 0, 5), 0xFFFF_FFFF_FF00);
        assert_eq!(ranks_ahead::<Eight>(Side::White, 7, 1), Eight::rank_bits(6));
        let e1 = sq::<Ten>(4, 0);
        assert_eq!(ray_bits(Side::Black, STRAIGHT, e1).count_ones(), 9);
        assert_eq!(ray_bits(Side::Black, 2, e1).count_ones(), 5);
        assert_eq!(Ten::all_squares().count_ones(), 100);
        assert_eq!(Six::all_squares().count_ones(), 36);
        assert_eq!(Eight::all_squares(), u64::MAX);
        assert_eq!(Ten::rotate_bits(1), 1 << 99);
        assert_eq!(Six::rotate_bits(1), 1 << 35);
    }
}
