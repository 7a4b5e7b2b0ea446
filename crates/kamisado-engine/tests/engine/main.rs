//! The engine's integration tests, one binary: the solver against brute force, the levels, lines, points, swindles and threads.

mod common;
mod distances;
mod levels;
mod lines;
mod opening_limits;
mod pn;
mod points;
mod short_wins;
mod solver;
mod swindles;
mod threads;
