//! A chance table solved over its successor graph, worked out once with the move
//! generator and laid out flat (`dice::graph`): each slot set up from its entry, its
//! throws and successors listed, a successor in the table named by its slot, one outside
//! it (a capture, a promotion) by its smaller table's value.

use super::error::DiceError;
use super::graph::{Child, Graph, Plan};
use super::iterate::{Method, Solved};
use super::sweep::{Stops, Val};
use super::symmetry::Slots;
use super::table::{ChanceTable, ChanceTables};
use super::turn::{decided_value, pass, start, Start, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::position::Position;
use std::sync::Arc;

impl ChanceTables {
    /// Solves a table whose successor lists are worked out once and laid out flat: the
    /// slots' states, the solution and the memory held.
    pub(super) fn solve_stored<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        method: &Method,
        stops: &Stops,
        progress: &dyn Fn(u32, f64),
    ) -> Result<(Vec<u8>, Solved, usize), DiceError> {
        let slots = &table.slots;
        let t0 = std::time::Instant::now();
        let mut graph = Graph::build(slots.len(), stops, &|k| {
            self.plan(eng, table, slots, slots.entry(k))
        })?;
        let bytes = graph.bytes();
        let start = std::mem::take(&mut graph.start);
        let mut state = std::mem::take(&mut graph.state);
        let graph_seconds = t0.elapsed().as_secs_f64();
        let mut solved = super::solve::solve(&graph, &mut state, start, method, stops, progress)?;
        solved.phases.graph = graph_seconds;
        drop(graph);
        crate::memory::give_back();
        Ok((state, solved, bytes))
    }

    /// The position of entry `idx` (None: identical men out of order).
    pub(super) fn setup<B: Bits>(
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        idx: usize,
    ) -> Option<Position<B>> {
        let (side, sq) = table.index.squares(idx)?;
        let mut pos = Position::empty(Arc::clone(eng));
        pos.side = side;
        for (&(c, k), &s) in table.index.men().iter().zip(&sq) {
            pos.add_man(c, k, s);
        }
        pos.hash = pos.compute_hash();
        Some(pos)
    }

    /// Sets up entry `idx` and works out its successors (read by both layouts: the stored
    /// graph once, `dice::compact` on every sweep).
    pub(super) fn plan<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        slots: &Slots,
        idx: usize,
    ) -> Result<Plan, DiceError> {
        let Some(mut pos) = Self::setup(eng, table, idx) else {
            return Ok(Plan::NoPosition);
        };
        let pos = &mut pos;
        Ok(match start(pos, &self.rolls, self.no_move) {
            Start::Decided(out) => Plan::Decided(Val::of(decided_value(&out, pos.side))),
            Start::Throws(throws) => {
                let mut out = Vec::with_capacity(throws.len());
                // The forfeited turn, worked out once for every throw that forfeits.
                let mut passed = None;
                for t in throws {
                    let children = match &t.throw {
                        Throw::TakesKing => vec![Child::Const(Val::of(Wl::WIN).flip())],
                        Throw::Forfeit => {
                            if passed.is_none() {
                                passed = Some(self.child(&pass(pos), table, slots)?);
                            }
                            passed.into_iter().collect()
                        }
                        Throw::Moves(ms) => {
                            let mut v = Vec::with_capacity(ms.len());
                            for &m in ms {
                                let u = pos.make(m);
                                let c = self.child(pos, table, slots);
                                pos.unmake(m, u);
                                v.push(c?);
                            }
                            v
                        }
                    };
                    out.push((t.prob, children));
                }
                Plan::Throws(out)
            }
        })
    }

    /// A successor: a slot of the table being built, or a smaller table's value.
    fn child<B: Bits>(
        &self,
        pos: &Position<B>,
        table: &ChanceTable,
        slots: &Slots,
    ) -> Result<Child, DiceError> {
        // Same men (no capture, no promotion): an entry of this table.
        if let Some(i) = table.index_of(pos) {
            return Ok(Child::In(slots.of(i) as u32));
        }
        self.val(pos).map(Child::Const)
    }
}
