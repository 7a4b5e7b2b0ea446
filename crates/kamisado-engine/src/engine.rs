//! The engine: a transposition table and the searches that share it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use kamisado_core::geometry::Board;
use kamisado_core::{Move, Position, Rules};

use crate::eval;
use crate::points::PointsTable;
use crate::score::{self, INFINITY, WIN, is_proven};
use crate::search::{Budget, MAX_PLY, Mode, Searcher};
use crate::smp::{self, MAX_THREADS};
use crate::tt::Table;
use crate::zobrist;
use crate::{Horizon, Limit, LostPolicy, MoveAnalysis, Proof, SearchResult, Value};

/// Share of a per-move node or time budget that analysis spends on trying
/// to solve the move before searching it heuristically, in percent.
const ANALYSIS_SOLVE_SHARE: u64 = 50;

/// A proven distance found by a heuristic search of depth `d` is exact when
/// it is at most `d + EXACT_MARGIN`: every node sees a win at once and a
/// deadlock (R8), and the evaluation a loss by moving into one, so every
/// result up to one ply past the horizon is found, and a longer one means
/// none shorter. The solver's horizon finds more: [`found_within`].
const EXACT_MARGIN: i32 = 2;

/// The plies within which a solving search of `pos` to `depth` finds every
/// result: one past the horizon, as for [`EXACT_MARGIN`], and two where no
/// tower can push ([`eval::plain_round`]), since the solver's horizon then
/// finds every result two plies on as well ([`eval::win_in_two`],
/// [`eval::loss_in_two`]).
fn found_within<B: Board>(pos: &Position<B>, depth: i32) -> i32 {
    if depth >= 1 && eval::plain_round(pos) {
        depth + 2
    } else {
        depth + 1
    }
}

/// The depth of a solving search of `pos` that finds every result up to
/// `plies` plies: the inverse of [`found_within`].
fn finding_depth<B: Board>(pos: &Position<B>, plies: i32) -> i32 {
    if plies >= 3 && eval::plain_round(pos) {
        plies - 2
    } else {
        plies - 1
    }
}

