//! Chance tables: for every position of a few men, the chances of the side to move when
//! the game is played to its end with dice (no horizon), both sides playing for the best
//! score, each table solved by interval iteration (`dice::iterate`) with a certified
//! error; captures and promotions lead into smaller tables, solved first.
//!
//! Positions are indexed by side and each man's square among those it may take (see
//! `dice::index`), with no board symmetry: tables of three or four men on 8x8, which
//! is what dice endgames need. A position whose side not to move stands in check is a real position here (its
//! king was left in check by a forfeit).

use super::certain::CERTAIN;
use super::error::DiceError;
pub use super::estimate::{Estimate, Layout, TableEstimate};
use super::index::Index;
use super::iterate::Method;
pub use super::iterate::Phases;
pub use super::sweep::Stops;
use super::sweep::{Val, NO_POSITION};
use super::symmetry::{Slots, Symmetry};
use super::turn::Choice;
use super::turn::{pass, Throw, Wl};
use crate::board::bits::Bits;
use crate::board::die::{Dice, NoMove, Roll};
use crate::board::engine::Engine;
use crate::board::position::{Move, Position};
use crate::retro::{material_of, Material};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

pub use super::estimate::MAX_ENTRIES;

/// The most men of a table whose positions won with certainty are searched for first
/// (`dice::certain`): on three men it saves most of the sweeps, where on four the
/// accelerated solve and the components leave it nothing to gain and it only costs time
/// (docs/dice.md has the measurements).
const CERTAIN_MEN: usize = 3;

/// How a set of tables is built.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop when every position's score is certain within this and no chance moved by
    /// more in the last sweep.
    pub tolerance: f64,
    /// A deadline and Ctrl-C, polled for every chunk of entries.
    pub stops: Stops,
    /// The layout of every table; None: stored where it fits in the memory budget beside
    /// the tables kept, regenerated where not.
    pub layout: Option<Layout>,
    /// The solver's methods (all of them by default).
    pub methods: Methods,
}

/// The solver's methods: each on by default (the accelerated solve is asked for by the
/// tables that close slowly), each a switch that only the crate's tests and its measuring
/// tools (`Methods::switch`, with the `tools` feature) turn, to measure what it gives.
#[derive(Clone, Copy, Debug)]
pub struct Methods {
    /// Gauss–Seidel order (false: Jacobi).
    pub(crate) gauss_seidel: bool,
    /// Deflate stalled bounds (false: report them as they stall).
    pub(crate) deflate: bool,
    /// Find the positions won with certainty on the move graph first (on tables of at
    /// most three men: see `CERTAIN_MEN`).
    pub(crate) certain: bool,
    /// Solve one entry per class of the board's symmetries (`dice::symmetry`).
    pub(crate) symmetry: bool,
    /// Solve the strongly connected components of the move graph bottom-up
    /// (`dice::scc`).
    pub(crate) scc: bool,
    /// Solve every large component by a certified guess (`dice::accelerate`) (off by
    /// default: a large component goes to it when interval iteration's bounds close too
    /// slowly, judged after 40 sweeps).
    pub(crate) accelerate: bool,
    /// Solve the accelerated solve's systems on the half of their rows with White to move
    /// (`dice::halves`).
    pub(crate) halves: bool,
    /// Solve the accelerated solve's rounds of policy iteration loosely until the choices
    /// stand still.
    pub(crate) loose_rounds: bool,
    /// Update two entries that hand the turn to each other together (`dice::pair`).
    pub(crate) pairs: bool,
}

/// The switches by name, for the measuring tools (`examples/dice_methods.rs`).
#[cfg(feature = "tools")]
impl Methods {
    /// Switches the method `name` on or off (`gauss-seidel`, `deflate`, `certain`,
    /// `symmetry`, `scc`, `accelerate`, `halves`, `loose-rounds`, `pairs`); false for a
    /// name it does not know.
    pub fn switch(&mut self, name: &str, on: bool) -> bool {
        let switch = match name {
            "gauss-seidel" => &mut self.gauss_seidel,
            "deflate" => &mut self.deflate,
            "certain" => &mut self.certain,
            "symmetry" => &mut self.symmetry,
            "scc" => &mut self.scc,
            "accelerate" => &mut self.accelerate,
            "halves" => &mut self.halves,
            "loose-rounds" => &mut self.loose_rounds,
            "pairs" => &mut self.pairs,
            _ => return false,
        };
        *switch = on;
        true
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tolerance: Method::default().tolerance,
            stops: Stops::default(),
            layout: None,
            methods: Methods::default(),
        }
    }
}

