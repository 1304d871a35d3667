//! A large component of a chance table solved by a guess that does not creep, then
//! certified: optimistic value iteration (after Hartmanns and Kaminski, "Optimistic value
//! iteration", CAV 2020, and for games Azeem, Evangelidis, Křetínský, Slivinskiy and
//! Weininger, "Optimistic and topological value iteration for simple stochastic games",
//! ATVA 2022).
//!
//! Interval iteration closes the gap of a component where games are long by a constant
//! factor a sweep (KQKQ's giant component: 0.9947, about 4,000 sweeps to 1e-10). Here:
//! 1. the guess: a few Gauss–Seidel sweeps, then both sides' choices fixed (the best move
//!    of each throw by the current chances, as a sweep picks it), the scores of that pair
//!    of strategies solved exactly (`dice::krylov`: the win-minus-loss score and the
//!    tie-breaking score; at the end the decisive chance win-plus-loss too), every choice
//!    improved against them, and again until no choice changes (policy iteration);
//! 2. the certificate (`dice::certify`): the guess widened by a little is checked to be
//!    a pair of bounds that one more turn cannot widen, with no end component (a part of
//!    the game both sides can stay in forever, a draw) below the upper bound's draw;
//!    only then are the bounds written into the entries, exactly where the interval
//!    iteration writes its own.
//!
//! A guess that fails the check leaves every entry's bounds as the sweeps left them
//! (sound), and the interval iteration goes on from there.

use super::error::DiceError;
use super::fixed::{Fixed, Solve};
use super::iterate::{Method, Solved};
use super::members::Members;
use super::sweep::{Stops, Turns, Val};

/// Gauss–Seidel sweeps before the first choices are fixed.
const WARM_SWEEPS: u32 = 20;
/// Most rounds of policy iteration (fix the choices, solve their scores, improve them).
const MAX_ROUNDS: u32 = 30;
/// Most one-turn steps of the certificate before the guess is given up.
const MAX_CHECKS: u32 = 200;
/// The certificate's widening of the guess, as a share of the tolerance.
const WIDEN: f64 = 0.4;
/// What the solve holds beside the table, bytes a member (the fixed choices' matrix, the
/// Krylov vectors, the certificate's bounds), with a margin over what KQKQ's giant
/// component was measured to take (docs/dice.md).
const BYTES_PER_MEMBER: u64 = 400;

/// Solves the thrown entries of `values` (one component) by a guess and its certificate;
/// whether they are certified within the tolerance with their chances standing still (if
/// not, the caller goes on with interval iteration from the sound bounds left).
pub(super) fn solve(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    out: &mut Solved,
) -> Result<bool, DiceError> {
    let members = Members::of(state);
    // Over the budget, the interval iteration alone (it needs nothing more).
    let what = "the accelerated solve of a component";
    if stops
        .budget
        .check(what, members.slots.len() as u64 * BYTES_PER_MEMBER)
        .is_err()
    {
        return Ok(false);
    }
    let sweep = |values: &mut [Val], out: &mut Solved| -> Result<f64, DiceError> {
        let seen = super::iterate::sweep(turns, state, values, true, stops)?;
        out.sweeps += 1;
        out.residual = seen.chance;
        out.error_bound = seen.gap;
        progress(out.sweeps, seen.gap);
        Ok(seen.chance)
    };
    // (A component sent here by the probe of interval iteration has had its sweeps.)
    while out.sweeps < WARM_SWEEPS {
        sweep(values, out)?;
    }
    // A progress line now and then while the Krylov solves run (no sweep is made then).
    let (sweeps, gap) = (out.sweeps, out.error_bound);
    let tick = || progress(sweeps, gap);
    let fixed = strategies(turns, values, &members, method, (stops, &tick), out)?;
    out.krylov += fixed.evaluate(values, &members, Solve::Chances, (stops, &tick))?;
    sweep(values, out)?;
    let guess: Vec<f64> = members
        .slots
        .iter()
        .map(|&i| values[i as usize].score())
        .collect();
    let eps = WIDEN * method.tolerance;
    let (widen, iterations) = fixed.widening(eps, (stops, &tick))?;
    out.krylov += iterations;
    let checks =
        super::certify::certify(turns, values, &members, (&guess, &widen), MAX_CHECKS, stops)?;
    out.sweeps += checks.steps;
    if !checks.certified {
        return Ok(false);
    }
    out.certified = true;
    out.error_bound = members
        .slots
        .iter()
        .map(|&i| values[i as usize].hi - values[i as usize].lo)
        .fold(0.0, f64::max);
    Ok(out.error_bound <= method.tolerance && out.residual <= method.tolerance)
}

/// Policy iteration: both sides' choices fixed, their scores solved, then every choice
/// improved against them, until none changes; a choice changes only for a strictly better
/// move (`Val::better`), so equal moves do not make the choices go round in circles. The
/// last choices, whose scores are in `values`. (Improving one side until it stands still
/// before the other, after Hoffman and Karp, took twice the Krylov iterations on KRK.)
fn strategies(
    turns: &impl Turns,
    values: &mut [Val],
    members: &Members,
    method: &Method,
    (stops, tick): (&Stops, &dyn Fn()),
    out: &mut Solved,
) -> Result<Fixed, DiceError> {
    // The first rounds solve the score alone, loosely: their choices change anyway. Once
    // they stand still, the same choices are solved exactly and improved again.
    let mut solve = if method.loose_rounds {
        Solve::Loose
    } else {
        Solve::Exact
    };
    let halves = method.halves;
    let mut fixed = Fixed::of(turns, values, members, None, halves, stops)?;
    out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
    for _ in 1..MAX_ROUNDS {
        let next = Fixed::of(turns, values, members, Some(&fixed), halves, stops)?;
        if next.switched == 0 {
            if solve == Solve::Exact {
                break;
            }
            solve = Solve::Exact;
            out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
            continue;
        }
        fixed = next;
        // Few choices left to change: the rounds to come solve exactly, so the last loose
        // round is not followed by an exact solve of the same choices and a round more.
        if fixed.switched * FEW_SWITCHED <= fixed.rows() {
            solve = Solve::Exact;
        }
        out.krylov += fixed.evaluate(values, members, solve, (stops, tick))?;
    }
    Ok(fixed)
}

/// A round changing at most one choice in this many rows is solved exactly.
const FEW_SWITCHED: usize = 1_000;
