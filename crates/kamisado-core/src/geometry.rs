//! The board's geometry: its size, the colour of every square, rays and home rows.
//!
//! Everything that depends on the shape of the board lives here, so that other
//! boards can be added in one place.

use crate::{Colour, Side, Square};

/// Squares along one edge of the board.
pub const SIZE: usize = 8;

/// The colour letters of each rank, rank 1 first, each from file a (R1).
const RANKS: [&[u8; SIZE]; SIZE] = [
    b"ngrypvbo", // 1: brown green red yellow pink purple blue orange
    b"vnybgpor", // 2
    b"bynvropg", // 3
    b"yrgnobvp", // 4
    b"pvbongry", // 5
    b"gporvnyb", // 6
    b"ropgbynv", // 7
    b"obvpyrgn", // 8: orange blue purple pink yellow red green brown
];

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
        _ => panic!("bad colour letter in the board layout"),
    }
}

const COLOUR_OF: [Colour; SIZE * SIZE] = {
    let mut table = [Colour::Orange; SIZE * SIZE];
    let mut i = 0;
    while i < SIZE * SIZE {
        table[i] = colour_of_letter(RANKS[i / SIZE][i % SIZE]);
        i += 1;
    }
    table
};

/// The colour of a square (R1).
///
/// ```
/// use kamisado_core::{geometry, Colour, Square};
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(geometry::colour_of(a1), Colour::Brown);
/// ```
#[inline]
pub const fn colour_of(square: Square) -> Colour {
    COLOUR_OF[square.index()]
}

/// The square of a colour on a rank (each rank holds each colour once).
pub fn square_of(colour: Colour, rank: i32) -> Square {
    (0..SIZE as i32)
        .filter_map(|file| Square::at(file, rank))
        .find(|&sq| colour_of(sq) == colour)
        .expect("every rank holds every colour once")
}

/// The rank (0-based) of a side's home row: 0 for Black, 7 for White.
pub const fn home_rank(side: Side) -> i32 {
    match side {
        Side::Black => 0,
        Side::White => SIZE as i32 - 1,
    }
}

/// All squares of one rank, as a bitboard.
pub const fn rank_bits(rank: i32) -> u64 {
    0xFFu64 << (rank as u32 * SIZE as u32)
}

/// A side's home row as a bitboard.
pub const fn home_row(side: Side) -> u64 {
    rank_bits(home_rank(side))
}

