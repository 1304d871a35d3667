//! Help play (`h#N`, `h#N.5`, `h=N`, `h#=N`): both sides cooperate, every line of the
//! stipulated length that ends in the goal is a solution. Lines shorter by a whole number
//! of moves count too unless the stipulation is exact; they are listed first.
//!
//! Help-self and help-reflex play (`hs#N`, `hr#N`, and `.5`, `=`, `#=`) are the same
//! search with another end: the last half-move of the line is White's, after which
//! every Black move must reach the goal against White (`hs`, an `s#1`), or White,
//! having no goal in one before it, leaves Black a goal in one that Black must then
//! play (`hr`, an `r#1`). Black's forced last move is not part of the line. In `hr`
//! neither side may have the goal in one before any of its moves, as in `r#`: White
//! would have to play it, and Black's would end the line there, a shorter solution. So
//! `hr#N.5`, Black first, is solved by no move at all when Black has the goal in one
//! in the diagram.
//!
//! The search shares the `#N` search's bounds and its judge of the mating move
//! ([`super::bounds`]); the ends of `hs` and `hr` are the `ser-s` and `ser-r` ones.

use super::bounds::{bounds_apply, mates_in_one, out_of_reach};
use super::goal::{goal_in_one, playable, reached, Target};
use super::meter::Meter;
use super::series::forced_to_goal;
use super::stalemate::{keep_stalemate_openers, stalemating_moves};
use super::stip::{Aim, Family, Play};
use super::table::Table;
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};
use crate::solve::reach::keep_goal_openers;

/// How a help line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HelpEnd {
    /// `h`: the last move reaches the goal.
    Goal,
    /// `hs`: after the last (White) move every Black move reaches the goal.
    Self_,
    /// `hr`: White has no goal in one before any of his moves, Black has one after the last.
    Reflex,
}

impl HelpEnd {
    /// The end of a help family's lines.
    pub(super) fn of(family: Family) -> HelpEnd {
        match family {
            Family::HelpSelf => HelpEnd::Self_,
            Family::HelpReflex => HelpEnd::Reflex,
            _ => HelpEnd::Goal,
        }
    }
}

/// May the side to move, with these moves ([`playable`]), go on with a help line ending in `end`?
/// In `hr` not when it has the goal in one, before any of its moves: it would have to
/// play it. Popeye's regression file `REGRESSIONS/4_51_to_4_53.inp` rules out an `hr#3`
/// line for White's mate at his second move (`2.a8=Q#`), and its test file
/// `TESTS/help_play.inp` the longer lines of an `hr#2` and an `hr#1.5` where Black could
/// mate at once (the solutions are `1.f3-f4 b3-b2#` and `1...b3-b2#`).
pub(super) fn may_go_on<B: Bits>(
    pos: &mut Position<B>,
    legal: &MoveList,
    end: HelpEnd,
    aim: Target,
) -> bool {
    end != HelpEnd::Reflex || !goal_in_one(pos, legal, aim)
}

/// Does a help line ending in `end` succeed here, its last move just played?
pub(super) fn ends_well<B: Bits>(
    pos: &mut Position<B>,
    end: HelpEnd,
    aim: Target,
    meter: &mut Meter,
) -> bool {
    match end {
        HelpEnd::Goal => (aim != Aim::Mate || pos.in_check()) && reached(pos, aim),
        HelpEnd::Self_ => forced_to_goal(pos, aim, meter),
        HelpEnd::Reflex => {
            let mut list = MoveList::new();
            playable(pos, aim, &mut list) && goal_in_one(pos, &list, aim)
        }
    }
}

/// One help search: the board, the goal, and the lines found.
pub(super) struct HelpSearch<'m, B: Bits> {
    pub(super) pos: Position<B>,
    pub(super) aim: Target,
    pub(super) end: HelpEnd,
    pub(super) meter: &'m mut Meter,
    /// The `#N` search's bounds may answer here (fixed by the rules: see the module text).
    bounds: bool,
    fails: Table,
    line: Vec<Move>,
    pub(super) found: Vec<Vec<Move>>,
}

