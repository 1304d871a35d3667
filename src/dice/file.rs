//! Chance tables on disk: one file per material beside the ordinary tables
//! (`RULES-MATERIAL.dice`): a JSON header line, then for every entry three little-endian
//! f64 (win, loss, the tie-breaking score). The header holds the rules' fingerprint and a
//! checksum of the data, so a table built under other rules or damaged is refused, and
//! the table's certified error (`error_bound`: every score within it of the exact one).
//! The entries are in the order of `dice::index` (format 3); a file of format 2 (no
//! error bound) or 1 (every man's square over the whole board) is refused with a word to
//! rebuild it.

use super::error::{DiceError, TableFileFault};
use super::index::Index;
use super::sweep::Val;
use super::table::{ChanceTable, ChanceTables, Layout, TableFigures};
use super::turn::Wl;
use crate::board::bits::Bits;
use crate::board::die::Dice;
use crate::board::engine::Engine;
use crate::board::rules::Rules;
use crate::retro::file::{checksum, Checksum};
use crate::retro::{fingerprint, table_path, Material};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const MAGIC: &str = "mansuba chance table 3";

/// Earlier formats: 1, before the index skipped impossible placements (another entry
/// order); 2, before the error was certified (no error bound).
const OLD_MAGICS: [&str; 2] = ["mansuba chance table 1", "mansuba chance table 2"];

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    rules: String,
    rules_fingerprint: String,
    material: String,
    entries: usize,
    checksum: String,
    positions: usize,
    sweeps: u32,
    residual: f64,
    error_bound: f64,
    deflations: u32,
    seconds: f64,
}

/// The file of a material's chance table in `dir`.
pub fn path(dir: &Path, rules: &Rules, mat_name: &str) -> PathBuf {
    table_path(dir, rules, mat_name).with_extension("dice")
}

/// Writes a table (atomically: a temporary file, then a rename; never over a file of
/// `reads`); returns its path.
pub fn write(
    dir: &Path,
    (rules, t): (&Rules, &ChanceTable),
    reads: &crate::files::Reads,
) -> Result<PathBuf, DiceError> {
    let name = t.material.name(rules);
    let p = path(dir, rules, &name);
    let fail = |e: std::io::Error| DiceError::File {
        path: p.clone(),
        fault: TableFileFault::Write(e),
    };
    std::fs::create_dir_all(dir).map_err(fail)?;
    // Written as it is read: three numbers an entry, never the whole file in memory.
    let each_entry = |f: &mut dyn FnMut(&[u8])| {
        for v in (0..t.figures.entries).map(|i| t.at(i)) {
            let mut b = [0u8; 24];
            for (k, x) in [v.c.w, v.c.l, v.q].into_iter().enumerate() {
                b[8 * k..8 * k + 8].copy_from_slice(&x.to_le_bytes());
            }
            f(&b);
        }
    };
    let mut sum = Checksum::new();
    each_entry(&mut |b| sum.update(b));
    let h = Header {
        format: MAGIC.into(),
        rules: rules.name.clone(),
        rules_fingerprint: fingerprint(rules),
        material: name,
        entries: t.figures.entries,
        checksum: format!("{:016x}", sum.finish()),
        positions: t.figures.positions,
        sweeps: t.figures.iterations,
        residual: t.figures.residual,
        error_bound: t.figures.error_bound,
        deflations: t.figures.deflations,
        seconds: t.figures.seconds,
    };
    let output = |e| DiceError::File {
        path: p.clone(),
        fault: TableFileFault::Output(e),
    };
    let mut f = crate::files::AtomicFile::create(&p, reads).map_err(output)?;
    let mut header = serde_json::to_vec(&h).map_err(|e| fail(e.into()))?;
    header.push(b'\n');
    let mut res = f.write_all(&header);
    each_entry(&mut |b| {
        if res.is_ok() {
            res = f.write_all(b);
        }
    });
    res.map_err(fail)?;
    f.commit().map_err(output)?;
    Ok(p)
}

