//! The problem's conditions as the search sees them: which moves each side may play
//! (`attacker_no_capture`, a covetous defender, `immobile`), where a tracked man stands,
//! and whether a finished game meets the goal (`mate_by`, `mate_on`, `mate_from`).

use super::searcher::Searcher;
use super::MateBy;
use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::movegen::MoveList;
use crate::board::outcome::{Outcome, WinKind};
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, Position};

impl<B: Bits> Searcher<'_, B> {
    /// Does the finished position meet the goal (and conditions) for the attacker?
    pub(super) fn goal_met(&self, pos: &Position<B>, out: &Outcome, tracked: u8) -> bool {
        let Outcome::Win { winner, how, .. } = *out else {
            return false;
        };
        if winner != self.attacker {
            return false;
        }
        if self.mate_only && how != WinKind::Checkmate {
            return false;
        }
        if how != WinKind::Checkmate {
            return true;
        }
        let ksq = pos.king_sq(self.attacker.flip());
        if !self.cond.mate_on.is_empty() && !self.cond.mate_on.contains(&(ksq as u8)) {
            return false;
        }
        // A mating man: one of ours giving the mating check, standing where `mate_from`
        // allows.
        let from = &self.cond.mate_from;
        let mine = &pos.pieces[self.attacker.idx()];
        let mates_from = |k: Kind, s: usize| {
            (from.is_empty() || from.contains(&(s as u8)))
                && man_attacks(pos, self.attacker, k, s, ksq)
        };
        match self.cond.mate_by {
            None if from.is_empty() => true,
            None => {
                (0..pos.eng.nk as u8).any(|k| mine[k as usize].iter().any(|s| mates_from(k, s)))
            }
            Some(MateBy::Kind(k)) => mine[k as usize].iter().any(|s| mates_from(k, s)),
            Some(MateBy::Man(_)) => {
                if tracked == NO_SQ {
                    return false;
                }
                // The tracked man may have promoted: test every kind of ours on its square.
                (0..pos.eng.nk as u8).any(|k| {
                    mine[k as usize].has(tracked as usize) && mates_from(k, tracked as usize)
                })
            }
        }
    }

    /// Legal moves of the side to move under the problem's conditions; returns how many
    /// legal moves there were before the conditions filtered them.
    pub fn moves(&self, pos: &mut Position<B>, list: &mut MoveList) -> usize {
        pos.legal_moves(list);
        let legal = list.len();
        self.conditioned(pos, list);
        legal
    }

    /// The attacker's moves as [`Self::moves`] lists them, the men's ordinary moves only
    /// to the squares `kept` leaves (see [`Position::legal_moves_where`]): the attacker's
    /// conditions each judge one move alone, so the order does not matter. Returns
    /// whether the attacker has any legal move, kept or not.
    pub(super) fn attacker_moves_where<F: Fn(&Position<B>, usize, usize, B) -> B>(
        &self,
        pos: &mut Position<B>,
        list: &mut MoveList,
        kept: F,
    ) -> bool {
        debug_assert_eq!(pos.side, self.attacker);
        let any = pos.legal_moves_where(list, kept);
        self.conditioned(pos, list);
        any
    }

    /// Drops from `list` (the legal moves of the side to move) those the problem's
    /// conditions bar.
    fn conditioned(&self, pos: &mut Position<B>, list: &mut MoveList) {
        let bars = MoveBars {
            attacker: self.attacker,
            no_capture: self.cond.attacker_no_capture,
            checks: self.cond.checks,
            covetous: self.cond.covetous,
        };
        bars.drop_barred(pos, list, &self.immobile);
    }

    /// The outcome, given the conditioned list and the legal count: a side whose every
    /// legal move is barred by a condition is not mated or stalemated, it is stuck.
    #[inline]
    pub(super) fn state(&self, pos: &Position<B>, list: &MoveList, legal: usize) -> Outcome {
        if legal > 0 && list.is_empty() {
            // Not mated nor stalemated (it has legal moves), but a draw or a bare king
            // still counts: judge it as a side with moves.
            Self::outcome_with_a_move(pos)
        } else {
            pos.outcome_with(list)
        }
    }

    /// The outcome as it stands for a side that has some legal move (whichever).
    #[inline]
    pub(super) fn outcome_with_a_move(pos: &Position<B>) -> Outcome {
        let mut some = MoveList::new();
        some.push(Move::default());
        pos.outcome_with(&some)
    }

    /// Where the tracked man stands after `m` (NO_SQ once captured).
    #[inline]
    pub(super) fn track(&self, pos: &Position<B>, m: &Move, tracked: u8) -> u8 {
        if tracked == NO_SQ {
            return NO_SQ;
        }
        if pos.side == self.attacker {
            // Off a stack the man on the square is the tracked one, whatever it has
            // become by promotion; on a stack its kind tells it apart.
            if m.from == tracked
                && (m.piece == self.tracked_kind_at(pos, tracked)
                    || !pos.stacked.has(tracked as usize))
            {
                return m.to;
            }
            if m.from2 == tracked {
                return m.to2;
            }
            tracked
        } else if m.to == tracked
            || (m.flag == crate::board::position::MoveKind::EnPassant
                && captured_ep_square(pos, m) == tracked)
        {
            NO_SQ
        } else {
            tracked
        }
    }

    /// The root position after the first move `m`, and where the tracked man stands, for
    /// a search of that move from its start: the killers are forgotten (see
    /// [`Searcher::forget_killers`]).
    pub(super) fn after_root_move(&mut self, root: &Position<B>, m: Move) -> (Position<B>, u8) {
        self.forget_killers();
        let mut p = root.clone();
        let nt = self.track(&p, &m, self.initial_track());
        p.make(m);
        (p, nt)
    }

    /// [`Self::track`] for the claim checker.
    pub fn track_pub(&self, pos: &Position<B>, m: &Move, tracked: u8) -> u8 {
        self.track(pos, m, tracked)
    }

    /// [`Self::goal_met`] for the claim checker.
    pub fn goal_met_pub(&self, pos: &Position<B>, out: &Outcome, tracked: u8) -> bool {
        self.goal_met(pos, out, tracked)
    }

    pub(super) fn tracked_kind_at(&self, _pos: &Position<B>, _sq: u8) -> Kind {
        self.tracked_kind
    }

    /// May the attacker's moves be filtered to checks straight from the pseudo-legal
    /// list? Not when conditions or forced capture change which moves are allowed, nor
    /// under the nine-move limit (a position with moves may still be drawn by it).
    #[inline]
    pub(super) fn checks_only_ok(&self, pos: &Position<B>) -> bool {
        !self.cond.attacker_no_capture
            && self.immobile.is_empty()
            && !pos.eng.rules.forced_capture
            && !pos.eng.rules.nine_move_limit
            && !self.root_in_tables()
    }
}

