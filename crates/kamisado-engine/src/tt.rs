//! The transposition table: search results by Zobrist key, shared by the
//! solver and the heuristic search.

use kamisado_core::{Move, Square};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
    /// The score is this.
    Exact,
}

const BOUND_MASK: u8 = 0b11;
const HEURISTIC_FLAG: u8 = 0b100;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    generation: u32,
    mv: u16,
    depth: u8,
    flags: u8,
}

/// One entry read back from the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// The score, relative to the node (see [`crate::search`]).
    pub score: i32,
    /// The remaining depth of the search that stored it.
    pub depth: u8,
    /// What the score says.
    pub bound: Bound,
    /// Whether a heuristic search (not the solver) stored it.
    pub heuristic: bool,
    /// The best or refuting move found.
    pub mv: Option<Move>,
}

/// Entries per bucket: one kept by depth, one always replaced.
const BUCKET: usize = 2;
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
const MIN_ENTRIES: usize = 1 << 10;

/// A fixed-size hash table of search results.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u32,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two entries).
    pub fn new(mb: usize) -> Table {
        let wanted = (mb.max(1) << 20) / ENTRY_BYTES;
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        }
        .max(MIN_ENTRIES);
        Table {
            entries: vec![Entry::default(); count],
            mask: count - BUCKET,
            generation: 1,
        }
    }

    /// Forgets every entry (in constant time, by starting a new generation).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry for `key`, if stored in this generation.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.key == key && e.generation == self.generation)
            .map(|e| Hit {
                score: e.score,
                depth: e.depth,
                bound: match e.flags & BOUND_MASK {
                    0 => Bound::Lower,
                    1 => Bound::Upper,
                    _ => Bound::Exact,
                },
                heuristic: e.flags & HEURISTIC_FLAG != 0,
                mv: decode(e.mv),
            })
    }

    /// Stores a result, keeping the deeper entry of the bucket's first slot.
    pub fn store(&mut self, key: u64, hit: Hit) {
        let start = self.bucket(key);
        let generation = self.generation;
        let slot = {
            let bucket = &self.entries[start..start + BUCKET];
            match bucket
                .iter()
                .position(|e| e.key == key && e.generation == generation)
            {
                Some(i) => i,
                None if bucket[0].generation != generation || hit.depth >= bucket[0].depth => 0,
                None => 1,
            }
        };
        let entry = &mut self.entries[start + slot];
        let mv = match hit.mv {
            Some(mv) => encode(mv),
            None if entry.key == key => entry.mv,
            None => 0,
        };
        let bound = match hit.bound {
            Bound::Lower => 0,
            Bound::Upper => 1,
            Bound::Exact => 2,
        };
        *entry = Entry {
            key,
            score: hit.score,
            generation,
            mv,
            depth: hit.depth,
            flags: bound | if hit.heuristic { HEURISTIC_FLAG } else { 0 },
        };
    }
}

const STEP: u16 = 1 << 12;
const PUSH: u16 = 2 << 12;
const PASS: u16 = 3 << 12;

/// A move in 16 bits (0 is no move).
pub(crate) fn encode(mv: Move) -> u16 {
    match mv {
        Move::Step { from, to } => STEP | (from.index() as u16) << 6 | to.index() as u16,
        Move::Push { from, to } => PUSH | (from.index() as u16) << 6 | to.index() as u16,
        Move::Pass => PASS,
    }
}

/// The move of [`encode`], or `None` for 0.
pub(crate) fn decode(bits: u16) -> Option<Move> {
    let from = Square::new(((bits >> 6) & 63) as u8)?;
    let to = Square::new((bits & 63) as u8)?;
    match bits & (3 << 12) {
        STEP => Some(Move::Step { from, to }),
        PUSH => Some(Move::Push { from, to }),
        PASS => Some(Move::Pass),
        _ => None,
    }
}
