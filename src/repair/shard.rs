//! `--shard K/N`: the K-th of N equal slices of the ranked candidate list, so that a long
//! search can be split over machines. The slices are contiguous and in list order, so the
//! shards' repairs laid end to end (shard 1 first) are exactly one run's.

use std::fmt;
use std::str::FromStr;

/// The K-th (1-based) of N slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, 1..=of.
    pub k: usize,
    /// How many slices.
    pub of: usize,
}

impl Shard {
    /// The whole list.
    pub const ALL: Shard = Shard { k: 1, of: 1 };

    /// The index range of this slice in a list of `len` candidates.
    pub fn range(&self, len: usize) -> std::ops::Range<usize> {
        (len * (self.k - 1) / self.of)..(len * self.k / self.of)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{s}': expected K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: usize = k.trim().parse().map_err(|_| bad())?;
        let of: usize = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || of == 0 || k > of {
            return Err(bad());
        }
        Ok(Shard { k, of })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_list_once() {
        for len in [0, 1, 7, 100, 1713] {
            for of in 1..=9 {
                let mut next = 0;
                for k in 1..=of {
                    let r = Shard { k, of }.range(len);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, len);
            }
        }
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { k: 2, of: 3 }));
    }
}
