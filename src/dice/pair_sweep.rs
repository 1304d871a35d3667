//! A whole-table sweep with the pairs of `dice::pair` solved together, on every core and
//! the same on any number of them. White's entries read only Black's and the other way
//! round, so a sweep goes in three steps, each over one half in parallel chunks:
//! 1. for every White entry with a partner, what the partner's other throws add (read
//!    from White's half, kept aside);
//! 2. White's half: a paired entry solved with its partner's part, the others as a sweep
//!    updates them (read from Black's half);
//! 3. Black's half: a paired entry from its part and its partner's new value, the others
//!    as a sweep updates them (read from the new White half).
//!
//! No step writes the half it reads.

use super::error::DiceError;
use super::pair::{partner, with_turned, ALONE};
use super::sweep::{Stops, Turns, Val, CHUNK, THROWN};
use super::update::{each_chunk, turn_value, turn_without, Seen};
use rayon::prelude::*;

/// The thrown entries' partners (each the other's), and room for step 1's parts.
pub(super) struct Partners {
    /// Per entry of the table: its partner, or [`ALONE`].
    of: Vec<u32>,
    /// Per entry of White's half: what its partner's other throws add, and the chance of
    /// the partner's throws back to it.
    part: Vec<(Val, f64)>,
}

impl Partners {
    /// The partners among the thrown entries of `state` (each the other's choice), found
    /// on every core.
    pub(super) fn of(
        turns: &impl Turns,
        state: &[u8],
        stops: &Stops,
    ) -> Result<Partners, DiceError> {
        let n = state.len();
        let half = n / 2;
        let what = "the pairs of a chance table's sweeps";
        let mut of = stops
            .budget
            .reserved::<u32>(what, n)
            .map_err(DiceError::memory)?;
        of.resize(n, ALONE);
        let thrown_partner = |i: usize| -> Result<Option<usize>, DiceError> {
            if state[i] != THROWN {
                return Ok(None);
            }
            let thrown = |j: u32| state[j as usize] == THROWN;
            Ok(partner(turns, i, thrown)?.map(|j| j as usize))
        };
        let (white, black) = of.split_at_mut(half);
        white.par_chunks_mut(CHUNK).enumerate().try_for_each(
            |(k, chunk)| -> Result<(), DiceError> {
                stops.check()?;
                for (m, slot) in chunk.iter_mut().enumerate() {
                    let i = k * CHUNK + m;
                    if let Some(j) = thrown_partner(i)? {
                        if j >= half && thrown_partner(j)? == Some(i) {
                            *slot = j as u32;
                        }
                    }
                }
                Ok(())
            },
        )?;
        for (i, &j) in white.iter().enumerate() {
            if j != ALONE {
                black[j as usize - half] = i as u32;
            }
        }
        let mut part = stops
            .budget
            .reserved(what, half)
            .map_err(DiceError::memory)?;
        part.resize(half, (Val::ZERO, 0.0));
        Ok(Partners { of, part })
    }

    /// One sweep over both halves (the module's three steps).
    pub(super) fn sweep(
        &mut self,
        turns: &impl Turns,
        state: &[u8],
        values: &mut [Val],
        stops: &Stops,
    ) -> Result<Seen, DiceError> {
        let half = values.len() / 2;
        let of = &self.of;
        let (white, black) = values.split_at_mut(half);
        self.part.par_chunks_mut(CHUNK).enumerate().try_for_each(
            |(k, chunk)| -> Result<(), DiceError> {
                stops.check()?;
                for (m, slot) in chunk.iter_mut().enumerate() {
                    let i = k * CHUNK + m;
                    if of[i] != ALONE {
                        let read = |c: usize| white[c];
                        *slot = turn_without(turns, of[i] as usize, i as u32, &read)?;
                    }
                }
                Ok(())
            },
        )?;
        let part = &self.part;
        let a = each_chunk(white, stops, |i| {
            if state[i] != THROWN {
                return Ok(None);
            }
            let read = |c: usize| black[c - half];
            if of[i] == ALONE {
                return turn_value(turns, i, &read).map(Some);
            }
            let (own, fi) = turn_without(turns, i, of[i], &read)?;
            let (other, fj) = part[i];
            match super::pair::solved(own, fi, other, fj) {
                Some(v) => Ok(Some(v)),
                None => turn_value(turns, i, &read).map(Some),
            }
        })?;
        let white = &*white;
        let b = each_chunk(black, stops, |j| {
            let j = j + half;
            if state[j] != THROWN {
                return Ok(None);
            }
            let read = |c: usize| white[c];
            let i = of[j];
            if i == ALONE {
                return turn_value(turns, j, &read).map(Some);
            }
            let (own, fj) = part[i as usize];
            Ok(Some(with_turned(own, fj, white[i as usize])))
        })?;
        Ok(a.max(b))
    }
}
