//! Quick judges of battle play's obligations, asked before a node's moves are listed: a
//! selfmate's last Black move must mate with every one of its moves, so one legal move
//! that gives no check refutes; and the `#N` search's bounds, which rule out the goal
//! where its mating side cannot give check or take the flight squares in time.

use super::bounds::out_of_reach;
use super::goal::Target;
use super::stip::{Aim, Family};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, MoveKind, Position};

/// Has the side to move a legal move that gives no check (forced capture aside: under it
/// a move's legality depends on the others)? Under the bare-king rule a decided game
/// counts its men's moves: either way a selfmate's last move fails there.
pub(super) fn quiet_move_exists<B: Bits>(pos: &mut Position<B>) -> bool {
    if quiet_king_step(pos) {
        return true;
    }
    let mut list = MoveList::new();
    pos.pseudo_moves(&mut list);
    let legality = pos.legality();
    let info = pos.check_info();
    list.as_slice()
        .iter()
        .any(|&m| pos.is_legal(m, &legality) && !pos.gives_check_with(m, &info))
}

/// A step of the king, the usual quiet move, judged before the others are listed: legal
/// as [`Position::is_legal`] judges it (its square not attacked once the king has left),
/// giving no check once played. Not asked where stacks may form.
fn quiet_king_step<B: Bits>(pos: &mut Position<B>) -> bool {
    let (us, king, board) = (pos.side(), pos.eng.king, pos.eng.board);
    let kingless = pos.pieces[us.idx()][king as usize].is_empty();
    if kingless || pos.eng.rules.stacks_may_form || pos.stacked.any() {
        return false;
    }
    let them = us.flip();
    let ksq = pos.king_sq(us);
    let occ = pos.occupied() ^ B::bit(ksq);
    let steps = pos.man_targets(king as usize, ksq)
        & pos.landing_mask(king as usize, board & !pos.occ_c[us.idx()]);
    steps.iter().any(|to| {
        if pos.attacked(to, them, occ) {
            return false;
        }
        let m = Move::new(ksq, to, king, MoveKind::Normal);
        let u = pos.make(m);
        let check = pos.in_check();
        pos.unmake(m, u);
        !check
    })
}

/// Is the goal out of reach of the side that must reach it, White to move with `n`
/// moves left in `family` (in the self and reflex families Black mates, with `n` moves
/// of its own after White's; in direct play White, with `n` while Black makes `n - 1`)?
/// Only where [`super::bounds::bounds_apply`].
pub(super) fn goal_out_of_reach<B: Bits>(
    pos: &Position<B>,
    family: Family,
    aim: Target,
    n: u32,
) -> bool {
    let us = pos.side();
    match family {
        Family::Direct => out_of_reach(pos, aim, us, n, n - 1),
        Family::Self_ | Family::Reflex | Family::SemiReflex => {
            out_of_reach(pos, aim, us.flip(), n, n)
        }
        _ => false,
    }
}

/// Does a selfmate's last Black move (every one of its moves must mate) fail because
/// some legal move gives no check? Asked only for a mate aim without forced capture and
/// with no move barred (a barred quiet move refutes nothing).
pub(super) fn self_end_fails<B: Bits>(pos: &mut Position<B>, aim: Target) -> bool {
    aim == Aim::Mate
        && aim.bars.is_none()
        && !pos.eng.rules.forced_capture
        && quiet_move_exists(pos)
}
