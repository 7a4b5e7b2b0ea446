//! The engine's verdict on a position for players: every legal move with its
//! value, the one assessment behind the server's hints, its analysis board
//! and the terminal's hints.

use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::{Board, Eight};
use kamisado_core::{Move, Position, Side};

use crate::{Engine, EngineBoard, Limit, MoveAnalysis, Value};

/// Nodes of solving behind an assessment by default (and a quarter as many
/// more for valuing every move): enough to prove the start of a standard
/// round, which takes about 0.7 million.
pub const ASSESS_NODES: u64 = 4_000_000;

/// Megabytes of transposition table for an assessment, as the server's
/// engines have: the table's size, like the budget, can change what a
/// budget proves, so a front end that wants the page's verdict uses both.
pub const ASSESS_HASH_MB: usize = 16;

/// The engine's verdict on a position: every legal move with its value for
/// the side to move, best first. The same position and budget always get the
/// same assessment, since each starts from an empty table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment<B: Board = Eight> {
    /// The side to move.
    pub side: Side,
    /// Every legal move, best first.
    pub moves: Vec<MoveAnalysis<B>>,
}

impl<B: Board> Assessment<B> {
    /// The best move, if the round is not over.
    pub fn best(&self) -> Option<&MoveAnalysis<B>> {
        self.moves.first()
    }

    /// The value of `mv` for the side to move, if it is legal.
    pub fn value_of(&self, mv: Move<B>) -> Option<Value> {
        self.moves.iter().find(|a| a.mv == mv).map(|a| a.value)
    }
}

impl Engine {
    /// The assessment of `pos`: from an empty table ([`Engine::clear`]), the
    /// solver first tries to prove the position within `nodes` nodes
    /// ([`Engine::solve_nodes`]); then every move is valued within a quarter
    /// as many more ([`Engine::analyse`]), sharing the table, and the move
    /// the proof found keeps the proof's value and line. When the budget or
    /// `stop` runs out first, the moves keep the search's values: estimates
    /// where nothing is proven.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::{ASSESS_HASH_MB, ASSESS_NODES, Engine, Told, Value};
    ///
    /// let mut engine = Engine::new(ASSESS_HASH_MB);
    /// let start = Position::start();
    /// let assessment = engine.assess(&start, ASSESS_NODES, &AtomicBool::new(false));
    /// let best = assessment.best().unwrap();
    /// // The start is a win for Black, the first player, in 17 plies.
    /// assert_eq!(best.value, Value::Win(17));
    /// assert_eq!(best.line[0], best.mv);
    /// assert_eq!(assessment.moves.len(), start.legal_moves().len());
    /// assert_eq!(Told::new(assessment.side, best.value).to_string(), "Black wins in 17");
    /// ```
    pub fn assess<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Assessment<B> {
        self.clear();
        let proven = self.solve_nodes(pos, nodes, stop);
        let mut moves = self.analyse(pos, Limit::Nodes(nodes / 4), stop);
        if let Some(proof) = proven
            && let Some(best) = proof.best
        {
            moves.retain(|a| a.mv != best);
            moves.insert(
                0,
                MoveAnalysis {
                    mv: best,
                    value: proof.value,
                    line: proof.line,
                },
            );
        }
        Assessment {
            side: pos.side_to_move(),
            moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proof_leads_and_every_move_is_valued_once() {
        let start = Position::start();
        let stop = AtomicBool::new(false);
        let assessment = Engine::new(ASSESS_HASH_MB).assess(&start, ASSESS_NODES, &stop);
        assert_eq!(assessment.side, Side::Black);
        let best = assessment.best().unwrap();
        assert_eq!(best.value, Value::Win(17));
        assert_eq!(assessment.value_of(best.mv), Some(Value::Win(17)));
        let mut moves: Vec<Move> = assessment.moves.iter().map(|a| a.mv).collect();
        moves.sort_by_key(|m| m.to_string());
        let mut legal = start.legal_moves().to_vec();
        legal.sort_by_key(|m| m.to_string());
        assert_eq!(moves, legal);
        // The same position gets the same assessment, whatever came before.
        let mut engine = Engine::new(ASSESS_HASH_MB);
        engine.assess(&start.play(best.mv).unwrap(), 10_000, &stop);
        assert_eq!(engine.assess(&start, ASSESS_NODES, &stop), assessment);
    }

    #[test]
    fn out_of_budget_the_moves_are_estimates() {
        let start = Position::start();
        let assessment = Engine::new(16).assess(&start, 2_000, &AtomicBool::new(false));
        let best = assessment.best().unwrap();
        assert!(!best.value.is_proven(), "{}", best.value);
        assert_eq!(assessment.moves.len(), start.legal_moves().len());
    }
}
