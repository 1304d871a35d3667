//! perft: counting the leaves of the legal move tree, the standard test of a move generator.
//!
//! Convention (as Fairy-Stockfish): a position already decided by the bare-king rule has
//! no legal moves, so a move into it is counted at the last ply but never expanded.
//! Checkmate and stalemate have no moves anyway. The last ply is counted in bulk (the
//! number of legal moves, from the target sets: `Position::count_legal`) without playing
//! or even listing the moves.

use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};
use rayon::prelude::*;

/// Leaves of the legal move tree of depth `depth`.
pub fn perft<B: Bits>(pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut n = 0;
    for &m in list.as_slice() {
        let u = pos.make(m);
        n += perft(pos, depth - 1);
        pos.unmake(m, u);
    }
    n
}

/// perft per root move, the root moves spread over rayon's threads.
pub fn divide<B: Bits>(pos: &Position<B>, depth: u32) -> Vec<(Move, u64)> {
    let mut p = pos.clone();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    if depth == 0 {
        return vec![];
    }
    divide_moves(pos, list.as_slice(), depth)
}

/// perft under each of `moves` (legal moves of `pos`) to `depth` plies in all (at least
/// 1), the moves spread over rayon's threads.
pub fn divide_moves<B: Bits>(pos: &Position<B>, moves: &[Move], depth: u32) -> Vec<(Move, u64)> {
    moves
        .par_iter()
        .map(|&m| {
            let mut q = pos.clone();
            q.make(m);
            (m, perft(&mut q, depth - 1))
        })
        .collect()
}

/// perft per root move, each move under the name `name` gives it, sorted by name; and
/// the total.
pub fn divide_named<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    name: impl Fn(&Move) -> String,
) -> (u64, Vec<(String, u64)>) {
    let mut rows: Vec<(String, u64)> = divide(pos, depth)
        .iter()
        .map(|(m, n)| (name(m), *n))
        .collect();
    rows.sort();
    (rows.iter().map(|x| x.1).sum(), rows)
}

/// Total perft with the root moves in parallel.
pub fn perft_parallel<B: Bits>(pos: &Position<B>, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    divide(pos, depth).iter().map(|x| x.1).sum()
}