/// A Kamisado engine. It owns the transposition table that its solver,
/// heuristic search and analysis share; it is `Send`, so a server may move
/// it to a worker thread.
pub struct Engine {
    pub(crate) tt: Table,
    /// The points solver's table, made when first needed.
    pub(crate) points: Option<PointsTable>,
    /// The size asked for, in megabytes.
    pub(crate) hash_mb: usize,
    /// How the levels that solve choose among moves that all lose.
    pub(crate) lost_policy: LostPolicy,
    /// Threads that search and solve (see [`Engine::set_threads`]).
    pub(crate) threads: usize,
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            points: None,
            hash_mb,
            lost_policy: LostPolicy::default(),
            threads: 1,
        }
    }

    /// Searches and solves on `threads` threads (1 to [`MAX_THREADS`]; more
    /// is taken as the most) that share the transposition table: helpers
    /// deepen the same root ("lazy SMP"), and [`crate::solve_first_moves`]
    /// shares the moves out. One thread, the default, is reproducible to the
    /// node; more are faster but their node counts and, among equal moves,
    /// their choices vary from run to run. Node limits count the nodes of
    /// the thread that gives the answer. The levels of
    /// [`Engine::choose_move`] always play on one thread: a level is its
    /// budget, and its moves are reproducible.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::{Engine, Value};
    ///
    /// let mut engine = Engine::new(16);
    /// engine.set_threads(2);
    /// let stop = AtomicBool::new(false);
    /// let result = engine.solve(&Position::start(), &stop).unwrap();
    /// assert!(matches!(result.value, Value::Win(_)));
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The threads that search and solve.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The size of the transposition table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt (for a new game, or a reproducible search).
    pub fn clear(&mut self) {
        self.tt.clear();
        if let Some(points) = &mut self.points {
            points.clear();
        }
    }

    /// The exact value of `pos` for the side to move, with the shortest win
    /// or the longest defence and a principal line to the end of the round.
    /// `None` only when `stop` was set before the proof was complete.
    pub(crate) fn solve_on<B: Board>(
        &self,
        pos: &Position<B>,
        stop: &AtomicBool,
    ) -> Option<SearchResult<B>> {
        let mut result = self.solve_within(pos, Budget::UNLIMITED, stop)?;
        self.finish_line(pos, result.value, &mut result.line, stop);
        Some(result)
    }

    /// [`Engine::solve_on`] within a node budget for the proof; the line is
    /// then carried to the end of the round as there.
    pub(crate) fn solve_nodes_on<B: Board>(
        &self,
        pos: &Position<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<SearchResult<B>> {
        let budget = Budget {
            nodes,
            deadline: None,
        };
        let mut result = self.solve_within(pos, budget, stop)?;
        self.finish_line(pos, result.value, &mut result.line, stop);
        Some(result)
    }

    /// Makes `line`, proposed for `pos` whose exact value is `value`, a line
    /// of best play to the end of the round: each move must keep the value
    /// (the position it leads to is worth one ply less to the mover), which
    /// a test of that position checks. The table's moves and the principal
    /// lines of null-window tests need not keep it, so where the proposed move
    /// does not (or the line ends early) the first move that does takes over.
    /// If `stop` is set, the line keeps what was checked, or stays as proposed.
    pub(crate) fn finish_line<B: Board>(
        &self,
        pos: &Position<B>,
        value: Value,
        line: &mut Vec<Move<B>>,
        stop: &AtomicBool,
    ) {
        let proposed = std::mem::take(line);
        let (mut current, mut value) = (*pos, value);
        let mut following = true;
        while line.len() < MAX_PLY && !current.is_over() {
            let hint = proposed.get(line.len()).copied().filter(|_| following);
            let Some((mv, next)) = self.keeping_move(&current, value, hint, stop) else {
                if following {
                    *line = proposed;
                }
                return;
            };
            following &= hint == Some(mv);
            line.push(mv);
            current = current.play_unchecked(mv);
            value = next;
        }
    }

    /// A move of `pos` (exact value `value`) that keeps the value, with the
    /// value of the position it leads to: the first that does of `hint`, a
    /// win at once, the table's move and the other legal moves. `None` if
    /// `stop` is set (or, were the solver's values inconsistent, if none does).
    fn keeping_move<B: Board>(
        &self,
        pos: &Position<B>,
        value: Value,
        hint: Option<Move<B>>,
        stop: &AtomicBool,
    ) -> Option<(Move<B>, Value)> {
        let legal = pos.legal_moves();
        let stored = self.tt.probe(zobrist::key(pos)).and_then(|h| h.mv);
        let mut tried = Vec::with_capacity(legal.len());
        let candidates = [hint, eval::winning_move(pos), stored]
            .into_iter()
            .flatten();
        for mv in candidates.chain(legal.iter().copied()) {
            if tried.contains(&mv) || !legal.contains(&mv) {
                continue;
            }
            tried.push(mv);
            let child = pos.play_unchecked(mv);
            let same_side = child.side_to_move() == pos.side_to_move();
            let after = value_after(value, same_side);
            if self.worth_to_mover(&child, after, same_side, stop)? {
                return Some((mv, after));
            }
        }
        debug_assert!(false, "no move of {pos} keeps its exact value {value}");
        None
    }

    /// Whether `pos`, which a move worth at most `after` one ply earlier led
    /// to, is worth `after` to the player who moved (its side to move if
    /// `same_side`): one null-window test, deep enough to find every result
    /// as short. `None` if `stop` is set.
    fn worth_to_mover<B: Board>(
        &self,
        pos: &Position<B>,
        after: Value,
        same_side: bool,
        stop: &AtomicBool,
    ) -> Option<bool> {
        let (score, plies) = match after {
            Value::Win(k) => (score::win_at(k as usize), k as i32),
            Value::Loss(k) => (score::loss_at(k as usize), k as i32),
            Value::Score(_) => unreachable!("a proven value is kept"),
        };
        // At least `score` for the side to move; or for the other, not more.
        let threshold = if same_side { score } else { score + 1 };
        let mut searcher = Searcher::new(&self.tt, stop, Mode::Solve, Budget::UNLIMITED);
        let at_least = searcher.root(
            pos,
            finding_depth(pos, plies).max(1),
            threshold - 1,
            threshold,
        ) >= threshold;
        (!searcher.aborted).then_some(at_least == same_side)
    }

    /// Whether `pos` is a win (`true`) or a loss for its side to move, as
    /// the solver proves within `budget` (`None` if it does not), without
    /// the exact distance.
    pub(crate) fn prove_within<B: Board>(
        &self,
        pos: &Position<B>,
        budget: Budget,
        stop: &AtomicBool,
    ) -> Option<bool> {
        if let Some(outcome) = pos.outcome() {
            return Some(outcome.winner == pos.side_to_move());
        }
        let mut searcher = Searcher::new(&self.tt, stop, Mode::Solve, budget);
        for depth in 1..MAX_PLY as i32 {
            for (alpha, beta) in [(0, 1), (-1, 0)] {
                let bound = searcher.root(pos, depth, alpha, beta);
                if searcher.aborted {
                    return None;
                }
                if is_proven(bound) {
                    return Some(bound > 0);
                }
            }
        }
        None
    }

    /// [`Engine::solve`] within a node and time budget.
    pub(crate) fn solve_within<B: Board>(
        &self,
        pos: &Position<B>,
        budget: Budget,
        stop: &AtomicBool,
    ) -> Option<SearchResult<B>> {
        self.solve_reporting_within(pos, budget, stop, &mut |_| {})
    }

    /// [`Engine::solve`], telling `horizon` of every depth after which the
    /// round is still open.
    pub(crate) fn solve_reporting_on<B: Board>(
        &self,
        pos: &Position<B>,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
    ) -> Option<SearchResult<B>> {
        let mut result = self.solve_reporting_within(pos, Budget::UNLIMITED, stop, horizon)?;
        self.finish_line(pos, result.value, &mut result.line, stop);
        Some(result)
    }

    /// [`Engine::solve_within`], telling `horizon` of every depth whose two
    /// tests proved neither a win nor a loss.
    fn solve_reporting_within<B: Board>(
        &self,
        pos: &Position<B>,
        budget: Budget,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
    ) -> Option<SearchResult<B>> {
        self.solve_threads(pos, budget, stop, horizon, self.threads)
    }

    /// [`Engine::solve_reporting_within`] on `threads` threads: each runs
    /// the whole proof, the odd ones starting a depth ahead, and the first
    /// to finish answers. `horizon` hears the first thread's depths.
    fn solve_threads<B: Board>(
        &self,
        pos: &Position<B>,
        budget: Budget,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
        threads: usize,
    ) -> Option<SearchResult<B>> {
        let start = Instant::now();
        if let Some(result) = finished(pos) {
            return Some(result);
        }
        let (proof, nodes) = self.race(pos, budget, stop, horizon, threads, true, start)?;
        let (score, line, depth) = proof;
        Some(self.result(pos, score, line, depth, nodes, start))
    }

    /// The proof of `pos` on `threads` threads (exact, or the first proven
    /// bound), with the nodes of every thread: each runs the whole proof,
    /// the odd ones starting a depth ahead, and the first to finish answers.
    #[allow(clippy::too_many_arguments)]
    fn race<B: Board>(
        &self,
        pos: &Position<B>,
        budget: Budget,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
        threads: usize,
        exact: bool,
        start: Instant,
    ) -> Option<(Found<B>, u64)> {
        let nodes = AtomicU64::new(0);
        let run = |first: i32, finished: &AtomicBool, horizon: &mut dyn FnMut(&Horizon)| {
            let mut searcher =
                Searcher::new(&self.tt, stop, Mode::Solve, budget).stopped_by(finished);
            let proof = prove(&mut searcher, pos, first, exact, start, &nodes, horizon);
            nodes.fetch_add(searcher.nodes, Ordering::Relaxed);
            proof
        };
        let proof = smp::race(
            threads,
            |finished| run(2, finished, horizon),
            |index, finished| run(2 + 2 * (index % 2) as i32, finished, &mut |_| {}),
        )?;
        Some((proof, nodes.load(Ordering::Relaxed)))
    }

    /// Who wins `pos`, proven without seeking the shortest win: the solver's
    /// deepening until one of its tests proves a result, on the threads set.
    /// `None` only when `stop` was set first.
    pub(crate) fn prove_on<B: Board>(
        &self,
        pos: &Position<B>,
        stop: &AtomicBool,
    ) -> Option<Proof<B>> {
        let start = Instant::now();
        if let Some(outcome) = pos.outcome() {
            return Some(Proof {
                wins: outcome.winner == pos.side_to_move(),
                within: 0,
                best: None,
                nodes: 1,
                elapsed: Duration::ZERO,
            });
        }
        let ((bound, line, _), nodes) = self.race(
            pos,
            Budget::UNLIMITED,
            stop,
            &mut |_| {},
            self.threads,
            false,
            start,
        )?;
        let wins = bound > 0;
        Some(Proof {
            wins,
            within: (WIN - bound.abs()) as u32,
            best: line.first().copied().filter(|_| wins),
            nodes,
            elapsed: start.elapsed(),
        })
    }

    /// Iterative deepening alpha-beta with the evaluation, within `limit` or
    /// until `stop` is set; `info` hears every completed depth. Proven results
    /// are reported as [`Value::Win`] or [`Value::Loss`], and the search ends
    /// once the position is proven.
    pub(crate) fn search_on<B: Board>(
        &self,
        pos: &Position<B>,
        limit: Limit,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult<B>),
    ) -> SearchResult<B> {
        let start = Instant::now();
        if let Some(result) = finished(pos) {
            return result;
        }
        let (max_depth, budget) = parts(limit, start);
        if max_depth == 0 {
            return static_result(pos);
        }
        let threads = self.threads;
        let (searched, helped) = smp::with_helpers(&self.tt, threads, pos, max_depth, |helped| {
            let mut searcher = Searcher::new(&self.tt, stop, Mode::Heuristic, budget);
            let mut best: Option<Found<B>> = None;
            for depth in 1..=max_depth {
                let score = searcher.root(pos, depth, -INFINITY, INFINITY);
                if searcher.aborted && best.is_some() {
                    break;
                }
                best = Some((score, searcher.line().to_vec(), depth));
                if searcher.aborted {
                    break;
                }
                let nodes = searcher.nodes + helped.load(Ordering::Relaxed);
                let line = searcher.line().to_vec();
                info(&result_of(pos, score, line, depth, nodes, start));
                if is_proven(score) && WIN - score.abs() <= depth + EXACT_MARGIN {
                    break;
                }
            }
            (best, searcher.nodes)
        });
        let (best, nodes) = searched;
        let nodes = nodes + helped;
        let (score, line, depth) = best.expect("one iteration ran");
        let mut result = self.result(pos, score, line, depth, nodes, start);
        if result.best.is_none() {
            result.best = pos.legal_moves().first().copied();
        }
        result
    }

    /// Every legal move of `pos` with its value for the side to move and its
    /// best line, best first. With [`Limit::Infinite`] every value is exact
    /// and every line runs to the end of the round (unless `stop` is set);
    /// other limits are shared among the moves.
    pub(crate) fn analyse_on<B: Board>(
        &self,
        pos: &Position<B>,
        limit: Limit,
        stop: &AtomicBool,
    ) -> Vec<MoveAnalysis<B>> {
        let moves = pos.legal_moves();
        let count = moves.len().max(1) as u64;
        let mut analyses: Vec<MoveAnalysis<B>> = moves
            .iter()
            .map(|&mv| {
                let child = pos.play_unchecked(mv);
                let result = self.value_of(&child, share(limit, count), stop);
                let mut line = vec![mv];
                line.extend(result.line);
                let same_side = child.side_to_move() == pos.side_to_move();
                MoveAnalysis {
                    mv,
                    value: result.value.before_move(same_side),
                    line,
                }
            })
            .collect();
        analyses.sort_by_key(|a| std::cmp::Reverse(a.value));
        analyses
    }

    /// The value of a position within a limit: solved if the budget allows,
    /// searched otherwise.
    fn value_of<B: Board>(
        &self,
        pos: &Position<B>,
        limit: Limit,
        stop: &AtomicBool,
    ) -> SearchResult<B> {
        let solve_budget = match limit {
            Limit::Infinite => Some(Budget::UNLIMITED),
            Limit::Nodes(n) => Some(Budget {
                nodes: n * ANALYSIS_SOLVE_SHARE / 100,
                deadline: None,
            }),
            Limit::Time(t) => Some(Budget {
                nodes: u64::MAX,
                deadline: Some(Instant::now() + t * ANALYSIS_SOLVE_SHARE as u32 / 100),
            }),
            Limit::Depth(_) => None,
        };
        if let Some(budget) = solve_budget
            && let Some(mut result) = self.solve_within(pos, budget, stop)
        {
            if limit == Limit::Infinite {
                self.finish_line(pos, result.value, &mut result.line, stop);
            }
            return result;
        }
        let rest = match limit {
            Limit::Nodes(n) => Limit::Nodes(n - n * ANALYSIS_SOLVE_SHARE / 100),
            Limit::Time(t) => Limit::Time(t - t * ANALYSIS_SOLVE_SHARE as u32 / 100),
            Limit::Infinite => Limit::Depth(1),
            other => other,
        };
        self.search_on(pos, rest, stop, &mut |_| {})
    }

    /// A result from a root score and line, the line completed from the table.
    fn result<B: Board>(
        &self,
        pos: &Position<B>,
        score: i32,
        mut line: Vec<Move<B>>,
        depth: i32,
        nodes: u64,
        start: Instant,
    ) -> SearchResult<B> {
        self.complete_line(pos, &mut line);
        result_of(pos, score, line, depth, nodes, start)
    }

    /// Extends a principal line with the table's moves, up to the end of the round.
    fn complete_line<B: Board>(&self, pos: &Position<B>, line: &mut Vec<Move<B>>) {
        let mut current = *pos;
        for &mv in line.iter() {
            current = current.play_unchecked(mv);
        }
        while line.len() < MAX_PLY && !current.is_over() {
            let stored = self.tt.probe(zobrist::key(&current)).and_then(|h| h.mv);
            let Some(mv) = eval::winning_move(&current).or(stored) else {
                break;
            };
            if !current.is_legal(mv) {
                break;
            }
            line.push(mv);
            current = current.play_unchecked(mv);
        }
    }
}

