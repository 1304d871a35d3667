//! Which problems are within N differences of one another, without comparing every pair.
//!
//! If B (laid over A by some symmetry both allow) differs from A in at most N men, then
//! at most N of A's men are not in B and at most N of B's men are not in A: deleting at
//! most N men from each leaves the same men, the *core*, which the symmetry carries from
//! one onto the other. So every way of deleting up to N men from a problem is reduced to
//! its canonical form (the least of its images, each shifted to the lowest files and ranks
//! allowed) under the symmetries of each pair of rule sets present, and hashed; two
//! problems are compared only when they share a hashed core, and then by the exact
//! comparison ([`super::packed::within`], which answers what
//! [`super::group::distance`] does). A pair already joined through others is not
//! compared again: only the groups matter. At N = 0 the core is the whole position, and
//! the index is a table of canonical forms.
//!
//! A problem with too many ways of deleting N men (many men and a large N) is not
//! indexed but compared with every other problem of its board.

use super::packed::{self, Code, Packed, FILES, RANKS};
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// A problem with more cores than this (over every symmetry set) is compared with every
/// other problem of its board instead.
const MOST_CORES: usize = 4096;

/// Pairs compared at once, in parallel.
const CHUNK: usize = 2048;

/// How many ways to delete at most `most` of `n` men (saturating).
fn deletions_count(n: usize, most: usize) -> usize {
    let (mut sum, mut c) = (1usize, 1usize);
    for d in 1..=most.min(n) {
        c = c.saturating_mul(n + 1 - d) / d;
        sum = sum.saturating_add(c);
    }
    sum
}

/// Calls `f` with every set of at most `most` of the indices `from..n` (added to `gone`).
fn each_deletion(
    n: usize,
    most: usize,
    from: usize,
    gone: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]),
) {
    f(gone);
    if gone.len() == most {
        return;
    }
    for i in from..n {
        gone.push(i);
        each_deletion(n, most, i + 1, gone, f);
        gone.pop();
    }
}

/// The hashed canonical form of the men of `p` not in `gone`, under the symmetries `s`
/// (the side to move aside).
fn core_key(p: &Packed, gone: &[usize], s: u8) -> u64 {
    let mut best: Option<Vec<Code>> = None;
    for t in (0..4).filter(|&t| packed::point_allowed(t, s)) {
        let mut v: Vec<Code> = p.images[t]
            .iter()
            .enumerate()
            .filter(|(i, _)| !gone.contains(i))
            .map(|(_, &c)| c)
            .collect();
        let low = |on: bool, get: fn(Code) -> i64| match on {
            true => v.iter().map(|&c| get(c)).min().unwrap_or(0),
            false => 0,
        };
        let shift = low(s & FILES != 0, packed::file) * (1 << 40)
            + low(s & RANKS != 0, packed::rank) * (1 << 32);
        for c in &mut v {
            *c = (*c as i64 - shift) as u64;
        }
        v.sort_unstable();
        if best.as_ref().is_none_or(|b| v < *b) {
            best = Some(v);
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (p.width, p.height, s, best).hash(&mut h);
    h.finish()
}

/// The symmetry sets two problems present may share: every `m & m'`.
fn symmetry_sets(packs: &[Packed]) -> Vec<u8> {
    let mut masks: Vec<u8> = packs.iter().map(|p| p.mask).collect();
    masks.sort_unstable();
    masks.dedup();
    let mut sets: Vec<u8> = masks
        .iter()
        .flat_map(|&a| masks.iter().map(move |&b| a & b))
        .collect();
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// Joins pairs into groups, comparing in parallel chunks the pairs not yet joined.
struct Joiner<'a> {
    packs: &'a [Packed],
    most: usize,
    parent: Vec<usize>,
    tried: HashSet<(usize, usize)>,
    chunk: Vec<(usize, usize)>,
    joined: Vec<(usize, usize)>,
}

impl Joiner<'_> {
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Offers `a` and `b` for comparison (`s`: the symmetry set of the core they share;
    /// they are compared there only if it is the one both allow).
    fn offer(&mut self, a: usize, b: usize, s: Option<u8>) {
        let (pa, pb) = (&self.packs[a], &self.packs[b]);
        let (na, nb) = (pa.sorted[0].len(), pb.sorted[0].len());
        if (pa.width, pa.height) != (pb.width, pb.height)
            || s.is_some_and(|s| pa.mask & pb.mask != s)
            || na.abs_diff(nb) > self.most
            || self.find(a) == self.find(b)
        {
            return;
        }
        // Laid over the one of fewer men (then the earlier), as the pairwise method does.
        let pair = if (na, a) < (nb, b) { (a, b) } else { (b, a) };
        if self.tried.insert(pair) {
            self.chunk.push(pair);
            if self.chunk.len() >= CHUNK {
                self.flush();
            }
        }
    }

    /// Compares the offered pairs and joins those within reach.
    fn flush(&mut self) {
        let (packs, most) = (self.packs, self.most);
        let near: Vec<bool> = self
            .chunk
            .par_iter()
            .map(|&(a, b)| packed::within(&packs[a], &packs[b], most))
            .collect();
        for (k, near) in near.into_iter().enumerate() {
            let (a, b) = self.chunk[k];
            let (ra, rb) = (self.find(a), self.find(b));
            if near && ra != rb {
                self.parent[ra.max(rb)] = ra.min(rb);
                self.joined.push((a, b));
            }
        }
        self.chunk.clear();
    }
}

/// Pairs within `most` differences that join the packed problems into exactly the groups
/// that comparing every pair gives (a spanning set, not every such pair).
pub fn joining_pairs(packs: &[Packed], most: usize) -> Vec<(usize, usize)> {
    let sets = symmetry_sets(packs);
    let wide: Vec<bool> = packs
        .iter()
        .map(|p| {
            let kinds = sets.iter().filter(|&&s| s & p.mask == s).count();
            deletions_count(p.sorted[0].len(), most).saturating_mul(kinds) > MOST_CORES
        })
        .collect();
    let mut cores: Vec<(u64, u8, u32)> = (0..packs.len())
        .into_par_iter()
        .filter(|&i| !wide[i])
        .flat_map_iter(|i| {
            let p = &packs[i];
            let mut out = vec![];
            for &s in sets.iter().filter(|&&s| s & p.mask == s) {
                each_deletion(p.images[0].len(), most, 0, &mut vec![], &mut |gone| {
                    out.push((core_key(p, gone, s), s, i as u32))
                });
            }
            out
        })
        .collect();
    cores.par_sort_unstable();
    cores.dedup();
    let mut j = Joiner {
        packs,
        most,
        parent: (0..packs.len()).collect(),
        tried: HashSet::new(),
        chunk: vec![],
        joined: vec![],
    };
    for bucket in cores.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
        for (x, a) in bucket.iter().enumerate() {
            for b in &bucket[x + 1..] {
                j.offer(a.2 as usize, b.2 as usize, Some(a.1));
            }
        }
    }
    for w in (0..packs.len()).filter(|&w| wide[w]) {
        for o in (0..packs.len()).filter(|&o| o != w && !(wide[o] && o < w)) {
            j.offer(w, o, None);
        }
    }
    j.flush();
    j.joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deletions_are_counted_as_listed() {
        for n in 0..9 {
            for most in 0..5 {
                let mut listed = 0;
                each_deletion(n, most, 0, &mut vec![], &mut |_| listed += 1);
                assert_eq!(deletions_count(n, most), listed, "{n} men, {most}");
            }
        }
    }
}
