//! Depth-first proof-number search (df-pn): who wins a round, with a
//! winning move, without a depth horizon.
//!
//! Each node holds a proof number (how many leaves must still be proven
//! for the side to move to win) and a disproof number (for it to lose), in
//! the negamax form: a node's proof number is the least disproof number of
//! its children, its disproof number the sum of their proof numbers (a
//! child after a push, whose mover is the same side, counts the other way
//! round). The search descends into the most proving child while the node's
//! numbers stay under its thresholds, and gives each child the thresholds of
//! the 1+ε trick (Pawlewicz and Lew, 2007): the child is searched until its
//! number passes the second best's times 1+ε, not only the second best's
//! plus one, which saves most of df-pn's re-expansions when two children
//! are close. The table keeps each node's numbers with the work spent under
//! it, and a full bucket gives up its entry of least work.
//!
//! The search is sound on a tree without cycles: it runs on plain rounds
//! (every tower plain, so no push can come and every real move advances a
//! tower; a cycle of passes is a deadlock, R8, which ends the round).
//! [`prove_pn`] refuses other positions.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use kamisado_core::geometry::Board;
use kamisado_core::{Move, Position};

use crate::eval::{plain_round, short_proof, winning_move};
use crate::pages::Pages;
use crate::score;
use crate::zobrist;

/// A proof or disproof number that stands for "cannot be done".
const INFINITE: u32 = u32::MAX / 4;

/// The ε of the 1+ε trick, as the divisor of the second best number: a
/// child is searched until its number passes the second best's times 5/4.
const EPSILON_DIVISOR: u32 = 4;

/// Entries per bucket of the table.
const BUCKET: usize = 4;

/// How often (in nodes) the stop flag is read.
const STOP_CHECK: u64 = 4096;

/// What [`prove_pn`] proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PnProof<B: Board> {
    /// Whether the side to move wins.
    pub wins: bool,
    /// The winner wins within this many plies against any defence: the
    /// height of the proof found, a bound (at least the exact distance).
    pub within: u32,
    /// A winning move, when the side to move wins and has a move to make.
    pub best: Option<Move<B>>,
    /// Nodes expanded (their moves generated) and leaves valued.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One node's numbers in the table.
#[derive(Clone, Copy, Debug)]
struct Entry<B: Board> {
    key: u64,
    pn: u32,
    dn: u32,
    /// Nodes searched under the entry (saturating): the table keeps the costliest.
    work: u32,
    /// Once the node is proven, the height of its proof: the winner wins
    /// within this many plies.
    height: u32,
    board: PhantomData<B>,
}

/// The proof and disproof numbers of a node, from its mover's view, and
/// once it is proven the height of its proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u32,
    dn: u32,
    height: u32,
}

impl Numbers {
    /// A win for the mover within `height` plies.
    const fn win(height: u32) -> Numbers {
        Numbers {
            pn: 0,
            dn: INFINITE,
            height,
        }
    }

    /// A loss for the mover within `height` plies.
    const fn loss(height: u32) -> Numbers {
        Numbers {
            pn: INFINITE,
            dn: 0,
            height,
        }
    }

    /// Numbers of a node not yet proven.
    const fn open(pn: u32, dn: u32) -> Numbers {
        Numbers { pn, dn, height: 0 }
    }

    fn proven(self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// The numbers seen from the other side.
    fn swapped(self) -> Numbers {
        Numbers {
            pn: self.dn,
            dn: self.pn,
            height: self.height,
        }
    }
}

/// A child of the node being searched.
struct Child<B: Board> {
    mv: Move<B>,
    pos: Position<B>,
    key: u64,
    /// Whether the child's mover is the opponent (always but after a push).
    other_side: bool,
}

/// The table of proof-number search, which may be kept from one proof to
/// the next: a position's numbers, once proven, hold for every root.
pub struct PnTable<B: Board> {
    entries: Pages<Entry<B>>,
    mask: usize,
}

impl<B: Board> PnTable<B> {
    /// An empty table of about `table_mb` megabytes.
    pub fn new(table_mb: usize) -> PnTable<B> {
        let bytes = table_mb.max(1) << 20;
        let entries = (bytes / std::mem::size_of::<Entry<B>>()).next_power_of_two() / 2;
        PnTable {
            // SAFETY: an entry of zero bytes is empty (no work: never found,
            // first to be replaced), and entries need no drop.
            entries: unsafe { Pages::zeroed(entries.max(BUCKET)) },
            mask: (entries.max(BUCKET) / BUCKET - 1) * BUCKET,
        }
    }

