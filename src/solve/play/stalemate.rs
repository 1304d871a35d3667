//! Which moves may stalemate. A move that must leave the other side without a legal
//! move must take away each move that side would have if it were its turn; a move that
//! leaves one of them legal need not be played.
//!
//! Take a legal move `b` of a man other than the king, by the side to be stalemated, on
//! the board as it stands (as if it were that side's turn). One move `w` of the other
//! side can take `b` away only by standing in its way or by exposing the king to it:
//! capturing the man on `b`'s square `x`, landing on its target `t` or on a square it
//! passes, moving away the man `b` captures (a pawn captures only where a man stands),
//! or landing on or leaving a line from the king through `x` (a pin, made or uncovered).
//! A `w` that gives check stalemates nothing. Every other `w` leaves `b` legal, so it is
//! not a stalemate, and need not be played. Castling, en passant and the joint leap,
//! which move or take a second man, are always played.
//!
//! The argument needs every move's legality to depend on these squares alone: it is
//! made only where the `#N` search's bounds apply (no forced capture, under which a
//! capture offered makes every other move illegal; no stacks; a king that steps like
//! one), not with bent riders (whose pins run off the lines), and only for `b` an
//! ordinary move or a pawn's double step (a first-move leap of a king or queen, and en
//! passant, depend on more than the board).

use super::bounds::ended;
use super::null::{null, unnull};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, MoveKind, Position};

/// The squares one move must touch to take one of the stalemated side's moves away:
/// land on one of `to`, or leave one of `from`.
#[derive(Clone, Copy, Debug)]
struct Stop<B> {
    to: B,
    from: B,
}

impl<B: Bits> Stop<B> {
    /// Does `w`, a move of the stalemating side, take the move away (or may it, being a
    /// move of two men or an en passant capture)?
    #[inline]
    fn stopped_by(&self, w: &Move) -> bool {
        matches!(
            w.flag,
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Joint
        ) || self.to.has(w.to as usize)
            || self.from.has(w.from as usize)
    }
}

/// Keeps in `list`, the moves of the side to move, only those that may stalemate: the
/// ones that take away every move of the other side's men other than its king. Where
/// the argument does not hold, keeps them all.
pub(super) fn keep_stalemating<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) {
    if !pos.eng.bent_kinds.is_empty() || pos.stacked.any() {
        return;
    }
    // The other side's moves as if it were its turn; the board is put back as it was.
    let undo = null(pos);
    if pos.bare_king_decided().is_none() {
        keep_stopping(pos, list);
    }
    unnull(pos, undo);
}

/// The legal moves of the side to move that may stalemate ([`keep_stalemating`]), into
/// `list`: the filter goes first, and only the moves it keeps are asked whether they are
/// legal. False when there is none, or when the game is over here. Only where the `#N`
/// search's bounds apply (no forced capture, which needs every capture listed first).
pub(super) fn stalemating_moves<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) -> bool {
    list.clear();
    if pos.bare_king_decided().is_some() {
        return false;
    }
    pos.pseudo_moves(list);
    keep_stalemating(pos, list);
    let legality = pos.legality();
    list.retain(|&m| pos.is_legal(m, &legality));
    !list.is_empty() && !ended(pos, list)
}

/// Keeps in `list` the moves that stop each legal move of the side to move's men other
/// than its king. A move is asked whether it is legal only when it would take a move out
/// of `list` (after the first few, `list` is mostly empty); under forced capture, where
/// legality hangs on the captures the other moves offer, the legal ones are listed first.
fn keep_stopping<B: Bits>(pos: &mut Position<B>, list: &mut MoveList) {
    let king = pos.eng.king;
    let not_the_king = |_: &Position<B>, k: usize, _: usize, t: B| {
        if k == king as usize {
            B::EMPTY
        } else {
            t
        }
    };
    let mut theirs = MoveList::new();
    let listed_legal = pos.eng.rules.forced_capture;
    if listed_legal {
        pos.legal_moves_where(&mut theirs, not_the_king);
    } else {
        pos.pseudo_moves_kept(&mut theirs, not_the_king);
    }
    let legality = pos.legality();
    let ksq = pos.king_sq(pos.side);
    for &b in theirs.as_slice() {
        if b.piece == king || !matches!(b.flag, MoveKind::Normal | MoveKind::DoubleStep) {
            continue;
        }
        let stop = stop_of(pos, &b, ksq);
        if list.as_slice().iter().all(|w| stop.stopped_by(w))
            || !(listed_legal || pos.is_legal(b, &legality))
        {
            continue;
        }
        list.retain(|w| stop.stopped_by(w));
        if list.is_empty() {
            break;
        }
    }
}

