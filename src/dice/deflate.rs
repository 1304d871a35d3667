//! Deflating the bounds of a chance table where the game can go on forever.
//!
//! Interval iteration alone stalls where both sides can keep a game going: the upper
//! bound of the side to move stays at "win" around a cycle that only a draw (a game that
//! never ends) can leave. The repair (after Kelmendi, Krämer, Křetínský and Weininger,
//! "Value iteration for simple stochastic games", CAV 2018, adapted to a score where a
//! game that never ends is a draw) bounds every position by an easier game for the side
//! X whose upper bound is wanted, solved exactly on the graph:
//! - X also chooses the throws (no worse for X than the die);
//! - the other side Y only plays moves that are best by the current chances (no better
//!   for Y than all its moves), and may stop at any position, taking its current bound
//!   (which X's value there does not exceed);
//! - successors outside the table, and positions Y stops at, pay their current bounds; a
//!   game that never ends pays a draw.
//!
//! X's value in that game is at least its value in the real one, so it is a sound upper
//! bound; it is solved by sweeps from "draw everywhere" until nothing changes (it has
//! no chance in it, so it settles). Both sides are X at once: `up` bounds the side to
//! move from above, `low` bounds it from below (the other side's upper bound, negated).

use super::error::DiceError;
use super::sweep::{Stops, Turns, Val, CHUNK, CONST, THROWN};
use rayon::prelude::*;

/// Sweeps of the easier game before it is given up as unsettled (its values only take
/// the finitely many values of the bounds it starts from).
const MAX_SWEEPS: u32 = 100_000;

/// Tightens the bounds of `values` by the easier game; whether any moved.
pub(super) fn deflate(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    stops: &Stops,
) -> Result<bool, DiceError> {
    let n = values.len();
    let half = n / 2;
    let what = "the bounds of the easier game";
    let mut up: Vec<f64> = stops.budget.reserved(what, n).map_err(DiceError::memory)?;
    let mut low: Vec<f64> = stops.budget.reserved(what, n).map_err(DiceError::memory)?;
    for (i, v) in values.iter().enumerate() {
        let thrown = state[i] == THROWN;
        up.push(if thrown { v.hi.min(0.0) } else { v.hi });
        low.push(if thrown { v.lo.max(0.0) } else { v.lo });
    }
    let mut settled = false;
    for _ in 0..MAX_SWEEPS {
        stops.check()?;
        let (uw, ub) = up.split_at_mut(half);
        let (lw, lb) = low.split_at_mut(half);
        let a = easier_half(turns, state, values, (uw, lw), 0, (ub, lb), half, stops)?;
        let b = easier_half(turns, state, values, (ub, lb), half, (uw, lw), 0, stops)?;
        if !a && !b {
            settled = true;
            break;
        }
    }
    if !settled {
        return Ok(false);
    }
    let mut moved = false;
    for (i, v) in values.iter_mut().enumerate() {
        if state[i] == THROWN && (up[i] < v.hi || low[i] > v.lo) {
            v.hi = v.hi.min(up[i]);
            v.lo = v.lo.max(low[i]);
            moved = true;
        }
    }
    Ok(moved)
}

/// One sweep of the easier game over the entries from `at` (their `up` and `low`), the
/// successors' read from the other half; whether any changed.
#[allow(clippy::too_many_arguments)]
fn easier_half(
    turns: &impl Turns,
    state: &[u8],
    values: &[Val],
    (up, low): (&mut [f64], &mut [f64]),
    at: usize,
    (up_o, low_o): (&[f64], &[f64]),
    other_at: usize,
    stops: &Stops,
) -> Result<bool, DiceError> {
    up.par_chunks_mut(CHUNK)
        .zip(low.par_chunks_mut(CHUNK))
        .enumerate()
        .map(|(k, (uc, lc))| {
            stops.check()?;
            let mut changed = false;
            for (j, (u, l)) in uc.iter_mut().zip(lc.iter_mut()).enumerate() {
                let i = at + k * CHUNK + j;
                if state[i] != THROWN {
                    continue;
                }
                let (nu, nl) = easier_turn(turns, i, values, |c| {
                    (up_o[c - other_at], low_o[c - other_at])
                })?;
                let (nu, nl) = (nu.min(values[i].hi), nl.max(values[i].lo));
                if nu != *u || nl != *l {
                    changed = true;
                    (*u, *l) = (nu, nl);
                }
            }
            Ok(changed)
        })
        .try_reduce(|| false, |a, b| Ok(a || b))
}

/// The easier game's values of thrown entry `i` for its side to move as X (`up`) and
/// as Y (`low`), the successors' (up, low) read by `read`, their chances in `values`.
fn easier_turn(
    turns: &impl Turns,
    i: usize,
    values: &[Val],
    read: impl Fn(usize) -> (f64, f64),
) -> Result<(f64, f64), DiceError> {
    let (mut up, mut low) = (f64::NEG_INFINITY, f64::INFINITY);
    turns.each_throw(i, &mut |_, children, consts| {
        // As X: the best successor of the best throw.
        // As Y: the best of its best-by-chances moves, under the worst throw.
        let of = |c: u32| {
            if c & CONST != 0 {
                let v = consts[(c & !CONST) as usize];
                (v.score(), v.hi, v.lo)
            } else {
                let (u, l) = read(c as usize);
                (values[c as usize].score(), u, l)
            }
        };
        let best = children
            .iter()
            .map(|&c| -of(c).0)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut as_y = f64::NEG_INFINITY;
        for &c in children {
            let (s, u, l) = of(c);
            // The successor's side to move is the other one: X's bound there is its
            // `low` negated, Y's its `up` negated.
            up = up.max(-l);
            if -s >= best - 1e-9 {
                as_y = as_y.max(-u);
            }
        }
        low = low.min(as_y);
    })?;
    Ok((up, low))
}

/// [`deflate`] for one component of the table (`members`, sorted; its entries the only
/// thrown ones among them and their successors), one entry after another: the other
/// successors pay their current bounds. Whether any bound moved.
pub(super) fn deflate_members(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    members: &[u32],
    stops: &Stops,
) -> Result<bool, DiceError> {
    let slot = |c: usize| members.binary_search(&(c as u32)).ok();
    let mut up: Vec<f64> = members
        .iter()
        .map(|&i| values[i as usize].hi.min(0.0))
        .collect();
    let mut low: Vec<f64> = members
        .iter()
        .map(|&i| values[i as usize].lo.max(0.0))
        .collect();
    let mut settled = false;
    for _ in 0..MAX_SWEEPS {
        stops.check()?;
        let mut changed = false;
        for (k, &i) in members.iter().enumerate() {
            let i = i as usize;
            let (nu, nl) = easier_turn(turns, i, values, |c| match slot(c) {
                Some(s) if state[c] == THROWN => (up[s], low[s]),
                _ => (values[c].hi, values[c].lo),
            })?;
            let (nu, nl) = (nu.min(values[i].hi), nl.max(values[i].lo));
            if nu != up[k] || nl != low[k] {
                changed = true;
                (up[k], low[k]) = (nu, nl);
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return Ok(false);
    }
    let mut moved = false;
    for (k, &i) in members.iter().enumerate() {
        let v = &mut values[i as usize];
        if up[k] < v.hi || low[k] > v.lo {
            v.hi = v.hi.min(up[k]);
            v.lo = v.lo.max(low[k]);
            moved = true;
        }
    }
    Ok(moved)
}
