//! Chance tables from rules and a material named as text (what `tablebase build` and
//! `tablebase stats` do under dice rules): built to a folder with every table they lead
//! to, or read back from it (rules, size and checksum checked).

use super::answer::{build_tables, dice_of};
use super::table::{Stops, TableFigures};
use super::{AnswerError, Dice, DiceError, Watch};
use crate::board::compiled::AnyEngine;
use crate::board::rules::{Rules, RulesError};
use crate::retro::{Material, TbError};
use crate::with_engine;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a chance table named by text was not built or read.
#[derive(Debug, Error)]
pub enum DiceByNameError {
    /// The rules named do not resolve, or make no engine.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The rules have no die.
    #[error(transparent)]
    NoDice(Box<AnswerError>),
    /// The material does not read under the rules.
    #[error(transparent)]
    Material(#[from] TbError),
    /// The tables could not be built, written or read.
    #[error(transparent)]
    Tables(#[from] DiceError),
}

/// The rules `spec` names and their die, or why there is none.
pub fn dice_rules(spec: &str) -> Result<(Rules, Dice), DiceByNameError> {
    let rules = Rules::resolve(spec, None)?;
    let dice = dice_of(&rules).map_err(|e| DiceByNameError::NoDice(Box::new(e)))?;
    Ok((rules, dice))
}

/// The rules, die, engine and material a chance table is named by.
fn dice_material(
    spec: &str,
    material: &str,
) -> Result<(Rules, Dice, AnyEngine, Material), DiceByNameError> {
    let (rules, dice) = dice_rules(spec)?;
    let any = AnyEngine::new(rules.clone())?;
    let mat = Material::parse(material, &rules)?;
    Ok((rules, dice, any, mat))
}

/// One chance table read back: its rules, die and how it was built.
#[derive(Debug)]
pub struct NamedTable {
    /// The rules.
    pub rules: Rules,
    /// Their die.
    pub dice: Dice,
    /// How the table was built, as its file says.
    pub figures: TableFigures,
}

/// The chance tables of a material built and written.
#[derive(Debug)]
pub struct NamedTables {
    /// The rules.
    pub rules: Rules,
    /// Their die.
    pub dice: Dice,
    /// How each table was built, smallest first.
    pub figures: Vec<TableFigures>,
    /// The files written, sorted.
    pub files: Vec<PathBuf>,
}

/// Reads back the chance table of `material` under the rules `spec` names from `dir`
/// (noted in `reads`).
pub fn stats_named(
    spec: &str,
    material: &str,
    dir: &Path,
    reads: &crate::files::Reads,
) -> Result<NamedTable, DiceByNameError> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let t = with_engine!(&any, e => super::file::read(dir, e, &mat, reads))?;
    Ok(NamedTable {
        rules,
        dice,
        figures: t.figures,
    })
}

/// Builds the chance tables of `material` under the rules `spec` names, and of every
/// material it leads to, and writes them to `dir`; `stops` may end the build, `watch`
/// hears of its progress.
pub fn build_named(
    spec: &str,
    material: &str,
    dir: &Path,
    stops: &Stops,
    watch: &dyn Watch,
) -> Result<NamedTables, DiceByNameError> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let (figures, files) = with_engine!(&any, e => {
        let t = build_tables(e, &dice, &mat, stops, watch)?;
        let files = t.save(dir, &rules, &crate::files::Reads::within(stops.budget))?;
        let figures: Vec<_> = t.figures().into_iter().cloned().collect();
        (figures, files)
    });
    Ok(NamedTables {
        rules,
        dice,
        figures,
        files,
    })
}
