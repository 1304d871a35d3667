//! Chance tables: for every position of a few men, the chances of the side to move when
//! the game is played to its end with dice (no horizon), both sides playing for the best
//! score. Value iteration over the chance nodes: start from "nothing decided" and apply
//! one turn at a time until no chance moves by more than a tolerance; captures and
//! promotions lead into smaller tables, solved first.
//!
//! Positions are indexed plainly (side, then each man's square in a fixed order), with
//! no board symmetry: tables of three or four men on 8x8, which is what dice endgames
//! need. A position whose side not to move stands in check is a real position here (its
//! king was left in check by a forfeit).

use super::iterate::{Child, Graph, Plan, Val};
use super::turn::Choice;
use super::turn::{decided_value, pass, start, Start, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::die::{Dice, NoMove, Roll};
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::{Move, Position};
use crate::retro::{build::closure, material_of, Material};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// Most entries one table may have (two sides times 64^4 squares is 33 million).
pub const MAX_ENTRIES: usize = 40_000_000;

/// Bytes a table build holds per entry and man, at its peak (the successor lists of
/// every entry before they are laid out flat): measured 430 to 460 bytes per entry for
/// three men on 8x8.
const BYTES_PER_ENTRY_AND_MAN: u64 = 150;

/// The peak memory of building a table of `entries` entries of `men` men, bytes.
pub fn estimate(entries: u64, men: usize) -> u64 {
    entries.saturating_mul(men as u64 * BYTES_PER_ENTRY_AND_MAN)
}

/// How a table was built.
#[derive(Clone, Debug, Serialize)]
pub struct TableFigures {
    /// Material name (`KRK`).
    pub material: String,
    /// Entries (both sides to move, every placement).
    pub entries: usize,
    /// Real positions among them.
    pub positions: usize,
    /// Sweeps until the values stood still.
    pub iterations: u32,
    /// Largest change in the last sweep.
    pub residual: f64,
    /// Build time.
    pub seconds: f64,
    /// Memory of the successor lists and values, bytes.
    pub bytes: usize,
    /// Mean chance that White wins with White to move, over the real positions.
    pub mean_white_win: f64,
    /// Mean chance that White wins with Black to move.
    pub mean_white_win_black_to_move: f64,
}

/// One solved table.
pub struct ChanceTable {
    /// The material.
    pub material: Material,
    pub(super) men: Vec<(Color, Kind)>,
    pub(super) n: usize,
    pub(super) values: Vec<Val>,
    /// How it was built.
    pub figures: TableFigures,
}

impl ChanceTable {
    /// The entry of a position of this material (identical men in rising square order).
    pub fn index_of<B: Bits>(&self, pos: &Position<B>) -> Option<usize> {
        let mut idx = pos.side.idx();
        let mut i = 0;
        while i < self.men.len() {
            let (c, k) = self.men[i];
            let same = self.men[i..].iter().take_while(|&&x| x == (c, k)).count();
            let sqs: Vec<usize> = pos.pieces[c.idx()][k as usize].iter().collect();
            if sqs.len() != same {
                return None;
            }
            for s in sqs {
                idx = idx * self.n + s;
            }
            i += same;
        }
        Some(idx)
    }

    /// The chances of the side to move in `pos` (None: not this table's material).
    pub fn value<B: Bits>(&self, pos: &Position<B>) -> Option<Wl> {
        self.index_of(pos).map(|i| self.values[i].c)
    }
}

/// A set of solved tables: a material and every smaller one it leads to.
pub struct ChanceTables {
    pub(super) tables: HashMap<Material, ChanceTable>,
    rolls: Vec<Roll>,
    no_move: NoMove,
}

pub(super) fn men_order(mat: &Material, king: Kind) -> Vec<(Color, Kind)> {
    let mut men = vec![(Color::White, king), (Color::Black, king)];
    men.extend(mat.white.iter().map(|&k| (Color::White, k)));
    men.extend(mat.black.iter().map(|&k| (Color::Black, k)));
    men
}

impl ChanceTables {
    /// Solves `target` and every material it leads to, calling `progress(material)` as
    /// each one starts. Refuses materials with more than [`MAX_ENTRIES`] entries.
    pub fn build<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        target: &Material,
        tolerance: f64,
        progress: &dyn Fn(&str),
    ) -> Result<ChanceTables, String> {
        Self::each(eng, dice, target, |set, m| {
            progress(&m.name(&eng.rules));
            set.solve(eng, m, tolerance)
        })
    }

    /// The tables of `target` and every material it leads to, smallest first, each made
    /// by `make` (which may read the tables made before it).
    pub(super) fn each<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        target: &Material,
        mut make: impl FnMut(&ChanceTables, &Material) -> Result<ChanceTable, String>,
    ) -> Result<ChanceTables, String> {
        let mut set = ChanceTables {
            tables: HashMap::new(),
            rolls: dice.rolls(&eng.rules.pieces),
            no_move: dice.no_move,
        };
        let all = closure(eng, target);
        // Refused up front: the largest build decides, before any table is made.
        for m in &all {
            let men = men_order(m, eng.king).len();
            let n = eng.rules.width as usize * eng.rules.height as usize;
            let entries = (n as u128).pow(men as u32) * 2;
            crate::memory::check(
                &format!(
                    "the chance table {} ({entries} entries)",
                    m.name(&eng.rules)
                ),
                estimate(entries.min(u64::MAX as u128) as u64, men),
            )?;
        }
        for m in all {
            let t = make(&set, &m)?;
            set.tables.insert(m, t);
        }
        Ok(set)
    }

    /// The table of a material, if built.
    pub fn table(&self, m: &Material) -> Option<&ChanceTable> {
        self.tables.get(m)
    }

    /// Every table built, smallest first.
    pub fn figures(&self) -> Vec<&TableFigures> {
        let mut v: Vec<&TableFigures> = self.tables.values().map(|t| &t.figures).collect();
        v.sort_by_key(|f| (f.entries, f.material.clone()));
        v
    }

    /// The chances of the side to move in `pos`.
    pub fn value<B: Bits>(&self, pos: &Position<B>) -> Result<Wl, String> {
        self.val(pos).map(|v| v.c)
    }

    fn val<B: Bits>(&self, pos: &Position<B>) -> Result<Val, String> {
        let m = material_of(pos).map_err(|e| e.to_string())?;
        let t = self
            .tables
            .get(&m)
            .ok_or_else(|| format!("no chance table for {m:?}"))?;
        t.index_of(pos)
            .map(|i| t.values[i])
            .ok_or_else(|| "position outside its table".to_string())
    }

    /// The best choice under `throw` by the tables, and its chances for the side to move
    /// (ties to the first move, as the expectimax search breaks them).
    pub fn choose<B: Bits>(
        &self,
        pos: &mut Position<B>,
        throw: &Throw,
    ) -> Result<(Choice, Wl), String> {
        match throw {
            Throw::TakesKing => Ok((Choice::TakeKing, Wl::WIN)),
            Throw::Forfeit => Ok((Choice::Forfeit, self.value(&pass(pos))?.flip())),
            Throw::Moves(ms) => {
                let mut best: Option<(Move, Val)> = None;
                for &m in ms {
                    let u = pos.make(m);
                    let v = self.val(pos);
                    pos.unmake(m, u);
                    let v = v?.flip();
                    if best.is_none_or(|b| v.better(b.1)) {
                        best = Some((m, v));
                    }
                }
                let (m, v) = best.ok_or("a throw with moves has a move")?;
                Ok((Choice::Play(m), v.c))
            }
        }
    }

    /// The throws of the die.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    /// The policy when the thrown kinds cannot move.
    pub fn no_move(&self) -> NoMove {
        self.no_move
    }

    /// Plays `games` games from `pos` to their end (at most `plies` plies: longer games
    /// count as draws) with the tables' choices and seeded throws.
    pub fn simulate<B: Bits>(
        &self,
        pos: &Position<B>,
        plies: u32,
        games: u64,
        seed: u64,
    ) -> Result<super::Simulated, String> {
        super::simulate(
            &self.rolls,
            self.no_move,
            &mut |p, _, t| self.choose(p, t),
            pos,
            plies,
            games,
            seed,
        )
    }

    fn solve<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        mat: &Material,
        tolerance: f64,
    ) -> Result<ChanceTable, String> {
        let t0 = std::time::Instant::now();
        let rules = &eng.rules;
        let men = men_order(mat, eng.king);
        let n = rules.width as usize * rules.height as usize;
        let entries = (n as u128).pow(men.len() as u32) * 2;
        if entries > MAX_ENTRIES as u128 {
            return Err(format!(
                "{}: {entries} entries, more than the {MAX_ENTRIES} a chance table may have",
                mat.name(rules)
            ));
        }
        let entries = entries as usize;
        let mut table = ChanceTable {
            material: mat.clone(),
            men: men.clone(),
            n,
            values: vec![],
            figures: TableFigures {
                material: mat.name(rules),
                entries,
                positions: 0,
                iterations: 0,
                residual: 0.0,
                seconds: 0.0,
                bytes: 0,
                mean_white_win: 0.0,
                mean_white_win_black_to_move: 0.0,
            },
        };
        let plans: Vec<Plan> = (0..entries)
            .into_par_iter()
            .map(|idx| self.plan(eng, &table, idx))
            .collect::<Result<_, String>>()?;
        // The plans go once laid out flat: the sweeps need only the graph.
        let graph = Graph::from_plans(plans);
        let bytes = graph.bytes() + entries * std::mem::size_of::<Val>() * 2;
        let (values, iterations, residual) = graph.iterate(tolerance);
        let real: Vec<(usize, Wl)> = values
            .iter()
            .enumerate()
            .filter(|(i, _)| graph.is_position(*i))
            .map(|(i, v)| (i, v.c))
            .collect();
        let half = entries / 2;
        let mean = |side: usize| {
            let vs: Vec<f64> = real
                .iter()
                .filter(|(i, _)| (i / half) == side)
                .map(|(_, v)| if side == 0 { v.w } else { v.l })
                .collect();
            vs.iter().sum::<f64>() / vs.len().max(1) as f64
        };
        table.figures.positions = real.len();
        table.figures.iterations = iterations;
        table.figures.residual = residual;
        table.figures.bytes = bytes;
        table.figures.mean_white_win = mean(0);
        table.figures.mean_white_win_black_to_move = mean(1);
        table.values = values;
        table.figures.seconds = t0.elapsed().as_secs_f64();
        Ok(table)
    }

    /// Sets up entry `idx` and works out its successors.
    fn plan<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        table: &ChanceTable,
        idx: usize,
    ) -> Result<Plan, String> {
        let n = table.n;
        let side = if idx / n.pow(table.men.len() as u32) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut rest = idx;
        let mut sq = vec![0usize; table.men.len()];
        for s in sq.iter_mut().rev() {
            *s = rest % n;
            rest /= n;
        }
        let mut pos = Position::empty(Arc::clone(eng));
        pos.side = side;
        let h = eng.rules.height as usize;
        let w = eng.rules.width as usize;
        for (i, &(c, k)) in table.men.iter().enumerate() {
            let s = sq[i];
            if pos.occ.has(s) {
                return Ok(Plan::NoPosition);
            }
            // Identical men are indexed in rising square order only.
            if i > 0 && table.men[i - 1] == (c, k) && sq[i - 1] > s {
                return Ok(Plan::NoPosition);
            }
            let rank = s / w;
            if Some(k) == eng.pawn && (rank == 0 || rank == h - 1) {
                return Ok(Plan::NoPosition);
            }
            pos.add_man(c, k, s);
        }
        pos.hash = pos.compute_hash();
        let pos = &mut pos;
        Ok(match start(pos, &self.rolls, self.no_move) {
            Start::Decided(out) => Plan::Decided(Val::of(decided_value(&out, pos.side))),
            Start::Throws(throws) => {
                let mut out = Vec::with_capacity(throws.len());
                for t in throws {
                    let children = match &t.throw {
                        Throw::TakesKing => vec![Child::Const(Val::of(Wl::WIN).flip())],
                        Throw::Forfeit => {
                            let p = pass(pos);
                            vec![self.child(&p, table)?]
                        }
                        Throw::Moves(ms) => {
                            let mut v = Vec::with_capacity(ms.len());
                            for &m in ms {
                                let u = pos.make(m);
                                let c = self.child(pos, table);
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

    /// A successor: an entry of the table being built, or a smaller table's value.
    fn child<B: Bits>(&self, pos: &Position<B>, table: &ChanceTable) -> Result<Child, String> {
        // Same men (no capture, no promotion): an entry of this table.
        if let Some(i) = table.index_of(pos) {
            return Ok(Child::In(i as u32));
        }
        self.val(pos).map(Child::Const)
    }
}