    /// [`prove_pn`] over this table, keeping what it learns: `None` when a
    /// tower has teeth or `stop` was set first.
    pub fn prove(&mut self, pos: &Position<B>, stop: &AtomicBool) -> Option<PnProof<B>> {
        let start = Instant::now();
        if !plain_round(pos) {
            return None;
        }
        let key = zobrist::key(pos);
        let mut pn = Pn {
            table: self,
            nodes: 0,
            stop,
            stopped: false,
            next_check: STOP_CHECK,
        };
        let (mut numbers, mut best) = (leaf_numbers(pos), None);
        // A sum of disproof numbers may reach the threshold unproven: search on.
        while !numbers.proven() || (numbers.pn == 0 && best.is_none() && !pos.is_over()) {
            if pn.stopped {
                return None;
            }
            let unlimited = Numbers::open(INFINITE, INFINITE);
            (numbers, best) = pn.search(pos, key, unlimited);
        }
        Some(PnProof {
            wins: numbers.pn == 0,
            within: numbers.height,
            best,
            nodes: pn.nodes.max(1),
            elapsed: start.elapsed(),
        })
    }
}

/// One proof's search: the table it uses and its count of nodes.
struct Pn<'a, B: Board> {
    table: &'a mut PnTable<B>,
    nodes: u64,
    stop: &'a AtomicBool,
    stopped: bool,
    /// The node count at which the stop flag is next read.
    next_check: u64,
}

impl<B: Board> Pn<'_, B> {
    fn bucket(&self, key: u64) -> usize {
        (key as usize).wrapping_mul(BUCKET) & self.table.mask
    }

    fn probe(&self, key: u64) -> Option<&Entry<B>> {
        let start = self.bucket(key);
        self.table.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.key == key && e.work > 0)
    }

    /// Stores a node's numbers, over its own entry or the bucket's entry
    /// of least work.
    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        let work = work.clamp(1, u64::from(u32::MAX)) as u32;
        let start = self.bucket(key);
        let bucket = &mut self.table.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => (0..BUCKET).min_by_key(|&i| bucket[i].work).unwrap_or(0),
        };
        bucket[slot] = Entry {
            key,
            pn: numbers.pn,
            dn: numbers.dn,
            work,
            height: numbers.height,
            board: PhantomData,
        };
    }

    /// The numbers of a node from the table, or its first estimate: a proof
    /// without search where one is seen, else a proof number of 1 and a
    /// disproof number of its count of moves (each must be refuted).
    fn numbers(&mut self, pos: &Position<B>, key: u64) -> Numbers {
        if let Some(e) = self.probe(key) {
            return Numbers {
                pn: e.pn,
                dn: e.dn,
                height: e.height,
            };
        }
        self.nodes += 1;
        let numbers = leaf_numbers(pos);
        self.store(key, numbers, 1);
        numbers
    }

    /// The children of a node, each with its key.
    fn children(pos: &Position<B>, key: u64) -> Vec<Child<B>> {
        pos.legal_moves()
            .iter()
            .map(|&mv| {
                let child = pos.play_unchecked(mv);
                Child {
                    mv,
                    pos: child,
                    key: zobrist::key_after_move(pos, key, mv, &child),
                    other_side: child.side_to_move() != pos.side_to_move(),
                }
            })
            .collect()
    }

    /// Searches a node until its numbers reach a threshold or it is proven;
    /// returns its numbers and, when it is won, the winning move.
    fn search(
        &mut self,
        pos: &Position<B>,
        key: u64,
        threshold: Numbers,
    ) -> (Numbers, Option<Move<B>>) {
        let before = self.nodes;
        self.nodes += 1;
        let children = Self::children(pos, key);
        // The children's numbers from this node's view, read once: each
        // search below returns its child's new numbers, so that the loop
        // does not look every child up again after each one.
        let mut views: Vec<Numbers> = children.iter().map(|c| self.view(c)).collect();
        loop {
            let (numbers, best, second) = select(&views);
            let done = numbers.pn >= threshold.pn || numbers.dn >= threshold.dn;
            if done || self.stopped || self.should_stop() {
                let winning = (numbers.pn == 0).then(|| children[best].mv);
                let work = self.nodes - before;
                self.store(key, numbers, work);
                return (numbers, winning);
            }
            // The child's thresholds from this node's view: its disproof
            // number (this node's proof number) up to the second best's times
            // 1+ε, its proof number up to what this node's disproof number allows.
            let child = &children[best];
            let mine = views[best];
            let pn_limit = threshold.pn.min(
                second
                    .saturating_add(1)
                    .max(second + second / EPSILON_DIVISOR),
            );
            let dn_limit = threshold
                .dn
                .saturating_sub(numbers.dn)
                .saturating_add(mine.dn)
                .min(INFINITE);
            let limit = Numbers::open(pn_limit, dn_limit);
            let limit = if child.other_side {
                limit.swapped()
            } else {
                limit
            };
            let (numbers, _) = self.search(&child.pos, child.key, limit);
            views[best] = if child.other_side {
                numbers.swapped()
            } else {
                numbers
            };
        }
    }

    /// A child's numbers from its parent's view.
    fn view(&mut self, child: &Child<B>) -> Numbers {
        let numbers = self.numbers(&child.pos, child.key);
        if child.other_side {
            numbers.swapped()
        } else {
            numbers
        }
    }

    fn should_stop(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + STOP_CHECK;
            self.stopped = self.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }
}