/// What a proof found: the root's score, its line and the depth of the last search.
type Found<B> = (i32, Vec<Move<B>>, i32);

/// The depth from which the deepening on board `B` also tests for a win at
/// each odd depth, between the two tests of one even depth and those of the
/// next: on 10×10, where a tower has more moves and each ply costs more
/// (about 23 moves a ply against 13 on 8×8; the start's test at depth 18
/// cost three times its test at depth 17), a proof one ply shallower is
/// worth the tests that fail (the 10×10 start: 149 M nodes rather than
/// 279 M, its win in 19 proven at depth 17 rather than 18); on 8×8 and 6×6
/// the tests that fail cost more than they save (the 8×8 start: 868 352 nodes
/// rather than 711 807 from depth 12, its first moves 23.3 M rather than 20.2 M).
fn odd_win_tests_from<B: Board>() -> i32 {
    if B::SIZE >= 10 {
        ODD_WIN_TESTS_DEPTH
    } else {
        i32::MAX
    }
}

/// On 10×10, the first depth followed by a test for a win one ply deeper
/// ([`odd_win_tests_from`]): below it, the tests are cheap whatever they find.
const ODD_WIN_TESTS_DEPTH: i32 = 16;

/// The solver's proof of `pos` with `searcher`, deepening by two plies from
/// `first_depth`: its exact score (or, unless `exact`, the first proven
/// bound), line and last depth, or `None` if stopped. `horizon` hears each
/// depth that proved the round open, with the nodes of this search and those
/// `others` have counted. On 10×10 a test for a win at each odd depth comes
/// between ([`odd_win_tests_from`]).
#[allow(clippy::too_many_arguments)]
fn prove<B: Board>(
    searcher: &mut Searcher<'_, B>,
    pos: &Position<B>,
    first_depth: i32,
    exact: bool,
    start: Instant,
    others: &AtomicU64,
    horizon: &mut dyn FnMut(&Horizon),
) -> Option<Found<B>> {
    // No result is shorter than `shortest` plies.
    let mut shortest = 1;
    // Even depths only: a depth one ply deeper than the last rarely
    // proves what the next even one would not, and costs nearly as much
    // (the start: 2.20 M nodes rather than 2.87 M; the first moves:
    // 45.5 M rather than 53.3 M).
    for depth in (first_depth..MAX_PLY as i32).step_by(2) {
        // Two one-sided tests: is it a win, is it a loss within the horizon?
        for (alpha, beta) in [(0, 1), (-1, 0)] {
            if let Some(found) = test(searcher, pos, depth, (alpha, beta), exact, shortest) {
                return found;
            }
        }
        shortest = found_within(pos, depth) + 1;
        horizon(&Horizon {
            depth: depth as u32,
            open_plies: (shortest - 1) as u32,
            nodes: searcher.nodes + others.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
            table_filled: searcher.table_fill(),
        });
        if depth >= odd_win_tests_from::<B>()
            && let Some(found) = test(searcher, pos, depth + 1, (0, 1), exact, shortest)
        {
            return found;
        }
    }
    None
}

