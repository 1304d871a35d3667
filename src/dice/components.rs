//! The strongly connected components of a chance table's move graph (within the table:
//! captures lead into smaller tables, solved before), found by Tarjan's algorithm run
//! without recursion (a table has millions of entries), in the order `dice::scc` solves
//! them: every component after all those its moves lead to.

use super::error::DiceError;
use super::sweep::{Stops, Turns, CONST, THROWN};

/// A table's components in the order they are solved (every component after all those
/// its moves lead to).
pub(super) struct Components {
    /// The thrown entries, component by component.
    pub(super) order: Vec<u32>,
    /// Component k is `order[start[k]..start[k + 1]]`.
    pub(super) start: Vec<u32>,
    /// Per entry, a bit: one of its moves comes back to it.
    looped: Vec<u64>,
}

impl Components {
    pub(super) fn loops(&self, i: usize) -> bool {
        self.looped[i / 64] >> (i % 64) & 1 != 0
    }
    /// Component k's entries.
    pub(super) fn members(&self, k: usize) -> &[u32] {
        &self.order[self.start[k] as usize..self.start[k + 1] as usize]
    }
    /// How many.
    pub(super) fn count(&self) -> usize {
        self.start.len() - 1
    }
    /// Entries in the largest.
    pub(super) fn largest(&self) -> usize {
        self.start
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }
}

/// The successors of thrown entry `v` that are thrown entries of the table, sorted and
/// without repeats, appended to `out`.
fn successors(
    turns: &impl Turns,
    state: &[u8],
    v: usize,
    out: &mut Vec<u32>,
) -> Result<(), DiceError> {
    let begin = out.len();
    turns.each_throw(v, &mut |_, children, _| {
        for &c in children {
            if c & CONST == 0 && state[c as usize] == THROWN {
                out.push(c);
            }
        }
    })?;
    out[begin..].sort_unstable();
    let mut keep = begin;
    for k in begin..out.len() {
        if k == begin || out[k] != out[keep - 1] {
            out[keep] = out[k];
            keep += 1;
        }
    }
    out.truncate(keep);
    Ok(())
}

/// Tarjan's bookkeeping.
struct Tarjan {
    /// Visit number from 1 (0: not visited; [`DONE`]: in a component).
    index: Vec<u32>,
    /// The lowest visit number reachable on the stack.
    low: Vec<u32>,
    stack: Vec<u32>,
    /// The successors of the entries on the path, one run each.
    edges: Vec<u32>,
    /// Per entry on the path: (entry, its successors' start in `edges`, the next one).
    path: Vec<(u32, usize, usize)>,
    counter: u32,
}

/// Assigned to a component (no longer on Tarjan's stack).
const DONE: u32 = u32::MAX;

impl Tarjan {
    /// Visits entry `w`: numbers it and puts it and its successors on the path.
    fn enter(&mut self, turns: &impl Turns, state: &[u8], w: usize) -> Result<(), DiceError> {
        self.index[w] = self.counter;
        self.low[w] = self.counter;
        self.counter += 1;
        self.stack.push(w as u32);
        let begin = self.edges.len();
        successors(turns, state, w, &mut self.edges)?;
        self.path.push((w as u32, begin, begin));
        Ok(())
    }
}

/// The strongly connected components of the thrown entries (Tarjan, with an explicit
/// stack for the path instead of recursion).
pub(super) fn components(
    turns: &impl Turns,
    state: &[u8],
    stops: &Stops,
) -> Result<Components, DiceError> {
    let n = state.len();
    let what = "the strongly connected components";
    let reserve = |len: usize| {
        stops
            .budget
            .reserved::<u32>(what, len)
            .map_err(DiceError::memory)
    };
    let mut t = Tarjan {
        index: reserve(n)?,
        low: reserve(n)?,
        stack: vec![],
        edges: vec![],
        path: vec![],
        counter: 1,
    };
    t.index.resize(n, 0);
    t.low.resize(n, 0);
    let mut order = reserve(n)?;
    let mut start = vec![0u32];
    let mut looped = vec![0u64; n.div_ceil(64)];
    for root in 0..n {
        if state[root] != THROWN || t.index[root] != 0 {
            continue;
        }
        stops.check()?;
        t.enter(turns, state, root)?;
        while let Some(&(v, begin, next)) = t.path.last() {
            let v = v as usize;
            if next < t.edges.len() {
                if let Some(top) = t.path.last_mut() {
                    top.2 += 1;
                }
                let w = t.edges[next] as usize;
                if w == v {
                    looped[v / 64] |= 1 << (v % 64);
                }
                if t.index[w] == 0 {
                    if t.counter.is_multiple_of(4096) {
                        stops.check()?;
                    }
                    t.enter(turns, state, w)?;
                } else if t.index[w] != DONE {
                    t.low[v] = t.low[v].min(t.index[w]);
                }
                continue;
            }
            t.path.pop();
            t.edges.truncate(begin);
            if t.low[v] == t.index[v] {
                while let Some(x) = t.stack.pop() {
                    t.index[x as usize] = DONE;
                    order.push(x);
                    if x as usize == v {
                        break;
                    }
                }
                // In the table's order: a component's sweeps then read its entries' moves
                // (and much of their successors) from memory in one direction.
                let from = *start.last().unwrap_or(&0) as usize;
                order[from..].sort_unstable();
                start.push(order.len() as u32);
            }
            if let Some(&(u, ..)) = t.path.last() {
                let u = u as usize;
                t.low[u] = t.low[u].min(t.low[v]);
            }
        }
    }
    Ok(Components {
        order,
        start,
        looped,
    })
}