impl Default for Methods {
    fn default() -> Self {
        let m = Method::default();
        Methods {
            gauss_seidel: m.gauss_seidel,
            deflate: m.deflate,
            certain: m.certain,
            symmetry: true,
            scc: m.scc,
            accelerate: m.accelerate,
            halves: m.halves,
            loose_rounds: m.loose_rounds,
            pairs: m.pairs,
        }
    }
}

/// How a table was built.
#[derive(Clone, Debug, Serialize)]
pub struct TableFigures {
    /// Material name (`KRK`).
    pub material: String,
    /// Entries (both sides to move, every placement the index counts).
    pub entries: usize,
    /// Real positions among them.
    pub positions: usize,
    /// Sweeps until the bounds met and the chances stood still.
    pub iterations: u32,
    /// Largest change of a chance in the last sweep.
    pub residual: f64,
    /// Certified error: every position's score (win − loss) is within this of the exact
    /// one (the widest gap between its lower and upper bound).
    pub error_bound: f64,
    /// Times the bounds were deflated (parts of the table that can go on forever).
    pub deflations: u32,
    /// Positions found won or lost with certainty on the move graph, before any sweep.
    pub certain: usize,
    /// Board symmetries used (the identity included: 1 when none was).
    pub symmetries: usize,
    /// Strongly connected components of the move graph solved one by one (0: the
    /// table was swept as a whole).
    pub components: usize,
    /// Entries of the largest component.
    pub largest_component: usize,
    /// Build time.
    pub seconds: f64,
    /// Memory of the successor lists and values, bytes.
    pub bytes: usize,
    /// Mean chance that White wins with White to move, over the real positions.
    pub mean_white_win: f64,
    /// Mean chance that White wins with Black to move.
    pub mean_white_win_black_to_move: f64,
    /// Where the build's time went.
    #[serde(skip)]
    pub phases: Phases,
    /// Krylov iterations of the accelerated solve (`Options::accelerate`).
    #[serde(skip)]
    pub krylov: u32,
    /// Whether the accelerated solve's certificate held (a large component's bounds
    /// proved from its guess).
    #[serde(skip)]
    pub certified: bool,
}

/// One solved table.
pub struct ChanceTable {
    /// The material.
    pub material: Material,
    pub(super) index: Index,
    /// The values, one per slot.
    pub(super) values: Vec<Val>,
    /// Each entry's slot: entries that are images of each other under a board symmetry
    /// share one.
    pub(super) slots: Slots,
    /// How it was built.
    pub figures: TableFigures,
}

impl ChanceTable {
    /// The entry of a position of this material.
    #[inline]
    pub fn index_of<B: Bits>(&self, pos: &Position<B>) -> Option<usize> {
        self.index.of(pos)
    }

    /// The chances stored for entry `i` (none for an entry that is no position).
    pub fn chances_of_entry(&self, i: usize) -> Wl {
        self.at(i).c
    }

    /// The value of entry `i`.
    #[inline]
    pub(super) fn at(&self, i: usize) -> Val {
        self.values[self.slots.of(i)]
    }

    /// The chances of the side to move in `pos` (None: not this table's material).
    pub fn value<B: Bits>(&self, pos: &Position<B>) -> Option<Wl> {
        self.index_of(pos).map(|i| self.at(i).c)
    }
}

/// A set of solved tables: a material and every smaller one it leads to.
pub struct ChanceTables {
    pub(super) tables: HashMap<Material, ChanceTable>,
    pub(super) rolls: Vec<Roll>,
    pub(super) no_move: NoMove,
}

