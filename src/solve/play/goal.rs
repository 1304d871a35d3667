//! The two predicates every search of this module asks: has the stipulation's goal been
//! reached (a fact of the board and the move rules), and has the game ended under the
//! rules (bare king, stalemate, kings only, the nine-move limit), which stops a line
//! whether or not its goal was reached. A goal position succeeds whatever the rules say
//! of the game (under shatranj `=` is reached although the rules score it a win for the
//! stalemater); a line that ends the game elsewhere fails.

use super::bars::Bars;
use super::stip::Aim;
use crate::board::bits::Bits;
use crate::board::engine::NO_SQ;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, MoveKind, Position};
use crate::solve::conditions::{captured_ep_square, man_attacks};

/// Squares of a board of up to 192 (empty: no square is asked for).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares([u64; 3]);

impl Squares {
    /// The set of these squares (a square of 192 or more, on no board, is left out).
    pub fn of(squares: &[u8]) -> Squares {
        let mut s = Squares::default();
        for &q in squares {
            if let Some(w) = s.0.get_mut(q as usize / 64) {
                *w |= 1 << (q % 64);
            }
        }
        s
    }

    fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// Empty, or holding `sq`.
    fn allows(&self, sq: usize) -> bool {
        self.is_empty() || self.0.get(sq / 64).is_some_and(|w| w >> (sq % 64) & 1 == 1)
    }
}

/// What a mate must be to reach the goal, beyond a mate (the problem's conditions
/// `mate_by` a kind or a man, `mate_on`, `mate_from`), whichever side gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    /// The kind of the mating man (a man of the mating side giving the mating check).
    pub by: Option<Kind>,
    /// The very man that must give the mating check, by the square it stands on in the
    /// diagram (a man of the mating side; followed through the line, whatever it becomes
    /// by promotion).
    pub man: Option<u8>,
    /// Squares one of which the mated king stands on.
    pub on: Squares,
    /// Squares one of which the mating man stands on.
    pub from: Squares,
}

impl Marks {
    /// No mark: any mate.
    pub fn is_plain(&self) -> bool {
        *self == Marks::default()
    }

    /// Does the mate on the board (the side to move mated) bear the marks, the man that
    /// must mate standing on `at` (if one is named; [`NO_SQ`] once captured)?
    fn borne<B: Bits>(&self, pos: &Position<B>, at: u8) -> bool {
        let mated = pos.side();
        let mater = mated.flip();
        let ksq = pos.king_sq(mated);
        if !self.on.allows(ksq) {
            return false;
        }
        if self.by.is_none() && self.from.is_empty() && self.man.is_none() {
            return true;
        }
        if self.man.is_some() && at == NO_SQ {
            return false;
        }
        let men = &pos.pieces[mater.idx()];
        (0..pos.eng.nk as Kind)
            .filter(|&k| self.by.is_none_or(|b| b == k))
            .any(|k| {
                men[k as usize].iter().any(|s| {
                    (self.man.is_none() || s == at as usize)
                        && self.from.allows(s)
                        && man_attacks(pos, mater, k, s, ksq)
                })
            })
    }
}

/// What the problem's conditions ask of a play search: the marks its mates must bear
/// and the moves they bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Terms {
    /// The marks of a mate (plain but for a mate aim).
    pub marks: Marks,
    /// The moves barred.
    pub bars: Bars,
}

/// The goal a search asks: the stipulation's aim, the marks its mates must bear, and the
/// moves the conditions bar. Compared with an [`Aim`] it is its aim. Where the marks name
/// the man that must mate, the target follows it: its square and kind now ([`Self::after`]
/// a move), which the searches mix into their tables' keys ([`Self::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// `#`, `=` or `#=`.
    pub aim: Aim,
    /// The marks of a mate (plain but for a mate aim).
    pub marks: Marks,
    /// The moves barred.
    pub bars: Bars,
    /// The man that must mate: where it stands ([`NO_SQ`] once captured, or when none is
    /// named), its side and its kind now.
    at: u8,
    side: Color,
    kind: Kind,
}

impl Target {
    /// The aim with no marks and no move barred.
    pub fn plain(aim: Aim) -> Target {
        Target::of(aim, Terms::default())
    }