/// Reads the chance table of `mat` under `eng`'s rules from `dir`, checking format,
/// rules, size and checksum (the file noted in `reads`, read within its budget).
pub fn read<B: Bits>(
    dir: &Path,
    eng: &Engine<B>,
    mat: &Material,
    reads: &crate::files::Reads,
) -> Result<ChanceTable, DiceError> {
    let rules = &eng.rules;
    let name = mat.name(rules);
    let p = path(dir, rules, &name);
    let bad = |fault| DiceError::File {
        path: p.clone(),
        fault,
    };
    let build = format!(
        "mansuba tablebase build --rules {} {name} --dir {}",
        rules.name,
        dir.display()
    );
    let bytes = crate::files::read_bounded(&p, reads).map_err(|err| {
        bad(TableFileFault::Unreadable {
            err,
            build: build.clone(),
        })
    })?;
    let nl = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| bad(TableFileFault::NoHeader))?;
    let h: Header =
        serde_json::from_slice(&bytes[..nl]).map_err(|e| bad(TableFileFault::BadHeader(e)))?;
    if OLD_MAGICS.contains(&h.format.as_str()) {
        return Err(bad(TableFileFault::OldFormat {
            format: h.format,
            build,
        }));
    }
    if h.format != MAGIC {
        return Err(bad(TableFileFault::NotATable(h.format)));
    }
    if h.rules_fingerprint != fingerprint(rules) {
        return Err(bad(TableFileFault::OtherRules(h.rules)));
    }
    let data = &bytes[nl + 1..];
    let index = Index::new(mat, eng);
    let entries = index.entries() as usize;
    if h.entries != entries || data.len() as u64 != index.entries().saturating_mul(24) {
        return Err(bad(TableFileFault::WrongSize));
    }
    if h.checksum != format!("{:016x}", checksum(data)) {
        return Err(bad(TableFileFault::Damaged));
    }
    let f = |i: usize| f64::from_le_bytes(data[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    let values = (0..entries)
        .map(|i| {
            let c = Wl {
                w: f(3 * i),
                l: f(3 * i + 1),
            };
            Val::within(c, f(3 * i + 2), h.error_bound)
        })
        .collect();
    Ok(ChanceTable {
        material: mat.clone(),
        index,
        values,
        slots: super::symmetry::Slots::identity(entries),
        figures: TableFigures {
            material: name,
            entries,
            positions: h.positions,
            iterations: h.sweeps,
            residual: h.residual,
            error_bound: h.error_bound,
            deflations: h.deflations,
            certain: 0,
            symmetries: 1,
            components: 0,
            largest_component: 0,
            seconds: h.seconds,
            bytes: 0,
            mean_white_win: 0.0,
            mean_white_win_black_to_move: 0.0,
            phases: Default::default(),
            krylov: 0,
            certified: false,
        },
    })
}

impl ChanceTables {
    /// Writes every table to `dir` (one file per material, see [`write()`]), replacing
    /// none of `reads`.
    pub fn save(
        &self,
        dir: &std::path::Path,
        rules: &crate::board::rules::Rules,
        reads: &crate::files::Reads,
    ) -> Result<Vec<std::path::PathBuf>, DiceError> {
        let mut out = vec![];
        for t in self.tables.values() {
            out.push(write(dir, (rules, t), reads)?);
        }
        out.sort();
        Ok(out)
    }

    /// Reads the tables of `target` and every material it leads to from `dir`, within
    /// `budget`.
    pub fn load<B: Bits>(
        eng: &Arc<Engine<B>>,
        dice: &Dice,
        (target, dir): (&Material, &std::path::Path),
        budget: crate::memory::Budget,
    ) -> Result<ChanceTables, DiceError> {
        let est = super::estimate::Estimate::of(eng, target, Some(Layout::Regenerated), budget);
        let reads = crate::files::Reads::within(budget);
        Self::each(eng, dice, &est, |_, m, _| read(dir, eng, m, &reads))
    }
}
