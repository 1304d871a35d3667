//! Retrograde tables (endgame tablebases) for small material, under any preset.
//!
//! A table holds, for every position of one material (`KRKQ`) and either side to move, its
//! value for the side to move (win, draw, loss) and the distance in plies to the rule-win
//! (checkmate, bare king, stalemate where it wins), both sides playing best: the winner
//! as fast as possible, the loser as slowly as possible. Captures and promotions lead into
//! smaller tables, which are built first ([`build::build`]).
//!
//! What the tables assume: no stacked squares, no first-move privileges (castling, double
//! steps, king's and queen's leaps) and so no en passant; pawns never on their own first
//! rank. Rules with dice, the nine-move limit, stack-forming moves, or a promoted ferz that
//! gains the queen's leap are refused.
//!
//! # The probe API (for the solver)
//!
//! ```no_run
//! use mansuba::retro::{Tables, Value};
//! # fn f(pos: &mansuba::board::position::Position<u64>) -> anyhow::Result<()> {
//! let tables = Tables::load("tables/", "shatranj")?; // files are read lazily
//! if let Some((value, plies)) = tables.probe(pos) {
//!     // value for the side to move; plies to the rule-win (0 for a finished game)
//!     let _ = (value == Value::Win, plies);
//! }
//! # Ok(()) }
//! ```
//!
//! `probe` answers `None` when the position is outside every table it can read (more men,
//! stacks, privileges, a missing or damaged file); [`Tables::probe_checked`] says why.
//! [`Tables::best_line`] gives a line of best play.
//!
//! # Value codes
//!
//! Each entry is a `u16`, see [`code`]: the top two bits hold the value (0 draw, 1 win for
//! the side to move, 2 loss, 3 special: `0xC000` no position (illegal: the side not to move
//! is in check, two men on a square, a pawn on its first or last rank, identical men out of
//! order), `0xC001` a finished draw); the low 14 bits hold the plies.

pub mod build;
pub mod by_name;
pub mod file;
pub(crate) mod layout;
pub mod material;
pub mod probe;
pub(crate) mod stats;

pub use build::{build, estimate_bytes, plan, BuildOptions, BuildReport};
pub use layout::Layout;
pub use material::Material;
pub use stats::{stats, Stats};

use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::engine::{Engine, NO_SQ};
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use crate::board::rules::{BareKingRule, Rules};
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// Entry codes.
pub mod code {
    /// A draw (or, while building, not yet resolved).
    pub const DRAW: u16 = 0;
    /// Win for the side to move: `WIN | plies`.
    pub const WIN: u16 = 0x4000;
    /// Loss for the side to move: `LOSS | plies`.
    pub const LOSS: u16 = 0x8000;
    /// No position.
    pub const INVALID: u16 = 0xC000;
    /// A finished game drawn (stalemate where it draws, kings alone).
    pub const DRAW_FINAL: u16 = 0xC001;
    /// The largest distance that fits.
    pub const MAX_PLIES: u16 = 0x3FFF;
}

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Value {
    /// Reads an entry: `None` for no position.
    #[inline(always)]
    pub fn of_code(c: u16) -> Option<(Value, u32)> {
        match c >> 14 {
            0 => Some((Value::Draw, 0)),
            1 => Some((Value::Win, (c & code::MAX_PLIES) as u32)),
            2 => Some((Value::Loss, (c & code::MAX_PLIES) as u32)),
            _ if c == code::DRAW_FINAL => Some((Value::Draw, 0)),
            _ => None,
        }
    }
    /// Text: "win", "draw", "loss".
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }
}

/// Moves as the literature counts them, from plies: `(plies + 1) / 2`.
pub fn moves_of_plies(plies: u32) -> u32 {
    plies.div_ceil(2)
}

