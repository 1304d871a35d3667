//! Counting the legal moves without listing them: perft's last ply, and the solver's
//! reply counts.
//!
//! The count is the length of the list `legal_moves` would give, reached by the same
//! tests (`Position::is_legal`) taken a target set at a time: a man that cannot be pinned
//! adds the size of its target set (cut to the evasion squares in check), the king's
//! steps are tested for attack, a pin candidate's moves are read from the occupancy one by
//! one, and only special moves (first-move leaps, castling, en passant) are played.

use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::movegen::{Legality, MoveList};
use crate::board::position::{Move, MoveKind, Position};

impl<B: Bits> Position<B> {
    /// Number of legal moves: the same number as `legal_moves` gives.
    ///
    /// Forced capture and stacks take the general path (list, then count).
    pub fn count_legal(&mut self) -> usize {
        let e = self.engine();
        if e.rules.forced_capture || e.rules.stacks_may_form || self.stacked.any() {
            let mut l = MoveList::new();
            self.legal_moves(&mut l);
            return l.len();
        }
        if self.bare_king_decided().is_some() {
            return 0;
        }
        let l = self.legality();
        let us = self.side;
        let them = us.flip();
        let own = self.occ_c[us.idx()];
        let not_own = e.board & !own;
        let mut n = 0usize;
        // Moves that must be played to be judged.
        let mut tries = MoveList::new();
        for (k, bb) in self.own_kinds() {
            if e.kinds[k].pawn {
                n += self.count_pawn_moves(k as u8, bb, &l, &mut tries);
                continue;
            }
            let mask = self.landing_mask(k, not_own);
            for from in bb.iter() {
                let t = self.man_targets(k, from) & mask;
                if k == e.king as usize {
                    let occ = self.occ ^ B::bit(l.ksq);
                    for to in t.iter() {
                        n += !self.attacked(to, them, occ) as usize;
                    }
                } else if l.pinned.has(from) {
                    for to in (t & l.evasion).iter() {
                        let m = Move::new(from, to, k as u8, MoveKind::Normal);
                        n += !self.exposes_king(m, l.ksq) as usize;
                    }
                } else {
                    n += (t & l.evasion).count() as usize;
                }
            }
        }
        if self.privileges.any() {
            self.privilege_moves(&mut tries, Some(l.in_check));
        }
        for &m in tries.as_slice() {
            n += self.is_legal(m, &l) as usize;
        }
        n
    }

    /// Pawn moves for `count_legal`: the pawns that cannot be pinned counted a whole set
    /// at a time (pushes, double steps, captures each way: every set has one move per
    /// pawn), a pin candidate's moves one by one, en passant queued in `tries`.
    fn count_pawn_moves(&self, pw: u8, bb: B, l: &Legality<B>, tries: &mut MoveList) -> usize {
        let e = &*self.eng;
        let us = self.side.idx();
        let enemy = self.occ_c[us ^ 1];
        let empty = e.board & !self.occ;
        let choices = self.promotion_choices();
        let last = e.last_rank[us];
        // Each move of a set counts once, or once per promotion choice on the last rank.
        let count = |t: B| {
            let t = t & l.evasion;
            let promo = t & last;
            (t ^ promo).count() as usize + promo.count() as usize * choices
        };
        if self.ep != NO_SQ {
            // The pawns that take en passant stand where an enemy pawn on the square
            // would take.
            for from in (e.pawn_cap[us ^ 1][self.ep as usize] & bb).iter() {
                tries.push(Move::new(from, self.ep as usize, pw, MoveKind::EnPassant));
            }
        }
        let mut n = 0;
        for from in (bb & l.pinned).iter() {
            let mut targets = e.pawn_cap[us][from] & enemy;
            let one = e.pawn_push[us][from];
            if one != NO_SQ && empty.has(one as usize) {
                targets |= B::bit(one as usize);
                let two = e.pawn_push[us][one as usize];
                if self.double_step_from(from) && two != NO_SQ && empty.has(two as usize) {
                    targets |= B::bit(two as usize);
                }
            }
            let mut safe = B::EMPTY;
            for to in (targets & l.evasion).iter() {
                if !self.exposes_king(Move::new(from, to, pw, MoveKind::Normal), l.ksq) {
                    safe |= B::bit(to);
                }
            }
            n += count(safe);
        }
        let free = bb & !l.pinned;
        if free.is_empty() {
            return n;
        }
        // Forward is up the indices for White, down for Black; a capture leaves its file
        // by one, so the men on the edge file it would leave by are left out.
        let w = e.geo.width as u32;
        let (ahead, left, right) = if us == 0 {
            (w, w - 1, w + 1)
        } else {
            (w, w + 1, w - 1)
        };
        let fwd = |b: B, k: u32| if us == 0 { b.shl(k) } else { b.shr(k) };
        let one = fwd(free, ahead) & empty;
        n += count(one);
        if e.rules.pawns.double_step {
            let first = fwd(free & self.privileges, ahead) & empty;
            n += count(fwd(first, ahead) & empty);
        }
        let edge_a = e.files[0];
        let edge_z = e.files[e.geo.width as usize - 1];
        n += count(fwd(free & !edge_a, left) & enemy);
        n += count(fwd(free & !edge_z, right) & enemy);
        n
    }

    /// May the pawn on `from` make a double step (the rules and its privilege)?
    #[inline(always)]
    fn double_step_from(&self, from: usize) -> bool {
        self.eng.rules.pawns.double_step && self.privileges.has(from)
    }
}
