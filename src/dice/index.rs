//! The entries of a chance table: side, then one coordinate per man in mixed radix, the
//! men ordered pawns first (White's, then Black's), then the kings, White's men and
//! Black's men. A man's coordinate counts only the squares it may stand on that the men
//! before it left free: a pawn's the squares off the first and last ranks, any other
//! man's the whole board; a square taken by an earlier man is skipped. So no entry puts
//! two men on a square or a pawn on a rank it cannot stand on: KRKP on 8x8 has
//! 2 × 48 × 63 × 62 × 61 entries, KQKQ 2 × 64 × 63 × 62 × 61 (a plain index over every
//! man's square: 2 × 64⁴). Identical men stand in rising square order; an entry that
//! puts them out of order is no position (the only entries that are none).

use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::Position;
use crate::retro::material::MAX_MEN;
use crate::retro::Material;

/// How the entries of one material's table are numbered.
#[derive(Clone, Debug)]
pub(super) struct Index {
    /// The men in index order.
    men: Vec<(Color, Kind)>,
    /// Per man: the first square it may stand on, and the square past its last.
    first: [usize; MAX_MEN],
    end: [usize; MAX_MEN],
    /// Per man: how many values its coordinate takes (its squares less the men before).
    radix: [usize; MAX_MEN],
    /// Groups of identical men: (colour, kind, how many), in index order.
    groups: [(Color, Kind, usize); MAX_MEN],
    group_count: usize,
    /// Entries per side to move (exact when the table is small enough to be built).
    per_side: usize,
    /// Entries, both sides, saturating.
    entries: u64,
}

impl Index {
    /// The index of `mat` under `eng`'s rules.
    pub(super) fn new<B: Bits>(mat: &Material, eng: &Engine<B>) -> Index {
        let is_pawn = |k: Kind| Some(k) == eng.pawn;
        let mut men = vec![];
        for c in [Color::White, Color::Black] {
            men.extend(mat.side(c).iter().filter(|&&k| is_pawn(k)).map(|&k| (c, k)));
        }
        men.extend([(Color::White, eng.king), (Color::Black, eng.king)]);
        for c in [Color::White, Color::Black] {
            men.extend(
                mat.side(c)
                    .iter()
                    .filter(|&&k| !is_pawn(k))
                    .map(|&k| (c, k)),
            );
        }
        assert!(men.len() <= MAX_MEN, "a material has at most {MAX_MEN} men");
        let w = eng.rules.width as usize;
        let n = w * eng.rules.height as usize;
        let mut ix = Index {
            men,
            first: [0; MAX_MEN],
            end: [0; MAX_MEN],
            radix: [0; MAX_MEN],
            groups: [(Color::White, 0, 0); MAX_MEN],
            group_count: 0,
            per_side: 0,
            entries: 0,
        };
        let mut per_side = 1u128;
        for (i, &(c, k)) in ix.men.iter().enumerate() {
            (ix.first[i], ix.end[i]) = if is_pawn(k) {
                (w.min(n), n.saturating_sub(w).max(w.min(n)))
            } else {
                (0, n)
            };
            ix.radix[i] = (ix.end[i] - ix.first[i]).saturating_sub(i);
            per_side = per_side.saturating_mul(ix.radix[i] as u128);
            if i > 0 && ix.men[i - 1] == (c, k) {
                ix.groups[ix.group_count - 1].2 += 1;
            } else {
                ix.groups[ix.group_count] = (c, k, 1);
                ix.group_count += 1;
            }
        }
        ix.per_side = per_side.min(usize::MAX as u128) as usize;
        ix.entries = per_side.saturating_mul(2).min(u64::MAX as u128) as u64;
        ix
    }

    /// The men in index order.
    pub(super) fn men(&self) -> &[(Color, Kind)] {
        &self.men
    }

    /// Entries, both sides to move (saturating).
    pub(super) fn entries(&self) -> u64 {
        self.entries
    }

    /// The entry of `pos` (None: not exactly these men, or a pawn where none may stand).
    #[inline]
    pub(super) fn of<B: Bits>(&self, pos: &Position<B>) -> Option<usize> {
        let mut sq = [0usize; MAX_MEN];
        let mut i = 0;
        for &(c, k, count) in &self.groups[..self.group_count] {
            let mut found = 0;
            // Rising square order: identical men come out in index order.
            for s in pos.pieces[c.idx()][k as usize].iter() {
                if found == count {
                    return None;
                }
                sq[i + found] = s;
                found += 1;
            }
            if found != count {
                return None;
            }
            i += count;
        }
        self.number(pos.side, &sq)
    }

    /// The entry with `side` to move and the men on `sq` in index order, identical men
    /// in any order (None: a man where it may not stand).
    pub(super) fn of_squares(&self, side: Color, mut sq: [usize; MAX_MEN]) -> Option<usize> {
        let mut i = 0;
        for &(_, _, count) in &self.groups[..self.group_count] {
            sq[i..i + count].sort_unstable();
            i += count;
        }
        self.number(side, &sq)
    }

    /// The entry of `side` to move and the men on `sq`, identical men in rising order.
    #[inline]
    fn number(&self, side: Color, sq: &[usize; MAX_MEN]) -> Option<usize> {
        let mut idx = side.idx();
        for i in 0..self.men.len() {
            let s = sq[i];
            if s < self.first[i] || s >= self.end[i] {
                return None;
            }
            let below = sq[..i].iter().filter(|&&e| e < s).count();
            idx = idx * self.radix[i] + (s - self.first[i] - below);
        }
        Some(idx)
    }

    /// The side to move and each man's square of entry `idx` (None: identical men out of
    /// order).
    pub(super) fn squares(&self, idx: usize) -> Option<(Color, [usize; MAX_MEN])> {
        let side = if idx / self.per_side == 0 {
            Color::White
        } else {
            Color::Black
        };
        let len = self.men.len();
        let mut coord = [0usize; MAX_MEN];
        let mut rest = idx % self.per_side;
        for i in (0..len).rev() {
            coord[i] = rest % self.radix[i];
            rest /= self.radix[i];
        }
        let mut sq = [0usize; MAX_MEN];
        // The squares taken so far, rising.
        let mut taken = [0usize; MAX_MEN];
        for i in 0..len {
            let mut s = self.first[i] + coord[i];
            for &e in &taken[..i] {
                if e <= s {
                    s += 1;
                }
            }
            if i > 0 && self.men[i - 1] == self.men[i] && sq[i - 1] > s {
                return None;
            }
            sq[i] = s;
            let at = taken[..i].partition_point(|&e| e < s);
            taken.copy_within(at..i, at + 1);
            taken[at] = s;
        }
        Some((side, sq))
    }
}
