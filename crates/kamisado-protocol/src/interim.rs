//! Match play for an engine without its own levels: a node-limited search
//! per level and a fill chosen by searching both re-seated positions.

use std::sync::atomic::AtomicBool;

use kamisado_core::{Fill, Match, Move};
use kamisado_engine::{Engine, Limit};

/// Levels and fills through search.
pub trait MatchPlay {
    /// The move at `level` (1–6).
    fn choose_move(&mut self, m: &Match, level: u8, seed: u64) -> Option<Move>;
    /// The fill side for the winner of the round just ended.
    fn choose_fill(&mut self, m: &Match, level: u8) -> Fill;
}

fn nodes(level: u8) -> u64 {
    200u64 << (2 * u32::from(level.clamp(1, 6)))
}

impl MatchPlay for Engine {
    fn choose_move(&mut self, m: &Match, level: u8, _seed: u64) -> Option<Move> {
        let stop = AtomicBool::new(false);
        self.search(m.position(), Limit::Nodes(nodes(level)), &stop, &mut |_| {})
            .best
    }

    fn choose_fill(&mut self, m: &Match, level: u8) -> Fill {
        let stop = AtomicBool::new(false);
        let mut best = (Fill::Left, None);
        for fill in Fill::BOTH {
            let Some(next) = m.filled(fill) else { continue };
            // The loser moves first: the lower its value, the better the fill.
            let value = self
                .search(&next, Limit::Nodes(nodes(level)), &stop, &mut |_| {})
                .value;
            if best.1.is_none_or(|v| value < v) {
                best = (fill, Some(value));
            }
        }
        best.0
    }
}
