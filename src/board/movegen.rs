//! Legal move generation, for every preset (attack detection is in `crate::board::attacks`).
//!
//! Pseudo-legal moves are generated per kind from the compiled tables, then filtered:
//! a move that is not the king's, not special, and not made by a man that may be pinned
//! is legal at once when the side is not in check; in check, such a move must also take
//! the checker or block its line (under a double check none can). A man that may be
//! pinned has its move's effect on the king read from the occupancy; the king's steps
//! are tested for attack; everything else is tried on the board (make, test the king,
//! unmake). Pins are found along the enemy riders' lines and the bent riders' routes;
//! stacks in check fall back to trying every move.

use crate::board::attacks::men_of;
use crate::board::bits::Bits;
use crate::board::engine::{MAX_KINDS, NO_SQ};
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, MoveKind, Position, Undo};
use crate::board::rules::PromotionCondition;

/// Facts about the side to move's king that every legality test uses.
pub(crate) struct Legality<B> {
    pub(crate) ksq: usize,
    /// The side to move is in check.
    pub(crate) in_check: bool,
    /// Men that may be pinned (every man in check with stacks about).
    pub(crate) pinned: B,
    /// No stacks on the board and none may form: a move's effect on the king's safety
    /// can be read from the occupancy without playing it.
    pub(crate) plain: bool,
    king_stacked: bool,
    /// Where a plain move of a man other than the king must land to be legal: the
    /// checker's square and the squares that stop its attack (between it and the king,
    /// or on a bent rider's route) under a single check, none under a double check,
    /// anywhere when not in check.
    pub(crate) evasion: B,
}

/// The most moves a position can have here (Grant Acedrex stays far below).
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves (no heap allocation while searching).
pub struct MoveList {
    moves: [std::mem::MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        MoveList {
            // SAFETY: an array of `MaybeUninit` needs no initialisation; written this way
            // (not as an array repeat) the compiler emits no memset of the 8 KiB.
            moves: unsafe {
                std::mem::MaybeUninit::<[std::mem::MaybeUninit<Move>; MAX_MOVES]>::uninit()
                    .assume_init()
            },
            len: 0,
        }
    }
    /// Appends a move (silently ignoring overflow, which the capacity rules out).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = std::mem::MaybeUninit::new(m);
            self.len += 1;
        }
    }
    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
    /// Mutable view of the moves.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }
    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Keeps only the moves for which `f` holds.
    #[inline]
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        let s = self.as_mut_slice();
        for i in 0..s.len() {
            if f(&s[i]) {
                s[j] = s[i];
                j += 1;
            }
        }
        self.len = j;
    }
}

impl<B: Bits> Position<B> {
    /// Pushes a pawn move, with promotions as the rules allow.
    #[inline]
    fn push_pawn(&self, list: &mut MoveList, from: usize, to: usize, pw: Kind, fl: MoveKind) {
        let e = &*self.eng;
        if !e.last_rank[self.side.idx()].has(to) {
            list.push(Move::new(from, to, pw, fl));
            return;
        }
        if !e.promo_by_file.is_empty() {
            let mut m = Move::new(from, to, pw, fl);
            m.promo = Some(e.promo_by_file[e.geo.file(to as u8) as usize]);
            list.push(m);
            return;
        }
        let allowed = self.promotion_allowed();
        if allowed {
            for &k in &e.promo_kinds {
                let mut m = Move::new(from, to, pw, fl);
                m.promo = Some(k);
                list.push(m);
            }
        } else if e.rules.promotion.stay_when_barred {
            list.push(Move::new(from, to, pw, fl));
        }
    }

    /// True when a first-move leap may pass: some route holds no forbidden man.
    fn leap_route_ok(&self, over: &[B], over_enemy: bool, over_friend: bool) -> bool {
        let us = self.side.idx();
        let mut forbidden = B::EMPTY;
        if !over_enemy {
            forbidden |= self.occ_c[us ^ 1];
        }
        if !over_friend {
            forbidden |= self.occ_c[us];
        }
        over.iter().any(|r| (*r & forbidden).is_empty())
    }