/// The row a side's towers must reach to win (the opponent's home row, R6).
pub const fn goal_row(side: Side) -> u64 {
    match side {
        Side::Black => home_row(Side::White),
        Side::White => home_row(Side::Black),
    }
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
pub const fn ray_bits(side: Side, direction: usize, from: Square) -> u64 {
    // DIRECTIONS are the compass turns 7, 0 and 1 (forward-left, forward, forward-right).
    compass_ray_bits(compass_for(side, (direction + 7) % 8), from)
}

/// The eight compass directions as (file step, rank step), from Black's side:
/// north (towards rank 8) first, then clockwise.
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

const fn compass_ray(direction: usize, from: usize) -> u64 {
    let (df, dr) = COMPASS[direction];
    let mut file = (from % SIZE) as i32 + df;
    let mut rank = (from / SIZE) as i32 + dr;
    let mut bits = 0u64;
    while file >= 0 && rank >= 0 && file < SIZE as i32 && rank < SIZE as i32 {
        bits |= 1u64 << (rank as usize * SIZE + file as usize);
        file += df;
        rank += dr;
    }
    bits
}

const COMPASS_RAYS: [[u64; SIZE * SIZE]; 8] = {
    let mut table = [[0u64; SIZE * SIZE]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SIZE * SIZE {
            table[d][sq] = compass_ray(d, sq);
            sq += 1;
        }
        d += 1;
    }
    table
};

/// The squares from `from` to the edge in a compass direction, on an empty board.
#[inline]
pub const fn compass_ray_bits(direction: usize, from: Square) -> u64 {
    COMPASS_RAYS[direction][from.index()]
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

const WITHIN: [[u64; SIZE]; SIZE * SIZE] = {
    let mut table = [[0u64; SIZE]; SIZE * SIZE];
    let mut sq = 0;
    while sq < SIZE * SIZE {
        let (f, r) = ((sq % SIZE) as i32, (sq / SIZE) as i32);
        let mut d = 0;
        while d < SIZE {
            let mut bits = 0u64;
            let mut t = 0;
            while t < SIZE * SIZE {
                let (tf, tr) = ((t % SIZE) as i32, (t / SIZE) as i32);
                let (df, dr) = ((tf - f).abs(), (tr - r).abs());
                if df <= d as i32 && dr <= d as i32 {
                    bits |= 1u64 << t;
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

/// The squares at most `distance` king steps from `from` (7 or more: the whole board).
#[inline]
pub const fn within(from: Square, distance: i32) -> u64 {
    if distance >= SIZE as i32 - 1 {
        u64::MAX
    } else {
        WITHIN[from.index()][distance as usize]
    }
}

/// The ranks at most `distance` ranks ahead of `rank` for `side`, as a bitboard.
#[inline]
pub const fn ranks_ahead(side: Side, rank: i32, distance: i32) -> u64 {
    let d = if distance < 0 {
        0
    } else if distance >= SIZE as i32 {
        SIZE - 1
    } else {
        distance as usize
    };
    RANKS_AHEAD[side as usize][rank as usize][d]
}

const RANKS_AHEAD: [[[u64; SIZE]; SIZE]; 2] = {
    let mut table = [[[0u64; SIZE]; SIZE]; 2];
    let mut s = 0;
    while s < 2 {
        let side = if s == 0 { Side::Black } else { Side::White };
        let mut rank = 0;
        while rank < SIZE {
            let mut d = 0;
            while d < SIZE {
                table[s][rank][d] = ranks_ahead_slow(side, rank as i32, d as i32);
                d += 1;
            }
            rank += 1;
        }
        s += 1;
    }
    table
};

const fn ranks_ahead_slow(side: Side, rank: i32, distance: i32) -> u64 {
    let mut bits = 0u64;
    let mut d = 1;
    while d <= distance {
        let r = match side {
            Side::Black => rank + d,
            Side::White => rank - d,
        };
        if r >= 0 && r < SIZE as i32 {
            bits |= rank_bits(r);
        }
        d += 1;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: i32, rank: i32) -> Square {
        Square::at(file, rank).unwrap()
    }

    #[test]
    fn r1_every_rank_and_file_holds_each_colour_once() {
        for i in 0..SIZE as i32 {
            let mut rank_seen = [false; SIZE];
            let mut file_seen = [false; SIZE];
            for j in 0..SIZE as i32 {
                rank_seen[colour_of(sq(j, i)).index()] = true;
                file_seen[colour_of(sq(i, j)).index()] = true;
            }
            assert!(rank_seen.iter().all(|&s| s), "rank {i}");
            assert!(file_seen.iter().all(|&s| s), "file {i}");
        }
    }

    #[test]
    fn r1_diagonals_corners_and_symmetry() {
        for i in 0..SIZE as i32 {
            assert_eq!(colour_of(sq(i, i)), Colour::Brown);
            assert_eq!(colour_of(sq(i, 7 - i)), Colour::Orange);
        }
        // Orange is at each player's right hand.
        assert_eq!(colour_of(sq(7, 0)), Colour::Orange);
        assert_eq!(colour_of(sq(0, 7)), Colour::Orange);
        for i in 0..64 {
            let s = Square::new(i).unwrap();
            assert_eq!(colour_of(s), colour_of(s.rotated()));
        }
    }

    #[test]
    fn the_ranks_ahead_table_matches_its_definition() {
        for side in Side::BOTH {
            for rank in 0..SIZE as i32 {
                for d in 0..SIZE as i32 + 2 {
                    assert_eq!(ranks_ahead(side, rank, d), ranks_ahead_slow(side, rank, d));
                }
            }
        }
    }

    #[test]
    fn rays_run_forward() {
        let d1 = sq(3, 0);
        assert_eq!(ray_bits(Side::Black, STRAIGHT, d1).count_ones(), 7);
        assert_eq!(ray_bits(Side::White, STRAIGHT, d1), 0);
        assert_eq!(ray_bits(Side::Black, 0, d1).count_ones(), 3);
        assert_eq!(ray_bits(Side::Black, 2, d1).count_ones(), 4);
        assert_eq!(ranks_ahead(Side::Black, 0, 5), 0xFFFF_FFFF_FF00);
        assert_eq!(ranks_ahead(Side::White, 7, 1), rank_bits(6));
    }
}
