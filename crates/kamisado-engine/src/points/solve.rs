//! The engine's points-exact solve of a round in a match.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use kamisado_core::geometry::Board;
use kamisado_core::{Match, MatchState, Move, RoundResult, Side};

use super::search::PointsSearcher;
use super::table::{Bounds, PointsTable};
use super::{MatchSolution, Stakes};
use crate::search::Budget;
use crate::tt::Table;
use crate::{Engine, Value};

/// Share of the engine's table size given to the points solver's table.
const POINTS_TABLE_DIVISOR: usize = 4;

impl Engine {
    /// The points solver's table (made on first use) and the win/loss
    /// solver's, whose proven results it reads.
    fn points_tables(&mut self) -> (&mut PointsTable, &Table) {
        let mb = (self.hash_mb / POINTS_TABLE_DIVISOR).max(1);
        let points = self.points.get_or_insert_with(|| PointsTable::new(mb));
        (points, &self.tt)
    }

    /// The points-exact value of the round being played in `m` for its side
    /// to move, within about `nodes` nodes: first the win/loss solve (who
    /// wins the round), then, unless every win of the winner is worth the
    /// same, the points search within the two sides' bounds. `None` when no
    /// round is being played, or the budget or `stop` ran out first.
    pub(crate) fn solve_match_on<B: Board>(
        &mut self,
        m: &Match<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<MatchSolution<B>> {
        let start = Instant::now();
        if m.state() != MatchState::Playing {
            return None;
        }
        let stakes = Stakes::of(m.score())?;
        let pos = *m.position();
        let budget = Budget {
            nodes,
            deadline: None,
        };
        let mut round = self.solve_within(&pos, budget, stop)?;
        let side = pos.side_to_move();
        let known = match round.value {
            Value::Win(_) => Bounds {
                lo: stakes.worst_win(&pos, side),
                hi: stakes.best_win(&pos, side),
            },
            _ => Bounds {
                lo: -stakes.best_win(&pos, !side),
                hi: -stakes.worst_win(&pos, !side),
            },
        };
        let (utility, line, spent) = if known.lo == known.hi {
            // Every way the round can end is worth the same: the win/loss line will do.
            self.finish_line(&pos, round.value, &mut round.line, stop);
            (known.lo, round.line, 0)
        } else {
            let budget = Budget {
                nodes: nodes.saturating_sub(round.nodes),
                deadline: None,
            };
            let (table, hints) = self.points_tables();
            let mut searcher = PointsSearcher::new(table, hints, stakes, stop, budget);
            let utility = searcher.value(&pos, known)?;
            let line = searcher.line(&pos, utility);
            if line.is_empty() {
                return None;
            }
            (utility, line, searcher.nodes)
        };
        Some(MatchSolution {
            value: stakes.value(utility, side),
            round: round.value,
            best: line.first().copied(),
            end: line_end(m, &line),
            line,
            nodes: round.nodes + spent,
            elapsed: start.elapsed(),
        })
    }
}

/// Whether the points of the round being played in `m` can change with how
/// it is won: some tower's win would score other points (up to those that
/// end the match) than another tower's of the same side.
pub(crate) fn points_matter<B: Board>(m: &Match<B>) -> bool {
    let Some(stakes) = Stakes::of(m.score()) else {
        return false;
    };
    let pos = m.position();
    Side::BOTH
        .into_iter()
        .any(|side| stakes.worst_win(pos, side) != stakes.best_win(pos, side))
}

/// How the round ends when `line` is played in `m`, if it ends.
fn line_end<B: Board>(m: &Match<B>, line: &[Move<B>]) -> Option<RoundResult> {
    let mut next = m.clone();
    line.iter().find_map(|&mv| next.play(mv).ok().flatten())
}
