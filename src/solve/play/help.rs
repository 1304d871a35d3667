//! Help play (`h#N`, `h#N.5`, `h=N`, `h#=N`): both sides cooperate, every line of the
//! stipulated length that ends in the goal is a solution. Lines shorter by a whole number
//! of moves count too unless the stipulation is exact; they are listed first.
//!
//! The search shares the `#N` search's bounds and its judge of the mating move
//! ([`super::bounds`]).

use super::bounds::{bounds_apply, mates_in_one, out_of_reach};
use super::goal::{game_over, reached};
use super::meter::Meter;
use super::stip::{Aim, Play};
use super::table::Table;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};

/// One help search: the board, the goal, and the lines found.
pub(super) struct HelpSearch<'m, B: Bits> {
    pub(super) pos: Position<B>,
    pub(super) aim: Aim,
    pub(super) meter: &'m mut Meter,
    /// The `#N` search's bounds may answer here (fixed by the rules: see the module text).
    bounds: bool,
    fails: Table,
    line: Vec<Move>,
    pub(super) found: Vec<Vec<Move>>,
}

impl<'m, B: Bits> HelpSearch<'m, B> {
    pub(super) fn new(pos: Position<B>, aim: Aim, meter: &'m mut Meter) -> Self {
        let bounds = bounds_apply(&pos);
        HelpSearch {
            pos,
            aim,
            meter,
            bounds,
            fails: Table::default(),
            line: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Lists every line of exactly `left` half-moves from here that ends in the goal;
    /// true when there is one. A stopped search may return false wrongly, and then
    /// stores nothing.
    pub(super) fn lines(&mut self, left: u32) -> bool {
        let hash = self.pos.hash();
        if left > 1 && self.fails.failed(hash, left) {
            return false;
        }
        if self.bounds && self.out_of_reach(left) {
            return false;
        }
        if left == 1 && self.bounds && self.aim == Aim::Mate {
            let lines = (&mut self.line, &mut self.found);
            return mates_in_one(&mut self.pos, self.meter, lines);
        }
        // The mating move must check: no check at all, no mate (and no need to list the
        // moves).
        if left == 1 && self.aim == Aim::Mate {
            let mut checks = MoveList::new();
            self.pos.checking_moves(&mut checks);
            if checks.is_empty() {
                return false;
            }
        }
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        if game_over(&mut self.pos, &list) {
            return false;
        }
        let mut any = false;
        for &m in list.as_slice() {
            if self.meter.tick() {
                return any;
            }
            let u = self.pos.make(m);
            self.line.push(m);
            if left == 1 {
                if (self.aim != Aim::Mate || self.pos.in_check())
                    && reached(&mut self.pos, self.aim)
                {
                    self.found.push(self.line.clone());
                    any = true;
                }
            } else {
                any |= self.lines(left - 1);
            }
            self.line.pop();
            self.pos.unmake(m, u);
        }
        if !any && !self.meter.stopped && left > 1 {
            self.fails.put(hash, left, false);
        }
        any
    }

    /// Does a bound rule out the goal within `left` half-moves? The side that makes the
    /// last move must reach it with its `w` moves while the other makes `d`.
    fn out_of_reach(&self, left: u32) -> bool {
        let side = self.pos.side();
        let (mater, w, d) = if left % 2 == 1 {
            (side, left.div_ceil(2), left / 2)
        } else {
            (side.flip(), left / 2, left / 2)
        };
        // With one half-move left a mate's flight squares are asked by its own filter.
        !(self.aim == Aim::Mate && left == 1) && out_of_reach(&self.pos, self.aim, mater, w, d)
    }
}

/// The lengths, in half-moves, a help stipulation's solutions may have, shortest first,
/// each with its length in the stipulation's moves.
pub(super) fn help_lengths(play: &Play) -> Vec<(u32, u32)> {
    let first = if play.exact {
        play.moves
    } else if play.half {
        0
    } else {
        1
    };
    (first..=play.moves)
        .map(|k| (2 * k + play.half as u32, k))
        .collect()
}
