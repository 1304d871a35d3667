//! Series play (`ser-#N`, `ser-=N`, `ser-h#N`, `ser-s#N`, `ser-r#N`): one side makes up to N moves
//! in a row while the other passes (a null move, illegal when that side is in check, so
//! no series move but the last may check), then the end play: the goal reached
//! (`ser-#`), the other side reaching it in one (`ser-h#`), or every move of the other
//! side reaching it against the series side (`ser-s#`, which fails when that side has no
//! move), or the other side having the goal in one and so bound to play it (`ser-r#`:
//! the series side may never have the goal in one before a series move, and the other
//! side having it in one after a series move ends play there). The idle side's game
//! must not be over when it passes.

use super::bounds::{bounds_apply, mates_in_one, out_of_reach};
use super::goal::{goal_in_one, playable, reached, Target};
use super::meter::Meter;
use super::null::{null, unnull};
use super::stalemate::{keep_stalemate_openers, stalemating_moves};
use super::stip::{Aim, SeriesEnd};
use super::table::Table;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};
use crate::solve::reach::keep_goal_openers;

/// One series search.
pub(super) struct SeriesSearch<'m, B: Bits> {
    pub(super) pos: Position<B>,
    pub(super) aim: Target,
    pub(super) end: SeriesEnd,
    pub(super) meter: &'m mut Meter,
    /// The `#N` search's bounds may answer here ([`super::bounds`]).
    bounds: bool,
    fails: Table,
    line: Vec<Move>,
    pub(super) found: Vec<Vec<Move>>,
}

/// May the idle side pass here, after a series move that is not the last? Not when it
/// is in check (the series gave check too early) or its game is over, nor in `ser-r`
/// when it could reach the goal in one (it would have to).
pub(super) fn idle_may_pass<B: Bits>(pos: &mut Position<B>, end: SeriesEnd, aim: Target) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut idle = MoveList::new();
    playable(pos, aim, &mut idle) && !(end == SeriesEnd::Reflex && goal_in_one(pos, &idle, aim))
}

