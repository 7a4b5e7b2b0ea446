//! Unsigned integers of a fixed number of 64-bit words, for the edge
//! weights of the Dutch matching: each pairing criterion has its own band
//! of bits, so a weight is a few hundred bits wide for a large bracket.

use std::cmp::Ordering;
use std::fmt;

/// What the weighted matching needs of a weight: a commutative group under
/// wrapping addition, ordered as an unsigned number, that can be halved.
pub(crate) trait Weight: Copy + Ord + fmt::Debug {
    /// Nothing.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The sum, wrapping.
    #[must_use]
    fn add(self, other: Self) -> Self;
    /// The difference, wrapping.
    #[must_use]
    fn sub(self, other: Self) -> Self;
    /// Half, rounded down.
    #[must_use]
    fn half(self) -> Self;
    /// Whether it is zero.
    fn is_zero(&self) -> bool {
        *self == Self::ZERO
    }
    /// Whether it is odd.
    fn is_odd(&self) -> bool;
}

impl Weight for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    fn add(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    fn sub(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }
    fn half(self) -> u64 {
        self >> 1
    }
    fn is_odd(&self) -> bool {
        self & 1 == 1
    }
}

/// An unsigned integer of `N` words, the least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// The number `value << shift`, wrapping past the top.
    pub fn shifted(value: u64, shift: u32) -> Wide<N> {
        let mut out = [0; N];
        let (word, bit) = ((shift / 64) as usize, shift % 64);
        if word < N {
            out[word] = value << bit;
            if bit > 0 && word + 1 < N {
                out[word + 1] = value >> (64 - bit);
            }
        }
        Wide(out)
    }

    /// Adds `value << shift` (a negative value subtracts).
    pub fn add_at(&mut self, value: i64, shift: u32) {
        let term = Wide::shifted(value.unsigned_abs(), shift);
        *self = if value < 0 {
            self.sub(term)
        } else {
            self.add(term)
        };
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Wide<N> = Wide([0; N]);
    const ONE: Wide<N> = {
        let mut one = [0; N];
        one[0] = 1;
        Wide(one)
    };

    #[inline]
    fn add(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }

    #[inline]
    fn sub(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *o = d;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    #[inline]
    fn half(self) -> Wide<N> {
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }
}

impl<const N: usize> Ord for Wide<N> {
    #[inline]
    fn cmp(&self, other: &Wide<N>) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Wide<N>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for w in self.0.iter().rev() {
            write!(f, "{w:016x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_and_borrows_cross_words() {
        let a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        let one = Wide::<3>::shifted(1, 0);
        assert_eq!(a.add(one), Wide([0, 0, 1]));
        assert_eq!(a.add(one).sub(one), a);
        assert_eq!(Wide::<3>([0, 0, 1]).half(), Wide([0, 1 << 63, 0]));
        let mut b = Wide::<3>::ZERO;
        b.add_at(5, 126);
        assert_eq!(b, Wide([0, 1 << 62, 1]));
        b.add_at(-1, 126);
        assert_eq!(b, Wide([0, 0, 1]));
        assert!(Wide::<3>([0, 0, 1]) > Wide([u64::MAX, u64::MAX, 0]));
    }
}
