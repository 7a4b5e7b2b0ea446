//! The three boards, [`Six`], [`Eight`] and [`Ten`]: their layouts and the
//! tables built from them at compile time.

use super::{Board, BoardSize, COMPASS};
use crate::{Colour, Side};

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
    use crate::Square;
    use crate::geometry::{colour_of, construct_layout, ranks_ahead};

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
}
