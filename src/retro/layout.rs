//! Indexing: a position of a material ↔ a number.
//!
//! Men are ordered white king, black king, White's other men by kind, Black's other men by
//! kind; the index is `side · per_side + d(wK) · n^(m−1) + s₁ · n^(m−2) + … + s_{m−1}` with
//! `n` squares, `m` men and `d(wK)` the white king's square numbered within the symmetry's
//! fundamental domain. Identical men (two rooks) are stored with ascending squares; the
//! other orders are marked invalid. Board symmetry: every position is first moved by the
//! board transform that brings the white king into the domain (pawnless material on a
//! square board: 8 transforms, domain a1–d1–d4 (10 squares); pawnless on an oblong board:
//! 4; with pawns: the left-right mirror). A white king on a diagonal of the domain keeps a
//! residual symmetry: both images are stored (and computed), which costs a little space
//! and keeps the index simple.

use super::material::{Material, MAX_MEN};
use crate::board::piece::{Color, Kind};

/// The index layout of one table.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Squares on the board.
    pub n: usize,
    /// The men in index order.
    pub men: Vec<(Color, Kind)>,
    /// Ranges of identical men (two or more).
    groups: Vec<(usize, usize)>,
    /// Square maps of the symmetry transforms (the identity first).
    maps: Vec<Vec<u8>>,
    /// Per square: the transform that brings it into the domain.
    canon: Vec<u8>,
    /// Per domain index: its square.
    pub dom: Vec<u8>,
    /// Per square: its domain index, or `u16::MAX`.
    dom_of: Vec<u16>,
    /// Per domain index: the transforms other than the identity that fix that square.
    stab: Vec<Vec<u8>>,
    /// Per domain index: the size of its square's orbit (full-board positions per entry).
    pub orbit: Vec<u32>,
    /// Entries per side to move.
    pub per_side: u64,
    /// Entries in all.
    pub entries: u64,
}

/// The board transforms a material allows: 1 (none), 2 (mirror files), 4, or 8.
pub fn symmetry_for(width: u8, height: u8, has_pawns: bool, allowed: bool) -> u8 {
    if !allowed {
        1
    } else if has_pawns {
        2
    } else if width == height {
        8
    } else {
        4
    }
}

impl Layout {
    /// The layout of `mat` on a `width`×`height` board with `sym` transforms (1, 2, 4, 8).
    pub fn new(mat: &Material, king: Kind, width: u8, height: u8, sym: u8) -> Layout {
        let n = width as usize * height as usize;
        let mut men = vec![(Color::White, king), (Color::Black, king)];
        men.extend(mat.white.iter().map(|&k| (Color::White, k)));
        men.extend(mat.black.iter().map(|&k| (Color::Black, k)));
        assert!(men.len() <= MAX_MEN);
        let mut groups = vec![];
        let mut i = 2;
        while i < men.len() {
            let mut j = i + 1;
            while j < men.len() && men[j] == men[i] {
                j += 1;
            }
            if j - i > 1 {
                groups.push((i, j));
            }
            i = j;
        }
        let (w, h) = (width as i32, height as i32);
        let mut maps: Vec<Vec<u8>> = vec![];
        for swap in [false, true] {
            if swap && (sym < 8 || width != height) {
                continue;
            }
            for fy in [false, true] {
                if fy && sym < 4 {
                    continue;
                }
                for fx in [false, true] {
                    if fx && sym < 2 {
                        continue;
                    }
                    let map = (0..n as i32)
                        .map(|s| {
                            let (f, r) = (s % w, s / w);
                            let (mut a, mut b) = if swap { (r, f) } else { (f, r) };
                            if fx {
                                a = w - 1 - a;
                            }
                            if fy {
                                b = h - 1 - b;
                            }
                            (b * w + a) as u8
                        })
                        .collect();
                    maps.push(map);
                }
            }
        }
        let in_dom = |s: usize| maps.iter().all(|m| m[s] as usize >= s);
        let dom: Vec<u8> = (0..n).filter(|&s| in_dom(s)).map(|s| s as u8).collect();
        let mut dom_of = vec![u16::MAX; n];
        for (i, &s) in dom.iter().enumerate() {
            dom_of[s as usize] = i as u16;
        }
        let canon = (0..n)
            .map(|s| {
                maps.iter()
                    .position(|m| dom_of[m[s] as usize] != u16::MAX)
                    .expect("every orbit meets the domain") as u8
            })
            .collect();
        let stab = dom
            .iter()
            .map(|&s| {
                (1..maps.len())
                    .filter(|&g| maps[g][s as usize] == s)
                    .map(|g| g as u8)
                    .collect()
            })
            .collect();
        let orbit = dom
            .iter()
            .map(|&s| {
                let mut o: Vec<u8> = maps.iter().map(|m| m[s as usize]).collect();
                o.sort_unstable();
                o.dedup();
                o.len() as u32
            })
            .collect();
        let per_side = dom.len() as u64 * (n as u64).pow(men.len() as u32 - 1);
        Layout {
            width,
            height,
            n,
            men,
            groups,
            maps,
            canon,
            dom,
            dom_of,
            stab,
            orbit,
            per_side,
            entries: 2 * per_side,
        }
    }

