//! Positions packed for quick comparison: each man one number (file, rank, colour and an
//! interned letter), the images under the four point transforms made once, and
//! [`within`], which answers exactly what [`super::group::distance`] answers (is some
//! image of B, shifted as both allow, at most N differences from A?) without building the
//! images: a shift is tried only when it lays one of A's first N + 1 men on a man of B of
//! the same kind, since at most N of A's men can differ.

use super::entry::Entry;
use std::collections::HashMap;

/// A man packed: file << 40 | rank << 32 | colour << 24 | letter id.
pub type Code = u64;

/// The square of a packed man (file << 8 | rank).
pub fn square(c: Code) -> u64 {
    c >> 32
}

/// The kind of a packed man (colour and letters).
pub fn kind(c: Code) -> u64 {
    c & 0xFFFF_FFFF
}

/// The file of a packed man.
pub fn file(c: Code) -> i64 {
    (c >> 40) as i64
}

/// The rank of a packed man.
pub fn rank(c: Code) -> i64 {
    ((c >> 32) & 0xFF) as i64
}

/// Bit of [`Packed::mask`]: the left–right mirror is allowed.
pub const MIRROR: u8 = 1;
/// Bit of [`Packed::mask`]: the colours may be exchanged with the board turned.
pub const COLOURS: u8 = 2;
/// Bit of [`Packed::mask`]: the pattern may be shifted by files.
pub const FILES: u8 = 4;
/// Bit of [`Packed::mask`]: the pattern may be shifted by ranks.
pub const RANKS: u8 = 8;

/// May point transform `t` (bit 0: mirror, bit 1: colours) be used under `mask`?
pub fn point_allowed(t: usize, mask: u8) -> bool {
    (t & 1 == 0 || mask & MIRROR != 0) && (t & 2 == 0 || mask & COLOURS != 0)
}

/// A problem's position packed.
#[derive(Clone, Debug)]
pub struct Packed {
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// The side to move (0 White, 1 Black).
    pub side: u8,
    /// The symmetries allowed ([`MIRROR`], [`COLOURS`], [`FILES`], [`RANKS`]).
    pub mask: u8,
    /// The men under each point transform (0 none, 1 mirrored, 2 colours exchanged with
    /// the board turned, 3 both), in the order of the shape's men.
    pub images: [Vec<Code>; 4],
    /// The same, each sorted.
    pub sorted: [Vec<Code>; 4],
}

/// Packs entries, one letter id per distinct letters.
#[derive(Default)]
pub struct Packer {
    letters: HashMap<String, u64>,
}

impl Packer {
    /// `e` packed.
    pub fn pack(&mut self, e: &Entry) -> Packed {
        let s = &e.shape;
        let a = &e.allowed;
        let mask = (a.mirror as u8 * MIRROR)
            | (a.colours as u8 * COLOURS)
            | (a.files as u8 * FILES)
            | (a.ranks as u8 * RANKS);
        let images: [Vec<Code>; 4] = std::array::from_fn(|t| {
            s.men
                .iter()
                .map(|((f, r), c, l)| {
                    let next = self.letters.len() as u64;
                    let id = *self.letters.entry(l.clone()).or_insert(next);
                    let f = if t & 1 != 0 { s.width - 1 - f } else { *f } as u64;
                    let (r, c) = if t & 2 != 0 {
                        (s.height - 1 - r, c ^ 1)
                    } else {
                        (*r, *c)
                    };
                    f << 40 | (r as u64) << 32 | (c as u64) << 24 | id
                })
                .collect()
        });
        let sorted = images.clone().map(|mut v| {
            v.sort_unstable();
            v
        });
        Packed {
            width: s.width,
            height: s.height,
            side: s.side,
            mask,
            images,
            sorted,
        }
    }
}

