//! Generating tables: terminal positions first, then level by level (plies to the end),
//! parallel over slices of the index with rayon.
//!
//! Level `n` resolves exactly the positions whose value is decided in `n` plies: a win if
//! some move leads to a loss in `n − 1` for the opponent, a loss if every move leads to a
//! win for the opponent and the slowest takes `n − 1`. Only candidates are examined: the
//! predecessors (by unmoves: the last mover's man stepped back to an empty square) of the
//! positions resolved at level `n − 1`, and positions whose moves into a smaller table (a
//! capture, a promotion) reach a value at `n − 1` there. Each candidate is examined
//! forward with the ordinary legal move generator and [`Position::outcome_with`], so every
//! rule of the preset (bare king and the bared-back draw, stalemate, forced capture)
//! applies exactly as in play; the unmoves only need to find a superset.

use super::code;
use super::file::{self, Header};
use super::layout::{symmetry_for, Layout};
use super::material::{Material, MAX_MEN};
use super::{check_rules, engine_copy, fingerprint, table_path, Table, Tables, TbError};
use crate::board::bits::Bits;
use crate::board::engine::{Engine, MAX_KINDS, NO_SQ};
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::piece::Color;
use crate::board::position::{Move, Position};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Use board symmetry to shrink the index where the rules allow.
    pub symmetry: bool,
    /// Rebuild tables even if valid files exist.
    pub force: bool,
    /// The caller's record of the files read, and its memory budget: the tables read
    /// are noted in it, a table written replaces none of them, and a build estimated to
    /// need more than the budget is refused.
    pub reads: crate::files::Reads,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            symmetry: true,
            force: false,
            reads: crate::files::Reads::default(),
        }
    }
}

/// What one table's build did.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableReport {
    /// Material.
    pub material: String,
    /// The file.
    pub path: PathBuf,
    /// Entries of the index.
    pub entries: u64,
    /// Symmetry transforms used.
    pub symmetry: u8,
    /// False when a valid file was found and used.
    pub built: bool,
    /// Seconds spent building (or loading).
    pub seconds: f64,
    /// Levels (plies) iterated.
    pub levels: u32,
}

/// What a build did, table by table (sub-tables first).
#[derive(Clone, Debug, serde::Serialize)]
pub struct BuildReport {
    /// The tables, in build order.
    pub tables: Vec<TableReport>,
    /// Estimated peak memory in bytes.
    pub estimated_bytes: u64,
    /// Warnings (damaged files rebuilt ...).
    pub notes: Vec<String>,
}

/// A progress callback: (material, phase, done, total).
pub type Progress<'a> = &'a (dyn Fn(&str, &str, u64, u64) + Sync);

/// Every material a table needs, in an order where each comes after those it needs.
pub fn closure<B: Bits>(eng: &Engine<B>, target: &Material) -> Vec<Material> {
    fn visit<B: Bits>(
        eng: &Engine<B>,
        m: &Material,
        seen: &mut Vec<Material>,
        out: &mut Vec<Material>,
    ) {
        if seen.contains(m) {
            return;
        }
        seen.push(m.clone());
        for s in m.successors(eng) {
            visit(eng, &s, seen, out);
        }
        out.push(m.clone());
    }
    let mut seen = vec![];
    let mut out = vec![];
    visit(eng, target, &mut seen, &mut out);
    out
}

/// The tables to build for `targets`, each after those it needs, each with the materials
/// its own moves lead to (the tables it reads while it is built): a plan for building a
/// family one material per job.
pub fn plan<B: Bits>(eng: &Engine<B>, targets: &[Material]) -> Vec<(Material, Vec<Material>)> {
    let mut out: Vec<(Material, Vec<Material>)> = vec![];
    for t in targets {
        for m in closure(eng, t) {
            if !out.iter().any(|(x, _)| *x == m) {
                let needs = m.successors(eng);
                out.push((m, needs));
            }
        }
    }
    out
}