/// The squares that stop `b`, a move of the side to move in `pos` whose king is on `ksq`.
fn stop_of<B: Bits>(pos: &Position<B>, b: &Move, ksq: usize) -> Stop<B> {
    let e = &*pos.eng;
    let (x, t) = (b.from as usize, b.to as usize);
    let pin = pin_lines(pos, x, ksq);
    let mut to = B::bit(x) | B::bit(t) | between(pos, x, t) | pin;
    let mut from = pin;
    if pos.occ_c[pos.side().flip().idx()].has(t) {
        from |= B::bit(t);
    }
    if b.flag == MoveKind::DoubleStep {
        let a = pos.side().idx();
        let mid = e.pawn_push[a][x];
        if mid != crate::board::engine::NO_SQ {
            to |= B::bit(mid as usize);
        }
    }
    Stop { to, from }
}

/// The squares strictly between `x` and `t` on a ride from `x` (empty for a leap).
fn between<B: Bits>(pos: &Position<B>, x: usize, t: usize) -> B {
    let e = &*pos.eng;
    let n = e.n;
    for d in 0..e.dirs.len() {
        let ray = e.ray_flat[d * n + x];
        if ray.has(t) {
            return ray & !e.ray_flat[d * n + t] & !B::bit(t);
        }
    }
    B::EMPTY
}

/// Every square of each line from the king on `ksq` that runs through `x` (in any
/// direction some man rides), where a man landing or leaving may pin the man on `x`.
fn pin_lines<B: Bits>(pos: &Position<B>, x: usize, ksq: usize) -> B {
    let e = &*pos.eng;
    let n = e.n;
    let mut lines = B::EMPTY;
    for d in 0..e.dirs.len() {
        let ray = e.ray_flat[d * n + ksq];
        if ray.has(x) {
            lines |= ray;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bits::U256;
    use crate::board::engine::Engine;
    use crate::board::rules::Rules;
    use crate::solve::play::bounds::bounds_apply;
    use crate::solve::play::goal::{reached, Target};
    use crate::solve::play::stip::Aim;
    use crate::solve::reach::testkit::{random_position, Rng};
    use std::sync::Arc;

    /// On random positions, White to move: every White move that stalemates is kept,
    /// and the filter sets some aside. Returns (positions, stalemates, set aside).
    fn keeps_every_stalemate<B: Bits>(preset: &str, sets: &[&str], seed: u64) -> [usize; 3] {
        let eng = Arc::new(Engine::<B>::new(Rules::preset(preset).unwrap()).unwrap());
        let mut rng = Rng(seed);
        let mut seen = [0; 3];
        for i in 0..60_000 {
            let mut pos = random_position(&eng, &mut rng, sets[i % sets.len()], true);
            let black = pos.side.flip();
            if !bounds_apply(&pos) || pos.attacked(pos.king_sq(black), pos.side, pos.occ) {
                continue;
            }
            let mut all = MoveList::new();
            pos.legal_moves(&mut all);
            let mut kept = MoveList::new();
            pos.legal_moves(&mut kept);
            let fen = pos.to_fen();
            keep_stalemating(&mut pos, &mut kept);
            assert_eq!(pos.to_fen(), fen, "the board is put back");
            seen[0] += 1;
            for w in all.as_slice() {
                let u = pos.make(*w);
                let stalemate = reached(&mut pos, Target::plain(Aim::Stalemate));
                pos.unmake(*w, u);
                let keeps = kept.as_slice().contains(w);
                assert!(keeps || !stalemate, "{preset} {fen}: {w:?} stalemates");
                seen[1] += stalemate as usize;
                seen[2] += !keeps as usize;
            }
        }
        seen
    }

    #[test]
    fn every_stalemating_move_is_kept() {
        // Black: a king with a few pawns and a man; White: enough men to hem them in.
        let runs = [
            keeps_every_stalemate::<u64>(
                "orthodox",
                &["KQRkpp", "KRBPkpn", "KQQkp", "KQRRkb", "KQQRkr"],
                1,
            ),
            keeps_every_stalemate::<u64>("shatranj", &["KRNkpp", "KRQBkpq", "KRRRkp"], 2),
            keeps_every_stalemate::<u64>("long-assize", &["KRRQPkp", "KRRNkbp", "KRRRkp"], 3),
            keeps_every_stalemate::<u128>("courier", &["KRFWkpp", "KRRRkp"], 4),
            keeps_every_stalemate::<U256>("grant-acedrex", &["KRLkp"], 5),
        ];
        eprintln!("positions, stalemates, set aside: {runs:?}");
        for (i, [positions, stalemates, aside]) in runs.into_iter().enumerate().take(4) {
            assert!(
                positions > 10_000 && stalemates > 20 && aside > positions,
                "run {i}: {positions} positions, {stalemates} stalemates, {aside} set aside"
            );
        }
    }
}
