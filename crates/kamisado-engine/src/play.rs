//! Levels 1–6 and match play: choosing moves and the fill side to win the match.

use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::Board;
use kamisado_core::random::SplitMix64;
use kamisado_core::{Fill, Match, MatchState, Move, Position, RoundEnd, Side};

use crate::points::points_matter;
use crate::search::Budget;
use crate::swindles::COUNT_NODES;
use crate::{Engine, Limit, MoveAnalysis, Value, zobrist};

/// How hard a level tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Full-width depth of a per-move analysis (levels that look at every
    /// move with a fixed horizon), or `None` to search by nodes.
    pub depth: Option<u32>,
    /// Nodes of heuristic search per move (when `depth` is `None`).
    pub nodes: u64,
    /// Nodes the solver may spend to prove the position first (0: never).
    pub solve_nodes: u64,
    /// Moves whose heuristic score is within this of the best are chosen
    /// among at random (with the caller's seed): the weaker levels' slips.
    pub noise: i32,
}

/// The levels, weakest first: level `n` is `LEVELS[n - 1]`.
pub const LEVELS: [Level; 6] = [
    Level {
        depth: Some(1),
        nodes: 0,
        solve_nodes: 0,
        noise: 150,
    },
    Level {
        depth: Some(2),
        nodes: 0,
        solve_nodes: 0,
        noise: 60,
    },
    Level {
        depth: Some(3),
        nodes: 0,
        solve_nodes: 0,
        noise: 20,
    },
    Level {
        depth: None,
        nodes: 1_000,
        solve_nodes: 0,
        noise: 0,
    },
    Level {
        depth: None,
        nodes: 10_000,
        solve_nodes: 0,
        noise: 0,
    },
    Level {
        depth: None,
        nodes: 500_000,
        solve_nodes: 2_000_000,
        noise: 0,
    },
];

/// The settings of a level (clamped to 1..=6).
pub fn level(n: u8) -> Level {
    LEVELS[usize::from(n.clamp(1, 6)) - 1]
}

/// How much a finished round matters for the match, for its winner: winning
/// the match outweighs every count of points.
const MATCH_WON: i64 = 1_000;
/// Per point scored in a round that does not end the match.
const PER_POINT: i64 = 10;
/// Nodes spent choosing another move when the level's choice would lose by
/// the third repetition (zvezda).
const REPETITION_ESCAPE_NODES: u64 = 5_000;

/// Whether playing `mv` ends the round by a third repetition, which the mover loses.
fn loses_by_repetition<B: Board>(m: &Match<B>, mv: Move<B>) -> bool {
    if !m.rules().repetition_loses() {
        return false;
    }
    let mut next = m.clone();
    matches!(next.play(mv), Ok(Some(r)) if r.end == RoundEnd::Repetition)
}

/// Nodes per move spent proving every move of a proven position (for the
/// match-aware choice among wins or among losses).
const PROVEN_ANALYSIS_NODES: u64 = 20_000;

impl Engine {
    /// The move a level plays in a match, or `None` when no round is being
    /// played or there is no legal move. Deterministic for a seed. Under the
    /// zvezda rules it never brings a position back a third time (which loses
    /// the round) while another move is left. On one thread, whatever
    /// [`Engine::set_threads`] says.
    pub(crate) fn choose_move_on<B: Board>(
        &mut self,
        m: &Match<B>,
        level_number: u8,
        seed: u64,
    ) -> Option<Move<B>> {
        self.on_one_thread(|engine| {
            let mv = engine.choose_unguarded(m, level_number, seed)?;
            Some(engine.avoid_losing_repetition(m, mv, level_number))
        })
    }

    /// `play` with the engine on one thread, as the levels play.
    fn on_one_thread<T>(&mut self, play: impl FnOnce(&mut Engine) -> T) -> T {
        let threads = std::mem::replace(&mut self.threads, 1);
        let result = play(self);
        self.threads = threads;
        result
    }

    /// `mv`, or when it would lose by a third repetition, the best move by a
    /// short analysis that does not (`mv` again if every move does).
    fn avoid_losing_repetition<B: Board>(
        &mut self,
        m: &Match<B>,
        mv: Move<B>,
        level_number: u8,
    ) -> Move<B> {
        if !loses_by_repetition(m, mv) {
            return mv;
        }
        let stop = AtomicBool::new(false);
        let nodes = level(level_number).nodes.max(REPETITION_ESCAPE_NODES);
        self.analyse_on(m.position(), Limit::Nodes(nodes), &stop)
            .into_iter()
            .map(|a| a.mv)
            .find(|&other| !loses_by_repetition(m, other))
            .unwrap_or(mv)
    }

