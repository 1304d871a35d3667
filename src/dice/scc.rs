//! Topological decomposition of a chance table: the strongly connected components of its
//! move graph (within the table: captures lead into smaller tables, solved before),
//! found by Tarjan's algorithm run without recursion (a table has millions of entries),
//! then solved bottom-up, successors' components first, each only until its own bounds
//! meet: a position none of whose moves comes back to it is settled by one update.
//!
//! The certified error stays sound: every update is the same turn as a whole-table
//! sweep's (`update::turn_value`), read from successors whose lower and upper bounds
//! are sound, so the bounds of every entry stay sound; a component's remaining gap
//! passes into the components above it through those bounds (a turn's gap is at most
//! the widest gap among its successors), and the table's error is the widest gap left
//! over all its entries, measured at the end.

use super::components::components;
use super::error::DiceError;
use super::iterate::{Method, Solved};
use super::sweep::{Stops, Turns, Val, THROWN};
use super::update::Seen;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;

/// A thrown entry whose component is not solved yet: not swept.
const PENDING: u8 = 5;
/// A thrown entry whose component is solved: not swept again.
const SOLVED: u8 = 6;

/// Components of at least this share of the table are swept over the whole table in
/// parallel (`iterate::sweep_all`), smaller ones one entry after another.
const LARGE_SHARE: usize = 16;

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
            let members = comps.members(k);
            let (sweeps, seen) =
                solve_large(turns, state, values, members, method, stops, progress, out)?;
            k += 1;
            (sweeps as usize * members.len(), seen)
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
