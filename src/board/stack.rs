//! Repeated men in a stack: the second and third man of one kind on one square.
//!
//! The board keeps one bitboard per colour and kind, which says only whether a square
//! holds at least one man of that kind. English manuscripts also stack two men of one kind
//! (`[PP]`, `[QPP]`: MS Royal 13 A xviii draws three men on one square), so the extra men
//! are listed here. They are rare, so the list is small and flat: eight slots of 16 bits
//! in one `u128`, which `make` copies into its undo record for the price of two words and
//! which is zero (and never looked at) on a board without repeated men.

use crate::board::geometry::Square;
use crate::board::piece::{Color, Kind};

/// The most men one square may hold.
pub const MAX_STACK: usize = 3;

/// The most repeated men a board may hold at once (the slots of [`Dups`]).
pub const MAX_DUPS: usize = 8;

/// Extra men of a kind already present on their square: slot i holds the square in its
/// low byte and `1 + 16 * colour + kind` in its high byte (0: a free slot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dups(u128);

impl Dups {
    /// True when no square holds two men of one kind.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    fn slots(self) -> impl Iterator<Item = (usize, Square, u8)> {
        (0..MAX_DUPS).filter_map(move |i| {
            let v = (self.0 >> (16 * i)) as u16;
            let tag = (v >> 8) as u8;
            (tag != 0).then_some((i, v as u8, tag))
        })
    }

    #[inline]
    fn tag(c: Color, k: Kind) -> u8 {
        1 + 16 * c.idx() as u8 + k
    }

    fn man(tag: u8) -> (Color, Kind) {
        let t = tag - 1;
        let c = if t >= 16 { Color::Black } else { Color::White };
        (c, t % 16)
    }

    /// How many extra men of colour `c` and kind `k` stand on `sq`.
    #[inline]
    pub fn count(self, c: Color, k: Kind, sq: usize) -> usize {
        let t = Self::tag(c, k);
        self.slots()
            .filter(|&(_, s, tag)| s as usize == sq && tag == t)
            .count()
    }

    /// How many extra men of any kind stand on `sq`.
    #[inline]
    pub fn on_square(self, sq: usize) -> usize {
        self.slots().filter(|&(_, s, _)| s as usize == sq).count()
    }

    /// The extra men on `sq`, as (colour, kind), one entry per man.
    pub fn men_on(self, sq: usize) -> impl Iterator<Item = (Color, Kind)> {
        self.slots()
            .filter(move |&(_, s, _)| s as usize == sq)
            .map(|(_, _, tag)| Self::man(tag))
    }

    /// Every extra man as (colour, kind, square).
    pub fn all(self) -> impl Iterator<Item = (Color, Kind, usize)> {
        self.slots().map(|(_, s, tag)| {
            let (c, k) = Self::man(tag);
            (c, k, s as usize)
        })
    }

    /// True when another extra man can be recorded.
    #[inline]
    pub fn has_room(self) -> bool {
        self.slots().count() < MAX_DUPS
    }

    /// Records one more extra man; false when every slot is taken.
    pub fn add(&mut self, c: Color, k: Kind, sq: usize) -> bool {
        let used: u32 = self.slots().map(|(i, _, _)| 1 << i).sum();
        let Some(i) = (0..MAX_DUPS).find(|i| used & (1 << i) == 0) else {
            return false;
        };
        let v = (Self::tag(c, k) as u128) << 8 | sq as u128;
        self.0 |= v << (16 * i);
        true
    }

    /// Removes one extra man of colour `c` and kind `k` from `sq`; false when there is none.
    pub fn remove(&mut self, c: Color, k: Kind, sq: usize) -> bool {
        let t = Self::tag(c, k);
        match self
            .slots()
            .find(|&(_, s, tag)| s as usize == sq && tag == t)
        {
            Some((i, _, _)) => {
                self.0 &= !(0xffffu128 << (16 * i));
                true
            }
            None => false,
        }
    }

    /// Removes every extra man of colour `c` on `sq`; `f` gets the kind of each and its
    /// copy number (the highest first: 2 for a third man, then 1).
    pub fn remove_all(&mut self, c: Color, sq: usize, mut f: impl FnMut(Kind, usize)) {
        loop {
            let hit = self.slots().find(|&(_, s, tag)| {
                let (cc, _) = Self::man(tag);
                s as usize == sq && cc == c
            });
            let Some((_, _, tag)) = hit else { return };
            let (_, k) = Self::man(tag);
            let n = self.count(c, k, sq);
            self.remove(c, k, sq);
            f(k, n);
        }
    }
}

/// The hash key of the `n`-th extra man (1 or 2) whose first man's key is `first`.
#[inline]
pub fn dup_key(first: u64, n: usize) -> u64 {
    first.rotate_left(13 * n as u32) ^ 0x9e37_79b9_7f4a_7c15u64.rotate_left(n as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_add_and_remove() {
        let mut d = Dups::default();
        assert!(d.is_empty());
        assert!(d.add(Color::White, 5, 20));
        assert!(d.add(Color::White, 5, 20));
        assert!(d.add(Color::Black, 0, 0));
        assert_eq!(d.count(Color::White, 5, 20), 2);
        assert_eq!(d.count(Color::Black, 0, 0), 1);
        assert_eq!(d.on_square(20), 2);
        assert!(d.remove(Color::White, 5, 20));
        assert_eq!(d.count(Color::White, 5, 20), 1);
        let mut seen = vec![];
        d.remove_all(Color::White, 20, |k, n| seen.push((k, n)));
        assert_eq!(seen, vec![(5, 1)]);
        assert_eq!(d.all().collect::<Vec<_>>(), vec![(Color::Black, 0, 0)]);
        for i in 0..MAX_DUPS - 1 {
            assert!(d.add(Color::White, 1, i + 1));
        }
        assert!(!d.has_room() && !d.add(Color::White, 1, 60));
    }
}