fn layout_for<B: Bits>(eng: &Engine<B>, m: &Material, symmetry: bool) -> Layout {
    let r = &eng.rules;
    let sym = symmetry_for(r.width, r.height, m.has_pawns(eng.pawn), symmetry);
    Layout::new(m, eng.king, r.width, r.height, sym)
}

/// Estimated peak memory of building `target` with everything it needs: every table stays
/// in memory (2 bytes an entry); the largest also needs its work sets.
pub fn estimate_bytes<B: Bits>(eng: &Engine<B>, target: &Material, symmetry: bool) -> u64 {
    let mut sum = 0u64;
    let mut max = 0u64;
    for m in closure(eng, target) {
        let e = entries_of(eng, &m, symmetry);
        sum = sum.saturating_add(e.saturating_mul(2));
        max = max.max(e);
    }
    // Two bitsets, wake lists (a guess: a quarter of the entries, 8 bytes each), the file
    // buffer when reading.
    sum.saturating_add(max / 4)
        .saturating_add(max.saturating_mul(4))
}

/// Entries of a material's table (two an index: one per side to move).
pub fn entries_of<B: Bits>(eng: &Engine<B>, m: &Material, symmetry: bool) -> u64 {
    let r = &eng.rules;
    let n = r.width as u64 * r.height as u64;
    let sym = symmetry_for(r.width, r.height, m.has_pawns(eng.pawn), symmetry);
    // The domain size, without building the maps.
    let dom = match sym {
        1 => n,
        2 => n.div_ceil(2),
        4 => (r.width as u64).div_ceil(2) * (r.height as u64).div_ceil(2),
        _ => {
            let h = (r.width as u64).div_ceil(2);
            h * (h + 1) / 2
        }
    };
    2u64.saturating_mul(dom)
        .saturating_mul(n.saturating_pow(m.men() as u32 - 1))
}

/// Builds the table of `target` and every table it needs, in `dir`; valid files already
/// there are used, damaged ones rebuilt.
pub fn build<B: Bits>(
    eng: &Arc<Engine<B>>,
    target: &Material,
    dir: &Path,
    opts: &BuildOptions,
    progress: Progress,
) -> Result<BuildReport, TbError> {
    let rules = &eng.rules;
    check_rules(rules)?;
    let name = target.name(rules);
    if target.has_pawns(eng.pawn)
        && rules
            .queen_leap
            .as_ref()
            .is_some_and(|q| q.promoted_gets_it)
    {
        return Err(TbError::Rules(
            rules.name.clone(),
            "a promoted ferz gains the queen's first leap, which tables do not hold: no tables with pawns".into(),
        ));
    }
    let need = estimate_bytes(eng, target, opts.symmetry);
    let max_bytes = opts.reads.budget().bytes();
    if need > max_bytes {
        return Err(TbError::TooBig {
            material: name,
            need_gib: need as f64 / (1u64 << 30) as f64,
            limit_gib: max_bytes as f64 / (1u64 << 30) as f64,
        });
    }
    let tables = Tables::open(dir, rules, &opts.reads);
    let mut report = BuildReport {
        tables: vec![],
        estimated_bytes: need,
        notes: vec![],
    };
    for m in closure(eng, target) {
        let mname = m.name(rules);
        let path = table_path(dir, rules, &mname);
        let t0 = Instant::now();
        if !opts.force && path.exists() {
            match Table::load(&path, (rules, &m), &opts.reads) {
                Ok(t) => {
                    report.tables.push(TableReport {
                        material: mname,
                        path,
                        entries: t.layout.entries,
                        symmetry: t.layout.symmetry(),
                        built: false,
                        seconds: t0.elapsed().as_secs_f64(),
                        levels: 0,
                    });
                    tables.insert(Arc::new(t));
                    continue;
                }
                Err(e) => report.notes.push(format!("{e}; rebuilding")),
            }
        }
        let (t, levels) = build_one(eng, &m, &tables, opts.symmetry, progress)?;
        let header = Header {
            rules: rules.name.clone(),
            rules_fingerprint: fingerprint(rules),
            material: mname.clone(),
            width: rules.width,
            height: rules.height,
            symmetry: t.layout.symmetry(),
            entries: t.layout.entries,
            encoding: file::ENCODING.into(),
        };
        file::write(&path, (&header, &t.data), &opts.reads)?;
        report.tables.push(TableReport {
            material: mname,
            path,
            entries: t.layout.entries,
            symmetry: t.layout.symmetry(),
            built: true,
            seconds: t0.elapsed().as_secs_f64(),
            levels,
        });
        tables.insert(Arc::new(t));
    }
    Ok(report)
}

