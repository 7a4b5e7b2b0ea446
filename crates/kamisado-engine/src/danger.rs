//! The danger of each move of one tower: whether it hands the opponent a
//! win at once, or a loss the solver proves within a small budget. A player
//! who selects a tower sees it before moving (the danger view).

use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::Board;
use kamisado_core::{Move, Position, Square};

use crate::{Engine, EngineBoard, Value};

/// What a move does to its mover's chances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move wins the round at once.
    Wins,
    /// After it the opponent wins with their next move.
    LosesAtOnce,
    /// A loss the solver proves: the round ends in this many plies, the
    /// move included, at the longest defence.
    Lost(u32),
    /// No loss was found within the budget.
    Safe,
}

/// One move of the tower and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Danger<B: Board> {
    /// The move.
    pub mv: Move<B>,
    /// What it does.
    pub verdict: Verdict,
    /// For a loss, the line after the move that wins for the opponent.
    pub line: Vec<Move<B>>,
}

impl Engine {
    /// Every legal move of the tower on `from` (a pass when it is blocked)
    /// with its verdict, the solver given about `nodes` nodes a move from an
    /// empty table (the same answer for the same position).
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::{Position, Square};
    /// use kamisado_engine::{Engine, danger::Verdict};
    /// let start = Position::start();
    /// let mut engine = Engine::new(1);
    /// let from: Square = "d1".parse().unwrap();
    /// let moves = engine.dangers(&start, from, 10_000, &AtomicBool::new(false));
    /// assert!(!moves.is_empty());
    /// // No first move loses at once.
    /// assert!(moves.iter().all(|d| d.verdict != Verdict::LosesAtOnce));
    /// ```
    pub fn dangers<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        from: Square<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Vec<Danger<B>> {
        let mover = pos.side_to_move();
        let mut found = Vec::new();
        for &mv in &pos.legal_moves() {
            if mv.from().is_some_and(|f| f != from) {
                continue;
            }
            let Ok(child) = pos.play(mv) else { continue };
            let at_once = |verdict| Danger {
                mv,
                verdict,
                line: Vec::new(),
            };
            if let Some(outcome) = child.outcome() {
                found.push(at_once(if outcome.winner == mover {
                    Verdict::Wins
                } else {
                    Verdict::LosesAtOnce
                }));
                continue;
            }
            let same_side = child.side_to_move() == mover;
            let replies = child.legal_moves();
            let winning_reply = replies.iter().copied().find(|&reply| {
                !same_side
                    && child
                        .play(reply)
                        .ok()
                        .and_then(|p| p.outcome())
                        .is_some_and(|o| o.winner != mover)
            });
            if let Some(reply) = winning_reply {
                found.push(Danger {
                    mv,
                    verdict: Verdict::LosesAtOnce,
                    line: vec![reply],
                });
                continue;
            }
            self.clear();
            let proof = self.solve_nodes(&child, nodes, stop);
            let danger = match proof {
                Some(result) => match result.value.before_move(same_side) {
                    Value::Loss(plies) => Danger {
                        mv,
                        verdict: Verdict::Lost(plies),
                        line: result.line,
                    },
                    _ => at_once(Verdict::Safe),
                },
                None => at_once(Verdict::Safe),
            };
            found.push(danger);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kamisado_core::Position;

    /// The verdicts agree with the solver given all the time it needs.
    #[test]
    fn verdicts_agree_with_a_full_proof() {
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new(4);
        let mut pos = Position::start();
        let mut verdicts = Vec::new();
        // A few plies of one game, where some moves lose at once.
        for _ in 0..8 {
            let moves = pos.legal_moves();
            let mv = moves[moves.len() / 2];
            let Some(from) = mv.from() else { break };
            let dangers = engine.dangers(&pos, from, 200_000, &stop);
            let of_tower = moves.iter().filter(|m| m.from() == Some(from)).count();
            assert_eq!(dangers.len(), of_tower);
            verdicts.push((pos, dangers));
            pos = pos.play(mv).unwrap();
            if pos.outcome().is_some() {
                break;
            }
        }
        let kinds: Vec<Verdict> = verdicts
            .iter()
            .flat_map(|(_, d)| d.iter().map(|d| d.verdict))
            .collect();
        assert!(kinds.contains(&Verdict::LosesAtOnce), "{kinds:?}");
        for (pos, dangers) in &verdicts {
            check(&mut engine, pos, dangers);
        }
    }

    fn check(
        engine: &mut Engine,
        pos: &Position,
        dangers: &[Danger<kamisado_core::geometry::Eight>],
    ) {
        let stop = AtomicBool::new(false);
        for d in dangers {
            let child = pos.play(d.mv).unwrap();
            if child.outcome().is_some() {
                continue;
            }
            engine.clear();
            let full = engine
                .solve(&child, &stop)
                .unwrap()
                .value
                .before_move(false);
            match d.verdict {
                Verdict::LosesAtOnce => assert_eq!(full, Value::Loss(2), "{}", d.mv),
                Verdict::Lost(n) => assert_eq!(full, Value::Loss(n), "{}", d.mv),
                Verdict::Safe => assert!(!matches!(full, Value::Loss(2)), "{}", d.mv),
                Verdict::Wins => unreachable!(),
            }
        }
    }
}
