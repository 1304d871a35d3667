//! `tablebase plan`: the tables a family of materials needs, in build order, each with
//! the tables it reads, so that a scheduler can build one material per job once the jobs
//! of those it reads have finished.

use crate::board::rules::Rules;
use crate::retro::{self, Material};
use crate::with_engine;
use anyhow::{bail, Result};

/// Prints the plan: `MATERIAL: NEEDS...` per line, or a JSON list.
pub fn plan(rules: &str, materials: &[String], json: bool) -> Result<i32> {
    let rules = Rules::resolve(rules, None)?;
    if rules.dice.is_some() {
        bail!(
            "--rules {}: dice rules keep chance tables, built whole by one `tablebase build`; a plan is for retrograde tables",
            rules.name
        );
    }
    retro::check_rules(&rules)?;
    let any = retro::engine_for(&rules)?;
    let targets = materials
        .iter()
        .map(|m| Material::parse(m, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let steps = with_engine!(&any, e => retro::plan(e, &targets));
    let names = |ms: &[Material]| ms.iter().map(|m| m.name(&rules)).collect::<Vec<_>>();
    if json {
        let list: Vec<_> = steps
            .iter()
            .map(
                |(m, needs)| serde_json::json!({"material": m.name(&rules), "needs": names(needs)}),
            )
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for (m, needs) in &steps {
            let needs = names(needs);
            if needs.is_empty() {
                println!("{}:", m.name(&rules));
            } else {
                println!("{}: {}", m.name(&rules), needs.join(" "));
            }
        }
    }
    Ok(0)
}