/// A move into another table: that table and, per slot of its layout, the slot of ours.
struct Ext {
    table: Arc<Table>,
    perm: [u8; MAX_MEN],
}

/// A bitset shared by the workers.
struct BitSet(Vec<AtomicU64>);

impl BitSet {
    fn new(n: u64) -> Self {
        BitSet((0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }
    #[inline(always)]
    fn set(&self, i: u64) {
        self.0[(i >> 6) as usize].fetch_or(1 << (i & 63), Ordering::Relaxed);
    }
    fn clear(&self) {
        self.0
            .par_iter()
            .for_each(|w| w.store(0, Ordering::Relaxed));
    }
}

/// Per-worker scratch.
struct Scratch<B: Bits> {
    pos: Position<B>,
    list: MoveList,
    sq: [u8; MAX_MEN],
    twins: Vec<u64>,
}

/// Everything one table's generation reads.
struct Gen<'a, B: Bits> {
    lay: &'a Layout,
    data: &'a [AtomicU16],
    ext: Vec<Option<Ext>>,
    /// Squares where a pawn of each colour may not stand.
    pawn_bad: [B; 2],
    engines: Vec<Arc<Engine<B>>>,
}

impl<'a, B: Bits> Gen<'a, B> {
    fn scratch(&self) -> Scratch<B> {
        let t = rayon::current_thread_index().unwrap_or(0) % self.engines.len();
        Scratch {
            pos: Position::empty(Arc::clone(&self.engines[t])),
            list: MoveList::new(),
            sq: [0; MAX_MEN],
            twins: Vec::with_capacity(8),
        }
    }

    #[inline(always)]
    fn ext_key(&self, cap: usize, pm: usize, pk: usize) -> usize {
        let m = self.lay.m();
        (cap * (m + 1) + pm) * (MAX_KINDS + 1) + pk
    }

    /// Sets up the position of `sq` (layout order); false if it cannot arise.
    #[inline]
    fn fill(&self, pos: &mut Position<B>, side: Color, sq: &[u8]) -> bool {
        pos.clear_men();
        pos.side = side;
        let pawn = pos.eng.pawn;
        let mut ok = true;
        for (i, &(c, k)) in self.lay.men.iter().enumerate() {
            let s = sq[i] as usize;
            if Some(k) == pawn && self.pawn_bad[c.idx()].has(s) {
                ok = false;
            }
            pos.add_man(c, k, s);
        }
        ok && !pos.attacked(pos.king_sq(side.flip()), side, pos.occ)
    }

    /// The code of the position after `m` (legal) from the position in `s`.
    #[inline]
    fn succ_code(&self, sq: &[u8; MAX_MEN], side: Color, m: &Move) -> u16 {
        let lay = self.lay;
        let mm = lay.m();
        let mut mover = 0;
        let mut cap = mm;
        for (i, &s) in sq[..mm].iter().enumerate() {
            let c = lay.men[i].0;
            if s == m.from && c == side {
                mover = i;
            } else if s == m.to && c != side {
                cap = i;
            }
        }
        let mut t = *sq;
        t[mover] = m.to;
        if cap == mm && m.promo.is_none() {
            let i = lay.index(side.flip(), &mut t);
            return self.data[i as usize].load(Ordering::Relaxed);
        }
        let (pm, pk) = if let Some(k) = m.promo {
            (mover, k as usize)
        } else {
            (mm, MAX_KINDS)
        };
        let ext = self.ext[self.ext_key(cap, pm, pk)]
            .as_ref()
            .expect("every capture and promotion has its table");
        let tl = &ext.table.layout;
        let mut u = [0u8; MAX_MEN];
        for j in 0..tl.m() {
            u[j] = t[ext.perm[j] as usize];
        }
        ext.table.get(tl.index(side.flip(), &mut u))
    }

