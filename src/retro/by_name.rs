//! The table workflows as a caller names them: rules and materials as text, a folder of
//! table files, a position as FEN. Each resolves the rules, compiles their engine, reads
//! the materials and runs the build, the plan, the counts or the probe, giving typed
//! values for a writer to put in its own words.

use super::probe::{probe, written_line};
use super::{BuildOptions, BuildReport, Material, Stats, Tables, TbError, Value};
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::engine::Engine;
use crate::board::outcome::Outcome;
use crate::board::position::{FenError, Position};
use crate::board::rules::{Rules, RulesError};
use crate::with_engine;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// Why a table workflow did not run.
#[derive(Debug, Error)]
pub enum ByNameError {
    /// The rules named do not resolve.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The tables refused (rules, material, files).
    #[error(transparent)]
    Table(#[from] TbError),
    /// Dice rules keep chance tables, which have no retrograde plan (their name).
    #[error("dice rules keep chance tables, built whole by one `tablebase build`; a plan is for retrograde tables")]
    DicePlan(String),
    /// The position does not read as FEN under the rules.
    #[error("bad FEN '{fen}'")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Why it does not read.
        #[source]
        source: FenError,
    },
    /// The tables' folder (as given) is not a folder and cannot be made one: it, or the
    /// nearest of its parents that exists (`parent`, when not the folder itself), is
    /// something else (`what`).
    #[error(
        "{}{} is {what}; give a folder for the tables (made if missing)",
        dir.display(),
        parent.as_ref().map(|p| format!(": its parent {}", p.display())).unwrap_or_default()
    )]
    NotAFolder {
        /// The folder as given.
        dir: PathBuf,
        /// The nearest existing parent that is not a folder, when not `dir` itself.
        parent: Option<PathBuf>,
        /// What it is instead: "a regular file" or "not a folder".
        what: &'static str,
    },
}

/// Checks before a build that `dir` is a folder or can be made one: neither it nor the
/// nearest of its parents that exists may be anything but a folder (the build would end
/// with the system's bare "File exists" or "Not a directory").
pub fn table_folder(dir: &Path) -> Result<(), ByNameError> {
    let mut at = Some(dir);
    while let Some(p) = at.filter(|p| !p.as_os_str().is_empty()) {
        if let Ok(m) = std::fs::metadata(p) {
            if m.is_dir() {
                return Ok(());
            }
            return Err(ByNameError::NotAFolder {
                dir: dir.to_path_buf(),
                parent: (p != dir).then(|| p.to_path_buf()),
                what: if m.is_file() {
                    "a regular file"
                } else {
                    "not a folder"
                },
            });
        }
        at = p.parent();
    }
    Ok(())
}

/// The rules `rules` names, their engine, and `material` read under them.
fn named(rules: &str, material: &str) -> Result<(Rules, AnyEngine, Material), ByNameError> {
    let rules = Rules::resolve(rules, None)?;
    let any = super::engine_for(&rules)?;
    let mat = Material::parse(material, &rules)?;
    Ok((rules, any, mat))
}

/// Builds the table of `material` under the rules `rules` names, and every smaller one
/// it needs, in `dir`; `progress` hears of each phase.
pub fn build_named(
    rules: &str,
    material: &str,
    dir: &Path,
    opts: &BuildOptions,
    progress: super::build::Progress,
) -> Result<BuildReport, ByNameError> {
    let (_, any, mat) = named(rules, material)?;
    Ok(with_engine!(&any, e => super::build(e, &mat, dir, opts, progress))?)
}

/// The counts of the table of `material` in `dir` (noted in `reads`).
pub fn stats_named(
    (rules, material): (&str, &str),
    dir: &Path,
    reads: &crate::files::Reads,
) -> Result<Stats, ByNameError> {
    let (rules, any, mat) = named(rules, material)?;
    let t = Tables::open(dir, &rules, reads).table(&mat)?;
    Ok(with_engine!(&any, e => super::stats(e, &t)))
}

/// One table of a plan: its material, and the materials whose tables it reads.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlanStep {
    /// The material's name.
    pub material: String,
    /// The materials its moves lead to, built before it.
    pub needs: Vec<String>,
}

