//! Alpha-beta over proven bounds on the points scale.
//!
//! A node's result is a pair of proven bounds on its utility for the side
//! to move (see [`super::Stakes`]): the lower bound is the best that a
//! searched move is proven to reach, the upper bound the best that any move
//! may still reach. Below the horizon nothing is known but what bounds every
//! round (the strongest tower of each side, the points each side needs), the
//! table and the win/loss solver's proven results; so every bound returned
//! is a fact, and iterative deepening narrows the root's bounds until they
//! meet. A push leaves the same side to move (R13), so its child's bounds
//! are not negated.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kamisado_core::geometry::{Bits, Board};
use kamisado_core::tower::points;
use kamisado_core::{Move, MoveList, Position, RoundResult, round_result};

use super::Stakes;
use super::table::{Bounds, PointsTable};
use crate::eval;
use crate::score::PROVEN;
use crate::search::{Budget, MAX_PLY, sort_by_keys};
use crate::tt::{Bound, Table};
use crate::zobrist;

/// How often (in nodes) the clock and the stop flag are read.
const CHECK_INTERVAL: u64 = 1024;
/// Remaining depth from which moves are ordered by the opponent's safe replies.
const RICH_ORDERING_DEPTH: i32 = 2;
/// Move-ordering keys: the table's move, then steps onto the goal row (by
/// the points they score), pushes, the others by how few safe replies they
/// leave, and last the steps that hand the opponent a win at once.
const TABLE_MOVE: i32 = i32::MAX;
const REACHES_GOAL: i32 = 1 << 28;
const PER_POINT: i32 = 1 << 22;
const PUSH_BONUS: i32 = 1 << 18;
const SAFE_REPLY_PENALTY: i32 = 1 << 12;
const HANDS_A_WIN: i32 = -(1 << 28);
/// One points-exact search over a table, within a budget.
pub(crate) struct PointsSearcher<'a, B: Board> {
    table: &'a mut PointsTable,
    /// The win/loss solver's table: its proven results bound the utility.
    hints: &'a Table,
    stakes: Stakes,
    salt: u64,
    stop: &'a AtomicBool,
    budget: Budget,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the search ran out of budget or was stopped.
    pub aborted: bool,
    board: PhantomData<B>,
}

/// The result of the round if `mv` has just ended it, leaving `child`.
fn ended<B: Board>(child: &Position<B>, mv: Move<B>) -> Option<RoundResult> {
    if eval::goal_reached(child).is_none() && eval::deadlock(child).is_none() {
        return None;
    }
    round_result(child, mv)
}

impl<'a, B: Board> PointsSearcher<'a, B> {
    /// A search for a match with these stakes.
    pub fn new(
        table: &'a mut PointsTable,
        hints: &'a Table,
        stakes: Stakes,
        stop: &'a AtomicBool,
        budget: Budget,
    ) -> Self {
        PointsSearcher {
            table,
            hints,
            stakes,
            salt: stakes.salt(),
            stop,
            budget,
            nodes: 0,
            aborted: false,
            board: PhantomData,
        }
    }

    /// The exact utility of `pos` (a round not over) for its side to move,
    /// starting from proven bounds `known`; `None` if the budget ran out.
    /// Each depth first tests whether the side to move reaches the top of
    /// the range still open, then whether it is held to the bottom, while
    /// either test narrows it.
    pub fn value(&mut self, pos: &Position<B>, known: Bounds) -> Option<i8> {
        let key = zobrist::key(pos);
        let mut root = known.meet(self.known(pos, key).0);
        for depth in 1..MAX_PLY as i32 {
            loop {
                let before = root;
                for top in [true, false] {
                    if root.lo >= root.hi {
                        return Some(root.lo);
                    }
                    let (alpha, beta) = if top {
                        (root.hi - 1, root.hi)
                    } else {
                        (root.lo, root.lo + 1)
                    };
                    let found = self.node(pos, key, depth, alpha, beta);
                    if self.aborted {
                        return None;
                    }
                    root = root.meet(found);
                }
                if root == before {
                    break;
                }
            }
        }
        None
    }

