//! Does a legal move of the attacker's mate? Judged from attack maps before the move is
//! made (the shogi solvers' one-ply mate test, after Kaneko et al., "df-pn with
//! fixed-depth search at frontier nodes", GPW 2005: escapes, captures of the checker and
//! interpositions read from attack sets, pins included).
//!
//! After the move the attacker's men are those of the board with the moved man lifted
//! from its square and standing, as what it becomes, on the square it lands on; the
//! occupancy is the board's with the one square emptied and the other filled. A square is
//! attacked after the move when a man of the board other than the moved one attacks it
//! with that occupancy (lines the move opens or closes counted), or the moved man does
//! from where it lands. Then, as [`Position::has_legal_move`] asks on the board:
//!
//! - no check: not a mate;
//! - a step of the king's to a square not held by its own men and not attacked once it
//!   has left its square (the checker taken, if unguarded): not a mate;
//! - in check by one man (or by lines that share squares): a move of another man of the
//!   defender's onto a square that stops every check (taking the checker, standing on
//!   its line or a bent rider's route), after which its king is not attacked (a pinned
//!   man's move, one that opens a line, fails here): not a mate;
//! - else a mate.
//!
//! Where the test would be unsound it stands aside (`None`) and the move is played:
//! stacks (a king could step onto its own man, men move off a stack), forced capture and
//! dice (the caller's mate in one is not asked under them: said once here rather than
//! judged), a bare king (the capture that bares it ends the game another way, under
//! rules where that wins), a first-move privilege of the defender's other than a pawn's
//! double step (a king's leap, castling, a queen's leap), a pawn's step onto the last
//! rank (whether it may promote or wait depends on the men on the board), and any move of
//! the attacker's with a flag (a double step that allows en passant, castling, a leap).

use crate::board::bits::Bits;
use crate::board::engine::{MAX_KINDS, NO_SQ};
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::BareKingRule;

/// May [`mates`] answer in this position at all (fixed for every move of the node)?
pub(crate) fn applies<B: Bits>(pos: &Position<B>) -> bool {
    let e = &*pos.eng;
    let d = pos.side.flip().idx();
    let pawns = e.pawn.map_or(B::EMPTY, |p| pos.pieces[d][p as usize]);
    !pos.stacked.any()
        && !e.rules.stacks_may_form
        && !e.rules.forced_capture
        && e.rules.dice.is_none()
        && (pos.privileges & pos.occ_c[d] & !pawns).is_empty()
}

/// The position after the attacker's move, as far as the test needs it.
struct After<'p, B: Bits> {
    pos: &'p Position<B>,
    attacker: Color,
    /// The moved man's square before and after, and what it is once it lands.
    from: usize,
    to: usize,
    becomes: usize,
}

impl<B: Bits> After<'_, B> {
    /// Is `sq` attacked by the attacker's men, the occupancy being `occ` and the men on
    /// `taken` captured?
    #[inline]
    fn hit(&self, sq: usize, occ: B, taken: B) -> bool {
        let p = self.pos;
        p.attacked_skip(sq, self.attacker, occ, B::bit(self.from) | taken)
            || (!taken.has(self.to)
                && p.man_attacks_with(self.attacker, self.becomes, self.to, occ)
                    .has(sq))
    }
}

