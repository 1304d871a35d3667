//! A run of small components of a chance table (`dice::scc`) solved on every core, each
//! as soon as the components its moves lead to are solved: a count per component of
//! those still open, and each finished component hands on the ones waiting for it.
//! KRKP, whose pawn's moves cut the table into components none of them a sixteenth of
//! it, has its components in chains (a pawn's file after another's), so levels of the
//! same depth held one large component each; this way the chains run side by side.
//!
//! The values are shared between the workers without a lock: a component's worker
//! writes only its own entries, once, when it has finished them, and only then tells the
//! components waiting for it (an atomic count, with release and acquire ordering); it
//! reads its own entries from its own copy and every other thrown entry only from
//! components already finished. No entry is written while another worker can read it.

use super::components::Components;
use super::error::DiceError;
use super::iterate::{Method, Solved, Stall};
use super::members::NONE;
use super::sweep::{Stops, Turns, Val, CONST};
use super::update::Seen;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The table's values, shared by the workers as the module says.
struct Shared {
    ptr: *mut Val,
    len: usize,
}

// SAFETY: the workers follow the module's rule (an entry is written by one worker, once,
// before any worker that reads it is started); `Val` is plain data.
unsafe impl Sync for Shared {}
unsafe impl Send for Shared {}

impl Shared {
    fn read(&self, i: usize) -> Val {
        assert!(i < self.len, "entry {i} of {}", self.len);
        // SAFETY: in bounds; not being written (the module's rule).
        unsafe { self.ptr.add(i).read() }
    }

    fn write(&self, i: usize, v: Val) {
        assert!(i < self.len, "entry {i} of {}", self.len);
        // SAFETY: in bounds; written by its component's worker alone, before any reader.
        unsafe { self.ptr.add(i).write(v) }
    }
}

/// The components of the run, each with the run's components waiting for it.
struct Deps {
    /// Per component of the run (numbered from `run.start`): components it still waits
    /// for.
    open: Vec<AtomicU32>,
    /// Components waiting for component j of the run: `waiting[first[j]..first[j + 1]]`.
    first: Vec<u32>,
    waiting: Vec<u32>,
}

impl Deps {
    /// Which components of `run` each one's moves lead to (`n`: the table's entries),
    /// found on every core.
    fn of(
        turns: &impl Turns,
        comps: &Components,
        run: &Range<usize>,
        n: usize,
        stops: &Stops,
    ) -> Result<Deps, DiceError> {
        let what = "the order of the components";
        let mut comp = stops
            .budget
            .reserved::<u32>(what, n)
            .map_err(DiceError::memory)?;
        comp.resize(n, NONE);
        for k in run.clone() {
            for &i in comps.members(k) {
                comp[i as usize] = k as u32;
            }
        }
        let below: Vec<Vec<u32>> = run
            .clone()
            .into_par_iter()
            .map(|k| {
                if k % 4096 == 0 {
                    stops.check()?;
                }
                let mut to = vec![];
                for &i in comps.members(k) {
                    turns.each_throw(i as usize, &mut |_, children, _| {
                        for &c in children {
                            if c & CONST == 0 {
                                let j = comp[c as usize];
                                if j != NONE && j != k as u32 {
                                    to.push(j - run.start as u32);
                                }
                            }
                        }
                    })?;
                }
                to.sort_unstable();
                to.dedup();
                Ok(to)
            })
            .collect::<Result<_, DiceError>>()?;
        drop(comp);
        let (first, waiting) = super::krylov::turned_round(run.len(), run.len(), |k| &below[k]);
        let open = below
            .iter()
            .map(|to| AtomicU32::new(to.len() as u32))
            .collect();
        Ok(Deps {
            open,
            first,
            waiting,
        })
    }

    /// Component `k` of `run` is solved: the components of the run left waiting for
    /// nothing else (each waiting count is taken down as the iterator passes it, so it
    /// must be run to the end).
    fn finished<'a>(&'a self, k: usize, run: &'a Range<usize>) -> impl Iterator<Item = usize> + 'a {
        let j = k - run.start;
        self.waiting[self.first[j] as usize..self.first[j + 1] as usize]
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| self.open[p].fetch_sub(1, Ordering::AcqRel) == 1)
            .map(move |p| run.start + p)
    }
}

/// What the run's workers gather.
#[derive(Default)]
struct Gathered {
    seen: Seen,
    updates: usize,
    /// Components whose bounds stalled: finished by [`one`] with deflations.
    stalled: Vec<usize>,
    error: Option<DiceError>,
}

