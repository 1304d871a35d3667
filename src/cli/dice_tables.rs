//! `tablebase build` and `tablebase stats` under dice rules: the library builds or reads
//! the chance tables ([`crate::dice::by_name`]), `report::chance_tables` words them, and
//! they are printed here.

use crate::dice::by_name::{build_named, stats_named};
use crate::dice::table::Stops;
use crate::dice::TOLERANCE;
use crate::report::chance_tables as out;
use anyhow::Result;
use std::path::Path;

/// `tablebase stats` of a chance table `tablebase build` wrote: how it was built, read
/// back from its file (whose rules, size and checksum are checked).
pub fn tablebase_stats(spec: &str, material: &str, dir: &Path, as_json: bool) -> Result<i32> {
    let t = stats_named(spec, material, dir)?;
    if as_json {
        println!("{}", out::stats_json(&t));
    } else {
        print!("{}", out::stats_text(&t));
    }
    Ok(0)
}

/// `tablebase build` under dice rules: the chance tables of `material`, written to `dir`.
pub fn tablebase_build(spec: &str, material: &str, dir: &Path, as_json: bool) -> Result<i32> {
    let t0 = std::time::Instant::now();
    let stops = Stops {
        deadline: None,
        cancel: Some(super::interrupt::cancel_flag()),
    };
    let shown = super::dice_progress::Shown::new(TOLERANCE);
    let t = build_named(spec, material, dir, &stops, &shown)?;
    if as_json {
        println!("{}", out::build_json(&t, t0.elapsed().as_secs_f64()));
    } else {
        print!("{}", out::build_text(&t));
    }
    Ok(0)
}
