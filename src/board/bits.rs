//! Bitboards generic over their width.
//!
//! One bit per square, square index `rank * width + file`. The move generator is written
//! once against [`Bits`] and monomorphized per width, so 8×8 games run on `u64`, boards up
//! to 128 squares (courier's 12×8) on `u128`, and anything up to 16×16 (Grant Acedrex's
//! 12×12) on [`U256`].

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
pub trait Bits:
    Copy
    + Clone
    + Eq
    + Hash
    + Default
    + Debug
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
{
    /// How many squares this width holds.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only `sq`.
    fn bit(sq: usize) -> Self;
    /// True when no square is set.
    fn is_empty(self) -> bool;
    /// Lowest set square (undefined on the empty set).
    fn lsb(self) -> usize;
    /// Highest set square (undefined on the empty set).
    fn msb(self) -> usize;
    /// Number of squares set.
    fn count(self) -> u32;
    /// The set without its lowest square.
    fn clear_lsb(self) -> Self;
    /// Every square moved `k` (below 64) indices up; squares past the width are lost.
    fn shl(self, k: u32) -> Self;
    /// Every square moved `k` (below 64) indices down; squares below 0 are lost.
    fn shr(self, k: u32) -> Self;

    /// True when `sq` is set.
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        !(self & Self::bit(sq)).is_empty()
    }
    /// True when any square is set.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// True when the two sets share a square.
    #[inline(always)]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
    /// Removes and returns the lowest square.
    #[inline(always)]
    fn pop_lsb(&mut self) -> usize {
        let s = self.lsb();
        *self = self.clear_lsb();
        s
    }
    /// Iterates the squares, lowest first.
    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterator over the squares of a bitboard.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
}

macro_rules! prim_bits {
    ($t:ty, $n:expr) => {
        impl Bits for $t {
            const CAPACITY: usize = $n;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(sq: usize) -> Self {
                1 << sq
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn msb(self) -> usize {
                ($n - 1) - self.leading_zeros() as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn clear_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn shl(self, k: u32) -> Self {
                self << k
            }
            #[inline(always)]
            fn shr(self, k: u32) -> Self {
                self >> k
            }
        }
    };
}
prim_bits!(u64, 64);
prim_bits!(u128, 128);

/// A 256-square bitboard (boards up to 16×16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct U256(pub [u64; 4]);

macro_rules! u256_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for U256 {
            type Output = U256;
            #[inline(always)]
            fn $f(self, o: U256) -> U256 {
                U256([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $tra for U256 {
            #[inline(always)]
            fn $fa(&mut self, o: U256) {
                *self = *self $op o;
            }
        }
    };
}
u256_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
u256_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
u256_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline(always)]
    fn not(self) -> U256 {
        U256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Bits for U256 {
    const CAPACITY: usize = 256;
    const EMPTY: Self = U256([0; 4]);
    #[inline(always)]
    fn bit(sq: usize) -> Self {
        let mut w = [0u64; 4];
        w[sq >> 6] = 1u64 << (sq & 63);
        U256(w)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    /// One word looked at, not four built and tested.
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        (self.0[sq >> 6] >> (sq & 63)) & 1 != 0
    }
    #[inline(always)]
    fn shl(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        let w = self.0;
        U256([
            w[0] << k,
            (w[1] << k) | (w[0] >> (64 - k)),
            (w[2] << k) | (w[1] >> (64 - k)),
            (w[3] << k) | (w[2] >> (64 - k)),
        ])
    }
    #[inline(always)]
    fn shr(self, k: u32) -> Self {
        if k == 0 {
            return self;
        }
        let w = self.0;
        U256([
            (w[0] >> k) | (w[1] << (64 - k)),
            (w[1] >> k) | (w[2] << (64 - k)),
            (w[2] >> k) | (w[3] << (64 - k)),
            w[3] >> k,
        ])
    }
    #[inline(always)]
    fn lsb(self) -> usize {
        for i in 0..4 {
            if self.0[i] != 0 {
                return i * 64 + self.0[i].trailing_zeros() as usize;
            }
        }
        256
    }
    #[inline(always)]
    fn msb(self) -> usize {
        for i in (0..4).rev() {
            if self.0[i] != 0 {
                return i * 64 + 63 - self.0[i].leading_zeros() as usize;
            }
        }
        256
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn clear_lsb(self) -> Self {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        U256(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let n = B::CAPACITY;
        let b = B::bit(3) | B::bit(n - 1) | B::bit(n / 2);
        assert_eq!(b.count(), 3);
        assert_eq!(b.lsb(), 3);
        assert_eq!(b.msb(), n - 1);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, n / 2, n - 1]);
        assert!(b.has(n / 2) && !b.has(4));
        assert!((b & !b).is_empty());
        for k in [0, 1, 7, 12, 63] {
            let up: Vec<usize> = b.iter().map(|s| s + k).filter(|&s| s < n).collect();
            assert_eq!(b.shl(k as u32).iter().collect::<Vec<_>>(), up, "shl {k}");
            let down: Vec<usize> = b.iter().filter(|&s| s >= k).map(|s| s - k).collect();
            assert_eq!(b.shr(k as u32).iter().collect::<Vec<_>>(), down, "shr {k}");
        }
    }

    #[test]
    fn all_widths_agree() {
        check::<u64>();
        check::<u128>();
        check::<U256>();
    }
}
