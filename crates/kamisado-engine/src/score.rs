//! Scores inside the search: proven results as distances from the root, and
//! heuristic scores well below them.

use crate::Value;

/// The score of a win at the root (0 plies away).
pub const WIN: i32 = 1_000_000;
/// Scores at least this far from 0 are proven results.
pub const PROVEN: i32 = WIN - 100_000;
/// Above every score.
pub const INFINITY: i32 = WIN + 1;
/// The largest heuristic score.
pub const MAX_EVAL: i32 = 100_000;

/// A win for the side to move at `ply` whose final move lands at ply `ply`.
#[inline]
pub const fn win_at(ply: usize) -> i32 {
    WIN - ply as i32
}

/// A loss for the side to move, the round ending at `ply`.
#[inline]
pub const fn loss_at(ply: usize) -> i32 {
    -WIN + ply as i32
}

/// Whether a score is a proven result.
#[inline]
pub const fn is_proven(score: i32) -> bool {
    score >= PROVEN || score <= -PROVEN
}

/// A root-relative score as stored in the table (relative to the node at `ply`).
#[inline]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back relative to the root, at `ply`.
#[inline]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// The [`Value`] of a root score.
pub fn value(score: i32) -> Value {
    if score >= PROVEN {
        Value::Win((WIN - score) as u32)
    } else if score <= -PROVEN {
        Value::Loss((WIN + score) as u32)
    } else {
        Value::Score(score)
    }
}
