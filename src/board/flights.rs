//! The flight-cover table of an engine ([`crate::board::cover`]), built from its rules on
//! first use and kept in the engine.

use crate::board::bits::Bits;
use crate::board::cover::FlightCover;
use crate::board::engine::{Engine, NO_SQ};

/// The engine's flight-cover table, built on the first call.
pub fn flight_cover<B: Bits>(e: &Engine<B>) -> &FlightCover<B> {
    e.flight_cover.get_or_init(|| {
        let sets: Vec<_> = (0..2)
            .flat_map(|c| (0..e.nk).map(move |k| (c, k)))
            .map(|(c, k)| empty_board_sets(e, c, k))
            .collect();
        let pawn: Vec<bool> = e.kinds.iter().map(|k| k.pawn).collect();
        let mut promoted: Vec<usize> = (e.promo_kinds.iter().chain(&e.promo_by_file))
            .map(|&k| k as usize)
            .collect();
        promoted.sort_unstable();
        promoted.dedup();
        FlightCover::build(
            (e.n, e.nk, crate::board::engine::REACH),
            &e.kinds[e.king as usize].leap,
            &sets,
            (&pawn, &promoted),
            e.last_rank,
        )
    })
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
        let t = flight_cover(&e);
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
        // A white pawn on a7 may promote next move, to a ferz on a8 or b8, which attacks
        // none of e4's neighbours; one on e7 becomes a ferz on its last rank, which two
        // steps later (on e6) attacks two of them, d5 and f5.
        let p = kind('p');
        assert_eq!(t.get(0, p, 1, e4, 48), 0);
        assert_eq!(t.get(0, p, 0, e4, 48), 0);
        assert_eq!(t.get(0, p, 2, e4, 52), 0);
        assert_eq!(t.get(0, p, 3, e4, 52), 2);
        // Where it stands after its moves: a pawn on a7 stands on a8 or b8 as a ferz
        // after one, and on b7 after two (a8, then a ferz step).
        let a8b8 = (1u64 << 56) | (1 << 57);
        assert_eq!(t.within(0, p, 1, 48) & !(1u64 << 48), a8b8);
        assert!(t.within(0, p, 2, 48) & (1 << 49) != 0);
        assert_eq!(t.within(0, r, 1, 0), 0x0101_0101_0101_01ff);
    }
}
