//! How many of a king's neighbour squares one man can attack after a few moves, on an
//! empty board: the geometry behind the solver's flight-square bound.
//!
//! For a man of kind `k` and colour `c` standing on `x`, and a king on `s`, the table holds
//! the most squares of the king's step set from `s` that the man attacks from any square it
//! can stand on after at most `j` moves (`j` in `0..=COVER_MOVES`). The board is taken empty
//! (the king's own square too, so a rider's line runs on through it): blockers only take
//! squares away, so the count never falls short of a real one. A pawn that can reach its
//! last rank in time counts as covering every neighbour square (it may promote to anything).
//!
//! Built from each man's empty-board attacks and moves, which [`crate::board::flights`]
//! takes from the rules (and where the table of an engine is kept).

use crate::board::bits::Bits;

/// Moves ahead the table covers (the `#N` search asks about one and two, the help and
/// series searches up to three; the counts of a square fill one 32-bit word).
pub const COVER_MOVES: usize = 3;

/// The flight-cover table (see the module text): per colour, kind, king square and man
/// square, the counts for 0 to [`COVER_MOVES`] moves packed in one word, a byte each. The
/// counts for a king square are worked out the first time that square is asked about: a
/// short problem's king visits a few squares, while the whole table grows with the square
/// of the board (its cost is in benches/NOTES.md, "Figures from the code's comments").
#[derive(Debug)]
pub struct FlightCover<B> {
    n: usize,
    nk: usize,
    attacks: Vec<B>,
    /// Where a man can move from each square on an empty board, per colour and kind.
    moves: Vec<B>,
    king_steps: Vec<B>,
    pawn: Vec<bool>,
    last_rank: [B; 2],
    /// Per king square, once asked: the counts for every colour, kind and man square.
    rows: Vec<std::sync::OnceLock<Vec<u32>>>,
}

impl<B: Bits> FlightCover<B> {
    /// The counts for a king on `s` and each square of a man of colour `c` and kind `k`:
    /// byte `j` of entry `x` is the most neighbour squares of `s` the man on `x` attacks
    /// after at most `j` of its moves.
    #[inline(always)]
    pub fn row(&self, c: usize, k: usize, s: usize) -> &[u32] {
        let at = (c * self.nk + k) * self.n;
        &self.rows[s].get_or_init(|| self.square(s))[at..at + self.n]
    }

    /// What a man of colour `c` and kind `k` on `x` attacks on an empty board.
    #[inline(always)]
    pub fn attacks(&self, c: usize, k: usize, x: usize) -> B {
        self.attacks[(c * self.nk + k) * self.n + x]
    }

    /// One count of [`FlightCover::row`].
    pub fn get(&self, c: usize, k: usize, j: usize, s: usize, x: usize) -> u8 {
        self.row(c, k, s)[x].to_le_bytes()[j]
    }

    /// The table, from: the board's size and the number of kinds, the king's steps from
    /// each square, each man's empty-board attacks and moves per square
    /// (`sets[c * nk + k]`), which kinds are pawns, and each colour's last rank. Nothing
    /// is counted yet.
    pub fn build(
        (n, nk): (usize, usize),
        king_steps: &[B],
        sets: &[(Vec<B>, Vec<B>)],
        pawn: &[bool],
        last_rank: [B; 2],
    ) -> Self {
        FlightCover {
            n,
            nk,
            attacks: sets.iter().flat_map(|(a, _)| a.iter().copied()).collect(),
            moves: sets.iter().flat_map(|(_, m)| m.iter().copied()).collect(),
            king_steps: king_steps.to_vec(),
            pawn: pawn.to_vec(),
            last_rank,
            rows: (0..n).map(|_| std::sync::OnceLock::new()).collect(),
        }
    }

    /// The counts for a king on `s`, for every colour, kind and man square.
    fn square(&self, s: usize) -> Vec<u32> {
        let (n, nk) = (self.n, self.nk);
        let mut counts = vec![0u32; 2 * nk * n];
        let around = self.king_steps[s];
        let full = around.count() as u8;
        let (mut layer, mut next) = (vec![0u8; n], vec![0u8; n]);
        for c in 0..2 {
            for k in 0..nk {
                let at = (c * nk + k) * n;
                if c == 1 && !self.pawn[k] {
                    // Only a pawn's moves depend on its colour.
                    counts.copy_within(k * n..(k + 1) * n, at);
                    continue;
                }
                let (attack, moves) = (&self.attacks[at..at + n], &self.moves[at..at + n]);
                let promotes = |y: usize| self.pawn[k] && self.last_rank[c].has(y);
                // j = 0: from where it stands; then one more move at a time.
                for (y, l) in layer.iter_mut().enumerate() {
                    *l = if promotes(y) {
                        full
                    } else {
                        (attack[y] & around).count() as u8
                    };
                }
                let row = &mut counts[at..at + n];
                for j in 0..=COVER_MOVES {
                    for (r, &v) in row.iter_mut().zip(&layer) {
                        *r |= u32::from(v) << (8 * j);
                    }
                    if j < COVER_MOVES {
                        for (x, nx) in next.iter_mut().enumerate() {
                            *nx = moves[x].iter().fold(layer[x], |m, y| m.max(layer[y]));
                        }
                        std::mem::swap(&mut layer, &mut next);
                    }
                }
            }
        }
        counts
    }
}