/// One test of the deepening at `depth` with the window `(alpha, beta)`:
/// `None` if it proves no result, else what [`prove`] returns (the proof,
/// made exact if `exact`, knowing that no result is shorter than `shortest`
/// plies; `None` inside if stopped).
fn test<B: Board>(
    searcher: &mut Searcher<'_, B>,
    pos: &Position<B>,
    depth: i32,
    (alpha, beta): (i32, i32),
    exact: bool,
    shortest: i32,
) -> Option<Option<Found<B>>> {
    let bound = searcher.root(pos, depth, alpha, beta);
    if searcher.aborted {
        return Some(None);
    }
    if !is_proven(bound) {
        return None;
    }
    Some(if !exact {
        Some((bound, searcher.line().to_vec(), depth))
    } else if bound > 0 {
        exact_win(searcher, pos, bound, depth, shortest)
    } else {
        exact_loss(searcher, pos, bound, depth)
    })
}

/// The exact score of a root proven a win (`bound`: the win is at most that
/// long) by a search at `depth` whose line is the searcher's, knowing that no
/// result is shorter than `shortest` plies: null-window tests for a shorter
/// win until none is found. With the line and the depth of the last search,
/// or `None` if stopped.
fn exact_win<B: Board>(
    searcher: &mut Searcher<'_, B>,
    pos: &Position<B>,
    bound: i32,
    mut depth: i32,
    shortest: i32,
) -> Option<Found<B>> {
    let mut longest = WIN - bound;
    let mut line = searcher.line().to_vec();
    while longest > shortest {
        depth = depth.max(finding_depth(pos, longest - 1));
        let threshold = score::win_at(longest as usize);
        let shorter = searcher.root(pos, depth, threshold, threshold + 1);
        if searcher.aborted {
            return None;
        }
        if shorter <= threshold {
            break;
        }
        longest = WIN - shorter;
        line = searcher.line().to_vec();
    }
    Some((score::win_at(longest as usize), line, depth))
}

