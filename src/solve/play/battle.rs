//! Battle play (`#N`, `s#N`, `s=N`, `r#N`, `semi-r#N`): White attacks, Black defends, a
//! depth-limited AND/OR search with a table of verdicts per (position, moves left).
//!
//! The family's hooks: where the goal is tested (after White's moves for `#`, after
//! Black's for `s#`); the forced end before Black's moves (`r#`, `semi-r#`: a Black
//! goal in one ends play, Black must take it); the constraint before White's moves
//! (`r#`: White may not have the goal in one). A White move after which Black has no
//! move, or the game is over, fails (unwanted immobility). Without `exact` the goal
//! counts at every depth; with it only on the last move.
//!
//! Before a node's moves are listed, the quick judges of `obliged` are asked: the `#N`
//! search's bounds (the mating side cannot check or take the flights in time) before
//! White's moves, and at a selfmate's last move one legal Black move that gives no
//! check.

use super::bounds::bounds_apply;
use super::goal::{goal_in_one, playable, reached, Target};
use super::meter::Meter;
use super::obliged::{goal_out_of_reach, self_end_fails};
use super::stalemate::keep_stalemating;
use super::stip::{Aim, Family};
use super::table::Table;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};

/// A sub-search's verdict: `Some(true)` forced, `Some(false)` not, `None` stopped.
pub(super) type Verdict = Option<bool>;

/// One battle search.
pub(super) struct BattleSearch<'m, B: Bits> {
    pub(super) pos: Position<B>,
    pub(super) family: Family,
    pub(super) aim: Target,
    pub(super) exact: bool,
    pub(super) meter: &'m mut Meter,
    table: Table,
    /// May the `#N` search's bounds answer (fixed for the search)?
    bounds: bool,
}

impl<'m, B: Bits> BattleSearch<'m, B> {
    pub(super) fn new(
        pos: Position<B>,
        family: Family,
        aim: Target,
        exact: bool,
        meter: &'m mut Meter,
    ) -> Self {
        // The bounds judge a plain goal (no marks, no move barred).
        let bounds = aim.is_plain() && bounds_apply(&pos);
        BattleSearch {
            pos,
            family,
            aim,
            exact,
            meter,
            table: Table::default(),
            bounds,
        }
    }

    /// The moves the side to move may play, into `list`, when it may move at all: false
    /// if the game is over, no move is left it by the conditions, or (`r#`, White to
    /// move) White has the goal in one.
    pub(super) fn attack_moves(&mut self, list: &mut MoveList) -> bool {
        if !playable(&mut self.pos, self.aim, list) || list.is_empty() {
            return false;
        }
        !(self.family == Family::Reflex && goal_in_one(&mut self.pos, list, self.aim))
    }

    /// White to move with `n` moves left: does White force the goal?
    pub(super) fn attack(&mut self, n: u32) -> Verdict {
        let hash = self.aim.key(self.pos.hash());
        if let Some(v) = self.table.get(hash, n) {
            return Some(v);
        }
        let mut list = MoveList::new();
        let out = self.bounds && goal_out_of_reach(&self.pos, self.family, self.aim, n);
        if out || !self.attack_moves(&mut list) {
            self.table.put(hash, n, false);
            return Some(false);
        }
        // `=1`: White's move must take away each of Black's.
        if n == 1 && self.bounds && self.family == Family::Direct && self.aim == Aim::Stalemate {
            keep_stalemating(&mut self.pos, &mut list);
        }
        let mut won = false;
        for &m in list.as_slice() {
            if self.meter.tick() {
                return None;
            }
            let v = self.after_move(m, |s| s.after_attack(n));
            if v? {
                won = true;
                break;
            }
        }
        self.table.put(hash, n, won);
        Some(won)
    }

    /// Black's moves after White's move (of `n` left, this one counted), into
    /// `list`, or the verdict when play ends here.
    pub(super) fn defence_moves(&mut self, n: u32, list: &mut MoveList) -> Result<(), bool> {
        let last = n == 1;
        if self.family == Family::Direct && reached(&mut self.pos, self.aim) {
            return Err(last || !self.exact);
        }
        if !playable(&mut self.pos, self.aim, list) || list.is_empty() {
            return Err(false);
        }
        if matches!(self.family, Family::Reflex | Family::SemiReflex) {
            if goal_in_one(&mut self.pos, list, self.aim) {
                return Err(last || !self.exact);
            }
            if last {
                return Err(false);
            }
        }
        if self.family == Family::Direct && last {
            return Err(false);
        }
        Ok(())
    }

    /// Is this Black's last move in a selfmate (every move must reach the goal)?
    fn self_end(&self, n: u32) -> bool {
        self.family == Family::Self_ && n == 1
    }

    /// Does this Black move keep White from the goal (`n` White moves left, the one
    /// before it counted)?
    pub(super) fn refutes(&mut self, d: Move, n: u32) -> Verdict {
        self.after_move(d, |s| {
            if s.family == Family::Self_ && reached(&mut s.pos, s.aim) {
                // Reached too early under `exact`: play has ended without White's win.
                Some(n > 1 && s.exact)
            } else if n == 1 {
                Some(true)
            } else {
                s.attack(n - 1).map(|won| !won)
            }
        })
    }

    /// `then` asked after `m` is played (the target following the man that must mate),
    /// and `m` taken back.
    pub(super) fn after_move<T>(&mut self, m: Move, then: impl FnOnce(&mut Self) -> T) -> T {
        let before = self.aim;
        self.aim = before.after(&self.pos, &m);
        let u = self.pos.make(m);
        let v = then(self);
        self.pos.unmake(m, u);
        self.aim = before;
        v
    }

    /// Black to move after White's move: is the goal forced?
    pub(super) fn after_attack(&mut self, n: u32) -> Verdict {
        if self.self_end(n) && self_end_fails(&mut self.pos, self.aim) {
            // A move that gives no check refutes: one node, as if it were played.
            return if self.meter.tick() { None } else { Some(false) };
        }
        let mut list = MoveList::new();
        if let Err(v) = self.defence_moves(n, &mut list) {
            return Some(v);
        }
        for &d in list.as_slice() {
            if self.meter.tick() {
                return None;
            }
            if self.refutes(d, n)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Black's defences after White's move that refute it, at most `most` of them; None
    /// when stopped. Empty both for a move that forces the goal and for one after which
    /// play ends without it (no defence refutes such a move: it fails by itself). At a
    /// selfmate's last move those that give no check come first.
    pub(super) fn refutations(&mut self, n: u32, most: usize) -> Option<Vec<Move>> {
        let mut list = MoveList::new();
        if self.defence_moves(n, &mut list).is_err() {
            return Some(Vec::new());
        }
        if self.self_end(n) && self.aim == Aim::Mate {
            let info = self.pos.check_info();
            let pos = &mut self.pos;
            list.as_mut_slice()
                .sort_by_cached_key(|&d| pos.gives_check_with(d, &info));
        }
        let mut out = Vec::new();
        for &d in list.as_slice() {
            if self.meter.tick() {
                return None;
            }
            if self.refutes(d, n)? {
                out.push(d);
                if out.len() >= most {
                    break;
                }
            }
        }
        Some(out)
    }
}
