//! The peak memory and the seconds a sweep of a four-man chance table whose smaller
//! four-man tables would take hours to converge (KRKP needs KRKQ): the tables of a
//! material built under a memory budget with a loose tolerance, so that the smaller
//! tables stop after a few sweeps and the target's own sweeps are reached, until a
//! deadline. The layouts and the memory held are those of `mansuba dice FEN` under the
//! same budget; only the values are rougher. Run under `/usr/bin/time -v` for the peak
//! (docs/budgets.md).
//!
//! Usage: dice_peak PRESET MATERIAL BUDGET_GIB TOLERANCE SECONDS
//! (e.g. `dice_peak shatranj-dice KRKP 2 0.2 600`).

use mansuba::board::compiled::AnyEngine;
use mansuba::board::rules::Rules;
use mansuba::dice::table::{ChanceTables, Options, Progress, Stops};
use mansuba::retro::Material;
use std::time::{Duration, Instant};

fn main() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let [preset, mat, gib, tolerance, seconds] = &a[..] else {
        return Err("usage: dice_peak PRESET MATERIAL BUDGET_GIB TOLERANCE SECONDS".into());
    };
    let num = |s: &str| s.parse::<f64>().map_err(|e| format!("'{s}': {e}"));
    // A budget above the machine's memory is cut to it (`Budget::of_gib`).
    let budget = mansuba::memory::Budget::of_gib(num(gib)?);
    let rules = Rules::preset(preset).map_err(|e| e.to_string())?;
    let dice = rules.dice.clone().ok_or("rules without dice")?;
    let mat = Material::parse(mat, &rules).map_err(|e| e.to_string())?;
    let AnyEngine::W64(e) = AnyEngine::new(rules).map_err(|e| e.to_string())? else {
        return Err("at most 64 squares".into());
    };
    let t0 = Instant::now();
    let opt = Options {
        tolerance: num(tolerance)?,
        stops: Stops {
            deadline: Some(t0 + Duration::from_secs_f64(num(seconds)?)),
            cancel: None,
            budget,
        },
        ..Options::default()
    };
    let r = ChanceTables::build_with(&e, &dice, &mat, &opt, &|p| {
        if let Progress::Table { material, .. } = p {
            eprintln!("{:8.1} s  {material}", t0.elapsed().as_secs_f64());
        }
    });
    eprintln!(
        "{:8.1} s  {}",
        t0.elapsed().as_secs_f64(),
        match &r {
            Ok(_) => "built".to_string(),
            Err(e) => e.to_string(),
        }
    );
    Ok(())
}