/// The exact score of a root proven a loss (`bound`: the longest defence is
/// at most that long) by a search at `depth`: null-window tests of whether
/// every defence is shorter, until one is not. With the line (starting with
/// the longest defence) and the depth of the last search, or `None` if stopped.
fn exact_loss<B: Board>(
    searcher: &mut Searcher<'_, B>,
    pos: &Position<B>,
    bound: i32,
    mut depth: i32,
) -> Option<Found<B>> {
    let mut longest = WIN + bound;
    while depth < MAX_PLY as i32 {
        if longest <= 1 {
            // Every move ends the round against its mover (R8): any is the longest defence.
            let any = pos.legal_moves().first().copied();
            return Some((score::loss_at(1), any.into_iter().collect(), depth));
        }
        depth = depth.max(finding_depth(pos, longest - 1));
        let threshold = score::loss_at(longest as usize - 1);
        let shorter = searcher.root(pos, depth, threshold, threshold + 1);
        if searcher.aborted {
            return None;
        }
        if shorter > threshold {
            return Some((
                score::loss_at(longest as usize),
                searcher.line().to_vec(),
                depth,
            ));
        }
        longest = WIN + shorter;
    }
    None
}

/// The value, for its side to move, of the position after a move that keeps
/// `value` (one ply less), the inverse of [`Value::before_move`].
fn value_after(value: Value, same_side: bool) -> Value {
    match (value, same_side) {
        (Value::Win(n), true) => Value::Win(n - 1),
        (Value::Loss(n), true) => Value::Loss(n - 1),
        (Value::Win(n), false) => Value::Loss(n - 1),
        (Value::Loss(n), false) => Value::Win(n - 1),
        (score, _) => score,
    }
}

