//! Solving one chance table: interval iteration in Gauss–Seidel order. Every entry
//! carries its chances (`c`, iterated from "nothing decided", as a horizon grows) and a
//! lower and an upper bound on its score w − l (`lo`, `hi`, iterated from −1 and +1
//! for undecided positions). The three are updated together, so `lo ≤ w − l ≤ hi`
//! always, and the table stops when the bounds are within the tolerance and the chances
//! stand still: the answer carries a certified error (`error_bound`), not only a
//! stopping rule. Where a part of the table can go on forever (a draw), the bounds alone
//! stall; `dice::deflate` then pulls them in (the bound of a part both sides can keep
//! the game in is its best way out, or a draw).
//!
//! Gauss–Seidel order: every move and every forfeit hands the turn over, so the entries
//! with White to move (the first half) read only entries with Black to move, and the
//! other way round. A sweep updates White's half from Black's, then Black's half from the
//! new White half, in place: one array of values, each half in parallel, the same result
//! on any number of threads.

use super::error::DiceError;
use super::sweep::{Stops, Turns, Val, THROWN};
use super::update::{turn_value, Seen};

/// Most sweeps a table build makes.
const MAX_SWEEPS: u32 = 100_000;

/// How a table is iterated (the methods can be switched off one by one to measure them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Method {
    /// Stop when the bounds are within this and no chance moved by more in the last
    /// sweep.
    pub tolerance: f64,
    /// Gauss–Seidel order (off: Jacobi, every sweep from a copy of the last).
    pub gauss_seidel: bool,
    /// Pull in the bounds of parts of the table that can go on forever (off: the
    /// bounds may stall wide, and the error bound says so).
    pub deflate: bool,
    /// Find the positions won with certainty on the graph first (`dice::certain`).
    pub certain: bool,
    /// Solve the strongly connected components of the move graph bottom-up
    /// (`dice::scc`; with Gauss–Seidel order only).
    pub scc: bool,
    /// Solve a large component by a guess (policy iteration, each pair of strategies
    /// solved by a Krylov method) whose bounds are certified before they are written
    /// (`dice::accelerate`); where the certificate fails, interval iteration goes on.
    /// Without it, a large component goes to it when interval iteration's bounds close
    /// too slowly (judged after 40 sweeps).
    pub accelerate: bool,
    /// In the accelerated solve, each system solved on the half of its rows with White
    /// to move (`dice::halves`; off: on all of them).
    pub halves: bool,
    /// In the accelerated solve, the rounds of policy iteration solved loosely until the
    /// choices stand still (off: every round to the rounding).
    pub loose_rounds: bool,
    /// Two entries that hand the turn to each other (a forfeit and back) updated
    /// together, their loop closed exactly (`dice::pair`; off: one after the other).
    pub pairs: bool,
}

impl Default for Method {
    fn default() -> Self {
        Method {
            tolerance: super::TOLERANCE,
            gauss_seidel: true,
            deflate: true,
            certain: true,
            scc: true,
            accelerate: false,
            halves: true,
            loose_rounds: true,
            pairs: true,
        }
    }
}

/// A solved table's values and how it went.
#[derive(Default)]
pub(super) struct Solved {
    pub(super) values: Vec<Val>,
    pub(super) sweeps: u32,
    /// Largest change of a chance in the last sweep.
    pub(super) residual: f64,
    /// Largest gap between the bounds of a position's score: the certified error.
    pub(super) error_bound: f64,
    /// Times the bounds were deflated.
    pub(super) deflations: u32,
    /// Positions found won or lost with certainty before any sweep.
    pub(super) certain: usize,
    /// Strongly connected components solved one by one (0: the table as a whole).
    pub(super) components: usize,
    /// Entries of the largest.
    pub(super) largest_component: usize,
    /// Krylov iterations of the accelerated solve (`dice::accelerate`).
    pub(super) krylov: u32,
    /// Whether a large component's bounds were certified by the accelerated solve.
    pub(super) certified: bool,
    /// Asked of `iterate`: judge the rate after [`PROBE_SWEEPS`] sweeps and stop there
    /// if it is slow ([`Solved::long`]).
    pub(super) probe: bool,
    /// Told by `iterate`: stopped after the probe, the bounds closing too slowly.
    pub(super) long: bool,
    /// Where the time went.
    pub(super) phases: Phases,
}