    fn choose_unguarded<B: Board>(
        &mut self,
        m: &Match<B>,
        level_number: u8,
        seed: u64,
    ) -> Option<Move<B>> {
        if m.state() != MatchState::Playing {
            return None;
        }
        let pos = *m.position();
        let moves = pos.legal_moves();
        match moves.len() {
            0 => return None,
            1 => return Some(moves[0]),
            _ => {}
        }
        self.clear();
        let settings = level(level_number);
        let stop = AtomicBool::new(false);
        if settings.solve_nodes > 0 {
            let budget = Budget {
                nodes: settings.solve_nodes,
                deadline: None,
            };
            if let Some(result) = self.solve_within(&pos, budget, &stop) {
                if points_matter(m)
                    && let Some(exact) = self.solve_match_on(m, settings.solve_nodes, &stop)
                {
                    return exact.best;
                }
                let lost = matches!(result.value, Value::Loss(_));
                return Some(self.proven_choice(m, &pos, result.best, lost, &stop));
            }
        }
        if let Some(depth) = settings.depth {
            let analyses = self.analyse_on(&pos, Limit::Depth(depth), &stop);
            return Some(noisy_choice(
                &analyses,
                settings.noise,
                seed ^ zobrist::key(&pos),
            ));
        }
        let result = self.search_on(&pos, Limit::Nodes(settings.nodes), &stop, &mut |_| {});
        match result.value {
            Value::Score(_) => result.best,
            _ => Some(self.proven_choice(m, &pos, result.best, false, &stop)),
        }
    }

    /// Among the moves of a proven position, the one best for the match: a
    /// win that wins the match or scores most, a loss that gives away least.
    /// With `swindle` (a level that solves, in a position it proved lost)
    /// losses that give away as much are then chosen among by the engine's
    /// [`LostPolicy`](crate::LostPolicy), else by the longest defence.
    fn proven_choice<B: Board>(
        &mut self,
        m: &Match<B>,
        pos: &Position<B>,
        best: Option<Move<B>>,
        swindle: bool,
        stop: &AtomicBool,
    ) -> Move<B> {
        let limit = Limit::Nodes(PROVEN_ANALYSIS_NODES * pos.legal_moves().len() as u64);
        let analyses = self.analyse_on(pos, limit, stop);
        let top = analyses[0].value;
        let fallback = best.unwrap_or(analyses[0].mv);
        let same_kind = |v: Value| {
            matches!(
                (v, top),
                (Value::Win(_), Value::Win(_)) | (Value::Loss(_), Value::Loss(_))
            )
        };
        let candidates: Vec<&MoveAnalysis<B>> =
            analyses.iter().filter(|a| same_kind(a.value)).collect();
        let policy = self.lost_policy;
        if swindle && matches!(top, Value::Loss(_)) && policy.counts_replies() {
            let values: Vec<(Move<B>, Value)> =
                candidates.iter().map(|a| (a.mv, a.value)).collect();
            let counted = self.count_replies(pos, &values, COUNT_NODES, stop);
            return candidates
                .iter()
                .zip(&counted)
                .max_by_key(|(a, c)| (match_utility(m, &a.line), policy.key(c)))
                .map_or(fallback, |(a, _)| a.mv);
        }
        candidates
            .iter()
            .max_by_key(|a| (match_utility(m, &a.line), a.value))
            .map_or(fallback, |a| a.mv)
    }

    /// The fill side that leaves the opponent, who moves first in the next
    /// round, the worst position, as the level sees it (R14). A level that
    /// solves compares the next round's points-exact values for the starter
    /// when it proves both within its budget (then, on a tie, the round's
    /// value as below); otherwise the round's values, proven or searched.
    pub(crate) fn choose_fill_on<B: Board>(&mut self, m: &Match<B>, level_number: u8) -> Fill {
        self.on_one_thread(|engine| engine.choose_fill_unguarded(m, level_number))
    }

