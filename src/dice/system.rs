//! A fixed-strategy system of a chance table's component made ready for BiCGSTAB
//! (`dice::krylov`): on White's half of its rows where it splits (`dice::halves`), else
//! whole.

use super::error::DiceError;
use super::halves::Halves;
use super::krylov::{bicgstab, Plain, Sparse};
use super::sweep::Stops;

/// A system `x − α·P·x = b` made ready to solve: by the two halves of its rows where `P`
/// only leads from one to the other (`dice::halves`: a turn always hands the move over, so
/// every fixed-strategy system of a chance table splits so), else as it stands.
pub(super) enum System {
    Whole(Sparse),
    Halves(Halves),
}

impl System {
    /// `P`, split into the rows `first` names and the rest where it can be.
    pub(super) fn of(p: Sparse, first: impl Fn(usize) -> bool + Sync) -> System {
        match Halves::of(p, first) {
            Ok(h) => System::Halves(h),
            Err(p) => System::Whole(p),
        }
    }

    /// Solves `x − α·P·x = b` from the start `x` to the residual `tol` (see [`bicgstab`]).
    pub(super) fn solve(
        &self,
        alpha: f64,
        b: &[f64],
        x: &mut [f64],
        tol: f64,
        max_iter: u32,
        watch: (&Stops, &dyn Fn()),
    ) -> Result<(u32, f64), DiceError> {
        match self {
            System::Halves(h) => h.solve(alpha, b, x, tol, max_iter, watch),
            System::Whole(p) => bicgstab(&Plain { p, alpha }, b, x, tol, max_iter, watch),
        }
    }
}
