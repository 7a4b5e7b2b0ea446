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
//!
//! This file gathers the parts, each in its own file: bitboards (`bits`), the
//! [`Board`] trait (`board`), the three boards and their compile-time tables
//! (`tables`), the board sizes as values (`size`), directions and rays
//! (`rays`), and the layout construction (`layout`).

mod bits;
mod board;
mod layout;
mod rays;
mod size;
mod tables;

pub use bits::{Bits, squares};
pub use board::{Board, colour_of, square_of};
pub use layout::construct_layout;
pub use rays::{
    COMPASS, DIRECTIONS, STRAIGHT, compass_for, compass_ray_bits, forward_targets, ranks_ahead,
    ray_bits, runs_up, step, within,
};
pub use size::{BoardSize, ParseBoardError};
pub use tables::{Eight, Six, Ten};
