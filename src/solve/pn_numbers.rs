//! A proof-number worker's table of unsolved numbers (see [`super::pns`]).

/// Entries of a worker's table of unsolved numbers (2^21 entries of 24 bytes: 48 MiB).
const TABLE_BITS: u32 = 21;

/// A worker's table of unsolved numbers: two-way buckets of slots holding a node's key,
/// its proof and disproof numbers (one word), and the nodes spent on it (the entry that
/// cost more stays when two compete for a place). Losing an entry costs only the work of
/// finding its numbers again. The slots are plain zeroed words, so that a new table is
/// zero pages from the system, paid for only where written.
pub(crate) struct PnTable {
    slots: Vec<[u64; 3]>,
    mask: usize,
}

impl PnTable {
    pub(super) fn new() -> Self {
        let n = 1usize << TABLE_BITS;
        PnTable {
            slots: vec![[0u64; 3]; n],
            mask: n - 2,
        }
    }

    pub(super) fn get(&self, key: u64) -> Option<(u32, u32)> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2]
            .iter()
            .find(|s| s[0] == key)
            .map(|s| ((s[1] >> 32) as u32, s[1] as u32))
    }

    pub(super) fn put(&mut self, key: u64, pn: u32, dn: u32, work: u32) {
        let i = key as usize & self.mask;
        let pair = &mut self.slots[i..i + 2];
        let j = if pair[0][0] == key || pair[1][0] != key && pair[0][2] <= pair[1][2] {
            0
        } else {
            1
        };
        pair[j] = [key, (pn as u64) << 32 | dn as u64, work as u64];
    }
}