/// The tables to build for `materials`, in build order, each with the tables it reads.
pub fn plan_named(rules: &str, materials: &[String]) -> Result<Vec<PlanStep>, ByNameError> {
    let rules = Rules::resolve(rules, None)?;
    if rules.dice.is_some() {
        return Err(ByNameError::DicePlan(rules.name));
    }
    super::check_rules(&rules)?;
    let any = super::engine_for(&rules)?;
    let targets = materials
        .iter()
        .map(|m| Material::parse(m, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let steps = with_engine!(&any, e => super::plan(e, &targets));
    let names = |ms: &[Material]| ms.iter().map(|m| m.name(&rules)).collect();
    Ok(steps
        .iter()
        .map(|(m, needs)| PlanStep {
            material: m.name(&rules),
            needs: names(needs),
        })
        .collect())
}

/// A position probed, as values a writer words.
#[derive(Clone, Debug)]
pub struct Probed {
    /// The rules' name.
    pub rules: String,
    /// The position's FEN as the engine writes it.
    pub fen: String,
    /// The side to move: "White" or "Black".
    pub side_to_move: &'static str,
    /// The value for the side to move.
    pub value: Value,
    /// Plies to the end with best play.
    pub plies: u32,
    /// A line of best play in coordinates.
    pub line: Vec<String>,
    /// The same line with move numbers (`1. a1b1 c3c2 2. ...`).
    pub line_text: String,
    /// How the game stands at the line's end ([`Outcome::Ongoing`] when cut short).
    pub end: Outcome,
}

/// Probes `fen` in the tables of `dir` under the rules `rules` names, with a line of at
/// most `max_line` plies; the tables read noted in `reads`.
pub fn probe_named(
    (rules, dir): (&str, &Path),
    (fen, max_line): (&str, usize),
    reads: &crate::files::Reads,
) -> Result<Probed, ByNameError> {
    let rules = Rules::resolve(rules, None)?;
    let any = super::engine_for(&rules)?;
    let tables = Tables::open(dir, &rules, reads);
    with_engine!(&any, e => probe_fen(e, &tables, fen, max_line))
}

fn probe_fen<B: Bits>(
    e: &Arc<Engine<B>>,
    tables: &Tables,
    fen: &str,
    max_line: usize,
) -> Result<Probed, ByNameError> {
    let pos = Position::from_fen(e.clone(), fen).map_err(|source| ByNameError::Fen {
        fen: fen.to_string(),
        source,
    })?;
    let found = probe(tables, &pos, max_line)?;
    let (line, line_text) = written_line(&pos, &found.line);
    Ok(Probed {
        rules: tables.rules().name.clone(),
        fen: pos.to_fen(),
        side_to_move: pos.side.name(),
        value: found.value,
        plies: found.plies,
        line,
        line_text,
        end: found.end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_lists_what_each_table_reads_in_build_order() {
        let steps = plan_named("shatranj", &["KRK".into()]).unwrap();
        let step = |m: &str, needs: &[&str]| PlanStep {
            material: m.into(),
            needs: needs.iter().map(|n| n.to_string()).collect(),
        };
        assert_eq!(steps, [step("KK", &[]), step("KRK", &["KK"])]);
        assert!(matches!(
            plan_named("shatranj-dice", &["KRK".into()]),
            Err(ByNameError::DicePlan(name)) if name == "shatranj-dice"
        ));
        assert!(matches!(
            plan_named("shatranj", &["KRKX".into()]),
            Err(ByNameError::Table(TbError::Material(..)))
        ));
    }

    #[test]
    fn a_file_in_place_of_the_folder_is_said() {
        let e = table_folder(Path::new("Cargo.toml")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Cargo.toml is a regular file; give a folder for the tables (made if missing)"
        );
        let e = table_folder(Path::new("Cargo.toml/tables")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("Cargo.toml/tables: its parent Cargo.toml is a regular file"),
            "{e}"
        );
        assert!(table_folder(Path::new("src/no-such/folder")).is_ok());
    }
}