/// Where a table build's time went, seconds (wall).
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Phases {
    /// Finding every entry's canonical entry under the board's symmetries.
    pub canonical: f64,
    /// Working out the successors and laying them out (stored layout), or the first look
    /// at every entry (regenerated).
    pub graph: f64,
    /// The positions won for certain (`dice::certain`).
    pub certain: f64,
    /// The strongly connected components (`dice::scc`).
    pub components: f64,
    /// The sweeps, deflations included.
    pub sweeps: f64,
}

/// What comes after a sweep.
#[derive(Debug, PartialEq)]
pub(super) enum Next {
    Go,
    Stop,
    Deflate,
}

/// A sweep that takes less than this share off the widest gap has stalled: the bounds
/// creep toward a wrong limit (a cycle only a draw leaves), and a deflation may help.
/// Slow genuine progress (KQKQ closes its gap by about 0.5 % a sweep for thousands of
/// sweeps, every bound moving by less than the tolerance) is not a stall.
const STALL_SHARE: f64 = 1e-3;

/// Most sweeps between two deflations once deflating has stopped paying.
const MAX_WAIT: u32 = 1 << 16;

/// When to deflate and when to stop: the widest gap's progress, sweep by sweep, and
/// what the last deflation gained. Only the timing depends on it; every bound stays
/// certified whatever it decides.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stall {
    /// The widest gap after the sweep before.
    gap: f64,
    /// The widest gap at the last deflation: a stall that finds it no narrower, with
    /// every bound standing still, ends the table.
    deflated_gap: f64,
    /// The sweep after which the bounds were last deflated.
    deflated_at: u32,
    /// Sweeps to wait after a deflation before the next: doubled each time one does not
    /// pay, back to 1 when one does.
    wait: u32,
    /// The share of the gap the sweep before the last deflation took off, while the
    /// deflation waits to be judged by the sweep after it.
    judging: Option<f64>,
}

impl Default for Stall {
    fn default() -> Self {
        Stall {
            gap: f64::INFINITY,
            deflated_gap: f64::INFINITY,
            deflated_at: 0,
            wait: 1,
            judging: None,
        }
    }
}

impl Seen {
    /// After the sweep number `sweeps` saw this: go on, stop (the bounds met and the
    /// chances stand still; or the gap stalled, every bound stands still and a deflation
    /// at this gap has done all it can; or too many sweeps), or deflate the stalled
    /// bounds. Without deflation the table stops when every chance and bound stands still.
    pub(super) fn next(self, method: &Method, stall: &mut Stall, sweeps: u32) -> Next {
        let tol = method.tolerance;
        let shrink = if stall.gap.is_finite() && stall.gap > 0.0 {
            (stall.gap - self.gap) / stall.gap
        } else {
            1.0
        };
        stall.gap = self.gap;
        if let Some(before) = stall.judging.take() {
            // The deflation and this sweep against what a sweep took off before it.
            stall.wait = if shrink >= 2.0 * before + STALL_SHARE {
                1
            } else {
                stall.wait.saturating_mul(2).min(MAX_WAIT)
            };
        }
        if sweeps >= MAX_SWEEPS || (self.chance <= tol && self.gap <= tol) {
            return Next::Stop;
        }
        if self.chance > tol {
            return Next::Go;
        }
        let still = self.bound <= tol;
        if !method.deflate {
            return if still { Next::Stop } else { Next::Go };
        }
        if shrink >= STALL_SHARE {
            return Next::Go;
        }
        if self.gap >= stall.deflated_gap {
            return if still { Next::Stop } else { Next::Go };
        }
        if sweeps - stall.deflated_at < stall.wait {
            return Next::Go;
        }
        stall.deflated_gap = self.gap;
        stall.deflated_at = sweeps;
        stall.judging = Some(shrink.max(0.0));
        Next::Deflate
    }
}