    /// [`Engine::choose_fill_on`] on the threads set.
    fn choose_fill_unguarded<B: Board>(&mut self, m: &Match<B>, level_number: u8) -> Fill {
        let settings = level(level_number);
        let stop = AtomicBool::new(false);
        let mut values = Vec::with_capacity(2);
        for fill in Fill::BOTH {
            let mut next = m.clone();
            if next.fill(fill).is_err() {
                return Fill::Left;
            }
            self.clear();
            let theirs = self.fill_value(next.position(), settings, &stop);
            let exact = if settings.solve_nodes > 0 && theirs.is_proven() && points_matter(&next) {
                self.solve_match_on(&next, settings.solve_nodes / 2, &stop)
                    .map(|s| s.value)
            } else {
                None
            };
            values.push((fill, exact, theirs));
        }
        // Points-exact values only if both are known; the first of the least (Left on a tie).
        let both = values.iter().all(|v| v.1.is_some());
        values
            .iter()
            .min_by_key(|(_, exact, theirs)| (exact.filter(|_| both), *theirs))
            .map_or(Fill::Left, |v| v.0)
    }

    /// The value of a new round's start for the side that moves first.
    fn fill_value<B: Board>(
        &mut self,
        pos: &Position<B>,
        settings: Level,
        stop: &AtomicBool,
    ) -> Value {
        if settings.solve_nodes > 0 {
            let budget = Budget {
                nodes: settings.solve_nodes / 2,
                deadline: None,
            };
            if let Some(result) = self.solve_within(pos, budget, stop) {
                return result.value;
            }
        }
        let limit = match settings.depth {
            Some(depth) => Limit::Depth(depth),
            None => Limit::Nodes(settings.nodes / 2),
        };
        self.search_on(pos, limit, stop, &mut |_| {}).value
    }
}

/// What the round a line ends would be worth to the side to move, for the
/// match: positive when it wins, negative when it loses, 0 if the line does
/// not end the round.
fn match_utility<B: Board>(m: &Match<B>, line: &[Move<B>]) -> i64 {
    let mover: Side = m.position().side_to_move();
    let mut next = m.clone();
    for &mv in line {
        match next.play(mv) {
            Ok(Some(round)) => {
                let won = i64::from(round.points);
                let total = next.score().of(round.winner);
                let worth = if total >= m.target() {
                    MATCH_WON
                } else {
                    won * PER_POINT
                };
                return if round.winner == mover { worth } else { -worth };
            }
            Ok(None) => {}
            Err(_) => return 0,
        }
    }
    0
}

/// A number ordering values, for the noise margin.
fn rank(value: Value) -> i64 {
    const PROVEN: i64 = 1_000_000_000;
    match value {
        Value::Win(n) => PROVEN - i64::from(n),
        Value::Loss(n) => -PROVEN + i64::from(n),
        Value::Score(s) => i64::from(s),
    }
}

/// A move among those within `noise` of the best (analyses best first).
fn noisy_choice<B: Board>(analyses: &[MoveAnalysis<B>], noise: i32, seed: u64) -> Move<B> {
    let best = rank(analyses[0].value);
    let near: Vec<Move<B>> = analyses
        .iter()
        .take_while(|a| rank(a.value) >= best - i64::from(noise))
        .map(|a| a.mv)
        .collect();
    *SplitMix64::new(seed).pick(&near)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kamisado_core::{Rules, Setup};

    /// Black's orange and White's brown, both with three rings, shuttle on the
    /// one-colour diagonals; after seven moves White's g2-f3 would bring the
    /// start back a third time, and the guard finds another move.
    #[test]
    fn under_zvezda_no_level_loses_by_a_third_repetition_it_can_avoid() {
        let text = "obvpyrg1/8/8/8/8/2O+++2n+++2/8/NGRYPVB1 b o 0-0/3";
        let setup: Setup = text.parse().unwrap();
        let mut m = Match::from_setup(&setup, Rules::ZVEZDA).unwrap();
        for mv in [
            "c3-d4", "f3-g2", "d4-c3", "g2-f3", "c3-d4", "f3-g2", "d4-c3",
        ] {
            m.play(mv.parse().unwrap()).unwrap();
        }
        let repeat: Move = "g2-f3".parse().unwrap();
        assert!(loses_by_repetition(&m, repeat));
        let mut engine = Engine::new(4);
        for level in 1..=6 {
            let escape = engine.avoid_losing_repetition(&m, repeat, level);
            assert!(m.position().is_legal(escape));
            assert!(!loses_by_repetition(&m, escape), "level {level}: {escape}");
            let chosen = engine.choose_move(&m, level, 7).unwrap();
            assert!(
                !loses_by_repetition(&m, chosen),
                "level {level} chose {chosen}"
            );
        }
        // The standard rules know no such loss.
        let standard = Match::from_setup(&setup, Rules::STANDARD).unwrap();
        assert!(!loses_by_repetition(&standard, "c3-d4".parse().unwrap()));
    }
}
