//! Teaching (docs/learning.md): the analysis board, lessons whose tasks the
//! rules check, the danger view, puzzles the solver proves, and the review
//! of a finished game.

use std::sync::Arc;

use crate::games::Games;

pub mod analysis;
pub mod danger;
pub mod lessons;
pub mod positions;
pub mod puzzle_store;
pub mod puzzles;
mod review;
pub mod routes;

use puzzle_store::PuzzleStore;

/// What the learning routes share: the games (a review reads one, the
/// danger view serves one) with their engines, and the puzzles.
pub struct Learning {
    /// The games and the engines.
    pub games: Arc<Games>,
    /// The puzzles and puzzle ratings.
    pub store: PuzzleStore,
}

impl Learning {
    /// Learning over the games' database.
    pub fn new(games: Arc<Games>) -> Learning {
        Learning {
            store: PuzzleStore::new(games.store.db().clone()),
            games,
        }
    }
}