/// Solves the components `run` (none of them large; their entries `PENDING`) into
/// `values`: the entry updates made and the greatest change of a chance and widest gap
/// seen at their ends. `counter` counts the updates as they are made.
#[allow(clippy::too_many_arguments)]
pub(super) fn solve_run(
    turns: &impl Turns,
    state: &mut [u8],
    values: &mut [Val],
    comps: &Components,
    run: Range<usize>,
    method: &Method,
    stops: &Stops,
    out: &mut Solved,
    counter: &AtomicUsize,
) -> Result<(usize, Seen), DiceError> {
    let deps = Deps::of(turns, comps, &run, values.len(), stops)?;
    let gathered = Mutex::new(Gathered::default());
    let mut ready: Vec<usize> = run
        .clone()
        .filter(|&k| deps.open[k - run.start].load(Ordering::Relaxed) == 0)
        .collect();
    let (mut updates, mut seen) = (0, Seen::default());
    while !ready.is_empty() {
        let shared = Shared {
            ptr: values.as_mut_ptr(),
            len: values.len(),
        };
        let work = Work {
            turns,
            comps,
            run: &run,
            deps: &deps,
            shared: &shared,
            method,
            stops,
            counter,
            gathered: &gathered,
        };
        rayon::scope(|s| {
            for &k in &ready {
                let work = &work;
                s.spawn(move |s| work.solve(s, k));
            }
        });
        let g = std::mem::take(&mut *gathered.lock().unwrap_or_else(|e| e.into_inner()));
        if let Some(e) = g.error {
            return Err(e);
        }
        updates += g.updates;
        seen = seen.max(g.seen);
        // The stalled ones, deflated one after another; then those waiting for them.
        ready.clear();
        for &k in &g.stalled {
            let (more, last) = one(turns, state, values, comps, k, method, stops, out)?;
            updates += more as usize * comps.members(k).len();
            seen = seen.max(last);
            ready.extend(deps.finished(k, &run));
        }
    }
    Ok((updates, seen))
}

/// What every worker of a run reads.
struct Work<'a, T: Turns> {
    turns: &'a T,
    comps: &'a Components,
    run: &'a Range<usize>,
    deps: &'a Deps,
    shared: &'a Shared,
    method: &'a Method,
    stops: &'a Stops,
    counter: &'a AtomicUsize,
    gathered: &'a Mutex<Gathered>,
}

impl<T: Turns> Work<'_, T> {
    /// Solves component `k` and starts those left waiting for nothing else.
    fn solve<'s>(&'s self, s: &rayon::Scope<'s>, k: usize) {
        let gathered = || self.gathered.lock().unwrap_or_else(|e| e.into_inner());
        if gathered().error.is_some() {
            return;
        }
        let members = self.comps.members(k);
        let done = if members.len() == 1 && !self.comps.loops(members[0] as usize) {
            // A single entry none of whose moves comes back: one update settles it.
            let i = members[0] as usize;
            super::update::turn_value(self.turns, i, &|c| self.shared.read(c)).map(|v| {
                self.shared.write(i, v);
                (1, Seen::default(), false)
            })
        } else {
            let mut stall = Stall::default();
            let how = (self.method, self.stops, self.counter);
            settle(self.turns, members, self.shared, &mut stall, how)
        };
        let (sweeps, seen, stalled) = match done {
            Ok(d) => d,
            Err(e) => {
                gathered().error.get_or_insert(e);
                return;
            }
        };
        {
            let mut g = gathered();
            g.updates += sweeps as usize * members.len();
            g.seen = g.seen.max(seen);
            if stalled {
                g.stalled.push(k);
                return;
            }
        }
        for p in self.deps.finished(k, self.run) {
            s.spawn(move |s| self.solve(s, p));
        }
    }
}

/// Sweeps one component's entries (`members`) in `values` in Gauss–Seidel order until its
/// bounds meet or stall, two members that hand the turn to each other together
/// (`dice::pair`, as `method` says): the sweeps made, what the last saw, and whether it stopped at a
/// stall to be deflated. Its entry updates are counted in `updates`.
fn settle(
    turns: &impl Turns,
    members: &[u32],
    values: &Shared,
    stall: &mut Stall,
    (method, stops, updates): (&Method, &Stops, &AtomicUsize),
) -> Result<(u32, Seen, bool), DiceError> {
    let how = if method.pairs {
        super::pair::plan(turns, members)?
    } else {
        vec![super::pair::ALONE; members.len()]
    };
    let read = |c| values.read(c);
    let alone = |i: usize, seen: &mut Seen| -> Result<(), DiceError> {
        let new = super::update::turn_value(turns, i, &read)?;
        seen.note(&values.read(i), &new);
        values.write(i, new);
        Ok(())
    };
    let mut sweeps = 0;
    loop {
        stops.check()?;
        let mut seen = Seen::default();
        for (&i, &with) in members.iter().zip(&how) {
            let i = i as usize;
            match with {
                super::pair::TAKEN => {}
                super::pair::ALONE => alone(i, &mut seen)?,
                j => match super::pair::pair_value(turns, i, j as usize, &read)? {
                    Some((vi, vj)) => {
                        seen.note(&values.read(i), &vi);
                        seen.note(&values.read(j as usize), &vj);
                        values.write(i, vi);
                        values.write(j as usize, vj);
                    }
                    None => {
                        alone(i, &mut seen)?;
                        alone(j as usize, &mut seen)?;
                    }
                },
            }
        }
        sweeps += 1;
        updates.fetch_add(members.len(), Ordering::Relaxed);
        match seen.next(method, stall, sweeps) {
            super::iterate::Next::Go => {}
            super::iterate::Next::Stop => return Ok((sweeps, seen, false)),
            super::iterate::Next::Deflate => return Ok((sweeps, seen, true)),
        }
    }
}