/// Sweeps after which a probing `iterate` judges how fast the bounds close.
const PROBE_SWEEPS: u32 = 40;
/// Sweeps still needed, at the probe's rate, above which the part is handed to the
/// accelerated solve (whose policy iteration costs some 150 to 250 sweeps' worth): KRK
/// without the bare-king win (151 sweeps in all) is judged at sweep 40 to need about 100
/// more and stays; KRKQ (459 sweeps by interval iteration, against 75 accelerated)
/// goes, and so do KQK without it (5,609) and KQKQ (about 4,000), which have hardly
/// closed their gap by then.
const LONG_SWEEPS: f64 = 200.0;

/// Whether a gap that went from `before` to `now` over the probe's second half needs more
/// than [`LONG_SWEEPS`] further sweeps to reach `tolerance` at that rate.
fn slow(before: f64, now: f64, tolerance: f64) -> bool {
    if now <= tolerance {
        return false;
    }
    if now >= before {
        return true;
    }
    let rate = (now / before).powf(1.0 / f64::from(PROBE_SWEEPS / 2));
    (now / tolerance).ln() / -rate.ln() > LONG_SWEEPS
}

/// Sweeps every thrown entry of `values` until the bounds meet and the chances stand
/// still, or the bounds stall (then deflated, if asked, and on), into `out`; with
/// `out.probe`, stops after [`PROBE_SWEEPS`] if the bounds close too slowly (`out.long`).
pub(super) fn iterate(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
    out: &mut Solved,
) -> Result<(), DiceError> {
    out.residual = f64::INFINITY;
    out.error_bound = f64::INFINITY;
    let mut stall = Stall::default();
    let (start, mut half_gap) = (out.sweeps, f64::INFINITY);
    // The pairs' sweep holds a list beside the table; where the budget has no room for
    // it, the sweeps go one entry after another.
    let mut pairs = match method.pairs && method.gauss_seidel {
        true => match super::pair_sweep::Partners::of(turns, state, stops) {
            Ok(p) => Some(p),
            Err(DiceError::TooBig(_)) => None,
            Err(e) => return Err(e),
        },
        false => None,
    };
    loop {
        stops.check()?;
        let seen = match &mut pairs {
            Some(p) => p.sweep(turns, state, values, stops)?,
            None => sweep(turns, state, values, method.gauss_seidel, stops)?,
        };
        out.sweeps += 1;
        out.residual = seen.chance;
        out.error_bound = seen.gap;
        progress(out.sweeps, seen.gap);
        if out.probe && out.sweeps - start == PROBE_SWEEPS / 2 {
            half_gap = seen.gap;
        }
        if out.probe
            && out.sweeps - start == PROBE_SWEEPS
            && slow(half_gap, seen.gap, method.tolerance)
        {
            out.long = true;
            return Ok(());
        }
        match seen.next(method, &mut stall, out.sweeps) {
            Next::Go => {}
            Next::Stop => return Ok(()),
            Next::Deflate => {
                super::deflate::deflate(turns, state, values, stops)?;
                out.deflations += 1;
            }
        }
    }
}

/// One sweep over both halves: Gauss–Seidel (White's half from Black's, then Black's
/// from the new White half) or Jacobi (both from a copy of the last sweep).
pub(super) fn sweep(
    turns: &impl Turns,
    state: &[u8],
    values: &mut [Val],
    gauss_seidel: bool,
    stops: &Stops,
) -> Result<Seen, DiceError> {
    let half = values.len() / 2;
    if gauss_seidel {
        let (white, black) = values.split_at_mut(half);
        let a = sweep_half(turns, state, white, 0, black, half, stops)?;
        let b = sweep_half(turns, state, black, half, white, 0, stops)?;
        return Ok(a.max(b));
    }
    let what = "the last sweep's values (Jacobi)";
    let mut old = stops
        .budget
        .reserved(what, values.len())
        .map_err(DiceError::memory)?;
    old.extend_from_slice(values);
    let (white, black) = values.split_at_mut(half);
    let a = sweep_half(turns, state, white, 0, &old[half..], half, stops)?;
    let b = sweep_half(turns, state, black, half, &old[..half], 0, stops)?;
    Ok(a.max(b))
}