/// What a build tells its observer.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// A table starts: the `number`th of `of`.
    Table {
        /// Material name.
        material: &'a str,
        /// Its place in the build, from 1.
        number: usize,
        /// Tables in the build.
        of: usize,
        /// Its entries.
        entries: u64,
    },
    /// A sweep of the table under way is done.
    Sweep {
        /// Material name.
        material: &'a str,
        /// Sweeps so far.
        sweeps: u32,
        /// The widest gap between a score's bounds (the error bound so far).
        bound: f64,
    },
}

impl ChanceTables {
    /// Solves `target` and every material it leads to, by default. Refuses a set the
    /// [`Estimate`] says is too large.
    pub fn build<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        target: &Material,
        tolerance: f64,
        progress: &dyn Fn(Progress),
    ) -> Result<ChanceTables, DiceError> {
        let opt = Options {
            tolerance,
            ..Options::default()
        };
        Self::build_with(eng, dice, target, &opt, progress)
    }

    /// [`build`](Self::build) with a deadline, Ctrl-C, a chosen layout and methods;
    /// `progress` is told as each table starts and after each sweep.
    pub fn build_with<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        target: &Material,
        opt: &Options,
        progress: &dyn Fn(Progress),
    ) -> Result<ChanceTables, DiceError> {
        let est = Estimate::of(eng, target, opt.layout, opt.stops.budget);
        let of = est.tables.len();
        let mut number = 0;
        Self::each(eng, dice, &est, |set, m, layout| {
            let name = m.name(&eng.rules);
            number += 1;
            progress(Progress::Table {
                material: &name,
                number,
                of,
                entries: Index::new(m, eng).entries(),
            });
            set.solve(eng, m, opt, layout, &|sweeps, bound| {
                progress(Progress::Sweep {
                    material: &name,
                    sweeps,
                    bound,
                })
            })
        })
    }

    /// The tables of the estimate `est`, smallest first, each made by `make` (which may
    /// read the tables made before it) in the layout chosen for it. Refused up front when
    /// the estimate says so: every table's peak (its build, and the tables kept before
    /// it) is checked against the memory budget before any is made. (Reading a table
    /// back holds its file and its values, no more than a regenerated build.)
    pub(super) fn each<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        est: &Estimate,
        mut make: impl FnMut(&ChanceTables, &Material, Layout) -> Result<ChanceTable, DiceError>,
    ) -> Result<ChanceTables, DiceError> {
        let mut set = ChanceTables {
            tables: HashMap::new(),
            rolls: dice.rolls(&eng.rules.pieces),
            no_move: dice.no_move,
        };
        est.check()?;
        for (m, t) in est.materials.iter().zip(&est.tables) {
            let table = make(&set, m, t.layout)?;
            set.tables.insert(m.clone(), table);
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
    pub fn value<B: Bits>(&self, pos: &Position<B>) -> Result<Wl, DiceError> {
        self.val(pos).map(|v| v.c)
    }

    pub(super) fn val<B: Bits>(&self, pos: &Position<B>) -> Result<Val, DiceError> {
        let m = material_of(pos).map_err(|e| DiceError::Material(e.to_string()))?;
        let t = self
            .tables
            .get(&m)
            .ok_or_else(|| DiceError::NoTable(m.name(&pos.eng.rules)))?;
        t.index_of(pos)
            .map(|i| t.at(i))
            .ok_or(DiceError::Internal("a position outside its own table"))
    }

    /// The best choice under `throw` by the tables, and its chances for the side to move
    /// (ties to the first move, as the expectimax search breaks them).
    pub fn choose<B: Bits>(
        &self,
        pos: &mut Position<B>,
        throw: &Throw,
    ) -> Result<(Choice, Wl), DiceError> {
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
                let (m, v) = best.ok_or(DiceError::Internal("a throw with moves has a move"))?;
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
    ) -> Result<super::Simulated, DiceError> {
        self.simulate_until(pos, plies, games, seed, &|| false)
    }

    /// [`simulate`](Self::simulate) that ends early, with the games played, once `stop`
    /// says so (a deadline, Ctrl-C).
    pub fn simulate_until<B: Bits>(
        &self,
        pos: &Position<B>,
        plies: u32,
        games: u64,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<super::Simulated, DiceError> {
        super::simulate(
            (&self.rolls, self.no_move),
            &mut |p, _, t| self.choose(p, t),
            pos,
            plies,
            games,
            seed,
            stop,
        )
    }

    fn solve<B: Bits>(
        &self,
        eng: &Arc<Engine<B>>,
        mat: &Material,
        opt: &Options,
        layout: Layout,
        progress: &dyn Fn(u32, f64),
    ) -> Result<ChanceTable, DiceError> {
        let t0 = std::time::Instant::now();
        let rules = &eng.rules;
        let index = Index::new(mat, eng);
        let entries = index.entries();
        if entries > MAX_ENTRIES as u64 {
            return Err(DiceError::TooBig(format!(
                "{}: {entries} entries, more than the {MAX_ENTRIES} a chance table may have",
                mat.name(rules)
            )));
        }
        let entries = entries as usize;
        let mut table = ChanceTable {
            material: mat.clone(),
            index,
            values: vec![],
            slots: Slots::identity(entries),
            figures: TableFigures {
                material: mat.name(rules),
                entries,
                positions: 0,
                iterations: 0,
                residual: 0.0,
                error_bound: 0.0,
                deflations: 0,
                certain: 0,
                symmetries: 1,
                components: 0,
                largest_component: 0,
                seconds: 0.0,
                bytes: 0,
                mean_white_win: 0.0,
                mean_white_win_black_to_move: 0.0,
                phases: Phases::default(),
                krylov: 0,
                certified: false,
            },
        };
        let method = Method {
            tolerance: opt.tolerance,
            gauss_seidel: opt.methods.gauss_seidel,
            deflate: opt.methods.deflate,
            certain: opt.methods.certain && table.index.men().len() <= CERTAIN_MEN,
            scc: opt.methods.scc,
            accelerate: opt.methods.accelerate,
            halves: opt.methods.halves,
            loose_rounds: opt.methods.loose_rounds,
            pairs: opt.methods.pairs,
        };
        let symmetry = if opt.methods.symmetry {
            Symmetry::of(eng, table.index.men())
        } else {
            Symmetry::none()
        };
        let canon = symmetry.canonical_entries(&table.index, &opt.stops)?;
        let canonical_seconds = t0.elapsed().as_secs_f64();
        table.slots = Slots::new(canon, entries, opt.stops.budget)?;
        let (state, solved, bytes) = match layout {
            Layout::Stored => self.solve_stored(eng, &table, &method, &opt.stops, progress)?,
            Layout::Regenerated => {
                self.solve_regenerated(eng, &table, &method, &opt.stops, progress)?
            }
        };
        let half = entries / 2;
        let (values, slots) = (&solved.values, &table.slots);
        // Summed in entry order, one side at a time.
        let mean = |side: usize| {
            let (mut sum, mut count) = (0.0, 0usize);
            for i in side * half..(side + 1) * half {
                let k = slots.of(i);
                if state[k] != NO_POSITION {
                    sum += if side == 0 {
                        values[k].c.w
                    } else {
                        values[k].c.l
                    };
                    count += 1;
                }
            }
            sum / count.max(1) as f64
        };
        let counted =
            |what: &dyn Fn(u8) -> bool| (0..entries).filter(|&i| what(state[slots.of(i)])).count();
        let (positions, certain) = (counted(&|s| s != NO_POSITION), counted(&|s| s == CERTAIN));
        let (white, black) = (mean(0), mean(1));
        let f = &mut table.figures;
        f.positions = positions;
        f.iterations = solved.sweeps;
        f.residual = solved.residual;
        f.error_bound = solved.error_bound;
        f.deflations = solved.deflations;
        f.krylov = solved.krylov;
        f.certified = solved.certified;
        f.certain = certain;
        f.symmetries = symmetry.order();
        f.components = solved.components;
        f.largest_component = solved.largest_component;
        f.bytes = bytes + table.slots.bytes();
        f.mean_white_win = white;
        f.mean_white_win_black_to_move = black;
        f.seconds = t0.elapsed().as_secs_f64();
        f.phases = Phases {
            canonical: canonical_seconds,
            ..solved.phases
        };
        table.values = solved.values;
        Ok(table)
    }
}
