//! The rules crate's integration tests, one binary: a module per concern, each checking the rules against a reference or an invariant.

mod boards;
mod common;
mod illegal;
mod invariants;
mod no_panic;
mod opening_limits;
mod records;
mod reference;
mod rules;
mod story;
mod story_random;
mod zvezda;
