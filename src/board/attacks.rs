//! Attack detection: is a square attacked, does a move give check, which men may be
//! pinned, and whether a bare king has already decided the game.

use crate::board::bits::Bits;
use crate::board::engine::MAX_KINDS;
use crate::board::piece::Color;
use crate::board::position::{Move, MoveKind, Position};
use crate::board::rules::BareKingRule;

/// The squares of the men whose kinds are in `mask` (bit k: kind k), from one colour's
/// per-kind sets.
#[inline]
pub(crate) fn men_of<B: Bits>(mask: u16, men: &[B; MAX_KINDS]) -> B {
    let mut all = B::EMPTY;
    let mut m = mask;
    while m != 0 {
        all |= men[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    all
}

/// What a position knows about the checks its side to move can give (see
/// [`Position::check_info`]).
#[derive(Clone, Copy)]
pub struct CheckInfo<B: Bits> {
    /// Our men that alone stand between one of our riders and the enemy king.
    pub(crate) disc: B,
    /// Per kind that rides in opposite pairs: the squares from which it rides to the king.
    pub(crate) ride: [B; MAX_KINDS],
    /// Per kind whose bit is set in `direct_known`: every square from which a man of that
    /// kind checks the king by its own attack (a symmetric leaper's leaps from the king's
    /// square, a pure rider's rides from there; for the pawns, the enemy pawns' captures
    /// from there).
    direct: [B; MAX_KINDS],
    /// The kinds whose `direct` squares are worked out: the pawns, the symmetric leapers
    /// and the pure riders (see `Engine::pure_rider`), on a board without stacks or bent
    /// riders. A kind that both leaps and rides is worked out move by move.
    direct_known: u32,
}

impl<B: Bits> Position<B> {
    /// True when `sq` is attacked by a man of colour `by`, given occupancy `occ`.
    #[inline(always)]
    pub fn attacked(&self, sq: usize, by: Color, occ: B) -> bool {
        self.attacked_skip(sq, by, occ, B::EMPTY)
    }

    /// [`Self::attacked`] with the men of `by` on the squares of `skip` left out (taken
    /// by a move being tested).
    #[inline(always)]
    pub(crate) fn attacked_skip(&self, sq: usize, by: Color, occ: B, skip: B) -> bool {
        let e = &*self.eng;
        let mine = &self.pieces[by.idx()];
        let keep = !skip;
        let n = e.n;
        if (e.leap_union[sq] & self.occ_c[by.idx()] & keep).any() {
            for &k in &e.leapers {
                let k = k as usize % MAX_KINDS;
                if (e.leap_flat[k * n + sq] & mine[k] & keep).any() {
                    return true;
                }
            }
        }
        if let Some(pw) = e.pawn {
            if (e.pawn_cap[by.flip().idx()][sq] & mine[pw as usize] & keep).any() {
                return true;
            }
        }
        if self.rider_attacks(sq, by, occ, skip) {
            return true;
        }
        for &k in &e.bent_kinds {
            let k = k as usize;
            for s in (mine[k] & e.bent.reach[k * n + sq] & keep).iter() {
                if e.bent_attacks(k, s, sq, occ) {
                    return true;
                }
            }
        }
        false
    }

    /// The squares a man of colour `c` and kind `k` on `from` attacks given occupancy
    /// `occ` (a pawn its capture squares; first blockers included).
    pub(crate) fn man_attacks_with(&self, c: Color, k: usize, from: usize, occ: B) -> B {
        let e = &*self.eng;
        let kt = &e.kinds[k];
        if kt.pawn {
            return e.pawn_cap[c.idx()][from];
        }
        let mut t = e.leap_flat[k * e.n + from];
        for &d in &kt.ride_dirs {
            t |= e.ray_targets(d as usize, from, occ);
        }
        if kt.bent.is_some() {
            t |= e.bent_targets(k, from, occ);
        }
        t
    }

    /// True when a straight rider of colour `by` (other than one on a square of `skip`)
    /// attacks `sq` given occupancy `occ`.
    #[inline]
    pub(crate) fn rider_attacks(&self, sq: usize, by: Color, occ: B, skip: B) -> bool {
        let e = &*self.eng;
        let mine = &self.pieces[by.idx()];
        let n = e.n;
        for (mask, dirs) in &e.dir_groups {
            let riders = men_of(*mask, mine) & !skip;
            if riders.is_empty() {
                continue;
            }
            for &d in dirs {
                let ray = e.ray_flat[d as usize * n + sq];
                if (ray & riders).is_empty() {
                    continue;
                }
                let r = ray & occ;
                if r.any() {
                    let b = if e.dir_up[d as usize] {
                        r.lsb()
                    } else {
                        r.msb()
                    };
                    if riders.has(b) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// What a position knows once about the checks its side to move can give, so that
    /// asking [`Self::gives_check_with`] about each move costs a few bit tests where it
    /// used to cost a scan of every line to the king (half the time of a solve whose
    /// every move is ordered by whether it checks).
    pub fn check_info(&self) -> CheckInfo<B> {
        let e = &*self.eng;
        let us = self.side.idx();
        let ksq = self.king_sq(self.side.flip());
        let mut info = CheckInfo {
            disc: B::default(),
            ride: [B::default(); MAX_KINDS],
            direct: [B::default(); MAX_KINDS],
            direct_known: 0,
        };
        let plain = !self.stacked.any() && e.bent_kinds.is_empty();
        // The squares from which each kind rides to the king: its own rides from there
        // (only for kinds the side has: a promotion is judged by its rides from where it
        // lands).
        for (k, kt) in e.kinds.iter().enumerate().take(MAX_KINDS) {
            if !self.pieces[us][k].any() {
                continue;
            }
            if e.sym_rider[k] {
                for &d in &kt.ride_dirs {
                    info.ride[k] |= e.ray_targets(d as usize, ksq, self.occ);
                }
            }
            if !plain {
                continue;
            }
            if kt.pawn {
                // A pawn takes one step diagonally forward, so ours checks from the
                // squares an enemy pawn on the king's square would take on.
                info.direct[k] = e.pawn_cap[us ^ 1][ksq];
                info.direct_known |= 1 << k;
            } else if e.sym_leaper[k] {
                info.direct[k] = e.leap_flat[k * e.n + ksq];
                info.direct_known |= 1 << k;
            } else if e.pure_rider[k] {
                info.direct[k] = info.ride[k];
                info.direct_known |= 1 << k;
            }
        }
        // Our men that alone stand between one of our riders and the king: only moving
        // one of them can uncover a check by another man.
        for (mask, dirs) in &e.dir_groups {
            let riders = men_of(*mask, &self.pieces[us]);
            if riders.is_empty() {
                continue;
            }
            for &d in dirs {
                let ray = e.ray_flat[d as usize * e.n + ksq];
                if (ray & riders).is_empty() {
                    continue;
                }
                let up = e.dir_up[d as usize];
                let nearest = |r: B| if up { r.lsb() } else { r.msb() };
                let r = ray & self.occ;
                let b1 = nearest(r);
                if !self.occ_c[us].has(b1) {
                    continue;
                }
                let r2 = r & !B::bit(b1);
                if r2.any() && riders.has(nearest(r2)) {
                    info.disc |= B::bit(b1);
                }
            }
        }
        info
    }

    /// Does the legal move `m` give check? See [`Self::gives_check_with`].
    pub fn gives_check(&mut self, m: Move) -> bool {
        let info = self.check_info();
        self.gives_check_with(m, &info)
    }

    /// Does the legal move `m` give check, `info` being this position's
    /// [`Self::check_info`]? Answered from the tables for ordinary moves (the moved man's
    /// own attack, or a rider's line it opens); castling, leaps, en passant, promotions,
    /// stacks and bent riders are played on the board instead.
    ///
    /// The rides to the king were found with the man still on `from`; that never hides a
    /// check from `to`: a line through both squares and the king is one the man rides
    /// along, and standing nearest the king on it, it would be giving check already.
    #[inline]
    pub fn gives_check_with(&mut self, m: Move, info: &CheckInfo<B>) -> bool {
        // The usual case in two bit tests: an ordinary move (or a pawn's double step) of
        // a man whose checking squares are known, from a square on no rider's line to
        // the king.
        let k = m.piece as usize;
        if m.flag <= MoveKind::DoubleStep
            && m.promo.is_none()
            && k < MAX_KINDS
            && info.direct_known & (1 << k) != 0
            && !info.disc.has(m.from as usize)
        {
            return info.direct[k].has(m.to as usize);
        }
        self.gives_check_worked_out(m, info)
    }

    /// [`Self::gives_check_with`] in full.
    #[inline(never)]
    fn gives_check_worked_out(&mut self, m: Move, info: &CheckInfo<B>) -> bool {
        let e = self.engine();
        let us = self.side;
        let plain =
            m.flag <= MoveKind::DoubleStep && !self.stacked.any() && e.bent_kinds.is_empty();
        if !plain {
            let u = self.make(m);
            let c = self.in_check();
            self.unmake(m, u);
            return c;
        }
        let ksq = self.king_sq(us.flip());
        // A promotion checks as the man it becomes, from the square it lands on.
        let k = m.promo.unwrap_or(m.piece);
        let (from, to, k) = (m.from as usize, m.to as usize, k as usize);
        let occ = (self.occ & !B::bit(from)) | B::bit(to);
        let kt = &e.kinds[k];
        if kt.pawn {
            if e.pawn_cap[us.idx()][to].has(ksq) {
                return true;
            }
        } else {
            if e.leap_flat[k * e.n + to].has(ksq) {
                return true;
            }
            // (The lines from the king are worked out only for the kinds on the board.)
            if k < MAX_KINDS && e.sym_rider[k] && m.promo.is_none() {
                if info.ride[k].has(to) {
                    return true;
                }
            } else {
                for &d in &kt.ride_dirs {
                    if e.ray_targets(d as usize, to, occ).has(ksq) {
                        return true;
                    }
                }
            }
        }
        // A line opened by the move (the moved man itself was judged above): only where
        // the man stood alone on a rider's line to the king.
        info.disc.has(from) && self.rider_attacks(ksq, us, occ, B::bit(from))
    }

    /// True when the position is already decided by the bare-king rule (no moves remain).
    ///
    /// Per colour c: the game is over when c has only its king and the opponent has at
    /// least 2 men, or (with the bared-back rule) 2 + 1 if c is to move, so that a bare
    /// side facing king and one man still gets its reply.
    #[inline]
    pub fn bare_king_decided(&self) -> Option<Color> {
        let rule = self.eng.rules.bare_king;
        let extra = match rule {
            BareKingRule::Off | BareKingRule::NotAWin => return None,
            BareKingRule::Win | BareKingRule::InferiorWin => 0,
            BareKingRule::WinUnlessBaredBack => 1,
        };
        for c in [Color::White, Color::Black] {
            if self.men[c.idx()] == 1 {
                let need = 2 + if c == self.side { extra } else { 0 };
                if self.men[c.flip().idx()] >= need {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Men of the side to move that stand alone on an enemy bent rider's route to their
    /// king (`ksq`): moving one would open the route.
    pub(crate) fn bent_pins(&self, ksq: usize) -> B {
        let e = &*self.eng;
        let theirs = &self.pieces[self.side.flip().idx()];
        let own = self.occ_c[self.side.idx()];
        let mut pinned = B::EMPTY;
        for &k in &e.bent_kinds {
            let k = k as usize;
            for s in (theirs[k] & e.bent.reach[k * e.n + ksq]).iter() {
                if let Some(route) = e.bent_route(k, s, ksq) {
                    let blockers = route & self.occ;
                    if blockers.count() == 1 && own.intersects(blockers) {
                        pinned |= blockers;
                    }
                }
            }
        }
        pinned
    }

    /// Men of the side to move that may be pinned to their king (a superset).
    pub(crate) fn pin_candidates(&self, ksq: usize) -> B {
        let e = &*self.eng;
        let us = self.side;
        let them = us.flip();
        let mut pinned = B::EMPTY;
        for (mask, dirs) in &e.dir_groups {
            let riders = men_of(*mask, &self.pieces[them.idx()]);
            if riders.is_empty() {
                continue;
            }
            for &d in dirs {
                let d = d as usize;
                let ray = e.ray_flat[d * e.n + ksq];
                if (ray & riders).is_empty() {
                    continue;
                }
                let r = ray & self.occ;
                if r.is_empty() {
                    continue;
                }
                let first = if e.dir_up[d] { r.lsb() } else { r.msb() };
                if !self.occ_c[us.idx()].has(first) {
                    continue;
                }
                let r2 = e.ray_flat[d * e.n + first] & self.occ;
                if r2.is_empty() {
                    continue;
                }
                let second = if e.dir_up[d] { r2.lsb() } else { r2.msb() };
                if riders.has(second) {
                    pinned |= B::bit(first);
                }
            }
        }
        pinned
    }
}