/// A result from a root score and line.
fn result_of<B: Board>(
    pos: &Position<B>,
    score: i32,
    line: Vec<Move<B>>,
    depth: i32,
    nodes: u64,
    start: Instant,
) -> SearchResult<B> {
    let best = line
        .first()
        .copied()
        .or_else(|| pos.legal_moves().first().copied());
    SearchResult {
        best,
        value: score::value(score),
        line,
        depth: depth.max(0) as u32,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// The result of a position where the round is over, if it is.
fn finished<B: Board>(pos: &Position<B>) -> Option<SearchResult<B>> {
    let outcome = pos.outcome()?;
    Some(SearchResult {
        best: None,
        value: if outcome.winner == pos.side_to_move() {
            Value::Win(0)
        } else {
            Value::Loss(0)
        },
        line: Vec::new(),
        depth: 0,
        nodes: 1,
        elapsed: Duration::ZERO,
    })
}

/// The value of a position without search: a win at once, a loss in two, or
/// the evaluation.
fn static_result<B: Board>(pos: &Position<B>) -> SearchResult<B> {
    let (value, line) = match eval::winning_move(pos) {
        Some(mv) => (Value::Win(1), vec![mv]),
        None => (score::value(eval::evaluate(pos, 0)), Vec::new()),
    };
    SearchResult {
        best: line.first().copied(),
        value,
        line,
        depth: 0,
        nodes: 1,
        elapsed: Duration::ZERO,
    }
}

/// The deepest iteration and the budget a limit allows.
fn parts(limit: Limit, start: Instant) -> (i32, Budget) {
    let deepest = MAX_PLY as i32 - 1;
    match limit {
        Limit::Depth(d) => (d.min(deepest as u32) as i32, Budget::UNLIMITED),
        Limit::Nodes(nodes) => (
            deepest,
            Budget {
                nodes,
                deadline: None,
            },
        ),
        Limit::Time(t) => (
            deepest,
            Budget {
                nodes: u64::MAX,
                deadline: Some(start + t),
            },
        ),
        Limit::Infinite => (deepest, Budget::UNLIMITED),
    }
}

/// One move's share of a limit for analysis.
fn share(limit: Limit, count: u64) -> Limit {
    match limit {
        Limit::Depth(d) => Limit::Depth(d.saturating_sub(1)),
        Limit::Nodes(n) => Limit::Nodes((n / count).max(1)),
        Limit::Time(t) => Limit::Time(t / count as u32),
        Limit::Infinite => Limit::Infinite,
    }
}

/// Every first move of a round from the start of board `B` with its exact value for
/// Black, best first; `progress(done, total)` is called as moves are done. Where
/// the board has a mirror ([`Position::mirrored`]), only one move of each
/// mirrored pair is proven: the other has the same value and the mirrored
/// line. On more than one thread, the threads take the moves in turn, each
/// proving its move alone over the shared table.
pub(crate) fn solve_first_moves_on<B: Board>(
    engine: &Engine,
    rules: Rules,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<MoveAnalysis<B>> {
    let start = Position::<B>::start_with(rules);
    let stop = AtomicBool::new(false);
    let moves: Vec<Move<B>> = start.legal_moves().iter().copied().collect();
    // Each move's mirror, if it is a later first move that the rules cannot
    // tell from this one: that move is not proven again.
    let mirror_of = |mv: Move<B>| {
        let mirror = mv.mirrored();
        let after = start.play_unchecked(mv).mirrored()?;
        (mirror != mv && moves.contains(&mirror) && after == start.play_unchecked(mirror))
            .then_some(mirror)
    };
    let mut skipped = Vec::new();
    let mut proven = Vec::new();
    for &mv in &moves {
        if !skipped.contains(&mv) {
            proven.push(mv);
            skipped.extend(mirror_of(mv));
        }
    }
    let solve = |mv: Move<B>| {
        let child = start.play_unchecked(mv);
        let mut result = engine
            .solve_threads(&child, Budget::UNLIMITED, &stop, &mut |_| {}, 1)
            .expect("never stopped");
        engine.finish_line(&child, result.value, &mut result.line, &stop);
        let mut line = vec![mv];
        line.extend(result.line);
        MoveAnalysis {
            mv,
            value: result.value.before_move(false),
            line,
        }
    };
    let mut analyses = Vec::with_capacity(moves.len());
    let mut take = |analysis: MoveAnalysis<B>| {
        if let Some(mirror) = mirror_of(analysis.mv) {
            analyses.push(MoveAnalysis {
                mv: mirror,
                value: analysis.value,
                line: analysis.line.iter().map(|m| m.mirrored()).collect(),
            });
        }
        analyses.push(analysis);
        progress(analyses.len(), moves.len());
    };
    if engine.threads <= 1 {
        for &mv in &proven {
            take(solve(mv));
        }
    } else {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..engine.threads.min(proven.len()) {
                let (sender, next, solve, proven) = (sender.clone(), &next, &solve, &proven);
                scope.spawn(move || {
                    while let Some(&mv) =
                        proven.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        if sender.send(solve(mv)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(sender);
            for analysis in receiver {
                take(analysis);
            }
        });
    }
    // In the order of the legal moves among equal values, as one thread finds them.
    analyses.sort_by_key(|a| {
        (
            std::cmp::Reverse(a.value),
            moves.iter().position(|&m| m == a.mv),
        )
    });
    analyses
}
