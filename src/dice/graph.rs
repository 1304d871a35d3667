//! A chance table's successors laid out flat and compact, worked out once and read by
//! every sweep. Per slot (`dice::symmetry::Slots`): its first throw and its first
//! successor (u32 each); per throw one u32, the index of its chance among the table's
//! distinct chances and how many successors it has; per successor one u32, a slot or (top
//! bit set) an index into the constants (a smaller table's value, deduplicated within
//! each chunk of slots). The graph is built chunk by chunk on every core and appended a
//! batch at a time, so the lists are never held twice.

use super::error::DiceError;
use super::planner::{Child, Planner, Sink};
use super::sweep::{Stops, Turns, Val, CHUNK, CONST};
use crate::board::bits::Bits;
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Bits of a throw's word that hold its chance's index (the rest: its successors).
const PROB_BITS: u32 = 16;

/// Chunks of slots laid out between two appends: the part of the lists held twice.
const BATCH_CHUNKS: usize = 32;

/// The successor graph of one table, flat.
#[derive(Default)]
pub(super) struct Graph {
    /// Per slot: thrown, decided or no position (`sweep::THROWN`, ...).
    pub(super) state: Vec<u8>,
    /// The value each slot starts from.
    pub(super) start: Vec<Val>,
    /// Throws of slot i: `first_throw[i]..first_throw[i + 1]`.
    first_throw: Vec<u32>,
    /// Successors of slot i start at `first_child[i]`, a throw's after the throw before's.
    first_child: Vec<u32>,
    /// Per throw: its chance's index in `probs` (low bits) and its successors' count.
    throw: Vec<u32>,
    /// The distinct chances of a throw.
    probs: Vec<f64>,
    /// A successor: a slot, or (top bit set) an index into `consts`.
    child: Vec<u32>,
    consts: Vec<Val>,
}

/// The graph of one chunk of slots, before it is appended.
#[derive(Default)]
struct Part {
    state: Vec<u8>,
    start: Vec<Val>,
    /// Per slot: its throws' count and its successors' count.
    counts: Vec<(u32, u32)>,
    /// Per throw: its chance, its successors' count.
    throw: Vec<(f64, u32)>,
    child: Vec<u32>,
    consts: Vec<Val>,
    /// Where each constant already stands in `consts`, by its bits.
    seen: HashMap<[u64; 5], u32, BuildHasherDefault<FoldHasher>>,
}

impl Sink for Part {
    fn throw(&mut self, prob: f64) {
        self.throw.push((prob, 0));
    }

    fn child(&mut self, c: Child) {
        self.throw.last_mut().expect("a throw was started").1 += 1;
        self.child.push(match c {
            Child::In(j) => j,
            Child::Const(v) => {
                let key = [v.c.w, v.c.l, v.q, v.lo, v.hi].map(f64::to_bits);
                let n = self.consts.len() as u32;
                let at = *self.seen.entry(key).or_insert(n);
                if at == n {
                    self.consts.push(v);
                }
                CONST | at
            }
        });
    }
}

impl Part {
    /// The slots `range`, worked out by `planner` and laid out flat (constants
    /// deduplicated).
    fn of<B: Bits>(
        range: std::ops::Range<usize>,
        planner: &mut Planner<'_, B>,
    ) -> Result<Part, DiceError> {
        let mut p = Part::default();
        for k in range {
            let (t0, c0) = (p.throw.len(), p.child.len());
            let (state, start) = planner.plan(k, &mut p)?.state();
            let counts = ((p.throw.len() - t0) as u32, (p.child.len() - c0) as u32);
            p.counts.push(counts);
            p.state.push(state);
            p.start.push(start);
        }
        Ok(p)
    }
}