/// A node's numbers from its children's (`views`, from the node's view),
/// the index of the most proving child and the second least proof number
/// among them. A won node's proof is one ply over its winning child's; a
/// lost one's one ply over its longest child's.
fn select(views: &[Numbers]) -> (Numbers, usize, u32) {
    let (mut pn, mut dn, mut best, mut second) = (INFINITE, 0u32, 0, INFINITE);
    let mut height = 0;
    for (i, &n) in views.iter().enumerate() {
        if n.pn == 0 {
            return (Numbers::win(n.height + 1), i, second);
        }
        dn = dn.saturating_add(n.dn).min(INFINITE);
        height = height.max(n.height + 1);
        if n.pn < pn {
            second = pn;
            pn = n.pn;
            best = i;
        } else if n.pn < second {
            second = n.pn;
        }
    }
    if dn == 0 {
        return (Numbers::loss(height), best, second);
    }
    (Numbers::open(pn, dn), best, second)
}

/// The first estimate of a node: the round over, a win at once, a short
/// proof of the solver's horizon (a win in two or three, a loss within two),
/// else a proof number of 1 and a disproof number of its count of moves.
fn leaf_numbers<B: Board>(pos: &Position<B>) -> Numbers {
    if let Some(outcome) = pos.outcome() {
        return if outcome.winner == pos.side_to_move() {
            Numbers::win(0)
        } else {
            Numbers::loss(0)
        };
    }
    if winning_move(pos).is_some() {
        return Numbers::win(1);
    }
    match short_proof(pos, 0) {
        Some(score) => {
            let plies = (score::WIN - score.abs()) as u32;
            if score > 0 {
                Numbers::win(plies)
            } else {
                Numbers::loss(plies)
            }
        }
        None => Numbers::open(1, pos.count_moves().max(1) as u32),
    }
}

/// Who wins a plain round (every tower plain) from `pos`, with a winning
/// move, by df-pn over a table of about `table_mb` megabytes; `None` when
/// a tower has teeth (see the module) or `stop` was set first.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use kamisado_core::Position;
/// use kamisado_engine::prove_pn;
///
/// let proof = prove_pn(&Position::start(), 16, &AtomicBool::new(false)).unwrap();
/// assert!(proof.wins);
/// assert!(Position::start().is_legal(proof.best.unwrap()));
/// ```
pub fn prove_pn<B: Board>(
    pos: &Position<B>,
    table_mb: usize,
    stop: &AtomicBool,
) -> Option<PnProof<B>> {
    PnTable::new(table_mb).prove(pos, stop)
}