    /// Number of symmetry transforms.
    pub fn symmetry(&self) -> u8 {
        self.maps.len() as u8
    }

    /// Number of men.
    #[inline(always)]
    pub fn m(&self) -> usize {
        self.men.len()
    }

    #[inline(always)]
    fn sort_groups(&self, sq: &mut [u8]) {
        for &(a, b) in &self.groups {
            sq[a..b].sort_unstable();
        }
    }

    #[inline(always)]
    fn raw(&self, side: Color, sq: &[u8]) -> u64 {
        let mut i = self.dom_of[sq[0] as usize] as u64;
        for &s in &sq[1..self.m()] {
            i = i * self.n as u64 + s as u64;
        }
        side.idx() as u64 * self.per_side + i
    }

    /// The index of a position given its men's squares in layout order (rewritten in place
    /// to the stored form: transformed into the domain, identical men sorted).
    #[inline]
    pub fn index(&self, side: Color, sq: &mut [u8]) -> u64 {
        let m = self.m();
        let t = self.canon[sq[0] as usize] as usize;
        if t != 0 {
            let map = &self.maps[t];
            for s in sq[..m].iter_mut() {
                *s = map[*s as usize];
            }
        }
        self.sort_groups(sq);
        self.raw(side, sq)
    }

    /// Every stored index equivalent to the position (already in stored form, as `index`
    /// leaves it) under the white king's residual symmetry, other than itself.
    #[inline]
    pub fn twins(&self, side: Color, sq: &[u8], out: &mut Vec<u64>) {
        out.clear();
        let d = self.dom_of[sq[0] as usize] as usize;
        for &g in &self.stab[d] {
            let map = &self.maps[g as usize];
            let mut t = [0u8; MAX_MEN];
            for i in 0..self.m() {
                t[i] = map[sq[i] as usize];
            }
            self.sort_groups(&mut t[..self.m()]);
            out.push(self.raw(side, &t));
        }
    }

    /// The side to move and the men's squares of an index; `None` for an index that is
    /// no position (two men on a square, identical men out of order).
    #[inline]
    pub fn decode(&self, idx: u64, sq: &mut [u8]) -> Option<Color> {
        let m = self.m();
        let side = if idx >= self.per_side {
            Color::Black
        } else {
            Color::White
        };
        let mut i = idx % self.per_side;
        for j in (1..m).rev() {
            sq[j] = (i % self.n as u64) as u8;
            i /= self.n as u64;
        }
        sq[0] = self.dom[i as usize];
        let mut seen = 0u128;
        for &s in &sq[..m] {
            if seen & (1u128 << s) != 0 {
                return None;
            }
            seen |= 1u128 << s;
        }
        for &(a, b) in &self.groups {
            if sq[a..b].windows(2).any(|w| w[0] > w[1]) {
                return None;
            }
        }
        Some(side)
    }

    /// Full-board positions an entry stands for (its white king's orbit).
    #[inline]
    pub fn weight(&self, idx: u64) -> u32 {
        let mut i = idx % self.per_side;
        for _ in 1..self.m() {
            i /= self.n as u64;
        }
        self.orbit[i as usize]
    }
}