impl<'m, B: Bits> HelpSearch<'m, B> {
    pub(super) fn new(pos: Position<B>, aim: Target, end: HelpEnd, meter: &'m mut Meter) -> Self {
        // The bounds judge a plain goal (no marks, no move barred) reached by the last
        // mover only.
        let bounds = end == HelpEnd::Goal && aim.is_plain() && bounds_apply(&pos);
        HelpSearch {
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

    /// Lists every line of exactly `left` half-moves from here that ends in the goal;
    /// true when there is one. A stopped search may return false wrongly, and then
    /// stores nothing.
    pub(super) fn lines(&mut self, left: u32) -> bool {
        if left == 0 {
            return self.ends_here();
        }
        let hash = self.aim.key(self.pos.hash());
        if left > 1 && self.fails.failed(hash, left) {
            return false;
        }
        if self.bounds && self.out_of_reach(left) {
            // Kept, so that a transposition is not judged again (the last half-move's
            // nodes are too many to keep, and too quick to judge).
            if left > 1 {
                self.fails.put(hash, left, false);
            }
            return false;
        }
        if left == 1 && self.bounds && self.aim == Aim::Mate {
            let lines = (&mut self.line, &mut self.found);
            return mates_in_one(&mut self.pos, self.meter, lines);
        }
        // The mating move must check: no check at all, no mate (and no need to list the
        // moves).
        if left == 1 && self.aim == Aim::Mate && self.end == HelpEnd::Goal {
            let mut checks = MoveList::new();
            self.pos.checking_moves(&mut checks);
            if checks.is_empty() {
                return false;
            }
        }
        let mut list = MoveList::new();
        if left == 1 && self.bounds && self.aim == Aim::Stalemate {
            // The stalemating move must take away each of the other side's moves.
            if !stalemating_moves(&mut self.pos, &mut list) {
                return false;
            }
        } else if !playable(&mut self.pos, self.aim, &mut list)
            || list.is_empty()
            || !may_go_on(&mut self.pos, &list, self.end, self.aim)
        {
            return false;
        }
        // Before the last move: only a move that may open a way to the mate or stalemate.
        if left == 2 && self.bounds && self.aim == Aim::Stalemate {
            keep_stalemate_openers(&mut self.pos, &mut list);
        }
        if left == 2 && self.bounds {
            keep_goal_openers(&self.pos, self.pos.side().flip(), &mut list);
        }
        let mut any = false;
        // The children probe the table with `left - 1` (above 1): their slots are
        // fetched a few moves ahead, so that the probe seldom waits for memory.
        let ahead = left > 2;
        for (i, &m) in list.as_slice().iter().enumerate() {
            if self.meter.tick() {
                return any;
            }
            if ahead {
                self.fails
                    .fetch_ahead(&self.pos, &self.aim, &list, (i, left - 1));
            }
            let before = self.aim;
            self.aim = before.after(&self.pos, &m);
            let u = self.pos.make(m);
            self.line.push(m);
            if left == 1 {
                if ends_well(&mut self.pos, self.end, self.aim, self.meter) {
                    self.found.push(self.line.clone());
                    any = true;
                }
            } else {
                any |= self.lines(left - 1);
            }
            self.line.pop();
            self.pos.unmake(m, u);
            self.aim = before;
        }
        if !any && !self.meter.stopped && left > 1 {
            self.fails.put(hash, left, false);
        }
        any
    }

    /// The line of no move: its end holds before any move (an `hr#N.5` where Black has
    /// the goal in one in the diagram).
    fn ends_here(&mut self) -> bool {
        let holds = ends_well(&mut self.pos, self.end, self.aim, self.meter);
        if holds {
            self.found.push(Vec::new());
        }
        holds
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
/// each with its length in the stipulation's moves (`hs`, `hr`: White's last move
/// counted, Black's forced one not; an `hr#N.5`'s line may have no move).
pub(super) fn help_lengths(play: &Play) -> Vec<(u32, u32)> {
    let goal = play.family == Family::Help;
    let from_zero = goal || play.family == Family::HelpReflex;
    let first = if play.exact {
        play.moves
    } else if play.half && from_zero {
        0
    } else {
        1
    };
    let extra = play.half as u32 + goal as u32;
    (first..=play.moves)
        .map(|k| (2 * k + extra - 1, k))
        .collect()
}