/// Updates the entries `mine` (entry `at` onwards) in place, their successors read in
/// `other` (entry `other_at` onwards: the other side to move).
fn sweep_half(
    turns: &impl Turns,
    state: &[u8],
    mine: &mut [Val],
    at: usize,
    other: &[Val],
    other_at: usize,
    stops: &Stops,
) -> Result<Seen, DiceError> {
    super::update::each_chunk(mine, stops, |k| {
        let i = at + k;
        if state[i] != THROWN {
            return Ok(None);
        }
        turn_value(turns, i, &|c| other[c - other_at]).map(Some)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_that_never_ends_is_deflated_to_a_draw() {
        let state = vec![THROWN; 2];
        let mut values = vec![Val::UNDECIDED; 2];
        let mut out = Solved::default();
        let (method, stops) = (Method::default(), Stops::default());
        // Two entries, each with one throw and one move, to the other: a game that never
        // ends (a draw), whose bounds stand still at a loss and a win until deflated.
        let cycle = super::super::toy::Toy {
            throws: vec![vec![(1.0, vec![1])], vec![(1.0, vec![0])]],
            consts: vec![],
        };
        iterate(
            &cycle,
            &state,
            &mut values,
            &method,
            &stops,
            &|_, _| {},
            &mut out,
        )
        .unwrap();
        assert!(
            out.deflations >= 1 && out.error_bound == 0.0,
            "{}",
            out.error_bound
        );
        for v in values {
            assert_eq!((v.lo, v.hi, v.score()), (0.0, 0.0, 0.0));
        }
    }

    /// What `next` says over a run of sweeps whose widest gap is `gap(k)` (every chance
    /// standing still, every bound moving by `bound`), a deflation taking `cut` off the
    /// gap; the sweeps made and the deflations.
    fn run(gap: impl Fn(u32) -> f64, bound: f64, cut: f64) -> (u32, u32, Next) {
        let method = Method::default();
        let mut stall = Stall::default();
        let (mut deflations, mut off) = (0, 1.0);
        for k in 1..=20_000 {
            let seen = Seen {
                chance: 0.0,
                bound,
                gap: gap(k) * off,
            };
            match seen.next(&method, &mut stall, k) {
                Next::Go => {}
                Next::Deflate => {
                    deflations += 1;
                    off *= 1.0 - cut;
                }
                Next::Stop => return (k, deflations, Next::Stop),
            }
        }
        (20_000, deflations, Next::Go)
    }

    #[test]
    fn slow_genuine_progress_is_not_a_stall() {
        // The gap closes by 0.5 % a sweep, every bound moving by less than the tolerance
        // (KQKQ's last thousand sweeps): no deflation, and the sweeps go on to the end.
        let (sweeps, deflations, how) = run(|k| 2e-8 * 0.995f64.powi(k as i32), 1e-11, 0.0);
        assert_eq!(how, Next::Stop);
        assert_eq!(deflations, 0);
        assert!(1e-8 * 0.995f64.powi(sweeps as i32) <= 1e-10, "{sweeps}");
    }

    #[test]
    fn a_stall_is_deflated_and_stops_when_nothing_moves_after() {
        // The gap stands still: one deflation, and when it leaves the gap as it was,
        // the table stops (everything stands still).
        let (sweeps, deflations, how) = run(|_| 1e-3, 0.0, 0.0);
        assert_eq!((deflations, how), (1, Next::Stop));
        assert!(sweeps <= 3, "{sweeps}");
        // A deflation that pays is repeated at the next stall at once.
        let (_, deflations, how) = run(|_| 1e-3, 0.0, 0.5);
        assert_eq!(how, Next::Stop);
        assert!(deflations >= 20, "{deflations}");
    }

    #[test]
    fn a_deflation_that_does_not_pay_is_not_repeated_every_sweep() {
        // The gap creeps (0.05 % a sweep, a stall) and deflating does not help: the
        // deflations back off, a few over thousands of sweeps instead of one a sweep.
        let (sweeps, deflations, how) = run(|k| 1e-6 * 0.9995f64.powi(k as i32), 1e-12, 0.0);
        assert_eq!(how, Next::Stop);
        assert!(sweeps > 9_000, "{sweeps}");
        assert!(
            deflations <= 15,
            "{deflations} deflations in {sweeps} sweeps"
        );
    }
}
