//! The transposition table of one solve, shared by all its workers.
//!
//! What is proven about a position under the solve's stipulation and conditions fits in
//! two small numbers: the least `n` for which the goal is proven forced within `n`
//! attacker moves (forced within n implies forced within more), and the largest `n` for
//! which it is proven not to be (not within n implies not within fewer). An entry is one
//! 64-bit word: the key's upper 48 bits, then those two numbers in a byte each. One word
//! is written with one store, so readers never see half an entry, and racing writers can
//! only lose each other's proofs, never combine them into a false one.
//!
//! The two numbers are stored so that merging is a maximum and a live entry is never zero
//! in its low 16 bits: `255 - n` for the least n proven forced, `n + 1` for the largest n
//! proven not forced, 0 meaning no proof either way.
//!
//! The key's bits from the third up choose a bucket of eight entries, one 64-byte cache
//! line, so a probe costs at most one miss. With the 48 bits kept in the entry, 62 of the
//! key's 64 bits are checked (all but the lowest two; a probe against a full bucket
//! mistakes one position for another with a chance of 2^-59), and every entry's bits
//! are known again when the table doubles.
//!
//! Exact stipulations (the goal on move N, not before) have no such monotony: the search
//! mixes `n` into the key, so that an entry only ever speaks of one `n`.
//!
//! The table starts at 2 MiB of mapped address space (one huge page where the system
//! gives them), and doubles while it fills. The worker that grows it copies the entries
//! over and publishes the new table, which the others pick up within a few hundred nodes
//! (their writes to the old one meanwhile are lost, which costs only time).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Buckets of a fresh table: 2^FIRST_BITS (2 MiB), so that the entry and its bucket keep
/// every bit of the key from [`SKIP`] up and no growth loses an entry (see
/// [`Table::grow_into`]).
///
/// Chosen over a smaller first table whose entries were dropped when it grew: problems
/// that fill the first table keep what it held, at the price of more fresh pages for the
/// shortest ones (the figures: benches/NOTES.md, "Figures from the code's comments").
/// 2 MiB rather than the 1 MiB that would do: exactly one huge page, which the system
/// clears in one fault, where 1 MiB takes 256 small ones on every solve (benches/NOTES.md
/// has the figures).
const FIRST_BITS: u32 = 15;
/// The key's lowest bits, below the bucket index: not checked, so that the 48 bits an
/// entry keeps and a table of 2^FIRST_BITS buckets hold every bit above them.
const SKIP: u32 = 16 - FIRST_BITS;
/// Largest table: 2^MAX_BITS buckets of 64 bytes (256 MiB at 2^22); beyond it the cost of
/// a probe grew faster than the hits on the long problems (benches/NOTES.md).
const MAX_BITS: u32 = 22;
/// Entries per bucket.
const WAYS: usize = 8;

/// The largest table a memory budget of `bytes` allows: [`MAX_BITS`], or less so that the
/// table (and the copy a growth makes) stays within a quarter of the budget.
fn max_bits(bytes: u64) -> u32 {
    let buckets = bytes / 4 / std::mem::size_of::<Bucket>() as u64;
    MAX_BITS.min(63 - buckets.max(1).leading_zeros())
}

/// The largest `n` an entry can speak of.
pub(crate) const MAX_N: u32 = 254;

/// One cache line of entries.
#[repr(C, align(64))]
struct Bucket([AtomicU64; WAYS]);

/// One generation of the table.
pub(crate) struct Table {
    buckets: Buckets,
    bits: u32,
    /// The most bits a growth may reach (the memory budget's [`max_bits`]).
    most_bits: u32,
    /// Entries in use (slots that were empty when written).
    used: AtomicUsize,
    /// A bigger table could not be had: this one stays (only costs time).
    no_room: AtomicBool,
}

/// The table of one solve and its generation count.
pub(crate) struct Shared {
    cur: Mutex<Arc<Table>>,
    generation: AtomicUsize,
}