    /// Level 0: invalid, finished, or (for ongoing positions) the levels at which moves
    /// into smaller tables may decide it.
    fn init_one(&self, s: &mut Scratch<B>, i: u64, wake: &mut Vec<(u16, u32)>) -> u16 {
        let Some(side) = self.lay.decode(i, &mut s.sq) else {
            return code::INVALID;
        };
        if !self.fill(&mut s.pos, side, &s.sq) {
            return code::INVALID;
        }
        s.pos.legal_moves(&mut s.list);
        match s.pos.outcome_with(&s.list) {
            Outcome::Win { winner, .. } => {
                if winner == side {
                    code::WIN
                } else {
                    code::LOSS
                }
            }
            Outcome::Draw(_) => code::DRAW_FINAL,
            Outcome::Ongoing => {
                let mut min_loss = u16::MAX;
                let mut max_win = None;
                let mut all_win = true;
                for m in s.list.as_slice() {
                    let external = m.promo.is_some() || s.pos.is_capture(m);
                    if !external {
                        continue;
                    }
                    let c = self.succ_code(&s.sq, side, m);
                    let p = c & code::MAX_PLIES;
                    match c >> 14 {
                        2 => min_loss = min_loss.min(p),
                        1 => max_win = Some(max_win.unwrap_or(0).max(p)),
                        _ => all_win = false,
                    }
                }
                if min_loss != u16::MAX {
                    wake.push((min_loss + 1, i as u32));
                } else if let (true, Some(w)) = (all_win, max_win) {
                    wake.push((w + 1, i as u32));
                }
                code::DRAW
            }
        }
    }

    /// Level `n` for an unresolved position: its code if decided now.
    #[inline]
    fn eval(&self, s: &mut Scratch<B>, i: u64, n: u16) -> Option<u16> {
        let side = self.lay.decode(i, &mut s.sq)?;
        self.fill(&mut s.pos, side, &s.sq);
        s.pos.legal_moves(&mut s.list);
        let mut max_win = 0;
        let mut all_win = true;
        for m in s.list.as_slice() {
            let c = self.succ_code(&s.sq, side, m);
            let p = c & code::MAX_PLIES;
            match c >> 14 {
                2 if p < n => {
                    debug_assert_eq!(p + 1, n);
                    return Some(code::WIN | (p + 1));
                }
                1 if p < n => max_win = max_win.max(p),
                _ => all_win = false,
            }
        }
        if all_win && !s.list.is_empty() {
            debug_assert_eq!(max_win + 1, n);
            return Some(code::LOSS | (max_win + 1));
        }
        None
    }

