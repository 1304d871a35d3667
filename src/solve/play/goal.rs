//! The two predicates every search of this module asks: has the stipulation's goal been
//! reached (a fact of the board and the move rules), and has the game ended under the
//! rules (bare king, stalemate, kings only, the nine-move limit), which stops a line
//! whether or not its goal was reached. A goal position succeeds whatever the rules say
//! of the game (under shatranj `=` is reached although the rules score it a win for the
//! stalemater); a line that ends the game elsewhere fails.

use super::stip::Aim;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::position::Position;

/// Has the side to move no move under the rules of movement? Where a bare king has
/// already decided the game the legal-move generator lists nothing; the men's moves are
/// then tried one by one, so that a mate which also bares the king is a mate.
pub(super) fn immobile<B: Bits>(pos: &mut Position<B>) -> bool {
    if pos.bare_king_decided().is_none() {
        return !pos.has_legal_move();
    }
    let mut list = MoveList::new();
    pos.pseudo_moves(&mut list);
    let us = pos.side();
    !list.as_slice().iter().any(|&m| {
        let u = pos.make(m);
        let safe = !pos.attacked(pos.king_sq(us), us.flip(), pos.occupied());
        pos.unmake(m, u);
        safe
    })
}

/// Is the goal reached by the side to move (the side the goal is against)?
pub(super) fn reached<B: Bits>(pos: &mut Position<B>, aim: Aim) -> bool {
    let check = pos.in_check();
    match aim {
        Aim::Mate if !check => false,
        Aim::Stalemate if check => false,
        _ => immobile(pos),
    }
}

/// Has the game ended under the rules, given the side to move's legal moves? (A bare
/// king that cannot bare back at once counts as ended.)
pub(super) fn game_over<B: Bits>(pos: &mut Position<B>, legal: &MoveList) -> bool {
    pos.settled_outcome_with(legal) != Outcome::Ongoing
}

/// Can the side to move reach the goal in one move (the game not over first)? `legal`
/// holds its legal moves. For a mate only checking moves are played out.
pub(super) fn goal_in_one<B: Bits>(pos: &mut Position<B>, legal: &MoveList, aim: Aim) -> bool {
    legal.as_slice().iter().any(|&m| {
        let u = pos.make(m);
        let ok = (aim != Aim::Mate || pos.in_check()) && reached(pos, aim);
        pos.unmake(m, u);
        ok
    })
}
