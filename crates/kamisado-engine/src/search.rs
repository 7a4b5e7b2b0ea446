//! Alpha-beta (principal variation search) over proven results and
//! heuristic scores, shared by the solver and the heuristic search.
//!
//! Scores are from the side to move's view; a proven result is a distance
//! from the root (see [`crate::score`]). A push leaves the same side to move
//! (R13), so its child's score is not negated.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kamisado_core::geometry::{Board, Eight};
use kamisado_core::{Move, MoveList, Position};

use crate::eval;
use crate::score::{self, INFINITY, is_proven, loss_at, win_at};
use crate::tt::{Bound, Hit, Table};
use crate::zobrist;

/// The deepest ply the search visits.
pub const MAX_PLY: usize = 200;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_INTERVAL: u64 = 1024;
/// Remaining depth from which moves are ordered by the opponent's replies.
const RICH_ORDERING_DEPTH: i32 = 2;
/// Remaining depth from which the solver orders by the opponent's safe
/// replies (those that hand no win at once); nearer the horizon it counts
/// every reply of the forced tower, which costs a look at its steps only and
/// orders as well (the 8×8 start: 709 670 nodes rather than 711 807).
const SAFE_REPLIES_DEPTH: i32 = 3;

/// Move<B>-ordering scores.
const KILLER_BONUS: i32 = 1 << 20;
const HANDS_A_WIN: i32 = -(1 << 26);
const PUSH_BONUS: i32 = 1 << 18;
/// Per safe reply left to the opponent (fewer is better).
const SAFE_REPLY_PENALTY: i32 = 1 << 21;
const HISTORY_MAX: i32 = 1 << 16;
/// Every ordering key of a step that hands a win is at most this, and every
/// other key above it: a step's replies are at most [`MAX_REPLIES`].
const HANDS_A_WIN_ABOVE: i32 = HANDS_A_WIN + HISTORY_MAX;
/// The most replies a forced tower has: three rays of at most 9 squares on
/// 10×10, and a pass or a push counted once more.
const MAX_REPLIES: i32 = 3 * 9 + 1;
const _: () = assert!(-MAX_REPLIES * SAFE_REPLY_PENALTY > HANDS_A_WIN_ABOVE);
/// Remaining depth from which nodes use the transposition table: below it,
/// a node is cheaper to search again than to look up.
const TABLE_DEPTH: i32 = 2;
/// Move<B> lists up to this long are ordered with keys on the stack.
const SHORT_LIST: usize = 32;

/// What the search returns at its horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// 0 (unknown) unless a result is proven: for exact solving.
    Solve,
    /// The static evaluation.
    Heuristic,
}

/// Where the search must stop.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Nodes it may visit.
    pub nodes: u64,
    /// When it must stop.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit but the stop flag.
    pub const UNLIMITED: Budget = Budget {
        nodes: u64::MAX,
        deadline: None,
    };
}

/// What a node's search has found so far.
struct Best<B: Board> {
    /// The best score.
    score: i32,
    /// The move that gave it.
    mv: Move<B>,
    /// The lower end of the window, raised by the best score.
    alpha: i32,
}

/// What stays fixed while a node's moves are searched.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    depth: i32,
    beta: i32,
    ply: usize,
}

/// One search: the table, the limits, and what the search has learnt.
pub struct Searcher<'a, B: Board = Eight> {
    tt: &'a Table,
    stop: &'a AtomicBool,
    /// Set when another thread has finished the work this search shares.
    finished: Option<&'a AtomicBool>,
    /// Whether the solver's root is its own mirror ([`Position::mirrored`]):
    /// then one move of each mirrored pair is searched there.
    mirror_root: bool,
    mode: Mode,
    budget: Budget,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the search ran out of budget or was stopped.
    pub aborted: bool,
    killers: Vec<[Option<Move<B>>; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<Move<B>>>,
}

