//! The entries of one strongly connected component of a chance table being solved (the
//! thrown ones), numbered as rows, as the accelerated solve and its certificate read them.

use super::error::DiceError;
use super::sweep::{Stops, CHUNK, CONST, THROWN};
use rayon::prelude::*;

/// Not a member of the component.
pub(super) const NONE: u32 = u32::MAX;

/// The component being solved: its slots (the thrown ones) and, per slot of the table,
/// its row among them ([`NONE`] outside).
pub(super) struct Members {
    pub(super) slots: Vec<u32>,
    pub(super) row: Vec<u32>,
}

impl Members {
    /// The thrown slots of `state`.
    pub(super) fn of(state: &[u8]) -> Members {
        let slots: Vec<u32> = (0..state.len() as u32)
            .filter(|&i| state[i as usize] == THROWN)
            .collect();
        let mut row = vec![NONE; state.len()];
        for (r, &i) in slots.iter().enumerate() {
            row[i as usize] = r as u32;
        }
        Members { slots, row }
    }
    /// The member row of successor `c` (a slot or a constant), if it is one.
    #[inline]
    pub(super) fn row_of(&self, c: u32) -> Option<usize> {
        if c & CONST != 0 {
            return None;
        }
        let r = self.row[c as usize];
        (r != NONE).then_some(r as usize)
    }

    /// `work(k, slots)` for every chunk of rows (chunk k: rows from `k * CHUNK`) on every
    /// core, the stops polled for each; the results in the rows' order.
    pub(super) fn per_chunk<T: Send>(
        &self,
        stops: &Stops,
        work: impl Fn(usize, &[u32]) -> Result<T, DiceError> + Sync,
    ) -> Result<Vec<T>, DiceError> {
        self.slots
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(k, chunk)| {
                stops.check()?;
                work(k, chunk)
            })
            .collect()
    }
}

/// The lists one after another, copied on every core.
pub(super) fn concat<T: Copy + Default + Send + Sync>(lists: Vec<&[T]>) -> Vec<T> {
    let mut all = vec![T::default(); lists.iter().map(|l| l.len()).sum()];
    let mut pieces = Vec::with_capacity(lists.len());
    let mut rest = &mut all[..];
    for l in &lists {
        let (piece, tail) = rest.split_at_mut(l.len());
        pieces.push(piece);
        rest = tail;
    }
    pieces
        .into_par_iter()
        .zip(lists)
        .for_each(|(piece, l)| piece.copy_from_slice(l));
    all
}