    /// The aim under the problem's terms (a man that must mate is found in the diagram
    /// by [`Self::seen_in_diagram`]).
    pub fn of(aim: Aim, terms: Terms) -> Target {
        Target {
            aim,
            marks: terms.marks,
            bars: terms.bars,
            at: NO_SQ,
            side: Color::White,
            kind: 0,
        }
    }

    /// The target with the man that must mate (if one is named) found in `pos`, the
    /// diagram: the man of `mater` on the named square; none there, no mate bears it.
    pub(super) fn seen_in_diagram<B: Bits>(mut self, pos: &Position<B>, mater: Color) -> Target {
        if let Some(sq) = self.marks.man {
            if let Some(k) = pos.kind_at(mater, sq as usize) {
                (self.at, self.side, self.kind) = (sq, mater, k);
            }
        }
        self
    }

    /// The target after `m`, to be played from `pos`: the man that must mate moved along
    /// (a promotion changes its kind; on a stack its kind tells it from the others), or
    /// captured.
    #[inline]
    pub(super) fn after<B: Bits>(&self, pos: &Position<B>, m: &Move) -> Target {
        if self.at == NO_SQ {
            return *self;
        }
        let mut t = *self;
        if pos.side() == self.side {
            if m.from == self.at && m.piece == self.kind {
                t.at = m.to;
                t.kind = m.promo.unwrap_or(m.piece);
            } else if m.from2 == self.at {
                t.at = m.to2;
            }
        } else if m.to == self.at
            || (m.flag == MoveKind::EnPassant && captured_ep_square(pos, m) == self.at)
        {
            t.at = NO_SQ;
        }
        t
    }

    /// A table key for `hash`, the position's: where a man must mate, its square and kind
    /// mixed in (the same position with it elsewhere is another node).
    #[inline]
    pub(super) fn key(&self, hash: u64) -> u64 {
        if self.marks.man.is_none() {
            return hash;
        }
        let tag = (self.at as u64) << 8 | self.kind as u64;
        hash ^ tag.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Neither marks nor bars: the `#N` search's bounds and its mate judge may answer.
    pub fn is_plain(&self) -> bool {
        self.marks.is_plain() && self.bars.is_none()
    }
}

impl PartialEq<Aim> for Target {
    fn eq(&self, aim: &Aim) -> bool {
        self.aim == *aim
    }
}

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

/// Is the goal reached by the side to move (the side the goal is against)? A mate must
/// bear the target's marks.
pub(super) fn reached<B: Bits>(pos: &mut Position<B>, aim: Target) -> bool {
    let check = pos.in_check();
    match aim.aim {
        Aim::Mate if !check => false,
        Aim::Stalemate if check => false,
        _ => immobile(pos) && (!check || aim.marks.borne(pos, aim.at)),
    }
}

/// Has the game ended under the rules, given the side to move's legal moves? (A bare
/// king that cannot bare back at once counts as ended.)
pub(super) fn game_over<B: Bits>(pos: &mut Position<B>, legal: &MoveList) -> bool {
    pos.settled_outcome_with(legal) != Outcome::Ongoing
}

/// The moves the side to move may play, into `list`, and whether its game goes on: false
/// when the game is over under the rules (judged from all its legal moves). The moves
/// the target's conditions bar are left out; an empty list with the game going on is a
/// side stuck by them ([`super::bars`]).
pub(super) fn playable<B: Bits>(pos: &mut Position<B>, aim: Target, list: &mut MoveList) -> bool {
    pos.legal_moves(list);
    if game_over(pos, list) {
        return false;
    }
    aim.bars.keep(pos, list);
    true
}

/// Can the side to move reach the goal in one move (the game not over first)? `legal`
/// holds the moves it may play ([`playable`]). For a mate only checking moves are played out, each known to
/// check before it is made.
pub(super) fn goal_in_one<B: Bits>(pos: &mut Position<B>, legal: &MoveList, aim: Target) -> bool {
    let info = (aim == Aim::Mate).then(|| pos.check_info());
    legal.as_slice().iter().any(|&m| {
        if info.as_ref().is_some_and(|i| !pos.gives_check_with(m, i)) {
            return false;
        }
        let after = aim.after(pos, &m);
        let u = pos.make(m);
        let ok = reached(pos, after);
        pos.unmake(m, u);
        ok
    })
}
