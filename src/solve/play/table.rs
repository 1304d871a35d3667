//! The transposition tables: keyed by the position's hash (side to move, rights,
//! privileges, stacks and e.p. state included) and the half-moves or moves left. Help
//! and series play keep failures only (a node with solutions is always searched again:
//! every line must be listed); battle play keeps both verdicts.
//!
//! One search owns its table, so it is a plain array of words: the hash and the length
//! mixed into one key, whose lowest bit is replaced by the verdict (63 bits checked),
//! placed by linear probing. The table doubles when half full, up to [`MAX_SLOTS`]; there
//! an entry with no free slot near its own takes its own slot's place (a lost entry
//! only costs its search again).

use super::goal::Target;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::Position;

/// Slots of a fresh table (128 KiB).
const FIRST_SLOTS: usize = 1 << 14;
/// The most slots a table grows to (32 MiB).
const MAX_SLOTS: usize = 1 << 22;
/// Slots an entry may stand past its own (linear probing).
const PROBES: usize = 16;
/// Moves ahead of the one searched whose children's slots are fetched.
const AHEAD: usize = 4;

/// A verdict per (hash, moves left).
pub(super) struct Table {
    slots: Vec<u64>,
    /// Slots in use.
    used: usize,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            slots: zeroed(FIRST_SLOTS),
            used: 0,
        }
    }
}

/// `n` empty slots. A large table is probed all over: on Linux its memory is asked to
/// come in huge pages (a hint only), so that a probe seldom misses the TLB as well as the
/// cache.
fn zeroed(n: usize) -> Vec<u64> {
    let v = vec![0u64; n];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = (v.as_ptr() as usize).div_ceil(HUGE) * HUGE;
        let end = (v.as_ptr() as usize + n * 8) / HUGE * HUGE;
        if end > start {
            // SAFETY: [start, end) lies inside the vector's allocation; the hint changes
            // no contents (the pages stay zero-filled until written).
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    v
}

/// The key of a position and length: never 0 (an empty slot), its lowest bit left for
/// the verdict.
#[inline]
fn key(hash: u64, left: u32) -> u64 {
    let k = (hash ^ (left as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) & !1;
    if k == 0 {
        2
    } else {
        k
    }
}

impl Table {
    /// The slot `k` belongs in, before probing.
    #[inline]
    fn home(&self, k: u64) -> usize {
        (k.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> 32) as usize & (self.slots.len() - 1)
    }

    /// The verdict stored for this position and length.
    #[inline]
    pub(super) fn get(&self, hash: u64, left: u32) -> Option<bool> {
        let k = key(hash, left);
        let (home, mask) = (self.home(k), self.slots.len() - 1);
        for j in 0..PROBES {
            let s = self.slots[(home + j) & mask];
            if s & !1 == k {
                return Some(s & 1 == 1);
            }
            if s == 0 {
                return None;
            }
        }
        None
    }

    /// Asks the processor to fetch the slot of this position and length ahead of its
    /// probe (a hint; it never faults).
    #[inline]
    pub(super) fn prefetch(&self, hash: u64, left: u32) {
        let slot = &self.slots[self.home(key(hash, left))];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint that never faults, whatever the address.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(slot as *const u64 as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Before the `i`th move of `list` is searched from `pos`: fetches the slots of the
    /// positions after it and a few more moves (after all of them for the first), whose
    /// searches will probe the table with `left`, so that the probes seldom wait for
    /// memory (`aim` follows a man named to mate into the keys).
    pub(super) fn fetch_ahead<B: Bits>(
        &self,
        pos: &Position<B>,
        aim: &Target,
        list: &MoveList,
        (i, left): (usize, u32),
    ) {
        let end = (i + AHEAD).min(list.len());
        let start = if i == 0 { 0 } else { (i + AHEAD - 1).min(end) };
        for m in &list.as_slice()[start..end] {
            if let Some(h) = pos.hash_after(m) {
                self.prefetch(aim.after(pos, m).key(h), left);
            }
        }
    }

    /// Stores a verdict (growing the table first when it is half full).
    #[inline]
    pub(super) fn put(&mut self, hash: u64, left: u32, verdict: bool) {
        if self.used * 2 >= self.slots.len() && self.slots.len() < MAX_SLOTS {
            self.grow();
        }
        self.insert(key(hash, left) | verdict as u64);
    }

    /// Puts the entry `e` (key and verdict) over its own key or in the first empty slot
    /// from its home on; with none within [`PROBES`] the table doubles, and at its
    /// largest the entry takes its home slot.
    fn insert(&mut self, e: u64) {
        let k = e & !1;
        loop {
            let (home, mask) = (self.home(k), self.slots.len() - 1);
            let free = (0..PROBES)
                .map(|j| (home + j) & mask)
                .find(|&i| self.slots[i] & !1 == k || self.slots[i] == 0);
            match free {
                Some(i) => {
                    self.used += (self.slots[i] == 0) as usize;
                    self.slots[i] = e;
                }
                None if self.slots.len() < MAX_SLOTS => {
                    self.grow();
                    continue;
                }
                None => self.slots[home] = e,
            }
            return;
        }
    }

    /// Doubles the slots, every entry placed again.
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, zeroed(n));
        self.used = 0;
        for e in old.into_iter().filter(|&e| e != 0) {
            self.insert(e);
        }
    }

    /// Is the position known to have no solution of this length?
    #[inline]
    pub(super) fn failed(&self, hash: u64, left: u32) -> bool {
        self.get(hash, left) == Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is put is got back, through growth, and other keys are not found.
    #[test]
    fn verdicts_survive_growth() {
        let mut t = Table::default();
        let h = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x1234_5678;
        for i in 0..100_000u64 {
            t.put(h(i), (i % 7) as u32, i % 3 == 0);
        }
        assert!(t.slots.len() > FIRST_SLOTS);
        let mut kept = 0;
        for i in 0..100_000u64 {
            if let Some(v) = t.get(h(i), (i % 7) as u32) {
                assert_eq!(v, i % 3 == 0);
                kept += 1;
            }
            assert_eq!(t.get(h(i), 7), None);
        }
        assert_eq!(kept, 100_000);
    }
}
