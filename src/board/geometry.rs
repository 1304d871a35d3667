//! Board sizes, squares and their names.

use serde::{Deserialize, Serialize};

/// A square index: `rank * width + file`, rank 0 at White's side.
pub type Square = u8;

/// No square (a sentinel in tables indexed by square).
pub const NO_SQ: u8 = 255;

/// The largest supported board side.
pub const MAX_SIDE: u8 = 16;

/// A rectangular board of `width` files and `height` ranks (each 1..=16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Geometry {
    /// Files, 1..=16 (a file is a column; file 0 is `a`).
    pub width: u8,
    /// Ranks, 1..=16 (rank 0 is White's side).
    pub height: u8,
}

impl Geometry {
    /// A board of the given size (callers validate the range).
    pub const fn new(width: u8, height: u8) -> Self {
        Geometry { width, height }
    }
    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.width as usize * self.height as usize
    }
    /// File (0-based) of a square.
    #[inline(always)]
    pub fn file(&self, sq: Square) -> u8 {
        sq % self.width
    }
    /// Rank (0-based) of a square.
    #[inline(always)]
    pub fn rank(&self, sq: Square) -> u8 {
        sq / self.width
    }
    /// The square at (file, rank).
    #[inline(always)]
    pub fn square(&self, file: u8, rank: u8) -> Square {
        rank * self.width + file
    }
    /// The square reached from `sq` by (dx, dy), if on the board.
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let f = self.file(sq) as i32 + dx;
        let r = self.rank(sq) as i32 + dy;
        if f < 0 || r < 0 || f >= self.width as i32 || r >= self.height as i32 {
            None
        } else {
            Some(self.square(f as u8, r as u8))
        }
    }
    /// Algebraic name: file letter then rank number (`a1`, `l12`).
    pub fn name(&self, sq: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(sq)) as char,
            self.rank(sq) as u32 + 1
        )
    }
    /// Parses a square name on this board.
    pub fn parse(&self, s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || !b[0].is_ascii_lowercase() {
            return None;
        }
        let f = b[0] - b'a';
        let digits = &s[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let r: u32 = digits.parse().ok()?;
        if f >= self.width || r == 0 || r > self.height as u32 {
            return None;
        }
        Some(self.square(f, (r - 1) as u8))
    }
    /// Parses a square name at the start of `s`, returning it and the bytes used.
    pub fn parse_prefix(&self, s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        if b.is_empty() || !b[0].is_ascii_lowercase() {
            return None;
        }
        let mut n = 1;
        while n < b.len() && b[n].is_ascii_digit() && n < 3 {
            n += 1;
        }
        // Prefer the longest rank number that exists on this board.
        while n > 1 {
            if let Some(sq) = self.parse(&s[..n]) {
                return Some((sq, n));
            }
            n -= 1;
        }
        None
    }
    /// Chebyshev distance between two squares.
    pub fn distance(&self, a: Square, b: Square) -> u8 {
        let df = (self.file(a) as i32 - self.file(b) as i32).unsigned_abs();
        let dr = (self.rank(a) as i32 - self.rank(b) as i32).unsigned_abs();
        df.max(dr) as u8
    }
    /// True when the square is light (a1 dark, as on a modern board).
    pub fn is_light(&self, sq: Square) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_wide_boards() {
        let g = Geometry::new(12, 12);
        for sq in 0..g.squares() as u8 {
            assert_eq!(g.parse(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.parse("l12"), Some(143));
        assert_eq!(g.parse("m1"), None);
        assert_eq!(g.parse("a13"), None);
        assert_eq!(g.parse_prefix("a10a11"), Some((g.square(0, 9), 3)));
        let g8 = Geometry::new(8, 8);
        assert_eq!(g8.parse_prefix("a1a2"), Some((0, 2)));
    }
}
