//! Topological decomposition of a chance table: the strongly connected components of its
//! move graph (within the table: captures lead into smaller tables, solved before),
//! found by Tarjan's algorithm run without recursion (a table has millions of entries),
//! then solved bottom-up, successors' components first, each only until its own bounds
//! meet: a position none of whose moves comes back to it is settled by one update.
//!
//! The certified error stays sound: every update is the same turn as a whole-table
//! sweep's (`iterate::turn_value`), read from successors whose lower and upper bounds
//! are sound, so the bounds of every entry stay sound; a component's remaining gap
//! passes into the components above it through those bounds (a turn's gap is at most
//! the widest gap among its successors), and the table's error is the widest gap left
//! over all its entries, measured at the end.

use super::error::DiceError;
use super::iterate::{Method, Seen, Solved};
use super::sweep::{Stops, Turns, Val, CONST, THROWN};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;

/// A thrown entry whose component is not solved yet: not swept.
const PENDING: u8 = 5;
/// A thrown entry whose component is solved: not swept again.
const SOLVED: u8 = 6;

/// Components of at least this share of the table are swept over the whole table in
/// parallel (`iterate::sweep_all`), smaller ones one entry after another.
const LARGE_SHARE: usize = 16;

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
    let reserve = |len: usize| crate::memory::reserved::<u32>(what, len).map_err(DiceError::memory);
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

/// Solves the thrown entries of `values` component by component, bottom-up, into `out`
/// (its sweeps: entry updates over thrown entries, rounded up, comparable with the
/// whole-table sweeps): a large component alone, swept on every core; the runs of small
/// components between them on every core at once (`dice::dag`).
pub(super) fn solve(
    turns: &impl Turns,
    state: &mut [u8],
    values: &mut [Val],
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    out: &mut Solved,
) -> Result<(), DiceError> {
    let t0 = std::time::Instant::now();
    let comps = components(turns, state, stops)?;
    out.phases.components = t0.elapsed().as_secs_f64();
    out.components = comps.count();
    out.largest_component = comps.largest();
    let thrown = comps.order.len().max(1);
    let large = (state.len() / LARGE_SHARE).max(2 * super::sweep::CHUNK);
    for &i in &comps.order {
        state[i as usize] = PENDING;
    }
    let (mut updates, mut told) = (0usize, 0usize);
    let mut k = 0;
    while k < comps.count() {
        let (made, seen) = if comps.members(k).len() >= large {
            let (sweeps, seen) = solve_large(
                turns,
                state,
                values,
                comps.members(k),
                method,
                stops,
                progress,
                out,
            )?;
            k += 1;
            (sweeps as usize * comps.members(k - 1).len(), seen)
        } else {
            let from = k;
            while k < comps.count() && comps.members(k).len() < large {
                k += 1;
            }
            let counter = AtomicUsize::new(updates);
            let made = with_progress(&counter, (thrown, &mut told), progress, || {
                super::dag::solve_run(
                    turns,
                    state,
                    values,
                    &comps,
                    from..k,
                    method,
                    stops,
                    out,
                    &counter,
                )
            })?;
            for &i in &comps.order[comps.start[from] as usize..comps.start[k] as usize] {
                state[i as usize] = SOLVED;
            }
            made
        };
        out.residual = out.residual.max(seen.chance);
        updates += made;
        if updates - told >= thrown {
            told = updates;
            progress(updates.div_ceil(thrown) as u32, seen.gap);
        }
    }
    for s in state.iter_mut() {
        if *s == SOLVED {
            *s = THROWN;
        }
    }
    out.sweeps = updates.div_ceil(thrown) as u32;
    out.error_bound = comps
        .order
        .iter()
        .map(|&i| values[i as usize].hi - values[i as usize].lo)
        .fold(0.0, f64::max);
    Ok(())
}

/// Runs `work` on a thread of its own while this one writes the progress line every half
/// second from `counter` (entry updates; a line per `thrown` of them, `told` the last).
fn with_progress<T: Send>(
    counter: &AtomicUsize,
    (thrown, told): (usize, &mut usize),
    progress: &dyn Fn(u32, f64),
    work: impl FnOnce() -> Result<T, DiceError> + Send,
) -> Result<T, DiceError> {
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        scope.spawn(move || tx.send(work()));
        loop {
            match rx.recv_timeout(std::time::Duration::from_millis(500)) {
                Ok(done) => return done,
                Err(RecvTimeoutError::Timeout) => {
                    let now = counter.load(Ordering::Relaxed);
                    if now - *told >= thrown {
                        *told = now;
                        // The table's widest gap: entries still open span a loss to a win.
                        progress(now.div_ceil(thrown) as u32, 2.0);
                    }
                }
                // Only if the worker panicked: the scope passes its panic on.
                Err(RecvTimeoutError::Disconnected) => return Err(DiceError::Interrupted),
            }
        }
    })
}

/// Solves a component of at least a sixteenth of the table by whole-table sweeps on every
/// core: interval iteration first; where its bounds close too slowly (or when asked for),
/// the accelerated solve, and if its certificate fails, interval iteration again from the
/// sound bounds left. The sweeps made and what the last saw.
#[allow(clippy::too_many_arguments)]
fn solve_large(
    turns: &impl Turns,
    state: &mut [u8],
    values: &mut [Val],
    members: &[u32],
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    out: &mut Solved,
) -> Result<(u32, Seen), DiceError> {
    for &i in members {
        state[i as usize] = THROWN;
    }
    let mut part = Solved {
        probe: !method.accelerate,
        ..Solved::default()
    };
    if !method.accelerate {
        super::iterate::iterate(turns, state, values, method, stops, progress, &mut part)?;
    }
    if method.accelerate || part.long {
        part.probe = false;
        let done =
            super::accelerate::solve(turns, state, values, method, stops, progress, &mut part)?;
        if !done {
            super::iterate::iterate(turns, state, values, method, stops, progress, &mut part)?;
        }
    }
    out.deflations += part.deflations;
    out.krylov += part.krylov;
    out.certified |= part.certified;
    for &i in members {
        state[i as usize] = SOLVED;
    }
    let mut seen = Seen::default().with_chance(part.residual);
    seen.gap = part.error_bound;
    Ok((part.sweeps, seen))
}