impl<'a, B: Board> Searcher<'a, B> {
    /// A search over `tt`.
    pub fn new(tt: &'a Table, stop: &'a AtomicBool, mode: Mode, budget: Budget) -> Self {
        Searcher {
            tt,
            stop,
            finished: None,
            mirror_root: false,
            mode,
            budget,
            nodes: 0,
            aborted: false,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; B::SQUARES * B::SQUARES],
            pv: vec![Vec::new(); MAX_PLY + 2],
        }
    }

    /// The principal line of the last search from the root.
    pub fn line(&self) -> &[Move<B>] {
        &self.pv[0]
    }

    /// The table's entries in use, per mille (estimated from a sample).
    pub fn table_fill(&self) -> u32 {
        (self.tt.fill() * 1000.0).round() as u32
    }

    /// The same search, which also stops once `finished` is set: one of
    /// several threads working on the same root.
    pub fn stopped_by(self, finished: &'a AtomicBool) -> Self {
        Searcher {
            finished: Some(finished),
            ..self
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget.nodes
            || self.stop.load(Ordering::Relaxed)
            || self.finished.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.budget.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Searches the root to `depth` within the window; the line is in [`Self::line`].
    pub fn root(&mut self, pos: &Position<B>, depth: i32, alpha: i32, beta: i32) -> i32 {
        self.mirror_root = self.mode == Mode::Solve && pos.mirrored() == Some(*pos);
        self.negamax(pos, zobrist::key(pos), depth, alpha, beta, 0, false)
    }

    /// The score of `pos` at `ply`; `quiet` if the step that led to it is
    /// known to hand its side to move no win at once ([`eval::hands_a_win`]),
    /// which then is not looked for again.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position<B>,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiet: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.nodes % CHECK_INTERVAL == 0 && self.out_of_budget() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if let Some(winner) = eval::goal_reached(pos) {
            return terminal(pos.side_to_move() == winner, ply);
        }
        debug_assert!(!quiet || eval::winning_move(pos).is_none(), "{pos}");
        if !quiet && let Some(mv) = eval::winning_move(pos) {
            self.pv[ply].push(mv);
            return win_at(ply + 1);
        }
        // A deadlock (R8) ends the round here, where the bounds below do not hold.
        if let Some(winner) = eval::deadlock(pos) {
            return terminal(pos.side_to_move() == winner, ply);
        }
        // No win at once: the best is a win two plies on, the worst a loss after this move.
        let alpha = alpha.max(loss_at(ply + 1));
        let beta = beta.min(win_at(ply + 2));
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.horizon(pos, alpha, beta, ply);
        }
        self.interior(pos, key, depth, alpha, beta, ply)
    }

    /// The score at the horizon. The solver looks only for the result that
    /// can move the score across the window: when 0 (unknown) already fails
    /// high, only a loss within two matters; when it fails low, only a win in
    /// two or three.
    fn horizon(&self, pos: &Position<B>, alpha: i32, beta: i32, ply: usize) -> i32 {
        let proof = match self.mode {
            Mode::Heuristic => return eval::evaluate(pos, ply),
            Mode::Solve if beta <= 0 => eval::loss_in_two(pos, ply),
            Mode::Solve if alpha >= 0 => eval::win_in_two_or_three(pos, ply),
            Mode::Solve => eval::short_proof(pos, ply),
        };
        proof.unwrap_or(0)
    }

    fn interior(
        &mut self,
        pos: &Position<B>,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let hashed = depth >= TABLE_DEPTH;
        let hit = if hashed { self.tt.probe(key) } else { None };
        if ply > 0
            && let Some(score) = hit.and_then(|h| self.cutoff(h, depth, alpha, beta, ply))
        {
            return score;
        }
        // Filled in place: a returned list would be copied whole at every node.
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            let outcome = pos.outcome().expect("no legal move: the round is over");
            return terminal(pos.side_to_move() == outcome.winner, ply);
        }
        if ply == 0 && self.mirror_root {
            // A move and its mirror lead to mirror images, worth the same.
            let mut kept = 0;
            for i in 0..moves.len() {
                let mv = moves[i];
                if !moves[..kept].contains(&mv.mirrored()) {
                    moves[kept] = mv;
                    kept += 1;
                }
            }
            moves.truncate(kept);
        }
        let node = Node {
            key,
            depth,
            beta,
            ply,
        };
        let mut best = Best {
            score: -INFINITY,
            mv: moves[0],
            alpha,
        };
        // The table's move first, and the others ordered only if it does not cut off.
        let tt_move = hit.and_then(|h| h.mv);
        let mut rest = 0;
        if let Some(i) = tt_move.and_then(|mv| moves.iter().position(|&m| m == mv)) {
            moves.swap(0, i);
            let mut once = Some((moves[0], false));
            self.search_moves(pos, &node, 0, || once.take(), &mut best);
            rest = 1;
        }
        if moves.len() > rest && best.score < beta && !self.aborted {
            // A node that failed low before will likely search every move:
            // counting safe replies would not pay.
            let expected_all = hit.is_some_and(|h| h.bound == Bound::Upper);
            let ordering_depth = if expected_all { 0 } else { depth };
            if ordering_depth < RICH_ORDERING_DEPTH && moves.len() - rest <= SHORT_LIST {
                self.search_handing_last(pos, &node, &moves[rest..], rest, &mut best);
            } else {
                self.search_ordered(pos, &node, &moves[rest..], rest, ordering_depth, &mut best);
            }
        }
        if hashed && !self.aborted {
            self.store(key, best.score, alpha, beta, depth, best.mv, ply);
        }
        best.score
    }

    /// The score a table entry proves for this window, if it proves one.
    fn cutoff(&self, hit: Hit<B>, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let score = score::from_table(hit.score, ply);
        let deep = i32::from(hit.depth) >= depth && hit.heuristic == (self.mode == Mode::Heuristic);
        let lower = hit.bound != Bound::Upper && (score >= score::PROVEN || deep);
        let upper = hit.bound != Bound::Lower && (score <= -score::PROVEN || deep);
        if (lower && score >= beta) || (upper && score <= alpha) || (lower && upper) {
            Some(score)
        } else {
            None
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u64,
        best: i32,
        alpha: i32,
        beta: i32,
        depth: i32,
        mv: Move<B>,
        ply: usize,
    ) {
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            Hit {
                score: score::to_table(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                heuristic: self.mode == Mode::Heuristic && !is_proven(best),
                mv: Some(mv),
            },
        );
    }

    /// Searches `moves` (more than [`SHORT_LIST`] only at a root), the
    /// moves from `first` on in the node's order, raising `best`: ordered as
    /// [`Searcher::order`] orders them, but picked best first one at a time
    /// rather than sorted, since most nodes cut off after the first.
    fn search_ordered(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        moves: &[Move<B>],
        first: usize,
        depth: i32,
        best: &mut Best<B>,
    ) {
        let counting = self.counting(pos, depth);
        let mut short = [PICKED; SHORT_LIST];
        let mut long = Vec::new();
        let keys = if moves.len() <= SHORT_LIST {
            &mut short[..moves.len()]
        } else {
            long.resize(moves.len(), PICKED);
            &mut long[..]
        };
        for (key, &mv) in keys.iter_mut().zip(moves) {
            *key = self.move_score(pos, mv, &counting, node.ply);
        }
        // What a step hands under an opening limit is read with its ply's limit.
        let limited = pos.opening_limit().is_some();
        let mut left = moves.len();
        let pick = || {
            left = left.checked_sub(1)?;
            let (i, key) = pick_best(keys);
            Some((moves[i], key > HANDS_A_WIN_ABOVE && !limited))
        };
        self.search_moves(pos, node, first, pick, best);
    }

    /// Searches the moves that `next_move` gives, the moves from `first` on
    /// in the node's order, raising `best`; each with whether, if a step,
    /// it is known to hand the opponent no win at once.
    fn search_moves(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        first: usize,
        mut next_move: impl FnMut() -> Option<(Move<B>, bool)>,
        best: &mut Best<B>,
    ) {
        let Node {
            key,
            depth,
            beta,
            ply,
        } = *node;
        let Some((mv, quiet)) = next_move() else {
            return;
        };
        let mut next = (mv, quiet, self.successor(pos, key, mv, depth));
        for i in 0.. {
            let (mv, quiet, (child, child_key)) = next;
            let following = next_move();
            if let Some((following, quiet)) = following {
                next = (following, quiet, self.successor(pos, key, following, depth));
            }
            let alpha = best.alpha;
            let window = if first + i == 0 { beta } else { alpha + 1 };
            let quiet = quiet && matches!(mv, Move::Step { .. });
            let mut score = self.child(
                pos,
                &child,
                child_key,
                depth - 1,
                (alpha, window),
                ply,
                quiet,
            );
            if score > alpha && score < beta && window < beta && !self.aborted {
                score = self.child(pos, &child, child_key, depth - 1, (alpha, beta), ply, quiet);
            }
            if self.aborted {
                return;
            }
            if score > best.score {
                best.score = score;
                best.mv = mv;
                if score > alpha {
                    best.alpha = score;
                    self.update_line(ply, mv);
                    if score >= beta {
                        self.reward(mv, depth, ply);
                        return;
                    }
                }
            }
            if following.is_none() {
                return;
            }
        }
    }

    /// Searches `moves` (at most [`SHORT_LIST`], from `first` on in the
    /// node's order) in the order of [`Searcher::order`] with nothing
    /// counted, raising `best`: by killers and history, the steps that hand
    /// a win last. Whether a step hands a win is read only when its turn
    /// comes, so that a cutoff by the first moves (as most nodes next to
    /// the horizon have) spares the look at the others; and the moves are
    /// picked best first one at a time rather than sorted, for the same
    /// reason.
    fn search_handing_last(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        moves: &[Move<B>],
        first: usize,
        best: &mut Best<B>,
    ) {
        let ply = node.ply;
        let mut keys = [PICKED; SHORT_LIST];
        for (key, &mv) in keys.iter_mut().zip(moves) {
            *key = self.move_score(pos, mv, &Counting::Later, ply);
        }
        let keys = &mut keys[..moves.len()];
        let quiet = pos.opening_limit().is_none();
        let mut handing = [Move::Pass; SHORT_LIST];
        let mut deferred = 0;
        let mut searched = first;
        for _ in 0..moves.len() {
            let mv = moves[pick_best(keys).0];
            if let Move::Step { from, to } = mv
                && eval::hands_a_win(pos, from, to)
            {
                handing[deferred] = mv;
                deferred += 1;
                continue;
            }
            let mut once = Some((mv, quiet));
            self.search_moves(pos, node, searched, || once.take(), best);
            searched += 1;
            if best.score >= node.beta || self.aborted {
                return;
            }
        }
        let handing = &mut handing[..deferred];
        sort_by_keys(handing, i32::MIN, |mv| self.history_of(mv));
        for &mv in handing.iter() {
            let mut once = Some((mv, false));
            self.search_moves(pos, node, searched, || once.take(), best);
            searched += 1;
            if best.score >= node.beta || self.aborted {
                return;
            }
        }
    }

    /// The position after a move from a node at `depth` and its key, whose
    /// table bucket starts loading. Below [`TABLE_DEPTH`] neither the child
    /// nor any node under it looks up the table, so its key is left 0.
    #[inline]
    fn successor(
        &self,
        pos: &Position<B>,
        key: u64,
        mv: Move<B>,
        depth: i32,
    ) -> (Position<B>, u64) {
        let child = pos.play_unchecked(mv);
        if depth <= TABLE_DEPTH {
            return (child, 0);
        }
        let child_key = zobrist::key_after_move(pos, key, mv, &child);
        self.tt.prefetch(child_key);
        (child, child_key)
    }

    /// The score of a child for the parent's side to move, within the
    /// window `(alpha, beta)`; `quiet` as for [`Searcher::negamax`].
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        parent: &Position<B>,
        child: &Position<B>,
        key: u64,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        quiet: bool,
    ) -> i32 {
        if child.side_to_move() == parent.side_to_move() {
            self.negamax(child, key, depth, alpha, beta, ply + 1, quiet)
        } else {
            -self.negamax(child, key, depth, -beta, -alpha, ply + 1, quiet)
        }
    }

    /// A move's history score (0 for a pass).
    fn history_of(&self, mv: Move<B>) -> i32 {
        match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => self.history[from.index() * B::SQUARES + to.index()],
            _ => 0,
        }
    }

    fn update_line(&mut self, ply: usize, mv: Move<B>) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn reward(&mut self, mv: Move<B>, depth: i32, ply: usize) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let h = &mut self.history[from.index() * B::SQUARES + to.index()];
            *h = (*h + depth * depth).min(HISTORY_MAX);
        }
    }

    /// Orders moves best first: killers, history, and (with enough depth
    /// left) the fewer safe replies a move leaves the opponent the better
    /// (in the solver next to the horizon, the fewer replies); moves that
    /// hand the opponent a win last.
    /// Returns how many of the first moves hand no win (those that do come
    /// last, after a key below [`HANDS_A_WIN_ABOVE`]), or 0 under an opening
    /// limit, where what a step hands is read with the limit of its ply.
    fn order(&self, pos: &Position<B>, moves: &mut [Move<B>], depth: i32, ply: usize) -> usize {
        let counting = self.counting(pos, depth);
        let quiet = sort_by_keys(moves, HANDS_A_WIN_ABOVE, |mv| {
            self.move_score(pos, mv, &counting, ply)
        });
        if pos.opening_limit().is_some() {
            0
        } else {
            quiet
        }
    }

    /// What [`Searcher::order`] counts of the replies at a remaining `depth`.
    fn counting(&self, pos: &Position<B>, depth: i32) -> Counting<B> {
        if depth < RICH_ORDERING_DEPTH {
            Counting::Nothing
        } else {
            match pos.forced_colour() {
                Some(_) if self.mode == Mode::Solve && depth < SAFE_REPLIES_DEPTH => Counting::All,
                forced => Counting::Safe(forced.map(|c| eval::Threats::with_paths(pos, c))),
            }
        }
    }

    /// A move's ordering key, with the opponent's replies counted as `counting` says.
    fn move_score(
        &self,
        pos: &Position<B>,
        mv: Move<B>,
        counting: &Counting<B>,
        ply: usize,
    ) -> i32 {
        let killer = if self.killers[ply].contains(&Some(mv)) {
            KILLER_BONUS
        } else {
            0
        };
        match mv {
            Move::Pass => 0,
            Move::Push { from, to } => {
                PUSH_BONUS + killer + self.history[from.index() * B::SQUARES + to.index()]
            }
            Move::Step { from, to } => {
                let history = self.history[from.index() * B::SQUARES + to.index()];
                let replies = match counting {
                    Counting::Later => Some(0),
                    Counting::Safe(Some(threats)) => {
                        threats.safe_replies_unless_handing(pos, from, to)
                    }
                    Counting::All => eval::replies_unless_handing(pos, from, to),
                    _ if eval::hands_a_win(pos, from, to) => None,
                    Counting::Safe(None) => Some(eval::safe_replies(pos, from, to)),
                    Counting::Nothing => Some(0),
                };
                match replies {
                    Some(replies) => killer + history - replies as i32 * SAFE_REPLY_PENALTY,
                    None => HANDS_A_WIN + history,
                }
            }
        }
    }
}

