//! How many of a king's neighbour squares one man can attack after a few moves, on an
//! empty board: the geometry behind the solver's flight-square bound.
//!
//! For a man of kind `k` and colour `c` standing on `x`, and a king on `s`, the table holds
//! the most squares of the king's step set from `s` that the man attacks from any square it
//! can stand on after at most `j` moves (`j` in `0..=COVER_MOVES`). The board is taken empty
//! (the king's own square too, so a rider's line runs on through it): blockers only take
//! squares away, so the count never falls short of a real one. A pawn that can reach its
//! last rank in time counts as covering every neighbour square (it may promote to anything).

use crate::board::bits::Bits;
use crate::board::engine::{Engine, NO_SQ};

/// Moves ahead the table covers (the search asks about one; the tests about two).
pub const COVER_MOVES: usize = 2;

/// The flight-cover table, built on first use (see the module text): per colour, kind,
/// king square and man square, the counts for 0 to [`COVER_MOVES`] moves packed in one
/// word, a byte each.
#[derive(Debug)]
pub struct FlightCover<B> {
    n: usize,
    nk: usize,
    counts: Vec<u32>,
    attacks: Vec<B>,
}

impl<B: Bits> FlightCover<B> {
    /// The counts for a king on `s` and each square of a man of colour `c` and kind `k`:
    /// byte `j` of entry `x` is the most neighbour squares of `s` the man on `x` attacks
    /// after at most `j` of its moves.
    #[inline(always)]
    pub fn row(&self, c: usize, k: usize, s: usize) -> &[u32] {
        let at = ((c * self.nk + k) * self.n + s) * self.n;
        &self.counts[at..at + self.n]
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

    /// Builds the table for every colour, kind, king square and man square.
    pub fn build(e: &Engine<B>) -> Self {
        let (n, nk) = (e.n, e.nk);
        let mut counts = vec![0u32; 2 * nk * n * n];
        let mut attacks = Vec::with_capacity(2 * nk * n);
        for c in 0..2 {
            for k in 0..nk {
                let (attack, moves) = empty_board_sets(e, c, k);
                attacks.extend_from_slice(&attack);
                let at = (c * nk + k) * n * n;
                if c == 1 && !e.kinds[k].pawn {
                    // Only a pawn's moves depend on its colour.
                    counts.copy_within(k * n * n..(k + 1) * n * n, at);
                    continue;
                }
                let promotes = |y: usize| e.kinds[k].pawn && e.last_rank[c].has(y);
                let (mut layer, mut next) = (vec![0u8; n], vec![0u8; n]);
                for s in 0..n {
                    let around = e.kinds[e.king as usize].leap[s];
                    let full = around.count() as u8;
                    // j = 0: from where it stands; then one more move at a time.
                    for (y, l) in layer.iter_mut().enumerate() {
                        *l = if promotes(y) {
                            full
                        } else {
                            (attack[y] & around).count() as u8
                        };
                    }
                    let row = &mut counts[at + s * n..at + (s + 1) * n];
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
        }
        FlightCover {
            n,
            nk,
            counts,
            attacks,
        }
    }
}

/// Per square, on an empty board: what a man of kind `k` and colour `c` attacks from it,
/// and where it can move from it (a pawn: one or two steps forward, or a capture).
fn empty_board_sets<B: Bits>(e: &Engine<B>, c: usize, k: usize) -> (Vec<B>, Vec<B>) {
    let n = e.n;
    let kt = &e.kinds[k];
    if kt.pawn {
        let attack: Vec<B> = e.pawn_cap[c].clone();
        let moves = (0..n)
            .map(|y| {
                let mut m = e.pawn_cap[c][y];
                let one = e.pawn_push[c][y];
                if one != NO_SQ {
                    m |= B::bit(one as usize);
                    let two = e.pawn_push[c][one as usize];
                    if two != NO_SQ {
                        m |= B::bit(two as usize);
                    }
                }
                m
            })
            .collect();
        return (attack, moves);
    }
    let attack: Vec<B> = (0..n)
        .map(|y| {
            let mut a = kt.leap[y];
            for &d in &kt.ride_dirs {
                a |= e.ray_flat[d as usize * n + y];
            }
            if kt.bent.is_some() {
                a |= e.bent_targets(k, y, B::EMPTY);
            }
            a
        })
        .collect();
    (attack.clone(), attack)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;

    #[test]
    fn a_rook_covers_three_neighbours_and_a_knight_two() {
        let e = Engine::<u64>::new(Rules::preset("shatranj").unwrap()).unwrap();
        let t = FlightCover::build(&e);
        let kind = |ch| e.rules.kind_of(ch).unwrap() as usize;
        let (r, n, q) = (kind('r'), kind('n'), kind('q'));
        let e4 = 28;
        // A rook on a1: from where it stands, e4's neighbours on neither line; one move
        // puts it on rank 3 or 5 or file d or f (three neighbours).
        assert_eq!(t.get(0, r, 0, e4, 0), 0);
        assert_eq!(t.get(0, r, 1, e4, 0), 3);
        // Two moves put it on a neighbour square (d3), where it attacks four others.
        assert_eq!(t.get(0, r, 2, e4, 0), 4);
        assert!((0..64).all(|x| t.get(0, r, 2, e4, x) <= 4));
        // A knight never attacks more than two of a king's neighbours.
        assert!((0..64).all(|x| t.get(0, n, 2, e4, x) <= 2));
        assert_eq!(t.get(0, n, 2, e4, 0), 2);
        // A ferz (shatranj `q`) on h8 needs two diagonal steps (to f6) to attack one of
        // e4's neighbours.
        assert_eq!(t.get(0, q, 0, e4, 63), 0);
        assert!(t.get(0, q, 2, e4, 63) >= 1);
        // A white pawn on a7 may promote next move: it counts as covering everything.
        let p = kind('p');
        assert_eq!(t.get(0, p, 1, e4, 48), 8);
        assert_eq!(t.get(0, p, 0, e4, 48), 0);
    }
}