/// Errors of the table code. The causes are shared (`Arc`), so that the error stays
/// `Clone`.
#[derive(Debug, Error, Clone)]
pub enum TbError {
    /// A material that does not read or cannot be tabulated under the rules: the
    /// material as written, and why.
    #[error("material '{0}': {1}")]
    Material(String, String),
    /// Rules whose positions tables cannot hold (dice, boards above 128 squares, ...):
    /// the rules' name, and why.
    #[error("rules '{0}' cannot have tables: {1}")]
    Rules(String, String),
    /// The rules do not load or compile.
    #[error("rules '{0}' cannot have tables: {1}")]
    RulesLoad(String, #[source] Arc<crate::board::rules::RulesError>),
    /// A table file (its path) that cannot be read or written.
    #[error("{0}: {1}")]
    Io(String, #[source] Arc<std::io::Error>),
    /// A table file (its path) the output policy refuses.
    #[error("{0}: {1}")]
    Output(String, #[source] Arc<crate::files::OutputError>),
    /// A table file (its path) that is damaged or not a regular file, and why; it is never
    /// used.
    #[error("table file {0} is damaged and was not used: {1} (rebuild it with `mansuba tablebase build`)")]
    Damaged(String, String),
    /// A table file (its path) built for other rules or another material, and why.
    #[error("table file {0} does not fit: {1}")]
    Foreign(String, String),
    /// No table file for the material (its name) in the tables folder (its path).
    #[error("no table for {0} in {1} (build it with `mansuba tablebase build`)")]
    Missing(String, String),
    /// A position the tables do not hold (stacks, first-move privileges, en passant,
    /// another rule set, ...), and why.
    #[error("the position is outside the tables: {0}")]
    NotCovered(String),
    /// A table larger than may be built.
    #[error("building {material} needs about {need_gib:.2} GiB of memory, above the limit of {limit_gib:.2} GiB")]
    TooBig {
        /// The material's name.
        material: String,
        /// What building it would take, in GiB.
        need_gib: f64,
        /// The most it may take, in GiB: the build's memory limit, or the largest table
        /// its index can count.
        limit_gib: f64,
    },
}

/// Checks that a rule set's positions can be tabulated.
pub fn check_rules(rules: &Rules) -> Result<(), TbError> {
    let bad = |m: &str| Err(TbError::Rules(rules.name.clone(), m.to_string()));
    let n = rules.width as usize * rules.height as usize;
    if n > 128 {
        return bad("boards above 128 squares (12x12) are not supported");
    }
    if rules.dice.is_some() {
        return bad("dice games have no won/lost values");
    }
    if rules.nine_move_limit {
        return bad("the nine-move limit depends on the move count, which tables do not hold");
    }
    if rules.stacks_may_form {
        return bad("moves that form stacks are not supported");
    }
    if rules.pieces.iter().any(|p| p.bent.is_some()) {
        // Works (unmoves fall back to every empty square) but untested.
    }
    let _ = BareKingRule::Off;
    Ok(())
}

/// The rules' fingerprint written in table headers: the SHA-256 of their JSON, hex.
pub fn fingerprint(rules: &Rules) -> String {
    use sha2::Digest;
    let j = serde_json::to_vec(rules).expect("rules serialize");
    sha2::Sha256::digest(&j)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The file of a material's table in `dir`.
pub fn table_path(dir: &Path, rules: &Rules, mat_name: &str) -> PathBuf {
    let safe: String = rules
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{safe}-{mat_name}.mtb"))
}

/// The table files in `dir`, of any rules and material (none when it cannot be read).
pub fn table_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return vec![];
    };
    entries
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mtb"))
        .collect()
}

/// One table in memory.
pub struct Table {
    /// Its material.
    pub material: Material,
    /// Its name (`KRKQ`).
    pub name: String,
    /// Its index layout.
    pub layout: Layout,
    /// One code per index.
    pub data: Vec<AtomicU16>,
}

impl Table {
    /// The code at an index.
    #[inline(always)]
    pub fn get(&self, i: u64) -> u16 {
        self.data[i as usize].load(Ordering::Relaxed)
    }

    /// Loads and checks a table file for these rules and material (noted in `reads`).
    pub fn load(
        path: &Path,
        (rules, mat): (&Rules, &Material),
        reads: &crate::files::Reads,
    ) -> Result<Table, TbError> {
        let (h, data) = file::read(path, reads)?;
        let p = path.display().to_string();
        let name = mat.name(rules);
        let foreign = |why: String| TbError::Foreign(p.clone(), why);
        if h.rules_fingerprint != fingerprint(rules) {
            return Err(foreign(format!(
                "built for rules '{}' with another fingerprint than '{}'",
                h.rules, rules.name
            )));
        }
        if h.material != name || h.width != rules.width || h.height != rules.height {
            return Err(foreign(format!(
                "holds {} on {}x{}",
                h.material, h.width, h.height
            )));
        }
        if ![1, 2, 4, 8].contains(&h.symmetry) {
            return Err(foreign(format!("symmetry {}", h.symmetry)));
        }
        let king = rules.pieces.iter().position(|p| p.royal).unwrap() as u8;
        let layout = Layout::new(mat, king, rules.width, rules.height, h.symmetry);
        if layout.entries != h.entries {
            return Err(foreign("entry count does not match the layout".into()));
        }
        Ok(Table {
            material: mat.clone(),
            name,
            layout,
            data,
        })
    }
}

/// Men as (colour, kind, square).
type Men = Vec<(Color, u8, u8)>;

/// The material of a position, or why no table can hold it.
pub fn material_of<B: Bits>(pos: &Position<B>) -> Result<Material, TbError> {
    men_of(pos).map(|(m, _)| m)
}

/// The men of a position in layout order, or why not.
fn men_of<B: Bits>(pos: &Position<B>) -> Result<(Material, Men), TbError> {
    if pos.stacked.any() {
        return Err(TbError::NotCovered("stacked squares".into()));
    }
    if pos.privileges.any() || pos.ep != NO_SQ {
        return Err(TbError::NotCovered(
            "first-move privileges (castling, king's or queen's leap, pawn double step: under rules with castling a FEN gives every pawn on its home rank the double step) or en passant; tables assume none".into(),
        ));
    }
    let e = &*pos.eng;
    let mut men = vec![];
    for c in [Color::White, Color::Black] {
        for k in 0..e.nk {
            for s in pos.pieces[c.idx()][k].iter() {
                men.push((c, k as u8, s as u8));
            }
        }
    }
    let group = |&(c, k, _): &(Color, u8, u8)| -> (u8, u8) {
        if k == e.king {
            (c.idx() as u8, 0)
        } else {
            (2 + c.idx() as u8, k)
        }
    };
    men.sort_by_key(|m| (group(m), m.2));
    let pairs: Vec<(Color, u8)> = men.iter().map(|&(c, k, _)| (c, k)).collect();
    if pairs.iter().filter(|p| p.1 == e.king).count() != 2 {
        return Err(TbError::NotCovered("needs one king per side".into()));
    }
    Ok((Material::from_men(&pairs, e.king), men))
}

/// Tables of one rule set in a directory, read when first needed.
pub struct Tables {
    dir: PathBuf,
    rules: Rules,
    loaded: Mutex<HashMap<Material, Result<Arc<Table>, TbError>>>,
    most_men: std::sync::atomic::AtomicUsize,
    /// The caller's record the tables read are noted in.
    reads: crate::files::Reads,
}

/// The most men of any table file of these rules in `dir` (0 when there is none): a
/// position with more is not probed.
fn most_men_in(dir: &Path, rules: &Rules) -> usize {
    let Some(prefix) = table_path(dir, rules, "")
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".mtb"))
        .map(str::to_string)
    else {
        return 0;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| {
            let name = n.strip_prefix(&prefix)?.strip_suffix(".mtb")?;
            Some(Material::parse(name, rules).ok()?.men())
        })
        .max()
        .unwrap_or(0)
}

