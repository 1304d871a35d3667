//! How many of a king's neighbour squares one man can attack after a few moves, and where
//! a man can stand after a few moves, on an empty board: the geometry behind the solver's
//! flight-square bound.
//!
//! For a man of kind `k` and colour `c` standing on `x`, and a king on `s`, the table holds
//! the most squares of the king's step set from `s` that the man attacks from any square it
//! can stand on after at most `j` moves (`j` in `0..=COVER_MOVES`). The board is taken empty
//! (the king's own square too, so a rider's line runs on through it): blockers only take
//! squares away, so the count never falls short of a real one. A pawn that reaches its last
//! rank counts from there as the most any man it may become covers with the moves left
//! (as every neighbour square where the rules name no such man).
//!
//! The squares a man can stand on after at most `j` moves (`j` up to the depth the table
//! is built for, the engine's `REACH`) are taken the same way, a pawn's as those of the
//! men it may become once it promotes: a defender's man can fill a square next to its
//! king no sooner.
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
    /// The kinds a pawn may become (empty: the rules name none the table can count).
    promoted: Vec<usize>,
    /// Per king square, once asked: the counts for every colour, kind and man square.
    rows: Vec<std::sync::OnceLock<Vec<u32>>>,
    /// The most moves [`Self::within`] is asked about.
    depth: usize,
    /// Once asked: where each man can stand after `0..=depth` moves (see [`Self::within`]).
    reach: std::sync::OnceLock<Vec<B>>,
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

    /// The squares a man of colour `c` and kind `k` on `x` can stand on after at most `j`
    /// of its moves (`j` at most the table's depth), on an empty board.
    #[inline(always)]
    pub fn within(&self, c: usize, k: usize, j: usize, x: usize) -> B {
        let reach = self.reach.get_or_init(|| self.reaches());
        reach[((c * self.nk + k) * (self.depth + 1) + j) * self.n + x]
    }

    /// One count of [`FlightCover::row`].
    pub fn get(&self, c: usize, k: usize, j: usize, s: usize, x: usize) -> u8 {
        self.row(c, k, s)[x].to_le_bytes()[j]
    }

    /// The table, from: the board's size and the number of kinds, the king's steps from
    /// each square, each man's empty-board attacks and moves per square
    /// (`sets[c * nk + k]`), which kinds are pawns and which a pawn may become, each
    /// colour's last rank, and the most moves [`Self::within`] is asked about. Nothing is
    /// counted yet.
    pub fn build(
        (n, nk, depth): (usize, usize, usize),
        king_steps: &[B],
        sets: &[(Vec<B>, Vec<B>)],
        (pawn, promoted): (&[bool], &[usize]),
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
            promoted: promoted.to_vec(),
            depth,
            rows: (0..n).map(|_| std::sync::OnceLock::new()).collect(),
            reach: std::sync::OnceLock::new(),
        }
    }

    /// The counts for a king on `s`, for every colour, kind and man square: the men that
    /// are no pawns first (theirs are the same for either colour), then the pawns, which
    /// read on their last rank what the men they may become count there.
    fn square(&self, s: usize) -> Vec<u32> {
        let (n, nk) = (self.n, self.nk);
        let mut counts = vec![0u32; 2 * nk * n];
        let around = self.king_steps[s];
        let full = around.count() as u8;
        for k in (0..nk).filter(|&k| !self.pawn[k]) {
            let row = self.counted(k, around, |_, _| None);
            counts[k * n..(k + 1) * n].copy_from_slice(&row);
            counts[(nk + k) * n..(nk + k + 1) * n].copy_from_slice(&row);
        }
        for c in 0..2 {
            for k in (0..nk).filter(|&k| self.pawn[k]) {
                let promoted = |y: usize, j: usize| {
                    self.last_rank[c].has(y).then(|| {
                        let most = self.promoted.iter().map(|&p| counts[(c * nk + p) * n + y]);
                        most.map(|w| w.to_le_bytes()[j]).max().unwrap_or(full)
                    })
                };
                let row = self.counted(c * nk + k, around, promoted);
                counts[(c * nk + k) * n..(c * nk + k + 1) * n].copy_from_slice(&row);
            }
        }
        counts
    }

    /// The packed counts of the man at `set` (`c * nk + k`) for the squares `around`;
    /// `promoted(y, j)` is what it counts on a square where it becomes another man, with
    /// `j` moves left.
    fn counted(
        &self,
        set: usize,
        around: B,
        promoted: impl Fn(usize, usize) -> Option<u8>,
    ) -> Vec<u32> {
        let n = self.n;
        let at = set * n;
        let (attack, moves) = (&self.attacks[at..at + n], &self.moves[at..at + n]);
        // j = 0: from where it stands; then one more move at a time.
        let mut layer: Vec<u8> = (0..n)
            .map(|y| promoted(y, 0).unwrap_or_else(|| (attack[y] & around).count() as u8))
            .collect();
        let mut row = vec![0u32; n];
        for j in 0..=COVER_MOVES {
            for (r, &v) in row.iter_mut().zip(&layer) {
                *r |= u32::from(v) << (8 * j);
            }
            if j < COVER_MOVES {
                layer = (0..n)
                    .map(|x| {
                        promoted(x, j + 1).unwrap_or_else(|| {
                            moves[x].iter().fold(layer[x], |m, y| m.max(layer[y]))
                        })
                    })
                    .collect();
            }
        }
        row
    }

    /// Where each man can stand after `0..=depth` moves (see [`Self::within`]): the men
    /// that are no pawns first, then the pawns, which on their last rank go on as any man
    /// they may become (as any man at all where the rules name none).
    fn reaches(&self) -> Vec<B> {
        let (n, nk, r) = (self.n, self.nk, self.depth + 1);
        let mut reach = vec![B::EMPTY; 2 * nk * r * n];
        // What a promoted pawn may stand on besides its square, where the rules name no
        // man it becomes: anything.
        let unnamed = match self.promoted.is_empty() {
            true => (0..n).fold(B::EMPTY, |b, y| b | B::bit(y)),
            false => B::EMPTY,
        };
        for c in 0..2 {
            let kinds = (0..nk)
                .filter(|&k| !self.pawn[k])
                .chain((0..nk).filter(|&k| self.pawn[k]));
            for k in kinds {
                let set = c * nk + k;
                let moves = &self.moves[set * n..(set + 1) * n];
                let promotes = self.pawn[k];
                for j in 0..r {
                    for x in 0..n {
                        let at = |kind: usize, j: usize| ((c * nk + kind) * r + j) * n + x;
                        let here = if promotes && self.last_rank[c].has(x) {
                            let became = self.promoted.iter().map(|&p| reach[at(p, j)]);
                            became.fold(unnamed | B::bit(x), |b, p| b | p)
                        } else if j == 0 {
                            B::bit(x)
                        } else {
                            let before = ((set * r) + j - 1) * n;
                            moves[x]
                                .iter()
                                .fold(reach[before + x], |b, y| b | reach[before + y])
                        };
                        reach[at(k, j)] = here;
                    }
                }
            }
        }
        reach
    }
}