    /// A line from `pos`, whose utility for its side to move is `value`, to
    /// the end of the round, every move keeping the value; shorter if the
    /// budget runs out.
    pub fn line(&mut self, pos: &Position<B>, mut value: i8) -> Vec<Move<B>> {
        let mut line = Vec::new();
        let mut current = *pos;
        while line.len() < MAX_PLY {
            let Some(mv) = self.keeping_move(&current, value) else {
                break;
            };
            line.push(mv);
            let next = current.play_unchecked(mv);
            if ended(&next, mv).is_some() {
                break;
            }
            if next.side_to_move() != current.side_to_move() {
                value = -value;
            }
            current = next;
        }
        line
    }

    /// A move of `pos` that keeps its utility `value`: one that ends the
    /// round so, or else the first, in the search's order, proven by the
    /// shallowest search that proves one.
    /// `None` if the budget runs out.
    pub fn keeping_move(&mut self, pos: &Position<B>, value: i8) -> Option<Move<B>> {
        let key = zobrist::key(pos);
        let mut moves = pos.legal_moves();
        let stored = self.known(pos, key).1;
        self.order(pos, &mut moves, stored, RICH_ORDERING_DEPTH);
        // A move that ends the round worth the value, before any search.
        for &mv in moves.iter() {
            let child = pos.play_unchecked(mv);
            if ended(&child, mv).is_some()
                && self.child(pos, key, mv, &child, 0, value - 1, value).lo >= value
            {
                return Some(mv);
            }
        }
        for depth in 1..MAX_PLY as i32 {
            for &mv in moves.iter() {
                let child = pos.play_unchecked(mv);
                let worth = self.child(pos, key, mv, &child, depth - 1, value - 1, value);
                if self.aborted {
                    return None;
                }
                if worth.lo >= value {
                    return Some(mv);
                }
            }
        }
        None
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget.nodes
            || self.stop.load(Ordering::Relaxed)
            || self.budget.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// What is known of `pos` without search: the stakes' bounds, the
    /// table's and the win/loss solver's; with the table's move.
    fn known(&self, pos: &Position<B>, key: u64) -> (Bounds, Option<Move<B>>) {
        let side = pos.side_to_move();
        let stakes = self.stakes;
        let mut bounds = Bounds {
            lo: -stakes.best_win(pos, !side),
            hi: stakes.best_win(pos, side),
        };
        let mut mv = None;
        if let Some((stored, stored_move)) = self.table.probe(key ^ self.salt) {
            bounds = bounds.meet(stored);
            mv = stored_move;
        }
        if let Some(hit) = self.hints.probe::<B>(key) {
            if hit.bound != Bound::Upper && hit.score >= PROVEN {
                bounds.lo = bounds.lo.max(stakes.worst_win(pos, side));
            }
            if hit.bound != Bound::Lower && hit.score <= -PROVEN {
                bounds.hi = bounds.hi.min(-stakes.worst_win(pos, !side));
            }
        }
        (bounds, mv)
    }

    fn node(&mut self, pos: &Position<B>, key: u64, depth: i32, alpha: i8, beta: i8) -> Bounds {
        self.nodes += 1;
        if self.nodes % CHECK_INTERVAL == 0 && self.out_of_budget() {
            self.aborted = true;
        }
        let (known, stored) = self.known(pos, key);
        if self.aborted || known.settle(alpha, beta) {
            return known;
        }
        if depth <= 0 {
            return self.horizon(pos, known);
        }
        self.interior(pos, key, depth, (alpha, beta), known, stored)
    }

    /// At the horizon: what is known, a win at once (by the tower that
    /// wins), and the win/loss solver's proofs without search: a win in
    /// three or a loss within two, by a tower not known.
    fn horizon(&self, pos: &Position<B>, known: Bounds) -> Bounds {
        let side = pos.side_to_move();
        let mut bounds = known;
        if let Some(Move::Step { from, .. }) = eval::winning_move(pos) {
            let teeth = pos.teeth(side, eval::mover_colour(pos, from));
            bounds.lo = bounds
                .lo
                .max(self.stakes.utility(side, points(teeth), side));
        } else if eval::loss_in_two(pos, 0).is_some() {
            bounds.hi = bounds.hi.min(-self.stakes.worst_win(pos, !side));
        } else if eval::win_in_three(pos, 0).is_some() {
            bounds.lo = bounds.lo.max(self.stakes.worst_win(pos, side));
        }
        bounds
    }

    fn interior(
        &mut self,
        pos: &Position<B>,
        key: u64,
        depth: i32,
        (alpha, beta): (i8, i8),
        known: Bounds,
        stored: Option<Move<B>>,
    ) -> Bounds {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        self.order(pos, &mut moves, stored, depth);
        let mut lo = known.lo;
        // The highest upper bound among the moves searched.
        let mut most = i8::MIN;
        let mut best: Option<(Bounds, Move<B>)> = None;
        let mut cut = false;
        for &mv in moves.iter() {
            let child = pos.play_unchecked(mv);
            let window = (alpha.max(lo), beta.min(known.hi));
            let worth = self.child(pos, key, mv, &child, depth - 1, window.0, window.1);
            if self.aborted {
                return Bounds { lo, hi: known.hi };
            }
            if best.is_none_or(|(b, _)| worth.lo > b.lo) {
                best = Some((worth, mv));
            }
            lo = lo.max(worth.lo);
            most = most.max(worth.hi);
            if lo >= beta || lo >= known.hi {
                cut = true;
                break;
            }
        }
        let hi = if cut { known.hi } else { known.hi.min(most) };
        let found = Bounds { lo, hi: hi.max(lo) };
        debug_assert!(lo <= hi, "bounds {lo}..{hi} of {pos} cross");
        self.table
            .store(key ^ self.salt, found, best.map(|(_, mv)| mv), depth);
        found
    }

    /// The bounds of the position a move leads to, for the mover.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &Position<B>,
        key: u64,
        mv: Move<B>,
        child: &Position<B>,
        depth: i32,
        alpha: i8,
        beta: i8,
    ) -> Bounds {
        let side = pos.side_to_move();
        if let Some(result) = ended(child, mv) {
            let worth = self.stakes.utility(result.winner, result.points, side);
            return Bounds {
                lo: worth,
                hi: worth,
            };
        }
        let child_key = zobrist::key_after_move(pos, key, mv, child);
        if child.side_to_move() == side {
            self.node(child, child_key, depth, alpha, beta)
        } else {
            self.node(child, child_key, depth, -beta, -alpha).negated()
        }
    }

