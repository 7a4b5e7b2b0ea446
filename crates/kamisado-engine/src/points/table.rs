//! The points solver's table: proven bounds on a position's utility.
//!
//! Unlike the win/loss solver's table, an entry holds facts that no deeper
//! search can change (a lower and an upper bound, each proven), so it is
//! used whatever the depth of the search that stored it; the depth only
//! decides which entry a bucket keeps.

use kamisado_core::Move;
use kamisado_core::geometry::Board;

use crate::tt::{decode, encode};

/// Proven bounds on a utility: `lo <= value <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The value is at least this.
    pub lo: i8,
    /// The value is at most this.
    pub hi: i8,
}

impl Bounds {
    /// The bounds for the other side.
    pub fn negated(self) -> Bounds {
        Bounds {
            lo: -self.hi,
            hi: -self.lo,
        }
    }

    /// Both bounds, each the tighter of the two.
    pub fn meet(self, other: Bounds) -> Bounds {
        Bounds {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
        }
    }

    /// Whether the bounds answer a search with the window `(alpha, beta)`:
    /// the value is at least `beta`, at most `alpha`, or known.
    pub fn settle(self, alpha: i8, beta: i8) -> bool {
        self.lo >= beta || self.hi <= alpha || self.lo >= self.hi
    }
}

/// One stored result in 16 bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lo: i8,
    hi: i8,
    mv: u16,
    depth: u8,
    generation: u8,
}

/// Entries per bucket: the first keeps the deepest result, the second the latest.
const BUCKET: usize = 2;
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// A fixed-size hash table of proven bounds with a best move each.
pub(crate) struct PointsTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl PointsTable {
    /// A table of about `mb` megabytes (a power of two of entries).
    pub fn new(mb: usize) -> PointsTable {
        let wanted = ((mb.max(1) << 20) / ENTRY_BYTES).max(BUCKET * 256);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        PointsTable {
            entries: vec![Entry::default(); count],
            mask: count - BUCKET,
            generation: 1,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        if self.generation == u8::MAX {
            self.entries.fill(Entry::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    fn slots(&self, key: u64) -> std::ops::Range<usize> {
        let first = (key as usize) & self.mask;
        first..first + BUCKET
    }

    /// The bounds and move stored for `key`.
    pub fn probe<B: Board>(&self, key: u64) -> Option<(Bounds, Option<Move<B>>)> {
        self.entries[self.slots(key)]
            .iter()
            .find(|e| e.key == key && e.generation == self.generation)
            .map(|e| (Bounds { lo: e.lo, hi: e.hi }, decode(e.mv)))
    }

    /// Stores bounds found by a search of `depth`, over the same key's entry
    /// (the bounds meet what it held) or the bucket's entry it is worth more than.
    pub fn store<B: Board>(&mut self, key: u64, bounds: Bounds, mv: Option<Move<B>>, depth: i32) {
        let generation = self.generation;
        let depth = depth.clamp(0, 255) as u8;
        let slots = self.slots(key);
        let (first, second) = (slots.start, slots.start + 1);
        let live = |e: &Entry| e.generation == generation;
        let slot = slots
            .clone()
            .find(|&i| self.entries[i].key == key && live(&self.entries[i]))
            .unwrap_or_else(|| {
                let deep = &self.entries[first];
                if !live(deep) || deep.depth <= depth {
                    first
                } else {
                    second
                }
            });
        let entry = &mut self.entries[slot];
        let same = entry.key == key && live(entry);
        let (bounds, depth) = if same {
            let held = Bounds {
                lo: entry.lo,
                hi: entry.hi,
            };
            (bounds.meet(held), depth.max(entry.depth))
        } else {
            (bounds, depth)
        };
        let mv = match mv {
            Some(mv) => encode(mv),
            None if same => entry.mv,
            None => 0,
        };
        *entry = Entry {
            key,
            lo: bounds.lo,
            hi: bounds.hi,
            mv,
            depth,
            generation,
        };
    }
}