    /// Generates every pseudo-legal move (king safety not yet checked).
    pub fn pseudo_moves(&self, list: &mut MoveList) {
        self.pseudo_moves_kept(list, |_, _, _, t| t);
    }

    /// The pseudo-legal moves, the ordinary moves of the men other than pawns only to the
    /// squares `kept(self, kind, from, targets)` leaves of their targets (a square it
    /// adds is not a target, and is not listed).
    #[inline(always)]
    pub(crate) fn pseudo_moves_kept<F: Fn(&Self, usize, usize, B) -> B>(
        &self,
        list: &mut MoveList,
        kept: F,
    ) {
        let e = &*self.eng;
        let us = self.side;
        let own = self.occ_c[us.idx()];
        let (not_own, full) = if e.rules.stacks_may_form {
            (e.board, self.full_stacks(us))
        } else {
            (e.board & !own, B::EMPTY)
        };
        for (k, bb) in self.own_kinds() {
            if e.kinds[k].pawn {
                self.pawn_moves(list, k as u8, bb);
                continue;
            }
            let mut mask = self.landing_mask(k, not_own);
            if e.rules.stacks_may_form {
                // A stack holds at most three men; a second man of a kind needs a free
                // slot in the list of repeated men.
                mask &= !full;
                if !self.dups.has_room() {
                    mask &= !self.pieces[us.idx()][k];
                }
            }
            for from in bb.iter() {
                let t = self.man_targets(k, from) & mask;
                let t = kept(self, k, from, t) & t;
                for to in t.iter() {
                    list.push(Move::new(from, to, k as u8, MoveKind::Normal));
                }
            }
        }
        if self.privileges.any() {
            self.privilege_moves(list, None);
        }
    }

