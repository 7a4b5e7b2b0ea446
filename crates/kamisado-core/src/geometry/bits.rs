//! Bitboards: a set of squares as one bit per square index, in a `u64` or a
//! `u128`, and the squares of a set in order.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::Board;
use crate::Square;

/// A set of squares, one bit per square index: `u64` or `u128`.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Every bit set.
    const MAX: Self;
    /// The width in bits.
    const BITS: u32;
    /// The set holding square index `index` alone.
    fn bit(index: usize) -> Self;
    /// Index of the lowest set bit (`BITS` when empty).
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set bit.
    fn leading_zeros(self) -> u32;
    /// Number of squares in the set.
    fn count_ones(self) -> u32;
    /// The set without its lowest square.
    fn clear_lowest(self) -> Self;
    /// The bits below the lowest set bit (all bits when empty).
    fn below_lowest(self) -> Self;
    /// The bits above the highest set bit (the set must not be empty).
    fn above_highest(self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const MAX: $t = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn bit(index: usize) -> $t {
                1 << index
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn clear_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn below_lowest(self) -> $t {
                (self & self.wrapping_neg()).wrapping_sub(1)
            }
            #[inline]
            fn above_highest(self) -> $t {
                (<$t>::MAX << (<$t>::BITS - 1 - <$t>::leading_zeros(self))) << 1
            }
            #[inline]
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The squares of a set, lowest index first.
///
/// ```
/// use kamisado_core::geometry::{squares, Eight};
/// let names: Vec<String> = squares::<Eight>(0b101).map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a1", "c1"]);
/// ```
pub fn squares<B: Board>(mut bits: B::Bits) -> impl Iterator<Item = Square<B>> {
    std::iter::from_fn(move || {
        if bits.is_empty() {
            return None;
        }
        let sq = Square::from_index_unchecked(bits.trailing_zeros());
        bits = bits.clear_lowest();
        Some(sq)
    })
}
