//! `--shard K/N`: the K-th of N slices of a batch (K counts from 0, as Slurm's array task
//! ids do), cut in one of two ways.
//!
//! `verify` ([`Shard::contains`]) cuts by the place of each item in the whole, unsharded order (the
//! files sorted by path, the problems in file order): item i goes to shard i mod N. That
//! order does not depend on the order the paths are given in nor on the number of
//! threads, so the same problem always falls in the same shard, and the slices take
//! turns through the collection (a run of hard problems is spread over the shards).
//!
//! `repair` ([`Shard::range`]) cuts its ranked candidate list into N contiguous slices of
//! equal size, so that the shards' repairs laid end to end (shard 0 first) are exactly
//! one run's list.

use std::fmt;
use std::str::FromStr;

/// One slice of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which slice, from 0 to n - 1.
    pub k: usize,
    /// How many slices.
    pub n: usize,
}

impl Shard {
    /// The whole of the work: one slice.
    pub const ALL: Shard = Shard { k: 0, n: 1 };

    /// The index range of this contiguous slice in a list of `len` items.
    pub fn range(&self, len: usize) -> std::ops::Range<usize> {
        (len * self.k / self.n)..(len * (self.k + 1) / self.n)
    }

    /// Does the item at `place` of the whole order belong to this slice?
    pub fn contains(&self, place: usize) -> bool {
        place % self.n == self.k
    }

    /// The places of this slice among `total` items.
    pub fn places(&self, total: usize) -> impl Iterator<Item = usize> + '_ {
        (self.k..total).step_by(self.n)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = |why: &str| format!("'{s}': {why}");
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| bad("expected K/N, e.g. 0/4 (the first of four shards)"))?;
        let n: usize = n
            .trim()
            .parse()
            .map_err(|_| bad("N (after the '/') must be a whole number of shards, 1 or more"))?;
        let k: usize = k
            .trim()
            .parse()
            .map_err(|_| bad("K (before the '/') must be a whole number from 0 to N-1"))?;
        if n == 0 {
            return Err(bad("N must be at least 1"));
        }
        if k >= n {
            return Err(bad(&format!(
                "K counts from 0, so it must be less than N (0 to {})",
                n - 1
            )));
        }
        Ok(Shard { k, n })
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn parses_and_slices() {
        let s: Shard = "1/4".parse().unwrap();
        assert_eq!(s, Shard { k: 1, n: 4 });
        assert_eq!(s.to_string(), "1/4");
        assert!(s.contains(1) && s.contains(5) && !s.contains(4));
        assert_eq!(s.places(10).collect::<Vec<_>>(), vec![1, 5, 9]);
        for bad in ["4/4", "1", "a/4", "1/0", "-1/4", "1/b"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        // The contiguous slices cover a list once, in order.
        for len in [0, 1, 7, 100, 1713] {
            for n in 1..=9 {
                let mut next = 0;
                for k in 0..n {
                    let r = Shard { k, n }.range(len);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, len);
            }
        }
        // Every place falls in exactly one shard.
        for place in 0..50 {
            let owners = (0..7).filter(|k| Shard { k: *k, n: 7 }.contains(place));
            assert_eq!(owners.count(), 1);
        }
    }
}