/// The square of the pawn an en passant capture `m` (of the side to move) takes.
pub(crate) fn captured_ep_square<B: Bits>(pos: &Position<B>, m: &Move) -> u8 {
    let w = pos.eng.geo.width;
    if pos.side == Color::White {
        m.to - w
    } else {
        m.to + w
    }
}

/// The conditions that bar moves, as one side's moves are filtered by them: the
/// attacker's (`attacker_no_capture`, `checks`), the defender's (`defender = "covetous"`)
/// and every man's on an `immobile` square. Shared by the `#N` search and the play
/// families, so that a condition means the same in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct MoveBars {
    /// The side the attacker's conditions bind.
    pub attacker: Color,
    /// The attacker may not capture.
    pub no_capture: bool,
    /// Every attacker move gives check.
    pub checks: bool,
    /// The defender captures whenever it can.
    pub covetous: bool,
}

impl MoveBars {
    /// Drops from `list` (the legal moves of the side to move) the moves these bars and
    /// the men held on their squares (`immobile`: colour, kind, square) bar.
    pub(crate) fn drop_barred<B: Bits>(
        &self,
        pos: &mut Position<B>,
        list: &mut MoveList,
        immobile: &[(Color, Kind, u8)],
    ) {
        if pos.side == self.attacker {
            if self.no_capture {
                let enemy = pos.occ_c[self.attacker.flip().idx()];
                list.retain(|m| {
                    m.flag != crate::board::position::MoveKind::EnPassant
                        && !enemy.has(m.to as usize)
                });
            }
            if self.checks {
                let info = pos.check_info();
                list.retain(|m| pos.gives_check_with(*m, &info));
            }
        } else if self.covetous {
            let enemy = pos.occ_c[self.attacker.idx()];
            let caps = |m: &Move| {
                m.flag == crate::board::position::MoveKind::EnPassant || enemy.has(m.to as usize)
            };
            if list.as_slice().iter().any(caps) {
                list.retain(caps);
            }
        }
        if !immobile.is_empty() {
            let side = pos.side;
            let e = &*pos.eng;
            list.retain(|m| {
                // Castling moves the rook, the Lombard joint move the queen, too.
                let second = if m.from2 == NO_SQ {
                    None
                } else if m.flag == crate::board::position::MoveKind::Castle {
                    e.rook.map(|k| (k, m.from2))
                } else {
                    e.queen.map(|k| (k, m.from2))
                };
                !immobile.iter().any(|&(c, k, s)| {
                    c == side && ((k == m.piece && s == m.from) || second == Some((k, s)))
                })
            });
        }
    }
}

/// True when `c`'s man of kind `k` on `from` attacks `target`.
pub(crate) fn man_attacks<B: Bits>(
    pos: &Position<B>,
    c: Color,
    k: Kind,
    from: usize,
    target: usize,
) -> bool {
    let e = &*pos.eng;
    let kt = &e.kinds[k as usize];
    if kt.pawn {
        return e.pawn_cap[c.idx()][from].has(target);
    }
    if kt.leap[from].has(target) {
        return true;
    }
    for &d in &kt.ride_dirs {
        if e.ray_targets(d as usize, from, pos.occ).has(target) {
            return true;
        }
    }
    if kt.bent.is_some() && e.bent_attacks(k as usize, from, target, pos.occ) {
        return true;
    }
    false
}
