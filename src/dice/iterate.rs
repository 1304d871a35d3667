//! Value iteration over a chance table's positions: the successors of every position
//! laid out flat (one array of throws, one of successors) so that a sweep reads memory in
//! order, and the sweeps repeated until the chances stand still.

use super::turn::Wl;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Discount per ply of the second value, which only breaks ties between moves of equal
/// chances: with it the side that wins for sure still makes progress.
const GAMMA: f64 = 0.995;

/// The chances of a position, and a discounted score (win soon is better than win late)
/// that ranks moves whose chances are equal.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Val {
    pub(super) c: Wl,
    pub(super) q: f64,
}

impl Val {
    pub(super) const NONE: Val = Val {
        c: Wl::NONE,
        q: 0.0,
    };
    pub(super) fn of(c: Wl) -> Val {
        Val { c, q: c.w - c.l }
    }
    pub(super) fn flip(self) -> Val {
        Val {
            c: self.c.flip(),
            q: -self.q,
        }
    }
    /// Better for the side that chooses: higher expected score, then sooner.
    pub(super) fn better(self, than: Val) -> bool {
        let (a, b) = (self.c.w - self.c.l, than.c.w - than.c.l);
        a > b + 1e-9 || (a >= b - 1e-9 && self.q > than.q + 1e-12)
    }
}

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
    /// The preset has decided it.
    Decided(Val),
    /// Per throw: its chance and the successors it allows (one for a forfeit or a king
    /// taken).
    Throws(Vec<(f64, Vec<Child>)>),
}

/// The successor graph of one table, flat.
pub(super) struct Graph {
    /// Per entry: 0 thrown (see `first_throw`), 1 fixed (`fixed`), 2 no position.
    state: Vec<u8>,
    fixed: Vec<Val>,
    /// Throws of entry i: `first_throw[i]..first_throw[i + 1]`.
    first_throw: Vec<u32>,
    prob: Vec<f64>,
    /// Successors of throw t: `first_child[t]..first_child[t + 1]`.
    first_child: Vec<u32>,
    /// A successor: an entry, or (top bit set) an index into `consts`.
    child: Vec<u32>,
    consts: Vec<Val>,
}

const CONST: u32 = 1 << 31;

/// Most sweeps a table build makes.
const MAX_SWEEPS: u32 = 100_000;

/// When a table build gives up before its values stand still: a deadline, Ctrl-C.
#[derive(Clone, Debug, Default)]
pub struct Stops {
    /// Give up after this instant.
    pub deadline: Option<Instant>,
    /// Give up when this rises (Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Stops {
    /// An error naming the stop reached, if any.
    pub fn check(&self) -> Result<(), String> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err("interrupted".into());
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err("time limit reached".into());
        }
        Ok(())
    }
}

/// The values once they stand still, the sweeps made and the last change.
pub(super) type Swept = (Vec<Val>, u32, f64);

/// Value iteration from `values`: `step(old, new)` writes one sweep's values into `new`;
/// repeated until no chance moves by more than `tolerance` (or [`MAX_SWEEPS`]), the
/// stops polled before each sweep and `progress(sweeps, last change)` told after it.
/// Two arrays of values are held, this sweep's and the last.
pub(super) fn sweep_until(
    mut values: Vec<Val>,
    tolerance: f64,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    step: impl Fn(&[Val], &mut [Val]) -> Result<(), String>,
) -> Result<Swept, String> {
    let mut next = crate::memory::filled("the next sweep's values", values.len(), Val::NONE)?;
    let mut sweeps = 0;
    let mut residual = f64::INFINITY;
    while residual > tolerance && sweeps < MAX_SWEEPS {
        stops.check()?;
        step(&values, &mut next)?;
        residual = residual_of(&next, &values);
        std::mem::swap(&mut values, &mut next);
        sweeps += 1;
        progress(sweeps, residual);
    }
    Ok((values, sweeps, residual))
}

