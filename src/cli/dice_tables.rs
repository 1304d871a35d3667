//! `tablebase build` and `tablebase stats` under dice rules: chance tables built to a
//! folder (by `dice::answer::build_tables`) and how each was built, printed.

use super::dice::dice_rules;
use crate::board::compiled::AnyEngine;
use crate::board::rules::Rules;
use crate::dice::answer::build_tables;
use crate::dice::table::Stops;
use crate::dice::{Dice, TOLERANCE};
use crate::retro::Material;
use crate::with_engine;
use anyhow::Result;
use serde_json::json;
use std::path::Path;

/// The rules, die, engine and material a dice table is named by.
fn dice_material(spec: &str, material: &str) -> Result<(Rules, Dice, AnyEngine, Material)> {
    let (rules, dice) = dice_rules(spec)?;
    let any = AnyEngine::new(rules.clone())?;
    let mat = Material::parse(material, &rules)?;
    Ok((rules, dice, any, mat))
}

/// `tablebase stats` of a chance table `tablebase build` wrote: how it was built, read
/// back from its file (whose rules, size and checksum are checked).
pub fn tablebase_stats(spec: &str, material: &str, dir: &Path, as_json: bool) -> Result<i32> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let t = with_engine!(&any, e => crate::dice::file::read(dir, e, &mat))?;
    let f = &t.figures;
    if as_json {
        println!(
            "{}",
            json!({"rules": rules.name, "dice": dice.describe(), "material": f.material,
                "entries": f.entries, "positions": f.positions, "sweeps": f.iterations,
                "residual": f.residual, "error_bound": f.error_bound,
                "deflations": f.deflations, "seconds": f.seconds})
        );
    } else {
        println!(
            "{} under {} ({}): chance table, {} entries, {} positions; built in {} sweep{} \
             (last change {:.1e}), {:.2} s; every score (win - loss) certified within {:.1e}",
            f.material,
            rules.name,
            dice.describe(),
            f.entries,
            f.positions,
            f.iterations,
            if f.iterations == 1 { "" } else { "s" },
            f.residual,
            f.seconds,
            f.error_bound
        );
    }
    Ok(0)
}

/// `tablebase build` under dice rules: the chance tables of `material`, written to `dir`.
pub fn tablebase_build(spec: &str, material: &str, dir: &Path, as_json: bool) -> Result<i32> {
    let (rules, dice, any, mat) = dice_material(spec, material)?;
    let t0 = std::time::Instant::now();
    let (figures, paths) = with_engine!(&any, e => {
        let stops = Stops {
            deadline: None,
            cancel: Some(super::interrupt::cancel_flag()),
        };
        let shown = super::dice_progress::Shown::new(TOLERANCE);
        let t = build_tables(e, &dice, &mat, &stops, &shown)?;
        let paths = t.save(dir, &rules)?;
        let figures: Vec<_> = t.figures().into_iter().cloned().collect();
        (figures, paths)
    });
    if as_json {
        println!(
            "{}",
            json!({"rules": rules.name, "dice": dice.describe(), "tables": figures, "files": paths, "seconds": t0.elapsed().as_secs_f64()})
        );
        return Ok(0);
    }
    println!("{}: {}", rules.name, dice.describe());
    for f in &figures {
        println!(
            "{:<8} {:>10} positions  {:>6} sweeps (last change {:.1e}, error within {:.1e})  {:>7.1} MiB  {:>7.2}s  White wins on average {:.4} (White to move), {:.4} (Black to move)",
            f.material, f.positions, f.iterations, f.residual, f.error_bound,
            f.bytes as f64 / (1u64 << 20) as f64, f.seconds, f.mean_white_win, f.mean_white_win_black_to_move
        );
    }
    for p in &paths {
        println!("wrote {}", p.display());
    }
    Ok(0)
}
