//! Solving one chance table: the positions won for certain found first
//! (`dice::certain`), then the rest by interval iteration, component by component
//! (`dice::scc`) or over the whole table at once (`dice::iterate`), as the method says.

use super::error::DiceError;
use super::iterate::{iterate, Method, Solved};
use super::sweep::{Stops, Turns, Val};

/// Iterates `values` (the decided entries' values, the others [`Val::UNDECIDED`]) until
/// the bounds are within the tolerance and the chances stand still, or the bounds stall
/// (then deflated, if asked, and on), the stops polled for every chunk of entries and
/// `progress(sweeps, widest gap)` told after every sweep.
pub(super) fn solve(
    turns: &impl Turns,
    state: &mut [u8],
    mut values: Vec<Val>,
    method: &Method,
    stops: &Stops,
    progress: &dyn Fn(u32, f64),
) -> Result<Solved, DiceError> {
    let mut out = Solved::default();
    let t0 = std::time::Instant::now();
    if method.certain {
        out.certain = super::certain::certain(turns, state, &mut values, stops)?;
    }
    out.phases.certain = t0.elapsed().as_secs_f64();
    if method.scc && method.gauss_seidel {
        super::scc::solve(turns, state, &mut values, method, stops, progress, &mut out)?;
    } else {
        iterate(turns, state, &mut values, method, stops, progress, &mut out)?;
    }
    out.phases.sweeps = t0.elapsed().as_secs_f64() - out.phases.certain - out.phases.components;
    out.values = values;
    Ok(out)
}
