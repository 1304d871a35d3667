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
use std::num::ParseIntError;
use std::str::FromStr;
use thiserror::Error;

/// Why a shard is not one: its text does not read as K/N, or K and N do not fit.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardError {
    /// N is 0 or more than [`Shard::MAX_N`].
    #[error("N must be from 1 to {max} shards, got {n}")]
    NOutOfRange { max: usize, n: usize },
    /// K is N or more.
    #[error("K counts from 0, so it must be less than N (0 to {last}), got {k}")]
    KOutOfRange { last: usize, k: usize },
    /// No '/' in the text.
    #[error("'{text}': expected K/N, e.g. 0/4 (the first of four shards)")]
    NoSlash { text: String },
    /// N is not a whole number.
    #[error("'{text}': N (after the '/') must be a whole number of shards, 1 to {max}")]
    BadN {
        text: String,
        max: usize,
        #[source]
        err: ParseIntError,
    },
    /// K is not a whole number.
    #[error("'{text}': K (before the '/') must be a whole number from 0 to N-1")]
    BadK {
        text: String,
        #[source]
        err: ParseIntError,
    },
    /// The text reads, but K and N do not fit ([`Shard::check`]).
    #[error("'{text}': {err}")]
    Unfit {
        text: String,
        #[source]
        err: Box<ShardError>,
    },
}

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

    /// The most shards a batch is cut into: far more than the nodes of any cluster's job
    /// array (Slurm's default array limit is 1001), and few enough that the merge's table
    /// of shards (one slot each) is small. 10^12 shards made the merge ask for 16 TB.
    pub const MAX_N: usize = 100_000;

    /// The index range of this contiguous slice in a list of `len` items. The products
    /// are taken in 128 bits: `len * k` overflows a usize for a large list, and then a
    /// candidate fell in two slices and another in none.
    pub fn range(&self, len: usize) -> std::ops::Range<usize> {
        let cut = |k: usize| (len as u128 * k as u128 / self.n.max(1) as u128) as usize;
        cut(self.k)..cut(self.k + 1)
    }

    /// Checks a shard read from elsewhere than the command line (a manifest): N from 1 to
    /// [`Shard::MAX_N`], K below N. The message names what is wrong.
    pub fn check(&self) -> Result<(), ShardError> {
        if self.n == 0 || self.n > Self::MAX_N {
            return Err(ShardError::NOutOfRange {
                max: Self::MAX_N,
                n: self.n,
            });
        }
        if self.k >= self.n {
            return Err(ShardError::KOutOfRange {
                last: self.n - 1,
                k: self.k,
            });
        }
        Ok(())
    }

    /// Does the item at `place` of the whole order belong to this slice?
    pub fn contains(&self, place: usize) -> bool {
        place % self.n == self.k
    }

    /// How many of `total` items this slice holds (the length of [`Shard::places`]).
    pub fn size(&self, total: usize) -> usize {
        match total.checked_sub(self.k) {
            Some(after) if after > 0 => (after - 1) / self.n.max(1) + 1,
            _ => 0,
        }
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
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let text = || s.to_string();
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| ShardError::NoSlash { text: text() })?;
        let n: usize = n.trim().parse().map_err(|err| ShardError::BadN {
            text: text(),
            max: Shard::MAX_N,
            err,
        })?;
        let k: usize = k
            .trim()
            .parse()
            .map_err(|err| ShardError::BadK { text: text(), err })?;
        let shard = Shard { k, n };
        shard.check().map_err(|err| ShardError::Unfit {
            text: text(),
            err: Box::new(err),
        })?;
        Ok(shard)
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
        for total in 0..30 {
            for k in 0..4 {
                let s = Shard { k, n: 4 };
                assert_eq!(s.size(total), s.places(total).count(), "{s} of {total}");
            }
        }
        for bad in [
            "4/4",
            "1",
            "a/4",
            "1/0",
            "-1/4",
            "1/b",
            "0/100001",
            "0/1000000000000",
        ] {
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
        assert!("99999/100000".parse::<Shard>().is_ok());
        // The message says what it said as a String; the check's own error is its cause.
        let e = "4/4".parse::<Shard>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'4/4': K counts from 0, so it must be less than N (0 to 3), got 4"
        );
        let cause = std::error::Error::source(&e).map(|c| c.to_string());
        assert_eq!(
            cause.as_deref(),
            Some("K counts from 0, so it must be less than N (0 to 3), got 4")
        );
        // Every place falls in exactly one shard.
        for place in 0..50 {
            let owners = (0..7).filter(|k| Shard { k: *k, n: 7 }.contains(place));
            assert_eq!(owners.count(), 1);
        }
    }

    /// The contiguous slices of a list too long for `len * k` in a usize still cover it
    /// once, in order: each slice begins where the one before ends (no candidate in two
    /// slices, none in none) and the slices are as even as the division allows.
    #[test]
    fn slices_of_huge_lists_partition_them() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as usize
        };
        let mut lens = vec![usize::MAX, usize::MAX - 1, usize::MAX / 2 + 3, 1 << 40];
        lens.extend((0..20).map(|_| next()));
        let mut counts = vec![1, 2, 3, 7, 1000, Shard::MAX_N];
        counts.extend((0..6).map(|_| 1 + next() % Shard::MAX_N));
        for &len in &lens {
            for &n in &counts {
                let (lo, hi) = (len / n, len / n + usize::from(len % n != 0));
                let mut end = 0;
                for k in 0..n {
                    let r = Shard { k, n }.range(len);
                    assert_eq!(r.start, end, "len {len}, shard {k}/{n}");
                    assert!(r.end >= r.start, "len {len}, shard {k}/{n}");
                    assert!((lo..=hi).contains(&r.len()), "len {len}, shard {k}/{n}");
                    end = r.end;
                }
                assert_eq!(end, len, "len {len}, {n} shards");
            }
        }
    }
}
