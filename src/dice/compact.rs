//! Chance tables too large for their successor lists (four men on 8x8: 30.5 million
//! entries): only the values are held, in two flat arrays (the last sweep's and this
//! one's) and a state byte per entry, 49 bytes an entry; every sweep sets each position
//! up again from its index and regenerates its throws and successors with the move
//! generator. The arithmetic is that of the stored graph (`iterate.rs`), in the same
//! order, so both layouts give the same values bit for bit; this one is slower per sweep.

use super::iterate::{add_throw, pick, sweep_until, Swept, Val};
use super::table::{ChanceTable, ChanceTables, Options};
use super::turn::{decided_value, pass, start, Start, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::position::Position;
use rayon::prelude::*;
use std::sync::Arc;

/// Entries a worker takes at a time.
const CHUNK: usize = 1 << 12;

/// State of an entry: thrown (its value is swept).
const THROWN: u8 = 0;
/// Decided before any throw: its value stays.
const DECIDED: u8 = 1;
/// Not a position.
const NO_POSITION: u8 = 2;

impl ChanceTables {
    /// Solves a table whose successors are regenerated in every sweep: the entries'
    /// states (0 thrown, 1 decided, 2 no position), the values and the memory held.
    pub(super) fn solve_regenerated<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        opt: &Options,
        progress: &dyn Fn(u32, f64),
    ) -> Result<(Vec<u8>, Swept, usize), String> {
        let entries = table.figures.entries;
        let what = format!("the values of the chance table {}", table.figures.material);
        let mut state = crate::memory::filled(&what, entries, NO_POSITION)?;
        let mut values = crate::memory::filled(&what, entries, Val::NONE)?;
        state
            .par_chunks_mut(CHUNK)
            .zip(values.par_chunks_mut(CHUNK))
            .enumerate()
            .try_for_each(|(c, (st, vs))| {
                opt.stops.check()?;
                for (j, (s, v)) in st.iter_mut().zip(vs.iter_mut()).enumerate() {
                    (*s, *v) = self.first_look(eng, table, c * CHUNK + j);
                }
                Ok::<(), String>(())
            })?;
        let bytes = entries * (2 * std::mem::size_of::<Val>() + 1);
        let swept = sweep_until(values, opt.tolerance, &opt.stops, progress, |old, new| {
            new.par_chunks_mut(CHUNK)
                .enumerate()
                .try_for_each(|(c, out)| {
                    opt.stops.check()?;
                    for (j, v) in out.iter_mut().enumerate() {
                        let i = c * CHUNK + j;
                        *v = match state[i] {
                            THROWN => self.turn(eng, table, i, old)?,
                            _ => old[i],
                        };
                    }
                    Ok(())
                })
        })?;
        Ok((state, swept, bytes))
    }

    /// The state of entry `idx` and its value before the first sweep (a decided game's,
    /// else nothing decided).
    fn first_look<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        idx: usize,
    ) -> (u8, Val) {
        let Some(mut pos) = Self::setup(eng, table, idx) else {
            return (NO_POSITION, Val::NONE);
        };
        match start(&mut pos, &self.rolls, self.no_move) {
            Start::Decided(out) => (DECIDED, Val::of(decided_value(&out, pos.side))),
            Start::Throws(_) => (THROWN, Val::NONE),
        }
    }

    /// One turn of value iteration for the thrown entry `idx`, its successors read in
    /// `values` (this table) or in the smaller tables.
    fn turn<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        idx: usize,
        values: &[Val],
    ) -> Result<Val, String> {
        let mut pos = Self::setup(eng, table, idx).ok_or("a thrown entry is a position")?;
        let Start::Throws(throws) = start(&mut pos, &self.rolls, self.no_move) else {
            return Err("a thrown entry is decided on a second look".into());
        };
        let lookup = |p: &Position<B>| match table.index_of(p) {
            Some(i) => Ok(values[i]),
            None => self.val(p),
        };
        let mut acc = Val::NONE;
        for t in &throws {
            let mut best = None;
            match &t.throw {
                Throw::TakesKing => pick(&mut best, Val::of(Wl::WIN).flip()),
                Throw::Forfeit => pick(&mut best, lookup(&pass(&pos))?),
                Throw::Moves(ms) => {
                    for &m in ms {
                        let u = pos.make(m);
                        let v = lookup(&pos);
                        pos.unmake(m, u);
                        pick(&mut best, v?);
                    }
                }
            }
            add_throw(&mut acc, t.prob, best);
        }
        Ok(acc)
    }
}
