//! A chance table solved over its successor graph, worked out once with the move
//! generator (`dice::planner`) and laid out flat (`dice::graph`).

use super::error::DiceError;
use super::graph::Graph;
use super::iterate::{Method, Solved};
use super::planner::Planner;
use super::sweep::Stops;
use super::table::{ChanceTable, ChanceTables};
use crate::board::bits::Bits;
use crate::board::engine::Engine;
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
        let mut graph = Graph::build(slots.len(), stops, &|| Planner::new(self, eng, table))?;
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
}
