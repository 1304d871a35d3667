//! `tablebase plan`: the tables a family of materials needs, in build order, each with
//! the tables it reads, so that a scheduler can build one material per job once the jobs
//! of those it reads have finished (the plan is [`crate::retro::by_name::plan_named`]).

use crate::retro::by_name::{plan_named, ByNameError};
use anyhow::Result;

/// Prints the plan: `MATERIAL: NEEDS...` per line, or a JSON list.
pub fn plan(rules: &str, materials: &[String], json: bool) -> Result<i32> {
    let steps = plan_named(rules, materials).map_err(|e| match &e {
        ByNameError::DicePlan(name) => anyhow::anyhow!("--rules {name}: {e}"),
        _ => anyhow::Error::from(e),
    })?;
    if json {
        println!("{}", serde_json::to_string_pretty(&steps)?);
    } else {
        for s in &steps {
            if s.needs.is_empty() {
                println!("{}:", s.material);
            } else {
                println!("{}: {}", s.material, s.needs.join(" "));
            }
        }
    }
    Ok(0)
}