impl<'m, B: Bits> SeriesSearch<'m, B> {
    pub(super) fn new(pos: Position<B>, aim: Target, end: SeriesEnd, meter: &'m mut Meter) -> Self {
        // The bounds judge a plain goal (no marks, no move barred).
        let bounds = aim.is_plain() && bounds_apply(&pos);
        SeriesSearch {
            pos,
            aim,
            end,
            meter,
            bounds,
            fails: Table::default(),
            line: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Lists every series of exactly `left` moves from here (series side to move) that
    /// ends as the stipulation asks; true when there is one.
    pub(super) fn lines(&mut self, left: u32) -> bool {
        let hash = self.aim.key(self.pos.hash());
        if self.fails.failed(hash, left) {
            return false;
        }
        if self.bounds && self.out_of_reach(left) {
            // Kept, so that a transposition is not judged again.
            self.fails.put(hash, left, false);
            return false;
        }
        if left == 1 && self.bounds && self.end == SeriesEnd::Direct && self.aim == Aim::Mate {
            return self.record_mates();
        }
        let mut list = MoveList::new();
        if left == 1 && self.bounds && self.end == SeriesEnd::Direct && self.aim == Aim::Stalemate {
            // `ser-=`: the last series move must take away each of the other side's moves.
            if !stalemating_moves(&mut self.pos, &mut list) {
                self.fails.put(hash, left, false);
                return false;
            }
        } else if !playable(&mut self.pos, self.aim, &mut list) || list.is_empty() {
            return false;
        }
        if self.end == SeriesEnd::Reflex && goal_in_one(&mut self.pos, &list, self.aim) {
            self.fails.put(hash, left, false);
            return false;
        }
        // `ser-h`: the last series move must open a way to the other side's goal.
        if left == 1 && self.bounds && self.end == SeriesEnd::Help {
            if self.aim == Aim::Stalemate {
                keep_stalemate_openers(&mut self.pos, &mut list);
            }
            keep_goal_openers(&self.pos, self.pos.side().flip(), &mut list);
        }
        let mut any = false;
        for &m in list.as_slice() {
            if self.meter.tick() {
                return any;
            }
            let before = self.aim;
            self.aim = before.after(&self.pos, &m);
            let u = self.pos.make(m);
            self.line.push(m);
            any |= if left == 1 {
                self.end_play()
            } else {
                self.pass_and_go_on(left - 1)
            };
            self.line.pop();
            self.pos.unmake(m, u);
            self.aim = before;
        }
        if !any && !self.meter.stopped {
            self.fails.put(hash, left, false);
        }
        any
    }

    /// Does a bound rule out the end within `left` series moves? In `ser-#` and `ser-=`
    /// the series side makes them all, the other none; in `ser-h` the series side makes
    /// `left` and the other the last.
    fn out_of_reach(&self, left: u32) -> bool {
        let side = self.pos.side();
        match self.end {
            // With one move left a mate's flight squares are asked by its own filter.
            SeriesEnd::Direct => {
                !(self.aim == Aim::Mate && left == 1)
                    && out_of_reach(&self.pos, self.aim, side, left, 0)
            }
            SeriesEnd::Help => out_of_reach(&self.pos, self.aim, side.flip(), 1, left),
            SeriesEnd::Reflex | SeriesEnd::Self_ => false,
        }
    }

    /// The side to move's mating moves, each ending a line.
    fn record_mates(&mut self) -> bool {
        let lines = (&mut self.line, &mut self.found);
        mates_in_one(&mut self.pos, self.meter, lines)
    }

    /// After a series move that is not the last: the idle side passes, unless it is in
    /// check or its game is over.
    fn pass_and_go_on(&mut self, left: u32) -> bool {
        if !idle_may_pass(&mut self.pos, self.end, self.aim) {
            return false;
        }
        let n = null(&mut self.pos);
        let any = self.lines(left);
        unnull(&mut self.pos, n);
        any
    }

    /// After the last series move: the end play, lines recorded.
    fn end_play(&mut self) -> bool {
        match self.end {
            SeriesEnd::Direct => {
                let ok = reached(&mut self.pos, self.aim);
                if ok {
                    self.found.push(self.line.clone());
                }
                ok
            }
            SeriesEnd::Help => self.other_reaches_in_one(),
            SeriesEnd::Reflex => {
                let mut list = MoveList::new();
                let ok = playable(&mut self.pos, self.aim, &mut list)
                    && goal_in_one(&mut self.pos, &list, self.aim);
                if ok {
                    self.found.push(self.line.clone());
                }
                ok
            }
            SeriesEnd::Self_ => {
                let ok = forced_to_goal(&mut self.pos, self.aim, self.meter);
                if ok {
                    self.found.push(self.line.clone());
                }
                ok
            }
        }
    }

    /// `ser-h`: every move of the other side that reaches the goal ends a solution.
    fn other_reaches_in_one(&mut self) -> bool {
        if self.bounds && self.aim == Aim::Mate {
            return self.record_mates();
        }
        let mut list = MoveList::new();
        if self.bounds && self.aim == Aim::Stalemate {
            if !stalemating_moves(&mut self.pos, &mut list) {
                return false;
            }
        } else if !playable(&mut self.pos, self.aim, &mut list) {
            return false;
        }
        let mut any = false;
        for &w in list.as_slice() {
            if self.meter.tick() {
                return any;
            }
            let after = self.aim.after(&self.pos, &w);
            let u = self.pos.make(w);
            if (self.aim != Aim::Mate || self.pos.in_check()) && reached(&mut self.pos, after) {
                self.line.push(w);
                self.found.push(self.line.clone());
                self.line.pop();
                any = true;
            }
            self.pos.unmake(w, u);
        }
        any
    }
}

/// Must the side to move reach the goal against the other side with its move: it has a
/// move, its game is not over, and every move it has reaches the goal? (A move that
/// does not check cannot mate: tried first, it refutes at once.)
pub(super) fn forced_to_goal<B: Bits>(
    pos: &mut Position<B>,
    aim: Target,
    meter: &mut Meter,
) -> bool {
    let mut list = MoveList::new();
    if !playable(pos, aim, &mut list) || list.is_empty() {
        return false;
    }
    for &d in list.as_slice() {
        if meter.tick() {
            return false;
        }
        let after = aim.after(pos, &d);
        let u = pos.make(d);
        let ok = reached(pos, after);
        pos.unmake(d, u);
        if !ok {
            return false;
        }
    }
    true
}