/// The table files a search found and did not use (damaged, or made under other rules or
/// for another material), each once, in the order met: the search went on without them.
/// Two lists are equal when they say the same.
#[derive(Clone, Debug, Default)]
pub struct TablesRefused(pub Vec<TbError>);

impl PartialEq for TablesRefused {
    fn eq(&self, other: &Self) -> bool {
        let said = |r: &Self| r.0.iter().map(|e| e.to_string()).collect::<Vec<_>>();
        said(self) == said(other)
    }
}

impl TablesRefused {
    /// Adds those of `more` not yet in the list.
    pub fn extend(&mut self, more: &TablesRefused) {
        for e in &more.0 {
            if !self.holds(e) {
                self.0.push(e.clone());
            }
        }
    }

    /// True when the list already says `e`.
    pub fn holds(&self, e: &TbError) -> bool {
        let said = e.to_string();
        self.0.iter().any(|k| k.to_string() == said)
    }

    /// True when no table file was refused.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Tables {
    /// Tables in `dir` for a preset name or rules file (the tables read noted in a
    /// record of their own).
    pub fn load(dir: impl AsRef<Path>, rules_name: &str) -> Result<Tables, TbError> {
        let rules = Rules::resolve(rules_name, None)
            .map_err(|e| TbError::RulesLoad(rules_name.into(), Arc::new(e)))?;
        Ok(Self::open(dir, &rules, &crate::files::Reads::default()))
    }

    /// Tables in `dir` for these rules, the tables read noted in `reads`.
    pub fn open(dir: impl AsRef<Path>, rules: &Rules, reads: &crate::files::Reads) -> Tables {
        Tables {
            dir: dir.as_ref().to_path_buf(),
            rules: rules.clone(),
            loaded: Mutex::new(HashMap::new()),
            most_men: most_men_in(dir.as_ref(), rules).into(),
            reads: reads.clone(),
        }
    }

