//! The transposition tables: keyed by the position's hash (side to move, rights,
//! privileges, stacks and e.p. state included) and the half-moves or moves left. Help
//! and series play keep failures only (a node with solutions is always searched again:
//! every line must be listed); battle play keeps both verdicts.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Entries kept before a table is emptied and filled again (about 40 MB).
const MAX_ENTRIES: usize = 1 << 21;

/// A hasher for keys that are already Zobrist hashes: one multiply per word.
#[derive(Default)]
pub(super) struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
}

/// A verdict per (hash, moves left).
#[derive(Default)]
pub(super) struct Table {
    map: HashMap<(u64, u32), bool, BuildHasherDefault<Mix>>,
}

impl Table {
    /// The verdict stored for this position and length.
    #[inline]
    pub(super) fn get(&self, hash: u64, left: u32) -> Option<bool> {
        self.map.get(&(hash, left)).copied()
    }

    /// Stores a verdict (emptying the table first when it is full).
    #[inline]
    pub(super) fn put(&mut self, hash: u64, left: u32, verdict: bool) {
        if self.map.len() >= MAX_ENTRIES {
            self.map.clear();
        }
        self.map.insert((hash, left), verdict);
    }

    /// Is the position known to have no solution of this length?
    #[inline]
    pub(super) fn failed(&self, hash: u64, left: u32) -> bool {
        self.get(hash, left) == Some(false)
    }
}