/// Does the legal move `m` of the side to move mate? `Some(true)` a mate, `Some(false)`
/// not (no check, or the defender has a legal move), `None` where the test stands aside
/// (see the module text; [`applies`] must hold).
pub(crate) fn mates<B: Bits>(pos: &Position<B>, m: &Move) -> Option<bool> {
    let e = &*pos.eng;
    if m.flag != MoveKind::Normal || m.from2 != NO_SQ {
        return None;
    }
    let (a, d) = (pos.side, pos.side.flip());
    let (from, to) = (m.from as usize, m.to as usize);
    let becomes = usize::from(m.promo.unwrap_or(m.piece));
    let captured = pos.occ_c[d.idx()].has(to);
    let bare = !matches!(e.rules.bare_king, BareKingRule::Off | BareKingRule::NotAWin);
    if becomes >= MAX_KINDS
        || (bare && (pos.men[d.idx()] <= 1 + u16::from(captured) || pos.men[a.idx()] <= 1))
    {
        return None;
    }
    let ksq = pos.king_sq(d);
    let occ = (pos.occ & !B::bit(from)) | B::bit(to);
    let after = After {
        pos,
        attacker: a,
        from,
        to,
        becomes,
    };
    if !after.hit(ksq, occ, B::EMPTY) {
        return Some(false);
    }
    // The men of each side after the move.
    let mut theirs = pos.pieces[a.idx()];
    theirs[m.piece as usize] &= !B::bit(from);
    theirs[becomes] |= B::bit(to);
    let their_occ = (pos.occ_c[a.idx()] & !B::bit(from)) | B::bit(to);
    let own = pos.occ_c[d.idx()] & !B::bit(to);
    // The king's steps.
    let king = e.king as usize;
    let steps = pos.man_attacks_with(d, king, ksq, occ) & !own & e.board;
    let lifted = occ ^ B::bit(ksq);
    if steps
        .iter()
        .any(|s| !after.hit(s, lifted, B::bit(s) & their_occ))
    {
        return Some(false);
    }
    let stop = pos.evasions_in(ksq, d, &theirs, occ);
    if stop.is_empty() {
        return Some(true);
    }
    let (di, pawn) = (d.idx(), e.pawn.map(usize::from));
    for k in (0..e.nk).filter(|&k| k != king) {
        let men = pos.pieces[di][k] & !B::bit(to);
        for s in men.iter() {
            let targets = if Some(k) == pawn {
                pawn_targets(pos, d, s, occ, their_occ)
            } else {
                let mut t = pos.man_attacks_with(d, k, s, occ) & !own & e.board;
                if e.kinds[k].no_capture_same_kind {
                    t &= !theirs[k];
                }
                t
            } & stop;
            if Some(k) == pawn && targets.intersects(e.last_rank[di]) {
                return None;
            }
            for t in targets.iter() {
                let occ2 = (occ & !B::bit(s)) | B::bit(t);
                if !after.hit(ksq, occ2, B::bit(t) & their_occ) {
                    return Some(false);
                }
            }
        }
    }
    Some(true)
}

/// The squares the defender's pawn on `s` may move to after the attacker's move (as
/// [`Position::pawn_moves`] finds them; no en passant, which only a double step allows).
fn pawn_targets<B: Bits>(pos: &Position<B>, d: Color, s: usize, occ: B, their_occ: B) -> B {
    let e = &*pos.eng;
    let mut t = e.pawn_cap[d.idx()][s] & their_occ;
    let one = e.pawn_push[d.idx()][s];
    if one != NO_SQ && !occ.has(one as usize) {
        t |= B::bit(one as usize);
        if pos.privileges.has(s) && e.rules.pawns.double_step {
            let two = e.pawn_push[d.idx()][one as usize];
            if two != NO_SQ && !occ.has(two as usize) {
                t |= B::bit(two as usize);
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::engine::Engine;
    use crate::board::movegen::MoveList;
    use crate::board::rules::Rules;
    use std::sync::Arc;

    /// The static answer for the legal move `from`-`to` of `fen` (English rules of 1650,
    /// the orthodox men), with the test's own position check.
    fn judged(fen: &str, from: &str, to: &str) -> Option<bool> {
        let eng = Arc::new(Engine::<u64>::new(Rules::preset("english-1650").unwrap()).unwrap());
        let mut pos = Position::from_fen(eng.clone(), fen).unwrap();
        assert!(applies(&pos), "{fen}");
        let (f, t) = (eng.geo.parse(from).unwrap(), eng.geo.parse(to).unwrap());
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let m = *list
            .as_slice()
            .iter()
            .find(|m| m.from == f && m.to == t)
            .expect("a legal move");
        mates(&pos, &m)
    }

    /// The back-rank mate and its defences: an interposition, the same interposer pinned,
    /// a capture of the checker, a flight square the checker's line does not reach; a
    /// move that gives no check; a discovered check (the bishop leaves the rook's line,
    /// which then holds f8 and, through the king's square, h8).
    #[test]
    fn interpositions_pins_captures_and_flights() {
        let cases = [
            ("6k1/5ppp/8/8/8/8/8/R5K1", "a1", "a8", Some(true)),
            ("6k1/5npp/8/8/8/8/8/R5K1", "a1", "a8", Some(false)),
            ("6k1/5npp/8/8/2B5/8/8/R5K1", "a1", "a8", Some(true)),
            ("6k1/5ppp/8/8/4b3/8/8/R5K1", "a1", "a8", Some(false)),
            ("6k1/5pp1/8/8/8/8/8/R5K1", "a1", "a8", Some(false)),
            ("6k1/5ppp/8/8/8/8/8/R5K1", "a1", "a7", Some(false)),
            ("R3B1k1/5ppp/8/8/8/8/8/6K1", "e8", "b5", Some(true)),
        ];
        for (board, from, to, want) in cases {
            let fen = format!("{board} w - - 0 1");
            assert_eq!(judged(&fen, from, to), want, "{fen} {from}-{to}");
        }
    }
}
