//! The transposition table: search results by Zobrist key, shared by the
//! solver and the heuristic search.

use std::sync::atomic::{AtomicU64, Ordering};

use kamisado_core::geometry::Board;
use kamisado_core::{Move, Square};

use crate::pages::Pages;

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
/// The generation lives in the high bits of an entry's flags.
const GENERATION_SHIFT: u32 = 3;
/// Generations run from 1 to this; 0 marks an empty entry.
const MAX_GENERATION: u8 = u8::MAX >> GENERATION_SHIFT;

/// One stored result in 16 bytes: the data word and the key XOR the data,
/// so that a reader sees a torn write (two threads storing into one entry at
/// once) as a different key, never as another position's result.
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry's data word, unpacked.
#[derive(Clone, Copy, Default)]
struct Data {
    score: i32,
    mv: u16,
    depth: u8,
    flags: u8,
}

impl Data {
    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.flags) << 56
    }

    fn unpack(word: u64) -> Data {
        Data {
            score: word as u32 as i32,
            mv: (word >> 32) as u16,
            depth: (word >> 48) as u8,
            flags: (word >> 56) as u8,
        }
    }

    fn generation(self) -> u8 {
        self.flags >> GENERATION_SHIFT
    }
}

impl Entry {
    /// The key and data stored, read without locking.
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, data: Data) {
        let data = data.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// One entry read back from the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit<B: Board> {
    /// The score, relative to the node (see [`crate::search`]).
    pub score: i32,
    /// The remaining depth of the search that stored it.
    pub depth: u8,
    /// What the score says.
    pub bound: Bound,
    /// Whether a heuristic search (not the solver) stored it.
    pub heuristic: bool,
    /// The best or refuting move found.
    pub mv: Option<Move<B>>,
}

/// Entries per bucket: one cache line.
const BUCKET: usize = 4;

/// Entries that share a cache line; a key may sit in any of them.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
const MIN_BUCKETS: usize = 1 << 8;
/// Buckets that [`Table::fill`] looks at.
const FILL_SAMPLE: usize = 1 << 14;

/// A fixed-size hash table of search results. Threads searching at once
/// share it: reads and writes are lock-free, and a result torn by two
/// writers is not found.
pub(crate) struct Table {
    buckets: Pages<Bucket>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two buckets).
    pub fn new(mb: usize) -> Table {
        let wanted = (mb.max(1) << 20) / BUCKET_BYTES;
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        }
        .max(MIN_BUCKETS);
        Table {
            // SAFETY: a bucket of zero bytes is empty (generation 0).
            buckets: unsafe { Pages::zeroed(count) },
            mask: count - 1,
            generation: 1,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// The share of entries of the current generation among the first
    /// [`FILL_SAMPLE`] buckets (all of them in a smaller table).
    pub fn fill(&self) -> f64 {
        let sample = &self.buckets[..self.buckets.len().min(FILL_SAMPLE)];
        let used = sample
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|e| e.load().1.generation() == self.generation)
            .count();
        used as f64 / (sample.len() * BUCKET) as f64
    }

    /// Forgets every entry (in constant time, by starting a new generation,
    /// but for one pass over the table when the generations wrap around).
    pub fn clear(&mut self) {
        if self.generation == MAX_GENERATION {
            self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// Asks the processor to start loading the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = &self.buckets[self.bucket(key)];
            // SAFETY: every x86_64 processor has SSE, and a prefetch only
            // hints at a load of memory that the table owns.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored in this generation.
    #[inline]
    pub fn probe<B: Board>(&self, key: u64) -> Option<Hit<B>> {
        let generation = self.generation;
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .map(Entry::load)
            .find(|&(k, e)| k == key && e.generation() == generation)
            .map(|(_, e)| Hit {
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

    /// Stores a result over the same key's entry, an entry of an earlier
    /// generation, or else the bucket's shallowest entry.
    pub fn store<B: Board>(&self, key: u64, hit: Hit<B>) {
        let generation = self.generation;
        let bucket = &self.buckets[self.bucket(key)].0;
        let held: [(u64, Data); BUCKET] = std::array::from_fn(|i| bucket[i].load());
        let worth = |(_, e): &(u64, Data)| {
            if e.generation() != generation {
                -1
            } else {
                i32::from(e.depth)
            }
        };
        let slot = held
            .iter()
            .position(|&(k, e)| k == key && e.generation() == generation)
            .unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| worth(&held[i]))
                    .expect("a bucket has entries")
            });
        let (held_key, held_data) = held[slot];
        let mv = match hit.mv {
            Some(mv) => encode(mv),
            None if held_key == key => held_data.mv,
            None => 0,
        };
        let bound = match hit.bound {
            Bound::Lower => 0,
            Bound::Upper => 1,
            Bound::Exact => 2,
        };
        let heuristic = if hit.heuristic { HEURISTIC_FLAG } else { 0 };
        bucket[slot].save(
            key,
            Data {
                score: hit.score,
                mv,
                depth: hit.depth,
                flags: bound | heuristic | generation << GENERATION_SHIFT,
            },
        );
    }
}

// Two bits of kind, then seven bits each for the squares (up to 10×10).
const STEP: u16 = 1 << 14;
const PUSH: u16 = 2 << 14;
const PASS: u16 = 3 << 14;

/// A move in 16 bits (0 is no move).
pub(crate) fn encode<B: Board>(mv: Move<B>) -> u16 {
    match mv {
        Move::Step { from, to } => STEP | (from.index() as u16) << 7 | to.index() as u16,
        Move::Push { from, to } => PUSH | (from.index() as u16) << 7 | to.index() as u16,
        Move::Pass => PASS,
    }
}

/// The move of [`encode`], or `None` for 0.
pub(crate) fn decode<B: Board>(bits: u16) -> Option<Move<B>> {
    let from = Square::new(((bits >> 7) & 127) as u8)?;
    let to = Square::new((bits & 127) as u8)?;
    match bits & (3 << 14) {
        STEP => Some(Move::Step { from, to }),
        PUSH => Some(Move::Push { from, to }),
        PASS => Some(Move::Pass),
        _ => None,
    }
}