/// Solves component `k` (its entries `PENDING`, as are the other open ones of its run)
/// entry after entry in Gauss–Seidel order until its bounds meet, deflated over its own
/// entries where they stall; the sweeps made and what the last saw.
#[allow(clippy::too_many_arguments)]
fn one(
    turns: &impl Turns,
    state: &mut [u8],
    values: &mut [Val],
    comps: &Components,
    k: usize,
    method: &Method,
    stops: &Stops,
    out: &mut Solved,
) -> Result<(u32, Seen), DiceError> {
    // In the table's order (`scc::components`), as the deflation reads them.
    let members = comps.members(k);
    let mut stall = Stall::default();
    let mut sweeps = 0;
    loop {
        // The only reference to the values while it lives.
        let shared = Shared {
            ptr: values.as_mut_ptr(),
            len: values.len(),
        };
        let how = (method, stops, &AtomicUsize::new(0));
        let (more, seen, stalled) = settle(turns, members, &shared, &mut stall, how)?;
        sweeps += more;
        if !stalled {
            return Ok((sweeps, seen));
        }
        // The deflation reads the component's entries as the thrown ones.
        let old: Vec<u8> = members.iter().map(|&i| state[i as usize]).collect();
        for &i in members {
            state[i as usize] = super::sweep::THROWN;
        }
        let moved = super::deflate::deflate_members(turns, state, values, members, stops);
        for (&i, &s) in members.iter().zip(&old) {
            state[i as usize] = s;
        }
        moved?;
        out.deflations += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::sweep::THROWN;
    use super::super::toy::{lost, Toy};
    use super::*;

    /// Sixteen entries, White's 0..8 and Black's 8..16: eight small games side by side in
    /// pairs (k with 8 + k). Pair 0 wins or loses at once with some chance; pair k > 0
    /// moves on to pair k − 1 with some chance, or back and forth; pair 7 never ends.
    fn chains() -> Toy {
        let (w, b) = (|k: u32| k, |k: u32| 8 + k);
        let mut throws = vec![vec![]; 16];
        for k in 0..7u32 {
            let p = 0.1 + 0.05 * k as f64;
            let on = |side: fn(u32) -> u32, k: u32| if k == 0 { CONST } else { side(k - 1) };
            throws[w(k) as usize] = vec![(p, vec![on(b, k), b(k)]), (1.0 - p, vec![b(k)])];
            throws[b(k) as usize] = vec![(p, vec![on(w, k)]), (1.0 - p, vec![w(k)])];
        }
        throws[7] = vec![(1.0, vec![15])];
        throws[15] = vec![(1.0, vec![7])];
        Toy {
            throws,
            consts: vec![lost()],
        }
    }

    #[test]
    fn chains_of_components_solved_at_once_agree_with_whole_table_sweeps() {
        let game = chains();
        let (method, stops) = (Method::default(), Stops::default());
        let mut state = vec![THROWN; 16];
        let mut values = vec![Val::UNDECIDED; 16];
        let mut out = Solved::default();
        super::super::scc::solve(
            &game,
            &mut state,
            &mut values,
            &method,
            &stops,
            &|_, _| {},
            &mut out,
        )
        .unwrap();
        let state2 = vec![THROWN; 16];
        let mut whole = vec![Val::UNDECIDED; 16];
        let mut out2 = Solved::default();
        super::super::iterate::iterate(
            &game,
            &state2,
            &mut whole,
            &method,
            &stops,
            &|_, _| {},
            &mut out2,
        )
        .unwrap();
        assert!(out.deflations >= 1, "the game that never ends was deflated");
        assert_eq!(state, state2, "every entry thrown again");
        for (i, (a, b)) in values.iter().zip(&whole).enumerate() {
            assert!(
                (a.score() - b.score()).abs() < 1e-9,
                "entry {i}: {a:?} against {b:?}"
            );
            assert!(a.hi - a.lo <= 1e-10, "entry {i}: bounds {} {}", a.lo, a.hi);
        }
        assert_eq!((values[7].score(), values[15].score()), (0.0, 0.0));
    }
}