impl Graph {
    /// The graph of `n` slots, worked out in parallel by chunks, each chunk by a planner
    /// of its own from `planner()`; the stops polled for every chunk.
    pub(super) fn build<'a, B: Bits>(
        n: usize,
        stops: &Stops,
        planner: &(impl Fn() -> Planner<'a, B> + Sync),
    ) -> Result<Graph, DiceError> {
        let what = "the successors of a chance table";
        let mut g = Graph {
            state: stops.budget.reserved(what, n).map_err(DiceError::memory)?,
            start: stops.budget.reserved(what, n).map_err(DiceError::memory)?,
            first_throw: stops
                .budget
                .reserved(what, n + 1)
                .map_err(DiceError::memory)?,
            first_child: stops
                .budget
                .reserved(what, n + 1)
                .map_err(DiceError::memory)?,
            ..Graph::default()
        };
        let mut probs: HashMap<u64, u32, BuildHasherDefault<FoldHasher>> = HashMap::default();
        let batch = CHUNK * BATCH_CHUNKS;
        for from in (0..n).step_by(batch) {
            let to = (from + batch).min(n);
            let parts = (from..to)
                .step_by(CHUNK)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|c| {
                    stops.check()?;
                    Part::of(c..(c + CHUNK).min(to), &mut planner())
                })
                .collect::<Result<Vec<Part>, DiceError>>()?;
            for p in parts {
                g.append(p, &mut probs)?;
            }
        }
        g.first_throw.push(g.throw.len() as u32);
        g.first_child.push(g.child.len() as u32);
        g.throw.shrink_to_fit();
        g.child.shrink_to_fit();
        g.consts.shrink_to_fit();
        Ok(g)
    }

    /// Appends one chunk's graph.
    fn append(
        &mut self,
        p: Part,
        probs: &mut HashMap<u64, u32, BuildHasherDefault<FoldHasher>>,
    ) -> Result<(), DiceError> {
        let too_many = || DiceError::Internal("a chance table's successors overflow their index");
        let base = u32::try_from(self.consts.len()).map_err(|_| too_many())?;
        if u32::try_from(self.child.len() + p.child.len()).is_err()
            || u32::try_from(self.throw.len() + p.throw.len()).is_err()
            || (base as usize + p.consts.len()) as u32 & CONST != 0
        {
            return Err(too_many());
        }
        let (mut t, mut c) = (self.throw.len() as u32, self.child.len() as u32);
        for &(throws, children) in &p.counts {
            self.first_throw.push(t);
            self.first_child.push(c);
            t += throws;
            c += children;
        }
        self.state.extend_from_slice(&p.state);
        self.start.extend_from_slice(&p.start);
        for &(pr, count) in &p.throw {
            let next = self.probs.len() as u32;
            let at = *probs.entry(pr.to_bits()).or_insert(next);
            if at == next {
                self.probs.push(pr);
            }
            if at >= 1 << PROB_BITS || count >= 1 << (32 - PROB_BITS) {
                return Err(DiceError::Internal(
                    "a chance table has too many distinct throws",
                ));
            }
            self.throw.push(at | count << PROB_BITS);
        }
        self.child.extend(
            p.child
                .iter()
                .map(|&c| if c & CONST != 0 { c + base } else { c }),
        );
        self.consts.extend_from_slice(&p.consts);
        Ok(())
    }

    /// Memory held, bytes.
    pub(super) fn bytes(&self) -> usize {
        self.state.len()
            + self.start.len() * std::mem::size_of::<Val>()
            + (self.first_throw.len() + self.first_child.len() + self.throw.len()) * 4
            + self.child.len() * 4
            + self.probs.len() * 8
            + self.consts.len() * std::mem::size_of::<Val>()
    }
}

impl Turns for Graph {
    #[inline]
    fn each_throw<F: FnMut(f64, &[u32], &[Val])>(
        &self,
        i: usize,
        throw: &mut F,
    ) -> Result<(), DiceError> {
        let mut c = self.first_child[i] as usize;
        for &w in &self.throw[self.first_throw[i] as usize..self.first_throw[i + 1] as usize] {
            let k = (w >> PROB_BITS) as usize;
            throw(
                self.probs[(w & ((1 << PROB_BITS) - 1)) as usize],
                &self.child[c..c + k],
                &self.consts,
            );
            c += k;
        }
        Ok(())
    }
}

/// A hasher for keys made of whole 64-bit words (a chance's bits), far cheaper than the
/// default: each word is folded in with a multiply. Not proof against chosen keys, which
/// a table's own values are not.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    /// Whole words at a time (an array of words is handed over as its bytes), the
    /// bytes left over one by one.
    fn write(&mut self, bytes: &[u8]) {
        let words = bytes.chunks_exact(8);
        let rest = words.remainder();
        for w in words {
            self.write_u64(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        for &b in rest {
            self.write_u64(b as u64);
        }
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