/// Zeroed buckets. On Linux they are mapped from the system, zero pages provided on first
/// write (and huge pages asked for), so a table costs only what is used of it. (Rust's
/// zeroed allocation of 64-byte-aligned memory clears every byte at once, which would
/// touch a large table whole.) Elsewhere they come from the heap.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    /// The mapping as the system gave it.
    #[cfg(target_os = "linux")]
    map: (*mut libc::c_void, usize),
}

// SAFETY: the buckets are atomics, shared only through `&`; the memory is owned.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    fn layout(len: usize) -> std::alloc::Layout {
        std::alloc::Layout::array::<Bucket>(len).expect("table size fits in memory")
    }

    /// `len` zeroed buckets, mapped; `None` when the memory is not to be had.
    #[cfg(target_os = "linux")]
    fn new(len: usize) -> Option<Buckets> {
        // Huge pages make a probe miss the TLB far less often, and a page fault here
        // costs more than clearing a huge page: map 2 MiB more than needed, start at a
        // 2 MiB boundary, and ask for them (only a hint). Then have the pages written in
        // at once: touched one by one, each took two faults (a probe maps the zero page,
        // the first store copies it); the faults saved and the price paid by a one-move
        // problem are in benches/NOTES.md.
        // (A system without it refuses the hint, and the faults come as before.)
        const HUGE: usize = 2 << 20;
        let bytes = len * std::mem::size_of::<Bucket>();
        let map_len = bytes + HUGE;
        // SAFETY: an anonymous private mapping with no address hint; checked below.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let start = (base as usize).div_ceil(HUGE) * HUGE;
        // SAFETY: [start, start + bytes) lies inside the mapping; madvise changes no
        // contents, and the mapping is zero-filled, which is a valid Bucket.
        unsafe {
            libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
            libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_POPULATE_WRITE);
        }
        Some(Buckets {
            ptr: std::ptr::NonNull::new(start as *mut Bucket)?,
            len,
            map: (base, map_len),
        })
    }

    /// `len` zeroed buckets on the heap; `None` when the memory is not to be had.
    #[cfg(not(target_os = "linux"))]
    fn new(len: usize) -> Option<Buckets> {
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size; zeroed memory is a valid Bucket.
        let p = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Bucket;
        Some(Buckets {
            ptr: std::ptr::NonNull::new(p)?,
            len,
        })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` initialised (zeroed) buckets live at `ptr` until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: the mapping was made in `new` with this base and length, and is
        // unmapped once.
        unsafe {
            libc::munmap(self.map.0, self.map.1);
        }
        #[cfg(not(target_os = "linux"))]
        // SAFETY: allocated in `new` with this layout, freed once.
        unsafe {
            std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, Self::layout(self.len));
        }
    }
}

/// The entry word for a key and its two bytes.
#[inline]
fn pack(key: u64, yes: u64, no: u64) -> u64 {
    (key & !0xffff) | (yes << 8) | no
}

/// The two bytes of an entry word: (255 - least n proven forced, largest n proven not
/// forced + 1), each 0 for none.
#[inline]
fn unpack(w: u64) -> (u64, u64) {
    ((w >> 8) & 0xff, w & 0xff)
}

/// How much work an entry stands for: the largest n it answers for.
#[inline]
fn depth(w: u64) -> u64 {
    let (yes, no) = unpack(w);
    let y = if yes == 0 { 0 } else { 255 - yes };
    y.max(no.saturating_sub(1))
}

impl Table {
    /// A table of 2^bits buckets; `None` when the memory is not to be had.
    fn new(bits: u32, most_bits: u32) -> Option<Table> {
        Some(Table {
            buckets: Buckets::new(1 << bits)?,
            bits,
            most_bits,
            used: AtomicUsize::new(0),
            no_room: AtomicBool::new(false),
        })
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key >> SKIP) as usize & ((1 << self.bits) - 1)]
    }

    /// Starts loading the bucket of `key` into the cache (a hint, for a probe to come).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint that never faults, whatever the address.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(self.bucket(key) as *const Bucket as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What is proven for `key` about `n`: `Some(true)` forced within n, `Some(false)`
    /// not, `None` unknown.
    #[inline]
    pub fn probe(&self, key: u64, n: u32) -> Option<bool> {
        let check = key & !0xffff;
        for e in &self.bucket(key).0 {
            let w = e.load(Relaxed);
            if w & !0xffff == check && w & 0xffff != 0 {
                let (yes, no) = unpack(w);
                return if yes != 0 && 255 - yes <= n as u64 {
                    Some(true)
                } else if no > n as u64 {
                    Some(false)
                } else {
                    None
                };
            }
        }
        None
    }

    /// The least `n` within which the goal is proven forced for `key`, if any.
    #[inline]
    pub fn least_proven(&self, key: u64) -> Option<u32> {
        let check = key & !0xffff;
        for e in &self.bucket(key).0 {
            let w = e.load(Relaxed);
            if w & !0xffff == check && w & 0xffff != 0 {
                let (yes, _) = unpack(w);
                return (yes != 0).then(|| (255 - yes) as u32);
            }
        }
        None
    }

    /// Records that the goal is (`v`) or is not forced within `n` moves for `key`; true
    /// when that took an empty slot (the caller counts those, see [`Table::count`]).
    pub fn store(&self, key: u64, n: u32, v: bool) -> bool {
        if n > MAX_N {
            return false;
        }
        let n = n as u64;
        let (yes, no) = if v { (255 - n, 0) } else { (0, n + 1) };
        let check = key & !0xffff;
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_depth = u64::MAX;
        for (i, e) in b.0.iter().enumerate() {
            let w = e.load(Relaxed);
            if w & !0xffff == check && w & 0xffff != 0 {
                let (y, o) = unpack(w);
                e.store(pack(key, y.max(yes), o.max(no)), Relaxed);
                return false;
            }
            if w == 0 {
                e.store(pack(key, yes, no), Relaxed);
                return true;
            }
            let d = depth(w);
            if d < victim_depth {
                victim = i;
                victim_depth = d;
            }
        }
        // A full bucket: the entry that stands for the least work makes room.
        b.0[victim].store(pack(key, yes, no), Relaxed);
        false
    }

    /// Adds `n` to the count of entries in use.
    pub fn count(&self, n: usize) {
        self.used.fetch_add(n, Relaxed);
    }

    /// Three quarters full or more, and allowed to grow?
    #[inline]
    pub fn wants_growth(&self) -> bool {
        self.used.load(Relaxed) * 4 > (WAYS << self.bits) * 3
            && !self.no_room.load(Relaxed)
            && self.bits < self.most_bits
    }

    /// Copies every entry into `bigger` (twice the buckets). An entry keeps the key's bits
    /// from 16 up and its bucket gives those from [`SKIP`] to `SKIP + self.bits` (16 or
    /// more), so the one bit the bigger table adds to the index is known.
    fn grow_into(&self, bigger: &Table) -> usize {
        let mut used = 0;
        for (i, b) in self.buckets.iter().enumerate() {
            for e in &b.0 {
                let w = e.load(Relaxed);
                if w == 0 {
                    continue;
                }
                let key = (w & !0xffff) | ((i as u64) << SKIP & 0xffff);
                let nb = &bigger.bucket(key).0;
                if let Some(free) = nb.iter().find(|x| x.load(Relaxed) == 0) {
                    free.store(w, Relaxed);
                    used += 1;
                }
            }
        }
        used
    }
}

impl Shared {
    /// A fresh table that grows within a quarter of `bytes`.
    pub fn within(bytes: u64) -> Shared {
        Shared {
            cur: Mutex::new(Arc::new(
                Table::new(FIRST_BITS, max_bits(bytes)).unwrap_or_else(|| {
                    std::alloc::handle_alloc_error(Buckets::layout(1 << FIRST_BITS))
                }),
            )),
            generation: AtomicUsize::new(0),
        }
    }

    /// A new generation count around a table already filled (by an earlier step of the
    /// same solve: what it proved holds for the next).
    pub fn continuing(prev: &Shared) -> Shared {
        Shared {
            cur: Mutex::new(prev.current().0),
            generation: AtomicUsize::new(0),
        }
    }

    /// The current table and its generation.
    pub fn current(&self) -> (Arc<Table>, usize) {
        let t = self.cur.lock().unwrap_or_else(|e| e.into_inner());
        (t.clone(), self.generation.load(Relaxed))
    }

    /// The generation now published (a worker holding an older one should refresh).
    #[inline]
    pub fn generation(&self) -> usize {
        self.generation.load(Relaxed)
    }

    /// Doubles `old` if it is still the current table and no other worker is doing so.
    pub fn grow(&self, old: &Arc<Table>) {
        let Ok(mut cur) = self.cur.try_lock() else {
            return;
        };
        if !Arc::ptr_eq(&cur, old) || !old.wants_growth() {
            return;
        }
        let Some(bigger) = Table::new(old.bits + 1, old.most_bits) else {
            // No memory for it: the search goes on in the table it has.
            old.no_room.store(true, Relaxed);
            return;
        };
        let used = old.grow_into(&bigger);
        bigger.used.store(used, Relaxed);
        *cur = Arc::new(bigger);
        self.generation.fetch_add(1, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_monotone_and_merge() {
        let t = Table::new(FIRST_BITS, MAX_BITS).unwrap();
        let k = 0x1234_5678_9abc_def0;
        assert_eq!(t.probe(k, 3), None);
        t.store(k, 5, false);
        assert_eq!(t.probe(k, 5), Some(false));
        assert_eq!(t.probe(k, 2), Some(false));
        assert_eq!(t.probe(k, 6), None);
        t.store(k, 8, true);
        assert_eq!(t.probe(k, 8), Some(true));
        assert_eq!(t.probe(k, 20), Some(true));
        assert_eq!(t.probe(k, 7), None);
        assert_eq!(t.probe(k, 0), Some(false));
        // A key differing only in bits the entry keeps is another position.
        assert_eq!(t.probe(k ^ (1 << 40), 3), None);
        // Proofs at n = 0 are proofs too, and a key whose upper bits are zero is a key.
        let k2 = 0xfeed_0000_0000_0001;
        t.store(k2, 0, false);
        assert_eq!(t.probe(k2, 0), Some(false));
        let k3 = 0x0000_0000_0000_0002;
        t.store(k3, 0, true);
        assert_eq!(t.probe(k3, 0), Some(true));
        assert_eq!(t.probe(k3, 9), Some(true));
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entries() {
        let t = Table::new(FIRST_BITS, MAX_BITS).unwrap();
        // Nine keys into one bucket: the shallowest is the one replaced.
        let keys: Vec<u64> = (1..=9u64).map(|i| (i << 32) | 7).collect();
        for (i, &k) in keys.iter().enumerate().take(8) {
            t.store(k, i as u32 + 1, false);
        }
        t.store(keys[8], 9, false);
        assert_eq!(t.probe(keys[0], 1), None);
        for &k in &keys[1..] {
            assert_eq!(t.probe(k, 1), Some(false));
        }
    }

    #[test]
    fn growing_keeps_every_entry() {
        let shared = Shared::within(crate::memory::GIB);
        let (t, generation) = shared.current();
        assert_eq!((t.bits, generation), (FIRST_BITS, 0));
        // Every entry finds its place in the doubled table.
        let keys: Vec<u64> = (0..200_000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i << 17))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, (i % 50) as u32, i % 3 == 0);
        }
        t.count(WAYS << FIRST_BITS);
        shared.grow(&t);
        let (big, generation) = shared.current();
        assert_eq!(generation, 1);
        assert_eq!(big.bits, FIRST_BITS + 1);
        let mut kept = 0;
        for (i, &k) in keys.iter().enumerate() {
            let n = (i % 50) as u32;
            let want = if i % 3 == 0 { Some(true) } else { Some(false) };
            let old = t.probe(k, n);
            if old.is_some() {
                assert_eq!(big.probe(k, n), want, "key {k:#x}");
                kept += 1;
            }
        }
        assert!(kept > 100_000);
    }
}