/// What the ordering counts of the opponent's replies after a step.
#[derive(Clone, Copy)]
enum Counting<B: Board> {
    /// Nothing, nor whether it hands a win, which is read later
    /// ([`Searcher::search_handing_last`]).
    Later,
    /// Nothing: it only puts the steps that hand a win last.
    Nothing,
    /// The forced tower's every reply ([`eval::replies_unless_handing`]).
    All,
    /// The safe replies, with the mover's threats (`None` with free choice).
    Safe(Option<eval::Threats<B>>),
}

/// Perft through the search's move ordering (with rich ordering at every
/// node), checking the incremental key against the key from scratch: it must
/// equal [`kamisado_core::perft`].
pub fn ordered_perft<B: Board>(pos: &Position<B>, depth: u32) -> u64 {
    let table = Table::new(1);
    let stop = AtomicBool::new(false);
    let searcher = Searcher::new(&table, &stop, Mode::Solve, Budget::UNLIMITED);
    searcher.perft(pos, zobrist::key(pos), depth)
}

impl<B: Board> Searcher<'_, B> {
    fn perft(&self, pos: &Position<B>, key: u64, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = pos.legal_moves();
        self.order(pos, &mut moves, SAFE_REPLIES_DEPTH, 0);
        moves
            .iter()
            .map(|&mv| {
                let child = pos.play_unchecked(mv);
                let child_key = zobrist::key_after_move(pos, key, mv, &child);
                assert_eq!(
                    child_key,
                    zobrist::key(&child),
                    "incremental key after {mv} in {pos}"
                );
                assert_eq!(child_key, zobrist::key_after(pos, key, &child));
                self.perft(&child, child_key, depth - 1)
            })
            .sum()
    }
}

