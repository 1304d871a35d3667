//! Exact chances within a horizon: expectimax over the throws (chance nodes) and the
//! moves (each side choosing its best), with a transposition table keyed by the position
//! and the plies left.

use super::turn::{decided_value, pass, start, Choice, Start, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::die::{Dice, NoMove, Roll};
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What "best" means for the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Both sides play for the best expected score (win 1, draw ½, loss 0).
    Score,
    /// `Color` plays to raise its chance of winning, the other side to lower it (a
    /// problem's "win in N": a draw is as good as a loss to the attacker).
    WinFor(Color),
}

impl Objective {
    /// How much the side `side` likes chances `v` (its own point of view).
    #[inline]
    fn utility(self, side: Color, v: Wl) -> f64 {
        match self {
            Objective::Score => v.w - v.l,
            Objective::WinFor(c) if c == side => v.w,
            Objective::WinFor(_) => -v.l,
        }
    }
}

/// The search stopped at a limit before it had the answer.
#[derive(Debug, Clone)]
pub struct TooBig {
    /// Nodes searched before stopping.
    pub nodes: u64,
    /// Which limit.
    pub why: Stop,
}

/// The limit a search stopped at.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// The node budget.
    Nodes,
    /// The deadline.
    Time,
    /// Ctrl-C.
    Cancelled,
    /// The table would outgrow the memory budget (the message says by how much).
    Memory(String),
}

impl Stop {
    /// The limit as a verdict's `limit_hit` names it.
    pub fn name(&self) -> String {
        match self {
            Stop::Nodes => "nodes".into(),
            Stop::Time => "time limit reached".into(),
            Stop::Cancelled => "cancelled".into(),
            Stop::Memory(m) => format!("memory: {m}"),
        }
    }
}

/// Bytes one entry of the search's table takes (key, chances, control byte, slack).
const ENTRY_BYTES: u64 = 40;

/// An expectimax searcher; its table carries over between calls (the simulation asks
/// the same positions again and again).
pub struct Expectimax {
    rolls: Vec<Roll>,
    no_move: NoMove,
    objective: Objective,
    tt: HashMap<(u64, u32), Wl>,
    /// Positions evaluated (table hits not counted).
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    budget: crate::memory::Budget,
}

impl Expectimax {
    /// A searcher for these dice (under these rules) and objective, stopping after
    /// `max_nodes` evaluated positions.
    pub fn new(
        dice: &Dice,
        rules: &crate::board::rules::Rules,
        objective: Objective,
        max_nodes: u64,
    ) -> Self {
        Expectimax {
            rolls: dice.rolls(&rules.pieces),
            no_move: dice.no_move,
            objective,
            tt: HashMap::new(),
            nodes: 0,
            max_nodes,
            deadline: None,
            cancel: None,
            budget: crate::memory::Budget::default(),
        }
    }

    /// Also stops at the deadline of `stops` and when its cancel flag rises (polled
    /// every 1024 nodes), and keeps its table within the budget of `stops` (the
    /// default budget otherwise).
    pub fn with_stops(mut self, stops: &super::sweep::Stops) -> Self {
        self.deadline = stops.deadline;
        self.cancel = stops.cancel.clone();
        self.budget = stops.budget;
        self
    }

    /// Counts a node; the limit it passes, if any.
    fn tick(&mut self) -> Result<(), TooBig> {
        self.nodes += 1;
        let why = if self.nodes > self.max_nodes {
            Some(Stop::Nodes)
        } else if !self.nodes.is_multiple_of(1024) {
            None
        } else if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Time)
        } else {
            None
        };
        match why {
            Some(why) => Err(TooBig {
                nodes: self.nodes,
                why,
            }),
            None => Ok(()),
        }
    }

    /// Room for one more entry in the table: a growth is checked against the memory
    /// budget and allocated fallibly.
    fn room(&mut self) -> Result<(), TooBig> {
        if self.tt.len() < self.tt.capacity() {
            return Ok(());
        }
        let more = self.tt.len().max(1 << 10);
        let bytes = (self.tt.len() + more) as u64 * ENTRY_BYTES * 8 / 7;
        self.budget
            .check("the dice search's table", bytes)
            .map_err(String::from)
            .and_then(|_| {
                self.tt
                    .try_reserve(more)
                    .map_err(|_| format!("the system refused {}", crate::memory::human(bytes)))
            })
            .map_err(|m| TooBig {
                nodes: self.nodes,
                why: Stop::Memory(m),
            })
    }

    /// The policy when the thrown kinds cannot move.
    pub fn no_move(&self) -> NoMove {
        self.no_move
    }

    /// The throws of the die.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    /// The chances of the side to move with `plies` plies left (its own turn is the
    /// first; the game must be decided by the end of the last).
    pub fn value<B: Bits>(&mut self, pos: &mut Position<B>, plies: u32) -> Result<Wl, TooBig> {
        let key = (pos.hash, plies);
        if let Some(&v) = self.tt.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let v = match start(pos, &self.rolls, self.no_move) {
            Start::Decided(out) => decided_value(&out, pos.side),
            Start::Throws(_) if plies == 0 => Wl::NONE,
            Start::Throws(throws) => {
                let mut acc = Wl::NONE;
                for t in &throws {
                    let (_, v) = self.choose(pos, plies, &t.throw)?;
                    acc.w += t.prob * v.w;
                    acc.l += t.prob * v.l;
                }
                acc
            }
        };
        self.room()?;
        self.tt.insert(key, v);
        Ok(v)
    }

    /// The best choice under `throw` with `plies` left (at least 1), and its chances for
    /// the side to move. Ties go to the first move in generation order, so the same
    /// position always gets the same choice.
    pub fn choose<B: Bits>(
        &mut self,
        pos: &mut Position<B>,
        plies: u32,
        throw: &Throw,
    ) -> Result<(Choice, Wl), TooBig> {
        match throw {
            Throw::TakesKing => Ok((Choice::TakeKing, Wl::WIN)),
            Throw::Forfeit => {
                let mut p = pass(pos);
                Ok((Choice::Forfeit, self.value(&mut p, plies - 1)?.flip()))
            }
            Throw::Moves(ms) => {
                let side = pos.side;
                let mut best: Option<(Move, Wl, f64)> = None;
                for &m in ms {
                    let u = pos.make(m);
                    let r = self.value(pos, plies - 1);
                    pos.unmake(m, u);
                    let v = r?.flip();
                    let score = self.objective.utility(side, v);
                    if best.as_ref().is_none_or(|b| score > b.2 + 1e-12) {
                        best = Some((m, v, score));
                    }
                }
                let (m, v, _) = best.expect("a throw with moves has a move");
                Ok((Choice::Play(m), v))
            }
        }
    }

    /// Plays `games` games of at most `plies` plies from `pos` with this search's choices
    /// and seeded throws (see [`simulate`](super::simulate::simulate)).
    pub fn simulate<B: Bits>(
        &mut self,
        pos: &Position<B>,
        plies: u32,
        games: u64,
        seed: u64,
    ) -> Result<super::Simulated, TooBig> {
        let rolls = self.rolls.clone();
        let no_move = self.no_move;
        // The search's own deadline and Ctrl-C also end the games (those whose choices
        // are all in the table would never ask the search to stop).
        let (deadline, cancel) = (self.deadline, self.cancel.clone());
        let stop = move || {
            deadline.is_some_and(|d| Instant::now() >= d)
                || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
        };
        super::simulate(
            (&rolls, no_move),
            &mut |p, left, t| self.choose(p, left, t),
            pos,
            plies,
            games,
            seed,
            &stop,
        )
    }
}
