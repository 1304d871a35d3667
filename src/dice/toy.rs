//! A small game given by its throws, for the tests of the solvers that read a table
//! through [`Turns`].

use super::error::DiceError;
use super::sweep::{Turns, Val};
use super::turn::Wl;

/// A game given by its throws: per slot, (chance, successors); successors with
/// `sweep::CONST` set name `consts`. Slots below the half have White to move.
pub(super) struct Toy {
    pub(super) throws: Vec<Vec<(f64, Vec<u32>)>>,
    pub(super) consts: Vec<Val>,
}

impl Turns for Toy {
    fn each_throw<F: FnMut(f64, &[u32], &[Val])>(
        &self,
        i: usize,
        throw: &mut F,
    ) -> Result<(), DiceError> {
        for (p, c) in &self.throws[i] {
            throw(*p, c, &self.consts);
        }
        Ok(())
    }
}

/// The side to move has lost (seen by it).
pub(super) fn lost() -> Val {
    Val::of(Wl::WIN.flip())
}