/// Sorts moves by the keys that `score` gives them, best first, and returns
/// how many keys are above `floor`; the keys of lists up to [`SHORT_LIST`]
/// long stay on the stack.
pub(crate) fn sort_by_keys<B: Board>(
    moves: &mut [Move<B>],
    floor: i32,
    score: impl Fn(Move<B>) -> i32,
) -> usize {
    if moves.len() <= SHORT_LIST {
        sort_with(moves, &mut [0i32; SHORT_LIST], floor, score)
    } else {
        sort_with(moves, &mut vec![0i32; moves.len()], floor, score)
    }
}

/// [`sort_by_keys`] with `keys` (at least as long as `moves`) for the keys.
fn sort_with<B: Board>(
    moves: &mut [Move<B>],
    keys: &mut [i32],
    floor: i32,
    score: impl Fn(Move<B>) -> i32,
) -> usize {
    for (key, &mv) in keys.iter_mut().zip(moves.iter()) {
        *key = score(mv);
    }
    // Insertion sort: lists are short and often nearly sorted.
    for i in 1..moves.len() {
        let (key, mv) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = key;
        moves[j] = mv;
    }
    keys[..moves.len()]
        .iter()
        .take_while(|&&key| key > floor)
        .count()
}

/// The key of a move already picked ([`pick_best`]), below every move's.
const PICKED: i32 = i32::MIN;

/// The index and key of the first of the highest `keys`, whose key becomes
/// [`PICKED`]: picking one at a time gives the order of a stable sort by
/// key, best first, as [`sort_by_keys`] does.
#[inline]
fn pick_best(keys: &mut [i32]) -> (usize, i32) {
    let mut best = 0;
    for (i, &key) in keys.iter().enumerate().skip(1) {
        if key > keys[best] {
            best = i;
        }
    }
    let key = std::mem::replace(&mut keys[best], PICKED);
    (best, key)
}

/// The score of a finished round at `ply` for the side to move there.
#[inline]
fn terminal(side_to_move_won: bool, ply: usize) -> i32 {
    if side_to_move_won {
        win_at(ply)
    } else {
        loss_at(ply)
    }
}