    /// Orders moves best first: `first` (the table's move), steps onto the
    /// goal row by their points, pushes, then (with enough depth left) the
    /// fewer safe replies a step leaves the better; steps that hand the
    /// opponent a win at once last.
    fn order(&self, pos: &Position<B>, moves: &mut [Move<B>], first: Option<Move<B>>, depth: i32) {
        let rich = depth >= RICH_ORDERING_DEPTH;
        let threats = pos.forced_colour().map(|c| eval::Threats::new(pos, c));
        let side = pos.side_to_move();
        let score = |mv: Move<B>| {
            if Some(mv) == first {
                return TABLE_MOVE;
            }
            let (from, to) = match mv {
                Move::Pass => return 0,
                Move::Push { .. } => return PUSH_BONUS,
                Move::Step { from, to } => (from, to),
            };
            if !(B::goal_row(side) & to.bit()).is_empty() {
                let teeth = pos.teeth(side, eval::mover_colour(pos, from));
                return REACHES_GOAL + PER_POINT * i32::from(points(teeth));
            }
            if eval::hands_a_win(pos, from, to) {
                return HANDS_A_WIN;
            }
            let replies = match (rich, &threats) {
                (false, _) => 0,
                (true, Some(threats)) => threats.safe_replies(pos, from, to),
                (true, None) => eval::safe_replies(pos, from, to),
            };
            -(replies as i32) * SAFE_REPLY_PENALTY
        };
        sort_by_keys(moves, i32::MIN, score);
    }
}
