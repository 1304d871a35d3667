//! Chance tables too large for their successor lists: only the values are held, one
//! flat array and a state byte per slot (`dice::symmetry::Slots`), 41 bytes a slot;
//! every sweep sets each position up again from its index and
//! regenerates its throws and successors with the move generator. The successors come
//! out in the order of the stored graph (`graph.rs`), so both layouts give the same
//! values bit for bit; this one is slower per sweep.

use super::error::DiceError;
use super::planner::{Child, Head, Planner, Sink};
use super::sweep::{Turns, Val, CHUNK, CONST, NO_POSITION};
use super::table::{ChanceTable, ChanceTables};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use rayon::prelude::*;
use std::sync::Arc;

impl ChanceTables {
    /// A table solved with its successors regenerated on demand: its entries' states, the
    /// solved values and the bytes they took.
    pub(super) fn solve_regenerated<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        method: &super::iterate::Method,
        stops: &super::sweep::Stops,
        progress: &dyn Fn(u32, f64),
    ) -> Result<(Vec<u8>, super::iterate::Solved, usize), DiceError> {
        let turns = Regenerated {
            set: self,
            eng,
            table,
        };
        let t0 = std::time::Instant::now();
        let (mut state, start) = turns.first_look(stops)?;
        let graph_seconds = t0.elapsed().as_secs_f64();
        let mut solved = super::solve::solve(&turns, &mut state, start, method, stops, progress)?;
        solved.phases.graph = graph_seconds;
        let bytes = table.slots.len() * (std::mem::size_of::<Val>() + 1);
        Ok((state, solved, bytes))
    }
}

/// A table's successors, regenerated on demand.
pub(super) struct Regenerated<'a, B: Bits> {
    pub(super) set: &'a ChanceTables,
    pub(super) eng: &'a Arc<Engine<B>>,
    pub(super) table: &'a ChanceTable,
}

impl<B: Bits> Regenerated<'_, B> {
    /// Every entry's state and starting value (a decided game's, else undecided), the
    /// stops polled for every chunk.
    pub(super) fn first_look(
        &self,
        stops: &super::sweep::Stops,
    ) -> Result<(Vec<u8>, Vec<Val>), DiceError> {
        let entries = self.table.slots.len();
        let what = format!(
            "the values of the chance table {}",
            self.table.figures.material
        );
        let mut state = stops
            .budget
            .filled(&what, entries, NO_POSITION)
            .map_err(DiceError::memory)?;
        let mut values = stops
            .budget
            .filled(&what, entries, Val::ZERO)
            .map_err(DiceError::memory)?;
        state
            .par_chunks_mut(CHUNK)
            .zip(values.par_chunks_mut(CHUNK))
            .enumerate()
            .try_for_each(|(c, (st, vs))| {
                stops.check()?;
                let mut planner = Planner::new(self.set, self.eng, self.table);
                for (j, (s, v)) in st.iter_mut().zip(vs.iter_mut()).enumerate() {
                    let idx = self.table.slots.entry(c * CHUNK + j);
                    (*s, *v) = planner.head(idx).state();
                }
                Ok::<(), DiceError>(())
            })?;
        Ok((state, values))
    }
}

impl<B: Bits> Turns for Regenerated<'_, B> {
    /// Slot i's throws, worked out again as the stored graph works them out
    /// (`dice::planner`), so both layouts visit the same successors in the same order.
    fn each_throw<F: FnMut(f64, &[u32], &[Val])>(
        &self,
        i: usize,
        throw: &mut F,
    ) -> Result<(), DiceError> {
        let mut sink = Collected::default();
        match Planner::new(self.set, self.eng, self.table).plan(i, &mut sink)? {
            Head::Thrown => {}
            Head::NoPosition => return Err(DiceError::Internal("a thrown entry is a position")),
            Head::Decided(_) => {
                return Err(DiceError::Internal(
                    "a thrown entry is decided on a second look",
                ))
            }
        }
        let mut c = 0;
        for (t, &(prob, count, first)) in sink.throws.iter().enumerate() {
            let end = sink.throws.get(t + 1).map_or(sink.consts.len(), |n| n.2);
            throw(prob, &sink.children[c..c + count], &sink.consts[first..end]);
            c += count;
        }
        Ok(())
    }
}

/// One slot's throws as the planner gives them, each throw's constants numbered from 0.
#[derive(Default)]
struct Collected {
    /// Per throw: its chance, its successors' count and its first constant.
    throws: Vec<(f64, usize, usize)>,
    children: Vec<u32>,
    consts: Vec<Val>,
}

impl Sink for Collected {
    fn throw(&mut self, prob: f64) {
        self.throws.push((prob, 0, self.consts.len()));
    }

    fn child(&mut self, c: Child) {
        let t = self.throws.last_mut().expect("a throw was started");
        t.1 += 1;
        self.children.push(match c {
            Child::In(j) => j,
            Child::Const(v) => {
                self.consts.push(v);
                CONST | (self.consts.len() - 1 - t.2) as u32
            }
        });
    }
}