impl Graph {
    /// Lays the plans out flat (and lets them go).
    pub(super) fn from_plans(plans: Vec<Plan>) -> Graph {
        let mut g = Graph {
            state: Vec::with_capacity(plans.len()),
            fixed: vec![Val::NONE; plans.len()],
            first_throw: Vec::with_capacity(plans.len() + 1),
            prob: vec![],
            first_child: vec![],
            child: vec![],
            consts: vec![],
        };
        for (i, p) in plans.into_iter().enumerate() {
            g.first_throw.push(g.prob.len() as u32);
            match p {
                Plan::NoPosition => g.state.push(2),
                Plan::Decided(v) => {
                    g.state.push(1);
                    g.fixed[i] = v;
                }
                Plan::Throws(throws) => {
                    g.state.push(0);
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
                }
            }
        }
        g.first_throw.push(g.prob.len() as u32);
        g.first_child.push(g.child.len() as u32);
        g
    }

    /// Memory held, bytes.
    pub(super) fn bytes(&self) -> usize {
        self.state.len()
            + self.fixed.len() * std::mem::size_of::<Val>()
            + (self.first_throw.len() + self.first_child.len() + self.child.len()) * 4
            + self.prob.len() * 8
            + self.consts.len() * std::mem::size_of::<Val>()
    }

    /// Per entry: 0 thrown, 1 decided, 2 no position (the graph goes, the states stay).
    pub(super) fn into_state(self) -> Vec<u8> {
        self.state
    }

    /// Sweeps until no chance moves by more than `tolerance` (see [`sweep_until`]).
    pub(super) fn iterate(
        &self,
        tolerance: f64,
        stops: &Stops,
        progress: &dyn Fn(u32, f64),
    ) -> Result<Swept, String> {
        sweep_until(
            self.fixed.clone(),
            tolerance,
            stops,
            progress,
            |old, new| {
                new.par_iter_mut()
                    .enumerate()
                    .for_each(|(i, v)| *v = self.sweep(i, old));
                Ok(())
            },
        )
    }

    /// One turn of value iteration for entry `i`: the chances add up over the throws,
    /// the tie-breaking score is discounted by one ply.
    #[inline]
    fn sweep(&self, i: usize, values: &[Val]) -> Val {
        if self.state[i] != 0 {
            return self.fixed[i];
        }
        let mut acc = Val::NONE;
        for t in self.first_throw[i] as usize..self.first_throw[i + 1] as usize {
            let mut best: Option<Val> = None;
            for &c in &self.child[self.first_child[t] as usize..self.first_child[t + 1] as usize] {
                pick(
                    &mut best,
                    if c & CONST != 0 {
                        self.consts[(c & !CONST) as usize]
                    } else {
                        values[c as usize]
                    },
                );
            }
            add_throw(&mut acc, self.prob[t], best);
        }
        acc
    }
}

/// Keeps in `best` the better of it and a successor worth `child` to its side to move
/// (the first of equals stays).
#[inline]
pub(super) fn pick(best: &mut Option<Val>, child: Val) {
    let v = child.flip();
    if best.is_none_or(|b| v.better(b)) {
        *best = Some(v);
    }
}

/// Adds a throw of chance `p` whose best successor is `best` (none: nothing decided) to
/// the turn's value: the chances add up, the tie-breaking score is discounted by one ply.
#[inline]
pub(super) fn add_throw(acc: &mut Val, p: f64, best: Option<Val>) {
    let b = best.unwrap_or(Val::NONE);
    acc.c.w += p * b.c.w;
    acc.c.l += p * b.c.l;
    acc.q += p * GAMMA * b.q;
}

/// The largest change of a chance between two sweeps.
pub(super) fn residual_of(next: &[Val], values: &[Val]) -> f64 {
    next.par_iter()
        .zip(values.par_iter())
        .map(|(a, b)| (a.c.w - b.c.w).abs().max((a.c.l - b.c.l).abs()))
        .reduce(|| 0.0, f64::max)
}