/// The differences between `a` and `b` shifted by `shift` (packed, both sorted; the side
/// aside), or `budget + 1` once they are more than `budget`.
fn count(a: &[Code], b: &[Code], shift: i64, budget: usize) -> usize {
    let over = budget + 1;
    let (mut i, mut j, mut changed) = (0, 0, 0);
    let (mut only_a, mut only_b): (Vec<u64>, Vec<u64>) = (vec![], vec![]);
    while i < a.len() || j < b.len() {
        let y = b.get(j).map(|&c| (c as i64 + shift) as u64);
        match (a.get(i), y) {
            (Some(&x), Some(y)) if square(x) == square(y) => {
                changed += (x != y) as usize;
                i += 1;
                j += 1;
            }
            (Some(&x), Some(y)) if x < y => {
                only_a.push(kind(x));
                i += 1;
            }
            (Some(&x), None) => {
                only_a.push(kind(x));
                i += 1;
            }
            (_, Some(y)) => {
                only_b.push(kind(y));
                j += 1;
            }
            (None, None) => break,
        }
        if changed + only_a.len().max(only_b.len()) > budget {
            return over;
        }
    }
    let mut taken = vec![false; only_b.len()];
    let mut matched = 0;
    for k in &only_a {
        if let Some(t) = (0..only_b.len()).find(|&t| !taken[t] && only_b[t] == *k) {
            taken[t] = true;
            matched += 1;
        }
    }
    (changed + only_a.len() + only_b.len() - matched).min(over)
}

/// The shifts of `img` (sorted) that keep it on a `w` x `h` board, as `mask` allows; with
/// `anchors`, only those that lay one of them on a man of `img` of the same kind.
fn shifts(img: &[Code], (w, h): (u8, u8), mask: u8, anchors: Option<&[Code]>) -> Vec<(i64, i64)> {
    let lo_f = img.first().map_or(0, |&c| file(c));
    let hi_f = img.last().map_or(0, |&c| file(c));
    let lo_r = img.iter().map(|&c| rank(c)).min().unwrap_or(0);
    let hi_r = img.iter().map(|&c| rank(c)).max().unwrap_or(0);
    let fits = |dx: i64, dy: i64| {
        (dx == 0 || mask & FILES != 0)
            && (dy == 0 || mask & RANKS != 0)
            && (-lo_f..w as i64 - hi_f).contains(&dx)
            && (-lo_r..h as i64 - hi_r).contains(&dy)
    };
    let mut out = vec![];
    match anchors {
        Some(anchors) => {
            for &x in anchors {
                for &y in img.iter().filter(|&&y| kind(y) == kind(x)) {
                    let d = (file(x) - file(y), rank(x) - rank(y));
                    if fits(d.0, d.1) && !out.contains(&d) {
                        out.push(d);
                    }
                }
            }
        }
        None => {
            for dx in -lo_f..w as i64 - hi_f {
                for dy in -lo_r..h as i64 - hi_r {
                    if fits(dx, dy) {
                        out.push((dx, dy));
                    }
                }
            }
        }
    }
    out
}

/// Is some image of `b` under a symmetry both allow at most `most` differences from `a`
/// (the side to move counting one)? The same answer as
/// `distance(a, b, most).is_some()`.
pub fn within(a: &Packed, b: &Packed, most: usize) -> bool {
    if (a.width, a.height) != (b.width, b.height) {
        return false;
    }
    let both = a.mask & b.mask;
    let men = &a.sorted[0];
    for t in (0..4).filter(|&t| point_allowed(t, both)) {
        let img = &b.sorted[t];
        let side = b.side ^ (t >> 1) as u8;
        let Some(budget) = most.checked_sub((side != a.side) as usize) else {
            continue;
        };
        if men.len().abs_diff(img.len()) > budget {
            continue;
        }
        // At most `budget` of A's men differ: one of its first budget + 1 stays put.
        let anchors = (men.len() > budget).then(|| &men[..budget + 1]);
        for (dx, dy) in shifts(img, (a.width, a.height), both, anchors) {
            if count(men, img, dx * (1 << 40) + dy * (1 << 32), budget) <= budget {
                return true;
            }
        }
    }
    false
}