    /// The kinds the side to move has men of, with their squares.
    #[inline]
    pub(crate) fn own_kinds(&self) -> impl Iterator<Item = (usize, B)> + '_ {
        let men = &self.pieces[self.side.idx()];
        (0..self.eng.nk)
            .map(move |k| (k, men[k]))
            .filter(|(_, b)| b.any())
    }

    /// Where a man of kind `k` may land among the squares `base` (those its side does
    /// not hold): not on an enemy of its own kind if its kind may not take its own.
    #[inline]
    pub(crate) fn landing_mask(&self, k: usize, base: B) -> B {
        if self.eng.kinds[k].no_capture_same_kind {
            base & !self.pieces[self.side.flip().idx()][k]
        } else {
            base
        }
    }

    /// Squares of `c`'s stacks that hold as many men as a square may.
    fn full_stacks(&self, c: Color) -> B {
        let mut full = B::EMPTY;
        for s in (self.stacked & self.occ_c[c.idx()]).iter() {
            if self.men_count(s) >= crate::board::stack::MAX_STACK {
                full |= B::bit(s);
            }
        }
        full
    }

    pub(crate) fn pawn_moves(&self, list: &mut MoveList, pw: Kind, bb: B) {
        let e = &*self.eng;
        let us = self.side.idx();
        let enemy = self.occ_c[us ^ 1];
        for from in bb.iter() {
            let one = e.pawn_push[us][from];
            if one != NO_SQ && !self.occ.has(one as usize) {
                self.push_pawn(list, from, one as usize, pw, MoveKind::Normal);
                if self.privileges.has(from) && e.rules.pawns.double_step {
                    let two = e.pawn_push[us][one as usize];
                    if two != NO_SQ && !self.occ.has(two as usize) {
                        self.push_pawn(list, from, two as usize, pw, MoveKind::DoubleStep);
                    }
                }
            }
            let caps = e.pawn_cap[us][from] & enemy;
            for to in caps.iter() {
                self.push_pawn(list, from, to, pw, MoveKind::Normal);
            }
            if self.ep != NO_SQ && e.pawn_cap[us][from].has(self.ep as usize) {
                list.push(Move::new(from, self.ep as usize, pw, MoveKind::EnPassant));
            }
        }
    }

    /// First-move privileges: king's leap, queen's leap, joint move, castling.
    /// `in_check`, when the caller knows it, spares testing the king again.
    pub(crate) fn privilege_moves(&self, list: &mut MoveList, in_check: Option<bool>) {
        let e = &*self.eng;
        let us = self.side;
        let ksq = self.king_sq(us);
        let king_priv = self.privileges.has(ksq);
        let in_check = || in_check.unwrap_or_else(|| self.attacked(ksq, us.flip(), self.occ));
        let mut king_targets: Vec<usize> = vec![];
        if king_priv {
            if let Some(kl) = &e.rules.king_leap {
                if !(kl.not_in_check && in_check()) {
                    let normal = e.kinds[e.king as usize].leap[ksq];
                    for lt in &e.king_leaps[us.idx()][ksq] {
                        let to = lt.to as usize;
                        if self.occ.has(to) || normal.has(to) {
                            continue;
                        }
                        if !self.leap_route_ok(&lt.over, kl.over_enemy, kl.over_friend) {
                            continue;
                        }
                        if kl.not_through_attack {
                            let o = self.occ & !B::bit(ksq);
                            if lt
                                .over
                                .iter()
                                .all(|r| r.iter().any(|s| self.attacked(s, us.flip(), o)))
                                && !lt.over.iter().all(|r| r.is_empty())
                            {
                                continue;
                            }
                        }
                        king_targets.push(to);
                        list.push(Move::new(ksq, to, e.king, MoveKind::KingLeap));
                    }
                }
            }
            if e.rules.castling && !in_check() {
                self.castling_moves(list, ksq);
            }
        }
        let (Some(q), Some(ql)) = (e.queen, &e.rules.queen_leap) else {
            return;
        };
        let queens = self.pieces[us.idx()][q as usize] & self.privileges;
        for qs in queens.iter() {
            let normal = e.kinds[q as usize].leap[qs];
            for lt in &e.queen_leaps[us.idx()][qs] {
                let to = lt.to as usize;
                if self.occ.has(to) || normal.has(to) {
                    continue;
                }
                if !self.leap_route_ok(&lt.over, ql.over_enemy, ql.over_friend) {
                    continue;
                }
                list.push(Move::new(qs, to, q, MoveKind::QueenLeap));
                if e.rules.joint_first_move && king_priv {
                    for &kt in &king_targets {
                        if kt == to || kt == qs {
                            continue;
                        }
                        let mut m = Move::new(ksq, kt, e.king, MoveKind::Joint);
                        m.from2 = qs as u8;
                        m.to2 = to as u8;
                        list.push(m);
                    }
                }
            }
        }
    }

    fn castling_moves(&self, list: &mut MoveList, ksq: usize) {
        let e = &*self.eng;
        let g = e.geo;
        let us = self.side;
        let Some(rk) = e.rook else { return };
        let rank = g.rank(ksq as u8);
        if g.file(ksq as u8) != 4 || rank != if us == Color::White { 0 } else { g.height - 1 } {
            return;
        }
        for (rf, kf, rtf) in [(7u8, 6u8, 5u8), (0, 2, 3)] {
            let rs = g.square(rf, rank) as usize;
            if !self.privileges.has(rs) || !self.pieces[us.idx()][rk as usize].has(rs) {
                continue;
            }
            let (lo, hi) = if rf > 4 { (5, 6) } else { (1, 3) };
            if (lo..=hi).any(|f| self.occ.has(g.square(f, rank) as usize)) {
                continue;
            }
            let pass = g.square(rtf, rank) as usize;
            let kto = g.square(kf, rank) as usize;
            if self.attacked(pass, us.flip(), self.occ) {
                continue;
            }
            let mut m = Move::new(ksq, kto, e.king, MoveKind::Castle);
            m.from2 = rs as u8;
            m.to2 = pass as u8;
            list.push(m);
        }
    }

    /// True when the move is a capture.
    #[inline(always)]
    pub fn is_capture(&self, m: &Move) -> bool {
        m.flag == MoveKind::EnPassant || self.occ_c[self.side.flip().idx()].has(m.to as usize)
    }

    /// Tries a move on the board: does it leave the mover's king safe (and obey the
    /// queen's-leap "no check" condition)?
    /// For a plain move (no stacks about) of a man other than the king: is its own king
    /// attacked once it is played? Tested on the occupancy alone, without playing it.
    #[inline]
    pub(crate) fn exposes_king(&self, m: Move, ksq: usize) -> bool {
        let (from, to) = (B::bit(m.from as usize), B::bit(m.to as usize));
        let occ = (self.occ & !from) | to;
        self.attacked_skip(ksq, self.side.flip(), occ, to)
    }

    pub(crate) fn try_move(&mut self, m: Move) -> bool {
        let us = self.side;
        let u = self.make(m);
        let mut ok = !self.attacked(self.king_sq(us), us.flip(), self.occ);
        if ok && (m.flag == MoveKind::QueenLeap || m.flag == MoveKind::Joint) {
            let no_check = self
                .eng
                .rules
                .queen_leap
                .as_ref()
                .is_some_and(|q| q.no_check);
            if no_check && self.in_check() {
                ok = false;
            }
        }
        self.unmake(m, u);
        ok
    }

    /// What the legality test of a pseudo-legal move needs to know about the position.
    pub(crate) fn legality(&self) -> Legality<B> {
        let e = &*self.eng;
        let us = self.side;
        let ksq = self.king_sq(us);
        let them = us.flip();
        let in_check = self.attacked(ksq, them, self.occ);
        // In check, a move that neither takes the checker nor blocks its line is illegal
        // without being tried; on a board with stacks every move is tried instead.
        // Otherwise a man's move can only expose its king by leaving a line or a bent
        // rider's route (attacks never grow with the occupancy, and the square it lands
        // on was empty or held an enemy).
        let stacks = self.stacked.any() || e.rules.stacks_may_form;
        let (pinned, evasion) = if in_check && stacks {
            (e.board, e.board)
        } else {
            let pinned = self.pin_candidates(ksq) | self.bent_pins(ksq);
            let evasion = if in_check {
                self.evasion_squares(ksq)
            } else {
                e.board
            };
            (pinned, evasion)
        };
        Legality {
            ksq,
            in_check,
            plain: !stacks,
            pinned,
            king_stacked: self.stacked.has(ksq),
            evasion,
        }
    }

    /// For the side to move, in check: the squares where a man may land to stop every
    /// attack on its king, each attack being stopped by taking its man or by standing on
    /// its line (between a rider and the king) or its route (a bent rider's). Two attacks
    /// by straight lines or leaps share no such square, so a double check leaves none;
    /// two bent riders' routes may cross, and a man on the crossing stops both.
    fn evasion_squares(&self, ksq: usize) -> B {
        let them = self.side.flip();
        self.evasions_in(ksq, self.side, &self.pieces[them.idx()], self.occ)
    }

    /// [`Self::evasion_squares`] for the king of `defender` on `ksq`, the other side's
    /// men being `theirs` and the occupancy `occ` (a position not on the board: after a
    /// move judged before it is made).
    pub(crate) fn evasions_in(
        &self,
        ksq: usize,
        defender: Color,
        theirs: &[B; MAX_KINDS],
        occ: B,
    ) -> B {
        let e = &*self.eng;
        let n = e.n;
        let mut leapers = B::EMPTY;
        for &k in &e.leapers {
            let k = k as usize % MAX_KINDS;
            leapers |= e.leap_flat[k * n + ksq] & theirs[k];
        }
        if let Some(pw) = e.pawn {
            leapers |= e.pawn_cap[defender.idx()][ksq] & theirs[pw as usize];
        }
        let mut stop = match leapers.count() {
            0 => e.board,
            1 => leapers,
            _ => return B::EMPTY,
        };
        for (mask, dirs) in &e.dir_groups {
            let riders = men_of(*mask, theirs);
            if riders.is_empty() {
                continue;
            }
            for &d in dirs {
                let d = d as usize;
                let ray = e.ray_flat[d * n + ksq];
                let r = ray & occ;
                if r.is_empty() {
                    continue;
                }
                let first = if e.dir_up[d] { r.lsb() } else { r.msb() };
                if riders.has(first) {
                    // From the king up to the checker, the checker included.
                    stop &= ray & !e.ray_flat[d * n + first];
                }
            }
        }
        for &k in &e.bent_kinds {
            let k = k as usize;
            for s in (theirs[k] & e.bent.reach[k * n + ksq]).iter() {
                if let Some(route) = e.bent_route(k, s, ksq) {
                    if (route & occ).is_empty() {
                        stop &= route | B::bit(s);
                    }
                }
            }
        }
        stop
    }

    /// Is the pseudo-legal move `m` legal?
    #[inline]
    pub(crate) fn is_legal(&mut self, m: Move, l: &Legality<B>) -> bool {
        let e = self.engine();
        let them = self.side.flip();
        // A king's step or first leap (which lands on an empty square and moves nothing
        // else) is judged by whether its square is attacked once the king has left.
        if m.piece == e.king
            && (m.flag == MoveKind::Normal || m.flag == MoveKind::KingLeap)
            && !l.king_stacked
        {
            !self.attacked(m.to as usize, them, self.occ ^ B::bit(l.ksq))
        } else if m.flag <= MoveKind::DoubleStep && m.piece != e.king {
            l.evasion.has(m.to as usize)
                && (!l.pinned.has(m.from as usize)
                    || if l.plain {
                        !self.exposes_king(m, l.ksq)
                    } else {
                        self.try_move(m)
                    })
        } else {
            self.try_move(m)
        }
    }

    /// Generates the legal moves of the side to move (none if the game is decided by the
    /// bare-king rule). Forced capture is applied when the rules demand it.
    pub fn legal_moves(&mut self, list: &mut MoveList) {
        list.clear();
        if self.bare_king_decided().is_some() {
            return;
        }
        self.pseudo_moves(list);
        self.keep_legal(list);
        if self.engine().rules.forced_capture {
            let any_capture = list.as_slice().iter().any(|m| self.is_capture(m));
            if any_capture {
                let enemy = self.occ_c[self.side.flip().idx()];
                list.retain(|m| m.flag == MoveKind::EnPassant || enemy.has(m.to as usize));
            }
        }
    }

    /// The legal moves, the ordinary moves of the men other than pawns only to the squares
    /// `kept(self, kind, from, targets)` leaves of their targets, asked before any move is
    /// listed (the moves a caller turns down cost neither a place in the list nor a
    /// legality test); returns whether the side to move has any legal move at all, kept
    /// or not (where no kept move is legal, [`Self::has_legal_move`] is asked). Under
    /// forced capture which moves are legal depends on all of them: every one is listed
    /// and tested first, and `kept` asked after.
    #[inline(never)]
    pub fn legal_moves_where<F: Fn(&Self, usize, usize, B) -> B>(
        &mut self,
        list: &mut MoveList,
        kept: F,
    ) -> bool {
        if self.engine().rules.forced_capture {
            self.legal_moves(list);
            let any = !list.is_empty();
            let e = self.engine();
            list.retain(|m| {
                let k = m.piece as usize;
                m.flag != MoveKind::Normal
                    || e.kinds[k].pawn
                    || kept(self, k, m.from as usize, B::bit(m.to as usize)).has(m.to as usize)
            });
            return any;
        }
        list.clear();
        if self.bare_king_decided().is_some() {
            return false;
        }
        self.pseudo_moves_kept(list, kept);
        self.keep_legal(list);
        !list.is_empty() || self.has_legal_move()
    }

    /// Drops from `list` (pseudo-legal moves of the side to move) the illegal ones, in
    /// place, keeping the order.
    #[inline(always)]
    fn keep_legal(&mut self, list: &mut MoveList) {
        let l = self.legality();
        let (mut j, n) = (0, list.len);
        for i in 0..n {
            let m = list.as_slice()[i];
            if self.is_legal(m, &l) {
                list.as_mut_slice()[j] = m;
                j += 1;
            }
        }
        list.len = j;
    }

    /// The legal moves that give check (every one of them, in generation order).
    ///
    /// A man of a symmetric leaping kind checks only by moving to one of its own leap
    /// targets from the enemy king's square, unless moving it may open a line from one of
    /// our riders: those men, pawns, riders and privileged moves are tried one by one.
    /// Stacks and bent riders take the general path.
    pub fn checking_moves(&mut self, list: &mut MoveList) {
        let all = self.occ_c[self.side.idx()];
        self.checking_moves_where(list, all, |_, _| true);
    }

    /// The legal checking moves of the men on `movers` (and the privileged moves of any
    /// man) that `keep` accepts. `keep` is asked before a move's legality, and the pins
    /// and evasions that legality needs are worked out only once a move has passed it:
    /// where a caller's bound drops every check (most of the attacker's last moves on the
    /// `benches/popeye` rows), they are not worked out at all.
    pub fn checking_moves_where<F: Fn(&Self, &Move) -> bool>(
        &mut self,
        list: &mut MoveList,
        movers: B,
        keep: F,
    ) {
        list.clear();
        if self.bare_king_decided().is_some() {
            return;
        }
        let e = self.engine();
        let mut all = MoveList::new();
        let mut l = None;
        let us = self.side;
        let own = self.occ_c[us.idx()];
        if (own & movers).is_empty() && !self.privileges.any() {
            return;
        }
        let info = self.check_info();
        let plain = |m: &Move| m.flag <= MoveKind::EnPassant;
        let wanted = |p: &mut Self, m: &Move| {
            (!plain(m) || movers.has(m.from as usize))
                && p.gives_check_with(*m, &info)
                && keep(p, m)
        };
        if self.stacked.any() || e.rules.stacks_may_form || !e.bent_kinds.is_empty() {
            self.pseudo_moves(&mut all);
            self.push_legal(&all, list, &mut l, wanted);
            return;
        }
        let them = us.flip();
        let ksq = self.king_sq(them);
        for k in 0..e.nk {
            let bb = self.pieces[us.idx()][k] & movers;
            if bb.is_empty() {
                continue;
            }
            let kt = &e.kinds[k];
            if kt.pawn {
                all.clear();
                self.pawn_moves(&mut all, k as u8, bb);
                self.push_legal(&all, list, &mut l, wanted);
                continue;
            }
            let mut mask = !own & e.board;
            if kt.no_capture_same_kind {
                mask &= !self.pieces[them.idx()][k];
            }
            // Where a man of this kind checks from: the same squares it reaches from the
            // king's (a symmetric leaper, or a rider in opposite pairs that does not leap).
            let from_king = if e.sym_leaper[k] {
                Some(e.leap_flat[k * e.n + ksq])
            } else if k < MAX_KINDS && e.pure_rider[k] {
                Some(info.ride[k])
            } else {
                None
            };
            for from in bb.iter() {
                let t = self.man_targets(k, from) & mask;
                // Moving it may uncover a rider's line to the king: every move is asked.
                let opens = info.disc.has(from);
                all.clear();
                if let Some(checks_from) = from_king.filter(|_| !opens) {
                    for to in (t & checks_from).iter() {
                        all.push(Move::new(from, to, k as u8, MoveKind::Normal));
                    }
                    self.push_legal(&all, list, &mut l, |p: &mut Self, m: &Move| keep(p, m));
                } else {
                    for to in t.iter() {
                        all.push(Move::new(from, to, k as u8, MoveKind::Normal));
                    }
                    self.push_legal(&all, list, &mut l, wanted);
                }
            }
        }
        if self.privileges.any() {
            all.clear();
            let in_check = l.get_or_insert_with(|| self.legality()).in_check;
            self.privilege_moves(&mut all, Some(in_check));
            self.push_legal(&all, list, &mut l, wanted);
        }
    }

    /// Appends the legal moves among the pseudo-legal `cands` that `wanted` accepts,
    /// asked first; `l` holds the legality facts once worked out.
    fn push_legal<F: Fn(&mut Self, &Move) -> bool>(
        &mut self,
        cands: &MoveList,
        list: &mut MoveList,
        l: &mut Option<Legality<B>>,
        wanted: F,
    ) {
        for &m in cands.as_slice() {
            if wanted(self, &m) {
                let l = l.get_or_insert_with(|| self.legality());
                if self.is_legal(m, l) {
                    list.push(m);
                }
            }
        }
    }

    /// The legal checking moves found the slow way (every pseudo-legal move tested): the
    /// reference the fast path is tested against.
    #[doc(hidden)]
    pub fn checking_moves_slow(&mut self, list: &mut MoveList) {
        list.clear();
        if self.bare_king_decided().is_some() {
            return;
        }
        let mut all = MoveList::new();
        self.pseudo_moves(&mut all);
        let info = self.check_info();
        let mut l = None;
        self.push_legal(&all, list, &mut l, |p: &mut Self, m: &Move| {
            p.gives_check_with(*m, &info)
        });
    }

    /// Is `m` legal here, answered without generating the moves? Only for a plain move
    /// of a man that is not a pawn (no flag, no promotion, no second man) where no stacks
    /// can form; `None` for any other move, which must be looked up in the generated
    /// list instead. Forced capture is not applied (the caller checks that it is off).
    pub fn plain_move_legal(&mut self, m: Move) -> Option<bool> {
        Some(self.plain_move_possible(m)? && self.try_move(m))
    }

    /// Plays `m` if it is a legal plain move (where [`Self::plain_move_legal`] answers
    /// `Some(true)`), judged once it is on the board: one make where asking first and
    /// then playing takes two. `None` leaves the board as it was.
    pub fn make_plain(&mut self, m: Move) -> Option<Undo<B>> {
        if self.plain_move_possible(m) != Some(true) {
            return None;
        }
        let us = self.side;
        let u = self.make(m);
        if self.attacked(self.king_sq(us), us.flip(), self.occ) {
            self.unmake(m, u);
            return None;
        }
        Some(u)
    }

    /// [`Self::plain_move_legal`] short of the one test that needs the move played: may
    /// this man make this move, its own king aside?
    fn plain_move_possible(&self, m: Move) -> Option<bool> {
        let e = &*self.eng;
        let k = m.piece as usize;
        if m.flag != MoveKind::Normal
            || m.promo.is_some()
            || m.from2 != NO_SQ
            || k >= e.nk
            || e.kinds[k].pawn
            || e.rules.stacks_may_form
            || self.stacked.any()
        {
            return None;
        }
        let us = self.side;
        let them = us.flip();
        let (from, to) = (m.from as usize, m.to as usize);
        if from == to
            || !self.pieces[us.idx()][k].has(from)
            || self.occ_c[us.idx()].has(to)
            || (e.kinds[k].no_capture_same_kind && self.pieces[them.idx()][k].has(to))
            || !self.man_targets(k, from).has(to)
            || self.bare_king_decided().is_some()
        {
            return Some(false);
        }
        Some(true)
    }

    /// True when the side to move has a legal move (stops at the first one found; forced
    /// capture never takes the last move away, so it plays no part here).
    pub fn has_legal_move(&mut self) -> bool {
        if self.bare_king_decided().is_some() {
            return false;
        }
        // A king step to a square no enemy attacks is the usual quick answer (the test
        // `is_legal` makes for such a step, without listing every move).
        let e = self.engine();
        let us = self.side;
        let them = us.flip();
        let ksq = self.king_sq(us);
        if !self.stacked.any() && !e.rules.stacks_may_form {
            let steps = self.man_targets(e.king as usize, ksq) & !self.occ_c[us.idx()] & e.board;
            let occ = self.occ ^ B::bit(ksq);
            if steps.iter().any(|to| !self.attacked(to, them, occ)) {
                return true;
            }
        }
        let l = self.legality();
        let mut list = MoveList::new();
        if self.stacked.any() || e.rules.stacks_may_form {
            self.pseudo_moves(&mut list);
            return list.as_slice().iter().any(|&m| self.is_legal(m, &l));
        }
        // The other men's moves where they may be legal at all: where they stop every
        // check (anywhere when not in check). In check, most moves would be listed only to
        // be turned down. (The king's steps were asked above.)
        let not_own = e.board & !self.occ_c[us.idx()];
        for k in 0..e.nk {
            let bb = self.pieces[us.idx()][k];
            if bb.is_empty() || k == e.king as usize {
                continue;
            }
            if e.kinds[k].pawn {
                list.clear();
                self.pawn_moves(&mut list, k as u8, bb);
                if list.as_slice().iter().any(|&m| self.is_legal(m, &l)) {
                    return true;
                }
                continue;
            }
            let mask = self.landing_mask(k, not_own) & l.evasion;
            for from in bb.iter() {
                for to in (self.man_targets(k, from) & mask).iter() {
                    if self.is_legal(Move::new(from, to, k as u8, MoveKind::Normal), &l) {
                        return true;
                    }
                }
            }
        }
        if self.privileges.any() {
            list.clear();
            self.privilege_moves(&mut list, None);
            return list.as_slice().iter().any(|&m| self.is_legal(m, &l));
        }
        false
    }

    /// May a pawn reaching the last rank promote now (the preset's condition)?
    #[inline]
    fn promotion_allowed(&self) -> bool {
        let e = &*self.eng;
        match e.rules.promotion.condition {
            PromotionCondition::Always => true,
            PromotionCondition::NoneOnBoard => e
                .promo_kinds
                .iter()
                .all(|&k| self.pieces[self.side.idx()][k as usize].is_empty()),
        }
    }

    /// Every square the man of kind `k` on `from` reaches (captures included, friends
    /// not masked): its leaps, rides and bent rides.
    #[inline(always)]
    pub(crate) fn man_targets(&self, k: usize, from: usize) -> B {
        let e = &*self.eng;
        let kt = &e.kinds[k];
        let mut t = e.leap_flat[k * e.n + from];
        if kt.ride_dirs.is_empty() && kt.bent.is_none() {
            return t;
        }
        for &d in &kt.ride_dirs {
            t |= e.ray_targets(d as usize, from, self.occ);
        }
        if kt.bent.is_some() {
            t |= e.bent_targets(k, from, self.occ);
        }
        t
    }

    /// How many moves one pawn move onto the last rank makes (as `push_pawn` lists them).
    #[inline]
    pub(crate) fn promotion_choices(&self) -> usize {
        let e = &*self.eng;
        if !e.promo_by_file.is_empty() {
            return 1;
        }
        let allowed = self.promotion_allowed();
        if allowed {
            e.promo_kinds.len()
        } else {
            e.rules.promotion.stay_when_barred as usize
        }
    }
}