    /// The most men of any table found in the directory when it was opened or added
    /// since.
    pub fn most_men(&self) -> usize {
        self.most_men.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Adds a table already in memory (used by the builder).
    pub fn insert(&self, t: Arc<Table>) {
        (self.most_men).fetch_max(t.material.men(), std::sync::atomic::Ordering::Relaxed);
        self.loaded
            .lock()
            .unwrap()
            .insert(t.material.clone(), Ok(t));
    }

    /// The table of a material (read from disk once; a damaged file is never used).
    pub fn table(&self, mat: &Material) -> Result<Arc<Table>, TbError> {
        let mut g = self.loaded.lock().unwrap();
        if let Some(r) = g.get(mat) {
            return r.clone();
        }
        let name = mat.name(&self.rules);
        let path = table_path(&self.dir, &self.rules, &name);
        let r = if path.exists() {
            Table::load(&path, (&self.rules, mat), &self.reads).map(Arc::new)
        } else {
            Err(TbError::Missing(name, self.dir.display().to_string()))
        };
        g.insert(mat.clone(), r.clone());
        r
    }

    /// The table files read so far and refused ([`TablesRefused`]), by material.
    pub fn refused(&self) -> TablesRefused {
        let g = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        let mut by_material: Vec<_> = (g.iter())
            .filter_map(|(m, r)| match r {
                Err(e @ (TbError::Damaged(..) | TbError::Foreign(..))) => Some((m, e)),
                _ => None,
            })
            .collect();
        by_material.sort_by(|a, b| a.0.cmp(b.0));
        TablesRefused(by_material.into_iter().map(|(_, e)| e.clone()).collect())
    }

    /// Value for the side to move and plies to the end, or why the tables cannot say.
    pub fn probe_checked<B: Bits>(&self, pos: &Position<B>) -> Result<(Value, u32), TbError> {
        if pos.eng.rules.name != self.rules.name || pos.eng.geo.width != self.rules.width {
            return Err(TbError::NotCovered(
                "the position is under other rules".into(),
            ));
        }
        let (mat, men) = men_of(pos)?;
        let t = self.table(&mat)?;
        let mut sq = [0u8; material::MAX_MEN];
        for (i, m) in men.iter().enumerate() {
            sq[i] = m.2;
        }
        let idx = t.layout.index(pos.side, &mut sq);
        Value::of_code(t.get(idx)).ok_or_else(|| {
            TbError::NotCovered(
                "no legal table position (side not to move in check, or a pawn on its first or last rank)"
                    .into(),
            )
        })
    }

    /// Value for the side to move and plies to the end; `None` when not covered.
    pub fn probe<B: Bits>(&self, pos: &Position<B>) -> Option<(Value, u32)> {
        self.probe_checked(pos).ok()
    }

    /// A line of best play from the position (at most `max_plies` moves): the winner takes
    /// the fastest way, the loser the slowest, a drawing side keeps the draw.
    pub fn best_line<B: Bits>(
        &self,
        pos: &Position<B>,
        max_plies: usize,
    ) -> Result<Vec<Move>, TbError> {
        let mut p = pos.clone();
        let mut line = vec![];
        let mut list = MoveList::new();
        for _ in 0..max_plies {
            let (v, d) = self.probe_checked(&p)?;
            p.legal_moves(&mut list);
            if p.outcome_with(&list) != Outcome::Ongoing {
                break;
            }
            let mut best: Option<(Move, i64)> = None;
            for &m in list.as_slice() {
                let u = p.make(m);
                let r = self.probe_checked(&p);
                p.unmake(m, u);
                let (cv, cd) = r?;
                // Score from the mover's view: higher is better.
                let score = match (v, cv) {
                    (Value::Win, Value::Loss) if cd + 1 == d => 1_000_000 - cd as i64,
                    (Value::Loss, Value::Win) if cd + 1 == d => cd as i64,
                    (Value::Draw, Value::Draw) => 0,
                    (Value::Loss, Value::Win) => -1_000_000 + cd as i64,
                    _ => i64::MIN,
                };
                if score > i64::MIN && best.is_none_or(|b| score > b.1) {
                    best = Some((m, score));
                }
            }
            let Some((m, _)) = best else { break };
            line.push(m);
            p.make(m);
        }
        Ok(line)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

/// The engine for a rule set, checked for tables.
pub fn engine_for(rules: &Rules) -> Result<AnyEngine, TbError> {
    check_rules(rules)?;
    AnyEngine::new(rules.clone()).map_err(|e| TbError::RulesLoad(rules.name.clone(), Arc::new(e)))
}

/// Compiles the rules again (one copy per worker avoids sharing one reference count).
pub(crate) fn engine_copy<B: Bits>(e: &Arc<Engine<B>>) -> Arc<Engine<B>> {
    Arc::new(Engine::new(e.rules.clone()).expect("rules compiled once already"))
}

/// The position of an index of a layout (`None` for no position).
pub fn position_of<B: Bits>(eng: &Arc<Engine<B>>, lay: &Layout, idx: u64) -> Option<Position<B>> {
    let mut sq = [0u8; material::MAX_MEN];
    let side = lay.decode(idx, &mut sq)?;
    let mut p = Position::empty(Arc::clone(eng));
    for (i, &(c, k)) in lay.men.iter().enumerate() {
        p.add_man(c, k, sq[i] as usize);
    }
    p.side = side;
    p.occ = p.occ_c[0] | p.occ_c[1];
    p.hash = p.compute_hash();
    Some(p)
}