    /// Marks the positions one move before the position `i` (a superset).
    fn mark_predecessors(&self, s: &mut Scratch<B>, i: u64, cand: &BitSet) {
        let lay = self.lay;
        let Some(side) = lay.decode(i, &mut s.sq) else {
            return;
        };
        let e = &*s.pos.eng;
        let mm = lay.m();
        let mut occ = B::EMPTY;
        for &q in &s.sq[..mm] {
            occ |= B::bit(q as usize);
        }
        let mover = side.flip();
        for j in 0..mm {
            let (c, k) = lay.men[j];
            if c != mover {
                continue;
            }
            let t = s.sq[j] as usize;
            let kt = &e.kinds[k as usize];
            let froms = if kt.pawn {
                let back = e.pawn_push[c.flip().idx()][t];
                if back != NO_SQ && !occ.has(back as usize) {
                    B::bit(back as usize)
                } else {
                    B::EMPTY
                }
            } else if kt.bent.is_some() {
                e.board & !occ
            } else {
                let mut f = kt.leap[t];
                for &d in &kt.ride_dirs {
                    f |= e.ray_targets(d as usize, t, occ);
                }
                f & !occ
            };
            for f in froms.iter() {
                let mut q = s.sq;
                q[j] = f as u8;
                let qi = lay.index(mover, &mut q);
                cand.set(qi);
                lay.twins(mover, &q, &mut s.twins);
                for &ti in &s.twins {
                    cand.set(ti);
                }
            }
        }
    }
}

/// The moves out of a table into the tables it needs (every capture, promotion, or
/// both), by captured man, promoted man and promoted kind.
fn moves_out<B: Bits>(
    eng: &Arc<Engine<B>>,
    lay: &Layout,
    tables: &Tables,
) -> Result<Vec<Option<Ext>>, TbError> {
    let mm = lay.m();
    let mut promos: Vec<u8> = eng.promo_kinds.clone();
    promos.extend(eng.promo_by_file.iter().copied());
    let mut ext: Vec<Option<Ext>> = (0..(mm + 1) * (mm + 1) * (MAX_KINDS + 1))
        .map(|_| None)
        .collect();
    for cap in 2..=mm {
        for pm in 0..=mm {
            if pm < mm
                && (Some(lay.men[pm].1) != eng.pawn
                    || (cap < mm && lay.men[cap].0 == lay.men[pm].0))
            {
                continue;
            }
            let pks: Vec<usize> = if pm < mm {
                promos.iter().map(|&k| k as usize).collect()
            } else {
                vec![MAX_KINDS]
            };
            for pk in pks {
                if cap == mm && pm == mm {
                    continue;
                }
                let mut slots: Vec<(usize, (Color, u8))> = (0..mm)
                    .filter(|&i| i != cap)
                    .map(|i| {
                        let (c, k) = lay.men[i];
                        (i, (c, if i == pm { pk as u8 } else { k }))
                    })
                    .collect();
                let men: Vec<(Color, u8)> = slots.iter().map(|s| s.1).collect();
                let tm = Material::from_men(&men, eng.king);
                let table = tables.table(&tm)?;
                let king = eng.king;
                slots.sort_by_key(|&(_, (c, k))| {
                    if k == king {
                        (c.idx() as u8, 0)
                    } else {
                        (2 + c.idx() as u8, k)
                    }
                });
                let mut perm = [0u8; MAX_MEN];
                for (j, s) in slots.iter().enumerate() {
                    perm[j] = s.0 as u8;
                }
                let key = (cap * (mm + 1) + pm) * (MAX_KINDS + 1) + pk;
                ext[key] = Some(Ext { table, perm });
            }
        }
    }
    Ok(ext)
}

/// Level 0: the terminal positions and those decided by moves out (marked `newly`), and
/// the positions to wake up at each later level.
fn terminal_level<B: Bits>(
    gen: &Gen<'_, B>,
    newly: &BitSet,
    name: &str,
    progress: Progress,
) -> Vec<Vec<u32>> {
    let (data, entries) = (gen.data, gen.lay.entries);
    const BLOCK: u64 = 4096;
    let blocks = entries.div_ceil(BLOCK);
    let done = AtomicU64::new(0);
    let wakes: Vec<Vec<(u16, u32)>> = (0..blocks)
        .into_par_iter()
        .map_init(
            || gen.scratch(),
            |s, b| {
                let mut wake = vec![];
                let lo = b * BLOCK;
                let hi = (lo + BLOCK).min(entries);
                for i in lo..hi {
                    let c = gen.init_one(s, i, &mut wake);
                    if c != code::DRAW {
                        data[i as usize].store(c, Ordering::Relaxed);
                        if c >> 14 == 1 || c >> 14 == 2 {
                            newly.set(i);
                        }
                    }
                }
                let d = done.fetch_add(hi - lo, Ordering::Relaxed) + hi - lo;
                if b % 64 == 0 {
                    progress(name, "terminal positions", d, entries);
                }
                wake
            },
        )
        .collect();
    let mut wake: Vec<Vec<u32>> = vec![];
    for (lvl, i) in wakes.into_iter().flatten() {
        let l = lvl as usize;
        if wake.len() <= l {
            wake.resize_with(l + 1, Vec::new);
        }
        wake[l].push(i);
    }
    wake
}

/// The levels after the first, until one resolves nothing and nothing is left to wake:
/// the number of the last level.
fn later_levels<B: Bits>(
    gen: &Gen<'_, B>,
    newly: &BitSet,
    wake: &[Vec<u32>],
    name: &str,
    progress: Progress,
) -> Result<u16, TbError> {
    let (data, entries) = (gen.data, gen.lay.entries);
    let cand = BitSet::new(entries);
    let words = newly.0.len();
    let mut n: u16 = 1;
    loop {
        if n >= code::MAX_PLIES {
            return Err(TbError::Material(
                name.to_string(),
                "distances beyond 16383 plies".into(),
            ));
        }
        cand.clear();
        (0..words).into_par_iter().with_min_len(16).for_each_init(
            || gen.scratch(),
            |s, w| {
                let mut bits = newly.0[w].load(Ordering::Relaxed);
                while bits != 0 {
                    let b = bits.trailing_zeros() as u64;
                    bits &= bits - 1;
                    gen.mark_predecessors(s, (w as u64) * 64 + b, &cand);
                }
            },
        );
        if let Some(v) = wake.get(n as usize) {
            v.par_iter().for_each(|&i| cand.set(i as u64));
        }
        newly.clear();
        let resolved = AtomicU64::new(0);
        (0..words).into_par_iter().with_min_len(16).for_each_init(
            || gen.scratch(),
            |s, w| {
                let mut bits = cand.0[w].load(Ordering::Relaxed);
                let mut k = 0;
                while bits != 0 {
                    let b = bits.trailing_zeros() as u64;
                    bits &= bits - 1;
                    let i = (w as u64) * 64 + b;
                    if data[i as usize].load(Ordering::Relaxed) != code::DRAW {
                        continue;
                    }
                    if let Some(c) = gen.eval(s, i, n) {
                        data[i as usize].store(c, Ordering::Relaxed);
                        newly.set(i);
                        k += 1;
                    }
                }
                if k > 0 {
                    resolved.fetch_add(k, Ordering::Relaxed);
                }
            },
        );
        let r = resolved.load(Ordering::Relaxed);
        progress(name, "level", n as u64, 0);
        if r == 0 && wake.len() <= n as usize + 1 {
            break;
        }
        n += 1;
    }
    Ok(n)
}

/// Generates one table; the tables it needs must be in `tables`.
fn build_one<B: Bits>(
    eng: &Arc<Engine<B>>,
    mat: &Material,
    tables: &Tables,
    symmetry: bool,
    progress: Progress,
) -> Result<(Table, u32), TbError> {
    let rules = &eng.rules;
    let name = mat.name(rules);
    let lay = layout_for(eng, mat, symmetry);
    let entries = lay.entries;
    if entries > u32::MAX as u64 {
        return Err(TbError::TooBig {
            material: name,
            need_gib: entries as f64 * 2.0 / (1u64 << 30) as f64,
            limit_gib: u32::MAX as f64 * 2.0 / (1u64 << 30) as f64,
        });
    }
    let data: Vec<AtomicU16> = (0..entries).map(|_| AtomicU16::new(code::DRAW)).collect();
    // Moves into other tables: every capture, promotion, or both.
    let ext = moves_out(eng, &lay, tables)?;
    let pawn_bad = {
        let first = [eng.last_rank[1], eng.last_rank[0]];
        let stay = rules.promotion.stay_when_barred;
        [
            first[0] | if stay { B::EMPTY } else { eng.last_rank[0] },
            first[1] | if stay { B::EMPTY } else { eng.last_rank[1] },
        ]
    };
    let threads = rayon::current_num_threads().max(1);
    let gen = Gen {
        lay: &lay,
        data: &data,
        ext,
        pawn_bad,
        engines: (0..threads).map(|_| engine_copy(eng)).collect(),
    };
    let newly = BitSet::new(entries);
    let wake = terminal_level(&gen, &newly, &name, progress);
    let n = later_levels(&gen, &newly, &wake, &name, progress)?;
    drop(gen);
    Ok((
        Table {
            material: mat.clone(),
            name,
            layout: lay,
            data,
        },
        n as u32,
    ))
}
