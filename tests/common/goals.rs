//! The goals of play by their definitions, for the brute-force references: no move by the
//! rules of movement (every pseudo-legal move tried), mate and stalemate from it, a game
//! the rules have settled, and a goal reachable in one move.

use mansuba::board::bits::Bits;
use mansuba::board::movegen::MoveList;
use mansuba::board::outcome::Outcome;
use mansuba::board::position::Position;
use mansuba::solve::Aim;

/// Can the side to move not move, by the rules of movement (a bare king's game over
/// aside)? Every pseudo-legal move is tried.
pub fn stuck<B: Bits>(p: &mut Position<B>) -> bool {
    let mut l = MoveList::new();
    p.pseudo_moves(&mut l);
    let us = p.side();
    !l.as_slice().iter().any(|&m| {
        let u = p.make(m);
        let safe = !p.attacked(p.king_sq(us), us.flip(), p.occupied());
        p.unmake(m, u);
        safe
    })
}

/// Has the side to move reached `aim` against itself (mated, stalemated)?
pub fn goal<B: Bits>(p: &mut Position<B>, aim: Aim) -> bool {
    let check = p.in_check();
    match aim {
        Aim::Mate => check && stuck(p),
        Aim::Stalemate => !check && stuck(p),
        Aim::MateOrStalemate => stuck(p),
    }
}

/// Is the game over by the rules before any move?
pub fn over<B: Bits>(p: &mut Position<B>) -> bool {
    p.settled_outcome() != Outcome::Ongoing
}

/// Has the side to move a legal move that reaches `aim` against the other side?
pub fn goal_in_one<B: Bits>(p: &mut Position<B>, aim: Aim) -> bool {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    l.as_slice().iter().any(|&m| {
        let u = p.make(m);
        let g = goal(p, aim);
        p.unmake(m, u);
        g
    })
}
