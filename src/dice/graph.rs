//! A chance table's successors laid out flat (one array of throws, one of successors),
//! worked out once and read by every sweep: fast, and as large as the moves.

use super::error::DiceError;
use super::sweep::{ThrowVisitor, Turns, Val, CONST, DECIDED, MIRRORED, NO_POSITION, THROWN};

/// A successor under one throw, as seen from the child's side to move.
#[derive(Clone, Copy, Debug)]
pub(super) enum Child {
    /// A position of the same table.
    In(u32),
    /// A fixed value (a smaller table's, or a king taken).
    Const(Val),
}

/// What one position does.
pub(super) enum Plan {
    /// Not a position (identical men out of order).
    NoPosition,
    /// Solved at its canonical image under a board symmetry.
    Mirrored,
    /// The preset has decided it.
    Decided(Val),
    /// Per throw: its chance and the successors it allows (one for a forfeit or a king
    /// taken).
    Throws(Vec<(f64, Vec<Child>)>),
}

/// The successor graph of one table, flat.
pub(super) struct Graph {
    /// Per entry: thrown, decided or no position (`iterate::THROWN`, ...).
    pub(super) state: Vec<u8>,
    /// The value each entry starts from.
    pub(super) start: Vec<Val>,
    /// Throws of entry i: `first_throw[i]..first_throw[i + 1]`.
    first_throw: Vec<u32>,
    prob: Vec<f64>,
    /// Successors of throw t: `first_child[t]..first_child[t + 1]`.
    first_child: Vec<u32>,
    /// A successor: an entry, or (top bit set) an index into `consts`.
    child: Vec<u32>,
    consts: Vec<Val>,
}

impl Graph {
    /// Lays the plans out flat (and lets them go).
    pub(super) fn from_plans(plans: Vec<Plan>) -> Graph {
        let mut g = Graph {
            state: Vec::with_capacity(plans.len()),
            start: Vec::with_capacity(plans.len()),
            first_throw: Vec::with_capacity(plans.len() + 1),
            prob: vec![],
            first_child: vec![],
            child: vec![],
            consts: vec![],
        };
        for p in plans {
            g.first_throw.push(g.prob.len() as u32);
            let (state, start) = match p {
                Plan::NoPosition => (NO_POSITION, Val::ZERO),
                Plan::Mirrored => (MIRRORED, Val::ZERO),
                Plan::Decided(v) => (DECIDED, v),
                Plan::Throws(throws) => {
                    for (pr, children) in throws {
                        g.prob.push(pr);
                        g.first_child.push(g.child.len() as u32);
                        for c in children {
                            g.child.push(match c {
                                Child::In(j) => j,
                                Child::Const(v) => {
                                    g.consts.push(v);
                                    CONST | (g.consts.len() as u32 - 1)
                                }
                            });
                        }
                    }
                    (THROWN, Val::UNDECIDED)
                }
            };
            g.state.push(state);
            g.start.push(start);
        }
        g.first_throw.push(g.prob.len() as u32);
        g.first_child.push(g.child.len() as u32);
        g
    }

    /// Memory held, bytes.
    pub(super) fn bytes(&self) -> usize {
        self.state.len()
            + self.start.len() * std::mem::size_of::<Val>()
            + (self.first_throw.len() + self.first_child.len() + self.child.len()) * 4
            + self.prob.len() * 8
            + self.consts.len() * std::mem::size_of::<Val>()
    }
}

impl Turns for Graph {
    #[inline]
    fn each_throw(&self, i: usize, throw: &mut ThrowVisitor<'_>) -> Result<(), DiceError> {
        for t in self.first_throw[i] as usize..self.first_throw[i + 1] as usize {
            let children =
                &self.child[self.first_child[t] as usize..self.first_child[t + 1] as usize];
            throw(self.prob[t], children, &self.consts);
        }
        Ok(())
    }
}
