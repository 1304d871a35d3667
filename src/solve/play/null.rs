//! The null move of series play and of the stalemate filter: the side to move passes,
//! and the pass is taken back.

use crate::board::bits::Bits;
use crate::board::position::Position;

/// What a null move changes: the side to move, the e.p. right, the hash.
pub(in crate::solve) struct Null {
    ep: u8,
    hash: u64,
}

/// Passes the move (the e.p. right lapses).
pub(in crate::solve) fn null<B: Bits>(pos: &mut Position<B>) -> Null {
    let undo = Null {
        ep: pos.ep,
        hash: pos.hash,
    };
    pos.pass();
    undo
}

/// Takes a null move back.
pub(in crate::solve) fn unnull<B: Bits>(pos: &mut Position<B>, n: Null) {
    pos.side = pos.side.flip();
    pos.ep = n.ep;
    pos.hash = n.hash;
}
