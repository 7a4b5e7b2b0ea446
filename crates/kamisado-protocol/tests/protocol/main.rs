//! The protocol's integration tests, one binary: KEP sessions and the arena.

mod arena;
mod session;
